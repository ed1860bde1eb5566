//! Fuzzes the Xiangqi text parsers (FEN setups and positions, ICCS moves) and what a parsed
//! position is then asked: nothing may panic, and what parses prints back to text that
//! parses to the same value.
#![no_main]

use lanqi::rules::xiangqi::{Game, Move, Position, Setup, chinese, perft};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(setup) = text.parse::<Setup>() {
        assert_eq!(setup.to_string().parse::<Setup>().unwrap(), setup);
        let _ = setup.validate();
    }
    if let Ok(position) = text.parse::<Position>() {
        assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
        let _ = perft(&position, 1);
        for &mv in position.legal_moves().iter() {
            let _ = chinese(&position, mv);
        }
        let _ = Game::new(position).outcome();
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
    }
});
