//! The worker's loop as plain Rust, knowing no workbench: one long job at a time, run a
//! batch per turn of the event loop, answers tagged with the page's job number. `run.rs`
//! wires it to gloo-worker; a [`Handler`] (`handlers.rs`) turns requests into jobs. Being
//! plain Rust, the order of requests, batches and cancels is tested natively
//! (`tests/worker_loop.rs`).

use super::protocol::{Answer, Ask, Request, Response};

/// A long job: a step machine the loop runs in batches. What outlives a job (tables, the
/// last timeline) is its handler's, shared with the job.
pub trait BatchJob {
    /// Runs one batch (of job number `job`) and says what to tell the page: progress, or
    /// the final answer (one whose `ends_request` is true: the loop then drops the job).
    fn batch(&mut self, job: u32) -> Answer;
    /// The final answer when the page cancels the job: a search reports what it has,
    /// marked stopped; by default `Cancelled`.
    fn cancel(&mut self, _job: u32) -> Answer {
        Answer::Cancelled
    }
    /// Whether this running job answers `ask` instead (a newer request for the table it
    /// is building takes the build over rather than starting again).
    fn take_over(&mut self, _ask: &Ask) -> bool {
        false
    }
}

/// What a request asks of the loop.
pub enum Handled {
    /// Answered at once.
    Answer(Answer),
    /// A long job to run in batches (it replaces whatever was running).
    Start(Box<dyn BatchJob>),
}

/// Turns a request into an answer or a job (the workbenches' side of the loop).
pub trait Handler {
    fn handle(&mut self, job: u32, ask: Ask) -> Handled;
}

/// What the loop wants done after a message: answers to send (to whom), and whether to
/// run a batch of a job on the next turn of the event loop.
pub struct Turn<C> {
    pub answers: Vec<(C, Response)>,
    pub schedule: Option<u32>,
}

impl<C> Turn<C> {
    fn nothing() -> Self {
        Turn {
            answers: Vec::new(),
            schedule: None,
        }
    }

    fn answer(caller: C, job: u32, answer: Answer) -> Self {
        Turn {
            answers: vec![(caller, Response::new(job, answer))],
            schedule: None,
        }
    }

    fn schedule(job: u32) -> Self {
        Turn {
            answers: Vec::new(),
            schedule: Some(job),
        }
    }
}

struct Running<C> {
    id: u32,
    /// Who asked (gloo-worker's handler id; anything `Copy` in tests).
    caller: C,
    task: Box<dyn BatchJob>,
}

/// The loop's state: the handler and the job in hand.
pub struct JobLoop<H, C> {
    handler: H,
    running: Option<Running<C>>,
}

impl<H: Handler, C: Copy> JobLoop<H, C> {
    pub fn new(handler: H) -> Self {
        JobLoop {
            handler,
            running: None,
        }
    }

    /// The job in hand and who asked for it.
    pub fn running(&self) -> Option<(u32, C)> {
        self.running.as_ref().map(|r| (r.id, r.caller))
    }

    /// A request arrived from `caller`.
    pub fn received(&mut self, request: Request, caller: C) -> Turn<C> {
        let Request { job, body } = request;
        match body {
            Ask::Ping => Turn::answer(caller, job, Answer::Ready),
            Ask::Cancel => match self.running.take_if(|r| r.id == job) {
                Some(mut running) => Turn::answer(running.caller, job, running.task.cancel(job)),
                None => Turn::nothing(), // it already gave its final answer
            },
            ask => {
                if let Some(running) = self.running.as_mut() {
                    if running.task.take_over(&ask) {
                        running.id = job;
                        running.caller = caller;
                        return Turn::schedule(job);
                    }
                }
                match self.handler.handle(job, ask) {
                    Handled::Answer(answer) => Turn::answer(caller, job, answer),
                    Handled::Start(task) => {
                        self.running = Some(Running {
                            id: job,
                            caller,
                            task,
                        });
                        Turn::schedule(job)
                    }
                }
            }
        }
    }

    /// The turn of the event loop scheduled for a batch of job `id`.
    pub fn batch(&mut self, id: u32) -> Turn<C> {
        let Some(running) = self.running.as_mut().filter(|r| r.id == id) else {
            return Turn::nothing(); // a batch of a job that was cancelled or replaced
        };
        let answer = running.task.batch(id);
        let finished = answer.ends_request();
        let caller = running.caller;
        if finished {
            self.running = None;
        }
        Turn {
            answers: vec![(caller, Response::new(id, answer))],
            schedule: (!finished).then_some(id),
        }
    }
}
