//! Proof-number threat search (depth-first proof-number search, df-pn) for two seats: the
//! same VCF and VCT as [`super::threat`] (fours and open threes; against a three the
//! defender blocks on its line or makes fours of its own), searched best-first instead of
//! depth by depth. A line where the defender has few answers is proven cheaply, so long
//! threat sequences (ten attacking moves and more) are found in a fraction of the nodes a
//! depth-limited search needs.
//!
//! Proof and disproof numbers are always those of "the attacker wins": at the attacker's
//! nodes the proof number is the smallest of the children's and the disproof number their
//! sum; at the defender's, the other way round.

use std::collections::HashMap;
use std::time::Instant;

use super::budget::{Budget, Share};
use super::state::{F_DOUBLE, F_FIVE, F_FOUR, F_WIN, State};
use super::threat::{answers, threat_moves};

/// A number larger than any proof or disproof number.
const INF: u32 = 1 << 30;
/// Lines longer than this many plies count as failed for the attacker.
const MAX_PLY: u32 = 60;
/// The most positions the table keeps (then it stops learning new ones).
const MAX_ENTRIES: usize = 1 << 21;

/// What a node is, seen from the attacker.
enum Node {
    Won,
    Lost,
    Moves(Vec<usize>),
}

/// A proof-number threat search over one position.
pub struct Proof<'a> {
    st: &'a mut State,
    attacker: u8,
    defender: u8,
    vct: bool,
    share: Share<'a>,
    table: HashMap<u64, (u32, u32)>,
}

impl<'a> Proof<'a> {
    /// A search for the seat to move of `st` (two seats playing), within `limit` more
    /// nodes of `budget`; `vct` allows open threes as threats.
    pub fn new(st: &'a mut State, vct: bool, budget: &'a mut Budget, limit: u64) -> Proof<'a> {
        let attacker = st.mover();
        let defender = st.next_seat();
        Proof {
            st,
            attacker,
            defender,
            vct,
            share: Share::new(budget, limit),
            table: HashMap::new(),
        }
    }

    /// Stops the search at `until` too (read every 256 nodes), if given.
    pub fn until(mut self, until: Option<Instant>) -> Proof<'a> {
        self.share.set_until(until);
        self
    }

    /// Whether the search ran out of nodes or time (a `None` from [`Proof::find`] then
    /// proves nothing).
    pub fn aborted(&self) -> bool {
        self.share.aborted()
    }

    /// The first move of a forced win, if one is proven within the budget.
    pub fn find(&mut self) -> Option<usize> {
        if self.st.playing() != 2 {
            return None;
        }
        let moves = match self.expand(true) {
            Node::Won => {
                return self.winning_point();
            }
            Node::Lost => return None,
            Node::Moves(moves) => moves,
        };
        let (pn, _) = self.mid(true, INF - 1, INF - 1, 0);
        if pn != 0 {
            return None;
        }
        moves
            .into_iter()
            .find(|&m| self.value(self.st.hash_after(m)).0 == 0)
    }

    /// The attacker's five, or its open-four point, when it has one.
    fn winning_point(&self) -> Option<usize> {
        let a = self.attacker;
        self.st.cells_with(a, F_FIVE).first().copied().or_else(|| {
            self.st
                .cells_with(a, F_WIN)
                .into_iter()
                .find(|&c| self.st.legal(c))
        })
    }

    fn value(&self, key: u64) -> (u32, u32) {
        self.table.get(&key).copied().unwrap_or((1, 1))
    }

    /// A child's numbers: from the table, or else a guess (at the attacker's node, a three
    /// leaves the defender about three answers, a four or a double only one).
    fn child_value(&self, attacker: bool, m: usize) -> (u32, u32) {
        if let Some(&v) = self.table.get(&self.st.hash_after(m)) {
            return v;
        }
        if attacker {
            let f = self.st.flags(self.attacker, m);
            if f & (F_FOUR | F_DOUBLE) == 0 {
                return (3, 1);
            }
        }
        (1, 1)
    }

    fn store(&mut self, key: u64, value: (u32, u32)) {
        if self.table.len() < MAX_ENTRIES || self.table.contains_key(&key) {
            self.table.insert(key, value);
        }
    }

    /// The node at the seat to move: decided, or the moves to search.
    fn expand(&self, attacker: bool) -> Node {
        let (a, d) = (self.attacker, self.defender);
        let st = &*self.st;
        if attacker {
            if st.count(a, F_FIVE) > 0 {
                return Node::Won;
            }
            let fives = st.cells_with(d, F_FIVE);
            if let Some(&b) = fives.first() {
                // The defender made a four: block it (the attacker's threat, if it still
                // stands, is answered next).
                if fives.len() >= 2 || !st.legal(b) {
                    return Node::Lost;
                }
                return Node::Moves(vec![b]);
            }
            if st.cells_with(a, F_WIN).into_iter().any(|c| st.legal(c)) {
                return Node::Won;
            }
            let mut moves = threat_moves(st, a, d, self.vct);
            moves.retain(|&c| st.legal(c));
            if moves.is_empty() {
                return Node::Lost;
            }
            return Node::Moves(moves);
        }
        if st.count(d, F_FIVE) > 0 {
            return Node::Lost;
        }
        let fives = st.cells_with(a, F_FIVE);
        if fives.len() >= 2 {
            return Node::Won;
        }
        if let Some(&b) = fives.first() {
            return if st.legal(b) {
                Node::Moves(vec![b])
            } else {
                Node::Won
            };
        }
        if !self.vct {
            return Node::Lost;
        }
        let Some(mut replies) = answers(st, a, d) else {
            return Node::Lost;
        };
        replies.retain(|&c| st.legal(c));
        if replies.is_empty() {
            return Node::Won;
        }
        Node::Moves(replies)
    }

    /// Searches the node at the seat to move until its proof number reaches `th_pn` or
    /// its disproof number `th_dn` (or the budget runs out); returns both.
    fn mid(&mut self, attacker: bool, th_pn: u32, th_dn: u32, ply: u32) -> (u32, u32) {
        self.share.count();
        let key = self.st.hash();
        if self.share.exhausted() {
            return self.value(key);
        }
        let moves = match self.expand(attacker) {
            Node::Won => {
                self.store(key, (0, INF));
                return (0, INF);
            }
            Node::Lost => {
                self.store(key, (INF, 0));
                return (INF, 0);
            }
            Node::Moves(_) if ply >= MAX_PLY => {
                self.store(key, (INF, 0));
                return (INF, 0);
            }
            Node::Moves(moves) => moves,
        };
        loop {
            // The children's numbers: `select` is the one to search (smallest proof
            // number at the attacker's node, smallest disproof number at the defender's).
            let (mut best, mut second, mut sum) = ((INF, 0u32, 0usize), INF, 0u32);
            for (i, &m) in moves.iter().enumerate() {
                let (pn, dn) = self.child_value(attacker, m);
                let (pick, add) = if attacker { (pn, dn) } else { (dn, pn) };
                sum = sum.saturating_add(add).min(INF);
                if pick < best.0 {
                    second = best.0;
                    best = (pick, if attacker { dn } else { pn }, i);
                } else if pick < second {
                    second = pick;
                }
            }
            let (pn, dn) = if attacker {
                (best.0, sum)
            } else {
                (sum, best.0)
            };
            if pn >= th_pn || dn >= th_dn || self.share.aborted() {
                self.store(key, (pn, dn));
                return (pn, dn);
            }
            let (c_pn, c_dn) = if attacker {
                (th_pn.min(second.saturating_add(1)), th_dn - dn + best.1)
            } else {
                (th_pn - pn + best.1, th_dn.min(second.saturating_add(1)))
            };
            let m = moves[best.2];
            self.st.make(m);
            self.mid(!attacker, c_pn.min(INF - 1), c_dn.min(INF - 1), ply + 1);
            self.st.unmake();
        }
    }
}
