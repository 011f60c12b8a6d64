//! A GIF reader for the tests of animations, written from the GIF89a specification apart
//! from the writer: the frames as RGB pixels (global palette, full-size frames), with
//! their delays.

pub struct Gif {
    pub width: usize,
    pub height: usize,
    pub frames: Vec<Vec<[u8; 3]>>,
    pub delays_cs: Vec<u16>,
}

/// Reads a GIF; an error for anything malformed.
pub fn read(data: &[u8]) -> Result<Gif, String> {
    let take = |at: usize, n: usize| data.get(at..at + n).ok_or("the file ends early");
    if take(0, 6)? != b"GIF89a" && take(0, 6)? != b"GIF87a" {
        return Err("not a GIF".into());
    }
    let u16_at = |at: usize| -> Result<u16, String> {
        Ok(u16::from_le_bytes([take(at, 1)?[0], take(at + 1, 1)?[0]]))
    };
    let (width, height) = (u16_at(6)? as usize, u16_at(8)? as usize);
    let flags = take(10, 1)?[0];
    let mut at = 13;
    let mut palette = Vec::new();
    if flags & 0x80 != 0 {
        let n = 2usize << (flags & 7);
        palette = take(at, 3 * n)?
            .chunks(3)
            .map(|c| [c[0], c[1], c[2]])
            .collect();
        at += 3 * n;
    }
    let mut gif = Gif {
        width,
        height,
        frames: Vec::new(),
        delays_cs: Vec::new(),
    };
    let mut delay = 0;
    // What a viewer shows: each frame's rectangle drawn over the one before.
    let mut shown = vec![[0u8; 3]; width * height];
    loop {
        match take(at, 1)?[0] {
            0x3B => return Ok(gif),
            0x21 => {
                let label = take(at + 1, 1)?[0];
                if label == 0xF9 {
                    delay = u16_at(at + 4)?;
                    if (take(at + 3, 1)?[0] >> 2) & 7 > 1 {
                        return Err("only disposal 0 or 1 is read".into());
                    }
                }
                at += 2;
                let (_, next) = sub_blocks(data, at)?;
                at = next;
            }
            0x2C => {
                let (x, y) = (u16_at(at + 1)? as usize, u16_at(at + 3)? as usize);
                let (w, h) = (u16_at(at + 5)? as usize, u16_at(at + 7)? as usize);
                if x + w > width || y + h > height || take(at + 9, 1)?[0] & 0xC0 != 0 {
                    return Err("only frames inside the image, on the global palette, not interlaced, are read".into());
                }
                let min_code = take(at + 10, 1)?[0];
                let (bytes, next) = sub_blocks(data, at + 11)?;
                at = next;
                let indices = decode(&bytes, min_code, w * h)?;
                for (k, &i) in indices.iter().enumerate() {
                    let colour = palette.get(i as usize).ok_or("index past the palette")?;
                    shown[(y + k / w) * width + x + k % w] = *colour;
                }
                gif.frames.push(shown.clone());
                gif.delays_cs.push(delay);
            }
            other => return Err(format!("unknown block {other:#x}")),
        }
    }
}

/// The data of the sub-blocks starting at `at`, and where they end.
fn sub_blocks(data: &[u8], mut at: usize) -> Result<(Vec<u8>, usize), String> {
    let mut out = Vec::new();
    loop {
        let n = *data.get(at).ok_or("sub-blocks end early")? as usize;
        at += 1;
        if n == 0 {
            return Ok((out, at));
        }
        out.extend_from_slice(data.get(at..at + n).ok_or("sub-block ends early")?);
        at += n;
    }
}

/// LZW as GIF has it: codes LSB first, width from min_code + 1 up to 12.
fn decode(bytes: &[u8], min_code: u8, pixels: usize) -> Result<Vec<u8>, String> {
    let clear = 1usize << min_code;
    let end = clear + 1;
    let reset = || -> Vec<Vec<u8>> {
        (0..clear)
            .map(|i| vec![i as u8])
            .chain([vec![], vec![]])
            .collect()
    };
    let mut dict = reset();
    let mut width = min_code as usize + 1;
    let mut out = Vec::with_capacity(pixels);
    let mut prev: Option<Vec<u8>> = None;
    let (mut bit, total) = (0usize, bytes.len() * 8);
    while bit + width <= total {
        let mut code = 0usize;
        for i in 0..width {
            code |= (((bytes[(bit + i) / 8] >> ((bit + i) % 8)) & 1) as usize) << i;
        }
        bit += width;
        if code == clear {
            dict = reset();
            width = min_code as usize + 1;
            prev = None;
            continue;
        }
        if code == end {
            break;
        }
        let entry = match (dict.get(code), &prev) {
            (Some(e), _) if code != clear && code != end => e.clone(),
            (None, Some(p)) if code == dict.len() => {
                let mut e = p.clone();
                e.push(p[0]);
                e
            }
            _ => return Err(format!("bad code {code}")),
        };
        if let Some(p) = prev {
            if dict.len() < 4096 {
                let mut e = p;
                e.push(entry[0]);
                dict.push(e);
            }
        }
        if dict.len() == 1 << width && width < 12 {
            width += 1;
        }
        out.extend_from_slice(&entry);
        prev = Some(entry);
    }
    if out.len() != pixels {
        return Err(format!("{} pixels, not {pixels}", out.len()));
    }
    Ok(out)
}
