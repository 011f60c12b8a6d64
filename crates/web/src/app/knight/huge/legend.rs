//! The key to the move-order colours: the scale from move 1 (the start) to the last move.

use std::rc::Rc;

use yew::prelude::*;

use puzzlelab_solver::board::Board;
use puzzlelab_solver::palette::{Palette, VIRIDIS_STOPS};

#[derive(Properties)]
pub struct LegendProps {
    pub board: Board,
    pub first: u32,
    /// The tour's last square, once it is complete.
    pub last: Option<u32>,
    pub palette: Rc<Palette>,
}

impl PartialEq for LegendProps {
    fn eq(&self, other: &Self) -> bool {
        (self.board, self.first, self.last) == (other.board, other.first, other.last)
    }
}

/// The scale as a CSS gradient (the same stops the table interpolates).
pub fn css_gradient() -> String {
    let stops: Vec<String> = VIRIDIS_STOPS.iter().map(|&c| Palette::hex(c)).collect();
    format!("linear-gradient(to right, {})", stops.join(", "))
}

#[component]
pub fn Legend(props: &LegendProps) -> Html {
    let n = props.board.squares();
    let end = props
        .last
        .map(|sq| format!(" ({})", props.board.name(sq)))
        .unwrap_or_default();
    html! {
        <div class="legend" data-legend="" aria-label="Colour key: move number">
            <span>{ format!("move 1 ({})", props.board.name(props.first)) }</span>
            <span class="legend-bar" style={format!("background: {};", css_gradient())}></span>
            <span>{ format!("move {}{end}", crate::app::widgets::numbers::group(n as u64)) }</span>
        </div>
    }
}
