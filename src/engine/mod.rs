//! Computer players, one module per game. They see only what a player may see, and unlike
//! the rules cores they may read a clock and use threads: a search runs against a deadline.

pub mod child;
pub mod gomoku;
pub mod junqi;
pub mod level;
pub mod tally;
pub mod tibetan;
pub mod xiangqi;

pub use level::{Level, ParseLevelError};
