//! `--svg FILE` (and `--theme light|dark`): the picture the page's "Save picture" saves,
//! drawn by the same crate (`puzzlelab-pictures`), so a paper's figures can come from a
//! script. The answer names the file it wrote (`svg`).

use clap::Args;
use serde_json::Value;

use super::{usage, Stop};
use puzzlelab_pictures::{cube, Kind, Theme};

#[derive(Args, Debug, Default)]
pub struct PictureArgs {
    /// Also draw what the page shows as an SVG picture in FILE.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// The picture's colours: the page's light theme (the default) or its dark one.
    #[arg(long, value_name = "light|dark", value_parser = parse_theme, requires = "svg")]
    pub theme: Option<Theme>,
}

fn parse_theme(text: &str) -> Result<Theme, String> {
    Theme::parse(text).ok_or_else(|| format!("'{text}' is not a theme (light or dark)"))
}

impl PictureArgs {
    pub fn theme(&self) -> Theme {
        self.theme.unwrap_or_default()
    }

    /// Writes `svg` (made only when a file is asked for) and notes the file in `out`.
    pub fn write(
        &self,
        out: &mut Value,
        svg: impl FnOnce(Theme) -> Result<String, String>,
    ) -> Result<(), Stop> {
        let Some(path) = &self.svg else {
            return Ok(());
        };
        let text = svg(self.theme()).map_err(|e| usage(format!("--svg: {e}")))?;
        std::fs::write(path, text)
            .map_err(|e| usage(format!("--svg: cannot write {}: {e}", path.display())))?;
        if let Value::Object(map) = out {
            map.insert("svg".into(), Value::String(path.display().to_string()));
        }
        Ok(())
    }
}

/// A solution's strip of nets: `state`, then the state after each of `moves`, where
/// `turn` applies one move (as the command's own `apply` does).
pub fn solution_strip(
    kind: Kind,
    state: &str,
    moves: &[String],
    turn: impl Fn(&str, &str) -> Result<String, String>,
    theme: Theme,
    link: &str,
) -> Result<String, String> {
    let mut states = vec![state.to_string()];
    for m in moves {
        let next = turn(states.last().map(String::as_str).unwrap_or(state), m)?;
        states.push(next);
    }
    let letters: Vec<Vec<u8>> = states.iter().map(|s| s.as_bytes().to_vec()).collect();
    cube::strip(kind, &letters, moves, theme, link)
}

/// The moves of an answer's `moves` field, or why there is no one solution to draw.
pub fn answer_moves(out: &Value) -> Result<Vec<String>, String> {
    let text = out
        .get("moves")
        .and_then(Value::as_str)
        .ok_or("--svg draws one solution (not with --all)")?;
    Ok(text.split_whitespace().map(str::to_string).collect())
}
