//! The hand database on the real hand histories of the shared corpus: each hand stored
//! once, a second import adds nothing, a grown file adds only its new hands, filters
//! choose what they say, totals stay per currency, a stored hand reads back with every
//! seated player's figures, and a file that is not a database is refused untouched.

use multiodds_engine::history::pots::money;
use multiodds_engine::history::read_file;
use multiodds_engine::history::session::{files_under, CurrencyTotals};
use multiodds_engine::scenario::SessionFilter;
use multiodds_handdb::{DbError, Filter, HandDb};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(rel)
}

/// Distinct (site, hand number) pairs of every hand the reader reads under `paths`.
fn distinct_hands(paths: &[PathBuf]) -> usize {
    let mut seen = HashSet::new();
    for f in files_under(paths) {
        for h in read_file(&f).hands {
            seen.insert((h.site, h.id));
        }
    }
    seen.len()
}

#[test]
fn each_hand_is_stored_once_and_a_second_import_adds_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = HandDb::open(&dir.path().join("hands.sqlite")).unwrap();
    let paths = vec![data("hands"), data("hands_tour")];
    let want = distinct_hands(&paths);
    let mut calls = 0;
    let first = db
        .import(&paths, None, |p| {
            calls += 1;
            assert!(p.files_done <= p.files_total);
            true
        })
        .unwrap();
    assert!(calls > 0);
    assert_eq!(first.added, want, "{:?}", first.stopped);
    assert_eq!(db.count().unwrap(), want);
    assert_eq!(first.read, first.added + first.repeated);
    // Unchanged files are not read again.
    let second = db.import(&paths, None, |_| true).unwrap();
    assert_eq!(second.added, 0);
    assert_eq!(second.unchanged, second.files);
    assert_eq!(db.count().unwrap(), want);
}

#[test]
fn a_grown_file_adds_only_its_new_hands() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = HandDb::open(&dir.path().join("hands.sqlite")).unwrap();
    let source = data("hands_tour/Winamax/NLHE-Free-MTT-201103.Full.History.txt");
    let text = std::fs::read_to_string(&source).unwrap();
    let all = read_file(&source).hands.len();
    assert!(all >= 4, "{all}");
    // The first half of the file's hands, then the whole file.
    let cut = text
        .match_indices("Winamax Poker - ")
        .nth(all / 2)
        .unwrap()
        .0;
    let file = dir.path().join("session.txt");
    std::fs::write(&file, &text[..cut]).unwrap();
    let first = db
        .import(std::slice::from_ref(&file), None, |_| true)
        .unwrap();
    assert_eq!(first.added, all / 2);
    std::fs::write(&file, &text).unwrap();
    let second = db
        .import(std::slice::from_ref(&file), None, |_| true)
        .unwrap();
    assert_eq!(second.added, all - all / 2);
    assert_eq!(second.repeated, all / 2);
    assert_eq!(db.count().unwrap(), all);
}

#[test]
fn filters_choose_what_they_say_and_totals_stay_per_currency() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = HandDb::open(&dir.path().join("hands.sqlite")).unwrap();
    db.import(&[data("hands"), data("hands_tour")], None, |_| true)
        .unwrap();
    let every = db.list(&Filter::default()).unwrap();
    assert_eq!(every.len(), db.count().unwrap());
    // Date order.
    let dates: Vec<&str> = every
        .iter()
        .filter_map(|h| h.played_at.as_deref())
        .collect();
    assert!(dates.windows(2).all(|w| w[0] <= w[1]));
    let check = |f: Filter, keep: &dyn Fn(&multiodds_handdb::StoredHand) -> bool| {
        f.check().unwrap();
        let chosen = db.list(&f).unwrap();
        let want: Vec<i64> = every.iter().filter(|h| keep(h)).map(|h| h.db_id).collect();
        let got: Vec<i64> = chosen.iter().map(|h| h.db_id).collect();
        assert_eq!(got, want, "{f:?}");
        assert!(!got.is_empty(), "{f:?} chose nothing");
        chosen
    };
    check(
        Filter {
            all_in: true,
            ..Filter::default()
        },
        &|h| h.row.all_in,
    );
    let euros_all_in = check(
        Filter {
            all_in: true,
            currency: "€".into(),
            ..Filter::default()
        },
        &|h| h.row.all_in && h.row.currency == "€",
    );
    let totals = CurrencyTotals::of(euros_all_in.iter().map(|h| &h.row));
    assert_eq!(totals.currencies.len(), 1);
    assert_eq!(totals.currencies[0].0.name, "€");
    check(
        Filter {
            site: "winamax".into(),
            ..Filter::default()
        },
        &|h| h.row.site == "Winamax",
    );
    check(
        Filter {
            game: "omaha".into(),
            ..Filter::default()
        },
        &|h| {
            h.row.game_key.as_deref() == Some("omaha")
                || h.row.game.to_lowercase().contains("omaha")
        },
    );
    check(
        Filter {
            position: "BTN".into(),
            showdown: true,
            ..Filter::default()
        },
        &|h| h.position.as_deref() == Some("BTN") && h.row.showdown,
    );
    check(
        Filter {
            from: "2012-01-01".into(),
            to: "2012-12-31".into(),
            ..Filter::default()
        },
        &|h| {
            h.played_at
                .as_deref()
                .is_some_and(|d| ("2012-01-01".."2013-01-01").contains(&d))
        },
    );
    // The hero's cards in a range: every pair of queens or better, and ace-king suited.
    let premium = |cards: &str| {
        let c: Vec<&str> = cards.split(' ').collect();
        if c.len() != 2 {
            return false;
        }
        let (r1, r2) = (&c[0][..1], &c[1][..1]);
        let (s1, s2) = (&c[0][1..], &c[1][1..]);
        (r1 == r2 && "QKA".contains(r1))
            || (s1 == s2 && ((r1 == "A" && r2 == "K") || (r1 == "K" && r2 == "A")))
    };
    check(
        Filter {
            cards: "QQ+, AKs".into(),
            game: "holdem".into(),
            ..Filter::default()
        },
        &|h| h.row.game_key.as_deref() == Some("holdem") && premium(&h.hero_cards),
    );
    // The Hand view's filter, over the rows listed, chooses what the database's does,
    // given the same from, to, position, showdown and cards.
    let rows: Vec<&multiodds_engine::history::session::HandRow> =
        every.iter().map(|h| &h.row).collect();
    let same = |from: &str, to: &str, position: &str, showdown: bool, cards: &str| {
        let session = SessionFilter {
            from: from.into(),
            to: to.into(),
            position: position.into(),
            showdown,
            cards: cards.into(),
            ..SessionFilter::default()
        };
        let db_filter = Filter {
            from: from.into(),
            to: to.into(),
            position: position.into(),
            showdown,
            cards: cards.into(),
            ..Filter::default()
        };
        let ours: Vec<(String, String)> = session
            .rows(rows.iter().copied())
            .iter()
            .map(|r| (r.site.clone(), r.id.clone()))
            .collect();
        let theirs: Vec<(String, String)> = db
            .list(&db_filter)
            .unwrap()
            .iter()
            .map(|h| (h.row.site.clone(), h.row.id.clone()))
            .collect();
        assert_eq!(ours, theirs, "{session:?}");
        assert!(!ours.is_empty(), "{session:?} chose nothing");
        assert_eq!(session.problem(), None);
    };
    same("2012-01-01", "2012-12-31", "", false, "");
    same("2011-06-26 18:00", "2011-06-26", "", false, "");
    // The view's position is matched in any case, as the database's.
    same("", "", "btn", true, "");
    same("", "", "", false, "QQ+, AKs");
    let named = |f: SessionFilter| f.problem().map(|(field, _)| field);
    assert_eq!(
        named(SessionFilter {
            to: "next week".into(),
            ..SessionFilter::default()
        }),
        Some("to")
    );
    assert_eq!(
        named(SessionFilter {
            cards: "QQ+, AKz".into(),
            ..SessionFilter::default()
        }),
        Some("cards")
    );
    // A bad field is named.
    let bad = Filter {
        from: "yesterday".into(),
        ..Filter::default()
    };
    assert_eq!(bad.check().unwrap_err().field, "from");
    let bad = Filter {
        cards: "QQ+, AKz".into(),
        ..Filter::default()
    };
    assert_eq!(bad.check().unwrap_err().field, "cards");
}

#[test]
fn a_stored_hand_reads_back_with_every_players_figures() {
    let dir = tempfile::tempdir().unwrap();
    let mut db = HandDb::open(&dir.path().join("hands.sqlite")).unwrap();
    db.import(&[data("hands_tour")], None, |_| true).unwrap();
    for stored in db.list(&Filter::default()).unwrap() {
        let (again, hand, seats) = db.show(stored.db_id).unwrap().unwrap();
        assert_eq!(again, stored);
        assert_eq!(hand.id, stored.row.id);
        let m = money(&hand);
        let net: f64 = seats.iter().map(|s| s.net).sum();
        // A hand whose text does not add up (the site paid out less than the pot) says
        // so in its warnings; every other balances to the site's take.
        assert!(
            !stored.row.warnings.is_empty() || (net + hand.summary.taken().as_f64()).abs() < 1e-6,
            "{}: nets {net}",
            stored.row.id
        );
        for (s, want) in seats.iter().zip(&m.net) {
            assert_eq!(s.net, want.as_f64());
        }
        if let Some(hero) = &stored.row.hero {
            let s = seats.iter().find(|s| &s.name == hero).unwrap();
            assert_eq!(s.net, stored.row.hero_net);
            assert!((s.adjusted - stored.row.hero_adjusted).abs() < 1e-9);
        }
    }
    assert!(db.show(1 << 40).unwrap().is_none());
}

#[test]
fn a_file_that_is_not_a_database_is_refused_untouched() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("hands.sqlite");
    let junk: Vec<u8> = (0..8192u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&path, &junk).unwrap();
    match HandDb::open(&path) {
        Err(DbError::NotADatabase { .. }) => {}
        Err(e) => panic!("{e}"),
        Ok(_) => panic!("junk opened as a database"),
    }
    assert_eq!(std::fs::read(&path).unwrap(), junk);
}
