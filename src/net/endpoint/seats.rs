//! The sessions with the other players of this endpoint's game: one at a table of two,
//! up to three at the opener of a larger table (its other players in the order they came).
//! A challenger we accepted takes its place once it speaks in its session; until then it
//! holds no seat, and strangers' challenges hold at most as many sessions as there are
//! seats.

use super::connection::Connection;
use super::{Endpoint, NetEvent, PeerInfo};
use crate::net::reliable::Millis;
use crate::protocol::Nonce;

impl Endpoint {
    /// How many player sessions to take: 1 (a two-seat game) or, for the peer that opens
    /// a table of `n` seats, `n - 1` (at most 3). Challenges beyond are answered `busy`.
    pub fn set_players(&mut self, n: usize) {
        self.max_players = n.clamp(1, 3);
    }

    /// Whether a challenge from `sender` finds every seat taken. A session we accepted
    /// whose challenger never spoke in it holds nothing up: another challenger is heard
    /// (and, if accepted, replaces it), so a challenge never followed up makes nobody wait.
    /// A player we have a session with may challenge again (it restarted).
    pub(super) fn seats_full_for(&self, sender: [u8; 32]) -> bool {
        let holding = self.players.iter().filter(|c| c.confirmed).count();
        holding >= self.max_players && self.players.iter().all(|c| c.peer.key != sender)
    }

    /// A new session with the player `peer`: one we challenged for (`accept` and `connected`
    /// none; it is so from the start), or one we accepted, whose `connected` is held until
    /// the challenger speaks in it: at every table size a challenge alone, perhaps replayed
    /// or never followed up, takes no seat.
    pub(super) fn connect(
        &mut self,
        peer: PeerInfo,
        nonce: Nonce,
        accept: Option<Vec<u8>>,
        connected: Option<NetEvent>,
        now: Millis,
    ) {
        // A player that challenges again (it restarted) replaces its old session; a peer
        // with one seat to fill (a table of two, or a player at a larger one) has one
        // session, and a new one replaces the old.
        self.players.retain(|c| c.peer.key != peer.key);
        if self.max_players == 1 {
            self.players.clear();
        }
        // Sessions whose challengers have not spoken take no seat; the oldest of them
        // gives way, so strangers' challenges hold at most as many as there are seats.
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
        connection.held = connected;
        self.players.push(connection);
    }
}
