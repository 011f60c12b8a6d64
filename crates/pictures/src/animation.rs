//! Animations as GIFs: a run from one step to another, one frame a step, sampled evenly
//! to a frame budget when longer (the first and last steps always kept), so the frame
//! count, length and an estimated size are known before any frame is drawn ([`Plan`]).
//! A [`Recording`] draws and encodes a few frames at a time, so a worker can run it in
//! batches with a progress bar and a Cancel.

use puzzlelab_solver::board::Board;
use puzzlelab_solver::cube_view::Kind;

use crate::gif::Writer;
use crate::raster::{self, Raster};
use crate::search_film::{SearchFilm, Searched};
use crate::Theme;

/// The most frames an animation holds unless asked otherwise.
pub const DEFAULT_BUDGET: usize = 200;
/// The most frames anyone may ask for: beyond it a recording is refused.
pub const MAX_FRAMES: usize = 2000;
/// The largest file a recording may be estimated at: beyond it it is refused.
pub const MAX_BYTES: usize = 50 << 20;
/// The players' default speeds, steps a second (the pages' `DEFAULT_SPEED`, which a web
/// test holds these to): the knight's tour, and either cube's solution.
pub const KNIGHT_SPEED: u32 = 30;
pub const CUBE_SPEED: u32 = 3;
/// The queens' backtracking player's default speed, steps a second.
pub const QUEENS_SPEED: u32 = 20;
/// Search steps a batch of drawing may run to reach its next frame, so a long search
/// between two sampled frames still lets a Cancel through.
const STEPS_PER_DRAW: u64 = 200_000;

/// A frame's delay in hundredths of a second at `speed` steps a second (GIF's unit;
/// viewers slow anything under 2 to 10, so 2 is the least).
pub fn delay_cs(speed: u32) -> u16 {
    (100 / speed.max(1)).clamp(2, u16::MAX as u32) as u16
}

/// The steps drawn for a run from `from` to `to` (inclusive) in at most `budget` frames:
/// every step if they fit, else evenly spaced ones with both ends kept.
pub fn sample(from: usize, to: usize, budget: usize) -> Vec<usize> {
    let (lo, hi) = (from.min(to), from.max(to));
    let count = hi - lo + 1;
    let take = count.min(budget.max(2));
    if take == count {
        return (lo..=hi).collect();
    }
    (0..take)
        .map(|i| lo + i * (count - 1) / (take - 1))
        .collect()
}

/// Pixels a square for an animated board: 40, smaller on big boards (up to 480 pixels).
pub fn knight_cell(board: Board) -> u32 {
    (480 / board.width().max(board.height())).clamp(2, 40)
}

/// Pixels a square for an animated queens' board: 40, smaller past 12 (up to 480 pixels).
pub fn queens_cell(n: u32) -> u32 {
    (480 / n.max(1)).clamp(2, 40)
}

/// What a recording will be, stated before it starts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Plan {
    /// Frames drawn, and the steps the run spans (more when sampled).
    pub frames: usize,
    pub steps: usize,
    /// How long it plays, in seconds.
    pub seconds: f64,
    /// The file's estimated size in bytes (the first frame whole, then what a step
    /// changes: a knight's move's few squares, or much of a cube's net).
    pub bytes: usize,
    /// A frame's pixels, and about how many differ from the frame before.
    pub pixels: u64,
    pub changed: u64,
}

impl Plan {
    /// Whether the run is sampled to the budget (not every step drawn).
    pub fn sampled(&self) -> bool {
        self.frames < self.steps
    }
}

/// The plan for frames of `width`×`height` where each frame after the first changes
/// about `changed(s)` pixels when it is `s` steps on from the one before (1, or more
/// when sampled); refused when the budget or the file is too big.
/// How a picture's frames pack under LZW: the first frame's bytes from its pixels, the
/// pixels a byte of a later frame's changed rectangle holds, and each later frame's
/// bytes besides (its header, the clear codes).
struct Packing {
    first: fn(u64) -> u64,
    changed_per_byte: f64,
    per_frame: u64,
}

/// Flat pictures (the queens): LZW packs about 16 pixels a byte, as first measured on
/// tours and nets.
const FLAT: Packing = Packing {
    first: |pixels| pixels / 16 + 100,
    changed_per_byte: 16.0,
    per_frame: 40,
};

fn plan(
    (from, to): (usize, usize),
    budget: usize,
    delay_cs: u16,
    (width, height): (u32, u32),
    packing: Packing,
    changed: impl Fn(f64) -> u64,
) -> Result<Plan, String> {
    if budget > MAX_FRAMES {
        return Err(format!("{budget} frames is too many: at most {MAX_FRAMES}"));
    }
    let steps = from.abs_diff(to) + 1;
    let frames = steps.min(budget.max(2));
    let pixels = width as u64 * height as u64;
    let changed = changed(steps as f64 / frames as f64).min(pixels);
    // A frame after the first holds the rectangle that changed.
    let first = (packing.first)(pixels);
    let later = (changed as f64 / packing.changed_per_byte) as u64 + packing.per_frame;
    let rest = (frames as u64 - 1) * later;
    let bytes = (800 + first + rest).min(usize::MAX as u64) as usize;
    if bytes > MAX_BYTES {
        return Err(format!(
            "about {} MB is too big (at most {} MB): ask for fewer frames",
            bytes >> 20,
            MAX_BYTES >> 20
        ));
    }
    Ok(Plan {
        frames,
        steps,
        seconds: frames as f64 * delay_cs as f64 / 100.0,
        bytes,
        pixels,
        changed,
    })
}

/// The longest WebM offered, in seconds: the page films it in real time.
pub const MAX_WEBM_SECONDS: f64 = 120.0;
/// The bit rate the page asks of the browser's encoder, bits a second: a cap, which
/// flat pictures that change a little a frame stay far below.
pub const WEBM_BITS_PER_SECOND: u32 = 2_500_000;

/// What filming the GIF `gif` plans as a WebM would make: the same frames and length,
/// the size the browser's encoder gives (see [`webm_bytes`]); refused past
/// [`MAX_WEBM_SECONDS`].
pub fn webm_plan(gif: Plan) -> Result<Plan, String> {
    if gif.seconds > MAX_WEBM_SECONDS {
        return Err(format!(
            "a WebM is filmed as it plays: {:.0} s is longer than {MAX_WEBM_SECONDS:.0} s (ask for fewer frames)",
            gif.seconds
        ));
    }
    Ok(Plan {
        bytes: webm_bytes(&gif),
        ..gif
    })
}

/// A WebM's estimated size. Chromium's VP8 spends on each frame about a byte per 105
/// pixels of it (refining what did not change) and a byte per 13 pixels that changed:
/// a least-squares fit over six recordings made in the page (8x8 and 16x16 tours, a
/// tour sampled to 20 frames, a Rubik's solution, the 5x5 search, 8 queens), each
/// within 25% of it. Under the cap of [`WEBM_BITS_PER_SECOND`].
fn webm_bytes(gif: &Plan) -> usize {
    let cap = gif.seconds * WEBM_BITS_PER_SECOND as f64 / 8.0;
    let frame = gif.pixels as f64 / 105.0 + gif.changed as f64 / 12.8;
    (1000.0 + (gif.frames as f64 * frame).min(cap)) as usize
}

/// A tour's frames: a changed rectangle packs about 27 pixels a byte (the squares' flat
/// colours), and each frame costs some 260 bytes besides. Fitted to 8x8 and 16x16 tours,
/// whole and sampled (tests/gif_size.rs).
const TOUR: Packing = Packing {
    first: |pixels| pixels / 16 + 100,
    changed_per_byte: 27.1,
    per_frame: 263,
};

/// A cube's net: much of it background, so the first frame packs about 39 pixels a
/// byte; later frames as the tours'. Fitted to pocket and Rubik's solutions of 3 to 20
/// moves, light and dark (tests/gif_size.rs; the 17% it ran high before).
const NET: Packing = Packing {
    first: |pixels| pixels / 39,
    changed_per_byte: 16.0,
    per_frame: 263,
};

/// The plan for the knight's run from step `from` to `to` on `board`.
pub fn knight_plan(
    board: Board,
    steps: (usize, usize),
    budget: usize,
    delay_cs: u16,
) -> Result<Plan, String> {
    let cell = knight_cell(board);
    let size = (board.width() * cell, board.height() * cell);
    // A move redraws a 2-by-3-square patch (the move, the knight's old square), a bit
    // more with the line; a sampled frame's moves spread over a rectangle that grows a
    // little faster than their count. Fitted to 8x8 and 16x16 tours, whole and sampled
    // to 20 frames (tests/gif_size.rs): within 3% of the files.
    let changed = |moves: f64| (6.5 * moves.powf(1.2) * (cell as f64).powi(2)) as u64;
    plan(steps, budget, delay_cs, size, TOUR, changed)
}

/// The plan for a cube's `states` (the start, then after each move).
pub fn net_plan(kind: Kind, states: usize, budget: usize, delay_cs: u16) -> Result<Plan, String> {
    let blank = raster::net(kind, &[], Theme::Light);
    let size = (blank.width, blank.height);
    // A move recolours stickers all over the net: about a fifth of the pocket cube's
    // pixels, more than a quarter of the Rubik's (its turning layer crosses more of the
    // net), coded alike.
    let share = match kind {
        Kind::Pocket => 4.74,
        Kind::Rubik => 3.64,
    };
    let changed = |_| (size.0 as f64 * size.1 as f64 / share) as u64;
    plan(
        (0, states.saturating_sub(1)),
        budget,
        delay_cs,
        size,
        NET,
        changed,
    )
}

/// The plan for N queens' backtracking from step `from` to `to`.
pub fn queens_plan(
    n: u32,
    steps: (usize, usize),
    budget: usize,
    delay_cs: u16,
) -> Result<Plan, String> {
    let cell = queens_cell(n) as f64;
    let side = n * queens_cell(n);
    // A queen placed or taken back re-hatches its row, column and diagonals: about two
    // rows' worth of squares coded (measured on 6 and 8 queens, within 12%); sampled
    // steps mostly re-hatch the same lines.
    let changed = |steps: f64| (2.0 * n as f64 * cell * cell * steps.sqrt()) as u64;
    plan(steps, budget, delay_cs, (side, side), FLAT, changed)
}

/// The plan for recording `searched` from step `from` to `to`.
pub fn search_plan(
    searched: &Searched,
    steps: (usize, usize),
    budget: usize,
    delay_cs: u16,
) -> Result<Plan, String> {
    match searched {
        Searched::Knight(config) => knight_plan(config.board()?, steps, budget, delay_cs),
        Searched::Queens(n) => queens_plan(*n, steps, budget, delay_cs),
    }
}

/// What the frames are drawn from.
enum Source {
    Knight {
        board: Board,
        path: Vec<u32>,
        cell: u32,
    },
    Net {
        kind: Kind,
        states: Vec<Vec<u8>>,
    },
    /// A search run again as it goes, its frames drawn at the steps passed.
    Search(Box<SearchFilm>),
}

impl Source {
    fn size(&self) -> (u32, u32) {
        match self {
            Source::Knight { board, cell, .. } => (board.width() * cell, board.height() * cell),
            Source::Net { kind, .. } => {
                let blank = raster::net(*kind, &[], Theme::Light);
                (blank.width, blank.height)
            }
            Source::Search(film) => film.size(),
        }
    }

    /// Whether `step` can be drawn now: a search is stepped towards it within `budget`.
    fn reach(&mut self, step: usize, budget: &mut u64) -> Result<bool, String> {
        match self {
            Source::Search(film) => film.reach(step as u64, budget),
            _ => Ok(true),
        }
    }

    fn draw(&self, step: usize, theme: Theme) -> Raster {
        match self {
            Source::Knight { board, path, cell } => {
                raster::knight(*board, &path[..=step], theme, *cell)
            }
            Source::Net { kind, states } => raster::net(*kind, &states[step], theme),
            Source::Search(film) => film.scene().raster(theme).unwrap_or_else(|| {
                let (w, h) = film.size();
                Raster::new(w, h, [0, 0, 0])
            }),
        }
    }
}

/// An animation being drawn and encoded, a few frames at a time.
pub struct Recording {
    source: Source,
    steps: Vec<usize>,
    theme: Theme,
    delay_cs: u16,
    writer: Option<Writer>,
}

impl Recording {
    /// The knight's run from step `from` to `to` (moves made, as the link counts) of
    /// `path`, at most `budget` frames.
    pub fn knight(
        board: Board,
        path: Vec<u32>,
        (from, to): (usize, usize),
        theme: Theme,
        budget: usize,
        delay_cs: u16,
    ) -> Result<Recording, String> {
        let last = path.len().saturating_sub(1);
        if path.is_empty() || from > to || to > last {
            return Err(format!("steps {from} to {to}: the tour has 0 to {last}"));
        }
        if let Some(&bad) = path.iter().find(|&&sq| sq >= board.squares()) {
            return Err(format!("square {bad} is not on the board"));
        }
        knight_plan(board, (from, to), budget, delay_cs)?;
        let cell = knight_cell(board);
        let source = Source::Knight { board, path, cell };
        Recording::new(source, sample(from, to, budget), theme, delay_cs)
    }

    /// A cube's states (the start, then after each move), at most `budget` frames.
    pub fn net(
        kind: Kind,
        states: Vec<Vec<u8>>,
        theme: Theme,
        budget: usize,
        delay_cs: u16,
    ) -> Result<Recording, String> {
        if states.is_empty() {
            return Err("no states to animate".into());
        }
        net_plan(kind, states.len(), budget, delay_cs)?;
        let steps = sample(0, states.len() - 1, budget);
        Recording::new(Source::Net { kind, states }, steps, theme, delay_cs)
    }

    /// A search's run from step `from` to `to`, backtracking included, at most `budget`
    /// frames: each frame the page's picture of that step.
    pub fn search(
        searched: &Searched,
        (from, to): (usize, usize),
        theme: Theme,
        budget: usize,
        delay_cs: u16,
    ) -> Result<Recording, String> {
        if from > to {
            return Err(format!("steps {from} to {to}: from an earlier to a later"));
        }
        search_plan(searched, (from, to), budget, delay_cs)?;
        let film = SearchFilm::new(searched)?;
        let steps = sample(from, to, budget);
        Recording::new(Source::Search(Box::new(film)), steps, theme, delay_cs)
    }

    fn new(source: Source, steps: Vec<usize>, theme: Theme, delay: u16) -> Result<Self, String> {
        let (width, height) = source.size();
        Ok(Recording {
            writer: Some(Writer::new(width, height)?),
            source,
            steps,
            theme,
            delay_cs: delay,
        })
    }

    /// The frames it will hold.
    pub fn frames(&self) -> usize {
        self.steps.len()
    }

    /// The frames drawn so far.
    pub fn done(&self) -> usize {
        self.writer
            .as_ref()
            .map_or(self.steps.len(), Writer::frames)
    }

    /// Draws up to `n` more frames; the file once the last is drawn.
    pub fn draw(&mut self, n: usize) -> Result<Option<Vec<u8>>, String> {
        let Some(writer) = self.writer.as_mut() else {
            return Err("the recording is finished".into());
        };
        let mut budget = STEPS_PER_DRAW;
        for &step in self.steps.iter().skip(writer.frames()).take(n) {
            if !self.source.reach(step, &mut budget)? {
                return Ok(None); // the next batch steps on
            }
            writer.add(&self.source.draw(step, self.theme), self.delay_cs)?;
        }
        if writer.frames() < self.steps.len() {
            return Ok(None);
        }
        Ok(self.writer.take().map(Writer::finish))
    }

    /// Every frame at once: the file.
    pub fn run(mut self) -> Result<Vec<u8>, String> {
        let all = self.frames();
        loop {
            if let Some(gif) = self.draw(all)? {
                return Ok(gif);
            }
        }
    }
}

/// The knight's run from step `from` to `to` of `path`, as a GIF (the command line's).
pub fn knight_gif(
    board: Board,
    path: &[u32],
    steps: (usize, usize),
    theme: Theme,
    budget: usize,
    delay_cs: u16,
) -> Result<Vec<u8>, String> {
    Recording::knight(board, path.to_vec(), steps, theme, budget, delay_cs)?.run()
}

/// A search's run from step `from` to `to`, as a GIF (the command line's).
pub fn search_gif(
    searched: &Searched,
    steps: (usize, usize),
    theme: Theme,
    budget: usize,
    delay_cs: u16,
) -> Result<Vec<u8>, String> {
    Recording::search(searched, steps, theme, budget, delay_cs)?.run()
}

/// A cube's states (the start, then after each move) as a GIF (the command line's).
pub fn net_gif(
    kind: Kind,
    states: &[Vec<u8>],
    theme: Theme,
    budget: usize,
    delay_cs: u16,
) -> Result<Vec<u8>, String> {
    Recording::net(kind, states.to_vec(), theme, budget, delay_cs)?.run()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_run_is_sampled_evenly_keeping_both_ends() {
        assert_eq!(sample(0, 4, 10), vec![0, 1, 2, 3, 4]);
        let s = sample(0, 63, 10);
        assert_eq!((s.len(), s[0], s[9]), (10, 0, 63));
        assert!(s.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(sample(5, 5, 10), vec![5]);
    }

    #[test]
    fn a_plan_states_frames_length_and_refuses_what_is_too_big() {
        let board = Board::new(8, 8).unwrap();
        let p = knight_plan(board, (0, 63), 200, delay_cs(30)).unwrap();
        assert_eq!((p.frames, p.steps, p.sampled()), (64, 64, false));
        assert!((p.seconds - 64.0 * 0.03).abs() < 1e-9);
        let p = knight_plan(board, (10, 63), 20, 3).unwrap();
        assert_eq!((p.frames, p.steps, p.sampled()), (20, 54, true));
        let e = knight_plan(board, (0, 63), MAX_FRAMES + 1, 3).unwrap_err();
        assert!(e.contains("at most 2000"), "{e}");
        // Frames that change whole and are big make a file too big to offer.
        let e = plan((0, 5000), MAX_FRAMES, 3, (4000, 4000), FLAT, |_| 16_000_000).unwrap_err();
        assert!(e.contains("too big"), "{e}");
        assert!(net_plan(Kind::Rubik, 21, 200, 33).is_ok());
    }
}
