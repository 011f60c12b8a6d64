//! Move tables on the corner coordinate and the distance table: every one of the 3,674,160
//! positions with its optimal distance, built by breadth-first search, four bits each.

use serde::{Deserialize, Serialize};

use super::corners::{corner_action, perm_from_index, perm_index, twist_from_index, twist_index};
use super::corners::{PERMS, POSITIONS_COUNT, TWISTS};

use super::code::BfsLine;
use super::moves::Move;
use crate::{Stats, Status, StepMachine};

/// How solution length is counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Metric {
    /// Quarter turns count 1, half turns 2.
    Qtm,
    /// Every face turn counts 1.
    Htm,
}

impl Metric {
    pub fn as_str(self) -> &'static str {
        match self {
            Metric::Qtm => "qtm",
            Metric::Htm => "htm",
        }
    }

    pub fn parse(text: &str) -> Result<Metric, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "qtm" => Ok(Metric::Qtm),
            "htm" => Ok(Metric::Htm),
            other => Err(format!("unknown metric '{other}' (known: qtm, htm)")),
        }
    }

    /// Indices into `GENERATORS` that count as one move.
    pub fn generators(self) -> &'static [usize] {
        match self {
            Metric::Qtm => &[0, 2, 3, 5, 6, 8],
            Metric::Htm => &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        }
    }
}

/// U, R and F turns leave the down-back-left corner alone, so they reach every position:
/// U U2 U' R R2 R' F F2 F'.
pub fn generators() -> [Move; 9] {
    std::array::from_fn(|i| Move::face(['U', 'R', 'F'][i / 3], (i % 3 + 1) as u8))
}

/// Where each generator sends each permutation and each twist.
#[derive(Clone)]
pub struct MoveTables {
    perm: Vec<[u16; 9]>,
    twist: Vec<[u16; 9]>,
}

impl MoveTables {
    pub fn new() -> MoveTables {
        let actions = generators().map(corner_action);
        let perm = (0..PERMS as u32)
            .map(|p| {
                let cubies = perm_from_index(p);
                std::array::from_fn(|g| {
                    let (dest, _) = actions[g];
                    let mut moved = [0u8; 8];
                    for i in 0..7 {
                        moved[dest[i] as usize] = cubies[i];
                    }
                    perm_index(&moved) as u16
                })
            })
            .collect();
        let twist = (0..TWISTS as u32)
            .map(|t| {
                let twists = twist_from_index(t);
                std::array::from_fn(|g| {
                    let (dest, turn) = actions[g];
                    let mut moved = [0u8; 8];
                    for i in 0..7 {
                        moved[dest[i] as usize] = (twists[i] + turn[i]) % 3;
                    }
                    twist_index(&moved) as u16
                })
            })
            .collect();
        MoveTables { perm, twist }
    }

    /// The position after generator `g`.
    #[inline]
    pub fn apply(&self, position: u32, g: usize) -> u32 {
        let (p, t) = (position as usize / TWISTS, position as usize % TWISTS);
        self.perm[p][g] as u32 * TWISTS as u32 + self.twist[t][g] as u32
    }
}

impl Default for MoveTables {
    fn default() -> Self {
        MoveTables::new()
    }
}

const UNSEEN: u8 = 0xF;

/// Optimal distance of every position, packed two to a byte.
#[derive(Clone)]
pub struct DistanceTable {
    metric: Metric,
    nibbles: Vec<u8>,
}

impl DistanceTable {
    pub fn metric(&self) -> Metric {
        self.metric
    }

    #[inline]
    pub fn distance(&self, position: u32) -> u8 {
        (self.nibbles[position as usize >> 1] >> ((position & 1) * 4)) & 0xF
    }

    #[inline]
    fn set(&mut self, position: u32, d: u8) {
        let byte = &mut self.nibbles[position as usize >> 1];
        let shift = (position & 1) * 4;
        *byte = (*byte & !(0xF << shift)) | (d << shift);
    }

    /// Positions at each distance.
    pub fn distribution(&self) -> Vec<u64> {
        let mut counts = vec![0u64; 16];
        for position in 0..POSITIONS_COUNT as u32 {
            counts[self.distance(position) as usize] += 1;
        }
        while counts.last() == Some(&0) {
            counts.pop();
        }
        counts
    }

    pub fn bytes(&self) -> usize {
        self.nibbles.len()
    }

    /// Builds the whole table at once (the builder below does it in steps).
    pub fn build(tables: &MoveTables, metric: Metric) -> DistanceTable {
        let mut builder = TableBuilder::new(metric);
        while builder.step_with(tables).is_some() {}
        builder.finish().expect("a finished build")
    }
}

/// Table words (16 positions each) per step: a step is about 1/16 of a layer.
const WORDS_PER_STEP: usize = 16_384;

/// Relative cost of checking one unseen position (backward) against one expansion.
const BACKWARD_WEIGHT: u64 = 4;

/// What one step of the build did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LayerProgress {
    pub depth: u8,
    pub filled: u32,
}

/// Breadth-first search over the positions as a step machine: one step scans a slice of
/// the current layer, so the worker can report progress and obey cancel between steps.
pub struct TableBuilder {
    table: DistanceTable,
    depth: u8,
    next_word: usize,
    filled: u32,
    /// Positions reached in the layer being built.
    layer: u32,
    /// Scan unseen positions for a neighbour in the layer (cheaper once most are seen).
    backward: bool,
    status: Status,
    stats: Stats,
}

impl TableBuilder {
    pub fn new(metric: Metric) -> TableBuilder {
        let mut table = DistanceTable {
            metric,
            nibbles: vec![0xFF; POSITIONS_COUNT.div_ceil(2)],
        };
        table.set(0, 0);
        TableBuilder {
            table,
            depth: 0,
            next_word: 0,
            filled: 1,
            layer: 1,
            backward: false,
            status: Status::Running,
            stats: Stats::default(),
        }
    }

    pub fn filled(&self) -> u32 {
        self.filled
    }

    pub fn depth(&self) -> u8 {
        self.depth
    }

    pub fn status(&self) -> Status {
        self.status
    }

    pub fn metric(&self) -> Metric {
        self.table.metric
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.status = Status::Cancelled;
        }
    }

    /// The table, once the search has reached every position.
    pub fn finish(self) -> Option<DistanceTable> {
        (self.status == Status::Solved).then_some(self.table)
    }

    /// One slice of the current layer.
    pub fn step_with(&mut self, tables: &MoveTables) -> Option<LayerProgress> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        let gens = self.table.metric.generators();
        let (d, next) = (self.depth, self.depth + 1);
        let words = self.table.nibbles.len() / 8;
        let end = (self.next_word + WORDS_PER_STEP).min(words);
        // Sixteen positions per u64: find the nibbles equal to the target without looking
        // at each one (the classic "has a zero nibble" bit trick on word ^ target).
        const ONES: u64 = 0x1111_1111_1111_1111;
        const HIGHS: u64 = 0x8888_8888_8888_8888;
        let target = if self.backward { UNSEEN } else { d };
        for w in self.next_word..end {
            let bytes: [u8; 8] = self.table.nibbles[w * 8..w * 8 + 8]
                .try_into()
                .expect("eight bytes");
            let v = u64::from_le_bytes(bytes) ^ (target as u64 * ONES);
            if v.wrapping_sub(ONES) & !v & HIGHS == 0 {
                continue;
            }
            for j in 0..16 {
                if (v >> (4 * j)) & 0xF != 0 {
                    continue;
                }
                let position = (w * 16 + j) as u32;
                let (p, t) = (position as usize / TWISTS, position as usize % TWISTS);
                let (moved_perm, moved_twist) = (&tables.perm[p], &tables.twist[t]);
                let neighbour =
                    |g: usize| moved_perm[g] as u32 * TWISTS as u32 + moved_twist[g] as u32;
                if self.backward {
                    // The generators are closed under inverse: neighbours are predecessors.
                    if gens.iter().any(|&g| self.table.distance(neighbour(g)) == d) {
                        self.table.set(position, next);
                        self.filled += 1;
                        self.layer += 1;
                    }
                } else {
                    for &g in gens {
                        let n = neighbour(g);
                        if self.table.distance(n) == UNSEEN {
                            self.table.set(n, next);
                            self.filled += 1;
                            self.layer += 1;
                        }
                    }
                }
            }
        }
        self.stats.nodes = self.filled as u64;
        self.next_word = end;
        if end == words {
            self.next_word = 0;
            self.depth = next;
            // Expanding the new layer costs about |layer| × moves; scanning the unseen costs
            // about |unseen| × a few lookups: take the cheaper direction.
            let unseen = POSITIONS_COUNT as u32 - self.filled;
            self.backward =
                (unseen as u64) * BACKWARD_WEIGHT < self.layer as u64 * gens.len() as u64;
            self.layer = 0;
            if unseen == 0 {
                self.status = Status::Solved;
            }
        }
        Some(LayerProgress {
            depth: self.depth,
            filled: self.filled,
        })
    }
}

/// A builder that owns its move tables, for callers that just want steps.
pub struct OwnedTableBuilder {
    pub tables: MoveTables,
    pub builder: TableBuilder,
}

impl StepMachine for OwnedTableBuilder {
    type Event = LayerProgress;

    fn step(&mut self) -> Option<LayerProgress> {
        self.builder.step_with(&self.tables)
    }

    fn status(&self) -> Status {
        self.builder.status
    }

    fn stats(&self) -> &Stats {
        &self.builder.stats
    }
}

/// Where the layer-by-layer search stands (the SQL article's words: the current layer,
/// the positions found per layer, the frontier being expanded and how much of it is not
/// yet processed).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BfsProgress {
    /// The distance of the frontier being expanded.
    pub depth: u8,
    /// Positions found at each distance so far (the last entry grows while expanding).
    pub layer_counts: Vec<u64>,
    /// Positions in the frontier (all at `depth`).
    pub frontier: u64,
    /// Frontier positions not yet expanded.
    pub not_yet_processed: u64,
    /// Positions reached so far, and not yet reached.
    pub reached: u64,
    pub unreached: u64,
}

/// What one step of [`LayerBfs`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BfsStep {
    pub depth: u8,
    /// Frontier positions expanded by this step.
    pub expanded: u32,
    /// New positions it found (at `depth + 1`).
    pub found: u32,
    /// Whether this step finished the layer.
    pub layer_done: bool,
}

/// Breadth-first search from solved as a step machine with an explicit frontier: each step
/// expands up to `batch` frontier positions, so a page can play it slowly and show the
/// layers fill. Its finished table equals [`DistanceTable::build`]'s.
#[derive(Clone)]
pub struct LayerBfs {
    tables: MoveTables,
    table: DistanceTable,
    frontier: Vec<u32>,
    next: Vec<u32>,
    done_in_frontier: usize,
    depth: u8,
    layer_counts: Vec<u64>,
    reached: u64,
    batch: usize,
    line: BfsLine,
    status: Status,
    stats: Stats,
}

impl LayerBfs {
    /// `batch`: frontier positions per step (at least 1).
    pub fn new(metric: Metric, batch: usize) -> LayerBfs {
        LayerBfs::with_tables(MoveTables::new(), metric, batch)
    }

    pub fn with_tables(tables: MoveTables, metric: Metric, batch: usize) -> LayerBfs {
        let mut table = DistanceTable {
            metric,
            nibbles: vec![0xFF; POSITIONS_COUNT.div_ceil(2)],
        };
        table.set(0, 0);
        LayerBfs {
            tables,
            table,
            frontier: vec![0],
            next: Vec::new(),
            done_in_frontier: 0,
            depth: 0,
            layer_counts: vec![1],
            reached: 1,
            batch: batch.max(1),
            line: BfsLine::Start,
            status: Status::Running,
            stats: Stats::default(),
        }
    }

    pub fn set_batch(&mut self, batch: usize) {
        self.batch = batch.max(1);
    }

    /// The line of the listing the last step ran.
    pub fn line(&self) -> BfsLine {
        self.line
    }

    /// Positions found for the next layer so far.
    pub fn next_len(&self) -> u64 {
        self.next.len() as u64
    }

    pub fn progress(&self) -> BfsProgress {
        BfsProgress {
            depth: self.depth,
            layer_counts: self.layer_counts.clone(),
            frontier: self.frontier.len() as u64,
            not_yet_processed: (self.frontier.len() - self.done_in_frontier) as u64,
            reached: self.reached,
            unreached: POSITIONS_COUNT as u64 - self.reached,
        }
    }

    /// The distance found so far for a position (`None` while unreached).
    pub fn distance(&self, position: u32) -> Option<u8> {
        let d = self.table.distance(position);
        (d != UNSEEN).then_some(d)
    }

    pub fn cancel(&mut self) {
        if self.status == Status::Running {
            self.status = Status::Cancelled;
        }
    }

    /// The table and the move tables, once every position is reached.
    pub fn finish(self) -> Option<(MoveTables, DistanceTable)> {
        (self.status == Status::Solved).then_some((self.tables, self.table))
    }
}

impl StepMachine for LayerBfs {
    type Event = BfsStep;

    fn step(&mut self) -> Option<BfsStep> {
        if self.status.is_finished() {
            return None;
        }
        self.stats.steps += 1;
        let gens = self.table.metric.generators();
        let next_depth = self.depth + 1;
        if self.layer_counts.len() <= next_depth as usize {
            self.layer_counts.push(0);
        }
        let end = (self.done_in_frontier + self.batch).min(self.frontier.len());
        let mut found = 0u32;
        for i in self.done_in_frontier..end {
            let p = self.frontier[i];
            for &g in gens {
                let q = self.tables.apply(p, g);
                if self.table.distance(q) == UNSEEN {
                    self.table.set(q, next_depth);
                    self.next.push(q);
                    found += 1;
                }
            }
        }
        let expanded = (end - self.done_in_frontier) as u32;
        self.done_in_frontier = end;
        self.layer_counts[next_depth as usize] += found as u64;
        self.reached += found as u64;
        self.stats.nodes = self.reached;
        let layer_done = end == self.frontier.len();
        self.line = BfsLine::Expand;
        let event = BfsStep {
            depth: self.depth,
            expanded,
            found,
            layer_done,
        };
        if layer_done {
            self.frontier = std::mem::take(&mut self.next);
            self.done_in_frontier = 0;
            if self.frontier.is_empty() {
                // The last layer found nothing: drop its empty count.
                self.layer_counts.pop();
                self.status = Status::Solved;
                self.line = BfsLine::Done;
            } else {
                self.depth = next_depth;
                self.line = BfsLine::Layer;
            }
        }
        Some(event)
    }

    fn status(&self) -> Status {
        self.status
    }

    fn stats(&self) -> &Stats {
        &self.stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generators_and_their_inverses_pair_up() {
        let t = MoveTables::new();
        for position in [0u32, 17, 1_000_000, 3_674_159] {
            for g in 0..9 {
                let inverse = g / 3 * 3 + (2 - g % 3);
                assert_eq!(t.apply(t.apply(position, g), inverse), position);
            }
        }
    }

    #[test]
    fn the_table_fits_in_two_mebibytes() {
        let builder = TableBuilder::new(Metric::Htm);
        assert!(builder.table.bytes() <= 2 * 1024 * 1024);
    }
}
