//! The words the counting lab puts before a count's details, for the depth-first count and
//! the parts' total alike (one wording of the counting conventions).

use crate::app::widgets::numbers::group_big;

/// "6x6 closed tours: 19,724 directed (each cycle in both directions); 9,862 cycles (no
/// start, no direction); " and the like for open tours and tours from a start.
pub fn totals_text(
    width: u32,
    height: u32,
    closed: bool,
    from_start: bool,
    directed: u128,
    undirected: Option<u128>,
) -> String {
    let what = if closed { "closed tours" } else { "open tours" };
    let directed_means = match (closed, from_start) {
        (true, _) => "each cycle in both directions",
        (false, true) => "move sequences from the chosen start",
        (false, false) => "move sequences",
    };
    let undirected = match undirected {
        Some(u) if closed => format!("{} cycles (no start, no direction); ", group_big(u)),
        Some(u) => format!(
            "{} undirected (a path and its reverse once); ",
            group_big(u)
        ),
        None => String::new(),
    };
    format!(
        "{width}x{height} {what}: {} directed ({directed_means}); {undirected}",
        group_big(directed)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn closed_tours_read_as_cycles_in_both_directions() {
        let text = totals_text(
            8,
            8,
            true,
            false,
            26_534_728_821_064,
            Some(13_267_364_410_532),
        );
        assert_eq!(
            text,
            "8x8 closed tours: 26,534,728,821,064 directed (each cycle in both directions); \
             13,267,364,410,532 cycles (no start, no direction); "
        );
    }

    #[test]
    fn open_tours_from_a_start_have_no_undirected_count() {
        let text = totals_text(5, 5, false, true, 304, None);
        assert_eq!(
            text,
            "5x5 open tours: 304 directed (move sequences from the chosen start); "
        );
        let all = totals_text(6, 6, false, false, 6_637_920, Some(3_318_960));
        assert!(all.contains("6,637,920 directed (move sequences); 3,318,960 undirected"));
    }
}
