//! `lanqi peer`: the headless peer on a real UDP socket, one JSON object per line on stdout.

use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;

use clap::Args;
use serde_json::Value;

use super::UserError;
use crate::net::Transport;
use crate::net::discovery::MdnsMode;
use crate::peer::{self, BotKind, PeerOptions};
use crate::protocol::Clock;
use crate::rules::junqi::Layout;
use crate::session::GameKind;
use crate::store::Profile;

/// How to find peers on the LAN, for `lanqi peer` and `lanqi peers`.
#[derive(Debug, Args)]
pub struct DiscoveryArgs {
    /// mDNS discovery: all (every real interface), lo (loopback only) or off.
    #[arg(long, default_value = "all")]
    pub mdns: MdnsMode,
    /// Include virtual interfaces (docker, veth, virbr, …) in discovery.
    #[arg(long)]
    pub include_virtual: bool,
}

/// An invitation code, or why it is not one.
fn parse_invitation(text: &str) -> Result<crate::net::invite::Invitation, String> {
    crate::net::invite::Invitation::parse(text).map_err(|e| e.to_string())
}

/// Reads IP:PORT, including an IPv6 link-local address with an interface name as scope.
pub fn parse_peer_addr(text: &str) -> Result<SocketAddr, String> {
    if let Ok(addr) = text.parse() {
        return Ok(addr);
    }
    let bad = || format!("'{text}' is not IP:PORT (IPv6: [ADDR]:PORT or [fe80::1%eth0]:PORT)");
    let (host, port) = text.rsplit_once("]:").ok_or_else(bad)?;
    let (ip, scope) = host
        .trim_start_matches('[')
        .split_once('%')
        .ok_or_else(bad)?;
    let index = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .find(|i| i.name == scope)
        .and_then(|i| i.index)
        .ok_or_else(|| format!("no network interface named '{scope}'"))?;
    let ip: std::net::Ipv6Addr = ip.parse().map_err(|_| bad())?;
    let port: u16 = port.parse().map_err(|_| bad())?;
    Ok(SocketAddr::V6(std::net::SocketAddrV6::new(
        ip, port, 0, index,
    )))
}

#[cfg(test)]
mod tests {
    use super::parse_peer_addr;

    #[test]
    fn peer_addresses_in_every_form() {
        assert_eq!(
            parse_peer_addr("127.0.0.1:4000").unwrap().to_string(),
            "127.0.0.1:4000"
        );
        assert_eq!(
            parse_peer_addr("[::1]:4000").unwrap().to_string(),
            "[::1]:4000"
        );
        // A link-local address scoped by interface name (lo exists everywhere).
        let scoped = parse_peer_addr("[fe80::1%lo]:4000").unwrap();
        match scoped {
            std::net::SocketAddr::V6(v6) => assert!(v6.scope_id() > 0, "{v6}"),
            other => panic!("{other}"),
        }
        assert!(
            parse_peer_addr("[fe80::1%nosuchif]:4000")
                .unwrap_err()
                .contains("nosuchif")
        );
        assert!(parse_peer_addr("localhost").is_err());
        assert!(parse_peer_addr("1.2.3.4").is_err());
    }
}

/// `lanqi peer` arguments.
#[derive(Debug, Args)]
pub struct PeerArgs {
    /// Your nickname.
    #[arg(long, default_value = "lanqi")]
    pub name: String,
    /// UDP port to listen on (0: any free port; the `listening` event says which).
    #[arg(long, default_value_t = 0)]
    pub port: u16,
    /// Address to bind (e.g. 127.0.0.1, or :: for IPv6).
    #[arg(long, default_value = "0.0.0.0")]
    pub bind: std::net::IpAddr,
    /// Challenge the peer at IP:PORT instead of waiting to be challenged (IPv6 as
    /// [ADDR]:PORT, a link-local one with its interface: [fe80::1%eth0]:4000).
    #[arg(long, value_parser = parse_peer_addr)]
    pub connect: Option<SocketAddr>,
    /// Print an invitation code for this peer (`{"event":"invite","code":…}`) and wait: a
    /// friend joins with `--join CODE`, and knows it reached this peer, by its key.
    #[arg(long, conflicts_with_all = ["connect", "watch"])]
    pub invite: bool,
    /// Challenge the peer behind an invitation code (from `--invite`): its addresses are
    /// tried in turn, and only the peer whose key the code names is played.
    #[arg(long, value_parser = parse_invitation, conflicts_with_all = ["connect", "watch", "auto", "invite"])]
    pub join: Option<crate::net::invite::Invitation>,
    /// Play beyond the LAN through these relays: default (iroh's public ones), off (direct
    /// paths only) or URL[,URL…] (a club's own iroh-relay). On with --invite and --join
    /// (default relays unless given); without any of the three this peer stays on the LAN.
    #[arg(long)]
    pub relay: Option<crate::net::internet::Relays>,
    /// Trust only this root certificate (DER or PEM) for the relays: a club relay with a
    /// certificate of its own.
    #[arg(long, requires = "relay")]
    pub relay_root: Vec<PathBuf>,
    /// The UDP port iroh listens on (0: any), at the --bind address.
    #[arg(long, default_value_t = 0)]
    pub iroh_port: u16,
    /// Challenge a friend met beyond the LAN before (friends.txt), by name or key
    /// fingerprint: reached by their key through the relay they were last seen at,
    /// wherever they are now.
    #[arg(long, conflicts_with_all = ["connect", "watch", "auto", "invite", "join"])]
    pub friend: Option<String>,
    /// Watch the game of the peer at IP:PORT (观战) instead of playing: print what a
    /// player's peer prints (started, every move with its public outcome, over, and in
    /// Junqi the audit), the game so far first if it is under way.
    #[arg(long, value_parser = parse_peer_addr, conflicts_with_all = ["connect", "auto"])]
    pub watch: Option<SocketAddr>,
    /// Take no spectators in this peer's games (by default up to 8 may watch).
    #[arg(long)]
    pub no_spectators: bool,
    /// The game to challenge others to, or to open a table of: junqi, xiangqi or gomoku
    /// (a peer accepts any).
    #[arg(long, default_value = "junqi")]
    pub game: GameKind,
    /// Seats at the table, this peer's included: 2, or 3-4 for Gomoku. A peer waiting
    /// with more than two opens a table (a star: it relays) and starts the game when
    /// every seat is taken; others join with --connect.
    #[arg(long, default_value_t = 2)]
    pub seats: u8,
    /// Gomoku: the rule set, freestyle, standard, renju or caro.
    #[arg(long)]
    pub rule: Option<crate::rules::gomoku::Rule>,
    /// Gomoku: the board, columns x rows (WxH, 5x5 to 26x26).
    #[arg(long)]
    pub size: Option<crate::rules::gomoku::Size>,
    /// Gomoku: the win length (default 5).
    #[arg(long)]
    pub win: Option<u8>,
    /// Gomoku: the opening rule, none, swap or swap2 (two seats).
    #[arg(long)]
    pub opening: Option<crate::rules::gomoku::Opening>,
    /// Challenge the first idle peer found on the LAN that offers the same game.
    #[arg(long)]
    pub auto: bool,
    #[command(flatten)]
    pub discovery: DiscoveryArgs,
    /// How the bot plays: random, first, greedy, or the computer player engine:easy,
    /// engine:medium or engine:hard (which deploys its own layout); in Xiangqi also an
    /// external engine, uci:PATH or ucci:PATH (1 s a move, less with a short clock; it
    /// resigns if the engine fails).
    #[arg(long, default_value = "random")]
    pub bot: BotKind,
    /// A file holding one line of layout text to deploy (default: a random layout).
    #[arg(long)]
    pub layout: Option<PathBuf>,
    /// Games to play before exiting.
    #[arg(long, default_value_t = 1)]
    pub games: u32,
    /// Milliseconds the bot waits before each move.
    #[arg(long, default_value_t = 0)]
    pub delay: u64,
    /// Game clock and move clock in seconds, GAME+MOVE (0 = unlimited), when challenging.
    #[arg(long, default_value = "0+0")]
    pub clock: Clock,
    /// Seconds of silence after which the peer is reported gone.
    #[arg(long, default_value_t = 10)]
    pub timeout: u64,
    /// Seed for the bot's choices and random layouts (default: random).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Profile directory (identity key, known peers, saved games); default: the platform's.
    #[arg(long)]
    pub profile: Option<PathBuf>,
    /// A chat line to send when each game starts.
    #[arg(long)]
    pub chat: Option<String>,
    /// Play a new game even if an unfinished one is saved (by default it is resumed).
    #[arg(long)]
    pub new_game: bool,
    /// Lie in the given way, to test the fair-play checks: false-outcome, false-table,
    /// wrong-ranks, illegal-layout, refuse-open, hide-flag or illegal-moves. Only in builds with the
    /// `cheat` feature (the test suite's); a normal build has no such option.
    #[cfg(feature = "cheat")]
    #[arg(long, default_value = "none")]
    pub cheat: crate::session::Cheat,
}

/// Runs `lanqi peer`; returns the exit status.
pub fn run(args: PeerArgs) -> Result<std::process::ExitCode, UserError> {
    if args.name.is_empty() || args.name.chars().count() > crate::protocol::message::MAX_NAME {
        return Err(UserError(format!(
            "--name must be 1 to {} characters",
            crate::protocol::message::MAX_NAME
        )));
    }
    if args.auto && args.connect.is_some() {
        return Err(UserError(
            "--auto finds its own opponent: leave out --connect".into(),
        ));
    }
    if args.auto && args.discovery.mdns == MdnsMode::Off {
        return Err(UserError(
            "--auto needs discovery: use --mdns all or lo, not off".into(),
        ));
    }
    if let Some(to) = args.connect.or(args.watch)
        && !crate::net::internet::is_synthetic(&to)
        && to.is_ipv6() != args.bind.is_ipv6()
    {
        let hint = if to.is_ipv6() {
            "--bind ::"
        } else {
            "--bind 0.0.0.0"
        };
        return Err(UserError(format!(
            "cannot reach {to} from {}: add {hint}",
            args.bind
        )));
    }
    let layout = match &args.layout {
        Some(path) => {
            let text = crate::store::read_bounded(path, 64 << 10)
                .and_then(|b| {
                    String::from_utf8(b).map_err(|_| {
                        std::io::Error::new(std::io::ErrorKind::InvalidData, "not UTF-8 text")
                    })
                })
                .map_err(|e| UserError(format!("reading layout file {}: {e}", path.display())))?;
            let layout: Layout = text
                .trim()
                .parse()
                .map_err(|e| UserError(format!("layout file {}: {e}", path.display())))?;
            Some(layout)
        }
        None => None,
    };
    let game = table_game(&args)?;
    let profile = Profile::open(args.profile.as_deref()).map_err(UserError::from_display)?;
    let friend = match &args.friend {
        Some(who) => Some(find_friend(&profile, who)?),
        None => None,
    };
    let identity = profile.identity().map_err(UserError::from_display)?;
    let games_dir = profile.games_dir().map_err(UserError::from_display)?;
    let options = PeerOptions {
        name: args.name,
        connect: args.connect.or(friend),
        invite: args.invite,
        join: args.join,
        game,
        bot: args.bot,
        layout,
        games: args.games.max(1),
        delay_ms: args.delay,
        clock: args.clock,
        silence_timeout_ms: args.timeout.saturating_mul(1000),
        seed: args.seed.unwrap_or_else(rand::random),
        games_dir: Some(games_dir),
        chat: args.chat,
        new_game: args.new_game,
        mdns: args.discovery.mdns,
        include_virtual: args.discovery.include_virtual,
        auto: args.auto,
        watch: args.watch,
        spectators: !args.no_spectators,
        #[cfg(feature = "cheat")]
        cheat: args.cheat,
        ..PeerOptions::default()
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| UserError(format!("starting the runtime: {e}")))?;
    let bind = SocketAddr::new(args.bind, args.port);
    let beyond = options.invite || options.join.is_some() || friend.is_some();
    let internet =
        (args.relay.is_some() || beyond).then(|| crate::net::internet::InternetSettings {
            relays: args.relay.clone().unwrap_or_default(),
            relay_roots: args.relay_root.clone(),
            bind: (!args.bind.is_unspecified() || args.iroh_port != 0)
                .then_some(SocketAddr::new(args.bind, args.iroh_port)),
        });
    let result = runtime.block_on(async {
        let socket = tokio::net::UdpSocket::bind(bind)
            .await
            .map_err(|e| UserError(format!("cannot listen on {bind}: {e}")))?;
        let socket = match &internet {
            Some(settings) => {
                let net = crate::net::internet::Internet::start(identity.signing_key(), settings)
                    .await
                    .map_err(UserError::from_display)?;
                crate::net::carriers::Carriers::with_internet(socket, net)
            }
            None => crate::net::carriers::Carriers::udp(socket),
        };
        let emit = |v: &Value| {
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{v}").and_then(|_| out.flush());
        };
        let result = peer::run(&socket, identity, options, Some(&profile), emit).await;
        // What went each way, for the measurements (docs/MEASUREMENTS.md).
        emit(&crate::peer::Event::Carried(socket.carried()).to_json());
        if let Some(net) = socket.internet() {
            net.close(std::time::Duration::from_secs(2)).await;
        }
        Ok::<_, UserError>(result)
    })?;
    match result {
        Ok(_) => Ok(std::process::ExitCode::SUCCESS),
        Err(e) => {
            let v = serde_json::json!({"event": "error", "message": e.to_string()});
            let mut out = std::io::stdout().lock();
            let _ = writeln!(out, "{v}").and_then(|_| out.flush());
            eprintln!("lanqi: {e}");
            Ok(std::process::ExitCode::from(1))
        }
    }
}

/// The address a friend is challenged at (by their key, over iroh), found in the profile's
/// friends by name or fingerprint.
fn find_friend(profile: &Profile, who: &str) -> Result<SocketAddr, UserError> {
    let (friends, _) = crate::store::Friends::load_despite(&profile.friends_path())
        .map_err(UserError::from_display)?;
    friends
        .list()
        .iter()
        .find(|f| f.name == who || crate::store::fingerprint(&f.key) == who)
        .map(|f| crate::net::internet::synthetic(&f.key))
        .ok_or_else(|| {
            UserError(format!(
                "--friend {who}: no friend of that name or fingerprint in {}",
                profile.friends_path().display()
            ))
        })
}

/// The game with the table options (`--seats`, and Gomoku's `--rule`, `--size`, `--win`,
/// `--opening`),
/// or why they do not fit it.
fn table_game(args: &PeerArgs) -> Result<GameKind, UserError> {
    match args.game {
        GameKind::Gomoku(mut settings) => {
            settings.seats = args.seats;
            settings.rule = args.rule.unwrap_or(settings.rule);
            settings.size = args.size.unwrap_or(settings.size);
            settings.win = args.win.unwrap_or(settings.win);
            settings.opening = args.opening.unwrap_or(settings.opening);
            crate::rules::gomoku::Game::new(settings)
                .map_err(|e| UserError(format!("--game gomoku: {e}")))?;
            Ok(GameKind::Gomoku(settings))
        }
        other => {
            if args.seats != 2 {
                return Err(UserError(format!(
                    "--seats {}: {other} is a game for two",
                    args.seats
                )));
            }
            if args.rule.is_some()
                || args.size.is_some()
                || args.win.is_some()
                || args.opening.is_some()
            {
                return Err(UserError(format!(
                    "--rule, --size, --win and --opening are Gomoku's; {other} has none"
                )));
            }
            Ok(other)
        }
    }
}
