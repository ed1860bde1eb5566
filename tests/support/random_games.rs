//! Seeded random Junqi games for tests and benchmarks: random layouts, random moves.
#![allow(dead_code)]

use lanqi::rules::junqi::{Game, Layout, Move, Position, RuleSet, Side};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A seeded generator.
pub fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A uniform pick from a non-empty slice.
pub fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[T]) -> T {
    items[(rng.next_u64() % items.len() as u64) as usize]
}

/// A starting position from two random layouts, with a random side to move first.
pub fn start(seed: u64) -> Position {
    let mut r = rng(seed ^ 0x5eed);
    let first = if r.next_u32().is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    Position::from_layouts(
        &Layout::random(seed * 2),
        &Layout::random(seed * 2 + 1),
        first,
    )
}

/// Every position of one random game from [`start`] (the start included), until the board
/// decides it (a lost flag, no legal move) or `max_plies` have been played.
pub fn random_line(seed: u64, max_plies: usize) -> Vec<Position> {
    let mut r = rng(seed);
    let mut line = vec![start(seed)];
    while line.len() <= max_plies {
        let position = line.last().expect("non-empty");
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut next = position.clone();
        next.play_unchecked(pick(&mut r, &moves));
        line.push(next);
    }
    line
}

/// A random game under `rules` to its end; returns the game and the moves played.
pub fn random_game(seed: u64, rules: RuleSet, max_plies: usize) -> (Game, Vec<Move>) {
    let mut r = rng(seed);
    let mut game = Game::new(start(seed), rules);
    let mut played = Vec::new();
    while game.outcome().is_none() && played.len() < max_plies {
        let mv = pick(&mut r, &game.position().legal_moves());
        game.play(mv).expect("a legal move is accepted");
        played.push(mv);
    }
    (game, played)
}
