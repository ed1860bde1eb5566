//! How a dishonest peer lies: the cheats that tests play against the fair-play checks.

/// Ways a dishonest peer can lie, for tests of the fair-play checks and the audit
/// (`lanqi peer --cheat`, which only a build with the `cheat` feature has). Every honest
/// peer uses [`Cheat::None`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Cheat {
    /// Plays fair.
    #[default]
    None,
    /// As attacker, announces `win` whatever the table said (it has no token for it).
    FalseOutcome,
    /// As defender, fills the battle table as if its piece were a field marshal.
    FalseTable,
    /// Opens a layout with two different pieces swapped: ranks that don't match the
    /// commitments.
    WrongRanks,
    /// Commits to (and at the end opens) an illegal deployment: a fourth landmine
    /// instead of a lieutenant.
    IllegalLayout,
    /// Never opens its layout at the end.
    RefuseOpen,
    /// Keeps its flag hidden when its field marshal dies.
    HideFlag,
    /// Moves as if every piece were an engineer: landmines step, any piece turns on the
    /// rails (only what the other side cannot check at once).
    IllegalMoves,
    /// As the opener of a table of more than two, changes the moves it relays (keeping
    /// their authors' signatures, which then no longer match).
    AlterRelayed,
    /// As a player at a table of more than two, sends its game messages plain, outside its
    /// signed `from` (as if speaking for whichever seat the opener would take it for).
    Unwrapped,
    /// As a player at a table of more than two, signs a move when it is not its turn (once
    /// a game).
    OutOfTurn,
    /// As a player at a table of more than two, sends a `from` whose signature does not
    /// check (its second message).
    BadSignature,
    /// As a player at a table of more than two, skips a count in its `from` messages (its
    /// second message).
    SkipCount,
    /// As the opener of a table of more than two, signs two different moves under one
    /// count, one for its last seat and one for the others (its first move).
    Equivocate,
}

impl std::str::FromStr for Cheat {
    type Err = String;

    fn from_str(s: &str) -> Result<Cheat, String> {
        Ok(match s {
            "none" => Cheat::None,
            "false-outcome" => Cheat::FalseOutcome,
            "false-table" => Cheat::FalseTable,
            "wrong-ranks" => Cheat::WrongRanks,
            "illegal-layout" => Cheat::IllegalLayout,
            "refuse-open" => Cheat::RefuseOpen,
            "hide-flag" => Cheat::HideFlag,
            "illegal-moves" => Cheat::IllegalMoves,
            "alter-relayed" => Cheat::AlterRelayed,
            "unwrapped" => Cheat::Unwrapped,
            "out-of-turn" => Cheat::OutOfTurn,
            "bad-signature" => Cheat::BadSignature,
            "skip-count" => Cheat::SkipCount,
            "equivocate" => Cheat::Equivocate,
            other => {
                return Err(format!(
                    "unknown cheat '{other}' (false-outcome, false-table, wrong-ranks, \
                     illegal-layout, refuse-open, hide-flag, illegal-moves, alter-relayed, \
                     unwrapped, out-of-turn, bad-signature, skip-count, equivocate)"
                ));
            }
        })
    }
}
