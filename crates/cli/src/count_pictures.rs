//! `knight-count --svg FILE` and `--bars FILE` (with `--theme light|dark`): the counting
//! lab's saved pictures of the count just run — the heat map of the tours from each start
//! and the count's bars — built by the same functions the page builds them with
//! (`puzzlelab_pictures::heatmap::per_square`, `CountBars::depth_first`, `CountBars::parts`),
//! so a figure from a script matches the page's "Save picture".

use std::path::PathBuf;

use clap::Args;
use serde_json::Value;

use super::picture::{parse_theme, save};
use super::{usage, Stop};
use puzzlelab_links::part_file::PartArg;
use puzzlelab_links::{encode_route, CountLink, CountMethod, Route};
use puzzlelab_pictures::count_bars::{CountBars, MAX_BARS};
use puzzlelab_pictures::heatmap::{per_square, Heat};
use puzzlelab_pictures::{Scene, Theme};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::{CountPlan, CountSpec, Method};

#[derive(Args, Debug, Default)]
pub struct CountPictureArgs {
    /// With --per-start: the tours from each square as the page's heat map, an SVG in FILE
    /// (a folder: the page's file name in it).
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// The count's bars as an SVG in FILE: depth-first, the tours of each start class;
    /// path structures, the tours of each part (one part unsplit, part I of K with --part);
    /// a folder: the page's file name in it.
    #[arg(long, value_name = "FILE")]
    pub bars: Option<PathBuf>,
    /// The pictures' colours: the page's light theme (the default) or its dark one.
    #[arg(long, value_name = "light|dark", value_parser = parse_theme)]
    pub theme: Option<Theme>,
}

impl CountPictureArgs {
    /// Refuses a combination that cannot be drawn before anything is counted, so a bad
    /// command costs no time and writes no file.
    pub fn check(
        &self,
        method: Method,
        per_start: bool,
        part: Option<PartArg>,
    ) -> Result<(), Stop> {
        if self.svg.is_none() && self.bars.is_none() {
            return match self.theme {
                Some(_) => Err(usage("--theme goes with --svg or --bars")),
                None => Ok(()),
            };
        }
        if self.svg.is_some() && !per_start {
            return Err(usage(
                "--svg draws the tours from each start: it needs --per-start",
            ));
        }
        if self.svg.is_some() && part.is_some() {
            return Err(usage(
                "--svg draws the whole count's tours from each start, not one --part (merge first)",
            ));
        }
        if self.bars.is_some() {
            match (method, part) {
                (Method::DepthFirst, Some(_)) => {
                    return Err(usage(
                        "--bars draws a depth-first count whole, not one --part (merge first)",
                    ))
                }
                (Method::Frontier, Some(p)) if p.of > MAX_BARS => {
                    return Err(usage(format!(
                        "--bars draws at most {MAX_BARS} parts; this count has {}",
                        p.of
                    )))
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn theme(&self) -> Theme {
        self.theme.unwrap_or_default()
    }
}

/// The page's link to this count (the pictures' metadata leads back to it): `method=`
/// only when --method names one, as the page writes it only when chosen.
pub fn link(
    spec: CountSpec,
    board: Board,
    method: Option<Method>,
    part: Option<PartArg>,
) -> String {
    encode_route(&Route::Count(CountLink {
        board,
        start: spec.start,
        closed: spec.closed,
        method: method.map(CountMethod::from),
        parts: part.map(|p| p.of),
        ..CountLink::default()
    }))
}

/// Writes `scene` to `path`, or, when `path` is a folder, to the file name the page's
/// "Save picture" gives it inside that folder.
fn write(
    out: &mut Value,
    key: &str,
    path: &std::path::Path,
    scene: Scene,
    theme: Theme,
    link: &str,
) -> Result<(), Stop> {
    let svg = scene
        .svg(theme, link)
        .map_err(|e| usage(format!("--{key}: {e}")))?;
    let file = if path.is_dir() {
        path.join(scene.file_name("svg"))
    } else {
        path.to_path_buf()
    };
    save(out, key, &file, svg.as_bytes())
}

/// A whole depth-first count's pictures: the heat map from the plan's result, the bars
/// from the weighted tours of each start class (`class_totals`).
pub fn depth_first(
    a: &CountPictureArgs,
    plan: &CountPlan,
    board: Board,
    class_totals: &[u64],
    link: &str,
    out: &mut Value,
) -> Result<(), Stop> {
    let spec = plan.spec;
    if let Some(path) = &a.svg {
        let heat = Heat {
            board,
            start: spec.start,
            closed: spec.closed,
            counts: per_square(board, spec.start, spec.closed, &plan.result(class_totals)),
        };
        write(out, "svg", path, Scene::Heatmap(heat), a.theme(), link)?;
    }
    if let Some(path) = &a.bars {
        let bars = CountBars::depth_first(
            board,
            spec.start,
            spec.closed,
            &plan.classes,
            class_totals,
            false,
        )
        .ok_or_else(|| usage("--bars: this count has no start classes to draw"))?;
        write(out, "bars", path, Scene::CountBars(bars), a.theme(), link)?;
    }
    Ok(())
}

/// A path-structure count's bars: the tours it counted as its part's bar (part 1 of 1
/// unsplit).
pub fn frontier(
    a: &CountPictureArgs,
    spec: CountSpec,
    board: Board,
    part: Option<PartArg>,
    tours: u64,
    link: &str,
    out: &mut Value,
) -> Result<(), Stop> {
    let Some(path) = &a.bars else {
        return Ok(());
    };
    let (index, of) = part.map_or((1, 1), |p| (p.index, p.of));
    let bars = CountBars::parts(board, spec.start, spec.closed, of, |i| {
        (i == index).then_some(tours)
    })
    .ok_or_else(|| usage(format!("--bars draws at most {MAX_BARS} parts")))?;
    write(out, "bars", path, Scene::CountBars(bars), a.theme(), link)
}
