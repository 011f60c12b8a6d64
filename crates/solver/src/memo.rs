//! A process-wide memo for pure, deterministic computations (block tours by shape).
//!
//! The lock is held only to look up or store a finished value, never while computing one,
//! and a poisoned lock is used as it is: a panic elsewhere can neither leave a half-written
//! entry nor break the memo for every later caller in the process.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Mutex, OnceLock, PoisonError};

pub struct Memo<K, V>(OnceLock<Mutex<HashMap<K, V>>>);

impl<K: Eq + Hash, V: Clone> Memo<K, V> {
    pub const fn new() -> Self {
        Memo(OnceLock::new())
    }

    fn map(&self) -> std::sync::MutexGuard<'_, HashMap<K, V>> {
        self.0
            .get_or_init(Default::default)
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The value stored for `key`, computing and storing it first if there is none.
    pub fn get_or_compute(&self, key: K, compute: impl FnOnce() -> V) -> V {
        if let Some(found) = self.map().get(&key) {
            return found.clone();
        }
        let value = compute();
        self.map().insert(key, value.clone());
        value
    }
}

impl<K: Eq + Hash, V: Clone> Default for Memo<K, V> {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_while_computing_leaves_the_memo_usable() {
        static MEMO: Memo<u32, u32> = Memo::new();
        let crashed = std::panic::catch_unwind(|| {
            MEMO.get_or_compute(1, || panic!("boom"));
        });
        assert!(crashed.is_err());
        assert_eq!(MEMO.get_or_compute(1, || 7), 7);
        assert_eq!(MEMO.get_or_compute(1, || 8), 7, "stored once");
    }

    #[test]
    fn a_panic_while_holding_the_lock_does_not_poison_later_callers() {
        static MEMO: Memo<u32, u32> = Memo::new();
        let _ = std::thread::spawn(|| {
            let _guard = MEMO.map();
            panic!("poison it");
        })
        .join();
        assert_eq!(MEMO.get_or_compute(2, || 5), 5);
    }
}
