//! Test harness: two sessions wired back to back, each message delivered in order.

use super::JunqiTable;
use super::clock::Millis;
use super::game::{Seat, Secrets, TableGame};
use super::state::{Effect, Local, Notice, Session};
use crate::protocol::Clock;
use crate::rules::junqi::{Layout, Move};

/// A Junqi session.
pub type S = Session<JunqiTable>;

/// Two sessions wired back to back: what one sends, the other receives.
pub struct Pair {
    /// Seat 0.
    pub a: S,
    /// Seat 1.
    pub b: S,
    /// What each seat was told.
    pub notices: [Vec<Notice<Move>>; 2],
    /// The time both sessions are told.
    pub now: Millis,
}

impl Pair {
    /// Two honest seats with the given clock.
    pub fn new(clock: Clock) -> Pair {
        Pair::with(clock, [Secrets::fixed(1), Secrets::fixed(2)])
    }

    /// Two seats with the given secrets (and cheats).
    pub fn with(clock: Clock, secrets: [Secrets; 2]) -> Pair {
        Pair {
            a: S::new((), 0, 7, 0, clock, secrets[0], 0),
            b: S::new((), 1, 7, 0, clock, secrets[1], 0),
            notices: [vec![], vec![]],
            now: 0,
        }
    }

    /// The session of `seat`.
    pub fn session(&mut self, seat: Seat) -> &mut S {
        if seat == 0 { &mut self.a } else { &mut self.b }
    }

    /// Applies effects produced by `seat`, delivering its messages to the other seat in
    /// the order they were sent.
    pub fn run(&mut self, seat: Seat, effects: Vec<Effect<Move>>) {
        let mut queue = std::collections::VecDeque::from([(seat, effects)]);
        while let Some((from, effects)) = queue.pop_front() {
            for e in effects {
                match e {
                    Effect::Send(m) => {
                        let now = self.now;
                        let reply = self.session(1 - from).remote(from, m, now);
                        queue.push_back((1 - from, reply));
                    }
                    Effect::Notice(n) => self.notices[from as usize].push(n),
                    Effect::Save => {}
                }
            }
        }
    }

    /// Seat `seat` does `action`, which must be allowed.
    pub fn local(&mut self, seat: Seat, action: Local<Move>) {
        let now = self.now;
        let effects = self.session(seat).local(action, now).unwrap();
        self.run(seat, effects);
    }

    /// Neither side saw a desync or refused anything.
    pub fn assert_no_trouble(&self) {
        for n in self.notices.iter().flatten() {
            assert!(
                !matches!(n, Notice::Desync { .. } | Notice::Refused { .. }),
                "{n:?}"
            );
        }
    }

    /// Both seats deploy a random layout.
    pub fn deploy(&mut self) {
        self.local(0, Local::Setup(Layout::random(1).to_string()));
        self.local(1, Local::Setup(Layout::random(2).to_string()));
    }

    /// The seat to move plays its first legal move.
    pub fn play_first_legal(&mut self) {
        let seat = self.a.table().unwrap().to_move();
        let mv = self.session(seat).table().unwrap().legal_moves()[0];
        self.local(seat, Local::Move(mv));
    }
}
