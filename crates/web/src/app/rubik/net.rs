//! The Rubik's cube's 2D net: U on top, then L F R B in a band, D below; 54 sticker
//! buttons with the page hooks. `data-sticker` names a facelet as the solver and its
//! fault messages do: face letter and position 1..9, read row by row from the top left
//! as seen from outside (Kociemba's U1..U9 R1..R9 F1..F9 D1..D9 L1..L9 B1..B9).

use yew::prelude::*;

use puzzlelab_solver::cube_common::colours::{colour_name, css_colour, text_colour};
use puzzlelab_solver::cube_view::Kind;
use puzzlelab_solver::rubik::facelets::facelet_name;
use puzzlelab_solver::rubik::Facelets;

/// Top-left cell (row, column) of each face in URFDLB order, on a 9×12 grid.
const FACE_ORIGIN: [(usize, usize); 6] = [(0, 3), (3, 6), (3, 3), (6, 3), (3, 0), (3, 9)];

/// Grid cell of facelet `i`.
fn cell(i: usize) -> (usize, usize) {
    let (row, col) = FACE_ORIGIN[i / 9];
    (row + i % 9 / 3, col + i % 3)
}

#[derive(Properties, PartialEq)]
pub struct NetProps {
    pub facelets: Facelets,
    pub onclick: Callback<usize>,
    /// What a click does, for the labels ("click to paint red"), if anything.
    #[prop_or_default]
    pub action: Option<AttrValue>,
}

#[component]
pub fn RubikNet(props: &NetProps) -> Html {
    // Buttons in reading order of the net, so Tab walks it row by row.
    // Packed as `row << 16 | column << 8 | sticker`, so a sort of plain numbers orders them.
    let mut order: Vec<u64> = (0..54)
        .map(|i| {
            let (row, col) = cell(i);
            (row << 16 | col << 8 | i) as u64
        })
        .collect();
    order.sort_unstable();
    let order = order.into_iter().map(|p| (p & 0xff) as usize);
    html! {
        <div class="rubik-net" role="group" aria-label="Cube net: up; left, front, right, back; down">
            { for order.into_iter().map(|i| {
                let (row, col) = cell(i);
                let letter = props.facelets.0[i];
                let name = facelet_name(i);
                let style = format!(
                    "grid-row: {}; grid-column: {}; background: {}; color: {};",
                    row + 1, col + 1, css_colour(Kind::Rubik, letter), text_colour(Kind::Rubik, letter)
                );
                let label = match &props.action {
                    Some(a) => format!("{name}, {} — {a}", colour_name(Kind::Rubik, letter)),
                    None => format!("{name}, {}", colour_name(Kind::Rubik, letter)),
                };
                html! {
                    <button type="button" class={classes!("sticker", (i % 9 == 4).then_some("centre"))} {style}
                        data-sticker={name} data-color={(letter as char).to_string()} aria-label={label}
                        onclick={props.onclick.reform(move |_| i)}>
                        <span>{ letter as char }</span>
                    </button>
                }
            }) }
        </div>
    }
}
