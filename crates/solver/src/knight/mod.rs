//! Knight's tours: the step machine and the rules that steer it.

pub mod all_starts;
pub mod candidates;
pub mod code;
pub mod compare;
pub mod construct;
pub mod count;
pub mod existence;
pub mod frontier;
pub mod naive_code;
pub mod naive_count;
pub mod picture;
pub mod predict;
pub mod rule;
pub mod rules;
pub mod timeline;
pub mod tour;
pub mod tree_search;

pub use rule::{Rule, RuleSpec};
pub use rules::{Heuristic, TieBreak};
pub use tour::{KnightTour, TourConfig, TourEvent};
