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
    /// `lmr`: late quiet moves are searched a ply shallower first.
    pub lmr: bool,
    /// `qdef`: at a leaf where the other seat threatens an open four, the seat to move's
    /// answers are searched instead of the static score.
    pub qdef: bool,
    /// `ext`: answering an open three does not use up depth.
    pub ext: bool,
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
    /// `lmr2`: the latest quiet moves are reduced two plies instead of one.
    pub lmr2: bool,
    /// `verify`: alpha-beta's choice is checked against the other seat's VCT, and the
    /// next best moves tried if it loses to one.
    pub verify: bool,
    /// `g43`: when the other seat (of two) can make a four-three and nothing more urgent
    /// stands, only the moves that stop it there (its point, and the points of the two
    /// lines that make it) and the seat to move's fours are tried.
    pub g43: bool,
    /// Numbers for measuring, from `LANQI_GOMOKU_SET` (`name=value,…`; 0 keeps the
    /// search's own): `extw`, the most answers to an open three searched without using
    /// depth; `leaf`, how many plies past the leaves such answers are searched; `vct`, the
    /// root VCT's depth; `width`, the moves a node tries (the level's otherwise); `rfpm`,
    /// the reverse-futility margin a ply; `lmpc`, the quiet moves kept at depth 1 by `lmp`;
    /// `vm` and `vd`, how many moves `verify` may try and how many threats deep; `fit`
    /// (1 for on; off by default: it did not gain, docs/MEASUREMENTS.md, #27 seventh round),
    /// with two seats the static score is the weighted sum of the board's pattern and
    /// threat counts with the weights fitted to Rapfi's evaluation
    /// (`evaluate::Weights::current`) instead of the hand-set sum of the cells' values;
    /// `pn` (1 for on; off by default, docs/MEASUREMENTS.md, #27 eighth round), the root's
    /// VCT and `verify`'s check use the proof-number search (`proof.rs`) instead of the
    /// depth-limited one; `order` (1 for on; off by default, docs/MEASUREMENTS.md, #27
    /// tenth round), with two seats moves are tried in the fitted ordering's order
    /// (`policy::Policy`) instead of by the cells' values; `pol` (with `order`), moves the
    /// fitted ordering scores far below the best one are searched shallower first (1), and
    /// (2) also not at all at shallow calm nodes.
    pub set: [i32; 12],
}

impl Tune {
    /// Everything on, except what `off` (comma-separated names, or `all`) names.
    pub fn without(off: &str) -> Tune {
        let has = |name: &str| {
            off.split(',')
                .any(|w| w.trim() == name || w.trim() == "all")
        };
        Tune {
            double: !has("double"),
            lmr: !has("lmr"),
            qdef: !has("qdef"),
            ext: !has("ext"),
            pvs: !has("pvs"),
            killers: !has("killers"),
            rfp: !has("rfp"),
            lmp: !has("lmp"),
            lmr2: !has("lmr2"),
            verify: !has("verify"),
            g43: !has("g43"),
            set: [0; 12],
        }
    }

    /// The numbers of `set` (`extw=12,leaf=8,…`).
    pub fn with_set(mut self, set: &str) -> Tune {
        for pair in set.split(',') {
            let Some((name, value)) = pair.split_once('=') else {
                continue;
            };
            let i = match name.trim() {
                "extw" => 0,
                "leaf" => 1,
                "vct" => 2,
                "width" => 3,
                "rfpm" => 4,
                "lmpc" => 5,
                "vm" => 6,
                "vd" => 7,
                "fit" => 8,
                "pn" => 9,
                "order" => 10,
                "pol" => 11,
                _ => continue,
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
                qdef: true,
                ext: true,
                pvs: true,
                killers: true,
                rfp: true,
                lmp: true,
                lmr2: true,
                verify: true,
                g43: true,
                set: [0; 12],
            }
        );
        let t = Tune::without("lmr, double, qdef, ext, pvs, killers, rfp, lmp, lmr2, verify, g43");
        assert!(!t.double && !t.lmr && !t.qdef && !t.ext && !t.pvs && !t.killers);
        assert!(!t.rfp && !t.lmp && !t.lmr2 && !t.verify && !t.g43);
        assert_eq!(Tune::without("all"), t);
        assert_eq!(Tune::without("nmp"), Tune::without(""));
    }
}
