//! `lanqi engine …`: a computer player on stdin/stdout for other programs to drive.

use std::process::ExitCode;

use clap::Subcommand;

use super::UserError;
use crate::engine::xiangqi::uci;

/// `lanqi engine` subcommands.
#[derive(Debug, Subcommand)]
pub enum EngineCommand {
    /// The Xiangqi engine, speaking UCI (or UCCI when the first command is `ucci`).
    Xiangqi,
}

/// Runs a `lanqi engine` subcommand until `quit` or the end of input.
pub fn run(command: EngineCommand) -> Result<ExitCode, UserError> {
    match command {
        EngineCommand::Xiangqi => {
            let stdin = std::io::stdin().lock();
            uci::run(stdin, std::io::stdout()).map_err(UserError::from_display)?;
            Ok(ExitCode::SUCCESS)
        }
    }
}
