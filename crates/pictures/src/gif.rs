//! A small animated-GIF writer (GIF89a, looping): one global palette of up to 256 colours,
//! each frame LZW-compressed as the format asks (variable code width up to 12 bits, a
//! clear code when the table fills). Pictures here are flat colours, so a palette of the
//! colours used is exact.

use std::collections::HashMap;

/// An image in palette indices, `width`×`height`, row by row from the top.
pub struct Frame {
    pub indices: Vec<u8>,
    /// How long it shows, in hundredths of a second.
    pub delay_cs: u16,
}

/// The file: `palette` (RGB, at most 256), every frame the same size.
pub fn encode(width: u16, height: u16, palette: &[[u8; 3]], frames: &[Frame]) -> Vec<u8> {
    let bits = (1..=8).find(|&b| 1usize << b >= palette.len()).unwrap_or(8);
    let mut out = Vec::with_capacity(1024 + frames.len() * 256);
    out.extend_from_slice(b"GIF89a");
    out.extend_from_slice(&width.to_le_bytes());
    out.extend_from_slice(&height.to_le_bytes());
    out.extend_from_slice(&[0xF0 | (bits as u8 - 1), 0, 0]);
    for i in 0..1usize << bits {
        out.extend_from_slice(&palette.get(i).copied().unwrap_or([0, 0, 0]));
    }
    // Loop for ever (the NETSCAPE2.0 extension every viewer reads).
    out.extend_from_slice(b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00");
    let min_code = bits.max(2) as u8;
    for frame in frames {
        out.extend_from_slice(&[0x21, 0xF9, 4, 0]);
        out.extend_from_slice(&frame.delay_cs.to_le_bytes());
        out.extend_from_slice(&[0, 0, 0x2C, 0, 0, 0, 0]);
        out.extend_from_slice(&width.to_le_bytes());
        out.extend_from_slice(&height.to_le_bytes());
        out.extend_from_slice(&[0, min_code]);
        for block in lzw(&frame.indices, min_code).chunks(255) {
            out.push(block.len() as u8);
            out.extend_from_slice(block);
        }
        out.push(0);
    }
    out.push(0x3B);
    out
}

/// Codes packed least significant bit first.
struct Bits {
    out: Vec<u8>,
    acc: u32,
    count: u32,
}

impl Bits {
    fn put(&mut self, code: u16, width: u32) {
        self.acc |= (code as u32) << self.count;
        self.count += width;
        while self.count >= 8 {
            self.out.push(self.acc as u8);
            self.acc >>= 8;
            self.count -= 8;
        }
    }
}

/// GIF's LZW: after each code written, the width grows once the next free code no longer
/// fits; a full table (4096 codes) is cleared.
fn lzw(indices: &[u8], min_code: u8) -> Vec<u8> {
    let clear = 1u16 << min_code;
    let end = clear + 1;
    let mut table: HashMap<(u16, u8), u16> = HashMap::new();
    let mut next = end + 1;
    let mut width = min_code as u32 + 1;
    let mut bits = Bits {
        out: Vec::new(),
        acc: 0,
        count: 0,
    };
    bits.put(clear, width);
    let mut prefix: Option<u16> = None;
    for &k in indices {
        let Some(p) = prefix else {
            prefix = Some(k as u16);
            continue;
        };
        if let Some(&code) = table.get(&(p, k)) {
            prefix = Some(code);
            continue;
        }
        bits.put(p, width);
        if next as u32 > (1 << width) - 1 && width < 12 {
            width += 1;
        }
        if next < 4096 {
            table.insert((p, k), next);
            next += 1;
        } else {
            bits.put(clear, width);
            table.clear();
            next = end + 1;
            width = min_code as u32 + 1;
        }
        prefix = Some(k as u16);
    }
    if let Some(p) = prefix {
        bits.put(p, width);
        if next as u32 > (1 << width) - 1 && width < 12 {
            width += 1;
        }
    }
    bits.put(end, width);
    if bits.count > 0 {
        bits.out.push(bits.acc as u8);
    }
    bits.out
}
