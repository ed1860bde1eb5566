//! Game and move clocks (局时 and 步时) that both peers agree on despite network delay.
//!
//! The rule: every move carries the mover's remaining game time as the mover measured it.
//! A peer's own clock is the truth for its own time: when it runs out, that peer announces
//! its own loss. The waiting peer counts the mover's time down from the last reported
//! figure, starting when it sent its own move, and claims a win on time only once that
//! count has passed zero by more than a lag allowance. A move that reaches the waiting
//! peer after it claimed is void, and a mover that receives a time claim accepts it even if
//! it has moved meanwhile; so both peers always end on the same verdict.

use super::game::Seat;

/// Milliseconds on the caller's monotonic clock.
pub type Millis = u64;

/// The lag allowance a waiting peer grants before it claims a win on time.
pub const LAG_ALLOWANCE: Millis = 3000;

/// Every seat's clocks (up to four).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    /// Remaining game time per seat; `None` when the game time is unlimited.
    remaining: [Option<Millis>; 4],
    /// The per-move limit; `None` when unlimited.
    per_move: Option<Millis>,
    /// When the current turn began on this peer's clock.
    turn_started: Millis,
}

/// What the clocks say at some moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flag {
    /// Nobody's time is up.
    Running,
    /// This seat's time is up.
    Fell(Seat),
}

impl Clocks {
    /// Clocks for a game with `game_secs` per side and `move_secs` per move (0 = unlimited),
    /// the first turn starting at `now`.
    pub fn new(game_secs: u32, move_secs: u32, now: Millis) -> Clocks {
        let limit = |s: u32| (s > 0).then_some(s as Millis * 1000);
        Clocks {
            remaining: [limit(game_secs); 4],
            per_move: limit(move_secs),
            turn_started: now,
        }
    }

    /// The time `seat` has left at `now` if it is to move (or had at its last move).
    pub fn remaining(&self, seat: Seat, to_move: Seat, now: Millis) -> Option<Millis> {
        let left = self.remaining[seat as usize & 3]?;
        let used = if seat == to_move {
            now.saturating_sub(self.turn_started)
        } else {
            0
        };
        Some(left.saturating_sub(used))
    }

    /// This peer's own move at `now`: charges the time used and returns what is left, the
    /// figure the move carries (0 when unlimited).
    pub fn own_move(&mut self, seat: Seat, now: Millis) -> Millis {
        let used = now.saturating_sub(self.turn_started);
        self.turn_started = now;
        match &mut self.remaining[seat as usize & 3] {
            Some(left) => {
                *left = left.saturating_sub(used);
                *left
            }
            None => 0,
        }
    }

    /// The peer's move arriving at `now` with the remaining time it reported. A peer
    /// cannot give itself time: the figure is capped at what it had before.
    pub fn peer_move(&mut self, seat: Seat, reported: Millis, now: Millis) {
        self.turn_started = now;
        if let Some(left) = &mut self.remaining[seat as usize & 3] {
            *left = (*left).min(reported);
        }
    }

    /// Restarts the current turn's count (after an undo).
    pub fn restart_turn(&mut self, now: Millis) {
        self.turn_started = now;
    }

    /// Whether a flag has fallen at `now`, as this peer (`me`) may say: its own as soon as
    /// its time is up, the other's only past the lag allowance.
    pub fn check(&self, me: Seat, to_move: Seat, now: Millis) -> Flag {
        let used = now.saturating_sub(self.turn_started);
        let allowance = if to_move == me { 0 } else { LAG_ALLOWANCE };
        let over_game =
            self.remaining[to_move as usize & 3].is_some_and(|left| used > left + allowance);
        let over_move = self.per_move.is_some_and(|limit| used > limit + allowance);
        if over_game || over_move {
            Flag::Fell(to_move)
        } else {
            Flag::Running
        }
    }

    /// When the next flag could fall, for timers.
    pub fn next_deadline(&self, me: Seat, to_move: Seat) -> Option<Millis> {
        let allowance = if to_move == me { 0 } else { LAG_ALLOWANCE };
        let game = self.remaining[to_move as usize & 3];
        let limit = match (game, self.per_move) {
            (Some(g), Some(m)) => Some(g.min(m)),
            (g, m) => g.or(m),
        }?;
        Some(self.turn_started + limit + allowance + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unlimited_clocks_never_fall() {
        let c = Clocks::new(0, 0, 0);
        assert_eq!(c.check(0, 0, u64::MAX / 2), Flag::Running);
        assert_eq!(c.next_deadline(0, 0), None);
    }

    #[test]
    fn my_own_time_falls_at_zero_and_the_others_only_after_the_allowance() {
        let c = Clocks::new(10, 0, 1000);
        assert_eq!(c.check(0, 0, 11_000), Flag::Running);
        assert_eq!(c.check(0, 0, 11_001), Flag::Fell(0));
        assert_eq!(
            c.check(1, 0, 11_001),
            Flag::Running,
            "the waiting peer allows for lag"
        );
        assert_eq!(c.check(1, 0, 11_000 + LAG_ALLOWANCE + 1), Flag::Fell(0));
    }

    #[test]
    fn moves_charge_the_mover_and_reports_cannot_add_time() {
        let mut c = Clocks::new(60, 0, 0);
        assert_eq!(c.own_move(0, 5_000), 55_000);
        c.peer_move(1, 70_000, 9_000);
        assert_eq!(
            c.remaining(1, 0, 9_000),
            Some(60_000),
            "no more than it had"
        );
        assert_eq!(c.remaining(0, 0, 10_000), Some(54_000));
    }

    #[test]
    fn the_move_clock_limits_each_move() {
        let c = Clocks::new(0, 30, 0);
        assert_eq!(c.check(0, 0, 30_001), Flag::Fell(0));
        assert_eq!(c.next_deadline(0, 0), Some(30_001));
    }
}
