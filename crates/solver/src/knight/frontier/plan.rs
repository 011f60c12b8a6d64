//! The cell order and what happens at each cell: which already-placed cells the new one
//! may link to, and which cells leave the frontier afterwards.
//!
//! The board is covered row by row along its narrow side (`w` cells a row). A knight edge
//! joins cells at most `2w + 1` apart in that order, so the frontier is a window of
//! `K = 2w + 1` cells behind the cell being placed. Each frontier cell carries a 4-bit
//! label (see [`super::expand`]), so a state is `4K` bits: 68 on an 8-wide board.

use super::table::State;

/// Labels. `FULL` also marks cells that left the frontier (or lie before cell 0).
pub const FULL: u8 = 0;
/// No edge yet.
pub const EMPTY: u8 = 1;
/// One edge; the other end of its path piece is an end of the whole tour that has left
/// the frontier.
pub const TAIL: u8 = 2;
/// One edge; the other end of its path piece is the frontier cell with the same label.
pub const FIRST_PAIR: u8 = 3;

/// Narrow sides accepted: labels must fit 4 bits (at most `w` pairs among `2w + 1` cells
/// plus one new pair) and a state 128 bits less the empty-slot marker.
pub const MAX_NARROW: u32 = 12;

/// What happens at one cell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellPlan {
    /// Window positions (0..K, oldest first) of the earlier cells the new cell (at
    /// position K) is a knight's move from.
    pub back: Vec<u8>,
    /// Positions (0..=K, ascending) of the cells with no later neighbour once this cell
    /// is placed: they leave the frontier now.
    pub retire: Vec<u8>,
    /// Positions (bit p for position p) of the cells staying on the frontier with exactly
    /// one neighbour still to be placed: with no edge yet, they can only be tour ends.
    pub one_left: u32,
    /// Positions of cells that can never be an end of an open tour: on a board with an odd
    /// number of squares a tour starts and ends on the corners' colour.
    pub no_end: u32,
    /// Position of the fixed start cell while it is in the window (0..=K).
    pub start_pos: Option<u8>,
    /// The fixed start cell left the frontier before this cell.
    pub start_gone: bool,
    /// This is the last cell.
    pub last: bool,
    /// This cell ends a row, and the structures it leaves may be replaced by their mirror
    /// images (see [`super::expand`]): the rest of the board is its own mirror image, so
    /// a structure and its image finish in equally many ways, and keeping one of the two
    /// roughly halves every later layer. The one kept has the smaller needs vector
    /// ([`Plan::canonical_needs`]), then the smaller code. Off with a fixed start, which
    /// the mirror moves.
    pub mirror: bool,
}

/// The whole sweep.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// Cells per row in the sweep (the narrow side) and rows.
    pub w: u32,
    pub h: u32,
    /// The board as asked (width, height), and whether the sweep runs on its transpose.
    pub width: u32,
    pub height: u32,
    pub transposed: bool,
    /// Window length `K = 2w + 1`.
    pub k: usize,
    pub closed: bool,
    /// Fixed end of an open tour, as a sweep cell.
    pub start: Option<u32>,
    pub cells: Vec<CellPlan>,
}

impl Plan {
    /// `start` is a square of the board as asked (`y * width + x`).
    pub fn new(width: u32, height: u32, start: Option<u32>, closed: bool) -> Result<Plan, String> {
        if width == 0 || height == 0 {
            return Err(format!("board {width}x{height} has no squares"));
        }
        let (w, h) = (width.min(height), width.max(height));
        if w > MAX_NARROW {
            return Err(format!(
                "the frontier counter sweeps along the narrow side, which may be at most {MAX_NARROW} squares: {width}x{height} is too wide"
            ));
        }
        let squares = width as u64 * height as u64;
        if squares > u32::MAX as u64 / 2 {
            return Err(format!("board {width}x{height} is too long"));
        }
        if let Some(s) = start {
            if s as u64 >= squares {
                return Err(format!(
                    "start square {s} is off the {width}x{height} board"
                ));
            }
        }
        let transposed = width > height;
        let mut plan = Plan {
            w,
            h,
            width,
            height,
            transposed,
            k: 2 * w as usize + 1,
            closed,
            start: None,
            cells: Vec::new(),
        };
        plan.start = start.map(|s| plan.to_sweep(s));
        plan.cells = (0..plan.cells_total()).map(|i| plan.cell_plan(i)).collect();
        Ok(plan)
    }

    pub fn cells_total(&self) -> u32 {
        self.w * self.h
    }

    /// Sweep cell of a square of the board as asked.
    pub fn to_sweep(&self, square: u32) -> u32 {
        let (x, y) = (square % self.width, square / self.width);
        if self.transposed {
            x * self.w + y
        } else {
            square
        }
    }

    /// Square of the board as asked of a sweep cell.
    pub fn to_square(&self, cell: u32) -> u32 {
        let (x, y) = (cell % self.w, cell / self.w);
        if self.transposed {
            x * self.width + y
        } else {
            cell
        }
    }

    /// Sweep cells a knight's move from `cell`.
    fn neighbours(&self, cell: u32) -> impl Iterator<Item = u32> + '_ {
        let (x, y) = ((cell % self.w) as i64, (cell / self.w) as i64);
        crate::board::KNIGHT_JUMPS
            .iter()
            .filter_map(move |&(dx, dy)| {
                let (nx, ny) = (x + dx as i64, y + dy as i64);
                (nx >= 0 && ny >= 0 && nx < self.w as i64 && ny < self.h as i64)
                    .then(|| (ny * self.w as i64 + nx) as u32)
            })
    }

    /// The last cell placed while `cell` can still gain an edge (its latest neighbour,
    /// or itself).
    fn last_touch(&self, cell: u32) -> u32 {
        self.neighbours(cell).fold(cell, u32::max)
    }

    fn cell_plan(&self, i: u32) -> CellPlan {
        let k = self.k as i64;
        // Window position of cell j while cell i is placed.
        let pos = |j: u32| -> u8 { (j as i64 - (i as i64 - k)) as u8 };
        let mut back: Vec<u8> = self.neighbours(i).filter(|&j| j < i).map(pos).collect();
        back.sort_unstable();
        let first = (i as i64 - k).max(0) as u32;
        let retire: Vec<u8> = (first..=i)
            .filter(|&j| self.last_touch(j) == i)
            .map(pos)
            .collect();
        let one_left = (first..=i)
            .filter(|&j| self.neighbours(j).filter(|&n| n > i).count() == 1)
            .fold(0u32, |m, j| m | 1 << pos(j));
        let odd = self.cells_total() % 2 == 1;
        let no_end = (first..=i)
            .filter(|&j| odd && (j % self.w + j / self.w) % 2 == 1)
            .fold(0u32, |m, j| m | 1 << pos(j));
        CellPlan {
            back,
            retire,
            one_left,
            no_end,
            start_pos: self
                .start
                .filter(|&s| s <= i && s as i64 >= i as i64 - k)
                .map(pos),
            start_gone: self.start.is_some_and(|s| self.last_touch(s) < i),
            last: i + 1 == self.cells_total(),
            mirror: self.start.is_none() && (i + 1) % self.w == 0 && i + 1 < self.cells_total(),
        }
    }

    /// Window position (of a state after a row's last cell) of the same square's mirror
    /// image: position 0 is the cell before the two rows (already gone), then two rows.
    pub fn mirrored_position(&self, p: usize) -> usize {
        let w = self.w as usize;
        match p {
            0 => 0,
            p if p <= w => w + 1 - p,
            p => 3 * w + 1 - p,
        }
    }

    /// The mirror image of a needs vector after a row's last cell (2 bits a window
    /// position; the bits above, the tour ends made, stay).
    pub fn mirror_needs(&self, needs: u64) -> u64 {
        let positions = 2 * self.k as u32;
        let mut image = needs >> positions << positions;
        for q in 0..self.k {
            image |= (needs >> (2 * self.mirrored_position(q)) & 3) << (2 * q);
        }
        image
    }

    /// Of a needs vector and its mirror image, the one the structures keep: the smaller
    /// (see [`CellPlan::mirror`]). Both the oracle and the exact sweep choose by this, so
    /// the oracle's relaxed layers are the exact layers' needs vectors.
    pub fn canonical_needs(&self, needs: u64) -> u64 {
        if needs & 3 != 0 {
            // The cell before the two rows has not left: not a row's end.
            return needs;
        }
        needs.min(self.mirror_needs(needs))
    }

    /// The state before the first cell: every window cell is off the board.
    pub fn initial_state(&self) -> State {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn window_reaches_two_rows_back() {
        let p = Plan::new(8, 8, None, true).unwrap();
        assert_eq!(p.k, 17);
        // Cell (3, 2) = 19: neighbours (2,0), (4,0), (1,1), (5,1) are 17, 15, 10, 6 back.
        assert_eq!(p.cells[19].back, vec![0, 2, 7, 11]);
        // Every cell leaves exactly once.
        let leaving: usize = p.cells.iter().map(|c| c.retire.len()).sum();
        assert_eq!(leaving, 64);
    }

    #[test]
    fn needs_vectors_mirror_row_by_row() {
        let p = Plan::new(8, 8, None, true).unwrap();
        // Row ends only, and not the last cell.
        let ends: Vec<usize> = (0..64).filter(|&i| p.cells[i].mirror).collect();
        assert_eq!(ends, vec![7, 15, 23, 31, 39, 47, 55]);
        // Need 2 on the first square of the older row and 1 on the last of the newer one,
        // plus one tour end made (the bits above the window).
        let needs = 2 << 2 | 1 << (2 * 16) | 1 << 60;
        let image = p.mirror_needs(needs);
        assert_eq!(image, 2 << (2 * 8) | 1 << (2 * 9) | 1 << 60);
        assert_eq!(p.mirror_needs(image), needs);
        assert_eq!(p.canonical_needs(needs), needs.min(image));
        assert_eq!(p.canonical_needs(image), p.canonical_needs(needs));
        // The cell before the two rows still on the frontier: left as it is.
        assert_eq!(p.canonical_needs(needs | 1), needs | 1);
    }

    #[test]
    fn wide_boards_are_swept_along_the_short_side() {
        let p = Plan::new(7, 3, Some(7 + 2), false).unwrap();
        assert!(p.transposed);
        assert_eq!((p.w, p.h), (3, 7));
        for s in 0..21 {
            assert_eq!(p.to_square(p.to_sweep(s)), s);
        }
        // c2 = (2, 1) is the sweep cell (1, 2).
        assert_eq!(p.start, Some(2 * 3 + 1));
        assert!(Plan::new(13, 13, None, false).is_err());
        assert!(Plan::new(5, 5, Some(25), false).is_err());
    }
}
