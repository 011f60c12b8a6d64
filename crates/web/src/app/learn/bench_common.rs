//! What every lesson workbench shares: opening its search where the step says, telling the
//! try-it what the reader did, and the link that opens the full workbench.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::try_it::Signal;
use puzzlelab_solver::lessons::At;
use puzzlelab_solver::watch::{Observer, Player, PlayerAction, Watched};

/// Plays `player` to `at` at once (the lessons' searches are short).
pub fn settle<M: Watched, O: Observer<M>>(player: &mut Player<M, O>, at: At) {
    match at {
        At::Start => {}
        At::Step(k) => player.jump_to(k),
        At::End => {
            player.apply(PlayerAction::End);
            while player.playing() {
                player.apply(PlayerAction::Tick);
            }
        }
    }
}

/// The step a player opens at, for the workbenches that take it as a number (`u64::MAX`:
/// the end).
pub fn start_step(at: At) -> u64 {
    match at {
        At::Start => 0,
        At::Step(k) => k,
        At::End => u64::MAX,
    }
}

/// The name a player control goes by in a try-it (its `data-action`).
pub fn action_name(action: PlayerAction) -> Option<&'static str> {
    Some(match action {
        PlayerAction::Play => "play",
        PlayerAction::Pause => "pause",
        PlayerAction::Toggle => "play",
        PlayerAction::Step => "step",
        PlayerAction::StepBack => "step-back",
        PlayerAction::Reset => "reset",
        PlayerAction::End => "end",
        PlayerAction::Seek(_) => "seek",
        PlayerAction::NextSolution => "next-solution",
        PlayerAction::PreviousSolution => "previous-solution",
        PlayerAction::Speed(_) | PlayerAction::Tick => return None,
    })
}

/// The event of the search step shown (`data-event` of the player), read once the player
/// has come to rest and drawn it.
pub fn report_event(onsignal: Callback<Signal>) {
    gloo_timers::callback::Timeout::new(0, move || {
        let event = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| {
                d.query_selector(".lesson-bench [data-search]")
                    .ok()
                    .flatten()
            })
            .and_then(|e| e.dyn_into::<web_sys::Element>().ok())
            .and_then(|e| e.get_attribute("data-event"));
        if let Some(event) = event {
            onsignal.emit(Signal::Event(event));
        }
    })
    .forget();
}

/// "Open this in the workbench": the full page in the same state.
pub fn open_link(href: &str, name: &str) -> Html {
    html! {
        <p class="open-workbench">
            <a href={href.to_string()} data-open-workbench="">{ format!("Open this in the {name} workbench →") }</a>
        </p>
    }
}
