//! Points and board sizes. A point is named by its file letter `a`..`z` from the left and
//! its rank `1`..`26` from the bottom (`h8`, the centre of 15x15); a size is `WxH`
//! (`15x15`). Inside, files and ranks are 0-based.

use std::fmt;
use std::str::FromStr;

/// The most files or ranks a board can have (`a`..`z`).
pub const MAX_SIDE: u8 = 26;
/// The fewest files or ranks a board can have.
pub const MIN_SIDE: u8 = 5;

/// One point of the largest board: 0-based file (0 = `a`) and rank (0 = rank `1`). Whether
/// it is on a given board is [`Size::contains`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point {
    file: u8,
    rank: u8,
}

impl Point {
    /// The point on `file` and `rank` (0-based), if both are below 26.
    pub const fn new(file: u8, rank: u8) -> Option<Point> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Point { file, rank })
        } else {
            None
        }
    }

    /// 0 for file `a`.
    pub const fn file(self) -> u8 {
        self.file
    }

    /// 0 for rank `1`, the bottom one.
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// The point `steps` times `(df, dr)` away, if it is still on `size`.
    pub(crate) fn step(self, (df, dr): (i8, i8), steps: i8, size: Size) -> Option<Point> {
        let file = self.file as i16 + df as i16 * steps as i16;
        let rank = self.rank as i16 + dr as i16 * steps as i16;
        let point = Point::new(u8::try_from(file).ok()?, u8::try_from(rank).ok()?)?;
        size.contains(point).then_some(point)
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// A point name that is not a file `a`..`z` followed by a rank `1`..`26`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad point {0:?}: expected a file a..z and a rank 1..26, such as h8")]
pub struct ParsePointError(pub String);

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let bad = || ParsePointError(s.chars().take(16).collect());
        let (&letter, digits) = s.as_bytes().split_first().ok_or_else(bad)?;
        let rank = match digits {
            [d @ b'1'..=b'9'] => d - b'0',
            [d @ b'1'..=b'9', e @ b'0'..=b'9'] => (d - b'0') * 10 + (e - b'0'),
            _ => return Err(bad()),
        };
        if !letter.is_ascii_lowercase() || rank > MAX_SIDE {
            return Err(bad());
        }
        Point::new(letter - b'a', rank - 1).ok_or_else(bad)
    }
}

/// A board's width (files) and height (ranks), each 5 to 26.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    width: u8,
    height: u8,
}

/// A size that is not `WxH` with each side 5 to 26.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SizeError {
    /// The text is not `WxH`.
    #[error("bad size {0:?}: expected WxH, such as 15x15")]
    Text(String),
    /// A side is out of range.
    #[error("a board is 5 to 26 points each way, not {width}x{height}")]
    Range {
        /// The width asked for.
        width: u32,
        /// The height asked for.
        height: u32,
    },
}

impl Size {
    /// The usual board, 15x15.
    pub const STANDARD: Size = Size {
        width: 15,
        height: 15,
    };

    /// A board `width` files wide and `height` ranks high, each 5 to 26.
    pub fn new(width: u32, height: u32) -> Result<Size, SizeError> {
        let side = |n: u32| {
            u8::try_from(n)
                .ok()
                .filter(|n| (MIN_SIDE..=MAX_SIDE).contains(n))
        };
        match (side(width), side(height)) {
            (Some(width), Some(height)) => Ok(Size { width, height }),
            _ => Err(SizeError::Range { width, height }),
        }
    }

    /// Files, left to right.
    pub const fn width(self) -> u8 {
        self.width
    }

    /// Ranks, bottom to top.
    pub const fn height(self) -> u8 {
        self.height
    }

    /// The number of points.
    pub const fn area(self) -> usize {
        self.width as usize * self.height as usize
    }

    /// Whether `point` is on this board.
    pub const fn contains(self, point: Point) -> bool {
        point.file < self.width && point.rank < self.height
    }

    /// `rank * width + file`, for points on this board.
    pub(crate) fn index(self, point: Point) -> usize {
        point.rank as usize * self.width as usize + point.file as usize
    }

    /// Every point on the board, `a1`, `b1`, … then the next rank up.
    pub fn points(self) -> impl Iterator<Item = Point> {
        (0..self.height).flat_map(move |rank| (0..self.width).map(move |file| Point { file, rank }))
    }
}

impl Default for Size {
    fn default() -> Size {
        Size::STANDARD
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Size {
    type Err = SizeError;

    fn from_str(s: &str) -> Result<Size, SizeError> {
        let bad = || SizeError::Text(s.chars().take(16).collect());
        let (w, h) = s.split_once('x').ok_or_else(bad)?;
        let number = |t: &str| {
            let digits = !t.is_empty() && t.len() <= 4 && t.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| t.parse::<u32>().ok()).flatten()
        };
        Size::new(number(w).ok_or_else(bad)?, number(h).ok_or_else(bad)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_names_round_trip() {
        for file in 0..MAX_SIDE {
            for rank in 0..MAX_SIDE {
                let p = Point::new(file, rank).unwrap();
                assert_eq!(p.to_string().parse::<Point>(), Ok(p));
            }
        }
        let h8: Point = "h8".parse().unwrap();
        assert_eq!((h8.file(), h8.rank()), (7, 7));
        for bad in [
            "", "h", "8", "h0", "h08", "h27", "H8", "h8x", "é1", "h-1", "h100",
        ] {
            assert!(bad.parse::<Point>().is_err(), "{bad}");
        }
    }

    #[test]
    fn sizes_parse_and_check_their_range() {
        assert_eq!("15x15".parse(), Ok(Size::STANDARD));
        let s: Size = "5x26".parse().unwrap();
        assert_eq!((s.width(), s.height(), s.area()), (5, 26, 130));
        assert_eq!(s.to_string(), "5x26");
        for bad in ["4x15", "15x27", "0x0", "9999x5"] {
            assert!(
                matches!(bad.parse::<Size>(), Err(SizeError::Range { .. })),
                "{bad}"
            );
        }
        for bad in ["", "15", "15x", "x15", "15X15", "+5x5", "5x5x5", "15 x15"] {
            assert!(
                matches!(bad.parse::<Size>(), Err(SizeError::Text(_))),
                "{bad}"
            );
        }
        assert_eq!(Size::STANDARD.points().count(), 225);
        assert!(!Size::STANDARD.contains("p1".parse().unwrap()));
    }

    #[test]
    fn steps_stay_on_the_board() {
        let a1: Point = "a1".parse().unwrap();
        let size = Size::new(5, 6).unwrap();
        assert_eq!(a1.step((1, 1), 4, size), "e5".parse().ok());
        assert_eq!(a1.step((1, 1), 5, size), None);
        assert_eq!(a1.step((1, -1), 1, size), None);
        assert_eq!(a1.step((0, 1), 5, size), "a6".parse().ok());
    }
}
