//! Swap openings: who places the first stones and who then chooses a colour.
//!
//! # The openings (two seats only, win length 4 or more)
//!
//! - **none**: seat 1 is Black and plays first; the seats alternate.
//! - **swap**: seat 1 places three stones, Black, White, Black. Seat 2 then chooses its
//!   colour: `black` (it takes Black, seat 1 plays White and moves next) or `white` (it
//!   keeps White and moves next).
//! - **swap2**: seat 1 places three stones, Black, White, Black. Seat 2 then chooses
//!   `black`, `white` or `place2`: it places two more stones, White then Black, and seat 1
//!   chooses its colour, `black` or `white`. Whoever plays White moves next.
//!
//! The colour of a stone follows from the number of stones before it (Black first, the
//! colours alternating); who places it follows from the opening. A choice is a move of the
//! game (a ply of its own), written `black`, `white` or `place2`: the colour the
//! choosing seat takes for the rest of the game, or "I place two more stones".

use std::fmt;
use std::str::FromStr;

use super::board::Seat;
use super::point::{ParsePointError, Point};

/// The opening rule of a game, chosen before it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Opening {
    /// Seat 1 is Black and moves first.
    #[default]
    None,
    /// Three stones by seat 1, then seat 2 chooses a colour.
    Swap,
    /// Three stones by seat 1, then seat 2 chooses a colour or places two more stones and
    /// hands the choice back.
    Swap2,
}

impl Opening {
    /// Every opening rule.
    pub const ALL: [Opening; 3] = [Opening::None, Opening::Swap, Opening::Swap2];

    /// The opening's word: `none`, `swap` or `swap2`.
    pub const fn word(self) -> &'static str {
        match self {
            Opening::None => "none",
            Opening::Swap => "swap",
            Opening::Swap2 => "swap2",
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A word that names no opening rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad opening {0:?}: expected none, swap or swap2")]
pub struct ParseOpeningError(pub String);

impl FromStr for Opening {
    type Err = ParseOpeningError;

    fn from_str(s: &str) -> Result<Opening, ParseOpeningError> {
        Opening::ALL
            .into_iter()
            .find(|o| o.word() == s)
            .ok_or_else(|| ParseOpeningError(s.chars().take(16).collect()))
    }
}

/// An opening decision: the colour the choosing seat takes, or (swap2's first choice only)
/// two more stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// The choosing seat plays Black from now on.
    Black,
    /// The choosing seat plays White from now on (and moves next).
    White,
    /// Swap2: the choosing seat places a White and a Black stone, then the other seat
    /// chooses its colour.
    Place2,
}

impl Choice {
    /// The colour choices.
    pub const COLOURS: [Choice; 2] = [Choice::Black, Choice::White];
    /// Swap2's first choice.
    pub const SWAP2: [Choice; 3] = [Choice::Black, Choice::White, Choice::Place2];

    /// The choice's word: `black`, `white` or `place2`.
    pub const fn word(self) -> &'static str {
        match self {
            Choice::Black => "black",
            Choice::White => "white",
            Choice::Place2 => "place2",
        }
    }

    /// The colour taken (Black is seat 0's colour, [`Seat::BLACK`]); none for `place2`.
    pub const fn colour(self) -> Option<Seat> {
        match self {
            Choice::Black => Some(Seat::BLACK),
            Choice::White => Some(Seat::WHITE),
            Choice::Place2 => None,
        }
    }
}

impl fmt::Display for Choice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One move of a game: a stone, or an opening decision. Written as the point (`h8`) or
/// the choice's word (`black`, `white`, `place2`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// A stone on this point.
    Stone(Point),
    /// An opening decision.
    Choose(Choice),
}

impl Action {
    /// The stone's point, if this is a stone.
    pub fn point(self) -> Option<Point> {
        match self {
            Action::Stone(p) => Some(p),
            Action::Choose(_) => None,
        }
    }

    /// The choice, if this is one.
    pub fn choice(self) -> Option<Choice> {
        match self {
            Action::Choose(c) => Some(c),
            Action::Stone(_) => None,
        }
    }
}

impl From<Point> for Action {
    fn from(point: Point) -> Action {
        Action::Stone(point)
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Stone(p) => p.fmt(f),
            Action::Choose(c) => c.fmt(f),
        }
    }
}

/// Text that is neither a point nor a choice.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad move {0:?}: expected a point such as h8, or black, white or place2")]
pub struct ParseActionError(pub String);

impl From<ParsePointError> for ParseActionError {
    fn from(e: ParsePointError) -> ParseActionError {
        ParseActionError(e.0)
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Action, ParseActionError> {
        if let Some(choice) = Choice::SWAP2.into_iter().find(|c| c.word() == s) {
            return Ok(Action::Choose(choice));
        }
        Ok(Action::Stone(s.parse()?))
    }
}

/// What the game waits for next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// `seat` places a stone of `colour` (the same seat, except in an opening).
    Stone {
        /// Who places it.
        seat: Seat,
        /// Whose colour the stone is (seat 0's is Black).
        colour: Seat,
    },
    /// `seat` makes an opening decision, one of `choices`.
    Choose {
        /// Who decides.
        seat: Seat,
        /// What it may choose.
        choices: &'static [Choice],
    },
}

impl Turn {
    /// The seat that acts.
    pub fn seat(self) -> Seat {
        match self {
            Turn::Stone { seat, .. } | Turn::Choose { seat, .. } => seat,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        for o in Opening::ALL {
            assert_eq!(o.to_string().parse(), Ok(o));
        }
        assert_eq!(Opening::default(), Opening::None);
        assert!("Swap".parse::<Opening>().is_err());
        for c in Choice::SWAP2 {
            let a = Action::Choose(c);
            assert_eq!(a.to_string().parse(), Ok(a));
        }
        let h8: Action = "h8".parse().unwrap();
        assert_eq!(h8.point(), "h8".parse().ok());
        assert_eq!(h8.to_string(), "h8");
        assert_eq!(
            "swap".parse::<Action>().unwrap_err().to_string(),
            "bad move \"swap\": expected a point such as h8, or black, white or place2"
        );
        assert!("Black".parse::<Action>().is_err());
    }
}
