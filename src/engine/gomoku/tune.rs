//! Which of the search's refinements are on: all by default. `LANQI_GOMOKU_OFF` (a
//! comma-separated list of names, or `all`) turns some off, so that a match can measure
//! what each is worth (`gomocup:env LANQI_GOMOKU_OFF=lmr lanqi engine gomoku`).

use std::sync::OnceLock;

/// The refinements of the search, each on or off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tune {
    /// `double`: a leaf where the seat to move has a four-three or double three and the
    /// other seat no four scores nearly a win.
    pub double: bool,
    /// `lmr`: late moves are searched shallower first, by ln(depth)·ln(move number)·100/150
    /// plies (see `lmrk`).
    pub lmr: bool,
    /// `pvs`: moves after the first are searched with a null window first.
    pub pvs: bool,
    /// `killers`: the moves that last cut the search off at a ply are tried early there.
    pub killers: bool,
    /// `rfp`: at shallow non-PV nodes with no threat against the seat to move, a static
    /// score far enough above beta cuts the node off (reverse futility).
    pub rfp: bool,
    /// `lmp`: at shallow nodes with no threat against the seat to move, quiet moves past a
    /// count that grows with depth are not searched (move-count pruning).
    pub lmp: bool,
    /// `verify`: alpha-beta's choice is checked against the other seat's VCT, and the
    /// next best moves tried if it loses to one.
    pub verify: bool,
    /// `g43`: when the other seat (of two) can make a four-three and nothing more urgent
    /// stands, only the moves that stop it there (its point, and the points of the two
    /// lines that make it) and the seat to move's fours are tried.
    pub g43: bool,
    /// Numbers for measuring, from `LANQI_GOMOKU_SET` (`name=value,…`, names in
    /// [`Tune::NAMES`]; 0 keeps the search's own): `vct`, the root VCT's depth; `width`,
    /// the moves a node tries (the level's otherwise); `rfpm`, the reverse-futility margin
    /// a ply; `lmpc`, the quiet moves kept at depth 1 by `lmp`; `vm` and `vd`, how many
    /// moves `verify` may try and how many threats deep; `fit` (1 for on; off by default:
    /// it did not gain, docs/MEASUREMENTS.md, #27 seventh round), with two seats the static
    /// score is the weighted sum of the board's pattern and threat counts with the weights
    /// fitted to Rapfi's evaluation (`evaluate::Weights::current`) instead of the hand-set
    /// sum of the cells' values; `pn` (1 for on; off by default, docs/MEASUREMENTS.md, #27
    /// eighth round), the root's VCT and `verify`'s check use the proof-number search
    /// (`proof.rs`) instead of the depth-limited one; `order` (1 for on; off by default,
    /// docs/MEASUREMENTS.md, #27 tenth round), with two seats moves are tried in the fitted
    /// ordering's order (`policy::Policy`) instead of by the cells' values; `pol` (with
    /// `order`), moves the fitted ordering scores far below the best one are searched
    /// shallower first (1), and (2) also not at all at shallow calm nodes; `lmrk`, the
    /// divisor of `lmr`'s reductions (150; smaller reduces more); `lmrs`, the first move
    /// (0-based) `lmr` reduces (2).
    pub set: [i32; 12],
}

impl Tune {
    /// The names of `set`'s numbers, in order.
    pub const NAMES: [&'static str; 12] = [
        "vct", "width", "rfpm", "lmpc", "vm", "vd", "fit", "pn", "order", "pol", "lmrk", "lmrs",
    ];
    /// Where each number is in `set`.
    pub const VCT: usize = 0;
    /// See [`Tune::NAMES`].
    pub const WIDTH: usize = 1;
    /// See [`Tune::NAMES`].
    pub const RFPM: usize = 2;
    /// See [`Tune::NAMES`].
    pub const LMPC: usize = 3;
    /// See [`Tune::NAMES`].
    pub const VM: usize = 4;
    /// See [`Tune::NAMES`].
    pub const VD: usize = 5;
    /// See [`Tune::NAMES`].
    pub const FIT: usize = 6;
    /// See [`Tune::NAMES`].
    pub const PN: usize = 7;
    /// See [`Tune::NAMES`].
    pub const ORDER: usize = 8;
    /// See [`Tune::NAMES`].
    pub const POL: usize = 9;
    /// See [`Tune::NAMES`].
    pub const LMRK: usize = 10;
    /// See [`Tune::NAMES`].
    pub const LMRS: usize = 11;

    /// Everything on, except what `off` (comma-separated names, or `all`) names.
    pub fn without(off: &str) -> Tune {
        let has = |name: &str| {
            off.split(',')
                .any(|w| w.trim() == name || w.trim() == "all")
        };
        Tune {
            double: !has("double"),
            lmr: !has("lmr"),
            pvs: !has("pvs"),
            killers: !has("killers"),
            rfp: !has("rfp"),
            lmp: !has("lmp"),
            verify: !has("verify"),
            g43: !has("g43"),
            set: [0; 12],
        }
    }

    /// The numbers of `set` (`vct=8,width=10,…`).
    pub fn with_set(mut self, set: &str) -> Tune {
        for pair in set.split(',') {
            let Some((name, value)) = pair.split_once('=') else {
                continue;
            };
            let Some(i) = Tune::NAMES.iter().position(|&n| n == name.trim()) else {
                continue;
            };
            self.set[i] = value.trim().parse().unwrap_or(0);
        }
        self
    }

    /// Number `i` of `set`, or `default` if it is not set.
    pub fn number(&self, i: usize, default: i32) -> i32 {
        if self.set[i] > 0 {
            self.set[i]
        } else {
            default
        }
    }

    /// The refinements this process uses: everything but what `LANQI_GOMOKU_OFF` names.
    pub fn current() -> Tune {
        static TUNE: OnceLock<Tune> = OnceLock::new();
        *TUNE.get_or_init(|| {
            Tune::without(&std::env::var("LANQI_GOMOKU_OFF").unwrap_or_default())
                .with_set(&std::env::var("LANQI_GOMOKU_SET").unwrap_or_default())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_turn_refinements_off() {
        assert_eq!(
            Tune::without(""),
            Tune {
                double: true,
                lmr: true,
                pvs: true,
                killers: true,
                rfp: true,
                lmp: true,
                verify: true,
                g43: true,
                set: [0; 12],
            }
        );
        let t = Tune::without("lmr, double, pvs, killers, rfp, lmp, verify, g43");
        assert!(!t.double && !t.lmr && !t.pvs && !t.killers);
        assert!(!t.rfp && !t.lmp && !t.verify && !t.g43);
        assert_eq!(Tune::without("all"), t);
        assert_eq!(Tune::without("nmp"), Tune::without(""));
    }

    #[test]
    fn numbers_are_set_by_name() {
        let t = Tune::without("").with_set("width=10, lmrk=120,bogus=3,vct=x");
        assert_eq!(t.number(Tune::WIDTH, 14), 10);
        assert_eq!(t.number(Tune::LMRK, 150), 120);
        assert_eq!(
            t.number(Tune::VCT, 6),
            6,
            "a number that does not parse keeps the default"
        );
        assert_eq!(t.set.iter().filter(|&&n| n != 0).count(), 2);
    }
}
