//! The spectators of the game an endpoint's owner plays (PROTOCOL.md §8.13): the `watch`
//! handshake, a session per spectator beside the players' (spectators only acknowledge),
//! and what is sent to them. A child of `endpoint` so that it uses the endpoint's own
//! session type (`Connection`) without widening it.
//!
//! A watcher earns its place in three steps, and a stranger that skips one holds nothing:
//!
//! 1. **Accepted**: its `watch` is answered `accept` (smaller than the `watch`), and that
//!    is all it is sent. It holds no slot; if it says nothing in the session within the
//!    confirm timeout (5 s) it is forgotten silently.
//! 2. **Joined**: its first authenticated datagram in the session proves it received our
//!    accept at its address (the session id hashes the accept's fresh reply nonce, the
//!    cookie it echoes). It is told the game so far, but only one segment at a time (a
//!    window of 1) until it acknowledges one. Still no slot.
//! 3. **Watching**: it acknowledged data: it holds one of [`MAX_SPECTATORS`] slots and the
//!    full window. If all are taken by then, it is dropped.
//!
//! Whatever its step, a spectator that owes an acknowledgement for [`ACK_TIMEOUT`] (data
//! of ours in flight, none of it acknowledged) is dropped, heartbeats or not; one key has
//! at most one spectator (a new `watch` of that key replaces the old); at most
//! [`MAX_JOINING`] watchers without a slot are kept (the oldest is forgotten).

use std::net::SocketAddr;

use super::{Connection, Endpoint, NetEvent, PeerInfo, session_id};
use crate::net::reliable::{Config as ChannelConfig, Millis};
use crate::protocol::envelope::{self, DropReason};
use crate::protocol::{Message, Nonce};

/// How many spectators one game takes at most (those that have acknowledged data).
pub const MAX_SPECTATORS: usize = 8;

/// How many accepted watchers without a slot (not yet acknowledged anything) are kept at
/// once; a further `watch` makes the endpoint forget the oldest of them.
pub const MAX_JOINING: usize = 16;

/// How long a spectator may owe an acknowledgement (data of ours in flight, none of it
/// acknowledged since) before it is dropped, even while it sends heartbeats.
pub const ACK_TIMEOUT: Millis = 5_000;

/// One spectator's session and how far it has proved itself.
pub(super) struct Spectator {
    conn: Connection,
    /// It has acknowledged data of ours: it holds a slot and the full window.
    proven: bool,
    /// The start of what it owes: the last time nothing of ours was in flight to it, or it
    /// last acknowledged something.
    owing_since: Millis,
    /// When our accept went out.
    accepted: Millis,
}

impl Spectator {
    /// It has spoken in its session (so it received our accept at its address).
    fn joined(&self) -> bool {
        self.conn.confirmed
    }

    fn left(&self) -> NetEvent {
        NetEvent::SpectatorLeft {
            session: self.conn.peer.session,
            name: self.conn.peer.name.clone(),
        }
    }

    /// Why it goes at `now`, if it does: `Some(true)` with a word to the owner (it had
    /// joined), `Some(false)` silently.
    fn expired(&self, now: Millis, silence: Millis, confirm: Millis) -> Option<bool> {
        if !self.joined() {
            return (now.saturating_sub(self.accepted) >= confirm).then_some(false);
        }
        let owes = self.conn.channel.in_flight() > 0;
        let unacknowledged = owes && now.saturating_sub(self.owing_since) >= ACK_TIMEOUT;
        let silent = now.saturating_sub(self.conn.last_heard) >= silence;
        (unacknowledged || silent).then_some(true)
    }

    /// When [`Spectator::expired`] may next say yes, or its channel needs a turn.
    fn next_timeout(&self, silence: Millis, confirm: Millis) -> Option<Millis> {
        if !self.joined() {
            return Some(self.accepted + confirm);
        }
        let owes = (self.conn.channel.in_flight() > 0).then_some(self.owing_since + ACK_TIMEOUT);
        [
            self.conn.channel.next_timeout(),
            owes,
            Some(self.conn.last_heard + silence),
        ]
        .into_iter()
        .flatten()
        .min()
    }
}

impl Endpoint {
    /// Whether we take spectators from now on (those already watching stay).
    pub fn set_spectators_allowed(&mut self, allowed: bool) {
        self.spectators_allowed = allowed;
    }

    /// How many spectators watch our game (hold a slot: they have acknowledged data).
    pub fn spectators(&self) -> usize {
        self.spectators.iter().filter(|s| s.proven).count()
    }

    /// Queues a message for every spectator that has joined (reliable, ordered).
    pub fn send_spectators(&mut self, message: &Message) {
        let text = message.to_string();
        let events = &mut self.events;
        // A spectator that acknowledges nothing until its queue is full is dropped.
        self.spectators.retain_mut(|s| {
            let taken = !s.joined() || s.conn.channel.send(text.as_bytes()).is_ok();
            if !taken {
                events.push_back(s.left());
            }
            taken
        });
    }

    /// Queues a message for one spectator, named by its session id.
    pub fn send_spectator(&mut self, session: u64, message: &Message) {
        let Some(i) = self.spectator(session) else {
            return;
        };
        let s = &mut self.spectators[i];
        if s.joined() && s.conn.channel.send(message.to_string().as_bytes()).is_err() {
            // It acknowledges nothing: dropped, as in `send_spectators`.
            let s = self.spectators.remove(i);
            self.events.push_back(s.left());
        }
    }

    /// Messages sent to spectators and not yet acknowledged.
    pub fn spectators_pending(&self) -> usize {
        self.spectators
            .iter()
            .map(|s| s.conn.channel.pending())
            .sum()
    }

    fn spectator(&self, session: u64) -> Option<usize> {
        self.spectators
            .iter()
            .position(|s| s.conn.peer.session == session)
    }

    /// A datagram of a spectator's session (an error if no spectator has that session):
    /// acknowledgements and heartbeats, or its goodbye. Its first one makes it join; its
    /// first acknowledgement of data earns it a slot. A spectator has nothing else to say:
    /// any other message is refused.
    pub(super) fn receive_from_spectator(
        &mut self,
        unverified: envelope::Unverified<'_>,
        now: Millis,
    ) -> Result<(), DropReason> {
        let session = unverified.header().session;
        let i = self.spectator(session).ok_or(DropReason::UnknownSession)?;
        let holding = self.spectators();
        let s = &mut self.spectators[i];
        let (owed, joined) = (s.conn.channel.pending(), s.joined());
        let (_, receipt) = s.conn.admit(unverified, now)?;
        if !joined {
            self.events.push_back(NetEvent::SpectatorJoined {
                session,
                name: s.conn.peer.name.clone(),
                key: s.conn.peer.key,
            });
        }
        if s.conn.channel.pending() < owed {
            s.owing_since = now;
            if !s.proven && holding >= MAX_SPECTATORS {
                // Every slot was taken while it proved itself.
                let s = self.spectators.remove(i);
                self.events.push_back(s.left());
                return Ok(());
            }
            if !s.proven {
                s.proven = true;
                s.conn.channel.set_window(ChannelConfig::default().window);
            }
        }
        for payload in receipt.delivered {
            if Message::parse(&payload) == Ok(Message::Bye) {
                let s = self.spectators.remove(i);
                self.events.push_back(s.left());
                return Ok(());
            }
            self.drops.count(DropReason::Refused);
        }
        if receipt.duplicate {
            return Err(DropReason::Duplicate);
        }
        Ok(())
    }

    /// Someone asks to watch our game: accepted at once while we play, take spectators
    /// and have a slot free; declined with the reason otherwise. Accepted, it holds no
    /// slot yet (see the module's steps); an earlier watcher of the same key is replaced.
    pub(super) fn watch_request(
        &mut self,
        from: SocketAddr,
        sender: [u8; 32],
        nonce: Nonce,
        name: String,
        now: Millis,
    ) -> Result<(), DropReason> {
        let repeat = Self::repeat_of(self.spectators.iter().map(|s| &s.conn), sender, nonce);
        if !self.fresh_request(from, sender, nonce, repeat)? {
            return Ok(());
        }
        let refusal = if self.players.is_empty() {
            Some("not playing: there is no game to watch".to_string())
        } else if !self.spectators_allowed {
            Some("the players do not take spectators".to_string())
        } else if self.spectators() >= MAX_SPECTATORS
            && !self.spectators.iter().any(|s| s.conn.peer.key == sender)
        {
            Some(format!("this game already has {MAX_SPECTATORS} spectators"))
        } else {
            None
        };
        if let Some(reason) = refusal {
            let datagram = self.seal_handshake(&Message::Decline { nonce, reason });
            self.outgoing.push_back((from, datagram));
            return Ok(());
        }
        // One key, one spectator: a watcher that asks again (it restarted) replaces its
        // old session; and the oldest watcher still without a slot makes room.
        let mut gone = Vec::new();
        if let Some(i) = self
            .spectators
            .iter()
            .position(|s| s.conn.peer.key == sender)
        {
            gone.push(self.spectators.remove(i));
        }
        let joining = self.spectators.iter().filter(|s| !s.proven);
        if joining.count() >= MAX_JOINING {
            let oldest = self
                .spectators
                .iter()
                .enumerate()
                .filter(|(_, s)| !s.proven)
                .min_by_key(|(_, s)| s.accepted)
                .map(|(i, _)| i);
            gone.extend(oldest.map(|i| self.spectators.remove(i)));
        }
        for s in gone.into_iter().filter(Spectator::joined) {
            self.events.push_back(s.left());
        }
        let reply = (self.nonce_source)();
        let accept = self.seal_handshake(&Message::Accept {
            nonce,
            reply,
            name: self.config.name.clone(),
            seats: 2,
        });
        self.outgoing.push_back((from, accept.clone()));
        let session = session_id(&nonce, &reply, &sender, &self.public);
        let peer = PeerInfo {
            key: sender,
            name,
            addr: from,
            session,
            game: String::new(),
        };
        let mut conn = Connection::new(peer, nonce, Some(accept), now);
        // Until it acknowledges something, one segment at a time.
        conn.channel.set_window(1);
        self.spectators.push(Spectator {
            conn,
            proven: false,
            owing_since: now,
            accepted: now,
        });
        Ok(())
    }

    /// When the spectators' sessions next need [`Endpoint::handle_timeout`].
    pub(super) fn spectators_next_timeout(&self) -> Option<Millis> {
        let (silence, confirm) = (self.config.silence_timeout, self.config.confirm_timeout);
        let each = self.spectators.iter();
        each.filter_map(|s| s.next_timeout(silence, confirm)).min()
    }

    /// Drops the spectators that owe an acknowledgement too long, fell silent, or never
    /// spoke after our accept.
    pub(super) fn spectators_timeout(&mut self, now: Millis) {
        let (silence, confirm) = (self.config.silence_timeout, self.config.confirm_timeout);
        let events = &mut self.events;
        self.spectators
            .retain(|s| match s.expired(now, silence, confirm) {
                None => true,
                Some(told) => {
                    if told {
                        events.push_back(s.left());
                    }
                    false
                }
            });
    }

    /// Moves what the joined spectators' channels have to send into the outgoing queue.
    pub(super) fn flush_spectators(&mut self, now: Millis) {
        let (key, public) = (&self.key, self.public);
        for s in self.spectators.iter_mut().filter(|s| s.joined()) {
            if s.conn.channel.in_flight() == 0 {
                s.owing_since = now;
            }
            s.conn.seal_pending(key, public, now, &mut self.outgoing);
        }
    }
}

#[cfg(test)]
mod tests {
    use ed25519_dalek::SigningKey;

    use super::super::tests::{addr, endpoint, playing, pump};
    use super::*;
    use crate::net::EndpointConfig;
    use crate::protocol::envelope::{Header, VERSION};

    /// A stranger that asks to watch and then sends heartbeats that acknowledge nothing;
    /// it counts what it is sent.
    struct Mute {
        key: SigningKey,
        at: SocketAddr,
        session: Option<u64>,
        packet: u64,
        datagrams: usize,
        bytes: usize,
    }

    impl Mute {
        fn new(seed: u8, port: u16) -> Mute {
            Mute {
                key: SigningKey::from_bytes(&[seed; 32]),
                at: addr(port),
                session: None,
                packet: 0,
                datagrams: 0,
                bytes: 0,
            }
        }

        /// A `watch` as a real watcher sends it (padded), with `nonce`.
        fn watch(&self, nonce: Nonce) -> Vec<u8> {
            let config = EndpointConfig::default();
            let mut e = Endpoint::new(self.key.clone(), config, Box::new(move || nonce));
            e.watch(addr(1), 0);
            e.poll_transmit(0).expect("a watch").1
        }

        fn receive(&mut self, datagram: &[u8], player: [u8; 32]) {
            self.datagrams += 1;
            self.bytes += datagram.len();
            let header = envelope::open(datagram).expect("opens").header().clone();
            if let Ok(Message::Accept { nonce, reply, .. }) = Message::parse(header.payload) {
                let me = self.key.verifying_key().to_bytes();
                self.session = Some(session_id(&nonce, &reply, &me, &player));
            }
        }

        /// A heartbeat of its latest session: ack 0, always.
        fn heartbeat(&mut self) -> Option<Vec<u8>> {
            self.packet += 1;
            let header = Header {
                version: VERSION,
                session: self.session?,
                sender: self.key.verifying_key().to_bytes(),
                packet: self.packet,
                seq: 0,
                ack: 0,
                ack_bits: 0,
                frag_index: 0,
                frag_count: 0,
                payload: &[],
            };
            Some(envelope::seal(&header, &self.key))
        }
    }

    /// A player (at address 1, its partner away) with real watchers and mutes.
    struct World {
        a: Endpoint,
        watchers: Vec<(SocketAddr, Endpoint)>,
        mutes: Vec<Mute>,
        /// What the player tells a spectator that joins: this many messages (its game so far).
        history: u32,
        left: usize,
    }

    impl World {
        fn new() -> World {
            World {
                a: playing().0,
                watchers: Vec::new(),
                mutes: Vec::new(),
                history: 1,
                left: 0,
            }
        }

        /// A real watcher at port `seed` starts watching at `t`.
        fn watch(&mut self, seed: u8, t: Millis) {
            let mut s = endpoint(seed);
            s.watch(addr(1), t);
            self.watchers.push((addr(seed as u16), s));
        }

        fn deliver(&mut self, from: SocketAddr, datagram: &[u8], t: Millis) {
            self.a.handle_datagram(from, datagram, t);
        }

        /// Everything that happens at `t`: timeouts, heartbeats (mutes: every second),
        /// what the player sends, what each watcher answers.
        fn step(&mut self, t: Millis) {
            self.a.handle_timeout(t);
            for i in 0..self.watchers.len() {
                let (at, w) = &mut self.watchers[i];
                w.handle_timeout(t);
                let (at, mut sent) = (*at, Vec::new());
                while let Some((_, d)) = w.poll_transmit(t) {
                    sent.push(d);
                }
                for d in sent {
                    self.deliver(at, &d, t);
                }
            }
            if t.is_multiple_of(1000) {
                for i in 0..self.mutes.len() {
                    if let Some(h) = self.mutes[i].heartbeat() {
                        let at = self.mutes[i].at;
                        self.deliver(at, &h, t);
                    }
                }
            }
            while let Some(event) = self.a.poll_event() {
                match event {
                    NetEvent::SpectatorJoined { session, .. } => {
                        for ply in 1..=self.history {
                            self.a.send_spectator(session, &Message::Undone { ply });
                        }
                    }
                    NetEvent::SpectatorLeft { .. } => self.left += 1,
                    _ => {}
                }
            }
            let player = self.a.public_key();
            while let Some((to, d)) = self.a.poll_transmit(t) {
                if let Some((_, w)) = self.watchers.iter_mut().find(|(at, _)| *at == to) {
                    w.handle_datagram(addr(1), &d, t);
                } else if let Some(m) = self.mutes.iter_mut().find(|m| m.at == to) {
                    m.receive(&d, player);
                }
            }
        }

        fn run(&mut self, from: Millis, to: Millis) {
            for t in (from..to).step_by(50) {
                self.step(t);
            }
        }

        /// What watcher `i` was told.
        fn told(&mut self, i: usize) -> Vec<NetEvent> {
            std::iter::from_fn(|| self.watchers[i].1.poll_event()).collect()
        }
    }

    #[test]
    fn a_spectator_joins_once_it_speaks_and_holds_a_slot_once_it_acknowledges() {
        let (mut a, _) = playing();
        let mut s = endpoint(3);
        s.watch(addr(1), 0);
        let request = pump(&mut s, addr(3), &mut a, 0);
        let answer = pump(&mut a, addr(1), &mut s, 0);
        assert!(
            answer.iter().all(|&n| n < request[0]),
            "no answer larger than the request"
        );
        assert!(matches!(s.poll_event(), Some(NetEvent::Watching { .. })));
        // Accepted, it has not joined: silent towards it (its address may be spoofed),
        // and it holds no slot.
        assert!(a.poll_event().is_none());
        a.send_spectators(&Message::Undone { ply: 1 });
        assert!(a.poll_transmit(0).is_none());
        assert_eq!(a.spectators(), 0);
        // Its first heartbeat (a second after it had nothing to send) makes it join; what
        // it is then sent it acknowledges, and it holds a slot.
        let mut joined = false;
        for t in [0, 1_000, 1_010, 1_020] {
            s.handle_timeout(t);
            pump(&mut s, addr(3), &mut a, t);
            while let Some(event) = a.poll_event() {
                if let NetEvent::SpectatorJoined { session, .. } = event {
                    a.send_spectator(session, &Message::Undone { ply: 1 });
                    joined = true;
                }
            }
            pump(&mut a, addr(1), &mut s, t);
        }
        assert!(joined);
        assert!(matches!(
            s.poll_event(),
            Some(NetEvent::Message {
                message: Message::Undone { ply: 1 },
                ..
            })
        ));
        assert_eq!(a.spectators(), 1);
        // A spectator has nothing to say: a move from it is refused, never delivered.
        s.send(&Message::Resign);
        pump(&mut s, addr(3), &mut a, 2_100);
        assert_eq!(a.drops().refused, 1);
        assert!(a.poll_event().is_none());
        assert_eq!(a.spectators(), 1);
    }

    #[test]
    fn the_ninth_spectator_and_those_of_a_player_who_takes_none_are_declined() {
        let mut world = World::new();
        for seed in 10..10 + MAX_SPECTATORS as u8 {
            world.watch(seed, 0);
        }
        world.run(0, 3_000);
        assert_eq!(world.a.spectators(), MAX_SPECTATORS);
        world.watch(40, 3_000);
        world.run(3_000, 3_200);
        let reason = world
            .told(MAX_SPECTATORS)
            .into_iter()
            .find_map(|e| match e {
                NetEvent::Declined { reason } => Some(reason),
                _ => None,
            });
        let reason = reason.expect("the ninth is declined");
        assert!(reason.contains("8 spectators"), "{reason}");
        let decline = |a: &mut Endpoint, seed: u8| {
            let mut s = endpoint(seed);
            s.watch(addr(1), 0);
            pump(&mut s, addr(seed as u16), a, 0);
            pump(a, addr(1), &mut s, 0);
            match s.poll_event() {
                Some(NetEvent::Declined { reason }) => Some(reason),
                _ => None,
            }
        };
        let (mut a, _) = playing();
        a.set_spectators_allowed(false);
        let reason = decline(&mut a, 41).expect("declined");
        assert!(reason.contains("do not take spectators"), "{reason}");
        let mut idle = endpoint(5);
        let reason = decline(&mut idle, 42).expect("declined");
        assert!(reason.contains("no game to watch"), "{reason}");
    }

    /// Issue #24: eight keys that heartbeat but acknowledge nothing, and one key asking with
    /// eight nonces, hold no slot; each gets a few small datagrams and is dropped within
    /// the acknowledgement timeout; a real watcher arriving among them gets a slot.
    #[test]
    fn watchers_that_acknowledge_nothing_hold_no_slot_get_little_and_are_dropped() {
        let mut world = World::new();
        // The game so far is long: more than a window of messages.
        world.history = 40;
        for k in 0..8u8 {
            world.mutes.push(Mute::new(100 + k, 100 + u16::from(k)));
        }
        world.mutes.push(Mute::new(120, 120));
        for i in 0..world.mutes.len() {
            let (w, at) = (world.mutes[i].watch([i as u8 + 1; 16]), world.mutes[i].at);
            world.deliver(at, &w, 0);
        }
        world.run(0, 1_000);
        // The ninth key asks again and again, with fresh nonces.
        for n in 0..7u8 {
            let w = world.mutes[8].watch([200 + n; 16]);
            let at = world.mutes[8].at;
            world.deliver(at, &w, 1_000);
            world.run(1_000 + u64::from(n), 1_000 + u64::from(n) + 1);
        }
        let mut most = 0;
        for t in (1_000..3_000).step_by(50) {
            world.step(t);
            most = most.max(world.a.spectators());
        }
        let keys = |w: &World| {
            let mut keys: Vec<_> = w.a.spectators.iter().map(|s| s.conn.peer.key).collect();
            keys.dedup();
            (w.a.spectators.len(), keys.len())
        };
        assert_eq!(keys(&world).0, keys(&world).1, "one key, one session");
        assert!(keys(&world).0 <= 9, "{:?}", keys(&world));
        // A real watcher comes while they heartbeat.
        world.watch(7, 3_000);
        for t in (3_000..20_000).step_by(50) {
            world.step(t);
            most = most.max(world.a.spectators());
        }
        let sent: Vec<(usize, usize)> =
            world.mutes.iter().map(|m| (m.datagrams, m.bytes)).collect();
        let heartbeats: Vec<u64> = world.mutes.iter().map(|m| m.packet).collect();
        eprintln!(
            "to each mute (datagrams, bytes): {sent:?}; heartbeats each sent: {heartbeats:?}"
        );
        assert_eq!(most, 1, "only the real watcher ever held a slot");
        assert_eq!(world.a.spectators(), 1);
        assert_eq!(world.a.spectators.len(), 1, "every mute was dropped");
        assert!(
            world.told(0).iter().any(|e| matches!(
                e,
                NetEvent::Message {
                    message: Message::Undone { ply: 40 },
                    ..
                }
            )),
            "the real watcher was told all of the game so far"
        );
        for (i, (datagrams, bytes)) in sent.into_iter().enumerate() {
            // The accept(s), and one small segment again and again for 5 s (and a heartbeat).
            let accepts = if i == 8 { 8 } else { 1 };
            assert!(
                datagrams <= accepts + 8,
                "mute {i} was sent {datagrams} datagrams"
            );
            assert!(
                bytes <= accepts * 200 + 8 * 200,
                "mute {i} was sent {bytes} bytes"
            );
        }
    }

    #[test]
    fn one_key_holds_one_slot_a_watcher_that_restarts_replaces_its_session() {
        let mut world = World::new();
        world.watch(7, 0);
        world.run(0, 2_000);
        assert_eq!(world.a.spectators(), 1);
        // The same key again, with other nonces (it restarted).
        let again = Endpoint::new(
            SigningKey::from_bytes(&[7; 32]),
            EndpointConfig::default(),
            Box::new(|| [0x77; 16]),
        );
        world.watchers[0].1 = again;
        world.watchers[0].1.watch(addr(1), 2_000);
        world.run(2_000, 4_000);
        assert_eq!(world.a.spectators(), 1);
        assert_eq!(world.a.spectators.len(), 1);
        assert_eq!(world.left, 1, "the old session left");
        assert!(
            world
                .told(0)
                .iter()
                .any(|e| matches!(e, NetEvent::Message { .. })),
            "the new session is told the game"
        );
    }

    /// A watcher that joined and acknowledged, then stops acknowledging while it keeps
    /// sending heartbeats, is dropped after the acknowledgement timeout.
    #[test]
    fn a_spectator_that_stops_acknowledging_is_dropped_despite_its_heartbeats() {
        let mut world = World::new();
        world.mutes.push(Mute::new(100, 100));
        let w = world.mutes[0].watch([1; 16]);
        world.deliver(addr(100), &w, 0);
        world.run(0, 1_100);
        // Acknowledge what was sent, once, by hand.
        let s = &world.a.spectators[0];
        assert!(s.joined() && !s.proven);
        let (session, key) = (s.conn.peer.session, world.mutes[0].key.clone());
        let ack = |packet: u64, ack: u32| {
            let header = Header {
                version: VERSION,
                session,
                sender: key.verifying_key().to_bytes(),
                packet,
                seq: 0,
                ack,
                ack_bits: 0,
                frag_index: 0,
                frag_count: 0,
                payload: &[],
            };
            envelope::seal(&header, &key)
        };
        world.mutes[0].packet = 100;
        world.deliver(addr(100), &ack(50, 1), 1_100);
        assert_eq!(world.a.spectators(), 1, "it acknowledged: a slot");
        world.a.send_spectators(&Message::Undone { ply: 2 });
        world.run(1_100, 1_100 + ACK_TIMEOUT + 1_000);
        assert_eq!(world.a.spectators(), 0, "dropped, heartbeats or not");
        assert_eq!(world.left, 1);
    }
}
