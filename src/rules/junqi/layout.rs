//! Deployment (布阵): a side's 25 pieces on its own half, in its own view; the layout text;
//! the deployment constraints; and a portable seeded random layout.

use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use super::board::{CAMPS, back_ranks_of, front_row_of, headquarters_of};
use super::piece::{KINDS, Kind};
use super::square::{FILES, Side, Square};

/// Rows of a layout (ranks 6 down to 1 of one's own view).
const RANKS: usize = 6;
/// Pieces (and non-camp cells) in a layout.
pub const PIECES: usize = 25;

/// The 25 cells a layout fills, in layout-text order (front row first, files a..e), named
/// in the owner's own view (which is South's absolute frame).
fn deploy_squares() -> impl Iterator<Item = Square> {
    (0..RANKS as u8)
        .flat_map(|i| (0..FILES).map(move |c| Square::new(c, 6 + i).expect("on the board")))
        .filter(|s| CAMPS & s.bit() == 0)
}

/// One side's valid deployment, in its own view.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// Kinds in layout-text order over [`deploy_squares`].
    kinds: [Kind; PIECES],
}

/// Why a layout text is not a valid deployment. Squares are named in the owner's view.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LayoutError {
    /// Not six rows.
    #[error("a layout has 6 rows separated by '/', found {0}")]
    Rows(usize),
    /// A row that is not five cells.
    #[error("rank {rank} has {cells} cells, expected 5")]
    RowWidth {
        /// The rank (6 down to 1).
        rank: u8,
        /// Its width.
        cells: usize,
    },
    /// An unknown character.
    #[error("{square}: '{ch}' is not a piece letter (a-l) or '+' for a camp")]
    Char {
        /// Where.
        square: Square,
        /// What.
        ch: char,
    },
    /// A cell outside one's own half.
    #[error("{0} is not on your own half (ranks 1-6)")]
    OffHalf(Square),
    /// A piece on a camp.
    #[error("{0} is a camp, which starts empty: write '+' there")]
    PieceOnCamp(Square),
    /// A `+` on a cell that is not a camp.
    #[error("{0} is not a camp, but has '+': it needs a piece")]
    NotACamp(Square),
    /// More of a kind than the army has.
    #[error("{square}: one {kind} too many ({max} in an army)")]
    TooMany {
        /// Where the first extra one stands.
        square: Square,
        /// The kind.
        kind: Kind,
        /// How many the army has.
        max: u8,
    },
    /// The flag outside a headquarters.
    #[error("{0}: the flag must stand in a headquarters (b1 or d1)")]
    FlagNotInHeadquarters(Square),
    /// A landmine too far forward.
    #[error("{0}: landmines must stand on the last two ranks (1-2)")]
    LandmineTooFarForward(Square),
    /// A bomb on the front row.
    #[error("{0}: a bomb may not stand on the front row (rank 6)")]
    BombOnFrontRow(Square),
}

impl Layout {
    /// A layout from kinds in layout-text order, checked against every constraint.
    pub fn from_kinds(kinds: [Kind; PIECES]) -> Result<Layout, LayoutError> {
        let mut counts = [0u8; KINDS];
        for (square, kind) in deploy_squares().zip(kinds) {
            counts[kind.index()] += 1;
            if counts[kind.index()] > kind.count() {
                return Err(LayoutError::TooMany {
                    square,
                    kind,
                    max: kind.count(),
                });
            }
            check_placement(square, kind)?;
        }
        // 25 pieces, none over its count: every count is exact.
        Ok(Layout { kinds })
    }

    /// The 25 cells a layout fills (own view), in layout-text order.
    pub fn cells() -> impl Iterator<Item = Square> {
        deploy_squares()
    }

    /// The kind on a square of the owner's own view, if the layout fills it.
    pub fn kind_at(&self, own_square: Square) -> Option<Kind> {
        deploy_squares()
            .position(|s| s == own_square)
            .map(|i| self.kinds[i])
    }

    /// The layout with the pieces on two squares (own view) swapped, if that is still valid.
    pub fn swapped(&self, a: Square, b: Square) -> Result<Layout, LayoutError> {
        let index = |s: Square| match deploy_squares().position(|d| d == s) {
            Some(i) => Ok(i),
            None if CAMPS & s.bit() != 0 => Err(LayoutError::PieceOnCamp(s)),
            None => Err(LayoutError::OffHalf(s)),
        };
        let (i, j) = (index(a)?, index(b)?);
        let mut kinds = self.kinds;
        kinds.swap(i, j);
        Layout::from_kinds(kinds)
    }

    /// Where each piece stands on the board in the absolute frame, for `side`.
    pub fn placements(&self, side: Side) -> impl Iterator<Item = (Square, Kind)> + '_ {
        deploy_squares()
            .zip(self.kinds)
            .map(move |(s, k)| (s.from_view(side), k))
    }

    /// A random valid layout from a seed: the same on every machine and every version
    /// (ChaCha20 from the seed's little-endian bytes, our own sampling on top).
    pub fn random(seed: u64) -> Layout {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        let mut rng = ChaCha20Rng::from_seed(key);
        let mut slots: Vec<Option<Kind>> = vec![None; PIECES];
        let squares: Vec<Square> = deploy_squares().collect();
        // The constrained pieces first, each on a random free cell it may stand on.
        let mut place = |kind: Kind, allowed: u64, rng: &mut ChaCha20Rng| {
            let free: Vec<usize> = (0..PIECES)
                .filter(|&i| slots[i].is_none() && allowed & squares[i].bit() != 0)
                .collect();
            slots[free[below(rng, free.len())]] = Some(kind);
        };
        let hq = headquarters_of(Side::South);
        place(Kind::Flag, hq[0].bit() | hq[1].bit(), &mut rng);
        for _ in 0..Kind::Landmine.count() {
            place(Kind::Landmine, back_ranks_of(Side::South), &mut rng);
        }
        for _ in 0..Kind::Bomb.count() {
            place(Kind::Bomb, !front_row_of(Side::South), &mut rng);
        }
        // The other 19 pieces shuffled (Fisher-Yates) into the remaining cells in order.
        let mut rest: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| !matches!(k, Kind::Flag | Kind::Landmine | Kind::Bomb))
            .flat_map(|k| std::iter::repeat_n(k, k.count() as usize))
            .collect();
        for i in (1..rest.len()).rev() {
            rest.swap(i, below(&mut rng, i + 1));
        }
        let mut rest = rest.into_iter();
        let kinds: Vec<Kind> = slots
            .into_iter()
            .map(|s| s.or_else(|| rest.next()).expect("25 pieces"))
            .collect();
        let kinds = kinds.try_into().expect("25 pieces");
        Layout::from_kinds(kinds).expect("the generator respects every constraint")
    }
}

/// A uniform integer in `0..n` (n > 0), by rejection, so it is exact and portable.
fn below(rng: &mut ChaCha20Rng, n: usize) -> usize {
    let n = n as u32;
    let zone = u32::MAX - (u32::MAX - n + 1) % n;
    loop {
        let x = rng.next_u32();
        if x <= zone {
            return (x % n) as usize;
        }
    }
}

/// The placement constraints of one piece, in the owner's view.
fn check_placement(square: Square, kind: Kind) -> Result<(), LayoutError> {
    let side = Side::South;
    match kind {
        Kind::Flag if !headquarters_of(side).contains(&square) => {
            Err(LayoutError::FlagNotInHeadquarters(square))
        }
        Kind::Landmine if back_ranks_of(side) & square.bit() == 0 => {
            Err(LayoutError::LandmineTooFarForward(square))
        }
        Kind::Bomb if front_row_of(side) & square.bit() != 0 => {
            Err(LayoutError::BombOnFrontRow(square))
        }
        _ => Ok(()),
    }
}

impl FromStr for Layout {
    type Err = LayoutError;

    /// Reads layout text (`hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf`), either case.
    fn from_str(text: &str) -> Result<Layout, LayoutError> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != RANKS {
            return Err(LayoutError::Rows(rows.len()));
        }
        let mut kinds = Vec::with_capacity(PIECES);
        for (i, row) in rows.iter().enumerate() {
            let rank = (RANKS - i) as u8;
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != FILES as usize {
                return Err(LayoutError::RowWidth {
                    rank,
                    cells: cells.len(),
                });
            }
            for (c, ch) in cells.into_iter().enumerate() {
                let square = Square::new(c as u8, 6 + i as u8).expect("on the board");
                let camp = CAMPS & square.bit() != 0;
                match (ch, camp) {
                    ('+', true) => {}
                    ('+', false) => return Err(LayoutError::NotACamp(square)),
                    (ch, camp) => {
                        let kind = Kind::from_letter(ch).ok_or(LayoutError::Char { square, ch })?;
                        if camp {
                            return Err(LayoutError::PieceOnCamp(square));
                        }
                        kinds.push(kind);
                    }
                }
            }
        }
        Layout::from_kinds(kinds.try_into().expect("25 non-camp cells in 6 full rows"))
    }
}

impl fmt::Display for Layout {
    /// Layout text, lower case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut kinds = self.kinds.iter();
        for i in 0..RANKS as u8 {
            if i > 0 {
                f.write_str("/")?;
            }
            for c in 0..FILES {
                let square = Square::new(c, 6 + i).expect("on the board");
                if CAMPS & square.bit() != 0 {
                    f.write_str("+")?;
                } else {
                    write!(f, "{}", kinds.next().expect("25 kinds").letter())?;
                }
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf";

    fn err(text: &str) -> String {
        text.parse::<Layout>().unwrap_err().to_string()
    }

    #[test]
    fn the_spec_example_reads_and_writes_back() {
        let layout: Layout = EXAMPLE.parse().unwrap();
        assert_eq!(layout.to_string(), EXAMPLE);
        assert_eq!(EXAMPLE.to_uppercase().parse::<Layout>().unwrap(), layout);
        assert_eq!(layout.kind_at("b1".parse().unwrap()), Some(Kind::Flag));
        assert_eq!(layout.kind_at("b5".parse().unwrap()), None, "a camp");
    }

    #[test]
    fn each_constraint_is_named_with_its_cell() {
        assert!(err("hgfih/e+i+e/dc+cd/g+a+b/jkjkh").contains("6 rows"));
        assert!(err("hgfi/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf").contains("rank 6 has 4 cells"));
        assert!(err("hgfiz/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf").contains("e6: 'z'"));
        assert!(err("hgfih/eii+e/dc+cd/g+a+b/jkjkh/ilgjf").contains("b5 is a camp"));
        assert!(err("hgfih/e+i+e/dc+cd/g+a+b/jkjkh/+lgjf").contains("a1 is not a camp"));
        // The flag on c1 instead of b1 (swapped with the captain).
        assert!(err("hgfih/e+i+e/dc+cd/g+a+b/jkjkh/igljf").contains("c1: the flag must stand"));
        // A landmine on rank 3 (swapped with the captain on a3).
        assert!(err("hgfih/e+i+e/dc+cd/j+a+b/gkjkh/ilgjf").contains("a3: landmines"));
        // A bomb on the front row (swapped with the lieutenant on a6).
        assert!(err("kgfih/e+i+e/dc+cd/g+a+b/jhjkh/ilgjf").contains("a6: a bomb"));
        // Two field marshals.
        assert!(
            err("hgfih/e+i+e/dc+cd/g+a+a/jkjkh/ilgjf").contains("e3: one field marshal too many")
        );
    }

    #[test]
    fn swapping_keeps_the_constraints() {
        let layout: Layout = EXAMPLE.parse().unwrap();
        let s = |n: &str| n.parse::<Square>().unwrap();
        let swapped = layout.swapped(s("a6"), s("e6")).unwrap();
        assert_eq!(swapped.to_string(), EXAMPLE, "two lieutenants: same layout");
        let swapped = layout.swapped(s("a6"), s("c3")).unwrap();
        assert_eq!(swapped.kind_at(s("a6")), Some(Kind::FieldMarshal));
        let refused = layout.swapped(s("b1"), s("c1")).unwrap_err();
        assert_eq!(refused, LayoutError::FlagNotInHeadquarters(s("c1")));
    }

    #[test]
    fn random_layouts_are_valid_varied_and_stable() {
        let mut seen = std::collections::HashSet::new();
        for seed in 0..300 {
            let layout = Layout::random(seed);
            assert_eq!(layout.to_string().parse::<Layout>().unwrap(), layout);
            assert_eq!(Layout::random(seed), layout, "same seed, same layout");
            seen.insert(layout.to_string());
        }
        assert_eq!(seen.len(), 300);
    }

    #[test]
    fn a_seed_gives_the_same_layout_in_every_version() {
        // Other tools rely on these: changing the generator breaks them.
        assert_eq!(
            Layout::random(0).to_string(),
            "hihad/h+g+f/ie+ci/g+g+k/jejjb/clkdf"
        );
        assert_eq!(
            Layout::random(1).to_string(),
            "gfheg/i+k+k/eh+id/c+g+h/jcfbj/ijdla"
        );
    }
}
