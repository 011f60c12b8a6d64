//! The pocket cube's 2D net: 24 sticker buttons with the page hooks (`data-sticker`,
//! `data-color`, an `aria-label` naming the colour).

use yew::prelude::*;

use puzzlelab_solver::cube::geometry::NET_ORDER;
use puzzlelab_solver::cube::Stickers;

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

/// CSS colour of a sticker letter: the usual six by name, any other letter a steady hue.
pub fn css_colour(letter: u8) -> String {
    match letter {
        b'W' => "#f4f4f0".into(),
        b'Y' => "#ffd500".into(),
        b'G' => "#009b48".into(),
        b'B' => "#0046ad".into(),
        b'R' => "#c41e3a".into(),
        b'O' => "#ff6a13".into(),
        other => format!(
            "hsl({} 55% 55%)",
            (other.wrapping_sub(b'A') as u32 * 47) % 360
        ),
    }
}

/// Readable text on a sticker of that colour.
pub fn text_colour(letter: u8) -> &'static str {
    match letter {
        b'G' | b'B' | b'R' => "#ffffff",
        b'W' | b'Y' | b'O' => "#1f1d1a",
        _ => "#111111",
    }
}

pub fn colour_name(letter: u8) -> String {
    match letter {
        b'W' => "white".into(),
        b'Y' => "yellow".into(),
        b'G' => "green".into(),
        b'B' => "blue".into(),
        b'R' => "red".into(),
        b'O' => "orange".into(),
        other => format!("colour {}", other as char),
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
                let style = format!("grid-row: {}; grid-column: {}; background: {}; color: {};", row + 1, col + 1, css_colour(letter), text_colour(letter));
                let whose = if props.goal { "goal " } else { "" };
                let label = match &props.action {
                    Some(a) => format!("{whose}{name}, {} — {a}", colour_name(letter)),
                    None => format!("{whose}{name}, {}", colour_name(letter)),
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
