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

/// One slot of a [`StateTable`]: a state and its count, or empty.
pub trait Slot: Copy + Send + Sync + 'static {
    const EMPTY: Self;
    /// The slot for `state` with `count`, or `None` if either does not fit.
    fn make(state: State, count: u128) -> Option<Self>;
    fn state(self) -> State;
    fn count(self) -> u128;
    fn is_empty(self) -> bool;
    /// Adds to the count; false if the sum does not fit.
    fn add(&mut self, count: u128) -> bool;
}

/// Any state and count: 32 bytes.
pub type Wide = (State, u128);

impl Slot for Wide {
    const EMPTY: Self = (EMPTY, 0);
    #[inline]
    fn make(state: State, count: u128) -> Option<Self> {
        Some((state, count))
    }
    #[inline]
    fn state(self) -> State {
        self.0
    }
    #[inline]
    fn count(self) -> u128 {
        self.1
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.0 == EMPTY
    }
    #[inline]
    fn add(&mut self, count: u128) -> bool {
        match self.1.checked_add(count) {
            Some(sum) => {
                self.1 = sum;
                true
            }
            None => false,
        }
    }
}

/// A state of at most 60 bits (a window of at most 15 cells: boards at most 7 wide) and
/// a count below 2^64: 16 bytes, half of [`Wide`], which is what lets a 7x7 part fit a
/// browser worker.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Narrow {
    state: u64,
    count: u64,
}

/// Window cells a [`Narrow`] state holds (4 bits each, the top four bits never used, so
/// `u64::MAX` marks an empty slot).
pub const NARROW_CELLS: usize = 15;

impl Slot for Narrow {
    const EMPTY: Self = Narrow {
        state: u64::MAX,
        count: 0,
    };
    #[inline]
    fn make(state: State, count: u128) -> Option<Self> {
        (state >> (4 * NARROW_CELLS) == 0).then_some(())?;
        Some(Narrow {
            state: state as u64,
            count: u64::try_from(count).ok()?,
        })
    }
    #[inline]
    fn state(self) -> State {
        self.state as State
    }
    #[inline]
    fn count(self) -> u128 {
        self.count as u128
    }
    #[inline]
    fn is_empty(self) -> bool {
        self.state == u64::MAX
    }
    #[inline]
    fn add(&mut self, count: u128) -> bool {
        match u64::try_from(count)
            .ok()
            .and_then(|c| self.count.checked_add(c))
        {
            Some(sum) => {
                self.count = sum;
                true
            }
            None => false,
        }
    }
}

/// State → count, summing counts of equal states.
#[derive(Clone, Debug)]
pub struct StateTable<S: Slot = Wide> {
    slots: Vec<S>,
    len: usize,
    /// Set when a sum (or a state) did not fit the slot (the count is then unusable).
    overflow: bool,
}

impl<S: Slot> Default for StateTable<S> {
    fn default() -> Self {
        StateTable::with_capacity(0)
    }
}

impl<S: Slot> StateTable<S> {
    /// Room for `n` states before the first resize.
    pub fn with_capacity(n: usize) -> StateTable<S> {
        let slots = (n.saturating_mul(4) / 3 + 1).next_power_of_two().max(16);
        StateTable {
            slots: vec![S::EMPTY; slots],
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
        self.slots.len() * std::mem::size_of::<S>()
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
            if slot.is_empty() {
                match S::make(state, count) {
                    Some(s) => *slot = s,
                    None => {
                        self.overflow = true;
                        return;
                    }
                }
                self.len += 1;
                return;
            }
            if slot.state() == state {
                if !slot.add(count) {
                    self.overflow = true;
                }
                return;
            }
            i = (i + 1) & mask;
        }
    }

    /// Adds a batch of entries. The slots of the whole batch are prefetched first, so their
    /// cache misses overlap instead of coming one after another.
    pub fn add_batch(&mut self, batch: &[(State, u128)]) {
        while (self.len + batch.len()) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        for &(state, _) in batch {
            crate::prefetch::prefetch(&self.slots[hash(state) as usize & mask]);
        }
        for &(state, count) in batch {
            self.add(state, count);
        }
    }

    fn grow(&mut self) {
        let bigger = vec![S::EMPTY; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, bigger);
        let mask = self.slots.len() - 1;
        for slot in old {
            if slot.is_empty() {
                continue;
            }
            let mut i = hash(slot.state()) as usize & mask;
            while !self.slots[i].is_empty() {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }

    /// Adds every entry of `other` (the merge of two partial layers).
    pub fn absorb(&mut self, other: StateTable<S>) {
        self.overflow |= other.overflow;
        for slot in other.slots {
            if !slot.is_empty() {
                self.add(slot.state(), slot.count());
            }
        }
    }

    /// The entries, in no particular order, reusing the table's memory.
    pub fn into_entries(self) -> Result<Vec<S>, String> {
        if self.overflow {
            return Err(OVERFLOW.to_string());
        }
        let mut slots = self.slots;
        let mut kept = 0;
        for i in 0..slots.len() {
            if !slots[i].is_empty() {
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
        let mut t: StateTable = StateTable::with_capacity(0);
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
        let mut t: StateTable = StateTable::with_capacity(4);
        t.add(7, u128::MAX);
        t.add(7, 1);
        assert!(t.overflowed());
        assert!(t.into_entries().is_err());
    }

    #[test]
    fn narrow_slots_hold_60_bit_states_and_64_bit_counts() {
        let mut t: StateTable<Narrow> = StateTable::with_capacity(0);
        let big = (1u128 << 60) - 1;
        for i in 0..5000u128 {
            t.add(big - i % 700, 3);
        }
        assert_eq!(t.len(), 700);
        let entries = t.into_entries().unwrap();
        assert!(entries.iter().all(|e| e.count() > 0 && e.state() <= big));
        assert_eq!(entries.iter().map(|e| e.count()).sum::<u128>(), 15_000);
        // A count past 2^64, or a state past 60 bits, is an error, never wrapped.
        let mut t: StateTable<Narrow> = StateTable::with_capacity(4);
        t.add(7, u64::MAX as u128);
        t.add(7, 1);
        assert!(t.into_entries().is_err());
        let mut t: StateTable<Narrow> = StateTable::with_capacity(4);
        t.add(1 << 60, 1);
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
