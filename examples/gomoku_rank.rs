//! Where the Gomoku search's move ordering puts a given move (docs/MEASUREMENTS.md, #27
//! tenth round): each line of stdin is `MOVES|MOVE` (a freestyle 15x15 game's moves from
//! the first stone, and a move for the seat to move, e.g. another engine's choice); prints
//! the move's place in `Searcher::ordered_moves` (0 first, -1 not there) and how many
//! moves there are. With `--kinds` it adds, for each move in order, the kinds
//! (`evaluate::cell_class`) of its cell for the seat to move and for the other seat
//! (`point:mine:theirs`), for fitting an ordering.
//!
//! Usage: `cargo run --release --no-default-features --example gomoku_rank [-- --kinds] <
//! FILE`.

use std::io::{self, BufRead};

use lanqi::engine::gomoku::Searcher;
use lanqi::engine::gomoku::state::State;
use lanqi::rules::gomoku::Point;

#[path = "support/gomoku_position.rs"]
mod gomoku_position;

fn main() {
    let with_kinds = std::env::args().any(|a| a == "--kinds");
    let mut searcher = Searcher::new(1);
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let position = line.split_once('|').and_then(|(moves, best)| {
            Some((
                gomoku_position::game(moves)?,
                best.trim().parse::<Point>().ok()?,
            ))
        });
        let Some((game, best)) = position else {
            println!("bad");
            continue;
        };
        let order = searcher.ordered_moves(&game);
        let rank = order
            .iter()
            .position(|&p| p == best)
            .map_or(-1, |i| i as i64);
        if !with_kinds {
            println!("{rank} {}", order.len());
            continue;
        }
        let st = State::new(&game, Vec::new());
        let (me, them) = (st.mover(), st.next_seat());
        let kinds: Vec<String> = order
            .iter()
            .map(|p| {
                let c = st.cell(p.file() as usize, p.rank() as usize);
                format!("{p}:{}:{}", st.kind(me, c), st.kind(them, c))
            })
            .collect();
        println!("{rank} {} {}", order.len(), kinds.join(" "));
    }
}
