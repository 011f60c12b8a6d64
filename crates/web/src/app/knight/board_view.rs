//! A clickable m×n board: squares as buttons with the page hooks (`data-square`,
//! `data-step`, `aria-label`), the tour drawn over them as a line.

use yew::prelude::*;

use puzzlelab_solver::board::Board;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub board: Board,
    /// The squares shown so far, start first.
    pub path: Vec<u32>,
    pub onclick: Callback<u32>,
    #[prop_or(false)]
    pub disabled: bool,
    /// Mark the squares the path never reached (a failed run, played to its end).
    #[prop_or(false)]
    pub stranded: bool,
    /// The knight's next possible squares, with their onward moves.
    #[prop_or_default]
    pub candidates: Vec<Candidate>,
    /// The all-starts map: each square's outcome (`solved`, `failed`, …), by index.
    #[prop_or_default]
    pub outcomes: Vec<&'static str>,
    /// Watching a search: squares on the path where a tie was broken (tie points).
    #[prop_or_default]
    pub ties: Vec<u32>,
    /// Watching a search: the moves already tried from the knight's square.
    #[prop_or_default]
    pub tried: Vec<u32>,
    /// Watching a search: squares the last step took off the path.
    #[prop_or_default]
    pub cleared: Vec<u32>,
}

use puzzlelab_solver::knight::candidates::Candidate;

#[component]
pub fn BoardView(props: &BoardProps) -> Html {
    let board = props.board;
    let (w, h) = (board.width(), board.height());
    let mut step_of = vec![0u32; board.squares() as usize];
    for (i, &sq) in props.path.iter().enumerate() {
        step_of[sq as usize] = i as u32 + 1;
    }
    let current = props.path.last().copied();
    let style = format!("--cols: {w}; --rows: {h};");
    let squares = (0..h).rev().flat_map(|y| (0..w).map(move |x| (x, y)));
    html! {
        <div class="board-frame" style={style.clone()}>
            <div class="ranks" aria-hidden="true">
                { for (0..h).rev().map(|y| html! { <span>{ y + 1 }</span> }) }
            </div>
            <div class="board" role="group" aria-label={format!("{w} by {h} board")}>
                { for squares.map(|(x, y)| {
                    let sq = board.index(x, y);
                    let name = board.name(sq);
                    let step = step_of[sq as usize];
                    let mut class = classes!("square", if (x + y) % 2 == 0 { "dark" } else { "light" });
                    if step > 0 { class.push("visited"); }
                    if Some(sq) == current { class.push("current"); }
                    let stranded = props.stranded && step == 0;
                    if stranded { class.push("unvisited"); }
                    let candidate = props.candidates.iter().find(|c| c.square == sq);
                    if let Some(c) = candidate {
                        class.push("candidate");
                        if c.tie { class.push("tie"); }
                        if c.chosen { class.push("chosen"); }
                    }
                    let tie_point = props.ties.contains(&sq);
                    let tried = props.tried.contains(&sq) && step == 0;
                    let cleared = props.cleared.contains(&sq);
                    if tie_point { class.push("tie-point"); }
                    if tried { class.push("tried"); }
                    if cleared { class.push("cleared"); }
                    let outcome = props.outcomes.get(sq as usize).copied();
                    if let Some(o) = outcome { class.push(format!("outcome-{o}")); }
                    let label = match (step, candidate) {
                        _ if outcome.is_some() => format!("{name}, start: {}", outcome.unwrap_or_default()),
                        (0, _) if tried => format!("{name}, tried already from here"),
                        (0, Some(c)) => format!("{name}, {} onward moves", c.onward),
                        (0, None) if cleared => format!("{name}, just taken back"),
                        (0, None) if stranded => format!("{name}, never visited"),
                        (0, None) => name.clone(),
                        (s, _) if tie_point => format!("{name}, move {s}, a tie point"),
                        (s, _) => format!("{name}, move {s}"),
                    };
                    let onclick = props.onclick.reform(move |_| sq);
                    let onkeydown = Callback::from(move |e: KeyboardEvent| {
                        crate::app::widgets::board_keys::move_focus(&e, (x, y), (w, h), |a, b| board.name(board.index(a, b)));
                    });
                    html! {
                        <button type="button" {class} data-square={name} aria-label={label} {onkeydown}
                            data-step={(step > 0).then(|| step.to_string())}
                            data-unvisited={stranded.then_some("true")}
                            data-outcome={outcome}
                            data-onward={candidate.map(|c| c.onward.to_string())}
                            data-tie-point={tie_point.then_some("true")}
                            data-tried={tried.then_some("true")}
                            data-cleared={cleared.then_some("true")}
                            disabled={props.disabled} {onclick}>
                            if step > 0 { <span class="num">{ step }</span> }
                            if let Some(c) = candidate { <span class="onward">{ c.onward }</span> }
                        </button>
                    }
                }) }
                <TourLine {board} path={props.path.clone()} />
            </div>
            <div class="files" aria-hidden="true">
                { for (0..w).map(|x| html! { <span>{ file_label(board, x) }</span> }) }
            </div>
        </div>
    }
}

fn file_label(board: Board, x: u32) -> String {
    if board.width() <= 26 {
        ((b'a' + x as u8) as char).to_string()
    } else {
        x.to_string()
    }
}

#[derive(Properties, PartialEq)]
struct LineProps {
    board: Board,
    path: Vec<u32>,
}

/// The knight's path as one SVG polyline through square centres, with the last move
/// drawn bold and a dot on the knight's square (under the move numbers).
#[component]
fn TourLine(props: &LineProps) -> Html {
    let (w, h) = (props.board.width(), props.board.height());
    let centre = |sq: u32| {
        let (x, y) = props.board.coords(sq);
        (x as f64 + 0.5, (h - 1 - y) as f64 + 0.5)
    };
    let points = props
        .path
        .iter()
        .map(|&sq| {
            let (x, y) = centre(sq);
            format!("{x},{y}")
        })
        .collect::<Vec<_>>()
        .join(" ");
    let last = match props.path.as_slice() {
        [.., from, to] => Some((centre(*from), centre(*to))),
        _ => None,
    };
    html! {
        <svg class="tour-line" viewBox={format!("0 0 {w} {h}")} preserveAspectRatio="none" aria-hidden="true">
            <polyline points={points} />
            if let Some(((x1, y1), (x2, y2))) = last {
                <line class="last" x1={x1.to_string()} y1={y1.to_string()} x2={x2.to_string()} y2={y2.to_string()}
                    />
                <circle class="here" cx={x2.to_string()} cy={y2.to_string()} r="0.12" />
            }
        </svg>
    }
}
