//! Protocol speed: sealing (encode + sign) and opening (decode + verify) one datagram, and
//! moves per second between two headless peers over real loopback UDP.
//! Run with `cargo bench --bench protocol`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use ed25519_dalek::SigningKey;
use lanqi::peer::{self, BotKind, PeerOptions};
use lanqi::protocol::envelope::{self, Header, VERSION};
use lanqi::store::Identity;

fn header<'a>(key: &SigningKey, payload: &'a [u8]) -> Header<'a> {
    Header {
        version: VERSION,
        session: 0x1234_5678_9abc_def0,
        sender: key.verifying_key().to_bytes(),
        packet: 4242,
        seq: 120,
        ack: 118,
        ack_bits: 0b1,
        frag_index: 0,
        frag_count: 1,
        payload,
    }
}

fn envelope_speed(c: &mut Criterion) {
    let key = SigningKey::from_bytes(&[1; 32]);
    let payload = b"move|120|a5-a6|0123456789abcdef0123456789abcdef|598000";
    let h = header(&key, payload);
    let datagram = envelope::seal(&h, &key);
    let mut group = c.benchmark_group("envelope");
    group.throughput(Throughput::Elements(1));
    group.bench_function("encode + sign (per datagram)", |b| {
        b.iter(|| envelope::seal(black_box(&h), &key))
    });
    group.bench_function("decode + verify (per datagram)", |b| {
        b.iter(|| {
            envelope::open(black_box(&datagram))
                .unwrap()
                .verify()
                .unwrap()
                .packet
        })
    });
    group.finish();
}

/// Plays games between two peers on loopback until at least `moves` moves were made;
/// returns the moves made and the time taken.
fn play_moves(runtime: &tokio::runtime::Runtime, moves: u64) -> (u64, Duration) {
    runtime.block_on(async {
        let mut made = 0;
        let start = Instant::now();
        let mut seed = 0;
        while made < moves {
            seed += 1;
            let a = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
            let b = tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap();
            let to = a.local_addr().unwrap();
            let options = |connect, s| PeerOptions {
                connect,
                bot: BotKind::Random,
                seed: s,
                ..PeerOptions::default()
            };
            let mut count = 0u64;
            let (ra, _) = tokio::join!(
                peer::run(
                    &a,
                    Identity::from_secret([1; 32]),
                    options(None, seed),
                    None,
                    |v| {
                        if v["event"] == "move" {
                            count += 1;
                        }
                    }
                ),
                peer::run(
                    &b,
                    Identity::from_secret([2; 32]),
                    options(Some(to), seed + 1000),
                    None,
                    |_| {}
                ),
            );
            ra.expect("a game on loopback");
            made += count;
        }
        (made, start.elapsed())
    })
}

fn loopback_moves(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("loopback");
    group.sample_size(10);
    group.throughput(Throughput::Elements(1));
    group.bench_function("moves between two peers (per move)", |b| {
        b.iter_custom(|iters| {
            let (made, elapsed) = play_moves(&runtime, iters.max(100));
            elapsed.mul_f64(iters as f64 / made as f64)
        })
    });
    group.finish();
}

criterion_group!(benches, envelope_speed, loopback_moves);
criterion_main!(benches);
