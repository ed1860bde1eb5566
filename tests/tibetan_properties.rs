//! Properties of the Tibetan rules core over seeded random games: every game from the start
//! ends (placement, opening removals, battle) without a panic; `play` accepts exactly the
//! turns `legal_turns` lists, with exactly the removals they bring; taking back restores
//! the position and its hash; positions and turns survive their text forms.

use lanqi::rules::tibetan::{
    Game, LegalTurn, Path, Phase, Point, Position, Rules, Side, TibetanError, Turn,
};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Random settings, the defaults half the time.
fn random_rules(rng: &mut ChaCha8Rng) -> Rules {
    if rng.next_u64().is_multiple_of(2) {
        return Rules::default();
    }
    Rules {
        square_cap: rng.next_u64().is_multiple_of(2),
        cap_placements: rng.next_u64().is_multiple_of(2),
        protect_formations: rng.next_u64().is_multiple_of(2),
        fly_at: [None, Some(4), Some(7), Some(10)][below(rng, 4)],
        battle_first: [Side::Black, Side::White][below(rng, 2)],
        quiet_draw: [None, Some(10), Some(50)][below(rng, 3)],
        repetition_draw: rng.next_u64().is_multiple_of(2),
        adjudication: None,
    }
}

/// A legal turn with legal removals, chosen at random.
fn random_turn(rng: &mut ChaCha8Rng, game: &Game, legal: &[LegalTurn]) -> Turn {
    let pick = &legal[below(rng, legal.len())];
    let removable = game.removable(&pick.turn).unwrap();
    assert_eq!(removable.count, pick.removals, "{}", pick.turn);
    let mut free = removable.free.clone();
    let mut chosen = vec![];
    while chosen.len() < pick.removals as usize && !free.is_empty() {
        chosen.push(free.swap_remove(below(rng, free.len())));
    }
    let mut protected = removable.protected.clone();
    while chosen.len() < pick.removals as usize {
        chosen.push(protected.swap_remove(below(rng, protected.len())));
    }
    pick.turn.with_removals(chosen)
}

/// Plays a random game from the start to its end, checking the text forms, the hash and
/// taking back after every turn. Returns the game and the phases it went through.
fn random_game(seed: u64) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(random_rules(&mut rng)).unwrap();
    let mut turns = 0;
    while game.ending().is_none() {
        turns += 1;
        assert!(turns < 5000, "seed {seed}: the game does not end");
        let legal = game.legal_turns();
        assert!(!legal.is_empty(), "seed {seed}: no turn but not over");
        let turn = random_turn(&mut rng, &game, &legal);
        let (position, hash) = (game.position().clone(), game.hash());
        game.play(&turn)
            .unwrap_or_else(|e| panic!("seed {seed}: {turn}: {e}"));
        let text = game.position().to_string();
        assert_eq!(
            text.parse::<Position>().as_ref(),
            Ok(game.position()),
            "{text}"
        );
        assert_eq!(turn.to_string().parse::<Turn>(), Ok(turn.clone()));
        let mut back = game.clone();
        assert_eq!(back.take_back(), Some(turn));
        assert_eq!(back.position(), &position, "seed {seed}");
        assert_eq!(back.hash(), hash, "seed {seed}");
        assert_eq!(back.ending(), None);
    }
    game
}

#[test]
fn random_games_go_through_every_phase_and_end() {
    let mut battles = 0;
    let mut reasons = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let game = random_game(seed);
        let ending = game.ending().unwrap();
        reasons.insert(ending.reason.to_string());
        assert!(game.legal_turns().is_empty());
        let phases: Vec<Phase> = game.history().iter().map(|(p, _)| p.phase()).collect();
        assert_eq!(phases.iter().filter(|&&p| p == Phase::Place).count(), 49);
        assert!(phases.contains(&Phase::Remove), "seed {seed}");
        battles += usize::from(phases.contains(&Phase::Battle));
        // Replaying the record gives the same game.
        let mut replay = Game::new(*game.rules()).unwrap();
        for (_, turn) in game.history() {
            replay.play(turn).unwrap();
        }
        assert_eq!(replay.position(), game.position());
        assert_eq!(replay.ending(), game.ending());
    }
    assert!(battles >= 30, "only {battles} games reached the battle");
    assert!(reasons.len() >= 2, "{reasons:?}");
}

/// Turns that are not listed: every slide and single hop from each of the mover's stones,
/// every placement, and the opening removal, with the removal counts the listed ones
/// have, one more and one fewer.
fn candidates(game: &Game) -> Vec<Turn> {
    let pos = game.position();
    let mut out = vec![];
    for from in Point::all() {
        out.push(Turn::Place(from, vec![]));
        if pos.get(from) != Some(pos.side()) {
            continue;
        }
        for to in Point::all() {
            out.push(Turn::Move {
                path: Path::Slide { from, to },
                removals: vec![],
            });
            out.push(Turn::Move {
                path: Path::Jump(vec![from, to]),
                removals: vec![],
            });
        }
    }
    out.push(Turn::Remove(vec![]));
    out
}

#[test]
fn play_accepts_exactly_the_listed_turns_with_the_right_removals() {
    let mut checked = 0;
    for seed in 100..112 {
        let full = random_game(seed);
        let mut game = Game::new(*full.rules()).unwrap();
        for (i, (_, turn)) in full.history().iter().enumerate() {
            if i % 5 == 0 {
                let legal = game.legal_turns();
                for candidate in candidates(&game) {
                    let listed = legal.iter().find(|t| t.turn == candidate);
                    let Ok(removable) = game.removable(&candidate) else {
                        assert!(listed.is_none(), "seed {seed}: {candidate} is listed");
                        let wrong = game.clone().play(&candidate);
                        assert!(wrong.is_err(), "seed {seed}: {candidate}");
                        continue;
                    };
                    let listed =
                        listed.unwrap_or_else(|| panic!("seed {seed}: {candidate} not listed"));
                    let n = listed.removals as usize;
                    let enemy: Vec<Point> = removable
                        .free
                        .iter()
                        .chain(&removable.protected)
                        .copied()
                        .collect();
                    let mut ok: Vec<Point> = removable.free.iter().take(n).copied().collect();
                    ok.extend(removable.protected.iter().take(n - ok.len()));
                    assert_eq!(ok.len(), n);
                    let result = game.clone().play(&candidate.with_removals(ok.clone()));
                    assert_eq!(result, Ok(()), "seed {seed}: {candidate}");
                    let fewer = game
                        .clone()
                        .play(&candidate.with_removals(ok[..n.saturating_sub(1)].to_vec()));
                    if n > 0 {
                        assert!(
                            matches!(fewer, Err(TibetanError::RemovalCount { .. })),
                            "{fewer:?}"
                        );
                    }
                    if let Some(extra) = enemy.iter().find(|p| !ok.contains(p)) {
                        let mut more = ok.clone();
                        more.push(*extra);
                        let result = game.clone().play(&candidate.with_removals(more));
                        assert!(
                            matches!(result, Err(TibetanError::RemovalCount { .. })),
                            "{result:?}"
                        );
                    }
                    if n > 0 {
                        let mut twice = ok.clone();
                        twice[n - 1] = twice[0];
                        if n > 1 {
                            let result = game.clone().play(&candidate.with_removals(twice));
                            assert!(
                                matches!(result, Err(TibetanError::RemovedTwice(_))),
                                "{result:?}"
                            );
                        }
                        let own = Point::all()
                            .find(|&p| game.position().get(p) == Some(game.position().side()));
                        if let Some(own) = own.filter(|_| game.position().phase() != Phase::Battle)
                        {
                            let mut bad = ok.clone();
                            bad[0] = own;
                            let result = game.clone().play(&candidate.with_removals(bad));
                            assert!(
                                matches!(result, Err(TibetanError::NotEnemy { .. })),
                                "{result:?}"
                            );
                        }
                    }
                    checked += 1;
                }
                // Every listed turn brings min(earned, enemy stones left) removals (in
                // placement, none: they are only counted).
                for t in &legal {
                    let removable = game.removable(&t.turn).unwrap();
                    assert_eq!(removable.count, t.removals);
                    if game.position().phase() == Phase::Place {
                        assert_eq!(t.removals, 0);
                        continue;
                    }
                    assert_eq!(
                        t.removals,
                        t.earned
                            .min((removable.free.len() + removable.protected.len()) as u8)
                    );
                }
            }
            game.play(turn).unwrap();
        }
    }
    assert!(checked > 500, "only {checked} turns checked");
}

#[test]
fn the_hash_is_the_same_for_the_same_position() {
    for seed in 200..210 {
        let game = random_game(seed);
        for (position, _) in game.history() {
            let again: Position = position.to_string().parse().unwrap();
            assert_eq!(again.hash(), position.hash());
            assert_eq!(again.hash_text(), format!("{:016x}", position.hash()));
        }
    }
    let start = Position::start();
    assert_eq!(start.hash_text().len(), 16);
}
