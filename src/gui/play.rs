//! The game screen, whatever the game: the board between the players' strips (each
//! player's name, what they have lost or their stones, their clock; the others' above the
//! board, mine below, one for each seat at a table of three or four), a line under the board (a battle's outcome, a
//! problem, where the game was saved, after the game a slider to replay it); a side panel
//! with whose turn it is, Undo, Offer draw, Resign and, after the game, New game, the move
//! list and chat; dialogs for Resign, the opponent's undo request and draw offer, and the
//! result with the audit's verdict.
//!
//! What belongs to the game (its board, the clicks on it, its losses, its move list, its
//! replay) is the game's part ([`games::Part`], from the game's folder): this screen holds
//! it, passes it its messages and draws what it shows. Everything shown comes from the
//! peer's [`GameView`]; this screen keeps only what is being clicked or typed, and its view
//! is a pure function of that and the snapshot.

use crate::peer::problem::Problem;
use std::time::{Duration, Instant};

use iced::widget::{
    Column, button, center, column, container, mouse_area, opaque, row, rule, scrollable, slider,
    stack, text, text_input,
};
use iced::{Alignment, Color, Element, Fill, Length};

use super::games::{self, Part};
use super::i18n::Lang;
use crate::peer::Command;
use crate::peer::control::{GameView, SeatView, Snapshot};
use crate::session::{GameKind, Local, Record, Seat};

/// How long a battle's outcome stays under the board.
pub const FLASH_FOR: Duration = Duration::from_secs(5);

/// Red, for problems, battles and a failed audit.
const RED: Color = Color::from_rgb(0.72, 0.11, 0.09);
/// The side panel's width.
const SIDE_PANEL: f32 = 340.0;

/// Grey, for what is said in passing.
const GREY: Color = Color::from_rgb(0.40, 0.40, 0.40);

/// The game screen's own state: the game's part, the chat box, the dialogs dismissed, the
/// battle flash, where the game was saved.
#[derive(Clone, Debug, Default)]
pub struct Play {
    /// The part of the game being played (its selection, its replay).
    part: Part,
    /// The chat box.
    chat: String,
    /// The Resign confirmation is open.
    confirm_resign: bool,
    /// The end dialog was closed.
    end_dismissed: bool,
    /// The last battle's outcome, in words, and when it was learned.
    flash: Option<(String, Instant)>,
    /// Where the game was saved, or why it could not be.
    saved: Option<String>,
    /// A finished game opened from the lobby for review: nothing is sent anywhere.
    review: bool,
    /// The peer's last problem as this screen first saw it, and the number of records the
    /// game had then (`None`: it was there before this game came on screen). It is shown
    /// under the board only while the game has not moved on since: a problem says what
    /// went wrong a moment ago, and a game resumed or played on has left it behind.
    problem: Option<(Problem, Option<usize>)>,
}

/// What the game screen reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A message for the game's part (a click on its board, its own buttons).
    Game(games::Message),
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
    /// Leave the game without ending it (saved, offered in the lobby to resume).
    Adjourn,
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
    /// Review: write the game out for other software.
    Export,
    /// Review: the same, to a place the desktop's save dialog asks for.
    ExportAs,
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
    /// Review: write the game out for other software.
    Export,
    /// Review: the same, to a place the desktop's save dialog asks for.
    ExportAs,
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

    /// The screen over a finished game of `kind` opened for review: no end dialog, the
    /// board at the last move, Export and Back to lobby.
    pub fn reviewing(kind: GameKind) -> Play {
        Play {
            review: true,
            end_dismissed: true,
            ..Play::for_game(kind)
        }
    }

    /// A fresh screen for a new game of `kind`.
    fn for_game(kind: GameKind) -> Play {
        Play {
            part: Part::new(kind),
            ..Play::default()
        }
    }

    /// The game's part: what the screen keeps for the game being played.
    pub fn part(&self) -> &Part {
        &self.part
    }

    /// Says where the game was saved (or why not), under the board.
    pub fn set_saved(&mut self, line: String) {
        self.saved = Some(line);
    }

    /// The battle outcome shown under the board, if any.
    pub fn flash(&self) -> Option<&str> {
        self.flash.as_ref().map(|(t, _)| t.as_str())
    }

    /// Takes in a new snapshot of the game (`old` is the one before) with the peer's last
    /// `problem`: a new game clears the screen; the game's part is told (a new battle
    /// report becomes the flash).
    pub fn observe(
        &mut self,
        old: Option<&GameView>,
        new: &GameView,
        problem: Option<&Problem>,
        lang: Lang,
        now: Instant,
    ) {
        if !self.part.is_for(new.game) {
            self.part = Part::new(new.game);
        }
        let fresh = match old {
            None => true,
            Some(old) => {
                new.record.len() < old.record.len()
                    || (old.ending.is_some() && new.ending.is_none())
            }
        };
        if fresh {
            // A game comes on screen (a new one, or one resumed): what went wrong before it
            // is not shown under its board.
            let review = self.review;
            if old.is_some() {
                *self = Play::for_game(new.game);
                self.review = review;
            }
            self.problem = problem.map(|p| (p.clone(), None));
            return;
        }
        self.note_problem(problem, new);
        if let Some(old) = old
            && let Some(flash) = self.part.observe(old, new, lang)
        {
            self.flash = Some((flash, now));
        }
    }

    /// Remembers when the peer's `problem` was first seen (see [`Play::problem`]).
    fn note_problem(&mut self, problem: Option<&Problem>, game: &GameView) {
        match problem {
            None => self.problem = None,
            Some(p) if self.problem.as_ref().is_some_and(|(seen, _)| seen == p) => {}
            Some(p) => self.problem = Some((p.clone(), Some(game.record.len()))),
        }
    }

    /// The peer's problem, if it still belongs under the board of `game`: it came during
    /// this game and the game has not moved on since.
    fn problem_now(&self, game: &GameView) -> Option<&Problem> {
        match &self.problem {
            Some((p, Some(at))) if *at == game.record.len() => Some(p),
            _ => None,
        }
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
            Message::Game(m) => match self.part.update(m, game)? {
                games::Event::Move(mv) => command(Command::Game(Local::Move(mv))),
                games::Event::SaveXiangqi(saved) => Some(Event::SaveXiangqi(saved)),
            },
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
            Message::Adjourn => command(Command::Adjourn),
            Message::AnswerUndo(yes) => command(Command::Game(Local::AnswerUndo(yes))),
            Message::AnswerDraw(yes) => command(Command::Game(Local::AnswerDraw(yes))),
            Message::NewGame => command(Command::NewGame),
            Message::Lobby => Some(Event::Lobby),
            Message::Export => Some(Event::Export),
            Message::ExportAs => Some(Event::ExportAs),
            Message::CloseEnd => {
                self.end_dismissed = true;
                None
            }
            Message::Replay(ply) => {
                self.part.replay(ply);
                None
            }
        }
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
        let table = Table {
            snapshot,
            game,
            lang,
            elapsed_ms,
            hot_seat,
            review: self.review,
            problem: self.problem_now(game),
        };
        let part = self
            .part
            .view(game, lang, &|seat| table.name_of(seat))
            .map(Message::Game);
        let side_panel = self.side_panel(&table, part.moves, part.action, part.last_mover);
        let board_area = self.board_area(
            &table,
            part.board,
            part.beside,
            (part.replay, part.replay_hint),
            part.note,
        );
        let base: Element<'_, Message> =
            row![board_area, side_panel].spacing(16).padding(12).into();
        self.with_dialog(&table, base)
    }

    /// The board between the players' strips (the others' above, in turn order from mine;
    /// mine below) and the line under it.
    fn board_area<'a>(
        &'a self,
        table: &Table<'a>,
        board: Element<'a, Message>,
        beside: Vec<String>,
        (replay, replay_hint): (Option<(u32, u32)>, Option<&'static str>),
        note: Option<String>,
    ) -> Element<'a, Message> {
        let me = table.game.me;
        let seats = (table.game.seats.len() as Seat).max(2);
        let beside_of = |s: Seat| beside.get(usize::from(s)).cloned().unwrap_or_default();
        let others = (1..seats).map(|n| (me + n) % seats);
        column(others.map(|s| table.strip(s, beside_of(s))))
            .push(container(board).id("board").width(Fill).height(Fill))
            .push(table.strip(me, beside_of(me)))
            .push(
                container(self.under_board(table, replay, replay_hint, note))
                    .height(Length::Fixed(64.0)),
            )
            .spacing(4)
            .width(Fill)
            .height(Fill)
            .into()
    }

    /// The line under the board: the battle flash, a problem, where the game was saved,
    /// and after the game the replay slider.
    fn under_board<'a>(
        &'a self,
        table: &Table<'a>,
        replay: Option<(u32, u32)>,
        replay_hint: Option<&'static str>,
        note: Option<String>,
    ) -> Column<'a, Message> {
        let t = table.lang.app();
        let mut under = column![].spacing(4);
        if let Some(flash) = self.flash() {
            under = under.push(text(flash.to_string()).size(16).color(RED));
        }
        if let Some(note) = note {
            under = under.push(text(note).size(15).color(RED));
        }
        if let Some(problem) = table.problem {
            under = under.push(text(problem.words(table.lang)).size(13).color(RED));
        }
        if let Some(saved) = &self.saved {
            under = under.push(text(saved.clone()).size(13).color(GREY));
        }
        if let Some((at, last)) = replay {
            under = under.push(
                row![
                    text(format!("{} {at}/{last}", t.replay)).size(14),
                    slider(0..=last.max(1), at, Message::Replay).width(Fill),
                ]
                .spacing(10)
                .align_y(Alignment::Center),
            );
            if let Some(hint) = replay_hint {
                under = under.push(text(hint).size(13).color(GREY));
            }
        }
        under
    }

    /// The side panel: whose turn it is, the actions, the move list and the chat.
    fn side_panel<'a>(
        &'a self,
        table: &Table<'a>,
        moves: Vec<String>,
        action: Option<Element<'a, Message>>,
        last_mover: Option<Seat>,
    ) -> Element<'a, Message> {
        let t = table.lang.app();
        let actions = table.actions(last_mover);
        let actions: Element<'_, Message> = match action {
            Some(action) => column![actions, action].spacing(8).into(),
            None => actions,
        };
        let move_list = column(
            moves
                .into_iter()
                .map(|line| super::script::text(line).size(13).into()),
        )
        .spacing(2);
        let chat_lines = column(table.game.chat.iter().map(|(seat, line)| {
            super::script::text(format!("{}: {line}", table.name_of(*seat)))
                .size(13)
                .into()
        }))
        .spacing(2);
        // A player across the internet: the path (direct, or through a relay) and the
        // round-trip time, as they change.
        let routes = (!table.snapshot.routes.is_empty()).then(|| {
            column(table.snapshot.routes.iter().map(|(name, route)| {
                text(table.lang.route(name, route))
                    .size(12)
                    .color(iced::Color::from_rgb(0.40, 0.40, 0.40))
                    .into()
            }))
        });
        let panel = column![table.status()].push(routes).extend([
            actions,
            rule::horizontal(1).into(),
            text(t.moves_heading).size(16).into(),
            scrollable(move_list.width(Fill))
                .anchor_bottom()
                .height(Length::FillPortion(3))
                .into(),
        ]);
        // A finished game under review talks to nobody: no chat.
        let panel = if table.review {
            panel
        } else {
            panel.extend([
                rule::horizontal(1).into(),
                text(t.chat_heading).size(16).into(),
                scrollable(chat_lines.width(Fill))
                    .anchor_bottom()
                    .height(Length::FillPortion(2))
                    .into(),
                row![
                    text_input(t.chat_placeholder, &self.chat)
                        .line_height(super::script::line_height(&self.chat))
                        .id("chat")
                        .on_input(Message::ChatChanged)
                        .on_submit(Message::SendChat)
                        .width(Fill),
                    button(text(t.send)).on_press(Message::SendChat),
                ]
                .spacing(6)
                .into(),
            ])
        };
        panel
            .spacing(8)
            .width(Length::Fixed(SIDE_PANEL))
            .height(Fill)
            .into()
    }

    /// `base` under the dialog that is open, the most pressing first: the Resign
    /// confirmation, the opponent's undo request or draw offer, the result.
    fn with_dialog<'a>(
        &'a self,
        table: &Table<'a>,
        base: Element<'a, Message>,
    ) -> Element<'a, Message> {
        let (t, lang, game) = (table.lang.app(), table.lang, table.game);
        let over = game.ending.is_some();
        // An undo request or a draw offer of another seat, which I have yet to answer.
        let mine_to_answer = !over && table.seat(game.me).is_some_and(|s| s.to_answer);
        let answer = |question: String, answer: fn(bool) -> Message| {
            dialog(
                question,
                None,
                vec![
                    button(text(t.agree))
                        .on_press(answer(true))
                        .style(button::success)
                        .into(),
                    button(text(t.refuse))
                        .on_press(answer(false))
                        .style(button::danger)
                        .into(),
                ],
            )
        };
        let shown = if self.confirm_resign && !over {
            resign_dialog(lang)
        } else if let Some((by, ply)) = game.undo.filter(|(by, _)| *by != game.me && mine_to_answer)
        {
            answer(
                lang.undo_asked(&table.name_of(by), ply),
                Message::AnswerUndo,
            )
        } else if let Some(by) = game.draw.filter(|by| *by != game.me && mine_to_answer) {
            answer(
                lang.draw_offered_by(&table.name_of(by)),
                Message::AnswerDraw,
            )
        } else if let Some(ending) = game.ending.as_ref().filter(|_| !self.end_dismissed) {
            // The result sits over the foot of the side panel (the chat), the board, whose
            // turn it was and the moves left in view and undimmed: the
            // replay's counter and the position it names are both seen (a dialog in the
            // middle hid the first stones, there in most games, behind it).
            let result = container(opaque(table.end_dialog(ending)))
                .id("end-dialog")
                .align_right(Length::Fixed(SIDE_PANEL));
            return stack![
                base,
                container(result)
                    .align_right(Fill)
                    .align_bottom(Fill)
                    .padding(12)
            ]
            .into();
        } else {
            return base;
        };
        modal(base, shown)
    }
}

/// What the game screen's view is drawn from.
struct Table<'a> {
    snapshot: &'a Snapshot,
    game: &'a GameView,
    lang: Lang,
    /// The time since the snapshot was taken (the running clock counts it down).
    elapsed_ms: u64,
    /// Both players are at this screen.
    hot_seat: bool,
    /// A finished game under review.
    review: bool,
    /// What went wrong in this game a moment ago, if anything.
    problem: Option<&'a Problem>,
}

impl<'a> Table<'a> {
    /// A seat at the table.
    fn seat(&self, seat: Seat) -> Option<&'a SeatView> {
        self.game.seats.get(usize::from(seat))
    }

    /// Whether the table has more than two seats.
    fn larger(&self) -> bool {
        self.game.seats.len() > 2
    }

    /// The player in `seat`: "You" for me (or in hot-seat play my name), the others by
    /// their names.
    fn name_of(&self, seat: Seat) -> String {
        if seat == self.game.me && self.hot_seat {
            self.snapshot.name.clone()
        } else if seat == self.game.me {
            self.lang.app().you.to_string()
        } else {
            self.seat(seat)
                .map_or("?".to_string(), |s| self.lang.player_name(&s.name))
        }
    }

    /// Who won, as a title: "You won", "You lost", or the winner by name (in hot-seat play,
    /// and at a table of more than two), or a draw.
    fn result(&self, winner: Option<Seat>) -> String {
        let t = self.lang.app();
        match winner {
            None => t.draw.to_string(),
            Some(w) if self.hot_seat => self.lang.wins(&self.name_of(w)),
            Some(w) if w == self.game.me => t.you_won.to_string(),
            Some(w) if self.larger() => self.lang.wins(&self.name_of(w)),
            Some(_) => t.you_lost.to_string(),
        }
    }

    /// The time `seat` has left, counted down while it is theirs to move.
    fn clock(&self, seat: Seat) -> String {
        let game = self.game;
        let running = game.ending.is_none() && !game.busy;
        match self.seat(seat).and_then(|s| s.clock) {
            None => self.lang.app().no_clock.to_string(),
            Some(ms) => {
                let ms = if running && game.to_move == Some(seat) {
                    ms.saturating_sub(self.elapsed_ms)
                } else {
                    ms
                };
                clock_text(ms)
            }
        }
    }

    /// A player's strip: who it is (marked when it is their move), what the game says
    /// beside the name (what they have lost, their stones), their clock; at a table of
    /// more than two, the seat's number, and whether it left the game.
    fn strip(&self, seat: Seat, beside: String) -> Element<'a, Message> {
        let to_move = self.game.ending.is_none() && self.game.to_move == Some(seat);
        let marker = if to_move { "▶ " } else { "   " };
        let number = if self.larger() {
            format!("{}. ", seat + 1)
        } else {
            String::new()
        };
        let left = self.seat(seat).is_some_and(|s| s.left);
        let clock = container(text(self.clock(seat)).size(17))
            .padding([2, 10])
            .style(if to_move {
                container::success
            } else {
                container::rounded_box
            });
        container(
            row![
                super::script::text(format!("{marker}{number}{}", self.name_of(seat)))
                    .size(17)
                    .width(Fill),
            ]
            .push(left.then(|| text(self.lang.table_words().left_game).size(14).color(GREY)))
            .push(text(beside).size(14))
            .push(clock)
            .spacing(12)
            .align_y(Alignment::Center),
        )
        .padding([4, 8])
        .width(Fill)
        .into()
    }

    /// Whose turn it is, what I am waiting for, and after the game the audit's verdict.
    fn status(&self) -> Element<'a, Message> {
        let (t, game, me) = (self.lang.app(), self.game, self.game.me);
        let turn = if game.ending.is_some() {
            t.game_over.to_string()
        } else if game.busy {
            t.deciding.to_string()
        } else if self.seat(me).is_some_and(|s| s.left) {
            self.lang.table_words().you_left.to_string()
        } else if game.to_move == Some(me) && self.hot_seat {
            // Everyone is at this screen: the one to move by name.
            self.lang.turn_of(&self.name_of(me))
        } else if game.to_move == Some(me) {
            t.your_turn.to_string()
        } else {
            self.lang
                .turn_of(&game.to_move.map_or("?".into(), |s| self.name_of(s)))
        };
        let mut status = column![super::script::text(turn).size(22)].spacing(4);
        // A request of mine waits for an answer only while the game goes on (the session
        // may keep it after the end, when nobody will answer it any more).
        let playing = game.ending.is_none();
        if playing && game.undo.is_some_and(|(by, _)| by == me) {
            status = status.push(text(t.undo_waiting).size(13).color(GREY));
        }
        if playing && game.draw == Some(me) {
            status = status.push(text(t.draw_waiting).size(13).color(GREY));
        }
        if let Some(ending) = &game.ending {
            // Who won and why, under "Game over" (the end dialog says it too, but it is
            // closed, or never shown in a review).
            let who = self.result(ending.winner);
            // "You won!" as a title; before the reason, without its exclamation mark.
            let who = who.trim_end_matches(['!', '！']);
            status = status
                .push(text(self.lang.labelled(who, &ending.reason.words(self.lang))).size(15))
                .push(audit_lines(game, self.lang));
        }
        status.into()
    }

    /// The buttons: during the game Undo (when a standing move is mine, or in hot-seat play
    /// anyone's), Offer draw, Resign, Adjourn (at a larger table, for its opener only), and
    /// Back to lobby when
    /// something went wrong or I left a larger table's game; after it New game (for the
    /// challenger at a table of two) and Back to lobby.
    fn actions(&self, last_mover: Option<Seat>) -> Element<'a, Message> {
        let (t, game, me) = (self.lang.app(), self.game, self.game.me);
        if game.ending.is_some() && self.review {
            return row![
                button(text(t.export))
                    .on_press(Message::Export)
                    .style(button::primary),
                button(text(t.export_as))
                    .on_press(Message::ExportAs)
                    .style(button::secondary),
                button(text(t.to_lobby))
                    .on_press(Message::Lobby)
                    .style(button::secondary),
            ]
            .spacing(8)
            .into();
        }
        let left = self.seat(me).is_some_and(|s| s.left);
        if game.ending.is_some() || left {
            let restart: Element<'_, Message> = if self.larger() {
                // A larger table is opened again from the lobby.
                column![].into()
            } else if me == 0 {
                button(text(t.new_game))
                    .on_press(Message::NewGame)
                    .style(button::success)
                    .into()
            } else {
                text(t.challenger_restarts).size(13).into()
            };
            return column![
                restart,
                button(text(t.to_lobby))
                    .on_press(Message::Lobby)
                    .style(button::secondary),
            ]
            .spacing(8)
            .into();
        }
        // Undo takes back my own last move and every move since (the opponent's reply).
        let mine = crate::session::standing_moves(&game.record)
            .iter()
            .any(|(_, seat, _)| *seat == me);
        let may_undo =
            (mine || (self.hot_seat && last_mover.is_some())) && game.undo.is_none() && !game.busy;
        row![
            button(text(t.undo))
                .on_press_maybe(may_undo.then_some(Message::AskUndo))
                .style(button::secondary),
            button(text(t.offer_draw))
                .on_press_maybe(game.draw.is_none().then_some(Message::OfferDraw))
                .style(button::secondary),
            button(text(t.resign))
                .on_press(Message::Resign)
                .style(button::danger),
        ]
        // Leave without ending the game: saved, and offered in the lobby (a larger table is
        // adjourned by the player who opened it, seat 1).
        .push(
            (game.board.is_some() && (!self.larger() || me == 0)).then(|| {
                button(text(t.adjourn))
                    .on_press(Message::Adjourn)
                    .style(button::secondary)
            }),
        )
        // Something went wrong (the opponent is gone, a move was refused): a way out.
        .push(self.problem.map(|_| {
            button(text(t.to_lobby))
                .on_press(Message::Lobby)
                .style(button::secondary)
        }))
        .spacing(8)
        .into()
    }

    /// The result: who won and why, the audit's verdict; See the board, New game (for the
    /// challenger), Back to lobby.
    fn end_dialog(&self, ending: &crate::session::Ending) -> Element<'a, Message> {
        let (t, lang, me) = (self.lang.app(), self.lang, self.game.me);
        let title = self.result(ending.winner);
        let mut buttons: Vec<Element<'_, Message>> = vec![
            button(text(t.see_board))
                .on_press(Message::CloseEnd)
                .style(button::primary)
                .into(),
        ];
        if me == 0 && !self.larger() {
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
        let why = column![
            text(ending.reason.words(lang)).size(18),
            audit_lines(self.game, lang),
        ]
        .spacing(8);
        // As wide as the side panel it stands over.
        dialog_of_width(title, Some(why.into()), buttons, Fill)
    }
}

/// The Resign confirmation.
fn resign_dialog<'a>(lang: Lang) -> Element<'a, Message> {
    let t = lang.app();
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
    )
}

/// The audit's verdict in words, with what it found.
fn audit_lines(game: &GameView, lang: Lang) -> Element<'_, Message> {
    let t = lang.app();
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
        Some(a) => column![text(t.audit_failed).size(13).color(RED)]
            .extend(
                a.findings
                    .iter()
                    .map(|f| text(format!("• {}", f.what)).size(12).color(RED).into()),
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
    dialog_of_width(title, content, buttons, Length::Shrink)
}

/// [`dialog`], as wide as `width` (at most 480).
fn dialog_of_width<'a>(
    title: String,
    content: Option<Element<'a, Message>>,
    buttons: Vec<Element<'a, Message>>,
    width: Length,
) -> Element<'a, Message> {
    let mut body = column![text(title).size(24)].spacing(16);
    if let Some(content) = content {
        body = body.push(content);
    }
    body = body.push(row(buttons).spacing(10).wrap().vertical_spacing(10));
    container(body)
        .padding(24)
        .width(width)
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
    fn clocks_read_in_minutes_and_seconds() {
        assert_eq!(clock_text(61_500), "1:02");
    }
}
