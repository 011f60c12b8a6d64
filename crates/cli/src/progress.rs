//! Progress on stderr and the Ctrl-C flag.
//!
//! A bar (with rate and ETA) appears only when stderr is a terminal and the work has run for
//! a moment; piped, nothing is drawn. Long loops call [`check`] between slices of work: once
//! Ctrl-C has set the flag they stop, and the command ends with [`Stop::Interrupted`]
//! (no JSON on stdout).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{HumanCount, ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use super::Stop;

static CANCEL: AtomicBool = AtomicBool::new(false);

/// Asks every running loop to stop (the binary's Ctrl-C handler calls this).
pub fn request_cancel() {
    CANCEL.store(true, Ordering::SeqCst);
}

/// Whether Ctrl-C was pressed.
pub fn cancelled() -> bool {
    CANCEL.load(Ordering::Relaxed)
}

/// `Err(Stop::Interrupted)` once Ctrl-C was pressed.
pub fn check() -> Result<(), Stop> {
    if cancelled() {
        Err(Stop::Interrupted)
    } else {
        Ok(())
    }
}

/// Work shorter than this never shows a bar.
const QUIET_FOR: Duration = Duration::from_millis(400);

/// A progress bar on stderr, drawn only on a terminal and only after [`QUIET_FOR`].
/// Shared by reference between worker threads.
pub struct Progress {
    bar: ProgressBar,
    began: Instant,
    terminal: bool,
    shown: AtomicBool,
    lines: super::progress_lines::Lines,
}

impl Progress {
    /// `total` units of work called `unit` (tasks, squares, positions).
    pub fn new(label: &str, total: u64, unit: &str) -> Progress {
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        let template = format!(
            "{{msg}} [{{elapsed_precise}}] {{wide_bar}} {{human_pos}}/{{human_len}} {unit} ({{rate}}, ETA {{eta}})"
        );
        if let Ok(style) = ProgressStyle::with_template(&template) {
            let style = style.progress_chars("=> ").with_key(
                "rate",
                |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                    let _ = write!(w, "{}/s", HumanCount(state.per_sec().round() as u64));
                },
            );
            bar.set_style(style);
        }
        bar.set_message(label.to_string());
        Progress {
            bar,
            began: Instant::now(),
            terminal: std::io::stderr().is_terminal(),
            shown: AtomicBool::new(false),
            lines: super::progress_lines::Lines::from_env(unit),
        }
    }

    fn maybe_show(&self) {
        self.lines.tick(&self.bar);
        if self.terminal
            && !self.shown.load(Ordering::Relaxed)
            && self.began.elapsed() >= QUIET_FOR
            && !self.shown.swap(true, Ordering::SeqCst)
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
        }
    }

    /// `n` more units done.
    pub fn inc(&self, n: u64) {
        self.bar.inc(n);
        self.maybe_show();
    }

    /// Where the work stands now.
    pub fn set(&self, position: u64) {
        self.bar.set_position(position);
        self.maybe_show();
    }

    /// Replaces the label (a search that reports its depth and rate as it goes).
    pub fn set_message(&self, label: String) {
        self.bar.set_message(label);
        self.maybe_show();
    }

    /// The work is `total` units now (an estimate that changes as the work goes on).
    pub fn set_total(&self, total: u64) {
        self.bar.set_length(total);
    }

    /// A new stage of `total` units from none done (an optimal proof's next depth): the
    /// rate and ETA start again with it.
    pub fn restart(&self, total: u64) {
        self.bar.set_length(total);
        self.bar.set_position(0);
        self.bar.reset_eta();
        self.maybe_show();
    }

    /// The work grew by `n` units (a task split into smaller ones).
    pub fn grow(&self, n: u64) {
        self.bar.inc_length(n);
    }

    /// Clears the bar (the answer follows on stdout, or a message on stderr).
    pub fn finish(&self) {
        self.lines.done(&self.bar);
        self.bar.finish_and_clear();
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.bar.finish_and_clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_restarted_bar_counts_the_new_stage_from_none() {
        let p = Progress::new("proving", 1, "openings");
        p.restart(243);
        p.set(100);
        p.restart(18);
        assert_eq!(p.bar.length(), Some(18));
        assert_eq!(p.bar.position(), 0);
        p.set(3);
        assert_eq!(p.bar.position(), 3);
    }
}
