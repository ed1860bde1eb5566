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
