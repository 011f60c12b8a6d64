//! The hint's turn drawn on the cube: a curved arrow lying just above the face it turns
//! as, clockwise or counter-clockwise as seen from outside, "2" for a half turn.

use yew::prelude::*;

use super::sticker::{orient, translate};
use puzzlelab_solver::cube_view::{Kind, Turn};

pub fn arrow(kind: Kind, turn: &Turn) -> Html {
    let n = f64::from(kind.size());
    let normal = turn.axis().map(|a| f64::from(a) * (n + 0.15));
    let style = format!(
        "width: calc(var(--h) * {side}); height: calc(var(--h) * {side}); margin: calc(var(--h) * -{n}); transform: {} {};",
        translate(normal),
        orient(turn.face),
        side = 2.0 * n,
    );
    // Seen from outside the face, as the element is: the arc runs clockwise from the
    // upper left over the top and round to the lower left, the head pointing on.
    let mirror = (turn.quarters == 3).then_some("scale(-1 1)");
    html! {
        <div class="cube3d-hint" data-hint-arrow={turn.name.clone()} {style}>
            <svg viewBox="-50 -50 100 100" role="presentation">
                <g transform={mirror}>
                    <path class="halo" d="M -26 -15 A 30 30 0 1 1 -26 15" />
                    <path class="line" d="M -26 -15 A 30 30 0 1 1 -26 15" />
                    <polygon class="head" points="-31,5 -17,12.7 -32,21.5" />
                </g>
                if turn.quarters == 2 {
                    <text x="0" y="10" text-anchor="middle">{"2"}</text>
                }
            </svg>
        </div>
    }
}
