//! The step machine's layers as 64-bit keys ([`Codec`]) and 64-bit counts, the next layer
//! in the compact sweep's [`SharedTable`] (used here by one thread): 16 bytes a state
//! where a wide slot takes 32. Only 8-wide boards need more than narrow slots, and 8x8
//! closed keys fit 64 bits, so a browser worker holds an 8x8 part's layers in half the
//! memory (a part of 32 peaks at 42.5 M structures: about 1.7 GB here, 3.4 GB in wide
//! slots, past what the worker may take).

use super::expand::expand;
use super::keys::Codec;
use super::plan::Plan;
use super::shared_table::SharedTable;
use super::table::OVERFLOW;
use super::{Chunk, LayerStore};

/// The next layer's table is sized for this load, and regrown past 85 %.
const LOAD: f64 = 0.66;
/// The most next states one state makes (the table is checked before each state).
const MOST_NEXT: usize = 11;

/// A layer being expanded into the next.
pub struct KeyedLayers {
    codec: Codec,
    /// The layer: each shard's entries as key, count, key, count, …
    input: Vec<Vec<u64>>,
    /// `starts[s]`: the number of states before shard `s` (and the total at the end).
    starts: Vec<usize>,
    output: Option<SharedTable>,
}

impl KeyedLayers {
    /// The empty board's layer, if the plan's states fit 64-bit keys.
    pub fn start(plan: &Plan) -> Option<KeyedLayers> {
        let codec = Codec::for_plan(plan)?;
        let first = codec.encode(plan.initial_state())?;
        Some(KeyedLayers {
            codec,
            input: vec![vec![first, 1]],
            starts: vec![0, 1],
            output: None,
        })
    }
}

impl LayerStore for KeyedLayers {
    fn input_len(&self) -> usize {
        self.starts.last().copied().unwrap_or(0)
    }

    fn output_len(&self) -> usize {
        self.output.as_ref().map_or(0, SharedTable::len)
    }

    fn bytes_per_state(&self) -> usize {
        16
    }

    fn expand(&mut self, chunk: Chunk) -> Result<u128, String> {
        let Chunk {
            plan,
            live,
            cell,
            from,
            to,
        } = chunk;
        let n = self.input_len();
        let codec = self.codec;
        // About as many states as this layer: the table grows if there are more, and
        // memory is what limits a browser worker.
        let table = self
            .output
            .get_or_insert_with(|| SharedTable::new(n, LOAD, MOST_NEXT));
        let c = &plan.cells[cell as usize];
        let mut done: u128 = 0;
        let mut shard = self.starts.partition_point(|&s| s <= from) - 1;
        for i in from..to {
            while i >= self.starts[shard + 1] {
                shard += 1;
            }
            if table.crowded() {
                // Bigger than guessed: grow for the share of the layer still to come.
                table.regrow(n as f64 / i.max(1) as f64 * 1.05, LOAD);
            }
            let j = i - self.starts[shard];
            let (key, count) = (self.input[shard][2 * j], self.input[shard][2 * j + 1]);
            let mut misfit = false;
            let finished = expand(plan, c, codec.decode(key), live, |next| {
                match codec.encode(next) {
                    Some(k) => table.add(k, count),
                    None => misfit = true,
                }
            });
            if misfit {
                return Err("a path structure did not fit its 64-bit key".to_string());
            }
            done = (count as u128)
                .checked_mul(finished as u128)
                .and_then(|t| done.checked_add(t))
                .ok_or_else(|| OVERFLOW.to_string())?;
        }
        Ok(done)
    }

    fn next_layer(&mut self) -> Result<(), String> {
        self.input = Vec::new();
        self.input = match self.output.take() {
            Some(table) => table.into_entries()?,
            None => Vec::new(),
        };
        self.starts = std::iter::once(0)
            .chain(self.input.iter().scan(0, |sum, s| {
                *sum += s.len() / 2;
                Some(*sum)
            }))
            .collect();
        Ok(())
    }

    fn clear(&mut self) {
        self.input = Vec::new();
        self.starts = vec![0];
        self.output = None;
    }
}
