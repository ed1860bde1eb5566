//! The engine's own copy of a position: plain bits, copied rather than cloned, with a fast
//! turn generator and `apply` that trust their input. It follows `rules::tibetan::game`
//! exactly (a unit test compares them over random games); the engine checks its final
//! choice against the real [`Game`](crate::rules::tibetan::Game) anyway.

use std::sync::LazyLock;

use crate::rules::tibetan::formation::{LINES, SQUARES, in_formations};
use crate::rules::tibetan::point::{ALL, Bits, DIRECTIONS, POINTS, points};
use crate::rules::tibetan::{Path, Phase, Point, Position, Rules, Side, Turn};

/// Per-point tables: neighbours, the unit cells and lines through it, and its jumps.
pub(crate) struct Tables {
    /// The points next to each point.
    pub neighbours: [Bits; POINTS],
    /// The unit cells (indices into [`SQUARES`]) through each point.
    pub cells: [Vec<usize>; POINTS],
    /// Each point's rank and file, as masks.
    pub lines: [[Bits; 2]; POINTS],
    /// Each point's jumps: (the point jumped, the landing point).
    pub jumps: [Vec<(Point, Point)>; POINTS],
}

/// The tables, built once.
pub(crate) static TABLES: LazyLock<Tables> = LazyLock::new(|| {
    let mut neighbours = [0; POINTS];
    let mut cells: [Vec<usize>; POINTS] = std::array::from_fn(|_| Vec::new());
    let mut lines = [[0; 2]; POINTS];
    let mut jumps: [Vec<(Point, Point)>; POINTS] = std::array::from_fn(|_| Vec::new());
    for p in Point::all() {
        let i = p.index();
        neighbours[i] = p.neighbours();
        cells[i] = (0..SQUARES.len())
            .filter(|&c| SQUARES[c] & p.bit() != 0)
            .collect();
        lines[i] = [LINES[p.rank() as usize], LINES[7 + p.file() as usize]];
        for d in DIRECTIONS {
            if let (Some(over), Some(to)) = (p.offset(d, 1), p.offset(d, 2)) {
                jumps[i].push((over, to));
            }
        }
    }
    Tables {
        neighbours,
        cells,
        lines,
        jumps,
    }
});

/// A position as the engine keeps it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// Black's stones, White's stones.
    pub stones: [Bits; 2],
    /// The phase.
    pub phase: Phase,
    /// The side to act.
    pub side: Side,
    /// Removals earned (place) or due (remove).
    pub due: [u8; 2],
    /// Who formed first in placement.
    pub first: Option<Side>,
    /// Battle turns without a stone leaving the board.
    pub quiet: u8,
}

/// A turn before its removals, with how many removals it must list.
#[derive(Clone, Debug)]
pub(crate) struct Candidate {
    /// The turn, removals empty.
    pub turn: Turn,
    /// Removals it must list.
    pub removals: u8,
    /// Enemy stones its jumps capture.
    pub captures: u8,
}

impl State {
    /// The engine's copy of `position`.
    pub fn of(position: &Position) -> State {
        State {
            stones: [position.stones(Side::Black), position.stones(Side::White)],
            phase: position.phase(),
            side: position.side(),
            due: [position.due(Side::Black), position.due(Side::White)],
            first: position.first(),
            quiet: position.quiet(),
        }
    }

    /// The side to act's stones.
    pub fn own(&self) -> Bits {
        self.stones[self.side.index()]
    }

    /// The enemy's stones.
    pub fn enemy(&self) -> Bits {
        self.stones[self.side.opponent().index()]
    }

    /// The empty points.
    pub fn empty(&self) -> Bits {
        ALL & !(self.stones[0] | self.stones[1])
    }

    /// How many stones `side` has.
    pub fn count(&self, side: Side) -> u8 {
        self.stones[side.index()].count_ones() as u8
    }

    /// Every turn of the side to act (removals empty), unsorted.
    pub fn candidates(&self, rules: &Rules) -> Vec<Candidate> {
        let mut out = Vec::new();
        match self.phase {
            Phase::Place => {
                for p in points(self.empty()) {
                    out.push(Candidate {
                        turn: Turn::Place(p, vec![]),
                        removals: 0,
                        captures: 0,
                    });
                }
            }
            Phase::Remove => out.push(Candidate {
                turn: Turn::Remove(vec![]),
                removals: self.due[self.side.index()].min(self.count(self.side.opponent())),
                captures: 0,
            }),
            Phase::Battle => self.battle(rules, &mut out),
        }
        out
    }

    /// Whether `side` may fly.
    pub fn flies(&self, side: Side, rules: &Rules) -> bool {
        rules.fly_at.is_some_and(|n| self.count(side) <= n)
    }

    fn battle(&self, rules: &Rules, out: &mut Vec<Candidate>) {
        let t = &*TABLES;
        let own = self.own();
        let enemy = self.enemy();
        let empty = self.empty();
        let flies = self.flies(self.side, rules);
        for from in points(own) {
            let rest = own & !from.bit();
            let targets = if flies {
                empty
            } else {
                t.neighbours[from.index()] & empty
            };
            for to in points(targets) {
                let earned = earned(own, rest | to.bit(), to, rules, false);
                out.push(Candidate {
                    turn: Turn::Move {
                        path: Path::Slide { from, to },
                        removals: vec![],
                    },
                    removals: earned.min(enemy.count_ones() as u8),
                    captures: 0,
                });
            }
            let mut chain = vec![from];
            jumps(own, rest, enemy, &mut chain, rules, out);
        }
    }

    /// Whether the side to act has any battle turn.
    pub fn can_move(&self, rules: &Rules) -> bool {
        let t = &*TABLES;
        let own = self.own();
        let enemy = self.enemy();
        let empty = self.empty();
        if own != 0 && empty != 0 && self.flies(self.side, rules) {
            return true;
        }
        points(own).any(|p| {
            t.neighbours[p.index()] & empty != 0
                || t.jumps[p.index()]
                    .iter()
                    .any(|(o, l)| enemy & o.bit() != 0 && empty & l.bit() != 0)
        })
    }

    /// The stone part of `turn`: the position before its removals (side not yet changed),
    /// the removals due, and whether it captured.
    pub fn advance(&self, turn: &Turn, rules: &Rules) -> (State, u8, bool) {
        let mut s = *self;
        let me = s.side.index();
        let them = s.side.opponent().index();
        match turn {
            Turn::Place(p, _) => {
                let own = s.stones[me];
                let e = earned(own, own | p.bit(), *p, rules, true);
                s.stones[me] |= p.bit();
                s.due[me] = s.due[me].saturating_add(e);
                if e > 0 && s.first.is_none() {
                    s.first = Some(s.side);
                }
                (s, 0, false)
            }
            Turn::Remove(_) => {
                let k = s.due[me].min(s.stones[them].count_ones() as u8);
                (s, k, false)
            }
            Turn::Move { path, .. } => {
                let before = s.stones[me];
                let mut captured = false;
                s.stones[me] &= !path.from().bit();
                if let Path::Jump(chain) = path {
                    for hop in chain.windows(2) {
                        let (a, b) = (hop[0], hop[1]);
                        let over = Point::new((a.file() + b.file()) / 2, (a.rank() + b.rank()) / 2)
                            .expect("on the board");
                        s.stones[them] &= !over.bit();
                        captured = true;
                    }
                }
                let to = path.to();
                s.stones[me] |= to.bit();
                let e = earned(before, s.stones[me], to, rules, false);
                let k = e.min(s.stones[them].count_ones() as u8);
                (s, k, captured)
            }
        }
    }

    /// The position after `turn`, removals included (trusted to be legal).
    #[cfg(test)]
    pub fn apply(&self, turn: &Turn, rules: &Rules) -> State {
        let (mut s, _, captured) = self.advance(turn, rules);
        let removals = turn.removals();
        let them = s.side.opponent().index();
        for p in removals {
            s.stones[them] &= !p.bit();
        }
        s.finish(removals.len() as u8, captured, rules);
        s
    }

    /// After the removals: the side, phase and counts move on.
    pub fn finish(&mut self, removed: u8, captured: bool, rules: &Rules) {
        let side = self.side;
        match self.phase {
            Phase::Place => {
                self.side = side.opponent();
                if self.empty() == 0 {
                    self.start_removals();
                }
            }
            Phase::Remove => {
                self.due[side.index()] = 0;
                if self.due[side.opponent().index()] > 0 {
                    self.side = side.opponent();
                } else {
                    self.phase = Phase::Battle;
                    self.side = rules.battle_first;
                }
            }
            Phase::Battle => {
                self.quiet = if captured || removed > 0 {
                    0
                } else {
                    (self.quiet + 1).min(50)
                };
                self.side = side.opponent();
            }
        }
    }

    fn start_removals(&mut self) {
        let [black, white] = self.due;
        self.phase = Phase::Remove;
        match (black > 0, white > 0, self.first) {
            (false, false, _) => {
                self.due = [1, 1];
                self.side = Side::White;
            }
            (true, true, Some(first)) => self.side = first,
            (true, _, _) => {
                self.due = [black, 1];
                self.side = Side::Black;
            }
            (_, true, _) => {
                self.due = [1, white];
                self.side = Side::White;
            }
        }
        self.first = None;
    }

    /// Which enemy stones a removal by the side to act may take now, in two groups: those
    /// free to go, and (with protection) those in formations, which go only after all the
    /// free ones.
    pub fn removable(&self, rules: &Rules) -> (Bits, Bits) {
        let enemy = self.enemy();
        let protected = if rules.protect_formations {
            in_formations(enemy)
        } else {
            0
        };
        (enemy & !protected, enemy & protected)
    }
}

/// The removals a stone ending on `end` earns: the formations through `end` in `after`
/// that were not all in `before`, as `Formed::earned_under` counts them.
pub(crate) fn earned(before: Bits, after: Bits, end: Point, rules: &Rules, placement: bool) -> u8 {
    let t = &*TABLES;
    let i = end.index();
    let new = |m: Bits| m & after == m && m & before != m;
    let squares = t.cells[i].iter().filter(|&&c| new(SQUARES[c])).count() as u8;
    let lines = t.lines[i].iter().filter(|&&m| new(m)).count() as u8;
    let capped = rules.square_cap && (!placement || rules.cap_placements);
    let squares = if capped { squares.min(2) } else { squares };
    squares + 2 * lines
}

fn jumps(
    own: Bits,
    rest: Bits,
    enemy: Bits,
    chain: &mut Vec<Point>,
    rules: &Rules,
    out: &mut Vec<Candidate>,
) {
    let t = &*TABLES;
    let at = *chain.last().expect("a chain has a start");
    let empty = ALL & !(rest | enemy);
    for &(over, to) in &t.jumps[at.index()] {
        if enemy & over.bit() == 0 || empty & to.bit() == 0 {
            continue;
        }
        let enemy = enemy & !over.bit();
        chain.push(to);
        let e = earned(own, rest | to.bit(), to, rules, false);
        out.push(Candidate {
            turn: Turn::Move {
                path: Path::Jump(chain.clone()),
                removals: vec![],
            },
            removals: e.min(enemy.count_ones() as u8),
            captures: (chain.len() - 1) as u8,
        });
        jumps(own, rest, enemy, chain, rules, out);
        chain.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tibetan::Game;

    /// The engine's turns and positions agree with the rules core's over seeded random
    /// games.
    #[test]
    fn follows_the_rules_core() {
        let rules = Rules::default();
        for seed in 0..6u64 {
            let mut game = Game::new(rules).unwrap();
            let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
            for _ in 0..160 {
                if game.ending().is_some() {
                    break;
                }
                let s = State::of(game.position());
                let legal = game.legal_turns();
                let mut mine: Vec<(String, u8)> = s
                    .candidates(&rules)
                    .iter()
                    .map(|c| (c.turn.to_string(), c.removals))
                    .collect();
                mine.sort();
                mine.dedup();
                let theirs: Vec<(String, u8)> = legal
                    .iter()
                    .map(|t| (t.turn.to_string(), t.removals))
                    .collect();
                let mut sorted = theirs.clone();
                sorted.sort();
                assert_eq!(mine, sorted, "{}", game.position());
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let pick = &legal[(x % legal.len() as u64) as usize];
                let r = game.removable(&pick.turn).unwrap();
                let removals: Vec<Point> = r
                    .free
                    .iter()
                    .chain(&r.protected)
                    .copied()
                    .take(r.count as usize)
                    .collect();
                let turn = pick.turn.with_removals(removals);
                let next = s.apply(&turn, &rules);
                game.play(&turn).unwrap();
                assert_eq!(next, State::of(game.position()), "{turn}");
            }
        }
    }
}
