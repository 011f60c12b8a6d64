//! A PNG reader for the tests of pictures, written from the PNG and zlib specifications
//! apart from the writer: every chunk's CRC and the stream's Adler-32 checked, 8-bit RGB,
//! RGBA or indexed pixels, all five row filters. Its inflater reads stored deflate blocks
//! only (what the writer makes); a compressed block is an error, not a guess.

pub struct Png {
    pub width: usize,
    pub height: usize,
    /// Row by row from the top.
    pub pixels: Vec<[u8; 3]>,
    /// The `tEXt` chunks' (keyword, text).
    pub texts: Vec<(String, String)>,
}

impl Png {
    /// The pixel at column `x`, row `y` from the top.
    pub fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }
}

/// Reads a PNG; an error for anything malformed.
pub fn read(data: &[u8]) -> Result<Png, String> {
    if data.get(..8) != Some(b"\x89PNG\r\n\x1a\n".as_slice()) {
        return Err("not a PNG".into());
    }
    let (mut at, mut header, mut palette, mut idat, mut texts) =
        (8, None, Vec::new(), Vec::new(), Vec::new());
    loop {
        let len = u32::from_be_bytes(get(data, at, 4)?.try_into().unwrap()) as usize;
        let kind = get(data, at + 4, 4)?;
        let body = get(data, at + 8, len)?;
        let crc = u32::from_be_bytes(get(data, at + 8 + len, 4)?.try_into().unwrap());
        if crc != crc32(get(data, at + 4, len + 4)?) {
            return Err(format!(
                "chunk {} fails its CRC",
                String::from_utf8_lossy(kind)
            ));
        }
        at += 12 + len;
        match kind {
            b"IHDR" => header = Some(body.to_vec()),
            b"PLTE" => palette = body.chunks(3).map(|c| [c[0], c[1], c[2]]).collect(),
            b"IDAT" => idat.extend_from_slice(body),
            b"tEXt" => {
                let nul = body
                    .iter()
                    .position(|&b| b == 0)
                    .ok_or("tEXt without keyword")?;
                let latin = |b: &[u8]| b.iter().map(|&c| c as char).collect::<String>();
                texts.push((latin(&body[..nul]), latin(&body[nul + 1..])));
            }
            b"IEND" => break,
            _ => {}
        }
    }
    let h = header.ok_or("no IHDR")?;
    let width = u32::from_be_bytes(h[0..4].try_into().unwrap()) as usize;
    let height = u32::from_be_bytes(h[4..8].try_into().unwrap()) as usize;
    let (depth, colour, interlace) = (h[8], h[9], h[12]);
    let per = match (depth, colour, interlace) {
        (8, 2, 0) => 3,
        (8, 6, 0) => 4,
        (8, 3, 0) => 1,
        _ => {
            return Err(format!(
                "depth {depth}, colour type {colour}, interlace {interlace} not read"
            ))
        }
    };
    let raw = unfilter(&inflate_stored(&idat)?, width * per, height, per)?;
    let pixels = raw
        .chunks(per)
        .map(|p| match per {
            1 => palette
                .get(p[0] as usize)
                .copied()
                .ok_or("index past the palette"),
            _ => Ok([p[0], p[1], p[2]]),
        })
        .collect::<Result<_, _>>()?;
    Ok(Png {
        width,
        height,
        pixels,
        texts,
    })
}

fn get(data: &[u8], at: usize, n: usize) -> Result<&[u8], String> {
    data.get(at..at + n)
        .ok_or_else(|| "the file ends early".into())
}

/// A zlib stream of stored blocks, its Adler-32 checked.
fn inflate_stored(z: &[u8]) -> Result<Vec<u8>, String> {
    let head = get(z, 0, 2)?;
    if head[0] & 0x0f != 8 || (u16::from(head[0]) << 8 | u16::from(head[1])) % 31 != 0 {
        return Err("not a zlib stream".into());
    }
    let (mut at, mut out) = (2, Vec::new());
    loop {
        let flags = get(z, at, 1)?[0];
        if flags >> 1 & 3 != 0 {
            return Err("a compressed deflate block (this reader takes stored ones)".into());
        }
        let lens = get(z, at + 1, 4)?;
        let len = u16::from_le_bytes([lens[0], lens[1]]);
        if len != !u16::from_le_bytes([lens[2], lens[3]]) {
            return Err("a stored block's length and its complement disagree".into());
        }
        out.extend_from_slice(get(z, at + 5, len as usize)?);
        at += 5 + len as usize;
        if flags & 1 == 1 {
            break;
        }
    }
    let sum = u32::from_be_bytes(get(z, at, 4)?.try_into().unwrap());
    let (mut a, mut b) = (1u64, 0u64);
    for &x in &out {
        a = (a + x as u64) % 65_521;
        b = (b + a) % 65_521;
    }
    if sum != (b << 16 | a) as u32 {
        return Err("Adler-32 mismatch".into());
    }
    Ok(out)
}

/// The rows without their filters (None, Sub, Up, Average, Paeth).
fn unfilter(data: &[u8], row: usize, rows: usize, per: usize) -> Result<Vec<u8>, String> {
    if data.len() != rows * (row + 1) {
        return Err(format!(
            "{} bytes of rows, expected {}",
            data.len(),
            rows * (row + 1)
        ));
    }
    let mut out = vec![0u8; row * rows];
    for y in 0..rows {
        let filter = data[y * (row + 1)];
        for x in 0..row {
            let raw = data[y * (row + 1) + 1 + x];
            let a = if x >= per {
                out[y * row + x - per] as i16
            } else {
                0
            };
            let b = if y > 0 {
                out[(y - 1) * row + x] as i16
            } else {
                0
            };
            let c = if x >= per && y > 0 {
                out[(y - 1) * row + x - per] as i16
            } else {
                0
            };
            let predicted = match filter {
                0 => 0,
                1 => a,
                2 => b,
                3 => (a + b) / 2,
                4 => {
                    let p = a + b - c;
                    let (pa, pb, pc) = ((p - a).abs(), (p - b).abs(), (p - c).abs());
                    if pa <= pb && pa <= pc {
                        a
                    } else if pb <= pc {
                        b
                    } else {
                        c
                    }
                }
                f => return Err(format!("row filter {f}")),
            };
            out[y * row + x] = raw.wrapping_add(predicted as u8);
        }
    }
    Ok(out)
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &b in bytes {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xedb8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}
