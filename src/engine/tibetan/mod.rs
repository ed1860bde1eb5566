//! The Tibetan seven-square chess computer player, for all three phases: where to place
//! (making squares and lines, blocking the opponent's), which stones to remove (breaking
//! the opponent's formations and threats), and which step, flight or jump chain to play
//! with which removals. An alpha-beta search over whole turns ([`search`]) on a static
//! evaluation ([`eval`]); the engine keeps its own copy of the position (`state`), which
//! follows the rules core and is checked against it.
//!
//! ```
//! use lanqi::engine::tibetan::{Level, best_turn};
//! use lanqi::rules::tibetan::{Game, Rules};
//!
//! let game = Game::new(Rules::default()).unwrap();
//! let report = best_turn(&game, Level::Easy.fixed_limits(), 1).unwrap();
//! assert!(game.clone().play(&report.turn).is_ok());
//! ```

pub mod eval;
pub mod search;
mod state;

pub use search::{Limits, Report, WIN};

pub use crate::engine::{Level, ParseLevelError};
use crate::rules::tibetan::Game;

impl Level {
    /// The level's search limits for Tibetan chess without a deadline: its node budget and
    /// deepest iteration. The same turn for the same game and seed, on every machine.
    pub fn fixed_limits(self) -> Limits {
        let (nodes, depth) = match self {
            Level::Easy => (1_500, 2),
            Level::Medium => (12_000, 4),
            Level::Hard => (100_000, 8),
        };
        Limits {
            nodes,
            depth,
            time: None,
        }
    }

    /// The level's limits for real play: [`Level::fixed_limits`] capped by its time limit.
    pub fn tibetan_limits(self) -> Limits {
        Limits {
            time: Some(self.time_limit()),
            ..self.fixed_limits()
        }
    }
}

/// The engine's turn for the side to act in `game` within `limits` (`seed` breaks near
/// ties), or `None` if the game is over. The turn lists its removals and is legal.
pub fn best_turn(game: &Game, limits: Limits, seed: u64) -> Option<Report> {
    search::search(game, limits, seed)
}
