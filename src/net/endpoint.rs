//! One peer's network endpoint, sans I/O. Datagrams and the time go in; datagrams to send
//! and events come out. The headless peer (`crate::peer`) pumps it with a real socket or
//! the tests' lossy link. This file holds what goes in and out, timers and receiving; the
//! parts each have a file in `endpoint/`: the handshake, one session (its reliable channel
//! and replay window), the seats (the sessions with the other players), the spectators,
//! and the events and drop counters it reports.

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;

use ed25519_dalek::SigningKey;

use super::reliable::{Config as ChannelConfig, Millis};
use crate::protocol::envelope::{self, DropReason, MAX_PAYLOAD};
use crate::protocol::{Clock, Message, Nonce};

mod connection;
mod events;
mod handshake;
mod seats;
mod spectators;

use connection::Connection;
pub use events::{DropCounters, NetEvent, PeerInfo};
pub use handshake::session_id;
use handshake::{Handshake, PING_PAYLOAD};
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

    /// The clock our challenges propose from now on.
    pub fn set_clock(&mut self, clock: Clock) {
        self.config.clock = clock;
    }

    /// The clock our challenges propose.
    pub fn clock(&self) -> Clock {
        self.config.clock
    }

    /// Sets what pongs say about this endpoint (`idle` or `playing`).
    pub fn set_presence(&mut self, status: &str) {
        self.presence = status.to_string();
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
            let evidence = c.take_evidence();
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

    /// Moves whatever the channels have to send into the outgoing queue.
    fn flush(&mut self, now: Millis) {
        let (key, public) = (&self.key, self.public);
        for c in self.players.iter_mut().filter(|c| c.confirmed) {
            c.seal_pending(key, public, now, &mut self.outgoing);
        }
        self.flush_spectators(now);
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
        // The accepting side connects once the challenger speaks in the session (which it
        // does at once), at every table size.
        assert_eq!(
            b.poll_event(),
            None,
            "nobody is seated on a challenge alone"
        );
        pump(&mut a, addr(1), &mut b, 0);
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
}
