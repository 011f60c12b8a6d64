//! Boards too big for one element per square (more than 64 a side, up to 2000) drawn on a
//! canvas: each square coloured by its move number (a perceptually even scale with a
//! legend), the moves themselves once zoomed in far enough to read, the knight's next
//! candidates, divide and conquer's blocks and seams on request; zoom, pan (drag or the
//! arrows), a minimap of the whole board, the square under the pointer named with its
//! move number, and a click picks a start square.
//!
//! Only the visible window is painted, at the canvas's own resolution (`solver::knight::
//! picture`), so a 2000×2000 board costs the same at every zoom.
//!
//! Page hooks: `canvas[data-board]` (with `data-view`: left,top,width,height in squares),
//! `[data-zoom]`, `[data-action="pan-left|right|up|down"]`, `[data-action="blocks"]`,
//! `[data-minimap]`, `[data-pointer]` with `data-square` and `data-step`, `[data-legend]`;
//! `data-paint-ms` on the canvas: the last
//! paint's time.

use std::cell::RefCell;
use std::rc::Rc;

use yew::prelude::*;

use crate::app::widgets::numbers::group;

use crate::app::knight::huge::legend::Legend;
use crate::app::knight::huge::minimap::Minimap;
use crate::app::knight::huge::paint::{context, paint, png_url, Scene};
use puzzlelab_links::CanvasView;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::candidates::Candidate;
use puzzlelab_solver::knight::construct::layout::Layout;
use puzzlelab_solver::knight::picture::{steps_by_square, View, NOT_ON_PATH, ZOOMS};
use puzzlelab_solver::palette::Palette;

/// The canvas's longer side in pixels (CSS may shrink it on narrow screens).
const SIDE: u32 = 640;
/// The minimap's longer side.
const MINI_SIDE: u32 = 160;
/// A press that moves less than this many pixels is a click, not a drag.
const CLICK_SLOP: f64 = 4.0;

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
    /// The view the link asked for (read once, and again when the board changes).
    #[prop_or_default]
    pub view: CanvasView,
    /// Told when the person changes the view (for the link).
    #[prop_or_default]
    pub onview: Callback<CanvasView>,
}

pub enum Msg {
    Zoom(u32),
    Pan(f64, f64),
    Down(f64, f64),
    Move(f64, f64),
    Up,
    Leave,
    Click(f64, f64),
    Blocks,
    /// Centre on a point of the board, as fractions of its width and height.
    Centre(f64, f64),
}

pub struct CanvasBoard {
    canvas: NodeRef,
    view: View,
    palette: Rc<Palette>,
    steps: Rc<Vec<u32>>,
    /// The blocks and seams, for a complete tour built from blocks.
    layout: Option<Rc<Layout>>,
    overlay: bool,
    /// While the pointer is pressed: where it was last and how far it has gone.
    drag: Option<(f64, f64, f64)>,
    /// The last press was a drag (its click does not pick a start).
    dragged: bool,
    pointer: Option<u32>,
    minimap: Option<String>,
    buffer: RefCell<Vec<u8>>,
    /// The picture needs painting again (not on a pointer readout change alone).
    dirty: bool,
}

impl CanvasBoard {
    fn initial_view(p: &CanvasProps) -> View {
        let fit = View::fit(p.board, SIDE).zoomed(p.view.zoom, (0.0, 0.0));
        match p.view.centre {
            Some(c) if c < p.board.squares() => {
                let (x, row) = fit.point(c);
                fit.centred(x, row)
            }
            _ => fit,
        }
    }

    /// Everything that follows from the path: move numbers, the layout, the minimap.
    fn on_path(&mut self, p: &CanvasProps) {
        self.steps = Rc::new(steps_by_square(p.board, &p.path));
        let complete = p.path.len() == p.board.squares() as usize;
        self.layout = complete
            .then(|| Layout::of_tour(p.board, &p.path))
            .flatten()
            .map(Rc::new);
        self.minimap = png_url(
            &View::fit(p.board, MINI_SIDE),
            &self.scene(p, false),
            &self.palette,
        );
        // Follow the knight while the tour grows (a finished one, or a start alone, is
        // left where the view is: a link's view must survive the page opening).
        if let Some(&here) = p.path.last().filter(|_| !complete && p.path.len() > 1) {
            self.view = self.view.showing(here);
        }
        self.dirty = true;
    }

    fn scene<'a>(&'a self, p: &'a CanvasProps, with_overlay: bool) -> Scene<'a> {
        Scene {
            path: &p.path,
            steps: &self.steps,
            outcomes: &p.outcomes,
            candidates: &p.candidates,
            overlay: self
                .layout
                .as_deref()
                .filter(|_| with_overlay && self.overlay),
        }
    }

    fn report(&self, ctx: &Context<Self>) {
        let (wide, tall) = self.view.span();
        let centre = self
            .view
            .square_at(wide / 2.0 * self.view.cell(), tall / 2.0 * self.view.cell())
            .filter(|_| self.view.zoom > 1);
        ctx.props().onview.emit(CanvasView {
            zoom: self.view.zoom,
            centre,
            blocks: self.overlay,
        });
    }

    fn pointer_text(&self, board: Board) -> Html {
        let Some(sq) = self.pointer else {
            return html! {
                <p class="pointer hint" data-pointer="">{"Point at a square to see its move number; drag to pan."}</p>
            };
        };
        let step = self.steps.get(sq as usize).copied().unwrap_or(NOT_ON_PATH);
        let name = board.name(sq);
        let text = if step == NOT_ON_PATH {
            format!("{name}: not on the path yet")
        } else {
            format!(
                "{name}: move {} of {}",
                group(step as u64 + 1),
                group(board.squares() as u64)
            )
        };
        html! {
            <p class="pointer" data-pointer="" data-square={name}
                data-step={(step != NOT_ON_PATH).then(|| (step + 1).to_string())}>{ text }</p>
        }
    }
}

/// (x, y) of a mouse event in the canvas's own pixels (CSS may scale the canvas).
fn canvas_point(e: &MouseEvent) -> Option<(f64, f64)> {
    let el: web_sys::Element = e.target()?.dyn_into().ok()?;
    let rect = el.get_bounding_client_rect();
    let canvas: web_sys::HtmlCanvasElement = el.dyn_into().ok()?;
    let sx = canvas.width() as f64 / rect.width().max(1.0);
    let sy = canvas.height() as f64 / rect.height().max(1.0);
    Some((
        (e.client_x() as f64 - rect.left()) * sx,
        (e.client_y() as f64 - rect.top()) * sy,
    ))
}

use wasm_bindgen::JsCast;

impl Component for CanvasBoard {
    type Message = Msg;
    type Properties = CanvasProps;

    fn create(ctx: &Context<Self>) -> Self {
        let p = ctx.props();
        let mut me = CanvasBoard {
            canvas: NodeRef::default(),
            view: Self::initial_view(p),
            palette: Rc::new(Palette::viridis()),
            steps: Rc::new(Vec::new()),
            layout: None,
            overlay: p.view.blocks,
            drag: None,
            dragged: false,
            pointer: None,
            minimap: None,
            buffer: RefCell::new(Vec::new()),
            dirty: true,
        };
        me.on_path(p);
        me
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &CanvasProps) -> bool {
        let p = ctx.props();
        if p.board != old.board {
            self.view = Self::initial_view(p);
            self.pointer = None;
        }
        if p.board != old.board || p.path != old.path || p.outcomes != old.outcomes {
            self.on_path(p);
        }
        self.dirty = true;
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let p = ctx.props();
        let before = self.view;
        match msg {
            Msg::Zoom(z) => {
                self.view = self.view.zoomed(z, (0.0, 0.0));
                if let Some(&here) = p.path.last() {
                    if p.path.len() < p.board.squares() as usize {
                        self.view = self.view.showing(here);
                    }
                }
            }
            Msg::Pan(fx, fy) => self.view = self.view.panned(fx, fy),
            Msg::Down(x, y) => {
                self.drag = Some((x, y, 0.0));
                self.dragged = false;
            }
            Msg::Move(x, y) => {
                if let Some((lx, ly, gone)) = self.drag {
                    let gone = gone + (x - lx).abs() + (y - ly).abs();
                    self.drag = Some((x, y, gone));
                    if gone > CLICK_SLOP {
                        self.view = self.view.dragged(x - lx, y - ly);
                        self.dragged = true;
                    }
                }
                let under = self.view.square_at(x, y);
                if under == self.pointer && self.view == before {
                    return false;
                }
                self.pointer = under;
            }
            Msg::Up => {
                self.drag = None;
                if self.dragged {
                    self.report(ctx);
                }
            }
            Msg::Leave => {
                self.drag = None;
                self.pointer = None;
            }
            Msg::Click(x, y) => {
                if !std::mem::take(&mut self.dragged) {
                    if let Some(sq) = self.view.square_at(x, y) {
                        p.onclick.emit(sq);
                    }
                }
                return false;
            }
            Msg::Blocks => {
                self.overlay = !self.overlay;
                self.dirty = true;
                self.report(ctx);
            }
            Msg::Centre(fx, fy) => {
                let (w, h) = (p.board.width() as f64, p.board.height() as f64);
                self.view = self.view.centred(fx * w, fy * h);
            }
        }
        if self.view != before {
            self.dirty = true;
            if self.drag.is_none() {
                self.report(ctx);
            }
        }
        true
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        if !std::mem::take(&mut self.dirty) {
            return;
        }
        let p = ctx.props();
        let Some(canvas) = self.canvas.cast::<web_sys::HtmlCanvasElement>() else {
            return;
        };
        if let Some(c2d) = context(&canvas) {
            let clock = web_sys::window().and_then(|w| w.performance());
            let started = clock.as_ref().map_or(0.0, |c| c.now());
            let scene = self.scene(p, true);
            paint(
                &c2d,
                &self.view,
                &scene,
                &self.palette,
                &mut self.buffer.borrow_mut(),
            );
            // How long the picture took (benches/browser.mjs reads it): set directly, so
            // reporting it costs no second render.
            if let Some(clock) = clock {
                let ms = clock.now() - started;
                let _ = canvas.set_attribute("data-paint-ms", &format!("{ms:.2}"));
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let p = ctx.props();
        let board = p.board;
        let v = self.view;
        let (wide, tall) = v.span();
        let zooms: Vec<u32> = ZOOMS
            .iter()
            .copied()
            .filter(|&z| z <= 8 || v.cell() / v.zoom as f64 * z as f64 <= 80.0)
            .collect();
        let at = |e: &MouseEvent| canvas_point(e).unwrap_or((-1.0, -1.0));
        let onmousedown = link.callback(move |e: MouseEvent| {
            let (x, y) = at(&e);
            Msg::Down(x, y)
        });
        let onmousemove = link.callback(move |e: MouseEvent| {
            let (x, y) = at(&e);
            Msg::Move(x, y)
        });
        let onclick = link.callback(move |e: MouseEvent| {
            let (x, y) = at(&e);
            Msg::Click(x, y)
        });
        let pan =
            |fx: f64, fy: f64, name: &'static str, label: &'static str, glyph: &'static str| {
                html! {
                    <button type="button" data-action={name} aria-label={label} title={label}
                        onclick={link.callback(move |_| Msg::Pan(fx, fy))}>{ glyph }</button>
                }
            };
        let built = self.layout.is_some();
        let view_attr = format!("{:.2},{:.2},{:.2},{:.2}", v.left, v.top, wide, tall);
        html! {
            <div class="canvas-board huge-board">
                <div class="row huge-tools">
                    <span role="group" aria-label="Zoom">
                        {"Zoom "}
                        { for zooms.into_iter().map(|z| html! {
                            <button type="button" aria-pressed={(v.zoom == z).to_string()}
                                onclick={link.callback(move |_| Msg::Zoom(z))}
                                data-zoom={z.to_string()}>{ format!("{z}×") }</button>
                        }) }
                    </span>
                    <span role="group" aria-label="Pan" class="pan">
                        { pan(-0.5, 0.0, "pan-left", "Pan left", "←") }
                        { pan(0.0, -0.5, "pan-up", "Pan up", "↑") }
                        { pan(0.0, 0.5, "pan-down", "Pan down", "↓") }
                        { pan(0.5, 0.0, "pan-right", "Pan right", "→") }
                    </span>
                    if built {
                        <button type="button" data-action="blocks" aria-pressed={self.overlay.to_string()}
                            onclick={link.callback(|_| Msg::Blocks)}
                            title="The blocks divide and conquer tiled the board with, and the seams where it spliced them">
                            {"Blocks and seams"}</button>
                    }
                </div>
                <div class="huge-stage">
                    <div class="canvas-scroll">
                        <canvas ref={self.canvas.clone()} width={v.px_w.to_string()} height={v.px_h.to_string()}
                            {onclick} {onmousedown} {onmousemove}
                            onmouseup={link.callback(|_| Msg::Up)} onmouseleave={link.callback(|_| Msg::Leave)}
                            aria-label={format!("{} by {} board, each square coloured by its move number; the tour is available as text below", board.width(), board.height())}
                            data-board={format!("{}x{}", board.width(), board.height())}
                            data-view={view_attr} data-blocks={(built && self.overlay).then_some("on")}
                            data-outcomes={(!p.outcomes.is_empty()).then(|| p.outcomes.len().to_string())}
                            data-candidates={candidate_list(board, &p.candidates)} />
                    </div>
                    <Minimap {board} image={self.minimap.clone()}
                        window={(v.left, v.top, wide, tall)}
                        oncentre={link.callback(|(fx, fy)| Msg::Centre(fx, fy))} />
                </div>
                { self.pointer_text(board) }
                if p.outcomes.is_empty() && !p.path.is_empty() {
                    <Legend {board} first={p.path[0]} last={(p.path.len() == board.squares() as usize).then(|| p.path[p.path.len() - 1])}
                        palette={self.palette.clone()} />
                }
            </div>
        }
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
