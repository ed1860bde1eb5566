//! One session with another peer, as the endpoint keeps it for a player or a spectator:
//! the reliable channel, replay protection (the packet numbers seen), when it was last
//! heard, and the signed datagrams kept as evidence until their message is delivered.

use std::collections::{BTreeMap, VecDeque};
use std::net::SocketAddr;

use ed25519_dalek::SigningKey;

use super::PeerInfo;
use super::events::NetEvent;
use crate::net::reliable::{Channel, Config as ChannelConfig, Millis, Receipt, Segment};
use crate::protocol::Nonce;
use crate::protocol::envelope::{self, DropReason, Header, VERSION};

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
    pub(super) fn new(
        peer: PeerInfo,
        nonce: Nonce,
        accept: Option<Vec<u8>>,
        now: Millis,
    ) -> Connection {
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
    pub(super) fn admit(
        &mut self,
        unverified: envelope::Unverified<'_>,
        now: Millis,
    ) -> Result<(u32, Receipt), DropReason> {
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

/// One session with another peer (a player or a spectator): its reliable channel, the
/// packet numbers seen, when it was last heard, and the datagrams kept as evidence until
/// their message is delivered.
pub(super) struct Connection {
    pub(super) peer: PeerInfo,
    pub(super) channel: Channel,
    next_packet: u64,
    replay: ReplayWindow,
    pub(super) last_heard: Millis,
    pub(super) gone: bool,
    /// Received data datagrams not yet delivered, by seq (evidence for their messages).
    pub(super) undelivered: BTreeMap<u32, Vec<u8>>,
    pub(super) next_delivery: u32,
    /// The challenge nonce this session came from (to re-answer a repeated challenge).
    pub(super) nonce: Nonce,
    pub(super) accept: Option<Vec<u8>>,
    /// Whether the peer has sent an authenticated session datagram (the accepting side
    /// stays silent until then: its address might have been spoofed).
    pub(super) confirmed: bool,
    /// The `Connected` of a challenger we accepted, held until
    /// it speaks in its session (a challenge never followed up, or replayed, takes no
    /// seat).
    pub(super) held: Option<NetEvent>,
}

impl Connection {
    /// The datagrams of the next delivered message: its fragments' consecutive seqs.
    pub(super) fn take_evidence(&mut self) -> Vec<Vec<u8>> {
        let first = self.next_delivery;
        let count = self
            .undelivered
            .get(&first)
            .and_then(|d| envelope::open(d).ok().map(|u| u.header().frag_count))
            .unwrap_or(1)
            .max(1);
        let evidence: Vec<Vec<u8>> = (first..first + count as u32)
            .filter_map(|s| self.undelivered.remove(&s))
            .collect();
        self.next_delivery = first + count as u32;
        evidence
    }

    /// Seals whatever the channel has to send, packet numbers in order, into `outgoing`.
    pub(super) fn seal_pending(
        &mut self,
        key: &SigningKey,
        public: [u8; 32],
        now: Millis,
        outgoing: &mut VecDeque<(SocketAddr, Vec<u8>)>,
    ) {
        while let Some(segment) = self.channel.poll_transmit(now) {
            let header = Header {
                version: VERSION,
                session: self.peer.session,
                sender: public,
                packet: self.next_packet,
                seq: segment.seq,
                ack: segment.ack,
                ack_bits: segment.ack_bits,
                frag_index: segment.frag_index,
                frag_count: segment.frag_count,
                payload: &segment.payload,
            };
            self.next_packet += 1;
            outgoing.push_back((self.peer.addr, envelope::seal(&header, key)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
