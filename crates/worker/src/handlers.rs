//! Which workbench answers which request: the one place that names them all. Each
//! workbench's handler keeps what outlives its jobs (the pocket cube's tables, the last
//! tour's timeline, the Rubik's cube's search tables); the loop keeps nothing of theirs.

use std::rc::Rc;

use super::batch::{Handled, Handler};
use super::protocol::{Answer, Ask};
use super::rubik_optimal::{NoStore, TableStore};
use super::{count, cube, knight, queens, rubik};

#[derive(Default)]
pub struct Workbenches {
    knight: knight::Knight,
    cube: cube::PocketCube,
    rubik: rubik::Rubik,
}

impl Workbenches {
    /// The page's handlers, keeping the optimal solver's tables in `store` (the browser's
    /// storage) between visits.
    pub fn with_table_store(store: Rc<dyn TableStore>) -> Workbenches {
        Workbenches {
            rubik: rubik::Rubik::new(rubik::TablesKind::Full, store),
            ..Workbenches::default()
        }
    }

    /// As in the page, but the Rubik's cube's optimal proofs read the phase-1 tables
    /// alone (nothing to build): quick native tests of the proof's job and page state.
    pub fn with_quick_rubik_proofs() -> Workbenches {
        Workbenches {
            rubik: rubik::Rubik::new(rubik::TablesKind::PhaseOne, Rc::new(NoStore)),
            ..Workbenches::default()
        }
    }
}

impl Handler for Workbenches {
    fn handle(&mut self, job: u32, ask: Ask) -> Handled {
        match ask {
            Ask::Tour { config } => self.knight.tour(config),
            Ask::TourFrame { step } => self.knight.frame(job, step),
            Ask::AllStarts { config } => knight::all_starts(config),
            Ask::CubeTable { .. } | Ask::CubeSolve { .. } | Ask::CubeGraph { .. } => {
                self.cube.handle(ask)
            }
            Ask::QueensTask { index, tasks } => queens::tasks(index, tasks),
            Ask::QueensUnique { n, total } => queens::unique(n, total),
            Ask::KnightCountTask {
                index,
                tasks,
                limit,
            } => count::tasks(index, &tasks, limit),
            Ask::NaiveCount { method, spec } => count::naive(method, spec),
            Ask::FrontierCount { parts, max_bytes } => count::frontier(parts, max_bytes),
            Ask::RubikSolve { state, max_length } => self.rubik.solve(&state, max_length),
            Ask::RubikScramble { seed } => self.rubik.scramble(seed),
            Ask::RubikProve {
                state,
                known,
                memory_limit,
                small_table,
                share,
            } => self
                .rubik
                .prove(state, known, memory_limit, small_table, share),
            // The loop itself answers these.
            Ask::Cancel | Ask::Ping | Ask::PanicForTesting => Handled::Answer(Answer::Error {
                message: "the worker loop answers this itself".into(),
            }),
        }
    }
}
