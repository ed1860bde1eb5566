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
use crate::session::{AnyMove, AnyTable, Board, Ending, GameKind, Notice, Reason, Seat, TableGame};

/// The game a spectator watches, as the player relayed it.
pub(super) struct Watched {
    /// The player whose game it is.
    player: String,
    /// The game, once the player named it.
    game: Option<WatchView>,
}

impl Watched {
    /// Watching `player`'s game, not yet named.
    pub(super) fn new(player: String) -> Watched {
        Watched { player, game: None }
    }

    /// Whether everything the player will relay about its game has arrived.
    pub(super) fn complete(&self) -> bool {
        self.game.as_ref().is_some_and(|g| {
            g.ending.is_some() && (g.audit.is_some() || !AnyTable::hidden(&g.game))
        })
    }

    /// What the app shows of it.
    pub(super) fn view(&self) -> Option<WatchView> {
        self.game.clone()
    }

    /// Whose game it is.
    pub(super) fn player(&self) -> &str {
        &self.player
    }
}

/// A game being watched, as a spectator's screen shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchView {
    /// Which game.
    pub game: GameKind,
    /// Its id.
    pub game_id: u64,
    /// The seat that moves first.
    pub first: Seat,
    /// The players' nicknames, seat 0 first (two to four).
    pub names: Vec<String>,
    /// The position as everyone sees it: Junqi's (every piece hidden but an opened flag)
    /// and Xiangqi's once the player sent one; Gomoku's and Tibetan chess's built here from
    /// the relayed moves, from the game's start ([`Board::start`]).
    pub board: Option<Board>,
    /// The moves that stand: ply, mover, the move in the absolute frame, battle outcome.
    pub moves: Vec<(u32, Seat, AnyMove, Option<Report>)>,
    /// The players' chat.
    pub chat: Vec<(Seat, String)>,
    /// How it ended.
    pub ending: Option<Ending>,
    /// The audit's verdict and both armies (absolute JNF), once the game is done.
    pub audit: Option<(bool, String)>,
}

impl WatchView {
    fn side(&self, seat: Seat) -> &'static str {
        AnyTable::seat_name(&self.game, seat, self.first)
    }

    /// The seat a winner word names (`None` for `draw`), if it names one.
    fn winner(&self, word: &str) -> Option<Option<Seat>> {
        match word {
            "draw" => Some(None),
            w => (0..2).find(|&s| self.side(s) == w).map(Some),
        }
    }
}

/// How many chat lines and moves a spectator keeps of a game (what a player relays beyond
/// that is dropped, oldest first): a stranger's stream cannot grow a spectator's memory
/// without bound.
const KEPT: usize = 2000;

fn keep<T>(list: &mut Vec<T>, item: T) {
    if list.len() >= KEPT {
        list.remove(0);
    }
    list.push(item);
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

/// The position as everyone may see it, once play has begun, for the games whose
/// spectators are sent it (Junqi, Xiangqi; a spectator builds a Gomoku or Tibetan board
/// itself from the moves, [`Board::start`]).
fn public_board(table: &Table) -> Option<Message> {
    let board = table.session.table()?.public_board();
    if board.plies().is_some() {
        return None;
    }
    let position = board.to_string();
    Some(Message::Board { position })
}

fn played(ply: u32, seat: Seat, absolute: &AnyMove, outcome: Option<Report>) -> Message {
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
        if matches!(notice, Notice::Moved { .. } | Notice::Undone { .. })
            && let Some(board) = public_board(table)
        {
            self.endpoint.send_spectators(&board);
        }
    }

    /// The game's header, for the spectators (a game starts).
    pub(super) fn game_header(&self) -> Option<Message> {
        let table = self.table.as_ref().filter(|t| t.started())?;
        let me = table.session.me() as usize;
        let names = match &table.star {
            Some(star) => star.players.iter().map(|(_, n)| n.clone()).collect(),
            None => {
                let mut names = vec![table.peer.name.clone(); 2];
                names[me] = self.options.name.clone();
                names
            }
        };
        Some(Message::Game {
            game: table.session.rules().to_string(),
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
                .session
                .public_moves()
                .iter()
                .map(|(ply, seat, p)| played(*ply, *seat, &p.absolute, p.outcome)),
        );
        messages.extend(public_board(table));
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
        let Some(watched) = &mut self.watching else {
            self.endpoint.count_refused();
            return Ok(());
        };
        if let Message::Game {
            game,
            game_id,
            first,
            names,
        } = message
        {
            // A game this spectator does not know: counted and ignored, like any message
            // that does not fit.
            let game = game.parse::<GameKind>().ok();
            let Some(game) = game.filter(|g| g.seats() as usize == names.len()) else {
                self.endpoint.count_refused();
                return Ok(());
            };
            let view = WatchView {
                game,
                game_id,
                first,
                names,
                board: Board::start(game),
                moves: Vec::new(),
                chat: Vec::new(),
                ending: None,
                audit: None,
            };
            let first = view.side(first);
            watched.game = Some(view);
            self.emit(Event::Started {
                game: game.name(),
                game_id,
                side: "spectator",
                first,
            });
            return Ok(());
        }
        let Some(view) = &mut watched.game else {
            self.endpoint.count_refused();
            return Ok(());
        };
        let event = match watch_event(view, message) {
            Ok(event) => event,
            Err(()) => {
                self.endpoint.count_refused();
                return Ok(());
            }
        };
        if let Some(Event::Over {
            winner,
            reason,
            transcript,
            ..
        }) = &event
        {
            let head = crate::protocol::message::hex(transcript);
            self.report
                .games
                .push((winner.to_string(), reason.to_string(), head));
        }
        if let Some(event) = event {
            self.emit(event);
        }
        Ok(())
    }
}

/// Applies a relayed message to the watched game; the event a player's peer would print
/// for it, if any. An error: the message does not fit (it is counted and ignored).
fn watch_event(view: &mut WatchView, message: Message) -> Result<Option<Event>, ()> {
    Ok(Some(match message {
        Message::Played { seat, .. } | Message::Said { seat, .. }
            if usize::from(seat) >= view.names.len() =>
        {
            return Err(());
        }
        Message::Played {
            ply,
            seat,
            mv,
            outcome,
        } => {
            let outcome = match outcome {
                Some(word) => Some(Report::from_word(&word).ok_or(())?),
                None => None,
            };
            let mv = AnyMove::parse(view.game, &mv).map_err(|_| ())?;
            // A board built from moves takes the next one, through the rules core.
            if let Some(board) = &mut view.board
                && let Some(plies) = board.plies()
            {
                if ply != plies + 1 {
                    return Err(());
                }
                board.play(&mv).map_err(|_| ())?;
            }
            keep(&mut view.moves, (ply, seat, mv.clone(), outcome));
            Event::Move {
                ply,
                side: view.side(seat),
                absolute: mv,
                outcome,
            }
        }
        Message::Board { position } => {
            view.board = Some(Board::parse(view.game, &position).map_err(|_| ())?);
            return Ok(None);
        }
        Message::Undone { ply } => {
            view.moves.retain(|(p, ..)| *p < ply);
            if let Some(board) = &mut view.board {
                board.take_back(ply);
            }
            Event::Undone { ply }
        }
        Message::Said { seat, text } => {
            keep(&mut view.chat, (seat, text.clone()));
            Event::Chat {
                side: view.side(seat),
                text,
            }
        }
        Message::Ended {
            winner,
            reason,
            head,
        } => {
            let seat = view.winner(&winner).ok_or(())?;
            let reason = Reason::from_word(&reason);
            view.ending = Some(Ending {
                winner: seat,
                reason: reason.clone(),
            });
            Event::Over {
                winner: view.side_or_draw(seat),
                reason,
                game_id: view.game_id,
                transcript: head,
            }
        }
        Message::Audited { ok, cheater, start } => {
            let cheater = match cheater {
                Some(word) => Some(view.winner(&word).flatten().ok_or(())?),
                None => None,
            };
            view.audit = Some((ok, start.clone()));
            // A side caught lying loses; otherwise the result stands.
            if let Some(liar) = cheater {
                view.ending = Some(Ending {
                    winner: Some(1 - liar),
                    reason: Reason::OpponentCheated,
                });
            }
            let result = view
                .ending
                .as_ref()
                .map(|e| (view.side_or_draw(e.winner), e.reason.clone()));
            Event::Audit(AuditEvent {
                ok,
                cheater: cheater.map(|s| view.side(s)),
                findings: Vec::new(),
                start,
                result,
            })
        }
        _ => return Err(()),
    }))
}

impl WatchView {
    fn side_or_draw(&self, winner: Option<Seat>) -> &'static str {
        winner.map_or("draw", |s| self.side(s))
    }
}
