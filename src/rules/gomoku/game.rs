//! A game: its settings, the moves in seat order, the seats still at the table, and how
//! it ended.
//!
//! # How a game ends
//!
//! After each move, the mover's rows through the stone just played (one in each of the
//! four lines) decide: freestyle wins with the win length or more, standard and caro with exactly the win
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
        if self.restricts_mover()
            && let Some(shape) = renju::forbidden(&self.board, point)
        {
            return Err(GomokuError::Forbidden { point, shape });
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
            let forbidden = renju::forbidden_points(&self.board);
            points
                .filter(|p| !forbidden.iter().any(|(f, _)| f == p))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn game(rule: Rule, size: &str, seats: u8, win: u8) -> Game {
        let size = size.parse().unwrap();
        Game::new(Settings {
            rule,
            size,
            seats,
            win,
        })
        .unwrap()
    }

    fn play(game: &mut Game, moves: &str) {
        for m in moves.split_whitespace() {
            game.play(p(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }

    fn p(s: &str) -> Point {
        s.parse().unwrap()
    }

    #[test]
    fn settings_are_checked() {
        let ok = Settings::default();
        assert!(Game::new(ok).is_ok());
        let bad = |s: Settings| Game::new(s).unwrap_err().to_string();
        assert_eq!(
            bad(Settings { seats: 5, ..ok }),
            "a game has 2 to 4 seats, not 5"
        );
        assert_eq!(
            bad(Settings { seats: 1, ..ok }),
            "a game has 2 to 4 seats, not 1"
        );
        assert_eq!(
            bad(Settings { win: 16, ..ok }),
            "the win length must be 3 to 15 on a 15x15 board, not 16"
        );
        assert!(Game::new(Settings { win: 2, ..ok }).is_err());
        let renju = Settings {
            rule: Rule::Renju,
            ..ok
        };
        assert_eq!(
            bad(Settings { seats: 3, ..renju }),
            "renju is for two seats (Black and White), not 3"
        );
        assert_eq!(
            bad(Settings { win: 4, ..renju }),
            "renju is played to five in a row, not 4"
        );
        let tall = Settings {
            size: "5x26".parse().unwrap(),
            win: 26,
            ..ok
        };
        assert!(Game::new(tall).is_ok());
    }

    #[test]
    fn moves_are_refused_with_the_reason() {
        let mut g = game(Rule::Freestyle, "9x9", 2, 5);
        play(&mut g, "e5");
        assert_eq!(
            g.play(p("e5")),
            Err(GomokuError::Taken {
                point: p("e5"),
                by: Seat(0)
            })
        );
        assert_eq!(
            g.play(p("j1")).unwrap_err().to_string(),
            "j1 is off the 9x9 board"
        );
        assert_eq!(g.moves().len(), 1, "refused moves change nothing");
        assert_eq!(g.to_move(), Seat(1));
    }

    #[test]
    fn freestyle_five_or_more_wins_and_then_the_game_is_over() {
        let mut g = game(Rule::Freestyle, "15x15", 2, 5);
        play(&mut g, "a1 a2 b1 b2 c1 c2 e1 e2 f1 f2");
        assert_eq!(g.ending(), None);
        play(&mut g, "d1");
        let ending = g.ending().unwrap();
        assert_eq!(ending.to_string(), "1 (6 in a row)");
        let Ending::Win {
            seat,
            reason: WinReason::Row { from, to, length },
        } = ending
        else {
            panic!("{ending:?}")
        };
        assert_eq!((seat, from, to, length), (Seat(0), p("a1"), p("f1"), 6));
        assert!(matches!(g.play(p("h8")), Err(GomokuError::Over { .. })));
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn standard_needs_exactly_the_win_length() {
        let mut g = game(Rule::Standard, "15x15", 2, 5);
        play(&mut g, "a1 a2 b1 b2 c1 c2 e1 e2 f1 f2 d1");
        assert_eq!(g.ending(), None, "six in a row does not win");
        play(&mut g, "d2");
        assert_eq!(g.ending().map(|e| e.to_string()), None, "nor for seat 2");
        play(&mut g, "h8 o1 h9 o2 h10 o3 h11 o4 h12");
        assert_eq!(g.ending().unwrap().to_string(), "1 (5 in a row)");
    }

    #[test]
    fn caro_needs_an_end_not_blocked_by_another_seat() {
        // Seat 1's row c5-g5 is blocked on both sides by seat 2's stones: no win.
        let mut g = game(Rule::Caro, "15x15", 2, 5);
        play(&mut g, "c5 b5 d5 h5 e5 a1 f5 a3 g5");
        assert_eq!(g.ending(), None);
        // Blocked on one side only: a win.
        let mut g = game(Rule::Caro, "15x15", 2, 5);
        play(&mut g, "c5 b5 d5 a1 e5 a3 f5 a5 g5");
        assert_eq!(g.ending().unwrap().to_string(), "1 (5 in a row)");
        // The edge does not block: a1-e1 with seat 2 on f1 wins.
        let mut g = game(Rule::Caro, "15x15", 2, 5);
        play(&mut g, "a1 f1 b1 a3 c1 a5 d1 a7 e1");
        assert_eq!(g.ending().unwrap().winner(), Some(Seat(0)));
        // Six does not win.
        let mut g = game(Rule::Caro, "15x15", 2, 5);
        play(&mut g, "a1 a2 b1 b2 c1 c2 e1 e2 f1 f2 d1");
        assert_eq!(g.ending(), None);
    }

    #[test]
    fn renju_refuses_black_forbidden_points_and_white_wins_with_six() {
        let mut g = game(Rule::Renju, "15x15", 2, 5);
        play(&mut g, "d8 a1 e8 a3 f8 a5 h8 a7 i8 a9");
        assert_eq!(
            g.play(p("g8")).unwrap_err().to_string(),
            "g8 is forbidden for Black in renju (overline)"
        );
        assert!(!g.legal_moves().contains(&p("g8")));
        assert_eq!(g.legal_moves().len(), 225 - 10 - 1);
        // White is never restricted, and wins with six.
        let mut g = game(Rule::Renju, "15x15", 2, 5);
        play(&mut g, "h8 a1 h10 a2 j8 a3 j10 a5 l8 a6 l10 a4");
        assert_eq!(g.ending().unwrap().to_string(), "2 (6 in a row)");
    }

    #[test]
    fn renju_black_five_wins_through_a_forbidden_shape() {
        // g8 makes d8-h8 (five) and g5..g10 without g8 would be six: five wins.
        let mut g = game(Rule::Renju, "15x15", 2, 5);
        play(
            &mut g,
            "d8 a1 e8 a3 f8 a5 h8 a7 g5 a9 g6 a11 g7 a13 g9 o1 g10 o3",
        );
        assert_eq!(renju::forbidden(g.board(), p("g8")), None);
        play(&mut g, "g8");
        assert_eq!(g.ending().unwrap().to_string(), "1 (5 in a row)");
    }

    #[test]
    fn seat_3_wins_a_three_seat_game() {
        let mut g = game(Rule::Freestyle, "9x9", 3, 4);
        play(&mut g, "a1 a2 a3 b1 b2 b3 c1 c2 c3 e9 e8");
        assert_eq!(g.to_move(), Seat(2));
        play(&mut g, "d3");
        assert_eq!(g.ending().unwrap().to_string(), "3 (4 in a row)");
        assert_eq!(g.ending().unwrap().winner(), Some(Seat(2)));
    }

    #[test]
    fn a_seat_that_leaves_is_passed_over_and_the_last_one_wins() {
        let mut g = game(Rule::Freestyle, "9x9", 4, 5);
        play(&mut g, "a1");
        assert_eq!(g.to_move(), Seat(1));
        g.remove_seat(Seat(1)).unwrap();
        assert_eq!(g.to_move(), Seat(2), "the seat to move left: the next one");
        assert_eq!(g.board().get(p("a1")), Some(Seat(0)));
        play(&mut g, "b1 c1");
        assert_eq!(g.to_move(), Seat(0), "seat 2 (index 1) is passed over");
        assert_eq!(g.remove_seat(Seat(1)), Err(GomokuError::SeatGone(Seat(1))));
        assert!(matches!(
            g.remove_seat(Seat(4)),
            Err(GomokuError::NoSuchSeat { .. })
        ));
        g.remove_seat(Seat(0)).unwrap();
        assert_eq!(g.to_move(), Seat(2));
        assert_eq!(g.ending(), None);
        g.remove_seat(Seat(2)).unwrap();
        assert_eq!(g.ending().unwrap().to_string(), "4 (the others left)");
        assert!(matches!(
            g.remove_seat(Seat(3)),
            Err(GomokuError::LeftAfterEnd { .. })
        ));
        // Taking a move back does not bring a seat back.
        g.take_back();
        assert_eq!(g.ending().unwrap().winner(), Some(Seat(3)));
    }

    #[test]
    fn a_full_board_is_a_draw() {
        let mut g = game(Rule::Freestyle, "5x5", 2, 5);
        play(
            &mut g,
            "c5 a5 e5 b5 a4 d5 c4 b4 e4 d4 b3 a3 d3 c3 a2 e3 c2 b2 e2 d2 a1 b1 c1 d1",
        );
        assert_eq!(g.ending(), None);
        play(&mut g, "e1");
        assert_eq!(g.ending().unwrap().to_string(), "draw (full board)");
        assert_eq!(g.take_back().map(|m| m.point), Some(p("e1")));
        assert_eq!(g.ending(), None);
        assert_eq!(g.legal_moves(), vec![p("e1")]);
    }

    #[test]
    fn the_hash_follows_the_stones_and_the_seat_to_move() {
        let mut g = game(Rule::Freestyle, "15x15", 2, 5);
        let empty = g.hash();
        assert_eq!(g.hash_text().len(), 16);
        assert_eq!(g.hash_text(), format!("{empty:016x}"));
        play(&mut g, "h8 h9");
        let mut other = game(Rule::Freestyle, "15x15", 2, 5);
        play(&mut other, "h8 h9");
        assert_eq!(g.hash(), other.hash(), "same moves, same hash");
        g.take_back();
        g.take_back();
        assert_eq!(g.hash(), empty);
    }
}
