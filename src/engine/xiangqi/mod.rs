//! The Xiangqi computer player: evaluation, search, levels, and the UCI/UCCI front end.

pub mod eval;
pub mod search;
pub mod uci;

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

pub use search::{Info, Limits, MATE, Report, Searcher};

/// How strong the computer plays: how long it thinks per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// 0.1 s a move.
    Easy,
    /// 0.5 s a move.
    Medium,
    /// 2 s a move.
    Hard,
}

impl Level {
    /// All levels, easiest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The thinking time per move.
    pub fn movetime(self) -> Duration {
        Duration::from_millis(match self {
            Level::Easy => 100,
            Level::Medium => 500,
            Level::Hard => 2000,
        })
    }

    /// The search limits of this level.
    pub fn limits(self) -> Limits {
        Limits {
            movetime: Some(self.movetime()),
            ..Limits::default()
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        })
    }
}

/// A level name that is not easy, medium or hard.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected easy, medium or hard")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        match s.to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "medium" => Ok(Level::Medium),
            "hard" => Ok(Level::Hard),
            _ => Err(ParseLevelError(s.chars().take(16).collect())),
        }
    }
}
