//! The pocket cube as a graph, checked by a sticker model written here from the net's
//! description (no solver code): start → goal paths are real and optimal, the number of
//! optimal paths equals a brute-force enumeration, the layer-by-layer search builds the
//! same table, antipodes are antipodes.

mod pocket_tables;
use pocket_tables::{table, tables};

use std::collections::HashSet;
use std::sync::OnceLock;

use puzzlelab_solver::cube::graph::{
    cheapest_between, hints, hints_between, random_antipode, relative_position, solve_between,
    OptimalPaths,
};
use puzzlelab_solver::cube::solve::{length, Costs};
use puzzlelab_solver::cube::{format_moves, LayerBfs, Metric, Stickers};
use puzzlelab_solver::rng::Rng;
use puzzlelab_solver::{Status, StepMachine};

// ---------------------------------------------------------------------------------------
// The independent model: 24 stickers in the net order of tests/reference/cube.json.

type V = [i32; 3];

/// Each face: its letter, outward normal, and the drawn net's "right" and "down" in space
/// (U seen from above with the back edge at the top, D from below with the front edge at
/// the top, the four sides from outside with U at the top).
const FACES: [(char, V, V, V); 6] = [
    ('U', [0, 1, 0], [1, 0, 0], [0, 0, 1]),
    ('L', [-1, 0, 0], [0, 0, 1], [0, -1, 0]),
    ('F', [0, 0, 1], [1, 0, 0], [0, -1, 0]),
    ('R', [1, 0, 0], [0, 0, -1], [0, -1, 0]),
    ('B', [0, 0, -1], [-1, 0, 0], [0, -1, 0]),
    ('D', [0, -1, 0], [1, 0, 0], [0, 0, -1]),
];

fn reference() -> serde_json::Value {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/reference/cube.json"
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// (cubie, normal) of every sticker, in net order.
fn places() -> &'static Vec<(V, V)> {
    static P: OnceLock<Vec<(V, V)>> = OnceLock::new();
    P.get_or_init(|| {
        let order = reference()["net_order"].as_str().unwrap().to_string();
        order
            .split([',', ' '])
            .filter(|t| !t.is_empty())
            .map(|name| {
                let face = name.chars().next().unwrap();
                let k: i32 = name[1..].parse().unwrap();
                let (_, n, right, down) = *FACES.iter().find(|f| f.0 == face).unwrap();
                let (col, row) = (2 * (k % 2) - 1, 2 * (k / 2) - 1);
                let cubie = std::array::from_fn(|i| n[i] + col * right[i] + row * down[i]);
                (cubie, n)
            })
            .collect()
    })
}

fn dot(a: V, b: V) -> i32 {
    a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

/// Clockwise quarter turn about `n`, looking at the face `n` points to.
fn turn_vector(n: V, v: V) -> V {
    let cross = [
        n[1] * v[2] - n[2] * v[1],
        n[2] * v[0] - n[0] * v[2],
        n[0] * v[1] - n[1] * v[0],
    ];
    std::array::from_fn(|i| n[i] * dot(n, v) - cross[i])
}

/// Where each sticker goes under a quarter turn about `n` (the layer with cubie·n > 0, or
/// all of the cube).
fn quarter(n: V, whole: bool) -> Vec<usize> {
    let p = places();
    (0..24)
        .map(|i| {
            let (c, m) = p[i];
            if !whole && dot(c, n) <= 0 {
                return i;
            }
            let moved = (turn_vector(n, c), turn_vector(n, m));
            p.iter().position(|&x| x == moved).unwrap()
        })
        .collect()
}

type Cube = [u8; 24];

fn apply(cube: &Cube, perm: &[usize]) -> Cube {
    let mut out = [0u8; 24];
    for i in 0..24 {
        out[perm[i]] = cube[i];
    }
    out
}

/// The sticker permutation of a turn by name: `U`, `R2`, `F'`, or a rotation `x`, `y`, `z`.
fn permutation(name: &str) -> Vec<usize> {
    let letter = name.chars().next().unwrap();
    let times = match &name[1..] {
        "" => 1,
        "2" => 2,
        "'" => 3,
        other => panic!("bad suffix {other}"),
    };
    let (n, whole) = match letter {
        'x' => (FACES[3].1, true),
        'y' => (FACES[0].1, true),
        'z' => (FACES[2].1, true),
        f => (FACES.iter().find(|x| x.0 == f).unwrap().1, false),
    };
    let q = quarter(n, whole);
    let mut perm: Vec<usize> = (0..24).collect();
    for _ in 0..times {
        perm = perm.iter().map(|&i| q[i]).collect();
    }
    perm
}

fn turn(cube: &Cube, name: &str) -> Cube {
    static CACHE: OnceLock<Vec<(String, Vec<usize>)>> = OnceLock::new();
    let cache = CACHE.get_or_init(|| {
        let mut names: Vec<String> = FACE_TURNS.iter().map(|s| s.to_string()).collect();
        for r in ["x", "y", "z"] {
            for suffix in ["", "2", "'"] {
                names.push(format!("{r}{suffix}"));
            }
        }
        names
            .into_iter()
            .map(|n| (n.clone(), permutation(&n)))
            .collect()
    });
    let (_, perm) = cache.iter().find(|(n, _)| n == name).expect("a known turn");
    apply(cube, perm)
}

fn play(cube: &Cube, moves: &str) -> Cube {
    moves.split_whitespace().fold(*cube, |c, m| turn(&c, m))
}

/// The 24 ways to hold a cube.
fn orientations(cube: &Cube) -> Vec<Cube> {
    let mut seen = vec![*cube];
    let mut i = 0;
    while i < seen.len() {
        for r in ["x", "y"] {
            let next = turn(&seen[i], r);
            if !seen.contains(&next) {
                seen.push(next);
            }
        }
        i += 1;
    }
    assert_eq!(seen.len(), 24);
    seen
}

fn solved() -> Cube {
    reference()["solved_example"]
        .as_str()
        .unwrap()
        .as_bytes()
        .try_into()
        .unwrap()
}

fn to_stickers(cube: &Cube) -> Stickers {
    Stickers::parse(std::str::from_utf8(cube).unwrap()).unwrap()
}

const FACE_TURNS: [&str; 18] = [
    "U", "U2", "U'", "L", "L2", "L'", "F", "F2", "F'", "R", "R2", "R'", "B", "B2", "B'", "D", "D2",
    "D'",
];

/// The generators that keep the down-back-left corner still, in the documented order.
fn generators(metric: Metric) -> &'static [&'static str] {
    match metric {
        Metric::Htm => &["U", "U2", "U'", "R", "R2", "R'", "F", "F2", "F'"],
        Metric::Qtm => &["U", "U'", "R", "R'", "F", "F'"],
    }
}

/// Whether `b` may follow `a` in an optimal sequence: never the same face twice in htm (one
/// turn of it would do), never a quarter turn and its inverse in qtm.
fn may_follow(metric: Metric, a: &str, b: &str) -> bool {
    match metric {
        Metric::Htm => a[..1] != b[..1],
        Metric::Qtm => !(a[..1] == b[..1] && a != b),
    }
}

/// Shortest distance from `cube` to any of `goals` (the goal however held) over the turns
/// that keep the down-back-left corner still (D, L and B turns are these and a change of
/// hold), by iterative deepening up to `limit`.
fn iddfs_distance(cube: &Cube, goals: &HashSet<Cube>, metric: Metric, limit: u32) -> Option<u32> {
    fn go(
        cube: &Cube,
        goals: &HashSet<Cube>,
        metric: Metric,
        left: u32,
        last: Option<&str>,
    ) -> bool {
        if goals.contains(cube) {
            return true;
        }
        left > 0
            && generators(metric)
                .iter()
                .filter(|g| last.is_none_or(|l| may_follow(metric, l, g)))
                .any(|g| go(&turn(cube, g), goals, metric, left - 1, Some(g)))
    }
    (0..=limit).find(|&d| go(cube, goals, metric, d, None))
}

/// Every generator sequence of the least length that turns `cube` into `goal` exactly:
/// (length, how many), by brute force over the generators.
fn count_shortest(cube: &Cube, goal: &Cube, metric: Metric, limit: u32) -> (u32, u64) {
    fn go(cube: &Cube, goal: &Cube, metric: Metric, left: u32, last: Option<&str>) -> u64 {
        if left == 0 {
            return (cube == goal) as u64;
        }
        generators(metric)
            .iter()
            .filter(|g| last.is_none_or(|l| may_follow(metric, l, g)))
            .map(|g| go(&turn(cube, g), goal, metric, left - 1, Some(g)))
            .sum()
    }
    (0..=limit)
        .map(|d| (d, go(cube, goal, metric, d, None)))
        .find(|&(_, n)| n > 0)
        .expect("within the limit")
}

// ---------------------------------------------------------------------------------------

fn random_turns(rng: &mut Rng, count: usize, from: &[&str]) -> String {
    (0..count)
        .map(|_| from[rng.below(from.len() as u64) as usize])
        .collect::<Vec<_>>()
        .join(" ")
}

fn random_hold(rng: &mut Rng, cube: &Cube) -> Cube {
    orientations(cube)[rng.below(24) as usize]
}

#[test]
fn the_model_matches_the_article() {
    // The SQL article: U' from solved.
    assert_eq!(
        std::str::from_utf8(&turn(&solved(), "U'")).unwrap(),
        "WWWWOOGGRRBBGGRRBBOOYYYY"
    );
    for name in FACE_TURNS {
        let c = play(&solved(), "R U F'");
        assert_eq!(play(&c, &[name; 4].join(" ")), c, "{name} four times");
    }
}

#[test]
fn two_hundred_start_goal_pairs_get_real_optimal_paths_in_both_metrics() {
    let t = tables();
    let mut rng = Rng::new(2027);
    let mut short = 0;
    for i in 0..200 {
        let scrambled = play(&solved(), &random_turns(&mut rng, 25, &FACE_TURNS));
        let start = random_hold(&mut rng, &scrambled);
        // Every other goal is a few turns from the start, so the search below can confirm.
        let goal_base = if i % 2 == 0 {
            play(&solved(), &random_turns(&mut rng, 25, &FACE_TURNS))
        } else {
            let k = rng.below(6) as usize;
            play(&start, &random_turns(&mut rng, k, &FACE_TURNS))
        };
        let goal = random_hold(&mut rng, &goal_base);
        let goals: HashSet<Cube> = orientations(&goal).into_iter().collect();
        let (s, g) = (to_stickers(&start), to_stickers(&goal));
        let position = relative_position(&s, &g).unwrap();
        for metric in [Metric::Htm, Metric::Qtm] {
            let path = solve_between(&t.moves, table(metric), &s, &g).unwrap();
            let text = format_moves(&path);
            let reached = play(&start, &text);
            assert!(
                goals.contains(&reached),
                "{text} does not take the start to the goal"
            );
            let d = table(metric).distance(position) as u32;
            assert_eq!(length(&path, metric), d, "{metric:?}: {text}");
            if d <= 5 {
                short += 1;
                assert_eq!(
                    iddfs_distance(&start, &goals, metric, d),
                    Some(d),
                    "{metric:?}"
                );
            }
        }
        if i % 20 == 0 {
            let htm = Costs {
                clockwise: 1,
                counter_clockwise: 1,
                half: 1,
            };
            let (path, cost) = cheapest_between(&t.moves, &s, &g, htm).unwrap();
            assert!(goals.contains(&play(&start, &format_moves(&path))));
            assert_eq!(cost, t.htm.distance(position) as u32);
        }
    }
    assert!(short >= 40, "only {short} short pairs were cross-checked");
}

#[test]
fn a_rotated_goal_is_zero_moves_away() {
    let start = play(&solved(), "R U2 F' R'");
    for held in orientations(&start) {
        let path = solve_between(
            &tables().moves,
            &tables().htm,
            &to_stickers(&start),
            &to_stickers(&held),
        )
        .unwrap();
        assert!(path.is_empty());
    }
}

#[test]
fn optimal_path_counts_equal_brute_force_for_two_hundred_positions() {
    let t = tables();
    let mut rng = Rng::new(99);
    for i in 0..200 {
        let metric = if i % 2 == 0 { Metric::Htm } else { Metric::Qtm };
        let depth = rng.below(if metric == Metric::Htm { 6 } else { 7 }) as usize;
        let cube = play(
            &solved(),
            &random_turns(&mut rng, depth, generators(metric)),
        );
        let position = relative_position(&to_stickers(&cube), &to_stickers(&solved())).unwrap();
        let paths = OptimalPaths::new(&t.moves, table(metric), position);
        let (d, count) = count_shortest(&cube, &solved(), metric, depth as u32);
        assert_eq!(paths.length() as u32, d, "{metric:?} after {depth} turns");
        assert_eq!(paths.count(), count as u128, "{metric:?} at distance {d}");
        // Every path by index: real, optimal, distinct and in the documented order.
        if count <= 64 {
            let rank = |m: &str| generators(metric).iter().position(|g| *g == m).unwrap();
            let mut previous: Option<Vec<usize>> = None;
            for k in 0..count as u128 {
                let text = format_moves(&paths.nth(k).unwrap());
                assert_eq!(play(&cube, &text), solved(), "{metric:?} path {k}: {text}");
                let key: Vec<usize> = text.split_whitespace().map(rank).collect();
                assert_eq!(key.len() as u32, d);
                if let Some(p) = &previous {
                    assert!(*p < key, "{metric:?}: path {k} is out of order");
                }
                previous = Some(key);
            }
            assert!(paths.nth(count as u128).is_none());
            assert_eq!(paths.iter().count() as u64, count);
        }
    }
}

#[test]
fn counts_for_antipodes_are_exact_and_big() {
    let t = tables();
    for (metric, far) in [(Metric::Htm, 11u8), (Metric::Qtm, 14)] {
        let p = random_antipode(table(metric), 5);
        assert_eq!(table(metric).distance(p), far);
        assert_eq!(p, random_antipode(table(metric), 5), "seeded");
        let paths = OptimalPaths::new(&t.moves, table(metric), p);
        assert!(paths.count() > 1);
        let last = paths.nth(paths.count() - 1).unwrap();
        let cube = play(&solved(), "");
        let start = puzzlelab_solver::cube::corners::Corners::from_coordinate(p)
            .to_stickers(puzzlelab_solver::cube::corners::Scheme::standard());
        let start: Cube = start.0;
        assert_eq!(play(&start, &format_moves(&last)), cube);
    }
    let picks: HashSet<u32> = (0..20).map(|s| random_antipode(&tables().htm, s)).collect();
    assert!(picks.len() > 10, "seeds pick different antipodes");
}

#[test]
fn hints_say_which_turns_bring_the_goal_closer() {
    let mut rng = Rng::new(3);
    for _ in 0..30 {
        let current = play(&solved(), &random_turns(&mut rng, 20, &FACE_TURNS));
        let scrambled = play(&solved(), &random_turns(&mut rng, 20, &FACE_TURNS));
        let goal = random_hold(&mut rng, &scrambled);
        let (c, g) = (to_stickers(&current), to_stickers(&goal));
        for metric in [Metric::Htm, Metric::Qtm] {
            let t = table(metric);
            let before = t.distance(relative_position(&c, &g).unwrap());
            let list = hints_between(t, &c, &g).unwrap();
            assert_eq!(list.len(), 18);
            for (h, name) in list.iter().zip(FACE_TURNS) {
                assert_eq!(h.turn.to_string(), name);
                let after = play(&current, name);
                let d = t.distance(relative_position(&to_stickers(&after), &g).unwrap());
                assert_eq!(h.distance, d, "{name}");
                assert_eq!(h.change, d as i8 - before as i8);
            }
            if before > 0 {
                let best = list.iter().map(|h| h.distance).min().unwrap();
                assert!(best < before, "some turn brings the goal closer");
            }
        }
    }
    // From solved every turn is one (or, for half turns in qtm, two) away.
    assert!(hints(&tables().htm, 0).iter().all(|h| h.distance == 1));
}

#[test]
fn the_layer_by_layer_search_builds_the_same_table() {
    let r = reference();
    for metric in [Metric::Htm, Metric::Qtm] {
        let mut bfs = LayerBfs::new(metric, 1);
        // A few slow steps: one frontier position each.
        let first = bfs.step().unwrap();
        assert_eq!((first.depth, first.expanded), (0, 1));
        assert!(first.layer_done);
        let p = bfs.progress();
        assert_eq!(p.depth, 1);
        assert_eq!(p.frontier, p.layer_counts[1]);
        assert_eq!(p.not_yet_processed, p.frontier);
        bfs.step().unwrap();
        assert_eq!(
            bfs.progress().not_yet_processed,
            bfs.progress().frontier - 1
        );
        // Then big steps to the end, watching the counters.
        bfs.set_batch(100_000);
        let mut last_reached = bfs.progress().reached;
        while bfs.step().is_some() {
            let p = bfs.progress();
            assert!(p.reached >= last_reached);
            assert_eq!(p.reached + p.unreached, 3_674_160);
            assert_eq!(p.layer_counts.iter().sum::<u64>(), p.reached);
            assert!(p.not_yet_processed <= p.frontier);
            last_reached = p.reached;
        }
        assert_eq!(bfs.status(), Status::Solved);
        let want: Vec<u64> = r["distance_counts"][metric.as_str()]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_u64().unwrap())
            .collect();
        assert_eq!(bfs.progress().layer_counts, want);
        let (_, built) = bfs.finish().unwrap();
        let normal = table(metric);
        assert!((0..3_674_160u32).all(|q| built.distance(q) == normal.distance(q)));
    }
}

#[test]
fn errors_name_the_cube_and_the_problem() {
    let t = tables();
    let solved = to_stickers(&solved());
    let other = Stickers::parse("AAAABBCCDDEEBBCCDDEEFFFF").unwrap();
    let e = solve_between(&t.moves, &t.htm, &solved, &other).unwrap_err();
    assert!(e.contains("different colours"), "{e}");
    let twisted = {
        let mut s = solved.0;
        (s[3], s[8], s[7]) = (s[7], s[3], s[8]);
        Stickers(s)
    };
    let e = solve_between(&t.moves, &t.htm, &twisted, &solved).unwrap_err();
    assert!(
        e.starts_with("the start is not a real cube") && e.contains("twisted"),
        "{e}"
    );
    let e = solve_between(&t.moves, &t.htm, &solved, &twisted).unwrap_err();
    assert!(e.starts_with("the goal is not a real cube"), "{e}");
}
