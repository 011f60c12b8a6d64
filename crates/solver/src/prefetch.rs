//! Asking for memory before it is needed. Big tables read at random (the knight sweep's
//! hash tables, the optimal Rubik's cube solver's pruning tables) take a cache miss on
//! nearly every read; a batch that prefetches all its addresses first and reads them after
//! has its misses overlap instead of coming one after another.

/// Starts bringing the cache line of `r` in, without waiting for it: x86-64's
/// `prefetcht0`. WebAssembly has no prefetch, so there it reads the byte and drops it: the
/// processor still overlaps that miss with the next ones (nothing waits on its value),
/// which a browser needs most, its tables sitting on 4 KB pages (a TLB miss as well).
#[inline(always)]
pub fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it never faults, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            r as *const T as *const i8,
        )
    };
    #[cfg(target_arch = "wasm32")]
    // SAFETY: `r` is a live reference, so its first byte is readable; a volatile read is
    // one the compiler keeps although its value is unused.
    unsafe {
        std::ptr::read_volatile(r as *const T as *const u8)
    };
    #[cfg(not(any(target_arch = "x86_64", target_arch = "wasm32")))]
    let _ = r;
}
