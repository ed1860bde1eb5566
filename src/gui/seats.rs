//! The lobby's seat setup for a Gomoku table of three or four: for each seat but mine
//! (seat 1), who sits there: a person at this screen (named), a player on the LAN (one of
//! the players found, or an address typed), or the computer at a level; and the button that
//! opens the table ([`Command::OpenTable`]), or while it is being opened, how many seats
//! are taken and Cancel.
//!
//! It keeps what is chosen and typed, and hands up what the lobby should do. The choice is
//! remembered in the settings as text (`here:NAME`, `lan:IP:PORT`, `computer:LEVEL`, one
//! per seat).
//!
//! [`Command::OpenTable`]: crate::peer::Command::OpenTable

use std::fmt;
use std::net::SocketAddr;
use std::str::FromStr;

use iced::widget::{button, column, container, pick_list, row, text, text_input};
use iced::{Alignment, Color, Element, Fill, Length};

use super::i18n::Lang;
use crate::engine::Level;
use crate::peer::Sitter;
use crate::peer::control::Found;

/// Grey, for what is said in passing.
const GREY: Color = Color::from_rgb(0.40, 0.40, 0.40);

/// The most seats besides mine.
pub const OTHERS: usize = 3;

/// Who may sit in a seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Kind {
    /// A person at this screen.
    Here,
    /// A player on the LAN.
    Lan,
    /// The computer.
    #[default]
    Computer,
}

impl Kind {
    /// Every kind, in the order the pick list offers them.
    pub const ALL: [Kind; 3] = [Kind::Here, Kind::Lan, Kind::Computer];
}

/// Who sits in one seat, with what is typed for each kind (kept when the kind changes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatChoice {
    /// Who sits there.
    pub kind: Kind,
    /// A person here: their name.
    pub name: String,
    /// A player on the LAN: their address, picked or typed.
    pub address: String,
    /// The computer: its level.
    pub level: Level,
}

impl Default for SeatChoice {
    fn default() -> SeatChoice {
        SeatChoice {
            kind: Kind::Computer,
            name: String::new(),
            address: String::new(),
            level: Level::Medium,
        }
    }
}

impl fmt::Display for SeatChoice {
    /// `here:NAME`, `lan:IP:PORT` or `computer:LEVEL`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Here => write!(f, "here:{}", self.name),
            Kind::Lan => write!(f, "lan:{}", self.address),
            Kind::Computer => write!(f, "computer:{}", self.level.name()),
        }
    }
}

impl FromStr for SeatChoice {
    type Err = String;

    fn from_str(s: &str) -> Result<SeatChoice, String> {
        let (kind, rest) = s
            .split_once(':')
            .ok_or_else(|| format!("{s:?} is not KIND:WHO"))?;
        let seat = SeatChoice::default();
        match kind {
            "here" => Ok(SeatChoice {
                kind: Kind::Here,
                name: rest
                    .chars()
                    .take(crate::protocol::message::MAX_NAME)
                    .collect(),
                ..seat
            }),
            "lan" => Ok(SeatChoice {
                kind: Kind::Lan,
                address: rest.to_string(),
                ..seat
            }),
            "computer" => Level::ALL
                .into_iter()
                .find(|l| l.name() == rest)
                .map(|level| SeatChoice {
                    kind: Kind::Computer,
                    level,
                    ..seat
                })
                .ok_or_else(|| format!("{rest:?} is not easy, medium or hard")),
            _ => Err(format!("{kind:?} is not here, lan or computer")),
        }
    }
}

/// The seats besides mine (seats 2 to 4; a table of three uses the first two).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// Who sits in each.
    pub seats: [SeatChoice; OTHERS],
}

/// What the seat setup reacts to: a seat's place (0 is seat 2) and its new choice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Who sits there.
    Kind(usize, Kind),
    /// A person here: the name box changed.
    Name(usize, String),
    /// A player on the LAN: picked among those found, or the address box changed.
    Address(usize, String),
    /// The computer: its level.
    Level(usize, Level),
    /// Open the table.
    Open,
    /// Give up the table being opened.
    Cancel,
}

/// What the seat setup hands up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The choice changed (to remember).
    Changed,
    /// Open the table with these in the other seats.
    Open(Vec<Sitter>),
    /// Give up the table being opened.
    Cancel,
}

/// A choice in a pick list: a value and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Choice<T> {
    value: T,
    label: String,
}

impl<T> fmt::Display for Choice<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.label)
    }
}

impl Setup {
    /// The setup remembered as `texts` (one per seat, as [`SeatChoice`] writes it); the
    /// default for a seat whose text is missing or unreadable.
    pub fn from_texts(texts: &[String]) -> Setup {
        let mut setup = Setup::default();
        for (seat, text) in setup.seats.iter_mut().zip(texts) {
            if let Ok(choice) = text.parse() {
                *seat = choice;
            }
        }
        setup
    }

    /// The setup as text, one per seat.
    pub fn to_texts(&self) -> Vec<String> {
        self.seats.iter().map(ToString::to_string).collect()
    }

    /// Who sits in the other seats of a table of `seats`, in order; none while a LAN
    /// player's address is not IP:PORT. A person here left unnamed is "Player N".
    pub fn sitters(&self, seats: u8, lang: Lang) -> Option<Vec<Sitter>> {
        let others = usize::from(seats.saturating_sub(1)).min(OTHERS);
        self.seats[..others]
            .iter()
            .enumerate()
            .map(|(i, seat)| match seat.kind {
                Kind::Here => {
                    let name = seat.name.trim();
                    Some(Sitter::Here(if name.is_empty() {
                        player_n(lang, i + 2)
                    } else {
                        name.to_string()
                    }))
                }
                Kind::Lan => seat
                    .address
                    .trim()
                    .parse::<SocketAddr>()
                    .ok()
                    .map(Sitter::Lan),
                Kind::Computer => Some(Sitter::Computer(seat.level)),
            })
            .collect()
    }

    /// Handles a message for a table of `seats`; returns what the lobby should do.
    pub fn update(&mut self, message: Message, seats: u8, lang: Lang) -> Option<Event> {
        match message {
            Message::Kind(i, kind) => self.seats.get_mut(i)?.kind = kind,
            Message::Name(i, name) => {
                self.seats.get_mut(i)?.name = name
                    .chars()
                    .take(crate::protocol::message::MAX_NAME)
                    .collect();
            }
            Message::Address(i, address) => self.seats.get_mut(i)?.address = address,
            Message::Level(i, level) => self.seats.get_mut(i)?.level = level,
            Message::Open => return self.sitters(seats, lang).map(Event::Open),
            Message::Cancel => return Some(Event::Cancel),
        }
        Some(Event::Changed)
    }

    /// The setup for a table of `seats`: a row per other seat and Open the table (when
    /// `can_open`); while the table is being opened (`gathering`: seats taken, of how
    /// many), that instead, with Cancel. `found`: the players on the LAN to pick from.
    pub fn view<'a>(
        &'a self,
        seats: u8,
        found: &[Found],
        gathering: Option<(u8, u8)>,
        can_open: bool,
        lang: Lang,
    ) -> Element<'a, Message> {
        let words = lang.table_words();
        let mut card = column![
            text(words.heading).size(20),
            text(words.note).size(14).color(GREY),
            text(lang.labelled(&lang.seat_label(1), &lang.app().you.to_lowercase())).size(15),
        ]
        .spacing(8);
        let others = usize::from(seats.saturating_sub(1)).min(OTHERS);
        for (i, seat) in self.seats[..others].iter().enumerate() {
            card = card.push(seat_row(i, seat, found, lang));
        }
        let bottom: Element<'a, Message> = match gathering {
            Some((taken, of)) => row![
                text(lang.gathering(taken, of)).size(15).width(Fill),
                button(text(lang.app().cancel))
                    .on_press(Message::Cancel)
                    .style(button::secondary),
            ]
            .spacing(10)
            .align_y(Alignment::Center)
            .into(),
            None => {
                let ready = can_open && self.sitters(seats, lang).is_some();
                row![
                    iced::widget::space().width(Fill),
                    button(text(words.open))
                        .on_press_maybe(ready.then_some(Message::Open))
                        .style(button::primary)
                        .padding([8, 20]),
                ]
                .into()
            }
        };
        container(card.push(bottom))
            .padding(14)
            .width(Fill)
            .style(container::bordered_box)
            .into()
    }
}

/// "Player N", the name of a person here left unnamed.
fn player_n(lang: Lang, n: usize) -> String {
    lang.player_n(u8::try_from(n).unwrap_or(u8::MAX))
}

/// One other seat: its number and colour, who sits there, and that player's box or pick.
fn seat_row<'a>(
    i: usize,
    seat: &'a SeatChoice,
    found: &[Found],
    lang: Lang,
) -> Element<'a, Message> {
    let words = lang.table_words();
    let kinds: Vec<Choice<Kind>> = Kind::ALL
        .into_iter()
        .zip(words.kinds)
        .map(|(value, label)| Choice {
            value,
            label: label.to_string(),
        })
        .collect();
    let current = kinds.iter().find(|c| c.value == seat.kind).cloned();
    let kind = pick_list(kinds, current, move |c: Choice<Kind>| {
        Message::Kind(i, c.value)
    })
    .width(Length::Fixed(190.0));
    let who: Element<'a, Message> = match seat.kind {
        Kind::Here => text_input(&player_n(lang, i + 2), &seat.name)
            .line_height(super::script::line_height(&seat.name))
            .id(format!("seat-name-{}", i + 2))
            .on_input(move |name| Message::Name(i, name))
            .width(Fill)
            .into(),
        Kind::Lan => {
            let players: Vec<Choice<String>> = found
                .iter()
                .filter_map(|f| {
                    let addr = f.answered?.to_string();
                    Some(Choice {
                        label: format!("{} ({addr})", f.name),
                        value: addr,
                    })
                })
                .collect();
            let picked = players
                .iter()
                .find(|c| c.value == seat.address.trim())
                .cloned();
            row![
                pick_list(players, picked, move |c: Choice<String>| {
                    Message::Address(i, c.value)
                })
                .placeholder(words.pick_player)
                .width(Fill),
                text_input(words.address, &seat.address)
                    .id(format!("seat-address-{}", i + 2))
                    .on_input(move |address| Message::Address(i, address))
                    .width(Length::Fixed(170.0)),
            ]
            .spacing(8)
            .into()
        }
        Kind::Computer => {
            let levels: Vec<Choice<Level>> = Level::ALL
                .into_iter()
                .zip(lang.app().levels)
                .map(|(value, label)| Choice {
                    value,
                    label: label.to_string(),
                })
                .collect();
            let current = levels.iter().find(|c| c.value == seat.level).cloned();
            row![
                pick_list(levels, current, move |c: Choice<Level>| Message::Level(
                    i, c.value
                ))
                .width(Length::Fixed(150.0)),
            ]
            .width(Fill)
            .into()
        }
    };
    row![
        text(lang.seat_label(i as u8 + 2))
            .size(15)
            .width(Length::Fixed(150.0)),
        kind,
        who,
    ]
    .spacing(10)
    .align_y(Alignment::Center)
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_choice_is_remembered_as_text_and_read_back() {
        let mut setup = Setup::default();
        setup.seats[0] = "here:Bob".parse().unwrap();
        setup.seats[1] = "lan:192.168.1.5:40001".parse().unwrap();
        setup.seats[2] = "computer:hard".parse().unwrap();
        let texts = setup.to_texts();
        assert_eq!(
            texts,
            ["here:Bob", "lan:192.168.1.5:40001", "computer:hard"]
        );
        assert_eq!(Setup::from_texts(&texts), setup);
        // Something unreadable is the default seat (the computer at medium).
        let read = Setup::from_texts(&["robot:x".into(), "computer:expert".into()]);
        assert_eq!(read, Setup::default());
    }

    #[test]
    fn the_sitters_follow_the_seats_and_wait_for_a_real_address() {
        let mut setup = Setup::default();
        setup.seats[0] = "here:".parse().unwrap();
        setup.seats[1] = "lan:bob's".parse().unwrap();
        assert_eq!(
            setup.sitters(3, Lang::En),
            None,
            "an address that is not one"
        );
        setup.seats[1].address = "127.0.0.1:4000".into();
        assert_eq!(
            setup.sitters(4, Lang::En),
            Some(vec![
                Sitter::Here("Player 2".into()),
                Sitter::Lan("127.0.0.1:4000".parse().unwrap()),
                Sitter::Computer(Level::Medium),
            ])
        );
        assert_eq!(setup.sitters(3, Lang::En).unwrap().len(), 2);
    }
}
