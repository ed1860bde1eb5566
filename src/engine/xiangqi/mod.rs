//! The Xiangqi computer player: evaluation, search, levels, and the UCI/UCCI front end.

pub mod arena;
pub mod book;
pub mod eval;
pub mod external;
pub mod search;
pub mod tune;
pub mod uci;

pub use search::{Info, Limits, MATE, Report, Searcher};

pub use crate::engine::{Level, ParseLevelError};

impl Level {
    /// The search limits of this level.
    pub fn limits(self) -> Limits {
        Limits {
            movetime: Some(self.time_limit()),
            ..Limits::default()
        }
    }
}
