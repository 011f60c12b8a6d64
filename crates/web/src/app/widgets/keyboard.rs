//! Page-wide keys: for playback, space plays or pauses, the arrows step, Home and End
//! jump; for a lesson's steps, the arrows and Page Up/Down go back and on. Keys typed into
//! a field, pressed on a button or on a search tree's node keep their usual meaning there.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

use crate::app::shell::host::{key_target, Host};
use crate::app::widgets::timeline::PlaybackAction;

/// Which keys a page listens for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    None,
    /// A player's: space, the arrows, Home and End.
    Playback,
    /// Steps back and on: the arrows, Page Up and Page Down (as `StepBack`, `StepForward`).
    Steps,
}

/// Listens on the window (or a hosted page's element) while it lives.
pub struct KeyListener {
    closure: Closure<dyn FnMut(web_sys::KeyboardEvent)>,
    target: web_sys::EventTarget,
}

impl KeyListener {
    /// `on_key` gets the action for each key of `keys`, and for each of `letters` (`h`
    /// for a hint, say); nothing listens when there are none. `host`: the element a
    /// hosted page is drawn in, which hears its keys instead of the window.
    pub fn new(
        keys: Keys,
        letters: &'static str,
        host: Option<&Host>,
        on_key: impl Fn(KeyAction) + 'static,
    ) -> Option<KeyListener> {
        Self::listen(keys, letters, key_target(host)?, Box::new(on_key))
    }

    /// Not generic, so the listener's code is in the app once, not once per page.
    fn listen(
        keys: Keys,
        letters: &'static str,
        target: web_sys::EventTarget,
        on_key: Box<dyn Fn(KeyAction)>,
    ) -> Option<KeyListener> {
        if keys == Keys::None && letters.is_empty() {
            return None;
        }
        let closure =
            Closure::<dyn FnMut(web_sys::KeyboardEvent)>::new(move |e: web_sys::KeyboardEvent| {
                if e.ctrl_key() || e.meta_key() || e.alt_key() {
                    return;
                }
                let action = match letter(letters, &e.key()) {
                    Some(c) if !typing(&e) => KeyAction::Letter(c),
                    Some(_) => return,
                    None => match key_action(keys, &e.key()) {
                        Some(action) if !own_key(keys, &e) => action,
                        _ => return,
                    },
                };
                e.prevent_default();
                on_key(action);
            });
        target
            .add_event_listener_with_callback("keydown", closure.as_ref().unchecked_ref())
            .ok()?;
        Some(KeyListener { closure, target })
    }
}

impl Drop for KeyListener {
    fn drop(&mut self) {
        let _ = self
            .target
            .remove_event_listener_with_callback("keydown", self.closure.as_ref().unchecked_ref());
    }
}

/// What a key asks of the playback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyAction {
    /// Space: play if paused, pause if playing.
    Toggle,
    Do(PlaybackAction),
    /// One of the letters the page listens for, in lower case.
    Letter(char),
}

impl KeyAction {
    /// The playback action this key means, given whether playback is running (a letter
    /// means none).
    pub fn resolve(self, playing: bool) -> Option<PlaybackAction> {
        match self {
            KeyAction::Toggle if playing => Some(PlaybackAction::Pause),
            KeyAction::Toggle => Some(PlaybackAction::Play),
            KeyAction::Do(action) => Some(action),
            KeyAction::Letter(_) => None,
        }
    }
}

/// `key` as one of `letters`, in lower case.
fn letter(letters: &str, key: &str) -> Option<char> {
    let mut chars = key.chars();
    let c = chars.next()?.to_ascii_lowercase();
    (chars.next().is_none() && letters.contains(c)).then_some(c)
}

/// What key `key` means for a page listening for `keys`.
fn key_action(keys: Keys, key: &str) -> Option<KeyAction> {
    use PlaybackAction::{End, Reset, StepBack, StepForward};
    Some(match (keys, key) {
        (Keys::Playback, " ") => KeyAction::Toggle,
        (Keys::Playback, "Home") => KeyAction::Do(Reset),
        (Keys::Playback, "End") => KeyAction::Do(End),
        (_, "ArrowRight") => KeyAction::Do(StepForward),
        (_, "ArrowLeft") => KeyAction::Do(StepBack),
        (Keys::Steps, "PageDown") => KeyAction::Do(StepForward),
        (Keys::Steps, "PageUp") => KeyAction::Do(StepBack),
        _ => return None,
    })
}

/// Keys that belong to the element they are pressed on. A player's keys leave fields,
/// buttons and a search tree's nodes alone; a lesson's step keys leave fields, sliders,
/// the board's squares (arrows move between them) and a search tree's nodes alone.
fn own_key(keys: Keys, e: &web_sys::KeyboardEvent) -> bool {
    match keys {
        Keys::Steps => own_arrows(e),
        _ => typing_target(e),
    }
}

fn own_arrows(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| {
            matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA")
                || el
                    .closest("[data-node], [data-square]")
                    .ok()
                    .flatten()
                    .is_some()
        })
        .unwrap_or(false)
}

/// Typing in a field (a letter means itself there).
fn typing(e: &web_sys::KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .map(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
        .unwrap_or(false)
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
