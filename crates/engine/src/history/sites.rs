//! Hand histories of sites whose shape this reader does not read yet (iPoker), recognised by the lines each site starts a hand with, so that a file of theirs is refused by the site's
//! name and its hand count rather than by a PokerStars-shaped hint.

/// A site recognised in a text, and how many hands the text holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherSite {
    /// The site as players call it.
    pub site: &'static str,
    /// Hands in the text (hand starts counted by the site's own header).
    pub hands: usize,
    /// The line of the first hand.
    pub first_line: usize,
}

impl OtherSite {
    /// The refusal's words.
    pub fn reason(&self) -> String {
        format!(
            "{} hand histories are not read yet: {} hand{} in this file, none read",
            self.site,
            self.hands,
            if self.hands == 1 { "" } else { "s" }
        )
    }
}

/// The site a line starts a hand of, if it is one of the shapes this reader does not
/// read: iPoker's `<game gamecode=…>`.
fn site_of_line(line: &str) -> Option<&'static str> {
    line.contains("<game gamecode=").then_some("iPoker")
}

/// The site of a text this reader does not read, when its hands are one of
/// [`site_of_line`]'s shapes (the first site with a hand wins; its hands are counted).
pub fn other_site(text: &str) -> Option<OtherSite> {
    let mut found: Option<OtherSite> = None;
    for (n, line) in super::text::clean_lines(text) {
        let Some(site) = site_of_line(line) else {
            continue;
        };
        match &mut found {
            None => {
                found = Some(OtherSite {
                    site,
                    hands: 1,
                    first_line: n,
                })
            }
            Some(f) if f.site == site => f.hands += 1,
            Some(_) => {}
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_each_site_with_its_count() {
        let ipoker = "<?xml version=\"1.0\"?>\n<session>\n<game gamecode=\"1\">\n</game>\n<game gamecode=\"2\">\n";
        assert_eq!(
            other_site(ipoker),
            Some(OtherSite {
                site: "iPoker",
                hands: 2,
                first_line: 3
            })
        );
        assert!(other_site(ipoker).unwrap().reason().contains("iPoker"));
        // The sites read are never refused by name.
        for read in [
            "PokerStars Hand #1: Hold'em",
            "Winamax Poker - CashGame - HandId: #1-2-3 - Holdem no limit (0.01€/0.02€) - 2012/01/01 10:00:00 UTC",
            "#Game No : 1\n***** Cassava Hand History for Game 1 *****",
            "***** Hand History For Game 1575x *****\n20/40 Tourney",
            "Bovada Hand #1: HOLDEM",
        ] {
            assert_eq!(other_site(read), None, "{read}");
        }
    }
}
