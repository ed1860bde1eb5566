//! Sides and squares. Squares are named as ICCS names them: files `a`..`i` from Red's left,
//! ranks `0`..`9` from Red's side, so Red's king starts on `e0` and Black's on `e9`.

use std::fmt;
use std::str::FromStr;

/// Number of files on the board.
pub const FILES: u8 = 9;
/// Number of ranks on the board.
pub const RANKS: u8 = 10;
/// Number of points on the board.
pub const SQUARES: usize = 90;

/// One of the two players. Red moves first and is written in upper case in FEN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Sits on ranks 0..4, moves first.
    Red,
    /// Sits on ranks 5..9.
    Black,
}

impl Side {
    /// Both sides, Red first.
    pub const BOTH: [Side; 2] = [Side::Red, Side::Black];

    /// The other side.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    /// 0 for Red, 1 for Black, for indexing per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter for the side to move (`w` for Red, as UCCI and Pikafish write it).
    pub const fn letter(self) -> char {
        match self {
            Side::Red => 'w',
            Side::Black => 'b',
        }
    }

    /// The side for a FEN letter: `w` or `r` for Red, `b` for Black.
    pub fn from_letter(text: &str) -> Option<Side> {
        match text {
            "w" | "r" => Some(Side::Red),
            "b" => Some(Side::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Red => "red",
            Side::Black => "black",
        })
    }
}

/// One of the 90 points, numbered `rank * 9 + file`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = `a`) and `rank` (0 = Red's back rank), if on the board.
    #[inline]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < FILES && rank < RANKS {
            Some(Square(rank * FILES + file))
        } else {
            None
        }
    }

    /// The square with index `i` (`rank * 9 + file`), if `i < 90`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Square> {
        if i < SQUARES {
            Some(Square(i as u8))
        } else {
            None
        }
    }

    /// For indices known to be on the board.
    #[inline]
    pub(crate) const fn at(i: u8) -> Square {
        debug_assert!((i as usize) < SQUARES);
        Square(i)
    }

    /// `rank * 9 + file`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file `a` (Red's left) to 8 for `i`.
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 % FILES
    }

    /// 0 for Red's back rank to 9 for Black's.
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 / FILES
    }

    /// The same point seen in a mirror standing on the centre file (`a0` <-> `i0`).
    pub const fn mirrored(self) -> Square {
        Square(self.rank() * FILES + (FILES - 1 - self.file()))
    }

    /// The same point with the ranks reversed (`e0` <-> `e9`): the other side's matching point.
    pub const fn flipped(self) -> Square {
        Square((RANKS - 1 - self.rank()) * FILES + self.file())
    }

    /// Whether the point is in `side`'s palace (files d..f, that side's three back ranks).
    pub const fn in_palace(self, side: Side) -> bool {
        let (f, r) = (self.file(), self.rank());
        let rank_ok = match side {
            Side::Red => r <= 2,
            Side::Black => r >= 7,
        };
        f >= 3 && f <= 5 && rank_ok
    }

    /// Whether the point is on `side`'s half of the river.
    pub const fn on_own_half(self, side: Side) -> bool {
        match side {
            Side::Red => self.rank() <= 4,
            Side::Black => self.rank() >= 5,
        }
    }

    /// All 90 points, `a0` first.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..SQUARES as u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

/// A square name that is not a file `a`..`i` followed by a rank `0`..`9`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad square {0:?}: expected a file a..i and a rank 0..9, such as e0")]
pub struct ParseSquareError(pub String);

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let bad = || ParseSquareError(s.chars().take(16).collect());
        match s.as_bytes() {
            [f @ b'a'..=b'i', r @ b'0'..=b'9'] => Square::new(f - b'a', r - b'0').ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for sq in Square::all() {
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
            assert_eq!(sq.mirrored().mirrored(), sq);
            assert_eq!(sq.flipped().flipped(), sq);
        }
        assert_eq!("e0".parse::<Square>().unwrap().index(), 4);
        assert_eq!("i9".parse::<Square>().unwrap().index(), 89);
        for bad in ["", "e", "j0", "e10", "E0", "a-"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }

    #[test]
    fn palaces_and_halves() {
        let e0: Square = "e0".parse().unwrap();
        assert!(e0.in_palace(Side::Red) && !e0.in_palace(Side::Black));
        assert!(e0.flipped().in_palace(Side::Black));
        assert_eq!(Square::all().filter(|s| s.in_palace(Side::Red)).count(), 9);
        assert_eq!(
            Square::all().filter(|s| s.on_own_half(Side::Black)).count(),
            45
        );
    }
}
