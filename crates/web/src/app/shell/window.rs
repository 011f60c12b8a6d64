//! The browser's window, for what a page's state reads of it (motion preferences, cores,
//! the clipboard). Natively, where the states' tests run, there is none: web-sys would
//! panic there rather than say so.

pub fn window() -> Option<web_sys::Window> {
    if cfg!(target_arch = "wasm32") {
        web_sys::window()
    } else {
        None
    }
}
