//! The worker protocol: what the page asks and what the worker answers. Plain Rust (no
//! browser crates) so it is built and tested natively; on the wire it is postcard bytes.

use serde::{Deserialize, Serialize};

use puzzlelab_solver::chart::Bucket;
use puzzlelab_solver::cube::solve::Costs;
use puzzlelab_solver::cube::Metric;
use puzzlelab_solver::knight::all_starts::Outcome;
use puzzlelab_solver::knight::count::{CountSpec, CountTask};
use puzzlelab_solver::knight::frontier::{FrontierProgress, FrontierResult, PartOf};
use puzzlelab_solver::knight::naive_count::{Found, NaiveMethod};
use puzzlelab_solver::knight::timeline::Frame;
use puzzlelab_solver::knight::TourConfig;
use puzzlelab_solver::queens::classes::ClassTask;
use puzzlelab_solver::rubik::proof_shares::Share;
use puzzlelab_solver::{Stats, Status};

/// Every message across the worker boundary: a job number chosen by the page, and what
/// is asked or answered. Answers carry their request's job back, so stale ones can be
/// ignored and a cancel names what it stops.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Envelope<B> {
    pub job: u32,
    pub body: B,
}

impl<B> Envelope<B> {
    pub fn new(job: u32, body: B) -> Self {
        Envelope { job, body }
    }
}

/// What the page sends.
pub type Request = Envelope<Ask>;
/// What the worker sends back.
pub type Response = Envelope<Answer>;

/// The job number of the messages that belong to no job: the start-up `Ping` and its
/// `Ready`, and `PanicForTesting`. Pages number their jobs from 1 (each adds one before
/// sending), so no job's answers are taken for these, nor these for a job's.
pub const NO_JOB: u32 = 0;

impl Request {
    /// Sent to a worker as it starts: its `Ready` (see [`Response::is_ready`]) says its
    /// code has loaded, so a count begun after it is timed without the loading.
    pub fn ping() -> Request {
        Request::new(NO_JOB, Ask::Ping)
    }

    /// Makes the worker panic (browser tests of the page's recovery).
    pub fn panic_for_testing() -> Request {
        Request::new(NO_JOB, Ask::PanicForTesting)
    }
}

impl Response {
    /// The worker's answer to [`Request::ping`].
    pub fn is_ready(&self) -> bool {
        self.job == NO_JOB && matches!(self.body, Answer::Ready)
    }
}

/// What the page asks (the body of a `Request`).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Ask {
    Tour {
        config: TourConfig,
    },
    /// The board at one step of the last tour searched (the worker keeps its timeline).
    TourFrame {
        step: u64,
    },
    /// The tour rules run from every start square (`config.start` is ignored).
    AllStarts {
        config: TourConfig,
    },
    /// Build (or reuse) the distance table and report its distribution.
    CubeTable {
        metric: Metric,
    },
    /// Solve a colouring: optimally in `metric`, or cheapest under `costs` if given.
    CubeSolve {
        state: String,
        metric: Metric,
        costs: Option<Costs>,
    },
    /// Slices of an N-queens count by symmetry classes (the page hands batches of them
    /// out to all its workers); the answer sums solutions and classes over the batch.
    QueensTask {
        index: u32,
        tasks: Vec<ClassTask>,
    },
    /// Fundamental solutions from a finished total (needs two small symmetric searches).
    QueensUnique {
        n: u32,
        total: u64,
    },
    /// Slices of a knight's tour count (a batch); past `limit` search nodes the worker
    /// gives up on a slice and the page splits it (so no slice holds a worker for long).
    KnightCountTask {
        index: u32,
        tasks: Vec<CountTask>,
        limit: u64,
    },
    /// The notebook's brute force or plain backtracking, run in batches.
    NaiveCount {
        method: NaiveMethod,
        spec: CountSpec,
    },
    /// Stop the job with this number. The running job answers with its final answer (a
    /// search's report marked stopped, or `Cancelled`); a finished one says nothing.
    Cancel,
    /// Panics on purpose (browser tests check that the page restarts the worker).
    PanicForTesting,
    /// The pocket cube as a graph (waits for the metric's table like `CubeSolve`): solve
    /// start → goal, the hints for every turn, a random antipode.
    CubeGraph {
        metric: Metric,
        query: GraphQuery,
    },
    /// The Rubik's cube (54 facelets): the anytime two-phase search, reporting every
    /// shorter solution; it runs until it proves the best optimal, finds no solution of at
    /// most `max_length` moves, or the page cancels it (Stop).
    RubikSolve {
        state: String,
        max_length: u8,
    },
    /// The moves that reach the random-state scramble `seed` (the cube itself the page
    /// makes at once with `rubik::random_cube`).
    RubikScramble {
        seed: u64,
    },
    /// Prove `known` (a solution of `state`, the two-phase search's; empty or wrong: the
    /// worker finds one first) optimal, or find the shortest: the optimal solver's tables
    /// read from the browser's storage or built and kept there, then IDA* depth by depth.
    /// `memory_limit` (tests) makes the worker act as if it could get no more bytes.
    /// `small_table`: the 35 MB flip-slice-twist table instead of the 833 MB one (the
    /// CLI's `--small-table`).
    /// `share`: the part of every depth this worker searches (the page splits a proof over
    /// its workers; `Share::WHOLE` for all of it); its reports speak for that part only.
    RubikProve {
        state: String,
        known: String,
        memory_limit: Option<u64>,
        small_table: bool,
        share: Share,
    },
    /// Parts of a path-structure (frontier) count, swept one after another with progress;
    /// a part whose layers would need more than `max_bytes` is refused with an error
    /// instead of running the worker out of memory.
    FrontierCount {
        parts: Vec<FrontierTask>,
        max_bytes: u64,
    },
    /// Answered at once with `Ready`: the worker has started (its code is loaded).
    Ping,
}

/// One sweep of a frontier count: the whole count `spec`, or one part of its split (the
/// command line's `--part I/K`, `part` counting from 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FrontierTask {
    pub spec: CountSpec,
    pub part: Option<PartOf>,
}

/// What the worker answers (the body of a `Response`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// Sent between batches of a long job: steps so far and a depth (tour length, or the
    /// table layer being built, with `stats.nodes` = positions reached).
    Progress {
        stats: Stats,
        depth: u32,
    },
    /// The search ended (solved, failed, impossible or cancelled); `path` as indices.
    Tour {
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
        frame: Frame,
    },
    /// Outcome of each start square, by index, when all are done (progress comes as
    /// `Progress` with `depth` = starts done).
    AllStarts {
        outcomes: Vec<Outcome>,
    },
    CubeTable {
        metric: Metric,
        counts: Vec<u64>,
    },
    CubeSolution {
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
        index: u32,
        /// Solutions in the batch.
        count: u64,
        /// Symmetry classes (fundamental solutions) in the batch.
        unique: u64,
    },
    QueensUnique {
        unique: u64,
    },
    /// For each slice of the batch, in order: `(count, nodes)`, or `None` when the slice
    /// ran past its limit and must be split.
    KnightCountTask {
        index: u32,
        results: Vec<Option<(u64, u64)>>,
    },
    /// Where a notebook counter stands; sent between batches and once at the end.
    NaiveCount {
        found: Found,
        stats: Stats,
        finished: bool,
    },
    /// The job was cancelled before it had anything to report.
    Cancelled,
    /// Sent by the worker's panic hook: this worker is broken and must be replaced.
    Crashed {
        message: String,
    },
    Error {
        message: String,
    },
    /// The answer to `CubeGraph`.
    CubeGraph {
        answer: GraphAnswer,
    },
    /// Where the frontier part in hand stands (`part` of the batch), between batches.
    FrontierProgress {
        part: u32,
        progress: FrontierProgress,
    },
    /// Every part of a `FrontierCount` batch, in order.
    FrontierCount {
        results: Vec<FrontierResult>,
    },
    /// The answer to `Ping`.
    Ready,
    /// Where a Rubik's cube search stands: between batches, and once at the end.
    RubikSearch {
        report: RubikReport,
    },
    /// The answer to `RubikScramble`.
    RubikScramble {
        seed: u64,
        state: String,
        moves: String,
    },
    /// Where an optimal proof stands: between batches, and once at the end.
    RubikProof {
        report: ProofReport,
    },
}

/// An optimal proof as the page shows it (`RubikProve`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ProofReport {
    pub tables: ProofTables,
    /// The shortest solution known (the two-phase one until a shorter is found).
    pub best: String,
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
    /// The small table (flip-slice-twist, 35 MB) rather than the big one (833 MB).
    pub small_table: bool,
    /// The big table was asked for, but the tab could not get its memory.
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

impl Answer {
    /// Whether this answer ends its request (progress reports and the start-up `Ready`
    /// do not): the page's worker bridge stops awaiting the request, and a crash after it
    /// resends nothing.
    pub fn ends_request(&self) -> bool {
        match self {
            // `Ready` answers the start-up ping, which a task may already have followed.
            Answer::Progress { .. } | Answer::FrontierProgress { .. } | Answer::Ready => false,
            Answer::NaiveCount { finished, .. } => *finished,
            Answer::RubikSearch { report } => report.end.is_some(),
            Answer::RubikProof { report } => report.end.is_some(),
            _ => true,
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

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_solver::board::Board;

    fn round_trip_request(r: Request) {
        let back: Request = from_bytes(&to_bytes(&r).unwrap()).unwrap();
        assert_eq!(format!("{back:?}"), format!("{r:?}"));
        assert_eq!(back.job, r.job);
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
            Request::new(1, Ask::Tour { config }),
            Request::new(2, Ask::AllStarts { config }),
            Request::new(2, Ask::TourFrame { step: 17 }),
            Request::new(
                3,
                Ask::CubeTable {
                    metric: Metric::Qtm,
                },
            ),
            Request::new(
                4,
                Ask::CubeSolve {
                    state: "WWWWGGRRBBOOGGRRBBOOYYYY".into(),
                    metric: Metric::Htm,
                    costs: None,
                },
            ),
            Request::new(5, Ask::QueensUnique { n: 8, total: 92 }),
            Request::new(
                6,
                Ask::NaiveCount {
                    method: NaiveMethod::BruteForce,
                    spec,
                },
            ),
            Request::new(7, Ask::Cancel),
            Request::panic_for_testing(),
            Request::ping(),
            Request::new(
                8,
                Ask::CubeGraph {
                    metric: Metric::Qtm,
                    query: GraphQuery::Solve {
                        start: "WWWWGGRRBBOOGGRRBBOOYYYY".into(),
                        goal: Some("WWWWOOGGRRBBGGRRBBOOYYYY".into()),
                        costs: None,
                        index: 3,
                    },
                },
            ),
            Request::new(
                9,
                Ask::CubeGraph {
                    metric: Metric::Htm,
                    query: GraphQuery::Hints {
                        state: "WWWWGGRRBBOOGGRRBBOOYYYY".into(),
                        goal: None,
                    },
                },
            ),
        ] {
            round_trip_request(r);
        }
    }

    #[test]
    fn answers_survive_the_wire_and_garbage_is_refused() {
        let r = Response::new(
            9,
            Answer::Tour {
                status: Status::Solved,
                path: vec![0, 11, 4],
                stats: Stats {
                    steps: 3,
                    nodes: 4,
                    backtracks: 1,
                },
                reason: Some("why".into()),
                chart: vec![Bucket::default()],
            },
        );
        let back: Response = from_bytes(&to_bytes(&r).unwrap()).unwrap();
        assert_eq!(back, r);
        assert!(from_bytes::<Response>(&[0xFF, 0xFF, 0xFF]).is_err());
        let r = Response::new(
            10,
            Answer::CubeGraph {
                answer: GraphAnswer::Solution {
                    moves: "R U".into(),
                    hold: "x".into(),
                    length: 2,
                    distance: 2,
                    count: Some(u64::MAX),
                    index: 1,
                    cost: None,
                },
            },
        );
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
        let r = Response::new(
            12,
            Answer::RubikSearch {
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
            },
        );
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
        let r = Response::new(
            13,
            Answer::RubikProof {
                report: ProofReport {
                    tables: ProofTables {
                        stage: TablesStage::Building {
                            done: 0.4,
                            table: "corner".into(),
                        },
                        bytes: 79_317_023,
                        source: Some(TablesSource::Built),
                        ms: 12.5,
                        kept: Some(true),
                        small_table: true,
                        fell_back: true,
                        worker_memory: 1 << 30,
                    },
                    best: "R U".into(),
                    length: 2,
                    two_phase_length: 2,
                    proven: 2,
                    depth: 2,
                    nodes: 1 << 33,
                    elapsed_ms: 3.0,
                    end: Some(ProofEnd::NoMemory { needed: 1 << 27 }),
                },
            },
        );
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
        let ask = Request::new(
            14,
            Ask::RubikProve {
                state: "UUU".into(),
                known: "R U".into(),
                memory_limit: Some(5),
                small_table: true,
                share: Share { index: 1, of: 2 },
            },
        );
        round_trip_request(ask);
    }

    #[test]
    fn the_ping_belongs_to_no_job_and_only_its_answer_is_ready() {
        let ping = Request::ping();
        assert_eq!(ping.job, NO_JOB);
        assert!(matches!(ping.body, Ask::Ping));
        assert_eq!(Request::panic_for_testing().job, NO_JOB);
        assert!(Response::new(NO_JOB, Answer::Ready).is_ready());
        // A job's answers, even a stray `Ready`, are not the ping's.
        assert!(!Response::new(1, Answer::Ready).is_ready());
        assert!(!Response::new(NO_JOB, Answer::Cancelled).is_ready());
    }

    fn report(end: Option<RubikEnd>) -> RubikReport {
        RubikReport {
            tables_ms: 0.0,
            improvements: Vec::new(),
            nodes: 0,
            lower_bound: 0,
            elapsed_ms: 0.0,
            end,
        }
    }

    #[test]
    fn progress_does_not_end_a_request_and_final_answers_do() {
        let progress = [
            Answer::Progress {
                stats: Stats::default(),
                depth: 1,
            },
            Answer::Ready,
            Answer::NaiveCount {
                found: Found::default(),
                stats: Stats::default(),
                finished: false,
            },
            Answer::RubikSearch {
                report: report(None),
            },
        ];
        for answer in progress {
            assert!(!answer.ends_request(), "{answer:?}");
        }
        let last = [
            Answer::Cancelled,
            Answer::Error {
                message: "x".into(),
            },
            Answer::NaiveCount {
                found: Found::default(),
                stats: Stats::default(),
                finished: true,
            },
            Answer::RubikSearch {
                report: report(Some(RubikEnd::Stopped)),
            },
            Answer::QueensUnique { unique: 12 },
        ];
        for answer in last {
            assert!(answer.ends_request(), "{answer:?}");
        }
    }
}
