//! The move ordering fitted to a stronger engine's choices: a score for playing an empty
//! cell, from the kinds of cell ([`cell_class`]) it is for the seat to move and for the
//! other seat, and from the two strongest line patterns of each crossed with the other's.
//! The weights are fitted (a softmax over the points the search would try) so that the
//! point Rapfi played scores highest (docs/MEASUREMENTS.md, #27 tenth round;
//! `scripts/gomoku-fit/fit_order.py`). Two seats only.

use std::sync::OnceLock;

use super::evaluate::{CLASSES, cell_class};
use super::state::State;

/// How many weights an ordering has: one per kind for the seat to move, one per kind for
/// the other seat, one per pair of strongest patterns, one per pair of second strongest.
pub const WEIGHTS: usize = 2 * CLASSES + 2 * 81;

/// The shipped ordering's text.
const SHIPPED: &str = include_str!("../../../resources/gomoku/move-order.txt");

/// A fitted move ordering (see the module's doc).
pub struct Policy {
    weights: Vec<i32>,
    /// By the four patterns' codes (`a + 9b + 81c + 729d`): the kind, the strongest
    /// pattern and the second strongest.
    kinds: Vec<(u16, u8, u8)>,
}

impl Policy {
    /// The ordering of `weights` ([`WEIGHTS`] of them).
    pub fn new(weights: Vec<i32>) -> Policy {
        assert_eq!(weights.len(), WEIGHTS, "an ordering has {WEIGHTS} weights");
        let kinds = (0..9 * 9 * 9 * 9)
            .map(|i: usize| {
                let mut pats = [i % 9, i / 9 % 9, i / 81 % 9, i / 729].map(|p| p as u8);
                let kind = cell_class(pats) as u16;
                pats.sort_unstable_by(|a, b| b.cmp(a));
                (kind, pats[0], pats[1])
            })
            .collect();
        Policy { weights, kinds }
    }

    /// The ordering in use: the one in the file `LANQI_GOMOKU_ORDER` names (for
    /// measuring) if it is set and reads, else the shipped one
    /// (`resources/gomoku/move-order.txt`).
    pub fn current() -> &'static Policy {
        static POLICY: OnceLock<Policy> = OnceLock::new();
        POLICY.get_or_init(|| {
            let path = std::env::var("LANQI_GOMOKU_ORDER").unwrap_or_default();
            let text = std::fs::read_to_string(path).unwrap_or_default();
            let weights = Policy::parse(&text)
                .or_else(|_| Policy::parse(SHIPPED))
                .expect("the shipped move ordering reads");
            Policy::new(weights)
        })
    }

    /// An ordering's text: [`WEIGHTS`] whole numbers, whitespace-separated, in the order of
    /// [`WEIGHTS`]'s doc; anything after `#` on a line is a comment.
    pub fn parse(text: &str) -> Result<Vec<i32>, String> {
        let mut weights = Vec::with_capacity(WEIGHTS);
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or_default();
            for word in line.split_whitespace() {
                let w = word
                    .parse::<i32>()
                    .map_err(|e| format!("line {}: {word:?}: {e}", i + 1))?;
                weights.push(w);
            }
        }
        if weights.len() != WEIGHTS {
            return Err(format!("{} weights, not {WEIGHTS}", weights.len()));
        }
        Ok(weights)
    }

    /// The score of playing a cell whose line patterns (line `d` in byte `d`) are `mine`
    /// for the seat to move and `theirs` for the other seat; higher is tried first.
    #[inline]
    pub fn score(&self, mine: u32, theirs: u32) -> i32 {
        let (km, tm, sm) = self.kinds[index(mine)];
        let (kt, tt, sc) = self.kinds[index(theirs)];
        let w = &self.weights;
        w[km as usize]
            + w[CLASSES + kt as usize]
            + w[2 * CLASSES + tm as usize * 9 + tt as usize]
            + w[2 * CLASSES + 81 + sm as usize * 9 + sc as usize]
    }

    /// For each of `moves` (empty cells of `st`, two seats), how far its score is below
    /// the best of them.
    pub fn gaps(&self, st: &State, moves: &[usize]) -> Vec<i32> {
        let (me, them) = (st.mover(), st.next_seat());
        let scores: Vec<i32> = moves
            .iter()
            .map(|&m| self.score(st.pats(me, m), st.pats(them, m)))
            .collect();
        let top = scores.iter().copied().max().unwrap_or(0);
        scores.iter().map(|s| top - s).collect()
    }
}

/// The table index of four patterns packed one a byte.
#[inline]
fn index(pats: u32) -> usize {
    let [a, b, c, d] = pats.to_le_bytes().map(|p| p as usize);
    a + 9 * b + 81 * c + 729 * d
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_ordering_reads_and_a_bad_one_is_named() {
        assert_eq!(Policy::parse(SHIPPED).unwrap().len(), WEIGHTS);
        assert!(Policy::parse("1 2").unwrap_err().contains("2 weights"));
        let err = Policy::parse("# c\n1 x\n").unwrap_err();
        assert!(err.contains("line 2"), "{err}");
    }
}
