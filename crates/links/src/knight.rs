//! The knight workbench's link: board, start, rule, options and the step shown.

use super::{clip, last_value, parse_flag, query_pairs, Decoded};
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::compare::parse_rules;
use puzzlelab_solver::knight::picture::ZOOMS;
use puzzlelab_solver::knight::{Heuristic, Rule, RuleSpec, TieBreak};

/// The knight workbench as a link carries it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KnightLink {
    pub board: Board,
    pub start: Option<u32>,
    pub closed: bool,
    /// The rule: the options the link gives, the rest the standard rule's.
    pub rule: Rule,
    /// Moves of the tour shown (0 = just the start); `None` = play it from the start.
    pub step: Option<u32>,
    /// The step of the search shown (`search=`), when watching the search itself rather
    /// than the tour it found; `step` keeps its old meaning so older links still open
    /// what they showed.
    pub search: Option<u64>,
    /// Rules run side by side (`compare=bottom,warnsdorff/roth`); empty = no comparison.
    pub compare: Vec<Rule>,
    /// The rule the all-starts map is compared against (`versus=warnsdorff/first`).
    pub versus: Option<Rule>,
    /// The search tree beside the board (`view=tree`; boards up to 36 squares).
    pub tree: bool,
    /// The search's code beside the board, its line lit at each step (`view=code`; never
    /// with `tree`).
    pub code: bool,
    /// "What would it do next?": the player stops before each move for a guess
    /// (`predict=1`).
    pub predict: bool,
    /// How a board drawn on a canvas is viewed (`zoom=`, `center=`, `blocks=`).
    pub canvas: CanvasView,
}

/// The view of a big board: zoom, the square at the centre, the blocks overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanvasView {
    pub zoom: u32,
    pub centre: Option<u32>,
    pub blocks: bool,
}

impl Default for CanvasView {
    fn default() -> Self {
        CanvasView {
            zoom: 1,
            centre: None,
            blocks: false,
        }
    }
}

impl Default for KnightLink {
    fn default() -> Self {
        KnightLink {
            board: Board::new(8, 8).expect("8x8 is a valid board"),
            start: None,
            closed: false,
            // The page opens on the standard rule, the CLI's too, so the tie-break is live
            // from the first click; where such a search would run long the page finishes
            // with divide and conquer and says so.
            rule: Rule::standard(),
            step: None,
            search: None,
            compare: Vec::new(),
            versus: None,
            tree: false,
            code: false,
            predict: false,
            canvas: CanvasView::default(),
        }
    }
}

pub fn encode_knight(k: &KnightLink) -> String {
    let mut parts = vec![format!("board={}x{}", k.board.width(), k.board.height())];
    if let Some(start) = k.start {
        parts.push(format!("start={}", k.board.name(start)));
    }
    let rule = k.rule;
    parts.push(format!("heuristic={}", rule.heuristic.as_str()));
    parts.push(format!("tie={}", rule.tie_break.as_str()));
    parts.push(format!("seed={}", rule.seed));
    parts.push(format!("closed={}", k.closed as u8));
    parts.push(format!("backtrack={}", rule.backtrack as u8));
    // Written even without backtracking, so the boxes come back as the sender left them.
    parts.push(format!("forward-check={}", rule.forward_check as u8));
    parts.push(format!("fast-backtrack={}", rule.fast_backtrack as u8));
    if let Some(step) = k.step {
        parts.push(format!("step={step}"));
    }
    if let Some(step) = k.search {
        parts.push(format!("search={step}"));
    }
    if let Some(rule) = k.versus {
        parts.push(format!("versus={}", rule.name()));
    }
    if k.tree {
        parts.push("view=tree".to_string());
    } else if k.code {
        parts.push("view=code".to_string());
    }
    if k.predict {
        parts.push("predict=1".to_string());
    }
    if !k.compare.is_empty() {
        let names: Vec<String> = k.compare.iter().map(|r| r.name()).collect();
        parts.push(format!("compare={}", names.join(",")));
    }
    let view = k.canvas;
    if view.zoom != 1 {
        parts.push(format!("zoom={}", view.zoom));
    }
    if let Some(center) = view.centre {
        parts.push(format!("center={}", k.board.name(center)));
    }
    if view.blocks {
        parts.push("blocks=1".into());
    }
    parts.join("&")
}

pub fn decode_knight(query: &str) -> Decoded<KnightLink> {
    let mut k = KnightLink::default();
    let mut problems = Vec::new();
    let pairs = query_pairs(query);
    let get = |key: &str| last_value(&pairs, key);
    // In the order the problems are reported: board and start, the rule, what is shown,
    // then the canvas view.
    decode_board_and_start(&get, &mut k, &mut problems);
    decode_rule(&get, &mut k, &mut problems);
    decode_shown(&get, &mut k, &mut problems);
    decode_canvas(&get, &mut k, &mut problems);
    Decoded { value: k, problems }
}

/// A link's value for a key (the last one given), as `decode_knight` reads them.
type Get<'a> = dyn Fn(&str) -> Option<&'a str> + 'a;

fn decode_board_and_start(get: &Get, k: &mut KnightLink, problems: &mut Vec<String>) {
    if let Some(text) = get("board") {
        match Board::parse(text) {
            Ok(board) => k.board = board,
            Err(e) => problems.push(format!("{}; using 8x8", clip(&e.to_string()))),
        }
    }
    if let Some(text) = get("start") {
        match k.board.parse_square(text) {
            Ok(sq) => k.start = Some(sq),
            Err(e) => problems.push(format!("{}; pick a start square", clip(&e.to_string()))),
        }
    }
}

/// The rule: the options the link gives, the rest the standard rule's (one completion
/// for links, the CLI and the JS API: `RuleSpec::resolve`); `closed=` is read among its
/// flags.
fn decode_rule(get: &Get, k: &mut KnightLink, problems: &mut Vec<String>) {
    let mut given = RuleSpec::default();
    if let Some(text) = get("heuristic") {
        match Heuristic::parse(text) {
            Ok(h) => given.heuristic = Some(h),
            Err(e) => problems.push(clip(&e)),
        }
    }
    if let Some(text) = get("tie") {
        match TieBreak::parse(text) {
            Ok(t) => given.tie_break = Some(t),
            Err(e) => problems.push(clip(&e)),
        }
    }
    if let Some(text) = get("seed") {
        match text.trim().parse::<u64>() {
            Ok(seed) => given.seed = Some(seed),
            Err(_) => problems.push(format!("seed must be a whole number, not '{}'", clip(text))),
        }
    }
    let mut flag = |keys: &[&str]| -> Option<bool> {
        // The first key is today's name; the others are older spellings links still use.
        let text = keys.iter().find_map(|&key| get(key))?;
        let value = parse_flag(text);
        if value.is_none() {
            problems.push(format!("{} must be 0 or 1, not '{}'", keys[0], clip(text)));
        }
        value
    };
    k.closed = flag(&["closed"]).unwrap_or(false);
    given.backtrack = flag(&["backtrack"]);
    given.forward_check = flag(&["forward-check", "prune"]);
    given.fast_backtrack = flag(&["fast-backtrack", "fast"]);
    k.rule = given.resolve();
}

/// What is shown: the step of the tour or of the search, the rules compared, the tree.
fn decode_shown(get: &Get, k: &mut KnightLink, problems: &mut Vec<String>) {
    if let Some(text) = get("step") {
        match text.trim().parse::<u32>() {
            Ok(step) => k.step = Some(step),
            Err(_) => problems.push(format!("step must be a whole number, not '{}'", clip(text))),
        }
    }
    if let Some(text) = get("search") {
        match text.trim().parse::<u64>() {
            Ok(step) => k.search = Some(step),
            Err(_) => problems.push(format!(
                "search must be a whole number (a step of the search), not '{}'",
                clip(text)
            )),
        }
    }
    if let Some(text) = get("versus") {
        match Rule::parse(text) {
            Ok(rule) => k.versus = Some(rule),
            Err(e) => problems.push(format!("versus: {}", clip(&e))),
        }
    }
    if let Some(text) = get("view") {
        match text {
            "board" => (k.tree, k.code) = (false, false),
            "tree" => (k.tree, k.code) = (true, false),
            "code" => (k.tree, k.code) = (false, true),
            other => problems.push(format!(
                "view must be board, tree or code, not '{}'",
                clip(other)
            )),
        }
    }
    if let Some(text) = get("predict") {
        match text {
            "1" => k.predict = true,
            "0" => k.predict = false,
            other => problems.push(format!("predict must be 0 or 1, not '{}'", clip(other))),
        }
    }
    if let Some(text) = get("compare") {
        match parse_rules(text) {
            Ok(rules) => k.compare = rules,
            Err(e) => problems.push(format!("{}; not comparing", clip(&e))),
        }
    }
}

/// How a big board's canvas is viewed: zoom, centre, blocks.
fn decode_canvas(get: &Get, k: &mut KnightLink, problems: &mut Vec<String>) {
    if let Some(text) = get("zoom") {
        match text.parse::<u32>() {
            Ok(z) if ZOOMS.contains(&z) => k.canvas.zoom = z,
            _ => problems.push(format!(
                "zoom must be one of {}, not '{}'; using 1",
                ZOOMS.map(|z| z.to_string()).join(", "),
                clip(text)
            )),
        }
    }
    // `centre=` is the older spelling.
    if let Some(text) = get("center").or_else(|| get("centre")) {
        match k.board.parse_square(text) {
            Ok(sq) => k.canvas.centre = Some(sq),
            Err(e) => problems.push(format!(
                "center: {}; showing the board from its corner",
                clip(&e.to_string())
            )),
        }
    }
    if let Some(text) = get("blocks") {
        match parse_flag(text) {
            Some(on) => k.canvas.blocks = on,
            None => problems.push(format!("blocks must be 0 or 1, not '{}'", clip(text))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::*;

    #[test]
    fn search_positions_round_trip_and_old_links_keep_their_meaning() {
        let d = decode_knight(
            "board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&search=1234",
        );
        assert_eq!(d.value.search, Some(1234));
        assert_eq!(d.value.step, None);
        let hash = encode_route(&Route::Knight(d.value.clone()));
        assert!(hash.ends_with("&search=1234"), "{hash}");
        assert_eq!(decode_route(&hash).value, Route::Knight(d.value));
        // A link from before: `step` is the tour's move, and no search position.
        let old =
            decode_knight("board=8x8&start=e3&heuristic=warnsdorff&tie=first&backtrack=1&step=17");
        assert_eq!((old.value.step, old.value.search), (Some(17), None));
        assert!(decode_knight("search=x").problems[0].contains("search must be"));
    }

    #[test]
    fn the_tree_view_round_trips_and_a_bad_view_is_refused() {
        let d = decode_knight("board=5x5&start=c1&backtrack=1&search=40&view=tree");
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert!(d.value.tree);
        let hash = encode_route(&Route::Knight(d.value.clone()));
        assert!(hash.ends_with("&search=40&view=tree"), "{hash}");
        assert_eq!(decode_route(&hash).value, Route::Knight(d.value));
        let bad = decode_knight("view=forest");
        assert!(!bad.value.tree);
        assert!(bad.problems[0].contains("view must be board, tree or code"));
    }

    #[test]
    fn the_code_view_and_prediction_round_trip_and_bad_ones_are_refused() {
        let d = decode_knight("board=5x5&start=c1&search=7&view=code&predict=1");
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert!(d.value.code && d.value.predict && !d.value.tree);
        let hash = encode_route(&Route::Knight(d.value.clone()));
        assert!(hash.ends_with("&search=7&view=code&predict=1"), "{hash}");
        assert_eq!(decode_route(&hash).value, Route::Knight(d.value));
        let bad = decode_knight("view=code&predict=yes");
        assert!(bad.value.code && !bad.value.predict);
        assert!(
            bad.problems[0].contains("predict must be 0 or 1"),
            "{:?}",
            bad.problems
        );
        // The tree and the code share the dock: the last view given wins.
        assert!(!decode_knight("view=tree&view=code").value.tree);
    }

    #[test]
    fn comparisons_round_trip_in_the_links_own_names() {
        let hash =
            "#/knight?board=8x8&start=a1&compare=bottom,center,warnsdorff/first,warnsdorff/roth";
        let d = decode_route(hash);
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        let Route::Knight(k) = d.value else { panic!() };
        assert_eq!(k.compare, Rule::classic());
        let back = encode_route(&Route::Knight(k.clone()));
        assert!(
            back.ends_with("&compare=bottom,center,warnsdorff/first,warnsdorff/roth"),
            "{back}"
        );
        let v = decode_knight("board=6x6&versus=warnsdorff/roth");
        assert_eq!(
            v.value.versus.map(|r| r.name()),
            Some("warnsdorff/roth".into())
        );
        assert!(encode_knight(&v.value).contains("versus=warnsdorff/roth"));
        assert!(!decode_knight("versus=coin").problems.is_empty());
        let bad = decode_knight("compare=bottom");
        assert!(bad.value.compare.is_empty());
        assert!(bad.problems[0].contains("2 to 4"));
    }

    #[test]
    fn knight_links_round_trip() {
        let board = Board::new(6, 5).unwrap();
        let k = KnightLink {
            board,
            start: Some(board.parse_square("c3").unwrap()),
            closed: true,
            rule: Rule {
                tie_break: TieBreak::First,
                forward_check: false,
                ..Rule::standard()
            },
            step: Some(17),
            ..KnightLink::default()
        };
        let hash = encode_route(&Route::Knight(k.clone()));
        assert_eq!(
            hash,
            "#/knight?board=6x5&start=c3&heuristic=warnsdorff&tie=first&seed=1&closed=1&backtrack=1&forward-check=0&fast-backtrack=0&step=17"
        );
        let d = decode_route(&hash);
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        assert_eq!(d.value, Route::Knight(k));
        // A link without a rule opens on the standard one, the CLI's default.
        match decode_route("#/knight?board=6x5").value {
            Route::Knight(k) => {
                assert_eq!(k.rule.heuristic, Heuristic::Warnsdorff);
                assert_eq!(k.rule.tie_break, TieBreak::Roth);
                assert!(k.rule.backtrack && k.rule.forward_check && !k.rule.fast_backtrack);
                assert_eq!(k.rule, Rule::standard());
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn canvas_views_round_trip_and_bad_ones_say_why() {
        let d = decode_knight("board=300x300&start=0,0&zoom=16&center=150,20&blocks=1");
        assert!(d.problems.is_empty(), "{:?}", d.problems);
        let v = d.value.canvas;
        assert_eq!((v.zoom, v.blocks), (16, true));
        assert_eq!(
            v.centre.map(|c| d.value.board.name(c)),
            Some("150,20".into())
        );
        assert!(encode_knight(&d.value).ends_with("&zoom=16&center=150,20&blocks=1"));
        // The older spelling opens the same view.
        let old = decode_knight("board=300x300&start=0,0&zoom=16&centre=150,20&blocks=1");
        assert!(old.problems.is_empty(), "{:?}", old.problems);
        assert_eq!(old.value, d.value);
        let bad = decode_knight("board=300x300&zoom=3&centre=400,1&blocks=maybe");
        assert_eq!(bad.value.canvas, CanvasView::default());
        assert_eq!(bad.problems.len(), 3, "{:?}", bad.problems);
        assert!(bad.problems[0].contains("zoom must be one of 1, 2, 4"));
    }

    #[test]
    fn old_links_with_old_spellings_open_what_they_showed() {
        // Links written before the names were unified: `prune=`, `fast=`, `centre`.
        let pairs = [
            (
                "board=6x5&start=c3&heuristic=warnsdorff&tie=first&seed=1&closed=1&backtrack=1&prune=0&fast=1&step=17",
                "board=6x5&start=c3&heuristic=warnsdorff&tie=first&seed=1&closed=1&backtrack=1&forward-check=0&fast-backtrack=1&step=17",
            ),
            (
                "board=8x8&start=a1&heuristic=centre&backtrack=0&prune=1",
                "board=8x8&start=a1&heuristic=center&backtrack=0&forward-check=1",
            ),
        ];
        for (old, new) in pairs {
            let (old, new) = (decode_knight(old), decode_knight(new));
            assert!(old.problems.is_empty(), "{:?}", old.problems);
            assert_eq!(old.value, new.value);
        }
        let d = decode_knight("board=6x5&prune=0&fast=1");
        assert!(!d.value.rule.forward_check && d.value.rule.fast_backtrack);
        // Old and new written together: today's name wins.
        let d = decode_knight("board=6x5&prune=0&forward-check=1");
        assert!(d.value.rule.forward_check);
        // A bad old value still says which key.
        let d = decode_knight("board=6x5&prune=maybe");
        assert!(d.problems[0].contains("forward-check"), "{:?}", d.problems);
    }

    #[test]
    fn a_partly_given_rule_takes_the_standard_rule_for_the_rest() {
        let d = decode_knight("board=5x5&heuristic=warnsdorff&tie=first&backtrack=1");
        let k = d.value;
        let given = RuleSpec {
            heuristic: Some(Heuristic::Warnsdorff),
            tie_break: Some(TieBreak::First),
            backtrack: Some(true),
            ..RuleSpec::default()
        };
        assert_eq!(k.rule, given.resolve());
        // Forward checking was not given: the standard rule's (on).
        assert!(k.rule.forward_check);
    }
}
