//! What the spectator screen shows of a watched Xiangqi game: the board (Red at the
//! bottom) with the last move and a general in check marked, the pieces each side has
//! lost, and the moves in Chinese notation (炮二平五).
//!
//! All of it is read from the relayed [`WatchView`] with the rules core: the board from its
//! FEN (or, until the player has relayed one, by playing the moves from the start), the
//! notation by replaying the moves from the start.

use iced::Fill;
use iced::widget::canvas;

use super::board::XiangqiModel;
use super::play::{lost, move_lines, positions};
use crate::gui::board_canvas::Shown;
use crate::gui::games::WatchPart;
use crate::gui::i18n::Lang;
use crate::peer::watch::WatchView;
use crate::rules::xiangqi::{Move, Position, Side};
use crate::session::Board;
use crate::session::Seat;
use crate::session::xiangqi::side_of_seat;

/// The moves relayed (one of another game, which never arrives, would end the list).
fn moves(game: &WatchView) -> Vec<Move> {
    game.moves
        .iter()
        .map_while(|(_, _, mv, _)| mv.xiangqi())
        .collect()
}

/// The position as relayed, or the start played through the moves when none was.
fn position(game: &WatchView, moves: &[Move]) -> Position {
    game.board
        .as_ref()
        .and_then(Board::xiangqi)
        .cloned()
        .or_else(|| positions(&Position::start(), moves).pop())
        .unwrap_or_else(Position::start)
}

/// The board, Red at the bottom, the last move marked.
pub fn board_model(game: &WatchView) -> XiangqiModel {
    let moves = moves(game);
    let mut model = XiangqiModel::from_position(&position(game, &moves), Side::Red);
    model.last_move = moves.last().map(|m| (m.from, m.to));
    model
}

/// See [`crate::gui::games::GamePart::watched`].
pub fn watched<'a, M: 'a>(
    game: &'a WatchView,
    lang: Lang,
    _name_of: &dyn Fn(Seat) -> String,
) -> WatchPart<'a, M> {
    let t = lang.app();
    let moves = moves(game);
    let position = position(game, &moves);
    let side = |seat: Seat| side_of_seat(seat, game.first);
    let seat_of = |s: Side| if side(0) == s { 0 } else { 1 };
    let to_move = game
        .ending
        .is_none()
        .then(|| seat_of(position.side_to_move()));
    WatchPart {
        board: canvas(Shown(XiangqiModel {
            lang,
            ..board_model(game)
        }))
        .width(Fill)
        .height(Fill)
        .into(),
        bottom: seat_of(Side::Red),
        sides: [0, 1]
            .map(|seat| t.red_black[usize::from(side(seat) == Side::Black)])
            .to_vec(),
        beside: [0, 1]
            .map(|seat| {
                let lost = lost(&position, side(seat)).unwrap_or_else(|| t.lost_none.into());
                lang.labelled(t.lost, &lang.hanzi(&lost))
            })
            .to_vec(),
        moves: move_lines(&Position::start(), &moves)
            .iter()
            .map(|line| lang.hanzi(line))
            .collect(),
        to_move,
    }
}
