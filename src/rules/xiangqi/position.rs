//! The validated position: a mailbox of 90 points with per-side occupancy bitsets, the two
//! kings' points and an incremental Zobrist hash. Legal moves, check, and playing a move.
//!
//! Moves are generated pseudo-legally from compile-time tables, then filtered: a move is
//! legal when the mover's king is not attacked afterwards (the flying general counts as an
//! attack along the file). Most moves need no test at all: when the side to move is not in
//! check and the moved piece is not the king, only a move from or to the king's file or
//! rank, or from a point diagonally next to the king (a horse's leg), can expose it.

use std::fmt;
use std::str::FromStr;

use super::moves::{Move, MoveList};
use super::piece::{Kind, Piece};
use super::setup::{FenError, Setup, write_board};
use super::square::{SQUARES, Side, Square};
use super::tables::{END, TABLES};

const KING: u8 = 1;
const ADVISOR: u8 = 2;
const ELEPHANT: u8 = 3;
const HORSE: u8 = 4;
const ROOK: u8 = 5;
const CANNON: u8 = 6;
const PAWN: u8 = 7;

/// The board code of a `side` piece of kind code `kind`.
#[inline(always)]
const fn code(side: Side, kind: u8) -> u8 {
    (side as u8) * 8 + kind
}

/// A legal Xiangqi position: pieces, side to move, the plies since the last capture and the
/// move number. Built only from a valid [`Setup`] (or FEN) or by playing legal moves.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    board: [u8; SQUARES],
    occupied: [u128; 2],
    kings: [u8; 2],
    side: Side,
    hash: u64,
    halfmove_clock: u32,
    fullmove: u32,
}

/// Why a move cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{mv} is not legal here: {why}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
    /// Why, in a few words.
    pub why: &'static str,
}

/// Whether the `by` side attacks `sq` on `board` as a king would be attacked: rooks, cannons
/// over one screen, horses with a free leg, pawns, and the other king along a file.
#[inline]
pub(crate) fn attacked(board: &[u8; SQUARES], sq: usize, by: Side) -> bool {
    let t = &TABLES;
    let rook = code(by, ROOK);
    let king = code(by, KING);
    let cannon = code(by, CANNON);
    for d in 0..4 {
        let ray = &t.rays[sq][d];
        let n = t.ray_len[sq][d] as usize;
        let mut k = 0;
        while k < n {
            let c = board[ray[k] as usize];
            if c != 0 {
                if c == rook || c == king {
                    return true;
                }
                break;
            }
            k += 1;
        }
        k += 1;
        while k < n {
            let c = board[ray[k] as usize];
            if c != 0 {
                if c == cannon {
                    return true;
                }
                break;
            }
            k += 1;
        }
    }
    let horse = code(by, HORSE);
    for &[from, leg] in &t.horse_attackers[sq] {
        if from == END {
            break;
        }
        if board[from as usize] == horse && board[leg as usize] == 0 {
            return true;
        }
    }
    let pawn = code(by, PAWN);
    for &from in &t.pawn_attackers[by.index()][sq] {
        if from == END {
            break;
        }
        if board[from as usize] == pawn {
            return true;
        }
    }
    false
}

/// Checks a setup (see [`Setup::validate`]).
pub(crate) fn validate(setup: &Setup) -> Result<(), FenError> {
    let invalid = |s: String| Err(FenError::Invalid(s));
    let mut counts = [[0usize; 7]; 2];
    let mut kings = [None; 2];
    for sq in Square::all() {
        let Some(p) = setup.piece_at(sq) else {
            continue;
        };
        let side = p.side;
        counts[side.index()][p.kind.index()] += 1;
        // Seen from the owner's side: rank 0 is its back rank.
        let own = match side {
            Side::Red => sq,
            Side::Black => sq.flipped(),
        };
        let (f, r) = (own.file(), own.rank());
        let ok = match p.kind {
            Kind::King => {
                kings[side.index()] = Some(sq);
                sq.in_palace(side)
            }
            Kind::Advisor => own.in_palace(Side::Red) && (f + r) % 2 == 1,
            Kind::Elephant => f % 2 == 0 && r % 2 == 0 && r <= 4 && (f / 2 + r / 2) % 2 == 1,
            Kind::Pawn => r >= 5 || (r >= 3 && f % 2 == 0),
            Kind::Horse | Kind::Rook | Kind::Cannon => true,
        };
        if !ok {
            let point = match p.kind {
                Kind::King => "outside its palace",
                Kind::Advisor => "not on an advisor point of its palace",
                Kind::Elephant => "not on an elephant point of its half",
                _ => "where no pawn can stand",
            };
            return invalid(format!("{side} {} on {sq} is {point}", kind_name(p.kind)));
        }
    }
    for side in Side::BOTH {
        for kind in Kind::ALL {
            let n = counts[side.index()][kind.index()];
            if n > kind.count() {
                return invalid(format!(
                    "{side} has {n} {}s, at most {}",
                    kind_name(kind),
                    kind.count()
                ));
            }
        }
        if kings[side.index()].is_none() {
            return invalid(format!("{side} has no king"));
        }
    }
    let board = board_codes(setup);
    let mover = setup.side_to_move;
    let waiting = mover.opponent();
    let their_king = kings[waiting.index()].expect("checked").index();
    if attacked(&board, their_king, mover) {
        return invalid(format!(
            "{waiting} is in check (or its king faces the other) with {mover} to move"
        ));
    }
    Ok(())
}

/// The English name of a kind, for messages.
pub(crate) fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "king",
        Kind::Advisor => "advisor",
        Kind::Elephant => "elephant",
        Kind::Horse => "horse",
        Kind::Rook => "rook",
        Kind::Cannon => "cannon",
        Kind::Pawn => "pawn",
    }
}

fn board_codes(setup: &Setup) -> [u8; SQUARES] {
    let mut board = [0u8; SQUARES];
    for (i, p) in setup.board.iter().enumerate() {
        board[i] = p.map_or(0, Piece::code);
    }
    board
}

impl Position {
    /// The standard start position.
    pub fn start() -> Position {
        Position::try_from(Setup::start()).expect("the start position is valid")
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.board[sq.index()])
    }

    /// Whose turn it is.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Plies since the last capture.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number (1 at the start, increasing after each Black move).
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Where `side`'s king stands.
    #[inline]
    pub fn king(&self, side: Side) -> Square {
        Square::at(self.kings[side.index()])
    }

    /// The points `side`'s pieces stand on, as bits `1 << index`.
    #[inline]
    pub fn occupied(&self, side: Side) -> u128 {
        self.occupied[side.index()]
    }

    /// A Zobrist hash of the pieces and the side to move (not the counters), the same in
    /// every build and on every machine.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Whether the side to move is in check.
    #[inline]
    pub fn is_check(&self) -> bool {
        attacked(
            &self.board,
            self.kings[self.side.index()] as usize,
            self.side.opponent(),
        )
    }

    /// Whether `by` attacks `sq` as it would attack a king there.
    pub fn is_attacked(&self, sq: Square, by: Side) -> bool {
        attacked(&self.board, sq.index(), by)
    }

    /// The pieces by point, as board codes (crate-internal, for the engine).
    #[inline]
    pub(crate) fn codes(&self) -> &[u8; SQUARES] {
        &self.board
    }

    /// The legal moves of the side to move, in generation order.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Fills `list` (cleared first) with the legal moves of the side to move.
    #[inline]
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        *list = MoveList::new();
        self.generate::<false>(list);
        self.keep_legal(list);
    }

    /// Fills `list` (cleared first) with the legal captures of the side to move.
    #[inline]
    pub fn legal_captures_into(&self, list: &mut MoveList) {
        *list = MoveList::new();
        self.generate::<true>(list);
        self.keep_legal(list);
    }

    /// The number of legal moves (what perft counts at its last ply).
    #[inline]
    pub fn count_legal_moves(&self) -> usize {
        let mut list = MoveList::new();
        self.generate::<false>(&mut list);
        self.keep_legal(&mut list);
        list.len()
    }

    /// Whether `mv` is a legal move here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check(mv).is_ok()
    }

    /// `Ok` if `mv` is legal, or why not.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        let fail = |why| Err(IllegalMove { mv, why });
        match self.piece_at(mv.from) {
            None => return fail("no piece on its from-point"),
            Some(p) if p.side != self.side => return fail("the piece is not the mover's"),
            _ => {}
        }
        let mut list = MoveList::new();
        self.generate::<false>(&mut list);
        if !list.contains(&mv) {
            return fail("the piece cannot move there");
        }
        list.retain(|m| m == mv);
        self.keep_legal(&mut list);
        if list.is_empty() {
            return fail("it would leave the king in check or facing the other king");
        }
        Ok(())
    }

    /// The position after the legal move `mv`, or why it is not legal.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.check(mv)?;
        let mut next = self.clone();
        next.play_unchecked(mv);
        Ok(next)
    }

    /// Plays `mv`, which must be legal (a move from [`Position::legal_moves`]); an illegal
    /// one leaves a position that breaks the rules, though it never panics.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        let t = &TABLES;
        let (f, to) = (mv.from.index(), mv.to.index());
        let piece = self.board[f];
        let captured = self.board[to];
        let us = self.side.index();
        self.hash ^= t.zobrist[piece as usize & 15][f] ^ t.zobrist[piece as usize & 15][to];
        if captured != 0 {
            self.hash ^= t.zobrist[captured as usize & 15][to];
            self.occupied[(captured >> 3) as usize & 1] &= !(1u128 << to);
            self.halfmove_clock = 0;
        } else {
            self.halfmove_clock = (self.halfmove_clock + 1).min(9999);
        }
        self.occupied[us] = (self.occupied[us] & !(1u128 << f)) | (1u128 << to);
        self.board[to] = piece;
        self.board[f] = 0;
        if piece & 7 == KING {
            self.kings[us] = to as u8;
        }
        if self.side == Side::Black {
            self.fullmove = (self.fullmove + 1).min(99_999);
        }
        self.side = self.side.opponent();
        self.hash ^= t.black_to_move;
    }

    /// Passes the turn without moving (for the engine's null-move search): the same pieces
    /// with the other side to move.
    pub(crate) fn pass(&mut self) {
        self.side = self.side.opponent();
        self.hash ^= TABLES.black_to_move;
    }

    /// The unchecked setup with the same content.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; SQUARES];
        for (i, &c) in self.board.iter().enumerate() {
            board[i] = Piece::from_code(c);
        }
        Setup {
            board,
            side_to_move: self.side,
            halfmove_clock: self.halfmove_clock,
            fullmove: self.fullmove,
        }
    }

    /// The position seen in a mirror on the centre file: left and right swapped.
    pub fn mirrored(&self) -> Position {
        let mut setup = self.to_setup();
        for sq in Square::all() {
            setup.board[sq.index()] = self.piece_at(sq.mirrored());
        }
        Position::try_from(setup).expect("a mirrored valid position is valid")
    }

    /// The position with the colours swapped: every piece moves to the point with the
    /// reversed rank and changes side, and the other side is to move.
    pub fn flipped(&self) -> Position {
        let mut setup = self.to_setup();
        for sq in Square::all() {
            setup.board[sq.index()] = self.piece_at(sq.flipped()).map(|p| Piece {
                side: p.side.opponent(),
                kind: p.kind,
            });
        }
        setup.side_to_move = self.side.opponent();
        Position::try_from(setup).expect("a flipped valid position is valid")
    }

    /// Generates the pseudo-legal moves (only captures if `CAPTURES`) of the side to move.
    #[inline]
    fn generate<const CAPTURES: bool>(&self, list: &mut MoveList) {
        let t = &TABLES;
        let board = &self.board;
        let us = self.side;
        let us_bit = (us as u8) << 3;
        // A point a piece of ours may move to: empty (unless only captures) or the enemy's.
        let target = |c: u8| {
            if c == 0 { !CAPTURES } else { c & 8 != us_bit }
        };
        let mut bits = self.occupied[us.index()];
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let fsq = Square::at(from as u8);
            let push = |list: &mut MoveList, to: u8| list.push(Move::new(fsq, Square::at(to)));
            match board[from] & 7 {
                ROOK => {
                    for d in 0..4 {
                        let ray = &t.rays[from][d];
                        for &to in &ray[..t.ray_len[from][d] as usize] {
                            let c = board[to as usize];
                            if c == 0 {
                                if !CAPTURES {
                                    push(list, to);
                                }
                            } else {
                                if c & 8 != us_bit {
                                    push(list, to);
                                }
                                break;
                            }
                        }
                    }
                }
                CANNON => {
                    for d in 0..4 {
                        let ray = &t.rays[from][d];
                        let n = t.ray_len[from][d] as usize;
                        let mut k = 0;
                        while k < n {
                            let to = ray[k];
                            if board[to as usize] != 0 {
                                break;
                            }
                            if !CAPTURES {
                                push(list, to);
                            }
                            k += 1;
                        }
                        k += 1;
                        while k < n {
                            let to = ray[k];
                            let c = board[to as usize];
                            if c != 0 {
                                if c & 8 != us_bit {
                                    push(list, to);
                                }
                                break;
                            }
                            k += 1;
                        }
                    }
                }
                HORSE => {
                    for &[to, leg] in &t.horse[from] {
                        if to == END {
                            break;
                        }
                        if board[leg as usize] == 0 && target(board[to as usize]) {
                            push(list, to);
                        }
                    }
                }
                PAWN => {
                    for &to in &t.pawn[us.index()][from] {
                        if to == END {
                            break;
                        }
                        if target(board[to as usize]) {
                            push(list, to);
                        }
                    }
                }
                ELEPHANT => {
                    for &[to, eye] in &t.elephant[from] {
                        if to == END {
                            break;
                        }
                        if board[eye as usize] == 0 && target(board[to as usize]) {
                            push(list, to);
                        }
                    }
                }
                ADVISOR => {
                    for &to in &t.advisor[from] {
                        if to == END {
                            break;
                        }
                        if target(board[to as usize]) {
                            push(list, to);
                        }
                    }
                }
                KING => {
                    for &to in &t.king[from] {
                        if to == END {
                            break;
                        }
                        if target(board[to as usize]) {
                            push(list, to);
                        }
                    }
                }
                _ => {}
            }
        }
    }

    /// Removes the moves that leave the mover's king attacked.
    #[inline]
    fn keep_legal(&self, list: &mut MoveList) {
        let t = &TABLES;
        let them = self.side.opponent();
        let ksq = self.kings[self.side.index()] as usize;
        let in_check = attacked(&self.board, ksq, them);
        let (kf, kr) = (t.file[ksq], t.rank[ksq]);
        let mut board = self.board;
        list.retain(|mv| {
            let (f, to) = (mv.from.index(), mv.to.index());
            if !in_check && f != ksq {
                let (ff, fr) = (t.file[f], t.rank[f]);
                let (tf, tr) = (t.file[to], t.rank[to]);
                let leg = ff.abs_diff(kf) == 1 && fr.abs_diff(kr) == 1;
                if ff != kf && fr != kr && tf != kf && tr != kr && !leg {
                    return true;
                }
            }
            let captured = board[to];
            board[to] = board[f];
            board[f] = 0;
            let king_at = if f == ksq { to } else { ksq };
            let safe = !attacked(&board, king_at, them);
            board[f] = board[to];
            board[to] = captured;
            safe
        });
    }
}

impl TryFrom<Setup> for Position {
    type Error = FenError;

    fn try_from(setup: Setup) -> Result<Position, FenError> {
        validate(&setup)?;
        let board = board_codes(&setup);
        let mut occupied = [0u128; 2];
        let mut kings = [0u8; 2];
        let mut hash = 0u64;
        for (i, &c) in board.iter().enumerate() {
            if c == 0 {
                continue;
            }
            let side = (c >> 3) as usize;
            occupied[side] |= 1u128 << i;
            if c & 7 == KING {
                kings[side] = i as u8;
            }
            hash ^= TABLES.zobrist[c as usize][i];
        }
        if setup.side_to_move == Side::Black {
            hash ^= TABLES.black_to_move;
        }
        Ok(Position {
            board,
            occupied,
            kings,
            side: setup.side_to_move,
            hash,
            halfmove_clock: setup.halfmove_clock,
            fullmove: setup.fullmove,
        })
    }
}

impl FromStr for Position {
    type Err = FenError;

    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::try_from(s.parse::<Setup>()?)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, |sq| self.piece_at(sq))?;
        write!(
            f,
            " {} - - {} {}",
            self.side.letter(),
            self.halfmove_clock,
            self.fullmove
        )
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::xiangqi::perft;

    fn pos(fen: &str) -> Position {
        fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"))
    }

    fn moves(fen: &str) -> Vec<String> {
        let mut v: Vec<String> = pos(fen).legal_moves().iter().map(Move::to_string).collect();
        v.sort();
        v
    }

    #[test]
    fn start_position_counts() {
        let start = Position::start();
        assert_eq!(perft(&start, 1), 44);
        assert_eq!(perft(&start, 2), 1920);
        assert!(start.legal_moves().contains(&"h2e2".parse().unwrap()));
    }

    #[test]
    fn the_horse_leg_and_the_elephant_eye_block() {
        // Red horse on b0 with its leg b1 blocked; elephant on c0 with its eye d1 blocked.
        let m = moves("5k3/9/9/9/9/9/9/9/1R1R5/1NB1K4 w - - 0 1");
        assert!(!m.iter().any(|m| m.starts_with("b0")), "{m:?}");
        assert!(!m.iter().any(|m| m.starts_with("c0")), "{m:?}");
        let m = moves("5k3/9/9/9/9/9/9/9/9/1NB1K4 w - - 0 1");
        // b0d1's leg is c0, where the elephant stands; e0f0 would face the other king.
        let expected = ["b0a2", "b0c2", "c0a2", "c0e2", "e0d0", "e0e1"];
        assert_eq!(m, expected.map(String::from));
    }

    #[test]
    fn cannons_need_exactly_one_screen() {
        let m = moves("3a5/4k4/9/9/3r5/9/9/9/9/3C1K3 w - - 0 1");
        assert!(m.contains(&"d0d4".to_string()), "{m:?}");
        assert!(!m.contains(&"d0d5".to_string()), "{m:?}");
        assert!(m.contains(&"d0d9".to_string()), "{m:?}");
        assert!(!m.contains(&"d0d8".to_string()), "{m:?}");
    }

    #[test]
    fn the_flying_general_is_check() {
        // Kings on one file with nothing between: Red may not move off... the position where
        // the side not to move faces the other king is invalid.
        let err = "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
            .parse::<Position>()
            .unwrap_err();
        assert!(err.to_string().contains("in check"), "{err}");
        // A lone screen may not step aside.
        let m = moves("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1");
        assert!(!m.iter().any(|m| m.starts_with("e1")), "{m:?}");
        assert!(m.contains(&"e0d0".to_string()), "{m:?}");
        // A king may not step onto the other king's open file.
        let m = moves("3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
        assert!(!m.contains(&"e0d0".to_string()), "{m:?}");
    }

    #[test]
    fn pawns_move_sideways_only_across_the_river() {
        let m = moves("3k5/9/9/9/9/2P6/9/9/9/4K4 w - - 0 1");
        assert!(m.contains(&"c4c5".to_string()));
        assert!(!m.contains(&"c4b4".to_string()));
        let m = moves("3k5/9/9/9/2P6/9/9/9/9/4K4 w - - 0 1");
        assert!(m.contains(&"c5b5".to_string()) && m.contains(&"c5d5".to_string()));
    }

    #[test]
    fn validation_names_what_is_wrong() {
        for (fen, expected) in [
            ("4k4/9/9/9/9/9/9/9/9/9 w", "red has no king"),
            ("4k4/9/9/9/9/9/9/9/9/4KK3 w", "red has 2 kings"),
            (
                "4k4/9/9/9/9/4K4/9/9/9/9 w",
                "red king on e4 is outside its palace",
            ),
            ("4k4/9/9/9/9/9/9/9/9/3AKA1A1 w", "red advisor on h0"),
            ("4k4/9/9/9/9/9/4B4/9/9/3K5 w", "red elephant on e3 is not"),
            ("4k4/9/9/9/9/9/1P7/9/9/4K4 w", "red pawn on b3"),
            ("4k4/9/9/9/9/9/9/9/3P5/4K4 w", "red pawn on d1"),
            ("RRR1k4/9/9/9/9/9/9/9/9/3K5 w", "red has 3 rooks"),
            ("4k4/9/9/9/9/9/9/9/4R4/3K5 w", "black is in check"),
        ] {
            let err = fen.parse::<Position>().unwrap_err().to_string();
            assert!(err.starts_with(expected), "{fen}: {err}");
        }
    }

    #[test]
    fn hash_follows_the_moves() {
        let mut p = Position::start();
        for mv in ["h2e2", "h9g7", "h0g2", "i9h9"] {
            p = p.play(mv.parse().unwrap()).unwrap();
            assert_eq!(p.hash(), pos(&p.to_string()).hash());
        }
        assert_eq!(p.fullmove(), 3);
        assert_eq!(p.halfmove_clock(), 4);
    }

    #[test]
    fn illegal_moves_say_why() {
        let start = Position::start();
        for (mv, why) in [
            ("e4e5", "no piece on"),
            ("e6e5", "the piece is not"),
            ("h2h8", "the piece cannot"),
        ] {
            let err = start.play(mv.parse().unwrap()).unwrap_err();
            assert!(err.why.starts_with(why), "{mv}: {err}");
        }
        let pinned = pos("4k4/9/9/9/9/9/9/9/4N4/4K4 w - - 0 1");
        let err = pinned.play("e1c2".parse().unwrap()).unwrap_err();
        assert!(err.why.contains("king"), "{err}");
    }

    #[test]
    fn mirror_and_flip_keep_perft() {
        let p = pos("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1");
        assert_eq!(perft(&p, 2), 1128);
        assert_eq!(perft(&p.mirrored(), 2), 1128);
        assert_eq!(perft(&p.flipped(), 2), 1128);
        assert_eq!(p.flipped().flipped(), p);
    }
}
