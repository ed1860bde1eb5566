//! Fuzzes every Junqi text parser (JNF positions and views, layouts, moves) and what a
//! parsed value is then asked: nothing may panic, and what parses prints back to text that
//! parses to the same value.
#![no_main]

use lanqi::rules::junqi::{Layout, Move, Position, Side, View, perft};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(position) = text.parse::<Position>() {
        assert_eq!(position.to_string().parse::<Position>().unwrap(), position);
        let _ = perft(&position, 1);
        let _ = position.outcome();
        for side in Side::BOTH {
            let _ = position.view(side).legal_moves();
        }
    }
    if let Ok(view) = text.parse::<View>() {
        assert_eq!(view.to_string().parse::<View>().unwrap(), view);
        let _ = view.legal_moves();
        let _ = view.for_side(Side::South);
    }
    if let Ok(layout) = text.parse::<Layout>() {
        assert_eq!(layout.to_string().parse::<Layout>().unwrap(), layout);
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>().unwrap(), mv);
    }
});
