//! `lanqi gomoku match`: games between lanqi's engine and outside Gomocup (Piskvork)
//! engines, from a fixed list of balanced openings with colours swapped, judged by the
//! rules core.

use std::fmt::Write;

use clap::Args;

use super::UserError;
use super::match_line::{GameLine, Shown};
use crate::engine::gomoku::arena::{
    Limit, MatchConfig, OPENINGS, PlayerSpec, openings_fit, run_match,
};
use crate::rules::gomoku::{Rule, Size};

/// Options of `lanqi gomoku match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Player A (whose score is printed): engine:easy|medium|hard or gomocup:PATH (PATH
    /// may be followed by the program's arguments, e.g. "gomocup:lanqi engine gomoku").
    #[arg(long)]
    pub a: PlayerSpec,
    /// Player B.
    #[arg(long)]
    pub b: PlayerSpec,
    /// The rule set: freestyle, standard, renju or caro.
    #[arg(long, default_value = "freestyle")]
    pub rule: Rule,
    /// The board, WxH (each side 5 to 26; the openings need 9x9 or more).
    #[arg(long, default_value = "15x15", value_name = "WxH")]
    pub size: Size,
    /// Number of games; A plays Black in games 0, 2, 4…, and games 2k and 2k+1 share an
    /// opening.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Number the games from this one (a long match can be split between processes).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    pub first_game: u32,
    /// Milliseconds a move for both players (unless --a-time/--b-time).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub time: Option<u64>,
    /// Milliseconds a move for A.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub a_time: Option<u64>,
    /// Milliseconds a move for B.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub b_time: Option<u64>,
    /// Nodes a move for both players instead of a time (unless --a-time/--b-time or
    /// --a-nodes/--b-nodes): lanqi's engine then plays the same games on every machine; an
    /// outside engine is told `INFO MAX_NODE N` and 5000 ms a move.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub nodes: Option<u64>,
    /// Nodes a move for A (with --a-time too, whichever ends first).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub a_nodes: Option<u64>,
    /// Nodes a move for B (with --b-time too, whichever ends first).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    pub b_nodes: Option<u64>,
    /// lanqi's transposition table, in megabytes.
    #[arg(long, default_value_t = crate::engine::gomoku::DEFAULT_HASH_MB as u64, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub hash: u64,
    /// Print one line per game (number, opening, A's colour, result, plies) before the
    /// summary.
    #[arg(long)]
    pub verbose: bool,
    /// With --verbose or --progress, add each game's moves (from the first stone) to its
    /// line.
    #[arg(long)]
    pub moves: bool,
    /// Print each game's line on stderr as soon as it ends.
    #[arg(long)]
    pub progress: bool,
}

/// One player's limit: its own time and nodes if it has either (both apply), else the
/// shared time, else the shared nodes.
fn limit(own_time: Option<u64>, own_nodes: Option<u64>, args: &MatchArgs) -> Limit {
    if own_time.is_some() || own_nodes.is_some() {
        Limit {
            time_ms: own_time,
            nodes: own_nodes,
        }
    } else if args.time.is_some() {
        Limit {
            time_ms: args.time,
            nodes: None,
        }
    } else {
        Limit {
            time_ms: None,
            nodes: args.nodes,
        }
    }
}

/// Runs the match and returns its report.
pub fn run(args: MatchArgs) -> Result<String, UserError> {
    if !openings_fit(args.size) {
        return Err(UserError(format!(
            "the openings do not fit on a {} board: 9x9 or more",
            args.size
        )));
    }
    let limits = [
        limit(args.a_time, args.a_nodes, &args),
        limit(args.b_time, args.b_nodes, &args),
    ];
    let config = MatchConfig {
        players: [args.a.clone(), args.b.clone()],
        limits,
        rule: args.rule,
        size: args.size,
        games: args.games,
        first_game: args.first_game,
        hash_mb: args.hash as usize,
    };
    let mut out = String::new();
    let shown = Shown {
        moves: args.moves,
        progress: args.progress,
        verbose: args.verbose,
    };
    let report = run_match(config, |g| {
        let line = GameLine {
            index: g.index,
            opening: g.opening,
            a_side: g.a_colour(),
            a_score: g.a_score(),
            reason: &g.reason,
            plies: g.moves.len(),
            moves: &g.moves,
        };
        line.show(shown, &mut out);
    })
    .map_err(UserError::from_display)?;
    write!(out, "{report}").expect("writing to a string");
    if let Some(note) = repeats_note(&limits, args.games) {
        out.push_str(&note);
    }
    Ok(out)
}

/// A warning when a match at node budgets is longer than its openings: with neither
/// player timed, games `2 × openings` apart start from the same opening with the same
/// colours, and lanqi's engine plays them move for move again, so the games past the
/// first `2 × openings` add nothing its interval may count.
fn repeats_note(limits: &[Limit; 2], games: u32) -> Option<String> {
    let distinct = 2 * OPENINGS.len() as u32;
    let untimed = limits.iter().all(|l| l.time_ms.is_none());
    (untimed && games > distinct).then(|| {
        format!(
            "note: at node budgets the {} openings with both colours make {distinct} \
             different games; the other {} replay them (lanqi's engine moves the same), so \
             the interval above is too narrow: vary --nodes a little for new games\n",
            OPENINGS.len(),
            games - distinct
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NODES: Limit = Limit {
        time_ms: None,
        nodes: Some(1000),
    };
    const TIMED: Limit = Limit {
        time_ms: Some(100),
        nodes: None,
    };

    #[test]
    fn a_match_at_node_budgets_longer_than_its_openings_says_its_games_repeat() {
        let distinct = 2 * OPENINGS.len() as u32;
        assert_eq!(repeats_note(&[NODES, NODES], distinct), None);
        let note = repeats_note(&[NODES, NODES], distinct + 40).expect("a note");
        assert!(
            note.contains(&format!("make {distinct} different games"))
                && note.contains("the other 40 replay them"),
            "{note}"
        );
        assert_eq!(
            repeats_note(&[TIMED, NODES], distinct + 40),
            None,
            "a timed player's games differ"
        );
    }
}
