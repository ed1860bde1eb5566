//! Gomoku (五子棋) in the desktop app: its board, and its part of the game screen and of the
//! spectator screen.
//!
//! - [`board`]: the Gomoku board on a canvas (5x5 to 26x26), given a
//!   [`board::GomokuModel`].
//! - [`play`]: what the game screen shows of a Gomoku game ([`play::Play`], its
//!   [`GamePart`](super::games::GamePart)).
//! - [`watch`]: what the spectator screen shows of a watched Gomoku game.
//! - [`rules`] and [`history`]: how it is played under each rule set (with small board
//!   diagrams) and where it comes from, in English and Chinese.

pub mod board;
pub mod history;
pub mod play;
pub mod rules;
pub mod watch;
