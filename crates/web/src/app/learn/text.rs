//! A step's text with its numbers: each fact is a `<data>` element carrying its value and
//! the page hook where the workbench shows the same figure, so a test can compare them.

use yew::prelude::*;

use puzzlelab_solver::lessons::{render, Fact, Piece};

#[derive(Properties, PartialEq)]
pub struct StepTextProps {
    pub text: &'static str,
    pub facts: Vec<Fact>,
    /// Facts the worker sends later: they keep one width, computing or known, so their
    /// arrival moves nothing.
    #[prop_or_default]
    pub late: &'static [&'static str],
}

#[component]
pub fn StepText(props: &StepTextProps) -> Html {
    let pieces = render(props.text, &props.facts);
    html! {
        <p class="step-text">
            { for pieces.into_iter().map(|p| match p {
                Piece::Text(t) => html! { { t } },
                Piece::Fact(f) => html! {
                    <data class={classes!("fact", props.late.contains(&f.name).then_some("late"))}
                        value={f.value.clone()} data-fact={f.name} data-hook={f.hook.encode()}>{ f.shown.clone() }</data>
                },
                Piece::Pending(name) => html! {
                    <data class={classes!("fact", "pending", props.late.contains(&name).then_some("late"))}
                        data-fact={name.to_string()} data-pending="" aria-busy="true">{"computing…"}</data>
                },
            }) }
        </p>
    }
}
