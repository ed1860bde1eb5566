//! Renju's forbidden points against positions worked out by hand
//! (`tests/data/gomoku_renju.txt`, each with the reasoning), through the library and the
//! command line.

#[path = "support/cli.rs"]
mod cli;

use lanqi::rules::gomoku::{Game, Point, Rule, Settings, Size};

/// One case of the data file.
struct Case {
    line: usize,
    size: String,
    moves: Vec<String>,
    expected: Vec<String>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/gomoku_renju.txt");
    let cases: Vec<Case> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| {
            let fields: Vec<&str> = l.split('|').map(str::trim).collect();
            let [size, moves, expected] = fields[..] else {
                panic!("line {}: expected SIZE | MOVES | EXPECTED", i + 1);
            };
            let expected = match expected {
                "-" => vec![],
                list => list.split(',').map(|s| s.trim().to_string()).collect(),
            };
            Case {
                line: i + 1,
                size: size.to_string(),
                moves: moves.split_whitespace().map(String::from).collect(),
                expected,
            }
        })
        .collect();
    assert!(cases.len() >= 15, "{} cases", cases.len());
    cases
}

#[test]
fn the_library_finds_exactly_the_forbidden_points() {
    for case in cases() {
        let settings = Settings {
            rule: Rule::Renju,
            size: case.size.parse::<Size>().unwrap(),
            ..Settings::default()
        };
        let mut game = Game::new(settings).unwrap();
        for mv in &case.moves {
            let point: Point = mv.parse().unwrap();
            game.play(point)
                .unwrap_or_else(|e| panic!("line {}: {mv}: {e}", case.line));
        }
        assert_eq!(game.ending(), None, "line {}", case.line);
        let mut found: Vec<String> = game
            .forbidden_points()
            .into_iter()
            .map(|(p, shape)| format!("{p} {shape}"))
            .collect();
        found.sort();
        assert_eq!(found, case.expected, "line {}", case.line);
    }
}

#[test]
fn the_command_line_prints_them() {
    for case in cases() {
        let mut args = vec!["gomoku", "forbidden", "--size", &case.size];
        args.extend(case.moves.iter().map(String::as_str));
        let expected: String = case.expected.iter().map(|l| format!("{l}\n")).collect();
        assert_eq!(cli::stdout(&args), expected, "line {}", case.line);
    }
}
