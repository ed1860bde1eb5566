//! Tibetan seven-square chess (七方棋) as `shared/spec/tibetan.md` defines it: a 7x7 board,
//! Black's 25 stones and White's 24 placed in turn until the board is full (formations
//! counted), the opening removals, then the battle of steps, jump chains and flights, in
//! which every square (方) and line (枪) a stone forms removes enemy stones. Points are
//! `a1`..`g7`; a position is one line of text ([`Position`]); turns are `d4`, `c3-c4`,
//! `c3xc5xe5`, `c3-c4*d5*e6`, `*d5*e6` ([`Turn`]). The spec's settings are [`Rules`]. No
//! I/O, no clock, no global state.

pub mod formation;
pub mod game;
pub mod point;
pub mod position;
pub mod rules;
pub mod turn;

pub use formation::{Formed, LINES, SQUARES};
pub use game::{Ending, Game, LegalTurn, Reason, Removable, TibetanError};
pub use point::{ParsePointError, ParseSideError, Point, Side};
pub use position::{HASH_SEED, Phase, Position, PositionError};
pub use rules::{Rules, RulesError};
pub use turn::{ParseTurnError, Path, Turn};
