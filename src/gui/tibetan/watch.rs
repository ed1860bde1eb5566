//! What the spectator screen shows of a watched Tibetan chess game: the board with its
//! formations and the last turn, the phase and each side's counts above it, whose turn it
//! is under it, each seat's colour and stones, and the turns (`1. d4`).
//!
//! All of it is read from the relayed [`WatchView`] with the rules core: the game the
//! spectator built from the relayed turns (PROTOCOL.md §8.13), or (without one) the turns
//! kept played from the start.

use iced::Fill;
use iced::widget::canvas;

use super::play::{beside, model, move_lines, position_at, replayed, rules_of, side_of};
use crate::gui::board_canvas::Shown;
use crate::gui::games::WatchPart;
use crate::gui::i18n::{Lang, TibetanPrompt};
use crate::peer::watch::WatchView;
use crate::rules::tibetan::{Game, Side, Turn};
use crate::session::{Board, Seat};

/// The game built from the relayed turns, or the turns kept played from the start.
pub fn game(watched: &WatchView) -> Game {
    match &watched.board {
        Some(Board::Tibetan(game)) => (**game).clone(),
        _ => {
            let turns: Vec<Turn> = watched
                .moves
                .iter()
                .map_while(|(_, _, mv, _)| mv.tibetan().cloned())
                .collect();
            replayed(rules_of(watched.game), &turns)
        }
    }
}

/// See [`crate::gui::games::GamePart::watched`].
pub fn watched<'a, M: 'a>(
    watched: &'a WatchView,
    lang: Lang,
    _name_of: &dyn Fn(Seat) -> String,
) -> WatchPart<'a, M> {
    let game = game(watched);
    let (position, last) = position_at(&game, game.history().len() as u32);
    let mut shown = model(&position, last, game.rules(), lang);
    let going = watched.ending.is_none() && game.ending().is_none();
    if going {
        shown.prompt = lang.tibetan_prompt(TibetanPrompt::Waiting(position.side()));
    }
    let seat_of = |side: Side| {
        (0..2)
            .find(|&s| side_of(s, watched.first) == side)
            .unwrap_or(0)
    };
    WatchPart {
        board: canvas(Shown(shown)).width(Fill).height(Fill).into(),
        bottom: seat_of(Side::Black),
        sides: (0..2)
            .map(|seat| lang.tibetan_side(side_of(seat, watched.first)))
            .collect(),
        beside: beside(&position, game.rules(), watched.first, lang),
        moves: move_lines(&game),
        to_move: going.then(|| seat_of(position.side())),
    }
}
