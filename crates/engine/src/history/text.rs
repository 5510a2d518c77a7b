//! A hand-history file's bytes as text: the encodings the sites write (UTF-8, UTF-8 with
//! a byte-order mark, Windows-1252), refused with the offset when it is not text at all.

/// The encoding a file was read in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Encoding {
    /// UTF-8 without a byte-order mark (plain ASCII counts as this).
    Utf8,
    /// UTF-8 starting with a byte-order mark.
    Utf8Bom,
    /// Windows-1252 (what PokerStars wrote on Windows in some locales: `€` as byte 0x80).
    Windows1252,
}

impl Encoding {
    /// The encoding's usual name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 with BOM",
            Encoding::Windows1252 => "Windows-1252",
        }
    }
}

/// Why bytes are not read as a hand history.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TextError {
    /// A NUL or another control byte no text file holds.
    #[error(
        "not a text file: byte {offset} is a control byte (0x{byte:02x}); hand histories are text"
    )]
    Binary {
        /// Where, from the start of the file.
        offset: usize,
        /// The byte.
        byte: u8,
    },
}

/// Decodes a file's bytes: a UTF-8 byte-order mark is dropped, valid UTF-8 is read as
/// such, anything else as Windows-1252 (every byte is a character there, so nothing is
/// lost). Control bytes other than tab, CR, LF and form feed mean binary data.
pub fn decode(bytes: &[u8]) -> Result<(String, Encoding), TextError> {
    decode_owned(bytes.to_vec())
}

/// [`decode`] of bytes the caller gives up: UTF-8 is kept in place, not copied (a file
/// of 100 MB is held once).
pub fn decode_owned(mut bytes: Vec<u8>) -> Result<(String, Encoding), TextError> {
    if let Some(offset) = bytes
        .iter()
        .position(|&b| b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n' | 0x0c))
    {
        return Err(TextError::Binary {
            offset,
            byte: bytes[offset],
        });
    }
    let bom = bytes.starts_with(b"\xef\xbb\xbf");
    if bom {
        bytes.drain(..3);
    }
    let bytes = match String::from_utf8(bytes) {
        Ok(text) if bom => return Ok((text, Encoding::Utf8Bom)),
        Ok(text) => return Ok((text, Encoding::Utf8)),
        Err(e) => {
            let mut b = e.into_bytes();
            if bom {
                b.splice(0..0, *b"\xef\xbb\xbf");
            }
            b
        }
    };
    let (text, _) = encoding_rs::WINDOWS_1252.decode_without_bom_handling(&bytes);
    Ok((text.into_owned(), Encoding::Windows1252))
}

/// The text's lines without line ends (LF or CRLF), trailing white space, the leading
/// spaces some archives indent with, or no-break spaces around the text, numbered from 1.
pub fn clean_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, line)| {
        let line = line.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
        (i + 1, line)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_each_encoding() {
        assert_eq!(
            decode(b"\xef\xbb\xbfSeat 1").unwrap(),
            ("Seat 1".to_string(), Encoding::Utf8Bom)
        );
        assert_eq!(
            decode("Blåveis €".as_bytes()).unwrap(),
            ("Blåveis €".to_string(), Encoding::Utf8)
        );
        assert_eq!(
            decode(b"Bl\xe5veis \x80").unwrap(),
            ("Blåveis €".to_string(), Encoding::Windows1252)
        );
        assert_eq!(
            decode(b"ab\x00cd"),
            Err(TextError::Binary { offset: 2, byte: 0 })
        );
        let lines: Vec<_> = clean_lines("a  \r\n  b\r\n").collect();
        assert_eq!(lines, vec![(1, "a"), (2, "b")]);
    }
}
