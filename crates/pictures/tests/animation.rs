//! Animations read back with the checkers' own GIF reader: as many frames as steps asked
//! (or the budget), the first and last frames the pictures of those steps.

mod tours;
use tours::tour_8x8;

use std::time::Instant;

use puzzlelab_checkers::gif::read;
use puzzlelab_pictures::animation::{
    knight_cell, knight_gif, knight_plan, net_gif, net_plan, Recording,
};
use puzzlelab_pictures::gif::Writer;
use puzzlelab_pictures::raster::{self, Raster};
use puzzlelab_pictures::{Kind, Theme};
use puzzlelab_solver::rubik::{apply_moves, SOLVED};

fn same(frame: &[[u8; 3]], raster: &Raster) -> bool {
    frame == raster.pixels.as_slice()
}

#[test]
fn a_64_square_tour_is_64_frames_from_the_start_to_the_whole_tour() {
    let (board, path) = tour_8x8();
    let began = Instant::now();
    let gif = knight_gif(board, &path, (0, 63), Theme::Light, 200, 10).unwrap();
    let took = began.elapsed();
    let read = read(&gif).expect("a readable GIF");
    eprintln!(
        "64-move tour GIF: {} bytes, {} frames of {}x{}, {:.1} ms",
        gif.len(),
        read.frames.len(),
        read.width,
        read.height,
        took.as_secs_f64() * 1000.0
    );
    assert_eq!(read.frames.len(), 64);
    assert!(read.delays_cs.iter().all(|&d| d == 10));
    // The size stated before recording is within a factor of two.
    let plan = knight_plan(board, (0, 63), 200, 10).unwrap();
    assert!(
        plan.bytes / 2 <= gif.len() && gif.len() <= plan.bytes * 2,
        "estimated {} bytes, made {}",
        plan.bytes,
        gif.len()
    );
    let cell = knight_cell(board);
    assert!(same(
        &read.frames[0],
        &raster::knight(board, &path[..1], Theme::Light, cell)
    ));
    assert!(same(
        &read.frames[17],
        &raster::knight(board, &path[..18], Theme::Light, cell)
    ));
    assert!(same(
        &read.frames[63],
        &raster::knight(board, &path, Theme::Light, cell)
    ));
    // The square a1 is washed from the first frame; h8's colour changes when it is visited.
    let budgeted = read_frames(&knight_gif(board, &path, (10, 63), Theme::Dark, 12, 5).unwrap());
    assert_eq!(budgeted.frames.len(), 12, "sampled to the budget");
    assert!(same(
        &budgeted.frames[0],
        &raster::knight(board, &path[..11], Theme::Dark, cell)
    ));
    assert!(same(
        &budgeted.frames[11],
        &raster::knight(board, &path, Theme::Dark, cell)
    ));
    assert!(knight_gif(board, &path, (5, 64), Theme::Dark, 12, 5).is_err());
}

fn read_frames(gif: &[u8]) -> puzzlelab_checkers::gif::Gif {
    read(gif).expect("a readable GIF")
}

#[test]
fn a_20_move_rubik_solution_is_21_nets() {
    let moves = "R U F' L2 D B' R2 U' F D2 L' B2 U R' F2 D' L B U2 R";
    let mut states = vec![SOLVED.to_string()];
    for m in moves.split_whitespace() {
        let next = apply_moves(states.last().unwrap(), m).unwrap();
        states.push(next);
    }
    let letters: Vec<Vec<u8>> = states.iter().map(|s| s.as_bytes().to_vec()).collect();
    let began = Instant::now();
    let gif = net_gif(Kind::Rubik, &letters, Theme::Light, 200, 50).unwrap();
    let took = began.elapsed();
    let read = read_frames(&gif);
    eprintln!(
        "20-move Rubik's solution GIF: {} bytes, {} frames of {}x{}, {:.1} ms",
        gif.len(),
        read.frames.len(),
        read.width,
        read.height,
        took.as_secs_f64() * 1000.0
    );
    let plan = net_plan(Kind::Rubik, 21, 200, 10).unwrap();
    assert!(
        plan.bytes / 2 <= gif.len() && gif.len() <= plan.bytes * 2,
        "estimated {} bytes, made {}",
        plan.bytes,
        gif.len()
    );
    assert_eq!(read.frames.len(), 21);
    assert!(same(
        &read.frames[0],
        &raster::net(Kind::Rubik, &letters[0], Theme::Light)
    ));
    assert!(same(
        &read.frames[20],
        &raster::net(Kind::Rubik, &letters[20], Theme::Light)
    ));
    assert_ne!(read.frames[0], read.frames[1]);
}

#[test]
fn noisy_frames_fill_the_code_table_and_still_read_back() {
    // 256 colours in a pseudo-random pattern: the LZW table fills and is cleared often.
    let palette: Vec<[u8; 3]> = (0..256u32)
        .map(|i| [i as u8, (i * 7) as u8, (i * 13) as u8])
        .collect();
    let mut x = 12345u32;
    let frames: Vec<Raster> = (0..3)
        .map(|_| Raster {
            width: 200,
            height: 150,
            pixels: (0..200 * 150)
                .map(|_| {
                    x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
                    palette[((x >> 16) as u8 % if x % 3 == 0 { 4 } else { 255 }) as usize]
                })
                .collect(),
        })
        .collect();
    let mut writer = Writer::new(200, 150).unwrap();
    for frame in &frames {
        writer.add(frame, 7).unwrap();
    }
    let gif = read_frames(&writer.finish());
    assert_eq!(gif.frames.len(), 3);
    for (got, want) in gif.frames.iter().zip(&frames) {
        assert_eq!(got, &want.pixels);
    }
    // A frame that changes one pixel, and one that changes none, read back whole.
    let mut small = Raster::new(3, 1, [0, 0, 0]);
    let mut writer = Writer::new(3, 1).unwrap();
    writer.add(&small, 1).unwrap();
    small.pixels[2] = [255, 255, 255];
    writer.add(&small, 1).unwrap();
    writer.add(&small, 1).unwrap();
    assert!(writer.add(&Raster::new(2, 1, [0, 0, 0]), 1).is_err());
    let read = read_frames(&writer.finish());
    assert_eq!(read.frames[0], vec![[0, 0, 0]; 3]);
    assert_eq!(read.frames[1], vec![[0, 0, 0], [0, 0, 0], [255, 255, 255]]);
    assert_eq!(read.frames[2], read.frames[1]);
}

#[test]
fn a_recording_in_batches_is_the_file_made_at_once() {
    let (board, path) = tour_8x8();
    let whole = knight_gif(board, &path, (0, 63), Theme::Light, 200, 3).unwrap();
    let mut recording = Recording::knight(board, path, (0, 63), Theme::Light, 200, 3).unwrap();
    assert_eq!((recording.frames(), recording.done()), (64, 0));
    let mut file = None;
    let mut batches = 0;
    while file.is_none() {
        file = recording.draw(5).unwrap();
        batches += 1;
    }
    assert_eq!(batches, 13);
    assert_eq!(recording.done(), 64);
    assert_eq!(file.unwrap(), whole);
    assert!(recording.draw(5).is_err(), "finished");
}

#[test]
fn a_tours_stated_size_is_within_15_percent_of_the_file_whole_or_sampled() {
    let (board, path) = tour_8x8();
    for budget in [200, 20] {
        let stated = knight_plan(board, (0, 63), budget, 3).unwrap().bytes as f64;
        let made = knight_gif(board, &path, (0, 63), Theme::Light, budget, 3).unwrap();
        let off = (stated - made.len() as f64) / made.len() as f64;
        assert!(
            off.abs() < 0.15,
            "budget {budget}: stated {stated}, made {}",
            made.len()
        );
    }
}
