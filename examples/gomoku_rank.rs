//! Where the Gomoku search's move ordering puts a given move (docs/MEASUREMENTS.md, #27
//! tenth round): each line of stdin is `MOVES|MOVE` (a freestyle 15x15 game's moves from
//! the first stone, and a move for the seat to move, e.g. another engine's choice); prints
//! the move's place in `Searcher::ordered_moves` (0 first, -1 not there) and how many
//! moves there are. With `--kinds` it adds, for each move in order, the kinds
//! ([`cell_class`]) of its cell for the seat to move and for the other seat
//! (`point:mine:theirs`), for fitting an ordering.
//!
//! Usage: `cargo run --release --no-default-features --example gomoku_rank [-- --kinds] <
//! FILE`.

use std::io::{self, BufRead};

use lanqi::engine::gomoku::Searcher;
use lanqi::engine::gomoku::evaluate::cell_class;
use lanqi::engine::gomoku::state::State;
use lanqi::rules::gomoku::{Game, Point, Settings};

fn main() {
    let kinds = std::env::args().any(|a| a == "--kinds");
    let mut searcher = Searcher::new(1);
    for line in io::stdin().lock().lines() {
        let line = line.expect("stdin");
        let Some((moves, best)) = line.split_once('|') else {
            println!("bad");
            continue;
        };
        let mut game = Game::new(Settings::default()).expect("default settings");
        let ok = moves
            .split_whitespace()
            .all(|w| w.parse::<Point>().is_ok_and(|p| game.play(p).is_ok()));
        let Ok(best) = best.trim().parse::<Point>() else {
            println!("bad");
            continue;
        };
        if !ok || game.ending().is_some() {
            println!("bad");
            continue;
        }
        let order = searcher.ordered_moves(&game);
        let rank = order
            .iter()
            .position(|&p| p == best)
            .map_or(-1, |i| i as i64);
        if !kinds {
            println!("{rank} {}", order.len());
            continue;
        }
        let st = State::new(&game, Vec::new());
        let (me, them) = (st.mover(), st.next_seat());
        let kinds: Vec<String> = order
            .iter()
            .map(|p| {
                let c = st.cell(p.file() as usize, p.rank() as usize);
                let kind = |seat| cell_class([0, 1, 2, 3].map(|d| st.pat(seat, c, d) as u8));
                format!("{p}:{}:{}", kind(me), kind(them))
            })
            .collect();
        println!("{rank} {} {}", order.len(), kinds.join(" "));
    }
}
