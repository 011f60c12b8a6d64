//! Saving text the page made as a file the browser downloads (a count's parts, say).
//! Natively, where the states' tests run, there is no browser: nothing happens.

use wasm_bindgen::JsCast;

use crate::app::shell::window::window;

/// Offers `text` as the file `name` of type `mime`.
pub fn download(name: &str, mime: &str, text: &str) {
    let Some(document) = window().and_then(|w| w.document()) else {
        return;
    };
    let blob = gloo_file::Blob::new_with_options(text, Some(mime));
    let url = gloo_file::ObjectUrl::from(blob);
    let anchor = document
        .create_element("a")
        .ok()
        .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(a) = anchor {
        let _ = a.set_attribute("href", &url);
        let _ = a.set_attribute("download", name);
        a.click();
    }
    // The download reads the URL after this returns: revoke it once it surely has.
    gloo_timers::callback::Timeout::new(60_000, move || drop(url)).forget();
}
