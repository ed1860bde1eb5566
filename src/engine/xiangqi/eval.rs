//! A material and piece-square evaluation, from the side to move's point of view, in
//! centipawn-like units (a pawn on its own half is 30, a rook 900).
//!
//! The tables are written from Red's side and computed at compile time: horses like the
//! centre and the enemy half and dislike the edge; pawns gain a lot by crossing the river
//! and more near the enemy palace, but little on the last rank; cannons like the centre file
//! and their own back ranks early; rooks like open central files a little; the king likes
//! to stay on its back rank.

use crate::rules::xiangqi::{Position, Side};

/// Piece values by kind code (1 = king … 7 = pawn, as board codes); the king has none.
pub const VALUES: [i32; 8] = [0, 0, 120, 120, 400, 900, 450, 30];

const fn centre(file: i32) -> i32 {
    4 - if file > 4 { file - 4 } else { 4 - file }
}

/// The value of a Red piece of kind code `kind` on (`file`, `rank`), rank 0 = Red's back.
const fn red_value(kind: usize, file: i32, rank: i32) -> i32 {
    let base = VALUES[kind];
    base + match kind {
        1 => -12 * rank,
        2 | 3 if file == 4 => 10,
        4 => {
            let edge = if file == 0 || file == 8 { -25 } else { 0 };
            let advance = if rank >= 5 && rank <= 8 {
                12 * (rank - 4)
            } else {
                2 * rank
            };
            centre(file) * 6 + advance + edge
        }
        5 => centre(file) * 3 + if rank == 6 || rank == 7 { 15 } else { 0 },
        6 => {
            let file_bonus = if file == 4 { 20 } else { centre(file) * 2 };
            let rank_bonus = if rank <= 2 {
                6
            } else if rank == 9 {
                -10
            } else {
                0
            };
            file_bonus + rank_bonus
        }
        7 => {
            if rank >= 5 {
                let near_palace = if rank >= 6 && rank <= 8 && file >= 2 && file <= 6 {
                    30
                } else {
                    0
                };
                let last = if rank == 9 { -25 } else { 0 };
                40 + centre(file) * 6 + (rank - 5) * 6 + near_palace + last
            } else if rank == 4 {
                8 + if file == 4 { 6 } else { 0 }
            } else {
                0
            }
        }
        _ => 0,
    }
}

const fn build() -> [[i32; 90]; 16] {
    let mut t = [[0; 90]; 16];
    let mut kind = 1;
    while kind < 8 {
        let mut sq = 0;
        while sq < 90 {
            let file = (sq % 9) as i32;
            let rank = (sq / 9) as i32;
            t[kind][sq] = red_value(kind, file, rank);
            // Black's piece on sq is worth what Red's is on the rank-reversed point.
            t[8 + kind][sq] = red_value(kind, file, 9 - rank);
            sq += 1;
        }
        kind += 1;
    }
    t
}

/// Piece-square values by board code and point (always positive: Black's are subtracted).
pub static PST: [[i32; 90]; 16] = build();

/// A small bonus for having the move.
const TEMPO: i32 = 10;

/// The evaluation of `position` for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let board = position.codes();
    let mut score = [0i32; 2];
    for side in Side::BOTH {
        let mut bits = position.occupied(side);
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            score[side.index()] += PST[board[sq] as usize & 15][sq];
        }
    }
    let us = position.side_to_move().index();
    score[us] - score[1 - us] + TEMPO
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_balanced_and_colours_are_symmetric() {
        let start = Position::start();
        assert_eq!(evaluate(&start), TEMPO);
        let p: Position = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1"
            .parse()
            .unwrap();
        assert_eq!(evaluate(&p), evaluate(&p.flipped()));
        assert_eq!(evaluate(&p), evaluate(&p.mirrored()));
    }
}
