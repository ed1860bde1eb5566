//! `lanqi gomoku …` as other tools call it: exact output, exit codes, one-line errors.

#[path = "support/cli.rs"]
mod cli;
use cli::{fails, stdout};

fn empty_rows(width: usize, height: usize) -> String {
    format!("{}\n", ".".repeat(width)).repeat(height)
}

#[test]
fn play_with_no_moves_prints_the_empty_board_and_seat_1() {
    let out = stdout(&["gomoku", "play"]);
    assert_eq!(out, empty_rows(15, 15) + "to move: 1\n");
}

#[test]
fn play_prints_the_board_top_rank_first() {
    let out = stdout(&["gomoku", "play", "--size", "6x5", "a1", "f5", "c3"]);
    assert_eq!(out, ".....2\n......\n..1...\n......\n1.....\nto move: 2\n");
}

#[test]
fn play_prints_the_result() {
    let five = stdout(&[
        "gomoku", "play", "h8", "a1", "h9", "a2", "h10", "a3", "h11", "a4", "h12",
    ]);
    assert!(five.ends_with("result: 1 (5 in a row)\n"), "{five}");
    assert!(five.starts_with(&empty_rows(15, 3)), "{five}");

    let three_seats = [
        "gomoku", "play", "--seats", "3", "--win", "4", "--size", "7x7", //
        "a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3", "e7", "e6", "d3",
    ];
    let out = stdout(&three_seats);
    assert_eq!(
        out,
        "....1..\n....2..\n.......\n.......\n3333...\n222....\n111....\nresult: 3 (4 in a row)\n"
    );

    let draw = "c5 a5 e5 b5 a4 d5 c4 b4 e4 d4 b3 a3 d3 c3 a2 e3 c2 b2 e2 d2 a1 b1 c1 d1 e1";
    let mut args = vec!["gomoku", "play", "--size", "5x5"];
    args.extend(draw.split(' '));
    assert_eq!(
        stdout(&args),
        "22121\n12121\n21212\n12121\n12121\nresult: draw (full board)\n"
    );
}

#[test]
fn the_rule_sets_judge_a_row_of_six() {
    let six = [
        "a1", "a2", "b1", "b2", "c1", "c2", "e1", "e2", "f1", "f2", "d1",
    ];
    let ending = |rule: &str| {
        let mut args = vec!["gomoku", "play", "--rule", rule];
        args.extend(six);
        stdout(&args).lines().last().unwrap().to_string()
    };
    assert_eq!(ending("freestyle"), "result: 1 (6 in a row)");
    assert_eq!(ending("standard"), "to move: 2");
    assert_eq!(ending("caro"), "to move: 2");
}

#[test]
fn forbidden_lists_blacks_forbidden_points_sorted() {
    let out = stdout(&[
        "gomoku",
        "forbidden",
        "f8",
        "b15",
        "g8",
        "d15",
        "h9",
        "f15",
        "h10",
    ]);
    assert_eq!(out, "h8 3x3\n");
    assert_eq!(stdout(&["gomoku", "forbidden"]), "");
    // Sorted by text, a10 before a6 (a1 makes five: allowed).
    let moves = "a2 i1 a3 i3 a4 i5 a5 i7 a7 i9 a8 i11 a9 i13 a11 i15 a12 i2 a13";
    let mut args = vec!["gomoku", "forbidden", "--size", "9x15"];
    args.extend(moves.split(' '));
    assert_eq!(stdout(&args), "a10 overline\na6 overline\n");
}

#[test]
fn bad_moves_name_the_move_and_its_place() {
    fails(
        &["gomoku", "play", "h8", "h8"],
        "move 2 of 2: h8 is taken (seat 1 has a stone there)",
    );
    fails(
        &["gomoku", "play", "--size", "9x9", "h8", "j10"],
        "move 2 of 2: j10 is off the 9x9 board",
    );
    fails(
        &["gomoku", "play", "h8", "H9"],
        "move 2 of 2: bad point \"H9\": expected a file a..z and a rank 1..26, such as h8",
    );
    fails(&["gomoku", "play", "h0"], "move 1 of 1: bad point \"h0\"");
    fails(
        &[
            "gomoku", "play", "a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5", "b5",
        ],
        "move 10 of 10: b5: the game is over (result: 1 (5 in a row))",
    );
    fails(
        &[
            "gomoku", "play", "--rule", "renju", "f8", "b15", "g8", "d15", "h9", "f15", "h10",
            "o1", "h8",
        ],
        "move 9 of 9: h8 is forbidden for Black in renju (3x3)",
    );
    fails(
        &[
            "gomoku",
            "forbidden",
            "d8",
            "a1",
            "e8",
            "a3",
            "f8",
            "a5",
            "h8",
            "a7",
            "i8",
            "a9",
            "g8",
        ],
        "move 11 of 11: g8 is forbidden for Black in renju (overline)",
    );
    fails(
        &["gomoku", "forbidden", "h8", "h8"],
        "move 2 of 2: h8 is taken",
    );
}

#[test]
fn bad_settings_are_one_line_and_exit_2() {
    fails(
        &["gomoku", "play", "--size", "4x15"],
        "a board is 5 to 26 points each way, not 4x15",
    );
    fails(&["gomoku", "play", "--size", "15x27"], "not 15x27");
    fails(
        &["gomoku", "play", "--size", "15"],
        "bad size \"15\": expected WxH",
    );
    fails(&["gomoku", "forbidden", "--size", "27x27"], "not 27x27");
    fails(
        &["gomoku", "play", "--seats", "5"],
        "invalid value '5' for '--seats <N>': 5 is not in 2..=4",
    );
    fails(
        &["gomoku", "play", "--seats", "1", "h8"],
        "1 is not in 2..=4",
    );
    fails(&["gomoku", "play", "--seats", "999"], "999 is not in 2..=4");
    fails(
        &["gomoku", "play", "--size", "7x9", "--win", "10"],
        "the win length must be 3 to 9 on a 7x9 board, not 10",
    );
    fails(&["gomoku", "play", "--win", "2"], "2 is not in 3..=26");
    fails(&["gomoku", "play", "--win", "300"], "300 is not in 3..=26");
    fails(
        &["gomoku", "play", "--rule", "gomoku"],
        "bad rule \"gomoku\"",
    );
    fails(
        &["gomoku", "play", "--rule", "renju", "--seats", "3"],
        "renju is for two seats (Black and White), not 3",
    );
    fails(
        &["gomoku", "play", "--rule", "renju", "--win", "6"],
        "renju is played to five in a row, not 6",
    );
}

#[test]
fn play_with_an_opening_takes_the_decisions_as_moves() {
    let swap2 = |moves: &[&str]| {
        let mut args = vec!["gomoku", "play", "--size", "9x9", "--opening", "swap2"];
        args.extend(moves);
        stdout(&args)
    };
    // Seat 1 places Black, White, Black; seat 2 is to choose.
    let out = swap2(&["e5", "e6", "f5"]);
    assert!(
        out.ends_with("....2....\n....11...\n.........\n.........\n.........\n.........\nto choose: 2 (black, white or place2)\n"),
        "{out}"
    );
    // Seat 2 places two more; seat 1 chooses; then the colours are said, and whose move.
    let out = swap2(&["e5", "e6", "f5", "place2", "a9", "d5"]);
    assert!(out.ends_with("to choose: 1 (black or white)\n"), "{out}");
    let out = swap2(&["e5", "e6", "f5", "place2", "a9", "d5", "white"]);
    assert!(out.ends_with("black: 2\nto move: 1\n"), "{out}");
    // Black (seat 2) makes five: seat 2 wins.
    let out = swap2(&[
        "e5", "e6", "f5", "place2", "a9", "d5", "white", "a1", "g5", "a2", "c5",
    ]);
    assert!(out.ends_with("black: 2\nresult: 2 (5 in a row)\n"), "{out}");
    // Swap: seat 2 keeps White and moves.
    let mut args = vec![
        "gomoku",
        "play",
        "--opening",
        "swap",
        "h8",
        "h9",
        "i8",
        "white",
    ];
    assert!(stdout(&args).ends_with("black: 1\nto move: 2\n"));
    args.push("place2");
    fails(
        &args,
        "move 5 of 5: place2: no choice is due now, a stone is",
    );
    fails(
        &[
            "gomoku",
            "play",
            "--opening",
            "swap",
            "h8",
            "h9",
            "i8",
            "a1",
        ],
        "move 4 of 4: a1: seat 2 is to choose black or white, not to place a stone",
    );
    fails(
        &["gomoku", "play", "--opening", "swap", "--seats", "3"],
        "the swap opening is for two seats, not 3",
    );
    // Without an opening the decisions are not moves at all.
    fails(
        &["gomoku", "play", "black"],
        "move 1 of 1: bad point \"black\"",
    );
}
