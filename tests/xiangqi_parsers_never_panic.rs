//! The Xiangqi text parsers on hostile input: seeded random mutations of valid FEN and ICCS
//! (the fuzz target fuzz/fuzz_targets/xiangqi_text.rs does this coverage-guided). Nothing
//! panics, and whatever parses prints back to text that parses to the same value.

use lanqi::rules::xiangqi::{Game, Move, Position, Setup, perft};

#[path = "support/mutate.rs"]
mod mutate;

use mutate::mutate;

const ALPHABET: &[u8] = b"kabnrcpehKABNRCPEH0123456789/- wbr\n\t";

fn exercise(text: &str) -> bool {
    let mut parsed = false;
    if let Ok(setup) = text.parse::<Setup>() {
        assert_eq!(
            setup.to_string().parse::<Setup>().unwrap(),
            setup,
            "{text:?}"
        );
        let _ = setup.validate();
    }
    if let Ok(position) = text.parse::<Position>() {
        assert_eq!(
            position.to_string().parse::<Position>().unwrap(),
            position,
            "{text:?}"
        );
        let _ = perft(&position, 2);
        let game = Game::new(position.clone());
        let _ = game.outcome();
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
    let seeds = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        "CnN1k1b2/c3a4/4ba3/9/2nr5/9/9/4C4/4A4/4KA3 w - - 0 1",
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        "3k5/9/9/9/9/9/9/9/9/4K4 b - - 100 80",
        "h2e2",
        "a0i9",
    ];
    let mut accepted = 0;
    let mut rejected = 0;
    for (i, seed) in seeds.iter().enumerate() {
        for round in 0..600 {
            if exercise(&mutate((i * 1000 + round) as u64, seed, ALPHABET)) {
                accepted += 1;
            } else {
                rejected += 1;
            }
        }
    }
    assert!(
        accepted > 100 && rejected > 1000,
        "{accepted} accepted, {rejected} rejected"
    );
}
