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
pub mod verify;
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

/// The SplitMix64 step the position hashes of PROTOCOL.md (§8.12, §8.13a) draw their keys
/// with, written from the document for the tests that check each game's hash against it.
#[cfg(test)]
fn documented_splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}
