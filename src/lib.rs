//! lanqi: traditional Chinese and Tibetan board games with people on your LAN, no server.
//! See `DESIGN.md` in the shared docs for the layers; each module's doc says what it holds.

pub mod cli;
pub mod engine;
pub mod lang;
pub mod net;
pub mod peer;
pub mod protocol;
pub mod rules;
pub mod session;
pub mod store;

#[cfg(feature = "gui")]
pub mod gui;
