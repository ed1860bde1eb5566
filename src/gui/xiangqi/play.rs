//! What the game screen shows of a Xiangqi game: the board model (my side at the bottom,
//! the selection with its legal destinations, the last move, a general in check), a click
//! turned into a move, the moves in Chinese notation (炮二平五), the pieces each side has
//! lost, after the game every position for the replay slider, and the Save game button.
//!
//! All of it is read from the peer's [`GameView`] with the rules core: the board from its
//! FEN, the moves from the record, the notation by replaying them from the start.

use iced::widget::{button, canvas, text};
use iced::{Element, Fill};

use super::board::{self, XiangqiBoard, XiangqiModel};
use crate::gui::games::{Event, GamePart, PartView, WatchPart};
use crate::gui::i18n::Lang;
use crate::peer::control::GameView;
use crate::peer::watch::WatchView;
use crate::rules::xiangqi::{Kind, Move, Position, Side, Square, chinese};
use crate::session::Board;
use crate::session::{AnyMove, Record, Seat, TableGame, XiangqiTable};
use crate::store::SavedXiangqi;

/// A Xiangqi game's part of the game screen: the selection and the replay's place.
#[derive(Clone, Debug, Default)]
pub struct Play {
    /// The selected point.
    selected: Option<Square>,
    /// The replay's ply (moves played from the start); the last when `None`.
    replay: Option<u32>,
}

/// What a Xiangqi game's part reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A click on the board.
    Board(board::Message),
    /// Save the game (its FEN and moves).
    Save,
}

impl GamePart for Play {
    type Message = Message;

    /// A changed turn drops the selection (Xiangqi has no battles to tell of).
    fn observe(&mut self, _old: &GameView, new: &GameView, _lang: Lang) -> Option<String> {
        if new.legal_moves.is_empty() {
            self.selected = None;
        }
        None
    }

    fn update(&mut self, message: Message, game: &GameView) -> Option<Event> {
        match message {
            Message::Board(board::Message::Clicked(square)) => {
                let (selected, mv) = click(game, self.selected, square);
                self.selected = selected;
                mv.map(|m| Event::Move(AnyMove::Xiangqi(m)))
            }
            Message::Save => Some(Event::SaveXiangqi(saved(game))),
        }
    }

    fn replay(&mut self, ply: u32) {
        self.replay = Some(ply);
    }

    /// The board and what goes with it; after the game, any position of it.
    fn view<'a>(
        &'a self,
        game: &'a GameView,
        lang: Lang,
        _name_of: &dyn Fn(Seat) -> String,
    ) -> PartView<'a, Message> {
        let t = lang.app();
        let moves = standing_moves(&game.record);
        let plain = plain(&moves);
        let ps = positions(&Position::start(), &plain);
        let last = ps.len().saturating_sub(1) as u32;
        let replay = game
            .ending
            .is_some()
            .then(|| (self.replay.unwrap_or(last).min(last), last));
        let at = replay.map_or(last, |(at, _)| at) as usize;
        let lost = [0, 1].map(|seat| {
            self::lost(&ps[at], side_of(game, seat)).unwrap_or_else(|| t.lost_none.to_string())
        });
        let model = XiangqiModel {
            lang,
            ..model(game, self.selected, replay.map(|(at, _)| at))
        };
        let board: Element<'_, board::Message> = canvas(XiangqiBoard::new(model))
            .width(Fill)
            .height(Fill)
            .into();
        let save = button(text(t.save_game))
            .on_press(Message::Save)
            .style(button::secondary);
        PartView {
            board: board.map(Message::Board),
            beside: lost
                .map(|lost| lang.labelled(t.lost, &lang.hanzi(&lost)))
                .to_vec(),
            moves: move_lines(&Position::start(), &plain)
                .iter()
                .map(|line| lang.hanzi(line))
                .collect(),
            replay,
            replay_hint: None,
            note: None,
            action: Some(save.into()),
            last_mover: moves.last().map(|(seat, _)| *seat),
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

/// The side a seat plays in `game` (the first seat is Red).
pub fn side_of(game: &GameView, seat: Seat) -> Side {
    crate::session::xiangqi::side_of_seat(seat, game.first)
}

/// The moves of the record that stand (not taken back), in order, with who made them.
pub fn standing_moves(record: &[Record]) -> Vec<(Seat, Move)> {
    crate::session::standing_moves(record)
        .into_iter()
        .filter_map(|(_, seat, mv)| Some((seat, mv.xiangqi()?)))
        .collect()
}

/// The moves alone, without who made them.
pub fn plain(moves: &[(Seat, Move)]) -> Vec<Move> {
    moves.iter().map(|(_, m)| *m).collect()
}

/// Every position from `start` through `moves` (stopping at the first that does not
/// play, which a peer's checked record and a checked saved game never hold).
pub fn positions(start: &Position, moves: &[Move]) -> Vec<Position> {
    let mut out = vec![start.clone()];
    for mv in moves {
        match out.last().and_then(|p| p.play(*mv).ok()) {
            Some(next) => out.push(next),
            None => break,
        }
    }
    out
}

/// Each move from `start` in Chinese notation, numbered by full moves
/// (`1. 炮二平五  马8进7`).
pub fn move_lines(start: &Position, moves: &[Move]) -> Vec<String> {
    let ps = positions(start, moves);
    let mut lines: Vec<String> = Vec::new();
    for (i, mv) in moves.iter().enumerate().take(ps.len() - 1) {
        let shown = chinese(&ps[i], *mv);
        if ps[i].side_to_move() == Side::Red || lines.is_empty() {
            let dots = if ps[i].side_to_move() == Side::Red {
                ""
            } else {
                "…  "
            };
            lines.push(format!("{}. {dots}{shown}", ps[i].fullmove()));
        } else if let Some(last) = lines.last_mut() {
            last.push_str("   ");
            last.push_str(&shown);
        }
    }
    lines
}

/// The pieces `side` has lost in `position`, by their Chinese names (`车 马 兵×2`), or
/// `None` for none.
pub fn lost(position: &Position, side: Side) -> Option<String> {
    // The strongest first.
    const SHOWN: [Kind; 7] = [
        Kind::Rook,
        Kind::Horse,
        Kind::Cannon,
        Kind::Elephant,
        Kind::Advisor,
        Kind::Pawn,
        Kind::King,
    ];
    let mut parts = Vec::new();
    for kind in SHOWN {
        let standing = Square::all()
            .filter_map(|s| position.piece_at(s))
            .filter(|p| p.side == side && p.kind == kind)
            .count();
        let gone = kind.count().saturating_sub(standing);
        if gone > 0 {
            let name = crate::rules::xiangqi::Piece { side, kind }.chinese();
            parts.push(if gone == 1 {
                name.to_string()
            } else {
                format!("{name}×{gone}")
            });
        }
    }
    (!parts.is_empty()).then(|| parts.join(" "))
}

/// The game as it is saved: the start, the moves that stand, and the result in the words
/// of an `over` message (`red resignation`), if it has ended.
pub fn saved(game: &GameView) -> SavedXiangqi {
    let result = game.ending.as_ref().map(|e| {
        let winner = e.winner.map_or("draw", |seat| {
            XiangqiTable::seat_name(&(), seat, game.first)
        });
        format!("{winner} {}", e.reason)
    });
    SavedXiangqi {
        start: Position::start(),
        moves: plain(&standing_moves(&game.record)),
        result,
    }
}

/// The board for `game` as it stands, or at ply `replay` of the game once it is over.
pub fn model(game: &GameView, selected: Option<Square>, replay: Option<u32>) -> XiangqiModel {
    let viewer = side_of(game, game.me);
    let moves = standing_moves(&game.record);
    let last = |n: usize| (n > 0).then(|| (moves[n - 1].1.from, moves[n - 1].1.to));
    if let (Some(at), Some(_)) = (replay, game.ending.as_ref()) {
        let ps = positions(&Position::start(), &plain(&moves));
        let at = (at as usize).min(ps.len() - 1);
        let mut model = XiangqiModel::from_position(&ps[at], viewer);
        model.last_move = last(at);
        return model;
    }
    let Some(position) = game.board.as_ref().and_then(Board::xiangqi).cloned() else {
        return XiangqiModel::empty(viewer);
    };
    let mut model = XiangqiModel::from_position(&position, viewer);
    model.last_move = last(moves.len());
    if let Some(from) = selected {
        model.selected = Some(from);
        model.targets = legal(game)
            .into_iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect();
    }
    model
}

fn legal(game: &GameView) -> Vec<Move> {
    game.legal_moves
        .iter()
        .filter_map(AnyMove::xiangqi)
        .collect()
}

/// A click on `square` with `selected` picked before: the move to send, if the click
/// completes one; otherwise the new selection (one of my pieces that can move, or none).
pub fn click(
    game: &GameView,
    selected: Option<Square>,
    square: Square,
) -> (Option<Square>, Option<Move>) {
    if game.ending.is_some() {
        return (None, None);
    }
    let own = legal(game);
    if let Some(from) = selected {
        let mv = Move { from, to: square };
        if own.contains(&mv) {
            return (None, Some(mv));
        }
    }
    let movable = own.iter().any(|m| m.from == square);
    (
        (movable && selected != Some(square)).then_some(square),
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::GameKind;

    fn game(moves: &[&str]) -> GameView {
        let mut position = Position::start();
        let mut record = Vec::new();
        for (i, mv) in moves.iter().enumerate() {
            position = position.play(mv.parse().unwrap()).unwrap();
            record.push(Record::Move {
                ply: i as u32 + 1,
                seat: (i % 2) as Seat,
                mv: AnyMove::Xiangqi(mv.parse().unwrap()),
                clock_ms: 0,
            });
        }
        let legal = position
            .legal_moves()
            .iter()
            .map(|m| AnyMove::Xiangqi(*m))
            .collect();
        GameView {
            game: GameKind::Xiangqi,
            me: (moves.len() % 2) as Seat,
            first: 0,
            seats: vec![
                crate::peer::control::SeatView {
                    deployed: true,
                    ..Default::default()
                };
                2
            ],
            board: Some(crate::session::Board::Xiangqi(position.clone())),
            legal_moves: legal,
            to_move: Some((moves.len() % 2) as Seat),
            busy: false,
            record,
            undo: None,
            draw: None,
            ending: None,
            audit: None,
            chat: Vec::new(),
        }
    }

    #[test]
    fn moves_read_in_chinese_notation_numbered_by_full_moves() {
        let g = game(&["h2e2", "h9g7", "h0g2"]);
        let lines = move_lines(&Position::start(), &plain(&standing_moves(&g.record)));
        assert_eq!(lines, vec!["1. 炮二平五   马8进7", "2. 马二进三"]);
    }

    #[test]
    fn a_game_that_starts_with_black_to_move_is_numbered_from_its_fen() {
        let start: Position =
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 7"
                .parse()
                .unwrap();
        let moves: Vec<Move> = ["h9g7", "h2e2", "b9c7"]
            .map(|m| m.parse().unwrap())
            .to_vec();
        assert_eq!(
            move_lines(&start, &moves),
            ["7. …  马8进7", "8. 炮二平五   马2进3"]
        );
    }

    #[test]
    fn a_click_selects_a_movable_piece_then_moves_it() {
        let g = game(&[]);
        let h2: Square = "h2".parse().unwrap();
        let (sel, mv) = click(&g, None, h2);
        assert_eq!((sel, mv), (Some(h2), None));
        let model = model(&g, sel, None);
        assert_eq!(model.targets.len(), 12, "the cannon's 12 moves from h2");
        let (sel, mv) = click(&g, sel, "e2".parse().unwrap());
        assert_eq!(
            (sel, mv.map(|m| m.to_string())),
            (None, Some("h2e2".into()))
        );
        // An enemy piece is not selectable; clicking the selection again drops it.
        assert_eq!(click(&g, None, "h7".parse().unwrap()), (None, None));
        assert_eq!(click(&g, Some(h2), h2), (None, None));
    }

    #[test]
    fn a_game_is_saved_with_its_standing_moves_and_result() {
        let mut g = game(&["h2e2", "h9g7", "h0g2"]);
        g.record.push(Record::Undo { ply: 3 });
        g.ending = Some(crate::session::Ending {
            winner: Some(1),
            reason: crate::session::Reason::Resignation,
        });
        let saved = saved(&g);
        let moves: Vec<String> = saved.moves.iter().map(|m| m.to_string()).collect();
        assert_eq!(moves, ["h2e2", "h9g7"], "the move taken back is not saved");
        assert_eq!(saved.result.as_deref(), Some("black resignation"));
    }

    #[test]
    fn captured_pieces_are_listed_by_name() {
        // 炮二进七 takes the horse on h9 (h2h9), 车9平8 takes the cannon back (i9h9).
        let g = game(&["h2h9", "i9h9"]);
        let ps = positions(&Position::start(), &plain(&standing_moves(&g.record)));
        let last = ps.last().unwrap();
        assert_eq!(lost(last, Side::Black).as_deref(), Some("马"));
        assert_eq!(lost(last, Side::Red).as_deref(), Some("炮"));
        assert_eq!(lost(&Position::start(), Side::Red), None);
    }
}
