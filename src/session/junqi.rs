//! Junqi at a session's table, with hidden pieces and no referee (docs/PROTOCOL.md, "Fair
//! play"). Seat 0 plays South, seat 1 North. Each side announces salted commitments to its
//! layout, never the layout; a battle is decided by the oblivious-transfer exchange in
//! `protocol::fair`, so each side learns only its outcome; a field marshal's death opens
//! its side's flag; at the end both open everything and each audits the other
//! ([`super::audit`]). Moves and cells travel in the sender's own view.

use super::audit;
use super::cheat::Cheat;
use super::ending::Reason;
use super::game::{Ending, Played, Seat, Secrets, Step, TableGame};
use super::state::Record;
use crate::protocol::Message;
use crate::protocol::fair::duel::{DEFENCE_RANDOM, context};
use crate::protocol::fair::{Attack, Commitments, Defence, SealedLayout, tagged_hash};
use crate::rules::junqi::{
    BattleResult, DrawReason, Kind, Layout, Move, Outcome, Report, RuleSet, Side, Square,
    VeiledGame, WinReason,
};

/// The side a seat plays.
pub fn side_of(seat: Seat) -> Side {
    if seat == 0 { Side::South } else { Side::North }
}

fn seat_of(side: Side) -> Seat {
    match side {
        Side::South => 0,
        Side::North => 1,
    }
}

/// A battle being decided.
#[derive(Clone, Debug)]
enum Battle {
    /// Our piece attacks: waiting for the defender's offer, then its table.
    Attacking {
        ply: u32,
        mv: Move,
        kind: Kind,
        attack: Option<Attack>,
    },
    /// Our piece is attacked: waiting for the attacker's choice, then its outcome.
    Defending {
        ply: u32,
        mv: Move,
        kind: Kind,
        defence: Defence,
        answered: bool,
    },
}

/// A Junqi game in a session, as one seat plays it with hidden pieces.
#[derive(Clone, Debug)]
pub struct JunqiTable {
    me: Seat,
    first: Side,
    secrets: Secrets,
    /// What I committed to (my layout, unless cheating), with its salts.
    sealed: SealedLayout,
    /// Both seats' commitments.
    commitments: [Commitments; 2],
    game: VeiledGame,
    /// The game before each decided move, for taking moves back.
    history: Vec<VeiledGame>,
    battle: Option<Battle>,
    /// Battles begun so far (never taken back): fresh randomness for each. A restored table
    /// counts the same, so it draws the same randomness for a battle it replays.
    battles_begun: u32,
    /// What this seat sent for the latest battle, to send again after a resume.
    sent: Vec<Message>,
    /// Each seat's opened deployment, once it has opened.
    opened: [Option<SealedLayout>; 2],
    cheat: Cheat,
}

impl JunqiTable {
    /// This seat's game under hidden pieces.
    pub fn game(&self) -> &VeiledGame {
        &self.game
    }

    /// What everyone may see of the board: every piece hidden but an opened flag.
    pub fn public_view(&self) -> crate::rules::junqi::View {
        crate::rules::junqi::View::seen_by(self.game.view().setup(), None)
    }

    fn them(&self) -> Seat {
        1 - self.me
    }

    fn my_side(&self) -> Side {
        side_of(self.me)
    }

    /// Fresh random bytes for the battle being begun: `H(label, secret, binding, battles
    /// begun, block)` per 32-byte block. Only this peer needs to know how it draws them.
    fn random<const N: usize>(&self, label: &str) -> [u8; N] {
        let mut out = [0u8; N];
        for (i, chunk) in out.chunks_mut(32).enumerate() {
            let h = tagged_hash(
                label,
                &[
                    &self.secrets.secret,
                    &self.secrets.binding.0,
                    &self.battles_begun.to_be_bytes(),
                    &(i as u32).to_be_bytes(),
                ],
            );
            chunk.copy_from_slice(&h[..chunk.len()]);
        }
        out
    }

    fn my_kind(&self, absolute: Square) -> Result<Kind, String> {
        self.game
            .at(absolute)
            .filter(|t| t.side == self.my_side())
            .and_then(|t| t.kind)
            .ok_or_else(|| format!("no piece of ours on {absolute}"))
    }

    /// Applies a decided move and says so.
    fn decide(
        &mut self,
        mv: Move,
        report: Option<Report>,
        seat: Seat,
    ) -> Result<Vec<Step<Move>>, String> {
        let before = self.game.clone();
        let unchecked = seat == self.me && self.cheat == Cheat::IllegalMoves;
        if unchecked {
            self.game.play_plausible(mv, report)
        } else {
            self.game.play(mv, report)
        }
        .map_err(|e| e.to_string())?;
        self.history.push(before);
        let ply = self.game.ply();
        let mut steps = Vec::new();
        if let Some(report) = report {
            steps.push(Step::Record(Record::Report {
                ply,
                outcome: report,
            }));
        }
        steps.push(Step::Played {
            ply,
            seat,
            played: Played {
                absolute: mv,
                outcome: report,
            },
        });
        Ok(steps)
    }

    /// If my field marshal just died (and the game goes on), the opening of my flag.
    fn my_flag_if_marshal_died(
        &mut self,
        died: bool,
    ) -> Option<(String, [u8; 16], Vec<Step<Move>>)> {
        if !died || self.game.outcome().is_some() || self.cheat == Cheat::HideFlag {
            return None;
        }
        let side = self.my_side();
        let own = Layout::cells().find(|c| self.sealed.kind_at(*c) == Some(Kind::Flag))?;
        let salt = self.sealed.salt_at(own)?;
        let absolute = own.from_view(side);
        self.game.reveal_flag(side, absolute).ok()?;
        let steps = vec![
            Step::Record(Record::Reveal {
                seat: self.me,
                cell: own.to_string(),
            }),
            Step::FlagShown {
                seat: self.me,
                square: absolute.to_string(),
            },
        ];
        Some((own.to_string(), salt, steps))
    }

    /// Checks and applies the opening of the peer's flag on `cell` (its own view).
    fn their_flag(&mut self, cell: &str, salt: &[u8; 16]) -> Result<Vec<Step<Move>>, String> {
        let them = self.them();
        let side = side_of(them);
        let own: Square = cell.parse().map_err(|e| format!("flag cell: {e}"))?;
        if !self.commitments[them as usize].opens(
            &self.secrets.binding,
            side,
            own,
            Kind::Flag,
            salt,
        ) {
            return Err(format!(
                "the flag opened on {cell} does not match its commitment"
            ));
        }
        let absolute = own.from_view(side);
        if self
            .game
            .at(absolute)
            .is_some_and(|t| t.kind == Some(Kind::Flag))
        {
            // Already shown (a repeat after a resume).
            return Ok(Vec::new());
        }
        self.game
            .reveal_flag(side, absolute)
            .map_err(|e| e.to_string())?;
        Ok(vec![
            Step::Record(Record::Reveal {
                seat: them,
                cell: cell.into(),
            }),
            Step::FlagShown {
                seat: them,
                square: absolute.to_string(),
            },
        ])
    }

    /// Once both deployments are open: record them (seat 0 first) and audit.
    fn audit_if_both_open(&self, record: &[Record<Move>]) -> Vec<Step<Move>> {
        let [Some(south), Some(north)] = &self.opened else {
            return Vec::new();
        };
        let mut steps: Vec<Step<Move>> = [south, north]
            .iter()
            .enumerate()
            .map(|(seat, o)| {
                Step::Record(Record::Open {
                    seat: seat as Seat,
                    kinds: o.letters(),
                    salts: o.salts_hex(),
                })
            })
            .collect();
        let findings = audit::run(audit::Inputs {
            first: self.first,
            binding: &self.secrets.binding,
            commitments: &self.commitments,
            openings: [south, north],
            record,
            auditor: self.me,
        });
        steps.push(Step::Audited(findings));
        steps
    }
}

/// Why the rules ended a game.
pub fn reason_of(outcome: Outcome) -> Reason {
    match outcome {
        Outcome::Win(_, WinReason::FlagLost) => Reason::FlagLost,
        Outcome::Win(_, WinReason::NoLegalMove) => Reason::NoLegalMove,
        Outcome::Win(_, WinReason::NoBattle(n)) | Outcome::Draw(DrawReason::NoBattle(n)) => {
            Reason::NoBattle(n)
        }
        Outcome::Draw(DrawReason::BothFlagsLost) => Reason::BothFlagsLost,
        Outcome::Draw(DrawReason::NeitherCanMove) => Reason::NeitherCanMove,
        Outcome::Draw(DrawReason::Repetition) => Reason::ThreefoldRepetition,
    }
}

impl TableGame for JunqiTable {
    type Rules = ();
    type Move = Move;

    fn name(_: &()) -> &'static str {
        "junqi"
    }

    fn has_setup(_: &()) -> bool {
        true
    }

    fn hidden(_: &()) -> bool {
        true
    }

    fn announce(_: &(), private: &str, me: Seat, secrets: &Secrets) -> Result<String, String> {
        let layout: Layout = private.parse().map_err(|e| format!("layout: {e}"))?;
        let sealed = sealed_for(&layout, secrets);
        Ok(sealed.commitments(&secrets.binding, side_of(me)).to_hex())
    }

    fn check_setup(_: &(), public: &str) -> Result<(), String> {
        Commitments::from_hex(public).map(|_| ())
    }

    fn start(
        _: &(),
        public: &[String],
        me: Seat,
        private: &str,
        first: Seat,
        secrets: &Secrets,
    ) -> Result<JunqiTable, String> {
        let [south, north] = public else {
            return Err(format!("junqi needs 2 commitments, got {}", public.len()));
        };
        let layout: Layout = private.parse().map_err(|e| format!("layout: {e}"))?;
        let commitments = [Commitments::from_hex(south)?, Commitments::from_hex(north)?];
        let first = side_of(first);
        Ok(JunqiTable {
            me,
            first,
            secrets: *secrets,
            sealed: sealed_for(&layout, secrets),
            game: VeiledGame::new(side_of(me), &layout, first, RuleSet::default()),
            commitments,
            history: Vec::new(),
            battle: None,
            battles_begun: 0,
            sent: Vec::new(),
            opened: [None, None],
            cheat: secrets.cheat,
        })
    }

    /// During a battle, the defender: the mover's clock stops with its move, and the
    /// defender's turn (and clock) runs while the outcome is worked out.
    fn to_move(&self) -> Seat {
        let side = self.game.side_to_move();
        seat_of(if self.busy() { side.opponent() } else { side })
    }

    fn ply(&self) -> u32 {
        self.game.ply()
    }

    fn parse_move(_: &(), text: &str) -> Result<Move, String> {
        text.parse().map_err(|e| format!("{e}"))
    }

    fn legal_moves(&self) -> Vec<Move> {
        let side = self.game.side_to_move();
        if self.busy() || side != self.my_side() {
            return Vec::new();
        }
        let moves = if self.cheat == Cheat::IllegalMoves {
            self.game.plausible_moves()
        } else {
            self.game.legal_moves()
        };
        moves.iter().map(|m| m.to_view(side)).collect()
    }

    fn play(&mut self, seat: Seat, own_view: &Move) -> Result<Vec<Step<Move>>, String> {
        let side = side_of(seat);
        if self.game.side_to_move() != side {
            return Err(format!("{side} moved out of turn"));
        }
        if self.busy() {
            return Err("a battle is still being decided".into());
        }
        let absolute = own_view.from_view(side);
        let unchecked = seat == self.me && self.cheat == Cheat::IllegalMoves;
        if unchecked {
            self.game.check_plausible(absolute)
        } else {
            self.game.check(absolute)
        }
        .map_err(|e| e.to_string())?;
        if !self.game.is_battle(absolute) {
            return self.decide(absolute, None, seat);
        }
        let ply = self.game.ply() + 1;
        self.battles_begun += 1;
        self.sent.clear();
        if seat == self.me {
            let kind = self.my_kind(absolute.from)?;
            self.battle = Some(Battle::Attacking {
                ply,
                mv: absolute,
                kind,
                attack: None,
            });
            return Ok(Vec::new());
        }
        let kind = self.my_kind(absolute.to)?;
        let claimed = if self.cheat == Cheat::FalseTable {
            Kind::FieldMarshal
        } else {
            kind
        };
        let defence = Defence::new(
            claimed,
            &self.random::<DEFENCE_RANDOM>("lanqi/fair/defence"),
        );
        let offer = Message::Offer {
            ply,
            point: defence.first(),
        };
        self.battle = Some(Battle::Defending {
            ply,
            mv: absolute,
            kind,
            defence,
            answered: false,
        });
        self.sent.push(offer.clone());
        Ok(vec![Step::Send(offer)])
    }

    fn busy(&self) -> bool {
        self.battle.is_some()
    }

    fn exchange(
        &mut self,
        from: Seat,
        message: &Message,
        record: &[Record<Move>],
    ) -> Result<Vec<Step<Move>>, String> {
        if from != self.them() {
            return Err("an exchange message from our own seat".into());
        }
        let binding = self.secrets.binding;
        // A battle message repeated after a resume, for a battle already decided here.
        let battle_ply = match message {
            Message::Offer { ply, .. }
            | Message::Choose { ply, .. }
            | Message::Table { ply, .. }
            | Message::Outcome { ply, .. } => Some(*ply),
            _ => None,
        };
        if battle_ply.is_some_and(|p| p <= self.game.ply()) && self.battle.is_none() {
            return Ok(Vec::new());
        }
        // The attacker's scalar for the battle being begun (used only on an `offer`).
        let attack_random = self.random::<64>("lanqi/fair/attack");
        // (An offer or a choice repeated after a resume is answered again, the same way.)
        let steps = match (message, self.battle.as_mut()) {
            (
                Message::Offer { ply, point },
                Some(Battle::Attacking {
                    ply: p,
                    kind,
                    attack,
                    ..
                }),
            ) if ply == p => {
                let a = Attack::new(&context(&binding, *ply), point, *kind, &attack_random)
                    .map_err(|e| format!("battle offer: {e}"))?;
                let answer = a.answer();
                *attack = Some(a);
                Ok(vec![Step::Send(Message::Choose {
                    ply: *ply,
                    point: answer,
                })])
            }
            (
                Message::Choose { ply, point },
                Some(Battle::Defending {
                    ply: p,
                    defence,
                    answered,
                    ..
                }),
            ) if ply == p => {
                let table = defence
                    .table(&context(&binding, *ply), point)
                    .map_err(|e| format!("battle choice: {e}"))?;
                *answered = true;
                Ok(vec![Step::Send(Message::Table {
                    ply: *ply,
                    entries: table.concat(),
                })])
            }
            (
                Message::Table { ply, entries },
                Some(Battle::Attacking {
                    ply: p,
                    mv,
                    kind,
                    attack: Some(attack),
                }),
            ) if ply == p => {
                let table: Vec<Vec<u8>> = entries
                    .chunks(crate::protocol::fair::TABLE_ENTRY)
                    .map(<[u8]>::to_vec)
                    .collect();
                let (mut report, token) = attack.open(&table)?;
                let (ply, mv, kind) = (*ply, *mv, *kind);
                if self.cheat == Cheat::FalseOutcome && !report.flag {
                    report.result = BattleResult::AttackerWins;
                }
                self.battle = None;
                let mut steps = self.decide(mv, Some(report), self.me)?;
                let died =
                    kind == Kind::FieldMarshal && report.result != BattleResult::AttackerWins;
                let flag = self.my_flag_if_marshal_died(died);
                let message = Message::Outcome {
                    ply,
                    outcome: report.word().into(),
                    token,
                    flag: flag.as_ref().map(|(cell, salt, _)| (cell.clone(), *salt)),
                };
                let mut out = vec![Step::Send(message)];
                out.append(&mut steps);
                if let Some((_, _, mut reveal)) = flag {
                    out.append(&mut reveal);
                }
                Ok(out)
            }
            (
                Message::Outcome {
                    ply,
                    outcome,
                    token,
                    flag,
                },
                Some(Battle::Defending {
                    ply: p,
                    mv,
                    kind,
                    defence,
                    answered: true,
                }),
            ) if ply == p => {
                let report = Report::from_word(outcome)
                    .ok_or_else(|| format!("battle outcome '{outcome}' is not an outcome"))?;
                if !defence.confirms(report, token) {
                    return Err(format!(
                        "the attacker claims '{outcome}' for the battle at ply {ply} without \
                         that outcome's token: it did not get that outcome"
                    ));
                }
                let (mv, kind) = (*mv, *kind);
                self.battle = None;
                let mut steps = self.decide(mv, Some(report), self.them())?;
                if let Some((cell, salt)) = flag {
                    steps.append(&mut self.their_flag(cell, salt)?);
                }
                let died =
                    kind == Kind::FieldMarshal && report.result != BattleResult::DefenderWins;
                if let Some((cell, salt, mut reveal)) = self.my_flag_if_marshal_died(died) {
                    steps.push(Step::Send(Message::Flag {
                        ply: *ply,
                        cell,
                        salt,
                    }));
                    steps.append(&mut reveal);
                }
                Ok(steps)
            }
            (Message::Flag { cell, salt, .. }, _) => self.their_flag(cell, salt),
            (Message::Open { kinds, salts }, _) => {
                if self.opened[self.them() as usize].is_some() {
                    return Err("a second opening".into());
                }
                let opening = SealedLayout::from_opening(kinds, salts)?;
                self.opened[self.them() as usize] = Some(opening);
                Ok(self.audit_if_both_open(record))
            }
            (other, _) => Err(format!("'{other}' does not fit the battle in progress")),
        }?;
        for step in &steps {
            if let Step::Send(
                m @ (Message::Choose { .. }
                | Message::Table { .. }
                | Message::Outcome { .. }
                | Message::Flag { .. }),
            ) = step
            {
                self.sent.push(m.clone());
            }
        }
        Ok(steps)
    }

    fn replay(&mut self, record: &Record<Move>) -> Result<Vec<Step<Move>>, String> {
        match record {
            Record::Report { ply, outcome } => {
                let report = *outcome;
                let mv = match self.battle.take() {
                    Some(
                        Battle::Attacking { ply: p, mv, .. } | Battle::Defending { ply: p, mv, .. },
                    ) if p == *ply => mv,
                    _ => {
                        return Err(format!(
                            "record: an outcome at ply {ply} without its battle"
                        ));
                    }
                };
                self.decide(mv, Some(report), seat_of(self.game.side_to_move()))
            }
            Record::Reveal { seat, cell } => {
                let side = side_of(*seat);
                let own: Square = cell.parse().map_err(|e| format!("record: {e}"))?;
                self.game
                    .reveal_flag(side, own.from_view(side))
                    .map_err(|e| e.to_string())?;
                Ok(Vec::new())
            }
            Record::Open { seat, kinds, salts } => {
                self.opened[*seat as usize] = Some(SealedLayout::from_opening(kinds, salts)?);
                Ok(Vec::new())
            }
            _ => Ok(Vec::new()),
        }
    }

    fn resume_messages(&self) -> Vec<Message> {
        if !self.sent.is_empty() {
            return self.sent.clone();
        }
        // Restored mid-battle as the defender: offer again (the same offer: the battle's
        // randomness is drawn from the same count of battles begun).
        match &self.battle {
            Some(Battle::Defending { ply, defence, .. }) => vec![Message::Offer {
                ply: *ply,
                point: defence.first(),
            }],
            _ => Vec::new(),
        }
    }

    fn take_back(&mut self) {
        self.battle = None;
        if let Some(before) = self.history.pop() {
            self.game = before;
        }
    }

    fn audit(&self, record: &[Record<Move>]) -> Option<super::game::Audit> {
        self.audit_if_both_open(record)
            .into_iter()
            .find_map(|step| match step {
                Step::Audited(audit) => Some(audit),
                _ => None,
            })
    }

    fn open(&mut self, record: &[Record<Move>]) -> Vec<Step<Move>> {
        let me = self.me as usize;
        if self.opened[me].is_some() || self.cheat == Cheat::RefuseOpen {
            return Vec::new();
        }
        let mut opening = self.sealed.clone();
        if self.cheat == Cheat::WrongRanks
            && let Some(j) =
                (1..opening.kinds.len()).find(|&j| opening.kinds[j] != opening.kinds[0])
        {
            opening.kinds.swap(0, j);
        }
        let message = Message::Open {
            kinds: opening.letters(),
            salts: opening.salts_hex(),
        };
        self.opened[me] = Some(opening);
        let mut steps = vec![Step::Send(message)];
        steps.extend(self.audit_if_both_open(record));
        steps
    }

    fn ending(&self) -> Option<Ending> {
        self.game.outcome().map(|o| Ending {
            winner: match o {
                Outcome::Win(side, _) => Some(seat_of(side)),
                Outcome::Draw(_) => None,
            },
            reason: reason_of(o),
        })
    }

    fn hash(&self) -> String {
        self.game.public_hash()
    }

    fn seat_name(_: &(), seat: Seat, _first: Seat) -> &'static str {
        match side_of(seat) {
            Side::South => "south",
            Side::North => "north",
        }
    }
}

/// What a seat commits to: its layout sealed with salts from its secret (a peer cheating
/// with [`Cheat::IllegalLayout`] seals its layout with the first lieutenant made a fourth
/// landmine, and plays its real layout).
fn sealed_for(layout: &Layout, secrets: &Secrets) -> SealedLayout {
    let sealed = SealedLayout::new(layout, &secrets.secret, &secrets.binding);
    if secrets.cheat != Cheat::IllegalLayout {
        return sealed;
    }
    let mut kinds = sealed.kinds;
    if let Some(k) = kinds.iter_mut().find(|k| **k == Kind::Lieutenant) {
        *k = Kind::Landmine;
    }
    SealedLayout::of_kinds(kinds, &secrets.secret, &secrets.binding)
}
