//! The pocket cube's 2D net: 24 sticker buttons with the page hooks (`data-sticker`,
//! `data-color`, an `aria-label` naming the colour).

use yew::prelude::*;

use puzzlelab_solver::cube::geometry::NET_ORDER;
use puzzlelab_solver::cube::Stickers;
use puzzlelab_solver::cube_common::colours::{colour_name, css_colour, text_colour};
use puzzlelab_solver::cube_view::Kind;

#[derive(Properties, PartialEq)]
pub struct NetProps {
    pub stickers: Stickers,
    pub onclick: Callback<usize>,
    /// What a click does, for the labels ("paint", or nothing).
    #[prop_or_default]
    pub action: Option<AttrValue>,
    /// The goal's net: its stickers carry `data-goal-sticker` instead of `data-sticker`
    /// (which names the cube being turned), and it is drawn smaller.
    #[prop_or_default]
    pub goal: bool,
}

/// Grid cell (row, column) of net-string index `i` in an 8×6 grid.
fn cell(i: usize) -> (usize, usize) {
    match i {
        0..=3 => (i / 2, 2 + i % 2),
        4..=11 => (2, i - 4),
        12..=19 => (3, i - 12),
        _ => (4 + (i - 20) / 2, 2 + (i - 20) % 2),
    }
}

#[component]
pub fn CubeNet(props: &NetProps) -> Html {
    html! {
        <div class={classes!("cube-net", props.goal.then_some("goal-net"))} role="group"
            aria-label={if props.goal { "Goal net: up, left, front, right, back, down" } else { "Cube net: up, left, front, right, back, down" }}>
            { for (0..24).map(|i| {
                let (row, col) = cell(i);
                let letter = props.stickers.0[i];
                let name = NET_ORDER[i];
                let style = format!("grid-row: {}; grid-column: {}; background: {}; color: {};", row + 1, col + 1, css_colour(Kind::Pocket, letter), text_colour(Kind::Pocket, letter));
                let whose = if props.goal { "goal " } else { "" };
                let label = match &props.action {
                    Some(a) => format!("{whose}{name}, {} — {a}", colour_name(Kind::Pocket, letter)),
                    None => format!("{whose}{name}, {}", colour_name(Kind::Pocket, letter)),
                };
                let onclick = props.onclick.reform(move |_| i);
                if props.goal {
                    return html! {
                        <button type="button" class="sticker" {style} data-goal-sticker={name}
                            data-color={(letter as char).to_string()} aria-label={label} {onclick}>
                            <span>{ letter as char }</span>
                        </button>
                    };
                }
                html! {
                    <button type="button" class="sticker" {style} data-sticker={name}
                        data-color={(letter as char).to_string()} aria-label={label} {onclick}>
                        <span>{ letter as char }</span>
                    </button>
                }
            }) }
        </div>
    }
}
