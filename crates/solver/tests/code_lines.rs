//! The lines the step machines report, against traces written by hand from the listings
//! (the page's words: `crates/web/src/app/code/listings/`). Knight numbers: 1 start,
//! 2 plan, 3 greedy, 4 greedy stuck, 5 strand, 6 no way home, 7 rank, 8 next, 9 complete,
//! 10 exhausted, 11 back, 12 fast back. Queens: 1 start, 2 place, 3 solution, 4 next,
//! 5 back, 6 done. Pocket cube breadth-first search: 1 start, 2 expand, 3 layer, 4 done;
//! its optimal solve: 1 start, 2 try, 3 take, 4 solved. The counting lab's brute force:
//! 1 start, 2 fail, 3 tour, 4 wrapped; its backtracking: 1 start, 2 move, 3 tour, 4 back,
//! 5 done. The Rubik's two-phase search's phases: 1 start, 2 phase 1 extends, 3 skip,
//! 4 hand to phase 2, 5 phase 2 extends, 6 no completion, 7 improved, 8 view done, 9 stop.

use std::collections::BTreeSet;
use std::sync::{Arc, OnceLock};

use puzzlelab_solver::cube::code::{BfsLine, SolveLine};
use puzzlelab_solver::cube::solve::{position_of, solve};
use puzzlelab_solver::cube::walk::SolveWalk;
use puzzlelab_solver::cube::{
    format_moves, parse_moves, DistanceTable, LayerBfs, Metric, MoveTables, Stickers,
};

use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::code::KnightLine;
use puzzlelab_solver::knight::count::CountSpec;
use puzzlelab_solver::knight::naive_code::{BackLine, BruteLine};
use puzzlelab_solver::knight::naive_count::{NaiveCounter, NaiveMethod};
use puzzlelab_solver::knight::{Heuristic, KnightTour, Rule, TieBreak, TourConfig, TourEvent};
use puzzlelab_solver::queens::code::QueensLine;
use puzzlelab_solver::queens::{QueensEvent, QueensSearch};
use puzzlelab_solver::rubik::code::{phase_trace, PhaseLine, PhaseStep, PhaseStop};
use puzzlelab_solver::rubik::{
    apply_moves, Cube, SearchOptions, Tables as RubikTables, TwoPhaseSearch, SOLVED,
};
use puzzlelab_solver::StepMachine;

fn first_ties() -> Rule {
    Rule::greedy(Heuristic::Warnsdorff, TieBreak::First)
}

/// Runs the tour `rule` asks for on `w`x`h` from `start`, checking each line against
/// its event, and returns the line numbers.
fn knight_lines(w: u32, h: u32, start: &str, closed: bool, rule: Rule) -> Vec<u8> {
    let board = Board::new(w, h).unwrap();
    let mut config = TourConfig::new(board, board.parse_square(start).unwrap());
    config.rule = rule;
    config.closed = closed;
    let mut tour = KnightTour::new(config).unwrap();
    assert_eq!(tour.line(), KnightLine::Start);
    let mut lines = Vec::new();
    while let Some(event) = tour.step() {
        let line = tour.line();
        let fits = match event {
            TourEvent::Move { .. } => matches!(
                line,
                KnightLine::Plan
                    | KnightLine::Greedy
                    | KnightLine::Rank
                    | KnightLine::Next
                    | KnightLine::Complete
            ),
            TourEvent::Backtrack { .. } => matches!(
                line,
                KnightLine::Plan
                    | KnightLine::Strand
                    | KnightLine::NoWayHome
                    | KnightLine::Back
                    | KnightLine::FastBack
            ),
            TourEvent::Stuck { .. } => {
                matches!(line, KnightLine::GreedyStuck | KnightLine::Exhausted)
            }
        };
        assert!(fits, "{event:?} reported {line:?}");
        lines.push(line.number());
    }
    lines
}

fn repeat(line: u8, times: usize) -> Vec<u8> {
    vec![line; times]
}

fn seq(parts: &[Vec<u8>]) -> Vec<u8> {
    parts.concat()
}

// From c1 the fewest-onward rule with clockwise ties walks c1 e2 d4 b5 a3 b1 d2 e4 c5 b3
// a1 c2 e1 d3 e5 c4 a5 (16 moves) and a5 has no jump left.
const WALK: usize = 16;

#[test]
fn knight_5x5_from_c1_reports_the_lines_of_each_option() {
    let rule = first_ties();
    // Greedy: line 3 per move, then 4 (stuck on a5).
    let greedy = seq(&[repeat(3, WALK), vec![4]]);
    assert_eq!(knight_lines(5, 5, "c1", false, rule), greedy);

    // Backtracking: each new square ranks (7); a5 is a dead end, back to c4 (11), c4's
    // next candidate e3 (8), seven squares ranked, then three dead ends back (11) and the
    // next candidate (8).
    let backtrack = Rule {
        backtrack: true,
        ..rule
    };
    let lines = knight_lines(5, 5, "c1", false, backtrack);
    let prefix = seq(&[
        repeat(7, WALK),
        vec![11, 8],
        repeat(7, 7),
        repeat(11, 3),
        vec![8],
    ]);
    assert_eq!(lines[..prefix.len()], prefix);
    assert_eq!((lines.len(), lines.last()), (3442, Some(&9)));

    // Forward checking: back from a5 to c4, e3 strands a square (5), so does c4's last
    // candidate (8, 5); c4 is used up (11), and so is e5 (11): d3's next (8) strands too.
    let checked = Rule {
        forward_check: true,
        ..backtrack
    };
    let lines = knight_lines(5, 5, "c1", false, checked);
    let prefix = seq(&[repeat(7, WALK), vec![11, 8, 5, 8, 5, 11, 11, 8, 5]]);
    assert_eq!(lines[..prefix.len()], prefix);
    assert_eq!((lines.len(), lines.last()), (78, Some(&9)));

    // Fast backtracking: from a5 straight back to the last tie with a move left (12), its
    // next candidate (8), six squares, a jump again, and 14 squares to the tour (9).
    let fast = Rule {
        fast_backtrack: true,
        ..backtrack
    };
    let whole = seq(&[
        repeat(7, WALK),
        vec![12, 8],
        repeat(7, 6),
        vec![12, 8],
        repeat(7, 14),
        vec![9],
    ]);
    assert_eq!(knight_lines(5, 5, "c1", false, fast), whole);

    // The standard rule (Roth's ties, forward checking) walks the tour without a step
    // back: 23 squares ranked and the last move completes it.
    let standard = seq(&[repeat(7, 23), vec![9]]);
    assert_eq!(knight_lines(5, 5, "c1", false, Rule::standard()), standard);

    // Pohl's ties: the same walk to a5, then c4's next (b2 here, 8), seven squares, five
    // dead ends back (11) and the next candidate (8).
    let pohl = Rule {
        tie_break: TieBreak::Pohl,
        ..backtrack
    };
    let lines = knight_lines(5, 5, "c1", false, pohl);
    let prefix = seq(&[
        repeat(7, WALK),
        vec![11, 8],
        repeat(7, 7),
        repeat(11, 5),
        vec![8],
    ]);
    assert_eq!(lines[..prefix.len()], prefix);
}

#[test]
fn every_knight_line_is_reached() {
    let backtrack = Rule {
        backtrack: true,
        ..first_ties()
    };
    let mut seen: BTreeSet<u8> = [KnightLine::Start.number()].into();
    let runs = [
        knight_lines(5, 5, "c1", false, first_ties()),
        knight_lines(5, 5, "c1", false, backtrack),
        knight_lines(5, 5, "c1", false, Rule::standard()),
        // Forward checking prunes a move that strands a square (5).
        knight_lines(
            5,
            5,
            "c1",
            false,
            Rule {
                forward_check: true,
                ..backtrack
            },
        ),
        knight_lines(
            5,
            5,
            "c1",
            false,
            Rule {
                fast_backtrack: true,
                ..backtrack
            },
        ),
        // A closed tour on 6x6 takes moves back when the start has no way home (6).
        knight_lines(6, 6, "a1", true, backtrack),
        // No open tour from b2 on 3x4: backtracking runs out at the start (10).
        knight_lines(3, 4, "b2", false, backtrack),
        // A built tour is played back move by move (2), the last completes it (9).
        knight_lines(
            8,
            8,
            "a1",
            false,
            Rule::greedy(Heuristic::Construct, TieBreak::Roth),
        ),
    ];
    for run in &runs {
        seen.extend(run);
    }
    let all: BTreeSet<u8> = KnightLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
    assert_eq!(all, (1..=12).collect());
}

fn queens_lines(n: u32) -> Vec<u8> {
    let mut search = QueensSearch::new(n, false).unwrap();
    assert_eq!(search.line(), QueensLine::Start);
    let mut lines = Vec::new();
    while !search.status().is_finished() {
        let event = search.step();
        let line = search.line();
        let fits = match event {
            Some(QueensEvent::Place { .. }) => line == QueensLine::Place,
            Some(QueensEvent::Solution { .. }) => line == QueensLine::Solution,
            Some(QueensEvent::Remove { .. }) => matches!(line, QueensLine::Next | QueensLine::Back),
            None => line == QueensLine::Done,
        };
        assert!(fits, "{event:?} reported {line:?}");
        lines.push(line.number());
    }
    lines
}

#[test]
fn queens_5_reports_the_lines_of_the_listing() {
    let lines = queens_lines(5);
    // a1, b3, c5, d2 placed (2), e4 completes a solution (3); taken back for the next (4);
    // e5 shares c5's row: back (5), d3..d5 all attacked: back, c has no row left: back,
    // then b4 is placed (2).
    let prefix = [2, 2, 2, 2, 3, 4, 5, 5, 5, 2];
    assert_eq!(lines[..prefix.len()], prefix);
    assert_eq!(lines.iter().filter(|&&l| l == 3).count(), 10);
    assert_eq!(lines.last(), Some(&6));
    let mut seen: BTreeSet<u8> = lines.into_iter().collect();
    seen.insert(QueensLine::Start.number());
    let all: BTreeSet<u8> = QueensLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
}

/// The move tables and both metrics' distance tables, built once for the cube tests.
fn cube_tables() -> &'static (MoveTables, DistanceTable, DistanceTable) {
    static TABLES: OnceLock<(MoveTables, DistanceTable, DistanceTable)> = OnceLock::new();
    TABLES.get_or_init(|| {
        let tables = MoveTables::new();
        let htm = DistanceTable::build(&tables, Metric::Htm);
        let qtm = DistanceTable::build(&tables, Metric::Qtm);
        (tables, htm, qtm)
    })
}

/// The optimal solve's lines from the cube `scramble` turns from solved, and its turns.
fn solve_lines(scramble: &str, metric: Metric) -> (Vec<u8>, String) {
    let (tables, htm, qtm) = cube_tables();
    let table = if metric == Metric::Htm { htm } else { qtm };
    let cube = Stickers::solved().apply_all(&parse_moves(scramble).unwrap());
    let position = position_of(&cube).unwrap();
    let mut walk = SolveWalk::new(tables, table, position);
    assert_eq!(walk.line(), SolveLine::Start);
    let mut lines = Vec::new();
    while !walk.status().is_finished() {
        let event = walk.step();
        let line = walk.line();
        let fits = match event {
            Some(e) if !e.taken => line == SolveLine::Try,
            Some(_) => matches!(line, SolveLine::Take | SolveLine::Solved),
            None => line == SolveLine::Solved,
        };
        assert!(fits, "{event:?} reported {line:?}");
        lines.push(line.number());
    }
    let turns = format_moves(&solve(tables, table, position));
    (lines, turns)
}

#[test]
fn pocket_solve_one_and_two_turns_from_solved_reports_the_lines_by_hand() {
    // Solved already: nothing to try (4).
    assert_eq!(solve_lines("", Metric::Htm), (vec![4], String::new()));
    // R, half-turn metric: the turns are tried U U2 U' R R2 R' F F2 F'. U, U2 and U' lead
    // two away, R and R2 (to R2 and R') stay one away (2 each); R' solves it (4).
    assert_eq!(
        solve_lines("R", Metric::Htm),
        (vec![2, 2, 2, 2, 2, 4], "R'".to_string())
    );
    // R U: U and U2 stay two away (2), U' goes back to R (3); then R's five tries and R'.
    assert_eq!(
        solve_lines("R U", Metric::Htm),
        (vec![2, 2, 3, 2, 2, 2, 2, 2, 4], "U' R'".to_string())
    );
    // Quarter turns only (U U' R R' F F'): R from R is R2, two quarter turns away.
    assert_eq!(
        solve_lines("R", Metric::Qtm),
        (vec![2, 2, 2, 4], "R'".to_string())
    );
    let mut seen: BTreeSet<u8> = [SolveLine::Start.number()].into();
    for (scramble, metric) in [("R", Metric::Htm), ("R U", Metric::Htm), ("", Metric::Qtm)] {
        seen.extend(solve_lines(scramble, metric).0);
    }
    let all: BTreeSet<u8> = SolveLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
}

#[test]
fn pocket_bfs_reports_a_line_per_batch_and_layer() {
    let (tables, htm, _) = cube_tables();
    let mut bfs = LayerBfs::with_tables(tables.clone(), Metric::Htm, 16_384);
    assert_eq!(bfs.line(), BfsLine::Start);
    let mut lines = Vec::new();
    while let Some(event) = bfs.step() {
        let line = bfs.line();
        let done = bfs.status().is_finished();
        let fits = match (event.layer_done, line) {
            (false, BfsLine::Expand) => true,
            (true, BfsLine::Layer) => !done,
            (true, BfsLine::Done) => done,
            _ => false,
        };
        assert!(fits, "{event:?} reported {line:?}");
        lines.push(line.number());
    }
    // Layers 0 to 5 (1, 9, 54, 321, 1,847 and 9,992 positions) fit one batch each: each
    // step ends its layer (3). Layer 6 (50,136) takes four batches: 2, 2, 2, 3.
    assert_eq!(lines[..10], [3, 3, 3, 3, 3, 3, 2, 2, 2, 3]);
    // Layer 11's 2,644 positions, the last, find nothing new: done (4).
    assert_eq!(lines.last(), Some(&4));
    assert_eq!(lines.iter().filter(|&&l| l == 3).count(), 11);
    // A step per batch: the whole search is the distribution's batches.
    let batches: u64 = htm.distribution().iter().map(|c| c.div_ceil(16_384)).sum();
    assert_eq!(lines.len() as u64, batches);
    let mut seen: BTreeSet<u8> = lines.into_iter().collect();
    seen.insert(BfsLine::Start.number());
    let all: BTreeSet<u8> = BfsLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
}

fn naive(method: NaiveMethod, w: u32, h: u32) -> NaiveCounter {
    NaiveCounter::new(method, CountSpec::new(w, h, Some(0), false)).unwrap()
}

#[test]
fn brute_force_odometer_reports_its_lines_by_hand() {
    // Brute force: 1 start, 2 the sequence fails, 3 a tour, 4 the odometer wrapped.
    // 1×2: one move, eight directions, none on the board: seven fail (2), the eighth
    // fails and the odometer wraps (4).
    let mut c = naive(NaiveMethod::BruteForce, 2, 1);
    assert_eq!(c.brute_line(), BruteLine::Start);
    let mut lines = Vec::new();
    while c.step().is_some() {
        lines.push(c.brute_line().number());
    }
    assert_eq!(lines, [2, 2, 2, 2, 2, 2, 2, 4]);
    // 3×4 from a1, leaping over the sequences that fail alike: a line 3 for each tour.
    let mut c = naive(NaiveMethod::BruteForce, 3, 4);
    let mut tours = 0;
    let mut seen: BTreeSet<u8> = [1].into();
    while c.status() == puzzlelab_solver::Status::Running {
        c.leap_steps(u64::MAX);
        tours += u64::from(c.brute_line() == BruteLine::Tour);
        assert_eq!(c.brute_line() == BruteLine::Tour, c.just_found());
        seen.insert(c.brute_line().number());
    }
    assert!(tours > 0 && tours == c.found().tours);
    let all: BTreeSet<u8> = BruteLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
}

#[test]
fn the_race_backtracker_reports_its_lines_by_hand() {
    // Backtracking: 1 start, 2 move, 3 a tour, 4 back, 5 done. On 3×3 the eight outer
    // squares form one ring of jumps (the centre has none): from a1 the walk goes round
    // one way (seven moves), is stuck, steps back to a1 (seven), goes round the other way,
    // back again, and a1 has no direction left (5).
    let mut c = naive(NaiveMethod::Backtracking, 3, 3);
    assert_eq!(c.back_line(), BackLine::Start);
    let mut lines = Vec::new();
    while c.step().is_some() {
        lines.push(c.back_line().number());
    }
    let round = seq(&[repeat(2, 7), repeat(4, 7)]);
    assert_eq!(lines, seq(&[round.clone(), round, vec![5]]));
    // 1×2: nothing to move to: done at once.
    let mut c = naive(NaiveMethod::Backtracking, 2, 1);
    c.step();
    assert_eq!(c.back_line(), BackLine::Done);
    // 3×4 from a1: a line 3 for each tour, then a step back from it (4).
    let mut c = naive(NaiveMethod::Backtracking, 3, 4);
    let mut lines = Vec::new();
    while c.step().is_some() {
        lines.push(c.back_line().number());
    }
    let tours = lines.iter().filter(|&&l| l == 3).count() as u64;
    assert!(tours > 0 && tours == c.found().tours);
    assert!(lines.windows(2).all(|w| w[0] != 3 || w[1] == 4));
    let mut seen: BTreeSet<u8> = lines.into_iter().collect();
    seen.insert(BackLine::Start.number());
    let all: BTreeSet<u8> = BackLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
}

/// The Rubik's two-phase search tables, built once.
fn rubik_tables() -> Arc<RubikTables> {
    static TABLES: OnceLock<Arc<RubikTables>> = OnceLock::new();
    TABLES.get_or_init(|| Arc::new(RubikTables::new())).clone()
}

/// The phases' trace of the search of the cube `scramble` turns from solved, searching
/// `views` views of it.
fn rubik_trace(scramble: &str, views: u8, max_length: u8) -> Vec<PhaseStep> {
    let cube = Cube::parse(&apply_moves(SOLVED, scramble).unwrap()).unwrap();
    let options = SearchOptions {
        directions: views,
        max_length,
        target_length: 0,
    };
    let mut search = TwoPhaseSearch::new(rubik_tables(), &cube, options);
    phase_trace(&mut search, 100_000)
}

fn lines_of(trace: &[PhaseStep]) -> Vec<u8> {
    trace.iter().map(|s| s.line).collect()
}

#[test]
fn rubik_phases_of_one_to_three_turns_report_the_lines_by_hand() {
    // Phase 1's last turn is a quarter turn of R, L, F or B, tried R R' F F' L L' B B'
    // (one view, the cube as it is). The limit sets the first best: limit + 1.
    // R, limit 1: R R is R2, in the subgroup, but phase 2 needs R2, not < best − d1 = 1:
    // skipped (3); R R' is solved: best 1 (7), no shorter exists: stop (9).
    let r = rubik_trace("R", 1, 1);
    assert_eq!(lines_of(&r), [1, 3, 7, 9]);
    assert_eq!((r[0].d1, r[0].proven, r[0].best), (1, 1, None));
    assert_eq!((r[2].best, r[3].stop), (Some(1), Some(PhaseStop::Optimal)));
    // U R, limit 2: U R R needs R2 U' (2 > 1): skipped; U R R' is U, phase 2 needs U'
    // (1): handed with bound 3 − 1 − 1 = 1 (4); phase 2's U' solves it: best 2 (7). The
    // other quarter turns do not reach the subgroup: every 1-turn phase 1 is done,
    // nothing shorter than 2 (8), and the best is 2: stop (9).
    let ur = rubik_trace("U R", 1, 2);
    assert_eq!(lines_of(&ur), [1, 3, 4, 7, 8, 9]);
    assert_eq!(ur[2].bound, Some(1));
    assert_eq!((ur[3].depth1, ur[3].depth2, ur[3].best), (1, 1, Some(2)));
    assert_eq!(ur[4].proven, 2);
    // R U, limit 3: phase 1 of 2 turns, U' first (2); U' R leaves R2 (needs 1, bound
    // 4 − 1 − 2 = 1): handed (4), but R2 cannot follow R: no completion (6); U' R'
    // solves it: best 2 (7), optimal (9).
    let ru = rubik_trace("R U", 1, 3);
    assert_eq!(lines_of(&ru), [1, 2, 4, 6, 7, 9]);
    assert_eq!((ru[1].depth1, ru[2].depth1, ru[2].bound), (1, 2, Some(1)));
    assert_eq!((ru[4].best, ru[4].depth2), (Some(2), 0));
    // U R, limit 3: R leaves U R2 (needs 2, bound 2): handed, but R2 cannot follow R
    // (6); R' leaves U: handed (4); phase 2 enters U and U2 (5, 5) before U' solves it
    // (7); the round ends (8) and stops (9).
    let ur3 = rubik_trace("U R", 1, 3);
    assert_eq!(lines_of(&ur3), [1, 4, 6, 4, 5, 5, 7, 8, 9]);
    assert_eq!((ur3[4].depth2, ur3[4].bound), (1, Some(2)));
    assert_eq!(ur3[6].best, Some(2));
    // Every line of the listing is reached.
    let seen: BTreeSet<u8> = [r, ur, ru, ur3].iter().flat_map(|t| lines_of(t)).collect();
    let all: BTreeSet<u8> = PhaseLine::ALL.iter().map(|l| l.number()).collect();
    assert_eq!(seen, all);
}

#[test]
fn rubik_phases_at_the_default_limit_improve_down_to_the_best() {
    // From the limit 20, phase 2 goes depth-first at its loosest bound: each solution
    // (7) is shorter than the last and is d1 + depth2 moves; R U ends at 2, optimal.
    let trace = rubik_trace("R U", 1, 20);
    let improved: Vec<&PhaseStep> = trace.iter().filter(|s| s.line == 7).collect();
    assert!(improved.len() > 2, "{}", improved.len());
    for pair in improved.windows(2) {
        assert!(pair[1].best < pair[0].best);
    }
    for s in &improved {
        assert_eq!(s.best, Some(s.depth1 + s.depth2));
    }
    let last = trace.last().unwrap();
    assert_eq!(
        (last.line, last.best, last.stop),
        (9, Some(2), Some(PhaseStop::Optimal))
    );
    // A step a line, numbered from the start.
    assert!(trace
        .iter()
        .enumerate()
        .all(|(i, s)| s.step as usize == i.min(trace.len() - 2)));
}
