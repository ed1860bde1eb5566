//! JNF, the position text, read into an unchecked [`Setup`] and checked for validity.
//!
//! A setup may hide pieces (`X`/`x`), as a player's view does; [`super::Position`] and
//! [`super::View`] are built from a setup only once it is valid.

use std::fmt;
use std::str::FromStr;

use super::board::{back_ranks_of, headquarters_of};
use super::piece::{KINDS, Kind, Piece};
use super::square::{CELLS, FILES, ROWS, Side, Square};

/// What stands on a cell as some observer sees it: a side's piece, of a known or hidden kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Token {
    /// Whose piece (always public: occupancy is public).
    pub side: Side,
    /// The kind, or `None` for a piece the observer may not see (`X`/`x`).
    pub kind: Option<Kind>,
}

impl Token {
    /// A piece whose kind is known.
    pub fn known(piece: Piece) -> Token {
        Token {
            side: piece.side,
            kind: Some(piece.kind),
        }
    }

    /// A piece of `side` whose kind is hidden.
    pub fn hidden(side: Side) -> Token {
        Token { side, kind: None }
    }

    /// The piece, when the kind is known.
    pub fn piece(self) -> Option<Piece> {
        self.kind.map(|kind| Piece {
            side: self.side,
            kind,
        })
    }

    /// The JNF letter.
    pub fn letter(self) -> char {
        let lower = self.kind.map_or('x', Kind::letter);
        match self.side {
            Side::South => lower.to_ascii_uppercase(),
            Side::North => lower,
        }
    }

    /// The token for a JNF letter.
    pub fn from_letter(c: char) -> Option<Token> {
        let side = if c.is_ascii_uppercase() {
            Side::South
        } else {
            Side::North
        };
        if c.eq_ignore_ascii_case(&'x') {
            return Some(Token::hidden(side));
        }
        Kind::from_letter(c).map(|kind| Token {
            side,
            kind: Some(kind),
        })
    }
}

/// A position as read from JNF, not yet checked: cells, side to move and the two counters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The cells by square index.
    pub cells: [Option<Token>; CELLS],
    /// Whose turn it is.
    pub side_to_move: Side,
    /// Plies since the last battle.
    pub quiet_plies: u32,
    /// Plies since the first move.
    pub ply: u32,
}

/// Why a JNF text could not be read, or describes an impossible position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum JnfError {
    /// Not four space-separated fields.
    #[error("JNF has {0} fields, expected 4: <board> <side to move> <quiet plies> <ply>")]
    Fields(usize),
    /// Not twelve ranks.
    #[error("JNF board has {0} ranks, expected 12 separated by '/'")]
    Ranks(usize),
    /// A rank that does not describe five cells.
    #[error("JNF rank {rank} describes {cells} cells, expected 5")]
    RankWidth {
        /// The rank's name (12 down to 1).
        rank: u8,
        /// How many cells it described.
        cells: usize,
    },
    /// A character that is neither a piece letter nor a digit 1-5.
    #[error("JNF rank {rank} has '{ch}', which is neither a piece letter (a-l, x) nor a digit 1-5")]
    Char {
        /// The rank's name.
        rank: u8,
        /// The character.
        ch: char,
    },
    /// The side to move is not `s` or `n`.
    #[error("JNF side to move is '{0}', expected s or n")]
    Side(String),
    /// A counter that is not a number.
    #[error("JNF {field} is '{text}', expected a whole number from 0 to 4294967295")]
    Counter {
        /// Which counter.
        field: &'static str,
        /// What was there.
        text: String,
    },
    /// More than 25 pieces of one side.
    #[error("{side} has {count} pieces, at most 25 allowed")]
    TooManyPieces {
        /// The side.
        side: Side,
        /// How many.
        count: usize,
    },
    /// More of a kind than a side starts with.
    #[error("{side} has too many of kind {kind}: another one at {square}, {max} allowed")]
    TooManyOfKind {
        /// The side.
        side: Side,
        /// The kind.
        kind: Kind,
        /// Where the first piece over the count stands.
        square: Square,
        /// The starting count.
        max: u8,
    },
    /// A flag outside its side's headquarters.
    #[error("{side}'s flag at {square} is not in one of its headquarters ({hq})")]
    FlagOutsideHeadquarters {
        /// The side.
        side: Side,
        /// Where it stands.
        square: Square,
        /// The side's headquarters.
        hq: String,
    },
    /// A landmine outside its side's last two ranks.
    #[error("{side}'s landmine at {square} is not on its own last two ranks")]
    LandmineOutsideBackRanks {
        /// The side.
        side: Side,
        /// Where it stands.
        square: Square,
    },
    /// A hidden piece where full information is required.
    #[error("the piece at {0} is hidden (X/x), but this needs a full-information position")]
    Hidden(Square),
}

impl FromStr for Setup {
    type Err = JnfError;

    fn from_str(text: &str) -> Result<Setup, JnfError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().collect();
        if fields.len() != 4 {
            return Err(JnfError::Fields(fields.len()));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != ROWS as usize {
            return Err(JnfError::Ranks(ranks.len()));
        }
        let mut cells = [None; CELLS];
        for (r, rank_text) in ranks.iter().enumerate() {
            let rank = ROWS - r as u8;
            let mut c = 0usize;
            for ch in rank_text.chars() {
                if let Some(d) = ch.to_digit(10).filter(|d| (1..=5).contains(d)) {
                    c += d as usize;
                } else if let Some(token) = Token::from_letter(ch) {
                    if c < FILES as usize {
                        cells[r * FILES as usize + c] = Some(token);
                    }
                    c += 1;
                } else {
                    return Err(JnfError::Char { rank, ch });
                }
                if c > FILES as usize {
                    break;
                }
            }
            if c != FILES as usize {
                return Err(JnfError::RankWidth { rank, cells: c });
            }
        }
        let side_to_move = match fields[1] {
            "s" => Side::South,
            "n" => Side::North,
            other => return Err(JnfError::Side(other.to_string())),
        };
        let counter = |field: &'static str, text: &str| {
            let ok = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
            ok.then(|| text.parse().ok())
                .flatten()
                .ok_or_else(|| JnfError::Counter {
                    field,
                    text: text.to_string(),
                })
        };
        Ok(Setup {
            cells,
            side_to_move,
            quiet_plies: counter("quiet plies", fields[2])?,
            ply: counter("ply", fields[3])?,
        })
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..ROWS as usize {
            if r > 0 {
                f.write_str("/")?;
            }
            let mut empty = 0;
            for c in 0..FILES as usize {
                match self.cells[r * FILES as usize + c] {
                    None => empty += 1,
                    Some(token) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        write!(f, "{}", token.letter())?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
        }
        write!(
            f,
            " {} {} {}",
            self.side_to_move.letter(),
            self.quiet_plies,
            self.ply
        )
    }
}

impl Setup {
    /// The token on a square.
    pub fn at(&self, s: Square) -> Option<Token> {
        self.cells[s.index()]
    }

    /// Whether any piece of `side` is hidden.
    pub fn hides(&self, side: Side) -> bool {
        self.cells
            .iter()
            .flatten()
            .any(|t| t.side == side && t.kind.is_none())
    }

    /// Whether `side`'s field marshal is known to be on the board.
    pub fn shows_marshal(&self, side: Side) -> bool {
        self.cells
            .iter()
            .flatten()
            .any(|t| t.side == side && t.kind == Some(Kind::FieldMarshal))
    }

    /// Checks the spec's validity: piece counts, flags in their own headquarters, landmines
    /// on their own last two ranks. Reports the first problem, naming the square.
    pub fn validate(&self) -> Result<(), JnfError> {
        for side in Side::BOTH {
            let mut per_kind = [0u8; KINDS];
            let mut total = 0;
            for s in Square::all() {
                let Some(token) = self.at(s).filter(|t| t.side == side) else {
                    continue;
                };
                total += 1;
                let Some(kind) = token.kind else { continue };
                per_kind[kind.index()] += 1;
                if per_kind[kind.index()] > kind.count() {
                    return Err(JnfError::TooManyOfKind {
                        side,
                        kind,
                        square: s,
                        max: kind.count(),
                    });
                }
                match kind {
                    Kind::Flag if !headquarters_of(side).contains(&s) => {
                        let [a, b] = headquarters_of(side);
                        let hq = format!("{a} or {b}");
                        return Err(JnfError::FlagOutsideHeadquarters {
                            side,
                            square: s,
                            hq,
                        });
                    }
                    Kind::Landmine if back_ranks_of(side) & s.bit() == 0 => {
                        return Err(JnfError::LandmineOutsideBackRanks { side, square: s });
                    }
                    _ => {}
                }
            }
            if total > 25 {
                return Err(JnfError::TooManyPieces { side, count: total });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str =
        "fjgli/hkjkj/b1a1g/dc1cd/e1i1e/hifgh/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 0 0";

    #[test]
    fn jnf_round_trips_and_normalises_digit_runs() {
        let setup: Setup = START.parse().unwrap();
        assert_eq!(setup.to_string(), START);
        assert!(setup.validate().is_ok());
        let split: Setup = "11111/5/5/5/5/5/5/5/5/5/5/1L3 n 7 12".parse().unwrap();
        assert_eq!(split.to_string(), "5/5/5/5/5/5/5/5/5/5/5/1L3 n 7 12");
        assert_eq!(
            split.at("b1".parse().unwrap()).unwrap().kind,
            Some(Kind::Flag)
        );
    }

    #[test]
    fn malformed_jnf_names_the_problem() {
        let cases = [
            ("", "0 fields"),
            ("5/5/5 s 0 0", "3 ranks"),
            ("5/5/5/5/5/5/5/5/5/5/5/6 s 0 0", "rank 1 has '6'"),
            ("5/5/5/5/5/5/5/5/5/5/5/4 s 0 0", "rank 1 describes 4 cells"),
            (
                "5/5/5/5/5/5/5/5/5/5/5/ABCDEF s 0 0",
                "rank 1 describes 6 cells",
            ),
            ("5/5/5/5/5/5/5/5/5/5/5/5 w 0 0", "side to move is 'w'"),
            ("5/5/5/5/5/5/5/5/5/5/5/5 s -1 0", "quiet plies is '-1'"),
            ("5/5/5/5/m4/5/5/5/5/5/5/5 s 0 0", "rank 8 has 'm'"),
            ("5/5/5/5/5/5/5/5/5/5/5/5 s 0 99999999999", "ply is"),
        ];
        for (text, expected) in cases {
            let err = text.parse::<Setup>().unwrap_err().to_string();
            assert!(err.contains(expected), "{text}: {err}");
        }
    }

    #[test]
    fn validity_names_the_offending_square() {
        let check = |text: &str| {
            text.parse::<Setup>()
                .unwrap()
                .validate()
                .unwrap_err()
                .to_string()
        };
        assert!(check("5/5/5/5/5/5/5/5/5/5/5/L4 s 0 0").contains("flag at a1"));
        assert!(check("5/5/5/5/5/5/5/5/J4/5/5/5 s 0 0").contains("landmine at a4"));
        assert!(check("5/5/5/5/5/5/5/5/5/5/5/AA3 s 0 0").contains("another one at b1"));
        assert!(
            check("XXXXX/XXXXX/XXXXX/XXXXX/XXXXX/XXXXX/5/5/5/5/5/5 s 0 0").contains("30 pieces")
        );
        assert!(check("2l2/5/5/5/5/5/5/5/5/5/5/5 s 0 0").contains("north's flag at c12"));
        assert!(check("5/5/j4/5/5/5/5/5/5/5/5/5 s 0 0").contains("north's landmine at a10"));
        // A landmine on rank 2 is fine; hidden pieces are not checked for placement.
        assert!(
            "5/5/5/5/5/5/5/5/5/5/J4/1L3 s 0 0"
                .parse::<Setup>()
                .unwrap()
                .validate()
                .is_ok()
        );
        assert!(
            "x4/5/5/5/5/5/5/5/5/5/X4/1L3 s 0 0"
                .parse::<Setup>()
                .unwrap()
                .validate()
                .is_ok()
        );
    }
}
