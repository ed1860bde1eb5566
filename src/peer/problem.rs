//! What went wrong for the person driving a peer, or what they must be told, typed: the
//! screen words it in the user's language ([`Problem::words`]), as an ending's reason
//! words itself. Only what a lower layer or the system reports in its own words (an I/O
//! error, an engine's failure, a refusal of the rules) travels as [`Problem::Detail`].

use std::fmt;

use crate::lang::Lang;

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

impl From<String> for Problem {
    fn from(detail: String) -> Problem {
        Problem::Detail(detail)
    }
}

impl Problem {
    /// The problem in `lang`, as a screen shows it.
    pub fn words(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        let pick = |en: &str, zh_words: &str| if zh { zh_words } else { en }.to_string();
        match self {
            Problem::NotOverYet => pick("The game is not over yet.", "这盘棋还没有结束。"),
            Problem::ChallengerStartsNext => pick(
                "The player who challenged starts the next game.",
                "下一盘由发起挑战的一方开始。",
            ),
            Problem::OpponentLeft { name } if zh => {
                format!("{name} 已经离开：请回到大厅重新挑战。")
            }
            Problem::OpponentLeft { name } => {
                format!("{name} has left: challenge them again from the lobby.")
            }
            Problem::ComputerSilent { secs } if zh => {
                format!("电脑已经 {secs} 秒没有走棋，可能已经停止（可以认输或封盘）。")
            }
            Problem::ComputerSilent { secs } => format!(
                "The computer has not moved for {secs} s: it may have stopped (resign or adjourn)."
            ),
            Problem::DrawDeclined => pick("Your draw offer was declined.", "对方拒绝了和棋。"),
            Problem::UndoRefused => pick("Your undo was refused.", "对方拒绝了悔棋。"),
            Problem::LeftAndSaved { name } if zh => {
                format!("{name} 离开了这盘棋：棋局已保存，可以在大厅继续。")
            }
            Problem::LeftAndSaved { name } => {
                format!("{name} left the game: it is saved, and the lobby offers to resume it.")
            }
            Problem::AlreadyPlaying => pick("You are already playing.", "你正在下棋。"),
            Problem::AlreadyWatching => pick("You are already watching a game.", "你正在观战。"),
            Problem::ChallengeWaiting => pick(
                "A challenge is waiting for your answer.",
                "有一个挑战在等你回答。",
            ),
            Problem::ChallengeOut => {
                pick("Your challenge is still out.", "你的挑战还在等对方回答。")
            }
            Problem::TableBeingOpened => pick("A table is being opened.", "正在开桌。"),
            Problem::NoSuchGuest => {
                pick("No such player at this screen.", "这台电脑前没有这位棋手。")
            }
            Problem::GuestStopped => pick(
                "The second player's seat stopped.",
                "第二位棋手的座位停止了。",
            ),
            Problem::OnlyOpenerAdjourns => pick(
                "Only the player who opened the table adjourns it.",
                "只有开桌的棋手可以封盘。",
            ),
            Problem::NothingTo(what) => match (what, zh) {
                (Nothing::ToAdjourn, false) => "There is no game to adjourn.",
                (Nothing::ToAdjourn, true) => "没有可以封盘的棋局。",
                (Nothing::ToResume, false) => "There is no game to resume.",
                (Nothing::ToResume, true) => "没有可以继续的棋局。",
                (Nothing::ToAbandon, false) => "There is no game to abandon.",
                (Nothing::ToAbandon, true) => "没有可以放弃的棋局。",
                (Nothing::TableOpening, false) => "No table is being opened.",
                (Nothing::TableOpening, true) => "没有正在开的桌。",
            }
            .to_string(),
            Problem::Detail(detail) => detail.clone(),
        }
    }
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
        ];
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
                | Problem::Detail(_) => {}
            }
        }
        all
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
            let zh = p.words(Lang::Zh).replace("Pema", "");
            assert!(
                !zh.chars().any(|c| c.is_ascii_lowercase()),
                "{p:?} in Chinese: {zh}"
            );
        }
    }
}
