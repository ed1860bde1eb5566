//! The Gomoku board (五子棋盘) drawn on an iced canvas, scaled to its bounds: any size from
//! 5x5 to 26x26 (files and ranks chosen separately), grid lines, the star points, the
//! coordinates on all four edges (file letters `a`.. along the top and bottom, ranks `1`..
//! up the sides, rank 1 at the bottom), the stones of up to four seats (1 black, 2 white,
//! 3 red, 4 blue, each outlined), the last move marked, the move numbers on demand, the
//! winning row drawn through its stones, and in renju the points forbidden to Black (a
//! small red ×) when Black is to move.
//!
//! It holds no rules: a screen builds a [`GomokuModel`] from the rules core (the moves in
//! order, the points the viewer may play, the forbidden points, the winning row) and the
//! board only draws it and reports clicks ([`Message::Clicked`], a point of the rules core).
//!
//! All writing (coordinates, move numbers) is drawn as glyph outlines in drawing order, as
//! on the Xiangqi board, so what is drawn later covers it.

use crate::gui::board_canvas::write;
use iced::widget::canvas::{self, Frame, Path, Stroke, gradient};
use iced::{Color, Point as Pixel, Rectangle, Size as Pixels2};

use crate::gui::{BOLD, FONT};
use crate::rules::gomoku::{Point, Size};

/// What the board reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// The viewer clicked a point.
    Clicked(Point),
}

/// Everything the board shows, built by a screen from the rules core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GomokuModel {
    /// The board's size.
    pub size: Size,
    /// The stones in the order they were played, with the seat (0..4) of each.
    pub moves: Vec<(Point, u8)>,
    /// The points the viewer may play now (empty when it is not the viewer's turn).
    pub playable: Vec<Point>,
    /// The seat whose stone a hovered playable point shows, faintly.
    pub mover: Option<u8>,
    /// Renju, Black to move: the points Black may not play.
    pub forbidden: Vec<Point>,
    /// The winning row, from one end stone to the other.
    pub win: Option<(Point, Point)>,
    /// Each stone shows its move number.
    pub numbers: bool,
}

impl GomokuModel {
    /// An empty board of `size`.
    pub fn empty(size: Size) -> GomokuModel {
        GomokuModel {
            size,
            moves: Vec::new(),
            playable: Vec::new(),
            mover: None,
            forbidden: Vec::new(),
            win: None,
            numbers: false,
        }
    }

    /// The seat whose stone stands on `point`, if one does.
    pub fn at(&self, point: Point) -> Option<u8> {
        self.moves
            .iter()
            .rev()
            .find(|(p, _)| *p == point)
            .map(|(_, seat)| *seat)
    }
}

// Proportions, in units of the point pitch (the distance between neighbouring lines).
/// From the outermost lines to the board's edges (room for the coordinates).
const MARGIN: f32 = 1.2;
/// Where the coordinates stand, outside the outermost lines.
const LABELS: f32 = 0.84;
/// A stone's radius.
const STONE: f32 = 0.46;

/// Where each point is drawn inside given bounds: the mapping between points and pixels
/// (relative to the canvas's top-left corner). Rank 1 is at the bottom, file `a` at the left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Geometry {
    size: Size,
    /// Top-left corner of the board's outer rectangle.
    origin: Pixel,
    /// The point pitch in pixels.
    unit: f32,
}

impl Geometry {
    /// A board of `size` fitted (aspect kept, centred) into `bounds`.
    pub fn new(bounds: Pixels2, size: Size) -> Geometry {
        let (origin, unit) = crate::gui::board_canvas::fit(bounds, Geometry::proportions(size));
        Geometry { size, origin, unit }
    }

    /// The board's width and height in point pitches.
    fn proportions(size: Size) -> (f32, f32) {
        (
            f32::from(size.width() - 1) + 2.0 * MARGIN,
            f32::from(size.height() - 1) + 2.0 * MARGIN,
        )
    }

    /// The point pitch in pixels (the scale of everything drawn).
    pub fn unit(&self) -> f32 {
        self.unit
    }

    /// The whole board, margins included.
    pub fn board_rect(&self) -> Rectangle {
        let (w, h) = Geometry::proportions(self.size);
        Rectangle::new(self.origin, Pixels2::new(w * self.unit, h * self.unit))
    }

    /// The pixel at grid column `x` and grid row `y` counted from the top-left line
    /// crossing (fractions allowed).
    fn at(&self, x: f32, y: f32) -> Pixel {
        Pixel::new(
            self.origin.x + (MARGIN + x) * self.unit,
            self.origin.y + (MARGIN + y) * self.unit,
        )
    }

    /// The top row of the view (the highest rank).
    fn top_rank(&self) -> f32 {
        f32::from(self.size.height() - 1)
    }

    /// The centre of a point: where its lines cross, and where a stone on it stands.
    pub fn center(&self, point: Point) -> Pixel {
        self.at(
            f32::from(point.file()),
            self.top_rank() - f32::from(point.rank()),
        )
    }

    /// The point nearest to `pixel`: each point owns the pitch-wide square cell centred on
    /// it. Outside the cells (the rest of the margins, beyond the board) there is none.
    pub fn point_at(&self, pixel: Pixel) -> Option<Point> {
        if self.unit <= 0.0 {
            return None;
        }
        let x = (pixel.x - self.origin.x) / self.unit - MARGIN + 0.5;
        let y = (pixel.y - self.origin.y) / self.unit - MARGIN + 0.5;
        if !(x >= 0.0 && y >= 0.0) {
            return None;
        }
        let (col, row) = (x.floor(), y.floor());
        if col >= f32::from(self.size.width()) || row >= f32::from(self.size.height()) {
            return None;
        }
        Point::new(col as u8, self.size.height() - 1 - row as u8)
    }
}

/// The board as a canvas program: `canvas(GomokuBoard::new(model))`; it publishes
/// [`Message::Clicked`].
pub type GomokuBoard = crate::gui::board_canvas::BoardCanvas<GomokuModel>;

impl crate::gui::board_canvas::SquareBoard for GomokuModel {
    type Square = Point;
    type Message = Message;

    fn square_at(&self, size: Pixels2, point: Pixel) -> Option<Point> {
        Geometry::new(size, self.size).point_at(point)
    }

    /// A point the viewer may play, or one renju forbids (the click says why).
    fn clickable(&self, point: Point) -> bool {
        self.playable.contains(&point) || self.forbidden.contains(&point)
    }

    fn clicked(point: Point) -> Message {
        Message::Clicked(point)
    }

    fn draw(&self, frame: &mut Frame, hover: Option<Point>) {
        let geometry = Geometry::new(frame.size(), self.size);
        draw_board(frame, &geometry, self, hover);
    }
}

/// The colours a stone of a seat is drawn in.
pub mod palette {
    use iced::Color;

    pub const BOARD: Color = Color::from_rgb(0.89, 0.74, 0.47);
    pub const BOARD_EDGE: Color = Color::from_rgb(0.55, 0.38, 0.18);
    pub const LINE: Color = Color::from_rgb(0.24, 0.16, 0.07);
    pub const LABEL: Color = Color::from_rgb(0.30, 0.20, 0.09);
    pub const SHADOW: Color = Color::from_rgba(0.20, 0.12, 0.02, 0.35);
    pub const LAST: Color = Color::from_rgb(0.90, 0.12, 0.08);
    pub const FORBIDDEN: Color = Color::from_rgb(0.85, 0.06, 0.04);
    pub const WIN: Color = Color::from_rgba(0.95, 0.15, 0.10, 0.85);
    pub const WIN_RING: Color = Color::from_rgb(1.0, 0.80, 0.10);
    pub const HOVER: Color = Color::from_rgba(1.0, 1.0, 1.0, 0.40);

    /// Each seat's stone: its light and dark shades (a gradient), its outline, and the
    /// ink of a number written on it.
    pub const STONES: [[Color; 4]; 4] = [
        // 1: black.
        [
            Color::from_rgb(0.36, 0.36, 0.38),
            Color::from_rgb(0.04, 0.04, 0.05),
            Color::from_rgb(0.0, 0.0, 0.0),
            Color::from_rgb(0.96, 0.96, 0.96),
        ],
        // 2: white.
        [
            Color::from_rgb(1.0, 1.0, 1.0),
            Color::from_rgb(0.82, 0.82, 0.80),
            Color::from_rgb(0.30, 0.28, 0.25),
            Color::from_rgb(0.08, 0.08, 0.08),
        ],
        // 3: red.
        [
            Color::from_rgb(0.98, 0.42, 0.36),
            Color::from_rgb(0.72, 0.06, 0.04),
            Color::from_rgb(0.36, 0.02, 0.01),
            Color::from_rgb(1.0, 1.0, 1.0),
        ],
        // 4: blue.
        [
            Color::from_rgb(0.42, 0.66, 1.0),
            Color::from_rgb(0.06, 0.24, 0.70),
            Color::from_rgb(0.02, 0.08, 0.30),
            Color::from_rgb(1.0, 1.0, 1.0),
        ],
    ];

    /// A seat's stone colours (seats beyond the fourth take the last).
    pub fn stone(seat: u8) -> [Color; 4] {
        STONES[usize::from(seat.min(3))]
    }
}

/// A stroke of `color`, `width` pitches wide (at least `min` pixels).
fn pen(color: Color, width: f32, u: f32, min: f32) -> Stroke<'static> {
    Stroke::default()
        .with_color(color)
        .with_width((width * u).max(min))
}

/// Draws the whole board into `frame`, back to front.
fn draw_board(frame: &mut Frame, g: &Geometry, model: &GomokuModel, hover: Option<Point>) {
    let u = g.unit();
    if u <= 0.0 {
        return;
    }
    draw_wood(frame, g, u);
    draw_lines(frame, g, u);
    draw_labels(frame, g, u);
    for &p in &model.forbidden {
        draw_cross(frame, g.center(p), u);
    }
    if let Some(p) = hover.filter(|p| model.playable.contains(p)) {
        let c = g.center(p);
        match model.mover {
            Some(seat) => {
                let [light, dark, edge, _] = palette::stone(seat);
                let ghost = |c: Color| Color { a: 0.45, ..c };
                let disc = Path::circle(c, STONE * u);
                frame.fill(&disc, ghost(mix(light, dark)));
                frame.stroke(&disc, pen(ghost(edge), 0.04, u, 1.0));
            }
            None => frame.fill(&Path::circle(c, STONE * u), palette::HOVER),
        }
    }
    for &(p, seat) in &model.moves {
        draw_stone(frame, g.center(p), u, seat);
    }
    if let Some((from, to)) = model.win {
        draw_win(frame, g, u, model, from, to);
    }
    if model.numbers {
        for (i, &(p, seat)) in model.moves.iter().enumerate() {
            let n = (i + 1).to_string();
            let size = if n.len() <= 2 { 0.50 } else { 0.40 };
            let ink = palette::stone(seat)[3];
            write(frame, &n, g.center(p), size * u, ink, BOLD);
        }
    }
    if let Some(&(p, seat)) = model.moves.last() {
        if model.numbers {
            // The number stays readable: the last stone is ringed instead.
            let ring = Path::circle(g.center(p), (STONE + 0.06) * u);
            frame.stroke(&ring, pen(palette::LAST, 0.07, u, 2.0));
        } else {
            draw_last(frame, g.center(p), u, seat);
        }
    }
}

/// Halfway between two colours.
fn mix(a: Color, b: Color) -> Color {
    Color::from_rgb((a.r + b.r) / 2.0, (a.g + b.g) / 2.0, (a.b + b.b) / 2.0)
}

/// The wooden board and its rim.
fn draw_wood(frame: &mut Frame, g: &Geometry, u: f32) {
    let board = g.board_rect();
    let outer = Path::rounded_rectangle(board.position(), board.size(), (0.25 * u).into());
    frame.fill(&outer, palette::BOARD);
    frame.stroke(&outer, pen(palette::BOARD_EDGE, 0.06, u, 1.0));
}

/// The grid, its border drawn heavier, and the star points.
fn draw_lines(frame: &mut Frame, g: &Geometry, u: f32) {
    let (w, h) = (g.size.width(), g.size.height());
    let (right, bottom) = (f32::from(w - 1), f32::from(h - 1));
    let line = pen(palette::LINE, 0.035, u, 1.0);
    for col in 1..w - 1 {
        let x = f32::from(col);
        frame.stroke(&Path::line(g.at(x, 0.0), g.at(x, bottom)), line);
    }
    for row in 1..h - 1 {
        let y = f32::from(row);
        frame.stroke(&Path::line(g.at(0.0, y), g.at(right, y)), line);
    }
    let border = Path::rectangle(g.at(0.0, 0.0), Pixels2::new(right * u, bottom * u));
    frame.stroke(&border, pen(palette::LINE, 0.07, u, 1.5));
    for p in star_points(g.size) {
        frame.fill(
            &Path::circle(g.center(p), (0.11 * u).max(2.0)),
            palette::LINE,
        );
    }
}

/// The star points (星位): on 15x15 the centre and the four points four lines in from the
/// corners; on 19x19 the nine of Go's board; on other boards with an odd number of files
/// and ranks (at least 9 of each), the centre.
pub fn star_points(size: Size) -> Vec<Point> {
    let (w, h) = (size.width(), size.height());
    let grid = |spots: &[u8]| -> Vec<Point> {
        spots
            .iter()
            .flat_map(|&f| spots.iter().filter_map(move |&r| Point::new(f, r)))
            .collect()
    };
    match (w, h) {
        (15, 15) => {
            let mut points = grid(&[3, 11]);
            points.extend(Point::new(7, 7));
            points
        }
        (19, 19) => grid(&[3, 9, 15]),
        (w, h) if w % 2 == 1 && h % 2 == 1 && w >= 9 && h >= 9 => {
            Point::new(w / 2, h / 2).into_iter().collect()
        }
        _ => Vec::new(),
    }
}

/// The file letters along the top and bottom, the ranks up both sides.
fn draw_labels(frame: &mut Frame, g: &Geometry, u: f32) {
    let size = (0.42 * u).clamp(7.0, 18.0);
    let (right, bottom) = (
        f32::from(g.size.width() - 1),
        f32::from(g.size.height() - 1),
    );
    for file in 0..g.size.width() {
        let letter = char::from(b'a' + file).to_string();
        let x = f32::from(file);
        for y in [-LABELS, bottom + LABELS] {
            write(frame, &letter, g.at(x, y), size, palette::LABEL, FONT);
        }
    }
    for rank in 0..g.size.height() {
        let number = (rank + 1).to_string();
        let y = bottom - f32::from(rank);
        for x in [-LABELS, right + LABELS] {
            write(frame, &number, g.at(x, y), size, palette::LABEL, FONT);
        }
    }
}

/// A stone of `seat`: a shadow, a disc shaded from its top-left, an outline.
fn draw_stone(frame: &mut Frame, c: Pixel, u: f32, seat: u8) {
    let r = STONE * u;
    let [light, dark, edge, _] = palette::stone(seat);
    let shadow = Path::circle(Pixel::new(c.x + 0.04 * u, c.y + 0.07 * u), r);
    frame.fill(&shadow, palette::SHADOW);
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

/// The last move's mark: a small square in a colour that shows on the stone.
fn draw_last(frame: &mut Frame, c: Pixel, u: f32, seat: u8) {
    let side = (0.26 * u).max(4.0);
    let color = match seat {
        2 => Color::WHITE,
        _ => palette::LAST,
    };
    let mark = Path::rectangle(
        Pixel::new(c.x - side / 2.0, c.y - side / 2.0),
        Pixels2::new(side, side),
    );
    frame.fill(&mark, color);
}

/// A point forbidden to Black: a small red ×.
fn draw_cross(frame: &mut Frame, c: Pixel, u: f32) {
    let arm = 0.17 * u;
    let stroke = pen(palette::FORBIDDEN, 0.06, u, 1.5);
    frame.stroke(
        &Path::line(
            Pixel::new(c.x - arm, c.y - arm),
            Pixel::new(c.x + arm, c.y + arm),
        ),
        stroke,
    );
    frame.stroke(
        &Path::line(
            Pixel::new(c.x - arm, c.y + arm),
            Pixel::new(c.x + arm, c.y - arm),
        ),
        stroke,
    );
}

/// The winning row: a ring round each of its stones and a line through them.
fn draw_win(frame: &mut Frame, g: &Geometry, u: f32, model: &GomokuModel, from: Point, to: Point) {
    let (df, dr) = (
        (i16::from(to.file()) - i16::from(from.file())).signum(),
        (i16::from(to.rank()) - i16::from(from.rank())).signum(),
    );
    let ring = pen(palette::WIN_RING, 0.09, u, 2.0);
    let mut p = from;
    loop {
        if model.at(p).is_some() {
            frame.stroke(&Path::circle(g.center(p), (STONE + 0.03) * u), ring);
        }
        if p == to {
            break;
        }
        let next = Point::new(
            (i16::from(p.file()) + df) as u8,
            (i16::from(p.rank()) + dr) as u8,
        );
        match next {
            Some(n) if g.size.contains(n) => p = n,
            _ => break,
        }
    }
    frame.stroke(
        &Path::line(g.center(from), g.center(to)),
        pen(palette::WIN, 0.12, u, 3.0).with_line_cap(canvas::LineCap::Round),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(name: &str) -> Point {
        name.parse().unwrap()
    }

    const BOUNDS: [(f32, f32); 4] = [
        (400.0, 700.0),
        (1024.0, 768.0),
        (300.0, 300.0),
        (613.0, 1111.0),
    ];

    #[test]
    fn every_point_maps_to_a_pixel_and_back_on_every_shape_of_board() {
        for (w, h) in [(5, 5), (15, 15), (26, 26), (7, 5), (5, 26), (26, 9)] {
            let size = Size::new(w, h).unwrap();
            for (bw, bh) in BOUNDS {
                let g = Geometry::new(Pixels2::new(bw, bh), size);
                let board = g.board_rect();
                assert!(board.width <= bw + 0.01 && board.height <= bh + 0.01);
                let u = g.unit();
                for point in size.points() {
                    let c = g.center(point);
                    assert!(board.contains(c), "{point} on {size}");
                    for (dx, dy) in [(0.0, 0.0), (-0.45, -0.45), (0.45, 0.45), (0.0, 0.49)] {
                        let at = Pixel::new(c.x + dx * u, c.y + dy * u);
                        assert_eq!(g.point_at(at), Some(point), "{point} {dx},{dy} on {size}");
                    }
                }
                // Half a pitch and a little outside the corners is no point.
                let a1 = g.center(p("a1"));
                assert_eq!(g.point_at(Pixel::new(a1.x - 0.51 * u, a1.y)), None);
                assert_eq!(g.point_at(Pixel::new(a1.x, a1.y + 0.51 * u)), None);
            }
        }
    }

    #[test]
    fn rank_one_is_at_the_bottom_and_file_a_at_the_left() {
        let g = Geometry::new(Pixels2::new(500.0, 500.0), Size::STANDARD);
        assert!(g.center(p("a1")).y > g.center(p("a15")).y);
        assert!(g.center(p("a1")).x < g.center(p("o1")).x);
        assert_eq!(g.center(p("h8")), Pixel::new(250.0, 250.0));
    }

    #[test]
    fn fifteen_by_fifteen_has_five_star_points() {
        let mut stars: Vec<String> = star_points(Size::STANDARD)
            .iter()
            .map(|p| p.to_string())
            .collect();
        stars.sort();
        assert_eq!(stars, ["d12", "d4", "h8", "l12", "l4"]);
        assert_eq!(star_points(Size::new(19, 19).unwrap()).len(), 9);
        assert!(star_points(Size::new(7, 5).unwrap()).is_empty());
    }
}
