//! One finished game of a `match` command (Xiangqi's, Gomoku's) as a line: its number, its
//! opening, A's side, the result for A and why, its length and, with `--moves`, its moves.
//! `--progress` writes it to stderr as it comes; `--verbose` keeps it in the report.

use std::fmt::{Display, Write as _};

/// Which of a match's options show each game.
#[derive(Clone, Copy, Debug)]
pub(super) struct Shown {
    /// `--moves`: the line lists the moves.
    pub moves: bool,
    /// `--progress`: each line to stderr as its game ends.
    pub progress: bool,
    /// `--verbose`: each line in the report.
    pub verbose: bool,
}

/// One game, as a match shows it.
pub(super) struct GameLine<'a, S: Display, R: Display, M: Display> {
    /// The game's number in the match.
    pub index: u32,
    /// Its opening's name.
    pub opening: &'a str,
    /// The side or colour A played.
    pub a_side: S,
    /// A's score: 1, ½ or 0.
    pub a_score: f64,
    /// Why it ended.
    pub reason: R,
    /// Its length in plies.
    pub plies: usize,
    /// Its moves.
    pub moves: &'a [M],
}

impl<S: Display, R: Display, M: Display> GameLine<'_, S, R, M> {
    /// Shows the game as `shown` says: on stderr, and into `out` (the report).
    pub(super) fn show(&self, shown: Shown, out: &mut String) {
        let result = match self.a_score {
            1.0 => "win",
            0.0 => "loss",
            _ => "draw",
        };
        let mut line = format!(
            "game {} opening \"{}\" a={} {result} ({}) {} plies",
            self.index, self.opening, self.a_side, self.reason, self.plies
        );
        if shown.moves {
            line += ": moves";
            for mv in self.moves {
                let _ = write!(line, " {mv}");
            }
        }
        if shown.progress {
            eprintln!("{line}");
        }
        if shown.verbose {
            let _ = writeln!(out, "{line}");
        }
    }
}
