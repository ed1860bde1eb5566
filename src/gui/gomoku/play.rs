//! What the game screen shows of a Gomoku game: the board (the stones, the last move, the
//! winning row, in renju the points forbidden to Black), a click on a point the player may
//! play turned into a move, a click on a forbidden point answered with why, the moves
//! (`1. h8`), each seat's colour and stones, after the game every position for the replay
//! slider, and a button that shows or hides the move numbers on the stones. In a swap
//! opening, a line under the board says who places which stone or who chooses, and when
//! the choice is this player's, its buttons (take Black, take White, place two more).
//!
//! All of it is read from the peer's [`GameView`] with the rules core: the board is the
//! session's [`Game`] itself (its moves in order, its ending with the winning row), the
//! positions of the replay by playing its moves again from the empty board.

use iced::widget::{button, canvas, column, row, text};
use iced::{Element, Fill};

use super::board::{self, GomokuBoard, GomokuModel};
use crate::gui::games::{Event, GamePart, PartView, WatchPart};
use crate::gui::i18n::Lang;
use crate::peer::control::GameView;
use crate::peer::watch::WatchView;
use crate::rules::gomoku::{
    self, Action, Choice, Ending, Game, Point, Rule, Settings, Shape, Turn, WinReason, forbidden,
};
use crate::session::{AnyMove, Board, GameKind, Seat};

/// A Gomoku game's part of the game screen: the replay's place, whether the stones show
/// their move numbers, and the forbidden point last clicked.
#[derive(Clone, Debug, Default)]
pub struct Play {
    /// The replay's ply (moves played from the start); the last when `None`.
    replay: Option<u32>,
    /// The stones show their move numbers.
    numbers: bool,
    /// A point renju forbids Black, clicked, and why (said under the board until the next
    /// move).
    refused: Option<(Point, Shape)>,
}

/// What a Gomoku game's part reacts to.
#[derive(Clone, Debug, PartialEq)]
pub enum Message {
    /// A click on the board.
    Board(board::Message),
    /// Show or hide the move numbers.
    Numbers,
    /// An opening decision's button.
    Choose(Choice),
}

impl GamePart for Play {
    type Message = Message;

    /// A move played or taken back drops the word on a forbidden point.
    fn observe(&mut self, old: &GameView, new: &GameView, _lang: Lang) -> Option<String> {
        if old.record.len() != new.record.len() {
            self.refused = None;
        }
        None
    }

    fn update(&mut self, message: Message, game: &GameView) -> Option<Event> {
        match message {
            Message::Numbers => {
                self.numbers = !self.numbers;
                None
            }
            Message::Board(board::Message::Clicked(point)) => {
                let (mv, refused) = click(game, point);
                self.refused = refused;
                mv.map(Event::Move)
            }
            Message::Choose(choice) => {
                let mv = AnyMove::Gomoku(Action::Choose(choice));
                (game.ending.is_none() && game.legal_moves.contains(&mv)).then_some(Event::Move(mv))
            }
        }
    }

    fn replay(&mut self, ply: u32) {
        self.replay = Some(ply);
    }

    fn view<'a>(
        &'a self,
        game: &'a GameView,
        lang: Lang,
        name_of: &dyn Fn(Seat) -> String,
    ) -> PartView<'a, Message> {
        let t = lang.app();
        let whole = game_of(game);
        let last = whole.ply() as u32;
        let replay = game
            .ending
            .is_some()
            .then(|| (self.replay.unwrap_or(last).min(last), last));
        let shown = match replay {
            Some((at, _)) if at < last => {
                replayed(whole.settings(), &whole.actions()[..at as usize])
            }
            _ => whole.clone(),
        };
        let mut model = model(&shown, self.numbers);
        if replay.is_none() && !game.legal_moves.is_empty() {
            model.playable = game
                .legal_moves
                .iter()
                .filter_map(|m| m.gomoku()?.point())
                .collect();
            if !model.playable.is_empty() {
                model.mover = Some(shown.to_move().0);
            }
        }
        let board: Element<'_, board::Message> = canvas(GomokuBoard::new(model))
            .width(Fill)
            .height(Fill)
            .into();
        let numbers = button(text(t.move_numbers[usize::from(self.numbers)]))
            .on_press(Message::Numbers)
            .style(button::secondary);
        let mine = my_choices(game);
        let action: Element<'a, Message> = if mine.is_empty() {
            numbers.into()
        } else {
            let buttons = mine.into_iter().map(|choice| {
                button(text(lang.gomoku_choice(choice)))
                    .on_press(Message::Choose(choice))
                    .into()
            });
            column![
                text(t.gomoku_choose).size(14),
                row(buttons).spacing(8).wrap(),
                numbers
            ]
            .spacing(8)
            .into()
        };
        let note = match self.refused {
            Some((p, shape)) => Some(lang.forbidden(&p.to_string(), shape)),
            None if game.ending.is_none() => opening_step(&whole, game.first, lang, name_of),
            None => None,
        };
        PartView {
            board: board.map(Message::Board),
            beside: beside(&shown, game.first, lang),
            moves: move_lines(&whole, game.first, lang, name_of),
            replay,
            replay_hint: None,
            note,
            action: Some(action),
            last_mover: crate::gui::play::last_mover(&game.record),
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

/// The settings of a game of `kind` (the default ones for another game, never asked for).
pub fn settings_of(kind: GameKind) -> Settings {
    match kind {
        GameKind::Gomoku(settings) => settings,
        _ => Settings::default(),
    }
}

/// The game as the seat sees it: the session's own, or (before it has sent one) the
/// empty board of the game's settings.
pub fn game_of(view: &GameView) -> Game {
    view.board
        .as_ref()
        .and_then(Board::gomoku)
        .cloned()
        .unwrap_or_else(|| replayed::<Action>(settings_of(view.game), &[]))
}

/// The opening decisions this seat may make now (none when it is to place a stone, or
/// it is not its turn).
pub fn my_choices(view: &GameView) -> Vec<Choice> {
    if view.ending.is_some() {
        return Vec::new();
    }
    view.legal_moves
        .iter()
        .filter_map(|m| m.gomoku()?.choice())
        .collect()
}

/// The session's seat that plays the rules' `player` (`first` opened the game).
fn session_seat(player: gomoku::Seat, first: Seat, seats: u8) -> Seat {
    (player.0 + first) % seats.max(1)
}

/// While the opening lasts: who places which stone, or who decides, in words.
pub fn opening_step(
    game: &Game,
    first: Seat,
    lang: Lang,
    name_of: &dyn Fn(Seat) -> String,
) -> Option<String> {
    if game.colours_settled() || game.ending().is_some() {
        return None;
    }
    let seats = game.settings().seats;
    let who = |player| name_of(session_seat(player, first, seats));
    Some(match game.turn() {
        Turn::Stone { seat, colour } => lang.gomoku_opening_step(&who(seat), Some(colour.0), false),
        Turn::Choose { seat, choices } => {
            lang.gomoku_opening_step(&who(seat), None, choices.contains(&Choice::Place2))
        }
    })
}

/// The game of `settings` after `moves` (stones or opening decisions) from the empty
/// board (stopping at the first that does not play, which a checked record never holds).
pub fn replayed<M: Into<Action> + Copy>(settings: Settings, moves: &[M]) -> Game {
    let mut game = Game::new(settings)
        .or_else(|_| Game::new(Settings::default()))
        .expect("the default settings make a game");
    for &mv in moves {
        if game.act(mv.into()).is_err() {
            break;
        }
    }
    game
}

/// The board of `game`: its stones, the winning row once won, and in renju the points
/// forbidden to Black while Black is to move; nothing to play (the screen adds that).
pub fn model(game: &Game, numbers: bool) -> GomokuModel {
    let mut model = GomokuModel::empty(game.settings().size);
    model.moves = game.moves().iter().map(|m| (m.point, m.seat.0)).collect();
    model.numbers = numbers;
    model.win = match game.ending() {
        Some(Ending::Win {
            reason: WinReason::Row { from, to, .. },
            ..
        }) => Some((from, to)),
        _ => None,
    };
    if game.settings().rule == Rule::Renju
        && game.ending().is_none()
        && game.to_move() == gomoku::Seat::BLACK
    {
        model.forbidden = game
            .forbidden_points()
            .into_iter()
            .map(|(p, _)| p)
            .collect();
    }
    model
}

/// Beside each seat's name (by the session's seat, `first` moving first): its colour (as
/// the opening has settled it so far) and how many stones of that colour are on the board.
pub fn beside(game: &Game, first: Seat, lang: Lang) -> Vec<String> {
    let seats = game.settings().seats;
    (0..seats)
        .map(|seat| {
            let colour = colour_of(game, seat, first);
            let stones = game.moves().iter().filter(|m| m.seat.0 == colour).count();
            lang.stones(colour, stones)
        })
        .collect()
}

/// The colour (the rules' seat: 0 is Black) that the session's seat `seat` plays, `first`
/// having moved first, as the opening has settled it so far.
pub fn colour_of(game: &Game, seat: Seat, first: Seat) -> u8 {
    let seats = game.settings().seats.max(1);
    let player = gomoku::Seat((seat + seats - first % seats) % seats);
    game.colour_of(player).0
}

/// The moves, a line each: the stones numbered from the first (`1. h8`; at a table of
/// three or four with the stone's colour and player), an opening decision in words with
/// the name of the seat that made it.
pub fn move_lines(
    game: &Game,
    first: Seat,
    lang: Lang,
    name_of: &dyn Fn(Seat) -> String,
) -> Vec<String> {
    let seats = game.settings().seats;
    let mut replay = replayed::<Action>(game.settings(), &[]);
    let mut stones = 0;
    game.actions()
        .into_iter()
        .map(|action| {
            let mover = replay.mover();
            let _ = replay.act(action);
            match action {
                // At a table of three or four, whose stone each was: its colour and its
                // player (`4. e5   Red · Pema`).
                Action::Stone(point) if seats > 2 => {
                    stones += 1;
                    let colour = game.moves().get(stones - 1).map_or(mover.0, |m| m.seat.0);
                    let who = name_of(session_seat(mover, first, seats));
                    format!("{stones}. {point}   {} · {who}", lang.stone_colour(colour))
                }
                Action::Stone(point) => {
                    stones += 1;
                    format!("{stones}. {point}")
                }
                Action::Choose(choice) => {
                    let who = name_of(session_seat(mover, first, seats));
                    lang.gomoku_chose(&who, choice)
                }
            }
        })
        .collect()
}

/// A click on `point`: the move to send when the point is one the seat may play now, or
/// (renju, Black to move) the shape that forbids it.
pub fn click(view: &GameView, point: Point) -> (Option<AnyMove>, Option<(Point, Shape)>) {
    if view.ending.is_some() || view.legal_moves.is_empty() {
        return (None, None);
    }
    let mv = AnyMove::Gomoku(Action::Stone(point));
    if view.legal_moves.contains(&mv) {
        return (Some(mv), None);
    }
    let game = game_of(view);
    let refused = (game.settings().rule == Rule::Renju
        && game.to_move() == gomoku::Seat::BLACK
        && game.board().is_empty_at(point))
    .then(|| forbidden(game.board(), point))
    .flatten()
    .map(|shape| (point, shape));
    (None, refused)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gomoku::Size;
    use crate::session::Record;

    fn view(settings: Settings, moves: &[&str]) -> GameView {
        let points: Vec<Point> = moves.iter().map(|m| m.parse().unwrap()).collect();
        let game = replayed(settings, &points);
        assert_eq!(game.moves().len(), moves.len(), "the moves all play");
        let record = moves
            .iter()
            .enumerate()
            .map(|(i, mv)| Record::Move {
                ply: i as u32 + 1,
                seat: (i % 2) as Seat,
                mv: AnyMove::Gomoku(mv.parse().unwrap()),
                clock_ms: 0,
            })
            .collect();
        GameView {
            game: GameKind::Gomoku(settings),
            me: 0,
            first: 0,
            seats: vec![
                crate::peer::control::SeatView {
                    deployed: true,
                    ..Default::default()
                };
                2
            ],
            legal_moves: if game.to_move().0 == 0 {
                game.legal_actions()
                    .into_iter()
                    .map(AnyMove::Gomoku)
                    .collect()
            } else {
                Vec::new()
            },
            board: Some(Board::Gomoku(Box::new(game.clone()))),
            to_move: Some(game.to_move().0),
            busy: false,
            record,
            undo: None,
            draw: None,
            ending: None,
            audit: None,
            chat: Vec::new(),
        }
    }

    fn renju() -> Settings {
        Settings {
            rule: Rule::Renju,
            ..Settings::default()
        }
    }

    #[test]
    fn a_legal_point_is_a_move_and_a_taken_one_nothing() {
        let v = view(Settings::default(), &["h8", "h9"]);
        assert_eq!(
            click(&v, "i9".parse().unwrap()),
            (Some(AnyMove::Gomoku("i9".parse().unwrap())), None)
        );
        assert_eq!(click(&v, "h8".parse().unwrap()), (None, None));
        let mut play = Play::default();
        assert_eq!(
            play.update(
                Message::Board(board::Message::Clicked("j9".parse().unwrap())),
                &v
            ),
            Some(Event::Move(AnyMove::Gomoku("j9".parse().unwrap())))
        );
    }

    #[test]
    fn a_forbidden_point_in_renju_says_its_shape() {
        // Black's threes on rank 8 (g8 h8) and file i (i9 i10) meet on i8: a double three.
        let v = view(renju(), &["g8", "a1", "h8", "a3", "i9", "a5", "i10", "a7"]);
        let i8: Point = "i8".parse().unwrap();
        assert!(
            !v.legal_moves
                .contains(&AnyMove::Gomoku("i8".parse().unwrap()))
        );
        assert_eq!(click(&v, i8), (None, Some((i8, Shape::DoubleThree))));
        let m = model(&game_of(&v), false);
        assert!(m.forbidden.contains(&i8), "marked on the board");
        let mut play = Play::default();
        let _ = play.update(Message::Board(board::Message::Clicked(i8)), &v);
        let shown = play.view(&v, Lang::En, &|_| String::new());
        assert_eq!(
            shown.note.as_deref(),
            Some("Black may not play i8 in renju: a double three (3x3).")
        );
    }

    #[test]
    fn a_won_game_shows_its_row_and_replays_from_the_empty_board() {
        let small = Settings {
            size: Size::new(7, 5).unwrap(),
            win: 4,
            ..Settings::default()
        };
        let mut v = view(small, &["a1", "a2", "b1", "b2", "c1", "c2", "d1"]);
        let game = game_of(&v);
        assert_eq!(
            model(&game, false).win,
            Some(("a1".parse().unwrap(), "d1".parse().unwrap()))
        );
        v.ending = Some(crate::session::Ending {
            winner: Some(0),
            reason: crate::session::Reason::InARow(4),
        });
        let mut play = Play::default();
        assert_eq!(
            play.view(&v, Lang::En, &|_| String::new()).replay,
            Some((7, 7))
        );
        play.replay(3);
        let shown = play.view(&v, Lang::En, &|_| String::new());
        assert_eq!(shown.replay, Some((3, 7)));
        assert_eq!(shown.beside, ["Black · 2 stones", "White · 1 stone"]);
        assert_eq!(shown.moves[..2], ["1. a1", "2. a2"]);
    }

    /// Swap2 after `actions`, as session seat `me` sees it (seat 0 opened); the legal
    /// moves are its own when it is to act.
    fn opening_view(actions: &[&str], me: Seat) -> GameView {
        let settings = Settings {
            opening: gomoku::Opening::Swap2,
            ..Settings::default()
        };
        let actions: Vec<Action> = actions.iter().map(|a| a.parse().unwrap()).collect();
        let game = replayed(settings, &actions);
        assert_eq!(game.ply(), actions.len(), "the moves all play");
        let mut v = view(settings, &[]);
        v.me = me;
        v.board = Some(Board::Gomoku(Box::new(game.clone())));
        v.to_move = Some(game.mover().0);
        v.legal_moves = if game.mover().0 == me {
            game.legal_actions()
                .into_iter()
                .map(AnyMove::Gomoku)
                .collect()
        } else {
            Vec::new()
        };
        v
    }

    fn names(seat: Seat) -> String {
        ["ann", "bob"][usize::from(seat)].to_string()
    }

    #[test]
    fn the_opening_decision_is_made_with_buttons_by_the_seat_whose_it_is() {
        use iced_test::simulator::Simulator;
        let v = opening_view(&["h8", "h9", "i8"], 1);
        assert_eq!(my_choices(&v), Choice::SWAP2);
        let play = Play::default();
        let shown = play.view(&v, Lang::En, &names);
        assert_eq!(
            shown.note.as_deref(),
            Some(
                "Opening: bob takes Black or White, or places two more stones (White, then \
                 Black) and lets the other choose."
            )
        );
        assert_eq!(shown.moves, ["1. h8", "2. h9", "3. i8"]);
        // The buttons: a click on one is that decision, sent as a move.
        let mut ui = Simulator::with_settings(crate::gui::settings(), shown.action.unwrap());
        for words in ["Your decision:", "Take White", "Place two more stones"] {
            assert!(ui.find(words).is_ok(), "{words}");
        }
        ui.click("Take Black").expect("the button");
        let clicked: Vec<Message> = ui.into_messages().collect();
        assert_eq!(clicked, [Message::Choose(Choice::Black)]);
        let mut play = Play::default();
        assert_eq!(
            play.update(Message::Choose(Choice::Black), &v),
            Some(Event::Move(AnyMove::Gomoku(Action::Choose(Choice::Black))))
        );
        // No stone may be placed meanwhile.
        assert_eq!(click(&v, "a1".parse().unwrap()), (None, None));
        // The opener sees no buttons, only what the opening waits for, in its words.
        let theirs = opening_view(&["h8", "h9", "i8"], 0);
        assert!(my_choices(&theirs).is_empty());
        assert_eq!(play.update(Message::Choose(Choice::Black), &theirs), None);
        let play = Play::default();
        let shown = play.view(&theirs, Lang::Zh, &names);
        let mut ui = Simulator::with_settings(crate::gui::settings(), shown.action.unwrap());
        assert!(ui.find("执黑").is_err(), "no buttons");
        assert_eq!(
            shown.note.as_deref(),
            Some("开局：由 bob 选择执黑或执白，或再下两子（先白后黑）让对方选择。")
        );
    }

    #[test]
    fn after_place2_the_opener_chooses_and_the_colours_follow() {
        let v = opening_view(&["h8", "h9", "i8", "place2", "j10", "g8"], 0);
        assert_eq!(my_choices(&v), Choice::COLOURS);
        let play = Play::default();
        let shown = play.view(&v, Lang::En, &names);
        assert_eq!(shown.moves[3], "bob places two more stones");
        assert_eq!(shown.moves[4..], ["4. j10", "5. g8"]);
        assert_eq!(
            shown.note.as_deref(),
            Some("Opening: ann takes Black or White.")
        );
        // Ann (seat 0, who opened) takes White: she plays White and moves next.
        let v = opening_view(&["h8", "h9", "i8", "place2", "j10", "g8", "white"], 0);
        let game = game_of(&v);
        assert_eq!(colour_of(&game, 0, 0), 1, "ann plays White");
        assert_eq!(colour_of(&game, 1, 0), 0, "bob plays Black");
        let shown = play.view(&v, Lang::En, &names);
        assert_eq!(shown.note, None, "the opening is over");
        assert_eq!(shown.beside, ["White · 2 stones", "Black · 3 stones"]);
        assert_eq!(shown.moves[6], "ann takes White");
        assert!(my_choices(&v).is_empty());
        assert!(
            v.legal_moves
                .contains(&AnyMove::Gomoku(Action::Stone("a1".parse().unwrap())))
        );
    }
}
