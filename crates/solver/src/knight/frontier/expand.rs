//! One cell's transition: from a path structure on the frontier, every way of linking the
//! new cell to earlier cells, then the cells that leave the frontier.
//!
//! Labels (4 bits per window cell, see [`super::plan`]): `FULL` (two edges, or gone),
//! `EMPTY` (no edge yet), `TAIL` (one edge, and its piece's other end is a tour end that
//! has left), or a pair label shared by the two frontier ends of one path piece. Pair
//! labels are renumbered in order of first appearance, so equal structures pack equally.
//!
//! Rules: a cell takes at most two edges (the fixed start of an open tour at most one);
//! joining the two ends of one piece closes a cycle, allowed only as the very last edge
//! of a closed tour; a cell leaving with one edge becomes an end of the open tour (at most
//! two, one of them the fixed start if there is one), a cell leaving with none kills the
//! structure. A piece whose both ends are tour ends is the whole tour: it counts if every
//! cell is placed and nothing else is left on the frontier.

use std::ops::ControlFlow;

use super::oracle::{KeySet, ENDS_SHIFT};
use super::plan::{CellPlan, Plan, EMPTY, FIRST_PAIR, FULL, TAIL};
use super::table::State;

/// Window cells plus the new one, with room to spare.
type Labels = [u8; 32];

/// What linking two cells did.
enum Link {
    Fine,
    /// The tour (path or cycle) is complete.
    Complete,
    Dead,
}

/// Links the new cell `a` to `b`. Both have fewer than two edges.
#[inline]
fn link(l: &mut Labels, k: usize, a: usize, b: usize, fresh: &mut u8, closed: bool) -> Link {
    let (la, lb) = (l[a], l[b]);
    match (la, lb) {
        (EMPTY, EMPTY) => {
            l[a] = *fresh;
            l[b] = *fresh;
            *fresh += 1;
            Link::Fine
        }
        (EMPTY, x) => {
            l[b] = FULL;
            l[a] = x;
            Link::Fine
        }
        (x, EMPTY) => {
            l[a] = FULL;
            l[b] = x;
            Link::Fine
        }
        (TAIL, TAIL) => {
            l[a] = FULL;
            l[b] = FULL;
            Link::Complete
        }
        (x, y) if x == y => {
            l[a] = FULL;
            l[b] = FULL;
            if closed {
                Link::Complete
            } else {
                Link::Dead
            }
        }
        (x, y) => {
            l[a] = FULL;
            l[b] = FULL;
            // Two pieces become one: the far end of one takes the other's label (a
            // tail's far end has left, so the pair's far end becomes the tail).
            let (old, new) = match (x, y) {
                (TAIL, y) => (y, TAIL),
                (x, TAIL) => (x, TAIL),
                (x, y) => (y, x),
            };
            if let Some(q) = (0..=k).find(|&q| l[q] == old) {
                l[q] = new;
            }
            Link::Fine
        }
    }
}

/// Of a state after a row's last cell and its mirror image (pairs renumbered in order of
/// first appearance), the one kept, with its needs vector: the one with the smaller needs
/// vector ([`Plan::canonical_needs`], as the oracle chooses), then the smaller code. Both
/// finish in as many ways; see [`super::plan::CellPlan::mirror`].
#[inline]
fn canonical(plan: &Plan, state: State, needs: u64) -> (State, u64) {
    if state & 15 != FULL as State {
        return (state, needs);
    }
    let image_needs = plan.mirror_needs(needs);
    if image_needs > needs {
        return (state, needs);
    }
    let mut map = [0u8; 16];
    let mut next = FIRST_PAIR;
    let mut image: State = 0;
    for q in 0..plan.k {
        // Position q of the image holds what the original holds at q's mirror.
        let mut v = (state >> (4 * plan.mirrored_position(q))) as u8 & 15;
        if v >= FIRST_PAIR {
            if map[v as usize] == 0 {
                map[v as usize] = next;
                next += 1;
            }
            v = map[v as usize];
        }
        image |= (v as State) << (4 * q);
    }
    if image_needs < needs || image < state {
        (image, image_needs)
    } else {
        (state, needs)
    }
}

/// Everything but `FULL` gone?
#[inline]
fn all_full(l: &Labels, k: usize) -> bool {
    l[..=k].iter().all(|&v| v == FULL)
}

/// The cell being expanded: what every edge choice reads.
struct Step<'a> {
    plan: &'a Plan,
    c: &'a CellPlan,
    k: usize,
    /// The fixed start's window position, while it is in the window.
    start: Option<usize>,
}

impl Step<'_> {
    /// Tours completed by labels `l` in which the tour just closed: one if this is the
    /// last cell and nothing else is left on the frontier.
    #[inline]
    fn completions(&self, l: &Labels) -> u32 {
        (self.c.last && all_full(l, self.k)) as u32
    }

    /// Whether the fixed start is placed and has not yet left the frontier.
    #[inline]
    fn start_to_come(&self, start_gone: bool) -> bool {
        self.plan.start.is_some() && !start_gone
    }
}

/// How one edge choice ends: `Break(n)` when no state follows (`n`, 0 or 1, tours it
/// completes), `Continue((state, key))` for the next state and its oracle key.
type Choice = ControlFlow<u32, (State, u64)>;

/// Expands `state` at cell `c`: calls `emit` with each next state (one per edge choice
/// that survives, and whose needs are among `live` if given: see [`super::oracle`]) and
/// returns how many edge choices complete the tour here.
#[inline]
pub fn expand(
    plan: &Plan,
    c: &CellPlan,
    state: State,
    live: Option<&KeySet>,
    emit: impl FnMut(State),
) -> u32 {
    let k = plan.k;
    let (base, fresh) = unpack(state, k);
    let step = Step {
        plan,
        c,
        k,
        start: c.start_pos.map(usize::from),
    };
    let mut completions = 0;
    // Surviving choices: the next state and its key (at most 1 + 4 + 6).
    let mut outs = [0 as State; 11];
    let mut keys = [0u64; 11];
    let mut count = 0;
    let mut try_edges = |edges| match choose(&step, &base, fresh, edges) {
        ControlFlow::Break(n) => completions += n,
        ControlFlow::Continue((out, key)) => {
            outs[count] = out;
            keys[count] = key;
            count += 1;
        }
    };
    // Edge choices: none, one, or two of the earlier neighbours. The fixed start takes
    // one edge; everyone else two.
    let n = c.back.len();
    let two = step.start != Some(k);
    try_edges([None, None]);
    for i in 0..n {
        try_edges([Some(i), None]);
        if two {
            for j in i + 1..n {
                try_edges([Some(i), Some(j)]);
            }
        }
    }
    emit_live(live, &outs[..count], &keys[..count], emit);
    completions
}

/// The labels of `state`'s window with the new cell, still empty, at `k`; and the first
/// pair label not in use.
#[inline]
fn unpack(state: State, k: usize) -> (Labels, u8) {
    let mut base: Labels = [FULL; 32];
    let mut fresh = FIRST_PAIR;
    for (p, slot) in base.iter_mut().enumerate().take(k) {
        let v = (state >> (4 * p)) as u8 & 15;
        *slot = v;
        if v >= fresh {
            fresh = v + 1;
        }
    }
    base[k] = EMPTY;
    (base, fresh)
}

/// Follows one edge choice (indices into the cell's earlier neighbours) from `base`.
#[inline]
fn choose(s: &Step, base: &Labels, fresh: u8, edges: [Option<usize>; 2]) -> Choice {
    let mut l = *base;
    link_edges(s, &mut l, fresh, edges)?;
    let start_gone = retire(s, &mut l)?;
    if s.c.last || !lonely_ends_fit(s, &l, start_gone) {
        return ControlFlow::Break(0);
    }
    ControlFlow::Continue(shift(s, &l, start_gone))
}

/// Links the new cell to the chosen earlier neighbours. Breaks if a neighbour cannot take
/// the edge, a cycle closes too early, or the tour is complete.
#[inline]
fn link_edges(s: &Step, l: &mut Labels, fresh: u8, edges: [Option<usize>; 2]) -> ControlFlow<u32> {
    let mut fresh = fresh;
    let mut complete = false;
    for b in edges.into_iter().flatten() {
        let b = s.c.back[b] as usize;
        if l[b] == FULL || (s.start == Some(b) && l[b] != EMPTY) {
            return ControlFlow::Break(0);
        }
        match link(l, s.k, s.k, b, &mut fresh, s.plan.closed) {
            Link::Fine => {}
            Link::Complete => complete = true,
            Link::Dead => return ControlFlow::Break(0),
        }
    }
    if complete {
        return ControlFlow::Break(s.completions(l));
    }
    ControlFlow::Continue(())
}

/// Retires the cells that leave the frontier with this one: a cell with one edge becomes
/// a tour end, one with none kills the structure. Continues with whether the fixed start
/// has left.
#[inline]
fn retire(s: &Step, l: &mut Labels) -> ControlFlow<u32, bool> {
    let (plan, c, k, start) = (s.plan, s.c, s.k, s.start);
    let mut start_gone = c.start_gone;
    for &p in &c.retire {
        let p = p as usize;
        match l[p] {
            FULL => {}
            EMPTY => return ControlFlow::Break(0),
            TAIL => {
                // Both ends of this piece are tour ends: the tour is complete.
                if c.no_end >> p & 1 == 1 {
                    return ControlFlow::Break(0);
                }
                l[p] = FULL;
                return ControlFlow::Break(s.completions(l));
            }
            x => {
                if plan.closed || c.no_end >> p & 1 == 1 {
                    return ControlFlow::Break(0);
                }
                if start == Some(p) {
                    start_gone = true;
                }
                l[p] = FULL;
                let q = (0..=k)
                    .find(|&q| l[q] == x)
                    .expect("a pair label has two ends");
                l[q] = TAIL;
                let tails = l[..=k].iter().filter(|&&v| v == TAIL).count();
                // Two tour ends at most; until the fixed start has left, only one other.
                let allowed = if s.start_to_come(start_gone) { 1 } else { 2 };
                if tails > allowed {
                    return ControlFlow::Break(0);
                }
            }
        }
        if start == Some(p) && !start_gone {
            // The fixed start leaves with two edges or none: not a tour end.
            return ControlFlow::Break(0);
        }
    }
    ControlFlow::Continue(start_gone)
}

/// Cells with no edge and one neighbour to come can only be tour ends: with the ends
/// already made (tails) and the fixed start still to leave, at most two.
#[inline]
fn lonely_ends_fit(s: &Step, l: &Labels, start_gone: bool) -> bool {
    let mut lonely = s.c.one_left;
    let mut ends = 0;
    while lonely != 0 {
        let p = lonely.trailing_zeros() as usize;
        lonely &= lonely - 1;
        if l[p] == EMPTY && s.start != Some(p) {
            if s.c.no_end >> p & 1 == 1 {
                return false;
            }
            ends += 1;
        }
    }
    if ends == 0 {
        return true;
    }
    if s.plan.closed {
        return false;
    }
    let tails = l[..=s.k].iter().filter(|&&v| v == TAIL).count() as u32;
    ends + tails + s.start_to_come(start_gone) as u32 <= 2
}

/// Shifts the window by one cell and renumbers the pairs; returns the packed state and
/// its key: the needs vector (see `oracle`) and the count of tour ends.
#[inline]
fn shift(s: &Step, l: &Labels, start_gone: bool) -> (State, u64) {
    let (k, start) = (s.k, s.start);
    let mut map = [0u8; 16];
    let mut next = FIRST_PAIR;
    let mut out: State = 0;
    let mut needs: u64 = 0;
    let mut tails = s.start_to_come(start_gone) as u64;
    for (p, &v) in l.iter().enumerate().take(k + 1).skip(1) {
        let mut v = v;
        tails += (v == TAIL) as u64;
        let need = match v {
            FULL => 0,
            EMPTY if start == Some(p) => 1,
            EMPTY => 2,
            // The fixed start takes one edge only.
            _ if start == Some(p) => 0,
            _ => 1,
        };
        needs |= need << (2 * (p - 1));
        if v >= FIRST_PAIR {
            if map[v as usize] == 0 {
                map[v as usize] = next;
                next += 1;
            }
            v = map[v as usize];
        }
        out |= (v as State) << (4 * (p - 1));
    }
    let (out, needs) = if s.c.mirror {
        canonical(s.plan, out, needs)
    } else {
        (out, needs)
    };
    (out, needs | tails << ENDS_SHIFT)
}

/// Emits each surviving state whose key is live (every one if there is no oracle).
#[inline]
fn emit_live(live: Option<&KeySet>, outs: &[State], keys: &[u64], mut emit: impl FnMut(State)) {
    match live {
        Some(live) => {
            let mut found = [false; 11];
            live.contains_batch(keys, &mut found[..keys.len()]);
            for (&out, _) in outs.iter().zip(found).filter(|&(_, f)| f) {
                emit(out);
            }
        }
        None => outs.iter().for_each(|&out| emit(out)),
    }
}
