//! An animation drawn and encoded a few frames a batch (a pictures `Recording`), for any
//! workbench's player: progress after each batch, the GIF as the final answer.

use super::batch::{BatchJob, Handled};
use super::protocol::{Answer, SearchAnimation};
use puzzlelab_pictures::animation::Recording;
use puzzlelab_pictures::search_film::Searched;
use puzzlelab_pictures::Theme;
use puzzlelab_solver::Stats;

/// Frames a batch draws: a 480-pixel frame takes a few milliseconds, so a Cancel is
/// seen within a frame's time of the page.
const FRAMES_PER_BATCH: usize = 4;

/// The page's theme, as the asks say it.
pub(crate) fn theme(dark: bool) -> Theme {
    if dark {
        Theme::Dark
    } else {
        Theme::Light
    }
}

/// Starts `recording`, answering with `done(gif, frames)` once drawn; refused at once
/// if it could not be made.
pub(crate) fn start(
    recording: Result<Recording, String>,
    done: fn(Vec<u8>, u32) -> Answer,
) -> Handled {
    match recording {
        Ok(recording) => Handled::Start(Box::new(AnimationJob { recording, done })),
        Err(message) => Handled::Answer(Answer::Error { message }),
    }
}

/// Starts recording `searched`'s run as `a` asks (the search is run again as it is drawn).
pub(crate) fn search(
    searched: &Searched,
    a: SearchAnimation,
    done: fn(Vec<u8>, u32) -> Answer,
) -> Handled {
    let steps = match (usize::try_from(a.from), usize::try_from(a.to)) {
        (Ok(from), Ok(to)) => (from, to),
        _ => {
            let message = format!("steps {} to {} are too far to record", a.from, a.to);
            return Handled::Answer(Answer::Error { message });
        }
    };
    let theme = theme(a.dark);
    let recording = Recording::search(searched, steps, theme, a.budget as usize, a.delay_cs);
    start(recording, done)
}

struct AnimationJob {
    recording: Recording,
    done: fn(Vec<u8>, u32) -> Answer,
}

impl BatchJob for AnimationJob {
    fn batch(&mut self, _job: u32) -> Answer {
        let frames = self.recording.frames();
        match self.recording.draw(FRAMES_PER_BATCH) {
            Ok(Some(gif)) => (self.done)(gif, frames as u32),
            Ok(None) => Answer::Progress {
                stats: Stats {
                    nodes: frames as u64,
                    ..Stats::default()
                },
                depth: self.recording.done() as u32,
            },
            Err(message) => Answer::Error { message },
        }
    }
}
