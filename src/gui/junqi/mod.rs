//! Junqi (军棋) in the desktop app: its board, its deployment screen, and its part of the
//! game screen and of the spectator screen.
//!
//! - [`board`]: the Junqi board on a canvas, given a [`board::BoardModel`].
//! - [`deploy`]: the deployment screen (布阵).
//! - [`play`]: what the game screen shows of a Junqi game ([`play::Play`], its
//!   [`GamePart`](super::games::GamePart)).
//! - [`watch`]: what the spectator screen shows of a watched Junqi game.
//! - [`rules`] and [`history`]: how it is played (with a diagram and the table of pieces)
//!   and where it comes from, in English and Chinese.

pub mod board;
pub mod deploy;
pub mod history;
pub mod play;
pub mod rules;
pub mod watch;
