//! Positions: the stones, the phase, the side to act, the removals due, who formed first,
//! and the quiet-turn count; their one-line text form and their hash.
//!
//! The text form is `<ranks> <phase> <side> <due-black> <due-white> <first> <quiet>`:
//! ranks from 7 down to 1 separated by `/`, seven of `b`, `w`, `.` each; the phase
//! `place`, `remove` or `battle`; the side `b` or `w`; the removals earned (in `place`) or
//! still due (in `remove`); the side that formed first (`b`, `w`, `-`); battle turns since a
//! stone last left the board. Only positions that can arise parse.

use std::fmt;
use std::str::FromStr;

use super::point::{ALL, Bits, POINTS, Point, Side, count, points};

/// The three phases of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// 布局: the stones are placed one by one until the board is full.
    Place,
    /// 开局: the opening removals.
    Remove,
    /// 战斗: stones step, jump and fly.
    Battle,
}

impl Phase {
    /// Every phase, in the order they come.
    pub const ALL: [Phase; 3] = [Phase::Place, Phase::Remove, Phase::Battle];

    /// `place`, `remove` or `battle`.
    pub const fn word(self) -> &'static str {
        match self {
            Phase::Place => "place",
            Phase::Remove => "remove",
            Phase::Battle => "battle",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// A position that can arise in a game. Built from the start ([`Position::start`]), by
/// parsing its text, or by playing turns ([`Game`](super::Game)).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) stones: [Bits; 2],
    pub(crate) phase: Phase,
    pub(crate) side: Side,
    pub(crate) due: [u8; 2],
    pub(crate) first: Option<Side>,
    pub(crate) quiet: u8,
}

/// The most quiet turns a position can show.
pub const MAX_QUIET: u8 = 50;

/// Why a position's text was refused: what is malformed, or why it cannot arise.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not seven fields.
    #[error("expected 7 fields (ranks phase side due-black due-white first quiet), found {0}")]
    Fields(usize),
    /// The board is not seven ranks of seven `b`, `w` or `.`.
    #[error("bad ranks {0:?}: expected seven ranks of seven b, w or . separated by /")]
    Ranks(String),
    /// An unknown phase.
    #[error("bad phase {0:?}: expected place, remove or battle")]
    Phase(String),
    /// An unknown side.
    #[error("bad side {0:?}: expected b or w")]
    Side(String),
    /// A removal count that is not a number 0 to 255.
    #[error("bad removal count {0:?}: expected a number 0 to 255")]
    Due(String),
    /// `first` is not `b`, `w` or `-`.
    #[error("bad first {0:?}: expected b, w or -")]
    First(String),
    /// `quiet` is not a number 0 to 50.
    #[error("bad quiet count {0:?}: expected a number 0 to 50")]
    Quiet(String),
    /// In `place`, the stone counts do not follow from alternate placing (Black first).
    #[error(
        "in place, Black has placed as many stones as White or one more, and not all 49: \
         not {black} and {white}"
    )]
    PlaceCounts {
        /// Black's stones.
        black: u8,
        /// White's stones.
        white: u8,
    },
    /// In `place`, the side to act is not the one whose turn follows from the counts.
    #[error(
        "in place with {black} Black and {white} White stones, {expected} places next, not {given}"
    )]
    PlaceSide {
        /// Black's stones.
        black: u8,
        /// White's stones.
        white: u8,
        /// The side that places next.
        expected: Side,
        /// The side given.
        given: Side,
    },
    /// A side has earned removals with fewer than four stones (no square possible).
    #[error("{side} cannot have earned {due} removals with {stones} stones placed")]
    Earned {
        /// The side.
        side: Side,
        /// Its earned count.
        due: u8,
        /// Its stones.
        stones: u8,
    },
    /// `first` names a side while both earned counts are 0, or a side that earned nothing.
    #[error("first is {0}, but {0} has earned no removal")]
    FirstNotFormed(Side),
    /// Removals were earned but `first` is `-`.
    #[error("removals were earned, so first must name the side that formed first, not -")]
    NoFirst,
    /// `first` is not `-` outside `place`.
    #[error("first must be - outside place, not {0}")]
    FirstOutsidePlace(Side),
    /// `quiet` is not 0 outside `battle`.
    #[error("quiet must be 0 outside battle, not {0}")]
    QuietOutsideBattle(u8),
    /// In `remove`, the side to act has nothing to remove.
    #[error("in remove, the side to act ({0}) must have removals due")]
    NothingDue(Side),
    /// In `remove`, the stone counts do not fit the removals done so far.
    #[error(
        "in remove, {black} Black and {white} White stones cannot arise (the board is full \
         until the first side removes, then only the second side has lost stones)"
    )]
    RemoveCounts {
        /// Black's stones.
        black: u8,
        /// White's stones.
        white: u8,
    },
    /// In `battle`, removals are due.
    #[error("in battle, no removals are due (0 0), not {black} {white}")]
    BattleDue {
        /// Black's count given.
        black: u8,
        /// White's count given.
        white: u8,
    },
    /// In `battle`, more stones than are left after the opening removals.
    #[error(
        "in battle, Black has at most 24 stones and White at most 23 (each lost one or more \
         in the opening removals), not {black} and {white}"
    )]
    BattleCounts {
        /// Black's stones.
        black: u8,
        /// White's stones.
        white: u8,
    },
    /// Both sides have 3 stones or fewer: the game ended when the first of them did.
    #[error("both sides have 3 stones or fewer ({black} and {white})")]
    BothFew {
        /// Black's stones.
        black: u8,
        /// White's stones.
        white: u8,
    },
}

impl Position {
    /// The start: an empty board, Black to place.
    pub fn start() -> Position {
        Position {
            stones: [0, 0],
            phase: Phase::Place,
            side: Side::Black,
            due: [0, 0],
            first: None,
            quiet: 0,
        }
    }

    /// The side whose stone stands on `point`, if any.
    pub fn get(&self, point: Point) -> Option<Side> {
        Side::BOTH
            .into_iter()
            .find(|s| self.stones[s.index()] & point.bit() != 0)
    }

    /// The points holding `side`'s stones.
    pub fn stones(&self, side: Side) -> Bits {
        self.stones[side.index()]
    }

    /// The empty points.
    pub fn empty(&self) -> Bits {
        ALL & !(self.stones[0] | self.stones[1])
    }

    /// How many stones `side` has on the board.
    pub fn count(&self, side: Side) -> u8 {
        count(self.stones[side.index()])
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The side to act.
    pub fn side(&self) -> Side {
        self.side
    }

    /// In `place` the removals `side` has earned so far; in `remove` those it still has to
    /// take; 0 in `battle`.
    pub fn due(&self, side: Side) -> u8 {
        self.due[side.index()]
    }

    /// In `place`, the side that formed a formation first, if any; `None` otherwise.
    pub fn first(&self) -> Option<Side> {
        self.first
    }

    /// Battle turns since a stone last left the board (0 to 50).
    pub fn quiet(&self) -> u8 {
        self.quiet
    }

    /// Whether the stones and the side to act are the same (what repetition compares).
    pub fn same_stones_and_side(&self, other: &Position) -> bool {
        self.stones == other.stones && self.side == other.side
    }

    /// A Zobrist hash of everything but `quiet`: XOR of the [`keys`](Keys) of every stone,
    /// the side to act, the phase, each side's due count and `first`. The same on every
    /// machine.
    pub fn hash(&self) -> u64 {
        let mut hash = 0;
        for side in Side::BOTH {
            for p in points(self.stones(side)) {
                hash ^= KEYS.stones[side.index()][p.index()];
            }
            hash ^= KEYS.due[side.index()][self.due(side) as usize];
        }
        hash ^= KEYS.side[self.side.index()];
        hash ^= KEYS.phase[self.phase as usize];
        hash ^= KEYS.first[self.first.map_or(2, Side::index)];
        hash
    }

    /// [`Position::hash`] as 16 lower-case hex digits.
    pub fn hash_text(&self) -> String {
        format!("{:016x}", self.hash())
    }

    /// The position if it can arise, or why not.
    pub(crate) fn validate(self) -> Result<Position, PositionError> {
        let (black, white) = (self.count(Side::Black), self.count(Side::White));
        if let Some(first) = self.first
            && self.phase != Phase::Place
        {
            return Err(PositionError::FirstOutsidePlace(first));
        }
        if self.phase != Phase::Battle && self.quiet != 0 {
            return Err(PositionError::QuietOutsideBattle(self.quiet));
        }
        match self.phase {
            Phase::Place => {
                if !(black == white || black == white + 1) || black + white >= POINTS as u8 {
                    return Err(PositionError::PlaceCounts { black, white });
                }
                let expected = if black == white {
                    Side::Black
                } else {
                    Side::White
                };
                if self.side != expected {
                    let given = self.side;
                    return Err(PositionError::PlaceSide {
                        black,
                        white,
                        expected,
                        given,
                    });
                }
                for side in Side::BOTH {
                    let (due, stones) = (self.due(side), self.count(side));
                    if due > 0 && stones < 4 {
                        return Err(PositionError::Earned { side, due, stones });
                    }
                }
                match self.first {
                    Some(first) if self.due(first) == 0 => {
                        return Err(PositionError::FirstNotFormed(first));
                    }
                    None if self.due != [0, 0] => return Err(PositionError::NoFirst),
                    _ => {}
                }
            }
            Phase::Remove => {
                let mover = self.side;
                if self.due(mover) == 0 {
                    return Err(PositionError::NothingDue(mover));
                }
                let other = mover.opponent();
                let fits = if self.due(other) > 0 {
                    black == 25 && white == 24
                } else {
                    self.count(other) == other.stones() && self.count(mover) < mover.stones()
                };
                if !fits {
                    return Err(PositionError::RemoveCounts { black, white });
                }
            }
            Phase::Battle => {
                if self.due != [0, 0] {
                    let [black, white] = self.due;
                    return Err(PositionError::BattleDue { black, white });
                }
                if black > 24 || white > 23 {
                    return Err(PositionError::BattleCounts { black, white });
                }
            }
        }
        if self.phase != Phase::Place && black <= 3 && white <= 3 {
            return Err(PositionError::BothFew { black, white });
        }
        Ok(self)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..7).rev() {
            for file in 0..7 {
                let point = Point::new(file, rank).expect("on the board");
                let c = self.get(point).map_or('.', Side::letter);
                write!(f, "{c}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let first = self.first.map_or('-', Side::letter);
        write!(
            f,
            " {} {} {} {} {first} {}",
            self.phase, self.side, self.due[0], self.due[1], self.quiet
        )
    }
}

impl FromStr for Position {
    type Err = PositionError;

    fn from_str(s: &str) -> Result<Position, PositionError> {
        let fields: Vec<&str> = s.split_ascii_whitespace().collect();
        let &[ranks, phase, side, due_black, due_white, first, quiet] = &fields[..] else {
            return Err(PositionError::Fields(fields.len()));
        };
        let short = |t: &str| t.chars().take(64).collect::<String>();
        let mut stones = [0; 2];
        let rows: Vec<&str> = ranks.split('/').collect();
        if rows.len() != 7 || rows.iter().any(|r| r.len() != 7) {
            return Err(PositionError::Ranks(short(ranks)));
        }
        for (row, text) in rows.iter().enumerate() {
            for (file, c) in text.bytes().enumerate() {
                let point = Point::new(file as u8, 6 - row as u8).expect("seven by seven");
                match c {
                    b'b' => stones[0] |= point.bit(),
                    b'w' => stones[1] |= point.bit(),
                    b'.' => {}
                    _ => return Err(PositionError::Ranks(short(ranks))),
                }
            }
        }
        let phase = Phase::ALL
            .into_iter()
            .find(|p| p.word() == phase)
            .ok_or_else(|| PositionError::Phase(short(phase)))?;
        let side = Side::from_letter(side).ok_or_else(|| PositionError::Side(short(side)))?;
        let number = |t: &str| {
            let digits = !t.is_empty() && t.len() <= 3 && t.bytes().all(|b| b.is_ascii_digit());
            digits.then(|| t.parse::<u8>().ok()).flatten()
        };
        let due_of = |t: &str| number(t).ok_or_else(|| PositionError::Due(short(t)));
        let due = [due_of(due_black)?, due_of(due_white)?];
        let first = match first {
            "-" => None,
            text => Some(Side::from_letter(text).ok_or_else(|| PositionError::First(short(text)))?),
        };
        let quiet = number(quiet)
            .filter(|&q| q <= MAX_QUIET)
            .ok_or_else(|| PositionError::Quiet(short(quiet)))?;
        Position {
            stones,
            phase,
            side,
            due,
            first,
            quiet,
        }
        .validate()
    }
}

/// The Zobrist keys: SplitMix64 from the seed [`HASH_SEED`], drawn in this order: for
/// Black then White, for point `a1`, `b1`, … `g7`, the key of that side's stone there;
/// the side to act (Black, White); the phase (place, remove, battle); for Black then
/// White, the key of each due count 0..255; `first` (Black, White, none).
pub struct Keys {
    stones: [[u64; POINTS]; 2],
    side: [u64; 2],
    phase: [u64; 3],
    due: [[u64; 256]; 2],
    first: [u64; 3],
}

/// The seed of the Zobrist keys (`"tibetan"` in ASCII).
pub const HASH_SEED: u64 = 0x0074_6962_6574_616e;

const fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

const fn keys() -> Keys {
    let mut keys = Keys {
        stones: [[0; POINTS]; 2],
        side: [0; 2],
        phase: [0; 3],
        due: [[0; 256]; 2],
        first: [0; 3],
    };
    let mut state = HASH_SEED;
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < POINTS {
            keys.stones[s][i] = splitmix(&mut state);
            i += 1;
        }
        s += 1;
    }
    keys.side[0] = splitmix(&mut state);
    keys.side[1] = splitmix(&mut state);
    let mut i = 0;
    while i < 3 {
        keys.phase[i] = splitmix(&mut state);
        i += 1;
    }
    let mut s = 0;
    while s < 2 {
        let mut i = 0;
        while i < 256 {
            keys.due[s][i] = splitmix(&mut state);
            i += 1;
        }
        s += 1;
    }
    let mut i = 0;
    while i < 3 {
        keys.first[i] = splitmix(&mut state);
        i += 1;
    }
    keys
}

static KEYS: Keys = keys();

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "......./......./......./......./......./......./....... place b 0 0 - 0";

    #[test]
    fn the_start_round_trips() {
        assert_eq!(Position::start().to_string(), START);
        assert_eq!(START.parse(), Ok(Position::start()));
        let mut state = HASH_SEED;
        let first_key = splitmix(&mut state);
        let p: Position = "......./......./......./......./......./......./b...... place w 0 0 - 0"
            .parse()
            .unwrap();
        assert_eq!(
            p.hash() ^ Position::start().hash(),
            first_key ^ KEYS.side[0] ^ KEYS.side[1]
        );
        assert_eq!(p.hash_text().len(), 16);
    }

    #[test]
    fn bad_text_names_the_field() {
        let bad = |s: &str| s.parse::<Position>().unwrap_err();
        assert_eq!(bad(""), PositionError::Fields(0));
        assert_eq!(bad(&format!("{START} 0")), PositionError::Fields(8));
        assert!(matches!(
            bad("......./......./......./......./......./....... place b 0 0 - 0"),
            PositionError::Ranks(_)
        ));
        assert!(matches!(
            bad("......./......./......./......./......./......./...x... place b 0 0 - 0"),
            PositionError::Ranks(_)
        ));
        let fields =
            |f: &str| format!("......./......./......./......./......./......./....... {f}");
        assert!(matches!(
            bad(&fields("Place b 0 0 - 0")),
            PositionError::Phase(_)
        ));
        assert!(matches!(
            bad(&fields("place x 0 0 - 0")),
            PositionError::Side(_)
        ));
        assert!(matches!(
            bad(&fields("place b -1 0 - 0")),
            PositionError::Due(_)
        ));
        assert!(matches!(
            bad(&fields("place b 0 256 - 0")),
            PositionError::Due(_)
        ));
        assert!(matches!(
            bad(&fields("place b 0 0 x 0")),
            PositionError::First(_)
        ));
        assert!(matches!(
            bad(&fields("place b 0 0 - 51")),
            PositionError::Quiet(_)
        ));
        assert_eq!(
            bad(&fields("place b 0 0 b 0")),
            PositionError::FirstNotFormed(Side::Black)
        );
        assert_eq!(
            bad(&fields("place w 0 0 - 0")).to_string(),
            "in place with 0 Black and 0 White stones, b places next, not w"
        );
        assert_eq!(
            bad(&fields("place b 0 0 - 3")),
            PositionError::QuietOutsideBattle(3)
        );
    }
}
