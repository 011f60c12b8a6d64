//! The independent checker: stickers as points of a cube of side 6, turned by integer
//! rotation matrices. It shares no code with the solver, so every solution the tests
//! check on it is checked by a second model of the cube.

pub type V = [i32; 3];

/// Each face as seen from outside: its outward normal, the direction of increasing column
/// and of increasing row. U is seen with B at the top, D with F at the top, the four side
/// faces with U at the top. Order U R F D L B.
const FRAMES: [(V, V, V); 6] = [
    ([0, 1, 0], [1, 0, 0], [0, 0, 1]),
    ([1, 0, 0], [0, 0, -1], [0, -1, 0]),
    ([0, 0, 1], [1, 0, 0], [0, -1, 0]),
    ([0, -1, 0], [1, 0, 0], [0, 0, -1]),
    ([-1, 0, 0], [0, 0, 1], [0, -1, 0]),
    ([0, 0, -1], [-1, 0, 0], [0, -1, 0]),
];

/// Sticker centres on a cube of side 6 centred at the origin: face plane at ±3, sticker
/// centres at −2, 0, 2 across it.
pub fn sticker_centres() -> Vec<V> {
    let mut out = Vec::new();
    for (n, right, down) in FRAMES {
        for row in -1..=1 {
            for col in -1..=1 {
                out.push(std::array::from_fn(|k| {
                    3 * n[k] + 2 * col * right[k] + 2 * row * down[k]
                }));
            }
        }
    }
    out
}

fn mat_mul(m: &[V; 3], v: V) -> V {
    std::array::from_fn(|r| (0..3).map(|k| m[r][k] * v[k]).sum())
}

/// The rotation by −90° (clockwise seen from the positive end) about axis `axis` (0 = x,
/// 1 = y, 2 = z), from the textbook matrices with cos = 0, sin = −1.
fn clockwise_about(axis: usize) -> [V; 3] {
    match axis {
        0 => [[1, 0, 0], [0, 0, 1], [0, -1, 0]],
        1 => [[0, 0, -1], [0, 1, 0], [1, 0, 0]],
        _ => [[0, 1, 0], [-1, 0, 0], [0, 0, 1]],
    }
}

/// How a checker move turns: about which axis, seen from which end, and which slabs
/// (cubie coordinate −1, 0, 1 along the axis) move.
fn checker_layer(token: &str) -> (usize, i32, Vec<i32>) {
    let base = token.trim_end_matches(['\'', '2']);
    let face = |c: char| -> (usize, i32) {
        match c.to_ascii_uppercase() {
            'R' => (0, 1),
            'L' => (0, -1),
            'U' => (1, 1),
            'D' => (1, -1),
            'F' => (2, 1),
            'B' => (2, -1),
            _ => panic!("checker: bad move {token}"),
        }
    };
    let first = base.chars().next().expect("a move");
    match base {
        "M" => (0, -1, vec![0]),
        "E" => (1, -1, vec![0]),
        "S" => (2, 1, vec![0]),
        "x" => (0, 1, vec![-1, 0, 1]),
        "y" => (1, 1, vec![-1, 0, 1]),
        "z" => (2, 1, vec![-1, 0, 1]),
        _ => {
            let (axis, sign) = face(first);
            let wide = base.ends_with('w') || first.is_ascii_lowercase();
            let slabs = if wide { vec![0, sign] } else { vec![sign] };
            (axis, sign, slabs)
        }
    }
}

/// Applies space-separated WCA moves to a 54-letter facelet string.
pub fn checker_apply(state: &str, moves: &str) -> String {
    let centres = sticker_centres();
    let mut colours: Vec<char> = state.chars().collect();
    for token in moves.split_whitespace() {
        let (axis, sign, slabs) = checker_layer(token);
        let quarter_turns = if token.ends_with('2') {
            2
        } else if token.ends_with('\'') {
            3
        } else {
            1
        };
        // Clockwise seen from the negative end is counter-clockwise from the positive one.
        let turns = if sign > 0 {
            quarter_turns
        } else {
            (4 - quarter_turns) % 4
        };
        let m = clockwise_about(axis);
        for _ in 0..turns {
            let mut next = colours.clone();
            for (i, &p) in centres.iter().enumerate() {
                if slabs.contains(&p[axis].signum()) {
                    let q = mat_mul(&m, p);
                    let j = centres.iter().position(|&c| c == q).expect("a sticker");
                    next[j] = colours[i];
                }
            }
            colours = next;
        }
    }
    colours.into_iter().collect()
}

/// Every face one colour.
pub fn checker_solved(state: &str) -> bool {
    let s: Vec<char> = state.chars().map(|c| c.to_ascii_uppercase()).collect();
    s.len() == 54 && (0..54).all(|i| s[i] == s[i / 9 * 9 + 4])
}
