//! Why a peer's game, or the peer, stopped: typed, so that the screen words it in the
//! window's language (`Problem::Stopped`) and the command line in English ([`Stop`]'s
//! `Display`). Only the other side's own words (a decline's reason) and what a lower layer
//! reports about a saved file are carried as text.

use std::fmt;

/// Why a run, a challenge or a game stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The challenged peer declined, with its reason (its own words); `waiting` when an
    /// unfinished game of ours waits to be resumed (the CLI hints at `--new-game`).
    Declined {
        /// The peer's reason, as it sent it.
        reason: String,
        /// An unfinished game waits here.
        waiting: bool,
    },
    /// The challenged peer is in another game.
    Busy,
    /// The game a session was made for is not one this peer plays (what is wrong with its
    /// word, in the rules' words).
    UnknownGame(String),
    /// Nobody answered the challenge.
    NoAnswer {
        /// An unfinished game waits here.
        waiting: bool,
    },
    /// The other player left the game.
    PeerLeft,
    /// Joining by an invitation, another peer than the one who invited answered (its
    /// fingerprint).
    NotInvited {
        /// The fingerprint of the peer that answered.
        fingerprint: String,
    },
    /// The other player went silent and did not come back within the resume wait.
    PeerGone,
    /// The other player acknowledged nothing while this many fragments waited: cut off.
    CutOff {
        /// The fragments waiting.
        queued: usize,
    },
    /// This peer was told to stop (Ctrl-C).
    Interrupted,
    /// The other player asked to resume a game this peer does not have.
    NoSuchGame,
    /// The other player resumed another game than ours.
    OtherGame,
    /// A saved game could not be resumed: what is wrong with it (a lower layer's words).
    CannotResume(String),
    /// No saved copy of the table's game was found to resume.
    NoSavedTable,
    /// The saved table disappeared while it was being resumed.
    SavedTableGone,
    /// The players who came back are not the saved table's.
    NotTheSavedPlayers,
    /// A table being opened could not be: a player would not take a seat (why), and
    /// whether it was a saved table being resumed (it stays saved).
    TableGivenUp {
        /// Why the player did not come.
        why: Absent,
        /// A saved table was being resumed.
        resuming: bool,
    },
}

/// Why a player did not take its seat at a table being opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Absent {
    /// It declined, with its reason (its own words).
    Declined(String),
    /// It is busy in another game.
    Busy,
    /// It did not answer.
    NoAnswer,
    /// It left before the game began.
    Left,
}

impl fmt::Display for Absent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Absent::Declined(reason) => write!(f, "declined: {reason}"),
            Absent::Busy => f.write_str("the player is busy in another game"),
            Absent::NoAnswer => f.write_str("nobody answered the challenge"),
            Absent::Left => f.write_str("a player left before the game"),
        }
    }
}

/// The hint the command line adds when an unfinished game is waiting.
const WAITING_HINT: &str =
    " (an unfinished game is waiting to be resumed; --new-game plays a new one instead)";

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hint = |waiting: bool| if waiting { WAITING_HINT } else { "" };
        match self {
            Stop::Declined { reason, waiting } => write!(f, "declined: {reason}{}", hint(*waiting)),
            Stop::Busy => f.write_str("the peer is busy in another game"),
            Stop::UnknownGame(why) => write!(f, "the game asked for: {why}"),
            Stop::NoAnswer { waiting } => {
                write!(f, "nobody answered the challenge{}", hint(*waiting))
            }
            Stop::PeerLeft => f.write_str("the peer left"),
            Stop::NotInvited { fingerprint } => write!(
                f,
                "the peer at the invitation's address is not the one who invited (it is {fingerprint}): nothing was played"
            ),
            Stop::PeerGone => f.write_str("the peer is gone and did not come back"),
            Stop::CutOff { queued } => write!(
                f,
                "the peer acknowledged nothing while {queued} fragments waited: cut off"
            ),
            Stop::Interrupted => f.write_str("interrupted"),
            Stop::NoSuchGame => f.write_str("asked to resume a game we do not have"),
            Stop::OtherGame => f.write_str("the peer resumed another game"),
            Stop::CannotResume(why) => write!(f, "cannot resume: {why}"),
            Stop::NoSavedTable => f.write_str("no saved copy of the table's game to resume"),
            Stop::SavedTableGone => f.write_str("the saved table is gone"),
            Stop::NotTheSavedPlayers => {
                f.write_str("the players who came back are not the saved table's")
            }
            Stop::TableGivenUp {
                why,
                resuming: true,
            } => write!(
                f,
                "the table cannot be resumed now: {why}; the game stays saved"
            ),
            Stop::TableGivenUp {
                why,
                resuming: false,
            } => write!(f, "the table is given up: {why}"),
        }
    }
}
