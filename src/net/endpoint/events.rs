//! What an endpoint tells its owner ([`NetEvent`]), who the other side of a session is
//! ([`PeerInfo`]), and the counts of what it dropped ([`DropCounters`]).

use std::net::SocketAddr;

use serde::Serialize;

use crate::net::reliable::Millis;
use crate::protocol::envelope::DropReason;
use crate::protocol::{Clock, Message};

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
