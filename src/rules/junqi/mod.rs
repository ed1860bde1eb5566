//! Two-country Junqi (两国军棋) with hidden pieces, exactly as `spec/junqi.md` defines it:
//! geometry, pieces, layouts, positions and views (JNF), legal moves, battles, and the end
//! of the game. No I/O, no clock, no global state; randomness only from a seed.

pub mod board;
pub mod game;
pub mod layout;
pub mod moves;
pub mod perft;
pub mod piece;
pub mod position;
pub mod setup;
pub mod square;
pub mod veiled;
pub mod view;

pub use board::CellKind;
pub use game::{DrawReason, Game, NoBattleVerdict, Outcome, RuleSet, WinReason};
pub use layout::{Layout, LayoutError};
pub use moves::{Move, ParseMoveError};
pub use perft::perft;
pub use piece::{BattleResult, Kind, Piece, battle};
pub use position::{Battle, IllegalMove, Position};
pub use setup::{JnfError, Setup, Token};
pub use square::{ParseSquareError, Side, Square};
pub use veiled::{Report, VeiledError, VeiledGame};
pub use view::{View, ViewError};
