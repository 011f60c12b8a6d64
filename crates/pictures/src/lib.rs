//! Pictures of what a workbench shows, as SVG, in plain Rust: the page's "Save picture"
//! and the command line's `--svg` write the same files. Vectors with one element per
//! square, queen or sticker, carrying the page's hooks (`data-square`, `data-step`,
//! `data-queen`, `data-sticker`, `data-color`), painted in the page's colours (light or
//! dark, [`theme`]), with the workbench link in the `<metadata>` so a figure leads back.
//! A big board's tour is a PNG at one pixel a square ([`huge`], [`png`]).

pub mod animation;
pub mod chart;
pub mod count_bars;
pub mod cube;
pub mod gif;
pub mod gif_frames;
pub mod heatmap;
pub mod huge;
pub mod huge_marks;
pub mod knight;
pub mod number_chip;
pub mod png;
pub mod queens;
pub mod race;
pub mod raster;
pub mod search_film;
pub mod svg;
pub mod theme;
pub mod tree;
pub mod view3d;

use puzzlelab_solver::board::Board;
pub use puzzlelab_solver::cube_view::Kind;
pub use theme::Theme;

/// What a workbench's stage shows now, enough to draw it.
#[derive(Clone, Debug, PartialEq)]
pub enum Scene {
    /// The knight's board and the path up to the step shown (start first).
    Knight { board: Board, path: Vec<u32> },
    /// An `n`×`n` board and its queens ((column, row), a1 = (0, 0)).
    Queens { n: u32, queens: Vec<(u32, u32)> },
    /// A cube's net; `step` is (k, of) while a solution is shown.
    Net {
        kind: Kind,
        letters: Vec<u8>,
        step: Option<(usize, usize)>,
    },
    /// A board too big for one element per square (the page's canvas) and the path up to
    /// the step shown: a picture of one pixel a square in move order's colours; `blocks`:
    /// divide and conquer's blocks and seams shown over it.
    Canvas {
        board: Board,
        path: Vec<u32>,
        blocks: bool,
    },
    /// The pocket cube's distance chart: positions at each distance in `metric`, the
    /// shown cube's distance marked.
    Distances {
        metric: String,
        counts: Vec<u64>,
        current: Option<u32>,
    },
    /// A cube's 3D view (`letters` in the net's order) at the angle shown.
    View3d {
        kind: Kind,
        letters: Vec<u8>,
        orbit: puzzlelab_solver::cube_view::Orbit,
    },
    /// The pocket cube's breadth-first search at a step: its layers' bars.
    Layers(chart::Layers),
    /// The counting lab's board: the tours from each square once counted.
    Heatmap(heatmap::Heat),
    /// The counting lab's count as bars: tours per start class or per part.
    CountBars(count_bars::CountBars),
    /// The counting lab's race boards (brute force, backtracking) at a step.
    Race(race::Race),
    /// A search tree as the page's icicle at `step` (one cell per node or run of cuts).
    Tree {
        of: tree::TreeOf,
        step: u64,
        icicle: puzzlelab_solver::tree::Icicle,
    },
}

impl Scene {
    /// A knight's tour up to the step shown, as the page draws it: square by square up to
    /// [`knight::MAX_SIDE`] a side, else on the canvas (one pixel a square).
    pub fn tour(board: Board, path: Vec<u32>) -> Scene {
        if board.width().max(board.height()) <= knight::MAX_SIDE {
            Scene::Knight { board, path }
        } else {
            Scene::Canvas {
                board,
                path,
                blocks: false,
            }
        }
    }

    /// The same, with divide and conquer's blocks and seams over a canvas's tour when
    /// `shown` (the page's overlay); other scenes have none.
    pub fn with_blocks(self, shown: bool) -> Scene {
        match self {
            Scene::Canvas { board, path, .. } => Scene::Canvas {
                board,
                path,
                blocks: shown,
            },
            other => other,
        }
    }

    /// The picture, in `theme`, with `link` in its metadata.
    pub fn svg(&self, theme: Theme, link: &str) -> Result<String, String> {
        match self {
            Scene::Knight { board, path } => knight::knight(*board, path, theme, link),
            Scene::Queens { n, queens } => queens::queens(*n, queens, theme, link),
            Scene::Net { kind, letters, .. } => cube::net(*kind, letters, theme, link),
            Scene::Canvas {
                board,
                path,
                blocks,
            } => huge::tour_svg(*board, path, *blocks, link),
            Scene::Distances {
                metric,
                counts,
                current,
            } => chart::distances(counts, *current, metric, theme, link),
            Scene::Layers(l) => chart::layers(l, theme, link),
            Scene::Heatmap(h) => heatmap::heatmap(h, theme, link),
            Scene::CountBars(b) => count_bars::count_bars(b, theme, link),
            Scene::Race(r) => race::race(r, theme, link),
            Scene::View3d {
                kind,
                letters,
                orbit,
            } => view3d::view(*kind, letters, *orbit, theme, link),
            Scene::Tree { of, icicle, .. } => tree::tree(*of, icicle, theme, link),
        }
    }

    /// The scene as the animations' flat raster (the vector picture without its text),
    /// for the scenes a player records: a knight's board, the queens, a cube's net.
    pub fn raster(&self, theme: Theme) -> Option<raster::Raster> {
        Some(match self {
            Scene::Knight { board, path } => {
                raster::knight(*board, path, theme, animation::knight_cell(*board))
            }
            Scene::Queens { n, queens } => {
                raster::queens(*n, queens, theme, animation::queens_cell(*n))
            }
            Scene::Net { kind, letters, .. } => raster::net(*kind, letters, theme),
            _ => return None,
        })
    }

    /// The PNG drawn here, `scale` pixels a unit, when the scene has one (a big board's
    /// millions of squares); `None`: the page draws the SVG on a canvas instead.
    pub fn png(&self, scale: u32, link: &str) -> Option<Result<Vec<u8>, String>> {
        match self {
            Scene::Canvas { board, path, .. } => Some(huge::tour_png(*board, path, scale, link)),
            _ => None,
        }
    }

    /// The file's name, saying what it shows, with extension `ext`.
    pub fn file_name(&self, ext: &str) -> String {
        match self {
            Scene::Knight { board, path } | Scene::Canvas { board, path, .. } => {
                knight::file_name(*board, path, ext)
            }
            Scene::Queens { n, queens } => queens::file_name(*n, queens.len(), ext),
            Scene::Net { kind, step, .. } => cube::file_name(*kind, *step, ext),
            Scene::Distances { metric, .. } => chart::file_name(metric, ext),
            Scene::Layers(l) => chart::layers_file_name(l, ext),
            Scene::Heatmap(h) => heatmap::file_name(h, ext),
            Scene::CountBars(b) => count_bars::file_name(b, ext),
            Scene::Race(r) => race::file_name(r, ext),
            Scene::View3d { kind, orbit, .. } => view3d::file_name(*kind, *orbit, ext),
            Scene::Tree { of, step, .. } => tree::file_name(*of, *step, ext),
        }
    }
}
