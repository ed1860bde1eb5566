//! Xiangqi at a session's table: nothing is hidden, so there is no setup, no exchange and
//! no audit. The seat that moves first plays Red. Moves travel in ICCS (`h2e2`), which both
//! sides read in the same frame, Red's files a..i from Red's left, ranks 0..9 from Red's
//! back rank (as UCCI engines write them).

use super::ending::Reason;
use super::game::{Ending, Played, Seat, Secrets, Step, TableGame};
use crate::rules::xiangqi::{DrawReason, Game, Move, Outcome, Position, Side, WinReason};

/// The side `seat` plays when `first` moves first: the first seat plays Red.
pub fn side_of_seat(seat: Seat, first: Seat) -> Side {
    if seat == first {
        Side::Red
    } else {
        Side::Black
    }
}

/// A Xiangqi game in a session.
#[derive(Clone, Debug)]
pub struct XiangqiTable {
    /// The seat playing Red.
    red: Seat,
    game: Game,
}

impl XiangqiTable {
    /// The game: its start, its moves, every position since, its outcome.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The seat that plays `side`.
    pub fn seat_of(&self, side: Side) -> Seat {
        match side {
            Side::Red => self.red,
            Side::Black => 1 - self.red,
        }
    }

    /// The side `seat` plays.
    pub fn side_of(&self, seat: Seat) -> Side {
        side_of_seat(seat, self.red)
    }
}

/// Why the rules ended a game.
pub fn reason_of(outcome: Outcome) -> Reason {
    match outcome {
        Outcome::Win { reason, .. } => match reason {
            WinReason::Checkmate => Reason::Checkmate,
            WinReason::Stalemate => Reason::Stalemate,
            WinReason::PerpetualCheck => Reason::PerpetualCheck,
            WinReason::PerpetualChase => Reason::PerpetualChase,
        },
        Outcome::Draw(DrawReason::Repetition) => Reason::Repetition,
        Outcome::Draw(DrawReason::NoCapture) => Reason::NoCapture(120),
    }
}

impl TableGame for XiangqiTable {
    type Rules = ();
    type Move = Move;

    fn name(_: &()) -> &'static str {
        "xiangqi"
    }

    fn start(
        _: &(),
        _: &[String],
        _: Seat,
        _: &str,
        first: Seat,
        _: &Secrets,
    ) -> Result<XiangqiTable, String> {
        if first > 1 {
            return Err(format!("no seat {first} in xiangqi"));
        }
        Ok(XiangqiTable {
            red: first,
            game: Game::new(Position::start()),
        })
    }

    fn to_move(&self) -> Seat {
        self.seat_of(self.game.position().side_to_move())
    }

    fn ply(&self) -> u32 {
        self.game.moves().len() as u32
    }

    fn parse_move(_: &(), text: &str) -> Result<Move, String> {
        text.parse().map_err(|e| format!("{e}"))
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        let mut moves = self.game.position().legal_moves().to_vec();
        moves.sort_by_key(|m| m.to_string());
        moves
    }

    fn play(&mut self, seat: Seat, mv: &Move) -> Result<Vec<Step<Move>>, String> {
        if seat != self.to_move() {
            return Err(format!("it is not {}'s turn", self.side_of(seat)));
        }
        let mv = *mv;
        self.game.play(mv).map_err(|e| e.to_string())?;
        Ok(vec![Step::Played {
            ply: self.ply(),
            seat,
            played: Played {
                absolute: mv,
                outcome: None,
            },
        }])
    }

    fn take_back(&mut self) {
        self.game.undo();
    }

    fn ending(&self) -> Option<Ending> {
        self.game.outcome().map(|outcome| Ending {
            winner: outcome.winner().map(|side| self.seat_of(side)),
            reason: reason_of(outcome),
        })
    }

    fn hash(&self) -> String {
        format!("{:016x}", self.game.position().hash())
    }

    fn seat_name(_: &(), seat: Seat, first: Seat) -> &'static str {
        match side_of_seat(seat, first) {
            Side::Red => "red",
            Side::Black => "black",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Clock;
    use crate::session::{Effect, Local, Notice, Record, Session, SessionError};

    type S = Session<XiangqiTable>;

    /// Delivers every message one session sends to the other, until both are quiet.
    fn deliver(
        from: &mut S,
        to: &mut S,
        effects: Vec<Effect<Move>>,
        now: u64,
    ) -> Vec<Notice<Move>> {
        let mut notices = Vec::new();
        let mut queue: Vec<(bool, Effect<Move>)> = effects.into_iter().map(|e| (true, e)).collect();
        while !queue.is_empty() {
            let (forward, effect) = queue.remove(0);
            match effect {
                Effect::Send(m) => {
                    let back = if forward {
                        to.remote(from.me(), m, now)
                    } else {
                        from.remote(to.me(), m, now)
                    };
                    queue.extend(back.into_iter().map(|e| (!forward, e)));
                }
                Effect::Notice(n) => notices.push(n),
                _ => {}
            }
        }
        notices
    }

    fn pair(first: Seat) -> (S, S) {
        let clock = Clock::default();
        (
            Session::new((), 0, 7, first, clock, Secrets::fixed(1), 0),
            Session::new((), 1, 7, first, clock, Secrets::fixed(2), 0),
        )
    }

    #[test]
    fn a_game_starts_without_setups_and_the_first_seat_plays_red() {
        for first in 0..2 {
            let (a, b) = pair(first);
            for s in [&a, &b] {
                let table = s.table().expect("started at once");
                assert_eq!(table.to_move(), first);
                assert_eq!(s.seat_name(first), "red");
                assert_eq!(s.seat_name(1 - first), "black");
                assert_eq!(table.legal_moves().len(), 44);
            }
        }
    }

    #[test]
    fn two_sessions_play_random_games_to_the_end_and_agree() {
        let mut seed = 0x9e37_79b9_u64;
        for game in 0..6 {
            let (mut a, mut b) = pair((game % 2) as Seat);
            let mut now = 0;
            while a.ending().is_none() && a.moves().len() < 400 {
                now += 10;
                let a_moves = a.table().unwrap().to_move() == a.me();
                let (mover, other) = if a_moves {
                    (&mut a, &mut b)
                } else {
                    (&mut b, &mut a)
                };
                let moves = mover.table().unwrap().legal_moves();
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let mv = moves[(seed >> 33) as usize % moves.len()];
                let effects = mover.local(Local::Move(mv), now).unwrap();
                deliver(mover, other, effects, now);
                assert_eq!(a.table().unwrap().hash(), b.table().unwrap().hash());
            }
            assert_eq!(a.record(), b.record(), "game {game}");
            if let Some(ending) = a.ending() {
                assert_eq!(Some(ending), b.ending());
                assert!(a.confirmed() && b.confirmed(), "no audit to wait for");
            }
        }
    }

    #[test]
    fn a_move_out_of_turn_or_illegal_is_refused_with_its_reason() {
        let (mut a, _) = pair(0);
        let e = a
            .local(Local::Move("a0a5".parse().unwrap()), 1)
            .unwrap_err();
        assert!(e.to_string().contains("a0a5"), "{e}");
        let (_, mut b) = pair(0);
        let e = b
            .local(Local::Move("h7e7".parse().unwrap()), 1)
            .unwrap_err();
        assert!(e == SessionError::NotYourTurn, "{e}");
    }

    #[test]
    fn an_undo_by_consent_takes_the_move_back_on_both_sides() {
        let (mut a, mut b) = pair(0);
        let effects = a.local(Local::Move("h2e2".parse().unwrap()), 1).unwrap();
        deliver(&mut a, &mut b, effects, 1);
        let effects = a.local(Local::AskUndo, 2).unwrap();
        deliver(&mut a, &mut b, effects, 2);
        let effects = b.local(Local::AnswerUndo(true), 3).unwrap();
        deliver(&mut b, &mut a, effects, 3);
        for s in [&a, &b] {
            assert_eq!(s.table().unwrap().ply(), 0);
            assert_eq!(s.table().unwrap().to_move(), 0);
        }
        assert_eq!(a.table().unwrap().hash(), b.table().unwrap().hash());
    }

    #[test]
    fn an_undo_after_the_reply_takes_back_both_moves() {
        let (mut a, mut b) = pair(0);
        let effects = a.local(Local::Move("h2e2".parse().unwrap()), 1).unwrap();
        deliver(&mut a, &mut b, effects, 1);
        let effects = b.local(Local::Move("h9g7".parse().unwrap()), 2).unwrap();
        deliver(&mut b, &mut a, effects, 2);
        // Red asks: back to before its own last move, the reply with it.
        let effects = a.local(Local::AskUndo, 3).unwrap();
        let notices = deliver(&mut a, &mut b, effects, 3);
        assert!(
            notices.contains(&Notice::UndoAsked { by: 0, ply: 1 }),
            "{notices:?}"
        );
        let effects = b.local(Local::AnswerUndo(true), 4).unwrap();
        deliver(&mut b, &mut a, effects, 4);
        for s in [&a, &b] {
            assert_eq!(s.table().unwrap().ply(), 0);
            assert_eq!(s.table().unwrap().to_move(), 0, "Red moves again");
            assert!(s.moves().is_empty());
            assert!(matches!(s.record().last(), Some(Record::Undo { ply: 1 })));
        }
        assert_eq!(a.table().unwrap().hash(), b.table().unwrap().hash());
        // A side with no move of its own has nothing to take back.
        assert_eq!(
            b.local(Local::AskUndo, 5),
            Err(SessionError::NothingToTakeBack)
        );
    }

    #[test]
    fn a_won_game_ends_for_both_with_red_or_black_named() {
        // Red (seat 1) is the engine at a fixed depth; Black plays its first legal move.
        // Both are deterministic, and the engine wins.
        use crate::engine::xiangqi::{Limits, Searcher};
        let (mut a, mut b) = pair(1);
        let mut searcher = Searcher::new(4);
        let limits = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let mut now = 0;
        while a.ending().is_none() && a.moves().len() < 300 {
            now += 1;
            let red = b.table().unwrap().to_move() == 1;
            let mv = if red {
                let game = b.table().unwrap().game();
                let (position, history) = game.positions().split_last().unwrap();
                let best = searcher.search(history, position, limits, |_| {}).best;
                best.unwrap()
            } else {
                a.table().unwrap().legal_moves()[0]
            };
            let (mover, other) = if red {
                (&mut b, &mut a)
            } else {
                (&mut a, &mut b)
            };
            let effects = mover.local(Local::Move(mv), now).unwrap();
            deliver(mover, other, effects, now);
        }
        let ending = a.ending().cloned().expect("the game ended");
        assert_eq!(Some(&ending), b.ending());
        assert_eq!(ending.winner, Some(1), "red wins: {ending:?}");
        for s in [&a, &b] {
            assert!(
                s.record().iter().any(|r| matches!(r,
                Record::Over { winner, reason } if *winner == Some(1) && *reason == ending.reason))
            );
        }
    }
}

/// The position hash of PROTOCOL.md §8.12, computed from its definition alone (not from the
/// rules core's tables), against the core's, with the document's test vectors.
#[cfg(test)]
mod hash_definition {
    use crate::rules::xiangqi::Position;
    use crate::session::documented_splitmix as splitmix;

    /// The hash of a FEN as the document defines it.
    fn documented(fen: &str) -> u64 {
        let mut state = 0x6c61_6e71_6978_7171u64;
        let mut keys = [[0u64; 90]; 16];
        for code in keys.iter_mut().skip(1) {
            for key in code.iter_mut() {
                *key = splitmix(&mut state);
            }
        }
        let black_to_move = splitmix(&mut state);
        let mut fields = fen.split(' ');
        let board = fields.next().unwrap();
        let mut hash = 0;
        // FEN lists rank 9 first, each rank from file a.
        for (row, text) in board.split('/').enumerate() {
            let rank = 9 - row;
            let mut file = 0;
            for c in text.chars() {
                if let Some(n) = c.to_digit(10) {
                    file += n as usize;
                    continue;
                }
                let kind = "kabnrcp".find(c.to_ascii_lowercase()).unwrap() + 1;
                let side = usize::from(c.is_ascii_lowercase());
                hash ^= keys[side * 8 + kind][rank * 9 + file];
                file += 1;
            }
        }
        if fields.next() == Some("b") {
            hash ^= black_to_move;
        }
        hash
    }

    #[test]
    fn the_documented_hash_is_the_cores_and_its_test_vectors_hold() {
        let start = Position::start();
        let after = start.play("h2e2".parse().unwrap()).unwrap();
        for p in [&start, &after] {
            assert_eq!(documented(&p.to_string()), p.hash(), "{p}");
        }
        // The vectors in PROTOCOL.md: the start, and after h2e2; `move` carries them as 16
        // lower-case hex digits.
        assert_eq!(format!("{:016x}", start.hash()), "84ad3672fc89274d");
        assert_eq!(format!("{:016x}", after.hash()), "9981a8d5eb410582");
    }
}
