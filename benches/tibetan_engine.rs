//! Tibetan chess engine speed: nodes per second of one search at medium's node budget in
//! each phase (criterion's throughput is the search's node count, so its "elem/s" is
//! nodes per second). Run with
//! `cargo bench --no-default-features --bench tibetan_engine`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use lanqi::engine::tibetan::{Level, best_turn};
use lanqi::rules::tibetan::{Game, Phase, Rules};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// A seeded random game played until `stop` says so.
fn reach(seed: u64, stop: impl Fn(&Game) -> bool) -> Game {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game = Game::new(Rules::default()).unwrap();
    while !stop(&game) && game.ending().is_none() {
        let turns = game.legal_turns();
        let t = &turns[(rng.next_u64() % turns.len() as u64) as usize].turn;
        let r = game.removable(t).unwrap();
        let removals = r
            .free
            .iter()
            .chain(&r.protected)
            .copied()
            .take(r.count as usize)
            .collect();
        game.play(&t.with_removals(removals)).unwrap();
    }
    game
}

fn search(c: &mut Criterion) {
    let positions = [
        (
            "placement, empty board",
            Game::new(Rules::default()).unwrap(),
        ),
        (
            "placement, 24 stones down",
            reach(1, |g| g.history().len() >= 24),
        ),
        (
            "battle, 6 turns in",
            reach(2, |g| {
                g.position().phase() == Phase::Battle
                    && g.history()
                        .iter()
                        .filter(|(p, _)| p.phase() == Phase::Battle)
                        .count()
                        >= 6
            }),
        ),
    ];
    let limits = Level::Medium.fixed_limits();
    let mut group = c.benchmark_group("tibetan engine: one medium search");
    group.sample_size(10);
    for (name, game) in &positions {
        let nodes = best_turn(game, limits, 1).unwrap().nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(*name, |b| b.iter(|| black_box(best_turn(game, limits, 1))));
    }
    group.finish();
}

criterion_group!(benches, search);
criterion_main!(benches);
