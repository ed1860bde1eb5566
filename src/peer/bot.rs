//! The headless peer's simple players: they pick a legal move from the rules core.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// How the headless peer chooses its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    /// A uniformly random legal move.
    Random,
    /// The first legal move in text order (fully predictable).
    First,
}

impl std::str::FromStr for BotKind {
    type Err = String;

    fn from_str(s: &str) -> Result<BotKind, String> {
        match s {
            "random" => Ok(BotKind::Random),
            "first" => Ok(BotKind::First),
            other => Err(format!("unknown bot '{other}' (random or first)")),
        }
    }
}

/// A bot with its own seeded randomness.
pub struct Bot {
    kind: BotKind,
    rng: ChaCha8Rng,
}

impl Bot {
    /// A bot of `kind` whose choices follow from `seed`.
    pub fn new(kind: BotKind, seed: u64) -> Bot {
        Bot {
            kind,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }

    /// Picks one of `moves` (which must not be empty).
    pub fn pick(&mut self, moves: &[String]) -> Option<String> {
        match self.kind {
            BotKind::First => moves.iter().min().cloned(),
            BotKind::Random if moves.is_empty() => None,
            BotKind::Random => {
                Some(moves[(self.rng.next_u64() % moves.len() as u64) as usize].clone())
            }
        }
    }
}
