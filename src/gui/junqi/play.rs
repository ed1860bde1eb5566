//! What the game screen shows of a Junqi game: the board (my side at the bottom, the
//! enemy's pieces as backs but a revealed flag), click to select and click to move, the
//! last move marked, each battle's outcome in words for the line under the board, the pieces
//! each side has lost, the moves with their battles, and after the audit the board with
//! every piece shown at any ply of the replay.
//!
//! Everything shown comes from the peer's [`GameView`], read with the rules core: the board
//! from its JNF, the legal moves as the session lists them, the replay by playing the
//! recorded moves on `Position` from the audit's opened start.

use std::str::FromStr;

use iced::widget::canvas;
use iced::{Element, Fill};

use super::board::{self, Board, BoardModel};
use crate::gui::games::{Event, GamePart, PartView, WatchPart};
use crate::gui::i18n::Lang;
use crate::peer::control::GameView;
use crate::peer::watch::WatchView;
use crate::rules::junqi::{Kind, Move, Piece, Position, Side, Square, Token};
use crate::session::Board as Seen;
use crate::session::junqi::side_of;
use crate::session::{AnyMove, Record, Seat};

/// A Junqi game's part of the game screen: the selection and the replay's place.
#[derive(Clone, Debug, Default)]
pub struct Play {
    /// The selected square (absolute).
    selected: Option<Square>,
    /// The replay's ply (moves played from the start); the last when `None`.
    replay: Option<u32>,
}

/// What a Junqi game's part reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A click on the board.
    Board(board::Message),
}

impl Play {
    /// The selected square (absolute), if any.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// A click on a square: pick one of my pieces that can move, then one of its
    /// destinations (as the session's legal moves list them) to move there.
    fn click(&mut self, square: Square, game: &GameView) -> Option<Event> {
        if game.ending.is_some() {
            return None;
        }
        let side = side_of(game.me);
        let own: Vec<Move> = game.legal_moves.iter().filter_map(AnyMove::junqi).collect();
        if let Some(from) = self.selected {
            let mv = Move::new(from.to_view(side), square.to_view(side));
            if own.contains(&mv) {
                self.selected = None;
                return Some(Event::Move(AnyMove::Junqi(mv)));
            }
        }
        let movable = own.iter().any(|m| m.from == square.to_view(side));
        self.selected = (movable && self.selected != Some(square)).then_some(square);
        None
    }

    /// The board as it stands (or, after an audited game, at the replay's ply), with the
    /// selection, its destinations and the last move.
    pub fn board_model(&self, game: &GameView) -> BoardModel {
        let side = side_of(game.me);
        let moves = standing_moves(&game.record);
        if let Some(positions) = replay_of(game, &moves) {
            let at = self.replay_at(&positions);
            let mut model = BoardModel::empty(side);
            for s in Square::all() {
                model.tokens[s.index()] = positions[at as usize].piece_at(s).map(Token::known);
            }
            model.last_move = (at > 0).then(|| {
                let m = moves[at as usize - 1].mv;
                (m.from, m.to)
            });
            return model;
        }
        let Some(view) = game.board.as_ref().and_then(Seen::junqi).cloned() else {
            return BoardModel::empty(side);
        };
        let mut model = BoardModel::from_view(&view, side);
        model.last_move = moves.last().map(|p| (p.mv.from, p.mv.to));
        if let Some(from) = self.selected {
            model.selected = Some(from);
            let own = from.to_view(side);
            model.targets = game
                .legal_moves
                .iter()
                .filter_map(AnyMove::junqi)
                .filter(|m| m.from == own)
                .map(|m| m.to.from_view(side))
                .collect();
        }
        model
    }

    fn replay_at(&self, positions: &[Position]) -> u32 {
        let last = positions.len().saturating_sub(1) as u32;
        self.replay.map_or(last, |p| p.min(last))
    }

    /// What each seat has lost, in words (indexed by seat): from the replay when every
    /// piece is known; otherwise mine from my view, and only how many of theirs.
    fn lost(&self, game: &GameView, positions: Option<&[Position]>, lang: Lang) -> [String; 2] {
        let my_side = side_of(game.me);
        let (my_lost, their_lost) = match positions {
            Some(ps) => {
                let p = &ps[self.replay_at(ps) as usize];
                let of = |side: Side| {
                    losses(
                        Square::all()
                            .filter_map(|s| p.piece_at(s))
                            .filter(move |pc: &Piece| pc.side == side)
                            .map(|pc| pc.kind),
                    )
                };
                (
                    losses_text(&of(my_side), lang),
                    losses_text(&of(my_side.opponent()), lang),
                )
            }
            None => {
                let view = game.board.as_ref().and_then(Seen::junqi).cloned();
                let tokens: Vec<Token> = view
                    .map(|v| Square::all().filter_map(|s| v.at(s)).collect())
                    .unwrap_or_default();
                let mine = losses(
                    tokens
                        .iter()
                        .filter(|tk| tk.side == my_side)
                        .filter_map(|tk| tk.kind),
                );
                let standing = tokens.iter().filter(|tk| tk.side != my_side).count();
                let total: usize = Kind::ALL.iter().map(|k| usize::from(k.count())).sum();
                let n = total.saturating_sub(standing);
                (
                    losses_text(&mine, lang),
                    if n == 0 {
                        lang.app().lost_none.to_string()
                    } else {
                        lang.hidden_losses(n)
                    },
                )
            }
        };
        let mut lost = [String::new(), String::new()];
        lost[game.me as usize] = my_lost;
        lost[1 - game.me as usize] = their_lost;
        lost
    }
}

impl GamePart for Play {
    type Message = Message;

    /// A changed turn drops the selection; a new battle report becomes the outcome in words.
    fn observe(&mut self, old: &GameView, new: &GameView, lang: Lang) -> Option<String> {
        if new.legal_moves.is_empty() {
            self.selected = None;
        }
        battle_flash(old, new, lang)
    }

    fn update(&mut self, message: Message, game: &GameView) -> Option<Event> {
        match message {
            Message::Board(board::Message::Clicked(square)) => self.click(square, game),
        }
    }

    fn replay(&mut self, ply: u32) {
        self.replay = Some(ply);
    }

    fn view<'a>(
        &'a self,
        game: &'a GameView,
        lang: Lang,
        name_of: &dyn Fn(Seat) -> String,
    ) -> PartView<'a, Message> {
        let moves = standing_moves(&game.record);
        let positions = replay_of(game, &moves);
        let board: Element<'_, board::Message> = canvas(Board::new(BoardModel {
            lang,
            ..self.board_model(game)
        }))
        .width(Fill)
        .height(Fill)
        .into();
        let replay = positions.as_ref().map(|ps| {
            let last = ps.len().saturating_sub(1) as u32;
            (self.replay_at(ps), last)
        });
        PartView {
            board: board.map(Message::Board),
            beside: self
                .lost(game, positions.as_deref(), lang)
                .map(|lost| lang.labelled(lang.app().lost, &lost))
                .to_vec(),
            moves: move_lines(game, lang, name_of),
            replay,
            replay_hint: Some(lang.app().replay_hint),
            note: None,
            action: None,
            last_mover: moves.last().map(|p| p.seat),
        }
    }

    fn watched<'a, M: 'a>(
        game: &'a WatchView,
        lang: Lang,
        name_of: &dyn Fn(Seat) -> String,
    ) -> WatchPart<'a, M> {
        super::watch::watched(game, lang, name_of)
    }
}

/// The last battle's outcome from my side in words, when `new` has a battle report `old`
/// had not.
fn battle_flash(old: &GameView, new: &GameView, lang: Lang) -> Option<String> {
    let reports = |g: &GameView| {
        g.record
            .iter()
            .filter(|r| matches!(r, Record::Report { .. }))
            .count()
    };
    if reports(new) <= reports(old) {
        return None;
    }
    let (ply, outcome) = new.record.iter().rev().find_map(|r| match r {
        Record::Report { ply, outcome } => Some((*ply, *outcome)),
        _ => None,
    })?;
    let (seat, mv) = new.record.iter().rev().find_map(|r| match r {
        Record::Move {
            ply: p, seat, mv, ..
        } if *p == ply => mv.junqi().map(|m| (*seat, m.from_view(side_of(*seat)))),
        _ => None,
    })?;
    let my_side = side_of(new.me);
    let attacked = seat == new.me;
    let mine_at = if attacked { mv.from } else { mv.to };
    let before = old.board.as_ref().and_then(Seen::junqi).cloned();
    let mine = before
        .and_then(|v| v.at(mine_at))
        .filter(|t| t.side == my_side)
        .and_then(|t| t.kind);
    let at = mv.to.to_view(my_side).to_string();
    Some(lang.battle(attacked, outcome, mine, &at))
}

/// The move list: each move in my view with its battle's outcome, and the moves taken back.
fn move_lines(game: &GameView, lang: Lang, name_of: &dyn Fn(Seat) -> String) -> Vec<String> {
    let my_side = side_of(game.me);
    let lines = game.record.iter().enumerate().filter_map(|(i, r)| {
        let line = match r {
            Record::Move { ply, seat, mv, .. } => {
                let shown = mv.junqi().map_or_else(
                    || mv.to_string(),
                    |m| m.from_view(side_of(*seat)).to_view(my_side).to_string(),
                );
                // This move's battle report: after it, before the next move or undo
                // (a ply taken back and played again has a report of its own).
                let outcome = game.record[i + 1..]
                    .iter()
                    .take_while(|x| !matches!(x, Record::Move { .. } | Record::Undo { .. }))
                    .find_map(|x| match x {
                        Record::Report { ply: p, outcome } if p == ply => Some(*outcome),
                        _ => None,
                    });
                let battle = outcome
                    .map(|o| format!("  — {}", lang.outcome(o)))
                    .unwrap_or_default();
                format!("{ply}. {}  {shown}{battle}", name_of(*seat))
            }
            Record::Undo { ply } => format!("   ({ply}. {})", lang.app().taken_back),
            _ => return None,
        };
        Some(line)
    });
    lines.collect()
}

/// A move that stands (not taken back): its ply, mover and absolute squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Played {
    ply: u32,
    seat: Seat,
    mv: Move,
}

/// The moves of a record that stand, in order, turned to the absolute frame.
fn standing_moves(record: &[Record]) -> Vec<Played> {
    crate::session::standing_moves(record)
        .into_iter()
        .filter_map(|(ply, seat, mv)| {
            let own = mv.junqi()?;
            Some(Played {
                ply,
                seat,
                mv: own.from_view(side_of(seat)),
            })
        })
        .collect()
}

/// The audited game's positions, once the game is over and audited.
fn replay_of(game: &GameView, moves: &[Played]) -> Option<Vec<Position>> {
    let audit = game.audit.as_ref().filter(|a| !a.start.is_empty())?;
    game.ending.as_ref()?;
    let positions = replay_positions(&audit.start, moves.iter().map(|p| p.mv));
    (!positions.is_empty()).then_some(positions)
}

/// The positions of the audited game, from the opened start (JNF, every piece shown)
/// through every standing move in the absolute frame, played by the rules core (it stops
/// at a move the core refuses).
pub(super) fn replay_positions(
    start: &str,
    moves: impl IntoIterator<Item = Move>,
) -> Vec<Position> {
    let Ok(mut position) = Position::from_str(start) else {
        return Vec::new();
    };
    let mut out = vec![position.clone()];
    for mv in moves {
        match position.play(mv) {
            Ok((next, _)) => {
                position = next;
                out.push(position.clone());
            }
            Err(_) => break,
        }
    }
    out
}

/// The kinds `side` has lost, strongest first with counts: each kind's starting count
/// less those still standing (the rules core says how many each side starts with).
fn losses(on_board: impl Iterator<Item = Kind>) -> Vec<(Kind, u8)> {
    let mut left = [0u8; 12];
    for k in on_board {
        left[k.index()] += 1;
    }
    Kind::ALL
        .iter()
        .filter_map(|&k| {
            let lost = k.count().saturating_sub(left[k.index()]);
            (lost > 0).then_some((k, lost))
        })
        .collect()
}

fn losses_text(lost: &[(Kind, u8)], lang: Lang) -> String {
    if lost.is_empty() {
        return lang.app().lost_none.to_string();
    }
    lost.iter()
        .map(|&(k, n)| {
            // Chinese names, as the pieces show them.
            let name = lang.hanzi(k.chinese());
            if n > 1 { format!("{name}×{n}") } else { name }
        })
        .collect::<Vec<_>>()
        .join("  ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn undone_moves_do_not_stand() {
        let record = vec![
            Record::Move {
                ply: 1,
                seat: 0,
                mv: AnyMove::Junqi("a6-a7".parse().unwrap()),
                clock_ms: 0,
            },
            Record::Move {
                ply: 2,
                seat: 1,
                mv: AnyMove::Junqi("a6-a7".parse().unwrap()),
                clock_ms: 0,
            },
            Record::Undo { ply: 2 },
        ];
        let moves = standing_moves(&record);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].mv.to_string(), "a6-a7");
        // One bomb standing: the other bomb and every other piece are lost.
        let lost = losses([Kind::Bomb].into_iter());
        assert_eq!(lost.len(), 12);
        assert!(lost.contains(&(Kind::Bomb, 1)) && lost.contains(&(Kind::Engineer, 3)));
    }
}
