//! Counting solutions one symmetry class at a time (Takaken's method): each class of up to
//! eight solutions is searched once, through its smallest member, and weighted by its size.
//!
//! A board is its rows' bitmaps, row 0 first (bit `c` = column `c`); of two boards the
//! smaller is the one with the smaller bitmap in the first row where they differ. The
//! search only builds boards that can be the smallest of their class:
//!
//! * **Corner case**: row 0's queen in column 0. Row 1's queen is in some column
//!   `bound1 ≥ 2`, and column 1's queen must sit lower than row `bound1` (its transpose,
//!   which also has the corner queen, is then the larger one). No solution with a corner
//!   queen is symmetric, so each counts for 8.
//! * **Inside case**: row 0's queen in column `bound1` with `1 ≤ bound1 < n-1-bound1 =
//!   bound2`: no queen on the edges is nearer a corner than that. So rows above `bound1` keep
//!   off both side columns, both side columns are taken by row `bound2`, and the last row's
//!   queen keeps `bound1` columns from either side. Those bounds rule out every reflection;
//!   the rotations are compared at the leaves, only where a rotation can start with the same
//!   first row (row `bound2`'s queen in column 0, row `bound1`'s in the last column, or the
//!   last row's in column `n-1-bound1`). A board equal to its quarter turn weighs 2, to its
//!   half turn 4, any other 8; a board larger than a rotation is not counted.
//!
//! How the inside case is searched (same boards, less waste): upside down, from the last
//! row up, with the top row's queen reserved for the end (its column taken from the start,
//! its diagonals entering the board where they first reach it), so the last row's bound
//! prunes the first decision instead of failing leaves. The boards that can tie with a
//! rotation are known early (the last row's queen, the queen of row `bound2`) or are split
//! off as their own *pinned* task (the last column's queen in row `bound1`); only they keep
//! a board and are compared, everything else is a plain bitmask count with weight 8.
//!
//! Total = Σ weights and unique = number of classes, both out of one search. The search
//! splits into independent prefix tasks ([`class_tasks`], [`run_class_task`]) whose counts
//! add up to the whole.

use std::cmp::Ordering;
use std::iter::Sum;
use std::ops::{Add, AddAssign};

use serde::{Deserialize, Serialize};

use super::count::count_from;

/// Largest board the symmetry counter accepts (the bitmaps are 32 bits wide).
pub const MAX_CLASS_N: u32 = 32;

/// Classes found, by how many distinct solutions each stands for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClassCounts {
    /// Classes of 1: only the 1×1 board.
    pub by1: u64,
    /// Classes of 2: boards unchanged by a quarter turn.
    pub by2: u64,
    /// Classes of 4: unchanged by a half turn but not a quarter turn.
    pub by4: u64,
    /// Classes of 8: no symmetry.
    pub by8: u64,
}

impl ClassCounts {
    /// All solutions: every class times its size.
    pub fn total(&self) -> u64 {
        self.by1 + 2 * self.by2 + 4 * self.by4 + 8 * self.by8
    }

    /// Fundamental solutions: the number of classes.
    pub fn unique(&self) -> u64 {
        self.by1 + self.by2 + self.by4 + self.by8
    }

    /// `(total, unique)`.
    pub fn pair(&self) -> (u64, u64) {
        (self.total(), self.unique())
    }
}

impl Add for ClassCounts {
    type Output = ClassCounts;

    fn add(self, o: ClassCounts) -> ClassCounts {
        ClassCounts {
            by1: self.by1 + o.by1,
            by2: self.by2 + o.by2,
            by4: self.by4 + o.by4,
            by8: self.by8 + o.by8,
        }
    }
}

impl AddAssign for ClassCounts {
    fn add_assign(&mut self, o: ClassCounts) {
        *self = *self + o;
    }
}

impl Sum for ClassCounts {
    fn sum<I: Iterator<Item = ClassCounts>>(iter: I) -> ClassCounts {
        iter.fold(ClassCounts::default(), Add::add)
    }
}

/// One independent piece of the class count: a case, its `bound1` and the queens of the
/// first rows of its search. Serializable for workers and shared runs.
///
/// The corner case searches from row 0 down: `placed` starts `[0, bound1]`. The inside case
/// searches its boards upside down, from the last row up, with the top row's queen (column
/// `bound1`) kept for the end: `placed[i]` is the column of the queen in row `n - 1 - i`.
/// The bounds on the four edges do not change when a board is turned over, and that way the
/// last row's bound prunes at once instead of at every leaf.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClassTask {
    pub n: u32,
    pub corner: bool,
    pub bound1: u32,
    /// Inside case only: the last column's queen sits in row `bound1` (where a quarter turn
    /// can tie with the top row); its square is reserved from the start like the top row's.
    /// The inside case without it keeps that square empty.
    pub pinned: bool,
    /// Columns of the queens placed so far, in the search's order (see above).
    pub placed: Vec<u32>,
}

/// The fixed parameters of one case and `bound1`, and the board being built (in search
/// order: the inside case's rows upside down, its top-row queen in the last slot).
struct Search {
    n: usize,
    all: u32,
    corner: bool,
    pinned: bool,
    bound1: usize,
    bound2: usize,
    sidemask: u32,
    lastmask: u32,
    endbit: u32,
    topbit: u32,
    /// The inside case's top-row queen, placed last (column `bound1`).
    top_queen: u32,
    /// Columns taken from the start: the top-row queen's, and the pinned queen's.
    reserved: u32,
    board: [u32; 32],
    /// Classes counted by the rotation check (the fast paths return plain 8-counts).
    checked: ClassCounts,
}

impl Search {
    fn new(task: &ClassTask) -> Search {
        let n = task.n as usize;
        let all = full(task.n);
        let topbit = 1u32 << (n - 1);
        let bound1 = task.bound1 as usize;
        // Columns within bound1 - 1 of either side (the bottom row keeps off them).
        let mut lastmask = 0u32;
        for c in 0..bound1.min(n) {
            lastmask |= 1 << c | topbit >> c;
        }
        let mut board = [0u32; 32];
        for (y, &c) in task.placed.iter().enumerate() {
            board[y] = 1 << c;
        }
        let top_queen = if task.corner { 0 } else { 1 << bound1 };
        let pinned = !task.corner && task.pinned;
        Search {
            n,
            all,
            corner: task.corner,
            pinned,
            bound1,
            bound2: n - 1 - bound1,
            sidemask: topbit | 1,
            lastmask,
            endbit: topbit >> bound1,
            topbit,
            top_queen,
            reserved: top_queen | if pinned { topbit } else { 0 },
            board,
            checked: ClassCounts::default(),
        }
    }

    fn fast(&self) -> Fast {
        Fast {
            n: self.n as u32,
            all: self.all,
            bound2: self.bound2 as u32,
            sidemask: self.sidemask,
            topbit: self.topbit,
        }
    }

    /// Attack masks for the first unplaced row after `placed` (search order).
    fn masks(&self, placed: &[u32]) -> (u32, u32, u32) {
        let (mut cols, mut left, mut right) = self.inject(0, self.reserved, 0, 0);
        for (y, &q) in placed.iter().enumerate() {
            let bit = 1u32 << q;
            (cols, left, right) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            (cols, left, right) = self.inject(y + 1, cols, left, right);
        }
        (cols, left, right)
    }

    /// The reserved queens' diagonals enter the board where they first meet it: the top-row
    /// queen's (last search row, column `bound1`) at row `bound1` from the last column and
    /// at row `bound2` from column 0; the pinned queen's (search row `bound2`, last column)
    /// at row 0, column `bound1`. Adding a bit twice does nothing, so callers may repeat it.
    #[inline(always)]
    fn inject(&self, y: usize, cols: u32, left: u32, right: u32) -> (u32, u32, u32) {
        if self.corner {
            return (cols, left, right);
        }
        let mut left = left;
        let mut right = right;
        if y == self.bound1 {
            right |= self.topbit;
        }
        if y == self.bound2 {
            left |= 1;
        }
        if y == 0 && self.pinned {
            left |= self.top_queen;
        }
        (cols, left, right)
    }

    /// The columns a canonical board may use in row `y` (search order), given the masks of
    /// that row: the case's bounds on top of the attacks.
    fn allowed(&self, y: usize, cols: u32, left: u32, right: u32) -> u32 {
        let mut free = self.all & !(cols | left | right);
        if self.corner {
            if y < self.bound1 {
                free &= !2;
            }
            return free;
        }
        if y == 0 {
            free &= !self.lastmask;
        }
        if y < self.bound1 {
            free &= !self.sidemask;
        } else if y == self.bound2 {
            // Both side columns are taken by the end of this row.
            if self.pinned {
                return if cols & 1 != 0 { self.topbit } else { 0 };
            }
            free &= !self.topbit;
            match cols & self.sidemask {
                both if both == self.sidemask => {}
                last if last == self.topbit => free &= 1,
                _ => return 0,
            }
        }
        free
    }

    /// Whether the finished board may tie with one of its rotations in the first row: the
    /// bottom row's queen `bound1` from the right side (search row 0), the queen of row
    /// `bound2` from the top in column 0 (search row `bound1`), or the pinned queen.
    fn needs_check(&self) -> bool {
        self.pinned || self.board[0] == self.endbit || self.board[self.bound1] == 1
    }

    /// Counts the completions from row `y` (search order; rows before it in `board`, masks
    /// with the injections for row `y`), returning the classes of 8 found on the fast
    /// paths; checked boards add to `self.checked`.
    fn resume(&mut self, y: usize, cols: u32, left: u32, right: u32) -> u64 {
        if y < self.bound1 || (!self.corner && y == self.bound1) {
            let mut free = self.allowed(y, cols, left, right);
            let mut found = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                self.board[y] = bit;
                let (c, l, r) =
                    self.inject(y + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
                found += self.resume(y + 1, c, l, r);
            }
            return found;
        }
        if self.corner {
            // Every row from bound1 on is free and every solution counts 8.
            return count_from(self.n as u32, y as u32, cols, left, right);
        }
        if self.needs_check() {
            self.resume_checked(y, cols, left, right);
            return 0;
        }
        let fast = self.fast();
        let free = self.all & !(cols | left | right);
        match y.cmp(&self.bound2) {
            Ordering::Less => {
                fast_levels::<FastBound2>(self.bound2 - y, &fast, free, cols, left, right)
            }
            Ordering::Equal => FastBound2::stop(&fast, free, cols, left, right),
            // Rows y..n-2 to fill; the last is the top-row queen's, always free by then.
            Ordering::Greater => count_from(self.n as u32, y as u32 + 1, cols, left, right),
        }
    }

    /// The rest of a board that may tie with a rotation: every leaf checked.
    #[cold]
    #[inline(never)]
    fn resume_checked(&mut self, y: usize, cols: u32, left: u32, right: u32) {
        let free = self.all & !(cols | left | right);
        match y.cmp(&self.bound2) {
            Ordering::Less => {
                levels::<CheckedBound2>(self.bound2 - y, self, y, free, cols, left, right);
            }
            Ordering::Equal => {
                CheckedBound2::stop(self, y, free, cols, left, right);
            }
            Ordering::Greater => {
                levels::<Checked>(self.n - 1 - y, self, y, free, cols, left, right);
            }
        }
    }

    /// A complete inside-case board (search order, top-row queen in the last row): counts
    /// its class if it is the smallest of its rotations (its reflections are larger by the
    /// bounds).
    fn check(&mut self) {
        let n = self.n;
        let mut col = [0usize; 32];
        let mut row_of = [0usize; 32];
        // Back to the board's own orientation: row y is search row n - 1 - y.
        for (y, here) in col.iter_mut().enumerate().take(n) {
            let c = self.board[n - 1 - y].trailing_zeros() as usize;
            *here = c;
            row_of[c] = y;
        }
        let compare = |image: &dyn Fn(usize) -> usize| -> Ordering {
            (0..n)
                .map(|y| col[y].cmp(&image(y)))
                .find(|&o| o != Ordering::Equal)
                .unwrap_or(Ordering::Equal)
        };
        // The images' column in row y under the three rotations.
        match compare(&|y| n - 1 - row_of[y]) {
            Ordering::Greater => return,
            Ordering::Equal => {
                self.checked.by2 += 1;
                return;
            }
            Ordering::Less => {}
        }
        match compare(&|y| n - 1 - col[n - 1 - y]) {
            Ordering::Greater => return,
            Ordering::Equal => {
                self.checked.by4 += 1;
                return;
            }
            Ordering::Less => {}
        }
        if compare(&|y| row_of[n - 1 - y]) != Ordering::Greater {
            self.checked.by8 += 1;
        }
    }
}

fn full(n: u32) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// The constants of the inside case's fast path (no board kept: no leaf can tie).
struct Fast {
    n: u32,
    all: u32,
    bound2: u32,
    sidemask: u32,
    topbit: u32,
}

/// What happens at the row a run of plain fast rows leads to.
trait FastStop {
    fn stop(f: &Fast, free: u32, cols: u32, left: u32, right: u32) -> u64;
}

/// Row `bound2` (search order) on the fast path: the top-row queen's left-going diagonal
/// enters at column 0, both side columns are taken by the end of the row (the last column
/// not in it: that is the pinned case), and the rows after it are a plain count.
struct FastBound2;

impl FastStop for FastBound2 {
    #[inline(always)]
    fn stop(f: &Fast, free: u32, cols: u32, left: u32, right: u32) -> u64 {
        let left = left | 1;
        let mut free = free & !(1 | f.topbit);
        match cols & f.sidemask {
            both if both == f.sidemask => {}
            last if last == f.topbit => free &= 1,
            _ => return 0,
        }
        if f.bound2 + 2 == f.n {
            // bound1 = 1: the next row is the top-row queen's, always free by then.
            return free.count_ones() as u64;
        }
        let mut found = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let (c, l, r) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            // Rows bound2+1..n-2 to fill; every completion is a class of 8.
            found += count_from(f.n, f.bound2 + 2, c, l, r);
        }
        found
    }
}

/// `rows` plain fast rows, then `S`'s row.
fn fast_levels<S: FastStop>(
    rows: usize,
    f: &Fast,
    free: u32,
    cols: u32,
    left: u32,
    right: u32,
) -> u64 {
    macro_rules! dispatch {
        ($($k:literal => $g:ident),* $(,)?) => {
            match rows {
                0 => S::stop(f, free, cols, left, right),
                $($k => $g::<S>(f, free, cols, left, right),)*
                _ => unreachable!("at most 31 plain rows"),
            }
        };
    }
    dispatch!(
        1 => h1, 2 => h2, 3 => h3, 4 => h4, 5 => h5, 6 => h6, 7 => h7, 8 => h8, 9 => h9,
        10 => h10, 11 => h11, 12 => h12, 13 => h13, 14 => h14, 15 => h15, 16 => h16,
        17 => h17, 18 => h18, 19 => h19, 20 => h20, 21 => h21, 22 => h22, 23 => h23,
        24 => h24, 25 => h25, 26 => h26, 27 => h27, 28 => h28, 29 => h29, 30 => h30,
        31 => h31,
    )
}

#[inline(always)]
fn h0<S: FastStop>(f: &Fast, free: u32, cols: u32, left: u32, right: u32) -> u64 {
    S::stop(f, free, cols, left, right)
}

/// `hK`: K plain rows, each looping over its free squares and calling `h(K-1)`; separate
/// functions so the compiler can inline several levels into one loop nest.
macro_rules! fast_plain_levels {
    ($($name:ident = $next:ident),* $(,)?) => {
        $(
            fn $name<S: FastStop>(f: &Fast, mut free: u32, cols: u32, left: u32, right: u32) -> u64 {
                let mut found = 0;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let (c, l, r) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
                    found += $next::<S>(f, f.all & !(c | l | r), c, l, r);
                }
                found
            }
        )*
    };
}

fast_plain_levels!(
    h1 = h0,
    h2 = h1,
    h3 = h2,
    h4 = h3,
    h5 = h4,
    h6 = h5,
    h7 = h6,
    h8 = h7,
    h9 = h8,
    h10 = h9,
    h11 = h10,
    h12 = h11,
    h13 = h12,
    h14 = h13,
    h15 = h14,
    h16 = h15,
    h17 = h16,
    h18 = h17,
    h19 = h18,
    h20 = h19,
    h21 = h20,
    h22 = h21,
    h23 = h22,
    h24 = h23,
    h25 = h24,
    h26 = h25,
    h27 = h26,
    h28 = h27,
    h29 = h28,
    h30 = h29,
    h31 = h30,
);

/// What happens at the row a run of plain checked rows leads to.
trait Stop {
    fn stop(s: &mut Search, y: usize, free: u32, cols: u32, left: u32, right: u32) -> u64;
}

/// The last row of an inside-case board that may tie with a rotation: the top-row queen
/// goes there (its square is safe by construction) and the board is checked.
struct Checked;

impl Stop for Checked {
    #[inline(always)]
    fn stop(s: &mut Search, y: usize, _: u32, _: u32, _: u32, _: u32) -> u64 {
        s.board[y & 31] = s.top_queen;
        s.check();
        0
    }
}

/// Row `bound2` (search order) on the checked path: as [`FastBound2`], or the pinned
/// queen's row.
struct CheckedBound2;

impl Stop for CheckedBound2 {
    fn stop(s: &mut Search, y: usize, _: u32, cols: u32, left: u32, right: u32) -> u64 {
        let left = left | 1;
        // On the pinned path this is the pinned square (kept clear of every queen so far).
        let mut free = s.allowed(y, cols, left, right);
        let rows = s.n - 2 - y;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            s.board[y & 31] = bit;
            let (c, l, r) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            levels::<Checked>(rows, s, y + 1, s.all & !(c | l | r), c, l, r);
        }
        0
    }
}

/// `rows` plain checked rows from row `y` (whose free squares are `free`), then `S`'s row.
fn levels<S: Stop>(
    rows: usize,
    s: &mut Search,
    y: usize,
    free: u32,
    cols: u32,
    left: u32,
    right: u32,
) -> u64 {
    macro_rules! dispatch {
        ($($k:literal => $f:ident),* $(,)?) => {
            match rows {
                0 => S::stop(s, y, free, cols, left, right),
                $($k => $f::<S>(s, y, free, cols, left, right),)*
                _ => unreachable!("at most 31 plain rows"),
            }
        };
    }
    dispatch!(
        1 => g1, 2 => g2, 3 => g3, 4 => g4, 5 => g5, 6 => g6, 7 => g7, 8 => g8, 9 => g9,
        10 => g10, 11 => g11, 12 => g12, 13 => g13, 14 => g14, 15 => g15, 16 => g16,
        17 => g17, 18 => g18, 19 => g19, 20 => g20, 21 => g21, 22 => g22, 23 => g23,
        24 => g24, 25 => g25, 26 => g26, 27 => g27, 28 => g28, 29 => g29, 30 => g30,
        31 => g31,
    )
}

fn g0<S: Stop>(s: &mut Search, y: usize, free: u32, cols: u32, left: u32, right: u32) -> u64 {
    S::stop(s, y, free, cols, left, right)
}

/// `gK`: K plain rows, each looping over its free squares and calling `g(K-1)`; separate
/// functions so the compiler can inline several levels into one loop nest.
macro_rules! plain_levels {
    ($($name:ident = $next:ident),* $(,)?) => {
        $(
            fn $name<S: Stop>(
                s: &mut Search,
                y: usize,
                mut free: u32,
                cols: u32,
                left: u32,
                right: u32,
            ) -> u64 {
                let all = s.all;
                let mut found = 0;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    s.board[y & 31] = bit;
                    let (c, l, r) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
                    found += $next::<S>(s, y + 1, all & !(c | l | r), c, l, r);
                }
                found
            }
        )*
    };
}

plain_levels!(
    g1 = g0,
    g2 = g1,
    g3 = g2,
    g4 = g3,
    g5 = g4,
    g6 = g5,
    g7 = g6,
    g8 = g7,
    g9 = g8,
    g10 = g9,
    g11 = g10,
    g12 = g11,
    g13 = g12,
    g14 = g13,
    g15 = g14,
    g16 = g15,
    g17 = g16,
    g18 = g17,
    g19 = g18,
    g20 = g19,
    g21 = g20,
    g22 = g21,
    g23 = g22,
    g24 = g23,
    g25 = g24,
    g26 = g25,
    g27 = g26,
    g28 = g27,
    g29 = g28,
    g30 = g29,
    g31 = g30,
);

/// The starting tasks: the corner case's first two rows for every `bound1`, and the
/// inside case's empty board for every `bound1`, unpinned and pinned.
fn roots(n: u32) -> Vec<ClassTask> {
    let mut out = Vec::new();
    if n < 4 {
        return out;
    }
    for b1 in 2..n - 1 {
        out.push(ClassTask {
            n,
            corner: true,
            bound1: b1,
            pinned: false,
            placed: vec![0, b1],
        });
    }
    let mut b1 = 1;
    while b1 < n - 1 - b1 {
        for pinned in [false, true] {
            out.push(ClassTask {
                n,
                corner: false,
                bound1: b1,
                pinned,
                placed: Vec::new(),
            });
        }
        b1 += 1;
    }
    out
}

/// Rows placed per task by [`class_tasks`]: a few hundred to a few thousand tasks from
/// N = 12 on, each a small share of the whole.
pub fn default_depth(n: u32) -> u32 {
    match n {
        0..=11 => 2,
        12..=17 => 3,
        _ => 4,
    }
}

/// The whole class count split into tasks of `depth` placed rows (the corner case's two
/// fixed rows at least; never the last row). Prefixes that cannot go on are left out.
pub fn class_tasks_at(n: u32, depth: u32) -> Vec<ClassTask> {
    assert!(n <= MAX_CLASS_N, "boards up to {MAX_CLASS_N}, not {n}");
    if n == 1 {
        return vec![ClassTask {
            n,
            corner: true,
            bound1: 0,
            pinned: false,
            placed: Vec::new(),
        }];
    }
    let mut out = Vec::new();
    for root in roots(n) {
        let s = Search::new(&root);
        // The inside case's last row is its reserved queen's: tasks stop a row earlier.
        let deepest = if root.corner { s.n - 1 } else { s.n - 2 };
        // The corner case fixes two rows where the inside case fixes one (and its last
        // row): one more row keeps its tasks about as small.
        let wanted = depth as usize + root.corner as usize;
        let depth = wanted.clamp(root.placed.len(), deepest);
        let mut stack = vec![root];
        while let Some(task) = stack.pop() {
            let y = task.placed.len();
            let (cols, left, right) = s.masks(&task.placed);
            let mut free = s.allowed(y, cols, left, right);
            if free == 0 {
                continue;
            }
            if y == depth {
                out.push(task);
                continue;
            }
            // Pushed right to left, so tasks come out in increasing column order.
            let mut next = Vec::new();
            while free != 0 {
                let c = free.trailing_zeros();
                free &= free - 1;
                let mut t = task.clone();
                t.placed.push(c);
                next.push(t);
            }
            stack.extend(next.into_iter().rev());
        }
    }
    out
}

/// [`class_tasks_at`] with [`default_depth`].
pub fn class_tasks(n: u32) -> Vec<ClassTask> {
    class_tasks_at(n, default_depth(n))
}

/// Counts one task's classes. Any task from [`class_tasks`] (of any depth) may be run on
/// any thread or worker; the sums over all tasks of one `n` are the board's counts.
pub fn run_class_task_counts(task: &ClassTask) -> ClassCounts {
    let n = task.n;
    if n == 1 {
        return ClassCounts {
            by1: 1,
            ..ClassCounts::default()
        };
    }
    let mut s = Search::new(task);
    let (cols, left, right) = s.masks(&task.placed);
    let fast = s.resume(task.placed.len(), cols, left, right);
    s.checked
        + ClassCounts {
            by8: fast,
            ..ClassCounts::default()
        }
}

/// One task's `(total, unique)`.
pub fn run_class_task(task: &ClassTask) -> (u64, u64) {
    run_class_task_counts(task).pair()
}

/// The tasks of part `part` of `parts` (1-based, as in `--part 2/8`): every `parts`-th task
/// from the `part`-th on, so each part gets tasks from every case. The parts' counts add up
/// to the whole.
pub fn part_tasks(n: u32, part: u32, parts: u32) -> Result<Vec<ClassTask>, String> {
    if parts == 0 || part == 0 || part > parts {
        return Err(format!(
            "part {part}/{parts}: the part is 1 to the number of parts"
        ));
    }
    Ok(class_tasks(n)
        .into_iter()
        .skip(part as usize - 1)
        .step_by(parts as usize)
        .collect())
}

/// Classes of the n×n board by size, on one thread.
pub fn count_classes(n: u32) -> ClassCounts {
    class_tasks(n).iter().map(run_class_task_counts).sum()
}

/// `(total, unique)` for the n×n board, out of one search, on one thread.
pub fn count_with_symmetry(n: u32) -> (u64, u64) {
    count_classes(n).pair()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_boards_match_the_known_counts() {
        let totals = [1u64, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680];
        let unique = [1u64, 0, 0, 1, 2, 1, 6, 12, 46, 92, 341];
        for n in 1..=11u32 {
            assert_eq!(
                count_with_symmetry(n),
                (totals[n as usize - 1], unique[n as usize - 1]),
                "n = {n}"
            );
        }
    }

    #[test]
    fn every_depth_splits_into_the_same_sum() {
        for n in 4..=10 {
            let whole = count_classes(n);
            for depth in 0..n {
                let sum: ClassCounts = class_tasks_at(n, depth)
                    .iter()
                    .map(run_class_task_counts)
                    .sum();
                assert_eq!(sum, whole, "n = {n}, depth {depth}");
            }
        }
    }

    #[test]
    fn parts_add_up() {
        let whole = count_classes(10);
        for parts in 1..=5 {
            let sum: ClassCounts = (1..=parts)
                .flat_map(|p| part_tasks(10, p, parts).unwrap())
                .map(|t| run_class_task_counts(&t))
                .sum();
            assert_eq!(sum, whole);
        }
        assert!(part_tasks(10, 0, 3).is_err());
        assert!(part_tasks(10, 4, 3).is_err());
    }
}
