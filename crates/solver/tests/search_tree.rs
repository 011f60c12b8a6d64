//! The search space made visible: the search-tree recorder (queens and the knight's
//! backtracking), brute force's leaps, and the search player's recording, against the
//! counters, the published facts and plain re-runs.

use puzzlelab_solver::chart::Bucket;
use puzzlelab_solver::knight::count::{count, CountSpec};
use puzzlelab_solver::knight::naive_count::{NaiveCounter, NaiveMethod, NaiveRace, WalkFailure};
use puzzlelab_solver::queens::search::{boards, permutations, queens_tree};
use puzzlelab_solver::queens::QueensSearch;
use puzzlelab_solver::tree::{pow, CellKind, SearchTree};
use puzzlelab_solver::watch::{Level, Player, PlayerAction, Recording, Stop, Watched};
use puzzlelab_solver::{Status, StepMachine};

fn spec(w: u32, h: u32, start: u32) -> CountSpec {
    CountSpec {
        width: w,
        height: h,
        start: Some(start),
        closed: false,
    }
}

fn queens_recording(n: u32) -> Recording<QueensSearch, SearchTree> {
    let mut r = Recording::new(QueensSearch::new(n, false).unwrap(), queens_tree(n));
    assert_eq!(r.run(u64::MAX, false, u64::MAX), Stop::Finished);
    r
}

fn nodes_of(icicle: &puzzlelab_solver::tree::Icicle) -> usize {
    icicle
        .cells
        .iter()
        .filter(|c| matches!(c.kind, CellKind::Node { .. }))
        .count()
}

#[test]
fn icicle_cells_come_row_by_row_left_to_right_each_after_its_parent() {
    for (n, min_width) in [(6u32, 0.0), (7, 0.0), (8, 1.0 / 1500.0)] {
        let r = queens_recording(n);
        for step in [r.step() / 3, r.step()] {
            let ice = r.observer().icicle(step, min_width);
            let key = |c: &puzzlelab_solver::tree::Cell| (c.depth, c.x);
            assert!(
                ice.cells.windows(2).all(|w| key(&w[0]) < key(&w[1])),
                "rows, then x, no two cells at one place: n = {n}, step {step}"
            );
            // A node's cell (and its run of cuts) comes after its parent's cell.
            let at = |id: u32| {
                ice.cells
                    .iter()
                    .position(|c| matches!(c.kind, CellKind::Node { id: i, .. } if i == id))
            };
            for (k, cell) in ice.cells.iter().enumerate() {
                if let CellKind::Cut { parent, .. } = cell.kind {
                    assert!(at(parent).is_some_and(|p| p < k), "n = {n}");
                }
            }
        }
    }
}

#[test]
fn queens_tree_matches_the_counters_and_accounts_for_every_board() {
    for n in 1..=8u32 {
        let r = queens_recording(n);
        let end = r.step();
        let c = *r.machine().counters();
        let tree = r.observer();
        let ice = tree.icicle(end, 0.0);
        assert_eq!(ice.nodes, c.nodes, "n = {n}");
        assert_eq!(nodes_of(&ice) as u64, c.nodes, "every node drawn, n = {n}");
        assert_eq!(ice.solutions, c.solutions, "n = {n}");
        assert_eq!(ice.cuts, r.machine().cuts(), "n = {n}");
        // Every one of the n^n boards is either a solution or below exactly one cut.
        assert_eq!(ice.eliminated + c.solutions as u128, boards(n), "n = {n}");
        if c.solutions > 0 {
            assert_eq!(ice.rows, n + 1, "n = {n}");
        }
    }
    assert_eq!(boards(8), 16_777_216);
    assert_eq!(permutations(8), 40_320);
    assert_eq!(permutations(40), u128::MAX, "saturates");
}

#[test]
fn eight_queens_tree_shows_the_articles_cuts_and_depths() {
    let r = queens_recording(8);
    let tree = r.observer();
    let ice = tree.icicle(r.step(), 0.0);
    // Nodes by depth: the published A319235 row for N = 8.
    let mut by_depth = vec![0u64; 9];
    for c in &ice.cells {
        if let CellKind::Node { .. } = c.kind {
            by_depth[c.depth as usize] += 1;
        }
    }
    assert_eq!(by_depth, [1, 8, 42, 140, 344, 568, 550, 312, 92]);
    // a1, then column b: b1 and b2 are refused (row and diagonal): 2 × 8^6 boards.
    let first_cut = ice
        .cells
        .iter()
        .find(|c| c.depth == 2 && matches!(c.kind, CellKind::Cut { .. }))
        .unwrap();
    let CellKind::Cut {
        count,
        exponent,
        eliminated,
        parent,
    } = first_cut.kind
    else {
        unreachable!()
    };
    assert_eq!((count, exponent, eliminated), (2, 6, 524_288));
    assert_eq!(tree.choices(parent), vec![0]);
    // Widths: children and cuts tile their parent exactly.
    let root = &ice.cells[0];
    assert!(matches!(root.kind, CellKind::Node { id: 0, .. }));
    let row1: f64 = ice
        .cells
        .iter()
        .filter(|c| c.depth == 1)
        .map(|c| c.width)
        .sum();
    assert!((row1 - 1.0).abs() < 1e-9, "{row1}");
    // The first solution's node gives back its placement.
    let solution = ice
        .cells
        .iter()
        .find_map(|c| match c.kind {
            CellKind::Node {
                id, solutions: 1, ..
            } if c.depth == 8 => Some(id),
            _ => None,
        })
        .unwrap();
    assert_eq!(tree.choices(solution), vec![0, 4, 7, 5, 2, 6, 1, 3]);
    assert_eq!(tree.entered(solution), Some(r.solution_steps()[0]));
}

#[test]
fn the_tree_at_each_step_is_the_tree_the_search_has_built_so_far() {
    let n = 6;
    let r = queens_recording(n);
    let tree = r.observer();
    let mut m = QueensSearch::new(n, false).unwrap();
    for step in 0..=r.step() {
        while m.stats().steps < step {
            m.step();
        }
        let ice = tree.icicle(step, 0.0);
        assert_eq!(ice.nodes, m.counters().nodes, "step {step}");
        assert_eq!(nodes_of(&ice) as u64, m.counters().nodes, "step {step}");
        assert_eq!(ice.solutions, m.counters().solutions, "step {step}");
        assert_eq!(ice.cuts, m.cuts(), "step {step}");
        // The open nodes are the machine's current placement.
        let open: Vec<u32> = ice
            .cells
            .iter()
            .filter_map(|c| match c.kind {
                CellKind::Node {
                    open: true, choice, ..
                } if c.depth > 0 => Some(choice),
                _ => None,
            })
            .collect();
        if !m.status().is_finished() {
            assert_eq!(open, m.rows(), "step {step}");
        }
    }
}

#[test]
fn narrow_nodes_fold_and_the_drawing_stays_bounded() {
    let r = queens_recording(10);
    let tree = r.observer();
    let full = tree.icicle(r.step(), 0.0);
    assert_eq!(full.nodes, 35_539);
    let drawn = tree.icicle(r.step(), 1.0 / 1500.0);
    assert!(drawn.cells.len() < 6_000, "{}", drawn.cells.len());
    assert_eq!(nodes_of(&drawn) as u64 + drawn.hidden, full.nodes);
    assert!(drawn
        .cells
        .iter()
        .any(|c| matches!(c.kind, CellKind::Node { folded: true, .. })));
    // Bad ids never panic.
    assert!(tree.choices(u32::MAX).is_empty());
    assert_eq!(tree.entered(u32::MAX), None);
    // A capped recording stops and says when.
    let mut capped = Recording::new(
        QueensSearch::new(8, false).unwrap(),
        queens_tree(8).with_max_nodes(100),
    );
    capped.run(u64::MAX, false, u64::MAX);
    assert!(capped.observer().truncated_at().is_some());
    assert_eq!(capped.observer().len(), 100);
}

#[test]
fn knight_backtracking_tree_accounts_for_every_move_sequence() {
    for (w, h) in [(3, 4), (4, 3), (3, 3), (2, 5)] {
        let mut r = Recording::new(
            NaiveCounter::new(NaiveMethod::Backtracking, spec(w, h, 0)).unwrap(),
            SearchTree::new(8, w * h - 1),
        );
        r.run(u64::MAX, false, u64::MAX);
        let m = r.machine();
        let ice = r.observer().icicle(r.step(), 0.0);
        assert_eq!(
            ice.nodes,
            m.stats().nodes + 1,
            "{w}x{h}: the start is the root"
        );
        assert_eq!(ice.solutions, m.found().tours, "{w}x{h}");
        assert_eq!(
            ice.eliminated + m.found().tours as u128,
            pow(8, w * h - 1),
            "{w}x{h}"
        );
        let fast = count(spec(w, h, 0)).unwrap();
        assert_eq!(m.found().tours, fast.directed, "{w}x{h}");
    }
}

#[test]
fn brute_force_leaps_count_exactly_what_single_steps_count() {
    // Boards small enough to check one sequence at a time in a debug build.
    for (w, h) in [(2, 4), (1, 4), (2, 3), (3, 2)] {
        let mut one = NaiveCounter::new(NaiveMethod::BruteForce, spec(w, h, 0)).unwrap();
        one.run(u64::MAX);
        for limit in [1, 7, 64, 1000, u64::MAX] {
            let mut leap = NaiveCounter::new(NaiveMethod::BruteForce, spec(w, h, 0)).unwrap();
            while leap.leap_steps(limit) > 0 {}
            assert_eq!(leap.found(), one.found(), "{w}x{h} limit {limit}");
            assert_eq!(
                leap.stats().steps,
                one.stats().steps,
                "{w}x{h} limit {limit}"
            );
            assert_eq!(
                leap.stats().nodes,
                one.stats().nodes,
                "{w}x{h} limit {limit}"
            );
        }
        // Stopping mid-block leaves the odometer exactly where single steps would.
        let mut a = NaiveCounter::new(NaiveMethod::BruteForce, spec(w, h, 0)).unwrap();
        let mut b = a.clone();
        let target = 777.min(one.stats().steps / 2);
        for _ in 0..target {
            a.step();
        }
        let mut left = target;
        while left > 0 {
            left -= b.leap_steps(left.min(100));
        }
        assert_eq!(a.digits(), b.digits(), "{w}x{h}");
        assert_eq!(a.checked(), b.checked(), "{w}x{h}");
    }
}

#[test]
fn brute_force_on_3x4_ends_with_the_fast_counters_count() {
    let mut c = NaiveCounter::new(NaiveMethod::BruteForce, spec(3, 4, 0)).unwrap();
    let mut calls = 0u64;
    while c.leap_steps(u64::MAX) > 0 {
        calls += 1;
    }
    assert_eq!(c.stats().steps, 8u64.pow(11));
    assert_eq!(c.found().tours, count(spec(3, 4, 0)).unwrap().directed);
    assert_eq!(
        c.found().tours,
        2,
        "the published count from a corner of 3x4"
    );
    assert!(calls < 2_000_000, "{calls} leaps");
}

#[test]
fn the_odometer_and_its_walk_on_the_board() {
    let c = NaiveCounter::new(NaiveMethod::BruteForce, spec(3, 4, 0)).unwrap();
    assert_eq!(
        c.checked(),
        vec![0; 11],
        "before any check: the first sequence"
    );
    // From a1 the first jump (1, 2) lands on b3; the second (1, 2) again leaves the
    // 3-wide board... b3 + (1, 2) = c5: off the 4-high board.
    let walk = c.walk(&[0, 0, 0]);
    assert_eq!(walk.squares, vec![0, 7]);
    assert_eq!(
        walk.failure,
        Some(WalkFailure::OffBoard {
            index: 1,
            from: 7,
            direction: 0
        })
    );
    // b3 and back to a1 (direction 4 is (−1, −2)): a square visited twice.
    let walk = c.walk(&[0, 4]);
    assert_eq!(
        walk.failure,
        Some(WalkFailure::Revisit {
            index: 1,
            square: 0
        })
    );
    // In full, as the notebook prints it: b3; c5 is off the board (not made); a1 again;
    // off the board again.
    let trace = c.trace(&[0, 0, 4, 4]);
    assert_eq!(trace.off_board, vec![2, 4]);
    assert_eq!(trace.again, vec![3]);
    assert_eq!(trace.visits[7], vec![1]);
    assert_eq!(trace.visits[0], vec![0, 3]);
    let mut c = c;
    c.step();
    c.step();
    assert_eq!(c.checked().last(), Some(&1));
    assert_eq!(c.digits().last(), Some(&2));
}

#[test]
fn recordings_seek_back_and_forth_to_the_same_states() {
    // The race leaps through brute force's blocks; seeking must land exactly.
    let race = NaiveRace::new(spec(3, 3, 0), true, true).unwrap();
    let mut r: Recording<NaiveRace> = Recording::new(race.clone(), ());
    assert_eq!(r.run(u64::MAX, false, u64::MAX), Stop::Finished);
    let total = r.total().unwrap();
    assert_eq!(total, 8u64.pow(8));
    let chart: u64 = r.chart().iter().map(|b: &Bucket| b.steps).sum();
    assert_eq!(chart, total, "the chart covers every step");
    for target in [total, 1, 4097, 123_456, 5, total - 3, 0] {
        r.seek(target, u64::MAX);
        assert_eq!(r.step(), target);
        let mut fresh = race.clone();
        while fresh.stats().steps < target {
            let left = target - fresh.stats().steps;
            fresh.leap(left);
        }
        let (a, b) = (r.machine(), &fresh);
        assert_eq!(
            a.brute.as_ref().unwrap().digits(),
            b.brute.as_ref().unwrap().digits()
        );
        assert_eq!(
            a.back.as_ref().unwrap().path(),
            b.back.as_ref().unwrap().path()
        );
    }
    // Queens: stepping back is a re-run from a checkpoint.
    let mut q: Recording<QueensSearch> = Recording::new(QueensSearch::new(8, false).unwrap(), ());
    q.run(u64::MAX, false, u64::MAX);
    let end = q.total().unwrap();
    for target in [1000u64, 999, 3, end, end + 50] {
        q.seek(target, u64::MAX);
        let mut m = QueensSearch::new(8, false).unwrap();
        while m.stats().steps < target && m.step().is_some() {}
        assert_eq!(q.machine().rows(), m.rows(), "step {target}");
    }
    assert_eq!(q.solution_steps().len(), 92);
}

#[test]
fn the_player_plays_steps_and_jumps_by_level() {
    let machine = NaiveRace::new(spec(3, 4, 0), false, true).unwrap();
    let mut p = Player::new(machine, (), 60, Level::Solutions).with_budget(50);
    // Level 1: a step goes to the next tour, a step back to the one before.
    let mut found = Vec::new();
    for _ in 0..2 {
        p.apply(PlayerAction::Step);
        while p.playing() {
            p.apply(PlayerAction::Tick);
        }
        assert!(p.machine().back.as_ref().unwrap().just_found());
        found.push(p.step());
    }
    assert!(found.windows(2).all(|w| w[0] < w[1]), "{found:?}");
    // Going back is a seek: a budget of work per tick until it lands.
    p.apply(PlayerAction::StepBack);
    settle(&mut p);
    assert_eq!(p.step(), found[0]);
    p.apply(PlayerAction::Step);
    while p.playing() {
        p.apply(PlayerAction::Tick);
    }
    assert_eq!(p.step(), found[1]);
    // Level 2: one step at a time; the end is reached a budget per tick.
    p.set_level(Level::Every);
    p.apply(PlayerAction::Step);
    assert_eq!(p.step(), found[1] + 1);
    p.apply(PlayerAction::End);
    let mut ticks = 0;
    while p.playing() {
        p.apply(PlayerAction::Tick);
        ticks += 1;
    }
    assert!(ticks > 1, "bounded per tick");
    let back = p.machine().back.as_ref().unwrap();
    assert_eq!(back.found().tours, 2);
    assert_eq!(back.status(), Status::Exhausted);
    assert!(p.view().at_end);
    assert_eq!(p.view().total, Some(p.step()));
    // Space toggles; playing at level 2 moves by the speed.
    p.apply(PlayerAction::Reset);
    settle(&mut p);
    assert_eq!(p.step(), 0);
    p.apply(PlayerAction::Toggle);
    assert!(p.playing());
    p.apply(PlayerAction::Tick);
    assert_eq!(p.step(), 1);
    p.apply(PlayerAction::Toggle);
    assert!(!p.playing());
    p.apply(PlayerAction::Seek(u64::MAX));
    settle(&mut p);
    assert_eq!(p.step(), p.view().furthest);
    assert_eq!(p.machine().depth(), 0);
}

fn settle<M: Watched>(p: &mut Player<M>) {
    while p.playing() {
        p.apply(PlayerAction::Tick);
    }
}

fn knight_config(w: u32, h: u32, start: &str) -> puzzlelab_solver::knight::TourConfig {
    use puzzlelab_solver::board::Board;
    use puzzlelab_solver::knight::{TieBreak, TourConfig};
    let board = Board::new(w, h).unwrap();
    let mut config = TourConfig::new(board, board.parse_square(start).unwrap());
    config.rule.backtrack = true;
    config.rule.tie_break = TieBreak::First;
    config
}

fn knight_recording(
    config: puzzlelab_solver::knight::TourConfig,
    max: usize,
) -> Recording<puzzlelab_solver::knight::tree_search::KnightTreeSearch, SearchTree> {
    use puzzlelab_solver::knight::tree_search::KnightTreeSearch;
    let machine = KnightTreeSearch::new(config).unwrap();
    let tree = machine.tree(max);
    let mut r = Recording::new(machine, tree);
    assert_eq!(r.run(u64::MAX, false, u64::MAX), Stop::Finished);
    r
}

/// An independent check of a walk: a start, then knight's jumps onto new squares.
fn is_knight_walk(w: u32, squares: &[u32]) -> bool {
    let xy = |s: u32| ((s % w) as i64, (s / w) as i64);
    let mut seen = std::collections::HashSet::new();
    squares.iter().all(|&s| seen.insert(s))
        && squares.windows(2).all(|p| {
            let ((ax, ay), (bx, by)) = (xy(p[0]), xy(p[1]));
            let (dx, dy) = ((ax - bx).abs(), (ay - by).abs());
            (dx, dy) == (1, 2) || (dx, dy) == (2, 1)
        })
}

#[test]
fn knight_tour_tree_counts_the_machines_nodes_and_every_sequence_when_exhausted() {
    // Every start of 3x4 and 4x3: where the search runs out, every one of the 8^(N−1)
    // jump sequences is below exactly one cut — with and without forward checking.
    let mut exhausted = 0;
    let mut solved = 0;
    for (w, h) in [(3, 4), (4, 3)] {
        for start in 0..w * h {
            for forward in [false, true] {
                let board = puzzlelab_solver::board::Board::new(w, h).unwrap();
                let mut config = knight_config(w, h, &board.name(start));
                config.rule.forward_check = forward;
                let r = knight_recording(config, usize::MAX);
                let m = r.machine().tour();
                let ice = r.observer().icicle(r.step(), 0.0);
                let at = format!("{w}x{h} from {} fc={forward}", board.name(start));
                // The machine counts the start as a node, as the tree does.
                assert_eq!(ice.nodes, m.stats().nodes, "{at}");
                assert_eq!(nodes_of(&ice) as u64, ice.nodes, "{at}");
                match m.status() {
                    Status::Exhausted if m.stats().steps > 0 => {
                        exhausted += 1;
                        assert_eq!(ice.solutions, 0, "{at}");
                        assert_eq!(ice.eliminated, pow(8, w * h - 1), "{at}");
                    }
                    Status::Solved => {
                        solved += 1;
                        assert_eq!(ice.solutions, 1, "{at}");
                        assert!(ice.eliminated < pow(8, w * h - 1), "{at}");
                    }
                    _ => assert_eq!(m.stats().steps, 0, "{at}: ruled out by a theorem"),
                }
            }
        }
    }
    assert!(exhausted > 0 && solved > 0, "{exhausted} {solved}");
}

#[test]
fn knight_tour_tree_grows_with_the_search_and_its_nodes_are_real_walks() {
    // 5x5 from c1, clockwise ties, plain backtracking: thousands of steps to a tour.
    let r = knight_recording(knight_config(5, 5, "c1"), usize::MAX);
    let m = r.machine().tour();
    assert_eq!(m.status(), Status::Solved);
    let tree = r.observer();
    let end = r.step();
    let ice = tree.icicle(end, 0.0);
    assert_eq!(ice.nodes, m.stats().nodes);
    assert_eq!(ice.solutions, 1);
    assert_eq!(ice.rows, 25, "the tour is 24 jumps deep");
    // The tree at step k has the nodes the machine had entered by step k.
    let mut fresh = knight_recording(knight_config(5, 5, "c1"), usize::MAX);
    for k in [0, 1, 10, 100, end / 2, end] {
        fresh.seek(k, u64::MAX);
        let at = tree.icicle(k, 0.0);
        assert_eq!(at.nodes, fresh.machine().tour().stats().nodes, "step {k}");
    }
    // Every node is a walk from c1, and the one the search ended on is its tour.
    let start = m.board().parse_square("c1").unwrap();
    for id in (0..tree.len() as u32).step_by(37) {
        let mut walk = vec![start];
        walk.extend(tree.choices(id));
        assert!(is_knight_walk(5, &walk), "node {id}: {walk:?}");
        assert_eq!(walk.len() as u32 - 1, tree.depth(id).unwrap());
    }
    let last = ice
        .cells
        .iter()
        .filter_map(|c| match c.kind {
            CellKind::Node {
                id, solutions: 1, ..
            } if c.depth == 24 => Some(id),
            _ => None,
        })
        .next()
        .expect("the tour's leaf");
    let mut tour = vec![start];
    tour.extend(tree.choices(last));
    assert_eq!(tour, m.path());
}

#[test]
fn knight_tour_tree_stays_bounded_and_says_where_it_stopped() {
    let r = knight_recording(knight_config(5, 5, "c1"), 500);
    let tree = r.observer();
    assert_eq!(tree.len(), 500);
    let stopped = tree.truncated_at().expect("stopped for size");
    assert!(stopped < r.step());
    assert_eq!(tree.icicle(r.step(), 0.0).nodes, 500);
}

#[test]
fn the_remote_player_asks_one_frame_at_a_time_and_the_newest_wins() {
    use puzzlelab_solver::watch::RemotePlayer;
    let mut p = RemotePlayer::new(1_000_000, 30);
    assert_eq!(p.fetch(0), Some(0));
    assert_eq!(p.arrived(0), None);
    // A step asks for step 1; while it is in flight, more steps only move the target.
    assert_eq!(p.apply(PlayerAction::Step), (Some(1), true));
    assert_eq!(p.apply(PlayerAction::Step), (None, true));
    assert_eq!(p.apply(PlayerAction::Seek(500)), (None, true));
    assert_eq!(p.target(), 500);
    assert_eq!(p.arrived(1), Some(500));
    assert_eq!(p.arrived(500), None);
    assert_eq!(p.step(), 500);
    // Back, home, end, and never past the ends.
    assert_eq!(p.apply(PlayerAction::StepBack).0, Some(499));
    p.arrived(499);
    assert_eq!(p.apply(PlayerAction::Reset).0, Some(0));
    p.arrived(0);
    assert_eq!(p.apply(PlayerAction::StepBack).0, None);
    assert_eq!(p.apply(PlayerAction::End).0, Some(1_000_000));
    p.arrived(1_000_000);
    assert_eq!(p.apply(PlayerAction::Step).0, None);
    assert!(p.view("solved", Vec::new(), 25).at_end);
    // Playing: a tick fetches the next stride (a million steps in at most 3,000 ticks),
    // waits while a frame is in flight, and stops at the end.
    p.apply(PlayerAction::Reset);
    p.arrived(0);
    p.apply(PlayerAction::Toggle);
    assert!(p.playing());
    let (first, _) = p.apply(PlayerAction::Tick);
    assert_eq!(first, Some(334));
    assert_eq!(p.apply(PlayerAction::Tick), (None, false));
    let mut ticks = 1;
    while p.playing() {
        if let (Some(s), _) = p.apply(PlayerAction::Tick) {
            ticks += 1;
            p.arrived(s);
        } else {
            p.arrived(p.target());
        }
    }
    assert!(ticks <= 3000, "{ticks}");
    assert_eq!(p.target(), 1_000_000);
    p.apply(PlayerAction::Speed(500));
    assert_eq!(p.speed(), 120);
}

#[test]
fn arrow_keys_walk_the_drawn_tree() {
    use puzzlelab_solver::tree::Toward;
    let r = queens_recording(6);
    let tree = r.observer();
    let ice = tree.icicle(r.step(), 0.0);
    // From the root: down to its first child (a queen in the first column), across its
    // row and back up.
    assert_eq!(ice.neighbour(0, Toward::Parent), None);
    let child = ice.neighbour(0, Toward::Child).expect("a child");
    assert_eq!(tree.depth(child), Some(1));
    assert_eq!(tree.choices(child).len(), 1);
    assert_eq!(ice.neighbour(child, Toward::Parent), Some(0));
    assert_eq!(
        ice.neighbour(child, Toward::Previous),
        None,
        "the first on its row"
    );
    let next = ice.neighbour(child, Toward::Next).expect("a sibling");
    assert_eq!(tree.depth(next), Some(1));
    assert_eq!(ice.neighbour(next, Toward::Previous), Some(child));
    // Every drawn node's child lies under it and says it is its parent.
    for cell in &ice.cells {
        if let CellKind::Node { id, .. } = cell.kind {
            if let Some(c) = ice.neighbour(id, Toward::Child) {
                assert_eq!(tree.depth(c), Some(cell.depth + 1));
                assert_eq!(
                    &tree.choices(c)[..cell.depth as usize],
                    &tree.choices(id)[..]
                );
                assert_eq!(ice.neighbour(c, Toward::Parent), Some(id));
            }
        }
    }
    assert_eq!(ice.neighbour(u32::MAX, Toward::Next), None);
}
