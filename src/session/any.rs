//! A table of any of lanqi's games, the game chosen when the session is made (the
//! challenge names it). The peer and the app hold this; each game's own table type holds
//! its rules.

use std::fmt;
use std::str::FromStr;

use super::game::{Ending, Seat, Secrets, Step, TableGame};
use super::junqi::JunqiTable;
use super::state::Record;
use super::xiangqi::XiangqiTable;
use crate::protocol::Message;

/// Which game a table holds, by its name on the wire.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Two-country Junqi with hidden pieces.
    #[default]
    Junqi,
    /// Xiangqi.
    Xiangqi,
}

impl GameKind {
    /// Every game, in the order menus show them.
    pub const ALL: [GameKind; 2] = [GameKind::Junqi, GameKind::Xiangqi];

    /// The game's name on the wire and in files.
    pub fn name(self) -> &'static str {
        match self {
            GameKind::Junqi => <JunqiTable as TableGame>::name(&()),
            GameKind::Xiangqi => <XiangqiTable as TableGame>::name(&()),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameKind {
    type Err = String;

    fn from_str(s: &str) -> Result<GameKind, String> {
        GameKind::ALL
            .into_iter()
            .find(|g| g.name() == s)
            .ok_or_else(|| {
                let s: String = s.chars().take(32).collect();
                format!("unknown game '{s}' (junqi or xiangqi)")
            })
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
}

impl Board {
    /// Reads a position of `game` in its text form.
    pub fn parse(game: GameKind, text: &str) -> Result<Board, String> {
        Ok(match game {
            GameKind::Junqi => Board::Junqi(Box::new(text.parse().map_err(|e| format!("{e}"))?)),
            GameKind::Xiangqi => Board::Xiangqi(text.parse().map_err(|e| format!("{e}"))?),
        })
    }

    /// The Junqi view, if this is one.
    pub fn junqi(&self) -> Option<&crate::rules::junqi::View> {
        match self {
            Board::Junqi(v) => Some(v),
            Board::Xiangqi(_) => None,
        }
    }

    /// The Xiangqi position, if this is one.
    pub fn xiangqi(&self) -> Option<&crate::rules::xiangqi::Position> {
        match self {
            Board::Xiangqi(p) => Some(p),
            Board::Junqi(_) => None,
        }
    }
}

impl fmt::Display for Board {
    /// Junqi: JNF; Xiangqi: FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Board::Junqi(v) => v.fmt(f),
            Board::Xiangqi(p) => p.fmt(f),
        }
    }
}

impl AnyTable {
    /// What this seat sees of the board (Junqi: its own pieces and the enemy's backs).
    pub fn board(&self) -> Board {
        match self {
            AnyTable::Junqi(t) => Board::Junqi(Box::new(t.game().view())),
            AnyTable::Xiangqi(t) => Board::Xiangqi(t.game().position().clone()),
        }
    }

    /// What everyone may see of the board (what a spectator is shown).
    pub fn public_board(&self) -> Board {
        match self {
            AnyTable::Junqi(t) => Board::Junqi(Box::new(t.public_view())),
            AnyTable::Xiangqi(t) => Board::Xiangqi(t.game().position().clone()),
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
}

/// Calls the same method on whichever table it is.
macro_rules! each {
    ($table:expr, $t:ident => $call:expr) => {
        match $table {
            AnyTable::Junqi($t) => $call,
            AnyTable::Xiangqi($t) => $call,
        }
    };
}

/// Calls the same associated function of the game `kind` names.
macro_rules! by_kind {
    ($kind:expr, $f:ident ( $($arg:expr),* )) => {
        match $kind {
            GameKind::Junqi => <JunqiTable as TableGame>::$f(&(), $($arg),*),
            GameKind::Xiangqi => <XiangqiTable as TableGame>::$f(&(), $($arg),*),
        }
    };
}

impl AnyTable {
    /// The Junqi game, if this is one.
    pub fn junqi(&self) -> Option<&JunqiTable> {
        match self {
            AnyTable::Junqi(t) => Some(t.as_ref()),
            AnyTable::Xiangqi(_) => None,
        }
    }

    /// The Xiangqi game, if this is one.
    pub fn xiangqi(&self) -> Option<&XiangqiTable> {
        match self {
            AnyTable::Xiangqi(t) => Some(t),
            AnyTable::Junqi(_) => None,
        }
    }
}

impl TableGame for AnyTable {
    type Rules = GameKind;

    fn name(kind: &GameKind) -> &'static str {
        kind.name()
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
        })
    }

    fn to_move(&self) -> Seat {
        each!(self, t => t.to_move())
    }

    fn ply(&self) -> u32 {
        each!(self, t => t.ply())
    }

    fn legal_moves(&self) -> Vec<String> {
        each!(self, t => t.legal_moves())
    }

    fn play(&mut self, seat: Seat, own_view: &str) -> Result<Vec<Step>, String> {
        each!(self, t => t.play(seat, own_view))
    }

    fn busy(&self) -> bool {
        each!(self, t => t.busy())
    }

    fn exchange(
        &mut self,
        from: Seat,
        message: &Message,
        record: &[Record],
    ) -> Result<Vec<Step>, String> {
        each!(self, t => t.exchange(from, message, record))
    }

    fn replay(&mut self, record: &Record) -> Result<Vec<Step>, String> {
        each!(self, t => t.replay(record))
    }

    fn take_back(&mut self) {
        each!(self, t => t.take_back())
    }

    fn resume_messages(&self) -> Vec<Message> {
        each!(self, t => t.resume_messages())
    }

    fn open(&mut self, record: &[Record]) -> Vec<Step> {
        each!(self, t => t.open(record))
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
