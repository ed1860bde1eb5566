//! The engine finds every VCF of `tests/data/gomoku_vcf.txt` (positions worked out by
//! hand), and finds none where there is none; each case's winning line plays through the
//! rules core to the attacker's five. The same positions are timed in
//! `benches/gomoku_engine.rs`.

use lanqi::engine::gomoku::Searcher;
use lanqi::rules::gomoku::{Game, Point, Rule, Settings};

struct Case {
    name: String,
    game: Game,
    first: Vec<Point>,
    line: Vec<Point>,
}

fn points(text: &str) -> Vec<Point> {
    if text.trim() == "-" {
        return Vec::new();
    }
    text.split_whitespace()
        .map(|p| p.parse().unwrap_or_else(|e| panic!("{p}: {e}")))
        .collect()
}

fn cases() -> Vec<Case> {
    let text = include_str!("data/gomoku_vcf.txt");
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(" | ").collect();
            let [name, rule, black, white, first, line] = f.as_slice() else {
                panic!("bad line {l:?}")
            };
            let rule: Rule = rule.parse().unwrap();
            let mut game = Game::new(Settings {
                rule,
                ..Settings::default()
            })
            .unwrap();
            let (black, white) = (points(black), points(white));
            assert!(
                black.len() == white.len() || black.len() == white.len() + 1,
                "{name}"
            );
            for (i, &b) in black.iter().enumerate() {
                game.play(b).unwrap_or_else(|e| panic!("{name}: {e}"));
                if let Some(&w) = white.get(i) {
                    game.play(w).unwrap_or_else(|e| panic!("{name}: {e}"));
                }
            }
            assert_eq!(game.ending(), None, "{name}");
            Case {
                name: name.to_string(),
                game,
                first: points(first),
                line: points(line),
            }
        })
        .collect()
}

#[test]
fn the_lines_written_by_hand_win() {
    let cases = cases();
    assert!(cases.len() >= 6);
    for case in cases {
        let attacker = case.game.to_move();
        let mut g = case.game.clone();
        for &p in &case.line {
            g.play(p).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        }
        if case.line.is_empty() {
            assert!(case.first.is_empty(), "{}", case.name);
            continue;
        }
        assert!(case.first.contains(&case.line[0]), "{}", case.name);
        let ending = g
            .ending()
            .unwrap_or_else(|| panic!("{}: no five", case.name));
        assert_eq!(ending.winner(), Some(attacker), "{}", case.name);
        assert_eq!(
            ending.to_string().split(' ').nth(1),
            Some("(5"),
            "{}",
            case.name
        );
    }
}

/// Asserts that `found` is one of the case's first moves, or none when it has none.
fn assert_first_move(case: &Case, found: Option<Point>) {
    match found {
        Some(p) => assert!(
            case.first.contains(&p),
            "{}: found {p}, expected one of {:?}",
            case.name,
            case.first
        ),
        None => assert!(
            case.first.is_empty(),
            "{}: none found, expected one of {:?}",
            case.name,
            case.first
        ),
    }
}

#[test]
fn the_engine_finds_each_vcf_and_no_other() {
    let mut searcher = Searcher::new(4);
    for case in cases() {
        assert_first_move(&case, searcher.vcf(&case.game, 1_000_000));
    }
}

#[test]
fn a_vct_whose_fours_cost_no_depth_finds_each_vcf_with_no_three() {
    // With no open three to spend, a VCT with a four tail may only play fours: it is a
    // VCF, and must find the same first moves (and none where there is none).
    let mut searcher = Searcher::new(4);
    for case in cases() {
        assert_first_move(&case, searcher.vct_with_tail(&case.game, 1_000_000, 0, 30));
    }
}
