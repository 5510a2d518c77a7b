//! The range parser never panics, and every error points inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use multiodds::range::HandRange;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        match HandRange::parse(text) {
            Ok(range) => {
                // Canonical text parses back to the same range.
                let printed = range.to_string();
                assert_eq!(HandRange::parse(&printed).unwrap(), range, "{printed}");
            }
            Err(e) => {
                let len = text.chars().count().max(1);
                assert!(e.column >= 1 && e.column <= len, "{text:?}: {e}");
            }
        }
    }
});
