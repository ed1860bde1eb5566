//! `lanqi xiangqi …`: the Xiangqi rules core on the command line. The output formats are a
//! stable interface for other tools (see docs/CLI.md).

use std::fmt::Write;

use clap::Subcommand;

use super::UserError;
use crate::rules::xiangqi::{Game, Move, Position, chinese, perft};

/// `lanqi xiangqi` subcommands.
#[derive(Debug, Subcommand)]
pub enum XiangqiCommand {
    /// Print the legal moves of the side to move in ICCS (h2e2), sorted, one per line.
    Moves {
        /// The position, in FEN (UCCI/Pikafish form).
        fen: String,
    },
    /// Count the legal move sequences of a given length; print only the count.
    Perft {
        /// The position, in FEN.
        fen: String,
        /// The sequence length (at most 16).
        #[arg(value_parser = clap::value_parser!(u32).range(0..=16))]
        depth: u32,
    },
    /// Play ICCS moves from a position; print each move with its Chinese notation, the
    /// resulting FEN, and the result if the game ended (repetition rules included).
    Play {
        /// The position, in FEN.
        fen: String,
        /// Moves in ICCS, such as h2e2.
        moves: Vec<String>,
    },
    /// Play games between lanqi's engine and external UCI/UCCI engines, from balanced
    /// openings with colours swapped; print player A's `wins N draws N losses N`, its score
    /// with a 95% interval, the Elo that means, and each player's time per move.
    Match(super::xiangqi_match::MatchArgs),
    /// Fit the evaluation's weights to played games (Texel's method): reads the lines of
    /// `lanqi xiangqi match --moves`, prints the errors before and after and the weights
    /// as Rust source for src/engine/xiangqi/eval.rs.
    Tune(super::xiangqi_tune::TuneArgs),
}

/// Runs a `lanqi xiangqi` subcommand.
pub fn run(command: XiangqiCommand) -> Result<String, UserError> {
    match command {
        XiangqiCommand::Moves { fen } => {
            let position = parse(&fen)?;
            let mut lines: Vec<String> =
                position.legal_moves().iter().map(Move::to_string).collect();
            lines.sort();
            Ok(lines.into_iter().map(|l| l + "\n").collect())
        }
        XiangqiCommand::Perft { fen, depth } => Ok(format!("{}\n", perft(&parse(&fen)?, depth))),
        XiangqiCommand::Play { fen, moves } => play(&fen, &moves),
        XiangqiCommand::Match(args) => super::xiangqi_match::run(args),
        XiangqiCommand::Tune(args) => super::xiangqi_tune::run(args),
    }
}

fn parse(fen: &str) -> Result<Position, UserError> {
    fen.parse::<Position>().map_err(UserError::from_display)
}

fn play(fen: &str, moves: &[String]) -> Result<String, UserError> {
    let mut game = Game::new(parse(fen)?);
    let mut out = String::new();
    for (i, text) in moves.iter().enumerate() {
        let at = |e: &dyn std::fmt::Display| {
            UserError(format!("move {} of {}: {e}", i + 1, moves.len()))
        };
        let mv: Move = text.parse().map_err(|e| at(&e))?;
        let name = chinese(game.position(), mv);
        game.play(mv).map_err(|e| at(&e))?;
        writeln!(out, "{mv} {name}").expect("writing to a string");
    }
    writeln!(out, "{}", game.position()).expect("writing to a string");
    if let Some(outcome) = game.outcome() {
        writeln!(out, "result: {outcome}").expect("writing to a string");
    }
    Ok(out)
}
