//! The desktop app (iced 0.14, tiny-skia rendering), behind the `gui` feature.
//!
//! Screens follow halloy's shape: each has its own `Message`, `update` and `view`, and
//! hands what matters to its owner as an `Event`. Nothing here knows a rule of a game: the
//! screens ask the rules core and draw its answers.
//!
//! Game-agnostic screens, at the top:
//!
//! - [`app`]: the application (`lanqi` with no subcommand): the window, the network
//!   worker, and which screen shows.
//! - [`desk`]: one seat's screen state; [`hot_seat`]: which seat's desk shows when two
//!   people play at one screen, and the curtain between their turns.
//! - [`lobby`]: players found on the LAN, challenges, my name and addresses, hot-seat, the
//!   saved games, Watch (观战) for a player in a game or a typed address; [`review`]: a
//!   saved Xiangqi game opened for review.
//! - [`watch`](mod@watch): the spectator screen, while the peer watches someone's game
//!   (who plays whom, the board only looked at, whose turn or the result and the audit's
//!   verdict, moves, chat, Stop watching), around the watched game's part.
//! - [`play`]: the game screen (players' strips, clocks, the side panel with actions, moves
//!   and chat, dialogs), around the part of the game being played.
//! - [`games`]: the games the game screen knows, registered in one list: each game's part
//!   ([`games::GamePart`]) and the [`games::Part`] enum the game screen holds; each part
//!   also says what the spectator screen shows of a watched game of its kind
//!   ([`games::watched`]).
//! - [`board_canvas`]: any board on a canvas (the square under the cursor, clicks), or only
//!   looked at ([`board_canvas::Shown`]).
//! - [`page`]: the layout every game's rules and history pages share (title, sections,
//!   diagrams with captions), and [`page::GamePages`], what a game gives for them.
//! - [`sound`], [`icon`] (the saved settings are `crate::store::Settings`): the sounds, the
//!   window icon.
//! - [`i18n`]: every English and Chinese string, in one table.
//! - [`script`]: what people typed (names, chat) sits inside its lines in every script: a
//!   string's line height by its script, and the Tibetan font as the app loads it.
//!
//! A folder per game:
//!
//! - [`junqi`]: its board ([`junqi::board`]), the deployment screen ([`junqi::deploy`]),
//!   its part of the game screen ([`junqi::play`]: selection, battles, the audited
//!   replay) and of the spectator screen ([`junqi::watch`]: the public board, every piece a
//!   back but a revealed flag; the moves with their battles).
//! - [`xiangqi`]: its board ([`xiangqi::board`]), its part of the game screen
//!   ([`xiangqi::play`]: selection, moves in Chinese notation, replay, Save game) and of
//!   the spectator screen ([`xiangqi::watch`]).
//! - [`gomoku`]: its board of any size 5x5..26x26 ([`gomoku::board`]), its part of the
//!   game screen ([`gomoku::play`]: clicks on points, renju's forbidden points said,
//!   move numbers, the winning row, replay) and of the spectator screen
//!   ([`gomoku::watch`]).
//! - [`tibetan`]: its 7 x 7 board with formations, the last turn and the removals marked
//!   ([`tibetan::board`]), its part of the game screen ([`tibetan::play`]: placing,
//!   stepping, flying, jump chains with Stop here, picking removals, replay), of the
//!   spectator screen ([`tibetan::watch`]).
//!
//! Every game's folder also has its rules page (`rules.rs`, with small diagrams drawn by
//! its own board, and its [`page::GamePages`] type) and its history page (`history.rs`).
//!
//! Registering a game: add its folder, and one line in [`games`].
//!
//! A preview of the deployment screen alone can also be opened ([`run_deploy_preview`],
//! used by `examples/deploy_window.rs`).

pub mod app;
pub mod board_canvas;
pub mod desk;
pub mod games;
pub mod gomoku;
pub mod hot_seat;
pub mod i18n;
pub mod icon;
pub mod junqi;
pub mod lobby;
pub mod page;
pub mod play;
pub mod review;
pub mod script;
pub mod seats;
pub mod sound;
pub mod tibetan;
pub mod watch;
pub mod xiangqi;

use std::path::PathBuf;

use iced::widget::{button, column, container, row, rule, space, text};
use iced::{Alignment, Element, Fill, Font, Size, Theme};

use crate::rules::junqi::{Layout, Side};
use crate::store::{LayoutLibrary, Profile};
use i18n::Lang;
use junqi::deploy;

/// The bundled CJK subset, regular weight (see `scripts/make-font-subset.sh`).
pub const FONT_REGULAR_BYTES: &[u8] = include_bytes!("../../resources/fonts/lanqi-cjk-regular.otf");
/// The bundled CJK subset, bold weight (piece names).
pub const FONT_BOLD_BYTES: &[u8] = include_bytes!("../../resources/fonts/lanqi-cjk-bold.otf");
/// The bundled Tibetan font, Noto Serif Tibetan cut to the Tibetan block and renamed "Lanqi
/// Tibetan" (see `scripts/make-tibetan-font.sh`): player names and chat in Tibetan script
/// fall back to it.
pub const FONT_TIBETAN_BYTES: &[u8] =
    include_bytes!("../../resources/fonts/lanqi-tibetan-regular.ttf");
/// The family name inside the bundled CJK fonts; the app's default font.
pub const FONT: Font = Font::with_name("Lanqi CJK");
/// The bundled font's bold weight.
pub const BOLD: Font = Font {
    weight: iced::font::Weight::Bold,
    ..FONT
};

/// The iced settings every lanqi window uses (and the GUI tests too, so that snapshots
/// render exactly as the app does): the bundled fonts loaded (the CJK subset's two weights
/// and the Tibetan font), and the default font.
pub fn settings() -> iced::Settings {
    iced::Settings {
        fonts: vec![
            FONT_REGULAR_BYTES.into(),
            FONT_BOLD_BYTES.into(),
            script::tibetan_font().into(),
        ],
        default_font: FONT,
        ..iced::Settings::default()
    }
}

/// The preview window's size, in logical pixels.
pub const PREVIEW_SIZE: Size = Size::new(1100.0, 800.0);

/// A window with only the deployment screen, a language switch and a note when Ready is
/// pressed: the first piece of the app, until the lobby and the game screens exist.
#[derive(Debug)]
pub struct DeployPreview {
    lang: Lang,
    deploy: deploy::Deploy,
    ready: Option<Layout>,
}

/// What the preview window reacts to.
#[derive(Clone, Debug)]
pub enum PreviewMessage {
    /// A message for the deployment screen.
    Deploy(deploy::Message),
    /// The language button.
    ToggleLanguage,
}

impl DeployPreview {
    /// The preview for South, with the layout library of the profile in `profile` (the
    /// default profile directory when `None`), starting from `Layout::random(seed)`.
    pub fn new(profile: Option<PathBuf>, seed: u64, lang: Lang) -> DeployPreview {
        let library = Profile::open(profile.as_deref())
            .and_then(|p| LayoutLibrary::open(&p))
            .map_err(|e| e.to_string());
        DeployPreview {
            lang,
            deploy: deploy::Deploy::new(Side::South, seed, library),
            ready: None,
        }
    }

    /// The deployment screen.
    pub fn deploy(&self) -> &deploy::Deploy {
        &self.deploy
    }

    /// The language shown.
    pub fn lang(&self) -> Lang {
        self.lang
    }

    /// The layout handed over by Ready, if it was pressed.
    pub fn ready(&self) -> Option<&Layout> {
        self.ready.as_ref()
    }

    /// The window title.
    pub fn title(&self) -> String {
        self.lang.app().deploy_title.to_string()
    }

    /// Handles a message.
    pub fn update(&mut self, message: PreviewMessage) {
        match message {
            PreviewMessage::Deploy(m) => {
                if let Some(deploy::Event::Ready(layout)) = self.deploy.update(m) {
                    self.ready = Some(layout);
                }
            }
            PreviewMessage::ToggleLanguage => self.lang = self.lang.next(),
        }
    }

    /// The window's content.
    pub fn view(&self) -> Element<'_, PreviewMessage> {
        let header = row![
            text("lanqi").size(20),
            space().width(Fill),
            text(self.lang.app().language).size(14),
            button(text(self.lang.next().name()).size(14))
                .on_press(PreviewMessage::ToggleLanguage)
                .style(button::secondary),
        ]
        .spacing(8)
        .padding([8, 16])
        .align_y(Alignment::Center);
        column![
            container(header).style(container::rounded_box),
            rule::horizontal(1),
            self.deploy.view(self.lang).map(PreviewMessage::Deploy),
        ]
        .into()
    }

    /// The window's theme.
    pub fn theme(&self) -> Theme {
        Theme::Light
    }
}

/// Opens a window with the deployment screen ([`DeployPreview`]) for the profile in
/// `profile` (the default profile directory when `None`), in the locale's language.
pub fn run_deploy_preview(profile: Option<PathBuf>) -> iced::Result {
    let seed: u64 = rand::random();
    let lang = Lang::from_env();
    iced::application(
        move || DeployPreview::new(profile.clone(), seed, lang),
        DeployPreview::update,
        DeployPreview::view,
    )
    .title(DeployPreview::title)
    .theme(DeployPreview::theme)
    .settings(settings())
    .window(iced::window::Settings {
        size: PREVIEW_SIZE,
        min_size: Some(Size::new(820.0, 600.0)),
        ..iced::window::Settings::default()
    })
    .run()
}
