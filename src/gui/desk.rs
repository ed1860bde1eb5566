//! One seat's screen: the snapshot of the peer that plays the seat, and what the deployment
//! and game screens keep between snapshots (the army being arranged, the selection, the
//! replay position, the battle flash). The app has one desk, and a second for the guest in
//! hot-seat play.
//!
//! A desk knows nothing of the app: its views speak the deployment and game screens'
//! messages, which the app maps to its own, and what they hand up goes back to the app.

use std::time::Instant;

use iced::widget::{column, container, row, space, text};
use iced::{Alignment, Color, Element, Fill};

use super::i18n::Lang;
use super::junqi::deploy;
use super::play;
use super::sound::Cue;
use crate::peer::Snapshot;
use crate::peer::control::GameView;
use crate::rules::junqi::{Layout, Side};
use crate::session::Record;
use crate::store::LayoutLibrary;

/// Which screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Players, challenges, my name and addresses.
    Lobby,
    /// Deploying the army.
    Deploy,
    /// The game.
    Play,
    /// Watching someone else's game (观战).
    Watch,
}

/// One seat's screen state (see the module doc).
#[derive(Debug)]
pub struct Desk {
    /// The seat's peer's latest snapshot.
    pub snapshot: Snapshot,
    /// When it came (the clocks on screen count down from it).
    pub snapshot_at: Instant,
    /// The deployment screen, while the seat deploys.
    pub deploy: Option<deploy::Deploy>,
    /// The seat pressed Ready in this game.
    pub deployed: bool,
    /// The game screen's state.
    pub play: play::Play,
}

impl Desk {
    /// A desk before its peer has said anything.
    pub fn new(now: Instant) -> Desk {
        Desk {
            snapshot: Snapshot::default(),
            snapshot_at: now,
            deploy: None,
            deployed: false,
            play: play::Play::new(),
        }
    }

    /// The screen the snapshot calls for.
    pub fn screen(&self) -> Screen {
        match &self.snapshot.game {
            None if self.snapshot.watching.is_some() => Screen::Watch,
            None => Screen::Lobby,
            Some(g) if g.board.is_none() && g.ending.is_none() => Screen::Deploy,
            Some(_) => Screen::Play,
        }
    }

    /// Takes a new snapshot in: a fresh deployment (with the layout library `library`
    /// opens, or why there is none) when a game starts, the game screen told what changed.
    /// Returns the sound for it.
    pub fn take(
        &mut self,
        snapshot: Snapshot,
        library: impl FnOnce() -> Result<LayoutLibrary, String>,
        lang: Lang,
        now: Instant,
    ) -> Option<Cue> {
        let old = std::mem::replace(&mut self.snapshot, snapshot);
        self.snapshot_at = now;
        let new = self.snapshot.game.as_ref();
        // A game starts or restarts (a new game id, nothing deployed): a fresh deployment.
        let deploying = new.is_some_and(|g| g.board.is_none() && g.ending.is_none());
        if deploying && self.deploy.is_none() {
            let me = new.map_or(0, |g| g.me);
            let side = if me == 0 { Side::South } else { Side::North };
            self.deploy = Some(deploy::Deploy::new(side, rand::random(), library()));
            self.deployed = false;
        }
        if !deploying {
            self.deploy = None;
            self.deployed = false;
        }
        match (old.game.as_ref(), new) {
            (_, None) => self.play = play::Play::new(),
            (old_game, Some(g)) => {
                let problem = self.snapshot.problem.as_ref();
                self.play.observe(old_game, g, problem, lang, now)
            }
        }
        cue(old.game.as_ref()?, new?)
    }

    /// Handles a deployment screen message: the layout to send when Ready is pressed (once
    /// a game).
    pub fn update_deploy(&mut self, message: deploy::Message) -> Option<Layout> {
        let deploy::Event::Ready(layout) = self.deploy.as_mut()?.update(message)?;
        if self.deployed {
            return None;
        }
        self.deployed = true;
        Some(layout)
    }

    /// The deployment screen with a line above it: who the opponent is, and whether it
    /// is ready.
    pub fn deploy_view<'a>(
        &'a self,
        game: &'a GameView,
        lang: Lang,
    ) -> Element<'a, deploy::Message> {
        let t = lang.app();
        // Junqi, the one game with a setup, has two seats.
        let them_ready = game
            .seats
            .iter()
            .enumerate()
            .any(|(seat, s)| seat != usize::from(game.me) && s.deployed);
        let opponent = self
            .snapshot
            .opponent
            .as_ref()
            .map_or("?".to_string(), |(n, fp)| {
                format!("{} ({fp})", lang.player_name(n))
            });
        let state = if self.deployed {
            t.waiting_deploy
        } else if them_ready {
            t.opponent_ready
        } else {
            t.opponent_deploying
        };
        let ready_color = if them_ready {
            Color::from_rgb(0.10, 0.50, 0.20)
        } else {
            Color::from_rgb(0.40, 0.40, 0.40)
        };
        let line = row![
            super::script::text(lang.versus(&opponent)).size(16),
            space().width(Fill),
            text(state).size(16).color(ready_color),
        ]
        .padding([6, 16])
        .align_y(Alignment::Center);
        let mut page = column![line];
        if let Some(problem) = &self.snapshot.problem {
            page = page.push(
                container(
                    text(problem.words(lang))
                        .size(14)
                        .color(Color::from_rgb(0.72, 0.11, 0.09)),
                )
                .padding([0, 16]),
            );
        }
        if let Some(d) = &self.deploy {
            page = page.push(d.view(lang));
        }
        page.into()
    }
}

/// The sound for what changed between two views of a game: its end, a battle, or a move.
fn cue(before: &GameView, after: &GameView) -> Option<Cue> {
    let count = |g: &GameView, battle: bool| {
        g.record
            .iter()
            .filter(|r| match r {
                Record::Report { .. } => battle,
                Record::Move { .. } => !battle,
                _ => false,
            })
            .count()
    };
    if before.ending.is_none() && after.ending.is_some() {
        Some(Cue::GameOver)
    } else if count(after, true) > count(before, true) {
        Some(Cue::Battle)
    } else if count(after, false) > count(before, false) {
        Some(Cue::Move)
    } else {
        None
    }
}
