//! Play / pause / step / reset and speed: the same controls for every workbench.

use yew::prelude::*;

use crate::app::widgets::timeline::PlaybackAction;
use puzzlelab_solver::watch::{MAX_SPEED, MIN_SPEED};

#[derive(Properties, PartialEq)]
pub struct PlaybackProps {
    pub playing: bool,
    /// Moves shown, and moves in all when known in advance (a search's length is not).
    pub position: usize,
    pub length: Option<usize>,
    /// For an open-ended search: it has finished.
    #[prop_or_default]
    pub finished: bool,
    /// Moves per second.
    pub speed: u32,
    pub onaction: Callback<PlaybackAction>,
    pub onspeed: Callback<u32>,
    /// The timeline's end (defaults to `length`), and where dragging it goes.
    #[prop_or_default]
    pub scrub_max: Option<usize>,
    #[prop_or_default]
    pub onscrub: Option<Callback<usize>>,
    /// What one position is called ("move" unless said otherwise, e.g. "step").
    #[prop_or(AttrValue::Static("move"))]
    pub unit: AttrValue,
}

#[component]
pub fn Playback(props: &PlaybackProps) -> Html {
    let act = |a: PlaybackAction| props.onaction.reform(move |_| a);
    let at_start = props.position == 0;
    let at_end = match props.length {
        Some(length) => props.position >= length,
        None => props.finished,
    };
    let where_text = match props.length {
        Some(length) => format!("{} {} of {length}", props.unit, props.position),
        None => format!("step {}", props.position),
    };
    let onspeed = props.onspeed.reform(|e: InputEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        input.value().parse().unwrap_or(MIN_SPEED)
    });
    html! {
        <div class="playback" role="group" aria-label="Playback">
            <button type="button" onclick={act(PlaybackAction::Reset)} disabled={at_start}
                aria-label="Back to the start" title="Back to the start (Home)" data-action="reset">{"|◀"}</button>
            <button type="button" onclick={act(PlaybackAction::StepBack)} disabled={at_start}
                aria-label="Step back" title="Step back (←)" data-action="step-back">{"◀"}</button>
            if props.playing {
                <button type="button" onclick={act(PlaybackAction::Pause)}
                    aria-label="Pause" title="Pause (space)" data-action="pause">{"❚❚ Pause"}</button>
            } else {
                <button type="button" onclick={act(PlaybackAction::Play)} disabled={at_end}
                    aria-label="Play" title="Play (space)" data-action="play">{"▶ Play"}</button>
            }
            <button type="button" onclick={act(PlaybackAction::StepForward)} disabled={at_end}
                aria-label="Step forward" title="Step forward (→)" data-action="step">{"▶"}</button>
            <button type="button" onclick={act(PlaybackAction::End)} disabled={at_end}
                aria-label="Skip to the end" title="Skip to the end (End)" data-action="end">{"▶|"}</button>
            <span class="position" aria-live="off">{ where_text }</span>
            if let (Some(max), Some(onscrub)) = (props.scrub_max.or(props.length), props.onscrub.clone()) {
                <input type="range" class="timeline" min="0" max={max.to_string()} value={props.position.min(max).to_string()}
                    aria-label="Timeline" data-action="scrub"
                    oninput={onscrub.reform(|e: InputEvent| {
                        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                        input.value().parse().unwrap_or(0)
                    })} />
            }
            <label class="speed">
                {"Speed "}
                <input type="range" min={MIN_SPEED.to_string()} max={MAX_SPEED.to_string()}
                    value={props.speed.to_string()} oninput={onspeed} aria-label="Moves per second" />
                <span>{ format!("{} /s", props.speed) }</span>
            </label>
        </div>
    }
}
