//! The anytime search as the page shows it: the best solution so far, every shorter one
//! as it came (length and time), the proven lower bound, and how the search ended.

use yew::prelude::*;

use crate::app::widgets::numbers::group;
use puzzlelab_worker::protocol::{RubikEnd, RubikReport};

#[derive(Properties, PartialEq)]
pub struct SearchProps {
    pub report: RubikReport,
    pub max_length: u8,
    pub running: bool,
}

/// `1.2 s` or `35 ms`.
pub fn duration(ms: f64) -> String {
    if ms >= 1000.0 {
        format!("{:.1} s", ms / 1000.0)
    } else {
        format!("{} ms", ms.round() as u64)
    }
}

fn moves_word(n: u8) -> &'static str {
    if n == 1 {
        "move"
    } else {
        "moves"
    }
}

#[component]
pub fn SearchView(props: &SearchProps) -> Html {
    let r = &props.report;
    let end = match r.end {
        Some(RubikEnd::Optimal) => "optimal",
        Some(RubikEnd::Stopped) => "stopped",
        Some(RubikEnd::NoneThatShort) => "none",
        None => "",
    };
    let best = r.improvements.last();
    let summary = match (best, r.end) {
        (Some(b), Some(RubikEnd::Optimal)) => format!(
            "Optimal: {} {}, and the search proved nothing shorter exists.",
            b.length,
            moves_word(b.length)
        ),
        (Some(b), _) => format!(
            "Best so far: {} {}; no solution is shorter than {} {}.",
            b.length,
            moves_word(b.length),
            r.lower_bound,
            moves_word(r.lower_bound)
        ),
        (None, Some(_)) if r.end != Some(RubikEnd::Stopped) => format!(
            "No solution of at most {} moves exists; raise the limit.",
            props.max_length
        ),
        (None, _) => format!(
            "No solution yet; none is shorter than {} {}.",
            r.lower_bound,
            moves_word(r.lower_bound)
        ),
    };
    let work = format!(
        "{} nodes in {}{}",
        group(r.nodes),
        duration(r.elapsed_ms),
        if r.tables_ms > 0.0 {
            format!(" (tables built first in {})", duration(r.tables_ms))
        } else {
            String::new()
        }
    );
    html! {
        <div class="rubik-search" data-search-end={end} data-nodes={r.nodes.to_string()}
            data-lower-bound={r.lower_bound.to_string()} data-tables-ms={format!("{:.0}", r.tables_ms)}
            data-elapsed-ms={format!("{:.0}", r.elapsed_ms)}>
            <p>{ summary }{" "}<span class="work">{ work }</span></p>
            if !r.improvements.is_empty() {
                <ol class="improvements" aria-label="Solutions found, each shorter than the one before">
                    { for r.improvements.iter().map(|s| html! {
                        <li data-improvement="" data-length={s.length.to_string()} data-ms={format!("{:.1}", s.ms)}>
                            <strong>{ format!("{} {}", s.length, moves_word(s.length)) }</strong>
                            { format!(" after {}", duration(s.ms)) }
                        </li>
                    }) }
                </ol>
            }
            if props.running {
                <p class="hint">{"Shorter solutions replace the best as they are found; Stop keeps the best so far."}</p>
            }
        </div>
    }
}
