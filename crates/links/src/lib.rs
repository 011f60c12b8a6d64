//! Shareable links: every workbench's state as a readable hash route, and back. This file
//! holds the routes and the query helpers; each workbench's link is in a file of its own.
//!
//! Decoding never fails: a bad value becomes a problem message and a sane default, so a
//! link with a typo still opens the workbench.

mod count;
pub mod count_parts;
mod cube;
mod embed;
mod knight;
mod learn;
pub mod part_file;
mod queens;
mod rubik;

pub use count::{
    decode_count, encode_count, CountLink, CountMethod, CountWatch, MAX_WATCH_SQUARES,
};
pub use cube::{decode_cube, encode_cube, CubeLink};
pub use embed::{decode_embed, element_attributes, encode_embed};
pub use knight::{decode_knight, encode_knight, CanvasView, KnightLink};
pub use learn::{decode_learn, encode_learn, BenchLink, LearnLink};
pub use queens::{decode_queens, encode_queens, QueensLink, QueensMode, QueensView};
pub use rubik::{decode_rubik, encode_rubik, parse_state as parse_rubik_state, RubikLink};

/// The most workers a link may ask a count to use.
pub const MAX_WORKERS: u32 = 16;

/// How a count runs, for the pages that count: on how many workers (`workers=`, so a
/// user can leave a core free and a benchmark can compare), and whether it starts as the
/// link opens (`count=1`, a one-off instruction that is not written back).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CountRun {
    pub workers: Option<u32>,
    pub autostart: bool,
}

impl CountRun {
    pub(crate) fn decode(pairs: &[(String, String)], problems: &mut Vec<String>) -> CountRun {
        let mut run = CountRun::default();
        if let Some(text) = last_value(pairs, "workers") {
            match text.trim().parse::<u32>() {
                Ok(n) if (1..=MAX_WORKERS).contains(&n) => run.workers = Some(n),
                _ => problems.push(format!(
                    "workers must be 1 to {MAX_WORKERS}, not '{}'; using one per core",
                    clip(text)
                )),
            }
        }
        if let Some(text) = last_value(pairs, "count") {
            match parse_flag(text) {
                Some(flag) => run.autostart = flag,
                None => problems.push(format!("count must be 0 or 1, not '{}'", clip(text))),
            }
        }
        run
    }

    pub(crate) fn encode(&self, parts: &mut Vec<String>) {
        if let Some(n) = self.workers {
            parts.push(format!("workers={n}"));
        }
    }
}

/// The 3D cube's view angle (`view3d=yaw,pitch`, both cubes): a bad value is a message
/// and the default view.
pub(crate) fn decode_view3d(
    pairs: &[(String, String)],
    problems: &mut Vec<String>,
) -> Option<puzzlelab_solver::cube_view::Orbit> {
    let text = last_value(pairs, "view3d")?;
    match puzzlelab_solver::cube_view::Orbit::parse(text) {
        Ok(view) => Some(view),
        Err(e) => {
            problems.push(format!("{}; showing the default view", clip(&e)));
            None
        }
    }
}

/// A decoded value and what was wrong with the text it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded<T> {
    pub value: T,
    pub problems: Vec<String>,
}

impl<T> Decoded<T> {
    /// The same problems with the value turned into another (a workbench's link into a
    /// route).
    pub(crate) fn map<U>(self, f: impl FnOnce(T) -> U) -> Decoded<U> {
        Decoded {
            value: f(self.value),
            problems: self.problems,
        }
    }
}

/// The workbenches a hash can name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Route {
    /// The home page (`#/` or no hash).
    Home,
    Knight(KnightLink),
    Cube(CubeLink),
    Queens(QueensLink),
    Count(CountLink),
    Rubik(RubikLink),
    /// The lessons: `#/learn` and `#/learn/<lesson>?step=k`.
    Learn(LearnLink),
}

/// Decodes `#/knight?board=8x8&start=c3` (the leading `#` is optional).
pub fn decode_route(hash: &str) -> Decoded<Route> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    let (path, query) = hash.split_once('?').unwrap_or((hash, ""));
    if let Some(rest) = path.trim_matches('/').strip_prefix("learn") {
        if rest.is_empty() || rest.starts_with('/') {
            return decode_learn(rest, query).map(Route::Learn);
        }
    }
    match path.trim_matches('/') {
        "" => Decoded {
            value: Route::Home,
            problems: Vec::new(),
        },
        "knight" => decode_knight(query).map(Route::Knight),
        "queens" => decode_queens(query).map(Route::Queens),
        "count" => decode_count(query).map(Route::Count),
        "cube" => decode_cube(query).map(Route::Cube),
        "rubik" => decode_rubik(query).map(Route::Rubik),
        other => Decoded {
            value: Route::Home,
            problems: vec![format!(
                "there is no workbench '{}'; here are the ones there are",
                clip(&percent_encoding::percent_decode_str(other).decode_utf8_lossy())
            )],
        },
    }
}

pub fn encode_route(route: &Route) -> String {
    match route {
        Route::Home => "#/".to_string(),
        Route::Knight(k) => format!("#/knight?{}", encode_knight(k)),
        Route::Cube(c) => format!("#/cube?{}", encode_cube(c)),
        Route::Queens(q) => format!("#/queens?{}", encode_queens(q)),
        Route::Count(c) => format!("#/count?{}", encode_count(c)),
        Route::Rubik(r) => format!("#/rubik?{}", encode_rubik(r)),
        Route::Learn(l) => encode_learn(l),
    }
}

pub(crate) fn parse_flag(text: &str) -> Option<bool> {
    match text.trim().to_ascii_lowercase().as_str() {
        "1" | "true" | "yes" | "on" => Some(true),
        "0" | "false" | "no" | "off" => Some(false),
        _ => None,
    }
}

/// The value of the last `key=` in the query (later ones win, as browsers do).
pub(crate) fn last_value<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .rev()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Splits `a=1&b=2` into decoded pairs (`+` is a space, a malformed `%` escape is kept as
/// typed); a key without `=` gets an empty value.
pub(crate) fn query_pairs(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.as_bytes())
        .into_owned()
        .collect()
}

/// What a value in a link must escape: anything but letters, digits and `- . _ ~ ,` (so
/// `R U' F2` is written `R%20U%27%20F2`).
const VALUE: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b',');

/// A value as a link writes it.
pub(crate) fn encode_value(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, VALUE).to_string()
}

/// Keeps echoed user text short in messages.
pub(crate) fn clip(text: &str) -> String {
    const MAX: usize = 60;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzlelab_solver::board::Board;

    #[test]
    fn bad_values_fall_back_with_messages() {
        let d = decode_knight("board=0x0&start=z99&closed=maybe&step=-3");
        assert_eq!(d.value.board, Board::new(8, 8).unwrap());
        assert_eq!(d.value.start, None);
        assert!(!d.value.closed);
        assert_eq!(d.value.step, None);
        assert_eq!(d.problems.len(), 4, "{:?}", d.problems);
        assert!(d.problems[0].contains("0x0"));
        assert!(d.problems[1].contains("z99"));
    }

    #[test]
    fn empty_and_unknown_routes_open_the_home_page() {
        for empty in ["", "#", "#/"] {
            assert_eq!(
                decode_route(empty),
                Decoded {
                    value: Route::Home,
                    problems: vec![]
                }
            );
        }
        let d = decode_route("#/nowhere?x=1");
        assert_eq!(d.value, Route::Home);
        assert_eq!(d.problems.len(), 1);
        assert_eq!(
            decode_route("#/knight").value,
            Route::Knight(KnightLink::default())
        );
    }

    #[test]
    fn counts_take_workers_and_start_on_request() {
        let d = decode_route("#/queens?n=15&workers=1&count=1");
        let Route::Queens(q) = d.value else {
            panic!("queens")
        };
        assert_eq!(
            q.run,
            CountRun {
                workers: Some(1),
                autostart: true
            }
        );
        assert!(d.problems.is_empty());
        // Written back without the one-off start.
        assert_eq!(
            encode_route(&Route::Queens(q.clone())),
            "#/queens?n=15&mode=hand&queens=&workers=1"
        );
        let d = decode_route("#/count?board=6x6&start=all&closed=0&workers=99&count=maybe");
        assert_eq!(d.problems.len(), 2, "{:?}", d.problems);
        let Route::Count(c) = d.value else {
            panic!("count")
        };
        assert_eq!(c.run, CountRun::default());
        assert_eq!(c.board, Board::new(6, 6).unwrap());
    }

    #[test]
    fn link_values_decode_forgivingly_and_encode_what_they_must() {
        let pairs = query_pairs("a=a%2Cb&b=100%&c=%zz%4&d=%E2%9C%93&e=%C3&f=R+U&g");
        let value = |k: &str| last_value(&pairs, k).unwrap().to_string();
        assert_eq!(value("a"), "a,b");
        assert_eq!(value("b"), "100%");
        assert_eq!(value("c"), "%zz%4");
        assert_eq!(value("d"), "✓");
        assert_eq!(value("e"), "\u{FFFD}");
        assert_eq!(value("f"), "R U");
        assert_eq!(value("g"), "");
        assert_eq!(encode_value("R U' F2"), "R%20U%27%20F2");
        assert_eq!(encode_value("a1,b5"), "a1,b5");
        assert_eq!(encode_value("R’&x=1"), "R%E2%80%99%26x%3D1");
        let pairs = query_pairs(&format!("s={}", encode_value("U2 R’ + x")));
        assert_eq!(last_value(&pairs, "s"), Some("U2 R’ + x"));
    }
}
