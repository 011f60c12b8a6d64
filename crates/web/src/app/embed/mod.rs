//! A workbench in another page: the `<puzzlelab-…>` elements (`www/elements.js`) call
//! [`mount`] with the element's shadow root's container, its kind and its attributes as
//! a link's query. The query is decoded by the links crate exactly as the app decodes a
//! link, so a bad attribute gets what a bad link gets: the message, and sane defaults.
//! The page writes its link to the element (never the host page's address), and tells
//! it what it shows (`Report`), which the element turns into its events.

use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::app::shell::host::Host;
use crate::app::{count, cube, knight, queens, rubik};
use puzzlelab_links::{decode_route, Route};

/// The workbenches an element can hold (`<puzzlelab-knight>` …, the counting lab too).
pub const KINDS: [&str; 5] = ["knight", "queens", "cube", "rubik", "count"];

#[derive(Properties, PartialEq, Clone)]
pub struct EmbeddedProps {
    pub kind: AttrValue,
    pub query: AttrValue,
    pub host: Host,
    pub on_report: Callback<String>,
}

/// One workbench, opened from `kind` and `query`; a new query opens it afresh.
#[component]
pub fn Embedded(props: &EmbeddedProps) -> Html {
    let decoded = decode_route(&route_text(&props.kind, &props.query));
    let problems = decoded.problems;
    let key = props.query.to_string();
    // The link goes to the element by its report; never to the host page's hash.
    let on_link = Some(Callback::noop());
    let on_report = Some(props.on_report.clone());
    let page = match decoded.value {
        Route::Knight(link) => {
            html! { <knight::KnightPage {key} {link} {problems} {on_link} {on_report} /> }
        }
        Route::Queens(link) => {
            html! { <queens::QueensPage {key} {link} {problems} {on_link} {on_report} /> }
        }
        Route::Cube(link) => {
            html! { <cube::CubePage {key} {link} {problems} {on_link} {on_report} /> }
        }
        Route::Rubik(link) => {
            html! { <rubik::RubikPage {key} {link} {problems} {on_link} {on_report} /> }
        }
        Route::Count(link) => {
            html! { <count::CountPage {key} {link} {problems} {on_link} {on_report} /> }
        }
        Route::Home | Route::Learn(_) => html! {
            <p role="alert" class="alert">{ format!(
                "there is no workbench '{}' to embed; one of: {}",
                props.kind.chars().take(40).collect::<String>(),
                KINDS.join(", ")
            ) }</p>
        },
    };
    html! {
        <ContextProvider<Host> context={props.host.clone()}>
            { page }
        </ContextProvider<Host>>
    }
}

/// The hash route an element's kind and query stand for (an unknown kind opens nothing:
/// it must not fall back to the lessons or the home page).
pub fn route_text(kind: &str, query: &str) -> String {
    if KINDS.contains(&kind) {
        format!("#/{kind}?{query}")
    } else {
        "#/embed-unknown".to_string()
    }
}

/// An element's workbench, mounted in its container. The `app` bin exports it to
/// JavaScript (as `mount` and `Mounted`): exported from this library, it would pull the
/// whole app into the worker's wasm too.
pub struct Embedding {
    handle: Option<yew::AppHandle<Embedded>>,
    props: EmbeddedProps,
}

impl Embedding {
    /// Draws workbench `kind` in `container` (an element in the custom element's shadow
    /// root), opened from `query` (a link's query: `board=8x8&start=a1`). `on_report` is
    /// called with the state's report as JSON whenever it changes; `assets` is the folder
    /// the app's files are served from (for the worker), or empty when told by URL.
    pub fn mount(
        kind: String,
        container: web_sys::Element,
        query: String,
        on_report: js_sys::Function,
        assets: String,
    ) -> Embedding {
        // No folder: the worker's files were told by URL (`set_worker_files`).
        if !assets.is_empty() {
            crate::app::widgets::worker_files::set_folder(&assets);
        }
        let props = EmbeddedProps {
            kind: kind.into(),
            query: query.into(),
            host: Host(container.clone()),
            on_report: Callback::from(move |json: String| {
                let _ = on_report.call1(&JsValue::NULL, &JsValue::from_str(&json));
            }),
        };
        let handle =
            yew::Renderer::<Embedded>::with_root_and_props(container, props.clone()).render();
        Embedding {
            handle: Some(handle),
            props,
        }
    }

    /// Where the solver worker's files are (by URL, for bundlers that rename them);
    /// otherwise they are looked for in the folder `mount` is given.
    pub fn set_worker_files(script: String, wasm: String) {
        use crate::app::widgets::worker_files::{set_files, WorkerFiles};
        set_files(WorkerFiles { script, wasm });
    }

    /// Opens the workbench afresh from another query (an attribute changed).
    pub fn set_link(&mut self, query: String) {
        if self.props.query == query.as_str() {
            return;
        }
        self.props.query = query.into();
        if let Some(handle) = self.handle.as_mut() {
            handle.update(self.props.clone());
        }
    }

    /// Takes the workbench out (the element left the page); its worker is kept if idle.
    pub fn unmount(&mut self) {
        if let Some(handle) = self.handle.take() {
            handle.destroy();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_element_opens_only_its_own_kinds() {
        assert_eq!(route_text("knight", "board=5x5"), "#/knight?board=5x5");
        assert!(matches!(
            decode_route(&route_text("learn", "")).value,
            Route::Home
        ));
        assert!(matches!(
            decode_route(&route_text("../knight", "")).value,
            Route::Home
        ));
    }

    #[test]
    fn bad_attributes_get_what_bad_links_get() {
        let from_element = decode_route(&route_text("knight", "board=9999x3&start=%E0%A4%A"));
        let from_link = decode_route("#/knight?board=9999x3&start=%E0%A4%A");
        assert_eq!(from_element, from_link);
        assert!(!from_element.problems.is_empty());
    }
}
