//! The cube page's own key: `h` plays one optimal move toward the goal (typing in a field
//! keeps its meaning). Playback keys stay with the shared listener.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// Listens on the window while it lives.
pub struct HintKey {
    closure: Closure<dyn FnMut(web_sys::KeyboardEvent)>,
}

impl HintKey {
    pub fn new(on_hint: impl Fn() + 'static) -> Option<HintKey> {
        let closure =
            Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                if e.ctrl_key() || e.meta_key() || e.alt_key() || typing(&e) {
                    return;
                }
                if e.key().eq_ignore_ascii_case("h") {
                    e.prevent_default();
                    on_hint();
                }
            });
        web_sys::window()?
            .add_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref())
            .ok()?;
        Some(HintKey { closure })
    }
}

impl Drop for HintKey {
    fn drop(&mut self) {
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback(
                "keydown",
                self.closure.as_ref().unchecked_ref(),
            );
        }
    }
}

fn typing(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
        .unwrap_or(false)
}
