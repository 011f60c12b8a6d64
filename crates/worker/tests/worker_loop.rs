//! The worker protocol's decisions, natively: the order in which requests, batches, Stops
//! and crashes arrive. The browser test `rubik.spec.mjs` ("a worker that crashes
//! mid-search...") once stopped a resent search whose page never saw it end; these tests
//! provoke that order exactly.

use puzzlelab_solver::cube::Stickers;
use puzzlelab_solver::rubik::{parse_moves, random_cube, Facelets};
use puzzlelab_worker::awaited::{Awaited, Recovery};
use puzzlelab_worker::batch::{JobLoop, Turn};
use puzzlelab_worker::handlers::Workbenches;
use puzzlelab_worker::protocol::{Answer, Ask, Request, Response, RubikEnd, NO_JOB};
use puzzlelab_worker::protocol::{CubeAnswer, CubeAsk, ProofTable, RubikAnswer, RubikAsk};
use puzzlelab_worker::protocol::{KnightAnswer, KnightAsk, TourAnimation};
use puzzlelab_worker::protocol::{QueensAnswer, QueensAsk, SearchAnimation};

/// Who asked, in these tests: one page.
const PAGE: u8 = 1;

fn solve_request(job: u32) -> Request {
    Request::new(
        job,
        Ask::Rubik(RubikAsk::Solve {
            state: random_cube(1).facelets(),
            max_length: 30,
        }),
    )
}

fn answers(turn: Turn<u8>) -> Vec<Response> {
    turn.answers
        .into_iter()
        .map(|(caller, answer)| {
            assert_eq!(caller, PAGE);
            answer
        })
        .collect()
}

/// What the Rubik's page needs to leave its searching state and say how the search ended.
fn ends_the_search(response: &Response) -> bool {
    matches!(&response.body, Answer::Rubik(RubikAnswer::Solve { report }) if report.end == Some(RubikEnd::Stopped))
}

#[test]
fn a_stop_before_the_resent_search_has_run_a_batch_still_ends_it() {
    // A fresh worker (as after a crash) takes the resent search, and the Stop is queued
    // right behind it: it arrives before the first batch, with no tables and no search.
    let mut worker = JobLoop::new(Workbenches::default());
    let turn = worker.received(solve_request(7), PAGE);
    assert_eq!(turn.schedule, Some(7));
    assert!(turn.answers.is_empty());
    let answered = answers(worker.received(Request::new(7, Ask::Cancel), PAGE));
    assert_eq!(
        answered.len(),
        1,
        "a Stop of the job in hand is answered once"
    );
    assert_eq!(answered[0].job, 7);
    assert!(answered[0].body.ends_request());
    assert!(
        ends_the_search(&answered[0]),
        "the answer must be a report marked stopped, not {:?}",
        answered[0].body
    );
    // The batch that was scheduled finds nothing to run and says nothing.
    let late = worker.batch(7);
    assert!(late.answers.is_empty() && late.schedule.is_none());
    assert!(worker.running().is_none());
}

#[test]
fn a_stop_after_the_tables_were_announced_but_before_they_are_built_ends_the_search() {
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(solve_request(3), PAGE);
    // The first batch only announces the table build (no tables in this fresh worker).
    let first = answers(worker.batch(3));
    assert!(matches!(first[0].body, Answer::Progress { .. }));
    assert!(!first[0].body.ends_request());
    let answered = answers(worker.received(Request::new(3, Ask::Cancel), PAGE));
    assert!(ends_the_search(&answered[0]), "{:?}", answered[0].body);
}

#[test]
fn a_stop_of_a_running_search_reports_what_it_found_and_ends_it() {
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(solve_request(4), PAGE);
    // Announce, then build the tables and search until the first solution.
    worker.batch(4);
    let searched = answers(worker.batch(4));
    let Answer::Rubik(RubikAnswer::Solve { report }) = &searched[0].body else {
        panic!("expected a search report, got {:?}", searched[0].body);
    };
    assert!(report.tables_ms > 0.0);
    let answered = answers(worker.received(Request::new(4, Ask::Cancel), PAGE));
    assert!(ends_the_search(&answered[0]), "{:?}", answered[0].body);
    // A Stop that comes after the end is not answered again.
    assert!(answers(worker.received(Request::new(4, Ask::Cancel), PAGE)).is_empty());
}

#[test]
fn the_trace_of_a_long_search_is_its_first_steps_and_says_how_many_it_took() {
    use puzzlelab_worker::protocol::TRACE_STEPS;
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(solve_request(6), PAGE);
    worker.batch(6);
    // A report before the end carries no trace.
    let searched = answers(worker.batch(6));
    let Answer::Rubik(RubikAnswer::Solve { report }) = &searched[0].body else {
        panic!("expected a search report, got {:?}", searched[0].body);
    };
    assert!(report.end.is_none() && report.trace.is_empty());
    let answered = answers(worker.received(Request::new(6, Ask::Cancel), PAGE));
    let Answer::Rubik(RubikAnswer::Solve { report }) = &answered[0].body else {
        panic!("expected the stopped report, got {:?}", answered[0].body);
    };
    // A random state is not proven within the recorded steps: the trace is the start and
    // the first TRACE_STEPS steps, numbered 0 to TRACE_STEPS, with no stop at its end,
    // and the report's own count is the whole search's, which went on past it.
    let trace = &report.trace;
    assert_eq!(trace.len() as u64, TRACE_STEPS + 1);
    assert!(trace.iter().enumerate().all(|(i, s)| s.step == i as u64));
    assert!(trace.last().unwrap().stop.is_none());
    assert!(
        report.steps > TRACE_STEPS,
        "the search took {} steps",
        report.steps
    );
    // What the trace costs the message: postcard bytes, kept small.
    let bytes = postcard::to_allocvec(trace).unwrap().len();
    println!(
        "trace of {} steps: {bytes} bytes of postcard ({:.1} a step)",
        trace.len(),
        bytes as f64 / trace.len() as f64
    );
    assert!(bytes < 64 * 1024, "{bytes} bytes");
}

#[test]
fn a_stop_for_another_job_leaves_the_running_one_alone() {
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(solve_request(5), PAGE);
    assert!(answers(worker.received(Request::new(4, Ask::Cancel), PAGE)).is_empty());
    assert_eq!(worker.running(), Some((5, PAGE)));
}

#[test]
fn a_ping_is_answered_at_once_and_does_not_end_anything() {
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(solve_request(5), PAGE);
    let answered = answers(worker.received(Request::ping(), PAGE));
    assert_eq!(answered.len(), 1);
    assert!(answered[0].is_ready(), "{:?}", answered[0]);
    assert_eq!(answered[0].job, NO_JOB);
    assert!(!answered[0].body.ends_request());
    assert_eq!(worker.running(), Some((5, PAGE)));
    // The job's own answers are never taken for the ping's.
    let stopped = answers(worker.received(Request::new(5, Ask::Cancel), PAGE));
    assert_eq!(stopped.len(), 1);
    assert_eq!(stopped[0].job, 5);
    assert!(!stopped[0].is_ready());
}

#[test]
fn a_ping_does_not_stop_or_end_the_job_numbered_like_it() {
    // Were a page to number a job NO_JOB, the ping must still leave that job running and
    // a Cancel for NO_JOB is the only thing that stops it.
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(solve_request(NO_JOB), PAGE);
    let answered = answers(worker.received(Request::ping(), PAGE));
    assert!(answered[0].is_ready());
    assert_eq!(worker.running(), Some((NO_JOB, PAGE)));
}

#[test]
fn a_pocket_cube_table_request_takes_over_the_running_build_of_the_same_table() {
    use puzzlelab_solver::cube::Metric;
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(
        Request::new(
            1,
            Ask::Cube(CubeAsk::Table {
                metric: Metric::Htm,
            }),
        ),
        PAGE,
    );
    worker.batch(1);
    // A solve waiting for the same table takes the build over under its own job number.
    let solved = "WWWWGGRRBBOOGGRRBBOOYYYY";
    let turn = worker.received(
        Request::new(
            2,
            Ask::Cube(CubeAsk::Solve {
                state: Stickers::parse(solved).unwrap(),
                metric: Metric::Htm,
                costs: None,
            }),
        ),
        PAGE,
    );
    assert_eq!(turn.schedule, Some(2));
    assert!(answers(worker.batch(1)).is_empty(), "job 1 was taken over");
    let mut last = None;
    for _ in 0..10_000 {
        let turn = worker.batch(2);
        last = answers(turn).pop();
        if last.as_ref().is_some_and(|a| a.body.ends_request()) {
            break;
        }
    }
    let last = last.expect("the build answers");
    assert_eq!(last.job, 2);
    assert!(
        matches!(
            last.body,
            Answer::Cube(CubeAnswer::Solve { distance: 0, .. })
        ),
        "{:?}",
        last.body
    );
}

// The page's side: what the bridge does when its worker crashes.

#[test]
fn a_crash_resends_the_awaited_request_once() {
    let mut awaited = Awaited::default();
    awaited.sent(&solve_request(9));
    let Recovery::Resend(again) = awaited.crashed("boom") else {
        panic!("the first crash resends");
    };
    assert_eq!(again.job, 9);
    assert!(matches!(again.body, Ask::Rubik(RubikAsk::Solve { .. })));
    // Crashing on it again drops it with an error the page sees (its own job number).
    let Recovery::Answer(answer) = awaited.crashed("boom") else {
        panic!("the second crash gives up");
    };
    assert_eq!(answer.job, 9);
    assert!(matches!(answer.body, Answer::Error { .. }));
    assert!(matches!(awaited.crashed("boom"), Recovery::Nothing));
}

#[test]
fn a_stop_on_its_way_to_a_worker_that_crashes_still_ends_the_request() {
    // The resent search is awaited; the page presses Stop; the worker dies before it
    // answers. Nothing may be resent, and the page must hear that its request ended.
    let mut awaited = Awaited::default();
    awaited.sent(&solve_request(9));
    assert!(matches!(awaited.crashed("boom"), Recovery::Resend(_)));
    awaited.sent(&Request::new(9, Ask::Cancel));
    let Recovery::Answer(answer) = awaited.crashed("boom") else {
        panic!("a stopped request is ended for the page, not resent or forgotten");
    };
    assert_eq!(answer.job, 9);
    assert!(matches!(answer.body, Answer::Cancelled));
    assert!(answer.body.ends_request());
}

#[test]
fn a_final_answer_ends_the_wait_and_progress_does_not() {
    let mut awaited = Awaited::default();
    awaited.sent(&solve_request(2));
    awaited.answered(&Response::new(
        2,
        Answer::Progress {
            stats: Default::default(),
            depth: 0,
        },
    ));
    assert!(matches!(awaited.crashed("x"), Recovery::Resend(_)));
    awaited.answered(&Response::new(2, Answer::Cancelled));
    assert!(matches!(awaited.crashed("x"), Recovery::Nothing));
    // An answer to an older job does not end the newer request.
    awaited.sent(&solve_request(3));
    awaited.answered(&Response::new(2, Answer::Cancelled));
    assert!(matches!(awaited.crashed("x"), Recovery::Resend(r) if r.job == 3));
}

/// A proof's request for a colouring that is no cube is refused with a message; a Stop
/// before its first batch still answers a report marked stopped (the page's proof ends).
#[test]
fn a_proof_of_no_cube_is_refused_and_a_stop_before_its_first_batch_ends_it() {
    use puzzlelab_worker::protocol::ProofEnd;
    let mut worker = JobLoop::new(Workbenches::with_quick_rubik_proofs());
    let prove = |job, state: &str| {
        Request::new(
            job,
            Ask::Rubik(RubikAsk::Prove {
                state: Facelets::parse(state).unwrap(),
                // A known solution that does not solve the cube is not the bound.
                known: parse_moves("R U").unwrap(),
                memory_limit: None,
                table: ProofTable::Big,
                share: puzzlelab_solver::rubik::proof_shares::Share::WHOLE,
            }),
        )
    };
    worker.received(prove(3, &"U".repeat(54)), PAGE);
    let answered = answers(worker.batch(3));
    assert!(
        matches!(
            &answered[..],
            [Response {
                job: 3,
                body: Answer::Error { .. }
            }]
        ),
        "{answered:?}"
    );
    worker.received(prove(4, &random_cube(2).to_string()), PAGE);
    let answered = answers(worker.received(Request::new(4, Ask::Cancel), PAGE));
    assert!(
        matches!(&answered[..], [Response { job: 4, body: Answer::Rubik(RubikAnswer::Prove { report }) }]
            if report.end == Some(ProofEnd::Stopped) && answered[0].body.ends_request()),
        "{answered:?}"
    );
    assert!(
        answers(worker.batch(4)).is_empty(),
        "nothing runs after the Stop"
    );
}

fn tour_animation(job: u32, to: u32, budget: u32) -> Request {
    use puzzlelab_solver::board::Board;
    use puzzlelab_solver::knight::{KnightTour, TourConfig};
    use puzzlelab_solver::StepMachine;
    let board = Board::new(8, 8).unwrap();
    let mut tour = KnightTour::new(TourConfig::new(board, 0)).unwrap();
    while !tour.run(1 << 16).is_finished() {}
    let animation = TourAnimation {
        width: 8,
        height: 8,
        path: tour.path().to_vec(),
        from: 0,
        to,
        budget,
        delay_cs: 3,
        dark: false,
    };
    Request::new(job, Ask::Knight(KnightAsk::Animation { animation }))
}

#[test]
fn a_tour_animation_is_drawn_in_batches_with_progress_and_ends_in_its_gif() {
    let mut worker = JobLoop::new(Workbenches::default());
    assert!(answers(worker.received(tour_animation(3, 63, 200), PAGE)).is_empty());
    let mut drawn = Vec::new();
    let file = loop {
        let answer = answers(worker.batch(3)).remove(0);
        match answer.body {
            Answer::Progress { stats, depth } => {
                assert_eq!(stats.nodes, 64, "frames in all");
                drawn.push(depth);
            }
            Answer::Knight(KnightAnswer::Animation { gif, frames }) => break (gif, frames),
            other => panic!("expected progress or the GIF, got {other:?}"),
        }
    };
    assert_eq!(drawn, (1..16).map(|i| i * 4).collect::<Vec<_>>());
    assert_eq!(file.1, 64);
    assert_eq!(
        puzzlelab_checkers::gif::read(&file.0).unwrap().frames.len(),
        64
    );
    assert_eq!(worker.running(), None);
    // Steps past the tour's end are refused at once, and so is a budget over the most.
    let refused = answers(worker.received(tour_animation(4, 64, 200), PAGE));
    assert!(matches!(&refused[0].body, Answer::Error { message } if message.contains("0 to 63")));
    let refused = answers(worker.received(tour_animation(5, 63, 5000), PAGE));
    assert!(matches!(&refused[0].body, Answer::Error { message } if message.contains("too many")));
}

#[test]
fn a_cancelled_tour_animation_ends_at_once_and_draws_no_more() {
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(tour_animation(6, 63, 200), PAGE);
    worker.batch(6);
    let cancelled = answers(worker.received(Request::new(6, Ask::Cancel), PAGE));
    assert_eq!(cancelled[0].body, Answer::Cancelled);
    assert!(answers(worker.batch(6)).is_empty());
    assert_eq!(worker.running(), None);
}

fn queens_animation(job: u32, n: u32, (from, to): (u64, u64)) -> Request {
    let animation = SearchAnimation {
        from,
        to,
        budget: 200,
        delay_cs: 5,
        dark: false,
    };
    Request::new(job, Ask::Queens(QueensAsk::Animation { n, animation }))
}

#[test]
fn a_search_animation_runs_the_search_again_in_batches_and_a_cancel_gets_through() {
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(queens_animation(2, 6, (0, 300)), PAGE);
    let (gif, frames) = loop {
        match answers(worker.batch(2)).remove(0).body {
            Answer::Queens(QueensAnswer::Animation { gif, frames }) => break (gif, frames),
            Answer::Progress { stats, .. } => assert_eq!(stats.nodes, 200, "the budget"),
            other => panic!("expected progress or the GIF, got {other:?}"),
        }
    };
    let read = puzzlelab_checkers::gif::read(&gif).unwrap();
    assert_eq!((frames, read.frames.len()), (200, 200));
    // Far into N = 14's search: batches step the machine with no frame drawn yet, and a
    // Cancel between them stops it.
    worker.received(queens_animation(3, 14, (5_000_000, 5_000_010)), PAGE);
    let first = answers(worker.batch(3)).remove(0).body;
    assert!(
        matches!(first, Answer::Progress { depth: 0, .. }),
        "{first:?}"
    );
    let cancelled = answers(worker.received(Request::new(3, Ask::Cancel), PAGE));
    assert_eq!(cancelled[0].body, Answer::Cancelled);
    assert_eq!(worker.running(), None);
    // The knight's search, under the page's rules, and a step past its end refused.
    use puzzlelab_solver::{board::Board, knight::TourConfig};
    let board = Board::new(5, 5).unwrap();
    let config = TourConfig::standard(board, 2, false);
    let animation = SearchAnimation {
        from: 0,
        to: 10_000_000,
        budget: 20,
        delay_cs: 3,
        dark: true,
    };
    let ask = Ask::Knight(KnightAsk::SearchAnimation { config, animation });
    worker.received(Request::new(4, ask), PAGE);
    let end = loop {
        match answers(worker.batch(4)).remove(0).body {
            Answer::Progress { .. } => continue,
            other => break other,
        }
    };
    assert!(
        matches!(&end, Answer::Error { message } if message.contains("ends at step")),
        "{end:?}"
    );
}

#[test]
fn a_rubik_solution_animation_is_one_net_a_state_and_a_bad_one_is_refused() {
    let moves = parse_moves("R U F' L2 D").unwrap();
    let mut states = vec![Facelets::solved()];
    for m in &moves {
        let next = states.last().unwrap().apply_all(std::slice::from_ref(m));
        states.push(next);
    }
    let ask = |states: Vec<Facelets>, budget| {
        Request::new(
            3,
            Ask::Rubik(RubikAsk::Animation {
                states,
                budget,
                delay_cs: 33,
                dark: true,
            }),
        )
    };
    let mut worker = JobLoop::new(Workbenches::default());
    worker.received(ask(states, 200), PAGE);
    let done = loop {
        let answer = answers(worker.batch(3)).remove(0);
        if let Answer::Rubik(RubikAnswer::Animation { gif, frames }) = answer.body {
            break (gif, frames);
        }
        assert!(
            matches!(answer.body, Answer::Progress { .. }),
            "{:?}",
            answer.body
        );
    };
    assert_eq!(done.1, 6);
    let read = puzzlelab_checkers::gif::read(&done.0).unwrap();
    assert_eq!(read.frames.len(), 6);
    assert!(read.delays_cs.iter().all(|&d| d == 33));
    let refused = answers(worker.received(ask(Vec::new(), 200), PAGE));
    assert!(matches!(&refused[0].body, Answer::Error { .. }));
}
