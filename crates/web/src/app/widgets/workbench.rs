//! The one workbench layout every page uses: a side panel of settings, a stage (board,
//! net, canvas) with the player bar right under it, and a dock of what explains the stage
//! (depth chart, tree, counters, solutions, "How it works"). A page says only what goes
//! in each slot; `styles/workbench.css` places them — three columns that fill the window
//! on wide screens, stacked with the player bar sticky at the bottom on phones.
//!
//! The stage, player and dock are siblings in the grid: a page without a search player
//! draws them with [`Slots`]; a page with one hands its stage and dock to
//! `SearchPlayer { slotted: true, .. }`, whose `[data-search]` wrapper (`display:
//! contents`) then holds all three, so the player's hooks still enclose the board and chart.
//! The slots keep their size whatever is in them, so starting, pausing or finishing a
//! search never moves the stage.

use yew::prelude::*;

use crate::app::widgets::save_picture::{PictureSource, SavePicture};

#[derive(Properties, PartialEq)]
pub struct WorkbenchProps {
    /// The page's name: its class, its title's id, and the key of its first-visit hint.
    pub name: AttrValue,
    pub title: AttrValue,
    /// Under the title: alerts and the state line (`data-status`).
    #[prop_or_default]
    pub head: Html,
    /// The side panel: grouped settings and actions.
    #[prop_or_default]
    pub settings: Html,
    /// The stage, the player bar and the dock: [`Slots`] or a slotted `SearchPlayer`.
    #[prop_or_default]
    pub children: Html,
    /// One line that says what to click first, shown until the first click on the page.
    #[prop_or_default]
    pub first: Option<AttrValue>,
}

#[component]
pub fn Workbench(props: &WorkbenchProps) -> Html {
    let key = format!("puzzlelab-started-{}", props.name);
    let fresh = use_state({
        let key = key.clone();
        move || !started(&key)
    });
    // The first click anywhere on the workbench is the first action: the hint goes.
    let onclick = {
        let fresh = fresh.clone();
        Callback::from(move |_: MouseEvent| {
            if *fresh {
                remember_started(&key);
                fresh.set(false);
            }
        })
    };
    let title_id = format!("{}-title", props.name);
    // What the stage shows, from the page hosting this workbench (none: no menu).
    let pictures = use_context::<PictureSource>();
    html! {
        <section class={classes!("workbench", "wb", props.name.to_string())} aria-labelledby={title_id.clone()} {onclick}>
            <header class="wb-head">
                <h2 id={title_id}>{ props.title.clone() }</h2>
                { props.head.clone() }
                if let Some(source) = pictures {
                    <SavePicture {source} />
                }
                // Last, so that its going moves nothing before it ("Save picture" is
                // ordered after it by the style sheet, at the header's right end).
                if let Some(first) = props.first.clone().filter(|_| *fresh) {
                    <p class="first-hint" data-first-hint="">{ first }</p>
                }
            </header>
            <aside class="wb-settings" aria-label="Settings">{ props.settings.clone() }</aside>
            { props.children.clone() }
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct SlotsProps {
    #[prop_or_default]
    pub stage: Html,
    #[prop_or_default]
    pub player: Html,
    #[prop_or_default]
    pub dock: Html,
}

/// The stage, the player bar under it and the dock, for a page without a search player.
#[component]
pub fn Slots(props: &SlotsProps) -> Html {
    html! {
        <>
            <div class="wb-stage">{ props.stage.clone() }</div>
            <div class="wb-player">{ props.player.clone() }</div>
            { dock(props.dock.clone()) }
        </>
    }
}

/// The dock: scrolls on its own (and so takes the keyboard's focus to scroll).
pub fn dock(content: Html) -> Html {
    html! {
        <aside class="wb-dock" aria-label="Explanations" tabindex="0">{ content }</aside>
    }
}

/// "How it works", a click away, at the foot of the dock.
pub fn how_it_works(paragraphs: Html) -> Html {
    html! {
        <details class="how"><summary>{"How it works"}</summary>{ paragraphs }</details>
    }
}

/// A group of settings with a short legend; the longer explanation behind a click.
#[derive(Properties, PartialEq)]
pub struct GroupProps {
    pub legend: AttrValue,
    #[prop_or_default]
    pub more: Option<AttrValue>,
    #[prop_or_default]
    pub children: Html,
}

#[component]
pub fn Group(props: &GroupProps) -> Html {
    html! {
        <fieldset class="group">
            <legend>{ props.legend.clone() }</legend>
            { props.children.clone() }
            if let Some(more) = props.more.clone() {
                <details class="more"><summary>{"Explain"}</summary><p>{ more }</p></details>
            }
        </fieldset>
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window().and_then(|w| w.local_storage().ok().flatten())
}

fn started(key: &str) -> bool {
    storage()
        .and_then(|s| s.get_item(key).ok().flatten())
        .is_some()
}

fn remember_started(key: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, "1");
    }
}
