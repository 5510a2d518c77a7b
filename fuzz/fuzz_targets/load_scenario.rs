//! The scenario loader on arbitrary text: it returns a scenario or an error, never
//! panics, and a scenario that validates also survives a save/parse round trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use multiodds::scenario::Scenario;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let path = std::path::Path::new("fuzz.ron");
    if let Ok(scenario) = Scenario::from_ron(text, path) {
        if scenario.validate().is_ok() {
            let again = Scenario::from_ron(&scenario.to_ron(), path).expect("round trip");
            assert_eq!(again, scenario);
        }
    }
});
