//! The Gomoku computer player, for every rule set, board size, win length and seat count:
//! line patterns judged by what they can become ([`pattern`]), an incrementally updated
//! board of per-point threats and values (the values fitted to a stronger engine's verdicts:
//! [`state::CellValues`]), threat-space search (VCF, VCT: [`threat`], and
//! best-first by proof numbers: [`proof`]) and
//! an iterative-deepening alpha-beta with a transposition table ([`search`]; a move
//! ordering fitted to a stronger engine's choices, [`policy`], is there to measure), and the
//! Gomocup (Piskvork) protocol front end ([`gomocup`]); swap openings' stones and colour
//! choices ([`opening`], [`best_action`]).
//!
//! Node-limited searches are deterministic: the same game and limits give the same move.

pub mod arena;
pub mod budget;
pub mod evaluate;
pub mod external;
pub mod gomocup;
pub mod opening;
pub mod pattern;
pub mod policy;
pub mod proof;
pub mod search;
pub mod state;
pub mod threat;
pub mod tune;

pub use opening::best_action;
pub use search::{DEFAULT_HASH_MB, How, Limits, Report, Searcher, WIN};

use crate::engine::Level;

/// What a level may spend, in nodes only (deterministic); add a time cap for play.
pub fn level_limits(level: Level) -> Limits {
    match level {
        Level::Easy => Limits {
            nodes: Some(2_000),
            time: None,
            depth: Some(2),
            vct: false,
            width: 8,
        },
        Level::Medium => Limits {
            nodes: Some(40_000),
            time: None,
            depth: None,
            vct: true,
            width: 12,
        },
        // About 1.2-1.5 s on the 2-core machine of docs/MEASUREMENTS.md (1.1 to 1.3 million
        // nodes a second), so that Hard uses most of its 2 s; slower machines stop at 2 s.
        Level::Hard => Limits {
            nodes: Some(1_600_000),
            time: None,
            depth: None,
            vct: true,
            width: 14,
        },
    }
}

/// A level's limits for play: its nodes, and at most the level's time.
pub fn level_limits_timed(level: Level) -> Limits {
    Limits {
        time: Some(level.time_limit()),
        ..level_limits(level)
    }
}
