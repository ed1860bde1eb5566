//! The Junqi rules core checked against data it did not produce: a file of positions with
//! legal-move counts and perft to depth 3 (tests/data/junqi_perft.txt), established by an
//! independent naive implementation written from the spec alone (tests/support/naive_junqi.rs),
//! and a move-by-move comparison with that implementation over random games.

#[path = "support/perft_data.rs"]
mod perft_data;
use perft_data::Entry;
#[path = "support/naive_junqi.rs"]
mod naive;
#[path = "support/random_games.rs"]
mod random_games;

use lanqi::rules::junqi::{Position, perft};

const DATA: &str = "tests/data/junqi_perft.txt";

fn read_data() -> Vec<Entry> {
    perft_data::read(DATA, "jnf")
}

#[test]
fn legal_move_counts_and_perft_match_the_data_file() {
    let entries = read_data();
    assert!(entries.len() >= 12, "the data file has its positions");
    for entry in entries {
        let position: Position = entry
            .position
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        for &(depth, expected) in &entry.counts {
            assert_eq!(
                perft(&position, depth),
                expected,
                "{} perft {depth}",
                entry.id
            );
        }
    }
}

#[test]
fn the_reference_implementation_still_agrees_with_the_data_file() {
    for entry in read_data() {
        let position = naive::parse(&entry.position);
        for &(depth, expected) in entry.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(
                naive::perft(&position, depth),
                expected,
                "{} naive perft {depth}",
                entry.id
            );
        }
    }
}

#[test]
fn every_move_and_battle_agrees_with_the_reference_over_random_games() {
    let mut compared = 0;
    for seed in 0..12 {
        let line = random_games::random_line(seed, 300);
        for (ply, before) in line.iter().enumerate() {
            let reference = naive::parse(&before.to_string());
            let mut ours: Vec<String> =
                before.legal_moves().iter().map(|m| m.to_string()).collect();
            ours.sort();
            assert_eq!(
                ours,
                naive::legal_moves(&reference),
                "legal moves of {before}"
            );
            if ply % 4 != 0 {
                continue;
            }
            // Every move from this position, not only the one the game took.
            for mv in before.legal_moves() {
                let (next, battle) = before.play(mv).expect("legal");
                let (expected, word) = naive::play(&reference, &mv.to_string());
                assert_eq!(
                    next.to_string(),
                    naive::to_jnf(&expected),
                    "{before} then {mv}"
                );
                assert_eq!(battle.map(|b| b.result.word()), word, "{before} then {mv}");
                compared += 1;
            }
        }
    }
    assert!(compared > 1_000, "compared {compared} moves");
}

/// Rewrites the data file from the reference implementation:
/// `cargo test --release --test junqi_reference -- --ignored regenerate`.
#[test]
#[ignore]
fn regenerate_perft_data() {
    let mut positions: Vec<(String, String)> = HAND_MADE
        .iter()
        .map(|(id, jnf)| (id.to_string(), jnf.to_string()))
        .collect();
    for (seed, plies) in [
        (1, 20),
        (2, 60),
        (3, 120),
        (4, 200),
        (5, 300),
        (6, 90),
        (7, 150),
    ] {
        let line = random_games::random_line(seed, plies);
        let position = line.last().unwrap();
        positions.push((
            format!("random game {seed} after {} plies", line.len() - 1),
            position.to_string(),
        ));
    }
    let mut out = String::from(
        "# Junqi perft data: positions and the number of legal move sequences of each length.\n\
         # Counts come from tests/support/naive_junqi.rs, an independent naive implementation\n\
         # written from spec/junqi.md; regenerate with\n\
         # cargo test --release --test junqi_reference -- --ignored regenerate\n",
    );
    for (id, jnf) in positions {
        let position = naive::parse(&jnf);
        out += &format!("\nid {id}\njnf {jnf}\n");
        for depth in 1..=3 {
            out += &format!("perft {depth} {}\n", naive::perft(&position, depth));
        }
    }
    std::fs::write(DATA, out).unwrap();
}

/// Positions chosen by hand to exercise particular rules.
const HAND_MADE: &[(&str, &str)] = &[
    (
        "spec start, south to move",
        "fjgli/hkjkj/b1a1g/dc1cd/e1i1e/hifgh/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 0 0",
    ),
    (
        "spec start, north to move",
        "fjgli/hkjkj/b1a1g/dc1cd/e1i1e/hifgh/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF n 0 0",
    ),
    (
        "open rails, engineers and a bomb",
        "3l1/j3i/5/5/5/2a2/2K2/5/5/5/I3G/1L3 s 0 0",
    ),
    (
        "open rails, north to move",
        "3l1/j3i/5/5/5/2a2/2K2/5/5/5/I3G/1L3 n 0 0",
    ),
    (
        "pieces in camps and around them",
        "1l1j1/5/1g1c1/2h2/1B1e1/5/5/1A1f1/2i2/1C1D1/5/1L3 s 4 40",
    ),
    (
        "a piece frozen in the enemy headquarters",
        "1G1l1/j4/5/5/5/i4/E4/5/5/5/5/1L1a1 s 0 9",
    ),
    (
        "revealed flag and a mine field",
        "1l3/jjj2/5/5/5/4c/I4/5/5/5/JJJ2/3L1 s 10 77",
    ),
    (
        "engineer facing a landmine on the rails",
        "3l1/j1j1j/5/5/5/5/5/5/5/5/I4/1L3 s 0 1",
    ),
];
