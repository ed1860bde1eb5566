//! Formations: squares (方, the four corners of one unit cell) and lines (枪, a whole rank
//! or file of seven), which of them a stone forms, and what they earn.

use super::point::{Bits, Point, SIDE};
use super::rules::Rules;

/// The 36 unit cells, each as its four corners.
pub const SQUARES: [Bits; 36] = squares();
/// The 14 lines: the seven ranks, then the seven files.
pub const LINES: [Bits; 14] = lines();

const fn squares() -> [Bits; 36] {
    let mut out = [0; 36];
    let mut i = 0;
    while i < 36 {
        let (file, rank) = (i as u32 % 6, i as u32 / 6);
        let corner = rank * SIDE as u32 + file;
        out[i] = (0b11 << corner) | (0b11 << (corner + SIDE as u32));
        i += 1;
    }
    out
}

const fn lines() -> [Bits; 14] {
    let mut out = [0; 14];
    let mut i = 0;
    while i < 7 {
        out[i] = 0b111_1111 << (i * 7);
        let mut rank = 0;
        while rank < 7 {
            out[7 + i] |= 1 << (rank * 7 + i);
            rank += 1;
        }
        i += 1;
    }
    out
}

/// The formations one stone formed: how many squares and lines.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Formed {
    /// Squares formed (0 to 4).
    pub squares: u8,
    /// Lines formed (0 to 2).
    pub lines: u8,
}

impl Formed {
    /// The formations that include `end` in a side's stones `after` a turn and were not
    /// all there `before` it.
    pub fn by(before: Bits, after: Bits, end: Point) -> Formed {
        let new = |masks: &[Bits]| {
            masks
                .iter()
                .filter(|&&m| m & end.bit() != 0 && m & after == m && m & before != m)
                .count() as u8
        };
        Formed {
            squares: new(&SQUARES),
            lines: new(&LINES),
        }
    }

    /// The removals these formations earn: 1 a square (at most two squares when the cap
    /// applies) and 2 a line.
    pub fn earned(self, capped: bool) -> u8 {
        let squares = if capped {
            self.squares.min(2)
        } else {
            self.squares
        };
        squares + 2 * self.lines
    }

    /// The removals formed by a placement or a battle turn earn under `rules`.
    pub fn earned_under(self, rules: &Rules, placement: bool) -> u8 {
        let capped = rules.square_cap && (!placement || rules.cap_placements);
        self.earned(capped)
    }
}

/// The stones of `stones` that stand in one of its complete squares or lines.
pub fn in_formations(stones: Bits) -> Bits {
    SQUARES
        .iter()
        .chain(&LINES)
        .filter(|&&m| m & stones == m)
        .fold(0, |all, m| all | m)
}

/// How many squares and lines `stones` fill, for tests and displays.
pub fn formations(stones: Bits) -> Formed {
    let full = |masks: &[Bits]| masks.iter().filter(|&&m| m & stones == m).count() as u8;
    Formed {
        squares: full(&SQUARES),
        lines: full(&LINES),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bits(points: &str) -> Bits {
        points
            .split_whitespace()
            .map(|p| p.parse::<Point>().unwrap().bit())
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn the_tables() {
        assert_eq!(SQUARES[0], bits("a1 b1 a2 b2"));
        assert_eq!(SQUARES[35], bits("f6 g6 f7 g7"));
        assert_eq!(LINES[0], bits("a1 b1 c1 d1 e1 f1 g1"));
        assert_eq!(LINES[13], bits("g1 g2 g3 g4 g5 g6 g7"));
        assert!(SQUARES.iter().all(|m| m.count_ones() == 4));
        assert!(LINES.iter().all(|m| m.count_ones() == 7));
    }

    #[test]
    fn forming() {
        let d4: Point = "d4".parse().unwrap();
        let around = bits("c3 d3 e3 c4 e4 c5 d5 e5");
        let formed = Formed::by(around, around | d4.bit(), d4);
        assert_eq!(
            formed,
            Formed {
                squares: 4,
                lines: 0
            }
        );
        assert_eq!((formed.earned(true), formed.earned(false)), (2, 4));
        // Already there before: nothing formed.
        assert_eq!(
            Formed::by(around | d4.bit(), around | d4.bit(), d4),
            Formed::default()
        );
        let rank = bits("a1 b1 c1 e1 f1 g1");
        let d1: Point = "d1".parse().unwrap();
        assert_eq!(Formed::by(rank, rank | d1.bit(), d1).earned(true), 2);
        assert_eq!(in_formations(bits("a1 b1 a2 b2 d4")), bits("a1 b1 a2 b2"));
    }
}
