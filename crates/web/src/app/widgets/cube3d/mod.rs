//! The cube as a cube: one element per sticker placed with CSS 3D transforms
//! (`transform-style: preserve-3d`, no WebGL), drawn from the same colours as the net.
//! A state one turn away from the last is animated (the turning layer rotates about its
//! axis on `requestAnimationFrame`), turns that arrive meanwhile queue up; everything else
//! shows at once, as does every turn when the user prefers reduced motion. The view turns
//! by dragging (mouse, pen or touch) or with the arrow keys, a small mirrored view shows
//! the hidden faces, and a click paints as the net does. The model is
//! `solver::cube_view`; this file only draws it.

mod frame_loop;
mod hint;
mod sticker;

use yew::prelude::*;

use frame_loop::FrameLoop;
use puzzlelab_solver::cube_view::{focus, Animator, Kind, Orbit, Pace, Turn};

#[derive(Properties, PartialEq)]
pub struct Cube3dProps {
    pub kind: Kind,
    /// The colours the net shows, in the cube's state-string order.
    pub colours: Vec<u8>,
    /// A sticker was clicked (index in state-string order): the page paints as on the net.
    pub onsticker: Callback<usize>,
    /// The player's speed in moves per second (3 = normal: a quarter turn in 150 ms).
    #[prop_or(3)]
    pub speed: u32,
    /// The angle to open at (the link's `view3d`).
    #[prop_or_default]
    pub orbit: Orbit,
    /// The view was turned (to write it into the link).
    #[prop_or_default]
    pub onorbit: Callback<Orbit>,
    /// A turn to suggest, in the cube's notation: drawn as an arrow on its face.
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    /// What a click does, for the tooltip ("click to paint red").
    #[prop_or_default]
    pub action: Option<AttrValue>,
}

pub enum Msg {
    Frame(f64),
    PointerDown(PointerEvent),
    PointerMove(PointerEvent),
    PointerUp(PointerEvent),
    Key(KeyboardEvent),
    ResetView,
    Sticker(usize),
    /// A key on a sticker: arrows move the focus among the stickers in sight, Enter and
    /// Space paint (as a click does).
    StickerKey(usize, KeyboardEvent),
}

/// A pointer pressed on the cube: a drag once it has moved a few pixels.
struct Press {
    pointer: i32,
    x: f64,
    y: f64,
    from: Orbit,
    dragging: bool,
}

/// Pixels a pointer moves before a press becomes a drag (a click paints, a drag turns).
const DRAG_THRESHOLD: f64 = 4.0;

pub struct Cube3d {
    animator: Animator,
    orbit: Orbit,
    press: Option<Press>,
    /// A drag just ended: the click that may follow it is not a paint.
    dragged: bool,
    frames: FrameLoop,
    scene: NodeRef,
    /// The sticker that holds the cube's one tab stop (index in state-string order).
    focus: usize,
    /// The focus moved by key: put the browser's focus there once drawn.
    refocus: bool,
}

impl Component for Cube3d {
    type Message = Msg;
    type Properties = Cube3dProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        Cube3d {
            animator: Animator::new(props.kind, &props.colours),
            orbit: props.orbit,
            press: None,
            dragged: false,
            frames: {
                let link = ctx.link().clone();
                FrameLoop::new(move |at| link.send_message(Msg::Frame(at)))
            },
            scene: NodeRef::default(),
            focus: 0,
            refocus: false,
        }
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first: bool) {
        if !std::mem::take(&mut self.refocus) {
            return;
        }
        use wasm_bindgen::JsCast;
        let sticker = self
            .scene
            .cast::<web_sys::Element>()
            .and_then(|s| {
                s.query_selector("[data-view='3d'][tabindex='0']")
                    .ok()
                    .flatten()
            })
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        if let Some(s) = sticker {
            let _ = s.focus();
        }
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &Self::Properties) -> bool {
        let props = ctx.props();
        if props.kind != old.kind {
            self.animator = Animator::new(props.kind, &props.colours);
        } else {
            self.animator.show(&props.colours, now_ms(), pace(props));
            self.run_frames();
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Frame(at) => {
                self.animator.tick(at, pace(ctx.props()));
                self.run_frames();
                true
            }
            Msg::PointerDown(e) => {
                self.dragged = false;
                if e.button() == 0 {
                    self.press = Some(Press {
                        pointer: e.pointer_id(),
                        x: f64::from(e.client_x()),
                        y: f64::from(e.client_y()),
                        from: self.orbit,
                        dragging: false,
                    });
                }
                false
            }
            Msg::PointerMove(e) => {
                let Some(press) = self.press.as_mut().filter(|p| p.pointer == e.pointer_id())
                else {
                    return false;
                };
                let (dx, dy) = (
                    f64::from(e.client_x()) - press.x,
                    f64::from(e.client_y()) - press.y,
                );
                if !press.dragging && dx.hypot(dy) >= DRAG_THRESHOLD {
                    press.dragging = true;
                    // Captured only now: a plain click must still reach its sticker.
                    if let Some(scene) = self.scene.cast::<web_sys::Element>() {
                        let _ = scene.set_pointer_capture(press.pointer);
                    }
                }
                if !press.dragging {
                    return false;
                }
                e.prevent_default();
                self.orbit = press.from.dragged(dx, dy);
                true
            }
            Msg::PointerUp(e) => {
                let dragged = self
                    .press
                    .take()
                    .is_some_and(|p| p.pointer == e.pointer_id() && p.dragging);
                if dragged {
                    self.dragged = true;
                    ctx.props().onorbit.emit(self.orbit);
                }
                false
            }
            Msg::Key(e) => {
                if from_sticker(&e) {
                    return false;
                }
                let Some(next) = self.orbit.keyed(&e.key()) else {
                    return false;
                };
                // The arrows turn the view here, not the player's timeline.
                e.prevent_default();
                e.stop_propagation();
                self.orbit = next;
                ctx.props().onorbit.emit(next);
                true
            }
            Msg::ResetView => {
                self.orbit = Orbit::default();
                ctx.props().onorbit.emit(self.orbit);
                true
            }
            Msg::Sticker(i) => {
                self.focus = i;
                if !std::mem::take(&mut self.dragged) {
                    ctx.props().onsticker.emit(i);
                }
                true
            }
            Msg::StickerKey(i, e) => {
                let key = e.key();
                if key == "Enter" || key == " " {
                    self.focus = i;
                    ctx.props().onsticker.emit(i);
                    return true;
                }
                let reachable = focus::reachable(sticker::placed(ctx.props().kind), self.orbit);
                let Some(next) = focus::moved(&reachable, i, &key) else {
                    return false;
                };
                // The arrows go from sticker to sticker here, not round the view (the
                // sticker stopped the key at once: see `sticker::all`).
                self.focus = next;
                self.refocus = true;
                true
            }
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props();
        let link = ctx.link();
        let frame = self.animator.frame(now_ms());
        let turning = frame.turning;
        let kind_name = match props.kind {
            Kind::Pocket => "pocket",
            Kind::Rubik => "rubik",
        };
        let hint = props
            .hint
            .as_ref()
            .filter(|_| turning.is_none())
            .and_then(|name| {
                self.animator
                    .turns()
                    .iter()
                    .find(|t| t.name == name.as_str())
            });
        // The one tab stop: the last sticker used, if it is in sight, else the first in sight.
        let reachable = focus::reachable(sticker::placed(props.kind), self.orbit);
        let tab_stop = reachable
            .contains(&self.focus)
            .then_some(self.focus)
            .or(reachable.first().copied());
        let keys = sticker::Keys {
            tab_stop,
            onkey: link.callback(|(i, e)| Msg::StickerKey(i, e)),
        };
        let draw = |view: sticker::View, orbit: Orbit| {
            html! {
                <div class="cube3d-body" style={format!("transform: rotateX({}deg) rotateY({}deg);", orbit.pitch, orbit.yaw)}>
                    { for sticker::all(props, view, frame.colours, turning, link.callback(Msg::Sticker), keys.clone()) }
                    { sticker::cores(props.kind, turning) }
                    if view == sticker::View::Front {
                        if let Some(turn) = hint { { hint::arrow(props.kind, turn) } }
                    }
                </div>
            }
        };
        let label = format!(
            "3D cube seen from yaw {}°, pitch {}°: drag it or use the arrow keys to turn the view; Tab to its stickers, arrows between them, Enter paints",
            self.orbit.yaw, self.orbit.pitch
        );
        html! {
            <div class={classes!("cube3d", kind_name)} data-cube3d={kind_name} data-orbit={self.orbit.to_string()}
                data-animating={turning.is_some().to_string()} data-turning={turning.map(|(t, _)| t.name.clone())}
                data-queued={self.animator.queued().to_string()}>
                <div class="cube3d-scene" ref={self.scene.clone()} tabindex="0" role="group" aria-label={label}
                    onpointerdown={link.callback(Msg::PointerDown)} onpointermove={link.callback(Msg::PointerMove)}
                    onpointerup={link.callback(Msg::PointerUp)} onpointercancel={link.callback(Msg::PointerUp)}
                    onkeydown={link.callback(Msg::Key)}>
                    { draw(sticker::View::Front, self.orbit) }
                </div>
                <div class="cube3d-side">
                    <figure class="cube3d-back" aria-hidden="true" title="The back, as a mirror behind the cube shows it">
                        <div class="cube3d-scene small">{ draw(sticker::View::Back, self.orbit.behind()) }</div>
                        <figcaption>{"back"}</figcaption>
                    </figure>
                    <button type="button" class="cube3d-reset" data-action="reset-view" disabled={self.orbit == Orbit::default()}
                        onclick={link.callback(|_| Msg::ResetView)}>{"Reset view"}</button>
                </div>
            </div>
        }
    }
}

impl Cube3d {
    /// Asks for the next frame while a turn runs.
    fn run_frames(&self) {
        if self.animator.animating() {
            self.frames.request();
        }
    }
}

fn pace(props: &Cube3dProps) -> Pace {
    Pace::new(props.speed, prefers_reduced_motion())
}

fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// A key pressed on a 3D sticker (which moves the focus, not the view).
fn from_sticker(e: &KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| el.has_attribute("data-sticker"))
}

/// The clock `requestAnimationFrame` stamps its frames with.
fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// What a sticker needs to know about the running turn.
type Turning<'a> = Option<(&'a Turn, f64)>;
