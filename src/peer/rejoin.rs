//! Resuming a table of three or four from its saved record (the app's peer is its opener).
//!
//! The opener gathers the table again as it opened it ([`super::gather`]), with the saved
//! game's id: each computer and person at this screen starts on loopback with the identity
//! derived for its seat and its own copy of the game, and challenges the opener with the
//! id; each player on the LAN is challenged with it, at the address it answers from now (or
//! where it was), and accepts it from its own copy. When every seat is back, the opener
//! sends each player `seats` with the saved game's id, and each answers `sync` with how many
//! moves stand in its copy. The game goes on from the fewest anyone has: every copy drops
//! the moves beyond (a move that had not reached every seat before the table stopped is
//! played again), and the opener's `sync` says where, with its position's hash, which each
//! player checks against its own.

use super::problem::Problem;
use super::stop::Stop;
use serde_json::Value;

use super::adjourn::seat_sitter;
use super::event::Event;
use super::star::Star;
use super::table::{Table, group_evidence};
use super::{Peer, PeerError, Sitter};
use crate::net::{PeerInfo, Transport};
use crate::protocol::Message;
use crate::protocol::relay::Authors;
use crate::session::transcript::Transcript;
use crate::session::{AnyTable, Secrets, Session, TableGame, standing_moves};
use crate::store::fingerprint;

/// A table of three or four coming back: until every seat has said where its copy stands.
pub(super) struct Rejoining {
    /// The saved game.
    game_id: u64,
    /// At the opener: the moves standing in each other seat's copy, once it said (in the
    /// order of `seated`); at a player, empty.
    plies: Vec<Option<u32>>,
}

/// The saved game `t` as it stood after its first `upto` standing moves (all, if `None`),
/// replayed into a session.
fn restore(
    t: &Transcript,
    upto: Option<u32>,
    secrets: Secrets,
) -> Result<Session<AnyTable>, String> {
    let mut records = t.records.clone();
    if let Some(upto) = upto {
        while standing_moves(&records).len() > upto as usize {
            records.pop();
        }
    }
    t.replay(&records, secrets, 0)
}

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    /// The opener resumes its unfinished table: the computers and people here started
    /// again, the players on the LAN challenged; what went wrong, if anything did (the
    /// game stays saved).
    pub(super) fn resume_table(&mut self, now: u64) -> Option<Problem> {
        let t = self.unfinished.as_ref()?;
        if t.me != 0 {
            return Some(
                format!(
                    "{} opened this table: it resumes it, and challenges you",
                    t.names[0]
                )
                .into(),
            );
        }
        let found = self.presence.found(self.identity.public_key(), now);
        let mut sitters = Vec::new();
        for seat in 1..t.keys.len() {
            let key = t.keys[seat];
            let sitter = match seat_sitter(&self.identity, seat as u8, &key) {
                Some(Some(level)) => Sitter::Computer(level),
                Some(None) => Sitter::Here(t.names[seat].clone()),
                None => {
                    let answered = found
                        .iter()
                        .find(|f| f.fingerprint == fingerprint(&key))
                        .and_then(|f| f.answered);
                    // The opener's transcript keeps the address of seat 1 (its first player).
                    let was = (seat == 1).then(|| t.peer_addr.parse().ok()).flatten();
                    match answered.or(was) {
                        Some(addr) => Sitter::Lan(addr),
                        None => {
                            let name = t.names[seat].clone();
                            return Some(Problem::NoAddress { name });
                        }
                    }
                }
            };
            sitters.push(sitter);
        }
        let (game, game_id) = (t.game, t.game_id);
        self.gather(game, Some(game_id), sitters, now)
    }

    /// The opener: every seat is back at the table being resumed; each is told the seats
    /// of the saved game, and asked where its copy stands.
    pub(super) fn rejoin_seats(&mut self, game_id: u64) -> Result<(), PeerError> {
        let Some(t) = self.unfinished.as_ref().filter(|t| t.game_id == game_id) else {
            return Err(PeerError::Peer(Stop::SavedTableGone));
        };
        let players = t.players();
        let back: Vec<[u8; 32]> = self.seated.iter().map(|p| p.key).collect();
        if back[..] != t.keys[1..] {
            return Err(PeerError::Peer(Stop::NotTheSavedPlayers));
        }
        let (game, first) = (t.game.to_string(), t.first);
        for (i, peer) in self.seated.iter().enumerate() {
            let seats = Message::Seats {
                game: game.clone(),
                game_id,
                first,
                seat: i as u8 + 1,
                players: players.clone(),
            };
            self.endpoint.send_to(peer.session, &seats);
        }
        self.rejoining = Some(Rejoining {
            game_id,
            plies: vec![None; self.seated.len()],
        });
        Ok(())
    }

    /// A player: `seats` names the saved game `game_id` (its opener resumes it): says how
    /// many moves stand in its copy, and waits for the opener's `sync`. Whether it did (it
    /// has that game).
    pub(super) fn rejoin_asked(
        &mut self,
        game_id: u64,
        players: &[([u8; 32], String)],
    ) -> Result<bool, PeerError> {
        let Some(t) = self.unfinished.as_ref().filter(|t| t.game_id == game_id) else {
            return Ok(false);
        };
        let keys: Vec<[u8; 32]> = players.iter().map(|(k, _)| *k).collect();
        if keys != t.keys {
            return Err(PeerError::Refused(
                "the resumed table's seats are not the saved game's".into(),
            ));
        }
        let session = restore(t, None, t.secrets)
            .map_err(|e| PeerError::Peer(Stop::CannotResume(e.to_string())))?;
        let ply = session.moves().len() as u32;
        let hash = session.table().map(|t| t.hash()).unwrap_or_default();
        self.endpoint.send(&Message::Sync { game_id, ply, hash });
        self.rejoining = Some(Rejoining {
            game_id,
            plies: Vec::new(),
        });
        Ok(true)
    }

    /// `sync` while a table is being resumed: at the opener, a player's copy; at a player,
    /// the opener's word on where the game goes on.
    pub(super) fn on_rejoin_sync(
        &mut self,
        session: u64,
        message: Message,
    ) -> Result<(), PeerError> {
        let (Some(rejoining), Message::Sync { game_id, ply, hash }) =
            (&mut self.rejoining, message)
        else {
            return Ok(());
        };
        if game_id != rejoining.game_id {
            self.endpoint.count_refused();
            return Ok(());
        }
        let opener = !rejoining.plies.is_empty();
        if !opener {
            return self.rejoin_at(ply, Some(hash));
        }
        let Some(i) = self.seated.iter().position(|p| p.session == session) else {
            self.endpoint.count_refused();
            return Ok(());
        };
        rejoining.plies[i] = Some(ply);
        if rejoining.plies.iter().any(Option::is_none) {
            return Ok(());
        }
        let fewest = rejoining.plies.iter().flatten().copied().min();
        let mine = self
            .unfinished
            .as_ref()
            .map(|t| standing_moves(&t.records).len() as u32);
        let upto = fewest.into_iter().chain(mine).min().unwrap_or(0);
        self.rejoin_at(upto, None)?;
        let Some(table) = &self.table else {
            return Ok(());
        };
        let (ply, hash) = table.sync_point();
        for peer in self.seated.clone() {
            let sync = Message::Sync {
                game_id,
                ply,
                hash: hash.clone(),
            };
            self.endpoint.send_to(peer.session, &sync);
        }
        Ok(())
    }

    /// The table goes on from the first `upto` moves of this seat's copy (the opener's
    /// position `hash` to check it against, at a player).
    fn rejoin_at(&mut self, upto: u32, hash: Option<String>) -> Result<(), PeerError> {
        let Some(t) = self.unfinished.take() else {
            return Ok(());
        };
        self.rejoining = None;
        let secrets = Secrets {
            cheat: self.options.cheat,
            ..t.secrets
        };
        let mine = standing_moves(&t.records).len() as u32;
        let session = restore(&t, Some(upto), secrets)
            .map_err(|e| PeerError::Peer(Stop::CannotResume(e.to_string())))?;
        let players = t.players();
        let keys: Vec<[u8; 32]> = t.keys.clone();
        let opener = t.me == 0;
        let host: PeerInfo = self.seated[0].clone();
        let sessions = if opener {
            std::iter::once(None)
                .chain(self.seated.iter().map(|p| Some(p.session)))
                .collect()
        } else {
            Vec::new()
        };
        let mut table = Table::new(session, host);
        table.star = Some(Star {
            players,
            authors: Authors::new(t.game_id, keys),
            sessions,
            silent: Vec::new(),
            cheated: false,
        });
        table.signed = group_evidence(&t.evidence);
        table.evidence = t.evidence;
        let (ply, my_hash) = table.sync_point();
        self.table = Some(table);
        self.forget_problem();
        self.emit(Event::Resumed {
            game_id: t.game_id,
            ply: mine,
            peer_ply: ply,
        });
        if hash.is_some_and(|h| h != "-" && my_hash != "-" && h != my_hash) {
            self.emit(Event::Desync {
                detail: format!("resumed at ply {ply} with different positions"),
            });
        }
        if mine > upto {
            self.emit(Event::Note {
                message: format!(
                    "{} moves of this copy had not reached every seat: played again",
                    mine - upto
                ),
            });
        }
        self.save();
        self.brief_bot();
        Ok(())
    }
}
