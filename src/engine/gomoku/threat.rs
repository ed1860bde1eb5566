//! Threat-space search for two seats: a VCF (victory by continuous fours: every attacking
//! move makes a four, so the defender's reply is forced) and a VCT (victory by continuous
//! threats: fours and open threes; against a three the defender may block it anywhere on
//! its line or answer with fours of its own, and every such answer must lose).
//!
//! The attacker is the seat to move. A defender who can make five wins; a defender who can
//! block a four only on a point renju forbids it (Black) loses. Failed positions are
//! remembered by hash with the depth they failed at.

use std::collections::HashMap;
use std::time::Instant;

use super::budget::{Budget, Share};
use super::state::{F_DOUBLE, F_FIVE, F_FOUR, F_THREE, F_WIN, State};

/// The attacker's threats (its fours, and with `vct` its open threes) near the stones,
/// the most promising first: fours, then threes, doubles first within each, then by the
/// points' values for both seats. Forbidden points are not taken out.
pub(super) fn threat_moves(st: &State, a: u8, d: u8, vct: bool) -> Vec<usize> {
    let mask = F_FOUR | if vct { F_THREE } else { 0 };
    let mut moves: Vec<(i32, usize)> = st
        .cells_with_any(a, mask)
        .filter_map(|c| {
            let f = st.flags(a, c);
            let rank = if f & F_FOUR != 0 {
                2_000_000
            } else if vct && f & F_THREE != 0 {
                1_000_000
            } else {
                return None;
            };
            let bonus = if f & F_DOUBLE != 0 { 500_000 } else { 0 };
            Some((rank + bonus + st.value(a, c) + st.value(d, c), c))
        })
        .collect();
    moves.sort_unstable_by(|x, y| y.cmp(x));
    moves.into_iter().map(|(_, c)| c).collect()
}

/// The defender's answers to the attacker's open threes: every empty point on the lines
/// that threaten an open four, and the defender's own fours; `None` if the attacker
/// threatens no open four. Forbidden points are not taken out.
pub(super) fn answers(st: &State, a: u8, d: u8) -> Option<Vec<usize>> {
    let wins: Vec<usize> = st
        .cells_with(a, F_WIN)
        .into_iter()
        .filter(|&c| !st.forbidden(a, c))
        .collect();
    if wins.is_empty() {
        return None;
    }
    let r = st.win() - 1;
    let mut replies: Vec<usize> = Vec::new();
    for &w in &wins {
        for dir in 0..4 {
            if st.pat(a, w, dir) < super::pattern::Pat::Four {
                continue;
            }
            for x in st.line(w, dir, r) {
                if st.is_empty(x) && !replies.contains(&x) {
                    replies.push(x);
                }
            }
        }
    }
    for c in st.cells_with(d, F_FOUR) {
        if !replies.contains(&c) {
            replies.push(c);
        }
    }
    Some(replies)
}

/// A threat-space search over one position.
pub struct Threats<'a> {
    st: &'a mut State,
    attacker: u8,
    defender: u8,
    vct: bool,
    /// With a four tail ([`Threats::four_tail`], a VCT only): the fours the attacker may
    /// still play on this line of play, which then cost no depth (the depth counts open
    /// threes only); `None`: every threat costs one.
    fours: Option<u32>,
    share: Share<'a>,
    /// Positions that failed, with the depth (and `fours`) they failed at.
    failed: HashMap<u64, (u32, u32)>,
}

impl<'a> Threats<'a> {
    /// A search for the seat to move of `st` (which must have two seats playing), within
    /// `limit` more nodes of `budget`; `vct` allows open threes as threats.
    pub fn new(st: &'a mut State, vct: bool, budget: &'a mut Budget, limit: u64) -> Threats<'a> {
        let attacker = st.mover();
        let defender = st.next_seat();
        Threats {
            st,
            attacker,
            defender,
            vct,
            fours: None,
            share: Share::new(budget, limit),
            failed: HashMap::new(),
        }
    }

    /// Stops the search at `until` too (read every 256 nodes), if given.
    pub fn until(mut self, until: Option<Instant>) -> Threats<'a> {
        self.share.set_until(until);
        self
    }

    /// A VCT whose fours cost no depth (its depth then counts open threes only), at most
    /// `fours` of them on a line of play, so a long run of fours between threes, or after
    /// the last one, is seen; `0` leaves every threat costing one (and a VCF unchanged).
    pub fn four_tail(mut self, fours: u32) -> Threats<'a> {
        self.fours = (self.vct && fours > 0).then_some(fours);
        self
    }

    /// Whether the search ran out of nodes or time (a `None` from [`Threats::find`] then
    /// proves nothing).
    pub fn aborted(&self) -> bool {
        self.share.aborted()
    }

    /// The first move of a forced win found within `depth` attacking moves, if any.
    pub fn find(&mut self, depth: u32) -> Option<usize> {
        if self.st.playing() != 2 {
            return None;
        }
        self.attack(depth)
    }

    /// The attacker to move: a winning move, if it finds one.
    fn attack(&mut self, depth: u32) -> Option<usize> {
        self.share.count();
        if self.share.exhausted() {
            return None;
        }
        let (a, d) = (self.attacker, self.defender);
        if let Some(&c) = self.st.cells_with(a, F_FIVE).first() {
            return Some(c);
        }
        let fives = self.st.cells_with(d, F_FIVE);
        if !fives.is_empty() {
            let b = fives[0];
            let threat = F_FOUR | if self.vct { F_THREE } else { 0 };
            if fives.len() >= 2 || !self.st.legal(b) {
                return None;
            }
            if self.st.flags(a, b) & threat == 0 {
                return None;
            }
            let won = self.threaten(b, depth)?;
            return won.then_some(b);
        }
        if let Some(c) = self
            .st
            .cells_with(a, F_WIN)
            .into_iter()
            .find(|&c| self.st.legal(c))
        {
            return Some(c);
        }
        let fours = self.fours.unwrap_or(0);
        if depth == 0 && fours == 0 {
            return None;
        }
        let key = self.st.hash();
        if self
            .failed
            .get(&key)
            .is_some_and(|&(at, with)| at >= depth && with >= fours)
        {
            return None;
        }
        // Out of depth, only fours are left (with a four tail).
        for m in threat_moves(self.st, a, d, self.vct && depth > 0) {
            if !self.st.legal(m) {
                continue;
            }
            let Some(won) = self.threaten(m, depth) else {
                continue;
            };
            if won {
                return Some(m);
            }
            if self.share.aborted() {
                return None;
            }
        }
        if !self.share.aborted() {
            self.failed.insert(key, (depth, fours));
        }
        None
    }

    /// The attacker plays the threat `m` with `depth` left: whether every reply then
    /// loses, or `None` when it cannot pay for it (no depth left, or with a four tail no
    /// four left for a four).
    fn threaten(&mut self, m: usize, depth: u32) -> Option<bool> {
        let four = self.st.flags(self.attacker, m) & F_FOUR != 0;
        let (depth_after, fours_after) = match self.fours {
            Some(f) if four => (depth, Some(f.checked_sub(1)?)),
            f => (depth.checked_sub(1)?, f),
        };
        let fours = std::mem::replace(&mut self.fours, fours_after);
        self.st.make(m);
        let won = self.defend(depth_after);
        self.st.unmake();
        self.fours = fours;
        Some(won)
    }

    /// The defender to move after an attacking move: whether every reply loses.
    fn defend(&mut self, depth: u32) -> bool {
        self.share.count();
        if self.share.exhausted() {
            return false;
        }
        let (a, d) = (self.attacker, self.defender);
        if self.st.count(d, F_FIVE) > 0 {
            return false;
        }
        let fives = self.st.cells_with(a, F_FIVE);
        if fives.len() >= 2 {
            return true;
        }
        if let Some(&b) = fives.first() {
            if !self.st.legal(b) {
                return true;
            }
            self.st.make(b);
            let won = self.attack(depth).is_some();
            self.st.unmake();
            return won;
        }
        if !self.vct {
            return false;
        }
        let Some(replies) = answers(self.st, a, d) else {
            return false;
        };
        for m in replies {
            if !self.st.legal(m) {
                continue;
            }
            self.st.make(m);
            let won = self.attack(depth).is_some();
            self.st.unmake();
            if !won {
                return false;
            }
        }
        true
    }
}
