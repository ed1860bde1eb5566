//! Prints how many empty cells of each kind ([`cell_class`]) each seat has, and whether the
//! position is quiet: the input of `scripts/gomoku-fit` (docs/MEASUREMENTS.md, #27 tenth
//! round; the cell table fitted on it was dropped, commit `fe4b508` has it).
//!
//! Usage: `cargo run --release --no-default-features --example gomoku_classes < FILE`,
//! where each line of FILE is a freestyle 15x15 game's moves from the first stone. For
//! each line it prints `quiet` or `sharp` (as `gomoku_features` does), the hand-set
//! evaluation's score, then `kind:count` for the seat to move's cells (kinds below
//! [`CLASSES`]) and the other seat's (kinds from [`CLASSES`] on); `bad` for a line that is
//! not a game in progress.

use std::io::{self, BufRead};

use lanqi::engine::gomoku::evaluate::{CLASSES, cell_class};
use lanqi::engine::gomoku::state::{F_DOUBLE, F_FIVE, F_FOUR, F_WIN, State};
use lanqi::rules::gomoku::{Game, Point, Settings};

fn main() {
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let mut game = Game::new(Settings::default()).expect("default settings");
        let ok = line
            .split_whitespace()
            .all(|w| w.parse::<Point>().is_ok_and(|p| game.play(p).is_ok()));
        if !ok || game.ending().is_some() {
            println!("bad");
            continue;
        }
        let st = State::new(&game, Vec::new());
        let (me, them) = (st.mover(), st.next_seat());
        let mut hand = st.total(me) * 6 / 5 - st.total(them);
        if st.count(me, F_DOUBLE) > 0 && st.count(them, F_FOUR) == 0 {
            hand += 20_000;
        }
        let quiet =
            st.count(me, F_FIVE) == 0 && st.count(them, F_FIVE) == 0 && st.count(me, F_WIN) == 0;
        let mut counts = vec![0u32; 2 * CLASSES];
        for c in st.board_cells().filter(|&c| st.is_empty(c)) {
            for (i, seat) in [me, them].into_iter().enumerate() {
                let pats = [0, 1, 2, 3].map(|d| st.pat(seat, c, d) as u8);
                counts[i * CLASSES + cell_class(pats)] += 1;
            }
        }
        let kinds: Vec<String> = counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(k, n)| format!("{k}:{n}"))
            .collect();
        println!(
            "{} {} {}",
            if quiet { "quiet" } else { "sharp" },
            hand,
            kinds.join(" ")
        );
    }
}
