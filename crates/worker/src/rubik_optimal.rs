//! The Rubik's cube's optimal proof (`RubikProve`): the optimal solver's tables read back
//! from the browser's storage or built once and kept there, then [`OptimalSearch`] in
//! batches, reporting the depth being proven, the nodes and the best solution so far.
//!
//! The tables are the command line's ([`ProofTable`]): the corner table and the flip ×
//! sorted slice × twist table (877 MB in all, the default), the flip × slice × twist
//! table (79 MB in all, proofs several times slower; the CLI's `--small-table`) or the
//! tetrad-slice table (1.39 GB in all at level 0, proofs several times faster; `--h16 0`).
//! The two big tables are built in batches of class rows, with progress, and a Stop gets
//! through between them.
//!
//! The page splits a proof over its proof workers: each runs the share of every depth the
//! request names ([`OptimalSearch::with_share`]) and its reports speak for that share only
//! (the page joins them with `solver::rubik::proof_shares`). Only the first share's worker
//! writes tables it built to the storage ([`keeps_tables`]). The workers building the
//! tetrad-slice table at once share its heavy layers, trading what they finished through
//! the storage's [`BuildMates`]; each still holds a whole copy.
//!
//! Tables built here are kept by the worker's handler ([`Shelf`]), even when the proof that
//! built them is stopped: a Stop ends the proof at once, but the corner and the small
//! table, each built in one batch, are finished first, and a big table's build is kept
//! half done and goes on at the next proof that asks for it. Before anything is allocated
//! the worker checks it can get the bytes: a tab short of a big table's memory proves with
//! the small ones and says so; one short of even those gets a message, not a crash.

use std::cell::{OnceCell, RefCell};
use std::rc::Rc;
use std::sync::Arc;

use super::batch::BatchJob;
use super::now_ms as now;
use super::protocol::{Answer, ProofEnd, ProofReport, ProofTables, TablesSource, TablesStage};
use crate::protocol::RubikAnswer;
use puzzlelab_solver::rubik::optimal::{OptimalSearch, OptimalTables};
use puzzlelab_solver::rubik::optimal_tables::corners::CornerTable;
use puzzlelab_solver::rubik::optimal_tables::flipslice::{FlipSliceSyms, FlipSliceTable};
use puzzlelab_solver::rubik::optimal_tables::flipsorted::{
    FlipSortedBuild, FlipSortedSyms, FlipSortedTable,
};
use puzzlelab_solver::rubik::optimal_tables::h16::{H16Syms, H16Table};
use puzzlelab_solver::rubik::optimal_tables::h16_build::{H16Build, Piece};
/// Still read here by the page's component (`app/rubik/mod.rs`); the names and budgets
/// are the solver's ([`stored`]).
use puzzlelab_solver::rubik::optimal_tables::stored::tables_bytes;
use puzzlelab_solver::rubik::optimal_tables::stored::{
    self, needed_bytes, ProofTable, StoredTable, SMALL_NEEDED_BYTES,
};
use puzzlelab_solver::rubik::proof_shares::Share;
use puzzlelab_solver::rubik::{solve, Cube, Facelets, Move, Tables};
use puzzlelab_solver::{Status, StepMachine};

/// Search steps between looks at the clock.
const STEPS_PER_SLICE: u64 = 4_000;
/// A big table's class rows (or the tetrad-slice table's row parts) between looks at the
/// clock (each is 2187 entries: up to a millisecond in the last layers).
const ROWS_PER_SLICE: usize = 16;
/// A batch of search ends after this long, so a Stop gets through and progress shows.
const BATCH_MS: f64 = 40.0;
/// The share of the small tables' build the corner table takes (measured: about two
/// fifths of the time on one thread, natively and in Chromium).
const CORNER_SHARE: f32 = 0.4;
/// The share of a big table's build the corner table takes (measured in Chromium: the
/// corner table about 9 s, the flip-sorted-slice-twist table about 7.5 minutes; the
/// tetrad-slice table takes longer still).
const CORNER_SHARE_BIG: f32 = 0.02;

/// The two-phase search tables (about 14 MB), built on the first request's job and kept
/// by the Rubik's cube's handler; a proof that needs a first solution reads them too.
pub(super) type SharedTables = Rc<OnceCell<Arc<Tables>>>;

/// A result that arrives later (the browser's storage answers asynchronously).
pub type Pending<T> = Rc<RefCell<Option<T>>>;

/// The tables' bytes, in the order of the parts asked for.
pub type StoredTables = Vec<Vec<u8>>;

/// Where the tables are kept between visits: IndexedDB in a browser (`table_store.rs`),
/// nowhere natively.
pub trait TableStore {
    /// Starts reading `parts`; the answer is `None` when any is not (validly) stored.
    fn read(&self, parts: [StoredTable; 2]) -> Pending<Option<StoredTables>>;
    /// Starts keeping the tables ([`OptimalTables::kept`]; held until written); the
    /// answer says whether the storage took them.
    fn keep(&self, tables: Arc<OptimalTables>) -> Pending<bool>;
    /// A line to the other workers building `table` now, which share its last layers
    /// with this one (a browser's BroadcastChannel); `None`: this worker builds alone.
    fn build_mates(&self, _table: StoredTable) -> Option<Box<dyn BuildMates>> {
        None
    }
}

/// The other workers building the same table: finished blocks of its shared layers go
/// out and come in ([`H16Build::receive`] checks what comes in).
pub trait BuildMates {
    fn send(&self, piece: &Piece);
    /// The next block received, if any.
    fn next(&self) -> Option<Piece>;
}

/// Whether this worker writes the tables it got to the storage: only tables it built, and
/// only as the first share. Two writers of the same records (each clears the checksum
/// first) left them unreadable when the tab closed after the first had finished.
pub fn keeps_tables(source: TablesSource, share: Share) -> bool {
    source == TablesSource::Built && share.index == 0
}

/// No storage: every worker builds its own tables (native runs and tests).
pub struct NoStore;

impl TableStore for NoStore {
    fn read(&self, _: [StoredTable; 2]) -> Pending<Option<StoredTables>> {
        Rc::new(RefCell::new(Some(None)))
    }
    fn keep(&self, _: Arc<OptimalTables>) -> Pending<bool> {
        Rc::new(RefCell::new(Some(false)))
    }
}

/// Which tables the proof reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TablesKind {
    /// The corner table and the table the request asks for (the page).
    Full,
    /// The phase-1 pair tables alone: nothing to build or keep (quick native tests of the
    /// job and the page's state; fine for short positions).
    PhaseOne,
}

/// What the worker keeps between proofs.
#[derive(Default)]
pub struct Shelf {
    corners: Option<CornerTable>,
    /// The tables held, and which table is beside the corner table.
    tables: Option<(ProofTable, Arc<OptimalTables>)>,
    /// A big table's build, stopped half done.
    half_built: Option<BigBuild>,
}

impl Shelf {
    /// Bytes of the tables for `table` already held (nothing more to get for them).
    fn held_bytes(&self, table: ProofTable) -> u64 {
        let corners = self
            .corners
            .as_ref()
            .map_or(0, |_| CornerTable::BYTES as u64);
        let build = match &self.half_built {
            Some(b) if b.table() == table => b.bytes() as u64,
            _ => 0,
        };
        corners + build
    }
}

/// A big table's build under way, a batch at a time.
enum BigBuild {
    Sorted(Box<FlipSortedBuild>),
    H16(Box<H16Build>),
}

impl BigBuild {
    /// Its first batch: the symmetry tables and the blank table.
    fn new(table: ProofTable, base: &Tables) -> Option<BigBuild> {
        match table {
            ProofTable::Small => None,
            ProofTable::Big => Some(BigBuild::Sorted(Box::new(FlipSortedBuild::new(
                &base.moves,
                FlipSortedSyms::new(),
            )))),
            ProofTable::H16(level) => Some(BigBuild::H16(Box::new(H16Build::new(
                &base.moves,
                H16Syms::new(level),
            )))),
        }
    }

    fn table(&self) -> ProofTable {
        match self {
            BigBuild::Sorted(_) => ProofTable::Big,
            BigBuild::H16(b) => ProofTable::H16(b.level()),
        }
    }

    fn bytes(&self) -> usize {
        match self {
            BigBuild::Sorted(b) => b.bytes(),
            BigBuild::H16(b) => b.bytes(),
        }
    }

    fn is_done(&self) -> bool {
        match self {
            BigBuild::Sorted(b) => b.is_done(),
            BigBuild::H16(b) => b.is_done(),
        }
    }

    /// Whether only this worker's table is left to send in this layer.
    fn only_sending(&self) -> bool {
        matches!(self, BigBuild::H16(b) if b.only_sending())
    }

    fn fraction(&self) -> f32 {
        match self {
            BigBuild::Sorted(b) => b.fraction(),
            BigBuild::H16(b) => b.fraction(),
        }
    }

    /// Shares the build's last layers with `share.of` workers (the tetrad-slice table's).
    fn share_with(&mut self, share: Share) {
        if let BigBuild::H16(b) = self {
            b.share_with(share.index as usize, share.of as usize);
        }
    }

    /// Takes in what the mates finished, and sends them what this worker finished.
    fn trade(&mut self, mates: &dyn BuildMates) {
        if let BigBuild::H16(b) = self {
            for piece in b.take_finished() {
                mates.send(&piece);
            }
            while let Some(piece) = mates.next() {
                b.receive(piece);
            }
        }
    }

    /// A few rows more; true once the table is complete.
    fn step(&mut self, base: &Tables) -> bool {
        match self {
            BigBuild::Sorted(b) => b.step(&base.moves, ROWS_PER_SLICE),
            BigBuild::H16(b) => b.step(&base.moves, ROWS_PER_SLICE),
        }
    }

    fn finish(self) -> EdgeTable {
        match self {
            BigBuild::Sorted(b) => EdgeTable::Big(b.finish()),
            BigBuild::H16(b) => EdgeTable::H16(b.finish()),
        }
    }
}

pub type SharedShelf = Rc<RefCell<Shelf>>;

/// The most bytes one piece of memory can take here: 2 GiB less a byte in a browser
/// ([`stored::WASM32_PIECE_BYTES`]), past any table natively.
const PIECE_BYTES: u64 = isize::MAX as u64;

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

/// The table after the corner table.
enum EdgeTable {
    Small(FlipSliceTable),
    Big(FlipSortedTable),
    H16(H16Table),
}

/// Bytes of this worker's WebAssembly memory (0 natively).
fn memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    return core::arch::wasm32::memory_size(0) as u64 * 65_536;
    #[cfg(not(target_arch = "wasm32"))]
    0
}

enum Phase {
    /// The first batch: the tables held, or the memory check.
    Start,
    Reading(Pending<Option<StoredTables>>),
    BuildCorners,
    BuildFlipSlice,
    /// A big table's symmetry classes and its blank entries (a batch of their own).
    BuildBigStart,
    BuildBig(BigBuild),
    Search(Box<OptimalSearch>),
}

/// What a proof is asked: the page's request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProveAsk {
    /// The cube's facelets.
    pub state: Facelets,
    /// A solution already known (the bound to beat, if it solves the cube).
    pub known: Vec<Move>,
    /// Bytes the tables may take at most (tests stand in for a smaller tab with it).
    pub memory_limit: Option<u64>,
    /// The table beside the corner table.
    pub table: ProofTable,
    /// The part of every depth this worker proves.
    pub share: Share,
}

/// What the handler lends each proof: which tables it reads, and the tables and storage
/// that outlive the proof.
#[derive(Clone)]
pub struct ProofContext {
    pub kind: TablesKind,
    pub base: SharedTables,
    pub shelf: SharedShelf,
    pub store: Rc<dyn TableStore>,
}

pub struct ProveJob {
    ask: ProveAsk,
    context: ProofContext,
    /// The table beside the corner table: the one asked for, or the small one when that
    /// is all the memory allowed.
    table: ProofTable,
    phase: Phase,
    tables: ProofTables,
    tables_began: f64,
    keeping: Option<Pending<bool>>,
    /// The other workers building the same big table, while this one builds it.
    mates: Option<Box<dyn BuildMates>>,
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
    pub fn new(ask: ProveAsk, context: ProofContext) -> ProveJob {
        let table = ask.table;
        ProveJob {
            phase: Phase::Start,
            tables: ProofTables {
                stage: TablesStage::Reading,
                bytes: if context.kind == TablesKind::Full {
                    tables_bytes(table)
                } else {
                    0
                },
                source: None,
                ms: 0.0,
                kept: None,
                table,
                fell_back: false,
                worker_memory: 0,
            },
            ask,
            context,
            table,
            tables_began: 0.0,
            keeping: None,
            mates: None,
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
            tables: ProofTables {
                worker_memory: memory_bytes(),
                ..self.tables.clone()
            },
            best: self.best.clone(),
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

    fn progress(&self) -> Answer {
        Answer::Rubik(RubikAnswer::Prove {
            report: self.report(),
        })
    }

    fn last(&self) -> Answer {
        Answer::Rubik(RubikAnswer::Prove {
            report: self.report(),
        })
    }

    fn building(&mut self, done: f32, table: &str) -> Answer {
        self.tables.stage = TablesStage::Building {
            done,
            table: table.into(),
        };
        self.progress()
    }

    fn base(&self) -> Arc<Tables> {
        self.context
            .base
            .get_or_init(|| Arc::new(Tables::new()))
            .clone()
    }

    /// The first batch: the cube and its two-phase bound, then the tables.
    fn start(&mut self) -> Answer {
        let cube = match Cube::from_facelets(&self.ask.state) {
            Ok(c) => c,
            Err(e) => {
                return Answer::Error {
                    message: e.to_string(),
                }
            }
        };
        let base = self.base();
        // The known solution is the bound only if it solves this cube.
        self.best = Some(self.ask.known.clone())
            .filter(|m| cube.apply_all(m).is_solved())
            .or_else(|| solve(&base, &cube, 20, u64::MAX))
            .unwrap_or_default();
        self.two_phase_length = self.best.len() as u8;
        self.cube = Some(cube);
        self.tables_began = now();
        if self.context.kind == TablesKind::PhaseOne {
            let tables = Arc::new(OptimalTables::new(base, None));
            return self.begin_search(tables, None);
        }
        // A table no piece of memory here can hold (the tetrad-slice table past level 0 in
        // a browser) is never tried: the strongest that can be stands in for it.
        if !stored::fits_pieces(self.table, PIECE_BYTES) {
            let instead = stored::fallbacks(self.table)
                .into_iter()
                .find(|&t| stored::fits_pieces(t, PIECE_BYTES))
                .unwrap_or(ProofTable::Small);
            self.fall_back(instead);
        }
        let held = self.context.shelf.borrow().tables.clone();
        match held {
            Some((table, held)) if table == self.table => {
                return self.begin_search(held, Some(TablesSource::Held));
            }
            // The other tables: let them go, to make room.
            Some(_) => self.context.shelf.borrow_mut().tables = None,
            None => {}
        }
        if !self.fits(self.table) {
            let Some(instead) = stored::fallbacks(self.table)
                .into_iter()
                .find(|&t| self.fits(t))
            else {
                self.end = Some(ProofEnd::NoMemory {
                    needed: SMALL_NEEDED_BYTES,
                });
                return self.last();
            };
            // Not this table's memory, but a smaller one's: proofs take longer.
            self.context.shelf.borrow_mut().half_built = None;
            self.fall_back(instead);
        }
        self.phase = Phase::Reading(self.context.store.read(stored::proof_tables(self.table)));
        self.tables.stage = TablesStage::Reading;
        self.progress()
    }

    /// Proves with `instead`, a smaller table than the one asked for (the report says so).
    fn fall_back(&mut self, instead: ProofTable) {
        self.table = instead;
        self.tables.table = instead;
        self.tables.fell_back = true;
        self.tables.bytes = tables_bytes(instead);
    }

    /// Whether the worker can get what the tables need beyond what it holds.
    fn fits(&self, table: ProofTable) -> bool {
        let held = self.context.shelf.borrow().held_bytes(table);
        can_allocate(
            needed_bytes(table).saturating_sub(held),
            self.ask.memory_limit,
        )
    }

    fn begin_search(&mut self, tables: Arc<OptimalTables>, source: Option<TablesSource>) -> Answer {
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
            return Answer::Error {
                message: "the proof has no cube".into(),
            };
        };
        let search = OptimalSearch::with_share(tables, cube, self.best.clone(), self.ask.share);
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
    fn built(&mut self, table: EdgeTable, source: TablesSource) -> Answer {
        let corners = self.context.shelf.borrow_mut().corners.take();
        let Some(corners) = corners else {
            return Answer::Error {
                message: "the corner table went missing".into(),
            };
        };
        let (base, corners) = (self.base(), Some(corners));
        let tables = Arc::new(match table {
            EdgeTable::Small(f) => OptimalTables::with_big_table(base, corners, Some(f), None),
            EdgeTable::Big(f) => OptimalTables::with_big_table(base, corners, None, Some(f)),
            EdgeTable::H16(h) => OptimalTables::with_h16(base, corners, h),
        });
        if keeps_tables(source, self.ask.share) {
            self.tables.stage = TablesStage::Keeping;
            self.keeping = Some(self.context.store.keep(tables.clone()));
        }
        self.context.shelf.borrow_mut().tables = Some((self.table, tables.clone()));
        self.begin_search(tables, Some(source))
    }

    fn read(&mut self, pending: Pending<Option<StoredTables>>) -> Answer {
        let answer = pending.borrow_mut().take();
        match answer {
            None => {
                self.phase = Phase::Reading(pending);
                self.progress()
            }
            Some(Some(mut stored)) if stored.len() == 2 => {
                let table = stored.pop().unwrap_or_default();
                let corners = CornerTable::from_bytes(stored.pop().unwrap_or_default());
                let table = match self.table {
                    ProofTable::Small => FlipSliceTable::from_bytes(FlipSliceSyms::new(), table)
                        .ok()
                        .map(EdgeTable::Small),
                    ProofTable::Big => FlipSortedTable::from_bytes(FlipSortedSyms::new(), table)
                        .ok()
                        .map(EdgeTable::Big),
                    ProofTable::H16(level) => H16Table::from_bytes(H16Syms::new(level), table)
                        .ok()
                        .map(EdgeTable::H16),
                };
                match (corners, table) {
                    (Some(c), Some(t)) => {
                        self.context.shelf.borrow_mut().corners = Some(c);
                        self.built(t, TablesSource::Stored)
                    }
                    // Wrong lengths: build them again.
                    _ => self.build_next(),
                }
            }
            Some(_) => self.build_next(),
        }
    }

    /// The name of the table after the corner table, as the page shows it.
    fn table_name(&self) -> &'static str {
        self.table.name()
    }

    fn corner_share(&self) -> f32 {
        if self.table == ProofTable::Small {
            CORNER_SHARE
        } else {
            CORNER_SHARE_BIG
        }
    }

    /// Says which table is built next (the batch after this one builds it).
    fn build_next(&mut self) -> Answer {
        if self.context.shelf.borrow().corners.is_none() {
            self.phase = Phase::BuildCorners;
            return self.building(0.0, "corner");
        }
        let share = self.corner_share();
        if self.table == ProofTable::Small {
            self.phase = Phase::BuildFlipSlice;
            return self.building(share, self.table_name());
        }
        let half_done = self.context.shelf.borrow_mut().half_built.take();
        match half_done {
            Some(mut build) if build.table() == self.table => {
                self.join_mates(&mut build);
                let done = share + (1.0 - share) * build.fraction();
                self.phase = Phase::BuildBig(build);
                self.building(done, self.table_name())
            }
            // None, or another table's: it goes, to make room.
            _ => {
                self.phase = Phase::BuildBigStart;
                self.building(share, self.table_name())
            }
        }
    }

    /// Meets the other proof workers building the same tetrad-slice table, if the proof
    /// is shared and the storage can reach them; they split its last layers.
    fn join_mates(&mut self, build: &mut BigBuild) {
        if self.ask.share.of < 2 || !matches!(build, BigBuild::H16(_)) {
            return;
        }
        let [_, table] = stored::proof_tables(self.table);
        self.mates = self.context.store.build_mates(table);
        if self.mates.is_some() {
            build.share_with(self.ask.share);
        }
    }

    /// About one batch of a big table's build, trading finished blocks with the other
    /// workers building it before and after.
    fn build_big(&mut self, mut build: BigBuild) -> Answer {
        let base = self.base();
        let start = now();
        if let Some(mates) = &self.mates {
            build.trade(mates.as_ref());
        }
        let mut done = build.is_done();
        while !done && !build.only_sending() && now() - start < BATCH_MS {
            done = build.step(&base);
        }
        if let Some(mates) = &self.mates {
            build.trade(mates.as_ref());
        }
        if done {
            self.mates = None;
            return self.built(build.finish(), TablesSource::Built);
        }
        let share = self.corner_share();
        let fraction = share + (1.0 - share) * build.fraction();
        self.phase = Phase::BuildBig(build);
        self.building(fraction, self.table_name())
    }

    fn search(&mut self, mut search: Box<OptimalSearch>) -> Answer {
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
    fn batch(&mut self, _job: u32) -> Answer {
        match std::mem::replace(&mut self.phase, Phase::Start) {
            Phase::Start => self.start(),
            Phase::Reading(pending) => self.read(pending),
            Phase::BuildCorners => {
                let corners = CornerTable::build(|_, _| {});
                self.context.shelf.borrow_mut().corners = Some(corners);
                self.build_next()
            }
            Phase::BuildFlipSlice => {
                let base = self.base();
                let flipslice = FlipSliceTable::build(&base.moves, FlipSliceSyms::new(), 1, |_| {});
                self.built(EdgeTable::Small(flipslice), TablesSource::Built)
            }
            Phase::BuildBigStart => {
                let Some(mut build) = BigBuild::new(self.table, &self.base()) else {
                    return self.build_next();
                };
                self.join_mates(&mut build);
                let share = self.corner_share();
                self.phase = Phase::BuildBig(build);
                self.building(share, self.table_name())
            }
            Phase::BuildBig(build) => self.build_big(build),
            Phase::Search(search) => self.search(search),
        }
    }

    /// A stopped proof answers with its report marked stopped, whatever it was doing (a
    /// big table's build half done is kept for the next proof).
    fn cancel(&mut self, _job: u32) -> Answer {
        match std::mem::replace(&mut self.phase, Phase::Start) {
            Phase::Search(mut search) => {
                search.cancel();
                self.phase = Phase::Search(search);
            }
            Phase::BuildBig(build) => self.context.shelf.borrow_mut().half_built = Some(build),
            other => self.phase = other,
        }
        self.poll_keeping();
        self.end = Some(ProofEnd::Stopped);
        Answer::Rubik(RubikAnswer::Prove {
            report: self.report(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_solver::rubik::{apply_moves, format_moves, SOLVED};

    fn job(shelf: &SharedShelf, base: &SharedTables, state: &str) -> ProveJob {
        let ask = ProveAsk {
            state: Facelets::parse(state).unwrap(),
            known: Vec::new(),
            memory_limit: None,
            table: ProofTable::Big,
            share: Share::WHOLE,
        };
        let context = ProofContext {
            kind: TablesKind::Full,
            base: base.clone(),
            shelf: shelf.clone(),
            store: Rc::new(NoStore),
        };
        ProveJob::new(ask, context)
    }

    fn report_of(answer: &Answer) -> ProofReport {
        match answer {
            Answer::Rubik(RubikAnswer::Prove { report }) => report.clone(),
            other => panic!("{other:?}"),
        }
    }

    /// The big table's share of the build, if it is building.
    fn big_table_done(r: &ProofReport) -> Option<f32> {
        match &r.tables.stage {
            TablesStage::Building { done, table } if table == "flip-sorted-slice-twist" => {
                Some(*done)
            }
            _ => None,
        }
    }

    #[test]
    fn only_the_first_share_keeps_tables_and_only_tables_it_built() {
        let second = Share { index: 1, of: 2 };
        assert!(keeps_tables(TablesSource::Built, Share::WHOLE));
        assert!(keeps_tables(TablesSource::Built, Share { index: 0, of: 2 }));
        assert!(!keeps_tables(TablesSource::Built, second));
        for source in [TablesSource::Stored, TablesSource::Held] {
            assert!(!keeps_tables(source, Share::WHOLE), "{source:?}");
        }
    }

    #[test]
    #[ignore = "builds the 833 MB table in batches: minutes and 1.1 GB"]
    fn the_big_table_builds_in_batches_a_stop_keeps_it_half_built_and_the_next_proof_ends_it() {
        let state = apply_moves(SOLVED, "R U F' L2 D B' R2").unwrap();
        let (shelf, base) = (SharedShelf::default(), SharedTables::default());
        let mut first = job(&shelf, &base, &state);
        let mut last = 0.0f32;
        let mut batches = 0;
        loop {
            let b = first.batch(1);
            assert!(!b.ends_request());
            let r = report_of(&b);
            assert_eq!(r.tables.table, ProofTable::Big, "the big table by default");
            if let Some(done) = big_table_done(&r) {
                assert!(done >= last, "the bar never goes back: {done} after {last}");
                last = done;
                batches += 1;
                if done > 0.3 {
                    break;
                }
            }
        }
        assert!(batches > 100, "{batches} batches to a third");
        let stopped = report_of(&first.cancel(1));
        assert_eq!(stopped.end, Some(ProofEnd::Stopped));
        assert!(
            shelf.borrow().half_built.is_some(),
            "the half-built table is kept"
        );

        // The next proof goes on from there, then proves.
        let mut second = job(&shelf, &base, &state);
        let mut resumed_at = None;
        let end = loop {
            let b = second.batch(2);
            let r = report_of(&b);
            if let Some(done) = big_table_done(&r) {
                resumed_at.get_or_insert(done);
            }
            if b.ends_request() {
                break r;
            }
        };
        assert!(
            resumed_at.is_some_and(|d| d >= last),
            "{resumed_at:?} < {last}"
        );
        assert_eq!(end.end, Some(ProofEnd::Optimal));
        assert_eq!(end.tables.source, Some(TablesSource::Built));
        assert!(end.length <= 7 && end.proven == end.length, "{end:?}");
        assert_eq!(
            apply_moves(&state, &format_moves(&end.best)).unwrap(),
            SOLVED
        );

        // Held for the proof after.
        let mut third = job(&shelf, &base, &state);
        let r = report_of(&third.batch(3));
        assert_eq!(r.tables.source, Some(TablesSource::Held));
    }
}
