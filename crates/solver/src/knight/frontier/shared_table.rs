//! The next layer as one table that every thread adds to at once: open addressing over
//! (key, count) pairs of atomics, 16 bytes an entry. Keys come from
//! [`super::keys::Codec`] and are never 0, which marks an empty slot.
//!
//! The table is [`SHARDS`] shards picked by the key's hash, each sized on its own (any
//! number of slots, not a power of two): a shard that fills up is regrown while the
//! threads wait, and only that shard is briefly held twice, so a layer's table never
//! needs double its memory. The finished layer is the shards' entries, each compacted in
//! its own memory.
//!
//! A key is claimed with a compare-and-swap and counts are added with `fetch_add`; sums
//! that pass 2^64 set a flag and the layer is refused, never wrapped.

use crate::prefetch::prefetch;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering::Relaxed};

/// Shards of a table (a power of two: the top bits of the hash pick one).
pub const SHARDS: usize = 64;
const SHARD_BITS: u32 = SHARDS.trailing_zeros();
/// The fewest slots a shard has.
const MIN_SLOTS: usize = 1 << 14;

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

struct Shard {
    /// Slot `i` is `cells[2i]` (key, 0 when empty) and `cells[2i + 1]` (count).
    cells: Vec<AtomicU64>,
    slots: usize,
    len: AtomicUsize,
    /// Past this many keys the shard asks to be regrown.
    crowded_at: usize,
}

impl Shard {
    fn new(slots: usize, margin: usize) -> Shard {
        let slots = slots.max(MIN_SLOTS).max(2 * margin);
        Shard {
            // Huge pages: every add lands at random in gigabytes on 8x8. The collect reuses
            // the advised memory (same layout).
            cells: crate::huge_pages::filled(2 * slots, 0u64)
                .into_iter()
                .map(AtomicU64::new)
                .collect(),
            slots,
            len: AtomicUsize::new(0),
            crowded_at: (slots as f64 * 0.85) as usize - margin,
        }
    }
}

/// Key → count, added to by many threads.
pub struct SharedTable {
    shards: Vec<Shard>,
    /// Keys one round of adds may bring to a shard after it became crowded.
    margin: usize,
    crowded: AtomicBool,
    overflow: AtomicBool,
}

impl SharedTable {
    /// A table sized for about `keys` keys at `load`, for rounds that add at most
    /// `margin` keys to one shard after the threads were told to stop.
    pub fn new(keys: usize, load: f64, margin: usize) -> SharedTable {
        let per_shard = (keys as f64 / load / SHARDS as f64) as usize;
        SharedTable {
            shards: (0..SHARDS).map(|_| Shard::new(per_shard, margin)).collect(),
            margin,
            crowded: AtomicBool::new(false),
            overflow: AtomicBool::new(false),
        }
    }

    /// Keys held (exact once the adding threads have finished).
    pub fn len(&self) -> usize {
        self.shards.iter().map(|s| s.len.load(Relaxed)).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Bytes held by the slots.
    pub fn bytes(&self) -> usize {
        self.shards.iter().map(|s| s.cells.len() * 8).sum()
    }

    /// Some shard should be regrown before more is added.
    pub fn crowded(&self) -> bool {
        self.crowded.load(Relaxed)
    }

    #[inline]
    fn place(&self, key: u64) -> (&Shard, usize) {
        let h = mix(key);
        let shard = &self.shards[(h >> (64 - SHARD_BITS)) as usize];
        let home = (((h << SHARD_BITS) as u128 * shard.slots as u128) >> 64) as usize;
        (shard, home)
    }

    /// Prefetches a key's first slot (so a batch of adds overlaps its cache misses).
    #[inline]
    pub fn prefetch(&self, key: u64) {
        let (shard, i) = self.place(key);
        prefetch(&shard.cells[2 * i]);
    }

    /// Adds `count` to `key`'s count, inserting it.
    #[inline]
    pub fn add(&self, key: u64, count: u64) {
        debug_assert_ne!(key, 0);
        let (shard, mut i) = self.place(key);
        loop {
            let slot = &shard.cells[2 * i];
            let mut seen = slot.load(Relaxed);
            if seen == 0 {
                match slot.compare_exchange(0, key, Relaxed, Relaxed) {
                    Ok(_) => {
                        seen = key;
                        if shard.len.fetch_add(1, Relaxed) + 1 >= shard.crowded_at {
                            self.crowded.store(true, Relaxed);
                        }
                    }
                    Err(other) => seen = other,
                }
            }
            if seen == key {
                let old = shard.cells[2 * i + 1].fetch_add(count, Relaxed);
                if old.checked_add(count).is_none() {
                    self.overflow.store(true, Relaxed);
                }
                return;
            }
            i += 1;
            if i == shard.slots {
                i = 0;
            }
        }
    }

    /// Regrows every crowded shard to `grow` times its keys' worth of slots (at `load`);
    /// call while no thread adds.
    pub fn regrow(&mut self, grow: f64, load: f64) {
        let margin = self.margin;
        for shard in self.shards.iter_mut() {
            let len = *shard.len.get_mut();
            if len + 1 < shard.crowded_at {
                continue;
            }
            let slots = ((len as f64 * grow.max(1.25) / load) as usize).max(shard.slots * 5 / 4);
            let bigger = Shard::new(slots, margin);
            let old = std::mem::replace(shard, bigger);
            shard.len = AtomicUsize::new(len);
            let mut cells = old.cells.into_iter().map(AtomicU64::into_inner);
            while let (Some(key), Some(count)) = (cells.next(), cells.next()) {
                if key == 0 {
                    continue;
                }
                let h = mix(key);
                let mut i = (((h << SHARD_BITS) as u128 * shard.slots as u128) >> 64) as usize;
                while *shard.cells[2 * i].get_mut() != 0 {
                    i += 1;
                    if i == shard.slots {
                        i = 0;
                    }
                }
                *shard.cells[2 * i].get_mut() = key;
                *shard.cells[2 * i + 1].get_mut() = count;
            }
        }
        *self.crowded.get_mut() = false;
    }

    /// The entries of each shard as a flat list (key, count, key, count, …), each in its
    /// shard's memory.
    pub fn into_entries(self) -> Result<Vec<Vec<u64>>, String> {
        if self.overflow.load(Relaxed) {
            return Err(OVERFLOW64.to_string());
        }
        Ok(self
            .shards
            .into_iter()
            .map(|shard| {
                let mut cells: Vec<u64> =
                    shard.cells.into_iter().map(AtomicU64::into_inner).collect();
                let mut kept = 0;
                for i in 0..shard.slots {
                    if cells[2 * i] != 0 {
                        cells[2 * kept] = cells[2 * i];
                        cells[2 * kept + 1] = cells[2 * i + 1];
                        kept += 1;
                    }
                }
                cells.truncate(2 * kept);
                cells.shrink_to_fit();
                cells
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn threads_add_up_the_same_keys_and_regrowing_keeps_them() {
        let mut t = SharedTable::new(10, 0.5, 100);
        for round in 0..2 {
            std::thread::scope(|s| {
                for _ in 0..3 {
                    s.spawn(|| {
                        for k in 1..=200_000u64 {
                            t.add(k % 70_000 + 1 + round * 35_000, 2);
                        }
                    });
                }
            });
            t.regrow(1.5, 0.6);
        }
        assert_eq!(t.len(), 105_000);
        let e: Vec<u64> = t.into_entries().unwrap().concat();
        assert_eq!(e.len(), 2 * 105_000);
        assert_eq!(e.chunks(2).map(|p| p[1]).sum::<u64>(), 2 * 3 * 200_000 * 2);
    }

    #[test]
    fn a_sum_past_64_bits_is_an_error() {
        let t = SharedTable::new(16, 0.5, 1);
        t.add(5, u64::MAX);
        t.add(5, 1);
        assert!(t.into_entries().is_err());
    }
}
