//! Baseline Tibetan chess players for the engine's matches: a random player (a uniform
//! legal turn, uniform removals) and a greedy one (the turn that takes the most stones now,
//! jump captures plus removals, or in placement earns the most; ties and removals at
//! random), and a referee that plays a whole game between two players.
#![allow(dead_code)]

use lanqi::rules::tibetan::{Game, Path, Point, Rules, Side, Turn};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A player: the turn (removals listed) for the side to act.
pub trait Player {
    /// Its turn in `game` (not over).
    fn turn(&mut self, game: &Game) -> Turn;
}

/// Uniformly random legal turns and removals.
pub struct Random(ChaCha8Rng);

impl Random {
    /// A random player from `seed`.
    pub fn new(seed: u64) -> Random {
        Random(ChaCha8Rng::seed_from_u64(seed))
    }
}

/// Takes the most stones now; ties and removals at random.
pub struct Greedy(ChaCha8Rng);

impl Greedy {
    /// A greedy player from `seed`.
    pub fn new(seed: u64) -> Greedy {
        Greedy(ChaCha8Rng::seed_from_u64(seed))
    }
}

/// `count` uniformly random stones the turn may remove (free ones before protected).
fn random_removals(rng: &mut ChaCha8Rng, game: &Game, turn: &Turn) -> Vec<Point> {
    let r = game.removable(turn).expect("a legal turn");
    let mut out = Vec::new();
    for pool in [r.free, r.protected] {
        let mut pool = pool;
        while out.len() < r.count as usize && !pool.is_empty() {
            let i = (rng.next_u64() % pool.len() as u64) as usize;
            out.push(pool.swap_remove(i));
        }
    }
    out
}

impl Player for Random {
    fn turn(&mut self, game: &Game) -> Turn {
        let turns = game.legal_turns();
        let t = &turns[(self.0.next_u64() % turns.len() as u64) as usize].turn;
        let removals = random_removals(&mut self.0, game, t);
        t.with_removals(removals)
    }
}

/// What a turn takes now: jump captures plus removals (in placement, the removals earned).
pub fn takes(turn: &Turn, earned: u8, removals: u8) -> u32 {
    match turn {
        Turn::Place(..) => earned as u32,
        Turn::Move {
            path: Path::Jump(chain),
            ..
        } => (chain.len() - 1) as u32 + removals as u32,
        _ => removals as u32,
    }
}

impl Player for Greedy {
    fn turn(&mut self, game: &Game) -> Turn {
        let turns = game.legal_turns();
        let most = turns
            .iter()
            .map(|t| takes(&t.turn, t.earned, t.removals))
            .max()
            .expect("a legal turn");
        let best: Vec<_> = turns
            .iter()
            .filter(|t| takes(&t.turn, t.earned, t.removals) == most)
            .collect();
        let t = &best[(self.0.next_u64() % best.len() as u64) as usize].turn;
        let removals = random_removals(&mut self.0, game, t);
        t.with_removals(removals)
    }
}

/// A whole game from the start under `rules`: the winner (`None` for a draw) and the
/// number of turns. Every turn must be legal.
pub fn play_game(
    rules: Rules,
    black: &mut dyn Player,
    white: &mut dyn Player,
) -> (Option<Side>, usize) {
    let mut game = Game::new(rules).expect("playable rules");
    let mut turns = 0;
    while game.ending().is_none() {
        let side = game.position().side();
        let turn = match side {
            Side::Black => black.turn(&game),
            Side::White => white.turn(&game),
        };
        if let Err(e) = game.play(&turn) {
            panic!(
                "{side:?} played {turn} illegally in {}: {e}",
                game.position()
            );
        }
        turns += 1;
        assert!(turns < 5_000, "a game that does not end");
    }
    (game.ending().expect("over").winner, turns)
}
