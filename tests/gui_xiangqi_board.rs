//! The Xiangqi board canvas on its own: a middle game seen by Red (in check, with a
//! selection, its legal destinations and the last move) and one ply earlier seen by Black;
//! and clicks reported as absolute squares. See `support/snapshot.rs` for how the snapshots
//! are kept.
#![cfg(feature = "gui")]

use iced::widget::canvas;
use iced::{Element, Fill, Point, Size, Theme};
use iced_test::simulator::{self, Simulator};
use lanqi::gui::settings;
use lanqi::gui::xiangqi::board::{Geometry, Message, XiangqiBoard, XiangqiModel};
use lanqi::rules::xiangqi::{Move, Position, Side, Square};

#[path = "support/snapshot.rs"]
mod snapshot;
use snapshot::assert_snapshot;

const SIZE: Size = Size::new(600.0, 680.0);

/// Black to move; Red has just played its rook a0-a1. Black's horse on f3 is deep in Red's
/// half.
const BEFORE: &str = "r1bakab2/9/1cn4c1/p1p1p3p/6P2/8r/P1P1Pn2P/2N1C2C1/R8/2BAKAB1R b - - 0 1";

fn s(name: &str) -> Square {
    name.parse().unwrap()
}

fn position() -> Position {
    BEFORE.parse().unwrap()
}

/// The legal destinations of the piece on `from`.
fn targets(position: &Position, from: Square) -> Vec<Square> {
    position
        .legal_moves()
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to)
        .collect()
}

/// Black's horse has just jumped f3-g1, checking Red's general over an empty f1; Red has
/// picked up its rook on a1, which can block the horse's leg on f1 or take it on g1.
fn red_model() -> XiangqiModel {
    let after = position()
        .play(Move::new(s("f3"), s("g1")))
        .expect("the horse move is legal");
    let mut model = XiangqiModel::from_position(&after, Side::Red);
    model.selected = Some(s("a1"));
    model.targets = targets(&after, s("a1"));
    model.last_move = Some((s("f3"), s("g1")));
    model
}

/// One ply earlier, seen by Black: its horse on f3 picked up, with its six destinations
/// (two of them captures), and Red's last move a0-a1 marked.
fn black_model() -> XiangqiModel {
    let before = position();
    let mut model = XiangqiModel::from_position(&before, Side::Black);
    model.selected = Some(s("f3"));
    model.targets = targets(&before, s("f3"));
    model.last_move = Some((s("a0"), s("a1")));
    model
}

fn ui(model: XiangqiModel) -> Simulator<'static, Message> {
    let element: Element<'static, Message> = canvas(XiangqiBoard::new(model))
        .width(Fill)
        .height(Fill)
        .into();
    Simulator::with_size(settings(), SIZE, element)
}

#[test]
fn the_models_hold_what_the_rules_core_says() {
    let red = red_model();
    assert_eq!(red.check, Some(s("e0")), "the horse on g1 checks Red");
    let mut red_targets = red.targets.clone();
    red_targets.sort();
    assert_eq!(red_targets, [s("f1"), s("g1")], "block the leg or take");
    let black = black_model();
    assert_eq!(black.check, None);
    let mut black_targets = black.targets.clone();
    black_targets.sort();
    let expected: Vec<Square> = ["e1", "g1", "h2", "h4", "e5", "g5"]
        .into_iter()
        .map(s)
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    assert_eq!(black_targets, expected);
    assert!(black.at(s("h2")).is_some() && black.at(s("g5")).is_some());
}

#[test]
fn clicks_report_absolute_squares_for_both_viewers() {
    for (model, viewer) in [(red_model(), Side::Red), (black_model(), Side::Black)] {
        let g = Geometry::new(SIZE, viewer);
        for name in ["a1", "g1", "e0", "e9", "f1", "i4", "a9", "e5", "i0"] {
            let mut ui = ui(model.clone());
            ui.point_at(g.center(s(name)));
            let _ = ui.simulate(simulator::click());
            let messages: Vec<Message> = ui.into_messages().collect();
            assert_eq!(messages, [Message::Clicked(s(name))], "{name} for {viewer}");
        }
        // A click in the margin outside the frame is no point.
        let board = g.board_rect();
        let mut ui = ui(model.clone());
        ui.point_at(Point::new(board.x + 2.0, board.y + 2.0));
        let _ = ui.simulate(simulator::click());
        assert_eq!(ui.into_messages().count(), 0, "{viewer}");
    }
    // Red's home rank is at the bottom of its view, Black's of its own.
    let red = Geometry::new(SIZE, Side::Red);
    let black = Geometry::new(SIZE, Side::Black);
    assert!(red.center(s("e0")).y > SIZE.height / 2.0);
    assert!(black.center(s("e9")).y > SIZE.height / 2.0);
}

#[test]
fn snapshot_of_a_check_seen_by_red() {
    let snapshot = ui(red_model()).snapshot(&Theme::Light).expect("render");
    assert_snapshot(&snapshot, "xiangqi-red");
}

#[test]
fn snapshot_of_the_move_before_seen_by_black() {
    let snapshot = ui(black_model()).snapshot(&Theme::Light).expect("render");
    assert_snapshot(&snapshot, "xiangqi-black");
}

#[test]
fn the_bundled_fonts_cover_the_xiangqi_rules_core() {
    // Piece names and the Chinese notation (炮二平五, 前车进一, 马8进7) are shown by the
    // app: `scripts/make-font-subset.sh` puts every non-ASCII character of the rules core
    // in the subset.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/rules/xiangqi");
    let mut chars: Vec<char> = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        chars.extend(text.chars().filter(|c| !c.is_ascii()));
    }
    for side in Side::BOTH {
        for kind in lanqi::rules::xiangqi::Kind::ALL {
            chars.push(lanqi::rules::xiangqi::Piece::new(side, kind).chinese());
        }
    }
    let position = position();
    for mv in position.legal_moves().iter() {
        chars.extend(lanqi::rules::xiangqi::chinese(&position, *mv).chars());
    }
    chars.sort_unstable();
    chars.dedup();
    for (style, bytes) in [
        ("regular", lanqi::gui::FONT_REGULAR_BYTES),
        ("bold", lanqi::gui::FONT_BOLD_BYTES),
    ] {
        let face = ttf_parser::Face::parse(bytes, 0).expect("a font");
        let missing: String = chars
            .iter()
            .filter(|&&c| face.glyph_index(c).is_none())
            .collect();
        assert!(
            missing.is_empty(),
            "{style} lacks {missing:?}: run scripts/make-font-subset.sh"
        );
    }
}
