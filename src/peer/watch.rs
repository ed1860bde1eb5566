//! Spectators (观战). A player's peer tells its spectators what is public about its game:
//! the game and the players, each move in the absolute frame with its battle outcome,
//! undos, chat, the end and, in Junqi, the audit with every piece once it is done; a
//! spectator joining mid-game is told the game so far first. A watching peer
//! (`lanqi peer --watch`) prints the same events a player's peer prints.
//!
//! A spectator learns only what both players may know: never a hidden rank before the
//! audit. It trusts the player it watches for what it relays (PROTOCOL.md, "Watching").

use serde_json::Value;

use super::event::{AuditEvent, Event};
use super::table::Table;
use super::{Peer, PeerError};
use crate::net::Transport;
use crate::protocol::Message;
use crate::rules::junqi::Report;
use crate::session::{AnyTable, GameKind, Notice, Reason, Seat, TableGame};

/// The game a spectator watches, as the player's `game` message named it.
pub(super) struct Watched {
    game: GameKind,
    game_id: u64,
    first: Seat,
    /// The game has ended (its `ended` arrived).
    ended: bool,
    /// Its audit arrived (a game that hides nothing has none).
    audited: bool,
}

impl Watched {
    fn side(&self, seat: Seat) -> &'static str {
        AnyTable::seat_name(&self.game, seat, self.first)
    }

    /// Whether everything the player will relay about this game has arrived.
    pub(super) fn complete(&self) -> bool {
        self.ended && (self.audited || !AnyTable::hidden(&self.game))
    }
}

/// The message that tells spectators what a notice of the game made public, if anything.
fn relayed(table: &Table, notice: &Notice, head: [u8; 32]) -> Option<Message> {
    let session = &table.session;
    Some(match notice {
        Notice::Moved {
            ply,
            seat,
            absolute,
            outcome,
        } => played(*ply, *seat, absolute, *outcome),
        Notice::Undone { ply } => Message::Undone { ply: *ply },
        Notice::Chat { seat, text } => Message::Said {
            seat: *seat,
            text: text.clone(),
        },
        Notice::Over(ending) => Message::Ended {
            winner: session.winner_word(ending.winner).into(),
            reason: ending.reason.to_string(),
            head,
        },
        Notice::Audited(audit) => Message::Audited {
            ok: audit.ok,
            cheater: audit.cheater.map(|s| session.seat_name(s).into()),
            start: audit.start.clone(),
        },
        _ => return None,
    })
}

fn played(ply: u32, seat: Seat, absolute: &str, outcome: Option<Report>) -> Message {
    Message::Played {
        ply,
        seat,
        mv: absolute.to_string(),
        outcome: outcome.map(|o| o.word().to_string()),
    }
}

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    /// Tells the spectators what a notice of our game made public (`head`: the
    /// transcript's, for the end).
    pub(super) fn relay(&mut self, notice: &Notice, head: [u8; 32]) {
        let Some(table) = &self.table else { return };
        if let Some(message) = relayed(table, notice, head) {
            self.endpoint.send_spectators(&message);
        }
    }

    /// The game's header, for the spectators (a game starts).
    pub(super) fn game_header(&self) -> Option<Message> {
        let table = self.table.as_ref().filter(|t| t.started())?;
        let me = table.session.me() as usize;
        let mut names = [String::new(), String::new()];
        names[me] = self.options.name.clone();
        names[1 - me] = table.peer.name.clone();
        Some(Message::Game {
            game: table.session.rules().name().into(),
            game_id: table.session.game_id(),
            first: table.session.first(),
            names,
        })
    }

    /// A spectator joined: it is told the game so far, then follows it live.
    pub(super) fn spectator_joined(&mut self, session: u64, name: String) {
        self.emit(Event::Spectator {
            peer: name,
            joined: true,
        });
        let Some(header) = self.game_header() else {
            return;
        };
        let Some(table) = &self.table else { return };
        let mut messages = vec![header];
        messages.extend(
            table
                .public
                .iter()
                .map(|(ply, seat, mv, outcome)| played(*ply, *seat, mv, *outcome)),
        );
        messages.extend(table.chat.iter().map(|(seat, text)| Message::Said {
            seat: *seat,
            text: text.clone(),
        }));
        if let Some(ending) = table.session.ending() {
            let head = table.transcript(&self.identity, &self.options.name).head();
            messages.push(relayed(table, &Notice::Over(ending.clone()), head).expect("an end"));
        }
        if let Some(audit) = table.session.audit() {
            let notice = Notice::Audited(audit.clone());
            messages.push(relayed(table, &notice, [0; 32]).expect("an audit"));
        }
        for m in &messages {
            self.endpoint.send_spectator(session, m);
        }
    }

    /// Watching: a message the player relayed. What does not belong to watching is
    /// counted and ignored: the player cannot make a spectator do anything.
    pub(super) fn on_watched(&mut self, message: Message) -> Result<(), PeerError> {
        if let Message::Game {
            game,
            game_id,
            first,
            ..
        } = &message
        {
            let game: GameKind = game.parse().map_err(PeerError::Peer)?;
            self.watching = Some(Watched {
                game,
                game_id: *game_id,
                first: *first,
                ended: false,
                audited: false,
            });
            self.emit(Event::Started {
                game: game.name(),
                game_id: *game_id,
                side: "spectator",
                first: AnyTable::seat_name(&game, *first, *first),
            });
            return Ok(());
        }
        let Some(watched) = &mut self.watching else {
            self.endpoint.count_refused();
            return Ok(());
        };
        let event = match message {
            Message::Played {
                ply,
                seat,
                mv,
                outcome,
            } => Event::Move {
                ply,
                side: watched.side(seat),
                absolute: mv,
                outcome: outcome.as_deref().and_then(Report::from_word),
            },
            Message::Undone { ply } => Event::Undone { ply },
            Message::Said { seat, text } => Event::Chat {
                side: watched.side(seat),
                text,
            },
            Message::Ended {
                winner,
                reason,
                head,
            } => {
                watched.ended = true;
                let winner = ["draw", watched.side(0), watched.side(1)]
                    .into_iter()
                    .find(|w| *w == winner)
                    .ok_or_else(|| PeerError::Peer(format!("unknown winner '{winner}'")))?;
                let reason: Reason = reason.parse().unwrap_or(Reason::Other(reason));
                self.report.games.push((
                    winner.into(),
                    reason.to_string(),
                    crate::protocol::message::hex(&head),
                ));
                Event::Over {
                    winner,
                    reason,
                    game_id: watched.game_id,
                    transcript: head,
                }
            }
            Message::Audited { ok, cheater, start } => {
                watched.audited = true;
                let cheater = [watched.side(0), watched.side(1)]
                    .into_iter()
                    .find(|s| cheater.as_deref() == Some(*s));
                // A side caught lying loses; otherwise the result stands.
                let result = match cheater {
                    Some(liar) => {
                        let winner = if liar == watched.side(0) { 1 } else { 0 };
                        Some((watched.side(winner), Reason::OpponentCheated))
                    }
                    None => self.report.games.last().map(|(w, r, _)| {
                        let w = ["draw", watched.side(0), watched.side(1)]
                            .into_iter()
                            .find(|x| x == w)
                            .unwrap_or("draw");
                        (w, r.parse().unwrap_or(Reason::Other(r.clone())))
                    }),
                };
                Event::Audit(AuditEvent {
                    ok,
                    cheater,
                    findings: Vec::new(),
                    start,
                    result,
                })
            }
            _ => {
                self.endpoint.count_refused();
                return Ok(());
            }
        };
        self.emit(event);
        Ok(())
    }
}
