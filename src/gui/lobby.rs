//! The lobby: my name (editable) and key fingerprint, my addresses, the players found on
//! the LAN with a Challenge button each (a Watch button, 观战, for one in a game), an
//! incoming challenge to accept or decline, the computer (lanqi's levels, and for Xiangqi
//! the external engines offered, with a box to add one by its path), and a box to challenge
//! someone by address or watch their game. For a Gomoku table of three or four, the seat
//! setup ([`super::seats`]) takes the place of the challenge buttons.
//!
//! What it shows is the peer's [`Snapshot`]; what it keeps itself is only what is being
//! typed. Its view is a pure function of both.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use iced::widget::{
    button, column, container, pick_list, row, rule, scrollable, space, text, text_input,
};
use iced::{Alignment, Color, Element, Fill, Length};

use super::i18n::Lang;
use super::page::Which;
use super::seats;
use crate::engine::Level;
use crate::engine::xiangqi::external::{EngineInfo, ProbeError};
use crate::peer::adjourn::Adjourned;
use crate::peer::archive::Finished;
use crate::peer::control::{Found, Incoming};
use crate::peer::{Command, Snapshot};
use crate::protocol::Clock;
use crate::protocol::message::MAX_NAME;
use crate::rules::gomoku::{self, Rule};
use crate::rules::tibetan;
use crate::session::GameKind;

/// Grey, for what is said in passing.
const GREY: Color = Color::from_rgb(0.40, 0.40, 0.40);
/// Red, for problems.
const RED: Color = Color::from_rgb(0.72, 0.11, 0.09);

/// The lobby's own state: the boxes being typed in.
#[derive(Clone, Debug, Default)]
pub struct Lobby {
    /// The name box (applied with [`Message::Rename`]).
    name: String,
    /// The address box.
    address: String,
    /// Why the typed address was refused.
    address_error: Option<String>,
    /// The box for a friend's invitation code.
    code: String,
    /// Why the pasted code was refused.
    code_error: Option<crate::net::invite::InviteError>,
    /// The chosen game's rules or history page is open.
    page: Option<Which>,
    /// The game my challenges and the computer play.
    game: GameKind,
    /// The Gomoku settings last chosen (kept while another game is chosen).
    gomoku: gomoku::Settings,
    /// The Tibetan chess settings last chosen (kept while another game is chosen).
    tibetan: tibetan::Rules,
    /// The hot-seat box: the second player's name.
    second: String,
    /// The saved games listed (the newest first).
    saved: Vec<PathBuf>,
    /// Why the saved game last opened could not be read.
    saved_problem: Option<String>,
    /// The unfinished game's Abandon confirmation is open.
    confirm_abandon: bool,
    /// The finished games listed (the newest first), and the transcripts that could not
    /// be read.
    finished: (Vec<Finished>, Vec<String>),
    /// The custom time control being typed (minutes per side, seconds per move), while its
    /// boxes are open.
    custom_clock: Option<(String, String)>,
    /// Who sits in the other seats of a Gomoku table of three or four.
    table: seats::Setup,
    /// The Xiangqi engines offered as opponents, the engine path box, and the check of the
    /// path typed.
    engines: Engines,
}

/// The lobby's external Xiangqi engines: those offered (found installed, or chosen by
/// path), the path box, and the check of the path last typed.
#[derive(Clone, Debug, Default)]
struct Engines {
    offered: Vec<EngineInfo>,
    path: String,
    check: Option<EngineCheck>,
}

/// The engine path typed: being checked, or refused (why).
#[derive(Clone, Debug)]
enum EngineCheck {
    Checking,
    Refused(String, ProbeError),
}

/// What the lobby reacts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The name box changed.
    NameChanged(String),
    /// Apply the typed name.
    Rename,
    /// The address box changed.
    AddressChanged(String),
    /// Challenge the typed address.
    ChallengeAddress,
    /// Challenge a player found on the LAN, at the address it answered from.
    Challenge(SocketAddr),
    /// Show my invitation code, or hide it.
    Invite(bool),
    /// Copy my invitation code to the clipboard.
    CopyCode(String),
    /// The box for a friend's code changed.
    CodeChanged(String),
    /// Challenge the player behind the pasted code.
    Join,
    /// Watch the typed address's game.
    WatchAddress,
    /// Watch the game of a player found on the LAN, at the address it answered from.
    Watch(SocketAddr),
    /// Accept the incoming challenge.
    Accept,
    /// Decline it.
    Decline,
    /// Open the chosen game's rules or history page (its buttons), or close it (Back).
    Page(Option<Which>),
    /// Play the computer at this level.
    Computer(Level),
    /// Play the external engine offered at this place (Xiangqi).
    Engine(usize),
    /// The engine path box changed.
    EnginePathChanged(String),
    /// Check the engine path typed, and offer it if it is an engine.
    AddEngine,
    /// Choose the game to play (Gomoku with the settings last chosen).
    Game(GameKind),
    /// Choose Gomoku with these settings (its rule set, board, seats and win length).
    Gomoku(gomoku::Settings),
    /// The seat setup of a Gomoku table of three or four.
    Seats(seats::Message),
    /// Choose Tibetan chess with these settings (protection, flying).
    Tibetan(tibetan::Rules),
    /// The second player's name box changed.
    SecondChanged(String),
    /// Start a hot-seat game: two people at this screen.
    HotSeat,
    /// Open the saved game listed at this place.
    OpenSaved(usize),
    /// Review the finished game listed at this place.
    OpenFinished(usize),
    /// Let others watch my games, or not.
    Spectators(bool),
    /// Propose this time control from now on.
    Clock(Clock),
    /// "Custom…" was picked: open the boxes for a time control of one's own.
    CustomClock,
    /// The custom boxes changed: minutes per side, seconds per move.
    CustomChanged(String, String),
    /// Propose the custom time control typed.
    UseCustomClock,
    /// Resume the unfinished game.
    Resume,
    /// The Abandon button: opens its confirmation.
    Abandon,
    /// Answer the confirmation: give the game up, or keep it.
    ConfirmAbandon(bool),
}

/// The time controls offered (game seconds per side + seconds per move; 0 = unlimited): no
/// limit, quick, standard, standard with a move clock, long.
pub const CLOCKS: [Clock; 5] = [
    Clock {
        game_secs: 0,
        move_secs: 0,
    },
    Clock {
        game_secs: 300,
        move_secs: 0,
    },
    Clock {
        game_secs: 600,
        move_secs: 0,
    },
    Clock {
        game_secs: 900,
        move_secs: 30,
    },
    Clock {
        game_secs: 1800,
        move_secs: 60,
    },
];

/// What the lobby hands to the app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Send this to the peer.
    Command(Command),
    /// The player wants to be called this (the app restarts its peer under the new name).
    Rename(String),
    /// Open this saved game.
    OpenSaved(PathBuf),
    /// Review the finished game whose transcript this is.
    OpenFinished(PathBuf),
    /// Others may watch my games from now on, or not.
    Spectators(bool),
    /// My challenges propose this time control from now on.
    Clock(Clock),
    /// Gomoku's settings or its seat setup changed (to remember): the settings, and who
    /// sits in the other seats (as [`seats::Setup::to_texts`] writes them).
    Gomoku(gomoku::Settings, Vec<String>),
    /// The game chosen changed, or its settings (to remember).
    Chosen(GameKind),
    /// Check the program at this path: is it a Xiangqi engine ([`Lobby::engine_checked`])?
    CheckEngine(PathBuf),
    /// Put this text on the clipboard (my invitation code).
    Copy(String),
}

impl Lobby {
    /// A lobby whose name box holds `name`.
    pub fn new(name: &str) -> Lobby {
        Lobby {
            name: name.to_string(),
            ..Lobby::default()
        }
    }

    /// Lists these saved games (the newest first).
    pub fn set_saved(&mut self, saved: Vec<PathBuf>) {
        self.saved = saved;
    }

    /// Lists these finished games (the newest first) and the transcripts that could not be
    /// read.
    pub fn set_finished(&mut self, finished: (Vec<Finished>, Vec<String>)) {
        self.finished = finished;
    }

    /// Says why a saved game could not be opened.
    pub fn set_saved_problem(&mut self, problem: String) {
        self.saved_problem = Some(problem);
    }

    /// Gomoku's settings and seat setup as last chosen (remembered in the settings).
    pub fn set_gomoku(&mut self, settings: gomoku::Settings, table: &[String]) {
        self.gomoku = playable(settings);
        self.table = seats::Setup::from_texts(table);
    }

    /// The game and Tibetan chess's settings as last chosen (remembered in the settings);
    /// Gomoku's come from [`Lobby::set_gomoku`], first.
    pub fn set_chosen(&mut self, game: Option<GameKind>, tibetan: Option<tibetan::Rules>) {
        if let Some(rules) = tibetan.filter(|r| r.check().is_ok()) {
            self.tibetan = rules;
        }
        self.game = match game {
            Some(GameKind::Gomoku(_)) => GameKind::Gomoku(self.gomoku),
            Some(GameKind::Tibetan(_)) => GameKind::Tibetan(self.tibetan),
            Some(game) => game,
            None => self.game,
        };
    }

    /// What to remember of Gomoku's settings and seat setup.
    fn gomoku_event(&self) -> Event {
        Event::Gomoku(self.gomoku, self.table.to_texts())
    }

    /// The seat setup's message: the table opened or given up, or the choice changed.
    fn update_seats(&mut self, message: seats::Message, lang: Lang) -> Option<Event> {
        let GameKind::Gomoku(settings) = self.game else {
            return None;
        };
        match self.table.update(message, settings.seats, lang)? {
            seats::Event::Changed => Some(self.gomoku_event()),
            seats::Event::Open(sitters) => {
                Some(Event::Command(Command::OpenTable(self.game, sitters)))
            }
            seats::Event::Cancel => Some(Event::Command(Command::CancelTable)),
        }
    }

    /// The seats of the table chosen: more than two only in Gomoku.
    fn seats(&self) -> u8 {
        match self.game {
            GameKind::Gomoku(settings) => settings.seats,
            _ => 2,
        }
    }

    /// Offers these Xiangqi engines as opponents too (those already offered stay).
    pub fn add_engines(&mut self, engines: Vec<EngineInfo>) {
        for engine in engines {
            if !self.engines.offered.iter().any(|e| e.path == engine.path) {
                self.engines.offered.push(engine);
            }
        }
    }

    /// The Xiangqi engines offered as opponents.
    pub fn engines(&self) -> &[EngineInfo] {
        &self.engines.offered
    }

    /// The program at `path` was checked: offered if it is an engine, else refused with
    /// the reason (shown under the path box).
    pub fn engine_checked(&mut self, path: &Path, checked: Result<EngineInfo, ProbeError>) {
        match checked {
            Ok(engine) => {
                self.engines.check = None;
                self.engines.path.clear();
                self.add_engines(vec![engine]);
            }
            Err(why) => {
                let path = path.display().to_string();
                self.engines.check = Some(EngineCheck::Refused(path, why));
            }
        }
    }

    /// The game chosen to play.
    pub fn game(&self) -> GameKind {
        self.game
    }

    /// The name box's text.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Whether the typed name can be applied: 1 to `MAX_NAME` characters, and different
    /// from the current one.
    fn name_ok(&self, current: &str) -> bool {
        let name = self.name.trim();
        !name.is_empty() && name.chars().count() <= MAX_NAME && name != current
    }

    /// The address typed in the address box; none (and why, shown under it) when it is not
    /// IP:PORT.
    fn typed_address(&mut self) -> Option<SocketAddr> {
        let typed = self.address.trim();
        let addr = typed.parse::<SocketAddr>().ok();
        self.address_error = addr.is_none().then(|| typed.to_string());
        addr
    }

    /// Handles a message; returns what the app should do, if anything.
    /// `lang` names a second player left unnamed.
    pub fn update(&mut self, message: Message, snapshot: &Snapshot, lang: Lang) -> Option<Event> {
        match message {
            Message::NameChanged(name) => {
                self.name = name.chars().take(MAX_NAME).collect();
                None
            }
            Message::Rename => self
                .name_ok(&snapshot.name)
                .then(|| Event::Rename(self.name.trim().to_string())),
            Message::AddressChanged(address) => {
                self.address = address;
                self.address_error = None;
                None
            }
            // A table of three or four is opened with its seat setup.
            Message::ChallengeAddress | Message::Challenge(_) if self.seats() > 2 => None,
            Message::ChallengeAddress => self
                .typed_address()
                .map(|addr| Event::Command(Command::Challenge(addr, self.game))),
            Message::Challenge(addr) => Some(Event::Command(Command::Challenge(addr, self.game))),
            Message::Invite(shown) => Some(Event::Command(Command::Invite(shown))),
            Message::CopyCode(code) => Some(Event::Copy(code)),
            Message::CodeChanged(code) => {
                self.code = code;
                self.code_error = None;
                None
            }
            Message::Join => match crate::net::invite::Invitation::parse(&self.code) {
                Ok(invitation) => Some(Event::Command(Command::Join(invitation, self.game))),
                Err(why) => {
                    self.code_error = Some(why);
                    None
                }
            },
            Message::WatchAddress => self
                .typed_address()
                .map(|addr| Event::Command(Command::Watch(addr))),
            Message::Watch(addr) => Some(Event::Command(Command::Watch(addr))),
            Message::Accept => Some(Event::Command(Command::Accept)),
            Message::Decline => Some(Event::Command(Command::Decline)),
            Message::Page(page) => {
                self.page = page;
                None
            }
            Message::Computer(level) => {
                Some(Event::Command(Command::PlayComputer(self.game, level)))
            }
            Message::Engine(i) => self
                .engines
                .offered
                .get(i)
                .map(|e| Event::Command(Command::PlayEngine(e.clone()))),
            Message::EnginePathChanged(path) => {
                self.engines.path = path;
                self.engines.check = None;
                None
            }
            Message::AddEngine => {
                let typed = self.engines.path.trim();
                if typed.is_empty() {
                    return None;
                }
                self.engines.check = Some(EngineCheck::Checking);
                Some(Event::CheckEngine(PathBuf::from(typed)))
            }
            Message::Game(GameKind::Gomoku(_)) => {
                self.game = GameKind::Gomoku(self.gomoku);
                Some(Event::Chosen(self.game))
            }
            Message::Game(GameKind::Tibetan(_)) => {
                self.game = GameKind::Tibetan(self.tibetan);
                Some(Event::Chosen(self.game))
            }
            Message::Game(game) => {
                self.game = game;
                Some(Event::Chosen(self.game))
            }
            Message::Tibetan(rules) => {
                if rules.check().is_ok() {
                    self.tibetan = rules;
                }
                self.game = GameKind::Tibetan(self.tibetan);
                Some(Event::Chosen(self.game))
            }
            Message::Gomoku(settings) => {
                self.gomoku = playable(settings);
                self.game = GameKind::Gomoku(self.gomoku);
                Some(self.gomoku_event())
            }
            Message::Seats(m) => self.update_seats(m, lang),
            Message::SecondChanged(name) => {
                self.second = name.chars().take(MAX_NAME).collect();
                None
            }
            // Not while a challenge waits for an answer, either way.
            Message::HotSeat if snapshot.incoming.is_some() || snapshot.challenging => None,
            Message::HotSeat => {
                let typed = self.second.trim();
                let name = if typed.is_empty() {
                    lang.app().hotseat_default
                } else {
                    typed
                };
                Some(Event::Command(Command::HotSeat(
                    self.game,
                    name.to_string(),
                )))
            }
            Message::OpenFinished(i) => {
                self.saved_problem = None;
                self.finished
                    .0
                    .get(i)
                    .map(|f| Event::OpenFinished(f.path.clone()))
            }
            Message::OpenSaved(i) => {
                self.saved_problem = None;
                self.saved.get(i).cloned().map(Event::OpenSaved)
            }
            Message::Spectators(allowed) => Some(Event::Spectators(allowed)),
            Message::Clock(clock) => {
                self.custom_clock = None;
                Some(Event::Clock(clock))
            }
            Message::CustomClock => {
                self.custom_clock = Some((String::new(), String::new()));
                None
            }
            Message::CustomChanged(minutes, seconds) => {
                self.custom_clock = Some((minutes, seconds));
                None
            }
            Message::UseCustomClock => {
                let clock = self
                    .custom_clock
                    .as_ref()
                    .and_then(|(m, s)| custom_clock(m, s))?;
                self.custom_clock = None;
                Some(Event::Clock(clock))
            }
            Message::Resume => Some(Event::Command(Command::Resume)),
            Message::Abandon => {
                self.confirm_abandon = true;
                None
            }
            Message::ConfirmAbandon(yes) => {
                self.confirm_abandon = false;
                yes.then_some(Event::Command(Command::Abandon))
            }
        }
    }

    /// The lobby for `snapshot`, in `lang`. `started` is false while the network is
    /// starting (nothing to show yet).
    pub fn view<'a>(&'a self, snapshot: &'a Snapshot, lang: Lang) -> Element<'a, Message> {
        let t = lang.app();
        if let Some(which) = self.page {
            let other = which.other();
            let page = column![
                row![
                    button(text(t.back))
                        .on_press(Message::Page(None))
                        .style(button::secondary),
                    button(text(lang.page_button(self.game, other)))
                        .on_press(Message::Page(Some(other)))
                        .style(button::secondary),
                ]
                .spacing(8),
                super::games::page(self.game, which, lang),
            ]
            .spacing(12)
            .padding(24);
            return container(page).center_x(Fill).height(Fill).into();
        }
        let page = column![
            header(lang),
            container(self.me(snapshot, lang))
                .padding(14)
                .width(Fill)
                .style(container::rounded_box),
            self.games(snapshot.clock, lang),
            self.main(snapshot, lang),
        ]
        .spacing(18)
        .padding(24)
        .max_width(900);
        scrollable(container(page).center_x(Fill))
            .height(Fill)
            .into()
    }

    /// My name (to change), my key's fingerprint, where I can be reached.
    fn me<'a>(&'a self, snapshot: &'a Snapshot, lang: Lang) -> Element<'a, Message> {
        let t = lang.app();
        column![
            text(t.your_name).size(14).color(GREY),
            row![
                text_input(t.your_name, &self.name)
                    .line_height(super::script::line_height(&self.name))
                    .id("name")
                    .on_input(Message::NameChanged)
                    .on_submit(Message::Rename)
                    .width(Length::Fixed(260.0)),
                button(text(t.rename))
                    .on_press_maybe(self.name_ok(&snapshot.name).then_some(Message::Rename))
                    .style(button::secondary),
            ]
            .spacing(8)
            .align_y(Alignment::Center),
            text(lang.labelled(t.fingerprint, &snapshot.fingerprint))
                .size(13)
                .color(GREY),
            text(if snapshot.addresses.is_empty() {
                t.starting.to_string()
            } else {
                lang.labelled(t.reach_me, &snapshot.addresses.join("   "))
            })
            .size(13)
            .color(GREY),
            button(text(t.spectators[usize::from(!snapshot.spectators.0)]).size(13))
                .on_press(Message::Spectators(!snapshot.spectators.0))
                .style(button::secondary),
        ]
        .spacing(6)
        .into()
    }

    /// The game picker, and under it the settings of the game chosen (Gomoku's).
    fn games(&self, clock: Clock, lang: Lang) -> Element<'_, Message> {
        let mut games = row![text(lang.app().game_label).size(16)]
            .spacing(8)
            .align_y(Alignment::Center);
        for game in GameKind::ALL {
            let chosen = std::mem::discriminant(&game) == std::mem::discriminant(&self.game);
            let style = if chosen {
                button::primary
            } else {
                button::secondary
            };
            games = games.push(
                button(text(lang.game_name(game)).size(16))
                    .on_press(Message::Game(game))
                    .style(style),
            );
        }
        let games =
            container(games.push(space().width(Fill)).push(clocks(clock, lang))).id("game-row");
        let games: Element<'_, Message> = match &self.custom_clock {
            Some((minutes, seconds)) => column![games, custom_clock_row(minutes, seconds, lang)]
                .spacing(10)
                .into(),
            None => games.into(),
        };
        // Under the picker (nothing above it moves with the game chosen): the game's
        // settings, each label with its control, and its rules and history pages.
        let mut settings = match self.game {
            GameKind::Gomoku(settings) => gomoku_settings(settings, lang),
            GameKind::Tibetan(rules) => tibetan_settings(rules, lang),
            _ => Vec::new(),
        };
        settings.push(pages(self.game, lang));
        column![
            games,
            row(settings)
                .spacing(16)
                .align_y(Alignment::Center)
                .wrap()
                .vertical_spacing(8)
        ]
        .spacing(10)
        .into()
    }

    /// Under the game picker: a challenge that came, mine that is out, a problem; the
    /// players found, the computer, hot-seat, the saved games, a player by address.
    fn main<'a>(&'a self, snapshot: &'a Snapshot, lang: Lang) -> Element<'a, Message> {
        let t = lang.app();
        let mut main = column![].spacing(14);
        if let Some(incoming) = &snapshot.incoming {
            main = main.push(incoming_card(incoming, lang));
        }
        if snapshot.challenging {
            main = main.push(text(t.challenging).size(15));
        }
        if let Some(problem) = &snapshot.problem {
            main = main.push(text(problem.words(lang)).size(14).color(RED));
        }
        let can_challenge =
            snapshot.incoming.is_none() && !snapshot.challenging && snapshot.gathering.is_none();
        // A table of three or four is opened with its seat setup, not challenged.
        let two = self.seats() <= 2;
        if let Some(adjourned) = &snapshot.adjourned {
            main = main.push(self.adjourned(adjourned, can_challenge, lang));
        }
        let mut found = column![text(t.found_heading).size(20)].spacing(8);
        if snapshot.found.is_empty() {
            found = found.push(text(t.found_none).size(14).color(GREY));
        }
        for peer in &snapshot.found {
            found = found.push(found_row(peer, can_challenge, two, lang));
        }
        // A table of three or four: who sits where comes first.
        main = if two {
            main.push(found)
                .push(self.computer(can_challenge, lang))
                .push(self.hot_seat(can_challenge, lang))
        } else {
            main.push(self.table_setup(snapshot, can_challenge, lang))
                .push(found)
        };
        if !self.finished.0.is_empty() || !self.finished.1.is_empty() {
            main = main.push(self.finished_games(lang));
        }
        // Why a game could not be opened (a saved Xiangqi file, or a finished game).
        if let Some(problem) = &self.saved_problem {
            main = main.push(text(problem.clone()).size(13).color(RED));
        }
        if !self.saved.is_empty() {
            main = main.push(self.saved_games(lang));
        }
        main.push(rule::horizontal(1))
            .push(self.direct(can_challenge, two, lang))
            .push(rule::horizontal(1))
            .push(self.internet(snapshot, can_challenge && two, lang))
            .into()
    }

    /// A friend anywhere: Invite a friend (my code, to copy and send), the friends met
    /// before (online or not, each with Challenge), and Join with a code (the box, and why
    /// the code pasted is not one).
    fn internet<'a>(
        &'a self,
        snapshot: &'a Snapshot,
        can_join: bool,
        lang: Lang,
    ) -> Element<'a, Message> {
        let t = lang.app();
        let mut section = column![text(t.internet_heading).size(20)].spacing(8);
        let Some(relays) = &snapshot.internet else {
            return section
                .push(text(t.internet_off).size(13).color(GREY))
                .into();
        };
        match &snapshot.invitation {
            None => {
                section = section.push(
                    button(text(t.invite))
                        .on_press(Message::Invite(true))
                        .style(button::secondary),
                );
            }
            Some(code) => {
                let lan_only = *relays != crate::net::internet::Relays::Off
                    && crate::net::invite::Invitation::parse(code).is_ok_and(|i| i.relay.is_none());
                section = section
                    .push(
                        container(
                            text(code.as_str())
                                .size(13)
                                .font(iced::Font::MONOSPACE)
                                .wrapping(iced::widget::text::Wrapping::Glyph),
                        )
                        .padding(6)
                        .width(Fill)
                        .style(container::bordered_box),
                    )
                    .push(
                        row![
                            text(t.invite_note).size(13).color(GREY).width(Fill),
                            button(text(t.copy))
                                .on_press(Message::CopyCode(code.clone()))
                                .style(button::primary),
                            button(text(t.invite_hide))
                                .on_press(Message::Invite(false))
                                .style(button::secondary),
                        ]
                        .spacing(8)
                        .align_y(Alignment::Center),
                    )
                    .push(lan_only.then(|| text(lang.code_lan_only()).size(13).color(GREY)));
            }
        }
        for friend in snapshot.friends.iter().take(8) {
            let status = if friend.online {
                t.friend_online
            } else {
                t.friend_away
            };
            section = section.push(
                row![
                    super::script::text(friend.name.as_str()).size(16),
                    text(format!(
                        "{}   {status}",
                        lang.labelled(t.fingerprint, &friend.fingerprint)
                    ))
                    .size(12)
                    .color(GREY)
                    .width(Fill),
                    button(text(t.challenge))
                        .on_press_maybe(can_join.then_some(Message::Challenge(friend.addr)))
                        .style(if friend.online {
                            button::primary
                        } else {
                            button::secondary
                        }),
                    button(text(t.watch))
                        .on_press_maybe(can_join.then_some(Message::Watch(friend.addr)))
                        .style(button::secondary),
                ]
                .spacing(10)
                .align_y(Alignment::Center),
            );
        }
        let typed = can_join && !self.code.trim().is_empty();
        section
            .push(
                row![
                    text_input(t.join_placeholder, &self.code)
                        .id("code")
                        .on_input(Message::CodeChanged)
                        .on_submit(Message::Join)
                        .width(Fill),
                    button(text(t.join))
                        .on_press_maybe(typed.then_some(Message::Join))
                        .style(button::primary),
                ]
                .spacing(8)
                .align_y(Alignment::Center),
            )
            .push(
                self.code_error
                    .as_ref()
                    .map(|why| text(lang.bad_code(why)).size(13).color(RED)),
            )
            .into()
    }

    /// Who sits at the Gomoku table of three or four chosen, and Open the table.
    fn table_setup<'a>(
        &'a self,
        snapshot: &'a Snapshot,
        can_open: bool,
        lang: Lang,
    ) -> Element<'a, Message> {
        self.table
            .view(
                self.seats(),
                &snapshot.found,
                snapshot.gathering,
                can_open,
                lang,
            )
            .map(Message::Seats)
    }

    /// The unfinished game: what it is, Resume, and Abandon (with its confirmation).
    fn adjourned<'a>(
        &self,
        game: &'a Adjourned,
        can_challenge: bool,
        lang: Lang,
    ) -> Element<'a, Message> {
        let t = lang.app();
        let opponent = match game.computer {
            Some(level) => lang.computer_level(t.levels[level as usize]),
            None => game.opponent.clone(),
        };
        let line = text(lang.adjourned_line(game.game, &opponent, game.moves))
            .size(15)
            .width(Fill);
        let buttons = if self.confirm_abandon {
            row![
                text(t.abandon_question).size(14).color(RED),
                button(text(t.abandon))
                    .on_press(Message::ConfirmAbandon(true))
                    .style(button::danger),
                button(text(t.keep))
                    .on_press(Message::ConfirmAbandon(false))
                    .style(button::secondary),
            ]
        } else {
            row![
                button(text(t.resume))
                    .on_press_maybe(can_challenge.then_some(Message::Resume))
                    .style(button::primary),
                button(text(t.abandon))
                    .on_press(Message::Abandon)
                    .style(button::secondary),
            ]
        };
        container(
            column![
                text(t.adjourned_heading).size(20),
                row![line, buttons.spacing(8).align_y(Alignment::Center)]
                    .spacing(10)
                    .align_y(Alignment::Center),
            ]
            .spacing(8),
        )
        .padding(12)
        .width(Fill)
        .style(container::rounded_box)
        .into()
    }

    /// Play the computer: lanqi's levels, and for Xiangqi the engines offered
    /// ([`Lobby::engines_view`]).
    fn computer(&self, can_challenge: bool, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let mut levels = row![].spacing(8);
        for (level, label) in Level::ALL.into_iter().zip(t.levels) {
            levels = levels.push(
                button(text(label))
                    .on_press_maybe(can_challenge.then_some(Message::Computer(level)))
                    .style(button::secondary),
            );
        }
        let card = column![
            text(t.computer_heading).size(20),
            row![
                text(t.computer_note).size(14).color(GREY).width(Fill),
                levels
            ]
            .spacing(10)
            .align_y(Alignment::Center),
        ]
        .spacing(8);
        if self.game == GameKind::Xiangqi {
            card.push(self.engines_view(can_challenge, lang)).into()
        } else {
            card.into()
        }
    }

    /// The Xiangqi engines offered, each with Play, and the box to add one by its path
    /// (with the check under it: under way, or why the program was refused).
    fn engines_view(&self, can_challenge: bool, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let mut list = column![].spacing(6);
        if !self.engines.offered.is_empty() {
            list = list.push(text(t.engines_note).size(14).color(GREY));
        }
        for (i, engine) in self.engines.offered.iter().enumerate() {
            list = list.push(
                row![
                    text(engine.name.clone()).size(15),
                    text(engine.path.display().to_string())
                        .size(13)
                        .color(GREY)
                        .width(Fill),
                    button(text(t.engine_play))
                        .on_press_maybe(can_challenge.then_some(Message::Engine(i)))
                        .style(button::secondary),
                ]
                .spacing(10)
                .align_y(Alignment::Center),
            );
        }
        let checking = matches!(self.engines.check, Some(EngineCheck::Checking));
        let typed = !self.engines.path.trim().is_empty() && !checking;
        list = list.push(
            row![
                text_input(t.engine_path, &self.engines.path)
                    .id("engine-path")
                    .on_input(Message::EnginePathChanged)
                    .on_submit(Message::AddEngine)
                    .width(Fill),
                button(text(t.engine_add))
                    .on_press_maybe(typed.then_some(Message::AddEngine))
                    .style(button::secondary),
            ]
            .spacing(8)
            .align_y(Alignment::Center),
        );
        match &self.engines.check {
            Some(EngineCheck::Checking) => list.push(text(t.engine_checking).size(13).color(GREY)),
            Some(EngineCheck::Refused(path, why)) => {
                list.push(text(lang.engine_refused(path, why)).size(13).color(RED))
            }
            None => list,
        }
        .into()
    }

    /// Two players at this screen: the second one's name, and Play here.
    fn hot_seat(&self, can_challenge: bool, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        column![
            text(t.hotseat_heading).size(20),
            row![
                text(t.hotseat_note).size(14).color(GREY).width(Fill),
                text_input(t.hotseat_placeholder, &self.second)
                    .line_height(super::script::line_height(&self.second))
                    .id("second")
                    .on_input(Message::SecondChanged)
                    .on_submit(Message::HotSeat)
                    .width(Length::Fixed(200.0)),
                button(text(t.hotseat_start))
                    .on_press_maybe(can_challenge.then_some(Message::HotSeat))
                    .style(button::secondary),
            ]
            .spacing(10)
            .align_y(Alignment::Center),
        ]
        .spacing(8)
        .into()
    }

    /// The saved games, each with Open, and why the last one could not be opened.
    fn saved_games(&self, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let mut saved = column![text(t.saved_heading).size(20)].spacing(6);
        for (i, path) in self.saved.iter().enumerate() {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            saved = saved.push(
                row![
                    text(name).size(14).width(Fill),
                    button(text(t.open).size(14))
                        .on_press(Message::OpenSaved(i))
                        .style(button::secondary),
                ]
                .spacing(10)
                .align_y(Alignment::Center),
            );
        }
        saved.into()
    }

    /// The finished games, each with Review; a transcript that could not be read, named.
    fn finished_games(&self, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let mut list = column![text(t.finished_heading).size(20)].spacing(6);
        for (i, game) in self.finished.0.iter().enumerate() {
            let result = t.results[game.result as usize];
            let opponent = lang.player_name(&game.opponent);
            let line = lang.finished_line(game.game, &opponent, result, game.moves);
            list = list.push(
                row![
                    text(line).size(14).width(Fill),
                    text(game.reason.words(lang)).size(13).color(GREY),
                    button(text(t.review).size(14))
                        .on_press(Message::OpenFinished(i))
                        .style(button::secondary),
                ]
                .spacing(10)
                .align_y(Alignment::Center),
            );
        }
        for problem in self.finished.1.iter().take(3) {
            list = list.push(text(problem.clone()).size(13).color(RED));
        }
        list.into()
    }

    /// A player by address: the box, Challenge (at a table of two), Watch, and why the
    /// address is not one.
    fn direct(&self, can_challenge: bool, two: bool, lang: Lang) -> Element<'_, Message> {
        let t = lang.app();
        let typed = can_challenge && !self.address.trim().is_empty();
        column![
            text(t.direct_heading).size(20),
            row![
                text_input(t.direct_placeholder, &self.address)
                    .id("address")
                    .on_input(Message::AddressChanged)
                    .on_submit(Message::ChallengeAddress)
                    .width(Fill),
                button(text(t.challenge))
                    .on_press_maybe((typed && two).then_some(Message::ChallengeAddress))
                    .style(button::primary),
                button(text(t.watch))
                    .on_press_maybe(typed.then_some(Message::WatchAddress))
                    .style(button::secondary),
            ]
            .spacing(8)
            .align_y(Alignment::Center),
        ]
        .push(
            self.address_error
                .as_ref()
                .map(|bad| text(lang.bad_address(bad)).size(13).color(RED)),
        )
        .spacing(8)
        .into()
    }
}

/// Settings Gomoku can be played with, nearest to `settings`: renju is for two, to five
/// in a row; an opening rule is for two, to 4 or more; the win length is 3 to the board's
/// longer side.
fn playable(settings: gomoku::Settings) -> gomoku::Settings {
    let longer = settings.size.width().max(settings.size.height());
    let mut s = settings;
    if s.rule == Rule::Renju {
        s.seats = 2;
        s.win = 5;
    }
    if s.opening != gomoku::Opening::None {
        s.seats = 2;
        s.win = s.win.max(4);
    }
    s.win = s.win.clamp(3, longer);
    s
}

/// A choice in a pick list: a value and its words.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Choice<T> {
    value: T,
    label: String,
}

impl<T> std::fmt::Display for Choice<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.label)
    }
}

/// A label and its control, kept together on one line (the settings row wraps between
/// such pairs, never inside one).
fn labelled<'a>(
    id: &'static str,
    label: impl text::IntoFragment<'a>,
    control: impl Into<Element<'a, Message>>,
) -> Element<'a, Message> {
    row![
        text(label).size(14).color(GREY),
        container(control.into()).id(id)
    ]
    .spacing(6)
    .align_y(Alignment::Center)
    .into()
}

/// A number chosen with – and + (from `least` to `most`): each press sends `to` of the
/// next number. As wide whatever the range, unlike a list of every number.
fn stepper<'a>(
    value: u8,
    least: u8,
    most: u8,
    id: &'static str,
    to: impl Fn(u8) -> Message,
) -> Element<'a, Message> {
    let step = |label: &'static str, next: Option<u8>, which: &'static str| {
        container(
            button(text(label).size(14).align_x(Alignment::Center).width(Fill))
                .on_press_maybe(next.map(&to))
                .width(Length::Fixed(28.0))
                .padding([3, 0])
                .style(button::secondary),
        )
        .id(format!("{id}-{which}"))
    };
    row![
        step("–", (value > least).then(|| value - 1), "less"),
        container(text(value.to_string()).size(15))
            .id(id)
            .width(Length::Fixed(28.0))
            .align_x(Alignment::Center),
        step("+", (value < most).then(|| value + 1), "more"),
    ]
    .spacing(2)
    .align_y(Alignment::Center)
    .into()
}

/// Gomoku's settings, chosen before challenging: the rule set, columns × rows, the win
/// length (five, and fixed, in renju; 4 or more with an opening rule), the seats, the
/// opening rule. Numbers are stepped (– 15 +), each label beside its control.
fn gomoku_settings<'a>(settings: gomoku::Settings, lang: Lang) -> Vec<Element<'a, Message>> {
    let t = lang.app();
    let rules: Vec<Choice<Rule>> = Rule::ALL
        .iter()
        .map(|&rule| Choice {
            value: rule,
            label: lang.gomoku_rule(rule).to_string(),
        })
        .collect();
    let number = |n: u8| Choice {
        value: n,
        label: n.to_string(),
    };
    let (least_side, most_side) = (gomoku::point::MIN_SIDE, gomoku::point::MAX_SIDE);
    let (w, h) = (settings.size.width(), settings.size.height());
    let with_size = move |w: u8, h: u8| {
        let size = gomoku::Size::new(u32::from(w), u32::from(h)).unwrap_or(settings.size);
        Message::Gomoku(gomoku::Settings { size, ..settings })
    };
    let least = if settings.opening == gomoku::Opening::None {
        3
    } else {
        4
    };
    let openings: Vec<Choice<gomoku::Opening>> = gomoku::Opening::ALL
        .iter()
        .map(|&opening| Choice {
            value: opening,
            label: lang.gomoku_opening(opening).to_string(),
        })
        .collect();
    let current_opening = openings
        .iter()
        .find(|c| c.value == settings.opening)
        .cloned();
    let opening = pick_list(openings, current_opening, move |c| {
        Message::Gomoku(gomoku::Settings {
            opening: c.value,
            ..settings
        })
    })
    .text_size(14);
    // Renju is played to five: nothing to choose.
    let win: Element<'a, Message> = if settings.rule == Rule::Renju {
        text("5").size(15).into()
    } else {
        stepper(settings.win, least, w.max(h), "gomoku-win", move |win| {
            Message::Gomoku(gomoku::Settings { win, ..settings })
        })
    };
    // Renju and the opening rules are for two.
    let seats: Element<'a, Message> =
        if settings.rule == Rule::Renju || settings.opening != gomoku::Opening::None {
            text("2").size(15).into()
        } else {
            let counts: Vec<Choice<u8>> = (2..=4).map(number).collect();
            pick_list(
                counts,
                Some(number(settings.seats)),
                move |c: Choice<u8>| {
                    Message::Gomoku(gomoku::Settings {
                        seats: c.value,
                        ..settings
                    })
                },
            )
            .text_size(14)
            .into()
        };
    let current_rule = rules.iter().find(|c| c.value == settings.rule).cloned();
    let board = row![
        stepper(w, least_side, most_side, "gomoku-columns", move |w| {
            with_size(w, h)
        }),
        text("×").size(15),
        stepper(h, least_side, most_side, "gomoku-rows", move |h| {
            with_size(w, h)
        }),
    ]
    .spacing(4)
    .align_y(Alignment::Center);
    vec![
        labelled(
            "setting-rule",
            t.gomoku_rule,
            pick_list(rules, current_rule, move |c: Choice<Rule>| {
                Message::Gomoku(gomoku::Settings {
                    rule: c.value,
                    ..settings
                })
            })
            .text_size(14),
        ),
        labelled("setting-board", t.gomoku_board, board),
        labelled("setting-win", t.gomoku_win, win),
        labelled("setting-seats", lang.table_words().seats, seats),
        labelled("setting-opening", t.gomoku_opening, opening),
    ]
}

/// Tibetan chess's settings, chosen before challenging: whether stones in formations are
/// protected from removal, and at how many stones a side may fly (or never). The others
/// are the spec's defaults.
fn tibetan_settings<'a>(rules: tibetan::Rules, lang: Lang) -> Vec<Element<'a, Message>> {
    let words = lang.tibetan_setting_words();
    let flights: Vec<Choice<Option<u8>>> = [
        None,
        Some(3),
        Some(4),
        Some(5),
        Some(6),
        Some(7),
        Some(8),
        Some(9),
    ]
    .into_iter()
    .map(|n| Choice {
        value: n,
        label: n.map_or(words.no_fly.to_string(), |n| n.to_string()),
    })
    .collect();
    let current = flights.iter().find(|c| c.value == rules.fly_at).cloned();
    vec![
        labelled(
            "setting-protect",
            words.protect,
            button(text(words.on_off[usize::from(rules.protect_formations)]).size(14))
                .on_press(Message::Tibetan(tibetan::Rules {
                    protect_formations: !rules.protect_formations,
                    ..rules
                }))
                .style(button::secondary),
        ),
        labelled(
            "setting-fly",
            words.fly,
            pick_list(flights, current, move |c: Choice<Option<u8>>| {
                Message::Tibetan(tibetan::Rules {
                    fly_at: c.value,
                    ..rules
                })
            })
            .text_size(14),
        ),
    ]
}

/// The lobby's title and tagline: the same whatever game is chosen, so that choosing one
/// moves nothing above its settings.
fn header<'a>(lang: Lang) -> Element<'a, Message> {
    column![
        text(lang.brand()).size(30),
        text(lang.app().tagline).size(14).color(GREY),
    ]
    .spacing(4)
    .width(Fill)
    .into()
}

/// The buttons to the chosen game's rules and history pages.
fn pages<'a>(game: GameKind, lang: Lang) -> Element<'a, Message> {
    let mut pages = row![].spacing(8);
    for which in Which::ALL {
        pages = pages.push(
            button(text(lang.page_button(game, which)).size(14))
                .on_press(Message::Page(Some(which)))
                .style(button::secondary),
        );
    }
    pages.into()
}

/// The time control picker (beside the game's): the offered ones, the proposed one shown.
fn clocks(proposed: Clock, lang: Lang) -> Element<'static, Message> {
    let choice = |clock: Clock| Choice {
        value: Some(clock),
        label: lang.clock(clock),
    };
    let mut offered: Vec<Choice<Option<Clock>>> = CLOCKS.into_iter().map(choice).collect();
    if !CLOCKS.contains(&proposed) {
        // A time control from the command line (`--clock`), or a custom one, is offered too.
        offered.push(choice(proposed));
    }
    offered.push(Choice {
        value: None,
        label: lang.app().clock_custom.to_string(),
    });
    row![
        text(lang.app().clock_label).size(16),
        pick_list(
            offered,
            Some(choice(proposed)),
            |c: Choice<Option<Clock>>| { c.value.map_or(Message::CustomClock, Message::Clock) }
        )
        .text_size(14),
    ]
    .spacing(8)
    .align_y(Alignment::Center)
    .into()
}

/// The longest custom time: ten hours a side, an hour a move.
const CUSTOM_MAX: (u32, u32) = (600, 3600);

/// The time control typed in the custom boxes, if both are whole numbers in range (an
/// empty box is 0: no limit).
fn custom_clock(minutes: &str, seconds: &str) -> Option<Clock> {
    let number = |text: &str, max: u32| match text.trim() {
        "" => Some(0),
        t => t.parse::<u32>().ok().filter(|n| *n <= max),
    };
    Some(Clock {
        game_secs: number(minutes, CUSTOM_MAX.0)? * 60,
        move_secs: number(seconds, CUSTOM_MAX.1)?,
    })
}

/// The custom time control's boxes: minutes per side, seconds per move, and Use.
fn custom_clock_row<'a>(minutes: &'a str, seconds: &'a str, lang: Lang) -> Element<'a, Message> {
    let t = lang.app();
    let valid = custom_clock(minutes, seconds).is_some();
    let (m, s) = (minutes.to_string(), seconds.to_string());
    row![
        space().width(Fill),
        text_input("0", minutes)
            .id("clock-minutes")
            .on_input(move |m| Message::CustomChanged(m, s.clone()))
            .on_submit(Message::UseCustomClock)
            .width(Length::Fixed(70.0)),
        text(t.clock_minutes).size(14),
        text_input("0", seconds)
            .id("clock-seconds")
            .on_input(move |s| Message::CustomChanged(m.clone(), s))
            .on_submit(Message::UseCustomClock)
            .width(Length::Fixed(70.0)),
        text(t.clock_seconds).size(14),
        button(text(t.clock_use))
            .on_press_maybe(valid.then_some(Message::UseCustomClock))
            .style(button::primary),
    ]
    .spacing(8)
    .align_y(Alignment::Center)
    .into()
}

/// A challenge that came: who, their fingerprint and address, Accept and Decline.
fn incoming_card(incoming: &Incoming, lang: Lang) -> Element<'_, Message> {
    let t = lang.app();
    container(
        row![
            column![
                super::script::text(lang.challenged_by(&incoming.name, incoming.game)).size(18),
                text(lang.clock(incoming.clock)).size(14),
                text(format!(
                    "{}   {}",
                    lang.labelled(t.fingerprint, &incoming.fingerprint),
                    // A player reached through iroh has no address worth showing.
                    if crate::net::internet::is_synthetic(&incoming.addr) {
                        t.over_internet.to_string()
                    } else {
                        incoming.addr.to_string()
                    }
                ))
                .size(12)
                .color(GREY),
            ]
            .spacing(4)
            .width(Fill),
            button(text(t.accept))
                .on_press(Message::Accept)
                .style(button::success)
                .padding([8, 20]),
            button(text(t.decline))
                .on_press(Message::Decline)
                .style(button::danger)
                .padding([8, 20]),
        ]
        .spacing(10)
        .align_y(Alignment::Center),
    )
    .padding(14)
    .width(Fill)
    .style(container::bordered_box)
    .into()
}

/// One found player: name, fingerprint, status and games, and a Challenge button when it
/// is idle, answers, and nothing else is under way (and the table chosen is of two: a
/// larger one is opened with its seat setup); a Watch button instead when it is playing
/// and answers.
fn found_row(peer: &Found, can_challenge: bool, two: bool, lang: Lang) -> Element<'_, Message> {
    let t = lang.app();
    let grey = Color::from_rgb(0.40, 0.40, 0.40);
    let busy = peer.status != "idle";
    let status = if busy {
        text(t.busy).color(Color::from_rgb(0.70, 0.40, 0.05))
    } else if peer.answered.is_none() {
        text(t.not_reachable).color(grey)
    } else {
        text(t.idle).color(Color::from_rgb(0.10, 0.50, 0.20))
    };
    let action = match peer.answered {
        Some(addr) if !busy => button(text(t.challenge))
            .on_press_maybe((can_challenge && two).then_some(Message::Challenge(addr)))
            .style(button::primary),
        Some(addr) if peer.status == "playing" => button(text(t.watch))
            .on_press_maybe(can_challenge.then_some(Message::Watch(addr)))
            .style(button::secondary),
        _ => button(text(t.challenge)).style(button::primary),
    };
    container(
        row![
            column![
                super::script::text(peer.name.clone()).size(17),
                text(format!(
                    "{}   {}",
                    peer.fingerprint,
                    peer.answered.map(|a| a.to_string()).unwrap_or_default()
                ))
                .size(12)
                .color(grey),
            ]
            .spacing(2)
            .width(Fill),
            // One line, never broken inside a word.
            text(lang.games_short(&peer.games))
                .size(14)
                .wrapping(iced::widget::text::Wrapping::None),
            status.size(14).width(Length::Fixed(120.0)),
            // A column of its own, so that Challenge and Watch rows line up.
            container(action)
                .width(Length::Fixed(110.0))
                .align_x(Alignment::End),
        ]
        .spacing(10)
        .align_y(Alignment::Center),
    )
    .padding(10)
    .width(Fill)
    .style(container::bordered_box)
    .into()
}
