//! Half boards for the meet-in-the-middle count of closed tours (McKay 1997).
//!
//! A closed tour of a `w`×`h` board, cut between rows `m - 1` and `m`, is a set of path
//! pieces in the top rows and a set in the bottom rows, joined by the knight edges that
//! cross the cut. Seen from the top, the tour leaves behind only which crossing edges it
//! uses (`S`) and which of them the top pieces join in pairs (`P`): a [`HalfClass`]. The
//! top rows are swept cell by cell (as in the frontier count, but with every crossing edge
//! kept to the end as a labelled half-edge), giving the number of ways to cover the top
//! rows for each class. The bottom rows of a rectangle are its top `h - m` rows turned
//! upside down, so the same sweep gives the bottom classes; [`super::meet`] pairs them.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use super::table::OVERFLOW;

/// Label of a cell with no edge yet (or no longer on the frontier) and of an unused
/// crossing edge.
const NONE: u8 = 0;
/// Label of a cell with its two edges.
const FULL: u8 = 1;
/// First label of an open path piece (both its ends carry it).
const FIRST_PIECE: u8 = 2;
/// A label not yet renumbered.
const FRESH: u8 = 255;

/// The most crossing edges a class holds (a 64-bit set).
pub const MAX_CROSSING: usize = 64;

/// A knight edge crossing the cut: its square above (row < m) and below, as `(x, y)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Crossing {
    pub top: (u32, u32),
    pub bottom: (u32, u32),
}

/// The knight edges of a `w`×`h` board crossing the cut above row `m`, in a fixed order.
pub fn crossings(w: u32, h: u32, m: u32) -> Vec<Crossing> {
    let mut out = Vec::new();
    for y in m.saturating_sub(2)..m {
        for x in 0..w {
            for (dx, dy) in [(-2i64, 1i64), (2, 1), (-1, 2), (1, 2)] {
                let (bx, by) = (x as i64 + dx, y as i64 + dy);
                if bx < 0 || bx >= w as i64 || by < m as i64 || by >= h as i64 {
                    continue;
                }
                out.push(Crossing {
                    top: (x, y),
                    bottom: (bx as u32, by as u32),
                });
            }
        }
    }
    out.sort();
    out
}

/// One class of top halves: the crossing edges used (bit `e` for edge `e`) and, for each
/// used edge, the edge at the other end of its piece (`mate[e]`; unused edges hold 255).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct HalfClass {
    pub used: u64,
    pub mate: Vec<u8>,
}

/// A cheap hasher for byte keys (the states are already well mixed by their labels).
#[derive(Default)]
pub struct FxHasher(u64);

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut v = [0u8; 8];
            v[..chunk.len()].copy_from_slice(chunk);
            self.0 = (self.0.rotate_left(5) ^ u64::from_le_bytes(v))
                .wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;

/// What the half sweep found.
#[derive(Clone, Debug, Default)]
pub struct HalfSweep {
    /// Ways to cover the top rows, per class.
    pub classes: Vec<(HalfClass, u64)>,
    /// The most states one layer held.
    pub peak_states: u64,
    /// States expanded, over all cells.
    pub work: u64,
}

/// One layer of the sweep: each frontier state (a label per ring slot and crossing edge)
/// and the ways to reach it.
type Layer = HashMap<Vec<u8>, u64, FxBuild>;

/// The knight moves, as `(dx, dy)`.
const MOVES: [(i64, i64); 8] = [
    (-2, -1),
    (2, -1),
    (-1, -2),
    (1, -2),
    (-2, 1),
    (2, 1),
    (-1, 2),
    (1, 2),
];

/// The top rows' cells as the sweep meets them: each cell's earlier neighbours, crossing
/// edges and later-neighbour count, and the cells that leave the frontier once it is
/// placed.
struct TopPlan {
    cells: usize,
    /// Frontier slots for cells (cell `i` sits in slot `i % ring`); crossing edges follow.
    ring: usize,
    slots: usize,
    back: Vec<Vec<usize>>,
    later: Vec<u32>,
    cross: Vec<Vec<usize>>,
    leaving: Vec<Vec<usize>>,
}

impl TopPlan {
    fn new(w: u32, m: u32, edges: &[Crossing]) -> TopPlan {
        let cells = (w * m) as usize;
        let ring = 2 * w as usize + 2;
        let at = |x: i64, y: i64| -> Option<usize> {
            (x >= 0 && x < w as i64 && y >= 0 && y < m as i64).then(|| (y * w as i64 + x) as usize)
        };
        let mut back: Vec<Vec<usize>> = vec![Vec::new(); cells];
        let mut later = vec![0u32; cells];
        let mut last = vec![0usize; cells];
        for i in 0..cells {
            let (x, y) = ((i as u32 % w) as i64, (i as u32 / w) as i64);
            last[i] = i;
            for (dx, dy) in MOVES {
                if let Some(j) = at(x + dx, y + dy) {
                    if j < i {
                        back[i].push(j);
                    } else {
                        later[i] += 1;
                        last[i] = last[i].max(j);
                    }
                }
            }
        }
        let mut cross: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for (e, c) in edges.iter().enumerate() {
            cross[(c.top.1 * w + c.top.0) as usize].push(ring + e);
        }
        let mut leaving: Vec<Vec<usize>> = vec![Vec::new(); cells];
        for j in 0..cells {
            leaving[last[j]].push(j);
        }
        TopPlan {
            cells,
            ring,
            slots: ring + edges.len(),
            back,
            later,
            cross,
            leaving,
        }
    }
}

/// Sweeps the top `m` rows of a `w`×`h` board; `watch(cell, cells, states)` is told as
/// each cell is done (with the states after it) and may stop the sweep by returning false
/// (the error is "cancelled").
pub fn sweep_top(
    w: u32,
    h: u32,
    m: u32,
    watch: &mut dyn FnMut(u32, u32, u64) -> bool,
) -> Result<HalfSweep, String> {
    let edges = crossings(w, h, m);
    if edges.len() > MAX_CROSSING {
        return Err(format!(
            "{} edges cross the cut: at most {MAX_CROSSING}",
            edges.len()
        ));
    }
    let plan = TopPlan::new(w, m, &edges);
    let mut layer: Layer = HashMap::default();
    layer.insert(vec![NONE; plan.slots], 1);
    let mut out = HalfSweep::default();
    let mut targets: Vec<usize> = Vec::with_capacity(8);
    for i in 0..plan.cells {
        let mut next: Layer =
            HashMap::with_capacity_and_hasher(layer.len() * 2, FxBuild::default());
        for (state, count) in layer.drain() {
            out.work += 1;
            place(&plan, i, &state, count, &mut targets, &mut next)?;
        }
        out.peak_states = out.peak_states.max(next.len() as u64);
        layer = next;
        if !watch(i as u32 + 1, plan.cells as u32, layer.len() as u64) {
            return Err("cancelled".to_string());
        }
    }
    out.classes = layer
        .into_iter()
        .map(|(s, count)| (half_class(&s[plan.ring..]), count))
        .collect();
    Ok(out)
}

/// Places cell `i` in `state` (reached `count` ways) every way it can take edges (enough
/// of them now if too few neighbours come later), adding each result to `next`.
#[inline]
fn place(
    plan: &TopPlan,
    i: usize,
    state: &[u8],
    count: u64,
    targets: &mut Vec<usize>,
    next: &mut Layer,
) -> Result<(), String> {
    let v = i % plan.ring;
    let min_new = 2u32.saturating_sub(plan.later[i]) as usize;
    targets.clear();
    targets.extend(
        plan.back[i]
            .iter()
            .map(|&j| j % plan.ring)
            .filter(|&p| state[p] != FULL),
    );
    targets.extend(plan.cross[i].iter().copied());
    let n = targets.len();
    let mut visit = |chosen: &[usize]| -> Result<(), String> {
        let Some(mut s) = attach(state, v, chosen) else {
            return Ok(());
        };
        if !retire(plan, i, &mut s) {
            return Ok(());
        }
        renumber(&mut s);
        let slot = next.entry(s).or_insert(0);
        *slot = slot
            .checked_add(count)
            .ok_or_else(|| OVERFLOW.to_string())?;
        Ok(())
    };
    if min_new == 0 {
        visit(&[])?;
    }
    if min_new <= 1 {
        for &t in targets.iter() {
            visit(&[t])?;
        }
    }
    for a in 0..n {
        for b in a + 1..n {
            visit(&[targets[a], targets[b]])?;
        }
    }
    Ok(())
}

/// Clears the slots of the cells that leave the frontier after cell `i`; false if one
/// leaves without its two edges.
#[inline]
fn retire(plan: &TopPlan, i: usize, s: &mut [u8]) -> bool {
    for &j in &plan.leaving[i] {
        let p = j % plan.ring;
        if s[p] != FULL {
            return false;
        }
        s[p] = NONE;
    }
    true
}

/// The class a finished top half leaves: which crossing edges it uses and which pairs of
/// them are the two ends of one piece.
fn half_class(labels: &[u8]) -> HalfClass {
    let e = labels.len();
    let mut used = 0u64;
    let mut mate = vec![u8::MAX; e];
    for a in 0..e {
        if labels[a] == NONE {
            continue;
        }
        used |= 1 << a;
        if let Some(b) = (a + 1..e).find(|&b| labels[b] == labels[a]) {
            mate[a] = b as u8;
            mate[b] = a as u8;
        }
    }
    HalfClass { used, mate }
}

/// The state after the new cell (slot `v`) takes edges to `chosen` (frontier cells or
/// crossing edges), or `None` if that would close a cycle.
fn attach(state: &[u8], v: usize, chosen: &[usize]) -> Option<Vec<u8>> {
    let mut s = state.to_vec();
    match chosen {
        [] => s[v] = NONE,
        [t] => {
            if s[*t] == NONE {
                s[*t] = FRESH;
                s[v] = FRESH;
            } else {
                s[v] = s[*t];
                s[*t] = FULL;
            }
        }
        [t1, t2] => {
            let (l1, l2) = (s[*t1], s[*t2]);
            if l1 != NONE && l1 == l2 {
                return None;
            }
            // The far end of each joined piece (the target itself if it had no edge).
            let far = |s: &[u8], t: usize| -> usize {
                if s[t] == NONE {
                    t
                } else {
                    (0..s.len()).find(|&p| p != t && s[p] == s[t]).unwrap_or(t)
                }
            };
            let (f1, f2) = (far(&s, *t1), far(&s, *t2));
            if l1 != NONE {
                s[*t1] = FULL;
            }
            if l2 != NONE {
                s[*t2] = FULL;
            }
            s[f1] = FRESH;
            s[f2] = FRESH;
            s[v] = FULL;
        }
        _ => unreachable!("a cell takes at most two edges"),
    }
    // A crossing edge with an edge taken must not be FULL (it has one end only); targets
    // that are crossing edges are NONE before, so they became FRESH ends above.
    Some(s)
}

/// Numbers piece labels in order of first appearance.
fn renumber(s: &mut [u8]) {
    let mut map = [0u8; 256];
    let mut next = FIRST_PIECE;
    for v in s.iter_mut() {
        if *v >= FIRST_PIECE {
            if map[*v as usize] == 0 {
                map[*v as usize] = next;
                next += 1;
            }
            *v = map[*v as usize];
        }
    }
}
