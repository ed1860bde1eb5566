//! A table of any of lanqi's games, the game chosen when the session is made (the
//! challenge names it). The peer and the app hold this; each game's own table type holds
//! its rules.

use std::fmt;
use std::str::FromStr;

use super::game::{Ending, Seat, Secrets, Step, TableGame};
use super::gomoku::GomokuTable;
use super::junqi::JunqiTable;
use super::state::Record;
use super::tibetan::TibetanTable;
use super::xiangqi::XiangqiTable;
use crate::protocol::Message;

/// Calls the same method on whichever table it is.
macro_rules! each {
    ($table:expr, $t:ident => $call:expr) => {
        match $table {
            AnyTable::Junqi($t) => $call,
            AnyTable::Xiangqi($t) => $call,
            AnyTable::Gomoku($t) => $call,
            AnyTable::Tibetan($t) => $call,
        }
    };
}

/// Calls the same associated function of the game `kind` names.
macro_rules! by_kind {
    ($kind:expr, $f:ident ( $($arg:expr),* )) => {
        match $kind {
            GameKind::Junqi => <JunqiTable as TableGame>::$f(&(), $($arg),*),
            GameKind::Xiangqi => <XiangqiTable as TableGame>::$f(&(), $($arg),*),
            GameKind::Gomoku(s) => <GomokuTable as TableGame>::$f(&s, $($arg),*),
            GameKind::Tibetan(r) => <TibetanTable as TableGame>::$f(&r, $($arg),*),
        }
    };
}

/// Which game a table holds, with its settings where it has any. On the wire and in files
/// it is written `junqi`, `xiangqi`, or `gomoku:RULE:WxH:SEATS:WIN` (`gomoku` alone is
/// freestyle on 15x15 for two, five to win), with a sixth field `:swap` or `:swap2` for an
/// opening rule (none when it is left out; `:none` is read too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Two-country Junqi with hidden pieces.
    #[default]
    Junqi,
    /// Xiangqi.
    Xiangqi,
    /// Gomoku, with its rule set, board, seats, win length and opening rule.
    Gomoku(crate::rules::gomoku::Settings),
    /// Tibetan seven-square chess, with its settings.
    Tibetan(crate::rules::tibetan::Rules),
}

/// Gomoku's settings when none are named: freestyle on 15x15 for two, five to win, no
/// opening rule.
const GOMOKU_DEFAULT: crate::rules::gomoku::Settings = crate::rules::gomoku::Settings::DEFAULT;

/// Tibetan chess's settings when none are named: the spec's defaults.
const TIBETAN_DEFAULT: crate::rules::tibetan::Rules = crate::rules::tibetan::Rules {
    square_cap: true,
    cap_placements: true,
    protect_formations: false,
    fly_at: Some(7),
    battle_first: crate::rules::tibetan::Side::White,
    quiet_draw: Some(50),
    repetition_draw: true,
    adjudication: None,
};

impl GameKind {
    /// Every game (Gomoku with its default settings), in the order menus show them.
    pub const ALL: [GameKind; 4] = [
        GameKind::Junqi,
        GameKind::Xiangqi,
        GameKind::Gomoku(GOMOKU_DEFAULT),
        GameKind::Tibetan(TIBETAN_DEFAULT),
    ];

    /// The game's name: `junqi`, `xiangqi`, `gomoku` (without settings).
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Junqi => <JunqiTable as TableGame>::name(&()),
            GameKind::Xiangqi => <XiangqiTable as TableGame>::name(&()),
            GameKind::Gomoku(s) => <GomokuTable as TableGame>::name(&s),
            GameKind::Tibetan(r) => <TibetanTable as TableGame>::name(&r),
        }
    }

    /// How many seats its table has.
    pub fn seats(self) -> u8 {
        AnyTable::seats(&self)
    }
}

impl fmt::Display for GameKind {
    /// The game as the wire and files name it, settings included.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameKind::Gomoku(s) => {
                write!(f, "gomoku:{}:{}:{}:{}", s.rule, s.size, s.seats, s.win)?;
                match s.opening {
                    crate::rules::gomoku::Opening::None => Ok(()),
                    opening => write!(f, ":{opening}"),
                }
            }
            GameKind::Tibetan(r) => f.write_str(&tibetan_word(r)),
            other => f.write_str(other.name()),
        }
    }
}

impl FromStr for GameKind {
    type Err = String;

    fn from_str(s: &str) -> Result<GameKind, String> {
        let shown: String = s.chars().take(32).collect();
        if let Some(settings) = s.strip_prefix("gomoku:") {
            let bad = |what: &str| format!("bad Gomoku settings '{shown}': {what}");
            let parts: Vec<&str> = settings.split(':').collect();
            let (rule, size, seats, win, opening) = match parts.as_slice() {
                [rule, size, seats, win] => (rule, size, seats, win, "none"),
                [rule, size, seats, win, opening] => (rule, size, seats, win, *opening),
                _ => return Err(bad("expected gomoku:RULE:WxH:SEATS:WIN[:OPENING]")),
            };
            let settings = crate::rules::gomoku::Settings {
                rule: rule.parse().map_err(|e| bad(&format!("{e}")))?,
                size: size.parse().map_err(|e| bad(&format!("{e}")))?,
                seats: seats.parse().map_err(|_| bad("seats"))?,
                win: win.parse().map_err(|_| bad("win length"))?,
                opening: opening.parse().map_err(|e| bad(&format!("{e}")))?,
            };
            crate::rules::gomoku::Game::new(settings).map_err(|e| bad(&e.to_string()))?;
            return Ok(GameKind::Gomoku(settings));
        }
        if let Some(settings) = s.strip_prefix("tibetan:") {
            return parse_tibetan(settings).map(GameKind::Tibetan);
        }
        if let Some(rules) = s.strip_prefix("junqi:").or(s.strip_prefix("xiangqi:")) {
            // The field a later rule set would travel in; today each game has one.
            return Err(format!(
                "lanqi plays {} with its standard rules only, not '{rules}'",
                s.split(':').next().unwrap_or_default()
            ));
        }
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| format!("unknown game '{shown}' (junqi, xiangqi, gomoku or tibetan)"))
    }
}

/// Tibetan chess's settings as the wire writes them: `tibetan` for the spec's defaults, or
/// `tibetan:` and the settings that differ, `:`-separated, in the command line's words
/// (`protect`, `no-square-cap`, `uncapped-placement`, `fly=N` or `no-fly`, `battle-first=b`,
/// `quiet-draw=N` or `no-quiet-draw`, `no-repetition`).
fn tibetan_word(r: &crate::rules::tibetan::Rules) -> String {
    use crate::rules::tibetan::Side;
    let d = TIBETAN_DEFAULT;
    let mut parts = vec!["tibetan".to_string()];
    if r.protect_formations != d.protect_formations {
        parts.push("protect".into());
    }
    if r.square_cap != d.square_cap {
        parts.push("no-square-cap".into());
    }
    if r.cap_placements != d.cap_placements {
        parts.push("uncapped-placement".into());
    }
    if r.fly_at != d.fly_at {
        parts.push(r.fly_at.map_or("no-fly".into(), |n| format!("fly={n}")));
    }
    if r.battle_first != d.battle_first {
        let side = if r.battle_first == Side::Black {
            "b"
        } else {
            "w"
        };
        parts.push(format!("battle-first={side}"));
    }
    if r.quiet_draw != d.quiet_draw {
        parts.push(
            r.quiet_draw
                .map_or("no-quiet-draw".into(), |n| format!("quiet-draw={n}")),
        );
    }
    if r.repetition_draw != d.repetition_draw {
        parts.push("no-repetition".into());
    }
    parts.join(":")
}

/// Reads [`tibetan_word`]'s settings (after `tibetan:`).
fn parse_tibetan(settings: &str) -> Result<crate::rules::tibetan::Rules, String> {
    use crate::rules::tibetan::Side;
    let mut r = TIBETAN_DEFAULT;
    let number = |v: &str| v.parse::<u8>().map_err(|_| format!("bad number '{v}'"));
    for part in settings.split(':') {
        match part.split_once('=') {
            None if part == "protect" => r.protect_formations = true,
            None if part == "no-square-cap" => r.square_cap = false,
            None if part == "uncapped-placement" => r.cap_placements = false,
            None if part == "no-fly" => r.fly_at = None,
            None if part == "no-quiet-draw" => r.quiet_draw = None,
            None if part == "no-repetition" => r.repetition_draw = false,
            Some(("fly", n)) => r.fly_at = Some(number(n)?),
            Some(("quiet-draw", n)) => r.quiet_draw = Some(number(n)?),
            Some(("battle-first", "b")) => r.battle_first = Side::Black,
            Some(("battle-first", "w")) => r.battle_first = Side::White,
            _ => {
                let part: String = part.chars().take(20).collect();
                return Err(format!("unknown Tibetan chess setting '{part}'"));
            }
        }
    }
    r.check().map_err(|e| e.to_string())?;
    Ok(r)
}

/// A move of any of lanqi's games: in the mover's own view where the session keeps moves
/// (Junqi turns the board for North), in the absolute frame where it says what was played
/// ([`super::Played`]). Text only at the edges: [`AnyMove::parse`] and `Display` (each
/// game's move notation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyMove {
    /// A Junqi move (`a6-a7`).
    Junqi(crate::rules::junqi::Move),
    /// A Xiangqi move (`h2e2`).
    Xiangqi(crate::rules::xiangqi::Move),
    /// A Gomoku stone (`h8`) or opening decision (`black`, `white`, `place2`).
    Gomoku(crate::rules::gomoku::Action),
    /// A Tibetan chess turn, removals included (`d4`, `c3xc5`, `d4,xe5`).
    Tibetan(crate::rules::tibetan::Turn),
}

impl AnyMove {
    /// Reads a move of `game` in its notation.
    pub fn parse(game: GameKind, text: &str) -> Result<AnyMove, String> {
        match game {
            GameKind::Junqi => JunqiTable::parse_move(&(), text).map(AnyMove::Junqi),
            GameKind::Xiangqi => XiangqiTable::parse_move(&(), text).map(AnyMove::Xiangqi),
            GameKind::Gomoku(s) => GomokuTable::parse_move(&s, text).map(AnyMove::Gomoku),
            GameKind::Tibetan(r) => TibetanTable::parse_move(&r, text).map(AnyMove::Tibetan),
        }
        .map_err(|e| {
            let shown: String = text.chars().take(24).collect();
            format!("'{shown}' is not a {} move: {e}", game.name())
        })
    }

    /// The Junqi move, if this is one.
    pub fn junqi(&self) -> Option<crate::rules::junqi::Move> {
        match self {
            AnyMove::Junqi(m) => Some(*m),
            _ => None,
        }
    }

    /// The Xiangqi move, if this is one.
    pub fn xiangqi(&self) -> Option<crate::rules::xiangqi::Move> {
        match self {
            AnyMove::Xiangqi(m) => Some(*m),
            _ => None,
        }
    }

    /// The Gomoku move (a stone or an opening decision), if this is one.
    pub fn gomoku(&self) -> Option<crate::rules::gomoku::Action> {
        match self {
            AnyMove::Gomoku(p) => Some(*p),
            _ => None,
        }
    }

    /// The Tibetan chess turn, if this is one.
    pub fn tibetan(&self) -> Option<&crate::rules::tibetan::Turn> {
        match self {
            AnyMove::Tibetan(t) => Some(t),
            _ => None,
        }
    }
}

impl fmt::Display for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnyMove::Junqi(m) => m.fmt(f),
            AnyMove::Xiangqi(m) => m.fmt(f),
            AnyMove::Gomoku(p) => p.fmt(f),
            AnyMove::Tibetan(t) => t.fmt(f),
        }
    }
}

/// A position of any of lanqi's games, as one seat (or everyone) may see it: what a
/// screen draws. Text only at the edges: [`Board::parse`] and `Display` (Junqi: JNF;
/// Xiangqi: FEN).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Board {
    /// Junqi, with the pieces the viewer may not see hidden.
    Junqi(Box<crate::rules::junqi::View>),
    /// Xiangqi (nothing is hidden).
    Xiangqi(crate::rules::xiangqi::Position),
    /// Tibetan chess (nothing is hidden).
    Tibetan(Box<crate::rules::tibetan::Game>),
    /// Gomoku (nothing is hidden).
    Gomoku(Box<crate::rules::gomoku::Game>),
}

impl Board {
    /// Reads a position of `game` in its text form.
    pub fn parse(game: GameKind, text: &str) -> Result<Board, String> {
        Ok(match game {
            GameKind::Junqi => Board::Junqi(Box::new(text.parse().map_err(|e| format!("{e}"))?)),
            GameKind::Xiangqi => Board::Xiangqi(text.parse().map_err(|e| format!("{e}"))?),
            GameKind::Gomoku(settings) => {
                let mut game =
                    crate::rules::gomoku::Game::new(settings).map_err(|e| e.to_string())?;
                for mv in text.split_whitespace() {
                    let action = mv.parse().map_err(|e| format!("{e}"))?;
                    game.act(action).map_err(|e| e.to_string())?;
                }
                Board::Gomoku(Box::new(game))
            }
            GameKind::Tibetan(rules) => {
                let mut game =
                    crate::rules::tibetan::Game::new(rules).map_err(|e| e.to_string())?;
                for turn in text.split_whitespace() {
                    let turn = turn.parse().map_err(|e| format!("{e}"))?;
                    game.play(&turn).map_err(|e| e.to_string())?;
                }
                Board::Tibetan(Box::new(game))
            }
        })
    }

    /// The position before the first move of a game whose spectators follow it by playing
    /// the relayed moves themselves: Gomoku and Tibetan chess, whose text form is the moves
    /// so far (PROTOCOL.md §8.13: too long to send after every move). `None` for Junqi and
    /// Xiangqi, whose position the player sends (`board`).
    pub fn start(game: GameKind) -> Option<Board> {
        Some(match game {
            GameKind::Junqi | GameKind::Xiangqi => return None,
            GameKind::Gomoku(settings) => {
                Board::Gomoku(Box::new(crate::rules::gomoku::Game::new(settings).ok()?))
            }
            GameKind::Tibetan(rules) => {
                Board::Tibetan(Box::new(crate::rules::tibetan::Game::new(rules).ok()?))
            }
        })
    }

    /// The moves played so far, on a board built from moves (Gomoku, Tibetan chess).
    pub fn plies(&self) -> Option<u32> {
        let n = match self {
            Board::Gomoku(g) => g.actions().len(),
            Board::Tibetan(g) => g.history().len(),
            Board::Junqi(_) | Board::Xiangqi(_) => return None,
        };
        Some(n as u32)
    }

    /// Plays the next move on a board built from moves (Gomoku, Tibetan chess), through
    /// the rules core; an error says why it was refused (the board is then unchanged).
    pub fn play(&mut self, mv: &AnyMove) -> Result<(), String> {
        match (self, mv) {
            (Board::Gomoku(g), AnyMove::Gomoku(a)) => g.act(*a).map_err(|e| e.to_string()),
            (Board::Tibetan(g), AnyMove::Tibetan(t)) => g.play(t).map_err(|e| e.to_string()),
            (_, mv) => Err(format!(
                "{mv}: not a move of this game, or not one played from moves"
            )),
        }
    }

    /// Takes back the move of `ply` and every later one, on a board built from moves
    /// (Gomoku, Tibetan chess); other boards are left as they are.
    pub fn take_back(&mut self, ply: u32) {
        let keep = ply.saturating_sub(1) as usize;
        match self {
            Board::Gomoku(g) => {
                let actions = g.actions();
                let Ok(mut again) = crate::rules::gomoku::Game::new(g.settings()) else {
                    return;
                };
                for a in actions.into_iter().take(keep) {
                    let _ = again.act(a);
                }
                **g = again;
            }
            Board::Tibetan(g) => {
                let turns: Vec<_> = g.history().iter().map(|(_, t)| t.clone()).collect();
                let Ok(mut again) = crate::rules::tibetan::Game::new(*g.rules()) else {
                    return;
                };
                for t in turns.iter().take(keep) {
                    let _ = again.play(t);
                }
                **g = again;
            }
            Board::Junqi(_) | Board::Xiangqi(_) => {}
        }
    }

    /// The Junqi view, if this is one.
    pub fn junqi(&self) -> Option<&crate::rules::junqi::View> {
        match self {
            Board::Junqi(v) => Some(v),
            _ => None,
        }
    }

    /// The Xiangqi position, if this is one.
    pub fn xiangqi(&self) -> Option<&crate::rules::xiangqi::Position> {
        match self {
            Board::Xiangqi(p) => Some(p),
            _ => None,
        }
    }

    /// The Gomoku game, if this is one.
    pub fn gomoku(&self) -> Option<&crate::rules::gomoku::Game> {
        match self {
            Board::Gomoku(g) => Some(g),
            _ => None,
        }
    }
}

impl fmt::Display for Board {
    /// Junqi: JNF; Xiangqi: FEN; Gomoku: the moves so far (stones and opening decisions),
    /// separated by spaces (so that the last move and the move numbers are known).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Junqi(v) => v.fmt(f),
            Board::Xiangqi(p) => p.fmt(f),
            Board::Gomoku(g) => {
                let moves: Vec<String> = g.actions().iter().map(|a| a.to_string()).collect();
                f.write_str(&moves.join(" "))
            }
            Board::Tibetan(g) => {
                let turns: Vec<String> = g.history().iter().map(|(_, t)| t.to_string()).collect();
                f.write_str(&turns.join(" "))
            }
        }
    }
}

impl AnyTable {
    /// What this seat sees of the board (Junqi: its own pieces and the enemy's backs).
    pub fn board(&self) -> Board {
        match self {
            AnyTable::Junqi(t) => Board::Junqi(Box::new(t.game().view())),
            AnyTable::Xiangqi(t) => Board::Xiangqi(t.game().position().clone()),
            AnyTable::Gomoku(t) => Board::Gomoku(Box::new(t.game().clone())),
            AnyTable::Tibetan(t) => Board::Tibetan(Box::new(t.game().clone())),
        }
    }

    /// What everyone may see of the board (what a spectator is shown).
    pub fn public_board(&self) -> Board {
        match self {
            AnyTable::Junqi(t) => Board::Junqi(Box::new(t.public_view())),
            AnyTable::Xiangqi(t) => Board::Xiangqi(t.game().position().clone()),
            AnyTable::Gomoku(t) => Board::Gomoku(Box::new(t.game().clone())),
            AnyTable::Tibetan(t) => Board::Tibetan(Box::new(t.game().clone())),
        }
    }
}

/// A game of any kind at a session's table.
#[derive(Clone, Debug)]
pub enum AnyTable {
    /// Junqi with hidden pieces (boxed: it is much the larger).
    Junqi(Box<JunqiTable>),
    /// Xiangqi.
    Xiangqi(XiangqiTable),
    /// Gomoku.
    Gomoku(GomokuTable),
    /// Tibetan seven-square chess.
    Tibetan(TibetanTable),
}

impl AnyTable {
    /// The Junqi game, if this is one.
    pub fn junqi(&self) -> Option<&JunqiTable> {
        match self {
            AnyTable::Junqi(t) => Some(t.as_ref()),
            _ => None,
        }
    }

    /// The Xiangqi game, if this is one.
    pub fn xiangqi(&self) -> Option<&XiangqiTable> {
        match self {
            AnyTable::Xiangqi(t) => Some(t),
            _ => None,
        }
    }

    /// The Gomoku game, if this is one.
    pub fn gomoku(&self) -> Option<&GomokuTable> {
        match self {
            AnyTable::Gomoku(t) => Some(t),
            _ => None,
        }
    }

    /// The Tibetan chess game, if this is one.
    pub fn tibetan(&self) -> Option<&TibetanTable> {
        match self {
            AnyTable::Tibetan(t) => Some(t),
            _ => None,
        }
    }
}

/// One game's own record, out of a record of [`AnyMove`]s (moves of another game, which a
/// session never holds, are left out).
fn own_record<M>(record: &[Record], own: impl Fn(&AnyMove) -> Option<M>) -> Vec<Record<M>> {
    record
        .iter()
        .filter_map(|r| r.clone().try_map(|m| own(&m)))
        .collect()
}

/// One game's steps as steps of [`AnyMove`]s.
fn any_steps<M>(steps: Vec<Step<M>>, any: fn(M) -> AnyMove) -> Vec<Step<AnyMove>> {
    steps.into_iter().map(|s| s.map(any)).collect()
}

/// Calls a method that takes the game's own record (`$r`, built from `$record`) and gives
/// steps, and turns them into steps of [`AnyMove`]s.
macro_rules! with_record {
    ($table:expr, $record:expr, |$t:ident, $r:ident| $call:expr) => {
        match $table {
            AnyTable::Junqi($t) => {
                let $r = own_record($record, AnyMove::junqi);
                $call.map(|s| any_steps(s, AnyMove::Junqi))
            }
            AnyTable::Xiangqi($t) => {
                let $r = own_record($record, AnyMove::xiangqi);
                $call.map(|s| any_steps(s, AnyMove::Xiangqi))
            }
            AnyTable::Gomoku($t) => {
                let $r = own_record($record, AnyMove::gomoku);
                $call.map(|s| any_steps(s, AnyMove::Gomoku))
            }
            AnyTable::Tibetan($t) => {
                let $r = own_record($record, |m| m.tibetan().cloned());
                $call.map(|s| any_steps(s, AnyMove::Tibetan))
            }
        }
    };
}

impl TableGame for AnyTable {
    type Rules = GameKind;
    type Move = AnyMove;

    fn name(kind: &GameKind) -> &'static str {
        kind.name()
    }

    fn seats(kind: &GameKind) -> u8 {
        by_kind!(kind, seats())
    }

    fn remove_seat(&mut self, seat: Seat) {
        each!(self, t => t.remove_seat(seat))
    }

    fn has_setup(kind: &GameKind) -> bool {
        by_kind!(kind, has_setup())
    }

    fn hidden(kind: &GameKind) -> bool {
        by_kind!(kind, hidden())
    }

    fn announce(
        kind: &GameKind,
        private: &str,
        me: Seat,
        secrets: &Secrets,
    ) -> Result<String, String> {
        by_kind!(kind, announce(private, me, secrets))
    }

    fn check_setup(kind: &GameKind, public: &str) -> Result<(), String> {
        by_kind!(kind, check_setup(public))
    }

    fn start(
        kind: &GameKind,
        public: &[String],
        me: Seat,
        private: &str,
        first: Seat,
        secrets: &Secrets,
    ) -> Result<AnyTable, String> {
        Ok(match kind {
            GameKind::Junqi => {
                let table = JunqiTable::start(&(), public, me, private, first, secrets)?;
                AnyTable::Junqi(Box::new(table))
            }
            GameKind::Xiangqi => AnyTable::Xiangqi(XiangqiTable::start(
                &(),
                public,
                me,
                private,
                first,
                secrets,
            )?),
            GameKind::Gomoku(s) => {
                AnyTable::Gomoku(GomokuTable::start(s, public, me, private, first, secrets)?)
            }
            GameKind::Tibetan(r) => {
                AnyTable::Tibetan(TibetanTable::start(r, public, me, private, first, secrets)?)
            }
        })
    }

    fn to_move(&self) -> Seat {
        each!(self, t => t.to_move())
    }

    fn ply(&self) -> u32 {
        each!(self, t => t.ply())
    }

    fn parse_move(kind: &GameKind, text: &str) -> Result<AnyMove, String> {
        AnyMove::parse(*kind, text)
    }

    fn legal_moves(&self) -> Vec<AnyMove> {
        match self {
            AnyTable::Junqi(t) => t.legal_moves().into_iter().map(AnyMove::Junqi).collect(),
            AnyTable::Xiangqi(t) => t.legal_moves().into_iter().map(AnyMove::Xiangqi).collect(),
            AnyTable::Gomoku(t) => t.legal_moves().into_iter().map(AnyMove::Gomoku).collect(),
            AnyTable::Tibetan(t) => t.legal_moves().into_iter().map(AnyMove::Tibetan).collect(),
        }
    }

    fn play(&mut self, seat: Seat, mv: &AnyMove) -> Result<Vec<Step<AnyMove>>, String> {
        match (self, mv) {
            (AnyTable::Junqi(t), AnyMove::Junqi(m)) => {
                Ok(any_steps(t.play(seat, m)?, AnyMove::Junqi))
            }
            (AnyTable::Xiangqi(t), AnyMove::Xiangqi(m)) => {
                Ok(any_steps(t.play(seat, m)?, AnyMove::Xiangqi))
            }
            (AnyTable::Gomoku(t), AnyMove::Gomoku(m)) => {
                Ok(any_steps(t.play(seat, m)?, AnyMove::Gomoku))
            }
            (AnyTable::Tibetan(t), AnyMove::Tibetan(m)) => {
                Ok(any_steps(t.play(seat, m)?, AnyMove::Tibetan))
            }
            (_, mv) => Err(format!("{mv} is a move of another game")),
        }
    }

    fn busy(&self) -> bool {
        each!(self, t => t.busy())
    }

    fn exchange(
        &mut self,
        from: Seat,
        message: &Message,
        record: &[Record],
    ) -> Result<Vec<Step<AnyMove>>, String> {
        with_record!(self, record, |t, own| t.exchange(from, message, &own))
    }

    fn replay(&mut self, record: &Record) -> Result<Vec<Step<AnyMove>>, String> {
        with_record!(self, std::slice::from_ref(record), |t, own| {
            match own.first() {
                Some(line) => t.replay(line),
                None => Err(format!("{record:?} is a line of another game")),
            }
        })
    }

    fn take_back(&mut self) {
        each!(self, t => t.take_back())
    }

    fn audit(&self, record: &[Record]) -> Option<super::game::Audit> {
        match self {
            AnyTable::Junqi(t) => t.audit(&own_record(record, AnyMove::junqi)),
            AnyTable::Xiangqi(t) => t.audit(&own_record(record, AnyMove::xiangqi)),
            AnyTable::Gomoku(t) => t.audit(&own_record(record, AnyMove::gomoku)),
            AnyTable::Tibetan(t) => t.audit(&own_record(record, |m| m.tibetan().cloned())),
        }
    }

    fn resume_messages(&self) -> Vec<Message> {
        each!(self, t => t.resume_messages())
    }

    fn open(&mut self, record: &[Record]) -> Vec<Step<AnyMove>> {
        let opened: Result<_, ()> = with_record!(self, record, |t, own| Ok(t.open(&own)));
        opened.unwrap_or_default()
    }

    fn ending(&self) -> Option<Ending> {
        each!(self, t => t.ending())
    }

    fn hash(&self) -> String {
        each!(self, t => t.hash())
    }

    fn seat_name(kind: &GameKind, seat: Seat, first: Seat) -> &'static str {
        by_kind!(kind, seat_name(seat, first))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_named_as_on_the_wire_and_parse_back() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse::<GameKind>(), Ok(kind));
        }
        let e = "chess".parse::<GameKind>().unwrap_err();
        assert!(e.contains("chess"), "{e}");
    }

    /// PROTOCOL.md names every game's seats as `over` carries them, and says what a game
    /// word without a rule set means.
    #[test]
    fn every_seat_name_is_given_in_the_protocol() {
        let protocol = include_str!("../../docs/PROTOCOL.md");
        let over = protocol
            .lines()
            .find(|l| l.starts_with("| `over` |"))
            .expect("the row of `over` in §7.4");
        let four: GameKind = "gomoku:freestyle:15x15:4:5".parse().unwrap();
        for kind in GameKind::ALL.into_iter().chain([four]) {
            for first in 0..kind.seats() {
                for seat in 0..kind.seats() {
                    let name = AnyTable::seat_name(&kind, seat, first);
                    assert!(
                        over.contains(&format!("`{name}`")),
                        "{kind}: seat {seat}'s name `{name}` is not in the row of `over`"
                    );
                }
            }
        }
        let exact = protocol
            .lines()
            .find(|l| l.starts_with("over|<"))
            .expect("over's exact text");
        for name in [
            "south", "north", "red", "black", "white", "1", "2", "3", "4", "draw",
        ] {
            assert!(exact.contains(name), "{exact}");
        }
    }

    /// A game word without a rule set is the rule set PROTOCOL.md defines (so a peer
    /// written before rule sets were named plays what it always played), and one with a
    /// rule set this peer does not play is refused with a reason that names it.
    #[test]
    fn the_game_word_with_and_without_a_rule_set() {
        assert_eq!("junqi".parse::<GameKind>(), Ok(GameKind::Junqi));
        assert_eq!("xiangqi".parse::<GameKind>(), Ok(GameKind::Xiangqi));
        assert_eq!("gomoku".parse::<GameKind>(), Ok(GameKind::ALL[2]));
        assert_eq!(GameKind::ALL[2].to_string(), "gomoku:freestyle:15x15:2:5");
        assert_eq!("tibetan".parse::<GameKind>(), Ok(GameKind::ALL[3]));
        // Each reason as PROTOCOL.md §7.4 gives it ("Decline reasons").
        let protocol = include_str!("../../docs/PROTOCOL.md");
        for (word, reason, documented) in [
            (
                "junqi:championship",
                "lanqi plays junqi with its standard rules only, not 'championship'",
                "`lanqi plays <junqi or xiangqi> with its standard rules only, not '<rule set>'`",
            ),
            (
                "xiangqi:asian",
                "lanqi plays xiangqi with its standard rules only, not 'asian'",
                "`lanqi plays <junqi or xiangqi> with its standard rules only, not '<rule set>'`",
            ),
            (
                "tibetan:jump",
                "unknown Tibetan chess setting 'jump'",
                "`unknown Tibetan chess setting '<setting>'`",
            ),
        ] {
            assert_eq!(word.parse::<GameKind>(), Err(reason.to_string()), "{word}");
            assert!(protocol.contains(documented), "PROTOCOL.md: {documented}");
        }
        let e = "gomoku:freestyle:15x15:2".parse::<GameKind>().unwrap_err();
        assert_eq!(
            e,
            "bad Gomoku settings 'gomoku:freestyle:15x15:2': expected gomoku:RULE:WxH:SEATS:WIN[:OPENING]"
        );
    }

    #[test]
    fn settings_travel_in_the_game_word_and_read_back() {
        for word in [
            "gomoku:renju:15x15:2:5",
            "gomoku:caro:9x7:3:4",
            "gomoku:freestyle:15x15:2:5:swap",
            "gomoku:renju:15x15:2:5:swap2",
            "tibetan",
            "tibetan:protect:fly=5:battle-first=b:no-repetition",
        ] {
            let kind: GameKind = word.parse().unwrap();
            assert_eq!(kind.to_string(), word);
        }
        let GameKind::Tibetan(rules) = "tibetan:protect:fly=5".parse().unwrap() else {
            panic!("Tibetan")
        };
        assert!(rules.protect_formations && rules.fly_at == Some(5));
        // No opening rule is the same as leaving the field out.
        let none: GameKind = "gomoku:standard:9x9:2:5:none".parse().unwrap();
        assert_eq!(none.to_string(), "gomoku:standard:9x9:2:5");
        for bad in [
            "gomoku:freestyle:15x15:3:5:swap",
            "gomoku:freestyle:15x15:2:3:swap2",
            "gomoku:freestyle:15x15:2:5:swap3",
            "gomoku:freestyle:15x15:2:5:swap:x",
            "tibetan:fly=x",
            "tibetan:jump",
            "gomoku:renju:15x15:3:5",
            "junqi:championship",
        ] {
            assert!(bad.parse::<GameKind>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_move_reads_in_its_games_notation_and_writes_back_the_same() {
        for (kind, text) in [
            (GameKind::Junqi, "a6-a7"),
            (GameKind::Xiangqi, "h2e2"),
            (GameKind::ALL[2], "h8"),
            (GameKind::ALL[2], "place2"),
            (GameKind::ALL[3], "c1xc3xc5"),
        ] {
            let mv = AnyMove::parse(kind, text).unwrap();
            assert_eq!(mv.to_string(), text);
            assert_eq!(AnyTable::parse_move(&kind, text), Ok(mv));
        }
        // Another game's move, or nothing at all, is refused with the game named.
        let e = AnyMove::parse(GameKind::Xiangqi, "a6-a7").unwrap_err();
        assert!(e.contains("xiangqi") && e.contains("a6-a7"), "{e}");
        assert!(AnyMove::parse(GameKind::ALL[2], "").is_err());
    }

    #[test]
    fn a_table_refuses_a_move_of_another_game() {
        let secrets = Secrets::fixed(1);
        let mut x = AnyTable::start(&GameKind::Xiangqi, &[], 0, "", 0, &secrets).unwrap();
        let gomoku = AnyMove::parse(GameKind::ALL[2], "h8").unwrap();
        let e = x.play(0, &gomoku).unwrap_err();
        assert!(e.contains("another game"), "{e}");
        assert_eq!(x.ply(), 0);
        let legal = x.legal_moves();
        assert_eq!(legal.len(), 44, "Xiangqi's opening moves");
        assert!(legal.iter().all(|m| m.xiangqi().is_some()));
        x.play(0, &legal[0]).unwrap();
        assert_eq!(x.ply(), 1);
    }

    #[test]
    fn each_kind_starts_its_own_game() {
        let secrets = Secrets::fixed(1);
        let x = AnyTable::start(&GameKind::Xiangqi, &[], 0, "", 1, &secrets).unwrap();
        assert!(x.xiangqi().is_some() && x.junqi().is_none());
        assert_eq!(x.to_move(), 1);
        assert!(!AnyTable::has_setup(&GameKind::Xiangqi));
        assert!(AnyTable::has_setup(&GameKind::Junqi) && AnyTable::hidden(&GameKind::Junqi));
        assert_eq!(AnyTable::seat_name(&GameKind::Junqi, 1, 1), "north");
        assert_eq!(AnyTable::seat_name(&GameKind::Xiangqi, 1, 1), "red");
    }
}
