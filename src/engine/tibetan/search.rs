//! The search: iterative deepening alpha-beta over whole turns, with a short quiescence of
//! captures and formations in the battle. Removals are not tried in every combination: for
//! each turn that earns `k`, the removals are picked one at a time, each the enemy stone
//! whose loss the evaluation likes best; at the root a few alternatives (another first
//! pick) are searched too. A node budget (and optionally a deadline) stops it; with no
//! deadline the result depends only on the position, the limits and the seed.

use std::time::{Duration, Instant};

use super::eval::evaluate;
use super::state::State;
use crate::rules::tibetan::point::{Bits, points};
use crate::rules::tibetan::{Game, Phase, Point, Rules, Side, Turn};

/// A win's score; a win in `n` plies scores `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// How far a search may go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop after about this many nodes.
    pub nodes: u64,
    /// The deepest iteration, in turns.
    pub depth: u8,
    /// Stop at this time after the start, if set (then the result depends on the machine).
    pub time: Option<Duration>,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The turn to play, removals included.
    pub turn: Turn,
    /// Its score for the side to act, in hundredths of a stone.
    pub score: i32,
    /// The deepest iteration completed (or partly searched), in turns.
    pub depth: u8,
    /// Nodes visited.
    pub nodes: u64,
}

/// A child of a node: the turn and the position after it.
struct Child {
    turn: Turn,
    state: State,
    key: i32,
}

struct Search {
    rules: Rules,
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
    /// Battle positions (stones, side) from the game's start down the current line.
    path: Vec<([Bits; 2], Side)>,
}

/// The best turn for the side to act in `game`, or `None` when the game is over. The turn
/// is checked against the rules core; `seed` breaks near-ties among root turns.
pub fn search(game: &Game, limits: Limits, seed: u64) -> Option<Report> {
    if game.ending().is_some() {
        return None;
    }
    let rules = *game.rules();
    let root = State::of(game.position());
    let mut path: Vec<([Bits; 2], Side)> = game
        .history()
        .iter()
        .map(|(p, _)| State::of(p))
        .chain([root])
        .filter(|s| s.phase == Phase::Battle)
        .map(|s| (s.stones, s.side))
        .collect();
    path.shrink_to_fit();
    let mut search = Search {
        rules,
        nodes: 0,
        limit: limits.nodes.max(1),
        deadline: limits.time.map(|t| Instant::now() + t),
        stopped: false,
        path,
    };
    let mut children = search.expand(&root, 3, true);
    if children.is_empty() {
        return None;
    }
    for (i, c) in children.iter_mut().enumerate() {
        c.key += jitter(seed, i);
    }
    children.sort_by_key(|c| -c.key);
    let mut best = (children[0].turn.clone(), children[0].key);
    let mut depth_done = 0;
    if children.len() > 1 {
        for depth in 1..=limits.depth.max(1) {
            let mut alpha = -WIN - 1;
            let mut found: Option<(usize, i32)> = None;
            let mut scores = vec![i32::MIN; children.len()];
            for (i, child) in children.iter().enumerate() {
                let score = search.child(&root, &child.state, depth - 1, alpha, WIN + 1, 1);
                if search.stopped {
                    break;
                }
                scores[i] = score;
                if score > alpha {
                    alpha = score;
                    found = Some((i, score));
                }
            }
            if let Some((i, score)) = found {
                best = (children[i].turn.clone(), score);
                depth_done = depth;
            }
            if search.stopped {
                break;
            }
            // The next iteration tries the best first.
            let mut order: Vec<(i32, usize)> =
                scores.iter().enumerate().map(|(i, &s)| (-s, i)).collect();
            order.sort();
            let mut taken: Vec<Option<Child>> = children.into_iter().map(Some).collect();
            children = order
                .into_iter()
                .map(|(_, i)| taken[i].take().expect("each once"))
                .collect();
            if alpha.abs() >= WIN - 1000 {
                break;
            }
        }
    }
    let turn = legal_or_fallback(game, best.0);
    Some(Report {
        turn,
        score: best.1,
        depth: depth_done,
        nodes: search.nodes,
    })
}

/// `turn` if the rules core accepts it, else the first legal turn with the first stones
/// it may remove (a safety net: it should never be needed).
fn legal_or_fallback(game: &Game, turn: Turn) -> Turn {
    let mut trial = game.clone();
    if trial.play(&turn).is_ok() {
        // The removals in the order the session lists them: free stones, then protected
        // ones, each by point.
        let protected = game
            .removable(&turn)
            .map(|r| r.protected)
            .unwrap_or_default();
        let mut removals = turn.removals().to_vec();
        removals.sort_by_key(|p| (protected.contains(p), *p));
        return turn.with_removals(removals);
    }
    let first = game.legal_turns().into_iter().next().expect("a legal turn");
    let removable = game.removable(&first.turn).expect("legal");
    let removals = removable
        .free
        .iter()
        .chain(&removable.protected)
        .copied()
        .take(removable.count as usize)
        .collect();
    first.turn.with_removals(removals)
}

/// A small, seeded tie-breaker for the `i`th root turn (0 to 3).
fn jitter(seed: u64, i: usize) -> i32 {
    let mut x = seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 29;
    (x % 4) as i32
}

impl Search {
    /// The score of `child` (reached from `parent`) for the side to act at `parent`.
    fn child(
        &mut self,
        parent: &State,
        child: &State,
        depth: u8,
        alpha: i32,
        beta: i32,
        ply: i32,
    ) -> i32 {
        let battle = child.phase == Phase::Battle;
        if battle {
            let key = (child.stones, child.side);
            let back = child.quiet as usize + 1;
            if self.path.iter().rev().take(back).any(|k| *k == key) {
                return 0;
            }
            self.path.push(key);
        }
        let score = if child.side == parent.side {
            self.node(child, depth, alpha, beta, ply)
        } else {
            -self.node(child, depth, -beta, -alpha, ply)
        };
        if battle {
            self.path.pop();
        }
        score
    }

    /// The score of `s` for its side to act, searched `depth` more turns.
    fn node(&mut self, s: &State, depth: u8, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes >= self.limit {
            self.stopped = true;
        }
        if self.nodes & 1023 == 0
            && let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if let Some(score) = self.terminal(s, ply) {
            return score;
        }
        if depth == 0 {
            return self.quiesce(s, alpha, beta, ply, 2);
        }
        let mut children = self.expand(s, 1, depth >= 2);
        children.sort_by_key(|c| -c.key);
        let mut best = -WIN - 1;
        for c in &children {
            let score = self.child(s, &c.state, depth - 1, alpha, beta, ply + 1);
            if self.stopped {
                return 0;
            }
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
        best
    }

    /// Captures and formations only, standing pat on the evaluation.
    fn quiesce(&mut self, s: &State, mut alpha: i32, beta: i32, ply: i32, left: u8) -> i32 {
        let stand = evaluate(s, &self.rules);
        if left == 0 || s.phase != Phase::Battle || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let loud: Vec<_> = s
            .candidates(&self.rules)
            .into_iter()
            .filter(|c| c.captures > 0 || c.removals > 0)
            .collect();
        let mut children = Vec::new();
        for c in loud {
            self.push_children(s, c.turn, c.removals, c.captures, 1, false, &mut children);
        }
        children.sort_by_key(|c| -c.key);
        for c in &children {
            self.nodes += 1;
            if self.nodes >= self.limit {
                self.stopped = true;
                return 0;
            }
            let score = match self.terminal(&c.state, ply + 1) {
                Some(t) => -t,
                None => -self.quiesce(&c.state, -beta, -alpha, ply + 1, left - 1),
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
        best
    }

    /// The game's end at `s`, if it has ended, scored for its side to act.
    fn terminal(&self, s: &State, ply: i32) -> Option<i32> {
        if s.phase == Phase::Place {
            return None;
        }
        for side in Side::BOTH {
            if s.count(side) <= 3 {
                let score = WIN - ply;
                return Some(if side == s.side { -score } else { score });
            }
        }
        if s.phase == Phase::Battle {
            if !s.can_move(&self.rules) {
                return Some(-(WIN - ply));
            }
            if let Some(n) = self.rules.quiet_draw
                && s.quiet >= n
            {
                return Some(0);
            }
        }
        None
    }

    /// The children of `s`, each turn with up to `variants` removal choices, keyed for
    /// ordering (by the evaluation when `order` is set, else by what the turn takes).
    fn expand(&self, s: &State, variants: usize, order: bool) -> Vec<Child> {
        let mut out = Vec::new();
        for c in s.candidates(&self.rules) {
            self.push_children(s, c.turn, c.removals, c.captures, variants, order, &mut out);
        }
        out
    }

    #[allow(clippy::too_many_arguments)]
    fn push_children(
        &self,
        s: &State,
        turn: Turn,
        removals: u8,
        captures: u8,
        variants: usize,
        order: bool,
        out: &mut Vec<Child>,
    ) {
        let rules = &self.rules;
        let (mid, k, captured) = s.advance(&turn, rules);
        let choices = if k == 0 {
            vec![vec![]]
        } else {
            pick_removals(&mid, k, variants, rules)
        };
        for removed in choices {
            let mut state = mid;
            let them = state.side.opponent().index();
            for p in &removed {
                state.stones[them] &= !p.bit();
            }
            state.finish(removed.len() as u8, captured, rules);
            let key = if order {
                let e = evaluate(&state, rules);
                if state.side == s.side { e } else { -e }
            } else {
                100 * (removals as i32 + captures as i32)
            };
            out.push(Child {
                turn: turn.with_removals(removed),
                state,
                key,
            });
        }
    }
}

/// Up to `variants` ways to take `k` enemy stones from `mid` (the position after the
/// stone part of a turn, its mover still to act): greedily the stone whose loss the
/// evaluation likes best, one at a time; the other variants start from the next-best
/// first pick.
pub(crate) fn pick_removals(mid: &State, k: u8, variants: usize, rules: &Rules) -> Vec<Vec<Point>> {
    let ranked = rank(mid, rules);
    let mut out: Vec<Vec<Point>> = Vec::new();
    for &(first, _) in ranked.iter().take(variants.max(1)) {
        let mut s = *mid;
        let mut chosen = vec![first];
        remove(&mut s, first);
        while chosen.len() < k as usize {
            let Some(&(next, _)) = rank(&s, rules).first() else {
                break;
            };
            chosen.push(next);
            remove(&mut s, next);
        }
        let mut sorted = chosen.clone();
        sorted.sort();
        if !out.iter().any(|o| {
            let mut o = o.clone();
            o.sort();
            o == sorted
        }) {
            out.push(chosen);
        }
    }
    out
}

fn remove(s: &mut State, p: Point) {
    let them = s.side.opponent().index();
    s.stones[them] &= !p.bit();
}

/// The enemy stones `mid`'s mover may remove next, best first, with their scores.
fn rank(mid: &State, rules: &Rules) -> Vec<(Point, i32)> {
    let (free, protected) = mid.removable(rules);
    let pool = if free != 0 { free } else { protected };
    let mut ranked: Vec<(Point, i32)> = points(pool)
        .map(|p| {
            let mut s = *mid;
            remove(&mut s, p);
            // The enemy acts next: score it from its side, and negate.
            s.side = s.side.opponent();
            (p, -evaluate(&s, rules))
        })
        .collect();
    ranked.sort_by_key(|&(p, score)| (-score, p));
    ranked
}
