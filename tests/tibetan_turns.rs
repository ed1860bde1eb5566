//! Tibetan seven-square chess against positions worked out by hand
//! (`tests/data/tibetan_turns.txt`, each with the reasoning): the legal turns and the
//! removals each earns, and what playing turns leads to, through the library and through
//! the command line.

#[path = "support/cli.rs"]
mod cli;

use lanqi::rules::tibetan::{Game, Phase, Position, Rules, Side, Turn};

/// One block of the data file.
#[derive(Default)]
struct Case {
    line: usize,
    position: String,
    options: Vec<String>,
    moves: Option<Vec<String>>,
    count: Option<usize>,
    play: Option<Vec<String>>,
    after: Option<String>,
    result: Option<String>,
    error: Option<String>,
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/tibetan_turns.txt");
    let mut cases = vec![];
    let mut case: Option<Case> = None;
    let mut in_moves = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if word == "pos" {
            assert!(case.is_none(), "line {}: pos inside a case", i + 1);
            case = Some(Case {
                line: i + 1,
                position: rest.to_string(),
                ..Case::default()
            });
            in_moves = false;
            continue;
        }
        let c = case
            .as_mut()
            .unwrap_or_else(|| panic!("line {}: outside a case", i + 1));
        let words = || {
            rest.split_whitespace()
                .map(String::from)
                .collect::<Vec<_>>()
        };
        match word {
            "set" => c.options = words(),
            "moves" => {
                c.moves = Some(vec![]);
                in_moves = true;
                continue;
            }
            "count" => c.count = Some(rest.parse().unwrap()),
            "play" => c.play = Some(words()),
            "after" => c.after = Some(rest.to_string()),
            "result" => c.result = Some(rest.to_string()),
            "error" => c.error = Some(rest.to_string()),
            "end" => cases.push(case.take().unwrap()),
            _ if in_moves => {
                c.moves.as_mut().unwrap().push(line.to_string());
                continue;
            }
            _ => panic!("line {}: unknown {word:?}", i + 1),
        }
        in_moves = false;
    }
    assert!(case.is_none(), "the last case has no end");
    assert!(cases.len() >= 30, "{} cases", cases.len());
    cases
}

/// The rule set the command-line options name (as `lanqi tibetan` reads them).
fn rules(options: &[String]) -> Rules {
    let mut rules = Rules::default();
    let mut i = 0;
    while i < options.len() {
        match options[i].as_str() {
            "--protect" => rules.protect_formations = true,
            "--no-square-cap" => rules.square_cap = false,
            "--uncapped-placement" => rules.cap_placements = false,
            "--no-repetition" => rules.repetition_draw = false,
            "--fly" => {
                i += 1;
                let n: u8 = options[i].parse().unwrap();
                rules.fly_at = (n > 0).then_some(n);
            }
            "--battle-first" => {
                i += 1;
                rules.battle_first = options[i].parse::<Side>().unwrap();
            }
            other => panic!("unknown option {other}"),
        }
        i += 1;
    }
    rules
}

/// The `moves` lines of a game, from the library.
fn listed(game: &Game) -> Vec<String> {
    let turns = game.legal_turns();
    if game.position().phase() == Phase::Remove {
        turns
            .iter()
            .map(|t| format!("remove {}", t.earned))
            .collect()
    } else {
        turns
            .iter()
            .map(|t| format!("{} {}", t.turn, t.earned))
            .collect()
    }
}

fn check_moves(case: &Case, found: &[String], how: &str) {
    let Some(expected) = &case.moves else { return };
    match case.count {
        None => assert_eq!(found, expected, "line {} ({how})", case.line),
        Some(n) => {
            assert_eq!(found.len(), n, "line {} ({how})", case.line);
            for line in expected {
                assert!(
                    found.contains(line),
                    "line {} ({how}): no {line}",
                    case.line
                );
            }
        }
    }
    let mut sorted = found.to_vec();
    sorted.sort();
    sorted.dedup();
    assert_eq!(
        sorted, found,
        "line {} ({how}): sorted, once each",
        case.line
    );
}

#[test]
fn the_library_lists_and_plays_the_turns() {
    for case in cases() {
        let position: Position = case.position.parse().unwrap();
        assert_eq!(position.to_string(), case.position, "line {}", case.line);
        let mut game = Game::from_position(position, rules(&case.options)).unwrap();
        check_moves(&case, &listed(&game), "library");
        let Some(turns) = &case.play else { continue };
        let n = turns.len();
        for (i, text) in turns.iter().enumerate() {
            let turn: Turn = text.parse().unwrap();
            match (game.play(&turn), &case.error) {
                (Ok(()), _) if i + 1 < n || case.error.is_none() => {}
                (Err(e), Some(expected)) if i + 1 == n => {
                    let e = e.to_string();
                    assert!(e.contains(expected), "line {}: {e}", case.line);
                }
                (outcome, _) => panic!("line {}: {text}: {outcome:?}", case.line),
            }
        }
        if case.error.is_some() {
            continue;
        }
        let after = case.after.as_ref().expect("after");
        assert_eq!(&game.position().to_string(), after, "line {}", case.line);
        let ending = game.ending().map(|e| e.to_string());
        assert_eq!(ending, case.result, "line {}", case.line);
    }
}

#[test]
fn the_command_line_prints_them() {
    for case in cases() {
        let mut args = vec!["tibetan", "moves"];
        args.extend(case.options.iter().map(String::as_str));
        args.push(&case.position);
        let out = cli::stdout(&args);
        let found: Vec<String> = out.lines().map(String::from).collect();
        check_moves(&case, &found, "command line");
        let Some(turns) = &case.play else { continue };
        let mut args = vec!["tibetan", "play"];
        args.extend(case.options.iter().map(String::as_str));
        args.push(&case.position);
        args.extend(turns.iter().map(String::as_str));
        if let Some(error) = &case.error {
            let n = turns.len();
            cli::fails(&args, error);
            let last = format!("lanqi: turn {n} of {n} ({}): ", turns[n - 1]);
            let stderr = String::from_utf8(cli::lanqi(&args).stderr).unwrap();
            assert!(stderr.starts_with(&last), "line {}: {stderr}", case.line);
            continue;
        }
        let mut expected: String = turns.iter().map(|t| format!("{t}\n")).collect();
        expected += &format!("{}\n", case.after.as_ref().unwrap());
        if let Some(result) = &case.result {
            expected += &format!("result: {result}\n");
        }
        assert_eq!(cli::stdout(&args), expected, "line {}", case.line);
    }
}
