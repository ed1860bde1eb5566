//! `lanqi junqi …` as other tools call it: exact output, exit codes, one-line errors.

#[path = "support/cli.rs"]
mod cli;
use cli::{fails, stdout};
use std::process::Command;

const START: &str = "fjgli/hkjkj/b1a1g/dc1cd/e1i1e/hifgh/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 0 0";

#[test]
fn help_lists_the_subcommands_and_the_app_options() {
    let help = stdout(&["--help"]);
    assert!(
        help.contains("Usage: lanqi") && help.contains("junqi"),
        "{help}"
    );
    #[cfg(feature = "gui")]
    assert!(
        help.contains("--profile") && help.contains("--mdns"),
        "{help}"
    );
}

/// With no subcommand the desktop app opens; with no display it says how to run headless
/// in one line and exits with 2 (never a panic, never a window in this test).
#[test]
#[cfg(feature = "gui")]
fn no_arguments_without_a_display_says_how_to_run_headless() {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lanqi"));
    command
        .args(["--mdns", "off"])
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY");
    let out = cli::deadline::output(command, None);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("xvfb-run lanqi") && err.contains("lanqi peer"),
        "{err}"
    );
}

#[test]
fn moves_lists_sorted_legal_moves() {
    let out = stdout(&["junqi", "moves", START]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 32);
    assert_eq!(lines[0], "a3-b3");
    assert!(lines.windows(2).all(|w| w[0] < w[1]), "sorted");
    assert!(lines.contains(&"c6-c7") && lines.contains(&"e6-e7"));
}

#[test]
fn moves_works_on_the_movers_view_and_refuses_the_others() {
    let south_view = stdout(&["junqi", "view", START, "s"]);
    assert_eq!(
        south_view.trim(),
        "xxxxx/xxxxx/x1x1x/xx1xx/x1x1x/xxxxx/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 0 0"
    );
    assert_eq!(
        stdout(&["junqi", "moves", south_view.trim()]),
        stdout(&["junqi", "moves", START])
    );
    let north_view = stdout(&["junqi", "view", START, "n"]);
    fails(
        &["junqi", "moves", north_view.trim()],
        "south's pieces are hidden",
    );
}

#[test]
fn a_finished_game_has_no_moves() {
    // North's flag is gone.
    assert_eq!(
        stdout(&["junqi", "moves", "5/ggh2/5/5/5/5/5/5/5/5/5/GL3 s 0 0"]),
        ""
    );
}

#[test]
fn play_reports_battles_and_the_result() {
    // The captain on b11 steps into North's headquarters b12 and captures the flag.
    let jnf = "1l3/1G3/5/5/5/5/5/5/5/5/I3g/1L3 s 0 0";
    let out = stdout(&["junqi", "play", jnf, "b11-b12"]);
    assert_eq!(
        out,
        "b11-b12 win\n1G3/5/5/5/5/5/5/5/5/5/I3g/1L3 n 0 1\nresult: south (flag lost)\n"
    );
    // Equal ranks both go; a lower rank loses.
    let jnf = "1l3/5/5/5/5/5/5/5/5/5/G2gh/1L3 s 0 0";
    let out = stdout(&["junqi", "play", jnf, "a2-d2"]);
    assert_eq!(out.lines().next(), Some("a2-d2 both"));
    let jnf = "1l3/5/5/5/5/5/5/5/5/5/H2g1/1L3 s 0 0";
    let out = stdout(&["junqi", "play", jnf, "a2-d2"]);
    assert_eq!(out.lines().next(), Some("a2-d2 lose"));
    assert!(
        out.contains("\n1l3/5/5/5/5/5/5/5/5/5/3g1/1L3 n 0 1\n"),
        "{out}"
    );
}

#[test]
fn play_without_a_result_prints_moves_and_position_only() {
    // Lieutenant meets lieutenant; then North's colonel runs down the a-file rail.
    let out = stdout(&["junqi", "play", START, "a6-a7", "a8-a7"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [
            "a6-a7 both",
            "a8-a7",
            "fjgli/hkjkj/b1a1g/dc1cd/2i1e/eifgh/1GFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 1 2"
        ]
    );
}

#[test]
fn play_stops_at_the_first_illegal_move_and_prints_nothing() {
    fails(
        &["junqi", "play", START, "a6-a7", "a1-a2"],
        "move 2 of 2: a1-a2: north has no piece on a1",
    );
    fails(
        &["junqi", "play", START, "a6-a5"],
        "move 1 of 1: a6-a5: the lieutenant on a6 cannot reach a5",
    );
    fails(
        &["junqi", "play", START, "b1-b2"],
        "move 1 of 1: b1-b2: a flag never moves",
    );
    fails(&["junqi", "play", START, "a2-a3"], "move 1 of 1");
    fails(
        &["junqi", "play", START, "a6-a13"],
        "move 1 of 1: move 'a6-a13'",
    );
    fails(&["junqi", "play", START, "a6"], "'a6' is not a move");
    // A move after the end of the game.
    let jnf = "1l3/1G3/5/5/5/5/5/5/5/5/I3g/1L3 s 0 0";
    fails(
        &["junqi", "play", jnf, "b11-b12", "e2-e3"],
        "move 2 of 2: e2-e3: the game is over",
    );
}

#[test]
fn play_ends_games_by_the_no_battle_rule_of_the_chosen_rule_set() {
    let jnf = "1l3/5/5/5/5/5/5/5/5/5/G3g/1L3 s 30 0";
    // South makes the 31st quiet ply: it loses by default (the rule's aim)...
    let out = stdout(&["junqi", "play", jnf, "a2-a3", "--rules", "championship"]);
    assert!(
        out.ends_with("result: north (no battle in 31 plies)\n"),
        "{out}"
    );
    // ...and wins under the other reading, where North, to move, loses.
    let out = stdout(&[
        "junqi",
        "play",
        jnf,
        "a2-a3",
        "--rules",
        "championship",
        "--no-battle-loser",
        "side-to-move",
    ]);
    assert!(
        out.ends_with("result: south (no battle in 31 plies)\n"),
        "{out}"
    );
    let out = stdout(&["junqi", "play", jnf, "a2-a3"]);
    assert!(!out.contains("result"), "{out}");
}

#[test]
fn view_hides_the_enemy_but_shows_a_flag_whose_marshal_is_gone() {
    let jnf = "1l1j1/3g1/5/5/5/5/5/5/5/5/A4/1L3 s 0 0";
    assert_eq!(
        stdout(&["junqi", "view", jnf, "s"]),
        "1l1x1/3x1/5/5/5/5/5/5/5/5/A4/1L3 s 0 0\n"
    );
    assert_eq!(
        stdout(&["junqi", "view", jnf, "n"]),
        "1l1j1/3g1/5/5/5/5/5/5/5/5/X4/1X3 s 0 0\n"
    );
    fails(
        &["junqi", "view", "1l1x1/5/5/5/5/5/5/5/5/5/A4/1L3 s 0 0", "n"],
        "north's pieces are hidden",
    );
}

#[test]
fn layouts_are_checked_and_generated_reproducibly() {
    let example = "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf";
    assert_eq!(
        stdout(&["junqi", "layout", "check", &example.to_uppercase()]),
        format!("{example}\n")
    );
    fails(
        &[
            "junqi",
            "layout",
            "check",
            "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/igljf",
        ],
        "c1: the flag must stand",
    );
    let a = stdout(&["junqi", "layout", "random", "--seed", "7"]);
    assert_eq!(a, stdout(&["junqi", "layout", "random", "--seed", "7"]));
    assert_ne!(a, stdout(&["junqi", "layout", "random", "--seed", "8"]));
    assert_eq!(stdout(&["junqi", "layout", "check", a.trim()]), a);
}

#[test]
fn perft_prints_only_the_count() {
    assert_eq!(stdout(&["junqi", "perft", START, "0"]), "1\n");
    assert_eq!(stdout(&["junqi", "perft", START, "2"]), "1036\n");
    fails(&["junqi", "perft", START, "65"], "65 is not in 0..=64");
    fails(&["junqi", "perft", START, "-1"], "'-1'");
}

#[test]
fn bad_input_is_one_line_naming_the_problem() {
    fails(&["junqi", "moves", "nonsense"], "JNF has 1 fields");
    fails(
        &["junqi", "moves", "5/5/5/5/5/5/5/5/5/5/5/L4 s 0 0"],
        "south's flag at a1",
    );
    fails(
        &["junqi", "moves", "5/5/5/5/5/5/5/5/5/5/5/1L2\n s 0 0"],
        "rank 1 describes 4 cells",
    );
    fails(
        &["junqi", "perft", "1x3/5/5/5/5/5/5/5/5/5/5/1L3 s 0 0", "1"],
        "hidden",
    );
    fails(&["junqi", "layout", "check", "ilgjf/a\nb"], "6 rows");
    fails(&["junqi", "view", START, "w"], "'w' is not a side");
    fails(&["junqi", "frobnicate"], "unrecognized subcommand");
    // Control characters from the input are escaped, so the error stays on one line.
    fails(&["junqi", "play", START, "a6-a\n7"], "\\n");
}
