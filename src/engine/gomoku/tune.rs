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
    /// `glance`: on a freestyle board the move into the horizon is glanced at
    /// ([`super::state::State::glance`]), not played. The same scores, faster.
    pub glance: bool,
    /// `iir`: a node at depth 3 or more that the transposition table knows no move for
    /// is searched a ply shallower (internal iterative reduction).
    pub iir: bool,
    /// `answer`: answering another seat's open three uses half a ply, not a whole one
    /// (see `aext`).
    pub answer: bool,
    /// `history`: at nodes below the root, the points whose moves cut the search off
    /// before (a history per seat and point, kept over the search and the last ones) are
    /// tried earlier (see `hist`).
    pub history: bool,
    /// `aspiration`: from depth 4 the root searches a window round the last iteration's
    /// score (see `asp`), and again wider on the side a score falls outside of.
    pub aspiration: bool,
    /// `improving`: a calm node whose static score is below the one two plies up (the
    /// same seat to move) keeps half the quiet moves `lmp` keeps, and `lmr` reduces its
    /// late moves a ply more.
    pub improving: bool,
    /// `trivial`: below a depth (see `triv`), moves that make no more than a two for
    /// either seat are not searched once one that does not lose was (Rapfi's pruning of
    /// trivial moves).
    pub trivial: bool,
    /// `ttmove`: at a principal-variation node the move the transposition table
    /// remembers is searched deeper (see `ttmx`; Rapfi's extension of the table's move).
    pub ttmove: bool,
    /// `fitted`: the cells' values are the ones fitted to Rapfi's verdicts
    /// (`state::CellValues::FITTED`); off, the hand-set ones.
    pub fitted: bool,
    /// Numbers for measuring, from `LANQI_GOMOKU_SET` (`name=value,…`, see [`Number`]; 0
    /// keeps the search's own), indexed by [`Number`].
    pub set: [i32; Number::ALL.len()],
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
            pvs: !has("pvs"),
            killers: !has("killers"),
            rfp: !has("rfp"),
            lmp: !has("lmp"),
            verify: !has("verify"),
            g43: !has("g43"),
            glance: !has("glance"),
            iir: !has("iir"),
            answer: !has("answer"),
            history: !has("history"),
            aspiration: !has("aspiration"),
            improving: !has("improving"),
            trivial: !has("trivial"),
            ttmove: !has("ttmove"),
            fitted: !has("fitted"),
            set: [0; Number::ALL.len()],
        }
    }

    /// The numbers of `set` (`vct=8,width=10,…`).
    pub fn with_set(mut self, set: &str) -> Tune {
        for pair in set.split(',') {
            let Some((name, value)) = pair.split_once('=') else {
                continue;
            };
            let Some(n) = Number::ALL.into_iter().find(|n| n.name() == name.trim()) else {
                continue;
            };
            self.set[n as usize] = value.trim().parse().unwrap_or(0);
        }
        self
    }

    /// Number `n` of `set`, or `default` if it is not set.
    pub fn number(&self, n: Number, default: i32) -> i32 {
        match self.set[n as usize] {
            v if v > 0 => v,
            _ => default,
        }
    }

    /// Number `n` (as [`Tune::number`]) if its refinement is `on`, else 0 (none).
    pub fn number_if(&self, on: bool, n: Number, default: i32) -> i32 {
        if on { self.number(n, default) } else { 0 }
    }

    /// The refinements this process uses: everything but what `LANQI_GOMOKU_OFF` names.
    pub fn current() -> &'static Tune {
        static TUNE: OnceLock<Tune> = OnceLock::new();
        TUNE.get_or_init(|| {
            Tune::without(&std::env::var("LANQI_GOMOKU_OFF").unwrap_or_default())
                .with_set(&std::env::var("LANQI_GOMOKU_SET").unwrap_or_default())
        })
    }
}

/// A number `LANQI_GOMOKU_SET` can set (by its name in lower case), for measuring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Number {
    /// `vct`: the root VCT's depth.
    Vct,
    /// `width`: the moves a node tries (the level's otherwise).
    Width,
    /// `rfpm`: the reverse-futility margin a ply.
    Rfpm,
    /// `lmpc`: the quiet moves kept at depth 1 by `lmp`.
    Lmpc,
    /// `vm`: how many moves `verify` may try.
    Vm,
    /// `vd`: how many threats deep `verify` looks.
    Vd,
    /// `fit` (1 for on; off by default: it did not gain, docs/MEASUREMENTS.md, #27 seventh
    /// round): with two seats the static score is the weighted sum of the board's pattern
    /// and threat counts with the weights fitted to Rapfi's evaluation
    /// (`evaluate::Weights::current`) instead of the hand-set sum of the cells' values.
    Fit,
    /// `pn` (1 for on; off by default, docs/MEASUREMENTS.md, #27 eighth round): the root's
    /// VCT and `verify`'s check use the proof-number search (`proof.rs`) instead of the
    /// depth-limited one.
    Pn,
    /// `order` (1 for on; off by default, docs/MEASUREMENTS.md, #27 tenth round): with two
    /// seats moves are tried in the fitted ordering's order (`policy::Policy`) instead of
    /// by the cells' values.
    Order,
    /// `pol` (with `order`): moves the fitted ordering scores far below the best one are
    /// searched shallower first (1), and (2) also not at all at shallow calm nodes.
    Pol,
    /// `lmrk`: the divisor of `lmr`'s reductions (150; smaller reduces more).
    Lmrk,
    /// `lmrs`: the first move (0-based) `lmr` reduces (2; 1 and 3 were level in self-play,
    /// #27 twenty-fifth round).
    Lmrs,
    /// `aext`: what `answer` takes off the ply an answer to an open three uses, in
    /// sixteenths of a ply (8).
    Aext,
    /// `xdef` (1 for on; off by default, docs/MEASUREMENTS.md, #27 seventeenth round): the
    /// answers to an open three (or a double-four point) are only
    /// the points after which the other seat has none left, found by glancing at each
    /// point of the threat's lines, and the seat to move's fours; a node with neither is
    /// lost. Off: every point where the other seat would make a four counts as an answer.
    Xdef,
    /// `hist`: what `history` divides a point's history by before adding it to the
    /// point's score (4).
    Hist,
    /// `vtail` (off by default: level against Rapfi, docs/MEASUREMENTS.md, #27 nineteenth
    /// round): in the root's and `verify`'s VCT, fours cost no depth (the depth counts
    /// open threes) and at most this many are played on a line of play.
    Vtail,
    /// `tempo`: the seat to move's sum of values counts this many fifths (6; 7 gained in
    /// self-play, not against Rapfi: #27 nineteenth round; 5 was level against Rapfi,
    /// twenty-sixth round).
    Tempo,
    /// `asp`: how wide `aspiration`'s window is on each side of the last score (300).
    Asp,
    /// `ttpv` (off by default: 0.172 against the default's 0.194 over 180 games at 300 ms,
    /// docs/MEASUREMENTS.md, #27 twenty-first and twenty-second rounds): how much less
    /// (sixteenths of a ply) the late moves of a null-window node that was on the
    /// principal variation before (as the table remembers) are reduced, as Rapfi's are.
    Ttpv,
    /// `udef`: at a node answering an open three, how much shallower (sixteenths of a
    /// ply) a move that does not answer it (a four of the seat to move's) is searched
    /// first when it lies more than four points from the other seat's last stone, and half
    /// as much more when it lies as far from the seat to move's own last stone (Rapfi's
    /// reduction for useless defences).
    Udef,
    /// `ttmx`: how much deeper (sixteenths of a ply) `ttmove` searches the table's move
    /// (4).
    Ttmx,
    /// `lmpd`: the deepest node `lmp` prunes at, in plies (3).
    Lmpd,
    /// `mcp`: `lmp` at every depth, keeping 3 + depth^1.32 moves (Rapfi's counts): of the
    /// quiet ones (1), or of all but the seat to move's fours (2).
    Mcp,
    /// `triv`: the depth (sixteenths of a ply) `trivial` prunes below (69, for Rapfi's 4.3
    /// plies).
    Triv,
    /// `iirt` (off by default: 0.350 in self-play at 28, docs/MEASUREMENTS.md, #27
    /// twenty-fifth round): at a principal-variation node whose table entry is shallower
    /// than the search, how much shallower it is searched, in hundredths of the difference
    /// (at most 3.6 plies; Rapfi's reduction of a PV node whose move was not chosen for a
    /// few iterations, 28).
    Iirt,
    /// `lmrx` (off by default: 0.462 in self-play at 215, #27 twenty-fifth round): how
    /// far above alpha a late move's reduced search must score for it to be searched a
    /// ply deeper again (and a seventh of that more a ply it was reduced; Rapfi's
    /// extension after a reduced search fails high).
    Lmrx,
    /// `lost` (1 for on; off by default: level, 0.512 in self-play over 540 games and
    /// 0.179 against the default's 0.183 beside it against Rapfi over 240, #27
    /// twenty-fifth round): the root keeps deepening when every move loses, for a save a
    /// shallower search missed or the longest defence (it stops at a won score only).
    Lost,
    /// `iirp` (1 for on; off by default: 0.477 in self-play over 540 games, #27
    /// twenty-fifth round): `iir` applies at principal-variation nodes only, as Rapfi's.
    Iirp,
    /// `mown`: a point's score in move generation counts its value to the seat to move
    /// this many times, and its value to the other seat nine times (10; Rapfi's move scores
    /// count the seat to move's patterns twice: 20 scored 0.267 and 0.200 in two runs of
    /// 120 games against Rapfi at 300 ms, level, #27 twenty-sixth round).
    Mown,
    /// `oext` (off by default: 8 scored 0.208 over 120 games against Rapfi at 300 ms,
    /// level, #27 twenty-sixth round): how much deeper (sixteenths of a ply) a move of a
    /// seat other than the root's is searched when it makes an open three or a four, so
    /// that the other seat's threat sequences are seen further than the root's own.
    Oext,
}

impl Number {
    /// Every number, in `Tune::set`'s order.
    pub const ALL: [Number; 30] = [
        Number::Vct,
        Number::Width,
        Number::Rfpm,
        Number::Lmpc,
        Number::Vm,
        Number::Vd,
        Number::Fit,
        Number::Pn,
        Number::Order,
        Number::Pol,
        Number::Lmrk,
        Number::Lmrs,
        Number::Aext,
        Number::Xdef,
        Number::Hist,
        Number::Vtail,
        Number::Tempo,
        Number::Asp,
        Number::Ttpv,
        Number::Udef,
        Number::Ttmx,
        Number::Lmpd,
        Number::Mcp,
        Number::Triv,
        Number::Iirt,
        Number::Lmrx,
        Number::Lost,
        Number::Iirp,
        Number::Mown,
        Number::Oext,
    ];

    /// Its name in `LANQI_GOMOKU_SET`.
    pub fn name(self) -> String {
        format!("{self:?}").to_lowercase()
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
                glance: true,
                iir: true,
                answer: true,
                history: true,
                aspiration: true,
                improving: true,
                trivial: true,
                ttmove: true,
                fitted: true,
                set: [0; Number::ALL.len()],
            }
        );
        let t = Tune::without(
            "lmr, double, pvs, killers, rfp, lmp, verify, g43, glance, iir, answer, history, \
             aspiration, improving, trivial, ttmove, fitted",
        );
        assert!(!t.double && !t.lmr && !t.pvs && !t.killers);
        assert!(!t.rfp && !t.lmp && !t.verify && !t.g43 && !t.glance && !t.iir && !t.answer);
        assert!(!t.history && !t.aspiration && !t.improving && !t.trivial && !t.ttmove);
        assert!(!t.fitted);
        assert_eq!(Tune::without("all"), t);
        assert_eq!(Tune::without("nmp"), Tune::without(""));
    }

    #[test]
    fn numbers_are_set_by_name() {
        let t = Tune::without("").with_set("width=10, lmrk=120,bogus=3,vct=x");
        assert_eq!(t.number(Number::Width, 14), 10);
        assert_eq!(t.number(Number::Lmrk, 150), 120);
        assert_eq!(
            t.number(Number::Vct, 6),
            6,
            "a number that does not parse keeps the default"
        );
        assert_eq!(t.set.iter().filter(|&&n| n != 0).count(), 2);
        for (i, n) in Number::ALL.into_iter().enumerate() {
            assert_eq!(n as usize, i, "{n:?} is out of place in Number::ALL");
        }
        assert_eq!(Number::Lmrs.name(), "lmrs");
    }
}
