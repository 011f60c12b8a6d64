//! The Rubik's cube's optimal proof (`RubikProve`): the optimal solver's tables (the
//! corner table and the flip-slice-twist table, 84 MB) read back from the browser's
//! storage or built once and kept there, then [`OptimalSearch`] in batches, reporting the
//! depth being proven, the nodes and the best solution so far. The page splits a proof
//! over its proof workers: each runs the share of every depth the request names
//! ([`OptimalSearch::with_share`]) and its reports speak for that share only (the page
//! joins them with `solver::rubik::proof_shares`).
//!
//! Tables built here are kept by the worker's handler ([`Shelf`]), even when the proof that
//! built them is stopped: a Stop that arrives while a table is building ends the proof as
//! soon as that table is done (the page shows it stopped at once), and the next proof
//! starts from what was built. Before anything is allocated the worker checks it can get
//! the bytes, so a tab with too little memory gets a message, not a crash.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use super::batch::{BatchJob, Batched};
use super::now_ms as now;
use super::protocol::{Answer, ProofEnd, ProofReport, ProofTables, TablesSource, TablesStage};
use super::rubik::SharedTables;
use crate::solver::rubik::corner_table::CornerTable;
use crate::solver::rubik::flipslice_table::{FlipSliceSyms, FlipSliceTable, N_FLIPSLICE};
use crate::solver::rubik::optimal::{OptimalSearch, OptimalTables};
use crate::solver::rubik::proof_shares::Share;
use crate::solver::rubik::{format_moves, parse_moves, solve, Cube, Move, Tables};
use crate::solver::{Status, StepMachine};

/// Search steps between looks at the clock.
const STEPS_PER_SLICE: u64 = 4_000;
/// A batch of search ends after this long, so a Stop gets through and progress shows.
const BATCH_MS: f64 = 40.0;
/// The share of the build the corner table takes (measured: about two fifths of the time
/// on one thread, natively and in Chromium).
const CORNER_SHARE: f32 = 0.4;

/// Bytes of the big tables as kept.
pub const TABLE_BYTES: u64 =
    (CornerTable::BYTES + crate::solver::rubik::flipslice_table::TABLE_BYTES) as u64;

/// Bytes the worker needs for the tables at their peak: the two tables, the flip-slice
/// build's working copy, its symmetry tables and the corner move table, and a tenth more.
pub const NEEDED_BYTES: u64 = (TABLE_BYTES
    + crate::solver::rubik::flipslice_table::TABLE_BYTES as u64
    + 4 * N_FLIPSLICE as u64
    + 2 * 40_320 * 18)
    * 11
    / 10;

/// The stored tables' names: the CLI's file magics, so a layout change renames both.
pub const CORNERS_KEY: &str = "PZL3CRN1";
pub const FLIPSLICE_KEY: &str = "PZL3FST1";

/// A result that arrives later (the browser's storage answers asynchronously).
pub type Pending<T> = Rc<RefCell<Option<T>>>;

/// The two big tables' bytes.
pub struct StoredTables {
    pub corners: Vec<u8>,
    pub flipslice: Vec<u8>,
}

/// Where the tables are kept between visits: IndexedDB in a browser (`table_store.rs`),
/// nowhere natively.
pub trait TableStore {
    /// Starts reading; the answer is `None` when nothing (valid) is stored.
    fn read(&self) -> Pending<Option<StoredTables>>;
    /// Starts keeping the tables; the answer says whether the storage took them.
    fn keep(&self, corners: &[u8], flipslice: &[u8]) -> Pending<bool>;
}

/// No storage: every worker builds its own tables (native runs and tests).
pub struct NoStore;

impl TableStore for NoStore {
    fn read(&self) -> Pending<Option<StoredTables>> {
        Rc::new(RefCell::new(Some(None)))
    }
    fn keep(&self, _: &[u8], _: &[u8]) -> Pending<bool> {
        Rc::new(RefCell::new(Some(false)))
    }
}

/// Which tables the proof reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablesKind {
    /// The corner and flip-slice-twist tables (the page).
    Full,
    /// The phase-1 pair tables alone: nothing to build or keep (quick native tests of the
    /// job and the page's state; fine for short positions).
    PhaseOne,
}

/// What the worker keeps between proofs.
#[derive(Default)]
pub struct Shelf {
    corners: Option<CornerTable>,
    tables: Option<Arc<OptimalTables>>,
}

pub type SharedShelf = Rc<RefCell<Shelf>>;

/// Whether this worker can get `bytes` more (grown once and given back to the allocator,
/// which reuses them for the tables); `limit` stands in for a smaller tab in tests.
fn can_allocate(bytes: u64, limit: Option<u64>) -> bool {
    if limit.is_some_and(|l| bytes > l) {
        return false;
    }
    let Ok(bytes) = usize::try_from(bytes) else {
        return false;
    };
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).is_ok()
}

enum Phase {
    /// The first batch: the tables held, or the memory check.
    Start,
    Reading(Pending<Option<StoredTables>>),
    BuildCorners,
    BuildFlipSlice,
    Search(Box<OptimalSearch>),
}

pub struct ProveJob {
    state: String,
    known: String,
    memory_limit: Option<u64>,
    share: Share,
    kind: TablesKind,
    base: SharedTables,
    shelf: SharedShelf,
    store: Rc<dyn TableStore>,
    phase: Phase,
    tables: ProofTables,
    tables_began: f64,
    keeping: Option<Pending<bool>>,
    cube: Option<Cube>,
    best: Vec<Move>,
    two_phase_length: u8,
    proven: u8,
    depth: u8,
    nodes: u64,
    began: f64,
    end: Option<ProofEnd>,
}

impl ProveJob {
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        state: String,
        known: String,
        memory_limit: Option<u64>,
        share: Share,
        kind: TablesKind,
        base: SharedTables,
        shelf: SharedShelf,
        store: Rc<dyn TableStore>,
    ) -> ProveJob {
        ProveJob {
            state,
            known,
            memory_limit,
            share,
            base,
            shelf,
            store,
            phase: Phase::Start,
            tables: ProofTables {
                stage: TablesStage::Reading,
                bytes: if kind == TablesKind::Full {
                    TABLE_BYTES
                } else {
                    0
                },
                source: None,
                ms: 0.0,
                kept: None,
            },
            kind,
            tables_began: 0.0,
            keeping: None,
            cube: None,
            best: Vec::new(),
            two_phase_length: 0,
            proven: 0,
            depth: 0,
            nodes: 0,
            began: 0.0,
            end: None,
        }
    }

    fn report(&self) -> ProofReport {
        ProofReport {
            tables: self.tables.clone(),
            best: format_moves(&self.best),
            length: self.best.len() as u8,
            two_phase_length: self.two_phase_length,
            proven: self.proven,
            depth: self.depth,
            nodes: self.nodes,
            elapsed_ms: if self.began > 0.0 {
                now() - self.began
            } else {
                0.0
            },
            end: self.end,
        }
    }

    fn progress(&self) -> Batched {
        Batched::progress(Answer::RubikProof {
            report: self.report(),
        })
    }

    fn last(&self) -> Batched {
        Batched::last(Answer::RubikProof {
            report: self.report(),
        })
    }

    fn building(&mut self, done: f32, table: &str) -> Batched {
        self.tables.stage = TablesStage::Building {
            done,
            table: table.into(),
        };
        self.progress()
    }

    fn base(&self) -> Arc<Tables> {
        self.base.get_or_init(|| Arc::new(Tables::new())).clone()
    }

    /// The first batch: the cube and its two-phase bound, then the tables.
    fn start(&mut self) -> Batched {
        let cube = match Cube::parse(&self.state) {
            Ok(c) => c,
            Err(e) => {
                return Batched::last(Answer::Error {
                    message: e.to_string(),
                })
            }
        };
        let base = self.base();
        // The known solution is the bound only if it solves this cube.
        self.best = parse_moves(&self.known)
            .ok()
            .filter(|m| cube.apply_all(m).is_solved())
            .or_else(|| solve(&base, &cube, 20, u64::MAX))
            .unwrap_or_default();
        self.two_phase_length = self.best.len() as u8;
        self.cube = Some(cube);
        self.tables_began = now();
        if self.kind == TablesKind::PhaseOne {
            let tables = Arc::new(OptimalTables::new(base, None));
            return self.begin_search(tables, None);
        }
        let held = self.shelf.borrow().tables.clone();
        if let Some(held) = held {
            return self.begin_search(held, Some(TablesSource::Held));
        }
        let missing = NEEDED_BYTES
            - self
                .shelf
                .borrow()
                .corners
                .as_ref()
                .map_or(0, |_| CornerTable::BYTES as u64);
        if !can_allocate(missing, self.memory_limit) {
            self.end = Some(ProofEnd::NoMemory {
                needed: NEEDED_BYTES,
            });
            return self.last();
        }
        self.phase = Phase::Reading(self.store.read());
        self.tables.stage = TablesStage::Reading;
        self.progress()
    }

    fn begin_search(
        &mut self,
        tables: Arc<OptimalTables>,
        source: Option<TablesSource>,
    ) -> Batched {
        if source.is_some() {
            self.tables.source = source;
            self.tables.ms = if source == Some(TablesSource::Held) {
                0.0
            } else {
                now() - self.tables_began
            };
        }
        self.tables.stage = if self.keeping.is_some() {
            TablesStage::Keeping
        } else {
            TablesStage::Ready
        };
        let Some(cube) = self.cube.as_ref() else {
            return Batched::last(Answer::Error {
                message: "the proof has no cube".into(),
            });
        };
        let search = OptimalSearch::with_share(tables, cube, self.best.clone(), self.share);
        self.read_proof(&search);
        self.began = now();
        self.phase = Phase::Search(Box::new(search));
        self.progress()
    }

    fn read_proof(&mut self, search: &OptimalSearch) {
        let p = search.proof();
        self.best = p.best.clone();
        self.proven = p.proven;
        self.depth = p.depth;
        self.nodes = p.nodes;
    }

    /// The tables are complete: held from now on, and handed to the storage.
    fn built(&mut self, flipslice: FlipSliceTable, source: TablesSource) -> Batched {
        let corners = self.shelf.borrow_mut().corners.take();
        let Some(corners) = corners else {
            return Batched::last(Answer::Error {
                message: "the corner table went missing".into(),
            });
        };
        if source == TablesSource::Built {
            self.tables.stage = TablesStage::Keeping;
            self.keeping = Some(self.store.keep(corners.bytes(), flipslice.bytes()));
        }
        let tables = Arc::new(OptimalTables::with_flipslice(
            self.base(),
            Some(corners),
            Some(flipslice),
        ));
        self.shelf.borrow_mut().tables = Some(tables.clone());
        self.begin_search(tables, Some(source))
    }

    fn read(&mut self, pending: Pending<Option<StoredTables>>) -> Batched {
        let answer = pending.borrow_mut().take();
        match answer {
            None => {
                self.phase = Phase::Reading(pending);
                self.progress()
            }
            Some(Some(stored)) => {
                let corners = CornerTable::from_bytes(stored.corners);
                let flipslice = FlipSliceTable::from_bytes(FlipSliceSyms::new(), stored.flipslice);
                match (corners, flipslice) {
                    (Some(c), Some(f)) => {
                        self.shelf.borrow_mut().corners = Some(c);
                        self.built(f, TablesSource::Stored)
                    }
                    // Wrong lengths: build them again.
                    _ => self.build_next(),
                }
            }
            Some(None) => self.build_next(),
        }
    }

    /// Says which table is built next (the batch after this one builds it).
    fn build_next(&mut self) -> Batched {
        if self.shelf.borrow().corners.is_some() {
            self.phase = Phase::BuildFlipSlice;
            self.building(CORNER_SHARE, "flip-slice-twist")
        } else {
            self.phase = Phase::BuildCorners;
            self.building(0.0, "corner")
        }
    }

    fn search(&mut self, mut search: Box<OptimalSearch>) -> Batched {
        let start = now();
        let mut status = search.status();
        while status == Status::Running && now() - start < BATCH_MS {
            status = search.run(STEPS_PER_SLICE);
        }
        self.read_proof(&search);
        self.phase = Phase::Search(search);
        self.poll_keeping();
        if status == Status::Running {
            return self.progress();
        }
        // Proven (or cut short): the final report waits for the storage's answer, so
        // the page can tell whether a reload will find the tables.
        if self.keeping.is_some() {
            return self.progress();
        }
        self.end = Some(ProofEnd::Optimal);
        self.last()
    }

    fn poll_keeping(&mut self) {
        if let Some(kept) = self.keeping.as_ref().and_then(|k| *k.borrow()) {
            self.tables.kept = Some(kept);
            self.keeping = None;
            if self.tables.stage == TablesStage::Keeping {
                self.tables.stage = TablesStage::Ready;
            }
        }
    }
}

impl BatchJob for ProveJob {
    fn batch(&mut self, _job: u32) -> Batched {
        match std::mem::replace(&mut self.phase, Phase::Start) {
            Phase::Start => self.start(),
            Phase::Reading(pending) => self.read(pending),
            Phase::BuildCorners => {
                let corners = CornerTable::build(|_, _| {});
                self.shelf.borrow_mut().corners = Some(corners);
                self.phase = Phase::BuildFlipSlice;
                self.building(CORNER_SHARE, "flip-slice-twist")
            }
            Phase::BuildFlipSlice => {
                let base = self.base();
                let flipslice = FlipSliceTable::build(&base, FlipSliceSyms::new(), 1, |_| {});
                self.built(flipslice, TablesSource::Built)
            }
            Phase::Search(search) => self.search(search),
        }
    }

    /// A stopped proof answers with its report marked stopped, whatever it was doing.
    fn cancel(&mut self, _job: u32) -> Answer {
        if let Phase::Search(search) = &mut self.phase {
            search.cancel();
        }
        self.poll_keeping();
        self.end = Some(ProofEnd::Stopped);
        Answer::RubikProof {
            report: self.report(),
        }
    }
}
