//! Turn buttons for every WCA move: face turns, wide turns, slices and rotations, each
//! clockwise, counter-clockwise (') and half (2). `data-move` is the notation.

use yew::prelude::*;

use puzzlelab_solver::rubik::{Layer, Move};

/// (group label, layers) in the order the buttons are shown.
const GROUPS: [(&str, &[Layer]); 4] = [
    (
        "Face turns",
        &[Layer::U, Layer::D, Layer::L, Layer::R, Layer::F, Layer::B],
    ),
    (
        "Wide turns (two layers)",
        &[
            Layer::Uw,
            Layer::Dw,
            Layer::Lw,
            Layer::Rw,
            Layer::Fw,
            Layer::Bw,
        ],
    ),
    ("Slice turns", &[Layer::M, Layer::E, Layer::S]),
    ("Whole-cube rotations", &[Layer::X, Layer::Y, Layer::Z]),
];

#[derive(Properties, PartialEq)]
pub struct TurnsProps {
    pub onturn: Callback<Move>,
}

#[component]
pub fn TurnButtons(props: &TurnsProps) -> Html {
    let button = |m: Move| {
        let label = m.to_string();
        html! {
            <button type="button" class="turn" data-move={label.clone()}
                aria-label={format!("Turn {label}")} onclick={props.onturn.reform(move |_| m)}>{ label }</button>
        }
    };
    html! {
        <div class="rubik-turns">
            { for GROUPS.iter().map(|(name, layers)| html! {
                <div class="turns" role="group" aria-label={*name}>
                    { for layers.iter().flat_map(|&l| [1, 3, 2].map(|a| Move::new(l, a))).map(button) }
                </div>
            }) }
        </div>
    }
}
