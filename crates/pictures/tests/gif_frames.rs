//! The frames the page plays into a WebM, read from the GIF "Save animation" made: each
//! the raster of its step, with the GIF's delay, and the same as the checkers' reader
//! sees; a broken file is an error, never a panic.

mod tours;
use tours::tour_8x8;

use puzzlelab_checkers::gif::read;
use puzzlelab_pictures::animation::{knight_cell, knight_gif, net_gif};
use puzzlelab_pictures::gif_frames::Frames;
use puzzlelab_pictures::raster;
use puzzlelab_pictures::{Kind, Theme};
use puzzlelab_solver::rubik::{apply_moves, SOLVED};

/// Every frame of `gif` as RGB, with its delay.
fn frames_of(gif: Vec<u8>) -> Vec<(Vec<[u8; 3]>, u16)> {
    let mut frames = Frames::new(gif).unwrap();
    let mut out = Vec::new();
    while let Some((rgba, delay)) = frames.next_frame().unwrap() {
        assert!(rgba.chunks(4).all(|px| px[3] == 255), "opaque");
        out.push((rgba.chunks(4).map(|p| [p[0], p[1], p[2]]).collect(), delay));
    }
    out
}

#[test]
fn a_tours_frames_are_its_rasters_step_by_step_at_the_gifs_delay() {
    let (board, path) = tour_8x8();
    let gif = knight_gif(board, &path, (0, 63), Theme::Dark, 200, 3).unwrap();
    let checked = read(&gif).unwrap();
    let size = Frames::new(gif.clone()).unwrap().size();
    assert_eq!(size, (320, 320));
    let frames = frames_of(gif);
    assert_eq!(frames.len(), 64);
    let cell = knight_cell(board);
    for (step, (pixels, delay)) in frames.iter().enumerate() {
        let want = raster::knight(board, &path[..=step], Theme::Dark, cell);
        assert!(*pixels == want.pixels, "step {step}");
        assert_eq!(*delay, 3);
        assert!(
            *pixels == checked.frames[step],
            "the checkers' reader agrees"
        );
    }
}

#[test]
fn a_rubik_solutions_nets_are_read_back_whole() {
    let moves = "R U F' L2 D B' R2 U' F D2 L' B2 U R' F2 D' L B U2 R";
    let mut states = vec![SOLVED.as_bytes().to_vec()];
    for m in moves.split_whitespace() {
        let before = String::from_utf8(states.last().unwrap().clone()).unwrap();
        states.push(apply_moves(&before, m).unwrap().into_bytes());
    }
    let gif = net_gif(Kind::Rubik, &states, Theme::Light, 200, 33).unwrap();
    let frames = frames_of(gif);
    assert_eq!(frames.len(), 21);
    for (k, (pixels, delay)) in frames.iter().enumerate() {
        let want = raster::net(Kind::Rubik, &states[k], Theme::Light);
        assert!(*pixels == want.pixels, "after {k} moves");
        assert_eq!(*delay, 33);
    }
}

#[test]
fn a_broken_file_is_an_error_not_a_panic() {
    let (board, path) = tour_8x8();
    let gif = knight_gif(board, &path, (0, 5), Theme::Light, 200, 3).unwrap();
    assert!(Frames::new(b"PNG".to_vec()).is_err());
    for cut in [13, 200, 800, gif.len() / 2, gif.len() - 2] {
        let Ok(mut frames) = Frames::new(gif[..cut].to_vec()) else {
            continue;
        };
        let mut failed = false;
        for _ in 0..10 {
            match frames.next_frame() {
                Ok(Some(_)) => {}
                Ok(None) => break,
                Err(_) => {
                    failed = true;
                    break;
                }
            }
        }
        assert!(failed, "cut at {cut} is said");
    }
    let mut flipped = gif.clone();
    flipped[900] ^= 0xFF;
    let mut frames = Frames::new(flipped).unwrap();
    while let Ok(Some(_)) = frames.next_frame() {}
}
