//! What breaking the rules costs a seat, at a table of any size: the refusal is counted,
//! reported with the signed datagrams that carried it and kept in the transcript, and the
//! offending seat (never the one that noticed) leaves the table.

use serde_json::Value;

use super::event::Event;
use super::{Peer, PeerError};
use crate::net::Transport;
use crate::session::{Reason, Seat};

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    /// `seat` sent what does not check (`why`; the datagrams that carried it:
    /// `evidence`): reported and kept, and that seat is held to account.
    pub(super) fn offence(
        &mut self,
        seat: Seat,
        why: String,
        evidence: &[Vec<u8>],
        now: u64,
    ) -> Result<(), PeerError> {
        self.refused(seat, why.clone(), evidence);
        self.offender_out(seat, why, now)
    }

    /// A refusal, at a table of any size: counted, reported with the signed datagrams that
    /// carried it, and kept with them in the transcript.
    pub(super) fn refused(&mut self, seat: Seat, reason: String, evidence: &[Vec<u8>]) {
        self.endpoint.count_refused();
        let word = self.seat_word(seat);
        self.emit(Event::Refused {
            seat: word,
            reason,
            evidence: evidence.to_vec(),
        });
        if let Some(table) = self.table.as_mut() {
            let ply = table.session.moves().len() as u32;
            table.keep_evidence(ply, "refused", evidence);
        }
        self.save();
    }

    /// The name of `seat` at this peer's table (`?` without one).
    pub(super) fn seat_word(&self, seat: Seat) -> &'static str {
        self.table
            .as_ref()
            .map_or("?", |t| t.session.seat_name(seat))
    }

    /// The seat that broke the rules or sent what does not check (`reason`) leaves the
    /// table, at every size. At a table of two the session has ended the game, and the
    /// offender's session is closed. At a larger table's opener, the others are told
    /// (`gone` with the reason, if they did not see it for themselves) and its session is
    /// closed, so nothing more of it is relayed. At a player, an offending opener ends the
    /// table: it relays, and cannot be trusted to. A refusal that leaves nobody to play
    /// with stops a headless peer with it (a person's peer tells its person).
    pub(super) fn offender_out(
        &mut self,
        seat: Seat,
        reason: String,
        now: u64,
    ) -> Result<(), PeerError> {
        let Some(table) = self.table.as_mut() else {
            return Ok(());
        };
        match table.star.as_mut() {
            None => {
                // What the session refused has ended the game already; what the peer
                // refused before the session saw it ends it now.
                let session = table.peer.session;
                let effects = table.session.broke_rules(seat);
                self.apply(effects, &[])?;
                self.endpoint.disconnect_player(session, now);
                return Err(PeerError::Refused(reason));
            }
            Some(star) if !star.opens() => {
                if seat != 0 {
                    return Ok(());
                }
                let effects = table.session.opener_caught();
                return self.apply(effects, &[]);
            }
            Some(star) => {
                let session = star
                    .sessions
                    .get_mut(usize::from(seat))
                    .and_then(Option::take);
                star.silent.retain(|(s, _)| *s != seat);
                self.seat_gone(seat, Reason::OpponentBrokeRules, now)?;
                if let Some(session) = session {
                    self.endpoint.disconnect_player(session, now);
                }
            }
        }
        Ok(())
    }
}
