//! The list of lessons: on `#/learn` and on the home page.

use yew::prelude::*;

use puzzlelab_links::{encode_route, LearnLink, Route};
use puzzlelab_solver::lessons;

#[component]
pub fn LessonIndex() -> Html {
    html! {
        <ol class="lesson-index">
            { for lessons::all().into_iter().map(|l| {
                let href = encode_route(&Route::Learn(LearnLink {
                    lesson: Some(l.slug.to_string()),
                    ..LearnLink::default()
                }));
                html! {
                    <li data-lesson-link={l.slug}>
                        <a {href}><strong>{ l.title }</strong></a>
                        <span class="hint">{ format!(" — {} ", l.summary) }</span>
                        <span class="hint source">{ format!("({}, {} steps)", l.source, l.steps.len()) }</span>
                    </li>
                }
            }) }
        </ol>
    }
}
