//! What the knight page asks of the worker, and what each answer does to its state, as
//! plain Rust beside `state.rs`: a search from the start square, the run from every
//! square (then the rule it is compared against), a frame of the search at a step, a
//! cancel; and the progress, tour, frame, map and error answers. The component only
//! forwards the requests these return and draws what they leave.

use std::rc::Rc;

use crate::app::contract::Out;
use crate::app::knight::state::{drawn_as_squares, KnightState, Search, Watch};
use puzzlelab_solver::watch::{PlayerAction, RemotePlayer};
use puzzlelab_worker::protocol::{KnightAnswer, KnightAsk};
use puzzlelab_worker::{Answer, Ask, Request, Response};

impl KnightState {
    /// A new search from the start square (none without one); answers to older jobs are
    /// ignored from here on.
    pub fn search_request(&mut self) -> Option<Request> {
        let (job, config) = self.begin_search()?;
        Some(Request::new(job, Ask::Knight(KnightAsk::Tour { config })))
    }

    /// A new search from the start square, as the page carries it out: the request, the
    /// link, and the old search's tree and clock dropped (nothing without a start).
    pub fn search(&mut self) -> Out {
        match self.search_request() {
            Some(request) => Out::link().fresh().send([request]),
            None => Out::nothing(),
        }
    }

    /// The rules run from every start square (the start is cleared: the map is the board).
    pub fn all_starts_request(&mut self) -> Option<Request> {
        let config = self.config_for(0)?;
        self.link.start = None;
        self.reset_search();
        self.search = Search::Map {
            done: 0,
            outcomes: None,
            first: None,
        };
        Some(Request::new(
            self.job,
            Ask::Knight(KnightAsk::AllStarts { config }),
        ))
    }

    /// Stops what runs (a search or the map); nothing when nothing does.
    pub fn cancel_request(&self) -> Option<Request> {
        self.running().then(|| Request::new(self.job, Ask::Cancel))
    }

    /// Watch the search or replay the tour: the frame to fetch for the search.
    pub fn choose_watch(&mut self, watch: Watch) -> Out {
        self.tour.stop();
        self.remote.apply(PlayerAction::Pause);
        self.watch = watch;
        let send = match watch {
            Watch::Search if self.link.predict => return self.start_predicting(self.remote.step()),
            Watch::Search => self.fetch(self.remote.step()),
            Watch::Tour => {
                let moves = self.moves();
                self.tour.load(moves, moves);
                Vec::new()
            }
        };
        Out::link().send(send)
    }

    /// The search player's controls, keys and clock: the frame to fetch, and the link
    /// written once the player comes to rest.
    pub fn search_action(&mut self, action: PlayerAction) -> Out {
        if action != PlayerAction::Tick {
            self.selected = None;
        }
        let (fetch, rest) = self.remote.apply(action);
        let send = fetch.map(|step| self.frame_request(step));
        let out = if rest { Out::link() } else { Out::redraw() };
        out.send(send)
    }

    /// Shows `step` of the search (one frame request in flight, the newest wins).
    pub fn fetch(&mut self, step: u64) -> Vec<Request> {
        let step = self.remote.fetch(step);
        step.map(|s| self.frame_request(s)).into_iter().collect()
    }

    fn frame_request(&self, step: u64) -> Request {
        Request::new(self.job, Ask::Knight(KnightAsk::Frame { step }))
    }

    /// A worker's answer. `reduced_motion`: the user asked for less motion, so a finished
    /// search or tour is shown at its end rather than played.
    pub fn answer(&mut self, response: Response, reduced_motion: bool) -> Out {
        let Response { job, body } = response;
        if job != self.job {
            return Out::nothing(); // a job that was replaced
        }
        match body {
            Answer::Progress { depth, .. } if matches!(self.search, Search::Map { .. }) => {
                if let Search::Map { done, .. } = &mut self.search {
                    *done = depth;
                }
            }
            Answer::Progress { stats, .. } => {
                self.search = Search::Running { progress: stats };
            }
            Answer::Knight(KnightAnswer::AllStarts { outcomes }) => return self.map_done(outcomes),
            Answer::Cancelled => {
                self.search = Search::Idle;
                self.problems = vec!["the run from every square was cancelled".into()];
            }
            Answer::Knight(KnightAnswer::Frame { frame }) => {
                // The user moved on while this frame was on its way: fetch the newest.
                let newer = self.remote.arrived(frame.step);
                self.frame = Some(frame);
                let send = newer.map(|s| self.frame_request(s));
                return Out::redraw().send(send);
            }
            Answer::Knight(KnightAnswer::Tour {
                status,
                path,
                stats,
                reason,
                chart,
            }) => {
                let moves = path.len().saturating_sub(1);
                let searched = stats.backtracks > 0 && drawn_as_squares(self.link.board);
                self.search = Search::Done {
                    status,
                    path: Rc::new(path),
                    stats,
                    reason,
                    chart: Rc::new(chart),
                };
                self.remote = RemotePlayer::new(stats.steps, self.remote.speed());
                return self.tour_done(moves, stats.steps, searched, reduced_motion);
            }
            Answer::Error { message } => self.search = Search::Error(message),
            _ => return Out::nothing(),
        }
        Out::redraw()
    }

    /// The map of one rule is done: now the rule it is compared against, if any.
    fn map_done(&mut self, outcomes: Vec<puzzlelab_solver::knight::all_starts::Outcome>) -> Out {
        let first = match &mut self.search {
            Search::Map { first, .. } => first.take(),
            _ => None,
        };
        match (first, self.versus_config()) {
            (None, Some(config)) => {
                self.job += 1;
                self.search = Search::Map {
                    done: 0,
                    outcomes: None,
                    first: Some(outcomes),
                };
                Out::redraw().send([Request::new(
                    self.job,
                    Ask::Knight(KnightAsk::AllStarts { config }),
                )])
            }
            (first, _) => {
                self.search = Search::Map {
                    done: outcomes.len() as u32,
                    outcomes: Some(outcomes),
                    first,
                };
                Out::redraw()
            }
        }
    }

    /// A tour (or a failed search) arrived: what to show of it first.
    fn tour_done(&mut self, moves: usize, steps: u64, searched: bool, reduced_motion: bool) -> Out {
        let wanted = self.pending_search.take();
        if let Some(step) = wanted.filter(|_| self.pending_step.is_none()) {
            // A shared link into the search: the same board at the same step.
            self.watch = Watch::Search;
            if self.link.predict {
                return self.start_predicting(step);
            }
            return Out::link().send(self.fetch(step));
        }
        if searched && self.pending_step.is_none() && self.link.predict {
            // Guessing along: the player waits at the first decision.
            self.watch = Watch::Search;
            return self.start_predicting(0);
        }
        if searched && self.pending_step.is_none() {
            // Watch the search itself: from the start, or at its end if the user asked for
            // less motion.
            self.watch = Watch::Search;
            if reduced_motion {
                return Out::link().send(self.fetch(steps));
            }
            let send = self.fetch(0);
            self.remote.apply(PlayerAction::Play);
            return Out::redraw().send(send);
        }
        match self.pending_step.take() {
            Some(step) => {
                self.tour.load(moves, step as usize);
                Out::link()
            }
            // Big boards and reduced motion: the whole tour at once.
            None if moves > 0 && (reduced_motion || !drawn_as_squares(self.link.board)) => {
                self.tour.load(moves, moves);
                Out::link()
            }
            None if moves > 0 => {
                self.tour.load(moves, 0);
                self.tour.play();
                Out::redraw()
            }
            None => Out::link(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::knight::state::tests::state;
    use puzzlelab_worker::batch::JobLoop;
    use puzzlelab_worker::handlers::Workbenches;

    /// The worker's own loop on the test's thread (it keeps a search's timeline between
    /// requests, as the page's worker does).
    struct Worker(JobLoop<Workbenches, u8>);

    impl Worker {
        fn new() -> Self {
            Worker(JobLoop::new(Workbenches::default()))
        }

        /// Answers `requests` and whatever the page asks on seeing the answers, until it
        /// asks nothing more. The outcomes, in order.
        fn serve(
            &mut self,
            state: &mut KnightState,
            requests: Vec<Request>,
            motion: bool,
        ) -> Vec<Out> {
            let mut queue = requests;
            let mut outs = Vec::new();
            while !queue.is_empty() {
                let mut answers = Vec::new();
                for request in queue.drain(..) {
                    let mut turn = self.0.received(request, 1);
                    loop {
                        answers.extend(turn.answers.into_iter().map(|(_, r)| r));
                        let Some(id) = turn.schedule else { break };
                        turn = self.0.batch(id);
                    }
                }
                for answer in answers {
                    let out = state.answer(answer, !motion);
                    queue.extend(out.send.iter().cloned());
                    outs.push(out);
                }
            }
            outs
        }
    }

    /// A knight's tour on a `side`×`side` board, checked move by move.
    fn is_tour(path: &[u32], side: u32) -> bool {
        let mut seen = vec![false; (side * side) as usize];
        let knight = |a: u32, b: u32| {
            let (dx, dy) = ((a % side).abs_diff(b % side), (a / side).abs_diff(b / side));
            (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
        };
        path.len() == seen.len()
            && path
                .iter()
                .all(|&s| !std::mem::replace(&mut seen[s as usize], true))
            && path.windows(2).all(|w| knight(w[0], w[1]))
    }

    #[test]
    fn a_search_asks_for_the_tour_and_shows_the_tour_that_comes() {
        let mut page =
            state("#/knight?board=5x5&start=a1&heuristic=warnsdorff&tie=first&backtrack=1");
        let request = page.search_request().expect("a start square");
        assert!(matches!(request.body, Ask::Knight(KnightAsk::Tour { .. })));
        assert!(page.running());
        let outs = Worker::new().serve(&mut page, vec![request], false);
        let Search::Done { path, .. } = &page.search else {
            panic!("the tour arrived");
        };
        assert!(is_tour(path, 5), "{path:?}");
        // Less motion: the tour (or the search) is shown at its end, and linked.
        assert!(outs.last().is_some_and(|o| o.write_link));
        assert!(
            page.link_out().step == Some(24) || page.link_out().search == Some(page.search_steps())
        );
    }

    #[test]
    fn a_link_into_the_search_fetches_that_steps_board() {
        let mut page = state(
            "#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&search=40",
        );
        let request = page.search_request().expect("a start square");
        let mut worker = Worker::new();
        worker.serve(&mut page, vec![request], true);
        assert_eq!(page.watch, Watch::Search);
        assert_eq!(page.frame.as_ref().map(|f| f.step), Some(40));
        assert_eq!(page.link_out().search, Some(40));
        // The player's step forward asks for the next board.
        let out = page.search_action(PlayerAction::Step);
        assert!(matches!(
            &out.send[..],
            [Request {
                body: Ask::Knight(KnightAsk::Frame { step: 41 }),
                ..
            }]
        ));
        worker.serve(&mut page, out.send, true);
        assert_eq!(page.frame.as_ref().map(|f| f.step), Some(41));
    }

    #[test]
    fn answers_to_a_replaced_search_change_nothing() {
        let mut page = state("#/knight?board=5x5&start=a1");
        let old = page.search_request().expect("a start square");
        let _new = page.search_request().expect("a start square");
        let outs = Worker::new().serve(&mut page, vec![old], true);
        assert!(outs.iter().all(|o| !o.draws() && o.send.is_empty()));
        assert!(matches!(page.search, Search::Running { .. }));
    }

    #[test]
    fn the_map_runs_the_compared_rule_after_the_pages_own() {
        let mut page =
            state("#/knight?board=5x5&heuristic=warnsdorff&tie=first&versus=warnsdorff/roth");
        let request = page.all_starts_request().expect("a board");
        assert_eq!(page.link.start, None);
        Worker::new().serve(&mut page, vec![request], true);
        let Search::Map {
            outcomes: Some(outcomes),
            first: Some(first),
            ..
        } = &page.search
        else {
            panic!("both maps arrived");
        };
        assert_eq!((outcomes.len(), first.len()), (25, 25));
        assert!(!page.running());
        assert!(page.cancel_request().is_none(), "nothing left to cancel");
    }

    #[test]
    fn cancel_stops_the_map_in_hand() {
        let mut page = state("#/knight?board=6x6");
        let request = page.all_starts_request().expect("a board");
        let cancel = page.cancel_request().expect("the map runs");
        assert!(matches!(cancel, Request { job, body: Ask::Cancel } if job == request.job));
        // The cancel reaches the worker before its first batch.
        let mut worker = Worker::new();
        assert!(worker.0.received(request, 1).schedule.is_some());
        for (_, answer) in worker.0.received(cancel, 1).answers {
            page.answer(answer, true);
        }
        assert!(matches!(page.search, Search::Idle));
        assert_eq!(page.problems.len(), 1);
    }
}
