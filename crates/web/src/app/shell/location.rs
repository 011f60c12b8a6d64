//! Reading and writing the URL hash without adding history entries.

use std::cell::RefCell;

thread_local! {
    /// The last hash this app wrote, so its own writes are not mistaken for navigation.
    static LAST_WRITTEN: RefCell<String> = const { RefCell::new(String::new()) };
}

pub fn hash() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// Replaces the current hash (no new history entry, no `hashchange` event).
pub fn replace_hash(hash: &str) {
    LAST_WRITTEN.with(|last| *last.borrow_mut() = hash.to_string());
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(hash));
    }
}

pub fn is_own_write(hash: &str) -> bool {
    LAST_WRITTEN.with(|last| *last.borrow() == hash)
}
