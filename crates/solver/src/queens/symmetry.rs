//! The eight symmetries of the square acting on a solution, and which fundamental solution
//! (the smallest of its images, read column by column) a solution belongs to.

/// The symmetries, identity first, with how a person would say them.
pub const NAMES: [&str; 8] = [
    "the fundamental solution itself",
    "it rotated a quarter turn anticlockwise",
    "it rotated a half turn",
    "it rotated a quarter turn clockwise",
    "it mirrored left to right",
    "it mirrored top to bottom",
    "it mirrored in the a1 diagonal",
    "it mirrored in the other diagonal",
];

/// Image of square (x, y) on an n×n board under symmetry `g`.
fn map(g: usize, n: u32, x: u32, y: u32) -> (u32, u32) {
    let m = n - 1;
    match g {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        3 => (y, m - x),
        4 => (m - x, y),
        5 => (x, m - y),
        6 => (y, x),
        _ => (m - y, m - x),
    }
}

/// `rows[c]` = row of the queen in column c; the image under `g` in the same form.
pub fn transform(g: usize, rows: &[u32]) -> Vec<u32> {
    let n = rows.len() as u32;
    let mut out = vec![0; rows.len()];
    for (c, &r) in rows.iter().enumerate() {
        let (x, y) = map(g, n, c as u32, r);
        out[x as usize] = y;
    }
    out
}

/// Where a solution stands among the symmetries.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SymmetryClass {
    /// The smallest image, column by column: the class's fundamental solution.
    pub fundamental: Vec<u32>,
    /// The symmetry that takes the fundamental solution to this one.
    pub from_fundamental: usize,
    /// Distinct solutions in the class: 8, 4 (half-turn symmetric) or 2 (quarter-turn).
    pub size: usize,
}

pub fn classify(rows: &[u32]) -> SymmetryClass {
    let images: Vec<Vec<u32>> = (0..8).map(|g| transform(g, rows)).collect();
    let fundamental = images.iter().min().expect("eight images").clone();
    let from_fundamental = (0..8)
        .find(|&g| transform(g, &fundamental) == rows)
        .expect("some symmetry maps the smallest image back");
    let mut distinct = images.clone();
    distinct.sort();
    distinct.dedup();
    SymmetryClass {
        fundamental,
        from_fundamental,
        size: distinct.len(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::queens::QueensSearch;
    use crate::StepMachine;

    fn solutions(n: u32) -> Vec<Vec<u32>> {
        let mut s = QueensSearch::new(n, false).unwrap();
        let mut out = Vec::new();
        while let Some(e) = s.step() {
            if matches!(e, crate::queens::QueensEvent::Solution { .. }) {
                out.push(s.rows().to_vec());
            }
        }
        out
    }

    #[test]
    fn images_of_solutions_are_solutions_and_classes_count_right() {
        for (n, unique) in [(4, 1), (5, 2), (6, 1), (8, 12)] {
            let all = solutions(n);
            let mut fundamentals: Vec<Vec<u32>> = Vec::new();
            let mut sizes = 0;
            for rows in &all {
                let class = classify(rows);
                assert_eq!(transform(class.from_fundamental, &class.fundamental), *rows);
                assert!(all.contains(&class.fundamental));
                if !fundamentals.contains(&class.fundamental) {
                    fundamentals.push(class.fundamental.clone());
                    sizes += class.size;
                }
            }
            assert_eq!(fundamentals.len(), unique, "n = {n}");
            assert_eq!(
                sizes,
                all.len(),
                "class sizes add up to all solutions, n = {n}"
            );
        }
    }
}
