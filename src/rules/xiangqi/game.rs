//! A game from a start position: the moves played, every position since, and the end.
//!
//! # How a game ends
//!
//! - **No legal move**: the side to move loses, in check (checkmate) or not (stalemate).
//! - **Repetition**, judged as Pikafish judges it when a position occurs for the **third**
//!   time (same pieces, same side to move) since the last capture. The span judged runs
//!   from the first of the three occurrences to now:
//!   1. *Perpetual check*: a side **every** one of whose moves in the span gave check
//!      checks perpetually. If exactly one side does, it loses; if both do, the game is drawn.
//!   2. *Perpetual chase*: otherwise, each move's *chase set* is the set of enemy pieces it
//!      newly chases (chased after the move and not before it). A side chases perpetually when
//!      one and the same enemy piece (followed as it moves) is in the chase set of **every**
//!      one of its moves in the span; a move that gives check empties that side's
//!      intersection (as in Pikafish, check and chase do not combine). If exactly one side
//!      chases perpetually, it loses; if both or neither, the game is drawn.
//!   3. Otherwise the game is drawn (threefold repetition).
//!
//!   A piece *chases* an enemy piece (Pikafish's `Position::chased`) when it could capture
//!   it with a move that does not expose its own king, and:
//!   - the chaser is not a king or a pawn (both may chase forever);
//!   - the victim is not a king and not a pawn on its own half (a pawn across the river can
//!     be chased);
//!   - a horse or cannon attacking a rook chases it whether or not the rook is protected;
//!   - any other attack chases only an unprotected victim: after the capture, no piece of
//!     the victim's side could legally retake on that point;
//!   - an attack on a piece of the same kind is not a chase when the victim could legally
//!     capture the attacker back (mutual attack; for horses the reverse leg counts).
//!
//!   Not implemented from Pikafish: its special case for a rook pinned by a horse, the
//!   `i == d - 2` refinement at the start of the span, and the draw by insufficient material.
//! - **120 plies without a capture** (60 moves each): a draw, unless the side to move has
//!   no legal move (then it has lost). Checks are not added back as Pikafish's rule 60 does.

use std::fmt;

use super::moves::{Move, MoveList};
use super::piece::Kind;
use super::position::{IllegalMove, Position};
use super::square::{SQUARES, Side, Square};

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser is in check and has no legal move.
    Checkmate,
    /// The loser is not in check but has no legal move.
    Stalemate,
    /// The loser gave check with every move of a threefold repetition.
    PerpetualCheck,
    /// The loser chased one unprotected piece with every move of a threefold repetition.
    PerpetualChase,
}

/// Why the game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// Threefold repetition with no (or mutual) perpetual check or chase.
    Repetition,
    /// 120 plies without a capture.
    NoCapture,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// `winner` won.
    Win {
        /// Who won.
        winner: Side,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Side> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw(_) => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => {
                let why = match reason {
                    WinReason::Checkmate => "checkmate",
                    WinReason::Stalemate => "stalemate",
                    WinReason::PerpetualCheck => "perpetual check",
                    WinReason::PerpetualChase => "perpetual chase",
                };
                write!(f, "{winner} wins ({why})")
            }
            Outcome::Draw(DrawReason::Repetition) => f.write_str("draw (repetition)"),
            Outcome::Draw(DrawReason::NoCapture) => {
                f.write_str("draw (120 plies without a capture)")
            }
        }
    }
}

/// Why a move was refused by a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game has ended.
    #[error("the game is over: {0}")]
    Over(Outcome),
    /// The move is not legal.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A game in progress or ended: a start position, the moves played, and the outcome.
#[derive(Clone, Debug)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    outcome: Option<Outcome>,
}

impl Game {
    /// A game from `start` (which may already be over: no legal move, or a halfmove clock
    /// of 120 or more).
    pub fn new(start: Position) -> Game {
        let mut game = Game {
            positions: vec![start],
            moves: vec![],
            outcome: None,
        };
        game.outcome = game.judge();
        game
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().expect("never empty")
    }

    /// Every position from the start to the current one.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Plays a legal move; refused once the game is over.
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome {
            return Err(GameError::Over(outcome));
        }
        let next = self.position().play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        self.outcome = self.judge();
        Ok(())
    }

    /// Takes back the last move, if any.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.outcome = self.judge();
        Some(mv)
    }

    fn judge(&self) -> Option<Outcome> {
        let position = self.position();
        let mover = position.side_to_move();
        if position.legal_moves().is_empty() {
            let reason = if position.is_check() {
                WinReason::Checkmate
            } else {
                WinReason::Stalemate
            };
            return Some(Outcome::Win {
                winner: mover.opponent(),
                reason,
            });
        }
        if let Some(outcome) = self.repetition() {
            return Some(outcome);
        }
        if position.halfmove_clock() >= 120 {
            return Some(Outcome::Draw(DrawReason::NoCapture));
        }
        None
    }

    /// The verdict when the current position occurs for the third time since the last
    /// capture.
    fn repetition(&self) -> Option<Outcome> {
        let now = self.positions.len() - 1;
        let current = &self.positions[now];
        let window = (current.halfmove_clock() as usize).min(now);
        let mut seen = 0;
        let mut first = None;
        for back in (4..=window).step_by(2) {
            let earlier = &self.positions[now - back];
            if earlier.hash() == current.hash() && same_board(earlier, current) {
                seen += 1;
                if seen == 2 {
                    first = Some(now - back);
                    break;
                }
            }
        }
        let first = first?;
        Some(judge_span(&self.positions[first..], &self.moves[first..]))
    }
}

fn same_board(a: &Position, b: &Position) -> bool {
    a.side_to_move() == b.side_to_move() && a.codes() == b.codes()
}

/// Judges a repeated span: `positions[0]` repeats as the last position, `moves[i]` leads
/// from `positions[i]` to `positions[i + 1]`.
fn judge_span(positions: &[Position], moves: &[Move]) -> Outcome {
    let mut checks = [true; 2];
    for (i, after) in positions.iter().enumerate().skip(1) {
        let mover = positions[i - 1].side_to_move();
        checks[mover.index()] &= after.is_check();
    }
    let loser = match checks {
        [true, true] => return Outcome::Draw(DrawReason::Repetition),
        [true, false] => Some((Side::Red, WinReason::PerpetualCheck)),
        [false, true] => Some((Side::Black, WinReason::PerpetualCheck)),
        [false, false] => None,
    };
    if let Some((loser, reason)) = loser {
        return Outcome::Win {
            winner: loser.opponent(),
            reason,
        };
    }
    // Follow every piece by an id given at the start of the span.
    let mut ids = [u8::MAX; SQUARES];
    for (n, sq) in Square::all()
        .filter(|&sq| positions[0].piece_at(sq).is_some())
        .enumerate()
    {
        ids[sq.index()] = n as u8;
    }
    // Per side, the ids chased by every move so far (all bits set before the first move).
    let mut chased = [u64::MAX; 2];
    for (i, &mv) in moves.iter().enumerate() {
        let (before, after) = (&positions[i], &positions[i + 1]);
        let mover = before.side_to_move();
        ids[mv.to.index()] = ids[mv.from.index()];
        ids[mv.from.index()] = u8::MAX;
        if after.is_check() {
            chased[mover.index()] = 0;
            continue;
        }
        let old = chases(before, mover);
        let mut new_ids = 0u64;
        for sq in chases(after, mover) {
            if !old.contains(&sq) && ids[sq.index()] < 64 {
                new_ids |= 1 << ids[sq.index()];
            }
        }
        chased[mover.index()] &= new_ids;
    }
    match (chased[0] != 0, chased[1] != 0) {
        (true, false) => Outcome::Win {
            winner: Side::Black,
            reason: WinReason::PerpetualChase,
        },
        (false, true) => Outcome::Win {
            winner: Side::Red,
            reason: WinReason::PerpetualChase,
        },
        _ => Outcome::Draw(DrawReason::Repetition),
    }
}

/// `position` with `side` to move (the same pieces).
fn with_mover(position: &Position, side: Side) -> Position {
    let mut p = position.clone();
    if p.side_to_move() != side {
        p.pass();
    }
    p
}

/// The enemy pieces `chaser` chases in `position` (see the module documentation), by point.
pub fn chases(position: &Position, chaser: Side) -> Vec<Square> {
    let ours = with_mover(position, chaser);
    let theirs = with_mover(position, chaser.opponent());
    let mut captures = MoveList::new();
    ours.legal_captures_into(&mut captures);
    let mut replies = MoveList::new();
    let mut victims = Vec::new();
    for &mv in captures.iter() {
        let attacker = ours.piece_at(mv.from).expect("a capture has a piece").kind;
        let victim = ours.piece_at(mv.to).expect("a capture has a victim").kind;
        if matches!(attacker, Kind::King | Kind::Pawn)
            || victim == Kind::King
            || (victim == Kind::Pawn && mv.to.on_own_half(chaser.opponent()))
            || victims.contains(&mv.to)
        {
            continue;
        }
        let chase = if matches!(attacker, Kind::Horse | Kind::Cannon) && victim == Kind::Rook {
            true
        } else {
            let mut after = ours.clone();
            after.play_unchecked(mv);
            after.legal_captures_into(&mut replies);
            let protected = replies.iter().any(|r| r.to == mv.to);
            let mutual = attacker == victim && theirs.is_legal(Move::new(mv.to, mv.from));
            !protected && !mutual
        };
        if chase {
            victims.push(mv.to);
        }
    }
    victims
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(fen: &str, moves: &[&str]) -> Game {
        let mut g = Game::new(fen.parse().unwrap());
        for m in moves {
            g.play(m.parse().unwrap())
                .unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        g
    }

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn checkmate_and_stalemate_lose() {
        // The rook on b8 holds rank 8, the red king the d-file: a0a9 mates.
        let g = game("4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1", &["a0a9"]);
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: Side::Red,
                reason: WinReason::Checkmate
            }),
            "{}",
            g.position()
        );
        // Not in check, and every step is covered by the two pawns: Black has lost.
        let p: Position = "3k5/2P1P4/9/9/9/9/9/9/9/4K4 b - - 0 1".parse().unwrap();
        assert!(!p.is_check());
        assert_eq!(
            Game::new(p).outcome(),
            Some(Outcome::Win {
                winner: Side::Red,
                reason: WinReason::Stalemate
            })
        );
    }

    #[test]
    fn a_plain_threefold_repetition_draws() {
        let shuffle = ["b0c2", "b9c7", "c2b0", "c7b9"];
        let mut moves = shuffle.to_vec();
        moves.extend(shuffle);
        let g = game(super::super::START_FEN, &moves[..7]);
        assert_eq!(g.outcome(), None);
        let g = game(super::super::START_FEN, &moves);
        assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::Repetition)));
    }

    #[test]
    fn perpetual_check_loses() {
        // The rook checks from a9 and a8 in turn while the king steps e9 <-> e8.
        let fen = "4k4/R8/9/9/9/9/9/9/4A4/3K5 w - - 0 1";
        let cycle = ["a8a9", "e9e8", "a9a8", "e8e9"];
        let mut moves = cycle.to_vec();
        moves.extend(cycle);
        assert_eq!(game(fen, &moves[..7]).outcome(), None);
        assert_eq!(
            game(fen, &moves).outcome(),
            Some(Outcome::Win {
                winner: Side::Black,
                reason: WinReason::PerpetualCheck
            })
        );
    }

    #[test]
    fn chases_follow_the_definition() {
        let chased = |fen: &str| chases(&fen.parse().unwrap(), Side::Red);
        // A red rook attacks an unprotected black horse: a chase.
        assert_eq!(chased("3k5/9/9/9/9/9/9/1n5R1/9/4K4 w"), vec![sq("b2")]);
        // Protected by a rook behind it: no chase.
        assert_eq!(chased("1r1k5/9/9/9/9/9/9/1n5R1/9/4K4 w"), vec![]);
        // A red cannon attacks a protected rook: a chase all the same.
        assert_eq!(chased("1r1k5/9/9/9/9/9/9/1r4nC1/9/4K4 w"), vec![sq("b2")]);
        // Pawns on their own half are never chased; across the river they are.
        assert_eq!(chased("3k5/9/9/9/p8/9/9/9/9/R3K4 w"), vec![]);
        assert_eq!(chased("3k5/9/9/9/9/9/p8/9/9/R3K4 w"), vec![sq("a3")]);
        // Rook against rook: mutual, not a chase.
        assert_eq!(chased("3k5/9/9/9/9/9/9/1r5R1/9/4K4 w"), vec![]);
    }

    #[test]
    fn perpetual_chase_loses() {
        // The black cannon runs a4 <-> b4; the red rook follows it, a0 <-> b0, attacking it
        // anew with every move.
        let fen = "3k5/9/9/9/9/c8/9/9/9/1R2K4 w - - 0 1";
        let cycle = ["b0a0", "a4b4", "a0b0", "b4a4"];
        let mut moves = cycle.to_vec();
        moves.extend(cycle);
        assert_eq!(
            game(fen, &moves).outcome(),
            Some(Outcome::Win {
                winner: Side::Black,
                reason: WinReason::PerpetualChase
            })
        );
    }

    #[test]
    fn chasing_a_protected_piece_draws() {
        // As in perpetual_chase_loses, but a black rook on i4 protects the cannon.
        let fen = "3k5/9/9/9/9/c7r/9/9/9/1R2K4 w - - 0 1";
        let cycle = ["b0a0", "a4b4", "a0b0", "b4a4"];
        let mut moves = cycle.to_vec();
        moves.extend(cycle);
        assert_eq!(
            game(fen, &moves).outcome(),
            Some(Outcome::Draw(DrawReason::Repetition))
        );
    }

    #[test]
    fn no_capture_for_120_plies_draws() {
        let g = game(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 119 60",
            &["h2e2"],
        );
        assert_eq!(g.outcome(), Some(Outcome::Draw(DrawReason::NoCapture)));
        let mut g = game(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 118 60",
            &["h2e2"],
        );
        assert_eq!(g.outcome(), None);
        g.play("h7e7".parse().unwrap()).unwrap();
        assert!(g.play("b0c2".parse().unwrap()).is_err());
        assert_eq!(g.undo(), Some("h7e7".parse().unwrap()));
        assert_eq!(g.outcome(), None);
    }
}
