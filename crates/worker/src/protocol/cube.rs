//! The pocket cube page's asks and answers.

use serde::{Deserialize, Serialize};

use puzzlelab_solver::cube::moves::Move;
use puzzlelab_solver::cube::solve::Costs;
use puzzlelab_solver::cube::walk::TraceStep;
use puzzlelab_solver::cube::{Metric, Stickers};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CubeAsk {
    /// Build (or reuse) the distance table and report its distribution (progress comes as
    /// `Answer::Progress`, `depth` the layer being built).
    Table { metric: Metric },
    /// Solve a colouring: optimally in `metric`, or cheapest under `costs` if given.
    Solve {
        state: Stickers,
        metric: Metric,
        costs: Option<Costs>,
    },
    /// The pocket cube as a graph (waits for the metric's table like `Solve`): solve
    /// start → goal, the hints for every turn, a random antipode.
    Graph { metric: Metric, query: GraphQuery },
    /// A solution's run as an animated GIF of the nets: `states` the cube at each step
    /// shown (the first to the last asked), at most `budget` frames of `delay_cs`
    /// hundredths of a second, in the page's theme (progress: `Answer::Progress` with
    /// `depth` = frames drawn, `stats.nodes` = frames in all).
    Animation {
        states: Vec<Stickers>,
        budget: u32,
        delay_cs: u16,
        dark: bool,
    },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum CubeAnswer {
    Table {
        metric: Metric,
        counts: Vec<u64>,
    },
    Solve {
        /// The solution's turns.
        moves: Vec<Move>,
        /// Its length in the metric asked for (turns, for a weighted solve).
        length: u32,
        /// The position's optimal distance in that metric.
        distance: u32,
        /// The total cost, for a weighted solve.
        cost: Option<u32>,
    },
    Graph {
        answer: GraphAnswer,
    },
    /// The animation asked for: the GIF file and its frame count.
    Animation {
        gif: Vec<u8>,
        frames: u32,
    },
}

impl CubeAnswer {
    /// Every cube answer ends its request (progress is `Answer::Progress`).
    pub fn ends_request(&self) -> bool {
        true
    }
}

/// What the cube page asks of the position graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraphQuery {
    /// The `index`-th optimal solution (clamped to the last) from `start` to `goal` (solved
    /// in the start's colours if `None`); with `costs`, the cheapest one instead.
    Solve {
        start: Stickers,
        goal: Option<Stickers>,
        costs: Option<Costs>,
        index: u64,
    },
    /// The distance to the goal now and after each of the 18 face turns.
    Hints {
        state: Stickers,
        goal: Option<Stickers>,
    },
    /// A random position at the greatest distance from solved.
    Antipode { seed: u64 },
}

/// What the worker answers about the graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GraphAnswer {
    Solution {
        /// Face turns (in qtm only quarter turns, as counted).
        moves: Vec<Move>,
        /// Whole-cube turns after them so the cube is held exactly as the goal.
        hold: Vec<Move>,
        /// The face turns' length in the metric (turns, for a weighted solve).
        length: u32,
        /// The optimal distance start → goal in the metric.
        distance: u32,
        /// How many optimal solutions (`None` for a weighted solve), and which this is.
        count: Option<u64>,
        index: u64,
        cost: Option<u32>,
        /// The optimal solve's walk down the table, step by step (the code view's), when
        /// this solution is the walk's (the first optimal one to solved); else empty.
        walk: Vec<TraceStep>,
    },
    /// `after[i]`: the distance after face turn `i` (U U2 U' L … D').
    Hints {
        state: Stickers,
        goal: Option<Stickers>,
        distance: u8,
        after: Vec<u8>,
    },
    Antipode {
        state: Stickers,
        distance: u8,
    },
}
