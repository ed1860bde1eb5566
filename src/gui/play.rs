//! The game screen: the board (my side at the bottom, the enemy's pieces as backs but a
//! revealed flag), click to select and click to move, the last move marked, each battle's
//! outcome shown for a moment, the pieces each side has lost, whose turn it is, both
//! clocks; a side panel with the move list, chat, Undo, Offer draw, Resign and, after the
//! game, New game; dialogs for the opponent's undo request and draw offer and for the
//! result; after the game the audited board with every piece shown and a slider to replay
//! it.
//!
//! Everything shown comes from the peer's [`GameView`], read with the rules core: the board
//! from its JNF, the legal moves as the session lists them, the replay by playing the
//! recorded moves on `Position` from the audit's opened start. This screen keeps only what
//! is being clicked or typed, and its view is a pure function of that and the snapshot.

use std::str::FromStr;
use std::time::{Duration, Instant};

use iced::widget::{
    button, canvas, center, column, container, mouse_area, opaque, row, rule, scrollable, slider,
    stack, text, text_input,
};
use iced::{Alignment, Color, Element, Fill, Length};

use super::i18n::{Lang, ending_reason};
use super::junqi::board::{self, Board, BoardModel};
use super::xiangqi::board::{self as xiangqi_board, XiangqiBoard};
use super::xiangqi::play as xiangqi_play;
use crate::peer::Command;
use crate::peer::control::{GameView, Snapshot};
use crate::rules::junqi::{Kind, Move, Piece, Position, Side, Square, Token, View};
use crate::rules::xiangqi;
use crate::session::junqi::side_of;
use crate::session::{GameKind, Local, Record, Seat};

/// How long a battle's outcome stays under the board.
pub const FLASH_FOR: Duration = Duration::from_secs(5);

/// The game screen's own state: the selection, the chat box, the replay position, the
/// dialogs dismissed, the battle flash.
#[derive(Clone, Debug, Default)]
pub struct Play {
    /// The selected square (absolute).
    selected: Option<Square>,
    /// The selected point, in a Xiangqi game.
    xiangqi_selected: Option<xiangqi::Square>,
    /// The chat box.
    chat: String,
    /// The replay's ply (moves played from the start); the last when `None`.
    replay: Option<u32>,
    /// The Resign confirmation is open.
    confirm_resign: bool,
    /// The end dialog was closed.
    end_dismissed: bool,
    /// The last battle's outcome, in words, and when it was learned.
    flash: Option<(String, Instant)>,
    /// Where the game was saved, or why it could not be.
    saved: Option<String>,
}

/// What the game screen reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A click on the Junqi board.
    Board(board::Message),
    /// A click on the Xiangqi board.
    Xiangqi(xiangqi_board::Message),
    /// The chat box changed.
    ChatChanged(String),
    /// Send the chat line.
    SendChat,
    /// Ask to take back my last move.
    AskUndo,
    /// Offer a draw.
    OfferDraw,
    /// The Resign button: opens the confirmation.
    Resign,
    /// Resign, confirmed.
    ConfirmResign,
    /// Close the Resign confirmation.
    CancelResign,
    /// Answer the opponent's undo request.
    AnswerUndo(bool),
    /// Answer the opponent's draw offer.
    AnswerDraw(bool),
    /// Start the next game.
    NewGame,
    /// Leave for the lobby.
    Lobby,
    /// Close the end dialog.
    CloseEnd,
    /// The replay slider moved.
    Replay(u32),
    /// Save the game (Xiangqi: its FEN and moves).
    Save,
}

/// What the game screen hands to the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Send this to the peer.
    Command(Command),
    /// Leave the game for the lobby.
    Lobby,
    /// Save this Xiangqi game in the profile.
    SaveXiangqi(crate::store::SavedXiangqi),
    /// Ask to take back the last move, for the seat that made it (mine, except in hot-seat
    /// play, where the player on screen may ask for the other, who has just moved).
    AskUndo(Seat),
}

/// The seat that made the last move still standing (moves taken back do not count).
pub fn last_mover(record: &[Record]) -> Option<Seat> {
    crate::session::standing_moves(record)
        .last()
        .map(|(_, seat, _)| *seat)
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
            let own = mv.parse::<Move>().ok()?;
            Some(Played {
                ply,
                seat,
                mv: own.from_view(side_of(seat)),
            })
        })
        .collect()
}

/// The positions of the audited game, from the opened start through every standing move,
/// played by the rules core (it stops at a move the core refuses).
fn replay_positions(start: &str, moves: &[Played]) -> Vec<Position> {
    let Ok(mut position) = Position::from_str(start) else {
        return Vec::new();
    };
    let mut out = vec![position.clone()];
    for p in moves {
        match position.play(p.mv) {
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
            if n > 1 {
                format!("{}×{n}", k.chinese())
            } else {
                k.chinese().to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("  ")
}

/// `m:ss` of a time left in ms.
fn clock_text(ms: u64) -> String {
    let secs = ms.div_ceil(1000);
    format!("{}:{:02}", secs / 60, secs % 60)
}

impl Play {
    /// A fresh screen for a new game.
    pub fn new() -> Play {
        Play::default()
    }

    /// The selected square (absolute), if any.
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// Says where the game was saved (or why not), under the board.
    pub fn set_saved(&mut self, line: String) {
        self.saved = Some(line);
    }

    /// The battle outcome shown under the board, if any.
    pub fn flash(&self) -> Option<&str> {
        self.flash.as_ref().map(|(t, _)| t.as_str())
    }

    /// Takes in a new snapshot of the game (`old` is the one before): a new battle report
    /// becomes the flash; a new game clears the screen; a changed turn drops the selection.
    pub fn observe(&mut self, old: Option<&GameView>, new: &GameView, lang: Lang, now: Instant) {
        let Some(old) = old else { return };
        let new_game =
            new.record.len() < old.record.len() || (old.ending.is_some() && new.ending.is_none());
        if new_game {
            *self = Play::new();
            return;
        }
        if new.legal_moves.is_empty() {
            self.selected = None;
            self.xiangqi_selected = None;
        }
        let reports = |g: &GameView| {
            g.record
                .iter()
                .filter(|r| matches!(r, Record::Report { .. }))
                .count()
        };
        if reports(new) <= reports(old) {
            return;
        }
        let Some((ply, outcome)) = new.record.iter().rev().find_map(|r| match r {
            Record::Report { ply, outcome } => Some((*ply, outcome.clone())),
            _ => None,
        }) else {
            return;
        };
        let Some(played) = new.record.iter().rev().find_map(|r| match r {
            Record::Move {
                ply: p, seat, mv, ..
            } if *p == ply => mv
                .parse::<Move>()
                .ok()
                .map(|m| (*seat, m.from_view(side_of(*seat)))),
            _ => None,
        }) else {
            return;
        };
        let (seat, mv) = played;
        let my_side = side_of(new.me);
        let attacked = seat == new.me;
        let mine_at = if attacked { mv.from } else { mv.to };
        let before = old.board.as_deref().and_then(|b| View::from_str(b).ok());
        let mine = before
            .and_then(|v| v.at(mine_at))
            .filter(|t| t.side == my_side)
            .and_then(|t| t.kind);
        let at = mv.to.to_view(my_side).to_string();
        self.flash = Some((lang.battle(attacked, &outcome, mine, &at), now));
    }

    /// Drops the battle flash once it has been shown long enough.
    pub fn tick(&mut self, now: Instant) {
        if self
            .flash
            .as_ref()
            .is_some_and(|(_, at)| now.duration_since(*at) >= FLASH_FOR)
        {
            self.flash = None;
        }
    }

    /// Handles a message; returns what the app should do, if anything.
    pub fn update(&mut self, message: Message, game: &GameView) -> Option<Event> {
        let command = |c| Some(Event::Command(c));
        match message {
            Message::Board(board::Message::Clicked(square)) => self.click(square, game),
            Message::Xiangqi(xiangqi_board::Message::Clicked(square)) => {
                let (selected, mv) = xiangqi_play::click(game, self.xiangqi_selected, square);
                self.xiangqi_selected = selected;
                mv.map(|m| Event::Command(Command::Game(Local::Move(m.to_string()))))
            }
            Message::ChatChanged(line) => {
                self.chat = line;
                None
            }
            Message::SendChat => {
                let line = self.chat.trim().to_string();
                if line.is_empty() {
                    return None;
                }
                self.chat.clear();
                command(Command::Game(Local::Chat(line)))
            }
            Message::AskUndo => last_mover(&game.record).map(Event::AskUndo),
            Message::OfferDraw => command(Command::Game(Local::OfferDraw)),
            Message::Resign => {
                self.confirm_resign = true;
                None
            }
            Message::CancelResign => {
                self.confirm_resign = false;
                None
            }
            Message::ConfirmResign => {
                self.confirm_resign = false;
                command(Command::Game(Local::Resign))
            }
            Message::AnswerUndo(yes) => command(Command::Game(Local::AnswerUndo(yes))),
            Message::AnswerDraw(yes) => command(Command::Game(Local::AnswerDraw(yes))),
            Message::NewGame => command(Command::NewGame),
            Message::Lobby => Some(Event::Lobby),
            Message::CloseEnd => {
                self.end_dismissed = true;
                None
            }
            Message::Replay(ply) => {
                self.replay = Some(ply);
                None
            }
            Message::Save if game.game == GameKind::Xiangqi => {
                Some(Event::SaveXiangqi(xiangqi_play::saved(game)))
            }
            // Only Xiangqi games are saved by hand (a Junqi game keeps its transcript).
            Message::Save => None,
        }
    }

    /// A click on a square: pick one of my pieces that can move, then one of its
    /// destinations (as the session's legal moves list them) to move there.
    fn click(&mut self, square: Square, game: &GameView) -> Option<Event> {
        if game.ending.is_some() {
            return None;
        }
        let side = side_of(game.me);
        let own: Vec<Move> = game
            .legal_moves
            .iter()
            .filter_map(|m| m.parse().ok())
            .collect();
        if let Some(from) = self.selected {
            let mv = Move::new(from.to_view(side), square.to_view(side));
            if own.contains(&mv) {
                self.selected = None;
                return Some(Event::Command(Command::Game(Local::Move(mv.to_string()))));
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
        if let Some(positions) = self.replay_of(game, &moves) {
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
        let Some(view) = game.board.as_deref().and_then(|b| View::from_str(b).ok()) else {
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
                .filter_map(|m| m.parse::<Move>().ok())
                .filter(|m| m.from == own)
                .map(|m| m.to.from_view(side))
                .collect();
        }
        model
    }

    /// The audited game's positions, once the game is over and audited.
    fn replay_of(&self, game: &GameView, moves: &[Played]) -> Option<Vec<Position>> {
        let audit = game.audit.as_ref().filter(|a| !a.start.is_empty())?;
        game.ending.as_ref()?;
        let positions = replay_positions(&audit.start, moves);
        (!positions.is_empty()).then_some(positions)
    }

    fn replay_at(&self, positions: &[Position]) -> u32 {
        let last = positions.len().saturating_sub(1) as u32;
        self.replay.map_or(last, |p| p.min(last))
    }

    /// The screen for `game` (in `snapshot`), in `lang`; `elapsed_ms` is the time since
    /// the snapshot was taken (the running clock counts it down). In `hot_seat` play both
    /// players are at the screen: each is named, nobody is "you".
    pub fn view<'a>(
        &'a self,
        snapshot: &'a Snapshot,
        game: &'a GameView,
        lang: Lang,
        elapsed_ms: u64,
        hot_seat: bool,
    ) -> Element<'a, Message> {
        let t = lang.app();
        let grey = Color::from_rgb(0.40, 0.40, 0.40);
        let red = Color::from_rgb(0.72, 0.11, 0.09);
        let me = game.me;
        let them = 1 - me;
        let their_name = snapshot
            .opponent
            .as_ref()
            .map_or("?", |(n, _)| n.as_str())
            .to_string();
        let name_of = |seat: Seat| {
            if seat == me && hot_seat {
                snapshot.name.clone()
            } else if seat == me {
                t.you.to_string()
            } else {
                their_name.clone()
            }
        };
        let parts = match game.game {
            GameKind::Junqi => self.junqi_parts(game, lang, &name_of),
            GameKind::Xiangqi => self.xiangqi_parts(game, lang),
        };
        let [mine_lost, theirs_lost] = [me, them].map(|s| parts.lost[s as usize].clone());
        let (my_lost, their_lost) = (mine_lost, theirs_lost);

        let running = game.ending.is_none() && !game.busy;
        let clock = |seat: Seat| -> String {
            match game.clocks[seat as usize] {
                None => t.no_clock.to_string(),
                Some(ms) => {
                    let ms = if running && game.to_move == Some(seat) {
                        ms.saturating_sub(elapsed_ms)
                    } else {
                        ms
                    };
                    clock_text(ms)
                }
            }
        };
        let strip = |seat: Seat, lost: String| {
            let to_move = game.ending.is_none() && game.to_move == Some(seat);
            let marker = if to_move { "▶ " } else { "   " };
            container(
                row![
                    text(format!("{marker}{}", name_of(seat)))
                        .size(17)
                        .width(Fill),
                    text(format!("{}: {lost}", t.lost)).size(14),
                    container(text(clock(seat)).size(17))
                        .padding([2, 10])
                        .style(if to_move {
                            container::success
                        } else {
                            container::rounded_box
                        }),
                ]
                .spacing(12)
                .align_y(Alignment::Center),
            )
            .padding([4, 8])
            .width(Fill)
        };

        let board = container(parts.board).id("board").width(Fill).height(Fill);

        let turn = if game.ending.is_some() {
            t.game_over.to_string()
        } else if game.busy {
            t.deciding.to_string()
        } else if game.to_move == Some(me) {
            t.your_turn.to_string()
        } else {
            lang.turn_of(&their_name)
        };

        let mut under = column![].spacing(4);
        if let Some(flash) = self.flash() {
            under = under.push(text(flash.to_string()).size(16).color(red));
        }
        if let Some(problem) = &snapshot.problem {
            under = under.push(text(problem.clone()).size(13).color(red));
        }
        if let Some(saved) = &self.saved {
            under = under.push(text(saved.clone()).size(13).color(grey));
        }
        if let Some((at, last)) = parts.replay {
            under = under.push(
                row![
                    text(format!("{} {at}/{last}", t.replay)).size(14),
                    slider(0..=last.max(1), at, Message::Replay).width(Fill),
                ]
                .spacing(10)
                .align_y(Alignment::Center),
            );
            if game.game == GameKind::Junqi {
                under = under.push(text(t.replay_hint).size(13).color(grey));
            }
        }

        let left = column![
            strip(them, their_lost),
            board,
            strip(me, my_lost),
            container(under).height(Length::Fixed(64.0)),
        ]
        .spacing(4)
        .width(Fill)
        .height(Fill);

        // The side panel.
        let over = game.ending.is_some();
        let last_is_mine = parts.last_mover == Some(me);
        let actions: Element<'_, Message> = if over {
            let restart: Element<'_, Message> = if me == 0 {
                button(text(t.new_game))
                    .on_press(Message::NewGame)
                    .style(button::success)
                    .into()
            } else {
                text(t.challenger_restarts).size(13).into()
            };
            column![
                restart,
                button(text(t.to_lobby))
                    .on_press(Message::Lobby)
                    .style(button::secondary),
            ]
            .spacing(8)
            .into()
        } else {
            row![
                button(text(t.undo))
                    .on_press_maybe(
                        ((last_is_mine || (hot_seat && parts.last_mover.is_some()))
                            && game.undo.is_none()
                            && !game.busy)
                            .then_some(Message::AskUndo)
                    )
                    .style(button::secondary),
                button(text(t.offer_draw))
                    .on_press_maybe(game.draw.is_none().then_some(Message::OfferDraw))
                    .style(button::secondary),
                button(text(t.resign))
                    .on_press(Message::Resign)
                    .style(button::danger),
            ]
            // Something went wrong (the opponent is gone, a move was refused): a way out.
            .push(snapshot.problem.as_ref().map(|_| {
                button(text(t.to_lobby))
                    .on_press(Message::Lobby)
                    .style(button::secondary)
            }))
            .spacing(8)
            .into()
        };
        let actions: Element<'_, Message> = if game.game == GameKind::Xiangqi {
            column![
                actions,
                button(text(t.save_game))
                    .on_press(Message::Save)
                    .style(button::secondary)
            ]
            .spacing(8)
            .into()
        } else {
            actions
        };
        let mut status = column![text(turn).size(22)].spacing(4);
        if game.undo.is_some_and(|(by, _)| by == me) {
            status = status.push(text(t.undo_waiting).size(13).color(grey));
        }
        if game.draw == Some(me) {
            status = status.push(text(t.draw_waiting).size(13).color(grey));
        }
        if over {
            status = status.push(audit_lines(game, lang));
        }

        let move_list = column(
            parts
                .moves
                .into_iter()
                .map(|line| text(line).size(13).into()),
        )
        .spacing(2);

        let chat_lines = column(
            game.chat
                .iter()
                .map(|(seat, line)| text(format!("{}: {line}", name_of(*seat))).size(13).into()),
        )
        .spacing(2);

        let panel = column![
            status,
            actions,
            rule::horizontal(1),
            text(t.moves_heading).size(16),
            scrollable(move_list.width(Fill))
                .anchor_bottom()
                .height(Length::FillPortion(3)),
            rule::horizontal(1),
            text(t.chat_heading).size(16),
            scrollable(chat_lines.width(Fill))
                .anchor_bottom()
                .height(Length::FillPortion(2)),
            row![
                text_input(t.chat_placeholder, &self.chat)
                    .id("chat")
                    .on_input(Message::ChatChanged)
                    .on_submit(Message::SendChat)
                    .width(Fill),
                button(text(t.send)).on_press(Message::SendChat),
            ]
            .spacing(6),
        ]
        .spacing(8)
        .width(Length::Fixed(340.0))
        .height(Fill);

        let base: Element<'_, Message> = row![left, panel].spacing(16).padding(12).into();

        // Dialogs, the most pressing first.
        if self.confirm_resign && !over {
            return modal(
                base,
                dialog(
                    t.resign_question.to_string(),
                    None,
                    vec![
                        button(text(t.resign_yes))
                            .on_press(Message::ConfirmResign)
                            .style(button::danger)
                            .into(),
                        button(text(t.cancel))
                            .on_press(Message::CancelResign)
                            .style(button::secondary)
                            .into(),
                    ],
                ),
            );
        }
        if let Some((by, ply)) = game.undo.filter(|(by, _)| *by == them && !over) {
            let _ = by;
            return modal(
                base,
                dialog(
                    lang.undo_asked(&their_name, ply),
                    None,
                    vec![
                        button(text(t.agree))
                            .on_press(Message::AnswerUndo(true))
                            .style(button::success)
                            .into(),
                        button(text(t.refuse))
                            .on_press(Message::AnswerUndo(false))
                            .style(button::danger)
                            .into(),
                    ],
                ),
            );
        }
        if game.draw == Some(them) && !over {
            return modal(
                base,
                dialog(
                    lang.draw_offered_by(&their_name),
                    None,
                    vec![
                        button(text(t.agree))
                            .on_press(Message::AnswerDraw(true))
                            .style(button::success)
                            .into(),
                        button(text(t.refuse))
                            .on_press(Message::AnswerDraw(false))
                            .style(button::danger)
                            .into(),
                    ],
                ),
            );
        }
        if let Some(ending) = game.ending.as_ref().filter(|_| !self.end_dismissed) {
            let title = match ending.winner {
                None => t.draw.to_string(),
                Some(w) if hot_seat => lang.wins(&name_of(w)),
                Some(w) if w == me => t.you_won.to_string(),
                Some(_) => t.you_lost.to_string(),
            };
            let mut buttons: Vec<Element<'_, Message>> = vec![
                button(text(t.see_board))
                    .on_press(Message::CloseEnd)
                    .style(button::primary)
                    .into(),
            ];
            if me == 0 {
                buttons.push(
                    button(text(t.new_game))
                        .on_press(Message::NewGame)
                        .style(button::success)
                        .into(),
                );
            }
            buttons.push(
                button(text(t.to_lobby))
                    .on_press(Message::Lobby)
                    .style(button::secondary)
                    .into(),
            );
            return modal(
                base,
                dialog(
                    title,
                    Some(
                        column![
                            text(ending_reason(lang, &ending.reason)).size(18),
                            audit_lines(game, lang),
                        ]
                        .spacing(8)
                        .into(),
                    ),
                    buttons,
                ),
            );
        }
        base
    }
    /// The Junqi board and what goes with it.
    fn junqi_parts<'a>(
        &'a self,
        game: &'a GameView,
        lang: Lang,
        name_of: &dyn Fn(Seat) -> String,
    ) -> Parts<'a> {
        let t = lang.app();
        let me = game.me;
        let my_side = side_of(me);
        let moves = standing_moves(&game.record);
        let positions = self.replay_of(game, &moves);

        // Lost pieces: from the replay when every piece is known; otherwise mine from
        // my view, and only how many of theirs.
        let (my_lost, their_lost) = match &positions {
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
                let view = game.board.as_deref().and_then(|b| View::from_str(b).ok());
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
                        t.lost_none.to_string()
                    } else {
                        lang.hidden_losses(n)
                    },
                )
            }
        };

        let board: Element<'_, board::Message> = canvas(Board::new(self.board_model(game)))
            .width(Fill)
            .height(Fill)
            .into();
        let replay = positions.as_ref().map(|ps| {
            let last = ps.len().saturating_sub(1) as u32;
            (self.replay_at(ps), last)
        });
        let lines = game.record.iter().enumerate().filter_map(|(i, r)| {
            let line = match r {
                Record::Move { ply, seat, mv, .. } => {
                    let shown = mv
                        .parse::<Move>()
                        .map(|m| m.from_view(side_of(*seat)).to_view(my_side).to_string())
                        .unwrap_or_else(|_| mv.clone());
                    // This move's battle report: after it, before the next move or undo
                    // (a ply taken back and played again has a report of its own).
                    let outcome = game.record[i + 1..]
                        .iter()
                        .take_while(|x| !matches!(x, Record::Move { .. } | Record::Undo { .. }))
                        .find_map(|x| match x {
                            Record::Report { ply: p, outcome } if p == ply => {
                                Some(outcome.as_str())
                            }
                            _ => None,
                        });
                    let battle = outcome
                        .map(|o| format!("  — {}", lang.outcome(o)))
                        .unwrap_or_default();
                    format!("{ply}. {}  {shown}{battle}", name_of(*seat))
                }
                Record::Undo { ply } => format!("   ({ply}. {})", t.taken_back),
                _ => return None,
            };
            Some(line)
        });

        let mut lost = [String::new(), String::new()];
        lost[me as usize] = my_lost;
        lost[1 - me as usize] = their_lost;
        Parts {
            board: board.map(Message::Board),
            lost,
            moves: lines.collect(),
            replay,
            last_mover: moves.last().map(|p| p.seat),
        }
    }

    /// The Xiangqi board and what goes with it; after the game, any position of it.
    fn xiangqi_parts<'a>(&'a self, game: &'a GameView, lang: Lang) -> Parts<'a> {
        let t = lang.app();
        let moves = xiangqi_play::standing_moves(&game.record);
        let plain = xiangqi_play::plain(&moves);
        let ps = xiangqi_play::positions(&xiangqi::Position::start(), &plain);
        let last = ps.len().saturating_sub(1) as u32;
        let replay = game
            .ending
            .is_some()
            .then(|| (self.replay.unwrap_or(last).min(last), last));
        let at = replay.map_or(last, |(at, _)| at) as usize;
        let lost = [0, 1].map(|seat| {
            xiangqi_play::lost(&ps[at], xiangqi_play::side_of(game, seat))
                .unwrap_or_else(|| t.lost_none.to_string())
        });
        let model = xiangqi_play::model(game, self.xiangqi_selected, replay.map(|(at, _)| at));
        let board: Element<'_, xiangqi_board::Message> = canvas(XiangqiBoard::new(model))
            .width(Fill)
            .height(Fill)
            .into();
        Parts {
            board: board.map(Message::Xiangqi),
            lost,
            moves: xiangqi_play::move_lines(&xiangqi::Position::start(), &plain),
            replay,
            last_mover: moves.last().map(|(seat, _)| *seat),
        }
    }
}

/// The game-specific parts of the screen: the board, each seat's losses (by seat), the
/// move list, the replay slider's place and end once the game can be replayed, and who
/// made the last standing move.
struct Parts<'a> {
    board: Element<'a, Message>,
    lost: [String; 2],
    moves: Vec<String>,
    replay: Option<(u32, u32)>,
    last_mover: Option<Seat>,
}

/// The audit's verdict in words, with what it found.
fn audit_lines(game: &GameView, lang: Lang) -> Element<'_, Message> {
    let t = lang.app();
    let red = Color::from_rgb(0.72, 0.11, 0.09);
    if !<crate::session::AnyTable as crate::session::TableGame>::hidden(&game.game) {
        // Nothing was hidden: nothing to audit.
        return column![].into();
    }
    match &game.audit {
        None => text(t.audit_waiting).size(13).into(),
        Some(a) if a.ok => text(t.audit_ok)
            .size(13)
            .color(Color::from_rgb(0.10, 0.50, 0.20))
            .into(),
        Some(a) => column![text(t.audit_failed).size(13).color(red)]
            .extend(
                a.findings
                    .iter()
                    .map(|f| text(format!("• {}", f.what)).size(12).color(red).into()),
            )
            .spacing(2)
            .into(),
    }
}

/// A dialog box: a title, optional content, a row of buttons.
fn dialog<'a>(
    title: String,
    content: Option<Element<'a, Message>>,
    buttons: Vec<Element<'a, Message>>,
) -> Element<'a, Message> {
    let mut body = column![text(title).size(24)].spacing(16);
    if let Some(content) = content {
        body = body.push(content);
    }
    body = body.push(row(buttons).spacing(10));
    container(body)
        .padding(24)
        .max_width(480)
        .style(|theme: &iced::Theme| container::Style {
            background: Some(theme.palette().background.into()),
            border: iced::Border {
                color: Color::from_rgb(0.55, 0.40, 0.22),
                width: 2.0,
                radius: 10.0.into(),
            },
            ..container::Style::default()
        })
        .into()
}

/// `content` over `base`, with the base dimmed and not clickable.
fn modal<'a>(base: Element<'a, Message>, content: Element<'a, Message>) -> Element<'a, Message> {
    stack![
        base,
        opaque(mouse_area(center(opaque(content)).style(|_theme| {
            container::Style {
                background: Some(
                    Color {
                        a: 0.45,
                        ..Color::BLACK
                    }
                    .into(),
                ),
                ..container::Style::default()
            }
        })))
    ]
    .into()
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
                mv: "a6-a7".into(),
                clock_ms: 0,
            },
            Record::Move {
                ply: 2,
                seat: 1,
                mv: "a6-a7".into(),
                clock_ms: 0,
            },
            Record::Undo { ply: 2 },
        ];
        let moves = standing_moves(&record);
        assert_eq!(moves.len(), 1);
        assert_eq!(moves[0].mv.to_string(), "a6-a7");
        assert_eq!(clock_text(61_500), "1:02");
        // One bomb standing: the other bomb and every other piece are lost.
        let lost = losses([Kind::Bomb].into_iter());
        assert_eq!(lost.len(), 12);
        assert!(lost.contains(&(Kind::Bomb, 1)) && lost.contains(&(Kind::Engineer, 3)));
    }
}
