//! The `lanqi` command line: argument parsing (clap) and the subcommands. Each subcommand
//! writes its whole output to a string, so a failure leaves stdout untouched.

mod engine;
mod junqi;
mod junqi_match;
mod peer;
mod peers;
mod xiangqi;

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
    /// A headless peer: listens (or challenges with --connect), plays with a bot, and prints
    /// one JSON object per line for everything that happens.
    Peer(peer::PeerArgs),
    /// List the peers found on the LAN (mDNS).
    Peers(peers::PeersArgs),
    /// A computer player for other programs: `lanqi engine xiangqi` speaks UCI and UCCI,
    /// `lanqi engine junqi --ccgc` the China Computer Game Championship protocol.
    #[command(subcommand)]
    Engine(engine::EngineCommand),
    /// Xiangqi (中国象棋) rules tools: legal moves, perft, playing moves.
    #[command(subcommand)]
    Xiangqi(xiangqi::XiangqiCommand),
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
        Command::Junqi(c) => junqi::run(c).map(Outcome::Print),
        Command::Peer(args) => peer::run(args).map(Outcome::Exit),
        Command::Peers(args) => peers::run(args).map(Outcome::Print),
        Command::Engine(c) => engine::run(c).map(Outcome::Exit),
        Command::Xiangqi(c) => xiangqi::run(c).map(Outcome::Print),
    }
}
