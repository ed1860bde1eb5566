//! perft: the number of legal move sequences of a given length. Only the absence of a legal
//! move ends a line; repetition and the 120-ply rule do not (as published counts assume).

use super::position::Position;

/// Counts the legal move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => {
            let moves = position.legal_moves();
            let mut total = 0;
            for &mv in moves.iter() {
                let mut next = position.clone();
                next.play_unchecked(mv);
                total += perft(&next, depth - 1);
            }
            total
        }
    }
}

/// The perft count below each legal move (for finding where two generators disagree).
pub fn divide(position: &Position, depth: u32) -> Vec<(super::Move, u64)> {
    position
        .legal_moves()
        .iter()
        .map(|&mv| {
            let mut next = position.clone();
            next.play_unchecked(mv);
            (mv, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
