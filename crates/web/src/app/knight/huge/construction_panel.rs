//! Watch divide and conquer build the tour, in the shared search player: first every
//! block gets its own closed tour, then the seams are spliced one by one until one piece
//! is left. The picture shows each piece in its own colour (a join paints the joined
//! block in its partner's colour), the step's block or seam outlined.
//!
//! Page hooks: `[data-construction]` with `data-pieces` (pieces now), `data-blocks`,
//! `data-seams`; the player's own hooks (`[data-search="construct"]`, …).

use std::rc::Rc;
use std::sync::Arc;

use yew::prelude::*;

use crate::app::knight::huge::paint::{context, offscreen};
use crate::app::widgets::numbers::group;
use crate::app::widgets::search_player::SearchPlayer;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::construct::layout::{Block, Layout};
use puzzlelab_solver::knight::construct::steps::{ConstructionEvent, ConstructionSteps, NOT_LAID};
use puzzlelab_solver::knight::picture::{fill, View};
use puzzlelab_solver::palette::distinct;
use puzzlelab_solver::watch::{Level, Player, PlayerAction};

/// The picture's longer side in pixels.
const SIDE: u32 = 360;
const SPEED: u32 = 20;
/// Squares of blocks not laid yet.
const EMPTY: [u8; 3] = [0xdd, 0xd8, 0xcc];

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    pub board: Board,
    /// The finished tour (the layout is read back from it).
    pub path: Rc<Vec<u32>>,
}

pub struct ConstructionPanel {
    player: Option<Player<ConstructionSteps>>,
    picture: Option<String>,
}

fn player(p: &PanelProps) -> Option<Player<ConstructionSteps>> {
    let layout = Layout::of_tour(p.board, &p.path)?;
    let machine = ConstructionSteps::new(Arc::new(layout));
    Some(Player::new(machine, (), SPEED, Level::Every))
}

impl ConstructionPanel {
    fn redraw(&mut self) {
        self.picture = self.player.as_ref().and_then(|p| picture(p.machine()));
    }

    fn caption(&self) -> String {
        let Some(player) = &self.player else {
            return String::new();
        };
        let m = player.machine();
        let layout = m.layout();
        let board = layout.board;
        let blocks = layout.blocks.len() as u64;
        match m.last() {
            None => format!(
                "{} blocks to lay, then {} seams to splice.",
                group(blocks),
                group(layout.seams.len() as u64)
            ),
            Some(ConstructionEvent::Block(i)) => {
                let b = layout.blocks[i as usize];
                format!(
                    "block {} of {} ({}×{} at {}) gets its own closed tour; {} pieces.",
                    group(i as u64 + 1),
                    group(blocks),
                    b.w,
                    b.h,
                    board.name(board.index(b.x, b.y)),
                    group(m.piece_count() as u64)
                )
            }
            Some(ConstructionEvent::Join(i)) => {
                let s = layout.seams[i as usize];
                let name = |(a, b): (u32, u32)| format!("{}–{}", board.name(a), board.name(b));
                let left = m.piece_count();
                format!(
                    "seam {}: {} and {} out, knight moves {} and {} in; {}.",
                    group(i as u64 + 1),
                    name(s.removed[0]),
                    name(s.removed[1]),
                    name(s.added[0]),
                    name(s.added[1]),
                    if left == 1 {
                        "one tour".to_string()
                    } else {
                        format!("{} pieces left", group(left as u64))
                    }
                )
            }
        }
    }
}

/// The state as a PNG data URL: pieces in their colours, the step's block or seam marked.
fn picture(m: &ConstructionSteps) -> Option<String> {
    let layout = m.layout();
    let view = View::fit(layout.board, SIDE);
    let pieces = m.pieces();
    let mut buffer = Vec::new();
    fill(&view, &mut buffer, |_, x, y| {
        match pieces[layout.block_at(x, y) as usize] {
            NOT_LAID => EMPTY,
            root => distinct(root),
        }
    });
    let canvas = offscreen(view.px_w, view.px_h)?;
    let ctx = context(&canvas)?;
    let image = web_sys::ImageData::new_with_u8_clamped_array_and_sh(
        wasm_bindgen::Clamped(buffer.as_slice()),
        view.px_w,
        view.px_h,
    )
    .ok()?;
    ctx.put_image_data(&image, 0.0, 0.0).ok()?;
    let cell = view.cell();
    let h = layout.board.height();
    let outline = |b: &Block| {
        ctx.stroke_rect(
            b.x as f64 * cell,
            (h - b.y - b.h) as f64 * cell,
            b.w as f64 * cell,
            b.h as f64 * cell,
        )
    };
    ctx.set_stroke_style_str("#14100c");
    ctx.set_line_width(2.0);
    match m.last() {
        Some(ConstructionEvent::Block(i)) => outline(&layout.blocks[i as usize]),
        Some(ConstructionEvent::Join(i)) => {
            let s = layout.seams[i as usize];
            outline(&layout.blocks[s.joins.0 as usize]);
            outline(&layout.blocks[s.joins.1 as usize]);
            ctx.set_stroke_style_str("#ff2d95");
            ctx.set_line_width((cell * 0.3).clamp(2.0, 5.0));
            ctx.begin_path();
            for &(a, b) in &s.added {
                let ((ax, ay), (bx, by)) = (view.pixel(a), view.pixel(b));
                ctx.move_to(ax, ay);
                ctx.line_to(bx, by);
            }
            ctx.stroke();
        }
        None => {}
    }
    canvas.to_data_url().ok()
}

impl Component for ConstructionPanel {
    type Message = PlayerAction;
    type Properties = PanelProps;

    fn create(ctx: &Context<Self>) -> Self {
        let mut me = ConstructionPanel {
            player: player(ctx.props()),
            picture: None,
        };
        me.redraw();
        me
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &PanelProps) -> bool {
        let p = ctx.props();
        if p.board != old.board || !Rc::ptr_eq(&p.path, &old.path) && p.path != old.path {
            self.player = player(p);
            self.redraw();
        }
        true
    }

    fn update(&mut self, _ctx: &Context<Self>, action: PlayerAction) -> bool {
        let Some(player) = &mut self.player else {
            return false;
        };
        let before = player.step();
        // Play and End only change the mode (the clock then ticks): draw the player anyway.
        player.apply(action);
        if player.step() != before {
            self.redraw();
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let Some(player) = &self.player else {
            return html! {};
        };
        let m = player.machine();
        let layout = m.layout();
        html! {
            <details class="construction-panel" data-construction="" data-pieces={m.piece_count().to_string()}
                data-blocks={layout.blocks.len().to_string()} data-seams={layout.seams.len().to_string()}>
                <summary>{ format!("Watch divide and conquer build it: {} blocks, {} seams",
                    group(layout.blocks.len() as u64), group(layout.seams.len() as u64)) }</summary>
                <p class="hint">{ "Every block (sides 5 to 11) first gets a closed tour of its own, found once per shape; then neighbouring blocks are spliced: one edge out of each, two knight moves across the seam in, and two cycles become one. Along the bottom row of blocks, then up every column. The chart's height is the number of separate pieces." }</p>
                <SearchPlayer name="construct" view={player.view()} keys={false}
                    onaction={ctx.link().callback(|a| a)} caption={html! { { self.caption() } }}>
                    if let Some(src) = &self.picture {
                        <img class="construction-picture" src={src.clone()}
                            alt="The board's blocks, each piece in its own colour; the step's block or seam outlined" />
                    }
                </SearchPlayer>
            </details>
        }
    }
}
