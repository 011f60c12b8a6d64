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
