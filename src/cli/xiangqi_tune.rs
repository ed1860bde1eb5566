//! `lanqi xiangqi tune`: fits the Xiangqi evaluation's weights to played games (Texel's
//! method, `engine/xiangqi/tune.rs`) and prints them as Rust source for `eval.rs`.

use std::fmt::Write;
use std::path::PathBuf;

use clap::Args;

use super::UserError;
use crate::engine::xiangqi::tune::{
    PlayedGame, SampleOptions, TuneOptions, current, parse_games, rust_source, samples, tune,
};

/// Options of `lanqi xiangqi tune`.
#[derive(Debug, Args)]
pub struct TuneArgs {
    /// Files of games: the output of `lanqi xiangqi match --progress --moves` (stderr) or
    /// `--verbose --moves`.
    #[arg(required = true)]
    pub games: Vec<PathBuf>,
    /// Full passes of gradient descent.
    #[arg(long, default_value_t = 1_000)]
    pub iterations: u32,
    /// Adam's step, in evaluation units.
    #[arg(long, default_value_t = 1.0)]
    pub rate: f64,
    /// The pull toward the starting weights.
    #[arg(long, default_value_t = 1e-7)]
    pub ridge: f64,
    /// Skip this many plies at the start of each game.
    #[arg(long, default_value_t = 8)]
    pub skip_plies: usize,
    /// Hold out every Nth game to measure the error on games the fit has not seen (0: none).
    #[arg(long, default_value_t = 10)]
    pub hold_out: usize,
    /// Write the weights' Rust source here instead of printing it.
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Runs the fit; returns the report (errors before and after, then the source unless
/// --out).
pub fn run(args: TuneArgs) -> Result<String, UserError> {
    let mut games: Vec<PlayedGame> = Vec::new();
    for path in &args.games {
        let text = std::fs::read_to_string(path)
            .map_err(|e| UserError(format!("{}: {e}", path.display())))?;
        games
            .extend(parse_games(&text).map_err(|e| UserError(format!("{}: {e}", path.display())))?);
    }
    let options = SampleOptions {
        skip_plies: args.skip_plies,
        ..SampleOptions::default()
    };
    let (mut train_games, mut held_games) = (Vec::new(), Vec::new());
    for (i, g) in games.into_iter().enumerate() {
        if args.hold_out > 0 && i % args.hold_out == args.hold_out - 1 {
            held_games.push(g);
        } else {
            train_games.push(g);
        }
    }
    let train = samples(&train_games, options);
    let held = samples(&held_games, options);
    eprintln!(
        "{} games ({} held out): {} positions to fit, {} held out",
        train_games.len() + held_games.len(),
        held_games.len(),
        train.len(),
        held.len()
    );
    let fit = tune(
        &train,
        &held,
        &current(),
        TuneOptions {
            iterations: args.iterations,
            rate: args.rate,
            ridge: args.ridge,
        },
        |t, e| eprintln!("iteration {t}: error {e:.6}"),
    );
    let mut out = String::new();
    let _ = writeln!(out, "k {:.3}", fit.k);
    let _ = writeln!(
        out,
        "error on the positions fitted: {:.6} -> {:.6}",
        fit.train.0, fit.train.1
    );
    let _ = writeln!(
        out,
        "error on the held-out games: {:.6} -> {:.6}",
        fit.held_out.0, fit.held_out.1
    );
    let source = rust_source(&fit.weights);
    match &args.out {
        Some(path) => std::fs::write(path, source)
            .map_err(|e| UserError(format!("{}: {e}", path.display())))?,
        None => out.push_str(&source),
    }
    Ok(out)
}
