//! A step's text with its numbers: each fact is a `<data>` element carrying its value and
//! the page hook where the workbench shows the same figure, so a test can compare them.

use yew::prelude::*;

use super::lessons::Fact;
use super::template::{render, Piece};

#[derive(Properties, PartialEq)]
pub struct StepTextProps {
    pub text: AttrValue,
    pub facts: Vec<Fact>,
    /// Facts the worker sends later: they keep one width, computing or known, so their
    /// arrival moves nothing.
    #[prop_or_default]
    pub late: Vec<String>,
}

#[component]
pub fn StepText(props: &StepTextProps) -> Html {
    let pieces = render(&props.text, &props.facts);
    let late = |name: &str| props.late.iter().any(|l| l == name).then_some("late");
    html! {
        <p class="step-text">
            { for pieces.into_iter().map(|p| match p {
                Piece::Text(t) => html! { { t } },
                Piece::Fact(f) => html! {
                    <data class={classes!("fact", late(&f.name))}
                        value={f.value.clone()} data-fact={f.name.clone()} data-hook={f.hook.clone()}>{ f.shown.clone() }</data>
                },
                Piece::Pending(name) => html! {
                    <data class={classes!("fact", "pending", late(name))}
                        data-fact={name.to_string()} data-pending="" aria-busy="true">{"computing…"}</data>
                },
            }) }
        </p>
    }
}
