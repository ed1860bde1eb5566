//! The `lanqi` command line: argument parsing (clap) and the subcommands. Each subcommand
//! writes its whole output to a string, so a failure leaves stdout untouched.

mod engine;
mod gomoku;
mod gomoku_match;
mod junqi;
mod junqi_match;
mod match_line;
mod peer;
mod peers;
mod tibetan;
mod verify;
mod xiangqi;
mod xiangqi_match;
mod xiangqi_tune;

use clap::{Parser, Subcommand};

/// The `lanqi` command line.
#[derive(Debug, Parser)]
#[command(
    name = "lanqi",
    version,
    about = "Board games with people on your LAN, no server needed",
    long_about = "Board games with people on your LAN, no server needed.\n\n\
                  With no command, lanqi opens the desktop app (options below); the \
                  commands are the command-line tools and the headless peer."
)]
#[command(args_conflicts_with_subcommands = true)]
pub struct Cli {
    /// What to do; with none, the desktop app (in a build without it, this help).
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The desktop app's options (`lanqi` with no subcommand).
    #[cfg(feature = "gui")]
    #[command(flatten)]
    pub app: AppArgs,
}

/// `lanqi [--profile DIR] [--name NAME] [--port P] [--mdns all|lo|off] [--clock G+M]`:
/// the desktop app. Two copies run side by side on one machine with two profiles.
#[cfg(feature = "gui")]
#[derive(Debug, clap::Args)]
pub struct AppArgs {
    /// Profile directory (identity key, layouts, saved games); default: the platform's.
    /// A second copy on the same machine needs its own.
    #[arg(long)]
    pub profile: Option<std::path::PathBuf>,
    /// Your nickname (default: your login name).
    #[arg(long)]
    pub name: Option<String>,
    /// UDP port to listen on (0: any free port; the lobby shows it).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// mDNS discovery: all (every real interface), lo (loopback only) or off.
    #[arg(long, default_value = "all")]
    pub mdns: crate::net::discovery::MdnsMode,
    /// Game clock and move clock in seconds, GAME+MOVE (0 = unlimited), proposed when you
    /// challenge (default: the lobby's last choice, else none).
    #[arg(long)]
    pub clock: Option<crate::protocol::Clock>,
    /// Play beyond the LAN through these relays: default (iroh's public ones), off (direct
    /// paths only), none (the LAN only) or URL[,URL…] (a club's own iroh-relay). Default:
    /// the settings' `relay`, else default.
    #[arg(long)]
    pub relay: Option<String>,
    /// Trust only this root certificate (DER or PEM) for the relays: a club relay with a
    /// certificate of its own.
    #[arg(long)]
    pub relay_root: Vec<std::path::PathBuf>,
}

#[cfg(feature = "gui")]
impl AppArgs {
    /// The app's options, or why they are wrong.
    pub fn options(self) -> Result<crate::gui::app::Options, UserError> {
        let mut options = crate::gui::app::Options::default();
        // The saved name and language come before the defaults, the command line first.
        let mut relay = Some(crate::net::internet::Relays::Default);
        if let Ok(profile) = crate::store::Profile::open(self.profile.as_deref()) {
            let path = profile.settings_path();
            let (saved, warning) = crate::store::Settings::load(&path);
            if let Some(warning) = warning {
                eprintln!("lanqi: {warning}");
            }
            if !saved.name.trim().is_empty() {
                options.name = saved.name.trim().to_string();
            }
            options.lang = saved.effective_lang();
            options.sound = saved.sound;
            options.spectators = saved.spectators;
            options.clock = saved.clock.unwrap_or_default();
            options.engine = saved.engine;
            options.window = saved.window.map(|(w, h)| iced::Size::new(w, h));
            options.settings = Some(path);
            relay = saved.relay;
        }
        match self.relay.as_deref() {
            Some("none") => relay = None,
            Some(text) => {
                relay = Some(
                    text.parse()
                        .map_err(|e| UserError(format!("--relay: {e}")))?,
                )
            }
            None => {}
        }
        options.internet = relay.map(|relays| crate::net::internet::InternetSettings {
            relays,
            relay_roots: self.relay_root,
            bind: None,
        });
        if let Some(name) = self.name {
            let max = crate::protocol::message::MAX_NAME;
            if name.trim().is_empty() || name.chars().count() > max {
                return Err(UserError(format!("--name must be 1 to {max} characters")));
            }
            options.name = name.trim().to_string();
        }
        options.sound_path = std::env::var_os("PATH");
        options.profile = self.profile;
        options.port = self.port;
        options.mdns = self.mdns;
        if let Some(clock) = self.clock {
            options.clock = clock;
        }
        Ok(options)
    }
}

/// The top-level subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Junqi (两国军棋) rules tools: legal moves, playing moves, views, layouts, perft.
    #[command(subcommand)]
    Junqi(junqi::JunqiCommand),
    /// A headless peer: listens (or challenges with --connect), plays with a bot, and prints
    /// one JSON object per line for everything that happens.
    Peer(Box<peer::PeerArgs>),
    /// List the peers found on the LAN (mDNS).
    Peers(peers::PeersArgs),
    /// A computer player for other programs: `lanqi engine xiangqi` speaks UCI and UCCI,
    /// `lanqi engine junqi --ccgc` the China Computer Game Championship protocol,
    /// `lanqi engine gomoku` the Gomocup (Piskvork) protocol.
    #[command(subcommand)]
    Engine(engine::EngineCommand),
    /// Xiangqi (中国象棋) rules tools: legal moves, perft, playing moves.
    #[command(subcommand)]
    Xiangqi(xiangqi::XiangqiCommand),
    /// Gomoku (五子棋) rules tools: playing moves, renju's forbidden points.
    #[command(subcommand)]
    Gomoku(gomoku::GomokuCommand),
    /// Tibetan seven-square chess (七方棋) rules tools: legal turns, playing turns.
    #[command(subcommand)]
    Tibetan(tibetan::TibetanCommand),
    /// Check saved games as anyone can: the writer's signature, the moves by the rules,
    /// and every seat's signatures on its moves; names any seat that does not hold.
    Verify(verify::VerifyArgs),
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
        Command::Peer(args) => peer::run(*args).map(Outcome::Exit),
        Command::Peers(args) => peers::run(args).map(Outcome::Print),
        Command::Engine(c) => engine::run(c).map(Outcome::Exit),
        Command::Xiangqi(c) => xiangqi::run(c).map(Outcome::Print),
        Command::Gomoku(c) => gomoku::run(c).map(Outcome::Print),
        Command::Tibetan(c) => tibetan::run(c).map(Outcome::Print),
        Command::Verify(args) => verify::run(args).map(Outcome::Exit),
    }
}
