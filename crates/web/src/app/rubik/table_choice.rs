//! The "Prove optimal" table control: which table the page offers, and the words its
//! `<select>` and the proof's `data-tables-table` use for each.

use puzzlelab_solver::rubik::optimal_tables::h16::Level;
use puzzlelab_solver::rubik::optimal_tables::stored::{tables_bytes, ProofTable};

/// The tables offered, smallest first. Higher tetrad-slice levels (2.7 and 8 GB) do not
/// fit a tab's 4 GiB of WebAssembly memory beside the rest; a link may still ask for one,
/// and the worker then says what it could get.
pub fn offered(current: ProofTable) -> Vec<ProofTable> {
    let mut tables = vec![
        ProofTable::Small,
        ProofTable::Big,
        ProofTable::H16(Level::new(0).expect("level 0")),
    ];
    if !tables.contains(&current) {
        tables.push(current);
    }
    tables
}

/// The table's word: `small`, `big` or `h16-L`.
pub fn word(table: ProofTable) -> String {
    match table {
        ProofTable::Small => "small".into(),
        ProofTable::Big => "big".into(),
        ProofTable::H16(level) => format!("h16-{}", level.get()),
    }
}

/// The table a word names.
pub fn from_word(text: &str) -> Option<ProofTable> {
    match text {
        "small" => Some(ProofTable::Small),
        "big" => Some(ProofTable::Big),
        _ => text
            .strip_prefix("h16-")
            .and_then(|k| k.parse::<u8>().ok())
            .and_then(Level::new)
            .map(ProofTable::H16),
    }
}

/// What the control says of it, short enough for the settings column at 1366 and at
/// 375 px (the tables note under it names the table in full): which, and its size.
pub fn label(table: ProofTable) -> String {
    let mb = tables_bytes(table).div_ceil(1_000_000);
    let which = match table {
        ProofTable::Small => "Small",
        ProofTable::Big => "Default",
        ProofTable::H16(_) => "Tetrad-slice",
    };
    match table {
        ProofTable::H16(level) if level.get() > 0 => format!("{which} {}, {mb} MB", level.get()),
        _ => format!("{which}, {mb} MB"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_offered_table_reads_back_from_its_word_and_a_link_s_own_is_kept() {
        for table in offered(ProofTable::Big) {
            assert_eq!(from_word(&word(table)), Some(table));
        }
        assert_eq!(offered(ProofTable::Big).len(), 3);
        let level2 = ProofTable::H16(Level::new(2).unwrap());
        assert_eq!(offered(level2).last(), Some(&level2));
        for junk in ["", "h16-3", "h16-", "huge"] {
            assert_eq!(from_word(junk), None, "{junk}");
        }
        assert!(
            label(ProofTable::Small).contains("80 MB"),
            "{}",
            label(ProofTable::Small)
        );
    }
}
