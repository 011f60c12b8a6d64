//! The next layer as one table that every thread adds to at once: open addressing over
//! (key, count) pairs of atomics, 16 bytes an entry, any number of slots (not a power of
//! two, so the table can be sized to the layer rather than doubled past it). Keys come
//! from [`super::keys::Codec`] and are never 0, which marks an empty slot.
//!
//! A key is claimed with a compare-and-swap and counts are added with `fetch_add`; sums
//! that pass 2^64 set a flag and the layer is refused, never wrapped.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Mixes a key into 64 well-spread bits (the murmur3 finaliser).
#[inline]
fn mix(key: u64) -> u64 {
    let mut x = key;
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^ (x >> 33)
}

pub const OVERFLOW64: &str = "a count passed 2^64 (the sweep keeps 64-bit counts)";

/// Key → count, added to by many threads.
pub struct SharedTable {
    /// Slot `i` is `cells[2i]` (key, 0 when empty) and `cells[2i + 1]` (count).
    cells: Vec<AtomicU64>,
    slots: usize,
    len: AtomicUsize,
    overflow: AtomicBool,
}

impl SharedTable {
    /// A table of exactly `slots` slots (at least 16).
    pub fn with_slots(slots: usize) -> SharedTable {
        let slots = slots.max(16);
        let cells: Vec<AtomicU64> = vec![0u64; 2 * slots]
            .into_iter()
            .map(AtomicU64::new)
            .collect();
        SharedTable {
            cells,
            slots,
            len: AtomicUsize::new(0),
            overflow: AtomicBool::new(false),
        }
    }

    pub fn slots(&self) -> usize {
        self.slots
    }

    /// Keys held (exact once the adding threads have finished).
    pub fn len(&self) -> usize {
        self.len.load(Relaxed)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes held by the slots.
    pub fn bytes(&self) -> usize {
        self.cells.len() * 8
    }

    #[inline]
    fn home(&self, key: u64) -> usize {
        ((mix(key) as u128 * self.slots as u128) >> 64) as usize
    }

    /// Reads a key's first slot (so a batch of adds overlaps its cache misses).
    #[inline]
    pub fn touch(&self, key: u64) -> u64 {
        self.cells[2 * self.home(key)].load(Relaxed)
    }

    /// Adds `count` to `key`'s count, inserting it; true if the key is new. The caller
    /// tells the table how many keys it added with [`SharedTable::note_new`].
    #[inline]
    pub fn add(&self, key: u64, count: u64) -> bool {
        debug_assert_ne!(key, 0);
        let mut i = self.home(key);
        loop {
            let slot = &self.cells[2 * i];
            let mut seen = slot.load(Relaxed);
            let mut new = false;
            if seen == 0 {
                match slot.compare_exchange(0, key, Relaxed, Relaxed) {
                    Ok(_) => {
                        seen = key;
                        new = true;
                    }
                    Err(other) => seen = other,
                }
            }
            if seen == key {
                let old = self.cells[2 * i + 1].fetch_add(count, Relaxed);
                if old.checked_add(count).is_none() {
                    self.overflow.store(true, Relaxed);
                }
                return new;
            }
            i += 1;
            if i == self.slots {
                i = 0;
            }
        }
    }

    /// Counts keys added by [`SharedTable::add`].
    pub fn note_new(&self, n: usize) {
        self.len.fetch_add(n, Relaxed);
    }

    /// The same entries in a table of `slots` slots (more than it holds).
    pub fn resized(self, slots: usize) -> SharedTable {
        let bigger = SharedTable::with_slots(slots.max(self.len() + 16));
        bigger
            .overflow
            .store(self.overflow.load(Relaxed), Relaxed);
        let mut cells = self.cells.into_iter();
        while let (Some(key), Some(count)) = (cells.next(), cells.next()) {
            let key = key.into_inner();
            if key != 0 {
                bigger.add(key, count.into_inner());
            }
        }
        bigger.len.store(self.len.into_inner(), Relaxed);
        bigger
    }

    /// The entries as a flat list (key, count, key, count, …), in the table's memory.
    pub fn into_entries(self) -> Result<Vec<u64>, String> {
        if self.overflow.load(Relaxed) {
            return Err(OVERFLOW64.to_string());
        }
        let mut cells: Vec<u64> = self.cells.into_iter().map(AtomicU64::into_inner).collect();
        let mut kept = 0;
        for i in 0..self.slots {
            if cells[2 * i] != 0 {
                cells[2 * kept] = cells[2 * i];
                cells[2 * kept + 1] = cells[2 * i + 1];
                kept += 1;
            }
        }
        cells.truncate(2 * kept);
        cells.shrink_to_fit();
        Ok(cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_add_up_the_same_keys() {
        let t = SharedTable::with_slots(3000);
        std::thread::scope(|s| {
            for _ in 0..3 {
                s.spawn(|| {
                    let mut new = 0;
                    for k in 1..=2000u64 {
                        new += t.add(k % 700 + 1, 2) as usize;
                    }
                    t.note_new(new);
                });
            }
        });
        assert_eq!(t.len(), 700);
        let t = t.resized(5000);
        let e = t.into_entries().unwrap();
        assert_eq!(e.len(), 1400);
        assert_eq!(e.chunks(2).map(|p| p[1]).sum::<u64>(), 3 * 2000 * 2);
    }

    #[test]
    fn a_sum_past_64_bits_is_an_error() {
        let t = SharedTable::with_slots(16);
        t.add(5, u64::MAX);
        t.add(5, 1);
        assert!(t.into_entries().is_err());
    }
}
