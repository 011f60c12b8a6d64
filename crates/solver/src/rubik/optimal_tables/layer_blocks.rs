//! One breadth-first layer shared by workers that build the same table, each with its own
//! copy (the page's proof workers, which share no memory): the layer's class rows in
//! blocks, each worker doing its own blocks first, then the others' from the far end, so
//! the layer ends as soon as every block is done by someone, here or received. A worker
//! alone, or whose mates stopped, does them all; one whose mates keep up does its share.

/// The blocks of a layer and which are done, in one worker's order.
#[derive(Clone, Debug)]
pub struct LayerBlocks {
    done: Vec<bool>,
    left: usize,
    /// Every block, this worker's own first (ascending), then the rest (descending).
    order: Vec<u32>,
    /// The first place in `order` that may not be done yet.
    at: usize,
    /// This worker's index and how many share the layer.
    crew: (usize, usize),
    /// This worker's own blocks not done yet.
    own_left: usize,
}

impl LayerBlocks {
    /// `blocks` blocks, seen by worker `index` of `size` (block `b` is worker
    /// `b % size`'s own).
    pub fn new(blocks: usize, index: usize, size: usize) -> LayerBlocks {
        let size = size.max(1);
        let index = index.min(size - 1);
        let own = (0..blocks).filter(|b| b % size == index);
        let others = (0..blocks).rev().filter(|b| b % size != index);
        let order: Vec<u32> = own.chain(others).map(|b| b as u32).collect();
        LayerBlocks {
            done: vec![false; blocks],
            left: blocks,
            own_left: order
                .iter()
                .filter(|&&b| b as usize % size == index)
                .count(),
            order,
            at: 0,
            crew: (index, size),
        }
    }

    /// The block to work on next: the first in this worker's order not yet done.
    pub fn next_block(&mut self) -> Option<u32> {
        while let Some(&b) = self.order.get(self.at) {
            if !self.done[b as usize] {
                return Some(b);
            }
            self.at += 1;
        }
        None
    }

    /// Marks `block` done; true if it was not done before (so its entries count once).
    pub fn finish(&mut self, block: u32) -> bool {
        match self.done.get_mut(block as usize) {
            Some(d) if !*d => {
                *d = true;
                self.left -= 1;
                if block as usize % self.crew.1 == self.crew.0 {
                    self.own_left -= 1;
                }
                true
            }
            _ => false,
        }
    }

    /// Marks every block of worker `worker` done (its whole table has come in).
    pub fn finish_workers(&mut self, worker: usize) {
        for b in (worker..self.done.len()).step_by(self.crew.1) {
            self.finish(b as u32);
        }
    }

    /// Whether this worker's own blocks are all done.
    pub fn own_done(&self) -> bool {
        self.own_left == 0
    }

    pub fn len(&self) -> usize {
        self.done.len()
    }

    pub fn is_empty(&self) -> bool {
        self.done.is_empty()
    }

    pub fn all_done(&self) -> bool {
        self.left == 0
    }

    /// The share of blocks done, 0 to 1.
    pub fn fraction(&self) -> f32 {
        if self.done.is_empty() {
            return 1.0;
        }
        (self.done.len() - self.left) as f32 / self.done.len() as f32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_worker_does_its_own_blocks_first_then_the_others_from_the_far_end() {
        let mut blocks = LayerBlocks::new(7, 1, 2);
        let mut seen = Vec::new();
        while let Some(b) = blocks.next_block() {
            assert!(blocks.finish(b));
            seen.push(b);
        }
        assert_eq!(seen, [1, 3, 5, 6, 4, 2, 0]);
        assert!(blocks.own_done());
        assert!(blocks.all_done());
        assert_eq!(blocks.fraction(), 1.0);
    }

    #[test]
    fn blocks_received_are_skipped_and_count_once() {
        let mut blocks = LayerBlocks::new(6, 0, 2);
        assert_eq!(blocks.next_block(), Some(0));
        // The mate's blocks arrive, and one of this worker's own (a third worker's steal).
        for b in [1, 3, 5, 2] {
            assert!(blocks.finish(b));
        }
        assert!(!blocks.finish(3), "a block done twice counts once");
        assert!(!blocks.finish(99), "a block past the layer is nobody's");
        assert!(
            !blocks.own_done(),
            "block 2 is this worker's, 0 and 4 are left"
        );
        assert_eq!(blocks.next_block(), Some(0));
        assert!(blocks.finish(0));
        assert_eq!(blocks.next_block(), Some(4));
        assert!(blocks.finish(4));
        assert_eq!(blocks.next_block(), None);
        assert!(blocks.all_done());
    }

    #[test]
    fn a_mates_whole_table_finishes_its_blocks_only() {
        let mut blocks = LayerBlocks::new(7, 0, 3);
        blocks.finish_workers(1);
        assert_eq!(blocks.fraction(), 2.0 / 7.0, "blocks 1 and 4");
        assert!(!blocks.own_done());
        blocks.finish_workers(0);
        assert!(blocks.own_done() && !blocks.all_done());
        let mut left = Vec::new();
        while let Some(b) = blocks.next_block() {
            blocks.finish(b);
            left.push(b);
        }
        assert_eq!(left, [5, 2], "worker 2's, from the far end");
    }

    #[test]
    fn a_worker_alone_does_every_block_in_order() {
        let mut blocks = LayerBlocks::new(4, 0, 1);
        let mut seen = Vec::new();
        while let Some(b) = blocks.next_block() {
            blocks.finish(b);
            seen.push(b);
            assert!(blocks.fraction() <= 1.0);
        }
        assert_eq!(seen, [0, 1, 2, 3]);
        // A bad index or size is still a worker: the last one, or alone.
        let mut odd = LayerBlocks::new(3, 5, 0);
        assert_eq!(odd.next_block(), Some(0));
    }
}
