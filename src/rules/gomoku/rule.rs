//! The rule sets: who wins with which row, and what Black may not play in renju.

use std::fmt;
use std::str::FromStr;

/// The rule set of a game, chosen before it starts. "The win length" is the setting
/// ([`Settings::win`](super::Settings)), five unless chosen otherwise.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Rule {
    /// The win length or more in a row wins, for anyone.
    #[default]
    Freestyle,
    /// Exactly the win length wins; a longer row does not.
    Standard,
    /// Two seats, five to win. Black (seat 1) may not make an overline, a double four or a
    /// double three, except with a move that makes exactly five, and wins with exactly
    /// five; White wins with five or more.
    Renju,
    /// Exactly the win length wins, unless both ends are blocked by another seat's stones
    /// (the board's edge does not block).
    Caro,
}

impl Rule {
    /// Every rule set.
    pub const ALL: [Rule; 4] = [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro];

    /// The rule set's word: `freestyle`, `standard`, `renju` or `caro`.
    pub const fn word(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Renju => "renju",
            Rule::Caro => "caro",
        }
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A word that names no rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad rule {0:?}: expected freestyle, standard, renju or caro")]
pub struct ParseRuleError(pub String);

impl FromStr for Rule {
    type Err = ParseRuleError;

    fn from_str(s: &str) -> Result<Rule, ParseRuleError> {
        Rule::ALL
            .into_iter()
            .find(|rule| rule.word() == s)
            .ok_or_else(|| ParseRuleError(s.chars().take(16).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        for rule in Rule::ALL {
            assert_eq!(rule.to_string().parse(), Ok(rule));
        }
        assert_eq!(Rule::default(), Rule::Freestyle);
        assert!("Renju".parse::<Rule>().is_err());
    }
}
