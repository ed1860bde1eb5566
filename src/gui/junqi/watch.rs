//! What the spectator screen shows of a watched Junqi game: the public board (South, seat
//! 0, at the bottom; every piece a back but a revealed flag, until the audit opens the
//! armies and every piece shows), the last move marked, how many pieces each side has
//! lost, and the moves in the absolute frame with each battle's outcome.
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
use crate::rules::junqi::{Kind, Position, Side, Square, Token, View};
use crate::session::Board;
use crate::session::Seat;
use crate::session::junqi::side_of;

/// The board as everyone sees it, South at the bottom, the last move marked; empty until the
/// player has relayed a position. Once the game is audited, every piece shown: the opened
/// armies played through the moves by the rules core.
pub fn board_model(game: &WatchView) -> BoardModel {
    let view = game.board.as_ref().and_then(Board::junqi).cloned();
    let mut model = match (audited(game), &view) {
        (Some(position), _) => {
            let mut model = BoardModel::empty(Side::South);
            for s in Square::all() {
                model.tokens[s.index()] = position.piece_at(s).map(Token::known);
            }
            model
        }
        (None, Some(view)) => BoardModel::from_view(view, Side::South),
        (None, None) => BoardModel::empty(Side::South),
    };
    model.last_move = game
        .moves
        .last()
        .and_then(|(_, _, mv, _)| mv.junqi())
        .map(|m| (m.from, m.to));
    model
}

/// The game's last position with every piece shown, once the audit has opened the armies.
fn audited(game: &WatchView) -> Option<Position> {
    let (_, start) = game.audit.as_ref().filter(|(_, start)| !start.is_empty())?;
    let moves = game.moves.iter().filter_map(|(_, _, mv, _)| mv.junqi());
    super::play::replay_positions(start, moves).pop()
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
        board: canvas(Shown(BoardModel {
            lang,
            ..board_model(game)
        }))
        .width(Fill)
        .height(Fill)
        .into(),
        bottom: 0,
        sides: lang.app().south_north.to_vec(),
        beside: lost
            .map(|lost| lang.labelled(lang.app().lost, &lost))
            .to_vec(),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junqi::Layout;
    use crate::session::{AnyMove, GameKind};

    #[test]
    fn every_piece_shows_only_once_the_audit_has_opened_the_armies() {
        let start = Position::from_layouts(&Layout::random(3), &Layout::random(4), Side::South);
        let mut position = start.clone();
        let mut moves = Vec::new();
        for ply in 1..=6u32 {
            let mv = position.legal_moves()[0];
            position = position.play(mv).unwrap().0;
            moves.push((ply, (ply as u8 + 1) % 2, AnyMove::Junqi(mv), None));
        }
        let public = View::seen_by(&position.to_setup(), None);
        let mut game = WatchView {
            game: GameKind::Junqi,
            game_id: 1,
            first: 0,
            names: vec!["a".into(), "b".into()],
            board: Some(Board::Junqi(Box::new(public))),
            moves,
            chat: Vec::new(),
            ending: None,
            audit: None,
        };
        let shown = |m: &BoardModel| {
            m.tokens
                .iter()
                .flatten()
                .filter(|t| t.kind.is_some())
                .count()
        };
        assert_eq!(shown(&board_model(&game)), 0, "backs only before the audit");
        game.audit = Some((true, start.to_string()));
        let model = board_model(&game);
        let pieces = Square::all()
            .filter(|&s| position.piece_at(s).is_some())
            .count();
        assert_eq!(
            shown(&model),
            pieces,
            "every piece, where the moves left it"
        );
        assert_eq!(
            model.last_move.map(|(_, to)| to),
            Some(position_last_to(&game))
        );
    }

    fn position_last_to(game: &WatchView) -> Square {
        game.moves.last().unwrap().2.junqi().unwrap().to
    }
}
