//! The heavy layers of [`H16Build`] shared by workers that build the same table, each its
//! own copy (the page's proof workers share no memory). A shared layer splits its class
//! rows in blocks ([`LayerBlocks`]): each worker expands its own blocks first, then the
//! others' from the far end, until every block is done here or known done elsewhere, so
//! a worker alone, or whose mates stopped, still finishes. What is traded ([`Piece`]):
//!
//! - a layer that looks back from each unseen entry writes only in that entry's class
//!   row: each finished block goes out whole, and comes in as a copy;
//! - a layer that looks forwards writes anywhere: once a worker's own blocks are done, its
//!   whole table goes out in stretches, and each comes in ANDed into the copy here (an
//!   entry only ever goes from unseen, all ones, to its distance), its new entries counted;
//!   a mate's whole table stands for its own blocks. Only layers with a large frontier are
//!   shared so: each costs a pass over the table.
//!
//! Entries reached are counted exactly either way (a block's own count; the entries an
//! AND turned from unseen), so every worker decides the next layers alike.

use super::H16Build;
use crate::rubik::coord_moves::CoordMoves;
use crate::rubik::optimal_tables::h16::Builder;
use crate::rubik::optimal_tables::layer_blocks::LayerBlocks;

/// Class rows in a shared layer's block: 16 rows of any level are a whole number of
/// bytes, so two blocks never share a byte.
pub const BLOCK_ROWS: usize = 16;
/// Block pieces for layers not begun yet that a worker holds at most (a mate ahead).
const EARLY_PIECES: usize = 256;
/// Bytes of a stretch of a whole table (4 MB), and how many go out per
/// [`H16Build::take_finished`].
const STRETCH: usize = 4 << 20;
const STRETCHES_PER_TAKE: usize = 8;
/// A layer that looks forwards is shared when its frontier is at least this fraction
/// (1/64) of the entries: at level 0, the three layers that take most of the build.
const FORWARD_SHARED_FROM: u64 = 64;

/// What a piece holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PieceKind {
    /// Block `block` of a layer that looks back, after it, with the entries it reached.
    Block { block: u32, added: u64 },
    /// Stretch `stretch` of worker `from`'s whole table, its own blocks expanded.
    Table { from: u32, stretch: u32 },
}

/// What a worker sends the others building the same table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The table's level ([`super::Level::get`]).
    pub level: u8,
    /// The layer: the distance of the entries it expands.
    pub depth: u8,
    pub kind: PieceKind,
    pub bytes: Vec<u8>,
}

/// How the layer under way is shared.
pub(super) struct Sharing {
    /// This worker's index among how many build the table (0 of 1: alone).
    crew: (usize, usize),
    /// The layer's blocks, when it is shared.
    pub(super) blocks: Option<LayerBlocks>,
    /// The block under way, its next part and (looking back) its entries so far.
    block: Option<(u32, usize, u64)>,
    /// Pieces finished here, not yet sent.
    finished: Vec<Piece>,
    /// Block pieces received for layers not begun yet.
    early: Vec<Piece>,
    /// Looking forwards: the next stretch of this worker's table to send, once its own
    /// blocks are done.
    sending: Option<usize>,
    /// Looking forwards: per mate, the stretches of its table taken in.
    got: Vec<Vec<bool>>,
}

impl Default for Sharing {
    fn default() -> Sharing {
        Sharing {
            crew: (0, 1),
            blocks: None,
            block: None,
            finished: Vec::new(),
            early: Vec::new(),
            sending: None,
            got: Vec::new(),
        }
    }
}

/// Lanes (2-bit entries) of `mine` unseen that `theirs` has seen, and `mine` ANDed with
/// `theirs` (both the same length).
fn and_counting(mine: &mut [u8], theirs: &[u8]) -> u64 {
    const LOW: u64 = 0x5555_5555_5555_5555;
    let unseen = |w: u64| w & (w >> 1) & LOW;
    let mut count = 0u64;
    let mut words = mine.chunks_exact_mut(8).zip(theirs.chunks_exact(8));
    for (m, t) in &mut words {
        let a = u64::from_le_bytes((&*m).try_into().unwrap_or([0; 8]));
        let b = u64::from_le_bytes(t.try_into().unwrap_or([0; 8]));
        let c = a & b;
        count += (unseen(a) & !unseen(c)).count_ones() as u64;
        m.copy_from_slice(&c.to_le_bytes());
    }
    let tail = mine.len() / 8 * 8;
    for (m, t) in mine[tail..].iter_mut().zip(&theirs[tail..]) {
        let (a, c) = (*m as u64, (*m & *t) as u64);
        count += (unseen(a) & !unseen(c)).count_ones() as u64;
        *m &= *t;
    }
    count
}

impl H16Build {
    /// Shares the heavy layers with `size` workers building the same table, this one
    /// being `index` (0-based). Alone (`size` 1) it does every layer whole.
    pub fn share_with(&mut self, index: usize, size: usize) {
        self.share.crew = (index.min(size.max(1) - 1), size.max(1));
        if self.share.blocks.is_none() && self.part == 0 {
            self.share_layer();
        }
    }

    fn n_blocks(&self) -> usize {
        self.syms.reps.len().div_ceil(BLOCK_ROWS)
    }

    fn n_stretches(&self) -> usize {
        self.data.len().div_ceil(STRETCH)
    }

    fn stretch_bytes(&self, stretch: usize) -> std::ops::Range<usize> {
        let from = (stretch * STRETCH).min(self.data.len());
        from..(from + STRETCH).min(self.data.len())
    }

    /// Where block `block`'s bytes are in the table.
    fn block_bytes(&self, block: u32) -> std::ops::Range<usize> {
        let nc = self.syms.n_corner() as u64;
        let rows = self.syms.reps.len() as u64;
        let first = (block as u64 * BLOCK_ROWS as u64).min(rows);
        let end = (first + BLOCK_ROWS as u64).min(rows);
        ((first * nc / 4) as usize)..((end * nc).div_ceil(4) as usize)
    }

    /// Splits the layer just begun in blocks if others build too and it is worth it, and
    /// takes in the blocks already received for it.
    pub(super) fn share_layer(&mut self) {
        let (index, size) = self.share.crew;
        let big = self.last_added * FORWARD_SHARED_FROM >= self.syms.n_entries();
        let shared = size > 1 && (self.backward || big);
        self.share.blocks = shared.then(|| LayerBlocks::new(self.n_blocks(), index, size));
        self.share.block = None;
        self.share.sending = None;
        self.share.got = vec![Vec::new(); size];
        if shared {
            let depth = self.depth;
            let (now, later): (Vec<Piece>, Vec<Piece>) = std::mem::take(&mut self.share.early)
                .into_iter()
                .partition(|p| p.depth == depth);
            self.share.early = later.into_iter().filter(|p| p.depth > depth).collect();
            for piece in now {
                self.receive(piece);
            }
        }
    }

    /// Up to `parts` parts of a shared layer's blocks, this worker's order.
    pub(super) fn step_shared(&mut self, base: &CoordMoves, parts: usize) -> bool {
        let perms = self.perms();
        let rows = self.syms.reps.len();
        let (depth, backward) = (self.depth, self.backward);
        let mut budget = parts.max(1);
        while budget > 0 {
            let Some(b) = self.share.blocks.as_mut().and_then(LayerBlocks::next_block) else {
                break;
            };
            let (mut part, mut added) = match self.share.block {
                Some((at, part, added)) if at == b => (part, added),
                _ => (0, 0),
            };
            let first = b as usize * BLOCK_ROWS;
            let total = (first + BLOCK_ROWS).min(rows).saturating_sub(first) * perms;
            let to = part.saturating_add(budget).min(total);
            budget -= to - part;
            let mut reached = 0;
            {
                let builder = Builder::over(base, &self.syms, &mut self.data);
                while part < to {
                    let (class, perm) = (first + part / perms, part % perms);
                    let end = (perm + (to - part)).min(perms);
                    reached += builder.layer_part(class, perm..end, depth, backward) as u64;
                    part += end - perm;
                }
            }
            // Looking forwards, entries count as they are set here: a block cut short by
            // a mate's table has still set them.
            if backward {
                added += reached;
            } else {
                self.added += reached;
            }
            self.share.block = Some((b, part, added));
            if part >= total {
                self.share.block = None;
                if let Some(blocks) = self.share.blocks.as_mut() {
                    blocks.finish(b);
                }
                if backward {
                    self.added += added;
                    let bytes = self.data[self.block_bytes(b)].to_vec();
                    self.share.finished.push(Piece {
                        level: self.syms.level.get(),
                        depth,
                        kind: PieceKind::Block { block: b, added },
                        bytes,
                    });
                }
            }
        }
        let own_done = self
            .share
            .blocks
            .as_ref()
            .is_some_and(LayerBlocks::own_done);
        if !backward && own_done && self.share.sending.is_none() {
            self.share.sending = Some(0);
        }
        self.end_shared_layer_if_done();
        self.done
    }

    /// Whether the layer waits only for this worker's table to go out (nothing to
    /// expand): the caller can stop stepping and send.
    pub fn only_sending(&self) -> bool {
        self.share
            .blocks
            .as_ref()
            .is_some_and(LayerBlocks::all_done)
            && self.share.sending.is_some()
    }

    fn end_shared_layer_if_done(&mut self) {
        let all_done = self
            .share
            .blocks
            .as_ref()
            .is_some_and(LayerBlocks::all_done);
        let sent = self.backward || self.share.sending.unwrap_or(0) >= self.n_stretches();
        if all_done && sent {
            self.share.blocks = None;
            self.end_layer();
        }
    }

    /// Takes in a piece another worker sent: into this table if it is of this layer and
    /// not done here yet; a block of a layer yet to come is kept for it; anything else
    /// (another table's, a layer past, a piece that does not fit) is dropped.
    pub fn receive(&mut self, piece: Piece) {
        if self.done || piece.level != self.syms.level.get() || piece.depth < self.depth {
            return;
        }
        if piece.depth > self.depth || self.share.blocks.is_none() {
            let block = matches!(piece.kind, PieceKind::Block { .. });
            if piece.depth > self.depth && block && self.share.early.len() < EARLY_PIECES {
                self.share.early.push(piece);
            }
            return;
        }
        match piece.kind {
            PieceKind::Block { block, added } if self.backward => {
                let range = self.block_bytes(block);
                if block as usize >= self.n_blocks() || piece.bytes.len() != range.len() {
                    return;
                }
                let fresh = self.share.blocks.as_mut().is_some_and(|b| b.finish(block));
                if fresh {
                    self.data[range].copy_from_slice(&piece.bytes);
                    self.added += added;
                    if self.share.block.is_some_and(|(b, _, _)| b == block) {
                        self.share.block = None;
                    }
                }
            }
            PieceKind::Table { from, stretch } if !self.backward => {
                let (from, stretch) = (from as usize, stretch as usize);
                let range = self.stretch_bytes(stretch);
                let n = self.n_stretches();
                let fits = from < self.share.crew.1
                    && from != self.share.crew.0
                    && stretch < n
                    && piece.bytes.len() == range.len();
                if !fits {
                    return;
                }
                let got = &mut self.share.got[from];
                got.resize(n, false);
                if got[stretch] {
                    return;
                }
                got[stretch] = true;
                let whole = got.iter().all(|&g| g);
                self.added += and_counting(&mut self.data[range], &piece.bytes);
                if whole {
                    if let Some(blocks) = self.share.blocks.as_mut() {
                        blocks.finish_workers(from);
                    }
                    let size = self.share.crew.1;
                    if self
                        .share
                        .block
                        .is_some_and(|(b, _, _)| b as usize % size == from)
                    {
                        self.share.block = None;
                    }
                }
            }
            _ => return,
        }
        self.end_shared_layer_if_done();
    }

    /// The pieces finished here since last asked, for the other workers: blocks, and
    /// the next few stretches of this worker's table.
    pub fn take_finished(&mut self) -> Vec<Piece> {
        let mut out = std::mem::take(&mut self.share.finished);
        if let Some(from) = self.share.sending {
            let to = (from + STRETCHES_PER_TAKE).min(self.n_stretches());
            for stretch in from..to {
                out.push(Piece {
                    level: self.syms.level.get(),
                    depth: self.depth,
                    kind: PieceKind::Table {
                        from: self.share.crew.0 as u32,
                        stretch: stretch as u32,
                    },
                    bytes: self.data[self.stretch_bytes(stretch)].to_vec(),
                });
            }
            self.share.sending = Some(to);
            self.end_shared_layer_if_done();
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_and_counts_the_entries_it_turns_from_unseen() {
        // Entries (low bits first): mine unseen, 1, unseen, 0; theirs 2, unseen, unseen, 0.
        let mine = [0b00_11_01_11u8; 11];
        let theirs = [0b00_11_11_10u8; 11];
        let mut merged = mine;
        // One entry a byte: the first (unseen here, 2 there).
        assert_eq!(and_counting(&mut merged, &theirs), 11);
        assert!(merged.iter().all(|&b| b == 0b00_11_01_10));
        // Nothing new the second time.
        assert_eq!(and_counting(&mut merged, &theirs), 0);
    }
}
