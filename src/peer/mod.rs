//! One peer: an endpoint, one table at a time (of the game the challenge named: Junqi or
//! Xiangqi) with its transcript saved after every move, and an [`Event`] for everything
//! that happens. A bot drives it (`lanqi peer`, over a real UDP socket; the tests run the
//! very same loop over the lossy link), or a person does, through the app's [`Controller`].
//!
//! - this file: the options, the run loop and what drives the peer (bot or person);
//! - `connection`: what the network layer reports (challenges, the session, the peer
//!   gone or back);
//! - `game`: the game at the table: starting, deploying, resuming, the peer's messages,
//!   the session's effects, saving;
//! - `table`: the table's state and its transcript;
//! - `presence`: discovery, presence pings and `--auto`;
//! - [`event`]: the events, written as JSON in one place;
//! - [`watch`]: spectators, on both sides;
//! - [`control`]: a person's commands and the snapshot the app draws; [`bot`]: the bot;
//! - [`adjourn`]: leaving a game unfinished, resuming or abandoning it; [`archive`]: the
//!   finished games, listed, reviewed and exported;
//! - `star`: tables of more than two (the opener relays); `gather`: opening one from the
//!   app, with computers, people at this screen and players on the LAN; `rejoin`:
//!   resuming one from its saved record.

pub mod adjourn;
pub mod archive;
pub mod bot;
mod connection;
pub mod control;
pub mod desktop;
pub mod event;
mod game;
mod gather;
pub mod internet;
mod offence;
mod presence;
pub mod problem;
mod rejoin;
mod star;
pub mod stop;
mod table;
pub mod watch;

use problem::Problem;
use std::net::SocketAddr;
use std::path::PathBuf;

use serde_json::Value;
use tokio::time::{Duration, Instant};

use crate::net::discovery::MdnsMode;
use crate::net::internet::is_synthetic;
use crate::net::{Endpoint, EndpointConfig, Transport};
use crate::protocol::Clock;
use crate::rules::junqi::Layout;
use crate::session::transcript::Transcript;
use crate::session::{Cheat, GameKind, Local, TableGame};
use crate::store::{Identity, KnownPeers, Profile};
pub use bot::{Bot, BotKind};
use control::Hand;
pub use control::{Command, Controller, Sitter, Snapshot};
pub use event::Event;
use presence::{Announce, Presence};
pub use stop::{Absent, Stop};
use table::Table;
pub use watch::WatchView;

/// How often the path to a player reached over iroh is looked at.
const ROUTE_CHECK_MS: u64 = 1000;
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
    /// Say an invitation code for this peer (`invite` event) when it starts.
    pub invite: bool,
    /// Challenge the peer behind this invitation: its addresses in turn, and only the
    /// peer with its key counts.
    pub join: Option<crate::net::invite::Invitation>,
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
    /// Resume this saved game (by its id), not the newest unfinished one.
    pub resume_id: Option<u64>,
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
    /// Watch the game of the peer at this address (观战) instead of playing.
    pub watch: Option<SocketAddr>,
    /// Take spectators in this peer's games (up to [`crate::net::MAX_SPECTATORS`]).
    pub spectators: bool,
    /// The external Xiangqi engines this (hand-driven) peer knows: an unfinished game
    /// against one of them resumes with it ([`adjourn`]).
    pub engines: Vec<crate::engine::xiangqi::external::EngineInfo>,
    /// Stop on Ctrl-C or SIGTERM. The app's own peers on loopback (its computers and the
    /// people at its screen) do not: they stop when the app's peer lets them go, so that
    /// a table stopped by a signal stays as it was, to be resumed.
    pub signals: bool,
}

impl Default for PeerOptions {
    fn default() -> PeerOptions {
        PeerOptions {
            name: "lanqi".into(),
            connect: None,
            invite: false,
            join: None,
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
            resume_id: None,
            mdns: MdnsMode::Off,
            include_virtual: false,
            auto: false,
            cheat: Cheat::None,
            accept_from: None,
            watch: None,
            spectators: true,
            engines: Vec::new(),
            signals: true,
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
    /// The other side declined, was busy, left, or never answered, or a saved game
    /// could not be resumed.
    #[error("{0}")]
    Peer(Stop),
    /// The other side broke the rules; the game stopped.
    #[error("the peer broke the rules: {0}")]
    Refused(String),
}

/// A running peer: the core (endpoint, table, transcript, presence) and what drives it.
struct Peer<'a, T: Transport, F: FnMut(&Value)> {
    transport: &'a T,
    endpoint: Endpoint,
    identity: Identity,
    options: PeerOptions,
    /// Where events go (as JSON).
    sink: F,
    start: Instant,
    table: Option<Table>,
    /// An unfinished game (found at start, or adjourned since), to resume.
    unfinished: Option<Transcript>,
    presence: Presence,
    /// Addresses others can type to reach this peer.
    addresses: Vec<String>,
    known: Option<crate::store::KnownPeers>,
    /// Peers whose challenge we accepted, to be checked against (and recorded in)
    /// `known` once they speak in their session (a challenge alone records nobody): their
    /// session, name and key, the latest few.
    unheard: Vec<(u64, String, [u8; 32])>,
    report: PeerReport,
    next_game_due: Option<u64>,
    gone_since: Option<u64>,
    /// Joining by an invitation: the code's addresses not tried yet, its key, and the game
    /// to challenge its player to.
    joining: Option<(Vec<SocketAddr>, [u8; 32], GameKind)>,
    /// The way to each player reached over iroh, by name, as last seen.
    routes: Vec<(String, crate::net::internet::Route)>,
    /// The friends met beyond the LAN (with a profile).
    friends: Option<crate::store::Friends>,
    /// When the lobby last asked the friends whether they are there.
    friends_pinged: Option<u64>,
    finished_at: Option<u64>,
    /// The bot: it deploys and moves unless a person drives this peer.
    bot: Bot,
    bot_due: Option<u64>,
    /// A person drives this peer (the desktop app), not the bot.
    hand: Option<Hand>,
    /// Watching: the game we watch, once the player named it.
    watching: Option<watch::Watched>,
    /// At a table of more than two: at the opener, the players who took its seats, in
    /// order; at a player, the opener.
    seated: Vec<crate::net::PeerInfo>,
    /// The app opening a table of three or four: who is still to come.
    gathering: Option<gather::Gathering>,
    /// A table of three or four being resumed: where each seat's copy stands.
    rejoining: Option<rejoin::Rejoining>,
    /// The computers and guests it started, given a moment to save when it stops.
    helpers: control::Helpers,
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
    let (unfinished, skipped) = match options.games_dir.as_ref().filter(|_| !options.new_game) {
        Some(dir) => table::find_unfinished(dir, &identity, options.resume_id),
        None => (None, Vec::new()),
    };
    // A table of three or four is resumed by the app that opened it; a headless peer takes
    // one up only when told which (the app's computer at such a table).
    let unfinished = unfinished
        .filter(|t| t.keys.len() == 2 || controller.is_some() || options.resume_id.is_some());
    // A bad line of known_peers.txt is reported and kept; the rest is still checked.
    let (known, trouble) = match profile.map(|p| KnownPeers::load_despite(&p.known_peers_path())) {
        Some(Ok((known, problems))) => (Some(known), problems),
        Some(Err(e)) => (None, vec![e]),
        None => (None, Vec::new()),
    };
    let mut trouble = trouble;
    let friends = match profile.map(|p| crate::store::Friends::load_despite(&p.friends_path())) {
        Some(Ok((friends, problems))) => {
            trouble.extend(problems);
            Some(friends)
        }
        Some(Err(e)) => {
            trouble.push(e);
            None
        }
        None => None,
    };
    let mut peer = Peer {
        transport,
        endpoint,
        identity,
        bot: Bot::new(options.bot.clone(), options.seed),
        options,
        sink: emit,
        start: Instant::now(),
        table: None,
        unfinished,
        presence: Presence::off(),
        addresses: Vec::new(),
        known,
        report: PeerReport {
            games: Vec::new(),
            drops: Default::default(),
        },
        next_game_due: None,
        gone_since: None,
        joining: None,
        routes: Vec::new(),
        friends,
        friends_pinged: None,
        unheard: Vec::new(),
        finished_at: None,
        bot_due: None,
        hand: controller.map(Hand::new),
        watching: None,
        seated: Vec::new(),
        gathering: None,
        rejoining: None,
        helpers: Default::default(),
    };
    if peer.options.connect.is_none() {
        // The opener of a larger table takes a session with each other seat.
        let seats = peer.options.game.seats() as usize;
        peer.endpoint.set_players(seats - 1);
    }
    peer.endpoint
        .set_spectators_allowed(peer.options.spectators);
    for e in trouble {
        peer.emit(Event::Error {
            message: e.to_string(),
        });
    }
    for message in skipped {
        peer.emit(Event::Note { message });
    }
    let result = peer.run().await;
    peer.presence.shutdown();
    if result.is_err() {
        // Leave properly: at a table of more than two, resign from a game still running
        // (it goes on without us); whatever is queued (an `over` after a refusal); `bye`.
        let now = peer.now();
        peer.leave_star_game(now);
        peer.endpoint.disconnect(now);
        peer.transmit(now).await;
    }
    // The guests stop with their controllers gone; the computers have had our goodbye.
    if let Some(hand) = &mut peer.hand {
        hand.guests.clear();
    }
    if !peer.helpers.ended().await {
        peer.emit(Event::Note {
            message: "a computer or guest of this peer was still running when it stopped".into(),
        });
    }
    let drops = peer.endpoint.drops();
    peer.emit(Event::Drops(drops));

    peer.report.drops = drops;
    result.map(|_| peer.report)
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

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    fn now(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// Reports an event.
    fn emit(&mut self, event: Event) {
        (self.sink)(&event.to_json());
    }

    async fn run(&mut self) -> Result<(), PeerError> {
        self.start_up().await?;
        let mut buf = vec![0u8; 2048];
        let signals = self.options.signals;
        let mut stop = std::pin::pin!(async move {
            if signals {
                stop_signal().await
            } else {
                std::future::pending().await
            }
        });
        loop {
            let now = self.now();
            self.transmit(now).await;
            while let Some(event) = self.endpoint.poll_event() {
                let result = self.on_event(event);
                self.survive(result)?;
            }
            if self.finished(now) {
                let now = self.now();
                self.endpoint.disconnect(now);
                self.transmit(now).await;
                return Ok(());
            }
            let result = self.act(now);
            self.survive(result)?;
            self.watch_routes();
            self.ping_friends(now);
            let auto = self.searching().then_some(self.options.game);
            if auto.is_some() || self.browsing() {
                let key = self.identity.public_key();
                let (presence, endpoint, sink) =
                    (&mut self.presence, &mut self.endpoint, &mut self.sink);
                presence.tick(endpoint, now, auto, key, &mut |e: Event| sink(&e.to_json()));
            }
            self.transmit(now).await;
            self.publish(now);
            let deadline = self.start + Duration::from_millis(self.wake_at(now));
            tokio::select! {
                () = &mut stop => {
                    self.emit(Event::Stopping);
                    return Err(PeerError::Peer(Stop::Interrupted));
                }
                from = from_hand(&mut self.hand) => {
                    let command = match from {
                        FromHand::Command(command) => command,
                        FromHand::GuestChanged => continue,
                        FromHand::GuestStopped(i) => {
                            self.lose_guest(i);
                            continue;
                        }
                    };
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

    /// Says where this peer listens, starts discovery, and challenges the peer of a saved
    /// game to resume it, or the peer it was told to (`--connect`).
    async fn start_up(&mut self) -> Result<(), PeerError> {
        let addr = self.transport.local_addr()?;
        self.addresses = presence::own_addresses(addr);
        self.know_friends();
        self.emit(Event::Listening {
            addr,
            name: self.options.name.clone(),
            fingerprint: self.identity.fingerprint(),
            addresses: self.addresses.clone(),
        });
        if self.options.invite {
            let code = self.invitation(addr).await.code();
            self.emit(Event::Invite { code });
        }
        let announce = Announce {
            mdns: self.options.mdns,
            include_virtual: self.options.include_virtual,
            name: &self.options.name,
            key: self.identity.public_key(),
            port: addr.port(),
            auto: self.options.auto,
        };
        let sink = &mut self.sink;
        self.presence = Presence::start(announce, &mut |e: Event| sink(&e.to_json()));
        let resume_to = self.unfinished.as_ref().map(|t| {
            let to = self.options.connect.or(t.peer_addr.parse().ok());
            (t.game_id, t.game, to)
        });
        let now = self.now();
        if let Some(to) = self.options.watch {
            self.endpoint.watch(to, now);
            return Ok(());
        }
        match resume_to {
            // A person resumes from the lobby (Command::Resume), when the other is there.
            Some((game_id, game, Some(to))) if self.hand.is_none() => {
                self.emit(Event::Resuming { game_id, to });
                self.endpoint.challenge(to, game.name(), Some(game_id), now);
            }
            _ => {
                if let Some(to) = self.options.connect {
                    let game = self.options.game.to_string();
                    self.endpoint.challenge(to, &game, None, now);
                } else if let Some(invitation) = self.options.join.clone() {
                    let addrs = self.join_addresses(&invitation);
                    self.joining = Some((addrs, invitation.key, self.options.game));
                    self.join_next(now);
                }
            }
        }
        Ok(())
    }

    /// A bot-driven peer whose games are played and audited leaves once its last messages
    /// are acknowledged (or after a grace period, if the peer already left without our
    /// hearing its goodbye). A person's peer leaves only when told.
    fn finished(&mut self, now: u64) -> bool {
        let done = self.hand.is_none()
            && self.report.games.len() as u32 >= self.options.games
            && self
                .table
                .as_ref()
                .is_none_or(|t| t.session.audited() || t.session.table().is_none())
            && self.watching.as_ref().is_none_or(|w| w.complete());
        let finished_at = *self.finished_at.get_or_insert(now);
        if !done {
            self.finished_at = None;
        }
        // Our spectators have the whole game, the audit included, before we go.
        let delivered = self.endpoint.pending() == 0 && self.endpoint.spectators_pending() == 0;
        done && (delivered || now >= finished_at + FAREWELL_MS)
    }

    /// When the loop must wake next, at the latest: the first timer due.
    fn wake_at(&self, now: u64) -> u64 {
        let table = self.table.as_ref();
        [
            self.endpoint.next_timeout(),
            table.and_then(|t| t.session.next_deadline()),
            self.bot_due,
            // Due but unconfirmed: the peer's `over` will wake us, not the timer.
            self.next_game_due
                .filter(|_| table.is_some_and(|t| t.session.confirmed())),
            self.gone_since.map(|g| g + self.options.resume_wait_ms),
            // The opener: when a silent player is taken to have left.
            table
                .and_then(|t| t.star.as_ref())
                .and_then(|s| s.silent.iter().map(|(_, since)| *since).min())
                .map(|since| since + self.options.resume_wait_ms),
            table
                .and_then(|t| t.awaiting_audit)
                .map(|t| t + AUDIT_WAIT_MS),
            self.friends_due(),
            // Playing over iroh: look at the path now and then (it changes on its own).
            (!self.routes.is_empty() || self.endpoint.players().any(|p| is_synthetic(&p.addr)))
                .then_some(now + ROUTE_CHECK_MS),
            // Finishing: re-check for acks now and then.
            (self.report.games.len() as u32 >= self.options.games).then_some(now + 50),
            // Looking for an opponent on the LAN, or showing who is there.
            (self.searching() || self.browsing()).then_some(now + 200),
            // A running clock on screen.
            self.hand
                .as_ref()
                .and(table)
                .filter(|t| t.session.table().is_some() && t.session.ending().is_none())
                .map(|_| now + 100),
        ]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(now + 1000)
        // Never a deadline in the past: time must move for a timer to be due again.
        .max(now + 1)
    }

    /// Whether `--auto` is still looking for someone to play.
    fn searching(&self) -> bool {
        self.options.auto
            && self.presence.is_on()
            && self.table.is_none()
            && !self.endpoint.is_connected()
            && !self.endpoint.is_challenging()
    }

    /// Whether a hand-driven peer shows the LAN's peers (in the lobby, between games).
    fn browsing(&self) -> bool {
        self.hand.is_some() && self.presence.is_on() && !self.endpoint.is_connected()
    }

    /// A hand-driven peer outlives what ends a headless one (a refusal, a peer that left
    /// or declined): the user is told, and the lobby goes on. A headless peer stops.
    fn survive<V: Default>(&mut self, result: Result<V, PeerError>) -> Result<V, PeerError> {
        match result {
            Err(e) if self.hand.is_some() => {
                self.emit(Event::Error {
                    message: e.to_string(),
                });
                self.tell(e.into());
                Ok(V::default())
            }
            other => other,
        }
    }

    /// Tells the person driving this peer what went wrong (a bot has no one to tell).
    fn tell(&mut self, problem: Problem) {
        if let Some(hand) = &mut self.hand {
            hand.problem = Some(problem);
        }
    }

    /// The person's last problem is no longer true (a new game, a game resumed).
    fn forget_problem(&mut self) {
        if let Some(hand) = &mut self.hand {
            hand.problem = None;
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
        self.drop_silent_players(now)?;
        self.invite_next(now);
        self.watch_computer(now);
        self.cheat_out_of_turn();
        if let Some(since) = self.gone_since
            && now >= since + self.options.resume_wait_ms
        {
            if self.opponent_gone(now) {
                self.gone_since = None;
                return Ok(());
            }
            if self.hand.is_some() {
                // Back to the lobby; the saved game can be resumed later.
                self.gone_since = None;
                self.endpoint.disconnect(now);
            }
            return Err(PeerError::Peer(Stop::PeerGone));
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
        self.bot_move(now)
    }

    /// The bot's move, when it is due (never on a person's peer).
    fn bot_move(&mut self, now: u64) -> Result<(), PeerError> {
        let my_turn = self
            .table
            .as_ref()
            .is_some_and(|t| t.started() && t.session.my_turn());
        if !my_turn || self.gone_since.is_some() || self.hand.is_some() {
            self.bot_due = None;
            return Ok(());
        }
        let due = *self.bot_due.get_or_insert(now + self.options.delay_ms);
        if now < due {
            return Ok(());
        }
        self.bot_due = None;
        let Some(session) = self.table.as_ref().map(|t| &t.session) else {
            return Ok(());
        };
        let Some(table) = session.table() else {
            return Ok(());
        };
        self.bot
            .set_clock(session.clock(), session.time_left(session.me(), now));
        if let Some(mv) = self.bot.pick(table, &table.legal_moves()) {
            self.local(Local::Move(mv), now)?;
        } else if let Some(why) = self.bot.take_failure() {
            // An external engine that cannot go on gives the game up, and says why.
            self.emit(Event::Error {
                message: why.clone(),
            });
            let line: String = format!("{why}: it resigns").chars().take(300).collect();
            self.local(Local::Chat(line), now)?;
            self.local(Local::Resign, now)?;
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
                self.emit(Event::Error {
                    message: e.to_string(),
                });
                self.tell(Problem::NotNow(e));
                Ok(())
            }
        }
    }
}

/// What the person driving a peer did, or one of its hot-seat guests.
enum FromHand {
    /// A command; `None`: the user interface is gone.
    Command(Option<Command>),
    /// A guest's snapshot changed (the host's snapshot carries it).
    GuestChanged,
    /// The peer of the guest at this place stopped.
    GuestStopped(usize),
}

/// Completes with the next command of a hand-driven peer or a change of one of its hot-seat
/// guests; never, for a headless one.
async fn from_hand(hand: &mut Option<Hand>) -> FromHand {
    let Some(Hand {
        controller, guests, ..
    }) = hand
    else {
        return std::future::pending().await;
    };
    tokio::select! {
        command = controller.commands.recv() => FromHand::Command(command),
        (i, changed) = any_guest_changed(guests) => match changed {
            Ok(()) => FromHand::GuestChanged,
            Err(_) => FromHand::GuestStopped(i),
        },
    }
}

/// Completes when the snapshot of one of the guests (at most three) changes or its peer
/// stops: which one, and how.
async fn any_guest_changed(
    guests: &mut [control::Guest],
) -> (usize, Result<(), tokio::sync::watch::error::RecvError>) {
    match guests {
        [] => std::future::pending().await,
        [a] => (0, a.snapshots.changed().await),
        [a, b] => tokio::select! {
            r = a.snapshots.changed() => (0, r),
            r = b.snapshots.changed() => (1, r),
        },
        [a, b, c, ..] => tokio::select! {
            r = a.snapshots.changed() => (0, r),
            r = b.snapshots.changed() => (1, r),
            r = c.snapshots.changed() => (2, r),
        },
    }
}
