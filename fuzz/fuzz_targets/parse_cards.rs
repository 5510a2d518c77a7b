//! Card-list parsing never panics, and every error points inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;
use multiodds::cards::CardSet;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        if let Err(e) = CardSet::parse(text) {
            let len = text.chars().count().max(1);
            assert!(e.column >= 1 && e.column <= len, "{text:?}: {e}");
        }
    }
});
