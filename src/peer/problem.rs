//! What went wrong for the person driving a peer, or what they must be told, typed: the
//! screen words it in the user's language ([`Problem::words`]), as an ending's reason
//! words itself. Only what a lower layer or the system reports in its own words (an I/O
//! error, an engine's failure, a refusal of the rules) travels as [`Problem::Detail`].

use std::fmt;

use super::PeerError;
use super::stop::{Absent, Stop};
use crate::lang::{Lang, key};
use crate::session::SessionError;

/// Something the person must be told (the snapshot's problem line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// New game was asked while the game is still on.
    NotOverYet,
    /// New game was asked by the seat that does not start it.
    ChallengerStartsNext,
    /// New game was asked, but the other player has left.
    OpponentLeft {
        /// Their name.
        name: String,
    },
    /// The computer's turn has lasted this many seconds with nothing from it.
    ComputerSilent {
        /// How long, in seconds.
        secs: u64,
    },
    /// The draw offer made was declined.
    DrawDeclined,
    /// The undo asked for was refused.
    UndoRefused,
    /// The other player left mid-game; the game is saved to be resumed.
    LeftAndSaved {
        /// Their name.
        name: String,
    },
    /// Not now: a game is being played.
    AlreadyPlaying,
    /// Not now: a game is being watched.
    AlreadyWatching,
    /// Not now: someone's challenge waits for an answer.
    ChallengeWaiting,
    /// Not now: this player's challenge is still out.
    ChallengeOut,
    /// Not now: a table is being opened.
    TableBeingOpened,
    /// A command for a guest that is not at this screen.
    NoSuchGuest,
    /// The second player's seat at this screen stopped.
    GuestStopped,
    /// Only the opener adjourns a table of three or four.
    OnlyOpenerAdjourns,
    /// Nothing to adjourn, resume or abandon, or no table being opened.
    NothingTo(Nothing),
    /// What the player asked cannot be done now (the session said why).
    NotNow(SessionError),
    /// There is no address to reach this player of a saved game (they were not found on
    /// the network, and none was kept).
    NoAddress {
        /// Their name.
        name: String,
    },
    /// A game could not be saved: where, and what the system said.
    NotSaved {
        /// The file.
        path: String,
        /// The system's words.
        detail: String,
    },
    /// A player at this screen (the computer, the second person, an engine) could not be
    /// started; what the system said.
    NotStarted(String),
    /// The game, the challenge or the table stopped, and why.
    Stopped(Stop),
    /// The other player broke the rules: the game is over; what the rules said of it (the
    /// rules core's words).
    BrokeRules {
        /// What was wrong with their message.
        detail: String,
    },
    /// What a lower layer or the system said, in its own words.
    Detail(String),
}

/// What there is none of, when a command needs one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nothing {
    /// A game to adjourn.
    ToAdjourn,
    /// A game to resume.
    ToResume,
    /// A game to abandon.
    ToAbandon,
    /// A table being opened.
    TableOpening,
}

impl From<PeerError> for Problem {
    fn from(error: PeerError) -> Problem {
        match error {
            PeerError::Peer(stop) => Problem::Stopped(stop),
            PeerError::Refused(detail) => Problem::BrokeRules { detail },
            PeerError::Io(e) => Problem::Detail(e.to_string()),
        }
    }
}

impl From<String> for Problem {
    fn from(detail: String) -> Problem {
        Problem::Detail(detail)
    }
}

impl Problem {
    /// The problem in `lang`, as a screen shows it, from the language files
    /// (`resources/i18n/*.ftl`, `problem-…`). [`Problem::Detail`] is shown as it came.
    pub fn words(&self, lang: Lang) -> String {
        let name = |message: &str, name: &str| lang.phrase(message, &[("name", name.into())]);
        let fixed = match self {
            Problem::NotOverYet => key("problem-not-over-yet"),
            Problem::ChallengerStartsNext => key("problem-challenger-starts-next"),
            Problem::OpponentLeft { name: who } => return name(key("problem-opponent-left"), who),
            Problem::ComputerSilent { secs } => {
                return lang.phrase("problem-computer-silent", &[("secs", (*secs).into())]);
            }
            Problem::DrawDeclined => key("problem-draw-declined"),
            Problem::UndoRefused => key("problem-undo-refused"),
            Problem::LeftAndSaved { name: who } => return name(key("problem-left-and-saved"), who),
            Problem::AlreadyPlaying => key("problem-already-playing"),
            Problem::AlreadyWatching => key("problem-already-watching"),
            Problem::ChallengeWaiting => key("problem-challenge-waiting"),
            Problem::ChallengeOut => key("problem-challenge-out"),
            Problem::TableBeingOpened => key("problem-table-being-opened"),
            Problem::NoSuchGuest => key("problem-no-such-guest"),
            Problem::GuestStopped => key("problem-guest-stopped"),
            Problem::OnlyOpenerAdjourns => key("problem-only-opener-adjourns"),
            Problem::NothingTo(Nothing::ToAdjourn) => key("problem-nothing-to-adjourn"),
            Problem::NothingTo(Nothing::ToResume) => key("problem-nothing-to-resume"),
            Problem::NothingTo(Nothing::ToAbandon) => key("problem-nothing-to-abandon"),
            Problem::NothingTo(Nothing::TableOpening) => key("problem-no-table-opening"),
            Problem::Stopped(stop) => return stop_words(stop, lang),
            Problem::NoAddress { name: who } => return name(key("problem-no-address"), who),
            Problem::NotSaved { path, detail } => {
                let args = [("path", path.into()), ("detail", detail.into())];
                return lang.phrase("problem-not-saved", &args);
            }
            Problem::NotStarted(detail) => {
                return lang.phrase("problem-not-started", &[("detail", detail.into())]);
            }
            Problem::NotNow(error) => return not_now_words(error, lang),
            Problem::BrokeRules { detail } => {
                return lang.phrase("problem-broke-rules", &[("detail", detail.into())]);
            }
            Problem::Detail(detail) => return detail.clone(),
        };
        lang.text(fixed).to_string()
    }
}

/// Why what the player asked cannot be done now, in `lang`.
fn not_now_words(error: &SessionError, lang: Lang) -> String {
    let fixed = match error {
        SessionError::GameOver => key("action-game-over"),
        SessionError::SetupAlreadySent => key("action-setup-already-sent"),
        SessionError::NotStarted => key("action-not-started"),
        SessionError::NotYourTurn => key("action-not-your-turn"),
        SessionError::BattleUndecided => key("action-battle-undecided"),
        SessionError::AwaitingUndoAnswer => key("action-awaiting-undo-answer"),
        SessionError::NothingToTakeBack => key("action-nothing-to-take-back"),
        SessionError::NoUndoToAnswer => key("action-no-undo-to-answer"),
        SessionError::CannotOfferDraw => key("action-cannot-offer-draw"),
        SessionError::NoDrawToAnswer => key("action-no-draw-to-answer"),
        SessionError::LeftTheGame => key("action-left-the-game"),
        SessionError::NotTheOpener => key("action-not-the-opener"),
        SessionError::ChatTooLong => key("action-chat-too-long"),
        SessionError::Rules(detail) => {
            return lang.phrase("action-rules", &[("detail", detail.into())]);
        }
    };
    lang.text(fixed).to_string()
}

/// Why a peer stopped, in `lang`.
fn stop_words(stop: &Stop, lang: Lang) -> String {
    let with =
        |message: &str, name: &str, value: &str| lang.phrase(message, &[(name, value.into())]);
    let fixed = match stop {
        Stop::Declined { reason, .. } => return with(key("stop-declined"), "reason", reason),
        Stop::Busy => key("stop-busy"),
        Stop::UnknownGame(why) => return with(key("stop-unknown-game"), "why", why),
        Stop::NoAnswer { .. } => key("stop-no-answer"),
        Stop::PeerLeft => key("stop-peer-left"),
        Stop::NotInvited { fingerprint } => {
            return with(key("stop-not-invited"), "fingerprint", fingerprint);
        }
        Stop::PeerGone => key("stop-peer-gone"),
        Stop::CutOff { queued } => {
            return lang.phrase("stop-cut-off", &[("queued", (*queued).into())]);
        }
        Stop::Interrupted => key("stop-interrupted"),
        Stop::NoSuchGame => key("stop-no-such-game"),
        Stop::OtherGame => key("stop-other-game"),
        Stop::CannotResume(why) => return with(key("stop-cannot-resume"), "why", why),
        Stop::NoSavedTable => key("stop-no-saved-table"),
        Stop::SavedTableGone => key("stop-saved-table-gone"),
        Stop::NotTheSavedPlayers => key("stop-not-the-saved-players"),
        Stop::TableGivenUp { why, resuming } => {
            let why = match why {
                Absent::Declined(reason) => with(key("absent-declined"), "reason", reason),
                Absent::Busy => lang.text(key("absent-busy")).to_string(),
                Absent::NoAnswer => lang.text(key("absent-no-answer")).to_string(),
                Absent::Left => lang.text(key("absent-left")).to_string(),
            };
            let message = if *resuming {
                key("stop-table-not-now")
            } else {
                key("stop-table-given-up")
            };
            return lang.phrase(message, &[("why", why.as_str().into())]);
        }
    };
    lang.text(fixed).to_string()
}

impl fmt::Display for Problem {
    /// The English words (for logs and tests).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.words(Lang::En))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One of each problem; the match names every variant, so one added and not here does
    /// not compile.
    fn every_problem() -> Vec<Problem> {
        let name = || "Pema".to_string();
        let all = vec![
            Problem::NotOverYet,
            Problem::ChallengerStartsNext,
            Problem::OpponentLeft { name: name() },
            Problem::ComputerSilent { secs: 10 },
            Problem::DrawDeclined,
            Problem::UndoRefused,
            Problem::LeftAndSaved { name: name() },
            Problem::AlreadyPlaying,
            Problem::AlreadyWatching,
            Problem::ChallengeWaiting,
            Problem::ChallengeOut,
            Problem::TableBeingOpened,
            Problem::NoSuchGuest,
            Problem::GuestStopped,
            Problem::OnlyOpenerAdjourns,
            Problem::NothingTo(Nothing::ToAdjourn),
            Problem::NothingTo(Nothing::ToResume),
            Problem::NothingTo(Nothing::ToAbandon),
            Problem::NothingTo(Nothing::TableOpening),
            Problem::BrokeRules { detail: name() },
            Problem::NoAddress { name: name() },
            Problem::NotSaved {
                path: name(),
                detail: name(),
            },
            Problem::NotStarted(name()),
        ];
        let mut all = all;
        all.extend(every_stop().into_iter().map(Problem::Stopped));
        all.extend(every_refusal().into_iter().map(Problem::NotNow));
        for p in &all {
            match p {
                Problem::NotOverYet
                | Problem::ChallengerStartsNext
                | Problem::OpponentLeft { .. }
                | Problem::ComputerSilent { .. }
                | Problem::DrawDeclined
                | Problem::UndoRefused
                | Problem::LeftAndSaved { .. }
                | Problem::AlreadyPlaying
                | Problem::AlreadyWatching
                | Problem::ChallengeWaiting
                | Problem::ChallengeOut
                | Problem::TableBeingOpened
                | Problem::NoSuchGuest
                | Problem::GuestStopped
                | Problem::OnlyOpenerAdjourns
                | Problem::NothingTo(_)
                | Problem::BrokeRules { .. }
                | Problem::NoAddress { .. }
                | Problem::NotSaved { .. }
                | Problem::NotStarted(_)
                | Problem::Stopped(_)
                | Problem::NotNow(_)
                | Problem::Detail(_) => {}
            }
        }
        all
    }

    /// One of each reason a peer stops (names and details "Pema", which is no English).
    pub(crate) fn every_stop() -> Vec<Stop> {
        let name = || "Pema".to_string();
        let absent = [
            Absent::Declined(name()),
            Absent::Busy,
            Absent::NoAnswer,
            Absent::Left,
        ];
        let mut all = vec![
            Stop::Declined {
                reason: name(),
                waiting: false,
            },
            Stop::Busy,
            Stop::UnknownGame(name()),
            Stop::NoAnswer { waiting: false },
            Stop::PeerLeft,
            Stop::NotInvited {
                fingerprint: name(),
            },
            Stop::PeerGone,
            Stop::CutOff { queued: 3 },
            Stop::Interrupted,
            Stop::NoSuchGame,
            Stop::OtherGame,
            Stop::CannotResume(name()),
            Stop::NoSavedTable,
            Stop::SavedTableGone,
            Stop::NotTheSavedPlayers,
        ];
        for resuming in [false, true] {
            for why in &absent {
                all.push(Stop::TableGivenUp {
                    why: why.clone(),
                    resuming,
                });
            }
        }
        all
    }

    /// One of each action the session refuses.
    pub(crate) fn every_refusal() -> Vec<SessionError> {
        vec![
            SessionError::GameOver,
            SessionError::SetupAlreadySent,
            SessionError::NotStarted,
            SessionError::NotYourTurn,
            SessionError::BattleUndecided,
            SessionError::AwaitingUndoAnswer,
            SessionError::NothingToTakeBack,
            SessionError::NoUndoToAnswer,
            SessionError::CannotOfferDraw,
            SessionError::NoDrawToAnswer,
            SessionError::LeftTheGame,
            SessionError::NotTheOpener,
            SessionError::ChatTooLong,
            SessionError::Rules("Pema".into()),
        ]
    }

    #[test]
    fn every_problem_has_its_own_words_in_each_language() {
        let all = every_problem();
        for lang in Lang::ALL {
            let words: Vec<String> = all.iter().map(|p| p.words(lang)).collect();
            for (i, w) in words.iter().enumerate() {
                assert!(!w.is_empty());
                assert!(
                    !words[..i].contains(w),
                    "{lang:?}: two problems read the same: {w}"
                );
            }
        }
        // The Chinese words are Chinese: no English sentence reaches a Chinese window.
        for p in &all {
            for lang in [Lang::Zh, Lang::ZhHant] {
                let zh = p.words(lang).replace("Pema", "");
                assert!(
                    !zh.chars().any(|c| c.is_ascii_lowercase()),
                    "{p:?} in {lang:?}: {zh}"
                );
                assert_ne!(p.words(lang), p.words(Lang::En), "{p:?}");
            }
        }
    }
}
