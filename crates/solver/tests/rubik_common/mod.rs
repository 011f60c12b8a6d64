//! Helpers shared by the Rubik's cube test files (each file uses some of them).
#![allow(dead_code)]

use std::collections::HashMap;

use puzzlelab_solver::rubik::cubie::{move_cubes, CubieCube};

/// Every position within `depth` turns of solved, with its distance (breadth first): the
/// independent answer the optimal solver's lengths are checked against.
pub fn ball(depth: u8) -> HashMap<CubieCube, u8> {
    let moves = move_cubes();
    let mut seen = HashMap::new();
    seen.insert(CubieCube::SOLVED, 0u8);
    let mut layer = vec![CubieCube::SOLVED];
    for d in 1..=depth {
        let mut next = Vec::new();
        for c in &layer {
            for m in moves.iter() {
                let n = c.multiply(m);
                if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    seen
}
