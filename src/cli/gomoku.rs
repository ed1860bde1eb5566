//! `lanqi gomoku …`: the Gomoku rules core on the command line, as `spec/gomoku.md` states
//! it. The output formats are a stable interface for other tools (see docs/CLI.md).
//!
//! `play` prints the board (one line per rank from the top, `.` or the seat `1`..`4`), then
//! `to move: N`, or `result: …` when the game ended: `result: N (L in a row)` (seat `N`
//! made a winning row of `L` stones) or `result: draw (full board)` (or, in renju,
//! `result: draw (no legal move)`: Black to move and every empty point forbidden).
//!
//! `play --opening swap|swap2` (two seats; lanqi's addition to the spec's command line)
//! also takes the opening decisions `black`, `white` and `place2` among the moves. The
//! board's `1` and `2` are then the colours (`1` Black, `2` White), `to move: N` and
//! `result: N …` name the seat (`1` opened), a line `black: N` says which seat plays Black
//! once the colours are chosen, and `to choose: N (black, white or place2)` replaces
//! `to move:` while seat `N` is to decide.

use std::fmt::Write;

use clap::Subcommand;

use super::UserError;
use crate::rules::gomoku::{Action, Game, Opening, Point, Rule, Seat, Settings, Size, Turn};

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
        /// The opening rule, none, swap or swap2 (two seats, win length 4 or more): seat 1
        /// places the first stones, and the decisions black, white and place2 are moves.
        #[arg(long, default_value = "none")]
        opening: Opening,
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
    /// Play a match between lanqi's engine and Gomocup engines from fixed balanced
    /// openings, each with both colours; report A's score, Elo and every fault.
    Match(super::gomoku_match::MatchArgs),
}

/// Runs a `lanqi gomoku` subcommand.
pub fn run(command: GomokuCommand) -> Result<String, UserError> {
    match command {
        GomokuCommand::Play {
            rule,
            size,
            seats,
            win,
            opening,
            moves,
        } => {
            let game = play(
                Settings {
                    rule,
                    size,
                    seats,
                    win,
                    opening,
                },
                &moves,
            )?;
            let mut out = game.board().to_string();
            if opening != Opening::None && game.colours_settled() {
                writeln!(out, "black: {}", game.player_of(Seat::BLACK)).expect("a string");
            }
            match (game.ending(), game.turn()) {
                (Some(ending), _) => writeln!(out, "result: {ending}"),
                (None, Turn::Choose { seat, .. }) => {
                    let words: Vec<&str> = game.choices().iter().map(|c| c.word()).collect();
                    let (last, rest) = words.split_last().expect("a choice is offered");
                    writeln!(out, "to choose: {seat} ({} or {last})", rest.join(", "))
                }
                (None, Turn::Stone { seat, .. }) => writeln!(out, "to move: {seat}"),
            }
            .expect("writing to a string");
            Ok(out)
        }
        GomokuCommand::Match(args) => super::gomoku_match::run(args),
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
/// place in the list. Without an opening rule the moves are points only.
fn play(settings: Settings, moves: &[String]) -> Result<Game, UserError> {
    let mut game = Game::new(settings).map_err(UserError::from_display)?;
    for (i, text) in moves.iter().enumerate() {
        let at = |e: &dyn std::fmt::Display| {
            UserError(format!("move {} of {}: {e}", i + 1, moves.len()))
        };
        let action: Action = if settings.opening == Opening::None {
            Action::Stone(text.parse::<Point>().map_err(|e| at(&e))?)
        } else {
            text.parse().map_err(|e| at(&e))?
        };
        game.act(action).map_err(|e| at(&e))?;
    }
    Ok(game)
}
