//! The handshake (PROTOCOL.md §6): challenges and requests to watch, padded so that no
//! answer to an unauthenticated datagram is larger than it; accepting, declining and
//! answering busy; repeats and replays of a request; presence pings; the session id both
//! sides derive.

use std::net::SocketAddr;

use sha2::{Digest, Sha256};

use super::connection::Connection;
use super::{Endpoint, NetEvent, PeerInfo};
use crate::net::reliable::Millis;
use crate::protocol::envelope::{self, DropReason, Header, MAX_PAYLOAD, VERSION};
use crate::protocol::{Clock, Message, Nonce};

/// Where this endpoint stands in a handshake: nothing under way, a request of ours
/// (challenge or watch) waiting for its answer, or a challenge to us waiting for our owner's.
pub(super) enum Handshake {
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

/// The payload size a ping is padded to: larger than any pong.
pub(super) const PING_PAYLOAD: usize = 100;

/// Whether two socket addresses are the same, an IPv4 address and its IPv6-mapped form
/// (as a dual-stack socket reports it) being the same.
pub(super) fn same_address(a: &SocketAddr, b: &SocketAddr) -> bool {
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
        let connected = NetEvent::Connected {
            peer: peer.clone(),
            challenger: false,
            resume,
            clock,
            seats: self.max_players as u8 + 1,
        };
        self.connect(peer, nonce, Some(datagram), Some(connected), now);
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

    pub(super) fn handshake_message(
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
                let busy = self.seats_full_for(sender)
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
                self.connect(peer.clone(), nonce, None, None, now);
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
    pub(super) fn repeat_of<'a>(
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
    pub(super) fn fresh_request(
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

    pub(super) fn seal_handshake(&self, message: &Message) -> Vec<u8> {
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
}
