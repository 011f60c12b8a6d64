//! The contract driven natively, as the page drives it: a workbench opened from a link,
//! its controls used, its requests answered by the worker's own loop (`JobLoop` over the
//! real `Workbenches`) until it asks nothing more. One harness for every workbench.

use crate::app::contract::Out;
use crate::app::page::{Workbench, Worker};
use puzzlelab_links::{decode_route, encode_route, Route};
use puzzlelab_worker::batch::JobLoop;
use puzzlelab_worker::handlers::Workbenches;
use puzzlelab_worker::{Request, Response};

/// The page's workers, each the worker's own loop on the test's thread.
pub struct Served {
    main: JobLoop<Workbenches, u8>,
    helpers: Vec<JobLoop<Workbenches, u8>>,
    /// Every outcome so far, in order.
    pub outs: Vec<Out>,
    /// The link last written.
    pub link: Option<String>,
}

impl Default for Served {
    fn default() -> Self {
        Served {
            main: JobLoop::new(Workbenches::default()),
            helpers: Vec::new(),
            outs: Vec::new(),
            link: None,
        }
    }
}

/// The route a link opens, and what was wrong with it.
pub fn opened(link: &str) -> (Route, Vec<String>) {
    let decoded = decode_route(link);
    (decoded.value, decoded.problems)
}

impl Served {
    /// Carries `out` out as the page would: writes its link, and answers its requests
    /// and those the answers lead to, until none is left. Returns `out`.
    pub fn run<W: Workbench>(&mut self, state: &mut W, out: Out) -> Out {
        let first = out.clone();
        let mut queue = vec![out];
        while let Some(out) = queue.pop() {
            if out.write_link {
                self.link = Some(encode_route(&state.route()));
            }
            for &i in &out.end {
                if let Some(helper) = self.helpers.get_mut(i) {
                    *helper = JobLoop::new(Workbenches::default());
                }
            }
            let mut answers = Vec::new();
            for request in out.send.iter().cloned() {
                answers.extend(self.answer(Worker::Main, request));
            }
            for (i, request) in out.send_to.iter().cloned() {
                answers.extend(self.answer(Worker::Helper(i), request));
            }
            self.outs.push(out);
            for (from, response) in answers {
                queue.insert(0, state.answer(from, response));
            }
        }
        first
    }

    /// Uses a control, then serves what it asked for.
    pub fn update<W: Workbench>(&mut self, state: &mut W, msg: W::Msg) -> Out {
        let out = state.update(msg);
        self.run(state, out)
    }

    /// Serves one request on worker `to`: every answer it gives, until it asks nothing more.
    pub(crate) fn answer(&mut self, to: Worker, request: Request) -> Vec<(Worker, Response)> {
        let worker = match to {
            Worker::Main => &mut self.main,
            Worker::Helper(i) => {
                while self.helpers.len() <= i {
                    self.helpers.push(JobLoop::new(Workbenches::default()));
                }
                &mut self.helpers[i]
            }
        };
        let mut answers = Vec::new();
        let mut turn = worker.received(request, 1);
        loop {
            answers.extend(turn.answers.into_iter().map(|(_, r)| (to, r)));
            let Some(id) = turn.schedule else { break };
            turn = worker.batch(id);
        }
        answers
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::count::lab::CountLab;
    use crate::app::cube::state::CubeState;
    use crate::app::knight::state::KnightState;
    use crate::app::learn::state::LearnState;
    use crate::app::queens::state::QueensState;
    use crate::app::rubik::state::RubikState;

    /// Opens `link` (in its canonical spelling) as workbench `W` and reads the link back.
    fn reopened<W: Workbench>(link: &str, unwrap: fn(Route) -> Option<W::Link>) -> String {
        let canonical = encode_route(&decode_route(link).value);
        let (route, problems) = opened(&canonical);
        assert!(problems.is_empty(), "{link}: {problems:?}");
        let (state, _) = W::open(unwrap(route).expect("the workbench's link"), problems);
        assert_eq!(encode_route(&state.route()), canonical, "{link}");
        canonical
    }

    #[test]
    fn every_workbench_opened_from_a_link_writes_back_that_link() {
        reopened::<KnightState>(
            "#/knight?board=6x6&start=c3&tie=roth&view=tree",
            |r| match r {
                Route::Knight(l) => Some(l),
                _ => None,
            },
        );
        reopened::<QueensState>("#/queens?n=6&mode=search&step=12", |r| match r {
            Route::Queens(l) => Some(l),
            _ => None,
        });
        reopened::<CubeState>("#/cube?metric=qtm&moves=R+U", |r| match r {
            Route::Cube(l) => Some(l),
            _ => None,
        });
        reopened::<CountLab>(
            "#/count?board=5x5&closed=0&method=depth-first",
            |r| match r {
                Route::Count(l) => Some(l),
                _ => None,
            },
        );
        reopened::<RubikState>("#/rubik?state=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB&solution=R+U&step=1&max=22", |r| match r {
            Route::Rubik(l) => Some(l),
            _ => None,
        });
        reopened::<LearnState>("#/learn/pocket-cube?step=2", |r| match r {
            Route::Learn(l) => Some(l),
            _ => None,
        });
    }

    #[test]
    fn a_link_with_mistakes_is_written_back_as_what_is_shown() {
        let (Route::Queens(link), problems) = opened("#/queens?n=banana") else {
            panic!("a queens link");
        };
        assert!(!problems.is_empty());
        let (mut state, out) = QueensState::open(link, problems);
        let mut served = Served::default();
        served.run(&mut state, out);
        assert_eq!(
            served.link.as_deref(),
            Some("#/queens?n=8&mode=hand&queens=")
        );
    }

    /// Opens `link` as workbench `W`, answers what it asks through the worker's loop, and
    /// returns what its "Save picture" would draw.
    fn scene_of<W: Workbench>(
        link: &str,
        unwrap: fn(Route) -> Option<W::Link>,
    ) -> Option<puzzlelab_pictures::Scene> {
        let (route, problems) = opened(link);
        let (mut state, out) = W::open(unwrap(route).expect("the workbench's link"), problems);
        Served::default().run(&mut state, out);
        state.scene()
    }

    /// Opens `link` as workbench `W`, serves it, runs its per-frame work to the end and
    /// returns the figures "Save picture" offers besides the stage.
    fn figures_of<W: Workbench>(
        link: &str,
        unwrap: fn(Route) -> Option<W::Link>,
    ) -> Vec<puzzlelab_pictures::Scene> {
        let (route, problems) = opened(link);
        let (mut state, out) = W::open(unwrap(route).expect("the workbench's link"), problems);
        let mut served = Served::default();
        served.run(&mut state, out);
        while let Some(msg) = state.next_frame() {
            let out = state.update(msg);
            served.run(&mut state, out);
        }
        state.figures()
    }

    #[test]
    fn save_picture_offers_the_search_tree_the_page_shows() {
        use puzzlelab_pictures::tree::TreeOf;
        use puzzlelab_pictures::Scene;
        let queens = |link: &str| {
            figures_of::<QueensState>(link, |r| match r {
                Route::Queens(l) => Some(l),
                _ => None,
            })
        };
        assert!(queens("#/queens?n=6&mode=search&view=board&step=60").is_empty());
        let [Scene::Tree { of, step, icicle }] =
            &queens("#/queens?n=6&mode=search&view=tree&step=60")[..]
        else {
            panic!("one tree figure")
        };
        // Node 0 (the root) and one per queen placed by step 60, as the page's counter.
        assert_eq!((*of, *step), (TreeOf::Queens(6), 60));
        assert!(icicle.nodes > 1 && icicle.nodes <= 61, "{}", icicle.nodes);
        let knight = figures_of::<KnightState>(
            "#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&prune=1&fast=0&search=40&view=tree",
            |r| match r {
                Route::Knight(l) => Some(l),
                _ => None,
            },
        );
        let [Scene::Tree { of, step, icicle }] = &knight[..] else {
            panic!("one tree figure: {knight:?}")
        };
        let board = puzzlelab_solver::board::Board::new(5, 5).unwrap();
        assert_eq!(
            *of,
            TreeOf::Knight(board, board.parse_square("c1").unwrap())
        );
        assert_eq!(*step, 40, "grown to the step shown");
        assert!(icicle.nodes > 1);
    }

    #[test]
    fn save_picture_draws_the_stage_at_the_step_the_link_shows() {
        use puzzlelab_pictures::{Kind, Scene};
        let knight = scene_of::<KnightState>("#/knight?board=8x8&start=a1&step=17", |r| match r {
            Route::Knight(l) => Some(l),
            _ => None,
        });
        let Some(Scene::Knight { board, path }) = knight else {
            panic!("a knight scene")
        };
        assert_eq!((board.width(), path.len(), path[0]), (8, 18, 0));
        assert!(path.windows(2).all(|m| board.is_knight_move(m[0], m[1])));
        let queens = scene_of::<QueensState>("#/queens?n=6&queens=a1,c2", |r| match r {
            Route::Queens(l) => Some(l),
            _ => None,
        });
        assert_eq!(
            queens,
            Some(Scene::Queens {
                n: 6,
                queens: vec![(0, 0), (2, 1)]
            })
        );
        let cube = scene_of::<CubeState>(
            "#/cube?state=WWWWGGRRBBOOGGRRBBOOYYYY&solution=R%20U%20F&step=2",
            |r| match r {
                Route::Cube(l) => Some(l),
                _ => None,
            },
        );
        let after = puzzlelab_solver::cube::Stickers::solved()
            .apply_all(&puzzlelab_solver::cube::parse_moves("R U").unwrap());
        assert_eq!(
            cube,
            Some(Scene::Net {
                kind: Kind::Pocket,
                letters: after.0.to_vec(),
                step: Some((2, 3))
            })
        );
        let rubik = scene_of::<RubikState>("#/rubik?state=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB&solution=R&step=1", |r| match r {
            Route::Rubik(l) => Some(l),
            _ => None,
        });
        let Some(Scene::Net {
            kind: Kind::Rubik,
            letters,
            step: Some((1, 1)),
        }) = rubik
        else {
            panic!("a rubik scene")
        };
        assert_ne!(
            &letters[..],
            puzzlelab_solver::rubik::SOLVED.as_bytes(),
            "R turned"
        );
        let count = scene_of::<CountLab>("#/count?board=5x5", |r| match r {
            Route::Count(l) => Some(l),
            _ => None,
        });
        let Some(Scene::Heatmap(heat)) = count else {
            panic!("the counting board: {count:?}")
        };
        assert_eq!(heat.board.squares(), 25);
        assert!(heat.counts.is_empty(), "nothing counted yet");
    }

    #[test]
    fn animations_play_at_the_players_default_speeds() {
        use puzzlelab_pictures::animation::{CUBE_SPEED, KNIGHT_SPEED, QUEENS_SPEED};
        assert_eq!(KNIGHT_SPEED, crate::app::knight::state::DEFAULT_SPEED);
        assert_eq!(QUEENS_SPEED, crate::app::queens::state::DEFAULT_SPEED);
        assert_eq!(CUBE_SPEED, crate::app::cube::state::DEFAULT_SPEED);
        assert_eq!(CUBE_SPEED, crate::app::rubik::state::DEFAULT_SPEED);
    }
}
