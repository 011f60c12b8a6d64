//! The code view: a search's pseudocode beside its board, the line the machine reported
//! for the step shown lit (`aria-current="step"`) and the variables that line reads
//! beside it. The words live here (`listings/*.txt`, line N of the file is line N of the
//! listing); which line a step ran is the machine's (`KnightLine`, `QueensLine`).

use yew::prelude::*;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::cube::LayerBfs;
use puzzlelab_solver::knight::code::Onward;
use puzzlelab_solver::knight::timeline::Frame;
use puzzlelab_solver::queens::{placement_names_on, QueensSearch};
use puzzlelab_solver::StepMachine;

use crate::app::widgets::numbers::group;

/// The knight search's listing, numbered as `KnightLine::number`.
pub const KNIGHT: &str = include_str!("listings/knight.txt");
/// The queens search's listing, numbered as `QueensLine::number`.
pub const QUEENS: &str = include_str!("listings/queens.txt");
/// The pocket cube's breadth-first search, numbered as `BfsLine::number`.
pub const CUBE_BFS: &str = include_str!("listings/cube-bfs.txt");
/// The pocket cube's optimal solve, numbered as `SolveLine::number`.
pub const CUBE_SOLVE: &str = include_str!("listings/cube-solve.txt");

mod count;
mod cube_solve;
mod rubik_phases;
pub use count::{back_vars, brute_vars, COUNT_BACKTRACK, COUNT_BRUTE};
pub use cube_solve::{cube_solve_at, turns_at, walk_cursor_for_turns};
pub use rubik_phases::{next_phase_step, phase_steps_text, rubik_phase_vars, RUBIK_PHASES};

/// One variable shown beside the listing (`data-code-var`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CodeVar {
    pub name: &'static str,
    pub value: String,
}

/// A listing's lines, from line 1.
pub fn lines(listing: &str) -> Vec<&str> {
    listing.lines().collect()
}

/// Candidates as the code view writes them: `e3 (2), b2 (2)`.
pub fn candidates_text(board: Board, candidates: &[Onward]) -> String {
    candidates
        .iter()
        .map(|c| format!("{} ({})", board.name(c.square), c.onward))
        .collect::<Vec<_>>()
        .join(", ")
}

fn names(board: Board, squares: &[u32]) -> String {
    squares
        .iter()
        .map(|&s| board.name(s))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The knight search's variables at a frame: depth, the knight's square, the candidates
/// there with their onward counts, the moves tried there, the tie points (the stack
/// fast backtracking returns to).
pub fn knight_vars(board: Board, frame: &Frame) -> Vec<CodeVar> {
    let var = |name, value| CodeVar { name, value };
    vec![
        var("depth", (frame.path.len().saturating_sub(1)).to_string()),
        var(
            "here",
            frame
                .path
                .last()
                .map(|&s| board.name(s))
                .unwrap_or_default(),
        ),
        var("candidates", candidates_text(board, &frame.candidates)),
        var("tried", names(board, &frame.tried)),
        var("ties", names(board, &frame.ties)),
    ]
}

/// The queens search's variables: the column being filled, the queens, the row tried
/// next there, the solutions so far.
pub fn queens_vars(search: &QueensSearch) -> Vec<CodeVar> {
    let n = search.n();
    let col = search.rows().len() as u32;
    let var = |name, value| CodeVar { name, value };
    vec![
        var("col", format!("{} of {n}", col + 1)),
        var("queens", placement_names_on(n, search.rows())),
        var("row", (search.next_row() + 1).to_string()),
        var("solutions", group(search.counters().solutions)),
        var("steps", group(search.stats().steps)),
    ]
}

/// The breadth-first search's variables: the layer, the frontier, what is left of it, the
/// next layer so far, every position reached (counts written `50,136`, as the stats are).
pub fn cube_bfs_vars(bfs: &LayerBfs) -> Vec<CodeVar> {
    let p = bfs.progress();
    let var = |name, value| CodeVar { name, value };
    vec![
        var("depth", p.depth.to_string()),
        var("frontier", group(p.frontier)),
        var("not yet processed", group(p.not_yet_processed)),
        var("next", group(bfs.next_len())),
        var("reached", group(p.reached)),
    ]
}

#[derive(Properties, PartialEq)]
pub struct CodeViewProps {
    /// The machine's name (`data-code`).
    pub name: AttrValue,
    pub listing: &'static str,
    /// The line the step shown ran (1-based); `None` when there is no step to show.
    pub line: Option<u8>,
    pub vars: Vec<CodeVar>,
    /// Controls of the listing's own (a stepper), floated top right beside its first line.
    #[prop_or_default]
    pub controls: Html,
    /// A heading naming the machine, where two listings are shown together (the race).
    #[prop_or_default]
    pub title: Option<AttrValue>,
}

/// The listing with its current line lit and the variables beside it.
#[function_component(CodeView)]
pub fn code_view(props: &CodeViewProps) -> Html {
    let current = props.line.map(usize::from);
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(current, move |_| keep_in_view(&node));
    }
    html! {
        <section class="code-view" ref={node} data-code={props.name.clone()}
            aria-label={props.title.as_ref().map_or("The search's code".to_string(), |t| format!("{t}: the code"))}
            data-code-current={current.map(|l| l.to_string())}>
            if let Some(title) = &props.title {
                <h4 class="code-title">{ title.clone() }</h4>
            }
            if props.controls != Html::default() {
                <div class="code-controls">{ props.controls.clone() }</div>
            }
            <ol class="code-listing">
                { for lines(props.listing).into_iter().enumerate().map(|(i, text)| {
                    let n = i + 1;
                    let indent = text.len() - text.trim_start().len();
                    html! {
                        <li data-code-line={n.to_string()} aria-current={(current == Some(n)).then_some("step")}
                            style={format!("--indent: {}", indent / 2)}><code>{ text.trim_start() }</code></li>
                    }
                }) }
            </ol>
            <dl class="code-vars">
                { for props.vars.iter().map(|v| html! {
                    <div class="code-var"><dt>{ v.name }</dt><dd data-code-var={v.name}>{ if v.value.is_empty() { "—".to_string() } else { v.value.clone() } }</dd></div>
                }) }
            </dl>
        </section>
    }
}

/// Scrolls the dock (only the dock: a phone's page must not jump as the player steps) so
/// the lit line is in view.
fn keep_in_view(node: &NodeRef) {
    let Some(section) = node.cast::<web_sys::Element>() else {
        return;
    };
    let lit = section
        .query_selector("[aria-current='step']")
        .ok()
        .flatten();
    let dock = section.closest(".wb-dock").ok().flatten();
    let (Some(lit), Some(dock)) = (lit, dock) else {
        return;
    };
    if dock.scroll_height() <= dock.client_height() {
        return; // the dock does not scroll (a phone's page does instead)
    }
    let (line, view) = (
        lit.get_bounding_client_rect(),
        dock.get_bounding_client_rect(),
    );
    let below = line.bottom() - view.bottom();
    let above = view.top() - line.top();
    if below > 0.0 {
        dock.set_scroll_top(dock.scroll_top() + below.ceil() as i32 + 4);
    } else if above > 0.0 {
        dock.set_scroll_top(dock.scroll_top() - above.ceil() as i32 - 4);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_solver::cube::code::{BfsLine, SolveLine};
    use puzzlelab_solver::knight::code::KnightLine;
    use puzzlelab_solver::knight::naive_code::{BackLine, BruteLine};
    use puzzlelab_solver::knight::timeline::Timeline;
    use puzzlelab_solver::knight::{Rule, TieBreak, TourConfig};
    use puzzlelab_solver::queens::code::QueensLine;
    use puzzlelab_solver::rubik::code::PhaseLine;

    #[test]
    fn each_machine_line_has_one_listing_line() {
        assert_eq!(lines(KNIGHT).len(), KnightLine::ALL.len());
        assert_eq!(lines(QUEENS).len(), QueensLine::ALL.len());
        assert_eq!(lines(CUBE_BFS).len(), BfsLine::ALL.len());
        assert_eq!(lines(CUBE_SOLVE).len(), SolveLine::ALL.len());
        assert_eq!(lines(COUNT_BRUTE).len(), BruteLine::ALL.len());
        assert_eq!(lines(COUNT_BACKTRACK).len(), BackLine::ALL.len());
        assert_eq!(lines(RUBIK_PHASES).len(), PhaseLine::ALL.len());
        assert!(lines(RUBIK_PHASES)[PhaseLine::Hand.number() as usize - 1].contains("phase 2"));
        assert!(lines(COUNT_BRUTE)[BruteLine::Done.number() as usize - 1].contains("wrapped"));
        assert!(lines(COUNT_BACKTRACK)[BackLine::Back.number() as usize - 1].contains("step back"));
        assert!(lines(CUBE_BFS)[BfsLine::Done.number() as usize - 1].contains("every position"));
        assert!(lines(CUBE_SOLVE)[SolveLine::Take.number() as usize - 1].contains("d ← d − 1"));
        assert!(lines(KNIGHT)[KnightLine::Strand.number() as usize - 1].contains("stranded"));
        assert!(lines(QUEENS)[QueensLine::Solution.number() as usize - 1].contains("solution"));
    }

    #[test]
    fn the_knight_variables_are_the_frame_machine_state() {
        let board = Board::new(5, 5).unwrap();
        let mut config = TourConfig::new(board, board.parse_square("c1").unwrap());
        config.rule = Rule {
            backtrack: true,
            tie_break: TieBreak::First,
            ..config.rule
        };
        let mut timeline = Timeline::new(config).unwrap();
        timeline.run(u64::MAX);
        // Step 17 takes a5 back: the knight is on c4 again, a5 tried.
        let frame = timeline.frame(17);
        assert_eq!(frame.line, KnightLine::Back);
        let vars = knight_vars(board, &frame);
        let get = |name| vars.iter().find(|v| v.name == name).unwrap().value.clone();
        assert_eq!(get("depth"), "15");
        assert_eq!(get("here"), "c4");
        assert_eq!(get("tried"), "a5");
        assert!(
            get("candidates").starts_with("a5 (0)"),
            "{}",
            get("candidates")
        );
    }

    #[test]
    fn the_queens_variables_follow_the_search() {
        let mut search = QueensSearch::new(5, false).unwrap();
        search.run(5);
        let vars = queens_vars(&search);
        assert_eq!(vars[1].value, "a1 b3 c5 d2 e4");
        assert_eq!(vars[3].value, "1");
        assert_eq!(search.line(), QueensLine::Solution);
    }
}

#[cfg(test)]
mod cube_tests {
    use super::*;
    use puzzlelab_solver::cube::code::BfsLine;
    use puzzlelab_solver::cube::Metric;

    #[test]
    fn the_bfs_variables_are_the_machine_state() {
        let mut bfs = LayerBfs::new(Metric::Htm, 16_384);
        // Three steps end layers 0, 1 and 2: layer 3's 321 positions are the frontier.
        bfs.run(3);
        assert_eq!(bfs.line(), BfsLine::Layer);
        let vars = cube_bfs_vars(&bfs);
        let get = |name| vars.iter().find(|v| v.name == name).unwrap().value.clone();
        assert_eq!(get("depth"), "3");
        assert_eq!(get("frontier"), "321");
        assert_eq!(get("next"), "0");
        assert_eq!(get("reached"), (1 + 9 + 54 + 321).to_string());
        // Layer 6's first batch: thousands written with separators.
        bfs.run(4);
        assert_eq!(bfs.line(), BfsLine::Expand);
        let vars = cube_bfs_vars(&bfs);
        let get = |name| vars.iter().find(|v| v.name == name).unwrap().value.clone();
        assert_eq!(get("frontier"), "50,136");
        assert_eq!(get("not yet processed"), "33,752");
    }
}

#[cfg(test)]
mod count_tests {
    use super::*;
    use puzzlelab_solver::knight::count::CountSpec;
    use puzzlelab_solver::knight::naive_code::{BackLine, BruteLine};
    use puzzlelab_solver::knight::naive_count::{NaiveCounter, NaiveMethod};

    fn get(vars: &[CodeVar], name: &str) -> String {
        vars.iter().find(|v| v.name == name).unwrap().value.clone()
    }

    #[test]
    fn the_odometer_variables_are_the_machine_state() {
        let spec = CountSpec::new(3, 3, Some(0), false);
        let mut c = NaiveCounter::new(NaiveMethod::BruteForce, spec).unwrap();
        assert_eq!(get(&brute_vars(&c), "checked"), "0");
        // The first sequence, eight moves in direction 0, fails at its first move or
        // its second (a1's direction 0 is the machine's; the walk says which).
        c.step();
        assert_eq!(c.brute_line(), BruteLine::Fail);
        let vars = brute_vars(&c);
        assert_eq!(get(&vars, "digits"), "0 0 0 0 0 0 0 0");
        let walk = c.walk(&c.checked());
        assert_eq!(get(&vars, "fails at move"), walk.squares.len().to_string());
        assert_eq!(get(&vars, "checked"), "1");
        c.step();
        assert_eq!(get(&brute_vars(&c), "digits"), "0 0 0 0 0 0 0 1");
    }

    #[test]
    fn the_backtracking_variables_are_the_machine_state() {
        let spec = CountSpec::new(3, 3, Some(0), false);
        let mut c = NaiveCounter::new(NaiveMethod::Backtracking, spec).unwrap();
        assert_eq!(get(&back_vars(&c), "here"), "a1");
        c.step();
        assert_eq!(c.back_line(), BackLine::Move);
        let vars = back_vars(&c);
        assert_eq!(get(&vars, "depth"), "1");
        assert!(["b3", "c2"].contains(&get(&vars, "here").as_str()));
        assert_eq!(get(&vars, "tried"), "0");
        // Round the ring of eight and stuck: a step back to the seventh square, all of
        // whose directions are tried.
        for _ in 0..7 {
            c.step();
        }
        assert_eq!(c.back_line(), BackLine::Back);
        assert_eq!(get(&back_vars(&c), "depth"), "6");
        assert_eq!(get(&back_vars(&c), "tried"), c.digits()[6].to_string());
    }
}
