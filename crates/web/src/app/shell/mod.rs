//! The page around the workbenches: home, alerts, the crash banner, theme, offline support,
//! the clipboard and the URL hash.

pub mod alert;
pub mod clipboard;
pub mod crash;
pub mod embed;
pub mod embed_snippet;
pub mod home;
pub mod host;
pub mod location;
pub mod offline;
pub mod theme;
pub mod window;
