//! Coordinates: small integers numbering one aspect of a cube, 0 when solved, so moves and
//! distances become array lookups.
//!
//! Phase 1 (reach ⟨U, D, R2, L2, F2, B2⟩): corner twist (3^7 = 2187), edge flip
//! (2^11 = 2048), which four positions hold the middle-layer edges (C(12,4) = 495).
//! Phase 2 (inside that group): corner permutation (8! = 40320), permutation of the eight
//! U/D-layer edges (8! = 40320), permutation of the four middle-layer edges (4! = 24).

use std::sync::OnceLock;

pub const N_TWIST: usize = 2187;
pub const N_FLIP: usize = 2048;
pub const N_SLICE: usize = 495;
pub const N_CORNER_PERM: usize = 40320;
pub const N_EDGE_PERM: usize = 40320;
pub const N_SLICE_PERM: usize = 24;

/// The twists of corners 0..7 in base 3 (the eighth follows: twists add up to 0 mod 3).
pub fn twist(co: &[u8; 8]) -> u16 {
    co[..7].iter().fold(0, |acc, &t| acc * 3 + t as u16)
}

pub fn twist_to_orientation(mut index: u16) -> [u8; 8] {
    let mut co = [0u8; 8];
    let mut sum = 0;
    for i in (0..7).rev() {
        co[i] = (index % 3) as u8;
        sum += co[i];
        index /= 3;
    }
    co[7] = (3 - sum % 3) % 3;
    co
}

/// The flips of edges 0..11 in base 2 (the twelfth follows: flips add up to even).
pub fn flip(eo: &[u8; 12]) -> u16 {
    eo[..11].iter().fold(0, |acc, &t| acc * 2 + t as u16)
}

pub fn flip_to_orientation(mut index: u16) -> [u8; 12] {
    let mut eo = [0u8; 12];
    let mut sum = 0;
    for i in (0..11).rev() {
        eo[i] = (index % 2) as u8;
        sum += eo[i];
        index /= 2;
    }
    eo[11] = sum % 2;
    eo
}

const fn binomial(n: u32, k: u32) -> u32 {
    if k > n {
        return 0;
    }
    let mut r = 1;
    let mut i = 0;
    while i < k {
        r = r * (n - i) / (i + 1);
        i += 1;
    }
    r
}

/// The positions holding middle-layer edges (FR FL BL BR, numbered 8..11), as a bit mask,
/// ranked so that the solved mask (positions 8..11) is 0.
pub fn slice_from_mask(mask: u16) -> u16 {
    let mut index = 0;
    let mut seen = 0;
    for j in (0..12).rev() {
        if mask & (1 << j) != 0 {
            index += binomial(11 - j, seen + 1);
            seen += 1;
        }
    }
    index as u16
}

pub fn slice_mask(ep: &[u8; 12]) -> u16 {
    (0..12).filter(|&j| ep[j] >= 8).fold(0, |m, j| m | (1 << j))
}

pub fn slice(ep: &[u8; 12]) -> u16 {
    slice_from_mask(slice_mask(ep))
}

/// The mask of every slice coordinate.
pub fn slice_masks() -> &'static [u16; N_SLICE] {
    static MASKS: OnceLock<[u16; N_SLICE]> = OnceLock::new();
    MASKS.get_or_init(|| {
        let mut out = [0u16; N_SLICE];
        for mask in 0u16..4096 {
            if mask.count_ones() == 4 {
                out[slice_from_mask(mask) as usize] = mask;
            }
        }
        out
    })
}

/// Lehmer rank of a permutation of `0..p.len()` (identity = 0).
pub fn perm_rank(p: &[u8]) -> u16 {
    let n = p.len();
    let mut rank = 0u32;
    for i in 0..n {
        let smaller_after = p[i + 1..].iter().filter(|&&x| x < p[i]).count() as u32;
        rank = rank * (n - i) as u32 + smaller_after;
    }
    rank as u16
}

/// The permutation of `0..N` with Lehmer rank `rank`.
pub fn perm_unrank<const N: usize>(mut rank: u32) -> [u8; N] {
    let mut digits = [0u32; N];
    for (i, d) in digits.iter_mut().enumerate().rev() {
        let base = (N - i) as u32;
        *d = rank % base;
        rank /= base;
    }
    // The values not yet used, in order (an array: the tables unrank 80,000 of these).
    let mut left: [u8; N] = std::array::from_fn(|i| i as u8);
    std::array::from_fn(|i| {
        let d = digits[i] as usize;
        let x = left[d];
        left.copy_within(d + 1..N - i, d);
        x
    })
}

/// Phase-2 edge coordinate: the permutation of the eight U/D edges in positions 0..7.
pub fn edge_perm(ep: &[u8; 12]) -> u16 {
    perm_rank(&ep[..8])
}

/// Phase-2 slice coordinate: the permutation of the middle-layer edges in positions 8..11.
pub fn slice_perm(ep: &[u8; 12]) -> u8 {
    let s = [ep[8] - 8, ep[9] - 8, ep[10] - 8, ep[11] - 8];
    perm_rank(&s) as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;

    #[test]
    fn orientation_coordinates_round_trip() {
        for t in 0..N_TWIST as u16 {
            let co = twist_to_orientation(t);
            assert_eq!(twist(&co), t);
            assert_eq!(co.iter().map(|&c| c as u32).sum::<u32>() % 3, 0);
        }
        for f in 0..N_FLIP as u16 {
            assert_eq!(flip(&flip_to_orientation(f)), f);
        }
    }

    #[test]
    fn slice_ranks_every_four_subset_once() {
        let masks = slice_masks();
        let mut sorted = masks.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        assert_eq!(sorted.len(), N_SLICE);
        assert_eq!(masks[0], 0b1111_0000_0000);
        assert_eq!(slice_from_mask(0b1111), 494);
    }

    #[test]
    fn permutation_ranks_round_trip() {
        let mut rng = Rng::new(1);
        for _ in 0..1000 {
            let r = rng.below(40320) as u32;
            let p: [u8; 8] = perm_unrank(r);
            assert_eq!(perm_rank(&p) as u32, r);
        }
        assert_eq!(perm_rank(&[0, 1, 2, 3]), 0);
        assert_eq!(perm_rank(&[3, 2, 1, 0]), 23);
    }
}
