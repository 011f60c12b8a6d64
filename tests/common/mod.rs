//! Independent checkers: written from the puzzle rules, sharing no code with the solver.

#![allow(dead_code)]

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

#[test]
fn the_checker_rejects_what_it_should() {
    let ok: Vec<String> = ["a1", "c2", "a3", "b1", "c3", "a2", "c1", "b3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    // Not a full 3x3 tour (b2 is unreachable), so every variant must fail for a reason.
    assert!(check_tour(3, 3, "a1", false, &ok).is_err());
    let tour_3x4: Vec<String> = "a1 c2 a3 b1 c3 a2 c1 b3 a4 ... "
        .split_whitespace()
        .map(String::from)
        .collect();
    assert!(check_tour(3, 4, "a1", false, &tour_3x4).is_err());
    let two: Vec<String> = vec!["a1".into(), "b3".into()];
    assert!(check_tour(2, 3, "a1", false, &two).is_err()); // too short
    let dup: Vec<String> = vec!["a1".into(), "a1".into()];
    assert!(check_tour(1, 2, "a1", false, &dup).is_err());
    let one: Vec<String> = vec!["a1".into()];
    assert!(check_tour(1, 1, "a1", false, &one).is_ok());
    assert!(check_tour(1, 1, "b1", false, &one).is_err());
}
