//! The whole board small, with the part the canvas shows outlined; a click or a drag in
//! it moves the view there. Not a canvas (the page's one canvas is the board): a picture
//! painted once per path, and the window as a box over it.
//!
//! Page hook: `[data-minimap]` with `data-window` (left,top,width,height in percent of the
//! board) and the box `[data-minimap-window]`.

use yew::prelude::*;

use puzzlelab_solver::board::Board;

#[derive(Properties, PartialEq)]
pub struct MinimapProps {
    pub board: Board,
    /// The board's picture (a PNG data URL).
    pub image: Option<String>,
    /// The visible window: left, top, width, height in squares.
    pub window: (f64, f64, f64, f64),
    /// Centre the view here (fractions of the board's width and height, from the top left).
    pub oncentre: Callback<(f64, f64)>,
}

fn fraction(e: &MouseEvent) -> Option<(f64, f64)> {
    use wasm_bindgen::JsCast;
    let el: web_sys::Element = e.target()?.dyn_into().ok()?;
    let r = el.get_bounding_client_rect();
    Some((
        ((e.client_x() as f64 - r.left()) / r.width().max(1.0)).clamp(0.0, 1.0),
        ((e.client_y() as f64 - r.top()) / r.height().max(1.0)).clamp(0.0, 1.0),
    ))
}

#[component]
pub fn Minimap(props: &MinimapProps) -> Html {
    let pressed = use_state(|| false);
    let (w, h) = (props.board.width() as f64, props.board.height() as f64);
    let (left, top, wide, tall) = props.window;
    let pct = |v: f64, of: f64| 100.0 * v / of;
    let window = (pct(left, w), pct(top, h), pct(wide, w), pct(tall, h));
    let style = format!(
        "aspect-ratio: {w} / {h};{}",
        props
            .image
            .as_ref()
            .map(|url| format!(" background-image: url({url});"))
            .unwrap_or_default()
    );
    let box_style = format!(
        "left: {:.2}%; top: {:.2}%; width: {:.2}%; height: {:.2}%;",
        window.0, window.1, window.2, window.3
    );
    let centre = props.oncentre.clone();
    let onmousedown = {
        let pressed = pressed.clone();
        let centre = centre.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            pressed.set(true);
            if let Some(f) = fraction(&e) {
                centre.emit(f);
            }
        })
    };
    let onmousemove = {
        let pressed = pressed.clone();
        Callback::from(move |e: MouseEvent| {
            if *pressed && e.buttons() & 1 == 1 {
                if let Some(f) = fraction(&e) {
                    centre.emit(f);
                }
            }
        })
    };
    let release = {
        let pressed = pressed.clone();
        Callback::from(move |_: MouseEvent| pressed.set(false))
    };
    html! {
        <div class="minimap" data-minimap="" role="img" {style}
            aria-label="The whole board; the outlined box is the part shown. Click or drag to move it."
            data-window={format!("{:.2},{:.2},{:.2},{:.2}", window.0, window.1, window.2, window.3)}
            {onmousedown} {onmousemove} onmouseup={release.clone()} onmouseleave={release}>
            <div class="minimap-window" data-minimap-window="" style={box_style}></div>
        </div>
    }
}
