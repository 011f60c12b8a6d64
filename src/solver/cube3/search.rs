//! Kociemba's two-phase search as an anytime step machine.
//!
//! Phase 1 turns the cube into the group ⟨U, D, R2, L2, F2, B2⟩ (no twisted corners, no
//! flipped edges, middle-layer edges in the middle layer); phase 2 solves it with those
//! turns only. For phase-1 depth d = 0, 1, 2, … every phase-1 sequence of exactly d moves
//! is completed by the shortest phase 2 that would beat the best solution so far, so the
//! solutions keep getting shorter. Once d reaches the best length, every shorter solution
//! would have been seen: the best one is optimal.
//!
//! Both phases are iterative-deepening depth-first searches on an explicit stack (no
//! recursion: wasm's stack is small), one node per step, so the caller decides how long to
//! search and can stop at any step.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::coord::{edge_perm, flip, perm_rank, slice, slice_perm, twist};
use super::cube::Cube;
use super::cubie::move_cubes;
use super::moves::Move;
use super::tables::{Tables, N_MOVES, PHASE2_MOVES};
use crate::solver::{Stats, Status, StepMachine};

/// Longest solution the search will look for (and the stack depth it reserves).
pub const MAX_LENGTH: u8 = 30;
const STACK: usize = MAX_LENGTH as usize + 2;

/// What to search for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchOptions {
    /// Only solutions of at most this many moves count (capped at [`MAX_LENGTH`]). Every
    /// cube has one of at most 20, and the search finds one quickly.
    pub max_length: u8,
    /// Stop as soon as a solution of at most this many moves is found (0: keep improving
    /// until the best is proven optimal or the caller stops).
    pub target_length: u8,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            max_length: 20,
            target_length: 0,
        }
    }
}

/// A solution and when it was found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// Face turns only (U R F D L B with ' and 2), never the same face twice in a row.
    pub moves: Vec<Move>,
    /// Half-turn metric: the number of moves.
    pub length: u8,
    /// How many of the moves are phase 1's.
    pub phase1_length: u8,
    /// The step and node counts when it was found.
    pub step: u64,
    pub nodes: u64,
}

/// What one step did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SearchEvent {
    /// Entered a node: `phase` 1 or 2, `depth` moves into that phase.
    Node { phase: u8, depth: u8 },
    /// A depth bound ran out. Phase 1: every solution shorter than `depth` is now known
    /// (the search goes on with phase-1 sequences of `depth` moves). Phase 2: the current
    /// phase-1 sequence has no completion short enough.
    Deepened { phase: u8, depth: u8 },
    /// A solution shorter than any before.
    Improved(Solution),
}

#[derive(Clone, Copy, Default)]
struct Frame1 {
    twist: u16,
    flip: u16,
    slice: u16,
    next: u8,
}

#[derive(Clone, Copy, Default)]
struct Frame2 {
    corner_perm: u16,
    edge_perm: u16,
    slice_perm: u8,
    next: u8,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Phase1,
    Phase2,
}

/// Consecutive face turns are on different faces, and opposite faces go in one order only
/// (U before D, R before L, F before B): every other sequence has a shorter or equal twin.
#[inline]
fn follows(previous: u8, m: u8) -> bool {
    let (p, f) = (previous / 3, m / 3);
    f != p && f + 3 != p
}

/// The search state without its tables, so it can run against a borrowed `&Tables`
/// ([`solve`]) or an owned `Arc<Tables>` ([`TwoPhaseSearch`]).
#[derive(Clone)]
pub struct Search {
    options: SearchOptions,
    status: Status,
    stats: Stats,
    /// Solutions must be shorter than this: the best length so far, or `max_length + 1`.
    best: u8,
    /// The phase-1 length being searched.
    depth1: u8,
    mode: Mode,
    h1: usize,
    f1: [Frame1; STACK],
    /// Phase-1 moves, then phase-2 moves, as solver indices.
    path: [u8; 2 * STACK],
    /// Phase 2: bound of the current iteration, largest bound allowed, stack height.
    bound2: u8,
    max2: u8,
    h2: usize,
    f2: [Frame2; STACK],
    /// Corner and edge permutations after the first `k` phase-1 moves, valid for
    /// `k <= cached`: consecutive phase-1 sequences share prefixes, so only the changed
    /// tail is recomputed when phase 2 needs its coordinates.
    cache_cp: [[u8; 8]; STACK],
    cache_ep: [[u8; 12]; STACK],
    cached: usize,
    /// The start is already in phase 2's group (phase 1 has nothing to do).
    root_in_group: bool,
    improvements: Vec<Solution>,
}

impl Search {
    pub fn new(tables: &Tables, cube: &Cube, options: SearchOptions) -> Search {
        let c = cube.cubie();
        let options = SearchOptions {
            max_length: options.max_length.min(MAX_LENGTH),
            ..options
        };
        let root = Frame1 {
            twist: twist(&c.co),
            flip: flip(&c.eo),
            slice: slice(&c.ep),
            next: 0,
        };
        let mut s = Search {
            options,
            status: Status::Running,
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            best: options.max_length + 1,
            depth1: tables.phase1_bound(root.twist, root.flip, root.slice),
            mode: Mode::Phase1,
            h1: 0,
            f1: [root; STACK],
            path: [0; 2 * STACK],
            bound2: 0,
            max2: 0,
            h2: 0,
            f2: [Frame2::default(); STACK],
            cache_cp: [c.cp; STACK],
            cache_ep: [c.ep; STACK],
            cached: 0,
            root_in_group: root.twist == 0 && root.flip == 0 && root.slice == 0,
            improvements: Vec::new(),
        };
        if s.depth1 >= s.best {
            s.status = Status::Exhausted;
        }
        s
    }

    pub fn options(&self) -> SearchOptions {
        self.options
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    /// Every improvement so far, shortest last.
    pub fn improvements(&self) -> &[Solution] {
        &self.improvements
    }

    pub fn best(&self) -> Option<&Solution> {
        self.improvements.last()
    }

    /// The phase-1 length being searched now.
    pub fn phase1_depth(&self) -> u8 {
        self.depth1
    }

    /// No solution is shorter than this (the best is optimal once it equals this).
    pub fn lower_bound(&self) -> u8 {
        self.depth1.min(self.best)
    }

    /// Whether the best solution is proven optimal.
    pub fn is_optimal(&self) -> bool {
        self.best().is_some_and(|b| b.length <= self.depth1)
    }

    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.status = Status::Cancelled;
        }
    }

    /// One step against `tables` (the ones the search was created with).
    pub fn step_with(&mut self, tables: &Tables) -> Option<SearchEvent> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        Some(match self.mode {
            Mode::Phase1 => self.step1(tables),
            Mode::Phase2 => self.step2(tables),
        })
    }

    /// Up to `max_steps` steps; improvements are in [`Search::improvements`].
    pub fn run_with(&mut self, tables: &Tables, max_steps: u64) -> Status {
        for _ in 0..max_steps {
            if self.step_with(tables).is_none() {
                break;
            }
        }
        self.status
    }

    fn finish(&mut self) {
        self.status = if self.improvements.is_empty() {
            Status::Exhausted
        } else {
            Status::Solved
        };
    }

    fn step1(&mut self, t: &Tables) -> SearchEvent {
        // A cube already in phase 2's group: its only phase-1 sequence is the empty one.
        if self.root_in_group && self.f1[0].next == 0 {
            self.f1[0].next = N_MOVES as u8;
            return self.enter_phase2(t, 0);
        }
        loop {
            let h = self.h1;
            let frame = self.f1[h];
            if frame.next as usize >= N_MOVES {
                if h == 0 {
                    return self.deepen1();
                }
                self.h1 -= 1;
                self.stats.backtracks += 1;
                continue;
            }
            let m = frame.next;
            self.f1[h].next += 1;
            if h > 0 && !follows(self.path[h - 1], m) {
                continue;
            }
            let mi = m as usize;
            let twist = t.twist_move[frame.twist as usize * N_MOVES + mi];
            let flip = t.flip_move[frame.flip as usize * N_MOVES + mi];
            let slice = t.slice_move[frame.slice as usize * N_MOVES + mi];
            let remaining = self.depth1 - (h as u8 + 1);
            let bound = t.phase1_bound(twist, flip, slice);
            // Reaching the group early means a shorter phase 1 already covered this.
            if bound > remaining || (bound == 0 && remaining > 0) {
                continue;
            }
            self.path[h] = m;
            self.cached = self.cached.min(h);
            self.stats.nodes += 1;
            if remaining == 0 {
                return self.enter_phase2(t, h + 1);
            }
            self.h1 = h + 1;
            self.f1[h + 1] = Frame1 {
                twist,
                flip,
                slice,
                next: 0,
            };
            return SearchEvent::Node {
                phase: 1,
                depth: h as u8 + 1,
            };
        }
    }

    fn deepen1(&mut self) -> SearchEvent {
        self.depth1 += 1;
        if self.depth1 >= self.best || self.root_in_group {
            self.finish();
        } else {
            self.f1[0].next = 0;
        }
        SearchEvent::Deepened {
            phase: 1,
            depth: self.depth1,
        }
    }

    /// At the end of a phase-1 sequence of `d` moves: start phase 2 if it can still beat
    /// the best solution.
    fn enter_phase2(&mut self, t: &Tables, d: usize) -> SearchEvent {
        let moves = move_cubes();
        for k in self.cached..d {
            let mv = &moves[self.path[k] as usize];
            let (cp, ep) = (self.cache_cp[k], self.cache_ep[k]);
            self.cache_cp[k + 1] = std::array::from_fn(|i| cp[mv.cp[i] as usize]);
            self.cache_ep[k + 1] = std::array::from_fn(|i| ep[mv.ep[i] as usize]);
        }
        self.cached = d;
        let (cp, ep) = (&self.cache_cp[d], &self.cache_ep[d]);
        let frame = Frame2 {
            corner_perm: perm_rank(cp),
            edge_perm: edge_perm(ep),
            slice_perm: slice_perm(ep),
            next: 0,
        };
        let max2 = self.best - 1 - d as u8;
        let bound = t.phase2_bound(frame.corner_perm, frame.edge_perm, frame.slice_perm);
        let event = SearchEvent::Node {
            phase: 1,
            depth: d as u8,
        };
        if bound > max2 {
            return event;
        }
        if bound == 0 {
            return self.improve(d as u8, 0);
        }
        self.mode = Mode::Phase2;
        self.bound2 = bound;
        self.max2 = max2;
        self.h2 = 0;
        self.f2[0] = frame;
        event
    }

    fn step2(&mut self, t: &Tables) -> SearchEvent {
        let d1 = self.depth1 as usize;
        loop {
            let h = self.h2;
            let frame = self.f2[h];
            if frame.next as usize >= PHASE2_MOVES.len() {
                if h == 0 {
                    self.bound2 += 1;
                    if self.bound2 > self.max2 {
                        self.mode = Mode::Phase1;
                    } else {
                        self.f2[0].next = 0;
                    }
                    return SearchEvent::Deepened {
                        phase: 2,
                        depth: self.bound2,
                    };
                }
                self.h2 -= 1;
                self.stats.backtracks += 1;
                continue;
            }
            let k = frame.next as usize;
            self.f2[h].next += 1;
            let m = PHASE2_MOVES[k];
            let at = d1 + h;
            if at > 0 && !follows(self.path[at - 1], m) {
                continue;
            }
            let corner_perm = t.corner_perm_move[frame.corner_perm as usize * 10 + k];
            let edge_perm = t.edge_perm_move[frame.edge_perm as usize * 10 + k];
            let slice_perm = t.slice_perm_move[frame.slice_perm as usize * 10 + k];
            let remaining = self.bound2 - (h as u8 + 1);
            if t.phase2_bound(corner_perm, edge_perm, slice_perm) > remaining {
                continue;
            }
            self.path[at] = m;
            self.stats.nodes += 1;
            if remaining == 0 {
                return self.improve(self.depth1, self.bound2);
            }
            self.h2 = h + 1;
            self.f2[h + 1] = Frame2 {
                corner_perm,
                edge_perm,
                slice_perm,
                next: 0,
            };
            return SearchEvent::Node {
                phase: 2,
                depth: h as u8 + 1,
            };
        }
    }

    fn improve(&mut self, d1: u8, d2: u8) -> SearchEvent {
        let length = d1 + d2;
        self.best = length;
        self.mode = Mode::Phase1;
        let solution = Solution {
            moves: self.path[..length as usize]
                .iter()
                .map(|&m| Move::from_index(m))
                .collect(),
            length,
            phase1_length: d1,
            step: self.stats.steps,
            nodes: self.stats.nodes,
        };
        self.improvements.push(solution.clone());
        // Every phase-1 length below d1 is done, so nothing shorter than d1 exists.
        if length <= self.options.target_length || length <= self.depth1 {
            self.status = Status::Solved;
        }
        SearchEvent::Improved(solution)
    }
}

/// The two-phase search with its own handle on the tables, for callers that keep a search
/// between batches (the worker, the CLI).
///
/// ```
/// use std::sync::Arc;
/// use puzzlelab::solver::StepMachine;
/// use puzzlelab::solver::cube3::{Cube, SearchOptions, Tables, TwoPhaseSearch};
/// let tables = Arc::new(Tables::new());
/// let cube = Cube::parse("UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB").unwrap();
/// let mut search = TwoPhaseSearch::new(tables, &cube, SearchOptions::default());
/// while !search.run(10_000).is_finished() {}
/// assert_eq!(search.best().unwrap().length, 0);
/// ```
#[derive(Clone)]
pub struct TwoPhaseSearch {
    tables: Arc<Tables>,
    search: Search,
}

impl TwoPhaseSearch {
    pub fn new(tables: Arc<Tables>, cube: &Cube, options: SearchOptions) -> TwoPhaseSearch {
        let search = Search::new(&tables, cube, options);
        TwoPhaseSearch { tables, search }
    }

    /// The search state: improvements, best, bounds.
    pub fn search(&self) -> &Search {
        &self.search
    }

    pub fn improvements(&self) -> &[Solution] {
        self.search.improvements()
    }

    pub fn best(&self) -> Option<&Solution> {
        self.search.best()
    }

    pub fn lower_bound(&self) -> u8 {
        self.search.lower_bound()
    }

    pub fn is_optimal(&self) -> bool {
        self.search.is_optimal()
    }

    pub fn cancel(&mut self) {
        self.search.cancel()
    }
}

impl StepMachine for TwoPhaseSearch {
    type Event = SearchEvent;

    fn step(&mut self) -> Option<SearchEvent> {
        self.search.step_with(&self.tables)
    }

    fn status(&self) -> Status {
        self.search.status()
    }

    fn stats(&self) -> &Stats {
        self.search.stats()
    }

    fn run(&mut self, max_steps: u64) -> Status {
        self.search.run_with(&self.tables, max_steps)
    }
}

/// The first solution of at most `max_length` moves found within `node_budget` nodes, or
/// `None` (none that short exists when `max_length` is below the cube's distance, or the
/// budget ran out).
pub fn solve(tables: &Tables, cube: &Cube, max_length: u8, node_budget: u64) -> Option<Vec<Move>> {
    let mut search = Search::new(
        tables,
        cube,
        SearchOptions {
            max_length,
            target_length: max_length,
        },
    );
    while search.status() == Status::Running && search.stats().nodes < node_budget {
        search.run_with(tables, 1024);
    }
    search.best().map(|s| s.moves.clone())
}
