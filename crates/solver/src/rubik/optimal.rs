//! Optimal solving with a proof: iterative deepening A* (IDA*). For each depth d from
//! the cube's lower bound up to one less than the best solution known (the two-phase
//! search's), every sequence of d turns whose estimate allows it is tried; an exhausted
//! depth proves that nothing that short exists. The first solution found is optimal; if
//! every depth below the known solution is exhausted, that solution is.
//!
//! The estimate is the largest of: the distance of the cube's edge flip, middle-layer
//! edges and corner twist, seen along each of its three axes (the cube conjugated by a
//! quarter turn that brings that axis upright), and, when given, the corner pattern
//! database ([`super::optimal_tables::corners`]). The edge-and-twist distance comes from the largest
//! table given: flip × sorted slice × twist ([`super::optimal_tables::flipsorted`], 833 MB,
//! the CLI's), flip × slice × twist ([`super::optimal_tables::flipslice`], 35 MB, the page's), or
//! else the phase-1 pair tables ([`super::tables`], the quick tests'). Each is an exact
//! distance in a simpler puzzle, so never more than the real one. The last turn's
//! children need no table: only a solved cube will do there, and its coordinates are 0.
//!
//! A depth's work is split into tasks, one per opening of two turns, so threads (the
//! CLI) or workers can share it; each task is a step machine ([`ProofTask`]). The page's
//! workers each run one share of every depth ([`OptimalSearch::with_share`]), and
//! [`super::proof_shares`] joins their reports into one proof. A cube that some rotations
//! leave unchanged (the superflip, the checkerboard) needs only one opening of each class
//! those rotations map onto each other ([`super::symmetric_openings`]).
//!
//! A node costs memory reads, not arithmetic: each child needs the edges' class (a 4 MB
//! or 97 MB table) and then the big table's entry on three axes, plus the corner table, and
//! those are far bigger than the processor's caches. So when the search enters a node it
//! works out all its children at once, and its next two siblings' with them ([`BATCH`],
//! kept on the stack until the search enters those), in rounds (every class address, then
//! every entry address, then the reads), with prefetches, so the waits overlap; a step
//! then hands out the children one by one (several times the nodes per second of reading
//! one after another; figures in issue 27's notes).
//!
//! Most of a depth's work is nodes with 8 to 10 turns left whose children the first axis
//! cuts (depth 16 of seeds 0, 2 and 4: 5.8 of 8.5 million expansions had 9 turns left), so
//! a node costs about thirteen reads of the big table. Measured and left out (issue 27's
//! notes, `examples/optimal_depth.rs`): the inverse cube's estimates (a cube and its
//! inverse are as far from solved) cut 5% of depth 15's nodes with the big table's exact
//! distance on three axes (seeds 0, 2, 4 and 5), and none with the corners alone, far from
//! paying for a whole cube per child; reading the edges' class from 6.5 MB of rows (the
//! sorted slice brought to the smallest of its images first) instead of the 97 MB map was
//! slower (0.84 to 0.98 of the nodes per second in three alternating runs).

use crate::prefetch::prefetch;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::coord::perm_rank;
use super::coord::{flip, slice, twist};
use super::cube::Cube;
use super::cubie::CubieCube;
use super::mod3::{self, Mod3Table};
use super::moves::{Layer, Move, N_MOVES};
use super::optimal_tables::corners::{corner_perm_move_table, CornerTable};
use super::optimal_tables::flipslice::FlipSliceTable;
use super::optimal_tables::flipsorted::{slice_sorted, FlipSortedTable};
use super::optimal_tables::h16::{H16Coords, H16Syms, H16Table};
use super::optimal_tables::stored::{self, StoredTable};
use super::optimal_tables::sym_table::{EdgeSyms, SymTable};
use super::share::Share;
use super::sym::{conjugate_by, moves_under, rotation};
use super::symmetric_openings;
use super::tables::Tables;
use crate::{Stats, Status, StepMachine};

#[cfg(not(target_arch = "wasm32"))]
mod threads;
#[cfg(not(target_arch = "wasm32"))]
pub use threads::{prove_on_threads, ProofProgress, Shortened};

/// No cube needs more (God's number).
pub const MAX_OPTIMAL: u8 = 20;
const STACK: usize = MAX_OPTIMAL as usize + 2;

/// Turns in each task's opening: none for short depths (they take no time), else two
/// (243 tasks, enough to keep threads evenly busy).
fn opening_length(depth: u8) -> u8 {
    if depth >= 8 {
        2
    } else {
        0
    }
}

/// Turns in each task's opening when a depth is shared out over `of` workers: two (as
/// many as the depth allows) at every depth, so even short proofs are split and the tests
/// see every share at work. Interleaved over two workers, the two-turn tasks left one
/// share 0.5-5.6% more nodes than the other at depth 16 (seeds 0..4, the 35 MB table);
/// three-turn openings (3,240 tasks) did no better (0.4-7.1%), so two it is.
fn shared_opening_length(depth: u8, of: u32) -> u8 {
    if of <= 1 {
        opening_length(depth)
    } else {
        depth.min(2)
    }
}

/// The tables the optimal search reads.
pub struct OptimalTables {
    pub base: Arc<Tables>,
    /// Corner permutation × turn (all 18).
    pub corner_move: Vec<u16>,
    /// `None`: the phase-1 estimates alone (enough for short positions: the tests).
    pub corners: Option<CornerTable>,
    /// The flip × slice × twist table ([`super::optimal_tables::flipslice`]); when given, it replaces
    /// the phase-1 pair tables (it is never below any of them).
    pub flipslice: Option<FlipSliceTable>,
    /// The flip × sorted slice × twist table ([`super::optimal_tables::flipsorted`]); when
    /// given, it replaces the flip × slice × twist table (never below it).
    pub sorted: Option<FlipSortedTable>,
    /// The tetrad-slice table ([`super::optimal_tables::h16`]); when given, it replaces the
    /// edge tables above.
    pub h16: Option<H16Table>,
    /// The rotations that bring each axis upright (none, z, x) and the turns under them.
    axes: [CubieCube; 3],
    axis_moves: [[u8; N_MOVES]; 3],
    /// The coordinates of the cubes one turn from solved.
    one_turn: [Node; N_MOVES],
    /// Whether the big tables' bytes are read in loops of their own ([`READ_AHEAD`]).
    read_ahead: bool,
}

impl OptimalTables {
    pub fn new(base: Arc<Tables>, corners: Option<CornerTable>) -> OptimalTables {
        OptimalTables::with_flipslice(base, corners, None)
    }

    pub fn with_flipslice(
        base: Arc<Tables>,
        corners: Option<CornerTable>,
        flipslice: Option<FlipSliceTable>,
    ) -> OptimalTables {
        OptimalTables::with_big_table(base, corners, flipslice, None)
    }

    /// Tables with the largest estimate given: the flip × sorted slice × twist table if
    /// `sorted`, else the flip × slice × twist table if `flipslice`, else the pair tables.
    pub fn with_big_table(
        base: Arc<Tables>,
        corners: Option<CornerTable>,
        flipslice: Option<FlipSliceTable>,
        sorted: Option<FlipSortedTable>,
    ) -> OptimalTables {
        let axes = [CubieCube::SOLVED, rotation(Layer::Z), rotation(Layer::X)];
        let mut t = OptimalTables {
            base,
            corner_move: corner_perm_move_table(),
            corners,
            flipslice: if sorted.is_some() { None } else { flipslice },
            sorted,
            h16: None,
            axis_moves: axes.map(|r| moves_under(&r)),
            axes,
            one_turn: [Node::default(); N_MOVES],
            read_ahead: READ_AHEAD,
        };
        let moves = super::cubie::move_cubes();
        t.one_turn = std::array::from_fn(|m| t.coords(&moves[m]));
        t
    }

    /// Tables with the tetrad-slice table ([`super::optimal_tables::h16`]) as the big table.
    pub fn with_h16(
        base: Arc<Tables>,
        corners: Option<CornerTable>,
        h16: H16Table,
    ) -> OptimalTables {
        let mut t = OptimalTables::with_big_table(base, corners, None, None);
        t.h16 = Some(h16);
        let moves = super::cubie::move_cubes();
        t.one_turn = std::array::from_fn(|m| t.coords(&moves[m]));
        t
    }

    /// Reads the big tables' bytes in loops of their own, or each where it is used
    /// ([`READ_AHEAD`] by default): the same nodes and answers either way, which the tests
    /// check natively for the way WebAssembly reads.
    pub fn set_read_ahead(&mut self, on: bool) {
        self.read_ahead = on;
    }

    /// A cube's coordinates on each axis (no distances yet).
    fn coords(&self, c: &CubieCube) -> Node {
        let mut node = Node {
            corner_perm: perm_rank(&c.cp),
            ..Node::default()
        };
        for (k, r) in self.axes.iter().enumerate() {
            let v = conjugate_by(c, r);
            node.twist[k] = twist(&v.co);
            // With the tetrad-slice table, the flip and slice are left 0: no table reads
            // them, and working them out for every child cost 5% of the nodes per second
            // (`examples/optimal_depth.rs`, level 2). The last turns' coordinate compare
            // (`same_place`) then rests on that table's coordinates, and the leaf check
            // on the whole cube.
            if self.h16.is_none() {
                node.flip[k] = flip(&v.eo);
                node.slice[k] = slice(&v.ep);
            }
            if self.sorted.is_some() {
                node.sorted[k] = slice_sorted(&v.ep);
            }
            if let Some(h) = &self.h16 {
                let x = H16Coords::of(&h.syms, &v);
                (node.sep[k], node.flips[k], node.perm[k]) = (x.sep, x.flips, x.perm);
            }
        }
        node
    }

    fn node(&self, c: &CubieCube) -> Node {
        let t = &self.base;
        let mut node = self.coords(c);
        for k in 0..3 {
            if let Some(h) = &self.h16 {
                let x = H16Coords {
                    sep: node.sep[k],
                    flips: node.flips[k],
                    perm: node.perm[k],
                    twist: node.twist[k],
                };
                node.dist[k] = [h.distance(&t.moves, &x); 3];
                continue;
            }
            node.dist[k] = match (&self.sorted, &self.flipslice) {
                (Some(f), _) => {
                    [f.distance(&t.moves, node.flip[k], node.sorted[k], node.twist[k]); 3]
                }
                (None, Some(f)) => {
                    [f.distance(&t.moves, node.flip[k], node.slice[k], node.twist[k]); 3]
                }
                (None, None) => t.phase1_distances(node.twist[k], node.flip[k], node.slice[k]),
            };
        }
        node
    }

    /// The estimate of a node: the most turns any table says are left.
    fn estimate(&self, n: &Node) -> u8 {
        let phase1 = n.dist.iter().flatten().copied().max().unwrap_or(0);
        let corners = self
            .corners
            .as_ref()
            .map_or(0, |c| c.distance(n.corner_perm, n.twist[0]));
        phase1.max(corners)
    }

    /// A lower bound on the cube's distance.
    pub fn lower_bound(&self, c: &CubieCube) -> u8 {
        self.estimate(&self.node(c))
    }

    /// The bytes to keep of the tables held, each with its name ([`stored`]).
    pub fn kept(&self) -> Vec<(StoredTable, &[u8])> {
        let mut out = Vec::new();
        if let Some(c) = &self.corners {
            out.push((stored::CORNERS, c.bytes()));
        }
        if let Some(f) = &self.flipslice {
            out.push((stored::FLIPSLICE, f.bytes()));
        }
        if let Some(f) = &self.sorted {
            out.push((stored::FLIPSORTED, f.bytes()));
        }
        if let Some(h) = &self.h16 {
            out.push((stored::h16(h.level(), h.bytes().len()), h.bytes()));
        }
        out
    }

    /// The search's start: the cube and its coordinates (worked out once per search).
    pub fn start(&self, c: &CubieCube) -> Start {
        Start {
            cube: *c,
            node: self.node(c),
            fixed: symmetric_openings::fixed_by(c),
        }
    }
}

/// A cube ready to search from ([`OptimalTables::start`]).
#[derive(Clone, Copy)]
pub struct Start {
    cube: CubieCube,
    node: Node,
    /// The rotations that leave the cube unchanged ([`symmetric_openings::fixed_by`]).
    fixed: u32,
}

impl Start {
    pub fn cube(&self) -> &CubieCube {
        &self.cube
    }

    /// The openings a depth's tasks start with, on `of` workers: a symmetric cube's are
    /// always two turns (when the depth allows), so its symmetry can drop most of them.
    pub fn openings(&self, depth: u8, of: u32) -> Vec<Vec<u8>> {
        let len = if symmetric_openings::is_symmetric(self.fixed) {
            depth.min(2)
        } else {
            shared_opening_length(depth, of)
        };
        symmetric_openings::keep(openings(len), self.fixed)
    }
}

#[derive(Clone, Copy, Default)]
struct Node {
    corner_perm: u16,
    /// Per axis: twist, flip, slice (flip and slice 0 with the tetrad-slice table, which
    /// reads neither) and the exact slice×twist, slice×flip, twist×flip distances (all
    /// three the big table's distance when one is used).
    twist: [u16; 3],
    flip: [u16; 3],
    slice: [u16; 3],
    /// Per axis, the sorted slice (kept only with the flip × sorted slice × twist table).
    sorted: [u16; 3],
    /// Per axis, the tetrad-slice table's edge separation, E-slice flips and corner
    /// permutation coset (kept only with that table).
    sep: [u16; 3],
    flips: [u8; 3],
    perm: [u16; 3],
    dist: [[u8; 3]; 3],
}

impl Node {
    /// The same coordinates (distances aside): with the sorted slices, the same cube.
    #[inline]
    fn same_place(&self, o: &Node) -> bool {
        self.corner_perm == o.corner_perm
            && self.twist == o.twist
            && self.flip == o.flip
            && self.slice == o.slice
            && self.sorted == o.sorted
            && self.sep == o.sep
            && self.flips == o.flips
            && self.perm == o.perm
    }
}

/// Whether turn `m` may follow turn `p`: another face, and of opposite faces U before D,
/// R before L, F before B (every other sequence has a twin no longer).
#[inline]
fn follows(p: u8, m: u8) -> bool {
    let (pf, f) = (p / 3, m / 3);
    f != pf && f + 3 != pf
}

/// A node's children that the estimate allows, in turn order, worked out all at once
/// when the search enters the node.
#[derive(Clone, Copy)]
struct Frame {
    kids: [Node; N_MOVES],
    moves: [u8; N_MOVES],
    len: u8,
    next: u8,
}

impl Frame {
    #[inline(always)]
    fn push(&mut self, m: u8, node: Node) {
        self.kids[self.len as usize] = node;
        self.moves[self.len as usize] = m;
        self.len += 1;
    }
}

impl Default for Frame {
    fn default() -> Frame {
        Frame {
            kids: [Node::default(); N_MOVES],
            moves: [0; N_MOVES],
            len: 0,
            next: 0,
        }
    }
}

/// A child being tried: its coordinates and where its table entries are.
#[derive(Clone, Copy, Default)]
struct Candidate {
    m: u8,
    /// Which of the parents expanded together it is a child of.
    of: u8,
    node: Node,
    /// Per axis: flip × slice, then the table entry.
    at: [u64; 3],
}

/// Parents expanded at once: a node and its next two siblings, so that three times as
/// many memory reads are in flight in each round (on this machine a random read costs
/// 26 ns when 13 are in flight, 19 ns with 26, 173 ns alone). In the whole search
/// (`examples/optimal_depth.rs`) three gave 1.13 to 1.23 times the nodes per second of
/// one; two and four did no better than three.
#[cfg(not(target_arch = "wasm32"))]
const BATCH: usize = 3;

/// Where nothing prefetches (WebAssembly), the big tables' bytes are read in loops of
/// nothing else, one per round, so the reads overlap in the processor as prefetches would:
/// 1.22 to 1.35 times the nodes per second of reading each where it is used (the search
/// alone, level 0 tetrad-slice table, depth 16 of seeds 2, 9 and 4, in Node and Chromium).
/// With prefetches they come back as fast either way
/// ([`OptimalTables::set_read_ahead`] chooses for one set of tables).
const READ_AHEAD: bool = !cfg!(target_arch = "x86_64");

/// The turns left given to an expansion that should cut nothing (an opening's turns).
const NO_CUT: u8 = u8::MAX - 1;
/// WebAssembly has no prefetch, so the batches only cost: the page's proofs with three
/// ran at 0.72 to 0.86 of the nodes per second of one (seeds 17 and 1, 35 MB table,
/// `benches/rubik_optimal_browser.mjs`, two runs each, alternating). With [`READ_AHEAD`]
/// three were no better either (the search alone in Chromium, level 0 tetrad-slice table:
/// 624 to 645 K nodes a second against 630 to 912 K, three runs each, alternating).
#[cfg(target_arch = "wasm32")]
const BATCH: usize = 1;

impl OptimalTables {
    /// The children of `parent` (whose last turn is `last`) that could still be solved in
    /// `remaining` more turns.
    fn expand(&self, parent: &Node, last: Option<u8>, remaining: u8, out: &mut Frame) {
        let mut outs = [Frame::default(); BATCH];
        let mut cand = [Candidate::default(); N_MOVES * BATCH];
        self.expand_batch(&[(*parent, last)], remaining, &mut outs, &mut cand);
        *out = outs[0];
    }

    /// The children of each parent (a node and the turn that led to it) into `outs[j]`,
    /// each as [`OptimalTables::expand`] would. Most of the time goes to memory reads of
    /// the big tables, so it runs in rounds over every parent's children: work out every
    /// child's addresses and ask for them, then read.
    /// `cand` is room for the children being tried, kept by the caller: zeroing 4 KB for
    /// each batch cost more than anything it would protect (every field read is written
    /// first).
    fn expand_batch(
        &self,
        parents: &[(Node, Option<u8>)],
        remaining: u8,
        outs: &mut [Frame; BATCH],
        cand: &mut [Candidate; N_MOVES * BATCH],
    ) {
        let mut n = 0;
        for (j, (_, last)) in parents.iter().enumerate() {
            outs[j].len = 0;
            outs[j].next = 0;
            for m in 0..N_MOVES as u8 {
                if last.is_some_and(|p| !follows(p, m)) {
                    continue;
                }
                cand[n].m = m;
                cand[n].of = j as u8;
                n += 1;
            }
        }
        let big = self.sorted.is_some() || self.flipslice.is_some() || self.h16.is_some();
        if big && remaining > 1 {
            // The big tables' reads work the coordinates out as they need them.
            if let Some(t) = &self.h16 {
                self.read_big(t, parents, &mut cand[..n], remaining, outs);
            } else if let Some(t) = &self.sorted {
                self.read_big(t, parents, &mut cand[..n], remaining, outs);
            } else if let Some(t) = &self.flipslice {
                self.read_big(t, parents, &mut cand[..n], remaining, outs);
            }
            return;
        }
        for c in &mut cand[..n] {
            let parent = &parents[c.of as usize].0;
            self.corner_coords(parent, c.m, &mut c.node);
            for k in 0..3 {
                self.axis_coords(parent, c.m, k, &mut c.node);
            }
        }
        for c in &mut cand[..n] {
            let parent = &parents[c.of as usize].0;
            let keep = if remaining <= 1 {
                // Near the end only a cube that solved (0) or one turn from solved (1)
                // will do: compare coordinates, no table to read (the leaf check then
                // looks at the whole cube).
                if remaining == 0 {
                    c.node.same_place(&Node::default())
                } else {
                    self.one_turn.iter().any(|o| c.node.same_place(o))
                }
            } else {
                // The small variant (tests): pair tables, all in the processor's caches.
                self.pair_distances(parent, &mut c.node, remaining)
            };
            if keep {
                outs[c.of as usize].push(c.m, c.node);
            }
        }
    }

    /// The child's (by turn `m`) coordinates on axis `k`.
    #[inline(always)]
    fn axis_coords(&self, parent: &Node, m: u8, k: usize, child: &mut Node) {
        let b = &self.base;
        let mk = self.axis_moves[k][m as usize] as usize;
        child.twist[k] = b.moves.twist_move[parent.twist[k] as usize * N_MOVES + mk];
        // The tetrad-slice table reads neither (see `coords`).
        if self.h16.is_none() {
            child.flip[k] = b.moves.flip_move[parent.flip[k] as usize * N_MOVES + mk];
            child.slice[k] = b.moves.slice_move[parent.slice[k] as usize * N_MOVES + mk];
        }
        if let Some(t) = &self.sorted {
            child.sorted[k] = t.syms.sorted_move[parent.sorted[k] as usize * N_MOVES + mk];
        }
        if let Some(h) = &self.h16 {
            let (sep, syms) = (parent.sep[k], &h.syms);
            child.sep[k] = syms.sep_move[sep as usize * N_MOVES + mk];
            child.flips[k] = syms.flips_after(sep, parent.flips[k], mk);
            child.perm[k] = syms.perm_move[parent.perm[k] as usize * N_MOVES + mk];
        }
    }

    #[inline(always)]
    fn corner_coords(&self, parent: &Node, m: u8, child: &mut Node) {
        child.corner_perm = self.corner_move[parent.corner_perm as usize * N_MOVES + m as usize];
    }

    /// The children (`cand`, their turns and parents only) the big table `f` and the
    /// corner table allow. Nine in ten children fail on the first axis read (measured on
    /// a random state's depth 17), so that axis goes first, for all children in rounds
    /// (every class address, then every entry address, then the reads, with prefetches so
    /// the waits overlap); only the children it lets through get the other axes'
    /// coordinates and reads and the corner table's. A parent's first axis is the one
    /// whose distance is largest there: the likeliest to cut.
    #[inline(always)]
    fn read_big<T: BigTable>(
        &self,
        f: &T,
        parents: &[(Node, Option<u8>)],
        cand: &mut [Candidate],
        remaining: u8,
        outs: &mut [Frame; BATCH],
    ) {
        // Per parent: its first axis, then the other two.
        let axes: [[usize; 3]; BATCH] = std::array::from_fn(|j| {
            let d = |k: usize| parents.get(j).map_or(0, |p| p.0.dist[k][0]);
            let first = if d(0) >= d(1) && d(0) >= d(2) {
                0
            } else if d(1) >= d(2) {
                1
            } else {
                2
            };
            [first, (first + 1) % 3, (first + 2) % 3]
        });
        let ahead = self.read_ahead;
        // Round 1: the first axis's coordinates and class.
        for c in cand.iter_mut() {
            let (j, first) = (c.of as usize, axes[c.of as usize][0]);
            self.axis_coords(&parents[j].0, c.m, first, &mut c.node);
            let v = f.class_index(&c.node, first);
            c.at[first] = v as u64;
            prefetch(f.class_slot(v));
        }
        // Round 2: its entries; ask for them all.
        for c in cand.iter_mut() {
            let first = axes[c.of as usize][0];
            let e = f.entry_of(c.at[first] as usize, &c.node, first);
            c.at[first] = e;
            prefetch(f.entry_byte(e));
        }
        // Round 3: read; keep the children it allows.
        let mut got = [0u8; N_MOVES * BATCH];
        if ahead {
            for (g, c) in got.iter_mut().zip(cand.iter()) {
                *g = *f.entry_byte(c.at[axes[c.of as usize][0]]);
            }
        }
        let mut n = 0;
        for i in 0..cand.len() {
            let (j, first) = (cand[i].of as usize, axes[cand[i].of as usize][0]);
            let before = parents[j].0.dist[first][0];
            let e = cand[i].at[first];
            let byte = if ahead { got[i] } else { *f.entry_byte(e) };
            let dist = f.next_distance_in(before, e, byte);
            if dist <= remaining {
                cand[i].node.dist[first] = [dist; 3];
                cand[n] = cand[i];
                n += 1;
            }
        }
        let cand = &mut cand[..n];
        // Round 4: the other axes' coordinates and classes, and the corners.
        for c in cand.iter_mut() {
            let j = c.of as usize;
            let parent = &parents[j].0;
            self.corner_coords(parent, c.m, &mut c.node);
            for k in [axes[j][1], axes[j][2]] {
                self.axis_coords(parent, c.m, k, &mut c.node);
                let v = f.class_index(&c.node, k);
                c.at[k] = v as u64;
                prefetch(f.class_slot(v));
            }
            if let Some(corners) = &self.corners {
                prefetch(corners.entry_byte(c.node.corner_perm, c.node.twist[0]));
            }
        }
        // Round 5: their entries.
        for c in cand.iter_mut() {
            let j = c.of as usize;
            for k in [axes[j][1], axes[j][2]] {
                let e = f.entry_of(c.at[k] as usize, &c.node, k);
                c.at[k] = e;
                prefetch(f.entry_byte(e));
            }
        }
        // Round 6: read, keeping the children every estimate allows.
        let mut got = [[0u8; 3]; N_MOVES * BATCH];
        if ahead {
            for (g, c) in got.iter_mut().zip(cand.iter()) {
                let j = c.of as usize;
                g[0] = *f.entry_byte(c.at[axes[j][1]]);
                g[1] = *f.entry_byte(c.at[axes[j][2]]);
                if let Some(corners) = &self.corners {
                    g[2] = *corners.entry_byte(c.node.corner_perm, c.node.twist[0]);
                }
            }
        }
        'kids: for (c, g) in cand.iter_mut().zip(got.iter()) {
            if let Some(corners) = &self.corners {
                let (perm, twist) = (c.node.corner_perm, c.node.twist[0]);
                let byte = if ahead {
                    g[2]
                } else {
                    *corners.entry_byte(perm, twist)
                };
                if corners.distance_in(byte, perm, twist) > remaining {
                    continue;
                }
            }
            let j = c.of as usize;
            for (k, &byte) in [axes[j][1], axes[j][2]].into_iter().zip(g.iter()) {
                let before = parents[j].0.dist[k][0];
                let byte = if ahead { byte } else { *f.entry_byte(c.at[k]) };
                let dist = f.next_distance_in(before, c.at[k], byte);
                if dist > remaining {
                    continue 'kids;
                }
                c.node.dist[k] = [dist; 3];
            }
            outs[j].push(c.m, c.node);
        }
    }

    /// The pair tables' distances of `child` (of `parent`), if none is beyond `remaining`.
    fn pair_distances(&self, parent: &Node, child: &mut Node, remaining: u8) -> bool {
        let b = &self.base;
        if let Some(c) = &self.corners {
            if c.distance(child.corner_perm, child.twist[0]) > remaining {
                return false;
            }
        }
        for k in 0..3 {
            let (tw, fl, sl) = (child.twist[k], child.flip[k], child.slice[k]);
            let pd = parent.dist[k];
            let tf = Mod3Table::adjust(pd[2], b.twist_flip_prune.get(b.twist_flip_index(tw, fl)));
            let st = Mod3Table::adjust(pd[0], b.slice_twist_prune.get(b.slice_twist_index(tw, sl)));
            let sf = Mod3Table::adjust(pd[1], b.slice_flip_prune.get(b.slice_flip_index(sl, fl)));
            if tf.max(st).max(sf) > remaining {
                return false;
            }
            child.dist[k] = [st, sf, tf];
        }
        true
    }
}

/// What the search needs of a big table: a node's class on an axis (and where the class
/// map keeps it, to prefetch), its entry, and the distance there.
trait BigTable {
    fn class_index(&self, node: &Node, k: usize) -> usize;
    fn class_slot(&self, v: usize) -> &u32;
    /// Entries are `u64`: the tetrad-slice table has more than 2³², and a browser's
    /// `usize` is 32 bits.
    fn entry_of(&self, v: usize, node: &Node, k: usize) -> u64;
    fn entry_byte(&self, e: u64) -> &u8;
    /// The distance at entry `e` of a neighbour of a node at `before`, given the byte at
    /// [`BigTable::entry_byte`], read already.
    fn next_distance_in(&self, before: u8, e: u64, byte: u8) -> u8;
}

impl<S: EdgeSyms> BigTable for SymTable<S> {
    /// Flip with the sorted slice when the table keeps where each middle-layer edge is,
    /// else with the slice.
    #[inline(always)]
    fn class_index(&self, node: &Node, k: usize) -> usize {
        let edge = if S::SORTED_SLICE {
            node.sorted[k]
        } else {
            node.slice[k]
        };
        S::edge_index(node.flip[k], edge)
    }
    #[inline(always)]
    fn class_slot(&self, v: usize) -> &u32 {
        SymTable::class_slot(self, v)
    }
    #[inline(always)]
    fn entry_of(&self, v: usize, node: &Node, k: usize) -> u64 {
        self.syms.classes().entry_of(v, node.twist[k]) as u64
    }
    #[inline(always)]
    fn entry_byte(&self, e: u64) -> &u8 {
        SymTable::entry_byte(self, e as usize)
    }
    #[inline(always)]
    fn next_distance_in(&self, before: u8, e: u64, byte: u8) -> u8 {
        Mod3Table::adjust(before, mod3::residue_in(byte, e as usize))
    }
}

impl BigTable for H16Table {
    #[inline(always)]
    fn class_index(&self, node: &Node, k: usize) -> usize {
        H16Syms::edge_index(node.sep[k], node.flips[k])
    }
    #[inline(always)]
    fn class_slot(&self, v: usize) -> &u32 {
        &self.syms.of[v]
    }
    #[inline(always)]
    fn entry_of(&self, v: usize, node: &Node, k: usize) -> u64 {
        self.syms.entry_of(v, node.perm[k], node.twist[k])
    }
    #[inline(always)]
    fn entry_byte(&self, e: u64) -> &u8 {
        H16Table::entry_byte(self, e)
    }
    #[inline(always)]
    fn next_distance_in(&self, before: u8, e: u64, byte: u8) -> u8 {
        H16Table::next_distance_in(self, before, e, byte)
    }
}

/// One height of a task's search: the children of the node searched there and, worked
/// out with them, those of its next siblings ([`BATCH`] nodes in all), kept until the
/// search gets there.
#[derive(Clone, Copy, Default)]
struct Level {
    frames: [Frame; BATCH],
    /// Which of `frames` is the node's.
    cur: usize,
    /// The kids (of the current frame one height down) whose children are in `frames`,
    /// in order from the first: the range's start, and its end.
    ahead: (u8, u8),
}

/// One opening's share of one depth: every sequence of exactly `depth` turns that starts
/// with the opening and that the estimate allows.
pub struct ProofTask {
    tables: Arc<OptimalTables>,
    start: CubieCube,
    /// Turns so far: the opening, then the search's.
    path: [u8; STACK],
    opening: usize,
    depth: u8,
    /// `stack[h]`: the children of the node `h` turns after the opening (as many levels
    /// as the task's depth needs: short tasks, the tests' millions, stay cheap).
    stack: Vec<Level>,
    /// Stack height (turns after the opening).
    h: usize,
    /// Room for the children each expansion tries.
    cand: Box<[Candidate; N_MOVES * BATCH]>,
    status: Status,
    stats: Stats,
    found: Option<Vec<Move>>,
}

impl ProofTask {
    /// The task for `opening` (solver indices) at `depth` (at least the opening's length).
    pub fn new(tables: Arc<OptimalTables>, start: &Start, opening: &[u8], depth: u8) -> ProofTask {
        let mut path = [0u8; STACK];
        path[..opening.len()].copy_from_slice(opening);
        let left = depth.saturating_sub(opening.len() as u8);
        let mut task = ProofTask {
            status: Status::Running,
            stats: Stats {
                nodes: 1,
                ..Stats::default()
            },
            found: None,
            start: start.cube,
            path,
            opening: opening.len(),
            depth,
            stack: vec![Level::default(); left.max(1) as usize],
            h: 0,
            cand: Box::new([Candidate::default(); N_MOVES * BATCH]),
            tables,
        };
        // The opening's node, turn by turn from the start's (nothing is cut on the way).
        let mut root = start.node;
        let mut last = None;
        for &m in opening {
            let mut frame = Frame::default();
            task.tables.expand(&root, last, NO_CUT, &mut frame);
            match frame.moves[..frame.len as usize]
                .iter()
                .position(|&x| x == m)
            {
                Some(i) => root = frame.kids[i],
                // Not reached: openings follow the same turn order.
                None => {
                    task.status = Status::Exhausted;
                    return task;
                }
            }
            last = Some(m);
        }
        if task.tables.estimate(&root) > left {
            task.status = Status::Exhausted;
        } else if left == 0 {
            task.check_leaf();
            if task.status == Status::Running {
                task.status = Status::Exhausted;
            }
        } else {
            let tables = task.tables.clone();
            tables.expand(&root, last, left - 1, &mut task.stack[0].frames[0]);
        }
        task
    }

    /// A solution of the task's depth, if it found one.
    pub fn solution(&self) -> Option<&[Move]> {
        self.found.as_deref()
    }

    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.status = Status::Cancelled;
        }
    }

    /// Puts the children of kid `i` of height `h` (`child`, with its turn) on height
    /// `h + 1`: worked out before with an earlier sibling's, or now together with the
    /// next siblings' (whose are kept for when the search gets there).
    #[inline(always)]
    fn enter(&mut self, h: usize, i: usize, child: (Node, Option<u8>), remaining: u8) {
        let (below, above) = self.stack.split_at_mut(h + 1);
        let parent = &below[h].frames[below[h].cur];
        let next = &mut above[0];
        let (from, to) = next.ahead;
        if (from as usize..to as usize).contains(&i) {
            next.cur = i - from as usize;
        } else {
            let end = (i + BATCH).min(parent.len as usize);
            let mut batch = [(Node::default(), None); BATCH];
            batch[0] = child;
            for k in i + 1..end {
                batch[k - i] = (parent.kids[k], Some(parent.moves[k]));
            }
            self.tables.expand_batch(
                &batch[..end - i],
                remaining,
                &mut next.frames,
                &mut self.cand,
            );
            next.cur = 0;
            next.ahead = (i as u8, end as u8);
        }
        // Height h + 1 has a new node: what was worked out above it is for another.
        if let Some(up) = above.get_mut(1) {
            up.ahead = (0, 0);
        }
    }

    /// At full depth with every estimate 0: solved only if the edges are in place too.
    fn check_leaf(&mut self) {
        let n = self.opening + self.h;
        let moves: Vec<Move> = self.path[..n]
            .iter()
            .map(|&m| Move::from_index(m))
            .collect();
        if self.start.apply_all(&moves) == CubieCube::SOLVED {
            self.found = Some(moves);
            self.status = Status::Solved;
        }
    }
}

impl StepMachine for ProofTask {
    /// Each step enters one node; the event is the stack height after it.
    type Event = usize;

    fn step(&mut self) -> Option<usize> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        let left = self.depth - self.opening as u8;
        loop {
            let h = self.h;
            let level = &mut self.stack[h];
            let frame = &mut level.frames[level.cur];
            if frame.next >= frame.len {
                if h == 0 {
                    self.status = Status::Exhausted;
                    return Some(0);
                }
                self.h -= 1;
                self.stats.backtracks += 1;
                continue;
            }
            let i = frame.next as usize;
            frame.next += 1;
            let (m, child) = (frame.moves[i], frame.kids[i]);
            self.path[self.opening + h] = m;
            self.stats.nodes += 1;
            // Turns left after this child.
            let remaining = left - (h as u8 + 1);
            self.h = h + 1;
            if remaining == 0 {
                self.check_leaf();
                self.h = h;
            } else {
                self.enter(h, i, (child, Some(m)), remaining - 1);
            }
            return Some(h + 1);
        }
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// The openings of `len` turns (solver indices) a depth's tasks start with.
pub fn openings(len: u8) -> Vec<Vec<u8>> {
    let mut out = vec![Vec::new()];
    for _ in 0..len {
        out = out
            .into_iter()
            .flat_map(|p: Vec<u8>| {
                (0..N_MOVES as u8)
                    .filter(|&m| p.last().is_none_or(|&l| follows(l, m)))
                    .map(|m| {
                        let mut q = p.clone();
                        q.push(m);
                        q
                    })
                    .collect::<Vec<_>>()
            })
            .collect();
    }
    out
}

/// Where an optimal search stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Proof {
    /// The shortest solution known.
    pub best: Vec<Move>,
    /// No solution is shorter than this.
    pub proven: u8,
    /// The depth being searched now.
    pub depth: u8,
    pub nodes: u64,
    /// Nodes each finished depth took (exhausted or solved), in order.
    #[serde(default)]
    pub per_depth: Vec<DepthNodes>,
}

/// One depth's share of a proof.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DepthNodes {
    pub depth: u8,
    pub nodes: u64,
}

impl Proof {
    fn new(lower: u8, known: Vec<Move>) -> Proof {
        Proof {
            proven: lower.min(known.len() as u8),
            depth: lower,
            best: known,
            nodes: 0,
            per_depth: Vec::new(),
        }
    }

    /// Closes the depth being searched: its nodes are those since the last one closed.
    fn close_depth(&mut self) {
        let before: u64 = self.per_depth.iter().map(|d| d.nodes).sum();
        self.per_depth.push(DepthNodes {
            depth: self.depth,
            nodes: self.nodes - before,
        });
    }

    pub fn is_optimal(&self) -> bool {
        self.proven as usize >= self.best.len()
    }
}

/// The whole proof on one thread, as a step machine: depth by depth, task by task (the
/// page's worker runs this; the CLI runs the same tasks on several threads with
/// [`prove_on_threads`]).
pub struct OptimalSearch {
    tables: Arc<OptimalTables>,
    start: Start,
    proof: Proof,
    /// The part of every depth this search covers (the whole depth unless shared out).
    share: Share,
    openings: Vec<Vec<u8>>,
    next_task: usize,
    task: Option<ProofTask>,
    status: Status,
    stats: Stats,
}

impl OptimalSearch {
    /// Proves `known` (a solution, e.g. the two-phase search's) optimal or finds a
    /// shorter one.
    pub fn new(tables: Arc<OptimalTables>, cube: &Cube, known: Vec<Move>) -> OptimalSearch {
        OptimalSearch::with_share(tables, cube, known, Share::WHOLE)
    }

    /// One share of the proof (a worker's, [`Share`]): every depth's tasks whose index
    /// modulo `share.of` is `share.index`. Its [`Proof`] then speaks for that share only:
    /// `proven` is "no solution of this share is shorter"; [`super::proof_shares`]
    /// combines the shares' proofs into one.
    pub fn with_share(
        tables: Arc<OptimalTables>,
        cube: &Cube,
        known: Vec<Move>,
        share: Share,
    ) -> OptimalSearch {
        let start = tables.start(cube.cubie());
        let lower = tables.estimate(&start.node);
        let mut s = OptimalSearch {
            proof: Proof::new(lower, known),
            share,
            tables,
            start,
            openings: Vec::new(),
            next_task: 0,
            task: None,
            status: Status::Running,
            stats: Stats::default(),
        };
        s.start_depth();
        s
    }

    pub fn proof(&self) -> &Proof {
        &self.proof
    }

    pub fn share(&self) -> Share {
        self.share
    }

    /// This depth's tasks: how many are done, and how many this share has.
    pub fn tasks(&self) -> (usize, usize) {
        let running = self
            .task
            .as_ref()
            .is_some_and(|t| t.status() == Status::Running);
        (self.next_task - usize::from(running), self.openings.len())
    }

    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.status = Status::Cancelled;
        }
    }

    fn start_depth(&mut self) {
        if self.proof.depth as usize >= self.proof.best.len() {
            self.proof.proven = self.proof.best.len() as u8;
            self.status = Status::Solved;
            return;
        }
        let Share { index, of } = self.share;
        self.openings = (self.start.openings(self.proof.depth, of))
            .into_iter()
            .enumerate()
            .filter(|(i, _)| *i as u32 % of.max(1) == index)
            .map(|(_, o)| o)
            .collect();
        self.next_task = 0;
        self.task = None;
    }
}

impl StepMachine for OptimalSearch {
    /// The depth being searched.
    type Event = u8;

    fn step(&mut self) -> Option<u8> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        match &mut self.task {
            Some(task) if task.status() == Status::Running => {
                let before = task.stats().nodes;
                task.step();
                self.stats.nodes += task.stats().nodes - before;
                if let Some(found) = task.solution() {
                    self.proof.best = found.to_vec();
                    self.proof.proven = self.proof.depth;
                    self.status = Status::Solved;
                    self.proof.nodes = self.stats.nodes;
                    self.proof.close_depth();
                }
            }
            _ => {
                if self.next_task < self.openings.len() {
                    let t = ProofTask::new(
                        self.tables.clone(),
                        &self.start,
                        &self.openings[self.next_task],
                        self.proof.depth,
                    );
                    self.stats.nodes += t.stats().nodes;
                    if let Some(found) = t.solution() {
                        self.proof.best = found.to_vec();
                        self.proof.proven = self.proof.depth;
                        self.status = Status::Solved;
                        self.proof.nodes = self.stats.nodes;
                        self.proof.close_depth();
                    }
                    self.next_task += 1;
                    self.task = Some(t);
                } else {
                    // Every task of this depth exhausted: nothing this short exists.
                    self.proof.nodes = self.stats.nodes;
                    self.proof.close_depth();
                    self.proof.depth += 1;
                    self.proof.proven = self.proof.depth;
                    self.start_depth();
                }
            }
        }
        self.proof.nodes = self.stats.nodes;
        Some(self.proof.depth)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

/// Whether the two-phase search is still worth running beside a proof at `depth` that
/// knows a solution of `best_len` turns: only a solution of at most `depth + 1` turns
/// would end the proof sooner (once `depth` is exhausted), and one of `depth` turns or
/// fewer the proof's own search finds anyway.
pub fn improver_useful(best_len: usize, depth: u8) -> bool {
    best_len > depth as usize + 1
}
