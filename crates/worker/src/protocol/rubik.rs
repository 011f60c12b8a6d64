//! The Rubik's cube page's asks and answers.

use serde::{Deserialize, Serialize};

use puzzlelab_solver::rubik::code::PhaseStep;
pub use puzzlelab_solver::rubik::optimal_tables::stored::ProofTable;
use puzzlelab_solver::rubik::proof_shares::Share;
use puzzlelab_solver::rubik::{Facelets, Move};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RubikAsk {
    /// The Rubik's cube (54 facelets): the anytime two-phase search, reporting every
    /// shorter solution; it runs until it proves the best optimal, finds no solution of at
    /// most `max_length` moves, or the page cancels it (Stop).
    Solve { state: Facelets, max_length: u8 },
    /// The moves that reach the random-state scramble `seed` (the cube itself the page
    /// makes at once with `rubik::random_cube`).
    Scramble { seed: u64 },
    /// Prove `known` (a solution of `state`, the two-phase search's; empty or wrong: the
    /// worker finds one first) optimal, or find the shortest: the optimal solver's tables
    /// read from the browser's storage or built and kept there, then IDA* depth by depth.
    /// `memory_limit` (tests) makes the worker act as if it could get no more bytes.
    /// `table`: which table beside the corner table (the CLI's default, `--small-table`
    /// or `--h16 L`).
    /// `share`: the part of every depth this worker searches (the page splits a proof over
    /// its workers; `Share::WHOLE` for all of it); its reports speak for that part only.
    Prove {
        state: Facelets,
        known: Vec<Move>,
        memory_limit: Option<u64>,
        table: ProofTable,
        share: Share,
    },
    /// A solution's run as an animated GIF of the nets: `states` the cube at each step
    /// shown (the first to the last asked), at most `budget` frames of `delay_cs`
    /// hundredths of a second, in the page's theme (progress: `Answer::Progress` with
    /// `depth` = frames drawn, `stats.nodes` = frames in all).
    Animation {
        states: Vec<Facelets>,
        budget: u32,
        delay_cs: u16,
        dark: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum RubikAnswer {
    /// Where a two-phase search stands: between batches, and once at the end.
    Solve { report: RubikReport },
    Scramble {
        seed: u64,
        state: Facelets,
        moves: Vec<Move>,
    },
    /// Where an optimal proof stands: between batches, and once at the end.
    Prove { report: ProofReport },
    /// The animation asked for: the GIF file and its frame count.
    Animation { gif: Vec<u8>, frames: u32 },
}

impl RubikAnswer {
    /// A search's or a proof's report ends the request once it says why it ended.
    pub fn ends_request(&self) -> bool {
        match self {
            RubikAnswer::Solve { report } => report.end.is_some(),
            RubikAnswer::Prove { report } => report.end.is_some(),
            RubikAnswer::Scramble { .. } | RubikAnswer::Animation { .. } => true,
        }
    }
}

/// An optimal proof as the page shows it (`RubikAsk::Prove`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProofReport {
    pub tables: ProofTables,
    /// The shortest solution known (the two-phase one until a shorter is found).
    pub best: Vec<Move>,
    pub length: u8,
    /// The two-phase solution's length, the bound the proof started from.
    pub two_phase_length: u8,
    /// No solution is shorter than this.
    pub proven: u8,
    /// The depth being searched.
    pub depth: u8,
    pub nodes: u64,
    /// Milliseconds of search so far (after the tables).
    pub elapsed_ms: f64,
    pub end: Option<ProofEnd>,
}

/// The optimal solver's tables in this worker.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct ProofTables {
    pub stage: TablesStage,
    /// Bytes they take.
    pub bytes: u64,
    /// Where they came from, once they are there.
    pub source: Option<TablesSource>,
    /// Milliseconds spent reading or building them for this request (0: already held).
    pub ms: f64,
    /// Kept in the browser's storage (`None`: not tried; `Some(false)`: it refused).
    pub kept: Option<bool>,
    /// The table beside the corner table.
    pub table: ProofTable,
    /// A bigger table was asked for, but the tab could not hold it: `table` is the
    /// smaller one used instead.
    pub fell_back: bool,
    /// Bytes of the worker's WebAssembly memory at the report (0 natively).
    pub worker_memory: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub enum TablesStage {
    /// Looking in the browser's storage.
    #[default]
    Reading,
    /// Building: `done` of 1, and which table.
    Building {
        done: f32,
        table: String,
    },
    /// Handing them to the browser's storage.
    Keeping,
    Ready,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TablesSource {
    /// Read back from the browser's storage.
    Stored,
    Built,
    /// Held by the worker since an earlier proof.
    Held,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProofEnd {
    /// The best solution is optimal: every shorter depth was searched and found empty.
    Optimal,
    /// The page stopped it: the best found stands, unproven.
    Stopped,
    /// The tab could not get the memory the tables need (`needed` bytes).
    NoMemory { needed: u64 },
}

/// Steps of each two-phase search the worker records one at a time for the code view
/// (`RubikReport::trace`, after its start): a few milliseconds' work, about 28 KB of
/// postcard sent once (27,682 B for a random state's 2,001, printed by `worker_loop.rs`).
pub const TRACE_STEPS: u64 = 2_000;

/// A Rubik's cube search as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RubikReport {
    /// Milliseconds the search tables took to build for this request (0: already built).
    pub tables_ms: f64,
    /// Every solution found, each shorter than the one before, with when it was found.
    pub improvements: Vec<RubikImprovement>,
    pub nodes: u64,
    /// Steps the search has taken so far: `trace` holds the first of them only, so the
    /// page can say how much of the search its code view walks.
    pub steps: u64,
    /// No solution is shorter than this.
    pub lower_bound: u8,
    /// Milliseconds of search so far (after the tables).
    pub elapsed_ms: f64,
    /// Why it ended, once it has.
    pub end: Option<RubikEnd>,
    /// The search's first steps at the level of its phases, each with the line of the
    /// phases' listing it ran (`rubik::code::phase_trace`): the start and at most
    /// [`TRACE_STEPS`] steps (`steps` says how many the whole search took), in the report
    /// that ends the search only (empty before).
    pub trace: Vec<PhaseStep>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RubikImprovement {
    /// Face turns.
    pub moves: Vec<Move>,
    pub length: u8,
    /// Milliseconds into the search.
    pub ms: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RubikEnd {
    /// The best solution is proven optimal.
    Optimal,
    /// No solution of at most the length limit exists.
    NoneThatShort,
    /// The page stopped it.
    Stopped,
}

/// The proof's status words, as `puzzlelab rubik solve --optimal` prints them.
pub const PROVEN: &str = "proven optimal";
pub const BEST_FOUND: &str = "best found";

impl ProofReport {
    /// "proven optimal" once every shorter depth is searched, else "best found".
    pub fn status(&self) -> &'static str {
        if self.end == Some(ProofEnd::Optimal) {
            PROVEN
        } else {
            BEST_FOUND
        }
    }
}
