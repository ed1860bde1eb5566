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
        for (s, own) in count.iter().enumerate() {
            let them = 1 - s;
            let u = units[them];
            let guards = own[ADVISOR] + own[ELEPHANT];
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

/// The weights played.
pub const TUNED: Weights = Weights {
    material: [
        S(0, 0),     // (none)
        S(0, 0),     // king
        S(129, 80),  // advisor
        S(130, 67),  // elephant
        S(384, 435), // horse
        S(903, 962), // rook
        S(451, 422), // cannon
        S(59, 68),   // pawn
    ],
    pst: [
        // (none): rank 0 (own back rank) to 9, file a..e
        [
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
        ],
        // king: rank 0 (own back rank) to 9, file a..e
        [
            [S(0, 0), S(0, 0), S(0, 0), S(-1, -1), S(3, -3)],
            [S(-12, 0), S(-12, 0), S(-12, 0), S(-11, 4), S(-12, 13)],
            [S(-24, 0), S(-24, 0), S(-24, 0), S(-26, 0), S(-25, 6)],
            [S(-36, 0), S(-36, 0), S(-36, 0), S(-36, 0), S(-36, 6)],
            [S(-48, 0), S(-48, 0), S(-48, 0), S(-48, 0), S(-48, 6)],
            [S(-60, 0), S(-60, 0), S(-60, 0), S(-60, 0), S(-60, 6)],
            [S(-72, 0), S(-72, 0), S(-72, 0), S(-72, 0), S(-72, 6)],
            [S(-84, 0), S(-84, 0), S(-84, 0), S(-84, 0), S(-84, 6)],
            [S(-96, 0), S(-96, 0), S(-96, 0), S(-96, 0), S(-96, 6)],
            [S(-108, 0), S(-108, 0), S(-108, 0), S(-108, 0), S(-108, 6)],
        ],
        // advisor: rank 0 (own back rank) to 9, file a..e
        [
            [S(0, 0), S(0, 0), S(0, 0), S(-9, -8), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(24, 3)],
            [S(0, 0), S(0, 0), S(0, 0), S(3, -7), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
        ],
        // elephant: rank 0 (own back rank) to 9, file a..e
        [
            [S(0, 0), S(0, 0), S(-5, -14), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(5, -3), S(0, 0), S(0, 0), S(0, 0), S(32, -1)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(-12, -6), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(10, 8)],
        ],
        // horse: rank 0 (own back rank) to 9, file a..e
        [
            [S(-25, -40), S(4, 1), S(14, 17), S(19, 25), S(23, 31)],
            [S(-24, -40), S(7, 8), S(8, 14), S(12, 24), S(-1, 25)],
            [S(-26, -40), S(5, 6), S(8, 16), S(23, 26), S(29, 31)],
            [S(-18, -39), S(12, 8), S(21, 18), S(22, 21), S(33, 31)],
            [S(-17, -41), S(16, 9), S(23, 16), S(33, 24), S(33, 34)],
            [S(-13, -30), S(16, 15), S(24, 26), S(33, 34), S(34, 42)],
            [S(3, -18), S(36, 31), S(43, 33), S(44, 47), S(50, 49)],
            [S(11, -11), S(40, 36), S(47, 46), S(55, 53), S(61, 60)],
            [S(23, 0), S(59, 49), S(58, 48), S(68, 67), S(72, 72)],
            [S(-7, -40), S(24, 8), S(30, 18), S(36, 23), S(42, 32)],
        ],
        // rook: rank 0 (own back rank) to 9, file a..e
        [
            [S(-15, -3), S(18, 7), S(4, 2), S(7, 4), S(12, 8)],
            [S(13, -2), S(4, 1), S(4, 4), S(-2, 3), S(12, 8)],
            [S(7, -1), S(1, 3), S(6, 5), S(5, 5), S(11, 7)],
            [S(2, 1), S(-1, 1), S(8, 5), S(9, 7), S(13, 10)],
            [S(1, -1), S(0, 2), S(9, 4), S(10, 6), S(12, 8)],
            [S(-1, 1), S(1, 2), S(5, 5), S(4, 3), S(12, 8)],
            [S(20, 3), S(27, 5), S(26, 8), S(18, 5), S(23, 6)],
            [S(15, -1), S(14, 1), S(24, 5), S(28, 8), S(26, 7)],
            [S(-1, -1), S(5, 3), S(5, 3), S(10, 6), S(12, 9)],
            [S(2, 2), S(-5, 0), S(13, 8), S(11, 7), S(11, 8)],
        ],
        // cannon: rank 0 (own back rank) to 9, file a..e
        [
            [S(6, 0), S(4, 1), S(10, 2), S(13, 3), S(27, 11)],
            [S(6, 1), S(8, 0), S(9, 1), S(8, -1), S(33, 12)],
            [S(7, 1), S(27, 2), S(13, 0), S(13, 3), S(34, 16)],
            [S(-1, -1), S(0, 0), S(2, 0), S(6, 4), S(23, 15)],
            [S(-6, 1), S(-3, 1), S(5, 3), S(1, 4), S(23, 14)],
            [S(0, 1), S(5, 3), S(-1, 1), S(4, 1), S(27, 13)],
            [S(3, 2), S(2, 1), S(-4, 0), S(2, -1), S(21, 12)],
            [S(1, 0), S(3, 2), S(0, -1), S(5, 2), S(21, 11)],
            [S(1, 1), S(-10, -3), S(2, -2), S(3, 1), S(20, 10)],
            [S(-7, -1), S(-4, 2), S(-7, 1), S(-5, 2), S(9, 9)],
        ],
        // pawn: rank 0 (own back rank) to 9, file a..e
        [
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(0, 0), S(0, 0), S(0, 0), S(0, 0), S(0, 0)],
            [S(-7, 4), S(0, 0), S(-29, -14), S(0, 0), S(-5, 7)],
            [S(5, 7), S(8, 10), S(21, 11), S(8, 10), S(15, 7)],
            [S(50, 62), S(49, 61), S(55, 63), S(57, 67), S(73, 75)],
            [S(50, 81), S(53, 83), S(104, 93), S(97, 119), S(103, 117)],
            [S(50, 84), S(57, 88), S(96, 93), S(103, 132), S(106, 125)],
            [S(58, 95), S(65, 100), S(100, 96), S(108, 130), S(113, 138)],
            [S(39, 47), S(45, 53), S(51, 56), S(57, 61), S(63, 62)],
        ],
    ],
    rook_reach: S(1, 18),
    horse_mobility: [
        S(-44, -44),
        S(-32, -28),
        S(-32, -12),
        S(-12, 0),
        S(-1, -4),
        S(24, 15),
        S(16, 3),
        S(27, 17),
        S(19, 9),
    ],
    cannon_reach: S(-1, 0),
    hollow_cannon: S(8, 3),
    connected_pawns: S(0, -3),
    danger_many: S(19, 11),
    danger_few: S(18, -8),
    tempo: 0,
};

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

    /// The evaluation for Red of a position given with Red to move.
    fn red(fen: &str) -> i32 {
        let p: Position = fen.parse().unwrap();
        assert_eq!(p.side_to_move(), Side::Red);
        evaluate(&p)
    }

    #[test]
    fn the_tuned_weights_order_known_positions_sensibly() {
        let even = red("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        // A rook up, a horse up, a cannon up, a pawn up.
        let rook = red("1nbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        let horse = red("r1bakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        let pawn = red("rnbakabnr/9/1c5c1/p1p1p1p2/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
        assert!(rook > horse + 200 && horse > pawn + 150 && pawn > even + 30);
        for (better, worse, what) in [
            (
                // A pawn across the river, against the same pawn at home.
                "4k4/9/9/9/4P4/9/9/9/9/3K5 w - - 0 1",
                "4k4/9/9/9/9/9/4P4/9/9/3K5 w - - 0 1",
                "a pawn across the river",
            ),
            (
                // A horse in the centre of its own half, against one on the edge.
                "4k4/9/9/9/9/9/4H4/9/9/3K5 w - - 0 1",
                "4k4/9/9/9/9/9/H8/9/9/3K5 w - - 0 1",
                "a central horse",
            ),
            (
                // Black's rooks on the edge, against the same rooks at Red's palace.
                "3aka3/9/4b4/9/9/9/rr7/9/9/3AKAB2 w - - 0 1",
                "3aka3/9/4b4/9/9/9/9/9/3r1r3/3AKAB2 w - - 0 1",
                "the enemy's rooks away from one's palace",
            ),
        ] {
            assert!(
                red(better) > red(worse),
                "{what}: {} <= {}",
                red(better),
                red(worse)
            );
        }
    }

    #[test]
    fn the_weights_round_trip_through_the_tuners_vector() {
        let v = TUNED.to_vec();
        assert_eq!(v.len(), Weights::LEN);
        assert_eq!(Weights::from_vec(&v), TUNED);
    }
}
