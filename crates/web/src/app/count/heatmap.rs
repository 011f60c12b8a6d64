//! The counting board: click a square to count from it; after a count each square shows
//! how many tours start there, shaded by that number.

use yew::prelude::*;

use puzzlelab_pictures::heatmap::{compact, Heat, HEAT};

#[derive(Properties, PartialEq)]
pub struct HeatProps {
    /// The board, the start and the directed tours from each square once counted.
    pub heat: Heat,
    pub onclick: Callback<u32>,
}

#[component]
pub fn CountHeatmap(props: &HeatProps) -> Html {
    let heat = &props.heat;
    let board = heat.board;
    let (w, h) = (board.width(), board.height());
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
                    let shown = heat.at(sq);
                    let count = shown.map(|(c, _)| c);
                    let mut class = classes!("square", if (x + y) % 2 == 0 { "dark" } else { "light" });
                    if heat.start == Some(sq) { class.push("current"); }
                    // Shaded by the share of the largest count, as the saved picture is.
                    let style = shown.map(|(_, heat)| {
                        let [r, g, b] = HEAT;
                        format!("background-color: var(--panel); background-image: linear-gradient(rgba({r},{g},{b},{heat:.2}), rgba({r},{g},{b},{heat:.2}))")
                    });
                    let label = match count {
                        Some(c) => format!("{name}: {c} tours start here"),
                        None if heat.start == Some(sq) => format!("{name}, the start"),
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
