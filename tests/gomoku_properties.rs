//! Properties of the Gomoku rules core over seeded random games: nothing panics, `play`
//! accepts exactly the legal moves, taking back restores the hash and the board, the hash
//! depends only on the stones and the seat to move, and renju's judgement is the same in
//! all eight symmetries of the board. Two-seat games to four or more are played with a
//! random opening rule (none, swap, swap2) too, their decisions chosen at random.

use lanqi::rules::gomoku::{
    Action, Game, GomokuError, Move, Opening, Point, Rule, Seat, Settings, Size,
};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[T]) -> T {
    items[(rng.next_u64() % items.len() as u64) as usize]
}

/// Random settings: any rule set, size, seat count, win length and opening rule the rules
/// accept.
fn random_settings(rng: &mut ChaCha8Rng) -> Settings {
    let rule = pick(rng, &Rule::ALL);
    let size = Size::new(pick(rng, &[5, 6, 9, 15, 26]), pick(rng, &[5, 7, 15])).unwrap();
    let (seats, win) = if rule == Rule::Renju {
        (2, 5)
    } else {
        (pick(rng, &[2, 3, 4]), pick(rng, &[3, 4, 5]))
    };
    let opening = if seats == 2 && win >= 4 {
        pick(rng, &Opening::ALL)
    } else {
        Opening::None
    };
    Settings {
        rule,
        size,
        seats,
        win,
        opening,
    }
}

/// Plays random legal moves until the game ends (sometimes a seat leaves), checking after
/// each move that taking it back restores the hash and the board.
fn random_game(seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(random_settings(&mut rng)).unwrap();
    while game.ending().is_none() {
        let legal = game.legal_actions();
        assert!(!legal.is_empty(), "seed {seed}: no move but not over");
        if game.settings().seats > 2 && rng.next_u64() % 40 == 0 {
            game.remove_seat(game.to_move()).unwrap();
            continue;
        }
        let (hash, board, mover) = (game.hash(), game.board().to_string(), game.mover());
        let action = pick(&mut rng, &legal);
        game.act(action).unwrap();
        if action.choice().is_some() {
            assert_ne!(
                game.hash(),
                hash,
                "seed {seed}: a decision changes the hash"
            );
        }
        let mut back = game.clone();
        assert_eq!(back.take_back(), Some(action));
        assert_eq!(back.hash(), hash, "seed {seed}");
        assert_eq!(back.board().to_string(), board, "seed {seed}");
        assert_eq!(back.mover(), mover, "seed {seed}");
    }
    game
}

#[test]
fn random_games_end_properly_and_never_panic() {
    for seed in 0..60 {
        let game = random_game(seed);
        let ending = game.ending().unwrap();
        assert!(!ending.to_string().is_empty());
        assert!(game.legal_moves().is_empty());
        assert!(game.legal_actions().is_empty());
        let text = game.board().to_string();
        let size = game.settings().size;
        assert_eq!(text.lines().count(), size.height() as usize);
        assert!(text.lines().all(|l| l.len() == size.width() as usize));
        assert_eq!(game.hash_text().len(), 16);
    }
}

#[test]
fn play_accepts_exactly_the_legal_moves() {
    for seed in 100..110 {
        let full = random_game(seed);
        let mut game = Game::new(full.settings()).unwrap();
        if full.settings().opening != Opening::None {
            // Two seats, nobody leaves: the moves are every action, decisions included.
            for (i, action) in full.actions().into_iter().enumerate() {
                if i % 3 == 0 {
                    let legal = game.legal_actions();
                    for point in full.settings().size.points() {
                        let accepted = game.clone().play(point).is_ok();
                        let listed = legal.contains(&Action::Stone(point));
                        assert_eq!(accepted, listed, "seed {seed}, {point}");
                    }
                    for choice in lanqi::rules::gomoku::Choice::SWAP2 {
                        let accepted = game.clone().choose(choice).is_ok();
                        let listed = legal.contains(&Action::Choose(choice));
                        assert_eq!(accepted, listed, "seed {seed}, {choice}");
                    }
                }
                game.act(action).unwrap();
            }
            continue;
        }
        for (i, mv) in full.moves().iter().enumerate() {
            if i % 7 == 0 {
                let legal = game.legal_moves();
                for point in full.settings().size.points() {
                    let accepted = game.clone().play(point).is_ok();
                    assert_eq!(accepted, legal.contains(&point), "seed {seed}, {point}");
                }
                let off = Point::new(25, 25).unwrap();
                let result = game.clone().play(off);
                assert!(
                    matches!(result, Err(GomokuError::OffBoard { .. })),
                    "{result:?}"
                );
            }
            // Seats that left are not replayed; their turns are skipped the same way.
            while game.to_move() != mv.seat {
                game.remove_seat(game.to_move()).unwrap();
            }
            game.play(mv.point).unwrap();
        }
    }
}

#[test]
fn the_hash_is_the_stones_and_the_seat_to_move() {
    let mut compared = 0;
    for seed in 200..240 {
        let game = random_game(seed);
        if game.moves().len() < 4
            || game.settings().seats != 2
            || game.settings().opening != Opening::None
        {
            continue;
        }
        // The same stones played in another order (each seat's moves permuted) give the
        // same hash, whenever that order is legal and does not end the game early.
        let mut moves = game.moves().to_vec();
        moves.pop();
        let (mut black, mut white): (Vec<Move>, Vec<Move>) =
            moves.iter().partition(|m| m.seat == Seat(0));
        black.reverse();
        white.reverse();
        let mut a = Game::new(game.settings()).unwrap();
        let mut b = Game::new(game.settings()).unwrap();
        let mut ok = true;
        for (i, m) in moves.iter().enumerate() {
            a.play(m.point).unwrap();
            let other = if i % 2 == 0 {
                black[i / 2]
            } else {
                white[i / 2]
            };
            ok &= b.play(other.point).is_ok();
        }
        if ok {
            assert_eq!(a.hash(), b.hash(), "seed {seed}");
            compared += 1;
        }
    }
    assert!(compared >= 5, "only {compared} games compared");
}

/// The eight symmetries of a square board.
fn transform(point: Point, n: u8, symmetry: u8) -> Point {
    let (f, r) = (point.file(), point.rank());
    let (f, r) = if symmetry & 1 == 1 {
        (n - 1 - f, r)
    } else {
        (f, r)
    };
    let (f, r) = if symmetry & 2 == 2 {
        (f, n - 1 - r)
    } else {
        (f, r)
    };
    let (f, r) = if symmetry & 4 == 4 { (r, f) } else { (f, r) };
    Point::new(f, r).unwrap()
}

#[test]
fn renju_judges_the_same_in_every_symmetry() {
    let mut checked = 0;
    for seed in 300..330 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let settings = Settings {
            rule: Rule::Renju,
            size: Size::new(11, 11).unwrap(),
            ..Settings::default()
        };
        let mut game = Game::new(settings).unwrap();
        // Stones near the centre, so that shapes form.
        for _ in 0..(20 + rng.next_u64() % 30) {
            let near: Vec<Point> = game
                .legal_moves()
                .into_iter()
                .filter(|p| (2..9).contains(&p.file()) && (2..9).contains(&p.rank()))
                .collect();
            if near.is_empty() || game.ending().is_some() {
                break;
            }
            game.play(pick(&mut rng, &near)).unwrap();
        }
        if game.ending().is_some() {
            continue;
        }
        let forbidden = game.forbidden_points();
        checked += forbidden.len();
        for symmetry in 1..8 {
            let mut image = Game::new(settings).unwrap();
            for mv in game.moves() {
                image.play(transform(mv.point, 11, symmetry)).unwrap();
            }
            let mut expected: Vec<_> = forbidden
                .iter()
                .map(|&(p, shape)| (transform(p, 11, symmetry), shape))
                .collect();
            expected.sort();
            let mut found = image.forbidden_points();
            found.sort();
            assert_eq!(found, expected, "seed {seed}, symmetry {symmetry}");
        }
    }
    assert!(checked > 10, "only {checked} forbidden points seen");
}
