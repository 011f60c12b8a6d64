//! The tetrad-slice table's build in steps ([`H16Build`]), for a browser worker that has
//! one thread and must answer between batches: the same breadth-first layers as
//! [`H16Table::build`], a few corner cosets of a class row at a time. Whatever order a
//! layer's parts are done in, it reaches the same entries (an entry it sets never has the
//! residue it reads), so the bytes are the command line's, byte for byte.
//!
//! Workers that build the same table, each its own copy, can share the heavy last layers
//! ([`H16Build::share_with`]): those look back from each unseen entry and write only in
//! its own class row, so a layer splits in blocks of rows ([`LayerBlocks`]), each
//! worker sends the blocks it finished ([`H16Build::take_finished`], a [`Piece`]) and
//! copies in those it receives ([`H16Build::receive`]). The first layers, cheap and
//! written anywhere, each worker does whole.

use super::h16::{Builder, H16Syms, H16Table, Level};
use super::layer_blocks::LayerBlocks;
use crate::rubik::coord::N_TWIST;
use crate::rubik::coord_moves::CoordMoves;

/// The deepest layer the search runs to (no entry is farther).
const MAX_DEPTH: u8 = 30;

/// Seconds each breadth-first layer of level 0 took natively on one thread
/// (`rubik_h16_steps`'s ignored test prints them; 289 s in all on 2026-11-29, beside a
/// browser's build): only the ratios matter. The first and last layers skip whole words
/// of entries that hold nothing to expand; the middle ones do the work.
const LAYER_COST: [f32; 13] = [
    1.3, 1.2, 1.3, 1.1, 1.2, 1.3, 1.6, 3.0, 13.6, 56.1, 179.3, 22.1, 1.0,
];

/// Class rows in a shared layer's block: 16 rows of any level are a whole number of
/// bytes, so two blocks never share a byte.
pub const BLOCK_ROWS: usize = 16;
/// Pieces for layers not begun yet that a worker holds at most (a mate ahead by a layer).
const EARLY_PIECES: usize = 256;

/// One finished block of a shared layer, as sent to the other workers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The table's level ([`Level::get`]).
    pub level: u8,
    /// The layer: the distance of the entries it expands.
    pub depth: u8,
    pub block: u32,
    /// Entries the block reached in this layer.
    pub added: u64,
    /// The block's bytes after the layer.
    pub bytes: Vec<u8>,
}

/// The tetrad-slice table being built; [`H16Build::step`] does a few parts of a layer.
pub struct H16Build {
    syms: H16Syms,
    data: Vec<u8>,
    /// The layer under way: the distance of the entries it expands.
    depth: u8,
    /// This layer looks from each unseen entry for a neighbour in the last layer.
    backward: bool,
    /// The next part of this layer: class row × corner coset.
    part: usize,
    added: u64,
    filled: u64,
    last_added: u64,
    done: bool,
    /// This worker's index among how many build the table (0 of 1: alone).
    crew: (usize, usize),
    /// The layer's blocks, when it is shared.
    blocks: Option<LayerBlocks>,
    /// The block under way (in a shared layer), its next part and its entries so far.
    block: Option<(u32, usize, u64)>,
    /// Blocks finished here, not yet sent.
    finished: Vec<Piece>,
    /// Blocks received for layers not begun yet.
    early: Vec<Piece>,
}

impl H16Build {
    /// Every entry unseen but solved (the table's bytes are allocated here).
    pub fn new(base: &CoordMoves, syms: H16Syms) -> H16Build {
        let mut data = crate::huge_pages::filled(syms.table_bytes(), 0xFFu8);
        let count = Builder::over(base, &syms, &mut data).set_with_twins(0, 0) as u64;
        let mut build = H16Build {
            syms,
            data,
            depth: 0,
            backward: false,
            part: 0,
            added: 0,
            filled: count,
            last_added: count,
            done: false,
            crew: (0, 1),
            blocks: None,
            block: None,
            finished: Vec::new(),
            early: Vec::new(),
        };
        build.begin_layer();
        build
    }

    fn perms(&self) -> usize {
        self.syms.n_corner() / N_TWIST
    }

    fn parts(&self) -> usize {
        self.syms.reps.len() * self.perms()
    }

    /// Shares the layers that can be shared with `size` workers building the same table,
    /// this one being `index` (0-based). Alone (`size` 1) it does every layer whole.
    pub fn share_with(&mut self, index: usize, size: usize) {
        self.crew = (index.min(size.max(1) - 1), size.max(1));
        if self.blocks.is_none() && self.part == 0 {
            self.share_layer();
        }
    }

    fn n_blocks(&self) -> usize {
        self.syms.reps.len().div_ceil(BLOCK_ROWS)
    }

    /// Where block `block`'s bytes are in the table.
    fn block_bytes(&self, block: u32) -> std::ops::Range<usize> {
        let nc = self.syms.n_corner() as u64;
        let rows = self.syms.reps.len() as u64;
        let first = (block as u64 * BLOCK_ROWS as u64).min(rows);
        let end = (first + BLOCK_ROWS as u64).min(rows);
        ((first * nc / 4) as usize)..((end * nc).div_ceil(4) as usize)
    }

    fn begin_layer(&mut self) {
        let entries = self.syms.n_entries();
        if self.filled >= entries || self.depth >= MAX_DEPTH {
            self.done = true;
            return;
        }
        // As the threaded build: forwards while the last layer is small.
        self.backward = self.last_added * 2 > entries - self.filled;
        self.part = 0;
        self.added = 0;
        self.share_layer();
    }

    /// Splits this layer in blocks if it looks back and others build too, and takes in
    /// the blocks already received for it.
    fn share_layer(&mut self) {
        self.blocks = (self.backward && self.crew.1 > 1)
            .then(|| LayerBlocks::new(self.n_blocks(), self.crew.0, self.crew.1));
        self.block = None;
        if self.blocks.is_some() {
            let depth = self.depth;
            let (now, later): (Vec<Piece>, Vec<Piece>) = std::mem::take(&mut self.early)
                .into_iter()
                .partition(|p| p.depth == depth);
            self.early = later.into_iter().filter(|p| p.depth > depth).collect();
            for piece in now {
                self.receive(piece);
            }
        }
    }

    fn end_layer(&mut self) {
        if self.added == 0 {
            self.done = true;
            return;
        }
        self.filled += self.added;
        self.last_added = self.added;
        self.depth += 1;
        self.begin_layer();
    }

    /// Works through up to `parts` parts (a class row's corner coset each: 2,187 entries)
    /// of the current layer, never past its end; true once the table is complete.
    pub fn step(&mut self, base: &CoordMoves, parts: usize) -> bool {
        if self.done {
            return true;
        }
        if self.blocks.is_some() {
            return self.step_shared(base, parts);
        }
        let (perms, total) = (self.perms(), self.parts());
        let to = self.part.saturating_add(parts.max(1)).min(total);
        let (depth, backward) = (self.depth, self.backward);
        let mut at = self.part;
        let mut added = 0;
        {
            let builder = Builder::over(base, &self.syms, &mut self.data);
            while at < to {
                let (class, perm) = (at / perms, at % perms);
                let end = (perm + (to - at)).min(perms);
                added += builder.layer_part(class, perm..end, depth, backward) as u64;
                at += end - perm;
            }
        }
        self.added += added;
        self.part = to;
        if to == total {
            self.end_layer();
        }
        self.done
    }

    /// Up to `parts` parts of a shared layer's blocks, this worker's order.
    fn step_shared(&mut self, base: &CoordMoves, parts: usize) -> bool {
        let perms = self.perms();
        let rows = self.syms.reps.len();
        let (depth, backward) = (self.depth, self.backward);
        let mut budget = parts.max(1);
        while budget > 0 {
            let Some(blocks) = self.blocks.as_mut() else {
                break;
            };
            let Some(b) = blocks.next() else {
                break;
            };
            let (mut part, mut added) = match self.block {
                Some((at, part, added)) if at == b => (part, added),
                _ => (0, 0),
            };
            let first = b as usize * BLOCK_ROWS;
            let total = (first + BLOCK_ROWS).min(rows).saturating_sub(first) * perms;
            let to = part.saturating_add(budget).min(total);
            budget -= to - part;
            {
                let builder = Builder::over(base, &self.syms, &mut self.data);
                while part < to {
                    let (class, perm) = (first + part / perms, part % perms);
                    let end = (perm + (to - part)).min(perms);
                    added += builder.layer_part(class, perm..end, depth, backward) as u64;
                    part += end - perm;
                }
            }
            self.block = Some((b, part, added));
            if part >= total {
                self.block = None;
                if let Some(blocks) = self.blocks.as_mut() {
                    blocks.finish(b);
                }
                self.added += added;
                let bytes = self.data[self.block_bytes(b)].to_vec();
                self.finished.push(Piece {
                    level: self.syms.level.get(),
                    depth,
                    block: b,
                    added,
                    bytes,
                });
            }
        }
        self.end_shared_layer_if_done();
        self.done
    }

    fn end_shared_layer_if_done(&mut self) {
        if self.blocks.as_ref().is_some_and(|b| b.all_done()) {
            self.blocks = None;
            self.end_layer();
        }
    }

    /// Takes in a block another worker finished: copied into this table if it is of this
    /// layer and not done here yet, kept for later if its layer is yet to come, dropped
    /// otherwise (another table's, a layer past, or not a block of this table).
    pub fn receive(&mut self, piece: Piece) {
        if self.done || piece.level != self.syms.level.get() || piece.depth < self.depth {
            return;
        }
        if piece.depth > self.depth || self.blocks.is_none() {
            if piece.depth > self.depth && self.early.len() < EARLY_PIECES {
                self.early.push(piece);
            }
            return;
        }
        let range = self.block_bytes(piece.block);
        if piece.block as usize >= self.n_blocks() || piece.bytes.len() != range.len() {
            return;
        }
        let fresh = self.blocks.as_mut().is_some_and(|b| b.finish(piece.block));
        if fresh {
            self.data[range].copy_from_slice(&piece.bytes);
            self.added += piece.added;
            if self.block.is_some_and(|(b, _, _)| b == piece.block) {
                self.block = None;
            }
            self.end_shared_layer_if_done();
        }
    }

    /// The blocks finished here since last asked, for the other workers.
    pub fn take_finished(&mut self) -> Vec<Piece> {
        std::mem::take(&mut self.finished)
    }

    pub fn is_done(&self) -> bool {
        self.done
    }

    /// The level being built.
    pub fn level(&self) -> Level {
        self.syms.level
    }

    /// The layer under way and the entries known so far.
    pub fn progress(&self) -> (u8, u64) {
        (self.depth, self.filled + self.added)
    }

    /// How much of the work is done, 0 to 1 (the layers weighted by [`LAYER_COST`]).
    pub fn fraction(&self) -> f32 {
        if self.done {
            return 1.0;
        }
        let part = match &self.blocks {
            Some(blocks) => blocks.fraction(),
            None => self.part as f32 / self.parts() as f32,
        };
        layer_fraction(self.depth as usize, part)
    }

    /// Bytes held: the table and its symmetry tables.
    pub fn bytes(&self) -> usize {
        self.data.len() + self.syms.bytes()
    }

    /// The table (complete once [`H16Build::is_done`]).
    pub fn finish(self) -> H16Table {
        H16Table::assemble(self.syms, self.data)
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

    #[test]
    fn the_build_fraction_grows_through_the_layers_and_stops_short_of_one() {
        let mut last = -1.0f32;
        for depth in 0..LAYER_COST.len() + 2 {
            for part in [0.0, 0.5, 1.0] {
                let f = layer_fraction(depth, part);
                assert!(f >= last && (0.0..1.0).contains(&f), "{depth} {part}: {f}");
                last = f;
            }
            assert_eq!(layer_fraction(depth, 1.0), layer_fraction(depth + 1, 0.0));
        }
    }
}
