//! The spectator screen (观战), whatever the game: who plays whom and which game, with a
//! Stop watching button; the board only looked at between the players' strips (name, side,
//! what they have lost); whose turn it is, or the result with its reason and the audit's
//! verdict; the move list and the players' chat, read-only.
//!
//! What belongs to the game (its board, losses and move list) comes from the game's folder
//! through [`games::watched`]. Everything shown is the peer's [`WatchView`] of the game as
//! its player relays it: the screen keeps nothing, and its view is a pure function of it.

use iced::widget::{button, column, container, row, rule, scrollable, space, text};
use iced::{Alignment, Color, Element, Fill, Length};

use super::games::{self, WatchPart};
use super::i18n::Lang;
use crate::peer::Command;
use crate::peer::watch::WatchView;
use crate::session::{AnyTable, Seat, TableGame};

/// Grey, for what is said in passing.
const GREY: Color = Color::from_rgb(0.40, 0.40, 0.40);
/// Red, for problems and a failed audit.
const RED: Color = Color::from_rgb(0.72, 0.11, 0.09);
/// Green, for a passed audit.
const GREEN: Color = Color::from_rgb(0.10, 0.50, 0.20);

/// What the spectator screen reacts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The Stop watching button.
    Stop,
}

/// What the spectator screen hands to the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Send this to the peer.
    Command(Command),
}

/// Handles a message; returns what the app should do.
pub fn update(message: Message) -> Event {
    match message {
        Message::Stop => Event::Command(Command::StopWatching),
    }
}

/// The screen for watching `player`'s game, `game` as relayed so far (none until the
/// player names it), with the last `problem`, in `lang`.
pub fn view<'a>(
    player: &'a str,
    game: Option<&'a WatchView>,
    problem: Option<&'a crate::peer::problem::Problem>,
    lang: Lang,
) -> Element<'a, Message> {
    let t = lang.app();
    let stop = button(text(t.stop_watching))
        .on_press(Message::Stop)
        .style(button::secondary);
    let Some(game) = game else {
        let page = column![
            row![
                text(lang.watching_player(player)).size(20),
                space().width(Fill),
                stop
            ]
            .align_y(Alignment::Center),
            text(t.watch_waiting).size(16).color(GREY),
        ]
        .push(problem.map(|p| text(p.words(lang)).size(14).color(RED)))
        .spacing(16)
        .padding(24);
        return page.into();
    };
    let name_of = |seat: Seat| game.names[usize::from(seat)].clone();
    let part: WatchPart<'a, Message> = games::watched(game, lang, &name_of);
    let names: Vec<&str> = game.names.iter().map(String::as_str).collect();
    let header = row![
        super::script::text(lang.watching_title(&names, &part.sides, game.game)).size(20),
        space().width(Fill),
        stop,
    ]
    .spacing(12)
    .align_y(Alignment::Center);
    let (bottom, top) = (part.bottom, 1 - part.bottom);
    let strip = |seat: Seat| {
        let i = usize::from(seat);
        let marker = if part.to_move == Some(seat) {
            "▶ "
        } else {
            "   "
        };
        container(
            row![
                text(format!(
                    "{marker}{} · {}",
                    game.names.get(i).map_or("?", String::as_str),
                    part.sides.get(i).copied().unwrap_or("?")
                ))
                .size(17)
                .width(Fill),
                text(part.beside.get(i).cloned().unwrap_or_default()).size(14),
            ]
            .spacing(12)
            .align_y(Alignment::Center),
        )
        .padding([4, 8])
        .width(Fill)
    };
    let board_area = column![
        strip(top),
        container(part.board).id("board").width(Fill).height(Fill),
        strip(bottom),
    ]
    .push(problem.map(|p| text(p.words(lang)).size(13).color(RED)))
    .spacing(4)
    .width(Fill)
    .height(Fill);
    let side_panel = column![
        status(game, part.to_move, lang),
        rule::horizontal(1),
        text(t.moves_heading).size(16),
        scrollable(lines(part.moves).width(Fill))
            .anchor_bottom()
            .height(Length::FillPortion(3)),
        rule::horizontal(1),
        text(t.chat_heading).size(16),
        scrollable(
            lines(
                game.chat
                    .iter()
                    .map(|(seat, line)| format!("{}: {line}", name_of(*seat)))
                    .collect()
            )
            .width(Fill)
        )
        .anchor_bottom()
        .height(Length::FillPortion(2)),
    ]
    .spacing(8)
    .width(Length::Fixed(340.0))
    .height(Fill);
    column![
        header,
        row![board_area, side_panel].spacing(16).height(Fill)
    ]
    .spacing(10)
    .padding(12)
    .into()
}

/// Whose turn it is; once it is over, who won and why, and (in a game with hidden pieces)
/// the audit's verdict.
fn status<'a>(game: &'a WatchView, to_move: Option<Seat>, lang: Lang) -> Element<'a, Message> {
    let t = lang.app();
    let Some(ending) = &game.ending else {
        let turn = match to_move {
            Some(seat) => lang.turn_of(&game.names[usize::from(seat)]),
            None => String::new(),
        };
        return text(turn).size(22).into();
    };
    let result = match ending.winner {
        Some(seat) => lang.wins(&game.names[usize::from(seat)]),
        None => t.draw.to_string(),
    };
    let audit: Option<Element<'a, Message>> = AnyTable::hidden(&game.game).then(|| {
        match game.audit {
            None => text(t.audit_waiting).size(13).color(GREY),
            Some((true, _)) => text(t.watch_audit_ok).size(13).color(GREEN),
            Some((false, _)) => text(t.watch_audit_failed).size(13).color(RED),
        }
        .into()
    });
    column![
        text(result).size(22),
        text(ending.reason.words(lang)).size(15),
    ]
    .push(audit)
    .spacing(4)
    .into()
}

/// Lines of text, one under the other.
fn lines<'a>(lines: Vec<String>) -> iced::widget::Column<'a, Message> {
    column(lines.into_iter().map(|line| text(line).size(13).into())).spacing(2)
}
