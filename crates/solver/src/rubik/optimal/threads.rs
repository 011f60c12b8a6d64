//! The proof on native threads (the CLI's): each depth's tasks, one per opening, are
//! handed out one at a time to the threads, which share the node count, the stop, the
//! shortest known length and the two-phase improver. The page's workers share a depth
//! differently, by fixed shares ([`super::OptimalSearch::with_share`]), since they share
//! no memory.

use std::sync::Arc;

use super::super::cube::Cube;
use super::super::moves::Move;
use super::super::search::TwoPhaseSearch;
use super::{improver_useful, OptimalTables, Proof, ProofTask, Start};
use crate::{Status, StepMachine};

/// What [`prove_on_threads`] reports while it works (about ten times a second).
#[derive(Clone, Debug)]
pub struct ProofProgress {
    pub depth: u8,
    pub proven: u8,
    pub best_length: usize,
    pub nodes: u64,
    pub tasks_done: usize,
    pub tasks: usize,
}

/// A shorter solution the improver found during a proof.
#[derive(Clone, Debug, PartialEq)]
pub struct Shortened {
    pub moves: Vec<Move>,
    /// Seconds into the proof.
    pub secs: f64,
}

/// What the proof's threads share: for the whole proof, the node count, the caller's
/// stop, the shortest known length, the improver and its finds; for the depth being
/// searched, the next task to hand out, the tasks done, a solution found and the
/// depth's stop.
struct ProofShared {
    began: std::time::Instant,
    nodes: std::sync::atomic::AtomicU64,
    stopped: std::sync::atomic::AtomicBool,
    best_len: std::sync::atomic::AtomicUsize,
    depth: std::sync::atomic::AtomicU8,
    improver: std::sync::Mutex<Option<TwoPhaseSearch>>,
    shortened: std::sync::Mutex<Vec<Shortened>>,
    next_task: std::sync::atomic::AtomicUsize,
    tasks_done: std::sync::atomic::AtomicUsize,
    found: std::sync::Mutex<Option<Vec<Move>>>,
    stop_depth: std::sync::atomic::AtomicBool,
}

// Every counter is a tally or a flag, and no thread relies on an order between them: all
// are `Relaxed`.
impl ProofShared {
    fn new(best_len: usize, improver: Option<TwoPhaseSearch>) -> ProofShared {
        use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize};
        use std::sync::Mutex;
        ProofShared {
            began: std::time::Instant::now(),
            nodes: AtomicU64::new(0),
            stopped: AtomicBool::new(false),
            best_len: AtomicUsize::new(best_len),
            depth: AtomicU8::new(0),
            improver: Mutex::new(improver),
            shortened: Mutex::new(Vec::new()),
            next_task: AtomicUsize::new(0),
            tasks_done: AtomicUsize::new(0),
            found: Mutex::new(None),
            stop_depth: AtomicBool::new(false),
        }
    }

    /// Readies the depth's share for a search of `depth`.
    fn begin_depth(&mut self, depth: u8) {
        use std::sync::atomic::Ordering::Relaxed;
        self.depth.store(depth, Relaxed);
        self.next_task.store(0, Relaxed);
        self.tasks_done.store(0, Relaxed);
        self.stop_depth.store(false, Relaxed);
        if let Ok(found) = self.found.get_mut() {
            *found = None;
        }
    }

    /// The next of `tasks` tasks to prove, unless they are all handed out or the depth
    /// is stopped.
    #[inline]
    fn take_task(&self, tasks: usize) -> Option<usize> {
        use std::sync::atomic::Ordering::Relaxed;
        let k = self.next_task.fetch_add(1, Relaxed);
        (k < tasks && !self.depth_stopped()).then_some(k)
    }

    #[inline]
    fn depth_stopped(&self) -> bool {
        self.stop_depth.load(std::sync::atomic::Ordering::Relaxed)
    }

    #[inline]
    fn stop_depth(&self) {
        self.stop_depth
            .store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// The caller asked to stop: the proof ends with what it has.
    fn stop(&self) {
        self.stopped
            .store(true, std::sync::atomic::Ordering::Relaxed);
        self.stop_depth();
    }

    fn stopped(&self) -> bool {
        self.stopped.load(std::sync::atomic::Ordering::Relaxed)
    }

    #[inline]
    fn add_nodes(&self, n: u64) {
        self.nodes
            .fetch_add(n, std::sync::atomic::Ordering::Relaxed);
    }

    fn nodes(&self) -> u64 {
        self.nodes.load(std::sync::atomic::Ordering::Relaxed)
    }

    fn task_done(&self) {
        self.tasks_done
            .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }

    /// A task found a solution of the depth's length: keep the first, stop the depth.
    fn solution_found(&self, moves: &[Move]) {
        if let Ok(mut f) = self.found.lock() {
            f.get_or_insert_with(|| moves.to_vec());
        }
        self.stop_depth();
    }

    fn best_len(&self) -> usize {
        self.best_len.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// A known solution of `depth` turns ends this depth: the one before is exhausted.
    fn settled(&self, depth: u8) -> bool {
        self.best_len() <= depth as usize
    }

    /// One slice of the improver (about 20 ms), if it is still worth running.
    fn improve(&self) {
        use std::time::{Duration, Instant};
        let Ok(mut held) = self.improver.try_lock() else {
            return;
        };
        let Some(search) = held.as_mut() else {
            return;
        };
        let depth = self.depth.load(std::sync::atomic::Ordering::Relaxed);
        if !improver_useful(self.best_len(), depth) || search.status().is_finished() {
            // Depths only grow and solutions only shorten: it never becomes useful again.
            *held = None;
            return;
        }
        let slice = Instant::now();
        let before = search.improvements().len();
        while slice.elapsed() < Duration::from_millis(20)
            && search.improvements().len() == before
            && !search.run(2_000).is_finished()
        {}
        if let Some(b) = search.best() {
            if b.moves.len() < self.best_len() {
                self.best_len
                    .store(b.moves.len(), std::sync::atomic::Ordering::Relaxed);
                if let Ok(mut s) = self.shortened.lock() {
                    s.push(Shortened {
                        moves: b.moves.clone(),
                        secs: self.began.elapsed().as_secs_f64(),
                    });
                }
            }
        }
    }

    /// Takes the improver's latest find into `proof` if it is shorter.
    fn improved(&self, proof: &mut Proof) {
        if let Some(s) = self.shortened.lock().ok().and_then(|s| s.last().cloned()) {
            if s.moves.len() < proof.best.len() {
                proof.best = s.moves;
            }
        }
    }

    /// The improver's finds so far.
    fn finds(&self) -> Vec<Shortened> {
        self.shortened.lock().map(|s| s.clone()).unwrap_or_default()
    }

    fn progress(&self, proof: &Proof, tasks: usize) -> ProofProgress {
        ProofProgress {
            depth: proof.depth,
            proven: proof.proven,
            best_length: self.best_len(),
            nodes: self.nodes(),
            tasks_done: self.tasks_done.load(std::sync::atomic::Ordering::Relaxed),
            tasks,
        }
    }
}

/// The proof on `threads` threads: each depth's tasks are handed out one at a time.
/// `improver`, a two-phase search that already found the known solution, keeps looking
/// for shorter ones on the first thread, between its proof slices, for as long as
/// [`improver_useful`] says; each one it finds lowers the depth the proof must exhaust
/// (a random cube's proof of 18 turns then stops after depth 17, instead of searching
/// depth 18, some 13 times bigger, for a solution). `poll` is called from the calling
/// thread with the progress; returning `false` stops the search (Ctrl-C), which then
/// returns what it has proven so far. Also returns the improver's finds.
pub fn prove_on_threads(
    tables: Arc<OptimalTables>,
    cube: &Cube,
    known: Vec<Move>,
    threads: usize,
    improver: Option<TwoPhaseSearch>,
    mut poll: impl FnMut(&ProofProgress) -> bool,
) -> (Proof, bool, Vec<Shortened>) {
    let start = tables.start(cube.cubie());
    let lower = tables.estimate(&start.node);
    let mut proof = Proof::new(lower, known);
    let mut shared = ProofShared::new(proof.best.len(), improver);
    while (proof.depth as usize) < proof.best.len() {
        shared.begin_depth(proof.depth);
        let openings = start.openings(proof.depth, 1);
        search_depth(
            &shared, &tables, &start, &openings, &proof, threads, &mut poll,
        );
        proof.nodes = shared.nodes();
        shared.improved(&mut proof);
        if shared.stopped() {
            return (proof, false, shared.finds());
        }
        if let Some(moves) = shared.found.get_mut().ok().and_then(|f| f.take()) {
            proof.close_depth();
            proof.best = moves;
            proof.proven = proof.depth;
            return (proof, true, shared.finds());
        }
        if proof.best.len() <= proof.depth as usize {
            // The improver's solution has this depth's length: the depth before is
            // exhausted, so it is optimal (this depth was left unfinished).
            proof.close_depth();
            proof.proven = proof.best.len() as u8;
            return (proof, true, shared.finds());
        }
        proof.close_depth();
        proof.depth += 1;
        proof.proven = proof.depth;
    }
    proof.proven = proof.best.len() as u8;
    (proof, true, shared.finds())
}

/// Searches `proof.depth` from every opening on `threads` threads, while the calling
/// thread reports and listens for a stop (until every worker has ended: a worker that
/// panicked then ends the scope, with its panic).
fn search_depth(
    shared: &ProofShared,
    tables: &Arc<OptimalTables>,
    start: &Start,
    openings: &[Vec<u8>],
    proof: &Proof,
    threads: usize,
    poll: &mut impl FnMut(&ProofProgress) -> bool,
) {
    use std::time::{Duration, Instant};
    let depth = proof.depth;
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|t| s.spawn(move || prove_tasks(shared, tables, start, openings, depth, t == 0)))
            .collect();
        let mut reported = Instant::now();
        while !workers.iter().all(|w| w.is_finished()) {
            // Short depths end in microseconds: look often, report ten times a second.
            std::thread::sleep(Duration::from_millis(5));
            if reported.elapsed() < Duration::from_millis(100) {
                continue;
            }
            reported = Instant::now();
            if !poll(&shared.progress(proof, openings.len())) {
                shared.stop();
            }
        }
    });
}

/// One worker: proves the depth's tasks as they are handed out, until none are left or
/// the depth is stopped. The first thread (`improves`) gives the improver a slice after
/// each 20 ms of proof.
fn prove_tasks(
    shared: &ProofShared,
    tables: &Arc<OptimalTables>,
    start: &Start,
    openings: &[Vec<u8>],
    depth: u8,
    improves: bool,
) {
    use std::time::{Duration, Instant};
    let mut proved_since = Instant::now();
    while let Some(k) = shared.take_task(openings.len()) {
        let mut task = ProofTask::new(tables.clone(), start, &openings[k], depth);
        let mut counted = 0;
        while task.status() == Status::Running && !shared.depth_stopped() {
            task.run(1 << 16);
            shared.add_nodes(task.stats().nodes - counted);
            counted = task.stats().nodes;
            if improves && proved_since.elapsed() >= Duration::from_millis(20) {
                shared.improve();
                proved_since = Instant::now();
                if shared.settled(depth) {
                    shared.stop_depth();
                }
            }
        }
        shared.add_nodes(task.stats().nodes - counted);
        if let Some(moves) = task.solution() {
            shared.solution_found(moves);
        }
        shared.task_done();
    }
}
