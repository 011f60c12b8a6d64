//! Lessons: the five articles PuzzleLab grew from, retold step by step next to live
//! machines. Here is what the machines decide: each step's workbench in the state the step
//! is about ([`Bench`]), and every figure a lesson states ([`knight_graph::Facts`] …),
//! computed by running the same machines the page runs and tested natively. The words,
//! and where the page shows each figure, are the page's (`app/learn/lessons/` in the web
//! crate).

pub mod backtracking;
pub mod brute_force;
pub mod cube;
pub mod knight_graph;
pub mod knight_rules;
pub mod queens;
pub mod starts;
#[cfg(test)]
mod test_support;
pub mod tour_watch;

use crate::knight::TourConfig;

/// One lesson as links and machines know it: its name and each step's workbench.
#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    /// The link's name: `#/learn/<slug>`.
    pub slug: &'static str,
    pub steps: Vec<Bench>,
}

/// Where a watched search opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    Start,
    Step(u64),
    /// Played to its end.
    End,
}

/// The live workbench a step shows, in the state the step is about.
#[derive(Clone, Debug, PartialEq)]
pub enum Bench {
    /// A knight's tour machine on a board, in the search player; squares restart it.
    Knight { config: TourConfig, at: At },
    /// Several rules run greedily from every start square, with the map of one.
    AllStarts {
        table: starts::Table,
        /// The row whose map is shown first.
        shown: usize,
    },
    /// The C notebook's brute force and backtracking, watched on a small board.
    Race {
        width: u32,
        height: u32,
        start: u32,
        brute: bool,
        back: bool,
        at: At,
    },
    /// The notebook's counters run to the end in the worker (rates, the estimate).
    Count { width: u32, height: u32, start: u32 },
    /// The N-queens backtracking search with its tree.
    Queens { n: u32, at: At, tree: bool },
    /// The pocket cube's net with the twelve quarter turns.
    CubeNet { moves: &'static str },
    /// The breadth-first build of the distance table, layer by layer.
    CubeBfs { htm: bool, at: At },
    /// Every optimal path from a start to the solved cube.
    CubePaths { scramble: &'static str },
}

/// Every lesson, in the order of the index.
pub fn all() -> Vec<Lesson> {
    let lesson = |slug, steps| Lesson { slug, steps };
    vec![
        lesson(knight_graph::SLUG, knight_graph::steps()),
        lesson(backtracking::SLUG, backtracking::steps()),
        lesson(brute_force::SLUG, brute_force::steps()),
        lesson(queens::SLUG, queens::steps()),
        lesson(cube::SLUG, cube::steps()),
    ]
}

/// The lesson called `slug`.
pub fn find(slug: &str) -> Option<Lesson> {
    all().into_iter().find(|l| l.slug == slug)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_lesson_has_six_to_twelve_steps_and_unique_slugs() {
        let lessons = all();
        assert_eq!(lessons.len(), 5);
        for l in &lessons {
            assert!((6..=12).contains(&l.steps.len()), "{}", l.slug);
            assert_eq!(find(l.slug).as_ref(), Some(l));
        }
        let mut slugs: Vec<_> = lessons.iter().map(|l| l.slug).collect();
        slugs.sort();
        slugs.dedup();
        assert_eq!(slugs.len(), 5);
    }
}
