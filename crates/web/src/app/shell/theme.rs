//! Light or dark: the system's choice by default, or the user's, remembered.

use yew::prelude::*;

const KEY: &str = "puzzlelab-theme";

fn stored() -> String {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .unwrap_or_else(|| "auto".into())
}

/// Puts the theme on `<html data-theme>`, where the stylesheet reads it.
fn apply(theme: &str) {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-theme", theme);
    }
    if let Some(storage) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
        let _ = storage.set_item(KEY, theme);
    }
}

#[component]
pub fn ThemeToggle() -> Html {
    let theme = use_state(stored);
    use_effect_with((*theme).clone(), |t| apply(t));
    let next = match theme.as_str() {
        "auto" => "dark",
        "dark" => "light",
        _ => "auto",
    };
    let onclick = {
        let theme = theme.clone();
        Callback::from(move |_| theme.set(next.to_string()))
    };
    let label = match theme.as_str() {
        "dark" => "Theme: dark",
        "light" => "Theme: light",
        _ => "Theme: as the system",
    };
    html! {
        <button type="button" class="theme" {onclick} data-theme-choice={(*theme).clone()}
            aria-label={format!("{label}; switch to {next}")}>{ label }</button>
    }
}
