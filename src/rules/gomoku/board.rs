//! Seats and the board: which seat's stone stands on each point, the board as text, and a
//! Zobrist hash of the stones.

use std::fmt;

use super::point::{MAX_SIDE, Point, Size};

/// A seat at the table, 0-based: seat 0 moves first (Black in renju), then 1, 2, 3.
/// Written 1-based (`1`..`4`) in every text form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seat(pub u8);

impl Seat {
    /// The most seats a game has.
    pub const MAX: u8 = 4;
    /// Seat 0, who moves first; Black in renju.
    pub const BLACK: Seat = Seat(0);
    /// Seat 1; White in renju.
    pub const WHITE: Seat = Seat(1);

    /// 0 for the first seat.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0 as u16 + 1)
    }
}

/// The four lines through a point: along the rank, along the file, and both diagonals.
pub const DIRECTIONS: [(i8, i8); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The stones on a board of some size, and their hash.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    size: Size,
    cells: Vec<Option<Seat>>,
    stones: usize,
    hash: u64,
}

impl Board {
    /// An empty board.
    pub fn new(size: Size) -> Board {
        Board {
            size,
            cells: vec![None; size.area()],
            stones: 0,
            hash: 0,
        }
    }

    /// The board's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The seat whose stone stands on `point`; `None` if it is empty or off the board.
    pub fn get(&self, point: Point) -> Option<Seat> {
        if self.size.contains(point) {
            self.cells[self.size.index(point)]
        } else {
            None
        }
    }

    /// Whether `point` is on the board and empty.
    pub fn is_empty_at(&self, point: Point) -> bool {
        self.size.contains(point) && self.cells[self.size.index(point)].is_none()
    }

    /// The number of stones on the board.
    pub fn stones(&self) -> usize {
        self.stones
    }

    /// Whether every point holds a stone.
    pub fn is_full(&self) -> bool {
        self.stones == self.size.area()
    }

    /// The empty points, `a1`, `b1`, … then the next rank up.
    pub fn empty_points(&self) -> impl Iterator<Item = Point> + '_ {
        self.size.points().filter(|&p| self.is_empty_at(p))
    }

    /// XOR of the [`stone_key`] of every stone: the same for the same stones on every
    /// machine, whatever order they were played in.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts `seat`'s stone on `point`, which must be on the board and empty.
    pub(crate) fn place(&mut self, point: Point, seat: Seat) {
        let cell = &mut self.cells[self.size.index(point)];
        debug_assert!(cell.is_none(), "{point} is taken");
        *cell = Some(seat);
        self.stones += 1;
        self.hash ^= stone_key(seat, point);
    }

    /// Takes the stone off `point`, which must hold one.
    pub(crate) fn lift(&mut self, point: Point) {
        let cell = &mut self.cells[self.size.index(point)];
        if let Some(seat) = cell.take() {
            self.stones -= 1;
            self.hash ^= stone_key(seat, point);
        }
    }

    /// The row of `seat`'s stones through `point` in line `dir`, counting `point` as
    /// `seat`'s whatever stands there.
    pub fn run(&self, point: Point, dir: (i8, i8), seat: Seat) -> Run {
        let side = |sign: i8| {
            let (mut last, mut count) = (point, 0);
            loop {
                match last.step(dir, sign, self.size) {
                    Some(p) if self.get(p) == Some(seat) => (last, count) = (p, count + 1),
                    end => return (last, count, end),
                }
            }
        };
        let (from, behind, end_behind) = side(-1);
        let (to, ahead, end_ahead) = side(1);
        Run {
            len: behind + ahead + 1,
            from,
            to,
            ends: [end_behind, end_ahead],
        }
    }
}

/// A row of one seat's stones through a point, in one line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The stones in the row, the point itself included.
    pub len: usize,
    /// Its first stone, going against the line's direction.
    pub from: Point,
    /// Its last stone, going with the line's direction.
    pub to: Point,
    /// The points just beyond `from` and `to`, `None` past the board's edge.
    pub ends: [Option<Point>; 2],
}

/// The board as text: one line per rank from the top down, one character per point, `.`
/// for empty and `1`..`4` for the seat whose stone stands there.
impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in self.cells.chunks(self.size.width() as usize).rev() {
            for cell in row {
                match cell {
                    Some(seat) => write!(f, "{seat}")?,
                    None => f.write_str(".")?,
                }
            }
            f.write_str("\n")?;
        }
        Ok(())
    }
}

const POINTS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// The Zobrist keys: SplitMix64 from the seed [`HASH_SEED`], drawn in this order: for
/// seat 0..4, for rank 0..26, for file 0..26, the key of that seat's stone there; then
/// the four keys of the seat to move.
struct Keys {
    stones: [[u64; POINTS]; Seat::MAX as usize],
    to_move: [u64; Seat::MAX as usize],
}

/// The seed of the Zobrist keys (`"gomoku"` in ASCII).
pub const HASH_SEED: u64 = 0x676f_6d6f_6b75;

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys() -> Keys {
    let mut keys = Keys {
        stones: [[0; POINTS]; Seat::MAX as usize],
        to_move: [0; Seat::MAX as usize],
    };
    let mut state = HASH_SEED;
    let mut seat = 0;
    while seat < Seat::MAX as usize {
        let mut i = 0;
        while i < POINTS {
            keys.stones[seat][i] = splitmix(&mut state);
            i += 1;
        }
        seat += 1;
    }
    let mut seat = 0;
    while seat < Seat::MAX as usize {
        keys.to_move[seat] = splitmix(&mut state);
        seat += 1;
    }
    keys
}

static KEYS: Keys = keys();

/// The key of `seat`'s stone on `point` (`rank * 26 + file`, whatever the board's size).
pub fn stone_key(seat: Seat, point: Point) -> u64 {
    let i = point.rank() as usize * MAX_SIDE as usize + point.file() as usize;
    KEYS.stones[seat.index() % Seat::MAX as usize][i]
}

/// The key of `seat` being the one to move.
pub fn to_move_key(seat: Seat) -> u64 {
    KEYS.to_move[seat.index() % Seat::MAX as usize]
}

/// The key of an opening's state: `decisions` made so far (0 to 2) and whether the
/// players swapped colours. SplitMix64 from [`HASH_SEED`] `^ 0x6f70` (`"op"`), drawn
/// `1 + decisions * 2 + swapped` times; the last draw is the key.
pub fn opening_key(decisions: usize, swapped: bool) -> u64 {
    let mut state = HASH_SEED ^ 0x6f70;
    let mut key = 0;
    for _ in 0..=(decisions * 2 + usize::from(swapped)) {
        key = splitmix(&mut state);
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn text_is_top_rank_first() {
        let mut board = Board::new(Size::new(5, 6).unwrap());
        board.place(p("a1"), Seat(0));
        board.place(p("e6"), Seat(3));
        board.place(p("b2"), Seat(1));
        assert_eq!(
            board.to_string(),
            "....4\n.....\n.....\n.....\n.2...\n1....\n"
        );
        assert_eq!(board.stones(), 3);
    }

    #[test]
    fn runs_count_both_ways_and_name_their_ends() {
        let mut board = Board::new(Size::STANDARD);
        for s in ["a1", "b1", "d1"] {
            board.place(p(s), Seat(0));
        }
        board.place(p("e1"), Seat(1));
        let run = board.run(p("c1"), (1, 0), Seat(0));
        assert_eq!((run.len, run.from, run.to), (4, p("a1"), p("d1")));
        assert_eq!(run.ends, [None, Some(p("e1"))]);
        assert_eq!(board.run(p("c1"), (0, 1), Seat(0)).len, 1);
    }

    #[test]
    fn the_hash_is_the_stones_and_lifting_restores_it() {
        let mut board = Board::new(Size::STANDARD);
        board.place(p("h8"), Seat(0));
        assert_eq!(board.hash(), stone_key(Seat(0), p("h8")));
        board.place(p("h9"), Seat(1));
        board.lift(p("h9"));
        assert_eq!(board.hash(), stone_key(Seat(0), p("h8")));
        // The first key, from the definition: SplitMix64 from the seed, once.
        let mut state = HASH_SEED;
        assert_eq!(stone_key(Seat(0), p("a1")), splitmix(&mut state));
        assert_ne!(to_move_key(Seat(0)), to_move_key(Seat(1)));
    }
}
