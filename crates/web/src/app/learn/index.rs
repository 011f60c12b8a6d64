//! The list of lessons: on `#/learn` and on the home page.

use yew::prelude::*;

use super::lessons;
use puzzlelab_links::{encode_route, LearnLink, Route};

#[component]
pub fn LessonIndex() -> Html {
    html! {
        <ol class="lesson-index">
            { for lessons::all().iter().map(|l| {
                let href = encode_route(&Route::Learn(LearnLink {
                    lesson: Some(l.slug.clone()),
                    ..LearnLink::default()
                }));
                html! {
                    <li data-lesson-link={l.slug.clone()}>
                        <a {href}><strong>{ &l.title }</strong></a>
                        <span class="hint">{ format!(" — {} ", l.summary) }</span>
                        <span class="hint source">{ format!("({}, {} steps)", l.source, l.steps.len()) }</span>
                    </li>
                }
            }) }
        </ol>
    }
}
