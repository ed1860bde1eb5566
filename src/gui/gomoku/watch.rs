//! What the spectator screen shows of a watched Gomoku game: the board with the last move,
//! the winning row and (renju, Black to move) the forbidden points marked, each seat's
//! colour and stones, and the moves (`1. h8`).
//!
//! All of it is read from the relayed [`WatchView`] with the rules core: the game the
//! spectator built from the relayed moves (PROTOCOL.md §8.13), or (without one) the empty
//! board of the game's settings played through the moves kept.

use iced::Fill;
use iced::widget::canvas;

use super::play::{beside, colour_of, model, move_lines, replayed, settings_of};
use crate::gui::board_canvas::Shown;
use crate::gui::games::WatchPart;
use crate::gui::i18n::Lang;
use crate::peer::watch::WatchView;
use crate::rules::gomoku::{Action, Game};
use crate::session::{Board, Seat};

/// The game built from the relayed moves, or the moves kept played from the empty board.
pub fn game(watched: &WatchView) -> Game {
    watched
        .board
        .as_ref()
        .and_then(Board::gomoku)
        .cloned()
        .unwrap_or_else(|| {
            let moves: Vec<Action> = watched
                .moves
                .iter()
                .map_while(|(_, _, mv, _)| mv.gomoku())
                .collect();
            replayed(settings_of(watched.game), &moves)
        })
}

/// See [`crate::gui::games::GamePart::watched`].
pub fn watched<'a, M: 'a>(
    watched: &'a WatchView,
    lang: Lang,
    name_of: &dyn Fn(Seat) -> String,
) -> WatchPart<'a, M> {
    let game = game(watched);
    let seats = game.settings().seats;
    WatchPart {
        board: canvas(Shown(model(&game, false)))
            .width(Fill)
            .height(Fill)
            .into(),
        bottom: 0,
        sides: (0..seats)
            .map(|seat| lang.stone_colour(colour_of(&game, seat, watched.first)))
            .collect(),
        beside: beside(&game, watched.first, lang),
        moves: move_lines(&game, watched.first, lang, name_of),
        to_move: (watched.ending.is_none() && game.ending().is_none())
            .then(|| (game.mover().0 + watched.first) % seats),
    }
}
