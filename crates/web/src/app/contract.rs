//! The one shape every workbench page's state answers in. A page's state (plain Rust,
//! `state.rs` beside its component) takes a message or a worker's answer and returns an
//! [`Out`]: whether to draw, whether to write its link, and the requests for its workers.
//! The component only carries that out, so what a message or an answer means is decided,
//! and tested natively, in the state.

use puzzlelab_worker::Request;

/// What a page does after a message or a worker's answer.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Out {
    /// Draw the state again.
    pub redraw: bool,
    /// Write the state's link into the address bar (a view's angle, say, is only
    /// written; most changes that go into the link are drawn too: [`Out::link`]).
    pub write_link: bool,
    /// A new search or run began: what the page drew of the old one on its own thread
    /// (a search tree grown there, the replay's clock) starts over.
    pub fresh: bool,
    /// Requests for the page's worker, in order (a Stop is a `Cancel` request).
    pub send: Vec<Request>,
    /// Requests for the page's other workers, by index (a proof's shares, a count's
    /// tasks); a worker not yet running is started.
    pub send_to: Vec<(usize, Request)>,
    /// Other workers to end, by index (a sweep leaves its worker's memory grown); one
    /// sent to later starts afresh.
    pub end: Vec<usize>,
    /// Move focus, after drawing, to the element this selector names (a lesson's new
    /// step, so a screen reader reads it).
    pub focus: Option<&'static str>,
}

impl Out {
    /// Nothing changed that shows.
    pub fn nothing() -> Out {
        Out::default()
    }

    /// Draw again.
    pub fn redraw() -> Out {
        Out {
            redraw: true,
            ..Out::default()
        }
    }

    /// Draw and write the link.
    pub fn link() -> Out {
        Out {
            redraw: true,
            write_link: true,
            ..Out::default()
        }
    }

    /// Also send `request` to the page's worker.
    pub fn send(mut self, request: impl IntoIterator<Item = Request>) -> Out {
        self.send.extend(request);
        self
    }

    /// Also send each `(worker, request)` to that worker.
    pub fn send_to(mut self, sends: impl IntoIterator<Item = (usize, Request)>) -> Out {
        self.send_to.extend(sends);
        self
    }

    /// Also end the workers `workers`.
    pub fn end(mut self, workers: impl IntoIterator<Item = usize>) -> Out {
        self.end.extend(workers);
        self
    }

    /// The same, for a part of the page whose workers are numbered from `first` among
    /// the page's (its worker 0 is the page's `first`).
    pub fn workers_from(mut self, first: usize) -> Out {
        for (i, _) in &mut self.send_to {
            *i += first;
        }
        for i in &mut self.end {
            *i += first;
        }
        self
    }

    /// Also say that a new search began.
    pub fn fresh(mut self) -> Out {
        self.fresh = true;
        self
    }

    /// Also move focus to `selector` once drawn.
    pub fn focus(mut self, selector: &'static str) -> Out {
        self.focus = Some(selector);
        self
    }

    /// Both outcomes: drawn if either draws, requests in order.
    pub fn and(mut self, other: Out) -> Out {
        self.redraw |= other.redraw;
        self.write_link |= other.write_link;
        self.fresh |= other.fresh;
        self.send.extend(other.send);
        self.send_to.extend(other.send_to);
        self.end.extend(other.end);
        self.focus = other.focus.or(self.focus);
        self
    }

    /// Whether the component draws again.
    pub fn draws(&self) -> bool {
        self.redraw
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_worker::protocol::Ask;

    #[test]
    fn outcomes_join_in_order_and_draw_if_either_does() {
        let a = Out::redraw().send([Request::new(1, Ask::Cancel)]);
        let b = Out::link().fresh().send([Request::new(2, Ask::Ping)]);
        let both = a.and(b);
        assert!(both.redraw && both.write_link && both.fresh && both.draws());
        assert_eq!(both.send.iter().map(|r| r.job).collect::<Vec<_>>(), [1, 2]);
        assert!(!Out::nothing().draws());
        assert!(Out::link().draws());
        let linked_only = Out {
            write_link: true,
            ..Out::nothing()
        };
        assert!(!linked_only.draws());
    }

    #[test]
    fn a_part_of_the_page_numbers_its_workers_from_its_first() {
        let out = Out::nothing()
            .send_to([(1, Request::new(3, Ask::Ping))])
            .end([0, 1])
            .workers_from(16);
        assert_eq!(out.send_to[0].0, 17);
        assert_eq!(out.end, [16, 17]);
        assert_eq!(
            Out::nothing().end([2]).and(Out::nothing().end([3])).end,
            [2, 3]
        );
    }
}
