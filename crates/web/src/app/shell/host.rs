//! A workbench hosted outside the app (an element in another page): the element it is
//! drawn in, given to the page and its widgets as a yew context. Keys are heard there
//! rather than on the window (two elements on one page must not both answer a key, nor
//! take the host page's space bar), and focus is looked for there (a shadow root is not
//! searched by `document.querySelector`). In the app there is no host: the window and
//! the document, as before.

use wasm_bindgen::JsCast;

#[derive(Clone, Debug, PartialEq)]
pub struct Host(pub web_sys::Element);

/// Where keys are heard: the host element, or the window.
pub fn key_target(host: Option<&Host>) -> Option<web_sys::EventTarget> {
    match host {
        Some(Host(element)) => Some(element.clone().into()),
        None => web_sys::window().map(Into::into),
    }
}

/// The first element `selector` names in the host, or in the document.
pub fn find(host: Option<&Host>, selector: &str) -> Option<web_sys::HtmlElement> {
    let found = match host {
        Some(Host(element)) => element.query_selector(selector).ok().flatten(),
        None => web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.query_selector(selector).ok().flatten()),
    };
    found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
}

/// The first element `selector` names beside `node`: in its shadow root if it is in
/// one, else in the document.
pub fn find_near(node: &web_sys::Node, selector: &str) -> Option<web_sys::HtmlElement> {
    let root = node.get_root_node();
    let found = match root.dyn_ref::<web_sys::ShadowRoot>() {
        Some(shadow) => shadow.query_selector(selector).ok().flatten(),
        None => root
            .dyn_ref::<web_sys::Document>()
            .and_then(|d| d.query_selector(selector).ok().flatten()),
    };
    found.and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
}
