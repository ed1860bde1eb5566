//! The Tibetan seven-square chess board (七方棋盘) drawn on an iced canvas, scaled to its
//! bounds: 7 x 7 lines, the points named on all four edges (files `a`..`g` along the top
//! and bottom, ranks `1`..`7` up the sides, rank 1 at the bottom, as Black sees it), Black
//! and White stones on the points, and:
//!
//! - the formations standing: each complete square (方) as its cell shaded, each line (枪)
//!   as a band along it, in the colour of its side (Black's red, White's blue);
//! - the last turn: its path drawn (a placement ringed, a step or flight an arrow, a jump
//!   chain through its landing points), and the points it took stones from crossed;
//! - while the viewer plays: the stone picked and the landing points of a chain so far, the
//!   points it may go to (dots), the stones jumped in the chain so far faded and crossed, the
//!   enemy stones it may remove (red rings) and the ones picked (red crosses);
//! - a caption line above the board (the phase, each side's stones and removals, who may
//!   fly) and a prompt line under it (what to do now), in words a screen gives.
//!
//! It holds no rules: a screen builds a [`TibetanModel`] from the rules core and the board
//! only draws it and reports clicks ([`Message::Clicked`], a point of the rules core).

use crate::gui::board_canvas::write;
use iced::widget::canvas::{self, Frame, Path, Stroke, gradient};
use iced::{Color, Point as Pixel, Rectangle, Size as Pixels2};

use crate::gui::{BOLD, FONT};
use crate::rules::tibetan::{LINES, Point, SQUARES, Side};

/// What the board reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// The viewer clicked a point.
    Clicked(Point),
}

/// Everything the board shows, built by a screen from the rules core.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TibetanModel {
    /// The stone on each point (by [`Point::index`]).
    pub stones: Vec<Option<Side>>,
    /// The complete squares: each cell's lower-left corner, and whose it is.
    pub squares: Vec<(Point, Side)>,
    /// The complete lines: their index in [`LINES`] (ranks 0..7, then files), and whose.
    pub lines: Vec<(usize, Side)>,
    /// The last turn's path: the point placed on, or the start and every point the stone
    /// landed on.
    pub last_path: Vec<Point>,
    /// The points the last turn took stones from (jumped over, removed).
    pub last_taken: Vec<Point>,
    /// The viewer's stone picked, then the landing points of its chain so far.
    pub selected: Vec<Point>,
    /// The enemy stones jumped in the chain so far (still on the board until it is sent).
    pub jumped: Vec<Point>,
    /// Where the picked stone may go next.
    pub targets: Vec<Point>,
    /// The viewer's stones that may move now.
    pub movable: Vec<Point>,
    /// The empty points the viewer may place a stone on now.
    pub placeable: Vec<Point>,
    /// The side whose stone a hovered placeable point shows, faintly.
    pub mover: Option<Side>,
    /// The enemy stones the viewer may remove now.
    pub removable: Vec<Point>,
    /// The enemy stones the viewer has picked to remove.
    pub removing: Vec<Point>,
    /// The line above the board.
    pub caption: String,
    /// The line under the board.
    pub prompt: String,
}

impl TibetanModel {
    /// An empty board.
    pub fn empty() -> TibetanModel {
        TibetanModel {
            stones: vec![None; 49],
            ..TibetanModel::default()
        }
    }

    /// The stone on `point`, if any.
    pub fn at(&self, point: Point) -> Option<Side> {
        self.stones.get(point.index()).copied().flatten()
    }
}

// Proportions, in units of the point pitch (the distance between neighbouring lines).
/// From the outermost lines to the board's sides (room for the coordinates).
const MARGIN: f32 = 1.0;
/// Above the top coordinates: the caption's band.
const TOP: f32 = 0.75;
/// Under the bottom coordinates: the prompt's band.
const BOTTOM: f32 = 0.75;
/// Where the coordinates stand, outside the outermost lines.
const LABELS: f32 = 0.62;
/// A stone's radius.
const STONE: f32 = 0.36;

/// Where each point is drawn inside given bounds: the mapping between points and pixels
/// (relative to the canvas's top-left corner). Rank 1 is at the bottom, file `a` at the left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    /// Top-left corner of the whole drawing (caption band included).
    origin: Pixel,
    /// The point pitch in pixels.
    unit: f32,
}

impl Geometry {
    /// The whole drawing's width and height in point pitches.
    const PROPORTIONS: (f32, f32) = (6.0 + 2.0 * MARGIN, 6.0 + 2.0 * MARGIN + TOP + BOTTOM);

    /// The board fitted (aspect kept, centred) into `bounds`.
    pub fn new(bounds: Pixels2) -> Geometry {
        let (origin, unit) = crate::gui::board_canvas::fit(bounds, Geometry::PROPORTIONS);
        Geometry { origin, unit }
    }

    /// The point pitch in pixels.
    pub fn unit(&self) -> f32 {
        self.unit
    }

    /// The wooden board, margins included (not the caption and prompt bands).
    pub fn board_rect(&self) -> Rectangle {
        let side = (6.0 + 2.0 * MARGIN) * self.unit;
        Rectangle::new(
            Pixel::new(self.origin.x, self.origin.y + TOP * self.unit),
            Pixels2::new(side, side),
        )
    }

    /// The pixel at grid column `x` and grid row `y` counted from the top-left line
    /// crossing (fractions allowed).
    fn at(&self, x: f32, y: f32) -> Pixel {
        Pixel::new(
            self.origin.x + (MARGIN + x) * self.unit,
            self.origin.y + (TOP + MARGIN + y) * self.unit,
        )
    }

    /// The centre of a point: where its lines cross, and where a stone on it stands.
    pub fn center(&self, point: Point) -> Pixel {
        self.at(f32::from(point.file()), 6.0 - f32::from(point.rank()))
    }

    /// The point nearest to `pixel`: each point owns the pitch-wide square cell centred on
    /// it; outside the cells there is none.
    pub fn point_at(&self, pixel: Pixel) -> Option<Point> {
        if self.unit <= 0.0 {
            return None;
        }
        let x = (pixel.x - self.origin.x) / self.unit - MARGIN + 0.5;
        let y = (pixel.y - self.origin.y) / self.unit - TOP - MARGIN + 0.5;
        if !(x >= 0.0 && y >= 0.0 && x < 7.0 && y < 7.0) {
            return None;
        }
        Point::new(x.floor() as u8, 6 - y.floor() as u8)
    }
}

/// The board as a canvas program: `canvas(TibetanBoard::new(model))`; it publishes
/// [`Message::Clicked`].
pub type TibetanBoard = crate::gui::board_canvas::BoardCanvas<TibetanModel>;

impl crate::gui::board_canvas::SquareBoard for TibetanModel {
    type Square = Point;
    type Message = Message;

    fn square_at(&self, size: Pixels2, point: Pixel) -> Option<Point> {
        Geometry::new(size).point_at(point)
    }

    fn clickable(&self, point: Point) -> bool {
        self.placeable.contains(&point)
            || self.movable.contains(&point)
            || self.targets.contains(&point)
            || self.removable.contains(&point)
            || self.removing.contains(&point)
            || self.selected.contains(&point)
    }

    fn clicked(point: Point) -> Message {
        Message::Clicked(point)
    }

    fn draw(&self, frame: &mut Frame, hover: Option<Point>) {
        draw_board(frame, &Geometry::new(frame.size()), self, hover);
    }
}

/// The board's colours.
pub mod palette {
    use iced::Color;

    pub const BOARD: Color = Color::from_rgb(0.90, 0.78, 0.55);
    pub const BOARD_EDGE: Color = Color::from_rgb(0.52, 0.36, 0.18);
    pub const LINE: Color = Color::from_rgb(0.26, 0.17, 0.08);
    pub const LABEL: Color = Color::from_rgb(0.32, 0.22, 0.10);
    pub const TEXT: Color = Color::from_rgb(0.15, 0.12, 0.10);
    pub const SHADOW: Color = Color::from_rgba(0.20, 0.12, 0.02, 0.35);
    /// Black's formations.
    pub const BLACK_FORMATION: Color = Color::from_rgba(0.85, 0.18, 0.12, 0.30);
    /// White's formations.
    pub const WHITE_FORMATION: Color = Color::from_rgba(0.10, 0.40, 0.95, 0.45);
    pub const LAST: Color = Color::from_rgba(0.95, 0.45, 0.05, 0.90);
    pub const TAKEN: Color = Color::from_rgba(0.60, 0.10, 0.05, 0.85);
    pub const SELECTED: Color = Color::from_rgb(1.0, 0.80, 0.10);
    pub const TARGET: Color = Color::from_rgba(0.10, 0.55, 0.20, 0.85);
    pub const REMOVABLE: Color = Color::from_rgb(0.90, 0.10, 0.08);
    pub const HOVER: Color = Color::from_rgba(1.0, 1.0, 1.0, 0.40);

    /// A side's stone: its light and dark shades (a gradient) and its outline.
    pub fn stone(side: crate::rules::tibetan::Side) -> [Color; 3] {
        match side {
            crate::rules::tibetan::Side::Black => [
                Color::from_rgb(0.38, 0.38, 0.40),
                Color::from_rgb(0.04, 0.04, 0.05),
                Color::from_rgb(0.0, 0.0, 0.0),
            ],
            crate::rules::tibetan::Side::White => [
                Color::from_rgb(1.0, 1.0, 1.0),
                Color::from_rgb(0.80, 0.80, 0.78),
                Color::from_rgb(0.30, 0.28, 0.25),
            ],
        }
    }

    /// A side's formations.
    pub fn formation(side: crate::rules::tibetan::Side) -> Color {
        match side {
            crate::rules::tibetan::Side::Black => BLACK_FORMATION,
            crate::rules::tibetan::Side::White => WHITE_FORMATION,
        }
    }
}

/// A stroke of `color`, `width` pitches wide (at least `min` pixels).
fn pen(color: Color, width: f32, u: f32, min: f32) -> Stroke<'static> {
    Stroke::default()
        .with_color(color)
        .with_width((width * u).max(min))
}

/// Draws the whole board into `frame`, back to front.
fn draw_board(frame: &mut Frame, g: &Geometry, model: &TibetanModel, hover: Option<Point>) {
    let u = g.unit();
    if u <= 0.0 {
        return;
    }
    let board = g.board_rect();
    let outer = Path::rounded_rectangle(board.position(), board.size(), (0.2 * u).into());
    frame.fill(&outer, palette::BOARD);
    frame.stroke(&outer, pen(palette::BOARD_EDGE, 0.05, u, 1.0));
    draw_formations(frame, g, u, model);
    draw_lines(frame, g, u);
    draw_labels(frame, g, u);
    draw_last(frame, g, u, model);
    for &p in &model.targets {
        frame.fill(&Path::circle(g.center(p), 0.13 * u), palette::TARGET);
    }
    if let Some(p) = hover.filter(|p| model.placeable.contains(p) || model.targets.contains(p)) {
        let c = g.center(p);
        match model.mover {
            Some(side) => {
                let [light, dark, edge] = palette::stone(side);
                let ghost = |c: Color| Color { a: 0.45, ..c };
                let disc = Path::circle(c, STONE * u);
                frame.fill(&disc, ghost(mix(light, dark)));
                frame.stroke(&disc, pen(ghost(edge), 0.04, u, 1.0));
            }
            None => frame.fill(&Path::circle(c, STONE * u), palette::HOVER),
        }
    }
    for point in Point::all() {
        if let Some(side) = model.at(point) {
            let faded = model.jumped.contains(&point);
            draw_stone(frame, g.center(point), u, side, faded);
        }
    }
    for &p in &model.jumped {
        draw_cross(frame, g.center(p), u, palette::TAKEN, 0.22);
    }
    for (i, &p) in model.selected.iter().enumerate() {
        let ring = Path::circle(g.center(p), (STONE + 0.07) * u);
        let width = if i + 1 == model.selected.len() {
            0.09
        } else {
            0.05
        };
        frame.stroke(&ring, pen(palette::SELECTED, width, u, 2.0));
    }
    if model.selected.len() > 1 {
        let path = Path::new(|b| {
            b.move_to(g.center(model.selected[0]));
            for &p in &model.selected[1..] {
                b.line_to(g.center(p));
            }
        });
        frame.stroke(
            &path,
            pen(palette::SELECTED, 0.07, u, 2.0).with_line_cap(canvas::LineCap::Round),
        );
    }
    for &p in &model.removable {
        if !model.removing.contains(&p) {
            let ring = Path::circle(g.center(p), (STONE + 0.06) * u);
            frame.stroke(&ring, pen(palette::REMOVABLE, 0.06, u, 2.0));
        }
    }
    for &p in &model.removing {
        draw_cross(frame, g.center(p), u, palette::REMOVABLE, 0.30);
    }
    if let Some(p) = hover.filter(|p| model.removable.contains(p) || model.movable.contains(p)) {
        frame.fill(&Path::circle(g.center(p), STONE * u), palette::HOVER);
    }
    let mid = g.origin.x + (3.0 + MARGIN) * u;
    if !model.caption.is_empty() {
        let at = Pixel::new(mid, g.origin.y + TOP * u * 0.5);
        let size = fitting(&model.caption, board.width, u);
        write(frame, &model.caption, at, size, palette::TEXT, FONT);
    }
    if !model.prompt.is_empty() {
        let at = Pixel::new(mid, board.y + board.height + BOTTOM * u * 0.5);
        let size = fitting(&model.prompt, board.width, u);
        write(frame, &model.prompt, at, size, palette::TEXT, BOLD);
    }
}

/// The text size for a line of `words` under or over the board: about a third of a pitch,
/// smaller when the line would be wider than `width` (Latin letters are taken as about
/// 0.56 of the size wide, CJK characters as the size).
fn fitting(words: &str, width: f32, u: f32) -> f32 {
    let ems: f32 = words
        .chars()
        .map(|c| if c.is_ascii() { 0.56 } else { 1.0 })
        .sum();
    (0.36 * u).min(0.96 * width / ems.max(1.0)).clamp(7.0, 20.0)
}

/// Halfway between two colours.
fn mix(a: Color, b: Color) -> Color {
    Color::from_rgb((a.r + b.r) / 2.0, (a.g + b.g) / 2.0, (a.b + b.b) / 2.0)
}

/// The complete squares shaded and the complete lines as bands, in their side's colour.
fn draw_formations(frame: &mut Frame, g: &Geometry, u: f32, model: &TibetanModel) {
    for &(corner, side) in &model.squares {
        // The corner is the cell's lower left; its top-left on screen is one rank up.
        let top_left = g.at(
            f32::from(corner.file()),
            6.0 - f32::from(corner.rank()) - 1.0,
        );
        let inset = 0.08 * u;
        let cell = Path::rectangle(
            Pixel::new(top_left.x + inset, top_left.y + inset),
            Pixels2::new(u - 2.0 * inset, u - 2.0 * inset),
        );
        frame.fill(&cell, palette::formation(side));
    }
    for &(line, side) in &model.lines {
        let (from, to) = if line < 7 {
            let y = 6.0 - line as f32;
            (g.at(0.0, y), g.at(6.0, y))
        } else {
            let x = (line - 7) as f32;
            (g.at(x, 0.0), g.at(x, 6.0))
        };
        let band = Path::line(from, to);
        frame.stroke(
            &band,
            pen(palette::formation(side), 0.92, u, 8.0).with_line_cap(canvas::LineCap::Round),
        );
    }
}

/// The 7 x 7 lines, the border heavier.
fn draw_lines(frame: &mut Frame, g: &Geometry, u: f32) {
    let line = pen(palette::LINE, 0.035, u, 1.0);
    for i in 1..6 {
        let k = i as f32;
        frame.stroke(&Path::line(g.at(k, 0.0), g.at(k, 6.0)), line);
        frame.stroke(&Path::line(g.at(0.0, k), g.at(6.0, k)), line);
    }
    let border = Path::rectangle(g.at(0.0, 0.0), Pixels2::new(6.0 * u, 6.0 * u));
    frame.stroke(&border, pen(palette::LINE, 0.07, u, 1.5));
}

/// The file letters along the top and bottom, the ranks up both sides.
fn draw_labels(frame: &mut Frame, g: &Geometry, u: f32) {
    let size = (0.34 * u).clamp(7.0, 18.0);
    for i in 0..7u8 {
        let k = f32::from(i);
        let letter = char::from(b'a' + i).to_string();
        for y in [-LABELS, 6.0 + LABELS] {
            write(frame, &letter, g.at(k, y), size, palette::LABEL, FONT);
        }
        let number = (i + 1).to_string();
        for x in [-LABELS, 6.0 + LABELS] {
            write(frame, &number, g.at(x, 6.0 - k), size, palette::LABEL, FONT);
        }
    }
}

/// The last turn: a placement ringed, a step, flight or chain drawn through its points,
/// and a cross where it took stones.
fn draw_last(frame: &mut Frame, g: &Geometry, u: f32, model: &TibetanModel) {
    let stroke = pen(palette::LAST, 0.08, u, 2.0).with_line_cap(canvas::LineCap::Round);
    match model.last_path.as_slice() {
        [] => {}
        [p] => {
            let ring = Path::circle(g.center(*p), (STONE + 0.08) * u);
            frame.stroke(&ring, pen(palette::LAST, 0.07, u, 2.0));
        }
        [first, rest @ ..] => {
            let path = Path::new(|b| {
                b.move_to(g.center(*first));
                for &p in rest {
                    b.line_to(g.center(p));
                }
            });
            frame.stroke(&path, stroke);
            frame.stroke(&Path::circle(g.center(*first), 0.12 * u), stroke);
            let ring = Path::circle(g.center(*rest.last().unwrap_or(first)), (STONE + 0.08) * u);
            frame.stroke(&ring, pen(palette::LAST, 0.07, u, 2.0));
        }
    }
    for &p in &model.last_taken {
        if model.at(p).is_none() {
            draw_cross(frame, g.center(p), u, palette::TAKEN, 0.18);
        }
    }
}

/// A stone of `side`: a shadow, a disc shaded from its top-left, an outline; faded for a
/// stone about to be jumped.
fn draw_stone(frame: &mut Frame, c: Pixel, u: f32, side: Side, faded: bool) {
    let r = STONE * u;
    let alpha = if faded { 0.35 } else { 1.0 };
    let [light, dark, edge] = palette::stone(side).map(|c| Color { a: alpha, ..c });
    if !faded {
        let shadow = Path::circle(Pixel::new(c.x + 0.04 * u, c.y + 0.06 * u), r);
        frame.fill(&shadow, palette::SHADOW);
    }
    let disc = Path::circle(c, r);
    let shade = gradient::Linear::new(
        Pixel::new(c.x - 0.6 * r, c.y - 0.8 * r),
        Pixel::new(c.x + 0.6 * r, c.y + 0.9 * r),
    )
    .add_stop(0.0, light)
    .add_stop(1.0, dark);
    frame.fill(&disc, shade);
    frame.stroke(&disc, pen(edge, 0.035, u, 1.0));
}

/// A cross of arms `arm` pitches long.
fn draw_cross(frame: &mut Frame, c: Pixel, u: f32, color: Color, arm: f32) {
    let a = arm * u;
    let stroke = pen(color, 0.07, u, 2.0).with_line_cap(canvas::LineCap::Round);
    frame.stroke(
        &Path::line(Pixel::new(c.x - a, c.y - a), Pixel::new(c.x + a, c.y + a)),
        stroke,
    );
    frame.stroke(
        &Path::line(Pixel::new(c.x - a, c.y + a), Pixel::new(c.x + a, c.y - a)),
        stroke,
    );
}

/// The complete squares (by corner) and lines (by index in [`LINES`]) and whose they are.
pub type Formations = (Vec<(Point, Side)>, Vec<(usize, Side)>);

/// The complete formations of each side in `stones` (by point index): the squares by
/// their cell's lower-left corner, the lines by their index in [`LINES`].
pub fn formations_of(stones: &[Option<Side>]) -> Formations {
    let mut squares = Vec::new();
    let mut lines = Vec::new();
    for side in Side::BOTH {
        let bits: u64 = stones
            .iter()
            .enumerate()
            .filter(|(_, s)| **s == Some(side))
            .fold(0, |all, (i, _)| all | 1 << i);
        for (i, &mask) in SQUARES.iter().enumerate() {
            if mask & bits == mask
                && let Some(corner) = Point::new((i % 6) as u8, (i / 6) as u8)
            {
                squares.push((corner, side));
            }
        }
        for (i, &mask) in LINES.iter().enumerate() {
            if mask & bits == mask {
                lines.push((i, side));
            }
        }
    }
    (squares, lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_point_maps_to_a_pixel_and_back() {
        for (w, h) in [
            (400.0, 700.0),
            (1024.0, 768.0),
            (300.0, 300.0),
            (613.0, 1111.0),
        ] {
            let g = Geometry::new(Pixels2::new(w, h));
            let u = g.unit();
            for point in Point::all() {
                let c = g.center(point);
                assert!(g.board_rect().contains(c));
                for (dx, dy) in [(0.0, 0.0), (-0.45, -0.45), (0.45, 0.45)] {
                    let at = Pixel::new(c.x + dx * u, c.y + dy * u);
                    assert_eq!(g.point_at(at), Some(point), "{point} {dx},{dy}");
                }
            }
            let a1 = g.center("a1".parse().unwrap());
            assert_eq!(g.point_at(Pixel::new(a1.x - 0.51 * u, a1.y)), None);
            assert_eq!(g.point_at(Pixel::new(a1.x, a1.y + 0.51 * u)), None);
            let g7 = g.center("g7".parse().unwrap());
            assert!(
                g7.x > a1.x && g7.y < a1.y,
                "rank 1 at the bottom, file a left"
            );
        }
    }

    #[test]
    fn formations_are_found_by_side() {
        let mut stones = vec![None; 49];
        for name in ["a1", "b1", "a2", "b2"] {
            stones[name.parse::<Point>().unwrap().index()] = Some(Side::Black);
        }
        for file in 0..7 {
            stones[Point::new(file, 6).unwrap().index()] = Some(Side::White);
        }
        let (squares, lines) = formations_of(&stones);
        assert_eq!(squares, [("a1".parse().unwrap(), Side::Black)]);
        assert_eq!(lines, [(6, Side::White)], "rank 7");
    }
}
