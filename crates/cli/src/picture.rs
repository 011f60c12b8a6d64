//! `--svg FILE` (and `--theme light|dark`): the picture the page's "Save picture" saves,
//! drawn by the same crate (`puzzlelab-pictures`), so a paper's figures can come from a
//! script. The answer names the file it wrote (`svg`).

use clap::Args;
use serde_json::Value;

use super::{usage, Stop};
use puzzlelab_pictures::animation::{delay_cs, net_gif, CUBE_SPEED, DEFAULT_BUDGET};
use puzzlelab_pictures::{cube, Kind, Theme};

#[derive(Args, Debug, Default)]
pub struct PictureArgs {
    /// Also draw what the page shows as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Also draw the run as an animated GIF in FILE (one frame a step, to --frames).
    #[arg(long, value_name = "FILE")]
    pub gif: Option<std::path::PathBuf>,
    /// With --gif: the most frames (steps are sampled evenly beyond it; default 200).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(2..=2000))]
    pub frames: Option<u32>,
    /// With --gif: steps a second (default: the page player's, 30 for a tour, 3 for a cube).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub speed: Option<u32>,
    /// The picture's colours: the page's light theme (the default) or its dark one.
    #[arg(long, value_name = "light|dark", value_parser = parse_theme)]
    pub theme: Option<Theme>,
}

pub fn parse_theme(text: &str) -> Result<Theme, String> {
    Theme::parse(text).ok_or_else(|| format!("'{text}' is not a theme (light or dark)"))
}

impl PictureArgs {
    pub fn theme(&self) -> Theme {
        self.theme.unwrap_or_default()
    }

    /// Whether a file is asked for; a theme or frames with none is a mistake.
    pub fn wanted(&self) -> Result<bool, Stop> {
        let any = self.svg.is_some() || self.gif.is_some();
        if !any && (self.theme.is_some() || self.frames.is_some() || self.speed.is_some()) {
            return Err(usage(
                "--theme, --frames and --speed go with --svg or --gif",
            ));
        }
        if self.gif.is_none() && (self.frames.is_some() || self.speed.is_some()) {
            return Err(usage("--frames and --speed go with --gif"));
        }
        Ok(any)
    }

    /// Writes `svg` (made only when a file is asked for) and notes the file in `out`.
    pub fn write(
        &self,
        out: &mut Value,
        svg: impl FnOnce(Theme) -> Result<String, String>,
    ) -> Result<(), Stop> {
        self.wanted()?;
        let Some(path) = &self.svg else {
            return Ok(());
        };
        let text = svg(self.theme()).map_err(|e| usage(format!("--svg: {e}")))?;
        save(out, "svg", path, text.as_bytes())
    }

    /// Writes the GIF `gif` makes (from the theme, the frame budget and the delay at
    /// `speed` unless --speed says otherwise) and notes the file and its frames in `out`.
    pub fn write_gif(
        &self,
        out: &mut Value,
        speed: u32,
        gif: impl FnOnce(Theme, usize, u16) -> Result<Vec<u8>, String>,
    ) -> Result<(), Stop> {
        self.wanted()?;
        let Some(path) = &self.gif else {
            return Ok(());
        };
        let budget = self.frames.map_or(DEFAULT_BUDGET, |f| f as usize);
        let delay = delay_cs(self.speed.unwrap_or(speed));
        let bytes = gif(self.theme(), budget, delay).map_err(|e| usage(format!("--gif: {e}")))?;
        save(out, "gif", path, &bytes)
    }
}

/// Writes `bytes` to `path` and notes the file under `key` in `out`.
pub fn save(out: &mut Value, key: &str, path: &std::path::Path, bytes: &[u8]) -> Result<(), Stop> {
    std::fs::write(path, bytes)
        .map_err(|e| usage(format!("--{key}: cannot write {}: {e}", path.display())))?;
    if let Value::Object(map) = out {
        map.insert(key.into(), Value::String(path.display().to_string()));
    }
    Ok(())
}

/// `state`, then the state after each of `moves`, where `turn` applies one move (as the
/// command's own `apply` does), as letters.
pub fn solution_states(
    state: &str,
    moves: &[String],
    turn: impl Fn(&str, &str) -> Result<String, String>,
) -> Result<Vec<Vec<u8>>, Stop> {
    let mut states = vec![state.to_string()];
    for m in moves {
        let next = turn(states.last().map(String::as_str).unwrap_or(state), m).map_err(usage)?;
        states.push(next);
    }
    Ok(states.iter().map(|s| s.as_bytes().to_vec()).collect())
}

/// A solution as a strip of nets (`--svg`) and as an animation (`--gif`).
pub fn solution_pictures(
    kind: Kind,
    states: &[Vec<u8>],
    moves: &[String],
    picture: &PictureArgs,
    link: &str,
    out: &mut Value,
) -> Result<(), Stop> {
    picture.write(out, |theme| cube::strip(kind, states, moves, theme, link))?;
    picture.write_gif(out, CUBE_SPEED, |theme, budget, delay| {
        net_gif(kind, states, theme, budget, delay)
    })
}

/// The moves of an answer's `moves` field, or why there is no one solution to draw.
pub fn answer_moves(out: &Value) -> Result<Vec<String>, String> {
    let text = out
        .get("moves")
        .and_then(Value::as_str)
        .ok_or("--svg draws one solution (not with --all)")?;
    Ok(text.split_whitespace().map(str::to_string).collect())
}
