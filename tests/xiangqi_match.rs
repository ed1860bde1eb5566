//! `lanqi xiangqi match` as a user runs it: short matches at fixed depths (no clock, so the
//! games are the same on every machine), lanqi's engine in-process and over UCI and UCCI,
//! a tally that adds up, and one-line errors.

#[path = "support/cli.rs"]
mod cli;
use cli::{fails, stdout};

/// Checks the summary of a match of `games` games and returns A's (wins, draws, losses).
fn tally(out: &str, games: u32) -> (u32, u32, u32) {
    let summary = out
        .lines()
        .find(|l| l.starts_with("wins "))
        .unwrap_or_else(|| panic!("no tally in {out}"));
    let w: Vec<u32> = summary
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(w.len(), 3, "{summary}");
    assert_eq!(w[0] + w[1] + w[2], games, "{out}");
    let score = (w[0] as f64 + w[1] as f64 / 2.0) / games as f64;
    let line = out.lines().find(|l| l.starts_with("score ")).unwrap();
    assert!(
        line.starts_with(&format!("score {score:.4} (95% CI ")),
        "{line}"
    );
    assert!(out.lines().any(|l| l.starts_with("elo ")), "{out}");
    (w[0], w[1], w[2])
}

#[test]
fn engine_against_engine_at_fixed_depths_is_repeatable_and_adds_up() {
    let args = [
        "xiangqi",
        "match",
        "--a",
        "engine:hard",
        "--b",
        "engine:easy",
        "--games",
        "2",
        "--a-depth",
        "3",
        "--b-depth",
        "1",
        "--verbose",
        "--moves",
    ];
    let out = stdout(&args);
    let (w, d, l) = tally(&out, 2);
    // One line per game: its number, the opening, A's colour, the result and the moves.
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games[0].starts_with("game 0 opening \"central cannon v screen horses\" a=red "));
    assert!(games[1].starts_with("game 1 opening \"central cannon v screen horses\" a=black "));
    assert!(
        games[0].contains(": moves h2e2 h9g7 h0g2 b9c7 "),
        "{}",
        games[0]
    );
    let results = games
        .iter()
        .map(|g| {
            let words: Vec<&str> = g.split_whitespace().collect();
            let at = words.iter().position(|w| w.starts_with("a=")).unwrap();
            words[at + 1]
        })
        .collect::<Vec<_>>();
    let count = |r: &str| results.iter().filter(|&&x| x == r).count() as u32;
    assert_eq!((count("win"), count("draw"), count("loss")), (w, d, l));
    // Depth 3 against depth 1 should not lose both.
    assert!(w + d > 0, "{out}");
    // The same depths give the same games (the times per move aside).
    let games_only = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| !l.starts_with("a ") && !l.starts_with("b "))
            .map(String::from)
            .collect()
    };
    assert_eq!(games_only(&stdout(&args)), games_only(&out));
}

#[test]
fn lanqi_over_uci_and_ucci_as_an_external_engine() {
    let lanqi = env!("CARGO_BIN_EXE_lanqi");
    for protocol in ["uci", "ucci"] {
        let b = format!("{protocol}:{lanqi} engine xiangqi");
        let out = stdout(&[
            "xiangqi",
            "match",
            "--a",
            "engine:easy",
            "--b",
            &b,
            "--games",
            "2",
            "--first-game",
            "4",
            "--depth",
            "2",
            "--verbose",
        ]);
        tally(&out, 2);
        assert!(
            out.contains("game 4 opening \"same-direction cannons\" a=red "),
            "{out}"
        );
        assert!(
            out.contains("(lanqi-xiangqi "),
            "the engine's name is shown: {out}"
        );
        // A failing engine would lose with its error as the reason; these play to the end.
        assert!(!out.contains("the engine"), "{out}");
    }
}

#[test]
fn from_the_start_position_lanqi_opens_from_its_book() {
    let lanqi = env!("CARGO_BIN_EXE_lanqi");
    let a = format!("uci:{lanqi} engine xiangqi");
    let out = stdout(&[
        "xiangqi",
        "match",
        "--a",
        &a,
        "--b",
        "engine:easy",
        "--games",
        "2",
        "--depth",
        "1",
        "--openings",
        "start",
        "--verbose",
        "--moves",
    ]);
    tally(&out, 2);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    for line in &games {
        assert!(line.contains("opening \"start position\""), "{line}");
    }
    // A (Red in game 0) opens from its book: a main-line first move.
    let first = games[0]
        .split(": moves ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    let book = [
        "h2e2", "b2e2", "c3c4", "g3g4", "g0e2", "c0e2", "h0g2", "b0c2", "h2d2", "b2f2", "h2f2",
        "b2d2",
    ];
    assert!(
        book.contains(&first),
        "{first} is not a book opening: {out}"
    );
}

#[test]
fn bad_players_and_clocks_are_one_line_errors() {
    fails(
        &[
            "xiangqi",
            "match",
            "--a",
            "engine:expert",
            "--b",
            "engine:easy",
        ],
        "engine:expert",
    );
    fails(
        &[
            "xiangqi",
            "match",
            "--a",
            "engine:easy",
            "--b",
            "uci:/no/such/engine",
        ],
        "uci:/no/such/engine",
    );
    fails(
        &[
            "xiangqi",
            "match",
            "--a",
            "engine:easy",
            "--b",
            "engine:easy",
            "--clock",
            "x+1",
        ],
        "not a number",
    );
}

/// Against Fairy-Stockfish when it is installed (Debian's `fairy-stockfish`): the engine
/// is recognised, told the variant, and its ranks 1..10 are translated both ways.
#[test]
fn fairy_stockfish_when_installed() {
    let Some(path) = ["/usr/games/fairy-stockfish", "/usr/bin/fairy-stockfish"]
        .into_iter()
        .find(|p| std::path::Path::new(p).exists())
    else {
        eprintln!("fairy-stockfish is not installed: skipped");
        return;
    };
    let b = format!("uci:{path}");
    let out = stdout(&[
        "xiangqi",
        "match",
        "--a",
        "engine:easy",
        "--b",
        &b,
        "--games",
        "2",
        "--a-depth",
        "2",
        "--b-depth",
        "2",
        "--verbose",
    ]);
    tally(&out, 2);
    assert!(out.contains("Fairy-Stockfish"), "{out}");
    assert!(!out.contains("not a legal move"), "{out}");
}
