//! The counting board: click a square to count from it; after a count each square shows
//! how many tours start there, shaded by that number.

use yew::prelude::*;

use puzzlelab_solver::board::Board;

#[derive(Properties, PartialEq)]
pub struct HeatProps {
    pub board: Board,
    pub start: Option<u32>,
    /// Directed tours from each square, once counted (empty before).
    pub counts: Vec<Option<u64>>,
    pub onclick: Callback<u32>,
}

#[component]
pub fn CountHeatmap(props: &HeatProps) -> Html {
    let board = props.board;
    let (w, h) = (board.width(), board.height());
    let max = props
        .counts
        .iter()
        .flatten()
        .max()
        .copied()
        .unwrap_or(0)
        .max(1);
    let style = format!("--cols: {w}; --rows: {h};");
    let squares = (0..h).rev().flat_map(|y| (0..w).map(move |x| (x, y)));
    html! {
        <div class="board-frame heatmap" {style}>
            <div class="ranks" aria-hidden="true">
                { for (0..h).rev().map(|y| html! { <span>{ y + 1 }</span> }) }
            </div>
            <div class="board" role="group" aria-label={format!("{w} by {h} board: choose the start")}>
                { for squares.map(|(x, y)| {
                    let sq = board.index(x, y);
                    let name = board.name(sq);
                    let count = props.counts.get(sq as usize).copied().flatten();
                    let mut class = classes!("square", if (x + y) % 2 == 0 { "dark" } else { "light" });
                    if props.start == Some(sq) { class.push("current"); }
                    // Shade by the share of the largest count (a square root keeps small
                    // counts visible next to big ones).
                    let style = count.map(|c| {
                        let heat = (c as f64 / max as f64).sqrt();
                        format!("background-color: var(--panel); background-image: linear-gradient(rgba(214,120,20,{heat:.2}), rgba(214,120,20,{heat:.2}))")
                    });
                    let label = match count {
                        Some(c) => format!("{name}: {c} tours start here"),
                        None if props.start == Some(sq) => format!("{name}, the start"),
                        None => name.clone(),
                    };
                    let onclick = props.onclick.reform(move |_| sq);
                    let onkeydown = Callback::from(move |e: KeyboardEvent| {
                        crate::app::widgets::board_keys::move_focus(&e, (x, y), (w, h), |a, b| board.name(board.index(a, b)));
                    });
                    html! {
                        <button type="button" {class} {style} data-square={name} aria-label={label}
                            data-count={count.map(|c| c.to_string())} {onclick} {onkeydown}>
                            if let Some(c) = count { <span class="num">{ compact(c) }</span> }
                        </button>
                    }
                }) }
            </div>
            <div class="files" aria-hidden="true">
                { for (0..w).map(|x| html! { <span>{ ((b'a' + x as u8) as char).to_string() }</span> }) }
            </div>
        </div>
    }
}

/// Short enough for a square: 304, 12.3k, 1.2M.
fn compact(n: u64) -> String {
    match n {
        0..=9_999 => n.to_string(),
        10_000..=999_999 => format!("{:.1}k", n as f64 / 1e3),
        _ => format!("{:.1}M", n as f64 / 1e6),
    }
}
