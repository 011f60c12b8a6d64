//! The life of a count shared out to the worker pool as small tasks (the queens count and
//! the depth-first knight count): which job answers must carry to be current, whether the
//! count runs, was cancelled or failed, and when a link's `count=1` starts it. Plain state
//! (tested natively), so the two panels differ only in their tasks and what they add up.

use super::numbers::duration;

/// What a panel shows (its `data-count-state`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    Idle,
    Running,
    Done,
    Cancelled,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Idle => "idle",
            Phase::Running => "running",
            Phase::Done => "done",
            Phase::Cancelled => "cancelled",
        }
    }
}

#[derive(Debug, Default)]
pub struct TaskCount {
    /// The current count's job: answers carrying any other are a stale count's.
    job: u32,
    /// `count=1`: start once every worker has loaded (once).
    autostart: bool,
    running: bool,
    /// The last count was cancelled (until the next starts).
    cancelled: bool,
    /// Why the last count stopped, or could not start.
    message: Option<String>,
}

impl TaskCount {
    pub fn new(autostart: bool) -> TaskCount {
        TaskCount {
            autostart,
            ..TaskCount::default()
        }
    }

    pub fn job(&self) -> u32 {
        self.job
    }

    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// A new count starts: the job its tasks carry. What was said before is cleared.
    pub fn start(&mut self) -> u32 {
        self.job += 1;
        self.running = true;
        self.cancelled = false;
        self.message = None;
        self.job
    }

    /// The count could not start (bad settings): nothing runs, the reason is shown.
    pub fn refuse(&mut self, message: String) {
        self.job += 1;
        self.running = false;
        self.cancelled = false;
        self.message = Some(message);
    }

    /// Every task is answered.
    pub fn finish(&mut self) {
        self.running = false;
    }

    /// The user cancels: answers still on their way are stale. Says how far it got if a
    /// count was running.
    pub fn cancel(&mut self, done: usize, of: usize, seconds: f64) {
        if self.running {
            self.message = Some(format!(
                "Cancelled after {done} of {of} tasks ({}).",
                duration(seconds)
            ));
            self.cancelled = true;
        }
        self.running = false;
        self.job += 1;
    }

    /// New settings: what runs or shows no longer applies.
    pub fn reset(&mut self) {
        self.job += 1;
        self.running = false;
        self.cancelled = false;
    }

    /// A worker's error: whether it ends the current count (a stale job's is ignored).
    pub fn fail(&mut self, job: u32, message: String) -> bool {
        if job != self.job {
            return false;
        }
        self.running = false;
        self.message = Some(message);
        true
    }

    /// Whether to start now that every worker is ready: only if the link asked, once.
    pub fn take_autostart(&mut self, workers_ready: bool) -> bool {
        let go = self.autostart && workers_ready;
        if go {
            self.autostart = false;
        }
        go
    }

    /// What the panel shows, given whether a finished count's answer is there.
    pub fn phase(&self, has_answer: bool) -> Phase {
        if self.running {
            Phase::Running
        } else if has_answer {
            Phase::Done
        } else if self.cancelled {
            Phase::Cancelled
        } else {
            Phase::Idle
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_of_a_cancelled_count_are_stale() {
        let mut c = TaskCount::new(false);
        let first = c.start();
        assert_eq!(c.phase(false), Phase::Running);
        c.cancel(3, 10, 1.25);
        assert_ne!(
            c.job(),
            first,
            "the cancelled count's answers must not match"
        );
        assert_eq!(c.phase(false), Phase::Cancelled);
        assert_eq!(c.message(), Some("Cancelled after 3 of 10 tasks (1.2 s)."));
        assert!(!c.fail(first, "late".into()), "a stale error is ignored");
        assert_eq!(c.phase(false), Phase::Cancelled);
        let second = c.start();
        assert!(second > first);
        assert_eq!(c.message(), None);
        assert!(c.fail(second, "worker died".into()));
        assert_eq!(c.phase(false), Phase::Idle);
        assert_eq!(c.message(), Some("worker died"));
    }

    #[test]
    fn cancel_when_idle_says_nothing_but_still_ends_the_job() {
        let mut c = TaskCount::new(false);
        let job = c.job();
        c.cancel(0, 0, 0.0);
        assert_eq!(c.message(), None);
        assert_eq!(c.phase(false), Phase::Idle);
        assert_ne!(c.job(), job);
    }

    #[test]
    fn a_link_starts_the_count_once_when_workers_are_ready() {
        let mut c = TaskCount::new(true);
        assert!(!c.take_autostart(false));
        assert!(c.take_autostart(true));
        assert!(!c.take_autostart(true), "only once");
        assert!(!TaskCount::new(false).take_autostart(true));
    }

    #[test]
    fn a_finished_count_shows_done_and_new_settings_clear_it() {
        let mut c = TaskCount::new(false);
        c.start();
        c.finish();
        assert_eq!(c.phase(true), Phase::Done);
        c.refuse("N must be 1 to 23".into());
        assert_eq!(c.phase(false), Phase::Idle);
        assert_eq!(c.message(), Some("N must be 1 to 23"));
        let job = c.job();
        c.reset();
        assert_ne!(c.job(), job);
        assert_eq!(Phase::Cancelled.name(), "cancelled");
    }
}
