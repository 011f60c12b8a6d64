//! "Prove optimal" in the Rubik's cube's state (plain Rust, tested natively): the request
//! that starts a proof from the cube shown and its two-phase solution (the bound; without
//! one the worker finds one first), each report's effect (a shorter best replaces the
//! solution and plays from the start), and Stop, which ends a proof at once on the page
//! whatever the worker is doing (even building its tables).

use super::state::{Busy, Effect, RubikState};
use crate::solver::rubik::{format_moves, parse_moves, Cube};
use crate::worker::protocol::{Ask, ProofEnd, ProofReport, Request};

/// The proof's status words, as `puzzlelab rubik solve --optimal` prints them.
pub const PROVEN: &str = "proven optimal";
pub const BEST_FOUND: &str = "best found";

impl ProofReport {
    /// "proven optimal" once every shorter depth is searched, else "best found".
    pub fn status(&self) -> &'static str {
        if self.end == Some(ProofEnd::Optimal) {
            PROVEN
        } else {
            BEST_FOUND
        }
    }
}

/// The message for a tab that cannot get the tables' memory.
pub fn no_memory(needed: u64) -> String {
    format!(
        "Prove optimal needs about {} MB of memory for its tables, and this tab could not get it. \
         Close other tabs and try again, or keep the two-phase solution.",
        needed.div_ceil(1_000_000)
    )
}

/// The message for a tab that could not get the big table's memory but the small one's.
pub fn fell_back() -> String {
    format!(
        "This tab could not get the {} MB the big table needs, so this proof uses the small table \
         ({} MB in all): it takes several times longer.",
        crate::worker::rubik_optimal::BIG_NEEDED_BYTES.div_ceil(1_000_000),
        crate::worker::rubik_optimal::SMALL_TABLES_BYTES.div_ceil(1_000_000)
    )
}

impl RubikState {
    /// Starts a proof for the cube shown: the request to send, or `None` (and a problem)
    /// when the colouring is no cube or the worker is busy.
    pub fn prove(&mut self, memory_limit: Option<u64>) -> Option<Request> {
        if self.busy != Busy::Idle {
            return None;
        }
        let cube = self.shown();
        if let Err(e) = Cube::from_facelets(&cube) {
            self.problems = vec![format!("not a real cube: {e}")];
            return None;
        }
        // The solution shown is the bound if it solves the cube from where it is shown.
        let rest = &self.solution[self.play.position().min(self.solution.len())..];
        let known = if cube.apply_all(rest).is_solved() {
            format_moves(rest)
        } else {
            String::new()
        };
        if self.play.position() > 0 {
            let rest = rest.to_vec();
            self.cube = cube;
            self.set_solution(rest);
        }
        self.job += 1;
        self.busy = Busy::Proving;
        self.proof = None;
        self.problems.clear();
        Some(Request::new(
            self.job,
            Ask::RubikProve {
                state: cube.to_string(),
                known,
                memory_limit,
                small_table: self.small_table,
            },
        ))
    }

    /// Stop: a search is asked to report what it has (the page waits for it); a proof
    /// ends here and now, best found, and the worker's later answers are stale. Returns
    /// the cancel to send.
    pub fn stop(&mut self) -> Option<Request> {
        match self.busy {
            Busy::Searching { .. } => Some(Request::new(self.job, Ask::Cancel)),
            Busy::Proving => {
                let job = self.job;
                self.job += 1;
                self.busy = Busy::Idle;
                if let Some(p) = &mut self.proof {
                    p.end.get_or_insert(ProofEnd::Stopped);
                } else {
                    self.proof = Some(ProofReport {
                        tables: Default::default(),
                        best: format_moves(&self.solution),
                        length: self.solution.len() as u8,
                        two_phase_length: self.solution.len() as u8,
                        proven: 0,
                        depth: 0,
                        nodes: 0,
                        elapsed_ms: 0.0,
                        end: Some(ProofEnd::Stopped),
                    });
                }
                Some(Request::new(job, Ask::Cancel))
            }
            _ => None,
        }
    }

    /// A report of proof `job`: stale ones are ignored; a shorter best becomes the
    /// solution; the end frees the worker.
    pub fn on_proof(&mut self, job: u32, report: ProofReport) -> Effect {
        if job != self.job || self.busy != Busy::Proving {
            return Effect::default();
        }
        let mut effect = Effect {
            redraw: true,
            ..Effect::default()
        };
        if report.length > 0 {
            let best = parse_moves(&report.best).unwrap_or_default();
            if best != self.solution && self.cube.apply_all(&best).is_solved() {
                self.set_solution(best);
                effect.link = true;
            }
        }
        if report.tables.fell_back && self.proof.as_ref().is_none_or(|p| !p.tables.fell_back) {
            self.problems = vec![fell_back()];
        }
        if let Some(end) = report.end {
            self.busy = Busy::Idle;
            if let ProofEnd::NoMemory { needed } = end {
                self.problems = vec![no_memory(needed)];
            }
        }
        self.proof = Some(report);
        effect
    }

    /// A proof's end without its report (the worker crashed with the Stop on its way, or
    /// refused the request).
    pub fn proof_ended(&mut self, job: u32, error: Option<String>) {
        if job != self.job || self.busy != Busy::Proving {
            return;
        }
        self.busy = Busy::Idle;
        if let Some(p) = &mut self.proof {
            p.end.get_or_insert(ProofEnd::Stopped);
        }
        if let Some(message) = error {
            self.problems = vec![message];
        }
    }

    /// What the page says about the tables before any proof: their size, once.
    pub fn tables_note(&self) -> String {
        let bytes = crate::worker::rubik_optimal::tables_bytes(self.small_table);
        let build = if self.small_table {
            "about a minute"
        } else {
            "about eight minutes"
        };
        format!(
            "Prove optimal searches depth by depth with {} MB of tables, built once in the worker \
             ({build}) and kept in this browser.",
            bytes.div_ceil(1_000_000)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::share::{decode_route, encode_route, Route};
    use crate::solver::rubik::{apply_moves, Facelets, SOLVED};
    use crate::worker::batch::JobLoop;
    use crate::worker::handlers::Workbenches;
    use crate::worker::protocol::{Answer, TablesStage};
    use crate::worker::rubik_optimal::{BIG_NEEDED_BYTES, SMALL_NEEDED_BYTES};

    fn state_of(moves: &str) -> RubikState {
        let facelets = apply_moves(SOLVED, moves).unwrap();
        let Route::Rubik(link) = decode_route(&format!("#/rubik?state={facelets}")).value else {
            panic!("a Rubik's cube link");
        };
        RubikState::new(link, Vec::new())
    }

    /// Runs `request` in the worker's own loop (phase-1 tables only), handing each answer
    /// to the state as the page does, until the proof ends or `batches` run out.
    fn run(s: &mut RubikState, request: Request, batches: usize) -> Vec<ProofReport> {
        let mut worker = JobLoop::new(Workbenches::with_quick_rubik_proofs());
        let mut reports = Vec::new();
        let job = request.job;
        let mut turn = worker.received(request, ());
        for _ in 0..batches {
            for (_, r) in turn.answers {
                if let Answer::RubikProof { report } = r.body {
                    reports.push(report.clone());
                    s.on_proof(r.job, report);
                }
            }
            if s.busy == Busy::Idle {
                break;
            }
            turn = worker.batch(job);
        }
        reports
    }

    #[test]
    fn a_proof_without_a_solution_finds_the_bound_then_proves_the_shortest() {
        let scramble = "R U F' L2 D B'";
        let mut s = state_of(scramble);
        let request = s.prove(None).expect("a proof starts");
        let Ask::RubikProve { known, .. } = &request.body else {
            panic!("{request:?}");
        };
        assert!(known.is_empty(), "no solution shown yet");
        assert_eq!(s.busy, Busy::Proving);
        let reports = run(&mut s, request, 10_000);
        let last = reports.last().expect("reports");
        assert_eq!(last.end, Some(ProofEnd::Optimal));
        assert_eq!(last.status(), PROVEN);
        assert_eq!(s.busy, Busy::Idle);
        // Six turns undo the scramble; the proof says nothing shorter does.
        assert!(last.length <= 6, "{last:?}");
        assert_eq!(last.proven, last.length);
        assert!(s.cube.apply_all(&s.solution).is_solved());
        assert_eq!(s.solution.len(), last.length as usize);
        assert_eq!(
            s.play.position(),
            0,
            "the proven solution plays from the start"
        );
        assert!(reports
            .iter()
            .all(|r| r.tables.stage == TablesStage::Ready || r.end.is_none()));
    }

    #[test]
    fn the_solution_shown_is_the_bound_and_a_wrong_one_is_not_trusted() {
        let mut s = state_of("R U");
        s.set_solution(parse_moves("U' R'").unwrap());
        let request = s.prove(None).unwrap();
        let Ask::RubikProve { known, .. } = &request.body else {
            panic!();
        };
        assert_eq!(known, "U' R'");
        let last = run(&mut s, request, 1000).pop().unwrap();
        assert_eq!((last.two_phase_length, last.length), (2, 2));
        assert_eq!(last.status(), PROVEN);

        let mut s = state_of("R U");
        s.set_solution(parse_moves("U R").unwrap());
        let request = s.prove(None).unwrap();
        let Ask::RubikProve { known, .. } = &request.body else {
            panic!();
        };
        assert!(known.is_empty(), "U R does not solve R U");
        let last = run(&mut s, request, 1000).pop().unwrap();
        assert_eq!(last.length, 2);
        assert_eq!(format_moves(&s.solution), "U' R'");
    }

    #[test]
    fn stop_ends_a_proof_at_once_even_before_any_report() {
        let mut s = state_of("R U F' L2 D B' R2 U'");
        let request = s.prove(None).unwrap();
        let job = request.job;
        let cancel = s.stop().expect("a cancel to send");
        assert!(matches!(cancel.body, Ask::Cancel) && cancel.job == job);
        assert_eq!(s.busy, Busy::Idle);
        let p = s.proof.as_ref().expect("the proof shows as stopped");
        assert_eq!((p.end, p.status()), (Some(ProofEnd::Stopped), BEST_FOUND));
        // The worker's answers for the stopped job change nothing.
        let mut worker = JobLoop::new(Workbenches::with_quick_rubik_proofs());
        worker.received(request, ());
        let turn = worker.batch(job);
        for (_, r) in turn.answers {
            if let Answer::RubikProof { report } = r.body {
                assert_eq!(s.on_proof(r.job, report), Effect::default());
            }
        }
        let turn = worker.received(cancel, ());
        let [(_, r)] = &turn.answers[..] else {
            panic!("the worker answers the cancel");
        };
        assert!(
            matches!(&r.body, Answer::RubikProof { report } if report.end == Some(ProofEnd::Stopped))
        );
        assert!(s.stop().is_none(), "nothing left to stop");
    }

    #[test]
    fn a_tab_without_the_memory_gets_a_message_and_the_worker_no_tables() {
        let mut s = state_of("R U");
        // The page's worker (the full tables), told it can get no more than a megabyte.
        let mut worker = JobLoop::new(Workbenches::default());
        let request = s.prove(Some(1_000_000)).unwrap();
        let job = request.job;
        let mut turn = worker.received(request, ());
        for _ in 0..5 {
            for (_, r) in turn.answers {
                if let Answer::RubikProof { report } = r.body {
                    s.on_proof(r.job, report);
                }
            }
            turn = worker.batch(job);
        }
        assert_eq!(s.busy, Busy::Idle);
        let p = s.proof.as_ref().unwrap();
        assert_eq!(
            p.end,
            Some(ProofEnd::NoMemory {
                needed: SMALL_NEEDED_BYTES
            })
        );
        assert_eq!(p.status(), BEST_FOUND);
        assert!(
            s.problems[0].contains("could not get it"),
            "{:?}",
            s.problems
        );
        assert!(s.problems[0].contains(&SMALL_NEEDED_BYTES.div_ceil(1_000_000).to_string()));
    }

    /// The first reports of proof `request` in the page's worker (full tables): its first
    /// batch (the bound and the memory check), before any table is read or built.
    fn first_reports(s: &mut RubikState, request: Request) -> Vec<ProofReport> {
        let mut worker = JobLoop::new(Workbenches::default());
        let job = request.job;
        let mut answers = worker.received(request, ()).answers;
        answers.extend(worker.batch(job).answers);
        answers
            .into_iter()
            .filter_map(|(_, r)| match r.body {
                Answer::RubikProof { report } => {
                    s.on_proof(r.job, report.clone());
                    Some(report)
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn the_big_table_is_the_default_and_the_small_one_rides_in_the_link_to_the_worker() {
        let facelets = apply_moves(SOLVED, "R U").unwrap();
        for (link, small) in [("", false), ("&small-table=1", true)] {
            let Route::Rubik(l) = decode_route(&format!("#/rubik?state={facelets}{link}")).value
            else {
                panic!("a Rubik's cube link");
            };
            let mut s = RubikState::new(l, Vec::new());
            assert_eq!(s.link_out().small_table, small);
            let request = s.prove(None).unwrap();
            let Ask::RubikProve { small_table, .. } = request.body else {
                panic!("{request:?}");
            };
            assert_eq!(small_table, small, "{link}");
            let mb = crate::worker::rubik_optimal::tables_bytes(small).div_ceil(1_000_000);
            assert!(
                s.tables_note().contains(&format!("{mb} MB")),
                "{}",
                s.tables_note()
            );
            // The worker reports the table it reads (stopping short of building it).
            let reports = first_reports(&mut s, request);
            let first = reports.first().expect("a report");
            assert_eq!(first.tables.small_table, small);
            assert!(!first.tables.fell_back);
            assert_eq!(first.tables.bytes.div_ceil(1_000_000), mb);
        }
        // The control changes the link and the next proof.
        let mut s = state_of("R U");
        let e = s.edit(crate::app::rubik::state::Edit::SmallTable(true));
        assert!(e.link && e.redraw);
        assert!(encode_route(&Route::Rubik(s.link_out())).ends_with("small-table=1"));
        let Ask::RubikProve { small_table, .. } = s.prove(None).unwrap().body else {
            panic!();
        };
        assert!(small_table);
    }

    #[test]
    fn a_tab_without_the_big_tables_memory_proves_with_the_small_ones_and_says_so() {
        let mut s = state_of("R U");
        assert!(!s.small_table);
        let limit = (SMALL_NEEDED_BYTES + BIG_NEEDED_BYTES) / 2;
        let request = s.prove(Some(limit)).unwrap();
        let reports = first_reports(&mut s, request);
        let first = reports.first().expect("a report");
        assert_eq!(first.end, None, "the proof goes on");
        assert!(first.tables.small_table && first.tables.fell_back);
        assert_eq!(s.busy, Busy::Proving);
        assert!(s.problems[0].contains("small table"), "{:?}", s.problems);
        assert!(s.problems[0].contains(&BIG_NEEDED_BYTES.div_ceil(1_000_000).to_string()));
        // The choice in the link stays the user's: the big table next time.
        assert!(!s.link_out().small_table);
    }

    #[test]
    fn a_colouring_that_is_no_cube_starts_no_proof() {
        let mut s = state_of("");
        let mut painted: Facelets = s.cube;
        painted.0[0] = b'R';
        s.cube = painted;
        assert!(s.prove(None).is_none());
        assert!(
            s.problems[0].starts_with("not a real cube"),
            "{:?}",
            s.problems
        );
        assert_eq!(s.busy, Busy::Idle);
    }

    #[test]
    fn a_new_cube_cancels_the_proof() {
        let mut s = state_of("R U");
        let request = s.prove(None).unwrap();
        let e = s.edit(crate::app::rubik::state::Edit::Reset);
        assert_eq!(e.cancel, Some(request.job));
        assert!(s.proof.is_none());
        assert_eq!(s.busy, Busy::Idle);
    }
}
