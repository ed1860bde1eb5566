//! The UI's words in every language, as the screens ask for them: the fixed words of every
//! screen ([`AppText`], through [`Lang::app`]), and the phrases made of words and values
//! ([`Lang`]'s methods). The words themselves are the messages of the Fluent files
//! (`resources/i18n/*.ftl`, see [`crate::lang`]); this module only names which message a
//! screen wants and hands it its values, so a screen never writes a key. Why a game ended
//! is the ending's own words (`session::Reason::words`), a peer's problem its own
//! (`peer::Problem::words`), both from the same files.
//!
//! Every character of the Chinese messages must be in the bundled font subset (it holds
//! all of GB 2312 and Big5 level 1; `tests/gui_font.rs` checks): after adding a rarer one
//! run `scripts/make-font-subset.sh`.

use std::sync::OnceLock;

use crate::lang::key;
use crate::rules::junqi::{BattleResult, Kind, LayoutError, Report, Square};
use crate::session::GameKind;

pub use crate::lang::Lang;

impl Lang {
    /// The app's fixed words in this language: every screen's. Built from the language's
    /// file the first time, then kept.
    pub fn app(self) -> &'static AppText {
        static APP: [OnceLock<AppText>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
        let i = Lang::ALL.iter().position(|l| *l == self).unwrap_or(0);
        APP[i].get_or_init(|| AppText::load(self))
    }
}

/// The UI's fixed words in one language: the lobby's, the game screen's, hot-seat play's
/// and the deployment screen's.
#[derive(Debug)]
pub struct AppText {
    /// The app window's title.
    pub title: &'static str,
    /// Under the app's name in the lobby.
    pub tagline: &'static str,
    /// "Your name".
    pub your_name: &'static str,
    /// The button that applies a new name.
    pub rename: &'static str,
    /// "Key fingerprint".
    pub fingerprint: &'static str,
    /// Before the list of own addresses.
    pub reach_me: &'static str,
    /// While the network is starting.
    pub starting: &'static str,
    /// Heading of the list of peers found.
    pub found_heading: &'static str,
    /// When nobody was found yet.
    pub found_none: &'static str,
    /// The challenge button.
    pub challenge: &'static str,
    /// A found peer in a game.
    pub busy: &'static str,
    /// A found peer ready to play.
    pub idle: &'static str,
    /// A found peer that has not answered yet.
    pub not_reachable: &'static str,
    /// The button that asks to watch a game (观战).
    pub watch: &'static str,
    /// The spectator screen's button back to the lobby.
    pub stop_watching: &'static str,
    /// The spectator screen before the player has said which game it plays.
    pub watch_waiting: &'static str,
    /// The spectator screen: the audit passed.
    pub watch_audit_ok: &'static str,
    /// The spectator screen: the audit found a lie.
    pub watch_audit_failed: &'static str,
    /// Junqi's two sides, South (seat 0) and North.
    pub south_north: [&'static str; 2],
    /// Heading of the direct address box.
    pub direct_heading: &'static str,
    /// Placeholder of the direct address box.
    pub direct_placeholder: &'static str,
    /// Heading of the section for playing beyond the LAN.
    pub internet_heading: &'static str,
    /// The button that shows my invitation code.
    pub invite: &'static str,
    /// The button that hides it again.
    pub invite_hide: &'static str,
    /// Said under my invitation code.
    pub invite_note: &'static str,
    /// Placeholder of the box for a friend's code.
    pub join_placeholder: &'static str,
    /// The button that challenges the player behind the code.
    pub join: &'static str,
    /// The button that copies my code.
    pub copy: &'static str,
    /// Where a challenge came from, for a player reached through iroh.
    pub over_internet: &'static str,
    /// A friend who answered lately.
    pub friend_online: &'static str,
    /// A friend who did not.
    pub friend_away: &'static str,
    /// The section when this peer has no iroh side.
    pub internet_off: &'static str,
    /// While my challenge is out.
    pub challenging: &'static str,
    /// Accept a challenge.
    pub accept: &'static str,
    /// Decline a challenge.
    pub decline: &'static str,
    /// The word on the button to a game's rules page (see [`Lang::page_button`]).
    pub rules: &'static str,
    /// The word on the button to a game's history page.
    pub history: &'static str,
    /// Heading of the computer opponents.
    pub computer_heading: &'static str,
    /// What playing the computer means.
    pub computer_note: &'static str,
    /// Heading of hot-seat play (two people at this screen).
    pub hotseat_heading: &'static str,
    /// What hot-seat play means.
    pub hotseat_note: &'static str,
    /// Placeholder of the second player's name box.
    pub hotseat_placeholder: &'static str,
    /// The second player's name when none is typed.
    pub hotseat_default: &'static str,
    /// The button that starts a hot-seat game.
    pub hotseat_start: &'static str,
    /// Why the second player in hot-seat play has no layout library.
    pub hotseat_no_library: &'static str,
    /// Under the curtain: why the board is covered.
    pub curtain_note: &'static str,
    /// The curtain's button: the player at the screen uncovers the board.
    pub curtain_show: &'static str,
    /// Heading of the saved games in the lobby.
    pub saved_heading: &'static str,
    /// The button that opens a saved game.
    pub open: &'static str,
    /// Xiangqi's two sides, Red and Black.
    pub red_black: [&'static str; 2],
    /// Gomoku's stone colours, seat 1 to 4.
    pub stone_colours: [&'static str; 4],
    /// Gomoku: the button that shows the move numbers on the stones, and the one that
    /// hides them.
    pub move_numbers: [&'static str; 2],
    /// Gomoku's rule sets, in the order of `Rule::ALL` (freestyle, standard, renju, caro).
    pub gomoku_rules: [&'static str; 4],
    /// The lobby's Gomoku settings: the rule set's label.
    pub gomoku_rule: &'static str,
    /// The lobby's Gomoku settings: the board's label (columns × rows).
    pub gomoku_board: &'static str,
    /// The lobby's Gomoku settings: the win length's label.
    pub gomoku_win: &'static str,
    /// The lobby's Gomoku settings: the opening rule's label.
    pub gomoku_opening: &'static str,
    /// Gomoku's opening rules, in the order of `Opening::ALL` (none, swap, swap2).
    pub gomoku_openings: [&'static str; 3],
    /// Gomoku: above the opening decision's buttons.
    pub gomoku_choose: &'static str,
    /// Gomoku: the opening decision's buttons, in the order of `Choice::SWAP2` (take Black,
    /// take White, place two more stones).
    pub gomoku_choices: [&'static str; 3],
    /// Before where a game was saved.
    pub saved_to: &'static str,
    /// The Save game button (Xiangqi).
    pub save_game: &'static str,
    /// "Game:" before the game picker.
    pub game_label: &'static str,
    /// Before the time controls in the lobby.
    pub clock_label: &'static str,
    /// The sound switch, when sound is on and when it is off.
    pub sound: [&'static str; 2],
    /// In place of the switch where nothing can play sounds.
    pub sound_unavailable: &'static str,
    /// The lobby's spectators switch, when others may watch my games and when not.
    pub spectators: [&'static str; 2],
    /// The three levels' buttons.
    pub levels: [&'static str; 3],
    /// Back from the rules page.
    pub back: &'static str,
    /// "Language".
    pub language: &'static str,
    /// Deployment: I am ready, the opponent not yet.
    pub waiting_deploy: &'static str,
    /// Deployment: the opponent is ready.
    pub opponent_ready: &'static str,
    /// Deployment: the opponent is still deploying.
    pub opponent_deploying: &'static str,
    /// The turn line: mine.
    pub your_turn: &'static str,
    /// The turn line: the opponent's.
    pub their_turn: &'static str,
    /// The turn line: a battle is being decided.
    pub deciding: &'static str,
    /// The turn line: over.
    pub game_over: &'static str,
    /// "You".
    pub you: &'static str,
    /// No clock.
    pub no_clock: &'static str,
    /// Lost pieces heading.
    pub lost: &'static str,
    /// Nothing lost.
    pub lost_none: &'static str,
    /// Ask to undo.
    pub undo: &'static str,
    /// Offer a draw.
    pub offer_draw: &'static str,
    /// Resign.
    pub resign: &'static str,
    /// Confirm resigning: the question.
    pub resign_question: &'static str,
    /// Confirm resigning: yes.
    pub resign_yes: &'static str,
    /// Leave the game without ending it (it is saved, to resume later).
    pub adjourn: &'static str,
    /// The lobby's heading over an unfinished game.
    pub adjourned_heading: &'static str,
    /// Resume the unfinished game.
    pub resume: &'static str,
    /// Give up the unfinished game.
    pub abandon: &'static str,
    /// The computer as an opponent (with its level after it).
    pub computer_name: &'static str,
    /// Over the Xiangqi engines offered as opponents.
    pub engines_note: &'static str,
    /// The engine path box's placeholder.
    pub engine_path: &'static str,
    /// Check the engine typed and offer it.
    pub engine_add: &'static str,
    /// Play an engine.
    pub engine_play: &'static str,
    /// While the engine typed is being checked.
    pub engine_checking: &'static str,
    /// The time control list's last entry: one's own.
    pub clock_custom: &'static str,
    /// The custom time control's boxes: minutes per side.
    pub clock_minutes: &'static str,
    /// The custom time control's boxes: seconds per move.
    pub clock_seconds: &'static str,
    /// Propose the custom time control.
    pub clock_use: &'static str,
    /// The lobby's heading over the finished games.
    pub finished_heading: &'static str,
    /// Review a finished game.
    pub review: &'static str,
    /// A finished game's result for me: won, lost, drawn.
    pub results: [&'static str; 3],
    /// Confirm giving it up: the question.
    pub abandon_question: &'static str,
    /// Confirm giving it up: no, keep it.
    pub keep: &'static str,
    /// Cancel a dialog.
    pub cancel: &'static str,
    /// Start the next game.
    pub new_game: &'static str,
    /// The challenger starts the next game.
    pub challenger_restarts: &'static str,
    /// Back to the lobby.
    pub to_lobby: &'static str,
    /// Moves heading.
    pub moves_heading: &'static str,
    /// Chat heading.
    pub chat_heading: &'static str,
    /// Chat box placeholder.
    pub chat_placeholder: &'static str,
    /// Send a chat line.
    pub send: &'static str,
    /// Accept an undo or a draw.
    pub agree: &'static str,
    /// Refuse an undo or a draw.
    pub refuse: &'static str,
    /// My undo request is out.
    pub undo_waiting: &'static str,
    /// My draw offer is out.
    pub draw_waiting: &'static str,
    /// The opponent offers a draw.
    pub draw_offered: &'static str,
    /// End dialog: I won.
    pub you_won: &'static str,
    /// End dialog: I lost.
    pub you_lost: &'static str,
    /// End dialog: a draw.
    pub draw: &'static str,
    /// End dialog: look at the board.
    pub see_board: &'static str,
    /// The audit is awaited.
    pub audit_waiting: &'static str,
    /// The audit passed.
    pub audit_ok: &'static str,
    /// The audit found lies.
    pub audit_failed: &'static str,
    /// The replay slider's label.
    pub replay: &'static str,
    /// Shown over the replay: every piece is shown.
    pub replay_hint: &'static str,
    /// The network could not start.
    pub network_failed: &'static str,
    /// A move taken back, in the move list.
    pub taken_back: &'static str,
    // The deployment screen.
    /// The deployment preview window's title.
    pub deploy_title: &'static str,
    /// The deployment screen's heading.
    pub deploy_heading: &'static str,
    /// What to do on the deployment screen.
    pub deploy_hint: &'static str,
    /// How to read the board, a line per feature.
    pub legend: [&'static str; 4],
    /// The heading of the list of pieces.
    pub pieces_heading: &'static str,
    /// The random layout button.
    pub random: &'static str,
    /// The ready button.
    pub ready: &'static str,
    /// Shown after Ready.
    pub ready_done: &'static str,
    /// The layout name box's placeholder.
    pub name_placeholder: &'static str,
    /// The save section's heading.
    pub save_heading: &'static str,
    /// The save button.
    pub save: &'static str,
    /// The saved layouts heading.
    pub library_heading: &'static str,
    /// Shown when nothing is saved.
    pub library_empty: &'static str,
    /// Shown when the profile directory cannot be used.
    pub library_unavailable: &'static str,
    /// The load button.
    pub load: &'static str,
    /// The delete button.
    pub delete: &'static str,
    /// The layout text heading.
    pub text_heading: &'static str,
    /// The layout text box's placeholder.
    pub text_placeholder: &'static str,
    /// The import button.
    pub import: &'static str,
    /// The export button.
    pub export: &'static str,
    /// The button that exports a reviewed game to a place the desktop's save dialog asks
    /// for.
    pub export_as: &'static str,
    /// Shown after Export.
    pub exported: &'static str,
    /// Shown after Import.
    pub imported: &'static str,
    /// Shown after Random.
    pub randomised: &'static str,
}

/// A field of [`AppText`]: one message (`app-<field>`), or an array of them
/// (`app-<field>-0`, `app-<field>-1`, …).
trait Field: Sized {
    /// The field's words in `lang`.
    fn load(lang: Lang, key: &str) -> Self;
    /// The field's message keys.
    fn keys(&self, key: &str) -> Vec<String>;
    /// The field's words.
    fn words(&self) -> Vec<&'static str>;
}

impl Field for &'static str {
    fn load(lang: Lang, key: &str) -> Self {
        lang.text(key)
    }
    fn keys(&self, key: &str) -> Vec<String> {
        vec![key.to_string()]
    }
    fn words(&self) -> Vec<&'static str> {
        vec![self]
    }
}

impl<const N: usize> Field for [&'static str; N] {
    fn load(lang: Lang, key: &str) -> Self {
        std::array::from_fn(|i| lang.text(&format!("{key}-{i}")))
    }
    fn keys(&self, key: &str) -> Vec<String> {
        (0..N).map(|i| format!("{key}-{i}")).collect()
    }
    fn words(&self) -> Vec<&'static str> {
        self.to_vec()
    }
}

/// [`AppText`]'s loading from a language file and its list of keys. The macro names every
/// field once: a field added to [`AppText`] and not here does not compile.
macro_rules! app_text {
    ($($field:ident),+ $(,)?) => {
        impl AppText {
            fn load(lang: Lang) -> AppText {
                AppText {
                    $($field: Field::load(
                        lang,
                        &format!("app-{}", stringify!($field).replace('_', "-")),
                    ),)+
                }
            }

            /// Every field's message keys, and its words in this language, in field order.
            pub fn messages(&self) -> Vec<(String, &'static str)> {
                let mut all = Vec::new();
                $(
                    let key = format!("app-{}", stringify!($field).replace('_', "-"));
                    all.extend(self.$field.keys(&key).into_iter().zip(self.$field.words()));
                )+
                all
            }
        }
    };
}

app_text!(
    title,
    tagline,
    your_name,
    rename,
    fingerprint,
    reach_me,
    starting,
    found_heading,
    found_none,
    challenge,
    busy,
    idle,
    not_reachable,
    watch,
    stop_watching,
    watch_waiting,
    watch_audit_ok,
    watch_audit_failed,
    south_north,
    direct_heading,
    direct_placeholder,
    internet_heading,
    invite,
    invite_hide,
    invite_note,
    join_placeholder,
    join,
    copy,
    over_internet,
    friend_online,
    friend_away,
    internet_off,
    challenging,
    accept,
    decline,
    rules,
    history,
    computer_heading,
    computer_note,
    hotseat_heading,
    hotseat_note,
    hotseat_placeholder,
    hotseat_default,
    hotseat_start,
    hotseat_no_library,
    curtain_note,
    curtain_show,
    saved_heading,
    open,
    red_black,
    stone_colours,
    move_numbers,
    gomoku_rules,
    gomoku_rule,
    gomoku_board,
    gomoku_win,
    gomoku_opening,
    gomoku_openings,
    gomoku_choose,
    gomoku_choices,
    saved_to,
    save_game,
    game_label,
    clock_label,
    sound,
    sound_unavailable,
    spectators,
    levels,
    back,
    language,
    waiting_deploy,
    opponent_ready,
    opponent_deploying,
    your_turn,
    their_turn,
    deciding,
    game_over,
    you,
    no_clock,
    lost,
    lost_none,
    undo,
    offer_draw,
    resign,
    resign_question,
    resign_yes,
    adjourn,
    adjourned_heading,
    resume,
    abandon,
    computer_name,
    engines_note,
    engine_path,
    engine_add,
    engine_play,
    engine_checking,
    clock_custom,
    clock_minutes,
    clock_seconds,
    clock_use,
    finished_heading,
    review,
    results,
    abandon_question,
    keep,
    cancel,
    new_game,
    challenger_restarts,
    to_lobby,
    moves_heading,
    chat_heading,
    chat_placeholder,
    send,
    agree,
    refuse,
    undo_waiting,
    draw_waiting,
    draw_offered,
    you_won,
    you_lost,
    draw,
    see_board,
    audit_waiting,
    audit_ok,
    audit_failed,
    replay,
    replay_hint,
    network_failed,
    taken_back,
    deploy_title,
    deploy_heading,
    deploy_hint,
    legend,
    pieces_heading,
    random,
    ready,
    ready_done,
    name_placeholder,
    save_heading,
    save,
    library_heading,
    library_empty,
    library_unavailable,
    load,
    delete,
    text_heading,
    text_placeholder,
    import,
    export,
    export_as,
    exported,
    imported,
    randomised,
);

/// "you" when `who` is the player at this screen (the language's word for "You"), "other"
/// otherwise: the person form of a message (`You take`, `bob takes`).
fn person(lang: Lang, who: &str) -> &'static str {
    if who == lang.app().you {
        "you"
    } else {
        "other"
    }
}

/// The phrases of the lobby, the game screen and hot-seat play.
impl Lang {
    /// "`name` challenges you to Junqi."
    pub fn challenged_by(self, name: &str, game: GameKind) -> String {
        let settings = match game {
            GameKind::Gomoku(settings) => Some(self.gomoku_settings(settings)),
            GameKind::Tibetan(rules) if rules != crate::rules::tibetan::Rules::default() => {
                Some(self.tibetan_settings(rules))
            }
            _ => None,
        };
        let game_name = match settings {
            Some(settings) => self.phrase(
                "game-with-settings",
                &[
                    ("game", (&self.game_name(game)).into()),
                    ("settings", (&settings).into()),
                ],
            ),
            None => self.game_name(game),
        };
        self.phrase(
            "challenged-by",
            &[("name", name.into()), ("game", (&game_name).into())],
        )
    }

    /// The spectator screen's heading: who plays whom (each with their side), and what.
    pub fn watching_title(self, names: &[&str], sides: &[&str], game: GameKind) -> String {
        let game_name = self.game_name(game);
        let players: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let side = sides.get(i).copied().unwrap_or("?");
                self.phrase(
                    "watching-player-side",
                    &[("name", (*name).into()), ("side", side.into())],
                )
            })
            .collect();
        let players = players.join(self.text("watching-versus"));
        self.phrase(
            "watching-title",
            &[
                ("players", (&players).into()),
                ("game", (&game_name).into()),
            ],
        )
    }

    /// A Gomoku seat's stone colour (seat 0 is Black).
    pub fn stone_colour(self, seat: u8) -> &'static str {
        self.app().stone_colours[usize::from(seat.min(3))]
    }

    /// Gomoku: beside a seat's name, its colour and how many stones it has on the board.
    pub fn stones(self, seat: u8, n: usize) -> String {
        self.phrase(
            "stones",
            &[
                ("colour", self.stone_colour(seat).into()),
                ("count", n.into()),
            ],
        )
    }

    /// Gomoku, renju: why Black may not play on `point` (`shape` is the first forbidden
    /// shape the move makes).
    pub fn forbidden(self, point: &str, shape: crate::rules::gomoku::Shape) -> String {
        use crate::rules::gomoku::Shape;
        let shape = match shape {
            Shape::Overline => "overline",
            Shape::DoubleFour => "double-four",
            Shape::DoubleThree => "double-three",
        };
        self.phrase(
            "forbidden",
            &[("point", point.into()), ("shape", shape.into())],
        )
    }

    /// A Gomoku rule set's name.
    pub fn gomoku_rule(self, rule: crate::rules::gomoku::Rule) -> &'static str {
        let i = crate::rules::gomoku::Rule::ALL
            .iter()
            .position(|r| *r == rule)
            .unwrap_or(0);
        self.app().gomoku_rules[i]
    }

    /// Gomoku's settings in words: `Renju · 15×15 · 5 in a row` (and ` · Swap2` with an
    /// opening rule).
    pub fn gomoku_settings(self, settings: crate::rules::gomoku::Settings) -> String {
        let mut line = self.phrase(
            "gomoku-settings",
            &[
                ("rule", self.gomoku_rule(settings.rule).into()),
                ("width", settings.size.width().into()),
                ("height", settings.size.height().into()),
                ("win", settings.win.into()),
            ],
        );
        if settings.seats != 2 {
            line.push_str(" · ");
            line.push_str(&self.phrase("gomoku-players", &[("seats", settings.seats.into())]));
        }
        if settings.opening != crate::rules::gomoku::Opening::None {
            line.push_str(" · ");
            line.push_str(self.gomoku_opening(settings.opening));
        }
        line
    }

    /// A Gomoku opening rule's name.
    pub fn gomoku_opening(self, opening: crate::rules::gomoku::Opening) -> &'static str {
        let i = crate::rules::gomoku::Opening::ALL
            .iter()
            .position(|o| *o == opening)
            .unwrap_or(0);
        self.app().gomoku_openings[i]
    }

    /// A Gomoku opening decision's button.
    pub fn gomoku_choice(self, choice: crate::rules::gomoku::Choice) -> &'static str {
        let i = crate::rules::gomoku::Choice::SWAP2
            .iter()
            .position(|c| *c == choice)
            .unwrap_or(0);
        self.app().gomoku_choices[i]
    }

    /// Gomoku: an opening decision in the move list, `who` having made it (the language's
    /// "You" for the player at this screen: "You take Black", "bob takes Black").
    pub fn gomoku_chose(self, who: &str, choice: crate::rules::gomoku::Choice) -> String {
        use crate::rules::gomoku::Choice;
        let choice = match choice {
            Choice::Black => "black",
            Choice::White => "white",
            Choice::Place2 => "place2",
        };
        self.phrase(
            "gomoku-chose",
            &[
                ("person", person(self, who).into()),
                ("name", who.into()),
                ("choice", choice.into()),
            ],
        )
    }

    /// Gomoku: what the opening waits for, under the board while the colours are not
    /// chosen: `who` places a stone of `colour` (seat 0's is Black), or (`colour` `None`)
    /// decides, `place2` saying whether two more stones may be chosen.
    pub fn gomoku_opening_step(self, who: &str, colour: Option<u8>, place2: bool) -> String {
        let person = person(self, who);
        match colour {
            Some(seat) => self.phrase(
                "gomoku-opening-place",
                &[
                    ("person", person.into()),
                    ("name", who.into()),
                    ("seat", seat.min(3).into()),
                ],
            ),
            None if place2 => self.phrase(
                "gomoku-opening-choose-or-place",
                &[("person", person.into()), ("name", who.into())],
            ),
            None => self.phrase(
                "gomoku-opening-choose",
                &[("person", person.into()), ("name", who.into())],
            ),
        }
    }

    /// The spectator screen's heading before the game is known: whose game it is.
    pub fn watching_player(self, name: &str) -> String {
        self.phrase("watching-player", &[("name", name.into())])
    }

    /// The end dialog's title in hot-seat play: who won.
    pub fn wins(self, name: &str) -> String {
        self.phrase("wins", &[("name", name.into())])
    }

    /// Hot-seat: the button that covers the board for the next player.
    pub fn pass_to(self, name: &str) -> String {
        self.phrase("pass-to", &[("name", name.into())])
    }

    /// Hot-seat: the curtain's heading.
    pub fn curtain_turn(self, name: &str) -> String {
        self.phrase("curtain-turn", &[("name", name.into())])
    }

    /// A finished game in the lobby: which, with whom, how it ended, how long it was.
    pub fn finished_line(self, game: GameKind, opponent: &str, result: &str, moves: u32) -> String {
        self.phrase(
            "finished-line",
            &[
                ("game", (&self.game_name(game)).into()),
                ("opponent", opponent.into()),
                ("result", result.into()),
                ("moves", moves.into()),
            ],
        )
    }

    /// Where a game was exported.
    pub fn exported(self, path: &str) -> String {
        self.phrase("exported-to", &[("path", path.into())])
    }

    /// An unfinished game in the lobby: which, with whom, how far.
    pub fn adjourned_line(self, game: GameKind, opponent: &str, moves: u32) -> String {
        self.phrase(
            "adjourned-line",
            &[
                ("game", (&self.game_name(game)).into()),
                ("opponent", opponent.into()),
                ("moves", moves.into()),
            ],
        )
    }

    /// "`name` asks to take back move `ply`."
    pub fn undo_asked(self, name: &str, ply: u32) -> String {
        self.phrase("undo-asked", &[("name", name.into()), ("ply", ply.into())])
    }

    /// "`name` offers a draw."
    pub fn draw_offered_by(self, name: &str) -> String {
        self.phrase("draw-offered-by", &[("name", name.into())])
    }

    /// "`name`'s turn".
    pub fn turn_of(self, name: &str) -> String {
        self.phrase("turn-of", &[("name", name.into())])
    }

    /// A battle's outcome from my side, for the flash under the board. `mine` is my
    /// piece's kind when known; `attacked` says whether I moved.
    pub fn battle(self, attacked: bool, outcome: Report, mine: Option<Kind>, at: &str) -> String {
        use BattleResult::{AttackerWins as Won, BothRemoved as Both, DefenderWins as Held};
        let piece = match mine {
            Some(k) => self.phrase("your-piece", &[("kind", self.kind(k).into())]),
            None => self.text("your-piece-unknown").to_string(),
        };
        let message = match (attacked, outcome.result, outcome.flag) {
            (true, Won, false) => key("battle-attack-won"),
            (true, Held, _) => key("battle-attack-lost"),
            (true, Both, false) => key("battle-attack-both"),
            (true, Won, true) => key("battle-attack-flag"),
            (true, Both, true) => key("battle-attack-flag-bombed"),
            (false, Won, false) => key("battle-defend-taken"),
            (false, Held, _) => key("battle-defend-held"),
            (false, Both, false) => key("battle-defend-both"),
            (false, _, true) => key("battle-defend-flag"),
        };
        self.phrase(message, &[("piece", (&piece).into()), ("at", at.into())])
    }

    /// "`n` pieces" lost by the opponent, kinds hidden until the end.
    pub fn hidden_losses(self, n: usize) -> String {
        self.phrase("hidden-losses", &[("count", n.into())])
    }

    /// A battle's outcome (from the attacker's side) for the move list.
    pub fn outcome(self, outcome: Report) -> &'static str {
        use BattleResult::{AttackerWins as Won, BothRemoved as Both, DefenderWins as Held};
        self.text(match (outcome.result, outcome.flag) {
            (Won, false) => key("outcome-won"),
            (Held, _) => key("outcome-held"),
            (Both, false) => key("outcome-both"),
            (Won, true) => key("outcome-flag"),
            (Both, true) => key("outcome-flag-bombed"),
        })
    }

    /// A time control in words: `No time limit`, `10 min`, `15 min + 30 s a move`.
    pub fn clock(self, clock: crate::protocol::Clock) -> String {
        let game = |secs: u32| {
            if secs.is_multiple_of(60) {
                self.phrase("clock-minutes", &[("minutes", (secs / 60).into())])
            } else {
                self.phrase("clock-seconds", &[("seconds", secs.into())])
            }
        };
        match (clock.game_secs, clock.move_secs) {
            (0, 0) => self.text("clock-none").to_string(),
            (0, m) => self.phrase("clock-per-move", &[("seconds", m.into())]),
            (g, 0) => game(g),
            (g, m) => self.phrase(
                "clock-game-and-move",
                &[("game", (&game(g)).into()), ("seconds", m.into())],
            ),
        }
    }

    /// A game's name.
    pub fn game_name(self, game: GameKind) -> String {
        self.games(&[game.name().to_string()])
    }

    /// The name of the game whose wire name is `name` (`junqi`), or the name itself for a
    /// game lanqi does not know; `short` gives the short name where a game has one.
    fn one_game(self, name: &str, short: bool) -> String {
        let message = match name {
            "junqi" => key("game-junqi"),
            "xiangqi" => key("game-xiangqi"),
            "gomoku" => key("game-gomoku"),
            "tibetan" if short => key("game-short-tibetan"),
            "tibetan" => key("game-tibetan"),
            other => return other.to_string(),
        };
        self.text(message).to_string()
    }

    /// A found peer's games, for the lobby.
    pub fn games(self, games: &[String]) -> String {
        let names: Vec<String> = games.iter().map(|g| self.one_game(g, false)).collect();
        names.join(self.text("games-separator"))
    }

    /// A found peer's games, short, for its line in the lobby: every game lanqi plays
    /// said in a word or two ("all four games", 四种棋都下), or the games by their short
    /// names ("Junqi · Gomoku", 军棋、五子棋), never wrapped.
    pub fn games_short(self, games: &[String]) -> String {
        let all = GameKind::ALL
            .iter()
            .all(|g| games.iter().any(|o| o == g.name()));
        if all {
            return self.text("games-all").to_string();
        }
        let names: Vec<String> = games.iter().map(|g| self.one_game(g, true)).collect();
        names.join(self.text("games-short-separator"))
    }

    /// The button to a game's rules or history page: `Xiangqi: Rules`, 象棋规则.
    pub fn page_button(self, game: GameKind, which: super::page::Which) -> String {
        let word = match which {
            super::page::Which::Rules => self.app().rules,
            super::page::Which::History => self.app().history,
        };
        self.phrase(
            "page-button",
            &[
                ("game", (&self.game_name(game)).into()),
                ("page", word.into()),
            ],
        )
    }

    /// Why the engine typed in the lobby is refused.
    pub fn engine_refused(
        self,
        path: &str,
        why: &crate::engine::xiangqi::external::ProbeError,
    ) -> String {
        use crate::engine::xiangqi::external::ProbeError;
        let why = match why {
            ProbeError::NotFound => self.text("engine-not-found").to_string(),
            ProbeError::Folder => self.text("engine-folder").to_string(),
            ProbeError::NotExecutable => self.text("engine-not-executable").to_string(),
            ProbeError::Start(e) => self.phrase("engine-start", &[("error", e.into())]),
            ProbeError::NoAnswer(e) => self.phrase("engine-no-answer", &[("error", e.into())]),
        };
        self.phrase(
            "engine-refused",
            &[("path", path.into()), ("why", (&why).into())],
        )
    }

    /// An address that is not IP:PORT.
    pub fn bad_address(self, text: &str) -> String {
        self.phrase("bad-address", &[("text", text.into())])
    }

    /// Why a pasted text is not a usable invitation code.
    pub fn bad_code(self, why: &crate::net::invite::InviteError) -> String {
        use crate::net::invite::InviteError;
        match why {
            InviteError::NotACode => self.text("code-not-a-code").to_string(),
            InviteError::BadCharacter(c, at) => {
                let c = c.to_string();
                self.phrase(
                    "code-bad-character",
                    &[("char", (&c).into()), ("at", (*at as i64).into())],
                )
            }
            InviteError::TooLong => self.text("code-too-long").to_string(),
            InviteError::Damaged => self.text("code-damaged").to_string(),
            InviteError::NewerVersion(_) => self.text("code-newer").to_string(),
            InviteError::Unreachable => self.text("code-unreachable").to_string(),
        }
    }

    /// My code names no relay yet (it works on this network only, for now).
    pub fn code_lan_only(self) -> &'static str {
        self.text("code-lan-only")
    }

    /// The way to a player over the internet: direct or through a relay, and its
    /// round-trip time.
    pub fn route(self, name: &str, route: &crate::net::internet::Route) -> String {
        let args = [
            ("name", name.into()),
            ("ms", (route.rtt.as_millis() as i64).into()),
        ];
        match route.kind {
            crate::net::internet::PathKind::Direct => self.phrase("route-direct", &args),
            crate::net::internet::PathKind::Relay => self.phrase("route-relay", &args),
        }
    }

    /// The lobby's heading: the app's name and its Chinese name, in the language's script
    /// (`lanqi  局域网棋`, `lanqi  局域網棋`).
    pub fn brand(self) -> &'static str {
        self.text("brand")
    }

    /// A label and its value, as the language sets them apart: `Key fingerprint: 3f2a`,
    /// 密钥指纹：3f2a.
    pub fn labelled(self, label: &str, value: &str) -> String {
        self.phrase(
            "label-value",
            &[("label", label.into()), ("value", value.into())],
        )
    }

    /// The opponent's name after "vs" (对).
    pub fn versus(self, name: &str) -> String {
        self.phrase("versus-name", &[("name", name.into())])
    }

    /// The computer as an opponent, with its level: `Computer (Medium)`.
    pub fn computer_level(self, level: &str) -> String {
        self.phrase(
            "computer-level",
            &[
                ("computer", self.app().computer_name.into()),
                ("level", level.into()),
            ],
        )
    }

    /// A player's name as the screen shows it: as it came, but the app's own computer player,
    /// which `peer::control` names `computer (medium)` on the wire, is worded in this
    /// language (`Computer (Medium)`, 电脑（中等）). Until the snapshot says which seats
    /// are the app's computers, the name is how the screen knows.
    pub fn player_name(self, name: &str) -> String {
        let level = crate::engine::Level::ALL
            .iter()
            .position(|l| name == format!("computer ({})", l.name()));
        match level {
            Some(i) => self.computer_level(self.app().levels[i]),
            None => name.to_string(),
        }
    }

    /// The name of a seat's player at this screen when none is typed: `Player 3`.
    pub fn player_n(self, n: u8) -> String {
        self.phrase("player-n", &[("n", n.into())])
    }
}

/// The simplified characters of the Chinese the rules cores write (Xiangqi's notation and
/// piece names, `炮二平五`, `马8进7`, `前车退一`; Junqi's piece names; the Xiangqi river's
/// 汉) and their traditional forms. A closed list, not a conversion of free text: the
/// cores' words use no other characters that differ between the scripts (the test
/// `the_cores_chinese_reads_traditional` plays through every piece and notation word).
const TRADITIONAL: [(char, char); 14] = [
    ('汉', '漢'),
    ('马', '馬'),
    ('车', '車'),
    ('帅', '帥'),
    ('将', '將'),
    ('进', '進'),
    ('后', '後'),
    ('军', '軍'),
    ('长', '長'),
    ('师', '師'),
    ('团', '團'),
    ('营', '營'),
    ('连', '連'),
    ('弹', '彈'),
];

impl Lang {
    /// Chinese that a rules core wrote (a Xiangqi move in Chinese notation, a piece's
    /// Chinese name) in this language's script: traditional in [`Lang::ZhHant`]
    /// (`馬8進7`), as written (simplified) otherwise.
    pub fn hanzi(self, text: &str) -> String {
        if self != Lang::ZhHant {
            return text.to_string();
        }
        text.chars()
            .map(|c| {
                TRADITIONAL
                    .iter()
                    .find(|(s, _)| *s == c)
                    .map_or(c, |(_, t)| *t)
            })
            .collect()
    }
}

/// The phrases of the deployment screen, and the settings' warning.
impl Lang {
    /// A piece's name in this language.
    pub fn kind(self, kind: Kind) -> &'static str {
        self.text(match kind {
            Kind::FieldMarshal => key("junqi-kind-field-marshal"),
            Kind::General => key("junqi-kind-general"),
            Kind::MajorGeneral => key("junqi-kind-major-general"),
            Kind::Brigadier => key("junqi-kind-brigadier"),
            Kind::Colonel => key("junqi-kind-colonel"),
            Kind::Major => key("junqi-kind-major"),
            Kind::Captain => key("junqi-kind-captain"),
            Kind::Lieutenant => key("junqi-kind-lieutenant"),
            Kind::Engineer => key("junqi-kind-engineer"),
            Kind::Landmine => key("junqi-kind-landmine"),
            Kind::Bomb => key("junqi-kind-bomb"),
            Kind::Flag => key("junqi-kind-flag"),
        })
    }

    /// Why a layout is refused, in words.
    pub fn layout_error(self, error: &LayoutError) -> String {
        let square = |s: &Square| s.to_string();
        match error {
            LayoutError::Rows(n) => self.phrase("layout-rows", &[("rows", (*n).into())]),
            LayoutError::RowWidth { rank, cells } => self.phrase(
                "layout-row-width",
                &[("rank", (*rank).into()), ("cells", (*cells).into())],
            ),
            LayoutError::Char { square: s, ch } => self.phrase(
                "layout-char",
                &[
                    ("square", (&square(s)).into()),
                    ("char", (&ch.to_string()).into()),
                ],
            ),
            LayoutError::OffHalf(s) => {
                self.phrase("layout-off-half", &[("square", (&square(s)).into())])
            }
            LayoutError::PieceOnCamp(s) => {
                self.phrase("layout-piece-on-camp", &[("square", (&square(s)).into())])
            }
            LayoutError::NotACamp(s) => {
                self.phrase("layout-not-a-camp", &[("square", (&square(s)).into())])
            }
            LayoutError::TooMany {
                square: s,
                kind,
                max,
            } => self.phrase(
                "layout-too-many",
                &[
                    ("square", (&square(s)).into()),
                    ("kind", self.kind(*kind).into()),
                    ("max", (*max).into()),
                ],
            ),
            LayoutError::FlagNotInHeadquarters(s) => self.phrase(
                "layout-flag-headquarters",
                &[("square", (&square(s)).into())],
            ),
            LayoutError::LandmineTooFarForward(s) => self.phrase(
                "layout-landmine-forward",
                &[("square", (&square(s)).into())],
            ),
            LayoutError::BombOnFrontRow(s) => {
                self.phrase("layout-bomb-front", &[("square", (&square(s)).into())])
            }
        }
    }

    /// A piece in the list of pieces: its name, and in English its Chinese name before it
    /// (`工兵 engineer`).
    pub fn piece_entry(self, kind: Kind) -> String {
        self.phrase(
            "piece-entry",
            &[
                ("chinese", kind.chinese().into()),
                ("kind", self.kind(kind).into()),
            ],
        )
    }

    /// "`a` selected: click another …".
    pub fn selected(self, square: Square, kind: Kind) -> String {
        self.phrase(
            "selected",
            &[
                ("square", (&square.to_string()).into()),
                ("kind", self.kind(kind).into()),
            ],
        )
    }

    /// "Swapped `a` and `b`."
    pub fn swapped(self, a: Square, b: Square) -> String {
        self.phrase(
            "swapped",
            &[
                ("a", (&a.to_string()).into()),
                ("b", (&b.to_string()).into()),
            ],
        )
    }

    /// "Cannot swap: `reason`".
    pub fn refused(self, error: &LayoutError) -> String {
        let reason = self.layout_error(error);
        self.phrase("refused", &[("reason", (&reason).into())])
    }

    /// "Saved “`name`”."
    pub fn saved(self, name: &str) -> String {
        self.phrase("layout-saved", &[("name", name.into())])
    }

    /// "Loaded “`name`”."
    pub fn loaded(self, name: &str) -> String {
        self.phrase("layout-loaded", &[("name", name.into())])
    }

    /// "Deleted “`name`”."
    pub fn deleted(self, name: &str) -> String {
        self.phrase("layout-deleted", &[("name", name.into())])
    }

    /// "Cannot import: `reason`".
    pub fn import_failed(self, error: &LayoutError) -> String {
        let reason = self.layout_error(error);
        self.phrase("import-failed", &[("reason", (&reason).into())])
    }

    /// A failure of the layout library (the store's message is in English).
    pub fn store_failed(self, detail: &str) -> String {
        self.phrase("store-failed", &[("detail", detail.into())])
    }

    /// The line under the board showing the layout text.
    pub fn layout_line(self, text: &str) -> String {
        self.phrase("layout-line", &[("text", text.into())])
    }

    /// Shown once when the settings file had problems (`detail` is
    /// [`crate::store::Settings::load`]'s warning, in English).
    pub fn settings_warning(self, detail: &str) -> String {
        self.phrase("settings-warning", &[("detail", detail.into())])
    }
}

/// Tibetan seven-square chess (藏族七方棋): its phases, sides, prompts and settings.
impl Lang {
    /// A side's name: `Black`, `White` (黑方, 白方).
    pub fn tibetan_side(self, side: crate::rules::tibetan::Side) -> &'static str {
        use crate::rules::tibetan::Side;
        self.text(match side {
            Side::Black => key("tibetan-black"),
            Side::White => key("tibetan-white"),
        })
    }

    /// A phase's name: placement 布局, the opening removals 开局, the battle 战斗.
    pub fn tibetan_phase(self, phase: crate::rules::tibetan::Phase) -> &'static str {
        use crate::rules::tibetan::Phase;
        self.text(match phase {
            Phase::Place => key("tibetan-phase-place"),
            Phase::Remove => key("tibetan-phase-remove"),
            Phase::Battle => key("tibetan-phase-battle"),
        })
    }

    /// The line above the board: the phase, and in placement the removals each side has
    /// earned (and who formed first), in the opening removals those still due, in the
    /// battle each side's stones and who may fly. `counts`, `due` and `fly` are Black's,
    /// then White's.
    pub fn tibetan_caption(
        self,
        phase: crate::rules::tibetan::Phase,
        counts: [u8; 2],
        due: [u8; 2],
        first: Option<crate::rules::tibetan::Side>,
        fly: [bool; 2],
    ) -> String {
        use crate::rules::tibetan::{Phase, Side};
        let name = self.tibetan_phase(phase);
        let numbers = |message: &str, [black, white]: [u8; 2]| {
            self.phrase(
                message,
                &[
                    ("phase", name.into()),
                    ("black", black.into()),
                    ("white", white.into()),
                ],
            )
        };
        match phase {
            Phase::Place => {
                let mut line = numbers(key("tibetan-caption-place"), due);
                if let Some(side) = first {
                    line.push_str(&self.phrase(
                        "tibetan-formed-first",
                        &[("side", self.tibetan_side(side).into())],
                    ));
                }
                line
            }
            Phase::Remove => numbers(key("tibetan-caption-remove"), due),
            Phase::Battle => {
                let mut line = numbers(key("tibetan-caption-battle"), counts);
                for side in Side::BOTH.into_iter().filter(|s| fly[s.index()]) {
                    line.push_str(" · ");
                    line.push_str(&self.phrase(
                        "tibetan-may-fly",
                        &[("side", self.tibetan_side(side).into())],
                    ));
                }
                line
            }
        }
    }

    /// Beside a side's player: its colour and stones, and what it has earned (placement),
    /// still has to remove (opening removals) or whether it may fly (battle).
    pub fn tibetan_beside(
        self,
        side: crate::rules::tibetan::Side,
        phase: crate::rules::tibetan::Phase,
        stones: u8,
        due: u8,
        fly: bool,
    ) -> String {
        use crate::rules::tibetan::Phase;
        let mut line = self.phrase(
            "tibetan-beside",
            &[
                ("colour", self.tibetan_side(side).into()),
                ("stones", stones.into()),
            ],
        );
        let more = match phase {
            Phase::Place if due > 0 => {
                Some(self.phrase("tibetan-beside-earned", &[("due", due.into())]))
            }
            Phase::Remove if due > 0 => {
                Some(self.phrase("tibetan-beside-to-remove", &[("due", due.into())]))
            }
            Phase::Battle if fly => Some(self.text("tibetan-beside-fly").to_string()),
            _ => None,
        };
        if let Some(more) = more {
            line.push_str(" · ");
            line.push_str(&more);
        }
        line
    }

    /// The prompt under the board for the player to act.
    pub fn tibetan_prompt(self, prompt: TibetanPrompt) -> String {
        use TibetanPrompt as P;
        match prompt {
            P::Place => self.text("tibetan-prompt-place").to_string(),
            P::PickStone => self.text("tibetan-prompt-pick-stone").to_string(),
            P::PickTarget { fly: false } => self.text("tibetan-prompt-pick-target").to_string(),
            P::PickTarget { fly: true } => self.text("tibetan-prompt-pick-target-fly").to_string(),
            P::Chain => self.text("tibetan-prompt-chain").to_string(),
            P::Remove { enemy, total, left } => self.phrase(
                "tibetan-prompt-remove",
                &[
                    ("enemy", self.tibetan_side(enemy).into()),
                    ("total", total.into()),
                    ("left", left.into()),
                ],
            ),
            P::Waiting(side) => self.phrase(
                "tibetan-prompt-waiting",
                &[("side", self.tibetan_side(side).into())],
            ),
        }
    }

    /// The game screen's buttons during a Tibetan chess turn: end a jump chain here, and
    /// drop what was picked.
    pub fn tibetan_buttons(self) -> [&'static str; 2] {
        [self.text("tibetan-stop-here"), self.text("tibetan-cancel")]
    }

    /// The lobby's Tibetan chess settings: the labels of protection and flying, the words
    /// of their choices.
    pub fn tibetan_setting_words(self) -> TibetanSettingWords {
        TibetanSettingWords {
            protect: self.text("tibetan-protect"),
            fly: self.text("tibetan-fly"),
            no_fly: self.text("tibetan-no-fly"),
            on_off: [self.text("tibetan-off"), self.text("tibetan-on")],
        }
    }

    /// The words of a Gomoku table of three or four.
    pub fn table_words(self) -> TableWords {
        TableWords {
            seats: self.text("table-seats"),
            heading: self.text("table-heading"),
            note: self.text("table-note"),
            kinds: [
                self.text("table-kind-here"),
                self.text("table-kind-lan"),
                self.text("table-kind-computer"),
            ],
            name: self.text("table-name"),
            pick_player: self.text("table-pick-player"),
            address: self.text("table-address"),
            open: self.text("table-open"),
            left_game: self.text("table-left-game"),
            you_left: self.text("table-you-left"),
        }
    }

    /// "Seat `n`" in the lobby's seat setup, with the colour its stones take.
    pub fn seat_label(self, n: u8) -> String {
        self.phrase(
            "seat-label",
            &[
                ("n", n.into()),
                ("colour", self.stone_colour(n.saturating_sub(1)).into()),
            ],
        )
    }

    /// The table being opened: how many seats are taken, of how many.
    pub fn gathering(self, taken: u8, of: u8) -> String {
        self.phrase("gathering", &[("taken", taken.into()), ("of", of.into())])
    }

    /// Tibetan chess's settings in words, where they differ from the spec's defaults.
    pub fn tibetan_settings(self, rules: crate::rules::tibetan::Rules) -> String {
        let d = crate::rules::tibetan::Rules::default();
        let mut parts = Vec::new();
        if rules.protect_formations != d.protect_formations {
            parts.push(
                self.text(if rules.protect_formations {
                    key("tibetan-protected")
                } else {
                    key("tibetan-unprotected")
                })
                .to_string(),
            );
        }
        if rules.fly_at != d.fly_at {
            parts.push(match rules.fly_at {
                Some(n) => self.phrase("tibetan-fly-at", &[("stones", n.into())]),
                None => self.text("tibetan-never-fly").to_string(),
            });
        }
        if parts.is_empty() {
            parts.push(self.text("tibetan-usual-rules").to_string());
        }
        parts.join(" · ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cores_chinese_reads_traditional() {
        use crate::rules::xiangqi::{Kind as XKind, Piece, Position, Side};
        let t = Lang::ZhHant;
        assert_eq!(t.hanzi("1. 炮二平五   马8进7"), "1. 炮二平五   馬8進7");
        assert_eq!(t.hanzi("前车退一"), "前車退一");
        assert_eq!(Lang::Zh.hanzi("马8进7"), "马8进7");
        // Every piece name of both cores, and every word of the notation, holds no
        // character whose traditional form differs and is not in the list.
        let simplified_only = "马车帅将进后军长师团营连弹汉东头发为应两开关";
        let mut words: Vec<String> = Kind::ALL.iter().map(|k| k.chinese().to_string()).collect();
        for side in [Side::Red, Side::Black] {
            for kind in [
                XKind::King,
                XKind::Advisor,
                XKind::Elephant,
                XKind::Horse,
                XKind::Rook,
                XKind::Cannon,
                XKind::Pawn,
            ] {
                words.push(Piece { side, kind }.chinese().to_string());
            }
        }
        let start = Position::start();
        for &mv in start.legal_moves().iter() {
            words.push(crate::rules::xiangqi::notation::chinese(&start, mv));
        }
        words.push("前后中进退平一二三四五六七八九".to_string());
        words.extend(["楚河汉界", "行营", "大本营"].map(String::from));
        for word in words {
            let traditional = t.hanzi(&word);
            assert!(
                !traditional.chars().any(|c| simplified_only.contains(c)),
                "{word} -> {traditional}"
            );
        }
        assert_eq!(
            t.kind(Kind::MajorGeneral),
            t.hanzi(Kind::MajorGeneral.chinese())
        );
    }

    #[test]
    fn layout_errors_read_in_every_language() {
        let c1: Square = "c1".parse().unwrap();
        let e = LayoutError::FlagNotInHeadquarters(c1);
        assert_eq!(
            Lang::En.refused(&e),
            "Cannot swap: c1: the flag must stand in a headquarters (b1 or d1)."
        );
        assert_eq!(
            Lang::Zh.refused(&e),
            "不能交换：c1：军旗必须放在大本营（b1 或 d1）。"
        );
        assert_eq!(
            Lang::ZhHant.refused(&e),
            "不能交換：c1：軍旗必須放在大本營（b1 或 d1）。"
        );
        let e = LayoutError::TooMany {
            square: c1,
            kind: Kind::Bomb,
            max: 2,
        };
        assert!(Lang::Zh.layout_error(&e).contains("炸弹多了一个"));
        assert!(Lang::ZhHant.layout_error(&e).contains("炸彈多了一個"));
        // The English words are the rules core's own.
        for e in [e, LayoutError::Rows(5), LayoutError::BombOnFrontRow(c1)] {
            assert_eq!(Lang::En.layout_error(&e), e.to_string());
        }
    }
}

/// What the player to act in Tibetan chess is asked to do (see [`Lang::tibetan_prompt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TibetanPrompt {
    /// Place a stone.
    Place,
    /// Pick a stone to move.
    PickStone,
    /// Pick where the stone goes (it may fly, or not).
    PickTarget {
        /// The side may fly.
        fly: bool,
    },
    /// Jump on or stop.
    Chain,
    /// Pick the enemy stones to remove: `total` in all, `left` still to pick.
    Remove {
        /// The enemy.
        enemy: crate::rules::tibetan::Side,
        /// How many the turn removes.
        total: u8,
        /// How many are still to pick.
        left: u8,
    },
    /// The other side is to play.
    Waiting(crate::rules::tibetan::Side),
}

/// The words of a Gomoku table of three or four: the lobby's seat setup, and the game
/// screen's.
#[derive(Clone, Copy, Debug)]
pub struct TableWords {
    /// Before the seat count.
    pub seats: &'static str,
    /// The setup's heading.
    pub heading: &'static str,
    /// What the setup is for.
    pub note: &'static str,
    /// Who may sit in a seat: a person here, a player on the LAN, the computer.
    pub kinds: [&'static str; 3],
    /// The name box of a person here.
    pub name: &'static str,
    /// The pick list of the players found.
    pub pick_player: &'static str,
    /// The address box of a player on the LAN.
    pub address: &'static str,
    /// The button that opens the table.
    pub open: &'static str,
    /// A seat's strip: the player left the game, which goes on.
    pub left_game: &'static str,
    /// The status when I left the game.
    pub you_left: &'static str,
}

/// The words of the lobby's Tibetan chess settings.
#[derive(Clone, Copy, Debug)]
pub struct TibetanSettingWords {
    /// The protection switch's label.
    pub protect: &'static str,
    /// Before the flying limit.
    pub fly: &'static str,
    /// The choice of no flying.
    pub no_fly: &'static str,
    /// A switch's off and on.
    pub on_off: [&'static str; 2],
}

/// Every language, complete (#17, point 8; #25, point 4): a test fails when a UI string,
/// a phrase or an ending reason lacks its words in a language.
///
/// What `tests/i18n.rs` checks on the files: every key in every language, with the same
/// variables, every key the code names present. What these tests check on the words as
/// screens get them: every phrase formats in every language with the values the code gives
/// it (a missing variable or key fails [`Lang::phrase`]'s debug assertion), no text left
/// empty, English left in a Chinese file (or Chinese in the English one), and a reason or
/// a game name falling through to something untranslated.
#[cfg(test)]
mod complete {
    use super::*;
    use crate::gui::page::{Which, is_cjk, translation_problem};
    use crate::rules::junqi::BattleResult;
    use crate::session::Reason;

    /// Whether `en` reads as English and `zh` as Chinese: both non-empty, Chinese
    /// characters in the Chinese, more English letters than Chinese characters in the
    /// English (which may quote a Chinese name: `Junqi (两国军棋)`).
    fn check(what: &str, en: &str, zh: &str) {
        if let Some(problem) = translation_problem(en, zh) {
            panic!("{what}: {problem}");
        }
        let letters = en.chars().filter(char::is_ascii_alphabetic).count();
        let hanzi = en.chars().filter(|c| is_cjk(*c)).count();
        assert!(
            letters > hanzi,
            "{what}: Chinese in the English text {en:?}"
        );
        assert_ne!(en, zh, "{what}: the same text in both languages");
    }

    /// Checks a phrase in English against each Chinese.
    fn both(what: &str, phrase: impl Fn(Lang) -> String) {
        let en = phrase(Lang::En);
        for lang in [Lang::Zh, Lang::ZhHant] {
            check(&format!("{what} ({lang:?})"), &en, &phrase(lang));
        }
    }

    #[test]
    fn every_fixed_string_is_in_every_language() {
        let en = Lang::En.app().messages();
        assert!(en.len() > 100, "{} strings", en.len());
        for lang in [Lang::Zh, Lang::ZhHant] {
            let zh = lang.app().messages();
            assert_eq!(en.len(), zh.len());
            for ((name, en), (key, zh)) in en.iter().zip(&zh) {
                assert_eq!(name, key);
                assert!(
                    lang.keys().any(|k| k == key),
                    "{key} is missing in {lang:?}"
                );
                check(&format!("{name} ({lang:?})"), en, zh);
            }
        }
    }

    #[test]
    fn traditional_reads_traditional() {
        // Words that differ between the two scripts, as the traditional file writes them.
        let t = Lang::ZhHant.app();
        assert_eq!(t.resign, "認輸");
        assert_eq!(t.watch, "觀戰");
        assert_eq!(t.to_lobby, "返回大廳");
        assert_eq!(Lang::ZhHant.kind(Kind::Bomb), "炸彈");
        assert_eq!(Lang::ZhHant.game_name(GameKind::Junqi), "軍棋");
        // No message of the traditional file is the simplified one where the two scripts
        // differ in a character this test knows.
        for (key, text) in t.messages() {
            for simplified in [
                '们', '这', '对', '战', '认', '输', '军', '车', '马', '将', '网',
            ] {
                assert!(!text.contains(simplified), "{key}: {text}");
            }
        }
    }

    #[test]
    fn the_check_catches_what_it_is_for() {
        let caught = |en: &'static str, zh: &'static str| {
            std::panic::catch_unwind(|| check("test", en, zh)).is_err()
        };
        assert!(!caught("Rules", "规则"));
        assert!(caught("Rules", ""), "an empty Chinese text");
        assert!(caught("", "规则"), "an empty English text");
        assert!(
            caught("Rules", "Rules"),
            "English left in the Chinese column"
        );
        assert!(caught("规则", "规则"), "Chinese in the English column");
        assert!(
            caught("Junqi 军棋规则大全", "规则"),
            "mostly Chinese in the English column"
        );
    }

    #[test]
    fn every_ending_reason_has_words_in_every_language() {
        for reason in every_reason() {
            let en = reason.words(Lang::En);
            assert!(!en.contains('?'), "{reason:?} has no English words: {en:?}");
            both(&format!("{reason:?}"), |lang| reason.words(lang));
        }
    }

    /// One of each [`Reason`] (with sample numbers), but [`Reason::Other`], which is a
    /// peer's own words shown as they came. The match names every variant: a reason added
    /// and not here does not compile.
    fn every_reason() -> Vec<Reason> {
        let all = vec![
            Reason::Resignation,
            Reason::Time,
            Reason::DrawAgreed,
            Reason::OpponentCheated,
            Reason::OpponentBrokeRules,
            Reason::FlagLost,
            Reason::NoLegalMove,
            Reason::NoBattle(31),
            Reason::BothFlagsLost,
            Reason::NeitherCanMove,
            Reason::ThreefoldRepetition,
            Reason::Checkmate,
            Reason::Stalemate,
            Reason::PerpetualCheck,
            Reason::PerpetualChase,
            Reason::Repetition,
            Reason::NoCapture(120),
            Reason::InARow(5),
            Reason::FullBoard,
            Reason::LeftTable,
            Reason::FewStones,
            Reason::NoLegalTurn,
            Reason::NoRemoval(50),
        ];
        for reason in &all {
            match reason {
                Reason::Resignation
                | Reason::Time
                | Reason::DrawAgreed
                | Reason::OpponentCheated
                | Reason::OpponentBrokeRules
                | Reason::FlagLost
                | Reason::NoLegalMove
                | Reason::NoBattle(_)
                | Reason::BothFlagsLost
                | Reason::NeitherCanMove
                | Reason::ThreefoldRepetition
                | Reason::Checkmate
                | Reason::Stalemate
                | Reason::PerpetualCheck
                | Reason::PerpetualChase
                | Reason::Repetition
                | Reason::NoCapture(_)
                | Reason::InARow(_)
                | Reason::FullBoard
                | Reason::LeftTable
                | Reason::FewStones
                | Reason::NoLegalTurn
                | Reason::NoRemoval(_)
                | Reason::Other(_) => {}
            }
        }
        all
    }

    #[test]
    fn every_game_and_its_settings_have_words_in_every_language() {
        use crate::rules::gomoku::{Choice, Opening, Rule, Settings, Shape, Size};
        use crate::rules::tibetan::{Phase, Rules, Side as TSide};
        let gomoku = GameKind::Gomoku(Settings {
            rule: Rule::Caro,
            size: Size::new(9, 7).unwrap(),
            seats: 3,
            win: 4,
            opening: Opening::None,
        });
        let swap2 = GameKind::Gomoku(Settings {
            opening: Opening::Swap2,
            ..Settings::default()
        });
        let tibetan = GameKind::Tibetan(Rules {
            protect_formations: true,
            fly_at: None,
            ..Rules::default()
        });
        let mut games = GameKind::ALL.to_vec();
        games.extend([gomoku, swap2, tibetan]);
        for game in games {
            let at = format!("{game:?}");
            both(&at, |lang| lang.game_name(game));
            both(&at, |lang| lang.challenged_by("dave", game));
            both(&at, |lang| {
                lang.watching_title(&["ann", "bob"], &["1", "2"], game)
            });
            for which in Which::ALL {
                both(&at, |lang| lang.page_button(game, which));
            }
        }
        for rule in Rule::ALL {
            both(&format!("{rule:?}"), |lang| {
                lang.gomoku_rule(rule).to_string()
            });
        }
        for opening in Opening::ALL {
            both(&format!("{opening:?}"), |lang| {
                lang.gomoku_opening(opening).to_string()
            });
        }
        for choice in Choice::SWAP2 {
            both(&format!("{choice:?}"), |lang| {
                lang.gomoku_choice(choice).to_string()
            });
            both(&format!("chose {choice:?}"), |lang| {
                lang.gomoku_chose("ann", choice)
            });
        }
        for (colour, place2) in [
            (Some(0), false),
            (Some(1), false),
            (None, false),
            (None, true),
        ] {
            both("opening step", |lang| {
                lang.gomoku_opening_step("ann", colour, place2)
            });
        }
        for shape in [Shape::Overline, Shape::DoubleFour, Shape::DoubleThree] {
            both(&format!("{shape:?}"), |lang| lang.forbidden("h8", shape));
        }
        for seat in 0..4 {
            both("stone", |lang| lang.stones(seat, 1));
            both("stones", |lang| lang.stones(seat, 7));
        }
        for side in TSide::BOTH {
            both("Tibetan side", |lang| lang.tibetan_side(side).to_string());
            for phase in [Phase::Place, Phase::Remove, Phase::Battle] {
                both("Tibetan phase", |lang| {
                    lang.tibetan_phase(phase).to_string()
                });
                both("Tibetan caption", |lang| {
                    lang.tibetan_caption(phase, [20, 19], [1, 2], Some(side), [true, false])
                });
                both("Tibetan beside", |lang| {
                    lang.tibetan_beside(side, phase, 9, 1, true)
                });
            }
            for prompt in [
                TibetanPrompt::Place,
                TibetanPrompt::PickStone,
                TibetanPrompt::PickTarget { fly: false },
                TibetanPrompt::PickTarget { fly: true },
                TibetanPrompt::Chain,
                TibetanPrompt::Remove {
                    enemy: side,
                    total: 2,
                    left: 1,
                },
                TibetanPrompt::Waiting(side),
            ] {
                both(&format!("{prompt:?}"), |lang| lang.tibetan_prompt(prompt));
            }
        }
        for i in 0..2 {
            both("Tibetan buttons", |lang| {
                lang.tibetan_buttons()[i].to_string()
            });
        }
        let table = |lang: Lang| lang.table_words();
        both("table seats", |lang| table(lang).seats.to_string());
        both("table heading", |lang| table(lang).heading.to_string());
        both("table note", |lang| table(lang).note.to_string());
        for i in 0..3 {
            both("table kinds", |lang| table(lang).kinds[i].to_string());
        }
        both("table name", |lang| table(lang).name.to_string());
        both("table pick", |lang| table(lang).pick_player.to_string());
        both("table address", |lang| table(lang).address.to_string());
        both("table open", |lang| table(lang).open.to_string());
        both("left game", |lang| table(lang).left_game.to_string());
        both("you left", |lang| table(lang).you_left.to_string());
        both("seat label", |lang| lang.seat_label(3));
        both("gathering", |lang| lang.gathering(2, 3));
        let words = |lang: Lang| lang.tibetan_setting_words();
        both("protect", |lang| words(lang).protect.to_string());
        both("fly", |lang| words(lang).fly.to_string());
        both("no fly", |lang| words(lang).no_fly.to_string());
        for i in 0..2 {
            both("on/off", |lang| words(lang).on_off[i].to_string());
        }
        both("usual rules", |lang| {
            lang.tibetan_settings(Rules::default())
        });
    }

    #[test]
    fn every_phrase_has_words_in_every_language() {
        use crate::protocol::Clock;
        let name = "bob";
        both("watching_player", |lang| lang.watching_player(name));
        both("wins", |lang| lang.wins(name));
        both("pass_to", |lang| lang.pass_to(name));
        both("curtain_turn", |lang| lang.curtain_turn(name));
        both("undo_asked", |lang| lang.undo_asked(name, 3));
        both("finished_line", |lang| {
            lang.finished_line(GameKind::Xiangqi, name, lang.app().results[0], 40)
        });
        both("exported", |lang| lang.exported("/tmp/x.pgn"));
        both("adjourned_line", |lang| {
            lang.adjourned_line(GameKind::Xiangqi, name, 12)
        });
        both("draw_offered_by", |lang| lang.draw_offered_by(name));
        both("turn_of", |lang| lang.turn_of(name));
        both("hidden_losses", |lang| lang.hidden_losses(1));
        both("hidden_losses", |lang| lang.hidden_losses(4));
        both("bad_address", |lang| lang.bad_address("nonsense"));
        {
            use crate::net::internet::{PathKind, Route};
            use crate::net::invite::InviteError;
            for why in [
                InviteError::NotACode,
                InviteError::BadCharacter('!', 9),
                InviteError::TooLong,
                InviteError::Damaged,
                InviteError::NewerVersion(3),
                InviteError::Unreachable,
            ] {
                both("bad_code", |lang| lang.bad_code(&why));
            }
            both("code_lan_only", |lang| lang.code_lan_only().to_string());
            for kind in [PathKind::Direct, PathKind::Relay] {
                let route = Route {
                    kind,
                    rtt: std::time::Duration::from_millis(23),
                };
                both("route", |lang| lang.route(name, &route));
            }
        }
        both("saved", |lang| lang.saved("x"));
        both("loaded", |lang| lang.loaded("x"));
        both("deleted", |lang| lang.deleted("x"));
        both("store_failed", |lang| lang.store_failed("x"));
        both("layout_line", |lang| lang.layout_line("x"));
        both("settings_warning", |lang| lang.settings_warning("x"));
        both("player_n", |lang| lang.player_n(3));
        both("player_name", |lang| lang.player_name("computer (medium)"));
        assert_eq!(Lang::En.player_name("computer (hard)"), "Computer (Hard)");
        assert_eq!(Lang::ZhHant.player_name("computer (easy)"), "電腦（簡單）");
        assert_eq!(
            Lang::Zh.player_name("computer"),
            "computer",
            "a person's name as typed"
        );
        both("labelled", |lang| lang.labelled(lang.app().lost, "x"));
        both("versus", |lang| lang.versus("bob"));
        both("computer_level", |lang| {
            lang.computer_level(lang.app().levels[1])
        });
        both("games_short", |lang| {
            lang.games_short(&["junqi".to_string(), "tibetan".to_string()])
        });
        both("games_short all", |lang| {
            lang.games_short(&GameKind::ALL.map(|g| g.name().to_string()))
        });
        for clock in [
            Clock::default(),
            Clock {
                game_secs: 900,
                move_secs: 30,
            },
            Clock {
                game_secs: 0,
                move_secs: 20,
            },
            Clock {
                game_secs: 90,
                move_secs: 0,
            },
        ] {
            both(&format!("{clock:?}"), |lang| lang.clock(clock));
        }
        let square: Square = "c3".parse().unwrap();
        for kind in Kind::ALL {
            both(&format!("{kind:?}"), |lang| lang.kind(kind).to_string());
            both(&format!("{kind:?}"), |lang| lang.selected(square, kind));
            // The English entry names the piece in both languages (工兵 Engineer).
            both(&format!("{kind:?}"), |lang| lang.piece_entry(kind));
        }
        both("swapped", |lang| lang.swapped(square, square));
        for result in [
            BattleResult::AttackerWins,
            BattleResult::DefenderWins,
            BattleResult::BothRemoved,
        ] {
            for flag in [false, true] {
                let report = Report { result, flag };
                both(&format!("{report:?}"), |lang| {
                    lang.outcome(report).to_string()
                });
                for attacked in [false, true] {
                    for mine in [None, Some(Kind::Engineer)] {
                        both(&format!("{report:?}"), |lang| {
                            lang.battle(attacked, report, mine, "c3")
                        });
                    }
                }
            }
        }
        for error in [
            LayoutError::Rows(5),
            LayoutError::RowWidth { rank: 3, cells: 4 },
            LayoutError::Char { square, ch: 'z' },
            LayoutError::OffHalf(square),
            LayoutError::PieceOnCamp(square),
            LayoutError::NotACamp(square),
            LayoutError::TooMany {
                square,
                kind: Kind::Bomb,
                max: 2,
            },
            LayoutError::FlagNotInHeadquarters(square),
            LayoutError::LandmineTooFarForward(square),
            LayoutError::BombOnFrontRow(square),
        ] {
            both(&format!("{error:?}"), |lang| lang.layout_error(&error));
            both(&format!("{error:?}"), |lang| lang.refused(&error));
            both(&format!("{error:?}"), |lang| lang.import_failed(&error));
        }
    }

    #[test]
    fn one_move_is_one_move_not_one_moves() {
        let en = Lang::En;
        assert_eq!(
            en.finished_line(GameKind::Xiangqi, "bob", "lost", 1),
            "Xiangqi with bob: lost, 1 move"
        );
        assert_eq!(
            en.adjourned_line(GameKind::Xiangqi, "bob", 1),
            "Xiangqi with bob, 1 move played"
        );
        assert!(
            en.finished_line(GameKind::Xiangqi, "bob", "lost", 2)
                .ends_with("2 moves")
        );
    }

    /// "You take Black", "bob takes Black": the English verb agrees with who acts.
    #[test]
    fn the_opening_s_words_agree_with_who_acts() {
        use crate::rules::gomoku::Choice;
        let en = Lang::En;
        assert_eq!(en.gomoku_chose("You", Choice::Black), "You take Black");
        assert_eq!(en.gomoku_chose("bob", Choice::Black), "bob takes Black");
        assert_eq!(
            en.gomoku_chose("You", Choice::Place2),
            "You place two more stones"
        );
        assert_eq!(
            en.gomoku_opening_step("You", None, false),
            "Opening: You take Black or White."
        );
        assert!(
            en.gomoku_opening_step("You", Some(0), false)
                .starts_with("Opening: You place a black stone")
        );
        assert!(
            en.gomoku_opening_step("You", None, true)
                .contains("You take Black or White, or place two more stones")
        );
    }
}
