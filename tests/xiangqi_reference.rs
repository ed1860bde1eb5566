//! The Xiangqi rules core checked against published numbers it did not produce: the perft
//! counts of tests/data/xiangqi_perft.txt (chessprogramming wiki), for each position, its
//! mirror image and its colour-swapped twin.

#[path = "support/perft_data.rs"]
mod perft_data;

#[path = "support/deadline.rs"]
mod deadline;
use lanqi::rules::xiangqi::{Position, perft};
use perft_data::Entry;

const DATA: &str = "tests/data/xiangqi_perft.txt";

fn read_data() -> Vec<Entry> {
    perft_data::read(DATA, "fen")
}

fn check(max_depth: impl Fn(&Entry) -> u32) {
    let entries = read_data();
    assert_eq!(
        entries.len(),
        7,
        "the data file has the seven published positions"
    );
    for entry in &entries {
        let position: Position = entry
            .position
            .parse()
            .unwrap_or_else(|e| panic!("{}: {e}", entry.id));
        assert_eq!(
            position.to_string(),
            entry.position,
            "{} round-trips",
            entry.id
        );
        for &(depth, expected) in entry.counts.iter().filter(|(d, _)| *d <= max_depth(entry)) {
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
fn published_counts_to_depth_3_and_the_start_to_depth_4() {
    check(|e| if e.id == "start position" { 4 } else { 3 });
}

#[test]
fn mirrored_and_colour_swapped_positions_count_the_same() {
    for entry in read_data() {
        let position: Position = entry.position.parse().unwrap();
        for &(depth, expected) in entry.counts.iter().filter(|(d, _)| *d <= 2) {
            assert_eq!(
                perft(&position.mirrored(), depth),
                expected,
                "{} mirrored",
                entry.id
            );
            assert_eq!(
                perft(&position.flipped(), depth),
                expected,
                "{} flipped",
                entry.id
            );
        }
    }
}

/// Every published count, depth 5 included (133,312,995 from the start):
/// `cargo test --release --test xiangqi_reference -- --ignored`.
#[test]
#[ignore]
fn published_counts_to_the_full_depth() {
    check(|_| u32::MAX);
}

/// Perft 3 of positions from seeded random games, compared with Fairy-Stockfish's
/// `go perft 3` (Debian package `fairy-stockfish`; skipped if it is not installed):
/// `cargo test --release --test xiangqi_reference -- --ignored fairy --nocapture`.
#[test]
#[ignore]
fn random_positions_agree_with_fairy_stockfish() {
    use std::io::Write;
    use std::process::{Command, Stdio};

    use lanqi::rules::xiangqi::Game;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{Rng, SeedableRng};

    let Some(program) = ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
    else {
        eprintln!("skipped: fairy-stockfish is not installed");
        return;
    };
    let mut child = Command::new(program)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = deadline::Lines::new(child.stdout.take().unwrap());
    writeln!(stdin, "uci\nsetoption name UCI_Variant value xiangqi").unwrap();
    let mut compared = 0;
    for seed in 0..200u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = Game::new(Position::start());
        let plies = 5 + (seed as usize * 7) % 200;
        while game.outcome().is_none() && game.moves().len() < plies {
            let moves = game.position().legal_moves();
            let mv = moves[(rng.next_u64() % moves.len() as u64) as usize];
            game.play(mv).unwrap();
        }
        let position = game.position();
        writeln!(stdin, "position fen {position}\ngo perft 3").unwrap();
        stdin.flush().unwrap();
        let theirs: u64 = loop {
            let Some(line) = stdout.next("perft's node count") else {
                panic!("fairy-stockfish exited: {:?}", stdout.seen);
            };
            if let Some(n) = line.trim().strip_prefix("Nodes searched: ") {
                break n.parse().unwrap();
            }
        };
        assert_eq!(perft(position, 3), theirs, "{position}");
        compared += 1;
    }
    writeln!(stdin, "quit").unwrap();
    deadline::wait(&mut child, "fairy-stockfish", &|| String::new());
    println!("{compared} positions agree with fairy-stockfish at perft 3");
}
