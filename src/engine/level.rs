//! How strong the computer plays, the same three levels for every game; each game's engine
//! says what a level means for its search (node budgets, depths) in its own module.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// How strong (and how slow) a computer player plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// At most 0.1 s a move.
    Easy,
    /// At most 0.5 s a move.
    Medium,
    /// At most 2 s a move.
    Hard,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Medium, Level::Hard];

    /// The level's name: `easy`, `medium` or `hard`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
        }
    }

    /// The longest it may think about one move.
    pub fn time_limit(self) -> Duration {
        match self {
            Level::Easy => Duration::from_millis(100),
            Level::Medium => Duration::from_millis(500),
            Level::Hard => Duration::from_secs(2),
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A level name that is not easy, medium or hard.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown level {0:?}: expected easy, medium or hard")]
pub struct ParseLevelError(pub String);

impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(s: &str) -> Result<Level, ParseLevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| ParseLevelError(s.chars().take(16).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_by_name_and_print_back() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string(), level.name());
        }
        assert_eq!("HARD".parse::<Level>(), Ok(Level::Hard));
        let e = "expert".parse::<Level>().unwrap_err();
        assert!(e.to_string().contains("expert"), "{e}");
    }
}
