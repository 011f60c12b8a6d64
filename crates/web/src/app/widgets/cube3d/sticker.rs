//! One element per sticker, placed by a CSS transform: turned to face along its normal,
//! moved out to its centre, and, while its layer turns, rotated about the turn's axis.

use std::sync::OnceLock;

use yew::prelude::*;

use super::{Cube3dProps, Turning};
use puzzlelab_solver::cube_common::colours::{colour_name, css_colour};
use puzzlelab_solver::cube_view::{places, Face, Kind, Place};

/// The cube seen from the chosen angle, or the small mirrored view of its far side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum View {
    Front,
    Back,
}

pub fn placed(kind: Kind) -> &'static [Place] {
    static POCKET: OnceLock<Vec<Place>> = OnceLock::new();
    static RUBIK: OnceLock<Vec<Place>> = OnceLock::new();
    match kind {
        Kind::Pocket => POCKET.get_or_init(|| places(Kind::Pocket)),
        Kind::Rubik => RUBIK.get_or_init(|| places(Kind::Rubik)),
    }
}

/// Turns a square facing the viewer (CSS +z) to face along `face`'s normal.
pub fn orient(face: Face) -> &'static str {
    match face {
        Face::F => "",
        Face::B => "rotateY(180deg)",
        Face::R => "rotateY(90deg)",
        Face::L => "rotateY(-90deg)",
        Face::U => "rotateX(90deg)",
        Face::D => "rotateX(-90deg)",
    }
}

/// Moves an element's centre to `v` (half-cubie units, y up) in CSS's axes (y down);
/// `--h` is half a cubie's edge.
pub fn translate(v: [f64; 3]) -> String {
    format!(
        "translate3d(calc(var(--h) * {}), calc(var(--h) * {}), calc(var(--h) * {}))",
        v[0], -v[1], v[2]
    )
}

/// The keyboard on the front view's stickers: which one is the cube's tab stop, and
/// where their keys go.
#[derive(Clone)]
pub struct Keys {
    pub tab_stop: Option<usize>,
    pub onkey: Callback<(usize, KeyboardEvent)>,
}

pub fn all<'a>(
    props: &'a Cube3dProps,
    view: View,
    colours: &'a [u8],
    turning: Turning<'a>,
    onclick: Callback<usize>,
    keys: Keys,
) -> impl Iterator<Item = Html> + 'a {
    placed(props.kind)
        .iter()
        .enumerate()
        .map(move |(i, place)| {
            let letter = colours.get(i).copied().unwrap_or(b'?');
            let rotation = match turning {
                Some((turn, progress)) if turn.moves(place) => {
                    let (axis, degrees) = turn.css_rotation(progress);
                    format!("rotate3d({}, {}, {}, {degrees:.2}deg) ", axis[0], axis[1], axis[2])
                }
                _ => String::new(),
            };
            let style = format!(
                "background: {}; transform: {rotation}{} {};",
                css_colour(props.kind, letter),
                translate(place.centre.map(f64::from)),
                orient(place.face)
            );
            let color = (letter as char).to_string();
            let onclick = onclick.reform(move |_| i);
            let title = props
                .action
                .as_ref()
                .map(|a| format!("{}: {a}", place.name));
            // Named as the net names its stickers: "U1, white — click to paint red".
            let label = match &props.action {
                Some(a) => format!("{}, {} — {a}", place.name, colour_name(props.kind, letter)),
                None => format!("{}, {}", place.name, colour_name(props.kind, letter)),
            };
            let tabindex = if keys.tab_stop == Some(i) { "0" } else { "-1" };
            let onkey = keys.onkey.clone();
            let onkeydown = Callback::from(move |e: KeyboardEvent| {
                // Stopped here, at once: the view's own arrows (which turn the cube) and
                // the page's keys must not see a key meant for the sticker.
                if matches!(
                    e.key().as_str(),
                    "Enter" | " " | "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End"
                ) {
                    e.prevent_default();
                    e.stop_propagation();
                }
                onkey.emit((i, e));
            });
            match view {
                View::Front => html! {
                    <div class="cube3d-sticker" data-sticker={place.name.clone()} data-view="3d"
                        data-color={color} {style} {title} {onclick} role="button" {tabindex}
                        aria-label={label} {onkeydown}>
                        <span aria-hidden="true">{ letter as char }</span>
                    </div>
                },
                View::Back => html! {
                    <div class="cube3d-sticker" data-back-sticker={place.name.clone()} data-color={color}
                        {style} {title} {onclick}></div>
                },
            }
        })
}

/// While a layer turns, dark planes close the cube where it opens: at each cut, one plane
/// turning with the layer and one staying with the rest.
pub fn cores(kind: Kind, turning: Turning<'_>) -> Html {
    let Some((turn, progress)) = turning else {
        return html! {};
    };
    let side = 2 * kind.size();
    let (axis, degrees) = turn.css_rotation(progress);
    let rotation = format!(
        "rotate3d({}, {}, {}, {degrees:.2}deg) ",
        axis[0], axis[1], axis[2]
    );
    html! {
        <>{ for turn.cuts(kind).into_iter().flat_map(|cut| {
            let at = turn.axis().map(|a| f64::from(a * cut));
            let place = format!("{} {}", translate(at), orient(turn.face));
            [String::new(), rotation.clone()].map(|r| {
                let style = format!(
                    "width: calc(var(--h) * {side}); height: calc(var(--h) * {side}); margin: calc(var(--h) * -{}); transform: {r}{place};",
                    kind.size()
                );
                html! { <div class="cube3d-core" {style}></div> }
            })
        }) }</>
    }
}
