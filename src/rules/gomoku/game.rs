//! A game: its settings, the moves in seat order, the seats still at the table, and how
//! it ended.
//!
//! # How a game ends
//!
//! After each move, the mover's longest row through the stone just played decides:
//! freestyle wins with the win length or more, standard and caro with exactly the win
//! length (caro: unless both ends are blocked by other seats' stones), renju with exactly
//! five for Black and five or more for White. Otherwise a full board is a draw, and so is
//! renju when Black is to move and every empty point is forbidden. A seat may leave
//! ([`Game::remove_seat`]): the turn passes over it, its stones stay, and when one seat is
//! left it wins.

use std::fmt;

use super::board::{Board, DIRECTIONS, Run, Seat, to_move_key};
use super::point::{Point, Size};
use super::renju::{self, Shape};
use super::rule::Rule;

/// The settings of a game, fixed before it starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Settings {
    /// Who wins with which row, and renju's forbidden points.
    pub rule: Rule,
    /// The board.
    pub size: Size,
    /// How many seats play, 2 to 4 (renju: 2).
    pub seats: u8,
    /// The win length: 3 up to the board's longer side (renju: 5).
    pub win: u8,
}

impl Default for Settings {
    /// Freestyle, 15x15, two seats, five in a row.
    fn default() -> Settings {
        Settings {
            rule: Rule::Freestyle,
            size: Size::STANDARD,
            seats: 2,
            win: 5,
        }
    }
}

/// One move: who played where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The seat that played.
    pub seat: Seat,
    /// Where.
    pub point: Point,
}

/// Why a seat won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// It made a winning row, from one end stone to the other.
    Row {
        /// One end stone.
        from: Point,
        /// The other end stone.
        to: Point,
        /// The stones in the row.
        length: u8,
    },
    /// Every other seat left.
    OthersLeft,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// No empty point is left.
    FullBoard,
    /// Renju: Black is to move and every empty point is forbidden.
    NoMove,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// `seat` won.
    Win {
        /// The winner.
        seat: Seat,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Ending {
    /// The winner, if any.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Ending::Win { seat, .. } => Some(seat),
            Ending::Draw(_) => None,
        }
    }
}

/// The ending as the command line's `result:` line writes it: `1 (5 in a row)` (the
/// seat, 1-based, and the length of the winning row), `2 (the others left)`,
/// `draw (full board)`, `draw (no legal move)`.
impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Win {
                seat,
                reason: WinReason::Row { length, .. },
            } => write!(f, "{seat} ({length} in a row)"),
            Ending::Win {
                seat,
                reason: WinReason::OthersLeft,
            } => write!(f, "{seat} (the others left)"),
            Ending::Draw(DrawReason::FullBoard) => f.write_str("draw (full board)"),
            Ending::Draw(DrawReason::NoMove) => f.write_str("draw (no legal move)"),
        }
    }
}

/// Why settings, a move or a seat's leaving were refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GomokuError {
    /// The seat count is not 2 to 4.
    #[error("a game has 2 to 4 seats, not {0}")]
    Seats(u8),
    /// The win length does not fit the board.
    #[error("the win length must be 3 to {max} on a {size} board, not {win}")]
    Win {
        /// The win length asked for.
        win: u8,
        /// The board.
        size: Size,
        /// The longest allowed: the board's longer side.
        max: u8,
    },
    /// Renju with other than two seats.
    #[error("renju is for two seats (Black and White), not {0}")]
    RenjuSeats(u8),
    /// Renju with a win length other than five.
    #[error("renju is played to five in a row, not {0}")]
    RenjuWin(u8),
    /// The point is not on the board.
    #[error("{point} is off the {size} board")]
    OffBoard {
        /// The point.
        point: Point,
        /// The board.
        size: Size,
    },
    /// A stone already stands there.
    #[error("{point} is taken (seat {by} has a stone there)")]
    Taken {
        /// The point.
        point: Point,
        /// Whose stone.
        by: Seat,
    },
    /// Renju forbids Black this point.
    #[error("{point} is forbidden for Black in renju ({shape})")]
    Forbidden {
        /// The point.
        point: Point,
        /// Why.
        shape: Shape,
    },
    /// The game has ended.
    #[error("{point}: the game is over (result: {ending})")]
    Over {
        /// The move tried.
        point: Point,
        /// How it ended.
        ending: Ending,
    },
    /// A seat that the game does not have.
    #[error("there is no seat {seat} in a game of {seats}")]
    NoSuchSeat {
        /// The seat.
        seat: Seat,
        /// How many seats the game has.
        seats: u8,
    },
    /// A seat that has already left.
    #[error("seat {0} has already left")]
    SeatGone(Seat),
    /// A seat cannot leave a game that has ended.
    #[error("seat {seat} cannot leave: the game is over (result: {ending})")]
    LeftAfterEnd {
        /// The seat.
        seat: Seat,
        /// How the game ended.
        ending: Ending,
    },
}

/// A game in progress or ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    settings: Settings,
    board: Board,
    moves: Vec<Move>,
    seated: [bool; Seat::MAX as usize],
    ending: Option<Ending>,
}

impl Game {
    /// A new game on an empty board, or why the settings are wrong.
    pub fn new(settings: Settings) -> Result<Game, GomokuError> {
        let Settings {
            rule, size, seats, ..
        } = settings;
        if !(2..=Seat::MAX).contains(&seats) {
            return Err(GomokuError::Seats(seats));
        }
        let max = size.width().max(size.height());
        if !(3..=max).contains(&settings.win) {
            let win = settings.win;
            return Err(GomokuError::Win { win, size, max });
        }
        if rule == Rule::Renju && seats != 2 {
            return Err(GomokuError::RenjuSeats(seats));
        }
        if rule == Rule::Renju && settings.win != 5 {
            return Err(GomokuError::RenjuWin(settings.win));
        }
        Ok(Game {
            settings,
            board: Board::new(size),
            moves: vec![],
            seated: std::array::from_fn(|i| i < seats as usize),
            ending: None,
        })
    }

    /// The settings.
    pub fn settings(&self) -> Settings {
        self.settings
    }

    /// The stones on the board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The moves played, first to last.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Whether `seat` is still at the table.
    pub fn is_seated(&self, seat: Seat) -> bool {
        self.seated.get(seat.index()).copied().unwrap_or(false)
    }

    /// The seat to move: the next seat still at the table after the last mover (seat 0
    /// first). Still defined once the game is over.
    pub fn to_move(&self) -> Seat {
        let seats = self.settings.seats;
        let start = self.moves.last().map_or(0, |m| m.seat.0 + 1);
        (0..seats)
            .map(|k| Seat((start + k) % seats))
            .find(|&seat| self.is_seated(seat))
            .unwrap_or(Seat(0))
    }

    /// Whether the seat to move may play on `point`, and if not, why.
    pub fn check(&self, point: Point) -> Result<(), GomokuError> {
        if let Some(ending) = self.ending {
            return Err(GomokuError::Over { point, ending });
        }
        let size = self.board.size();
        if !size.contains(point) {
            return Err(GomokuError::OffBoard { point, size });
        }
        if let Some(by) = self.board.get(point) {
            return Err(GomokuError::Taken { point, by });
        }
        if self.restricts_mover() {
            if let Some(shape) = renju::forbidden(&self.board, point) {
                return Err(GomokuError::Forbidden { point, shape });
            }
        }
        Ok(())
    }

    /// Plays the seat to move's stone on `point`, or says why it may not.
    pub fn play(&mut self, point: Point) -> Result<(), GomokuError> {
        self.check(point)?;
        let seat = self.to_move();
        self.board.place(point, seat);
        self.moves.push(Move { seat, point });
        self.ending = self.judge();
        Ok(())
    }

    /// Takes back the last move, if any (seats that left stay away).
    pub fn take_back(&mut self) -> Option<Move> {
        let last = self.moves.pop()?;
        self.board.lift(last.point);
        self.ending = self.judge();
        Some(last)
    }

    /// The points the seat to move may play, `a1`, `b1`, … then up; none once the game is
    /// over.
    pub fn legal_moves(&self) -> Vec<Point> {
        if self.ending.is_some() {
            return vec![];
        }
        let points = self.board.empty_points();
        if self.restricts_mover() {
            points
                .filter(|&p| renju::forbidden(&self.board, p).is_none())
                .collect()
        } else {
            points.collect()
        }
    }

    /// In renju, the empty points where Black may not play and why (whoever is to move);
    /// under other rules, none.
    pub fn forbidden_points(&self) -> Vec<(Point, Shape)> {
        if self.settings.rule == Rule::Renju {
            renju::forbidden_points(&self.board)
        } else {
            vec![]
        }
    }

    /// `seat` leaves: the turn passes over it from now on and its stones stay. When only
    /// one seat is left, it wins.
    pub fn remove_seat(&mut self, seat: Seat) -> Result<(), GomokuError> {
        let seats = self.settings.seats;
        if seat.0 >= seats {
            return Err(GomokuError::NoSuchSeat { seat, seats });
        }
        if let Some(ending) = self.ending {
            return Err(GomokuError::LeftAfterEnd { seat, ending });
        }
        if !self.is_seated(seat) {
            return Err(GomokuError::SeatGone(seat));
        }
        self.seated[seat.index()] = false;
        self.ending = self.judge();
        Ok(())
    }

    /// A Zobrist hash of the stones and the seat to move: XOR of
    /// [`stone_key`](super::board::stone_key) for every stone and
    /// [`to_move_key`](super::board::to_move_key) of [`Game::to_move`]. The same on every
    /// machine.
    pub fn hash(&self) -> u64 {
        self.board.hash() ^ to_move_key(self.to_move())
    }

    /// [`Game::hash`] as 16 lower-case hex digits.
    pub fn hash_text(&self) -> String {
        format!("{:016x}", self.hash())
    }

    /// Whether the seat to move is Black in renju.
    fn restricts_mover(&self) -> bool {
        self.settings.rule == Rule::Renju && self.to_move() == Seat::BLACK
    }

    /// The ending of the game as it stands.
    fn judge(&self) -> Option<Ending> {
        let mut seated = (0..self.settings.seats)
            .map(Seat)
            .filter(|&s| self.is_seated(s));
        if let (Some(seat), None) = (seated.next(), seated.next()) {
            let reason = WinReason::OthersLeft;
            return Some(Ending::Win { seat, reason });
        }
        if let Some(&Move { seat, point }) = self.moves.last() {
            for dir in DIRECTIONS {
                let run = self.board.run(point, dir, seat);
                if self.wins(seat, run) {
                    let (from, to, length) = (run.from, run.to, run.len as u8);
                    let reason = WinReason::Row { from, to, length };
                    return Some(Ending::Win { seat, reason });
                }
            }
        }
        if self.board.is_full() {
            return Some(Ending::Draw(DrawReason::FullBoard));
        }
        if self.restricts_mover()
            && self
                .board
                .empty_points()
                .all(|p| renju::forbidden(&self.board, p).is_some())
        {
            return Some(Ending::Draw(DrawReason::NoMove));
        }
        None
    }

    /// Whether `seat`'s row `run` wins under the rule set.
    fn wins(&self, seat: Seat, run: Run) -> bool {
        let win = self.settings.win as usize;
        match self.settings.rule {
            Rule::Freestyle => run.len >= win,
            Rule::Standard => run.len == win,
            Rule::Renju if seat == Seat::BLACK => run.len == 5,
            Rule::Renju => run.len >= 5,
            Rule::Caro => {
                // The row is maximal: a stone beyond an end is another seat's.
                let blocked = |end: Option<Point>| end.is_some_and(|e| self.board.get(e).is_some());
                run.len == win && !run.ends.into_iter().all(blocked)
            }
        }
    }
}
