//! Counting all solutions fast: bitmasks of attacked columns and diagonals, the first row
//! halved by mirror symmetry, the work split into small prefix tasks that workers take one
//! at a time. Fundamental solutions follow from Burnside's lemma with two small extra
//! searches (solutions symmetric under a half turn and under a quarter turn).

use serde::{Deserialize, Serialize};

/// Largest N the counter accepts: beyond about 21 a count takes days on a laptop.
pub const MAX_COUNT_N: u32 = 23;

/// Rows already placed, as the bitmasks the counter continues from, and how many
/// solutions each completion stands for (2 when its mirror image is not searched).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task {
    pub n: u32,
    pub depth: u32,
    pub cols: u32,
    pub left: u32,
    pub right: u32,
    pub weight: u32,
}

fn full(n: u32) -> u32 {
    if n == 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

/// Counts completions of a partial board, depth first. The last row is never expanded:
/// with one column left, a completion is just "is that square unattacked".
pub fn count_from(n: u32, depth: u32, cols: u32, left: u32, right: u32) -> u64 {
    match n - depth {
        0 => 1,
        rows => below(full(n), rows, cols, left, right),
    }
}

/// Completions with `rows` rows (at least one) still to fill. Each depth is its own
/// function (made by `levels!`), so the compiler can inline several levels into one loop
/// nest, as a C compiler does with a recursive counter; the last three rows are plain loops.
fn below(all: u32, rows: u32, cols: u32, left: u32, right: u32) -> u64 {
    let free = all & !(cols | left | right);
    LEVELS[rows as usize](all, free, cols, left, right)
}

type Level = fn(u32, u32, u32, u32, u32) -> u64;

fn last_one(_all: u32, free: u32, _cols: u32, _left: u32, _right: u32) -> u64 {
    (free != 0) as u64
}

fn never(_: u32, _: u32, _: u32, _: u32, _: u32) -> u64 {
    unreachable!("rows is at least one")
}

/// `levels!(f4 = f3, f5 = f4, …)`: each level loops over its free squares and calls the next.
macro_rules! levels {
    ($($name:ident = $next:ident),* $(,)?) => {
        $(
            fn $name(all: u32, mut free: u32, cols: u32, left: u32, right: u32) -> u64 {
                let mut found = 0;
                while free != 0 {
                    let bit = free & free.wrapping_neg();
                    free ^= bit;
                    let (c, l, r) = (cols | bit, (left | bit) << 1, (right | bit) >> 1);
                    found += $next(all, all & !(c | l | r), c, l, r);
                }
                found
            }
        )*
    };
}

levels!(
    f4 = last_three,
    f5 = f4,
    f6 = f5,
    f7 = f6,
    f8 = f7,
    f9 = f8,
    f10 = f9,
    f11 = f10,
    f12 = f11,
    f13 = f12,
    f14 = f13,
    f15 = f14,
    f16 = f15,
    f17 = f16,
    f18 = f17,
    f19 = f18,
    f20 = f19,
    f21 = f20,
    f22 = f21,
    f23 = f22,
    f24 = f23,
    f25 = f24,
    f26 = f25,
    f27 = f26,
    f28 = f27,
    f29 = f28,
    f30 = f29,
    f31 = f30,
    f32 = f31,
);

const LEVELS: [Level; 33] = [
    never, last_one, last_two, last_three, f4, f5, f6, f7, f8, f9, f10, f11, f12, f13, f14, f15,
    f16, f17, f18, f19, f20, f21, f22, f23, f24, f25, f26, f27, f28, f29, f30, f31, f32,
];

/// Completions of the last three rows, given the first of them's free squares: the six
/// ways to put the three columns left into the three rows, each checked without branches.
fn last_three(all: u32, free: u32, cols: u32, left: u32, right: u32) -> u64 {
    let open = all & !cols;
    let p = open & open.wrapping_neg();
    let rest = open ^ p;
    let q = rest & rest.wrapping_neg();
    let s = rest ^ q;
    // Squares attacked by the queens above in the second and third of the rows.
    let one = left << 1 | right >> 1;
    let two = left << 2 | right >> 2;
    let way = |x: u32, y: u32, z: u32| -> u64 {
        let first = free & x != 0;
        let second = y & (one | x << 1 | x >> 1) == 0;
        let third = z & (two | x << 2 | x >> 2 | y << 1 | y >> 1) == 0;
        (first & second & third) as u64
    };
    way(p, q, s) + way(p, s, q) + way(q, p, s) + way(q, s, p) + way(s, p, q) + way(s, q, p)
}

/// Completions of the last two rows, given the next-to-last row's free squares: the two
/// columns left go into the two rows one way round or the other, decided without branches
/// (the loop it replaces mispredicted at almost every leaf).
fn last_two(all: u32, free: u32, cols: u32, left: u32, right: u32) -> u64 {
    let open = all & !cols;
    let a = open & open.wrapping_neg();
    let b = open ^ a;
    let (l, r) = (left << 1, right >> 1);
    let a_then_b = (free & a != 0) & (b & (l | r | a << 1 | a >> 1) == 0);
    let b_then_a = (free & b != 0) & (a & (l | r | b << 1 | b >> 1) == 0);
    a_then_b as u64 + b_then_a as u64
}

/// The whole count split into tasks of `prefix_rows` placed rows (fewer on small boards).
/// The first row uses only its left half (weight 2); on odd boards the middle column
/// counts once with the second row restricted to its left half (weight 2 again).
pub fn tasks(n: u32, prefix_rows: u32) -> Vec<Task> {
    let mut out = Vec::new();
    if n == 0 {
        return out;
    }
    if n == 1 {
        out.push(Task {
            n,
            depth: 0,
            cols: 0,
            left: 0,
            right: 0,
            weight: 1,
        });
        return out;
    }
    // The middle column's halving restricts the second row, so odd boards need two rows.
    let prefix = prefix_rows.max(2).min(n - 1);
    let all = full(n);
    let expand = |first: u32, second_mask: u32, out: &mut Vec<Task>| {
        // Depth-first over the remaining prefix rows.
        let mut stack = vec![(1u32, first, first << 1, first >> 1)];
        while let Some((depth, cols, left, right)) = stack.pop() {
            if depth == prefix {
                out.push(Task {
                    n,
                    depth,
                    cols,
                    left,
                    right,
                    weight: 2,
                });
                continue;
            }
            let mut free = all & !(cols | left | right);
            if depth == 1 {
                free &= second_mask;
            }
            while free != 0 {
                let bit = free & free.wrapping_neg();
                free ^= bit;
                stack.push((depth + 1, cols | bit, (left | bit) << 1, (right | bit) >> 1));
            }
        }
    };
    for c in 0..n / 2 {
        expand(1 << c, all, &mut out);
    }
    if n % 2 == 1 {
        let middle = 1u32 << (n / 2);
        expand(middle, (1u32 << (n / 2)) - 1, &mut out);
    }
    out
}

pub fn run_task(t: &Task) -> u64 {
    t.weight as u64 * count_from(t.n, t.depth, t.cols, t.left, t.right)
}

/// All solutions, on one thread.
pub fn count_all(n: u32) -> u64 {
    tasks(n, 2).iter().map(run_task).sum()
}

/// Solutions unchanged by a half turn: queens come in pairs (r, c) and (n-1-r, n-1-c).
pub fn count_half_turn_symmetric(n: u32) -> u64 {
    let mut board = vec![u32::MAX; n as usize];
    fn ok(board: &[u32], n: u32, r: u32, c: u32) -> bool {
        board.iter().enumerate().all(|(rr, &cc)| {
            cc == u32::MAX || (cc != c && (rr as u32).abs_diff(r) != cc.abs_diff(c))
        }) && (r != n - 1 - r || c == n - 1 - c)
    }
    fn go(board: &mut Vec<u32>, n: u32, r: u32) -> u64 {
        if r >= n.div_ceil(2) {
            return 1;
        }
        let mut total = 0;
        for c in 0..n {
            let (r2, c2) = (n - 1 - r, n - 1 - c);
            if !ok(board, n, r, c) {
                continue;
            }
            board[r as usize] = c;
            if r2 != r {
                if !ok(board, n, r2, c2) {
                    board[r as usize] = u32::MAX;
                    continue;
                }
                board[r2 as usize] = c2;
            }
            total += go(board, n, r + 1);
            board[r as usize] = u32::MAX;
            board[r2 as usize] = u32::MAX;
        }
        total
    }
    go(&mut board, n, 0)
}

/// Solutions unchanged by a quarter turn: queens come in orbits of four (one at the
/// centre of an odd board).
pub fn count_quarter_turn_symmetric(n: u32) -> u64 {
    if n % 4 == 2 || n % 4 == 3 {
        return 0;
    }
    let mut board = vec![u32::MAX; n as usize];
    fn safe(board: &[u32], r: u32, c: u32) -> bool {
        match board[r as usize] {
            u32::MAX => board.iter().enumerate().all(|(rr, &cc)| {
                cc == u32::MAX || (cc != c && (rr as u32).abs_diff(r) != cc.abs_diff(c))
            }),
            existing => existing == c,
        }
    }
    fn go(board: &mut Vec<u32>, n: u32) -> u64 {
        let Some(r) = board.iter().position(|&c| c == u32::MAX) else {
            return 1;
        };
        let r = r as u32;
        let mut total = 0;
        for c in 0..n {
            // (r, c) → (c, n-1-r) → (n-1-r, n-1-c) → (n-1-c, r) under a quarter turn.
            let orbit = [
                (r, c),
                (c, n - 1 - r),
                (n - 1 - r, n - 1 - c),
                (n - 1 - c, r),
            ];
            let mut placed = Vec::new();
            let mut fine = true;
            for &(rr, cc) in &orbit {
                if board[rr as usize] == cc {
                    continue; // the orbit revisits a square (the centre)
                }
                if !safe(board, rr, cc) {
                    fine = false;
                    break;
                }
                board[rr as usize] = cc;
                placed.push(rr);
            }
            if fine {
                total += go(board, n);
            }
            for rr in placed {
                board[rr as usize] = u32::MAX;
            }
        }
        total
    }
    go(&mut board, n)
}

/// Fundamental solutions (classes under the 8 symmetries of the square) from the total,
/// by Burnside: no solution on a board larger than 1 is symmetric under a reflection.
pub fn unique_from_total(n: u32, total: u64) -> u64 {
    if n == 1 {
        return 1;
    }
    let half = count_half_turn_symmetric(n);
    let quarter = count_quarter_turn_symmetric(n);
    (total + half + 2 * quarter) / 8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn task_weights_cover_every_solution_once() {
        for n in 1..=10 {
            for prefix in 1..=4 {
                let by_tasks: u64 = tasks(n, prefix).iter().map(run_task).sum();
                assert_eq!(
                    by_tasks,
                    count_from(n, 0, 0, 0, 0),
                    "n = {n}, prefix {prefix}"
                );
            }
            assert_eq!(count_from(n, 0, 0, 0, 0), count_all(n), "n = {n}");
        }
    }

    #[test]
    fn symmetric_counts_for_eight() {
        assert_eq!(count_half_turn_symmetric(8), 4);
        assert_eq!(count_quarter_turn_symmetric(8), 0);
        assert_eq!(count_quarter_turn_symmetric(4), 2);
        assert_eq!(unique_from_total(8, 92), 12);
    }
}
