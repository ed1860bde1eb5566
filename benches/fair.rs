//! Fair play's cost: one hidden battle (both sides' work: the 1-out-of-12 transfer, the
//! sealed table, the token check) and its bytes on the wire; committing to a layout; and
//! the post-game audit of a 300-ply game. Run with `cargo bench --bench fair`.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use ed25519_dalek::SigningKey;
use lanqi::protocol::Message;
use lanqi::protocol::envelope::{self, Header, VERSION};
use lanqi::protocol::fair::duel::{DEFENCE_RANDOM, context};
use lanqi::protocol::fair::{Attack, Binding, Defence, SealedLayout};
use lanqi::rules::junqi::{Game, Kind, Layout, Move, Position, Report, RuleSet, Side, Square};
use lanqi::session::Record;
use lanqi::session::audit::{self, Inputs};

/// One battle as both peers compute it; returns the four messages it exchanges.
fn battle(binding: &Binding, ply: u32, attacker: Kind, defender: Kind) -> [Message; 4] {
    let ctx = context(binding, ply);
    let defence = Defence::new(defender, &[7; DEFENCE_RANDOM]);
    let offer = Message::Offer {
        ply,
        point: defence.first(),
    };
    let attack = Attack::new(&ctx, &defence.first(), attacker, &[9; 64]).expect("a valid offer");
    let choose = Message::Choose {
        ply,
        point: attack.answer(),
    };
    let table = defence
        .table(&ctx, &attack.answer())
        .expect("a valid choice");
    let (report, token) = attack.open(&table).expect("a well-formed table");
    assert!(defence.confirms(report, &token));
    let entries = table.concat();
    [
        offer,
        choose,
        Message::Table { ply, entries },
        Message::Outcome {
            ply,
            outcome: report.word().into(),
            token,
            flag: None,
        },
    ]
}

fn battles(c: &mut Criterion) {
    let binding = Binding::new(b"bench session", 1);
    let messages = battle(&binding, 7, Kind::General, Kind::Major);
    // Each message travels in one signed datagram: count the real sealed bytes.
    let key = SigningKey::from_bytes(&[5; 32]);
    let payload: usize = messages.iter().map(|m| m.to_string().len()).sum();
    let wire: usize = messages
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let text = m.to_string();
            let header = Header {
                version: VERSION,
                session: 0x1234_5678_9abc_def0,
                sender: key.verifying_key().to_bytes(),
                packet: 4000 + i as u64,
                seq: 300 + i as u32,
                ack: 299,
                ack_bits: 0,
                frag_index: 0,
                frag_count: 1,
                payload: text.as_bytes(),
            };
            envelope::seal(&header, &key).len()
        })
        .sum();
    eprintln!("one battle: 4 messages, {payload} payload bytes, {wire} bytes in 4 datagrams");
    c.bench_function("battle: both sides' work for one hidden battle", |b| {
        b.iter(|| battle(&binding, black_box(7), Kind::General, Kind::Major))
    });
    let layout = Layout::random(1);
    c.bench_function(
        "commit: seal a layout and compute its 25 commitments",
        |b| {
            b.iter(|| {
                SealedLayout::new(black_box(&layout), &[3; 32], &binding)
                    .commitments(&binding, Side::South)
            })
        },
    );
}

/// A random game of at least `plies` plies, as the record a session would keep.
fn long_game(plies: usize) -> (Layout, Layout, Vec<Record<Move>>) {
    for seed in 0.. {
        let (south, north) = (Layout::random(seed), Layout::random(seed + 500));
        let rules = RuleSet {
            no_battle_plies: None,
            repetition_draws: false,
            ..RuleSet::default()
        };
        let mut game = Game::new(Position::from_layouts(&south, &north, Side::South), rules);
        let mut record = Vec::new();
        let mut x = seed | 1;
        let mut revealed = [false; 2];
        while game.outcome().is_none() && (game.position().ply() as usize) < plies {
            let side = game.position().side_to_move();
            let moves = game.position().legal_moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mv = moves[(x % moves.len() as u64) as usize];
            let battle = game.play(mv).expect("legal");
            let ply = game.position().ply();
            record.push(Record::Move {
                ply,
                seat: if side == Side::South { 0 } else { 1 },
                mv: mv.to_view(side),
                clock_ms: 0,
            });
            if let Some(b) = battle {
                let outcome = Report::of(b.attacker.kind, b.defender.kind);
                record.push(Record::Report { ply, outcome });
                // A field marshal died: its side opens its flag, as the session does.
                for side in Side::BOTH {
                    let p = game.position();
                    if p.flag_revealed(side) && !revealed[side.index()] && p.has_flag(side) {
                        revealed[side.index()] = true;
                        let flag = Square::all()
                            .find(|s| {
                                p.piece_at(*s)
                                    .is_some_and(|q| q.side == side && q.kind == Kind::Flag)
                            })
                            .expect("the flag is on the board");
                        record.push(Record::Reveal {
                            seat: if side == Side::South { 0 } else { 1 },
                            cell: flag.to_view(side).to_string(),
                        });
                    }
                }
            }
        }
        let moved = record
            .iter()
            .filter(|r| matches!(r, Record::Move { .. }))
            .count();
        if moved >= plies {
            return (south, north, record);
        }
    }
    unreachable!("some seed gives a long game")
}

fn audits(c: &mut Criterion) {
    let binding = Binding::new(b"bench session", 2);
    let (south, north, record) = long_game(300);
    let sealed = [
        SealedLayout::new(&south, &[1; 32], &binding),
        SealedLayout::new(&north, &[2; 32], &binding),
    ];
    let commitments = [
        sealed[0].commitments(&binding, Side::South),
        sealed[1].commitments(&binding, Side::North),
    ];
    let moves = record
        .iter()
        .filter(|r| matches!(r, Record::Move { .. }))
        .count();
    eprintln!("audit bench: a game of {moves} plies");
    c.bench_function("audit: open, check and replay a 300-ply game", |b| {
        b.iter(|| {
            let verdict = audit::run(Inputs {
                first: Side::South,
                binding: &binding,
                commitments: &commitments,
                openings: [&sealed[0], &sealed[1]],
                record: black_box(&record),
                auditor: 0,
            });
            assert!(verdict.ok, "{:?}", verdict.findings);
        })
    });
}

criterion_group!(benches, battles, audits);
criterion_main!(benches);
