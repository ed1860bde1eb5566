//! The evaluation, from the side to move's point of view, in centipawn-like units (a pawn
//! on its own half is 30, a rook about 900).
//!
//! - **Material and piece-square tables**, one for the middlegame and one for the endgame,
//!   blended by how much attacking material (rooks, horses, cannons) is left. The tables
//!   are written from Red's side and computed at compile time: horses like the centre and
//!   the enemy half and dislike the edge (more so in the endgame, where a horse is worth
//!   more and a cannon less); pawns gain a lot by crossing the river and more near the
//!   enemy palace, but little on the last rank, and count for more in the endgame;
//!   cannons like the centre file and their own back ranks early; rooks like open central
//!   files a little; the king stays on its back rank in the middlegame.
//! - **Mobility**: a rook's reach along its four lines, a horse's free moves (a horse with
//!   its legs blocked is a poor piece).
//! - **King attack**: rooks, horses and cannons reaching into the enemy palace and pawns
//!   near it; two or more attackers count much more, and more still when the defender has
//!   lost advisors and elephants. (A separate king-safety term — missing guards, cannons
//!   and rooks on the king's file — was dropped after self-play showed no gain:
//!   `docs/MEASUREMENTS.md`.)
//!
//! Parts can be switched off for measurements (`LANQI_XIANGQI_OFF=mobility,king_attack,
//! phase`; see [`super::search::Tune`]).

use std::sync::LazyLock;

use crate::rules::xiangqi::{Position, Side};

/// Piece values by kind code (1 = king … 7 = pawn, as board codes); the king has none.
/// These are the middlegame values; the search orders captures by them.
pub const VALUES: [i32; 8] = [0, 0, 120, 120, 400, 900, 450, 30];

/// Endgame values by kind code.
const VALUES_EG: [i32; 8] = [0, 0, 100, 100, 460, 960, 420, 45];

const KING: usize = 1;
const ADVISOR: usize = 2;
const ELEPHANT: usize = 3;
const HORSE: usize = 4;
const ROOK: usize = 5;
const CANNON: usize = 6;
const PAWN: usize = 7;

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

const fn build(eg: bool) -> [[i32; 90]; 16] {
    let mut t = [[0; 90]; 16];
    let mut kind = 1;
    while kind < 8 {
        let mut sq = 0;
        while sq < 90 {
            let file = (sq % 9) as i32;
            let rank = (sq / 9) as i32;
            let (red, black) = if eg {
                (
                    red_value_eg(kind, file, rank),
                    red_value_eg(kind, file, 9 - rank),
                )
            } else {
                (red_value(kind, file, rank), red_value(kind, file, 9 - rank))
            };
            t[kind][sq] = red;
            // Black's piece on sq is worth what Red's is on the rank-reversed point.
            t[8 + kind][sq] = black;
            sq += 1;
        }
        kind += 1;
    }
    t
}

/// Middlegame piece-square values by board code and point (always positive: Black's are
/// subtracted).
pub static PST: [[i32; 90]; 16] = build(false);
/// Endgame piece-square values.
static PST_EG: [[i32; 90]; 16] = build(true);

/// A small bonus for having the move.
const TEMPO: i32 = 10;

/// How much attacking material makes a full middlegame: two rooks, two horses and two
/// cannons a side.
const PHASE_MAX: i32 = 2 * (2 * 6 + 2 * 3 + 2 * 3);

/// Mobility of a horse by its number of free moves.
const HORSE_MOBILITY: [i32; 9] = [-45, -25, -8, 0, 6, 10, 13, 15, 16];

/// The evaluation of `position` for the side to move.
pub fn evaluate(position: &Position) -> i32 {
    let tune = *TUNE;
    let board = position.codes();
    let mut mg = [0i32; 2];
    let mut eg = [0i32; 2];
    // Counts by side and kind code.
    let mut count = [[0i32; 8]; 2];
    // Pieces that reach into the enemy palace: weighted units and how many, by side.
    let mut units = [0i32; 2];
    let mut attackers = [0i32; 2];
    for side in Side::BOTH {
        let s = side.index();
        let mut bits = position.occupied(side);
        while bits != 0 {
            let sq = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let code = board[sq] as usize & 15;
            let kind = code & 7;
            mg[s] += PST[code][sq];
            eg[s] += PST_EG[code][sq];
            count[s][kind] += 1;
            let rank = sq / 9;
            let across = if s == 0 { rank >= 5 } else { rank <= 4 };
            match kind {
                ROOK if tune.mobility || tune.king_attack => {
                    let (reach, hits) = rook_reach(board, sq, 1 - s);
                    if tune.mobility {
                        mg[s] += 3 * reach;
                        eg[s] += 3 * reach;
                    }
                    if hits > 0 {
                        units[s] += 4;
                        attackers[s] += 1;
                    }
                }
                HORSE if tune.mobility || tune.king_attack => {
                    let (free, hits) = horse_moves(board, sq, s);
                    if tune.mobility {
                        mg[s] += HORSE_MOBILITY[free];
                        eg[s] += HORSE_MOBILITY[free];
                    }
                    if hits > 0 {
                        units[s] += 3;
                        attackers[s] += 1;
                    }
                }
                CANNON if tune.king_attack && cannon_hits(board, sq, 1 - s) > 0 => {
                    units[s] += 3;
                    attackers[s] += 1;
                }
                PAWN if across => {
                    // Near the enemy palace.
                    let rel = if s == 0 { rank } else { 9 - rank };
                    let file = sq % 9;
                    if rel >= 6 && (3..=5).contains(&file) {
                        units[s] += 1;
                    }
                }
                _ => {}
            }
        }
    }
    let phase = if tune.phase {
        let material = (count[0][ROOK] + count[1][ROOK]) * 6
            + (count[0][HORSE] + count[1][HORSE] + count[0][CANNON] + count[1][CANNON]) * 3;
        material.min(PHASE_MAX)
    } else {
        PHASE_MAX
    };
    if tune.king_attack {
        for s in 0..2 {
            let them = 1 - s;
            let u = units[them];
            let guards = count[s][ADVISOR] + count[s][ELEPHANT];
            let danger = if attackers[them] >= 2 {
                u * u * 3 / 2 * (8 - guards) / 8
            } else {
                u * 5
            };
            mg[s] -= danger;
            eg[s] -= danger / 2;
        }
    }
    let us = position.side_to_move().index();
    let mg_score = mg[us] - mg[1 - us];
    let eg_score = eg[us] - eg[1 - us];
    (mg_score * phase + eg_score * (PHASE_MAX - phase)) / PHASE_MAX + TEMPO
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

/// How many points of the palace of side index `enemy` a cannon on `sq` attacks (over one
/// screen).
#[inline]
fn cannon_hits(board: &[u8; 90], sq: usize, enemy: usize) -> i32 {
    let (file, rank) = ((sq % 9) as i32, (sq / 9) as i32);
    let mut hits = 0;
    for (df, dr) in [(1, 0), (-1, 0), (0, 1), (0, -1)] {
        let (mut f, mut r) = (file + df, rank + dr);
        let mut screened = false;
        while (0..9).contains(&f) && (0..10).contains(&r) {
            let occupied = board[(r * 9 + f) as usize] != 0;
            if screened {
                hits += i32::from(in_palace(f, r, enemy));
                if occupied {
                    break;
                }
            } else if occupied {
                screened = true;
            }
            f += df;
            r += dr;
        }
    }
    hits
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_balanced_and_colours_are_symmetric() {
        let start = Position::start();
        assert_eq!(evaluate(&start), TEMPO);
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
    fn a_cannon_nearer_the_centre_file_is_better() {
        // Red's cannon faces Black's king down an empty file, or stands a file aside (the
        // piece-square tables prefer the cannon nearer the centre file).
        let aimed: Position = "3k5/9/9/9/9/9/9/9/9/3CK4 b - - 0 1".parse().unwrap();
        let aside: Position = "3k5/9/9/9/9/9/9/9/9/2C1K4 b - - 0 1".parse().unwrap();
        assert!(evaluate(&aimed) < evaluate(&aside));
    }
}
