//! The seven kinds of piece and their letters and Chinese names.

use std::fmt;

use super::square::Side;

/// A kind of piece. FEN letters as UCCI and Pikafish write them: k a b n r c p.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 帅/将: moves one point orthogonally inside its palace; may not face the other king.
    King,
    /// 仕/士: one point diagonally inside its palace.
    Advisor,
    /// 相/象: two points diagonally, not over the river, blocked by a piece on its eye.
    Elephant,
    /// 马 (`n`, older tools write `h`): one orthogonal then one diagonal, blocked at the leg.
    Horse,
    /// 车: slides orthogonally.
    Rook,
    /// 炮: slides orthogonally to move, captures by jumping exactly one screen.
    Cannon,
    /// 兵/卒: one point forward; also sideways once across the river.
    Pawn,
}

impl Kind {
    /// All seven kinds.
    pub const ALL: [Kind; 7] = [
        Kind::King,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Rook,
        Kind::Cannon,
        Kind::Pawn,
    ];

    /// 0..7, in the order of [`Kind::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lower-case FEN letter.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'k',
            Kind::Advisor => 'a',
            Kind::Elephant => 'b',
            Kind::Horse => 'n',
            Kind::Rook => 'r',
            Kind::Cannon => 'c',
            Kind::Pawn => 'p',
        }
    }

    /// The kind for a FEN letter of either case (`h` and `e` accepted for horse and elephant).
    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c.to_ascii_lowercase() {
            'k' => Kind::King,
            'a' => Kind::Advisor,
            'b' | 'e' => Kind::Elephant,
            'n' | 'h' => Kind::Horse,
            'r' => Kind::Rook,
            'c' => Kind::Cannon,
            'p' => Kind::Pawn,
            _ => return None,
        })
    }

    /// How many of this kind a side starts with (and may have at most).
    pub const fn count(self) -> usize {
        match self {
            Kind::King => 1,
            Kind::Pawn => 5,
            _ => 2,
        }
    }
}

/// A piece: a side and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// A piece of `side` and `kind`.
    pub const fn new(side: Side, kind: Kind) -> Piece {
        Piece { side, kind }
    }

    /// The FEN letter: upper case for Red.
    pub const fn letter(self) -> char {
        let c = self.kind.letter();
        match self.side {
            Side::Red => c.to_ascii_uppercase(),
            Side::Black => c,
        }
    }

    /// The piece for a FEN letter (upper case is Red).
    pub fn from_letter(c: char) -> Option<Piece> {
        let side = if c.is_ascii_uppercase() {
            Side::Red
        } else {
            Side::Black
        };
        Kind::from_letter(c).map(|kind| Piece { side, kind })
    }

    /// The Chinese name as printed on the piece (simplified characters): 帅仕相马车炮兵 for
    /// Red, 将士象马车炮卒 for Black.
    pub const fn chinese(self) -> char {
        match (self.side, self.kind) {
            (Side::Red, Kind::King) => '帅',
            (Side::Red, Kind::Advisor) => '仕',
            (Side::Red, Kind::Elephant) => '相',
            (Side::Red, Kind::Pawn) => '兵',
            (Side::Black, Kind::King) => '将',
            (Side::Black, Kind::Advisor) => '士',
            (Side::Black, Kind::Elephant) => '象',
            (Side::Black, Kind::Pawn) => '卒',
            (_, Kind::Horse) => '马',
            (_, Kind::Rook) => '车',
            (_, Kind::Cannon) => '炮',
        }
    }

    /// The compact board code: 0 is an empty point, `side * 8 + kind + 1` a piece.
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.side as u8) * 8 + self.kind as u8 + 1
    }

    /// The piece for a non-zero board code.
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        let side = if code & 8 == 0 {
            Side::Red
        } else {
            Side::Black
        };
        let kind = match code & 7 {
            1 => Kind::King,
            2 => Kind::Advisor,
            3 => Kind::Elephant,
            4 => Kind::Horse,
            5 => Kind::Rook,
            6 => Kind::Cannon,
            7 => Kind::Pawn,
            _ => return None,
        };
        Some(Piece { side, kind })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_and_letters_round_trip() {
        for side in Side::BOTH {
            for kind in Kind::ALL {
                let p = Piece::new(side, kind);
                assert_eq!(Piece::from_code(p.code()), Some(p));
                assert_eq!(Piece::from_letter(p.letter()), Some(p));
            }
        }
        assert_eq!(
            Piece::from_letter('H'),
            Some(Piece::new(Side::Red, Kind::Horse))
        );
        assert_eq!(
            Piece::from_letter('e'),
            Some(Piece::new(Side::Black, Kind::Elephant))
        );
        assert_eq!(Piece::from_code(0), None);
    }
}
