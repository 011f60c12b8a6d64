//! The optimal solver's tables, kept in the user's cache directory
//! (`$XDG_CACHE_HOME/puzzlelab`, else `~/.cache/puzzlelab`): built once, read back with a
//! checksum; a missing, short, corrupt or stale file is rebuilt.
//!
//! - `rubik-corners.bin`: the corner table (44 MB, seconds).
//! - `rubik-flipslice.bin`: the flip × slice × twist table (35 MB, a minute or two; the
//!   page's table, kept here for tests and comparisons).
//! - `rubik-flipsorted.bin`: the flip × sorted slice × twist table (833 MB, minutes), the
//!   one `rubik solve --optimal` reads.

use std::fs;
use std::io::{Read, Write};
use std::path::PathBuf;

use super::progress::Progress;
use puzzlelab_solver::huge_pages;
use puzzlelab_solver::rubik::corner_table::{CornerTable, N_CORNER_STATES};
use puzzlelab_solver::rubik::flipslice_table::{
    FlipSliceSyms, FlipSliceTable, N_ENTRIES, TABLE_BYTES,
};
use puzzlelab_solver::rubik::flipslicesorted_table as sorted;
use puzzlelab_solver::rubik::flipslicesorted_table::{FlipSortedSyms, FlipSortedTable};
use puzzlelab_solver::rubik::Tables;

/// Bumped whenever a table's layout changes, so an old file counts as stale.
const CORNER_MAGIC: &[u8; 8] = b"PZL3CRN1";
const FLIPSLICE_MAGIC: &[u8; 8] = b"PZL3FST1";
const FLIPSORTED_MAGIC: &[u8; 8] = b"PZL3FSS1";

fn cache_dir() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("puzzlelab"))
}

/// Where the corner table lives, if there is a cache directory.
pub fn corner_table_path() -> Option<PathBuf> {
    cache_dir().map(|d| d.join("rubik-corners.bin"))
}

/// Where the flip × slice × twist table lives, if there is a cache directory.
pub fn flipslice_table_path() -> Option<PathBuf> {
    cache_dir().map(|d| d.join("rubik-flipslice.bin"))
}

/// Where the flip × sorted slice × twist table lives, if there is a cache directory.
pub fn flipsorted_table_path() -> Option<PathBuf> {
    cache_dir().map(|d| d.join("rubik-flipsorted.bin"))
}

/// The bytes after the header, if the file has the magic, the length and the checksum.
fn read(path: &PathBuf, magic: &[u8; 8], len: usize) -> Option<Vec<u8>> {
    let mut f = fs::File::open(path).ok()?;
    if f.metadata().ok()?.len() != 16 + len as u64 {
        return None;
    }
    let mut header = [0u8; 16];
    f.read_exact(&mut header).ok()?;
    if &header[..8] != magic {
        return None;
    }
    let stored = u64::from_le_bytes(header[8..16].try_into().ok()?);
    // Read straight onto huge pages: the search reads the tables at random.
    let mut data = huge_pages::filled(len, 0u8);
    f.read_exact(&mut data).ok()?;
    (CornerTable::checksum(&data) == stored).then_some(data)
}

fn write(path: &PathBuf, magic: &[u8; 8], data: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    // Written aside and renamed: a reader never sees half a file.
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let mut f = fs::File::create(&tmp)?;
    f.write_all(magic)?;
    f.write_all(&CornerTable::checksum(data).to_le_bytes())?;
    f.write_all(data)?;
    f.sync_all()?;
    fs::rename(&tmp, path)
}

fn announce(what: &str, bytes: usize, path: &Option<PathBuf>) {
    eprintln!(
        "building the {what} ({} MB, once){}",
        bytes / 1_000_000,
        path.as_ref()
            .map(|p| format!("; kept in {}", p.display()))
            .unwrap_or_default()
    );
}

fn keep(what: &str, path: &Option<PathBuf>, magic: &[u8; 8], data: &[u8]) {
    if let Some(p) = path {
        if let Err(e) = write(p, magic, data) {
            eprintln!("could not keep the {what} in {}: {e}", p.display());
        }
    }
}

/// The corner table: read from the cache, or built (with a bar on a terminal) and stored.
/// Says on stderr when it builds, and where it keeps it.
pub fn corner_table() -> CornerTable {
    let path = corner_table_path();
    if let Some(t) = path
        .as_ref()
        .and_then(|p| read(p, CORNER_MAGIC, CornerTable::BYTES))
        .and_then(CornerTable::from_bytes)
    {
        return t;
    }
    announce("corner table", CornerTable::BYTES, &path);
    let bar = Progress::new("corner table", N_CORNER_STATES as u64, "positions");
    let table = CornerTable::build(|_, filled| bar.set(filled as u64));
    bar.finish();
    keep("corner table", &path, CORNER_MAGIC, table.bytes());
    table
}

/// The flip × slice × twist table, as [`corner_table`]; built on `threads` threads.
pub fn flipslice_table(base: &Tables, threads: usize) -> FlipSliceTable {
    let path = flipslice_table_path();
    if let Some(t) = path
        .as_ref()
        .and_then(|p| read(p, FLIPSLICE_MAGIC, TABLE_BYTES))
        .and_then(|data| FlipSliceTable::from_bytes(FlipSliceSyms::new(), data))
    {
        return t;
    }
    announce("flip-slice-twist table", TABLE_BYTES, &path);
    let bar = Progress::new("flip-slice-twist table", N_ENTRIES as u64, "positions");
    let table = FlipSliceTable::build(base, FlipSliceSyms::new(), threads, |p| {
        bar.set(p.filled as u64)
    });
    bar.finish();
    keep(
        "flip-slice-twist table",
        &path,
        FLIPSLICE_MAGIC,
        table.bytes(),
    );
    table
}

/// The flip × sorted slice × twist table, as [`corner_table`]; built on `threads` threads.
pub fn flipsorted_table(base: &Tables, threads: usize) -> FlipSortedTable {
    let path = flipsorted_table_path();
    let syms = FlipSortedSyms::new();
    let data = path
        .as_ref()
        .and_then(|p| read(p, FLIPSORTED_MAGIC, sorted::TABLE_BYTES));
    let syms = match data {
        Some(d) => match FlipSortedTable::from_bytes(syms, d) {
            Ok(t) => return t,
            Err(syms) => *syms,
        },
        None => syms,
    };
    announce("flip-sorted-slice-twist table", sorted::TABLE_BYTES, &path);
    let bar = Progress::new(
        "flip-sorted-slice-twist table",
        sorted::N_ENTRIES as u64,
        "positions",
    );
    let table = FlipSortedTable::build(base, syms, threads, |p| bar.set(p.filled as u64));
    bar.finish();
    keep(
        "flip-sorted-slice-twist table",
        &path,
        FLIPSORTED_MAGIC,
        table.bytes(),
    );
    table
}
