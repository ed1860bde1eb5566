//! Xiangqi speed: perft from the start (leaves per second at depth 4 and 5, the number to
//! compare with Fairy-Stockfish's `go perft 5`), and the engine's search (nodes per second
//! at a fixed depth). Run with `cargo bench --bench xiangqi`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lanqi::engine::xiangqi::{Limits, Searcher};
use lanqi::rules::xiangqi::{Position, perft};

const MIDDLEGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

fn perft_start(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("xiangqi perft");
    group.sample_size(10);
    for (depth, leaves) in [(4, 3_290_240u64), (5, 133_312_995)] {
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("start depth {depth} (per leaf)"), |b| {
            b.iter(|| perft(black_box(&start), depth))
        });
    }
    group.finish();
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi search");
    group.sample_size(10);
    for (name, fen, depth) in [
        ("start", lanqi::rules::xiangqi::START_FEN, 7),
        ("middlegame", MIDDLEGAME, 6),
    ] {
        let position: Position = fen.parse().unwrap();
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        // A fresh searcher each time makes the node count the same on every run.
        let run = || Searcher::new(8).search(&[], &position, limits, |_| {});
        let nodes = run().nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(
            format!("{name} depth {depth}, {nodes} nodes (per node)"),
            |b| b.iter(|| black_box(run())),
        );
    }
    group.finish();
}

criterion_group!(benches, perft_start, search);
criterion_main!(benches);
