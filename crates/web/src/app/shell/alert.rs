//! The message box every page shows for bad input: what was wrong, and a way to dismiss it.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct AlertProps {
    pub problems: Vec<String>,
    /// Offers a Dismiss button when given.
    #[prop_or_default]
    pub ondismiss: Option<Callback<()>>,
}

#[component]
pub fn Alert(props: &AlertProps) -> Html {
    if props.problems.is_empty() {
        return html! {};
    }
    html! {
        <div class="alert" role="alert">
            <ul>{ for props.problems.iter().map(|p| html! { <li>{ p }</li> }) }</ul>
            if let Some(dismiss) = &props.ondismiss {
                <button type="button" onclick={dismiss.reform(|_| ())}>{"Dismiss"}</button>
            }
        </div>
    }
}
