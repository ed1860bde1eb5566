//! Chinese notation for display: 炮二平五, 马8进7, 前车退二.
//!
//! A move is four characters: the piece and the file it stands on, the direction, and a
//! number. Red counts files 一…九 from its own right (ICCS file `i` is 一); Black counts
//! 1…9 from its own right (file `a` is 1). The direction is 进 (forward), 退 (back) or
//! 平 (sideways). For rooks, cannons, pawns and kings the number after 进/退 is how many
//! ranks the piece goes; for horses, advisors and elephants, and after 平, it is the file
//! it arrives on.
//!
//! When two pieces of one kind stand on one file, 前 (front) or 后 (back) replaces the file
//! number and comes first (前车进一); three pawns on a file are 前, 中, 后, four or five
//! are counted from the front (一兵, 二兵… for Red; 1卒, 2卒… for Black). When pawns stand
//! two or more deep on two files, the pawn's name gives way to the file number (前五进一).
//! Advisors and elephants need neither: on a shared file the direction tells them apart,
//! as the Chinese rules say.

use super::moves::Move;
use super::piece::Kind;
use super::position::Position;
use super::square::Side;

const RED_NUMBERS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
const BLACK_NUMBERS: [char; 9] = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

fn number(side: Side, n: u8) -> char {
    let table = match side {
        Side::Red => &RED_NUMBERS,
        Side::Black => &BLACK_NUMBERS,
    };
    table[(n.clamp(1, 9) - 1) as usize]
}

/// The file number `side` uses for ICCS file `file` (0 = `a`).
fn file_number(side: Side, file: u8) -> u8 {
    match side {
        Side::Red => 9 - file,
        Side::Black => file + 1,
    }
}

/// How far forward `rank` is for `side`.
fn forwardness(side: Side, rank: u8) -> i32 {
    match side {
        Side::Red => rank as i32,
        Side::Black => 9 - rank as i32,
    }
}

/// The Chinese notation of `mv` in `position` (the position before the move). A move with
/// no piece of the side to move on its from-point is written in ICCS instead.
pub fn chinese(position: &Position, mv: Move) -> String {
    let Some(piece) = position.piece_at(mv.from) else {
        return mv.to_string();
    };
    let side = piece.side;
    if side != position.side_to_move() {
        return mv.to_string();
    }
    let name = piece.chinese();
    // Same pieces on the mover's file, front first.
    let mut column: Vec<u8> = (0..10)
        .filter_map(|rank| {
            let sq = super::Square::new(mv.from.file(), rank)?;
            (position.piece_at(sq) == Some(piece)).then_some(rank)
        })
        .collect();
    column.sort_by_key(|&r| -forwardness(side, r));
    let index = column
        .iter()
        .position(|&r| r == mv.from.rank())
        .unwrap_or(0);
    let own_file = number(side, file_number(side, mv.from.file()));
    let mut out = String::new();
    let shared = column.len() >= 2 && !matches!(piece.kind, Kind::Advisor | Kind::Elephant);
    if !shared {
        out.push(name);
        out.push(own_file);
    } else {
        let place = match (column.len(), index) {
            (2, 0) | (3, 0) => '前',
            (2, _) | (3, 2) => '后',
            (3, _) => '中',
            (_, i) => number(side, i as u8 + 1),
        };
        out.push(place);
        let deep_files = (0..9)
            .filter(|&file| {
                (0..10)
                    .filter(|&rank| {
                        super::Square::new(file, rank)
                            .is_some_and(|sq| position.piece_at(sq) == Some(piece))
                    })
                    .count()
                    >= 2
            })
            .count();
        if piece.kind == Kind::Pawn && deep_files >= 2 {
            out.push(own_file);
        } else {
            out.push(name);
        }
    }
    let ahead = forwardness(side, mv.to.rank()) - forwardness(side, mv.from.rank());
    let straight = matches!(
        piece.kind,
        Kind::Rook | Kind::Cannon | Kind::Pawn | Kind::King
    );
    let to_file = number(side, file_number(side, mv.to.file()));
    if ahead == 0 {
        out.push('平');
        out.push(to_file);
    } else {
        out.push(if ahead > 0 { '进' } else { '退' });
        out.push(if straight {
            number(side, ahead.unsigned_abs() as u8)
        } else {
            to_file
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(fen: &str, mv: &str) -> String {
        chinese(&fen.parse().unwrap(), mv.parse().unwrap())
    }

    #[test]
    fn opening_moves() {
        let start = super::super::START_FEN;
        assert_eq!(name(start, "h2e2"), "炮二平五");
        assert_eq!(name(start, "h0g2"), "马二进三");
        assert_eq!(name(start, "i0i1"), "车一进一");
        assert_eq!(name(start, "c3c4"), "兵七进一");
        assert_eq!(name(start, "g0e2"), "相三进五");
        assert_eq!(name(start, "f0e1"), "仕四进五");
        assert_eq!(name(start, "e0e1"), "帅五进一");
        let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        assert_eq!(name(black, "h7e7"), "炮8平5");
        assert_eq!(name(black, "h9g7"), "马8进7");
        assert_eq!(name(black, "b7b0"), "炮2进7");
        assert_eq!(name(black, "a9a8"), "车1进1");
        assert_eq!(name(black, "d9e8"), "士4进5");
    }

    #[test]
    fn front_and_back() {
        // Two red rooks on file e (五), two black horses on file c (3).
        let fen = "2ba1k3/2n6/2n6/9/4R4/9/9/4R4/4A4/3AK4 w - - 0 1";
        assert_eq!(name(fen, "e5e7"), "前车进二");
        assert_eq!(name(fen, "e2d2"), "后车平六");
        let black = "2ba1k3/2n6/2n6/9/4R4/9/9/4R4/4A4/3AK4 b - - 0 1";
        assert_eq!(name(black, "c7d5"), "前马进4");
        assert_eq!(name(black, "c8a9"), "后马退1");
        // Retreats count ranks for straight movers.
        assert_eq!(name(fen, "e5e3"), "前车退二");
    }

    #[test]
    fn pawns_three_deep_and_on_two_files() {
        let three = "3k5/9/9/2P6/2P6/2P6/9/9/9/4K4 w - - 0 1";
        assert_eq!(name(three, "c6c7"), "前兵进一");
        assert_eq!(name(three, "c5b5"), "中兵平八");
        assert_eq!(name(three, "c4d4"), "后兵平六");
        let two_files = "3k5/9/9/2P1P4/2P1P4/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(name(two_files, "e6e7"), "前五进一");
        assert_eq!(name(two_files, "c5b5"), "后七平八");
    }
}
