//! Properties of the Xiangqi rules core over seeded random games: nothing panics, `play`
//! accepts exactly the legal moves, FEN round-trips, the hash follows the position, and
//! the rules are symmetric under the mirror and the colour swap.

use std::collections::BTreeSet;

use lanqi::rules::xiangqi::{Game, Move, Position, Square, chinese, perft};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Every position of one random game from the start until it ends (or `max_plies`).
fn random_game(seed: u64, max_plies: usize) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(Position::start());
    while game.outcome().is_none() && game.moves().len() < max_plies {
        let moves = game.position().legal_moves();
        let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
        game.play(mv).expect("a legal move is accepted");
    }
    game
}

fn sorted(moves: impl IntoIterator<Item = Move>) -> BTreeSet<Move> {
    moves.into_iter().collect()
}

#[test]
fn random_games_end_properly_and_never_panic() {
    let mut ended = 0;
    for seed in 0..40 {
        let game = random_game(seed, 4000);
        if let Some(outcome) = game.outcome() {
            ended += 1;
            let _ = outcome.to_string();
        }
        for (position, &mv) in game.positions().iter().zip(game.moves()) {
            assert!(!chinese(position, mv).is_empty());
        }
    }
    assert_eq!(
        ended, 40,
        "every game ends: at most 30 captures, 120 plies apart"
    );
}

#[test]
fn play_accepts_exactly_the_legal_moves() {
    let mut checked = 0;
    for seed in 0..8 {
        let game = random_game(100 + seed, 200);
        for position in game.positions().iter().step_by(9) {
            let legal = sorted(position.legal_moves().iter().copied());
            let mut accepted = BTreeSet::new();
            for from in Square::all() {
                for to in Square::all().filter(|&to| to != from) {
                    let mv = Move::new(from, to);
                    match position.play(mv) {
                        Ok(next) => {
                            accepted.insert(mv);
                            assert_eq!(next.side_to_move(), position.side_to_move().opponent());
                            assert!(!next.is_attacked(
                                next.king(position.side_to_move()),
                                next.side_to_move()
                            ));
                        }
                        Err(e) => assert_eq!(e.mv, mv),
                    }
                }
            }
            assert_eq!(accepted, legal, "{position}");
            checked += 1;
        }
    }
    assert!(checked >= 40, "checked {checked} positions");
}

#[test]
fn fen_round_trips_and_the_hash_follows_the_position() {
    for seed in 0..20 {
        for position in random_game(200 + seed, 300).positions() {
            let text = position.to_string();
            let back: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(&back, position);
            assert_eq!(back.hash(), position.hash());
            assert_eq!(back.to_string(), text);
        }
    }
}

#[test]
fn mirror_and_colour_swap_are_symmetries() {
    for seed in 0..12 {
        let game = random_game(300 + seed, 250);
        for position in game.positions().iter().step_by(5) {
            let moves = sorted(position.legal_moves().iter().copied());
            let mirrored = sorted(position.mirrored().legal_moves().iter().copied());
            assert_eq!(
                mirrored,
                sorted(moves.iter().map(|m| m.mirrored())),
                "{position}"
            );
            let flipped = position.flipped();
            assert_eq!(
                sorted(flipped.legal_moves().iter().copied()),
                sorted(moves.iter().map(|m| m.flipped())),
                "{position}"
            );
            assert_eq!(flipped.is_check(), position.is_check());
            if position.legal_moves().len() < 30 {
                assert_eq!(perft(&flipped, 2), perft(position, 2));
            }
        }
    }
}
