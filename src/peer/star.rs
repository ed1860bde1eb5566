//! Tables of more than two seats (Gomoku for three or four): a star around the peer that
//! opened the table (`lanqi peer --seats N`), which relays.
//!
//! The opener takes players in the order their challenges come (its accept says how many
//! seats the table has, so a player waits instead of starting a game of two). When every
//! seat is taken it sends each player `seats`: the game with its settings, the game id,
//! everyone's key and name, and the player's own seat. From then on every game message
//! travels as `from`, signed by its author (`protocol::relay`), and the opener passes what
//! each seat says on to all the others unchanged. Every peer checks every message against
//! its author's key, whoever relayed it: an opener that alters a move is caught.

use serde_json::Value;

use super::event::Event;
use super::stop::Stop;
use super::table::{Table, fresh_secrets};
use super::{Peer, PeerError};
use crate::net::{PeerInfo, Transport};
use crate::protocol::Message;
use crate::protocol::message::MAX_SIGNED;
use crate::protocol::relay::{Authors, EchoCheck};
use crate::session::{Cheat, GameKind, Reason, Seat, Session, TableGame};
use crate::store::fingerprint;

/// A table of more than two seats: everyone at it, the author signatures of its game and,
/// at the opener, whose session each seat is.
pub(super) struct Star {
    /// Every seat's key and nickname, seat 0 (the opener) first.
    pub(super) players: Vec<([u8; 32], String)>,
    /// The game's author signatures: ours sealed, everyone else's checked.
    pub(super) authors: Authors,
    /// At the opener: each seat's session (none for its own seat); elsewhere empty.
    pub(super) sessions: Vec<Option<u64>>,
    /// At the opener: the players gone silent, and since when.
    pub(super) silent: Vec<(Seat, u64)>,
    /// `--cheat out-of-turn`: the move out of turn of this game is made.
    pub(super) cheated: bool,
}

impl Star {
    /// The seat whose session this is, at the opener.
    fn seat_of(&self, session: u64) -> Option<Seat> {
        let seat = self.sessions.iter().position(|s| *s == Some(session))?;
        Some(seat as Seat)
    }

    /// Whether this peer is the table's opener (it keeps a session per seat).
    pub(super) fn opens(&self) -> bool {
        !self.sessions.is_empty()
    }

    /// The seat held to account for what came on `session`: at the opener, that
    /// session's seat (none for a session that is no seat's); at a player, the opener,
    /// through whom everything comes.
    fn sender(&self, session: u64) -> Option<Seat> {
        if self.opens() {
            self.seat_of(session)
        } else {
            Some(0)
        }
    }
}

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    /// The opener: a player took the next seat; the game starts once all are taken. While
    /// a game runs at the table nobody new sits down (a seat that left stays empty).
    pub(super) fn seat_taken(&mut self, peer: PeerInfo, now: u64) -> Result<(), PeerError> {
        let playing = self
            .table
            .as_ref()
            .is_some_and(|t| t.star.is_some() && t.session.ending().is_none());
        if playing {
            self.endpoint.disconnect_player(peer.session, now);
            self.emit(Event::Note {
                message: format!("{} came while the table plays: not seated", peer.name),
            });
            return Ok(());
        }
        self.emit(Event::Connected {
            peer: peer.name.clone(),
            fingerprint: fingerprint(&peer.key),
            addr: peer.addr,
            seat: 0,
            game: self.options.game.name(),
        });
        self.seated.retain(|p| p.key != peer.key);
        self.seated.push(peer.clone());
        self.joined(&peer);
        let seats = self.options.game.seats() as usize;
        if self.seated.len() + 1 < seats {
            self.emit(Event::Note {
                message: format!(
                    "{} of {seats} seats taken: waiting for more players",
                    self.seated.len() + 1
                ),
            });
            return Ok(());
        }
        let resume = self.gathering.as_ref().and_then(|g| g.resume);
        self.gathered();
        match resume {
            Some(game_id) => self.rejoin_seats(game_id),
            None => self.start_star_game(now),
        }
    }

    /// The opener starts a game at its full table: everyone is told the seats, and seat
    /// 0 (the opener) moves first.
    pub(super) fn start_star_game(&mut self, now: u64) -> Result<(), PeerError> {
        let kind = self.options.game;
        let game_id: u64 = rand::random::<u64>() | 1;
        let mut players = vec![(self.identity.public_key(), self.options.name.clone())];
        players.extend(self.seated.iter().map(|p| (p.key, p.name.clone())));
        for (i, peer) in self.seated.clone().iter().enumerate() {
            let seats = Message::Seats {
                game: kind.to_string(),
                game_id,
                first: 0,
                seat: i as u8 + 1,
                players: players.clone(),
            };
            self.endpoint.send_to(peer.session, &seats);
        }
        let mut sessions = vec![None];
        sessions.extend(self.seated.iter().map(|p| Some(p.session)));
        let host = self.seated[0].clone();
        self.begin_star_game(kind, 0, game_id, players, sessions, host, now)
    }

    /// A player: the opener's `seats`, which starts a game at its table.
    pub(super) fn on_seats(&mut self, message: Message, now: u64) -> Result<(), PeerError> {
        let Message::Seats {
            game,
            game_id,
            first,
            seat,
            players,
        } = message
        else {
            return Ok(());
        };
        let Some(host) = self.seated.first().cloned() else {
            self.endpoint.count_refused();
            return Ok(());
        };
        let refuse = |why: String| Err(PeerError::Refused(format!("the table's seats: {why}")));
        let kind: GameKind = match game.parse() {
            Ok(kind) => kind,
            Err(e) => return refuse(e),
        };
        if kind.seats() as usize != players.len() {
            return refuse(format!(
                "{game} is for {} seats, not {}",
                kind.seats(),
                players.len()
            ));
        }
        if players[seat as usize].0 != self.identity.public_key() || players[0].0 != host.key {
            return refuse("the keys are not the opener's and mine".into());
        }
        if first != 0 {
            return refuse(format!("seat {first} cannot move first"));
        }
        if self
            .table
            .as_ref()
            .is_some_and(|t| t.session.ending().is_none())
        {
            return refuse("a new game while one is running".into());
        }
        self.emit(Event::Connected {
            peer: host.name.clone(),
            fingerprint: fingerprint(&host.key),
            addr: host.addr,
            seat,
            game: kind.name(),
        });
        // The opener resumes a saved table: this seat's copy, if it has it.
        if self.rejoin_asked(game_id, &players)? {
            return Ok(());
        }
        if self.options.resume_id == Some(game_id) {
            return Err(PeerError::Peer(Stop::NoSavedTable));
        }
        self.begin_star_game(kind, seat, game_id, players, Vec::new(), host, now)
    }

    #[allow(clippy::too_many_arguments)] // a game at a star table, as `seats` gives it
    fn begin_star_game(
        &mut self,
        kind: GameKind,
        me: Seat,
        game_id: u64,
        players: Vec<([u8; 32], String)>,
        sessions: Vec<Option<u64>>,
        host: PeerInfo,
        now: u64,
    ) -> Result<(), PeerError> {
        let keys: Vec<[u8; 32]> = players.iter().map(|(k, _)| *k).collect();
        let secrets = fresh_secrets(host.session, &keys, game_id, self.options.cheat);
        let clock = self.options.clock;
        let session = Session::new(kind, me, game_id, 0, clock, secrets, now);
        let mut table = Table::new(session, host);
        table.star = Some(Star {
            players,
            authors: Authors::new(game_id, keys),
            sessions,
            silent: Vec::new(),
            cheated: false,
        });
        self.table = Some(table);
        self.deploy(now)
    }

    /// A game message signed by its author (`from`), from the session `session` (the
    /// datagrams that carried it: `evidence`): checked against the author's key, passed on
    /// to the other seats at the opener, and played. What does not check is held against
    /// whoever sent it: at the opener, the seat of that session leaves the table; at a
    /// player, the opener (the only one it hears from, who must check before it relays) is
    /// caught.
    pub(super) fn on_signed(
        &mut self,
        session: u64,
        message: Message,
        evidence: Vec<Vec<u8>>,
        now: u64,
    ) -> Result<(), PeerError> {
        let Some(star) = self.table.as_mut().and_then(|t| t.star.as_mut()) else {
            self.endpoint.count_refused();
            return Ok(());
        };
        let opener = star.opens();
        let Some(sender) = star.sender(session) else {
            // Not a seat's session (one that left, say): nothing of it counts.
            self.endpoint.count_refused();
            return Ok(());
        };
        if opener {
            // A player speaks only for its own seat.
            if let Message::From { seat, .. } = &message
                && *seat != sender
            {
                let why = format!("seat {} signed as seat {}", sender + 1, seat + 1);
                return self.offence(sender, why, &evidence, now);
            }
        }
        let (author, inner) = match star.authors.check(&message) {
            Ok(Some(checked)) => checked,
            Ok(None) => return Ok(()),
            Err(e) => return self.offence(sender, e.to_string(), &evidence, now),
        };
        // An echo is held against what this seat took before anything is relayed.
        if let Message::Echo {
            seat,
            n,
            signature,
            payload,
        } = &inner
        {
            let check = star.authors.check_echo(*seat, *n, signature, payload);
            let echoed = (*seat, *n);
            return self.on_echo(session, author, echoed, check, message, &evidence, now);
        }
        let played = match &inner {
            Message::Move { ply, .. } => Some(*ply),
            _ => None,
        };
        // At a player, a move for a ply beyond the next means one was kept from it: the
        // relay's doing, not the author's (who moved after seeing it).
        let due = self
            .table
            .as_ref()
            .and_then(|t| t.session.table())
            .map(|t| t.ply() + 1);
        if let (false, Some(ply), Some(due)) = (opener, played, due)
            && ply > due
        {
            let why = format!(
                "seat {}'s move for ply {ply} came while ply {due} was due: the opener withheld a move",
                author + 1
            );
            return self.offence(0, why, &evidence, now);
        }
        // A player echoes every message it takes from another seat, so that every seat
        // learns what every other one received.
        let echo = match &message {
            Message::From {
                seat,
                n,
                signature,
                payload,
            } if !opener => Some(Message::Echo {
                seat: *seat,
                n: *n,
                signature: *signature,
                payload: payload.clone(),
            }),
            _ => None,
        };
        let Some(star) = self.table.as_mut().and_then(|t| t.star.as_mut()) else {
            return Ok(());
        };
        if opener {
            let others: Vec<u64> = star
                .sessions
                .iter()
                .flatten()
                .copied()
                .filter(|s| *s != session)
                .collect();
            let relayed = match self.options.cheat {
                Cheat::AlterRelayed => altered(message),
                _ => message,
            };
            for other in others {
                self.endpoint.send_to(other, &relayed);
            }
        }
        let echo = echo.filter(|e| e.to_string().len() <= MAX_SIGNED);
        self.take(author, inner, &evidence, echo, now)
    }

    /// Another seat's echo (`author`'s word on seat `echoed.0`'s message `echoed.1`, as
    /// `check` found it against what this seat took; `message` the `from` it came in). At
    /// the opener: one that does not check is held against its author, and is not relayed;
    /// the rest is relayed. At a player: an echo showing a message withheld from this seat,
    /// or relayed to another seat as something else, or one that does not check, is proof
    /// against the opener.
    #[allow(clippy::too_many_arguments)] // an echo, what it showed, and how it came
    fn on_echo(
        &mut self,
        session: u64,
        author: Seat,
        echoed: (u8, u32),
        check: Result<EchoCheck, crate::protocol::relay::RelayError>,
        message: Message,
        evidence: &[Vec<u8>],
        now: u64,
    ) -> Result<(), PeerError> {
        let opener = self
            .table
            .as_ref()
            .and_then(|t| t.star.as_ref())
            .is_some_and(Star::opens);
        let (seat, n) = (echoed.0 + 1, echoed.1);
        let wrong = match &check {
            Err(e) => Some(format!("seat {}'s echo: {e}", author + 1)),
            Ok(EchoCheck::Withheld) => Some(format!(
                "seat {seat}'s message {n} reached seat {} but not this seat: the opener withheld it",
                author + 1
            )),
            Ok(EchoCheck::Differs { ours }) => Some(format!(
                "seat {seat} signed two messages as its message {n}: `{ours}` reached this seat, \
                 something else reached seat {}: the opener relayed both",
                author + 1
            )),
            Ok(EchoCheck::Same | EchoCheck::Forgotten) => None,
        };
        if opener {
            match check {
                // An echo that does not check is its sender's own doing; nothing of it is
                // relayed.
                Err(_) => {
                    let why = wrong.unwrap_or_default();
                    return self.offence(author, why, evidence, now);
                }
                // A message of another seat this opener never took: not ours to pass on.
                Ok(EchoCheck::Withheld) => {
                    self.endpoint.count_refused();
                    return Ok(());
                }
                // Another seat signed two messages under one count (the echo carries its
                // signature on the one this opener did not take): it leaves.
                Ok(EchoCheck::Differs { .. }) if echoed.0 != 0 => {
                    let why = wrong.unwrap_or_default();
                    return self.offence(echoed.0, why, evidence, now);
                }
                _ => {}
            }
            let others: Vec<u64> = self
                .table
                .as_ref()
                .and_then(|t| t.star.as_ref())
                .map(|s| s.sessions.iter().flatten().copied())
                .into_iter()
                .flatten()
                .filter(|s| *s != session)
                .collect();
            for other in others {
                self.endpoint.send_to(other, &message);
            }
            return Ok(());
        }
        match wrong {
            Some(why) => self.offence(0, why, evidence, now),
            None => Ok(()),
        }
    }

    /// Whether a plain message (not a `from`) is refused here: at a table of more than two
    /// every game message travels in its author's `from`; only the opener's `seats` (at a
    /// player) and `sync` while a table is resumed come plain. An opener takes `seats` from
    /// nobody.
    pub(super) fn plain_refused(&self, message: &Message) -> bool {
        let at_star = self.table.as_ref().is_some_and(|t| t.star.is_some());
        match message {
            Message::From { .. } => false,
            Message::Seats { .. } => self.opens_table() && (at_star || !self.seated.is_empty()),
            Message::Sync { .. } => at_star && self.rejoining.is_none(),
            _ => at_star,
        }
    }

    /// A plain game message (not inside its author's `from`) on `session` at a table of
    /// more than two: at the opener, the seat of that session sent what does not count and
    /// leaves; at a player, the opener did. Never taken as anyone's move.
    pub(super) fn plain_at_table(
        &mut self,
        session: u64,
        message: &Message,
        evidence: Vec<Vec<u8>>,
        now: u64,
    ) -> Result<(), PeerError> {
        let Some(star) = self.table.as_ref().and_then(|t| t.star.as_ref()) else {
            self.endpoint.count_refused();
            return Ok(());
        };
        let Some(sender) = star.sender(session) else {
            self.endpoint.count_refused();
            return Ok(());
        };
        let text = message.to_string();
        let word = text.split('|').next().unwrap_or_default();
        let why = format!(
            "seat {} sent `{word}` outside its signed `from`",
            sender + 1
        );
        self.offence(sender, why, &evidence, now)
    }

    /// The opener of a headless table whose game has not begun: a seated player that left
    /// or went silent gives up its seat, and the table waits for another. Whether it was
    /// such a player. (The app's opener gives the table up instead: it invited them.)
    pub(super) fn unseat(&mut self, session: u64, now: u64) -> bool {
        let begun = self.table.as_ref().is_some_and(|t| t.star.is_some());
        if !self.opens_table() || self.gathering.is_some() || begun {
            return false;
        }
        let Some(i) = self.seated.iter().position(|p| p.session == session) else {
            return false;
        };
        let peer = self.seated.remove(i);
        self.endpoint.disconnect_player(session, now);
        self.emit(Event::Note {
            message: format!(
                "{} left before the game began: {} of {} seats taken",
                peer.name,
                self.seated.len() + 1,
                self.options.game.seats()
            ),
        });
        true
    }

    /// The opener: the player of `session` went silent. Whether it is a player at this
    /// table (whose silence holds up nobody: the game goes on, and after the resume wait
    /// the seat is taken to have left).
    pub(super) fn star_player_silent(&mut self, session: u64, now: u64) -> bool {
        let Some(star) = self.table.as_mut().and_then(|t| t.star.as_mut()) else {
            return false;
        };
        let Some(seat) = star.seat_of(session) else {
            return false;
        };
        star.silent.retain(|(s, _)| *s != seat);
        star.silent.push((seat, now));
        true
    }

    /// The opener: the player of `session` is heard again.
    pub(super) fn star_player_back(&mut self, session: u64) {
        if let Some(star) = self.table.as_mut().and_then(|t| t.star.as_mut())
            && let Some(seat) = star.seat_of(session)
        {
            star.silent.retain(|(s, _)| *s != seat);
        }
    }

    /// The opener: the player of `session` said goodbye. Its seat leaves the game, which
    /// goes on while two remain. Whether it was a player at this table.
    pub(super) fn star_player_left(&mut self, session: u64, now: u64) -> Result<bool, PeerError> {
        let Some(star) = self.table.as_mut().and_then(|t| t.star.as_mut()) else {
            return Ok(false);
        };
        let Some(seat) = star.seat_of(session) else {
            return Ok(false);
        };
        star.silent.retain(|(s, _)| *s != seat);
        self.seat_gone(seat, Reason::LeftTable, now)?;
        Ok(true)
    }

    /// The opener: players silent for longer than the resume wait have left.
    pub(super) fn drop_silent_players(&mut self, now: u64) -> Result<(), PeerError> {
        let wait = self.options.resume_wait_ms;
        let Some(star) = self.table.as_mut().and_then(|t| t.star.as_mut()) else {
            return Ok(());
        };
        let gone: Vec<Seat> = star
            .silent
            .iter()
            .filter(|(_, since)| now >= since + wait)
            .map(|(seat, _)| *seat)
            .collect();
        star.silent.retain(|(seat, _)| !gone.contains(seat));
        for seat in gone {
            self.seat_gone(seat, Reason::LeftTable, now)?;
        }
        Ok(())
    }

    /// The opener tells the table that `seat` left it, and why (if its game still runs).
    pub(super) fn seat_gone(
        &mut self,
        seat: Seat,
        reason: Reason,
        now: u64,
    ) -> Result<(), PeerError> {
        let running = self
            .table
            .as_ref()
            .is_some_and(|t| t.session.ending().is_none() && !t.session.has_left(seat));
        if running {
            self.local(crate::session::Local::SeatGone(seat, reason), now)?;
        }
        Ok(())
    }

    /// Leaving a table of more than two while its game runs: resign first, so that the
    /// others go on without this seat (the opener's leaving ends the table: it relays). The
    /// app's opener does not: its table stays saved, to be resumed.
    pub(super) fn leave_star_game(&mut self, now: u64) {
        let kept = self.hand.is_some() && self.opens_table();
        let running = !kept
            && self.table.as_ref().is_some_and(|t| {
                t.star.is_some()
                    && t.session.ending().is_none()
                    && !t.session.has_left(t.session.me())
            });
        if running {
            let _ = self.local(crate::session::Local::Resign, now);
        }
    }

    /// Sends a game message of ours: signed as our seat at a star table (to the opener,
    /// or from it to everyone), as it is otherwise.
    pub(super) fn send_game(&mut self, message: Message) {
        let me = self.table.as_ref().map(|t| t.session.me());
        let cheat = self.options.cheat;
        // `--cheat equivocate`: another move the opener could have made.
        let other = self
            .table
            .as_ref()
            .and_then(|t| t.session.table())
            .and_then(|t| t.legal_moves().into_iter().next())
            .filter(|_| cheat == Cheat::Equivocate);
        match (self.table.as_mut().and_then(|t| t.star.as_mut()), me) {
            (Some(star), Some(me)) => {
                let player = !star.opens();
                if player && cheat == Cheat::Unwrapped {
                    self.endpoint.send(&message);
                    return;
                }
                let key = self.identity.signing_key();
                let mut sealed = star.authors.seal(key, me, &message);
                let sessions: Vec<u64> = star.sessions.iter().flatten().copied().collect();
                if !player
                    && cheat == Cheat::Equivocate
                    && !star.cheated
                    && let (Message::Move { .. }, [_, .., last]) = (&message, &sessions[..])
                {
                    // Its first move goes to all but the last seat; the last gets another.
                    star.cheated = true;
                    if let (
                        Message::Move {
                            ply,
                            hash,
                            clock_ms,
                            ..
                        },
                        Some(other),
                    ) = (&message, other)
                    {
                        let lie = Message::Move {
                            ply: *ply,
                            mv: other.to_string(),
                            hash: hash.clone(),
                            clock_ms: *clock_ms,
                        };
                        let lie = star.authors.reseal(key, me, &lie);
                        let last = *last;
                        for s in sessions.iter().filter(|s| **s != last) {
                            self.endpoint.send_to(*s, &sealed);
                        }
                        self.endpoint.send_to(last, &lie);
                        return;
                    }
                }
                if let Message::From {
                    n: 2, signature, ..
                } = &mut sealed
                    && player
                {
                    match cheat {
                        Cheat::BadSignature => signature[0] ^= 1,
                        // The second message is never sent: the third comes in its place.
                        Cheat::SkipCount => sealed = star.authors.seal(key, me, &message),
                        _ => {}
                    }
                }
                self.endpoint.send(&sealed);
            }
            _ => self.endpoint.send(&message),
        }
    }

    /// `--cheat out-of-turn` at a table of more than two: once a game, a player signs a
    /// move while another seat is to move.
    pub(super) fn cheat_out_of_turn(&mut self) {
        if self.options.cheat != Cheat::OutOfTurn {
            return;
        }
        let Some(table) = self.table.as_mut() else {
            return;
        };
        let due = table.started()
            && table.session.ending().is_none()
            && !table.session.my_turn()
            && table
                .star
                .as_ref()
                .is_some_and(|s| !s.opens() && !s.cheated);
        let Some(game) = table.session.table().filter(|_| due) else {
            return;
        };
        let Some(mv) = game.legal_moves().into_iter().next() else {
            return;
        };
        let message = Message::Move {
            ply: game.ply() + 1,
            mv: mv.to_string(),
            hash: game.hash(),
            clock_ms: 0,
        };
        if let Some(star) = table.star.as_mut() {
            star.cheated = true;
        }
        self.send_game(message);
    }
}

/// What a lying opener relays instead of a move (tests of the author signatures only):
/// the same message, with the move's point changed.
fn altered(message: Message) -> Message {
    let Message::From {
        seat,
        n,
        signature,
        payload,
    } = message
    else {
        return message;
    };
    let payload = match Message::parse(payload.as_bytes()) {
        Ok(Message::Move {
            ply,
            mv,
            hash,
            clock_ms,
        }) => Message::Move {
            ply,
            mv: if mv == "a1" { "b1".into() } else { "a1".into() },
            hash,
            clock_ms,
        }
        .to_string(),
        _ => payload,
    };
    Message::From {
        seat,
        n,
        signature,
        payload,
    }
}
