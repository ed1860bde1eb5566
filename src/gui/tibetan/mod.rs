//! Tibetan seven-square chess (藏族七方棋) in the desktop app: its board, its part of the
//! game screen and of the spectator screen, and its rules and history pages.
//!
//! - [`board`]: the 7 x 7 board on a canvas, given a [`board::TibetanModel`].
//! - [`play`]: what the game screen shows of a Tibetan chess game ([`play::Play`], its
//!   [`GamePart`](super::games::GamePart)): placing, moving and jumping, picking removals.
//! - [`watch`]: what the spectator screen shows of a watched Tibetan chess game.
//! - [`rules`] and [`history`]: how it is played (with small board diagrams) and where it
//!   comes from, in English and Chinese.

pub mod board;
pub mod history;
pub mod play;
pub mod rules;
pub mod watch;
