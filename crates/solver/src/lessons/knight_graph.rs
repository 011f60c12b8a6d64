//! Lesson 1, after the HANA article: the board as a graph, two greedy rules that fail,
//! Warnsdorff's rule, and three ways to break its ties — compared from every start.

use super::tour_watch::{run_to_end, TourWatch};
use super::{At, Bench, Fact, Hook, Lesson, Step, TryIt};
use crate::board::Board;
use crate::knight::candidates::candidates;
use crate::knight::compare::run_rules;
use crate::knight::Rule;
use crate::knight::{Heuristic, TieBreak, TourConfig};
use crate::Status;

pub const SLUG: &str = "knight-graph";

const CORNERS: &[&str] = &["a1", "h1", "a8", "h8"];
const ANY: &[&str] = &["*"];

/// The rules compared from every start, in the order of the table.
pub fn compared_rules() -> Vec<Rule> {
    let rule = Rule::greedy;
    vec![
        rule(Heuristic::Bottom, TieBreak::First),
        rule(Heuristic::Center, TieBreak::First),
        rule(Heuristic::Warnsdorff, TieBreak::First),
        rule(Heuristic::Warnsdorff, TieBreak::Random),
        rule(Heuristic::Warnsdorff, TieBreak::Pohl),
        rule(Heuristic::Warnsdorff, TieBreak::Roth),
    ]
}

pub fn board() -> Board {
    Board::new(8, 8).expect("8x8 is a valid board")
}

/// A greedy run of `heuristic` with `tie_break` ties from a1.
pub fn greedy(heuristic: Heuristic, tie_break: TieBreak) -> TourConfig {
    TourConfig {
        rule: Rule::greedy(heuristic, tie_break),
        ..TourConfig::new(board(), 0)
    }
}

pub fn lesson() -> Lesson {
    let w = |tie| greedy(Heuristic::Warnsdorff, tie);
    Lesson {
        slug: SLUG,
        title: "The knight's graph and greedy rules",
        summary: "A board is a graph; two obvious rules get stuck, Warnsdorff's does not, and its ties matter.",
        source: "after the HANA graph article",
        steps: vec![
            Step {
                title: "A board is a graph",
                text: "Make every square a point and join two points when a knight can jump between them: the board becomes a graph with {squares} vertices and {edges} edges. A knight's tour is a path through this graph that visits every vertex once, a Hamiltonian path. Corners are the poorest vertices: the knight on a1 has only {corner_moves} squares to go to, shown with their own onward moves.",
                bench: Bench::Knight { config: w(TieBreak::First), at: At::Start },
                try_it: Some(TryIt::Click { label: "Click another corner: the knight starts there.", squares: CORNERS }),
                facts_after_try: false,
            },
            Step {
                title: "Greedy rule 1: bottom rows first",
                text: "A greedy rule never goes back: it picks one next square and lives with it. The article's first rule fills the board from the bottom: the lowest row, then the leftmost square. From a1 it numbers {bottom_visited} squares and is stuck on {bottom_stuck}, with {bottom_left} squares never reached (shaded). The article numbered its rows the other way round and walked its neighbours in the database's order, so its picture stops elsewhere; the failure is the same: once the bottom is full, the knight has nowhere left to go.",
                bench: Bench::Knight { config: greedy(Heuristic::Bottom, TieBreak::First), at: At::End },
                try_it: Some(TryIt::Click { label: "Click any square to run the rule from there.", squares: ANY }),
                facts_after_try: false,
            },
            Step {
                title: "Greedy rule 2: nearest the centre",
                text: "The second try steers towards the middle of the board. From a1 it numbers {center_visited} squares and strands {center_left}: circling the centre leaves the corners for last, and a corner with two ways in is easily cut off.",
                bench: Bench::Knight { config: greedy(Heuristic::Center, TieBreak::First), at: At::End },
                try_it: Some(TryIt::Choose { label: "Switch the rule to Warnsdorff's.", what: "heuristic", value: "warnsdorff" }),
                facts_after_try: false,
            },
            Step {
                title: "Warnsdorff's rule: fewest onward moves",
                text: "Warnsdorff's rule (1823) goes to the square with the fewest onward moves: the squares that are hardest to reach are visited while they still can be. Each square the knight could take shows its count: from a1, b3 has {a1_b3} and c2 has {a1_c2}. When the counts tie, the rule needs another way to choose; more on that soon.",
                bench: Bench::Knight { config: w(TieBreak::First), at: At::Start },
                try_it: Some(TryIt::Press { label: "Press Step three times and watch the counts change.", action: "step", times: 3 }),
                facts_after_try: false,
            },
            Step {
                title: "A whole tour, without going back",
                text: "Played to its end from a1, the rule numbers all {warnsdorff_visited} squares in {warnsdorff_steps} steps and never goes back: the margins first, the centre last — the opposite of the centre rule.",
                bench: Bench::Knight { config: w(TieBreak::First), at: At::End },
                try_it: Some(TryIt::Click { label: "Click a corner to start the rule there.", squares: CORNERS }),
                facts_after_try: false,
            },
            Step {
                title: "Ties: where the rule is blind",
                text: "On {ties_first} of its moves from a1 two or more squares shared the fewest onward moves. The rule then took the first in a fixed clockwise order of jumps — an arbitrary choice, and the place where a greedy run can go wrong. The article wanted something better than \"the first one\"; textbooks pick at random.",
                bench: Bench::Knight { config: w(TieBreak::First), at: At::End },
                try_it: Some(TryIt::Choose { label: "Switch the ties to random.", what: "tie", value: "random" }),
                facts_after_try: false,
            },
            Step {
                title: "Pohl's ties: look one move further",
                text: "Pohl breaks a tie by applying the rule again, one level deeper: among the tied squares, take the one whose own next squares have the fewest onward moves. From a1 the tour with Pohl's ties met {ties_pohl} ties at the first level.",
                bench: Bench::Knight { config: w(TieBreak::Pohl), at: At::End },
                try_it: Some(TryIt::Choose { label: "Switch the ties to Roth's.", what: "tie", value: "roth" }),
                facts_after_try: false,
            },
            Step {
                title: "Roth's ties: away from the centre",
                text: "Roth takes the tied square farthest from the centre of the board. The article found it gave the same result as Pohl's \"most of the time\". Here the two rules walk the very same tour from {same_pohl_roth} of the {squares} starts: they choose differently at some early tie, and from there the paths part — yet, as the last step shows, both finish from every start.",
                bench: Bench::Knight { config: w(TieBreak::Roth), at: At::End },
                try_it: Some(TryIt::Click { label: "Click a square to compare from another start.", squares: ANY }),
                facts_after_try: false,
            },
            Step {
                title: "Every rule from every start",
                text: "The article tried one start; the machine tries them all. From the {starts} squares of the board, bottom-first finds a tour from {all_bottom}, centre-first from {all_center}, Warnsdorff with first ties from {all_first}, with random ties (seed 1) from {all_random}, with Pohl's from {all_pohl} and with Roth's from {all_roth}.",
                bench: Bench::AllStarts { table: super::starts::Table::Greedy, shown: 2 },
                try_it: Some(TryIt::Choose { label: "Show the map of Roth's ties.", what: "rule", value: "warnsdorff/roth" }),
                facts_after_try: false,
            },
        ],
    }
}

/// Moves on which two or more candidates tied for the fewest onward moves.
pub fn ties_along(board: Board, path: &[u32]) -> usize {
    (1..path.len())
        .filter(|&k| {
            candidates(board, &path[..k], Some(path[k]))
                .iter()
                .any(|c| c.tie)
        })
        .count()
}

fn name_of(rule: &Rule) -> &'static str {
    match (rule.heuristic, rule.tie_break) {
        (Heuristic::Bottom, _) => "bottom",
        (Heuristic::Center, _) => "center",
        (_, TieBreak::First) => "warnsdorff/first",
        (_, TieBreak::Random) => "warnsdorff/random",
        (_, TieBreak::Pohl) => "warnsdorff/pohl",
        (_, TieBreak::Roth) => "warnsdorff/roth",
    }
}

/// Every number the lesson states, from runs of the tour machine.
pub fn facts() -> Vec<Fact> {
    let board = board();
    let mut facts = graph_facts(board);
    facts.extend(stuck_facts(board));
    facts.extend(onward_facts(board));
    facts.extend(warnsdorff_facts(board));
    facts.extend(all_starts_facts(board));
    facts
}

/// A greedy run from a1 to its end.
fn run_greedy(heuristic: Heuristic, tie_break: TieBreak) -> TourWatch {
    run_to_end(greedy(heuristic, tie_break), u64::MAX).expect("8x8 from a1 is valid")
}

/// The board as a graph: its squares, edges and the corner's moves.
fn graph_facts(board: Board) -> Vec<Fact> {
    let n = board.squares();
    let edges: usize = (0..n).map(|s| board.knight_moves(s).count()).sum::<usize>() / 2;
    vec![
        Fact::int("squares", n as u128, Hook::Count("[data-square]")),
        Fact::int("edges", edges as u128, Hook::Text("[data-readout='edges']")),
        Fact::int(
            "corner_moves",
            board.knight_moves(0).count() as u128,
            Hook::Count("[data-onward]"),
        ),
    ]
}

/// Where the two greedy rules that fail get stuck: the bottom rule, then the centre.
fn stuck_facts(board: Board) -> Vec<Fact> {
    let count = Hook::Count;
    let bottom = run_greedy(Heuristic::Bottom, TieBreak::First);
    let center = run_greedy(Heuristic::Center, TieBreak::First);
    vec![
        Fact::int(
            "bottom_visited",
            bottom.visited() as u128,
            count("[data-square][data-step]"),
        ),
        Fact::int(
            "bottom_left",
            bottom.left() as u128,
            count("[data-unvisited]"),
        ),
        Fact::word(
            "bottom_stuck",
            board.name(*bottom.tour.path().last().expect("a path")),
            Hook::Attr("data-square", "[data-square].current"),
        ),
        Fact::int(
            "center_visited",
            center.visited() as u128,
            count("[data-square][data-step]"),
        ),
        Fact::int(
            "center_left",
            center.left() as u128,
            count("[data-unvisited]"),
        ),
    ]
}

/// Onward moves from two of a1's neighbours, as Warnsdorff's rule counts them.
fn onward_facts(board: Board) -> Vec<Fact> {
    let onward_from_a1 = |name: &str| {
        let sq = board.parse_square(name).expect("a square of 8x8");
        candidates(board, &[0], None)
            .iter()
            .find(|c| c.square == sq)
            .map_or(0, |c| c.onward)
    };
    vec![
        Fact::int(
            "a1_b3",
            onward_from_a1("b3") as u128,
            Hook::Attr("data-onward", "[data-square='b3']"),
        ),
        Fact::int(
            "a1_c2",
            onward_from_a1("c2") as u128,
            Hook::Attr("data-onward", "[data-square='c2']"),
        ),
    ]
}

/// Warnsdorff's rule from a1: how far it gets, and its ties, broken first-found or Pohl's
/// way.
fn warnsdorff_facts(board: Board) -> Vec<Fact> {
    let first = run_greedy(Heuristic::Warnsdorff, TieBreak::First);
    let pohl = run_greedy(Heuristic::Warnsdorff, TieBreak::Pohl);
    vec![
        Fact::int(
            "warnsdorff_visited",
            first.visited() as u128,
            Hook::Count("[data-square][data-step]"),
        ),
        Fact::int(
            "warnsdorff_steps",
            crate::StepMachine::stats(&first).steps as u128,
            Hook::Attr("data-search-steps", "[data-search]"),
        ),
        Fact::int(
            "ties_first",
            ties_along(board, first.tour.path()) as u128,
            Hook::Text("[data-readout='ties']"),
        ),
        Fact::int(
            "ties_pohl",
            ties_along(board, pohl.tour.path()) as u128,
            Hook::Text("[data-readout='ties']"),
        ),
    ]
}

/// Every start, every rule (greedy, as the article ran them): how often Pohl's and Roth's
/// tie-breaks agree, and how many starts each rule solves.
fn all_starts_facts(board: Board) -> Vec<Fact> {
    let n = board.squares();
    let rules = compared_rules();
    let runs: Vec<Vec<_>> = (0..n)
        .map(|start| run_rules(board, start, false, &rules).expect("8x8 is valid"))
        .collect();
    let solved = |i: usize| {
        runs.iter()
            .filter(|r| r[i].status == Status::Solved)
            .count()
    };
    let same = runs.iter().filter(|r| r[4].path == r[5].path).count();
    let mut facts = vec![
        Fact::int(
            "same_pohl_roth",
            same as u128,
            Hook::Text("[data-readout='same-pohl-roth']"),
        ),
        Fact::int("starts", n as u128, Hook::Count("[data-outcome]")),
    ];
    for (i, (fact, rule)) in [
        "all_bottom",
        "all_center",
        "all_first",
        "all_random",
        "all_pohl",
        "all_roth",
    ]
    .into_iter()
    .zip(&rules)
    .enumerate()
    {
        facts.push(Fact::int(
            fact,
            solved(i) as u128,
            Hook::Attr("data-solved", rule_selector(name_of(rule))),
        ));
    }
    facts
}

/// The all-starts table's row of a rule.
pub fn rule_selector(name: &str) -> &'static str {
    match name {
        "bottom" => "[data-rule='bottom']",
        "center" => "[data-rule='center']",
        "warnsdorff/first" => "[data-rule='warnsdorff/first']",
        "warnsdorff/random" => "[data-rule='warnsdorff/random']",
        "warnsdorff/pohl" => "[data-rule='warnsdorff/pohl']",
        _ => "[data-rule='warnsdorff/roth']",
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::number;
    use super::*;
    use crate::knight::KnightTour;
    use crate::StepMachine;

    /// Replays the bottom-first path with a rule written here: each move is a knight's
    /// move to the lowest, then leftmost, unvisited square, and at the end none is left.
    #[test]
    fn bottom_first_is_really_stuck_where_the_lesson_says() {
        let board = board();
        let facts = facts();
        let mut tour = KnightTour::new(greedy(Heuristic::Bottom, TieBreak::First)).unwrap();
        tour.run(u64::MAX);
        let path = tour.path().to_vec();
        assert_eq!(path.len() as u64, number(&facts, "bottom_visited"));
        assert_eq!(64 - path.len() as u64, number(&facts, "bottom_left"));
        let mut seen = [false; 64];
        seen[0] = true;
        for pair in path.windows(2) {
            let options: Vec<u32> = board
                .knight_moves(pair[0])
                .filter(|&s| !seen[s as usize])
                .collect();
            let best = options
                .iter()
                .min_by_key(|&&s| {
                    let (x, y) = board.coords(s);
                    (y, x)
                })
                .copied();
            assert_eq!(best, Some(pair[1]));
            seen[pair[1] as usize] = true;
        }
        let last = *path.last().unwrap();
        assert!(
            board.knight_moves(last).all(|s| seen[s as usize]),
            "not stuck"
        );
        assert!(path.len() < 64);
        let stuck = facts.iter().find(|f| f.name == "bottom_stuck").unwrap();
        assert_eq!(stuck.value, board.name(last));
    }

    #[test]
    fn the_graph_and_the_rules_from_every_start() {
        let facts = facts();
        // 8x8: 168 knight moves (4·(n−1)(n−2) for an n×n board).
        assert_eq!(number(&facts, "edges"), 4 * 7 * 6);
        assert_eq!(number(&facts, "corner_moves"), 2);
        assert_eq!(
            number(&facts, "warnsdorff_visited"),
            board().squares() as u64
        );
        assert!(number(&facts, "center_left") > 0);
        // Independent: the all-starts machine the knight page uses agrees with run_rules.
        for (i, rule) in compared_rules().into_iter().enumerate() {
            let config = TourConfig {
                rule,
                ..TourConfig::new(board(), 0)
            };
            let mut all = crate::knight::all_starts::AllStarts::new(config, 1_000_000).unwrap();
            while !all.advance(10_000) {}
            let solved = all
                .outcomes()
                .iter()
                .filter(|o| **o == crate::knight::all_starts::Outcome::Solved)
                .count() as u64;
            let name = [
                "all_bottom",
                "all_center",
                "all_first",
                "all_random",
                "all_pohl",
                "all_roth",
            ][i];
            assert_eq!(solved, number(&facts, name), "{name}");
        }
        assert!(number(&facts, "all_roth") > number(&facts, "all_bottom"));
    }

    #[test]
    fn ties_are_counted_where_candidates_tie() {
        let board = board();
        // From a1 the first move has b3 and c2: a tie only if both have the same count.
        let c = candidates(board, &[0], None);
        let tied = c.len() > 1 && c[0].onward == c[1].onward;
        let path = [0, board.parse_square("b3").unwrap()];
        assert_eq!(ties_along(board, &path), usize::from(tied));
    }
}
