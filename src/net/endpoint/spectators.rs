//! The spectators of the game an endpoint's owner plays (PROTOCOL.md §8.13): the `watch`
//! handshake, a session per spectator beside the players' (spectators only acknowledge),
//! and what is sent to them. A child of `endpoint` so that it uses the endpoint's own
//! session type (`Connection`) without widening it.

use std::net::SocketAddr;

use super::{Connection, Endpoint, NetEvent, PeerInfo, session_id};
use crate::net::reliable::Millis;
use crate::protocol::envelope::{self, DropReason};
use crate::protocol::{Message, Nonce};

/// How many spectators one game takes at most.
pub const MAX_SPECTATORS: usize = 8;

impl Endpoint {
    /// Whether we take spectators from now on (those already watching stay).
    pub fn set_spectators_allowed(&mut self, allowed: bool) {
        self.spectators_allowed = allowed;
    }

    /// How many spectators watch our game.
    pub fn spectators(&self) -> usize {
        self.spectators.len()
    }

    /// Queues a message for every spectator (reliable, ordered).
    pub fn send_spectators(&mut self, message: &Message) {
        let text = message.to_string();
        let events = &mut self.events;
        // A spectator that acknowledges nothing until its queue is full is dropped.
        self.spectators.retain_mut(|c| {
            let taken = c.channel.send(text.as_bytes()).is_ok();
            if !taken {
                events.push_back(NetEvent::SpectatorLeft {
                    session: c.peer.session,
                    name: c.peer.name.clone(),
                });
            }
            taken
        });
    }

    /// Queues a message for one spectator, named by its session id.
    pub fn send_spectator(&mut self, session: u64, message: &Message) {
        let full = self
            .spectators
            .iter_mut()
            .find(|c| c.peer.session == session)
            .is_some_and(|c| c.channel.send(message.to_string().as_bytes()).is_err());
        if full {
            // It acknowledges nothing: dropped, as in `send_spectators`.
            self.spectators.retain(|c| c.peer.session != session);
        }
    }

    /// Messages sent to spectators and not yet acknowledged.
    pub fn spectators_pending(&self) -> usize {
        self.spectators.iter().map(|c| c.channel.pending()).sum()
    }

    /// A datagram of spectator `i`'s session: acknowledgements and heartbeats, or its
    /// goodbye. A spectator has nothing else to say: any other message is refused.
    pub(super) fn receive_from_spectator(
        &mut self,
        i: usize,
        unverified: envelope::Unverified<'_>,
        now: Millis,
    ) -> Result<(), DropReason> {
        let (_, receipt) = self.spectators[i].admit(unverified, now)?;
        for payload in receipt.delivered {
            if Message::parse(&payload) == Ok(Message::Bye) {
                let peer = self.spectators.remove(i).peer;
                self.events.push_back(NetEvent::SpectatorLeft {
                    session: peer.session,
                    name: peer.name,
                });
                return Ok(());
            }
            self.drops.count(DropReason::Refused);
        }
        if receipt.duplicate {
            return Err(DropReason::Duplicate);
        }
        Ok(())
    }

    /// Someone asks to watch our game: accepted at once while we play and take
    /// spectators, up to [`MAX_SPECTATORS`]; declined with the reason otherwise.
    pub(super) fn watch_request(
        &mut self,
        from: SocketAddr,
        sender: [u8; 32],
        nonce: Nonce,
        name: String,
        now: Millis,
    ) -> Result<(), DropReason> {
        let repeat = Self::repeat_of(self.spectators.iter(), sender, nonce);
        if !self.fresh_request(from, sender, nonce, repeat)? {
            return Ok(());
        }
        let refusal = if self.players.is_empty() {
            Some("not playing: there is no game to watch".to_string())
        } else if !self.spectators_allowed {
            Some("the players do not take spectators".to_string())
        } else if self.spectators.len() >= MAX_SPECTATORS {
            Some(format!("this game already has {MAX_SPECTATORS} spectators"))
        } else {
            None
        };
        if let Some(reason) = refusal {
            let datagram = self.seal_handshake(&Message::Decline { nonce, reason });
            self.outgoing.push_back((from, datagram));
            return Ok(());
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
            name: name.clone(),
            addr: from,
            session,
            game: String::new(),
        };
        self.spectators
            .push(Connection::new(peer, nonce, Some(accept), now));
        self.events.push_back(NetEvent::SpectatorJoined {
            session,
            name,
            key: sender,
        });
        Ok(())
    }

    /// When the spectators' sessions next need [`Endpoint::handle_timeout`].
    pub(super) fn spectators_next_timeout(&self) -> Option<Millis> {
        self.spectators
            .iter()
            .flat_map(|c| {
                [
                    c.channel.next_timeout(),
                    Some(c.last_heard + self.config.silence_timeout),
                ]
            })
            .flatten()
            .min()
    }

    /// Drops the spectators silent for the silence timeout.
    pub(super) fn spectators_timeout(&mut self, now: Millis) {
        let timeout = self.config.silence_timeout;
        let events = &mut self.events;
        self.spectators.retain(|c| {
            let alive = now.saturating_sub(c.last_heard) < timeout;
            if !alive {
                events.push_back(NetEvent::SpectatorLeft {
                    session: c.peer.session,
                    name: c.peer.name.clone(),
                });
            }
            alive
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{addr, endpoint, playing, pump};
    use super::*;

    #[test]
    fn a_spectator_is_let_in_and_sent_only_what_the_player_sends_it() {
        let (mut a, _) = playing();
        let mut s = endpoint(3);
        s.watch(addr(1), 0);
        let request = pump(&mut s, addr(3), &mut a, 0);
        assert!(matches!(
            a.poll_event(),
            Some(NetEvent::SpectatorJoined { .. })
        ));
        let answer = pump(&mut a, addr(1), &mut s, 0);
        assert!(
            answer.iter().all(|&n| n < request[0]),
            "no answer larger than the request"
        );
        assert!(matches!(s.poll_event(), Some(NetEvent::Watching { .. })));
        // Silent towards the spectator until it speaks (its address may be spoofed).
        a.send_spectators(&Message::Undone { ply: 1 });
        assert!(a.poll_transmit(0).is_none());
        // Its first heartbeat (a second after it had nothing to send) confirms it.
        for t in [0, 1_000, 2_000] {
            s.handle_timeout(t);
            pump(&mut s, addr(3), &mut a, t);
            pump(&mut a, addr(1), &mut s, t);
        }
        assert!(matches!(
            s.poll_event(),
            Some(NetEvent::Message {
                message: Message::Undone { ply: 1 },
                ..
            })
        ));
        // A spectator has nothing to say: a move from it is refused, never delivered.
        s.send(&Message::Resign);
        pump(&mut s, addr(3), &mut a, 2_100);
        assert_eq!(a.drops().refused, 1);
        assert!(a.poll_event().is_none());
        assert_eq!(a.spectators(), 1);
    }

    #[test]
    fn the_ninth_spectator_and_those_of_a_player_who_takes_none_are_declined() {
        let (mut a, _) = playing();
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
        for seed in 10..10 + MAX_SPECTATORS as u8 {
            assert_eq!(decline(&mut a, seed), None, "spectator {seed} is let in");
        }
        let reason = decline(&mut a, 40).expect("the ninth is declined");
        assert!(reason.contains("8 spectators"), "{reason}");
        a.set_spectators_allowed(false);
        a.disconnect(0);
        let (mut a, _) = playing();
        a.set_spectators_allowed(false);
        let reason = decline(&mut a, 41).expect("declined");
        assert!(reason.contains("do not take spectators"), "{reason}");
        let mut idle = endpoint(5);
        let reason = decline(&mut idle, 42).expect("declined");
        assert!(reason.contains("no game to watch"), "{reason}");
    }
}
