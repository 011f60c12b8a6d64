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
            Ask::Knight(ask) => self.knight.handle(job, ask),
            Ask::Queens(ask) => queens::handle(ask),
            Ask::Cube(ask) => self.cube.handle(ask),
            Ask::Count(ask) => count::handle(ask),
            Ask::Rubik(ask) => self.rubik.handle(ask),
            // The loop itself answers these.
            Ask::Cancel | Ask::Ping => Handled::Answer(Answer::Error {
                message: "the worker loop answers this itself".into(),
            }),
        }
    }
}
