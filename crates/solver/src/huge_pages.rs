//! Memory for big tables read at random (the optimal Rubik's cube solver's, the knight
//! sweep's hash tables), on 2 MB pages where the system allows it (Linux's transparent
//! huge pages, asked for with `madvise`). With 4 KB pages nearly every random read also
//! misses the processor's address cache (TLB); with 2 MB pages the optimal solver's 80 MB
//! of tables need only 40 entries. Elsewhere (the browser, other systems) it is a plain
//! vector.

/// A vector of `len` copies of `value`, its memory on huge pages when possible.
pub fn filled<T: Copy>(len: usize, value: T) -> Vec<T> {
    let mut v: Vec<T> = Vec::with_capacity(len);
    advise(v.as_ptr() as usize, len * std::mem::size_of::<T>());
    // Written only after the advice: the pages are made when first touched.
    v.resize(len, value);
    v
}

#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
fn advise(start: usize, bytes: usize) {
    const HUGE: usize = 2 << 20;
    let (from, to) = (start.next_multiple_of(HUGE), (start + bytes) / HUGE * HUGE);
    if to > from {
        // SAFETY: the range lies inside a live allocation of ours; the advice changes how
        // its pages are backed, never their contents. A failure only means small pages.
        unsafe {
            libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(all(target_os = "linux", not(target_arch = "wasm32"))))]
fn advise(_start: usize, _bytes: usize) {}
