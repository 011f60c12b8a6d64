//! Playback of a sequence known in advance — a tour's moves, a cube's solution, compared
//! rules in lockstep — as plain state: one reducer for every page's player bar, tested
//! natively. A page keeps a `Timeline` and a `widgets::clock::Clock` that ticks while the
//! timeline plays; each action says whether playback came to rest, when the page's link
//! records the position. (A search player with its own timeline uses `solver::watch`.)

/// What a playback button or key asks for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PlaybackAction {
    Play,
    Pause,
    StepBack,
    StepForward,
    Reset,
    End,
}

impl PlaybackAction {
    /// Where a moving action lands on a timeline of `length` moves; `None` for play and
    /// pause, which do not move.
    pub fn target(self, position: usize, length: usize) -> Option<usize> {
        match self {
            PlaybackAction::StepBack => Some(position.saturating_sub(1)),
            PlaybackAction::StepForward => Some((position + 1).min(length)),
            PlaybackAction::Reset => Some(0),
            PlaybackAction::End => Some(length),
            PlaybackAction::Play | PlaybackAction::Pause => None,
        }
    }
}

/// Moves per second: the same range as the search player's.
use puzzlelab_solver::watch::{MAX_SPEED, MIN_SPEED};

/// A position on a sequence of `length` moves (0 = before the first), playing or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timeline {
    position: usize,
    length: usize,
    playing: bool,
    speed: u32,
}

impl Timeline {
    pub fn new(length: usize, speed: u32) -> Self {
        Timeline {
            position: 0,
            length,
            playing: false,
            speed: speed.clamp(MIN_SPEED, MAX_SPEED),
        }
    }

    pub fn position(&self) -> usize {
        self.position
    }

    pub fn length(&self) -> usize {
        self.length
    }

    pub fn playing(&self) -> bool {
        self.playing
    }

    pub fn speed(&self) -> u32 {
        self.speed
    }

    /// At the last move.
    pub fn at_end(&self) -> bool {
        self.position >= self.length
    }

    /// Milliseconds between two moves while playing.
    pub fn period_ms(&self) -> u32 {
        1000 / self.speed.max(1)
    }

    /// A new sequence (or none: length 0), stopped at `position` (clamped).
    pub fn load(&mut self, length: usize, position: usize) {
        self.length = length;
        self.position = position.min(length);
        self.playing = false;
    }

    /// Starts playing from where it is, unless already at the end.
    pub fn play(&mut self) {
        self.playing = self.position < self.length;
    }

    /// Stops where it is.
    pub fn stop(&mut self) {
        self.playing = false;
    }

    /// A button or key. Returns `true` when playback comes to rest (the link then records
    /// the position); starting to play does not.
    pub fn apply(&mut self, action: PlaybackAction) -> bool {
        match action {
            PlaybackAction::Play => {
                self.play();
                false
            }
            PlaybackAction::Pause => {
                self.playing = false;
                true
            }
            moving => {
                if let Some(to) = moving.target(self.position, self.length) {
                    self.position = to;
                }
                self.playing = false;
                true
            }
        }
    }

    /// The clock's beat: one move on. Returns `true` when that reached the end (playback
    /// stops and comes to rest).
    pub fn tick(&mut self) -> bool {
        if !self.playing {
            return false;
        }
        self.position = (self.position + 1).min(self.length);
        if self.position >= self.length {
            self.playing = false;
            return true;
        }
        false
    }

    /// The timeline dragged to `position`: stopped there.
    pub fn scrub(&mut self, position: usize) -> bool {
        self.position = position.min(self.length);
        self.playing = false;
        true
    }

    pub fn set_speed(&mut self, speed: u32) {
        self.speed = speed.clamp(MIN_SPEED, MAX_SPEED);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plays_to_the_end_and_comes_to_rest_there() {
        let mut t = Timeline::new(3, 30);
        assert!(
            !t.apply(PlaybackAction::Play),
            "starting to play is not a rest"
        );
        assert!(t.playing());
        assert!(!t.tick());
        assert!(!t.tick());
        assert!(t.tick(), "the third move is the last");
        assert_eq!((t.position(), t.playing()), (3, false));
        assert!(!t.tick(), "a stray beat after the end does nothing");
        assert_eq!(t.position(), 3);
    }

    #[test]
    fn play_at_the_end_does_not_start() {
        let mut t = Timeline::new(2, 30);
        t.apply(PlaybackAction::End);
        t.apply(PlaybackAction::Play);
        assert!(!t.playing());
    }

    #[test]
    fn steps_stay_inside_the_sequence_and_stop_playing() {
        let mut t = Timeline::new(2, 30);
        assert!(t.apply(PlaybackAction::StepBack));
        assert_eq!(t.position(), 0);
        t.apply(PlaybackAction::Play);
        assert!(t.apply(PlaybackAction::StepForward));
        assert_eq!((t.position(), t.playing()), (1, false));
        t.apply(PlaybackAction::StepForward);
        t.apply(PlaybackAction::StepForward);
        assert_eq!(t.position(), 2);
        t.apply(PlaybackAction::Reset);
        assert_eq!(t.position(), 0);
    }

    #[test]
    fn scrub_and_load_clamp_to_the_length() {
        let mut t = Timeline::new(5, 30);
        t.scrub(99);
        assert_eq!(t.position(), 5);
        t.apply(PlaybackAction::Play);
        t.load(2, 7);
        assert_eq!((t.position(), t.length(), t.playing()), (2, 2, false));
    }

    #[test]
    fn speed_is_clamped_and_sets_the_beat() {
        let mut t = Timeline::new(1, 0);
        assert_eq!(t.speed(), MIN_SPEED);
        t.set_speed(1000);
        assert_eq!(t.speed(), MAX_SPEED);
        t.set_speed(20);
        assert_eq!(t.period_ms(), 50);
    }
}
