//! Gomoku engine speed: alpha-beta nodes per second on a middlegame position (a fixed node
//! budget, so the work is the same on every run), the time to find a VCF in positions
//! with a known one (and over the whole set of `tests/data/gomoku_vcf.txt`, worked out by
//! hand; `tests/gomoku_vcf.rs` checks the engine finds them), and renju forbidden-point
//! judgements per second (a middlegame, and every position of
//! `tests/data/gomoku_renju.txt`). Run with
//! `cargo bench --no-default-features --bench gomoku_engine`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lanqi::engine::gomoku::{Limits, Searcher};
use lanqi::rules::gomoku::{Game, Point, Rule, Settings, renju};

fn game(rule: Rule, moves: &str) -> Game {
    let mut g = Game::new(Settings {
        rule,
        ..Settings::default()
    })
    .unwrap();
    for m in moves.split_whitespace() {
        g.play(m.parse().unwrap()).unwrap();
    }
    g
}

/// Black and White alternately.
fn position(black: &str, white: &str) -> Game {
    let b: Vec<&str> = black.split_whitespace().collect();
    let w: Vec<&str> = white.split_whitespace().collect();
    let mut moves = Vec::new();
    for (i, &m) in b.iter().enumerate() {
        moves.push(m);
        if let Some(m) = w.get(i) {
            moves.push(m);
        }
    }
    game(Rule::Freestyle, &moves.join(" "))
}

const MIDDLEGAME: &str = "h8 i9 i8 g8 h9 j10 g7 h7 j9 f6 i7 k11";

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("gomoku search");
    group.sample_size(10);
    let g = game(Rule::Freestyle, MIDDLEGAME);
    for nodes in [20_000u64, 100_000] {
        let limits = Limits {
            nodes: Some(nodes),
            ..Limits::default()
        };
        // A fresh searcher with warm pattern tables: the same work each run.
        let mut warm = Searcher::new(16);
        warm.search(&g, limits);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("middlegame {nodes} nodes (per node)"), |b| {
            b.iter(|| {
                warm.clear();
                black_box(warm.search(&g, limits))
            })
        });
    }
    group.finish();
}

fn vcf(c: &mut Criterion) {
    let mut group = c.benchmark_group("gomoku vcf");
    group.sample_size(20);
    let positions = [
        (
            "double four after one four",
            position("c3 d3 e3 f5 f6 d2 c1", "b3 f7 a15 c15 e15 g15 i15"),
        ),
        (
            "four, four-three, open four",
            position("e8 f8 g8 h10 h11 f7", "d8 h12 a1 a3 a5 o1"),
        ),
        ("middlegame (none)", game(Rule::Freestyle, MIDDLEGAME)),
    ];
    for (name, g) in positions {
        let mut searcher = Searcher::new(1);
        searcher.vcf(&g, 1_000_000);
        group.bench_function(name, |b| {
            b.iter(|| black_box(searcher.vcf(black_box(&g), 1_000_000)))
        });
    }
    // The hand-made set, every position once per iteration.
    let set = vcf_set();
    let mut searcher = Searcher::new(1);
    group.throughput(Throughput::Elements(set.len() as u64));
    group.bench_function(
        format!(
            "the {} positions of gomoku_vcf.txt (per position)",
            set.len()
        ),
        |b| {
            b.iter(|| {
                for g in &set {
                    black_box(searcher.vcf(black_box(g), 1_000_000));
                }
            })
        },
    );
    group.throughput(Throughput::Elements(1));
    // What every search pays first: building the engine's board from the game (one node).
    let g = game(Rule::Freestyle, MIDDLEGAME);
    let mut searcher = Searcher::new(1);
    group.bench_function("board setup only (1 node)", |b| {
        b.iter(|| black_box(searcher.vcf(black_box(&g), 1)))
    });
    group.finish();
}

/// The positions of `tests/data/gomoku_vcf.txt` (`NAME | RULE | BLACK | WHITE | …`).
fn vcf_set() -> Vec<Game> {
    let points =
        |t: &str| -> Vec<Point> { t.split_whitespace().map(|p| p.parse().unwrap()).collect() };
    include_str!("../tests/data/gomoku_vcf.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            let (black, white) = (points(f[2]), points(f[3]));
            let mut g = Game::new(Settings {
                rule: f[1].parse().unwrap(),
                ..Settings::default()
            })
            .unwrap();
            for (i, &b) in black.iter().enumerate() {
                g.play(b).unwrap();
                if let Some(&w) = white.get(i) {
                    g.play(w).unwrap();
                }
            }
            g
        })
        .collect()
}

/// The positions of `tests/data/gomoku_renju.txt` (`SIZE | MOVES | EXPECTED`), renju.
fn renju_set() -> Vec<Game> {
    include_str!("../tests/data/gomoku_renju.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('|').map(str::trim).collect();
            let mut g = Game::new(Settings {
                rule: Rule::Renju,
                size: f[0].parse().unwrap(),
                ..Settings::default()
            })
            .unwrap();
            for m in f[1].split_whitespace() {
                g.play(m.parse().unwrap()).unwrap();
            }
            g
        })
        .collect()
}

fn forbidden(c: &mut Criterion) {
    let mut group = c.benchmark_group("renju forbidden points");
    group.sample_size(20);
    let g = game(
        Rule::Renju,
        "h8 h9 i8 g8 i9 j10 i7 i10 g7 f6 j7 k7 h7 h6 j9 k10 e8 d8",
    );
    let empties = g.board().empty_points().count() as u64;
    group.throughput(Throughput::Elements(empties));
    group.bench_function(
        format!("renju middlegame, {empties} points (per point)"),
        |b| b.iter(|| black_box(renju::forbidden_points(black_box(g.board())))),
    );
    let set = renju_set();
    let empties: u64 = set
        .iter()
        .map(|g| g.board().empty_points().count() as u64)
        .sum();
    group.throughput(Throughput::Elements(empties));
    group.bench_function(
        format!(
            "the {} positions of gomoku_renju.txt, {empties} points (per point)",
            set.len()
        ),
        |b| {
            b.iter(|| {
                for g in &set {
                    black_box(renju::forbidden_points(black_box(g.board())));
                }
            })
        },
    );
    group.finish();
}

criterion_group!(benches, search, vcf, forbidden);
criterion_main!(benches);
