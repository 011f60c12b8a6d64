//! The beat of a playing `Timeline`: one interval timer, started, restarted (the speed
//! changed) or dropped to follow the timeline, so no page keeps its own timer.

use gloo_timers::callback::Interval;

use crate::app::widgets::timeline::Timeline;

#[derive(Default)]
pub struct Clock {
    timer: Option<(Interval, u32)>,
}

impl Clock {
    /// Ticks (calling `beat`) while `timeline` plays, at its speed; silent otherwise.
    pub fn follow(&mut self, timeline: &Timeline, beat: impl Fn() + 'static) {
        if !timeline.playing() {
            self.timer = None;
            return;
        }
        let period = timeline.period_ms();
        if self.timer.as_ref().is_none_or(|(_, p)| *p != period) {
            self.timer = Some((Interval::new(period, beat), period));
        }
    }

    /// Silent, whatever the timeline says (it was stopped or replaced).
    pub fn stop(&mut self) {
        self.timer = None;
    }
}
