//! Threats with open threes (VCT), for attack and for defence, on positions worked out by
//! hand. Node limits only: the same moves on any machine.
//!
//! The position: Black has the open two g8 h8 on rank 8 and the split two i10 i11 on file
//! i; White's stones are in the corners. i8 makes two open threes at once (g8 h8 i8, and
//! i8 _ i10 i11): White can block only one, and Black makes an open four with the other.
//! Black has no four anywhere, so there is no VCF, only a VCT.

use lanqi::engine::gomoku::{How, Limits, Searcher};
use lanqi::rules::gomoku::{Game, Point, Settings};

fn p(s: &str) -> Point {
    s.parse().unwrap()
}

/// Black's and White's stones played alternately from the empty board.
fn position(black: &str, white: &str) -> Game {
    let b: Vec<&str> = black.split_whitespace().collect();
    let w: Vec<&str> = white.split_whitespace().collect();
    assert!(b.len() == w.len() || b.len() == w.len() + 1);
    let mut g = Game::new(Settings::default()).unwrap();
    for (i, m) in b.iter().enumerate() {
        g.play(p(m)).unwrap();
        if let Some(m) = w.get(i) {
            g.play(p(m)).unwrap();
        }
    }
    g
}

fn limits(nodes: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        ..Limits::default()
    }
}

/// Plays the game on with the engine on both sides for at most `plies` plies.
fn play_out(mut g: Game, nodes: u64, plies: usize) -> Game {
    let mut searcher = Searcher::new(8);
    for _ in 0..plies {
        if g.ending().is_some() {
            break;
        }
        let best = searcher.search(&g, limits(nodes)).best.unwrap();
        g.play(best).unwrap();
    }
    g
}

#[test]
fn a_double_three_is_found_by_the_vct_and_won() {
    let g = position("g8 h8 i10 i11", "a1 o1 a15 o15");
    let mut s = Searcher::new(8);
    assert_eq!(s.vcf(&g, 100_000), None, "no four, so no VCF");
    assert!(s.vct(&g, 100_000, 4).is_some(), "a VCT of threes");
    let r = s.search(&g, limits(100_000));
    assert_eq!(r.how, How::Vct);
    let end = play_out(g, 20_000, 12);
    let ending = end.ending().expect("the game ends within 12 plies");
    assert_eq!(ending.winner(), Some(end.moves()[0].seat), "Black wins");
}

#[test]
fn the_other_seats_vct_is_defended() {
    // White to move against the same threat, with j11 and f7 closing the diagonal
    // f7-j11 through g8 and i10 (Black has one more, harmless, stone on n14). Of every
    // point on the board, only i8 leaves Black without a VCT (6 threats deep): the
    // engine must find it, and Black's VCT, searched again after it, must be gone.
    let g = position("g8 h8 i10 i11 n14", "j11 f7 a1 o1");
    let mut s = Searcher::new(8);
    let passed = position("g8 h8 i10 i11", "j11 f7 a1 o1");
    assert!(s.vct(&passed, 100_000, 4).is_some(), "Black threatens i8");
    let r = s.search(&g, limits(100_000));
    assert_eq!(r.best, Some(p("i8")));
    let mut after = g.clone();
    after.play(p("i8")).unwrap();
    assert_eq!(s.vct(&after, 200_000, 6), None);
    let mut elsewhere = g.clone();
    elsewhere.play(p("j8")).unwrap();
    assert!(s.vct(&elsewhere, 200_000, 6).is_some(), "j8 is not enough");
}

#[test]
fn two_open_threes_are_blocked_where_they_meet() {
    // Black has the open threes e8 f8 g8 and h9 h10 h11; White to move. Only h8 closes
    // both (anywhere else, Black makes an open four with the other).
    let g = position("e8 f8 g8 h9 h10 h11", "a1 o1 a15 o15 b2");
    let r = Searcher::new(8).search(&g, limits(50_000));
    assert_eq!(r.best, Some(p("h8")));
}

#[test]
fn a_shallow_search_checks_its_move_against_the_other_seats_vct() {
    // The position of `the_other_seats_vct_is_defended`, where only i8 leaves Black
    // without a VCT, searched one ply deep: the static scores alone need not prefer i8,
    // but the move played is checked against Black's VCT and the next best tried.
    let g = position("g8 h8 i10 i11 n14", "j11 f7 a1 o1");
    let r = Searcher::new(8).search(
        &g,
        Limits {
            depth: Some(1),
            ..limits(100_000)
        },
    );
    assert_eq!(r.best, Some(p("i8")));
}

/// The game's moves from the first stone, as `h8 i9 …`.
fn moves(list: &str) -> Game {
    let mut g = Game::new(Settings::default()).unwrap();
    for m in list.split_whitespace() {
        g.play(p(m)).unwrap();
    }
    g
}

#[test]
fn the_proof_number_search_finds_a_long_vct_the_depth_limited_search_misses() {
    // From a game against Rapfi (#27): after White's j11, Rapfi (1,000,000 nodes) finds a
    // forced win for Black in 17 plies starting at h9. The depth-limited VCT, 6 threats
    // deep, does not see it within the same nodes; the proof-number search does, and
    // starts where Rapfi does.
    let g = moves("h8 i9 e7 i8 i10 h10 g11 j9 j11");
    let mut s = Searcher::new(8);
    assert_eq!(s.vct(&g, 300_000, 6), None);
    assert_eq!(s.vct_proof(&g, 300_000), Some(p("h9")));
}

/// The positions, along games the engine plays against itself (5,000 nodes a move, 16
/// plies) from the hand-made double three and from a game against Rapfi, where the
/// depth-limited VCT finds a win 4 threats deep within 200,000 nodes.
fn positions_with_a_vct(s: &mut Searcher) -> Vec<Game> {
    let mut found = Vec::new();
    for start in ["g8 h8 i10 i11|a1 o1 a15 o15", "h8 i9 e7 i8|i10 h10 g11 j9"] {
        let (b, w) = start.split_once('|').unwrap();
        let mut g = position(b, w);
        for _ in 0..16 {
            if g.ending().is_some() {
                break;
            }
            if s.vct(&g, 200_000, 4).is_some() {
                found.push(g.clone());
            }
            let best = s.search(&g, limits(5_000)).best.unwrap();
            g.play(best).unwrap();
        }
    }
    assert!(!found.is_empty(), "the games had VCTs to compare");
    found
}

#[test]
fn the_proof_number_search_finds_what_the_depth_limited_search_finds() {
    // Both searches have the same threats and answers; the proof-number search has no
    // depth limit, so every VCT found 4 threats deep is found by it too.
    let mut s = Searcher::new(8);
    for g in positions_with_a_vct(&mut s) {
        assert!(
            s.vct_proof(&g, 2_000_000).is_some(),
            "a VCT the depth-limited search found after {:?}",
            g.moves()
        );
    }
}

#[test]
fn the_proof_number_search_finds_no_vct_in_an_opening() {
    let mut s = Searcher::new(8);
    assert_eq!(s.vct_proof(&moves("h8 i9 e6"), 200_000), None);
    assert_eq!(s.vct_proof(&moves("h8 i8 e9 h9 f10 g11"), 200_000), None);
}

#[test]
fn a_vct_whose_fours_cost_no_depth_finds_every_vct_the_plain_one_finds() {
    // With fours free (at most 16 on a line of play), every line of play the plain VCT
    // can pay for, 4 threats deep, the four tail can pay for too.
    let mut s = Searcher::new(8);
    for g in positions_with_a_vct(&mut s) {
        assert!(
            s.vct_with_tail(&g, 20_000_000, 4, 16).is_some(),
            "a VCT the plain search found after {:?}",
            g.moves()
        );
    }
}
