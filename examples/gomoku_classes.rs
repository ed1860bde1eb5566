//! Prints how many empty cells of each kind (`evaluate::cell_class`) each seat has, and
//! whether the position is quiet: the input of `scripts/gomoku-fit` (docs/MEASUREMENTS.md,
//! #27 tenth round; the cell table fitted on it was dropped, commit `fe4b508` has it).
//!
//! Usage: `cargo run --release --no-default-features --example gomoku_classes < FILE`,
//! where each line of FILE is a freestyle 15x15 game's moves from the first stone. For
//! each line it prints `quiet` or `sharp` (as `gomoku_features` does), the hand-set
//! evaluation's score, then `kind:count` for the seat to move's cells (kinds below
//! [`CLASSES`]) and the other seat's (kinds from [`CLASSES`] on); `bad` for a line that is
//! not a game in progress.

use lanqi::engine::gomoku::evaluate::CLASSES;

#[path = "support/gomoku_position.rs"]
mod gomoku_position;

fn main() {
    gomoku_position::print_each(|st| {
        let (me, them) = (st.mover(), st.next_seat());
        let (score, quiet) = gomoku_position::score_and_quiet(st);
        let mut counts = vec![0u32; 2 * CLASSES];
        for c in st.board_cells().filter(|&c| st.is_empty(c)) {
            for (i, seat) in [me, them].into_iter().enumerate() {
                counts[i * CLASSES + st.kind(seat, c)] += 1;
            }
        }
        let kinds: Vec<String> = counts
            .iter()
            .enumerate()
            .filter(|&(_, &n)| n > 0)
            .map(|(k, n)| format!("{k}:{n}"))
            .collect();
        format!(
            "{} {} {}",
            if quiet { "quiet" } else { "sharp" },
            score,
            kinds.join(" ")
        )
    });
}
