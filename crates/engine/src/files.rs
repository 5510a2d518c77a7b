//! Reading a file the user named (a scenario, a hand history, a part of a Flops report):
//! regular files only, at most a cap, checked before reading and while reading — a FIFO
//! would block, `/dev/zero` never end, and a file may grow as it is read.

use std::io::Read;
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum Refused {
    /// The operating system's error (missing, no permission…).
    Io(std::io::Error),
    /// A folder, not a file.
    Folder,
    /// A pipe, socket or device.
    NotRegular,
    /// Larger than the cap: its size in bytes.
    TooLarge(u64),
    /// It grew past the cap while it was read.
    Grew,
}

/// The bytes of the regular file at `path`, at most `max` of them.
pub fn read_capped(path: &Path, max: u64) -> Result<Vec<u8>, Refused> {
    let meta = std::fs::metadata(path).map_err(Refused::Io)?;
    if meta.is_dir() {
        return Err(Refused::Folder);
    }
    if !meta.is_file() {
        return Err(Refused::NotRegular);
    }
    if meta.len() > max {
        return Err(Refused::TooLarge(meta.len()));
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // `take` holds the cap should the file grow while it is read.
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(Refused::Io)?;
    if bytes.len() as u64 > max {
        return Err(Refused::Grew);
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_a_file_and_refuses_the_rest_by_kind() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.txt");
        std::fs::write(&file, "12345").unwrap();
        assert_eq!(read_capped(&file, 5).unwrap(), b"12345");
        assert!(matches!(read_capped(&file, 4), Err(Refused::TooLarge(5))));
        assert!(matches!(read_capped(dir.path(), 5), Err(Refused::Folder)));
        assert!(matches!(
            read_capped(Path::new("/dev/zero"), 5),
            Err(Refused::NotRegular)
        ));
        assert!(matches!(
            read_capped(&dir.path().join("missing"), 5),
            Err(Refused::Io(_))
        ));
    }
}
