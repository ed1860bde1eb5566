//! The evaluation, from the side to move's point of view, in centipawn-like units (a pawn
//! on its own half is about 30, a rook about 900).
//!
//! Every number it uses is a field of [`Weights`]; the values played are [`TUNED`],
//! written out as readable constants at the end of this file by the tuner
//! (`lanqi xiangqi tune`, [`super::tune`]: Texel's method on positions from played games,
//! `docs/MEASUREMENTS.md`). The terms, each a middlegame and an endgame value ([`S`])
//! blended by how much attacking material (rooks, horses, cannons) is left:
//!
//! - **Material and piece-square tables**, written from Red's side (rank 0 = one's own back
//!   rank; files 0..=4 from the edge to the centre, the other half mirrored).
//! - **Mobility**: a rook's reach along its four lines, a horse's free moves (a horse with
//!   its legs blocked is a poor piece), a cannon's quiet moves.
//! - **King attack**: rooks, horses and cannons reaching into the enemy palace and pawns
//!   near it, as units; two or more attackers count by the square of the units, more when
//!   the defender has lost advisors and elephants (`danger_many`), one by the units
//!   (`danger_few`). A cannon on the enemy king's file with nothing between
//!   (`hollow_cannon`).
//! - **Pawns** across the river side by side (`connected_pawns`), and a bonus for having
//!   the move (`tempo`).
//!
//! Parts can be switched off for measurements (`LANQI_XIANGQI_OFF=mobility,king_attack,
//! phase`; see [`super::search::Tune`]).

use std::sync::LazyLock;

use crate::rules::xiangqi::{Position, Side};

/// Piece values by kind code (1 = king … 7 = pawn, as board codes) for move ordering (the
/// search orders captures by them); the king has none. The evaluation's own values are
/// [`Weights::material`].
pub const VALUES: [i32; 8] = [0, 0, 120, 120, 400, 900, 450, 30];

const KING: usize = 1;
const ADVISOR: usize = 2;
const ELEPHANT: usize = 3;
const HORSE: usize = 4;
const ROOK: usize = 5;
const CANNON: usize = 6;
const PAWN: usize = 7;

/// A middlegame and an endgame value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct S(pub i32, pub i32);

/// A piece-square table from Red's side: `[rank][file]`, rank 0 = Red's back rank, file 0
/// = the edge (a or i) … 4 = the centre file (e); files 5..=8 mirror 3..=0.
pub type Table = [[S; 5]; 10];

/// Every number of the evaluation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material by kind code: `[-, king, advisor, elephant, horse, rook, cannon, pawn]`.
    pub material: [S; 8],
    /// Piece-square tables by kind code (index 0 unused), added to the material.
    pub pst: [Table; 8],
    /// A rook, for each point it reaches along its four lines (a capture included).
    pub rook_reach: S,
    /// A horse, by its number of free moves (legs free, not onto its own pieces).
    pub horse_mobility: [S; 9],
    /// A cannon, for each empty point it can move to.
    pub cannon_reach: S,
    /// A cannon on the enemy king's file with nothing between them.
    pub hollow_cannon: S,
    /// A pawn across the river with one of its own beside it (each such pair).
    pub connected_pawns: S,
    /// Subtracted from the defender, times units² · (8 − advisors − elephants) / 32, when
    /// two or more of the enemy's pieces reach into its palace.
    pub danger_many: S,
    /// Subtracted from the defender, times the units, when at most one does.
    pub danger_few: S,
    /// For the side to move.
    pub tempo: i32,
}

/// The evaluation's terms besides material and place, for [`Sink::term`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Term {
    RookReach,
    HorseMobility(usize),
    CannonReach,
    HollowCannon,
    ConnectedPawns,
    DangerMany,
    DangerFew,
}

impl Weights {
    /// The weight of `term`.
    #[inline(always)]
    pub(super) const fn weight(&self, term: Term) -> S {
        match term {
            Term::RookReach => self.rook_reach,
            Term::HorseMobility(n) => self.horse_mobility[n],
            Term::CannonReach => self.cannon_reach,
            Term::HollowCannon => self.hollow_cannon,
            Term::ConnectedPawns => self.connected_pawns,
            Term::DangerMany => self.danger_many,
            Term::DangerFew => self.danger_few,
        }
    }

    /// How many numbers [`Weights::to_vec`] gives.
    pub const LEN: usize = 16 + 8 * 10 * 5 * 2 + 2 + 18 + 2 * 5 + 1;

    /// Where `term`'s middlegame value sits in [`Weights::to_vec`] (its endgame value is
    /// the next).
    pub(super) const fn index(term: Term) -> usize {
        const BASE: usize = 16 + 8 * 10 * 5 * 2;
        match term {
            Term::RookReach => BASE,
            Term::HorseMobility(n) => BASE + 2 + 2 * n,
            Term::CannonReach => BASE + 20,
            Term::HollowCannon => BASE + 22,
            Term::ConnectedPawns => BASE + 24,
            Term::DangerMany => BASE + 26,
            Term::DangerFew => BASE + 28,
        }
    }

    /// Where a kind's material (middlegame) sits.
    pub(super) const fn material_index(kind: usize) -> usize {
        2 * kind
    }

    /// Where a kind's table entry (middlegame) sits, for Red's (rank, folded file).
    pub(super) const fn pst_index(kind: usize, rank: usize, file: usize) -> usize {
        16 + ((kind * 10 + rank) * 5 + file) * 2
    }

    /// Where the tempo sits (the last).
    pub(super) const TEMPO_INDEX: usize = Self::LEN - 1;

    const TERMS: [Term; 15] = [
        Term::RookReach,
        Term::HorseMobility(0),
        Term::HorseMobility(1),
        Term::HorseMobility(2),
        Term::HorseMobility(3),
        Term::HorseMobility(4),
        Term::HorseMobility(5),
        Term::HorseMobility(6),
        Term::HorseMobility(7),
        Term::HorseMobility(8),
        Term::CannonReach,
        Term::HollowCannon,
        Term::ConnectedPawns,
        Term::DangerMany,
        Term::DangerFew,
    ];

    /// Every number in a fixed order (middlegame before endgame): the tuner's vector.
    pub fn to_vec(&self) -> Vec<i32> {
        let mut v = vec![0; Self::LEN];
        for kind in 0..8 {
            let i = Self::material_index(kind);
            (v[i], v[i + 1]) = (self.material[kind].0, self.material[kind].1);
            for rank in 0..10 {
                for file in 0..5 {
                    let i = Self::pst_index(kind, rank, file);
                    let s = self.pst[kind][rank][file];
                    (v[i], v[i + 1]) = (s.0, s.1);
                }
            }
        }
        for term in Self::TERMS {
            let i = Self::index(term);
            let s = self.weight(term);
            (v[i], v[i + 1]) = (s.0, s.1);
        }
        v[Self::TEMPO_INDEX] = self.tempo;
        v
    }

    /// The weights of a vector in [`Weights::to_vec`]'s order.
    pub fn from_vec(v: &[i32]) -> Weights {
        assert_eq!(v.len(), Self::LEN, "a weight vector of the wrong length");
        let s = |i: usize| S(v[i], v[i + 1]);
        let mut w = Weights {
            material: [S::default(); 8],
            pst: [[[S::default(); 5]; 10]; 8],
            rook_reach: s(Self::index(Term::RookReach)),
            horse_mobility: [S::default(); 9],
            cannon_reach: s(Self::index(Term::CannonReach)),
            hollow_cannon: s(Self::index(Term::HollowCannon)),
            connected_pawns: s(Self::index(Term::ConnectedPawns)),
            danger_many: s(Self::index(Term::DangerMany)),
            danger_few: s(Self::index(Term::DangerFew)),
            tempo: v[Self::TEMPO_INDEX],
        };
        for kind in 0..8 {
            w.material[kind] = s(Self::material_index(kind));
            for rank in 0..10 {
                for file in 0..5 {
                    w.pst[kind][rank][file] = s(Self::pst_index(kind, rank, file));
                }
            }
        }
        for (n, m) in w.horse_mobility.iter_mut().enumerate() {
            *m = s(Self::index(Term::HorseMobility(n)));
        }
        w
    }
}

/// Which parts of the evaluation are on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct EvalTune {
    phase: bool,
    mobility: bool,
    king_attack: bool,
}

static TUNE: LazyLock<EvalTune> = LazyLock::new(|| {
    let has = super::search::switched_off;
    EvalTune {
        phase: !has("phase"),
        mobility: !has("mobility"),
        king_attack: !has("king_attack"),
    }
});

/// The file of a table: the distance from the nearer edge, 0..=4.
const fn fold(file: usize) -> usize {
    if file > 4 { 8 - file } else { file }
}

const fn build(w: &Weights, eg: bool) -> [[i32; 90]; 16] {
    let mut t = [[0; 90]; 16];
    let mut kind = 1;
    while kind < 8 {
        let mut sq = 0;
        while sq < 90 {
            let file = fold(sq % 9);
            let rank = sq / 9;
            let m = w.material[kind];
            let (red, black) = (w.pst[kind][rank][file], w.pst[kind][9 - rank][file]);
            // Black's piece on sq is worth what Red's is on the rank-reversed point.
            if eg {
                t[kind][sq] = m.1 + red.1;
                t[8 + kind][sq] = m.1 + black.1;
            } else {
                t[kind][sq] = m.0 + red.0;
                t[8 + kind][sq] = m.0 + black.0;
            }
            sq += 1;
        }
        kind += 1;
    }
    t
}

/// Middlegame material and piece-square values by board code and point (always positive:
/// Black's are subtracted).
static PST: [[i32; 90]; 16] = build(&TUNED, false);
/// Endgame values.
static PST_EG: [[i32; 90]; 16] = build(&TUNED, true);

/// How much attacking material makes a full middlegame: two rooks, two horses and two
/// cannons a side.
pub(super) const PHASE_MAX: i32 = 2 * (2 * 6 + 2 * 3 + 2 * 3);

/// What the evaluation walk reports to: the played evaluation adds the weights
/// ([`Fast`]), the tuner counts the terms (`tune.rs`).
pub(super) trait Sink {
    /// A piece of board code `code` of side index `s` on `sq`.
    fn piece(&mut self, s: usize, code: usize, sq: usize);
    /// `term` counted `num / den` times for side index `s` (negative: against it).
    fn term(&mut self, s: usize, term: Term, num: i32, den: i32);
}

/// Adds [`TUNED`]'s weights up.
struct Fast {
    mg: [i32; 2],
    eg: [i32; 2],
}

impl Sink for Fast {
    #[inline(always)]
    fn piece(&mut self, s: usize, code: usize, sq: usize) {
        self.mg[s] += PST[code][sq];
        self.eg[s] += PST_EG[code][sq];
    }

    #[inline(always)]
    fn term(&mut self, s: usize, term: Term, num: i32, den: i32) {
        let w = TUNED.weight(term);
        self.mg[s] += w.0 * num / den;
        self.eg[s] += w.1 * num / den;
    }
}

/// The evaluation of `position` for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let mut fast = Fast {
        mg: [0; 2],
        eg: [0; 2],
    };
    let phase = walk(position, &mut fast);
    let us = position.side_to_move().index();
    let mg_score = fast.mg[us] - fast.mg[1 - us];
    let eg_score = fast.eg[us] - fast.eg[1 - us];
    (mg_score * phase + eg_score * (PHASE_MAX - phase)) / PHASE_MAX + TUNED.tempo
}

/// Walks `position`'s pieces and terms into `sink`; returns the phase (0 = endgame …
/// [`PHASE_MAX`] = middlegame).
#[inline(always)]
pub(super) fn walk(position: &Position, sink: &mut impl Sink) -> i32 {
    let tune = *TUNE;
    let board = position.codes();
    // Counts by side and kind code.
    let mut count = [[0i32; 8]; 2];
    // Pieces that reach into the enemy palace: weighted units and how many, by side.
    let mut units = [0i32; 2];
    let mut attackers = [0i32; 2];
    let kings = [
        position.king(Side::Red).index(),
        position.king(Side::Black).index(),
    ];
    for side in Side::BOTH {
        let s = side.index();
        let mut bits = position.occupied(side);
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = board[sq] as usize & 15;
            let kind = code & 7;
            sink.piece(s, code, sq);
            count[s][kind] += 1;
            let rank = sq / 9;
            let across = if s == 0 { rank >= 5 } else { rank <= 4 };
            match kind {
                ROOK if tune.mobility || tune.king_attack => {
                    let (reach, hits) = rook_reach(board, sq, 1 - s);
                    if tune.mobility {
                        sink.term(s, Term::RookReach, reach, 1);
                    }
                    if tune.king_attack && hits > 0 {
                        units[s] += 4;
                        attackers[s] += 1;
                    }
                }
                HORSE if tune.mobility || tune.king_attack => {
                    let (free, hits) = horse_moves(board, sq, s);
                    if tune.mobility {
                        sink.term(s, Term::HorseMobility(free), 1, 1);
                    }
                    if tune.king_attack && hits > 0 {
                        units[s] += 3;
                        attackers[s] += 1;
                    }
                }
                CANNON if tune.mobility || tune.king_attack => {
                    let (reach, hits, hollow) = cannon_lines(board, sq, 1 - s, kings[1 - s]);
                    if tune.mobility {
                        sink.term(s, Term::CannonReach, reach, 1);
                    }
                    if tune.king_attack {
                        if hits > 0 {
                            units[s] += 3;
                            attackers[s] += 1;
                        }
                        if hollow {
                            sink.term(s, Term::HollowCannon, 1, 1);
                        }
                    }
                }
                PAWN if across => {
                    // Near the enemy palace.
                    let rel = if s == 0 { rank } else { 9 - rank };
                    let file = sq % 9;
                    if tune.king_attack && rel >= 6 && (3..=5).contains(&file) {
                        units[s] += 1;
                    }
                    if file < 8 && board[sq + 1] as usize & 15 == code {
                        sink.term(s, Term::ConnectedPawns, 1, 1);
                    }
                }
                _ => {}
            }
        }
    }
    if tune.king_attack {
        for s in 0..2 {
            let them = 1 - s;
            let u = units[them];
            let guards = count[s][ADVISOR] + count[s][ELEPHANT];
            if attackers[them] >= 2 {
                sink.term(s, Term::DangerMany, -(u * u * (8 - guards)), 32);
            } else {
                sink.term(s, Term::DangerFew, -u, 1);
            }
        }
    }
    if tune.phase {
        let material = (count[0][ROOK] + count[1][ROOK]) * 6
            + (count[0][HORSE] + count[1][HORSE] + count[0][CANNON] + count[1][CANNON]) * 3;
        material.min(PHASE_MAX)
    } else {
        PHASE_MAX
    }
}

/// Whether (`f`, `r`) is in the palace of side index `s`.
#[inline]
fn in_palace(f: i32, r: i32, s: usize) -> bool {
    (3..=5).contains(&f) && if s == 0 { r <= 2 } else { r >= 7 }
}

/// How many points a rook on `sq` reaches along its four lines (a capture included), and
/// how many of them are in the palace of side index `enemy`.
#[inline]
fn rook_reach(board: &[u8; 90], sq: usize, enemy: usize) -> (i32, i32) {
    let (file, rank) = ((sq % 9) as i32, (sq / 9) as i32);
    let (mut n, mut hits) = (0, 0);
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let (mut f, mut r) = (file + df, rank + dr);
        while (0..9).contains(&f) && (0..10).contains(&r) {
            n += 1;
            hits += i32::from(in_palace(f, r, enemy));
            if board[(r * 9 + f) as usize] != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    (n, hits)
}

/// A cannon on `sq`: how many empty points it can move to, how many points of the palace
/// of side index `enemy` it attacks (over one screen), and whether it faces the enemy king
/// on `king` with nothing between.
#[inline]
fn cannon_lines(board: &[u8; 90], sq: usize, enemy: usize, king: usize) -> (i32, i32, bool) {
    let (file, rank) = ((sq % 9) as i32, (sq / 9) as i32);
    let (mut reach, mut hits, mut hollow) = (0, 0, false);
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let (mut f, mut r) = (file + df, rank + dr);
        let mut screened = false;
        while (0..9).contains(&f) && (0..10).contains(&r) {
            let at = (r * 9 + f) as usize;
            let occupied = board[at] != 0;
            if screened {
                hits += i32::from(in_palace(f, r, enemy));
                if occupied {
                    break;
                }
            } else if occupied {
                hollow |= at == king;
                screened = true;
            } else {
                reach += 1;
            }
            f += df;
            r += dr;
        }
    }
    (reach, hits, hollow)
}

/// How many moves a horse of side `s` on `sq` has (legs free, not onto its own pieces),
/// and how many of the points it attacks are in the enemy's palace.
#[inline]
fn horse_moves(board: &[u8; 90], sq: usize, s: usize) -> (usize, i32) {
    let (file, rank) = ((sq % 9) as i32, (sq / 9) as i32);
    let (mut n, mut hits) = (0, 0);
    for (lf, lr, a, b) in [
        (0, 1, -1, 2),
        (0, 1, 1, 2),
        (0, -1, -1, -2),
        (0, -1, 1, -2),
        (1, 0, 2, 1),
        (1, 0, 2, -1),
        (-1, 0, -2, 1),
        (-1, 0, -2, -1),
    ] {
        let (f, r) = (file + a, rank + b);
        if !(0..9).contains(&f) || !(0..10).contains(&r) {
            continue;
        }
        if board[((rank + lr) * 9 + file + lf) as usize] != 0 {
            continue;
        }
        hits += i32::from(in_palace(f, r, 1 - s));
        let c = board[(r * 9 + f) as usize];
        if c == 0 || (c as usize >> 3) & 1 != s {
            n += 1;
        }
    }
    (n, hits)
}
const fn centre(file: i32) -> i32 {
    4 - if file > 4 { file - 4 } else { 4 - file }
}

/// The middlegame value of a Red piece of kind code `kind` on (`file`, `rank`), rank 0 =
/// Red's back.
const fn red_value(kind: usize, file: i32, rank: i32) -> i32 {
    let base = VALUES[kind];
    base + match kind {
        KING => -12 * rank,
        ADVISOR | ELEPHANT if file == 4 => 10,
        HORSE => {
            let edge = if file == 0 || file == 8 { -25 } else { 0 };
            let advance = if rank >= 5 && rank <= 8 {
                12 * (rank - 4)
            } else {
                2 * rank
            };
            centre(file) * 6 + advance + edge
        }
        ROOK => centre(file) * 3 + if rank == 6 || rank == 7 { 15 } else { 0 },
        CANNON => {
            let file_bonus = if file == 4 { 20 } else { centre(file) * 2 };
            let rank_bonus = if rank <= 2 {
                6
            } else if rank == 9 {
                -10
            } else {
                0
            };
            file_bonus + rank_bonus
        }
        PAWN => {
            if rank >= 5 {
                let near_palace = if rank >= 6 && rank <= 8 && file >= 2 && file <= 6 {
                    30
                } else {
                    0
                };
                let last = if rank == 9 { -25 } else { 0 };
                40 + centre(file) * 6 + (rank - 5) * 6 + near_palace + last
            } else if rank == 4 {
                8 + if file == 4 { 6 } else { 0 }
            } else {
                0
            }
        }
        _ => 0,
    }
}

/// The endgame value of a Red piece.
const fn red_value_eg(kind: usize, file: i32, rank: i32) -> i32 {
    let base = VALUES_EG[kind];
    base + match kind {
        // The king may help: the centre of the palace, not its corners.
        KING if file == 4 => 6,
        ADVISOR | ELEPHANT if file == 4 => 8,
        HORSE => {
            let edge = if file == 0 || file == 8 { -40 } else { 0 };
            let advance = if rank >= 5 && rank <= 8 {
                10 * (rank - 4)
            } else {
                0
            };
            centre(file) * 8 + advance + edge
        }
        ROOK => centre(file) * 2,
        CANNON => {
            if file == 4 {
                10
            } else {
                centre(file)
            }
        }
        PAWN => {
            if rank >= 5 {
                // Across the river: worth a lot, more near the palace, little on the
                // last rank.
                let near_palace = if rank >= 6 && rank <= 8 && file >= 3 && file <= 5 {
                    40
                } else if rank >= 6 && rank <= 8 {
                    15
                } else {
                    0
                };
                let last = if rank == 9 { -40 } else { 0 };
                55 + centre(file) * 4 + (rank - 5) * 8 + near_palace + last
            } else if rank == 4 {
                10
            } else {
                0
            }
        }
        _ => 0,
    }
}

const VALUES_EG: [i32; 8] = [0, 0, 100, 100, 460, 960, 420, 45];

const fn hand_written() -> Weights {
    let mut w = Weights {
        material: [S(0, 0); 8],
        pst: [[[S(0, 0); 5]; 10]; 8],
        rook_reach: S(3, 3),
        horse_mobility: [
            S(-45, -45),
            S(-25, -25),
            S(-8, -8),
            S(0, 0),
            S(6, 6),
            S(10, 10),
            S(13, 13),
            S(15, 15),
            S(16, 16),
        ],
        cannon_reach: S(0, 0),
        hollow_cannon: S(0, 0),
        connected_pawns: S(0, 0),
        danger_many: S(12, 6),
        danger_few: S(5, 2),
        tempo: 10,
    };
    let mut kind = 1;
    while kind < 8 {
        w.material[kind] = S(VALUES[kind], VALUES_EG[kind]);
        let mut rank = 0;
        while rank < 10 {
            let mut file = 0;
            while file < 5 {
                w.pst[kind][rank][file] = S(
                    red_value(kind, file as i32, rank as i32) - VALUES[kind],
                    red_value_eg(kind, file as i32, rank as i32) - VALUES_EG[kind],
                );
                file += 1;
            }
            rank += 1;
        }
        kind += 1;
    }
    w
}

/// The weights played.
pub const TUNED: Weights = hand_written();

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_balanced_and_colours_are_symmetric() {
        let start = Position::start();
        assert_eq!(evaluate(&start), TUNED.tempo);
        for fen in [
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "3k5/4a4/4c4/9/9/9/9/9/4A4/3AK1C2 w - - 0 1",
            "4k4/9/9/9/2r6/9/9/9/9/3K5 b - - 0 1",
        ] {
            let p: Position = fen.parse().unwrap();
            assert_eq!(evaluate(&p), evaluate(&p.flipped()), "{fen}");
            assert_eq!(evaluate(&p), evaluate(&p.mirrored()), "{fen}");
        }
    }

    #[test]
    fn the_weights_round_trip_through_the_tuners_vector() {
        let v = TUNED.to_vec();
        assert_eq!(v.len(), Weights::LEN);
        assert_eq!(Weights::from_vec(&v), TUNED);
    }
}
