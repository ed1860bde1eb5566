//! The static evaluation of a two-seat position as a weighted sum of features the board
//! counts ([`State::pat_count`], [`State::count`]): how many (empty point, line)
//! pairs would give each seat each pattern, how many points give each seat a four, an open
//! three, an open four or a double threat, and whether the seat to move has a double
//! threat the other seat cannot answer with a four. [`Weights::FIT`] were fitted to
//! Rapfi's evaluation of positions from games against it (`fit` in `tune.rs`;
//! docs/MEASUREMENTS.md, #27 seventh round, says how); [`Weights::HAND`] are close to the
//! search's static score with the hand-set cell values (`state::CellValues::HAND`).

use super::pattern::Pat;
use super::state::{F_DOUBLE, F_FOUR, F_THREE, F_WIN, State};

/// How many features there are.
pub const FEATURES: usize = 22;

/// How many kinds of empty cell [`cell_class`] tells apart: the multisets of four line
/// patterns.
pub const CLASSES: usize = 495;

/// The kind of an empty cell for a seat: its four lines' patterns (codes of
/// [`Pat`]) as a multiset, the lines' order forgotten; an index below [`CLASSES`].
pub fn cell_class(pats: [u8; 4]) -> usize {
    static TABLE: std::sync::OnceLock<Vec<u16>> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let n = Pat::ALL.len();
        // Each multiset numbered in the order of its patterns sorted strongest first.
        let mut id = std::collections::HashMap::new();
        for a in 0..n {
            for b in 0..=a {
                for c in 0..=b {
                    for d in 0..=c {
                        let next = id.len() as u16;
                        id.insert([a, b, c, d], next);
                    }
                }
            }
        }
        (0..n.pow(4))
            .map(|i| {
                let mut key = [i % n, i / n % n, i / (n * n) % n, i / (n * n * n)];
                key.sort_unstable_by(|x, y| y.cmp(x));
                id[&key]
            })
            .collect()
    });
    let [a, b, c, d] = pats.map(|p| p as usize);
    table[a + 9 * b + 81 * c + 729 * d] as usize
}

/// The features of the position for the seat to move (two seats): the seat to move's
/// pattern counts (7), the other seat's (7); the seat to move's double-threat, four and
/// open-three points (3); the other seat's open-four, double-threat, four and open-three
/// points (4); and 1 if the seat to move has a double threat and the other seat no four.
pub fn features(st: &State) -> [i32; FEATURES] {
    let me = st.mover();
    let them = st.next_seat();
    let mut f = [0; FEATURES];
    // The patterns counted for each seat: one to open four.
    for (i, &p) in Pat::ALL[1..8].iter().enumerate() {
        f[i] = st.pat_count(me, p);
        f[7 + i] = st.pat_count(them, p);
    }
    f[14] = st.count(me, F_DOUBLE);
    f[15] = st.count(me, F_FOUR);
    f[16] = st.count(me, F_THREE);
    f[17] = st.count(them, F_WIN);
    f[18] = st.count(them, F_DOUBLE);
    f[19] = st.count(them, F_FOUR);
    f[20] = st.count(them, F_THREE);
    f[21] = (st.count(me, F_DOUBLE) > 0 && st.count(them, F_FOUR) == 0) as i32;
    f
}

/// Weights of the features, in tenths of a point of the evaluation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; FEATURES]);

impl Weights {
    /// The hand-set evaluation: each pattern's value, the seat to move's counted 6/5, and
    /// a double threat the other seat cannot answer with a four worth 20,000.
    pub const HAND: Weights = Weights([
        12, 48, 120, 144, 600, 720, 4800, // the seat to move's patterns
        -10, -40, -100, -120, -500, -600, -4000, // the other seat's
        3600, 0, 0, // the seat to move's double threats, fours, open threes
        -6000, -3000, 0, 0,       // the other seat's open fours, doubles, fours, threes
        200_000, // a double threat against no four
    ]);

    /// The weights fitted to Rapfi's evaluation (see the module's doc): a least-squares
    /// fit (ridge 0.01 on standardised features) of Rapfi's score (clipped to ±1,200, at
    /// 60,000 nodes) on 674 quiet positions of 60 games against it, scaled to the hand
    /// evaluation's units by the slope of Rapfi's score on the hand score. The last weight
    /// is not fitted (the search's double-threat bonus).
    pub const FIT: Weights = Weights([
        0, 68, 480, 1526, 1226, 2450, 0, // the seat to move's patterns
        3, -83, -274, -1324, -1337, -2702, -2782, // the other seat's
        1765, 2450, 1503, // the seat to move's double threats, fours, open threes
        -1366, -5126, -2125, -1395,   // the other seat's open fours, doubles, fours, threes
        200_000, // a double threat against no four
    ]);

    /// The weights of `fit`: `LANQI_GOMOKU_EVAL` (22 comma-separated numbers, for
    /// measuring) if set, else [`Weights::FIT`].
    pub fn current() -> Weights {
        static W: std::sync::OnceLock<Weights> = std::sync::OnceLock::new();
        *W.get_or_init(|| {
            let var = std::env::var("LANQI_GOMOKU_EVAL").unwrap_or_default();
            let nums: Vec<i32> = var
                .split(',')
                .filter_map(|w| w.trim().parse().ok())
                .collect();
            match <[i32; FEATURES]>::try_from(nums) {
                Ok(w) => Weights(w),
                Err(_) => Weights::FIT,
            }
        })
    }

    /// The weights as numbers.
    pub fn as_array(&self) -> [i32; FEATURES] {
        self.0
    }

    /// The score of `features`.
    pub fn score(&self, features: &[i32; FEATURES]) -> i64 {
        let sum: i64 = features
            .iter()
            .zip(self.0)
            .map(|(&x, w)| x as i64 * w as i64)
            .sum();
        sum / 10
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gomoku::{Game, Settings};

    #[test]
    fn an_open_three_is_counted_for_its_seat_and_scores_for_it() {
        // Black h8 i8 j8 (an open three), White h9 i9 a1; Black to move.
        let mut game = Game::new(Settings::default()).unwrap();
        for m in ["h8", "h9", "i8", "i9", "j8", "a1"] {
            game.play(m.parse().unwrap()).unwrap();
        }
        let st = State::new(&game, Vec::new());
        // g8 and k8 make open fours, f8 and l8 fours.
        assert_eq!(st.mover(), 0);
        let f = features(&st);
        assert_eq!(st.count(0, F_WIN), 2);
        assert_eq!(f[15], 4, "the seat to move's four points: {f:?}");
        assert!(Weights::FIT.score(&f) > 0, "{f:?}");
    }

    #[test]
    fn a_cells_kind_is_its_four_patterns_in_any_order() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..9usize.pow(4) {
            let pats = [i % 9, i / 9 % 9, i / 81 % 9, i / 729].map(|p| p as u8);
            let kind = cell_class(pats);
            assert!(kind < CLASSES);
            let mut sorted = pats;
            sorted.sort_unstable();
            assert_eq!(kind, cell_class(sorted), "{pats:?}");
            assert_eq!(kind, cell_class([pats[3], pats[0], pats[2], pats[1]]));
            seen.insert(kind);
        }
        assert_eq!(seen.len(), CLASSES, "every kind is some four patterns");
        // Four and open three is not three and open four.
        let (f, t) = (Pat::Four as u8, Pat::OpenThree as u8);
        assert_ne!(cell_class([f, t, 0, 0]), cell_class([t - 1, f + 1, 0, 0]));
    }
}
