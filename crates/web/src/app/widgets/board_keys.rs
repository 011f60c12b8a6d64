//! Arrow keys move the focus between board squares (Enter and Space press the square, as
//! for any button).

use wasm_bindgen::JsCast;

/// Focus the square `(x + dx, y + dy)` if it is on a `width`×`height` board; `name` turns
/// coordinates into the `data-square` name.
pub fn move_focus(
    e: &web_sys::KeyboardEvent,
    (x, y): (u32, u32),
    (width, height): (u32, u32),
    name: impl Fn(u32, u32) -> String,
) {
    let (dx, dy): (i64, i64) = match e.key().as_str() {
        "ArrowLeft" => (-1, 0),
        "ArrowRight" => (1, 0),
        "ArrowUp" => (0, 1),
        "ArrowDown" => (0, -1),
        _ => return,
    };
    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
    if nx < 0 || ny < 0 || nx >= width as i64 || ny >= height as i64 {
        return;
    }
    e.prevent_default();
    let selector = format!("[data-square=\"{}\"]", name(nx as u32, ny as u32));
    let near = e.target().and_then(|t| t.dyn_into::<web_sys::Node>().ok());
    if let Some(el) = near.and_then(|n| crate::app::shell::host::find_near(&n, &selector)) {
        let _ = el.focus();
    }
}
