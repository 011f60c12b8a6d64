//! What the page's side of a worker remembers so that a crash loses nothing: the request
//! whose final answer is still awaited, whether it was resent, and whether the page has
//! cancelled it. Plain Rust, tested natively; `app/widgets/worker_bridge.rs` carries the
//! decisions out (a fresh worker, the resend, the notice).

use super::protocol::{Answer, Ask, Request, Response};

#[derive(Default)]
pub struct Awaited {
    request: Option<Request>,
    /// The request was already resent once (a second crash drops it).
    resent: bool,
    /// The page cancelled it: its final answer is still due, but it must not run again.
    cancelled: bool,
}

/// What to do when the worker has crashed.
#[derive(Debug)]
pub enum Recovery {
    /// Send this (the request in hand) to the fresh worker.
    Resend(Request),
    /// Give the page this answer, as the worker would have: `Cancelled` for a request the
    /// page had cancelled, an error for one that crashed the worker twice.
    Answer(Response),
    /// Nothing was awaited.
    Nothing,
}

impl Awaited {
    /// The page sent `request`.
    pub fn sent(&mut self, request: &Request) {
        match request.body {
            Ask::Cancel => {
                if self.request.as_ref().is_some_and(|r| r.job == request.job) {
                    self.cancelled = true;
                }
            }
            // Answered at once, or by a crash: nothing to resend.
            Ask::Ping => {}
            _ => {
                self.request = Some(request.clone());
                self.resent = false;
                self.cancelled = false;
            }
        }
    }

    /// A request's final answer is still due (the worker is busy with it).
    pub fn waiting(&self) -> bool {
        self.request.is_some()
    }

    /// The worker answered.
    pub fn answered(&mut self, response: &Response) {
        let ends = response.body.ends_request();
        if ends && self.request.as_ref().is_some_and(|r| r.job == response.job) {
            self.request = None;
        }
    }

    /// The worker crashed (`message`: its panic); a fresh worker is about to replace it.
    pub fn crashed(&mut self, message: &str) -> Recovery {
        let Some(request) = self.request.take() else {
            return Recovery::Nothing;
        };
        let job = request.job;
        if self.cancelled {
            // A Stop sent to the worker that died must still end the request.
            return Recovery::Answer(Response::new(job, Answer::Cancelled));
        }
        if self.resent {
            // It crashed on the same request twice: tell the page instead of looping.
            return Recovery::Answer(Response::new(
                job,
                Answer::Error {
                    message: format!("the solver worker crashed twice on this request ({message})"),
                },
            ));
        }
        self.request = Some(request.clone());
        self.resent = true;
        Recovery::Resend(request)
    }
}
