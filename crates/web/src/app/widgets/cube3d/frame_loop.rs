//! `requestAnimationFrame` with one callback that lives as long as its owner (so it is
//! never dropped while it runs) and at most one frame asked for at a time.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

pub struct FrameLoop {
    closure: Closure<dyn FnMut(f64)>,
    /// The frame asked for and not yet run.
    pending: Rc<Cell<Option<i32>>>,
}

impl FrameLoop {
    /// `on_frame` gets each frame's timestamp (`performance.now()`'s clock).
    pub fn new(on_frame: impl Fn(f64) + 'static) -> FrameLoop {
        let pending = Rc::new(Cell::new(None));
        let cleared = pending.clone();
        let closure = Closure::<dyn FnMut(f64)>::new(move |at: f64| {
            cleared.set(None);
            on_frame(at);
        });
        FrameLoop { closure, pending }
    }

    /// Asks for the next frame, unless one is already asked for.
    pub fn request(&self) {
        if self.pending.get().is_some() {
            return;
        }
        let id = web_sys::window().and_then(|w| {
            w.request_animation_frame(self.closure.as_ref().unchecked_ref())
                .ok()
        });
        self.pending.set(id);
    }
}

impl Drop for FrameLoop {
    fn drop(&mut self) {
        if let (Some(id), Some(w)) = (self.pending.take(), web_sys::window()) {
            let _ = w.cancel_animation_frame(id);
        }
    }
}
