//! Page-wide playback keys: space plays or pauses, the arrows step, Home and End jump.
//! Keys typed into a field, pressed on a button or on a search tree's node keep their
//! usual meaning there.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::app::widgets::timeline::PlaybackAction;

/// Listens on the window while it lives.
pub struct KeyListener {
    closure: Closure<dyn FnMut(web_sys::KeyboardEvent)>,
}

impl KeyListener {
    /// `on_key` gets the action for each playback key.
    pub fn new(on_key: impl Fn(KeyAction) + 'static) -> Option<KeyListener> {
        let closure =
            Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                if e.ctrl_key() || e.meta_key() || e.alt_key() || typing_target(&e) {
                    return;
                }
                let action = match e.key().as_str() {
                    " " => KeyAction::Toggle,
                    "ArrowRight" => KeyAction::Do(PlaybackAction::StepForward),
                    "ArrowLeft" => KeyAction::Do(PlaybackAction::StepBack),
                    "Home" => KeyAction::Do(PlaybackAction::Reset),
                    "End" => KeyAction::Do(PlaybackAction::End),
                    _ => return,
                };
                e.prevent_default();
                on_key(action);
            });
        web_sys::window()?
            .add_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref())
            .ok()?;
        Some(KeyListener { closure })
    }
}

impl Drop for KeyListener {
    fn drop(&mut self) {
        if let Some(w) = web_sys::window() {
            let _ = w.remove_event_listener_with_callback(
                "keydown",
                self.closure.as_ref().unchecked_ref(),
            );
        }
    }
}

/// What a key asks of the playback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    /// Space: play if paused, pause if playing.
    Toggle,
    Do(PlaybackAction),
}

impl KeyAction {
    /// The playback action this key means, given whether playback is running.
    pub fn resolve(self, playing: bool) -> PlaybackAction {
        match self {
            KeyAction::Toggle if playing => PlaybackAction::Pause,
            KeyAction::Toggle => PlaybackAction::Play,
            KeyAction::Do(action) => action,
        }
    }
}

fn typing_target(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| {
            matches!(
                el.tag_name().as_str(),
                "INPUT" | "SELECT" | "TEXTAREA" | "BUTTON"
            ) || el.closest("[data-node]").ok().flatten().is_some() // a search tree's node
        })
        .unwrap_or(false)
}
