//! `lanqi junqi match` and `lanqi engine junqi --ccgc` as other tools call them.

use std::process::{Command, Output};

#[path = "support/deadline.rs"]
mod deadline;

use lanqi::engine::junqi::Level;
use lanqi::engine::junqi::ccgc::{CcgcOptions, move_text, parse_move, serve};
use lanqi::rules::junqi::{Layout, NoBattleVerdict, Position, Side};

fn lanqi(args: &[&str], stdin: &str) -> Output {
    let mut command = Command::new(env!("CARGO_BIN_EXE_lanqi"));
    command.args(args);
    deadline::output(command, Some(stdin.as_bytes()))
}

fn numbers(line: &str) -> Vec<u32> {
    line.split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect()
}

#[test]
fn match_prints_wins_draws_losses_then_the_score_and_times() {
    let args = [
        "junqi", "match", "--a", "greedy", "--b", "random", "--games", "6", "--seed", "3",
    ];
    let out = lanqi(&args, "");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let words: Vec<&str> = lines[0].split(' ').collect();
    assert_eq!(
        [words[0], words[2], words[4]],
        ["wins", "draws", "losses"],
        "{text}"
    );
    let wdl = numbers(lines[0]);
    assert_eq!(wdl.len(), 3);
    assert_eq!(wdl.iter().sum::<u32>(), 6);
    assert!(
        lines[1].starts_with("score ") && lines[1].contains("(95% CI "),
        "{text}"
    );
    let score: f64 = lines[1].split(' ').nth(1).unwrap().parse().unwrap();
    let expected = (wdl[0] as f64 + wdl[1] as f64 / 2.0) / 6.0;
    assert!((score - expected).abs() < 1e-4, "{text}");
    assert!(lines[2].starts_with("a greedy: ") && lines[2].ends_with(" per move"));
    assert!(lines[3].starts_with("b random: "));
    // The same seed, the same games.
    let again = String::from_utf8(lanqi(&args, "").stdout).unwrap();
    assert_eq!(again.lines().take(2).collect::<Vec<_>>(), lines[..2]);
}

#[test]
fn match_verbose_lists_each_game_and_alternates_sides() {
    let out = lanqi(
        &[
            "junqi",
            "match",
            "--a",
            "engine:easy",
            "--b",
            "random",
            "--games",
            "2",
            "--seed",
            "1",
            "--nodes",
            "500",
            "--verbose",
        ],
        "",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].starts_with("game 0 a=south "), "{text}");
    assert!(lines[1].starts_with("game 1 a=north "), "{text}");
    assert!(lines[2].starts_with("wins "), "{text}");
}

#[test]
fn match_refuses_unknown_players() {
    for bad in ["engine:expert", "human", ""] {
        let out = lanqi(&["junqi", "match", "--a", bad, "--b", "random"], "");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(out.stdout.is_empty());
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let out = lanqi(
        &[
            "junqi", "match", "--a", "random", "--b", "random", "--games", "0",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn ccgc_squares_are_rows_a_to_l_and_columns_0_to_4_in_the_programs_view() {
    let m = parse_move("G0F0").unwrap();
    assert_eq!(m.to_string(), "a6-a7");
    assert_eq!(move_text(m), "G0F0");
    assert_eq!(parse_move("L1A3").unwrap().to_string(), "b1-d12");
    for bad in ["G0F", "M0A0", "G5F0", "g0f0", "G0F0X"] {
        assert!(parse_move(bad).is_none(), "{bad}");
    }
}

/// One side of a CCGC session on the library: the layout is valid, every BESTMOVE is legal
/// in the program's own view, and results and a revealed flag are taken in.
#[test]
fn ccgc_session_answers_name_array_and_legal_moves() {
    let options = CcgcOptions {
        level: Level::Easy,
        seed: 4,
        name: "lanqi".into(),
        no_battle: NoBattleVerdict::MoverLoses,
    };
    // Second to move: the referee's first GO carries the opponent's opening move, F0E1
    // (its a7 into its camp, in our view).
    let script = "INFO 1.0\nSTART 1 1800 31\nGO F0E1 3 00\n";
    let mut out = Vec::new();
    let mut log = Vec::new();
    serve(script.as_bytes(), &mut out, &mut log, &options).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "NAME lanqi");
    let array = lines[1].strip_prefix("ARRAY ").unwrap();
    assert_eq!(array.len(), 25);
    // Rebuild the layout text: rows of 5, 3, 4, 3, 5, 5 pieces with the camps.
    let r = |a: usize, b: usize| &array[a..b];
    let layout_text = format!(
        "{}/{}+{}+{}/{}+{}/{}+{}+{}/{}/{}",
        r(0, 5),
        r(5, 6),
        r(6, 7),
        r(7, 8),
        r(8, 10),
        r(10, 12),
        r(12, 13),
        r(13, 14),
        r(14, 15),
        r(15, 20),
        r(20, 25)
    );
    let layout: Layout = layout_text.parse().expect("a valid layout");
    let best = lines[2].strip_prefix("BESTMOVE ").unwrap();
    let mv = parse_move(best).unwrap();
    let start = Position::from_layouts(&layout, &Layout::random(1), Side::North);
    let (after, _) = start.play("a7-b8".parse().unwrap()).unwrap();
    assert!(after.legal_moves().contains(&mv), "{best} is not legal");
    assert!(String::from_utf8(log).unwrap().is_empty());
}

#[test]
fn ccgc_over_stdin_and_stdout() {
    let out = lanqi(
        &[
            "engine", "junqi", "--ccgc", "--level", "easy", "--seed", "2",
        ],
        "INFO 1.0\nSTART 0 1800 31\nGO 0000 0 00\nRESULT 3 00\nEND 1\n",
    );
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "NAME lanqi");
    assert!(
        lines[1].starts_with("ARRAY ") && lines[1].len() == 31,
        "{text}"
    );
    let mv = parse_move(lines[2].strip_prefix("BESTMOVE ").unwrap()).unwrap();
    // Our own pieces stand on rows G..L (6..11); a first move starts there.
    assert!(mv.from.row() >= 6, "{text}");
    // Without --ccgc the command refuses to start.
    let out = lanqi(&["engine", "junqi"], "");
    assert_eq!(out.status.code(), Some(2));
}
