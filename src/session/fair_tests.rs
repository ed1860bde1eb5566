//! Hidden-piece Junqi between two sessions: honest games pass the audit on both sides,
//! and every way a peer can lie is caught, live or by the audit.

use super::cheat::Cheat;
use super::ending::Reason;
use super::game::{Audit, Secrets, TableGame};
use super::pair::Pair;
use super::state::{Local, Notice, Record};
use crate::protocol::Clock;
use crate::protocol::fair::Binding;
use crate::rules::junqi::Layout;

fn secrets(tag: u8, cheat: Cheat) -> Secrets {
    Secrets {
        binding: Binding([7; 32]),
        secret: [tag; 32],
        cheat,
    }
}

/// Plays a seeded random game between seat 0 (with `cheat_a`) and an honest seat 1.
fn game(seed: u64, cheat_a: Cheat) -> Pair {
    let mut p = Pair::with(
        Clock::default(),
        [secrets(1, cheat_a), secrets(2, Cheat::None)],
    );
    p.local(0, Local::Setup(Layout::random(seed).to_string()));
    p.local(1, Local::Setup(Layout::random(seed + 1000).to_string()));
    let mut x = seed | 1;
    let mut plies = 0;
    while p.a.ending().is_none() && p.b.ending().is_none() && plies < 3000 {
        let seat = p.a.table().unwrap().to_move();
        let moves = p.session(seat).table().unwrap().legal_moves();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mv = moves[(x % moves.len() as u64) as usize];
        p.local(seat, Local::Move(mv));
        plies += 1;
    }
    p
}

fn audits(p: &Pair, seat: usize) -> Vec<Audit> {
    p.notices[seat]
        .iter()
        .filter_map(|n| match n {
            Notice::Audited(a) => Some(a.clone()),
            _ => None,
        })
        .collect()
}

fn refusals(p: &Pair, seat: usize) -> Vec<String> {
    p.notices[seat]
        .iter()
        .filter_map(|n| match n {
            Notice::Refused { reason, .. } => Some(reason.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn honest_games_pass_the_audit_on_both_sides_and_end_alike() {
    for seed in 0..12 {
        let p = game(seed, Cheat::None);
        p.assert_no_trouble();
        assert_eq!(p.a.ending(), p.b.ending(), "seed {seed}");
        for seat in 0..2 {
            let audit = audits(&p, seat);
            assert_eq!(audit.len(), 1, "seed {seed}: one audit per side");
            assert!(audit[0].ok, "seed {seed}: {:?}", audit[0].findings);
            assert!(!audit[0].start.is_empty(), "the audit shows every piece");
        }
        assert_eq!(
            p.a.record(),
            p.b.record(),
            "seed {seed}: one canonical record"
        );
        let opens =
            p.a.record()
                .iter()
                .filter(|r| matches!(r, Record::Open { .. }))
                .count();
        assert_eq!(opens, 2, "the record becomes the full-information replay");
        assert!(p.a.confirmed() && p.b.confirmed());
    }
}

#[test]
fn a_false_outcome_is_refused_at_once_for_want_of_its_token() {
    let p = game(3, Cheat::FalseOutcome);
    let refused = refusals(&p, 1);
    assert!(
        refused
            .iter()
            .any(|r| r.contains("without that outcome's token")),
        "{refused:?}"
    );
    assert_eq!(p.b.ending().unwrap().reason, Reason::OpponentBrokeRules);
}

#[test]
fn a_false_battle_table_is_caught_by_the_audit() {
    let mut caught = 0;
    for seed in 0..6 {
        let p = game(seed, Cheat::FalseTable);
        let audit = audits(&p, 1);
        if audit.is_empty() {
            // A false table that made no difference ended the game another way.
            continue;
        }
        if !audit[0].ok {
            assert_eq!(audit[0].cheater, Some(0), "seed {seed}");
            assert!(
                audit[0].findings[0].what.contains("battle table was false"),
                "{:?}",
                audit[0].findings
            );
            assert_eq!(
                audit[0].findings[0].evidence[0],
                (audit[0].findings[0].ply, "table")
            );
            assert_eq!(p.b.ending().unwrap().reason, Reason::OpponentCheated);
            caught += 1;
        }
    }
    assert!(caught > 0, "some game had a battle the false table changed");
}

#[test]
fn opened_ranks_that_differ_from_the_commitments_are_caught() {
    let p = game(5, Cheat::WrongRanks);
    let audit = &audits(&p, 1)[0];
    assert!(!audit.ok);
    assert_eq!(audit.cheater, Some(0));
    assert!(
        audit.findings[0]
            .what
            .contains("do not match its commitments")
    );
    assert_eq!(p.b.ending().unwrap().reason, Reason::OpponentCheated);
}

#[test]
fn an_illegal_deployment_is_caught_when_opened() {
    let p = game(6, Cheat::IllegalLayout);
    let audit = &audits(&p, 1)[0];
    assert!(!audit.ok);
    assert!(
        audit.findings[0].what.contains("illegal deployment"),
        "{:?}",
        audit.findings
    );
    assert_eq!(audit.findings[0].evidence[0], (0, "commit"));
}

#[test]
fn refusing_to_open_loses() {
    let mut p = game(7, Cheat::RefuseOpen);
    assert!(audits(&p, 1).is_empty(), "nothing to audit yet");
    assert!(
        !p.b.confirmed(),
        "the game is not settled without the audit"
    );
    let effects = p.b.audit_missing();
    p.run(1, effects);
    let audit = &audits(&p, 1)[0];
    assert!(!audit.ok);
    assert_eq!(audit.cheater, Some(0));
    assert_eq!(p.b.ending().unwrap().winner, Some(1));
}

#[test]
fn a_flag_kept_hidden_after_the_marshal_died_is_caught() {
    let mut games_with_a_dead_marshal = 0;
    for seed in 0..30 {
        let p = game(seed, Cheat::HideFlag);
        let audit = audits(&p, 1);
        let Some(audit) = audit.first() else { continue };
        let hid = audit
            .findings
            .iter()
            .any(|f| f.what.contains("never opened its flag") && f.seat == 0);
        if hid {
            games_with_a_dead_marshal += 1;
            assert!(!audit.ok);
        }
    }
    assert!(
        games_with_a_dead_marshal > 0,
        "some game killed seat 0's marshal"
    );
}

/// Delivers messages between two sessions in order, dropping every message to seat
/// `crashed` after the first `cut` messages have been delivered (that seat went down).
fn pump(
    sessions: &mut [super::pair::S; 2],
    queue: &mut std::collections::VecDeque<(usize, crate::protocol::Message)>,
    mut cut: Option<(usize, usize)>,
) {
    while let Some((to, m)) = queue.pop_front() {
        if let Some((crashed, left)) = &mut cut
            && *crashed == to
        {
            if *left == 0 {
                continue;
            }
            *left -= 1;
        }
        for e in sessions[to].remote(1 - to as u8, m, 0) {
            if let super::state::Effect::Send(reply) = e {
                queue.push_back((1 - to, reply));
            }
        }
    }
}

#[test]
fn a_battle_cut_off_by_a_restart_finishes_after_the_resume() {
    use super::state::Effect;
    use std::collections::VecDeque;
    let mut finished = 0;
    for (seed, crashed, cut) in [
        (1, 0, 0),
        (1, 1, 0),
        (2, 0, 1),
        (2, 1, 1),
        (3, 0, 2),
        (3, 1, 2),
    ] {
        let mut p = game_until_a_battle(seed);
        let mut sessions = [p.a.clone(), p.b.clone()];
        // The side to move attacks.
        let mover = sessions[0].table().unwrap().to_move() as usize;
        let mv = battle_move(&sessions[mover]).expect("a battle move");
        let mut queue = VecDeque::new();
        for e in sessions[mover].local(Local::Move(mv), 0).unwrap() {
            if let Effect::Send(m) = e {
                queue.push_back((1 - mover, m));
            }
        }
        pump(&mut sessions, &mut queue, Some((crashed, cut)));
        // The crashed side comes back from its record.
        let s = &sessions[crashed];
        let restored = super::pair::S::restore(
            (),
            s.me(),
            s.game_id(),
            s.first(),
            s.clock(),
            *s.secrets(),
            s.private().map(str::to_string),
            s.record(),
            0,
        )
        .unwrap();
        sessions[crashed] = restored;
        // The resume: the side with more moves sends them; both send their battle messages.
        let moves = [0, 1].map(|i| sessions[i].moves().len() as u32);
        for i in 0..2 {
            let other = 1 - i;
            if moves[i] > moves[other] {
                for m in sessions[i].own_moves_after(moves[other]) {
                    queue.push_back((other, m));
                }
            }
            for m in sessions[i].table().unwrap().resume_messages() {
                queue.push_back((other, m));
            }
        }
        pump(&mut sessions, &mut queue, None);
        let [a, b] = &sessions;
        assert!(
            !a.table().unwrap().busy() && !b.table().unwrap().busy(),
            "seed {seed}"
        );
        assert_eq!(
            a.table().unwrap().hash(),
            b.table().unwrap().hash(),
            "seed {seed}"
        );
        assert_eq!(
            a.record(),
            b.record(),
            "seed {seed}: one record after the resume"
        );
        p.a = sessions[0].clone();
        p.b = sessions[1].clone();
        finish(&mut p);
        for seat in 0..2 {
            let s = if seat == 0 { &p.a } else { &p.b };
            assert!(
                s.audit().is_some_and(|a| a.ok),
                "seed {seed}: {:?}",
                s.audit()
            );
        }
        finished += 1;
    }
    assert_eq!(finished, 6);
}

/// A seeded game played until the side to move has a battle move.
fn game_until_a_battle(seed: u64) -> Pair {
    let mut p = Pair::with(
        Clock::default(),
        [secrets(1, Cheat::None), secrets(2, Cheat::None)],
    );
    p.local(0, Local::Setup(Layout::random(seed).to_string()));
    p.local(1, Local::Setup(Layout::random(seed + 1000).to_string()));
    let mut x = seed | 1;
    loop {
        let seat = p.a.table().unwrap().to_move();
        if battle_move(p.session(seat)).is_some() {
            return p;
        }
        let moves = p.session(seat).table().unwrap().legal_moves();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let mv = moves[(x % moves.len() as u64) as usize];
        p.local(seat, Local::Move(mv));
        assert!(p.a.ending().is_none(), "a battle comes before the end");
    }
}

/// A legal move of this session's seat onto an enemy piece, if it has one.
fn battle_move(s: &super::pair::S) -> Option<crate::rules::junqi::Move> {
    let table = s.table()?;
    let side = super::junqi::side_of(s.me());
    table
        .legal_moves()
        .into_iter()
        .find(|m| table.game().is_battle(m.from_view(side)))
}

/// Plays first legal moves until the game ends.
fn finish(p: &mut Pair) {
    let mut plies = 0;
    while p.a.ending().is_none() && plies < 3000 {
        p.play_first_legal();
        plies += 1;
    }
}

#[test]
fn a_battle_cut_off_by_the_end_of_the_game_owes_no_flag() {
    use super::state::Effect;
    use crate::rules::junqi::{BattleResult, Kind, Report};
    use std::collections::VecDeque;
    let mut cases = 0;
    'games: for seed in 0..60 {
        let mut p = game_until_a_battle(seed);
        let mut x = seed | 1;
        for _ in 0..400 {
            if p.a.ending().is_some() {
                continue 'games;
            }
            let mover = p.a.table().unwrap().to_move() as usize;
            let sessions = [p.a.clone(), p.b.clone()];
            let side = super::junqi::side_of(mover as u8);
            let kind_at = |s: &super::pair::S, sq| s.table()?.game().at(sq)?.kind;
            // A battle in which a field marshal dies: its side would owe its flag, once
            // the battle is decided.
            let deadly = sessions[mover]
                .table()
                .unwrap()
                .legal_moves()
                .into_iter()
                .find(|m| {
                    let m = m.from_view(side);
                    let (Some(a), Some(d)) = (
                        kind_at(&sessions[mover], m.from),
                        kind_at(&sessions[1 - mover], m.to),
                    ) else {
                        return false;
                    };
                    let result = Report::of(a, d).result;
                    (a == Kind::FieldMarshal && result != BattleResult::AttackerWins)
                        || (d == Kind::FieldMarshal && result != BattleResult::DefenderWins)
                });
            if let Some(mv) = deadly {
                cases += 1;
                let mut sessions = sessions;
                // The move reaches the defender; its `offer` is lost; the attacker resigns.
                let mut queue = VecDeque::new();
                for e in sessions[mover].local(Local::Move(mv), 0).unwrap() {
                    if let Effect::Send(m) = e {
                        queue.push_back((1 - mover, m));
                    }
                }
                pump(&mut sessions, &mut queue, Some((mover, 0)));
                for e in sessions[mover].local(Local::Resign, 0).unwrap() {
                    if let Effect::Send(m) = e {
                        queue.push_back((1 - mover, m));
                    }
                }
                pump(&mut sessions, &mut queue, None);
                for s in &sessions {
                    assert!(
                        s.audit().is_some_and(|a| a.ok),
                        "seed {seed}, seat {}: {:?}",
                        s.me(),
                        s.audit()
                    );
                }
                continue 'games;
            }
            let moves = p.session(mover as u8).table().unwrap().legal_moves();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let mv = moves[(x % moves.len() as u64) as usize];
            p.local(mover as u8, Local::Move(mv));
        }
    }
    assert!(
        cases > 0,
        "some game had a battle that kills a field marshal"
    );
}

#[test]
fn a_battle_taken_back_with_the_reply_leaves_an_honest_audit() {
    for seed in 0..10 {
        let mut p = game_until_a_battle(seed);
        let mover = p.a.table().unwrap().to_move();
        let start = p.a.table().unwrap().hash();
        let plies = p.a.moves().len();
        let mv = battle_move(p.session(mover)).expect("a battle move");
        p.local(mover, Local::Move(mv));
        if p.a.ending().is_some() {
            continue;
        }
        let other = 1 - mover;
        let reply = p.session(other).table().unwrap().legal_moves()[0];
        p.local(other, Local::Move(reply));
        if p.a.ending().is_some() {
            continue;
        }
        // The attacker takes back its battle and the reply with it.
        p.local(mover, Local::AskUndo);
        p.local(other, Local::AnswerUndo(true));
        for s in [&p.a, &p.b] {
            assert_eq!(s.moves().len(), plies, "seed {seed}: both plies taken back");
            assert_eq!(s.table().unwrap().hash(), start, "seed {seed}");
        }
        finish(&mut p);
        for s in [&p.a, &p.b] {
            assert!(
                s.audit().is_some_and(|a| a.ok),
                "seed {seed}, seat {}: {:?}",
                s.me(),
                s.audit()
            );
        }
    }
}
