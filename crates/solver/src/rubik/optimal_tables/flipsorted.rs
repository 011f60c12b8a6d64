//! The optimal solver's large table (Kociemba's optimal-solver table proper): the exact
//! number of face turns that bring edge flip, the four middle-layer edges (where each one
//! is: 12·11·10·9 = 11,880 positions, "slice sorted") and corner twist home together,
//! 2048 × 11,880 × 2187 ≈ 53 billion positions.
//!
//! As in [`super::flipslice`], the sixteen symmetries that keep the U–D axis group
//! flip × sorted slice into 1,523,864 classes, and the table has one entry per class ×
//! twist: 3,332,690,568 entries, the distance mod 3 in two bits each (833 MB). Its
//! distances run about one turn above the flip × slice × twist table's (the middle layer's
//! edges must also be in their own places), and each turn of estimate cuts the search
//! about tenfold.
//!
//! The symmetries act on flip × sorted slice through small tables (a 12-bit orientation
//! permuted per symmetry, the sorted slice conjugated), so the 24-million-value class map
//! is worked out in about a second rather than kept on disk. The build is a
//! breadth-first search one class row (all twists of a class) at a time: a row's 18
//! neighbours are 18 rows, so the reads stay in the processor's caches.

use super::sym_table::{EdgeSyms, SymBuild, SymTable};
use super::ud_syms::{UdClasses, N_UD_SYMS};
use crate::rubik::coord::{
    flip, flip_to_orientation, perm_rank, perm_unrank, slice, slice_masks, N_FLIP,
};
use crate::rubik::coord_moves::{slice_edges_in_order, CoordMoves};
use crate::rubik::cubie::{move_cubes, CubieCube};
use crate::rubik::moves::{Layer, N_MOVES};
use crate::rubik::sym::rotation;

/// Where the four middle-layer edges are, each one: 12 · 11 · 10 · 9.
pub const N_SORTED: usize = 11_880;
/// Flip × sorted slice values, numbered `sorted * N_FLIP + flip`.
pub const N_FLIPSORTED: usize = N_FLIP * N_SORTED;
/// Flip × sorted slice classes under the sixteen U–D symmetries (Kociemba's count).
pub const N_CLASSES: usize = 1_523_864;
/// Table entries: class × twist.
pub const N_ENTRIES: usize = FlipSortedSyms::N_ENTRIES;
/// Bytes of the table (four entries a byte).
pub const TABLE_BYTES: usize = FlipSortedSyms::TABLE_BYTES;

/// The sorted slice coordinate: which four positions hold the middle-layer edges (the
/// slice coordinate) × the order they sit in there (0..24); 0 when solved.
pub fn slice_sorted(ep: &[u8; 12]) -> u16 {
    let mut order = [0u8; 4];
    let mut k = 0;
    for &e in ep {
        if e >= 8 {
            order[k] = e - 8;
            k += 1;
        }
    }
    slice(ep) * 24 + perm_rank(&order)
}

/// An edge permutation with sorted slice `sorted` (the other edges in order).
pub fn sorted_edges(sorted: u16) -> [u8; 12] {
    slice_edges_in_order(sorted as usize / 24, perm_unrank(sorted as u32 % 24))
}

/// Sorted slice × face turn → sorted slice.
pub fn sorted_move_table() -> Vec<u16> {
    let moves = move_cubes();
    let mut out = Vec::with_capacity(N_SORTED * N_MOVES);
    for v in 0..N_SORTED as u16 {
        let c = CubieCube {
            ep: sorted_edges(v),
            ..CubieCube::SOLVED
        };
        for m in moves.iter() {
            out.push(slice_sorted(&c.multiply(m).ep));
        }
    }
    out
}

/// The edges of each U–D symmetry as a cube `A`, so that the edges of
/// [`super::ud_syms::ud_conjugate`] are those of `A⁻¹ · c · A` (`s & 3` quarter
/// turns y, then z2, then the left–right mirror, which moves edges without flipping them).
pub fn edge_symmetries() -> [CubieCube; N_UD_SYMS] {
    let y = rotation(Layer::Y);
    let z = rotation(Layer::Z);
    let mirror = CubieCube {
        ep: [2, 1, 0, 3, 6, 5, 4, 7, 9, 8, 11, 10],
        ..CubieCube::SOLVED
    };
    std::array::from_fn(|s| {
        let mut a = CubieCube::SOLVED;
        for _ in 0..s & 3 {
            a = a.multiply(&y);
        }
        if s & 4 != 0 {
            a = a.multiply(&z).multiply(&z);
        }
        if s & 8 != 0 {
            a = a.multiply(&mirror);
        }
        a
    })
}

/// The 12 edge orientations as bits (bit `i` for position `i`) of a flip coordinate.
fn flip_bits(f: u16) -> u16 {
    flip_to_orientation(f)
        .iter()
        .enumerate()
        .fold(0, |b, (i, &o)| b | (o as u16) << i)
}

/// Flip × sorted slice under the sixteen symmetries, and grouped by them.
pub struct FlipSortedSyms {
    pub classes: UdClasses,
    /// Sorted slice × face turn.
    pub sorted_move: Vec<u16>,
    /// How a symmetry acts on the coordinates.
    conj: SortedConjugates,
}

/// Flip × sorted slice under each symmetry, from small tables.
struct SortedConjugates {
    /// Sorted slice under symmetry `s`, indexed `sorted * 16 + s`.
    sorted_conj: Vec<u16>,
    /// Per symmetry, from the 12 orientation bits (after [`Self::flip_xor`]) to the
    /// conjugate's flip: `s * 4096 + bits`.
    flip_conj: Vec<u16>,
    /// Per symmetry: the bits to flip on the middle-layer edges' positions and on the
    /// others' before [`Self::flip_conj`] (the symmetry turns those edges over).
    flip_xor: [(u16, u16); N_UD_SYMS],
    /// The orientation bits of every flip.
    bits: Vec<u16>,
}

impl SortedConjugates {
    fn new() -> SortedConjugates {
        let syms = edge_symmetries();
        let mut flip_conj = Vec::with_capacity(N_UD_SYMS * 4096);
        let mut flip_xor = [(0, 0); N_UD_SYMS];
        for (s, a) in syms.iter().enumerate() {
            let undo = a.inverse();
            // A⁻¹·c·A flips position i's edge by A⁻¹'s flip of the edge c has at A(i):
            // one value for the middle-layer edges, one for the rest.
            let side = |e: usize| if undo.eo[e] != 0 { 0xFFF } else { 0 };
            flip_xor[s] = (side(8), side(0));
            for x in 0..4096u16 {
                let eo: [u8; 12] = std::array::from_fn(|i| ((x >> a.ep[i]) & 1) as u8 ^ a.eo[i]);
                flip_conj.push(flip(&eo));
            }
        }
        let mut sorted_conj = Vec::with_capacity(N_SORTED * N_UD_SYMS);
        for v in 0..N_SORTED as u16 {
            let ep = sorted_edges(v);
            for a in &syms {
                let undo = a.inverse();
                let image: [u8; 12] =
                    std::array::from_fn(|i| undo.ep[ep[a.ep[i] as usize] as usize]);
                sorted_conj.push(slice_sorted(&image));
            }
        }
        SortedConjugates {
            sorted_conj,
            flip_conj,
            flip_xor,
            bits: (0..N_FLIP as u16).map(flip_bits).collect(),
        }
    }

    /// Flip × sorted slice value `v` under symmetry `s`.
    #[inline]
    fn conjugate(&self, v: usize, s: usize) -> usize {
        let (sorted, fl) = (v / N_FLIP, v % N_FLIP);
        let mask = slice_masks()[sorted / 24];
        let (inside, outside) = self.flip_xor[s];
        let x = self.bits[fl] ^ (inside & mask) ^ (outside & !mask & 0xFFF);
        self.sorted_conj[sorted * N_UD_SYMS + s] as usize * N_FLIP
            + self.flip_conj[s * 4096 + x as usize] as usize
    }

    fn bytes(&self) -> usize {
        2 * (self.sorted_conj.len() + self.flip_conj.len() + self.bits.len())
    }
}

impl FlipSortedSyms {
    /// The symmetry tables and the classes (about a second natively).
    pub fn new() -> FlipSortedSyms {
        let conj = SortedConjugates::new();
        let classes = UdClasses::new(N_FLIPSORTED, N_CLASSES, |v, s| conj.conjugate(v, s));
        FlipSortedSyms {
            classes,
            sorted_move: sorted_move_table(),
            conj,
        }
    }

    /// Flip × sorted slice value `v` under symmetry `s`.
    #[inline]
    pub fn conjugate(&self, v: usize, s: usize) -> usize {
        self.conj.conjugate(v, s)
    }

    /// Flip × sorted slice as one number (the index into [`UdClasses::of`]).
    #[inline]
    pub fn flipsorted_index(flip: u16, sorted: u16) -> usize {
        Self::edge_index(flip, sorted)
    }
}

impl Default for FlipSortedSyms {
    fn default() -> Self {
        FlipSortedSyms::new()
    }
}

impl EdgeSyms for FlipSortedSyms {
    const N_CLASSES: usize = N_CLASSES;
    const SORTED_SLICE: bool = true;
    const MAX_DEPTH: u8 = 30;

    #[inline(always)]
    fn classes(&self) -> &UdClasses {
        &self.classes
    }

    #[inline(always)]
    fn edge_move(&self, _: &CoordMoves, sorted: u16, m: usize) -> u16 {
        self.sorted_move[sorted as usize * N_MOVES + m]
    }

    /// Bytes held (the class of every flip × sorted slice value is most of it: 97 MB).
    fn bytes(&self) -> usize {
        self.classes.bytes() + 2 * self.sorted_move.len() + self.conj.bytes()
    }
}

/// The table: distances mod 3 ([`TABLE_BYTES`] bytes) and the symmetry tables that index it.
pub type FlipSortedTable = SymTable<FlipSortedSyms>;

/// The table's build, in steps or on threads.
pub type FlipSortedBuild = SymBuild<FlipSortedSyms>;

/// Seconds each breadth-first layer took natively on one thread (the batched build, in
/// `tests/rubik_flipsorted.rs`, load about 3): every layer scans the whole table, the
/// forward ones from 0 to 9 expanding the last layer's entries, then backward ones from
/// each unseen entry. The first also touches the fresh memory. Only the ratios matter.
const LAYER_COST: [f32; 13] = [
    10.0, 4.0, 4.0, 4.0, 4.0, 4.0, 4.0, 6.0, 68.0, 72.0, 156.0, 15.0, 10.0,
];

impl FlipSortedBuild {
    /// How much of the work is done, 0 to 1: the layers done and the part of this one,
    /// each layer weighted by its measured cost ([`LAYER_COST`]; the entries filled say
    /// little, as the last layers scan the whole table to fill a few).
    pub fn fraction(&self) -> f32 {
        if self.is_done() {
            return 1.0;
        }
        let (depth, part) = self.layer_done();
        layer_fraction(depth, part)
    }
}

/// The share of the build done at `part` (0 to 1) of layer `depth`.
fn layer_fraction(depth: usize, part: f32) -> f32 {
    let total: f32 = LAYER_COST.iter().sum();
    let before: f32 = LAYER_COST.iter().take(depth).sum();
    let this = LAYER_COST.get(depth).copied().unwrap_or(0.0);
    ((before + this * part.clamp(0.0, 1.0)) / total).min(0.999)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::rubik::optimal_tables::ud_syms::ud_conjugate;

    use crate::rubik::optimal_tables::ud_syms::tests::random_cube;

    #[test]
    fn the_build_fraction_grows_through_the_layers_and_stops_short_of_one() {
        let mut last = -1.0f32;
        for depth in 0..LAYER_COST.len() + 2 {
            for part in [0.0, 0.25, 0.5, 1.0] {
                let f = layer_fraction(depth, part);
                assert!(f >= last && (0.0..1.0).contains(&f), "{depth} {part}: {f}");
                last = f;
            }
            // A layer's end is the next one's start.
            assert_eq!(layer_fraction(depth, 1.0), layer_fraction(depth + 1, 0.0));
        }
        assert_eq!(layer_fraction(0, 0.0), 0.0);
        // The three layers that fill most of the table take most of the time.
        assert!(layer_fraction(8, 0.0) < 0.2 && layer_fraction(11, 0.0) > 0.9);
    }

    #[test]
    fn sorted_slice_numbers_every_placement_once_and_follows_turns() {
        let mut seen = vec![false; N_SORTED];
        for v in 0..N_SORTED as u16 {
            let ep = sorted_edges(v);
            assert_eq!(slice_sorted(&ep), v);
            seen[v as usize] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(slice_sorted(&CubieCube::SOLVED.ep), 0);
        let table = sorted_move_table();
        let moves = move_cubes();
        let mut rng = Rng::new(11);
        for _ in 0..200 {
            let c = random_cube(&mut rng);
            let m = rng.below(18) as usize;
            let after = slice_sorted(&c.multiply(&moves[m]).ep);
            assert_eq!(table[slice_sorted(&c.ep) as usize * N_MOVES + m], after);
        }
    }

    #[test]
    fn the_symmetries_on_coordinates_match_the_cube_conjugates() {
        let syms = edge_symmetries();
        let t = SortedConjugates::new();
        let mut rng = Rng::new(44);
        for _ in 0..300 {
            let c = random_cube(&mut rng);
            let v = FlipSortedSyms::flipsorted_index(flip(&c.eo), slice_sorted(&c.ep));
            for (s, a) in syms.iter().enumerate() {
                let image = ud_conjugate(&c, s);
                let by_a = a.inverse().multiply(&c).multiply(a);
                assert_eq!((image.ep, image.eo), (by_a.ep, by_a.eo), "symmetry {s}");
                let want =
                    FlipSortedSyms::flipsorted_index(flip(&image.eo), slice_sorted(&image.ep));
                assert_eq!(t.conjugate(v, s), want, "symmetry {s}");
            }
        }
    }

    #[test]
    fn flip_sorted_has_kociembas_class_count_and_each_value_reaches_its_representative() {
        let t = FlipSortedSyms::new();
        assert_eq!(t.classes.reps.len(), N_CLASSES);
        let mut rng = Rng::new(8);
        for _ in 0..5000 {
            let v = rng.below(N_FLIPSORTED as u64) as usize;
            let of = t.classes.of[v];
            let rep = t.classes.reps[(of >> 4) as usize] as usize;
            assert_eq!(t.conjugate(v, (of & 15) as usize), rep);
            // The class's fixing symmetries fix its representative, and no others do.
            let fixed = t.classes.fixed_by[(of >> 4) as usize];
            for s in 0..N_UD_SYMS {
                assert_eq!(t.conjugate(rep, s) == rep, fixed & (1 << s) != 0);
            }
        }
    }
}
