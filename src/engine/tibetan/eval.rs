//! The static evaluation, in hundredths of a stone, from the side to act's point of view:
//! material (and removals earned or due), squares about to form (three stones of a unit
//! cell with the fourth point empty and a stone ready to step in), complete squares a stone
//! can step out of and back into (褡裢), lines about to form, jumps on offer, and mobility.
//! The side to act cashes one threat now; the other side's threats count for less, since
//! one of them can be parried.

use super::state::{State, TABLES};
use crate::rules::tibetan::formation::{LINES, SQUARES};
use crate::rules::tibetan::point::{Bits, points};
use crate::rules::tibetan::{Phase, Rules, Side};

/// One stone.
pub const STONE: i32 = 100;

/// What one side has on the board, for the evaluation.
#[derive(Default, Clone, Copy, Debug)]
pub(crate) struct Features {
    /// Squares (or lines, counted double) the side can complete with its next turn.
    pub ready: i32,
    /// Three-of-four cells with the fourth point empty but no stone ready to step in.
    pub half: i32,
    /// Complete squares one of whose stones can step out (and back).
    pub mills: i32,
    /// Enemy stones it can jump now.
    pub jumps: i32,
    /// Its steps.
    pub mobility: i32,
    /// Pairs in a cell with the other two points empty (placement only).
    pub pairs: i32,
}

/// The features of `side` in `s`.
pub(crate) fn features(s: &State, side: Side, rules: &Rules) -> Features {
    let t = &*TABLES;
    let own = s.stones[side.index()];
    let enemy = s.stones[side.opponent().index()];
    let empty = s.empty();
    let mut f = Features::default();
    let placing = s.phase == Phase::Place;
    let flies = !placing && s.flies(side, rules);
    // Whether some own stone, not among `exclude`, could arrive on `point` next turn.
    let reachable = |point: Bits, exclude: Bits| -> bool {
        if placing {
            return true;
        }
        let movers = own & !exclude;
        if flies {
            return movers != 0;
        }
        let i = point.trailing_zeros() as usize;
        t.neighbours[i] & movers != 0
    };
    for &cell in &SQUARES {
        if cell & enemy != 0 {
            continue;
        }
        let mine = (cell & own).count_ones();
        match mine {
            4 if !placing && points(cell).any(|p| t.neighbours[p.index()] & empty & !cell != 0) => {
                f.mills += 1;
            }
            3 => {
                let hole = cell & empty;
                if reachable(hole, cell) {
                    f.ready += 1;
                } else {
                    f.half += 1;
                }
            }
            2 if placing => f.pairs += 1,
            _ => {}
        }
    }
    for &line in &LINES {
        if line & enemy == 0 && (line & own).count_ones() == 6 && reachable(line & empty, line) {
            f.ready += 2;
        }
    }
    if !placing {
        let mut jumped: Bits = 0;
        for p in points(own) {
            let i = p.index();
            f.mobility += (t.neighbours[i] & empty).count_ones() as i32;
            for &(over, to) in &t.jumps[i] {
                if enemy & over.bit() != 0 && empty & to.bit() != 0 {
                    jumped |= over.bit();
                }
            }
        }
        f.jumps = jumped.count_ones() as i32;
    }
    f
}

/// The score of `s` for the side to act.
pub(crate) fn evaluate(s: &State, rules: &Rules) -> i32 {
    let me = s.side;
    let them = me.opponent();
    let mut score = STONE * (s.count(me) as i32 - s.count(them) as i32);
    // Removals earned in placement, or due in the opening removals, are stones to come.
    score += STONE * (s.due[me.index()] as i32 - s.due[them.index()] as i32);
    let a = features(s, me, rules);
    let b = features(s, them, rules);
    let placing = s.phase == Phase::Place;
    // The side to act cashes its best threat now: a formation or a jump.
    let now = if a.ready > 0 || a.jumps > 0 { 80 } else { 0 };
    score += now + 15 * (a.ready - 1).max(0) + 10 * (a.jumps - 1).max(0);
    score -= 40 * b.ready.min(3) + 30 * b.jumps.min(3);
    score += 8 * (a.half - b.half);
    score += 25 * (a.mills - b.mills);
    score += 2 * (a.mobility - b.mobility);
    if placing {
        score += 3 * (a.pairs - b.pairs);
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::tibetan::Position;

    fn state(text: &str) -> State {
        State::of(&text.parse::<Position>().unwrap())
    }

    #[test]
    fn a_ready_square_is_worth_having() {
        // Black to place with three corners of a1-b2: a stone up for Black, nearly.
        let s = state("......./......./......./......./....w../b....w./bb...w. place b 0 0 - 0");
        assert!(
            evaluate(&s, &Rules::default()) > 50,
            "{}",
            evaluate(&s, &Rules::default())
        );
    }
}
