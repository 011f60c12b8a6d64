//! A relaxed count that tells the exact one which path structures can still finish.
//!
//! Most structures the frontier produces are dead: near the far edge of the board the
//! cells left cannot give every frontier cell the edges it still needs. The relaxation
//! forgets how path pieces pair up and keeps, per frontier cell, only its need (edges
//! still to get: 0, 1 or 2) and how many tour ends are taken. Its layers are small, so
//! they are built forward and then swept backward to keep only the needs vectors from
//! which the relaxed problem can finish. The exact count then drops any structure whose
//! needs vector is not among them (a structure that can finish has a needs vector that
//! can: every real completion is a relaxed one).
//!
//! Packing: 2 bits of need per window position (at most 25 positions), tour ends taken at
//! bit 60. With a fixed start, its end is taken from the start (reserved).

use super::plan::{CellPlan, Plan};
use crate::prefetch::prefetch;

/// Bit offset of the tour-end count.
pub const ENDS_SHIFT: u32 = 60;
const EMPTY_KEY: u64 = u64::MAX;

/// A set of packed relaxed states (open addressing).
#[derive(Clone, Debug, Default)]
pub struct KeySet {
    slots: Vec<u64>,
    len: usize,
}

#[inline]
fn mix(key: u64) -> u64 {
    let mut x = key ^ (key >> 31);
    x = x.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^ (x >> 29)
}

impl KeySet {
    pub fn with_capacity(n: usize) -> KeySet {
        KeySet {
            slots: crate::huge_pages::filled((n * 2 + 1).next_power_of_two().max(16), EMPTY_KEY),
            len: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn insert(&mut self, key: u64) {
        if (self.len + 1) * 2 > self.slots.len() {
            let old = std::mem::take(&mut self.slots);
            *self = KeySet::with_capacity(old.len());
            for k in old.into_iter().filter(|&k| k != EMPTY_KEY) {
                self.insert(k);
            }
        }
        let mask = self.slots.len() - 1;
        let mut i = mix(key) as usize & mask;
        loop {
            if self.slots[i] == key {
                return;
            }
            if self.slots[i] == EMPTY_KEY {
                self.slots[i] = key;
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    #[inline]
    pub fn contains(&self, key: u64) -> bool {
        if self.slots.is_empty() {
            return false;
        }
        let mask = self.slots.len() - 1;
        let mut i = mix(key) as usize & mask;
        loop {
            let k = self.slots[i];
            if k == key {
                return true;
            }
            if k == EMPTY_KEY {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    /// Membership of each key (`found[i]` for `keys[i]`), prefetching all their slots first
    /// so the cache misses overlap.
    pub fn contains_batch(&self, keys: &[u64], found: &mut [bool]) {
        if self.slots.is_empty() {
            found.iter_mut().for_each(|f| *f = false);
            return;
        }
        let mask = self.slots.len() - 1;
        for &key in keys {
            prefetch(&self.slots[mix(key) as usize & mask]);
        }
        for (f, &key) in found.iter_mut().zip(keys) {
            *f = self.contains(key);
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        self.slots.iter().copied().filter(|&k| k != EMPTY_KEY)
    }

    pub fn bytes(&self) -> usize {
        self.slots.len() * 8
    }
}

/// The relaxed state before the first cell.
pub fn initial(plan: &Plan) -> u64 {
    (plan.start.is_some() as u64) << ENDS_SHIFT
}

/// Relaxed transitions of `a` at cell `c`: calls `emit` with each next state and returns
/// whether some edge choice finishes the tour here.
pub fn step(plan: &Plan, c: &CellPlan, a: u64, mut emit: impl FnMut(u64)) -> bool {
    let k = plan.k;
    let mut need = [0u8; 32];
    for (p, n) in need.iter_mut().enumerate().take(k) {
        *n = (a >> (2 * p)) as u8 & 3;
    }
    let start = c.start_pos.map(usize::from);
    need[k] = if start == Some(k) { 1 } else { 2 };
    let ends = (a >> ENDS_SHIFT) as u32;
    let n = c.back.len();
    let mut finished = false;
    let mut choose = |first: Option<usize>, second: Option<usize>| {
        let mut l = need;
        let mut ends = ends;
        for b in [first, second].into_iter().flatten() {
            let b = c.back[b] as usize;
            if l[b] == 0 || l[k] == 0 {
                return;
            }
            l[b] -= 1;
            l[k] -= 1;
        }
        for &p in &c.retire {
            let p = p as usize;
            match l[p] {
                0 if start == Some(p) && c.no_end >> p & 1 == 1 => return,
                0 => {}
                1 if start != Some(p) => {
                    // One edge: a tour end.
                    if plan.closed || c.no_end >> p & 1 == 1 || ends >= 2 {
                        return;
                    }
                    ends += 1;
                    l[p] = 0;
                }
                _ => return,
            }
        }
        if c.last {
            finished |= if plan.closed { ends == 0 } else { ends == 2 };
            return;
        }
        let mut forced = 0;
        let mut lonely = c.one_left;
        while lonely != 0 {
            let p = lonely.trailing_zeros() as usize;
            lonely &= lonely - 1;
            if l[p] == 2 {
                if plan.closed || c.no_end >> p & 1 == 1 {
                    return;
                }
                forced += 1;
            }
        }
        if ends + forced > 2 {
            return;
        }
        let mut out = (ends as u64) << ENDS_SHIFT;
        for (p, &v) in l.iter().enumerate().take(k + 1).skip(1) {
            out |= (v as u64) << (2 * (p - 1));
        }
        emit(if c.mirror {
            plan.canonical_needs(out)
        } else {
            out
        });
    };
    choose(None, None);
    for i in 0..n {
        choose(Some(i), None);
        for j in i + 1..n {
            choose(Some(i), Some(j));
        }
    }
    finished
}

/// The live relaxed states before each cell (`cells + 1` sets, the last one empty).
#[derive(Clone, Debug, Default)]
pub struct Oracle {
    pub live: Vec<KeySet>,
}

impl Oracle {
    /// How many needs vectors each layer keeps (empty without an oracle): the shape the
    /// work estimate follows (see `compact::estimate_work`).
    pub fn live_counts(&self) -> Vec<u64> {
        self.live.iter().map(|l| l.len() as u64).collect()
    }
}

/// Part `index` (0-based) of `of` parts of a count: the tours whose needs vector, after
/// the cut's cell, falls in the part's class (see [`PartOf::owns`]). Every tour passes
/// through the cut with exactly one needs vector, so the parts add up to the whole, and
/// each is an ordinary sweep whose oracle keeps only its own class at the cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PartOf {
    pub index: u32,
    pub of: u32,
}

impl PartOf {
    /// The layer (states after this many cells) where the parts are told apart: the end
    /// of the row about 60 % of the way, in the middle of the run of biggest layers.
    ///
    /// A part is restricted exactly at the cut only; the layers around it keep the
    /// structures that lead to (or come from) one of its needs vectors, which is most of
    /// them a few cells away. So the cut goes where the big layers are on both sides.
    /// Measured on 7x8 closed in 16 parts (whole peak 4.16 M structures): a part's peak
    /// is 1.60 M with the cut after row 5 (35 cells), 1.96 M at 38, 2.11 M at 33 and
    /// 2.88 M at 40; 0.91 M in 64 parts.
    pub fn cut(plan: &Plan) -> usize {
        let cells = plan.cells_total() as usize;
        let w = plan.w as usize;
        let rows = cells / w;
        (w * ((rows * 6 + 5) / 10)).clamp(1, cells.saturating_sub(1).max(1))
    }

    /// Whether a needs vector at the cut is this part's.
    pub fn owns(&self, key: u64) -> bool {
        ((mix(key) as u128 * self.of as u128) >> 64) as u32 == self.index
    }
}

/// Builds the oracle a layer at a time (forward, then backward), so a step machine can
/// spread the work.
#[derive(Clone, Debug)]
pub struct OracleBuilder {
    /// Reachable relaxed states before each cell (forward pass).
    forward: Vec<Vec<u64>>,
    /// Live sets, filled from the end.
    live: Vec<KeySet>,
    /// Next cell to sweep backward (counts down); `None` while the forward pass runs.
    back: Option<usize>,
    /// Keep only this part's needs vectors at the cut.
    part: Option<PartOf>,
}

impl OracleBuilder {
    pub fn new(plan: &Plan) -> OracleBuilder {
        OracleBuilder {
            forward: vec![vec![initial(plan)]],
            live: Vec::new(),
            back: None,
            part: None,
        }
    }

    /// The oracle of one part of the count (see [`PartOf`]).
    pub fn for_part(plan: &Plan, part: Option<PartOf>) -> OracleBuilder {
        OracleBuilder {
            part,
            ..OracleBuilder::new(plan)
        }
    }

    /// Relaxed states handled so far (a work measure).
    pub fn states(&self) -> usize {
        self.forward.iter().map(Vec::len).sum::<usize>()
            + self.live.iter().map(KeySet::len).sum::<usize>()
    }

    /// Does one layer; `Some(oracle)` when done.
    pub fn step(&mut self, plan: &Plan) -> Option<Oracle> {
        let cells = plan.cells_total() as usize;
        match self.back {
            None => {
                let cell = self.forward.len() - 1;
                let mut next = KeySet::with_capacity(self.forward[cell].len() * 2);
                for &a in &self.forward[cell] {
                    step(plan, &plan.cells[cell], a, |o| next.insert(o));
                }
                let mut next: Vec<u64> = next.iter().collect();
                next.sort_unstable();
                self.forward.push(next);
                if self.forward.len() == cells + 1 {
                    self.live = vec![KeySet::default(); cells + 1];
                    self.back = Some(cells);
                }
                None
            }
            Some(0) => Some(Oracle {
                live: std::mem::take(&mut self.live),
            }),
            Some(cell) => {
                let cell = cell - 1;
                let mut live = KeySet::with_capacity(self.forward[cell].len() / 4);
                for &a in &self.forward[cell] {
                    let mut alive = false;
                    let done = step(plan, &plan.cells[cell], a, |o| {
                        alive = alive || self.live[cell + 1].contains(o)
                    });
                    if done || alive {
                        live.insert(a);
                    }
                }
                if let Some(part) = self.part.filter(|_| cell == PartOf::cut(plan)) {
                    let mut mine = KeySet::with_capacity(live.len() / part.of as usize + 16);
                    live.iter()
                        .filter(|&k| part.owns(k))
                        .for_each(|k| mine.insert(k));
                    live = mine;
                }
                self.live[cell] = live;
                self.forward[cell + 1] = Vec::new();
                self.back = Some(cell);
                (cell == 0).then(|| Oracle {
                    live: std::mem::take(&mut self.live),
                })
            }
        }
    }

    /// Builds the whole oracle.
    pub fn build(plan: &Plan) -> Oracle {
        OracleBuilder::new(plan).build_all(plan)
    }

    /// Does every layer left.
    pub fn build_all(mut self, plan: &Plan) -> Oracle {
        let b = &mut self;
        loop {
            if let Some(o) = b.step(plan) {
                return o;
            }
        }
    }
}
