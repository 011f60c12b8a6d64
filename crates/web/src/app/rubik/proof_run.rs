//! A running "Prove optimal" split over the page's proof workers (plain Rust, tested
//! natively in `prove.rs`): each worker's share of the proof (its job and its newest
//! report), the two-phase search that looks for shorter solutions meanwhile (on the page's
//! own worker), and their reports joined by the solver's [`SharedProof`] into the one
//! proof the page shows.

use puzzlelab_solver::rubik::optimal::Proof;
use puzzlelab_solver::rubik::proof_shares::{Share, SharedProof};
use puzzlelab_solver::rubik::{Facelets, Move};
use puzzlelab_worker::protocol::{ProofEnd, ProofReport, ProofTables, TablesStage};

/// One proof worker's share.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareSlot {
    pub share: Share,
    /// The job its worker runs for this proof.
    pub job: u32,
    pub report: Option<ProofReport>,
    /// Still searching (not ended, stopped or told to stop).
    pub running: bool,
    /// The proof is proven but this worker is still handing its new tables to the
    /// browser's storage: it is left to finish that (its answer says whether they were
    /// kept), then told to stop.
    pub keeping: bool,
}

impl ShareSlot {
    /// Its worker is handing new tables to the browser's storage and has not said yet
    /// whether they were kept.
    fn is_keeping_tables(&self) -> bool {
        self.report
            .as_ref()
            .is_some_and(|r| r.tables.stage == TablesStage::Keeping && r.tables.kept.is_none())
    }
}

/// The two-phase search running beside the proof.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Improver {
    /// Its job while it runs.
    pub job: Option<u32>,
    /// Solutions it found shorter than the proof's best at the time.
    pub found: usize,
    pub nodes: u64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct ProofRun {
    pub shares: Vec<ShareSlot>,
    pub joined: SharedProof,
    pub improver: Improver,
    /// The length of the solution the proof started from (0: none; the workers find one).
    pub started_with: u8,
}

impl ProofRun {
    /// A proof over `workers` shares with jobs `first_job`, `first_job + 1`, ….
    pub fn new(workers: usize, first_job: u32, started_with: u8) -> ProofRun {
        let of = workers.max(1) as u32;
        ProofRun {
            shares: Share::all(of)
                .map(|share| ShareSlot {
                    share,
                    job: first_job + share.index,
                    report: None,
                    running: true,
                    keeping: false,
                })
                .collect(),
            joined: SharedProof::new(of as usize),
            improver: Improver::default(),
            started_with,
        }
    }

    /// Share `i`'s worker's answers for `job` still count.
    pub fn is_current(&self, i: usize, job: u32) -> bool {
        self.shares
            .get(i)
            .is_some_and(|s| s.running && s.job == job)
    }

    /// A share's report, its best checked against `cube` (a wrong one is not trusted).
    pub fn report(&mut self, i: usize, report: ProofReport, cube: &Facelets) {
        let best = Some(report.best.clone()).filter(|m| cube.apply_all(m).is_solved());
        // Until a share has its bound (its first batch) it says nothing about the proof.
        if let Some(best) = best.filter(|m| !m.is_empty() || cube.is_solved()) {
            self.joined.report(
                i,
                Proof {
                    best,
                    proven: report.proven,
                    depth: report.depth,
                    nodes: report.nodes,
                    per_depth: Vec::new(),
                },
            );
        }
        if let Some(slot) = self.shares.get_mut(i) {
            if report.end.is_some() {
                slot.running = false;
            }
            slot.report = Some(report);
        }
    }

    /// A solution from the two-phase search, checked against `cube`.
    pub fn found_beside(&mut self, moves: Vec<Move>, cube: &Facelets) {
        if !cube.apply_all(&moves).is_solved() {
            return;
        }
        if self.joined.best_length().is_none_or(|n| moves.len() < n) {
            self.improver.found += 1;
        }
        self.joined.found_beside(moves);
    }

    /// The shares whose work is over for this proof (nothing shorter than the best in their
    /// part), still running: their jobs, to cancel.
    /// A worker still keeping its tables is left to finish that.
    pub fn finished_shares(&mut self) -> Vec<(usize, u32)> {
        let mut out = Vec::new();
        for (i, slot) in self.shares.iter_mut().enumerate() {
            if slot.running && self.joined.share_done(i) {
                slot.running = false;
                if slot.is_keeping_tables() {
                    slot.keeping = true;
                } else {
                    out.push((i, slot.job));
                }
            }
        }
        out
    }

    /// Every share still running: their jobs, to cancel (the proof ends). With
    /// `let_keep` (a proven end), a worker still keeping its tables is left to finish.
    pub fn stop_all(&mut self, let_keep: bool) -> Vec<(usize, u32)> {
        let mut out = Vec::new();
        for (i, slot) in self.shares.iter_mut().enumerate() {
            if !std::mem::replace(&mut slot.running, false) {
                continue;
            }
            if let_keep && slot.is_keeping_tables() {
                slot.keeping = true;
            } else {
                out.push((i, slot.job));
            }
        }
        out
    }

    /// Worker `i`'s answer for `job` is that of a share left to keep its tables.
    pub fn is_keeping(&self, i: usize, job: u32) -> bool {
        self.shares
            .get(i)
            .is_some_and(|s| s.keeping && s.job == job)
    }

    /// The shares left keeping their tables: their jobs, to cancel (the cube changed).
    pub fn stop_keeping(&mut self) -> Vec<(usize, u32)> {
        let mut out = Vec::new();
        for (i, slot) in self.shares.iter_mut().enumerate() {
            if std::mem::replace(&mut slot.keeping, false) {
                out.push((i, slot.job));
            }
        }
        out
    }

    /// A share's state in the page's words: `running`, `done` (nothing shorter than the
    /// best in its part) or `stopped`.
    pub fn share_state(&self, i: usize) -> &'static str {
        let slot = &self.shares[i];
        if self.joined.share_done(i) {
            "done"
        } else if slot.running {
            "running"
        } else {
            "stopped"
        }
    }

    /// The tables as the page shows them: those of the first share still getting them
    /// ready, else the first share's.
    fn tables(&self) -> ProofTables {
        let reports = || self.shares.iter().filter_map(|s| s.report.as_ref());
        reports()
            .find(|r| !matches!(r.tables.stage, TablesStage::Ready | TablesStage::Keeping))
            .or_else(|| reports().next())
            .map(|r| r.tables.clone())
            .unwrap_or_default()
    }

    /// The one proof the page shows, ended by `end` (if it has ended).
    pub fn combined(&self, end: Option<ProofEnd>) -> ProofReport {
        let j = &self.joined;
        let best = j.best().map(<[Move]>::to_vec).unwrap_or_default();
        let length = j.best_length().unwrap_or(0) as u8;
        let reports = || self.shares.iter().filter_map(|s| s.report.as_ref());
        let two_phase_length = reports()
            .map(|r| r.two_phase_length)
            .filter(|&n| n > 0)
            .min()
            .unwrap_or(self.started_with);
        ProofReport {
            tables: self.tables(),
            best,
            length,
            two_phase_length,
            proven: if length > 0 {
                j.proven().min(length)
            } else {
                j.proven()
            },
            depth: j.depth(),
            nodes: j.nodes(),
            elapsed_ms: reports().map(|r| r.elapsed_ms).fold(0.0, f64::max),
            end,
        }
    }
}
