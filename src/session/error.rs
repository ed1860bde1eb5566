//! Why the session refused what the local player asked (the user is told; nothing changed).

/// Why [`super::Session::local`] refused an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// Nothing but chat after the end.
    #[error("the game is over")]
    GameOver,
    /// A second setup, or one in a game without setups.
    #[error("setup already sent")]
    SetupAlreadySent,
    /// A move before both setups were in.
    #[error("the game has not started")]
    NotStarted,
    /// A move out of turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// Nobody moves while a battle is being decided.
    #[error("a battle is still being decided")]
    BattleUndecided,
    /// A move while my own undo request waits for its answer.
    #[error("wait for the answer to your undo request")]
    AwaitingUndoAnswer,
    /// No move to take back, or a request already open.
    #[error("nothing to take back")]
    NothingToTakeBack,
    /// No undo request of the other side's to answer.
    #[error("no undo request to answer")]
    NoUndoToAnswer,
    /// Before the game started, or with an offer already open.
    #[error("a draw cannot be offered now")]
    CannotOfferDraw,
    /// No draw offer of the other side's to answer.
    #[error("no draw offer to answer")]
    NoDrawToAnswer,
    /// This seat has left a game of more than two (resigned, or its time ran out).
    #[error("you have left this game")]
    LeftTheGame,
    /// Only the opener of a table of more than two says a seat left it.
    #[error("only the table's opener says who left it")]
    NotTheOpener,
    /// Longer than the protocol carries.
    #[error("chat line too long")]
    ChatTooLong,
    /// The game's rules refused the setup or move, in the rules' words.
    #[error("{0}")]
    Rules(String),
}
