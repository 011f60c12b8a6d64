//! Pieces every workbench uses: playback and keys, inputs, charts, the worker bridge.

pub mod bar_chart;
pub mod board_keys;
pub mod clock;
pub mod cube3d;
pub mod depth_chart;
pub mod draft_input;
pub mod keyboard;
pub mod numbers;
pub mod playback;
pub mod pool_count;
#[cfg(test)]
pub mod pool_served;
pub mod predict;
pub mod recorder;
pub mod save_animation;
pub mod save_picture;
pub mod search_player;
pub mod search_tree;
pub mod task_count;
pub mod task_pool;
pub mod timeline;
pub mod webm;
pub mod workbench;
pub mod worker_bridge;
pub mod worker_files;
pub mod worker_lease;
