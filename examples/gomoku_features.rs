//! Prints the Gomoku evaluation's features of positions, for fitting its weights
//! (`src/engine/gomoku/evaluate.rs`, `fit`; docs/MEASUREMENTS.md, #27 seventh round).
//!
//! Usage: `cargo run --release --no-default-features --example gomoku_features < FILE`,
//! where each line of FILE is a freestyle 15x15 game's moves from the first stone
//! (`h8 i9 e6 …`). For each line it prints the 22 features of the position after those
//! moves (`evaluate::features`, for the seat to move), then the hand-set evaluation's
//! score (the default; `fit` is off), then `quiet` or `sharp`: quiet when neither seat can
//! make five and the seat to move cannot make an open four (the search decides the rest).

use std::io::{self, BufRead};

use lanqi::engine::gomoku::evaluate::features;
use lanqi::engine::gomoku::state::{F_DOUBLE, F_FIVE, F_FOUR, F_WIN, State};
use lanqi::rules::gomoku::{Game, Point, Settings};

fn main() {
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let mut game = Game::new(Settings::default()).expect("default settings");
        let mut ok = true;
        for w in line.split_whitespace() {
            match w.parse::<Point>() {
                Ok(p) if game.play(p).is_ok() => {}
                _ => {
                    ok = false;
                    break;
                }
            }
        }
        if !ok || game.ending().is_some() {
            println!("bad");
            continue;
        }
        let st = State::new(&game, Vec::new());
        let (me, them) = (st.mover(), st.next_seat());
        let mut hand = st.total(me) * 6 / 5 - st.total(them);
        if st.count(me, F_DOUBLE) > 0 && st.count(them, F_FOUR) == 0 {
            hand += 20_000;
        }
        let quiet =
            st.count(me, F_FIVE) == 0 && st.count(them, F_FIVE) == 0 && st.count(me, F_WIN) == 0;
        let f: Vec<String> = features(&st).iter().map(|x| x.to_string()).collect();
        println!(
            "{} {} {}",
            f.join(" "),
            hand,
            if quiet { "quiet" } else { "sharp" }
        );
    }
}
