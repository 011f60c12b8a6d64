//! The yew front end: a shell that follows the URL hash and hosts the workbenches.
//!
//! Built natively too (yew and web-sys compile there), so `cargo test` checks the pages'
//! plain-Rust state (reducers, the playback timeline) beside the components.

mod code;
pub mod contract;
mod count;
mod cube;
pub mod embed;
mod knight;
pub mod learn;
mod page;
#[cfg(test)]
mod page_tests;
mod queens;
mod report;
mod rubik;
mod shell;
mod widgets;

use yew::prelude::*;

use puzzlelab_links::{decode_embed, decode_route, encode_embed, Decoded, Route};

/// The app's entry, called by the `app` bin. The same module is loaded by the elements
/// (`www/elements.js`) in other pages: the app starts only on its own page, whose body
/// says so (`data-puzzlelab-app`).
pub fn start() {
    let own_page = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.body())
        .is_some_and(|b| b.has_attribute("data-puzzlelab-app"));
    if !own_page {
        console_error_panic_hook::set_once();
        return;
    }
    shell::crash::install();
    shell::offline::register();
    yew::Renderer::<App>::new().render();
}

/// Re-reads the hash when the user edits it (or goes back); links the app writes itself
/// are recognised and do not reset the page.
#[component]
fn App() -> Html {
    let hash = use_state(shell::location::hash);
    {
        let hash = hash.clone();
        use_effect_with((), move |_| {
            let listener = on_hash_change(move || {
                let now = shell::location::hash();
                if !shell::location::is_own_write(&now) {
                    hash.set(now);
                }
            });
            move || drop(listener)
        });
    }
    if let Some(decoded) = decode_embed(&hash) {
        // The chrome-less view an iframe shows: the workbench alone, its link kept in
        // the embedded form.
        let on_link = Callback::from(|route: Route| {
            if let Some(hash) = encode_embed(&route) {
                shell::location::replace_hash(&hash);
            }
        });
        return html! {
            <div class="shell embedded">
                <main>{ workbench(decoded, (*hash).clone(), Some(on_link)) }</main>
            </div>
        };
    }
    let on_workbench = !matches!(decode_route(&hash).value, Route::Home | Route::Learn(_));
    let page = workbench(decode_route(&hash), (*hash).clone(), None);
    let current = |route: &str| (hash.starts_with(&format!("#/{route}"))).then_some("page");
    html! {
        <div class="shell">
            <header class="top">
                <h1><a href="#/">{"PuzzleLab"}</a></h1>
                <nav aria-label="Workbenches">
                    <a href="#/knight" aria-current={current("knight")}>{"Knight's tour"}</a>
                    <a href="#/queens" aria-current={current("queens")}>{"N queens"}</a>
                    <a href="#/cube" aria-current={current("cube")}>{"Pocket cube"}</a>
                    <a href="#/count" aria-current={current("count")}>{"Counting lab"}</a>
                    <a href="#/rubik" aria-current={current("rubik")}>{"Rubik's cube"}</a>
                    <a href="#/learn" aria-current={current("learn")}>{"Lessons"}</a>
                </nav>
                <div class="top-actions">
                    if on_workbench {
                        <shell::embed::EmbedAction />
                    }
                    <shell::theme::ThemeToggle />
                </div>
            </header>
            <main>
                { page }
            </main>
        </div>
    }
}

/// The page a route opens (`key`: a new hash opens it afresh); `on_link`: where it
/// writes its link, if not to the hash.
fn workbench(decoded: Decoded<Route>, key: String, on_link: Option<Callback<Route>>) -> Html {
    let problems = decoded.problems;
    match decoded.value {
        Route::Home => html! {
            <>
                <shell::alert::Alert {problems} />
                <shell::home::Home />
            </>
        },
        Route::Knight(link) => html! { <knight::KnightPage {key} {link} {problems} {on_link} /> },
        Route::Queens(link) => html! { <queens::QueensPage {key} {link} {problems} {on_link} /> },
        Route::Cube(link) => html! { <cube::CubePage {key} {link} {problems} {on_link} /> },
        Route::Count(link) => html! { <count::CountPage {key} {link} {problems} {on_link} /> },
        Route::Rubik(link) => html! { <rubik::RubikPage {key} {link} {problems} {on_link} /> },
        Route::Learn(link) => html! { <learn::LearnPage {key} {link} {problems} /> },
    }
}

/// The user asked the system for less motion: show results rather than animate them.
pub fn reduced_motion() -> bool {
    crate::app::shell::window::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Listens for `hashchange` on the window for as long as the returned value lives (dropping
/// it removes the listener).
fn on_hash_change(mut on_change: impl FnMut() + 'static) -> Option<gloo_events::EventListener> {
    let window = web_sys::window()?;
    Some(gloo_events::EventListener::new(
        &window,
        "hashchange",
        move |_| on_change(),
    ))
}
