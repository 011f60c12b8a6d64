//! The optimal solver's tables, built, checked, kept and read in one place:
//!
//! - [`corners`]: the corner pattern database (44 MB);
//! - [`flipslice`]: flip × slice × twist in classes under the U–D symmetries (35 MB, the
//!   page's small table; also the two-phase search's exact phase-1 distance);
//! - [`flipsorted`]: flip × sorted slice × twist (833 MB, the big table);
//! - [`h16`]: the tetrad-slice table (H48's group under 16 symmetries, 1.33 to 7.97 GB by
//!   level, the CLI's `--h16`);
//! - [`h16_build`]: the tetrad-slice table built in steps, its last layers shared by the
//!   page's workers in [`layer_blocks`];
//! - [`sym_table`]: what the two symmetry-reduced tables share (the table, its
//!   breadth-first build on threads or in steps, its reads), over [`ud_syms`]' classes;
//! - [`stored`]: the tables' names, files, lengths, [`checksum`] and memory budgets, which
//!   the command line's cache and the page's storage both use.
//!
//! All hold distances mod 3 or whole ones packed as [`crate::rubik::mod3`] says; none
//! reads the two-phase search's tables, only the move tables both build on
//! ([`crate::rubik::coord_moves`]).

pub mod checksum;
pub mod corners;
pub mod flipslice;
pub mod flipsorted;
pub mod h16;
pub mod h16_build;
pub mod layer_blocks;
pub mod stored;
pub mod sym_table;
pub mod ud_syms;
