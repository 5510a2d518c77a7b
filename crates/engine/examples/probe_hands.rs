use multiodds_engine::history::{pots, read_file};
fn main() {
    let mut files: Vec<_> = std::env::args().skip(1).collect();
    files.sort();
    let (mut h, mut r) = (0, 0);
    for f in files {
        let read = read_file(std::path::Path::new(&f));
        h += read.hands.len();
        r += read.refused.len();
        println!("{}\t{}\t{}\t{:?}", read.hands.len(), read.refused.len(), f, read.encoding);
        for x in &read.refused {
            println!("   REFUSED {x}");
        }
        for hand in &read.hands {
            let m = pots::money(hand);
            for d in pots::disagreements(hand, &m) {
                println!("   MISMATCH {} #{}: {d}", hand.source, hand.id);
            }
        }
    }
    println!("hands {h} refused {r}");
}
