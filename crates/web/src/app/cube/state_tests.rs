//! The pocket-cube reducer, natively: messages in, the state, the link and the requests
//! out. Requests are answered by the worker's own loop (`worker::batch::JobLoop` over
//! `worker::handlers::Workbenches`), run here on the test's thread, so a request the page
//! would send wrongly gets a wrong (or no) answer here too. Solutions are checked by
//! playing them on the stickers; table counts against `tests/reference/cube.json`.

use super::*;
use puzzlelab_links::{decode_route, Route};
use puzzlelab_solver::cube::moves::Move;
use puzzlelab_worker::batch::JobLoop;
use puzzlelab_worker::handlers::Workbenches;
use puzzlelab_worker::protocol::{CubeAnswer, CubeAsk};

const PAGE: u8 = 1;

/// The worker, run to quiet on the test's thread.
struct Worker {
    jobs: JobLoop<Workbenches, u8>,
    /// Every request the page sent, in order.
    sent: Vec<Request>,
}

impl Worker {
    fn new() -> Self {
        Worker {
            jobs: JobLoop::new(Workbenches::default()),
            sent: Vec::new(),
        }
    }

    /// Answers `requests` (and what the page sends on seeing the answers) until the page
    /// asks for nothing more; returns the last message's outcome.
    fn serve(&mut self, state: &mut CubeState, requests: Vec<Request>) -> Option<Out> {
        let mut queue = requests;
        let mut last = None;
        while !queue.is_empty() {
            let mut answers = Vec::new();
            for request in queue.drain(..) {
                self.sent.push(request.clone());
                let mut turn = self.jobs.received(request, PAGE);
                loop {
                    answers.extend(turn.answers.into_iter().map(|(_, r)| r));
                    let Some(id) = turn.schedule else { break };
                    turn = self.jobs.batch(id);
                }
            }
            for answer in answers {
                let out = state.update(Msg::Worker(answer));
                queue.extend(out.send.iter().cloned());
                last = Some(out);
            }
        }
        last
    }

    /// A message to the page, its requests served.
    fn send(&mut self, state: &mut CubeState, msg: Msg) -> Out {
        let out = state.update(msg);
        let send = out.send.clone();
        self.serve(state, send);
        out
    }
}

fn open(hash: &str) -> (CubeState, Out) {
    let decoded = decode_route(hash);
    let Route::Cube(link) = decoded.value else {
        panic!("{hash} is a cube link");
    };
    CubeState::new(link, decoded.problems)
}

/// A page opened on `hash` whose first requests (the table, a restore) are answered.
fn ready(hash: &str) -> (CubeState, Worker) {
    let (mut state, out) = open(hash);
    let mut worker = Worker::new();
    worker.serve(&mut state, out.send);
    (state, worker)
}

fn reference_counts(metric: &str) -> Vec<u64> {
    let facts: serde_json::Value =
        serde_json::from_str(include_str!("../../../../../tests/reference/cube.json")).unwrap();
    serde_json::from_value(facts["distance_counts"][metric].clone()).unwrap()
}

fn moves(text: &str) -> Vec<Move> {
    parse_moves(text).unwrap()
}

#[test]
fn opening_the_page_asks_for_the_table_once_and_keeps_its_counts() {
    let (state, out) = open("#/cube");
    assert!(matches!(
        &out.send[..],
        [Request {
            job: 1,
            body: Ask::Cube(CubeAsk::Table {
                metric: Metric::Htm
            })
        }]
    ));
    assert!(matches!(state.busy, Busy::Table { .. }));
    assert_eq!(state.status_attr(false), "running");
    let (state, worker) = ready("#/cube");
    assert_eq!(state.busy, Busy::Idle);
    assert_eq!(
        state.counts_for(Metric::Htm),
        Some(&reference_counts("htm")[..])
    );
    let tables = worker
        .sent
        .iter()
        .filter(|r| matches!(r.body, Ask::Cube(CubeAsk::Table { .. })));
    assert_eq!(tables.count(), 1);
    // The solved cube's hints were asked for once the table was there.
    assert_eq!(state.fresh_hints().map(|h| h.distance), Some(0));
    assert_eq!(state.hint_text().as_deref(), Some("At solved."));
}

#[test]
fn a_solve_plays_back_to_solved_in_the_fewest_turns_and_is_linked() {
    let (mut state, mut worker) = ready("#/cube");
    let scramble = moves("R U F' R2 U'");
    for &m in &scramble {
        state.update(Msg::Turn(m));
    }
    let scrambled = Stickers::solved().apply_all(&scramble);
    assert_eq!(state.shown(), scrambled);
    let out = worker.send(&mut state, Msg::Solve);
    assert!(matches!(
        &out.send[..],
        [Request {
            body: Ask::Cube(CubeAsk::Graph {
                query: GraphQuery::Solve { index: 0, .. },
                ..
            }),
            ..
        }]
    ));
    assert!(state.solution.len() <= scramble.len());
    assert!(
        state.cube.apply_all(&state.solution).is_solved(),
        "the solution solves"
    );
    let solved = state.solved_by.expect("the solve is described");
    assert_eq!(solved.distance as usize, state.solution.len() - solved.hold);
    assert!(solved
        .paths
        .is_some_and(|(count, index)| count >= 1 && index == 0));
    // The link carries the solution from the scrambled cube, at its start.
    let link = state.link_out();
    assert_eq!(
        (link.state, link.solution.clone(), link.step),
        (scrambled, state.solution.clone(), 0)
    );
    // Playing to the end shows the solved cube and writes the position.
    let end = state.update(Msg::Playback(PlaybackAction::End));
    assert!(end.write_link);
    assert!(state.shown().is_solved());
    assert_eq!(state.link_out().step as usize, state.solution.len());
    assert_eq!(state.chart_marker(), Some(0));
    // The solve is undone to the scrambled cube.
    state.update(Msg::Undo);
    assert_eq!((state.shown(), state.solution.len()), (scrambled, 0));
}

#[test]
fn the_hint_key_plays_a_move_one_closer_and_waits_for_hints_it_lacks() {
    let (mut state, mut worker) = ready("#/cube");
    // Pressed before the scrambled cube's hints are there: queued, played on their arrival.
    let turned = state.update(Msg::Turn(Move::face('R', 1)));
    assert!(turned.send.iter().any(|r| matches!(
        r.body,
        Ask::Cube(CubeAsk::Graph {
            query: GraphQuery::Hints { .. },
            ..
        })
    )));
    assert!(state.update(Msg::Hint).send.is_empty());
    worker.serve(&mut state, turned.send);
    assert!(state.shown().is_solved(), "the queued hint undid R");
    for m in moves("U F2 R'") {
        worker.send(&mut state, Msg::Turn(m));
    }
    let before = state
        .fresh_hints()
        .expect("hints for the cube shown")
        .distance;
    assert!(state.hint_turn().is_some());
    worker.send(&mut state, Msg::Hint);
    assert_eq!(state.fresh_hints().map(|h| h.distance), Some(before - 1));
}

#[test]
fn cancel_stops_the_job_in_hand_and_later_answers_to_it_are_ignored() {
    let (mut state, out) = open("#/cube");
    let job = out.send[0].job;
    let cancel = state.update(Msg::Cancel);
    assert!(matches!(&cancel.send[..], [Request { job: j, body: Ask::Cancel }] if *j == job));
    state.update(Msg::Worker(Response::new(job, Answer::Cancelled)));
    assert_eq!(state.busy, Busy::Idle);
    assert_eq!(state.problems.len(), 1);
    // An answer for another job changes nothing.
    let stale = state.update(Msg::Worker(Response::new(
        job + 7,
        Answer::Cube(CubeAnswer::Table {
            metric: Metric::Htm,
            counts: vec![1],
        }),
    )));
    assert!(stale.send.is_empty());
    assert!(state.counts.is_empty());
    // Nothing running: Cancel sends nothing.
    assert!(state.update(Msg::Cancel).send.is_empty());
}

#[test]
fn choosing_quarter_turns_builds_that_table_and_writes_the_link() {
    let (mut state, mut worker) = ready("#/cube");
    let out = worker.send(&mut state, Msg::Goal("qtm".into()));
    assert!(out.write_link);
    assert!(matches!(
        out.send[0].body,
        Ask::Cube(CubeAsk::Table {
            metric: Metric::Qtm
        })
    ));
    assert_eq!(
        state.counts_for(Metric::Qtm),
        Some(&reference_counts("qtm")[..])
    );
    assert_eq!(state.link_out().metric, Metric::Qtm);
    let qtm = reference_counts("qtm");
    assert_eq!(state.farthest(), Some((qtm.len() - 1, qtm[qtm.len() - 1])));
    // Choosing it again asks for nothing.
    assert!(state.update(Msg::Goal("qtm".into())).send.is_empty());
}

#[test]
fn a_random_position_says_which_moves_reach_it() {
    let (mut state, mut worker) = ready("#/cube");
    worker.send(&mut state, Msg::ScramblePosition);
    let text = state
        .scramble_text
        .clone()
        .expect("the scramble is described");
    let (_, scramble) = text.rsplit_once(": ").expect("with its moves");
    let reached = Stickers::solved().apply_all(&moves(scramble));
    assert_eq!(reached, state.cube, "{text}");
    assert_eq!(state.seed, 2, "the next scramble takes the next seed");
}

#[test]
fn an_antipode_is_as_far_as_the_table_says_any_position_is() {
    let (mut state, mut worker) = ready("#/cube");
    worker.send(&mut state, Msg::Antipode);
    assert_eq!(state.busy, Busy::Idle);
    let far = reference_counts("htm").len() - 1;
    assert_eq!(state.fresh_hints().map(|h| h.distance as usize), Some(far));
    assert!(state
        .scramble_text
        .as_deref()
        .is_some_and(|t| t.contains("Random antipode")));
}

#[test]
fn walking_the_optimal_solutions_keeps_each_one_optimal() {
    let (mut state, mut worker) = ready("#/cube?state=WWWWOOGGRRBBGGRRBBOOYYYY");
    worker.send(&mut state, Msg::Solve);
    let (count, _) = state.solved_by.and_then(|s| s.paths).expect("counted");
    let first = state.solution.clone();
    worker.send(&mut state, Msg::Path(count - 1));
    assert_eq!(state.link_out().path, count - 1);
    assert_eq!(state.solution.len(), first.len());
    assert!(state.cube.apply_all(&state.solution).is_solved());
    // Past the last: nothing is asked.
    assert!(state.update(Msg::Path(count)).send.is_empty());
}

#[test]
fn a_linked_solution_that_is_not_the_named_optimal_one_is_kept_and_said() {
    // U solves this cube; the link says U' is optimal solution 5.
    let (state, _) = ready("#/cube?state=WWWWOOGGRRBBGGRRBBOOYYYY&solution=U%27&path=5");
    assert_eq!(state.solution, moves("U'"));
    assert_eq!(state.link_out().path, 0);
    assert_eq!(state.problems.len(), 1, "{:?}", state.problems);
    // The true optimal one is recognised and counted.
    let (state, _) = ready("#/cube?state=WWWWOOGGRRBBGGRRBBOOYYYY&solution=U");
    assert!(state.problems.is_empty(), "{:?}", state.problems);
    assert!(state.solved_by.is_some_and(|s| s.paths.is_some()));
}

#[test]
fn bad_input_is_a_message_not_a_panic() {
    let (mut state, _) = ready("#/cube");
    for msg in [
        Msg::Sticker(3),
        Msg::Seed("x".into()),
        Msg::ScrambleLength("101".into()),
        Msg::Cost(0, "0".into()),
    ] {
        state.problems.clear();
        let out = state.update(msg.clone());
        assert_eq!(state.problems.len(), 1, "{msg:?}");
        assert!(out.send.is_empty(), "{msg:?}");
    }
    state.problems.clear();
    state.update(Msg::GoalText("WWW".into()));
    state.update(Msg::ApplyGoalText);
    assert_eq!(state.problems.len(), 1);
    state.problems.clear();
    state.update(Msg::MovesText("R Q".into()));
    state.update(Msg::ApplyText);
    assert_eq!(state.problems.len(), 1);
    // A colouring that is no cube cannot be solved and asks for no hints.
    state.update(Msg::Palette(Some(b'Y')));
    let painted = state.update(Msg::Sticker(0));
    assert!(painted.send.is_empty());
    assert_eq!(state.status_attr(true), "error");
    state.problems.clear();
    assert!(state.update(Msg::Solve).send.is_empty());
    assert_eq!(state.problems.len(), 1);
}

#[test]
fn the_view_angle_and_the_breadth_first_player_go_into_the_link() {
    let (mut state, _) = ready("#/cube");
    assert!(state.update(Msg::WatchBfs).write_link);
    assert!(state.update(Msg::BfsStep(4)).write_link);
    assert_eq!(state.link_out().bfs, Some(4));
    state.update(Msg::CloseBfs);
    assert!(!state.update(Msg::BfsStep(5)).draws());
    assert_eq!(state.link_out().bfs, None);
    let view = Orbit {
        yaw: 10,
        pitch: -20,
    };
    state.update(Msg::View3d(view));
    assert_eq!(state.link_out().view3d, Some(view));
    state.update(Msg::View3d(Orbit::default()));
    assert_eq!(state.link_out().view3d, None);
}

#[test]
fn the_distance_chart_is_a_figure_once_the_table_is_built_marking_the_cube() {
    use crate::app::page::Workbench;
    use puzzlelab_pictures::Scene;
    let (state, _) = open("#/cube");
    let figures = state.figures();
    let [Scene::View3d { letters, orbit, .. }] = &figures[..] else {
        panic!("the 3D view only, before the table: {figures:?}");
    };
    assert_eq!(
        (&letters[..], *orbit),
        (&state.shown().0[..], Default::default())
    );
    let (mut state, mut worker) = ready("#/cube");
    for m in moves("R U F' R2 U'") {
        state.update(Msg::Turn(m));
    }
    worker.send(&mut state, Msg::Solve);
    let figures = state.figures();
    let [Scene::View3d { .. }, Scene::Distances {
        metric,
        counts,
        current,
    }] = &figures[..]
    else {
        panic!("one distance chart: {figures:?}");
    };
    assert_eq!(metric, "htm");
    assert_eq!(counts, &reference_counts("htm"));
    assert_eq!(*current, Some(state.solution.len() as u32));
    // Turned by the pointer: the 3D view's figure at that angle.
    let view = Orbit { yaw: 60, pitch: 20 };
    state.update(Msg::View3d(view));
    let figures = state.figures();
    assert!(matches!(&figures[0], Scene::View3d { orbit, .. } if *orbit == view));
}

#[test]
fn the_searchs_bars_are_a_figure_while_it_is_open() {
    use crate::app::page::Workbench;
    use puzzlelab_pictures::chart::Layers;
    use puzzlelab_pictures::Scene;
    let (mut state, _) = ready("#/cube");
    let layers = Layers {
        metric: "htm".into(),
        step: 3,
        counts: vec![1, 9, 54, 0],
        scale: 1_350_852,
        frontier: Some(2),
    };
    // Closed: what a late message says is dropped.
    state.update(Msg::BfsLayers(layers.clone()));
    assert_eq!(
        state.figures().len(),
        2,
        "the 3D view and the distance chart only"
    );
    state.update(Msg::WatchBfs);
    assert!(
        state.update(Msg::BfsLayers(layers.clone())).draws(),
        "the menu learns of it"
    );
    let figures = state.figures();
    assert_eq!(figures.last(), Some(&Scene::Layers(layers)));
    state.update(Msg::CloseBfs);
    assert!(!state
        .figures()
        .iter()
        .any(|f| matches!(f, Scene::Layers(_))));
}

#[test]
fn the_solve_code_view_steps_the_walk_the_worker_ran() {
    use crate::app::code::cube_solve_at;
    let (mut state, mut worker) = ready("#/cube");
    for m in moves("R U") {
        state.update(Msg::Turn(m));
    }
    worker.send(&mut state, Msg::Solve);
    assert_eq!(state.solution, moves("U' R'"));
    let at = |state: &CubeState| {
        let (line, vars) = cube_solve_at(&state.walk, state.walk_cursor()).unwrap();
        let values: Vec<String> = vars.into_iter().map(|v| v.value).collect();
        (line, values)
    };
    // By hand from the listing: start (1), d = 2; U and U2 stay two away, U' is one
    // closer: taken (3); from R, U U2 U' go two away, R R2 stay one away, R' solves (4).
    assert_eq!(
        at(&state),
        (1, vec!["0".into(), "2".into(), "".into(), "".into()])
    );
    state.update(Msg::Playback(PlaybackAction::StepForward));
    assert_eq!(
        at(&state),
        (
            3,
            ["1", "1", "U'", "U 2, U2 2, U' 1"]
                .map(String::from)
                .to_vec()
        )
    );
    state.update(Msg::Playback(PlaybackAction::StepForward));
    assert_eq!(
        at(&state),
        (
            4,
            ["2", "0", "R'", "U 2, U2 2, U' 2, R 1, R2 1, R' 0"]
                .map(String::from)
                .to_vec()
        )
    );
    assert!(state.shown().is_solved());
    state.update(Msg::Playback(PlaybackAction::StepBack));
    assert_eq!(at(&state).0, 3);
    // The listing's own stepper stops on every comparison, the turns tried and left too
    // (line 2), and the cube follows the turns taken; back undoes them the same way.
    state.update(Msg::Playback(PlaybackAction::Reset));
    let mut walked = Vec::new();
    for _ in 0..10 {
        state.update(Msg::Walk(true));
        walked.push((at(&state).0, state.play.position()));
    }
    let lines: Vec<u8> = walked.iter().map(|w| w.0).collect();
    assert_eq!(lines, [2, 2, 3, 2, 2, 2, 2, 2, 4, 4], "the last step stays");
    let turns: Vec<usize> = walked.iter().map(|w| w.1).collect();
    assert_eq!(turns, [0, 0, 1, 1, 1, 1, 1, 1, 2, 2]);
    assert_eq!(at(&state).1[3], "U 2, U2 2, U' 2, R 1, R2 1, R' 0");
    assert!(state.shown().is_solved());
    state.update(Msg::Walk(false));
    assert_eq!((at(&state).0, state.play.position()), (2, 1));
    assert_eq!(at(&state).1[2], "R2");
    for _ in 0..5 {
        state.update(Msg::Walk(false));
    }
    assert_eq!((at(&state).0, state.play.position()), (3, 1));
    state.update(Msg::Walk(false));
    assert_eq!((at(&state).0, state.play.position()), (2, 0));
    // The player's turn puts the listing back on the step that took it.
    state.update(Msg::Playback(PlaybackAction::StepForward));
    assert_eq!((at(&state).0, state.play.position()), (3, 1));
    // A farthest position has many optimal solutions: the first is the walk's, the last not.
    worker.send(&mut state, Msg::Antipode);
    worker.send(&mut state, Msg::Solve);
    assert!(!state.walk.is_empty());
    let (count, _) = state.solved_by.and_then(|s| s.paths).unwrap();
    worker.send(&mut state, Msg::Path(count - 1));
    assert!(count > 1 && state.walk.is_empty(), "{count} solutions");
    assert!(cube_solve_at(&state.walk, state.walk_cursor()).is_none());
}
