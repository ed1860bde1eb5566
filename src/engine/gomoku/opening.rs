//! The engine's part in swap openings ([`crate::rules::gomoku::Opening`]): where to place
//! the stones whose colour is not yet its own, and which colour to take.
//!
//! Both rest on one judgement, [`judge`]: a short search of the position from the view of
//! the colour to move (a found win counts as [`WIN`]).
//!
//! - **Choosing**: after the opening stones White is to move. If White's score is at least
//!   [`MARGIN`] the engine takes White; at most `-MARGIN`, Black; in between, swap2's first
//!   choice places two more stones (the position is close, so it makes it balanced and lets
//!   the opener choose), and otherwise it takes the side its score favours.
//! - **Placing** a stone while the colours are open: whoever places it may end up with
//!   either colour, so it looks for balance. Among the empty points within two of a stone,
//!   it plays the one after which the judgement is closest to even (ties: nearer the
//!   centre, then the first in point order); the first stone goes in the centre.

use std::time::Duration;

use super::search::{How, Limits, Searcher, WIN};
use crate::rules::gomoku::{Action, Choice, Game, Point, Turn};

/// How far from even a position may be judged for swap2's `place2` (and still count as
/// close): about an open three's worth of pattern value.
pub const MARGIN: i32 = 400;

/// The engine's move in `game` within `limits`: an opening decision or a balanced stone
/// while the opening asks for one, otherwise the search's best stone. `None` when the
/// game is over or nothing is legal.
pub fn best_action(searcher: &mut Searcher, game: &Game, limits: Limits) -> Option<Action> {
    if game.ending().is_some() {
        return None;
    }
    match game.turn() {
        Turn::Choose { choices, .. } => {
            Some(Action::Choose(choose(searcher, game, limits, choices)))
        }
        Turn::Stone { .. } if !game.colours_settled() => {
            place(searcher, game, limits).map(Action::Stone)
        }
        Turn::Stone { .. } => searcher.search(game, limits).best.map(Action::Stone),
    }
}

/// Which of `choices` to make (see the module's notes).
pub fn choose(searcher: &mut Searcher, game: &Game, limits: Limits, choices: &[Choice]) -> Choice {
    // The colour to move is White after three or five stones.
    let white = judge(searcher, game, share(limits, 1));
    let pick = if choices.contains(&Choice::Place2) && white.abs() < MARGIN {
        Choice::Place2
    } else if white >= 0 {
        Choice::White
    } else {
        Choice::Black
    };
    if choices.contains(&pick) {
        pick
    } else {
        choices.first().copied().unwrap_or(Choice::White)
    }
}

/// A stone that keeps the position close to even (see the module's notes).
pub fn place(searcher: &mut Searcher, game: &Game, limits: Limits) -> Option<Point> {
    let size = game.board().size();
    let centre = Point::new(size.width() / 2, size.height() / 2)?;
    if game.moves().is_empty() && game.check(centre).is_ok() {
        return Some(centre);
    }
    let near = |p: Point| {
        game.moves().iter().any(|m| {
            let (df, dr) = (
                m.point.file().abs_diff(p.file()),
                m.point.rank().abs_diff(p.rank()),
            );
            df.max(dr) <= 2
        })
    };
    let candidates: Vec<Point> = game
        .legal_moves()
        .into_iter()
        .filter(|&p| near(p))
        .collect();
    if candidates.is_empty() {
        return game.legal_moves().first().copied();
    }
    let each = share(limits, candidates.len() as u64);
    let distance = |p: Point| {
        u32::from(p.file().abs_diff(centre.file())) + u32::from(p.rank().abs_diff(centre.rank()))
    };
    candidates
        .into_iter()
        .map(|p| {
            let mut after = game.clone();
            let score = match after.play(p) {
                Ok(()) if after.ending().is_some() => WIN,
                Ok(()) => judge(searcher, &after, each).saturating_abs(),
                Err(_) => i32::MAX,
            };
            (score, distance(p), p)
        })
        .min()
        .map(|(_, _, p)| p)
}

/// The position's score from the view of the colour to move: a short alpha-beta search; a
/// win it finds (a five, a VCF or a VCT) is [`WIN`], and a forced block says nothing (0).
pub fn judge(searcher: &mut Searcher, game: &Game, limits: Limits) -> i32 {
    let report = searcher.search(game, limits);
    match report.how {
        How::Win | How::Vcf | How::Vct => WIN,
        How::Opening | How::Block | How::Search => report.score,
    }
}

/// `limits` split `parts` ways, each part a shallow search (four plies, eight moves a
/// node, no VCT below the hard level's budget).
fn share(limits: Limits, parts: u64) -> Limits {
    let parts = parts.max(1);
    Limits {
        nodes: Some(limits.nodes.map_or(20_000, |n| (n / parts).max(200))),
        time: limits
            .time
            .map(|t| (t / parts as u32).max(Duration::from_millis(1))),
        depth: Some(limits.depth.unwrap_or(4).min(4)),
        vct: limits.vct && limits.nodes.is_none_or(|n| n / parts >= 20_000),
        width: limits.width.min(8),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Level;
    use crate::engine::gomoku::level_limits;
    use crate::rules::gomoku::{Opening, Settings};

    fn game(opening: Opening, actions: &str) -> Game {
        let mut g = Game::new(Settings {
            opening,
            ..Settings::default()
        })
        .unwrap();
        for a in actions.split_whitespace() {
            g.act(a.parse().unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn the_chooser_takes_the_side_the_position_favours_or_places_two_when_close() {
        let mut s = Searcher::new(4);
        let limits = level_limits(Level::Medium);
        let decide = |s: &mut Searcher, o, a| best_action(s, &game(o, a), limits);
        let take = |c| Some(Action::Choose(c));
        // White's stone is lost in the corner: Black's two stones together are far better.
        assert_eq!(
            decide(&mut s, Opening::Swap, "h8 a1 i8"),
            take(Choice::Black)
        );
        assert_eq!(
            decide(&mut s, Opening::Swap2, "h8 a1 i8"),
            take(Choice::Black)
        );
        // Black's stones are in the corners: White, in the centre and to move.
        assert_eq!(
            decide(&mut s, Opening::Swap, "a1 h8 o15"),
            take(Choice::White)
        );
        // A close position: swap2's answer is two more stones; swap's, the better side.
        assert_eq!(
            decide(&mut s, Opening::Swap2, "h8 h9 j10"),
            take(Choice::Place2)
        );
        assert!(decide(&mut s, Opening::Swap, "h8 h9 j10").is_some_and(|a| a.choice().is_some()));
        // After place2 the opener chooses between the colours only.
        let after = decide(&mut s, Opening::Swap2, "h8 a1 i8 place2 o15 j8");
        assert_eq!(after, take(Choice::Black), "an open three with room");
    }

    #[test]
    fn the_engine_plays_a_whole_swap2_opening_with_balanced_stones() {
        let mut s = Searcher::new(4);
        let limits = level_limits(Level::Easy);
        let mut g = game(Opening::Swap2, "");
        while !g.colours_settled() {
            let action = best_action(&mut s, &g, limits).expect("a move");
            g.act(action).unwrap();
        }
        let centre: Point = "h8".parse().unwrap();
        assert_eq!(g.moves()[0].point, centre, "the first stone in the centre");
        for m in g.moves() {
            let d = m.point.file().abs_diff(7).max(m.point.rank().abs_diff(7));
            assert!(d <= 4, "{} stays near the centre", m.point);
        }
        let close = judge(&mut s, &g, share(limits, 1)).abs();
        assert!(close < WIN / 2, "nobody has a forced win after the opening");
        // And the game goes on to its end.
        while g.ending().is_none() && g.ply() < 225 {
            let action = best_action(&mut s, &g, limits).expect("a move");
            g.act(action).unwrap();
        }
        assert!(g.ending().is_some());
    }
}
