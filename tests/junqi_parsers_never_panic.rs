//! The Junqi text parsers on hostile input: seeded random mutations of valid JNF, views,
//! layouts and moves (the fuzz target in fuzz/ does this coverage-guided). Nothing panics,
//! and whatever parses prints back to text that parses to the same value.

#[path = "support/mutate.rs"]
mod mutate;
#[path = "support/random_games.rs"]
mod random_games;

use mutate::mutate;

use lanqi::rules::junqi::{Layout, Move, Position, Side, View, perft};

const ALPHABET: &[u8] = b"abcdefghijklxABCDEFGHIJKLX012345679/+- sn\n\t";

fn exercise(text: &str) -> bool {
    let mut parsed = false;
    if let Ok(position) = text.parse::<Position>() {
        assert_eq!(
            position.to_string().parse::<Position>().unwrap(),
            position,
            "{text:?}"
        );
        let _ = perft(&position, 1);
        let _ = position.outcome();
        parsed = true;
    }
    if let Ok(view) = text.parse::<View>() {
        assert_eq!(view.to_string().parse::<View>().unwrap(), view, "{text:?}");
        let _ = view.legal_moves();
        for side in Side::BOTH {
            let _ = view.for_side(side);
        }
        parsed = true;
    }
    if let Ok(layout) = text.parse::<Layout>() {
        assert_eq!(
            layout.to_string().parse::<Layout>().unwrap(),
            layout,
            "{text:?}"
        );
        parsed = true;
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv, "{text:?}");
        parsed = true;
    }
    parsed
}

#[test]
fn mutated_inputs_never_panic_and_round_trip() {
    let mut seeds: Vec<String> = (0..20)
        .map(|s| random_games::random_line(s, 80).pop().unwrap().to_string())
        .collect();
    seeds.extend((0..20).map(|s| random_games::start(s).view(Side::North).to_string()));
    seeds.extend((0..20).map(|s| Layout::random(s).to_string()));
    seeds.extend(["a5-a6", "e12-a1", "c4-b3"].map(String::from));
    let mut accepted = 0;
    let mut rejected = 0;
    for (i, seed) in seeds.iter().enumerate() {
        for round in 0..300 {
            if exercise(&mutate((i * 1000 + round) as u64, seed, ALPHABET)) {
                accepted += 1;
            } else {
                rejected += 1;
            }
        }
    }
    // Both kinds happen: the mutations are neither all harmless nor all fatal.
    assert!(
        accepted > 100 && rejected > 100,
        "accepted {accepted}, rejected {rejected}"
    );
}
