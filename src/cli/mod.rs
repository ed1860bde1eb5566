//! The `lanqi` command line: argument parsing (clap) and the subcommands. Each subcommand
//! writes its whole output to a string, so a failure leaves stdout untouched.

mod engine;
mod junqi;
mod junqi_match;
mod peer;
mod peers;

use clap::{Parser, Subcommand};

/// The `lanqi` command line.
#[derive(Debug, Parser)]
#[command(
    name = "lanqi",
    version,
    about = "Board games with people on your LAN, no server needed"
)]
pub struct Cli {
    /// What to do; with none, this help.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// The top-level subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Junqi (两国军棋) rules tools: legal moves, playing moves, views, layouts, perft.
    #[command(subcommand)]
    Junqi(junqi::JunqiCommand),
    /// A computer player speaking a competition protocol on stdin/stdout.
    #[command(subcommand)]
    Engine(engine::EngineCommand),
    /// A headless peer: listens (or challenges with --connect), plays with a bot, and prints
    /// one JSON object per line for everything that happens.
    Peer(peer::PeerArgs),
    /// List the peers found on the LAN (mDNS).
    Peers(peers::PeersArgs),
}

/// A failure a user caused (bad input): one line for stderr; the process exits with 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UserError(pub String);

impl UserError {
    /// Wraps any error's message.
    pub fn from_display(e: impl std::fmt::Display) -> UserError {
        UserError(e.to_string())
    }
}

/// What a command produced: text for stdout, or a long-running command's exit status
/// (it printed as it went).
pub enum Outcome {
    /// Print this and exit 0.
    Print(String),
    /// Already printed; exit with this status.
    Exit(std::process::ExitCode),
}

/// Runs a parsed command line.
pub fn run(command: Command) -> Result<Outcome, UserError> {
    match command {
        Command::Engine(c) => engine::run(c).map(Outcome::Exit),
        Command::Junqi(c) => junqi::run(c).map(Outcome::Print),
        Command::Peer(args) => peer::run(args).map(Outcome::Exit),
        Command::Peers(args) => peers::run(args).map(Outcome::Print),
    }
}
