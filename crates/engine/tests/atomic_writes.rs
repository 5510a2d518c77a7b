//! Atomic writes (scenario saves and every export): through symbolic links, keeping
//! permissions, and leaving nothing behind when a write fails.

use multiodds_engine::scenario::write_atomically;
use std::os::unix::fs::PermissionsExt;

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("multiodds-atomic-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn leftovers(dir: &std::path::Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect()
}

/// A new file gets the permissions of any new file (0666 less the umask), like one
/// written by `std::fs::write`, not the temporary file's private 0600.
#[test]
fn a_new_file_gets_ordinary_permissions() {
    let dir = temp_dir("new");
    let ordinary = dir.join("ordinary");
    std::fs::write(&ordinary, "x").unwrap();
    let path = dir.join("s.ron");
    write_atomically(&path, b"new").unwrap();
    let mode = |p: &std::path::Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode(&path), mode(&ordinary));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_write_replaces_the_file_and_keeps_its_permissions() {
    let dir = temp_dir("perm");
    let path = dir.join("s.ron");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
    write_atomically(&path, b"new").unwrap();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert!(leftovers(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_write_through_a_symbolic_link_keeps_the_link() {
    let dir = temp_dir("link");
    let real = dir.join("real.ron");
    let link = dir.join("link.ron");
    std::fs::write(&real, "old").unwrap();
    std::os::unix::fs::symlink(&real, &link).unwrap();
    write_atomically(&link, b"new").unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&real).unwrap(), "new");
    assert!(leftovers(&dir).is_empty());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_failed_write_leaves_no_temporary_file_and_changes_nothing() {
    let dir = temp_dir("fail");
    // A directory where the file should go: the final rename fails (even for root).
    let blocked = dir.join("taken");
    std::fs::create_dir_all(blocked.join("inside")).unwrap();
    assert!(write_atomically(&blocked, b"new").is_err());
    assert!(
        blocked.join("inside").is_dir(),
        "the directory is untouched"
    );
    assert!(leftovers(&dir).is_empty(), "{:?}", leftovers(&dir));
    // A missing directory: an error, nothing created.
    assert!(write_atomically(&dir.join("missing/s.ron"), b"x").is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
