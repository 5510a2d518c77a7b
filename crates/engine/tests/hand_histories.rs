//! Hand histories against the real corpus (`tests/data/hands`, 115 files as the sites
//! wrote them) and hand-checked all-in cases with the arithmetic in comments.

use multiodds_engine::history::allin::{adjust, AdjustSettings, NotAdjusted};
use multiodds_engine::history::pots::{disagreements, money};
use multiodds_engine::history::{read_bytes, read_file, Amount, Encoding, FileRead, Hand};
use std::path::{Path, PathBuf};
use Encoding::{Utf8, Utf8Bom, Windows1252};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/hands/cash")
}

fn read(rel: &str) -> FileRead {
    read_file(&corpus().join(rel))
}

/// Every file: hands read, hands refused, encoding.
#[rustfmt::skip]
const FILES: &[(&str, usize, usize, Encoding)] = &[
    ("GGPoker/Flop/NL-ShortDeck-5max-USD-0.2-202103.txt", 4, 0, Utf8),
    ("GGPoker/Flop/NL-ShortDeck-5max-USD-100-202104.internal.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO-6max-USD-0.01-0.02-202104.STP.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO-6max-USD-0.5-1.00-202006.txt", 13, 0, Utf8),
    ("GGPoker/Flop/PLO-6max-USD-0.50-1.00-202004.txt", 41, 0, Utf8),
    ("GGPoker/Flop/PLO-6max-USD-2-5-202101.RIT.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO-6max-USD-2-5-202106.run.it.thrice.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO-6max-USD-5-10-202101.missed.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO5-6max-USD-0.1-0.25-202104.over.straddle.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO5-6max-USD-0.1-0.25-202104.straddle.walk.txt", 0, 1, Utf8),
    ("GGPoker/Flop/PLO5-6max-USD-2-5-202104.Jackpot.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO5-6max-USD-2-5-202104.missed.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO5-6max-USD-25-50-202104.RIT.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO5-6max-USD-25-50-202104.straddle.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO5-6max-USD-25-50-20210411.txt", 1, 0, Utf8),
    ("GGPoker/Flop/PLO5-6max-USD-5-10-202104.straddle.txt", 1, 0, Utf8),
    ("Stars/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.allin.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/2-7 Single Draw-NL-USD-0.25-0.50-201106.standspat.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/3-Draw-Limit-USD-0.10-0.20-200911.txt", 17, 0, Utf8),
    ("Stars/Draw/3-Draw-Limit-USD-1-2-200809.Hand.cancelled.txt", 1, 0, Utf8),
    ("Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.FoldedNodraw.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.sidepot.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/5-Carddraw-FL-USD-0.25-0.50-201209.fold.to.cb.fix.txt", 1, 0, Utf8),
    ("Stars/Draw/5-Carddraw-FL-USD-30-60-201605.check.raise.fix.txt", 1, 0, Utf8),
    ("Stars/Draw/5-Carddraw-NL-USD-0.25-0.50.Sample.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/5-Carddraw-PL-USD-0.50-1.00.201009.Sample.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/5-Carddraw-USD-0.10-0.20-200911.txt", 30, 0, Utf8),
    ("Stars/Draw/Badugi-USD-0.25-0.50-201009.txt", 4, 0, Utf8Bom),
    ("Stars/Draw/NLSDraw-USD-0.25-0.50-201009.Mucked.cards.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-0.10-0.20-201106.sample.txt", 1, 0, Utf8Bom),
    ("Stars/Draw/Triple Draw 2-7 Lowball-FL-USD-1.00-2.00-201206.duplicate.holecards.txt", 1, 0, Utf8),
    ("Stars/Flop/2025-NL-6max-USD-0.05-0.10.cashout.txt", 1, 0, Utf8),
    ("Stars/Flop/2025-NL-uncalled-bet.txt", 1, 0, Utf8),
    ("Stars/Flop/258753941248_anon5.txt", 1, 0, Utf8),
    ("Stars/Flop/5-Card-PLO-6max-USD-0.50-1.00-201305.shows.one.txt", 1, 0, Utf8),
    ("Stars/Flop/5-Card-PLO-6max-USD-15-30-201905.PokerMaster.txt", 1, 0, Utf8),
    ("Stars/Flop/5-Card-PLO-6max-USD-3.00-6.00-201303.txt", 1, 0, Utf8),
    ("Stars/Flop/5-Card-PLO8-6max-USD-2.00-4.00-201304.txt", 1, 0, Utf8),
    ("Stars/Flop/6+Holdem-6max-USD-0.25-0.25.multiple.Cash.Out.txt", 1, 0, Windows1252),
    ("Stars/Flop/6+Holdem-6max-USD-0.50-0.50-201907.no.break.space.txt", 1, 0, Windows1252),
    ("Stars/Flop/6+Holdem-6max-USD-2.00-2.00-201904.walk.txt", 1, 0, Utf8),
    ("Stars/Flop/6+Holdem-6max-USD-5.00-5.00-201901.txt", 1, 0, Utf8),
    ("Stars/Flop/6-Card-PLO-6max-USD-0.05-0.10-202111.cash.out.txt", 1, 0, Utf8),
    ("Stars/Flop/6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt", 1, 0, Utf8),
    ("Stars/Flop/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt", 1, 0, Utf8),
    ("Stars/Flop/6-Card-PLO-6max-USD-0.25-0.50-202004.txt", 1, 0, Utf8),
    ("Stars/Flop/6-Card-PLO-6max-USD-0.50-1.00-202004.Cash.Out.txt", 1, 0, Utf8),
    ("Stars/Flop/6-Card-PLO-6max-USD-1.00-2.00-202004.Cash.Out.2.txt", 1, 0, Utf8),
    ("Stars/Flop/HH20251130.Latona.V.-.0.10-.0.25.-.USD.Pot.Limit.5.Card.Omaha.Hi-Lo.txt", 1, 0, Utf8),
    ("Stars/Flop/LHE-10max-USD-0.05-0.10-PF_all_fold_to_BB.txt", 1, 0, Utf8),
    ("Stars/Flop/LHE-10max-USD-1.00-2.00-200508.hero.takes.a.walk.txt", 1, 0, Utf8),
    ("Stars/Flop/LHE-10max-USD-1.00-2.00-No_max_seats.txt", 1, 0, Utf8Bom),
    ("Stars/Flop/LHE-USD-1.00-200508.BB.and.Button.same.player.txt", 1, 0, Utf8),
    ("Stars/Flop/LO8-6max-USD-0.05-0.10-20090315.Hand-cancelled.txt", 1, 0, Utf8),
    ("Stars/Flop/NLH-PLO-6max-USD-0.10-0.20-201204.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-10max-USD-1.00-2.00-200910.HM1.export.raiseTo.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-10max-USD-1.00-2.00-200910.HM1.shows.one.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-2max-USD-0.25-0.50-201005.Hitnrun.txt", 6, 0, Utf8Bom),
    ("Stars/Flop/NLHE-6-max-USD-10-20-201701.converted.split.summary.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6-max-USD-10-20-201701.pot1.converted.walk.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6-max-USD-10-20-201701.pot2.converted.walk.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-EUR-0.02-0.04-201902.RIO.txt", 1, 0, Windows1252),
    ("Stars/Flop/NLHE-6max-EUR-0.05-0.10-200911.txt", 69, 0, Utf8),
    ("Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.STP.walk.txt", 1, 0, Windows1252),
    ("Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.hero.txt", 1, 0, Windows1252),
    ("Stars/Flop/NLHE-6max-EUR-0.05-0.10-201906.RIO.walk.txt", 1, 0, Windows1252),
    ("Stars/Flop/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt", 1, 0, Windows1252),
    ("Stars/Flop/NLHE-6max-USD-0.01-0.02-201101.Export.from.PT.or.HEM.trailing.whitespace.txt", 2, 0, Utf8Bom),
    ("Stars/Flop/NLHE-6max-USD-0.01-0.02-201301.zoom.archive.format.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-USD-0.05-0.10-200911.txt", 78, 0, Utf8),
    ("Stars/Flop/NLHE-6max-USD-0.05-0.10-200912.Allin-pre.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-USD-0.05-0.10-200912.Stats-comparision.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-USD-0.50-1.00-202103.PokerBros.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-USD-2.00-4.00.PT2.export.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-USD-3.00-6.00-201310.old.converted.walk.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-play-25-50-201605.FullTilt.Rush.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-6max-play-5-10-201605.FullTilt.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-8max-CNY-2.00-4.00-201903.elitehud.txt", 1, 0, Windows1252),
    ("Stars/Flop/NLHE-9-max-USD-2.00-4.00-201901.PokerMaster.w.Straddle.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-9max-USD-0.25-0.50-200801.4.way.split.unequal.rake.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-9max-play-1-2-201201.Home.Game.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-CAP-9max-USD-0.25-0.50-201011.Capped.preflop.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-FR-USD-0.01-0.02-201004.4betPF.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-FR-USD-0.01-0.02-201005.microgrind.txt", 96, 0, Utf8Bom),
    ("Stars/Flop/NLHE-FR-USD-0.01-0.02-201006.foldsoutofturn.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-FR-USD-0.05-0.10-201004.allinWithAmtReturned.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-Split-6max-USD-1.00-2.00-201803.txt", 1, 0, Utf8),
    ("Stars/Flop/NLHE-play-100-200-201201.ev.rounding.txt", 1, 0, Utf8),
    ("Stars/Flop/PL-Courchevel-6max-USD-0.50-1.00-201604.weird.board.txt", 1, 0, Utf8),
    ("Stars/Flop/PL-Courchevel-6max-USD-3.00-6.00-201303.txt", 1, 0, Utf8),
    ("Stars/Flop/PL-Courchevel-HL-6max-USD-1.00-2.00-201303.Run.It.Twice.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO-6-max-USD-30-60-201703.converted.secondsb.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO-6max-EUR-0.10-0.20-201904.RIO.Side.Pots.txt", 1, 0, Windows1252),
    ("Stars/Flop/PLO-6max-EUR-0.25-0.50-201908.RIO.STP.side.pot.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO-6max-EUR-1.00-2.00-201902.RIO.raiseTo.bug.txt", 1, 0, Windows1252),
    ("Stars/Flop/PLO-6max-USD-0.50-1.00-201204.shows.2.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO-6max-USD-10-20-201703.converted.disconnected.folds.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO-6max-USD-2.00-4.00-201403.2.partial.txt", 2, 2, Utf8),
    ("Stars/Flop/PLO-6max-USD-200-400-201505.rit.leaves.table.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO-6max-USD-200-400-201510.partial.observed.txt", 2, 1, Utf8),
    ("Stars/Flop/PLO-6max-USD-5-10-201509.converted.format.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO-6max-USD-5-10-201509.converted.uncalled.bet.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO-FR-USD-0.01-0.02-201006.sidepots.txt", 3, 0, Utf8),
    ("Stars/Flop/PLO5-Hi-Lo-USD-0.10-0.25-issue137.txt", 1, 0, Utf8),
    ("Stars/Flop/PLO8-6max-USD-0.01-0.02-200911.txt", 15, 0, Utf8),
    ("Stars/Flop/PLO8-9max-USD-0.01-0.02-20100829.No.VPIP.from.posted.bb.txt", 1, 0, Utf8),
    ("Stars/Stud/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt", 1, 0, Utf8),
    ("Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt", 11, 0, Utf8),
    ("Stars/Stud/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", 1, 0, Utf8),
    ("Stars/Stud/7-StudHL-USD-0.04-0.08-200911.txt", 7, 0, Utf8),
    ("Stars/Stud/7-StudHL-USD-400-800-201701.3bet.fix.txt", 1, 0, Utf8),
    ("Stars/Stud/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt", 1, 0, Utf8Bom),
    ("Stars/Stud/Razz-USD-0.04-0.08-200911.txt", 9, 0, Utf8),
];

/// Header lines counted the plain way: `… Hand #id: ` or `… Game #id: `.
fn headers_in(bytes: &[u8]) -> usize {
    let text = String::from_utf8_lossy(bytes);
    text.lines()
        .filter(|l| {
            ["Hand #", "Game #", "HAND #", "GAME #"].iter().any(|k| {
                l.find(k).is_some_and(|i| {
                    let rest = &l[i + k.len()..];
                    rest.find(": ")
                        .is_some_and(|c| c > 0 && !rest[..c].contains(' '))
                })
            })
        })
        .count()
}

#[test]
fn every_corpus_file_is_read_or_refused_with_a_reason() {
    let mut on_disk = Vec::new();
    let mut stack = vec![corpus()];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                on_disk.push(p.strip_prefix(corpus()).unwrap().display().to_string());
            }
        }
    }
    on_disk.sort();
    let listed: Vec<String> = FILES.iter().map(|f| f.0.to_string()).collect();
    assert_eq!(on_disk, listed, "every corpus file is listed");
    let (mut hands, mut refused) = (0, 0);
    for &(rel, want_read, want_refused, encoding) in FILES {
        let bytes = std::fs::read(corpus().join(rel)).unwrap();
        let r = read_bytes(rel, &bytes);
        assert_eq!(
            (r.hands.len(), r.refused.len()),
            (want_read, want_refused),
            "{rel}"
        );
        assert_eq!(r.encoding, Some(encoding), "{rel}");
        // No hand silently dropped: read + refused hands = the headers in the file.
        let refused_hands = r.refused.iter().filter(|x| x.hand_id.is_some()).count();
        assert_eq!(r.hands.len() + refused_hands, headers_in(&bytes), "{rel}");
        for x in &r.refused {
            assert!(!x.reason.is_empty() && x.source.file == rel, "{x}");
        }
        hands += r.hands.len();
        refused += r.refused.len();
    }
    assert_eq!((hands, refused), (505, 4));
}

#[test]
fn corpus_refusals_name_line_and_reason() {
    let r = read("Stars/Flop/PLO-6max-USD-2.00-4.00-201403.2.partial.txt");
    let why: Vec<String> = r.refused.iter().map(|x| x.to_string()).collect();
    assert!(
        why[0].ends_with(":19: hand #112824228684: `*** FLOP *** [Js 3d`: a `[` without its `]`"),
        "{why:?}"
    );
    assert!(
        why[1].contains(
            ":41: hand #112824184047: the hand ends before its `*** SUMMARY ***` (truncated?)"
        ),
        "{why:?}"
    );
    let r = read("GGPoker/Flop/PLO5-6max-USD-0.1-0.25-202104.straddle.walk.txt");
    assert_eq!(r.refused[0].reason, "the file is empty: no hands");
}

fn all_hands() -> Vec<Hand> {
    FILES.iter().flat_map(|f| read(f.0).hands).collect()
}

#[test]
fn pots_and_results_equal_every_summary() {
    let mut with_side_pots = 0;
    for hand in all_hands() {
        let m = money(&hand);
        let d = disagreements(&hand, &m);
        assert!(d.is_empty(), "{} #{}: {d:?}", hand.source, hand.id);
        if hand.cancelled {
            assert!(m.net.iter().all(|&n| n == Amount::ZERO));
            continue;
        }
        // The pots hold every chip: the summary's total (with the site's take).
        assert_eq!(m.total(), hand.summary.pot_before_take(), "{}", hand.source);
        // Each result is what the summary says was won (or cashed out) less what went in.
        for p in 0..hand.players.len() {
            let won = if hand.summary.not_awarded.contains(&p) {
                Amount::ZERO
            } else {
                hand.summary.won[p]
            };
            let cashed: Amount = hand
                .cash_outs
                .iter()
                .filter(|c| c.0 == p)
                .map(|c| c.1)
                .sum();
            assert_eq!(
                m.net[p],
                won + cashed - m.invested[p],
                "{} {}",
                hand.source,
                hand.players[p].name
            );
        }
        // Nobody wins more than the pots they could win.
        for p in 0..hand.players.len() {
            let could: Amount = m
                .pots
                .iter()
                .filter(|x| x.eligible.contains(&p))
                .map(|x| x.amount)
                .sum();
            assert!(
                hand.summary.won[p] <= could + hand.site_added,
                "{} {}",
                hand.source,
                hand.players[p].name
            );
        }
        with_side_pots += usize::from(m.pots.len() > 1);
    }
    assert!(
        with_side_pots >= 10,
        "{with_side_pots} hands with side pots"
    );
}

#[test]
fn encodings_and_format_quirks_by_file() {
    // UTF-8 with a byte-order mark.
    let r = read("Stars/Flop/NLHE-FR-USD-0.01-0.02-201005.microgrind.txt");
    assert_eq!((r.encoding, r.hands.len()), (Some(Encoding::Utf8Bom), 96));
    // Windows-1252: € is byte 0x80 and names keep their accents.
    let r = read("Stars/Flop/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt");
    assert_eq!(r.encoding, Some(Encoding::Windows1252));
    assert_eq!(r.hands[0].currency, "€");
    let r = read("Stars/Flop/6+Holdem-6max-USD-0.50-0.50-201907.no.break.space.txt");
    assert_eq!(r.encoding, Some(Encoding::Windows1252));
    // CRLF line ends.
    let bytes = std::fs::read(corpus().join("Stars/Flop/258753941248_anon5.txt")).unwrap();
    assert!(bytes.windows(2).any(|w| w == b"\r\n"));
    assert_eq!(read("Stars/Flop/258753941248_anon5.txt").hands.len(), 1);
    // Trailing white space; a Zoom archive indented by a space with `# 1` separators.
    // Trailing white space and CRLF (no corpus file has trailing spaces; written here):
    // the same hand and the same money.
    let padded: String = HEADS_UP_TURN
        .lines()
        .map(|l| format!("{l} \t \r\n"))
        .collect();
    let (a, b) = (hand(&padded), hand(HEADS_UP_TURN));
    assert_eq!(money(&a), money(&b));
    assert_eq!(a.players, b.players);
    assert_eq!(read("Stars/Flop/NLHE-6max-USD-0.01-0.02-201101.Export.from.PT.or.HEM.trailing.whitespace.txt").hands.len(), 2);
    let zoom = read("Stars/Flop/NLHE-6max-USD-0.01-0.02-201301.zoom.archive.format.txt");
    assert_eq!((zoom.hands.len(), zoom.refused.len()), (1, 0));
    assert_eq!(zoom.hands[0].site, "PokerStars");
    // Other sites writing the same shape of text.
    let site = |rel: &str| read(rel).hands[0].site.clone();
    assert_eq!(
        site("Stars/Flop/NLHE-6max-play-5-10-201605.FullTilt.txt"),
        "Full Tilt"
    );
    assert_eq!(
        site("Stars/Flop/NLHE-6max-EUR-0.02-0.04-201902.RIO.txt"),
        "Run It Once"
    );
    assert_eq!(
        site("GGPoker/Flop/PLO-6max-USD-2-5-202101.RIT.txt"),
        "GGPoker"
    );
    assert_eq!(
        site("Stars/Flop/NLHE-6max-USD-0.50-1.00-202103.PokerBros.txt"),
        "PokerBros"
    );
    // Run it twice and three times: a board per run.
    let boards = |rel: &str| read(rel).hands[0].final_boards().len();
    assert_eq!(
        boards("Stars/Flop/NLHE-6max-EUR-1.00-2.00-201212.RunItTwice.txt"),
        2
    );
    assert_eq!(
        boards("GGPoker/Flop/PLO-6max-USD-2-5-202106.run.it.thrice.txt"),
        3
    );
    // An empty turn card `[]` completed from the summary's board.
    let h = &read("Stars/Flop/6-Card-PLO-6max-USD-0.10-0.25-202208.empty.turncard.txt").hands[0];
    assert_eq!(
        multiodds_engine::cards::format_cards(&h.final_boards()[0]),
        "3c Jd 6d Jh 5s"
    );
    // Cash-outs: the player takes the cash-out, not the pot.
    let h = &read("Stars/Flop/6-Card-PLO-6max-USD-0.10-0.25-202201.multiway.allin.deadcards.txt")
        .hands[0];
    let m = money(h);
    assert_eq!(
        m.net[0],
        Amount::parse("35.72").unwrap() - Amount::parse("48.46").unwrap()
    );
    // An uncalled bet comes back; antes and straddles count; sitting-out players hold nothing.
    let h = &read("Stars/Flop/2025-NL-uncalled-bet.txt").hands[0];
    assert!(h
        .streets
        .iter()
        .flat_map(|s| &s.actions)
        .any(|a| a.kind == multiodds_engine::history::ActionKind::Returned));
    let h = &read("GGPoker/Flop/PLO5-6max-USD-25-50-202104.straddle.txt").hands[0];
    assert_eq!(money(h).total(), Amount::parse("255").unwrap());
    let walked = read("Stars/Draw/5-Carddraw-FL-USD-0.10-0.20-201106.Walked.txt");
    assert_eq!(walked.hands.len(), 1);
    // Stud is valued (its streets replayed with the cards dealt by then); games the
    // engine does not value are read for their money, equity refused by name.
    let stud = &read("Stars/Stud/7-Stud-USD-0.04-0.08-200911.txt").hands[0];
    assert_eq!(stud.game.game, Some(multiodds_engine::cards::Game::STUD));
    let hero = &stud.players[stud.hero.unwrap()];
    assert_eq!(hero.dealt.iter().filter(|d| d.street == 0).count(), 3);
    assert_eq!(
        hero.dealt.iter().filter(|d| d.street == 0 && d.up).count(),
        1
    );
    // Triple draw 2-7 is valued as the engine's 2-7 draw (one draw ahead); 5-card draw
    // (high) is read for its money, its equity refused by name.
    let triple = &read("Stars/Draw/3-Draw-Limit-USD-0.10-0.20-200911.txt").hands[0];
    assert_eq!(
        triple.game.game,
        Some(multiodds_engine::cards::Game::DRAW_27)
    );
    let five = &read("Stars/Draw/5-Carddraw-USD-0.10-0.20-200911.txt").hands[0];
    assert!(five.game.game.is_none());
    assert!(five
        .game
        .no_equity
        .as_ref()
        .unwrap()
        .contains("5 Card Draw"));
    // Chips and currencies.
    assert_eq!(
        read("Stars/Flop/NLHE-8max-CNY-2.00-4.00-201903.elitehud.txt")
            .hands
            .len(),
        1
    );
    assert_eq!(
        read("Stars/Flop/NLHE-9max-play-1-2-201201.Home.Game.txt").hands[0].currency,
        ""
    );
}

/// Reads one hand from text.
fn hand(text: &str) -> Hand {
    let r = read_bytes("case.txt", text.as_bytes());
    assert!(r.refused.is_empty(), "{:?}", r.refused);
    assert_eq!(r.hands.len(), 1);
    r.hands.into_iter().next().unwrap()
}

fn adjusted(h: &Hand) -> Result<Vec<f64>, NotAdjusted> {
    adjust(h, &money(h), &AdjustSettings::default()).map(|a| a.adjusted_net)
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

/// Heads-up, all-in on the turn 2c 7d 9h Js: AsAh against KsKh. Kings win only on the
/// two kings left (Kd, Kc) of the 44 unseen cards: 2/44. Pot 80, rake 2: 78 paid out.
const HEADS_UP_TURN: &str =
    "PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2024/01/01 12:00:00 ET
Table 'Case' 6-max Seat #1 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($40 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
*** HOLE CARDS ***
Dealt to Ann [As Ah]
Ann: raises $4 to $6
Bob: calls $4
*** FLOP *** [2c 7d 9h]
Bob: checks
Ann: checks
*** TURN *** [2c 7d 9h] [Js]
Bob: checks
Ann: bets $10
Bob: raises $24 to $34 and is all-in
Ann: calls $24
*** RIVER *** [2c 7d 9h Js] [3h]
*** SHOW DOWN ***
Bob: shows [Ks Kh] (a pair of Kings)
Ann: shows [As Ah] (a pair of Aces)
Ann collected $78 from pot
*** SUMMARY ***
Total pot $80 | Rake $2
Board [2c 7d 9h Js 3h]
Seat 1: Ann (button) (small blind) showed [As Ah] and won ($78) with a pair of Aces
Seat 2: Bob (big blind) showed [Ks Kh] and lost with a pair of Kings
";

#[test]
fn heads_up_turn_all_in() {
    let h = hand(HEADS_UP_TURN);
    let m = money(&h);
    // Each put in 6 + 34 = 40; Ann won 78: +38, Bob -40.
    assert_eq!(
        m.net,
        vec![Amount::parse("38").unwrap(), -Amount::parse("40").unwrap()]
    );
    let adj = adjusted(&h).unwrap();
    // Ann: 42/44 × 78 − 40 = 34.4545…; Bob: 2/44 × 78 − 40 = −36.4545…
    assert!(close(adj[0], 42.0 / 44.0 * 78.0 - 40.0), "{adj:?}");
    assert!(close(adj[1], 2.0 / 44.0 * 78.0 - 40.0), "{adj:?}");
    // The adjusted results lose the rake, as the actual ones do.
    assert!(close(adj[0] + adj[1], -2.0));
}

#[test]
fn run_it_twice_uses_the_equity_not_the_boards() {
    // The same all-in run twice: one run each (39 + 39 after the rake), actual −1 each;
    // adjusted as the hand above, whatever the boards.
    let text = HEADS_UP_TURN
        .replace("*** RIVER *** [2c 7d 9h Js] [3h]", "*** FIRST RIVER *** [2c 7d 9h Js] [3h]\n*** SECOND RIVER *** [2c 7d 9h Js] [Kd]")
        .replace("Ann collected $78 from pot", "Ann collected $39 from pot\nBob collected $39 from pot")
        .replace("Board [2c 7d 9h Js 3h]", "Hand was run twice\nFIRST Board [2c 7d 9h Js 3h]\nSECOND Board [2c 7d 9h Js Kd]")
        .replace("won ($78) with a pair of Aces", "won ($39) with a pair of Aces, and lost with a pair of Aces")
        .replace("showed [Ks Kh] and lost with a pair of Kings", "showed [Ks Kh] and lost with a pair of Kings, and won ($39) with four of a kind, Kings");
    let h = hand(&text);
    assert_eq!(h.final_boards().len(), 2);
    let m = money(&h);
    assert_eq!(
        m.net,
        vec![-Amount::parse("1").unwrap(), -Amount::parse("1").unwrap()]
    );
    let adj = adjusted(&h).unwrap();
    assert!(
        close(adj[0], 42.0 / 44.0 * 78.0 - 40.0) && close(adj[1], 2.0 / 44.0 * 78.0 - 40.0),
        "{adj:?}"
    );
}

/// Three-way on the turn 2c 7d 9h Js: Cal (KsKh) all-in short for 20, Ann (AsAh) and
/// Bob (QdQc) all-in for 100. 42 unseen cards. Main pot 60 (20 × 3), side pot 160.
/// River K (2): Cal wins the main, Ann the side. River Q (2): Bob wins both. Any other
/// (38): Ann wins both.
const THREE_WAY_TURN: &str =
    "PokerStars Hand #2: Hold'em No Limit ($1/$2 USD) - 2024/01/01 12:00:00 ET
Table 'Case' 6-max Seat #3 is the button
Seat 1: Ann ($100 in chips)
Seat 2: Bob ($100 in chips)
Seat 3: Cal ($20 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
*** HOLE CARDS ***
Dealt to Ann [As Ah]
Cal: calls $2
Ann: calls $1
Bob: checks
*** FLOP *** [2c 7d 9h]
Ann: checks
Bob: checks
Cal: checks
*** TURN *** [2c 7d 9h] [Js]
Ann: bets $10
Bob: calls $10
Cal: raises $8 to $18 and is all-in
Ann: raises $80 to $98 and is all-in
Bob: calls $88 and is all-in
*** RIVER *** [2c 7d 9h Js] [3h]
*** SHOW DOWN ***
Ann: shows [As Ah] (a pair of Aces)
Bob: shows [Qd Qc] (a pair of Queens)
Ann collected $160 from side pot
Cal: shows [Ks Kh] (a pair of Kings)
Ann collected $60 from main pot
*** SUMMARY ***
Total pot $220 Main pot $60. Side pot $160. | Rake $0
Board [2c 7d 9h Js 3h]
Seat 1: Ann (small blind) showed [As Ah] and won ($220) with a pair of Aces
Seat 2: Bob (big blind) showed [Qd Qc] and lost with a pair of Queens
Seat 3: Cal (button) showed [Ks Kh] and lost with a pair of Kings
";

#[test]
fn three_way_all_in_with_a_side_pot() {
    let h = hand(THREE_WAY_TURN);
    let m = money(&h);
    let pots: Vec<(String, Vec<usize>)> = m
        .pots
        .iter()
        .map(|p| (p.amount.to_string(), p.eligible.clone()))
        .collect();
    assert_eq!(
        pots,
        vec![
            ("60".to_string(), vec![0, 1, 2]),
            ("160".to_string(), vec![0, 1])
        ]
    );
    let adj = adjusted(&h).unwrap();
    // Ann: 38/42 × 60 + 40/42 × 160 − 100 = 106.667; Bob: 2/42 × 220 − 100 = −89.524;
    // Cal: 2/42 × 60 − 20 = −17.143. They add to 0 (no rake).
    assert!(
        close(adj[0], 38.0 / 42.0 * 60.0 + 40.0 / 42.0 * 160.0 - 100.0),
        "{adj:?}"
    );
    assert!(close(adj[1], 2.0 / 42.0 * 220.0 - 100.0), "{adj:?}");
    assert!(close(adj[2], 2.0 / 42.0 * 60.0 - 20.0), "{adj:?}");
    assert!(close(adj.iter().sum::<f64>(), 0.0));
    // Actual: Ann +120, Bob −100, Cal −20.
    assert_eq!(
        m.net.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
        vec!["120", "-100", "-20"]
    );
}

#[test]
fn no_adjustment_when_cards_are_unknown_or_all_in_on_the_river() {
    // Bob mucks: his cards are unknown, so nothing is adjusted.
    let mucked = HEADS_UP_TURN
        .replace("Bob: shows [Ks Kh] (a pair of Kings)", "Bob: mucks hand")
        .replace("showed [Ks Kh] and lost with a pair of Kings", "mucked");
    assert_eq!(
        adjusted(&hand(&mucked)),
        Err(NotAdjusted::UnknownCards("Bob".into()))
    );
    // The same money all-in on the river: the cards are all out.
    let river = HEADS_UP_TURN
        .replace("Bob: raises $24 to $34 and is all-in\nAnn: calls $24\n*** RIVER *** [2c 7d 9h Js] [3h]", "Ann: checks\n*** RIVER *** [2c 7d 9h Js] [3h]\nBob: bets $34 and is all-in\nAnn: calls $34")
        .replace("Bob: checks\nAnn: bets $10\nAnn: checks", "Bob: checks\nAnn: checks");
    let h = hand(&river);
    assert_eq!(
        money(&h).total(),
        Amount::parse("80").unwrap(),
        "{:?}",
        money(&h)
    );
    assert_eq!(adjusted(&h), Err(NotAdjusted::River));
    // A hand nobody went all-in in.
    let r = read("Stars/Flop/NLHE-6max-play-5-10-201605.FullTilt.txt");
    assert_eq!(adjusted(&r.hands[0]), Err(NotAdjusted::NoAllIn));
}

/// Omaha hi/lo, all-in on the turn 2c 3d 4h Ks, $50 each (pot 150, no rake). Ann
/// (Ac 5s 9c 9d) and Bob (Ad 5h Tc Td) both hold A-5: a wheel for high and the nut low
/// 5-4-3-2-A, whatever the river. Cal (Kd Kh Qc Qs) has a set of kings, which beats the
/// wheel only as a full house or quads: a river 2, 3 or 4 (3 of each left) or the Kc —
/// 10 of the 36 unseen cards. Low: Ann and Bob quarter the pot every time. High: Cal on
/// 10/36, else Ann and Bob split it. Ann's share = 1/4 + 26/36 × 1/4 = 62/144; Cal's
/// = 10/36 × 1/2 = 20/144.
#[test]
fn hi_lo_quartering() {
    let text = "PokerStars Hand #3: Omaha Hi/Lo Pot Limit ($1/$2 USD) - 2024/01/01 12:00:00 ET
Table 'Case' 6-max Seat #3 is the button
Seat 1: Ann ($50 in chips)
Seat 2: Bob ($50 in chips)
Seat 3: Cal ($50 in chips)
Ann: posts small blind $1
Bob: posts big blind $2
*** HOLE CARDS ***
Dealt to Ann [Ac 5s 9c 9d]
Cal: calls $2
Ann: calls $1
Bob: checks
*** FLOP *** [2c 3d 4h]
Ann: checks
Bob: checks
Cal: checks
*** TURN *** [2c 3d 4h] [Ks]
Ann: bets $6
Bob: raises $42 to $48 and is all-in
Cal: calls $48 and is all-in
Ann: calls $42 and is all-in
*** RIVER *** [2c 3d 4h Ks] [8s]
*** SHOW DOWN ***
Ann: shows [Ac 5s 9c 9d] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
Bob: shows [Ad 5h Tc Td] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
Cal: shows [Kd Kh Qc Qs] (HI: three of a kind, Kings)
Ann collected $37.50 from pot
Bob collected $37.50 from pot
Ann collected $37.50 from pot
Bob collected $37.50 from pot
*** SUMMARY ***
Total pot $150 | Rake $0
Board [2c 3d 4h Ks 8s]
Seat 1: Ann (small blind) showed [Ac 5s 9c 9d] and won ($75) with HI: a straight, Ace to Five; LO: 5,4,3,2,A
Seat 2: Bob (big blind) showed [Ad 5h Tc Td] and won ($75) with HI: a straight, Ace to Five; LO: 5,4,3,2,A
Seat 3: Cal (button) showed [Kd Kh Qc Qs] and lost with HI: three of a kind, Kings
";
    let h = hand(text);
    assert_eq!(h.game.game, Some(multiodds_engine::cards::Game::OMAHA_HILO));
    let a = adjust(&h, &money(&h), &AdjustSettings::default()).unwrap();
    let eq = &a.pots[0].equity;
    assert!(
        close(eq[0], 62.0 / 144.0) && close(eq[1], 62.0 / 144.0) && close(eq[2], 20.0 / 144.0),
        "{eq:?}"
    );
    assert!(close(a.adjusted_net[0], 62.0 / 144.0 * 150.0 - 50.0));
    assert!(close(a.adjusted_net[2], 20.0 / 144.0 * 150.0 - 50.0));
}

#[test]
fn corpus_all_ins_are_adjusted_and_add_up() {
    let mut adjusted_hands = 0;
    for h in all_hands() {
        let m = money(&h);
        let Ok(a) = adjust(&h, &m, &AdjustSettings::default()) else {
            continue;
        };
        adjusted_hands += 1;
        // Adjusted results lose what the actual ones lose to the site (and gain what it
        // added): Σ = added − take.
        let sum: f64 = a.adjusted_net.iter().sum();
        let want = h.site_added.as_f64() - h.summary.taken().as_f64();
        assert!((sum - want).abs() < 1e-6, "{} {sum}", h.source);
        for pot in &a.pots {
            let s: f64 = pot.equity.iter().sum();
            assert!((s - 1.0).abs() < 1e-9, "{}", h.source);
        }
    }
    assert!(adjusted_hands >= 40, "{adjusted_hands}");
}

#[test]
fn hostile_input_is_refused_with_a_reason_and_nothing_else_lost() {
    // Empty, binary, text without a hand.
    assert_eq!(
        read_bytes("e.txt", b"").refused[0].reason,
        "the file is empty: no hands"
    );
    let bin = read_bytes("b.bin", &[0x89, b'P', b'N', b'G', 0, 1, 2]);
    assert!(
        bin.refused[0].reason.starts_with("not a text file: byte 4"),
        "{:?}",
        bin.refused
    );
    assert!(read_bytes("t.txt", b"hello\nworld\n").refused[0]
        .reason
        .starts_with("no hand found"));
    // A truncated hand between two good ones: the other two are read.
    let cut = &HEADS_UP_TURN[..HEADS_UP_TURN.find("*** RIVER").unwrap()];
    let three = format!("{HEADS_UP_TURN}\n{cut}\n{}", THREE_WAY_TURN);
    let r = read_bytes("three.txt", three.as_bytes());
    assert_eq!((r.hands.len(), r.refused.len()), (2, 1));
    assert!(
        r.refused[0].reason.contains("before its `*** SUMMARY ***`"),
        "{}",
        r.refused[0]
    );
    // The refusal points at the cut hand's header, after the first hand and a blank line.
    assert_eq!(r.refused[0].source.line, HEADS_UP_TURN.lines().count() + 2);
    // A card dealt twice.
    let twice = HEADS_UP_TURN.replace("Bob: shows [Ks Kh]", "Bob: shows [Ks Ah]");
    let r = read_bytes("twice.txt", twice.as_bytes());
    assert!(
        r.refused[0]
            .reason
            .starts_with("Ah dealt twice: to Ann (line 8) and to Bob"),
        "{}",
        r.refused[0]
    );
    // An action by a player not seated.
    let stranger = HEADS_UP_TURN.replace("Bob: calls $4", "Bob: calls $4\nZed: calls $4");
    let r = read_bytes("zed.txt", stranger.as_bytes());
    assert_eq!(
        r.refused[0].to_string(),
        "zed.txt:11: hand #1: `Zed` acts (calls $4) but is not seated at this table"
    );
    // Repeated hands: every one read.
    let many = HEADS_UP_TURN.repeat(2000);
    assert_eq!(read_bytes("many.txt", many.as_bytes()).hands.len(), 2000);
}

/// Heads-up, all-in on the flop 2c 7d 9h: AsAh against KsKh, 45 unseen cards, C(45, 2) =
/// 990 turn-and-river pairs. No straight or flush can come (a rainbow flop, two cards to
/// come, no connected ranks), so only kings and aces matter: the kings win with a king and
/// no ace — Kd or Kc with one of the 41 other non-ace cards (82 pairs) or both kings (1):
/// 83 of 990. A king with an ace gives the aces a bigger set.
#[test]
fn flop_all_in_counted_by_hand() {
    let text = HEADS_UP_TURN
        .replace(
            "*** FLOP *** [2c 7d 9h]\nBob: checks\nAnn: checks\n*** TURN *** [2c 7d 9h] [Js]\nBob: checks\nAnn: bets $10\nBob: raises $24 to $34 and is all-in\nAnn: calls $24",
            "*** FLOP *** [2c 7d 9h]\nBob: checks\nAnn: bets $10\nBob: raises $24 to $34 and is all-in\nAnn: calls $24\n*** TURN *** [2c 7d 9h] [Js]",
        );
    let h = hand(&text);
    let a = adjust(&h, &money(&h), &AdjustSettings::default()).unwrap();
    assert_eq!(a.street, multiodds_engine::history::StreetName::Flop);
    let eq = &a.pots[0].equity;
    assert!(
        close(eq[1], 83.0 / 990.0) && close(eq[0], 907.0 / 990.0),
        "{eq:?}"
    );
    // Ann: 907/990 × 78 − 40; Bob: 83/990 × 78 − 40.
    assert!(close(a.adjusted_net[0], 907.0 / 990.0 * 78.0 - 40.0));
    assert!(close(a.adjusted_net[1], 83.0 / 990.0 * 78.0 - 40.0));
}

#[test]
fn corpus_cash_out_and_straddle_by_hand() {
    // PokerStars' All-in Cash Out (2025): Player1 ($13.53) all-in on the turn against
    // Player3, who cashed out for $22.77. Player3 put in 0.90 preflop + 0.93 flop + 14.96
    // on the turn − 3.26 returned = 13.53; result 22.77 − 13.53 = +9.24. Player1 put in his
    // 13.53 and took the pot: 25.96 − 13.53 = +12.43. The pot: 27.21 = 25.96 + 1.25 rake.
    let h = &read("Stars/Flop/2025-NL-6max-USD-0.05-0.10.cashout.txt").hands[0];
    let m = money(h);
    let at = |name: &str| h.players.iter().position(|p| p.name == name).unwrap();
    assert_eq!(m.invested[at("Player3")], Amount::parse("13.53").unwrap());
    assert_eq!(m.net[at("Player3")], Amount::parse("9.24").unwrap());
    assert_eq!(m.net[at("Player1")], Amount::parse("12.43").unwrap());
    assert_eq!(m.total(), Amount::parse("27.21").unwrap());
    // GGPoker, antes and an over-straddle: three $10 antes (30), the small blind 25, the
    // big blind 50 straddling to 100 (100 in all, not 150), 2a287edc raising to 325 with
    // 225 returned (100 in): 30 + 25 + 100 + 100 = 255, the summary's total.
    let h = &read("GGPoker/Flop/PLO5-6max-USD-25-50-202104.straddle.txt").hands[0];
    let m = money(h);
    let at = |name: &str| h.players.iter().position(|p| p.name == name).unwrap();
    assert_eq!(m.invested[at("ce67ea41")], Amount::parse("110").unwrap());
    assert_eq!(m.invested[at("2a287edc")], Amount::parse("110").unwrap());
    assert_eq!(m.invested[at("Hero")], Amount::parse("35").unwrap());
    // 2a287edc won 242.25 of it (255 − 12.75 rake): +132.25.
    assert_eq!(m.net[at("2a287edc")], Amount::parse("132.25").unwrap());
}

#[test]
fn sitting_out_and_anonymised_players() {
    // Dan is seated and never dealt in (no action, no cards: waiting for the big blind),
    // Eve's seat line says she is sitting out: neither is in a pot, and the hand's
    // equity at each street is the two players'.
    let text = HEADS_UP_TURN.replace(
        "Seat 2: Bob ($40 in chips)\n",
        "Seat 2: Bob ($40 in chips)\nSeat 3: Dan ($50 in chips)\nSeat 4: Eve ($20 in chips) is sitting out\n",
    );
    let h = hand(&text);
    for name in ["Dan", "Eve"] {
        let p = h.players.iter().position(|p| p.name == name).unwrap();
        assert!(h.players[p].sitting_out, "{name}");
        assert!(money(&h).pots.iter().all(|pot| !pot.eligible.contains(&p)));
    }
    let spot = multiodds_engine::history::replay::spot(&h, 0);
    assert_eq!(spot.players.iter().filter(|p| p.in_hand).count(), 2);
    assert_eq!(adjusted(&h).unwrap().len(), 4);
    // The anonymiser renamed seat 5 in the summary alone (`Seat 5: Player6`): the hand is
    // read, seat 5's Player5 keeps the seat, and the money adds up.
    let h = &read("Stars/Flop/258753941248_anon5.txt").hands[0];
    assert!(h.players.iter().any(|p| p.seat == 5 && p.name == "Player5"));
    assert!(disagreements(h, &money(h)).is_empty());
}

/// A PokerStars tournament hand (chips, a tournament header, antes and a bounty in the
/// seat line): read, its pots and results as a cash hand's.
const STARS_TOURNAMENT: &str = "PokerStars Hand #213456789012: Tournament #2899578341, $0.98+$0.12 USD Hold'em No Limit - Level III (25/50) - 2020/05/01 18:00:00 ET
Table '2899578341 7' 9-max Seat #3 is the button
Seat 1: Ann (2450 in chips, $0.25 bounty)
Seat 3: Bob (1875 in chips, $0.25 bounty)
Seat 5: Cal (3210 in chips) is sitting out
Ann: posts the ante 5
Bob: posts the ante 5
Cal: posts the ante 5
Ann: posts small blind 25
Bob: posts big blind 50
*** HOLE CARDS ***
Dealt to Ann [Qs Qd]
Cal: folds
Ann: raises 2395 to 2445 and is all-in
Bob: calls 1820 and is all-in
Uncalled bet (575) returned to Ann
*** FLOP *** [2c 3d 8h]
*** TURN *** [2c 3d 8h] [Kd]
*** RIVER *** [2c 3d 8h Kd] [4s]
*** SHOW DOWN ***
Ann: shows [Qs Qd] (a pair of Queens)
Bob: shows [Jh Tc] (high card King)
Ann collected 3755 from pot
Bob finished the tournament in 9th place
*** SUMMARY ***
Total pot 3755 | Rake 0
Board [2c 3d 8h Kd 4s]
Seat 1: Ann (small blind) showed [Qs Qd] and won (3755) with a pair of Queens
Seat 3: Bob (button) (big blind) showed [Jh Tc] and lost with high card King
Seat 5: Cal folded before Flop (didn't bet)
";

#[test]
fn tournament_hands_of_both_sites() {
    // Ann put in 5 + 2445 − 575 = 1875, Bob 5 + 1870 = 1875, Cal his ante: 3755.
    let h = hand(STARS_TOURNAMENT);
    assert_eq!((h.currency.as_str(), h.stakes.as_str()), ("", "25/50"));
    assert_eq!(h.game.game, Some(multiodds_engine::cards::Game::HOLDEM));
    let m = money(&h);
    assert_eq!(m.total(), Amount::parse("3755").unwrap());
    assert_eq!(m.net[0], Amount::parse("1880").unwrap());
    assert!(disagreements(&h, &m).is_empty());
    // All-in preflop with both hands shown: adjusted by QQ's preflop equity against JTo.
    let a = adjust(&h, &m, &AdjustSettings::default()).unwrap();
    assert_eq!(a.street, multiodds_engine::history::StreetName::Preflop);
    // The same as the Matchup view's exact QsQd against JhTc, Cal's unknown cards aside.
    let m2 = multiodds_engine::equity::games::MatchupJob::new(
        multiodds_engine::cards::Game::HOLDEM,
        vec![
            multiodds_engine::range::SeatRange::parse(
                "Qs Qd",
                multiodds_engine::cards::Game::HOLDEM,
            )
            .unwrap(),
            multiodds_engine::range::SeatRange::parse(
                "Jh Tc",
                multiodds_engine::cards::Game::HOLDEM,
            )
            .unwrap(),
        ],
        Vec::new(),
        multiodds_engine::cards::CardSet::EMPTY,
        multiodds_engine::cards::CardSet::EMPTY,
    )
    .unwrap();
    let r = m2.run(&Default::default(), |_| true).unwrap();
    assert!(
        close(a.pots[0].equity[0], r.seats[0].equity),
        "{:?}",
        a.pots[0].equity
    );
    assert_eq!(a.pots[0].method, multiodds_engine::equity::Method::Exact);
    // GGPoker's tournament header: `Poker Hand #TM…: Tournament #…, <name> Hold'em No
    // Limit - Level3(25/50(6))`.
    let gg = STARS_TOURNAMENT
        .replace(
            "PokerStars Hand #213456789012: Tournament #2899578341, $0.98+$0.12 USD Hold'em No Limit - Level III (25/50) - 2020/05/01 18:00:00 ET",
            "Poker Hand #TM1234567: Tournament #56789012, Bounty Hunters $10 Hold'em No Limit - Level3(25/50(6)) - 2021/04/11 03:57:00",
        );
    let h = hand(&gg);
    assert_eq!((h.site.as_str(), h.id.as_str()), ("GGPoker", "TM1234567"));
    assert_eq!(h.game.game, Some(multiodds_engine::cards::Game::HOLDEM));
    assert_eq!(money(&h).total(), Amount::parse("3755").unwrap());
}

#[test]
fn a_session_stops_at_its_memory_budget_and_says_so() {
    use multiodds_engine::history::session::{read_session, ROW_BYTES};
    let files = vec![corpus().join("Stars/Flop/NLHE-FR-USD-0.01-0.02-201005.microgrind.txt")];
    let s = read_session(
        &files,
        None,
        &AdjustSettings::default(),
        40 * ROW_BYTES,
        |_, _, _, _| true,
    );
    assert_eq!(s.rows.len(), 40);
    assert!(
        s.stopped
            .as_ref()
            .unwrap()
            .contains("holds 40 hands; the first 40 are kept"),
        "{:?}",
        s.stopped
    );
    let all = read_session(
        &files,
        None,
        &AdjustSettings::default(),
        1 << 30,
        |_, _, _, _| true,
    );
    assert_eq!((all.rows.len(), all.stopped), (96, None));
}
