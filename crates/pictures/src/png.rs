//! A small PNG writer, so the wasm carries no image crate: 8-bit pixels, indexed when the
//! picture has at most 256 colours (a tour's move-order scale has 256), else RGB; every
//! row unfiltered; the zlib stream in stored (uncompressed) deflate blocks. Stored blocks
//! cost one byte a pixel for an indexed picture (4 MB for 2000×2000) and need no
//! compressor; a `tEXt` chunk may carry the workbench link.

use std::collections::HashMap;

/// The largest side written (the page's biggest board, 2000, at 2×).
pub const MAX_SIDE: u32 = 4000;
/// A stored deflate block holds at most this many bytes.
const STORED_MAX: usize = 65_535;

/// `width`×`height` RGB pixels (row by row from the top, three bytes each) as a PNG file,
/// with `comment` in a `tEXt` chunk when it is not empty.
pub fn encode(width: u32, height: u32, rgb: &[u8], comment: &str) -> Result<Vec<u8>, String> {
    if width == 0 || height == 0 || width > MAX_SIDE || height > MAX_SIDE {
        return Err(format!(
            "a {width}x{height} picture is outside 1 to {MAX_SIDE} pixels a side"
        ));
    }
    if rgb.len() != width as usize * height as usize * 3 {
        return Err("the pixels do not fill the picture".into());
    }
    let indexed = palette(rgb);
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let colour_type = if indexed.is_some() { 3 } else { 2 };
    let mut ihdr = Vec::with_capacity(13);
    ihdr.extend_from_slice(&width.to_be_bytes());
    ihdr.extend_from_slice(&height.to_be_bytes());
    ihdr.extend_from_slice(&[8, colour_type, 0, 0, 0]);
    chunk(&mut out, b"IHDR", &ihdr);
    if !comment.is_empty() {
        let text = [b"Comment\0".as_slice(), latin1(comment).as_slice()].concat();
        chunk(&mut out, b"tEXt", &text);
    }
    let rows = match &indexed {
        Some((colours, index)) => {
            chunk(&mut out, b"PLTE", &colours.concat());
            scanlines(
                width,
                rgb.chunks_exact(3).map(|p| index[&[p[0], p[1], p[2]]]),
                1,
            )
        }
        None => scanlines(width, rgb.iter().copied(), 3),
    };
    chunk(&mut out, b"IDAT", &zlib_stored(&rows));
    chunk(&mut out, b"IEND", &[]);
    Ok(out)
}

type Indexed = (Vec<[u8; 3]>, HashMap<[u8; 3], u8>);

/// The picture's colours and each one's index, if there are at most 256.
fn palette(rgb: &[u8]) -> Option<Indexed> {
    let (mut colours, mut index) = (Vec::new(), HashMap::new());
    for p in rgb.chunks_exact(3) {
        let c = [p[0], p[1], p[2]];
        if let std::collections::hash_map::Entry::Vacant(slot) = index.entry(c) {
            if colours.len() == 256 {
                return None;
            }
            slot.insert(colours.len() as u8);
            colours.push(c);
        }
    }
    Some((colours, index))
}

/// The rows, each after its filter byte (0: none); `per_pixel` bytes a pixel.
fn scanlines(width: u32, bytes: impl Iterator<Item = u8>, per_pixel: usize) -> Vec<u8> {
    let row = width as usize * per_pixel;
    let mut out = Vec::new();
    for (i, b) in bytes.enumerate() {
        if i % row == 0 {
            out.push(0);
        }
        out.push(b);
    }
    out
}

/// `data` as a zlib stream of stored deflate blocks.
fn zlib_stored(data: &[u8]) -> Vec<u8> {
    let blocks = data.len().div_ceil(STORED_MAX).max(1);
    let mut out = Vec::with_capacity(data.len() + blocks * 5 + 6);
    out.extend_from_slice(&[0x78, 0x01]);
    let mut parts = data.chunks(STORED_MAX).peekable();
    if parts.peek().is_none() {
        out.extend_from_slice(&[1, 0, 0, 0xff, 0xff]);
    }
    while let Some(part) = parts.next() {
        let last = u8::from(parts.peek().is_none());
        let len = part.len() as u16;
        out.push(last);
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&(!len).to_le_bytes());
        out.extend_from_slice(part);
    }
    out.extend_from_slice(&adler32(data).to_be_bytes());
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// PNG's text chunks are Latin-1: other characters become '?'.
fn latin1(text: &str) -> Vec<u8> {
    text.chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap_or(b'?'))
        .collect()
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut table = [0u32; 256];
    for (n, entry) in table.iter_mut().enumerate() {
        let mut c = n as u32;
        for _ in 0..8 {
            c = if c & 1 == 1 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
        }
        *entry = c;
    }
    !bytes.iter().fold(!0u32, |c, &b| {
        table[((c ^ b as u32) & 0xff) as usize] ^ (c >> 8)
    })
}

fn adler32(bytes: &[u8]) -> u32 {
    let (mut a, mut b) = (1u32, 0u32);
    for part in bytes.chunks(5552) {
        for &x in part {
            a += x as u32;
            b += a;
        }
        a %= 65_521;
        b %= 65_521;
    }
    (b << 16) | a
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checksums_match_their_published_values() {
        // "123456789" is the check string both specifications publish.
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
        assert_eq!(adler32(b"Wikipedia"), 0x11e6_0398);
    }

    #[test]
    fn many_colours_are_rgb_and_bad_sizes_are_refused() {
        let rgb: Vec<u8> = (0..300u32)
            .flat_map(|i| [(i % 256) as u8, (i / 256) as u8, 7])
            .collect();
        let png = encode(300, 1, &rgb, "").unwrap();
        assert_eq!(png[25], 2, "colour type RGB");
        assert!(encode(0, 1, &[], "").is_err());
        assert!(encode(2, 2, &rgb[..6], "").is_err());
        assert!(encode(MAX_SIDE + 1, 1, &[0; 3 * (MAX_SIDE as usize + 1)], "").is_err());
    }
}
