//! Writing text to the clipboard, where the page has one.

/// Writes `text` to the clipboard; false where there is none (only secure pages have
/// one, and calling it elsewhere would throw; natively there is no window).
pub fn write_text(text: &str) -> bool {
    let navigator = crate::app::shell::window::window().map(|w| w.navigator());
    match navigator
        .filter(|n| js_sys::Reflect::get(n, &"clipboard".into()).is_ok_and(|c| !c.is_undefined()))
    {
        Some(n) => {
            let _ = n.clipboard().write_text(text);
            true
        }
        None => false,
    }
}
