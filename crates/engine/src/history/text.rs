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
    /// UTF-16, little-endian (PartyPoker writes its histories so on Windows).
    Utf16Le,
    /// UTF-16, big-endian.
    Utf16Be,
}

impl Encoding {
    /// The encoding's usual name.
    pub fn name(self) -> &'static str {
        match self {
            Encoding::Utf8 => "UTF-8",
            Encoding::Utf8Bom => "UTF-8 with BOM",
            Encoding::Windows1252 => "Windows-1252",
            Encoding::Utf16Le => "UTF-16LE",
            Encoding::Utf16Be => "UTF-16BE",
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
    /// A UTF-16 file (by its byte-order mark or its NUL bytes) that is not valid UTF-16.
    #[error("not valid UTF-16 text at byte {offset}: {why}")]
    Utf16 {
        /// Where, from the start of the file.
        offset: usize,
        /// What is wrong there.
        why: String,
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
    if let Some(encoding) = utf16_of(&bytes) {
        return decode_utf16(&bytes, encoding);
    }
    // PartyPoker ends each hand with a NUL byte: a few NULs (at most one in 200 bytes)
    // are read as line breaks; any other control byte, or NULs everywhere, is binary.
    let nuls = bytes.iter().filter(|&&b| b == 0).count();
    let nul_is_break = nuls > 0 && nuls <= bytes.len() / 200;
    if let Some(offset) = bytes.iter().position(|&b| {
        b < 0x20 && !matches!(b, b'\t' | b'\r' | b'\n' | 0x0c) && !(b == 0 && nul_is_break)
    }) {
        return Err(TextError::Binary {
            offset,
            byte: bytes[offset],
        });
    }
    if nul_is_break {
        for b in bytes.iter_mut().filter(|b| **b == 0) {
            *b = b'\n';
        }
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

/// UTF-16 by its byte-order mark, or without one by text whose every other byte is NUL
/// (ASCII written as UTF-16): the first 64 code units decide.
fn utf16_of(bytes: &[u8]) -> Option<Encoding> {
    if bytes.starts_with(b"\xff\xfe") {
        return Some(Encoding::Utf16Le);
    }
    if bytes.starts_with(b"\xfe\xff") {
        return Some(Encoding::Utf16Be);
    }
    let head = &bytes[..bytes.len().min(128) & !1];
    if head.len() < 4 {
        return None;
    }
    let zero_at = |parity: usize| head.iter().skip(parity).step_by(2).all(|&b| b == 0);
    let text_at = |parity: usize| head.iter().skip(parity).step_by(2).all(|&b| b != 0);
    if zero_at(1) && text_at(0) {
        Some(Encoding::Utf16Le)
    } else if zero_at(0) && text_at(1) {
        Some(Encoding::Utf16Be)
    } else {
        None
    }
}

/// UTF-16 text: malformed code units (a lone surrogate, an odd last byte) refuse the file
/// at their offset; control characters too, as in the other encodings.
fn decode_utf16(bytes: &[u8], encoding: Encoding) -> Result<(String, Encoding), TextError> {
    let bom = bytes.starts_with(b"\xff\xfe") || bytes.starts_with(b"\xfe\xff");
    let body = if bom { &bytes[2..] } else { bytes };
    let start = if bom { 2 } else { 0 };
    if body.len() % 2 == 1 {
        return Err(TextError::Utf16 {
            offset: bytes.len() - 1,
            why: "the file ends halfway through a character".into(),
        });
    }
    let units = body.chunks_exact(2).map(|c| match encoding {
        Encoding::Utf16Be => u16::from_be_bytes([c[0], c[1]]),
        _ => u16::from_le_bytes([c[0], c[1]]),
    });
    let mut text = String::with_capacity(body.len() / 2);
    for (i, ch) in char::decode_utf16(units).enumerate() {
        // `i` counts characters; a surrogate pair is two units, so the offset is close
        // enough to find the spot, and exact for files of one-unit characters.
        let offset = start + 2 * i;
        let ch = ch.map_err(|e| TextError::Utf16 {
            offset,
            why: format!("unpaired surrogate 0x{:04x}", e.unpaired_surrogate()),
        })?;
        if (ch as u32) < 0x20 && !matches!(ch, '\t' | '\r' | '\n' | '\u{c}') {
            return Err(TextError::Binary {
                offset,
                byte: ch as u8,
            });
        }
        text.push(ch);
    }
    Ok((text, encoding))
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
        // A NUL between hands, as PartyPoker writes them, is a line break.
        let mut party = vec![b'x'; 600];
        party[300] = 0;
        let (text, _) = decode(&party).unwrap();
        assert_eq!(text.lines().count(), 2);
        let le: Vec<u8> = "\u{feff}Seat 1 €"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        assert_eq!(
            decode(&le).unwrap(),
            ("Seat 1 €".to_string(), Encoding::Utf16Le)
        );
        let be: Vec<u8> = "Seat 1".encode_utf16().flat_map(u16::to_be_bytes).collect();
        assert_eq!(
            decode(&be).unwrap(),
            ("Seat 1".to_string(), Encoding::Utf16Be)
        );
        assert!(matches!(
            decode(b"\xff\xfeS\x00e"),
            Err(TextError::Utf16 { offset: 4, .. })
        ));
        assert!(matches!(
            decode(b"\xff\xfeS\x00\x00\xd8a\x00"),
            Err(TextError::Utf16 { .. })
        ));
        let lines: Vec<_> = clean_lines("a  \r\n  b\r\n").collect();
        assert_eq!(lines, vec![(1, "a"), (2, "b")]);
    }
}
