//! `lanqi xiangqi …` as other tools call it: exact output, exit codes, one-line errors.

#[path = "support/cli.rs"]
mod cli;
use cli::{fails, stdout};

const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

#[test]
fn moves_lists_sorted_legal_moves_in_iccs() {
    let out = stdout(&["xiangqi", "moves", START]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 44);
    assert_eq!(lines[0], "a0a1");
    assert!(lines.windows(2).all(|w| w[0] < w[1]), "sorted");
    assert!(lines.contains(&"h2e2") && lines.contains(&"b2b9"));
}

#[test]
fn perft_prints_only_the_count() {
    assert_eq!(stdout(&["xiangqi", "perft", START, "3"]), "79666\n");
    assert_eq!(stdout(&["xiangqi", "perft", START, "0"]), "1\n");
}

#[test]
fn play_prints_chinese_notation_the_fen_and_the_result() {
    let out = stdout(&["xiangqi", "play", START, "h2e2", "h7e7"]);
    assert_eq!(
        out,
        "h2e2 炮二平五\nh7e7 炮8平5\n\
         rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR w - - 2 2\n"
    );
    let mate = stdout(&["xiangqi", "play", "4k4/1R7/9/9/9/9/9/9/9/R2K5 w", "a0a9"]);
    assert!(mate.ends_with("result: red wins (checkmate)\n"), "{mate}");
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    fails(
        &[
            "xiangqi",
            "moves",
            "rnbakabnr/9/1c5c2/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        ],
        "rank 7 (part 3 of the board): 10 points, expected 9",
    );
    fails(
        &["xiangqi", "moves", "4k4/9/9/9/9/9/9/9/9/4K4 w"],
        "black is in check",
    );
    fails(&["xiangqi", "perft", START, "x"], "invalid value");
    fails(
        &["xiangqi", "play", START, "h2e3"],
        "move 1 of 1: h2e3 is not legal here",
    );
    fails(
        &["xiangqi", "play", START, "h2"],
        "move 1 of 1: bad move \"h2\"",
    );
}
