//! FEN as UCCI and Pikafish write it, read into an unchecked [`Setup`]; [`super::Position`]
//! is built from a setup only once it is valid.
//!
//! `rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1`: ten ranks from
//! Black's back rank (rank 9) down to Red's (rank 0), upper case for Red, digits for runs of
//! empty points; the side to move (`w`, or `r`, for Red; `b` for Black); two `-` fields kept
//! for chess compatibility; the plies since the last capture; the move number. Everything
//! after the side to move may be left out (it defaults to `- - 0 1`).

use std::fmt;
use std::str::FromStr;

use super::piece::Piece;
use super::square::{FILES, RANKS, SQUARES, Side, Square};

/// A position as read from FEN, not yet checked for validity.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// What stands on each point, by [`Square::index`].
    pub board: [Option<Piece>; SQUARES],
    /// Whose turn it is.
    pub side_to_move: Side,
    /// Plies since the last capture (FEN's halfmove clock).
    pub halfmove_clock: u32,
    /// The move number, starting at 1 and increasing after each Black move.
    pub fullmove: u32,
}

/// What is wrong with a FEN text or the position it describes: one line that names the
/// field or the rank and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing but white space.
    #[error("empty FEN")]
    Empty,
    /// Not ten ranks.
    #[error("the board has {0} ranks separated by '/', expected 10")]
    RankCount(usize),
    /// A rank that does not describe nine points with known letters.
    #[error("rank {rank} (part {part} of the board): {problem}")]
    Rank {
        /// The rank's number, 9 (Black's back rank, first in the text) to 0.
        rank: u8,
        /// Its position in the text, 1 to 10.
        part: usize,
        /// What is wrong.
        problem: String,
    },
    /// No side-to-move field.
    #[error("missing the side to move after the board (w or b)")]
    MissingSide,
    /// A side-to-move field other than w, r or b.
    #[error("side to move {0:?}: expected w (or r) for Red, b for Black")]
    Side(String),
    /// The third or fourth field is not `-`.
    #[error("field {field} is {value:?}: expected -")]
    Dash {
        /// 3 or 4.
        field: usize,
        /// What stood there.
        value: String,
    },
    /// A halfmove clock that is not a number 0..=9999.
    #[error("halfmove clock {0:?}: expected a number of plies, 0 to 9999")]
    Halfmove(String),
    /// A move number that is not 1..=99999.
    #[error("move number {0:?}: expected 1 to 99999")]
    Fullmove(String),
    /// More than six fields.
    #[error("{0} fields, expected at most 6 (board, side, -, -, halfmove clock, move number)")]
    TooManyFields(usize),
    /// The text is well formed but the position cannot occur (see [`Setup::validate`]).
    #[error("{0}")]
    Invalid(String),
}

impl Setup {
    /// The standard start position.
    pub fn start() -> Setup {
        START_FEN.parse().expect("the start position parses")
    }

    /// The piece on `sq`.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Checks that the pieces could stand here in a game: one king per side inside its
    /// palace, at most two advisors, elephants, horses, rooks and cannons and five pawns per
    /// side, advisors and elephants on their own points, pawns where a pawn can be (on
    /// their own half only on ranks 3-4 of files a, c, e, g, i), and the side that is not to
    /// move is not in check (its king could be taken, kings facing each other included).
    pub fn validate(&self) -> Result<(), FenError> {
        super::position::validate(self)
    }
}

/// The start position, in FEN.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

fn parse_rank(text: &str, rank: u8, board: &mut [Option<Piece>; SQUARES]) -> Result<(), String> {
    let mut file: u32 = 0;
    for c in text.chars() {
        if file >= FILES as u32 {
            return Err(format!("more than 9 points at {c:?}"));
        }
        if let Some(d) = c.to_digit(10) {
            if d == 0 {
                return Err("a run of 0 empty points".into());
            }
            file += d;
        } else if let Some(piece) = Piece::from_letter(c) {
            board[Square::new(file as u8, rank).expect("file < 9").index()] = Some(piece);
            file += 1;
        } else {
            return Err(format!(
                "{c:?} is not a piece letter (k a b n r c p, upper case for Red) or a digit"
            ));
        }
    }
    match file {
        9 => Ok(()),
        n if n > 9 => Err(format!("{n} points, expected 9")),
        n => Err(format!("{n} points, expected 9")),
    }
}

impl FromStr for Setup {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Setup, FenError> {
        let fields: Vec<&str> = s.split_ascii_whitespace().collect();
        let Some(board_text) = fields.first() else {
            return Err(FenError::Empty);
        };
        if fields.len() > 6 {
            return Err(FenError::TooManyFields(fields.len()));
        }
        let parts: Vec<&str> = board_text.split('/').collect();
        if parts.len() != RANKS as usize {
            return Err(FenError::RankCount(parts.len()));
        }
        let mut board = [None; SQUARES];
        for (i, part) in parts.iter().enumerate() {
            let rank = RANKS - 1 - i as u8;
            parse_rank(part, rank, &mut board).map_err(|problem| FenError::Rank {
                rank,
                part: i + 1,
                problem,
            })?;
        }
        let side_text = fields.get(1).ok_or(FenError::MissingSide)?;
        let side_to_move =
            Side::from_letter(side_text).ok_or_else(|| FenError::Side(clip(side_text)))?;
        for field in [3, 4] {
            if let Some(&value) = fields.get(field - 1)
                && value != "-"
            {
                return Err(FenError::Dash {
                    field,
                    value: clip(value),
                });
            }
        }
        let halfmove_clock = match fields.get(4) {
            None => 0,
            Some(t) => number(t, 0, 9999).ok_or_else(|| FenError::Halfmove(clip(t)))?,
        };
        let fullmove = match fields.get(5) {
            None => 1,
            Some(t) => number(t, 1, 99_999).ok_or_else(|| FenError::Fullmove(clip(t)))?,
        };
        let setup = Setup {
            board,
            side_to_move,
            halfmove_clock,
            fullmove,
        };
        Ok(setup)
    }
}

fn number(text: &str, min: u32, max: u32) -> Option<u32> {
    if text.is_empty() || text.len() > 6 || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| (min..=max).contains(n))
}

fn clip(text: &str) -> String {
    text.chars().take(16).collect()
}

/// Writes the board part of a FEN.
pub(crate) fn write_board(
    f: &mut fmt::Formatter<'_>,
    piece_at: impl Fn(Square) -> Option<Piece>,
) -> fmt::Result {
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            match piece_at(Square::new(file, rank).expect("on the board")) {
                Some(p) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{}", p.letter())?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
        if rank > 0 {
            f.write_str("/")?;
        }
    }
    Ok(())
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, |sq| self.piece_at(sq))?;
        write!(
            f,
            " {} - - {} {}",
            self.side_to_move.letter(),
            self.halfmove_clock,
            self.fullmove
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_round_trips() {
        let setup = Setup::start();
        assert_eq!(setup.to_string(), START_FEN);
        assert!(setup.validate().is_ok());
    }

    #[test]
    fn short_and_old_forms_are_accepted() {
        let short: Setup = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r"
            .parse()
            .unwrap();
        assert_eq!(short, Setup::start());
    }

    #[test]
    fn errors_name_the_problem() {
        let cases = [
            ("", "empty FEN"),
            ("rnbakabnr/9 w", "the board has 2 ranks"),
            (
                "rnbakabnr/9/1c5c2/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                "rank 7 (part 3 of the board): 10 points",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w",
                "rank 0 (part 10 of the board): 'X' is not a piece letter",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
                "missing the side",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x",
                "side to move \"x\"",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - -1 1",
                "halfmove clock \"-1\"",
            ),
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0",
                "move number \"0\"",
            ),
        ];
        for (fen, expected) in cases {
            let err = fen.parse::<Setup>().unwrap_err().to_string();
            assert!(err.starts_with(expected), "{fen}: {err}");
        }
    }
}
