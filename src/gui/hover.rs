//! The mouse on a board canvas, whatever the game: the square under the cursor (redrawn
//! when it changes), a left click reported as the square clicked, and a pointer over what
//! can be clicked. Each board says where its squares are; this module does the rest.

use iced::widget::canvas;
use iced::{Point, Rectangle, mouse};

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
pub fn update<S: Copy + PartialEq, M>(
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
pub fn interaction<S: Copy>(
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
