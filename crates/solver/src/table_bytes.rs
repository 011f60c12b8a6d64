//! A big table's bytes, read-only once built: owned (built here, or read into memory as
//! the browser does), or, on Linux, a kept file's own pages mapped read-only
//! ([`TableBytes::map`]). Reading a 1.35 GB table into fresh memory spends most of its
//! time having the kernel zero that memory (on this machine 4.7 s of the 6 s a proof took
//! to start); the file's pages are already in memory when it was read lately, and mapped
//! they cost neither the zeroing nor the copy.

use std::ops::Deref;

/// A table's bytes.
pub struct TableBytes(Repr);

enum Repr {
    Owned(Vec<u8>),
    #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
    Mapped(mapped::Mapped),
}

impl From<Vec<u8>> for TableBytes {
    fn from(v: Vec<u8>) -> TableBytes {
        TableBytes(Repr::Owned(v))
    }
}

impl Deref for TableBytes {
    type Target = [u8];

    #[inline(always)]
    fn deref(&self) -> &[u8] {
        match &self.0 {
            Repr::Owned(v) => v,
            #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
            Repr::Mapped(m) => m.bytes(),
        }
    }
}

impl TableBytes {
    /// Whether the bytes are a file's mapped pages (not a copy).
    pub fn is_mapped(&self) -> bool {
        !matches!(self.0, Repr::Owned(_))
    }

    /// The share of a mapping on 2 MB pages (owned bytes: 1, they were asked for): the
    /// search reads at random, and on small pages it ran at 0.8 of its speed. A file
    /// the system has just written stays on small pages until it leaves the page cache.
    pub fn huge_share(&self) -> f64 {
        match &self.0 {
            Repr::Owned(_) => 1.0,
            #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
            Repr::Mapped(m) => m.huge_share(),
        }
    }
}

#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
impl TableBytes {
    /// `len` bytes of `file` from byte `offset`, mapped read-only and private: what the
    /// file holds now, read in ahead; a file replaced later (the cache renames a new
    /// file over the old) leaves the mapped one as it was. None if it cannot be mapped.
    pub fn map(file: &std::fs::File, offset: usize, len: usize) -> Option<TableBytes> {
        mapped::Mapped::new(file, offset, len).map(|m| TableBytes(Repr::Mapped(m)))
    }
}

#[cfg(not(all(target_os = "linux", not(target_arch = "wasm32"))))]
impl TableBytes {
    /// Elsewhere nothing is mapped: the caller reads the file.
    pub fn map(_file: &std::fs::File, _offset: usize, _len: usize) -> Option<TableBytes> {
        None
    }
}

/// Lets the system drop `file`'s pages from its cache (once written and synced): a file
/// just written is cached on small pages, and read back later it comes in large ones,
/// which [`TableBytes::map`] can then map on 2 MB pages. Advice only.
pub fn release_cached(file: &std::fs::File) {
    #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
    {
        use std::os::fd::AsRawFd;
        // SAFETY: advice on a file descriptor we hold; it changes no contents.
        unsafe {
            libc::posix_fadvise(file.as_raw_fd(), 0, 0, libc::POSIX_FADV_DONTNEED);
        }
    }
    #[cfg(not(all(target_os = "linux", not(target_arch = "wasm32"))))]
    let _ = file;
}

#[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
mod mapped {
    use std::os::fd::AsRawFd;

    /// A read-only private mapping of a whole file prefix, and where the table sits in it.
    pub struct Mapped {
        base: *mut libc::c_void,
        map_len: usize,
        offset: usize,
        len: usize,
    }

    // SAFETY: the mapping is read-only and private for its whole life, so sharing or
    // sending it between threads shares plain immutable bytes.
    unsafe impl Send for Mapped {}
    unsafe impl Sync for Mapped {}

    impl Mapped {
        pub fn new(file: &std::fs::File, offset: usize, len: usize) -> Option<Mapped> {
            let map_len = offset.checked_add(len)?;
            if len == 0 || file.metadata().ok()?.len() < map_len as u64 {
                return None;
            }
            // SAFETY: a fresh mapping chosen by the kernel, of a file we hold open; checked
            // for failure before use.
            let base = unsafe {
                libc::mmap(
                    std::ptr::null_mut(),
                    map_len,
                    libc::PROT_READ,
                    libc::MAP_PRIVATE,
                    file.as_raw_fd(),
                    0,
                )
            };
            if base == libc::MAP_FAILED {
                return None;
            }
            // 2 MB pages for the search's random reads: a file the page cache holds in
            // large folios (as Linux reads files on ext4 and others) maps onto them.
            // SAFETY: the range is the mapping just made; advice changes no contents.
            unsafe {
                libc::madvise(base, map_len, libc::MADV_HUGEPAGE);
                libc::madvise(base, map_len, libc::MADV_POPULATE_READ);
            }
            Some(Mapped {
                base,
                map_len,
                offset,
                len,
            })
        }

        /// The share of the mapping on 2 MB pages (Linux's `FilePmdMapped`).
        pub fn huge_share(&self) -> f64 {
            let Ok(smaps) = std::fs::read_to_string("/proc/self/smaps") else {
                return 0.0;
            };
            let head = format!("{:x}-", self.base as usize);
            let Some(at) = smaps.lines().position(|l| l.starts_with(&head)) else {
                return 0.0;
            };
            let kb = smaps
                .lines()
                .skip(at + 1)
                .take_while(|l| !l.starts_with("VmFlags:"))
                .find_map(|l| l.strip_prefix("FilePmdMapped:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
                .unwrap_or(0.0);
            kb * 1024.0 / self.map_len as f64
        }

        #[inline(always)]
        pub fn bytes(&self) -> &[u8] {
            // SAFETY: `offset + len <= map_len` bytes are mapped readable until `drop`,
            // and a private read-only mapping never changes under us.
            unsafe {
                std::slice::from_raw_parts((self.base as *const u8).add(self.offset), self.len)
            }
        }
    }

    impl Drop for Mapped {
        fn drop(&mut self) {
            // SAFETY: unmaps exactly the mapping `new` made; no slice of it outlives self.
            unsafe {
                libc::munmap(self.base, self.map_len);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn owned_bytes_read_as_given() {
        let t = TableBytes::from(vec![1u8, 2, 3]);
        assert_eq!(&*t, &[1, 2, 3]);
        assert!(!t.is_mapped());
    }

    #[cfg(all(target_os = "linux", not(target_arch = "wasm32")))]
    #[test]
    fn a_mapped_file_reads_its_bytes_after_the_header_and_outlives_a_rewrite() {
        use std::io::Write;
        let dir = std::env::temp_dir().join(format!("pzl-table-bytes-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.bin");
        let body: Vec<u8> = (0..100_000u32).map(|i| (i * 7 % 251) as u8).collect();
        let mut f = std::fs::File::create(&path).unwrap();
        f.write_all(b"HEADER16________").unwrap();
        f.write_all(&body).unwrap();
        drop(f);
        let file = std::fs::File::open(&path).unwrap();
        let t = TableBytes::map(&file, 16, body.len()).expect("mapped");
        assert!(t.is_mapped());
        assert_eq!(&*t, &body[..]);
        // 100 KB is too little for a 2 MB page: its share is read, and is 0.
        assert_eq!(t.huge_share(), 0.0);
        // A new file renamed over the old (as the cache keeps a table) leaves it alone.
        let tmp = dir.join("t.tmp");
        std::fs::write(&tmp, vec![0u8; 16 + body.len()]).unwrap();
        std::fs::rename(&tmp, &path).unwrap();
        assert_eq!(&*t, &body[..]);
        // Asking past the file's end maps nothing.
        assert!(TableBytes::map(&file, 16, body.len() + 1).is_none());
        assert!(TableBytes::map(&file, 0, 0).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
