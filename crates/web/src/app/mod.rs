//! The yew front end: a shell that follows the URL hash and hosts the workbenches.
//!
//! Built natively too (yew and web-sys compile there), so `cargo test` checks the pages'
//! plain-Rust state (reducers, the playback timeline) beside the components.

mod code;
pub mod contract;
mod count;
mod cube;
mod knight;
pub mod learn;
mod page;
#[cfg(test)]
mod page_tests;
mod queens;
mod rubik;
mod shell;
mod widgets;

use yew::prelude::*;

use puzzlelab_links::{decode_route, Route};

/// The app's entry, called by the `app` bin.
pub fn start() {
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
    let decoded = decode_route(&hash);
    let page = match decoded.value {
        Route::Home => html! {
            <>
                <shell::alert::Alert problems={decoded.problems.clone()} />
                <shell::home::Home />
            </>
        },
        Route::Knight(link) => html! {
            <knight::KnightPage key={(*hash).clone()} {link} problems={decoded.problems} />
        },
        Route::Queens(link) => html! {
            <queens::QueensPage key={(*hash).clone()} {link} problems={decoded.problems} />
        },
        Route::Cube(link) => html! {
            <cube::CubePage key={(*hash).clone()} {link} problems={decoded.problems} />
        },
        Route::Count(link) => html! {
            <count::CountPage key={(*hash).clone()} {link} problems={decoded.problems} />
        },
        Route::Rubik(link) => html! {
            <rubik::RubikPage key={(*hash).clone()} {link} problems={decoded.problems} />
        },
        Route::Learn(link) => html! {
            <learn::LearnPage key={(*hash).clone()} {link} problems={decoded.problems} />
        },
    };
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
                <shell::theme::ThemeToggle />
            </header>
            <main>
                { page }
            </main>
        </div>
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
