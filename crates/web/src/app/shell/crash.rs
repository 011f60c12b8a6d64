//! A panic must not leave a dead page: log it, then show a banner that says so and offers
//! a reload (the link keeps the URL, so the user's state comes back).

/// Installs the hook through yew, which otherwise sets its own when it renders.
pub fn install() {
    yew::set_custom_panic_hook(Box::new(|info| {
        console_error_panic_hook::hook(info);
        show_banner(&info.to_string());
    }));
}

fn show_banner(detail: &str) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let body = document.body()?;
    if document.get_element_by_id("crash-banner").is_some() {
        return Some(());
    }
    let banner = document.create_element("div").ok()?;
    banner.set_id("crash-banner");
    let _ = banner.set_attribute("role", "alert");
    let _ = banner.set_attribute("data-status", "error");
    // Text only: no HTML from the panic message reaches the page.
    let text = document.create_element("p").ok()?;
    text.set_text_content(Some(&format!(
        "Something went wrong inside PuzzleLab and this page stopped working. Reload to go on where you were. ({detail})"
    )));
    let reload = document.create_element("a").ok()?;
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let _ = reload.set_attribute("href", &href);
    let _ = reload.set_attribute("data-action", "reload");
    reload.set_text_content(Some("Reload"));
    banner.append_child(&text).ok()?;
    banner.append_child(&reload).ok()?;
    body.prepend_with_node_1(&banner).ok()
}

/// A dismissable notice at the top of the page (the app goes on working), e.g. after a
/// worker was restarted; in a workbench hosted in another page (`within`: its element),
/// at the top of that element, never in the host page's body. Text only.
pub fn notice(text: &str, within: Option<&web_sys::Element>) -> Option<()> {
    let document = web_sys::window()?.document()?;
    let old = match within {
        Some(element) => element.query_selector("#worker-notice").ok().flatten(),
        None => document.get_element_by_id("worker-notice"),
    };
    if let Some(old) = old {
        old.remove();
    }
    let banner = document.create_element("div").ok()?;
    banner.set_id("worker-notice");
    if within.is_some() {
        let _ = banner.set_attribute("data-in", "element");
    }
    let _ = banner.set_attribute("role", "status");
    let _ = banner.set_attribute("data-notice", "worker-restarted");
    let message = document.create_element("p").ok()?;
    message.set_text_content(Some(text));
    let close = document.create_element("button").ok()?;
    let _ = close.set_attribute("type", "button");
    let _ = close.set_attribute("data-action", "dismiss-notice");
    close.set_text_content(Some("Dismiss"));
    // A listener, not an inline handler: the CSP allows no inline script.
    let target = banner.clone();
    let remove = wasm_bindgen::closure::Closure::once_into_js(move || target.remove());
    use wasm_bindgen::JsCast;
    close
        .add_event_listener_with_callback("click", remove.unchecked_ref())
        .ok()?;
    banner.append_child(&message).ok()?;
    banner.append_child(&close).ok()?;
    match within {
        Some(element) => element.prepend_with_node_1(&banner).ok(),
        None => document.body()?.prepend_with_node_1(&banner).ok(),
    }
}
