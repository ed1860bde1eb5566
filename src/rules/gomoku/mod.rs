//! Gomoku (五子棋) as `shared/spec/gomoku.md` defines it: boards from 5x5 to 26x26, two to
//! four seats in turn order, a win length, and the rule sets freestyle, standard, renju
//! (Black's forbidden points judged as the Piskvork referee judges them, see [`renju`])
//! and caro, and the opening rules swap and swap2 ([`opening`]). Points are `h8`, sizes `15x15`, the board as text one rank per line from the
//! top. No I/O, no clock, no global state.

pub mod board;
pub mod game;
pub mod opening;
pub mod point;
pub mod renju;
pub mod rule;

pub use board::{Board, Run, Seat};
pub use game::{DrawReason, Ending, Game, GomokuError, Move, Settings, WinReason};
pub use opening::{Action, Choice, Opening, ParseActionError, ParseOpeningError, Turn};
pub use point::{ParsePointError, Point, Size, SizeError};
pub use renju::{Shape, forbidden, forbidden_points};
pub use rule::{ParseRuleError, Rule};
