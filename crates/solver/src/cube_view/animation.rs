//! The 3D view's turn queue as a plain state machine driven by elapsed time: the page
//! hands it each state it shows; a state one turn away from the last is queued as that
//! turn and animated, anything else (a paint, a scramble, a jump along a solution) is
//! shown at once. Turns that arrive during an animation wait their turn: none is lost,
//! and when the queue runs dry the view shows exactly the last state it was given.

use std::collections::VecDeque;

use super::geometry::Kind;
use super::turns::{apply, turn_between, turns, Turn};

/// A quarter turn's length at the player's normal speed (3 moves a second).
pub const NORMAL_QUARTER_MS: f64 = 150.0;

/// How long a quarter turn takes at `speed` moves per second: 150 ms at the player's
/// default of 3, shorter as playback speeds up (never under 30 ms, never over 450 ms).
pub fn quarter_ms(speed: u32) -> f64 {
    (NORMAL_QUARTER_MS * 3.0 / f64::from(speed.max(1))).clamp(30.0, 450.0)
}

/// How the view animates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    pub quarter_ms: f64,
    /// `false` when the user prefers reduced motion: every state is shown at once.
    pub animate: bool,
}

impl Pace {
    pub fn new(speed: u32, reduced_motion: bool) -> Pace {
        Pace {
            quarter_ms: quarter_ms(speed),
            animate: !reduced_motion,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Running {
    turn: usize,
    start_ms: f64,
    duration_ms: f64,
}

/// What to draw now: the colours before the turning layer moved, and the turn with how
/// far along it is (0 to 1).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Frame<'a> {
    pub colours: &'a [u8],
    pub turning: Option<(&'a Turn, f64)>,
}

#[derive(Clone, Debug)]
pub struct Animator {
    turns: Vec<Turn>,
    /// The colours before the running turn (the state shown when idle).
    shown: Vec<u8>,
    /// The last state the page asked for.
    target: Vec<u8>,
    running: Option<Running>,
    queue: VecDeque<usize>,
}

impl Animator {
    pub fn new(kind: Kind, colours: &[u8]) -> Animator {
        Animator {
            turns: turns(kind),
            shown: colours.to_vec(),
            target: colours.to_vec(),
            running: None,
            queue: VecDeque::new(),
        }
    }

    pub fn turns(&self) -> &[Turn] {
        &self.turns
    }

    /// The page shows `colours` now.
    pub fn show(&mut self, colours: &[u8], now_ms: f64, pace: Pace) {
        if colours == self.target.as_slice() {
            return;
        }
        let turn = turn_between(&self.turns, &self.target, colours)
            .and_then(|t| self.turns.iter().position(|u| u == t));
        self.target = colours.to_vec();
        match turn {
            Some(t) if pace.animate => {
                self.queue.push_back(t);
                if self.running.is_none() {
                    self.start_next(now_ms, pace);
                }
            }
            _ => self.snap(),
        }
    }

    /// Ends every turn at once (reduced motion switched on, or the view is leaving).
    pub fn snap(&mut self) {
        self.shown = self.target.clone();
        self.running = None;
        self.queue.clear();
    }

    /// Moves time on to `now_ms`: finished turns land and the next queued one starts.
    /// Returns whether a turn is still running.
    pub fn tick(&mut self, now_ms: f64, pace: Pace) -> bool {
        if !pace.animate {
            self.snap();
            return false;
        }
        while let Some(r) = self.running {
            let end = r.start_ms + r.duration_ms;
            if now_ms < end {
                break;
            }
            self.shown = apply(&self.shown, &self.turns[r.turn]);
            self.running = None;
            // The next one starts where this one ended, so a late frame loses no time.
            self.start_next(end.max(now_ms - pace.quarter_ms), pace);
        }
        if self.running.is_none() && self.queue.is_empty() {
            // Whatever happened, idle means showing the last state asked for.
            self.shown = self.target.clone();
        }
        self.running.is_some()
    }

    fn start_next(&mut self, start_ms: f64, pace: Pace) {
        let Some(turn) = self.queue.pop_front() else {
            return;
        };
        // A backlog plays faster so the view keeps up with quick clicks.
        let hurry = (1 + self.queue.len()).min(4) as f64;
        self.running = Some(Running {
            turn,
            start_ms,
            duration_ms: pace.quarter_ms * self.turns[turn].length_in_quarters() / hurry,
        });
    }

    pub fn animating(&self) -> bool {
        self.running.is_some()
    }

    /// Turns waiting behind the running one.
    pub fn queued(&self) -> usize {
        self.queue.len()
    }

    pub fn target(&self) -> &[u8] {
        &self.target
    }

    pub fn frame(&self, now_ms: f64) -> Frame<'_> {
        Frame {
            colours: &self.shown,
            turning: self.running.map(|r| {
                let progress = ((now_ms - r.start_ms) / r.duration_ms).clamp(0.0, 1.0);
                (&self.turns[r.turn], ease(progress))
            }),
        }
    }
}

/// Starts and ends gently, as a hand turns a layer.
fn ease(t: f64) -> f64 {
    t * t * (3.0 - 2.0 * t)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tracked(kind: Kind) -> Vec<u8> {
        (0..kind.sticker_count() as u8).collect()
    }

    fn by_name<'a>(a: &'a Animator, name: &str) -> &'a Turn {
        a.turns().iter().find(|t| t.name == name).unwrap()
    }

    const PACE: Pace = Pace {
        quarter_ms: 150.0,
        animate: true,
    };

    #[test]
    fn speed_sets_the_pace() {
        assert_eq!(quarter_ms(3), 150.0);
        assert!(quarter_ms(30) < quarter_ms(3));
        assert_eq!(quarter_ms(0), quarter_ms(1));
        assert!(quarter_ms(120) >= 30.0);
    }

    #[test]
    fn three_quick_turns_all_land_in_order() {
        let start = tracked(Kind::Rubik);
        let mut a = Animator::new(Kind::Rubik, &start);
        let r = by_name(&a, "R").clone();
        let mut expect = start.clone();
        let mut now = 0.0;
        for _ in 0..3 {
            expect = apply(&expect, &r);
            a.show(&expect, now, PACE);
            now += 20.0;
            assert!(a.tick(now, PACE));
        }
        assert_eq!(a.queued(), 2);
        // Mid-way the first turn is drawn from the start state.
        let f = a.frame(now);
        assert_eq!(f.colours, start.as_slice());
        assert_eq!(f.turning.unwrap().0.name, "R");
        let mut frames = 0;
        while a.tick(now, PACE) {
            now += 16.0;
            frames += 1;
            assert!(frames < 100);
        }
        assert_eq!(a.frame(now).colours, expect.as_slice());
        assert_eq!(a.frame(now).turning, None);
        // Three quarters took less than three unhurried quarters.
        assert!(now < 3.0 * 150.0, "{now}");
    }

    #[test]
    fn jumps_and_reduced_motion_show_at_once() {
        let start = tracked(Kind::Pocket);
        let mut a = Animator::new(Kind::Pocket, &start);
        let u = by_name(&a, "U").clone();
        let f2 = by_name(&a, "F2").clone();
        let two = apply(&apply(&start, &u), &f2);
        a.show(&two, 0.0, PACE); // two turns away: no single turn to show
        assert!(!a.animating());
        assert_eq!(a.frame(0.0).colours, two.as_slice());
        let still = Pace {
            animate: false,
            ..PACE
        };
        let three = apply(&two, &u);
        a.show(&three, 1.0, still);
        assert!(!a.tick(1.0, still));
        assert_eq!(a.frame(1.0).colours, three.as_slice());
        // Switching motion off mid-turn lands the turn.
        a.show(&apply(&three, &f2), 2.0, PACE);
        assert!(a.animating());
        assert!(!a.tick(3.0, still));
        assert_eq!(a.frame(3.0).colours, apply(&three, &f2).as_slice());
    }

    #[test]
    fn a_paint_during_turns_wins_and_nothing_is_left_half_done() {
        let start = tracked(Kind::Rubik);
        let mut a = Animator::new(Kind::Rubik, &start);
        let m = by_name(&a, "M").clone();
        let one = apply(&start, &m);
        a.show(&one, 0.0, PACE);
        let mut painted = one.clone();
        painted[4] = 200;
        a.show(&painted, 10.0, PACE);
        assert!(!a.animating());
        assert_eq!(a.frame(10.0).colours, painted.as_slice());
        // Playing forward then back again: two queued turns, back at the start.
        a.show(&apply(&painted, &m), 20.0, PACE);
        a.show(&painted, 30.0, PACE);
        assert_eq!(a.queued(), 1);
        let mut now = 30.0;
        while a.tick(now, PACE) {
            now += 10.0;
        }
        assert_eq!(a.frame(now).colours, painted.as_slice());
    }

    #[test]
    fn progress_eases_from_zero_to_one() {
        let start = tracked(Kind::Pocket);
        let mut a = Animator::new(Kind::Pocket, &start);
        let r = by_name(&a, "R2").clone();
        a.show(&apply(&start, &r), 100.0, PACE);
        let at = |a: &Animator, t: f64| a.frame(t).turning.unwrap().1;
        assert_eq!(at(&a, 100.0), 0.0);
        assert!(at(&a, 150.0) > 0.0 && at(&a, 150.0) < at(&a, 200.0));
        assert_eq!(at(&a, 1000.0), 1.0);
        assert!(!a.tick(100.0 + 225.0, PACE)); // a half turn is 1.5 quarters
    }
}
