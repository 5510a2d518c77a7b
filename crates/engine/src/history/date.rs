//! A hand's date as the sites write it, read into one sortable form
//! (`2012-11-28 13:05:32`, the time as the site wrote it, its zone dropped) so that hands
//! of every site can be filtered by a date range and listed in order.

const MONTHS: [&str; 12] = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
];

/// A filter's day as a bound on [`normalized`] dates: `2012-11-28` is that day's first
/// second, or its last for the end of a range (`end`); a date with a time is that time.
/// `Ok(None)` when empty; the message when the text is not a date.
pub fn day_bound(text: &str, end: bool) -> Result<Option<String>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let n = normalized(t)
        .ok_or_else(|| format!("`{t}` is not a date (write it 2012-11-28, or 2012-11-28 13:05)"))?;
    if end && !t.contains(':') {
        return Ok(Some(format!("{} 23:59:59", &n[..10])));
    }
    Ok(Some(n))
}

/// `YYYY-MM-DD HH:MM:SS` of a site's date text, or `None` when no date is found in it.
/// Read: `2011/03/05 18:30:16 UTC` and `2021-04-22 01:42:48` (year first), `23 05 2012
/// 20:12:22` and `28-11-2012` (day first), `Wednesday, November 28, 13:05:32 CET 2012`
/// and `Mon Apr 26 20:17:29 EDT 2021` (a month's name). The first date in the text wins
/// (PokerStars adds the ET time in brackets after the local one).
pub fn normalized(text: &str) -> Option<String> {
    let tokens = tokens(text);
    let time = tokens.iter().find_map(|t| match t {
        Token::Time(h, m, s) => Some((*h, *m, *s)),
        _ => None,
    });
    let numbers: Vec<(usize, u32, usize)> = tokens
        .iter()
        .enumerate()
        .filter_map(|(i, t)| match t {
            Token::Number(v, digits) => Some((i, *v, *digits)),
            _ => None,
        })
        .collect();
    let month_name = tokens.iter().position(|t| matches!(t, Token::Month(_)));
    let (y, mo, d) = if let Some(at) = month_name {
        let Token::Month(mo) = tokens[at] else {
            return None;
        };
        let year = numbers.iter().find(|n| n.2 == 4)?.1;
        // The day: the number next to the month's name.
        let day = numbers
            .iter()
            .filter(|n| n.2 <= 2)
            .min_by_key(|n| n.0.abs_diff(at))?
            .1;
        (year, mo, day)
    } else {
        // Three numbers in a row, the year first or last.
        let at = numbers.windows(3).find(|w| {
            w[1].0 == w[0].0 + 1 && w[2].0 == w[1].0 + 1 && (w[0].2 == 4 || w[2].2 == 4)
        })?;
        if at[0].2 == 4 {
            (at[0].1, at[1].1, at[2].1)
        } else {
            (at[2].1, at[1].1, at[0].1)
        }
    };
    if !(1..=12).contains(&mo) || !(1..=31).contains(&d) || !(1970..=2100).contains(&y) {
        return None;
    }
    let (h, mi, s) = time.unwrap_or((0, 0, 0));
    if h > 23 || mi > 59 || s > 60 {
        return None;
    }
    Some(format!("{y:04}-{mo:02}-{d:02} {h:02}:{mi:02}:{s:02}"))
}

enum Token {
    /// A number and how many digits it had.
    Number(u32, usize),
    /// A month by its name, 1 to 12.
    Month(u32),
    /// `HH:MM[:SS]`.
    Time(u32, u32, u32),
    /// Any other word.
    Word,
}

fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    // Dates end at a bracket: PokerStars' second (ET) time follows in `[…]`.
    let text = text.split('[').next().unwrap_or(text);
    for word in text.split(|c: char| c.is_whitespace() || matches!(c, '/' | '-' | ',' | '.')) {
        if word.is_empty() {
            continue;
        }
        if word.contains(':') {
            let parts: Vec<Option<u32>> = word.split(':').map(|p| p.parse().ok()).collect();
            match parts.as_slice() {
                [Some(h), Some(m)] => out.push(Token::Time(*h, *m, 0)),
                [Some(h), Some(m), Some(s)] => out.push(Token::Time(*h, *m, *s)),
                _ => out.push(Token::Word),
            }
            continue;
        }
        if word.chars().all(|c| c.is_ascii_digit()) && word.len() <= 4 {
            out.push(Token::Number(word.parse().unwrap_or(0), word.len()));
            continue;
        }
        let lower = word.to_ascii_lowercase();
        match MONTHS
            .iter()
            .position(|m| lower.len() >= 3 && lower.starts_with(m))
        {
            Some(m) => out.push(Token::Month(m as u32 + 1)),
            None => out.push(Token::Word),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::normalized;

    #[test]
    fn every_sites_dates_read_alike() {
        let cases = [
            ("2011/03/05 18:30:16 UTC", "2011-03-05 18:30:16"),
            (
                "2019/02/21 21:58:40 CET [2019/02/21 15:58:40 ET]",
                "2019-02-21 21:58:40",
            ),
            ("2021-04-22 01:42:48 UTC", "2021-04-22 01:42:48"),
            ("*** 23 05 2012 20:12:22", "2012-05-23 20:12:22"),
            (
                "Wednesday, November 28, 13:05:32 CET 2012",
                "2012-11-28 13:05:32",
            ),
            ("Mon Apr 26 20:17:29 EDT 2021", "2021-04-26 20:17:29"),
            ("2012-06-02 13:58:05", "2012-06-02 13:58:05"),
        ];
        for (text, want) in cases {
            assert_eq!(normalized(text).as_deref(), Some(want), "{text}");
        }
        assert_eq!(normalized("no date here"), None);
        assert_eq!(normalized("2012/13/40 10:00:00"), None);
    }
}
