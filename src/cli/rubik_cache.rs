//! The optimal solver's corner table, kept in the user's cache directory
//! (`$XDG_CACHE_HOME/puzzlelab`, else `~/.cache/puzzlelab`): built once (seconds), read
//! back with a checksum; a missing, short, corrupt or stale file is rebuilt.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use super::progress::Progress;
use crate::solver::rubik::corner_table::{CornerTable, N_CORNER_STATES};

/// Bumped whenever the table's layout changes, so an old file counts as stale.
const MAGIC: &[u8; 8] = b"PZL3CRN1";

/// Where the table lives, if there is a cache directory.
pub fn corner_table_path() -> Option<PathBuf> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("puzzlelab").join("rubik-corners.bin"))
}

fn read(path: &PathBuf) -> Option<CornerTable> {
    let bytes = fs::read(path).ok()?;
    if bytes.len() != 16 + CornerTable::BYTES || &bytes[..8] != MAGIC {
        return None;
    }
    let stored = u64::from_le_bytes(bytes[8..16].try_into().ok()?);
    let data = bytes[16..].to_vec();
    (CornerTable::checksum(&data) == stored)
        .then(|| CornerTable::from_bytes(data))
        .flatten()
}

fn write(path: &PathBuf, table: &CornerTable) -> std::io::Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir)?;
    }
    // Written aside and renamed: a reader never sees half a file.
    let tmp = path.with_extension(format!("tmp{}", std::process::id()));
    let mut f = fs::File::create(&tmp)?;
    f.write_all(MAGIC)?;
    f.write_all(&CornerTable::checksum(table.bytes()).to_le_bytes())?;
    f.write_all(table.bytes())?;
    f.sync_all()?;
    fs::rename(&tmp, path)
}

/// The corner table: read from the cache, or built (with a bar on a terminal) and stored.
/// Says on stderr when it builds, and where it keeps it.
pub fn corner_table() -> CornerTable {
    let path = corner_table_path();
    if let Some(t) = path.as_ref().and_then(read) {
        return t;
    }
    eprintln!(
        "building the corner table ({} MB, once){}",
        CornerTable::BYTES / 1_000_000,
        path.as_ref()
            .map(|p| format!("; kept in {}", p.display()))
            .unwrap_or_default()
    );
    let bar = Progress::new("corner table", N_CORNER_STATES as u64, "positions");
    let table = CornerTable::build(|_, filled| bar.set(filled as u64));
    bar.finish();
    if let Some(p) = &path {
        if let Err(e) = write(p, &table) {
            eprintln!("could not keep the corner table in {}: {e}", p.display());
        }
    }
    table
}
