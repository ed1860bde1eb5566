//! One game between seats, game-agnostic (each game's table type holds its rules; [`AnyTable`]
//! holds any of them): turn order, setups, moves checked by the rules
//! core, undo and draws by consent, resignation, chat, clocks. A pure state machine: events
//! in, effects out; the GUI and the headless peer drive the same one.

pub mod any;
pub mod audit;
pub mod cheat;
pub mod clock;
pub mod ending;
pub mod error;
#[cfg(test)]
mod fair_tests;
pub mod game;
pub mod gomoku;
pub mod junqi;
#[cfg(test)]
pub(crate) mod pair;
#[cfg(test)]
mod seats_tests;
pub mod state;
pub mod tibetan;
pub mod transcript;
pub mod xiangqi;

pub use any::{AnyMove, AnyTable, Board, GameKind};
pub use cheat::Cheat;
pub use clock::{Clocks, Millis};
pub use ending::Reason;
pub use error::SessionError;
pub use game::{Audit, Ending, Finding, Played, Seat, Secrets, Step, TableGame};
pub use gomoku::GomokuTable;
pub use junqi::JunqiTable;
pub use state::{Effect, Local, Notice, Record, Session, standing_moves};
pub use tibetan::TibetanTable;
pub use xiangqi::XiangqiTable;
