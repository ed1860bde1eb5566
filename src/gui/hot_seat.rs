//! Hot-seat: two people at one screen. Which seat's desk shows follows
//! [`Snapshot::chair`] (and stays put while the two seats' views disagree); in a game that hides pieces (Junqi) the screen does not simply
//! switch: the player who just acted still sees their board (the battle's outcome, the
//! undo button) with a "Pass the screen to …" bar, which covers the board with a curtain;
//! the next player uncovers it. Nobody sees the other army, and nobody has to look away.

use iced::widget::{button, column, container, row, space, text};
use iced::{Alignment, Color, Element, Fill};

use super::app::Message;
use super::i18n::Lang;
use crate::peer::Snapshot;
use crate::peer::control::Chair;
use crate::session::{AnyTable, TableGame};

/// Whose desk shows, and whether the curtain is down.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seating {
    /// The desk on screen.
    pub shown: Chair,
    /// The board is covered for the next player.
    pub curtain: bool,
}

impl Default for Seating {
    fn default() -> Seating {
        Seating {
            shown: Chair::Host,
            curtain: false,
        }
    }
}

impl Seating {
    /// Follows the host's new snapshot: the screen goes straight to the seat whose turn it
    /// is, unless the game hides pieces and is under way (then it waits to be passed).
    pub fn follow(&mut self, host: &Snapshot) {
        let Some(wanted) = host.chair() else { return };
        if !covers(host) {
            *self = Seating {
                shown: wanted,
                curtain: false,
            };
        } else if wanted == self.shown {
            self.curtain = false;
        }
    }

    /// The seat waiting for the screen to be passed to it, if any.
    pub fn waiting(&self, host: &Snapshot) -> Option<Chair> {
        host.chair().filter(|wanted| *wanted != self.shown)
    }

    /// The pass button: the curtain comes down.
    pub fn pass(&mut self) {
        self.curtain = true;
    }

    /// The curtain's button: the seat whose turn it is sees its board.
    pub fn uncover(&mut self, host: &Snapshot) {
        *self = Seating {
            shown: host.chair().unwrap_or(self.shown),
            curtain: false,
        };
    }
}

/// Whether the host's snapshot shows a hot-seat game under way that hides pieces.
fn covers(host: &Snapshot) -> bool {
    host.guest.is_some()
        && host
            .game
            .as_ref()
            .is_some_and(|g| g.ending.is_none() && AnyTable::hidden(&g.game))
}

/// The name of the player in `chair`.
pub fn name_of(host: &Snapshot, chair: Chair) -> String {
    match chair {
        Chair::Host => host.name.clone(),
        Chair::Guest => host
            .guest
            .as_ref()
            .map(|g| g.name.clone())
            .unwrap_or_default(),
    }
}

/// The bar above the board of the player who just acted: pass the screen on.
pub fn pass_bar(next: &str, lang: Lang) -> Element<'static, Message> {
    container(
        row![
            space().width(Fill),
            button(text(lang.pass_to(next)).size(17))
                .on_press(Message::PassScreen)
                .style(button::success)
                .padding([8, 24]),
            space().width(Fill),
        ]
        .align_y(Alignment::Center),
    )
    .padding([6, 16])
    .width(Fill)
    .into()
}

/// The curtain over the board: whose turn it is, and the button that uncovers it.
pub fn curtain(next: &str, lang: Lang) -> Element<'static, Message> {
    let t = lang.app();
    let card = column![
        text(lang.curtain_turn(next)).size(30),
        text(t.curtain_note)
            .size(15)
            .color(Color::from_rgb(0.40, 0.40, 0.40)),
        button(text(t.curtain_show).size(17))
            .on_press(Message::Uncover)
            .style(button::primary)
            .padding([10, 28]),
    ]
    .spacing(18)
    .align_x(Alignment::Center);
    container(card)
        .center_x(Fill)
        .center_y(Fill)
        .style(container::rounded_box)
        .into()
}
