//! Tours of boards 3 or 4 wide and any length, in linear time: a chain of small blocks
//! along the long side with exactly two knight moves across every seam.
//!
//! Two closed tours of 3-wide blocks can never be spliced (no pair of edges lines up
//! across a seam), and a 4-wide tour cannot be cut into a left and a right tour at all.
//! So instead every seam is crossed twice, once out and once back:
//!
//! - a *left cap* is a path between its two seam squares on the right;
//! - a *module* is two paths that together cover it, from its left seam to its right seam
//!   and back: found as one path with a *bridge* (a jump standing for everything further
//!   right) between its two right seam squares;
//! - a *right cap* is a path between its two seam squares on the left.
//!
//! Left cap + modules + right cap is a closed tour. For an open tour from a given square,
//! the block holding the start gets a path from the start with a bridge on each side that
//! has a neighbour: everything to its left (a cap and modules) is one path between the
//! two seam squares there, and likewise on the right. Each block shape is searched for
//! once and cached; the layout is a sum of widths, so the whole is linear in the squares.

use crate::memo::Memo;

use super::block::{block_tour_within, BlockGoal, Bridge};
use super::links::Links;
use crate::board::Board;

/// Are two squares (x, y) a knight's move apart?
fn knight(a: (u32, u32), b: (u32, u32)) -> bool {
    let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
    (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
}

/// One knight's move across a seam: `u` is `back` columns left of the seam (1 or 2), `v`
/// is `fwd` columns right of it (0 or 1), each as (back or fwd, y).
type Crossing = ((u32, u32), (u32, u32));

/// The knight's moves a tour makes across one seam: two (out and back: everything beyond
/// is one loop) or three (out, back, and out again to the end of the tour: everything
/// beyond is a loop and a tail). Only the first `count` crossings are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Seam {
    crossings: [Crossing; 3],
    count: usize,
}

const fn seam2(a: Crossing, b: Crossing) -> Seam {
    Seam {
        crossings: [a, b, ((0, 0), (0, 0))],
        count: 2,
    }
}

/// The seams used on 3-wide boards (chosen by `seams_that_chain` in the tests below: its
/// caps come 7 and 9 long and its modules 4, 6, 8 and 10, so every length from 14 on can
/// be made up, closed or open).
const SEAM_3: Seam = seam2(((1, 0), (1, 1)), ((2, 1), (0, 0)));
/// 4-wide boards have no closed tour, so no seam has both a left and a right cap: the
/// stretch left of the start uses one seam (left caps 5 to 10 long) and the stretch right
/// of it another (right caps 5 to 10 long); both have modules 3 and 5 to 10 long.
const SEAM_4_LEFT: Seam = seam2(((1, 0), (0, 2)), ((1, 3), (0, 1)));
const SEAM_4_RIGHT: Seam = seam2(((1, 1), (0, 3)), ((1, 2), (0, 0)));
/// A 4-wide tour has exactly one move between two inner squares, and a stretch covered
/// in one piece needs it; so with a loop to the left of the start, the stretch to the
/// right is crossed three times: a loop and then the tail where the tour ends.
/// (Chosen by `tail_seams` below: modules 4, 6 and 8 long, right caps 3 and 5 to 9, and
/// start blocks for every outer square.)
const SEAM_4_TAIL: Seam = Seam {
    crossings: [((1, 0), (0, 2)), ((1, 1), (1, 0)), ((1, 3), (0, 1))],
    count: 3,
};

/// Widths tried for caps and modules, and for the block holding the start.
const PIECE_WIDTHS: std::ops::RangeInclusive<u32> = 3..=10;
const START_WIDTHS: std::ops::RangeInclusive<u32> = 4..=9;

/// Effort per block search: blocks are at most 40 squares, so tours are found in
/// thousands of nodes when they exist; a shape without one fails fast.
const ATTEMPTS: u64 = 12;
const BUDGET: u64 = 40_000;

/// What a block must hold, with the seams on its sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Piece {
    LeftCap(Seam),
    Module(Seam),
    RightCap(Seam),
    /// Holds the start (local square), with a bridge to the left and/or to the right.
    Start {
        at: (u32, u32),
        left: Option<Seam>,
        right: Option<Seam>,
    },
}

impl Seam {
    /// The (left of the start, right of the start) seams to try on boards `short` wide.
    fn for_width(short: u32) -> Vec<(Seam, Seam)> {
        match short {
            3 => vec![(SEAM_3, SEAM_3)],
            4 => vec![(SEAM_4_LEFT, SEAM_4_RIGHT), (SEAM_4_LEFT, SEAM_4_TAIL)],
            _ => Vec::new(),
        }
    }

    /// Every seam of `count` crossings on boards `short` wide (for choosing one).
    pub fn all(short: u32, count: usize) -> Vec<Seam> {
        let lefts: Vec<(u32, u32)> = (1..=2)
            .flat_map(|b| (0..short).map(move |y| (b, y)))
            .collect();
        let rights: Vec<(u32, u32)> = (0..=1)
            .flat_map(|f| (0..short).map(move |y| (f, y)))
            .collect();
        // A knight's move across the seam: the columns differ by back + fwd (u sits at
        // column -back, v at column fwd, so shift both by 2 to stay unsigned).
        let crosses = |u: (u32, u32), v: (u32, u32)| knight((2 - u.0, u.1), (2 + v.0, v.1));
        let pairs: Vec<Crossing> = lefts
            .iter()
            .flat_map(|&u| rights.iter().map(move |&v| (u, v)))
            .filter(|&(u, v)| crosses(u, v))
            .collect();
        let apart = |a: Crossing, b: Crossing| a.0 != b.0 && a.1 != b.1;
        let mut seams = Vec::new();
        for (i, &a) in pairs.iter().enumerate() {
            for &b in &pairs[i + 1..] {
                if !apart(a, b) {
                    continue;
                }
                if count == 2 {
                    seams.push(seam2(a, b));
                    continue;
                }
                // Three crossings play different parts: every order counts.
                for &c in &pairs {
                    if apart(a, c) && apart(b, c) {
                        for crossings in [[a, b, c], [b, a, c]] {
                            seams.push(Seam { crossings, count });
                        }
                    }
                }
            }
        }
        seams
    }

    /// This seam's squares in a block `k` wide whose right side it is.
    fn right(&self, k: u32) -> Vec<(u32, u32)> {
        self.crossings[..self.count]
            .iter()
            .map(|&((back, y), _)| (k.wrapping_sub(back), y))
            .collect()
    }

    /// This seam's squares in a block whose left side it is.
    fn left(&self) -> Vec<(u32, u32)> {
        self.crossings[..self.count]
            .iter()
            .map(|&(_, v)| v)
            .collect()
    }
}

fn two_way(from: (u32, u32), to: (u32, u32)) -> Bridge {
    Bridge {
        from,
        to,
        one_way: false,
    }
}

fn one_way(from: (u32, u32), to: (u32, u32)) -> Bridge {
    Bridge {
        from,
        to,
        one_way: true,
    }
}

impl Piece {
    /// The seam on the block's left side, where it joins the block before it.
    fn left_seam(&self) -> Option<Seam> {
        match *self {
            Piece::LeftCap(_) => None,
            Piece::Module(s) | Piece::RightCap(s) => Some(s),
            Piece::Start { left, .. } => left,
        }
    }

    fn right_seam(&self) -> Option<Seam> {
        match *self {
            Piece::RightCap(_) => None,
            Piece::Module(s) | Piece::LeftCap(s) => Some(s),
            Piece::Start { right, .. } => right,
        }
    }

    /// The block's seam squares on its left side and on its right side (empty if none).
    fn seam_squares(&self, k: u32) -> (Squares, Squares) {
        (
            self.left_seam().map(|s| s.left()).unwrap_or_default(),
            self.right_seam().map(|s| s.right(k)).unwrap_or_default(),
        )
    }

    /// The block search's goal. With two crossings a side beyond is a loop (a two-way
    /// bridge); with three, the loop is run out and back (one way) and the tour then
    /// leaves for good through the third.
    fn goal(&self, k: u32) -> Option<BlockGoal> {
        let (l, r) = self.seam_squares(k);
        Some(match (*self, l.as_slice(), r.as_slice()) {
            (Piece::LeftCap(_), _, &[r1, r2]) => BlockGoal::Between { start: r1, end: r2 },
            (Piece::RightCap(_), &[l1, l2], _) => BlockGoal::Between { start: l1, end: l2 },
            (Piece::RightCap(_), &[l1, l2, l3], _) => BlockGoal::Bridged {
                start: l1,
                end: None,
                bridges: vec![one_way(l2, l3)],
            },
            (Piece::Module(_), &[l1, l2], &[r1, r2]) => BlockGoal::Bridged {
                start: l1,
                end: Some(l2),
                bridges: vec![two_way(r1, r2)],
            },
            (Piece::Module(_), &[l1, l2, l3], &[r1, r2, r3]) => BlockGoal::Bridged {
                start: l1,
                end: Some(r3),
                bridges: vec![one_way(r1, r2), one_way(l2, l3)],
            },
            (Piece::Start { at, .. }, l, r) => {
                let mut bridges = Vec::new();
                match l {
                    [] => {}
                    &[l1, l2] => bridges.push(two_way(l1, l2)),
                    _ => return None,
                }
                let end = match r {
                    [] => None,
                    &[r1, r2] => {
                        bridges.push(two_way(r1, r2));
                        None
                    }
                    &[r1, r2, r3] => {
                        bridges.push(one_way(r1, r2));
                        Some(r3)
                    }
                    _ => return None,
                };
                BlockGoal::Bridged {
                    start: at,
                    end,
                    bridges,
                }
            }
            _ => return None,
        })
    }
}

/// Squares of one block, in its own coordinates.
type Squares = Vec<(u32, u32)>;

type PieceKey = (u32, u32, Piece);

/// Pieces found so far (or known not to exist), by shape.
static PIECES: Memo<PieceKey, Option<Vec<(u32, u32)>>> = Memo::new();

/// A block `k` long and `short` wide holding `piece`, searched for once per shape.
fn piece(short: u32, k: u32, piece: Piece) -> Option<Vec<(u32, u32)>> {
    PIECES.get_or_compute((short, k, piece), || find_piece(short, k, piece))
}

/// Searches for a block `k` long and `short` wide holding `piece`.
fn find_piece(short: u32, k: u32, piece: Piece) -> Option<Vec<(u32, u32)>> {
    let (l, r) = piece.seam_squares(k);
    let squares: Vec<(u32, u32)> = l.into_iter().chain(r).collect();
    let fits = |&(x, y): &(u32, u32)| x < k && y < short;
    // Every seam square needs its own block edge besides its crossing.
    let distinct = (0..squares.len()).all(|i| !squares[i + 1..].contains(&squares[i]));
    match piece.goal(k) {
        Some(goal) if k >= 3 && squares.iter().all(fits) && distinct => {
            block_tour_within(k, short, &goal, ATTEMPTS, BUDGET)
        }
        _ => None,
    }
}

/// The widths that hold `kind` (a cap or a module).
fn widths(short: u32, kind: Piece) -> Vec<u32> {
    PIECE_WIDTHS
        .filter(|&k| piece(short, k, kind).is_some())
        .collect()
}

/// How to make up a stretch `len` long from a cap (`caps` widths) and modules.
fn fill(len: u32, caps: &[u32], modules: &[u32]) -> Option<(u32, Vec<u32>)> {
    let big = *modules.iter().max()?;
    // Long stretches: the biggest module while plenty is left, then a small search.
    let mut parts = Vec::new();
    let mut left = len;
    while left > 4 * big {
        parts.push(big);
        left -= big;
    }
    fn rec(left: u32, modules: &[u32], parts: &mut Vec<u32>, caps: &[u32]) -> Option<u32> {
        if let Some(&cap) = caps.iter().find(|&&c| c == left) {
            return Some(cap);
        }
        for &k in modules.iter().rev() {
            if k < left {
                parts.push(k);
                if let Some(cap) = rec(left - k, modules, parts, caps) {
                    return Some(cap);
                }
                parts.pop();
            }
        }
        None
    }
    let cap = rec(left, modules, &mut parts, caps)?;
    Some((cap, parts))
}

/// One block of the layout: where it starts along the strip, its width, and what it holds.
struct Placed {
    x0: u32,
    k: u32,
    piece: Piece,
}

/// Lays blocks end to end.
#[derive(Default)]
struct Layout {
    blocks: Vec<Placed>,
    at: u32,
}

impl Layout {
    fn put(&mut self, k: u32, piece: Piece) {
        self.blocks.push(Placed {
            x0: self.at,
            k,
            piece,
        });
        self.at += k;
    }
}

/// A tour of the `long`×`short` strip (x along, y across): closed, or open from `start`.
/// `None` if this construction does not cover the case (e.g. the strip is too short).
pub fn strip_tour(long: u32, short: u32, start: (u32, u32), closed: bool) -> Option<Vec<u32>> {
    let seams = Seam::for_width(short);
    if closed {
        let &(seam, _) = seams.iter().find(|(l, r)| l == r && l.count == 2)?;
        let layout = closed_layout(seam, long, short)?;
        return assemble(&layout, long, short, start);
    }
    // The seams as listed, then the same on the strip turned end for end.
    let mirror = |x: u32| long - 1 - x;
    for &pair in &seams {
        if let Some(layout) = open_layout(pair, long, short, start) {
            return assemble(&layout, long, short, start);
        }
        if let Some(layout) = open_layout(pair, long, short, (mirror(start.0), start.1)) {
            let path = assemble(&layout, long, short, (mirror(start.0), start.1))?;
            return Some(
                path.into_iter()
                    .map(|s| s - s % long + mirror(s % long))
                    .collect(),
            );
        }
    }
    None
}

/// Joins the blocks' paths and the knight's moves across the seams, and reads the tour
/// off from `start`.
fn assemble(layout: &Layout, long: u32, short: u32, start: (u32, u32)) -> Option<Vec<u32>> {
    let mut links = Links::new(long, short);
    let square = |x: u32, y: u32| y * long + x;
    for p in &layout.blocks {
        let path = piece(short, p.k, p.piece)?;
        // Consecutive squares that are not a knight's move apart are a bridge, not an edge.
        for pair in path.windows(2) {
            if knight(pair[0], pair[1]) {
                let [a, b] = [pair[0], pair[1]].map(|(x, y)| square(p.x0 + x, y));
                links.join(a, b);
            }
        }
        if let Some(seam) = p.piece.left_seam() {
            let x = p.x0;
            for &(u, v) in &seam.crossings[..seam.count] {
                links.join(square(x - u.0, u.1), square(x + v.0, v.1));
            }
        }
    }
    let path = links.walk(square(start.0, start.1));
    (path.len() == (long * short) as usize).then_some(path)
}

/// Left cap, modules, right cap.
fn closed_layout(seam: Seam, long: u32, short: u32) -> Option<Layout> {
    let modules = widths(short, Piece::Module(seam));
    let lefts = widths(short, Piece::LeftCap(seam));
    for last in widths(short, Piece::RightCap(seam)) {
        let Some(rest) = long.checked_sub(last) else {
            continue;
        };
        if let Some((cap, parts)) = fill(rest, &lefts, &modules) {
            let mut layout = Layout::default();
            layout.put(cap, Piece::LeftCap(seam));
            parts
                .iter()
                .for_each(|&k| layout.put(k, Piece::Module(seam)));
            layout.put(last, Piece::RightCap(seam));
            return Some(layout);
        }
    }
    None
}

/// A left cap and modules, the block holding the start, then modules and a right cap;
/// either side may be empty.
fn open_layout(
    (left_seam, right_seam): (Seam, Seam),
    long: u32,
    short: u32,
    start: (u32, u32),
) -> Option<Layout> {
    let side = |seam: Seam, cap: Piece| (widths(short, cap), widths(short, Piece::Module(seam)));
    let (lefts, left_modules) = side(left_seam, Piece::LeftCap(left_seam));
    let (rights, right_modules) = side(right_seam, Piece::RightCap(right_seam));
    let (sx, sy) = start;
    for k in START_WIDTHS.filter(|&k| k <= long) {
        // Start block positions, the start as central in its block as possible first.
        let lo = (sx + 1).saturating_sub(k);
        let hi = sx.min(long - k);
        // Packed as `distance << 32 | x0`: ties leftmost first.
        let mut spots: Vec<u64> = (lo..=hi)
            .map(|x0| u64::from((2 * (sx - x0)).abs_diff(k - 1)) << 32 | u64::from(x0))
            .collect();
        spots.sort_unstable();
        for x0 in spots.into_iter().map(|p| p as u32) {
            let right_len = long - x0 - k;
            let fill_side = |len: u32, caps: &[u32], modules: &[u32]| match len {
                0 => Some((0, Vec::new())),
                _ => fill(len, caps, modules),
            };
            let (Some(left), Some(right)) = (
                fill_side(x0, &lefts, &left_modules),
                fill_side(right_len, &rights, &right_modules),
            ) else {
                continue;
            };
            let held = Piece::Start {
                at: (sx - x0, sy),
                left: (x0 > 0).then_some(left_seam),
                right: (right_len > 0).then_some(right_seam),
            };
            if piece(short, k, held).is_none() {
                continue;
            }
            let mut layout = Layout::default();
            if x0 > 0 {
                layout.put(left.0, Piece::LeftCap(left_seam));
                left.1
                    .iter()
                    .for_each(|&m| layout.put(m, Piece::Module(left_seam)));
            }
            layout.put(k, held);
            if right_len > 0 {
                // Mirror-wise on the right: modules first, the cap last.
                right
                    .1
                    .iter()
                    .for_each(|&m| layout.put(m, Piece::Module(right_seam)));
                layout.put(right.0, Piece::RightCap(right_seam));
            }
            return Some(layout);
        }
    }
    None
}

/// A board seen as a strip: x along its long side, y across its short one.
#[derive(Clone, Copy)]
pub struct StripView {
    board: Board,
    transposed: bool,
    pub long: u32,
    pub short: u32,
}

impl StripView {
    pub fn of(board: Board) -> StripView {
        let (w, h) = (board.width(), board.height());
        let transposed = w < h;
        let (long, short) = if transposed { (h, w) } else { (w, h) };
        StripView {
            board,
            transposed,
            long,
            short,
        }
    }

    /// A board square in strip coordinates.
    pub fn local(&self, square: u32) -> (u32, u32) {
        let (x, y) = self.board.coords(square);
        if self.transposed {
            (y, x)
        } else {
            (x, y)
        }
    }

    /// The board square at strip coordinates (x, y).
    pub fn square(&self, (x, y): (u32, u32)) -> u32 {
        if self.transposed {
            self.board.index(y, x)
        } else {
            self.board.index(x, y)
        }
    }
}

/// A strip tour on `board` (3 or 4 wide, either way round), as board squares.
pub fn strip_board_tour(board: Board, start: u32, closed: bool) -> Option<Vec<u32>> {
    let view = StripView::of(board);
    let path = strip_tour(view.long, view.short, view.local(start), closed)?;
    Some(
        path.into_iter()
            .map(|s| view.square((s % view.long, s / view.long)))
            .collect(),
    )
}

/// Reports for choosing seams (printed by `examples/strip_seams.rs`; not used by the
/// construction): they search every seam, which takes a while.
pub mod seam_reports {
    use super::*;

    /// For every seam of a 3- or 4-wide strip, which widths hold caps and modules: the
    /// seams that chain (a module and at least one cap), one line each.
    pub fn seams_that_chain() -> Vec<String> {
        let mut lines = Vec::new();
        for short in [3, 4] {
            for seam in Seam::all(short, 2) {
                let w = |p| widths(short, p);
                let (l, m, r) = (
                    w(Piece::LeftCap(seam)),
                    w(Piece::Module(seam)),
                    w(Piece::RightCap(seam)),
                );
                if !m.is_empty() && (!l.is_empty() || !r.is_empty()) {
                    lines.push(format!(
                        "{short}: {seam:?} left {l:?} modules {m:?} right {r:?}"
                    ));
                }
            }
        }
        lines
    }

    /// The same for 4-wide tail seams (three crossings): modules and right caps, and how
    /// many middle starts of a 4x30 strip a start block with a loop on its left
    /// (`SEAM_4_LEFT`) and this seam on its right serves.
    pub fn tail_seams() -> Vec<String> {
        let mut lines = Vec::new();
        for seam in Seam::all(4, 3) {
            let quick = |p| (5..=7).any(|k| piece(4, k, p).is_some());
            if !quick(Piece::Module(seam)) || !quick(Piece::RightCap(seam)) {
                continue;
            }
            let m = widths(4, Piece::Module(seam));
            let r = widths(4, Piece::RightCap(seam));
            let served = (0..6)
                .flat_map(|x| [(x, 0), (x, 3)])
                .filter(|&at| {
                    (5..=8).any(|k| {
                        let held = Piece::Start {
                            at,
                            left: Some(SEAM_4_LEFT),
                            right: Some(seam),
                        };
                        at.0 < k && piece(4, k, held).is_some()
                    })
                })
                .count();
            lines.push(format!(
                "{seam:?} modules {m:?} right {r:?} middle starts {served}/12"
            ));
        }
        lines
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cached piece covers its block once, starts and ends where its goal says, and
    /// leaves knight's moves only over its bridges (one-way ones the right way round).
    #[test]
    fn pieces_keep_to_their_goals() {
        let seams = [
            (3, SEAM_3),
            (4, SEAM_4_LEFT),
            (4, SEAM_4_RIGHT),
            (4, SEAM_4_TAIL),
        ];
        let mut checked = 0;
        for (short, seam) in seams {
            for kind in [
                Piece::LeftCap(seam),
                Piece::Module(seam),
                Piece::RightCap(seam),
            ] {
                for k in widths(short, kind) {
                    let path = piece(short, k, kind).expect("listed widths hold the piece");
                    let mut seen = vec![false; (k * short) as usize];
                    for &(x, y) in &path {
                        assert!(!std::mem::replace(&mut seen[(y * k + x) as usize], true));
                    }
                    assert!(seen.iter().all(|&s| s), "{kind:?} {k}");
                    let jumps: Vec<_> = path
                        .windows(2)
                        .filter(|p| !knight(p[0], p[1]))
                        .map(|p| (p[0], p[1]))
                        .collect();
                    let (start, end, bridges) = match kind.goal(k).expect("a goal") {
                        BlockGoal::Between { start, end } => (start, Some(end), Vec::new()),
                        BlockGoal::Bridged {
                            start,
                            end,
                            bridges,
                        } => (start, end, bridges),
                        other => panic!("{other:?}"),
                    };
                    assert_eq!(path[0], start);
                    if let Some(end) = end {
                        assert_eq!(*path.last().unwrap(), end);
                    }
                    assert_eq!(jumps.len(), bridges.len(), "{kind:?} {k}");
                    for b in bridges {
                        let forward = jumps.contains(&(b.from, b.to));
                        let back = jumps.contains(&(b.to, b.from));
                        assert!(forward || (back && !b.one_way), "{kind:?} {k} {b:?}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked >= 30, "{checked}");
    }
}
