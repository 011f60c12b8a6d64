//! Progress as plain lines on stderr, for batch logs: with `PUZZLELAB_PROGRESS_EVERY=S` in
//! the environment (seconds, e.g. 60), long work writes a line at most every S seconds and
//! one when it ends, whether or not stderr is a terminal:
//!
//! ```text
//! puzzlelab: progress: tours 12/40 tasks (30.0%), 0:01:10 elapsed, ETA 0:02:43
//! puzzlelab: progress: tours 40/40 tasks (100.0%), done in 0:03:51
//! ```
//!
//! Without it (or with 0) nothing changes: the bar on a terminal only.

use std::io::Write;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use indicatif::ProgressBar;

/// The environment variable that asks for lines.
pub const EVERY: &str = "PUZZLELAB_PROGRESS_EVERY";

/// Writes a line now and then for one [`super::progress::Progress`].
pub struct Lines {
    every: Option<Duration>,
    began: Instant,
    last: Mutex<Instant>,
    unit: String,
}

impl Lines {
    /// Lines as the environment asks (none unless `PUZZLELAB_PROGRESS_EVERY` is set).
    pub fn from_env(unit: &str) -> Lines {
        let every = std::env::var(EVERY)
            .ok()
            .and_then(|s| s.trim().parse::<f64>().ok())
            .filter(|s| s.is_finite() && *s > 0.0)
            .map(Duration::from_secs_f64);
        let now = Instant::now();
        Lines {
            every,
            began: now,
            last: Mutex::new(now),
            unit: unit.to_string(),
        }
    }

    /// A line if the last was at least the interval ago.
    pub fn tick(&self, bar: &ProgressBar) {
        let Some(every) = self.every else { return };
        let Ok(mut last) = self.last.try_lock() else {
            return;
        };
        if last.elapsed() < every {
            return;
        }
        *last = Instant::now();
        drop(last);
        self.write(&self.line(bar, false));
    }

    /// The last line, when the work ends.
    pub fn done(&self, bar: &ProgressBar) {
        if self.every.is_some() {
            self.write(&self.line(bar, true));
        }
    }

    fn line(&self, bar: &ProgressBar, done: bool) -> String {
        let pos = bar.position();
        let len = bar.length().unwrap_or(0).max(pos);
        let elapsed = self.began.elapsed().as_secs_f64();
        let share = if len == 0 {
            0.0
        } else {
            pos as f64 / len as f64
        };
        let head = format!(
            "puzzlelab: progress: {} {pos}/{len} {} ({:.1}%)",
            bar.message(),
            self.unit,
            100.0 * share
        );
        if done {
            format!("{head}, done in {}", clock(elapsed))
        } else if pos == 0 {
            format!("{head}, {} elapsed", clock(elapsed))
        } else {
            let eta = elapsed * (len - pos) as f64 / pos as f64;
            format!("{head}, {} elapsed, ETA {}", clock(elapsed), clock(eta))
        }
    }

    fn write(&self, line: &str) {
        let _ = writeln!(std::io::stderr().lock(), "{line}");
    }
}

/// `h:mm:ss`.
fn clock(seconds: f64) -> String {
    let s = seconds.max(0.0).round() as u64;
    format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_says_where_the_work_stands() {
        let lines = Lines {
            every: Some(Duration::from_secs(60)),
            began: Instant::now(),
            last: Mutex::new(Instant::now()),
            unit: "tasks".into(),
        };
        let bar = ProgressBar::hidden();
        bar.set_length(40);
        bar.set_position(12);
        bar.set_message("tours");
        let line = lines.line(&bar, false);
        assert!(
            line.starts_with(
                "puzzlelab: progress: tours 12/40 tasks (30.0%), 0:00:00 elapsed, ETA"
            ),
            "{line}"
        );
        assert!(lines.line(&bar, true).ends_with("done in 0:00:00"));
        assert_eq!(clock(3725.0), "1:02:05");
    }
}
