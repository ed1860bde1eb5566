//! perft: the number of legal move sequences of a given length, with full information.
//! Only a lost flag or no legal move ends a line; the no-battle and repetition rules do not.

use super::position::Position;

/// Counts the move sequences of length `depth` from `position`.
pub fn perft(position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = position.legal_moves();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|mv| {
            let mut next = position.clone();
            next.play_unchecked(mv);
            perft(&next, depth - 1)
        })
        .sum()
}
