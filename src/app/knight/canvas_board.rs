//! Boards too big for one element per square (more than 64 a side, up to 2000) drawn on a
//! canvas: the squares' colours, the tour as one line, the knight's next candidates with
//! their onward moves, and a click picks a start square.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::app::knight::board_view::Candidate;
use crate::solver::board::Board;

/// The canvas side in CSS pixels at zoom 1.
const SIDE: f64 = 640.0;
/// Browsers refuse canvases much bigger than this.
const MAX_PIXELS: f64 = 8192.0;

#[derive(Properties, PartialEq)]
pub struct CanvasProps {
    pub board: Board,
    pub path: Vec<u32>,
    pub onclick: Callback<u32>,
    /// The all-starts map: each square's outcome (`solved`, `failed`, …), by index.
    #[prop_or_default]
    pub outcomes: Vec<&'static str>,
    /// While paused: the squares the knight could jump to next.
    #[prop_or_default]
    pub candidates: Vec<Candidate>,
}

#[component]
pub fn CanvasBoard(props: &CanvasProps) -> Html {
    let canvas = use_node_ref();
    let zoom = use_state(|| 1u32);
    let board = props.board;
    let (w, h) = (board.width() as f64, board.height() as f64);
    let cell = ((SIDE * *zoom as f64) / w.max(h)).min(MAX_PIXELS / w.max(h));
    let (px_w, px_h) = ((cell * w).ceil(), (cell * h).ceil());
    {
        let canvas = canvas.clone();
        let path = props.path.clone();
        let outcomes = props.outcomes.clone();
        let candidates = props.candidates.clone();
        use_effect_with(
            (board, path, *zoom, outcomes, candidates),
            move |(board, path, _, outcomes, candidates)| {
                draw(&canvas, *board, path, cell);
                paint_outcomes(&canvas, *board, outcomes, cell);
                mark_candidates(&canvas, *board, candidates, cell);
                if let Some(&here) = path.last() {
                    keep_in_view(&canvas, *board, here, cell);
                }
            },
        );
    }
    let onclick = {
        let callback = props.onclick.clone();
        Callback::from(move |e: MouseEvent| {
            let (x, y) = (
                (e.offset_x() as f64 / cell) as u32,
                (e.offset_y() as f64 / cell) as u32,
            );
            if x < board.width() && y < board.height() {
                callback.emit(board.index(x, board.height() - 1 - y));
            }
        })
    };
    let set_zoom = |z: u32| {
        let zoom = zoom.clone();
        Callback::from(move |_| zoom.set(z))
    };
    html! {
        <div class="canvas-board">
            <div class="row" role="group" aria-label="Zoom">
                {"Zoom "}
                { for [1u32, 2, 4, 8].into_iter().map(|z| html! {
                    <button type="button" aria-pressed={(*zoom == z).to_string()} onclick={set_zoom(z)}
                        data-zoom={z.to_string()}>{ format!("{z}×") }</button>
                }) }
            </div>
            <div class="canvas-scroll">
                <canvas ref={canvas} width={px_w.to_string()} height={px_h.to_string()} {onclick}
                    aria-label={format!("{} by {} board; the tour is available as text below", board.width(), board.height())}
                    data-board={format!("{}x{}", board.width(), board.height())}
                    data-outcomes={(!props.outcomes.is_empty()).then(|| props.outcomes.len().to_string())}
                    data-candidates={candidate_list(board, &props.candidates)} />
            </div>
        </div>
    }
}

/// The candidates for tests and screen readers: "name:onward" (tie marked "=", the chosen
/// one "*"), e.g. "b3:2* c2:2=".
fn candidate_list(board: Board, candidates: &[Candidate]) -> Option<String> {
    (!candidates.is_empty()).then(|| {
        candidates
            .iter()
            .map(|c| {
                let mark = match (c.chosen, c.tie) {
                    (true, _) => "*",
                    (false, true) => "=",
                    _ => "",
                };
                format!("{}:{}{mark}", board.name(c.square), c.onward)
            })
            .collect::<Vec<_>>()
            .join(" ")
    })
}

/// Scrolls the zoomed board so the knight's square is in view (only if it is not: the
/// user's own scrolling is left alone otherwise).
fn keep_in_view(canvas: &NodeRef, board: Board, square: u32, cell: f64) {
    let Some(frame) = canvas
        .cast::<web_sys::Element>()
        .and_then(|c| c.parent_element())
    else {
        return;
    };
    let (x, y) = board.coords(square);
    let (px, py) = (
        (x as f64 + 0.5) * cell,
        ((board.height() - 1 - y) as f64 + 0.5) * cell,
    );
    let (w, h) = (frame.client_width() as f64, frame.client_height() as f64);
    let (left, top) = (frame.scroll_left() as f64, frame.scroll_top() as f64);
    if px < left || px > left + w {
        frame.set_scroll_left((px - w / 2.0).max(0.0) as i32);
    }
    if py < top || py > top + h {
        frame.set_scroll_top((py - h / 2.0).max(0.0) as i32);
    }
}

fn context(canvas: &NodeRef) -> Option<web_sys::CanvasRenderingContext2d> {
    canvas
        .cast::<web_sys::HtmlCanvasElement>()
        .and_then(|c| c.get_context("2d").ok().flatten())
        .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
}

/// Rings each candidate square (the chosen one thicker, ties in another colour) and, when
/// the squares are big enough to read, writes its onward moves in it.
fn mark_candidates(canvas: &NodeRef, board: Board, candidates: &[Candidate], cell: f64) {
    let Some(ctx) = context(canvas) else {
        return;
    };
    let h = board.height();
    for c in candidates {
        let (x, y) = board.coords(c.square);
        let (left, top) = (x as f64 * cell, (h - 1 - y) as f64 * cell);
        let colour = if c.tie { "#d68c14" } else { "#1f6feb" };
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(if c.chosen { 3.0 } else { 1.5 });
        // At least a few pixels wide, so it shows even when the squares do not.
        let size = cell.max(6.0);
        let (cx, cy) = (left + cell / 2.0, top + cell / 2.0);
        ctx.stroke_rect(cx - size / 2.0, cy - size / 2.0, size, size);
        if cell >= 14.0 {
            ctx.set_fill_style_str(colour);
            ctx.set_font(&format!("bold {}px sans-serif", (cell * 0.55).round()));
            ctx.set_text_align("center");
            ctx.set_text_baseline("middle");
            let _ = ctx.fill_text(&c.onward.to_string(), cx, cy);
        }
    }
}

/// Colours each start square by how the run from it ended (the all-starts map).
fn paint_outcomes(canvas: &NodeRef, board: Board, outcomes: &[&'static str], cell: f64) {
    let Some(ctx) = context(canvas) else {
        return;
    };
    let h = board.height();
    for (sq, outcome) in outcomes.iter().enumerate() {
        let colour = match *outcome {
            "solved" | "both" => "rgba(46,160,67,0.75)",
            "failed" | "neither" => "rgba(229,72,77,0.85)",
            "impossible" => "rgba(110,110,110,0.8)",
            "first-only" => "rgba(52,120,220,0.85)",
            "second-only" => "rgba(150,80,200,0.85)",
            _ => "rgba(214,140,20,0.85)",
        };
        let (x, y) = board.coords(sq as u32);
        ctx.set_fill_style_str(colour);
        ctx.fill_rect(x as f64 * cell, (h - 1 - y) as f64 * cell, cell, cell);
    }
}

fn draw(canvas: &NodeRef, board: Board, path: &[u32], cell: f64) {
    let Some(ctx) = context(canvas) else {
        return;
    };
    let (w, h) = (board.width(), board.height());
    ctx.set_fill_style_str("#efe3c8");
    ctx.fill_rect(0.0, 0.0, w as f64 * cell, h as f64 * cell);
    // Dark squares only when they are big enough to see.
    if cell >= 3.0 {
        ctx.set_fill_style_str("#b48a5a");
        for y in 0..h {
            for x in (y % 2..w).step_by(2) {
                ctx.fill_rect(x as f64 * cell, (h - 1 - y) as f64 * cell, cell, cell);
            }
        }
    }
    let centre = |sq: u32| {
        let (x, y) = board.coords(sq);
        ((x as f64 + 0.5) * cell, ((h - 1 - y) as f64 + 0.5) * cell)
    };
    if let Some((&first, rest)) = path.split_first() {
        ctx.set_stroke_style_str("#b4412f");
        ctx.set_line_width((cell * 0.12).max(0.5));
        ctx.begin_path();
        let (x, y) = centre(first);
        ctx.move_to(x, y);
        for &sq in rest {
            let (x, y) = centre(sq);
            ctx.line_to(x, y);
        }
        ctx.stroke();
        // The knight: a dot on the last square of the path.
        if let Some(&here) = rest.last() {
            let (x, y) = centre(here);
            ctx.set_fill_style_str("#b4412f");
            ctx.begin_path();
            let _ = ctx.arc(x, y, (cell * 0.3).max(2.0), 0.0, std::f64::consts::TAU);
            ctx.fill();
        }
        ctx.set_fill_style_str("#2ea043");
        let (x, y) = centre(first);
        ctx.fill_rect(
            x - cell.max(3.0) / 2.0,
            y - cell.max(3.0) / 2.0,
            cell.max(3.0),
            cell.max(3.0),
        );
    }
}
