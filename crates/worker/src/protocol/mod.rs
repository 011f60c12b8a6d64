//! The worker protocol: what the page asks and what the worker answers, one enum per
//! workbench (`knight.rs`, `queens.rs`, `cube.rs`, `count.rs`, `rubik.rs`) inside one
//! envelope. Each workbench's answers say once which of them end a request
//! (`ends_request`). Plain Rust (no browser crates) so it is built and tested natively; on
//! the wire it is postcard bytes. Test hooks (a worker crash on demand) are not here: they
//! belong to the web crate's worker entry.

mod count;
mod cube;
mod knight;
mod queens;
mod rubik;

use serde::{Deserialize, Serialize};

use puzzlelab_solver::Stats;

pub use count::{CountAnswer, CountAsk, FrontierTask};
pub use cube::{CubeAnswer, CubeAsk, GraphAnswer, GraphQuery};
pub use knight::{KnightAnswer, KnightAsk, TourAnimation};
pub use queens::{QueensAnswer, QueensAsk};
pub use rubik::{
    ProofEnd, ProofReport, ProofTable, ProofTables, RubikAnswer, RubikAsk, RubikEnd,
    RubikImprovement, RubikReport, TablesSource, TablesStage, BEST_FOUND, PROVEN, TRACE_STEPS,
};

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

/// A search's run from step `from` to `to`, backtracking included, as an animated GIF
/// of at most `budget` frames, `delay_cs` hundredths of a second each, in the page's
/// theme (progress comes as `Answer::Progress` with `depth` = frames drawn and
/// `stats.nodes` = frames in all). The worker runs the search again to draw it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchAnimation {
    pub from: u64,
    pub to: u64,
    pub budget: u32,
    pub delay_cs: u16,
    pub dark: bool,
}

/// What the page sends.
pub type Request = Envelope<Ask>;
/// What the worker sends back.
pub type Response = Envelope<Answer>;

/// The job number of the messages that belong to no job: the start-up `Ping` and its
/// `Ready`. Pages number their jobs from 1 (each adds one before sending), so no job's
/// answers are taken for these, nor these for a job's.
pub const NO_JOB: u32 = 0;

impl Request {
    /// Sent to a worker as it starts: its `Ready` (see [`Response::is_ready`]) says its
    /// code has loaded, so a count begun after it is timed without the loading.
    pub fn ping() -> Request {
        Request::new(NO_JOB, Ask::Ping)
    }
}

impl Response {
    /// The worker's answer to [`Request::ping`].
    pub fn is_ready(&self) -> bool {
        self.job == NO_JOB && matches!(self.body, Answer::Ready)
    }
}

/// What the page asks (the body of a `Request`): a workbench's work, or the loop's own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ask {
    Knight(KnightAsk),
    Queens(QueensAsk),
    Cube(CubeAsk),
    Count(CountAsk),
    Rubik(RubikAsk),
    /// Stop the job with this number. The running job answers with its final answer (a
    /// search's report marked stopped, or `Cancelled`); a finished one says nothing.
    Cancel,
    /// Answered at once with `Ready`: the worker has started (its code is loaded).
    Ping,
}

/// What the worker answers (the body of a `Response`): a workbench's answer, or one that
/// any long job gives.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    Knight(KnightAnswer),
    Queens(QueensAnswer),
    Cube(CubeAnswer),
    Count(CountAnswer),
    Rubik(RubikAnswer),
    /// Sent between batches of a long job: steps so far and a depth (tour length, or the
    /// table layer being built, with `stats.nodes` = positions reached).
    Progress {
        stats: Stats,
        depth: u32,
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
    /// The answer to `Ping`.
    Ready,
}

impl Answer {
    /// Whether this answer ends its request (progress reports and the start-up `Ready`
    /// do not): the loop then forgets the job, the page's worker bridge stops awaiting
    /// the request, and a crash after it resends nothing. Each workbench says which of
    /// its own answers end one.
    pub fn ends_request(&self) -> bool {
        match self {
            Answer::Knight(a) => a.ends_request(),
            Answer::Queens(a) => a.ends_request(),
            Answer::Cube(a) => a.ends_request(),
            Answer::Count(a) => a.ends_request(),
            Answer::Rubik(a) => a.ends_request(),
            // `Ready` answers the start-up ping, which a task may already have followed.
            Answer::Progress { .. } | Answer::Ready => false,
            Answer::Cancelled | Answer::Crashed { .. } | Answer::Error { .. } => true,
        }
    }
}

macro_rules! from_workbench {
    ($($variant:ident: $ask:ty, $answer:ty;)*) => {$(
        impl From<$ask> for Ask {
            fn from(ask: $ask) -> Ask {
                Ask::$variant(ask)
            }
        }
        impl From<$answer> for Answer {
            fn from(answer: $answer) -> Answer {
                Answer::$variant(answer)
            }
        }
    )*};
}

from_workbench! {
    Knight: KnightAsk, KnightAnswer;
    Queens: QueensAsk, QueensAnswer;
    Cube: CubeAsk, CubeAnswer;
    Count: CountAsk, CountAnswer;
    Rubik: RubikAsk, RubikAnswer;
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
    use puzzlelab_solver::board::Board;
    use puzzlelab_solver::chart::Bucket;
    use puzzlelab_solver::cube::parse_moves;
    use puzzlelab_solver::cube::Metric;
    use puzzlelab_solver::knight::count::CountSpec;
    use puzzlelab_solver::knight::naive_count::{Found, NaiveMethod};
    use puzzlelab_solver::knight::TourConfig;
    use puzzlelab_solver::rubik::optimal_tables::h16::Level;
    use puzzlelab_solver::rubik::proof_shares::Share;
    use puzzlelab_solver::Status;

    fn round_trip_request(r: Request) {
        let back: Request = from_bytes(&to_bytes(&r).unwrap()).unwrap();
        assert_eq!(format!("{back:?}"), format!("{r:?}"));
        assert_eq!(back.job, r.job);
    }

    #[test]
    fn a_malformed_colouring_on_the_wire_is_refused_not_read() {
        // The same bytes as a Solve of a 54-letter state, but with 53 letters.
        let ask = |letters: &str| {
            let state = puzzlelab_solver::rubik::Facelets::solved().to_string();
            let r = Request::new(
                3,
                Ask::Rubik(RubikAsk::Solve {
                    state: puzzlelab_solver::rubik::Facelets::parse(&state).unwrap(),
                    max_length: 20,
                }),
            );
            let bytes = to_bytes(&r).unwrap();
            let text = String::from_utf8_lossy(&bytes).replace(&state, letters);
            from_bytes::<Request>(text.as_bytes())
        };
        assert!(ask(&"U".repeat(54)).is_ok());
        let short = ask(&format!("{}1", "U".repeat(53)));
        assert!(short.is_err(), "{short:?}");
    }

    fn rubik_moves(text: &str) -> Vec<puzzlelab_solver::rubik::Move> {
        puzzlelab_solver::rubik::parse_moves(text).unwrap()
    }

    fn cube(letters: &str) -> puzzlelab_solver::cube::Stickers {
        puzzlelab_solver::cube::Stickers::parse(letters).unwrap()
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
            Request::new(1, Ask::Knight(KnightAsk::Tour { config })),
            Request::new(2, Ask::Knight(KnightAsk::AllStarts { config })),
            Request::new(2, Ask::Knight(KnightAsk::Frame { step: 17 })),
            Request::new(
                2,
                Ask::Knight(KnightAsk::Animation {
                    animation: TourAnimation {
                        width: 5,
                        height: 5,
                        path: vec![0, 7, 14],
                        from: 0,
                        to: 2,
                        budget: 200,
                        delay_cs: 3,
                        dark: true,
                    },
                }),
            ),
            Request::new(
                3,
                Ask::Cube(CubeAsk::Table {
                    metric: Metric::Qtm,
                }),
            ),
            Request::new(
                4,
                Ask::Cube(CubeAsk::Solve {
                    state: cube("WWWWGGRRBBOOGGRRBBOOYYYY"),
                    metric: Metric::Htm,
                    costs: None,
                }),
            ),
            Request::new(5, Ask::Queens(QueensAsk::Unique { n: 8, total: 92 })),
            Request::new(
                5,
                Ask::Queens(QueensAsk::Animation {
                    n: 8,
                    animation: SearchAnimation {
                        from: 3,
                        to: 900,
                        budget: 200,
                        delay_cs: 5,
                        dark: false,
                    },
                }),
            ),
            Request::new(
                5,
                Ask::Knight(KnightAsk::SearchAnimation {
                    config,
                    animation: SearchAnimation {
                        from: 0,
                        to: 500,
                        budget: 600,
                        delay_cs: 3,
                        dark: true,
                    },
                }),
            ),
            Request::new(
                6,
                Ask::Count(CountAsk::Naive {
                    method: NaiveMethod::BruteForce,
                    spec,
                }),
            ),
            Request::new(
                7,
                Ask::Rubik(RubikAsk::Animation {
                    states: vec![puzzlelab_solver::rubik::Facelets::solved()],
                    budget: 200,
                    delay_cs: 33,
                    dark: false,
                }),
            ),
            Request::new(
                7,
                Ask::Cube(CubeAsk::Animation {
                    states: vec![cube("WWWWGGRRBBOOGGRRBBOOYYYY")],
                    budget: 2,
                    delay_cs: 33,
                    dark: true,
                }),
            ),
            Request::new(7, Ask::Cancel),
            Request::ping(),
            Request::new(
                8,
                Ask::Cube(CubeAsk::Graph {
                    metric: Metric::Qtm,
                    query: GraphQuery::Solve {
                        start: cube("WWWWGGRRBBOOGGRRBBOOYYYY"),
                        goal: Some(cube("WWWWOOGGRRBBGGRRBBOOYYYY")),
                        costs: None,
                        index: 3,
                    },
                }),
            ),
            Request::new(
                9,
                Ask::Cube(CubeAsk::Graph {
                    metric: Metric::Htm,
                    query: GraphQuery::Hints {
                        state: cube("WWWWGGRRBBOOGGRRBBOOYYYY"),
                        goal: None,
                    },
                }),
            ),
        ] {
            round_trip_request(r);
        }
    }

    #[test]
    fn answers_survive_the_wire_and_garbage_is_refused() {
        let r = Response::new(
            9,
            Answer::Knight(KnightAnswer::Tour {
                status: Status::Solved,
                path: vec![0, 11, 4],
                stats: Stats {
                    steps: 3,
                    nodes: 4,
                    backtracks: 1,
                },
                reason: Some("why".into()),
                chart: vec![Bucket::default()],
            }),
        );
        let back: Response = from_bytes(&to_bytes(&r).unwrap()).unwrap();
        assert_eq!(back, r);
        assert!(from_bytes::<Response>(&[0xFF, 0xFF, 0xFF]).is_err());
        let gif = Answer::Knight(KnightAnswer::Animation {
            gif: b"GIF89a".to_vec(),
            frames: 64,
        });
        assert!(gif.ends_request());
        let r = Response::new(9, gif);
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
        let r = Response::new(
            10,
            Answer::Cube(CubeAnswer::Graph {
                answer: GraphAnswer::Solution {
                    moves: parse_moves("R U").unwrap(),
                    hold: parse_moves("x").unwrap(),
                    length: 2,
                    distance: 2,
                    count: Some(u64::MAX),
                    index: 1,
                    cost: None,
                    walk: vec![puzzlelab_solver::cube::walk::TraceStep {
                        step: 1,
                        event: puzzlelab_solver::cube::walk::TraceEvent::Take,
                        turn: Some("R'".into()),
                        read: Some(0),
                        line: 4,
                        distance: 0,
                    }],
                },
            }),
        );
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
        let r = Response::new(
            12,
            Answer::Rubik(RubikAnswer::Solve {
                report: RubikReport {
                    tables_ms: 900.5,
                    improvements: vec![RubikImprovement {
                        moves: rubik_moves("R U2 F'"),
                        length: 3,
                        ms: 0.25,
                    }],
                    nodes: 1 << 40,
                    steps: 1 << 41,
                    lower_bound: 3,
                    elapsed_ms: 1.5,
                    end: Some(RubikEnd::Optimal),
                    trace: Vec::new(),
                },
            }),
        );
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
        let r = Response::new(
            13,
            Answer::Rubik(RubikAnswer::Prove {
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
                        table: ProofTable::Small,
                        fell_back: true,
                        worker_memory: 1 << 30,
                    },
                    best: rubik_moves("R U"),
                    length: 2,
                    two_phase_length: 2,
                    proven: 2,
                    depth: 2,
                    nodes: 1 << 33,
                    elapsed_ms: 3.0,
                    end: Some(ProofEnd::NoMemory { needed: 1 << 27 }),
                },
            }),
        );
        assert_eq!(from_bytes::<Response>(&to_bytes(&r).unwrap()).unwrap(), r);
        let ask = Request::new(
            14,
            Ask::Rubik(RubikAsk::Prove {
                state: puzzlelab_solver::rubik::Facelets::solved(),
                known: rubik_moves("R U"),
                memory_limit: Some(5),
                table: ProofTable::H16(Level::new(0).unwrap()),
                share: Share { index: 1, of: 2 },
            }),
        );
        round_trip_request(ask);
    }

    #[test]
    fn the_ping_belongs_to_no_job_and_only_its_answer_is_ready() {
        let ping = Request::ping();
        assert_eq!(ping.job, NO_JOB);
        assert!(matches!(ping.body, Ask::Ping));
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
            steps: 0,
            lower_bound: 0,
            elapsed_ms: 0.0,
            end,
            trace: Vec::new(),
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
            Answer::Count(CountAnswer::Naive {
                found: Found::default(),
                stats: Stats::default(),
                finished: false,
            }),
            Answer::Rubik(RubikAnswer::Solve {
                report: report(None),
            }),
        ];
        for answer in progress {
            assert!(!answer.ends_request(), "{answer:?}");
        }
        let last = [
            Answer::Cancelled,
            Answer::Error {
                message: "x".into(),
            },
            Answer::Count(CountAnswer::Naive {
                found: Found::default(),
                stats: Stats::default(),
                finished: true,
            }),
            Answer::Rubik(RubikAnswer::Solve {
                report: report(Some(RubikEnd::Stopped)),
            }),
            Answer::Queens(QueensAnswer::Unique { unique: 12 }),
        ];
        for answer in last {
            assert!(answer.ends_request(), "{answer:?}");
        }
    }
}
