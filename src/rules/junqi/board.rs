//! The board's fixed geometry: which cells are camps and headquarters, the roads, the
//! camp diagonals, the three front crossings and the railways. Everything here is a
//! constant computed at compile time from the spec's description.

use super::square::{CELLS, FILES, ROWS, Side, Square};

/// What a cell is, which decides who may stand or move there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// 兵站: an ordinary cell.
    Station,
    /// 行营: a camp. It starts empty, a piece in it cannot be attacked, and it has diagonals.
    Camp,
    /// 大本营: a headquarters. The flag starts in one; a piece that enters one never moves again.
    Headquarters,
}

const fn sq(c: u8, r: u8) -> usize {
    (r * FILES + c) as usize
}

/// South's camps; North's are their 180° turns.
const SOUTH_CAMPS: [(u8, u8); 5] = [(1, 7), (3, 7), (2, 8), (1, 9), (3, 9)];
/// South's headquarters; North's are their 180° turns.
const SOUTH_HEADQUARTERS: [(u8, u8); 2] = [(1, 11), (3, 11)];
/// Rows with a railway across all five files.
const RAIL_ROWS: [u8; 4] = [1, 5, 6, 10];

const fn mask_of(cells: &[(u8, u8)], both_halves: bool) -> u64 {
    let mut m = 0u64;
    let mut i = 0;
    while i < cells.len() {
        let (c, r) = cells[i];
        m |= 1 << sq(c, r);
        if both_halves {
            m |= 1 << (CELLS - 1 - sq(c, r));
        }
        i += 1;
    }
    m
}

/// All ten camps.
pub const CAMPS: u64 = mask_of(&SOUTH_CAMPS, true);
/// All four headquarters.
pub const HEADQUARTERS: u64 = mask_of(&SOUTH_HEADQUARTERS, true);

/// The two headquarters of a side.
pub const fn headquarters_of(side: Side) -> [Square; 2] {
    let a = Square::new(1, 11).unwrap();
    let b = Square::new(3, 11).unwrap();
    match side {
        Side::South => [a, b],
        Side::North => [b.rotated(), a.rotated()],
    }
}

/// The cells of a side's own last two ranks, where its landmines must stand.
pub const fn back_ranks_of(side: Side) -> u64 {
    let south: u64 = ((1u64 << (2 * FILES)) - 1) << sq(0, 10);
    match side {
        Side::South => south,
        Side::North => (1u64 << (2 * FILES)) - 1,
    }
}

/// The cells of a side's own front row.
pub const fn front_row_of(side: Side) -> u64 {
    let row = match side {
        Side::South => 6,
        Side::North => 5,
    };
    ((1u64 << FILES) - 1) << sq(0, row)
}

/// The cells of a side's half.
pub const fn half_of(side: Side) -> u64 {
    let north: u64 = (1u64 << (CELLS / 2)) - 1;
    match side {
        Side::South => north << (CELLS / 2),
        Side::North => north,
    }
}

/// The kind of a cell.
pub const fn cell_kind(s: Square) -> CellKind {
    if CAMPS & s.bit() != 0 {
        CellKind::Camp
    } else if HEADQUARTERS & s.bit() != 0 {
        CellKind::Headquarters
    } else {
        CellKind::Station
    }
}

const fn on_rail(c: u8, r: u8) -> bool {
    let mut i = 0;
    while i < RAIL_ROWS.len() {
        if RAIL_ROWS[i] == r {
            return true;
        }
        i += 1;
    }
    (c == 0 || c == FILES - 1) && r >= 1 && r <= 10
}

/// Whether the railway joins two orthogonally adjacent cells.
const fn rail_link(c1: u8, r1: u8, c2: u8, r2: u8) -> bool {
    if !on_rail(c1, r1) || !on_rail(c2, r2) {
        return false;
    }
    if r1 == r2 {
        // Along a rail row.
        let mut i = 0;
        while i < RAIL_ROWS.len() {
            if RAIL_ROWS[i] == r1 {
                return true;
            }
            i += 1;
        }
        false
    } else {
        // Down a rail file, or over the middle crossing.
        (c1 == 0 || c1 == FILES - 1) || (c1 == 2 && ((r1 == 5 && r2 == 6) || (r1 == 6 && r2 == 5)))
    }
}

/// Whether a road joins two orthogonally adjacent cells: same half, or a front crossing.
const fn orthogonal_road(c1: u8, r1: u8, r2: u8) -> bool {
    let same_half = (r1 < ROWS / 2) == (r2 < ROWS / 2);
    same_half || c1.is_multiple_of(2)
}

/// The four straight directions, as (dc, dr).
pub const DIRECTIONS: [(i8, i8); 4] = [(0, -1), (1, 0), (0, 1), (-1, 0)];

const fn step(s: usize, d: usize) -> Option<(u8, u8)> {
    let c = (s % FILES as usize) as i8 + DIRECTIONS[d].0;
    let r = (s / FILES as usize) as i8 + DIRECTIONS[d].1;
    if c < 0 || r < 0 || c >= FILES as i8 || r >= ROWS as i8 {
        None
    } else {
        Some((c as u8, r as u8))
    }
}

const fn build_roads() -> [u64; CELLS] {
    let mut roads = [0u64; CELLS];
    let mut s = 0;
    while s < CELLS {
        let (c, r) = ((s % FILES as usize) as u8, (s / FILES as usize) as u8);
        let mut d = 0;
        while d < 4 {
            if let Some((c2, r2)) = step(s, d)
                && orthogonal_road(c, r, r2)
            {
                roads[s] |= 1 << sq(c2, r2);
            }
            d += 1;
        }
        s += 1;
    }
    // Each camp is joined to its four diagonal neighbours (always on its own half).
    let mut s = 0;
    while s < CELLS {
        if CAMPS & (1 << s) != 0 {
            let (c, r) = ((s % FILES as usize) as i8, (s / FILES as usize) as i8);
            let diagonals = [(-1i8, -1i8), (1, -1), (-1, 1), (1, 1)];
            let mut k = 0;
            while k < 4 {
                let t = sq((c + diagonals[k].0) as u8, (r + diagonals[k].1) as u8);
                roads[s] |= 1 << t;
                roads[t] |= 1 << s;
                k += 1;
            }
        }
        s += 1;
    }
    roads
}

const fn build_rail_steps() -> [[Option<Square>; 4]; CELLS] {
    let mut steps = [[None; 4]; CELLS];
    let mut s = 0;
    while s < CELLS {
        let (c, r) = ((s % FILES as usize) as u8, (s / FILES as usize) as u8);
        let mut d = 0;
        while d < 4 {
            if let Some((c2, r2)) = step(s, d)
                && rail_link(c, r, c2, r2)
            {
                steps[s][d] = Square::new(c2, r2);
            }
            d += 1;
        }
        s += 1;
    }
    steps
}

const fn build_rail_neighbours(steps: &[[Option<Square>; 4]; CELLS]) -> [u64; CELLS] {
    let mut out = [0u64; CELLS];
    let mut s = 0;
    while s < CELLS {
        let mut d = 0;
        while d < 4 {
            if let Some(t) = steps[s][d] {
                out[s] |= t.bit();
            }
            d += 1;
        }
        s += 1;
    }
    out
}

const fn build_rail_stations() -> u64 {
    let mut m = 0u64;
    let mut s = 0;
    while s < CELLS {
        if on_rail((s % FILES as usize) as u8, (s / FILES as usize) as u8) {
            m |= 1 << s;
        }
        s += 1;
    }
    m
}

/// For each cell, the cells a road step reaches (orthogonal, camp diagonal, front crossing).
pub const ROADS: [u64; CELLS] = build_roads();
/// For each cell and direction (see [`DIRECTIONS`]), the next station along a straight rail.
pub const RAIL_STEPS: [[Option<Square>; 4]; CELLS] = build_rail_steps();
/// For each cell, the stations one rail segment away in any direction.
pub const RAIL_NEIGHBOURS: [u64; CELLS] = build_rail_neighbours(&RAIL_STEPS);
/// Every rail station (32).
pub const RAIL_STATIONS: u64 = build_rail_stations();

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn camps_and_headquarters_are_where_the_spec_puts_them() {
        for name in ["b5", "d5", "c4", "b3", "d3", "b8", "d8", "c9", "b10", "d10"] {
            assert_eq!(cell_kind(s(name)), CellKind::Camp, "{name}");
        }
        for name in ["b1", "d1", "b12", "d12"] {
            assert_eq!(cell_kind(s(name)), CellKind::Headquarters, "{name}");
        }
        assert_eq!(CAMPS.count_ones(), 10);
        assert_eq!(HEADQUARTERS.count_ones(), 2 * 2);
        assert_eq!(cell_kind(s("c1")), CellKind::Station);
        assert_eq!(
            headquarters_of(Side::North).map(|q| q.to_string()),
            ["b12", "d12"]
        );
    }

    #[test]
    fn sixteen_rail_stations_a_side() {
        assert_eq!((RAIL_STATIONS & half_of(Side::South)).count_ones(), 16);
        assert_eq!((RAIL_STATIONS & half_of(Side::North)).count_ones(), 16);
        assert_eq!(RAIL_STATIONS & (CAMPS | HEADQUARTERS), 0);
    }

    #[test]
    fn halves_meet_only_on_files_a_c_e() {
        for c in 0..5u8 {
            let front_south = Square::new(c, 6).unwrap();
            let front_north = Square::new(c, 5).unwrap();
            let joined = ROADS[front_south.index()] & front_north.bit() != 0;
            assert_eq!(joined, c % 2 == 0, "road across the front on file {c}");
            let railed = RAIL_NEIGHBOURS[front_south.index()] & front_north.bit() != 0;
            assert_eq!(railed, c % 2 == 0, "rail across the front on file {c}");
        }
    }

    #[test]
    fn only_camps_have_diagonals() {
        for a in Square::all() {
            for b in super::super::square::squares(ROADS[a.index()]) {
                assert!(ROADS[b.index()] & a.bit() != 0, "roads are symmetric");
                let diagonal = a.file() != b.file() && a.row() != b.row();
                if diagonal {
                    assert!(
                        CAMPS & (a.bit() | b.bit()) != 0,
                        "{a}-{b} diagonal without a camp"
                    );
                }
            }
        }
        // A camp has 8 neighbours; the c4 camp's include b5, d5, b3, d3.
        assert_eq!(ROADS[s("c4").index()].count_ones(), 8);
        assert_eq!(ROADS[s("a1").index()].count_ones(), 2);
    }

    #[test]
    fn rail_lines_follow_the_spec() {
        // Row 1 (rank 11) and row 10 (rank 2) run across; rank 1 has no rail.
        assert!(RAIL_NEIGHBOURS[s("b2").index()] & s("c2").bit() != 0);
        assert_eq!(RAIL_STATIONS & s("c1").bit(), 0);
        // File a runs from rank 2 to rank 11, and no further.
        assert!(RAIL_NEIGHBOURS[s("a2").index()] & s("a3").bit() != 0);
        assert_eq!(RAIL_NEIGHBOURS[s("a2").index()] & s("a1").bit(), 0);
        // File b has no rail between ranks 2 and 6.
        assert_eq!(RAIL_NEIGHBOURS[s("b6").index()] & s("b5").bit(), 0);
        // The middle crossing is a rail; c6-c5 on South's side is not.
        assert!(RAIL_NEIGHBOURS[s("c6").index()] & s("c7").bit() != 0);
        assert_eq!(RAIL_NEIGHBOURS[s("c6").index()] & s("c5").bit(), 0);
    }
}
