//! Renju's forbidden points for Black, judged as the Piskvork referee judges them.
//!
//! Black (seat 0) places a stone on an empty point `p`; then, in this order:
//!
//! 1. **Five**: if some line through `p` holds exactly five black stones in a row, the move
//!    is allowed, whatever else it makes.
//! 2. **Overline**: if some line through `p` holds six or more in a row, it is forbidden.
//! 3. **4x4**: a *four* is a row that one more black stone (on an empty point) would make
//!    exactly five; the move is forbidden if it makes two or more fours through `p`. Two
//!    fours can lie in one line (`X.XXX.X`, `XX.XX.XX`, `XXX.X.XXX` with `p` in the
//!    middle part); a straight four (`.XXXX.`) is one four.
//! 4. **3x3**: a *three* through `p` in a line is a row that one more black stone `q`, just
//!    beyond an end of `p`'s row, makes a straight four (four in a row, both ends empty,
//!    each end making exactly five) — where `q` itself is allowed: not a five (the game
//!    would end there, so that three is no three), not an overline, not a 4x4 and not a
//!    3x3, judged the same way with `p` on the board (the recursive rule). The move is
//!    forbidden if it makes threes in two or more lines.
//!
//! A line counts at most one three. A stone of another seat or the board's edge stops a
//! row. White is never restricted.

use std::fmt;

use super::board::{Board, DIRECTIONS, Seat};
use super::point::Point;

const BLACK: Seat = Seat::BLACK;

/// Why a point is forbidden for Black: the first of these that applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// Six or more in a row.
    Overline,
    /// Two fours at once.
    DoubleFour,
    /// Two threes at once.
    DoubleThree,
}

impl Shape {
    /// `overline`, `4x4` or `3x3`.
    pub const fn word(self) -> &'static str {
        match self {
            Shape::Overline => "overline",
            Shape::DoubleFour => "4x4",
            Shape::DoubleThree => "3x3",
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Why Black may not play on `point`, or `None` if it may (or the point is taken or off
/// the board).
pub fn forbidden(board: &Board, point: Point) -> Option<Shape> {
    judge(&mut board.clone(), point)
}

/// Every empty point where Black may not play, and why, `a1`, `b1`, … then up.
pub fn forbidden_points(board: &Board) -> Vec<(Point, Shape)> {
    let mut scratch = board.clone();
    board
        .empty_points()
        .filter_map(|p| Some((p, judge(&mut scratch, p)?)))
        .collect()
}

/// What a black stone on an empty point makes.
enum Verdict {
    Five,
    Forbidden(Shape),
    Allowed,
}

/// `forbidden` on a scratch board, which it leaves as it found it.
fn judge(board: &mut Board, p: Point) -> Option<Shape> {
    if !board.is_empty_at(p) {
        return None;
    }
    match verdict(board, p) {
        Verdict::Forbidden(shape) => Some(shape),
        Verdict::Five | Verdict::Allowed => None,
    }
}

/// What a black stone on `p`, which must be empty, makes.
fn verdict(board: &mut Board, p: Point) -> Verdict {
    let rows = DIRECTIONS.map(|dir| board.run(p, dir, BLACK).len);
    if rows.contains(&5) {
        return Verdict::Five;
    }
    if rows.iter().any(|&len| len >= 6) {
        return Verdict::Forbidden(Shape::Overline);
    }
    board.place(p, BLACK);
    let fours: usize = DIRECTIONS.iter().map(|&dir| fours(board, p, dir)).sum();
    let verdict = if fours >= 2 {
        Verdict::Forbidden(Shape::DoubleFour)
    } else if DIRECTIONS
        .iter()
        .filter(|&&dir| is_three(board, p, dir))
        .count()
        >= 2
    {
        Verdict::Forbidden(Shape::DoubleThree)
    } else {
        Verdict::Allowed
    };
    board.lift(p);
    verdict
}

/// Whether a black stone on the empty point `q` makes exactly five in line `dir`.
fn fives(board: &Board, q: Point, dir: (i8, i8)) -> bool {
    board.is_empty_at(q) && board.run(q, dir, BLACK).len == 5
}

/// The fours through the black stone on `p` in line `dir`. Each is completed on an empty
/// point just beyond an end of `p`'s row; both ends completing make one straight four
/// when the row has four stones, and two fours in one line when it has fewer.
fn fours(board: &Board, p: Point, dir: (i8, i8)) -> usize {
    let row = board.run(p, dir, BLACK);
    let completions = row
        .ends
        .iter()
        .flatten()
        .filter(|&&q| fives(board, q, dir))
        .count();
    if completions == 2 && row.len == 4 {
        1
    } else {
        completions
    }
}

/// Whether the black stone on `p` makes a three in line `dir`: a point just beyond an end
/// of its row where Black may play and makes a straight four.
fn is_three(board: &mut Board, p: Point, dir: (i8, i8)) -> bool {
    let row = board.run(p, dir, BLACK);
    row.ends
        .into_iter()
        .flatten()
        .any(|q| board.is_empty_at(q) && straight_four(board, q, dir))
}

/// Whether a black stone on the empty point `q` makes a straight four in line `dir` and is
/// allowed (not a five, not forbidden).
fn straight_four(board: &mut Board, q: Point, dir: (i8, i8)) -> bool {
    let row = board.run(q, dir, BLACK);
    if row.len != 4 {
        return false;
    }
    board.place(q, BLACK);
    let open = row
        .ends
        .iter()
        .all(|end| end.is_some_and(|e| fives(board, e, dir)));
    board.lift(q);
    open && matches!(verdict(board, q), Verdict::Allowed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gomoku::point::Size;

    /// A board with black stones on `black` and white ones on `white`.
    fn board(black: &[&str], white: &[&str]) -> Board {
        let mut board = Board::new(Size::STANDARD);
        for (stones, seat) in [(black, Seat(0)), (white, Seat(1))] {
            for s in stones {
                board.place(s.parse().unwrap(), seat);
            }
        }
        board
    }

    fn at(board: &Board, s: &str) -> Option<Shape> {
        forbidden(board, s.parse().unwrap())
    }

    #[test]
    fn the_plain_shapes() {
        let b = board(&["f8", "g8", "h9", "h10"], &[]);
        assert_eq!(at(&b, "h8"), Some(Shape::DoubleThree));
        let b = board(&["e8", "f8", "g8", "h9", "h10", "h11"], &[]);
        assert_eq!(at(&b, "h8"), Some(Shape::DoubleFour));
        let b = board(&["c8", "d8", "e8", "g8", "h8"], &[]);
        assert_eq!(at(&b, "f8"), Some(Shape::Overline));
        let b = board(&["d8", "e8", "f8", "g8"], &[]);
        assert_eq!(at(&b, "h8"), None, "five");
        assert_eq!(at(&b, "d8"), None, "taken");
    }

    #[test]
    fn a_blocked_three_is_no_three() {
        let b = board(&["f8", "g8", "h9", "h10"], &["e8"]);
        assert_eq!(at(&b, "h8"), None);
    }

    #[test]
    fn the_scratch_board_is_left_as_found() {
        let b = board(&["f8", "g8", "h9", "h10", "j10"], &["e8"]);
        let mut scratch = b.clone();
        for p in Size::STANDARD.points() {
            judge(&mut scratch, p);
        }
        assert_eq!(scratch, b);
    }
}
