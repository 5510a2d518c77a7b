//! The known name closest to a misspelt one, for "did you mean" in messages: a
//! scenario file's fields, a query's functions.

/// The known name closest to `found` (case-insensitive), when it is close enough to be
/// the one meant: a few characters off, at most a third of its length.
pub fn closest<'a>(found: &str, known: &[&'a str]) -> Option<&'a str> {
    let found = found.to_ascii_lowercase();
    known
        .iter()
        .map(|k| (edit_distance(&found, &k.to_ascii_lowercase()), *k))
        .min()
        .filter(|&(d, k)| d <= 2.max(k.len() / 3))
        .map(|(_, k)| k)
}

/// Levenshtein distance (characters inserted, removed or changed).
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let above = row[j + 1];
            row[j + 1] = (diagonal + usize::from(ca != cb))
                .min(row[j] + 1)
                .min(above + 1);
            diagonal = above;
        }
    }
    row[b.len()]
}
