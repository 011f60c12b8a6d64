//! The search tree of a backtracking machine, recorded as it runs, and its icicle layout.
//!
//! Any machine that can say which choices lead from the root to where it stands, how many
//! children its checks have refused so far, and how many solutions it has found
//! ([`TreeMachine`]) can be recorded: N queens (a node is a partial placement, a choice a
//! row) and the knight's tour (a node is a walk, a choice the next square). Every node and
//! every cut keeps the step it happened at, so the tree *at step k* is read off the one
//! recording: it grows as the page plays the search, and shrinks when it steps back.
//!
//! A cut is a child refused by a check. It stands for every complete candidate below it
//! (`base^(leaf_depth − depth − 1)` of them, e.g. 8^6 boards for a queen refused in the
//! second column): the eight-queens article's "2 × 8^6 = 524,288 positions skipped with
//! two checks". At the end, the candidates cut plus the solutions are all `base^leaf_depth`
//! candidates, which the tests check.

use crate::watch::Observer;

/// A machine whose search tree can be recorded.
pub trait TreeMachine {
    /// The choices from the root to the node the machine stands on.
    fn branch(&self) -> &[u32];
    /// Children refused by a check so far (a running total).
    fn cuts(&self) -> u64;
    /// Solutions found so far (a running total).
    fn solutions(&self) -> u64;
}

/// Nodes recorded at most: past this the recording stops (and says so).
pub const MAX_TREE_NODES: usize = 400_000;

/// What hangs under a node, in the order the search met it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    Child(u32),
    /// `count` children refused by checks at step `step`.
    Cut {
        step: u64,
        count: u32,
    },
}

#[derive(Clone, Debug)]
struct Node {
    depth: u32,
    choice: u32,
    entered: u64,
    /// The step that took the search back out of it (`u64::MAX` while it is open).
    left: u64,
    solution: Option<u64>,
    slots: Vec<Slot>,
}

/// A recorded search tree.
#[derive(Clone, Debug)]
pub struct SearchTree {
    nodes: Vec<Node>,
    base: u32,
    leaf_depth: u32,
    /// Node ids from the root to the node the machine stands on.
    path: Vec<u32>,
    cuts_seen: u64,
    solutions_seen: u64,
    max_nodes: usize,
    /// The step at which the recording stopped for size.
    truncated_at: Option<u64>,
}

/// One rectangle of the icicle: a node, or the children a check cut off.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// Left edge and width as shares of the whole width (0..1).
    pub x: f64,
    pub width: f64,
    /// Row: the root is 0; a cut is drawn on its children's row.
    pub depth: u32,
    pub kind: CellKind,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CellKind {
    Node {
        id: u32,
        /// The choice that leads here from the parent (row, square).
        choice: u32,
        /// Nodes in its subtree at this step, itself included.
        count: u64,
        solutions: u64,
        /// On the search's current path.
        open: bool,
        /// Its children are too narrow to draw.
        folded: bool,
    },
    Cut {
        parent: u32,
        /// Children refused.
        count: u64,
        /// Candidates each of them stood for: `base^exponent`.
        exponent: u32,
        /// Candidates eliminated: `count × base^exponent` (saturating).
        eliminated: u128,
    },
}

/// The tree at one step: its cells and its totals.
#[derive(Clone, Debug, PartialEq)]
pub struct Icicle {
    pub cells: Vec<Cell>,
    /// Nodes entered by this step (the root included).
    pub nodes: u64,
    pub solutions: u64,
    /// Cuts (children refused) by this step, and the candidates they eliminated.
    pub cuts: u64,
    pub eliminated: u128,
    /// Rows: the deepest node's depth plus one.
    pub rows: u32,
    /// Nodes hidden because they were narrower than the least width drawn.
    pub hidden: u64,
}

impl SearchTree {
    /// An empty tree: only the root. Each cut at depth `d` stands for
    /// `base^(leaf_depth − d − 1)` complete candidates.
    pub fn new(base: u32, leaf_depth: u32) -> SearchTree {
        SearchTree {
            nodes: vec![Node {
                depth: 0,
                choice: 0,
                entered: 0,
                left: u64::MAX,
                solution: None,
                slots: Vec::new(),
            }],
            base,
            leaf_depth,
            path: vec![0],
            cuts_seen: 0,
            solutions_seen: 0,
            max_nodes: MAX_TREE_NODES,
            truncated_at: None,
        }
    }

    /// Stops recording past `max` nodes.
    pub fn with_max_nodes(mut self, max: usize) -> SearchTree {
        self.max_nodes = max.max(1);
        self
    }

    pub fn base(&self) -> u32 {
        self.base
    }

    pub fn leaf_depth(&self) -> u32 {
        self.leaf_depth
    }

    /// Nodes recorded (the root included), over the whole recording.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The step at which the recording stopped because the tree grew too big.
    pub fn truncated_at(&self) -> Option<u64> {
        self.truncated_at
    }

    /// All candidates: `base^leaf_depth` (saturating).
    pub fn candidates(&self) -> u128 {
        pow(self.base, self.leaf_depth)
    }

    /// The choices from the root to node `id` (empty for the root or an unknown id).
    pub fn choices(&self, id: u32) -> Vec<u32> {
        let mut out = Vec::new();
        let Some(target) = self.nodes.get(id as usize) else {
            return out;
        };
        // Nodes are numbered depth first, so the child whose subtree holds `id` is the
        // last child numbered at most `id`.
        let mut at = 0u32;
        while self.nodes[at as usize].depth < target.depth {
            let next = self.nodes[at as usize]
                .slots
                .iter()
                .rev()
                .find_map(|s| match s {
                    Slot::Child(c) if *c <= id => Some(*c),
                    _ => None,
                });
            let Some(next) = next else { break };
            out.push(self.nodes[next as usize].choice);
            at = next;
        }
        out
    }

    /// The step at which node `id` was entered.
    pub fn entered(&self, id: u32) -> Option<u64> {
        self.nodes.get(id as usize).map(|n| n.entered)
    }

    /// Depth of node `id`.
    pub fn depth(&self, id: u32) -> Option<u32> {
        self.nodes.get(id as usize).map(|n| n.depth)
    }

    /// Candidates one cut at depth `depth` stands for, as the exponent of `base`.
    pub fn cut_exponent(&self, depth: u32) -> u32 {
        self.leaf_depth.saturating_sub(depth + 1)
    }

    /// Records where `machine` stands after step `step` (steps in order, each once).
    pub fn record<M: TreeMachine>(&mut self, machine: &M, step: u64) {
        if self.truncated_at.is_some() {
            return;
        }
        let before = *self.path.last().expect("the root stays");
        let branch = machine.branch();
        // Cuts in this step were checks at the node the machine stood on.
        let cuts = machine.cuts().saturating_sub(self.cuts_seen);
        self.cuts_seen = machine.cuts();
        if cuts > 0 {
            let slots = &mut self.nodes[before as usize].slots;
            match slots.last_mut() {
                Some(Slot::Cut { step: s, count }) if *s == step => {
                    *count = count.saturating_add(cuts as u32)
                }
                _ => slots.push(Slot::Cut {
                    step,
                    count: cuts.min(u32::MAX as u64) as u32,
                }),
            }
        }
        // Leave what the machine left, enter what it entered.
        let mut common = 0;
        while common + 1 < self.path.len()
            && common < branch.len()
            && self.nodes[self.path[common + 1] as usize].choice == branch[common]
        {
            common += 1;
        }
        while self.path.len() > common + 1 {
            let id = self.path.pop().expect("longer than the root");
            self.nodes[id as usize].left = step;
        }
        for &choice in &branch[common..] {
            if self.nodes.len() >= self.max_nodes {
                self.truncated_at = Some(step);
                return;
            }
            let parent = *self.path.last().expect("the root stays");
            let id = self.nodes.len() as u32;
            let depth = self.path.len() as u32;
            self.nodes.push(Node {
                depth,
                choice,
                entered: step,
                left: u64::MAX,
                solution: None,
                slots: Vec::new(),
            });
            self.nodes[parent as usize].slots.push(Slot::Child(id));
            self.path.push(id);
        }
        // A solution is the leaf the machine reached (queens) or the one it stood on
        // before it stepped back (a walk counted on the way out).
        let solutions = machine.solutions();
        if solutions > self.solutions_seen {
            let after = *self.path.last().expect("the root stays");
            let leaf = if self.nodes[after as usize].depth == self.leaf_depth {
                after
            } else {
                before
            };
            self.nodes[leaf as usize].solution.get_or_insert(step);
        }
        self.solutions_seen = solutions;
    }

    /// The icicle at step `step`: each node as wide as its share of its parent (the
    /// parent's width split over its children and its cuts, each cut child counting one),
    /// nodes narrower than `min_width` (a share of the whole) left out with their subtrees.
    pub fn icicle(&self, step: u64, min_width: f64) -> Icicle {
        // Nodes are numbered in the order they were entered: those entered by `step`
        // are a prefix.
        let visible = self.nodes.partition_point(|n| n.entered <= step);
        let sub = self.subtrees(visible, step);
        let mut layout = Layout {
            tree: self,
            step,
            min_width,
            sub: &sub,
            place: vec![None; visible],
            cells: Vec::new(),
            hidden: 0,
        };
        if visible > 0 {
            layout.place[0] = Some((0.0, 1.0));
        }
        for id in 0..visible {
            layout.draw(id);
        }
        let (mut cells, hidden) = (layout.cells, layout.hidden);
        // Parents first, then their children and cuts, row by row, left to right; cells
        // at one place (none when min_width > 0) in the order drawn, as a stable sort
        // would leave them: node `id`'s cuts, then its own cell.
        let drawn = |c: &Cell| match c.kind {
            CellKind::Node { id, .. } => (id, 1),
            CellKind::Cut { parent, .. } => (parent, 0),
        };
        cells.sort_unstable_by(|a, b| {
            (a.depth.cmp(&b.depth))
                .then(a.x.total_cmp(&b.x))
                .then_with(|| drawn(a).cmp(&drawn(b)))
        });
        Icicle {
            cells,
            nodes: visible as u64,
            solutions: if visible > 0 { sub.sols[0] } else { 0 },
            cuts: sub.cuts,
            eliminated: sub.eliminated,
            rows: sub.rows,
            hidden,
        }
    }

    /// The first `visible` nodes' subtrees at step `step`, summed from the leaves up.
    fn subtrees(&self, visible: usize, step: u64) -> Subtrees {
        let mut sub = Subtrees {
            weight: vec![0f64; visible],
            count: vec![0u64; visible],
            sols: vec![0u64; visible],
            cuts: 0,
            eliminated: 0,
            rows: 0,
        };
        for id in (0..visible).rev() {
            let node = &self.nodes[id];
            sub.rows = sub.rows.max(node.depth + 1);
            let (mut w, mut c, mut s) = (0f64, 1u64, 0u64);
            if node.solution.is_some_and(|at| at <= step) {
                s += 1;
            }
            for slot in &node.slots {
                match *slot {
                    Slot::Child(ch) if (ch as usize) < visible => {
                        w += sub.weight[ch as usize];
                        c += sub.count[ch as usize];
                        s += sub.sols[ch as usize];
                    }
                    Slot::Cut { step: at, count: k } if at <= step => {
                        w += k as f64;
                        sub.cuts += k as u64;
                        let each = pow(self.base, self.cut_exponent(node.depth));
                        sub.eliminated = sub
                            .eliminated
                            .saturating_add(each.saturating_mul(k as u128));
                    }
                    _ => {}
                }
            }
            sub.weight[id] = w.max(1.0);
            sub.count[id] = c;
            sub.sols[id] = s;
        }
        sub
    }
}

/// The visible nodes' subtrees: each one's width weight, nodes and solutions; and over
/// the tree, the cut children, the positions they eliminated and the rows.
struct Subtrees {
    weight: Vec<f64>,
    count: Vec<u64>,
    sols: Vec<u64>,
    cuts: u64,
    eliminated: u128,
    rows: u32,
}

/// An icicle being laid out, parents before children.
struct Layout<'a> {
    tree: &'a SearchTree,
    step: u64,
    min_width: f64,
    sub: &'a Subtrees,
    /// (x, width) of each node drawn.
    place: Vec<Option<(f64, f64)>>,
    cells: Vec<Cell>,
    /// Nodes left out, too narrow to draw.
    hidden: u64,
}

impl Layout<'_> {
    /// Draws node `id`, if its parent placed it: its children's places, its runs of cut
    /// children, and its own cell.
    fn draw(&mut self, id: usize) {
        let Some((x0, w0)) = self.place[id] else {
            return;
        };
        let node = &self.tree.nodes[id];
        let open = node.entered <= self.step && node.left > self.step;
        let folded = self.place_children(id, x0, w0);
        let sub = self.sub;
        self.cells.push(Cell {
            x: x0,
            width: w0,
            depth: node.depth,
            kind: CellKind::Node {
                id: id as u32,
                choice: node.choice,
                count: sub.count[id],
                solutions: sub.sols[id],
                open,
                folded,
            },
        });
    }

    /// Splits node `id`'s width `w0` from `x0` over its children and cuts, left to right;
    /// returns whether a child was too narrow to draw.
    fn place_children(&mut self, id: usize, x0: f64, w0: f64) -> bool {
        let (node, sub) = (&self.tree.nodes[id], self.sub);
        let visible = self.place.len();
        let mut x = x0;
        let mut folded = false;
        // Cuts next to each other are drawn as one cell: (x, width, count).
        let mut pending_cut: Option<(f64, f64, u64)> = None;
        for slot in &node.slots {
            match *slot {
                Slot::Child(ch) if (ch as usize) < visible => {
                    let w = w0 * sub.weight[ch as usize] / sub.weight[id];
                    self.flush_cut(id, pending_cut.take());
                    if w >= self.min_width {
                        self.place[ch as usize] = Some((x, w));
                    } else {
                        folded = true;
                        self.hidden += sub.count[ch as usize];
                    }
                    x += w;
                }
                Slot::Cut { step: at, count: k } if at <= self.step => {
                    let w = w0 * k as f64 / sub.weight[id];
                    pending_cut = Some(match pending_cut {
                        Some((cx, cw, n)) => (cx, cw + w, n + k as u64),
                        None => (x, w, k as u64),
                    });
                    x += w;
                }
                _ => {}
            }
        }
        self.flush_cut(id, pending_cut);
        folded
    }

    /// Draws a run of node `id`'s cut children, if wide enough.
    fn flush_cut(&mut self, id: usize, cut: Option<(f64, f64, u64)>) {
        let Some((cx, cw, k)) = cut.filter(|c| c.1 >= self.min_width) else {
            return;
        };
        let depth = self.tree.nodes[id].depth;
        let exponent = self.tree.cut_exponent(depth);
        self.cells.push(Cell {
            x: cx,
            width: cw,
            depth: depth + 1,
            kind: CellKind::Cut {
                parent: id as u32,
                count: k,
                exponent,
                eliminated: pow(self.tree.base, exponent).saturating_mul(k as u128),
            },
        });
    }
}

/// Which way an arrow key moves through a drawn tree.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Toward {
    /// The parent (↑).
    Parent,
    /// The first child drawn (↓).
    Child,
    /// The node drawn before or after it on its row (← →).
    Previous,
    Next,
}

impl Icicle {
    /// The drawn node an arrow key moves to from node `id`, if any.
    pub fn neighbour(&self, id: u32, toward: Toward) -> Option<u32> {
        // Node cells, sorted by row then left edge (the layout's own order).
        let nodes: Vec<(u32, u32, f64, f64)> = self
            .cells
            .iter()
            .filter_map(|c| match c.kind {
                CellKind::Node { id, .. } => Some((id, c.depth, c.x, c.width)),
                _ => None,
            })
            .collect();
        let at = nodes.iter().position(|n| n.0 == id)?;
        let (_, depth, x, width) = nodes[at];
        let centre = x + width / 2.0;
        match toward {
            Toward::Previous => at
                .checked_sub(1)
                .map(|i| nodes[i])
                .filter(|n| n.1 == depth)
                .map(|n| n.0),
            Toward::Next => nodes.get(at + 1).filter(|n| n.1 == depth).map(|n| n.0),
            Toward::Parent => nodes
                .iter()
                .find(|n| n.1 + 1 == depth && n.2 <= centre && centre <= n.2 + n.3)
                .map(|n| n.0),
            Toward::Child => nodes
                .iter()
                .find(|n| n.1 == depth + 1 && x <= n.2 + n.3 / 2.0 && n.2 + n.3 / 2.0 <= x + width)
                .map(|n| n.0),
        }
    }
}

/// `base^exp`, saturating at `u128::MAX`.
pub fn pow(base: u32, exp: u32) -> u128 {
    (base as u128).checked_pow(exp).unwrap_or(u128::MAX)
}

/// The tree recorder plugs into a recording as its observer.
impl<M: TreeMachine> Observer<M> for SearchTree {
    fn observe(&mut self, machine: &M, step: u64) {
        self.record(machine, step);
    }
}
