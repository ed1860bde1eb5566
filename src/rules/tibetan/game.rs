//! A game: the rules, the position, the positions before it (for repetition and taking
//! back), the legal turns and how the game ended.
//!
//! # How a turn is judged
//!
//! A placement puts the side's stone on an empty point and adds what its formations earn to
//! the side's count; the 49th placement starts the opening removals (spec cases 1 to 3).
//! An opening removal takes `min(due, enemy stones)` enemy stones at once. A battle move is
//! a step, a flight (a side with [`Rules::fly_at`] stones or fewer) or a jump chain (each
//! jumped stone leaves at once), followed by `min(earned, enemy stones left)` removals.
//!
//! # How a game ends
//!
//! After each turn, in this order: a side with 3 stones or fewer (outside placement) loses;
//! the side to act with no legal turn loses; [`Rules::quiet_draw`] battle turns without a
//! stone leaving the board draw; the third occurrence of a battle position (stones and side
//! to act) draws.

use std::fmt;

use super::formation::{Formed, in_formations};
use super::point::{Bits, DIRECTIONS, Point, Side, count, points};
use super::position::{MAX_QUIET, Phase, Position};
use super::rules::{Rules, RulesError};
use super::turn::{Path, Turn};

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The loser has 3 stones or fewer.
    FewStones,
    /// The loser had to act and had no legal turn.
    NoLegalTurn,
    /// This many battle turns in a row without a stone leaving the board (a draw).
    NoRemoval(u8),
    /// The third occurrence of a battle position (a draw).
    Repetition,
}

impl fmt::Display for Reason {
    /// The command line's words: `3 stones or fewer`, `no legal turn`,
    /// `50 turns without removal`, `threefold repetition`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reason::FewStones => f.write_str("3 stones or fewer"),
            Reason::NoLegalTurn => f.write_str("no legal turn"),
            Reason::NoRemoval(n) => write!(f, "{n} turns without removal"),
            Reason::Repetition => f.write_str("threefold repetition"),
        }
    }
}

/// How a game ended: the winner (`None` for a draw) and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why.
    pub reason: Reason,
}

/// As the command line's `result:` line writes it: `b (3 stones or fewer)`,
/// `draw (threefold repetition)`.
impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} ({})", self.reason),
            None => write!(f, "draw ({})", self.reason),
        }
    }
}

/// A legal turn without its removals, and the removals it brings.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct LegalTurn {
    /// The turn, its removal list empty.
    pub turn: Turn,
    /// The removals earned: `min(squares, 2) + 2 × lines` (with the default cap), or the
    /// removals due in the opening removals; before the limit by the enemy stones left.
    pub earned: u8,
    /// The removals the turn must list: `min(earned, enemy stones left)`.
    pub removals: u8,
}

/// The removals a turn must make: how many, and which enemy stones may go.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Removable {
    /// How many stones the turn removes: `min(earned, enemy stones left)`.
    pub count: u8,
    /// The enemy stones a removal may take (all of them, without protection).
    pub free: Vec<Point>,
    /// With protection, the enemy stones in an enemy formation: they may go only once
    /// every stone of `free` is listed too.
    pub protected: Vec<Point>,
}

/// Why a turn was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TibetanError {
    /// The game has ended.
    #[error("the game is over (result: {0})")]
    Over(Ending),
    /// The turn is not of the kind the phase plays.
    #[error("{kind} is not a turn of the {phase} phase")]
    WrongPhase {
        /// What the turn is.
        kind: &'static str,
        /// The phase.
        phase: Phase,
    },
    /// The point where a stone should go is taken.
    #[error("{0} is not empty")]
    Occupied(Point),
    /// The moving stone is not the mover's.
    #[error("{point} holds no {side_name} stone", side_name = side.name())]
    NotOwn {
        /// The start point.
        point: Point,
        /// The side to move.
        side: Side,
    },
    /// A step to a point that is not next to the stone, by a side that may not fly.
    #[error(
        "{from}-{to}: {to} is not next to {from}, and {side_name} has {stones} stones (flying \
         needs {limit})", side_name = side.name(), limit = fly_limit(*fly_at)
    )]
    NotAdjacent {
        /// Where the stone was.
        from: Point,
        /// Where it was to go.
        to: Point,
        /// The side moving.
        side: Side,
        /// Its stones.
        stones: u8,
        /// The flying limit of the rules.
        fly_at: Option<u8>,
    },
    /// A hop of a chain that is not two points along a line.
    #[error("{from}x{to}: {to} is not two points from {from} along a line")]
    JumpShape {
        /// Where the hop starts.
        from: Point,
        /// Where it lands.
        to: Point,
    },
    /// A hop over a point without an enemy stone.
    #[error("{from}x{to}: no {enemy_name} stone on {over} to jump", enemy_name = enemy.name())]
    NothingToJump {
        /// Where the hop starts.
        from: Point,
        /// The point between.
        over: Point,
        /// Where it lands.
        to: Point,
        /// The enemy.
        enemy: Side,
    },
    /// The turn lists the wrong number of removals.
    #[error("wrong number of removals: this turn removes exactly {expected}, not {given}")]
    RemovalCount {
        /// The number due.
        expected: u8,
        /// The number listed.
        given: usize,
    },
    /// The same point is listed twice.
    #[error("*{0} is listed twice")]
    RemovedTwice(Point),
    /// A removal names a point without an enemy stone.
    #[error("*{point}: no {enemy_name} stone there to remove", enemy_name = enemy.name())]
    NotEnemy {
        /// The point.
        point: Point,
        /// The enemy.
        enemy: Side,
    },
    /// Protection is on and the stone stands in an enemy formation while others do not.
    #[error(
        "*{point}: the stone stands in a {enemy_name} formation, and {enemy_name} stones \
         outside formations are left", enemy_name = enemy.name()
    )]
    Protected {
        /// The point.
        point: Point,
        /// The enemy.
        enemy: Side,
    },
}

fn fly_limit(fly_at: Option<u8>) -> String {
    match fly_at {
        Some(n) => format!("{n} or fewer"),
        None => "a rule set that allows it".to_string(),
    }
}

/// A game in progress or ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    rules: Rules,
    position: Position,
    history: Vec<(Position, Turn)>,
    ending: Option<Ending>,
}

impl Game {
    /// A game from the start.
    pub fn new(rules: Rules) -> Result<Game, RulesError> {
        Game::from_position(Position::start(), rules)
    }

    /// A game from `position` (which counts once for repetition).
    pub fn from_position(position: Position, rules: Rules) -> Result<Game, RulesError> {
        rules.check()?;
        let mut game = Game {
            rules,
            position,
            history: vec![],
            ending: None,
        };
        game.ending = game.judge();
        Ok(game)
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The position now.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The turns played, each with the position it was played from.
    pub fn history(&self) -> &[(Position, Turn)] {
        &self.history
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The hash of the position now ([`Position::hash`]).
    pub fn hash(&self) -> u64 {
        self.position.hash()
    }

    /// Every legal turn with its removal list empty, and the removals it brings, sorted by
    /// text; none once the game is over.
    pub fn legal_turns(&self) -> Vec<LegalTurn> {
        if self.ending.is_some() {
            return vec![];
        }
        let pos = &self.position;
        let side = pos.side;
        let enemies = pos.count(side.opponent());
        let mut turns = match pos.phase {
            Phase::Place => points(pos.empty())
                .map(|p| {
                    let own = pos.stones(side);
                    let formed = Formed::by(own, own | p.bit(), p);
                    let earned = formed.earned_under(&self.rules, true);
                    LegalTurn {
                        turn: Turn::Place(p, vec![]),
                        earned,
                        removals: 0,
                    }
                })
                .collect(),
            Phase::Remove => vec![LegalTurn {
                turn: Turn::Remove(vec![]),
                earned: pos.due(side),
                removals: pos.due(side).min(enemies),
            }],
            Phase::Battle => battle_turns(pos, &self.rules),
        };
        turns.sort_by_cached_key(|t| t.turn.to_string());
        turns
    }

    /// Plays `turn` for the side to act, or says why it may not.
    pub fn play(&mut self, turn: &Turn) -> Result<(), TibetanError> {
        let (mut after, expected, captured) = self.advance(turn)?;
        let side = after.side;
        self.take(&mut after, side, turn.removals(), expected)?;
        self.finish(&mut after, expected, captured);
        let before = std::mem::replace(&mut self.position, after);
        self.history.push((before, turn.clone()));
        self.ending = self.judge();
        Ok(())
    }

    /// The removals `turn` (its own removal list ignored) must make: how many, and which
    /// enemy stones may go.
    pub fn removable(&self, turn: &Turn) -> Result<Removable, TibetanError> {
        let (after, count, _) = self.advance(turn)?;
        let stones = after.stones(after.side.opponent());
        let protected = if self.rules.protect_formations {
            in_formations(stones)
        } else {
            0
        };
        Ok(Removable {
            count,
            free: points(stones & !protected).collect(),
            protected: points(stones & protected).collect(),
        })
    }

    /// Takes back the last turn, if any, and returns it.
    pub fn take_back(&mut self) -> Option<Turn> {
        let (position, turn) = self.history.pop()?;
        self.position = position;
        self.ending = self.judge();
        Some(turn)
    }

    /// The position after the stone part of `turn` (before its removals, the side to act
    /// not yet changed), the number of removals due, and whether a jump captured.
    fn advance(&self, turn: &Turn) -> Result<(Position, u8, bool), TibetanError> {
        if let Some(ending) = self.ending {
            return Err(TibetanError::Over(ending));
        }
        let mut pos = self.position.clone();
        let side = pos.side;
        match (pos.phase, turn) {
            (Phase::Place, Turn::Place(point, _)) => {
                let point = *point;
                if pos.get(point).is_some() {
                    return Err(TibetanError::Occupied(point));
                }
                let own = pos.stones(side);
                let formed = Formed::by(own, own | point.bit(), point);
                let earned = formed.earned_under(&self.rules, true);
                pos.stones[side.index()] |= point.bit();
                pos.due[side.index()] = pos.due[side.index()].saturating_add(earned);
                if earned > 0 && pos.first.is_none() {
                    pos.first = Some(side);
                }
                Ok((pos, 0, false))
            }
            (Phase::Remove, Turn::Remove(_)) => {
                let expected = pos.due(side).min(pos.count(side.opponent()));
                Ok((pos, expected, false))
            }
            (Phase::Battle, Turn::Move { path, .. }) => self.move_stone(pos, path),
            (phase, turn) => {
                let kind = turn.kind();
                Err(TibetanError::WrongPhase { kind, phase })
            }
        }
    }

    /// After the removals: the side to act, the phase and the counts move on.
    fn finish(&self, pos: &mut Position, removed: u8, captured: bool) {
        let side = pos.side;
        match pos.phase {
            Phase::Place => {
                pos.side = side.opponent();
                if pos.empty() == 0 {
                    start_removals(pos);
                }
            }
            Phase::Remove => {
                pos.due[side.index()] = 0;
                if pos.due(side.opponent()) > 0 {
                    pos.side = side.opponent();
                } else {
                    pos.phase = Phase::Battle;
                    pos.side = self.rules.battle_first;
                }
            }
            Phase::Battle => {
                pos.quiet = if captured || removed > 0 {
                    0
                } else {
                    (pos.quiet + 1).min(MAX_QUIET)
                };
                pos.side = side.opponent();
            }
        }
    }

    /// The battle move `path` on `pos`: the position, the removals due, whether it
    /// captured.
    fn move_stone(
        &self,
        mut pos: Position,
        path: &Path,
    ) -> Result<(Position, u8, bool), TibetanError> {
        let side = pos.side;
        let enemy = side.opponent();
        let from = path.from();
        if pos.get(from) != Some(side) {
            return Err(TibetanError::NotOwn { point: from, side });
        }
        let own_before = pos.stones(side);
        let mut captured = false;
        match path {
            Path::Slide { from, to } => {
                let (from, to) = (*from, *to);
                if pos.get(to).is_some() {
                    return Err(TibetanError::Occupied(to));
                }
                let stones = count(own_before);
                let flies = self.rules.fly_at.is_some_and(|n| stones <= n);
                if !flies && from.neighbours() & to.bit() == 0 {
                    let fly_at = self.rules.fly_at;
                    return Err(TibetanError::NotAdjacent {
                        from,
                        to,
                        side,
                        stones,
                        fly_at,
                    });
                }
                pos.stones[side.index()] &= !from.bit();
            }
            Path::Jump(chain) => {
                if chain.len() < 2 {
                    return Err(TibetanError::JumpShape { from, to: from });
                }
                pos.stones[side.index()] &= !from.bit();
                for hop in chain.windows(2) {
                    let (at, to) = (hop[0], hop[1]);
                    let over = DIRECTIONS
                        .iter()
                        .find(|&&d| at.offset(d, 2) == Some(to))
                        .and_then(|&d| at.offset(d, 1))
                        .ok_or(TibetanError::JumpShape { from: at, to })?;
                    if pos.get(over) != Some(enemy) {
                        return Err(TibetanError::NothingToJump {
                            from: at,
                            over,
                            to,
                            enemy,
                        });
                    }
                    if pos.get(to).is_some() {
                        return Err(TibetanError::Occupied(to));
                    }
                    pos.stones[enemy.index()] &= !over.bit();
                    captured = true;
                }
            }
        }
        let to = path.to();
        pos.stones[side.index()] |= to.bit();
        let earned = Formed::by(own_before, pos.stones(side), to).earned_under(&self.rules, false);
        let expected = earned.min(pos.count(enemy));
        Ok((pos, expected, captured))
    }

    /// Checks that `removals` are exactly `expected` of the enemy's stones (respecting
    /// protection) and takes them off `pos`.
    fn take(
        &self,
        pos: &mut Position,
        side: Side,
        removals: &[Point],
        expected: u8,
    ) -> Result<(), TibetanError> {
        if removals.len() != expected as usize {
            let given = removals.len();
            return Err(TibetanError::RemovalCount { expected, given });
        }
        let enemy = side.opponent();
        let stones = pos.stones(enemy);
        let mut listed: Bits = 0;
        for &point in removals {
            if listed & point.bit() != 0 {
                return Err(TibetanError::RemovedTwice(point));
            }
            if stones & point.bit() == 0 {
                return Err(TibetanError::NotEnemy { point, enemy });
            }
            listed |= point.bit();
        }
        if self.rules.protect_formations {
            let protected = in_formations(stones);
            let unprotected = stones & !protected;
            if unprotected & !listed != 0
                && let Some(point) = points(listed & protected).next()
            {
                return Err(TibetanError::Protected { point, enemy });
            }
        }
        pos.stones[enemy.index()] &= !listed;
        Ok(())
    }

    /// The ending of the game as it stands, in the spec's order.
    fn judge(&self) -> Option<Ending> {
        let pos = &self.position;
        if pos.phase != Phase::Place {
            for side in Side::BOTH {
                if pos.count(side) <= 3 {
                    let winner = Some(side.opponent());
                    return Some(Ending {
                        winner,
                        reason: Reason::FewStones,
                    });
                }
            }
        }
        if pos.phase == Phase::Battle && !has_battle_turn(pos, &self.rules) {
            return Some(Ending {
                winner: Some(pos.side.opponent()),
                reason: Reason::NoLegalTurn,
            });
        }
        if pos.phase != Phase::Battle {
            return None;
        }
        if let Some(n) = self.rules.quiet_draw
            && pos.quiet >= n
        {
            let reason = Reason::NoRemoval(n);
            return Some(Ending {
                winner: None,
                reason,
            });
        }
        if self.rules.repetition_draw {
            let seen = self
                .history
                .iter()
                .filter(|(p, _)| p.phase == Phase::Battle && p.same_stones_and_side(pos))
                .count();
            if seen >= 2 {
                let reason = Reason::Repetition;
                return Some(Ending {
                    winner: None,
                    reason,
                });
            }
        }
        None
    }
}

/// The board is full: the opening removals begin, as the spec's three cases say.
fn start_removals(pos: &mut Position) {
    let [black, white] = pos.due;
    pos.phase = Phase::Remove;
    match (black > 0, white > 0, pos.first) {
        // 1. Nobody formed anything: White removes one, then Black one.
        (false, false, _) => {
            pos.due = [1, 1];
            pos.side = Side::White;
        }
        // 2. Both formed: the first to form removes first, each its earned number.
        (true, true, Some(first)) => pos.side = first,
        // 3. One side formed: it removes its earned number, then the other one.
        (true, _, _) => {
            pos.due = [black, 1];
            pos.side = Side::Black;
        }
        (_, true, _) => {
            pos.due = [1, white];
            pos.side = Side::White;
        }
    }
    pos.first = None;
}

/// The mover's own stones, the enemy's, and whether the mover may fly.
fn movers(pos: &Position, rules: &Rules) -> (Bits, Bits, bool) {
    let own = pos.stones(pos.side);
    let enemy = pos.stones(pos.side.opponent());
    let flies = rules.fly_at.is_some_and(|n| count(own) <= n);
    (own, enemy, flies)
}

/// Whether the side to act has a legal battle turn.
fn has_battle_turn(pos: &Position, rules: &Rules) -> bool {
    let (own, enemy, flies) = movers(pos, rules);
    let empty = pos.empty();
    if own != 0 && empty != 0 && flies {
        return true;
    }
    points(own).any(|from| {
        from.neighbours() & empty != 0
            || DIRECTIONS.iter().any(|&d| {
                let over = from.offset(d, 1).filter(|p| enemy & p.bit() != 0);
                let to = from.offset(d, 2).filter(|p| empty & p.bit() != 0);
                over.is_some() && to.is_some()
            })
    })
}

/// Every battle turn of the side to act, unsorted.
fn battle_turns(pos: &Position, rules: &Rules) -> Vec<LegalTurn> {
    let (own, enemy, flies) = movers(pos, rules);
    let mut out = vec![];
    for from in points(own) {
        let rest = own & !from.bit();
        let empty = pos.empty();
        let targets = if flies {
            empty
        } else {
            from.neighbours() & empty
        };
        for to in points(targets) {
            let earned = Formed::by(own, rest | to.bit(), to).earned_under(rules, false);
            out.push(LegalTurn {
                turn: Turn::Move {
                    path: Path::Slide { from, to },
                    removals: vec![],
                },
                earned,
                removals: earned.min(count(enemy)),
            });
        }
        let mut chain = vec![from];
        jumps(own, rest, enemy, &mut chain, rules, &mut out);
    }
    out
}

/// Every jump chain that continues `chain` (the stone now on its last point, its own side's
/// other stones `rest`, the enemy's stones left `enemy`).
fn jumps(
    own: Bits,
    rest: Bits,
    enemy: Bits,
    chain: &mut Vec<Point>,
    rules: &Rules,
    out: &mut Vec<LegalTurn>,
) {
    let at = *chain.last().expect("a chain has a start");
    let empty = super::point::ALL & !(rest | enemy);
    for d in DIRECTIONS {
        let (Some(over), Some(to)) = (at.offset(d, 1), at.offset(d, 2)) else {
            continue;
        };
        if enemy & over.bit() == 0 || empty & to.bit() == 0 {
            continue;
        }
        let enemy = enemy & !over.bit();
        chain.push(to);
        let earned = Formed::by(own, rest | to.bit(), to).earned_under(rules, false);
        out.push(LegalTurn {
            turn: Turn::Move {
                path: Path::Jump(chain.clone()),
                removals: vec![],
            },
            earned,
            removals: earned.min(count(enemy)),
        });
        jumps(own, rest, enemy, chain, rules, out);
        chain.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(text: &str) -> Game {
        Game::from_position(text.parse().unwrap(), Rules::default()).unwrap()
    }

    fn turns(game: &Game) -> Vec<String> {
        game.legal_turns()
            .iter()
            .map(|t| format!("{} {}", t.turn, t.earned))
            .collect()
    }

    fn play(game: &mut Game, turns: &str) {
        for t in turns.split_whitespace() {
            let turn: Turn = t.parse().unwrap();
            game.play(&turn).unwrap_or_else(|e| panic!("{t}: {e}"));
        }
    }

    #[test]
    fn a_lone_stone_with_nothing_next_to_it_only_steps() {
        // Black has 5 stones but flying is off: d1 steps, and jumps nothing.
        let rules = Rules {
            fly_at: None,
            ..Rules::default()
        };
        let pos = "bbbb.../......./......./..w.w../......./..w.w../...b... battle b 0 0 - 0";
        let g = Game::from_position(pos.parse().unwrap(), rules).unwrap();
        let listed = turns(&g);
        assert!(listed.contains(&"d1-c1 0".to_string()), "{listed:?}");
        assert!(listed.contains(&"d1-e1 0".to_string()), "{listed:?}");
        assert!(!listed.iter().any(|t| t.starts_with("d1x")), "{listed:?}");
    }

    #[test]
    fn placing_counts_and_starts_the_removals() {
        let mut g = Game::new(Rules::default()).unwrap();
        play(&mut g, "a1 g7 b1 g6 a2 f7");
        assert_eq!(g.position().due(Side::Black), 0);
        play(&mut g, "b2");
        assert_eq!(g.position().due(Side::Black), 1);
        assert_eq!(g.position().first(), Some(Side::Black));
        assert_eq!(
            g.play(&"b2".parse().unwrap()),
            Err(TibetanError::Occupied("b2".parse().unwrap()))
        );
        let before = g.position().clone();
        play(&mut g, "f6");
        assert_eq!(g.position().due(Side::White), 1);
        assert_eq!(g.take_back(), Some("f6".parse().unwrap()));
        assert_eq!(g.position(), &before);
    }

    #[test]
    fn a_side_without_a_turn_loses_and_a_finished_game_lists_nothing() {
        let g = game("wwwwbb./wwwwwwb/wwwwwwb/wwwwwww/bbbbbbb/bbbbbbb/.bbbbbb battle w 0 0 - 0");
        let ending = g.ending().unwrap();
        assert_eq!(ending.to_string(), "b (no legal turn)");
        assert!(g.legal_turns().is_empty());
        let mut g = g;
        assert_eq!(
            g.play(&"a7-a6".parse().unwrap()),
            Err(TibetanError::Over(ending))
        );
    }

    #[test]
    fn endings_have_their_words() {
        let e = Ending {
            winner: Some(Side::Black),
            reason: Reason::FewStones,
        };
        assert_eq!(e.to_string(), "b (3 stones or fewer)");
        let e = Ending {
            winner: None,
            reason: Reason::NoRemoval(50),
        };
        assert_eq!(e.to_string(), "draw (50 turns without removal)");
    }
}
