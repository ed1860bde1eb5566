//! The game at a peer's table: starting one (seat 0 picks the id and the first mover),
//! deploying, resuming a saved one, the peer's messages, carrying out the session's
//! effects, reporting what happened, and saving the transcript after every move.

use serde_json::Value;

use super::event::Event;
use super::stop::Stop;
use super::table::{Table, fresh_secrets, group_evidence, transcript_path};
use super::{Peer, PeerError};
use crate::net::{PeerInfo, Transport};
use crate::protocol::Message;
use crate::protocol::message::hex;
use crate::session::{AnyTable, Effect, Local, Notice, Seat, Secrets, Session, TableGame};
use crate::store::{create_private_dir, write_atomically};

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    /// Seat 0 starts a game: a fresh id, the first mover by a coin both can check.
    pub(super) fn start_game(&mut self, now: u64) -> Result<(), PeerError> {
        if self.table.as_ref().is_some_and(|t| t.star.is_some()) {
            return self.start_star_game(now);
        }
        let Some(table) = &mut self.table else {
            return Ok(());
        };
        let game_id: u64 = rand::random::<u64>() | 1;
        let played = self.report.games.len() as u64;
        let first = ((table.peer.session >> 7) ^ played) as u8 & 1;
        // After a finished game, `reset` announces the restart (the source design's word);
        // `start` then carries the new game's id and first mover.
        if table.session.ending().is_some() {
            self.endpoint.send(&Message::Reset);
        }
        self.begin_game(0, game_id, first, now);
        self.endpoint.send(&Message::Start { game_id, first });
        self.deploy(now)
    }

    /// A new game `game_id` at the table, this peer in seat `me`, `first` moving first,
    /// with fresh secrets.
    fn begin_game(&mut self, me: Seat, game_id: u64, first: Seat, now: u64) {
        let Some(table) = &mut self.table else { return };
        let mut keys = [self.identity.public_key(), table.peer.key];
        if me == 1 {
            keys.reverse();
        }
        let secrets = fresh_secrets(table.peer.session, &keys, game_id, self.options.cheat);
        let kind = *table.session.rules();
        let clock = self.options.clock;
        table.begin(Session::new(kind, me, game_id, first, clock, secrets, now));
    }

    pub(super) fn deploy(&mut self, now: u64) -> Result<(), PeerError> {
        // What went wrong before this game is not news under its board.
        self.forget_problem();
        let Some(table) = &self.table else {
            return Ok(());
        };
        let session = &table.session;
        self.emit(Event::Started {
            game: session.rules().name(),
            game_id: session.game_id(),
            side: session.seat_name(session.me()),
            first: session.seat_name(session.first()),
        });
        if let Some(header) = self.game_header() {
            self.endpoint.send_spectators(&header);
        }
        if let Some(text) = self.options.chat.clone() {
            self.local(Local::Chat(text), now)?;
        }
        let Some(table) = &self.table else {
            return Ok(());
        };
        if !AnyTable::has_setup(table.session.rules()) {
            // Nothing to deploy: the game is on.
            let first = table.session.seat_name(table.session.first());
            self.emit(Event::Play { first });
            self.brief_bot();
            return Ok(());
        }
        let seed =
            self.options.seed ^ self.report.games.len() as u64 ^ (table.session.me() as u64) << 32;
        let layout = self
            .options
            .layout
            .clone()
            .unwrap_or_else(|| self.bot.layout(seed));
        let side = crate::session::junqi::side_of(table.session.me());
        let first = crate::session::junqi::side_of(table.session.first());
        if self.hand.is_some() {
            // The user deploys (Command::Deploy).
            return Ok(());
        }
        self.bot.start(side, &layout, first);
        self.local(Local::Setup(layout.to_string()), now)
    }

    pub(super) fn resume(
        &mut self,
        peer: PeerInfo,
        seat: Seat,
        game_id: u64,
        now: u64,
    ) -> Result<(), PeerError> {
        let at_table = |t: &Table| t.peer.key == peer.key && t.session.game_id() == game_id;
        if !self.table.as_ref().is_some_and(at_table) {
            let Some(t) = self.unfinished.take().filter(|t| t.game_id == game_id) else {
                return Err(PeerError::Peer(Stop::NoSuchGame));
            };
            let secrets = Secrets {
                cheat: self.options.cheat,
                ..t.secrets
            };
            let session = t
                .replay(&t.records, secrets, now)
                .map_err(|e| PeerError::Peer(Stop::CannotResume(e.to_string())))?;
            let mut table = Table::new(session, peer.clone());
            table.hot_seat = self.is_guest(&peer.key);
            table.signed = group_evidence(&t.evidence);
            table.evidence = t.evidence;
            self.table = Some(table);
            self.brief_bot();
        }
        let table = self.table.as_mut().expect("just set");
        table.peer = peer;
        if table.session.me() != seat {
            // The seats of a resumed game are those of the game, not of the new handshake.
            self.emit(Event::Note {
                message: "resumed with the seats of the saved game".into(),
            });
        }
        let Some(table) = &self.table else {
            return Ok(());
        };
        let game_id = table.session.game_id();
        let (ply, hash) = table.sync_point();
        self.endpoint.send(&Message::Sync { game_id, ply, hash });
        // "… left the game: it is saved" is over once it is resumed.
        self.forget_problem();
        Ok(())
    }

    /// Every game message, at every table size, comes in here. The seat it counts for is
    /// the one whose session it came on: at a table of two, the other seat (and only on
    /// the table's own session); at a larger table, the author of the signed `from` that
    /// carries it (a plain message there is an offence of the session's seat, see
    /// [`Peer::plain_at_table`]). What is refused is held against that seat alone, through
    /// [`Peer::refused`] and [`Peer::offender_out`], whatever the table's size.
    pub(super) fn on_game_message(
        &mut self,
        session: u64,
        message: Message,
        evidence: Vec<Vec<u8>>,
        now: u64,
    ) -> Result<(), PeerError> {
        let Some(table) = &self.table else {
            self.endpoint.count_refused();
            return Ok(());
        };
        if table.star.is_some() || self.plain_refused(&message) {
            return match message {
                Message::From { .. } => self.on_signed(session, message, evidence, now),
                _ => self.plain_at_table(session, &message, evidence, now),
            };
        }
        // A table of two: its one other seat speaks on its one session. A session that is
        // not the table's (one replaced by a restart, say) speaks for nobody.
        if session != table.peer.session {
            self.endpoint.count_refused();
            return Ok(());
        }
        let author = table.session.them();
        if let Message::From { .. } | Message::Echo { .. } | Message::Gone { .. } = message {
            let why = "a table's relayed message at a table of two".to_string();
            return self.offence(author, why, &evidence, now);
        }
        self.take(author, message, &evidence, None, now)
    }

    /// Seat `author`'s game message, checked as its own (see [`Peer::on_game_message`]):
    /// handed to the session, its signed datagrams kept as the move's evidence (or as the
    /// refusal's), and `echo` (a larger table's word that this peer took it) sent before
    /// the session's effects.
    pub(super) fn take(
        &mut self,
        author: Seat,
        message: Message,
        evidence: &[Vec<u8>],
        echo: Option<Message>,
        now: u64,
    ) -> Result<(), PeerError> {
        let Some(table) = &mut self.table else {
            self.endpoint.count_refused();
            return Ok(());
        };
        let star = table.star.is_some();
        match message {
            Message::Start { game_id, first } if !star && table.session.me() == 1 => {
                let running = table.started() && table.session.ending().is_none();
                if running && table.session.table().is_some() {
                    let why = "a new game while one is running".to_string();
                    return self.offence(author, why, evidence, now);
                }
                let reused = self.options.games_dir.as_ref().is_some_and(|dir| {
                    game_id == table.session.game_id()
                        || transcript_path(dir, game_id, &table.peer.key).exists()
                });
                if reused {
                    let why = format!("game id {game_id:016x} was used before");
                    return self.offence(author, why, evidence, now);
                }
                self.begin_game(1, game_id, first, now);
                self.deploy(now)
            }
            Message::Sync { game_id, ply, hash } if !star => {
                if game_id != table.session.game_id() {
                    return Err(PeerError::Peer(Stop::OtherGame));
                }
                let (mine, my_hash) = table.sync_point();
                let mut events = vec![Event::Resumed {
                    game_id,
                    ply: mine,
                    peer_ply: ply,
                }];
                if mine > ply {
                    for m in table.session.own_moves_after(ply) {
                        self.endpoint.send(&m);
                    }
                } else if mine == ply && hash != "-" && my_hash != "-" && my_hash != hash {
                    events.push(Event::Desync {
                        detail: format!("resumed at ply {ply} with different positions"),
                    });
                }
                // A battle cut off by the restart finishes: each side sends again what it
                // sent for it (repeats are answered the same way, or ignored).
                if let Some(t) = table.session.table() {
                    for m in t.resume_messages() {
                        self.endpoint.send(&m);
                    }
                }
                events.into_iter().for_each(|e| self.emit(e));
                Ok(())
            }
            Message::Reset if !star => {
                // Only once the game is over; `start` follows with the new game.
                if table.session.ending().is_none() {
                    let why = "a restart in the middle of a game".to_string();
                    return self.offence(author, why, evidence, now);
                }
                self.emit(Event::Restart);
                Ok(())
            }
            other => {
                let ply = match &other {
                    Message::Move { ply, .. }
                    | Message::Offer { ply, .. }
                    | Message::Choose { ply, .. }
                    | Message::Table { ply, .. }
                    | Message::Outcome { ply, .. }
                    | Message::Flag { ply, .. } => Some(*ply),
                    Message::Commit { .. } | Message::Open { .. } => Some(0),
                    _ => None,
                };
                // At a larger table the evidence is the author's signed `from`.
                let text = other.to_string();
                let word = if star {
                    "from"
                } else {
                    text.split('|').next().unwrap_or("")
                };
                let effects = table.session.remote(author, other, now);
                // Every message taken is kept as it came: the transcript shows who signed
                // what (a refused one is kept as the refusal's evidence).
                let refused = effects
                    .iter()
                    .any(|e| matches!(e, Effect::Notice(Notice::Refused { .. })));
                if let Some(ply) = ply.filter(|_| !refused) {
                    table.keep_evidence(ply, word, evidence);
                }
                if let Some(echo) = echo {
                    self.send_game(echo);
                }
                self.apply(effects, evidence)
            }
        }
    }

    pub(super) fn apply(
        &mut self,
        effects: Vec<Effect>,
        evidence: &[Vec<u8>],
    ) -> Result<(), PeerError> {
        let mut offenders = Vec::new();
        for effect in effects {
            match effect {
                Effect::Send(m) => self.send_game(m),
                Effect::Save => self.save(),
                // The offender leaves (the session saw to it); the evidence stays in the
                // transcript.
                Effect::Notice(Notice::Refused { seat, reason }) => {
                    self.refused(seat, reason.clone(), evidence);
                    offenders.push((seat, reason));
                }
                Effect::Notice(notice) => self.notice(notice),
            }
        }
        let now = self.now();
        for (seat, reason) in offenders {
            self.offender_out(seat, reason, now)?;
        }
        Ok(())
    }

    /// What the session told: the bot learns it, the table keeps it, and it is reported.
    fn notice(&mut self, notice: Notice) {
        self.learn(&notice);
        let Some(table) = &self.table else { return };
        // The transcript's head, which `over` reports.
        let head = matches!(notice, Notice::Over(_))
            .then(|| table.transcript(&self.identity, &self.options.name).head())
            .unwrap_or_default();
        let event = game_event(table, &notice, head);
        if let Notice::Over(ending) = &notice {
            let winner = table.session.winner_word(ending.winner).to_string();
            self.report
                .games
                .push((winner, ending.reason.to_string(), hex(&head)));
            if table.session.me() == 0
                && (self.report.games.len() as u32) < self.options.games
                && self.hand.is_none()
            {
                self.next_game_due = Some(self.now() + 200);
            }
        }
        if let (Notice::Audited(_), Some(ending), Some(last)) = (
            &notice,
            table.session.ending(),
            self.report.games.last_mut(),
        ) {
            // The result after the audit (a caught liar loses).
            last.0 = table.session.winner_word(ending.winner).to_string();
            last.1 = ending.reason.to_string();
        }
        if let Some(event) = event {
            self.emit(event);
        }
        self.relay(&notice, head);
        let now = self.now();
        if let Some(t) = &mut self.table {
            match notice {
                Notice::Over(_) if t.session.table().is_some() && !t.session.audited() => {
                    t.awaiting_audit = Some(now);
                }
                Notice::Audited(_) => t.awaiting_audit = None,
                // A computer player cannot forget: it learns the game again without that
                // move.
                Notice::Undone { .. } => self.brief_bot(),
                _ => {}
            }
        }
        // A computer player grants every undo (unlimited, back to the first move, as the
        // sources had it); a person answers for themselves.
        match (&notice, self.hand.is_some()) {
            (Notice::UndoAsked { .. }, false) => {
                let _ = self.local(Local::AnswerUndo(true), now);
            }
            // It plays on: a draw offered is declined at once, never left unanswered.
            (Notice::DrawOffered { .. }, false) => {
                let _ = self.local(Local::AnswerDraw(false), now);
            }
            // A person is told a refusal: otherwise the offer just vanishes from the screen.
            (Notice::DrawRefused, true) => self.tell(super::problem::Problem::DrawDeclined),
            (Notice::UndoRefused, true) => self.tell(super::problem::Problem::UndoRefused),
            _ => {}
        }
    }

    /// The bot follows the game (moves, battle outcomes, flags shown); the table keeps
    /// the chat.
    fn learn(&mut self, notice: &Notice) {
        let learned = match notice {
            Notice::Moved {
                absolute, outcome, ..
            } => self.bot.observe(absolute, *outcome),
            Notice::FlagShown { seat, square } => self
                .bot
                .observe_flag(crate::session::junqi::side_of(*seat), square),
            Notice::Chat { seat, text } => {
                if let Some(table) = &mut self.table {
                    table.keep_chat(*seat, text);
                }
                Ok(())
            }
            _ => Ok(()),
        };
        if let Err(message) = learned {
            self.emit(Event::Note { message });
        }
    }

    pub(super) fn save(&mut self) {
        let (Some(dir), Some(table)) = (&self.options.games_dir, &self.table) else {
            return;
        };
        let transcript = table.transcript(&self.identity, &self.options.name);
        let path = transcript_path(dir, transcript.game_id, &table.peer.key);
        // It holds this game's secret and, during the game, my private layout: mine only.
        let text = transcript.render(&self.identity);
        // The folder is made on first use (the computer player's or the guest's, under the
        // profile's), private to the user as the profile's own folders are.
        let written = create_private_dir(dir)
            .and_then(|()| write_atomically(&path, text.as_bytes(), Some(0o600)));
        if let Err(e) = written {
            self.emit(Event::Error {
                message: format!("saving {}: {e}", path.display()),
            });
        }
    }
}

/// The event a notice of the game at `table` is reported as (a refusal is reported where
/// its evidence is known, in `apply`); `head` is the transcript's, for `over`.
fn game_event(table: &Table, notice: &Notice, head: [u8; 32]) -> Option<Event> {
    let name = |seat| table.session.seat_name(seat);
    Some(match notice {
        Notice::Moved {
            ply,
            seat,
            absolute,
            outcome,
        } => Event::Move {
            ply: *ply,
            side: name(*seat),
            absolute: absolute.clone(),
            outcome: *outcome,
        },
        Notice::Chat { seat, text } => Event::Chat {
            side: name(*seat),
            text: text.clone(),
        },
        Notice::Started { first } => Event::Play {
            first: name(*first),
        },
        Notice::SetupReceived { seat } => Event::Ready { side: name(*seat) },
        Notice::UndoAsked { by, ply } => Event::UndoAsked {
            side: name(*by),
            ply: *ply,
        },
        Notice::Undone { ply } => Event::Undone { ply: *ply },
        Notice::UndoRefused => Event::UndoRefused,
        Notice::DrawOffered { by } => Event::DrawOffered { side: name(*by) },
        Notice::DrawRefused => Event::DrawRefused,
        Notice::Desync { detail } => Event::Desync {
            detail: detail.clone(),
        },
        Notice::FlagShown { seat, square } => Event::Flag {
            side: name(*seat),
            square: square.clone(),
        },
        Notice::Audited(audit) => Event::Audit(table.audit_event(audit)),
        Notice::Over(ending) => Event::Over {
            winner: table.session.winner_word(ending.winner),
            reason: ending.reason.clone(),
            game_id: table.session.game_id(),
            transcript: head,
        },
        Notice::SeatLeft { seat, reason } => Event::SeatLeft {
            side: name(*seat),
            reason: reason.clone(),
        },
        Notice::Refused { .. } => return None,
    })
}
