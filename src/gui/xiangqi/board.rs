//! The Xiangqi board (象棋棋盘) drawn on an iced canvas, scaled to its bounds, with the
//! viewer's home rank at the bottom.
//!
//! It holds no rules: a screen builds an [`XiangqiModel`] from the rules core (what stands
//! where, what is selected, where the selected piece may go, the last move, a general in
//! check) and the board only draws it and reports clicks.
//!
//! **Squares are absolute** (`rules::xiangqi::Square`, ICCS names: files `a`..`i` from
//! Red's left, ranks `0`..`9` from Red's side) everywhere in this module: in
//! [`XiangqiModel`] and in [`Message::Clicked`]. The turn to the viewer's own view happens
//! only inside [`Geometry`]: Red sees rank 0 at the bottom and file `a` at the left; Black
//! sees the board turned half round.
//!
//! The file numbers on the edges are the ones players read: each side counts its files from
//! its own right, Red in Chinese numerals (一..九), Black in digits (1..9), as
//! [`crate::rules::xiangqi::notation`] writes moves. The viewer's numbers run along the
//! bottom edge and the opponent's along the top.
//!
//! All writing (piece names, the river's 楚河 汉界, the file numbers) is drawn as glyph
//! outlines filled in drawing order, not as canvas text, which iced always puts on top of
//! every shape: that way a piece standing by the river covers the river's writing, as it
//! does on a real board.

use crate::gui::board_canvas::write;
use crate::gui::i18n::Lang;
use iced::widget::canvas::{Frame, Path, Stroke, gradient};
use iced::{Color, Point, Rectangle, Size, Vector};

use crate::gui::{BOLD, FONT};
use crate::rules::xiangqi::square::{FILES, RANKS, SQUARES};
use crate::rules::xiangqi::{Piece, Position, Side, Square};

/// What the board reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// The viewer clicked a point (absolute square).
    Clicked(Square),
}

/// Everything the board shows, built by a screen from the rules core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct XiangqiModel {
    /// Whose view this is: that side's home rank is drawn at the bottom.
    pub viewer: Side,
    /// What stands on each point (indexed by `Square::index`).
    pub pieces: [Option<Piece>; SQUARES],
    /// The selected point: its piece is drawn lifted and outlined.
    pub selected: Option<Square>,
    /// The legal destinations of the selection: a dot on an empty point, a ring round a
    /// piece that would be captured.
    pub targets: Vec<Square>,
    /// The last move, from and to, marked on both points.
    pub last_move: Option<(Square, Square)>,
    /// A general in check, marked in red.
    pub check: Option<Square>,
    /// The window's language: in traditional Chinese the pieces and the river read
    /// traditional (帥, 車, 馬, 漢界).
    pub lang: Lang,
}

impl XiangqiModel {
    /// An empty board seen by `viewer`.
    pub fn empty(viewer: Side) -> XiangqiModel {
        XiangqiModel {
            viewer,
            pieces: [None; SQUARES],
            selected: None,
            targets: Vec::new(),
            last_move: None,
            check: None,
            lang: Lang::En,
        }
    }

    /// The pieces of `position` seen by `viewer`, with the general of the side to move
    /// marked when it is in check; nothing selected, no last move.
    pub fn from_position(position: &Position, viewer: Side) -> XiangqiModel {
        let mut model = XiangqiModel::empty(viewer);
        for square in Square::all() {
            model.pieces[square.index()] = position.piece_at(square);
        }
        if position.is_check() {
            model.check = Some(position.king(position.side_to_move()));
        }
        model
    }

    /// The piece on a point.
    pub fn at(&self, square: Square) -> Option<Piece> {
        self.pieces[square.index()]
    }
}

// Proportions, in units of the point pitch (the distance between neighbouring lines).
/// From the outermost lines to the board's left and right edges.
const MARGIN_X: f32 = 0.78;
/// From the outermost lines to the board's top and bottom edges (room for the file numbers).
const MARGIN_Y: f32 = 1.12;
/// A piece's radius.
const PIECE: f32 = 0.45;
/// How far the outer frame stands outside the outermost lines.
const FRAME: f32 = 0.2;
/// Where the file numbers stand, outside the outermost lines.
const NUMBERS: f32 = 0.82;
/// How far a selected piece is lifted off the board.
const LIFT: f32 = 0.07;
/// The last grid column in the view (the rightmost line).
const LAST_COL: u8 = FILES - 1;
/// The last grid row in the view (the bottom line).
const LAST_ROW: u8 = RANKS - 1;

/// Where each point is drawn inside given bounds, for one viewer: the mapping between
/// squares and pixels (relative to the canvas's top-left corner).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    viewer: Side,
    /// Top-left corner of the board's outer rectangle.
    origin: Point,
    /// The point pitch in pixels.
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

    /// The board's width and height in point pitches.
    fn proportions() -> (f32, f32) {
        (
            f32::from(LAST_COL) + 2.0 * MARGIN_X,
            f32::from(LAST_ROW) + 2.0 * MARGIN_Y,
        )
    }

    /// The point pitch in pixels (the scale of everything drawn).
    pub fn unit(&self) -> f32 {
        self.unit
    }

    /// Whose view this is.
    pub fn viewer(&self) -> Side {
        self.viewer
    }

    /// The whole board, margins included.
    pub fn board_rect(&self) -> Rectangle {
        let (w, h) = Geometry::proportions();
        Rectangle::new(self.origin, Size::new(w * self.unit, h * self.unit))
    }

    /// The viewer's (column, row) of an absolute square: column 0 at the left, row 0 at
    /// the top.
    fn view_cell(&self, square: Square) -> (u8, u8) {
        match self.viewer {
            Side::Red => (square.file(), LAST_ROW - square.rank()),
            Side::Black => (LAST_COL - square.file(), square.rank()),
        }
    }

    /// The absolute square at the viewer's (column, row).
    fn view_square(&self, col: u8, row: u8) -> Option<Square> {
        if col > LAST_COL || row > LAST_ROW {
            return None;
        }
        match self.viewer {
            Side::Red => Square::new(col, LAST_ROW - row),
            Side::Black => Square::new(LAST_COL - col, row),
        }
    }

    /// A point given in view grid coordinates (pitches right of the leftmost line and
    /// below the top line; fractions and values outside the grid allowed).
    fn at(&self, x: f32, y: f32) -> Point {
        Point::new(
            self.origin.x + (MARGIN_X + x) * self.unit,
            self.origin.y + (MARGIN_Y + y) * self.unit,
        )
    }

    /// The centre of a point of the view grid.
    fn view_center(&self, col: u8, row: u8) -> Point {
        self.at(f32::from(col), f32::from(row))
    }

    /// The centre of a square: where its lines cross, and where a piece on it stands.
    pub fn center(&self, square: Square) -> Point {
        let (c, r) = self.view_cell(square);
        self.view_center(c, r)
    }

    /// The square whose point is nearest to `point`: each point owns the pitch-wide square
    /// cell centred on it, so the cells tile the grid and half a pitch round it. Outside
    /// that (the rest of the margins, beyond the board) there is none.
    pub fn square_at(&self, point: Point) -> Option<Square> {
        if self.unit <= 0.0 {
            return None;
        }
        let x = (point.x - self.origin.x) / self.unit - MARGIN_X + 0.5;
        let y = (point.y - self.origin.y) / self.unit - MARGIN_Y + 0.5;
        if !(x >= 0.0 && y >= 0.0) {
            return None;
        }
        let (col, row) = (x.floor(), y.floor());
        if col > f32::from(LAST_COL) || row > f32::from(LAST_ROW) {
            return None;
        }
        self.view_square(col as u8, row as u8)
    }
}

/// The board as a canvas program: `canvas(XiangqiBoard::new(model))`; it publishes
/// [`Message::Clicked`].
pub type XiangqiBoard = crate::gui::board_canvas::BoardCanvas<XiangqiModel>;

mod palette {
    use iced::Color;

    pub const BOARD: Color = Color::from_rgb(0.96, 0.90, 0.76);
    pub const BOARD_EDGE: Color = Color::from_rgb(0.55, 0.40, 0.22);
    pub const RIVER: Color = Color::from_rgba(0.62, 0.50, 0.30, 0.10);
    pub const LINE: Color = Color::from_rgb(0.30, 0.20, 0.10);
    pub const RIVER_TEXT: Color = Color::from_rgba(0.30, 0.20, 0.10, 0.78);
    pub const LABEL: Color = Color::from_rgb(0.42, 0.32, 0.20);
    pub const SHADOW: Color = Color::from_rgba(0.25, 0.16, 0.06, 0.35);
    pub const LIFTED_SHADOW: Color = Color::from_rgba(0.25, 0.16, 0.06, 0.28);
    pub const RIM: Color = Color::from_rgb(0.80, 0.62, 0.38);
    pub const RIM_EDGE: Color = Color::from_rgb(0.45, 0.30, 0.14);
    pub const FACE_LIGHT: Color = Color::from_rgb(1.0, 0.97, 0.89);
    pub const FACE_DARK: Color = Color::from_rgb(0.95, 0.86, 0.68);
    pub const RED_INK: Color = Color::from_rgb(0.74, 0.09, 0.07);
    pub const BLACK_INK: Color = Color::from_rgb(0.10, 0.10, 0.12);
    pub const SELECTED: Color = Color::from_rgb(0.98, 0.72, 0.05);
    pub const TARGET: Color = Color::from_rgba(0.10, 0.58, 0.30, 0.90);
    pub const TARGET_EDGE: Color = Color::from_rgba(1.0, 1.0, 1.0, 0.85);
    pub const HOVER: Color = Color::from_rgba(1.0, 1.0, 1.0, 0.45);
    pub const LAST_MOVE: Color = Color::from_rgba(0.20, 0.50, 0.90, 0.14);
    pub const LAST_MOVE_EDGE: Color = Color::from_rgb(0.12, 0.42, 0.78);
    pub const LAST_MOVE_RING: Color = Color::from_rgba(0.12, 0.42, 0.78, 0.55);
    pub const CHECK: Color = Color::from_rgba(0.92, 0.10, 0.08, 0.35);
    pub const CHECK_EDGE: Color = Color::from_rgb(0.88, 0.08, 0.06);
}

impl crate::gui::board_canvas::SquareBoard for XiangqiModel {
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

/// A stroke of `color`, `width` pitches wide (at least `min` pixels).
fn pen(color: Color, width: f32, u: f32, min: f32) -> Stroke<'static> {
    Stroke::default()
        .with_color(color)
        .with_width((width * u).max(min))
}

/// Draws the whole board into `frame`, back to front.
fn draw_board(frame: &mut Frame, g: &Geometry, model: &XiangqiModel, hover: Option<Square>) {
    let u = g.unit();
    if u <= 0.0 {
        return;
    }
    draw_wood(frame, g, u);
    draw_lines(frame, g, u);
    draw_river_text(frame, g, u, model.lang);
    draw_numbers(frame, g, u);
    if let Some((from, to)) = model.last_move {
        for s in [from, to] {
            draw_last_move(frame, g.center(s), u, model.at(s).is_none());
        }
    }
    if let Some(s) = hover {
        frame.fill(
            &Path::circle(g.center(s), (PIECE + 0.04) * u),
            palette::HOVER,
        );
    }
    if let Some(s) = model.check {
        let c = g.center(s);
        frame.fill(&Path::circle(c, (PIECE + 0.12) * u), palette::CHECK);
    }
    for square in Square::all() {
        if model.selected == Some(square) {
            continue;
        }
        if let Some(piece) = model.at(square) {
            draw_piece(frame, g.center(square), u, piece, false, model.lang);
        }
    }
    if let Some(s) = model.check {
        frame.stroke(
            &Path::circle(g.center(s), (PIECE + 0.05) * u),
            pen(palette::CHECK_EDGE, 0.06, u, 2.0),
        );
    }
    for &s in &model.targets {
        let c = g.center(s);
        if model.at(s).is_some() {
            frame.stroke(
                &Path::circle(c, (PIECE + 0.05) * u),
                pen(palette::TARGET, 0.065, u, 2.0),
            );
        } else {
            let dot = Path::circle(c, 0.13 * u);
            frame.fill(&dot, palette::TARGET);
            frame.stroke(&dot, pen(palette::TARGET_EDGE, 0.025, u, 1.0));
        }
    }
    if let Some(s) = model.selected {
        let c = g.center(s);
        if let Some(piece) = model.at(s) {
            draw_piece(frame, c, u, piece, true, model.lang);
            let lifted = c + Vector::new(0.0, -LIFT * u);
            frame.stroke(
                &Path::circle(lifted, (PIECE + 0.045) * u),
                pen(palette::SELECTED, 0.075, u, 2.0),
            );
        } else {
            frame.stroke(
                &Path::circle(c, PIECE * u),
                pen(palette::SELECTED, 0.06, u, 2.0),
            );
        }
    }
}

/// The wooden board, its rim, and the tint of the river.
fn draw_wood(frame: &mut Frame, g: &Geometry, u: f32) {
    let board = g.board_rect();
    let outer = Path::rounded_rectangle(board.position(), board.size(), (0.22 * u).into());
    frame.fill(&outer, palette::BOARD);
    frame.stroke(&outer, pen(palette::BOARD_EDGE, 0.06, u, 1.0));
    let river_top = g.at(0.0, 4.0);
    let river_bottom = g.at(f32::from(LAST_COL), 5.0);
    frame.fill_rectangle(
        river_top,
        Size::new(river_bottom.x - river_top.x, river_bottom.y - river_top.y),
        palette::RIVER,
    );
}

/// The grid (the inner files stop at the river), the palaces' diagonals, the marks of the
/// cannons' and soldiers' starting points, and the double frame.
fn draw_lines(frame: &mut Frame, g: &Geometry, u: f32) {
    let line = pen(palette::LINE, 0.03, u, 1.0);
    let (last_col, last_row) = (f32::from(LAST_COL), f32::from(LAST_ROW));
    for row in 0..=LAST_ROW {
        let y = f32::from(row);
        frame.stroke(&Path::line(g.at(0.0, y), g.at(last_col, y)), line);
    }
    for col in 1..LAST_COL {
        let x = f32::from(col);
        frame.stroke(&Path::line(g.at(x, 0.0), g.at(x, 4.0)), line);
        frame.stroke(&Path::line(g.at(x, 5.0), g.at(x, last_row)), line);
    }
    // The palaces: files d..f, three ranks at each end.
    for top in [0.0, 7.0] {
        frame.stroke(&Path::line(g.at(3.0, top), g.at(5.0, top + 2.0)), line);
        frame.stroke(&Path::line(g.at(5.0, top), g.at(3.0, top + 2.0)), line);
    }
    // Where the cannons and the soldiers start (the same points in either view).
    let marks = [1u8, 7]
        .iter()
        .flat_map(|&c| [(c, 2u8), (c, 7)])
        .chain([0u8, 2, 4, 6, 8].iter().flat_map(|&c| [(c, 3u8), (c, 6)]));
    for (col, row) in marks {
        draw_point_mark(frame, g.view_center(col, row), col, u, line);
    }
    // The double frame: the outermost lines drawn heavier, and a heavy frame round them.
    let grid = Path::rectangle(g.at(0.0, 0.0), Size::new(last_col * u, last_row * u));
    frame.stroke(&grid, pen(palette::LINE, 0.05, u, 1.5));
    let outer = Path::rectangle(
        g.at(-FRAME, -FRAME),
        Size::new((last_col + 2.0 * FRAME) * u, (last_row + 2.0 * FRAME) * u),
    );
    frame.stroke(&outer, pen(palette::LINE, 0.09, u, 2.0));
}

/// The four small corners round a starting point (炮位, 兵位), the ones that would fall
/// off the board left out on the edge files.
fn draw_point_mark(frame: &mut Frame, c: Point, col: u8, u: f32, stroke: Stroke<'_>) {
    let (gap, arm) = (0.08 * u, 0.2 * u);
    for dx in [-1.0f32, 1.0] {
        if (col == 0 && dx < 0.0) || (col == LAST_COL && dx > 0.0) {
            continue;
        }
        for dy in [-1.0f32, 1.0] {
            let corner = Point::new(c.x + dx * gap, c.y + dy * gap);
            let mark = Path::new(|b| {
                b.move_to(Point::new(corner.x + dx * arm, corner.y));
                b.line_to(corner);
                b.line_to(Point::new(corner.x, corner.y + dy * arm));
            });
            frame.stroke(&mark, stroke);
        }
    }
}

/// 楚河 on the viewer's left of the river, 汉界 on the right.
fn draw_river_text(frame: &mut Frame, g: &Geometry, u: f32, lang: Lang) {
    for (x, ch) in [(1.45, "楚"), (2.55, "河"), (5.45, "汉"), (6.55, "界")] {
        let ch = lang.hanzi(ch);
        write(
            frame,
            &ch,
            g.at(x, 4.5),
            0.58 * u,
            palette::RIVER_TEXT,
            BOLD,
        );
    }
}

/// Each side's file numbers, counted from its own right: the viewer's along the bottom
/// edge, the opponent's along the top.
fn draw_numbers(frame: &mut Frame, g: &Geometry, u: f32) {
    const RED: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
    const BLACK: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
    for file in 0..FILES {
        for side in Side::BOTH {
            let (number, table) = match side {
                Side::Red => (FILES - 1 - file, &RED),
                Side::Black => (file, &BLACK),
            };
            let Some(square) = Square::new(file, 0) else {
                continue;
            };
            let x = g.center(square).x;
            let y = if side == g.viewer() {
                g.at(0.0, f32::from(LAST_ROW) + NUMBERS).y
            } else {
                g.at(0.0, -NUMBERS).y
            };
            write(
                frame,
                table[usize::from(number)],
                Point::new(x, y),
                0.34 * u,
                palette::LABEL,
                FONT,
            );
        }
    }
}

/// The last move's mark on a point: four corner brackets, and a tinted disc when the point
/// is empty (where the piece came from).
fn draw_last_move(frame: &mut Frame, c: Point, u: f32, empty: bool) {
    if empty {
        let ring = Path::circle(c, 0.3 * u);
        frame.fill(&ring, palette::LAST_MOVE);
        frame.stroke(&ring, pen(palette::LAST_MOVE_RING, 0.03, u, 1.0));
    }
    let (reach, arm) = (0.46 * u, 0.12 * u);
    let stroke = pen(palette::LAST_MOVE_EDGE, 0.05, u, 1.5);
    for dx in [-1.0f32, 1.0] {
        for dy in [-1.0f32, 1.0] {
            let corner = Point::new(c.x + dx * reach, c.y + dy * reach);
            let bracket = Path::new(|b| {
                b.move_to(Point::new(corner.x - dx * arm, corner.y));
                b.line_to(corner);
                b.line_to(Point::new(corner.x, corner.y - dy * arm));
            });
            frame.stroke(&bracket, stroke);
        }
    }
}

/// A piece: a round wooden disc with a rim, a ring engraved in its side's ink, and its
/// Chinese name; lifted off the board when selected.
fn draw_piece(frame: &mut Frame, c: Point, u: f32, piece: Piece, lifted: bool, lang: Lang) {
    let r = PIECE * u;
    let (c, shadow, shadow_color) = if lifted {
        (
            c + Vector::new(0.0, -LIFT * u),
            Vector::new(0.05 * u, 0.10 * u),
            palette::LIFTED_SHADOW,
        )
    } else {
        (c, Vector::new(0.03 * u, 0.06 * u), palette::SHADOW)
    };
    frame.fill(&Path::circle(c + shadow, r), shadow_color);
    let disc = Path::circle(c, r);
    frame.fill(&disc, palette::RIM);
    let face = Path::circle(c, r * 0.9);
    let light = gradient::Linear::new(Point::new(c.x - r, c.y - r), Point::new(c.x + r, c.y + r))
        .add_stop(0.0, palette::FACE_LIGHT)
        .add_stop(1.0, palette::FACE_DARK);
    frame.fill(&face, light);
    frame.stroke(&disc, pen(palette::RIM_EDGE, 0.022, u, 1.0));
    let ink = match piece.side {
        Side::Red => palette::RED_INK,
        Side::Black => palette::BLACK_INK,
    };
    frame.stroke(&Path::circle(c, r * 0.76), pen(ink, 0.03, u, 1.0));
    let name = lang.hanzi(&piece.chinese().to_string());
    write(frame, &name, c, 0.54 * u, ink, BOLD);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        name.parse().unwrap()
    }

    const SIZES: [(f32, f32); 5] = [
        (400.0, 700.0),
        (1024.0, 768.0),
        (300.0, 300.0),
        (613.0, 1111.0),
        (90.0, 57.0),
    ];

    #[test]
    fn every_square_maps_to_a_point_and_back_at_several_sizes() {
        for (w, h) in SIZES {
            for viewer in Side::BOTH {
                let g = Geometry::new(Size::new(w, h), viewer);
                let board = g.board_rect();
                assert!(board.width <= w + 0.01 && board.height <= h + 0.01);
                let u = g.unit();
                for square in Square::all() {
                    let c = g.center(square);
                    assert!(board.contains(c), "{square} at {w}x{h}, {viewer}");
                    assert_eq!(
                        g.square_at(c),
                        Some(square),
                        "{square} at {w}x{h}, {viewer}"
                    );
                    // Anywhere within a piece's reach of the point is still the point.
                    for (dx, dy) in [(-0.4, -0.4), (0.4, 0.4), (0.45, 0.0), (0.0, -0.45)] {
                        let p = Point::new(c.x + dx * u, c.y + dy * u);
                        assert_eq!(g.square_at(p), Some(square), "{square} {dx},{dy}");
                    }
                }
            }
        }
    }

    #[test]
    fn the_viewers_home_rank_is_at_the_bottom() {
        for (w, h) in SIZES {
            for viewer in Side::BOTH {
                let g = Geometry::new(Size::new(w, h), viewer);
                let mid = g.board_rect().center_y();
                let home = match viewer {
                    Side::Red => 0,
                    Side::Black => 9,
                };
                for square in Square::all() {
                    let below = g.center(square).y > mid;
                    assert_eq!(below, square.on_own_half(viewer), "{square} for {viewer}");
                    if square.rank() == home {
                        assert!(
                            Square::all().all(|o| g.center(o).y <= g.center(square).y + 0.01),
                            "{square} is not on the bottom line for {viewer}"
                        );
                    }
                }
                // The viewer's own left corner is at the bottom left: a0 for Red, i9 for Black.
                let corner = match viewer {
                    Side::Red => s("a0"),
                    Side::Black => s("i9"),
                };
                for other in Square::all() {
                    assert!(g.center(other).x >= g.center(corner).x - 0.01);
                    assert!(g.center(other).y <= g.center(corner).y + 0.01);
                }
            }
        }
        // Red sees the board as it is named; Black sees it turned half round.
        let size = Size::new(500.0, 560.0);
        let red = Geometry::new(size, Side::Red);
        let black = Geometry::new(size, Side::Black);
        assert_eq!(red.center(s("b0")), black.center(s("h9")));
        assert_eq!(red.center(s("e4")), black.center(s("e5")));
        assert!(red.center(s("a0")).x < red.center(s("i0")).x);
        assert!(black.center(s("a0")).x > black.center(s("i0")).x);
    }

    #[test]
    fn points_outside_the_grid_and_its_half_pitch_are_no_square() {
        for viewer in Side::BOTH {
            let g = Geometry::new(Size::new(500.0, 600.0), viewer);
            let board = g.board_rect();
            let u = g.unit();
            for p in [
                Point::new(board.x + 1.0, board.y + 1.0),
                Point::new(board.x + board.width - 1.0, board.y + board.height - 1.0),
                Point::new(board.center_x(), board.y + 0.2 * u),
                Point::new(board.x + 0.1 * u, board.center_y()),
                Point::new(-5.0, 300.0),
                Point::new(250.0, 10_000.0),
                Point::new(f32::NAN, 300.0),
            ] {
                assert_eq!(g.square_at(p), None, "{p:?} for {viewer}");
            }
            // Just beyond half a pitch outside the corner points.
            let top_left = g.at(0.0, 0.0);
            let bottom_right = g.at(f32::from(LAST_COL), f32::from(LAST_ROW));
            let off = 0.51 * u;
            assert_eq!(g.square_at(Point::new(top_left.x - off, top_left.y)), None);
            assert_eq!(g.square_at(Point::new(top_left.x, top_left.y - off)), None);
            assert_eq!(
                g.square_at(Point::new(bottom_right.x + off, bottom_right.y)),
                None
            );
            assert_eq!(
                g.square_at(Point::new(bottom_right.x, bottom_right.y + off)),
                None
            );
        }
        assert_eq!(
            Geometry::new(Size::ZERO, Side::Black).square_at(Point::ORIGIN),
            None
        );
    }

    #[test]
    fn a_model_from_a_position_marks_the_general_in_check() {
        let start = XiangqiModel::from_position(&Position::start(), Side::Red);
        assert_eq!(start.pieces.iter().flatten().count(), 32);
        assert_eq!(start.check, None);
        assert_eq!(start.at(s("e0")).map(|p| p.chinese()), Some('帅'));
        // A Red rook gives check down the open e-file.
        let position: Position = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1".parse().unwrap();
        let model = XiangqiModel::from_position(&position, Side::Black);
        assert_eq!(model.check, Some(s("e9")));
        assert_eq!(model.viewer, Side::Black);
    }
}
