//! Hand-history files as they arrive: hands cut short in joined files, archive
//! separators, other sites' files refused by name with their hand count, UTF-16, paths
//! that are not regular files, folders that link to themselves, and a hand read twice.

use multiodds_engine::history::allin::AdjustSettings;
use multiodds_engine::history::pots::money;
use multiodds_engine::history::session::{files_under, read_session, CurrencyTotals};
use multiodds_engine::history::{read_bytes, read_file, read_text, Encoding};
use std::path::{Path, PathBuf};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/data")
        .join(rel)
}

const GG_PLO: &str = "hands/cash/GGPoker/Flop/PLO-6max-USD-0.50-1.00-202004.txt";

/// The file's hands as text blocks, each from its header line.
fn hand_blocks(rel: &str) -> Vec<String> {
    let text = std::fs::read_to_string(data(rel)).unwrap();
    let mut blocks: Vec<String> = Vec::new();
    for line in text.lines() {
        if line.starts_with("Poker Hand #") {
            blocks.push(String::new());
        }
        if let Some(b) = blocks.last_mut() {
            b.push_str(line);
            b.push('\n');
        }
    }
    blocks
}

/// A hand cut short and followed, on the same line, by the next hand's header (files
/// joined without a line break): the cut hand is refused with its line, the next read
/// exactly as it reads alone.
#[test]
fn a_header_after_other_text_starts_a_hand_and_the_cut_one_is_refused() {
    let blocks = hand_blocks(GG_PLO);
    let (first, second) = (&blocks[0], &blocks[1]);
    let cut: Vec<&str> = first.lines().take(12).collect();
    let joined = format!("{}\nPlayer25: {}", cut.join("\n"), second);
    let (hands, refused) = read_text("joined.txt", &joined);
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0].line, 13);
    assert!(
        refused[0].reason.contains("cut short"),
        "{}",
        refused[0].reason
    );
    let first_id = first.split('#').nth(1).unwrap().split(':').next().unwrap();
    assert_eq!(refused[0].hand_id.as_deref(), Some(first_id));
    assert_eq!(hands.len(), 1);
    let (alone, _) = read_text("alone.txt", second);
    assert_eq!(hands[0].id, alone[0].id);
    let (a, b) = (money(&hands[0]), money(&alone[0]));
    assert_eq!(a.net, b.net);
    assert_eq!(a.total(), b.total());
}

/// An archive's separator between two complete hands ends the first; both are read.
#[test]
fn an_archive_separator_ends_a_hand_without_refusing_it() {
    let blocks = hand_blocks(GG_PLO);
    let text = format!(
        "*********** # 1 **************\n{}\n*********** # 2 **************\n{}",
        blocks[0], blocks[1]
    );
    let (hands, refused) = read_text("archive.txt", &text);
    assert!(refused.is_empty(), "{refused:?}");
    assert_eq!(hands.len(), 2);
    let (alone, _) = read_text("alone.txt", &blocks[0]);
    assert_eq!(money(&hands[0]).net, money(&alone[0]).net);
}

/// Every tournament file of the five other sites is found by content (iPoker's `.xml`
/// too) and read: no file is refused whole (tests/other_sites.rs checks their hands).
#[test]
fn other_sites_files_are_found_by_content_and_read() {
    let found = files_under(&[data("hands_tour")]);
    assert_eq!(found.len(), 90, "files found by content");
    for f in found {
        let r = read_file(&f);
        // Hands read, or refused one by one with their hand number (one 888 file's only
        // hand deals a `7p`), never the file whole.
        assert!(r.hands.len() + r.refused.len() > 0, "{}", f.display());
        assert!(
            r.refused.iter().all(|x| x.hand_id.is_some()),
            "{}: {:?}",
            f.display(),
            r.refused
        );
    }
}

/// A PokerStars-shaped file written as UTF-16 (with or without its byte-order mark) reads
/// the same hands as its UTF-8 original.
#[test]
fn utf16_files_are_read_as_utf16() {
    let rel = "hands/cash/Stars/Flop/PLO-6max-USD-2.00-4.00-201403.2.partial.txt";
    let original = read_file(&data(rel));
    let text = std::fs::read_to_string(data(rel)).unwrap();
    let le: Vec<u8> = std::iter::once('\u{feff}')
        .chain(text.chars())
        .collect::<String>()
        .encode_utf16()
        .flat_map(u16::to_le_bytes)
        .collect();
    let r = read_bytes("utf16.txt", &le);
    assert_eq!(r.encoding, Some(Encoding::Utf16Le));
    let ids = |hands: &[multiodds_engine::history::Hand]| {
        hands.iter().map(|h| h.id.clone()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&r.hands), ids(&original.hands));
    assert_eq!(r.refused.len(), original.refused.len());
    let be: Vec<u8> = text.encode_utf16().flat_map(u16::to_be_bytes).collect();
    let r = read_bytes("utf16be.txt", &be);
    assert_eq!(r.encoding, Some(Encoding::Utf16Be));
    assert_eq!(ids(&r.hands), ids(&original.hands));
}

/// Only regular files are read: a FIFO is refused at once (it would block for ever), and
/// so is a device (`/dev/zero` never ends).
#[test]
fn paths_that_are_not_regular_files_are_refused_at_once() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("pipe.txt");
    let status = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(status.success());
    let r = read_file(&fifo);
    assert_eq!(r.refused.len(), 1);
    assert!(
        r.refused[0].reason.contains("not a regular file"),
        "{:?}",
        r.refused
    );
    let r = read_file(Path::new("/dev/zero"));
    assert!(
        r.refused[0].reason.contains("not a regular file"),
        "{:?}",
        r.refused
    );
    // A folder given as a file says it is a folder.
    let r = read_file(dir.path());
    assert!(r.refused[0].reason.contains("folder"), "{:?}", r.refused);
}

/// A folder with two links to itself is walked once; its file is listed once.
#[test]
fn a_folder_linking_to_itself_is_walked_once() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(data(GG_PLO), dir.path().join("plo.txt")).unwrap();
    std::fs::write(dir.path().join("notes.md"), "not a hand\n").unwrap();
    std::fs::copy(data(GG_PLO), dir.path().join("export")).unwrap();
    std::os::unix::fs::symlink(dir.path(), dir.path().join("loop1")).unwrap();
    std::os::unix::fs::symlink(dir.path(), dir.path().join("loop2")).unwrap();
    let found = files_under(&[dir.path().to_path_buf()]);
    // The history by its extension, the one without an extension by its content; the
    // notes beside them are not hands.
    assert_eq!(found.len(), 2, "{found:?}");
    assert!(found[0].ends_with("export") && found[1].ends_with("plo.txt"));
}

/// The same file read twice: its hands count once, the repeats are refused as repeats.
#[test]
fn a_hand_read_twice_counts_once() {
    let file = data(GG_PLO);
    let once = read_session(
        std::slice::from_ref(&file),
        None,
        &AdjustSettings::default(),
        1 << 30,
        |_, _, _, _| true,
    );
    let twice = read_session(
        &[file.clone(), file],
        None,
        &AdjustSettings::default(),
        1 << 30,
        |_, _, _, _| true,
    );
    assert_eq!(once.rows.len(), 41);
    assert_eq!(twice.rows, once.rows);
    assert_eq!(twice.refused.len(), 41);
    assert!(twice.refused.iter().all(|r| r.reason.contains("a repeat")));
}

/// Totals are kept per currency: dollars, euros and chips are never summed.
#[test]
fn totals_are_per_currency() {
    let files = files_under(&[data("hands/cash")]);
    let s = read_session(
        &files,
        Some("Hero"),
        &AdjustSettings::default(),
        1 << 30,
        |_, _, _, _| true,
    );
    let t = CurrencyTotals::of(&s.rows);
    let names: Vec<&str> = t.currencies.iter().map(|(c, _)| c.name.as_str()).collect();
    assert!(names.contains(&"$") && names.contains(&"€"), "{names:?}");
    for (c, totals) in &t.currencies {
        let rows: Vec<_> = s.rows.iter().filter(|r| r.currency == c.sign).collect();
        assert_eq!(totals.hands, rows.len());
        let net: f64 = rows.iter().map(|r| r.hero_net).sum();
        assert!((totals.hero_net - net).abs() < 1e-9, "{}", c.name);
    }
    assert_eq!(t.hands(), s.rows.len());
}

/// A player all-in for the big blind who then folds (as some tournament files write it):
/// the sites still cap the main pot at that all-in, so the rebuilt pots are the summary's
/// main and side pots, with no warning.
#[test]
fn an_all_in_blind_that_folds_still_caps_the_main_pot() {
    let text = "\
PokerStars Hand #1000: Tournament #2000, $1+$0.10 USD Hold'em No Limit - Level I (10/20) - 2020/01/01 10:00:00 ET
Table '2000 1' 9-max Seat #1 is the button
Seat 1: Alice (1500 in chips)
Seat 2: Bob (1500 in chips)
Seat 3: Carol (20 in chips)
Bob: posts small blind 10
Carol: posts big blind 20 and is all-in
*** HOLE CARDS ***
Dealt to Alice [As Kd]
Alice: raises 80 to 100
Bob: calls 90
Carol: folds
*** FLOP *** [2c 7d 9h]
Bob: checks
Alice: bets 200
Bob: folds
Uncalled bet (200) returned to Alice
Alice collected 160 from side pot
Alice collected 60 from main pot
*** SUMMARY ***
Total pot 220 Main pot 60. Side pot 160. | Rake 0
Board [2c 7d 9h]
Seat 1: Alice (button) collected (220)
Seat 2: Bob (small blind) folded on the Flop
Seat 3: Carol (big blind) folded before Flop
";
    let (hands, refused) = read_text("allin-blind.txt", text);
    assert!(refused.is_empty(), "{refused:?}");
    let m = money(&hands[0]);
    let pots: Vec<String> = m.pots.iter().map(|p| p.amount.to_string()).collect();
    assert_eq!(pots, ["60", "160"]);
    assert!(
        multiodds_engine::history::pots::disagreements(&hands[0], &m).is_empty(),
        "{:?}",
        multiodds_engine::history::pots::disagreements(&hands[0], &m)
    );
    let nets: Vec<String> = m.net.iter().map(|a| a.to_string()).collect();
    assert_eq!(nets, ["120", "-100", "-20"]);
}
