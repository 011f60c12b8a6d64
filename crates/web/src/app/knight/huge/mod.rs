//! The parts of the big-board picture (`canvas_board.rs` puts them together): painting,
//! the minimap, the legend, the downloads, and the construction's step-through.

pub mod construction_panel;
pub mod export;
pub mod legend;
pub mod minimap;
pub mod paint;
