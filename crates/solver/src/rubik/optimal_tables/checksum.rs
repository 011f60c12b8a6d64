//! The checksum every kept copy of a table is checked by (a file's header, the browser
//! storage's record beside the bytes).

/// FNV-1a over the bytes, eight at a time: a kept table whose bytes changed is rebuilt.
pub fn checksum(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for chunk in data.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h ^= u64::from_le_bytes(word);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}
