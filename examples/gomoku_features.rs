//! Prints the Gomoku evaluation's features of positions, for fitting its weights
//! (`src/engine/gomoku/evaluate.rs`, `fit`; docs/MEASUREMENTS.md, #27 seventh round).
//!
//! Usage: `cargo run --release --no-default-features --example gomoku_features < FILE`,
//! where each line of FILE is a freestyle 15x15 game's moves from the first stone
//! (`h8 i9 e6 …`). For each line it prints the 22 features of the position after those
//! moves (`evaluate::features`, for the seat to move), then the engine's static
//! score (the default; `fit` is off), then `quiet` or `sharp`: quiet when neither seat can
//! make five and the seat to move cannot make an open four (the search decides the rest).

use lanqi::engine::gomoku::evaluate::features;

#[path = "support/gomoku_position.rs"]
mod gomoku_position;

fn main() {
    gomoku_position::print_each(|st| {
        let (score, quiet) = gomoku_position::score_and_quiet(st);
        let f: Vec<String> = features(st).iter().map(|x| x.to_string()).collect();
        format!(
            "{} {} {}",
            f.join(" "),
            score,
            if quiet { "quiet" } else { "sharp" }
        )
    });
}
