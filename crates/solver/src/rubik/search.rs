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

use super::coord::{
    edge_perm, flip, perm_rank, slice, slice_perm, twist, N_FLIP, N_SLICE, N_SLICE_PERM,
};
use super::cube::Cube;
use super::cubie::{move_cubes, CubieCube};
use super::facelets::{permutation, CENTRES};
use super::mod3::Mod3Table;
use super::moves::N_MOVES;
use super::moves::{invert_moves, Layer, Move};
use super::optimal_tables::flipslice::FlipSliceTable;
use super::optimal_tables::sym_table::EdgeSyms;
use super::sym::conjugate_y;
use super::tables::{Tables, N_CORNER_COMB, PHASE2_MOVES};
use crate::{Stats, Status, StepMachine};

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
    /// How many views of the cube to search, 1 to 6: the cube as it is, turned so the
    /// R–L or F–B axis is vertical, and the inverses of those three. More views find short
    /// solutions sooner; one is simplest to watch. With all 6, each view is also searched
    /// after each pre-move R, F, L, B (up to 30 views: min2phase's pre-scramble).
    pub directions: u8,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            max_length: 20,
            target_length: 0,
            directions: 6,
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
    /// Twist and flip of the quarter-y conjugate ([`super::sym::conjugate_y`]).
    twist_y: u16,
    flip_y: u16,
    /// Exact slice×twist, slice×flip, twist×flip and the conjugate's twist×flip distances.
    dist: [u8; 4],
    /// Phase 1's exact distance (0 when the search runs without that table).
    exact: u8,
    /// The turns still to try from here, one bit each (solver index).
    moves: u32,
}

#[derive(Clone, Copy, Default)]
struct Frame2 {
    corner_perm: u16,
    edge_perm: u16,
    slice_perm: u8,
    /// The turns still to try from here, one bit each (index in `PHASE2_MOVES`).
    moves: u16,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    Phase1,
    Phase2,
}

/// The turns a phase-1 node tries after turn `m`, when `remaining` more follow them.
#[inline]
fn children_after(m: u8, remaining: u8) -> u32 {
    FOLLOWS[m as usize]
        & if remaining == 0 {
            LAST_TURNS
        } else {
            ALL_TURNS
        }
}

/// Every face turn, one bit each.
const ALL_TURNS: u32 = (1 << N_MOVES) - 1;

/// The last phase-1 turn must leave the group's turns (a quarter turn of R, L, F or B):
/// from outside the group, the others cannot arrive in it.
const LAST_TURNS: u32 = 1 << 3 | 1 << 5 | 1 << 6 | 1 << 8 | 1 << 12 | 1 << 14 | 1 << 15 | 1 << 17;

/// Bit `m` of entry `p`: whether turn `m` may follow turn `p`. Consecutive face turns are
/// on different faces, and opposite faces go in one order only (U before D, R before L,
/// F before B): every other sequence has a shorter or equal twin.
const FOLLOWS: [u32; N_MOVES] = {
    let mut out = [0u32; N_MOVES];
    let mut p = 0;
    while p < N_MOVES {
        let mut m = 0;
        while m < N_MOVES {
            let (pf, f) = (p / 3, m / 3);
            if f != pf && f + 3 != pf {
                out[p] |= 1 << m;
            }
            m += 1;
        }
        p += 1;
    }
    out
};

/// Every phase-2 turn, one bit each (index in `PHASE2_MOVES`).
const ALL_PHASE2: u16 = (1 << PHASE2_MOVES.len()) - 1;

/// Bit `k` of entry `p`: whether phase-2 turn `k` may follow turn `p` (solver index).
const PHASE2_AFTER: [u16; N_MOVES] = {
    let mut out = [0u16; N_MOVES];
    let mut p = 0;
    while p < N_MOVES {
        let mut k = 0;
        while k < PHASE2_MOVES.len() {
            if FOLLOWS[p] >> PHASE2_MOVES[k] & 1 != 0 {
                out[p] |= 1 << k;
            }
            k += 1;
        }
        p += 1;
    }
    out
};

/// For each phase-2 turn, the phase-2 turns of its face (itself included).
const SAME_FACE2: [u16; 10] = {
    let mut out = [0u16; 10];
    let mut k = 0;
    while k < PHASE2_MOVES.len() {
        let mut j = 0;
        while j < PHASE2_MOVES.len() {
            if PHASE2_MOVES[j] / 3 == PHASE2_MOVES[k] / 3 {
                out[k] |= 1 << j;
            }
            j += 1;
        }
        k += 1;
    }
    out
};

/// What every direction shares: the options, the counters and the best solution so far.
#[derive(Clone)]
struct Shared {
    options: SearchOptions,
    status: Status,
    stats: Stats,
    /// Solutions must be shorter than this: the best length so far, or `max_length + 1`.
    best: u8,
    /// No solution is shorter than this (apart from those found).
    proven: u8,
    improvements: Vec<Solution>,
    /// Steps that may follow without returning to the caller ([`Search::run_with`]):
    /// entering a node needs no event when nobody watches.
    free_steps: u64,
}

impl Shared {
    /// Whether the step that just entered a node may go straight on to the next one (it
    /// counts as a step all the same).
    #[inline]
    fn run_on(&mut self) -> bool {
        if self.free_steps == 0 {
            return false;
        }
        self.free_steps -= 1;
        self.stats.steps += 1;
        true
    }

    fn finish(&mut self) {
        self.status = if self.improvements.is_empty() {
            Status::Exhausted
        } else {
            Status::Solved
        };
    }
}

/// What a direction's step did.
enum Outcome {
    Event(SearchEvent),
    /// The direction finished every phase-1 sequence of the round's length.
    RoundDone,
}

/// The same cube seen another way: turned so that another axis is vertical (phase 1 then
/// aims at another group), and/or inverted (a solution of the inverse, read backwards,
/// solves the cube). Each way has its own phase-1 solutions; searching all six finds
/// short solutions far sooner than one alone (min2phase's observation).
#[derive(Clone)]
struct Direction {
    /// Face `f` of this view is face `faces[f]` of the cube.
    faces: [u8; 6],
    inverse: bool,
    /// A pre-move (solver index, in this view's faces): the view searches the cube with
    /// this turn made first, and its solutions end with the turn (merged with their last
    /// move when that turns the same face). Its phase 1 aims at another coset of the group,
    /// so it meets solutions the plain views miss (min2phase's pre-scramble).
    pre: Option<u8>,
    /// The fewest phase-1 moves of any view: round `r` searches length `base + r`.
    base: u8,
    /// The fewest phase-1 moves this view can need (its pruning bound at the start).
    min_depth: u8,
    /// The start is already in phase 2's group (phase 1 has nothing to do).
    root_in_group: bool,
    /// Phase 1 reads its exact distance ([`Tables::phase1_table`], there when the search
    /// began, so every frame's `exact` holds it).
    exact: bool,
    /// The phase-1 length being searched.
    depth1: u8,
    mode: Mode,
    h1: usize,
    f1: [Frame1; STACK],
    /// Phase-1 moves, then phase-2 moves, as solver indices.
    path: [u8; 2 * STACK],
    /// Phase 2: the depth bound, the pruning bound at its start, stack height.
    bound2: u8,
    root2: u8,
    h2: usize,
    f2: [Frame2; STACK],
    /// Corner and edge permutations after the first `k` phase-1 moves, valid for
    /// `k <= cached`: consecutive phase-1 sequences share prefixes, so only the changed
    /// tail is recomputed when phase 2 needs its coordinates.
    cache_cp: [[u8; 8]; STACK],
    cache_ep: [[u8; 12]; STACK],
    cached: usize,
    /// The start's twist×flip entries and symmetries, plain and y-conjugate
    /// ([`super::phase1_masks`]).
    root_entries: [(usize, u32); 2],
}

impl Direction {
    fn new(
        tables: &Tables,
        c: &CubieCube,
        faces: [u8; 6],
        inverse: bool,
        pre: Option<u8>,
    ) -> Direction {
        let y = conjugate_y(c);
        let mut root = Frame1 {
            twist: twist(&c.co),
            flip: flip(&c.eo),
            slice: slice(&c.ep),
            twist_y: twist(&y.co),
            flip_y: flip(&y.eo),
            dist: [0; 4],
            exact: 0,
            moves: 0,
        };
        let [a, b] = tables.slice_distances(root.twist, root.flip, root.slice);
        let tf = tables.twist_flip_distance(root.twist, root.flip);
        let conj = tables.twist_flip_distance(root.twist_y, root.flip_y);
        root.dist = [a, b, tf, conj];
        if let Some(x) = tables.phase1_table() {
            root.exact = x.distance(&tables.moves, root.flip, root.slice, root.twist);
        }
        let min_depth = a.max(b).max(tf).max(conj).max(root.exact);
        let entry = |twist: u16, flip: u16| {
            let sym = tables.twist_classes.sym(twist) as u32;
            (tables.twist_flip_index(twist, flip), sym)
        };
        Direction {
            root_entries: [
                entry(root.twist, root.flip),
                entry(root.twist_y, root.flip_y),
            ],
            faces,
            inverse,
            pre,
            base: min_depth,
            min_depth,
            root_in_group: min_depth == 0,
            exact: tables.phase1_table().is_some(),
            depth1: min_depth,
            mode: Mode::Phase1,
            h1: 0,
            f1: [root; STACK],
            path: [0; 2 * STACK],
            bound2: 0,
            root2: 0,
            h2: 0,
            f2: [Frame2::default(); STACK],
            cache_cp: [c.cp; STACK],
            cache_ep: [c.ep; STACK],
            cached: 0,
        }
    }

    /// The phase-1 length every view searches in round `round`: the fewest moves any view
    /// needs, plus the round. (All views at the same length, rather than each at its own
    /// fewest plus the round, measured a fifth fewer nodes to a first solution of at most
    /// 20 and half the worst case: a view that needs more phase-1 moves leaves phase 2
    /// fewer, so its first lengths are worth less.) Searching the pre-move views one move
    /// shorter, as min2phase counts its pre-moves in the phase-1 length, measured a third
    /// more time on the mean and four times the worst.
    fn depth_in_round(&self, round: u8) -> u8 {
        self.base.saturating_add(round)
    }

    /// Whether this view has phase-1 sequences to try in `round` that could still beat
    /// `best`.
    fn takes_part(&self, round: u8, best: u8) -> bool {
        if self.root_in_group {
            round == 0
        } else {
            let depth = self.depth_in_round(round);
            self.min_depth <= depth && depth < best
        }
    }

    fn start_round(&mut self, t: &Tables, depth: u8) {
        self.depth1 = depth;
        self.mode = Mode::Phase1;
        self.h1 = 0;
        self.f1[0].moves = if self.root_in_group {
            1
        } else {
            let root = &self.f1[0];
            let [(i, s), (iy, sy)] = self.root_entries;
            let cut = &t.child_masks;
            (if depth == 1 { LAST_TURNS } else { ALL_TURNS })
                & cut.passing(i, s, root.dist[2], depth - 1, false)
                & cut.passing(iy, sy, root.dist[3], depth - 1, true)
        };
    }

    fn step(&mut self, t: &Tables, sh: &mut Shared) -> Outcome {
        match self.mode {
            Mode::Phase1 => self.step1(t, sh),
            Mode::Phase2 => Outcome::Event(self.step2(t, sh)),
        }
    }

    #[inline(never)]
    fn step1(&mut self, t: &Tables, sh: &mut Shared) -> Outcome {
        // A solution as short as this phase 1 was found: the rest of it cannot do better,
        // and every shorter phase 1 is done.
        if self.depth1 >= sh.best {
            return Outcome::RoundDone;
        }
        // A cube already in phase 2's group: its only phase-1 sequence is the empty one.
        if self.root_in_group {
            if self.f1[0].moves != 0 {
                self.f1[0].moves = 0;
                return Outcome::Event(self.enter_phase2(t, sh, 0));
            }
            return Outcome::RoundDone;
        }
        loop {
            let h = self.h1;
            let remaining = self.depth1 - (h as u8 + 1);
            let mut moves = self.f1[h].moves;
            let exact = if self.exact { t.phase1_table() } else { None };
            let child = next_child1(t, exact, &self.f1[h], remaining, &mut moves);
            self.f1[h].moves = moves;
            let Some((m, frame)) = child else {
                if h == 0 {
                    return Outcome::RoundDone;
                }
                self.h1 -= 1;
                sh.stats.backtracks += 1;
                continue;
            };
            self.path[h] = m;
            self.cached = self.cached.min(h);
            sh.stats.nodes += 1;
            if remaining == 0 {
                return Outcome::Event(self.enter_phase2(t, sh, h + 1));
            }
            self.h1 = h + 1;
            self.f1[h + 1] = frame;
            if sh.run_on() {
                continue;
            }
            return Outcome::Event(SearchEvent::Node {
                phase: 1,
                depth: h as u8 + 1,
            });
        }
    }

    /// At the end of a phase-1 sequence of `d` moves: start phase 2 if it can still beat
    /// the best solution.
    fn enter_phase2(&mut self, t: &Tables, sh: &mut Shared, d: usize) -> SearchEvent {
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
            moves: self.phase2_root_moves(d),
        };
        let max2 = sh.best - 1 - d as u8;
        let bound = t.phase2_bound(frame.corner_perm, frame.edge_perm, frame.slice_perm);
        let event = SearchEvent::Node {
            phase: 1,
            depth: d as u8,
        };
        if bound > max2 {
            return event;
        }
        if bound == 0 {
            return self.improve(sh, d as u8, 0).unwrap_or(event);
        }
        // Depth-first at the loosest bound that could still improve (min2phase's order):
        // any completion will do first, and a solution found tightens the bound. Deepening
        // from the pruning bound instead would repeat every shallower tree, and most of
        // these phase-1 sequences have no completion at all.
        self.mode = Mode::Phase2;
        self.bound2 = max2;
        self.root2 = bound;
        self.h2 = 0;
        self.f2[0] = frame;
        event
    }

    /// After a solution at this phase-1 sequence: search it again for a shorter phase 2,
    /// or go back to phase 1 when none could beat the best.
    fn tighten_phase2(&mut self, sh: &Shared) {
        let d1 = self.depth1;
        match sh.best.checked_sub(1 + d1) {
            Some(max2) if max2 >= self.root2 && self.root2 > 0 => {
                self.mode = Mode::Phase2;
                self.bound2 = max2;
                self.h2 = 0;
                self.f2[0].moves = self.phase2_root_moves(d1 as usize);
            }
            _ => self.mode = Mode::Phase1,
        }
    }

    /// The phase-2 turns that may follow a phase 1 of `d1` moves.
    fn phase2_root_moves(&self, d1: usize) -> u16 {
        match d1 {
            0 => ALL_PHASE2,
            _ => PHASE2_AFTER[self.path[d1 - 1] as usize],
        }
    }

    #[inline(never)]
    fn step2(&mut self, t: &Tables, sh: &mut Shared) -> SearchEvent {
        let d1 = self.depth1 as usize;
        loop {
            let h = self.h2;
            let frame = self.f2[h];
            if frame.moves == 0 {
                if h == 0 {
                    self.mode = Mode::Phase1;
                    return SearchEvent::Deepened {
                        phase: 2,
                        depth: self.bound2,
                    };
                }
                self.h2 -= 1;
                sh.stats.backtracks += 1;
                continue;
            }
            let k = frame.moves.trailing_zeros() as usize;
            let mut moves = frame.moves & (frame.moves - 1);
            let remaining = self.bound2 - (h as u8 + 1);
            let corner_perm = t.corner_perm_move[frame.corner_perm as usize * 10 + k];
            let slice_perm = t.slice_perm_move[frame.slice_perm as usize * 10 + k];
            let s = slice_perm as usize;
            let corners = t.corner_slice_prune[corner_perm as usize * N_SLICE_PERM + s];
            // Past one too many, the face's other turns (one turn of it away) are too.
            let other_turns = !SAME_FACE2[k];
            if corners > remaining {
                if corners > remaining + 1 {
                    moves &= other_turns;
                }
                self.f2[h].moves = moves;
                continue;
            }
            let edge_perm = t.edge_perm_move[frame.edge_perm as usize * 10 + k];
            let edges = t.edge_slice_prune[edge_perm as usize * N_SLICE_PERM + s];
            if edges > remaining {
                if edges > remaining + 1 {
                    moves &= other_turns;
                }
                self.f2[h].moves = moves;
                continue;
            }
            self.f2[h].moves = moves;
            let comb = t.corner_comb[corner_perm as usize] as usize;
            if t.edge_comb_prune[edge_perm as usize * N_CORNER_COMB + comb] > remaining {
                continue;
            }
            // The inverse cube is as far from solved.
            let inverse = t.phase2_bound_one_way(
                t.perm8_inverse[corner_perm as usize],
                t.perm8_inverse[edge_perm as usize],
                t.perm4_inverse[s],
            );
            if inverse > remaining {
                continue;
            }
            let m = PHASE2_MOVES[k];
            self.path[d1 + h] = m;
            sh.stats.nodes += 1;
            // Both distances are 0 only when solved (the bound may be looser than needed).
            if corners == 0 && edges == 0 {
                if let Some(improved) = self.improve(sh, self.depth1, h as u8 + 1) {
                    self.tighten_phase2(sh);
                    return improved;
                }
                // A pre-move view's solution that came out no shorter: search on.
                if sh.run_on() {
                    continue;
                }
                return SearchEvent::Node {
                    phase: 2,
                    depth: h as u8 + 1,
                };
            }
            self.h2 = h + 1;
            self.f2[h + 1] = Frame2 {
                corner_perm,
                edge_perm,
                slice_perm,
                moves: PHASE2_AFTER[m as usize],
            };
            if sh.run_on() {
                continue;
            }
            return SearchEvent::Node {
                phase: 2,
                depth: h as u8 + 1,
            };
        }
    }

    /// A solution of `d1` + `d2` moves (and the pre-move, if any), if it beats the best.
    fn improve(&mut self, sh: &mut Shared, d1: u8, d2: u8) -> Option<SearchEvent> {
        let mut path = self.path[..(d1 + d2) as usize].to_vec();
        if let Some(pre) = self.pre {
            append_merged(&mut path, pre);
        }
        let length = path.len() as u8;
        if length >= sh.best {
            return None;
        }
        sh.best = length;
        self.mode = Mode::Phase1;
        let seen: Vec<Move> = path
            .iter()
            .map(|&m| Move::from_index(self.faces[m as usize / 3] * 3 + m % 3))
            .collect();
        let solution = Solution {
            moves: if self.inverse {
                invert_moves(&seen)
            } else {
                seen
            },
            length,
            phase1_length: d1,
            step: sh.stats.steps,
            nodes: sh.stats.nodes,
        };
        sh.improvements.push(solution.clone());
        if length <= sh.options.target_length || length <= sh.proven {
            sh.status = Status::Solved;
        }
        Some(SearchEvent::Improved(solution))
    }
}

/// The first of `moves` (taken from it) whose child of `frame` every phase-1 table allows
/// `remaining` more turns after, with that child; `None` when none is left. A tight loop
/// over one node's turns: the node's coordinates stay in registers. `exact`: phase 1's
/// exact distance, read last (the small tables, in the processor's caches, cut first).
#[inline(always)]
fn next_child1(
    t: &Tables,
    exact: Option<&FlipSliceTable>,
    frame: &Frame1,
    remaining: u8,
    moves: &mut u32,
) -> Option<(u8, Frame1)> {
    let p1 = &t.phase1;
    // The twist×flip table (plain and y-conjugate) has already cut `moves`.
    while *moves != 0 {
        let m = moves.trailing_zeros() as u8;
        *moves &= *moves - 1;
        let mi = m as usize;
        // Past one too many, the same face's other turns (one turn of it away) are too.
        let other_turns = !(0b111 << (m / 3 * 3));
        // One load each gives the new coordinate and what the table indices need of it.
        let twist = p1.twist[frame.twist as usize * N_MOVES + mi];
        let flip = p1.flip[frame.flip as usize * N_MOVES + mi];
        let slice = p1.slice[frame.slice as usize * N_MOVES + mi];
        let st = t
            .slice_twist_prune
            .get(twist.class() * N_SLICE + slice.under(twist.sym()));
        let a = Mod3Table::adjust(frame.dist[0], st);
        if a > remaining {
            if a > remaining + 1 {
                *moves &= other_turns;
            }
            continue;
        }
        let sf = t
            .slice_flip_prune
            .get(slice.class() * N_FLIP + flip.under(slice.sym()));
        let b = Mod3Table::adjust(frame.dist[1], sf);
        if b > remaining {
            if b > remaining + 1 {
                *moves &= other_turns;
            }
            continue;
        }
        let tf_index = twist.class() * N_FLIP + flip.under(twist.sym());
        let c = Mod3Table::adjust(frame.dist[2], t.twist_flip_prune.get(tf_index));
        let my = t.moves_under_y[mi] as usize;
        let twist_y = p1.twist[frame.twist_y as usize * N_MOVES + my];
        let flip_y = p1.flip[frame.flip_y as usize * N_MOVES + my];
        let y_index = twist_y.class() * N_FLIP + flip_y.under(twist_y.sym());
        let e = Mod3Table::adjust(frame.dist[3], t.twist_flip_prune.get(y_index));
        let x = match exact {
            Some(table) => {
                let entry = table.syms.entry(flip.flip(), slice.slice(), twist.twist());
                let x = Mod3Table::adjust(frame.exact, table.residue(entry));
                if x > remaining {
                    if x > remaining + 1 {
                        *moves &= other_turns;
                    }
                    continue;
                }
                x
            }
            None => 0,
        };
        // Reaching the group early means a shorter phase 1 already covered this.
        if remaining > 0 && a.max(b).max(c).max(e).max(x) == 0 {
            continue;
        }
        let moves = if remaining > 0 {
            let cut = &t.child_masks;
            let moves = children_after(m, remaining - 1)
                & cut.passing(tf_index, twist.sym(), c, remaining - 1, false);
            // A child none of whose turns pass is a dead end: not entered at all.
            if moves == 0 {
                continue;
            }
            let moves = moves & cut.passing(y_index, twist_y.sym(), e, remaining - 1, true);
            if moves == 0 {
                continue;
            }
            moves
        } else {
            0
        };
        let child = Frame1 {
            twist: twist.twist(),
            flip: flip.flip(),
            slice: slice.slice(),
            twist_y: twist_y.twist(),
            flip_y: flip_y.flip(),
            dist: [a, b, c, e],
            exact: x,
            moves,
        };
        return Some((m, child));
    }
    None
}

/// The quarter turns R F L B (solver indices): the pre-moves that leave phase 2's group.
/// R' would search the same phase 1 as R, and the others are in the group.
const PRE_MOVES: [u8; 4] = [3, 6, 12, 15];

/// Appends turn `m` to `path`, merged with the last turn when both turn the same face.
fn append_merged(path: &mut Vec<u8>, m: u8) {
    match path.last() {
        Some(&last) if last / 3 == m / 3 => {
            let quarters = (last % 3 + 1 + m % 3 + 1) % 4;
            path.pop();
            if quarters != 0 {
                path.push(m / 3 * 3 + quarters - 1);
            }
        }
        _ => path.push(m),
    }
}

/// Where a search stands ([`Search::phases`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Phases {
    /// The view searching now (index among [`Search::directions`]).
    pub view: u8,
    /// Phase 2 is searching a completion (else phase 1 goes on).
    pub in_phase2: bool,
    /// The phase-1 length the view searches this round.
    pub d1: u8,
    /// Phase-1 moves on the stack.
    pub depth1: u8,
    /// Phase 2's depth bound and the moves on its stack.
    pub bound2: u8,
    pub depth2: u8,
}

/// The search state without its tables, so it can run against a borrowed `&Tables`
/// ([`solve`]) or an owned `Arc<Tables>` ([`TwoPhaseSearch`]).
#[derive(Clone)]
pub struct Search {
    shared: Shared,
    directions: Vec<Direction>,
    /// The direction searching now.
    current: usize,
    /// The current round: each view searches its phase-1 length for it in turn.
    round: u8,
}

impl Search {
    pub fn new(tables: &Tables, cube: &Cube, options: SearchOptions) -> Search {
        let options = SearchOptions {
            max_length: options.max_length.min(MAX_LENGTH),
            directions: options.directions.clamp(1, 6),
            ..options
        };
        // z turns the R–L axis upright, x the F–B axis.
        let turns = [None, Some(Layer::Z), Some(Layer::X)];
        // Up to six views and four pre-moves of each: room for all, so none is moved.
        let mut directions: Vec<Direction> = Vec::with_capacity(6 * (1 + PRE_MOVES.len()));
        let mut seen: Vec<CubieCube> = Vec::with_capacity(6 * (1 + PRE_MOVES.len()));
        for k in 0..options.directions as usize {
            let (turn, inverse) = (turns[k % 3], k >= 3);
            let (view, faces) = match turn {
                None => (*cube, [0, 1, 2, 3, 4, 5]),
                Some(layer) => {
                    let m = Move::new(layer, 1);
                    let to = permutation(m);
                    let mut faces = [0u8; 6];
                    for (g, &c) in CENTRES.iter().enumerate() {
                        faces[to[c as usize] as usize / 9] = g as u8;
                    }
                    (cube.apply_all(&[m]), faces)
                }
            };
            let c = if inverse {
                view.cubie().inverse()
            } else {
                *view.cubie()
            };
            if !seen.contains(&c) {
                seen.push(c);
                directions.push(Direction::new(tables, &c, faces, inverse, None));
            }
        }
        // With every view asked for, each view is searched after each pre-move too.
        if options.directions == 6 {
            let moves = move_cubes();
            let views: Vec<(CubieCube, [u8; 6], bool)> = directions
                .iter()
                .zip(&seen)
                .map(|(d, c)| (*c, d.faces, d.inverse))
                .collect();
            for (c, faces, inverse) in views {
                for pre in PRE_MOVES {
                    let moved = moves[pre as usize].multiply(&c);
                    if !seen.contains(&moved) {
                        seen.push(moved);
                        let view = Direction::new(tables, &moved, faces, inverse, Some(pre));
                        directions.push(view);
                    }
                }
            }
        }
        let base = directions.iter().map(|d| d.min_depth).min().unwrap_or(0);
        for view in directions.iter_mut() {
            view.base = base;
        }
        let round = 0;
        let proven = directions
            .iter()
            .filter(|d| d.pre.is_none())
            .map(|d| d.min_depth)
            .max()
            .unwrap_or(0);
        let mut search = Search {
            shared: Shared {
                options,
                status: Status::Running,
                stats: Stats {
                    nodes: 1,
                    ..Stats::default()
                },
                best: options.max_length + 1,
                proven,
                improvements: Vec::new(),
                free_steps: 0,
            },
            directions,
            current: 0,
            round,
        };
        if proven >= search.shared.best {
            search.shared.status = Status::Exhausted;
        } else {
            search.current = search.first_in_round(0).unwrap_or(0);
            let depth = search.directions[search.current].depth_in_round(0);
            search.directions[search.current].start_round(tables, depth);
        }
        search
    }

    fn first_in_round(&self, from: usize) -> Option<usize> {
        (from..self.directions.len())
            .find(|&k| self.directions[k].takes_part(self.round, self.shared.best))
    }

    pub fn options(&self) -> SearchOptions {
        self.shared.options
    }

    pub fn status(&self) -> Status {
        self.shared.status
    }

    pub fn stats(&self) -> &Stats {
        &self.shared.stats
    }

    /// Every improvement so far, shortest last.
    pub fn improvements(&self) -> &[Solution] {
        &self.shared.improvements
    }

    pub fn best(&self) -> Option<&Solution> {
        self.shared.improvements.last()
    }

    /// No solution is shorter than this (the best is optimal once it equals this).
    pub fn lower_bound(&self) -> u8 {
        self.shared.proven.min(self.shared.best)
    }

    /// Whether the best solution is proven optimal.
    pub fn is_optimal(&self) -> bool {
        self.best().is_some_and(|b| b.length <= self.shared.proven)
    }

    /// How many views of the cube are searched (fewer than asked when the cube is
    /// symmetric).
    pub fn directions(&self) -> usize {
        self.directions.len()
    }

    /// Where the search stands (the view searching, its phase and depths): what the code
    /// view and `rubik solve --trace` show beside the line a step ran.
    pub fn phases(&self) -> Phases {
        let view = self.directions.get(self.current);
        Phases {
            view: self.current as u8,
            in_phase2: view.is_some_and(|v| v.mode == Mode::Phase2),
            d1: view.map_or(0, |v| v.depth1),
            depth1: view.map_or(0, |v| v.h1 as u8),
            bound2: view.map_or(0, |v| v.bound2),
            depth2: view.map_or(0, |v| v.h2 as u8),
        }
    }

    pub fn cancel(&mut self) {
        if self.shared.status == Status::Running {
            self.shared.status = Status::Cancelled;
        }
    }

    /// One step against `tables` (the ones the search was created with).
    pub fn step_with(&mut self, tables: &Tables) -> Option<SearchEvent> {
        if self.shared.status.is_finished() {
            return None;
        }
        self.shared.stats.steps += 1;
        match self.directions[self.current].step(tables, &mut self.shared) {
            Outcome::Event(e) => Some(e),
            Outcome::RoundDone => Some(self.next_direction(tables)),
        }
    }

    /// Up to `max_steps` steps; improvements are in [`Search::improvements`].
    pub fn run_with(&mut self, tables: &Tables, max_steps: u64) -> Status {
        let end = self.shared.stats.steps.saturating_add(max_steps);
        while self.shared.stats.steps < end {
            // The same steps as `step_with` one at a time, with no event for a node.
            self.shared.free_steps = end - self.shared.stats.steps - 1;
            let stepped = self.step_with(tables).is_some();
            self.shared.free_steps = 0;
            if !stepped {
                break;
            }
        }
        self.shared.status
    }

    /// The current view has finished its phase-1 length `d`: every solution shorter than
    /// `d + 1` is known. Hand over to the next view, or start the next round.
    fn next_direction(&mut self, tables: &Tables) -> SearchEvent {
        let sh = &mut self.shared;
        // A view already in the group has one phase-1 sequence, the empty one, and its
        // phase 2 was searched up to the best length: nothing shorter exists at all. A
        // pre-move view proves nothing about the cube itself.
        let view = &self.directions[self.current];
        let done = if view.pre.is_some() {
            0
        } else if view.root_in_group {
            u8::MAX
        } else {
            view.depth1 + 1
        };
        sh.proven = sh.proven.max(done);
        if sh.proven >= sh.best {
            sh.finish();
        } else {
            let mut next = self.first_in_round(self.current + 1);
            // The next round someone takes part in (a view starts at its fewest moves).
            while next.is_none() && self.directions[0].depth_in_round(self.round) < self.shared.best
            {
                self.round += 1;
                next = self.first_in_round(0);
            }
            match next {
                Some(k) => {
                    self.current = k;
                    let depth = self.directions[k].depth_in_round(self.round);
                    self.directions[k].start_round(tables, depth);
                }
                // No view can beat the best any more: each has searched every phase-1
                // length below it.
                None => {
                    self.shared.proven = self.shared.best;
                    self.shared.finish()
                }
            }
        }
        SearchEvent::Deepened {
            phase: 1,
            depth: self.shared.proven,
        }
    }
}

/// The two-phase search with its own handle on the tables, for callers that keep a search
/// between batches (the worker, the CLI).
///
/// ```
/// use std::sync::Arc;
/// use puzzlelab_solver::StepMachine;
/// use puzzlelab_solver::rubik::{Cube, SearchOptions, Tables, TwoPhaseSearch};
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
            directions: 6,
        },
    );
    while search.status() == Status::Running && search.stats().nodes < node_budget {
        search.run_with(tables, 1024);
    }
    search.best().map(|s| s.moves.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pre_move_merges_with_a_last_turn_of_its_face() {
        let merged = |path: &[u8], m: u8| {
            let mut p = path.to_vec();
            append_merged(&mut p, m);
            p
        };
        // R2 then R is R'; R' then R is nothing; U then R stays two turns.
        assert_eq!(merged(&[0, 4], 3), vec![0, 5]);
        assert_eq!(merged(&[0, 5], 3), vec![0]);
        assert_eq!(merged(&[3], 3), vec![4]);
        assert_eq!(merged(&[0], 3), vec![0, 3]);
        assert_eq!(merged(&[], 6), vec![6]);
    }
}
