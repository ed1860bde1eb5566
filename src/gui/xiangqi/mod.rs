//! Xiangqi (象棋) in the desktop app: its board, and its part of the game screen and of the
//! spectator screen.
//!
//! - [`board`]: the Xiangqi board on a canvas, given a [`board::XiangqiModel`].
//! - [`play`]: what the game screen shows of a Xiangqi game ([`play::Play`], its
//!   [`GamePart`](super::games::GamePart)); also used by the review of a saved game.
//! - [`watch`]: what the spectator screen shows of a watched Xiangqi game.
//! - [`rules`] and [`history`]: how it is played (with small board diagrams) and where it
//!   comes from, in English and Chinese.

pub mod board;
pub mod history;
pub mod play;
pub mod rules;
pub mod watch;
