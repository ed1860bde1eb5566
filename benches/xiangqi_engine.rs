//! The Xiangqi engine's speed on a fixed set of positions: the time to reach a depth (a
//! fresh searcher each time, so the tree is the same on every run), and from it the nodes
//! searched per second. Run with `cargo bench --no-default-features --bench xiangqi_engine`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lanqi::engine::xiangqi::{Limits, Searcher};
use lanqi::rules::xiangqi::Position;

/// Positions from the opening, the middlegame and the endgame, with the depth each is
/// searched to (about 50-300 ms on the development machine).
const POSITIONS: &[(&str, &str, u32)] = &[
    (
        "opening (central cannon v screen horses)",
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C1N2/9/RNBAKAB1R w - - 4 3",
        11,
    ),
    (
        "middlegame",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        12,
    ),
    (
        "middlegame, rooks and cannons",
        "2bakab2/9/2n1c1n2/p1p1p3p/6p2/2P6/P3P1P1P/1CN1C1N2/9/2BAKAB2 w - - 0 1",
        10,
    ),
    (
        "endgame, rook and pawns",
        "3k5/4a4/4ba3/9/2p3p2/9/4P1P2/4B4/4A4/1R2KA3 w - - 0 1",
        14,
    ),
    (
        "endgame, horse and cannon",
        "3ak4/4a4/4b4/4p4/2n6/9/2P3P2/4C4/3NA4/4K4 w - - 0 1",
        15,
    ),
];

fn time_to_depth(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi engine: time to depth");
    group.sample_size(10);
    for &(name, fen, depth) in POSITIONS {
        let position: Position = fen.parse().expect("a valid FEN");
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let run = || Searcher::new(16).search(&[], &position, limits, |_| {});
        let nodes = run().nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name}, depth {depth}, {nodes} nodes"), |b| {
            b.iter(|| black_box(run()))
        });
    }
    group.finish();
}

criterion_group!(benches, time_to_depth);
criterion_main!(benches);
