//! The page around the workbenches: home, alerts, the crash banner, theme, offline support,
//! the clipboard, the clock and the URL hash.

pub mod alert;
pub mod clipboard;
pub mod clock;
pub mod crash;
pub mod download;
pub mod embed;
pub mod embed_snippet;
pub mod home;
pub mod host;
pub mod location;
pub mod offline;
pub mod theme;
pub mod window;
