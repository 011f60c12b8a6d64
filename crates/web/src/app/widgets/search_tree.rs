//! A search tree as an icicle drawn in SVG: the root on top, each node as wide as its
//! share of its parent (children and cut branches side by side, in the order the search
//! met them), coloured by whether its subtree holds a solution; the node the search stands
//! on is outlined, and clicking a node selects it. The layout is the solver's
//! (`solver::tree::Icicle`); this only draws it.
//!
//! Page hooks: nodes the search entered are `[data-node]` (the node's number) with
//! `data-depth`, `data-count` (nodes in its subtree) and `data-solutions`; branches a
//! check cut off are *separate* elements, `[data-cut]` with `data-pruned="true"`,
//! `data-depth` and `data-eliminated` (the candidates they stood for), so the number of
//! `[data-node]` elements is the search's node counter whenever nothing is folded
//! (`data-hidden="0"` on the figure; nodes narrower than the drawing can show are
//! folded into their parent, marked `data-folded`).
//!
//! Keyboard: the nodes are one tab stop (the selected node, or the root); the arrows move
//! between drawn nodes (↑ parent, ↓ first child, ← → along the row) and Enter or Space
//! selects. Those keys stay with the tree, not the page's playback.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::widgets::numbers::group_big;

use crate::app::widgets::numbers::group;
use puzzlelab_solver::tree::{Cell, CellKind, Icicle, Toward};

#[derive(Properties, PartialEq)]
pub struct SearchTreeProps {
    pub icicle: Icicle,
    /// Candidates one cut child stands for are `base^exponent`.
    pub base: u32,
    /// What a candidate is called ("boards", "move sequences").
    pub candidates: AttrValue,
    /// A node's label from (depth, choice), e.g. the square of the queen it places.
    pub label: Callback<(u32, u32), String>,
    #[prop_or_default]
    pub selected: Option<u32>,
    pub onselect: Callback<u32>,
}

/// Width and row height of the drawing, in SVG units.
const W: f64 = 1000.0;
const ROW: f64 = 44.0;

/// "2 × 8^6 = 524,288".
pub fn cut_formula(count: u64, base: u32, exponent: u32, eliminated: u128) -> String {
    let total = if eliminated == u128::MAX {
        "more than 10^38".to_string()
    } else {
        group_big(eliminated)
    };
    match exponent {
        0 => format!("{count} × 1 = {total}"),
        1 => format!("{count} × {base} = {total}"),
        e => format!("{count} × {base}^{e} = {total}"),
    }
}

#[component]
pub fn SearchTree(props: &SearchTreeProps) -> Html {
    let ice = &props.icicle;
    // The one tab stop among the nodes (roving focus).
    let focused = use_state(|| None::<u32>);
    let stop = focused
        .filter(|&id| has_node(ice, id))
        .or(props.selected.filter(|&id| has_node(ice, id)))
        .unwrap_or(0);
    let height = ice.rows.max(1) as f64 * ROW;
    let cells = ice.cells.iter().map(|c| cell(props, c, &focused, stop));
    html! {
        <figure class="search-tree" data-tree-nodes={ice.nodes.to_string()} data-hidden={ice.hidden.to_string()}
            data-cuts={ice.cuts.to_string()}>
            <svg viewBox={format!("0 0 {W} {height}")} role="group"
                aria-label={format!("Search tree: {} nodes, {} solutions, {} branches cut; arrow keys move between nodes, Enter shows one", ice.nodes, ice.solutions, ice.cuts)}>
                { for cells }
            </svg>
            <figcaption>
                { format!("{} nodes entered, {} cut off by a check (red), {} solution{}", group(ice.nodes), group(ice.cuts), group(ice.solutions), if ice.solutions == 1 { "" } else { "s" }) }
                if ice.hidden > 0 {
                    { format!("; {} nodes too narrow to draw are folded into their parents", group(ice.hidden)) }
                }
                {". Click a node to see its board."}
            </figcaption>
        </figure>
    }
}

/// Where a cell is drawn: its x, width and y, in SVG units.
fn geometry(c: &Cell) -> (f64, f64, f64) {
    let x = c.x * W;
    let w = (c.width * W - 0.6).max(0.4);
    let y = c.depth as f64 * ROW;
    (x, w, y)
}

/// A cell of the icicle: a node (a button; `stop` is the one tab stop) or a run of cuts.
fn cell(
    props: &SearchTreeProps,
    c: &Cell,
    focused: &UseStateHandle<Option<u32>>,
    stop: u32,
) -> Html {
    let (x, w, y) = geometry(c);
    let (id, choice, count, solutions, open, folded) = match c.kind {
        CellKind::Node {
            id,
            choice,
            count,
            solutions,
            open,
            folded,
        } => (id, choice, count, solutions, open, folded),
        CellKind::Cut {
            parent,
            count,
            exponent,
            eliminated,
        } => {
            return cut_cell(props, c, parent, count, exponent, eliminated);
        }
    };
    let label = if c.depth == 0 {
        "start".to_string()
    } else {
        props.label.emit((c.depth, choice))
    };
    let class = classes!(
        "node",
        if solutions > 0 { "solved" } else { "barren" },
        open.then_some("open"),
        folded.then_some("folded"),
        (props.selected == Some(id)).then_some("selected"),
    );
    let title = format!(
        "{label}: {count} node{} below and here, {solutions} solution{}{}",
        if count == 1 { "" } else { "s" },
        if solutions == 1 { "" } else { "s" },
        if folded {
            " (narrow children folded)"
        } else {
            ""
        }
    );
    let onclick = props.onselect.reform(move |_: MouseEvent| id);
    let onkeydown = node_keys(props, focused, id);
    let selected = props.selected == Some(id);
    html! {
        <g {class} data-node={id.to_string()} data-depth={c.depth.to_string()}
            data-count={count.to_string()} data-solutions={solutions.to_string()}
            data-folded={folded.then_some("true")} data-open={open.then_some("true")} {onclick}
            role="button" tabindex={if id == stop { "0" } else { "-1" }} aria-label={title.clone()}
            aria-pressed={selected.to_string()} {onkeydown}>
            <title>{ title }</title>
            <rect x={format!("{x:.2}")} y={format!("{y:.1}")} width={format!("{w:.2}")} height={format!("{:.1}", ROW - 3.0)} />
            if w > 11.0 * label.chars().count() as f64 {
                <text x={format!("{:.2}", x + w / 2.0)} y={format!("{:.1}", y + ROW * 0.62)} text-anchor="middle">{ label }</text>
            }
        </g>
    }
}

/// Node `id`'s keys: Enter or Space selects it, the arrows move the focus through the tree.
fn node_keys(
    props: &SearchTreeProps,
    focused: &UseStateHandle<Option<u32>>,
    id: u32,
) -> Callback<KeyboardEvent> {
    let (onselect, focused, icicle) = (
        props.onselect.clone(),
        focused.clone(),
        props.icicle.clone(),
    );
    Callback::from(move |e: KeyboardEvent| {
        let toward = match e.key().as_str() {
            "Enter" | " " => {
                e.prevent_default();
                e.stop_propagation();
                focused.set(Some(id));
                onselect.emit(id);
                return;
            }
            "ArrowUp" => Toward::Parent,
            "ArrowDown" => Toward::Child,
            "ArrowLeft" => Toward::Previous,
            "ArrowRight" => Toward::Next,
            _ => return,
        };
        e.prevent_default();
        e.stop_propagation();
        if let Some(to) = icicle.neighbour(id, toward) {
            focused.set(Some(to));
            focus_node(&e, to);
        }
    })
}

/// A run of `count` cut children under node `parent`, with the positions they eliminated.
fn cut_cell(
    props: &SearchTreeProps,
    c: &Cell,
    parent: u32,
    count: u64,
    exponent: u32,
    eliminated: u128,
) -> Html {
    let (x, w, y) = geometry(c);
    let formula = cut_formula(count, props.base, exponent, eliminated);
    let title = format!(
        "{count} cut by {} check{}: {formula} {} skipped",
        if count == 1 { "a" } else { "their" },
        if count == 1 { "" } else { "s" },
        props.candidates
    );
    html! {
        <g class="cut" data-cut={parent.to_string()} data-pruned="true" data-depth={c.depth.to_string()}
            data-eliminated={eliminated.to_string()}>
            <title>{ title }</title>
            <rect x={format!("{x:.2}")} y={format!("{y:.1}")} width={format!("{w:.2}")} height={format!("{:.1}", ROW - 3.0)} />
        </g>
    }
}

fn has_node(ice: &Icicle, id: u32) -> bool {
    ice.cells
        .iter()
        .any(|c| matches!(c.kind, CellKind::Node { id: n, .. } if n == id))
}

/// Moves the keyboard focus to node `id` of the tree the event happened in (SVG elements
/// have `focus()`, called through JS to stay within web-sys' features).
fn focus_node(e: &KeyboardEvent, id: u32) {
    let Some(svg) = e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest("svg").ok().flatten())
    else {
        return;
    };
    let Ok(Some(node)) = svg.query_selector(&format!("[data-node=\"{id}\"]")) else {
        return;
    };
    if let Ok(focus) = js_sys::Reflect::get(&node, &"focus".into()) {
        if let Ok(focus) = focus.dyn_into::<js_sys::Function>() {
            let _ = focus.call0(&node);
        }
    }
}
