//! `lanqi junqi match`: games between players (random, greedy, engine levels), refereed
//! with full information, each player told only what it may know.

use std::fmt::Write;

use clap::Args;

use super::UserError;
use super::junqi::{NoBattleLoser, Rules};
use crate::engine::junqi::PlayerSpec;
use crate::engine::junqi::referee::{MatchConfig, run_match};

/// Options of `lanqi junqi match`.
#[derive(Debug, Args)]
pub struct MatchArgs {
    /// Player A (whose score is printed): random, greedy, belief, engine:easy,
    /// engine:medium or engine:hard.
    #[arg(long)]
    pub a: PlayerSpec,
    /// Player B.
    #[arg(long)]
    pub b: PlayerSpec,
    /// Number of games; A is South and moves first in games 0, 2, 4...
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub games: u32,
    /// Number the games from this one (games keep their sides and seeds by number, so a
    /// long match can be split between processes).
    #[arg(long, default_value_t = 0)]
    pub first_game: u32,
    /// Seed: the same seed gives the same match (unless --timed).
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The end-of-game rule set.
    #[arg(long, value_enum, default_value_t = Rules::Default)]
    pub rules: Rules,
    /// Under the championship rules, who loses when the no-battle count runs out: the
    /// mover of the last quiet ply, or the side to move after it.
    #[arg(long, value_enum, default_value_t = NoBattleLoser::Mover)]
    pub no_battle_loser: NoBattleLoser,
    /// Also stop engines at their level's time limit (0.1 s, 0.5 s, 2 s); the results then
    /// depend on the machine's speed and load.
    #[arg(long)]
    pub timed: bool,
    /// A node budget per move for engines, instead of their level's.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// A node budget per move for player A alone (overrides --nodes for A).
    #[arg(long)]
    pub a_nodes: Option<u64>,
    /// A node budget per move for player B alone (overrides --nodes for B).
    #[arg(long)]
    pub b_nodes: Option<u64>,
    /// With --timed, a time limit a move in seconds for player A's engine alone, instead
    /// of its level's.
    #[arg(long)]
    pub a_time: Option<f64>,
    /// With --timed, the same for player B.
    #[arg(long)]
    pub b_time: Option<f64>,
    /// Print one line per game (number, A's side, result, plies) before the summary.
    #[arg(long)]
    pub verbose: bool,
    /// Print each game's line on stderr as soon as it ends.
    #[arg(long)]
    pub progress: bool,
}

/// Runs the match and returns its report.
pub fn run(args: MatchArgs) -> Result<String, UserError> {
    let config = MatchConfig {
        a: args.a,
        b: args.b,
        games: args.games,
        first_game: args.first_game,
        seed: args.seed,
        rules: args.rules.rule_set(args.no_battle_loser),
        timed: args.timed,
        nodes: args.nodes,
        a_nodes: args.a_nodes,
        b_nodes: args.b_nodes,
        a_time: seconds(args.a_time, "--a-time")?,
        b_time: seconds(args.b_time, "--b-time")?,
    };
    let mut out = String::new();
    let report = run_match(config, |i, g| {
        let result = match g.a_score() {
            1.0 => "win",
            0.0 => "loss",
            _ => "draw",
        };
        let line = format!(
            "game {i} a={} {result} ({}) {} plies",
            g.a_side, g.reason, g.plies
        );
        if args.progress {
            eprintln!("{line}");
        }
        if args.verbose {
            writeln!(out, "{line}").expect("writing to a string");
        }
    });
    write!(out, "{report}").expect("writing to a string");
    Ok(out)
}

/// A time limit given in seconds on the command line.
fn seconds(value: Option<f64>, name: &str) -> Result<Option<std::time::Duration>, UserError> {
    value
        .map(|t| {
            std::time::Duration::try_from_secs_f64(t)
                .map_err(|_| UserError(format!("{name} {t}: not a number of seconds")))
        })
        .transpose()
}
