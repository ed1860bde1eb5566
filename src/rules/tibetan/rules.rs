//! The rule set: every choice `spec/tibetan.md` marks as a *setting*, agreed before the
//! game starts, plus the one choice lanqi had to make where the spec is open
//! ([`Rules::cap_placements`]).

use super::point::Side;

/// The settings of a game. [`Rules::default`] is the spec's defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// A single turn earns at most two squares (plus any lines). Default on.
    pub square_cap: bool,
    /// Whether [`square_cap`](Rules::square_cap) also applies to placements. The spec
    /// says "a single move"; lanqi reads a placement as a move, so default on. Off, every
    /// square a placement forms counts.
    pub cap_placements: bool,
    /// A removal may not take a stone that stands in an enemy square or line — unless
    /// every enemy stone still on the board does (then any may go). Default off.
    pub protect_formations: bool,
    /// A side with this many stones or fewer may fly (move any stone to any empty point);
    /// `None`: no flying. Default 7.
    pub fly_at: Option<u8>,
    /// Who moves first in the battle. Default White.
    pub battle_first: Side,
    /// This many battle turns in a row without a stone leaving the board draw, 1 to 50;
    /// `None`: never. Default 50.
    pub quiet_draw: Option<u8>,
    /// The third occurrence of the same battle position (stones and side to move) draws.
    /// Default on.
    pub repetition_draw: bool,
    /// The source's 褡裢 adjudication within this many moves; `None` (the default) is off.
    /// lanqi does not implement it: a game with it on is refused
    /// ([`RulesError::Adjudication`]).
    pub adjudication: Option<u16>,
}

impl Default for Rules {
    /// The spec's defaults: squares capped at two a turn (placements included), no
    /// protection, flying at 7 stones or fewer, White first in the battle, 50 quiet turns
    /// and threefold repetition draw, no 褡裢 adjudication.
    fn default() -> Rules {
        Rules {
            square_cap: true,
            cap_placements: true,
            protect_formations: false,
            fly_at: Some(7),
            battle_first: Side::White,
            quiet_draw: Some(50),
            repetition_draw: true,
            adjudication: None,
        }
    }
}

/// Settings lanqi cannot play.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    /// The no-removal draw must come after 1 to 50 quiet turns (the position's `quiet`
    /// field never exceeds 50).
    #[error("the no-removal draw must be after 1 to 50 turns, not {0}")]
    QuietDraw(u8),
    /// The 褡裢 adjudication is not implemented.
    #[error("the dalian (褡裢) adjudication is not supported")]
    Adjudication,
}

impl Rules {
    /// Whether lanqi can play these settings, and if not, why.
    pub fn check(&self) -> Result<(), RulesError> {
        if let Some(n) = self.quiet_draw
            && !(1..=50).contains(&n)
        {
            return Err(RulesError::QuietDraw(n));
        }
        if self.adjudication.is_some() {
            return Err(RulesError::Adjudication);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_specs_and_are_playable() {
        let rules = Rules::default();
        assert_eq!(rules.check(), Ok(()));
        assert_eq!(rules.fly_at, Some(7));
        assert_eq!(rules.battle_first, Side::White);
        let bad = Rules {
            quiet_draw: Some(51),
            ..rules
        };
        assert_eq!(bad.check(), Err(RulesError::QuietDraw(51)));
        let bad = Rules {
            adjudication: Some(20),
            ..rules
        };
        assert_eq!(bad.check(), Err(RulesError::Adjudication));
    }
}
