//! The parts of the big-board picture (`canvas_board.rs` puts them together; "Save picture" saves it): painting,
//! the minimap, the legend, and the construction's step-through.

pub mod construction_panel;
pub mod legend;
pub mod minimap;
pub mod paint;
