//! The Tibetan chess board canvas on its own, its models built from the rules core as the
//! game screen builds them: placement with both sides' squares and a line shaded and the
//! removals earned counted, a battle with a jump chain being made (the stone picked, its
//! landing point, the jumped stone faded, the next landing point offered), in Chinese, and
//! the opening removals with the enemy stones ringed and one picked; and clicks reported
//! as points. See `support/snapshot.rs` for how the snapshots are kept.
#![cfg(feature = "gui")]

use iced::widget::canvas;
use iced::{Element, Fill, Point as Pixel, Size as Pixels, Theme};
use iced_test::simulator::{self, Simulator};
use lanqi::gui::i18n::Lang;
use lanqi::gui::settings;
use lanqi::gui::tibetan::board::{Geometry, Message, TibetanBoard, TibetanModel};
use lanqi::gui::tibetan::play::{Making, click, mark, model};
use lanqi::rules::tibetan::{Game, Point, Position, Rules, Side, Turn};

#[path = "support/snapshot.rs"]
mod snapshot;
use snapshot::assert_snapshot;

const SIZE: Pixels = Pixels::new(560.0, 640.0);

fn p(name: &str) -> Point {
    name.parse().unwrap()
}

/// The game after `turns` from the start, each of which must play.
fn game(turns: &[&str]) -> Game {
    let mut game = Game::new(Rules::default()).unwrap();
    for t in turns {
        game.play(&t.parse().unwrap())
            .unwrap_or_else(|e| panic!("{t}: {e}"));
    }
    game
}

/// The game from a position (which must parse).
fn from(position: &str) -> Game {
    let position: Position = position
        .parse()
        .unwrap_or_else(|e| panic!("{position}: {e}"));
    Game::from_position(position, Rules::default()).unwrap()
}

/// What the game screen shows of `game` to the side to act, with `making` under way.
fn shown(game: &Game, making: &Making, lang: Lang) -> TibetanModel {
    let last = game.history().last().cloned();
    let mut m = model(game.position(), last, game.rules(), lang);
    mark(&mut m, game, making, lang);
    m
}

fn legal(game: &Game) -> Vec<Turn> {
    lanqi::session::tibetan::complete_turns(game)
}

/// Placement: Black's square a1 b1 a2 b2 (formed first), White's square f6 g6 f7 g7 and
/// its line on rank 5 with the square f5 g5 f6 g6 (g5 made both); Black to place,
/// having earned 1, White 4.
fn placement() -> Game {
    game(&[
        "a1", "g7", "b1", "f7", "a2", "g6", "b2", "f6", "d3", "a5", "e3", "b5", "c6", "c5", "d6",
        "d5", "a7", "e5", "b7", "f5", "c4", "g5",
    ])
}

fn ui(model: TibetanModel) -> Simulator<'static, Message> {
    let element: Element<'static, Message> = canvas(TibetanBoard::new(model))
        .width(Fill)
        .height(Fill)
        .into();
    Simulator::with_size(settings(), SIZE, element)
}

/// A jump chain being made: White c1 has jumped c2 to c3 and may jump c4 to c5.
fn chain() -> (Game, Making) {
    let g = from("w.....b/w.....b/w.....b/..b..../......./..b..../..w.... battle w 0 0 - 0");
    let legal = legal(&g);
    let mut making = Making::default();
    assert_eq!(click(&g, &legal, &mut making, p("c1")), None);
    assert_eq!(click(&g, &legal, &mut making, p("c3")), None);
    (g, making)
}

/// The opening removals: Black removes 2, one White stone (c4) picked.
fn removals() -> (Game, Making) {
    let g = from("bwbwbww/wbwbwww/bwbwbwb/wbwbwbw/bwbwbwb/bbwbwbw/bbbwbwb remove b 2 1 - 0");
    let legal: Vec<Turn> = Vec::new();
    let mut making = Making::default();
    assert_eq!(click(&g, &legal, &mut making, p("c4")), None);
    (g, making)
}

#[test]
fn the_models_hold_what_the_rules_core_says() {
    let g = placement();
    let m = shown(&g, &Making::default(), Lang::En);
    assert!(m.squares.contains(&(p("a1"), Side::Black)));
    assert!(m.squares.contains(&(p("f6"), Side::White)));
    assert_eq!(m.lines, [(4, Side::White)], "White's line on rank 5");
    assert_eq!(
        m.caption,
        "Placement · removals earned: Black 1, White 4 (Black formed first)"
    );
    assert_eq!(m.placeable.len(), 49 - 22);
    assert_eq!(m.last_path, [p("g5")]);

    let (g, making) = chain();
    let m = shown(&g, &making, Lang::En);
    assert_eq!(m.selected, [p("c1"), p("c3")]);
    assert_eq!(m.jumped, [p("c2")]);
    assert_eq!(m.targets, [p("c5")]);
    assert_eq!(
        m.at(p("c3")),
        Some(Side::White),
        "the stone shows where it landed"
    );
    assert_eq!(m.at(p("c1")), None);
    assert!(m.caption.contains("White may fly"), "{}", m.caption);

    let (g, making) = removals();
    let m = shown(&g, &making, Lang::En);
    assert_eq!(m.removing, [p("c4")]);
    assert_eq!(m.removable.len(), 24 - 1);
    assert_eq!(m.prompt, "Remove 2 White stones: click 1 more");
}

#[test]
fn clicks_report_points() {
    let g = Geometry::new(SIZE);
    for name in ["a1", "g1", "a7", "g7", "d4", "c5"] {
        let mut ui = ui(shown(&placement(), &Making::default(), Lang::En));
        ui.point_at(g.center(p(name)));
        let _ = ui.simulate(simulator::click());
        let messages: Vec<Message> = ui.into_messages().collect();
        assert_eq!(messages, [Message::Clicked(p(name))], "{name}");
    }
    let board = g.board_rect();
    let mut ui = ui(TibetanModel::empty());
    ui.point_at(Pixel::new(board.x + 2.0, board.y + 2.0));
    let _ = ui.simulate(simulator::click());
    assert_eq!(ui.into_messages().count(), 0, "the rim is no point");
}

#[test]
fn snapshot_of_placement_with_formations() {
    let m = shown(&placement(), &Making::default(), Lang::En);
    let snapshot = ui(m).snapshot(&Theme::Light).expect("render");
    assert_snapshot(&snapshot, "tibetan-placement");
}

#[test]
fn snapshot_of_a_jump_chain_being_made_in_chinese() {
    let (g, making) = chain();
    let snapshot = ui(shown(&g, &making, Lang::Zh))
        .snapshot(&Theme::Light)
        .expect("render");
    assert_snapshot(&snapshot, "tibetan-jump-chain-zh");
}

#[test]
fn snapshot_of_the_opening_removals_being_picked() {
    let (g, making) = removals();
    let snapshot = ui(shown(&g, &making, Lang::En))
        .snapshot(&Theme::Light)
        .expect("render");
    assert_snapshot(&snapshot, "tibetan-removals");
}
