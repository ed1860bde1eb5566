//! A game under a rule set: the position plus the history the no-battle and repetition
//! rules need, and how a game ends.

use std::fmt;

use super::moves::Move;
use super::position::{Battle, IllegalMove, Position, PublicKey};
use super::square::Side;

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's flag was captured or bombed.
    FlagLost,
    /// The loser was to move and had no legal move.
    NoLegalMove,
    /// The no-battle rule's championship verdict ([`NoBattleVerdict::MoverLoses`] or
    /// [`NoBattleVerdict::SideToMoveLoses`]): the other side lost.
    NoBattle(u32),
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Both flags are gone (only possible in a set-up position).
    BothFlagsLost,
    /// Neither side has a legal move.
    NeitherCanMove,
    /// The no-battle rule: this many plies without a battle.
    NoBattle(u32),
    /// The same public position, same side to move, for the third time.
    Repetition,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A side won.
    Win(Side, WinReason),
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win(side, _) => Some(side),
            Outcome::Draw(_) => None,
        }
    }

    /// The reason in words.
    pub fn reason(self) -> String {
        match self {
            Outcome::Win(_, WinReason::FlagLost) => "flag lost".into(),
            Outcome::Win(_, WinReason::NoLegalMove) => "no legal move".into(),
            Outcome::Win(_, WinReason::NoBattle(n)) | Outcome::Draw(DrawReason::NoBattle(n)) => {
                format!("no battle in {n} plies")
            }
            Outcome::Draw(DrawReason::BothFlagsLost) => "both flags lost".into(),
            Outcome::Draw(DrawReason::NeitherCanMove) => "neither side can move".into(),
            Outcome::Draw(DrawReason::Repetition) => "threefold repetition".into(),
        }
    }
}

impl fmt::Display for Outcome {
    /// `south (flag lost)`, `draw (threefold repetition)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(side) => write!(f, "{side} ({})", self.reason()),
            None => write!(f, "draw ({})", self.reason()),
        }
    }
}

/// What happens when the no-battle count reaches its limit, `n` consecutive plies without a
/// battle. The championship text (「双方连续31步未碰子时当前行棋方为负」, 「鼓励主动进攻」) can be
/// read two ways; both are here, named by who loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum NoBattleVerdict {
    /// The game is drawn.
    Draw,
    /// Whoever makes the `n`-th consecutive quiet ply loses: the reading that fits the rule's
    /// stated aim (attack within `n` plies), and the championship preset.
    MoverLoses,
    /// After `n` quiet plies the side to move loses (so the one who made the `n`-th wins).
    SideToMoveLoses,
}

impl NoBattleVerdict {
    /// Who loses when the count reaches its limit and `to_move` is to move; `None` for a draw.
    pub fn loser(self, to_move: Side) -> Option<Side> {
        match self {
            NoBattleVerdict::Draw => None,
            NoBattleVerdict::MoverLoses => Some(to_move.opponent()),
            NoBattleVerdict::SideToMoveLoses => Some(to_move),
        }
    }
}

/// The rules that are agreed per game (spec: *configurable*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// After this many consecutive plies without a battle the game ends; `None`: never.
    pub no_battle_plies: Option<u32>,
    /// How the no-battle rule ends the game.
    pub no_battle_verdict: NoBattleVerdict,
    /// Whether the third occurrence of a public position (same side to move) draws.
    pub repetition_draws: bool,
}

impl Default for RuleSet {
    /// 100 plies without a battle draw; threefold repetition draws.
    fn default() -> RuleSet {
        RuleSet {
            no_battle_plies: Some(100),
            no_battle_verdict: NoBattleVerdict::Draw,
            repetition_draws: true,
        }
    }
}

impl RuleSet {
    /// The China Computer Game Championship preset: whoever makes the 31st consecutive ply
    /// without a battle loses ([`NoBattleVerdict::MoverLoses`]).
    pub fn championship() -> RuleSet {
        RuleSet::championship_read(NoBattleVerdict::MoverLoses)
    }

    /// The championship preset under a chosen reading of its no-battle rule.
    pub fn championship_read(verdict: NoBattleVerdict) -> RuleSet {
        RuleSet {
            no_battle_plies: Some(31),
            no_battle_verdict: verdict,
            ..RuleSet::default()
        }
    }
}

/// A game in progress: a position, the rules, and the public positions since the last
/// battle (a battle removes a piece, so nothing before it can repeat).
#[derive(Clone, Debug)]
pub struct Game {
    rules: RuleSet,
    position: Position,
    since_battle: Vec<PublicKey>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from a position (usually a starting one) under a rule set.
    pub fn new(position: Position, rules: RuleSet) -> Game {
        let mut game = Game {
            rules,
            since_battle: vec![position.public_key()],
            position,
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The rules in force.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays a move, returning its battle; an error if it is illegal or the game is over.
    pub fn play(&mut self, mv: Move) -> Result<Option<Battle>, IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver(mv));
        }
        let (next, battle) = self.position.play(mv)?;
        self.position = next;
        if battle.is_some() {
            self.since_battle.clear();
        }
        self.since_battle.push(self.position.public_key());
        self.outcome = self.judge();
        Ok(battle)
    }

    /// The end rules in the spec's order of precedence (resignation, agreed draws and clocks
    /// belong to the session, which knows about people and time).
    fn judge(&self) -> Option<Outcome> {
        if let Some(outcome) = self.position.outcome() {
            return Some(outcome);
        }
        self.rules.judge_history(
            self.position.quiet_plies(),
            self.position.side_to_move(),
            &self.since_battle,
        )
    }
}

impl RuleSet {
    /// The end rules that need the game's history: too many plies without a battle, and
    /// the third occurrence of a public position (`since_battle`, latest last).
    pub(crate) fn judge_history(
        &self,
        quiet_plies: u32,
        to_move: Side,
        since_battle: &[PublicKey],
    ) -> Option<Outcome> {
        if let Some(n) = self.no_battle_plies
            && quiet_plies >= n
        {
            return Some(match self.no_battle_verdict.loser(to_move) {
                None => Outcome::Draw(DrawReason::NoBattle(n)),
                Some(loser) => Outcome::Win(loser.opponent(), WinReason::NoBattle(n)),
            });
        }
        if self.repetition_draws {
            let now = since_battle.last()?;
            if since_battle.iter().filter(|k| *k == now).count() >= 3 {
                return Some(Outcome::Draw(DrawReason::Repetition));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(jnf: &str, rules: RuleSet) -> Game {
        Game::new(jnf.parse().unwrap(), rules)
    }

    fn play(game: &mut Game, moves: &[&str]) {
        for m in moves {
            game.play(m.parse().unwrap()).unwrap();
        }
    }

    #[test]
    fn the_default_no_battle_rule_draws_after_100_quiet_plies() {
        let mut g = game("1l3/4g/5/5/5/5/5/5/5/5/G4/1L3 s 98 98", RuleSet::default());
        play(&mut g, &["a2-a3"]);
        assert_eq!(g.outcome(), None);
        play(&mut g, &["e11-e10"]);
        assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::NoBattle(100))));
        assert_eq!(
            g.outcome().unwrap().to_string(),
            "draw (no battle in 100 plies)"
        );
        assert!(g.play("a3-a4".parse().unwrap()).is_err());
    }

    #[test]
    fn the_championship_no_battle_rule_makes_the_mover_of_the_31st_quiet_ply_lose() {
        // 30 quiet plies so far; South makes the 31st and loses, though it could attack.
        let mut g = game(
            "1l3/4g/5/5/5/5/5/5/5/5/G3h/1L3 s 30 30",
            RuleSet::championship(),
        );
        play(&mut g, &["a2-a3"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win(Side::North, WinReason::NoBattle(31)))
        );
        assert_eq!(
            g.outcome().unwrap().to_string(),
            "north (no battle in 31 plies)"
        );
        // The battle South had would have reset the count.
        let mut g = game(
            "1l3/4g/5/5/5/5/5/5/5/5/G3h/1L3 s 30 30",
            RuleSet::championship(),
        );
        play(&mut g, &["a2-e2"]);
        assert_eq!(g.outcome(), None);
        assert_eq!(g.position().quiet_plies(), 0);
    }

    #[test]
    fn the_other_reading_makes_the_side_to_move_after_31_quiet_plies_lose() {
        let rules = RuleSet::championship_read(NoBattleVerdict::SideToMoveLoses);
        let mut g = game("1l3/4g/5/5/5/5/5/5/5/5/G4/1L3 s 30 30", rules);
        play(&mut g, &["a2-a3"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win(Side::South, WinReason::NoBattle(31))),
            "North is to move after South's 31st quiet ply, and loses"
        );
    }

    #[test]
    fn a_battle_resets_the_count() {
        let mut g = game("1l3/5/5/5/5/5/5/5/5/5/G3h/1L3 s 99 99", RuleSet::default());
        play(&mut g, &["a2-e2"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win(Side::South, WinReason::NoLegalMove))
        );
        let mut g = game("1l3/4h/5/5/5/5/5/5/5/5/G3h/1L3 s 99 99", RuleSet::default());
        play(&mut g, &["a2-e2"]);
        assert_eq!(g.outcome(), None, "a battle on ply 100 resets the count");
        assert_eq!(g.position().quiet_plies(), 0);
    }

    #[test]
    fn the_third_occurrence_draws_and_repetition_can_be_turned_off() {
        let shuttle = [
            "a2-a3", "e11-e10", "a3-a2", "e10-e11", "a2-a3", "e11-e10", "a3-a2",
        ];
        let mut g = game("1l3/4g/5/5/5/5/5/5/5/5/G4/1L3 s 0 0", RuleSet::default());
        play(&mut g, &shuttle);
        assert_eq!(g.outcome(), None, "two occurrences so far");
        play(&mut g, &["e10-e11"]);
        assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
        let rules = RuleSet {
            repetition_draws: false,
            ..RuleSet::default()
        };
        let mut g = game("1l3/4g/5/5/5/5/5/5/5/5/G4/1L3 s 0 0", rules);
        play(&mut g, &shuttle);
        play(&mut g, &["e10-e11"]);
        assert_eq!(g.outcome(), None);
    }

    #[test]
    fn a_lost_flag_outranks_the_other_rules() {
        let mut g = game(
            "1l3/1G3/5/5/5/5/5/5/5/5/5/1L3 s 30 30",
            RuleSet::championship(),
        );
        play(&mut g, &["b11-b12"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win(Side::South, WinReason::FlagLost))
        );
    }
}
