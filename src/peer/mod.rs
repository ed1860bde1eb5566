//! The headless peer: one endpoint, one session at a time (of the game the challenge named:
//! Junqi or Xiangqi), a simple bot, a JSON line
//! for everything that happens, and a transcript saved after every move. `lanqi peer` runs
//! it over a real UDP socket; the tests run the very same loop over the lossy link.

pub mod bot;
pub mod control;

use std::net::SocketAddr;
use std::path::PathBuf;

use serde_json::{Value, json};
use tokio::time::{Duration, Instant};

use crate::net::discovery::{Advert, Discovery, MdnsMode, Status};
use crate::net::{Endpoint, EndpointConfig, NetEvent, PeerInfo, Transport};
use crate::protocol::fair::Binding;
use crate::protocol::message::hex;
use crate::protocol::{Clock, Message};
use crate::rules::junqi::Layout;
use crate::session::transcript::Transcript;
use crate::session::{
    AnyTable, Audit, Cheat, Effect, GameKind, Local, Notice, Seat, Secrets, Session, TableGame,
};
use crate::store::{Identity, Profile, Trust, fingerprint, write_atomically};
pub use bot::{Bot, BotKind};
pub use control::{Command, Controller, Snapshot};

/// How often `--auto` pings the peers it found.
const PRESENCE_PING_MS: u64 = 1000;
/// `--auto`: how long a peer that said no (or nothing) is passed over.
const AUTO_RETRY_MS: u64 = 10_000;
/// A found peer that has not answered a ping for this long is not challenged.
const PRESENCE_TIMEOUT_MS: u64 = 3000;

/// How long a peer whose games are over waits for its last messages to be acknowledged.
const FAREWELL_MS: u64 = 3000;
/// How long after a game's end the peer's opening may take; after that the peer is taken
/// to refuse the audit, and loses.
const AUDIT_WAIT_MS: u64 = 10_000;

/// Everything `lanqi peer` can be told.
#[derive(Clone, Debug)]
pub struct PeerOptions {
    /// Nickname.
    pub name: String,
    /// Challenge this address; otherwise wait to be challenged.
    pub connect: Option<SocketAddr>,
    /// The game this peer challenges others to (it accepts challenges to any game).
    pub game: GameKind,
    /// How the bot plays.
    pub bot: BotKind,
    /// The layout to deploy; a random one (from `seed`) if none.
    pub layout: Option<Layout>,
    /// Games to play before exiting.
    pub games: u32,
    /// Milliseconds the bot waits before each move.
    pub delay_ms: u64,
    /// Clock proposed when challenging.
    pub clock: Clock,
    /// Silence after which the peer is reported gone.
    pub silence_timeout_ms: u64,
    /// How long to wait for a gone peer to come back (resume) before giving up.
    pub resume_wait_ms: u64,
    /// Seed for the bot and random layouts.
    pub seed: u64,
    /// Where transcripts are saved and resumed from; none: nothing is saved.
    pub games_dir: Option<PathBuf>,
    /// A chat line to send when each game starts.
    pub chat: Option<String>,
    /// Ignore an unfinished saved game instead of resuming it.
    pub new_game: bool,
    /// Where to advertise and browse with mDNS.
    pub mdns: MdnsMode,
    /// Include virtual interfaces (docker, veth, …) in discovery.
    pub include_virtual: bool,
    /// Challenge the first idle peer found that offers the same game.
    pub auto: bool,
    /// How this peer lies (tests of the fair-play checks; `lanqi peer --cheat` exists only
    /// in builds with the `cheat` feature).
    pub cheat: Cheat,
    /// Hand-driven: accept a challenge from this key at once, without asking (the
    /// hot-seat guest accepts its host).
    pub accept_from: Option<[u8; 32]>,
}

impl Default for PeerOptions {
    fn default() -> PeerOptions {
        PeerOptions {
            name: "lanqi".into(),
            connect: None,
            game: GameKind::Junqi,
            bot: BotKind::Random,
            layout: None,
            games: 1,
            delay_ms: 0,
            clock: Clock::default(),
            silence_timeout_ms: 10_000,
            resume_wait_ms: 60_000,
            seed: 0,
            games_dir: None,
            chat: None,
            new_game: false,
            mdns: MdnsMode::Off,
            include_virtual: false,
            auto: false,
            cheat: Cheat::None,
            accept_from: None,
        }
    }
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerReport {
    /// Each game's result: winner (`south`/`north`/`draw`), reason, transcript head (hex).
    pub games: Vec<(String, String, String)>,
    /// Drops counted by the endpoint.
    pub drops: crate::net::DropCounters,
}

/// Why a run stopped before its games were played.
#[derive(Debug, thiserror::Error)]
pub enum PeerError {
    /// The socket could not be set up.
    #[error("network: {0}")]
    Io(#[from] std::io::Error),
    /// The other side declined, was busy, left, or never answered.
    #[error("{0}")]
    Peer(String),
    /// The other side broke the rules; the game stopped.
    #[error("the peer broke the rules: {0}")]
    Refused(String),
}

/// The game in progress and what its transcript needs.
struct Table {
    session: Session<AnyTable>,
    peer: PeerInfo,
    /// The peer's signed datagrams for its moves, battles and openings, by ply.
    evidence: Vec<(u32, Vec<u8>)>,
    /// The same, grouped by message with its command word, to show with audit findings.
    signed: Vec<(u32, String, Vec<Vec<u8>>)>,
    /// When the game ended, until its audit is in.
    awaiting_audit: Option<u64>,
    /// The game's chat lines, oldest first (the latest [`CHAT_KEPT`]).
    chat: Vec<(Seat, String)>,
    /// A hot-seat game with this screen's guest: neither saved nor resumable.
    hot_seat: bool,
}

/// How many chat lines a game keeps for the user interface.
const CHAT_KEPT: usize = 200;

impl Table {
    fn new(session: Session<AnyTable>, peer: PeerInfo) -> Table {
        Table {
            session,
            peer,
            evidence: Vec::new(),
            signed: Vec::new(),
            awaiting_audit: None,
            chat: Vec::new(),
            hot_seat: false,
        }
    }

    /// Whether a game has started (`start` sent or received). Until then the session is a
    /// placeholder with game id 0 that only remembers the peer; it is never played.
    fn started(&self) -> bool {
        self.session.game_id() != 0
    }
}

/// A game's fresh secrets: bound to the session (its id and both keys, seat 0 first) and
/// the game id; the secret bytes come from the operating system's randomness.
fn fresh_secrets(session: u64, keys: [[u8; 32]; 2], game_id: u64, cheat: Cheat) -> Secrets {
    let mut context = session.to_be_bytes().to_vec();
    context.extend_from_slice(&keys[0]);
    context.extend_from_slice(&keys[1]);
    Secrets {
        binding: Binding::new(&context, game_id),
        secret: rand::random(),
        cheat,
    }
}

struct Peer<'a, T: Transport, F: FnMut(&Value)> {
    transport: &'a T,
    endpoint: Endpoint,
    identity: Identity,
    options: PeerOptions,
    emit: F,
    start: Instant,
    table: Option<Table>,
    /// A transcript of an unfinished game found at start, to resume.
    unfinished: Option<Transcript>,
    bot: Bot,
    bot_due: Option<u64>,
    next_game_due: Option<u64>,
    gone_since: Option<u64>,
    finished_at: Option<u64>,
    discovery: Option<Discovery>,
    found_first: bool,
    /// When each discovered peer last answered a presence ping, and from where.
    alive: std::collections::HashMap<[u8; 32], (u64, SocketAddr)>,
    /// `--auto`: peers that said no (or nothing) lately, not challenged again until then.
    skip: std::collections::HashMap<[u8; 32], u64>,
    /// `--auto`: the peer challenged last.
    challenged: Option<[u8; 32]>,
    next_ping: u64,
    report: PeerReport,
    known: Option<crate::store::KnownPeers>,
    /// A person drives this peer (the desktop app), not the bot.
    controller: Option<Controller>,
    /// Hand-driven: a challenge waiting for the user's answer.
    incoming: Option<control::Incoming>,
    /// Hand-driven: the last thing that went wrong, for the user.
    problem: Option<String>,
    /// Addresses others can type to reach this peer.
    addresses: Vec<String>,
    /// Hot-seat: the second seat at this screen.
    guest: Option<control::Guest>,
}

/// Runs a headless peer on `transport` until its games are played.
pub async fn run<T: Transport>(
    transport: &T,
    identity: Identity,
    options: PeerOptions,
    profile: Option<&Profile>,
    emit: impl FnMut(&Value),
) -> Result<PeerReport, PeerError> {
    run_with(transport, identity, options, profile, emit, None).await
}

/// Runs a peer that a person drives through `controller` (the desktop app): it answers
/// challenges, deploys and moves only when told, publishes a [`Snapshot`] after every
/// change, outlives its games and the peers it meets, and stops on [`Command::Quit`].
pub async fn run_controlled<T: Transport>(
    transport: &T,
    identity: Identity,
    options: PeerOptions,
    profile: Option<&Profile>,
    emit: impl FnMut(&Value),
    controller: Controller,
) -> Result<PeerReport, PeerError> {
    run_with(
        transport,
        identity,
        options,
        profile,
        emit,
        Some(controller),
    )
    .await
}

async fn run_with<T: Transport>(
    transport: &T,
    identity: Identity,
    options: PeerOptions,
    profile: Option<&Profile>,
    emit: impl FnMut(&Value),
    controller: Option<Controller>,
) -> Result<PeerReport, PeerError> {
    let config = EndpointConfig {
        name: options.name.clone(),
        games: GameKind::ALL.iter().map(|g| g.name().to_string()).collect(),
        clock: options.clock,
        silence_timeout: options.silence_timeout_ms,
        ..EndpointConfig::default()
    };
    let nonces = Box::new(rand::random::<[u8; 16]>);
    let endpoint = Endpoint::new(identity.signing_key().clone(), config, nonces);
    let unfinished = options
        .games_dir
        .as_ref()
        .filter(|_| !options.new_game)
        .and_then(|dir| find_unfinished(dir, &identity));
    let known = profile.and_then(|p| p.known_peers().ok());
    let mut peer = Peer {
        transport,
        endpoint,
        identity,
        bot: Bot::new(options.bot, options.seed),
        options,
        emit,
        start: Instant::now(),
        table: None,
        unfinished,
        bot_due: None,
        next_game_due: None,
        gone_since: None,
        finished_at: None,
        discovery: None,
        found_first: false,
        alive: Default::default(),
        skip: Default::default(),
        challenged: None,
        next_ping: 0,
        report: PeerReport {
            games: Vec::new(),
            drops: Default::default(),
        },
        known,
        controller,
        incoming: None,
        problem: None,
        addresses: Vec::new(),
        guest: None,
    };
    let result = peer.run().await;
    if let Some(discovery) = peer.discovery.take() {
        // Leave everyone's list at once rather than after the record's lifetime.
        discovery.shutdown();
    }
    if result.is_err() {
        // Leave properly: whatever is queued (an `over` after a refusal), then `bye`.
        let now = peer.now();
        peer.endpoint.disconnect(now);
        peer.transmit(now).await;
    }
    let drops = peer.endpoint.drops();
    (peer.emit)(&json!({"event": "drops", "total": drops.total(), "counters": drops}));
    peer.report.drops = drops;
    result.map(|_| peer.report)
}

/// Where a game's transcript lives: named by the game id and the peer's key, so that a
/// peer cannot overwrite another peer's games by reusing an id.
fn transcript_path(dir: &std::path::Path, game_id: u64, peer: &[u8; 32]) -> PathBuf {
    dir.join(format!("{game_id:016x}-{}.lanqi", &hex(peer)[..16]))
}

/// Completes when the user asks the process to stop (Ctrl-C, or SIGTERM on Unix), so that
/// it can leave the LAN's lists and say goodbye first.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// The addresses others can type to reach this peer: the bound one, or every interface's
/// when bound to all of them.
fn own_addresses(bound: SocketAddr) -> Vec<String> {
    if !bound.ip().is_unspecified() {
        return vec![bound.to_string()];
    }
    let mut addrs: Vec<(bool, String)> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| bound.is_ipv6() || i.ip().is_ipv4())
        .map(|i| {
            let ip = i.ip();
            let text = match ip {
                std::net::IpAddr::V6(v6) if v6.is_unicast_link_local() => {
                    format!("[{v6}%{}]:{}", i.name, bound.port())
                }
                ip => SocketAddr::new(ip, bound.port()).to_string(),
            };
            (ip.is_loopback(), text)
        })
        .collect();
    addrs.sort();
    addrs.into_iter().map(|(_, a)| a).collect()
}

/// The newest unfinished transcript this identity wrote, if any.
fn find_unfinished(dir: &std::path::Path, identity: &Identity) -> Option<Transcript> {
    let mut found: Vec<(std::time::SystemTime, Transcript)> = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter(|e| e.path().extension().is_some_and(|x| x == "lanqi"))
        .filter_map(|e| {
            let text = std::fs::read_to_string(e.path()).ok()?;
            let t = Transcript::parse(&text).ok()?;
            let mtime = e.metadata().ok()?.modified().ok()?;
            (!t.is_finished() && t.keys[t.me as usize] == identity.public_key())
                .then_some((mtime, t))
        })
        .collect();
    found.sort_by_key(|(m, _)| *m);
    found.pop().map(|(_, t)| t)
}

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    async fn run(&mut self) -> Result<(), PeerError> {
        let addr = self.transport.local_addr()?;
        let fp = self.identity.fingerprint();
        self.addresses = own_addresses(addr);
        (self.emit)(
            &json!({"event": "listening", "addr": addr.ip().to_string(), "port": addr.port(),
            "name": self.options.name, "fingerprint": fp, "addresses": self.addresses}),
        );
        self.start_discovery(addr.port());
        let resume_to = self.unfinished.as_ref().map(|t| {
            let to = self.options.connect.or(t.peer_addr.parse().ok());
            (t.game_id, t.game, to)
        });
        match resume_to {
            Some((game_id, game, Some(to))) => {
                (self.emit)(
                    &json!({"event": "resuming", "game_id": format!("{game_id:016x}"), "to": to.to_string()}),
                );
                let now = self.now();
                self.endpoint.challenge(to, game.name(), Some(game_id), now);
            }
            _ => {
                if let Some(to) = self.options.connect {
                    let now = self.now();
                    self.endpoint
                        .challenge(to, self.options.game.name(), None, now);
                }
            }
        }
        let mut buf = vec![0u8; 2048];
        let mut stop = std::pin::pin!(stop_signal());
        loop {
            let now = self.now();
            self.transmit(now).await;
            while let Some(event) = self.endpoint.poll_event() {
                let result = self.on_event(event);
                self.survive(result)?;
            }
            // Done: leave once our last messages are acknowledged (or after a grace period,
            // if the peer already left without our hearing its goodbye).
            let done = self.controller.is_none()
                && self.report.games.len() as u32 >= self.options.games
                && self
                    .table
                    .as_ref()
                    .is_none_or(|t| t.session.audited() || t.session.table().is_none());
            let finished_at = *self.finished_at.get_or_insert(now);
            if !done {
                self.finished_at = None;
            }
            if done && (self.endpoint.pending() == 0 || now >= finished_at + FAREWELL_MS) {
                let now = self.now();
                self.endpoint.disconnect(now);
                self.transmit(now).await;
                return Ok(());
            }
            let result = self.act(now);
            self.survive(result)?;
            self.auto_challenge(now);
            self.transmit(now).await;
            if let Some(c) = &self.controller {
                let snapshot = self.snapshot(now);
                c.snapshots.send_if_modified(|old| {
                    let changed = *old != snapshot;
                    *old = snapshot;
                    changed
                });
            }
            let wake = [
                self.endpoint.next_timeout(),
                self.table.as_ref().and_then(|t| t.session.next_deadline()),
                self.bot_due,
                // Due but unconfirmed: the peer's `over` will wake us, not the timer.
                self.next_game_due
                    .filter(|_| self.table.as_ref().is_some_and(|t| t.session.confirmed())),
                self.gone_since.map(|g| g + self.options.resume_wait_ms),
                self.table
                    .as_ref()
                    .and_then(|t| t.awaiting_audit)
                    .map(|t| t + AUDIT_WAIT_MS),
                // Finishing: re-check for acks now and then.
                (self.report.games.len() as u32 >= self.options.games).then_some(now + 50),
                // Looking for an opponent on the LAN, or showing who is there.
                (self.searching() || self.browsing()).then_some(now + 200),
                // A running clock on screen.
                self.controller
                    .as_ref()
                    .and(self.table.as_ref())
                    .filter(|t| t.session.table().is_some() && t.session.ending().is_none())
                    .map(|_| now + 100),
            ]
            .into_iter()
            .flatten()
            .min()
            .unwrap_or(now + 1000)
            // Never a deadline in the past: time must move for a timer to be due again.
            .max(now + 1);
            let deadline = self.start + Duration::from_millis(wake);
            tokio::select! {
                () = &mut stop => {
                    (self.emit)(&json!({"event": "stopping"}));
                    return Err(PeerError::Peer("interrupted".into()));
                }
                command = next_command(&mut self.controller) => {
                    let now = self.now();
                    let keep = match command.map(|c| self.command(c, now)) {
                        Some(Ok(keep)) => keep,
                        Some(Err(e)) => {
                            self.survive::<()>(Err(e))?;
                            true
                        }
                        // The user interface is gone.
                        None => false,
                    };
                    if !keep {
                        self.endpoint.disconnect(now);
                        self.transmit(now).await;
                        return Ok(());
                    }
                }
                changed = guest_changed(&mut self.guest) => {
                    if changed.is_err() {
                        self.guest = None;
                        self.problem = Some("the second player's seat stopped".into());
                    }
                }
                received = self.transport.recv_from(&mut buf) => match received {
                    Ok((n, from)) => {
                        let now = self.now();
                        self.endpoint.handle_datagram(from, &buf[..n], now);
                    }
                    // A transient socket error (an ICMP unreachable after the peer crashed,
                    // a network that went away for a moment): keep going, a little later.
                    Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                },
                _ = tokio::time::sleep_until(deadline) => {
                    let now = self.now();
                    self.endpoint.handle_timeout(now);
                    if let Some(table) = &mut self.table {
                        let effects = table.session.tick(now);
                        let result = self.apply(effects, &[]);
                        self.survive(result)?;
                    }
                }
            }
        }
    }

    /// A hand-driven peer outlives what ends a headless one (a refusal, a peer that left
    /// or declined): the user is told, and the lobby goes on. A headless peer stops.
    fn survive<V: Default>(&mut self, result: Result<V, PeerError>) -> Result<V, PeerError> {
        match result {
            Err(e) if self.controller.is_some() => {
                (self.emit)(&json!({"event": "error", "message": e.to_string()}));
                self.problem = Some(e.to_string());
                Ok(V::default())
            }
            other => other,
        }
    }

    /// Tells a computer-player bot the game so far (after a resume or an undo).
    fn brief_bot(&mut self) {
        if let Some(table) = &self.table {
            self.bot.catch_up(&table.session);
        }
    }

    /// Sends what the endpoint has queued. A datagram the socket refuses is as good as
    /// lost, and the reliable channel sends it again.
    async fn transmit(&mut self, now: u64) {
        while let Some((to, datagram)) = self.endpoint.poll_transmit(now) {
            let _ = self.transport.send_to(&datagram, to).await;
        }
    }

    /// Time-driven actions: the bot's move, the next game, giving up on a gone peer.
    fn act(&mut self, now: u64) -> Result<(), PeerError> {
        if let Some(since) = self.gone_since
            && now >= since + self.options.resume_wait_ms
        {
            if self.controller.is_some() {
                // Back to the lobby; the saved game can be resumed later.
                self.gone_since = None;
                self.endpoint.disconnect(now);
            }
            return Err(PeerError::Peer(
                "the peer is gone and did not come back".into(),
            ));
        }
        if let Some(table) = &mut self.table
            && table
                .awaiting_audit
                .is_some_and(|t| now >= t + AUDIT_WAIT_MS)
        {
            table.awaiting_audit = None;
            let effects = table.session.audit_missing();
            self.apply(effects, &[])?;
        }
        let confirmed = self.table.as_ref().is_some_and(|t| t.session.confirmed());
        if self.next_game_due.is_some_and(|t| now >= t) && confirmed {
            self.next_game_due = None;
            self.start_game(now)?;
        }
        let my_turn = self
            .table
            .as_ref()
            .is_some_and(|t| t.started() && t.session.my_turn());
        if !my_turn || self.gone_since.is_some() || self.controller.is_some() {
            self.bot_due = None;
            return Ok(());
        }
        let due = *self.bot_due.get_or_insert(now + self.options.delay_ms);
        if now < due {
            return Ok(());
        }
        self.bot_due = None;
        let moves = self
            .table
            .as_ref()
            .and_then(|t| t.session.table())
            .map(|t| t.legal_moves())
            .unwrap_or_default();
        let table = self.table.as_ref().and_then(|t| t.session.table());
        if let Some(mv) = table.and_then(|t| self.bot.pick(t, &moves)) {
            self.local(Local::Move(mv), now)?;
        }
        Ok(())
    }

    fn local(&mut self, action: Local, now: u64) -> Result<(), PeerError> {
        let Some(table) = &mut self.table else {
            return Ok(());
        };
        match table.session.local(action, now) {
            Ok(effects) => self.apply(effects, &[]),
            Err(e) => {
                (self.emit)(&json!({"event": "error", "message": e.to_string()}));
                if self.controller.is_some() {
                    self.problem = Some(e.to_string());
                }
                Ok(())
            }
        }
    }

    fn on_event(&mut self, event: NetEvent) -> Result<(), PeerError> {
        let now = self.now();
        match event {
            NetEvent::Challenged {
                addr,
                key,
                name,
                game,
                resume,
                ..
            } => {
                self.trust(&name, &key);
                let ours = self.table.as_ref().map(|t| {
                    (
                        t.session.game_id(),
                        t.peer.key,
                        t.session.ending().is_none(),
                    )
                });
                let acceptable = match resume {
                    Some(id) => {
                        ours.is_some_and(|(g, k, _)| g == id && k == key)
                            || self
                                .unfinished
                                .as_ref()
                                .is_some_and(|t| t.game_id == id && t.keys.contains(&key))
                    }
                    None => {
                        ours.is_none_or(|(_, _, running)| !running) && self.unfinished.is_none()
                    }
                };
                (self.emit)(
                    &json!({"event": "challenged", "peer": name, "addr": addr.to_string(),
                    "fingerprint": fingerprint(&key), "accepted": acceptable}),
                );
                if acceptable && self.options.accept_from == Some(key) {
                    self.endpoint.accept(now);
                } else if acceptable && self.controller.is_some() && resume.is_none() {
                    // The user answers (Command::Accept or Decline).
                    self.incoming = Some(control::Incoming {
                        name,
                        fingerprint: fingerprint(&key),
                        addr,
                        game: game.parse().unwrap_or_default(),
                    });
                } else if acceptable {
                    self.endpoint.accept(now);
                } else {
                    let reason = if resume.is_some() {
                        "no such game to resume"
                    } else {
                        "waiting to resume another game"
                    };
                    self.endpoint.decline(reason);
                }
            }
            NetEvent::Connected {
                peer,
                challenger,
                resume,
                clock,
            } => {
                // The challenger's proposal is the game's clock on both sides.
                self.options.clock = clock;
                self.trust(&peer.name, &peer.key);
                self.endpoint.set_presence(Status::Playing.word());
                if let Some(d) = &mut self.discovery
                    && let Err(e) = d.set_status(Status::Playing)
                {
                    (self.emit)(&json!({"event": "error", "message": e}));
                }
                let seat: Seat = if challenger { 0 } else { 1 };
                let kind: GameKind = peer.game.parse().map_err(PeerError::Peer)?;
                (self.emit)(
                    &json!({"event": "connected", "peer": peer.name, "fingerprint": fingerprint(&peer.key),
                    "addr": peer.addr.to_string(), "seat": seat, "game": kind.name()}),
                );
                self.gone_since = None;
                match resume {
                    Some(_) => self.resume(peer, seat, now)?,
                    None => {
                        // Seat 0 starts the game at once; seat 1 waits for `start` and
                        // remembers the peer meanwhile.
                        let clock = self.options.clock;
                        let session = Session::new(kind, seat, 0, 0, clock, Secrets::fixed(0), now);
                        let hot_seat = self.is_guest(&peer.key);
                        self.table = Some(Table {
                            hot_seat,
                            ..Table::new(session, peer)
                        });
                        if challenger {
                            self.start_game(now)?;
                        }
                    }
                }
            }
            NetEvent::Message { message, evidence } => self.on_message(message, evidence, now)?,
            NetEvent::Declined { .. } | NetEvent::Busy | NetEvent::NoAnswer
                if self.options.auto && self.table.is_none() =>
            {
                // `--auto` keeps looking: this peer is passed over for a while.
                if let Some(key) = self.challenged.take() {
                    self.skip.insert(key, now + AUTO_RETRY_MS);
                }
                (self.emit)(&json!({"event": "passed-over", "why": format!("{event:?}")}));
            }
            NetEvent::Declined { reason } => {
                return Err(PeerError::Peer(format!(
                    "declined: {reason}{}",
                    self.resume_hint()
                )));
            }
            NetEvent::Busy => {
                (self.emit)(&json!({"event": "busy"}));
                return Err(PeerError::Peer("the peer is busy in another game".into()));
            }
            NetEvent::NoAnswer => {
                let hint = self.resume_hint();
                return Err(PeerError::Peer(format!(
                    "nobody answered the challenge{hint}"
                )));
            }
            NetEvent::Gone { silent_for } => {
                (self.emit)(&json!({"event": "gone", "silent_ms": silent_for}));
                self.gone_since = Some(now);
            }
            NetEvent::Pong { key, addr, .. } => {
                self.alive.insert(key, (now, addr));
            }
            NetEvent::Back => {
                (self.emit)(&json!({"event": "back"}));
                self.gone_since = None;
            }
            NetEvent::Left => {
                (self.emit)(&json!({"event": "left"}));
                let finished = self.report.games.len() as u32 >= self.options.games;
                if !finished {
                    return Err(PeerError::Peer("the peer left".into()));
                }
            }
        }
        Ok(())
    }

    fn start_discovery(&mut self, port: u16) {
        let key = self.identity.public_key();
        let advert = Advert {
            name: self.options.name.clone(),
            key,
            port,
            games: GameKind::ALL.iter().map(|g| g.name().to_string()).collect(),
            status: Status::Idle,
            auto: self.options.auto,
        };
        match Discovery::start(
            self.options.mdns,
            self.options.include_virtual,
            key,
            Some(advert),
        ) {
            Ok(Some(d)) => {
                self.discovery = Some(d);
                (self.emit)(
                    &json!({"event": "advertising", "service": crate::net::discovery::SERVICE_TYPE}),
                );
            }
            Ok(None) => {}
            Err(e) => (self.emit)(&json!({"event": "error", "message": e})),
        }
    }

    /// Whether `--auto` is still looking for someone to play.
    fn searching(&self) -> bool {
        self.options.auto
            && self.discovery.is_some()
            && self.table.is_none()
            && !self.endpoint.is_connected()
            && !self.endpoint.is_challenging()
    }

    /// Whether a hand-driven peer shows the LAN's peers (in the lobby, between games).
    fn browsing(&self) -> bool {
        self.controller.is_some() && self.discovery.is_some() && !self.endpoint.is_connected()
    }

    /// `--auto`: challenge the first idle peer offering our game. Of two peers that see
    /// each other, only the one with the smaller key challenges; the other waits. A
    /// hand-driven peer in its lobby only pings, to show who is really there.
    fn auto_challenge(&mut self, now: u64) {
        if !self.searching() && !self.browsing() {
            return;
        }
        let Some(discovery) = &self.discovery else {
            return;
        };
        let me = self.identity.public_key();
        let peers = discovery.peers();
        if !self.found_first
            && let Some(p) = peers.first()
        {
            self.found_first = true;
            (self.emit)(
                &json!({"event": "found", "peer": p.name, "fingerprint": fingerprint(&p.key), "after_ms": now}),
            );
        }
        // Presence: a record can outlive its owner by minutes; a ping each second tells who
        // is really there. Only peers that answered in the last few seconds are challenged.
        if now >= self.next_ping {
            self.next_ping = now + PRESENCE_PING_MS;
            for addr in peers.iter().flat_map(|p| &p.addrs) {
                self.endpoint.ping(*addr);
            }
        }
        if !self.searching() {
            return;
        }
        // Where each live peer answered from: that is the address to challenge.
        let answered = |p: &crate::net::discovery::FoundPeer| {
            self.alive
                .get(&p.key)
                .filter(|(t, _)| now.saturating_sub(*t) <= PRESENCE_TIMEOUT_MS)
                .map(|(_, addr)| *addr)
        };
        let target = peers.iter().find_map(|p| {
            let willing = p.status == Status::Idle
                && p.games.iter().any(|g| g == self.options.game.name())
                && self.skip.get(&p.key).is_none_or(|until| now >= *until)
                // Two `--auto` peers that see each other: only the smaller key challenges.
                && (!p.auto || me < p.key);
            if willing {
                answered(p).map(|addr| (p.key, addr))
            } else {
                None
            }
        });
        if let Some((key, addr)) = target {
            self.challenged = Some(key);
            self.endpoint
                .challenge(addr, self.options.game.name(), None, now);
        }
    }

    /// What to tell a user whose saved game could not be resumed.
    fn resume_hint(&self) -> &'static str {
        if self.unfinished.is_some() {
            " (an unfinished game is waiting to be resumed; --new-game plays a new one instead)"
        } else {
            ""
        }
    }

    /// Whether `key` is this screen's hot-seat guest (neither trusted nor saved: it is
    /// new each time).
    fn is_guest(&self, key: &[u8; 32]) -> bool {
        self.guest.as_ref().is_some_and(|g| &g.key == key)
    }

    fn trust(&mut self, name: &str, key: &[u8; 32]) {
        if self.is_guest(key) {
            return;
        }
        let Some(known) = &mut self.known else { return };
        let status = match known.check(name, key) {
            Ok(Trust::New) => json!({"event": "trust", "peer": name, "status": "new"}),
            Ok(Trust::Known) => return,
            Ok(Trust::KeyChanged { previous }) => json!({"event": "trust", "peer": name,
                "status": "key-changed", "previous": previous, "now": fingerprint(key)}),
            Err(e) => json!({"event": "error", "message": e.to_string()}),
        };
        (self.emit)(&status);
    }

    /// Seat 0 starts a game: a fresh id, the first mover by a coin both can check.
    fn start_game(&mut self, now: u64) -> Result<(), PeerError> {
        let Some(table) = &mut self.table else {
            return Ok(());
        };
        let game_id: u64 = rand::random::<u64>() | 1;
        let played = self.report.games.len() as u64;
        let first = ((table.peer.session >> 7) ^ played) as u8 & 1;
        // After a finished game, `reset` announces the restart (the source design's word);
        // `start` then carries the new game's id and first mover.
        if table.session.ending().is_some() {
            self.endpoint.send(&Message::Reset);
        }
        let keys = [self.identity.public_key(), table.peer.key];
        let secrets = fresh_secrets(table.peer.session, keys, game_id, self.options.cheat);
        let kind = *table.session.rules();
        table.session = Session::new(kind, 0, game_id, first, self.options.clock, secrets, now);
        table.evidence.clear();
        table.signed.clear();
        table.awaiting_audit = None;
        self.endpoint.send(&Message::Start { game_id, first });
        self.deploy(now)
    }

    fn deploy(&mut self, now: u64) -> Result<(), PeerError> {
        let Some(table) = &self.table else {
            return Ok(());
        };
        let (session, game_id) = (&table.session, table.session.game_id());
        (self.emit)(
            &json!({"event": "started", "game": session.rules().name(), "game_id": format!("{game_id:016x}"),
            "side": session.seat_name(session.me()), "first": session.seat_name(session.first())}),
        );
        if let Some(text) = self.options.chat.clone() {
            self.local(Local::Chat(text), now)?;
        }
        let Some(table) = &self.table else {
            return Ok(());
        };
        if !AnyTable::has_setup(table.session.rules()) {
            // Nothing to deploy: the game is on.
            let first = table.session.seat_name(table.session.first());
            (self.emit)(&json!({"event": "play", "first": first}));
            self.brief_bot();
            return Ok(());
        }
        let seed =
            self.options.seed ^ self.report.games.len() as u64 ^ (table.session.me() as u64) << 32;
        let layout = self
            .options
            .layout
            .clone()
            .unwrap_or_else(|| self.bot.layout(seed));
        let side = crate::session::junqi::side_of(table.session.me());
        let first = crate::session::junqi::side_of(table.session.first());
        if self.controller.is_some() {
            // The user deploys (Command::Deploy).
            return Ok(());
        }
        self.bot.start(side, &layout, first);
        self.local(Local::Setup(layout.to_string()), now)
    }

    fn resume(&mut self, peer: PeerInfo, seat: Seat, now: u64) -> Result<(), PeerError> {
        if self.table.as_ref().is_none_or(|t| t.peer.key != peer.key) {
            let Some(t) = self.unfinished.take() else {
                return Err(PeerError::Peer(
                    "asked to resume a game we do not have".into(),
                ));
            };
            let secrets = Secrets {
                cheat: self.options.cheat,
                ..t.secrets
            };
            let kind = t.game;
            let session = Session::restore(
                kind,
                t.me,
                t.game_id,
                t.first,
                t.clock,
                secrets,
                t.private.clone(),
                &t.records,
                now,
            )
            .map_err(|e| PeerError::Peer(format!("cannot resume: {e}")))?;
            let mut table = Table::new(session, peer.clone());
            table.signed = group_evidence(&t.evidence);
            table.evidence = t.evidence;
            self.table = Some(table);
            self.brief_bot();
        }
        let table = self.table.as_mut().expect("just set");
        table.peer = peer;
        if table.session.me() != seat {
            // The seats of a resumed game are those of the game, not of the new handshake.
            (self.emit)(
                &json!({"event": "note", "message": "resumed with the seats of the saved game"}),
            );
        }
        let game_id = table.session.game_id();
        let (ply, hash) = sync_point(&table.session);
        self.endpoint.send(&Message::Sync { game_id, ply, hash });
        Ok(())
    }

    fn on_message(
        &mut self,
        message: Message,
        evidence: Vec<Vec<u8>>,
        now: u64,
    ) -> Result<(), PeerError> {
        let Some(table) = &mut self.table else {
            self.endpoint.count_refused();
            return Ok(());
        };
        match message {
            Message::Start { game_id, first } if table.session.me() == 1 => {
                let running = table.started() && table.session.ending().is_none();
                if running && table.session.table().is_some() {
                    self.endpoint.count_refused();
                    return Err(PeerError::Refused("a new game while one is running".into()));
                }
                let reused = self.options.games_dir.as_ref().is_some_and(|dir| {
                    game_id == table.session.game_id()
                        || transcript_path(dir, game_id, &table.peer.key).exists()
                });
                if reused {
                    self.endpoint.count_refused();
                    return Err(PeerError::Refused(format!(
                        "game id {game_id:016x} was used before"
                    )));
                }
                let keys = [table.peer.key, self.identity.public_key()];
                let secrets = fresh_secrets(table.peer.session, keys, game_id, self.options.cheat);
                let kind = *table.session.rules();
                table.session =
                    Session::new(kind, 1, game_id, first, self.options.clock, secrets, now);
                table.evidence.clear();
                table.signed.clear();
                table.awaiting_audit = None;
                self.deploy(now)
            }
            Message::Sync { game_id, ply, hash } => {
                if game_id != table.session.game_id() {
                    return Err(PeerError::Peer("the peer resumed another game".into()));
                }
                let (mine, my_hash) = sync_point(&table.session);
                (self.emit)(
                    &json!({"event": "resumed", "game_id": format!("{game_id:016x}"), "ply": mine, "peer_ply": ply}),
                );
                if mine > ply {
                    for m in table.session.own_moves_after(ply) {
                        self.endpoint.send(&m);
                    }
                } else if mine == ply && hash != "-" && my_hash != "-" && my_hash != hash {
                    (self.emit)(
                        &json!({"event": "desync", "detail": format!("resumed at ply {ply} with different positions")}),
                    );
                }
                // A battle cut off by the restart finishes: each side sends again what it
                // sent for it (repeats are answered the same way, or ignored).
                if let Some(t) = table.session.table() {
                    for m in t.resume_messages() {
                        self.endpoint.send(&m);
                    }
                }
                Ok(())
            }
            Message::Reset => {
                // Only once the game is over; `start` follows with the new game.
                if table.session.ending().is_none() {
                    self.endpoint.count_refused();
                    return Err(PeerError::Refused(
                        "a restart in the middle of a game".into(),
                    ));
                }
                (self.emit)(&json!({"event": "restart"}));
                Ok(())
            }
            other => {
                let ply = match &other {
                    Message::Move { ply, .. }
                    | Message::Offer { ply, .. }
                    | Message::Choose { ply, .. }
                    | Message::Table { ply, .. }
                    | Message::Outcome { ply, .. }
                    | Message::Flag { ply, .. } => Some(*ply),
                    Message::Commit { .. } | Message::Open { .. } => Some(0),
                    _ => None,
                };
                if let Some(ply) = ply {
                    table
                        .evidence
                        .extend(evidence.iter().map(|d| (ply, d.clone())));
                    let word = other.to_string();
                    let word = word.split('|').next().unwrap_or("").to_string();
                    table.signed.push((ply, word, evidence.clone()));
                }
                let effects = table.session.remote(other, now);
                self.apply(effects, &evidence)
            }
        }
    }

    fn apply(&mut self, effects: Vec<Effect>, evidence: &[Vec<u8>]) -> Result<(), PeerError> {
        let mut refused = None;
        for effect in effects {
            match effect {
                Effect::Send(m) => self.endpoint.send(&m),
                Effect::Save => self.save(),
                Effect::Notice(notice) => {
                    if let Notice::Refused { reason } = &notice {
                        self.endpoint.count_refused();
                        let evidence: Vec<String> = evidence.iter().map(|d| hex(d)).collect();
                        (self.emit)(
                            &json!({"event": "refused", "reason": reason, "evidence": evidence}),
                        );
                        refused = Some(reason.clone());
                        continue;
                    }
                    self.notice(notice);
                }
            }
        }
        match refused {
            Some(reason) => Err(PeerError::Refused(reason)),
            None => Ok(()),
        }
    }

    fn notice(&mut self, notice: Notice) {
        if let (Notice::Chat { seat, text }, Some(table)) = (&notice, &mut self.table) {
            if table.chat.len() >= CHAT_KEPT {
                table.chat.remove(0);
            }
            table.chat.push((*seat, text.clone()));
        }
        let Some(table) = &self.table else { return };
        let name = |seat| table.session.seat_name(seat);
        let over = matches!(notice, Notice::Over(_));
        let undone = matches!(notice, Notice::Undone { .. });
        let audited = matches!(notice, Notice::Audited(_));
        let value = match notice {
            Notice::Moved {
                ply,
                seat,
                absolute,
                outcome,
            } => {
                if let Err(e) = self.bot.observe(&absolute, outcome) {
                    (self.emit)(&json!({"event": "note", "message": e}));
                }
                let mut v =
                    json!({"event": "move", "ply": ply, "side": name(seat), "move": absolute});
                if let Some(o) = outcome {
                    v["outcome"] = json!(o.word());
                }
                v
            }
            Notice::Chat { seat, text } => {
                json!({"event": "chat", "side": name(seat), "text": text})
            }
            Notice::Started { first } => json!({"event": "play", "first": name(first)}),
            Notice::SetupReceived { seat } => json!({"event": "ready", "side": name(seat)}),
            Notice::UndoAsked { by, ply } => {
                json!({"event": "undo-asked", "side": name(by), "ply": ply})
            }
            Notice::Undone { ply } => json!({"event": "undone", "ply": ply}),
            Notice::UndoRefused => json!({"event": "undo-refused"}),
            Notice::DrawOffered { by } => json!({"event": "draw-offered", "side": name(by)}),
            Notice::DrawRefused => json!({"event": "draw-refused"}),
            Notice::Desync { detail } => json!({"event": "desync", "detail": detail}),
            Notice::FlagShown { seat, square } => {
                let side = crate::session::junqi::side_of(seat);
                if let Err(e) = self.bot.observe_flag(side, &square) {
                    (self.emit)(&json!({"event": "note", "message": e}));
                }
                json!({"event": "flag", "side": name(seat), "square": square})
            }
            Notice::Audited(audit) => {
                if let (Some(ending), Some(last)) =
                    (table.session.ending(), self.report.games.last_mut())
                {
                    last.0 = ending.winner.map_or("draw", name).to_string();
                    last.1 = ending.reason.to_string();
                }
                let mut event = audit_event(&audit, &table.signed, &table.session);
                // The game's result after the audit (a caught liar loses).
                if let Some(ending) = table.session.ending() {
                    event["winner"] = json!(ending.winner.map_or("draw", name));
                    event["reason"] = json!(ending.reason.to_string());
                }
                event
            }
            Notice::Refused { reason } => json!({"event": "refused", "reason": reason}),
            Notice::Over(ending) => {
                let winner = ending.winner.map_or("draw", name).to_string();
                let head = hex(&self.transcript(table).head());
                self.report
                    .games
                    .push((winner.clone(), ending.reason.to_string(), head.clone()));
                if table.session.me() == 0
                    && (self.report.games.len() as u32) < self.options.games
                    && self.controller.is_none()
                {
                    self.next_game_due = Some(self.now() + 200);
                }

                json!({"event": "over", "winner": winner, "reason": ending.reason.to_string(),
                    "game_id": format!("{:016x}", table.session.game_id()), "transcript": head})
            }
        };
        (self.emit)(&value);
        if undone {
            // A computer player cannot forget: it learns the game again without that move.
            self.brief_bot();
        }
        let now = self.now();
        if let Some(t) = &mut self.table {
            if over && t.session.table().is_some() && !t.session.audited() {
                t.awaiting_audit = Some(now);
            }
            if audited {
                t.awaiting_audit = None;
            }
        }
    }

    fn transcript(&self, table: &Table) -> Transcript {
        let me = table.session.me() as usize;
        let mut keys = [[0; 32]; 2];
        keys[me] = self.identity.public_key();
        keys[1 - me] = table.peer.key;
        let mut names = [String::new(), String::new()];
        names[me] = self.options.name.clone();
        names[1 - me] = table.peer.name.clone();
        Transcript {
            game: *table.session.rules(),
            game_id: table.session.game_id(),
            first: table.session.first(),
            clock: table.session.clock(),
            keys,
            names,
            me: table.session.me(),
            peer_addr: table.peer.addr.to_string(),
            records: table.session.record().to_vec(),
            evidence: table.evidence.clone(),
            secrets: *table.session.secrets(),
            private: table.session.private().map(str::to_string),
        }
    }

    fn save(&mut self) {
        let (Some(dir), Some(table)) = (&self.options.games_dir, &self.table) else {
            return;
        };
        // A hot-seat game ends with the guest: there is no one to resume it with.
        if table.hot_seat {
            return;
        }
        let transcript = self.transcript(table);
        let path = transcript_path(dir, transcript.game_id, &table.peer.key);
        if let Err(e) = write_atomically(&path, transcript.render(&self.identity).as_bytes(), None)
        {
            (self.emit)(
                &json!({"event": "error", "message": format!("saving {}: {e}", path.display())}),
            );
        }
    }
}

/// Where a resumed game stands: the moves made (a battle still being decided counts) and
/// the public position hash, or `-` while a battle is undecided (the two sides may stand
/// on either side of its outcome).
fn sync_point(session: &Session<AnyTable>) -> (u32, String) {
    let moves = session.moves().len() as u32;
    let hash = match session.table() {
        Some(t) if !t.busy() => t.hash(),
        _ => "-".to_string(),
    };
    (moves, hash)
}

/// Regroups a transcript's evidence (datagram by datagram) into messages with their
/// command words, as the running peer keeps them: a message's first fragment starts with
/// its word, its other fragments follow it.
fn group_evidence(evidence: &[(u32, Vec<u8>)]) -> Vec<(u32, String, Vec<Vec<u8>>)> {
    let mut out: Vec<(u32, String, Vec<Vec<u8>>)> = Vec::new();
    for (ply, datagram) in evidence {
        let Ok(open) = crate::protocol::envelope::open(datagram) else {
            continue;
        };
        let header = open.header();
        match out.last_mut() {
            Some(last) if header.frag_index > 0 => last.2.push(datagram.clone()),
            _ => {
                let word = header.payload.split(|b| *b == b'|').next().unwrap_or(b"");
                let word = String::from_utf8_lossy(word).into_owned();
                out.push((*ply, word, vec![datagram.clone()]));
            }
        }
    }
    out
}

/// The `audit` event: the verdict, and each finding with the peer's signed datagrams of the
/// message it contradicts (hex), so the evidence can be checked by anyone.
fn audit_event(
    audit: &Audit,
    signed: &[(u32, String, Vec<Vec<u8>>)],
    session: &Session<AnyTable>,
) -> Value {
    let name = |seat| session.seat_name(seat);
    let findings: Vec<Value> = audit
        .findings
        .iter()
        .map(|f| {
            let evidence: Vec<Value> = f
                .evidence
                .iter()
                .map(|(ply, message)| {
                    let datagrams: Vec<String> = signed
                        .iter()
                        .filter(|(p, word, _)| p == ply && word == message)
                        .flat_map(|(_, _, datagrams)| datagrams.iter().map(|d| hex(d)))
                        .collect();
                    json!({"ply": ply, "message": message, "datagrams": datagrams})
                })
                .collect();
            json!({"ply": f.ply, "side": name(f.seat), "what": f.what, "evidence": evidence})
        })
        .collect();
    json!({"event": "audit", "ok": audit.ok, "cheater": audit.cheater.map(name),
        "findings": findings, "start": audit.start})
}

/// Completes when the hot-seat guest's snapshot changes (an error: the guest stopped);
/// never, without a guest.
async fn guest_changed(
    guest: &mut Option<control::Guest>,
) -> Result<(), tokio::sync::watch::error::RecvError> {
    match guest {
        Some(g) => g.snapshots.changed().await,
        None => std::future::pending().await,
    }
}

/// The next command of a hand-driven peer; never, for a headless one.
async fn next_command(controller: &mut Option<Controller>) -> Option<Command> {
    match controller {
        Some(c) => c.commands.recv().await,
        None => std::future::pending().await,
    }
}
