//! What the Rubik's cube page asks its workers and what each answer means, as plain Rust
//! beside `state.rs`: the two-phase search (`solve`), a scramble's moves, and the answers
//! of the page's worker and of the proof workers. The component only carries out the
//! [`Out`] these return.

use super::state::{Busy, RubikState};
use crate::app::contract::Out;
use puzzlelab_solver::rubik::{format_moves, Cube};
use puzzlelab_worker::protocol::{Answer, RubikAnswer, RubikAsk, RubikEnd, RubikReport};
use puzzlelab_worker::{Request, Response};

impl RubikState {
    /// Solve the cube shown with the two-phase search; the solution will play from it.
    pub fn solve(&mut self) -> Out {
        let cube = self.shown();
        if let Err(e) = Cube::from_facelets(&cube) {
            self.problems = vec![format!("not a real cube: {e}")];
            return Out::redraw();
        }
        self.cube = cube;
        self.solution.clear();
        self.play.load(0, 0);
        self.job += 1;
        self.busy = Busy::Searching { tables: false };
        self.report = None;
        let ask = RubikAsk::Solve {
            state: cube,
            max_length: self.max_length,
        };
        Out::link()
            .fresh()
            .send([Request::new(self.job, ask.into())])
    }

    /// The request for the moves of scramble `seed` (the cube itself is made at once).
    pub fn scramble_moves(&mut self, seed: u64) -> Request {
        self.job += 1;
        self.busy = Busy::Scramble { tables: false };
        Request::new(self.job, RubikAsk::Scramble { seed }.into())
    }

    /// An answer from the page's worker: the search's or the scramble's, or, while a proof
    /// runs, the two-phase search's beside it.
    pub fn answer(&mut self, response: Response) -> Out {
        if self.busy == Busy::Proving {
            return self.improver_answer(response);
        }
        let Response { job, body } = response;
        if job != self.job {
            return Out::nothing(); // an answer to a job that was replaced
        }
        match body {
            Answer::Progress { .. } => {
                if let Busy::Searching { tables } | Busy::Scramble { tables } = &mut self.busy {
                    *tables = true;
                }
                Out::redraw()
            }
            Answer::Rubik(RubikAnswer::Solve { report }) => self.on_search(report),
            Answer::Rubik(RubikAnswer::Scramble { seed, moves, .. }) => {
                self.busy = Busy::Idle;
                if let Some((s, known)) = &mut self.scrambled {
                    if *s == seed {
                        *known = Some(format_moves(&moves));
                    }
                }
                Out::redraw()
            }
            Answer::Cancelled => {
                // A search stopped before its worker reported (the worker crashed with the
                // Stop on its way): the search has ended all the same.
                if matches!(self.busy, Busy::Searching { .. }) {
                    if let Some(report) = &mut self.report {
                        report.end.get_or_insert(RubikEnd::Stopped);
                    }
                }
                self.busy = Busy::Idle;
                Out::redraw()
            }
            Answer::Error { message } => {
                self.busy = Busy::Idle;
                self.problems = vec![message];
                Out::redraw()
            }
            _ => Out::nothing(),
        }
    }

    /// The two-phase search's report: its best solution is shown (and linked) at once.
    fn on_search(&mut self, mut report: RubikReport) -> Out {
        // A search resent to a fresh worker starts over: until it finds its own, the
        // solutions found before the crash still stand.
        if let Some(before) = self
            .report
            .as_ref()
            .filter(|_| report.improvements.is_empty())
        {
            report.improvements = before.improvements.clone();
        }
        let mut out = if report.end.is_some() {
            Out::link()
        } else {
            Out::redraw()
        };
        if let Some(best) = report.improvements.last() {
            if best.moves != self.solution {
                self.set_solution(best.moves.clone());
                out = Out::link().fresh(); // a new best goes into the link at once
            }
        }
        if !report.trace.is_empty() {
            self.code_step = 0; // a new search's steps, from the start
        }
        self.busy = if report.end.is_some() {
            Busy::Idle
        } else {
            Busy::Searching { tables: false }
        };
        self.report = Some(report);
        out
    }

    /// The page's worker's answer while a proof runs: the two-phase search beside it.
    fn improver_answer(&mut self, response: Response) -> Out {
        match &response.body {
            Answer::Rubik(RubikAnswer::Solve { report }) => self.on_improver(response.job, report),
            Answer::Cancelled | Answer::Error { .. } => {
                self.improver_ended(response.job);
                Out::redraw()
            }
            _ => Out::nothing(),
        }
    }

    /// Proof worker `i`'s answer.
    pub fn proof_answer(&mut self, i: usize, response: Response) -> Out {
        let Response { job, body } = response;
        match body {
            Answer::Rubik(RubikAnswer::Prove { report }) => self.on_proof(i, job, report),
            Answer::Cancelled => {
                self.proof_ended(i, job, None);
                Out::redraw()
            }
            Answer::Error { message } => {
                self.proof_ended(i, job, Some(message));
                Out::redraw()
            }
            _ => Out::nothing(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_links::{decode_route, encode_route, Route};
    use puzzlelab_solver::rubik::{apply_moves, format_moves, Facelets, SOLVED};
    use puzzlelab_worker::awaited::{Awaited, Recovery};
    use puzzlelab_worker::batch::{JobLoop, Turn};
    use puzzlelab_worker::handlers::Workbenches;
    use puzzlelab_worker::protocol::Ask;

    fn state_of(moves: &str) -> RubikState {
        let facelets = apply_moves(SOLVED, moves).unwrap();
        let Route::Rubik(link) = decode_route(&format!("#/rubik?state={facelets}")).value else {
            panic!("a Rubik's cube link");
        };
        RubikState::new(link, Vec::new())
    }

    /// Runs `request` on a fresh worker loop to its last answer, handing every answer to
    /// the state; returns the last.
    fn run(s: &mut RubikState, request: Request) -> Response {
        let mut worker = JobLoop::new(Workbenches::default());
        let mut turn: Turn<()> = worker.received(request, ());
        loop {
            let mut last = None;
            for (_, answer) in turn.answers {
                let ends = answer.body.ends_request();
                let _ = s.answer(answer.clone());
                if ends {
                    last = Some(answer);
                }
            }
            if let Some(last) = last {
                return last;
            }
            let job = turn.schedule.expect("a job still running");
            turn = worker.batch(job);
        }
    }

    fn solves(s: &RubikState) -> bool {
        let cube: Facelets = s.cube;
        cube.apply_all(&s.solution).is_solved()
    }

    #[test]
    fn a_search_through_the_worker_shows_its_best_solution_in_the_link() {
        let mut s = state_of("R U F'");
        let out = s.solve();
        assert!(out.write_link && out.fresh, "{out:?}");
        let [request] = &out.send[..] else {
            panic!("one request: {out:?}")
        };
        let last = run(&mut s, request.clone());
        assert!(matches!(
            last.body,
            Answer::Rubik(RubikAnswer::Solve { .. })
        ));
        assert_eq!(s.busy, Busy::Idle);
        assert!(solves(&s), "{}", format_moves(&s.solution));
        assert!(s.solution.len() <= 3);
        assert_eq!(s.report.as_ref().unwrap().end, Some(RubikEnd::Optimal));
        assert!(s.link_out().solution == s.solution);
    }

    #[test]
    fn the_code_view_steps_the_phases_the_worker_recorded() {
        use crate::app::rubik::code_steps::CodeMsg;
        use puzzlelab_solver::rubik::code::{phase_trace, PhaseStop};
        use puzzlelab_solver::rubik::{SearchOptions, Tables, TwoPhaseSearch};
        let mut s = state_of("R U");
        let out = s.solve();
        run(&mut s, out.send[0].clone());
        // The worker's steps are the solver's own: the same search traced here.
        let cube = Cube::from_facelets(&s.cube).unwrap();
        let tables = std::sync::Arc::new(Tables::new());
        let mut search = TwoPhaseSearch::new(tables, &cube, SearchOptions::default());
        let expected = phase_trace(&mut search, 2_000);
        assert_eq!(s.phase_trace(), &expected[..]);
        let last = expected.last().unwrap();
        assert_eq!(
            (last.line, last.stop, last.best),
            (9, Some(PhaseStop::Optimal), Some(2))
        );
        // Shown on demand, from the start; a step at a time, a phase at a time, back.
        assert!(!s.code_shown);
        s.code(CodeMsg::Toggle);
        assert!(s.code_shown);
        assert_eq!(s.phase_step().unwrap().line, 1);
        s.code(CodeMsg::Next);
        assert_eq!(s.phase_step(), expected.get(1));
        s.code(CodeMsg::NextPhase);
        let k = s.code_step;
        assert!(k > 1 && ![2, 5].contains(&expected[k].line));
        assert!(expected[2..k].iter().all(|e| [2, 5].contains(&e.line)));
        s.code(CodeMsg::Back);
        assert_eq!(s.code_step, k - 1);
        s.code(CodeMsg::End);
        assert_eq!(s.phase_step().unwrap().line, 9);
        s.code(CodeMsg::Next);
        assert_eq!(s.code_step, expected.len() - 1, "no step past the last");
        s.code(CodeMsg::Start);
        assert_eq!(s.code_step, 0);
        // The link keeps the code view open (`view=code`), and reopens it, listing first:
        // the search's steps come with its next run.
        assert!(s.link_out().code);
        let link = encode_route(&Route::Rubik(s.link_out()));
        assert!(link.ends_with("&view=code"), "{link}");
        let Route::Rubik(opened) = decode_route(&link).value else {
            panic!("{link}")
        };
        let again = RubikState::new(opened, Vec::new());
        assert!(again.code_shown && again.phase_step().is_none());
        s.code(CodeMsg::Toggle);
        assert!(!s.link_out().code);
    }

    /// Runs `request` on a fresh worker loop until a report that has found a solution but
    /// not ended (the search goes on to prove it), and returns that report.
    fn first_find(request: &Request) -> Response {
        let mut worker = JobLoop::new(Workbenches::default());
        let mut turn: Turn<()> = worker.received(request.clone(), ());
        loop {
            for (_, a) in turn.answers {
                if let Answer::Rubik(RubikAnswer::Solve { report }) = &a.body {
                    assert!(report.end.is_none(), "ended before a find to crash after");
                    if !report.improvements.is_empty() {
                        return a;
                    }
                }
            }
            turn = worker.batch(turn.schedule.expect("still searching"));
        }
    }

    #[test]
    fn a_search_resent_after_a_crash_keeps_the_solutions_found_before_it() {
        // Twelve turns: the search finds a solution at once and then works on a proof,
        // so a crash can come between the two.
        let mut s = state_of("R U F' L2 D B' R2 U' F L' D2 B");
        let out = s.solve();
        let request = out.send[0].clone();
        // The page's bridge remembers the request; the worker finds a first solution,
        // then crashes, and the bridge resends the same request to a fresh worker.
        let mut awaited = Awaited::default();
        awaited.sent(&request);
        let _ = s.answer(first_find(&request));
        let before = s.solution.clone();
        let found = s.report.as_ref().unwrap().improvements.clone();
        assert!(!before.is_empty() && solves(&s));
        let Recovery::Resend(again) = awaited.crashed("worker panicked") else {
            panic!("the search is resent once");
        };
        assert_eq!(again, request);
        // The fresh worker's first report has found nothing yet: the old best stands.
        let empty = RubikReport {
            tables_ms: 0.0,
            improvements: Vec::new(),
            nodes: 0,
            steps: 0,
            lower_bound: 0,
            elapsed_ms: 0.0,
            end: None,
            trace: Vec::new(),
        };
        let out = s.answer(Response::new(
            again.job,
            Answer::Rubik(RubikAnswer::Solve { report: empty }),
        ));
        assert_eq!(s.solution, before, "the best found before the crash stands");
        assert!(!out.fresh, "nothing new to play");
        assert_eq!(s.report.as_ref().unwrap().improvements, found);
        assert!(matches!(s.busy, Busy::Searching { .. }));
        // Then the fresh worker's own find replaces it (the same search, the same find).
        let _ = s.answer(first_find(&again));
        assert!(solves(&s));
        assert_eq!(
            s.solution, before,
            "a deterministic search finds the same first"
        );
        // A Stop whose answer the crash swallowed still ends the search as stopped.
        let _ = s.answer(Response::new(again.job, Answer::Cancelled));
        assert_eq!(s.busy, Busy::Idle);
        assert_eq!(s.report.as_ref().unwrap().end, Some(RubikEnd::Stopped));
    }

    #[test]
    fn stale_answers_change_nothing_and_errors_end_the_search_with_a_message() {
        let mut s = state_of("R");
        let out = s.solve();
        let job = out.send[0].job;
        let stale = s.answer(Response::new(job - 1, Answer::Cancelled));
        assert_eq!(stale, Out::nothing());
        assert!(matches!(s.busy, Busy::Searching { .. }));
        let out = s.answer(Response::new(
            job,
            Answer::Error {
                message: "the worker crashed twice".into(),
            },
        ));
        assert!(out.redraw);
        assert_eq!(s.busy, Busy::Idle);
        assert_eq!(s.problems, ["the worker crashed twice"]);
    }

    #[test]
    fn a_scramble_asks_for_its_moves_and_keeps_them_for_its_seed() {
        let mut s = state_of("");
        let out = s.scramble();
        let asked = out
            .send
            .iter()
            .find(|r| matches!(r.body, Ask::Rubik(RubikAsk::Scramble { .. })))
            .expect("the moves are asked for")
            .clone();
        let seed = s.scrambled.as_ref().map(|(seed, _)| *seed).unwrap();
        let last = run(&mut s, asked);
        let Answer::Rubik(RubikAnswer::Scramble { moves, .. }) = last.body else {
            panic!("the scramble's moves: {last:?}");
        };
        assert_eq!(s.scrambled, Some((seed, Some(format_moves(&moves)))));
        assert_eq!(
            apply_moves(SOLVED, &format_moves(&moves)).unwrap(),
            s.cube.to_string(),
            "the moves reach the scrambled cube"
        );
        assert_eq!(s.busy, Busy::Idle);
    }

    #[test]
    fn a_bad_colouring_is_not_searched() {
        let mut s = state_of("");
        s.cube.0.swap(0, 9); // two stickers of different faces swapped: no cube
        let out = s.solve();
        assert!(out.send.is_empty());
        assert!(
            s.problems[0].starts_with("not a real cube"),
            "{:?}",
            s.problems
        );
    }
}
