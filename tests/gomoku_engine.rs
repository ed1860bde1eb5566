//! The Gomoku engine on positions with known answers, under every rule set and seat count,
//! and in matches against the source-style pattern player. Node limits only: the same
//! inputs give the same moves on any machine.

#[path = "support/pattern_player.rs"]
mod pattern_player;

use lanqi::engine::Level;
use lanqi::engine::gomoku::policy::Policy;
use lanqi::engine::gomoku::state::State;
use lanqi::engine::gomoku::{How, Limits, Searcher, level_limits};
use lanqi::rules::gomoku::{Game, Point, Rule, Seat, Settings, Size};
use pattern_player::PatternPlayer;

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

fn settings(rule: Rule, seats: u8, win: u8) -> Settings {
    Settings {
        rule,
        size: Size::STANDARD,
        seats,
        win,
        opening: Default::default(),
    }
}

/// A game after `moves` (in seat order).
fn game(settings: Settings, moves: &str) -> Game {
    let mut g = Game::new(settings).unwrap();
    for m in moves.split_whitespace() {
        g.play(p(m)).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    g
}

/// A two-seat game where Black has `black` and White `white` (the same count, or one
/// fewer for White), played alternately.
fn position(rule: Rule, black: &str, white: &str) -> Game {
    let b: Vec<&str> = black.split_whitespace().collect();
    let w: Vec<&str> = white.split_whitespace().collect();
    assert!(b.len() == w.len() || b.len() == w.len() + 1);
    let mut moves = Vec::new();
    for (i, &m) in b.iter().enumerate() {
        moves.push(m);
        if let Some(m) = w.get(i) {
            moves.push(m);
        }
    }
    game(settings(rule, 2, 5), &moves.join(" "))
}

fn limits(nodes: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        ..Limits::default()
    }
}

fn best(game: &Game, nodes: u64) -> (Point, How) {
    let report = Searcher::new(8).search(game, limits(nodes));
    let best = report.best.expect("a move");
    assert!(game.check(best).is_ok(), "{best} is not legal: {report:?}");
    (best, report.how)
}

#[test]
fn plays_the_centre_first_and_wins_in_one() {
    let g = game(Settings::default(), "");
    assert_eq!(best(&g, 1000).0, p("h8"));
    // Black h8..k8 (l8 open, g8 white): l8 wins; White's own four does not matter.
    let g = position(Rule::Freestyle, "h8 i8 j8 k8", "g8 c3 c4 c5");
    assert_eq!(best(&g, 1000), (p("l8"), How::Win));
}

#[test]
fn blocks_a_four_and_an_open_three() {
    // White has d4 e4 f4 g4 with c4 Black: h4 is the only block. Black to move.
    let g = position(Rule::Freestyle, "c4 h8 a15 o1", "d4 e4 f4 g4");
    assert_eq!(best(&g, 5_000), (p("h4"), How::Block));
    // White's open three d4 e4 f4 (room on both sides): Black must take c4 or g4; b4 or
    // h4 would let White make an open four on the other side.
    let g = position(Rule::Freestyle, "h8 j10 a15 o1", "d4 e4 f4 m1");
    let (m, _) = best(&g, 20_000);
    assert!(["c4", "g4"].contains(&m.to_string().as_str()), "{m}");
}

#[test]
fn open_four_is_taken_when_it_wins() {
    // Black e5 f5 g5 with both sides open and White with nothing: an open four wins.
    let g = position(Rule::Freestyle, "e5 f5 g5", "a15 o15 a1");
    let (m, how) = best(&g, 5_000);
    assert!(
        ["d5", "h5"].contains(&m.to_string().as_str()),
        "{m} {how:?}"
    );
}

/// Plays the game on from Black to move: Black is the engine; White blocks Black's five
/// when there is one, else plays the pattern player's move. Returns the winner and Black's
/// moves.
fn play_out(mut g: Game, nodes: u64, moves: usize) -> (Option<Seat>, Vec<Point>) {
    let mut searcher = Searcher::new(8);
    let mut white = PatternPlayer::new(1);
    let mut black_moves = Vec::new();
    for _ in 0..moves {
        if g.ending().is_some() {
            break;
        }
        let m = if g.to_move() == Seat::BLACK {
            let m = searcher.search(&g, limits(nodes)).best.unwrap();
            black_moves.push(m);
            m
        } else {
            let five = g.board().empty_points().find(|&q| black_fives_at(&g, q));
            five.unwrap_or_else(|| white.pick(&g).unwrap())
        };
        g.play(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
    (g.ending().and_then(|e| e.winner()), black_moves)
}

/// Whether a black stone on `q` would make five in a row (freestyle).
fn black_fives_at(g: &Game, q: Point) -> bool {
    let b = g.board();
    [(1i32, 0i32), (0, 1), (1, 1), (1, -1)]
        .iter()
        .any(|&(dx, dy)| {
            let count = |s: i32| {
                (1..5)
                    .take_while(|&k| {
                        let (x, y) = (q.file() as i32 + s * k * dx, q.rank() as i32 + s * k * dy);
                        x >= 0
                            && y >= 0
                            && Point::new(x as u8, y as u8)
                                .is_some_and(|pt| b.get(pt) == Some(Seat::BLACK))
                    })
                    .count()
            };
            count(1) + count(-1) + 1 >= 5
        })
}

#[test]
fn finds_vcfs_established_by_hand() {
    // 1. Black c3 d3 e3 (White b3), f5 f6 (White f7), d2 c1: f4 makes the diagonal four
    //    c1-f4 (White must take g5) and then f3 is a double four (c3-f3, f3-f6). f3 first
    //    works too (four on rank 3, then f4 makes two fours).
    let vcf1 = position(
        Rule::Freestyle,
        "c3 d3 e3 f5 f6 d2 c1",
        "b3 f7 a15 c15 e15 g15 i15",
    );
    // 2. Black e8 f8 g8 (White d8), h10 h11 (White h12), f7. The only four is h8
    //    (e8-h8; White must take i8); then h9 is a four on file h (h8-h11; White must
    //    take h7) and an open three f7-g8-h9 on the diagonal; then i10 or e6 is an open
    //    four. No other first move is a four.
    let vcf2 = position(Rule::Freestyle, "e8 f8 g8 h10 h11 f7", "d8 h12 a1 a3 a5 o1");
    for (name, g) in [("vcf1", vcf1), ("vcf2", vcf2)] {
        let report = Searcher::new(8).search(&g, limits(50_000));
        assert_eq!(report.how, How::Vcf, "{name}: {report:?}");
        let (winner, moves) = play_out(g, 50_000, 30);
        assert_eq!(winner, Some(Seat::BLACK), "{name}: {moves:?}");
        assert!(moves.len() <= 6, "{name}: {moves:?}");
    }
}

#[test]
fn renju_black_never_plays_a_forbidden_point() {
    // g5 would be a double three for Black (e5 f5 g5 and g5 g6 g7): the natural move, and
    // forbidden.
    let g = position(Rule::Renju, "e5 f5 g6 g7 a15", "a1 a3 o1 o15 o13");
    assert!(g.check(p("g5")).is_err());
    let (m, _) = best(&g, 20_000);
    assert_ne!(m, p("g5"));
    // A whole game against the pattern player: every Black move is legal.
    for seed in 0..2 {
        let mut g = game(settings(Rule::Renju, 2, 5), "");
        let mut searcher = Searcher::new(8);
        let mut other = PatternPlayer::new(seed);
        while g.ending().is_none() {
            let m = if g.to_move() == Seat::BLACK {
                searcher.search(&g, level_limits(Level::Easy)).best.unwrap()
            } else {
                other.pick(&g).unwrap()
            };
            g.play(m)
                .unwrap_or_else(|e| panic!("seed {seed}: {m}: {e}\n{}", g.board()));
        }
    }
}

#[test]
fn standard_and_caro_rules_are_followed() {
    // Standard: an overline does not win, so Black must not count on i8 (h8..m8 would be
    // six); White threatens d4-g4 five, Black blocks.
    let g = game(settings(Rule::Standard, 2, 5), "h8 d4 j8 e4 k8 f4 l8 a1");
    // Black: h8 j8 k8 l8, White d4 e4 f4 a1; Black to move: i8 makes five (h8..l8) exactly.
    assert_eq!(best(&g, 5_000), (p("i8"), How::Win));
    // Black g8 h8 j8 k8 l8 and c4; White d4 e4 f4 g4: i8 would make six, no win under
    // standard, so Black blocks h4.
    let g = position(Rule::Standard, "g8 h8 j8 k8 l8 c4", "d4 e4 f4 g4 a1 a3");
    assert_eq!(best(&g, 20_000), (p("h4"), How::Block));
    // Caro: g8 would make c8..g8 with White on b8 and h8, blocked at both ends: no win.
    let g = position(Rule::Caro, "c8 d8 e8 f8", "b8 h8 a1 a3");
    let report = Searcher::new(8).search(&g, limits(5_000));
    assert_ne!(report.how, How::Win, "{report:?}");
}

#[test]
fn several_seats_block_whoever_wins_next() {
    // Three seats, seat 1 (Black) to move. Seat 3 has d4 e4 f4 g4 (c4 taken by seat 1):
    // h4 must be blocked now, whatever seat 2 might do.
    let s3 = settings(Rule::Freestyle, 3, 5);
    let g = game(s3, "c4 a15 d4 o15 a1 e4 h10 o1 f4 m12 b14 g4");
    assert_eq!(g.to_move(), Seat(0));
    assert_eq!(best(&g, 10_000), (p("h4"), How::Block));
    // Seat 2 (next) has k10 k11 k12 k13 with k9 taken: k14 is blocked.
    let g = game(s3, "k9 k10 a1 c3 k11 a3 e3 k12 a5 h1 k13 a7");
    assert_eq!(g.to_move(), Seat(0));
    assert_eq!(best(&g, 10_000), (p("k14"), How::Block));
    // Four seats, win 4 on 9x9: seat 4 has an open three (b2 c2 d2): seat 1 blocks a2 or e2.
    let s4 = Settings {
        rule: Rule::Freestyle,
        size: "9x9".parse().unwrap(),
        seats: 4,
        win: 4,
        opening: Default::default(),
    };
    let g = game(s4, "i9 g9 e9 b2 i7 g7 e7 c2 a9 a7 i5 d2");
    let (m, _) = best(&g, 10_000);
    assert!(["a2", "e2"].contains(&m.to_string().as_str()), "{m}");
}

#[test]
fn three_and_four_seat_games_stay_legal() {
    for (seats, win, size) in [(3u8, 5u8, "15x15"), (4, 4, "11x11"), (3, 4, "9x9")] {
        let s = Settings {
            rule: Rule::Freestyle,
            size: size.parse().unwrap(),
            seats,
            win,
            opening: Default::default(),
        };
        let mut g = Game::new(s).unwrap();
        let mut engines: Vec<Searcher> = (0..seats).map(|_| Searcher::new(4)).collect();
        let mut plies = 0;
        while g.ending().is_none() {
            let seat = g.to_move().index();
            let m = engines[seat]
                .search(&g, level_limits(Level::Easy))
                .best
                .unwrap();
            g.play(m)
                .unwrap_or_else(|e| panic!("{seats} seats: {m}: {e}\n{}", g.board()));
            plies += 1;
        }
        assert!(plies >= 2 * win as usize, "{seats} seats: {}", g.board());
    }
}

#[test]
fn small_boards_and_other_win_lengths() {
    for (size, win) in [
        ("5x5", 4u8),
        ("7x9", 5),
        ("26x26", 6),
        ("10x10", 3),
        ("8x8", 7),
    ] {
        let s = Settings {
            rule: Rule::Freestyle,
            size: size.parse().unwrap(),
            seats: 2,
            win,
            opening: Default::default(),
        };
        let mut g = Game::new(s).unwrap();
        let mut searcher = Searcher::new(4);
        let mut other = PatternPlayer::new(7);
        while g.ending().is_none() {
            let m = if g.to_move() == Seat::BLACK {
                searcher.search(&g, limits(3_000)).best.unwrap()
            } else {
                other.pick(&g).unwrap()
            };
            g.play(m).unwrap_or_else(|e| panic!("{size}: {m}: {e}"));
        }
    }
}

#[test]
fn the_same_limits_give_the_same_move() {
    let g = position(Rule::Freestyle, "h8 i9 g7 j9", "h9 i8 f6 h7");
    let a = Searcher::new(8).search(&g, limits(30_000));
    let b = Searcher::new(8).search(&g, limits(30_000));
    assert_eq!((a.best, a.nodes, a.score), (b.best, b.nodes, b.score));
}

/// One game, engine against the pattern player; the engine is Black when `engine_black`.
fn match_game(seed: u64, engine_black: bool, engine: Limits) -> (Option<bool>, usize) {
    let mut g = Game::new(Settings::default()).unwrap();
    let mut searcher = Searcher::new(16);
    let mut other = PatternPlayer::new(seed);
    while g.ending().is_none() {
        let engine_to_move = (g.to_move() == Seat::BLACK) == engine_black;
        let m = if engine_to_move {
            searcher.search(&g, engine).best.unwrap()
        } else {
            other.pick(&g).unwrap()
        };
        g.play(m).unwrap();
    }
    let winner = g.ending().and_then(|e| e.winner());
    let engine_seat = if engine_black {
        Seat::BLACK
    } else {
        Seat::WHITE
    };
    (winner.map(|w| w == engine_seat), g.moves().len())
}

#[test]
fn beats_the_pattern_player() {
    let mut won = 0;
    for game in 0..2u64 {
        let (result, plies) = match_game(game, game % 2 == 0, level_limits(Level::Medium));
        println!(
            "game {game}: engine {} in {plies} plies",
            match result {
                Some(true) => "won",
                Some(false) => "lost",
                None => "drew",
            }
        );
        won += usize::from(result == Some(true));
    }
    assert_eq!(won, 2, "the engine won {won} of 2");
}

#[test]
fn the_peer_bot_uses_the_engine_at_a_gomoku_table() {
    use lanqi::peer::{Bot, BotKind};
    use lanqi::protocol::fair::Binding;
    use lanqi::session::{AnyMove, AnyTable, Cheat, GameKind, Secrets, TableGame};
    let secrets = Secrets {
        binding: Binding([7; 32]),
        secret: [1; 32],
        cheat: Cheat::None,
    };
    let kind = GameKind::Gomoku(Settings::default());
    let mut table = AnyTable::start(&kind, &[], 0, "", 0, &secrets).unwrap();
    // White (seat 2) has d4 e4 f4 g4 with c4 Black's: the engine bot, as Black, blocks h4,
    // at every level and as `greedy`.
    for (seat, mv) in [
        (0, "c4"),
        (1, "d4"),
        (0, "h8"),
        (1, "e4"),
        (0, "a15"),
        (1, "f4"),
    ] {
        table
            .play(seat, &AnyMove::parse(kind, mv).unwrap())
            .unwrap();
    }
    table.play(0, &AnyMove::parse(kind, "o1").unwrap()).unwrap();
    table.play(1, &AnyMove::parse(kind, "g4").unwrap()).unwrap();
    let moves = table.legal_moves();
    for kind in [
        BotKind::Greedy,
        BotKind::Engine(Level::Easy),
        BotKind::Engine(Level::Medium),
    ] {
        let mut bot = Bot::new(kind.clone(), 5);
        let picked = bot.pick(&table, &moves).map(|m| m.to_string());
        assert_eq!(picked.as_deref(), Some("h4"), "{kind:?}");
    }
}

/// One game between two levels from a seeded three-stone opening near the centre; returns
/// whether `a` (Black when `a_black`) won (None: draw).
fn level_game(a: Level, b: Level, a_black: bool, seed: u64) -> Option<bool> {
    let mut g = Game::new(Settings::default()).unwrap();
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut rand = |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n) as u8
    };
    g.play(p("h8")).unwrap();
    while g.moves().len() < 3 {
        let q = Point::new(5 + rand(5), 5 + rand(5)).unwrap();
        let _ = g.play(q);
    }
    let mut searchers = [Searcher::new(16), Searcher::new(16)];
    while g.ending().is_none() {
        let a_to_move = (g.to_move() == Seat::BLACK) == a_black;
        let (level, s) = if a_to_move { (a, 0) } else { (b, 1) };
        let m = searchers[s].search(&g, level_limits(level)).best.unwrap();
        g.play(m).unwrap();
    }
    let a_seat = if a_black { Seat::BLACK } else { Seat::WHITE };
    g.ending().and_then(|e| e.winner()).map(|w| w == a_seat)
}

/// The level-against-level numbers of `docs/MEASUREMENTS.md` (slow: not run by default).
/// `cargo test --release --no-default-features --test gomoku_engine levels -- --ignored
/// --nocapture`.
#[test]
#[ignore]
fn levels_against_each_other() {
    for (a, b, games) in [
        (Level::Medium, Level::Easy, 8u64),
        (Level::Hard, Level::Medium, 8),
    ] {
        // [as Black, as White] x [won, lost, drawn], for `a`.
        let mut tally = [[0; 3]; 2];
        for seed in 0..games {
            let a_black = seed % 2 == 0;
            let column = match level_game(a, b, a_black, seed / 2) {
                Some(true) => 0,
                Some(false) => 1,
                None => 2,
            };
            tally[usize::from(!a_black)][column] += 1;
        }
        let [[bw, bl, bd], [ww, wl, wd]] = tally;
        println!(
            "{a} against {b}: as Black {bw} won, {bl} lost, {bd} drawn; \
             as White {ww} won, {wl} lost, {wd} drawn"
        );
    }
}

/// How often Rapfi's move is among the first five of the points near the stones when they
/// are ordered by `score(state, cell)` (best first; ties by cell number), over the
/// positions of tests/data/gomoku_rapfi_moves.txt.
fn rapfi_in_first_five(score: impl Fn(&State, usize) -> i32) -> f64 {
    let text = include_str!("data/gomoku_rapfi_moves.txt");
    let lines: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    let mut found = 0;
    for line in &lines {
        let (moves, rapfi) = line.split_once('|').unwrap();
        let g = game(Settings::default(), moves);
        let st = State::new(&g, Vec::new());
        let rapfi = p(rapfi);
        let mut cells: Vec<usize> = st
            .board_cells()
            .filter(|&c| st.is_empty(c) && st.is_near(c))
            .collect();
        cells.sort_by_key(|&c| std::cmp::Reverse(score(&st, c)));
        found += cells.iter().take(5).any(|&c| st.point(c) == rapfi) as usize;
    }
    found as f64 / lines.len() as f64
}

#[test]
fn the_fitted_ordering_puts_a_stronger_engines_move_first_more_often_than_the_cells_values() {
    let policy = Policy::current();
    let fitted = rapfi_in_first_five(|st, c| {
        policy.score(st.pats(st.mover(), c), st.pats(st.next_seat(), c))
    });
    let by_value =
        rapfi_in_first_five(|st, c| st.value(st.mover(), c) * 10 + st.value(st.next_seat(), c) * 9);
    assert!(
        fitted > by_value + 0.02 && fitted > 0.7,
        "Rapfi's move among the first five: fitted {fitted:.3}, by the cells' values {by_value:.3}"
    );
}
