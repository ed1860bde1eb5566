//! Redrawing the Junqi board, as the desktop app does on every frame: building the
//! canvas geometry for a mid-game position (`board::draw_into`: paths and piece names),
//! and rasterising it with tiny-skia into an offscreen frame the size of the board
//! (scale 1, as a window on an ordinary screen). Run with `cargo bench --bench board_redraw`.
//!
//! Two positions, both from a seeded random game 40 plies in, South to move, 700x900:
//! - "player's view": what South sees during the game (its own pieces named, the enemy's
//!   as backs), a piece selected with its destinations marked, the last move;
//! - "audited board": every piece named, as after the game.
//!
//! "empty frame" is the same offscreen frame with nothing drawn on it: the cost of clearing
//! the pixels and handing them back, which the rasterising numbers include.

#[path = "../tests/support/random_games.rs"]
mod random_games;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use iced::widget::canvas::Frame;
use iced::{Color, Pixels, Rectangle, Size};
use iced_test::core::Renderer as _;
use iced_test::core::renderer::Headless;
use iced_test::renderer::geometry::Renderer as _;
use lanqi::gui::junqi::board::{self, BoardModel};
use lanqi::gui::{FONT, FONT_BOLD_BYTES, FONT_REGULAR_BYTES};
use lanqi::rules::junqi::{Move, Position, Side, Square, Token};

type Renderer = iced::Renderer;

const SIZE: Size = Size::new(700.0, 900.0);
const PLIES: usize = 40;

/// A position 40 plies into a seeded random game with South to move.
fn midgame() -> Position {
    (1u64..)
        .filter_map(|seed| {
            let line = random_games::random_line(seed, PLIES);
            let p = line.last()?.clone();
            let ongoing = line.len() > PLIES && !p.legal_moves().is_empty();
            (ongoing && p.side_to_move() == Side::South).then_some(p)
        })
        .next()
        .expect("a mid-game position")
}

/// What South sees: its pieces, the enemy's backs, its piece with the most destinations
/// selected, and two squares marked as the last move.
fn players_view(p: &Position) -> BoardModel {
    let view = p.view(Side::South);
    let mut model = BoardModel::from_view(&view, Side::South);
    let moves: Vec<Move> = p.legal_moves();
    let from = Square::all()
        .max_by_key(|&s| moves.iter().filter(|m| m.from == s).count())
        .expect("squares");
    model.selected = Some(from);
    model.targets = moves
        .iter()
        .filter(|m| m.from == from)
        .map(|m| m.to)
        .collect();
    model.last_move = moves.first().map(|m| (m.from, m.to));
    model
}

/// Every piece shown, as the audited board after a game.
fn audited(p: &Position) -> BoardModel {
    let mut model = BoardModel::empty(Side::South);
    for s in Square::all() {
        model.tokens[s.index()] = p.piece_at(s).map(Token::known);
    }
    model
}

fn renderer() -> Renderer {
    let fonts = iced_test::renderer::graphics::text::font_system();
    for bytes in [FONT_REGULAR_BYTES, FONT_BOLD_BYTES] {
        fonts.write().expect("font system").load_font(bytes.into());
    }
    iced_test::futures::futures::executor::block_on(<Renderer as Headless>::new(
        FONT,
        Pixels(16.0),
        Some("tiny-skia"),
    ))
    .expect("a headless tiny-skia renderer")
}

fn geometry(renderer: &Renderer, model: &BoardModel) -> iced::widget::canvas::Geometry {
    let mut frame = Frame::new(renderer, SIZE);
    board::draw_into(&mut frame, model);
    frame.into_geometry()
}

/// Rasterises `model` (or nothing) into a fresh offscreen frame; its RGBA bytes.
fn rasterise(renderer: &mut Renderer, model: Option<&BoardModel>) -> Vec<u8> {
    renderer.reset(Rectangle::with_size(SIZE));
    if let Some(model) = model {
        let g = geometry(renderer, model);
        renderer.draw_geometry(g);
    }
    let physical = iced::Size::new(SIZE.width as u32, SIZE.height as u32);
    renderer.screenshot(physical, 1.0, Color::WHITE)
}

fn redraw(c: &mut Criterion) {
    let position = midgame();
    let models = [
        ("player's view", players_view(&position)),
        ("audited board", audited(&position)),
    ];
    let mut renderer = renderer();

    // The picture is really drawn: more than a handful of colours.
    let rgba = rasterise(&mut renderer, Some(&models[0].1));
    let colours: std::collections::HashSet<&[u8]> = rgba.chunks(4).collect();
    assert!(colours.len() > 50, "only {} colours drawn", colours.len());

    let mut group = c.benchmark_group("board redraw 700x900");
    for (name, model) in &models {
        group.bench_function(format!("{name}: geometry"), |b| {
            b.iter(|| black_box(geometry(&renderer, black_box(model))))
        });
    }
    for (name, model) in &models {
        group.bench_function(format!("{name}: geometry + rasterise"), |b| {
            b.iter(|| black_box(rasterise(&mut renderer, Some(black_box(model)))))
        });
    }
    group.bench_function("empty frame", |b| {
        b.iter(|| black_box(rasterise(&mut renderer, None)))
    });
    group.finish();
}

criterion_group!(benches, redraw);
criterion_main!(benches);
