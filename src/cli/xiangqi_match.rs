//! `lanqi xiangqi match`: games between lanqi's engine and external UCI/UCCI engines,
//! from a fixed set of balanced openings with colours swapped, judged by the rules core.

use std::fmt::Write;
use std::time::Duration;

use clap::Args;

use super::UserError;
use super::match_line::{GameLine, Shown};
use crate::engine::xiangqi::arena::{MatchConfig, PlayerSpec, run_match};
use crate::engine::xiangqi::external::Go;

/// Options of `lanqi xiangqi match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Player A (whose score is printed): engine:easy|medium|hard, uci:PATH or ucci:PATH
    /// (PATH may be followed by the program's arguments, e.g. "uci:lanqi engine xiangqi").
    /// Fairy-Stockfish is recognised by its name and told UCI_Variant xiangqi.
    #[arg(long)]
    pub a: PlayerSpec,
    /// Player B.
    #[arg(long)]
    pub b: PlayerSpec,
    /// Number of games; A plays Red in games 0, 2, 4…, and games 2k and 2k+1 share an
    /// opening.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub games: u32,
    /// Number the games from this one (a long match can be split between processes).
    #[arg(long, default_value_t = 0)]
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
    /// A fixed search depth for both players instead of a time (no clock: the same games
    /// on every machine, for lanqi's engine).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub depth: Option<u32>,
    /// A fixed depth for A.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub a_depth: Option<u32>,
    /// A fixed depth for B.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub b_depth: Option<u32>,
    /// Game clocks instead of a limit per move: SECONDS+INCREMENT (e.g. 60+0.5) for each
    /// side; the engines manage their own time, and a side whose clock runs out loses.
    #[arg(long, value_parser = parse_clock)]
    pub clock: Option<(u64, u64)>,
    /// A node budget a move for both players.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// lanqi's transposition table, in megabytes.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub hash: u64,
    /// Where the games start: `fixed` (the 16 balanced openings, each with both colours)
    /// or `start` (every game from the start position: an engine's opening book, if it
    /// has one, then varies the games).
    #[arg(long, default_value = "fixed", value_parser = ["fixed", "start"])]
    pub openings: String,
    /// Print one line per game (number, opening, A's colour, result, plies) before the
    /// summary.
    #[arg(long)]
    pub verbose: bool,
    /// With --verbose or --progress, add each game's moves (ICCS, from the start) to its
    /// line.
    #[arg(long)]
    pub moves: bool,
    /// Print each game's line on stderr as soon as it ends.
    #[arg(long)]
    pub progress: bool,
}

/// One player's limit: its own time or depth first, then the shared ones.
fn limit(time: Option<u64>, depth: Option<u64>, args: &MatchArgs) -> Go {
    let time = time.or(if depth.is_some() { None } else { args.time });
    let depth = depth.or(if time.is_some() {
        None
    } else {
        args.depth.map(u64::from)
    });
    Go {
        movetime: time.map(Duration::from_millis),
        depth: depth.map(|d| d as u32),
        nodes: if time.is_some() || depth.is_some() {
            None
        } else {
            args.nodes
        },
        clock: None,
    }
}

/// `SECONDS+INCREMENT` in milliseconds.
fn parse_clock(text: &str) -> Result<(u64, u64), String> {
    let (time, inc) = text.split_once('+').unwrap_or((text, "0"));
    let ms = |t: &str| -> Result<u64, String> {
        let s: f64 = t
            .trim()
            .parse()
            .map_err(|_| format!("{t:?} is not a number of seconds"))?;
        if !(0.0..=86_400.0).contains(&s) {
            return Err(format!("{t:?} seconds is out of range"));
        }
        Ok((s * 1000.0).round() as u64)
    };
    let (time, inc) = (ms(time)?, ms(inc)?);
    if time == 0 {
        return Err("the clock needs some time".into());
    }
    Ok((time, inc))
}

/// Runs the match and returns its report.
pub fn run(args: MatchArgs) -> Result<String, UserError> {
    let limits = [
        limit(args.a_time, args.a_depth.map(u64::from), &args),
        limit(args.b_time, args.b_depth.map(u64::from), &args),
    ];
    let config = MatchConfig {
        players: [args.a.clone(), args.b.clone()],
        limits,
        clock: args.clock,
        games: args.games,
        first_game: args.first_game,
        hash_mb: args.hash as usize,
        from_start: args.openings == "start",
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
            a_side: g.a_side,
            a_score: g.a_score(),
            reason: &g.reason,
            plies: g.plies,
            moves: &g.moves,
        };
        line.show(shown, &mut out);
    })
    .map_err(UserError::from_display)?;
    write!(out, "{report}").expect("writing to a string");
    Ok(out)
}
