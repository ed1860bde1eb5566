//! The belief baseline (`belief` in `lanqi junqi match`): a quick heuristic sparring partner
//! with no deeper search, built to the description of issue #28's independent player. It
//! keeps, for each enemy piece, the kinds it may still be (the [`Knowledge`]: deployment
//! rules, which pieces moved, every battle outcome, the flag reveal, the army's counts),
//! turns them into each piece's chances of each kind by drawing consistent armies, and picks
//! the move with the best expectation of its own result less the opponent's best reply,
//! plus half its own best capture after that, with the flag first: its own flag's open
//! approaches and the enemy headquarters it can strike count, and the no-battle rule is
//! used both ways. About a millisecond a move.
//! `belief:old` is the first, weaker version (marginals from the counts alone, material
//! only), kept to measure against.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::rules::junqi::board::{HEADQUARTERS, ROADS, headquarters_of};
use crate::rules::junqi::moves::targets;
use crate::rules::junqi::piece::{KINDS, battle};
use crate::rules::junqi::square::squares;
use crate::rules::junqi::{
    BattleResult, Kind, Layout, Move, NoBattleVerdict, RuleSet, Side, Square,
};

use super::knowledge::{Cell, Knowledge, ObserveError, kind_bit, kinds_in};
use super::search::value;
use super::{Budget, Player, no_battle_allowed};

/// What taking the flag is worth to the belief player (it ends the game).
const FLAG: f32 = 10_000.0;

/// Each enemy piece's chances of being each kind (indexed by enemy identity, then
/// [`Kind::index`]): a kind's weight is how many of it are not yet pinned to a piece, shared
/// among the pieces that may be it.
pub fn marginals(knowledge: &Knowledge) -> Vec<[f32; KINDS]> {
    let pieces = knowledge.enemy_pieces();
    let mut free = [0f32; KINDS];
    let mut candidates = [0f32; KINDS];
    for kind in Kind::ALL {
        let bit = kind_bit(kind);
        let sure = pieces.iter().filter(|p| p.possible == bit).count();
        free[kind.index()] = (kind.count() as usize).saturating_sub(sure) as f32;
        candidates[kind.index()] = pieces
            .iter()
            .filter(|p| p.possible != bit && p.possible & bit != 0)
            .count() as f32;
    }
    pieces
        .iter()
        .map(|p| {
            let mut out = [0f32; KINDS];
            if let Some(kind) = p.known() {
                out[kind.index()] = 1.0;
                return out;
            }
            let mut total = 0.0;
            for kind in kinds_in(p.possible) {
                let i = kind.index();
                let w = if candidates[i] > 0.0 {
                    free[i] / candidates[i]
                } else {
                    0.0
                };
                out[i] = w;
                total += w;
            }
            if total > 0.0 {
                out.iter_mut().for_each(|w| *w /= total);
            } else {
                let n = p.possible.count_ones().max(1) as f32;
                for kind in kinds_in(p.possible) {
                    out[kind.index()] = 1.0 / n;
                }
            }
            out
        })
        .collect()
}

/// The material an attack of `attacker` on `defender` wins for the attacker (negative when
/// it loses), with the battle's result.
fn gain(attacker: Kind, defender: Kind) -> (f32, BattleResult) {
    let result = battle(attacker, defender);
    let taken = if defender == Kind::Flag {
        FLAG
    } else {
        value(defender) as f32
    };
    let g = match result {
        BattleResult::AttackerWins => taken,
        BattleResult::DefenderWins => -(value(attacker) as f32),
        BattleResult::BothRemoved => taken - value(attacker) as f32,
    };
    (g, result)
}

fn outcome_index(result: BattleResult) -> usize {
    match result {
        BattleResult::AttackerWins => 0,
        BattleResult::DefenderWins => 1,
        BattleResult::BothRemoved => 2,
    }
}

/// The belief baseline player: one move plus the opponent's best reply, in expectation over
/// what it believes of the enemy pieces.
#[derive(Clone, Debug)]
pub struct BeliefPlayer {
    knowledge: Knowledge,
    rng: ChaCha8Rng,
    /// The first version (`belief:old`): count-only marginals, material only.
    old: bool,
}

/// How many consistent armies the belief player draws a move to estimate its beliefs.
const DRAWS: u32 = 40;

impl BeliefPlayer {
    /// A belief player of `side` with layout `own`.
    pub fn new(side: Side, own: &Layout, first: Side, rules: RuleSet, seed: u64) -> BeliefPlayer {
        BeliefPlayer {
            knowledge: Knowledge::new(side, own, first, rules),
            rng: ChaCha8Rng::seed_from_u64(seed),
            old: false,
        }
    }

    /// The first, weaker version of the belief player (`belief:old`), to measure against.
    pub fn old(side: Side, own: &Layout, first: Side, rules: RuleSet, seed: u64) -> BeliefPlayer {
        BeliefPlayer {
            old: true,
            ..BeliefPlayer::new(side, own, first, rules, seed)
        }
    }

    /// Each enemy piece's chances of each kind, from consistent armies drawn at random
    /// (falls back on [`marginals`] if none can be drawn).
    pub fn beliefs(&mut self) -> Vec<[f32; KINDS]> {
        let n = self.knowledge.enemy_pieces().len();
        let mut counts = vec![[0f32; KINDS]; n];
        let mut drawn = 0;
        for _ in 0..DRAWS {
            let Some(kinds) = self.knowledge.sample_enemy_kinds(&mut self.rng, false) else {
                break;
            };
            for (c, k) in counts.iter_mut().zip(kinds) {
                c[k.index()] += 1.0;
            }
            drawn += 1;
        }
        if drawn == 0 {
            return marginals(&self.knowledge);
        }
        for c in &mut counts {
            c.iter_mut().for_each(|w| *w /= drawn as f32);
        }
        counts
    }

    /// The chance that an enemy piece can move (is not a landmine or the flag).
    fn mobile(p: &[f32; KINDS]) -> f32 {
        1.0 - p[Kind::Landmine.index()] - p[Kind::Flag.index()]
    }

    /// Flag-first terms of the position after the player's quiet move (or a battle's
    /// outcome), with `own` and `enemy` the cells held: the enemy pieces that can step next
    /// to the player's flag, and the enemy headquarters the player's pieces can strike next.
    fn flag_terms(&self, beliefs: &[[f32; KINDS]], own: u64, enemy: u64) -> f32 {
        let me = self.knowledge.side();
        let mut total = 0.0;
        // Our flag: each open approach an enemy piece can reach next move.
        if let Some(flag) = self.own_flag()
            && own & flag.bit() != 0
        {
            let approaches = ROADS[flag.index()];
            let mut danger = 0f32;
            for from in squares(enemy) {
                let Cell::Enemy(id) = self.knowledge.cell(from) else {
                    continue;
                };
                let p = &beliefs[id as usize];
                let m = Self::mobile(p);
                if m <= 0.0 {
                    continue;
                }
                let straight = targets(from, Kind::Captain, enemy, own);
                let turning = targets(from, Kind::Engineer, enemy, own) & !straight;
                let near = (straight & approaches & !own).count_ones() as f32 * m
                    + (turning & approaches & !own).count_ones() as f32 * p[Kind::Engineer.index()];
                danger += near;
            }
            total -= 120.0 * danger.min(3.0);
            // Open approaches at all.
            total -= 8.0 * (approaches & !own).count_ones() as f32;
        }
        // The enemy flag: headquarters our movable pieces can strike next move.
        for hq in headquarters_of(me.opponent()) {
            let Cell::Enemy(id) = self.knowledge.cell(hq) else {
                continue;
            };
            if enemy & hq.bit() == 0 {
                continue;
            }
            let flag = beliefs[id as usize][Kind::Flag.index()];
            if flag <= 0.0 {
                continue;
            }
            let reach = squares(own).any(|from| match self.knowledge.cell(from) {
                Cell::Own(kind) => targets(from, kind, own, enemy) & hq.bit() != 0,
                _ => false,
            });
            if reach {
                total += 150.0 * flag;
            }
        }
        total
    }

    /// The player's best expected capture next move (the flag left out: see
    /// [`BeliefPlayer::flag_terms`]), on a board where `own` and `enemy` are held.
    fn own_threat(
        &self,
        beliefs: &[[f32; KINDS]],
        own: u64,
        enemy: u64,
        own_kind: &dyn Fn(Square) -> Kind,
    ) -> f32 {
        let mut best = 0f32;
        for from in squares(own) {
            let kind = own_kind(from);
            if !kind.can_move() {
                continue;
            }
            for to in squares(targets(from, kind, own, enemy) & enemy) {
                let Cell::Enemy(id) = self.knowledge.cell(to) else {
                    continue;
                };
                let p = &beliefs[id as usize];
                let mut e = 0.0;
                for k in Kind::ALL {
                    if p[k.index()] > 0.0 && k != Kind::Flag {
                        e += p[k.index()] * gain(kind, k).0;
                    }
                }
                best = best.max(e);
            }
        }
        best
    }

    /// The expected worth of `mv` for the player (the strengthened version).
    fn score_strong(&self, beliefs: &[[f32; KINDS]], mv: Move) -> f32 {
        let me = self.knowledge.side();
        let own = self.knowledge.occupied(me);
        let enemy = self.knowledge.occupied(me.opponent());
        let Cell::Own(mover) = self.knowledge.cell(mv.from) else {
            return f32::MIN;
        };
        let kind_at = |s: Square| match self.knowledge.cell(s) {
            Cell::Own(k) => k,
            _ => Kind::Flag,
        };
        let moved = (own & !mv.from.bit()) | mv.to.bit();
        let after_kind = |s: Square| if s == mv.to { mover } else { kind_at(s) };
        let mut total = 0.0;
        match self.knowledge.cell(mv.to) {
            Cell::Enemy(id) => {
                let p = &beliefs[id as usize];
                let mut chance = [0f32; 3];
                for kind in Kind::ALL {
                    let w = p[kind.index()];
                    if w <= 0.0 {
                        continue;
                    }
                    let (g, result) = gain(mover, kind);
                    total += w * g;
                    if kind != Kind::Flag {
                        chance[outcome_index(result)] += w;
                    }
                }
                // What the battle tells: a cheap piece learns what an unknown one is.
                let unknown = p.iter().filter(|&&w| w > 0.02).count() as f32;
                if value(mover) <= 17 && mover != Kind::Engineer {
                    total += 2.0 * (unknown - 1.0).max(0.0);
                }
                for result in [
                    BattleResult::AttackerWins,
                    BattleResult::DefenderWins,
                    BattleResult::BothRemoved,
                ] {
                    let w = chance[outcome_index(result)];
                    if w <= 0.0 {
                        continue;
                    }
                    let (o, e) = match result {
                        BattleResult::AttackerWins => (moved, enemy & !mv.to.bit()),
                        BattleResult::DefenderWins => (own & !mv.from.bit(), enemy),
                        BattleResult::BothRemoved => (own & !mv.from.bit(), enemy & !mv.to.bit()),
                    };
                    let after = self.flag_terms(beliefs, o, e)
                        - self.best_reply(beliefs, o, e, &after_kind);
                    total += w * after;
                }
            }
            _ => {
                // The no-battle rule: a quiet move that ends the game by it.
                if let Some(n) = self.knowledge.rules().no_battle_plies
                    && self.knowledge.quiet_plies() + 1 >= n
                {
                    match self.knowledge.rules().no_battle_verdict {
                        NoBattleVerdict::SideToMoveLoses => return FLAG,
                        NoBattleVerdict::MoverLoses => return -FLAG,
                        NoBattleVerdict::Draw => {}
                    }
                }
                total -= self.best_reply(beliefs, moved, enemy, &after_kind);
                total += self.flag_terms(beliefs, moved, enemy);
                // Progress towards the enemy headquarters, the likelier flag first.
                let hqs = headquarters_of(me.opponent());
                let weight = |h: Square| match self.knowledge.cell(h) {
                    Cell::Enemy(id) => 0.2 + beliefs[id as usize][Kind::Flag.index()],
                    _ => 0.1,
                };
                let pull = |s: Square| -> f32 {
                    hqs.iter()
                        .map(|&h| {
                            let d = (h.file() as i32 - s.file() as i32).abs()
                                + (h.row() as i32 - s.row() as i32).abs();
                            weight(h) * (12 - d).max(0) as f32
                        })
                        .sum()
                };
                let keeper = matches!(mover, Kind::FieldMarshal | Kind::General);
                total += if keeper { 0.0 } else { 0.25 } * (pull(mv.to) - pull(mv.from));
                total += 0.5 * self.own_threat(beliefs, moved, enemy, &after_kind);
                // Keep the flag's neighbours standing.
                if let Some(flag) = self.own_flag()
                    && ROADS[flag.index()] & mv.from.bit() != 0
                {
                    total -= 25.0;
                }
                if let Some(n) = self.knowledge.rules().no_battle_plies
                    && self.knowledge.rules().no_battle_verdict != NoBattleVerdict::Draw
                    && self.knowledge.quiet_plies() + 8 >= n
                    && (ROADS[mv.to.index()] & enemy) == 0
                {
                    total -= 5.0;
                }
                total -= 15.0 * self.knowledge.repetitions_after(mv) as f32;
            }
        }
        total
    }

    /// Where the player's flag stands.
    fn own_flag(&self) -> Option<Square> {
        headquarters_of(self.knowledge.side())
            .into_iter()
            .find(|&s| self.knowledge.cell(s) == Cell::Own(Kind::Flag))
    }

    /// The opponent's best expected gain on a board where `own` and `enemy` are the cells
    /// held and `own_kind` says what stands on ours.
    fn best_reply(
        &self,
        beliefs: &[[f32; KINDS]],
        own: u64,
        enemy: u64,
        own_kind: &dyn Fn(Square) -> Kind,
    ) -> f32 {
        let mut best = 0f32;
        for from in squares(enemy) {
            if HEADQUARTERS & from.bit() != 0 {
                continue;
            }
            let Cell::Enemy(id) = self.knowledge.cell(from) else {
                continue;
            };
            let p = &beliefs[id as usize];
            let mobile: f32 = Kind::ALL
                .iter()
                .filter(|k| k.can_move())
                .map(|k| p[k.index()])
                .sum();
            if mobile <= 0.0 {
                continue;
            }
            let engineer = p[Kind::Engineer.index()];
            let straight = targets(from, Kind::Captain, enemy, own) & own;
            let turning = targets(from, Kind::Engineer, enemy, own) & own & !straight;
            for (reach, only_engineer) in [(straight, false), (turning, true)] {
                for to in squares(reach) {
                    let defender = own_kind(to);
                    let mut expected = 0.0;
                    for kind in Kind::ALL {
                        if !kind.can_move() || (only_engineer && kind != Kind::Engineer) {
                            continue;
                        }
                        let w = p[kind.index()];
                        if w > 0.0 {
                            // The opponent knows its own piece: it only makes attacks
                            // that pay for the piece it has.
                            expected += w * gain(kind, defender).0.max(0.0);
                        }
                    }
                    if only_engineer && engineer <= 0.0 {
                        continue;
                    }
                    best = best.max(expected);
                }
            }
        }
        best
    }

    /// The expected worth of `mv` for the player.
    fn score(&self, beliefs: &[[f32; KINDS]], mv: Move) -> f32 {
        let me = self.knowledge.side();
        let own = self.knowledge.occupied(me);
        let enemy = self.knowledge.occupied(me.opponent());
        let Cell::Own(mover) = self.knowledge.cell(mv.from) else {
            return f32::MIN;
        };
        let kind_at = |s: Square| match self.knowledge.cell(s) {
            Cell::Own(k) => k,
            _ => Kind::Flag,
        };
        let moved = (own & !mv.from.bit()) | mv.to.bit();
        let after_kind = |s: Square| if s == mv.to { mover } else { kind_at(s) };
        let mut total = 0.0;
        match self.knowledge.cell(mv.to) {
            Cell::Enemy(id) => {
                let p = &beliefs[id as usize];
                // One reply per outcome, weighted by its chance (none after taking the flag).
                let mut chance = [0f32; 3];
                for kind in Kind::ALL {
                    let w = p[kind.index()];
                    if w <= 0.0 {
                        continue;
                    }
                    let (g, result) = gain(mover, kind);
                    total += w * g;
                    if kind != Kind::Flag {
                        chance[outcome_index(result)] += w;
                    }
                }
                for result in [
                    BattleResult::AttackerWins,
                    BattleResult::DefenderWins,
                    BattleResult::BothRemoved,
                ] {
                    let w = chance[outcome_index(result)];
                    if w <= 0.0 {
                        continue;
                    }
                    let (o, e) = match result {
                        BattleResult::AttackerWins => (moved, enemy & !mv.to.bit()),
                        BattleResult::DefenderWins => (own & !mv.from.bit(), enemy),
                        BattleResult::BothRemoved => (own & !mv.from.bit(), enemy & !mv.to.bit()),
                    };
                    total -= w * self.best_reply(beliefs, o, e, &after_kind);
                }
            }
            _ => {
                total -= self.best_reply(beliefs, moved, enemy, &after_kind);
                // A little progress towards the enemy's headquarters.
                let hqs = headquarters_of(me.opponent());
                let distance = |s: Square| {
                    hqs.iter()
                        .map(|h| {
                            (h.file() as i32 - s.file() as i32).abs()
                                + (h.row() as i32 - s.row() as i32).abs()
                        })
                        .min()
                        .unwrap_or(0)
                };
                let closer = (distance(mv.from) - distance(mv.to)) as f32;
                // Keep the flag's neighbours standing.
                if let Some(flag) = self.own_flag()
                    && ROADS[flag.index()] & mv.from.bit() != 0
                {
                    total -= 25.0;
                }
                // Near the no-battle limit, a quiet move that does not close in is a waste.
                if let Some(n) = self.knowledge.rules().no_battle_plies
                    && self.knowledge.quiet_plies() + 8 >= n
                    && (ROADS[mv.to.index()] & enemy) == 0
                {
                    total -= 5.0;
                }
                total += if distance(mv.to) <= 3 { 3.0 } else { 1.0 } * closer;
                // The third occurrence of a position draws: do not drift into it.
                total -= 15.0 * self.knowledge.repetitions_after(mv) as f32;
            }
        }
        total
    }
}

impl Player for BeliefPlayer {
    fn observe(&mut self, mv: Move, result: Option<BattleResult>) -> Result<(), ObserveError> {
        self.knowledge.observe(mv, result)
    }

    fn observe_flag(&mut self, side: Side, at: Square) -> Result<(), ObserveError> {
        self.knowledge.observe_flag(side, at)
    }

    fn choose(&mut self, _budget: Budget) -> Option<Move> {
        let moves = self.knowledge.legal_moves();
        if moves.is_empty() {
            return None;
        }
        let beliefs = if self.old {
            marginals(&self.knowledge)
        } else {
            self.beliefs()
        };
        let allowed = no_battle_allowed(&self.knowledge, &moves);
        let mut best = f32::MIN;
        let mut ties = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            if !allowed[i] {
                continue;
            }
            // A little noise, so that equal moves vary.
            let worth = if self.old {
                self.score(&beliefs, mv)
            } else {
                self.score_strong(&beliefs, mv)
            };
            let s = worth + (self.rng.next_u32() % 100) as f32 * 0.001;
            if s > best {
                best = s;
                ties.clear();
            }
            if s >= best {
                ties.push(mv);
            }
        }
        ties.first().copied()
    }
}
