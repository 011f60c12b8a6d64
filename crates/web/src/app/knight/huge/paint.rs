//! Paints a big board's picture on a 2D canvas context: the squares' colours as one
//! `putImageData` of a buffer filled in Rust (only the visible window, at canvas
//! resolution), then what is legible at this zoom drawn over it: the tour's moves, the
//! blocks and seams of divide and conquer, the start and the knight, the candidates.

use wasm_bindgen::{Clamped, JsCast};
use web_sys::CanvasRenderingContext2d;

use puzzlelab_solver::knight::candidates::Candidate;
use puzzlelab_solver::knight::construct::layout::Layout;
use puzzlelab_solver::knight::picture::{fill, tour_colour, View, NOT_ON_PATH};
use puzzlelab_solver::palette::Palette;

/// Moves are drawn once squares are this many pixels (below, the lines are a blur).
pub const LINES_FROM: f64 = 6.0;
/// Seam colour: far from every viridis colour.
const SEAM: &str = "#ff2d95";

/// Everything the picture shows.
pub struct Scene<'a> {
    pub path: &'a [u32],
    /// Each square's step on the path (`NOT_ON_PATH` if none).
    pub steps: &'a [u32],
    pub outcomes: &'a [&'static str],
    pub candidates: &'a [Candidate],
    /// The blocks and seams, when the overlay is on.
    pub overlay: Option<&'a Layout>,
}

pub fn context(canvas: &web_sys::HtmlCanvasElement) -> Option<CanvasRenderingContext2d> {
    canvas
        .get_context("2d")
        .ok()
        .flatten()
        .and_then(|c| c.dyn_into::<CanvasRenderingContext2d>().ok())
}

/// The all-starts map's colour for a square's outcome.
fn outcome_colour(outcome: &str) -> [u8; 3] {
    match outcome {
        "solved" | "both" => [46, 160, 67],
        "failed" | "neither" => [229, 72, 77],
        "impossible" => [110, 110, 110],
        "first-only" => [52, 120, 220],
        "second-only" => [150, 80, 200],
        _ => [214, 140, 20],
    }
}

/// Fills `buffer` with the squares' colours for `view`.
pub fn fill_squares(view: &View, scene: &Scene, palette: &Palette, buffer: &mut Vec<u8>) {
    let total = view.board.squares();
    let checker = view.cell() >= 3.0;
    if scene.outcomes.is_empty() {
        fill(
            view,
            buffer,
            tour_colour(scene.steps, total, palette, checker),
        );
    } else {
        let base = tour_colour(scene.steps, total, palette, checker);
        fill(view, buffer, |sq, x, y| {
            match scene.outcomes.get(sq as usize) {
                Some(o) => outcome_colour(o),
                None => base(sq, x, y),
            }
        });
    }
}

/// The whole picture for `view` on `ctx` (whose canvas is `view.px_w`×`view.px_h`).
pub fn paint(
    ctx: &CanvasRenderingContext2d,
    view: &View,
    scene: &Scene,
    palette: &Palette,
    buffer: &mut Vec<u8>,
) {
    fill_squares(view, scene, palette, buffer);
    if let Ok(image) = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
        Clamped(buffer.as_slice()),
        view.px_w,
        view.px_h,
    ) {
        let _ = ctx.put_image_data(&image, 0.0, 0.0);
    }
    let cell = view.cell();
    if cell >= LINES_FROM && scene.outcomes.is_empty() {
        moves(ctx, view, scene);
    }
    if let Some(layout) = scene.overlay {
        blocks(ctx, view, layout);
    }
    ends(ctx, view, scene.path);
    mark_candidates(ctx, view, scene.candidates);
}

/// The tour's moves that touch the visible window, as one path.
fn moves(ctx: &CanvasRenderingContext2d, view: &View, scene: &Scene) {
    let (x0, x1, r0, r1) = view.visible();
    let h = view.board.height();
    ctx.set_line_join("round");
    ctx.begin_path();
    let visible = |sq: u32| {
        let (x, y) = view.board.coords(sq);
        let row = h - 1 - y;
        (x0..x1).contains(&x) && (r0..r1).contains(&row)
    };
    for row in r0..r1 {
        for x in x0..x1 {
            let sq = view.board.index(x, h - 1 - row);
            let step = scene.steps[sq as usize];
            if step == NOT_ON_PATH {
                continue;
            }
            let (ax, ay) = view.pixel(sq);
            let next = scene.path.get(step as usize + 1);
            // The move in from outside the window is drawn from here too.
            let prev = step
                .checked_sub(1)
                .map(|p| scene.path[p as usize])
                .filter(|&p| !visible(p));
            for &other in next.into_iter().chain(prev.as_ref()) {
                let (bx, by) = view.pixel(other);
                ctx.move_to(ax, ay);
                ctx.line_to(bx, by);
            }
        }
    }
    // Cased: a light edge under a dark core reads on the dark start of the scale and
    // on its light end alike.
    let width = (view.cell() * 0.08).max(1.0);
    ctx.set_stroke_style_str("rgba(255,255,255,0.6)");
    ctx.set_line_width(width * 2.5);
    ctx.stroke();
    ctx.set_stroke_style_str("rgba(20,16,12,0.85)");
    ctx.set_line_width(width);
    ctx.stroke();
}

/// Block outlines and seam marks (the two knight moves of each splice) in the window.
fn blocks(ctx: &CanvasRenderingContext2d, view: &View, layout: &Layout) {
    let (x0, x1, r0, r1) = view.visible();
    let h = view.board.height();
    let cell = view.cell();
    // Blocks a few pixels across would turn the picture into a white mesh: the smaller
    // they are on screen, the fainter their outlines.
    let block_px = layout
        .blocks
        .first()
        .map_or(0.0, |b| b.w.min(b.h) as f64 * cell);
    let alpha = ((block_px - 1.0) / 12.0).clamp(0.12, 0.9);
    ctx.set_stroke_style_str(&format!("rgba(255,255,255,{alpha:.2})"));
    ctx.set_line_width(if cell >= 4.0 { 2.0 } else { 1.0 });
    // The blocks are a grid: their outlines are the lines between columns and rows of
    // blocks, a few hundred lines however many blocks there are.
    let (xs, ys) = layout.grid_lines();
    let (px_w, px_h) = (view.px_w as f64, view.px_h as f64);
    ctx.begin_path();
    for &x in xs.iter().filter(|&&x| x + 1 >= x0 && x <= x1) {
        let px = (x as f64 - view.left) * cell;
        ctx.move_to(px, 0.0);
        ctx.line_to(px, px_h);
    }
    for &y in ys.iter() {
        let row = h - y;
        if row + 1 >= r0 && row <= r1 {
            let py = (row as f64 - view.top) * cell;
            ctx.move_to(0.0, py);
            ctx.line_to(px_w, py);
        }
    }
    ctx.stroke();
    let near = |sq: u32| {
        let (x, y) = view.board.coords(sq);
        let row = h - 1 - y;
        x + 2 >= x0 && x < x1 + 2 && row + 2 >= r0 && row < r1 + 2
    };
    // Seams shorter than a pixel or two are noise: shown from 2x on (and in the
    // construction's step-through).
    if cell < 0.6 {
        return;
    }
    // The moves put in: bold; the edges taken out: dashed, once there is room to see it.
    ctx.set_stroke_style_str(SEAM);
    ctx.set_line_width((cell * 0.2).clamp(1.5, 4.0));
    ctx.begin_path();
    for seam in layout.seams.iter().filter(|s| near(s.added[0].0)) {
        for &(a, b) in &seam.added {
            let ((ax, ay), (bx, by)) = (view.pixel(a), view.pixel(b));
            ctx.move_to(ax, ay);
            ctx.line_to(bx, by);
        }
    }
    ctx.stroke();
    if cell >= LINES_FROM {
        ctx.set_line_width((cell * 0.1).max(1.0));
        let dash = js_sys::Array::of2(
            &wasm_bindgen::JsValue::from(cell * 0.25),
            &wasm_bindgen::JsValue::from(cell * 0.2),
        );
        let _ = ctx.set_line_dash(&dash);
        ctx.begin_path();
        for seam in layout.seams.iter().filter(|s| near(s.added[0].0)) {
            for &(a, b) in &seam.removed {
                let ((ax, ay), (bx, by)) = (view.pixel(a), view.pixel(b));
                ctx.move_to(ax, ay);
                ctx.line_to(bx, by);
            }
        }
        ctx.stroke();
        let _ = ctx.set_line_dash(&js_sys::Array::new());
    }
}

/// The start (a green square) and the knight (a dot on the path's last square).
fn ends(ctx: &CanvasRenderingContext2d, view: &View, path: &[u32]) {
    let cell = view.cell();
    let size = cell.max(5.0);
    if let Some(&here) = path.last().filter(|_| path.len() > 1) {
        let (x, y) = view.pixel(here);
        ctx.set_fill_style_str("#b4412f");
        ctx.set_stroke_style_str("#ffffff");
        ctx.set_line_width(1.5);
        ctx.begin_path();
        let _ = ctx.arc(x, y, size * 0.45, 0.0, std::f64::consts::TAU);
        ctx.fill();
        ctx.stroke();
    }
    if let Some(&first) = path.first() {
        let (x, y) = view.pixel(first);
        ctx.set_fill_style_str("#2ea043");
        ctx.set_stroke_style_str("#ffffff");
        ctx.fill_rect(x - size / 2.0, y - size / 2.0, size, size);
        ctx.stroke_rect(x - size / 2.0, y - size / 2.0, size, size);
    }
}

/// Rings each candidate square (the chosen one thicker, ties in another colour) and, when
/// the squares are big enough to read, writes its onward moves in it.
fn mark_candidates(ctx: &CanvasRenderingContext2d, view: &View, candidates: &[Candidate]) {
    let cell = view.cell();
    for c in candidates {
        let (cx, cy) = view.pixel(c.square);
        let colour = if c.tie { "#d68c14" } else { "#1f6feb" };
        ctx.set_stroke_style_str(colour);
        ctx.set_line_width(if c.chosen { 3.0 } else { 1.5 });
        // At least a few pixels wide, so it shows even when the squares do not.
        let size = cell.max(6.0);
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

/// A canvas not in the page, of the given size (for the minimap).
pub fn offscreen(w: u32, h: u32) -> Option<web_sys::HtmlCanvasElement> {
    let canvas = web_sys::window()?
        .document()?
        .create_element("canvas")
        .ok()?
        .dyn_into::<web_sys::HtmlCanvasElement>()
        .ok()?;
    canvas.set_width(w);
    canvas.set_height(h);
    Some(canvas)
}

/// The picture for `view` as a PNG data URL.
pub fn png_url(view: &View, scene: &Scene, palette: &Palette) -> Option<String> {
    let canvas = offscreen(view.px_w, view.px_h)?;
    let ctx = context(&canvas)?;
    let mut buffer = Vec::new();
    paint(&ctx, view, scene, palette, &mut buffer);
    canvas.to_data_url().ok()
}
