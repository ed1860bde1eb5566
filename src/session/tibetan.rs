//! Tibetan seven-square chess at a session's table: two seats, no setup (placement is part
//! of play), nothing hidden. A move is a whole turn in the spec's text (`d4`, `c3-c4`,
//! `c3xc5xe5*d6`, `*d5*e6`), the same in both seats' views. The session's seat `first` plays
//! Black (who places first); seats are named `black` and `white`.

use super::ending::{Ending, Reason};
use super::game::{Played, Seat, Secrets, Step, TableGame};
use crate::rules::tibetan::{self, Game, Point, Rules, Side, Turn};

/// A Tibetan seven-square chess game at a table.
#[derive(Clone, Debug)]
pub struct TibetanTable {
    game: Game,
    /// The session's seat that plays Black.
    first: Seat,
}

impl TibetanTable {
    /// The game in progress.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The session's seat that plays `side`.
    fn seat_of(&self, side: Side) -> Seat {
        seat_of(side, self.first)
    }
}

fn seat_of(side: Side, first: Seat) -> Seat {
    match side {
        Side::Black => first,
        Side::White => 1 - first,
    }
}

/// Every way to remove `count` of the enemy stones a turn may take: any `count` of `free`,
/// or, when `free` has too few (protection), all of it and the rest from `protected`.
fn removal_choices(free: &[Point], protected: &[Point], count: usize) -> Vec<Vec<Point>> {
    let (base, pool, k) = if free.len() >= count {
        (Vec::new(), free, count)
    } else {
        (free.to_vec(), protected, count - free.len())
    };
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..k).collect();
    if k > pool.len() {
        return out;
    }
    loop {
        let mut choice = base.clone();
        choice.extend(pick.iter().map(|&i| pool[i]));
        out.push(choice);
        // The next combination of k indices out of pool.len(), in order.
        let Some(i) = (0..k).rev().find(|&i| pick[i] < pool.len() - k + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

/// Every whole turn the side to move may play in `game`, each with the removals it earns
/// (one turn for each choice of stones): the table's legal moves.
pub fn complete_turns(game: &Game) -> Vec<Turn> {
    if game.ending().is_some() {
        return Vec::new();
    }
    let mut out = Vec::new();
    for legal in game.legal_turns() {
        if legal.removals == 0 {
            out.push(legal.turn);
            continue;
        }
        let Ok(removable) = game.removable(&legal.turn) else {
            continue;
        };
        let count = usize::from(removable.count);
        for removals in removal_choices(&removable.free, &removable.protected, count) {
            out.push(legal.turn.with_removals(removals));
        }
    }
    out
}

impl TableGame for TibetanTable {
    type Rules = Rules;
    type Move = Turn;

    fn name(_: &Rules) -> &'static str {
        "tibetan"
    }

    fn start(
        rules: &Rules,
        _: &[String],
        _: Seat,
        _: &str,
        first: Seat,
        _: &Secrets,
    ) -> Result<TibetanTable, String> {
        if first > 1 {
            return Err(format!("there is no seat {first} to play Black"));
        }
        let game = Game::new(*rules).map_err(|e| e.to_string())?;
        Ok(TibetanTable { game, first })
    }

    fn to_move(&self) -> Seat {
        self.seat_of(self.game.position().side())
    }

    fn ply(&self) -> u32 {
        self.game.history().len() as u32
    }

    fn parse_move(_: &Rules, text: &str) -> Result<Turn, String> {
        text.parse()
            .map_err(|e: tibetan::ParseTurnError| e.to_string())
    }

    fn legal_moves(&self) -> Vec<Turn> {
        complete_turns(&self.game)
    }

    fn play(&mut self, seat: Seat, turn: &Turn) -> Result<Vec<Step<Turn>>, String> {
        if seat != self.to_move() {
            return Err(format!("it is {}'s turn", self.game.position().side()));
        }
        self.game.play(turn).map_err(|e| e.to_string())?;
        Ok(vec![Step::Played {
            ply: self.ply(),
            seat,
            played: Played {
                absolute: turn.clone(),
                outcome: None,
            },
        }])
    }

    fn take_back(&mut self) {
        self.game.take_back();
    }

    fn ending(&self) -> Option<Ending> {
        let ending = self.game.ending()?;
        let reason = match ending.reason {
            tibetan::Reason::FewStones => Reason::FewStones,
            tibetan::Reason::NoLegalTurn => Reason::NoLegalTurn,
            tibetan::Reason::NoRemoval(n) => Reason::NoRemoval(n),
            tibetan::Reason::Repetition => Reason::ThreefoldRepetition,
        };
        Some(Ending {
            winner: ending.winner.map(|side| self.seat_of(side)),
            reason,
        })
    }

    fn hash(&self) -> String {
        format!("{:016x}", self.game.hash())
    }

    /// `black` for the seat that places first, `white` for the other.
    fn seat_name(_: &Rules, seat: Seat, first: Seat) -> &'static str {
        if seat == first { "black" } else { "white" }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn removal_choices_are_every_combination_once() {
        let p: Vec<Point> = ["a1", "b1", "c1", "d1"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        assert_eq!(removal_choices(&p, &[], 2).len(), 6);
        assert_eq!(removal_choices(&p, &[], 4).len(), 1);
        assert_eq!(
            removal_choices(&p[..1], &p[1..], 2).len(),
            3,
            "a1 and one protected"
        );
        assert!(removal_choices(&p[..1], &[], 2).is_empty());
    }

    #[test]
    fn random_games_at_the_table_end_and_the_seats_follow_the_sides() {
        let secrets = Secrets::fixed(0);
        for seed in 0..4u64 {
            let mut t = TibetanTable::start(&Rules::default(), &[], 0, "", 1, &secrets).unwrap();
            assert_eq!(t.to_move(), 1, "seat 1 plays Black and places first");
            let mut x = seed * 7 + 1;
            while t.ending().is_none() {
                let moves = t.legal_moves();
                assert!(!moves.is_empty(), "a game not over has a turn");
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                let mv = moves[(x % moves.len() as u64) as usize].clone();
                let seat = t.to_move();
                t.play(seat, &mv).unwrap_or_else(|e| panic!("{mv}: {e}"));
                assert!(t.ply() < 3000, "the game ends");
            }
        }
    }
}

/// The position hash of PROTOCOL.md §8.13a, computed from its definition alone (not from
/// the rules core's tables), against the core's, with the document's test vectors.
#[cfg(test)]
mod hash_definition {
    use crate::rules::tibetan::{Game, Rules, Turn};
    use crate::session::documented_splitmix as splitmix;

    /// The hash of a position's text (TEXT_FORMS.md) as the document defines it.
    fn documented(text: &str) -> u64 {
        let mut state = 0x0074_6962_6574_616eu64;
        let mut draw = |n: usize| -> Vec<u64> { (0..n).map(|_| splitmix(&mut state)).collect() };
        let stones = [draw(49), draw(49)];
        let side = draw(2);
        let phase = draw(3);
        let due = [draw(256), draw(256)];
        let first = draw(3);
        let f: Vec<&str> = text.split(' ').collect();
        let mut hash = 0;
        // Rank 7 first, each rank from file a.
        for (row, rank) in f[0].split('/').enumerate() {
            for (file, c) in rank.chars().enumerate() {
                let point = (6 - row) * 7 + file;
                match c {
                    'b' => hash ^= stones[0][point],
                    'w' => hash ^= stones[1][point],
                    _ => {}
                }
            }
        }
        hash ^= side[usize::from(f[2] == "w")];
        hash ^= phase[["place", "remove", "battle"]
            .iter()
            .position(|p| *p == f[1])
            .unwrap()];
        hash ^= due[0][f[3].parse::<usize>().unwrap()];
        hash ^= due[1][f[4].parse::<usize>().unwrap()];
        hash ^= first[["b", "w", "-"].iter().position(|x| *x == f[5]).unwrap()];
        hash
    }

    #[test]
    fn the_documented_hash_is_the_cores_and_its_test_vectors_hold() {
        let mut game = Game::new(Rules::default()).unwrap();
        let mut n = 0;
        // Through placement (formations earned included), the opening removals and battle.
        while game.ending().is_none() && n < 120 {
            let text = game.position().to_string();
            assert_eq!(documented(&text), game.hash(), "{text}");
            let legal = game.legal_turns();
            let pick = &legal[(n * 7) % legal.len()].turn;
            let removable = game.removable(pick).unwrap();
            let mut pool = removable.free.clone();
            pool.extend(&removable.protected);
            let turn: Turn = pick.with_removals(pool[..usize::from(removable.count)].to_vec());
            game.play(&turn).unwrap();
            n += 1;
        }
        assert!(n > 49, "placement and more");
        // The vectors in PROTOCOL.md §8.13a: the start, and after d4.
        let mut game = Game::new(Rules::default()).unwrap();
        assert_eq!(format!("{:016x}", game.hash()), "c141ff5e541ba466");
        game.play(&"d4".parse().unwrap()).unwrap();
        assert_eq!(format!("{:016x}", game.hash()), "44f2e18bd529a215");
    }
}
