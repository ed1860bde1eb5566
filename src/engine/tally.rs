//! A match's arithmetic, the same for every game: player A's wins, draws and losses, its
//! score with a 95% (Wilson) interval, the Elo difference that score means, and each
//! player's thinking times. The Xiangqi and Gomoku matches report through it.

use std::fmt;
use std::time::Duration;

/// The Elo difference that a score `p` (0..1) means: 400·log10(p / (1 - p)), clamped to
/// ±1200 at 0 and 1.
pub fn elo(p: f64) -> f64 {
    if p <= 0.0 {
        -1200.0
    } else if p >= 1.0 {
        1200.0
    } else {
        (400.0 * (p / (1.0 - p)).log10()).clamp(-1200.0, 1200.0)
    }
}

/// A's score `p` over `n` games and its 95% Wilson interval.
pub fn wilson(p: f64, n: f64) -> (f64, f64) {
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let denominator = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denominator;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Player A's results: wins, draws and losses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// Adds one game by A's score in it (1, ½ or 0).
    pub fn add(&mut self, a_score: f64) {
        if a_score >= 1.0 {
            self.wins += 1;
        } else if a_score <= 0.0 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The tally of games with A's scores `scores`.
    pub fn of(scores: impl IntoIterator<Item = f64>) -> Tally {
        let mut tally = Tally::default();
        for s in scores {
            tally.add(s);
        }
        tally
    }

    /// The number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score (a draw counts half) and its 95% interval; (0, 0, 1) without games.
    pub fn score(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games());
        if n == 0.0 {
            return (0.0, 0.0, 1.0);
        }
        let p = (f64::from(self.wins) + f64::from(self.draws) / 2.0) / n;
        let (lo, hi) = wilson(p, n);
        (p, lo, hi)
    }
}

impl fmt::Display for Tally {
    /// Three lines: `wins N draws N losses N`, `score P (95% CI LO to HI)` and
    /// `elo E (95% CI LO to HI)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "wins {} draws {} losses {}",
            self.wins, self.draws, self.losses
        )?;
        let (p, lo, hi) = self.score();
        writeln!(f, "score {p:.4} (95% CI {lo:.4} to {hi:.4})")?;
        writeln!(
            f,
            "elo {:+.0} (95% CI {:+.0} to {:+.0})",
            elo(p),
            elo(lo),
            elo(hi)
        )
    }
}

/// Thinking times of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveTimes {
    /// Moves chosen.
    pub moves: u64,
    /// Their total wall time.
    pub total: Duration,
    /// The longest.
    pub worst: Duration,
}

impl MoveTimes {
    /// Counts one move that took `t`.
    pub fn add(&mut self, t: Duration) {
        self.moves += 1;
        self.total += t;
        self.worst = self.worst.max(t);
    }

    /// The mean time per move.
    pub fn mean(&self) -> Duration {
        if self.moves == 0 {
            Duration::ZERO
        } else {
            self.total / self.moves as u32
        }
    }

    /// `N moves; mean S s, worst S s per move`.
    pub fn summary(&self) -> String {
        format!(
            "{} moves; mean {:.4} s, worst {:.4} s per move",
            self.moves,
            self.mean().as_secs_f64(),
            self.worst.as_secs_f64()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_follows_the_score() {
        assert_eq!(elo(0.5), 0.0);
        assert!((elo(0.75) - 190.85).abs() < 0.1);
        assert_eq!(elo(0.0), -1200.0);
        assert_eq!(elo(1.0), 1200.0);
        let (lo, hi) = wilson(0.5, 40.0);
        assert!(lo < 0.5 && hi > 0.5 && (0.5 - lo - (hi - 0.5)).abs() < 1e-9);
    }

    #[test]
    fn a_tally_counts_half_a_point_a_draw() {
        let t = Tally::of([1.0, 0.5, 0.0, 0.0]);
        assert_eq!((t.wins, t.draws, t.losses, t.games()), (1, 1, 2, 4));
        assert_eq!(t.score().0, 0.375);
        assert!(
            t.to_string()
                .starts_with("wins 1 draws 1 losses 2\nscore 0.3750 (95% CI ")
        );
    }
}
