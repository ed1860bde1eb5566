//! Tunes the Gomoku engine's evaluation on game records by Texel's method: a logistic
//! regression of each game's result on the evaluation's features at every quiet position.
//!
//! Usage: `cargo run --release --example gomoku_texel -- FILE...`, where each FILE holds
//! `lanqi gomoku match --verbose --moves` lines (`game N opening "…" a=… (black won: …)
//! … moves h8 i9 …`). Prints the fitted weights as `Weights` for
//! `src/engine/gomoku/evaluate.rs`, and the loss before and after.
//!
//! A position counts when neither seat can make five and the seat to move cannot make an
//! open four (those are decided by the search, not the evaluation); the label is the seat
//! to move's result (1 won, 0.5 drawn, 0 lost).

use std::fs;

use lanqi::engine::gomoku::evaluate::{FEATURES, Weights, features};
use lanqi::engine::gomoku::state::{F_FIVE, F_WIN, State};
use lanqi::rules::gomoku::{Game, Point, Settings};

fn main() {
    let mut rows: Vec<([f64; FEATURES], f64)> = Vec::new();
    let mut games = 0;
    for path in std::env::args().skip(1) {
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        for line in text.lines().filter(|l| l.starts_with("game ")) {
            let Some((_, moves)) = line.split_once(" moves ") else {
                continue;
            };
            let winner = if line.contains("(black won") {
                Some(0u8)
            } else if line.contains("(white won") {
                Some(1u8)
            } else {
                None
            };
            let points: Vec<Point> = match moves.split_whitespace().map(str::parse).collect() {
                Ok(p) => p,
                Err(_) => continue,
            };
            games += 1;
            let game = Game::new(Settings::default()).expect("default settings");
            let mut st = State::new(&game, Vec::new());
            for (ply, p) in points.iter().enumerate() {
                if ply >= 4 {
                    let me = st.mover();
                    let them = st.next_seat();
                    let quiet = st.count(me, F_FIVE) == 0
                        && st.count(them, F_FIVE) == 0
                        && st.count(me, F_WIN) == 0;
                    if quiet {
                        let label = match winner {
                            Some(w) if w == me => 1.0,
                            Some(_) => 0.0,
                            None => 0.5,
                        };
                        rows.push((features(&st).map(f64::from), label));
                    }
                }
                let c = st.cell(p.file() as usize, p.rank() as usize);
                if !st.is_empty(c) {
                    break;
                }
                st.make(c);
            }
        }
    }
    eprintln!("{games} games, {} positions", rows.len());
    let start = Weights::HAND.as_array().map(f64::from);
    // The scale of the evaluation in the logistic: a score of `k` is about 73% to win.
    let k = 400.0;
    let loss = |w: &[f64; FEATURES]| {
        rows.iter()
            .map(|(x, y)| {
                let s: f64 = x.iter().zip(w).map(|(a, b)| a * b).sum::<f64>() / 10.0;
                let p = 1.0 / (1.0 + (-s / k).exp());
                (y - p) * (y - p)
            })
            .sum::<f64>()
            / rows.len() as f64
    };
    eprintln!("loss of the hand weights: {:.5}", loss(&start));
    // Adam on the mean squared error, from the hand weights.
    let mut w = start;
    let (mut m, mut v) = ([0.0; FEATURES], [0.0; FEATURES]);
    let (b1, b2, lr) = (0.9, 0.999, 2.0);
    for step in 1..=3000 {
        let mut g = [0.0; FEATURES];
        for (x, y) in &rows {
            let s: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum::<f64>() / 10.0;
            let p = 1.0 / (1.0 + (-s / k).exp());
            let d = -2.0 * (y - p) * p * (1.0 - p) / k / 10.0;
            for i in 0..FEATURES {
                g[i] += d * x[i];
            }
        }
        for i in 0..FEATURES {
            let gi = g[i] / rows.len() as f64;
            m[i] = b1 * m[i] + (1.0 - b1) * gi;
            v[i] = b2 * v[i] + (1.0 - b2) * gi * gi;
            let mh = m[i] / (1.0 - f64::powi(b1, step));
            let vh = v[i] / (1.0 - f64::powi(b2, step));
            w[i] -= lr * mh / (vh.sqrt() + 1e-12);
        }
        if step % 500 == 0 {
            eprintln!("step {step}: loss {:.5}", loss(&w));
        }
    }
    println!("{:?}", w.map(|x| x.round() as i32));
}
