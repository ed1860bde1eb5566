//! A saved Xiangqi game opened from the lobby: the board at any move (a slider, and
//! buttons a move back and forth), the moves in Chinese notation, the captured pieces and
//! the result. Nothing here is sent anywhere; Close goes back to the lobby.

use iced::widget::canvas::Frame;
use iced::widget::{button, canvas, column, container, row, rule, scrollable, slider, text};
use iced::{Alignment, Color, Element, Fill, Length, Point, Size};

use super::board_canvas::{BoardCanvas, SquareBoard};
use super::i18n::Lang;
use super::xiangqi::{self, board::XiangqiModel};
use crate::rules::xiangqi::{Position, Side, Square};
use crate::store::SavedXiangqi;

/// The review's state: the game, every position of it, its moves in words, and where the
/// slider stands.
#[derive(Clone, Debug)]
pub struct Review {
    /// The file's name, shown as the title.
    name: String,
    /// The game.
    game: SavedXiangqi,
    /// Every position from the start, one more than the moves.
    positions: Vec<Position>,
    /// The moves in Chinese notation, a full move a line.
    lines: Vec<String>,
    /// Moves played at the position shown.
    at: usize,
}

/// What the review screen reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// The slider moved.
    Replay(u32),
    /// A move back.
    Back,
    /// A move forward.
    Forward,
    /// Back to the lobby.
    Close,
    /// A click on the board (nothing to do: the game is only shown).
    Board(xiangqi::board::Message),
}

/// A saved game's result (`red resignation`, `draw repetition`: the winner's side or
/// `draw`, then the reason's wire words) in `lang`: `Red: Resignation`, 红方：认输.
fn result_words(result: &str, lang: Lang) -> String {
    let t = lang.app();
    let (who, reason) = result.split_once(' ').unwrap_or((result, ""));
    let who = match who {
        "red" => t.red_black[0],
        "black" => t.red_black[1],
        "draw" => t.draw,
        _ => return result.to_string(),
    };
    if reason.is_empty() {
        return who.to_string();
    }
    lang.labelled(who, &crate::session::Reason::from_word(reason).words(lang))
}

impl Review {
    /// A review of `game` (read from the file named `name`), at its last position.
    pub fn new(name: &str, game: SavedXiangqi) -> Review {
        let positions = xiangqi::play::positions(&game.start, &game.moves);
        let lines = xiangqi::play::move_lines(&game.start, &game.moves);
        Review {
            name: name.to_string(),
            at: positions.len() - 1,
            game,
            positions,
            lines,
        }
    }

    /// Moves played at the position shown.
    pub fn at(&self) -> usize {
        self.at
    }

    /// Handles a message; `true` means close.
    pub fn update(&mut self, message: Message) -> bool {
        let last = self.positions.len() - 1;
        match message {
            Message::Replay(at) => self.at = (at as usize).min(last),
            Message::Back => self.at = self.at.saturating_sub(1),
            Message::Forward => self.at = (self.at + 1).min(last),
            Message::Close => return true,
            Message::Board(_) => {}
        }
        false
    }

    /// The board at the position shown, Red at the bottom, the move that led to it marked.
    pub fn model(&self) -> XiangqiModel {
        let mut model = XiangqiModel::from_position(&self.positions[self.at], Side::Red);
        model.last_move = self
            .at
            .checked_sub(1)
            .map(|i| (self.game.moves[i].from, self.game.moves[i].to));
        model
    }

    /// The screen.
    pub fn view(&self, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let grey = Color::from_rgb(0.40, 0.40, 0.40);
        let last = self.positions.len() - 1;
        let position = &self.positions[self.at];
        let lost = |side: Side| {
            let name = t.red_black[usize::from(side == Side::Black)];
            let lost =
                xiangqi::play::lost(position, side).unwrap_or_else(|| t.lost_none.to_string());
            text(format!(
                "{name}  {}",
                lang.labelled(t.lost, &lang.hanzi(&lost))
            ))
            .size(15)
        };
        let board: Element<'_, xiangqi::board::Message> =
            canvas(BoardCanvas::new(Shown(XiangqiModel {
                lang,
                ..self.model()
            })))
            .width(Fill)
            .height(Fill)
            .into();
        let left = column![
            lost(Side::Black),
            container(board.map(Message::Board))
                .width(Fill)
                .height(Fill),
            lost(Side::Red),
            row![
                button(text("◀")).on_press(Message::Back),
                text(format!("{} {}/{last}", t.replay, self.at)).size(14),
                slider(0..=last.max(1) as u32, self.at as u32, Message::Replay).width(Fill),
                button(text("▶")).on_press(Message::Forward),
            ]
            .spacing(10)
            .align_y(Alignment::Center),
        ]
        .spacing(6)
        .width(Fill)
        .height(Fill);
        let moves = column(
            self.lines
                .iter()
                .map(|line| text(lang.hanzi(line)).size(13).into()),
        )
        .spacing(2);
        let panel = column![
            text(self.name.clone()).size(18),
            text(
                self.game
                    .result
                    .as_deref()
                    .map(|r| result_words(r, lang))
                    .unwrap_or_default()
            )
            .size(15)
            .color(grey),
            button(text(t.to_lobby)).on_press(Message::Close),
            rule::horizontal(1),
            text(t.moves_heading).size(16),
            scrollable(moves.width(Fill)).height(Fill),
        ]
        .spacing(8)
        .width(Length::Fixed(340.0))
        .height(Fill);
        row![left, panel].spacing(16).padding(12).into()
    }
}

/// The reviewed board: drawn as in a game, but nothing on it answers a click.
struct Shown(XiangqiModel);

impl SquareBoard for Shown {
    type Square = Square;
    type Message = xiangqi::board::Message;

    fn square_at(&self, size: Size, point: Point) -> Option<Square> {
        self.0.square_at(size, point)
    }

    fn clickable(&self, _square: Square) -> bool {
        false
    }

    fn clicked(square: Square) -> xiangqi::board::Message {
        xiangqi::board::Message::Clicked(square)
    }

    /// Drawn without the hover mark: there is nothing to point at.
    fn draw(&self, frame: &mut Frame, _hover: Option<Square>) {
        self.0.draw(frame, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_saved_result_reads_in_the_window_s_language() {
        assert_eq!(
            result_words("red resignation", Lang::En),
            "Red: Resignation"
        );
        assert_eq!(result_words("black checkmate", Lang::ZhHant), "黑方：將死");
        assert_eq!(result_words("draw repetition", Lang::Zh), "和棋：重复局面");
    }

    fn game(moves: &[&str]) -> SavedXiangqi {
        SavedXiangqi {
            start: Position::start(),
            moves: moves.iter().map(|m| m.parse().unwrap()).collect(),
            result: Some("red resignation".into()),
        }
    }

    #[test]
    fn the_review_opens_at_the_end_and_steps_through_the_game() {
        let mut r = Review::new("xiangqi-1.txt", game(&["h2e2", "h9g7", "h0g2"]));
        assert_eq!(r.at(), 3);
        assert_eq!(
            r.model().last_move,
            Some(game(&["h0g2"]).moves[0]).map(|m| (m.from, m.to))
        );
        assert!(!r.update(Message::Forward));
        assert_eq!(r.at(), 3, "no move past the last");
        r.update(Message::Back);
        r.update(Message::Back);
        assert_eq!(r.at(), 1);
        r.update(Message::Replay(0));
        assert_eq!(r.model().last_move, None);
        assert_eq!(
            r.model().pieces,
            XiangqiModel::from_position(&Position::start(), Side::Red).pieces
        );
        r.update(Message::Replay(99));
        assert_eq!(r.at(), 3, "the slider stops at the last move");
        assert!(r.update(Message::Close));
    }
}
