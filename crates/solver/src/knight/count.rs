//! Counting every knight's tour exactly, on boards of at most 64 squares (sides up to 8).
//!
//! Depth-first search over bitmasks with two prunings that keep it exact:
//! - an unvisited square with no unvisited neighbour, out of the knight's reach, can never
//!   be entered: prune;
//! - an unvisited square with one way in must be the last square; two such squares (or one
//!   besides a closed tour's fixed end) cannot both be last: prune. When the end is already
//!   spoken for, a neighbour of the knight with one other exit must be entered now.
//!
//! Start squares are taken one per symmetry class of the board (up to 8 on a square board)
//! and first moves one per class of the start's own symmetries, and the work is cut into
//! small prefix tasks that workers take one at a time. Closed tours are counted as cycles
//! through a fixed square of fewest exits, one task per pair of its neighbours.

use serde::{Deserialize, Serialize};

use super::existence::{closed_tour, open_tour, open_tour_from};
use crate::board::Board;

/// Counting is exhaustive over bitmasks: boards of at most 64 squares.
pub const MAX_COUNT_SQUARES: u32 = 64;

/// What to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountSpec {
    pub width: u32,
    pub height: u32,
    /// Only tours that begin here (open tours; closed tours are the same from every square).
    pub start: Option<u32>,
    pub closed: bool,
}

impl CountSpec {
    /// Tours on a `width` x `height` board, from `start` if given, closed or open.
    pub const fn new(width: u32, height: u32, start: Option<u32>, closed: bool) -> CountSpec {
        CountSpec {
            width,
            height,
            start,
            closed,
        }
    }

    /// The board, if counting on it is allowed.
    pub fn board(&self) -> Result<Board, String> {
        let squares = self.width as u64 * self.height as u64;
        if self.width == 0 || self.height == 0 || squares > MAX_COUNT_SQUARES as u64 {
            return Err(format!(
                "counting is limited to boards of 1 to {MAX_COUNT_SQUARES} squares (8x8 at most): {}x{} is out of range",
                self.width, self.height
            ));
        }
        let board = Board::new(self.width, self.height).map_err(|e| e.to_string())?;
        if let Some(s) = self.start {
            if s >= board.squares() {
                return Err(format!(
                    "start square {s} is off the {}x{} board",
                    self.width, self.height
                ));
            }
        }
        Ok(board)
    }
}

/// One slice of a count: the knight has walked `path` (start first); count the ways to
/// finish (ending on `end` if set). Each finish stands for `weight` tours from `start_class`
/// (symmetric first moves are searched once).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountTask {
    pub width: u32,
    pub height: u32,
    pub path: Vec<u8>,
    pub end: Option<u8>,
    pub weight: u64,
    /// Index of the start class in the plan this task belongs to.
    pub class: u32,
}

/// The whole count: its tasks and how their results add up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CountPlan {
    pub spec: CountSpec,
    pub tasks: Vec<CountTask>,
    /// The start squares each class stands for (all squares of one symmetry class).
    pub classes: Vec<Vec<u32>>,
    /// Why there are no tours, when a theorem says so (then there are no tasks).
    pub impossible: Option<String>,
}

/// The answer, in DESIGN.md's conventions.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CountResult {
    /// Tours with a direction (a tour and its reverse are two); open tours from a start,
    /// only those that begin there; closed tours, cycles with a direction (2 × cycles,
    /// with or without a start, as the literature counts them).
    pub directed: u64,
    /// A path and its reverse once; for closed tours, cycles. `None` where undefined
    /// (open tours from one start).
    pub undirected: Option<u64>,
    /// Directed tours from each square (open tours), by square index; for closed tours
    /// every square has the same count.
    pub per_start: Vec<u64>,
}

/// Neighbour masks of every square.
pub fn neighbours(board: Board) -> Vec<u64> {
    (0..board.squares())
        .map(|s| board.knight_moves(s).fold(0u64, |mask, t| mask | 1 << t))
        .collect()
}

/// A symmetry as a map of coordinates, given the board's width and height.
type CoordMap = fn(u32, u32, u32, u32) -> (u32, u32);

/// The board's symmetries as square permutations (identity first): 4 on a rectangle,
/// 8 on a square.
pub fn symmetries(board: Board) -> Vec<Vec<u32>> {
    let (w, h) = (board.width(), board.height());
    let mut maps: Vec<CoordMap> = vec![
        |x, y, _, _| (x, y),
        |x, y, w, h| (w - 1 - x, h - 1 - y),
        |x, y, w, _| (w - 1 - x, y),
        |x, y, _, h| (x, h - 1 - y),
    ];
    if w == h {
        maps.extend([
            (|x, y, _, _| (y, x)) as CoordMap,
            |x, y, w, h| (w - 1 - y, h - 1 - x),
            |x, y, w, _| (y, w - 1 - x),
            |x, y, _, h| (h - 1 - y, x),
        ]);
    }
    maps.iter()
        .map(|f| {
            (0..board.squares())
                .map(|s| {
                    let (x, y) = board.coords(s);
                    let (nx, ny) = f(x, y, w, h);
                    board.index(nx, ny)
                })
                .collect()
        })
        .collect()
}

/// Tasks wanted per count: enough to share among workers and report progress smoothly.
const TARGET_TASKS: usize = 400;

impl CountPlan {
    pub fn new(spec: CountSpec) -> Result<CountPlan, String> {
        let board = spec.board()?;
        let (w, h) = (board.width(), board.height());
        let verdict = match (spec.closed, spec.start) {
            (true, _) => closed_tour(board),
            (false, Some(s)) => open_tour_from(board, s),
            (false, None) => open_tour(board),
        };
        let mut plan = CountPlan {
            spec,
            tasks: Vec::new(),
            classes: Vec::new(),
            impossible: None,
        };
        if !verdict.exists {
            plan.impossible = Some(verdict.reason);
            return Ok(plan);
        }
        let task = |path: Vec<u8>, end, weight, class| CountTask {
            width: w,
            height: h,
            path,
            end,
            weight,
            class,
        };
        if spec.closed {
            // Every cycle passes through `pivot` using two of its edges: one task per pair,
            // walked from the lower neighbour to the higher.
            let nbr = neighbours(board);
            let pivot = (0..board.squares())
                .min_by_key(|&s| nbr[s as usize].count_ones())
                .unwrap_or(0);
            let ends: Vec<u8> = bits(nbr[pivot as usize]).collect();
            plan.classes.push((0..board.squares()).collect());
            for (i, &p) in ends.iter().enumerate() {
                for &q in &ends[i + 1..] {
                    plan.tasks.push(task(vec![pivot as u8, p], Some(q), 1, 0));
                }
            }
        } else {
            let syms = symmetries(board);
            let starts: Vec<u32> = match spec.start {
                Some(s) => vec![s],
                None => (0..board.squares()).collect(),
            };
            let mut seen = vec![false; board.squares() as usize];
            for &s in &starts {
                if seen[s as usize] {
                    continue;
                }
                let mut class: Vec<u32> = syms.iter().map(|g| g[s as usize]).collect();
                class.sort_unstable();
                class.dedup();
                if spec.start.is_some() {
                    class = vec![s];
                }
                class.iter().for_each(|&c| seen[c as usize] = true);
                let index = plan.classes.len() as u32;
                plan.classes.push(class);
                plan.tasks
                    .extend(
                        first_moves(board, &syms, s)
                            .into_iter()
                            .map(|(p, weight)| match p {
                                Some(p) => task(vec![s as u8, p], None, weight, index),
                                None => task(vec![s as u8], None, weight, index),
                            }),
                    );
            }
        }
        plan.tasks = split(board, std::mem::take(&mut plan.tasks), TARGET_TASKS);
        Ok(plan)
    }

    /// Adds up task results (`counts[i]` for `tasks[i]`, unweighted).
    pub fn combine(&self, counts: &[u64]) -> CountResult {
        let mut per_class = vec![0u64; self.classes.len()];
        for (task, &count) in self.tasks.iter().zip(counts) {
            per_class[task.class as usize] += count * task.weight;
        }
        self.result(&per_class)
    }

    /// The answer from the weighted totals of each start class.
    pub fn result(&self, per_class: &[u64]) -> CountResult {
        let squares = (self.spec.width * self.spec.height) as usize;
        let mut per_start = vec![0u64; squares];
        if self.spec.closed {
            let cycles = per_class.first().copied().unwrap_or(0);
            per_start.iter_mut().for_each(|c| *c = 2 * cycles);
            // A directed closed tour is a cycle with a direction: it passes every square,
            // so a start does not change the count.
            return CountResult {
                directed: 2 * cycles,
                undirected: Some(cycles),
                per_start,
            };
        }
        for (class, &count) in self.classes.iter().zip(per_class) {
            class.iter().for_each(|&s| per_start[s as usize] = count);
        }
        let directed: u64 = per_start.iter().sum();
        let undirected = match (self.spec.start, squares) {
            (Some(_), _) => None,
            // The one-square "tour" is its own reverse.
            (None, 1) => Some(directed),
            (None, _) => Some(directed / 2),
        };
        CountResult {
            directed,
            undirected,
            per_start,
        }
    }
}

/// First moves from `start`, one per class of the start's symmetries, with the class size.
/// A one-square board has no move: `(None, 1)`.
fn first_moves(board: Board, syms: &[Vec<u32>], start: u32) -> Vec<(Option<u8>, u64)> {
    if board.squares() == 1 {
        return vec![(None, 1)];
    }
    let stabiliser: Vec<&Vec<u32>> = syms.iter().filter(|g| g[start as usize] == start).collect();
    let nbr = neighbours(board);
    let mut seen = 0u64;
    let mut moves = Vec::new();
    for p in bits(nbr[start as usize]) {
        if seen >> p & 1 == 1 {
            continue;
        }
        let mut class: Vec<u32> = stabiliser.iter().map(|g| g[p as usize]).collect();
        class.sort_unstable();
        class.dedup();
        class.iter().for_each(|&c| seen |= 1 << c);
        moves.push((Some(p), class.len() as u64));
    }
    moves
}

/// Lengthens prefixes breadth first until there are about `target` tasks.
fn split(board: Board, mut tasks: Vec<CountTask>, target: usize) -> Vec<CountTask> {
    let squares = board.squares() as usize;
    // Stop well before the end so each task still has real work in it.
    while tasks.len() < target && tasks.iter().all(|t| t.path.len() + 8 < squares) {
        tasks = tasks.iter().flat_map(children).collect();
    }
    tasks
}

/// The task one move further on: one per square the knight may go next. Walks that
/// already break the pruning rules are dropped (they count nothing).
pub fn children(task: &CountTask) -> Vec<CountTask> {
    let Ok(board) = Board::new(task.width, task.height) else {
        return Vec::new();
    };
    let nbr = neighbours(board);
    let visited = task.path.iter().fold(0u64, |m, &s| m | 1 << s);
    let last = *task.path.last().expect("a task has a start") as usize;
    let end_bit = task.end.map_or(0, |e| 1u64 << e);
    let left = board.squares() as usize - task.path.len();
    // The end square is entered only as the very last move.
    let allowed = if left == 1 {
        !visited
    } else {
        !visited & !end_bit
    };
    bits(nbr[last] & allowed)
        .filter_map(|p| {
            let mut path = task.path.clone();
            path.push(p);
            Search::from_path(&nbr, &path, task.end, u64::MAX).map(|_| CountTask {
                path,
                ..task.clone()
            })
        })
        .collect()
}

/// The set bits of a mask, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros() as u8;
            mask &= mask - 1;
            b
        })
    })
}

/// Counts the finishes of one task: `(count, search-tree nodes)`, or `None` if that
/// takes more than `limit` nodes (the caller then splits the task with [`children`]).
pub fn run_task(task: &CountTask, limit: u64) -> Option<(u64, u64)> {
    let Ok(board) = Board::new(task.width, task.height) else {
        return Some((0, 0));
    };
    if task.path.is_empty() || board.squares() > MAX_COUNT_SQUARES {
        return Some((0, 0));
    }
    let nbr = neighbours(board);
    match Search::from_path(&nbr, &task.path, task.end, limit) {
        Some(mut search) => {
            let last = *task.path.last().expect("checked above") as usize;
            let count = search.go(last);
            (search.nodes <= limit).then_some((count, search.nodes))
        }
        None => Some((0, 0)),
    }
}

/// What an exhaustive search for one tour found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exhaustive {
    /// A tour, as square indices from the start.
    Found(Vec<u32>),
    /// Every walk was tried (with exact pruning): there is none.
    NoTour,
    /// The node limit ran out first.
    GaveUp,
}

/// Looks for one tour from `start` (closed if asked) by the counter's pruned search,
/// proving there is none when it finds none. Boards of at most 64 squares.
pub fn find_tour(board: Board, start: u32, closed: bool, limit: u64) -> Result<Exhaustive, String> {
    let spec = CountSpec {
        width: board.width(),
        height: board.height(),
        start: Some(start),
        closed,
    };
    spec.board()?;
    let nbr = neighbours(board);
    let s = start as u8;
    // On a 4-wide board the outer two lines are an independent set as big as the rest.
    let outer = match (board.width(), board.height()) {
        (_, 4) => (0..board.squares())
            .filter(|&q| matches!(q / board.width(), 0 | 3))
            .fold(0u64, |m, q| m | 1 << q),
        (4, _) => (0..board.squares())
            .filter(|&q| matches!(q % 4, 0 | 3))
            .fold(0u64, |m, q| m | 1 << q),
        _ => 0,
    };
    // From a non-member start with (L+1)/2 members among the L squares left, the whole
    // path must alternate member, other, member, …: moves between two non-members are
    // never used, so the search runs on the graph without them (much stronger pruning).
    let left = board.squares() - 1;
    let nbr: Vec<u64> = if outer != 0
        && outer >> start & 1 == 0
        && !closed
        && outer.count_ones() == left.div_ceil(2)
        && left % 2 == 1
    {
        nbr.iter()
            .enumerate()
            .map(|(q, &m)| if outer >> q & 1 == 1 { m } else { m & outer })
            .collect()
    } else {
        nbr
    };
    // A closed tour from `start` leaves to one neighbour and returns from another.
    let tries: Vec<(Vec<u8>, Option<u8>)> = if closed {
        let around: Vec<u8> = bits(nbr[start as usize]).collect();
        let mut pairs = Vec::new();
        for (i, &p) in around.iter().enumerate() {
            for &q in &around[i + 1..] {
                pairs.push((vec![s, p], Some(q)));
            }
        }
        pairs
    } else {
        vec![(vec![s], None)]
    };
    // Tours are usually plentiful: a few quick randomised tries first.
    if !closed {
        let (x, y) = board.coords(start);
        if let Some(tour) =
            super::construct::block::quick_tour(board.width(), board.height(), (x, y))
        {
            return Ok(Exhaustive::Found(
                tour.into_iter().map(|(x, y)| board.index(x, y)).collect(),
            ));
        }
    }
    let mut used = 0;
    let mut gave_up = false;
    for (mut path, end) in tries {
        let Some(mut search) = Search::from_path(&nbr, &path, end, limit.saturating_sub(used))
        else {
            continue;
        };
        search.strict = true;
        search.outer = outer;
        let last = *path.last().expect("starts with the start") as usize;
        if search.first(last, &mut path) {
            return Ok(Exhaustive::Found(path.into_iter().map(u32::from).collect()));
        }
        used += search.nodes;
        gave_up |= search.nodes > search.limit;
    }
    Ok(if gave_up || board.squares() == 0 {
        Exhaustive::GaveUp
    } else {
        Exhaustive::NoTour
    })
}

/// The two ways to count (the CLI's `--method`, the link's `method=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Method {
    /// Every tour visited: per-start counts, any board up to 64 squares; its time grows
    /// with the number of tours (days for 7x7).
    #[default]
    DepthFirst,
    /// Path structures swept cell by cell: totals only, boards whose narrow side is at
    /// most 12; its time grows with the structures (7x7 open in minutes, 8x8 closed in 24
    /// minutes on two cores).
    Frontier,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::DepthFirst => "depth-first",
            Method::Frontier => "frontier",
        }
    }

    pub fn parse(name: &str) -> Option<Method> {
        match name {
            "depth-first" => Some(Method::DepthFirst),
            "frontier" => Some(Method::Frontier),
            _ => None,
        }
    }
}

/// Boards this small are counted depth-first when no method is asked for: depth-first is
/// the faster there and also gives the count from every start. Measured (release, one
/// thread, CPU time): 6x6 open 0.66 s depth-first against 5.2 s for the sweep, 6x6 closed
/// 0.01 s against 0.22 s, 5x7 open 0.38 s against 0.48 s; from 6x7 (42 squares) on a closed
/// count depth-first takes minutes and the sweep seconds.
pub const AUTO_DEPTH_FIRST_SQUARES: u32 = 36;

/// The method for a count when none is asked for: the fastest that answers what was
/// asked. Counts from every start (`per_start`) need depth-first; totals are swept by
/// path structures on every board the sweep takes, except the smallest.
pub fn auto_method(spec: CountSpec, per_start: bool) -> Method {
    let squares = spec.width * spec.height;
    let sweepable = spec.board().is_ok() && super::frontier::plan(spec).is_ok();
    if per_start || !sweepable || squares <= AUTO_DEPTH_FIRST_SQUARES {
        Method::DepthFirst
    } else {
        Method::Frontier
    }
}

/// Counts on one thread, all tasks in turn.
pub fn count(spec: CountSpec) -> Result<CountResult, String> {
    let plan = CountPlan::new(spec)?;
    let counts: Vec<u64> = plan
        .tasks
        .iter()
        .map(|t| run_task(t, u64::MAX).map_or(0, |r| r.0))
        .collect();
    Ok(plan.combine(&counts))
}

/// The depth-first counter. `deg[u]` is the number of unvisited neighbours of square `u`;
/// `low0`/`low1` hold the unvisited squares with 0 and 1 of them, kept up to date as squares
/// are visited and released.
struct Search<'a> {
    nbr: &'a [u64],
    deg: [u8; 64],
    unvisited: u64,
    low0: u64,
    low1: u64,
    /// The square a closed tour must end on (0 if none).
    end: u64,
    nodes: u64,
    /// Give up (returning a wrong count, flagged by `nodes > limit`) past this many nodes.
    limit: u64,
    /// Extra pruning for one-tour searches (too slow to pay off when counting): the
    /// unvisited squares must stay connected, and an independent set (the outer rows of a
    /// 4-wide board) must not outnumber the squares between its members.
    strict: bool,
    outer: u64,
}

impl<'a> Search<'a> {
    /// The state after walking `path`, or `None` if it is not a legal, still-promising walk.
    fn from_path(nbr: &'a [u64], path: &[u8], end: Option<u8>, limit: u64) -> Option<Search<'a>> {
        let all = if nbr.len() == 64 {
            u64::MAX
        } else {
            (1u64 << nbr.len()) - 1
        };
        let mut search = Search {
            nbr,
            deg: [0; 64],
            unvisited: all,
            low0: 0,
            low1: 0,
            end: 0,
            nodes: 0,
            limit,
            strict: false,
            outer: 0,
        };
        for (s, mask) in nbr.iter().enumerate() {
            search.deg[s] = mask.count_ones() as u8;
            match search.deg[s] {
                0 => search.low0 |= 1 << s,
                1 => search.low1 |= 1 << s,
                _ => {}
            }
        }
        // A task may come over the wire: squares off the board are refused, not shifted.
        if path
            .iter()
            .chain(end.as_ref())
            .any(|&s| s as usize >= nbr.len())
        {
            return None;
        }
        search.end = end.map_or(0, |e| 1u64 << e);
        for (i, &s) in path.iter().enumerate() {
            let fresh = search.unvisited >> s & 1 == 1;
            let linked = i == 0 || nbr[path[i - 1] as usize] >> s & 1 == 1;
            if !fresh || !linked {
                return None;
            }
            search.visit(s as usize);
        }
        let last = *path.last()? as usize;
        search.moves(last).map(|_| search)
    }

    fn visit(&mut self, s: usize) {
        let bit = 1u64 << s;
        self.unvisited &= !bit;
        self.low0 &= !bit;
        self.low1 &= !bit;
        let mut around = self.nbr[s] & self.unvisited;
        while around != 0 {
            let u = around.trailing_zeros() as usize;
            around &= around - 1;
            self.deg[u] -= 1;
            match self.deg[u] {
                1 => self.low1 |= 1 << u,
                0 => {
                    self.low1 &= !(1 << u);
                    self.low0 |= 1 << u;
                }
                _ => {}
            }
        }
    }

    fn release(&mut self, s: usize) {
        let mut around = self.nbr[s] & self.unvisited;
        while around != 0 {
            let u = around.trailing_zeros() as usize;
            around &= around - 1;
            self.deg[u] += 1;
            match self.deg[u] {
                1 => {
                    self.low0 &= !(1 << u);
                    self.low1 |= 1 << u;
                }
                2 => self.low1 &= !(1 << u),
                _ => {}
            }
        }
        let bit = 1u64 << s;
        self.unvisited |= bit;
        match self.deg[s] {
            0 => self.low0 |= bit,
            1 => self.low1 |= bit,
            _ => {}
        }
    }

    /// The squares the knight on `at` may move to without breaking a pruning rule, or
    /// `None` if the position is dead. Needs at least two unvisited squares.
    fn moves(&self, at: usize) -> Option<u64> {
        let u = self.unvisited;
        if u == 0 {
            return Some(0);
        }
        let reach = self.nbr[at] & u;
        if u & (u - 1) == 0 {
            // One square left: it must be next, and (closed) it must be the end.
            return (reach != 0 && (self.end == 0 || self.end == u)).then_some(reach);
        }
        // Unreachable squares, or a neighbour with no way on (it could only be last).
        if self.low0 & u != 0 {
            return None;
        }
        // Squares with one way in and not next to the knight must be the last square.
        let ends = (self.low1 & !self.nbr[at]) | self.end;
        if ends & ends.wrapping_sub(1) != 0 {
            return None;
        }
        let mut moves = reach & !self.end;
        // Neighbours with one other exit: skipped now, they too would have to be last.
        let tight = self.low1 & reach & !self.end;
        if tight != 0 {
            let slots_left = ends == 0;
            let count = tight.count_ones();
            if count > 1 + slots_left as u32 {
                return None;
            }
            if !slots_left || count == 2 {
                moves = tight;
            }
        }
        Some(moves)
    }

    /// Can the unvisited squares still be walked from `at`? (The strict checks.)
    fn still_walkable(&self, at: usize) -> bool {
        let u = self.unvisited;
        // A path alternates in and out of an independent set: from `at`, the remaining
        // L squares hold at most L/2 of its members (rounded up if `at` is not one).
        if self.outer != 0 {
            let left = u.count_ones();
            let members = (u & self.outer).count_ones();
            let most = if self.outer >> at & 1 == 1 {
                left / 2
            } else {
                left.div_ceil(2)
            };
            if members > most {
                return false;
            }
        }
        // Every unvisited square reachable from the knight through unvisited squares.
        let mut reached = self.nbr[at] & u;
        let mut frontier = reached;
        while frontier != 0 {
            let mut next = 0;
            for s in bits(frontier) {
                next |= self.nbr[s as usize];
            }
            frontier = next & u & !reached;
            reached |= frontier;
        }
        reached == u
    }

    /// Extends `path` (ending on `at`) to a full tour, trying the squares with the fewest
    /// exits first; false if there is none (or the node limit ran out).
    fn first(&mut self, at: usize, path: &mut Vec<u8>) -> bool {
        self.nodes += 1;
        if self.unvisited == 0 {
            return true;
        }
        if self.nodes > self.limit || (self.strict && !self.still_walkable(at)) {
            return false;
        }
        let Some(mut moves) = self.moves(at) else {
            return false;
        };
        if self.outer != 0 && self.outer >> at & 1 == 0 {
            // An odd number of squares left, (L+1)/2 of them members: the only way to fit
            // them is member, other, member, …, so the next square is a member.
            let (u, left) = (self.unvisited, self.unvisited.count_ones());
            if left % 2 == 1 && (u & self.outer).count_ones() == left.div_ceil(2) {
                moves &= self.outer;
            }
        }
        // Fewest onward moves first, ties by square (as `bits` gives them): packed as
        // `degree << 8 | square`, one unstable sort of plain numbers is that order.
        let mut order: Vec<u64> = bits(moves)
            .map(|s| u64::from(self.deg[usize::from(s)]) << 8 | u64::from(s))
            .collect();
        order.sort_unstable();
        for next in order.into_iter().map(|p| (p & 0xff) as usize) {
            self.visit(next);
            path.push(next as u8);
            if self.first(next, path) {
                return true;
            }
            path.pop();
            self.release(next);
            if self.nodes > self.limit {
                return false;
            }
        }
        false
    }

    /// Ways to finish from `at` (already visited).
    fn go(&mut self, at: usize) -> u64 {
        self.nodes += 1;
        if self.unvisited == 0 {
            return 1;
        }
        if self.nodes > self.limit {
            return 0;
        }
        let Some(mut moves) = self.moves(at) else {
            return 0;
        };
        let mut total = 0;
        while moves != 0 {
            let next = moves.trailing_zeros() as usize;
            moves &= moves - 1;
            self.visit(next);
            total += self.go(next);
            self.release(next);
            if self.nodes > self.limit {
                break;
            }
        }
        total
    }
}
