//! Hot-seat: two people (or, at a Gomoku table of three or four, up to four) at one
//! screen. Which seat's desk shows follows
//! [`Snapshot::chair`] (and stays put while the two seats' views disagree); in a game that hides pieces (Junqi) the screen does not simply
//! switch: the player who just acted still sees their board (the battle's outcome, the
//! undo button) with a "Pass the screen to …" bar, which covers the board with a curtain;
//! the next player uncovers it. Nobody sees the other army, and nobody has to look away.

use iced::widget::{button, column, container, row, space, text};
use iced::{Alignment, Color, Element, Fill};

use super::i18n::Lang;
use crate::peer::Snapshot;
use crate::peer::control::Chair;
use crate::session::{AnyTable, TableGame};

/// What the pass bar and the curtain hand up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Message {
    /// The player who just acted passes the screen on (the curtain comes down).
    Pass,
    /// The next player uncovers the board.
    Uncover,
}

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
    /// is, unless the game hides pieces and is under way (then it waits to be passed). While
    /// the seats disagree on whose turn it is, nothing changes; if the guest is gone in the
    /// middle of such a game, nothing changes either (a curtain stays down).
    pub fn follow(&mut self, host: &Snapshot) {
        let Some(wanted) = host.chair() else { return };
        if !hides_a_running_game(host) {
            *self = Seating {
                shown: wanted,
                curtain: false,
            };
        } else if !host.guests.is_empty() && wanted == self.shown {
            // The turn came back to the board on screen (nobody else had to act).
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

    /// The curtain's button: the seat whose turn it is sees its board. While the two seats
    /// disagree on whose turn it is (a datagram in flight), the curtain stays down.
    pub fn uncover(&mut self, host: &Snapshot) {
        if let Some(shown) = host.chair() {
            *self = Seating {
                shown,
                curtain: false,
            };
        }
    }

    /// The seat the screen is passed to: the one whose turn it is, or else (the seats
    /// still disagree) the other of two.
    pub fn next(&self, host: &Snapshot) -> Chair {
        match (host.chair(), self.shown) {
            (Some(wanted), _) if wanted != self.shown => wanted,
            (_, Chair::Host) => Chair::Guest(0),
            (_, Chair::Guest(_)) => Chair::Host,
        }
    }
}

/// Whether the host's snapshot shows a game under way that hides pieces.
fn hides_a_running_game(host: &Snapshot) -> bool {
    host.game
        .as_ref()
        .is_some_and(|g| g.ending.is_none() && AnyTable::hidden(&g.game))
}

/// The name of the player in `chair`.
pub fn name_of(host: &Snapshot, chair: Chair) -> String {
    host.at(chair).name.clone()
}

/// The bar above the board of the player who just acted: pass the screen on.
pub fn pass_bar(next: &str, lang: Lang) -> Element<'static, Message> {
    container(
        row![
            space().width(Fill),
            button(super::script::text(lang.pass_to(next)).size(17))
                .on_press(Message::Pass)
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
        super::script::text(lang.curtain_turn(next)).size(30),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::peer::control::GameView;
    use crate::session::GameKind;

    /// A hot-seat Junqi game in play as one seat sees it: `to_move` moves next.
    fn view(me: u8, to_move: u8) -> GameView {
        GameView {
            game: GameKind::Junqi,
            me,
            first: 0,
            seats: vec![crate::peer::control::SeatView::default(); 2],
            board: Some(crate::session::Board::Junqi(Box::new({
                use crate::rules::junqi::{Layout, Position, Side};
                let layout = Layout::random(1);
                Position::from_layouts(&layout, &layout, Side::South).view(Side::South)
            }))),
            legal_moves: Vec::new(),
            to_move: Some(to_move),
            busy: false,
            record: Vec::new(),
            undo: None,
            draw: None,
            ending: None,
            audit: None,
            chat: Vec::new(),
        }
    }

    /// The host's snapshot with its guest's: each seat's view of whose move it is.
    fn host(host_sees: u8, guest_sees: u8) -> Snapshot {
        let guest = Snapshot {
            game: Some(view(1, guest_sees)),
            ..Snapshot::default()
        };
        Snapshot {
            game: Some(view(0, host_sees)),
            guests: vec![guest],
            ..Snapshot::default()
        }
    }

    #[test]
    fn junqi_waits_to_be_passed_and_the_curtain_lifts_only_when_both_seats_agree() {
        let mut seating = Seating::default();
        seating.follow(&host(0, 0));
        assert_eq!(
            (seating.shown, seating.waiting(&host(0, 0))),
            (Chair::Host, None)
        );
        // The host moved; the guest has not heard yet: nothing changes.
        seating.follow(&host(1, 0));
        assert_eq!(seating.waiting(&host(1, 0)), None);
        // Both agree: the host's board waits under the pass bar.
        seating.follow(&host(1, 1));
        assert_eq!(seating.shown, Chair::Host);
        assert_eq!(seating.waiting(&host(1, 1)), Some(Chair::Guest(0)));
        seating.pass();
        assert!(seating.curtain);
        assert_eq!(seating.next(&host(1, 1)), Chair::Guest(0));
        // Uncovering while the seats disagree keeps the curtain down.
        seating.uncover(&host(1, 0));
        assert!(
            seating.curtain,
            "no board is shown while a datagram is in flight"
        );
        seating.uncover(&host(1, 1));
        assert_eq!((seating.shown, seating.curtain), (Chair::Guest(0), false));
    }

    #[test]
    fn a_curtain_stays_down_when_the_guest_is_gone_in_the_middle_of_a_game() {
        let mut seating = Seating::default();
        seating.follow(&host(1, 1));
        seating.pass();
        let mut alone = host(1, 1);
        alone.guests.clear();
        seating.follow(&alone);
        assert!(seating.curtain);
    }

    #[test]
    fn xiangqi_turns_to_the_side_to_move_at_once() {
        let mut seating = Seating::default();
        let mut s = host(1, 1);
        s.game.as_mut().unwrap().game = GameKind::Xiangqi;
        s.guests[0].game.as_mut().unwrap().game = GameKind::Xiangqi;
        seating.follow(&s);
        assert_eq!((seating.shown, seating.curtain), (Chair::Guest(0), false));
        assert_eq!(seating.waiting(&s), None);
    }
}
