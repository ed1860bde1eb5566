//! What the network layer reports to a peer: a challenge (accepted at once, left to the
//! person driving the peer, or declined), the session up (a new game or a resumed one), a
//! peer that declined, is busy, went silent, came back or left, and presence answers.

use serde_json::Value;

use super::control::Incoming;
use super::event::Event;
use super::stop::{Absent, Stop};
use super::table::Table;
use super::watch::Watched;
use super::{Peer, PeerError};
use crate::net::discovery::Status;
use crate::net::{NetEvent, Transport};
use crate::protocol::Message;
use crate::session::{GameKind, Seat, Secrets, Session};
use crate::store::{Trust, fingerprint};

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    pub(super) fn on_event(&mut self, event: NetEvent) -> Result<(), PeerError> {
        let now = self.now();
        match event {
            NetEvent::Challenged {
                addr,
                key,
                name,
                game,
                clock,
                resume,
            } => {
                // A table whose challenger never spoke in its session holds nothing: it
                // was a challenge never followed up (or not the challenger's own), and
                // accepting this one replaces it.
                let unheard = self.table.as_ref().is_some_and(|t| !t.started())
                    && self.endpoint.is_connected()
                    && !self.endpoint.is_confirmed();
                let ours = self.table.as_ref().filter(|_| !unheard).map(|t| {
                    (
                        t.session.game_id(),
                        t.peer.key,
                        t.session.ending().is_none(),
                    )
                });
                let acceptable = match resume {
                    Some(id) => {
                        ours.is_some_and(|(g, k, _)| g == id && k == key)
                            || self
                                .unfinished
                                .as_ref()
                                .is_some_and(|t| t.game_id == id && t.keys.contains(&key))
                    }
                    // A person's peer plays on while a game waits in its lobby; a headless
                    // one waits to resume it.
                    None => {
                        ours.is_none_or(|(_, _, running)| !running)
                            && (self.unfinished.is_none() || self.hand.is_some())
                    }
                };
                // A game this peer cannot play as named (a rule set it does not know, bad
                // settings) is declined with the reason.
                let kind = match game.parse::<GameKind>() {
                    Ok(kind) => kind,
                    Err(reason) => {
                        self.endpoint.decline(&reason);
                        return Ok(());
                    }
                };
                // A table being opened takes the computers and guests started for it.
                let expected = self.gathering.as_ref().map(|g| g.expects(&key));
                if expected == Some(false) {
                    self.endpoint.decline("a table is being opened");
                    return Ok(());
                }
                // The opener of a larger table seats players of its own game only. One
                // that names a table names this one exactly; one that names the game alone,
                // or a game of two (it did not ask for a table: `lanqi peer --game gomoku
                // --connect`), or resumes the saved table, takes the table as it is (its
                // `seats` says how).
                let table_game = self.options.game;
                let any_table = game == table_game.name() || resume.is_some() || kind.seats() == 2;
                let same = kind == table_game || (any_table && kind.name() == table_game.name());
                if table_game.seats() > 2 && !same {
                    self.endpoint
                        .decline(&format!("this table plays {table_game}"));
                    return Ok(());
                }
                self.emit(Event::Challenged {
                    peer: name.clone(),
                    addr,
                    fingerprint: fingerprint(&key),
                    accepted: acceptable,
                });
                if acceptable && (self.options.accept_from == Some(key) || expected == Some(true)) {
                    self.endpoint.accept(now);
                } else if let Some(hand) = self
                    .hand
                    .as_mut()
                    .filter(|_| acceptable && resume.is_none())
                {
                    // The user answers (Command::Accept or Decline).
                    hand.incoming = Some(Incoming {
                        name,
                        fingerprint: fingerprint(&key),
                        addr,
                        game: kind,
                        clock,
                    });
                } else if acceptable {
                    self.endpoint.accept(now);
                } else {
                    let reason = if resume.is_some() {
                        "no such game to resume"
                    } else {
                        "waiting to resume another game"
                    };
                    self.endpoint.decline(reason);
                }
            }
            NetEvent::Connected {
                peer,
                challenger,
                resume,
                clock,
                seats,
            } => {
                // Joining by an invitation, only the peer with its key counts.
                if let Some((_, key, _)) = self.joining.take()
                    && challenger
                    && peer.key != key
                {
                    self.endpoint.disconnect(now);
                    return Err(PeerError::Peer(Stop::NotInvited {
                        fingerprint: fingerprint(&peer.key),
                    }));
                }
                // The challenger's proposal is the game's clock on both sides.
                self.options.clock = clock;
                if challenger {
                    // The accepter answered, signed: its key is its own.
                    self.trust(&peer.name, &peer.key);
                } else {
                    // The challenger is checked once it speaks in the session: a
                    // challenge alone (perhaps replayed, never followed up) records nobody.
                    self.unheard.retain(|(s, ..)| *s != peer.session);
                    if self.unheard.len() >= 8 {
                        self.unheard.remove(0);
                    }
                    self.unheard
                        .push((peer.session, peer.name.clone(), peer.key));
                }
                self.set_status(Status::Playing);
                self.gone_since = None;
                // A table of more than two (the opener's accept says so, or the game the
                // opener challenged us to): the opener gathers, a player waits for its
                // seat.
                let larger = peer.game.parse::<GameKind>().is_ok_and(|k| k.seats() > 2);
                if seats > 2 || larger {
                    if self.opens_table() {
                        return self.seat_taken(peer, now);
                    }
                    self.emit(Event::Note {
                        message: format!(
                            "joined {}'s table of {seats}: waiting for its other seats",
                            peer.name
                        ),
                    });
                    self.seated = vec![peer];
                    return Ok(());
                }
                let seat: Seat = if challenger { 0 } else { 1 };
                let kind: GameKind = peer
                    .game
                    .parse()
                    .map_err(|e| PeerError::Peer(Stop::UnknownGame(e)))?;
                self.emit(Event::Connected {
                    peer: peer.name.clone(),
                    fingerprint: fingerprint(&peer.key),
                    addr: peer.addr,
                    seat,
                    game: kind.name(),
                });
                self.gone_since = None;
                match resume {
                    Some(game_id) => self.resume(peer, seat, game_id, now)?,
                    None => {
                        // Seat 0 starts the game at once; seat 1 waits for `start` and
                        // remembers the peer meanwhile.
                        let clock = self.options.clock;
                        let session = Session::new(kind, seat, 0, 0, clock, Secrets::fixed(0), now);
                        let hot_seat = self.is_guest(&peer.key);
                        self.table = Some(Table {
                            hot_seat,
                            ..Table::new(session, peer)
                        });
                        if challenger {
                            self.start_game(now)?;
                        }
                    }
                }
            }
            NetEvent::Message { session, .. }
                if self.unheard.iter().any(|(s, ..)| *s == session) =>
            {
                // The challenger we accepted spoke: now it is checked and recorded, and
                // its message handled as any other.
                if let Some(i) = self.unheard.iter().position(|(s, ..)| *s == session) {
                    let (_, name, key) = self.unheard.remove(i);
                    self.trust(&name, &key);
                }
                return self.on_event(event);
            }
            NetEvent::Message { message, .. } if self.watching.is_some() => {
                self.on_watched(message)?
            }
            NetEvent::Message {
                message: message @ Message::Seats { .. },
                ..
            } if !self.plain_refused(&message) => self.on_seats(message, now)?,
            NetEvent::Message {
                session,
                message: message @ Message::Sync { .. },
                ..
            } if self.rejoining.is_some() => self.on_rejoin_sync(session, message)?,
            // Every other message is a seat's word, at every table size.
            NetEvent::Message {
                session,
                message,
                evidence,
            } => self.on_game_message(session, message, evidence, now)?,
            NetEvent::CutOff { queued, .. } => {
                let why = Stop::CutOff { queued };
                // Before any game began nothing is lost: a stranger that connects and then
                // floods takes no listener out; it waits again, as after a challenge never
                // followed up. A game in progress ends here as before.
                let idle = self.table.as_ref().is_none_or(|t| !t.started())
                    && !self.endpoint.is_connected();
                if !idle {
                    return Err(PeerError::Peer(why));
                }
                self.table = None;
                self.gone_since = None;
                self.set_status(Status::Idle);
                self.emit(Event::Note {
                    message: format!("{why} before any game began: waiting again"),
                });
            }
            NetEvent::Abandoned { session } => {
                self.unheard.retain(|(s, ..)| *s != session);
                // At a larger table a challenger that never spoke never had a seat: the
                // table (and whoever sits at it) is as it was.
                if self.opens_table() {
                    return Ok(());
                }
                // A challenge that was never followed up: nothing was played; wait again.
                if self.table.as_ref().is_some_and(|t| !t.started()) {
                    self.table = None;
                }
                self.set_status(Status::Idle);
                self.emit(Event::Note {
                    message: "a challenger never spoke after our accept: waiting again".into(),
                });
            }
            NetEvent::Watching { peer } => {
                self.watching = Some(Watched::new(peer.name.clone()));
                self.emit(Event::Watching {
                    peer: peer.name,
                    fingerprint: fingerprint(&peer.key),
                    addr: peer.addr,
                });
            }
            NetEvent::SpectatorJoined { session, name, .. } => self.spectator_joined(session, name),
            NetEvent::SpectatorLeft { name, .. } => self.emit(Event::Spectator {
                peer: name,
                joined: false,
            }),
            NetEvent::Declined { .. } | NetEvent::Busy | NetEvent::NoAnswer
                if self.options.auto && self.table.is_none() =>
            {
                // `--auto` keeps looking: this peer is passed over for a while.
                self.presence.pass_over(now);
                self.emit(Event::PassedOver {
                    why: format!("{event:?}"),
                });
            }
            NetEvent::Declined { reason } if self.gathering.is_some() => {
                return self.table_refused(Absent::Declined(reason), now);
            }
            NetEvent::Busy | NetEvent::NoAnswer if self.gathering.is_some() => {
                let why = match event {
                    NetEvent::Busy => Absent::Busy,
                    _ => Absent::NoAnswer,
                };
                return self.table_refused(why, now);
            }
            NetEvent::Left { session } | NetEvent::Gone { session, .. }
                if self.unseat(session, now) => {}
            NetEvent::Left { .. } if self.gathering.is_some() => {
                self.emit(Event::Left);
                return self.table_refused(Absent::Left, now);
            }
            NetEvent::Declined { reason } => {
                let waiting = self.unfinished.is_some();
                return Err(PeerError::Peer(Stop::Declined { reason, waiting }));
            }
            NetEvent::Busy => {
                self.emit(Event::Busy);
                return Err(PeerError::Peer(Stop::Busy));
            }
            NetEvent::NoAnswer if self.join_next(now) => {}
            NetEvent::NoAnswer => {
                let waiting = self.unfinished.is_some();
                return Err(PeerError::Peer(Stop::NoAnswer { waiting }));
            }
            NetEvent::Gone {
                session,
                silent_for,
            } => {
                self.emit(Event::Gone {
                    silent_ms: silent_for,
                });
                // At the opener of a larger table, one player's silence holds up nobody.
                if !self.star_player_silent(session, now) {
                    self.gone_since = Some(now);
                }
            }
            NetEvent::Pong { key, addr, .. } => {
                self.presence.heard(key, addr, now);
            }
            NetEvent::Back { session } => {
                self.emit(Event::Back);
                self.star_player_back(session);
                self.gone_since = None;
            }
            NetEvent::Left { session } => {
                self.emit(Event::Left);
                if self.star_player_left(session, now)? || self.opponent_gone(now) {
                    return Ok(());
                }
                let finished = self.report.games.len() as u32 >= self.options.games;
                if !finished {
                    return Err(PeerError::Peer(Stop::PeerLeft));
                }
            }
        }
        Ok(())
    }

    /// Joining by an invitation: challenges its next address not tried yet. Whether there
    /// was one.
    pub(super) fn join_next(&mut self, now: u64) -> bool {
        let Some((to, game)) = self
            .joining
            .as_mut()
            .and_then(|(addrs, _, game)| Some((addrs.pop()?, *game)))
        else {
            return false;
        };
        let message = if crate::net::internet::is_synthetic(&to) {
            "trying to reach the invitation's player over the internet (iroh)".to_string()
        } else {
            format!("trying the invitation's address {to}")
        };
        self.emit(Event::Note { message });
        self.endpoint.challenge(to, &game.to_string(), None, now);
        true
    }

    /// Says (in pongs and the mDNS record) whether this peer is in a game.
    pub(super) fn set_status(&mut self, status: Status) {
        self.endpoint.set_presence(status.word());
        if let Err(message) = self.presence.set_status(status) {
            self.emit(Event::Error { message });
        }
    }

    /// Whether `key` is this screen's hot-seat guest (neither trusted nor saved: it is
    /// new each time).
    pub(super) fn is_guest(&self, key: &[u8; 32]) -> bool {
        self.hand
            .as_ref()
            .is_some_and(|h| h.guests.iter().any(|g| &g.key == key))
    }

    fn trust(&mut self, name: &str, key: &[u8; 32]) {
        self.befriend(name, key);
        if self.is_guest(key) {
            return;
        }
        let Some(known) = &mut self.known else { return };
        let event = match known.check(name, key) {
            Ok(Trust::New) => Event::Trust {
                peer: name.into(),
                changed: None,
            },
            Ok(Trust::Known) => return,
            Ok(Trust::KeyChanged { previous }) => Event::Trust {
                peer: name.into(),
                changed: Some((previous, fingerprint(key))),
            },
            Err(e) => Event::Error {
                message: e.to_string(),
            },
        };
        self.emit(event);
    }
}
