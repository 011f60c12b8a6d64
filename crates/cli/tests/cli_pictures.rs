//! `--svg FILE`: the command line draws what the page shows, read back here with the
//! checkers' own XML reader: one element per square, queen or sticker, the numbers and
//! colours of the step asked, and the page's link in the metadata.

mod run;
use run::{json as run_json, puzzlelab};

use std::path::PathBuf;

use puzzlelab_checkers::check_tour;
use puzzlelab_checkers::svg::{read, Element};
use puzzlelab_links::{decode_route, Route};
use puzzlelab_pictures::Theme;
use puzzlelab_solver::knight::picture::LIGHT;
use puzzlelab_solver::palette::Palette;

/// A file of this test's own in the temporary directory.
fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("puzzlelab-{}-{name}", std::process::id()))
}

fn svg_of(path: &PathBuf) -> Vec<Element> {
    let text = std::fs::read_to_string(path).expect("the picture was written");
    let _ = std::fs::remove_file(path);
    read(&text).expect("well-formed SVG")
}

fn link(doc: &[Element]) -> Route {
    let href = doc
        .iter()
        .find(|e| e.name == "link")
        .and_then(|e| e.attr("href"))
        .unwrap();
    let decoded = decode_route(href);
    assert!(
        decoded.problems.is_empty(),
        "{href}: {:?}",
        decoded.problems
    );
    decoded.value
}

fn with<'a>(doc: &'a [Element], attr: &str) -> Vec<&'a Element> {
    doc.iter().filter(|e| e.attrs.contains_key(attr)).collect()
}

#[test]
fn knight_svg_draws_the_tour_at_the_step_asked_with_its_link() {
    let file = temp("knight.svg");
    let f = file.to_str().unwrap();
    let v = run_json(&[
        "knight", "--board", "8x8", "--start", "a1", "--step", "17", "--svg", f, "--theme", "dark",
    ]);
    assert_eq!(v["svg"], f);
    let path: Vec<String> = run::path(&v);
    check_tour(8, 8, "a1", false, &path).unwrap();
    let doc = svg_of(&file);
    let squares = with(&doc, "data-square");
    assert_eq!(squares.len(), 64);
    for e in &squares {
        let name = e.attr("data-square").unwrap();
        let at = path.iter().position(|p| p == name).unwrap();
        let want = (at <= 17).then(|| (at + 1).to_string());
        assert_eq!(e.attr("data-step"), want.as_deref(), "{name}");
    }
    let numbers: Vec<&str> = doc
        .iter()
        .filter(|e| e.name == "text")
        .map(|e| e.text.as_str())
        .collect();
    assert_eq!(numbers.len(), 18);
    assert_eq!(numbers.last(), Some(&"18"));
    let bg = doc
        .iter()
        .find(|e| e.attrs.contains_key("data-background"))
        .unwrap();
    assert_eq!(bg.attr("fill"), Some(Theme::Dark.colours().bg));
    let Route::Knight(k) = link(&doc) else {
        panic!("a knight link")
    };
    assert_eq!((k.board.width(), k.start, k.step), (8, Some(0), Some(17)));
}

#[test]
fn queens_svg_marks_the_placement_found() {
    let file = temp("queens.svg");
    let v = run_json(&["queens", "--n", "8", "--svg", file.to_str().unwrap()]);
    let doc = svg_of(&file);
    let mut queens: Vec<&str> = with(&doc, "data-queen")
        .iter()
        .map(|e| e.attr("data-square").unwrap())
        .collect();
    let mut want: Vec<&str> = v["squares"].as_str().unwrap().split_whitespace().collect();
    queens.sort();
    want.sort();
    assert_eq!(queens, want);
    assert_eq!(with(&doc, "data-attacked").len(), 56);
    assert_eq!(with(&doc, "data-square").len(), 64);
    let Route::Queens(q) = link(&doc) else {
        panic!("a queens link")
    };
    assert_eq!(q.queens.len(), 8);
}

/// Each net in the strip, as its stickers' colour letters in the page's order.
fn frames(doc: &[Element]) -> Vec<(String, Vec<u8>)> {
    doc.iter()
        .enumerate()
        .filter(|(_, e)| e.attrs.contains_key("data-frame"))
        .map(|(i, e)| {
            let letters = doc
                .iter()
                .filter(|s| s.parent == Some(i) && s.attrs.contains_key("data-sticker"))
                .map(|s| s.attr("data-color").unwrap().as_bytes()[0])
                .collect();
            (e.attr("data-move").unwrap().to_string(), letters)
        })
        .collect()
}

#[test]
fn cube_solve_svg_is_a_strip_from_the_state_to_solved() {
    let state = run_json(&[
        "cube",
        "apply",
        "--state",
        "WWWWGGRRBBOOGGRRBBOOYYYY",
        "--moves",
        "R U' F2 R",
    ])["state"]
        .as_str()
        .unwrap()
        .to_string();
    let file = temp("cube.svg");
    let v = run_json(&[
        "cube",
        "solve",
        "--state",
        &state,
        "--svg",
        file.to_str().unwrap(),
    ]);
    let moves: Vec<&str> = v["moves"].as_str().unwrap().split_whitespace().collect();
    let strip = frames(&svg_of(&file));
    assert_eq!(strip.len(), moves.len() + 1);
    assert_eq!(strip[0].1, state.as_bytes());
    let shown: Vec<&str> = strip[1..].iter().map(|(m, _)| m.as_str()).collect();
    assert_eq!(shown, moves);
    // Each step's net is the command's own `apply` of the moves so far.
    for (k, (_, letters)) in strip.iter().enumerate().skip(1) {
        let after = run_json(&[
            "cube",
            "apply",
            "--state",
            &state,
            "--moves",
            &moves[..k].join(" "),
        ]);
        assert_eq!(
            letters.as_slice(),
            after["state"].as_str().unwrap().as_bytes(),
            "step {k}"
        );
    }
    let last = &strip.last().unwrap().1;
    for face in [
        [0, 1, 2, 3],
        [4, 5, 12, 13],
        [6, 7, 14, 15],
        [20, 21, 22, 23],
    ] {
        assert!(
            face.iter().all(|&i| last[i] == last[face[0]]),
            "solved at the end"
        );
    }
}

#[test]
fn rubik_solve_svg_ends_on_a_solved_cube() {
    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let state = run_json(&[
        "rubik",
        "apply",
        "--state",
        solved,
        "--moves",
        "R U F' L2 D B",
    ])["state"]
        .as_str()
        .unwrap()
        .to_string();
    let file = temp("rubik.svg");
    let v = run_json(&[
        "rubik",
        "solve",
        "--state",
        &state,
        "--svg",
        file.to_str().unwrap(),
    ]);
    let doc = svg_of(&file);
    let strip = frames(&doc);
    assert_eq!(strip.len(), v["length"].as_u64().unwrap() as usize + 1);
    assert!(strip.iter().all(|(_, s)| s.len() == 54));
    assert_eq!(strip[0].1, state.as_bytes());
    assert_eq!(strip.last().unwrap().1, solved.as_bytes());
    let Route::Rubik(r) = link(&doc) else {
        panic!("a rubik link")
    };
    assert_eq!(r.step as usize, strip.len() - 1);
}

#[test]
fn search_gif_records_the_knights_backtracking_step_by_step() {
    use puzzlelab_pictures::Scene;
    use puzzlelab_solver::board::Board;
    use puzzlelab_solver::knight::timeline::Timeline;
    use puzzlelab_solver::knight::{Rule, TieBreak, TourConfig};
    let file = temp("search.gif");
    let f = file.to_str().unwrap();
    let args = [
        "knight",
        "--board",
        "5x5",
        "--start",
        "c1",
        "--heuristic",
        "warnsdorff",
        "--tie-break",
        "first",
        "--no-forward-check",
        "--search",
        "--gif",
        f,
    ];
    let v = run_json(
        &[
            &args[..],
            &["--from", "20", "--step", "500", "--frames", "600"],
        ]
        .concat(),
    );
    assert!(v["backtracks"].as_u64().unwrap() > 100);
    let gif = puzzlelab_checkers::gif::read(&std::fs::read(&file).unwrap()).unwrap();
    assert_eq!(gif.frames.len(), 481, "steps 20 to 500");
    assert!(
        gif.delays_cs.iter().all(|&d| d == 3),
        "the player's 30 a second"
    );
    // The page's search under the same rules, seeked by the solver's own timeline.
    let board = Board::new(5, 5).unwrap();
    let rule = Rule {
        tie_break: TieBreak::First,
        forward_check: false,
        ..Rule::standard()
    };
    let config = TourConfig::with_fallback(board, 2, false, rule);
    let mut timeline = Timeline::new(config).unwrap();
    timeline.run(u64::MAX);
    assert_eq!(timeline.steps(), v["steps"].as_u64().unwrap());
    for (i, step) in [(0, 20), (480, 500)] {
        let path = timeline.frame(step).path;
        let want = Scene::Knight { board, path }.raster(Theme::Light).unwrap();
        assert_eq!(gif.frames[i], want.pixels, "step {step}");
    }
    // By default the whole search, sampled to the budget.
    run_json(&args);
    let gif = puzzlelab_checkers::gif::read(&std::fs::read(&file).unwrap()).unwrap();
    let _ = std::fs::remove_file(&file);
    assert_eq!(gif.frames.len(), 200);
    let end = Scene::Knight {
        board,
        path: timeline.machine().path().to_vec(),
    };
    assert_eq!(gif.frames[199], end.raster(Theme::Light).unwrap().pixels);
}

#[test]
fn queens_gif_records_the_backtracking_to_the_first_solution() {
    use puzzlelab_pictures::Scene;
    let file = temp("queens.gif");
    let f = file.to_str().unwrap();
    let v = run_json(&["queens", "--n", "6", "--gif", f, "--theme", "dark"]);
    let gif = puzzlelab_checkers::gif::read(&std::fs::read(&file).unwrap()).unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(gif.frames.len() > 20, "{} steps", gif.frames.len());
    assert!(
        gif.delays_cs.iter().all(|&d| d == 5),
        "the player's 20 a second"
    );
    let rows = v["placement"].as_array().unwrap();
    let queens = (0..)
        .zip(rows.iter().map(|r| r.as_u64().unwrap() as u32))
        .collect();
    let solved = Scene::Queens { n: 6, queens };
    assert_eq!(
        gif.frames.last().unwrap(),
        &solved.raster(Theme::Dark).unwrap().pixels
    );
    let empty = Scene::Queens {
        n: 6,
        queens: Vec::new(),
    };
    assert_eq!(gif.frames[0], empty.raster(Theme::Dark).unwrap().pixels);
}

#[test]
fn gif_animates_the_tour_from_the_start_one_frame_a_move_or_to_the_budget() {
    use puzzlelab_pictures::animation::knight_cell;
    use puzzlelab_pictures::raster;
    use puzzlelab_solver::board::Board;
    let file = temp("tour.gif");
    let f = file.to_str().unwrap();
    let v = run_json(&["knight", "--board", "8x8", "--start", "a1", "--gif", f]);
    assert_eq!(v["gif"], f);
    let bytes = std::fs::read(&file).unwrap();
    let gif = puzzlelab_checkers::gif::read(&bytes).unwrap();
    assert_eq!(gif.frames.len(), 64);
    assert!(
        gif.delays_cs.iter().all(|&d| d == 3),
        "the page's 30 moves a second"
    );
    let board = Board::new(8, 8).unwrap();
    let path: Vec<u32> = v["path"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| board.parse_square(s.as_str().unwrap()).unwrap())
        .collect();
    let last = raster::knight(board, &path, Theme::Light, knight_cell(board));
    assert_eq!(gif.frames[63], last.pixels);
    run_json(&[
        "knight", "--board", "8x8", "--start", "a1", "--gif", f, "--frames", "10", "--step", "40",
        "--theme", "dark",
    ]);
    let gif = puzzlelab_checkers::gif::read(&std::fs::read(&file).unwrap()).unwrap();
    let _ = std::fs::remove_file(&file);
    assert_eq!(gif.frames.len(), 10);
    assert_eq!(
        gif.frames[9],
        raster::knight(board, &path[..41], Theme::Dark, knight_cell(board)).pixels
    );
}

#[test]
fn cube_solve_gif_has_a_frame_a_move_ending_solved() {
    let file = temp("cube.gif");
    let f = file.to_str().unwrap();
    let v = run_json(&[
        "cube",
        "solve",
        "--state",
        "WWWWOOGGRRBBGGRRBBOOYYYY",
        "--gif",
        f,
        "--speed",
        "2",
    ]);
    let gif = puzzlelab_checkers::gif::read(&std::fs::read(&file).unwrap()).unwrap();
    let _ = std::fs::remove_file(&file);
    assert_eq!(gif.frames.len(), v["length"].as_u64().unwrap() as usize + 1);
    assert_eq!(gif.delays_cs[0], 50);
    let solved = puzzlelab_pictures::raster::net(
        puzzlelab_pictures::Kind::Pocket,
        b"WWWWGGRRBBOOGGRRBBOOYYYY",
        Theme::Light,
    );
    assert_eq!(gif.frames.last().unwrap(), &solved.pixels);
}

#[test]
fn knight_png_is_the_big_board_one_pixel_a_square_in_move_order() {
    let (png_file, svg_file) = (temp("big.png"), temp("big.svg"));
    let (p, s) = (png_file.to_str().unwrap(), svg_file.to_str().unwrap());
    let v = run_json(&[
        "knight", "--board", "100x70", "--start", "a1", "--step", "5000", "--png", p, "--svg", s,
    ]);
    assert_eq!((v["png"].as_str(), v["svg"].as_str()), (Some(p), Some(s)));
    let path = run::path(&v);
    check_tour(100, 70, "a1", false, &path).unwrap();
    let bytes = std::fs::read(&png_file).unwrap();
    let _ = std::fs::remove_file(&png_file);
    let png = puzzlelab_checkers::png::read(&bytes).unwrap();
    assert_eq!((png.width, png.height), (100, 70));
    let href = &png.texts[0].1;
    assert!(
        href.contains("board=100x70") && href.contains("step=5000"),
        "{href}"
    );
    let palette = Palette::viridis();
    for (step, name) in path.iter().enumerate() {
        let (x, y) = puzzlelab_checkers::square(name).unwrap();
        let want = if step <= 5000 {
            palette.step(step as u32, 7000)
        } else {
            LIGHT
        };
        assert_eq!(png.at(x as usize, 69 - y as usize), want, "{name}");
    }
    // The SVG of a big board: that picture inside, the link in its metadata.
    let doc = svg_of(&svg_file);
    assert_eq!(
        with(&doc, "data-squares")[0].attr("data-squares"),
        Some("7000")
    );
    assert!(matches!(link(&doc), Route::Knight(k) if k.step == Some(5000)));
}

#[test]
fn a_picture_that_cannot_be_drawn_exits_2_with_a_message() {
    let f = temp("never.svg");
    let f = f.to_str().unwrap();
    for args in [
        vec!["queens", "--n", "8", "--count", "--svg", f],
        vec![
            "knight", "--board", "5x5", "--start", "a1", "--step", "99", "--svg", f,
        ],
        vec![
            "knight", "--board", "5x5", "--start", "a1", "--theme", "dark",
        ],
        vec![
            "knight", "--board", "5x5", "--start", "a1", "--svg", f, "--theme", "sepia",
        ],
        vec![
            "knight",
            "--board",
            "100x100",
            "--start",
            "a1",
            "--png",
            "/nonexistent-dir/k.png",
        ],
        vec!["queens", "--n", "8", "--svg", "/nonexistent-dir/q.svg"],
        vec![
            "cube",
            "solve",
            "--state",
            "WWWWGGRRBBOOGGRRBBOOYYYY",
            "--all",
            "--svg",
            f,
        ],
        vec!["knight", "--board", "5x5", "--start", "a1", "--step", "3"],
        vec![
            "knight", "--board", "5x5", "--start", "a1", "--svg", f, "--frames", "9",
        ],
        vec![
            "knight", "--board", "5x5", "--start", "a1", "--gif", f, "--frames", "1",
        ],
        vec!["knight", "--board", "5x5", "--start", "c1", "--search"],
        vec![
            "knight", "--board", "5x5", "--start", "c1", "--search", "--gif", f, "--svg", f,
        ],
        vec![
            "knight", "--board", "5x5", "--start", "c1", "--search", "--gif", f, "--step", "999999",
        ],
        vec!["queens", "--n", "6", "--step", "5"],
        vec!["queens", "--n", "6", "--gif", f, "--step", "100000"],
        vec!["queens", "--n", "6", "--count", "--gif", f],
    ] {
        let out = puzzlelab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
    assert!(!std::path::Path::new(f).exists());
}
