//! The optimal solver's tables, kept in the user's cache directory
//! (`$XDG_CACHE_HOME/puzzlelab`, else `~/.cache/puzzlelab`): built once, read back with a
//! checksum; a missing, short, corrupt or stale file is rebuilt. Each file is its table's
//! magic, checksum and bytes; names, files and lengths are the solver's
//! ([`puzzlelab_solver::rubik::optimal_tables::stored`]):
//!
//! - `rubik-corners.bin`: the corner table (44 MB, seconds).
//! - `rubik-flipslice.bin`: the flip × slice × twist table (35 MB, a minute or two; the
//!   page's table, kept here for tests and comparisons).
//! - `rubik-flipsorted.bin`: the flip × sorted slice × twist table (833 MB, minutes), the
//!   one `rubik solve --optimal` reads.
//! - `rubik-h16-L.bin`: the tetrad-slice table at level L (`--h16 L`: 1.33, 2.66 or
//!   7.97 GB, minutes).

use std::fs;
use std::io::{Read, Write};
use std::path::PathBuf;

use super::progress::Progress;
use puzzlelab_solver::huge_pages;
use puzzlelab_solver::rubik::optimal_tables::corners::{CornerTable, N_CORNER_STATES};
use puzzlelab_solver::rubik::optimal_tables::flipslice::{FlipSliceSyms, FlipSliceTable};
use puzzlelab_solver::rubik::optimal_tables::flipsorted::{FlipSortedSyms, FlipSortedTable};
use puzzlelab_solver::rubik::optimal_tables::h16::{H16Syms, H16Table, Level};
use puzzlelab_solver::rubik::optimal_tables::stored::{
    self, checksum, StoredTable, CORNERS, FLIPSLICE, FLIPSORTED,
};
use puzzlelab_solver::rubik::optimal_tables::sym_table::{EdgeSyms, SymTable};
use puzzlelab_solver::rubik::Tables;
use puzzlelab_solver::table_bytes::{self, TableBytes};

fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("puzzlelab"))
}

/// Where a table lives, if there is a cache directory.
pub fn table_path(table: StoredTable) -> Option<PathBuf> {
    cache_dir().map(|d| d.join(table.file))
}

/// The bytes after the header, if the file has the magic, the length and the checksum.
fn read(path: &PathBuf, table: StoredTable) -> Option<TableBytes> {
    let mut f = fs::File::open(path).ok()?;
    if f.metadata().ok()?.len() != 16 + table.len as u64 {
        return None;
    }
    let mut header = [0u8; 16];
    f.read_exact(&mut header).ok()?;
    if &header[..8] != table.key.as_bytes() {
        return None;
    }
    let stored = u64::from_le_bytes(header[8..16].try_into().ok()?);
    // The file's own pages, mapped: no fresh memory to zero and fill (4.7 s of the 6 s a
    // 1.35 GB table took to read), if they are on 2 MB pages; else read onto huge pages:
    // the search reads the tables at random.
    let data = match TableBytes::map(&f, 16, table.len).filter(|t| t.huge_share() >= 0.9) {
        Some(mapped) => mapped,
        None => {
            let mut data = huge_pages::filled(table.len, 0u8);
            f.read_exact(&mut data).ok()?;
            data.into()
        }
    };
    (checksum(&data) == stored).then_some(data)
}

fn write(path: &PathBuf, table: StoredTable, data: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    // Written aside and renamed: a reader never sees half a file.
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let mut f = fs::File::create(&tmp)?;
    f.write_all(table.key.as_bytes())?;
    f.write_all(&checksum(data).to_le_bytes())?;
    f.write_all(data)?;
    f.sync_all()?;
    // Read back later from the disk, it comes onto the large pages a mapping needs.
    table_bytes::release_cached(&f);
    fs::rename(&tmp, path)
}

/// The table's bytes kept in the cache, if they are there and sound.
fn kept(table: StoredTable) -> Option<TableBytes> {
    table_path(table).and_then(|p| read(&p, table))
}

/// Builds `table` with a bar on a terminal (`total` of `unit`), saying on stderr that it
/// builds and where it keeps it; then keeps it.
fn build_and_keep<T>(
    table: StoredTable,
    (total, unit): (u64, &str),
    build: impl FnOnce(&Progress) -> T,
    bytes: impl Fn(&T) -> &[u8],
) -> T {
    let path = table_path(table);
    eprintln!(
        "building the {} ({} MB, once){}",
        table.what,
        table.len / 1_000_000,
        path.as_ref()
            .map(|p| format!("; kept in {}", p.display()))
            .unwrap_or_default()
    );
    let bar = Progress::new(table.what, total, unit);
    let built = build(&bar);
    bar.finish();
    if let Some(p) = path {
        if let Err(e) = write(&p, table, bytes(&built)) {
            eprintln!("could not keep the {} in {}: {e}", table.what, p.display());
        }
    }
    built
}

/// The corner table: read from the cache, or built and kept.
pub fn corner_table() -> CornerTable {
    if let Some(t) = kept(CORNERS).and_then(CornerTable::from_bytes) {
        return t;
    }
    build_and_keep(
        CORNERS,
        (N_CORNER_STATES as u64, "positions"),
        |bar| CornerTable::build(|_, filled| bar.set(filled as u64)),
        CornerTable::bytes,
    )
}

/// A big table, as [`corner_table`]; built on `threads` threads.
fn sym_table<S: EdgeSyms>(
    base: &Tables,
    table: StoredTable,
    syms: S,
    threads: usize,
) -> SymTable<S> {
    let syms = match kept(table) {
        Some(data) => match SymTable::from_bytes(syms, data) {
            Ok(t) => return t,
            Err(syms) => *syms,
        },
        None => syms,
    };
    build_and_keep(
        table,
        (S::N_ENTRIES as u64, "positions"),
        |bar| SymTable::build(&base.moves, syms, threads, |p| bar.set(p.filled as u64)),
        SymTable::bytes,
    )
}

/// The flip × slice × twist table, as [`corner_table`]; built on `threads` threads.
pub fn flipslice_table(base: &Tables, threads: usize) -> FlipSliceTable {
    sym_table(base, FLIPSLICE, FlipSliceSyms::new(), threads)
}

/// The flip × sorted slice × twist table, as [`corner_table`]; built on `threads` threads.
pub fn flipsorted_table(base: &Tables, threads: usize) -> FlipSortedTable {
    sym_table(base, FLIPSORTED, FlipSortedSyms::new(), threads)
}

/// The tetrad-slice table at `level`, as [`corner_table`]; built on `threads` threads.
pub fn h16_table(base: &Tables, level: Level, threads: usize) -> H16Table {
    let syms = H16Syms::new(level);
    let table = stored::h16(level, syms.table_bytes());
    let syms = match kept(table) {
        Some(data) => match H16Table::from_bytes(syms, data) {
            Ok(t) => return t,
            Err(syms) => *syms,
        },
        None => syms,
    };
    build_and_keep(
        table,
        // Per cent of the work: the build stops a third of the way through the entries.
        (100, "%"),
        |bar| {
            H16Table::build(&base.moves, syms, threads, |p| {
                bar.set((p.fraction * 100.0) as u64)
            })
        },
        H16Table::bytes,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: StoredTable = StoredTable {
        key: "PZLTEST1",
        file: "rubik-test.bin",
        what: "test table",
        len: 300_000,
    };

    #[test]
    fn a_kept_table_reads_back_only_whole_and_sound() {
        let dir = std::env::temp_dir().join(format!("pzl-rubik-cache-{}", std::process::id()));
        let path = dir.join(TABLE.file);
        let data: Vec<u8> = (0..TABLE.len).map(|i| (i % 253) as u8).collect();
        write(&path, TABLE, &data).unwrap();
        assert_eq!(read(&path, TABLE).as_deref(), Some(&data[..]));
        // Another table's name, a changed byte, a short file: none is read.
        let other = StoredTable {
            key: "PZLTEST2",
            ..TABLE
        };
        assert!(read(&path, other).is_none());
        let mut bytes = fs::read(&path).unwrap();
        bytes[16 + 1234] ^= 1;
        fs::write(&path, &bytes).unwrap();
        assert!(read(&path, TABLE).is_none());
        fs::write(&path, &bytes[..bytes.len() - 1]).unwrap();
        assert!(read(&path, TABLE).is_none());
        fs::remove_dir_all(&dir).unwrap();
    }
}
