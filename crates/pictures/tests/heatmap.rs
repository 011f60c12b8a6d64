//! The counting lab's board read back with the checkers' own XML reader: one square per
//! square of the board, each counted square carrying the solver's tours from it, shaded
//! by its share of the largest (the corners of 5x5 the darkest), uncounted squares in the
//! board's colours, the start outlined.

use puzzlelab_checkers::svg::read;
use puzzlelab_pictures::heatmap::{shaded, Heat};
use puzzlelab_pictures::theme::Theme;
use puzzlelab_pictures::Scene;
use puzzlelab_solver::board::Board;
use puzzlelab_solver::knight::count::{count, CountSpec};

fn heat(counts: Vec<Option<u64>>, start: Option<u32>) -> Scene {
    Scene::Heatmap(Heat {
        board: Board::new(5, 5).unwrap(),
        start,
        closed: false,
        counts,
    })
}

#[test]
fn every_square_carries_the_solvers_tours_from_it() {
    let result = count(CountSpec::new(5, 5, None, false)).unwrap();
    assert_eq!(
        result.directed, 1728,
        "the published count of open 5x5 tours"
    );
    let scene = heat(result.per_start.iter().copied().map(Some).collect(), None);
    assert_eq!(scene.file_name("svg"), "count-5x5-open-all-starts.svg");
    for theme in [Theme::Light, Theme::Dark] {
        let doc = read(&scene.svg(theme, "#/count?board=5x5").unwrap()).unwrap();
        let squares: Vec<_> = doc
            .iter()
            .filter(|e| e.attrs.contains_key("data-square"))
            .collect();
        assert_eq!(squares.len(), 25);
        let board = Board::new(5, 5).unwrap();
        let mut sum = 0;
        for sq in &squares {
            let index = board.parse_square(sq.attr("data-square").unwrap()).unwrap();
            let n: u64 = sq.attr("data-count").unwrap().parse().unwrap();
            assert_eq!(n, result.per_start[index as usize]);
            sum += n;
            let heat: f64 = sq.attr("data-heat").unwrap().parse().unwrap();
            assert_eq!(
                sq.attr("fill"),
                Some(shaded(theme.colours().panel, heat).as_str())
            );
            if n == 0 {
                assert_eq!(heat, 0.0);
            }
        }
        assert_eq!(sum, 1728);
        let corner = squares
            .iter()
            .find(|s| s.attr("data-square") == Some("a1"))
            .unwrap();
        assert_eq!(
            corner.attr("data-heat"),
            Some("1.00"),
            "a1 has the most tours"
        );
        // The numbers written on the squares, short as the page writes them.
        let texts: Vec<_> = doc.iter().filter(|e| e.name == "text").collect();
        assert_eq!(texts.len(), 25);
        assert!(doc.iter().all(|e| !e.attrs.contains_key("data-start")));
    }
}

#[test]
fn before_a_count_the_board_is_in_its_colours_with_the_start_outlined() {
    let scene = heat(Vec::new(), Some(7));
    assert_eq!(scene.file_name("png"), "count-5x5-open-from-c2.png");
    let c = Theme::Dark.colours();
    let doc = read(&scene.svg(Theme::Dark, "").unwrap()).unwrap();
    let fill = |name: &str| {
        doc.iter()
            .find(|e| e.attr("data-square") == Some(name))
            .and_then(|e| e.attr("fill"))
            .unwrap()
            .to_string()
    };
    assert_eq!(fill("a1"), c.dark);
    assert_eq!(fill("b1"), c.light);
    assert!(doc.iter().all(|e| !e.attrs.contains_key("data-count")));
    let start = doc
        .iter()
        .find(|e| e.attrs.contains_key("data-start"))
        .unwrap();
    assert_eq!(start.attr("data-start"), Some("c2"));
    assert_eq!(start.attr("stroke"), Some(c.accent));
    assert!(heat(Vec::new(), Some(25)).svg(Theme::Light, "").is_err());
}
