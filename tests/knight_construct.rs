//! The divide-and-conquer construction: tours on many board sizes, every one checked by
//! the independent checker, closed where a closed tour exists.

mod common;

use puzzlelab::solver::board::Board;
use puzzlelab::solver::knight::construct::construct;

fn check(board: Board, start: u32, closed: bool, path: &[u32]) {
    let names: Vec<String> = path
        .iter()
        .map(|&s| {
            let (x, y) = board.coords(s);
            format!("{x},{y}")
        })
        .collect();
    let (x, y) = board.coords(start);
    common::check_tour(
        board.width() as i64,
        board.height() as i64,
        &format!("{x},{y}"),
        closed,
        &names,
    )
    .unwrap_or_else(|e| panic!("{}x{} from {start}: {e}", board.width(), board.height()));
}

#[test]
fn closed_and_open_tours_on_a_sweep_of_sizes() {
    let mut built = 0;
    for w in 5..=40u32 {
        for h in 5..=40u32 {
            let board = Board::new(w, h).unwrap();
            let both_odd = w % 2 == 1 && h % 2 == 1;
            let start = board.index(w / 2 - (w / 2) % 2, h / 2 - (h / 2) % 2);
            match construct(board, start, !both_odd) {
                Ok(path) => {
                    check(board, start, !both_odd, &path);
                    built += 1;
                }
                Err(e) => panic!("{w}x{h}: {e}"),
            }
        }
    }
    assert_eq!(built, 36 * 36);
}

#[test]
fn three_wide_boards_from_the_corner() {
    for long in (7..=120u32).chain([4, 333, 1000, 2000]) {
        for (w, h) in [(long, 3), (3, long)] {
            let board = Board::new(w, h).unwrap();
            let path = construct(board, 0, false).unwrap_or_else(|e| panic!("{w}x{h}: {e}"));
            check(board, 0, false, &path);
        }
    }
    // 3x5 and 3x6 have no open tour at all: the theorem says so.
    let err = construct(Board::new(5, 3).unwrap(), 0, false).unwrap_err();
    assert!(err.contains("3-wide"), "{err}");
}
