//! Tours of small blocks (sides up to about a dozen) with the shape constraints the
//! divide-and-conquer construction needs: a depth-first search in Warnsdorff order with
//! random tie-breaks, restarted with a new seed when it runs past a node budget.

use crate::board::Board;
use crate::rng::Rng;

/// What kind of tour a block must hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BlockGoal {
    /// A closed tour that goes (0,3) → (1,1) → (3,0): the edges a neighbouring block's
    /// splice uses. Returned as a path from (1,1), to (0,3) first, ending on (3,0).
    Cycle,
    /// An open tour from `start` that does not end on any of `forbidden_ends`; if
    /// `pinned` the square (1,1) sits between (0,3) and (3,0) as in a cycle.
    Path {
        start: (u32, u32),
        forbidden_ends: Vec<(u32, u32)>,
        pinned: bool,
        /// The first move, when the start's first edge is spoken for.
        first: Option<(u32, u32)>,
    },
    /// An open tour from `start` ending on `end`.
    Between { start: (u32, u32), end: (u32, u32) },
    /// An open tour from `start` (ending on `end` if given) that crosses every bridge.
    Bridged {
        start: (u32, u32),
        end: Option<(u32, u32)>,
        bridges: Vec<Bridge>,
    },
}

/// A jump between two squares that are not a knight's move apart, standing for the rest
/// of the board: the tour leaves through one and re-enters through the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bridge {
    pub from: (u32, u32),
    pub to: (u32, u32),
    /// Only from `from` to `to` (the rest of the board is not a loop that can be run
    /// either way round).
    pub one_way: bool,
}

/// Search nodes per attempt, and attempts (each with a new seed) before giving up.
const NODES_PER_ATTEMPT: u64 = 200_000;
const ATTEMPTS: u64 = 60;

/// A tour of the `w`×`h` block meeting `goal`, as (x, y) squares, or `None` if the search
/// gave up (the caller then reports that it could not build the tour).
pub fn block_tour(w: u32, h: u32, goal: &BlockGoal) -> Option<Vec<(u32, u32)>> {
    block_tour_within(w, h, goal, ATTEMPTS, NODES_PER_ATTEMPT)
}

/// As [`block_tour`] with a chosen effort: `attempts` seeds of `budget` nodes each.
pub fn block_tour_within(
    w: u32,
    h: u32,
    goal: &BlockGoal,
    attempts: u64,
    budget: u64,
) -> Option<Vec<(u32, u32)>> {
    let finder = Finder::new(w, h, goal)?;
    (0..attempts).find_map(|seed| finder.attempt(seed, budget))
}

/// A few short randomised tries for an open tour from `start`: quick when tours are
/// plentiful, proves nothing when it finds none.
pub fn quick_tour(w: u32, h: u32, start: (u32, u32)) -> Option<Vec<(u32, u32)>> {
    let goal = BlockGoal::Path {
        start,
        forbidden_ends: Vec::new(),
        pinned: false,
        first: None,
    };
    let finder = Finder::new(w, h, &goal)?;
    (0..16).find_map(|seed| finder.attempt(seed, 20_000))
}

struct Finder {
    w: u32,
    h: u32,
    /// Where the walk may go from each square. Not symmetric: pinning (1,1) and fixing a
    /// first move drop links one way only, and bridges are added.
    adj: Vec<Vec<u32>>,
    /// The squares that can move to each square (`adj` read backwards): visiting a square
    /// takes one way on from each of these.
    into: Vec<Vec<u32>>,
    start: u32,
    /// Squares the walk may end on.
    end_ok: Vec<bool>,
    /// A square that must be last (never entered earlier).
    end: Option<u32>,
    /// Each square's bridge partner (`NO_PARTNER` if none).
    partner: Vec<u32>,
    /// Squares only entered over their (one-way) bridge.
    landing: Vec<bool>,
}

const NO_PARTNER: u32 = u32::MAX;

impl Finder {
    fn new(w: u32, h: u32, goal: &BlockGoal) -> Option<Finder> {
        let n = (w * h) as usize;
        let board = Board::new(w, h).ok()?;
        let mut f = Finder {
            w,
            h,
            adj: (0..w * h)
                .map(|s| board.knight_moves(s).collect())
                .collect(),
            into: Vec::new(),
            start: 0,
            end_ok: vec![true; n],
            end: None,
            partner: vec![NO_PARTNER; n],
            landing: vec![false; n],
        };
        let pinned = match goal {
            BlockGoal::Cycle => true,
            BlockGoal::Path { pinned, .. } => *pinned,
            BlockGoal::Between { .. } | BlockGoal::Bridged { .. } => false,
        };
        let (p, a, b) = (f.idx((1, 1))?, f.idx((0, 3)), f.idx((3, 0)));
        if pinned {
            f.pin(p, a?, b?);
        }
        let (start, end) = match goal {
            BlockGoal::Cycle => f.cycle(p, a?, b?),
            BlockGoal::Path {
                start,
                forbidden_ends,
                first,
                ..
            } => f.path(*start, forbidden_ends, *first, pinned.then_some(p))?,
            BlockGoal::Between { start, end } => f.between(*start, *end)?,
            BlockGoal::Bridged {
                start,
                end,
                bridges,
            } => f.bridged(*start, *end, bridges)?,
        };
        f.start = start;
        f.end = end;
        f.into = vec![Vec::new(); n];
        for (s, list) in f.adj.iter().enumerate() {
            for &t in list {
                f.into[t as usize].push(s as u32);
            }
        }
        Some(f)
    }

    /// The square at `(x, y)`, if on the board.
    fn idx(&self, (x, y): (u32, u32)) -> Option<u32> {
        (x < self.w && y < self.h).then_some(y * self.w + x)
    }

    /// Pins the corner: (1,1), square `p`, keeps only its links to (0,3) and (3,0),
    /// squares `a` and `b`.
    fn pin(&mut self, p: u32, a: u32, b: u32) {
        for (s, list) in self.adj.iter_mut().enumerate() {
            if s as u32 != a && s as u32 != b {
                list.retain(|&t| t != p);
            }
        }
        self.adj[p as usize] = vec![a, b];
    }

    /// A cycle through the pinned corner `p`: the walk starts on it, leaves to `a` and
    /// must end on `b`. Returns the start and end.
    fn cycle(&mut self, p: u32, a: u32, b: u32) -> (u32, Option<u32>) {
        self.end_ok = vec![false; self.end_ok.len()];
        self.end_ok[b as usize] = true;
        // The walk starts on (1,1); its only first move left is (0,3).
        self.adj[p as usize] = vec![a];
        (p, Some(b))
    }

    /// An open path from `start` (with its `first` move if given), ending anywhere but
    /// on `forbidden` squares or on the pinned corner. Returns the start and end.
    fn path(
        &mut self,
        start: (u32, u32),
        forbidden: &[(u32, u32)],
        first: Option<(u32, u32)>,
        pinned: Option<u32>,
    ) -> Option<(u32, Option<u32>)> {
        if let Some(first) = first {
            let s = self.idx(start)? as usize;
            self.adj[s] = vec![self.idx(first)?];
        }
        for &f in forbidden {
            if let Some(f) = self.idx(f) {
                self.end_ok[f as usize] = false;
            }
        }
        if let Some(p) = pinned {
            self.end_ok[p as usize] = false;
        }
        Some((self.idx(start)?, None))
    }

    /// A path from `start` that must end on `end`. Returns the start and end.
    fn between(&mut self, start: (u32, u32), end: (u32, u32)) -> Option<(u32, Option<u32>)> {
        self.end_ok = vec![false; self.end_ok.len()];
        let e = self.idx(end)?;
        self.end_ok[e as usize] = true;
        Some((self.idx(start)?, self.idx(end)))
    }

    /// A path from `start` (to `end` if given) that crosses each of `bridges`; `None` if
    /// they clash or the walk would start on a one-way bridge's landing. Returns the
    /// start and end.
    fn bridged(
        &mut self,
        start: (u32, u32),
        end: Option<(u32, u32)>,
        bridges: &[Bridge],
    ) -> Option<(u32, Option<u32>)> {
        for bridge in bridges {
            let (a, b) = (self.idx(bridge.from)?, self.idx(bridge.to)?);
            self.landing[b as usize] = bridge.one_way;
            let free = |s: u32| self.partner[s as usize] == NO_PARTNER;
            if a == b || !free(a) || !free(b) || self.adj[a as usize].contains(&b) {
                return None;
            }
            self.partner[a as usize] = b;
            self.partner[b as usize] = a;
            // The bridge counts as a way on for the dead-end pruning.
            self.adj[a as usize].push(b);
            self.adj[b as usize].push(a);
        }
        let end = match end {
            Some(e) => {
                self.end_ok = vec![false; self.end_ok.len()];
                let e = self.idx(e)?;
                self.end_ok[e as usize] = true;
                Some(e)
            }
            None => None,
        };
        let start = self.idx(start)?;
        if self.landing[start as usize] {
            return None;
        }
        Some((start, end))
    }

    fn attempt(&self, seed: u64, budget: u64) -> Option<Vec<(u32, u32)>> {
        let n = (self.w * self.h) as usize;
        let mut walk = Walk {
            f: self,
            seen: vec![false; n],
            free: self.adj.iter().map(|a| a.len() as u8).collect(),
            path: Vec::with_capacity(n),
            rng: Rng::new(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0xB10C),
            nodes: 0,
            budget,
            random: seed > 0,
        };
        walk.visit(self.start);
        if walk.go() {
            Some(
                walk.path
                    .iter()
                    .map(|&s| (s % self.w, s / self.w))
                    .collect(),
            )
        } else {
            None
        }
    }
}

struct Walk<'a> {
    f: &'a Finder,
    seen: Vec<bool>,
    /// Unvisited neighbours of each square.
    free: Vec<u8>,
    path: Vec<u32>,
    rng: Rng,
    nodes: u64,
    budget: u64,
    /// Break Warnsdorff ties at random (every attempt but the first).
    random: bool,
}

impl Walk<'_> {
    /// `free[t]` counts the unvisited squares in `adj[t]`, so a visit to `s` takes one from
    /// every square that can move to `s` — and never takes from a count that did not hold
    /// `s` (reading `adj[s]` instead undercounts pinned and first-move squares and wraps).
    fn visit(&mut self, s: u32) {
        self.seen[s as usize] = true;
        self.path.push(s);
        for &t in &self.f.into[s as usize] {
            self.free[t as usize] -= 1;
        }
    }

    fn leave(&mut self) {
        let s = self.path.pop().expect("never below the start");
        self.seen[s as usize] = false;
        for &t in &self.f.into[s as usize] {
            self.free[t as usize] += 1;
        }
    }

    /// The squares to try next from the end of the walk, best first; none if the walk is
    /// already dead (a neighbour with no way on that could only be entered last).
    fn options(&mut self) -> Vec<u32> {
        let total = self.seen.len();
        let at = *self.path.last().expect("started") as usize;
        let last_move = self.path.len() + 1 == total;
        let mut options: Vec<(u8, u64, u32)> = Vec::with_capacity(8);
        let partner = &self.f.partner;
        // Entered over a knight's move: the bridge is the only way on.
        let forced = partner[at] != NO_PARTNER && !self.seen[partner[at] as usize];
        for &t in &self.f.adj[at] {
            let bridge = partner[at] == t;
            // A bridge end whose partner is behind us could never be crossed.
            let stranded =
                partner[t as usize] != NO_PARTNER && self.seen[partner[t as usize] as usize];
            if self.seen[t as usize]
                || (!last_move && self.f.end == Some(t))
                || (forced && !bridge)
                || (!bridge && (stranded || self.f.landing[t as usize]))
            {
                continue;
            }
            let tie = if self.random { self.rng.next_u64() } else { 0 };
            options.push((self.free[t as usize], tie, t));
        }
        if !last_move && options.iter().any(|&(free, _, _)| free == 0) {
            return Vec::new();
        }
        options.sort_unstable();
        options.into_iter().map(|(_, _, t)| t).collect()
    }

    /// Extends the walk to a full tour, or returns false. Depth first with an explicit
    /// stack: walks of thousands of squares must not overflow wasm's small call stack.
    fn go(&mut self) -> bool {
        let total = self.seen.len();
        if self.path.len() == total {
            return self.f.end_ok[*self.path.last().expect("started") as usize];
        }
        let mut stack = vec![self.options().into_iter()];
        while let Some(frame) = stack.last_mut() {
            if self.nodes > self.budget {
                return false;
            }
            match frame.next() {
                Some(t) => {
                    self.nodes += 1;
                    self.visit(t);
                    if self.path.len() == total {
                        if self.f.end_ok[t as usize] {
                            return true;
                        }
                        self.leave();
                    } else {
                        let next = self.options();
                        stack.push(next.into_iter());
                    }
                }
                None => {
                    stack.pop();
                    if stack.is_empty() {
                        return false;
                    }
                    self.leave();
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_move(a: (u32, u32), b: (u32, u32)) -> bool {
        let (dx, dy) = (a.0.abs_diff(b.0), a.1.abs_diff(b.1));
        (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
    }

    fn check(w: u32, h: u32, path: &[(u32, u32)]) {
        assert_eq!(path.len(), (w * h) as usize);
        let mut seen = vec![false; (w * h) as usize];
        for (i, &(x, y)) in path.iter().enumerate() {
            assert!(!std::mem::replace(&mut seen[(y * w + x) as usize], true));
            if i > 0 {
                assert!(is_move(path[i - 1], (x, y)));
            }
        }
    }

    #[test]
    fn pinned_cycles_on_every_block_shape() {
        for w in 5..=11 {
            for h in 5..=11 {
                if w % 2 == 1 && h % 2 == 1 {
                    continue;
                }
                let path = block_tour(w, h, &BlockGoal::Cycle).unwrap_or_else(|| panic!("{w}x{h}"));
                check(w, h, &path);
                assert_eq!(
                    (path[0], path[1], path[path.len() - 1]),
                    ((1, 1), (0, 3), (3, 0))
                );
            }
        }
    }

    #[test]
    fn open_paths_on_odd_blocks_avoid_forbidden_ends() {
        for (w, h) in [(5, 7), (7, 5), (5, 9), (7, 7), (9, 11), (11, 11)] {
            let corners = vec![(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)];
            let goal = BlockGoal::Path {
                start: (2, 2),
                forbidden_ends: corners.clone(),
                pinned: true,
                first: None,
            };
            let path = block_tour(w, h, &goal).unwrap_or_else(|| panic!("{w}x{h}"));
            check(w, h, &path);
            assert!(!corners.contains(path.last().unwrap()));
            let at = path.iter().position(|&s| s == (1, 1)).unwrap();
            let pair = [path[at - 1], path[at + 1]];
            assert!(pair.contains(&(0, 3)) && pair.contains(&(3, 0)), "{w}x{h}");
        }
    }
}
