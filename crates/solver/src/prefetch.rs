//! Asking for memory before it is needed. Big tables read at random (the knight sweep's
//! hash tables, the optimal Rubik's cube solver's pruning tables) take a cache miss on
//! nearly every read; a batch that prefetches all its addresses first and reads them after
//! has its misses overlap instead of coming one after another.

/// Starts bringing the cache line of `r` in, without waiting for it: x86-64's
/// `prefetcht0`; elsewhere nothing. (WebAssembly has no prefetch; a read of the byte in
/// its place measured no faster in the page: seed 2's proof on the tetrad-slice table took
/// 50.2 s with it and 44.0 s without, back to back, `benches/rubik_optimal_browser.mjs`.
/// The optimal solver reads its bytes in loops of their own there instead, `READ_AHEAD`
/// in `rubik/optimal.rs`.)
#[inline(always)]
pub fn prefetch<T>(r: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch is only a hint; it never faults, whatever the address.
    unsafe {
        std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(
            r as *const T as *const i8,
        )
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = r;
}
