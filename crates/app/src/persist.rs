//! Reading the saved state so that it never locks the user out nor loses their work.
//!
//! The state is read field by field: a field that does not read (a wrong type after a
//! release changed it, a hand edit gone wrong) gets its default and is named in a
//! message, and every other field keeps its saved value; the user's named ranges are
//! read one by one, so one bad entry costs only itself. Whenever anything was not
//! read, the state file is first copied to a backup beside it (named in the message),
//! before the next autosave can overwrite it.

use super::State;
use serde::de::{Deserialize, Deserializer, MapAccess, Visitor};
use std::path::{Path, PathBuf};

/// The saved state read as well as it can be: what was read, and what was not.
#[derive(Debug, Default)]
pub(crate) struct Restored {
    pub(crate) state: State,
    /// One line per field (or saved range) that was not read.
    pub(crate) problems: Vec<String>,
}

/// A struct's fields as raw RON text, by name (what the lenient reader takes apart).
struct RawFields(Vec<(String, Box<ron::value::RawValue>)>);

impl<'de> Deserialize<'de> for RawFields {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RawFields, D::Error> {
        struct Fields;
        impl<'de> Visitor<'de> for Fields {
            type Value = RawFields;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("the app's saved state: (field: value, …)")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawFields, A::Error> {
                let mut fields = Vec::new();
                while let Some(name) = map.next_key::<String>()? {
                    fields.push((name, map.next_value::<Box<ron::value::RawValue>>()?));
                }
                Ok(RawFields(fields))
            }
        }
        // The field names are not known here (any is taken); ron reads a struct's
        // fields as map entries through `deserialize_struct`.
        deserializer.deserialize_struct("State", &[], Fields)
    }
}

/// Reads the saved state `text` leniently (see the module doc).
pub(crate) fn restore(text: &str) -> Restored {
    let options = ron::Options::default();
    if let Ok(state) = options.from_str::<State>(text) {
        return Restored {
            state,
            problems: Vec::new(),
        };
    }
    let fields = match options.from_str::<RawFields>(text) {
        Ok(RawFields(fields)) => fields,
        Err(e) => {
            return Restored {
                state: State::default(),
                problems: vec![format!("the saved state is not readable ({})", e.code)],
            }
        }
    };
    let mut problems = Vec::new();
    let mut ranges = None;
    let kept = repair(
        fields,
        "",
        &|inner| inner.to_string(),
        &mut problems,
        &mut ranges,
    );
    let mut state = match options.from_str::<State>(&kept) {
        Ok(state) => state,
        // Fields that read one by one but not together: nothing is kept.
        Err(e) => {
            problems.push(format!("the fields together ({})", e.code));
            State::default()
        }
    };
    if let Some(raw) = ranges {
        let (kept, lost) = read_ranges_one_by_one(&raw);
        state.ranges = kept;
        if lost > 0 {
            problems.push(format!(
                "{lost} of the saved ranges ({} kept)",
                state.ranges.len()
            ));
        }
    }
    Restored { state, problems }
}

/// Most levels of nested structs taken apart (the state has two).
const MAX_DEPTH: usize = 4;

/// The fields of one struct of the state (at `path`, inside `wrap`) that read, as RON
/// text `(name:value,…)`; a field that does not read is left out and named in
/// `problems`, or, when it is itself a struct, taken apart the same way (so a bad
/// seed costs the seed, not the whole view's inputs). The top level's `ranges` go to
/// `ranges` when they do not read as a whole.
fn repair(
    fields: Vec<(String, Box<ron::value::RawValue>)>,
    path: &str,
    wrap: &dyn Fn(&str) -> String,
    problems: &mut Vec<String>,
    ranges: &mut Option<Box<ron::value::RawValue>>,
) -> String {
    let options = ron::Options::default();
    let mut good = Vec::new();
    for (name, raw) in fields {
        // A field reads when a state of that field alone reads (every other field
        // takes its default).
        let alone = format!("{name}:{}", raw.get_ron());
        let error = match options.from_str::<State>(&wrap(&format!("({alone})"))) {
            Ok(_) => {
                good.push(alone);
                continue;
            }
            Err(e) => e.code,
        };
        let depth = path.matches('.').count() + 1;
        if path.is_empty() && name == "ranges" {
            *ranges = Some(raw);
        } else if let Some(inner) = options
            .from_str::<RawFields>(raw.get_ron())
            .ok()
            .filter(|_| depth < MAX_DEPTH)
        {
            let inner_path = format!("{path}{name}.");
            let inner_wrap = |text: &str| wrap(&format!("({name}:{text})"));
            let repaired = repair(inner.0, &inner_path, &inner_wrap, problems, ranges);
            good.push(format!("{name}:{repaired}"));
        } else {
            problems.push(format!("{path}{name} ({error})"));
        }
    }
    format!("({})", good.join(","))
}

/// The named ranges of a `ranges` field that does not read as a whole, each entry on
/// its own: those that read, and how many did not.
fn read_ranges_one_by_one(raw: &ron::value::RawValue) -> (Vec<super::library::NamedRange>, usize) {
    let Ok(entries) = raw.into_rust::<Vec<Box<ron::value::RawValue>>>() else {
        return (Vec::new(), 1);
    };
    let mut kept = Vec::new();
    let mut lost = 0;
    for entry in entries {
        match entry.into_rust::<super::library::NamedRange>() {
            Ok(range) => kept.push(range),
            Err(_) => lost += 1,
        }
    }
    (kept, lost)
}

/// Where eframe keeps the app's state file (`app.ron` in its storage folder).
pub(crate) fn state_file(app_name: &str) -> Option<PathBuf> {
    eframe::storage_dir(app_name).map(|dir| dir.join("app.ron"))
}

/// Copies `file` to a backup beside it (`app.ron.backup-<seconds since 1970>`), so
/// the next autosave does not overwrite what could not be read; the backup's path.
pub(crate) fn back_up(file: &Path) -> std::io::Result<PathBuf> {
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let name = format!(
        "{}.backup-{stamp}",
        file.file_name()
            .map_or("app.ron".into(), |n| n.to_string_lossy())
    );
    let backup = file.with_file_name(name);
    std::fs::copy(file, &backup)?;
    Ok(backup)
}

/// The message shown at start when part of the saved state was not read.
pub(crate) fn describe(
    problems: &[String],
    backup: Option<&Path>,
    backup_error: Option<String>,
) -> String {
    let mut message = format!(
        "Part of the saved state could not be read and starts from the defaults: {}.",
        problems.join("; ")
    );
    match (backup, backup_error) {
        (Some(path), _) => message.push_str(&format!(
            "\nThe file as it was is kept in {}.",
            path.display()
        )),
        (None, Some(e)) => message.push_str(&format!("\nIt could not be backed up: {e}.")),
        (None, None) => {}
    }
    message
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_typed_field_keeps_every_other_field_and_the_ranges() {
        let mut state = State::default();
        state.scenario.multiodds.hero = "QQ+".into();
        state.ranges = vec![
            super::super::library::NamedRange {
                name: "mine".into(),
                text: "TT+,AQs+".into(),
            },
            super::super::library::NamedRange {
                name: "wide".into(),
                text: "22+".into(),
            },
        ];
        let text = ron::to_string(&state).unwrap();
        // A release changed `png_size` from two numbers to text.
        let broken = text.replacen("png_size:(1600,1000)", "png_size:\"big\"", 1);
        assert_ne!(broken, text, "the field is in the saved text: {text}");
        let r = restore(&broken);
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert!(r.problems[0].starts_with("png_size"), "{:?}", r.problems);
        assert_eq!(r.state.scenario.multiodds.hero, "QQ+");
        assert_eq!(r.state.ranges, state.ranges);
        assert_eq!(r.state.png_size, State::default().png_size);
    }

    #[test]
    fn a_wrong_typed_nested_field_costs_only_itself() {
        let mut state = State::default();
        state.scenario.matchup.seats = vec!["AA".into(), "KK".into(), "QQ".into()];
        state.scenario.matchup.run.seed = 42;
        state.scenario.multiodds.run.seed = 7;
        let text = ron::to_string(&state).unwrap();
        let broken = text.replacen("seed:7", "seed:\"x\"", 1);
        assert_ne!(broken, text);
        let r = restore(&broken);
        assert_eq!(r.problems.len(), 1, "{:?}", r.problems);
        assert!(r.problems[0].contains("seed"), "{:?}", r.problems);
        assert_eq!(r.state.scenario.multiodds.run.seed, 1);
        assert_eq!(r.state.scenario.matchup, state.scenario.matchup);
    }

    #[test]
    fn one_bad_saved_range_costs_only_itself() {
        let text = r#"(ranges:[(name:"good",text:"QQ+"),(name:7,text:"AK"),(name:"also",text:"22+")],png_size:(800,600))"#;
        let r = restore(text);
        let names: Vec<&str> = r.state.ranges.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["good", "also"]);
        assert_eq!(r.state.png_size, [800, 600]);
        assert_eq!(r.problems, ["1 of the saved ranges (2 kept)"]);
    }

    #[test]
    fn unreadable_text_gives_the_defaults_and_says_so() {
        let r = restore("(scenario: (multiodds: (hero: \"AKs\"");
        assert_eq!(r.problems.len(), 1);
        assert_eq!(r.state.scenario, State::default().scenario);
        let good = restore(&ron::to_string(&State::default()).unwrap());
        assert!(good.problems.is_empty());
    }
}
