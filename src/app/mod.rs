//! The yew front end: a shell that follows the URL hash and hosts the workbenches.
//!
//! Only wasm builds get the components; native builds see the plain-Rust state
//! (reducers, the playback timeline) so `cargo test` checks it.

#[cfg(target_arch = "wasm32")]
mod count;
#[cfg(target_arch = "wasm32")]
mod cube;
#[cfg(target_arch = "wasm32")]
mod knight;
#[cfg(target_arch = "wasm32")]
pub mod learn;
#[cfg(target_arch = "wasm32")]
mod queens;
#[cfg(target_arch = "wasm32")]
mod rubik;
#[cfg(target_arch = "wasm32")]
mod shell;
#[cfg(target_arch = "wasm32")]
mod widgets;

/// The pages' state and the shared timeline, as plain Rust (the native build's view).
#[cfg(not(target_arch = "wasm32"))]
pub mod widgets {
    pub mod numbers;
    pub mod task_count;
    pub mod timeline;
}
#[cfg(not(target_arch = "wasm32"))]
pub mod count {
    pub mod parts_state;
    pub mod state;
    pub mod totals_text;
}
#[cfg(not(target_arch = "wasm32"))]
pub mod cube {
    pub mod state;
    mod text;
}
#[cfg(not(target_arch = "wasm32"))]
pub mod knight {
    pub mod requests;
    pub mod state;
}
#[cfg(not(target_arch = "wasm32"))]
pub mod queens {
    pub mod state;
}
#[cfg(not(target_arch = "wasm32"))]
pub mod rubik {
    pub mod proof_run;
    pub mod prove;
    pub mod state;
}

#[cfg(target_arch = "wasm32")]
use yew::prelude::*;

#[cfg(target_arch = "wasm32")]
use crate::share::{decode_route, Route};

/// The app's entry, called by the `app` bin.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    shell::crash::install();
    shell::offline::register();
    yew::Renderer::<App>::new().render();
}

/// Re-reads the hash when the user edits it (or goes back); links the app writes itself
/// are recognised and do not reset the page.
#[cfg(target_arch = "wasm32")]
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
#[cfg(target_arch = "wasm32")]
pub fn reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Listens for `hashchange` on the window for as long as the returned value lives (dropping
/// it removes the listener).
#[cfg(target_arch = "wasm32")]
fn on_hash_change(mut on_change: impl FnMut() + 'static) -> Option<gloo_events::EventListener> {
    let window = web_sys::window()?;
    Some(gloo_events::EventListener::new(
        &window,
        "hashchange",
        move |_| on_change(),
    ))
}
