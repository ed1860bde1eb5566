//! What the spectator screen shows of a watched Junqi game: the public board (South, seat
//! 0, at the bottom; every piece a back but a revealed flag), the last move marked, how
//! many pieces each side has lost (their ranks stay hidden), and the moves in the absolute
//! frame with each battle's outcome.
//!
//! All of it is read from the relayed [`WatchView`] with the rules core: the board from its
//! JNF ([`View`]), whose turn it is from the same.

use iced::Fill;
use iced::widget::canvas;

use super::board::BoardModel;
use crate::gui::board_canvas::Shown;
use crate::gui::games::WatchPart;
use crate::gui::i18n::Lang;
use crate::peer::watch::WatchView;
use crate::rules::junqi::{Kind, Move, Side, Square, View};
use crate::session::Board;
use crate::session::Seat;
use crate::session::junqi::side_of;

/// The board as everyone sees it, South at the bottom, the last move marked; empty until the
/// player has relayed a position.
pub fn board_model(game: &WatchView) -> BoardModel {
    let view = game.board.as_ref().and_then(Board::junqi).cloned();
    let mut model = match &view {
        Some(view) => BoardModel::from_view(view, Side::South),
        None => BoardModel::empty(Side::South),
    };
    model.last_move = game
        .moves
        .last()
        .and_then(|(_, _, mv, _)| mv.parse::<Move>().ok())
        .map(|m| (m.from, m.to));
    model
}

/// See [`crate::gui::games::GamePart::watched`].
pub fn watched<'a, M: 'a>(
    game: &'a WatchView,
    lang: Lang,
    name_of: &dyn Fn(Seat) -> String,
) -> WatchPart<'a, M> {
    let view = game.board.as_ref().and_then(Board::junqi).cloned();
    let over = game.ending.is_some();
    let to_move = view
        .as_ref()
        .filter(|_| !over)
        .map(|v| u8::from(v.side_to_move() == Side::North));
    let lost = [0, 1].map(|seat| match &view {
        Some(v) => lost(v, side_of(seat), lang),
        None => lang.app().lost_none.to_string(),
    });
    WatchPart {
        board: canvas(Shown(board_model(game)))
            .width(Fill)
            .height(Fill)
            .into(),
        bottom: 0,
        sides: lang.app().south_north,
        lost,
        moves: move_lines(game, lang, name_of),
        to_move,
    }
}

/// How many pieces `side` has lost, in words (which ones stays hidden until the audit).
fn lost(view: &View, side: Side, lang: Lang) -> String {
    let standing = Square::all()
        .filter_map(|s| view.at(s))
        .filter(|t| t.side == side)
        .count();
    let total: usize = Kind::ALL.iter().map(|k| usize::from(k.count())).sum();
    match total.saturating_sub(standing) {
        0 => lang.app().lost_none.to_string(),
        n => lang.hidden_losses(n),
    }
}

/// The moves, a line each: ply, mover, the move in the absolute frame, the battle's outcome.
pub fn move_lines(game: &WatchView, lang: Lang, name_of: &dyn Fn(Seat) -> String) -> Vec<String> {
    game.moves
        .iter()
        .map(|(ply, seat, mv, outcome)| {
            let battle = outcome
                .map(|o| format!("  — {}", lang.outcome(o)))
                .unwrap_or_default();
            format!("{ply}. {}  {mv}{battle}", name_of(*seat))
        })
        .collect()
}
