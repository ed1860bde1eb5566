//! What a session needs from a game's rules: a small, game-agnostic surface over setups,
//! moves in a player's own view, outcomes and the public position hash, plus the game's
//! own exchange of messages where it has one (hidden-piece Junqi decides battles and opens
//! its layouts through one).

use super::any::AnyMove;
use super::cheat::Cheat;
pub use super::ending::Ending;
use super::state::Record;
use crate::protocol::Message;
use crate::protocol::fair::Binding;
use crate::rules::junqi::Report;

/// A seat at the table, from 0. At a two-seat table 0 is the player who challenged and 1
/// the one who accepted; at a larger one 0 is the peer that opened it and the others are
/// numbered in the order they joined.
pub type Seat = u8;

/// A game's secrets on this peer: what its commitments and battle keys are bound to (the
/// session and the game id), and 32 random bytes that this peer's salts and battle
/// randomness are drawn from. Kept in the transcript, never sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Secrets {
    /// The game's binding (the same on both peers).
    pub binding: Binding,
    /// This peer's own random bytes.
    pub secret: [u8; 32],
    /// How this peer lies (tests of the audit only; [`Cheat::None`] otherwise).
    pub cheat: Cheat,
}

impl Secrets {
    /// Fixed secrets, for tests and for games that have none.
    pub fn fixed(tag: u8) -> Secrets {
        Secrets {
            binding: Binding([0; 32]),
            secret: [tag; 32],
            cheat: Cheat::None,
        }
    }
}

/// What a move did, as both players may learn it. `M` is the game's move type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Played<M = AnyMove> {
    /// The move in the absolute frame (what a spectator and the logs are told).
    pub absolute: M,
    /// The battle outcome from the mover's side, if it was one.
    pub outcome: Option<Report>,
}

/// What a move or a message of the game's own exchange led to. `M` is the game's move type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step<M> {
    /// Send this to the peer.
    Send(Message),
    /// Add this line to the game's record.
    Record(Record<M>),
    /// A move is complete (a battle: once both sides know its outcome).
    Played {
        /// Its ply.
        ply: u32,
        /// Who moved.
        seat: Seat,
        /// What it did.
        played: Played<M>,
    },
    /// A seat's flag was opened (its field marshal died); the square is absolute.
    FlagShown {
        /// Whose flag.
        seat: Seat,
        /// Where, in the absolute frame.
        square: String,
    },
    /// Both deployments were opened and the game replayed with full information.
    Audited(Audit),
}

impl<M> Step<M> {
    /// The same step with its move, if it has one, turned into another type by `f`.
    pub fn map<N>(self, f: impl Fn(M) -> N) -> Step<N> {
        match self {
            Step::Send(m) => Step::Send(m),
            Step::Record(r) => Step::Record(r.try_map(|m| Some(f(m))).expect("f maps every move")),
            Step::Played { ply, seat, played } => Step::Played {
                ply,
                seat,
                played: Played {
                    absolute: f(played.absolute),
                    outcome: played.outcome,
                },
            },
            Step::FlagShown { seat, square } => Step::FlagShown { seat, square },
            Step::Audited(audit) => Step::Audited(audit),
        }
    }
}

/// The post-game audit's findings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Audit {
    /// Nothing was wrong.
    pub ok: bool,
    /// The seat caught lying, if any.
    pub cheater: Option<Seat>,
    /// Each thing that was wrong, with its evidence.
    pub findings: Vec<Finding>,
    /// Every piece of both deployments, as the audit saw them (absolute JNF of the start).
    pub start: String,
}

/// One thing the audit found wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// The ply it concerns (0 for the deployment).
    pub ply: u32,
    /// Who is to blame.
    pub seat: Seat,
    /// What was wrong, in words.
    pub what: String,
    /// The signed messages that show it, as (ply, command word): first the message that
    /// lied (e.g. `(12, "table")`), then what it contradicts (the `commit` and `open` of
    /// ply 0). The peer picks them from the signed datagrams it kept.
    pub evidence: Vec<(u32, &'static str)>,
}

/// A game's rules as a session drives them. Moves travel in the mover's own view.
///
/// `Rules` says which game is played and with what settings, as the challenge named it:
/// a table type that holds one game with fixed rules has `()`, and [`super::AnyTable`],
/// which holds any of lanqi's games, has the game's kind.
pub trait TableGame: Clone + Sized {
    /// Which game, and its settings.
    type Rules: Clone + std::fmt::Debug + PartialEq;
    /// A move, as the seat that makes it sees the board (Junqi: its own view).
    type Move: Clone + std::fmt::Debug + PartialEq + Eq + std::fmt::Display;

    /// The game's name on the wire, e.g. `junqi`.
    fn name(rules: &Self::Rules) -> &'static str;
    /// Whether each seat sends a setup (Junqi: its layout) before play; a game without one
    /// (the default) starts as soon as its session is made.
    fn has_setup(_rules: &Self::Rules) -> bool {
        false
    }
    /// How many seats the table has (2 to 4); two unless the game says otherwise.
    fn seats(_rules: &Self::Rules) -> u8 {
        2
    }
    /// A seat left a game of more than two, which goes on without it (its turns are
    /// skipped). Only called while at least two seats remain; two-seat games never are.
    fn remove_seat(&mut self, _seat: Seat) {}
    /// Whether play hides anything from a player, so that the game ends with both sides
    /// opening what they hid and an audit (by default nothing is hidden).
    fn hidden(_rules: &Self::Rules) -> bool {
        false
    }

    /// Checks my private setup (Junqi: my layout) and gives what announces it (Junqi: the
    /// commitments to it). A game without setups refuses any.
    fn announce(
        rules: &Self::Rules,
        _private: &str,
        _me: Seat,
        _secrets: &Secrets,
    ) -> Result<String, String> {
        Err(format!("{} has no setup", Self::name(rules)))
    }
    /// Checks what a peer announced as its setup. A game without setups refuses any.
    fn check_setup(rules: &Self::Rules, _public: &str) -> Result<(), String> {
        Err(format!("{} has no setup", Self::name(rules)))
    }
    /// The starting position from every seat's announced setup, my private one, and the
    /// seat that moves first (for a game without setups, both are empty).
    fn start(
        rules: &Self::Rules,
        public: &[String],
        me: Seat,
        private: &str,
        first: Seat,
        secrets: &Secrets,
    ) -> Result<Self, String>;
    /// Whose turn it is.
    fn to_move(&self) -> Seat;
    /// Plies played (a battle counts once it is decided).
    fn ply(&self) -> u32;
    /// Reads a move in its text form (the wire's and the transcript's); an error names what
    /// is wrong.
    fn parse_move(rules: &Self::Rules, text: &str) -> Result<Self::Move, String>;
    /// The legal moves of the seat to move, in that seat's own view.
    fn legal_moves(&self) -> Vec<Self::Move>;
    /// Plays `seat`'s move given in its own view; an error names what is wrong. A move
    /// whose outcome needs the exchange returns no [`Step::Played`] yet.
    fn play(&mut self, seat: Seat, mv: &Self::Move) -> Result<Vec<Step<Self::Move>>, String>;
    /// Whether a move waits for the exchange (a battle being decided): nobody moves. A game
    /// without an exchange of its own never waits.
    fn busy(&self) -> bool {
        false
    }
    /// A message of the game's own exchange from seat `from`; `record` is the game so far.
    /// A game without an exchange of its own refuses every such message.
    fn exchange(
        &mut self,
        _from: Seat,
        message: &Message,
        _record: &[Record<Self::Move>],
    ) -> Result<Vec<Step<Self::Move>>, String> {
        Err(format!("'{message}' has no place in this game"))
    }
    /// Replays a line of the game's own record (after a restart; our own file, trusted).
    /// Returns what it led to (a battle's report: the move, [`Step::Played`]). A game
    /// without records of its own has none to replay.
    fn replay(&mut self, record: &Record<Self::Move>) -> Result<Vec<Step<Self::Move>>, String> {
        Err(format!("{record:?} has no place in this game"))
    }
    /// The audit of a game restored from its record with every seat's opening in it (a
    /// game reviewed or resumed after its end); none in a game that hides nothing.
    fn audit(&self, _record: &[Record<Self::Move>]) -> Option<Audit> {
        None
    }
    /// Takes back the last move.
    fn take_back(&mut self);
    /// After a resume: what this seat sends again so that an exchange that was cut off
    /// (a battle) can finish; receivers take repeats in their stride. None by default.
    fn resume_messages(&self) -> Vec<Message> {
        Vec::new()
    }
    /// The game is over: what this seat sends so that the peer can audit it (and the
    /// audit, if the peer's opening is already in); `record` is the whole game. Nothing,
    /// in a game that hides nothing.
    fn open(&mut self, _record: &[Record<Self::Move>]) -> Vec<Step<Self::Move>> {
        Vec::new()
    }
    /// The ending decided by the rules (not by resignation, agreement or clocks).
    fn ending(&self) -> Option<Ending>;
    /// The public position hash both peers compare.
    fn hash(&self) -> String;
    /// A seat's name in `over` messages and events (Junqi: `south` / `north`; Xiangqi:
    /// `red` for the seat that moves first, `black`).
    fn seat_name(rules: &Self::Rules, seat: Seat, first: Seat) -> &'static str;
}
