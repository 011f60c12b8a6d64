//! The pocket cube's move and distance tables, built once per test binary and shared by
//! the pocket-cube test files.

use std::sync::OnceLock;

use puzzlelab_solver::cube::{DistanceTable, Metric, MoveTables};

pub struct Tables {
    pub moves: MoveTables,
    pub qtm: DistanceTable,
    pub htm: DistanceTable,
}

pub fn tables() -> &'static Tables {
    static T: OnceLock<Tables> = OnceLock::new();
    T.get_or_init(|| {
        let moves = MoveTables::new();
        let qtm = DistanceTable::build(&moves, Metric::Qtm);
        let htm = DistanceTable::build(&moves, Metric::Htm);
        Tables { moves, qtm, htm }
    })
}

/// The distance table of a metric.
pub fn table(metric: Metric) -> &'static DistanceTable {
    match metric {
        Metric::Htm => &tables().htm,
        Metric::Qtm => &tables().qtm,
    }
}
