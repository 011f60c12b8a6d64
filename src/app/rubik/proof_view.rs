//! The optimal proof as the page shows it: its tables (a progress bar while they build,
//! where they came from), the depth being proven, nodes per second, the best solution so
//! far and its status in the CLI's words ("proven optimal" / "best found").

use yew::prelude::*;

use super::search_view::duration;
use crate::app::widgets::numbers::group;
use crate::worker::protocol::{ProofEnd, ProofReport, TablesSource, TablesStage};

#[derive(Properties, PartialEq)]
pub struct ProofProps {
    pub report: ProofReport,
    pub running: bool,
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
            format!("Tables ({mb} MB) built in {}{kept}.", duration(r.tables.ms))
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
            data-length={r.length.to_string()} data-best={r.best.clone()} data-two-phase-length={r.two_phase_length.to_string()}
            data-nodes={r.nodes.to_string()} data-tables-source={source_word(r.tables.source)}
            data-tables-kept={r.tables.kept.map(|k| k.to_string()).unwrap_or_default()}
            data-tables-ms={format!("{:.0}", r.tables.ms)} data-elapsed-ms={format!("{:.0}", r.elapsed_ms)}
            data-tables-small={r.tables.small_table.to_string()} data-tables-fell-back={r.tables.fell_back.to_string()}
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
                <p class="proof-best">{ format!("{} ({} moves): {}", capitalised(r.status()), r.length, r.best) }</p>
            }
            <p class="work">{ tables_line(r) }{" One worker searches, depth by depth."}</p>
        </div>
    }
}
