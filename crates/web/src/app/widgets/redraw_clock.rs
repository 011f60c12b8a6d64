//! A count panel's redraw clock: while work runs the panel draws its progress every few
//! hundred milliseconds instead of on every worker answer (each draw takes the page's
//! thread, and a core, from the workers).

use gloo_timers::callback::Interval;

/// Keeps `clock` beating `beat` every `ms` while `running`, and stops it otherwise.
pub fn keep(clock: &mut Option<Interval>, running: bool, ms: u32, beat: impl Fn() + 'static) {
    if !running {
        *clock = None;
    } else if clock.is_none() {
        *clock = Some(Interval::new(ms, beat));
    }
}
