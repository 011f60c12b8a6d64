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

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use gloo_timers::callback::{Interval, Timeout};
use yew::html::Scope;
use yew::prelude::*;

use crate::app::contract::Out;
use crate::app::shell::host::{self, Host};
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

/// Work a state hands the page that ends in one of its messages (reading what the
/// browser keeps, say); the page runs it and gives the state the message.
pub type Task<M> = Pin<Box<dyn Future<Output = M>>>;

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
    /// While work runs that the page only shows the progress of (a count on the
    /// workers), how often to draw it, in milliseconds: not on every answer, since each
    /// draw takes the page's thread, and a core, from the workers.
    fn progress_every(&self) -> Option<u32> {
        None
    }
    /// Work for the page to run, each ending in a message for the state.
    fn tasks(&mut self) -> Vec<Task<Self::Msg>> {
        Vec::new()
    }
    /// After a draw: more work to do on the next turn of the event loop (a budget of it
    /// each time, so the page stays responsive), as the message that does it.
    fn next_frame(&mut self) -> Option<Self::Msg> {
        None
    }
    /// What a hosting page hears of the state (an element's events): see [`Report`].
    fn report(&self) -> Report {
        Report::default()
    }
    /// What the stage shows now, for "Save picture" (none: the page offers no picture).
    fn scene(&self) -> Option<Scene> {
        None
    }
    /// The other figures shown now (a chart, a tree), each offered by "Save picture".
    fn figures(&self) -> Vec<Scene> {
        Vec::new()
    }
    /// The page's elements.
    fn view(&self, link: &Scope<Page<Self>>) -> Html;
}

/// What the state shows, for a page that hosts the workbench (an element's
/// `puzzlelab-step` and `puzzlelab-done` events): its `data-status`, the step shown, and
/// the result (a tour, a placement, a solution) as JSON.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    pub status: &'static str,
    pub step: Option<u64>,
    pub result: serde_json::Value,
}

impl Report {
    /// The JSON a host page is given, with the link to the state.
    pub fn to_json(&self, route: &Route) -> String {
        serde_json::json!({
            "status": if self.status.is_empty() { "idle" } else { self.status },
            "step": self.step,
            "result": self.result,
            "link": encode_route(route),
        })
        .to_string()
    }
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
    /// Given [`Report::to_json`] whenever it changes (a hosting page's events).
    #[prop_or_default]
    pub on_report: Option<Callback<String>>,
}

/// The page's messages: the workbench's own, and what the page hears for it.
pub enum PageMsg<M> {
    Own(M),
    Answer(Worker, Response),
    Tick,
    Key(KeyAction),
    /// The work [`Workbench::next_frame`] asked for.
    Frame(M),
    /// Time to draw the progress again ([`Workbench::progress_every`]).
    Progress,
}

impl<M> From<M> for PageMsg<M> {
    fn from(msg: M) -> Self {
        PageMsg::Own(msg)
    }
}

/// Hosts one workbench: see the module's comment.
pub struct Page<W: Workbench> {
    state: W,
    /// What the page does alike for every workbench (one copy of its code in the wasm).
    core: Core,
    _keys: Option<KeyListener>,
    frame: Option<Timeout>,
}

/// A page's workers, clock and progress beat, and what it last told its host: none of
/// it depends on the workbench, so none of it is compiled once per workbench.
struct Core {
    main: Option<Supervised>,
    /// The other workers by index; `None` for one not started or ended.
    helpers: Vec<Option<Supervised>>,
    clock: Clock,
    /// Draws the progress while [`Workbench::progress_every`] asks.
    progress: Option<(Interval, u32)>,
    focus: Option<&'static str>,
    /// The element a hosted page is drawn in (a context its host gives).
    host: Option<Host>,
    /// The last report given to `on_report`.
    reported: String,
    /// Where a worker's answer, a beat of the clock and a progress beat go: the page's
    /// messages for them.
    answers: Callback<(Worker, Response)>,
    tick: Callback<()>,
    progress_beat: Callback<()>,
}

impl<W: Workbench> Component for Page<W> {
    type Message = PageMsg<W::Msg>;
    type Properties = PageProps<W::Link>;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let (state, out) = W::open(props.link.clone(), props.problems.clone());
        let keys = ctx.link().clone();
        let host = ctx.link().context::<Host>(Callback::noop()).map(|(h, _)| h);
        let core = Core {
            main: None,
            helpers: Vec::new(),
            clock: Clock::default(),
            progress: None,
            focus: None,
            host,
            reported: String::new(),
            answers: ctx.link().callback(|(from, r)| PageMsg::Answer(from, r)),
            tick: ctx.link().callback(|()| PageMsg::Tick),
            progress_beat: ctx.link().callback(|()| PageMsg::Progress),
        };
        let mut page = Page {
            state,
            _keys: KeyListener::new(W::KEYS, W::LETTERS, core.host.as_ref(), move |k| {
                keys.send_message(PageMsg::Key(k))
            }),
            core,
            frame: None,
        };
        if W::WARM_WORKER {
            page.core.worker(Worker::Main);
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
            PageMsg::Progress => Out::redraw(),
        };
        self.apply(ctx, out)
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        // The stage as it is now, for the layout's "Save picture" menu.
        let pictures = PictureSource {
            scene: self.state.scene().map(Rc::new),
            figures: self.state.figures().into_iter().map(Rc::new).collect(),
            route: encode_route(&self.state.route()),
        };
        html! {
            <ContextProvider<PictureSource> context={pictures}>
                { self.state.view(ctx.link()) }
            </ContextProvider<PictureSource>>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        self.core.take_focus();
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
    /// What needs no workbench is [`Core`]'s.
    fn apply(&mut self, ctx: &Context<Self>, out: Out) -> bool {
        let (redraw, write_link, focus) = (out.redraw, out.write_link, out.focus);
        self.core.send(out);
        for task in self.state.tasks() {
            ctx.link().send_future(task);
        }
        let (every, timeline) = (self.state.progress_every(), self.state.timeline());
        self.core.keep_time(every, timeline);
        let props = ctx.props();
        if write_link {
            write_route(props.on_link.as_ref(), self.state.route());
        }
        if focus.is_some() {
            self.core.focus = focus;
        }
        if let Some(on_report) = &props.on_report {
            let json = self.state.report().to_json(&self.state.route());
            self.core.report(on_report, json);
        }
        redraw
    }
}

impl Core {
    /// A fresh start stops the clock; the requests go to the workers, started if they are
    /// not yet, and the workers the state is done with are ended.
    fn send(&mut self, out: Out) {
        if out.fresh {
            self.clock.stop();
        }
        for request in out.send {
            self.worker(Worker::Main).send(request);
        }
        for i in out.end {
            if let Some(helper) = self.helpers.get_mut(i) {
                *helper = None;
            }
        }
        for (i, request) in out.send_to {
            self.worker(Worker::Helper(i)).send(request);
        }
    }

    /// The worker asked for, started if it is not yet.
    fn worker(&mut self, which: Worker) -> &Supervised {
        let host = self.host.as_ref().map(|Host(element)| element.clone());
        let answers = |from: Worker| {
            let answers = self.answers.clone();
            spawn(host.clone(), move |r| answers.emit((from, r)))
        };
        match which {
            Worker::Main => self.main.get_or_insert_with(|| answers(Worker::Main)),
            Worker::Helper(i) => {
                if self.helpers.len() <= i {
                    self.helpers.resize_with(i + 1, || None);
                }
                self.helpers[i].get_or_insert_with(|| answers(Worker::Helper(i)))
            }
        }
    }

    /// Beats for the progress at the pace the state asks (while it asks), and the clock
    /// kept on the state's timeline.
    fn keep_time(&mut self, every: Option<u32>, timeline: Option<&Timeline>) {
        if every != self.progress.as_ref().map(|(_, ms)| *ms) {
            let beat = self.progress_beat.clone();
            self.progress = every.map(|ms| (Interval::new(ms, move || beat.emit(())), ms));
        }
        let tick = self.tick.clone();
        match timeline {
            Some(timeline) => self.clock.follow(timeline, move || tick.emit(())),
            None => self.clock.stop(),
        }
    }

    /// Tells a hosting page what changed.
    fn report(&mut self, on_report: &Callback<String>, json: String) {
        if json != self.reported {
            self.reported = json.clone();
            on_report.emit(json);
        }
    }

    /// After a draw: focus where the state last asked.
    fn take_focus(&mut self) {
        if let Some(selector) = self.focus.take() {
            if let Some(element) = host::find(self.host.as_ref(), selector) {
                let _ = element.focus();
            }
        }
    }
}

/// The link to the state shown, to the host's `on_link` or the address bar.
fn write_route(on_link: Option<&Callback<Route>>, route: Route) {
    match on_link {
        Some(on_link) => on_link.emit(route),
        None => location::replace_hash(&encode_route(&route)),
    }
}
