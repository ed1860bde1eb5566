//! `lanqi gomoku …`: the Gomoku rules core on the command line, as `spec/gomoku.md` states
//! it. The output formats are a stable interface for other tools (see docs/CLI.md).
//!
//! `play` prints the board (one line per rank from the top, `.` or the seat `1`..`4`), then
//! `to move: N`, or `result: …` when the game ended: `result: N (L in a row)` (seat `N`
//! made a winning row of `L` stones) or `result: draw (full board)` (or, in renju,
//! `result: draw (no legal move)`: Black to move and every empty point forbidden).

use std::fmt::Write;

use clap::Subcommand;

use super::UserError;
use crate::rules::gomoku::{Game, Point, Rule, Settings, Size};

/// `lanqi gomoku` subcommands.
#[derive(Debug, Subcommand)]
pub enum GomokuCommand {
    /// Play moves in seat order from the empty board; print the board, then `to move: N`
    /// or the result.
    Play {
        /// The rule set: freestyle, standard, renju or caro.
        #[arg(long, default_value = "freestyle")]
        rule: Rule,
        /// The board, WxH (each side 5 to 26).
        #[arg(long, default_value = "15x15", value_name = "WxH")]
        size: Size,
        /// How many seats play, 2 to 4.
        #[arg(long, default_value_t = 2, value_name = "N",
              value_parser = clap::value_parser!(u8).range(2..=4))]
        seats: u8,
        /// The win length, 3 to the board's longer side.
        #[arg(long, default_value_t = 5, value_name = "L",
              value_parser = clap::value_parser!(u8).range(3..=26))]
        win: u8,
        /// Points such as h8, seat 1 first.
        moves: Vec<String>,
    },
    /// Renju, two seats: play the moves, then print the empty points where Black may not
    /// play, sorted, each with `overline`, `4x4` or `3x3`.
    Forbidden {
        /// The board, WxH (each side 5 to 26).
        #[arg(long, default_value = "15x15", value_name = "WxH")]
        size: Size,
        /// Points such as h8, Black first.
        moves: Vec<String>,
    },
}

/// Runs a `lanqi gomoku` subcommand.
pub fn run(command: GomokuCommand) -> Result<String, UserError> {
    match command {
        GomokuCommand::Play {
            rule,
            size,
            seats,
            win,
            moves,
        } => {
            let game = play(
                Settings {
                    rule,
                    size,
                    seats,
                    win,
                },
                &moves,
            )?;
            let mut out = game.board().to_string();
            match game.ending() {
                Some(ending) => writeln!(out, "result: {ending}"),
                None => writeln!(out, "to move: {}", game.to_move()),
            }
            .expect("writing to a string");
            Ok(out)
        }
        GomokuCommand::Forbidden { size, moves } => {
            let settings = Settings {
                rule: Rule::Renju,
                size,
                ..Settings::default()
            };
            let game = play(settings, &moves)?;
            let mut lines: Vec<String> = game
                .forbidden_points()
                .into_iter()
                .map(|(point, shape)| format!("{point} {shape}\n"))
                .collect();
            lines.sort();
            Ok(lines.concat())
        }
    }
}

/// A game with `settings` after `moves`, or the first problem, naming the move and its
/// place in the list.
fn play(settings: Settings, moves: &[String]) -> Result<Game, UserError> {
    let mut game = Game::new(settings).map_err(UserError::from_display)?;
    for (i, text) in moves.iter().enumerate() {
        let at = |e: &dyn std::fmt::Display| {
            UserError(format!("move {} of {}: {e}", i + 1, moves.len()))
        };
        let point: Point = text.parse().map_err(|e| at(&e))?;
        game.play(point).map_err(|e| at(&e))?;
    }
    Ok(game)
}
