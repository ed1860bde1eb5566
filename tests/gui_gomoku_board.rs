//! The Gomoku board canvas on its own: a finished 15x15 game with its winning row, a
//! 26x26 renju game with the move numbers shown and the points forbidden to Black marked,
//! a 7x5 board with the stones of four seats; and clicks reported as points, on every
//! shape of board. The models are built from the rules core, as the game screen builds
//! them. See `support/snapshot.rs` for how the snapshots are kept.
#![cfg(feature = "gui")]

use iced::widget::canvas;
use iced::{Element, Fill, Point as Pixel, Size as Pixels, Theme};
use iced_test::simulator::{self, Simulator};
use lanqi::gui::gomoku::board::{Geometry, GomokuBoard, GomokuModel, Message};
use lanqi::gui::gomoku::play::{model, replayed};
use lanqi::gui::settings;
use lanqi::rules::gomoku::{Game, Point, Rule, Settings, Size};

#[path = "support/snapshot.rs"]
mod snapshot;
use snapshot::assert_snapshot;

const SIZE: Pixels = Pixels::new(640.0, 640.0);

fn p(name: &str) -> Point {
    name.parse().unwrap()
}

/// The game of `settings` after `moves`, each of which must play.
fn game(settings: Settings, moves: &[&str]) -> Game {
    let points: Vec<Point> = moves.iter().map(|m| p(m)).collect();
    let game = replayed(settings, &points);
    assert_eq!(game.moves().len(), moves.len(), "every move plays");
    game
}

/// Black wins on the diagonal e5..i9 of 15x15 (its fifth stone, e5, last); White's
/// stones stand round it.
fn won() -> Game {
    game(
        Settings::default(),
        &["h8", "h9", "g7", "i10", "f6", "g9", "i9", "j10", "e5"],
    )
}

fn ui(model: GomokuModel) -> Simulator<'static, Message> {
    let element: Element<'static, Message> = canvas(GomokuBoard::new(model))
        .width(Fill)
        .height(Fill)
        .into();
    Simulator::with_size(settings(), SIZE, element)
}

/// Renju on 26x26, Black to move: its threes on rank 13 (l13 m13) and file n (n14 n15)
/// meet on n13, a double three; its stones on rank 20 (f20 g20 h20 i20 and k20) make j20
/// an overline. Move numbers shown.
fn renju_26() -> GomokuModel {
    let settings = Settings {
        rule: Rule::Renju,
        size: Size::new(26, 26).unwrap(),
        ..Settings::default()
    };
    let g = game(
        settings,
        &[
            "l13", "a1", "m13", "z26", "n14", "a26", "n15", "z1", "f20", "m12", "g20", "o16",
            "h20", "k12", "i20", "j21", "k20", "x5",
        ],
    );
    let mut m = model(&g, true);
    m.playable = g.legal_moves();
    m.mover = Some(g.to_move().0);
    m
}

/// Four seats on 7x5, three in a row to win: no one has three yet.
fn four_seats() -> GomokuModel {
    let settings = Settings {
        rule: Rule::Freestyle,
        size: Size::new(7, 5).unwrap(),
        seats: 4,
        win: 3,
        opening: Default::default(),
    };
    let g = game(settings, &["d3", "c3", "e3", "d4", "d2", "c4", "e4", "b2"]);
    model(&g, false)
}

#[test]
fn the_models_hold_what_the_rules_core_says() {
    let g = won();
    let m = model(&g, false);
    let (from, to) = m.win.expect("Black has five");
    let mut ends = [from.to_string(), to.to_string()];
    ends.sort();
    assert_eq!(ends, ["e5", "i9"], "the diagonal e5..i9");
    assert!(m.forbidden.is_empty() && m.playable.is_empty());

    let r = renju_26();
    assert_eq!(r.size, Size::new(26, 26).unwrap());
    assert!(r.forbidden.contains(&p("n13")), "a double three");
    assert!(r.forbidden.contains(&p("j20")), "an overline");
    assert!(!r.playable.contains(&p("n13")) && r.playable.contains(&p("a2")));
    assert_eq!(r.mover, Some(0), "Black to move");

    let f = four_seats();
    let seats: Vec<u8> = f.moves.iter().map(|(_, s)| *s).collect();
    assert_eq!(seats, [0, 1, 2, 3, 0, 1, 2, 3]);
    assert_eq!(f.win, None);
}

#[test]
fn clicks_report_points_on_every_shape_of_board() {
    for model in [model(&won(), false), renju_26(), four_seats()] {
        let g = Geometry::new(SIZE, model.size);
        let (w, h) = (model.size.width(), model.size.height());
        let corners = [
            (0, 0),
            (w - 1, 0),
            (0, h - 1),
            (w - 1, h - 1),
            (w / 2, h / 2),
        ];
        for (file, rank) in corners {
            let point = Point::new(file, rank).unwrap();
            let mut ui = ui(model.clone());
            ui.point_at(g.center(point));
            let _ = ui.simulate(simulator::click());
            let messages: Vec<Message> = ui.into_messages().collect();
            assert_eq!(
                messages,
                [Message::Clicked(point)],
                "{point} on {}",
                model.size
            );
        }
        // A click on the board's rim, among the coordinates, is no point.
        let board = g.board_rect();
        let mut ui = ui(model.clone());
        ui.point_at(Pixel::new(board.x + 2.0, board.y + 2.0));
        let _ = ui.simulate(simulator::click());
        assert_eq!(ui.into_messages().count(), 0, "{}", model.size);
    }
}

#[test]
fn snapshot_of_a_won_game_on_fifteen_by_fifteen() {
    let snapshot = ui(model(&won(), false))
        .snapshot(&Theme::Light)
        .expect("render");
    assert_snapshot(&snapshot, "gomoku-won-15x15");
}

#[test]
fn snapshot_of_renju_on_twenty_six_by_twenty_six_with_move_numbers() {
    let snapshot = ui(renju_26()).snapshot(&Theme::Light).expect("render");
    assert_snapshot(&snapshot, "gomoku-renju-26x26");
}

#[test]
fn snapshot_of_four_seats_on_seven_by_five() {
    let snapshot = ui(four_seats()).snapshot(&Theme::Light).expect("render");
    assert_snapshot(&snapshot, "gomoku-four-seats-7x5");
}
