//! Alpha-beta search with a capture quiescence on one full-information position (a
//! determinization), and the evaluation it stops at. The engine runs it on many sampled
//! positions and averages the scores of its root moves.

use std::time::Instant;

use crate::rules::junqi::board::{HEADQUARTERS, ROADS, headquarters_of};
use crate::rules::junqi::moves::targets;
use crate::rules::junqi::piece::battle;
use crate::rules::junqi::square::squares;
use crate::rules::junqi::{
    BattleResult, Kind, Move, NoBattleVerdict, Position, RuleSet, Side, Square,
};

/// A won game, from the winner's side (less the plies it takes, so sooner is better).
pub const WIN: i32 = 10_000;

/// What each kind is worth in the evaluation.
pub fn value(kind: Kind) -> i32 {
    match kind {
        Kind::FieldMarshal => 100,
        Kind::General => 75,
        Kind::MajorGeneral => 55,
        Kind::Brigadier => 40,
        Kind::Colonel => 30,
        Kind::Major => 22,
        Kind::Captain => 15,
        Kind::Lieutenant => 11,
        Kind::Engineer => 17,
        Kind::Landmine => 14,
        Kind::Bomb => 42,
        Kind::Flag => 0,
    }
}

/// The refinements of #28, each switchable so that a match can measure what it is worth
/// (`prev:LEVEL` in `lanqi junqi match` plays with all of them off: the engine before them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tune {
    /// The evaluation weighs the flags' safety: attackers near a flag, guards beside it.
    pub flag_safety: bool,
    /// At the root, an attack by a high officer costs what it reveals, and a probe by a low
    /// piece earns what it may reveal.
    pub reveal: bool,
    /// Sampled enemy layouts follow priors (unmoved back pieces are likelier mines, the
    /// flag's neighbours likelier mines) rather than counts alone.
    pub priors: bool,
    /// The evaluation sees threats to each flag one move before they land: an enemy piece
    /// next to the flag, or one move from an open approach (or from a guard it beats), costs
    /// most of a game; and an army down to its last few movable pieces is in danger of
    /// having no move.
    pub flag_danger: bool,
    /// With fewer than six movable pieces left, each one lost costs more than the last
    /// (quadratically; before, a flat cost below four): the last movable pieces are not
    /// traded away, since a side with no move loses.
    pub mobility: bool,
    /// Sampled enemy layouts draw the flag first and put landmines round it (needs
    /// `priors`): see [`Knowledge::sample_guarded`](super::Knowledge::sample_guarded).
    pub guarded: bool,
    /// Each sample's score of a move is bent by [`squash`] before the samples are averaged,
    /// so that a game won in a few sampled layouts no longer outweighs a piece lost in most.
    pub squash: bool,
}

impl Tune {
    /// Every refinement on: `hard` ([`Tune::for_level`]).
    pub const ALL: Tune = Tune {
        flag_safety: true,
        reveal: true,
        priors: true,
        flag_danger: true,
        mobility: true,
        guarded: true,
        squash: true,
    };
    /// The engine as it was at the start of the ISMCTS work (#28's first refinements on,
    /// the later ones off): `prev:LEVEL`.
    pub const PREVIOUS: Tune = Tune {
        flag_safety: true,
        reveal: true,
        priors: true,
        flag_danger: false,
        mobility: false,
        guarded: false,
        squash: false,
    };
    /// Every refinement off: the engine before #28.
    pub const NONE: Tune = Tune {
        flag_safety: false,
        reveal: false,
        priors: false,
        flag_danger: false,
        mobility: false,
        guarded: false,
        squash: false,
    };
}

impl Tune {
    /// The refinements a level plays with: [`Tune::ALL`] at `hard`; `easy` and `medium`
    /// without `guarded`, which gained at `hard` against `belief` (0.698 against 0.642 over the
    /// same 200 games) and lost at `medium` (0.630 against 0.670): docs/MEASUREMENTS.md,
    /// "#28, fifth round"; nor `squash`, measured at `hard` only ("#28, sixth round").
    pub fn for_level(level: super::Level) -> Tune {
        match level {
            super::Level::Hard => Tune::ALL,
            super::Level::Easy | super::Level::Medium => Tune {
                guarded: false,
                squash: false,
                ..Tune::ALL
            },
        }
    }

    /// This tune less the refinements named in `off`, a comma-separated list of
    /// `flag_safety`, `reveal`, `priors`, `flag_danger`, `mobility`, `guarded`, `squash` (unknown
    /// names are ignored): what `LANQI_JUNQI_OFF` does to `engine:LEVEL` players, for
    /// measuring one refinement.
    pub fn without(self, off: &str) -> Tune {
        let mut tune = self;
        for name in off.split(',').map(str::trim) {
            match name {
                "flag_safety" => tune.flag_safety = false,
                "reveal" => tune.reveal = false,
                "priors" => tune.priors = false,
                "flag_danger" => tune.flag_danger = false,
                "mobility" => tune.mobility = false,
                "guarded" => tune.guarded = false,
                "squash" => tune.squash = false,
                _ => {}
            }
        }
        tune
    }
}

/// What a sure win is worth once bent by [`squash`]: about one and a half field marshals.
/// 600 scored 0.830 against `belief` over 200 games, 1000 scored 0.792 (docs/MEASUREMENTS.md,
/// "#28, seventh round").
pub const SQUASH: f64 = 600.0;

/// A sample's score of a move as it is averaged with the other samples' (with
/// [`Tune::squash`]): `SQUASH·tanh(score/SQUASH)`. Material and position (a few hundred at
/// most) keep nearly their worth; a won or lost game counts [`SQUASH`], not [`WIN`]. Unbent,
/// a flag taken in one sampled layout in eight (where the piece in front of it was not a
/// landmine) outweighed an officer lost on the landmine in the other seven, and the
/// engine threw its officers at the landmines in front of the flag.
pub fn squash(score: i32) -> i32 {
    (SQUASH * (f64::from(score) / SQUASH).tanh()).round() as i32
}

/// The search was stopped by its deadline.
pub struct Aborted;

/// One search: the rules (for the no-battle rule), node counting and an optional deadline.
pub struct Searcher {
    rules: RuleSet,
    tune: Tune,
    /// Nodes visited so far.
    pub nodes: u64,
    deadline: Option<Instant>,
    buffers: Vec<Vec<Move>>,
}

impl Searcher {
    /// A searcher under `rules`, stopping (with [`Aborted`]) once `deadline` has passed.
    pub fn new(rules: RuleSet, tune: Tune, deadline: Option<Instant>) -> Searcher {
        Searcher {
            rules,
            tune,
            nodes: 0,
            deadline,
            buffers: Vec::new(),
        }
    }

    fn tick(&mut self) -> Result<(), Aborted> {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024)
            && let Some(d) = self.deadline
            && Instant::now() >= d
        {
            return Err(Aborted);
        }
        Ok(())
    }

    /// The score of `mv` in `position` for the side making it, searched `depth` plies deep
    /// (the move itself included) plus captures.
    pub fn score_move(
        &mut self,
        position: &Position,
        mv: Move,
        depth: u32,
    ) -> Result<i32, Aborted> {
        let mut child = position.clone();
        let battle = child.play_unchecked(mv);
        if battle.is_some_and(|b| b.flag_taken()) {
            return Ok(WIN - 1);
        }
        Ok(-self.negamax(&child, depth.saturating_sub(1), -WIN - 1, WIN + 1, 1)?)
    }

    /// The score for the side to move, `ply` plies below the root.
    fn negamax(
        &mut self,
        position: &Position,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: u32,
    ) -> Result<i32, Aborted> {
        self.tick()?;
        if let Some(score) = self.no_battle(position, ply) {
            return Ok(score);
        }
        if depth == 0 {
            return self.quiesce(position, alpha, beta, ply, 4);
        }
        let mut moves = self.buffer(ply);
        position.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.buffers[ply as usize] = moves;
            return Ok(-(WIN - ply as i32));
        }
        order(position, &mut moves);
        let mut best = -WIN - 1;
        let mut result = Ok(());
        for &mv in &moves {
            let mut child = position.clone();
            let battle = child.play_unchecked(mv);
            let score = if battle.is_some_and(|b| b.flag_taken()) {
                WIN - ply as i32 - 1
            } else {
                match self.negamax(&child, depth - 1, -beta, -alpha, ply + 1) {
                    Ok(s) => -s,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            };
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply as usize] = moves;
        result.map(|_| best)
    }

    /// Captures only (those that do not simply lose the attacker), standing pat on the
    /// evaluation.
    fn quiesce(
        &mut self,
        position: &Position,
        mut alpha: i32,
        beta: i32,
        ply: u32,
        left: u32,
    ) -> Result<i32, Aborted> {
        self.tick()?;
        let mut moves = self.buffer(ply);
        position.legal_moves_into(&mut moves);
        if moves.is_empty() {
            self.buffers[ply as usize] = moves;
            return Ok(-(WIN - ply as i32));
        }
        let stand = evaluate(position, self.rules, self.tune);
        if stand >= beta || left == 0 {
            self.buffers[ply as usize] = moves;
            return Ok(stand);
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        moves.retain(|mv| {
            let (Some(a), Some(d)) = (position.piece_at(mv.from), position.piece_at(mv.to)) else {
                return false;
            };
            battle(a.kind, d.kind) != BattleResult::DefenderWins
        });
        order(position, &mut moves);
        let mut result = Ok(());
        for &mv in &moves {
            let mut child = position.clone();
            let battle = child.play_unchecked(mv);
            let score = if battle.is_some_and(|b| b.flag_taken()) {
                WIN - ply as i32 - 1
            } else {
                match self.quiesce(&child, -beta, -alpha, ply + 1, left - 1) {
                    Ok(s) => -s,
                    Err(e) => {
                        result = Err(e);
                        break;
                    }
                }
            };
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply as usize] = moves;
        result.map(|_| best)
    }

    /// The score if the no-battle rule has ended the game here.
    fn no_battle(&self, position: &Position, ply: u32) -> Option<i32> {
        let n = self.rules.no_battle_plies?;
        let to_move = position.side_to_move();
        (position.quiet_plies() >= n).then(|| match self.rules.no_battle_verdict.loser(to_move) {
            None => 0,
            Some(loser) if loser == to_move => -(WIN - ply as i32),
            Some(_) => WIN - ply as i32,
        })
    }

    fn buffer(&mut self, ply: u32) -> Vec<Move> {
        while self.buffers.len() <= ply as usize {
            self.buffers.push(Vec::with_capacity(64));
        }
        let mut b = std::mem::take(&mut self.buffers[ply as usize]);
        b.clear();
        b
    }
}

/// Orders moves best-first for the pruning: flag captures, winning captures by the value
/// taken, even trades, quiet moves forward, then attacks that lose the attacker.
fn order(position: &Position, moves: &mut [Move]) {
    let key = |mv: &Move| -> i32 {
        let attacker = position.piece_at(mv.from).expect("a mover");
        match position.piece_at(mv.to) {
            None => {
                let forward = match attacker.side {
                    Side::South => mv.from.row() as i32 - mv.to.row() as i32,
                    Side::North => mv.to.row() as i32 - mv.from.row() as i32,
                };
                -forward
            }
            Some(d) if d.kind == Kind::Flag => -100_000,
            Some(d) => match battle(attacker.kind, d.kind) {
                BattleResult::AttackerWins => -1000 - value(d.kind),
                BattleResult::BothRemoved => -500 - value(d.kind) + value(attacker.kind),
                BattleResult::DefenderWins => 1000 + value(attacker.kind),
            },
        }
    };
    moves.sort_by_cached_key(key);
}

fn distance(a: Square, b: Square) -> i32 {
    (a.file() as i32 - b.file() as i32).abs() + (a.row() as i32 - b.row() as i32).abs()
}

/// The static evaluation for the side to move: material, pressure on the enemy flag,
/// progress into the enemy half, and the no-battle rule.
pub fn evaluate(position: &Position, rules: RuleSet, tune: Tune) -> i32 {
    let mut score = [0i32; 2];
    let mut flags = [None; 2];
    for side in Side::BOTH {
        for hq in headquarters_of(side) {
            if position
                .piece_at(hq)
                .is_some_and(|p| p.side == side && p.kind == Kind::Flag)
            {
                flags[side.index()] = Some(hq);
            }
        }
    }
    for side in Side::BOTH {
        let enemy_flag = flags[side.opponent().index()];
        for s in squares(position.occupied(side)) {
            let kind = position.piece_at(s).expect("occupied").kind;
            let mut v = value(kind) * 4;
            if kind.can_move() && HEADQUARTERS & s.bit() == 0 {
                let progress = match side {
                    Side::South => 11 - s.row() as i32,
                    Side::North => s.row() as i32,
                };
                if progress >= 6 {
                    v += 2 * (progress - 5);
                }
                if let Some(f) = enemy_flag {
                    let d = distance(s, f);
                    if tune.flag_safety {
                        // Close to the flag is what wins: worth far more than a step.
                        v += match d {
                            0 | 1 => 70,
                            2 => 35,
                            3 => 15,
                            4 => 6,
                            _ => 0,
                        };
                    } else if d <= 4 {
                        v += (5 - d) * 6;
                    }
                }
            }
            score[side.index()] += v;
        }
        if tune.flag_safety
            && let Some(f) = flags[side.index()]
        {
            // Guards on the flag's neighbours: a landmine or any piece standing there.
            let guards = (ROADS[f.index()] & position.occupied(side)).count_ones() as i32;
            score[side.index()] += 12 * guards.min(3);
        }
    }
    let me = position.side_to_move();
    if tune.flag_danger {
        for side in Side::BOTH {
            score[side.index()] -= flag_danger(position, side, flags[side.index()], me, tune);
        }
    }
    let mut eval = score[me.index()] - score[me.opponent().index()];
    if let Some(n) = rules.no_battle_plies
        && rules.no_battle_verdict != NoBattleVerdict::Draw
    {
        let left = n.saturating_sub(position.quiet_plies());
        if left <= 8 {
            // We make the last quiet ply if `left` is odd. Under MoverLoses that loses; under
            // SideToMoveLoses it wins.
            let pressure = (9 - left as i32) * 25;
            let we_make_it = !left.is_multiple_of(2);
            let we_lose = we_make_it == (rules.no_battle_verdict == NoBattleVerdict::MoverLoses);
            if we_lose {
                eval -= pressure;
            } else {
                eval += pressure;
            }
        }
    }
    eval
}

/// What the threats to `side`'s flag on `flag` cost it (evaluation units), with `to_move`
/// to move: an enemy piece on an approach (a neighbour of the flag) threatens to take it
/// next move; one that can reach an open approach, or beat the guard on one, in one move
/// threatens it in two. The threat is worse when the enemy moves next. Also: with few
/// movable pieces left, the side is near having no move (which loses).
fn flag_danger(
    position: &Position,
    side: Side,
    flag: Option<Square>,
    to_move: Side,
    tune: Tune,
) -> i32 {
    let own = position.occupied(side);
    let enemy = position.occupied(side.opponent());
    let mobile = |s: Square| position.piece_at(s).is_some_and(|p| p.kind.can_move());
    let mut cost = 0;
    let movers = squares(own)
        .filter(|&s| mobile(s) && HEADQUARTERS & s.bit() == 0)
        .count() as i32;
    if tune.mobility {
        // Each movable piece lost near the end costs more than the last: with none left the
        // side has no move and loses, so an even trade of the last ones is a bad one.
        if movers < 6 {
            cost += (6 - movers) * (6 - movers) * 20;
        }
    } else if movers < 4 {
        cost += (4 - movers) * 60;
    }
    let Some(f) = flag else {
        return cost;
    };
    let their_move = to_move != side;
    let mut adjacent = 0;
    let mut near = 0;
    for a in squares(ROADS[f.index()]) {
        if enemy & a.bit() != 0 {
            if mobile(a) {
                adjacent += 1;
            }
            continue;
        }
        let guard = (own & a.bit() != 0).then(|| position.piece_at(a).expect("occupied").kind);
        let straight =
            (ROADS[a.index()] | targets(a, Kind::Captain, own & !a.bit(), enemy)) & enemy;
        let turning = targets(a, Kind::Engineer, own & !a.bit(), enemy) & enemy & !straight;
        let threat = squares(straight)
            .chain(squares(turning))
            .filter(|&s| {
                let p = position.piece_at(s).expect("occupied");
                p.kind.can_move()
                    && (turning & s.bit() == 0 || p.kind == Kind::Engineer)
                    && HEADQUARTERS & s.bit() == 0
                    && guard.is_none_or(|g| battle(p.kind, g) == BattleResult::AttackerWins)
            })
            .count() as i32;
        if threat > 0 {
            near += 1;
        }
    }
    cost += adjacent * if their_move { 600 } else { 250 };
    cost += near.min(2) * if their_move { 160 } else { 70 };
    cost
}
