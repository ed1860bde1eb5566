//! Naive, independent reference implementation of the Junqi (two-country
//! army chess) move rules of `/work/shared/spec/junqi.md`, used only by tests
//! to cross-check the real rules core. Deliberately simple: a 12x5 grid of
//! `Option<(side, kind)>`, connections computed straight from the spec's
//! wording, engineer rail paths found by a plain breadth-first search.
#![allow(dead_code)]

use std::collections::BTreeSet;
use std::collections::VecDeque;

/// Board height (rows `r = 0..12`, North's back row first).
const ROWS: i32 = 12;
/// Board width (files `c = 0..5`, a..e).
const COLS: i32 = 5;

/// A side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    /// Upper-case letters, rows 6..11.
    South,
    /// Lower-case letters, rows 0..5.
    North,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }
}

/// A cell's content: the owner and the piece kind as a lower-case letter `a..=l`.
pub type Piece = (Side, char);

/// A full-information position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaivePosition {
    /// `board[r][c]`, `r = 0` is rank 12 (North's back row), `r = 11` is rank 1.
    pub board: [[Option<Piece>; 5]; 12],
    /// Side to move.
    pub side: Side,
    /// Plies since the last battle.
    pub quiet: u32,
    /// Plies played since the first move.
    pub ply: u32,
}

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------

/// South's camps, as listed in the spec.
const SOUTH_CAMPS: [(i32, i32); 5] = [(1, 7), (3, 7), (2, 8), (1, 9), (3, 9)];

/// The 180° turn that maps South's half onto North's.
fn mirror(cell: (i32, i32)) -> (i32, i32) {
    (4 - cell.0, 11 - cell.1)
}

fn is_camp(cell: (i32, i32)) -> bool {
    SOUTH_CAMPS
        .iter()
        .any(|&camp| camp == cell || mirror(camp) == cell)
}

fn is_headquarters(cell: (i32, i32)) -> bool {
    matches!(cell, (1, 11) | (3, 11) | (1, 0) | (3, 0))
}

fn on_board(cell: (i32, i32)) -> bool {
    (0..COLS).contains(&cell.0) && (0..ROWS).contains(&cell.1)
}

/// South's half is rows 6..11, North's rows 0..5.
fn half(cell: (i32, i32)) -> Side {
    if cell.1 >= 6 {
        Side::South
    } else {
        Side::North
    }
}

/// Road connection between two cells: orthogonal neighbours on the same half,
/// the three front crossings on files a, c, e, and a camp's four diagonals.
fn road_connected(a: (i32, i32), b: (i32, i32)) -> bool {
    if !on_board(a) || !on_board(b) || a == b {
        return false;
    }
    let dc = (a.0 - b.0).abs();
    let dr = (a.1 - b.1).abs();
    if dc + dr == 1 {
        if half(a) == half(b) {
            return true;
        }
        // Crossing the front between rows 5 and 6: only files a, c, e.
        return dc == 0 && (a.0 == 0 || a.0 == 2 || a.0 == 4);
    }
    if dc == 1 && dr == 1 {
        return is_camp(a) || is_camp(b);
    }
    false
}

fn road_neighbours(a: (i32, i32)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for r in 0..ROWS {
        for c in 0..COLS {
            if road_connected(a, (c, r)) {
                out.push((c, r));
            }
        }
    }
    out
}

/// The straight rail lines, each as an ordered list of stations.
fn rail_lines() -> Vec<Vec<(i32, i32)>> {
    let mut lines = Vec::new();
    for r in [1, 5, 6, 10] {
        lines.push((0..COLS).map(|c| (c, r)).collect());
    }
    for c in [0, 4] {
        lines.push((1..=10).map(|r| (c, r)).collect());
    }
    lines.push(vec![(2, 5), (2, 6)]);
    lines
}

fn is_station(a: (i32, i32)) -> bool {
    rail_lines().iter().any(|line| line.contains(&a))
}

/// Two stations joined directly by a rail: consecutive on some rail line.
fn rail_adjacent(a: (i32, i32), b: (i32, i32)) -> bool {
    rail_lines().iter().any(|line| {
        line.windows(2)
            .any(|w| (w[0] == a && w[1] == b) || (w[0] == b && w[1] == a))
    })
}

fn rail_neighbours(a: (i32, i32)) -> Vec<(i32, i32)> {
    let mut out = Vec::new();
    for line in rail_lines() {
        for w in line.windows(2) {
            if w[0] == a {
                out.push(w[1]);
            } else if w[1] == a {
                out.push(w[0]);
            }
        }
    }
    debug_assert!(out.iter().all(|&b| rail_adjacent(a, b)));
    out
}

// ---------------------------------------------------------------------------
// Pieces and squares
// ---------------------------------------------------------------------------

/// Rank of a fighting piece (`a..=i`); `None` for landmine, bomb, flag.
fn rank(kind: char) -> Option<u32> {
    match kind {
        'a' => Some(40),
        'b' => Some(39),
        'c' => Some(38),
        'd' => Some(37),
        'e' => Some(36),
        'f' => Some(35),
        'g' => Some(34),
        'h' => Some(33),
        'i' => Some(32),
        _ => None,
    }
}

fn square_name(cell: (i32, i32)) -> String {
    let file = (b'a' + cell.0 as u8) as char;
    format!("{}{}", file, 12 - cell.1)
}

fn parse_square(s: &str) -> (i32, i32) {
    let mut chars = s.chars();
    let file = chars
        .next()
        .unwrap_or_else(|| panic!("naive_junqi: empty square name in {s:?}"));
    let c = match file {
        'a'..='e' => file as i32 - 'a' as i32,
        _ => panic!("naive_junqi: bad file {file:?} in square {s:?}"),
    };
    let rank_text: String = chars.collect();
    let rank: i32 = rank_text
        .parse()
        .unwrap_or_else(|_| panic!("naive_junqi: bad rank in square {s:?}"));
    assert!(
        (1..=12).contains(&rank),
        "naive_junqi: rank out of range in square {s:?}"
    );
    (c, 12 - rank)
}

impl NaivePosition {
    fn at(&self, cell: (i32, i32)) -> Option<Piece> {
        self.board[cell.1 as usize][cell.0 as usize]
    }

    fn set(&mut self, cell: (i32, i32), piece: Option<Piece>) {
        self.board[cell.1 as usize][cell.0 as usize] = piece;
    }

    fn has_flag(&self, side: Side) -> bool {
        self.board.iter().flatten().any(|p| *p == Some((side, 'l')))
    }
}

// ---------------------------------------------------------------------------
// JNF
// ---------------------------------------------------------------------------

/// Parse a full-information JNF (piece letters a-l / A-L only, digits for
/// empty runs). Panics with a clear message on bad input.
pub fn parse(jnf: &str) -> NaivePosition {
    let fields: Vec<&str> = jnf.split_whitespace().collect();
    assert!(
        fields.len() == 4,
        "naive_junqi: JNF needs 4 fields (board side quiet ply), got {} in {jnf:?}",
        fields.len()
    );
    let ranks: Vec<&str> = fields[0].split('/').collect();
    assert!(
        ranks.len() == 12,
        "naive_junqi: JNF board needs 12 ranks, got {} in {jnf:?}",
        ranks.len()
    );
    let mut board = [[None; 5]; 12];
    for (r, rank_text) in ranks.iter().enumerate() {
        let mut c = 0usize;
        for ch in rank_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                assert!(
                    (1..=5).contains(&d),
                    "naive_junqi: bad digit {ch:?} in rank {rank_text:?}"
                );
                c += d as usize;
            } else if ('a'..='l').contains(&ch) {
                assert!(
                    c < 5,
                    "naive_junqi: rank {rank_text:?} has more than 5 cells"
                );
                board[r][c] = Some((Side::North, ch));
                c += 1;
            } else if ('A'..='L').contains(&ch) {
                assert!(
                    c < 5,
                    "naive_junqi: rank {rank_text:?} has more than 5 cells"
                );
                board[r][c] = Some((Side::South, ch.to_ascii_lowercase()));
                c += 1;
            } else {
                panic!("naive_junqi: bad character {ch:?} in rank {rank_text:?}");
            }
        }
        assert!(
            c == 5,
            "naive_junqi: rank {rank_text:?} has {c} cells, expected 5"
        );
    }
    let side = match fields[1] {
        "s" => Side::South,
        "n" => Side::North,
        other => panic!("naive_junqi: bad side to move {other:?} (expected s or n)"),
    };
    let quiet: u32 = fields[2]
        .parse()
        .unwrap_or_else(|_| panic!("naive_junqi: bad quiet plies {:?}", fields[2]));
    let ply: u32 = fields[3]
        .parse()
        .unwrap_or_else(|_| panic!("naive_junqi: bad ply {:?}", fields[3]));
    NaivePosition {
        board,
        side,
        quiet,
        ply,
    }
}

/// Write the position as JNF with maximal digit runs.
pub fn to_jnf(p: &NaivePosition) -> String {
    let mut ranks = Vec::new();
    for row in p.board.iter() {
        let mut text = String::new();
        let mut empty = 0;
        for cell in row.iter() {
            match cell {
                None => empty += 1,
                Some((side, kind)) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    match side {
                        Side::South => text.push(kind.to_ascii_uppercase()),
                        Side::North => text.push(*kind),
                    }
                }
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        ranks.push(text);
    }
    let side = match p.side {
        Side::South => "s",
        Side::North => "n",
    };
    format!("{} {} {} {}", ranks.join("/"), side, p.quiet, p.ply)
}

// ---------------------------------------------------------------------------
// Moves
// ---------------------------------------------------------------------------

/// Whether `to` may be the end of a move by `side` at all: empty, or an
/// enemy piece, and never an occupied camp.
fn target_ok(p: &NaivePosition, side: Side, to: (i32, i32)) -> bool {
    match p.at(to) {
        None => true,
        Some((owner, _)) => owner != side && !is_camp(to),
    }
}

/// All destination cells of the piece on `from` (assumed to belong to the
/// side to move and to be allowed to move).
fn destinations(p: &NaivePosition, from: (i32, i32)) -> BTreeSet<(i32, i32)> {
    let (side, kind) = p.at(from).expect("destinations from an empty cell");
    let mut out = BTreeSet::new();

    // 1. Road steps.
    for to in road_neighbours(from) {
        if target_ok(p, side, to) {
            out.insert(to);
        }
    }

    if !is_station(from) {
        return out;
    }

    // 2. Straight rail runs along one rail line, both directions.
    for line in rail_lines() {
        let Some(idx) = line.iter().position(|&x| x == from) else {
            continue;
        };
        for step in [-1i32, 1] {
            let mut i = idx as i32 + step;
            while i >= 0 && (i as usize) < line.len() {
                let to = line[i as usize];
                match p.at(to) {
                    None => {
                        out.insert(to);
                    }
                    Some((owner, _)) => {
                        if owner != side && target_ok(p, side, to) {
                            out.insert(to);
                        }
                        break;
                    }
                }
                i += step;
            }
        }
    }

    // 3. Engineers: any rail path through empty stations, turning freely.
    if kind == 'i' {
        let mut seen: BTreeSet<(i32, i32)> = BTreeSet::new();
        let mut queue = VecDeque::new();
        seen.insert(from);
        queue.push_back(from);
        while let Some(cur) = queue.pop_front() {
            for next in rail_neighbours(cur) {
                if next == from {
                    continue;
                }
                match p.at(next) {
                    None => {
                        out.insert(next);
                        if seen.insert(next) {
                            queue.push_back(next);
                        }
                    }
                    Some((owner, _)) => {
                        if owner != side && target_ok(p, side, next) {
                            out.insert(next);
                        }
                    }
                }
            }
        }
    }

    out
}

fn legal_cells(p: &NaivePosition) -> Vec<((i32, i32), (i32, i32))> {
    let mut moves = Vec::new();
    if !p.has_flag(Side::South) || !p.has_flag(Side::North) {
        return moves;
    }
    for r in 0..ROWS {
        for c in 0..COLS {
            let from = (c, r);
            let Some((owner, kind)) = p.at(from) else {
                continue;
            };
            if owner != p.side || kind == 'l' || kind == 'j' || is_headquarters(from) {
                continue;
            }
            for to in destinations(p, from) {
                moves.push((from, to));
            }
        }
    }
    moves
}

/// Legal moves for the side to move as "from-to" strings, sorted by string,
/// deduplicated. Empty if either side has no flag on the board.
pub fn legal_moves(p: &NaivePosition) -> Vec<String> {
    let set: BTreeSet<String> = legal_cells(p)
        .into_iter()
        .map(|(from, to)| format!("{}-{}", square_name(from), square_name(to)))
        .collect();
    set.into_iter().collect()
}

/// Play a legal move "from-to". Returns the new position and the battle
/// result from the mover's side: `None` (no battle), `Some("win")`,
/// `Some("lose")` or `Some("both")`.
pub fn play(p: &NaivePosition, mv: &str) -> (NaivePosition, Option<&'static str>) {
    let (from_text, to_text) = mv
        .split_once('-')
        .unwrap_or_else(|| panic!("naive_junqi: move {mv:?} is not of the form from-to"));
    let from = parse_square(from_text);
    let to = parse_square(to_text);
    assert!(
        legal_cells(p).contains(&(from, to)),
        "naive_junqi: illegal move {mv:?} in {}",
        to_jnf(p)
    );
    apply(p, from, to)
}

/// Carry out a move already known to be legal, resolving any battle.
fn apply(
    p: &NaivePosition,
    from: (i32, i32),
    to: (i32, i32),
) -> (NaivePosition, Option<&'static str>) {
    let mut q = p.clone();
    let attacker = p.at(from).expect("legal move from an empty cell");
    q.set(from, None);
    let result = match p.at(to) {
        None => {
            q.set(to, Some(attacker));
            None
        }
        Some(defender) => {
            let a = attacker.1;
            let d = defender.1;
            if a == 'k' || d == 'k' {
                // 1. Bomb: both removed.
                q.set(to, None);
                Some("both")
            } else if d == 'l' {
                // 2. Flag captured.
                q.set(to, Some(attacker));
                Some("win")
            } else if d == 'j' {
                // 3. Landmine: only an engineer clears it.
                if a == 'i' {
                    q.set(to, Some(attacker));
                    Some("win")
                } else {
                    Some("lose")
                }
            } else {
                let ra = rank(a).expect("attacker has a rank");
                let rd = rank(d).expect("defender has a rank");
                if ra == rd {
                    // 4. Equal ranks: both removed.
                    q.set(to, None);
                    Some("both")
                } else if ra > rd {
                    // 5. Higher rank wins.
                    q.set(to, Some(attacker));
                    Some("win")
                } else {
                    Some("lose")
                }
            }
        }
    };
    q.side = p.side.other();
    q.quiet = if result.is_some() { 0 } else { p.quiet + 1 };
    q.ply = p.ply + 1;
    (q, result)
}

/// perft: depth 0 -> 1; otherwise the sum over legal moves of
/// perft(child, depth - 1). Only a lost flag or no legal move ends a line.
pub fn perft(p: &NaivePosition, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    // Same move set as `legal_moves` (which only renames and sorts these).
    let mut total = 0;
    for (from, to) in legal_cells(p) {
        let (child, _) = apply(p, from, to);
        total += perft(&child, depth - 1);
    }
    total
}
