//! A text or number input that keeps what is being typed until it is committed (Enter or
//! leaving the field). A controlled input would be reset by every re-render while the
//! worker reports progress or a tour animates.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct DraftProps {
    /// The committed value; the field shows it again whenever it changes.
    pub value: AttrValue,
    pub onchange: Callback<String>,
    pub name: AttrValue,
    #[prop_or(AttrValue::Static("text"))]
    pub kind: AttrValue,
    #[prop_or_default]
    pub min: Option<AttrValue>,
    #[prop_or_default]
    pub max: Option<AttrValue>,
    #[prop_or_default]
    pub describedby: Option<AttrValue>,
}

#[component]
pub fn DraftInput(props: &DraftProps) -> Html {
    let draft = use_state(|| props.value.to_string());
    {
        let draft = draft.clone();
        use_effect_with(props.value.clone(), move |value| {
            draft.set(value.to_string())
        });
    }
    let oninput = {
        let draft = draft.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            draft.set(input.value());
        })
    };
    let onchange = {
        let commit = props.onchange.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            commit.emit(input.value());
        })
    };
    html! {
        <input type={props.kind.clone()} name={props.name.clone()} value={(*draft).clone()}
            min={props.min.clone()} max={props.max.clone()}
            aria-describedby={props.describedby.clone()} {oninput} {onchange} />
    }
}
