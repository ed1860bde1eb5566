//! Points and sides. A point is named by its file `a`..`g` from the left and its rank
//! `1`..`7` from the bottom, as Black sees the board (`d4` is the centre). Inside, a point
//! is its index `rank * 7 + file`, and a set of points is a 49-bit mask ([`Bits`]).

use std::fmt;
use std::str::FromStr;

/// Points per file and per rank.
pub const SIDE: u8 = 7;
/// Points on the board.
pub const POINTS: usize = 49;

/// A set of points: bit `rank * 7 + file`.
pub type Bits = u64;

/// Every point of the board.
pub const ALL: Bits = (1 << POINTS) - 1;

/// One of the 49 points, `a1`..`g7`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

/// The four directions along the lines: right, up, left, down.
pub(crate) const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (-1, 0), (0, -1)];

impl Point {
    /// The point on `file` and `rank` (0-based, 0 = `a` and rank `1`), if both are below 7.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < SIDE && rank < SIDE {
            Some(Point(rank * SIDE + file))
        } else {
            None
        }
    }

    /// The point with index `rank * 7 + file`, if below 49.
    pub const fn from_index(index: usize) -> Option<Point> {
        if index < POINTS {
            Some(Point(index as u8))
        } else {
            None
        }
    }

    /// `rank * 7 + file`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file `a`.
    pub const fn file(self) -> u8 {
        self.0 % SIDE
    }

    /// 0 for rank `1`, the bottom one.
    pub const fn rank(self) -> u8 {
        self.0 / SIDE
    }

    /// This point as a one-point set.
    pub const fn bit(self) -> Bits {
        1 << self.0
    }

    /// Every point, `a1`, `b1`, … `g1`, `a2`, … `g7`.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINTS as u8).map(Point)
    }

    /// The point `steps` times `(df, dr)` away, if it is on the board.
    pub(crate) fn offset(self, (df, dr): (i8, i8), steps: i8) -> Option<Point> {
        let file = self.file() as i8 + df * steps;
        let rank = self.rank() as i8 + dr * steps;
        Point::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)
    }

    /// The points next to this one along the lines (2 to 4 of them).
    pub fn neighbours(self) -> Bits {
        DIRECTIONS
            .iter()
            .filter_map(|&d| self.offset(d, 1))
            .fold(0, |bits, p| bits | p.bit())
    }
}

/// The points of a set, lowest index first.
pub(crate) fn points(mut bits: Bits) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if bits == 0 {
            return None;
        }
        let index = bits.trailing_zeros() as u8;
        bits &= bits - 1;
        Some(Point(index))
    })
}

/// The number of points in a set.
pub(crate) const fn count(bits: Bits) -> u8 {
    bits.count_ones() as u8
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A point name that is not a file `a`..`g` followed by a rank `1`..`7`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad point {0:?}: expected a file a..g and a rank 1..7, such as d4")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        match s.as_bytes() {
            &[file @ b'a'..=b'g', rank @ b'1'..=b'7'] => {
                Point::new(file - b'a', rank - b'1').ok_or_else(|| ParsePointError(s.to_string()))
            }
            _ => Err(ParsePointError(s.chars().take(16).collect())),
        }
    }
}

/// A side: Black (the first player, 25 stones) or White (24 stones). Written `b` and `w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The first player: places first, 25 stones.
    Black,
    /// The second player: 24 stones; by default moves first in the battle.
    White,
}

impl Side {
    /// Both sides, Black first.
    pub const BOTH: [Side; 2] = [Side::Black, Side::White];

    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Black => Side::White,
            Side::White => Side::Black,
        }
    }

    /// 0 for Black, 1 for White.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The stones the side starts with: 25 for Black, 24 for White.
    pub const fn stones(self) -> u8 {
        match self {
            Side::Black => 25,
            Side::White => 24,
        }
    }

    /// `b` or `w`.
    pub const fn letter(self) -> char {
        match self {
            Side::Black => 'b',
            Side::White => 'w',
        }
    }

    /// `Black` or `White`, for messages.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Black => "Black",
            Side::White => "White",
        }
    }

    /// The side written `b` or `w`.
    pub fn from_letter(text: &str) -> Option<Side> {
        match text {
            "b" => Some(Side::Black),
            "w" => Some(Side::White),
            _ => None,
        }
    }
}

/// `b` or `w`.
impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A side that is not `b` or `w`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad side {0:?}: expected b or w")]
pub struct ParseSideError(pub String);

impl FromStr for Side {
    type Err = ParseSideError;

    fn from_str(s: &str) -> Result<Side, ParseSideError> {
        Side::from_letter(s).ok_or_else(|| ParseSideError(s.chars().take(16).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_names_round_trip() {
        for p in Point::all() {
            assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            assert_eq!(Point::new(p.file(), p.rank()), Some(p));
        }
        let d4: Point = "d4".parse().unwrap();
        assert_eq!((d4.file(), d4.rank(), d4.index()), (3, 3, 24));
        for bad in ["", "d", "4", "h1", "a0", "a8", "A1", "d44", "d4 ", "é1"] {
            assert!(bad.parse::<Point>().is_err(), "{bad:?}");
        }
        assert_eq!(Point::all().count(), POINTS);
        assert_eq!(Point::from_index(49), None);
    }

    #[test]
    fn neighbours_stay_on_the_board() {
        let p = |s: &str| s.parse::<Point>().unwrap();
        let names = |bits| points(bits).map(|p| p.to_string()).collect::<Vec<_>>();
        assert_eq!(names(p("a1").neighbours()), ["b1", "a2"]);
        assert_eq!(names(p("d4").neighbours()), ["d3", "c4", "e4", "d5"]);
        assert_eq!(names(p("g7").neighbours()), ["g6", "f7"]);
        assert_eq!(p("a1").offset((-1, 0), 1), None);
        assert_eq!(p("a1").offset((1, 1), 6), Some(p("g7")));
    }

    #[test]
    fn sides() {
        assert_eq!(Side::Black.opponent(), Side::White);
        assert_eq!("w".parse(), Ok(Side::White));
        assert!("B".parse::<Side>().is_err());
        assert_eq!(Side::Black.stones() + Side::White.stones(), POINTS as u8);
    }
}
