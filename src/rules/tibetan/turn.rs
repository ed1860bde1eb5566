//! Turns and their text: a placement `d4`, a step or flight `c3-c4`, a jump chain
//! `c3xc5xe5` (the start, then each landing point), an opening removal `*d5*e6`; the
//! removals a placement or move earns follow as `*` and the enemy stone's point
//! (`c3-c4*d5*e6`).

use std::fmt;
use std::str::FromStr;

use super::point::Point;

/// Where a stone goes in the battle.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Path {
    /// A step to a neighbouring point, or a flight anywhere (`c3-c4`).
    Slide {
        /// Where the stone was.
        from: Point,
        /// Where it goes.
        to: Point,
    },
    /// A jump chain: the start, then each landing point (two or more points in all,
    /// `c3xc5xe5`).
    Jump(Vec<Point>),
}

impl Path {
    /// Where the stone starts.
    pub fn from(&self) -> Point {
        match self {
            Path::Slide { from, .. } => *from,
            Path::Jump(points) => points[0],
        }
    }

    /// Where the stone ends.
    pub fn to(&self) -> Point {
        match self {
            Path::Slide { to, .. } => *to,
            Path::Jump(points) => *points.last().expect("a chain has points"),
        }
    }
}

/// One turn of a game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// Placement: a stone on an empty point. Removals are never due in this phase, so the
    /// list is empty in every legal placement.
    Place(Point, Vec<Point>),
    /// Battle: a step, flight or jump chain, then the removals its formations earn.
    Move {
        /// The stone's way.
        path: Path,
        /// The enemy stones removed after it.
        removals: Vec<Point>,
    },
    /// The opening removals: every stone the side has due.
    Remove(Vec<Point>),
}

impl Turn {
    /// The enemy stones this turn removes (jump captures not included).
    pub fn removals(&self) -> &[Point] {
        match self {
            Turn::Place(_, removals) | Turn::Move { removals, .. } | Turn::Remove(removals) => {
                removals
            }
        }
    }

    /// The same turn with `removals` instead.
    pub fn with_removals(&self, removals: Vec<Point>) -> Turn {
        match self {
            Turn::Place(point, _) => Turn::Place(*point, removals),
            Turn::Move { path, .. } => Turn::Move {
                path: path.clone(),
                removals,
            },
            Turn::Remove(_) => Turn::Remove(removals),
        }
    }

    /// What kind of turn this is, for messages: `a placement`, `a step or flight`,
    /// `a jump`, `an opening removal`.
    pub fn kind(&self) -> &'static str {
        match self {
            Turn::Place(..) => "a placement",
            Turn::Move {
                path: Path::Slide { .. },
                ..
            } => "a step or flight",
            Turn::Move {
                path: Path::Jump(_),
                ..
            } => "a jump",
            Turn::Remove(_) => "an opening removal",
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Path::Slide { from, to } => write!(f, "{from}-{to}"),
            Path::Jump(points) => {
                for (i, p) in points.iter().enumerate() {
                    if i > 0 {
                        f.write_str("x")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Turn::Place(point, _) => write!(f, "{point}")?,
            Turn::Move { path, .. } => write!(f, "{path}")?,
            Turn::Remove(_) => {}
        }
        for p in self.removals() {
            write!(f, "*{p}")?;
        }
        Ok(())
    }
}

/// Text that is not a turn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "bad turn {0:?}: expected a point (d4), a step or flight (c3-c4), a jump chain \
     (c3xc5xe5) or removals (*d5*e6), with any removals after as *point"
)]
pub struct ParseTurnError(pub String);

impl FromStr for Turn {
    type Err = ParseTurnError;

    fn from_str(s: &str) -> Result<Turn, ParseTurnError> {
        let bad = || ParseTurnError(s.chars().take(64).collect());
        let point = |t: &str| t.parse::<Point>().map_err(|_| bad());
        let mut parts = s.split('*');
        let head = parts.next().unwrap_or_default();
        let removals = parts.map(point).collect::<Result<Vec<_>, _>>()?;
        if head.is_empty() {
            return if removals.is_empty() {
                Err(bad())
            } else {
                Ok(Turn::Remove(removals))
            };
        }
        let path = if let Some((from, to)) = head.split_once('-') {
            Path::Slide {
                from: point(from)?,
                to: point(to)?,
            }
        } else if head.contains('x') {
            let points = head.split('x').map(point).collect::<Result<Vec<_>, _>>()?;
            Path::Jump(points)
        } else {
            return Ok(Turn::Place(point(head)?, removals));
        };
        Ok(Turn::Move { path, removals })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_round_trip() {
        for text in [
            "d4",
            "a1*g7",
            "c3-c4",
            "c3xc5",
            "c3xc5xe5",
            "c3-c4*d5*e6",
            "c3xc5xc3*a1",
            "*d5",
            "*d5*e6",
        ] {
            let turn: Turn = text.parse().unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(turn.to_string(), text);
        }
        let t: Turn = "c3xc5xe5*a1".parse().unwrap();
        let p = |s: &str| s.parse::<Point>().unwrap();
        assert_eq!(
            t,
            Turn::Move {
                path: Path::Jump(vec![p("c3"), p("c5"), p("e5")]),
                removals: vec![p("a1")]
            }
        );
        assert_eq!(t.kind(), "a jump");
    }

    #[test]
    fn bad_texts_are_refused() {
        for bad in [
            "",
            "*",
            "d4*",
            "c3-",
            "-c4",
            "c3-c4-c5",
            "c3x",
            "xc5",
            "c3xc5-e5",
            "c3--c4",
            "h1",
            "d4 ",
            "c3-c4**d5",
            "c3-c4*d5x",
            "D4",
            "c3xc5x",
        ] {
            assert!(bad.parse::<Turn>().is_err(), "{bad:?}");
        }
    }
}
