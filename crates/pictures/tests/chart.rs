//! The pocket cube's distance chart read back with the checkers' own XML reader: one bar
//! per distance the solver's table has, each with its count, the shown cube's marked in
//! the accent colour, tallest for the largest count.

use puzzlelab_checkers::svg::read;
use puzzlelab_pictures::theme::Theme;
use puzzlelab_pictures::Scene;
use puzzlelab_solver::cube::{DistanceTable, Metric, MoveTables};

#[test]
fn one_bar_per_distance_with_the_tables_counts() {
    let table = DistanceTable::build(&MoveTables::new(), Metric::Htm);
    let counts = table.distribution();
    let scene = Scene::Distances {
        metric: Metric::Htm.as_str().to_string(),
        counts: counts.clone(),
        current: Some(5),
    };
    assert_eq!(scene.file_name("svg"), "cube-distances-htm.svg");
    assert!(
        scene.png(1, "").is_none(),
        "drawn from its SVG, as the stage's net"
    );
    let link = "#/cube?state=WWWWGGRRBBOOGGRRBBOOYYYY";
    for theme in [Theme::Light, Theme::Dark] {
        let doc = read(&scene.svg(theme, link).unwrap()).unwrap();
        let bars: Vec<_> = doc
            .iter()
            .filter(|e| e.attrs.contains_key("data-bar"))
            .collect();
        assert_eq!(bars.len(), counts.len());
        assert_eq!(bars.len(), 12, "distances 0 to 11 in the half-turn metric");
        let c = theme.colours();
        let tallest = counts.iter().enumerate().max_by_key(|(_, &n)| n).unwrap().0;
        let height = |d: usize| bars[d].attr("height").unwrap().parse::<f64>().unwrap();
        for (d, bar) in bars.iter().enumerate() {
            assert_eq!(bar.attr("data-distance"), Some(d.to_string().as_str()));
            assert_eq!(bar.attr("data-count"), Some(counts[d].to_string().as_str()));
            let here = d == 5;
            assert_eq!(bar.attrs.contains_key("data-current"), here);
            assert_eq!(bar.attr("fill"), Some(if here { c.accent } else { c.dark }));
            assert!(height(d) <= height(tallest));
        }
        let sum: u64 = bars
            .iter()
            .map(|b| b.attr("data-count").unwrap().parse::<u64>().unwrap())
            .sum();
        assert_eq!(sum, 3_674_160);
        let meta = doc.iter().find(|e| e.name == "link").unwrap();
        assert_eq!(meta.attr("href"), Some(link));
    }
    let empty = Scene::Distances {
        metric: "htm".into(),
        counts: vec![],
        current: None,
    };
    assert!(empty.svg(Theme::Light, "").is_err());
}

#[test]
fn the_searchs_layers_are_its_progress_with_the_frontier_marked() {
    use puzzlelab_pictures::chart::Layers;
    use puzzlelab_solver::cube::LayerBfs;
    use puzzlelab_solver::StepMachine;
    let finished = DistanceTable::build(&MoveTables::new(), Metric::Htm).distribution();
    let mut bfs = LayerBfs::new(Metric::Htm, 16_384);
    let mut step = 0u64;
    // Part way: the frontier at distance 4 or beyond, the layer after it filling.
    while bfs.progress().depth < 4 {
        bfs.step().expect("not done");
        step += 1;
    }
    let p = bfs.progress();
    let mut counts = p.layer_counts.clone();
    counts.resize(finished.len(), 0);
    let layers = Layers {
        metric: "htm".into(),
        step,
        counts: counts.clone(),
        scale: *finished.iter().max().unwrap(),
        frontier: Some(p.depth as u32),
    };
    let scene = Scene::Layers(layers.clone());
    assert_eq!(
        scene.file_name("svg"),
        format!("cube-bfs-htm-step-{step}.svg")
    );
    for theme in [Theme::Light, Theme::Dark] {
        let c = theme.colours();
        let doc = read(&scene.svg(theme, "#/cube?bfs=1").unwrap()).unwrap();
        let bars: Vec<_> = doc
            .iter()
            .filter(|e| e.attrs.contains_key("data-bar"))
            .collect();
        assert_eq!(bars.len(), 12);
        for (d, bar) in bars.iter().enumerate() {
            assert_eq!(bar.attr("data-count"), Some(counts[d].to_string().as_str()));
            let (want, fill) = match d as u8 {
                x if x == p.depth => ("data-frontier", c.accent),
                x if x == p.depth + 1 => ("data-growing", c.visited),
                _ => ("", c.dark),
            };
            assert_eq!(bar.attr("fill"), Some(fill), "distance {d}");
            if !want.is_empty() {
                assert!(bar.attrs.contains_key(want));
            }
            let h: f64 = bar.attr("height").unwrap().parse().unwrap();
            assert_eq!(
                h == 0.0,
                counts[d] == 0,
                "an empty bar for distances not reached"
            );
        }
        let found: u64 = counts.iter().sum();
        assert_eq!(found, p.reached);
    }
    // Done: every position, no frontier.
    while bfs.step().is_some() {}
    let done = Scene::Layers(Layers {
        counts: bfs.progress().layer_counts.clone(),
        frontier: None,
        ..layers
    });
    let doc = read(&done.svg(Theme::Light, "").unwrap()).unwrap();
    let sum: u64 = doc
        .iter()
        .filter_map(|e| e.attr("data-count"))
        .map(|n| n.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 3_674_160);
    assert!(!doc.iter().any(|e| e.attrs.contains_key("data-frontier")));
}
