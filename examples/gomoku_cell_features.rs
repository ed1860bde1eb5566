//! Prints what the Gomoku engine's cell values are made of, for fitting them
//! (`state::CellValues`; scripts/gomoku-fit/fit_values.py, docs/MEASUREMENTS.md, #27
//! twenty-sixth round).
//!
//! Usage: `cargo run --release --no-default-features --example gomoku_cell_features <
//! FILE`, where each line of FILE is a freestyle 15x15 game's moves from the first stone
//! (`h8 i9 e6 …`). For each line it prints `quiet` or `sharp` (as `gomoku_features`), then
//! for the seat to move and then the other seat: how many (empty cell, line) pairs make
//! each pattern from one to open four (7), how many (empty cell, two of its lines) make
//! each two patterns from two to open four (21, in `state::pair_index`'s order), and how many
//! cells make an unstoppable four, a four-three and a double three (3); then 1 if the seat
//! to move has a double threat and the other seat no four, 1 if the other seat has an
//! open-four point, and the engine's static score (its cell values: the fitted ones, or
//! the hand-set ones with `LANQI_GOMOKU_OFF=fitted`).

use lanqi::engine::gomoku::state::{F_DOUBLE, F_FOUR, F_WIN, PAIRS, State, pair_index};

#[path = "support/gomoku_position.rs"]
mod gomoku_position;

/// The features of one seat (see the module's doc).
fn seat_features(st: &State, seat: u8) -> Vec<i64> {
    let mut pats = [0i64; 7];
    let mut pairs = [0i64; PAIRS];
    let mut flags = [0i64; 3];
    for c in st.board_cells().filter(|&c| st.is_empty(c)) {
        let p = st.pats(seat, c).to_le_bytes();
        for &x in &p {
            if (1..=7).contains(&x) {
                pats[x as usize - 1] += 1;
            }
        }
        for i in 0..4 {
            for j in i + 1..4 {
                if let Some(k) = pair_index(p[i], p[j]) {
                    pairs[k] += 1;
                }
            }
        }
        let f = st.flags(seat, c);
        if f & F_WIN != 0 {
            flags[0] += 1;
        }
        if f & F_DOUBLE != 0 {
            flags[if f & F_FOUR != 0 { 1 } else { 2 }] += 1;
        }
    }
    pats.into_iter().chain(pairs).chain(flags).collect()
}

fn main() {
    gomoku_position::print_each(|st| {
        let (score, quiet) = gomoku_position::score_and_quiet(st);
        let (me, them) = (st.mover(), st.next_seat());
        let double = (st.count(me, F_DOUBLE) > 0 && st.count(them, F_FOUR) == 0) as i64;
        let danger = (st.count(them, F_WIN) > 0) as i64;
        let mut out = seat_features(st, me);
        out.extend(seat_features(st, them));
        out.extend([double, danger, score]);
        let words: Vec<String> = out.iter().map(|x| x.to_string()).collect();
        format!(
            "{} {}",
            if quiet { "quiet" } else { "sharp" },
            words.join(" ")
        )
    });
}
