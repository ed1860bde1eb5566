//! One game between seats, game-agnostic: turn order, setups, moves checked by the rules
//! core, undo and draws by consent, resignation, chat, clocks. A pure state machine: events
//! in, effects out; the GUI and the headless peer drive the same one.

pub mod clock;
pub mod game;
pub mod junqi;
pub mod state;
pub mod transcript;

pub use clock::{Clocks, Millis};
pub use game::{Ending, Played, Seat, TableGame};
pub use junqi::JunqiTable;
pub use state::{Effect, Local, Notice, Record, Session};
