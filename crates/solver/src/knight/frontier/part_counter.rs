//! One part of a split count (`--part I/K`, a [`PartOf`]) as a step machine, so a browser
//! worker can sweep the same part the command line sweeps with [`super::run_watched`]
//! over [`Sweep::part`]: the same plan and the same oracle, kept to the part's class of
//! needs vectors at the cut, built a layer per step.

use super::oracle::{OracleBuilder, PartOf};
use super::{FrontierCounter, Sweep};
use crate::knight::count::CountSpec;

impl FrontierCounter {
    /// Part `part` of the count of `spec` (parts `0..of` add up to the whole count).
    pub fn for_part(spec: CountSpec, part: PartOf) -> Result<FrontierCounter, String> {
        let sweep = Sweep::part(spec, part)?;
        let mut counter = FrontierCounter::new(spec)?;
        if let Some(builder) = counter.builder.as_mut() {
            *builder = OracleBuilder::for_part(&sweep.plan, Some(part));
        } else if part.index > 0 {
            // A one-square board has no cut: its lone tour belongs to the first part.
            counter.tours = 0;
        }
        counter.sweep = sweep;
        Ok(counter)
    }
}
