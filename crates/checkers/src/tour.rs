//! The knight's tour checker: written from the rules, sharing no code with the solver.

/// Reads `c3` (files a..z, ranks from 1) or `x,y` (zero-based) into zero-based (x, y).
pub fn square(name: &str) -> Result<(i64, i64), String> {
    if let Some((x, y)) = name.split_once(',') {
        let x = x.parse().map_err(|_| format!("bad square {name}"))?;
        let y = y.parse().map_err(|_| format!("bad square {name}"))?;
        return Ok((x, y));
    }
    let file = name.bytes().next().ok_or("empty square name")?;
    if !file.is_ascii_lowercase() {
        return Err(format!("bad file in {name}"));
    }
    let rank: i64 = name[1..]
        .parse()
        .map_err(|_| format!("bad rank in {name}"))?;
    Ok(((file - b'a') as i64, rank - 1))
}

/// The eight knight jumps in clockwise order from "one o'clock" (x right, y up): the
/// order the naive counters and replays in the tests walk them in. Derived from the rule
/// (a jump is one square one way and two the other), not copied from the solver's table.
pub fn clockwise_jumps() -> Vec<(i64, i64)> {
    let mut jumps: Vec<(i64, i64)> = (-2..=2i64)
        .flat_map(|dx| (-2..=2i64).map(move |dy| (dx, dy)))
        .filter(|&(dx, dy)| (dx * dy).abs() == 2)
        .collect();
    // The clockwise angle from straight up, in [0, 2π).
    let angle = |&(dx, dy): &(i64, i64)| {
        (dx as f64)
            .atan2(dy as f64)
            .rem_euclid(std::f64::consts::TAU)
    };
    jumps.sort_by(|a, b| angle(a).total_cmp(&angle(b)));
    jumps
}

/// Square indices (`y * width + x`) as the `x,y` names `check_tour` reads.
pub fn xy_names(width: u32, path: &[u32]) -> Vec<String> {
    path.iter()
        .map(|&s| format!("{},{}", s % width, s / width))
        .collect()
}

/// Checks that `path` is a knight's tour of the `width`×`height` board starting at `start`,
/// closed (its last square a knight's move from its first) when `closed`.
pub fn check_tour(
    width: i64,
    height: i64,
    start: &str,
    closed: bool,
    path: &[String],
) -> Result<(), String> {
    let squares: Vec<(i64, i64)> = path.iter().map(|n| square(n)).collect::<Result<_, _>>()?;
    if squares.len() as i64 != width * height {
        return Err(format!(
            "path has {} squares, the board {}",
            squares.len(),
            width * height
        ));
    }
    if squares.first() != Some(&square(start)?) {
        return Err(format!("path does not begin at {start}"));
    }
    let mut seen = vec![false; (width * height) as usize];
    for (i, &(x, y)) in squares.iter().enumerate() {
        if x < 0 || y < 0 || x >= width || y >= height {
            return Err(format!("{} is off the board", path[i]));
        }
        let cell = &mut seen[(y * width + x) as usize];
        if *cell {
            return Err(format!("{} is visited twice", path[i]));
        }
        *cell = true;
    }
    let jump = |a: (i64, i64), b: (i64, i64)| {
        let (dx, dy) = ((a.0 - b.0).abs(), (a.1 - b.1).abs());
        dx * dy == 2
    };
    for (i, pair) in squares.windows(2).enumerate() {
        if !jump(pair[0], pair[1]) {
            return Err(format!(
                "{} -> {} is not a knight's move",
                path[i],
                path[i + 1]
            ));
        }
    }
    if closed && squares.len() > 1 && !jump(squares[squares.len() - 1], squares[0]) {
        return Err("the tour does not close".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_jumps_go_clockwise_from_one_o_clock() {
        let jumps = clockwise_jumps();
        assert_eq!((jumps.len(), jumps[0]), (8, (1, 2)));
        // Each jump less than a quarter turn clockwise from the one before, round to the
        // first: eight such turns make exactly one round, so the order is clockwise.
        for (i, a) in jumps.iter().enumerate() {
            let b = jumps[(i + 1) % 8];
            let (cross, dot) = (a.0 * b.1 - a.1 * b.0, a.0 * b.0 + a.1 * b.1);
            assert!(cross < 0 && dot > 0, "{a:?} then {b:?}");
        }
    }

    fn names(text: &str) -> Vec<String> {
        text.split_whitespace().map(String::from).collect()
    }

    /// An open 3×4 tour and a closed 6×5 tour, found by hand with Warnsdorff's rule and
    /// checked move by move when written here.
    const OPEN_3X4: &str = "a1 b3 c1 a2 b4 c2 a3 c4 b2 a4 c3 b1";
    const CLOSED_6X5: &str =
        "a1 b3 a5 c4 e5 f3 e1 d3 c5 a4 b2 d1 f2 e4 d2 f1 e3 f5 d4 b5 a3 b1 c3 d5 f4 e2 c1 a2 b4 c2";

    /// The checker's answer for `path`, which must be a refusal that says `why`.
    fn refused(width: i64, height: i64, start: &str, closed: bool, path: &[String], why: &str) {
        match check_tour(width, height, start, closed, path) {
            Ok(()) => panic!("{path:?} was accepted; it should fail with '{why}'"),
            Err(e) => assert!(e.contains(why), "refused for '{e}', expected '{why}'"),
        }
    }

    #[test]
    fn the_checker_accepts_real_tours() {
        assert_eq!(check_tour(3, 4, "a1", false, &names(OPEN_3X4)), Ok(()));
        assert_eq!(check_tour(6, 5, "a1", true, &names(CLOSED_6X5)), Ok(()));
        // A closed tour is also an open one; the same squares as `x,y` read the same.
        assert_eq!(check_tour(6, 5, "a1", false, &names(CLOSED_6X5)), Ok(()));
        let xy: Vec<String> = names(OPEN_3X4)
            .iter()
            .map(|n| {
                let (x, y) = square(n).unwrap();
                format!("{x},{y}")
            })
            .collect();
        assert_eq!(check_tour(3, 4, "0,0", false, &xy), Ok(()));
        assert_eq!(check_tour(1, 1, "a1", false, &names("a1")), Ok(()));
    }

    #[test]
    fn the_checker_refuses_each_wrong_tour_for_its_own_reason() {
        let tour = names(OPEN_3X4);
        // Too short: the last square left out.
        refused(3, 4, "a1", false, &tour[..11], "path has 11 squares");
        // Begins elsewhere: the same tour read backwards starts at b1.
        let reversed: Vec<String> = tour.iter().rev().cloned().collect();
        assert_eq!(check_tour(3, 4, "b1", false, &reversed), Ok(()));
        refused(3, 4, "a1", false, &reversed, "does not begin at a1");
        // Off the board: the last square moved to a file the board does not have.
        let mut off = tour.clone();
        off[11] = "d2".into();
        refused(3, 4, "a1", false, &off, "d2 is off the board");
        // A square twice (and so one missed): c3 instead of b1 at the end.
        let mut twice = tour.clone();
        twice[11] = "c3".into();
        refused(3, 4, "a1", false, &twice, "c3 is visited twice");
        // Every square once, but two neighbours swapped: b2 and a4 are not a knight's move
        // from their new neighbours.
        let mut swapped = tour.clone();
        swapped.swap(8, 9);
        refused(3, 4, "a1", false, &swapped, "is not a knight's move");
        // An open tour asked to close: b1 is not a knight's move from a1.
        refused(3, 4, "a1", true, &tour, "does not close");
        // Names that are not squares.
        refused(3, 4, "a1", false, &names("a1 ..."), "bad");
        refused(3, 4, "a1", false, &names("a1 Z3"), "bad file");
    }
}
