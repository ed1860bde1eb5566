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
        }
    }

    /// The refinements this process uses: everything but what `LANQI_GOMOKU_OFF` names.
    pub fn current() -> Tune {
        static TUNE: OnceLock<Tune> = OnceLock::new();
        *TUNE.get_or_init(|| Tune::without(&std::env::var("LANQI_GOMOKU_OFF").unwrap_or_default()))
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
                lmr: true
            }
        );
        let t = Tune::without("lmr, double");
        assert!(!t.double && !t.lmr);
        assert_eq!(Tune::without("all"), t);
        assert_eq!(Tune::without("rfp"), Tune::without(""));
    }
}
