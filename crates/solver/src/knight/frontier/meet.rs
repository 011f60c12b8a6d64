//! Closed tours by meeting in the middle (McKay 1997): the top and bottom halves' classes
//! ([`super::halves`]) with the same crossing edges pair up, and a pair is a tour when
//! the pieces of both halves, joined at those edges, make one cycle.

use std::collections::HashMap;

use super::halves::{crossings, sweep_top, Crossing, FxBuild, HalfClass};
use super::table::OVERFLOW;

/// What a meet-in-the-middle count measured.
#[derive(Clone, Debug, Default)]
pub struct MeetReport {
    /// Cycles (undirected closed tours).
    pub cycles: u128,
    /// Cut above this row (the sweep runs along the `w` side).
    pub w: u32,
    pub h: u32,
    pub m: u32,
    pub crossing: usize,
    /// Classes of the top and the bottom half.
    pub top_classes: u64,
    pub bottom_classes: u64,
    /// Distinct crossing sets on both sides.
    pub sets: u64,
    /// Pairs of classes looked at in the join.
    pub pairs: u64,
    /// The half sweeps' peak layers and work.
    pub half_peak: u64,
    pub half_work: u64,
}

/// The bottom halves of a `w`×`h` board cut above row `m`: the top `h - m` rows' classes
/// turned upside down, renamed to the edges of cut `m`.
fn bottom_classes(
    w: u32,
    h: u32,
    m: u32,
    edges: &[Crossing],
    report: &mut MeetReport,
    watch: &mut dyn FnMut(u32, u32, u64) -> bool,
) -> Result<Vec<(HalfClass, u64)>, String> {
    let other = sweep_top(w, h, h - m, watch)?;
    report.half_peak = report.half_peak.max(other.peak_states);
    report.half_work += other.work;
    let flip = |(x, y): (u32, u32)| (x, h - 1 - y);
    let index: HashMap<Crossing, usize> = edges.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let rename: Vec<usize> = crossings(w, h, h - m)
        .iter()
        .map(|c| {
            index[&Crossing {
                top: flip(c.bottom),
                bottom: flip(c.top),
            }]
        })
        .collect();
    Ok(other
        .classes
        .into_iter()
        .map(|(class, count)| {
            let mut used = 0u64;
            let mut mate = vec![u8::MAX; edges.len()];
            for (f, &g) in class.mate.iter().enumerate() {
                if g != u8::MAX {
                    used |= 1 << rename[f];
                    mate[rename[f]] = rename[g as usize] as u8;
                }
            }
            (HalfClass { used, mate }, count)
        })
        .collect())
}

/// Counts the closed tours of a `width`×`height` board by meeting in the middle.
pub fn count_closed_meet(
    width: u32,
    height: u32,
    watch: &mut dyn FnMut(u32, u32, u64) -> bool,
) -> Result<MeetReport, String> {
    // Cut across the narrow side where the height is even (fewest crossing edges), else
    // across the other.
    let (w, h) = if width.max(height) % 2 == 0 {
        (width.min(height), width.max(height))
    } else {
        (width.max(height), width.min(height))
    };
    let m = h / 2;
    let edges = crossings(w, h, m);
    let mut report = MeetReport {
        w,
        h,
        m,
        crossing: edges.len(),
        ..MeetReport::default()
    };
    if m == 0 || width as u64 * height as u64 % 2 == 1 {
        return Ok(report);
    }
    let top = sweep_top(w, h, m, watch)?;
    report.half_peak = top.peak_states;
    report.half_work = top.work;
    let bottom = bottom_classes(w, h, m, &edges, &mut report, watch)?;
    report.top_classes = top.classes.len() as u64;
    report.bottom_classes = bottom.len() as u64;
    let mut groups: HashMap<u64, Vec<(Vec<u8>, u64)>, FxBuild> = HashMap::default();
    for (class, count) in bottom {
        groups
            .entry(class.used)
            .or_default()
            .push((class.mate, count));
    }
    let mut by_set: HashMap<u64, Vec<(Vec<u8>, u64)>, FxBuild> = HashMap::default();
    for (class, count) in top.classes {
        by_set
            .entry(class.used)
            .or_default()
            .push((class.mate, count));
    }
    for (used, tops) in &by_set {
        let Some(bottoms) = groups.get(used) else {
            continue;
        };
        report.sets += 1;
        let size = used.count_ones() as usize;
        let first = used.trailing_zeros() as usize;
        for (mt, ct) in tops {
            for (mb, cb) in bottoms {
                report.pairs += 1;
                if one_cycle(mt, mb, first, size) {
                    let n = (*ct as u128) * (*cb as u128);
                    report.cycles = report
                        .cycles
                        .checked_add(n)
                        .ok_or_else(|| OVERFLOW.to_string())?;
                }
            }
        }
    }
    Ok(report)
}

/// Whether the top and bottom pairings of the same `size` edges make one cycle.
#[inline]
fn one_cycle(top: &[u8], bottom: &[u8], first: usize, size: usize) -> bool {
    let mut e = first;
    let mut len = 0;
    loop {
        e = bottom[top[e] as usize] as usize;
        len += 2;
        if e == first {
            return len == size;
        }
    }
}
