//! The state map of one layer: path structure (a packed `u128`) → number of partial
//! covers reaching it. Open addressing with linear probing; sums are checked, so a count
//! too big for `u128` is reported, never wrapped.

/// A packed frontier state. Valid states never use the top 28 bits, so `u128::MAX` marks
/// an empty slot.
pub type State = u128;

const EMPTY: State = State::MAX;

/// Mixes a state into 64 well-spread bits (the murmur3 finaliser over both halves).
#[inline]
pub fn hash(state: State) -> u64 {
    let mut x = (state as u64) ^ ((state >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

/// Which of `shards` parts a state belongs to (the top bits of its hash, so the slot
/// index, taken from the low bits, stays well spread inside a shard).
#[inline]
pub fn shard_of(state: State, shards: usize) -> usize {
    // In u64: usize is 32 bits on wasm, where the product would not fit.
    (((hash(state) >> 32) * shards as u64) >> 32) as usize
}

/// State → count, summing counts of equal states.
#[derive(Clone, Debug)]
pub struct StateTable {
    slots: Vec<(State, u128)>,
    len: usize,
    /// Set when a sum did not fit in `u128` (the count is then unusable).
    overflow: bool,
}

impl Default for StateTable {
    fn default() -> Self {
        StateTable::with_capacity(0)
    }
}

impl StateTable {
    /// Room for `n` states before the first resize.
    pub fn with_capacity(n: usize) -> StateTable {
        let slots = (n.saturating_mul(4) / 3 + 1).next_power_of_two().max(16);
        StateTable {
            slots: vec![(EMPTY, 0); slots],
            len: 0,
            overflow: false,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn overflowed(&self) -> bool {
        self.overflow
    }

    /// Bytes held by the slots.
    pub fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<(State, u128)>()
    }

    /// Adds `count` to `state`'s count (inserting it at `count`).
    #[inline]
    pub fn add(&mut self, state: State, count: u128) {
        debug_assert_ne!(state, EMPTY);
        if (self.len + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = hash(state) as usize & mask;
        loop {
            let slot = &mut self.slots[i];
            if slot.0 == state {
                match slot.1.checked_add(count) {
                    Some(sum) => slot.1 = sum,
                    None => self.overflow = true,
                }
                return;
            }
            if slot.0 == EMPTY {
                *slot = (state, count);
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds a batch of entries. The slots of the whole batch are read first, so their
    /// cache misses overlap instead of coming one after another.
    pub fn add_batch(&mut self, batch: &[(State, u128)]) {
        while (self.len + batch.len()) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut touched = 0u128;
        for &(state, _) in batch {
            touched ^= self.slots[hash(state) as usize & mask].0;
        }
        std::hint::black_box(touched);
        for &(state, count) in batch {
            self.add(state, count);
        }
    }

    fn grow(&mut self) {
        let bigger = vec![(EMPTY, 0); self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        let mask = self.slots.len() - 1;
        for (state, count) in old {
            if state == EMPTY {
                continue;
            }
            let mut i = hash(state) as usize & mask;
            while self.slots[i].0 != EMPTY {
                i = (i + 1) & mask;
            }
            self.slots[i] = (state, count);
        }
    }

    /// Adds every entry of `other` (the merge of two partial layers).
    pub fn absorb(&mut self, other: StateTable) {
        self.overflow |= other.overflow;
        for (state, count) in other.slots {
            if state != EMPTY {
                self.add(state, count);
            }
        }
    }

    /// The entries, in no particular order, reusing the table's memory.
    pub fn into_entries(self) -> Result<Vec<(State, u128)>, String> {
        if self.overflow {
            return Err(OVERFLOW.to_string());
        }
        let mut slots = self.slots;
        let mut kept = 0;
        for i in 0..slots.len() {
            if slots[i].0 != EMPTY {
                slots[kept] = slots[i];
                kept += 1;
            }
        }
        slots.truncate(kept);
        slots.shrink_to_fit();
        Ok(slots)
    }
}

pub const OVERFLOW: &str = "the count does not fit in 128 bits";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_equal_states_and_survives_growth() {
        let mut t = StateTable::with_capacity(0);
        for i in 0..10_000u128 {
            t.add(i % 1000, 1);
        }
        assert_eq!(t.len(), 1000);
        let entries = t.into_entries().unwrap();
        assert_eq!(entries.len(), 1000);
        assert!(entries.iter().all(|&(_, c)| c == 10));
    }

    #[test]
    fn overflow_is_an_error() {
        let mut t = StateTable::with_capacity(4);
        t.add(7, u128::MAX);
        t.add(7, 1);
        assert!(t.overflowed());
        assert!(t.into_entries().is_err());
    }

    #[test]
    fn shards_cover_every_part() {
        let mut seen = [false; 3];
        for s in 0..100u128 {
            seen[shard_of(s, 3)] = true;
        }
        assert!(seen.iter().all(|&b| b));
    }
}
