//! A board on a canvas, whatever the game: the square under the cursor (redrawn when it
//! changes), a left click reported as the square clicked, and a pointer over what can be
//! clicked. Each board ([`SquareBoard`]) says where its squares are, what can be clicked
//! and how it is drawn; [`BoardCanvas`] makes it a canvas program, and [`Shown`] one that is
//! only looked at (a watched game).

use iced::widget::canvas::{self, Frame};
use iced::{Point, Rectangle, Renderer, Size, Theme, mouse};

/// A board drawn on a canvas: the model a screen builds, which knows its squares.
pub trait SquareBoard {
    /// A square of the board.
    type Square: Copy + PartialEq + 'static;
    /// What a click publishes.
    type Message;
    /// The square at `point` of a canvas of `size`, if any.
    fn square_at(&self, size: Size, point: Point) -> Option<Self::Square>;
    /// Whether a click on `square` can do anything (the pointer shows it).
    fn clickable(&self, square: Self::Square) -> bool;
    /// The message for a click on `square`.
    fn clicked(square: Self::Square) -> Self::Message;
    /// Draws the board, fitted to the frame, with `hover` under the cursor.
    fn draw(&self, frame: &mut Frame, hover: Option<Self::Square>);
}

/// A board `w` × `h` units large fitted into `size`, its aspect kept and centred: its
/// top-left corner and the size of a unit in pixels.
pub fn fit(size: Size, (w, h): (f32, f32)) -> (Point, f32) {
    let unit = (size.width / w).min(size.height / h).max(0.0);
    let origin = Point::new(
        (size.width - w * unit) / 2.0,
        (size.height - h * unit) / 2.0,
    );
    (origin, unit)
}

/// A [`SquareBoard`] as a canvas program: put it in a `canvas(..)`.
#[derive(Debug)]
pub struct BoardCanvas<B> {
    board: B,
}

impl<B> BoardCanvas<B> {
    /// The canvas program showing `board`.
    pub fn new(board: B) -> BoardCanvas<B> {
        BoardCanvas { board }
    }

    /// What it shows.
    pub fn board(&self) -> &B {
        &self.board
    }
}

impl<B: SquareBoard> canvas::Program<B::Message> for BoardCanvas<B> {
    type State = Hover<B::Square>;

    fn update(
        &self,
        state: &mut Self::State,
        event: &canvas::Event,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> Option<canvas::Action<B::Message>> {
        let size = bounds.size();
        update(
            state,
            event,
            bounds,
            cursor,
            |p| self.board.square_at(size, p),
            B::clicked,
        )
    }

    fn draw(
        &self,
        state: &Self::State,
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<canvas::Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        self.board.draw(&mut frame, state.0);
        vec![frame.into_geometry()]
    }

    fn mouse_interaction(
        &self,
        _state: &Self::State,
        bounds: Rectangle,
        cursor: mouse::Cursor,
    ) -> mouse::Interaction {
        let size = bounds.size();
        interaction(
            bounds,
            cursor,
            |p| self.board.square_at(size, p),
            |s| self.board.clickable(s),
        )
    }
}

/// A [`SquareBoard`] only looked at, as a canvas program: drawn as in a game but without
/// the hover mark, and nothing on it answers the cursor or a click (it publishes nothing,
/// so it fits any screen's message type).
#[derive(Debug)]
pub struct Shown<B>(pub B);

impl<B: SquareBoard, M> canvas::Program<M> for Shown<B> {
    type State = ();

    fn draw(
        &self,
        _state: &(),
        renderer: &Renderer,
        _theme: &Theme,
        bounds: Rectangle,
        _cursor: mouse::Cursor,
    ) -> Vec<canvas::Geometry> {
        let mut frame = Frame::new(renderer, bounds.size());
        self.0.draw(&mut frame, None);
        vec![frame.into_geometry()]
    }
}

/// A board canvas's own widget state: the square under the cursor.
#[derive(Debug)]
pub struct Hover<S>(pub Option<S>);

impl<S> Default for Hover<S> {
    fn default() -> Hover<S> {
        Hover(None)
    }
}

/// Handles a canvas event: a move of the cursor onto another square (or off the board)
/// redraws; a left click on a square publishes `clicked(square)`. `square_at` finds the
/// square at a point inside `bounds`.
fn update<S: Copy + PartialEq, M>(
    hover: &mut Hover<S>,
    event: &canvas::Event,
    bounds: Rectangle,
    cursor: mouse::Cursor,
    square_at: impl Fn(Point) -> Option<S>,
    clicked: impl FnOnce(S) -> M,
) -> Option<canvas::Action<M>> {
    let under = cursor.position_in(bounds).and_then(square_at);
    match event {
        canvas::Event::Mouse(mouse::Event::CursorMoved { .. } | mouse::Event::CursorLeft) => {
            if under != hover.0 {
                hover.0 = under;
                return Some(canvas::Action::request_redraw());
            }
            None
        }
        canvas::Event::Mouse(mouse::Event::ButtonPressed(mouse::Button::Left)) => {
            under.map(|s| canvas::Action::publish(clicked(s)).and_capture())
        }
        _ => None,
    }
}

/// A pointer over a square for which `clickable` holds, the default cursor elsewhere.
fn interaction<S: Copy>(
    bounds: Rectangle,
    cursor: mouse::Cursor,
    square_at: impl Fn(Point) -> Option<S>,
    clickable: impl Fn(S) -> bool,
) -> mouse::Interaction {
    match cursor.position_in(bounds).and_then(square_at) {
        Some(s) if clickable(s) => mouse::Interaction::Pointer,
        _ => mouse::Interaction::default(),
    }
}

/// Writes `content` centred on `at`, as filled glyph outlines (so that what is drawn later
/// covers it, unlike canvas text).
pub fn write(
    frame: &mut Frame,
    content: &str,
    at: Point,
    size: f32,
    color: iced::Color,
    font: iced::Font,
) {
    let text = canvas::Text {
        content: content.to_string(),
        position: at,
        size: iced::Pixels(size),
        color,
        font,
        align_x: iced::widget::text::Alignment::Center,
        align_y: iced::alignment::Vertical::Center,
        ..canvas::Text::default()
    };
    text.draw_with(|path, color| frame.fill(&path, color));
}
