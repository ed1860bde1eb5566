//! `lanqi engine …`: a computer player on stdin/stdout for other programs to drive (UCI and
//! UCCI for Xiangqi, the China Computer Game Championship protocol for Junqi, Gomocup for
//! Gomoku).

use std::process::ExitCode;

use clap::{Args, Subcommand};

use super::UserError;
use super::junqi::NoBattleLoser;
use crate::engine::junqi::Level;
use crate::engine::junqi::ccgc::{CcgcOptions, serve};
use crate::engine::xiangqi::uci;

/// `lanqi engine` subcommands.
#[derive(Debug, Subcommand)]
pub enum EngineCommand {
    /// The Xiangqi engine, speaking UCI (or UCCI when the first command is `ucci`).
    Xiangqi,
    /// The Junqi engine.
    Junqi(JunqiEngineArgs),
    /// The Gomoku engine, speaking the Gomocup (Piskvork) protocol.
    Gomoku(GomokuEngineArgs),
}

/// Options of `lanqi engine gomoku`.
#[derive(Debug, Args)]
pub struct GomokuEngineArgs {
    /// Search this many nodes a move instead of following the clock (deterministic).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// The transposition table's size in megabytes.
    #[arg(long, default_value_t = crate::engine::gomoku::DEFAULT_HASH_MB)]
    pub hash: usize,
}

/// Options of `lanqi engine junqi`.
#[derive(Debug, Args)]
pub struct JunqiEngineArgs {
    /// Speak the China Computer Game Championship Junqi referee protocol (v1.0) on
    /// stdin/stdout (the only protocol so far; required).
    #[arg(long, required = true)]
    pub ccgc: bool,
    /// The engine's level: easy, medium or hard.
    #[arg(long, default_value = "hard")]
    pub level: Level,
    /// Seed for the layouts and choices.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// The name sent in answer to INFO.
    #[arg(long, default_value = "lanqi")]
    pub name: String,
    /// Who loses when `steps` plies pass without a battle (the protocol's text allows both):
    /// the mover of the last quiet ply (the rule's stated aim), or the side to move after it.
    #[arg(long, value_enum, default_value_t = NoBattleLoser::Mover)]
    pub no_battle_loser: NoBattleLoser,
}

/// Runs a `lanqi engine` subcommand until `quit` or the end of its input.
pub fn run(command: EngineCommand) -> Result<ExitCode, UserError> {
    match command {
        EngineCommand::Xiangqi => {
            let stdin = std::io::stdin().lock();
            uci::run(stdin, std::io::stdout()).map_err(UserError::from_display)?;
            Ok(ExitCode::SUCCESS)
        }
        EngineCommand::Junqi(args) => {
            if args.name.is_empty() || args.name.chars().any(char::is_whitespace) {
                return Err(UserError("--name must be one word".into()));
            }
            let options = CcgcOptions {
                level: args.level,
                seed: args.seed,
                name: args.name,
                no_battle: args.no_battle_loser.verdict(),
            };
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            serve(stdin, stdout, std::io::stderr(), &options)
                .map_err(|e| UserError(format!("engine i/o: {e}")))?;
            Ok(ExitCode::SUCCESS)
        }
        EngineCommand::Gomoku(args) => {
            let options = crate::engine::gomoku::gomocup::Options {
                nodes: args.nodes,
                hash_mb: args.hash,
            };
            let stdin = std::io::stdin().lock();
            let stdout = std::io::stdout().lock();
            crate::engine::gomoku::gomocup::run(stdin, stdout, &options)
                .map_err(|e| UserError(format!("engine i/o: {e}")))?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
