//! A small animated-GIF writer (GIF89a, looping), fed one frame at a time so a worker can
//! encode a long run in batches: one global palette of the colours used (up to 256; the
//! pictures are flat colours, so it is exact), and each frame after the first only the
//! rectangle that changed, kept over the frame before (disposal "do not dispose"): a
//! knight's move changes a few squares of the board, so a tour's frames are small.

use std::collections::HashMap;

use crate::raster::Raster;

/// Codes start at 9 bits: the palette may grow to 256 colours after the first frame is
/// written, so every frame is coded for a full one.
const MIN_CODE: u8 = 8;

/// An animation being written: frames in, the file out ([`Writer::finish`]).
pub struct Writer {
    width: u16,
    height: u16,
    palette: Vec<[u8; 3]>,
    index: HashMap<[u8; 3], u8>,
    /// The frame before, in palette indices (what a viewer shows under the next).
    shown: Vec<u8>,
    /// The frames written so far (extensions, descriptors, image data).
    body: Vec<u8>,
    frames: usize,
}

impl Writer {
    /// A writer for frames of `width`×`height` pixels.
    pub fn new(width: u32, height: u32) -> Result<Writer, String> {
        if width == 0 || height == 0 || width > u16::MAX as u32 || height > u16::MAX as u32 {
            return Err(format!("a {width}x{height} picture cannot be a GIF"));
        }
        Ok(Writer {
            width: width as u16,
            height: height as u16,
            palette: Vec::new(),
            index: HashMap::new(),
            shown: Vec::new(),
            body: Vec::new(),
            frames: 0,
        })
    }

    /// Frames written so far.
    pub fn frames(&self) -> usize {
        self.frames
    }

    /// Adds `raster` (the writer's size) shown for `delay_cs` hundredths of a second.
    pub fn add(&mut self, raster: &Raster, delay_cs: u16) -> Result<(), String> {
        if (raster.width, raster.height) != (self.width as u32, self.height as u32) {
            return Err("the frames differ in size".into());
        }
        let indices = self.indices(raster)?;
        let [left, top, w, h] = changed(&self.shown, &indices, self.width as usize);
        let width = self.width as usize;
        let part: Vec<u8> = (top..top + h)
            .flat_map(|y| &indices[y * width + left..y * width + left + w])
            .copied()
            .collect();
        // Graphic control: disposal 1 (keep this frame under the next), the delay.
        self.body.extend_from_slice(&[0x21, 0xF9, 4, 1 << 2]);
        self.body.extend_from_slice(&delay_cs.to_le_bytes());
        self.body.extend_from_slice(&[0, 0, 0x2C]);
        for v in [left, top, w, h] {
            self.body.extend_from_slice(&(v as u16).to_le_bytes());
        }
        self.body.extend_from_slice(&[0, MIN_CODE]);
        for block in lzw(&part, MIN_CODE).chunks(255) {
            self.body.push(block.len() as u8);
            self.body.extend_from_slice(block);
        }
        self.body.push(0);
        self.shown = indices;
        self.frames += 1;
        Ok(())
    }

    /// The file: header, palette, the loop, the frames.
    pub fn finish(self) -> Vec<u8> {
        let mut out = Vec::with_capacity(800 + self.body.len());
        out.extend_from_slice(b"GIF89a");
        out.extend_from_slice(&self.width.to_le_bytes());
        out.extend_from_slice(&self.height.to_le_bytes());
        out.extend_from_slice(&[0xF0 | (MIN_CODE - 1), 0, 0]);
        for i in 0..1usize << MIN_CODE {
            out.extend_from_slice(&self.palette.get(i).copied().unwrap_or([0, 0, 0]));
        }
        // Loop for ever (the NETSCAPE2.0 extension every viewer reads).
        out.extend_from_slice(b"\x21\xFF\x0BNETSCAPE2.0\x03\x01\x00\x00\x00");
        out.extend_from_slice(&self.body);
        out.push(0x3B);
        out
    }

    /// The raster in palette indices, adding its new colours to the palette.
    fn indices(&mut self, raster: &Raster) -> Result<Vec<u8>, String> {
        let mut indices = Vec::with_capacity(raster.pixels.len());
        for px in &raster.pixels {
            let i = match self.index.get(px) {
                Some(&i) => i,
                None if self.palette.len() < 256 => {
                    let i = self.palette.len() as u8;
                    self.palette.push(*px);
                    self.index.insert(*px, i);
                    i
                }
                None => return Err("more than 256 colours".into()),
            };
            indices.push(i);
        }
        Ok(indices)
    }
}

/// The smallest rectangle (left, top, width, height) holding every pixel that differs
/// from the frame before: all of it for the first frame, one pixel if none differs (a
/// frame still has its delay).
fn changed(before: &[u8], now: &[u8], width: usize) -> [usize; 4] {
    let height = now.len() / width;
    if before.len() != now.len() {
        return [0, 0, width, height];
    }
    let (mut x0, mut y0, mut x1, mut y1) = (width, height, 0, 0);
    for (i, (a, b)) in before.iter().zip(now).enumerate() {
        if a != b {
            let (x, y) = (i % width, i / width);
            x0 = x0.min(x);
            x1 = x1.max(x);
            y0 = y0.min(y);
            y1 = y1.max(y);
        }
    }
    if x0 > x1 {
        return [0, 0, 1, 1];
    }
    [x0, y0, x1 - x0 + 1, y1 - y0 + 1]
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
