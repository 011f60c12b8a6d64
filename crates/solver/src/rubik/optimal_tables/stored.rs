//! How the optimal solver's tables are kept, in one place for the command line's cache
//! files and the page's browser storage: each table's name (the file's magic and the
//! storage's key: a layout change renames it, so an old copy counts as stale), its file,
//! its length and the checksum its bytes are checked by ([`checksum`]); and the bytes a proof's tables
//! take, kept and at their build's peak.

pub use super::checksum::checksum;
use super::corners::CornerTable;
use super::h16::Level;
use super::{flipslice, flipsorted};

/// One table as kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StoredTable {
    /// The file's magic (its first eight bytes) and the storage's key.
    pub key: &'static str,
    /// The file's name in the cache directory.
    pub file: &'static str,
    /// What the command line calls it.
    pub what: &'static str,
    /// Bytes of the table.
    pub len: usize,
}

/// The corner table.
pub const CORNERS: StoredTable = StoredTable {
    key: "PZL3CRN1",
    file: "rubik-corners.bin",
    what: "corner table",
    len: CornerTable::BYTES,
};

/// The flip × slice × twist table (the small one).
pub const FLIPSLICE: StoredTable = StoredTable {
    key: "PZL3FST1",
    file: "rubik-flipslice.bin",
    what: "flip-slice-twist table",
    len: flipslice::TABLE_BYTES,
};

/// The flip × sorted slice × twist table (the big one).
pub const FLIPSORTED: StoredTable = StoredTable {
    key: "PZL3FSS1",
    file: "rubik-flipsorted.bin",
    what: "flip-sorted-slice-twist table",
    len: flipsorted::TABLE_BYTES,
};

/// The tetrad-slice table at `level` ([`super::h16`]), `len` bytes (its classes are
/// counted when its symmetries are worked out).
pub fn h16(level: Level, len: usize) -> StoredTable {
    let k = level.get() as usize;
    StoredTable {
        key: ["PZL4H160", "PZL4H161", "PZL4H162"][k],
        file: ["rubik-h16-0.bin", "rubik-h16-1.bin", "rubik-h16-2.bin"][k],
        what: [
            "tetrad-slice table (level 0)",
            "tetrad-slice table (level 1)",
            "tetrad-slice table (level 2)",
        ][k],
        len,
    }
}

/// The table a proof reads beside the corner table: the command line's `--small-table`,
/// its default, or `--h16 LEVEL`; the page's link says the same (`small-table=1`, `h16=L`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum ProofTable {
    /// The flip × slice × twist table (35 MB).
    Small,
    /// The flip × sorted slice × twist table (833 MB).
    #[default]
    Big,
    /// The tetrad-slice table at a level (1.35 GB at level 0).
    H16(Level),
}

impl ProofTable {
    /// The table as kept.
    pub fn stored(self) -> StoredTable {
        match self {
            ProofTable::Small => FLIPSLICE,
            ProofTable::Big => FLIPSORTED,
            // Past a browser's memory at level 2: no table that long is ever read.
            ProofTable::H16(level) => h16(
                level,
                usize::try_from(level.table_bytes()).unwrap_or(usize::MAX),
            ),
        }
    }

    /// Its name as the page and the command line's progress say it.
    pub fn name(self) -> &'static str {
        match self {
            ProofTable::Small => "flip-slice-twist",
            ProofTable::Big => "flip-sorted-slice-twist",
            ProofTable::H16(level) => [
                "tetrad-slice (level 0)",
                "tetrad-slice (level 1)",
                "tetrad-slice (level 2)",
            ][level.get() as usize],
        }
    }
}

/// The tables a proof reads, as kept: the corner table, then the one chosen.
pub fn proof_tables(table: ProofTable) -> [StoredTable; 2] {
    [CORNERS, table.stored()]
}

/// Bytes of the small tables as kept (corner and flip-slice-twist).
pub const SMALL_TABLES_BYTES: u64 = (CORNERS.len + FLIPSLICE.len) as u64;
/// Bytes of the big tables as kept (corner and flip-sorted-slice-twist).
pub const BIG_TABLES_BYTES: u64 = (CORNERS.len + FLIPSORTED.len) as u64;

/// The corner move table's bytes (8! corner permutations × 18 turns, two bytes each).
const CORNER_MOVE_BYTES: u64 = 2 * 40_320 * 18;

/// Bytes a worker needs for the small tables at their peak: the two tables, the build's
/// working copy, the flip-slice symmetry tables and the corner move table, and a tenth
/// more.
pub const SMALL_NEEDED_BYTES: u64 = (SMALL_TABLES_BYTES
    + FLIPSLICE.len as u64
    + 4 * flipslice::N_FLIPSLICE as u64
    + CORNER_MOVE_BYTES)
    * 11
    / 10;
/// Bytes a worker needs for the big tables at their peak: the two tables (the big one is
/// built in place), its symmetry tables (mostly the class of each flip × sorted slice
/// value) and the corner move table, and a tenth more.
pub const BIG_NEEDED_BYTES: u64 = (BIG_TABLES_BYTES
    + 4 * (flipsorted::N_FLIPSORTED + flipsorted::N_CLASSES) as u64
    + 2 * flipsorted::N_CLASSES as u64
    + CORNER_MOVE_BYTES
    + 2_000_000)
    * 11
    / 10;

/// The tetrad-slice tables' symmetry and move tables (under 4 MB: the class map of the
/// 554,400 edge values, the coset and twist maps), with room to spare.
const H16_SYMS_BYTES: u64 = 8_000_000;

/// Bytes of a proof's tables as kept.
pub fn tables_bytes(table: ProofTable) -> u64 {
    match table {
        ProofTable::Small => SMALL_TABLES_BYTES,
        ProofTable::Big => BIG_TABLES_BYTES,
        ProofTable::H16(level) => CORNERS.len as u64 + level.table_bytes(),
    }
}

/// Bytes a worker needs for a proof's tables at their peak (the tetrad-slice table is
/// built in place: its tables, the symmetry tables, the corner move table and a tenth).
pub fn needed_bytes(table: ProofTable) -> u64 {
    match table {
        ProofTable::Small => SMALL_NEEDED_BYTES,
        ProofTable::Big => BIG_NEEDED_BYTES,
        ProofTable::H16(_) => (tables_bytes(table) + H16_SYMS_BYTES + CORNER_MOVE_BYTES) * 11 / 10,
    }
}

/// The most bytes one table may take in a browser: WebAssembly's addresses are 32 bits
/// there, and Rust holds nothing over `isize::MAX` bytes in one piece (2 GiB less a
/// byte), whatever memory the tab has. The tetrad-slice table from level 1 (2.7 GB) is
/// past it.
pub const WASM32_PIECE_BYTES: u64 = i32::MAX as u64;

/// The largest of a proof's tables, in bytes (each is one piece of memory).
pub fn largest_piece(table: ProofTable) -> u64 {
    let edge = match table {
        ProofTable::H16(level) => level.table_bytes(),
        _ => table.stored().len as u64,
    };
    edge.max(CORNERS.len as u64)
}

/// Whether a proof's tables can be held at all where one piece of memory is at most
/// `piece` bytes ([`WASM32_PIECE_BYTES`] in a browser).
pub fn fits_pieces(table: ProofTable, piece: u64) -> bool {
    largest_piece(table) <= piece
}

/// What a proof uses instead when a tab cannot hold `table`, best first: the tetrad-slice
/// levels below it (each smaller and, like it, the strongest that fits), then the small
/// table. The default table falls back to the small one alone.
pub fn fallbacks(table: ProofTable) -> Vec<ProofTable> {
    let mut lower: Vec<ProofTable> = match table {
        ProofTable::H16(level) => (0..level.get())
            .rev()
            .filter_map(Level::new)
            .map(ProofTable::H16)
            .collect(),
        _ => Vec::new(),
    };
    if table != ProofTable::Small {
        lower.push(ProofTable::Small);
    }
    lower
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_browser_holds_the_tetrad_slice_table_to_level_0_and_falls_back_level_by_level() {
        let [l0, l1, l2] = [0, 1, 2].map(|k| ProofTable::H16(Level::new(k).unwrap()));
        for t in [ProofTable::Small, ProofTable::Big, l0] {
            assert!(fits_pieces(t, WASM32_PIECE_BYTES), "{t:?}");
        }
        for t in [l1, l2] {
            assert!(!fits_pieces(t, WASM32_PIECE_BYTES), "{t:?}");
            assert!(fits_pieces(t, u64::MAX), "{t:?}");
        }
        assert!(largest_piece(l1) > 2_600_000_000, "{}", largest_piece(l1));
        assert_eq!(fallbacks(l2), [l1, l0, ProofTable::Small]);
        assert_eq!(fallbacks(l0), [ProofTable::Small]);
        assert_eq!(fallbacks(ProofTable::Big), [ProofTable::Small]);
        assert!(fallbacks(ProofTable::Small).is_empty());
        // Each fallback needs less than the table it stands in for.
        for t in [ProofTable::Big, l0, l1, l2] {
            for f in fallbacks(t) {
                assert!(needed_bytes(f) < needed_bytes(t), "{f:?} for {t:?}");
            }
        }
    }

    #[test]
    fn the_names_and_budgets_stay_those_already_kept() {
        // Renaming a table makes every copy kept on a disk or in a browser stale.
        let keys = [CORNERS, FLIPSLICE, FLIPSORTED].map(|t| (t.key, t.file, t.len));
        assert_eq!(
            keys,
            [
                ("PZL3CRN1", "rubik-corners.bin", 44_089_920),
                ("PZL3FST1", "rubik-flipslice.bin", 35_227_103),
                ("PZL3FSS1", "rubik-flipsorted.bin", 833_172_642),
            ]
        );
        assert_eq!(checksum(&[]), 0xcbf2_9ce4_8422_2325);
        const { assert!(SMALL_NEEDED_BYTES < BIG_NEEDED_BYTES) };
    }

    #[test]
    fn each_proof_table_is_kept_under_its_own_name_and_the_bigger_need_more() {
        let level0 = ProofTable::H16(Level::new(0).unwrap());
        assert_eq!(ProofTable::default(), ProofTable::Big);
        assert_eq!(proof_tables(ProofTable::Small), [CORNERS, FLIPSLICE]);
        assert_eq!(proof_tables(ProofTable::Big), [CORNERS, FLIPSORTED]);
        let [_, h] = proof_tables(level0);
        // The command line's cache file of level 0 is this long after its header.
        assert_eq!(
            (h.key, h.file, h.len),
            ("PZL4H160", "rubik-h16-0.bin", 1_347_306_818)
        );
        let order = [ProofTable::Small, ProofTable::Big, level0];
        for w in order.windows(2) {
            assert!(tables_bytes(w[0]) < tables_bytes(w[1]), "{w:?}");
            assert!(needed_bytes(w[0]) < needed_bytes(w[1]), "{w:?}");
        }
        for t in order {
            assert!(needed_bytes(t) > tables_bytes(t), "{t:?}");
        }
    }
}
