//! Path structures packed into 64-bit keys, so a layer entry is a key and a 64-bit count:
//! 16 bytes, half of the 32 a `u128` state and count take.
//!
//! A state's window holds 4 bits per cell (see [`super::plan`]); `2w + 1` cells are 60
//! bits up to 7 wide ([`Codec::Nibbles`] keeps them as they are) but 68 on an 8-wide
//! board. Closed tours never have a `TAIL`, and pair labels are numbered in order of first
//! appearance, so [`Codec::Closed`] writes each cell as one of four classes (2 bits:
//! full, empty, first end of a pair, second end) and, for each second end, which pair it
//! closes (3 bits, at most 8 pairs): 34 + 24 = 58 bits for 17 cells.
//!
//! Keys are the code plus one, so 0 marks an empty slot in a table.

use super::plan::{Plan, EMPTY, FIRST_PAIR, FULL};
use super::table::State;

/// How a plan's states are packed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Codec {
    /// 4 bits a cell, at most 15 cells.
    Nibbles,
    /// Closed tours, at most 17 cells (boards up to 8 wide).
    Closed,
}

/// Window cells [`Codec::Nibbles`] holds.
const NIBBLE_CELLS: usize = 15;
/// Window cells [`Codec::Closed`] holds, and where its pair indices begin.
const CLOSED_CELLS: usize = 17;
const CLOSES_AT: u32 = 2 * CLOSED_CELLS as u32;
/// Pairs a closed key can name (3 bits).
const MAX_PAIRS: u8 = 8;

impl Codec {
    /// The codec for a plan's states, if one fits.
    pub fn for_plan(plan: &Plan) -> Option<Codec> {
        if plan.k <= NIBBLE_CELLS {
            Some(Codec::Nibbles)
        } else if plan.closed && plan.k <= CLOSED_CELLS {
            Some(Codec::Closed)
        } else {
            None
        }
    }

    /// The key of a state (never 0), or `None` if it does not fit.
    #[inline]
    pub fn encode(self, state: State) -> Option<u64> {
        match self {
            Codec::Nibbles => (state >> (4 * NIBBLE_CELLS) == 0).then_some(state as u64 + 1),
            Codec::Closed => encode_closed(state).map(|c| c + 1),
        }
    }

    /// The state of a key made by [`Codec::encode`].
    #[inline]
    pub fn decode(self, key: u64) -> State {
        let code = key - 1;
        match self {
            Codec::Nibbles => code as State,
            Codec::Closed => decode_closed(code),
        }
    }
}

#[inline]
fn encode_closed(state: State) -> Option<u64> {
    if state >> (4 * CLOSED_CELLS) != 0 {
        return None;
    }
    let mut code = 0u64;
    let mut closes = CLOSES_AT;
    let mut next = FIRST_PAIR;
    for p in 0..CLOSED_CELLS {
        let v = (state >> (4 * p)) as u8 & 15;
        let class = match v {
            FULL => 0,
            EMPTY => 1,
            v if v == next => {
                if next - FIRST_PAIR >= MAX_PAIRS {
                    return None;
                }
                next += 1;
                2
            }
            v if v >= FIRST_PAIR && v < next => {
                code |= ((v - FIRST_PAIR) as u64) << closes;
                closes += 3;
                3
            }
            // A tail (open tours) or labels out of order.
            _ => return None,
        };
        code |= class << (2 * p);
    }
    Some(code)
}

#[inline]
fn decode_closed(code: u64) -> State {
    let mut state: State = 0;
    let mut closes = CLOSES_AT;
    let mut next = FIRST_PAIR;
    for p in 0..CLOSED_CELLS {
        let v = match (code >> (2 * p)) & 3 {
            0 => FULL,
            1 => EMPTY,
            2 => {
                next += 1;
                next - 1
            }
            _ => {
                let pair = (code >> closes) as u8 & 7;
                closes += 3;
                FIRST_PAIR + pair
            }
        };
        state |= (v as State) << (4 * p);
    }
    state
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pack(labels: &[u8]) -> State {
        labels
            .iter()
            .enumerate()
            .fold(0, |s, (p, &v)| s | (v as State) << (4 * p))
    }

    #[test]
    fn closed_keys_round_trip_and_fit_58_bits() {
        // Eight crossing pairs over 17 cells (labels 3..=10), the most a key holds.
        let full = pack(&[3, 4, 5, 6, 7, 8, 9, 10, 1, 10, 9, 8, 7, 6, 5, 4, 3]);
        let some = pack(&[0, 1, 3, 0, 4, 3, 1, 1, 4, 0, 0, 5, 0, 0, 0, 0, 5]);
        for s in [0, full, some, pack(&[1; 17])] {
            let key = Codec::Closed.encode(s).unwrap();
            assert!(key > 0 && key < 1 << 58, "{key:x}");
            assert_eq!(Codec::Closed.decode(key), s);
        }
        assert_ne!(
            Codec::Closed.encode(full),
            Codec::Closed.encode(some),
            "different states, different keys"
        );
        // Tails, labels out of order and an 18th cell do not fit.
        assert_eq!(Codec::Closed.encode(pack(&[2, 1])), None);
        assert_eq!(Codec::Closed.encode(pack(&[4, 3])), None);
        assert_eq!(Codec::Closed.encode(1 << (4 * 17)), None);
    }

    #[test]
    fn nibble_keys_are_the_state_plus_one() {
        let s = pack(&[1, 3, 2, 3, 0, 1]);
        assert_eq!(Codec::Nibbles.encode(s), Some(s as u64 + 1));
        assert_eq!(Codec::Nibbles.decode(s as u64 + 1), s);
        assert_eq!(Codec::Nibbles.encode(1 << 60), None);
    }

    #[test]
    fn plans_get_the_smallest_codec() {
        let p = |w, h, closed| Codec::for_plan(&Plan::new(w, h, None, closed).unwrap());
        assert_eq!(p(7, 8, false), Some(Codec::Nibbles));
        assert_eq!(p(8, 8, true), Some(Codec::Closed));
        assert_eq!(p(8, 8, false), None);
        assert_eq!(p(9, 9, true), None);
    }
}
