//! "Prove optimal" in the Rubik's cube's state (plain Rust, tested natively): the request
//! that starts a proof from the cube shown and its two-phase solution (the bound; without
//! one the worker finds one first), each report's effect (a shorter best replaces the
//! solution and plays from the start), and Stop, which ends a proof at once on the page
//! whatever the worker is doing (even building its tables).

use super::proof_run::ProofRun;
use super::state::{Busy, RubikState};
use crate::app::contract::Out;
use puzzlelab_solver::rubik::optimal::improver_useful;
use puzzlelab_solver::rubik::optimal::MAX_OPTIMAL;
use puzzlelab_solver::rubik::optimal_tables::stored;
use puzzlelab_solver::rubik::optimal_tables::stored::ProofTable;
use puzzlelab_solver::rubik::Cube;
use puzzlelab_worker::protocol::RubikAsk;
use puzzlelab_worker::protocol::{Ask, ProofEnd, ProofReport, Request, RubikReport, TablesStage};
#[cfg(test)]
use puzzlelab_worker::protocol::{BEST_FOUND, PROVEN};

/// The most proof workers the page starts (each holds its own copy of the tables).
pub const MAX_PROOF_WORKERS: usize = 2;

/// The message for a tab that cannot get the tables' memory.
pub fn no_memory(needed: u64) -> String {
    format!(
        "Prove optimal needs about {} MB of memory for its tables, and this tab could not get it. \
         Close other tabs and try again, or keep the two-phase solution.",
        needed.div_ceil(1_000_000)
    )
}

/// The message for a tab that could not hold the table asked for, but `used`, a smaller one.
pub fn fell_back_message(asked: ProofTable, used: ProofTable) -> String {
    let mb = |bytes: u64| bytes.div_ceil(1_000_000);
    let why = if stored::fits_pieces(asked, stored::WASM32_PIECE_BYTES) {
        format!(
            "This tab could not get the {} MB the {} table needs",
            mb(stored::needed_bytes(asked)),
            asked.name()
        )
    } else {
        format!(
            "The {} table ({} MB) is larger than the {} MB a browser holds in one piece",
            asked.name(),
            mb(stored::largest_piece(asked)),
            mb(stored::WASM32_PIECE_BYTES)
        )
    };
    let slower = if used == ProofTable::Small {
        "several times longer"
    } else {
        "longer"
    };
    format!(
        "{why}, so this proof uses the {} table ({} MB in all): it takes {slower}. \
         The command line (puzzlelab rubik solve --optimal) holds every table.",
        used.name(),
        mb(stored::tables_bytes(used))
    )
}

impl RubikState {
    /// How often a running proof's progress is drawn. Drawn on every report (each proof
    /// worker's and the two-phase search's, 25 a second each), the page's drawing kept
    /// 40 % of one of this machine's two cores busy (the renderer's main thread, its
    /// compositor and the GPU process), taken from the proof workers.
    pub const PROOF_DRAW_MS: u32 = 250;

    /// Starts a proof for the cube shown, split over `workers` proof workers, with the
    /// two-phase search looking for shorter solutions beside it: the requests go to the
    /// outbox. Returns whether it started (not when the colouring is no cube or a worker
    /// is busy).
    pub fn prove(&mut self, memory_limit: Option<u64>, workers: usize) -> bool {
        if self.busy != Busy::Idle {
            return false;
        }
        let cube = self.shown();
        if let Err(e) = Cube::from_facelets(&cube) {
            self.problems = vec![format!("not a real cube: {e}")];
            return false;
        }
        // The solution shown is the bound if it solves the cube from where it is shown.
        let rest = &self.solution[self.play.position().min(self.solution.len())..];
        let known = if cube.apply_all(rest).is_solved() {
            rest.to_vec()
        } else {
            Vec::new()
        };
        if self.play.position() > 0 {
            self.cube = cube;
            self.set_solution(known.clone());
        }
        self.stop_keeping();
        let workers = workers.max(1);
        let mut run = ProofRun::new(workers, self.job + 1, known.len() as u8);
        self.job += workers as u32;
        for slot in &run.shares {
            self.outbox.send_to.push((
                slot.share.index as usize,
                Request::new(
                    slot.job,
                    Ask::Rubik(RubikAsk::Prove {
                        state: cube,
                        known: known.clone(),
                        memory_limit,
                        table: self.table,
                        share: slot.share,
                    }),
                ),
            ));
        }
        // The two-phase search, for anything shorter than the bound (or a first solution).
        if known.is_empty() || improver_useful(known.len(), 0) {
            self.job += 1;
            run.improver.job = Some(self.job);
            self.outbox.send.push(Request::new(
                self.job,
                Ask::Rubik(RubikAsk::Solve {
                    state: cube,
                    max_length: if known.is_empty() {
                        MAX_OPTIMAL
                    } else {
                        known.len() as u8 - 1
                    },
                }),
            ));
        }
        // A number of its own for the page's worker: a late answer of the two-phase search
        // beside the proof is then never taken for a search the page started.
        self.job += 1;
        if !known.is_empty() {
            // The bound counts from the start, not as the two-phase search's find.
            run.joined.found_beside(known);
        }
        self.busy = Busy::Proving;
        self.proof = Some(run.combined(None));
        self.run = Some(run);
        self.problems.clear();
        true
    }

    /// Stop: a search is asked to report what it has (the page waits for it); a proof
    /// ends here and now, best found, and its workers are told to stop (their later
    /// answers are stale). The cancels go to the outbox.
    pub fn stop(&mut self) {
        match self.busy {
            Busy::Searching { .. } => self.outbox.send.push(Request::new(self.job, Ask::Cancel)),
            Busy::Proving => self.end_proof(ProofEnd::Stopped),
            _ => {}
        }
    }

    /// Ends the proof running: every share and the two-phase search still running are
    /// cancelled, and the proof shows `end`.
    pub(super) fn end_proof(&mut self, end: ProofEnd) {
        if self.busy != Busy::Proving {
            return;
        }
        self.busy = Busy::Idle;
        let Some(run) = self.run.as_mut() else {
            return;
        };
        for (i, job) in run.stop_all(end == ProofEnd::Optimal) {
            self.outbox
                .send_to
                .push((i, Request::new(job, Ask::Cancel)));
        }
        if let Some(job) = run.improver.job.take() {
            self.outbox.send.push(Request::new(job, Ask::Cancel));
        }
        let mut shown = run.combined(Some(end));
        self.keep_shown_best(&mut shown);
        self.proof = Some(shown);
    }

    /// Of two solutions as short, the one the player has stays the one the proof shows.
    fn keep_shown_best(&self, shown: &mut ProofReport) {
        if shown.length as usize == self.solution.len()
            && self.cube.apply_all(&self.solution).is_solved()
        {
            shown.best = self.solution.clone();
        }
    }

    /// The proof running, if one is.
    fn running_proof(&mut self) -> Option<&mut ProofRun> {
        if self.busy == Busy::Proving {
            self.run.as_mut()
        } else {
            None
        }
    }

    /// Proof worker `i`'s report for `job`: stale ones are ignored; the shares' reports
    /// are joined, a shorter best becomes the solution, and the proof ends once the best
    /// is proven (the workers still running are told to stop).
    pub fn on_proof(&mut self, i: usize, job: u32, report: ProofReport) -> Out {
        if self.run.as_ref().is_some_and(|r| r.is_keeping(i, job)) {
            return self.on_keeping(i, job, report);
        }
        let cube = self.cube;
        let Some(run) = self.running_proof().filter(|r| r.is_current(i, job)) else {
            return Out::nothing();
        };
        let end = report.end;
        let (fell_back, report_table) = (report.tables.fell_back, report.tables.table);
        run.report(i, report, &cube);
        if fell_back && self.proof.as_ref().is_none_or(|p| !p.tables.fell_back) {
            self.problems = vec![fell_back_message(self.table, report_table)];
        }
        if let Some(ProofEnd::NoMemory { needed }) = end {
            self.problems = vec![no_memory(needed)];
            self.end_proof(ProofEnd::NoMemory { needed });
            return Out::redraw();
        }
        self.after_reports()
    }

    /// A report from a worker left to keep its tables after the proof ended: once it says
    /// whether they were kept, the proof shows it and the worker is told to stop.
    fn on_keeping(&mut self, i: usize, job: u32, report: ProofReport) -> Out {
        let Some(run) = self.run.as_mut().filter(|r| r.is_keeping(i, job)) else {
            return Out::nothing();
        };
        let kept = report.tables.kept;
        let ended = report.end.is_some();
        if kept.is_none() && !ended {
            return Out::nothing();
        }
        run.shares[i].keeping = false;
        if let Some(r) = &mut run.shares[i].report {
            r.tables = report.tables;
        }
        if !ended {
            self.outbox
                .send_to
                .push((i, Request::new(job, Ask::Cancel)));
        }
        if let Some(p) = self.proof.as_mut().filter(|p| p.tables.kept.is_none()) {
            p.tables.kept = kept;
            p.tables.stage = TablesStage::Ready;
        }
        Out::redraw()
    }

    /// Workers left keeping their tables are told to stop (the proof is replaced).
    pub(super) fn stop_keeping(&mut self) {
        if let Some(run) = self.run.as_mut() {
            for (i, job) in run.stop_keeping() {
                self.outbox
                    .send_to
                    .push((i, Request::new(job, Ask::Cancel)));
            }
        }
    }

    /// The two-phase search's report (job `job`) while a proof runs: each shorter solution
    /// becomes the proof's best.
    pub fn on_improver(&mut self, job: u32, report: &RubikReport) -> Out {
        let cube = self.cube;
        let Some(run) = self.running_proof().filter(|r| r.improver.job == Some(job)) else {
            return Out::nothing();
        };
        for found in &report.improvements {
            run.found_beside(found.moves.clone(), &cube);
        }
        run.improver.nodes = report.nodes;
        if report.end.is_some() {
            run.improver.job = None;
        }
        self.after_reports()
    }

    /// The two-phase search beside the proof ended without its report (cancelled while
    /// its worker crashed, or an error): the proof goes on without it.
    pub fn improver_ended(&mut self, job: u32) {
        if let Some(run) = self.running_proof().filter(|r| r.improver.job == Some(job)) {
            run.improver.job = None;
        }
    }

    /// What the joined reports mean: a shorter best is shown, shares with nothing left to
    /// add and a two-phase search that can no longer help are stopped, and a proven best
    /// ends the proof.
    ///
    /// Progress alone is drawn on the page's beat ([`RubikState::PROOF_DRAW_MS`]), not
    /// on each report.
    fn after_reports(&mut self) -> Out {
        let Some(run) = self.running_proof() else {
            return Out::redraw();
        };
        let mut out = Out::nothing();
        let best = run.joined.best().map(<[_]>::to_vec);
        let optimal = run.joined.is_optimal();
        let finished = run.finished_shares();
        let improver = if run.joined.two_phase_can_help() {
            None
        } else {
            run.improver.job.take()
        };
        let shown = run.combined(None);
        // The solution shown gives way to a shorter one, or to any if it solves nothing.
        let shown_solves = self.cube.apply_all(&self.solution).is_solved();
        if let Some(best) =
            best.filter(|b| *b != self.solution && (!shown_solves || b.len() < self.solution.len()))
        {
            // Shown from its start, in the link at once.
            self.set_solution(best);
            out = out.fresh();
            out.write_link = true;
        }
        for (i, job) in finished {
            self.outbox
                .send_to
                .push((i, Request::new(job, Ask::Cancel)));
        }
        if let Some(job) = improver {
            self.outbox.send.push(Request::new(job, Ask::Cancel));
        }
        let mut shown = shown;
        self.keep_shown_best(&mut shown);
        self.proof = Some(shown);
        if optimal {
            self.end_proof(ProofEnd::Optimal);
            out.redraw = true;
        }
        out
    }

    /// Proof worker `i`'s job ended without its report: cancelled while the worker
    /// crashed (nothing to do), or refused or crashed twice (`error`: the proof ends with
    /// the message, best found).
    pub fn proof_ended(&mut self, i: usize, job: u32, error: Option<String>) {
        let Some(run) = self.running_proof().filter(|r| r.is_current(i, job)) else {
            return;
        };
        run.shares[i].running = false;
        match error {
            None => {}
            Some(message) => {
                self.problems = vec![message];
                self.end_proof(ProofEnd::Stopped);
            }
        }
    }

    /// The requests to send now (emptied).
    pub fn take_outbox(&mut self) -> Out {
        std::mem::take(&mut self.outbox)
    }

    /// What the page says about the tables before any proof: their size, once.
    pub fn tables_note(&self) -> String {
        let bytes = stored::tables_bytes(self.table);
        // Measured in Chromium on this project's two-core machine (issues 27 and 41; the
        // tetrad-slice table, both workers sharing its build to its deepest exact layer:
        // 123 s).
        let build = match self.table {
            ProofTable::Small => "about a minute",
            ProofTable::Big => "about eight minutes",
            ProofTable::H16(_) => "about two minutes",
        };
        format!(
            "Prove optimal searches depth by depth with the {} table and the corner table, {} MB \
             in each of its workers, built once ({build}) and kept in this browser.",
            self.table.name(),
            bytes.div_ceil(1_000_000)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_links::{decode_route, encode_route, Route};
    use puzzlelab_solver::rubik::optimal_tables::h16::Level;
    use puzzlelab_solver::rubik::optimal_tables::stored::{BIG_NEEDED_BYTES, SMALL_NEEDED_BYTES};
    use puzzlelab_solver::rubik::{apply_moves, Facelets, SOLVED};
    use puzzlelab_solver::rubik::{format_moves, parse_moves};
    use puzzlelab_worker::batch::{JobLoop, Turn};
    use puzzlelab_worker::handlers::Workbenches;
    use puzzlelab_worker::protocol::{
        Answer, RubikAnswer, RubikEnd, RubikImprovement, TablesStage,
    };
    use puzzlelab_worker::Response;

    fn state_of(moves: &str) -> RubikState {
        let facelets = apply_moves(SOLVED, moves).unwrap();
        let Route::Rubik(link) = decode_route(&format!("#/rubik?state={facelets}")).value else {
            panic!("a Rubik's cube link");
        };
        RubikState::new(link, Vec::new())
    }

    /// The page with its own worker (the two-phase search) and its proof workers, each
    /// the worker's own loop (phase-1 tables only unless `full`), run turn by turn in
    /// the order their batches were scheduled, as the browser interleaves them.
    /// The jobs of a proof's shares, worker by worker.
    fn share_jobs(s: &RubikState) -> Vec<u32> {
        s.run
            .as_ref()
            .unwrap()
            .shares
            .iter()
            .map(|s| s.job)
            .collect()
    }

    /// The job of the two-phase search beside a proof.
    fn improver_job(s: &RubikState) -> u32 {
        s.run
            .as_ref()
            .unwrap()
            .improver
            .job
            .expect("the two-phase search")
    }

    struct Page {
        s: RubikState,
        main: JobLoop<Workbenches, ()>,
        proofs: Vec<JobLoop<Workbenches, ()>>,
        /// Batches due: whose (`None`: the page's own worker) and which job.
        due: Vec<(Option<usize>, u32)>,
        /// Every report of a proof worker, with its index.
        reports: Vec<(usize, ProofReport)>,
        /// Per report of a proof worker: whether it was drawn at once, and the page's
        /// progress beat after it.
        drawn: Vec<(bool, Option<u32>)>,
        /// Requests the proof workers got, with their index.
        sent: Vec<(usize, Request)>,
    }

    impl Page {
        fn new(s: RubikState, workers: usize, full: bool) -> Page {
            let loops = || {
                JobLoop::new(if full {
                    Workbenches::default()
                } else {
                    Workbenches::with_quick_rubik_proofs()
                })
            };
            Page {
                s,
                main: JobLoop::new(Workbenches::with_quick_rubik_proofs()),
                proofs: (0..workers).map(|_| loops()).collect(),
                due: Vec::new(),
                reports: Vec::new(),
                drawn: Vec::new(),
                sent: Vec::new(),
            }
        }

        fn send(&mut self) {
            let out = self.s.take_outbox();
            for r in out.send {
                let t = self.main.received(r, ());
                self.take(None, t);
            }
            for (i, r) in out.send_to {
                self.sent.push((i, r.clone()));
                let t = self.proofs[i].received(r, ());
                self.take(Some(i), t);
            }
        }

        fn take(&mut self, who: Option<usize>, turn: Turn<()>) {
            if let Some(job) = turn.schedule {
                self.due.push((who, job));
            }
            for (_, r) in turn.answers {
                self.answer(who, r);
            }
        }

        /// What the page does with an answer (as `mod.rs` routes them).
        fn answer(&mut self, who: Option<usize>, r: Response) {
            let Response { job, body } = r;
            match (who, body) {
                (Some(i), Answer::Rubik(RubikAnswer::Prove { report })) => {
                    self.reports.push((i, report.clone()));
                    let out = self.s.on_proof(i, job, report);
                    let beat = crate::app::page::Workbench::progress_every(&self.s);
                    self.drawn.push((out.redraw, beat));
                }
                (Some(i), Answer::Cancelled) => self.s.proof_ended(i, job, None),
                (Some(i), Answer::Error { message }) => self.s.proof_ended(i, job, Some(message)),
                (None, Answer::Rubik(RubikAnswer::Solve { report })) => {
                    self.s.on_improver(job, &report);
                }
                (None, Answer::Cancelled | Answer::Error { .. }) => self.s.improver_ended(job),
                _ => {}
            }
        }

        /// Runs up to `turns` batches, or until nothing is due.
        fn run(&mut self, turns: usize) {
            for _ in 0..turns {
                self.send();
                if self.due.is_empty() {
                    break;
                }
                let (who, job) = self.due.remove(0);
                let t = match who {
                    None => self.main.batch(job),
                    Some(i) => self.proofs[i].batch(job),
                };
                self.take(who, t);
            }
            self.send();
        }

        fn proof_requests(&self) -> Vec<(usize, &Ask)> {
            self.sent
                .iter()
                .filter(|(_, r)| matches!(r.body, Ask::Rubik(RubikAsk::Prove { .. })))
                .map(|(i, r)| (*i, &r.body))
                .collect()
        }
    }

    fn report(best: &str, proven: u8, depth: u8) -> ProofReport {
        ProofReport {
            tables: ProofTables {
                stage: TablesStage::Ready,
                ..Default::default()
            },
            best: parse_moves(best).unwrap(),
            length: parse_moves(best).unwrap().len() as u8,
            two_phase_length: 0,
            proven,
            depth,
            nodes: 100,
            elapsed_ms: 10.0,
            end: None,
        }
    }

    use puzzlelab_worker::protocol::ProofTables;

    #[test]
    fn a_proof_split_over_two_workers_finds_the_bound_then_proves_the_shortest() {
        let scramble = "R U F' L2 D B' R2 U'";
        let mut p = Page::new(state_of(scramble), 2, false);
        assert!(p.s.prove(None, 2));
        assert_eq!(p.s.busy, Busy::Proving);
        let out = p.s.take_outbox();
        // One share to each proof worker, no bound (none shown), and the two-phase search
        // on the page's own worker for a first solution and shorter ones.
        assert_eq!(out.send_to.len(), 2);
        for (i, (w, r)) in out.send_to.iter().enumerate() {
            let Ask::Rubik(RubikAsk::Prove { known, share, .. }) = &r.body else {
                panic!("{r:?}");
            };
            assert_eq!((*w, share.index, share.of), (i, i as u32, 2));
            assert!(known.is_empty(), "no solution shown yet");
        }
        assert!(
            matches!(
                &out.send[..],
                [Request {
                    body: Ask::Rubik(RubikAsk::Solve { max_length: 20, .. }),
                    ..
                }]
            ),
            "{:?}",
            out.send
        );
        p.s.outbox = out;
        p.run(100_000);
        let last = p.s.proof.clone().expect("a proof");
        assert_eq!(last.end, Some(ProofEnd::Optimal));
        assert_eq!(last.status(), PROVEN);
        assert_eq!(p.s.busy, Busy::Idle);
        // Eight turns undo the scramble; the proof says nothing shorter does.
        assert!(last.length <= 8, "{last:?}");
        assert_eq!(last.proven, last.length);
        assert!(p.s.cube.apply_all(&p.s.solution).is_solved());
        assert_eq!(p.s.solution.len(), last.length as usize);
        assert_eq!(
            p.s.play.position(),
            0,
            "the proven solution plays from the start"
        );
        // Both workers searched, and the nodes shown are theirs together.
        let run = p.s.run.as_ref().unwrap();
        let nodes: Vec<u64> = (0..2).map(|i| run.joined.share(i).unwrap().nodes).collect();
        assert!(nodes.iter().all(|&n| n > 0), "{nodes:?}");
        assert_eq!(last.nodes, nodes.iter().sum::<u64>());
        assert!(run.shares.iter().all(|s| !s.running));
        assert!(p
            .reports
            .iter()
            .all(|(_, r)| r.tables.stage == TablesStage::Ready || r.end.is_none()));
    }

    #[test]
    fn the_solution_shown_is_the_bound_and_a_wrong_one_is_not_trusted() {
        let mut s = state_of("R U");
        s.set_solution(parse_moves("U' R'").unwrap());
        let mut p = Page::new(s, 2, false);
        assert!(p.s.prove(None, 2));
        p.run(10_000);
        assert!(p.proof_requests().iter().all(
            |(_, a)| matches!(a, Ask::Rubik(RubikAsk::Prove { known, .. }) if format_moves(known) == "U' R'")
        ));
        let last = p.s.proof.clone().unwrap();
        assert_eq!((last.two_phase_length, last.length), (2, 2));
        assert_eq!(last.status(), PROVEN);

        let mut s = state_of("R U");
        s.set_solution(parse_moves("U R").unwrap());
        let mut p = Page::new(s, 2, false);
        assert!(p.s.prove(None, 2));
        p.run(10_000);
        assert!(p.proof_requests().iter().all(
            |(_, a)| matches!(a, Ask::Rubik(RubikAsk::Prove { known, .. }) if known.is_empty())
        ));
        assert_eq!(p.s.proof.as_ref().unwrap().length, 2);
        assert_eq!(format_moves(&p.s.solution), "U' R'");
    }

    #[test]
    fn a_running_proof_is_drawn_on_the_beat_and_its_end_at_once() {
        let mut p = Page::new(state_of("R U F' L2 D B' R2 U'"), 2, false);
        assert_eq!(crate::app::page::Workbench::progress_every(&p.s), None);
        assert!(p.s.prove(None, 2));
        assert_eq!(
            crate::app::page::Workbench::progress_every(&p.s),
            Some(RubikState::PROOF_DRAW_MS)
        );
        p.run(10_000);
        assert_eq!(p.s.proof.as_ref().unwrap().status(), PROVEN);
        let (last, progress) = p.drawn.split_last().expect("reports");
        assert!(progress.len() > 2, "{} reports", p.drawn.len());
        // Progress waits for the beat; the proof's end is drawn at once, and the beat stops.
        assert!(progress
            .iter()
            .all(|&d| d == (false, Some(RubikState::PROOF_DRAW_MS))));
        assert_eq!(*last, (true, None));
    }

    #[test]
    fn stop_ends_a_proof_at_once_and_tells_every_worker() {
        let mut p = Page::new(state_of("R U F' L2 D B' R2 U'"), 2, false);
        assert!(p.s.prove(None, 2));
        p.send();
        let jobs = share_jobs(&p.s);
        let improver = improver_job(&p.s);
        p.s.stop();
        assert_eq!(p.s.busy, Busy::Idle);
        let out = p.s.take_outbox();
        let cancels: Vec<(usize, u32)> = out
            .send_to
            .iter()
            .filter(|(_, r)| matches!(r.body, Ask::Cancel))
            .map(|(i, r)| (*i, r.job))
            .collect();
        assert_eq!(cancels, vec![(0, jobs[0]), (1, jobs[1])]);
        assert!(matches!(&out.send[..], [r] if r.job == improver && matches!(r.body, Ask::Cancel)));
        let shown = p.s.proof.clone().expect("the proof shows as stopped");
        assert_eq!(
            (shown.end, shown.status()),
            (Some(ProofEnd::Stopped), BEST_FOUND)
        );
        // The workers' answers for the stopped proof change nothing.
        p.s.outbox = out;
        p.run(100);
        assert_eq!(p.s.proof.as_ref().unwrap(), &shown);
        assert!(p
            .reports
            .iter()
            .any(|(_, r)| r.end == Some(ProofEnd::Stopped)));
        p.s.stop();
        assert!(p.s.take_outbox().send_to.is_empty(), "nothing left to stop");
    }

    #[test]
    fn a_shorter_two_phase_solution_becomes_the_best_and_the_search_stops_when_it_cannot_help() {
        let scramble = "R U F' L2 D B' R2 U' F";
        let mut s = state_of(scramble);
        // A known solution three turns longer than the scramble's inverse.
        let inverse = puzzlelab_solver::rubik::invert_moves(&parse_moves(scramble).unwrap());
        let mut long = inverse.clone();
        long.extend(parse_moves("R R' U2 U2").unwrap());
        s.set_solution(long.clone());
        assert!(s.prove(None, 2));
        let out = s.take_outbox();
        let jobs = share_jobs(&s);
        let (improver, max_length) = match &out.send[..] {
            [Request {
                job,
                body: Ask::Rubik(RubikAsk::Solve { max_length, .. }),
            }] => (*job, *max_length),
            other => panic!("{other:?}"),
        };
        assert_eq!(max_length as usize, long.len() - 1);
        assert_ne!(
            s.job, improver,
            "its late answers are never the page's search"
        );
        // The two-phase search finds the inverse: it is shown, and plays from the start.
        let found = |moves: &[puzzlelab_solver::rubik::Move]| RubikReport {
            tables_ms: 0.0,
            improvements: vec![RubikImprovement {
                moves: moves.to_vec(),
                length: moves.len() as u8,
                ms: 1.0,
            }],
            nodes: 5,
            steps: 6,
            lower_bound: 0,
            elapsed_ms: 1.0,
            end: None,
            trace: Vec::new(),
        };
        let e = s.on_improver(improver, &found(&inverse));
        assert!(e.write_link);
        assert_eq!(s.solution, inverse);
        assert_eq!(s.proof.as_ref().unwrap().length as usize, inverse.len());
        // A wrong "solution" is not trusted.
        s.on_improver(improver, &found(&parse_moves("R").unwrap()));
        assert_eq!(s.solution, inverse);
        assert!(
            s.take_outbox().send.is_empty(),
            "still useful below depth 7"
        );
        // Both shares at depth 8 with nothing shorter than 8: a 9 could only be beaten by
        // an 8, which the proof finds itself: the two-phase search is stopped.
        let long_text = format_moves(&long);
        for (i, &job) in jobs.iter().enumerate() {
            s.on_proof(i, job, report(&long_text, 8, 8));
        }
        let out = s.take_outbox();
        assert!(
            matches!(&out.send[..], [r] if r.job == improver && matches!(r.body, Ask::Cancel)),
            "{:?}",
            out.send
        );
        assert!(out.send_to.is_empty(), "the shares still search depth 8");
        assert_eq!(s.busy, Busy::Proving);
        // Share 0 has exhausted depth 8 of its part: nothing to add, it is stopped; once
        // share 1 has too, the 9 is proven optimal.
        s.on_proof(0, jobs[0], report(&long_text, 9, 9));
        let out = s.take_outbox();
        assert!(
            matches!(&out.send_to[..], [(0, r)] if r.job == jobs[0] && matches!(r.body, Ask::Cancel))
        );
        assert_eq!(s.proof.as_ref().unwrap().proven, 8);
        s.on_proof(1, jobs[1], report(&long_text, 9, 9));
        let shown = s.proof.clone().unwrap();
        assert_eq!(
            (shown.end, shown.proven, shown.length),
            (Some(ProofEnd::Optimal), 9, 9)
        );
        assert_eq!(s.busy, Busy::Idle);
        assert!(
            s.take_outbox().send_to.iter().all(|(i, _)| *i == 1),
            "share 1 is told to stop too"
        );
        // A stale answer for the ended search changes nothing.
        assert_eq!(
            s.on_improver(improver, &found(&inverse[..1])),
            Out::nothing()
        );
    }

    #[test]
    fn a_worker_still_keeping_its_tables_is_left_to_say_whether_they_were_kept() {
        let mut s = state_of("R U");
        s.set_solution(parse_moves("U' R'").unwrap());
        assert!(s.prove(None, 2));
        s.take_outbox();
        let jobs = share_jobs(&s);
        let keeping = |proven| ProofReport {
            tables: ProofTables {
                stage: TablesStage::Keeping,
                source: Some(puzzlelab_worker::protocol::TablesSource::Built),
                ..Default::default()
            },
            ..report("U' R'", proven, proven)
        };
        s.on_proof(0, jobs[0], keeping(1));
        // Share 1 has exhausted depth 1; once share 0 has too, the 2 is proven, but share
        // 0 is still keeping its tables.
        s.on_proof(1, jobs[1], report("U' R'", 2, 2));
        assert_eq!(s.busy, Busy::Proving, "share 0 has proven only 1");
        s.on_proof(0, jobs[0], keeping(2));
        assert_eq!(s.busy, Busy::Idle);
        assert_eq!(s.proof.as_ref().unwrap().end, Some(ProofEnd::Optimal));
        let out = s.take_outbox();
        assert!(
            out.send_to.iter().all(|(i, _)| *i == 1),
            "share 0 is left to keep its tables: {:?}",
            out.send_to
        );
        // Its answer that they were kept shows, and then it is told to stop.
        let mut kept = keeping(2);
        kept.tables.kept = Some(true);
        assert!(s.on_proof(0, jobs[0], kept).redraw);
        assert_eq!(s.proof.as_ref().unwrap().tables.kept, Some(true));
        let out = s.take_outbox();
        assert!(
            matches!(&out.send_to[..], [(0, r)] if r.job == jobs[0] && matches!(r.body, Ask::Cancel))
        );
        assert_eq!(
            s.on_proof(0, jobs[0], keeping(2)),
            Out::nothing(),
            "stale now"
        );
    }

    #[test]
    fn a_worker_that_crashes_twice_ends_the_proof_with_its_message() {
        let mut p = Page::new(state_of("R U F' L2 D B' R2 U'"), 2, false);
        assert!(p.s.prove(None, 2));
        p.send();
        let jobs = share_jobs(&p.s);
        // What the worker bridge answers after a second crash on the same request.
        p.s.proof_ended(
            1,
            jobs[1],
            Some("the solver worker crashed twice on this request".into()),
        );
        assert_eq!(p.s.busy, Busy::Idle);
        assert!(p.s.problems[0].contains("crashed twice"));
        assert_eq!(p.s.proof.as_ref().unwrap().end, Some(ProofEnd::Stopped));
        let out = p.s.take_outbox();
        assert!(
            matches!(&out.send_to[..], [(0, r)] if r.job == jobs[0] && matches!(r.body, Ask::Cancel))
        );
        assert_eq!(out.send.len(), 1, "the two-phase search is stopped too");
    }

    #[test]
    fn a_tab_without_the_memory_gets_a_message_and_the_worker_no_tables() {
        // The page's proof workers (the full tables), told they can get no more than a
        // megabyte.
        let mut p = Page::new(state_of("R U"), 2, true);
        assert!(p.s.prove(Some(1_000_000), 2));
        p.run(20);
        assert_eq!(p.s.busy, Busy::Idle);
        let shown = p.s.proof.as_ref().unwrap();
        assert_eq!(
            shown.end,
            Some(ProofEnd::NoMemory {
                needed: SMALL_NEEDED_BYTES
            })
        );
        assert_eq!(shown.status(), BEST_FOUND);
        assert!(
            p.s.problems[0].contains("could not get it"),
            "{:?}",
            p.s.problems
        );
        assert!(p.s.problems[0].contains(&SMALL_NEEDED_BYTES.div_ceil(1_000_000).to_string()));
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
                Answer::Rubik(RubikAnswer::Prove { report }) => {
                    s.on_proof(0, r.job, report.clone());
                    Some(report)
                }
                _ => None,
            })
            .collect()
    }

    /// Starts a proof on one worker: its request.
    fn prove_one(s: &mut RubikState, memory_limit: Option<u64>) -> Request {
        assert!(s.prove(memory_limit, 1));
        s.take_outbox().send_to.remove(0).1
    }

    #[test]
    fn the_big_table_is_the_default_and_the_others_ride_in_the_link_to_the_worker() {
        let facelets = apply_moves(SOLVED, "R U").unwrap();
        let level0 = ProofTable::H16(Level::new(0).unwrap());
        let cases = [
            ("", ProofTable::Big),
            ("&small-table=1", ProofTable::Small),
            ("&h16=0", level0),
        ];
        for (link, table) in cases {
            let Route::Rubik(l) = decode_route(&format!("#/rubik?state={facelets}{link}")).value
            else {
                panic!("a Rubik's cube link");
            };
            let mut s = RubikState::new(l, Vec::new());
            assert_eq!(s.link_out().table, table);
            let request = prove_one(&mut s, None);
            let Ask::Rubik(RubikAsk::Prove { table: asked, .. }) = request.body else {
                panic!("{request:?}");
            };
            assert_eq!(asked, table, "{link}");
            let mb = stored::tables_bytes(table).div_ceil(1_000_000);
            assert!(
                s.tables_note().contains(table.name()),
                "{}",
                s.tables_note()
            );
            assert!(
                s.tables_note().contains(&format!("{mb} MB")),
                "{}",
                s.tables_note()
            );
            // The worker reports the table it reads (stopping short of building it).
            let reports = first_reports(&mut s, request);
            let first = reports.first().expect("a report");
            assert_eq!(first.tables.table, table);
            assert!(!first.tables.fell_back);
            assert_eq!(first.tables.bytes.div_ceil(1_000_000), mb);
        }
        // The control changes the link and the next proof.
        for (table, key) in [(ProofTable::Small, "small-table=1"), (level0, "h16=0")] {
            let mut s = state_of("R U");
            let e = s.edit(crate::app::rubik::state::Edit::Table(table));
            assert!(e.write_link && e.redraw);
            assert!(encode_route(&Route::Rubik(s.link_out())).ends_with(key));
            let Ask::Rubik(RubikAsk::Prove { table: asked, .. }) = prove_one(&mut s, None).body
            else {
                panic!();
            };
            assert_eq!(asked, table);
        }
    }

    #[test]
    fn a_tab_without_a_big_tables_memory_proves_with_the_small_ones_and_says_so() {
        let level0 = ProofTable::H16(Level::new(0).unwrap());
        for asked in [ProofTable::Big, level0] {
            let mut s = state_of("R U");
            s.edit(crate::app::rubik::state::Edit::Table(asked));
            let limit = (SMALL_NEEDED_BYTES + BIG_NEEDED_BYTES) / 2;
            let request = prove_one(&mut s, Some(limit));
            let reports = first_reports(&mut s, request);
            let first = reports.first().expect("a report");
            assert_eq!(first.end, None, "the proof goes on");
            assert_eq!(first.tables.table, ProofTable::Small);
            assert!(first.tables.fell_back);
            assert_eq!(s.busy, Busy::Proving);
            assert!(
                s.problems[0].contains("flip-slice-twist table"),
                "{:?}",
                s.problems
            );
            assert!(s.problems[0].contains(asked.name()), "{:?}", s.problems);
            let needed = stored::needed_bytes(asked).div_ceil(1_000_000);
            assert!(s.problems[0].contains(&needed.to_string()));
            // The choice in the link stays the user's.
            assert_eq!(s.link_out().table, asked);
        }
    }

    #[test]
    fn a_tetrad_slice_level_a_tab_cannot_hold_falls_back_to_the_level_below() {
        let [level0, level1] = [0, 1].map(|k| ProofTable::H16(Level::new(k).unwrap()));
        let mut s = state_of("R U");
        s.edit(crate::app::rubik::state::Edit::Table(level1));
        let limit = (stored::needed_bytes(level0) + stored::needed_bytes(level1)) / 2;
        let request = prove_one(&mut s, Some(limit));
        let reports = first_reports(&mut s, request);
        let first = reports.first().expect("a report");
        assert_eq!(first.end, None, "the proof goes on");
        assert_eq!(first.tables.table, level0);
        assert!(first.tables.fell_back);
        // In a browser level 1 never fits (one piece past 2 GiB), and the page says so.
        let said = &s.problems[0];
        assert!(said.contains("larger than the 2148 MB"), "{said}");
        assert!(said.contains("tetrad-slice (level 0) table"), "{said}");
        assert!(said.contains("rubik solve --optimal"), "{said}");
        assert_eq!(s.link_out().table, level1);
    }

    #[test]
    fn a_colouring_that_is_no_cube_starts_no_proof() {
        let mut s = state_of("");
        let mut painted: Facelets = s.cube;
        painted.0[0] = b'R';
        s.cube = painted;
        assert!(!s.prove(None, 2));
        assert!(
            s.problems[0].starts_with("not a real cube"),
            "{:?}",
            s.problems
        );
        assert_eq!(s.busy, Busy::Idle);
        let out = s.take_outbox();
        assert!(out.send.is_empty() && out.send_to.is_empty());
    }

    #[test]
    fn a_new_cube_cancels_the_proof_on_every_worker() {
        let mut s = state_of("R U");
        assert!(s.prove(None, 2));
        s.take_outbox();
        let e = s.edit(crate::app::rubik::state::Edit::Reset);
        assert!(e.send.is_empty(), "the cancels are in the outbox");
        let out = s.take_outbox();
        assert_eq!(out.send_to.len(), 2);
        assert!(out
            .send_to
            .iter()
            .all(|(_, r)| matches!(r.body, Ask::Cancel)));
        assert!(out.send.iter().all(|r| matches!(r.body, Ask::Cancel)));
        assert!(s.proof.is_none());
        assert_eq!(s.busy, Busy::Idle);
    }

    #[test]
    fn the_two_phase_search_ending_leaves_the_proof_running() {
        let mut s = state_of("R U F' L2 D B' R2 U'");
        assert!(s.prove(None, 2));
        let improver = s.run.as_ref().unwrap().improver.job.unwrap();
        let ended = RubikReport {
            tables_ms: 0.0,
            improvements: Vec::new(),
            nodes: 0,
            steps: 0,
            lower_bound: 0,
            elapsed_ms: 0.0,
            end: Some(RubikEnd::NoneThatShort),
            trace: Vec::new(),
        };
        s.on_improver(improver, &ended);
        assert_eq!(s.busy, Busy::Proving);
        assert!(s.run.as_ref().unwrap().improver.job.is_none());
    }
}
