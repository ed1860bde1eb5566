//! The Junqi board drawn on an iced canvas, scaled to its bounds, with the viewer's side at
//! the bottom.
//!
//! It holds no rules: a screen builds a [`BoardModel`] from the rules core (what stands
//! where, what the viewer may see, what is selected, where the selected piece may go, the
//! last move) and the board only draws it and reports clicks.
//!
//! **Squares are absolute** (`rules::junqi::Square`, South's frame) everywhere in this
//! module: in [`BoardModel`] and in [`Message::Clicked`]. The turn to the viewer's own view
//! happens only inside [`Geometry`]. The file letters and rank numbers drawn on the edges
//! are the viewer's own-view names (a..e left to right, 1..12 bottom to top), which is how
//! the rules core names squares in layouts and on the wire.

use crate::gui::i18n::Lang;
use iced::widget::canvas::{self, Frame, LineDash, Path, Stroke};
use iced::widget::text::Alignment as TextAlign;
use iced::{Color, Font, Pixels, Point, Rectangle, Size, alignment};

use crate::gui::{BOLD, FONT};
use crate::rules::junqi::board::{RAIL_NEIGHBOURS, ROADS, cell_kind};
use crate::rules::junqi::square::{CELLS, FILES, ROWS, squares};
use crate::rules::junqi::{CellKind, Kind, Side, Square, Token, View};

/// What the board reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// The viewer clicked a square (absolute frame).
    Clicked(Square),
}

/// Everything the board shows, built by a screen from the rules core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardModel {
    /// Whose view this is: that side's half is drawn at the bottom.
    pub viewer: Side,
    /// What stands on each square (indexed by `Square::index`). A token whose kind is
    /// `None` is drawn as a back (暗子), the viewer's side's in red and the other's in blue
    /// (a player knows its own pieces; a spectator sees both sides' backs).
    pub tokens: [Option<Token>; CELLS],
    /// The selected square, outlined.
    pub selected: Option<Square>,
    /// Squares to mark as destinations of the selection (a dot, or a ring round a piece).
    pub targets: Vec<Square>,
    /// The last move, from and to, marked on both squares.
    pub last_move: Option<(Square, Square)>,
    /// The window's language: in traditional Chinese the pieces and the camps read
    /// traditional (軍長, 行營, 大本營).
    pub lang: Lang,
}

impl BoardModel {
    /// An empty board seen by `viewer`.
    pub fn empty(viewer: Side) -> BoardModel {
        BoardModel {
            viewer,
            tokens: [None; CELLS],
            selected: None,
            targets: Vec::new(),
            last_move: None,
            lang: Lang::En,
        }
    }

    /// What `viewer` sees of a position: the tokens of `view` (which should be `viewer`'s
    /// view, so that enemy pieces are hidden but a revealed flag), nothing selected.
    pub fn from_view(view: &View, viewer: Side) -> BoardModel {
        let mut model = BoardModel::empty(viewer);
        for square in Square::all() {
            model.tokens[square.index()] = view.at(square);
        }
        model
    }

    /// The token on a square.
    pub fn at(&self, square: Square) -> Option<Token> {
        self.tokens[square.index()]
    }
}

// Proportions, in units of the row pitch.
/// Column pitch over row pitch: tiles are wide, to hold two characters.
const PITCH_X: f32 = 1.5;
/// Room round the grid for the edge labels.
const MARGIN: f32 = 0.6;
/// The band between the halves (the front: mountains and three crossings).
const GAP: f32 = 0.85;
/// A piece tile, relative to its cell's pitch.
const TILE_W: f32 = 0.80 * PITCH_X;
const TILE_H: f32 = 0.64;

/// Where each square is drawn inside given bounds, for one viewer: the mapping between
/// squares and pixel rectangles (relative to the canvas's top-left corner).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    viewer: Side,
    /// Top-left corner of the board's outer rectangle.
    origin: Point,
    /// The row pitch in pixels.
    unit: f32,
}

impl Geometry {
    /// The board fitted (aspect kept, centred) into `size`, seen by `viewer`.
    pub fn new(size: Size, viewer: Side) -> Geometry {
        let (origin, unit) = crate::gui::board_canvas::fit(size, Geometry::proportions());
        Geometry {
            viewer,
            origin,
            unit,
        }
    }

    /// The board's width and height in row pitches.
    fn proportions() -> (f32, f32) {
        (
            f32::from(FILES) * PITCH_X + 2.0 * MARGIN,
            f32::from(ROWS) + GAP + 2.0 * MARGIN,
        )
    }

    /// The row pitch in pixels (the scale of everything drawn).
    pub fn unit(&self) -> f32 {
        self.unit
    }

    /// The whole board, margins included.
    pub fn board_rect(&self) -> Rectangle {
        let (w, h) = Geometry::proportions();
        Rectangle::new(self.origin, Size::new(w * self.unit, h * self.unit))
    }

    /// The viewer's (column, row) of an absolute square: column 0 at the left, row 0 at
    /// the top.
    fn view_cell(&self, square: Square) -> (u8, u8) {
        let v = square.to_view(self.viewer);
        (v.file(), v.row())
    }

    /// The centre of a view cell.
    fn view_center(&self, col: u8, row: u8) -> Point {
        let gap = if row >= ROWS / 2 { GAP } else { 0.0 };
        Point::new(
            self.origin.x + (MARGIN + (f32::from(col) + 0.5) * PITCH_X) * self.unit,
            self.origin.y + (MARGIN + f32::from(row) + 0.5 + gap) * self.unit,
        )
    }

    /// The centre of a square.
    pub fn center(&self, square: Square) -> Point {
        let (c, r) = self.view_cell(square);
        self.view_center(c, r)
    }

    /// The square's whole cell: one pitch wide and high, centred on the square. Cells
    /// tile the grid without overlapping; a click anywhere in one selects its square.
    pub fn cell_rect(&self, square: Square) -> Rectangle {
        self.centered(square, PITCH_X, 1.0)
    }

    /// The rectangle of a piece tile on the square.
    pub fn tile_rect(&self, square: Square) -> Rectangle {
        self.centered(square, TILE_W, TILE_H)
    }

    fn centered(&self, square: Square, w: f32, h: f32) -> Rectangle {
        let c = self.center(square);
        let (w, h) = (w * self.unit, h * self.unit);
        Rectangle::new(Point::new(c.x - w / 2.0, c.y - h / 2.0), Size::new(w, h))
    }

    /// The square whose cell holds `point`, if any (none in the margins or the front band).
    pub fn square_at(&self, point: Point) -> Option<Square> {
        if self.unit <= 0.0 {
            return None;
        }
        let x = (point.x - self.origin.x) / self.unit - MARGIN;
        let mut y = (point.y - self.origin.y) / self.unit - MARGIN;
        let half = f32::from(ROWS / 2);
        if y >= half {
            if y < half + GAP {
                return None;
            }
            y -= GAP;
        }
        if x < 0.0 || y < 0.0 {
            return None;
        }
        let (col, row) = ((x / PITCH_X).floor(), y.floor());
        if col >= f32::from(FILES) || row >= f32::from(ROWS) {
            return None;
        }
        Square::new(col as u8, row as u8).map(|v| v.from_view(self.viewer))
    }
}

/// The board as a canvas program: `canvas(Board::new(model))`; it publishes
/// [`Message::Clicked`].
pub type Board = crate::gui::board_canvas::BoardCanvas<BoardModel>;

mod palette {
    use iced::Color;

    pub const BOARD: Color = Color::from_rgb(0.96, 0.90, 0.76);
    pub const BOARD_EDGE: Color = Color::from_rgb(0.55, 0.40, 0.22);
    pub const ROAD: Color = Color::from_rgb(0.55, 0.43, 0.28);
    pub const RAIL: Color = Color::from_rgb(0.17, 0.17, 0.20);
    pub const RAIL_TIE: Color = Color::from_rgb(0.96, 0.90, 0.76);
    pub const STATION: Color = Color::from_rgb(0.99, 0.96, 0.88);
    pub const CAMP: Color = Color::from_rgb(0.78, 0.88, 0.72);
    pub const CAMP_EDGE: Color = Color::from_rgb(0.30, 0.50, 0.25);
    pub const HQ: Color = Color::from_rgb(0.96, 0.80, 0.74);
    pub const HQ_EDGE: Color = Color::from_rgb(0.62, 0.16, 0.12);
    pub const FRONT: Color = Color::from_rgb(0.74, 0.86, 0.93);
    pub const MOUNTAIN: Color = Color::from_rgb(0.48, 0.40, 0.30);
    pub const LABEL: Color = Color::from_rgb(0.42, 0.32, 0.20);
    pub const OWN_FACE: Color = Color::from_rgb(1.0, 0.97, 0.91);
    pub const OWN_INK: Color = Color::from_rgb(0.72, 0.11, 0.09);
    pub const ENEMY_FACE: Color = Color::from_rgb(0.92, 0.95, 0.99);
    pub const ENEMY_INK: Color = Color::from_rgb(0.10, 0.29, 0.55);
    pub const BACK: Color = Color::from_rgb(0.18, 0.36, 0.56);
    pub const BACK_EDGE: Color = Color::from_rgb(0.55, 0.70, 0.86);
    pub const OWN_BACK: Color = Color::from_rgb(0.60, 0.16, 0.12);
    pub const OWN_BACK_EDGE: Color = Color::from_rgb(0.92, 0.62, 0.52);
    pub const SHADOW: Color = Color::from_rgba(0.25, 0.18, 0.08, 0.30);
    pub const SELECTED: Color = Color::from_rgb(0.98, 0.72, 0.05);
    pub const TARGET: Color = Color::from_rgba(0.10, 0.58, 0.30, 0.85);
    pub const HOVER: Color = Color::from_rgba(1.0, 1.0, 1.0, 0.35);
    pub const LAST_MOVE: Color = Color::from_rgba(0.95, 0.55, 0.10, 0.35);
    pub const LAST_MOVE_EDGE: Color = Color::from_rgb(0.90, 0.45, 0.05);
}

impl crate::gui::board_canvas::SquareBoard for BoardModel {
    type Square = Square;
    type Message = Message;

    fn square_at(&self, size: Size, point: Point) -> Option<Square> {
        Geometry::new(size, self.viewer).square_at(point)
    }

    fn clickable(&self, square: Square) -> bool {
        self.at(square).is_some() || self.targets.contains(&square)
    }

    fn clicked(square: Square) -> Message {
        Message::Clicked(square)
    }

    fn draw(&self, frame: &mut Frame, hover: Option<Square>) {
        let geometry = Geometry::new(frame.size(), self.viewer);
        draw_board(frame, &geometry, self, hover);
    }
}

/// Draws `model` into `frame`, fitted to the frame's size, with nothing under the cursor:
/// what the canvas draws on every redraw (for benchmarks: `benches/board_redraw.rs`).
pub fn draw_into(frame: &mut Frame, model: &BoardModel) {
    let geometry = Geometry::new(frame.size(), model.viewer);
    draw_board(frame, &geometry, model, None);
}

/// Draws the whole board into `frame`.
fn draw_board(frame: &mut Frame, g: &Geometry, model: &BoardModel, hover: Option<Square>) {
    let u = g.unit();
    if u <= 0.0 {
        return;
    }
    let board = g.board_rect();
    let rounded =
        |r: Rectangle, radius: f32| Path::rounded_rectangle(r.position(), r.size(), radius.into());
    frame.fill(&rounded(board, 0.25 * u), palette::BOARD);
    frame.stroke(
        &rounded(board, 0.25 * u),
        Stroke::default()
            .with_color(palette::BOARD_EDGE)
            .with_width((0.06 * u).max(1.0)),
    );
    draw_front(frame, g, u);
    draw_lines(frame, g, u);
    for square in Square::all() {
        // A cell's name is shown only when nothing stands or is marked on it (canvas
        // text is always drawn on top of shapes).
        let bare = model.at(square).is_none() && !model.targets.contains(&square);
        draw_cell(frame, g, u, square, bare, model.lang);
    }
    if let Some((from, to)) = model.last_move {
        for s in [from, to] {
            let r = g.tile_rect(s);
            let r = Rectangle::new(
                Point::new(r.x - 0.08 * u, r.y - 0.08 * u),
                Size::new(r.width + 0.16 * u, r.height + 0.16 * u),
            );
            frame.fill(&rounded(r, 0.16 * u), palette::LAST_MOVE);
            frame.stroke(
                &rounded(r, 0.16 * u),
                Stroke::default()
                    .with_color(palette::LAST_MOVE_EDGE)
                    .with_width((0.04 * u).max(1.0)),
            );
        }
    }
    if let Some(s) = hover {
        frame.fill(&rounded(g.cell_rect(s), 0.12 * u), palette::HOVER);
    }
    for square in Square::all() {
        if let Some(token) = model.at(square) {
            draw_piece(frame, g, u, square, token, model.viewer, model.lang);
        }
    }
    if let Some(s) = model.selected {
        let r = g.tile_rect(s);
        let grow = 0.07 * u;
        let r = Rectangle::new(
            Point::new(r.x - grow, r.y - grow),
            Size::new(r.width + 2.0 * grow, r.height + 2.0 * grow),
        );
        frame.stroke(
            &rounded(r, 0.16 * u),
            Stroke::default()
                .with_color(palette::SELECTED)
                .with_width((0.09 * u).max(2.0)),
        );
    }
    for &s in &model.targets {
        if model.at(s).is_some() {
            let r = g.tile_rect(s);
            let grow = 0.06 * u;
            let r = Rectangle::new(
                Point::new(r.x - grow, r.y - grow),
                Size::new(r.width + 2.0 * grow, r.height + 2.0 * grow),
            );
            frame.stroke(
                &rounded(r, 0.16 * u),
                Stroke::default()
                    .with_color(palette::TARGET)
                    .with_width((0.06 * u).max(1.5)),
            );
        } else {
            frame.fill(&Path::circle(g.center(s), 0.14 * u), palette::TARGET);
        }
    }
    draw_labels(frame, g, u);
}

/// The band between the halves: water, mountains cutting files b and d, and the three
/// crossings (drawn with the railways).
fn draw_front(frame: &mut Frame, g: &Geometry, u: f32) {
    let board = g.board_rect();
    let y0 = g.view_center(0, ROWS / 2 - 1).y + 0.5 * u;
    frame.fill_rectangle(
        Point::new(board.x + 0.03 * u, y0 + 0.08 * u),
        Size::new(board.width - 0.06 * u, (GAP - 0.16) * u),
        palette::FRONT,
    );
    let mid = y0 + GAP * u / 2.0;
    for col in [1u8, 3] {
        let x = g.view_center(col, 0).x;
        let h = 0.5 * u;
        for (dx, scale) in [(-0.22, 0.8), (0.18, 1.0)] {
            let peak = Point::new(x + dx * u, mid - h * scale / 2.0);
            let mountain = Path::new(|b| {
                b.move_to(peak);
                b.line_to(Point::new(peak.x - 0.32 * u * scale, mid + h / 2.0));
                b.line_to(Point::new(peak.x + 0.32 * u * scale, mid + h / 2.0));
                b.close();
            });
            frame.fill(&mountain, palette::MOUNTAIN);
        }
    }
}

/// Roads (thin) and railways (thick dark tracks with light ties).
fn draw_lines(frame: &mut Frame, g: &Geometry, u: f32) {
    let road = Stroke::default()
        .with_color(palette::ROAD)
        .with_width((0.035 * u).max(1.0));
    for a in Square::all() {
        for b in squares(ROADS[a.index()] & !RAIL_NEIGHBOURS[a.index()]) {
            if b > a {
                frame.stroke(&Path::line(g.center(a), g.center(b)), road);
            }
        }
    }
    let rail = Stroke::default()
        .with_color(palette::RAIL)
        .with_width((0.13 * u).max(3.0));
    let tie_len = [0.06 * u, 0.10 * u];
    let ties = Stroke {
        line_dash: LineDash {
            segments: &tie_len,
            offset: 0,
        },
        ..Stroke::default()
            .with_color(palette::RAIL_TIE)
            .with_width((0.05 * u).max(1.0))
    };
    for a in Square::all() {
        for b in squares(RAIL_NEIGHBOURS[a.index()]) {
            if b > a {
                let line = Path::line(g.center(a), g.center(b));
                frame.stroke(&line, rail);
                frame.stroke(&line, ties);
            }
        }
    }
}

/// A cell's mark: a station's box, a camp's circle, a headquarters' arch.
fn draw_cell(frame: &mut Frame, g: &Geometry, u: f32, square: Square, empty: bool, lang: Lang) {
    let c = g.center(square);
    match cell_kind(square) {
        CellKind::Station => {
            let r = g.tile_rect(square);
            let r = Rectangle::new(
                Point::new(r.x + 0.1 * u, r.y + 0.08 * u),
                Size::new(r.width - 0.2 * u, r.height - 0.16 * u),
            );
            let path = Path::rounded_rectangle(r.position(), r.size(), (0.06 * u).into());
            frame.fill(&path, palette::STATION);
            frame.stroke(
                &path,
                Stroke::default()
                    .with_color(palette::ROAD)
                    .with_width((0.025 * u).max(1.0)),
            );
        }
        CellKind::Camp => {
            let path = Path::circle(c, 0.40 * u);
            frame.fill(&path, palette::CAMP);
            frame.stroke(
                &path,
                Stroke::default()
                    .with_color(palette::CAMP_EDGE)
                    .with_width((0.05 * u).max(1.0)),
            );
            if empty {
                label(
                    frame,
                    &lang.hanzi("行营"),
                    c,
                    0.24 * u,
                    palette::CAMP_EDGE,
                    FONT,
                );
            }
        }
        CellKind::Headquarters => {
            let r = g.tile_rect(square);
            let r = Rectangle::new(
                Point::new(r.x - 0.04 * u, r.y - 0.10 * u),
                Size::new(r.width + 0.08 * u, r.height + 0.18 * u),
            );
            let radius = iced::border::Radius {
                top_left: 0.45 * u,
                top_right: 0.45 * u,
                bottom_right: 0.08 * u,
                bottom_left: 0.08 * u,
            };
            let path = Path::rounded_rectangle(r.position(), r.size(), radius);
            frame.fill(&path, palette::HQ);
            frame.stroke(
                &path,
                Stroke::default()
                    .with_color(palette::HQ_EDGE)
                    .with_width((0.05 * u).max(1.0)),
            );
            if empty {
                label(
                    frame,
                    &lang.hanzi("大本营"),
                    c,
                    0.24 * u,
                    palette::HQ_EDGE,
                    FONT,
                );
            }
        }
    }
}

/// A piece: a rounded tile with its Chinese name, or a back for a hidden piece (blue for
/// the other side's, red for the viewer's side's: only a spectator sees those).
fn draw_piece(
    frame: &mut Frame,
    g: &Geometry,
    u: f32,
    square: Square,
    token: Token,
    viewer: Side,
    lang: Lang,
) {
    let r = g.tile_rect(square);
    let radius = 0.12 * u;
    let shadow = Path::rounded_rectangle(
        Point::new(r.x + 0.04 * u, r.y + 0.06 * u),
        r.size(),
        radius.into(),
    );
    frame.fill(&shadow, palette::SHADOW);
    let tile = Path::rounded_rectangle(r.position(), r.size(), radius.into());
    let own = token.side == viewer;
    match token.kind {
        None => {
            let (back, edge) = if own {
                (palette::OWN_BACK, palette::OWN_BACK_EDGE)
            } else {
                (palette::BACK, palette::BACK_EDGE)
            };
            frame.fill(&tile, back);
            let inset = 0.08 * u;
            let inner = Path::rounded_rectangle(
                Point::new(r.x + inset, r.y + inset),
                Size::new(r.width - 2.0 * inset, r.height - 2.0 * inset),
                (radius * 0.6).into(),
            );
            frame.stroke(
                &inner,
                Stroke::default()
                    .with_color(edge)
                    .with_width((0.03 * u).max(1.0)),
            );
            frame.fill(&Path::circle(r.center(), 0.09 * u), edge);
        }
        Some(kind) => {
            let (face, ink) = if own {
                (palette::OWN_FACE, palette::OWN_INK)
            } else {
                (palette::ENEMY_FACE, palette::ENEMY_INK)
            };
            frame.fill(&tile, face);
            frame.stroke(
                &tile,
                Stroke::default()
                    .with_color(ink)
                    .with_width((0.045 * u).max(1.0)),
            );
            if kind == Kind::Flag {
                // A pennant behind the name, so the flag stands out at a glance.
                let c = r.center();
                let pennant = Path::new(|b| {
                    b.move_to(Point::new(c.x - 0.42 * u, r.y + 0.1 * u));
                    b.line_to(Point::new(c.x + 0.42 * u, r.y + 0.1 * u));
                    b.line_to(Point::new(c.x + 0.30 * u, c.y));
                    b.line_to(Point::new(c.x + 0.42 * u, r.y + r.height - 0.1 * u));
                    b.line_to(Point::new(c.x - 0.42 * u, r.y + r.height - 0.1 * u));
                    b.close();
                });
                frame.fill(&pennant, Color { a: 0.16, ..ink });
            }
            label(
                frame,
                &lang.hanzi(kind.chinese()),
                r.center(),
                0.34 * u,
                ink,
                BOLD,
            );
        }
    }
}

/// File letters along the bottom and rank numbers down the left, in the viewer's own view.
fn draw_labels(frame: &mut Frame, g: &Geometry, u: f32) {
    let board = g.board_rect();
    for col in 0..FILES {
        let x = g.view_center(col, 0).x;
        let letter = char::from(b'a' + col).to_string();
        let y = board.y + board.height - 0.3 * u;
        label(
            frame,
            &letter,
            Point::new(x, y),
            0.26 * u,
            palette::LABEL,
            FONT,
        );
    }
    for row in 0..ROWS {
        let y = g.view_center(0, row).y;
        let rank = (ROWS - row).to_string();
        label(
            frame,
            &rank,
            Point::new(board.x + 0.3 * u, y),
            0.24 * u,
            palette::LABEL,
            FONT,
        );
    }
}

fn label(frame: &mut Frame, content: &str, at: Point, size: f32, color: Color, font: Font) {
    frame.fill_text(canvas::Text {
        content: content.to_string(),
        position: at,
        size: Pixels(size),
        color,
        font,
        align_x: TextAlign::Center,
        align_y: alignment::Vertical::Center,
        ..canvas::Text::default()
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        name.parse().unwrap()
    }

    const SIZES: [(f32, f32); 4] = [
        (400.0, 700.0),
        (1024.0, 768.0),
        (300.0, 300.0),
        (613.0, 1111.0),
    ];

    #[test]
    fn every_square_maps_to_a_cell_and_back_at_several_sizes() {
        for (w, h) in SIZES {
            for viewer in Side::BOTH {
                let g = Geometry::new(Size::new(w, h), viewer);
                let board = g.board_rect();
                assert!(board.width <= w + 0.01 && board.height <= h + 0.01);
                for square in Square::all() {
                    let cell = g.cell_rect(square);
                    let tile = g.tile_rect(square);
                    assert!(board.contains(cell.center()));
                    for p in [
                        cell.center(),
                        tile.position(),
                        Point::new(tile.x + tile.width - 0.01, tile.y + tile.height - 0.01),
                        Point::new(cell.x + 0.01, cell.y + 0.01),
                        Point::new(cell.x + cell.width - 0.01, cell.y + cell.height - 0.01),
                    ] {
                        assert_eq!(
                            g.square_at(p),
                            Some(square),
                            "{square} at {w}x{h}, {viewer}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_viewers_half_is_at_the_bottom() {
        for (w, h) in SIZES {
            for viewer in Side::BOTH {
                let g = Geometry::new(Size::new(w, h), viewer);
                let mid = g.board_rect().center_y();
                for square in Square::all() {
                    let below = g.center(square).y > mid;
                    assert_eq!(below, square.half() == viewer, "{square} for {viewer}");
                }
                // The viewer's own a1 is the bottom-left cell, its own e12 the top-right.
                let a1 = s("a1").from_view(viewer);
                let e12 = s("e12").from_view(viewer);
                for other in Square::all() {
                    assert!(g.center(other).x >= g.center(a1).x - 0.01);
                    assert!(g.center(other).y <= g.center(a1).y + 0.01);
                    assert!(g.center(other).x <= g.center(e12).x + 0.01);
                    assert!(g.center(other).y >= g.center(e12).y - 0.01);
                }
            }
        }
        // South sees absolute squares as they are; North sees them turned.
        let size = Size::new(500.0, 800.0);
        let south = Geometry::new(size, Side::South);
        let north = Geometry::new(size, Side::North);
        assert_eq!(south.center(s("b1")), north.center(s("d12")));
    }

    #[test]
    fn margins_and_the_front_band_are_not_squares() {
        let g = Geometry::new(Size::new(500.0, 800.0), Side::South);
        let board = g.board_rect();
        assert_eq!(g.square_at(Point::new(board.x + 1.0, board.y + 1.0)), None);
        assert_eq!(g.square_at(Point::new(-5.0, 400.0)), None);
        let front = (g.cell_rect(s("c6")).y + g.cell_rect(s("c7")).y + g.unit()) / 2.0;
        assert_eq!(g.square_at(Point::new(g.center(s("c6")).x, front)), None);
        assert_eq!(
            Geometry::new(Size::ZERO, Side::North).square_at(Point::ORIGIN),
            None
        );
    }
}
