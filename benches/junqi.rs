//! Junqi rules core speed: legal-move generation and random playouts from midgame
//! positions, and perft from the start. Run with `cargo bench --bench junqi`.

#[path = "../tests/support/random_games.rs"]
mod random_games;

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lanqi::rules::junqi::{Game, Position, RuleSet, perft};

/// 64 midgame positions: random games from random layouts, 30 to 180 plies in.
fn midgame_positions() -> Vec<Position> {
    (0..64u64)
        .filter_map(|seed| {
            let plies = 30 + (seed as usize * 7) % 150;
            let line = random_games::random_line(1000 + seed, plies);
            line.last().filter(|p| !p.legal_moves().is_empty()).cloned()
        })
        .collect()
}

fn legal_moves(c: &mut Criterion) {
    let positions = midgame_positions();
    let mut group = c.benchmark_group("junqi");
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut buffer = Vec::with_capacity(256);
    group.bench_function("legal_moves (per position)", |b| {
        b.iter(|| {
            let mut total = 0;
            for p in &positions {
                buffer.clear();
                p.legal_moves_into(&mut buffer);
                total += buffer.len();
            }
            black_box(total)
        })
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let positions = midgame_positions();
    let mut group = c.benchmark_group("junqi");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.sample_size(20);
    let mut rng = random_games::rng(7);
    group.bench_function("random playout to the end (per playout)", |b| {
        b.iter(|| {
            let mut plies = 0;
            for p in &positions {
                let mut game = Game::new(p.clone(), RuleSet::default());
                while game.outcome().is_none() {
                    let mv = random_games::pick(&mut rng, &game.position().legal_moves());
                    game.play(mv).expect("legal");
                    plies += 1;
                }
            }
            black_box(plies)
        })
    });
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let start: Position =
        "fjgli/hkjkj/b1a1g/dc1cd/e1i1e/hifgh/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 0 0"
            .parse()
            .expect("the spec's start");
    let mut group = c.benchmark_group("junqi");
    group.throughput(Throughput::Elements(perft(&start, 3)));
    group.sample_size(10);
    group.bench_function("perft 3 from the start (per leaf)", |b| {
        b.iter(|| perft(black_box(&start), 3))
    });
    group.finish();
}

criterion_group!(benches, legal_moves, playouts, perft_start);
criterion_main!(benches);
