//! Move and attack tables, computed at compile time: rays, the horse with its leg, the
//! elephant with its eye, palace steps, pawn steps, and the Zobrist keys.

use super::square::SQUARES;

/// Marks the end of a short list in a table row.
pub(crate) const END: u8 = u8::MAX;

/// All the tables.
pub(crate) struct Tables {
    /// `file[sq]`, `rank[sq]`.
    pub file: [u8; SQUARES],
    pub rank: [u8; SQUARES],
    /// Rays in the four orthogonal directions (up, down, left, right), nearest point first.
    pub rays: [[[u8; 9]; 4]; SQUARES],
    pub ray_len: [[u8; 4]; SQUARES],
    /// Horse moves from a square: `[to, leg]`, `END`-terminated.
    pub horse: [[[u8; 2]; 9]; SQUARES],
    /// Horses that attack a square: `[from, leg]`, `END`-terminated.
    pub horse_attackers: [[[u8; 2]; 9]; SQUARES],
    /// Elephant moves on the same half of the river: `[to, eye]`, `END`-terminated.
    pub elephant: [[[u8; 2]; 5]; SQUARES],
    /// Advisor steps inside the palace the square is in.
    pub advisor: [[u8; 5]; SQUARES],
    /// King steps inside the palace the square is in.
    pub king: [[u8; 5]; SQUARES],
    /// Pawn steps by side.
    pub pawn: [[[u8; 4]; SQUARES]; 2],
    /// Squares from which a pawn of the side attacks the square.
    pub pawn_attackers: [[[u8; 4]; SQUARES]; 2],
    /// Zobrist keys by board code (0..16) and square, and for Black to move.
    pub zobrist: [[u64; SQUARES]; 16],
    pub black_to_move: u64,
}

const fn on_board(file: i32, rank: i32) -> bool {
    file >= 0 && file < 9 && rank >= 0 && rank < 10
}

const fn idx(file: i32, rank: i32) -> u8 {
    (rank * 9 + file) as u8
}

const fn palace_of(file: i32, rank: i32) -> i32 {
    if file < 3 || file > 5 || rank < 0 || rank > 9 {
        -1
    } else if rank <= 2 {
        0
    } else if rank >= 7 {
        1
    } else {
        -1
    }
}

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn build() -> Tables {
    let mut t = Tables {
        file: [0; SQUARES],
        rank: [0; SQUARES],
        rays: [[[END; 9]; 4]; SQUARES],
        ray_len: [[0; 4]; SQUARES],
        horse: [[[END; 2]; 9]; SQUARES],
        horse_attackers: [[[END; 2]; 9]; SQUARES],
        elephant: [[[END; 2]; 5]; SQUARES],
        advisor: [[END; 5]; SQUARES],
        king: [[END; 5]; SQUARES],
        pawn: [[[END; 4]; SQUARES]; 2],
        pawn_attackers: [[[END; 4]; SQUARES]; 2],
        zobrist: [[0; SQUARES]; 16],
        black_to_move: 0,
    };
    let dirs: [(i32, i32); 4] = [(0, 1), (0, -1), (-1, 0), (1, 0)];
    let diagonals: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let horse_steps: [(i32, i32); 8] = [
        (1, 2),
        (-1, 2),
        (1, -2),
        (-1, -2),
        (2, 1),
        (2, -1),
        (-2, 1),
        (-2, -1),
    ];
    let mut sq = 0;
    while sq < SQUARES {
        let f = (sq % 9) as i32;
        let r = (sq / 9) as i32;
        t.file[sq] = f as u8;
        t.rank[sq] = r as u8;
        // Rays.
        let mut d = 0;
        while d < 4 {
            let (df, dr) = dirs[d];
            let (mut ff, mut rr) = (f + df, r + dr);
            let mut n = 0;
            while on_board(ff, rr) {
                t.rays[sq][d][n] = idx(ff, rr);
                n += 1;
                ff += df;
                rr += dr;
            }
            t.ray_len[sq][d] = n as u8;
            d += 1;
        }
        // Horse.
        let mut n = 0;
        let mut h = 0;
        while h < 8 {
            let (df, dr) = horse_steps[h];
            if on_board(f + df, r + dr) {
                let (lf, lr) = if dr == 2 || dr == -2 {
                    (f, r + dr / 2)
                } else {
                    (f + df / 2, r)
                };
                t.horse[sq][n] = [idx(f + df, r + dr), idx(lf, lr)];
                n += 1;
            }
            h += 1;
        }
        // Elephant: same half of the river.
        let mut n = 0;
        let mut k = 0;
        while k < 4 {
            let (df, dr) = diagonals[k];
            let (tf, tr) = (f + 2 * df, r + 2 * dr);
            if on_board(tf, tr) && (tr <= 4) == (r <= 4) {
                t.elephant[sq][n] = [idx(tf, tr), idx(f + df, r + dr)];
                n += 1;
            }
            k += 1;
        }
        // Advisor and king: inside the palace the square is in.
        let palace = palace_of(f, r);
        if palace >= 0 {
            let mut n = 0;
            let mut k = 0;
            while k < 4 {
                let (df, dr) = diagonals[k];
                if palace_of(f + df, r + dr) == palace {
                    t.advisor[sq][n] = idx(f + df, r + dr);
                    n += 1;
                }
                k += 1;
            }
            let mut n = 0;
            let mut k = 0;
            while k < 4 {
                let (df, dr) = dirs[k];
                if palace_of(f + df, r + dr) == palace {
                    t.king[sq][n] = idx(f + df, r + dr);
                    n += 1;
                }
                k += 1;
            }
        }
        // Pawns: forward, and sideways once across the river.
        let mut side = 0;
        while side < 2 {
            let forward = if side == 0 { 1 } else { -1 };
            let crossed = if side == 0 { r >= 5 } else { r <= 4 };
            let mut n = 0;
            if on_board(f, r + forward) {
                t.pawn[side][sq][n] = idx(f, r + forward);
                n += 1;
            }
            if crossed {
                if f > 0 {
                    t.pawn[side][sq][n] = idx(f - 1, r);
                    n += 1;
                }
                if f < 8 {
                    t.pawn[side][sq][n] = idx(f + 1, r);
                }
            }
            side += 1;
        }
        sq += 1;
    }
    // Inverse tables: who attacks a square.
    let mut from = 0;
    while from < SQUARES {
        let mut k = 0;
        while k < 9 && t.horse[from][k][0] != END {
            let [to, leg] = t.horse[from][k];
            let row = &mut t.horse_attackers[to as usize];
            let mut n = 0;
            while row[n][0] != END {
                n += 1;
            }
            row[n] = [from as u8, leg];
            k += 1;
        }
        let mut side = 0;
        while side < 2 {
            let mut k = 0;
            while k < 4 && t.pawn[side][from][k] != END {
                let to = t.pawn[side][from][k] as usize;
                let row = &mut t.pawn_attackers[side][to];
                let mut n = 0;
                while row[n] != END {
                    n += 1;
                }
                row[n] = from as u8;
                k += 1;
            }
            side += 1;
        }
        from += 1;
    }
    let mut state = 0x6c61_6e71_6978_7171u64; // "lanqixqq"
    let mut code = 1;
    while code < 16 {
        let mut sq = 0;
        while sq < SQUARES {
            t.zobrist[code][sq] = splitmix(&mut state);
            sq += 1;
        }
        code += 1;
    }
    t.black_to_move = splitmix(&mut state);
    t
}

/// The tables, built by the compiler.
pub(crate) static TABLES: Tables = build();
