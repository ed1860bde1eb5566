//! The session state machine: one game between seats, driven by local actions, messages
//! from the peer and clock ticks, answering with effects (messages to send, notices to
//! show, a transcript to save). No I/O: the GUI and the headless peer drive the same one.

use super::any::AnyMove;
use super::clock::{Clocks, Flag, LAG_ALLOWANCE, Millis};
use super::ending::Reason;
use super::error::SessionError;
use super::game::{Audit, Ending, Played, Seat, Secrets, Step, TableGame};
use crate::protocol::{Clock, Message, Verb};
use crate::rules::junqi::Report;

/// Something this session wants done. `M` is the game's move type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect<M = AnyMove> {
    /// Send this message to the peer.
    Send(Message),
    /// Tell the user.
    Notice(Notice<M>),
    /// The transcript changed in a way worth saving now (after a move, at the end).
    Save,
}

/// What a user (or a log) is told. `M` is the game's move type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice<M = AnyMove> {
    /// Both setups are in; play begins. `first` moves first.
    Started {
        /// The seat that moves first.
        first: Seat,
    },
    /// A seat's setup arrived.
    SetupReceived {
        /// Whose.
        seat: Seat,
    },
    /// A move was played.
    Moved {
        /// Its ply (1 for the first move).
        ply: u32,
        /// Who moved.
        seat: Seat,
        /// The move in the absolute frame.
        absolute: M,
        /// The battle outcome from the mover's side, if any.
        outcome: Option<Report>,
    },
    /// A seat asks to take back its own last move, the move of `ply`, and every move since.
    UndoAsked {
        /// Who asks.
        by: Seat,
        /// The move to take back.
        ply: u32,
    },
    /// The move of `ply` and every move since were taken back.
    Undone {
        /// The first ply taken back.
        ply: u32,
    },
    /// An undo request was refused.
    UndoRefused,
    /// A seat offers a draw.
    DrawOffered {
        /// Who offers.
        by: Seat,
    },
    /// A draw offer was refused.
    DrawRefused,
    /// A chat line.
    Chat {
        /// Who wrote it.
        seat: Seat,
        /// What.
        text: String,
    },
    /// A seat's flag was opened: its field marshal died.
    FlagShown {
        /// Whose flag.
        seat: Seat,
        /// Where, in the absolute frame.
        square: String,
    },
    /// Both deployments were opened and the game audited. If the peer was caught lying,
    /// the game is now ours ([`Session::ending`] says `opponent cheated`).
    Audited(Audit),
    /// A seat left a game of more than two; the game goes on without it.
    SeatLeft {
        /// Who.
        seat: Seat,
        /// Why.
        reason: Reason,
    },
    /// The game is over.
    Over(Ending),
    /// A message from another seat was refused and never applied: in a game of two the
    /// game stops; at a larger table that seat leaves it.
    Refused {
        /// Whose message it was.
        seat: Seat,
        /// What was wrong.
        reason: String,
    },
    /// The peers disagree about the game (position hash or result).
    Desync {
        /// What differs.
        detail: String,
    },
}

/// One line of the game's canonical record, the same on both peers: what the
/// transcript chains and a restarted peer replays. `M` is the game's move type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Record<M = AnyMove> {
    /// A seat's announced setup (both are recorded when play begins, seat 0 first):
    /// Junqi's commitments.
    Setup {
        /// Whose.
        seat: Seat,
        /// The setup as announced.
        text: String,
    },
    /// A move.
    Move {
        /// Its ply.
        ply: u32,
        /// Who moved.
        seat: Seat,
        /// The move in the mover's own view.
        mv: M,
        /// The mover's remaining game time after it, in ms, as the move carried it.
        clock_ms: u64,
    },
    /// The move of `ply` and every move since were taken back by consent.
    Undo {
        /// The first ply taken back.
        ply: u32,
    },
    /// The outcome of the battle of `ply`, as both sides learned it.
    Report {
        /// The battle's ply.
        ply: u32,
        /// What the attacker learned.
        outcome: Report,
    },
    /// A seat opened its flag (its field marshal died).
    Reveal {
        /// Whose flag.
        seat: Seat,
        /// Its cell in that seat's own view.
        cell: String,
    },
    /// A seat's deployment, opened for the audit (both are recorded once both are in,
    /// seat 0 first).
    Open {
        /// Whose.
        seat: Seat,
        /// 25 kind letters in layout order.
        kinds: String,
        /// The salts, in hex.
        salts: String,
    },
    /// The audit's verdict as this peer found it.
    Audit {
        /// Nothing was wrong.
        ok: bool,
        /// What was wrong, if anything.
        detail: String,
    },
    /// A seat left a game of more than two, which went on without it.
    Left {
        /// Who.
        seat: Seat,
        /// Why (resignation, time, broke the rules).
        reason: Reason,
    },
    /// The game ended.
    Over {
        /// The winning seat, or `None` for a draw.
        winner: Option<Seat>,
        /// Why.
        reason: Reason,
    },
}

impl<M> Record<M> {
    /// The same line with its move, if it has one, turned into another type by `f`; `None`
    /// when `f` refuses the move (how [`super::AnyTable`] hands a game its own record).
    pub fn try_map<N>(self, f: impl FnOnce(M) -> Option<N>) -> Option<Record<N>> {
        Some(match self {
            Record::Move {
                ply,
                seat,
                mv,
                clock_ms,
            } => Record::Move {
                ply,
                seat,
                mv: f(mv)?,
                clock_ms,
            },
            Record::Setup { seat, text } => Record::Setup { seat, text },
            Record::Undo { ply } => Record::Undo { ply },
            Record::Report { ply, outcome } => Record::Report { ply, outcome },
            Record::Reveal { seat, cell } => Record::Reveal { seat, cell },
            Record::Open { seat, kinds, salts } => Record::Open { seat, kinds, salts },
            Record::Audit { ok, detail } => Record::Audit { ok, detail },
            Record::Left { seat, reason } => Record::Left { seat, reason },
            Record::Over { winner, reason } => Record::Over { winner, reason },
        })
    }
}

/// The moves of `record` that stand (not taken back by an undo), in order: each one's
/// ply, mover, and the move in the mover's own view.
pub fn standing_moves<M>(record: &[Record<M>]) -> Vec<(u32, Seat, &M)> {
    let mut out: Vec<(u32, Seat, &M)> = Vec::new();
    for line in record {
        match line {
            Record::Move { ply, seat, mv, .. } => out.push((*ply, *seat, mv)),
            Record::Undo { ply } => out.retain(|(p, _, _)| p < ply),
            _ => {}
        }
    }
    out
}

/// Something the local player does. `M` is the game's move type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Local<M = AnyMove> {
    /// Deploy: my private setup (Junqi: layout text in my own view); what is sent is its
    /// announcement (Junqi: the commitments).
    Setup(String),
    /// Play a move in my own view.
    Move(M),
    /// Ask to take back the last move.
    AskUndo,
    /// Answer the peer's undo request.
    AnswerUndo(bool),
    /// Offer a draw.
    OfferDraw,
    /// Answer the peer's draw offer.
    AnswerDraw(bool),
    /// Resign.
    Resign,
    /// Say something.
    Chat(String),
    /// The opener of a table of more than two: the player in this seat left the table, for
    /// this reason (its peer said goodbye or stayed silent: [`Reason::LeftTable`]; it sent
    /// what does not check: [`Reason::OpponentBrokeRules`]); the game goes on without it.
    SeatGone(Seat, Reason),
}

/// An open undo request or draw offer: who made it, the ply it concerns (undo), and the
/// seats that have agreed so far, as bits. It is granted once every other seat still in
/// the game has agreed; one refusal ends it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Request {
    by: Seat,
    ply: u32,
    agreed: u8,
}

/// A seat's bit in a set of seats.
fn bit(seat: Seat) -> u8 {
    1 << seat
}

/// One game between this peer's seat and the others (two to four seats).
#[derive(Clone, Debug)]
pub struct Session<G: TableGame> {
    rules: G::Rules,
    me: Seat,
    game_id: u64,
    first: Seat,
    secrets: Secrets,
    /// How many seats the table has (2 to 4).
    seats: u8,
    /// The seats that left a game of more than two (resigned, ran out of time, broke the
    /// rules) while it went on without them, as bits.
    gone: u8,
    /// My private setup (Junqi: my layout), once deployed.
    private: Option<String>,
    setups: Vec<Option<String>>,
    table: Option<G>,
    moves: Vec<(Seat, G::Move)>,
    /// The remaining time each move in `moves` reported.
    move_clocks: Vec<Millis>,
    ending: Option<Ending>,
    undo_pending: Option<Request>,
    draw_pending: Option<Request>,
    clock: Clock,
    clocks: Clocks,
    record: Vec<Record<G::Move>>,
    /// The moves that stand as everyone may know them (ply, mover, what it did): what a
    /// spectator joining is told.
    public: Vec<(u32, Seat, Played<G::Move>)>,
    /// The other seats whose `over` arrived, as bits.
    confirmed_by: u8,
    audited: bool,
    audit: Option<Audit>,
}

impl<G: TableGame> Session<G> {
    /// A new game `game_id` of `rules` in which this peer holds seat `me` and `first` moves
    /// first; `secrets` bind its commitments and feed its randomness. A game without setups
    /// starts at once.
    pub fn new(
        rules: G::Rules,
        me: Seat,
        game_id: u64,
        first: Seat,
        clock: Clock,
        secrets: Secrets,
        now: Millis,
    ) -> Session<G> {
        let seats = G::seats(&rules);
        let mut session = Session {
            seats,
            gone: 0,
            rules,
            me,
            game_id,
            first,
            secrets,
            private: None,
            setups: vec![None; seats as usize],
            table: None,
            moves: Vec::new(),
            move_clocks: Vec::new(),
            ending: None,
            undo_pending: None,
            draw_pending: None,
            clock,
            clocks: Clocks::new(clock.game_secs, clock.move_secs, now),
            record: Vec::new(),
            public: Vec::new(),
            confirmed_by: 0,
            audited: false,
            audit: None,
        };
        if !G::has_setup(&session.rules) {
            session.private = Some(String::new());
            session.setups = vec![Some(String::new()); seats as usize];
            session.maybe_start(now, &mut Vec::new());
        }
        session
    }

    /// Which game this is, and its settings.
    pub fn rules(&self) -> &G::Rules {
        &self.rules
    }

    /// A seat's name in this game (`south`, `red`, …).
    pub fn seat_name(&self, seat: Seat) -> &'static str {
        G::seat_name(&self.rules, seat, self.first)
    }

    /// A winner's word in `over` messages and events: the seat's name, or `draw`.
    pub fn winner_word(&self, winner: Option<Seat>) -> &'static str {
        winner.map_or("draw", |s| self.seat_name(s))
    }

    /// Whether the game is over, every other seat has confirmed the same result (its
    /// `over` arrived) and, if play began, the audit is done: a new game may start.
    pub fn confirmed(&self) -> bool {
        // Every other seat still playing (one that left the table may never answer).
        let others = self.playing() & !bit(self.me);
        self.ending.is_some()
            && self.confirmed_by & others == others
            && (self.table.is_none() || self.audited())
    }

    /// How many seats the table has.
    pub fn seats(&self) -> u8 {
        self.seats
    }

    /// Whether `seat` has left a game of more than two that went on without it.
    pub fn has_left(&self, seat: Seat) -> bool {
        self.gone & bit(seat) != 0
    }

    fn all_seats(&self) -> u8 {
        (1u8 << self.seats) - 1
    }

    /// The seats still in the game.
    fn playing(&self) -> u8 {
        self.all_seats() & !self.gone
    }

    /// Whether the post-game audit has been done (or given up on); always, in a game that
    /// hides nothing (it has no audit).
    pub fn audited(&self) -> bool {
        self.audited || !G::hidden(&self.rules)
    }

    /// The post-game audit's findings, once it has been done.
    pub fn audit(&self) -> Option<&Audit> {
        self.audit.as_ref()
    }

    /// An open undo request: who asked, and the ply it would take back.
    pub fn undo_pending(&self) -> Option<(Seat, u32)> {
        self.undo_pending.map(|r| (r.by, r.ply))
    }

    /// An open draw offer: who offered.
    pub fn draw_pending(&self) -> Option<Seat> {
        self.draw_pending.map(|r| r.by)
    }

    /// Whether this seat has already agreed to the open undo request or draw offer.
    pub fn agreed(&self) -> (bool, bool) {
        let mine =
            |r: Option<Request>| r.is_some_and(|r| r.by == self.me || r.agreed & bit(self.me) != 0);
        (mine(self.undo_pending), mine(self.draw_pending))
    }

    /// Whether `seat`, still playing, has yet to answer the open undo request or draw offer
    /// (it did not make it, and has not agreed).
    pub fn to_answer(&self, seat: Seat) -> bool {
        let open =
            |r: Option<Request>| r.is_some_and(|r| r.by != seat && r.agreed & bit(seat) == 0);
        self.playing() & bit(seat) != 0 && (open(self.undo_pending) || open(self.draw_pending))
    }

    /// The peer never opened its deployment after the game: that refusal loses the game.
    pub fn audit_missing(&mut self) -> Vec<Effect<G::Move>> {
        let mut out = Vec::new();
        if self.audited() || self.ending.is_none() || self.table.is_none() {
            return out;
        }
        let them = self.them();
        let audit = Audit {
            ok: false,
            cheater: Some(them),
            findings: vec![super::game::Finding {
                ply: 0,
                seat: them,
                what: format!(
                    "{} never opened its deployment for the audit: it loses",
                    self.seat_name(them)
                ),
                evidence: Vec::new(),
            }],
            start: String::new(),
        };
        self.apply_steps(vec![Step::Audited(audit)], &mut out);
        out
    }

    /// Rebuilds a game from its record (after a restart), as it stood at its last line;
    /// `private` is this peer's own setup (Junqi: its layout), kept in the transcript.
    #[allow(clippy::too_many_arguments)] // a game's whole identity, as the transcript keeps it
    pub fn restore(
        rules: G::Rules,
        me: Seat,
        game_id: u64,
        first: Seat,
        clock: Clock,
        secrets: Secrets,
        private: Option<String>,
        record: &[Record<G::Move>],
        now: Millis,
    ) -> Result<Session<G>, String> {
        let mut session: Session<G> = Session::new(rules, me, game_id, first, clock, secrets, now);
        if G::has_setup(&session.rules) {
            session.private = private;
        }
        for line in record {
            session.replay_line(line, now)?;
        }
        // Both openings in the record: the audit was done, and is done again here.
        if let Some(table) = &session.table
            && session.audit.is_none()
        {
            session.audit = table.audit(&session.record);
            session.audited = session.audit.is_some();
        }
        Ok(session)
    }

    /// Applies one line of a record being restored.
    fn replay_line(&mut self, line: &Record<G::Move>, now: Millis) -> Result<(), String> {
        match line {
            Record::Setup { seat, text } => {
                G::check_setup(&self.rules, text)?;
                *self.setups.get_mut(*seat as usize).ok_or("bad seat")? = Some(text.clone());
                self.maybe_start(now, &mut Vec::new());
            }
            Record::Move {
                ply,
                seat,
                mv,
                clock_ms,
            } => {
                let table: &mut G = self.table.as_mut().ok_or("a move before both setups")?;
                if *ply != table.ply() + 1 || table.to_move() != *seat {
                    return Err(format!("record: move {mv} at ply {ply} out of order"));
                }
                let steps = table.play(*seat, mv)?;
                self.keep_public(&steps);
                self.moves.push((*seat, mv.clone()));
                self.move_clocks.push(*clock_ms);
                self.clocks.peer_move(*seat, *clock_ms, now);
                self.record.push(line.clone());
            }
            Record::Undo { ply } => self.take_back(*ply, now, &mut Vec::new()),
            Record::Left { seat, reason } => {
                self.seat_leaves(*seat, reason.clone(), &mut Vec::new());
            }
            Record::Over { winner, reason } => {
                self.ending = Some(Ending {
                    winner: *winner,
                    reason: reason.clone(),
                });
                self.record.push(line.clone());
            }
            Record::Report { .. } | Record::Reveal { .. } | Record::Open { .. } => {
                let table: &mut G = self.table.as_mut().ok_or("a battle before both setups")?;
                let steps = table.replay(line)?;
                self.keep_public(&steps);
                self.record.push(line.clone());
            }
            Record::Audit { .. } => self.record.push(line.clone()),
        }
        Ok(())
    }

    /// Keeps the moves `steps` completed, as everyone may know them.
    fn keep_public(&mut self, steps: &[Step<G::Move>]) {
        for step in steps {
            if let Step::Played { ply, seat, played } = step {
                self.public.push((*ply, *seat, played.clone()));
            }
        }
    }

    /// The moves that stand, as everyone may know them: ply, mover, the move in the
    /// absolute frame and its battle outcome (also after a restart).
    pub fn public_moves(&self) -> &[(u32, Seat, Played<G::Move>)] {
        &self.public
    }

    /// The game's canonical record so far.
    pub fn record(&self) -> &[Record<G::Move>] {
        &self.record
    }

    /// My private setup (Junqi: my layout), once deployed.
    pub fn private(&self) -> Option<&str> {
        self.private.as_deref()
    }

    /// The secrets this game's commitments and battles use.
    pub fn secrets(&self) -> &Secrets {
        &self.secrets
    }

    /// The messages that replay this peer's own moves after `ply` (with the times and
    /// hashes they carried), and a resignation, for a peer that resumed with less than we
    /// have. Moves taken back are not replayed.
    pub fn own_moves_after(&self, ply: u32) -> Vec<Message> {
        let mut replica: Session<G> = Session::new(
            self.rules.clone(),
            self.me,
            self.game_id,
            self.first,
            self.clock,
            self.secrets,
            0,
        );
        replica.private = self.private.clone();
        let mut out: Vec<(u32, Message)> = Vec::new();
        for line in &self.record {
            match line {
                Record::Move {
                    ply: p,
                    seat,
                    mv,
                    clock_ms,
                } if *seat == self.me && *p > ply => {
                    let hash = replica
                        .table
                        .as_ref()
                        .map_or_else(String::new, |t| t.hash());
                    out.push((
                        *p,
                        Message::Move {
                            ply: *p,
                            mv: mv.to_string(),
                            hash,
                            clock_ms: *clock_ms,
                        },
                    ));
                }
                Record::Undo { ply: p } => out.retain(|(q, _)| q < p),
                _ => {}
            }
            if replica.replay_line(line, 0).is_err() {
                break;
            }
        }
        let mut out: Vec<Message> = out.into_iter().map(|(_, m)| m).collect();
        // A resignation the peer may have missed while it was down.
        if let Some(Ending { winner, reason }) = &self.ending
            && *reason == Reason::Resignation
            && *winner == Some(self.them())
        {
            out.push(Message::Resign);
        }
        out
    }

    /// This peer's seat.
    pub fn me(&self) -> Seat {
        self.me
    }

    /// The other seat of a two-seat game (the games that hide pieces and audit have two).
    pub fn them(&self) -> Seat {
        if self.me == 0 { 1 } else { 0 }
    }

    /// The game's id (kept across resumes).
    pub fn game_id(&self) -> u64 {
        self.game_id
    }

    /// The seat that moved first.
    pub fn first(&self) -> Seat {
        self.first
    }

    /// The clock settings.
    pub fn clock(&self) -> Clock {
        self.clock
    }

    /// The game in progress, once both setups are in.
    pub fn table(&self) -> Option<&G> {
        self.table.as_ref()
    }

    /// The setups sent so far, by seat.
    pub fn setups(&self) -> &[Option<String>] {
        &self.setups
    }

    /// The moves played, each by seat in that seat's own view.
    pub fn moves(&self) -> &[(Seat, G::Move)] {
        &self.moves
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<&Ending> {
        self.ending.as_ref()
    }

    /// Whether this peer is to move in a running game.
    pub fn my_turn(&self) -> bool {
        self.ending.is_none() && self.table.as_ref().is_some_and(|t| t.to_move() == self.me)
    }

    /// The time `seat` has left at `now`, if the game has a game clock.
    pub fn time_left(&self, seat: Seat, now: Millis) -> Option<Millis> {
        let to_move = self.table.as_ref().map_or(self.first, |t| t.to_move());
        self.clocks.remaining(seat, to_move, now)
    }

    /// When [`Session::tick`] should next be called for a clock to fall, if ever.
    pub fn next_deadline(&self) -> Option<Millis> {
        let table = self.table.as_ref().filter(|_| self.ending.is_none())?;
        if self.seats > 2 && table.to_move() != self.me {
            return None;
        }
        self.clocks.next_deadline(self.me, table.to_move())
    }

    /// Does what the local player asked, or says why it can't be done.
    pub fn local(
        &mut self,
        action: Local<G::Move>,
        now: Millis,
    ) -> Result<Vec<Effect<G::Move>>, SessionError> {
        let mut out = Vec::new();
        if self.ending.is_some() && !matches!(action, Local::Chat(_)) {
            return Err(SessionError::GameOver);
        }
        match action {
            Local::Setup(text) => {
                if !G::has_setup(&self.rules) || self.private.is_some() {
                    return Err(SessionError::SetupAlreadySent);
                }
                let public = G::announce(&self.rules, &text, self.me, &self.secrets)
                    .map_err(SessionError::Rules)?;
                self.private = Some(text);
                self.setups[self.me as usize] = Some(public.clone());
                out.push(Effect::Send(Message::Commit {
                    commitments: public,
                }));
                self.maybe_start(now, &mut out);
            }
            Local::Move(mv) => {
                if self.has_left(self.me) {
                    return Err(SessionError::LeftTheGame);
                }
                let table = self.table.as_mut().ok_or(SessionError::NotStarted)?;
                if table.to_move() != self.me {
                    return Err(SessionError::NotYourTurn);
                }
                if table.busy() {
                    return Err(SessionError::BattleUndecided);
                }
                if self.undo_pending.is_some_and(|r| r.by == self.me) {
                    return Err(SessionError::AwaitingUndoAnswer);
                }
                let (ply, hash) = (table.ply() + 1, table.hash());
                let steps = table.play(self.me, &mv).map_err(SessionError::Rules)?;
                let clock_ms = self.clocks.own_move(self.me, now);
                self.moves.push((self.me, mv.clone()));
                self.record.push(Record::Move {
                    ply,
                    seat: self.me,
                    mv: mv.clone(),
                    clock_ms,
                });
                self.move_clocks.push(clock_ms);
                self.undo_pending = None;
                out.push(Effect::Send(Message::Move {
                    ply,
                    mv: mv.to_string(),
                    hash,
                    clock_ms,
                }));
                out.push(Effect::Save);
                self.apply_steps(steps, &mut out);
            }
            Local::AskUndo => {
                // Back to before my own last move, with every move made since.
                let ply = self.last_move_of(self.me);
                if ply == 0 || self.undo_pending.is_some() {
                    return Err(SessionError::NothingToTakeBack);
                }
                if self.table.as_ref().is_some_and(|t| t.busy()) {
                    return Err(SessionError::BattleUndecided);
                }
                self.undo_pending = Some(Request {
                    by: self.me,
                    ply,
                    agreed: 0,
                });
                out.push(Effect::Send(Message::Undo {
                    verb: Verb::Ask,
                    ply,
                }));
            }
            Local::AnswerUndo(yes) => {
                let me = self.me;
                let Some(request) = self
                    .undo_pending
                    .filter(|r| r.by != me && r.agreed & bit(me) == 0)
                else {
                    return Err(SessionError::NoUndoToAnswer);
                };
                let verb = if yes { Verb::Yes } else { Verb::No };
                out.push(Effect::Send(Message::Undo {
                    verb,
                    ply: request.ply,
                }));
                self.undo_answered(me, yes, now, &mut out);
            }
            Local::OfferDraw => {
                if self.table.is_none() || self.draw_pending.is_some() || self.has_left(self.me) {
                    return Err(SessionError::CannotOfferDraw);
                }
                self.draw_pending = Some(Request {
                    by: self.me,
                    ply: 0,
                    agreed: 0,
                });
                out.push(Effect::Send(Message::Draw { verb: Verb::Ask }));
            }
            Local::AnswerDraw(yes) => {
                let me = self.me;
                if !self
                    .draw_pending
                    .is_some_and(|r| r.by != me && r.agreed & bit(me) == 0)
                {
                    return Err(SessionError::NoDrawToAnswer);
                }
                out.push(Effect::Send(Message::Draw {
                    verb: if yes { Verb::Yes } else { Verb::No },
                }));
                self.draw_answered(me, yes, &mut out);
            }
            Local::Resign => {
                if self.has_left(self.me) {
                    return Err(SessionError::LeftTheGame);
                }
                out.push(Effect::Send(Message::Resign));
                self.seat_leaves(self.me, Reason::Resignation, &mut out);
            }
            Local::SeatGone(seat, reason) => {
                if self.me != 0 || self.seats <= 2 || seat == 0 || seat >= self.seats {
                    return Err(SessionError::NotTheOpener);
                }
                if !self.has_left(seat) {
                    out.push(Effect::Send(Message::Gone {
                        seat,
                        reason: reason.to_string(),
                    }));
                    self.seat_leaves(seat, reason, &mut out);
                }
            }
            Local::Chat(text) => {
                if text.chars().count() > crate::protocol::message::MAX_CHAT {
                    return Err(SessionError::ChatTooLong);
                }
                out.push(Effect::Send(Message::Chat { text: text.clone() }));
                out.push(Effect::Notice(Notice::Chat {
                    seat: self.me,
                    text,
                }));
            }
        }
        Ok(out)
    }

    /// Takes in a message from the seat `from` (already authenticated and parsed; at a
    /// table of more than two, checked against its author's key). Anything that breaks the
    /// rules is refused, never applied: in a two-seat game that ends it, at a larger table
    /// the offender leaves it.
    pub fn remote(&mut self, from: Seat, message: Message, now: Millis) -> Vec<Effect<G::Move>> {
        let mut out = Vec::new();
        if from >= self.seats || from == self.me {
            // The peer layer names the author; a seat that is not another's is not ours
            // to judge.
            return out;
        }
        match message {
            Message::Chat { text } => out.push(Effect::Notice(Notice::Chat { seat: from, text })),
            Message::Over { winner, reason } => {
                self.peer_over(from, &winner, &reason, now, &mut out)
            }
            m @ (Message::Flag { .. } | Message::Open { .. }) => {
                self.peer_exchange(from, &m, &mut out)
            }
            _ if self.ending.is_some() || self.has_left(from) => {
                // A move in flight when a flag fell, a late answer, or a seat that has left
                // the game: void, not an offence.
            }
            m @ (Message::Offer { .. }
            | Message::Choose { .. }
            | Message::Table { .. }
            | Message::Outcome { .. }) => self.peer_exchange(from, &m, &mut out),
            Message::Commit { commitments } => {
                if !G::has_setup(&self.rules) || self.setups[from as usize].is_some() {
                    self.refuse(from, "a second setup".into(), &mut out);
                } else if let Err(e) = G::check_setup(&self.rules, &commitments) {
                    self.refuse(from, format!("illegal setup: {e}"), &mut out);
                } else {
                    self.setups[from as usize] = Some(commitments);
                    out.push(Effect::Notice(Notice::SetupReceived { seat: from }));
                    self.maybe_start(now, &mut out);
                }
            }
            Message::Move {
                ply,
                mv,
                hash,
                clock_ms,
            } => self.peer_move(from, ply, &mv, &hash, clock_ms, now, &mut out),
            Message::Undo { verb, ply } => self.peer_undo(from, verb, ply, now, &mut out),
            Message::Draw { verb } => self.peer_draw(from, verb, &mut out),
            Message::Resign => self.seat_leaves(from, Reason::Resignation, &mut out),
            Message::Out { reason } if self.seats > 2 => {
                self.seat_leaves(from, Reason::from_word(&reason), &mut out)
            }
            // Only the opener knows who is still connected to the table.
            Message::Gone { seat, reason } if self.seats > 2 && from == 0 && seat != 0 => {
                self.seat_leaves(seat, Reason::from_word(&reason), &mut out)
            }
            other => self.refuse(
                from,
                format!("unexpected message in a game: {other}"),
                &mut out,
            ),
        }
        out
    }

    /// A draw offer, acceptance or refusal from `from`.
    fn peer_draw(&mut self, from: Seat, verb: Verb, out: &mut Vec<Effect<G::Move>>) {
        match (verb, self.draw_pending) {
            // Offers that cross on the wire: the second offer agrees to the first.
            (Verb::Ask, Some(r)) if r.by != from => self.draw_answered(from, true, out),
            (Verb::Ask, None) if self.table.is_some() => {
                self.draw_pending = Some(Request {
                    by: from,
                    ply: 0,
                    agreed: 0,
                });
                out.push(Effect::Notice(Notice::DrawOffered { by: from }));
            }
            (Verb::Ask, _) => out.push(Effect::Send(Message::Draw { verb: Verb::No })),
            (Verb::Yes | Verb::No, Some(r)) if r.by != from => {
                self.draw_answered(from, verb == Verb::Yes, out)
            }
            // An answer to an offer that is no longer open.
            (Verb::Yes | Verb::No, _) => {}
        }
    }

    /// Seat `seat` answered the open draw offer: once every other seat still playing has
    /// agreed, the game is drawn; one refusal ends the offer.
    fn draw_answered(&mut self, seat: Seat, yes: bool, out: &mut Vec<Effect<G::Move>>) {
        let Some(mut request) = self.draw_pending else {
            return;
        };
        if !yes {
            self.draw_pending = None;
            if request.by == self.me || self.seats > 2 {
                out.push(Effect::Notice(Notice::DrawRefused));
            }
            return;
        }
        request.agreed |= bit(seat);
        self.draw_pending = Some(request);
        if self.granted(request) {
            self.draw_pending = None;
            let ending = Ending {
                winner: None,
                reason: Reason::DrawAgreed,
            };
            self.conclude(ending, out);
        }
    }

    /// Whether every seat still playing other than the one that asked has agreed.
    fn granted(&self, request: Request) -> bool {
        let needed = self.playing() & !bit(request.by);
        request.agreed & needed == needed
    }

    /// Seat `seat` sent what the peer refused before it reached this session (a restart
    /// in the middle of the game, a game id used before): it leaves the game as for a
    /// message the session refused, and at a table of two the other seat wins. (At a larger
    /// table the opener tells everyone with [`Local::SeatGone`].)
    pub fn broke_rules(&mut self, seat: Seat) -> Vec<Effect<G::Move>> {
        let mut out = Vec::new();
        if self.seats == 2 && seat != self.me && self.game_id != 0 {
            self.seat_leaves(seat, Reason::OpponentBrokeRules, &mut out);
        }
        out
    }

    /// A player at a table of more than two caught its opener relaying what does not check
    /// (a message altered, forged, withheld or reordered on the way, or one that broke the
    /// rules: proof against the relay, whoever wrote it). The table cannot go on without an
    /// honest relay: the opener leaves it and the game ends with no winner, for the
    /// opponent cheated, as every player that caught it records.
    pub fn opener_caught(&mut self) -> Vec<Effect<G::Move>> {
        let mut out = Vec::new();
        if self.seats <= 2 || self.me == 0 || self.ending.is_some() {
            return out;
        }
        if !self.has_left(0) {
            self.gone |= bit(0);
            self.record.push(Record::Left {
                seat: 0,
                reason: Reason::OpponentCheated,
            });
            out.push(Effect::Notice(Notice::SeatLeft {
                seat: 0,
                reason: Reason::OpponentCheated,
            }));
        }
        let ending = Ending {
            winner: None,
            reason: Reason::OpponentCheated,
        };
        self.conclude(ending, &mut out);
        out
    }

    /// Lets clocks fall: call when [`Session::next_deadline`] passes.
    pub fn tick(&mut self, now: Millis) -> Vec<Effect<G::Move>> {
        let mut out = Vec::new();
        let Some(table) = self.table.as_ref().filter(|_| self.ending.is_none()) else {
            return out;
        };
        let to_move = table.to_move();
        // At a table of more than two, each seat's own clock is the only judge of its
        // time (claims from several waiting seats could disagree).
        if self.seats > 2 && to_move != self.me {
            return out;
        }
        if let Flag::Fell(seat) = self.clocks.check(self.me, to_move, now) {
            if self.seats > 2 {
                out.push(Effect::Send(Message::Out {
                    reason: Reason::Time.to_string(),
                }));
            }
            self.seat_leaves(seat, Reason::Time, &mut out);
        }
        out
    }

    #[allow(clippy::too_many_arguments)] // a move as the wire carries it, and its author
    fn peer_move(
        &mut self,
        them: Seat,
        ply: u32,
        mv: &str,
        hash: &str,
        clock_ms: Millis,
        now: Millis,
        out: &mut Vec<Effect<G::Move>>,
    ) {
        // A move we already have, sent again after a resume (its sender's `sync` answer
        // crossed a move we made): nothing to do.
        let played = self.table.as_ref().map_or(0, |t| t.ply());
        let repeat = ply <= played
            && standing_moves(&self.record)
                .iter()
                .any(|(p, seat, m)| *p == ply && *seat == them && m.to_string() == mv);
        if repeat {
            return;
        }
        let Some(table) = self.table.as_mut() else {
            return self.refuse(them, "a move before the game started".into(), out);
        };
        if table.to_move() != them {
            return self.refuse(them, format!("move {mv} out of turn"), out);
        }
        if table.busy() {
            return self.refuse(
                them,
                format!("move {mv} while a battle is being decided"),
                out,
            );
        }
        let expected = table.ply() + 1;
        if ply != expected {
            return self.refuse(
                them,
                format!("move {mv} claims ply {ply}, expected {expected}"),
                out,
            );
        }
        let ours = table.hash();
        let parsed = match G::parse_move(&self.rules, mv) {
            Ok(parsed) => parsed,
            Err(e) => return self.refuse(them, format!("unreadable move {mv}: {e}"), out),
        };
        let steps = match table.play(them, &parsed) {
            Ok(steps) => steps,
            Err(e) => return self.refuse(them, format!("illegal move {mv}: {e}"), out),
        };
        self.clocks.peer_move(them, clock_ms, now);
        self.moves.push((them, parsed.clone()));
        self.record.push(Record::Move {
            ply,
            seat: them,
            mv: parsed,
            clock_ms,
        });
        self.move_clocks.push(clock_ms);
        self.undo_pending = None;
        out.push(Effect::Save);
        if ours != hash {
            out.push(Effect::Notice(Notice::Desync {
                detail: format!("before ply {ply} our position hash is {ours}, the peer's {hash}"),
            }));
        }
        self.apply_steps(steps, out);
    }

    /// A message of the game's own exchange (battles, flags, openings) from the peer.
    fn peer_exchange(&mut self, them: Seat, message: &Message, out: &mut Vec<Effect<G::Move>>) {
        let Some(table) = self.table.as_mut() else {
            return self.refuse(them, format!("'{message}' before the game started"), out);
        };
        match table.exchange(them, message, &self.record) {
            Ok(steps) => self.apply_steps(steps, out),
            Err(e) => self.refuse(them, e, out),
        }
    }

    /// Carries out what the table's rules and exchange asked for.
    /// The rules' ending is checked once all steps are applied, so that everything a move
    /// brought (a battle's report, a flag opened with it) is recorded before the `over`, in
    /// the same order on both sides.
    fn apply_steps(&mut self, steps: Vec<Step<G::Move>>, out: &mut Vec<Effect<G::Move>>) {
        let mut moved = false;
        for step in steps {
            match step {
                Step::Send(m) => out.push(Effect::Send(m)),
                Step::Record(r) => self.record.push(r),
                Step::Played { ply, seat, played } => {
                    self.public.push((ply, seat, played.clone()));
                    out.push(Effect::Notice(Notice::Moved {
                        ply,
                        seat,
                        absolute: played.absolute,
                        outcome: played.outcome,
                    }));
                    out.push(Effect::Save);
                    moved = true;
                }
                Step::FlagShown { seat, square } => {
                    out.push(Effect::Notice(Notice::FlagShown { seat, square }));
                }
                Step::Audited(audit) => {
                    self.audited = true;
                    self.audit = Some(audit.clone());
                    let detail = audit
                        .findings
                        .iter()
                        .map(|f| f.what.clone())
                        .collect::<Vec<_>>()
                        .join("; ");
                    self.record.push(Record::Audit {
                        ok: audit.ok,
                        detail,
                    });
                    let cheated = audit.cheater == Some(self.them());
                    out.push(Effect::Notice(Notice::Audited(audit)));
                    if cheated {
                        // A caught lie loses the game, whatever the board said.
                        let ending = Ending {
                            winner: Some(self.me),
                            reason: Reason::OpponentCheated,
                        };
                        self.record.push(Record::Over {
                            winner: Some(self.me),
                            reason: ending.reason.clone(),
                        });
                        self.ending = Some(ending);
                    }
                    out.push(Effect::Save);
                }
            }
        }
        if moved {
            self.check_rules_ending(out);
        }
    }

    fn peer_undo(
        &mut self,
        them: Seat,
        verb: Verb,
        ply: u32,
        now: Millis,
        out: &mut Vec<Effect<G::Move>>,
    ) {
        let open = self.undo_pending.filter(|r| r.ply == ply && r.by != them);
        match verb {
            // Back to before the asker's own last move (and every move since).
            Verb::Ask
                if ply >= 1
                    && ply == self.last_move_of(them)
                    && self.undo_pending.is_none()
                    && !self.table.as_ref().is_some_and(|t| t.busy()) =>
            {
                self.undo_pending = Some(Request {
                    by: them,
                    ply,
                    agreed: 0,
                });
                out.push(Effect::Notice(Notice::UndoAsked { by: them, ply }));
            }
            // A request that crossed a move, or one while another is open: answered no.
            Verb::Ask => out.push(Effect::Send(Message::Undo {
                verb: Verb::No,
                ply,
            })),
            Verb::Yes | Verb::No if open.is_some() => {
                self.undo_answered(them, verb == Verb::Yes, now, out)
            }
            // A stale answer to a request a move has since overtaken.
            Verb::Yes | Verb::No => {}
        }
    }

    /// Seat `seat` answered the open undo request: once every other seat still playing
    /// has agreed, the move is taken back; one refusal ends the request.
    fn undo_answered(
        &mut self,
        seat: Seat,
        yes: bool,
        now: Millis,
        out: &mut Vec<Effect<G::Move>>,
    ) {
        let Some(mut request) = self.undo_pending else {
            return;
        };
        if !yes {
            self.undo_pending = None;
            if request.by == self.me || self.seats > 2 {
                out.push(Effect::Notice(Notice::UndoRefused));
            }
            return;
        }
        request.agreed |= bit(seat);
        self.undo_pending = Some(request);
        if self.granted(request) {
            self.undo_pending = None;
            self.take_back(request.ply, now, out);
        }
    }

    fn nearly_out(&self, now: Millis) -> bool {
        let to_move = self.table.as_ref().map_or(self.first, |t| t.to_move());
        self.clocks
            .remaining(self.me, to_move, now)
            .is_some_and(|left| left <= LAG_ALLOWANCE)
            || self.clocks.check(self.me, to_move, now + LAG_ALLOWANCE) == Flag::Fell(self.me)
    }

    fn peer_over(
        &mut self,
        from: Seat,
        winner: &str,
        reason: &str,
        now: Millis,
        out: &mut Vec<Effect<G::Move>>,
    ) {
        let reason = Reason::from_word(reason);
        if self.ending.is_some() {
            self.confirmed_by |= bit(from);
        }
        match &self.ending {
            Some(ours) => {
                let ours_word = self.winner_word(ours.winner);
                if ours_word != winner || ours.reason != reason {
                    out.push(Effect::Notice(Notice::Desync {
                        detail: format!(
                            "we see {ours_word} ({}), the peer {winner} ({reason})",
                            ours.reason
                        ),
                    }));
                }
            }
            // The peer concedes: its own flag fall, or (hidden pieces) a loss only it can
            // see, such as having no legal move. Claiming one's own loss is never unfair.
            // (At a larger table every seat sees everything, so nobody concedes by `over`.)
            None if self.seats == 2 && winner == self.seat_name(self.me) => {
                self.confirmed_by |= bit(from);
                self.conclude(
                    Ending {
                        winner: Some(self.me),
                        reason,
                    },
                    out,
                );
            }
            // A claim that ours fell stands even if our move is still on its way (see
            // clock.rs), provided our own clock agrees we were that close to zero.
            None if self.seats == 2
                && reason == Reason::Time
                && winner == self.seat_name(self.them())
                && self.nearly_out(now) =>
            {
                self.confirmed_by |= bit(from);
                self.conclude(
                    Ending {
                        winner: Some(self.them()),
                        reason: Reason::Time,
                    },
                    out,
                );
            }
            None => out.push(Effect::Notice(Notice::Desync {
                detail: format!("the peer ended the game ({winner}, {reason}); we did not"),
            })),
        }
    }

    fn maybe_start(&mut self, now: Millis, out: &mut Vec<Effect<G::Move>>) {
        if self.table.is_some() {
            return;
        }
        let setups: Option<Vec<String>> = self.setups.iter().cloned().collect();
        let (Some(setups), Some(private)) = (setups, self.private.as_deref()) else {
            return;
        };
        let start = G::start(
            &self.rules,
            &setups,
            self.me,
            private,
            self.first,
            &self.secrets,
        );
        match start {
            Ok(table) => {
                self.table = Some(table);
                let announced = G::has_setup(&self.rules).then_some(setups);
                for (seat, text) in announced.into_iter().flatten().enumerate() {
                    self.record.push(Record::Setup {
                        seat: seat as Seat,
                        text,
                    });
                }
                self.clocks = Clocks::new(self.clock.game_secs, self.clock.move_secs, now);
                out.push(Effect::Notice(Notice::Started { first: self.first }));
                out.push(Effect::Save);
            }
            // Only the games with setups can fail to start, and they have two seats.
            Err(e) => self.refuse(self.them(), format!("the game cannot start: {e}"), out),
        }
    }

    /// The ply of `seat`'s last standing move (0 if it has none).
    fn last_move_of(&self, seat: Seat) -> u32 {
        self.moves
            .iter()
            .rposition(|(s, _)| *s == seat)
            .map_or(0, |i| i as u32 + 1)
    }

    /// Takes back the move of `ply` and every move made since.
    fn take_back(&mut self, ply: u32, now: Millis, out: &mut Vec<Effect<G::Move>>) {
        if ply as usize > self.moves.len() || ply == 0 {
            return;
        }
        let Some(table) = self.table.as_mut() else {
            return;
        };
        while self.moves.len() >= ply as usize {
            table.take_back();
            self.moves.pop();
            self.move_clocks.pop();
        }
        self.public.retain(|(p, ..)| *p < ply);
        self.clocks.restart_turn(now);
        self.record.push(Record::Undo { ply });
        out.push(Effect::Notice(Notice::Undone { ply }));
        out.push(Effect::Save);
    }

    fn check_rules_ending(&mut self, out: &mut Vec<Effect<G::Move>>) {
        if let Some(ending) = self.table.as_ref().and_then(|t| t.ending()) {
            self.conclude(ending, out);
        }
    }

    /// Refuses seat `from`'s message: it is never applied, and the offender loses (the
    /// `over` we send tells it); at a table of more than two, every peer refuses the same
    /// signed message, and the game goes on without the offender.
    fn refuse(&mut self, from: Seat, reason: String, out: &mut Vec<Effect<G::Move>>) {
        out.push(Effect::Notice(Notice::Refused { seat: from, reason }));
        self.seat_leaves(from, Reason::OpponentBrokeRules, out);
    }

    /// Seat `seat` leaves the game (resigned, ran out of time, broke the rules). With two
    /// seats, or once only one seat would remain, the other wins; otherwise the game goes
    /// on without it, where its rules allow.
    fn seat_leaves(&mut self, seat: Seat, reason: Reason, out: &mut Vec<Effect<G::Move>>) {
        if self.ending.is_some() || self.has_left(seat) {
            return;
        }
        let remaining = self.playing() & !bit(seat);
        let go_on = remaining.count_ones() >= 2 && self.table.is_some();
        if !go_on {
            let winner = (0..self.seats).find(|s| remaining & bit(*s) != 0);
            let winner = if self.seats == 2 {
                Some(1 - seat)
            } else {
                winner
            };
            return self.conclude(Ending { winner, reason }, out);
        }
        self.gone |= bit(seat);
        if let Some(table) = self.table.as_mut() {
            table.remove_seat(seat);
        }
        self.record.push(Record::Left {
            seat,
            reason: reason.clone(),
        });
        // An open undo request is void (the turn order it was asked in has changed); an
        // offer of draw the seat made is void, and one it alone held up is now agreed.
        if self.undo_pending.take().is_some() {
            out.push(Effect::Notice(Notice::UndoRefused));
        }
        if self.draw_pending.is_some_and(|r| r.by == seat) {
            self.draw_pending = None;
        }
        out.push(Effect::Notice(Notice::SeatLeft { seat, reason }));
        out.push(Effect::Save);
        if let Some(r) = self.draw_pending.filter(|r| self.granted(*r)) {
            self.draw_answered(r.by, true, out);
        }
        self.check_rules_ending(out);
    }

    fn conclude(&mut self, ending: Ending, out: &mut Vec<Effect<G::Move>>) {
        if self.ending.is_some() {
            return;
        }
        self.record.push(Record::Over {
            winner: ending.winner,
            reason: ending.reason.clone(),
        });
        out.push(Effect::Send(Message::Over {
            winner: self.winner_word(ending.winner).into(),
            reason: ending.reason.to_string(),
        }));
        out.push(Effect::Notice(Notice::Over(ending.clone())));
        out.push(Effect::Save);
        self.ending = Some(ending);
        // A request still open is answered by the end: nobody waits for it any more.
        self.undo_pending = None;
        self.draw_pending = None;
        // Open everything for the peer's audit.
        if let Some(table) = self.table.as_mut() {
            let steps = table.open(&self.record);
            self.apply_steps(steps, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junqi::{Layout, Move};
    use crate::session::pair::{Pair, S};

    #[test]
    fn two_sessions_play_a_whole_game_and_agree() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        assert!(p.notices[0].contains(&Notice::Started { first: 0 }));
        assert!(p.notices[1].contains(&Notice::Started { first: 0 }));
        let mut plies = 0;
        while p.a.ending().is_none() && plies < 2000 {
            p.play_first_legal();
            plies += 1;
            assert_eq!(p.a.table().unwrap().hash(), p.b.table().unwrap().hash());
        }
        let ending = p.a.ending().expect("the game ends").clone();
        assert_eq!(p.b.ending(), Some(&ending));
        assert!(
            p.a.confirmed() && p.b.confirmed(),
            "each saw the other's over"
        );
        assert_eq!(p.a.moves(), p.b.moves());
        assert_eq!(
            p.a.record(),
            p.b.record(),
            "the same canonical record on both sides"
        );
        let restored = S::restore(
            (),
            0,
            7,
            0,
            Clock::default(),
            Secrets::fixed(1),
            p.a.private().map(str::to_string),
            p.a.record(),
            0,
        )
        .unwrap();
        assert_eq!(
            restored.table().unwrap().hash(),
            p.a.table().unwrap().hash()
        );
        assert_eq!(restored.ending(), p.a.ending());
        // What a spectator is told: the same on both sides and after a restart, every
        // standing move with the battles' outcomes.
        assert_eq!(p.a.public_moves(), p.b.public_moves());
        assert_eq!(restored.public_moves(), p.a.public_moves());
        assert_eq!(p.a.public_moves().len(), p.a.moves().len());
        assert!(
            p.a.public_moves()
                .iter()
                .any(|(_, _, m)| m.outcome.is_some())
        );
        p.assert_no_trouble();
    }

    #[test]
    fn an_illegal_or_untimely_move_is_refused_and_never_applied() {
        for bad in [
            Message::Move {
                ply: 1,
                mv: "b1-b2".into(),
                hash: "x".into(),
                clock_ms: 0,
            },
            Message::Move {
                ply: 5,
                mv: "a4-a5".into(),
                hash: "x".into(),
                clock_ms: 0,
            },
            Message::Move {
                ply: 1,
                mv: "z9-a1".into(),
                hash: "x".into(),
                clock_ms: 0,
            },
        ] {
            let mut p = Pair::new(Clock::default());
            p.deploy();
            // Seat 0 moves first, so any move from seat 1 now is out of turn; after seat 0
            // moves, these are illegal or claim the wrong ply.
            p.play_first_legal();
            let before = p.a.table().unwrap().hash();
            let effects = p.a.remote(1, bad.clone(), 0);
            assert_eq!(
                p.a.table().unwrap().hash(),
                before,
                "{bad:?} changed the position"
            );
            assert!(
                effects
                    .iter()
                    .any(|e| matches!(e, Effect::Notice(Notice::Refused { .. }))),
                "{bad:?}"
            );
            assert_eq!(p.a.ending().unwrap().reason, Reason::OpponentBrokeRules);
        }
        let mut p = Pair::new(Clock::default());
        p.deploy();
        let mv = Message::Move {
            ply: 1,
            mv: "a4-a5".into(),
            hash: "x".into(),
            clock_ms: 0,
        };
        let effects = p.a.remote(1, mv, 0);
        assert!(
            matches!(&effects[0], Effect::Notice(Notice::Refused { reason, .. }) if reason.contains("out of turn"))
        );
    }

    #[test]
    fn a_finished_game_restored_from_its_record_is_audited_again() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        let mut plies = 0;
        while p.a.ending().is_none() && plies < 3000 {
            p.play_first_legal();
            plies += 1;
        }
        let audit =
            p.a.audit()
                .expect("both armies were opened and audited")
                .clone();
        assert!(audit.ok);
        let restored = S::restore(
            (),
            0,
            7,
            0,
            Clock::default(),
            Secrets::fixed(1),
            p.a.private().map(str::to_string),
            p.a.record(),
            0,
        )
        .unwrap();
        assert_eq!(
            restored.audit(),
            Some(&audit),
            "the review shows every piece"
        );
        assert!(restored.audited());
    }

    #[test]
    fn a_move_sent_again_after_a_resume_is_taken_as_a_repeat() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        let mv = p.a.table().unwrap().legal_moves()[0];
        let hash = p.a.table().unwrap().hash();
        let message = Message::Move {
            ply: 1,
            mv: mv.to_string(),
            hash,
            clock_ms: 0,
        };
        p.local(0, Local::Move(mv));
        // The same move again (own_moves_after, crossing our sync): ignored, not refused.
        let effects = p.b.remote(0, message.clone(), 0);
        assert!(effects.is_empty(), "{effects:?}");
        assert_eq!(p.b.table().unwrap().ply(), 1);
        // Another move claiming that ply is still refused.
        let Message::Move { hash, .. } = message else {
            unreachable!()
        };
        let forged = Message::Move {
            ply: 1,
            mv: "a1-a2".into(),
            hash,
            clock_ms: 0,
        };
        let effects = p.b.remote(0, forged, 0);
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Notice(Notice::Refused { .. }))),
            "{effects:?}"
        );
    }

    #[test]
    fn a_move_that_does_not_read_is_refused_and_never_played() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        let hash = p.b.table().unwrap().hash();
        let effects = p.b.remote(
            0,
            Message::Move {
                ply: 1,
                mv: "a6a7".into(),
                hash,
                clock_ms: 0,
            },
            0,
        );
        assert!(
            effects.iter().any(|e| matches!(e,
                Effect::Notice(Notice::Refused { reason, .. }) if reason.contains("unreadable move a6a7"))),
            "{effects:?}"
        );
        assert_eq!(p.b.table().unwrap().ply(), 0);
        assert!(p.b.moves().is_empty());
    }

    #[test]
    fn a_different_hash_is_reported_as_a_desync() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        let mv = p.a.table().unwrap().legal_moves()[0];
        let effects = p.b.remote(
            0,
            Message::Move {
                ply: 1,
                mv: mv.to_string(),
                hash: "0".repeat(32),
                clock_ms: 0,
            },
            0,
        );
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Notice(Notice::Desync { .. })))
        );
    }

    #[test]
    fn undo_by_consent_takes_back_the_last_move_on_both_sides() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        let start = p.a.table().unwrap().hash();
        p.play_first_legal();
        p.local(0, Local::AskUndo);
        assert!(p.notices[1].contains(&Notice::UndoAsked { by: 0, ply: 1 }));
        p.local(1, Local::AnswerUndo(true));
        assert_eq!(p.a.table().unwrap().hash(), start);
        assert_eq!(p.b.table().unwrap().hash(), start);
        assert!(p.a.moves().is_empty() && p.b.moves().is_empty());
        assert!(p.a.my_turn(), "the mover moves again");
        assert!(p.a.public_moves().is_empty() && p.b.public_moves().is_empty());
        // Refused: nothing changes.
        p.play_first_legal();
        p.local(0, Local::AskUndo);
        p.local(1, Local::AnswerUndo(false));
        assert!(p.notices[0].contains(&Notice::UndoRefused));
        assert_eq!(p.a.moves().len(), 1);
        assert_eq!(p.b.moves().len(), 1);
        assert_eq!(p.a.public_moves().len(), 1);
    }

    #[test]
    fn draws_resignations_and_chat() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        p.local(1, Local::Chat("好棋 | gg".into()));
        assert!(p.notices[0].contains(&Notice::Chat {
            seat: 1,
            text: "好棋 | gg".into()
        }));
        p.local(0, Local::OfferDraw);
        p.local(1, Local::AnswerDraw(false));
        assert!(p.notices[0].contains(&Notice::DrawRefused));
        p.local(1, Local::OfferDraw);
        p.local(0, Local::AnswerDraw(true));
        assert_eq!(p.a.ending().unwrap().reason, Reason::DrawAgreed);
        assert_eq!(p.b.ending(), p.a.ending());
        let mut p = Pair::new(Clock::default());
        p.deploy();
        p.local(1, Local::Resign);
        let expected = Ending {
            winner: Some(0),
            reason: Reason::Resignation,
        };
        assert_eq!(p.a.ending(), Some(&expected));
        assert_eq!(p.b.ending(), Some(&expected));
        assert!(
            p.a.local(Local::Move("a4-a5".parse().unwrap()), 0).is_err(),
            "no moves after the end"
        );
    }

    #[test]
    fn a_flag_falls_on_both_sides_alike() {
        // Seat 0 is to move and lets its 10 seconds run out.
        let mut p = Pair::new(Clock {
            game_secs: 10,
            move_secs: 0,
        });
        p.deploy();
        assert!(
            p.b.tick(10_001).is_empty(),
            "the waiting side allows for lag"
        );
        let effects = p.a.tick(10_001);
        p.run(0, effects);
        let expected = Ending {
            winner: Some(1),
            reason: Reason::Time,
        };
        assert_eq!(p.a.ending(), Some(&expected));
        assert_eq!(p.b.ending(), Some(&expected));
    }

    #[test]
    fn a_time_claim_overtakes_a_move_in_flight_and_both_agree() {
        let mut p = Pair::new(Clock {
            game_secs: 10,
            move_secs: 0,
        });
        p.deploy();
        // Seat 0 moves at 9.9 s, but the move is delayed; seat 1 claims at 13.1 s.
        let mv = p.a.table().unwrap().legal_moves()[0];
        let in_flight = p.a.local(Local::Move(mv), 9_900).unwrap();
        let claim = p.b.tick(13_100);
        assert_eq!(p.b.ending().unwrap().reason, Reason::Time);
        p.run(0, in_flight); // the move arrives late: void, not refused
        p.run(1, claim);
        assert_eq!(p.a.ending(), p.b.ending());
        assert_eq!(p.a.ending().unwrap().winner, Some(1));
        p.assert_no_trouble();
    }

    #[test]
    fn crossing_draw_offers_agree_a_draw_on_both_sides() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        let sent = |effects: Vec<Effect<Move>>| -> Vec<Message> {
            effects
                .into_iter()
                .filter_map(|e| {
                    if let Effect::Send(m) = e {
                        Some(m)
                    } else {
                        None
                    }
                })
                .collect()
        };
        let offer_a = sent(p.a.local(Local::OfferDraw, 0).unwrap());
        let offer_b = sent(p.b.local(Local::OfferDraw, 0).unwrap());
        // Each offer arrives after the other side has sent its own.
        let at_b: Vec<Effect<Move>> = offer_a
            .into_iter()
            .flat_map(|m| p.b.remote(0, m, 0))
            .collect();
        let at_a: Vec<Effect<Move>> = offer_b
            .into_iter()
            .flat_map(|m| p.a.remote(1, m, 0))
            .collect();
        p.run(1, at_b);
        p.run(0, at_a);
        let draw = Ending {
            winner: None,
            reason: Reason::DrawAgreed,
        };
        assert_eq!(p.a.ending(), Some(&draw));
        assert_eq!(p.b.ending(), Some(&draw));
        p.assert_no_trouble();
    }

    #[test]
    fn an_undo_request_that_crosses_a_move_is_refused_not_punished() {
        let mut p = Pair::new(Clock::default());
        p.deploy();
        p.play_first_legal(); // seat 0 moves
        let ask = p.a.local(Local::AskUndo, 0).unwrap();
        assert!(
            p.a.local(Local::Move("a4-a5".parse().unwrap()), 0).is_err(),
            "no move while asking"
        );
        // Seat 1 moves before the request arrives.
        let mv = p.b.table().unwrap().legal_moves()[0];
        let reply = p.b.local(Local::Move(mv), 0).unwrap();
        p.run(0, ask);
        p.run(1, reply);
        assert_eq!(p.a.ending(), None);
        assert_eq!(p.b.ending(), None);
        assert_eq!(p.a.moves(), p.b.moves());
        assert!(p.a.my_turn(), "play goes on");
    }

    #[test]
    fn a_restored_game_keeps_the_clocks_its_moves_reported() {
        let mut p = Pair::new(Clock {
            game_secs: 600,
            move_secs: 0,
        });
        p.deploy();
        let mv = p.a.table().unwrap().legal_moves()[0];
        let effects = p.a.local(Local::Move(mv), 20_000).unwrap();
        p.now = 20_000;
        p.run(0, effects);
        let restored = S::restore(
            (),
            1,
            7,
            0,
            p.b.clock(),
            Secrets::fixed(2),
            p.b.private().map(str::to_string),
            p.b.record(),
            50_000,
        )
        .unwrap();
        assert_eq!(restored.time_left(0, 50_000), Some(580_000));
        let resent = p.a.own_moves_after(0);
        assert!(
            matches!(
                &resent[0],
                Message::Move {
                    clock_ms: 580_000,
                    ..
                }
            ),
            "{resent:?}"
        );
    }

    #[test]
    fn an_unfounded_time_claim_is_a_desync() {
        let mut p = Pair::new(Clock {
            game_secs: 600,
            move_secs: 0,
        });
        p.deploy();
        let effects = p.a.remote(
            1,
            Message::Over {
                winner: "north".into(),
                reason: "time".into(),
            },
            1_000,
        );
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Notice(Notice::Desync { .. })))
        );
        assert_eq!(p.a.ending(), None);
    }

    #[test]
    fn a_second_setup_is_refused() {
        let mut p = Pair::new(Clock::default());
        p.local(1, Local::Setup(Layout::random(2).to_string()));
        let again = Message::Commit {
            commitments: "ab".repeat(800),
        };
        let effects = p.a.remote(1, again, 0);
        assert!(
            matches!(&effects[0], Effect::Notice(Notice::Refused { reason, .. }) if reason.contains("second setup"))
        );
        // A layout that breaks the rules is refused before anything is sent.
        let mut p = Pair::new(Clock::default());
        let err =
            p.a.local(
                Local::Setup("hgfih/e+i+e/dc+cd/g+a+b/jkjkh/igljf".into()),
                0,
            )
            .unwrap_err();
        assert!(err.to_string().contains("flag"), "{err}");
    }
}
