//! The opening book: well-known main lines from the start position
//! (`resources/xiangqi/book.txt`: ICCS moves, one line a line, each also read mirrored),
//! kept as the book moves of each position they pass through, found again by the
//! position's hash whatever the order of moves that reached it. A move's weight is the
//! number of lines that play it there; [`Book::pick`] chooses by weight, from a seed.

use std::collections::HashMap;
use std::sync::LazyLock;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::rules::xiangqi::{Move, Position};

/// The book lines bundled with lanqi.
pub const LINES: &str = include_str!("../../../resources/xiangqi/book.txt");

/// A line of a book text that is not a line of legal moves from the start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("book line {line}: {problem}")]
pub struct BookError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub problem: String,
}

/// Book moves by position, with their weights.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// Position hash → (move, weight), in the order first seen.
    moves: HashMap<u64, Vec<(Move, u32)>>,
    /// The number of lines read (not counting the mirrored ones).
    lines: usize,
}

static STANDARD: LazyLock<Book> =
    LazyLock::new(|| Book::parse(LINES).expect("the bundled book is checked by its tests"));

impl Book {
    /// The book bundled with lanqi.
    pub fn standard() -> &'static Book {
        &STANDARD
    }

    /// Reads a book text: per line, ICCS moves from the start position, then an optional
    /// `# comment`; blank and comment lines are skipped. Every move is checked by the
    /// rules.
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::default();
        for (i, raw) in text.lines().enumerate() {
            let words = raw.split('#').next().unwrap_or("");
            if words.trim().is_empty() {
                continue;
            }
            let bad = |problem: String| BookError {
                line: i + 1,
                problem,
            };
            let mut line = Vec::new();
            for word in words.split_whitespace() {
                let mv: Move = word.parse().map_err(|e| bad(format!("{word:?}: {e}")))?;
                line.push(mv);
            }
            let mirrored: Vec<Move> = line
                .iter()
                .map(|m| Move::new(m.from.mirrored(), m.to.mirrored()))
                .collect();
            book.add(&line).map_err(bad)?;
            if mirrored != line {
                book.add(&mirrored).map_err(bad)?;
            }
            book.lines += 1;
        }
        Ok(book)
    }

    /// Adds one line, checking each move.
    fn add(&mut self, line: &[Move]) -> Result<(), String> {
        let mut position = Position::start();
        for (ply, &mv) in line.iter().enumerate() {
            let next = position
                .play(mv)
                .map_err(|e| format!("move {} ({mv}): {e}", ply + 1))?;
            let entry = self.moves.entry(position.hash()).or_default();
            match entry.iter_mut().find(|(m, _)| *m == mv) {
                Some((_, weight)) => *weight += 1,
                None => entry.push((mv, 1)),
            }
            position = next;
        }
        Ok(())
    }

    /// The number of lines read.
    pub fn lines(&self) -> usize {
        self.lines
    }

    /// The number of positions with book moves.
    pub fn positions(&self) -> usize {
        self.moves.len()
    }

    /// The book moves in `position` (legal there), with their weights; empty when it is
    /// out of the book.
    pub fn moves(&self, position: &Position) -> Vec<(Move, u32)> {
        self.moves
            .get(&position.hash())
            .map(|moves| {
                moves
                    .iter()
                    .copied()
                    .filter(|(mv, _)| position.is_legal(*mv))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// A book move in `position`, chosen by weight (the same for the same seed and
    /// position); none when it is out of the book.
    pub fn pick(&self, position: &Position, seed: u64) -> Option<Move> {
        let moves = self.moves(position);
        let total: u64 = moves.iter().map(|(_, w)| u64::from(*w)).sum();
        if total == 0 {
            return None;
        }
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ position.hash());
        let mut at = rng.next_u64() % total;
        for (mv, weight) in moves {
            if at < u64::from(weight) {
                return Some(mv);
            }
            at -= u64::from(weight);
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_line_is_legal_from_the_start() {
        let book = Book::parse(LINES).unwrap_or_else(|e| panic!("{e}"));
        println!("{} lines, {} positions", book.lines(), book.positions());
        assert!(book.lines() >= 20, "{} lines", book.lines());
        assert!(book.positions() >= 100, "{} positions", book.positions());
    }

    #[test]
    fn the_start_has_the_main_openings_with_central_cannon_the_heaviest() {
        let book = Book::standard();
        let start = Position::start();
        let moves = book.moves(&start);
        let weight = |text: &str| {
            let mv: Move = text.parse().unwrap();
            moves.iter().find(|(m, _)| *m == mv).map_or(0, |(_, w)| *w)
        };
        // Central cannon (both sides), pawn, elephant and horse openings.
        for text in [
            "h2e2", "b2e2", "c3c4", "g3g4", "g0e2", "c0e2", "h0g2", "b0c2",
        ] {
            assert!(weight(text) > 0, "{text} not in the book: {moves:?}");
        }
        let heaviest = moves.iter().map(|(_, w)| *w).max().unwrap();
        assert_eq!(weight("h2e2"), heaviest);
    }

    #[test]
    fn lines_are_found_again_after_a_transposition_and_in_a_mirror() {
        let book = Book::standard();
        let play = |line: &str| {
            line.split_whitespace().fold(Position::start(), |p, m| {
                p.play(m.parse().unwrap()).unwrap()
            })
        };
        // Reached by "central cannon v the 7th pawn", a line of its own, and listed under
        // the screen horses: both continuations are book moves.
        let position = play("h2e2 g6g5 h0g2 h9g7 i0h0 i9h9 c3c4 b9c7");
        let moves: Vec<String> = book
            .moves(&position)
            .iter()
            .map(|(m, _)| m.to_string())
            .collect();
        assert!(moves.contains(&"h0h6".to_string()), "{moves:?}");
        // The mirror of the first line.
        let mirrored = play("b2e2 b9c7 b0c2");
        assert!(!book.moves(&mirrored).is_empty());
        // Out of the book.
        assert!(book.moves(&play("a3a4 a6a5")).is_empty());
        assert_eq!(book.pick(&play("a3a4 a6a5"), 1), None);
    }

    #[test]
    fn picks_vary_with_the_seed_and_follow_the_weights() {
        let book = Book::standard();
        let start = Position::start();
        let picks: Vec<Move> = (0..400).filter_map(|s| book.pick(&start, s)).collect();
        assert_eq!(picks.len(), 400);
        assert_eq!(book.pick(&start, 7), book.pick(&start, 7));
        let distinct: std::collections::HashSet<_> = picks.iter().collect();
        assert!(distinct.len() >= 6, "{distinct:?}");
        let cannon = picks
            .iter()
            .filter(|m| ["h2e2", "b2e2"].contains(&m.to_string().as_str()))
            .count();
        assert!(cannon > 100, "central cannon {cannon} times of 400");
    }

    #[test]
    fn a_bad_line_is_refused_with_its_number_and_move() {
        let e = Book::parse("# fine\nh2e2 h9g7\nh2e2 h2e3\n").unwrap_err();
        assert_eq!(e.line, 3);
        assert!(e.problem.contains("move 2 (h2e3)"), "{e}");
        let e = Book::parse("h2e2 zz").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(e.problem.contains("zz"), "{e}");
    }
}
