//! Junqi engine speed: sampling a determinization, and one move at each level's fixed
//! node budget from the opening. Run with `cargo bench --bench junqi_engine`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use lanqi::engine::junqi::{JunqiPlayer, Level, Player, deploy};
use lanqi::rules::junqi::{RuleSet, Side};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn player(level: Level) -> JunqiPlayer {
    JunqiPlayer::new(
        level,
        Side::South,
        &deploy(1),
        Side::South,
        RuleSet::default(),
        7,
    )
}

fn sampling(c: &mut Criterion) {
    let mut knowledge = player(Level::Easy).knowledge().clone();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    c.bench_function("junqi engine: sample a determinization", |b| {
        b.iter(|| black_box(knowledge.sample(&mut rng)))
    });
}

fn choose(c: &mut Criterion) {
    let mut group = c.benchmark_group("junqi engine: one opening move");
    group.sample_size(10);
    for level in Level::ALL {
        group.bench_function(level.name(), |b| {
            b.iter(|| {
                let mut p = player(level);
                black_box(p.choose(level.fixed_budget()))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, sampling, choose);
criterion_main!(benches);
