//! What the Gomoku measuring examples share: a position read from a line of moves, and the
//! static score the search gives it.

use std::io::{self, BufRead};

use lanqi::engine::gomoku::state::{F_DOUBLE, F_FIVE, F_FOUR, F_WIN, State};
use lanqi::rules::gomoku::{Game, Point, Settings};

/// The freestyle 15x15 game after `moves` (from the first stone, `h8 i9 e6 …`); `None`
/// if a move does not read or is not legal, or the game is over.
pub fn game(moves: &str) -> Option<Game> {
    let mut game = Game::new(Settings::default()).expect("default settings");
    let ok = moves
        .split_whitespace()
        .all(|w| w.parse::<Point>().is_ok_and(|p| game.play(p).is_ok()));
    (ok && game.ending().is_none()).then_some(game)
}

/// The static score for the seat to move (the search's with two seats, from the cell
/// values of `state::CellValues::current`), and whether the position is quiet: neither seat can make five and the seat to
/// move cannot make an open four (the search decides the rest).
#[allow(dead_code)] // gomoku_rank does not score positions
pub fn score_and_quiet(st: &State) -> (i64, bool) {
    let (me, them) = (st.mover(), st.next_seat());
    let mut hand = st.total(me) * 6 / 5 - st.total(them);
    if st.count(me, F_DOUBLE) > 0 && st.count(them, F_FOUR) == 0 {
        hand += 20_000;
    }
    let quiet =
        st.count(me, F_FIVE) == 0 && st.count(them, F_FIVE) == 0 && st.count(me, F_WIN) == 0;
    (hand, quiet)
}

/// Reads games' moves from standard input, a game a line, and prints for each the line
/// `describe` makes of the position after them, or `bad` if the moves do not read as a
/// game in progress.
#[allow(dead_code)] // gomoku_rank reads its own lines
pub fn print_each(mut describe: impl FnMut(&State) -> String) {
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin");
        match game(&line) {
            Some(game) => println!("{}", describe(&State::new(&game, Vec::new()))),
            None => println!("bad"),
        }
    }
}
