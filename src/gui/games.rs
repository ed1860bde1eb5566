//! The games the game screen knows, registered in one place: the `games!` list at the
//! bottom of this file.
//!
//! Each game has a folder (`junqi/`, `xiangqi/`, `gomoku/`, `tibetan/`) whose `play.rs` holds its part of the game
//! screen: a [`GamePart`], with its own state (the selection, the replay's place), its own
//! `Message` (its board's clicks, its own buttons), `update` handing an [`Event`] up, and a
//! view ([`PartView`]: the board, the losses, the move list, the replay) that the game
//! screen ([`super::play`]) draws in its frame. The game screen holds a [`Part`] for the
//! game being played and speaks to it through [`Message`].
//!
//! A game's part also says what the spectator screen ([`super::watch`]) shows of a watched
//! game of its kind ([`GamePart::watched`], a [`WatchPart`]: the board only looked at, the
//! sides, the losses, the move list), from the [`WatchView`] the player relays; the
//! [`watched`] function picks the game's.
//!
//! Each game also has a rules page and a history page ([`super::page`]): the list names the
//! game's [`GamePages`] type, so no game can be registered without both; [`page`] shows
//! one.
//!
//! Registering a game: add its folder with a [`GamePart`] and a [`GamePages`], and one line
//! to the list (a [`GameKind`] variant, the part's type and the pages' type).

use std::fmt::Debug;

use iced::Element;

use super::i18n::Lang;
use super::page::{GamePages, Which, Words};
use crate::peer::control::GameView;
use crate::peer::watch::WatchView;
use crate::session::{AnyMove, GameKind, Seat};
use crate::store::SavedXiangqi;

/// What a game's part hands up to the game screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// Play this move (one of the session's legal moves).
    Move(AnyMove),
    /// Save this Xiangqi game in the profile.
    SaveXiangqi(SavedXiangqi),
}

/// What a game's part shows on the game screen, which draws it in its own frame.
pub struct PartView<'a, M> {
    /// The board.
    pub board: Element<'a, M>,
    /// Beside each seat's name, in words (indexed by seat): what it has lost (Junqi,
    /// Xiangqi), its colour and stones (Gomoku).
    pub beside: Vec<String>,
    /// The move list, a line each.
    pub moves: Vec<String>,
    /// The replay slider's place and end, once the game can be replayed.
    pub replay: Option<(u32, u32)>,
    /// A line under the replay slider.
    pub replay_hint: Option<&'static str>,
    /// A line under the board from the game (Gomoku: why a point is forbidden).
    pub note: Option<String>,
    /// The game's own button under the game screen's actions, if it has one.
    pub action: Option<Element<'a, M>>,
    /// The seat that made the last standing move.
    pub last_mover: Option<Seat>,
}

impl<'a, M: 'a> PartView<'a, M> {
    /// The same view speaking `N`: its messages wrapped by `f`.
    pub fn map<N: 'a>(self, f: impl Fn(M) -> N + Copy + 'a) -> PartView<'a, N> {
        PartView {
            board: self.board.map(f),
            beside: self.beside,
            moves: self.moves,
            replay: self.replay,
            replay_hint: self.replay_hint,
            note: self.note,
            action: self.action.map(|a| a.map(f)),
            last_mover: self.last_mover,
        }
    }
}

/// What the spectator screen shows of a watched game, which it draws in its own frame.
pub struct WatchPart<'a, M> {
    /// The board, only looked at: nothing on it answers a click.
    pub board: Element<'a, M>,
    /// The seat whose side is drawn at the bottom.
    pub bottom: Seat,
    /// Each seat's side in words (`South`, `Red`, `Black`…), indexed by seat.
    pub sides: Vec<&'static str>,
    /// Beside each seat's name, in words (indexed by seat): what it has lost (Junqi,
    /// Xiangqi), its stones (Gomoku).
    pub beside: Vec<String>,
    /// The move list, a line each.
    pub moves: Vec<String>,
    /// The seat to move, as the board says, while the game goes on.
    pub to_move: Option<Seat>,
}

/// A game's part of the game screen: what the screen keeps for the game between snapshots
/// and how it shows it (see the module doc).
pub trait GamePart: Clone + Debug + Default {
    /// What its board and its own buttons report.
    type Message: Clone + Debug + PartialEq;

    /// Takes in a new snapshot of the game (`old` is the one before, of the same game);
    /// returns a battle's outcome in words for the line under the board, if one came.
    fn observe(&mut self, old: &GameView, new: &GameView, lang: Lang) -> Option<String>;

    /// Handles a message; returns what the game screen should do, if anything.
    fn update(&mut self, message: Self::Message, game: &GameView) -> Option<Event>;

    /// Moves the replay (once the game is over) to ply `ply`.
    fn replay(&mut self, ply: u32);

    /// What it shows of `game` in `lang`; `name_of` names the player in a seat.
    fn view<'a>(
        &'a self,
        game: &'a GameView,
        lang: Lang,
        name_of: &dyn Fn(Seat) -> String,
    ) -> PartView<'a, Self::Message>;

    /// What the spectator screen shows of a watched game of this kind, in `lang`;
    /// `name_of` names the player in a seat. Read-only: the board publishes nothing.
    fn watched<'a, M: 'a>(
        game: &'a WatchView,
        lang: Lang,
        name_of: &dyn Fn(Seat) -> String,
    ) -> WatchPart<'a, M>;
}

/// Declares the games, `GameKind variant => part type, pages type`: makes [`Part`] and
/// [`Message`] with a variant each, [`Part`]'s dispatch to each game's [`GamePart`], and
/// [`page`]'s to each game's [`GamePages`].
macro_rules! games {
    ($($game:ident => $part:ty, $pages:ty);+ $(;)?) => {
        /// A game's rules or history page ([`super::page`]) in `lang`, by the game's kind
        /// (whatever its settings): scrollable, it fills the space it is given, and sends
        /// no message.
        pub fn page<'a, M: 'a>(kind: GameKind, which: Which, lang: Lang) -> Element<'a, M> {
            match kind {
                $(GameKind::$game { .. } => super::page::view::<$pages, M>(which, lang),)+
            }
        }

        /// The words of a game's rules or history page, by the game's kind.
        pub fn page_words(kind: GameKind, which: Which, lang: Lang) -> Words {
            match kind {
                $(GameKind::$game { .. } => Words::of(<$pages as GamePages>::page(which, lang)),)+
            }
        }

        /// The game screen's part for the game being played: a variant per game.
        #[derive(Clone, Debug)]
        pub enum Part {
            $(
                #[doc = concat!("A ", stringify!($game), " game's part.")]
                $game($part),
            )+
        }

        /// A message for the part of the game being played.
        #[derive(Clone, Debug, PartialEq)]
        pub enum Message {
            $(
                #[doc = concat!("For a ", stringify!($game), " game's part.")]
                $game(<$part as GamePart>::Message),
            )+
        }

        /// What the spectator screen shows of `game`, by its kind: see
        /// [`GamePart::watched`].
        pub fn watched<'a, M: 'a>(
            game: &'a WatchView,
            lang: Lang,
            name_of: &dyn Fn(Seat) -> String,
        ) -> WatchPart<'a, M> {
            match game.game {
                $(GameKind::$game { .. } => <$part as GamePart>::watched(game, lang, name_of),)+
            }
        }

        impl Part {
            /// A fresh part for a game of `kind`.
            pub fn new(kind: GameKind) -> Part {
                match kind {
                    $(GameKind::$game { .. } => Part::$game(<$part>::default()),)+
                }
            }

            /// Whether it is the part for games of `kind` (whatever their settings).
            pub fn is_for(&self, kind: GameKind) -> bool {
                matches!((self, kind), $((Part::$game(_), GameKind::$game { .. }))|+)
            }

            /// See [`GamePart::observe`].
            pub fn observe(&mut self, old: &GameView, new: &GameView, lang: Lang) -> Option<String> {
                match self {
                    $(Part::$game(part) => part.observe(old, new, lang),)+
                }
            }

            /// See [`GamePart::update`]; a message for another game's part (one queued as
            /// the game changed) does nothing.
            pub fn update(&mut self, message: Message, game: &GameView) -> Option<Event> {
                match (self, message) {
                    $((Part::$game(part), Message::$game(m)) => part.update(m, game),)+
                    _ => None,
                }
            }

            /// See [`GamePart::replay`].
            pub fn replay(&mut self, ply: u32) {
                match self {
                    $(Part::$game(part) => part.replay(ply),)+
                }
            }

            /// See [`GamePart::view`].
            pub fn view<'a>(
                &'a self,
                game: &'a GameView,
                lang: Lang,
                name_of: &dyn Fn(Seat) -> String,
            ) -> PartView<'a, Message> {
                match self {
                    $(Part::$game(part) => part.view(game, lang, name_of).map(Message::$game),)+
                }
            }
        }
    };
}

impl Default for Part {
    fn default() -> Part {
        Part::Junqi(Default::default())
    }
}

games! {
    Junqi => super::junqi::play::Play, super::junqi::rules::Pages;
    Xiangqi => super::xiangqi::play::Play, super::xiangqi::rules::Pages;
    Gomoku => super::gomoku::play::Play, super::gomoku::rules::Pages;
    Tibetan => super::tibetan::play::Play, super::tibetan::rules::Pages;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_rules_and_history_in_both_languages() {
        for kind in GameKind::ALL {
            super::super::page::check_pages(kind.name(), |which, lang| {
                page_words(kind, which, lang)
            });
            // Each page names its game in its title, as the lobby's buttons do.
            for lang in Lang::ALL {
                let name = lang.game_name(kind);
                for which in Which::ALL {
                    let title = page_words(kind, which, lang).title;
                    assert!(title.contains(&name), "{title:?} does not name {name:?}");
                }
            }
        }
    }
}
