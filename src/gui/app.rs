//! The desktop app: one window, screens Lobby → Deploy → Play (or Lobby → Watch), driven
//! by a hand-driven peer ([`crate::peer::run_controlled`]) on a real UDP socket.
//!
//! The window only shows and routes: files (settings, exports, saved games) are read and
//! written by `crate::store`, and the network core runs on its own thread with its own tokio
//! runtime ([`crate::peer::desktop`]), exactly as `lanqi peer` runs it. A subscription
//! starts it, hands the app the command sender first
//! ([`NetEvent::Ready`]), then forwards every [`Snapshot`] it publishes. The app renders
//! snapshots and turns clicks into [`Command`]s; it holds no game logic. Which screen shows
//! follows from the snapshot: no game → lobby, or the spectator screen while watching
//! someone's game; a game not yet deployed → deployment; a board → play.
//!
//! Each seat shown has a [`Desk`]: the app's own, and in hot-seat play each guest's too;
//! [`hot_seat::Seating`] says which is on screen.
//!
//! A new name, or leaving a finished game for the lobby, restarts the peer (the
//! subscription's identity carries the name and a generation count): the old one is told
//! to quit and says goodbye, a new one starts.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use iced::futures::{SinkExt, Stream};
use iced::widget::{button, column, container, row, rule, space, text};
use iced::{Alignment, Color, Element, Fill, Size, Subscription, Task, Theme, window};
use tokio::sync::mpsc;

pub use super::desk::Screen;

use super::desk::Desk;
use super::hot_seat::{self, Seating};
use super::i18n::Lang;
use super::junqi::deploy;
use super::review::{self, Review};
use super::watch as spectator;
use super::{lobby, play, settings};
use crate::engine::xiangqi::external::{self, EngineInfo, ProbeError, probe};
use crate::net::discovery::MdnsMode;
use crate::peer::control::Chair;
use crate::peer::desktop::{self, DesktopPeer};
use crate::peer::{Command, Snapshot};
use crate::protocol::Clock;
use crate::session::Local;
use crate::store::{LayoutLibrary, Profile, Settings, export_game, export_name, write_export};

/// The window's size at start, in logical pixels.
pub const WINDOW_SIZE: Size = Size::new(1280.0, 860.0);
/// The smallest the window may get.
pub const MIN_SIZE: Size = Size::new(960.0, 640.0);
/// How often the clocks on screen are refreshed.
pub const TICK: Duration = Duration::from_millis(200);

/// What the app is started with (the command line's options).
#[derive(Clone, Debug)]
pub struct Options {
    /// The profile directory (identity, layouts, games); the platform's when `None`.
    pub profile: Option<PathBuf>,
    /// My nickname.
    pub name: String,
    /// The UDP port to listen on (0: any free port).
    pub port: u16,
    /// Where mDNS discovery runs.
    pub mdns: MdnsMode,
    /// The clock proposed when I challenge.
    pub clock: Clock,
    /// The language shown.
    pub lang: Lang,
    /// Where the settings (name, language) are kept; none: nothing is saved (tests).
    pub settings: Option<PathBuf>,
    /// Sounds for moves, battles and the end of a game.
    pub sound: bool,
    /// Where the system's sound player is looked for (the `PATH`) in a build without the
    /// `sound` feature; none: nowhere, so sound is unavailable (tests).
    pub sound_path: Option<std::ffi::OsString>,
    /// Whether others may watch my games (the lobby's switch).
    pub spectators: bool,
    /// The window's size at start (the size it had when last closed); [`WINDOW_SIZE`] if
    /// none.
    pub window: Option<Size>,
    /// The Xiangqi engine chosen by its path (the settings' `engine`), offered in the
    /// lobby beside those found installed once [`App::boot`] has checked it.
    pub engine: Option<PathBuf>,
    /// Play beyond the LAN (iroh) with these settings; `None`: the LAN only (the tests').
    pub internet: Option<crate::net::internet::InternetSettings>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            profile: None,
            name: default_name(),
            port: 0,
            mdns: MdnsMode::All,
            clock: Clock::default(),
            lang: Lang::from_env(),
            settings: None,
            sound: true,
            sound_path: None,
            spectators: true,
            window: None,
            engine: None,
            internet: None,
        }
    }
}

/// A nickname to start with (when none was saved): the login name, or `lanqi`.
pub fn default_name() -> String {
    ["USER", "USERNAME", "LOGNAME"]
        .into_iter()
        .filter_map(|v| std::env::var(v).ok())
        .map(|n| {
            n.trim()
                .chars()
                .take(crate::protocol::message::MAX_NAME)
                .collect::<String>()
        })
        .find(|n| !n.is_empty())
        .unwrap_or_else(|| "lanqi".into())
}

/// What the network worker is started with; its hash is the subscription's identity, so
/// a change (a new name, a new generation) restarts the peer.
#[derive(Clone, Debug)]
pub struct NetConfig {
    profile: Option<PathBuf>,
    name: String,
    port: u16,
    mdns: MdnsMode,
    clock: Clock,
    internet: Option<crate::net::internet::InternetSettings>,
    generation: u64,
}

impl Hash for NetConfig {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.profile.hash(state);
        self.name.hash(state);
        self.port.hash(state);
        (self.mdns as u8).hash(state);
        (self.clock.game_secs, self.clock.move_secs).hash(state);
        self.internet
            .as_ref()
            .map(|i| i.relays.to_string())
            .hash(state);
        self.generation.hash(state);
    }
}

/// What the network worker tells the app.
#[derive(Clone, Debug)]
pub enum NetEvent {
    /// The peer is starting: this is where commands go.
    Ready(mpsc::UnboundedSender<Command>),
    /// The peer's state changed.
    Snapshot(Box<Snapshot>),
    /// The peer stopped (after Quit), or could not start: why, if it failed.
    Stopped(Option<String>),
}

/// A finished game opened from the lobby: its snapshot (replayed from the transcript), the
/// game screen over it in review mode, and what Export writes.
#[derive(Debug)]
pub struct Archived {
    /// What the game screen draws.
    pub snapshot: Snapshot,
    /// The game screen, reviewing.
    pub play: play::Play,
    /// The file name extension and text Export writes.
    export: (&'static str, String),
    /// The transcript it was read from.
    path: std::path::PathBuf,
}

impl Archived {
    fn view(&self, lang: Lang) -> Element<'_, play::Message> {
        match &self.snapshot.game {
            Some(game) => self.play.view(&self.snapshot, game, lang, 0, false),
            None => column![].into(),
        }
    }
}

/// The app's messages.
#[derive(Clone, Debug)]
pub enum Message {
    /// From the network worker of a generation (a restarted peer's predecessor may still
    /// speak for a moment: the app listens only to the current one).
    Net((u64, NetEvent)),
    /// A lobby message.
    Lobby(lobby::Message),
    /// Where the desktop's save dialog said to export the reviewed game (none: cancelled,
    /// or no dialog on this desktop).
    ExportTo(Option<PathBuf>),
    /// A deployment screen message, for the seat on screen.
    Deploy(deploy::Message),
    /// A game screen message, for the seat on screen.
    Play(play::Message),
    /// A message from the screens as drawn for the seat in `Chair` (what the window
    /// sends): in hot-seat play, one the screen had already passed from is dropped, so a
    /// click queued just before the hand-over never lands on the other player's board.
    From(Chair, Box<Message>),
    /// The clock tick.
    Tick(Instant),
    /// The language button.
    ToggleLanguage,
    /// The window's close button.
    CloseRequested(window::Id),
    /// The window was resized (remembered when it closes).
    Resized(Size),
    /// The sound switch.
    ToggleSound,
    /// Hot-seat: the player who just acted passes the screen on (the curtain comes down).
    PassScreen,
    /// Hot-seat: the next player uncovers the board.
    Uncover,
    /// A saved game's review screen message.
    Review(review::Message),
    /// A finished game's review (the game screen over it).
    Archived(play::Message),
    /// A spectator screen message.
    Watch(spectator::Message),
    /// Xiangqi engines found to answer (installed, or the one in the settings): offered in
    /// the lobby.
    EnginesFound(Vec<EngineInfo>),
    /// The program typed in the lobby's engine box was checked.
    EngineChecked(PathBuf, Result<EngineInfo, ProbeError>),
    /// Something scrolled (the wheel, or a scrollbar let go): nothing to do but paint the
    /// window afresh ([`App::style`]).
    Repaint,
}

impl From<hot_seat::Message> for Message {
    fn from(message: hot_seat::Message) -> Message {
        match message {
            hot_seat::Message::Pass => Message::PassScreen,
            hot_seat::Message::Uncover => Message::Uncover,
        }
    }
}

/// The application's state.
#[derive(Debug)]
pub struct App {
    options: Options,
    lang: Lang,
    generation: u64,
    commands: Option<mpsc::UnboundedSender<Command>>,
    /// My seat's screen state (the peer's snapshot, deployment, game screen).
    host: Desk,
    /// Hot-seat: the other seats at this screen (in the order of [`Snapshot::guests`]).
    guests: Vec<Desk>,
    /// Hot-seat: whose desk shows, and the curtain between turns.
    seating: Seating,
    /// A saved game opened from the lobby.
    review: Option<Review>,
    /// A finished game opened from the lobby, shown on the game screen.
    archived: Option<Archived>,
    now: Instant,
    lobby: lobby::Lobby,
    /// Why the network could not start.
    failed: Option<String>,
    /// Closing: the window to close once the peer has said goodbye, and since when.
    closing: Option<(window::Id, Instant)>,
    /// Move, battle and game-over sounds.
    sound: super::sound::Sound,
    /// The window's size now, once it has been resized.
    window_size: Option<Size>,
    /// How many times what is on screen may have changed more than a clock's digits (every
    /// message but a plain tick): each change is painted afresh ([`App::style`]).
    changes: u32,
    /// The change last painted afresh, and the background's nudge that did it.
    painted: std::cell::Cell<(u32, bool)>,
}

/// Runs `f` on a thread of its own; its result, when it is done (none if it panicked).
async fn off_thread<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let spawned = std::thread::Builder::new()
        .name("lanqi-engine-check".into())
        .spawn(move || {
            let _ = tx.send(f());
        });
    match spawned {
        Ok(_) => rx.await.ok(),
        Err(_) => None,
    }
}

/// Asks the program at `path` the engine handshake, off the window's thread.
fn check_engine(path: PathBuf) -> Task<Message> {
    Task::perform(
        off_thread(move || (path.clone(), probe(&path))),
        |r| match r {
            Some((path, checked)) => Message::EngineChecked(path, checked),
            None => Message::EnginesFound(Vec::new()),
        },
    )
}

impl App {
    /// The app, and its first task: looking for the Xiangqi engines installed here (and
    /// checking the one the settings name), to offer them in the lobby.
    pub fn boot(options: Options) -> (App, Task<Message>) {
        let chosen = options.engine.clone();
        let app = App::new(options);
        let find = off_thread(|| {
            let paths = external::installed();
            paths.iter().filter_map(|p| probe(p).ok()).collect()
        });
        let installed = Task::perform(find, |found: Option<Vec<EngineInfo>>| {
            Message::EnginesFound(found.unwrap_or_default())
        });
        // The one chosen by path: refused with the reason if it no longer answers.
        let chosen = chosen.map_or_else(Task::none, check_engine);
        (app, Task::batch([installed, chosen]))
    }

    /// The app before the network has said anything.
    pub fn new(options: Options) -> App {
        let now = Instant::now();
        let sound = super::sound::Sound::new(options.sound, options.sound_path.as_deref());
        let mut app = App {
            lang: options.lang,
            lobby: lobby::Lobby::new(&options.name),
            options,
            generation: 0,
            commands: None,
            host: Desk::new(now),
            guests: Vec::new(),
            seating: Seating::default(),
            review: None,
            archived: None,
            now,
            failed: None,
            closing: None,
            sound,
            window_size: None,
            changes: 0,
            painted: std::cell::Cell::new((0, false)),
        };
        app.list_games();
        // The Gomoku settings and seat setup last chosen.
        if let Some(path) = &app.options.settings {
            let (saved, _) = Settings::load(path);
            if let Some(gomoku) = saved.gomoku {
                app.lobby.set_gomoku(gomoku, &saved.table);
            }
            // The game last chosen, and Tibetan chess's settings.
            app.lobby.set_chosen(saved.game, saved.tibetan);
        }
        app
    }

    /// The desk on screen: mine, or in hot-seat play a guest's when it is theirs.
    fn desk(&self) -> &Desk {
        match self.seating.shown {
            Chair::Guest(i) => self.guests.get(i).unwrap_or(&self.host),
            Chair::Host => &self.host,
        }
    }

    fn desk_mut(&mut self) -> &mut Desk {
        match self.seating.shown {
            Chair::Guest(i) if i < self.guests.len() => &mut self.guests[i],
            _ => &mut self.host,
        }
    }

    /// The game the lobby has chosen, with its settings.
    pub fn lobby_game(&self) -> crate::session::GameKind {
        self.lobby.game()
    }

    /// The saved game open, if any.
    pub fn review(&self) -> Option<&Review> {
        self.review.as_ref()
    }

    /// Lists the saved Xiangqi files and the finished games in the lobby (none when the
    /// profile cannot be opened).
    fn list_games(&mut self) {
        let profile = Profile::open(self.options.profile.as_deref());
        let dir = profile
            .as_ref()
            .map_err(|_| ())
            .and_then(|p| p.saved_dir().map_err(|_| ()));
        self.lobby
            .set_saved(dir.map_or_else(|_| Vec::new(), |d| crate::store::saved_games(&d)));
        let games = profile.and_then(|p| p.games_dir());
        self.lobby.set_finished(games.map_or_else(
            |_| (Vec::new(), Vec::new()),
            |d| crate::peer::archive::finished_games(&d),
        ));
    }

    /// The Xiangqi engines the lobby offers as opponents.
    pub fn lobby_engines(&self) -> &[EngineInfo] {
        self.lobby.engines()
    }

    /// The finished game under review, if one is open.
    pub fn archived(&self) -> Option<&Archived> {
        self.archived.as_ref()
    }

    /// The snapshot shown (in hot-seat play, of the seat on screen).
    pub fn snapshot(&self) -> &Snapshot {
        &self.desk().snapshot
    }

    /// Hot-seat: the seat waiting for the screen to be passed to it, if any.
    pub fn waiting(&self) -> Option<Chair> {
        self.seating.waiting(&self.host.snapshot)
    }

    /// Hot-seat: whose desk shows, and whether the board is covered.
    pub fn seating(&self) -> Seating {
        self.seating
    }

    /// The language shown.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The game screen's state.
    pub fn play(&self) -> &play::Play {
        &self.desk().play
    }

    /// The deployment screen, while one is up.
    pub fn deploy(&self) -> Option<&deploy::Deploy> {
        self.desk().deploy.as_ref()
    }

    /// The screen the shown snapshot calls for.
    pub fn screen(&self) -> Screen {
        self.desk().screen()
    }

    /// The network worker's configuration as it stands.
    pub fn net_config(&self) -> NetConfig {
        NetConfig {
            profile: self.options.profile.clone(),
            name: self.options.name.clone(),
            port: self.options.port,
            mdns: self.options.mdns,
            internet: self.options.internet.clone(),
            clock: self.options.clock,
            generation: self.generation,
        }
    }

    /// The window title.
    pub fn title(&self) -> String {
        let t = self.lang.app();
        match &self.host.snapshot.opponent {
            Some((name, _)) if self.screen() != Screen::Lobby => {
                format!("{} — {} vs {name}", t.title, self.options.name)
            }
            _ => format!("{} — {}", t.title, self.options.name),
        }
    }

    /// The window's theme.
    pub fn theme(&self) -> Theme {
        Theme::Light
    }

    /// The window's base style: the theme's, with the background nudged by an invisible
    /// amount per screen, and nudged again after every change of what is shown. tiny-skia
    /// redraws only what changed between frames, and it judges a text by its line box
    /// (iced_graphics' `Text::visible_bounds`: the paragraph's `min_bounds`), so ink
    /// outside that box — descenders, Tibetan stacks, a board's anti-aliased edge — stays
    /// on screen when the text changes or moves; a new background colour makes it redraw
    /// the whole window once (iced_tiny_skia's `window::compositor::present` damages all
    /// of it when the background colour differs from the last frame's). iced asks for the
    /// style after each batch of messages, so each change is painted afresh; a scroll
    /// sends [`Message::Repaint`] for the same.
    pub fn style(&self, theme: &Theme) -> iced::theme::Style {
        use iced::theme::Base;
        let mut style = theme.base();
        let screen = match self.screen() {
            Screen::Lobby if self.review.is_some() => 0.0015,
            Screen::Lobby => 0.0,
            Screen::Deploy => 0.0005,
            Screen::Play => 0.001,
            Screen::Watch => 0.0025,
        };
        // Hot-seat: the pass bar and the curtain move the board too.
        let seating = if self.seating.curtain {
            0.002
        } else if self.waiting().is_some() {
            0.004
        } else {
            0.0
        };
        // Each change flips the last nudge (by far less than a shade: only the redraw shows).
        let (painted, flip) = self.painted.get();
        let flip = flip ^ (painted != self.changes);
        self.painted.set((self.changes, flip));
        let changed = if flip { 0.0001 } else { 0.0 };
        let nudge = screen + seating + changed;
        style.background_color.b = (style.background_color.b - nudge).max(0.0);
        style
    }

    /// Sends a command to the peer (dropped when there is no peer yet).
    fn send(&self, command: Command) {
        if let Some(tx) = &self.commands {
            let _ = tx.send(command);
        }
    }

    /// Sends a command for the seat on screen: mine, or the hot-seat guest's.
    fn send_shown(&self, command: Command) {
        self.send_as(self.seating.shown, command);
    }

    /// Sends a command for the seat in `chair`.
    fn send_as(&self, chair: Chair, command: Command) {
        match chair {
            Chair::Guest(i) if i < self.guests.len() => {
                self.send(Command::Guest(i, Box::new(command)));
            }
            _ => self.send(command),
        }
    }

    /// Takes a new snapshot of my peer in (in hot-seat play, the guests' with it).
    pub fn set_snapshot(&mut self, snapshot: Snapshot, now: Instant) {
        self.now = now;
        let profile = self.options.profile.clone();
        let library = || {
            Profile::open(profile.as_deref())
                .and_then(|p| LayoutLibrary::open(&p))
                .map_err(|e| e.to_string())
        };
        let guests = snapshot.guests.clone();
        // Back in the lobby (a game adjourned, or left), or the unfinished game abandoned:
        // the list of finished games may have grown.
        let to_lobby = (self.host.snapshot.game.is_some() && snapshot.game.is_none())
            || (self.host.snapshot.adjourned.is_some() && snapshot.adjourned.is_none());
        if let Some(cue) = self.host.take(snapshot, library, self.lang, now) {
            self.sound.play(cue);
        }
        self.guests.truncate(guests.len());
        self.guests.resize_with(guests.len(), || Desk::new(now));
        for (desk, g) in self.guests.iter_mut().zip(guests) {
            // The saved layouts are this profile's player's: not offered to another player
            // at this screen, who could otherwise load the first one's army. Their sounds
            // are the host's too: heard once.
            let none = || Err(self.lang.app().hotseat_no_library.to_string());
            let _ = desk.take(g, none, self.lang, now);
        }
        self.seating.follow(&self.host.snapshot);
        if to_lobby {
            self.list_games();
        }
    }

    /// Handles a message.
    pub fn update(&mut self, message: Message) -> Task<Message> {
        if !matches!(message, Message::Tick(_)) {
            self.changes = self.changes.wrapping_add(1);
        }
        match message {
            Message::Repaint => {}
            Message::Net((generation, _)) if generation != self.generation => {}
            Message::Net((_, NetEvent::Ready(tx))) => {
                if !self.options.spectators {
                    let _ = tx.send(Command::TakeSpectators(false));
                }
                // A new peer (after a restart) learns the engines offered, to resume a
                // game against one.
                if !self.lobby.engines().is_empty() {
                    let _ = tx.send(Command::Engines(self.lobby.engines().to_vec()));
                }
                self.commands = Some(tx);
                self.failed = None;
            }
            Message::Net((_, NetEvent::Snapshot(s))) => self.set_snapshot(*s, Instant::now()),
            Message::Net((_, NetEvent::Stopped(why))) => {
                if let Some((id, _)) = self.closing {
                    return window::close(id).chain(iced::exit());
                }
                // Ctrl-C or SIGTERM: the peer said goodbye and stopped; so does the app.
                if why.as_deref() == Some("interrupted") {
                    return iced::exit();
                }
                if why.is_some() {
                    self.failed = why;
                }
            }
            Message::ExportTo(Some(path)) => self.export_to(path),
            Message::ExportTo(None) => {}
            Message::Lobby(m) => {
                if let Some(event) = self.lobby.update(m, &self.host.snapshot, self.lang) {
                    return self.on_lobby(event);
                }
            }
            Message::EnginesFound(engines) => {
                self.lobby.add_engines(engines);
                self.send(Command::Engines(self.lobby.engines().to_vec()));
            }
            Message::EngineChecked(path, checked) => {
                if checked.is_ok() {
                    self.options.engine = Some(path.clone());
                    let chosen = path.clone();
                    self.save_settings(|s| s.engine = Some(chosen));
                }
                self.lobby.engine_checked(&path, checked);
                self.send(Command::Engines(self.lobby.engines().to_vec()));
            }
            Message::Watch(m) => {
                let spectator::Event::Command(c) = spectator::update(m);
                self.send(c);
            }
            Message::From(chair, m) => {
                if chair == self.seating.shown && !self.seating.curtain {
                    return self.update(*m);
                }
            }
            Message::Deploy(m) => {
                if let Some(layout) = self.desk_mut().update_deploy(m) {
                    self.send_shown(Command::Deploy(layout));
                }
            }
            Message::Play(m) => {
                let desk = self.desk_mut();
                let Some(game) = &desk.snapshot.game else {
                    return Task::none();
                };
                if let Some(event) = desk.play.update(m, game) {
                    self.on_play(event);
                }
            }
            Message::Archived(m) => {
                let event = self
                    .archived
                    .as_mut()
                    .and_then(|a| a.play.update(m, a.snapshot.game.as_ref()?));
                match event {
                    Some(play::Event::Lobby) => self.archived = None,
                    Some(play::Event::Export) => self.export_archived(),
                    Some(play::Event::ExportAs) => return self.ask_where_to_export(),
                    _ => {}
                }
            }
            Message::Review(m) => {
                if let Some(r) = &mut self.review
                    && r.update(m)
                {
                    self.review = None;
                }
            }
            Message::PassScreen => self.seating.pass(),
            Message::Uncover => self.seating.uncover(&self.host.snapshot),
            Message::Tick(now) => {
                self.now = now;
                if self.host.play.flash().is_some() {
                    // The battle's outcome may go now: its words are painted over.
                    self.changes = self.changes.wrapping_add(1);
                }
                self.host.play.tick(now);
                for guest in &mut self.guests {
                    guest.play.tick(now);
                }
                if let Some((id, since)) = self.closing
                    && now.duration_since(since) > Duration::from_secs(2)
                {
                    return window::close(id).chain(iced::exit());
                }
            }
            Message::ToggleLanguage => {
                self.lang = self.lang.next();
                let lang = self.lang;
                self.save_settings(|s| s.lang = Some(lang));
            }
            Message::Resized(size) => self.window_size = Some(size),
            Message::ToggleSound => {
                let on = !self.sound.enabled();
                self.sound.set_enabled(on);
                self.save_settings(|s| s.sound = on);
            }
            Message::CloseRequested(id) => {
                if let Some(size) = self.window_size {
                    self.save_settings(|s| {
                        s.set_window(size.width, size.height);
                    });
                }
                if self.commands.is_none() || self.failed.is_some() {
                    return window::close(id).chain(iced::exit());
                }
                self.send(Command::Quit);
                self.closing = Some((id, Instant::now()));
            }
        }
        Task::none()
    }

    /// Does what the lobby hands up.
    fn on_lobby(&mut self, event: lobby::Event) -> Task<Message> {
        match event {
            // A file that is not there or cannot run is refused at once; a program is
            // asked the handshake away from the window's thread.
            lobby::Event::CheckEngine(path) => {
                if let Err(why) = external::check_file(&path) {
                    self.lobby.engine_checked(&path, Err(why));
                    return Task::none();
                }
                return check_engine(path);
            }
            lobby::Event::Command(c) => self.send(c),
            lobby::Event::Copy(text) => return iced::clipboard::write(text),
            lobby::Event::OpenSaved(path) => {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().into_owned())
                    .unwrap_or_default();
                match crate::store::SavedXiangqi::load(&path) {
                    Ok(game) => self.review = Some(Review::new(&name, game)),
                    Err(e) => self.lobby.set_saved_problem(e),
                }
            }
            lobby::Event::OpenFinished(path) => match crate::peer::archive::open(&path) {
                Ok(reviewed) => {
                    let kind = reviewed.snapshot.game.as_ref().map(|g| g.game);
                    self.archived = Some(Archived {
                        play: play::Play::reviewing(kind.unwrap_or_default()),
                        snapshot: reviewed.snapshot,
                        export: reviewed.export,
                        path,
                    });
                }
                Err(e) => self.lobby.set_saved_problem(e),
            },
            lobby::Event::Clock(clock) => {
                self.options.clock = clock;
                self.save_settings(|s| s.clock = Some(clock));
                self.send(Command::SetClock(clock));
            }
            lobby::Event::Gomoku(gomoku, table) => self.save_settings(|s| {
                s.gomoku = Some(gomoku);
                s.table = table;
                s.game = Some(crate::session::GameKind::Gomoku(gomoku));
            }),
            lobby::Event::Chosen(game) => self.save_settings(|s| {
                s.game = Some(game);
                if let crate::session::GameKind::Tibetan(rules) = game {
                    s.tibetan = Some(rules);
                }
            }),
            lobby::Event::Spectators(allowed) => {
                self.options.spectators = allowed;
                self.save_settings(|s| s.spectators = allowed);
                self.send(Command::TakeSpectators(allowed));
            }
            lobby::Event::Rename(name) => {
                self.save_settings(|s| {
                    s.set_name(&name);
                });
                self.options.name = name;
                self.restart();
            }
        }
        Task::none()
    }

    /// Does what the game screen on show hands up.
    fn on_play(&mut self, event: play::Event) {
        match event {
            play::Event::Command(c) => self.send_shown(c),
            play::Event::AskUndo(seat) => {
                // In hot-seat play the seat that moved last may be another at this screen.
                let chair = self.host.snapshot.chair_of(seat);
                self.send_as(
                    chair.unwrap_or(self.seating.shown),
                    Command::Game(Local::AskUndo),
                );
            }
            play::Event::Lobby => self.restart(),
            // Only a game under review exports (its own messages go to on_archived).
            play::Event::Export | play::Event::ExportAs => {}
            play::Event::SaveXiangqi(saved) => {
                let line = self.save_xiangqi(&saved);
                self.desk_mut().play.set_saved(line);
                self.list_games();
            }
        }
    }

    /// Changes the saved settings and writes them (atomically); a failure is shown as the
    /// lobby's problem line, never fatal.
    fn save_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        let Some(path) = self.options.settings.clone() else {
            return;
        };
        if let Err(e) = Settings::change(&path, change) {
            self.host.snapshot.problem = Some(e.into());
        }
    }

    /// The reviewed game's export name and the profile's exports folder.
    fn export_target(&self) -> Option<(String, Option<PathBuf>)> {
        let archived = self.archived.as_ref()?;
        let (game, players): (&str, Vec<&str>) = match &archived.snapshot.game {
            Some(game) => (
                game.game.name(),
                game.seats.iter().map(|s| s.name.as_str()).collect(),
            ),
            None => ("game", Vec::new()),
        };
        let name = export_name(&archived.path, game, players.into_iter(), archived.export.0);
        let dir = Profile::open(self.options.profile.as_deref())
            .and_then(|p| p.exports_dir())
            .ok();
        Some((name, dir))
    }

    /// Asks the desktop's save dialog where to export the reviewed game (off the window's
    /// thread); the answer comes back as [`Message::ExportTo`].
    fn ask_where_to_export(&self) -> Task<Message> {
        let Some((name, dir)) = self.export_target() else {
            return Task::none();
        };
        let mut dialog = rfd::AsyncFileDialog::new().set_file_name(name);
        if let Some(dir) = dir {
            dialog = dialog.set_directory(dir);
        }
        Task::perform(
            async move { dialog.save_file().await.map(|h| h.path().to_path_buf()) },
            Message::ExportTo,
        )
    }

    /// Writes the reviewed game's export where the save dialog said; says where under the
    /// board, or why not.
    fn export_to(&mut self, path: PathBuf) {
        let Some(archived) = &mut self.archived else {
            return;
        };
        let line = match write_export(&path, &archived.export.1) {
            Ok(()) => self.lang.exported(&path.display().to_string()),
            Err(e) => e,
        };
        archived.play.set_saved(line);
    }

    /// Writes the game under review out for other software, into the profile's
    /// `exports/` folder (atomically); says where under the board, or why not.
    fn export_archived(&mut self) {
        let Some(archived) = &mut self.archived else {
            return;
        };
        let (extension, text) = &archived.export;
        let (game, players) = match &archived.snapshot.game {
            Some(game) => (
                game.game.name(),
                game.seats.iter().map(|s| s.name.clone()).collect(),
            ),
            None => ("game", Vec::new()),
        };
        let written = Profile::open(self.options.profile.as_deref())
            .and_then(|p| p.exports_dir())
            .map_err(|e| e.to_string())
            .and_then(|dir| {
                let players = players.iter().map(String::as_str);
                export_game(&dir, &archived.path, game, players, extension, text)
            });
        let line = match written {
            Ok(path) => self.lang.exported(&path.display().to_string()),
            Err(e) => e,
        };
        archived.play.set_saved(line);
    }

    /// Saves a Xiangqi game in the profile's `saved/` directory; says where, or why not.
    fn save_xiangqi(&self, saved: &crate::store::SavedXiangqi) -> String {
        let result = Profile::open(self.options.profile.as_deref())
            .and_then(|p| p.saved_dir())
            .map_err(|e| e.to_string())
            .and_then(|dir| saved.save_new(&dir));
        let t = self.lang.app();
        match result {
            Ok(path) => format!("{} {}", t.saved_to, path.display()),
            Err(e) => e,
        }
    }

    /// Leaves whatever the peer is doing for a fresh lobby: the peer quits (saying
    /// goodbye) and a new one starts.
    fn restart(&mut self) {
        self.send(Command::Quit);
        self.commands = None;
        self.generation += 1;
        self.host = Desk::new(self.now);
        self.guests.clear();
        self.seating = Seating::default();
        self.review = None;
        self.list_games();
    }

    /// Whether something on screen moves with time: a running clock, a battle flash, or
    /// the wait for the peer's goodbye. Only then does the tick run (every tick redraws
    /// the window).
    pub fn ticking(&self) -> bool {
        let desk = self.desk();
        let clock = desk.snapshot.game.as_ref().is_some_and(|g| {
            g.ending.is_none() && g.board.is_some() && g.seats.iter().any(|s| s.clock.is_some())
        });
        clock || desk.play.flash().is_some() || self.closing.is_some()
    }

    /// The running app's subscriptions: the network worker, the clock tick (when
    /// [`App::ticking`]), the close button.
    pub fn subscription(&self) -> Subscription<Message> {
        let tick = if self.ticking() {
            iced::time::every(TICK).map(Message::Tick)
        } else {
            Subscription::none()
        };
        Subscription::batch([
            Subscription::run_with(self.net_config(), network).map(Message::Net),
            tick,
            window::close_requests().map(Message::CloseRequested),
            window::resize_events().map(|(_, size)| Message::Resized(size)),
            iced::event::listen_with(scrolled),
        ])
    }

    /// The window's content.
    pub fn view(&self) -> Element<'_, Message> {
        let t = self.lang.app();
        let header = row![
            text("lanqi").size(20),
            // In hot-seat play: whose screen it is now.
            super::script::text(if self.guests.is_empty() {
                self.options.name.clone()
            } else if self.seating.curtain {
                let host = &self.host.snapshot;
                hot_seat::name_of(host, self.seating.next(host))
            } else {
                hot_seat::name_of(&self.host.snapshot, self.seating.shown)
            })
            .size(15),
            space().width(Fill),
            if self.sound.available() {
                button(text(t.sound[usize::from(!self.sound.enabled())]).size(14))
                    .on_press(Message::ToggleSound)
                    .style(button::secondary)
            } else {
                button(text(t.sound_unavailable).size(14)).style(button::secondary)
            },
            text(t.language).size(14),
            button(text(self.lang.next().name()).size(14))
                .on_press(Message::ToggleLanguage)
                .style(button::secondary),
        ]
        .spacing(12)
        .padding([6, 16])
        .align_y(Alignment::Center);
        let body: Element<'_, Message> = if let Some(why) = &self.failed {
            container(
                column![
                    text(t.network_failed).size(24),
                    text(why.clone())
                        .size(15)
                        .color(Color::from_rgb(0.72, 0.11, 0.09)),
                ]
                .spacing(12),
            )
            .padding(32)
            .into()
        } else {
            self.body()
        };
        column![
            container(header).style(container::rounded_box),
            rule::horizontal(1),
            body
        ]
        .into()
    }

    /// A saved game under review; a challenge that comes meanwhile is announced above it
    /// (Back to lobby answers it).
    fn review_view<'a>(&'a self, review: &'a Review) -> Element<'a, Message> {
        let screen = review.view(self.lang).map(Message::Review);
        match &self.host.snapshot.incoming {
            Some(incoming) => column![
                container(
                    super::script::text(self.lang.challenged_by(&incoming.name, incoming.game))
                        .size(16)
                        .color(Color::from_rgb(0.10, 0.50, 0.20))
                )
                .padding([6, 16]),
                screen
            ]
            .into(),
            None => screen,
        }
    }

    /// Under the header: the shown desk's screen; in hot-seat play, the curtain between
    /// turns, or the bar that passes the screen on.
    fn body(&self) -> Element<'_, Message> {
        let host = &self.host.snapshot;
        if self.seating.curtain {
            let next = self.seating.next(host);
            return hot_seat::curtain(&hot_seat::name_of(host, next), self.lang).map(Message::from);
        }
        let waiting = self.waiting();
        let desk = self.desk();
        let chair = self.seating.shown;
        let snapshot = &desk.snapshot;
        let screen = match (desk.screen(), &snapshot.game, &snapshot.watching) {
            (Screen::Play, Some(game), _) => {
                let elapsed = self.now.saturating_duration_since(desk.snapshot_at);
                desk.play
                    .view(
                        &desk.snapshot,
                        game,
                        self.lang,
                        elapsed.as_millis() as u64,
                        !self.guests.is_empty(),
                    )
                    .map(Message::Play)
                    .map(move |m| Message::From(chair, Box::new(m)))
            }
            (Screen::Deploy, Some(game), _) => desk
                .deploy_view(game, self.lang)
                .map(Message::Deploy)
                .map(move |m| Message::From(chair, Box::new(m))),
            (Screen::Watch, _, Some((player, game))) => {
                spectator::view(player, game.as_ref(), snapshot.problem.as_ref(), self.lang)
                    .map(Message::Watch)
            }
            _ => match (&self.review, &self.archived) {
                (Some(r), _) => self.review_view(r),
                (None, Some(a)) => a.view(self.lang).map(Message::Archived),
                (None, None) => self.lobby.view(host, self.lang).map(Message::Lobby),
            },
        };
        match waiting {
            Some(next) => column![
                hot_seat::pass_bar(&hot_seat::name_of(host, next), self.lang).map(Message::from),
                screen
            ]
            .into(),
            None => screen,
        }
    }
}

/// A scroll (the wheel, or a mouse button let go after dragging a scrollbar): the window
/// is painted afresh ([`App::style`]), since moved text can leave ink behind.
fn scrolled(
    event: iced::Event,
    _status: iced::event::Status,
    _window: window::Id,
) -> Option<Message> {
    use iced::mouse;
    match event {
        iced::Event::Mouse(mouse::Event::WheelScrolled { .. })
        | iced::Event::Mouse(mouse::Event::ButtonReleased(_)) => Some(Message::Repaint),
        _ => None,
    }
}

/// The network worker: starts the app's peer (on its own thread, `peer::desktop`), hands
/// the app the command sender, then forwards every snapshot; says when the peer stopped.
fn network(config: &NetConfig) -> impl Stream<Item = (u64, NetEvent)> + use<> {
    let generation = config.generation;
    let desktop = DesktopPeer {
        profile: config.profile.clone(),
        name: config.name.clone(),
        port: config.port,
        mdns: config.mdns,
        clock: config.clock,
        internet: config.internet.clone(),
    };
    iced::stream::channel(64, async move |mut output| {
        let mut running = match desktop::start(desktop) {
            Ok(running) => running,
            Err(e) => {
                let _ = output.send((generation, NetEvent::Stopped(Some(e)))).await;
                std::future::pending::<()>().await;
                return;
            }
        };
        let _ = output
            .send((generation, NetEvent::Ready(running.commands.clone())))
            .await;
        while running.snapshots.changed().await.is_ok() {
            let snapshot = running.snapshots.borrow_and_update().clone();
            if output
                .send((generation, NetEvent::Snapshot(Box::new(snapshot))))
                .await
                .is_err()
            {
                break;
            }
        }
        let why = running.done.await.unwrap_or(Ok(())).err();
        let _ = output.send((generation, NetEvent::Stopped(why))).await;
        // Finished for good: never restart on its own.
        std::future::pending::<()>().await;
    })
}

/// Whether a display seems to be available (on Linux and the BSDs: `DISPLAY` or
/// `WAYLAND_DISPLAY` set; elsewhere always).
pub fn display_available() -> bool {
    if cfg!(any(target_os = "windows", target_os = "macos")) {
        return true;
    }
    ["DISPLAY", "WAYLAND_DISPLAY"]
        .into_iter()
        .any(|v| std::env::var_os(v).is_some_and(|x| !x.is_empty()))
}

/// Opens the app's window and runs it until it is closed.
pub fn run(options: Options) -> iced::Result {
    let size = options.window.unwrap_or(WINDOW_SIZE);
    iced::application(move || App::boot(options.clone()), App::update, App::view)
        .title(App::title)
        .theme(App::theme)
        .style(App::style)
        .subscription(App::subscription)
        .settings(settings())
        .window(window::Settings {
            size,
            min_size: Some(MIN_SIZE),
            exit_on_close_request: false,
            icon: super::icon::window_icon(),
            ..window::Settings::default()
        })
        .run()
}
