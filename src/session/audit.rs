//! The post-game audit of hidden-piece Junqi: with both deployments opened, check each
//! against its commitments and the deployment rules, then replay the whole record with
//! full information, checking every move against the piece that made it, every battle's
//! announced outcome against the two kinds that met, and that each side whose field
//! marshal died opened its flag. Pure: the record and the openings in, findings out.

use super::game::{Audit, Finding, Seat};
use super::state::Record;
use crate::protocol::fair::{Binding, Commitments, SealedLayout};
use crate::rules::junqi::{
    BattleResult, Game, Kind, Layout, Move, Position, Report, RuleSet, Side, Square,
};

/// What an audit needs.
pub struct Inputs<'a> {
    /// The side that moved first.
    pub first: Side,
    /// The game's binding.
    pub binding: &'a Binding,
    /// Both seats' commitments (seat 0 = South first).
    pub commitments: &'a [Commitments; 2],
    /// Both seats' openings.
    pub openings: [&'a SealedLayout; 2],
    /// The game's record.
    pub record: &'a [Record<Move>],
    /// The seat doing the audit: it knows it played fair, so a false battle outcome is
    /// the other seat's doing (a false table if it defended, a false choice or claim if
    /// it attacked).
    pub auditor: Seat,
}

fn side_of(seat: Seat) -> Side {
    if seat == 0 { Side::South } else { Side::North }
}

fn seat_of(side: Side) -> Seat {
    if side == Side::South { 0 } else { 1 }
}

/// Runs the audit.
pub fn run(inputs: Inputs<'_>) -> Audit {
    let mut findings = Vec::new();
    let mut layouts: Vec<Layout> = Vec::new();
    for seat in 0..2u8 {
        let side = side_of(seat);
        let opening = inputs.openings[seat as usize];
        let wrong = opening.mismatches(&inputs.commitments[seat as usize], inputs.binding, side);
        if !wrong.is_empty() {
            let cells: Vec<String> = wrong.iter().map(Square::to_string).collect();
            findings.push(Finding {
                ply: 0,
                seat,
                what: format!(
                    "{side} opened pieces that do not match its commitments on {}",
                    cells.join(", ")
                ),
                evidence: vec![(0, "open"), (0, "commit")],
            });
            continue;
        }
        match opening.layout() {
            Ok(layout) => layouts.push(layout),
            Err(e) => findings.push(Finding {
                ply: 0,
                seat,
                what: format!("{side} committed to an illegal deployment: {e}"),
                evidence: vec![(0, "commit"), (0, "open")],
            }),
        }
    }
    let [south, north] = layouts.as_slice() else {
        return verdict(findings, String::new());
    };
    let start = Position::from_layouts(south, north, inputs.first);
    let start_text = start.to_string();
    replay(&inputs, start, &mut findings);
    verdict(findings, start_text)
}

fn verdict(findings: Vec<Finding>, start: String) -> Audit {
    Audit {
        ok: findings.is_empty(),
        cheater: findings.first().map(|f| f.seat),
        findings,
        start,
    }
}

/// Replays the record from `start`, adding what is wrong to `findings`.
fn replay(inputs: &Inputs<'_>, start: Position, findings: &mut Vec<Finding>) {
    let mut game = Game::new(start, RuleSet::default());
    let mut history: Vec<Game> = Vec::new();
    // The battle of the last move, until its report is checked: (ply, attacker seat, truth).
    let mut battle: Option<(u32, Seat, Report)> = None;
    // Per side: the ply its field marshal died, while its flag is still unopened.
    let mut owes_flag: [Option<u32>; 2] = [None, None];
    // The plies whose battles were decided (a battle the end of the game cut off owes no
    // flag: nobody learned its outcome).
    let mut decided: Vec<u32> = Vec::new();
    for line in inputs.record {
        match line {
            Record::Move { ply, seat, mv, .. } => {
                let side = side_of(*seat);
                history.push(game.clone());
                match game.play(mv.from_view(side)) {
                    Ok(Some(b)) => {
                        battle = Some((*ply, *seat, Report::of(b.attacker.kind, b.defender.kind)));
                        let died = [
                            (b.attacker, b.result != BattleResult::AttackerWins),
                            (b.defender, b.result != BattleResult::DefenderWins),
                        ];
                        for (piece, removed) in died {
                            if piece.kind == Kind::FieldMarshal
                                && removed
                                && game.outcome().is_none()
                            {
                                owes_flag[piece.side.index()] = Some(*ply);
                            }
                        }
                    }
                    Ok(None) => battle = None,
                    Err(e) => {
                        findings.push(finding(*ply, *seat, format!("illegal move: {e}"), "move"));
                        return;
                    }
                }
            }
            Record::Report { ply, outcome } => {
                decided.push(*ply);
                let Some((p, attacker, truth)) = battle.take().filter(|(p, ..)| p == ply) else {
                    continue;
                };
                if truth != *outcome {
                    // The auditor played fair; the other seat made the outcome false.
                    let culprit = 1 - inputs.auditor;
                    let how = if culprit == attacker {
                        "outcome"
                    } else {
                        "table"
                    };
                    let what = if culprit == attacker {
                        format!(
                            "the battle at ply {p} was announced as '{outcome}', but the pieces \
                             that met give '{}': the attacker claimed an outcome it did not get",
                            truth.word()
                        )
                    } else {
                        format!(
                            "the battle at ply {p} came out '{outcome}', but the pieces that met \
                             give '{}': the defender's battle table was false",
                            truth.word()
                        )
                    };
                    findings.push(finding(p, culprit, what, how));
                }
            }
            Record::Reveal { seat, .. } => owes_flag[side_of(*seat).index()] = None,
            Record::Undo { ply } => {
                // The move of `ply` and every one since were taken back.
                while history.len() >= *ply as usize {
                    match history.pop() {
                        Some(before) => game = before,
                        None => break,
                    }
                }
                battle = None;
            }
            Record::Setup { .. }
            | Record::Over { .. }
            | Record::Open { .. }
            | Record::Audit { .. }
            | Record::Left { .. } => {}
        }
    }
    for side in Side::BOTH {
        if let Some(ply) = owes_flag[side.index()].filter(|p| decided.contains(p)) {
            // Shown with the battle messages of that ply (its `outcome` if it attacked,
            // its `table` if it defended) and its commitments and opening.
            findings.push(Finding {
                ply,
                seat: seat_of(side),
                what: format!(
                    "{side}'s field marshal died at ply {ply}, but it never opened its flag"
                ),
                evidence: vec![(ply, "outcome"), (ply, "table"), (0, "commit"), (0, "open")],
            });
        }
    }
}

/// A finding about `message` of `ply`, shown with it and with the liar's commitments and
/// opening, which it contradicts.
fn finding(ply: u32, seat: Seat, what: String, message: &'static str) -> Finding {
    Finding {
        ply,
        seat,
        what,
        evidence: vec![(ply, message), (0, "commit"), (0, "open")],
    }
}
