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
//!
//! # Openings
//!
//! With an opening rule ([`Opening`], two seats only) the first stones are placed by the
//! seats the opening names, and the seats choose their colours with moves of their own
//! ([`Action::Choose`]). Everywhere in this module a *seat* is a player at the table (seat
//! 0 opens the game), and a stone's seat ([`Move::seat`], the [`Board`]) is its *colour*:
//! seat 0's colour is Black. The two are the same unless the players swapped
//! ([`Game::player_of`]). An ending names the winning player.

use std::fmt;

use super::board::{Board, DIRECTIONS, Run, Seat, to_move_key};
use super::opening::{Action, Choice, Opening, Turn};
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
    /// The win length: 3 up to the board's longer side (renju: 5; with an opening, 4 or
    /// more).
    pub win: u8,
    /// The opening rule (two seats only).
    pub opening: Opening,
}

impl Default for Settings {
    /// Freestyle, 15x15, two seats, five in a row, no opening rule.
    fn default() -> Settings {
        Settings::DEFAULT
    }
}

impl Settings {
    /// Freestyle, 15x15, two seats, five in a row, no opening rule.
    pub const DEFAULT: Settings = Settings {
        rule: Rule::Freestyle,
        size: Size::STANDARD,
        seats: 2,
        win: 5,
        opening: Opening::None,
    };
}

/// One stone: whose colour, where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The stone's colour: the seat whose colour it is (seat 0 is Black). The seat that
    /// placed it, unless an opening says otherwise.
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
    /// An opening rule with other than two seats.
    #[error("the {opening} opening is for two seats, not {seats}")]
    OpeningSeats {
        /// The opening.
        opening: Opening,
        /// The seats asked for.
        seats: u8,
    },
    /// An opening rule with a win length below four.
    #[error("the {opening} opening needs a win length of 4 or more, not {win}")]
    OpeningWin {
        /// The opening.
        opening: Opening,
        /// The win length asked for.
        win: u8,
    },
    /// A stone when a seat is to make an opening choice.
    #[error(
        "{point}: seat {seat} is to choose {}, not to place a stone",
        words(choices)
    )]
    Choosing {
        /// The stone tried.
        point: Point,
        /// Who is to choose.
        seat: Seat,
        /// What it may choose.
        choices: &'static [Choice],
    },
    /// A choice when a stone is due, or one the opening does not offer now.
    #[error("{choice}: {}", match choices {
        [] => "no choice is due now, a stone is".to_string(),
        _ => format!("seat {seat} may choose {} only", words(choices)),
    })]
    NotOffered {
        /// The choice tried.
        choice: Choice,
        /// Who is to act.
        seat: Seat,
        /// What it may choose (none: it is to place a stone).
        choices: &'static [Choice],
    },
    /// A choice after the game ended.
    #[error("{choice}: the game is over (result: {ending})")]
    ChoiceAfterEnd {
        /// The choice tried.
        choice: Choice,
        /// How it ended.
        ending: Ending,
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

/// `black, white or place2`.
fn words(choices: &[Choice]) -> String {
    let words: Vec<&str> = choices.iter().map(|c| c.word()).collect();
    match words.split_last() {
        Some((last, [])) => last.to_string(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// An opening decision made: after how many stones, by which seat, what.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Chosen {
    stones: usize,
    seat: Seat,
    choice: Choice,
}

/// A game in progress or ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    settings: Settings,
    board: Board,
    moves: Vec<Move>,
    /// The opening decisions, in order.
    chosen: Vec<Chosen>,
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
        let opening = settings.opening;
        if opening != Opening::None && seats != 2 {
            return Err(GomokuError::OpeningSeats { opening, seats });
        }
        if opening != Opening::None && settings.win < 4 {
            let win = settings.win;
            return Err(GomokuError::OpeningWin { opening, win });
        }
        Ok(Game {
            settings,
            board: Board::new(size),
            moves: vec![],
            chosen: vec![],
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

    /// The stones played, first to last (without the opening decisions).
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every move, stones and opening decisions, first to last.
    pub fn actions(&self) -> Vec<Action> {
        let mut out = Vec::with_capacity(self.ply());
        let mut chosen = self.chosen.iter().peekable();
        for (i, m) in self.moves.iter().enumerate() {
            while let Some(c) = chosen.next_if(|c| c.stones == i) {
                out.push(Action::Choose(c.choice));
            }
            out.push(Action::Stone(m.point));
        }
        out.extend(chosen.map(|c| Action::Choose(c.choice)));
        out
    }

    /// Moves made: stones and opening decisions.
    pub fn ply(&self) -> usize {
        self.moves.len() + self.chosen.len()
    }

    /// What the game waits for: a stone (whose, of which colour) or an opening decision.
    /// Still defined once the game is over.
    pub fn turn(&self) -> Turn {
        if let Some(turn) = self.opening_turn() {
            return turn;
        }
        let colour = self.to_move();
        Turn::Stone {
            seat: self.player_of(colour),
            colour,
        }
    }

    /// The seat that acts next (places a stone or chooses). Still defined once the game is
    /// over.
    pub fn mover(&self) -> Seat {
        self.turn().seat()
    }

    /// The decisions the mover may make now (none when a stone is due or the game is over).
    pub fn choices(&self) -> &'static [Choice] {
        match self.turn() {
            Turn::Choose { choices, .. } if self.ending.is_none() => choices,
            _ => &[],
        }
    }

    /// Whether the players swapped colours: seat 0 plays White and seat 1 Black.
    pub fn swapped(&self) -> bool {
        self.chosen
            .iter()
            .rev()
            .find_map(|c| Some(c.choice.colour()? != c.seat))
            .unwrap_or(false)
    }

    /// Whether the colours are settled: always without an opening rule; with one, once
    /// the last decision was a colour.
    pub fn colours_settled(&self) -> bool {
        self.settings.opening == Opening::None
            || self
                .chosen
                .last()
                .is_some_and(|c| c.choice != Choice::Place2)
    }

    /// The seat that plays `colour` (the seat whose colour a stone is): the same seat
    /// unless the players swapped.
    pub fn player_of(&self, colour: Seat) -> Seat {
        if self.swapped() {
            Seat(1 - colour.0.min(1))
        } else {
            colour
        }
    }

    /// The colour `seat` plays (an involution, like [`Game::player_of`]).
    pub fn colour_of(&self, seat: Seat) -> Seat {
        self.player_of(seat)
    }

    /// The opening's turn, while the opening lasts.
    fn opening_turn(&self) -> Option<Turn> {
        let stones = self.moves.len();
        let colour = Seat((stones % 2) as u8);
        let first = self.chosen.first().map(|c| c.choice);
        let (opener, other) = (Seat(0), Seat(1));
        match (self.settings.opening, stones, first, self.chosen.len()) {
            (Opening::None, ..) => None,
            (_, 0..=2, None, _) => Some(Turn::Stone {
                seat: opener,
                colour,
            }),
            (Opening::Swap, 3, None, _) => Some(Turn::Choose {
                seat: other,
                choices: &Choice::COLOURS,
            }),
            (Opening::Swap2, 3, None, _) => Some(Turn::Choose {
                seat: other,
                choices: &Choice::SWAP2,
            }),
            (Opening::Swap2, 3..=4, Some(Choice::Place2), 1) => Some(Turn::Stone {
                seat: other,
                colour,
            }),
            (Opening::Swap2, 5, Some(Choice::Place2), 1) => Some(Turn::Choose {
                seat: opener,
                choices: &Choice::COLOURS,
            }),
            _ => None,
        }
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Whether `seat` is still at the table.
    pub fn is_seated(&self, seat: Seat) -> bool {
        self.seated.get(seat.index()).copied().unwrap_or(false)
    }

    /// The colour of the next stone: the colour after the last stone's whose seat is still
    /// at the table (seat 0's, Black, first). Without an opening rule this is the seat to
    /// move; with one, [`Game::mover`] is. Still defined once the game is over.
    pub fn to_move(&self) -> Seat {
        let seats = self.settings.seats;
        let start = self.moves.last().map_or(0, |m| m.seat.0 + 1);
        (0..seats)
            .map(|k| Seat((start + k) % seats))
            .find(|&colour| self.is_seated(self.player_of(colour)))
            .unwrap_or(Seat(0))
    }

    /// Whether the mover may place a stone on `point`, and if not, why.
    pub fn check(&self, point: Point) -> Result<(), GomokuError> {
        if let Some(ending) = self.ending {
            return Err(GomokuError::Over { point, ending });
        }
        if let Turn::Choose { seat, choices } = self.turn() {
            return Err(GomokuError::Choosing {
                point,
                seat,
                choices,
            });
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

    /// Places the next stone (of the colour [`Game::to_move`]) on `point`, or says why it
    /// may not be.
    pub fn play(&mut self, point: Point) -> Result<(), GomokuError> {
        self.check(point)?;
        let seat = self.to_move();
        self.board.place(point, seat);
        self.moves.push(Move { seat, point });
        self.ending = self.judge();
        Ok(())
    }

    /// Makes the mover's opening decision, or says why it may not be made.
    pub fn choose(&mut self, choice: Choice) -> Result<(), GomokuError> {
        let turn = self.turn();
        let choices = match turn {
            Turn::Choose { choices, .. } => choices,
            Turn::Stone { .. } => &[],
        };
        if let Some(ending) = self.ending {
            return Err(GomokuError::ChoiceAfterEnd { choice, ending });
        }
        if !choices.contains(&choice) {
            let seat = turn.seat();
            return Err(GomokuError::NotOffered {
                choice,
                seat,
                choices,
            });
        }
        self.chosen.push(Chosen {
            stones: self.moves.len(),
            seat: turn.seat(),
            choice,
        });
        Ok(())
    }

    /// Plays a stone or makes a decision.
    pub fn act(&mut self, action: Action) -> Result<(), GomokuError> {
        match action {
            Action::Stone(point) => self.play(point),
            Action::Choose(choice) => self.choose(choice),
        }
    }

    /// Takes back the last move, a stone or an opening decision, if any (seats that left
    /// stay away).
    pub fn take_back(&mut self) -> Option<Action> {
        if self
            .chosen
            .last()
            .is_some_and(|c| c.stones == self.moves.len())
        {
            let chosen = self.chosen.pop()?;
            self.ending = self.judge();
            return Some(Action::Choose(chosen.choice));
        }
        let last = self.moves.pop()?;
        self.board.lift(last.point);
        self.ending = self.judge();
        Some(Action::Stone(last.point))
    }

    /// The moves the mover may make: the opening decisions offered, or the points where
    /// the next stone may go; none once the game is over.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.choices() {
            [] => self.legal_moves().into_iter().map(Action::Stone).collect(),
            choices => choices.iter().map(|&c| Action::Choose(c)).collect(),
        }
    }

    /// The points where the next stone may go, `a1`, `b1`, … then up; none once the game
    /// is over or while an opening decision is due.
    pub fn legal_moves(&self) -> Vec<Point> {
        if self.ending.is_some() || !self.choices().is_empty() {
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

    /// `seat` (a player) leaves: the turn passes over it from now on and its stones stay.
    /// When only one seat is left, it wins.
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
    /// [`to_move_key`](super::board::to_move_key) of [`Game::to_move`]; with an opening
    /// rule, also [`opening_key`](super::board::opening_key) of the decisions made so far
    /// and whether the players swapped. The same on every machine.
    pub fn hash(&self) -> u64 {
        let opening = if self.settings.opening == Opening::None {
            0
        } else {
            super::board::opening_key(self.chosen.len(), self.swapped())
        };
        self.board.hash() ^ to_move_key(self.to_move()) ^ opening
    }

    /// [`Game::hash`] as 16 lower-case hex digits.
    pub fn hash_text(&self) -> String {
        format!("{:016x}", self.hash())
    }

    /// Whether the next stone is Black's in renju.
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
                    let seat = self.player_of(seat);
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

    /// Whether colour `seat`'s row `run` wins under the rule set.
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
            opening: Opening::None,
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
        assert_eq!(g.take_back(), Some(Action::Stone(p("e1"))));
        assert_eq!(g.ending(), None);
        assert_eq!(g.legal_moves(), vec![p("e1")]);
    }

    fn opening(opening: Opening) -> Game {
        Game::new(Settings {
            opening,
            ..Settings::default()
        })
        .unwrap()
    }

    fn act(game: &mut Game, actions: &str) {
        for a in actions.split_whitespace() {
            let action: Action = a.parse().unwrap();
            game.act(action).unwrap_or_else(|e| panic!("{a}: {e}"));
        }
    }

    #[test]
    fn openings_need_two_seats_and_four_in_a_row() {
        let bad = |s: Settings| Game::new(s).unwrap_err().to_string();
        let swap = Settings {
            opening: Opening::Swap,
            ..Settings::default()
        };
        assert_eq!(
            bad(Settings { seats: 3, ..swap }),
            "the swap opening is for two seats, not 3"
        );
        assert_eq!(
            bad(Settings {
                win: 3,
                opening: Opening::Swap2,
                ..swap
            }),
            "the swap2 opening needs a win length of 4 or more, not 3"
        );
        assert!(
            Game::new(Settings {
                win: 4,
                size: "5x5".parse().unwrap(),
                ..swap
            })
            .is_ok()
        );
    }

    #[test]
    fn swap_seat_1_places_three_and_seat_2_takes_black() {
        let mut g = opening(Opening::Swap);
        for (i, point) in ["h8", "h9", "i8"].into_iter().enumerate() {
            let colour = Seat((i % 2) as u8);
            assert_eq!(
                g.turn(),
                Turn::Stone {
                    seat: Seat(0),
                    colour
                },
                "stone {i}"
            );
            assert!(!g.colours_settled());
            act(&mut g, point);
        }
        assert_eq!(
            g.board().get(p("h9")),
            Some(Seat::WHITE),
            "seat 1 placed White"
        );
        assert_eq!(
            g.turn(),
            Turn::Choose {
                seat: Seat(1),
                choices: &Choice::COLOURS
            }
        );
        assert_eq!(g.legal_moves(), vec![], "no stone while a choice is due");
        assert_eq!(
            g.legal_actions(),
            vec![Action::Choose(Choice::Black), Action::Choose(Choice::White)]
        );
        assert_eq!(
            g.play(p("a1")).unwrap_err().to_string(),
            "a1: seat 2 is to choose black or white, not to place a stone"
        );
        assert_eq!(
            g.choose(Choice::Place2).unwrap_err().to_string(),
            "place2: seat 2 may choose black or white only"
        );
        let before = g.hash();
        act(&mut g, "black");
        assert_ne!(g.hash(), before, "a choice changes the hash");
        assert!(g.swapped() && g.colours_settled());
        assert_eq!(g.player_of(Seat::BLACK), Seat(1));
        assert_eq!(g.colour_of(Seat(0)), Seat::WHITE);
        // White is to move: seat 1 (index 0), who opened.
        assert_eq!(g.to_move(), Seat::WHITE);
        assert_eq!(
            g.turn(),
            Turn::Stone {
                seat: Seat(0),
                colour: Seat::WHITE
            }
        );
        assert_eq!(
            g.choose(Choice::White).unwrap_err().to_string(),
            "white: no choice is due now, a stone is"
        );
        // Black (seat 2) makes five: seat 2 wins.
        act(&mut g, "a1 j8 a2 k8 a3 l8");
        assert_eq!(g.ending().unwrap().to_string(), "2 (5 in a row)");
        assert_eq!(g.ending().unwrap().winner(), Some(Seat(1)));
        assert_eq!(
            g.actions()
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            "h8 h9 i8 black a1 j8 a2 k8 a3 l8"
        );
        // Back to the choice, and the other way.
        for _ in 0..6 {
            g.take_back();
        }
        assert_eq!(g.take_back(), Some(Action::Choose(Choice::Black)));
        assert_eq!(g.hash(), before);
        assert!(!g.swapped());
        act(&mut g, "white");
        assert!(!g.swapped());
        assert_eq!(
            g.turn(),
            Turn::Stone {
                seat: Seat(1),
                colour: Seat::WHITE
            }
        );
        // White (seat 2 again) wins.
        act(&mut g, "a1 j8 a2 k8 a3 a9 a4 a10 a5");
        assert_eq!(g.ending().unwrap().to_string(), "2 (5 in a row)");
    }

    #[test]
    fn swap2_seat_2_places_two_more_and_seat_1_chooses() {
        let mut g = opening(Opening::Swap2);
        act(&mut g, "h8 h9 i8");
        assert_eq!(
            g.turn(),
            Turn::Choose {
                seat: Seat(1),
                choices: &Choice::SWAP2
            }
        );
        act(&mut g, "place2");
        assert!(!g.colours_settled());
        assert_eq!(
            g.turn(),
            Turn::Stone {
                seat: Seat(1),
                colour: Seat::WHITE
            }
        );
        act(&mut g, "j10");
        assert_eq!(
            g.turn(),
            Turn::Stone {
                seat: Seat(1),
                colour: Seat::BLACK
            }
        );
        act(&mut g, "g8");
        assert_eq!(
            g.turn(),
            Turn::Choose {
                seat: Seat(0),
                choices: &Choice::COLOURS
            }
        );
        assert_eq!(
            g.choose(Choice::Place2).unwrap_err().to_string(),
            "place2: seat 1 may choose black or white only"
        );
        let before = g.clone();
        // Seat 1 (index 0) takes White: swapped, and it moves next.
        act(&mut g, "white");
        assert!(g.swapped());
        assert_eq!(g.mover(), Seat(0));
        assert_eq!(g.player_of(Seat::BLACK), Seat(1));
        // Or it keeps Black: seat 2 plays White and moves next.
        let mut g = before;
        act(&mut g, "black");
        assert!(!g.swapped() && g.colours_settled());
        assert_eq!(g.mover(), Seat(1));
        assert_eq!(
            g.actions()
                .iter()
                .map(|a| a.to_string())
                .collect::<Vec<_>>()
                .join(" "),
            "h8 h9 i8 place2 j10 g8 black"
        );
        // Taking back the last two decisions steps back through the stones.
        assert_eq!(g.take_back(), Some(Action::Choose(Choice::Black)));
        assert_eq!(g.take_back(), Some(Action::Stone(p("g8"))));
        assert_eq!(g.take_back(), Some(Action::Stone(p("j10"))));
        assert_eq!(g.take_back(), Some(Action::Choose(Choice::Place2)));
        assert_eq!(g.choices(), &Choice::SWAP2);
        // Seat 2 may also take a colour at once.
        act(&mut g, "white");
        assert_eq!(g.mover(), Seat(1));
        assert!(!g.swapped());
    }

    #[test]
    fn renju_forbids_black_points_whoever_places_the_stone() {
        let mut g = Game::new(Settings {
            rule: Rule::Renju,
            opening: Opening::Swap2,
            ..Settings::default()
        })
        .unwrap();
        // Seat 2 ends up placing Black's stone: renju's rules are about colours.
        act(&mut g, "h8 a1 i9 place2 a3");
        assert_eq!(
            g.turn(),
            Turn::Stone {
                seat: Seat(1),
                colour: Seat::BLACK
            }
        );
        assert!(g.forbidden_points().is_empty());
        act(&mut g, "j10 black");
        assert_eq!(g.to_move(), Seat::WHITE);
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
