//! Tuning the evaluation on played games (Texel's method): every position of the games
//! (past the first plies, not in check) is resolved by a quiescence search over captures to
//! a quiet position, labelled with the game's result for Red (1, ½, 0), and the weights
//! ([`Weights`]) are fitted so that `sigmoid(K · eval)` predicts the labels with the least
//! mean squared error, `K` fitted first to the starting weights and then held.
//!
//! The evaluation is linear in its weights once a position's terms are counted (the phase
//! blend included), so each position becomes a short list of (weight, count) pairs
//! ([`Sample`]) and the fit is a gradient descent (Adam) over all of them at once, with a
//! small pull back toward the starting weights so that rare table entries, and weights
//! that always move together, stay near where they were. The result is printed as Rust source to paste over [`super::eval::TUNED`].
//!
//! The games are the lines of `lanqi xiangqi match --progress --moves` (or `--verbose
//! --moves`): `game 3 opening "…" a=black loss (red wins (checkmate)) 79 plies: moves …`.
//! Games that ended by a player's failure (an illegal move, a crash, time) are skipped.
//! `lanqi xiangqi tune` runs it (`docs/CLI.md`).

use std::fmt::Write as _;

use super::eval::{PHASE_MAX, S, Sink, TUNED, Term, Weights, evaluate, walk};
use crate::rules::xiangqi::{Move, MoveList, Position, Side};

/// A game to learn from: its moves from the start position and Red's score.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedGame {
    /// The moves, from the start position.
    pub moves: Vec<Move>,
    /// 1 if Red won, ½ for a draw, 0 if Black won.
    pub red_score: f32,
}

/// A line of a match's output that is not a game the tuner can use.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {what}")]
pub struct ParseGamesError {
    /// The line's number (from 1).
    pub line: usize,
    /// What was wrong.
    pub what: String,
}

/// The games in a match's output: every line starting `game ` with its moves. Lines of
/// other kinds (the summary) are skipped, and so are games a player's failure ended.
pub fn parse_games(text: &str) -> Result<Vec<PlayedGame>, ParseGamesError> {
    let mut games = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let err = |what: &str| ParseGamesError {
            line: n + 1,
            what: what.to_string(),
        };
        let line = line.trim();
        if !line.starts_with("game ") {
            continue;
        }
        let (head, moves) = line
            .split_once(": moves")
            .ok_or_else(|| err("no moves (run the match with --moves)"))?;
        // The reason follows A's side and result: `a=red win (red wins (checkmate))`.
        let reason = head
            .split_once(" a=")
            .and_then(|(_, rest)| rest.split_once(" ("))
            .map(|(_, reason)| reason)
            .ok_or_else(|| err("no result"))?;
        let red_score = if reason.starts_with("red wins") {
            1.0
        } else if reason.starts_with("black wins") {
            0.0
        } else if reason.starts_with("draw") {
            0.5
        } else {
            continue;
        };
        let mut position = Position::start();
        let mut list = Vec::new();
        for text in moves.split_whitespace() {
            let mv: Move = text.parse().map_err(|_| err("a move that is not ICCS"))?;
            position = position
                .play(mv)
                .map_err(|e| err(&format!("move {}: {e}", list.len() + 1)))?;
            list.push(mv);
        }
        games.push(PlayedGame {
            moves: list,
            red_score,
        });
    }
    Ok(games)
}

/// One position's counted terms and its game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// (index into [`Weights::to_vec`], how many times it counts for Red less Black's,
    /// phase blend included): the evaluation for Red is the sum of count × weight.
    pub features: Vec<(u16, f32)>,
    /// Red's score in the game.
    pub result: f32,
}

/// Counts the terms of a position into a dense vector, Red positive.
struct Counter {
    mg: Vec<f32>,
    eg: Vec<f32>,
}

impl Sink for Counter {
    fn piece(&mut self, s: usize, code: usize, sq: usize) {
        let sign = if s == 0 { 1.0 } else { -1.0 };
        let kind = code & 7;
        let file = (sq % 9).min(8 - sq % 9);
        let rank = if s == 0 { sq / 9 } else { 9 - sq / 9 };
        for i in [
            Weights::material_index(kind),
            Weights::pst_index(kind, rank, file),
        ] {
            self.mg[i] += sign;
            self.eg[i + 1] += sign;
        }
    }

    fn term(&mut self, s: usize, term: Term, num: i32, den: i32) {
        let sign = if s == 0 { 1.0 } else { -1.0 };
        let i = Weights::index(term);
        let x = sign * num as f32 / den as f32;
        self.mg[i] += x;
        self.eg[i + 1] += x;
    }
}

/// The terms of `position` (for Red), as [`Sample::features`].
pub fn features(position: &Position) -> Vec<(u16, f32)> {
    let mut counter = Counter {
        mg: vec![0.0; Weights::LEN],
        eg: vec![0.0; Weights::LEN],
    };
    let phase = walk(position, &mut counter) as f32 / PHASE_MAX as f32;
    let mut out = Vec::new();
    for i in 0..Weights::LEN {
        let x = counter.mg[i] * phase + counter.eg[i] * (1.0 - phase);
        if x != 0.0 {
            out.push((i as u16, x));
        }
    }
    let tempo = if position.side_to_move() == Side::Red {
        1.0
    } else {
        -1.0
    };
    out.push((Weights::TEMPO_INDEX as u16, tempo));
    out
}

/// The evaluation for Red that `features` and the weight vector `w` give.
pub fn linear_eval(features: &[(u16, f32)], w: &[f64]) -> f64 {
    features
        .iter()
        .map(|&(i, x)| f64::from(x) * w[i as usize])
        .sum()
}

/// A quiescence search over captures with the played evaluation; returns the score for
/// the side to move and the quiet position where its principal variation ends.
fn quiet_leaf(pos: &Position, mut alpha: i32, beta: i32, depth: u32) -> (i32, Position) {
    let stand = evaluate(pos);
    let mut best = (stand, pos.clone());
    if stand >= beta || depth == 0 {
        return best;
    }
    alpha = alpha.max(stand);
    let mut moves = MoveList::new();
    pos.legal_captures_into(&mut moves);
    let board = pos.codes();
    let mut order: Vec<(i32, Move)> = moves
        .iter()
        .map(|&mv| {
            let victim = super::eval::VALUES[board[mv.to.index()] as usize & 7];
            let attacker = super::eval::VALUES[board[mv.from.index()] as usize & 7];
            (victim * 16 - attacker / 16, mv)
        })
        .collect();
    order.sort_by_key(|&(s, _)| -s);
    for (_, mv) in order {
        let mut next = pos.clone();
        next.play_unchecked(mv);
        let (score, leaf) = quiet_leaf(&next, -beta, -alpha, depth - 1);
        let score = -score;
        if score > best.0 {
            best = (score, leaf);
            if score > alpha {
                alpha = score;
                if score >= beta {
                    break;
                }
            }
        }
    }
    best
}

/// Which positions of the games become samples.
#[derive(Clone, Copy, Debug)]
pub struct SampleOptions {
    /// Skip this many plies at the start of each game (the book and the fixed openings).
    pub skip_plies: usize,
    /// Skip positions whose quiet score is beyond this (already decided).
    pub max_score: i32,
}

impl Default for SampleOptions {
    fn default() -> SampleOptions {
        SampleOptions {
            skip_plies: 8,
            max_score: 2_000,
        }
    }
}

/// The samples of `games`: each position past the first plies, not in check, resolved to
/// its quiet leaf.
pub fn samples(games: &[PlayedGame], options: SampleOptions) -> Vec<Sample> {
    let mut out = Vec::new();
    for game in games {
        let mut position = Position::start();
        for (ply, &mv) in game.moves.iter().enumerate() {
            if ply >= options.skip_plies && !position.is_check() {
                let (score, leaf) = quiet_leaf(&position, -32_000, 32_000, 8);
                if score.abs() <= options.max_score && !leaf.is_check() {
                    out.push(Sample {
                        features: features(&leaf),
                        result: game.red_score,
                    });
                }
            }
            position.play_unchecked(mv);
        }
    }
    out
}

fn sigmoid(k: f64, e: f64) -> f64 {
    1.0 / (1.0 + (-k * e / 400.0).exp())
}

/// The mean squared error of `sigmoid(k · eval)` against the results.
pub fn error(samples: &[Sample], w: &[f64], k: f64) -> f64 {
    if samples.is_empty() {
        return 0.0;
    }
    let total: f64 = samples
        .iter()
        .map(|s| {
            let d = f64::from(s.result) - sigmoid(k, linear_eval(&s.features, w));
            d * d
        })
        .sum();
    total / samples.len() as f64
}

/// The `k` (to 0.01) that gives the least error with the weights `w`.
pub fn fit_k(samples: &[Sample], w: &[f64]) -> f64 {
    let (mut lo, mut hi) = (0.05f64, 5.0f64);
    // Golden-section search: the error is unimodal in k.
    let g = (5f64.sqrt() - 1.0) / 2.0;
    while hi - lo > 0.005 {
        let a = hi - g * (hi - lo);
        let b = lo + g * (hi - lo);
        if error(samples, w, a) < error(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// How the fit runs.
#[derive(Clone, Copy, Debug)]
pub struct TuneOptions {
    /// Full passes of gradient descent.
    pub iterations: u32,
    /// Adam's step (in evaluation units).
    pub rate: f64,
    /// The pull back toward the starting weights (times the squared distance, per weight,
    /// in units of the error).
    pub ridge: f64,
}

impl Default for TuneOptions {
    fn default() -> TuneOptions {
        TuneOptions {
            iterations: 1_000,
            rate: 1.0,
            ridge: 1e-7,
        }
    }
}

/// What a fit did.
#[derive(Clone, Debug)]
pub struct Fit {
    /// The weights found (rounded).
    pub weights: Weights,
    /// The scaling constant.
    pub k: f64,
    /// The training error before and after (with the rounded weights).
    pub train: (f64, f64),
    /// The error on the held-out samples before and after.
    pub held_out: (f64, f64),
}

/// Fits the weights to `train`, starting from `start`; reports the error on `held_out`
/// too. `on_step` hears each hundredth iteration's number and training error.
pub fn tune(
    train: &[Sample],
    held_out: &[Sample],
    start: &Weights,
    options: TuneOptions,
    mut on_step: impl FnMut(u32, f64),
) -> Fit {
    let w0: Vec<f64> = start.to_vec().into_iter().map(f64::from).collect();
    let k = fit_k(train, &w0);
    let n = w0.len();
    let mut w = w0.clone();
    let (mut m, mut v) = (vec![0.0; n], vec![0.0; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    // Weights no position uses stay as they are.
    let mut used = vec![false; n];
    for s in train {
        for &(i, _) in &s.features {
            used[i as usize] = true;
        }
    }
    // The pull toward the start holds the tables (many weights, each seen in few
    // positions) and weights that move together (a horse's material and its mobility,
    // whose counts always add up to the number of horses).
    let ridge = vec![options.ridge; n];
    let scale = 1.0 / train.len().max(1) as f64;
    for t in 1..=options.iterations {
        let mut grad = vec![0.0; n];
        for s in train {
            let p = sigmoid(k, linear_eval(&s.features, &w));
            // d/dw of (r - p)^2 = -2 (r - p) p (1 - p) k/400 x
            let g = -2.0 * (f64::from(s.result) - p) * p * (1.0 - p) * k / 400.0 * scale;
            for &(i, x) in &s.features {
                grad[i as usize] += g * f64::from(x);
            }
        }
        for i in 0..n {
            if !used[i] {
                continue;
            }
            let g = grad[i] + 2.0 * ridge[i] * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g;
            v[i] = b2 * v[i] + (1.0 - b2) * g * g;
            let mh = m[i] / (1.0 - b1.powi(t as i32));
            let vh = v[i] / (1.0 - b2.powi(t as i32));
            w[i] -= options.rate * mh / (vh.sqrt() + eps);
        }
        if t % 100 == 0 {
            on_step(t, error(train, &w, k));
        }
    }
    let rounded: Vec<i32> = w.iter().map(|x| x.round() as i32).collect();
    let wr: Vec<f64> = rounded.iter().map(|&x| f64::from(x)).collect();
    Fit {
        weights: Weights::from_vec(&rounded),
        k,
        train: (error(train, &w0, k), error(train, &wr, k)),
        held_out: (error(held_out, &w0, k), error(held_out, &wr, k)),
    }
}

/// The weights played now, the tuner's default start.
pub fn current() -> Weights {
    TUNED.clone()
}

fn s(x: S) -> String {
    format!("S({}, {})", x.0, x.1)
}

/// `weights` as the Rust source of `eval.rs`'s `TUNED` constant.
pub fn rust_source(weights: &Weights) -> String {
    const KINDS: [&str; 8] = [
        "(none)", "king", "advisor", "elephant", "horse", "rook", "cannon", "pawn",
    ];
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "/// The weights played.");
    let _ = writeln!(w, "pub const TUNED: Weights = Weights {{");
    let _ = writeln!(w, "    material: [");
    for (kind, name) in KINDS.iter().enumerate() {
        let _ = writeln!(w, "        {}, // {name}", s(weights.material[kind]));
    }
    let _ = writeln!(w, "    ],");
    let _ = writeln!(w, "    pst: [");
    for (kind, name) in KINDS.iter().enumerate() {
        let _ = writeln!(
            w,
            "        // {name}: rank 0 (own back rank) to 9, file a..e"
        );
        let _ = writeln!(w, "        [");
        for rank in 0..10 {
            let row: Vec<String> = weights.pst[kind][rank].iter().map(|&x| s(x)).collect();
            let _ = writeln!(w, "            [{}],", row.join(", "));
        }
        let _ = writeln!(w, "        ],");
    }
    let _ = writeln!(w, "    ],");
    let _ = writeln!(w, "    rook_reach: {},", s(weights.rook_reach));
    let row: Vec<String> = weights.horse_mobility.iter().map(|&x| s(x)).collect();
    let _ = writeln!(w, "    horse_mobility: [{}],", row.join(", "));
    for (name, x) in [
        ("cannon_reach", weights.cannon_reach),
        ("hollow_cannon", weights.hollow_cannon),
        ("connected_pawns", weights.connected_pawns),
        ("danger_many", weights.danger_many),
        ("danger_few", weights.danger_few),
    ] {
        let _ = writeln!(w, "    {name}: {},", s(x));
    }
    let _ = writeln!(w, "    tempo: {},", weights.tempo);
    let _ = writeln!(w, "}};");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counted_terms_give_the_played_evaluation() {
        let w: Vec<f64> = TUNED.to_vec().into_iter().map(f64::from).collect();
        let mut position = Position::start();
        // A long game of first legal moves that capture, else the middle move.
        for ply in 0..120 {
            let red = if position.side_to_move() == Side::Red {
                1
            } else {
                -1
            };
            let played = evaluate(&position) * red;
            let counted = linear_eval(&features(&position), &w);
            assert!(
                (f64::from(played) - counted).abs() <= 4.0,
                "ply {ply}: {played} against {counted} in {position}"
            );
            let moves = position.legal_moves();
            let Some(&mv) = moves
                .iter()
                .find(|m| position.piece_at(m.to).is_some())
                .or(moves.get(moves.len() / 2))
            else {
                break;
            };
            position.play_unchecked(mv);
        }
    }

    #[test]
    fn the_fit_lowers_the_error_on_a_small_fixed_set_of_games() {
        // 30 games of lanqi against Fairy-Stockfish (`docs/MEASUREMENTS.md`).
        let games =
            parse_games(include_str!("../../../tests/data/xiangqi_tune_games.txt")).unwrap();
        assert_eq!(games.len(), 30);
        let (train, held) = games.split_at(25);
        let train = samples(train, SampleOptions::default());
        let held = samples(held, SampleOptions::default());
        assert!(train.len() > 1_000, "{}", train.len());
        let options = TuneOptions {
            iterations: 200,
            ..TuneOptions::default()
        };
        let fit = tune(&train, &held, &current(), options, |_, _| {});
        assert!(fit.k > 0.1 && fit.k < 5.0, "{}", fit.k);
        assert!(fit.train.1 < fit.train.0, "{:?}", fit.train);
        // The source printed reads back as the same weights' numbers.
        let source = rust_source(&fit.weights);
        assert!(source.starts_with("/// The weights played.\npub const TUNED: Weights"));
        assert_eq!(source.matches("S(").count(), 8 + 8 * 50 + 1 + 9 + 5);
    }

    #[test]
    fn a_match_line_parses_and_a_failure_is_skipped() {
        let text = "game 0 opening \"x\" a=red win (red wins (checkmate)) 3 plies: moves h2e2 h9g7 h0g2\n\
                    game 1 opening \"x\" a=black loss (red wins (perpetual check)) 1 plies: moves h2e2\n\
                    game 2 opening \"x\" a=red loss (red played an illegal move: …) 0 plies: moves\n\
                    game 3 opening \"x\" a=red draw (draw (120 plies without a capture)) 0 plies: moves\n\
                    wins 1 draws 0 losses 1\n";
        let games = parse_games(text).unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[0].moves.len(), 3);
        assert_eq!(games[0].red_score, 1.0);
        assert_eq!(games[2].red_score, 0.5);
        assert!(
            parse_games("game 0 opening \"x\" a=red win (red wins (x)) 1 plies: moves a0a5")
                .is_err()
        );
    }
}
