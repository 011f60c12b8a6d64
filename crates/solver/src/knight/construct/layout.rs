//! How divide and conquer built a tour, as plain data: the blocks (rectangles that tile
//! the board, each given its own closed tour) and the seams (each splice: the two edges
//! taken out and the two knight moves put in, joining two blocks' pieces into one).
//!
//! The layout is read back for a finished tour from `construct.rs`'s own plan (the block
//! grid and the splice order), and checked against the tour: a layout is only returned
//! if every seam's two knight moves are in it. That also tells which way round the board
//! was built (`construct` turns the board half round for starts its grid cannot serve).

use super::{block_grid, splices};
use crate::board::Board;

/// A block: `w`×`h` squares with its bottom-left square at (x, y).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Block {
    pub x: u32,
    pub y: u32,
    pub w: u32,
    pub h: u32,
}

/// One splice between two neighbouring blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seam {
    /// The blocks it joins (indices into `Layout::blocks`).
    pub joins: (u32, u32),
    /// The edges taken out, one inside each block (square indices).
    pub removed: [(u32, u32); 2],
    /// The knight moves put in across the seam.
    pub added: [(u32, u32); 2],
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub board: Board,
    /// Block columns and rows as (offset, size), in the frame the tour was built in.
    cols: Vec<(u32, u32)>,
    rows: Vec<(u32, u32)>,
    /// Built on the board turned half round (squares s ↔ last − s).
    pub turned: bool,
    pub blocks: Vec<Block>,
    /// In the order the construction splices them: along the bottom row of blocks, then
    /// up every column.
    pub seams: Vec<Seam>,
}

impl Layout {
    /// The layout `construct` uses for a tour from `start` (on the board turned half round
    /// if `turned`), without checking it against any tour. Boards at least 5 a side.
    pub fn planned(board: Board, start: u32, turned: bool) -> Result<Layout, String> {
        let (w, h) = (board.width(), board.height());
        if w.min(h) < 5 {
            return Err("boards under 5 wide are built as strips, not blocks".into());
        }
        let last = board.squares() - 1;
        let built_from = if turned { last - start } else { start };
        let (cols, rows) = block_grid(board, built_from)?;
        let turn = |s: u32| if turned { last - s } else { s };
        let square = |(x, y): (u32, u32)| turn(board.index(x, y));
        let mut blocks = Vec::with_capacity(cols.len() * rows.len());
        for &(x0, bw) in &cols {
            for &(y0, bh) in &rows {
                blocks.push(if turned {
                    Block {
                        x: w - x0 - bw,
                        y: h - y0 - bh,
                        w: bw,
                        h: bh,
                    }
                } else {
                    Block {
                        x: x0,
                        y: y0,
                        w: bw,
                        h: bh,
                    }
                });
            }
        }
        let nrows = rows.len() as u32;
        let block = |ci: usize, rj: usize| ci as u32 * nrows + rj as u32;
        let mut pairs = Vec::new();
        for ci in 1..cols.len() {
            pairs.push((block(ci - 1, 0), block(ci, 0)));
        }
        for ci in 0..cols.len() {
            for rj in 1..rows.len() {
                pairs.push((block(ci, rj - 1), block(ci, rj)));
            }
        }
        let seams = splices(&cols, &rows)
            .into_iter()
            .zip(pairs)
            .map(|([a, b, c, d], joins)| Seam {
                joins,
                removed: [(square(a), square(b)), (square(c), square(d))],
                added: [(square(a), square(c)), (square(b), square(d))],
            })
            .collect();
        Ok(Layout {
            board,
            cols,
            rows,
            turned,
            blocks,
            seams,
        })
    }

    /// The layout that built `path` (a tour from `construct`), if it was built from blocks
    /// and the layout's seams are all in it.
    pub fn of_tour(board: Board, path: &[u32]) -> Option<Layout> {
        let &start = path.first()?;
        if path.len() != board.squares() as usize {
            return None;
        }
        let steps = crate::knight::picture::steps_by_square(board, path);
        [false, true]
            .into_iter()
            .filter_map(|turned| Layout::planned(board, start, turned).ok())
            .find(|layout| {
                layout
                    .seams
                    .iter()
                    .all(|s| s.added.iter().all(|&(a, b)| in_tour(board, &steps, a, b)))
            })
    }

    /// Where blocks meet, and the board's edges: the x of every vertical line between
    /// columns of blocks and the y of every horizontal one (board frame, in squares from
    /// a1's corner). The blocks are a grid, so their outlines are these lines.
    pub fn grid_lines(&self) -> (Vec<u32>, Vec<u32>) {
        let lines = |spans: &[(u32, u32)], len: u32| {
            let mut at: Vec<u32> = spans.iter().map(|&(o, _)| o).chain([len]).collect();
            if self.turned {
                at = at.into_iter().rev().map(|v| len - v).collect();
            }
            at
        };
        (
            lines(&self.cols, self.board.width()),
            lines(&self.rows, self.board.height()),
        )
    }

    /// The block holding square (x, y).
    pub fn block_at(&self, x: u32, y: u32) -> u32 {
        let (x, y) = if self.turned {
            (self.board.width() - 1 - x, self.board.height() - 1 - y)
        } else {
            (x, y)
        };
        let find = |parts: &[(u32, u32)], v: u32| {
            parts.partition_point(|&(at, size)| at + size <= v) as u32
        };
        find(&self.cols, x) * self.rows.len() as u32 + find(&self.rows, y)
    }
}

/// Are `a` and `b` consecutive on the tour (or its two ends, joined by a knight's move)?
fn in_tour(board: Board, steps: &[u32], a: u32, b: u32) -> bool {
    let (Some(&sa), Some(&sb)) = (steps.get(a as usize), steps.get(b as usize)) else {
        return false;
    };
    let n = board.squares();
    let gap = sa.abs_diff(sb);
    gap == 1 || (gap == n - 1 && board.is_knight_move(a, b))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knight::construct::construct;
    use crate::knight::picture::steps_by_square;

    /// Everything the picture relies on, checked independently of how it was computed.
    fn check(board: Board, start: u32, closed: bool) -> Layout {
        let path = construct(board, start, closed).expect("constructed");
        let layout = Layout::of_tour(board, &path).expect("a layout that fits the tour");
        // The blocks tile the board: every square in exactly one, and block_at agrees.
        let mut cover = vec![0u8; board.squares() as usize];
        for (i, b) in layout.blocks.iter().enumerate() {
            assert!((5..=11).contains(&b.w) && (5..=11).contains(&b.h), "{b:?}");
            for y in b.y..b.y + b.h {
                for x in b.x..b.x + b.w {
                    cover[board.index(x, y) as usize] += 1;
                    assert_eq!(layout.block_at(x, y), i as u32);
                }
            }
        }
        assert!(cover.iter().all(|&c| c == 1), "{board:?}");
        // The grid lines are exactly the blocks' sides.
        let (xs, ys) = layout.grid_lines();
        for b in &layout.blocks {
            assert!(
                xs.contains(&b.x) && xs.contains(&(b.x + b.w)),
                "{b:?} {xs:?}"
            );
            assert!(
                ys.contains(&b.y) && ys.contains(&(b.y + b.h)),
                "{b:?} {ys:?}"
            );
        }
        let (cols, rows) = (xs.len() - 1, ys.len() - 1);
        assert_eq!(cols * rows, layout.blocks.len());
        assert!(xs.windows(2).all(|p| p[0] < p[1]) && ys.windows(2).all(|p| p[0] < p[1]));
        // Every seam: knight moves across it, in the tour; the edges taken out, not.
        let steps = steps_by_square(board, &path);
        let inside = |sq: u32, blk: u32| {
            let (x, y) = board.coords(sq);
            layout.block_at(x, y) == blk
        };
        for s in &layout.seams {
            for &(a, b) in &s.added {
                assert!(board.is_knight_move(a, b));
                assert!(in_tour(board, &steps, a, b));
                assert!(
                    inside(a, s.joins.0) != inside(b, s.joins.0),
                    "crosses the seam"
                );
            }
            for (k, &(a, b)) in s.removed.iter().enumerate() {
                assert!(board.is_knight_move(a, b));
                assert!(!in_tour(board, &steps, a, b));
                let blk = if k == 0 { s.joins.0 } else { s.joins.1 };
                assert!(inside(a, blk) && inside(b, blk));
            }
        }
        // The seams join all the blocks into one piece: a spanning tree of them.
        assert_eq!(layout.seams.len() + 1, layout.blocks.len());
        let mut root: Vec<u32> = (0..layout.blocks.len() as u32).collect();
        fn find(root: &mut [u32], mut i: u32) -> u32 {
            while root[i as usize] != i {
                i = root[i as usize];
            }
            i
        }
        for s in &layout.seams {
            let (a, b) = (find(&mut root, s.joins.0), find(&mut root, s.joins.1));
            assert_ne!(a, b, "a seam inside one piece");
            root[a as usize] = b;
        }
        layout
    }

    #[test]
    fn blocks_tile_and_seams_are_knight_moves_in_the_tour() {
        for (w, h) in [(5, 5), (10, 10), (8, 6), (50, 36), (120, 70), (300, 300)] {
            let board = Board::new(w, h).unwrap();
            check(board, 0, w * h % 2 == 0);
            // An inner start of the corners' colour (odd boards allow only those).
            let (x, y) = (w / 2, h / 3);
            check(board, board.index(x - (x + y) % 2, y), false);
        }
    }

    #[test]
    fn odd_boards_from_every_start_including_those_built_turned() {
        let board = Board::new(13, 11).unwrap();
        let mut turned = 0;
        for start in 0..board.squares() {
            if construct(board, start, false).is_ok() {
                turned += check(board, start, false).turned as u32;
            }
        }
        assert!(
            turned > 0,
            "some starts are built on the board turned round"
        );
    }

    #[test]
    fn narrow_boards_have_no_block_layout() {
        let board = Board::new(4, 200).unwrap();
        let path = construct(board, 0, false).unwrap();
        assert_eq!(Layout::of_tour(board, &path), None);
    }
}
