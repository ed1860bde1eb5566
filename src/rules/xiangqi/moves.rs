//! Moves and their ICCS text (`h2e2`: from-square then to-square), and a fixed-size move list.

use std::fmt;
use std::str::FromStr;

use super::square::Square;

/// A move from one point to another. Whether it is legal depends on a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes (capturing what stands there).
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The same move seen in a mirror on the centre file.
    pub const fn mirrored(self) -> Move {
        Move::new(self.from.mirrored(), self.to.mirrored())
    }

    /// The same move with the ranks reversed.
    pub const fn flipped(self) -> Move {
        Move::new(self.from.flipped(), self.to.flipped())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Text that is not an ICCS move such as `h2e2`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad move {0:?}: expected ICCS such as h2e2 (files a..i, ranks 0..9)")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let bad = || ParseMoveError(s.chars().take(16).collect());
        if s.len() != 4 || !s.is_ascii() {
            return Err(bad());
        }
        let from: Square = s[..2].parse().map_err(|_| bad())?;
        let to: Square = s[2..].parse().map_err(|_| bad())?;
        if from == to {
            return Err(bad());
        }
        Ok(Move { from, to })
    }
}

/// The most pseudo-legal moves a valid position can have is 119 (two rooks and two cannons
/// with 17 each, two horses with 8, five pawns with 3, four elephant and advisor moves each,
/// four king moves); the list holds 128.
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack, as move generation fills it.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::new(Square::at(0), Square::at(0)); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move (a full list ignores it; valid positions never fill one).
    #[inline(always)]
    pub(crate) fn push(&mut self, mv: Move) {
        if self.len < MAX_MOVES {
            self.moves[self.len] = mv;
            self.len += 1;
        }
    }

    /// Keeps only the moves for which `keep` is true.
    #[inline]
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(Move) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let mv = self.moves[i];
            if keep(mv) {
                self.moves[kept] = mv;
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// How many moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// The moves as a mutable slice (for ordering them).
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }
}

impl Default for MoveList {
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];

    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iccs_round_trips_and_rejects_junk() {
        let mv: Move = "h2e2".parse().unwrap();
        assert_eq!(mv.to_string(), "h2e2");
        assert_eq!(mv.from.index(), 2 * 9 + 7);
        for bad in ["", "h2e", "h2e22", "h2h2", "j2e2", "h2-e2", "H2E2", "h2é"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
