//! Gomoku at a session's table: two to four seats in turn order, no setup, nothing hidden.
//! A move is a point (`h8`), the same in every seat's view; seat 0 (`1`, Black) moves first.

use super::ending::{Ending, Reason};
use super::game::{Played, Seat, Secrets, Step, TableGame};
use super::state::Record;
use crate::protocol::Message;
use crate::rules::gomoku::{self, DrawReason, Game, Point, Settings, WinReason};

/// A Gomoku game at a table.
#[derive(Clone, Debug)]
pub struct GomokuTable {
    game: Game,
}

impl GomokuTable {
    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }
}

impl TableGame for GomokuTable {
    type Rules = Settings;

    fn name(_: &Settings) -> &'static str {
        "gomoku"
    }

    fn seats(rules: &Settings) -> u8 {
        rules.seats
    }

    fn remove_seat(&mut self, seat: Seat) {
        // The session removes only seats still playing, while two remain.
        let _ = self.game.remove_seat(gomoku::Seat(seat));
    }

    fn has_setup(_: &Settings) -> bool {
        false
    }

    fn hidden(_: &Settings) -> bool {
        false
    }

    fn announce(_: &Settings, _: &str, _: Seat, _: &Secrets) -> Result<String, String> {
        Err("Gomoku has no setup".into())
    }

    fn check_setup(_: &Settings, _: &str) -> Result<(), String> {
        Err("Gomoku has no setup".into())
    }

    fn start(
        rules: &Settings,
        _: &[String],
        _: Seat,
        _: &str,
        first: Seat,
        _: &Secrets,
    ) -> Result<GomokuTable, String> {
        if first != 0 {
            return Err(format!(
                "in Gomoku seat 1 moves first, not seat {}",
                first + 1
            ));
        }
        let game = Game::new(*rules).map_err(|e| e.to_string())?;
        Ok(GomokuTable { game })
    }

    fn to_move(&self) -> Seat {
        self.game.to_move().0
    }

    fn ply(&self) -> u32 {
        self.game.moves().len() as u32
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.game.ending().is_some() {
            return Vec::new();
        }
        self.game
            .legal_moves()
            .into_iter()
            .map(|p| p.to_string())
            .collect()
    }

    fn play(&mut self, seat: Seat, mv: &str) -> Result<Vec<Step>, String> {
        let point: Point = mv
            .parse()
            .map_err(|e: gomoku::ParsePointError| e.to_string())?;
        if seat != self.to_move() {
            return Err(format!("it is seat {}'s turn", self.to_move() + 1));
        }
        self.game.play(point).map_err(|e| e.to_string())?;
        Ok(vec![Step::Played {
            ply: self.ply(),
            seat,
            played: Played {
                absolute: point.to_string(),
                outcome: None,
            },
        }])
    }

    fn busy(&self) -> bool {
        false
    }

    fn exchange(&mut self, _: Seat, message: &Message, _: &[Record]) -> Result<Vec<Step>, String> {
        Err(format!("'{message}' is not part of Gomoku"))
    }

    fn replay(&mut self, _: &Record) -> Result<Vec<Step>, String> {
        Ok(Vec::new())
    }

    fn take_back(&mut self) {
        self.game.take_back();
    }

    fn resume_messages(&self) -> Vec<Message> {
        Vec::new()
    }

    fn open(&mut self, _: &[Record]) -> Vec<Step> {
        Vec::new()
    }

    fn ending(&self) -> Option<Ending> {
        let ending = self.game.ending()?;
        let reason = match ending {
            gomoku::Ending::Win {
                reason: WinReason::Row { length, .. },
                ..
            } => Reason::InARow(length),
            // The session decides when seats leave; the table only follows.
            gomoku::Ending::Win {
                reason: WinReason::OthersLeft,
                ..
            } => Reason::Resignation,
            gomoku::Ending::Draw(DrawReason::FullBoard) => Reason::FullBoard,
            gomoku::Ending::Draw(DrawReason::NoMove) => Reason::NoLegalMove,
        };
        Some(Ending {
            winner: ending.winner().map(|s| s.0),
            reason,
        })
    }

    fn hash(&self) -> String {
        self.game.hash_text()
    }

    /// Seats are named by their number, `1` to `4` (the spec's text forms).
    fn seat_name(_: &Settings, seat: Seat, _first: Seat) -> &'static str {
        ["1", "2", "3", "4"]
            .get(seat as usize)
            .copied()
            .unwrap_or("?")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Clock;
    use crate::rules::gomoku::{Rule, Size};
    use crate::session::{Effect, Local, Session};

    #[test]
    fn three_sessions_play_gomoku_to_the_same_five() {
        let settings = Settings {
            rule: Rule::Freestyle,
            size: Size::new(9, 9).unwrap(),
            seats: 3,
            win: 4,
        };
        let mut s: Vec<Session<GomokuTable>> = (0..3)
            .map(|me| Session::new(settings, me, 5, 0, Clock::default(), Secrets::fixed(me), 0))
            .collect();
        // Seat 1 (index 0) builds a row along rank 1; the others play far away.
        let moves = ["a1", "a9", "i9", "b1", "b9", "h9", "c1", "c9", "g9", "d1"];
        for (i, mv) in moves.iter().enumerate() {
            let seat = (i % 3) as Seat;
            let effects = s[seat as usize]
                .local(Local::Move(mv.to_string()), 0)
                .unwrap();
            for e in effects {
                if let Effect::Send(m) = e {
                    for to in (0..3).filter(|t| *t != seat) {
                        s[to as usize].remote(seat, m.clone(), 0);
                    }
                }
            }
        }
        for session in &s {
            let ending = session.ending().expect("four in a row ends it");
            assert_eq!(
                (ending.winner, &ending.reason),
                (Some(0), &Reason::InARow(4))
            );
            assert_eq!(session.winner_word(ending.winner), "1");
        }
    }
}
