//! The one page component every workbench runs in. A workbench (its state, plain Rust,
//! and its view) implements [`Workbench`]; [`Page`] owns what every page needs and none
//! should write again: the workers (started when first asked, restarted after a crash),
//! the playback clock, the keys, the link written after a change, work spread over the
//! frames, and where focus goes after a draw.
//!
//! A message, a worker's answer, a tick or a key goes to the state, which returns an
//! [`Out`]; the page carries it out. So what anything means is decided in the state and
//! tested natively, and the same workbench can be hosted elsewhere (an element in another
//! page, say) by giving the page another place to write its link (`on_link`).

use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::html::Scope;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::shell::location;
use crate::app::widgets::clock::Clock;
use crate::app::widgets::keyboard::{KeyAction, KeyListener, Keys};
use crate::app::widgets::save_picture::PictureSource;
use crate::app::widgets::timeline::Timeline;
use crate::app::widgets::worker_bridge::{spawn, Supervised};
use puzzlelab_links::{encode_route, Route};
use puzzlelab_pictures::Scene;
use puzzlelab_worker::Response;

/// Which of a page's workers an answer came from, or a request goes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Worker {
    /// The page's own worker (`Out::send`).
    Main,
    /// Helper `i` (`Out::send_to`): a proof's shares, say.
    Helper(usize),
}

/// A workbench's contract with the page that hosts it.
pub trait Workbench: Sized + 'static {
    /// What the page opens from: the workbench's part of the link.
    type Link: Clone + PartialEq + 'static;
    /// What its controls send.
    type Msg: 'static;
    /// Which keys the page listens for on its behalf, and which letters.
    const KEYS: Keys = Keys::None;
    const LETTERS: &'static str = "";
    /// Start the page's worker as the page opens, so the first request finds it loaded
    /// (otherwise it starts with the first request).
    const WARM_WORKER: bool = false;

    /// The state a link opens (with what was wrong with the link), and what to do first.
    fn open(link: Self::Link, problems: Vec<String>) -> (Self, Out);
    /// A control was used.
    fn update(&mut self, msg: Self::Msg) -> Out;
    /// One of the page's workers answered.
    fn answer(&mut self, from: Worker, response: Response) -> Out;
    /// The link to the state shown.
    fn route(&self) -> Route;
    /// The timeline the clock beats for (ticks go to [`Workbench::tick`]).
    fn timeline(&self) -> Option<&Timeline> {
        None
    }
    /// A beat of the clock.
    fn tick(&mut self) -> Out {
        Out::nothing()
    }
    /// What a key means here, if anything.
    fn key(&self, _key: KeyAction) -> Option<Self::Msg> {
        None
    }
    /// After a draw: more work to do on the next turn of the event loop (a budget of it
    /// each time, so the page stays responsive), as the message that does it.
    fn next_frame(&mut self) -> Option<Self::Msg> {
        None
    }
    /// What the stage shows now, for "Save picture" (none: the page offers no picture).
    fn scene(&self) -> Option<Scene> {
        None
    }
    /// The page's elements.
    fn view(&self, link: &Scope<Page<Self>>) -> Html;
}

#[derive(Properties, PartialEq)]
pub struct PageProps<L: PartialEq> {
    pub link: L,
    /// What was wrong with the link the page was opened from.
    #[prop_or_default]
    pub problems: Vec<String>,
    /// Where the link to the state shown goes; the address bar's hash if not given.
    #[prop_or_default]
    pub on_link: Option<Callback<Route>>,
}

/// The page's messages: the workbench's own, and what the page hears for it.
pub enum PageMsg<M> {
    Own(M),
    Answer(Worker, Response),
    Tick,
    Key(KeyAction),
    /// The work [`Workbench::next_frame`] asked for.
    Frame(M),
}

impl<M> From<M> for PageMsg<M> {
    fn from(msg: M) -> Self {
        PageMsg::Own(msg)
    }
}

/// Hosts one workbench: see the module's comment.
pub struct Page<W: Workbench> {
    state: W,
    main: Option<Supervised>,
    helpers: Vec<Supervised>,
    clock: Clock,
    _keys: Option<KeyListener>,
    frame: Option<Timeout>,
    focus: Option<&'static str>,
}

impl<W: Workbench> Component for Page<W> {
    type Message = PageMsg<W::Msg>;
    type Properties = PageProps<W::Link>;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let (state, out) = W::open(props.link.clone(), props.problems.clone());
        let keys = ctx.link().clone();
        let mut page = Page {
            state,
            main: None,
            helpers: Vec::new(),
            clock: Clock::default(),
            _keys: KeyListener::new(W::KEYS, W::LETTERS, move |k| {
                keys.send_message(PageMsg::Key(k))
            }),
            frame: None,
            focus: None,
        };
        if W::WARM_WORKER {
            page.worker(ctx, Worker::Main);
        }
        page.apply(ctx, out);
        page
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Self::Message) -> bool {
        let out = match msg {
            PageMsg::Own(msg) => self.state.update(msg),
            PageMsg::Answer(from, response) => self.state.answer(from, response),
            PageMsg::Tick => self.state.tick(),
            PageMsg::Key(key) => match self.state.key(key) {
                Some(msg) => self.state.update(msg),
                None => Out::nothing(),
            },
            PageMsg::Frame(msg) => {
                self.frame = None;
                self.state.update(msg)
            }
        };
        self.apply(ctx, out)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        // The stage as it is now, for the layout's "Save picture" menu.
        let pictures = PictureSource {
            scene: self.state.scene().map(Rc::new),
            route: encode_route(&self.state.route()),
        };
        html! {
            <ContextProvider<PictureSource> context={pictures}>
                { self.state.view(ctx.link()) }
            </ContextProvider<PictureSource>>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        if let Some(selector) = self.focus.take() {
            focus(selector);
        }
        if self.frame.is_none() {
            if let Some(msg) = self.state.next_frame() {
                let link = ctx.link().clone();
                self.frame = Some(Timeout::new(0, move || {
                    link.send_message(PageMsg::Frame(msg))
                }));
            }
        }
    }
}

impl<W: Workbench> Page<W> {
    /// Does what the state asked: a fresh start for the clock, the requests to the
    /// workers, the clock kept on the timeline, the link written; says whether to draw.
    fn apply(&mut self, ctx: &Context<Self>, out: Out) -> bool {
        if out.fresh {
            self.clock.stop();
        }
        for request in out.send {
            self.worker(ctx, Worker::Main).send(request);
        }
        for (i, request) in out.send_to {
            self.worker(ctx, Worker::Helper(i)).send(request);
        }
        let beat = ctx.link().clone();
        match self.state.timeline() {
            Some(timeline) => self
                .clock
                .follow(timeline, move || beat.send_message(PageMsg::Tick)),
            None => self.clock.stop(),
        }
        if out.write_link {
            self.write_link(ctx);
        }
        if out.focus.is_some() {
            self.focus = out.focus;
        }
        out.redraw
    }

    /// The worker asked for, started if it is not yet.
    fn worker(&mut self, ctx: &Context<Self>, which: Worker) -> &Supervised {
        let answers = |from: Worker| {
            let link = ctx.link().clone();
            spawn(move |r| link.send_message(PageMsg::Answer(from, r)))
        };
        match which {
            Worker::Main => self.main.get_or_insert_with(|| answers(Worker::Main)),
            Worker::Helper(i) => {
                while self.helpers.len() <= i {
                    let next = self.helpers.len();
                    self.helpers.push(answers(Worker::Helper(next)));
                }
                &self.helpers[i]
            }
        }
    }

    fn write_link(&self, ctx: &Context<Self>) {
        let route = self.state.route();
        match &ctx.props().on_link {
            Some(on_link) => on_link.emit(route),
            None => location::replace_hash(&encode_route(&route)),
        }
    }
}

/// Moves focus to the element `selector` names, if it is there (after a draw, so it is).
fn focus(selector: &str) {
    use wasm_bindgen::JsCast;
    if let Some(element) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten())
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}
