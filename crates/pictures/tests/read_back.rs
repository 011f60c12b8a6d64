//! Pictures read back with the checkers' own XML reader: one element per square, queen or
//! sticker, with the numbers and colours the page shows, and the link in the metadata.

mod tours;
use tours::tour_8x8;

use puzzlelab_checkers::svg::{read, Element};
use puzzlelab_pictures::theme::{fixed, rgb, Theme};
use puzzlelab_pictures::{cube, knight, queens, Kind, Scene};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::cube::{parse_moves, Stickers};
use puzzlelab_solver::cube_common::colours::COLOURS;
use puzzlelab_solver::queens::search::QueensSearch;
use puzzlelab_solver::rubik::cube::apply_moves;
use puzzlelab_solver::StepMachine;

fn with<'a>(doc: &'a [Element], attr: &str) -> Vec<&'a Element> {
    doc.iter().filter(|e| e.attrs.contains_key(attr)).collect()
}

fn link_of(doc: &[Element]) -> Option<&str> {
    doc.iter()
        .find(|e| e.name == "link")
        .and_then(|e| e.attr("href"))
}

/// The page's wash of a visited square: white at 25% over it, worked out here.
fn washed(hex: &str) -> [u8; 3] {
    rgb(hex)
        .unwrap()
        .map(|v| (v as f64 * 0.75 + 255.0 * 0.25).round() as u8)
}

#[test]
fn knight_board_at_step_17_has_each_square_once_with_its_number_and_colour() {
    let (board, path) = tour_8x8();
    // The link's step=17: 17 moves made, 18 squares numbered 1 to 18 as on the page.
    let shown = &path[..18];
    let link = "#/knight?board=8x8&start=a1&step=17";
    for theme in [Theme::Light, Theme::Dark] {
        let svg = knight::knight(board, shown, theme, link).unwrap();
        let doc = read(&svg).unwrap();
        assert_eq!(link_of(&doc), Some(link));
        let squares = with(&doc, "data-square");
        assert_eq!(squares.len(), 64);
        let c = theme.colours();
        for (i, &sq) in path.iter().enumerate() {
            let name = board.name(sq);
            let found: Vec<_> = squares
                .iter()
                .filter(|e| e.attr("data-square") == Some(name.as_str()))
                .collect();
            assert_eq!(found.len(), 1, "{name} once");
            let (x, y) = board.coords(sq);
            let base = if (x + y) % 2 == 0 { c.dark } else { c.light };
            let fill = rgb(found[0].attr("fill").unwrap()).unwrap();
            if i < 18 {
                assert_eq!(
                    found[0].attr("data-step"),
                    Some((i + 1).to_string().as_str())
                );
                assert_eq!(fill, washed(base), "{name} washed");
            } else {
                assert_eq!(found[0].attr("data-step"), None);
                assert_eq!(fill, rgb(base).unwrap(), "{name} plain");
            }
        }
        let numbers: Vec<_> = doc.iter().filter(|e| e.name == "text").collect();
        let texts: Vec<String> = numbers.iter().map(|e| e.text.clone()).collect();
        let want: Vec<String> = (1..=18).map(|s| s.to_string()).collect();
        assert_eq!(texts, want);
        let line = doc.iter().find(|e| e.name == "polyline").unwrap();
        assert_eq!(line.attr("points").unwrap().split(' ').count(), 18);
        assert_eq!(line.attr("stroke"), Some(c.line));
    }
    assert_eq!(
        knight::file_name(board, shown, "svg"),
        "knight-8x8-a1-step-17.svg"
    );
}

#[test]
fn a_board_too_big_or_a_square_off_it_is_refused() {
    let big = Board::new(100, 100).unwrap();
    assert!(knight::knight(big, &[0], Theme::Light, "").is_err());
    let small = Board::new(5, 5).unwrap();
    assert!(knight::knight(small, &[0, 25], Theme::Light, "").is_err());
    assert!(queens::queens(0, &[], Theme::Light, "").is_err());
    assert!(queens::queens(4, &[(4, 0)], Theme::Light, "").is_err());
}

#[test]
fn queens_board_marks_queens_attacked_squares_and_clashes() {
    let mut search = QueensSearch::new(8, true).unwrap();
    while !search.run(1 << 16).is_finished() {}
    let placed: Vec<(u32, u32)> = search
        .rows()
        .iter()
        .enumerate()
        .map(|(col, &row)| (col as u32, row))
        .collect();
    assert_eq!(placed.len(), 8);
    let svg = queens::queens(8, &placed, Theme::Dark, "#/queens?n=8").unwrap();
    let doc = read(&svg).unwrap();
    assert_eq!(with(&doc, "data-square").len(), 64);
    assert_eq!(with(&doc, "data-queen").len(), 8);
    assert_eq!(
        with(&doc, "data-conflict").len(),
        0,
        "a solution has no clash"
    );
    assert_eq!(
        with(&doc, "data-attacked").len(),
        56,
        "every other square is attacked"
    );
    // Two queens only: the squares they attack, counted here from the rules.
    let two = [(0u32, 0u32), (2u32, 1u32)];
    let svg = queens::queens(4, &two, Theme::Light, "").unwrap();
    let doc = read(&svg).unwrap();
    let hit = |x: u32, y: u32| {
        two.iter()
            .any(|&(a, b)| (a, b) != (x, y) && (a == x || b == y || a.abs_diff(x) == b.abs_diff(y)))
    };
    let expected = (0..4)
        .flat_map(|x| (0..4).map(move |y| (x, y)))
        .filter(|&(x, y)| !two.contains(&(x, y)) && hit(x, y))
        .count();
    assert_eq!(with(&doc, "data-attacked").len(), expected);
    let hatch = doc.iter().find(|e| e.name == "pattern").unwrap();
    let stripe = doc
        .iter()
        .find(|e| e.parent == Some(doc.iter().position(|e| e.name == "pattern").unwrap()));
    assert_eq!(hatch.attr("id"), Some("hatch"));
    assert_eq!(
        stripe.unwrap().attr("fill"),
        Some(Theme::Light.colours().hatch)
    );
    // A clash: two queens on one row are both red.
    let svg = queens::queens(4, &[(0, 0), (3, 0)], Theme::Light, "").unwrap();
    let doc = read(&svg).unwrap();
    let clashes = with(&doc, "data-conflict");
    assert_eq!(clashes.len(), 2);
    assert!(clashes
        .iter()
        .all(|e| e.attr("fill") == Some(fixed::CONFLICT)));
}

fn colour_of(letter: &str) -> &'static str {
    let l = letter.as_bytes()[0];
    let l = match l {
        b'U' => b'W',
        b'F' => b'G',
        b'D' => b'Y',
        b'L' => b'O',
        other => other,
    };
    COLOURS.iter().find(|c| c.letter == l).unwrap().css
}

#[test]
fn pocket_and_rubik_nets_have_one_sticker_each_in_the_table_colours() {
    let pocket = Stickers::solved().apply_all(&parse_moves("R U' F2 D").unwrap());
    let svg = cube::net(Kind::Pocket, &pocket.0, Theme::Light, "#/cube").unwrap();
    let doc = read(&svg).unwrap();
    let stickers = with(&doc, "data-sticker");
    assert_eq!(stickers.len(), 24);
    for (i, e) in stickers.iter().enumerate() {
        assert_eq!(e.attr("data-color").unwrap().as_bytes()[0], pocket.0[i]);
        assert_eq!(
            e.attr("fill"),
            Some(colour_of(e.attr("data-color").unwrap()))
        );
    }
    assert_eq!(stickers[0].attr("data-sticker"), Some("U0"));
    assert_eq!(stickers[23].attr("data-sticker"), Some("D3"));

    let solved = "UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB";
    let state = apply_moves(solved, "R U R' U' F2").unwrap();
    let svg = cube::net(Kind::Rubik, state.as_bytes(), Theme::Dark, "#/rubik").unwrap();
    let doc = read(&svg).unwrap();
    let stickers = with(&doc, "data-sticker");
    assert_eq!(stickers.len(), 54);
    let names: Vec<&str> = stickers
        .iter()
        .map(|e| e.attr("data-sticker").unwrap())
        .collect();
    assert_eq!((names[0], names[13], names[53]), ("U1", "R5", "B9"));
    for (i, e) in stickers.iter().enumerate() {
        assert_eq!(
            e.attr("data-color").unwrap().as_bytes()[0],
            state.as_bytes()[i]
        );
        assert_eq!(
            e.attr("fill"),
            Some(colour_of(e.attr("data-color").unwrap()))
        );
    }
    let bg = doc
        .iter()
        .find(|e| e.attrs.contains_key("data-background"))
        .unwrap();
    assert_eq!(bg.attr("fill"), Some(Theme::Dark.colours().bg));
    assert!(cube::net(Kind::Rubik, b"UUU", Theme::Dark, "").is_err());
    assert!(cube::net(Kind::Pocket, &[b'1'; 24], Theme::Dark, "").is_err());
}

#[test]
fn a_solution_strip_has_a_net_per_step_each_after_its_move() {
    let moves = parse_moves("R U R' U'").unwrap();
    let mut states = vec![Stickers::solved()];
    for &m in &moves {
        let next = states.last().unwrap().apply(m);
        states.push(next);
    }
    let letters: Vec<Vec<u8>> = states.iter().map(|s| s.0.to_vec()).collect();
    let names: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let svg = cube::strip(Kind::Pocket, &letters, &names, Theme::Light, "#/cube").unwrap();
    let doc = read(&svg).unwrap();
    let frames = with(&doc, "data-frame");
    assert_eq!(frames.len(), 5);
    assert_eq!(frames[2].attr("data-move"), Some("U"));
    assert_eq!(with(&doc, "data-sticker").len(), 5 * 24);
    // Frame k's stickers are the state after k moves.
    let frame_index = doc
        .iter()
        .position(|e| e.attr("data-frame") == Some("4"))
        .unwrap();
    let last: Vec<u8> = doc
        .iter()
        .filter(|e| e.parent == Some(frame_index) && e.attrs.contains_key("data-sticker"))
        .map(|e| e.attr("data-color").unwrap().as_bytes()[0])
        .collect();
    assert_eq!(last, states[4].0.to_vec());
    assert!(cube::strip(Kind::Pocket, &letters, &names[..2], Theme::Light, "").is_err());
}

#[test]
fn a_scene_names_its_file_after_what_it_shows() {
    let board = Board::new(5, 5).unwrap();
    let scene = Scene::Knight {
        board,
        path: vec![0, 7],
    };
    assert_eq!(scene.file_name("png"), "knight-5x5-a1-step-1.png");
    let scene = Scene::Net {
        kind: Kind::Rubik,
        letters: vec![b'U'; 54],
        step: Some((3, 20)),
    };
    assert_eq!(scene.file_name("svg"), "rubik-step-3-of-20.svg");
    let scene = Scene::Queens {
        n: 8,
        queens: vec![(0, 0)],
    };
    assert_eq!(scene.file_name("svg"), "queens-8-1-placed.svg");
    assert!(scene.svg(Theme::Dark, "x").unwrap().contains("href=\"x\""));
}
