//! `knight-count --svg FILE` / `--bars FILE`: the counting lab's heat map and bars from the
//! command line, read back with the checkers' own XML reader and held against the counts
//! the command printed in its JSON answer (issue 38).

// The shared runner; `run::path` (a tour's squares) is not needed here.
#[allow(dead_code)]
mod run;
use run::{json as run_json, puzzlelab};

use std::collections::BTreeSet;
use std::path::PathBuf;

use puzzlelab_checkers::svg::{read, Element};
use puzzlelab_links::{decode_route, Route};

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("puzzlelab-count-{}-{name}", std::process::id()))
}

fn svg_of(path: &PathBuf) -> Vec<Element> {
    let text = std::fs::read_to_string(path).expect("the picture was written");
    let _ = std::fs::remove_file(path);
    read(&text).expect("well-formed SVG")
}

fn with<'a>(doc: &'a [Element], attr: &str) -> Vec<(usize, &'a Element)> {
    doc.iter()
        .enumerate()
        .filter(|(_, e)| e.attrs.contains_key(attr))
        .collect()
}

fn fills(doc: &[Element]) -> BTreeSet<String> {
    doc.iter()
        .filter_map(|e| e.attr("fill"))
        .map(str::to_string)
        .collect()
}

/// The tours from `square` the answer printed.
fn printed(v: &serde_json::Value, square: &str) -> u64 {
    v["per_start"][square].as_u64().expect("a per-start count")
}

fn count_link(doc: &[Element]) -> puzzlelab_links::CountLink {
    let href = doc
        .iter()
        .find(|e| e.name == "link")
        .and_then(|e| e.attr("href"))
        .expect("a link in the metadata");
    match decode_route(href).value {
        Route::Count(c) => c,
        other => panic!("{href} is not the counting lab's: {other:?}"),
    }
}

fn heat(theme: &str) -> (serde_json::Value, Vec<Element>) {
    let file = temp(&format!("heat-{theme}.svg"));
    let f = file.to_str().unwrap();
    let v = run_json(&[
        "knight-count",
        "--board",
        "5x5",
        "--per-start",
        "--svg",
        f,
        "--theme",
        theme,
    ]);
    assert_eq!(v["svg"], f);
    (v, svg_of(&file))
}

#[test]
fn svg_is_the_heat_map_of_the_per_start_counts_printed() {
    let (v, doc) = heat("light");
    let squares = with(&doc, "data-square");
    assert_eq!(squares.len(), 25);
    let mut total = 0;
    for (i, e) in &squares {
        let name = e.attr("data-square").unwrap();
        let count = printed(&v, name);
        total += count;
        assert_eq!(
            e.attr("data-count"),
            Some(count.to_string().as_str()),
            "{name}"
        );
        // The figure written on the square (the next element) is the same count.
        assert_eq!(doc[i + 1].name, "text");
        assert_eq!(doc[i + 1].text, count.to_string(), "{name}");
        let shade: f64 = e.attr("data-heat").unwrap().parse().unwrap();
        assert_eq!(shade == 0.0, count == 0, "{name}");
    }
    assert_eq!(total, v["directed"].as_u64().unwrap());
    assert_eq!(printed(&v, "a1"), 304);
    let link = count_link(&doc);
    assert_eq!((link.board.width(), link.board.height()), (5, 5));
    assert_eq!((link.start, link.closed, link.method), (None, false, None));
}

#[test]
fn dark_theme_colours_differ_from_light() {
    let (light_v, light) = heat("light");
    let (dark_v, dark) = heat("dark");
    assert_eq!(light_v["per_start"], dark_v["per_start"]);
    let (l, d) = (fills(&light), fills(&dark));
    assert!(!l.is_empty() && !d.is_empty());
    assert_ne!(l, d);
    let bg = |doc: &[Element]| {
        with(doc, "data-background")[0]
            .1
            .attr("fill")
            .unwrap()
            .to_string()
    };
    assert_ne!(bg(&light), bg(&dark));
}

#[test]
fn bars_are_the_start_classes_with_the_counts_printed() {
    let file = temp("bars.svg");
    let f = file.to_str().unwrap();
    let v = run_json(&[
        "knight-count",
        "--board",
        "5x5",
        "--method",
        "depth-first",
        "--bars",
        f,
    ]);
    assert_eq!(v["bars"], f);
    let doc = svg_of(&file);
    let bars = with(&doc, "data-bar");
    assert!(bars.len() > 1, "{} bars", bars.len());
    let mut covered = 0;
    for (i, e) in &bars {
        let label = e.attr("data-label").unwrap();
        // "a1 ×4": the class's first square and how many squares it holds.
        let mut words = label.split(" ×");
        let first = words.next().unwrap();
        let size: u64 = words.next().map_or(1, |n| n.parse().unwrap());
        covered += size;
        let count = printed(&v, first);
        assert_eq!(
            e.attr("data-count"),
            Some(count.to_string().as_str()),
            "{label}"
        );
        let texts: Vec<&str> = doc[i + 1..i + 3].iter().map(|t| t.text.as_str()).collect();
        assert!(texts.contains(&label), "{label}: {texts:?}");
        assert!(
            texts.contains(&count.to_string().as_str()),
            "{label}: {texts:?}"
        );
    }
    assert_eq!(covered, 25, "the classes cover the board");
    let link = count_link(&doc);
    assert_eq!(link.method, Some(puzzlelab_links::CountMethod::DepthFirst));
}

#[test]
fn frontier_bars_are_the_part_counted() {
    let file = temp("frontier-bars.svg");
    let f = file.to_str().unwrap();
    let v = run_json(&[
        "knight-count",
        "--board",
        "3x4",
        "--method",
        "frontier",
        "--bars",
        f,
        "--theme",
        "dark",
    ]);
    let doc = svg_of(&file);
    let bars = with(&doc, "data-bar");
    assert_eq!(bars.len(), 1);
    let tours = v["undirected"].as_u64().expect("an undirected total");
    assert!(tours > 0);
    assert_eq!(
        bars[0].1.attr("data-count"),
        Some(tours.to_string().as_str())
    );
    assert_eq!(bars[0].1.attr("data-label"), Some("1"));
}

#[test]
fn a_folder_gets_the_pages_file_name() {
    let dir = temp("folder");
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_str().unwrap();
    let v = run_json(&[
        "knight-count",
        "--board",
        "5x5",
        "--start",
        "c3",
        "--per-start",
        "--svg",
        d,
    ]);
    let want = dir.join("count-5x5-open-from-c3.svg");
    assert_eq!(v["svg"], want.to_str().unwrap());
    let doc = svg_of(&want);
    let counted: Vec<_> = with(&doc, "data-count");
    // From one start only that square is counted: the directed tours printed.
    assert_eq!(counted.len(), 1);
    assert_eq!(counted[0].1.attr("data-square"), Some("c3"));
    assert_eq!(
        counted[0].1.attr("data-count"),
        Some(v["directed"].to_string().as_str())
    );
    let _ = std::fs::remove_dir(&dir);
}

#[test]
fn bad_combinations_exit_2_with_the_reason_and_write_nothing() {
    let file = temp("never.svg");
    let f = file.to_str().unwrap();
    for (args, reason) in [
        (
            vec!["knight-count", "--board", "5x5", "--svg", f],
            "needs --per-start",
        ),
        (
            vec!["knight-count", "--board", "5x5", "--theme", "dark"],
            "--theme goes with",
        ),
        (
            vec![
                "knight-count",
                "--board",
                "5x5",
                "--per-start",
                "--svg",
                f,
                "--theme",
                "sepia",
            ],
            "not a theme",
        ),
        (
            vec![
                "knight-count",
                "--board",
                "5x5",
                "--per-start",
                "--part",
                "1/2",
                "--svg",
                f,
            ],
            "not one --part",
        ),
        (
            vec![
                "knight-count",
                "--board",
                "5x5",
                "--method",
                "depth-first",
                "--part",
                "1/2",
                "--bars",
                f,
            ],
            "not one --part",
        ),
        (
            vec![
                "knight-count",
                "--board",
                "5x5",
                "--method",
                "frontier",
                "--part",
                "1/65",
                "--bars",
                f,
            ],
            "at most 64 parts",
        ),
        (
            vec![
                "knight-count",
                "--board",
                "5x5",
                "--method",
                "frontier",
                "--per-start",
                "--svg",
                f,
            ],
            "--per-start",
        ),
        (
            vec![
                "knight-count",
                "--board",
                "4x4",
                "--closed",
                "--per-start",
                "--svg",
                f,
                "--bars",
                f,
            ],
            "no bars to draw",
        ),
    ] {
        let out = puzzlelab(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(reason), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
        assert!(!file.exists(), "{args:?} wrote {f}");
    }
}
