//! Registers the service worker (www/sw.js) so the app works offline after a first visit.

pub fn register() {
    if let Some(window) = web_sys::window() {
        let container = window.navigator().service_worker();
        // No service worker (an insecure origin, a private window): the app simply stays
        // online-only.
        let _ = container.register("sw.js");
    }
}
