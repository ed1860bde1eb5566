//! Leaving a game without ending it, and coming back to it (a hand-driven peer: the app).
//!
//! A game is *adjourned* when its player leaves it ([`Command::Adjourn`], or closing the
//! window), when the other player does, or when the other player falls silent for the
//! resume wait: the table's transcript, saved after every move, becomes this peer's
//! unfinished game, and the lobby offers it ([`Adjourned`]). *Resuming* challenges the same
//! opponent to that game by its id (`accept|…` with `resume`): a peer on the LAN at the
//! address it answers from now, or the computer, started again with the same identity and
//! its own saved copy of the game. *Abandoning* it loses it: its transcript ends with this
//! seat's resignation.
//!
//! The computer player keeps its games under the profile's `games/computer/`, with an
//! identity derived from this peer's own for each level (and for each external engine, by
//! its path: an unfinished game against one resumes with it while it is offered,
//! [`super::PeerOptions::engines`]), and the hot-seat guest (the second
//! player at this screen) under `games/guest/` with one derived identity, so that either is
//! known again after a restart without keeping another key file.
//!
//! [`Command::Adjourn`]: super::Command::Adjourn

use super::problem::{Nothing, Problem};
use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use sha2::{Digest, Sha256};

use super::Peer;
use super::table::transcript_path;
use crate::engine::Level;
use crate::net::Transport;
use crate::session::Seat;
use crate::session::transcript::Transcript;
use crate::session::{GameKind, Reason, Record, standing_moves};
use crate::store::{Identity, create_private_dir, fingerprint, write_atomically};

/// A game left unfinished, waiting in the lobby to be resumed or abandoned.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Adjourned {
    /// Which game, with its settings.
    pub game: GameKind,
    /// The opponent's nickname (at a table of three or four, the other seats' names in
    /// seat order, joined by ", ").
    pub opponent: String,
    /// The moves played (that stand).
    pub moves: u32,
    /// The computer at this level, if that is the opponent.
    pub computer: Option<Level>,
    /// The opponent is the second player at this screen (hot-seat).
    pub here: bool,
}

/// The computer player's identity at `level` for the person `own` (the same after every
/// restart: derived, never stored).
pub fn computer_identity(own: &Identity, level: Level) -> Identity {
    let digest = Sha256::new()
        .chain_update(b"lanqi/computer/v1")
        .chain_update(own.signing_key().to_bytes())
        .chain_update(level.name().as_bytes())
        .finalize();
    Identity::from_secret(digest.into())
}

/// The identity of the external engine at `path` as the computer player for the person
/// `own` (derived, never stored: the same for the same program after every restart).
pub fn engine_identity(own: &Identity, path: &std::path::Path) -> Identity {
    let digest = Sha256::new()
        .chain_update(b"lanqi/engine/v1")
        .chain_update(own.signing_key().to_bytes())
        .chain_update(path.as_os_str().as_encoded_bytes())
        .finalize();
    Identity::from_secret(digest.into())
}

/// The level of the computer whose key is `key`, if it is one of `own`'s computers.
pub fn computer_level(own: &Identity, key: &[u8; 32]) -> Option<Level> {
    Level::ALL
        .into_iter()
        .find(|l| computer_identity(own, *l).public_key() == *key)
}

/// The hot-seat guest's identity for the person `own` (the second player at this screen,
/// whoever it is; the same after every restart).
pub fn guest_identity(own: &Identity) -> Identity {
    let digest = Sha256::new()
        .chain_update(b"lanqi/guest/v1")
        .chain_update(own.signing_key().to_bytes())
        .finalize();
    Identity::from_secret(digest.into())
}

/// The identity of the player in `seat` of a table of three or four this peer opens: the
/// computer at `level`, or (`None`) a person at this screen. The same after every restart,
/// and different for every seat, so that two computers of one level are two players.
pub fn seat_identity(own: &Identity, seat: Seat, level: Option<Level>) -> Identity {
    let who = level.map_or("here", Level::name);
    let digest = Sha256::new()
        .chain_update(b"lanqi/seat/v1")
        .chain_update(own.signing_key().to_bytes())
        .chain_update([seat])
        .chain_update(who.as_bytes())
        .finalize();
    Identity::from_secret(digest.into())
}

/// Who holds `key` in `seat` of a table of three or four this peer opened, if it is one of
/// its own: `Some(Some(level))` a computer, `Some(None)` a person at this screen.
pub fn seat_sitter(own: &Identity, seat: Seat, key: &[u8; 32]) -> Option<Option<Level>> {
    let levels = Level::ALL.into_iter().map(Some);
    std::iter::once(None)
        .chain(levels)
        .find(|level| seat_identity(own, seat, *level).public_key() == *key)
}

/// Where the computer or the person here in `seat` of a larger table keeps its copy of the
/// game, under this peer's own games folder.
pub fn seat_games(games_dir: Option<&PathBuf>, seat: Seat) -> Option<PathBuf> {
    games_dir.map(|dir| dir.join("seats").join(seat.to_string()))
}

/// Where the hot-seat guest keeps its games, under this peer's own games folder.
pub fn guest_games(games_dir: Option<&PathBuf>) -> Option<PathBuf> {
    games_dir.map(|dir| dir.join("guest"))
}

/// Where the computer player keeps its games, under this peer's own games folder.
pub fn computer_games(games_dir: Option<&PathBuf>) -> Option<PathBuf> {
    games_dir.map(|dir| dir.join("computer"))
}

/// The key a transcript's file is named by: the other seat's at a table of two; at a larger
/// one, the opener's (seat 0) for a player, the next seat's for the opener.
pub(super) fn opponent_key(t: &Transcript) -> [u8; 32] {
    t.keys[usize::from(t.me == 0)]
}

/// The other seats' names, in seat order, joined by ", ".
pub(super) fn others(t: &Transcript) -> String {
    let names: Vec<&str> = (0..t.names.len())
        .filter(|s| *s != usize::from(t.me))
        .map(|s| t.names[s].as_str())
        .collect();
    names.join(", ")
}

impl<T: Transport, F: FnMut(&serde_json::Value)> Peer<'_, T, F> {
    /// The unfinished game the lobby offers, if any.
    pub(super) fn adjourned(&self) -> Option<Adjourned> {
        let t = self.unfinished.as_ref()?;
        Some(Adjourned {
            game: t.game,
            opponent: others(t),
            moves: standing_moves(&t.records).len() as u32,
            computer: computer_level(&self.identity, &opponent_key(t)),
            here: opponent_key(t) == guest_identity(&self.identity).public_key(),
        })
    }

    /// Turns the running game into the unfinished one the lobby offers: saved as it
    /// stands, and no longer at the table. Nothing happens to a game that is over, or one
    /// this seat left. Returns whether a game was adjourned.
    pub(super) fn shelve(&mut self) -> bool {
        let Some(table) = self.table.as_ref() else {
            return false;
        };
        let running = table.started()
            && table.session.ending().is_none()
            && table.session.table().is_some()
            && !table.session.has_left(table.session.me());
        if !running || self.options.games_dir.is_none() {
            return false;
        }
        self.save();
        let table = self.table.take().expect("checked above");
        self.unfinished = Some(table.transcript(&self.identity, &self.options.name));
        // Back in the lobby: others see this player ready to play, whatever it keeps.
        self.set_status(crate::net::discovery::Status::Idle);
        true
    }

    /// The user leaves the game without ending it: it is saved, the opponent told
    /// (goodbye), and the lobby offers it for resuming.
    pub(super) fn adjourn(&mut self, now: u64) -> Option<Problem> {
        if self.table.as_ref().is_some_and(|t| {
            t.star.as_ref().is_some_and(|s| !s.opens()) && t.session.ending().is_none()
        }) {
            return Some(Problem::OnlyOpenerAdjourns);
        }
        if !self.shelve() {
            return Some(Problem::NothingTo(Nothing::ToAdjourn));
        }
        if let Some(hand) = &mut self.hand {
            hand.guests.clear();
        }
        self.endpoint.disconnect(now);
        None
    }

    /// The opponent left the game, or stayed silent too long (at a table of three or four,
    /// its opener: the table is gone): a hand-driven peer keeps it to resume, and so does
    /// a computer at a larger table (it keeps its copy and stops). Returns whether a
    /// hand-driven peer kept it.
    pub(super) fn opponent_gone(&mut self, now: u64) -> bool {
        let at_star = self.table.as_ref().is_some_and(|t| t.star.is_some());
        if (self.hand.is_none() && !at_star) || !self.shelve() {
            return false;
        }
        self.endpoint.disconnect(now);
        if self.hand.is_none() {
            return false;
        }
        let name = self.adjourned().map(|a| a.opponent).unwrap_or_default();
        self.tell(Problem::LeftAndSaved { name });
        true
    }

    /// Challenges the unfinished game's opponent to resume it: the computer, started again
    /// with its identity and its copy of the game (it challenges us back); a person at the
    /// address it answers from now, or where it was.
    pub(super) fn resume_adjourned(&mut self, now: u64) -> Option<Problem> {
        let Some(t) = &self.unfinished else {
            return Some(Problem::NothingTo(Nothing::ToResume));
        };
        if t.keys.len() > 2 {
            return self.resume_table(now);
        }
        let (game, game_id, key) = (t.game, t.game_id, opponent_key(t));
        let guest = guest_identity(&self.identity);
        if key == guest.public_key() {
            // Hot-seat: the second player's seat starts again on its copy of the game.
            let name = t.names[1 - usize::from(t.me)].clone();
            let start = super::control::GuestStart {
                name: &name,
                identity: guest,
                host: self.identity.public_key(),
                games_dir: guest_games(self.options.games_dir.as_ref()),
                resume_id: Some(game_id),
                join: None,
                clock: t.clock,
            };
            let (guest, addr) = match super::control::start_guest(start, &mut self.helpers) {
                Ok(started) => started,
                Err(e) => return Some(Problem::NotStarted(e)),
            };
            if let Some(hand) = &mut self.hand {
                hand.guests = vec![guest];
            }
            self.endpoint
                .challenge(addr, &game.to_string(), Some(game_id), now);
            return None;
        }
        let port = self.transport.local_addr().map(|a| a.port());
        let me = port.map(|port| SocketAddr::from((Ipv4Addr::LOCALHOST, port)));
        let engine = self
            .options
            .engines
            .iter()
            .find(|e| engine_identity(&self.identity, &e.path).public_key() == key);
        if let Some(engine) = engine {
            // An external engine: started again on its copy of the game.
            let me = match me {
                Ok(me) => me,
                Err(e) => return Some(e.to_string().into()),
            };
            return self
                .start_engine(engine.clone(), Some((me, game_id)))
                .err()
                .map(Problem::NotStarted);
        }
        if let Some(level) = computer_level(&self.identity, &key) {
            let me = match me {
                Ok(me) => me,
                Err(e) => return Some(e.to_string().into()),
            };
            let computer = super::control::ComputerStart {
                level,
                engine: None,
                identity: computer_identity(&self.identity, level),
                games_dir: computer_games(self.options.games_dir.as_ref()),
                resume_with: Some((me, game_id)),
                join: None,
                clock: t.clock,
            };
            return super::control::start_computer(computer, &mut self.helpers)
                .err()
                .map(Problem::NotStarted);
        }
        let here = self
            .presence
            .found(self.identity.public_key(), now)
            .into_iter()
            .find(|f| f.fingerprint == fingerprint(&key))
            .and_then(|f| f.answered);
        let Some(to) = here.or_else(|| t.peer_addr.parse().ok()) else {
            let name = t.names[1 - usize::from(t.me)].clone();
            return Some(Problem::NoAddress { name });
        };
        self.endpoint
            .challenge(to, &game.to_string(), Some(game_id), now);
        None
    }

    /// The user gives up the unfinished game: it is lost, and its transcript says so.
    pub(super) fn abandon(&mut self) -> Option<Problem> {
        let Some(mut t) = self.unfinished.take() else {
            return Some(Problem::NothingTo(Nothing::ToAbandon));
        };
        // At a table of two the other seat wins; at a larger one this seat leaves and the
        // game ends there, given up, without a winner.
        let winner = (t.keys.len() == 2).then_some(1 - t.me);
        if winner.is_none() {
            t.records.push(Record::Left {
                seat: t.me,
                reason: Reason::Resignation,
            });
        }
        t.records.push(Record::Over {
            winner,
            reason: Reason::Resignation,
        });
        let dir = self.options.games_dir.as_ref()?;
        let path = transcript_path(dir, t.game_id, &opponent_key(&t));
        let text = t.render(&self.identity);
        create_private_dir(dir)
            .and_then(|()| write_atomically(&path, text.as_bytes(), Some(0o600)))
            .err()
            .map(|e| Problem::NotSaved {
                path: path.display().to_string(),
                detail: e.to_string(),
            })
    }
}
