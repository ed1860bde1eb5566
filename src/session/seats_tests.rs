//! The session at tables of three and four seats, with a small game of its own (count to
//! 21: each seat in turn adds 1, 2 or 3; whoever reaches 21 wins) so that what is checked
//! is the session's part: turn order, consent of every seat, seats leaving.

use std::collections::VecDeque;

use super::clock::Millis;
use super::ending::{Ending, Reason};
use super::game::{Seat, Secrets, Step, TableGame};
use super::state::{Effect, Local, Notice, Record, Session};
use crate::protocol::{Clock, Message};

/// Count to 21 with `seats` seats.
#[derive(Clone, Debug)]
struct CountTo21 {
    seats: u8,
    total: u32,
    to_move: Seat,
    gone: Vec<Seat>,
    history: Vec<(Seat, u32)>,
    winner: Option<Seat>,
}

impl CountTo21 {
    fn next_seat(&self, after: Seat) -> Seat {
        (1..=self.seats)
            .map(|i| (after + i) % self.seats)
            .find(|s| !self.gone.contains(s))
            .unwrap_or(after)
    }
}

impl TableGame for CountTo21 {
    type Rules = u8;
    /// How much a seat adds: 1, 2 or 3.
    type Move = u8;

    fn name(_: &u8) -> &'static str {
        "count"
    }
    fn seats(rules: &u8) -> u8 {
        *rules
    }
    fn remove_seat(&mut self, seat: Seat) {
        self.gone.push(seat);
        if self.to_move == seat {
            self.to_move = self.next_seat(seat);
        }
    }
    fn start(
        rules: &u8,
        _: &[String],
        _: Seat,
        _: &str,
        first: Seat,
        _: &Secrets,
    ) -> Result<Self, String> {
        Ok(CountTo21 {
            seats: *rules,
            total: 0,
            to_move: first,
            gone: Vec::new(),
            history: Vec::new(),
            winner: None,
        })
    }
    fn to_move(&self) -> Seat {
        self.to_move
    }
    fn ply(&self) -> u32 {
        self.history.len() as u32
    }
    fn parse_move(_: &u8, text: &str) -> Result<u8, String> {
        text.parse().map_err(|_| format!("{text} is not a number"))
    }
    fn legal_moves(&self) -> Vec<u8> {
        vec![1, 2, 3]
    }
    fn play(&mut self, seat: Seat, mv: &u8) -> Result<Vec<Step<u8>>, String> {
        let n = match mv {
            1..=3 => u32::from(*mv),
            _ => return Err(format!("{mv} is not 1, 2 or 3")),
        };
        self.total += n;
        self.history.push((seat, n));
        if self.total >= 21 {
            self.winner = Some(seat);
        }
        self.to_move = self.next_seat(seat);
        Ok(vec![Step::Played {
            ply: self.ply(),
            seat,
            played: super::game::Played {
                absolute: *mv,
                outcome: None,
            },
        }])
    }
    fn take_back(&mut self) {
        if let Some((seat, n)) = self.history.pop() {
            self.total -= n;
            self.to_move = seat;
            self.winner = None;
        }
    }
    fn ending(&self) -> Option<Ending> {
        self.winner.map(|w| Ending {
            winner: Some(w),
            reason: Reason::Other("reached 21".into()),
        })
    }
    fn hash(&self) -> String {
        format!("{}-{}", self.total, self.to_move)
    }
    fn seat_name(_: &u8, seat: Seat, _: Seat) -> &'static str {
        ["1", "2", "3", "4"][seat as usize]
    }
}

/// `seats` sessions, every message one sends delivered to all the others in order (as the
/// relaying star delivers them).
struct Table {
    s: Vec<Session<CountTo21>>,
    notices: Vec<Vec<Notice<u8>>>,
    now: Millis,
}

impl Table {
    fn new(seats: u8, clock: Clock) -> Table {
        Table {
            s: (0..seats)
                .map(|me| Session::new(seats, me, 9, 0, clock, Secrets::fixed(me), 0))
                .collect(),
            notices: vec![Vec::new(); seats as usize],
            now: 0,
        }
    }

    fn act(&mut self, seat: Seat, action: Local<u8>) {
        let effects = self.s[seat as usize]
            .local(action, self.now)
            .expect("allowed");
        self.run(seat, effects);
    }

    fn run(&mut self, seat: Seat, effects: Vec<Effect<u8>>) {
        let mut queue = VecDeque::from([(seat, effects)]);
        while let Some((from, effects)) = queue.pop_front() {
            for e in effects {
                match e {
                    Effect::Send(m) => {
                        for to in 0..self.s.len() as Seat {
                            if to != from {
                                let reply = self.s[to as usize].remote(from, m.clone(), self.now);
                                queue.push_back((to, reply));
                            }
                        }
                    }
                    Effect::Notice(n) => self.notices[from as usize].push(n),
                    Effect::Save => {}
                }
            }
        }
    }

    fn to_move(&self) -> Seat {
        self.s[0].table().expect("started").to_move()
    }

    fn totals(&self) -> Vec<String> {
        self.s.iter().map(|s| s.table().unwrap().hash()).collect()
    }
}

#[test]
fn three_seats_take_turns_and_agree_on_the_winner() {
    let mut t = Table::new(3, Clock::default());
    let mut movers = Vec::new();
    while t.s[0].ending().is_none() {
        let seat = t.to_move();
        movers.push(seat);
        t.act(seat, Local::Move(3));
        let totals = t.totals();
        assert!(totals.iter().all(|h| *h == totals[0]), "{totals:?}");
    }
    assert_eq!(&movers[..4], &[0, 1, 2, 0], "seat order, round and round");
    // 7 moves of 3 reach 21: the seventh mover, seat 0, wins.
    let ending = t.s[0].ending().unwrap().clone();
    assert_eq!(ending.winner, Some(0));
    for s in &t.s {
        assert_eq!(s.ending(), Some(&ending));
        assert!(s.confirmed(), "every seat's over reached every other");
    }
}

#[test]
fn an_undo_needs_every_other_seat() {
    let mut t = Table::new(3, Clock::default());
    t.act(0, Local::Move(2));
    t.act(1, Local::Move(2));
    t.act(1, Local::AskUndo);
    t.act(0, Local::AnswerUndo(true));
    assert_eq!(t.s[1].moves().len(), 2, "one yes of two is not enough");
    assert_eq!(
        t.s[0].local(Local::AnswerUndo(true), 0),
        Err(super::SessionError::NoUndoToAnswer),
        "nor can a seat say yes twice"
    );
    t.act(2, Local::AnswerUndo(true));
    for s in &t.s {
        assert_eq!(s.moves().len(), 1, "taken back at every seat");
        assert_eq!(s.table().unwrap().to_move(), 1);
    }
    // One no is enough to refuse.
    t.act(1, Local::Move(1));
    t.act(1, Local::AskUndo);
    t.act(2, Local::AnswerUndo(false));
    assert!(t.notices[1].contains(&Notice::UndoRefused));
    assert!(
        t.s.iter()
            .all(|s| s.undo_pending().is_none() && s.moves().len() == 2)
    );
}

#[test]
fn a_draw_needs_everyone() {
    let mut t = Table::new(4, Clock::default());
    t.act(0, Local::Move(1));
    t.act(2, Local::OfferDraw);
    t.act(0, Local::AnswerDraw(true));
    t.act(1, Local::AnswerDraw(true));
    assert!(t.s.iter().all(|s| s.ending().is_none()));
    t.act(3, Local::AnswerDraw(true));
    for s in &t.s {
        assert_eq!(
            s.ending().map(|e| (e.winner, e.reason.clone())),
            Some((None, Reason::DrawAgreed))
        );
    }
}

#[test]
fn a_seat_that_resigns_leaves_and_the_game_goes_on_while_two_remain() {
    let mut t = Table::new(3, Clock::default());
    t.act(0, Local::Move(1));
    // Seat 1 is to move, and resigns: seat 2 moves next.
    t.act(1, Local::Resign);
    for s in &t.s {
        assert!(s.ending().is_none());
        assert!(s.has_left(1));
        assert_eq!(s.table().unwrap().to_move(), 2);
    }
    assert_eq!(
        t.s[1].local(Local::Move(1), 0),
        Err(super::SessionError::LeftTheGame)
    );
    t.act(2, Local::Move(1));
    assert_eq!(t.to_move(), 0, "seat 1's turns are skipped");
    // The next to resign leaves one: it wins.
    t.act(0, Local::Resign);
    for s in &t.s {
        let e = s.ending().expect("over");
        assert_eq!((e.winner, e.reason.clone()), (Some(2), Reason::Resignation));
        assert!(s.confirmed());
        assert!(
            s.record()
                .iter()
                .any(|r| matches!(r, Record::Left { seat: 1, .. }))
        );
    }
}

#[test]
fn a_seat_whose_own_clock_runs_out_leaves_and_only_it_decides_so() {
    let clock = Clock {
        game_secs: 10,
        move_secs: 0,
    };
    let mut t = Table::new(3, clock);
    t.act(0, Local::Move(1));
    t.now = 60_000;
    // The waiting seats make no claim at a larger table.
    for waiting in [0, 2] {
        assert!(t.s[waiting].next_deadline().is_none());
        let effects = t.s[waiting].tick(t.now);
        assert!(effects.is_empty(), "{effects:?}");
    }
    assert!(t.s[1].next_deadline().is_some());
    let effects = t.s[1].tick(t.now);
    t.run(1, effects);
    for s in &t.s {
        assert!(s.has_left(1), "seat {} sees seat 1 out", s.me());
        assert!(s.ending().is_none());
        assert_eq!(s.table().unwrap().to_move(), 2);
    }
    assert!(t.notices[0].contains(&Notice::SeatLeft {
        seat: 1,
        reason: Reason::Time
    }));
}

#[test]
fn an_illegal_move_puts_its_author_out_at_every_seat() {
    let mut t = Table::new(3, Clock::default());
    let bad = Message::Move {
        ply: 1,
        mv: "7".into(),
        hash: t.s[1].table().unwrap().hash(),
        clock_ms: 0,
    };
    for to in [1, 2] {
        let effects = t.s[to].remote(0, bad.clone(), 0);
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Notice(Notice::Refused { .. })))
        );
        assert!(t.s[to].has_left(0));
        assert_eq!(t.s[to].table().unwrap().to_move(), 1);
    }
}
