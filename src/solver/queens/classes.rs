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

/// One independent piece of the class count: the queens of the first rows (their columns,
/// row 0 first), which fix the case and `bound1`. Serializable for workers and shared runs.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClassTask {
    pub n: u32,
    /// Column of the queen in each placed row, row 0 first (never the last row).
    pub placed: Vec<u32>,
}

/// The fixed parameters of one case and `bound1`, and the board being built.
struct Search {
    n: usize,
    all: u32,
    corner: bool,
    bound1: usize,
    bound2: usize,
    sidemask: u32,
    lastmask: u32,
    endbit: u32,
    topbit: u32,
    /// Leaves whose last-row bitmap meets this need the rotation check (set per subtree).
    checkmask: u32,
    board: [u32; 32],
    /// Classes counted by the rotation check (the fast path returns plain 8-counts).
    checked: ClassCounts,
}

impl Search {
    fn new(n: u32, placed: &[u32]) -> Search {
        let n_us = n as usize;
        let all = full(n);
        let topbit = 1u32 << (n - 1);
        let corner = placed[0] == 0;
        let bound1 = if corner { placed[1] } else { placed[0] } as usize;
        let bound2 = n_us - 1 - bound1;
        // Columns within bound1 - 1 of either side (the last row keeps off them).
        let mut lastmask = 0u32;
        for c in 0..bound1.min(n_us) {
            lastmask |= 1 << c | topbit >> c;
        }
        let mut board = [0u32; 32];
        for (y, &c) in placed.iter().enumerate() {
            board[y] = 1 << c;
        }
        Search {
            n: n_us,
            all,
            corner,
            bound1,
            bound2,
            sidemask: topbit | 1,
            lastmask,
            endbit: topbit >> bound1,
            topbit,
            checkmask: 0,
            board,
            checked: ClassCounts::default(),
        }
    }

    /// The rows a canonical board may use in row `y`, given the rows above (for the
    /// prefix expansion and the rows above `bound1`; the fast levels inline the same rules).
    fn allowed(&self, y: usize, cols: u32, left: u32, right: u32) -> u32 {
        let mut free = self.all & !(cols | left | right);
        if self.corner {
            if y < self.bound1 {
                free &= !2;
            }
            return free;
        }
        if y < self.bound1 {
            free &= !self.sidemask;
        } else if y == self.bound2 {
            let side = cols & self.sidemask;
            if side == 0 {
                return 0;
            }
            if side != self.sidemask {
                free &= self.sidemask;
            }
        }
        if y == self.n - 1 {
            free &= !self.lastmask;
        }
        free
    }

    /// Whether leaves below row `bound2` may need the rotation check whatever the last row.
    fn rotation_possible(&self) -> bool {
        self.board[self.bound2] == 1 || self.board[self.bound1] == self.topbit
    }

    /// Counts the completions from row `y` (rows above it placed in `board`), returning the
    /// classes of 8 found on the fast path; checked leaves add to `self.checked`.
    fn resume(&mut self, y: usize, cols: u32, left: u32, right: u32) -> u64 {
        if y < self.bound1 {
            let mut free = self.allowed(y, cols, left, right);
            let mut found = 0;
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                self.board[y] = bit;
                found += self.resume(y + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1);
            }
            return found;
        }
        if self.corner {
            // Every row from bound1 on is free and every solution counts 8.
            return count_from(self.n as u32, y as u32, cols, left, right);
        }
        let free = self.all & !(cols | left | right);
        match y.cmp(&self.bound2) {
            Ordering::Less => levels::<AtBound2>(self.bound2 - y, self, y, free, cols, left, right),
            Ordering::Equal => AtBound2::stop(self, y, free, cols, left, right),
            Ordering::Greater => {
                self.checkmask = self.endbit | if self.rotation_possible() { self.all } else { 0 };
                levels::<Leaf>(self.n - 1 - y, self, y, free, cols, left, right)
            }
        }
    }

    /// A complete inside-case board: counts its class if it is the smallest of its
    /// rotations (its reflections are larger by the bounds).
    fn check(&mut self) {
        let n = self.n;
        let mut col = [0usize; 32];
        let mut row_of = [0usize; 32];
        for y in 0..n {
            let c = self.board[y].trailing_zeros() as usize;
            col[y] = c;
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

/// What happens at the row a run of plain rows leads to.
trait Stop {
    fn stop(s: &mut Search, y: usize, free: u32, cols: u32, left: u32, right: u32) -> u64;
}

/// The last row of the inside case: off the last mask; checked where a rotation can tie.
struct Leaf;

impl Stop for Leaf {
    #[inline(always)]
    fn stop(s: &mut Search, y: usize, free: u32, _: u32, _: u32, _: u32) -> u64 {
        let last = free & !s.lastmask;
        if last & s.checkmask != 0 {
            s.board[y & 31] = last;
            s.check();
            return 0;
        }
        (last != 0) as u64
    }
}

/// Row `bound2` of the inside case: both side columns are taken by the end of it.
struct AtBound2;

impl Stop for AtBound2 {
    fn stop(s: &mut Search, y: usize, mut free: u32, cols: u32, left: u32, right: u32) -> u64 {
        let side = cols & s.sidemask;
        if side == 0 {
            return 0;
        }
        if side != s.sidemask {
            free &= s.sidemask;
        }
        let base = s.endbit
            | if s.board[s.bound1] == s.topbit {
                s.all
            } else {
                0
            };
        let rows = s.n - 2 - y;
        let mut found = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            s.board[y & 31] = bit;
            s.checkmask = base | if bit == 1 { s.all } else { 0 };
            let (c, l, r) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
            found += levels::<Leaf>(rows, s, y + 1, s.all & !(c | l | r), c, l, r);
        }
        found
    }
}

/// `rows` plain rows from row `y` (whose free squares are `free`), then `S`'s row.
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

/// The starting boards of the search: the corner case's first two rows for every `bound1`,
/// and the inside case's first row.
fn roots(n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    if n < 4 {
        return out;
    }
    for b1 in 2..n - 1 {
        out.push(vec![0, b1]);
    }
    let mut b1 = 1;
    while b1 < n - 1 - b1 {
        out.push(vec![b1]);
        b1 += 1;
    }
    out
}

fn masks(placed: &[u32]) -> (u32, u32, u32) {
    placed.iter().fold((0, 0, 0), |(c, l, r), &q| {
        let bit = 1u32 << q;
        (c | bit, (l | bit) << 1, (r | bit) >> 1)
    })
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
            placed: Vec::new(),
        }];
    }
    let mut out = Vec::new();
    for root in roots(n) {
        let s = Search::new(n, &root);
        let depth = (depth as usize).clamp(root.len(), s.n - 1);
        let mut stack = vec![root];
        while let Some(placed) = stack.pop() {
            let y = placed.len();
            let (cols, left, right) = masks(&placed);
            let mut free = s.allowed(y, cols, left, right);
            if free == 0 {
                continue;
            }
            if y == depth {
                out.push(ClassTask { n, placed });
                continue;
            }
            // Push right to left so tasks come out in increasing column order.
            let mut next = Vec::new();
            while free != 0 {
                let c = free.trailing_zeros();
                free &= free - 1;
                let mut p = placed.clone();
                p.push(c);
                next.push(p);
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
    let mut s = Search::new(n, &task.placed);
    let (cols, left, right) = masks(&task.placed);
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
