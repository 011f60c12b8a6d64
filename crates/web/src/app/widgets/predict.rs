//! "What would it do next?" drawn the same on every page: the question, the last verdict
//! (right or wrong, and why), the score, and why guessing is off when it is. The pages'
//! states judge (`puzzlelab_solver::predict`); this only draws.

use yew::prelude::*;

use crate::app::widgets::numbers::group;
use puzzlelab_solver::predict::{Score, MAX_PREDICT_STEPS};

/// Why a search of `steps` steps is not guessed along, in words (`None` when it is).
pub fn refusal(steps: u64) -> Option<String> {
    (steps > MAX_PREDICT_STEPS).then(|| {
        format!(
            "Guessing is off for this search: it takes {} steps, and guessing follows searches of up to {} steps.",
            group(steps),
            group(MAX_PREDICT_STEPS)
        )
    })
}

/// What Play says while guessing when the player stands at a decision.
pub const PLAY_WAITS: &str =
    "Play stops at each decision: make your guess, and it plays on to the next one.";

/// The panel: `ask` is the question (or that the run is over), `name` names a guess.
pub fn panel<T>(
    score: &Score<T>,
    ask: &str,
    note: Option<&str>,
    name: impl Fn(&T) -> String,
) -> Html {
    let verdict = score.last.as_ref().map(|v| {
        let (mark, word) = if v.right {
            ("right", "Right")
        } else {
            ("wrong", "Wrong")
        };
        html! {
            <p class="verdict" data-verdict={mark} data-guess={name(&v.guess)} data-chosen={name(&v.chosen)}>
                <strong>{ format!("{word}: ") }</strong>{ format!("{}.", v.reason) }</p>
        }
    });
    html! {
        <section class="predict" data-predict="" data-score={score.right.to_string()} data-asked={score.asked.to_string()}
            aria-live="polite">
            <p class="ask">{ ask.to_string() }</p>
            if let Some(note) = note {
                <p class="hint play-note" data-predict-note="">{ note.to_string() }</p>
            }
            { for verdict }
            <p class="score">{ format!("Score: {} of {}", score.right, score.asked) }</p>
        </section>
    }
}

/// Guessing refused: the reason, with the hooks at zero.
pub fn refused(reason: &str) -> Html {
    html! {
        <p class="predict hint" data-predict="" data-score="0" data-asked="0" data-refused="">{ reason.to_string() }</p>
    }
}
