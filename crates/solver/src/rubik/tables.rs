//! Move tables (coordinate × move → coordinate) and pruning tables (the exact distance to
//! the phase's goal of a pair of coordinates, by breadth-first search). Both phases prune
//! with the larger of two or three pair distances: each pair is small enough to build in
//! a fraction of a second, and together they are nearly as sharp as far bigger tables.
//!
//! Phase 1's tables are indexed by classes under four symmetries ([`super::sym`]) and hold
//! distances mod 3, four to a byte: slice×twist 567 × 495, slice×flip 135 × 2048 and
//! twist×flip 567 × 2048 entries, about 0.43 MB together, so they stay in the processor's
//! caches (the two slice tables also with whole distances, four bits each, for a search's
//! start). Phase 1's search reads the twist×flip table through [`ChildMasks`] (which of
//! each entry's 18 children are one move closer and which as far, five bytes an entry,
//! 4.6 MB) and the move tables through [`Phase1Moves`]. Phase 2: corner-perm×slice-perm
//! and edge-perm×slice-perm, 967,680 bytes each, and edge-perm×corner-comb. With the move
//! tables, about 14 MB in all ([`Tables::bytes`]).
//!
//! A caller that keeps the optimal solver's flip × slice × twist table (35 MB: phase 1's
//! exact distance) can give it to these tables ([`Tables::set_phase1_table`]); phase 1
//! then enters only nodes that still reach its goal in time, as Kociemba's own solver
//! does (rob-twophase too), about half the time to a first solution.

use super::coord::*;
use super::coord_moves::{move_table, permute, CoordMoves};
use super::cubie::{move_cubes, CubieCube};
use super::mod3::Mod3Table;
use super::moves::N_MOVES;
use super::optimal_tables::flipslice::FlipSliceTable;
use super::optimal_tables::sym_table::EdgeSyms;
use super::phase1_masks::ChildMasks;
use super::phase1_moves::Phase1Moves;
use super::sym::{Classes, Conjugates, N_SYM};
use std::sync::{Arc, OnceLock};

/// The turns that keep a cube in phase 2's group: U U2 U' R2 F2 D D2 D' L2 B2.
pub const PHASE2_MOVES: [u8; 10] = [0, 1, 2, 4, 7, 9, 10, 11, 13, 16];

/// Every table the two-phase search reads. Build once ([`Tables::new`]) and share it
/// between searches (`Arc<Tables>` or `&Tables`); it never changes after that.
pub struct Tables {
    /// Twist, flip and slice under the 18 turns.
    pub moves: CoordMoves,
    /// Phase 2 only (10 moves, in `PHASE2_MOVES` order).
    pub corner_perm_move: Vec<u16>,
    pub edge_perm_move: Vec<u16>,
    pub slice_perm_move: Vec<u8>,
    /// Phase-1 coordinates under the four symmetries ([`super::sym`]).
    pub conj: Conjugates,
    /// The turn the quarter-y conjugate makes for each turn ([`super::sym::moves_under_y`]).
    pub moves_under_y: [u8; N_MOVES],
    pub twist_classes: Classes,
    pub slice_classes: Classes,
    /// The move tables again, as phase 1's inner loop reads them.
    pub phase1: Phase1Moves,
    /// Indexed by [`Tables::slice_twist_index`] (twist class × slice).
    pub slice_twist_prune: Mod3Table,
    /// Indexed by [`Tables::slice_flip_index`] (slice class × flip).
    pub slice_flip_prune: Mod3Table,
    /// Indexed by [`Tables::twist_flip_index`] (twist class × flip).
    pub twist_flip_prune: Mod3Table,
    /// The two slice tables again with whole distances, four bits each (0.28 MB): a
    /// search's start reads its exact distances here in one load, where walking down the
    /// mod-3 table to the goal cost a few thousand instructions a view, thirty views a
    /// search.
    pub slice_twist_exact: NibbleTable,
    pub slice_flip_exact: NibbleTable,
    /// The twist×flip residues of each entry's 18 children, for phase 1's first cut.
    pub child_masks: ChildMasks,
    /// Indexed `corner_perm * 24 + slice_perm`.
    pub corner_slice_prune: Vec<u8>,
    /// Indexed `edge_perm * 24 + slice_perm`.
    pub edge_slice_prune: Vec<u8>,
    /// Which four of the eight corner positions hold the U-layer corners (0..70), for each
    /// corner permutation, and how a phase-2 turn moves it.
    pub corner_comb: Vec<u8>,
    pub corner_comb_move: Vec<u8>,
    /// Indexed `edge_perm * 70 + corner_comb` (min2phase's edge-perm × corner-comb): ties
    /// the edges to the corners, which the other two phase-2 tables never see together.
    pub edge_comb_prune: Vec<u8>,
    /// The inverse of each permutation of eight (by rank) and of four: the inverse cube is
    /// as far from solved, and its coordinates give phase 2 three more bounds for free.
    pub perm8_inverse: Vec<u16>,
    pub perm4_inverse: [u8; N_SLICE_PERM],
    /// Phase 1's exact distance ([`FlipSliceTable`], 35 MB, the optimal solver's small
    /// table), when the caller has it: built in seconds, not in the half second the rest
    /// take, so it is optional and given later ([`Tables::set_phase1_table`]).
    phase1_exact: OnceLock<Arc<FlipSliceTable>>,
}

/// Corner-comb values: C(8, 4).
pub const N_CORNER_COMB: usize = 70;

/// The rank of each eight-bit mask with four bits set among such masks (others: 0).
fn comb_ranks() -> [u8; 256] {
    let mut out = [0u8; 256];
    let mut next = 0;
    for (mask, rank) in out.iter_mut().enumerate() {
        if mask.count_ones() == 4 {
            *rank = next;
            next += 1;
        }
    }
    out
}

fn corner_comb_of(cp: &[u8; 8], ranks: &[u8; 256]) -> u8 {
    let mask = (0..8)
        .filter(|&i| cp[i] < 4)
        .fold(0usize, |m, i| m | 1 << i);
    ranks[mask]
}

fn inverse_perm<const N: usize>(p: &[u8; N]) -> [u8; N] {
    let mut out = [0u8; N];
    for (i, &x) in p.iter().enumerate() {
        out[x as usize] = i as u8;
    }
    out
}

impl Default for Tables {
    fn default() -> Self {
        Tables::new()
    }
}

/// Phase 2's move tables: corner, edge and slice permutations under its 10 moves.
fn phase2_move_tables(mv: &[CubieCube; 18]) -> (Vec<u16>, Vec<u16>, Vec<u8>) {
    let p2 = PHASE2_MOVES.map(|m| mv[m as usize]);
    let corner_perm_move = move_table(N_CORNER_PERM, 10, |c, k| {
        perm_rank(&permute(&perm_unrank::<8>(c as u32), &p2[k].cp))
    });
    let edge_perm_move = move_table(N_EDGE_PERM, 10, |e, k| {
        let mut ep = [0, 0, 0, 0, 0, 0, 0, 0, 8, 9, 10, 11];
        ep[..8].copy_from_slice(&perm_unrank::<8>(e as u32));
        edge_perm(&permute(&ep, &p2[k].ep))
    });
    let slice_perm_move: Vec<u8> = move_table(N_SLICE_PERM, 10, |s, k| {
        let mut ep = [0, 1, 2, 3, 4, 5, 6, 7, 0, 0, 0, 0];
        for (j, x) in perm_unrank::<4>(s as u32).iter().enumerate() {
            ep[8 + j] = x + 8;
        }
        slice_perm(&permute(&ep, &p2[k].ep)) as u16
    })
    .into_iter()
    .map(|x| x as u8)
    .collect();
    (corner_perm_move, edge_perm_move, slice_perm_move)
}

/// Entry `class * n + x` of a table by symmetry class: its twins are `x` seen through each
/// symmetry that fixes the class's representative.
fn twins(classes: &Classes, conj: &[u16], n: usize, i: usize) -> [usize; N_SYM] {
    let (class, x) = (i / n, i % n);
    let rep = classes.reps[class];
    std::array::from_fn(|s| {
        if classes.conj_fixes(rep, s) {
            class * n + conj[x * N_SYM + s] as usize
        } else {
            i
        }
    })
}

impl Tables {
    pub fn new() -> Tables {
        let moves = CoordMoves::new();
        let (corner_perm_move, edge_perm_move, slice_perm_move) = phase2_move_tables(move_cubes());
        let conj = Conjugates::new();
        let twist_classes = Classes::new(N_TWIST, |v, s| conj.twist[v * N_SYM + s]);
        let slice_classes = Classes::new(N_SLICE, |v, s| conj.slice[v * N_SYM + s]);
        let phase1 = Phase1Moves::new(
            &moves.twist_move,
            &moves.flip_move,
            &moves.slice_move,
            &conj,
            &twist_classes,
            &slice_classes,
        );
        let mut tables = Tables {
            moves,
            corner_perm_move,
            edge_perm_move,
            slice_perm_move,
            conj,
            moves_under_y: super::sym::moves_under_y(),
            twist_classes,
            slice_classes,
            phase1,
            slice_twist_prune: Mod3Table::default(),
            slice_flip_prune: Mod3Table::default(),
            slice_twist_exact: NibbleTable::default(),
            slice_flip_exact: NibbleTable::default(),
            twist_flip_prune: Mod3Table::default(),
            child_masks: ChildMasks::empty(),
            corner_slice_prune: Vec::new(),
            edge_slice_prune: Vec::new(),
            corner_comb: Vec::new(),
            corner_comb_move: Vec::new(),
            edge_comb_prune: Vec::new(),
            perm8_inverse: Vec::new(),
            perm4_inverse: [0; N_SLICE_PERM],
            phase1_exact: OnceLock::new(),
        };
        tables.fill_perm_tables();
        tables.fill_phase1_prune();
        tables.fill_phase2_prune();
        tables
    }

    /// The corner combs (which corners sit in the bottom layer) and the inverse
    /// permutations, then each comb's phase-2 move.
    fn fill_perm_tables(&mut self) {
        let ranks = comb_ranks();
        self.corner_comb = (0..N_CORNER_PERM)
            .map(|c| corner_comb_of(&perm_unrank::<8>(c as u32), &ranks))
            .collect();
        self.perm8_inverse = (0..N_CORNER_PERM)
            .map(|c| perm_rank(&inverse_perm(&perm_unrank::<8>(c as u32))))
            .collect();
        self.perm4_inverse =
            std::array::from_fn(|s| perm_rank(&inverse_perm(&perm_unrank::<4>(s as u32))) as u8);
        // A comb's move: move any permutation with that comb (the first one found).
        let mut some_perm = [u16::MAX; N_CORNER_COMB];
        for c in 0..N_CORNER_PERM {
            let comb = self.corner_comb[c] as usize;
            if some_perm[comb] == u16::MAX {
                some_perm[comb] = c as u16;
            }
        }
        let t = &*self;
        let corner_comb_move = some_perm
            .iter()
            .flat_map(|&c| {
                (0..10)
                    .map(move |k| t.corner_comb[t.corner_perm_move[c as usize * 10 + k] as usize])
            })
            .collect();
        self.corner_comb_move = corner_comb_move;
    }

    /// Phase 1's pruning tables (slice×twist, slice×flip, twist×flip, by symmetry class)
    /// and the child masks read from them.
    fn fill_phase1_prune(&mut self) {
        let all: Vec<usize> = (0..N_MOVES).collect();
        let t = &*self;
        let slice_twist = distances_with_twins(
            t.twist_classes.len() * N_SLICE,
            &all,
            |i, m| t.slice_twist_next(i, m),
            |i| twins(&t.twist_classes, &t.conj.slice, N_SLICE, i),
        );
        let slice_flip = distances_with_twins(
            t.slice_classes.len() * N_FLIP,
            &all,
            |i, m| t.slice_flip_next(i, m),
            |i| twins(&t.slice_classes, &t.conj.flip, N_FLIP, i),
        );
        let twist_flip = distances_with_twins(
            t.twist_classes.len() * N_FLIP,
            &all,
            |i, m| t.twist_flip_next(i, m),
            |i| twins(&t.twist_classes, &t.conj.flip, N_FLIP, i),
        );
        self.slice_twist_prune = Mod3Table::pack(&slice_twist);
        self.slice_flip_prune = Mod3Table::pack(&slice_flip);
        self.slice_twist_exact = NibbleTable::pack(&slice_twist);
        self.slice_flip_exact = NibbleTable::pack(&slice_flip);
        self.twist_flip_prune = Mod3Table::pack(&twist_flip);
        self.child_masks = ChildMasks::new(
            &self.phase1,
            &self.conj,
            &self.twist_classes,
            &self.twist_flip_prune,
        );
    }

    /// Phase 2's pruning tables: each permutation coordinate paired with another.
    fn fill_phase2_prune(&mut self) {
        self.corner_slice_prune =
            pair_distances(&self.corner_perm_move, &self.slice_perm_move, N_SLICE_PERM);
        self.edge_slice_prune =
            pair_distances(&self.edge_perm_move, &self.slice_perm_move, N_SLICE_PERM);
        self.edge_comb_prune =
            pair_distances(&self.edge_perm_move, &self.corner_comb_move, N_CORNER_COMB);
    }

    /// Index of a twist and slice in the slice×twist table: the twist's class, and the
    /// slice seen through the symmetry that takes the twist to its class's representative.
    #[inline]
    pub fn slice_twist_index(&self, twist: u16, slice: u16) -> usize {
        let (class, sym) = (
            self.twist_classes.class(twist),
            self.twist_classes.sym(twist),
        );
        class * N_SLICE + self.conj.slice[slice as usize * N_SYM + sym] as usize
    }

    #[inline]
    pub fn slice_flip_index(&self, slice: u16, flip: u16) -> usize {
        let (class, sym) = (
            self.slice_classes.class(slice),
            self.slice_classes.sym(slice),
        );
        class * N_FLIP + self.conj.flip[flip as usize * N_SYM + sym] as usize
    }

    #[inline]
    pub fn twist_flip_index(&self, twist: u16, flip: u16) -> usize {
        let (class, sym) = (
            self.twist_classes.class(twist),
            self.twist_classes.sym(twist),
        );
        class * N_FLIP + self.conj.flip[flip as usize * N_SYM + sym] as usize
    }

    /// The table entry after move `m` from entry `i` (any cube of the entry's class: all
    /// are as far from the goal).
    fn slice_twist_next(&self, i: usize, m: usize) -> usize {
        let (class, slice) = (i / N_SLICE, i % N_SLICE);
        let twist = self.twist_classes.reps[class] as usize;
        self.slice_twist_index(
            self.moves.twist_move[twist * N_MOVES + m],
            self.moves.slice_move[slice * N_MOVES + m],
        )
    }

    fn slice_flip_next(&self, i: usize, m: usize) -> usize {
        let (class, flip) = (i / N_FLIP, i % N_FLIP);
        let slice = self.slice_classes.reps[class] as usize;
        self.slice_flip_index(
            self.moves.slice_move[slice * N_MOVES + m],
            self.moves.flip_move[flip * N_MOVES + m],
        )
    }

    fn twist_flip_next(&self, i: usize, m: usize) -> usize {
        let (class, flip) = (i / N_FLIP, i % N_FLIP);
        let twist = self.twist_classes.reps[class] as usize;
        self.twist_flip_index(
            self.moves.twist_move[twist * N_MOVES + m],
            self.moves.flip_move[flip * N_MOVES + m],
        )
    }

    /// Gives the search phase 1's exact distance (searches started from now on use it;
    /// they find the same solutions, in the same order, with far fewer phase-1 nodes).
    /// Returns the table back if one is already set.
    pub fn set_phase1_table(&self, table: Arc<FlipSliceTable>) -> Result<(), Arc<FlipSliceTable>> {
        self.phase1_exact.set(table)
    }

    /// Phase 1's exact distance table, if given.
    #[inline]
    pub fn phase1_table(&self) -> Option<&FlipSliceTable> {
        self.phase1_exact.get().map(|t| &**t)
    }

    /// Bytes held by all tables (the exact phase-1 table included once given).
    pub fn bytes(&self) -> usize {
        self.moves.bytes()
            + 2 * (self.corner_perm_move.len() + self.edge_perm_move.len())
            + self.slice_perm_move.len()
            + 2 * (self.conj.twist.len() + self.conj.flip.len() + self.conj.slice.len())
            + 2 * (self.twist_classes.of.len() + self.slice_classes.of.len())
            + self.phase1.bytes()
            + self.child_masks.bytes()
            + self.slice_twist_prune.data.len()
            + self.slice_flip_prune.data.len()
            + self.slice_twist_exact.data.len()
            + self.slice_flip_exact.data.len()
            + self.twist_flip_prune.data.len()
            + self.corner_slice_prune.len()
            + self.edge_slice_prune.len()
            + self.corner_comb.len()
            + self.corner_comb_move.len()
            + self.edge_comb_prune.len()
            + 2 * self.perm8_inverse.len()
            + self
                .phase1_table()
                .map_or(0, |x| x.bytes().len() + x.syms.bytes())
    }

    /// The exact slice×twist, slice×flip and twist×flip distances of a cube (their
    /// largest is a lower bound on the phase-1 moves left, 0 exactly in the group). The
    /// tables hold distances mod 3 only, so this walks down to the goal; the search then
    /// tracks each distance move by move with [`Mod3Table::adjust`].
    pub fn phase1_distances(&self, twist: u16, flip: u16, slice: u16) -> [u8; 3] {
        [
            self.slice_twist_prune
                .walk(self.slice_twist_index(twist, slice), |i, m| {
                    self.slice_twist_next(i, m)
                }),
            self.slice_flip_prune
                .walk(self.slice_flip_index(slice, flip), |i, m| {
                    self.slice_flip_next(i, m)
                }),
            self.twist_flip_prune
                .walk(self.twist_flip_index(twist, flip), |i, m| {
                    self.twist_flip_next(i, m)
                }),
        ]
    }

    /// The exact twist×flip distance (the third of [`Tables::phase1_distances`]): down
    /// the closer children the child masks name, one index computation a move.
    pub fn twist_flip_distance(&self, twist: u16, flip: u16) -> u8 {
        let (mut i, mut d) = (self.twist_flip_index(twist, flip), 0u8);
        while i != 0 {
            let closer = self.child_masks.closer(i);
            if closer == 0 {
                break; // not reached: every entry but the goal has a closer neighbour
            }
            i = self.twist_flip_next(i, closer.trailing_zeros() as usize);
            d += 1;
        }
        d
    }

    /// The exact slice×twist and slice×flip distances (the first two of
    /// [`Tables::phase1_distances`]), from the four-bit tables.
    pub fn slice_distances(&self, twist: u16, flip: u16, slice: u16) -> [u8; 2] {
        [
            self.slice_twist_exact
                .get(self.slice_twist_index(twist, slice)),
            self.slice_flip_exact
                .get(self.slice_flip_index(slice, flip)),
        ]
    }

    /// A lower bound on the phase-2 moves left (0 exactly when solved).
    #[inline]
    pub fn phase2_bound(&self, corner_perm: u16, edge_perm: u16, slice_perm: u8) -> u8 {
        let forward = self.phase2_bound_one_way(corner_perm, edge_perm, slice_perm);
        let inverse = self.phase2_bound_one_way(
            self.perm8_inverse[corner_perm as usize],
            self.perm8_inverse[edge_perm as usize],
            self.perm4_inverse[slice_perm as usize],
        );
        forward.max(inverse)
    }

    /// The three phase-2 tables' bound for a cube's coordinates (the search's inner loop
    /// reads them one by one, stopping at the first that cuts).
    #[inline]
    pub fn phase2_bound_one_way(&self, corner_perm: u16, edge_perm: u16, slice_perm: u8) -> u8 {
        let (c, e, s) = (
            corner_perm as usize,
            edge_perm as usize,
            slice_perm as usize,
        );
        self.corner_slice_prune[c * N_SLICE_PERM + s]
            .max(self.edge_slice_prune[e * N_SLICE_PERM + s])
            .max(self.edge_comb_prune[e * N_CORNER_COMB + self.corner_comb[c] as usize])
    }
}

/// Whole distances (below 16), two to a byte.
#[derive(Default)]
pub struct NibbleTable {
    data: Vec<u8>,
}

impl NibbleTable {
    fn pack(distances: &[u8]) -> NibbleTable {
        let mut data = vec![0u8; distances.len().div_ceil(2)];
        for (i, &d) in distances.iter().enumerate() {
            data[i >> 1] |= d.min(15) << ((i & 1) * 4);
        }
        NibbleTable { data }
    }

    /// The distance of entry `i`.
    #[inline]
    pub fn get(&self, i: usize) -> u8 {
        self.data.get(i >> 1).map_or(0, |b| b >> ((i & 1) * 4) & 15)
    }
}

const UNSEEN: u8 = u8::MAX;

/// Breadth-first distances from index 0 over `moves` (a set closed under inverses). Early
/// layers expand forwards; once most entries are reached it is cheaper to scan the unseen
/// ones for a neighbour in the last layer.
#[cfg(test)]
fn distances(size: usize, moves: &[usize], next: impl Fn(usize, usize) -> usize) -> Vec<u8> {
    distances_with_twins(size, moves, next, |i| [i; N_SYM])
}

/// [`distances`] for phase 2's tables: entry `a * nb + b`, where the ten phase-2 turns move
/// `a` and `b` by their move tables (`a_move[a * 10 + k]`). Row by row, so a neighbour's
/// index needs no division, and no symmetry twins to fill.
fn pair_distances(a_move: &[u16], b_move: &[u8], nb: usize) -> Vec<u8> {
    const K: usize = PHASE2_MOVES.len();
    let na = a_move.len() / K;
    layers(na * nb, |table, depth, backward| {
        let mut added = 0usize;
        for a in 0..na {
            let rows: [usize; K] = std::array::from_fn(|k| a_move[a * K + k] as usize * nb);
            for (b, b_next) in b_move.chunks_exact(K).enumerate() {
                let i = a * nb + b;
                if backward {
                    if table[i] == UNSEEN
                        && (0..K).any(|k| table[rows[k] + b_next[k] as usize] == depth)
                    {
                        added += reach(table, i, depth + 1);
                    }
                } else if table[i] == depth {
                    for k in 0..K {
                        added += reach(table, rows[k] + b_next[k] as usize, depth + 1);
                    }
                }
            }
        }
        added
    })
}

/// [`distances`] for a table indexed by classes, where `twins(i)` are the entries that
/// stand for the same cubes as `i` (a representative fixed by a symmetry pairs with more
/// than one value of the other coordinate): they are filled together, so that forward
/// steps, which reach only one of them, give every one its distance.
#[inline(never)]
fn distances_with_twins(
    size: usize,
    moves: &[usize],
    next: impl Fn(usize, usize) -> usize,
    twins: impl Fn(usize) -> [usize; N_SYM],
) -> Vec<u8> {
    layers(size, |table, depth, backward| {
        let mut added = 0usize;
        for i in 0..size {
            if backward {
                if table[i] == UNSEEN && moves.iter().any(|&m| table[next(i, m)] == depth) {
                    for j in twins(i) {
                        added += reach(table, j, depth + 1);
                    }
                }
            } else if table[i] == depth {
                for &m in moves {
                    for j in twins(next(i, m)) {
                        added += reach(table, j, depth + 1);
                    }
                }
            }
        }
        added
    })
}

/// Breadth-first distances from entry 0 of `size`, a layer at a time:
/// `layer(table, depth, backward)` gives the entries next to layer `depth` distance
/// `depth + 1` and says how many it reached. Early layers expand forwards; once a third of
/// the entries are reached (`backward`) it is cheaper to scan the unseen ones for a
/// neighbour in the last layer.
fn layers(size: usize, mut layer: impl FnMut(&mut [u8], u8, bool) -> usize) -> Vec<u8> {
    let mut table = vec![UNSEEN; size];
    table[0] = 0;
    let (mut filled, mut depth) = (1usize, 0u8);
    while filled < size && depth < UNSEEN - 1 {
        let added = layer(&mut table, depth, filled * 3 > size);
        if added == 0 {
            break;
        }
        filled += added;
        depth += 1;
    }
    table
}

/// Gives entry `j` distance `d` if it has none yet: 1 if it did.
#[inline(always)]
fn reach(table: &mut [u8], j: usize, d: u8) -> usize {
    if table[j] == UNSEEN {
        table[j] = d;
        1
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_distance_search_matches_a_ring() {
        // A ring of 10 positions with moves ±1: distances 0 1 2 3 4 5 4 3 2 1.
        let d = distances(10, &[0, 1], |i, m| {
            if m == 0 {
                (i + 1) % 10
            } else {
                (i + 9) % 10
            }
        });
        assert_eq!(d, vec![0, 1, 2, 3, 4, 5, 4, 3, 2, 1]);
    }

    /// Phase 2's row-by-row breadth-first search finds what the plain one finds.
    #[test]
    fn phase2_tables_match_a_plain_breadth_first_search() {
        let t = Tables::new();
        let ten: Vec<usize> = (0..10).collect();
        let plain = distances(N_EDGE_PERM * N_CORNER_COMB, &ten, |i, k| {
            let (e, c) = (i / N_CORNER_COMB, i % N_CORNER_COMB);
            t.edge_perm_move[e * 10 + k] as usize * N_CORNER_COMB
                + t.corner_comb_move[c * 10 + k] as usize
        });
        assert_eq!(plain, t.edge_comb_prune);
        let plain = distances(N_CORNER_PERM * N_SLICE_PERM, &ten, |i, k| {
            let (c, s) = (i / N_SLICE_PERM, i % N_SLICE_PERM);
            t.corner_perm_move[c * 10 + k] as usize * N_SLICE_PERM
                + t.slice_perm_move[s * 10 + k] as usize
        });
        assert_eq!(plain, t.corner_slice_prune);
        assert!(t.edge_comb_prune.iter().all(|&d| d < UNSEEN));
    }
}

#[cfg(test)]
mod sym_tests {
    use super::*;

    /// Every entry of each class-indexed table holds the distance that a plain
    /// breadth-first search over both whole coordinates finds (mod 3).
    #[test]
    fn class_tables_agree_with_plain_breadth_first_distances() {
        let t = Tables::new();
        let all: Vec<usize> = (0..N_MOVES).collect();
        let check = |a_move: &[u16],
                     a_n: usize,
                     b_move: &[u16],
                     b_n: usize,
                     table: &Mod3Table,
                     exact: Option<&NibbleTable>,
                     index: &dyn Fn(u16, u16) -> usize| {
            let plain = distances(a_n * b_n, &all, |i, m| {
                let (a, b) = (i / b_n, i % b_n);
                a_move[a * N_MOVES + m] as usize * b_n + b_move[b * N_MOVES + m] as usize
            });
            for a in 0..a_n {
                for b in 0..b_n {
                    let d = plain[a * b_n + b];
                    assert_eq!(table.get(index(a as u16, b as u16)), d % 3, "{a} {b}");
                    if let Some(exact) = exact {
                        assert_eq!(exact.get(index(a as u16, b as u16)), d, "{a} {b}");
                    }
                }
            }
        };
        let (tw, fl, sl) = (&t.moves.twist_move, &t.moves.flip_move, &t.moves.slice_move);
        check(
            sl,
            N_SLICE,
            tw,
            N_TWIST,
            &t.slice_twist_prune,
            Some(&t.slice_twist_exact),
            &|s, w| t.slice_twist_index(w, s),
        );
        check(
            sl,
            N_SLICE,
            fl,
            N_FLIP,
            &t.slice_flip_prune,
            Some(&t.slice_flip_exact),
            &|s, f| t.slice_flip_index(s, f),
        );
        check(
            tw,
            N_TWIST,
            fl,
            N_FLIP,
            &t.twist_flip_prune,
            None,
            &|w, f| t.twist_flip_index(w, f),
        );
    }
}
