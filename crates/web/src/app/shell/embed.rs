//! The "Embed" action in the header of every workbench: a panel with the snippets for the
//! state on screen (`embed_snippet.rs`), read from the address when it opens.

use yew::prelude::*;

use crate::app::shell::embed_snippet::{element_snippet, iframe_snippet};
use crate::app::shell::{clipboard, location};
use puzzlelab_links::decode_route;

/// The folder the app is served from (`https://host/lab/`), for the snippets' addresses.
fn site() -> String {
    let href = web_sys::window()
        .and_then(|w| w.location().href().ok())
        .unwrap_or_default();
    let page = href.split(['#', '?']).next().unwrap_or("");
    page[..page.rfind('/').map_or(0, |i| i + 1)].to_string()
}

#[component]
pub fn EmbedAction() -> Html {
    let open = use_state(|| None::<(String, String)>);
    let onclick = {
        let open = open.clone();
        Callback::from(move |_| {
            if open.is_some() {
                open.set(None);
                return;
            }
            let route = decode_route(&location::hash()).value;
            let site = site();
            if let (Some(element), Some(iframe)) = (
                element_snippet(&route, &site),
                iframe_snippet(&route, &site),
            ) {
                open.set(Some((element, iframe)));
            }
        })
    };
    let close = {
        let open = open.clone();
        Callback::from(move |_| open.set(None))
    };
    html! {
        <>
            <button type="button" class="embed-action" data-action="embed" {onclick}
                aria-expanded={open.is_some().to_string()}
                aria-controls={open.is_some().then_some("embed-panel")}>{"Embed"}</button>
            if let Some((element, iframe)) = (*open).clone() {
                <section id="embed-panel" class="embed-panel" data-embed="" aria-label="Embed this workbench">
                    { snippet("element", "As an element (one script tag; the page may run scripts)", element) }
                    { snippet("iframe", "As an iframe (for pages that allow no scripts)", iframe) }
                    <p><a href="elements.html" data-link="elements-page">{"Every element, live, with its code"}</a></p>
                    <button type="button" data-action="close-embed" onclick={close}>{"Close"}</button>
                </section>
            }
        </>
    }
}

fn snippet(kind: &'static str, label: &'static str, text: String) -> Html {
    let copy = {
        let text = text.clone();
        Callback::from(move |_| {
            clipboard::write_text(&text);
        })
    };
    let id = format!("embed-{kind}");
    html! {
        <div class="embed-snippet">
            <label for={id.clone()}>{ label }</label>
            <textarea id={id} readonly=true rows="4" data-embed-snippet={kind} value={text} />
            <button type="button" data-action={format!("copy-{kind}")} onclick={copy}>{"Copy"}</button>
        </div>
    }
}
