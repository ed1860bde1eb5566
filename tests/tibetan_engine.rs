//! The Tibetan chess computer player: it plays only legal turns (removals included) through
//! whole games in every phase, takes a winning capture or formation when there is one, and
//! beats a random player every time and a greedy one (the most stones now) at least 90% of
//! the time at medium. Everything runs on node limits, never on the clock.
//!
//! The match sizes here are modest so the debug test suite stays quick; the numbers in
//! docs/MEASUREMENTS.md come from the larger run:
//! `TIBETAN_MATCH_SEEDS=25 cargo test --release --no-default-features --test tibetan_engine -- --nocapture`.

#[path = "support/tibetan_players.rs"]
mod tibetan_players;

use lanqi::engine::tibetan::{Level, Limits, best_turn};
use lanqi::rules::tibetan::{Game, Position, Rules, Side, Turn};
use tibetan_players::{Greedy, Player, Random, play_game};

/// The engine as a player, with fixed limits and a seed.
struct Engine {
    limits: Limits,
    seed: u64,
    phases: [bool; 3],
}

impl Engine {
    fn new(level: Level, seed: u64) -> Engine {
        Engine {
            limits: level.fixed_limits(),
            seed,
            phases: [false; 3],
        }
    }
}

impl Player for Engine {
    fn turn(&mut self, game: &Game) -> Turn {
        let phase = game.position().phase();
        self.phases[phase as usize] = true;
        let report = best_turn(game, self.limits, self.seed).expect("a turn");
        // The removals are exactly those due.
        let due = game.removable(&report.turn).expect("a legal turn").count as usize;
        assert_eq!(report.turn.removals().len(), due, "{}", report.turn);
        self.seed = self.seed.wrapping_add(1);
        report.turn
    }
}

fn game(text: &str) -> Game {
    Game::from_position(text.parse::<Position>().unwrap(), Rules::default()).unwrap()
}

fn engine_turn(text: &str, level: Level) -> String {
    let g = game(text);
    let report = best_turn(&g, level.fixed_limits(), 7).unwrap();
    let mut after = g.clone();
    after.play(&report.turn).unwrap();
    report.turn.to_string()
}

fn seeds() -> u64 {
    std::env::var("TIBETAN_MATCH_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3)
}

#[test]
fn whole_games_are_legal_in_every_phase() {
    for seed in 0..2 {
        let mut engine = Engine::new(Level::Easy, seed);
        let mut random = Random::new(seed);
        play_game(Rules::default(), &mut engine, &mut random);
        let mut black = Random::new(seed + 10);
        let mut white = Engine::new(Level::Easy, seed);
        play_game(Rules::default(), &mut black, &mut white);
        assert!(engine.phases.iter().all(|&p| p) || white.phases.iter().all(|&p| p));
    }
    // With protection on and flying off, too.
    let rules = Rules {
        protect_formations: true,
        fly_at: None,
        ..Rules::default()
    };
    let mut black = Engine::new(Level::Easy, 3);
    let mut white = Engine::new(Level::Easy, 4);
    play_game(rules, &mut black, &mut white);
}

#[test]
fn takes_a_winning_jump_chain() {
    // White has five stones: b1xd1xd3 takes c1 and d2 and leaves it three, which loses.
    let text = "bbb..w./......./......w/......w/......./...w.../.bw.... battle b 0 0 - 0";
    let turn = engine_turn(text, Level::Easy);
    let mut after = game(text);
    after.play(&turn.parse().unwrap()).unwrap();
    assert_eq!(
        after.ending().map(|e| e.winner),
        Some(Some(Side::Black)),
        "{turn}"
    );
    assert_eq!(turn, "b1xd1xd3");
}

#[test]
fn takes_a_winning_square() {
    // White has four stones; c1-b1 forms Black's square a1-b2 and removes one of them,
    // leaving three.
    let text = "w.....w/......./......./......./....w../bb....w/b.b.... battle b 0 0 - 0";
    let turn = engine_turn(text, Level::Easy);
    assert!(turn.starts_with("c1-b1*"), "{turn}");
}

#[test]
fn places_to_complete_its_square() {
    // Black to place: its a1 a2 b1 wait for b2.
    let text = "......./......./......./......./....w../b....w./bb...w. place b 0 0 - 0";
    assert_eq!(engine_turn(text, Level::Medium), "b2");
}

#[test]
fn removes_a_stone_of_the_threat() {
    // Black forms a square with c1-b1 and removes one stone; White's e7 f7 e6 wait for
    // g6 to step to f6: the removal breaks that threat.
    let text = "....ww./....w.w/w....../w..w.../......w/bb....w/b.b.... battle b 0 0 - 0";
    let turn = engine_turn(text, Level::Medium);
    assert!(turn.starts_with("c1-b1*"), "{turn}");
    let removed = turn.split('*').nth(1).unwrap_or("");
    assert!(["e7", "f7", "e6", "g6"].contains(&removed), "{turn}");
}

fn wins(results: &[(Option<Side>, Side)]) -> usize {
    results.iter().filter(|(w, me)| *w == Some(*me)).count()
}

fn report(name: &str, results: &[(Option<Side>, Side)]) {
    let draws = results.iter().filter(|(w, _)| w.is_none()).count();
    eprintln!(
        "{name}: {} wins, {draws} draws, {} losses of {}",
        wins(results),
        results.len() - wins(results) - draws,
        results.len()
    );
}

fn match_against(
    level: Level,
    seeds: u64,
    make: impl Fn(u64) -> Box<dyn Player>,
) -> Vec<(Option<Side>, Side)> {
    let mut results = Vec::new();
    for seed in 0..seeds {
        let mut engine = Engine::new(level, seed);
        let mut other = make(seed);
        let (w, _) = play_game(Rules::default(), &mut engine, other.as_mut());
        results.push((w, Side::Black));
        let mut engine = Engine::new(level, seed + 1000);
        let mut other = make(seed + 1000);
        let (w, _) = play_game(Rules::default(), other.as_mut(), &mut engine);
        results.push((w, Side::White));
    }
    results
}

#[test]
fn beats_random_play_every_time() {
    for level in [Level::Easy, Level::Medium] {
        let results = match_against(level, seeds(), |s| Box::new(Random::new(s)));
        report(&format!("{level} vs random"), &results);
        assert_eq!(wins(&results), results.len(), "{results:?}");
    }
}

#[test]
fn beats_greedy_play_nine_times_in_ten_at_medium() {
    let results = match_against(Level::Medium, seeds(), |s| Box::new(Greedy::new(s)));
    report("medium vs greedy", &results);
    assert!(wins(&results) * 10 >= results.len() * 9, "{results:?}");
}

/// The table in docs/MEASUREMENTS.md: every level against random and greedy players, and
/// each level against the one below (both colours; `TIBETAN_MATCH_SEEDS` seeds each, a
/// third as many for hard, whose turns cost eight times medium's). Slow in a debug build:
/// run it with `--release -- --ignored --nocapture`.
#[test]
#[ignore]
fn measure_every_level() {
    for level in Level::ALL {
        let n = if level == Level::Hard {
            seeds().div_ceil(3)
        } else {
            seeds()
        };
        let results = match_against(level, n, |s| Box::new(Random::new(s)));
        report(&format!("{level} vs random"), &results);
        let results = match_against(level, n, |s| Box::new(Greedy::new(s)));
        report(&format!("{level} vs greedy"), &results);
    }
    let results = match_against(Level::Medium, seeds(), |s| {
        Box::new(Engine::new(Level::Easy, s + 500))
    });
    report("medium vs easy", &results);
    let n = seeds().div_ceil(3);
    let results = match_against(Level::Hard, n, |s| {
        Box::new(Engine::new(Level::Medium, s + 500))
    });
    report("hard vs medium", &results);
}
