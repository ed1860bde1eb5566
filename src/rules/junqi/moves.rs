//! Moves: their text form, and which cells a piece may reach (road steps, straight rail
//! runs, and engineers' turning rail paths). Legality needs only public occupancy and the
//! mover's own kinds, so a player's view generates exactly the moves the full position does.

use std::fmt;
use std::str::FromStr;

use super::board::{
    CAMPS, DIRECTIONS, HEADQUARTERS, RAIL_NEIGHBOURS, RAIL_STATIONS, RAIL_STEPS, ROADS,
};
use super::piece::Kind;
use super::square::{ParseSquareError, Side, Square, squares};

/// A move from one cell to another, written `<from>-<to>` (e.g. `a5-a6`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Where the piece stood.
    pub from: Square,
    /// Where it goes (an empty cell, or an enemy piece it attacks).
    pub to: Square,
}

impl Move {
    /// The move from `from` to `to`.
    pub fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// This absolute move as `side` writes it in its own view (the wire form).
    pub fn to_view(self, side: Side) -> Move {
        Move::new(self.from.to_view(side), self.to.to_view(side))
    }

    /// The absolute move that `side` wrote as `self` in its own view.
    pub fn from_view(self, side: Side) -> Move {
        Move::new(self.from.from_view(side), self.to.from_view(side))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// No `-` between two squares.
    #[error("'{0}' is not a move (expected <from>-<to>, e.g. a5-a6)")]
    Shape(String),
    /// One of the squares is off the board.
    #[error("move '{text}': {source}")]
    Square {
        /// The whole move text.
        text: String,
        /// What was wrong with the square.
        source: ParseSquareError,
    },
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        let (from, to) = text
            .split_once('-')
            .ok_or_else(|| ParseMoveError::Shape(text.to_string()))?;
        let square = |s: &str| {
            s.parse::<Square>()
                .map_err(|source| ParseMoveError::Square {
                    text: text.to_string(),
                    source,
                })
        };
        Ok(Move::new(square(from)?, square(to)?))
    }
}

/// The cells a piece of `kind` standing on `from` may move to, as a square set, given the
/// cells held by its own side (`own`, which includes `from`) and by the enemy (`enemy`).
pub fn targets(from: Square, kind: Kind, own: u64, enemy: u64) -> u64 {
    if !kind.can_move() || HEADQUARTERS & from.bit() != 0 {
        return 0;
    }
    let occupied = own | enemy;
    let mut reach = ROADS[from.index()];
    if RAIL_STATIONS & from.bit() != 0 {
        reach |= if kind == Kind::Engineer {
            engineer_rail(from, occupied, enemy)
        } else {
            straight_rail(from, occupied, enemy)
        };
    }
    // Never onto one's own piece; never into or onto an occupied camp.
    reach & !own & !(occupied & CAMPS)
}

/// Straight runs along one rail line: through empty stations, ending on an empty station
/// or on the first enemy piece met.
#[allow(clippy::needless_range_loop)] // the row changes as the run goes; the direction doesn't
fn straight_rail(from: Square, occupied: u64, enemy: u64) -> u64 {
    let mut reach = 0;
    for direction in 0..DIRECTIONS.len() {
        let mut at = from;
        while let Some(next) = RAIL_STEPS[at.index()][direction] {
            if occupied & next.bit() != 0 {
                reach |= next.bit() & enemy;
                break;
            }
            reach |= next.bit();
            at = next;
        }
    }
    reach
}

/// An engineer's rail paths, turning freely: every empty station connected to `from`
/// through empty stations, and every enemy piece next to one of them (or to `from`).
fn engineer_rail(from: Square, occupied: u64, enemy: u64) -> u64 {
    let mut reached = from.bit();
    let mut frontier = from.bit();
    let mut attacks = 0;
    while frontier != 0 {
        let next = squares(frontier).fold(0, |acc, s| acc | RAIL_NEIGHBOURS[s.index()]);
        attacks |= next & enemy;
        frontier = next & !occupied & !reached;
        reached |= frontier;
    }
    (reached & !from.bit()) | attacks
}

/// Appends to `out` every move of the pieces in `own`, whose kinds `kind_at` tells.
pub(crate) fn generate(
    own: u64,
    enemy: u64,
    kind_at: impl Fn(Square) -> Kind,
    out: &mut Vec<Move>,
) {
    for from in squares(own) {
        for to in squares(targets(from, kind_at(from), own, enemy)) {
            out.push(Move::new(from, to));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(name: &str) -> Square {
        name.parse().unwrap()
    }

    fn set(names: &[&str]) -> u64 {
        names.iter().fold(0, |acc, n| acc | s(n).bit())
    }

    fn names(set: u64) -> Vec<String> {
        let mut v: Vec<String> = squares(set).map(|q| q.to_string()).collect();
        v.sort();
        v
    }

    #[test]
    fn move_text_round_trips_and_mirrors() {
        let m: Move = "a5-a6".parse().unwrap();
        assert_eq!(m.to_string(), "a5-a6");
        assert_eq!(m.to_view(Side::North).to_string(), "e8-e7");
        assert_eq!(m.to_view(Side::North).from_view(Side::North), m);
        for bad in ["a5a6", "a5-", "-a6", "a5-f6", "a5-a13", "a5-a6-a7"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_road_step_goes_to_orthogonal_neighbours_only() {
        // c2 lies on no camp's diagonal... b1's neighbours: a1, c1, b2 (b1 is a headquarters,
        // so test c1, an ordinary station off the rails).
        let t = targets(s("c1"), Kind::Captain, s("c1").bit(), 0);
        assert_eq!(names(t), ["b1", "c2", "d1"]);
    }

    #[test]
    fn camps_have_diagonals_and_shelter_their_occupant() {
        let own = s("c4").bit();
        let t = targets(s("c4"), Kind::Captain, own, 0);
        assert_eq!(names(t), ["b3", "b4", "b5", "c3", "c5", "d3", "d4", "d5"]);
        // From a diagonal neighbour into the camp, and not into an occupied camp.
        let t = targets(s("b4"), Kind::Captain, s("b4").bit(), s("c4").bit());
        assert!(t & s("c4").bit() == 0, "attacked an enemy in a camp");
        let t = targets(s("b4"), Kind::Captain, s("b4").bit(), 0);
        assert!(t & s("c4").bit() != 0);
        // A station next to no camp has no diagonals.
        let t = targets(s("c1"), Kind::Captain, s("c1").bit(), 0);
        assert!(t & s("b2").bit() == 0);
    }

    #[test]
    fn the_front_is_crossed_only_on_files_a_c_e() {
        for (file, crosses) in [
            ("a", true),
            ("b", false),
            ("c", true),
            ("d", false),
            ("e", true),
        ] {
            let from = s(&format!("{file}6"));
            let to = s(&format!("{file}7"));
            // A headquarters-free, rail-free check for b and d; rails for a, c, e.
            let t = targets(from, Kind::Captain, from.bit(), 0);
            assert_eq!(t & to.bit() != 0, crosses, "{from}-{to}");
        }
    }

    #[test]
    fn straight_rail_runs_stop_at_pieces_and_do_not_turn() {
        // A captain on a2 runs along rank 2 and up file a.
        let own = s("a2").bit();
        let t = targets(s("a2"), Kind::Captain, own, 0);
        assert!(t & s("e2").bit() != 0, "along rank 2 to e2");
        assert!(t & s("a11").bit() != 0, "up file a to a11");
        assert!(t & s("e11").bit() == 0, "no turning the a11 corner");
        assert!(
            t & s("a12").bit() == 0,
            "a12 is off the rails and two steps away"
        );
        // A piece in the way: own blocks, enemy is the first one met and may be attacked.
        let own = set(&["a2", "c2"]);
        let enemy = s("a8").bit();
        let t = targets(s("a2"), Kind::Captain, own, enemy);
        assert!(t & s("b2").bit() != 0 && t & s("c2").bit() == 0 && t & s("d2").bit() == 0);
        assert!(t & s("a8").bit() != 0 && t & s("a9").bit() == 0);
    }

    #[test]
    fn only_engineers_turn_on_the_rails() {
        let own = s("a2").bit();
        let engineer = targets(s("a2"), Kind::Engineer, own, 0);
        assert!(engineer & s("e11").bit() != 0, "round the corners to e11");
        assert!(engineer & s("c7").bit() != 0, "over the middle crossing");
        assert_eq!(
            (engineer & RAIL_STATIONS).count_ones(),
            31,
            "every other station on an empty board"
        );
        // Blocked: with a3 and b2 taken by own pieces, the engineer's rails are cut off.
        let own = set(&["a2", "a3", "b2"]);
        let engineer = targets(s("a2"), Kind::Engineer, own, s("e11").bit());
        assert_eq!(names(engineer), ["a1", "b3"], "its road steps only");
        // It attacks an enemy next to the end of its path, but not one behind another piece.
        let own = s("a2").bit();
        let enemy = set(&["c6", "d6"]);
        let engineer = targets(s("a2"), Kind::Engineer, own, enemy);
        assert!(engineer & s("c6").bit() != 0 && engineer & s("d6").bit() != 0);
        let own = set(&["a2", "b2"]);
        let enemy = set(&["a6", "a7"]);
        let engineer = targets(s("a2"), Kind::Engineer, own, enemy);
        assert_eq!(names(engineer & RAIL_STATIONS), ["a3", "a4", "a5", "a6"]);
        // With rank 2 open it goes round by the e-file and rank 11, and down to a7.
        let engineer = targets(s("a2"), Kind::Engineer, s("a2").bit(), enemy);
        assert!(engineer & s("a7").bit() != 0 && engineer & s("a8").bit() != 0);
    }

    #[test]
    fn headquarters_freeze_and_mines_and_flags_never_move() {
        let own = s("b1").bit();
        assert_eq!(targets(s("b1"), Kind::FieldMarshal, own, 0), 0);
        assert_eq!(targets(s("b12"), Kind::Engineer, s("b12").bit(), 0), 0);
        let own = s("a2").bit();
        assert_eq!(targets(s("a2"), Kind::Landmine, own, 0), 0);
        assert_eq!(targets(s("c2"), Kind::Flag, s("c2").bit(), 0), 0);
        // A bomb moves like any officer, rails included.
        assert!(targets(s("a2"), Kind::Bomb, own, 0) & s("a11").bit() != 0);
        // A piece may enter a headquarters, its own or the enemy's.
        assert!(targets(s("c1"), Kind::Captain, s("c1").bit(), 0) & s("b1").bit() != 0);
        assert!(
            targets(s("c12"), Kind::Captain, s("c12").bit(), s("b12").bit()) & s("b12").bit() != 0
        );
    }
}
