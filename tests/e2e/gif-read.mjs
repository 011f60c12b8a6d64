// A GIF reader for the browser tests, ported from the checkers' Rust reader
// (crates/checkers/src/gif.rs), not from the writer: frames as RGB pixels as a viewer
// shows them (global palette; a frame may cover part of the image over the one before,
// disposal 0 or 1), with their delays.

/** Reads `data` (a Uint8Array or Buffer): { width, height, frames: [[r,g,b] per pixel][], delays }. */
export function readGif(data) {
  const u16 = (at) => data[at] | (data[at + 1] << 8);
  const magic = String.fromCharCode(...data.slice(0, 6));
  if (magic !== 'GIF89a' && magic !== 'GIF87a') throw new Error('not a GIF');
  const width = u16(6);
  const height = u16(8);
  const flags = data[10];
  let at = 13;
  let palette = [];
  if (flags & 0x80) {
    const n = 2 << (flags & 7);
    for (let i = 0; i < n; i++) palette.push([data[at + 3 * i], data[at + 3 * i + 1], data[at + 3 * i + 2]]);
    at += 3 * n;
  }
  const gif = { width, height, frames: [], delays: [] };
  const shown = Array.from({ length: width * height }, () => [0, 0, 0]);
  let delay = 0;
  for (;;) {
    const block = data[at];
    if (block === undefined) throw new Error('the file ends early');
    if (block === 0x3b) return gif;
    if (block === 0x21) {
      if (data[at + 1] === 0xf9) {
        delay = u16(at + 4);
        if (((data[at + 3] >> 2) & 7) > 1) throw new Error('only disposal 0 or 1 is read');
      }
      at = subBlocks(data, at + 2).next;
    } else if (block === 0x2c) {
      const [x, y, w, h] = [u16(at + 1), u16(at + 3), u16(at + 5), u16(at + 7)];
      if (x + w > width || y + h > height || data[at + 9] & 0xc0) throw new Error('a frame outside the image, or a local palette');
      const minCode = data[at + 10];
      const { bytes, next } = subBlocks(data, at + 11);
      at = next;
      const indices = decode(bytes, minCode, w * h);
      indices.forEach((i, k) => {
        if (i >= palette.length) throw new Error('index past the palette');
        shown[(y + Math.floor(k / w)) * width + x + (k % w)] = palette[i];
      });
      gif.frames.push(shown.slice());
      gif.delays.push(delay);
    } else {
      throw new Error(`unknown block ${block}`);
    }
  }
}

function subBlocks(data, at) {
  const out = [];
  for (;;) {
    const n = data[at++];
    if (n === undefined) throw new Error('sub-blocks end early');
    if (n === 0) return { bytes: out, next: at };
    for (let i = 0; i < n; i++) out.push(data[at + i]);
    at += n;
  }
}

/** GIF's LZW: codes least significant bit first, widths from minCode + 1 up to 12. */
function decode(bytes, minCode, pixels) {
  const clear = 1 << minCode;
  const end = clear + 1;
  const reset = () => [...Array.from({ length: clear }, (_, i) => [i]), [], []];
  let dict = reset();
  let width = minCode + 1;
  const out = [];
  let prev = null;
  let bit = 0;
  const total = bytes.length * 8;
  while (bit + width <= total) {
    let code = 0;
    for (let i = 0; i < width; i++) code |= ((bytes[(bit + i) >> 3] >> ((bit + i) & 7)) & 1) << i;
    bit += width;
    if (code === clear) {
      dict = reset();
      width = minCode + 1;
      prev = null;
      continue;
    }
    if (code === end) break;
    let entry;
    if (code < dict.length) entry = dict[code];
    else if (prev && code === dict.length) entry = [...prev, prev[0]];
    else throw new Error(`bad code ${code}`);
    if (prev && dict.length < 4096) dict.push([...prev, entry[0]]);
    if (dict.length === 1 << width && width < 12) width += 1;
    for (const v of entry) out.push(v);
    prev = entry;
  }
  if (out.length !== pixels) throw new Error(`${out.length} pixels, not ${pixels}`);
  return out;
}
