//! Gomoku at a session's table: two to four seats in turn order, no setup, nothing hidden.
//! A move is a point (`h8`) or an opening decision (`black`, `white`, `place2`), the same
//! in every seat's view. The session's seat `first` plays the rules' seat 1 (Black, or with
//! an opening rule the seat that opens) and the others follow in seat order, so that two
//! players can take turns at Black from game to game; seats are named by their number in
//! the game (`1` moved first) in `over`, the events and the transcript. With an opening
//! rule the colours follow the decisions, the same on every peer, because every peer plays
//! the same decisions through the rules core; the names do not change.

use super::ending::{Ending, Reason};
use super::game::{Played, Seat, Secrets, Step, TableGame};
use crate::rules::gomoku::{self, Action, DrawReason, Game, Settings, WinReason};

/// A Gomoku game at a table.
#[derive(Clone, Debug)]
pub struct GomokuTable {
    game: Game,
    /// The session's seat that plays Black (the rules' seat 0).
    first: Seat,
}

/// The rules' seat that session seat `seat` plays, `first` playing Black.
fn game_seat(seat: Seat, first: Seat, seats: u8) -> gomoku::Seat {
    gomoku::Seat((seat + seats - first % seats) % seats)
}

impl GomokuTable {
    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The session's seat that moved first (Black, unless an opening swapped the
    /// colours).
    pub fn first(&self) -> Seat {
        self.first
    }

    /// The colour session seat `seat` plays now (the rules' seat 0 is Black).
    pub fn colour_of(&self, seat: Seat) -> gomoku::Seat {
        let player = game_seat(seat, self.first, self.seats());
        self.game.colour_of(player)
    }

    fn seats(&self) -> u8 {
        self.game.settings().seats
    }
}

impl TableGame for GomokuTable {
    type Rules = Settings;
    type Move = Action;

    fn name(_: &Settings) -> &'static str {
        "gomoku"
    }

    fn seats(rules: &Settings) -> u8 {
        rules.seats
    }

    fn remove_seat(&mut self, seat: Seat) {
        // The session removes only seats still playing, while two remain.
        let seat = game_seat(seat, self.first, self.seats());
        let _ = self.game.remove_seat(seat);
    }

    fn start(
        rules: &Settings,
        _: &[String],
        _: Seat,
        _: &str,
        first: Seat,
        _: &Secrets,
    ) -> Result<GomokuTable, String> {
        if first >= rules.seats {
            return Err(format!("there is no seat {first} to move first"));
        }
        let game = Game::new(*rules).map_err(|e| e.to_string())?;
        Ok(GomokuTable { game, first })
    }

    fn to_move(&self) -> Seat {
        (self.game.mover().0 + self.first) % self.seats()
    }

    fn ply(&self) -> u32 {
        self.game.ply() as u32
    }

    fn parse_move(_: &Settings, text: &str) -> Result<Action, String> {
        text.parse()
            .map_err(|e: gomoku::ParseActionError| e.to_string())
    }

    fn legal_moves(&self) -> Vec<Action> {
        if self.game.ending().is_some() {
            return Vec::new();
        }
        self.game.legal_actions()
    }

    fn play(&mut self, seat: Seat, action: &Action) -> Result<Vec<Step<Action>>, String> {
        let action = *action;
        if seat != self.to_move() {
            return Err(format!("it is {}'s turn", self.game.mover()));
        }
        self.game.act(action).map_err(|e| e.to_string())?;
        Ok(vec![Step::Played {
            ply: self.ply(),
            seat,
            played: Played {
                absolute: action,
                outcome: None,
            },
        }])
    }

    fn take_back(&mut self) {
        self.game.take_back();
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
            winner: ending.winner().map(|s| (s.0 + self.first) % self.seats()),
            reason,
        })
    }

    fn hash(&self) -> String {
        self.game.hash_text()
    }

    /// Seats are named by their number in the game, `1` (who moved first: Black, or with
    /// an opening rule the seat that opened, whatever colour it chose) to `4` (the spec's
    /// text forms).
    fn seat_name(rules: &Settings, seat: Seat, first: Seat) -> &'static str {
        let number = game_seat(seat, first, rules.seats.max(1)).0;
        ["1", "2", "3", "4"]
            .get(number as usize)
            .copied()
            .unwrap_or("?")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{Clock, Message};
    use crate::rules::gomoku::{Rule, Size};
    use crate::session::{Effect, Local, Session};

    #[test]
    fn three_sessions_play_gomoku_to_the_same_five() {
        let settings = Settings {
            rule: Rule::Freestyle,
            size: Size::new(9, 9).unwrap(),
            seats: 3,
            win: 4,
            opening: gomoku::Opening::None,
        };
        let mut s: Vec<Session<GomokuTable>> = (0..3)
            .map(|me| Session::new(settings, me, 5, 0, Clock::default(), Secrets::fixed(me), 0))
            .collect();
        // Seat 1 (index 0) builds a row along rank 1; the others play far away.
        let moves = ["a1", "a9", "i9", "b1", "b9", "h9", "c1", "c9", "g9", "d1"];
        for (i, mv) in moves.iter().enumerate() {
            let seat = (i % 3) as Seat;
            let effects = s[seat as usize]
                .local(Local::Move(mv.parse().unwrap()), 0)
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

    #[test]
    fn the_seat_that_moves_first_plays_black_and_is_named_1() {
        let settings = Settings {
            size: Size::new(7, 7).unwrap(),
            win: 4,
            ..Settings::default()
        };
        let secrets = Secrets::fixed(0);
        let mut t = GomokuTable::start(&settings, &[], 0, "", 1, &secrets).unwrap();
        assert_eq!(t.to_move(), 1, "session seat 1 plays Black");
        let p = |text: &str| -> Action { text.parse().unwrap() };
        assert!(t.play(0, &p("a1")).is_err(), "not seat 0's turn");
        for (seat, mv) in [
            (1, "a1"),
            (0, "g7"),
            (1, "b1"),
            (0, "g6"),
            (1, "c1"),
            (0, "g5"),
        ] {
            t.play(seat, &p(mv)).unwrap();
        }
        t.play(1, &p("d1")).unwrap();
        let ending = t.ending().unwrap();
        assert_eq!(ending.winner, Some(1));
        assert_eq!(GomokuTable::seat_name(&settings, 1, 1), "1");
        assert_eq!(GomokuTable::seat_name(&settings, 0, 1), "2");
    }

    #[test]
    fn two_sessions_play_a_swap2_opening_and_agree_on_colours_and_winner() {
        let settings = Settings {
            opening: gomoku::Opening::Swap2,
            ..Settings::default()
        };
        // Session seat 1 opens (moves first); seat 0 answers.
        let first = 1;
        let mut s: Vec<Session<GomokuTable>> = (0..2)
            .map(|me| {
                let secrets = Secrets::fixed(me);
                Session::new(settings, me, 7, first, Clock::default(), secrets, 0)
            })
            .collect();
        let moves = [
            (1, "h8"),
            (1, "h9"),
            (1, "i8"),
            (0, "place2"),
            (0, "j10"),
            (0, "g8"),
            // The opener takes White: seat 0 keeps the Black stones g8 h8 i8.
            (1, "white"),
            (1, "a1"),
            (0, "j8"),
            (1, "a2"),
            (0, "k8"),
        ];
        let mut overs = Vec::new();
        for (seat, mv) in moves {
            let table = s[0].table().unwrap();
            assert_eq!(table.to_move(), seat, "{mv}: whose turn");
            let effects = s[seat as usize]
                .local(Local::Move(mv.parse().unwrap()), 0)
                .unwrap_or_else(|e| panic!("{mv}: {e:?}"));
            for e in effects {
                if let Effect::Send(m) = e {
                    if let Message::Over { winner, .. } = &m {
                        overs.push(winner.clone());
                    }
                    for e in s[1 - seat as usize].remote(seat, m.clone(), 0) {
                        if let Effect::Send(Message::Over { winner, .. }) = e {
                            overs.push(winner);
                        }
                    }
                }
            }
            let (a, b) = (s[0].table().unwrap(), s[1].table().unwrap());
            assert_eq!(a.hash(), b.hash(), "after {mv}");
            assert_eq!(a.to_move(), b.to_move(), "after {mv}");
            for seat in 0..2 {
                assert_eq!(a.colour_of(seat), b.colour_of(seat), "after {mv}");
            }
        }
        let table = s[0].table().unwrap();
        assert_eq!(
            table.colour_of(1),
            gomoku::Seat::WHITE,
            "the opener chose White"
        );
        assert_eq!(table.colour_of(0), gomoku::Seat::BLACK);
        for session in &s {
            let ending = session.ending().expect("g8..k8 is five");
            assert_eq!(
                (ending.winner, &ending.reason),
                (Some(0), &Reason::InARow(5))
            );
            // Seat 1 opened, so seat 0 is "2" in the game's words, whatever its colour.
            assert_eq!(session.winner_word(ending.winner), "2");
        }
        assert_eq!(overs, ["2", "2"], "each peer's over names seat 2");
    }
}

/// The position hash of PROTOCOL.md §8.13a, computed from its definition alone (not from
/// the rules core's tables), against the core's, with the document's test vectors.
#[cfg(test)]
mod hash_definition {
    use crate::rules::gomoku::{Game, Opening, Settings};
    use crate::session::documented_splitmix as splitmix;

    /// The hash, as the document defines it, of a game of `seats` seats without an opening
    /// rule after `moves` (points such as `h8`): stone `i` is colour `i mod seats`.
    fn documented(seats: usize, moves: &[&str]) -> u64 {
        documented_to_move(seats, moves, moves.len() % seats)
    }

    /// [`documented`], with the colour to move given.
    fn documented_to_move(seats: usize, moves: &[&str], colour_to_move: usize) -> u64 {
        let mut state = 0x676f_6d6f_6b75u64;
        let mut stone = vec![[0u64; 26 * 26]; 4];
        for colour in stone.iter_mut() {
            for key in colour.iter_mut() {
                *key = splitmix(&mut state);
            }
        }
        let to_move: Vec<u64> = (0..4).map(|_| splitmix(&mut state)).collect();
        let mut hash = 0;
        for (i, point) in moves.iter().enumerate() {
            let file = usize::from(point.as_bytes()[0] - b'a');
            let rank: usize = point[1..].parse::<usize>().unwrap() - 1;
            hash ^= stone[i % seats][rank * 26 + file];
        }
        hash ^ to_move[colour_to_move]
    }

    /// The opening's key as the document defines it.
    fn opening_key(decisions: usize, swapped: bool) -> u64 {
        let mut state = 0x676f_6d6f_6b75u64 ^ 0x6f70;
        let mut key = 0;
        for _ in 0..1 + 2 * decisions + usize::from(swapped) {
            key = splitmix(&mut state);
        }
        key
    }

    #[test]
    fn the_documented_hash_is_the_cores_and_its_test_vectors_hold() {
        for (seats, word) in [(2, "gomoku"), (3, "gomoku:freestyle:15x15:3:5")] {
            let kind: crate::session::GameKind = word.parse().unwrap();
            let crate::session::GameKind::Gomoku(settings) = kind else {
                panic!("gomoku")
            };
            let mut game = Game::new(settings).unwrap();
            let moves = ["h8", "i9", "g7", "a1", "o15"];
            assert_eq!(documented(seats, &[]), game.hash());
            for n in 1..=moves.len() {
                game.play(moves[n - 1].parse().unwrap()).unwrap();
                assert_eq!(documented(seats, &moves[..n]), game.hash(), "{word} {n}");
            }
        }
        // With an opening rule, the opening's key too: three stones, no decision yet.
        let mut swap = Game::new(Settings {
            opening: Opening::Swap,
            ..Settings::default()
        })
        .unwrap();
        for point in ["h8", "h9", "i8"] {
            swap.play(point.parse().unwrap()).unwrap();
        }
        assert_eq!(
            documented(2, &["h8", "h9", "i8"]) ^ opening_key(0, false),
            swap.hash()
        );
        // A seat that left a table of three: the colour to move skips its colour (the
        // next stone after colour 1's is colour 0's, seat 3 being gone).
        let kind: crate::session::GameKind = "gomoku:freestyle:15x15:3:5".parse().unwrap();
        let crate::session::GameKind::Gomoku(settings) = kind else {
            panic!("gomoku")
        };
        let mut three = Game::new(settings).unwrap();
        for point in ["h8", "i9"] {
            three.play(point.parse().unwrap()).unwrap();
        }
        three.remove_seat(crate::rules::gomoku::Seat(2)).unwrap();
        assert_eq!(documented_to_move(3, &["h8", "i9"], 0), three.hash());
        // The vectors in PROTOCOL.md §8.13a (15x15, two seats, no opening rule).
        let mut game = Game::new(Settings::default()).unwrap();
        assert_eq!(game.hash_text(), "c6cbb09c30acc71f");
        game.play("h8".parse().unwrap()).unwrap();
        assert_eq!(game.hash_text(), "d763cedc6223b49c");
    }
}
