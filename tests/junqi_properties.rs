//! Properties of the Junqi rules core over many seeded random games: nothing panics,
//! `play` accepts exactly the legal moves, a player's view moves like the full position,
//! mirroring is an involution that commutes with move generation, and the end rules end
//! every game.

#[path = "support/random_games.rs"]
mod random_games;

use lanqi::rules::junqi::{
    DrawReason, Game, Move, Outcome, Position, RuleSet, Side, Square, View, WinReason,
};

/// Positions from many random games, sampled along each game.
fn sample_positions() -> Vec<Position> {
    (100..130)
        .flat_map(|seed| random_games::random_line(seed, 600).into_iter().step_by(37))
        .collect()
}

#[test]
fn random_games_end_under_the_default_rules_without_panicking() {
    for seed in 0..60 {
        // Each battle removes a piece and at most 100 quiet plies separate battles.
        let (game, played) = random_games::random_game(seed, RuleSet::default(), 50 * 101 + 1);
        let outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("seed {seed} never ended"));
        if let Outcome::Draw(DrawReason::NoBattle(n)) = outcome {
            assert_eq!(n, 100);
            assert_eq!(game.position().quiet_plies(), 100);
        }
        assert_eq!(game.position().ply() as usize, played.len());
    }
}

#[test]
fn the_no_battle_and_repetition_rules_each_end_games() {
    let mut reasons = std::collections::HashSet::new();
    for seed in 0..60 {
        let (game, _) = random_games::random_game(seed, RuleSet::championship(), 50 * 32 + 1);
        let outcome = game.outcome().expect("ended");
        if let Outcome::Win(winner, WinReason::NoBattle(31)) = outcome {
            assert_eq!(
                winner,
                game.position().side_to_move(),
                "whoever made the 31st quiet ply loses"
            );
        }
        reasons.insert(outcome.reason());
    }
    assert!(reasons.contains("no battle in 31 plies"), "{reasons:?}");
    assert!(reasons.contains("flag lost"), "{reasons:?}");
}

/// Two quiet moves, one a side, that can be played back and forth: a, b, a', b', a, b, a', b'.
fn shuttle(position: &Position) -> Option<[Move; 8]> {
    let quiet = |p: &Position| -> Vec<Move> {
        p.legal_moves()
            .into_iter()
            .filter(|m| p.piece_at(m.to).is_none())
            .collect()
    };
    for a in quiet(position) {
        let (after_a, _) = position.play(a).ok()?;
        for b in quiet(&after_a) {
            let back = |m: Move| Move::new(m.to, m.from);
            let line = [a, b, back(a), back(b), a, b, back(a), back(b)];
            let mut p = position.clone();
            if line
                .iter()
                .all(|&m| p.play(m).map(|(next, _)| p = next).is_ok())
            {
                return Some(line);
            }
        }
    }
    None
}

#[test]
fn shuttling_back_and_forth_draws_on_the_third_occurrence() {
    let mut shuttled = 0;
    for position in sample_positions()
        .into_iter()
        .filter(|p| p.quiet_plies() < 50)
    {
        let mut game = Game::new(position.clone(), RuleSet::default());
        if game.outcome().is_some() {
            continue;
        }
        let Some(line) = shuttle(&position) else {
            continue;
        };
        for (i, &mv) in line.iter().enumerate() {
            assert_eq!(
                game.outcome(),
                None,
                "ended early at ply {i} of the shuttle"
            );
            game.play(mv).unwrap();
        }
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw(DrawReason::Repetition)),
            "{position}"
        );
        let board = |p: &Position| {
            p.to_string()
                .split(' ')
                .take(2)
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(
            board(game.position()),
            board(&position),
            "back where it started"
        );
        // With repetition off, the same shuttle goes on.
        let mut lenient = Game::new(
            position.clone(),
            RuleSet {
                repetition_draws: false,
                ..RuleSet::default()
            },
        );
        for mv in line {
            lenient.play(mv).unwrap();
        }
        assert_eq!(lenient.outcome(), None);
        shuttled += 1;
    }
    assert!(shuttled >= 10, "only {shuttled} positions could shuttle");
}

#[test]
fn play_accepts_exactly_the_legal_moves() {
    for position in sample_positions() {
        let legal = position.legal_moves();
        for from in Square::all() {
            for to in Square::all() {
                let mv = Move::new(from, to);
                let accepted = position.play(mv).is_ok();
                assert_eq!(accepted, legal.contains(&mv), "{mv} in {position}");
            }
        }
    }
}

#[test]
fn a_players_view_has_the_same_legal_moves_as_the_full_position() {
    for position in sample_positions() {
        let mover = position.side_to_move();
        let view = position.view(mover);
        // Through the text form, as a peer would receive it.
        let view: View = view.to_string().parse().expect("a view is valid JNF");
        assert_eq!(
            view.legal_moves().unwrap(),
            position.legal_moves(),
            "{position}"
        );
        // The other side cannot move for the mover: its pieces are hidden.
        assert!(position.view(mover.opponent()).legal_moves().is_err());
        // Both players and the public position agree on the hash.
        let public_a = view.for_side(mover).unwrap();
        assert_eq!(
            position.view(Side::South).to_string().len(),
            position.to_string().len()
        );
        assert_eq!(public_a.to_string(), view.to_string());
    }
}

#[test]
fn both_players_derive_the_same_public_position_and_hash() {
    for position in sample_positions() {
        let from_south = View::seen_by(position.view(Side::South).setup(), None);
        let from_north = View::seen_by(position.view(Side::North).setup(), None);
        assert_eq!(from_south, from_north, "{position}");
        assert_eq!(from_south.hash(), position.hash());
        assert_eq!(position.hash().len(), 32);
    }
}

#[test]
fn mirroring_twice_is_the_identity_and_commutes_with_move_generation() {
    for position in sample_positions() {
        let rotated = position.rotated();
        assert_eq!(rotated.rotated(), position);
        let mut expected: Vec<Move> = position
            .legal_moves()
            .iter()
            .map(|m| Move::new(m.from.rotated(), m.to.rotated()))
            .collect();
        expected.sort();
        let mut actual = rotated.legal_moves();
        actual.sort();
        assert_eq!(actual, expected, "{position}");
        // The wire form: a move in the mover's own view, mirrored back by the receiver.
        for mv in position.legal_moves() {
            let side = position.side_to_move();
            assert_eq!(mv.to_view(side).from_view(side), mv);
        }
    }
}

#[test]
fn jnf_round_trips_for_positions_and_views() {
    for position in sample_positions() {
        let text = position.to_string();
        assert_eq!(text.parse::<Position>().unwrap(), position);
        for side in Side::BOTH {
            let view = position.view(side);
            assert_eq!(view.to_string().parse::<View>().unwrap(), view);
        }
    }
}
