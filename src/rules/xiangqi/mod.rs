//! Xiangqi (中国象棋) with the standard rules: the seven kinds of piece, palace, river, the
//! elephant's eye and the horse's leg, cannon screens, the flying general, check,
//! checkmate and stalemate (both lose); repetition judged as Pikafish judges it (see
//! [`game`]) and a draw after 120 plies without a capture. FEN as UCCI and Pikafish write
//! it, ICCS moves (`h2e2`), and Chinese notation (炮二平五) for display. No I/O, no clock,
//! no global state.

pub mod game;
pub mod moves;
pub mod notation;
pub mod perft;
pub mod piece;
pub mod position;
pub mod setup;
pub mod square;
mod tables;

pub use game::{DrawReason, Game, GameError, Outcome, WinReason};
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use notation::chinese;
pub use perft::{divide, perft};
pub use piece::{Kind, Piece};
pub use position::{IllegalMove, Position};
pub use setup::{FenError, START_FEN, Setup};
pub use square::{ParseSquareError, Side, Square};
