//! The optimal proof as the page shows it: its tables (a progress bar while they build,
//! where they came from), the depth being proven, nodes per second (all the proof workers
//! together), the best solution so far and its status in the CLI's words ("proven optimal"
//! / "best found"), then each worker's share and the two-phase search beside them.

use yew::prelude::*;

use super::proof_run::ProofRun;
use super::search_view::duration;
use super::table_choice::word as table_word;
use crate::app::widgets::numbers::group;
use puzzlelab_solver::rubik::format_moves;
use puzzlelab_worker::protocol::{ProofEnd, ProofReport, ProofTable, TablesSource, TablesStage};

#[derive(Properties, PartialEq)]
pub struct ProofProps {
    pub report: ProofReport,
    pub running: bool,
    /// The shares and the two-phase search beside them (none before a proof starts).
    #[prop_or_default]
    pub run: Option<ProofRun>,
}

/// Each worker's share: its depth, what it has proven and its nodes.
fn shares_list(run: &ProofRun) -> Html {
    html! {
        <ul class="proof-shares" aria-label="The proof's workers">
            { for run.shares.iter().enumerate().map(|(i, slot)| {
                let report = slot.report.as_ref();
                let (depth, proven, nodes) = report.map_or((0, 0, 0), |r| (r.depth, r.proven, r.nodes));
                let state = run.share_state(i);
                let what = match (state, report) {
                    (_, None) => "starting".to_string(),
                    ("done", _) => format!("done: nothing shorter than {proven} moves in its part"),
                    ("stopped", _) => format!("stopped at depth {depth}"),
                    _ => format!("depth {depth}"),
                };
                html! {
                    <li data-share={i.to_string()} data-share-state={state} data-share-depth={depth.to_string()}
                        data-share-tables={source_word(report.and_then(|r| r.tables.source))}
                        data-share-proven={proven.to_string()} data-share-nodes={nodes.to_string()}>
                        { format!("Worker {} ({} of every depth's tasks): {what}, {} nodes", i + 1, share_word(slot.share.of), group(nodes)) }
                    </li>
                }
            }) }
        </ul>
    }
}

fn share_word(of: u32) -> String {
    match of {
        1 => "all".into(),
        2 => "half".into(),
        n => format!("1/{n}"),
    }
}

/// The two-phase search looking for shorter solutions while the proof runs.
fn improver_line(run: &ProofRun, running: bool) -> Html {
    let searching = running && run.improver.job.is_some();
    let found = run.improver.found;
    let text = match (searching, found) {
        (true, 0) => "The two-phase search looks for a shorter solution meanwhile.".to_string(),
        (true, n) => format!("The two-phase search looks for shorter meanwhile ({n} found so far)."),
        (false, 0) => "The two-phase search beside the proof found nothing shorter.".to_string(),
        (false, n) => format!("The two-phase search beside the proof found {n} shorter, then stopped: the proof finds anything shorter itself."),
    };
    html! {
        <p class="hint" data-improver={if searching { "running" } else { "stopped" }} data-improver-found={found.to_string()}>{ text }</p>
    }
}

fn source_word(s: Option<TablesSource>) -> &'static str {
    match s {
        Some(TablesSource::Stored) => "stored",
        Some(TablesSource::Built) => "built",
        Some(TablesSource::Held) => "held",
        None => "",
    }
}

/// "Proven optimal" from the CLI's "proven optimal".
fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

fn tables_line(r: &ProofReport) -> String {
    let mb = r.tables.bytes.div_ceil(1_000_000);
    let kept = match r.tables.kept {
        Some(true) => ", kept in this browser for next time",
        Some(false) => ", but this browser would not keep them",
        None if r.tables.stage == TablesStage::Keeping => ", keeping them in this browser…",
        None => "",
    };
    match r.tables.source {
        Some(TablesSource::Stored) => format!(
            "Tables ({mb} MB) read from this browser's storage in {}.",
            duration(r.tables.ms)
        ),
        Some(TablesSource::Built) => {
            let end = if kept.ends_with('…') { "" } else { "." };
            format!(
                "Tables ({mb} MB) built in {}{kept}{end}",
                duration(r.tables.ms)
            )
        }
        Some(TablesSource::Held) => format!("Tables ({mb} MB) already in the worker."),
        None if mb == 0 => String::new(),
        None => format!("Tables: {mb} MB."),
    }
}

#[component]
pub fn ProofView(props: &ProofProps) -> Html {
    let r = &props.report;
    let status = if props.running { "running" } else { r.status() };
    let rate = if r.elapsed_ms > 0.0 {
        (r.nodes as f64 / (r.elapsed_ms / 1000.0)) as u64
    } else {
        0
    };
    let building = match &r.tables.stage {
        TablesStage::Building { done, table } if props.running => Some((*done, table.clone())),
        _ => None,
    };
    let searching =
        props.running && matches!(r.tables.stage, TablesStage::Ready | TablesStage::Keeping);
    let headline = match (r.end, r.length) {
        (Some(ProofEnd::Optimal), n) => {
            format!("Proven optimal: {n} moves. No solution is shorter.")
        }
        (Some(ProofEnd::NoMemory { .. }), _) => {
            "Not enough memory for the tables: nothing was proven.".to_string()
        }
        (_, 0) => "Proving optimal…".to_string(),
        (_, n) if props.running => {
            format!("Best so far: {n} moves; proving nothing shorter exists…")
        }
        (_, n) => format!(
            "Best found: {n} moves, not proven optimal: nothing shorter than {} moves exists.",
            r.proven
        ),
    };
    html! {
        <div class="rubik-proof" data-proof={status} data-depth={r.depth.to_string()} data-proven={r.proven.to_string()}
            data-length={r.length.to_string()} data-best={format_moves(&r.best)} data-two-phase-length={r.two_phase_length.to_string()}
            data-nodes={r.nodes.to_string()} data-tables-source={source_word(r.tables.source)}
            data-tables-kept={r.tables.kept.map(|k| k.to_string()).unwrap_or_default()}
            data-tables-ms={format!("{:.0}", r.tables.ms)} data-elapsed-ms={format!("{:.0}", r.elapsed_ms)}
            data-workers={props.run.as_ref().map_or(1, |run| run.shares.len()).to_string()}
            data-tables-small={(r.tables.table == ProofTable::Small).to_string()} data-tables-fell-back={r.tables.fell_back.to_string()}
            data-tables-table={table_word(r.tables.table)}
            data-worker-memory={r.tables.worker_memory.to_string()}>
            <h3>{"Optimal proof"}</h3>
            <p><strong>{ headline }</strong></p>
            if let Some((done, table)) = building {
                <p class="tables-build">
                    <label>{ format!("Building the {table} table (once, {} MB in all) ", r.tables.bytes.div_ceil(1_000_000)) }
                        <progress data-tables-progress={format!("{done:.2}")} value={done.to_string()} max="1"></progress>
                    </label>
                </p>
            } else if props.running && r.tables.stage == TablesStage::Reading {
                <p class="tables-build">{"Looking for the tables in this browser's storage…"}</p>
            }
            if r.tables.stage != TablesStage::Reading || r.tables.source.is_some() {
                <dl class="proof-figures">
                    <dt>{"Depth"}</dt>
                    <dd data-readout="depth">{ if searching { format!("{} (searching)", r.depth) } else { r.depth.to_string() } }</dd>
                    <dt>{"Nothing shorter than"}</dt><dd>{ format!("{} moves", r.proven) }</dd>
                    <dt>{"Nodes"}</dt><dd>{ group(r.nodes) }</dd>
                    <dt>{"Nodes per second"}</dt><dd data-readout="nodes-per-second">{ group(rate) }</dd>
                    <dt>{"Two-phase bound"}</dt><dd>{ format!("{} moves", r.two_phase_length) }</dd>
                    <dt>{"Search time"}</dt><dd>{ duration(r.elapsed_ms) }</dd>
                </dl>
            }
            if r.length > 0 {
                <p class="proof-best">{ format!("{} ({} moves): {}", capitalised(r.status()), r.length, format_moves(&r.best)) }</p>
            }
            if let Some(run) = &props.run {
                { shares_list(run) }
                { improver_line(run, props.running) }
            }
            <p class="work">{ tables_line(r) }{ match props.run.as_ref().map_or(1, |run| run.shares.len()) {
                1 => " One worker searches, depth by depth.".to_string(),
                n => format!(" {n} workers share every depth, each with its own copy of the tables."),
            } }</p>
        </div>
    }
}
