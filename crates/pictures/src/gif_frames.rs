//! The frames of a GIF as a viewer shows them, one at a time, for the page's WebM: the
//! page plays the very file "Save animation" encoded onto a canvas, so the video holds
//! the GIF's frames and delays. Reads what [`crate::gif::Writer`] writes (one global
//! palette, each frame a rectangle kept over the one before); a local palette is read
//! too. Holding the file, not its frames, keeps a long recording's memory small.

/// A GIF being read frame by frame.
pub struct Frames {
    bytes: Vec<u8>,
    at: usize,
    width: usize,
    height: usize,
    palette: Vec<[u8; 3]>,
    /// The picture shown so far, RGBA (what a canvas takes).
    shown: Vec<u8>,
    delay_cs: u16,
}

impl Frames {
    /// Reads the header of `bytes`: its size and palette.
    pub fn new(bytes: Vec<u8>) -> Result<Frames, String> {
        if bytes.len() < 13 || !bytes.starts_with(b"GIF8") {
            return Err("not a GIF".into());
        }
        let width = u16::from_le_bytes([bytes[6], bytes[7]]) as usize;
        let height = u16::from_le_bytes([bytes[8], bytes[9]]) as usize;
        let mut frames = Frames {
            at: 13,
            width,
            height,
            palette: Vec::new(),
            shown: [0, 0, 0, 255].repeat(width * height),
            delay_cs: 0,
            bytes,
        };
        if frames.bytes[10] & 0x80 != 0 {
            frames.palette = frames.read_palette(frames.bytes[10])?;
        }
        Ok(frames)
    }

    /// Width and height in pixels.
    pub fn size(&self) -> (u32, u32) {
        (self.width as u32, self.height as u32)
    }

    /// The next frame (RGBA, row by row) and its delay in hundredths of a second, or
    /// none after the last.
    pub fn next_frame(&mut self) -> Result<Option<(&[u8], u16)>, String> {
        loop {
            match self.byte()? {
                0x3B => return Ok(None),
                0x21 => self.extension()?,
                0x2C => {
                    self.image()?;
                    return Ok(Some((&self.shown, self.delay_cs)));
                }
                b => return Err(format!("unexpected block {b:#04x}")),
            }
        }
    }

    fn byte(&mut self) -> Result<u8, String> {
        let b = *self.bytes.get(self.at).ok_or("the file ends early")?;
        self.at += 1;
        Ok(b)
    }

    fn u16(&mut self) -> Result<usize, String> {
        Ok(self.byte()? as usize | (self.byte()? as usize) << 8)
    }

    /// A palette of the size `flags` says.
    fn read_palette(&mut self, flags: u8) -> Result<Vec<[u8; 3]>, String> {
        let n = 2usize << (flags & 7);
        let end = self.at + 3 * n;
        let raw = self
            .bytes
            .get(self.at..end)
            .ok_or("the palette is cut short")?;
        self.at = end;
        Ok(raw.chunks(3).map(|c| [c[0], c[1], c[2]]).collect())
    }

    /// The data sub-blocks from here, joined.
    fn sub_blocks(&mut self) -> Result<Vec<u8>, String> {
        let mut data = Vec::new();
        loop {
            let len = self.byte()? as usize;
            if len == 0 {
                return Ok(data);
            }
            let block = self.bytes.get(self.at..self.at + len);
            data.extend_from_slice(block.ok_or("a block is cut short")?);
            self.at += len;
        }
    }

    /// An extension: a graphic control gives the next frame's delay; others are skipped.
    fn extension(&mut self) -> Result<(), String> {
        let label = self.byte()?;
        let data = self.sub_blocks()?;
        if label == 0xF9 && data.len() >= 3 {
            self.delay_cs = u16::from_le_bytes([data[1], data[2]]);
        }
        Ok(())
    }

    /// An image: its rectangle decoded and painted over what is shown.
    fn image(&mut self) -> Result<(), String> {
        let (left, top) = (self.u16()?, self.u16()?);
        let (w, h) = (self.u16()?, self.u16()?);
        let flags = self.byte()?;
        if flags & 0x40 != 0 {
            return Err("interlaced frames are not read".into());
        }
        let local = match flags & 0x80 {
            0 => None,
            _ => Some(self.read_palette(flags)?),
        };
        let min_code = self.byte()?;
        let indices = lzw_decode(&self.sub_blocks()?, min_code, w * h)?;
        let palette = local.as_ref().unwrap_or(&self.palette);
        if left + w > self.width || top + h > self.height {
            return Err("a frame lies outside the picture".into());
        }
        for (i, &index) in indices.iter().enumerate() {
            let rgb = palette
                .get(index as usize)
                .ok_or("a colour not in the palette")?;
            let at = 4 * ((top + i / w) * self.width + left + i % w);
            self.shown[at..at + 3].copy_from_slice(rgb);
        }
        Ok(())
    }
}

/// GIF's LZW decoded: `count` palette indices from `data`.
fn lzw_decode(data: &[u8], min_code: u8, count: usize) -> Result<Vec<u8>, String> {
    if !(2..=8).contains(&min_code) {
        return Err(format!("a code size of {min_code}"));
    }
    let clear = 1usize << min_code;
    let fresh = || (0..clear).map(|i| vec![i as u8]).chain([vec![], vec![]]);
    let mut table: Vec<Vec<u8>> = fresh().collect();
    let (mut width, mut acc, mut bits) = (min_code as u32 + 1, 0u32, 0u32);
    let mut out = Vec::with_capacity(count);
    let mut prev: Option<usize> = None;
    for &byte in data {
        acc |= (byte as u32) << bits;
        bits += 8;
        while bits >= width {
            let code = (acc & ((1 << width) - 1)) as usize;
            acc >>= width;
            bits -= width;
            if code == clear {
                table = fresh().collect();
                (width, prev) = (min_code as u32 + 1, None);
                continue;
            }
            if code == clear + 1 {
                return Ok(out);
            }
            let entry = match (table.get(code), prev) {
                (Some(e), _) if code < table.len() => e.clone(),
                (_, Some(p)) if code == table.len() => {
                    let mut e = table[p].clone();
                    e.push(table[p][0]);
                    e
                }
                _ => return Err(format!("a code {code} not yet defined")),
            };
            out.extend_from_slice(&entry);
            if let Some(p) = prev.filter(|_| table.len() < 4096) {
                let mut grown = table[p].clone();
                grown.push(entry[0]);
                table.push(grown);
                if table.len() == 1 << width && width < 12 {
                    width += 1;
                }
            }
            prev = Some(code);
        }
    }
    match out.len() >= count {
        true => Ok(out),
        false => Err("the frame's data ends early".into()),
    }
}
