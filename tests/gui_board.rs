//! The board canvas on its own: a game position seen by North (its half at the bottom),
//! with hidden enemy pieces, a revealed flag, a selection with its legal destinations and
//! the last move; and clicks reported as absolute squares. See `support/snapshot.rs` for
//! how the snapshots are kept.
#![cfg(feature = "gui")]

use iced::widget::canvas;
use iced::{Element, Fill, Point, Size, Theme};
use iced_test::simulator::{self, Simulator};
use lanqi::gui::junqi::board::{Board, BoardModel, Geometry, Message};
use lanqi::gui::settings;

#[path = "support/snapshot.rs"]
mod snapshot;
use lanqi::rules::junqi::{Side, Square, View};
use snapshot::assert_snapshot;

const SIZE: Size = Size::new(520.0, 820.0);

/// South has lost its field marshal (so its flag on b1 is shown to North) and just moved an
/// engineer c5-c4; North, which has lost three front-row pieces, is to move.
const POSITION: &str = "fjgli/hkjkj/b1a1g/dc1cd/e1i1e/1i2h/HGFIH/E3E/DCICD/G3B/JKJKH/ILGJF n 1 1";

fn s(name: &str) -> Square {
    name.parse().unwrap()
}

fn model() -> BoardModel {
    let view: View = POSITION.parse().unwrap();
    let view = view.for_side(Side::North).unwrap();
    let mut model = BoardModel::from_view(&view, Side::North);
    let engineer = s("b7");
    model.selected = Some(engineer);
    model.targets = view
        .legal_moves()
        .unwrap()
        .into_iter()
        .filter(|m| m.from == engineer)
        .map(|m| m.to)
        .collect();
    model.last_move = Some((s("c5"), s("c4")));
    model
}

fn ui(model: BoardModel) -> Simulator<'static, Message> {
    let element: Element<'static, Message> =
        canvas(Board::new(model)).width(Fill).height(Fill).into();
    Simulator::with_size(settings(), SIZE, element)
}

#[test]
fn the_model_hides_south_but_its_revealed_flag() {
    let model = model();
    assert_eq!(
        model.at(s("a6")).unwrap().kind,
        None,
        "a hidden enemy piece"
    );
    assert_eq!(
        model.at(s("b1")).unwrap().kind,
        Some(lanqi::rules::junqi::Kind::Flag),
        "the flag is shown once the marshal is gone"
    );
    assert!(
        model.at(s("b7")).unwrap().kind.is_some(),
        "own pieces are known"
    );
    // The engineer turns along the railway: it reaches more than a straight run would.
    assert!(model.targets.len() > 4, "{:?}", model.targets);
}

#[test]
fn clicks_report_absolute_squares_for_north() {
    let g = Geometry::new(SIZE, Side::North);
    for name in ["b7", "a6", "c4", "e12", "a1"] {
        let mut ui = ui(model());
        ui.point_at(g.center(s(name)));
        let _ = ui.simulate(simulator::click());
        let messages: Vec<Message> = ui.into_messages().collect();
        assert_eq!(messages, [Message::Clicked(s(name))], "{name}");
    }
    // North's own b7 (absolute) is drawn low on its screen: North's half is at the bottom.
    assert!(g.center(s("b7")).y > SIZE.height / 2.0);
    // A click in the band between the halves is no square.
    let mut ui = ui(model());
    ui.point_at(Point::new(SIZE.width / 2.0, SIZE.height / 2.0));
    let _ = ui.simulate(simulator::click());
    assert_eq!(ui.into_messages().count(), 0);
}

#[test]
fn snapshot_of_a_game_seen_by_north() {
    let snapshot = ui(model()).snapshot(&Theme::Light).expect("render");
    assert_snapshot(&snapshot, "board-north");
}
