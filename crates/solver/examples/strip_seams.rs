//! Which seams let the 3- and 4-wide strip construction chain its blocks: the search that
//! chose the seams in `src/solver/knight/construct/strip.rs` (a report, not a check; a while in
//! release): `cargo run --release --example strip_seams [tail]`.

use puzzlelab_solver::knight::construct::strip::seam_reports;

fn main() {
    let tail = std::env::args().nth(1).is_some_and(|a| a == "tail");
    let lines = if tail {
        seam_reports::tail_seams()
    } else {
        seam_reports::seams_that_chain()
    };
    for line in lines {
        println!("{line}");
    }
}
