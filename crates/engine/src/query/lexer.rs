//! A query's words: names, numbers, quoted strings and symbols, each with the column it
//! starts at (1-based, in characters) so an error points at it.

use super::QueryError;

/// One word of a query.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Tok {
    /// A name: a keyword, a function, a player, a constant (case-insensitive, kept as
    /// typed).
    Name(String),
    /// A number.
    Number(f64),
    /// A quoted string (`'AKs'` or `"AKs"`), without its quotes.
    Text(String),
    /// An operator or punctuation.
    Symbol(&'static str),
    /// The end of the query.
    End,
}

/// A word and where it starts.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Token {
    pub(super) tok: Tok,
    pub(super) column: usize,
}

/// The symbols, longest first so `<=` is not read as `<` then `=`.
const SYMBOLS: [&str; 15] = [
    "<=", ">=", "!=", "<>", "=", "<", ">", "+", "-", "*", "/", "(", ")", ",", ";",
];

/// The most words a query holds: an expression's tree is at most this deep (its
/// valuation recurses), and a real query is a few dozen words a statement.
pub(super) const MAX_WORDS: usize = 4096;

/// The words of `text`, ending with [`Tok::End`].
pub(super) fn tokens(text: &str) -> Result<Vec<Token>, QueryError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let column = i + 1;
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphabetic() || c == '_' {
            let start = i;
            while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
                i += 1;
            }
            out.push(Token {
                tok: Tok::Name(chars[start..i].iter().collect()),
                column,
            });
        } else if c.is_ascii_digit()
            || (c == '.' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let start = i;
            while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '.') {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let number = word
                .parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| QueryError::at(column, format!("'{word}' is not a number")))?;
            out.push(Token {
                tok: Tok::Number(number),
                column,
            });
        } else if c == '\'' || c == '"' {
            let close = chars[i + 1..].iter().position(|&d| d == c).ok_or_else(|| {
                QueryError::at(column, format!("the string opened here has no closing {c}"))
            })?;
            out.push(Token {
                tok: Tok::Text(chars[i + 1..i + 1 + close].iter().collect()),
                column,
            });
            i += close + 2;
        } else if let Some(symbol) = SYMBOLS
            .iter()
            .find(|s| chars[i..].iter().take(s.len()).copied().eq(s.chars()))
        {
            out.push(Token {
                tok: Tok::Symbol(symbol),
                column,
            });
            i += symbol.len();
        } else {
            return Err(QueryError::at(
                column,
                format!("'{c}' is not part of the language"),
            ));
        }
    }
    if let Some(past) = out.get(MAX_WORDS) {
        return Err(QueryError::at(
            past.column,
            format!("a query is at most {MAX_WORDS} words"),
        ));
    }
    out.push(Token {
        tok: Tok::End,
        column: chars.len() + 1,
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::{tokens, Tok};

    #[test]
    fn words_symbols_strings_and_numbers_with_their_columns() {
        let t = tokens("select avg(x) from hero='AKs' where y>=0.5").unwrap();
        let kinds: Vec<&Tok> = t.iter().map(|t| &t.tok).collect();
        assert_eq!(kinds[0], &Tok::Name("select".into()));
        assert_eq!(kinds[2], &Tok::Symbol("("));
        assert_eq!(kinds[8], &Tok::Text("AKs".into()));
        assert_eq!(kinds[11], &Tok::Symbol(">="));
        assert_eq!(kinds[12], &Tok::Number(0.5));
        assert_eq!(t[8].column, 25);
        assert_eq!(t.last().unwrap().tok, Tok::End);
        let e = tokens("select 'AK").unwrap_err();
        assert_eq!(e.column, Some(8));
        assert_eq!(tokens("a # b").unwrap_err().column, Some(3));
        let long = "1+".repeat(3000) + "1";
        assert!(tokens(&long)
            .unwrap_err()
            .message
            .contains("at most 4096 words"));
        assert!(tokens(&"9".repeat(400))
            .unwrap_err()
            .message
            .contains("is not a number"));
    }
}
