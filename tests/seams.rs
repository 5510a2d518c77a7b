//! The code's seams, held (issue 46): no module imports a sibling that imports it back
//! (directly or round a longer loop, re-exports followed to where a name is defined),
//! no source file runs past 800 lines, and no function
//! (engine, app or command line) runs past 100 lines unless its doc says why it is one
//! thing, and no module
//! glob-imports its parent (`use super::*`) outside a test module: a child names what it
//! takes, so the loop check sees every edge.
//!
//! Read from the sources as they are, so a change that breaks a seam fails here, by name.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The source roots: the engine, the app and the binary.
const ROOTS: [&str; 3] = ["crates/engine/src", "crates/app/src", "src"];

/// Most lines a source file may have.
const MAX_FILE_LINES: usize = 800;

/// Most lines a function may have without a doc saying why it is one thing.
const MAX_FUNCTION_LINES: usize = 100;

/// A doc's words that say why a long function is one thing.
const ONE_THING: &str = "One function because";

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file under its root (`equity/exact/mod.rs` is `equity::exact`).
fn module_of(root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(root).expect("under the root");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// A file's text without its unit tests and line comments (what the module itself
/// imports).
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    text.lines()
        .map(|l| l.split("//").next().unwrap_or(""))
        .collect::<Vec<_>>()
        .join("\n")
}

fn is_ident(s: &str) -> bool {
    !s.is_empty()
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !s.starts_with(|c: char| c.is_ascii_digit())
}

/// Every path a file names through `crate::` or `super::`, resolved against the module
/// the file is (brace groups expanded one level): its modules, then the item named in
/// the last of them, when there is one (`equity::tally::MatchupResult`).
fn named_paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let mut i = 0;
    while i < code.len() {
        let rest = &bytes[i..];
        let head = if rest.starts_with(b"crate::") {
            Some("crate")
        } else if rest.starts_with(b"super::") {
            Some("super")
        } else {
            None
        };
        let boundary = i == 0 || !(bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
        let Some(head) = head.filter(|_| boundary) else {
            i += 1;
            continue;
        };
        let mut base: Vec<String> = if head == "crate" {
            Vec::new()
        } else {
            module[..module.len().saturating_sub(1)].to_vec()
        };
        let mut j = i + head.len();
        // Segments: `::name` repeated; `super` climbs.
        while bytes[j..].starts_with(b"::") {
            let seg_start = j + 2;
            let seg_len = bytes[seg_start..]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .unwrap_or(code.len() - seg_start);
            let seg = &code[seg_start..seg_start + seg_len];
            if seg == "super" {
                base.pop();
            } else if is_ident(seg) {
                base.push(seg.to_string());
            } else {
                break;
            }
            j = seg_start + seg_len;
        }
        if bytes[j..].starts_with(b"::{") {
            let close = code[j..].find('}').map_or(code.len(), |k| j + k);
            for item in code[j + 3..close].split(',') {
                let mut path = base.clone();
                let item = item.split(" as ").next().unwrap_or("");
                path.extend(
                    item.split("::")
                        .map(str::trim)
                        .take_while(|s| is_ident(s) && *s != "self")
                        .map(str::to_string),
                );
                out.push(path);
            }
        } else {
            out.push(base);
        }
        i = j.max(i + 1);
    }
    out
}

/// What a module re-exports (`pub use tally::MatchupResult;` in `equity`): (module,
/// name) to the path it names, every `pub use` of the tree read. A glob re-export is
/// kept under the name `*`.
type Reexports = BTreeMap<(Vec<String>, String), Vec<String>>;

fn reexports(tree: &Tree) -> Reexports {
    let mut map = Reexports::new();
    for (module, file) in &tree.files {
        let code = code_of(&std::fs::read_to_string(file).expect("readable"));
        for statement in code.split(';') {
            let t = statement.trim();
            let Some(body) = ["pub use ", "pub(crate) use ", "pub(super) use "]
                .iter()
                .find_map(|p| t.strip_prefix(p))
            else {
                continue;
            };
            let body: String = body.split_whitespace().collect::<Vec<_>>().join(" ");
            // `a::b::{C, D as E}` → `a::b::C`, `a::b::D as E`.
            let leaves: Vec<String> = match body.split_once("::{") {
                Some((stem, group)) => group
                    .trim_end_matches('}')
                    .split(',')
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .map(|l| format!("{stem}::{l}"))
                    .collect(),
                None => vec![body.clone()],
            };
            for leaf in leaves {
                let (path, alias) = match leaf.split_once(" as ") {
                    Some((p, a)) => (p.trim().to_string(), Some(a.trim().to_string())),
                    None => (leaf.trim().to_string(), None),
                };
                let mut segments: Vec<&str> = path.split("::").collect();
                let mut resolved: Vec<String> = match segments.first() {
                    Some(&"crate") => {
                        segments.remove(0);
                        Vec::new()
                    }
                    Some(&"self") => {
                        segments.remove(0);
                        module.clone()
                    }
                    _ => module.clone(),
                };
                for seg in segments.iter() {
                    if *seg == "super" {
                        resolved.pop();
                    } else {
                        resolved.push(seg.to_string());
                    }
                }
                let name = alias.unwrap_or_else(|| resolved.last().cloned().unwrap_or_default());
                if name == "*" {
                    resolved.pop();
                }
                map.insert((module.clone(), name), resolved);
            }
        }
    }
    map
}

/// The module a named path lands in once re-exports are followed: its longest prefix
/// that is a module, and while that module re-exports the item named next, the module
/// the re-export names (a glob re-export is followed where the item is not found
/// directly and the glob's module defines it).
fn origin(tree: &Tree, reexports: &Reexports, mut path: Vec<String>) -> Vec<String> {
    for _ in 0..16 {
        let mut module = path.clone();
        while !module.is_empty() && !tree.modules.contains(&module) {
            module.pop();
        }
        let Some(item) = path.get(module.len()).cloned() else {
            return module;
        };
        let next = reexports
            .get(&(module.clone(), item.clone()))
            .cloned()
            .or_else(|| {
                let glob = reexports.get(&(module.clone(), "*".to_string()))?;
                let defines = tree.files.get(glob).is_some_and(|f| {
                    let code = std::fs::read_to_string(f).unwrap_or_default();
                    [
                        "fn ", "struct ", "enum ", "type ", "const ", "trait ", "static ",
                    ]
                    .iter()
                    .any(|kind| code.contains(&format!("{kind}{item}")))
                });
                defines.then(|| {
                    let mut p = glob.clone();
                    p.push(item.clone());
                    p
                })
            });
        match next {
            Some(p) if p != path => path = p,
            _ => return module,
        }
    }
    path
}

struct Tree {
    modules: BTreeSet<Vec<String>>,
    files: BTreeMap<Vec<String>, PathBuf>,
}

fn tree(root: &Path) -> Tree {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    let mut tree = Tree {
        modules: BTreeSet::new(),
        files: BTreeMap::new(),
    };
    for f in files {
        let m = module_of(root, &f);
        // Unit-test files are not the module's code.
        if m.iter().any(|p| p == "tests" || p.ends_with("_tests")) {
            continue;
        }
        tree.modules.insert(m.clone());
        tree.files.insert(m, f);
    }
    tree
}

/// Edges between sibling modules: `a` names something in `b`, where `a` and `b` share a
/// parent (a module naming its parent or its own children is no edge), `pub use`
/// re-exports followed to the module that defines the name.
fn sibling_edges(tree: &Tree) -> BTreeSet<(Vec<String>, Vec<String>)> {
    let reexports = reexports(tree);
    let mut edges = BTreeSet::new();
    for (module, file) in &tree.files {
        let code = code_of(&std::fs::read_to_string(file).expect("readable"));
        for path in named_paths(module, &code) {
            // A name re-exported by a parent (`crate::equity::MatchupResult`) is an
            // edge to the module that defines it, not one hidden behind the parent.
            let path = origin(tree, &reexports, path);
            let common = module.iter().zip(&path).take_while(|(a, b)| a == b).count();
            if common < module.len() && common < path.len() {
                edges.insert((module[..=common].to_vec(), path[..=common].to_vec()));
            }
        }
    }
    edges
}

/// The loops among sibling modules (strongly connected sets of two or more).
fn loops(edges: &BTreeSet<(Vec<String>, Vec<String>)>) -> Vec<Vec<String>> {
    let mut next: BTreeMap<&Vec<String>, Vec<&Vec<String>>> = BTreeMap::new();
    for (a, b) in edges {
        next.entry(a).or_default().push(b);
    }
    let reach = |from: &Vec<String>| {
        let mut seen: BTreeSet<&Vec<String>> = BTreeSet::new();
        let mut stack = vec![from];
        while let Some(m) = stack.pop() {
            for n in next.get(m).into_iter().flatten() {
                if seen.insert(n) {
                    stack.push(n);
                }
            }
        }
        seen
    };
    let mut found = BTreeSet::new();
    for a in next.keys() {
        let from_a = reach(a);
        if from_a.contains(a) {
            let mut members: Vec<String> = from_a
                .iter()
                .filter(|b| reach(b).contains(a))
                .map(|b| b.join("::"))
                .collect();
            members.sort();
            found.insert(members);
        }
    }
    found.into_iter().collect()
}

fn manifest_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn no_module_imports_a_sibling_that_imports_it_back() {
    for root in ROOTS {
        let tree = tree(&manifest_dir().join(root));
        assert!(tree.files.len() > 5, "{root}: sources found");
        let loops = loops(&sibling_edges(&tree));
        assert!(loops.is_empty(), "{root}: import loops {loops:?}");
    }
}

/// The checker itself finds a loop: two modules naming each other, a brace group, and a
/// `super::super` path.
#[test]
fn the_loop_check_finds_a_planted_loop() {
    let module = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    let a = module("equity::a");
    let paths = named_paths(
        &a,
        "use super::{b::Thing, c};\nlet x = super::super::cards::Card;",
    );
    assert_eq!(
        paths,
        vec![
            module("equity::b::Thing"),
            module("equity::c"),
            module("cards::Card"),
        ]
    );
    let edges: BTreeSet<_> = [
        (module("equity::a"), module("equity::b")),
        (module("equity::b"), module("equity::c")),
        (module("equity::c"), module("equity::a")),
        (module("equity::c"), module("cards")),
    ]
    .into_iter()
    .collect();
    assert_eq!(
        loops(&edges),
        vec![vec![
            "equity::a".to_string(),
            "equity::b".to_string(),
            "equity::c".to_string()
        ]]
    );
}

/// The places (line numbers) where `text` glob-imports its parent outside a test
/// module: a `use super::*;` whose nearest enclosing `mod` line is not a test module's.
fn parent_globs(text: &str) -> Vec<usize> {
    let lines: Vec<&str> = text.lines().collect();
    lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.trim() == "use super::*;")
        .filter(|&(i, l)| {
            let indented = l.starts_with(' ');
            let module = lines[..i]
                .iter()
                .rev()
                .find(|p| p.trim_start().starts_with("mod ") && p.trim_end().ends_with('{'));
            !(indented && module.is_some_and(|m| m.contains("test")))
        })
        .map(|(i, _)| i + 1)
        .collect()
}

#[test]
fn no_module_glob_imports_its_parent_outside_tests() {
    let mut globs = Vec::new();
    for root in ROOTS {
        let mut files = Vec::new();
        rust_files(&manifest_dir().join(root), &mut files);
        for f in files {
            // A file of tests is a test module itself.
            if f.file_name()
                .is_some_and(|n| n.to_string_lossy().ends_with("tests.rs"))
            {
                continue;
            }
            let text = std::fs::read_to_string(&f).expect("readable");
            for line in parent_globs(&text) {
                globs.push(format!("{}:{line}", f.display()));
            }
        }
    }
    assert!(globs.is_empty(), "`use super::*` outside tests: {globs:?}");
}

/// The glob check finds a planted glob and passes a test module's.
#[test]
fn the_glob_check_finds_a_planted_glob() {
    let text = "//! A module.\nuse super::*;\n\nfn f() {}\n\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n";
    assert_eq!(parent_globs(text), [2]);
    let nested = "mod inner {\n    use super::*;\n}\n";
    assert_eq!(parent_globs(nested), [2]);
}

#[test]
fn no_source_file_is_over_800_lines() {
    let mut long = Vec::new();
    for root in ROOTS {
        let mut files = Vec::new();
        rust_files(&manifest_dir().join(root), &mut files);
        for f in files {
            let lines = std::fs::read_to_string(&f)
                .expect("readable")
                .lines()
                .count();
            if lines > MAX_FILE_LINES {
                long.push(format!("{} ({lines} lines)", f.display()));
            }
        }
    }
    assert!(long.is_empty(), "over {MAX_FILE_LINES} lines: {long:?}");
}

/// Each `fn` of a file with its length in lines (to its closing brace) and its doc.
fn functions(text: &str) -> Vec<(String, usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let t = line.trim_start();
        let t = ["pub(crate) ", "pub(super) ", "pub "]
            .iter()
            .fold(t, |t, p| t.strip_prefix(p).unwrap_or(t));
        let Some(rest) = t.strip_prefix("fn ") else {
            continue;
        };
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let mut depth = 0i32;
        let mut opened = false;
        let mut end = i;
        for (j, l) in lines.iter().enumerate().skip(i) {
            let code = l.split("//").next().unwrap_or("");
            // Escaped quotes and brace characters are not braces of the code.
            let code = code
                .replace("\\\"", "")
                .replace("'{'", "")
                .replace("'}'", "");
            let code: String = code
                .split('"')
                .enumerate()
                .filter(|(k, _)| k % 2 == 0)
                .map(|(_, s)| s)
                .collect();
            depth += code.matches('{').count() as i32 - code.matches('}').count() as i32;
            opened |= code.contains('{');
            end = j;
            if (opened && depth <= 0) || (!opened && code.trim_end().ends_with(';')) {
                break;
            }
        }
        let mut doc: Vec<&str> = lines[..i]
            .iter()
            .rev()
            .map(|l| l.trim_start())
            .take_while(|l| l.starts_with("///") || l.starts_with("#["))
            .collect();
        doc.reverse();
        out.push((name, end - i + 1, doc.join(" ")));
    }
    out
}

#[test]
fn no_function_is_over_100_lines_without_saying_why() {
    let mut files = Vec::new();
    for root in ROOTS {
        rust_files(&manifest_dir().join(root), &mut files);
    }
    let mut long = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).expect("readable");
        for (name, lines, doc) in functions(&text) {
            let doc = doc.replace("/// ", "").replace("///", "");
            if lines > MAX_FUNCTION_LINES && !doc.contains(ONE_THING) {
                long.push(format!("{}: {name} ({lines} lines)", f.display()));
            }
        }
    }
    assert!(
        long.is_empty(),
        "say why each is one thing, or split it: {long:?}"
    );
}

/// The length count itself: a planted function of 103 lines is found, with its doc.
#[test]
fn the_length_check_counts_a_planted_function() {
    let body = "    let x = \"{\";\n".repeat(101);
    let text = format!(
        "/// Docs.\n/// {ONE_THING} it is.\npub(crate) fn long() {{\n{body}}}\nfn short() {{}}\n"
    );
    let found = functions(&text);
    assert_eq!(found.len(), 2);
    assert_eq!(found[0].0, "long");
    assert_eq!(found[0].1, 103);
    assert!(found[0].2.contains(ONE_THING));
    assert_eq!((found[1].0.as_str(), found[1].1), ("short", 1));
}

/// The loop check follows a parent's `pub use` to the module that defines the name: a
/// child naming `crate::equity::Result` (re-exported from `equity::tally`) while
/// `tally` names that child back is a loop, which the parent hid before.
#[test]
fn the_loop_check_follows_reexports() {
    let root = std::env::temp_dir().join(format!("seams-reexport-{}", std::process::id()));
    let write = |path: &str, text: &str| {
        let file = root.join(path);
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(file, text).unwrap();
    };
    write("lib.rs", "pub mod equity;\npub mod cards;\n");
    write("cards.rs", "pub struct Card;\n");
    write(
        "equity/mod.rs",
        "mod games;\nmod tally;\nmod plain;\npub use tally::{Other, Result as Outcome};\n",
    );
    write(
        "equity/tally.rs",
        "pub struct Result;\npub struct Other;\nuse super::games::Seat;\n",
    );
    write(
        "equity/games.rs",
        "pub struct Seat;\nuse crate::equity::Outcome;\n",
    );
    write(
        "equity/plain.rs",
        "use crate::equity::Other;\nuse crate::cards::Card;\n",
    );
    write("equity/extra.rs", "");
    let tree = tree(&root);
    let edges = sibling_edges(&tree);
    std::fs::remove_dir_all(&root).unwrap();
    let module = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    assert!(edges.contains(&(module("equity::games"), module("equity::tally"))));
    assert!(edges.contains(&(module("equity::plain"), module("equity::tally"))));
    assert_eq!(
        loops(&edges),
        vec![vec![
            "equity::games".to_string(),
            "equity::tally".to_string()
        ]]
    );
}
