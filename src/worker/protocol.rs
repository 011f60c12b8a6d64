//! The worker protocol: what the page asks and what the worker answers. Plain Rust (no
//! browser crates) so it is built and tested natively; on the wire it is postcard bytes.

use serde::{Deserialize, Serialize};

use crate::solver::chart::Bucket;
use crate::solver::cube::solve::Costs;
use crate::solver::cube::Metric;
use crate::solver::knight::all_starts::Outcome;
use crate::solver::knight::count::{CountSpec, CountTask};
use crate::solver::knight::frontier::{FrontierProgress, FrontierResult};
use crate::solver::knight::naive_count::{Found, NaiveMethod};
use crate::solver::knight::timeline::Frame;
use crate::solver::knight::TourConfig;
use crate::solver::queens::classes::ClassTask;
use crate::solver::{Stats, Status};

/// What the page asks. Every request carries a job number chosen by the page; answers
/// carry it back so stale ones can be ignored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Request {
    Tour {
        job: u32,
        config: TourConfig,
    },
    /// The board at one step of the last tour searched (the worker keeps its timeline).
    TourFrame {
        job: u32,
        step: u64,
    },
    /// The tour rules run from every start square (`config.start` is ignored).
    AllStarts {
        job: u32,
        config: TourConfig,
    },
    /// Build (or reuse) the distance table and report its distribution.
    CubeTable {
        job: u32,
        metric: Metric,
    },
    /// Solve a colouring: optimally in `metric`, or cheapest under `costs` if given.
    CubeSolve {
        job: u32,
        state: String,
        metric: Metric,
        costs: Option<Costs>,
    },
    /// Slices of an N-queens count by symmetry classes (the page hands batches of them
    /// out to all its workers); the answer sums solutions and classes over the batch.
    QueensTask {
        job: u32,
        index: u32,
        tasks: Vec<ClassTask>,
    },
    /// Fundamental solutions from a finished total (needs two small symmetric searches).
    QueensUnique {
        job: u32,
        n: u32,
        total: u64,
    },
    /// Slices of a knight's tour count (a batch); past `limit` search nodes the worker
    /// gives up on a slice and the page splits it (so no slice holds a worker for long).
    KnightCountTask {
        job: u32,
        index: u32,
        tasks: Vec<CountTask>,
        limit: u64,
    },
    /// The notebook's brute force or plain backtracking, run in batches.
    NaiveCount {
        job: u32,
        method: NaiveMethod,
        spec: CountSpec,
    },
    Cancel {
        job: u32,
    },
    /// Panics on purpose (browser tests check that the page restarts the worker).
    PanicForTesting,
    /// The pocket cube as a graph (waits for the metric's table like `CubeSolve`): solve
    /// start → goal, the hints for every turn, a random antipode.
    CubeGraph {
        job: u32,
        metric: Metric,
        query: GraphQuery,
    },
    /// The Rubik's cube (54 facelets): the anytime two-phase search, reporting every
    /// shorter solution; it runs until it proves the best optimal, finds no solution of at
    /// most `max_length` moves, or the page cancels it (Stop).
    RubikSolve {
        job: u32,
        state: String,
        max_length: u8,
    },
    /// The moves that reach the random-state scramble `seed` (the cube itself the page
    /// makes at once with `cube3::random_cube`).
    RubikScramble {
        job: u32,
        seed: u64,
    },
    /// Parts of a path-structure (frontier) count, swept one after another with progress;
    /// a part whose layers would need more than `max_bytes` is refused with an error
    /// instead of running the worker out of memory.
    FrontierCount {
        job: u32,
        parts: Vec<CountSpec>,
        max_bytes: u64,
    },
    /// Answered at once with `Ready`: the worker has started (its code is loaded).
    Ping {
        job: u32,
    },
}

/// What the worker answers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Response {
    /// Sent between batches of a long job: steps so far and a depth (tour length, or the
    /// table layer being built, with `stats.nodes` = positions reached).
    Progress {
        job: u32,
        stats: Stats,
        depth: u32,
    },
    /// The search ended (solved, failed, impossible or cancelled); `path` as indices.
    Tour {
        job: u32,
        status: Status,
        path: Vec<u32>,
        stats: Stats,
        /// The theorem that rules the tour out, when one does.
        reason: Option<String>,
        /// The depth of the path over the whole search (for the depth chart).
        chart: Vec<Bucket>,
    },
    /// The board at one step of the search (an answer to `TourFrame`).
    TourFrame {
        job: u32,
        frame: Frame,
    },
    /// Outcome of each start square, by index, when all are done (progress comes as
    /// `Progress` with `depth` = starts done).
    AllStarts {
        job: u32,
        outcomes: Vec<Outcome>,
    },
    CubeTable {
        job: u32,
        metric: Metric,
        counts: Vec<u64>,
    },
    CubeSolution {
        job: u32,
        /// The solution in notation, e.g. `R U' F2`.
        moves: String,
        /// Its length in the metric asked for (turns, for a weighted solve).
        length: u32,
        /// The position's optimal distance in that metric.
        distance: u32,
        /// The total cost, for a weighted solve.
        cost: Option<u32>,
    },
    QueensTask {
        job: u32,
        index: u32,
        /// Solutions in the batch.
        count: u64,
        /// Symmetry classes (fundamental solutions) in the batch.
        unique: u64,
    },
    QueensUnique {
        job: u32,
        unique: u64,
    },
    /// For each slice of the batch, in order: `(count, nodes)`, or `None` when the slice
    /// ran past its limit and must be split.
    KnightCountTask {
        job: u32,
        index: u32,
        results: Vec<Option<(u64, u64)>>,
    },
    /// Where a notebook counter stands; sent between batches and once at the end.
    NaiveCount {
        job: u32,
        found: Found,
        stats: Stats,
        finished: bool,
    },
    Cancelled {
        job: u32,
    },
    /// Sent by the worker's panic hook: this worker is broken and must be replaced.
    Crashed {
        job: u32,
        message: String,
    },
    Error {
        job: u32,
        message: String,
    },
    /// The answer to `CubeGraph`.
    CubeGraph {
        job: u32,
        answer: GraphAnswer,
    },
    /// Where the frontier part in hand stands (`part` of the batch), between batches.
    FrontierProgress {
        job: u32,
        part: u32,
        progress: FrontierProgress,
    },
    /// Every part of a `FrontierCount` batch, in order.
    FrontierCount {
        job: u32,
        results: Vec<FrontierResult>,
    },
    /// The answer to `Ping`.
    Ready {
        job: u32,
    },
    /// Where a Rubik's cube search stands: between batches, and once at the end.
    RubikSearch {
        job: u32,
        report: RubikReport,
    },
    /// The answer to `RubikScramble`.
    RubikScramble {
        job: u32,
        seed: u64,
        state: String,
        moves: String,
    },
}

/// A Rubik's cube search as the page shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RubikReport {
    /// Milliseconds the search tables took to build for this request (0: already built).
    pub tables_ms: f64,
    /// Every solution found, each shorter than the one before, with when it was found.
    pub improvements: Vec<RubikImprovement>,
    pub nodes: u64,
    /// No solution is shorter than this.
    pub lower_bound: u8,
    /// Milliseconds of search so far (after the tables).
    pub elapsed_ms: f64,
    /// Why it ended, once it has.
    pub end: Option<RubikEnd>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RubikImprovement {
    /// Face turns, e.g. `R U2 F'`.
    pub moves: String,
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

impl Request {
    /// The job number the request carries (0 for the test-only panic).
    pub fn job(&self) -> u32 {
        match self {
            Request::Tour { job, .. }
            | Request::TourFrame { job, .. }
            | Request::AllStarts { job, .. }
            | Request::CubeTable { job, .. }
            | Request::CubeSolve { job, .. }
            | Request::QueensTask { job, .. }
            | Request::QueensUnique { job, .. }
            | Request::KnightCountTask { job, .. }
            | Request::NaiveCount { job, .. }
            | Request::Cancel { job }
            | Request::CubeGraph { job, .. }
            | Request::RubikSolve { job, .. }
            | Request::RubikScramble { job, .. }
            | Request::FrontierCount { job, .. }
            | Request::Ping { job } => *job,
            Request::PanicForTesting => 0,
        }
    }
}

/// What the cube page asks of the position graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraphQuery {
    /// The `index`-th optimal solution (clamped to the last) from `start` to `goal` (solved
    /// in the start's colours if `None`); with `costs`, the cheapest one instead.
    Solve {
        start: String,
        goal: Option<String>,
        costs: Option<Costs>,
        index: u64,
    },
    /// The distance to the goal now and after each of the 18 face turns.
    Hints { state: String, goal: Option<String> },
    /// A random position at the greatest distance from solved.
    Antipode { seed: u64 },
}

/// What the worker answers about the graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraphAnswer {
    Solution {
        /// Face turns, e.g. `R U' F2` (in qtm only quarter turns, as counted).
        moves: String,
        /// Whole-cube turns after them so the cube is held exactly as the goal.
        hold: String,
        /// The face turns' length in the metric (turns, for a weighted solve).
        length: u32,
        /// The optimal distance start → goal in the metric.
        distance: u32,
        /// How many optimal solutions (`None` for a weighted solve), and which this is.
        count: Option<u64>,
        index: u64,
        cost: Option<u32>,
    },
    /// `after[i]`: the distance after face turn `i` (U U2 U' L … D').
    Hints {
        state: String,
        goal: Option<String>,
        distance: u8,
        after: Vec<u8>,
    },
    Antipode {
        state: String,
        distance: u8,
    },
}

/// Encodes a message as the bytes the worker boundary carries.
pub fn to_bytes<T: Serialize>(message: &T) -> Result<Vec<u8>, String> {
    postcard::to_stdvec(message).map_err(|e| e.to_string())
}

/// Decodes bytes from the worker boundary.
pub fn from_bytes<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, String> {
    postcard::from_bytes(bytes).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::board::Board;

    fn round_trip_request(r: Request) {
        let back: Request = from_bytes(&to_bytes(&r).unwrap()).unwrap();
        assert_eq!(format!("{back:?}"), format!("{r:?}"));
        assert_eq!(back.job(), r.job());
    }

    #[test]
    fn every_request_survives_the_wire() {
        let config = TourConfig::standard(Board::new(6, 6).unwrap(), 3, true);
        let spec = CountSpec {
            width: 5,
            height: 5,
            start: Some(0),
            closed: false,
        };
        for r in [
            Request::Tour { job: 1, config },
            Request::AllStarts { job: 2, config },
            Request::TourFrame { job: 2, step: 17 },
            Request::CubeTable {
                job: 3,
                metric: Metric::Qtm,
            },
            Request::CubeSolve {
                job: 4,
                state: "WWWWGGRRBBOOGGRRBBOOYYYY".into(),
                metric: Metric::Htm,
                costs: None,
            },
            Request::QueensUnique {
                job: 5,
                n: 8,
                total: 92,
            },
            Request::NaiveCount {
                job: 6,
                method: NaiveMethod::BruteForce,
                spec,
            },
            Request::Cancel { job: 7 },
            Request::PanicForTesting,
            Request::CubeGraph {
                job: 8,
                metric: Metric::Qtm,
                query: GraphQuery::Solve {
                    start: "WWWWGGRRBBOOGGRRBBOOYYYY".into(),
                    goal: Some("WWWWOOGGRRBBGGRRBBOOYYYY".into()),
                    costs: None,
                    index: 3,
                },
            },
            Request::CubeGraph {
                job: 9,
                metric: Metric::Htm,
                query: GraphQuery::Hints {
                    state: "WWWWGGRRBBOOGGRRBBOOYYYY".into(),
                    goal: None,
                },
            },
        ] {
            round_trip_request(r);
        }
    }

    #[test]
    fn answers_survive_the_wire_and_garbage_is_refused() {
        let r = Response::Tour {
            job: 9,
            status: Status::Solved,
            path: vec![0, 11, 4],
            stats: Stats {
                steps: 3,
                nodes: 4,
                backtracks: 1,
            },
            reason: Some("why".into()),
            chart: vec![Bucket::default()],
        };
        let back: Response = from_bytes(&to_bytes(&r).unwrap()).unwrap();
        assert_eq!(back, r);
        assert!(from_bytes::<Response>(&[0xFF, 0xFF, 0xFF]).is_err());
        let r = Response::CubeGraph {
            job: 10,
            answer: GraphAnswer::Solution {
                moves: "R U".into(),
                hold: "x".into(),
                length: 2,
                distance: 2,
                count: Some(u64::MAX),
                index: 1,
                cost: None,
            },
        };
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
        let r = Response::RubikSearch {
            job: 12,
            report: RubikReport {
                tables_ms: 900.5,
                improvements: vec![RubikImprovement {
                    moves: "R U2 F'".into(),
                    length: 3,
                    ms: 0.25,
                }],
                nodes: 1 << 40,
                lower_bound: 3,
                elapsed_ms: 1.5,
                end: Some(RubikEnd::Optimal),
            },
        };
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
    }
}
