//! One peer's network endpoint, sans I/O: the handshake, the session with its reliable
//! channel, replay protection, heartbeats and drop counters. Datagrams and the time go in;
//! datagrams to send and events come out. The headless peer (`crate::peer`) pumps it with
//! a real socket or the tests' lossy link.

use std::collections::{BTreeMap, HashMap, VecDeque};
use std::net::SocketAddr;

use ed25519_dalek::SigningKey;
use serde::Serialize;
use sha2::{Digest, Sha256};

use super::reliable::{Channel, Config as ChannelConfig, Millis, Segment};
use crate::protocol::envelope::{self, DropReason, Header, MAX_PAYLOAD, VERSION};
use crate::protocol::{Clock, Message, Nonce};

mod spectators;
pub use spectators::{ACK_TIMEOUT, MAX_JOINING, MAX_SPECTATORS};

/// How an endpoint presents itself and how patient it is.
#[derive(Clone, Debug)]
pub struct EndpointConfig {
    /// The nickname sent in handshakes.
    pub name: String,
    /// The games this peer plays (challenges to others are declined), e.g. `junqi`.
    pub games: Vec<String>,
    /// The clock proposed in challenges.
    pub clock: Clock,
    /// Silence after which the peer is declared gone.
    pub silence_timeout: Millis,
    /// How long to keep retrying an unanswered challenge.
    pub challenge_timeout: Millis,
    /// How long a challenge we accepted may go unconfirmed (the challenger says nothing
    /// authenticated in its session) before the session is dropped: a challenge that is
    /// never followed up ties nothing up for longer.
    pub confirm_timeout: Millis,
}

impl Default for EndpointConfig {
    fn default() -> EndpointConfig {
        EndpointConfig {
            name: "lanqi".into(),
            games: vec!["junqi".into()],
            clock: Clock::default(),
            silence_timeout: 10_000,
            challenge_timeout: 30_000,
            confirm_timeout: 5_000,
        }
    }
}

/// The other peer of a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeerInfo {
    /// Its public key (confirmed by the signed handshake).
    pub key: [u8; 32],
    /// Its nickname.
    pub name: String,
    /// Where its datagrams come from.
    pub addr: SocketAddr,
    /// The session id.
    pub session: u64,
    /// The game the challenge named, e.g. `junqi`.
    pub game: String,
}

/// What the endpoint tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetEvent {
    /// Someone asks to play; answer with [`Endpoint::accept`] or [`Endpoint::decline`].
    Challenged {
        /// Where from.
        addr: SocketAddr,
        /// Its key.
        key: [u8; 32],
        /// Its nickname.
        name: String,
        /// The game it proposes.
        game: String,
        /// The clock it proposes.
        clock: Clock,
        /// The game it wants to resume, if it restarted mid-game.
        resume: Option<u64>,
    },
    /// A session is established.
    Connected {
        /// The other peer.
        peer: PeerInfo,
        /// Whether this endpoint challenged (seat 0) or accepted (seat 1).
        challenger: bool,
        /// The game being resumed, if any.
        resume: Option<u64>,
        /// The agreed clock.
        clock: Clock,
        /// The seats at the table: 2, or 3-4 when the accepting peer opened a larger one
        /// (the challenger then waits for its `seats`).
        seats: u8,
    },
    /// The challenged peer said no.
    Declined {
        /// Its reason.
        reason: String,
    },
    /// The challenged peer is in another game.
    Busy,
    /// Nobody answered the challenge.
    NoAnswer,
    /// A message from a peer, in order, exactly once, with the signed datagrams that
    /// carried it (evidence).
    Message {
        /// The session it came in (which peer, at a table of more than two).
        session: u64,
        /// The message.
        message: Message,
        /// The datagrams, as received.
        evidence: Vec<Vec<u8>>,
    },
    /// The peer has been silent for the configured timeout.
    Gone {
        /// Its session.
        session: u64,
        /// For how long.
        silent_for: Millis,
    },
    /// The peer is heard again after being declared gone.
    Back {
        /// Its session.
        session: u64,
    },
    /// The peer said goodbye.
    Left {
        /// Its session.
        session: u64,
    },
    /// We watch a game: the playing peer accepted our [`Endpoint::watch`]. What it
    /// relays arrives as [`NetEvent::Message`]s.
    Watching {
        /// The peer whose game we watch.
        peer: PeerInfo,
    },
    /// A spectator joined our game: we accepted it and it spoke in its session, so it
    /// receives at its address ([`Endpoint::send_spectator`] tells it the game so far; it
    /// holds a slot once it acknowledges some of it).
    SpectatorJoined {
        /// Its session id, which names it.
        session: u64,
        /// Its nickname.
        name: String,
        /// Its key.
        key: [u8; 32],
    },
    /// A spectator left (said goodbye, or fell silent).
    SpectatorLeft {
        /// Its session id.
        session: u64,
        /// Its nickname.
        name: String,
    },
    /// The peer acknowledged nothing while this many fragments waited for it: the session
    /// is dropped (nothing a peer does may grow what we keep without bound).
    CutOff {
        /// Its session.
        session: u64,
        /// The fragments waiting.
        queued: usize,
    },
    /// The challenger whose challenge we accepted never spoke in the session: it is
    /// dropped (the challenge was not followed up, or not the challenger's own).
    Abandoned {
        /// Its session.
        session: u64,
    },
    /// Someone answered our presence ping (see [`Endpoint::ping`]).
    Pong {
        /// Its key.
        key: [u8; 32],
        /// Where from.
        addr: SocketAddr,
        /// `idle` or `playing`.
        status: String,
    },
}

/// Counts of dropped datagrams, by reason.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct DropCounters {
    /// Larger than a datagram may be.
    pub too_large: u64,
    /// Too short to be an envelope.
    pub truncated: u64,
    /// Another protocol version.
    pub bad_version: u64,
    /// Fields that do not decode or are out of bounds.
    pub malformed: u64,
    /// Not the current session.
    pub unknown_session: u64,
    /// Signed by someone other than the peer.
    pub wrong_sender: u64,
    /// The signature does not verify.
    pub bad_signature: u64,
    /// A packet number seen before.
    pub replayed: u64,
    /// Reliable data received again (acked, not delivered again).
    pub duplicate: u64,
    /// A payload that is not a valid message.
    pub bad_payload: u64,
    /// A valid message the game refused.
    pub refused: u64,
}

impl DropCounters {
    /// Counts one drop.
    pub fn count(&mut self, reason: DropReason) {
        let c = match reason {
            DropReason::TooLarge => &mut self.too_large,
            DropReason::Truncated => &mut self.truncated,
            DropReason::BadVersion => &mut self.bad_version,
            DropReason::Malformed => &mut self.malformed,
            DropReason::UnknownSession => &mut self.unknown_session,
            DropReason::WrongSender => &mut self.wrong_sender,
            DropReason::BadSignature => &mut self.bad_signature,
            DropReason::Replayed => &mut self.replayed,
            DropReason::Duplicate => &mut self.duplicate,
            DropReason::BadPayload => &mut self.bad_payload,
            DropReason::Refused => &mut self.refused,
        };
        *c += 1;
    }

    /// All drops.
    pub fn total(&self) -> u64 {
        self.too_large
            + self.truncated
            + self.bad_version
            + self.malformed
            + self.unknown_session
            + self.wrong_sender
            + self.bad_signature
            + self.replayed
            + self.duplicate
            + self.bad_payload
            + self.refused
    }
}

/// Packet numbers seen recently: the highest, and a bitmap of the 64 below it.
#[derive(Clone, Copy, Debug, Default)]
struct ReplayWindow {
    highest: u64,
    seen: u64,
}

impl ReplayWindow {
    fn is_fresh(&self, packet: u64) -> bool {
        if packet == 0 {
            return false;
        }
        if packet > self.highest {
            return true;
        }
        let back = self.highest - packet;
        back < 64 && back > 0 && self.seen & (1 << (back - 1)) == 0
    }

    fn mark(&mut self, packet: u64) {
        if packet > self.highest {
            let shift = packet - self.highest;
            self.seen = if shift > 64 {
                0
            } else {
                (self.seen << 1 | 1) << (shift - 1)
            };
            // The old highest is now `shift` below: its bit is (shift - 1).
            self.highest = packet;
        } else {
            self.seen |= 1 << (self.highest - packet - 1);
        }
    }
}

impl Connection {
    /// A new session with `peer`; `accept` is our answer to its request, if we accepted
    /// one (we stay silent until it confirms the session).
    fn new(peer: PeerInfo, nonce: Nonce, accept: Option<Vec<u8>>, now: Millis) -> Connection {
        Connection {
            peer,
            channel: Channel::new(ChannelConfig::default()),
            next_packet: 1,
            replay: ReplayWindow::default(),
            last_heard: now,
            gone: false,
            undelivered: BTreeMap::new(),
            next_delivery: 1,
            confirmed: accept.is_none(),
            nonce,
            accept,
            held: None,
        }
    }
}

impl Connection {
    /// Takes in a datagram of this session: cheap checks first (the sender, the packet
    /// number), then the signature; the session is heard now and confirmed, and the
    /// segment goes to the reliable channel. Its seq, and what the channel made of it.
    fn admit(
        &mut self,
        unverified: envelope::Unverified<'_>,
        now: Millis,
    ) -> Result<(u32, super::reliable::Receipt), DropReason> {
        let header = unverified.header();
        if header.sender != self.peer.key {
            return Err(DropReason::WrongSender);
        }
        if !self.replay.is_fresh(header.packet) {
            return Err(DropReason::Replayed);
        }
        let header = unverified.verify()?;
        self.replay.mark(header.packet);
        self.last_heard = now;
        self.confirmed = true;
        let segment = Segment {
            seq: header.seq,
            ack: header.ack,
            ack_bits: header.ack_bits,
            frag_index: header.frag_index,
            frag_count: header.frag_count,
            payload: header.payload.to_vec(),
        };
        let receipt = self
            .channel
            .receive(segment, now)
            .map_err(|_| DropReason::Malformed)?;
        Ok((header.seq, receipt))
    }
}

struct Connection {
    peer: PeerInfo,
    channel: Channel,
    next_packet: u64,
    replay: ReplayWindow,
    last_heard: Millis,
    gone: bool,
    /// Received data datagrams not yet delivered, by seq (evidence for their messages).
    undelivered: BTreeMap<u32, Vec<u8>>,
    next_delivery: u32,
    /// The challenge nonce this session came from (to re-answer a repeated challenge).
    nonce: Nonce,
    accept: Option<Vec<u8>>,
    /// Whether the peer has sent an authenticated session datagram (the accepting side
    /// stays silent until then: its address might have been spoofed).
    confirmed: bool,
    /// At a table of more than two: the `Connected` of a challenger we accepted, held until
    /// it speaks in its session (a challenge never followed up, or replayed, takes no
    /// seat).
    held: Option<NetEvent>,
}

enum Handshake {
    Idle,
    Challenging {
        /// A request to watch, not to play.
        watch: bool,
        addr: SocketAddr,
        nonce: Nonce,
        game: String,
        resume: Option<u64>,
        datagram: Vec<u8>,
        started: Millis,
        next_try: Millis,
        interval: Millis,
    },
    Offered {
        addr: SocketAddr,
        key: [u8; 32],
        name: String,
        nonce: Nonce,
        game: String,
        clock: Clock,
        resume: Option<u64>,
    },
}

/// One peer's endpoint: the sessions of the game it plays (one; up to three for the peer
/// that opened a table of more than two, see [`Endpoint::set_players`]) or the one of the
/// game it watches, plus the spectators of the game it plays (at most
/// [`MAX_SPECTATORS`]).
pub struct Endpoint {
    key: SigningKey,
    public: [u8; 32],
    config: EndpointConfig,
    handshake: Handshake,
    /// The sessions with the other players, in the order they were made.
    players: Vec<Connection>,
    /// How many player sessions this endpoint takes.
    max_players: usize,
    /// Sessions with the spectators of our game: we send, they only acknowledge.
    spectators: Vec<spectators::Spectator>,
    /// Whether we take spectators (a player can decline them).
    spectators_allowed: bool,
    /// Challenge nonces seen, per sender key (an attacker's own challenges cannot evict
    /// the real peer's).
    recent_nonces: HashMap<[u8; 32], VecDeque<Nonce>>,
    outgoing: VecDeque<(SocketAddr, Vec<u8>)>,
    events: VecDeque<NetEvent>,
    drops: DropCounters,
    nonce_source: Box<dyn FnMut() -> Nonce + Send>,
    /// Pings sent and not yet answered: where to, and their nonce.
    pings: Vec<(SocketAddr, Nonce)>,
    /// What pongs say about us.
    presence: String,
}

/// The payload size a ping is padded to: larger than any pong.
const PING_PAYLOAD: usize = 100;

/// Whether two socket addresses are the same, an IPv4 address and its IPv6-mapped form
/// (as a dual-stack socket reports it) being the same.
fn same_address(a: &SocketAddr, b: &SocketAddr) -> bool {
    a.port() == b.port() && a.ip().to_canonical() == b.ip().to_canonical()
}

/// The session id both peers derive from the handshake.
pub fn session_id(
    challenge: &Nonce,
    reply: &Nonce,
    challenger: &[u8; 32],
    accepter: &[u8; 32],
) -> u64 {
    let mut h = Sha256::new();
    h.update(b"lanqi session v1");
    h.update(challenge);
    h.update(reply);
    h.update(challenger);
    h.update(accepter);
    let digest = h.finalize();
    let id = u64::from_le_bytes(digest[..8].try_into().expect("8 bytes"));
    id.max(1) // 0 marks handshake datagrams
}

impl Endpoint {
    /// An endpoint signing with `key`; `nonces` supplies fresh random nonces.
    pub fn new(
        key: SigningKey,
        config: EndpointConfig,
        nonces: Box<dyn FnMut() -> Nonce + Send>,
    ) -> Endpoint {
        let public = key.verifying_key().to_bytes();
        Endpoint {
            key,
            public,
            config,
            handshake: Handshake::Idle,
            players: Vec::new(),
            max_players: 1,
            spectators: Vec::new(),
            spectators_allowed: true,
            recent_nonces: HashMap::new(),
            outgoing: VecDeque::new(),
            events: VecDeque::new(),
            drops: DropCounters::default(),
            nonce_source: nonces,
            pings: Vec::new(),
            presence: "idle".into(),
        }
    }

    /// This endpoint's public key.
    pub fn public_key(&self) -> [u8; 32] {
        self.public
    }

    /// The drop counters so far.
    pub fn drops(&self) -> DropCounters {
        self.drops
    }

    /// Counts a message the owner refused (so that all drops are in one place).
    pub fn count_refused(&mut self) {
        self.drops.count(DropReason::Refused);
    }

    /// The (first) player's peer, if connected.
    pub fn peer(&self) -> Option<&PeerInfo> {
        self.players.first().map(|c| &c.peer)
    }

    /// Every player connected, in the order they came.
    pub fn players(&self) -> impl Iterator<Item = &PeerInfo> {
        self.players.iter().map(|c| &c.peer)
    }

    /// How many player sessions to take: 1 (a two-seat game) or, for the peer that opens
    /// a table of `n` seats, `n - 1` (at most 3). Challenges beyond are answered `busy`.
    pub fn set_players(&mut self, n: usize) {
        self.max_players = n.clamp(1, 3);
    }

    /// Whether a challenge of ours is waiting for an answer.
    pub fn is_challenging(&self) -> bool {
        matches!(self.handshake, Handshake::Challenging { .. })
    }

    /// Whether a session is established.
    pub fn is_connected(&self) -> bool {
        !self.players.is_empty()
    }

    /// Whether a player has spoken in its session (a session this endpoint challenged for
    /// is so from the start; one it accepted once a verified datagram of it came).
    pub fn is_confirmed(&self) -> bool {
        self.players.iter().any(|c| c.confirmed)
    }

    /// Reliable-channel statistics of the session, if any.
    pub fn channel_stats(&self) -> Option<super::reliable::ChannelStats> {
        self.players.first().map(|c| c.channel.stats())
    }

    /// Messages sent to players but not yet acknowledged.
    pub fn pending(&self) -> usize {
        self.players.iter().map(|c| c.channel.pending()).sum()
    }

    /// Asks the peer at `addr` to play `game` (or to resume game `resume`).
    pub fn challenge(&mut self, addr: SocketAddr, game: &str, resume: Option<u64>, now: Millis) {
        let nonce = (self.nonce_source)();
        let message = Message::Challenge {
            nonce,
            name: self.config.name.clone(),
            game: game.to_string(),
            clock: self.config.clock,
            resume,
            padding: 0,
        };
        self.request(addr, nonce, message, game, resume, now);
    }

    /// Asks the peer at `addr` to let us watch the game it plays; an answer comes back as
    /// [`NetEvent::Watching`] (or `Declined`, `NoAnswer`).
    pub fn watch(&mut self, addr: SocketAddr, now: Millis) {
        let nonce = (self.nonce_source)();
        let message = Message::Watch {
            nonce,
            name: self.config.name.clone(),
            padding: 0,
        };
        self.request(addr, nonce, message, "", None, now);
    }

    /// Sends a request (`challenge` or `watch`) padded to the largest payload, so that no
    /// answer to it is ever larger, and retries it until it is answered or times out.
    fn request(
        &mut self,
        addr: SocketAddr,
        nonce: Nonce,
        mut message: Message,
        game: &str,
        resume: Option<u64>,
        now: Millis,
    ) {
        let bare = message.to_string().len();
        let watch = matches!(message, Message::Watch { .. });
        if let Message::Challenge { padding, .. } | Message::Watch { padding, .. } = &mut message {
            *padding = MAX_PAYLOAD.saturating_sub(bare);
        }
        let datagram = self.seal_handshake(&message);
        self.outgoing.push_back((addr, datagram.clone()));
        self.handshake = Handshake::Challenging {
            watch,
            addr,
            nonce,
            game: game.to_string(),
            resume,
            datagram,
            started: now,
            next_try: now + 250,
            interval: 250,
        };
    }

    /// The clock our challenges propose from now on.
    pub fn set_clock(&mut self, clock: Clock) {
        self.config.clock = clock;
    }

    /// The clock our challenges propose.
    pub fn clock(&self) -> Clock {
        self.config.clock
    }

    /// Sends a presence ping to `addr`; an answer comes back as [`NetEvent::Pong`].
    pub fn ping(&mut self, addr: SocketAddr) {
        let nonce = (self.nonce_source)();
        self.pings.retain(|(a, _)| *a != addr);
        if self.pings.len() >= 256 {
            self.pings.remove(0);
        }
        self.pings.push((addr, nonce));
        let mut message = Message::Ping { nonce, padding: 0 };
        let bare = message.to_string().len();
        if let Message::Ping { padding, .. } = &mut message {
            *padding = PING_PAYLOAD.saturating_sub(bare);
        }
        let datagram = self.seal_handshake(&message);
        self.outgoing.push_back((addr, datagram));
    }

    /// Sets what pongs say about this endpoint (`idle` or `playing`).
    pub fn set_presence(&mut self, status: &str) {
        self.presence = status.to_string();
    }

    /// Accepts the pending challenge: the session starts.
    pub fn accept(&mut self, now: Millis) -> bool {
        let Handshake::Offered {
            addr,
            key,
            name,
            nonce,
            game,
            clock,
            resume,
        } = std::mem::replace(&mut self.handshake, Handshake::Idle)
        else {
            return false;
        };
        let reply = (self.nonce_source)();
        let message = Message::Accept {
            nonce,
            reply,
            name: self.config.name.clone(),
            seats: self.max_players as u8 + 1,
        };
        let datagram = self.seal_handshake(&message);
        self.outgoing.push_back((addr, datagram.clone()));
        let session = session_id(&nonce, &reply, &key, &self.public);
        let peer = PeerInfo {
            key,
            name,
            addr,
            session,
            game,
        };
        self.connect(peer.clone(), nonce, Some(datagram), now);
        let connected = NetEvent::Connected {
            peer,
            challenger: false,
            resume,
            clock,
            seats: self.max_players as u8 + 1,
        };
        // A seat at a larger table is taken once its challenger speaks in the session.
        match self.players.last_mut().filter(|_| self.max_players > 1) {
            Some(c) => c.held = Some(connected),
            None => self.events.push_back(connected),
        }
        true
    }

    /// Declines the pending challenge.
    pub fn decline(&mut self, reason: &str) {
        if let Handshake::Offered { addr, nonce, .. } =
            std::mem::replace(&mut self.handshake, Handshake::Idle)
        {
            let datagram = self.seal_handshake(&Message::Decline {
                nonce,
                reason: reason.into(),
            });
            self.outgoing.push_back((addr, datagram));
        }
    }

    /// Queues a message for every player (reliable, ordered).
    pub fn send(&mut self, message: &Message) {
        let sessions: Vec<u64> = self.players.iter().map(|c| c.peer.session).collect();
        for session in sessions {
            self.send_to(session, message);
        }
    }

    /// Queues a message for one player, named by its session id.
    pub fn send_to(&mut self, session: u64, message: &Message) {
        let Some(i) = self.players.iter().position(|c| c.peer.session == session) else {
            return;
        };
        // A message of ours never exceeds the channel's limit (64 KB); a full queue means
        // the peer acknowledges nothing: it is cut off.
        if let Err(super::reliable::ChannelError::QueueFull { queued }) =
            self.players[i].channel.send(message.to_string().as_bytes())
        {
            self.players.remove(i);
            self.drops.count(DropReason::Refused);
            self.events.push_back(NetEvent::CutOff { session, queued });
        }
    }

    /// Ends the sessions, telling the players, and says goodbye to our spectators.
    pub fn disconnect(&mut self, now: Millis) {
        self.send(&Message::Bye);
        self.send_spectators(&Message::Bye);
        self.flush(now);
        self.players.clear();
        self.spectators.clear();
    }

    /// Ends one player's session, telling it.
    pub fn disconnect_player(&mut self, session: u64, now: Millis) {
        self.send_to(session, &Message::Bye);
        self.flush(now);
        self.players.retain(|c| c.peer.session != session);
    }

    /// The next datagram to send, and where.
    pub fn poll_transmit(&mut self, now: Millis) -> Option<(SocketAddr, Vec<u8>)> {
        self.flush(now);
        self.outgoing.pop_front()
    }

    /// The next event for the owner.
    pub fn poll_event(&mut self) -> Option<NetEvent> {
        self.events.pop_front()
    }

    /// When [`Endpoint::handle_timeout`] should next run.
    pub fn next_timeout(&self) -> Option<Millis> {
        let handshake = match &self.handshake {
            Handshake::Challenging { next_try, .. } => Some(*next_try),
            _ => None,
        };
        let session = self
            .players
            .iter()
            .filter_map(|c| {
                // Once the peer is declared gone, its silence is no longer a deadline; an
                // unconfirmed session has a shorter one.
                let patience = if c.confirmed {
                    self.config.silence_timeout
                } else {
                    self.config.confirm_timeout
                };
                let silence = (!c.gone).then_some(c.last_heard + patience);
                [c.channel.next_timeout(), silence]
                    .into_iter()
                    .flatten()
                    .min()
            })
            .min();
        let spectators = self.spectators_next_timeout();
        [handshake, session, spectators].into_iter().flatten().min()
    }

    /// Retransmits, sends heartbeats, and notices silence.
    pub fn handle_timeout(&mut self, now: Millis) {
        if let Handshake::Challenging {
            addr,
            datagram,
            started,
            next_try,
            interval,
            ..
        } = &mut self.handshake
        {
            if now >= *started + self.config.challenge_timeout {
                self.handshake = Handshake::Idle;
                self.events.push_back(NetEvent::NoAnswer);
            } else if now >= *next_try {
                self.outgoing.push_back((*addr, datagram.clone()));
                *interval = (*interval * 2).min(2000);
                *next_try = now + *interval;
            }
        }
        let (confirm_timeout, events) = (self.config.confirm_timeout, &mut self.events);
        self.players.retain(|c| {
            let abandoned = !c.confirmed && now.saturating_sub(c.last_heard) >= confirm_timeout;
            if abandoned {
                events.push_back(NetEvent::Abandoned {
                    session: c.peer.session,
                });
            }
            !abandoned
        });
        for c in &mut self.players {
            let silent_for = now.saturating_sub(c.last_heard);
            if !c.gone && silent_for >= self.config.silence_timeout {
                c.gone = true;
                self.events.push_back(NetEvent::Gone {
                    session: c.peer.session,
                    silent_for,
                });
            }
        }
        self.spectators_timeout(now);
        self.flush(now);
    }

    /// Takes in one datagram from `from`.
    pub fn handle_datagram(&mut self, from: SocketAddr, datagram: &[u8], now: Millis) {
        if let Err(reason) = self.receive(from, datagram, now) {
            self.drops.count(reason);
        }
    }

    fn receive(
        &mut self,
        from: SocketAddr,
        datagram: &[u8],
        now: Millis,
    ) -> Result<(), DropReason> {
        let unverified = envelope::open(datagram)?;
        let header = unverified.header();
        if header.session == 0 {
            if header.seq != 0 || header.frag_count != 0 {
                return Err(DropReason::Malformed);
            }
            // A challenge must be padded to the largest payload, so that no answer to an
            // unauthenticated datagram is ever larger than it.
            if header.payload.starts_with(b"challenge|") && header.payload.len() < MAX_PAYLOAD {
                return Err(DropReason::Malformed);
            }
            if header.payload.starts_with(b"watch|") && header.payload.len() < MAX_PAYLOAD {
                return Err(DropReason::Malformed);
            }
            if header.payload.starts_with(b"ping|") && header.payload.len() < PING_PAYLOAD {
                return Err(DropReason::Malformed);
            }
            let header = unverified.verify()?;
            let message = Message::parse(header.payload).map_err(|_| DropReason::BadPayload)?;
            return self.handshake_message(from, header.sender, message, now);
        }
        let ours = |c: &Connection| c.peer.session == header.session;
        let Some(p) = self.players.iter().position(ours) else {
            return self.receive_from_spectator(unverified, now);
        };
        let session = header.session;
        let c = &mut self.players[p];
        let (seq, receipt) = c.admit(unverified, now)?;
        if let Some(connected) = c.held.take() {
            self.events.push_back(connected);
        }
        // The reply address stays the handshake's: an authentic datagram replayed from
        // elsewhere must not redirect the session.
        if c.gone {
            c.gone = false;
            self.events.push_back(NetEvent::Back { session });
        }
        // Keep evidence only for what the channel itself buffers (twice its window).
        let buffered = 2 * ChannelConfig::default().window;
        if seq != 0 && seq >= c.next_delivery && seq - c.next_delivery < buffered {
            c.undelivered
                .entry(seq)
                .or_insert_with(|| datagram.to_vec());
        }
        let mut result = Ok(());
        if receipt.duplicate {
            result = Err(DropReason::Duplicate);
        }
        for payload in receipt.delivered {
            let evidence = Self::take_evidence(c);
            match Message::parse(&payload) {
                Ok(Message::Bye) => {
                    self.events.push_back(NetEvent::Left { session });
                }
                Ok(message) => self.events.push_back(NetEvent::Message {
                    session,
                    message,
                    evidence,
                }),
                Err(_) => self.drops.count(DropReason::BadPayload),
            }
        }
        if matches!(self.events.back(), Some(NetEvent::Left { .. })) {
            self.players.remove(p);
        }
        result
    }

    /// The datagrams of the next delivered message: its fragments' consecutive seqs.
    fn take_evidence(c: &mut Connection) -> Vec<Vec<u8>> {
        let first = c.next_delivery;
        let count = c
            .undelivered
            .get(&first)
            .and_then(|d| envelope::open(d).ok().map(|u| u.header().frag_count))
            .unwrap_or(1)
            .max(1);
        let evidence: Vec<Vec<u8>> = (first..first + count as u32)
            .filter_map(|s| c.undelivered.remove(&s))
            .collect();
        c.next_delivery = first + count as u32;
        evidence
    }

    fn handshake_message(
        &mut self,
        from: SocketAddr,
        sender: [u8; 32],
        message: Message,
        now: Millis,
    ) -> Result<(), DropReason> {
        match message {
            Message::Challenge {
                nonce,
                name,
                game,
                clock,
                resume,
                ..
            } => {
                let repeat = Self::repeat_of(self.players.iter(), sender, nonce);
                if !self.fresh_request(from, sender, nonce, repeat)? {
                    return Ok(());
                }
                // Two restarted peers challenging each other to resume the same game:
                // the one with the lower key gives way and answers.
                let crossing = matches!(self.handshake,
                    Handshake::Challenging { resume: Some(ours), .. } if resume == Some(ours))
                    && self.public < sender;
                // A session we accepted whose challenger never spoke in it holds nothing
                // up: another challenger is heard (and, if accepted, replaces it), so a
                // challenge never followed up makes nobody wait.
                let holding = self.players.iter().filter(|c| c.confirmed).count();
                let full = holding >= self.max_players
                    && self.players.iter().all(|c| c.peer.key != sender);
                let busy = full
                    || matches!(self.handshake, Handshake::Offered { .. })
                    || (matches!(self.handshake, Handshake::Challenging { .. }) && !crossing);
                if busy {
                    let datagram = self.seal_handshake(&Message::Busy { nonce });
                    self.outgoing.push_back((from, datagram));
                    return Ok(());
                }
                let game_name = game.split(':').next().unwrap_or_default();
                if !self.config.games.iter().any(|g| g == game_name) {
                    let reason = format!(
                        "this peer plays {}, not {game}",
                        self.config.games.join(", ")
                    );
                    let datagram = self.seal_handshake(&Message::Decline { nonce, reason });
                    self.outgoing.push_back((from, datagram));
                    return Ok(());
                }
                self.handshake = Handshake::Offered {
                    addr: from,
                    key: sender,
                    name: name.clone(),
                    nonce,
                    game: game.clone(),
                    clock,
                    resume,
                };
                self.events.push_back(NetEvent::Challenged {
                    addr: from,
                    key: sender,
                    name,
                    game,
                    clock,
                    resume,
                });
                Ok(())
            }
            Message::Accept {
                nonce,
                reply,
                name,
                seats,
            } => {
                let Handshake::Challenging {
                    watch,
                    addr,
                    nonce: ours,
                    game,
                    resume,
                    ..
                } = &self.handshake
                else {
                    return Err(DropReason::UnknownSession);
                };
                // Only the address we challenged may answer.
                if *ours != nonce || sender == self.public || !same_address(&from, addr) {
                    return Err(DropReason::UnknownSession);
                }
                let (resume, watch) = (*resume, *watch);
                let session = session_id(&nonce, &reply, &self.public, &sender);
                let peer = PeerInfo {
                    key: sender,
                    name,
                    addr: from,
                    session,
                    game: game.clone(),
                };
                self.handshake = Handshake::Idle;
                self.connect(peer.clone(), nonce, None, now);
                if watch {
                    self.events.push_back(NetEvent::Watching { peer });
                    return Ok(());
                }
                let clock = self.config.clock;
                self.events.push_back(NetEvent::Connected {
                    peer,
                    challenger: true,
                    resume,
                    clock,
                    seats,
                });
                Ok(())
            }
            Message::Watch { nonce, name, .. } => {
                self.watch_request(from, sender, nonce, name, now)
            }
            Message::Decline { nonce, reason } => {
                self.end_challenge(nonce, NetEvent::Declined { reason })
            }
            Message::Busy { nonce } => self.end_challenge(nonce, NetEvent::Busy),
            Message::Ping { nonce, .. } => {
                let pong = self.seal_handshake(&Message::Pong {
                    nonce,
                    status: self.presence.clone(),
                });
                self.outgoing.push_back((from, pong));
                Ok(())
            }
            Message::Pong { nonce, status } => {
                let i = self
                    .pings
                    .iter()
                    .position(|(a, n)| same_address(a, &from) && *n == nonce);
                let i = i.ok_or(DropReason::UnknownSession)?;
                self.pings.remove(i);
                self.events.push_back(NetEvent::Pong {
                    key: sender,
                    addr: from,
                    status,
                });
                Ok(())
            }
            _ => Err(DropReason::BadPayload),
        }
    }

    /// Whether a request from `sender` with `nonce` repeats one that made one of
    /// `sessions`, and if so our accept to send again (none if we were the asking side).
    fn repeat_of<'a>(
        mut sessions: impl Iterator<Item = &'a Connection>,
        sender: [u8; 32],
        nonce: Nonce,
    ) -> Option<Option<Vec<u8>>> {
        sessions
            .find(|c| c.nonce == nonce && c.peer.key == sender)
            .map(|c| c.accept.clone())
    }

    /// The checks a request (`challenge`, `watch`) goes through first: a `repeat` of one we
    /// accepted means our accept was lost, so it is answered again and there is nothing
    /// more to do (`Ok(false)`); a nonce this key used before is a replay; a request signed
    /// with our own key is refused.
    fn fresh_request(
        &mut self,
        from: SocketAddr,
        sender: [u8; 32],
        nonce: Nonce,
        repeat: Option<Option<Vec<u8>>>,
    ) -> Result<bool, DropReason> {
        if let Some(accept) = repeat {
            if let Some(accept) = accept {
                self.outgoing.push_back((from, accept));
            }
            return Ok(false);
        }
        if self
            .recent_nonces
            .get(&sender)
            .is_some_and(|seen| seen.contains(&nonce))
        {
            return Err(DropReason::Replayed);
        }
        self.remember(sender, nonce);
        if sender == self.public {
            return Err(DropReason::WrongSender);
        }
        Ok(true)
    }

    fn end_challenge(&mut self, nonce: Nonce, event: NetEvent) -> Result<(), DropReason> {
        match &self.handshake {
            Handshake::Challenging { nonce: ours, .. } if *ours == nonce => {
                self.handshake = Handshake::Idle;
                self.events.push_back(event);
                Ok(())
            }
            _ => Err(DropReason::UnknownSession),
        }
    }

    fn remember(&mut self, sender: [u8; 32], nonce: Nonce) {
        if self.recent_nonces.len() >= 1024 && !self.recent_nonces.contains_key(&sender) {
            // Forget the keys of strangers before those of a peer we are playing.
            let keep: Vec<[u8; 32]> = self.players.iter().map(|c| c.peer.key).collect();
            self.recent_nonces.retain(|k, _| keep.contains(k));
        }
        let seen = self.recent_nonces.entry(sender).or_default();
        if seen.len() >= 64 {
            seen.pop_front();
        }
        seen.push_back(nonce);
    }

    fn connect(&mut self, peer: PeerInfo, nonce: Nonce, accept: Option<Vec<u8>>, now: Millis) {
        // A player that challenges again (it restarted) replaces its old session.
        self.players.retain(|c| c.peer.key != peer.key);
        if self.max_players == 1 {
            self.players.clear();
        }
        // At a larger table, sessions whose challengers have not spoken take no seat; the
        // oldest of them gives way, so strangers' challenges hold at most as many as there
        // are seats.
        let unconfirmed = self.players.iter().filter(|c| !c.confirmed).count();
        if unconfirmed >= self.max_players
            && let Some(i) = self.players.iter().position(|c| !c.confirmed)
        {
            let old = self.players.remove(i);
            self.events.push_back(NetEvent::Abandoned {
                session: old.peer.session,
            });
        }
        let mut connection = Connection::new(peer, nonce, accept, now);
        if connection.confirmed {
            // We challenged: our first session datagram goes at once, so the accepter
            // hears us speak in the session without waiting for a heartbeat.
            connection.channel.owe_ack();
        }
        self.players.push(connection);
    }

    fn seal_handshake(&self, message: &Message) -> Vec<u8> {
        let text = message.to_string();
        let header = Header {
            version: VERSION,
            session: 0,
            sender: self.public,
            packet: 0,
            seq: 0,
            ack: 0,
            ack_bits: 0,
            frag_index: 0,
            frag_count: 0,
            payload: text.as_bytes(),
        };
        envelope::seal(&header, &self.key)
    }

    /// Moves whatever the channels have to send into the outgoing queue.
    fn flush(&mut self, now: Millis) {
        let (key, public) = (&self.key, self.public);
        for c in self.players.iter_mut().filter(|c| c.confirmed) {
            Self::flush_one(c, key, public, now, &mut self.outgoing);
        }
        self.flush_spectators(now);
    }

    fn flush_one(
        c: &mut Connection,
        key: &SigningKey,
        public: [u8; 32],
        now: Millis,
        outgoing: &mut VecDeque<(SocketAddr, Vec<u8>)>,
    ) {
        while let Some(segment) = c.channel.poll_transmit(now) {
            let header = Header {
                version: VERSION,
                session: c.peer.session,
                sender: public,
                packet: c.next_packet,
                seq: segment.seq,
                ack: segment.ack,
                ack_bits: segment.ack_bits,
                frag_index: segment.frag_index,
                frag_count: segment.frag_count,
                payload: &segment.payload,
            };
            c.next_packet += 1;
            outgoing.push_back((c.peer.addr, envelope::seal(&header, key)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Verb;

    pub(super) fn endpoint(seed: u8) -> Endpoint {
        let mut n = 0u8;
        let nonces = Box::new(move || {
            n = n.wrapping_add(1);
            [seed ^ n; 16]
        });
        Endpoint::new(
            SigningKey::from_bytes(&[seed; 32]),
            EndpointConfig::default(),
            nonces,
        )
    }

    pub(super) fn addr(port: u16) -> SocketAddr {
        SocketAddr::from(([127, 0, 0, 1], port))
    }

    /// Delivers everything `from` has to send to `to`; returns the byte counts sent.
    pub(super) fn pump(
        from: &mut Endpoint,
        from_addr: SocketAddr,
        to: &mut Endpoint,
        now: Millis,
    ) -> Vec<usize> {
        let mut sizes = Vec::new();
        while let Some((_, d)) = from.poll_transmit(now) {
            sizes.push(d.len());
            to.handle_datagram(from_addr, &d, now);
        }
        sizes
    }

    #[test]
    fn a_handshake_connects_both_sides_with_one_session_id() {
        let (mut a, mut b) = (endpoint(1), endpoint(2));
        a.challenge(addr(2), "junqi", None, 0);
        let challenge = pump(&mut a, addr(1), &mut b, 0);
        assert!(matches!(b.poll_event(), Some(NetEvent::Challenged { .. })));
        assert!(b.accept(0));
        let answer = pump(&mut b, addr(2), &mut a, 0);
        assert!(
            answer.iter().all(|&n| n < challenge[0]),
            "no answer is larger than the challenge"
        );
        assert!(matches!(
            a.poll_event(),
            Some(NetEvent::Connected {
                challenger: true,
                ..
            })
        ));
        assert!(matches!(
            b.poll_event(),
            Some(NetEvent::Connected {
                challenger: false,
                ..
            })
        ));
        assert_eq!(a.peer().unwrap().session, b.peer().unwrap().session);
    }

    #[test]
    fn an_unpadded_challenge_gets_no_answer() {
        let (a, mut b) = (endpoint(1), endpoint(2));
        let small = a.seal_handshake(&Message::Challenge {
            nonce: [9; 16],
            name: "x".into(),
            game: "junqi".into(),
            clock: Clock::default(),
            resume: None,
            padding: 0,
        });
        b.handle_datagram(addr(1), &small, 0);
        assert!(b.poll_event().is_none());
        assert!(b.poll_transmit(0).is_none());
        assert_eq!(b.drops().malformed, 1);
    }

    #[test]
    fn the_accepting_side_stays_silent_until_the_challenger_speaks() {
        let (mut a, mut b) = (endpoint(1), endpoint(2));
        a.challenge(addr(2), "junqi", None, 0);
        pump(&mut a, addr(1), &mut b, 0);
        b.poll_event();
        b.accept(0);
        // The accept goes out (it is smaller than the challenge), then nothing: no
        // heartbeats, no data towards an address that may have been spoofed.
        assert!(b.poll_transmit(0).is_some());
        b.send(&Message::Chat {
            text: "hello".into(),
        });
        for t in [1_000, 5_000, 9_000] {
            b.handle_timeout(t);
            let spoke = b
                .poll_transmit(t)
                .map(|(_, d)| format!("{:?}", envelope::open(&d).unwrap().header()));
            assert!(spoke.is_none(), "b spoke at {t} ms: {spoke:?}");
        }
    }

    /// Two endpoints in a game: 1 challenged 2, which accepted; both have spoken.
    pub(super) fn playing() -> (Endpoint, Endpoint) {
        let (mut a, mut b) = (endpoint(1), endpoint(2));
        a.challenge(addr(2), "junqi", None, 0);
        pump(&mut a, addr(1), &mut b, 0);
        b.accept(0);
        pump(&mut b, addr(2), &mut a, 0);
        while a.poll_event().is_some() || b.poll_event().is_some() {}
        (a, b)
    }

    #[test]
    fn a_challenge_never_followed_up_ties_nothing_up_for_long() {
        let (mut stranger, mut b) = (endpoint(1), endpoint(2));
        stranger.challenge(addr(2), "junqi", None, 0);
        pump(&mut stranger, addr(1), &mut b, 0);
        assert!(b.poll_event().is_some());
        b.accept(0);
        while b.poll_event().is_some() {}
        // The stranger never speaks in the session: it is given up a few seconds after the
        // accept, and the endpoint is free again.
        let deadline = b.next_timeout().expect("a deadline");
        assert!(deadline <= 5_000, "{deadline}");
        b.handle_timeout(deadline);
        assert!(matches!(b.poll_event(), Some(NetEvent::Abandoned { .. })));
        assert!(!b.is_connected());
    }

    /// Meanwhile it makes nobody wait: a friend who challenges while the stranger's session
    /// is unconfirmed is heard at once (not told busy), and accepting the friend replaces
    /// the stranger's session; once the friend has spoken, others are busy as usual.
    #[test]
    fn an_unconfirmed_session_makes_nobody_wait() {
        let (mut stranger, mut b) = (endpoint(1), endpoint(2));
        stranger.challenge(addr(2), "junqi", None, 0);
        pump(&mut stranger, addr(1), &mut b, 0);
        b.accept(0);
        while b.poll_event().is_some() {}
        assert!(b.is_connected() && !b.is_confirmed());
        let mut friend = endpoint(3);
        friend.challenge(addr(2), "junqi", None, 1_000);
        pump(&mut friend, addr(3), &mut b, 1_000);
        assert!(
            matches!(b.poll_event(), Some(NetEvent::Challenged { .. })),
            "the friend is heard, not told busy"
        );
        b.accept(1_000);
        pump(&mut b, addr(2), &mut friend, 1_000);
        assert!(matches!(
            friend.poll_event(),
            Some(NetEvent::Connected { .. })
        ));
        friend.send(&Message::Chat { text: "hi".into() });
        pump(&mut friend, addr(3), &mut b, 1_100);
        assert!(b.is_confirmed());
        // The stranger's session is gone: no word of it when its time would have come.
        b.handle_timeout(6_000);
        assert!(
            std::iter::from_fn(|| b.poll_event()).all(|e| !matches!(e, NetEvent::Abandoned { .. }))
        );
        let mut third = endpoint(4);
        third.challenge(addr(2), "junqi", None, 6_000);
        pump(&mut third, addr(4), &mut b, 6_000);
        pump(&mut b, addr(2), &mut third, 6_000);
        assert_eq!(third.poll_event(), Some(NetEvent::Busy));
    }

    #[test]
    fn a_peer_that_acknowledges_nothing_is_cut_off_before_our_queue_grows_without_bound() {
        let (mut a, _b) = playing();
        // Bob's datagrams never reach us again: whatever we queue is never acknowledged.
        let limit = ChannelConfig::default().max_queued;
        let mut sent = 0;
        while a.is_connected() && sent < 2 * limit {
            a.send(&Message::Draw { verb: Verb::No });
            let _ = a.poll_transmit(sent as Millis);
            sent += 1;
        }
        assert!(!a.is_connected(), "still connected after {sent} messages");
        assert!(
            sent <= limit + 64,
            "cut off after {sent}, the queue holds {limit}"
        );
        let cut =
            std::iter::from_fn(|| a.poll_event()).find(|e| matches!(e, NetEvent::CutOff { .. }));
        assert!(cut.is_some());
        assert_eq!(a.drops().refused, 1);
    }

    #[test]
    fn a_flood_of_challenges_from_fresh_keys_keeps_the_nonce_memory_bounded() {
        let mut listener = endpoint(3);
        for i in 0..3000u32 {
            let mut key = [0u8; 32];
            key[..4].copy_from_slice(&i.to_le_bytes());
            let mut stranger = Endpoint::new(
                SigningKey::from_bytes(&key),
                EndpointConfig::default(),
                Box::new(move || [i as u8; 16]),
            );
            stranger.challenge(addr(3), "junqi", None, 0);
            pump(&mut stranger, addr(9), &mut listener, 0);
            // Each is declined (the listener is offered one at a time), never kept.
            listener.decline("no");
            while listener.poll_event().is_some() {}
            while listener.poll_transmit(0).is_some() {}
            let remembered: usize = listener.recent_nonces.values().map(|n| n.len()).sum();
            assert!(
                listener.recent_nonces.len() <= 1024,
                "{} keys",
                listener.recent_nonces.len()
            );
            assert!(remembered <= 1024 * 64);
            assert!(listener.players.is_empty() && listener.pings.len() <= 256);
        }
    }

    #[test]
    fn two_peers_resuming_at_once_settle_on_one_session() {
        let (mut a, mut b) = (endpoint(1), endpoint(2));
        a.challenge(addr(2), "junqi", Some(42), 0);
        b.challenge(addr(1), "junqi", Some(42), 0);
        for t in 0..10 {
            pump(&mut a, addr(1), &mut b, t);
            pump(&mut b, addr(2), &mut a, t);
            for e in [&mut a, &mut b] {
                while let Some(event) = e.poll_event() {
                    assert!(
                        !matches!(event, NetEvent::Busy),
                        "crossing resumes must not end busy"
                    );
                    if let NetEvent::Challenged { .. } = event {
                        e.accept(t);
                    }
                }
            }
        }
        assert!(a.is_connected() && b.is_connected());
        assert_eq!(a.peer().unwrap().session, b.peer().unwrap().session);
    }

    #[test]
    fn a_ping_gets_a_smaller_signed_pong_with_the_status() {
        let (mut a, mut b) = (endpoint(1), endpoint(2));
        b.set_presence("playing");
        a.ping(addr(2));
        let ping = pump(&mut a, addr(1), &mut b, 0);
        let pong = pump(&mut b, addr(2), &mut a, 0);
        assert!(pong.len() == 1 && pong[0] < ping[0], "{ping:?} {pong:?}");
        match a.poll_event() {
            Some(NetEvent::Pong { key, status, .. }) => {
                assert_eq!(key, b.public_key());
                assert_eq!(status, "playing");
            }
            other => panic!("{other:?}"),
        }
        // An unsolicited pong, or one from elsewhere, is dropped.
        a.ping(addr(2));
        let _ = pump(&mut a, addr(1), &mut b, 1);
        while let Some((_, d)) = b.poll_transmit(1) {
            a.handle_datagram(addr(9), &d, 1);
        }
        assert!(a.poll_event().is_none());
        assert_eq!(a.drops().unknown_session, 1);
    }

    #[test]
    fn the_replay_window_accepts_each_packet_number_once() {
        let mut w = ReplayWindow::default();
        for p in [1, 3, 2, 70, 8, 7] {
            assert!(w.is_fresh(p), "{p}");
            w.mark(p);
            assert!(!w.is_fresh(p), "{p} twice");
        }
        assert!(!w.is_fresh(0));
        assert!(!w.is_fresh(6), "too old to tell: 64 below the highest");
        assert!(w.is_fresh(69));
    }
}
