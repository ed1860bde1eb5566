//! Squares, sides and the mirror that turns one player's view into the other's.

use std::fmt;
use std::str::FromStr;

/// Number of files (columns) on the board.
pub const FILES: u8 = 5;
/// Number of rows on the board.
pub const ROWS: u8 = 12;
/// Number of cells on the board.
pub const CELLS: usize = (FILES as usize) * (ROWS as usize);

/// One of the two armies. South sits at the bottom of the absolute frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Owns rows 6..11 (ranks 1..6 in absolute names).
    South,
    /// Owns rows 0..5 (ranks 7..12 in absolute names).
    North,
}

impl Side {
    /// Both sides, South first.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other side.
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North, for indexing per-side tables.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter JNF uses for the side to move.
    pub fn letter(self) -> char {
        match self {
            Side::South => 's',
            Side::North => 'n',
        }
    }

    /// The side for a JNF letter (`s` or `n`).
    pub fn from_letter(c: char) -> Option<Side> {
        match c {
            's' => Some(Side::South),
            'n' => Some(Side::North),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "south",
            Side::North => "north",
        })
    }
}

impl FromStr for Side {
    type Err = ParseSquareError;

    /// Accepts `s`, `n`, `south` or `north`.
    fn from_str(s: &str) -> Result<Side, ParseSquareError> {
        match s {
            "s" | "south" => Ok(Side::South),
            "n" | "north" => Ok(Side::North),
            _ => Err(ParseSquareError::Side(s.to_string())),
        }
    }
}

/// A cell of the board in the absolute frame: file `c = 0..4` left to right as South
/// sees it, row `r = 0..11` from North's back row to South's back row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square at file `c` and row `r`, if both are on the board.
    pub const fn new(c: u8, r: u8) -> Option<Square> {
        if c < FILES && r < ROWS {
            Some(Square(r * FILES + c))
        } else {
            None
        }
    }

    /// The square with index `r * 5 + c`, if it is on the board.
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < CELLS {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// `r * 5 + c`, in `0..60`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file `c`, 0 for `a` to 4 for `e`.
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// The row `r`, 0 (North's back row) to 11 (South's back row).
    pub const fn row(self) -> u8 {
        self.0 / FILES
    }

    /// The rank in square names: `12 - r`, 1 (South's back row) to 12.
    pub const fn rank(self) -> u8 {
        ROWS - self.row()
    }

    /// The single bit of this square in a 60-bit square set.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The square turned 180°: `(c, r) -> (4 - c, 11 - r)`. Applying it twice is the identity.
    pub const fn rotated(self) -> Square {
        Square((CELLS as u8) - 1 - self.0)
    }

    /// The side whose half this square is on.
    pub const fn half(self) -> Side {
        if self.row() >= ROWS / 2 {
            Side::South
        } else {
            Side::North
        }
    }

    /// This absolute square as `side` names it in its own view (its half at the bottom).
    pub const fn to_view(self, side: Side) -> Square {
        match side {
            Side::South => self,
            Side::North => self.rotated(),
        }
    }

    /// The absolute square that `side` names `self` in its own view.
    pub const fn from_view(self, side: Side) -> Square {
        // The mirror is an involution, so both directions are the same map.
        self.to_view(side)
    }

    /// Every square, in index order.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..CELLS as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// Why a square, side or move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSquareError {
    /// Not `a1`..`e12`.
    #[error("'{0}' is not a square (files a-e, ranks 1-12, e.g. b1)")]
    Square(String),
    /// Not `s`/`n`/`south`/`north`.
    #[error("'{0}' is not a side (s or n)")]
    Side(String),
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bad = || ParseSquareError::Square(s.to_string());
        let mut chars = s.chars();
        let file = chars.next().ok_or_else(bad)?;
        let digits = chars.as_str();
        if !('a'..='e').contains(&file)
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|b| b.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(bad());
        }
        let rank: u8 = digits.parse().map_err(|_| bad())?;
        if !(1..=ROWS).contains(&rank) {
            return Err(bad());
        }
        Square::new(file as u8 - b'a', ROWS - rank).ok_or_else(bad)
    }
}

/// Iterates the squares of a 60-bit square set in index order.
pub fn squares(mut set: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(Square(i))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_spec_examples() {
        assert_eq!(Square::new(1, 11).unwrap().to_string(), "b1");
        assert_eq!(Square::new(1, 0).unwrap().to_string(), "b12");
        assert_eq!("e12".parse::<Square>().unwrap(), Square::new(4, 0).unwrap());
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
    }

    #[test]
    fn bad_square_names_are_rejected() {
        for bad in ["", "f1", "a0", "a13", "a01", "A1", "a1x", "a+1", "b"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} accepted");
        }
    }

    #[test]
    fn mirroring_twice_is_the_identity_and_swaps_halves() {
        for sq in Square::all() {
            assert_eq!(sq.rotated().rotated(), sq);
            assert_ne!(sq.rotated().half(), sq.half());
            assert_eq!(sq.to_view(Side::North).from_view(Side::North), sq);
            assert_eq!(sq.to_view(Side::South), sq);
        }
        // Files a<->e, b<->d, rank k -> 13 - k.
        assert_eq!("b1".parse::<Square>().unwrap().rotated().to_string(), "d12");
        assert_eq!("a5".parse::<Square>().unwrap().rotated().to_string(), "e8");
    }
}
