//! Driving a peer by hand: the commands a user interface sends (challenge, accept, deploy,
//! move, undo, draw, resign, chat, next game, quit) and the snapshot of everything it
//! shows, published after every change. The desktop app runs the same peer loop as
//! `lanqi peer`, with a person where the bot would be.

use std::net::SocketAddr;

use tokio::sync::{mpsc, watch};

use super::problem::Problem;
use super::watch::WatchView;
use super::{Peer, PeerError};
use crate::engine::Level;
use crate::engine::xiangqi::external::EngineInfo;
use crate::net::Transport;
use crate::rules::junqi::Layout;
use crate::session::{
    AnyMove, AnyTable, Audit, Board, Ending, GameKind, Local, Record, Seat, Session, TableGame,
};
use crate::store::fingerprint;

/// What a user tells a hand-driven peer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Challenge the peer at this address to a game.
    Challenge(SocketAddr, GameKind),
    /// Accept the challenge waiting for an answer.
    Accept,
    /// Decline it.
    Decline,
    /// Deploy this layout.
    Deploy(Layout),
    /// Act in the game: move, ask or answer an undo or a draw, resign, chat.
    Game(Local),
    /// After a game: start the next one (the challenger's side starts it).
    NewGame,
    /// Leave the game without ending it: it is saved, and the lobby offers to resume it
    /// ([`Snapshot::adjourned`]).
    Adjourn,
    /// Resume the unfinished game with its opponent (the computer is started again).
    Resume,
    /// Give up the unfinished game: it is lost.
    Abandon,
    /// Play the computer at this level: a headless peer on this machine's loopback,
    /// challenged like anyone else (in Junqi: hidden pieces, audit and all).
    PlayComputer(GameKind, Level),
    /// These external Xiangqi engines are offered (an unfinished game against one of them
    /// can be resumed).
    Engines(Vec<EngineInfo>),
    /// Play Xiangqi against this external engine (Pikafish, Fairy-Stockfish, …), run by a
    /// headless peer on loopback like the computer; if it fails during the game, its side
    /// resigns and says why.
    PlayEngine(EngineInfo),
    /// Hot-seat: two people at this one screen. A second hand-driven peer (the guest,
    /// named here) starts on loopback and is challenged to this game; it accepts at once.
    /// Both seats then play through the same session, clocks, undo and audit as over the
    /// LAN.
    HotSeat(GameKind, String),
    /// Open a table of three or four (Gomoku) with me in seat 1 and these in the others,
    /// in order: the computers and the people at this screen start on loopback and take
    /// their seats at once, then the players on the LAN are challenged one after the other;
    /// the game starts when every seat is taken. A table that cannot be completed (a player
    /// declines, is busy, or does not answer) is given up.
    OpenTable(GameKind, Vec<Sitter>),
    /// Give up the table being opened.
    CancelTable,
    /// Hot-seat: this command is the guest's (by its place in [`Snapshot::guests`]): its
    /// deployment, move, answer, …
    Guest(usize, Box<Command>),
    /// Show my invitation code (a friend anywhere joins with it), or stop showing it.
    Invite(bool),
    /// Challenge the player behind an invitation code to a game: over the internet
    /// (iroh) first, then at the LAN addresses it names; only the player whose key the
    /// code names is played.
    Join(crate::net::invite::Invitation, GameKind),
    /// Watch the game of the peer at this address (观战).
    Watch(SocketAddr),
    /// Stop watching (back to the lobby).
    StopWatching,
    /// Take spectators in my games from now on, or not (those watching stay).
    TakeSpectators(bool),
    /// The time control my challenges propose from now on (to a peer on the LAN, the
    /// computer, the hot-seat guest): game time per side and time per move.
    SetClock(crate::protocol::Clock),
    /// Leave: say goodbye and stop.
    Quit,
}

/// Who sits in a seat of a table I open ([`Command::OpenTable`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// A person at this screen (hot-seat), so named.
    Here(String),
    /// A player on the LAN, at this address.
    Lan(SocketAddr),
    /// The computer, at this level.
    Computer(Level),
}

/// The two ends a hand-driven peer is given.
pub struct Controller {
    /// Commands from the user.
    pub commands: mpsc::UnboundedReceiver<Command>,
    /// Where the peer publishes its state after every change.
    pub snapshots: watch::Sender<Snapshot>,
}

/// Someone found on the LAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    /// Nickname.
    pub name: String,
    /// Key fingerprint (`3f2a-91c0-77de-0b14`).
    pub fingerprint: String,
    /// `idle` or `playing`.
    pub status: String,
    /// Games offered.
    pub games: Vec<String>,
    /// Where it answered a presence ping lately (the address to challenge), if it did.
    pub answered: Option<SocketAddr>,
}

/// A challenge waiting for the user's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incoming {
    /// The challenger's nickname.
    pub name: String,
    /// Its key fingerprint.
    pub fingerprint: String,
    /// Where it is.
    pub addr: SocketAddr,
    /// The game it proposes.
    pub game: GameKind,
    /// The time control it proposes (the game's, if accepted).
    pub clock: crate::protocol::Clock,
}

/// The game in progress, as its seat sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameView {
    /// Which game.
    pub game: GameKind,
    /// My seat (0 is the challenger: South in Junqi; in Xiangqi the first seat is Red).
    pub me: Seat,
    /// The seat that moves first.
    pub first: Seat,
    /// Every seat at the table, in seat order: its player, deployment, clock, whether it
    /// left and whether it has an undo request or a draw offer to answer.
    pub seats: Vec<SeatView>,
    /// What I see of the board once play has begun (Junqi: the enemy hidden but a
    /// revealed flag).
    pub board: Option<Board>,
    /// My legal moves in my own view, when it is my turn.
    pub legal_moves: Vec<AnyMove>,
    /// Whose turn it is.
    pub to_move: Option<Seat>,
    /// A battle is being decided: nobody moves.
    pub busy: bool,
    /// The game's record (moves in each mover's own view, battle outcomes, undos, …).
    pub record: Vec<Record>,
    /// An open undo request: who asked, for which ply.
    pub undo: Option<(Seat, u32)>,
    /// An open draw offer, by whom.
    pub draw: Option<Seat>,
    /// How it ended.
    pub ending: Option<Ending>,
    /// The audit, once both deployments are open.
    pub audit: Option<Audit>,
    /// The chat lines of this game, oldest first: who wrote each, and what.
    pub chat: Vec<(Seat, String)>,
}

/// One seat at the table, as the screen shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatView {
    /// Its player's nickname.
    pub name: String,
    /// Whether it has deployed (always, in a game without a setup).
    pub deployed: bool,
    /// Its remaining time in ms, with a game clock.
    pub clock: Option<u64>,
    /// It left a game of more than two that goes on without it.
    pub left: bool,
    /// It has yet to answer the open undo request or draw offer.
    pub to_answer: bool,
}

/// Everything a user interface shows, as one value.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Snapshot {
    /// My nickname.
    pub name: String,
    /// My key fingerprint.
    pub fingerprint: String,
    /// Addresses others can type to reach me.
    pub addresses: Vec<String>,
    /// Peers found on the LAN.
    pub found: Vec<Found>,
    /// A challenge waiting for my answer.
    pub incoming: Option<Incoming>,
    /// My challenge is out, unanswered.
    pub challenging: bool,
    /// The opponent: nickname and fingerprint.
    pub opponent: Option<(String, String)>,
    /// The game, once one has started.
    pub game: Option<GameView>,
    /// The last thing that went wrong (a refused action, a declined challenge, …).
    pub problem: Option<Problem>,
    /// Hot-seat: the guests' snapshots (the other seats at this screen), in the order they
    /// were started.
    pub guests: Vec<Snapshot>,
    /// A table of three or four being opened: the seats taken so far (mine included), of
    /// how many.
    pub gathering: Option<(u8, u8)>,
    /// Watching: whose game (its player's nickname), once the player let us in, and the
    /// game as far as it was relayed.
    pub watching: Option<(String, Option<WatchView>)>,
    /// Whether my games take spectators, and how many watch now.
    pub spectators: (bool, usize),
    /// The time control my challenges propose.
    pub clock: crate::protocol::Clock,
    /// An unfinished game waiting to be resumed or abandoned.
    pub adjourned: Option<super::adjourn::Adjourned>,
    /// The relays this peer plays beyond the LAN through, if it does (it has an iroh
    /// side).
    pub internet: Option<crate::net::internet::Relays>,
    /// My invitation code, while the lobby shows it ([`Command::Invite`]).
    pub invitation: Option<String>,
    /// The way to each player reached over the internet, by name: direct or through a
    /// relay, and the round-trip time.
    pub routes: Vec<(String, crate::net::internet::Route)>,
    /// The friends met beyond the LAN, most recently seen first.
    pub friends: Vec<super::internet::FriendView>,
}

/// Hot-seat: which of the seats at one screen it belongs to now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chair {
    /// The host: the peer the app drives (and the only one when not in hot-seat).
    Host,
    /// A guest, by its place in [`Snapshot::guests`]: the second seat of
    /// [`Command::HotSeat`], or a person at this screen at a table of three or four
    /// ([`Command::OpenTable`]).
    Guest(usize),
}

impl GameView {
    /// What the screen shows of `session`'s game at `now`, with its players' `names` (in
    /// seat order) and its chat lines.
    pub fn of(
        session: &Session<AnyTable>,
        names: &[String],
        chat: Vec<(Seat, String)>,
        now: u64,
    ) -> GameView {
        let s = session;
        let table = s.table();
        let seats = (0..s.seats())
            .map(|seat| SeatView {
                name: names.get(usize::from(seat)).cloned().unwrap_or_default(),
                deployed: s.setups()[usize::from(seat)].is_some(),
                clock: s.time_left(seat, now),
                left: s.has_left(seat),
                to_answer: s.to_answer(seat),
            })
            .collect();
        GameView {
            game: *s.rules(),
            me: s.me(),
            first: s.first(),
            seats,
            board: table.map(AnyTable::board),
            legal_moves: if s.my_turn() {
                table.map(|t| t.legal_moves()).unwrap_or_default()
            } else {
                Vec::new()
            },
            to_move: table.filter(|_| s.ending().is_none()).map(|t| t.to_move()),
            busy: table.is_some_and(|t| t.busy()),
            record: s.record().to_vec(),
            undo: s.undo_pending(),
            draw: s.draw_pending(),
            ending: s.ending().cloned(),
            audit: s.audit().cloned(),
            chat,
        }
    }

    /// The seats that must act now, as this view sees it, in seat order: those asked to
    /// answer an undo request or a draw offer; while deploying, seat 0 until it is ready,
    /// then seat 1; in play, the seat to move. Nobody while a battle is decided or once the
    /// game is over.
    pub fn due(&self) -> Vec<Seat> {
        if self.ending.is_some() || self.busy {
            return Vec::new();
        }
        if self.undo.is_some() || self.draw.is_some() {
            (0..self.seats.len() as Seat)
                .filter(|s| self.seats[usize::from(*s)].to_answer)
                .collect()
        } else if self.board.is_none() {
            let ready = self.seats.first().is_some_and(|s| s.deployed);
            vec![Seat::from(ready)]
        } else {
            self.to_move.into_iter().collect()
        }
    }
}

impl Snapshot {
    /// Whose turn it is at the screen: in hot-seat play, the first seat at this screen that
    /// must act ([`GameView::due`]) as both the host's view and its own see it, and `None`
    /// while none does (a datagram between them is still in flight, a battle is being
    /// decided, or the seats that must act are elsewhere: the screen stays as it is). The
    /// host's before and after a game, and always when not in hot-seat.
    pub fn chair(&self) -> Option<Chair> {
        let Some(game) = self.game.as_ref().filter(|_| !self.guests.is_empty()) else {
            return Some(Chair::Host);
        };
        if game.ending.is_some() {
            return Some(Chair::Host);
        }
        let due = game.due();
        let sees = |s: &Snapshot, seat| {
            s.game
                .as_ref()
                .is_some_and(|g| g.me == seat && g.due().contains(&seat))
        };
        due.into_iter().find_map(|seat| {
            if seat == game.me {
                return Some(Chair::Host);
            }
            let guest = self.guests.iter().position(|g| sees(g, seat))?;
            Some(Chair::Guest(guest))
        })
    }

    /// The chair at this screen that plays `seat`, if one does.
    pub fn chair_of(&self, seat: Seat) -> Option<Chair> {
        let plays = |s: &Snapshot| s.game.as_ref().is_some_and(|g| g.me == seat);
        if plays(self) {
            return Some(Chair::Host);
        }
        self.guests.iter().position(plays).map(Chair::Guest)
    }

    /// The snapshot of the seat in `chair` (the host's for a guest that is gone).
    pub fn at(&self, chair: Chair) -> &Snapshot {
        match chair {
            Chair::Guest(i) => self.guests.get(i).unwrap_or(self),
            Chair::Host => self,
        }
    }
}

/// What a peer that a person drives keeps besides the core: where commands come from and
/// snapshots go, the challenge waiting for an answer, the last problem, the hot-seat guest.
pub(super) struct Hand {
    pub(super) controller: Controller,
    /// A challenge waiting for the user's answer.
    pub(super) incoming: Option<Incoming>,
    /// The last thing that went wrong, for the user.
    pub(super) problem: Option<Problem>,
    /// Hot-seat: the other seats at this screen.
    pub(super) guests: Vec<Guest>,
    /// A computer opponent's turn, watched so that one that will not move is said.
    pub(super) waiting: Option<ComputerTurn>,
    /// My invitation code is shown: since when (seconds since 1970, the code's issue time).
    pub(super) inviting: Option<u64>,
}

/// A computer opponent's turn being waited for: the game and how far it was when the turn
/// came, since when, and whether the user was told it is late.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct ComputerTurn {
    game_id: u64,
    progress: usize,
    since: u64,
    told: bool,
}

/// How long a computer opponent may take over a turn before the user is told: its longest
/// think (2 s at the hard level, 1 s for an outside engine), its 0.3 s pause and a Junqi
/// battle's round trips, with room to spare on a loaded machine.
pub(super) const COMPUTER_PATIENCE_MS: u64 = 10_000;

impl Hand {
    pub(super) fn new(controller: Controller) -> Hand {
        Hand {
            controller,
            incoming: None,
            problem: None,
            guests: Vec::new(),
            waiting: None,
            inviting: None,
        }
    }
}

/// Hot-seat: another seat at this screen, a hand-driven peer on its own thread, on
/// loopback.
pub(super) struct Guest {
    /// Its public key (the host neither trusts nor saves games with it).
    pub(super) key: [u8; 32],
    /// Where its commands go; dropping this makes it say goodbye and stop.
    pub(super) commands: mpsc::UnboundedSender<Command>,
    /// Its snapshots.
    pub(super) snapshots: watch::Receiver<Snapshot>,
}

impl<T: Transport, F: FnMut(&serde_json::Value)> Peer<'_, T, F> {
    /// Carries out a user's command; `Ok(false)` means quit.
    pub(super) fn command(&mut self, command: Command, now: u64) -> Result<bool, PeerError> {
        let Some(hand) = &mut self.hand else {
            return Ok(true);
        };
        hand.problem = None;
        match command {
            Command::Deploy(layout) => self.local(Local::Setup(layout.to_string()), now)?,
            Command::Game(action) => self.local(action, now)?,
            Command::NewGame => self.new_game(now)?,
            Command::Adjourn => {
                if let Some(problem) = self.adjourn(now) {
                    self.tell(problem);
                }
            }
            Command::Quit => return Ok(false),
            other => {
                let problem = match self.not_now(&other) {
                    Some(why) => Some(why),
                    None => self.lobby(other, now),
                };
                if let Some(problem) = problem {
                    self.tell(problem);
                }
            }
        }
        Ok(true)
    }

    /// After a game: the challenger's side starts the next one, if the other side is still
    /// there (a computer stays for as many games as the person wants).
    fn new_game(&mut self, now: u64) -> Result<(), PeerError> {
        let confirmed = self.table.as_ref().is_some_and(|t| t.session.confirmed());
        let star = self.table.as_ref().is_some_and(|t| t.star.is_some());
        if !confirmed {
            self.tell(Problem::NotOverYet);
        } else if !star && !self.endpoint.is_connected() {
            let name = self.table.as_ref().map(|t| t.peer.name.clone());
            let name = name.unwrap_or_default();
            self.tell(Problem::OpponentLeft { name });
        } else if self.table.as_ref().is_some_and(|t| t.session.me() == 0) {
            self.start_game(now)?;
        } else {
            self.tell(Problem::ChallengerStartsNext);
        }
        Ok(())
    }

    /// Why a lobby command cannot be carried out now, if it cannot.
    fn not_now(&self, command: &Command) -> Option<Problem> {
        let hand = self.hand.as_ref()?;
        let playing =
            (self.table.is_some() || self.watching.is_some()) && self.endpoint.is_connected();
        match command {
            Command::Challenge(..)
            | Command::Join(..)
            | Command::Watch(_)
            | Command::PlayComputer(..)
            | Command::PlayEngine(_)
            | Command::HotSeat(..)
            | Command::Resume
                if playing =>
            {
                Some(Problem::AlreadyPlaying)
            }
            Command::Watch(_) if self.watching.is_some() => Some(Problem::AlreadyWatching),
            Command::HotSeat(..) if hand.incoming.is_some() => Some(Problem::ChallengeWaiting),
            Command::HotSeat(..) if self.endpoint.is_challenging() => Some(Problem::ChallengeOut),
            Command::Guest(i, c) if **c != Command::Quit && hand.guests.get(*i).is_none() => {
                Some(Problem::NoSuchGuest)
            }
            Command::Challenge(..)
            | Command::Join(..)
            | Command::Watch(_)
            | Command::PlayComputer(..)
            | Command::HotSeat(..)
            | Command::OpenTable(..)
            | Command::Resume
                if self.gathering.is_some() =>
            {
                Some(Problem::TableBeingOpened)
            }
            Command::OpenTable(..) if playing => Some(Problem::AlreadyPlaying),
            Command::OpenTable(..) if hand.incoming.is_some() => Some(Problem::ChallengeWaiting),
            Command::OpenTable(..) if self.endpoint.is_challenging() => Some(Problem::ChallengeOut),
            _ => None,
        }
    }

    /// Carries out a lobby command (challenge, answer, watch, play the computer, hot-seat,
    /// the guest's commands); what went wrong, if anything did.
    fn lobby(&mut self, command: Command, now: u64) -> Option<Problem> {
        let host = self.identity.public_key();
        let hand = self.hand.as_mut()?;
        match command {
            Command::Challenge(addr, game) => {
                // Someone else to play: a hot-seat guest left from before says goodbye.
                hand.guests.clear();
                self.endpoint.challenge(addr, &game.to_string(), None, now);
            }
            Command::Join(invitation, game) => {
                hand.guests.clear();
                let addrs = self.join_addresses(&invitation);
                self.joining = Some((addrs, invitation.key, game));
                self.join_next(now);
            }
            Command::Invite(shown) => hand.inviting = shown.then(super::internet::unix_now),
            Command::Watch(addr) => {
                hand.guests.clear();
                self.endpoint.watch(addr, now);
            }
            Command::TakeSpectators(allowed) => {
                self.options.spectators = allowed;
                self.endpoint.set_spectators_allowed(allowed);
            }
            Command::SetClock(clock) => self.endpoint.set_clock(clock),
            Command::Engines(engines) => self.options.engines = engines,
            Command::Resume => return self.resume_adjourned(now),
            Command::Abandon => return self.abandon(),
            Command::StopWatching => {
                // Leaving a watched game says goodbye to its player.
                let watched = self.watching.take();
                if watched.is_some() {
                    self.endpoint.disconnect(now);
                }
            }
            Command::Accept => {
                hand.guests.clear();
                hand.incoming = None;
                self.endpoint.accept(now);
            }
            Command::Decline => {
                hand.incoming = None;
                self.endpoint.decline("declined");
            }
            Command::PlayComputer(game, level) => {
                hand.guests.clear();
                let computer = ComputerStart {
                    level,
                    engine: None,
                    identity: super::adjourn::computer_identity(&self.identity, level),
                    games_dir: super::adjourn::computer_games(self.options.games_dir.as_ref()),
                    resume_with: None,
                    join: None,
                    clock: self.endpoint.clock(),
                };
                let addr = match start_computer(computer, &mut self.helpers) {
                    Ok(addr) => addr,
                    Err(e) => return Some(Problem::NotStarted(e)),
                };
                self.endpoint.challenge(addr, &game.to_string(), None, now);
            }
            Command::PlayEngine(engine) => {
                hand.guests.clear();
                return self.play_engine(engine, now);
            }
            Command::HotSeat(game, name) => {
                let guest = GuestStart {
                    name: &name,
                    identity: super::adjourn::guest_identity(&self.identity),
                    host,
                    games_dir: super::adjourn::guest_games(self.options.games_dir.as_ref()),
                    resume_id: None,
                    join: None,
                    clock: self.endpoint.clock(),
                };
                let (guest, addr) = match start_guest(guest, &mut self.helpers) {
                    Ok(started) => started,
                    Err(e) => return Some(Problem::NotStarted(e)),
                };
                hand.guests = vec![guest];
                self.endpoint.challenge(addr, &game.to_string(), None, now);
            }
            Command::OpenTable(game, sitters) => return self.open_table(game, sitters, now),
            Command::CancelTable => return self.give_up_table(now),
            // A guest cannot quit on its own: the host leaving ends them all.
            Command::Guest(i, command) if *command != Command::Quit => {
                if let Some(guest) = hand.guests.get(i) {
                    let _ = guest.commands.send(*command);
                }
            }
            _ => {}
        }
        None
    }

    /// Plays Xiangqi against an external engine: checks it starts (the handshake), then
    /// runs it as the computer, with an identity of its own, and challenges it. What went
    /// wrong, if it did.
    fn play_engine(&mut self, engine: EngineInfo, now: u64) -> Option<Problem> {
        if !self.options.engines.iter().any(|e| e.path == engine.path) {
            self.options.engines.push(engine.clone());
        }
        let addr = match self.start_engine(engine, None) {
            Ok(addr) => addr,
            Err(e) => return Some(Problem::NotStarted(e)),
        };
        self.endpoint
            .challenge(addr, &GameKind::Xiangqi.to_string(), None, now);
        None
    }

    /// Starts an external engine as the computer, with its own identity, once it has
    /// completed its handshake: for a new game, or to resume the game `resume_with` names
    /// (then it challenges). Its address, or why it did not start.
    pub(super) fn start_engine(
        &mut self,
        engine: EngineInfo,
        resume_with: Option<(SocketAddr, u64)>,
    ) -> Result<SocketAddr, String> {
        if let Err(e) = engine.start() {
            return Err(format!("{} did not start: {e}", engine.name));
        }
        start_computer(
            ComputerStart {
                level: Level::Hard,
                identity: super::adjourn::engine_identity(&self.identity, &engine.path),
                engine: Some(engine),
                games_dir: super::adjourn::computer_games(self.options.games_dir.as_ref()),
                resume_with,
                join: None,
                clock: self.endpoint.clock(),
            },
            &mut self.helpers,
        )
    }

    /// Publishes the snapshot to the person driving this peer, if it changed.
    pub(super) fn publish(&self, now: u64) {
        if let Some(hand) = &self.hand {
            let snapshot = self.snapshot(now);
            hand.controller.snapshots.send_if_modified(|old| {
                let changed = *old != snapshot;
                *old = snapshot;
                changed
            });
        }
    }

    /// Hot-seat: the peer of the guest at place `i` stopped.
    pub(super) fn lose_guest(&mut self, i: usize) {
        if let Some(hand) = &mut self.hand.as_mut().filter(|h| i < h.guests.len()) {
            hand.guests.remove(i);
            hand.problem = Some(Problem::GuestStopped);
        }
    }

    /// Everything the user interface shows, now.
    pub(super) fn snapshot(&self, now: u64) -> Snapshot {
        let hand = self.hand.as_ref();
        let found = self.presence.found(self.identity.public_key(), now);
        let game = self.table.as_ref().filter(|t| t.started()).map(|t| {
            let names = t.names(&self.identity, &self.options.name);
            GameView::of(&t.session, &names, t.chat.clone(), now)
        });
        Snapshot {
            name: self.options.name.clone(),
            fingerprint: self.identity.fingerprint(),
            addresses: self.addresses.clone(),
            found,
            incoming: hand.and_then(|h| h.incoming.clone()),
            challenging: self.endpoint.is_challenging(),
            opponent: self
                .table
                .as_ref()
                .map(|t| (t.peer.name.clone(), fingerprint(&t.peer.key))),
            game,
            problem: hand.and_then(|h| h.problem.clone()),
            guests: hand.map_or_else(Vec::new, |h| {
                h.guests
                    .iter()
                    .map(|g| g.snapshots.borrow().clone())
                    .collect()
            }),
            gathering: self.gathering(),
            spectators: (self.options.spectators, self.endpoint.spectators()),
            clock: self.endpoint.clock(),
            adjourned: self.adjourned(),
            internet: self.transport.internet().map(|net| net.relays().clone()),
            invitation: hand.and_then(|h| h.inviting).and_then(|issued| {
                let bound = self.transport.local_addr().ok()?;
                let invitation = crate::net::invite::Invitation {
                    issued,
                    ..self.invitation_now(bound)
                };
                Some(invitation.code())
            }),
            routes: self.routes.clone(),
            friends: self.friend_views(now),
            watching: self
                .watching
                .as_ref()
                .map(|w| (w.player().to_string(), w.view())),
        }
    }
}

impl<T: Transport, F: FnMut(&serde_json::Value)> Peer<'_, T, F> {
    /// A person playing the computer: when the computer's turn has lasted longer than
    /// [`COMPUTER_PATIENCE_MS`] with nothing from it, the user is told (once a turn),
    /// instead of waiting in silence.
    pub(super) fn watch_computer(&mut self, now: u64) {
        let turn = self.table.as_ref().filter(|t| {
            t.star.is_none()
                && t.started()
                && t.session.ending().is_none()
                && !t.session.my_turn()
                && !t.hot_seat
        });
        let Some(turn) = turn.map(|t| (t.session.game_id(), t.session.record().len(), t.peer.key))
        else {
            if let Some(hand) = &mut self.hand {
                hand.waiting = None;
            }
            return;
        };
        let (game_id, progress, key) = turn;
        let Some(hand) = &mut self.hand else { return };
        let same = hand
            .waiting
            .is_some_and(|w| w.game_id == game_id && w.progress == progress);
        if !same {
            hand.waiting = Some(ComputerTurn {
                game_id,
                progress,
                since: now,
                told: false,
            });
            return;
        }
        let Some(waiting) = hand.waiting.as_mut() else {
            return;
        };
        if waiting.told || now < waiting.since + COMPUTER_PATIENCE_MS {
            return;
        }
        waiting.told = true;
        let computer = super::adjourn::computer_level(&self.identity, &key).is_some()
            || self.options.engines.iter().any(|e| {
                super::adjourn::engine_identity(&self.identity, &e.path).public_key() == key
            });
        if computer {
            let secs = COMPUTER_PATIENCE_MS / 1000;
            self.tell(Problem::ComputerSilent { secs });
        }
    }
}

/// How to start a computer player.
pub(super) struct ComputerStart {
    /// Its level.
    pub level: Level,
    /// An external engine plays instead of lanqi's own (its level is then unused).
    pub engine: Option<EngineInfo>,
    /// Its identity (the same for a level each time: see [`super::adjourn`]).
    pub identity: crate::store::Identity,
    /// Where it keeps its games (none: not saved).
    pub games_dir: Option<std::path::PathBuf>,
    /// Resume its unfinished game of this id with the peer at this address (it
    /// challenges); a new game otherwise (it waits to be challenged).
    pub resume_with: Option<(SocketAddr, u64)>,
    /// Take a seat at the table of this game that the peer at this address opens (it
    /// challenges).
    pub join: Option<(SocketAddr, GameKind)>,
    /// The time control it proposes when it challenges.
    pub clock: crate::protocol::Clock,
}

/// Starts a computer player (the headless peer with the engine as its bot, for whichever
/// game it is challenged to), and returns its address. It plays as many games as its
/// opponent starts (it never starts one itself: it sits in seat 1), saves them where it is
/// told, and leaves when its opponent does.
pub(super) fn start_computer(
    start: ComputerStart,
    helpers: &mut Helpers,
) -> Result<SocketAddr, String> {
    let (name, bot) = match start.engine {
        Some(engine) => (
            engine
                .name
                .chars()
                .take(crate::protocol::message::MAX_NAME)
                .collect(),
            super::BotKind::External(engine),
        ),
        None => (
            format!("computer ({})", start.level.name()),
            super::BotKind::Engine(start.level),
        ),
    };
    let options = super::PeerOptions {
        name,
        bot,
        // At a table of two, new game after new game for as long as the person wants; a
        // seat at a larger table is for its one game.
        games: if start.join.is_some() { 1 } else { u32::MAX },
        delay_ms: 300,
        clock: start.clock,
        seed: rand::random(),
        games_dir: start.games_dir,
        connect: start
            .resume_with
            .map(|(addr, _)| addr)
            .or(start.join.map(|(addr, _)| addr)),
        game: start.join.map(|(_, game)| game).unwrap_or_default(),
        resume_id: start.resume_with.map(|(_, id)| id),
        new_game: start.resume_with.is_none(),
        ..super::PeerOptions::default()
    };
    spawn_on_loopback("lanqi-computer", start.identity, options, None, helpers)
}

/// How to start the hot-seat guest.
pub(super) struct GuestStart<'a> {
    /// The second player's name.
    pub name: &'a str,
    /// Its identity (the same each time: see [`super::adjourn`]).
    pub identity: crate::store::Identity,
    /// The host, whose challenges it accepts at once.
    pub host: [u8; 32],
    /// Where it keeps its copy of the games (none: not saved).
    pub games_dir: Option<std::path::PathBuf>,
    /// The unfinished game it takes up when the host challenges it to resume; a new game
    /// otherwise.
    pub resume_id: Option<u64>,
    /// Take a seat at the table of this game that the host opens at this address (it
    /// challenges the host) instead of waiting for the host's challenge.
    pub join: Option<(SocketAddr, GameKind)>,
    /// The time control it proposes when it challenges (the host's, so that the table has
    /// one).
    pub clock: crate::protocol::Clock,
}

/// Starts the hot-seat guest: a hand-driven peer that accepts the host's challenge at once,
/// keeps its copy of each game where it is told, and stops when the host drops it.
pub(super) fn start_guest(
    start: GuestStart<'_>,
    helpers: &mut Helpers,
) -> Result<(Guest, SocketAddr), String> {
    let (commands, command_rx) = mpsc::unbounded_channel();
    let (snapshot_tx, snapshots) = watch::channel(Snapshot::default());
    let identity = start.identity;
    let key = identity.public_key();
    let options = super::PeerOptions {
        name: start.name.to_string(),
        accept_from: Some(start.host),
        seed: rand::random(),
        games_dir: start.games_dir,
        resume_id: start.resume_id,
        new_game: start.resume_id.is_none(),
        connect: start.join.map(|(addr, _)| addr),
        game: start.join.map(|(_, game)| game).unwrap_or_default(),
        clock: start.clock,
        ..super::PeerOptions::default()
    };
    let controller = Controller {
        commands: command_rx,
        snapshots: snapshot_tx,
    };
    let addr = spawn_on_loopback("lanqi-guest", identity, options, Some(controller), helpers)?;
    let guest = Guest {
        key,
        commands,
        snapshots,
    };
    Ok((guest, addr))
}

/// The threads of the computers and guests a peer started on loopback: when the peer
/// stops, it gives them a moment to hear its goodbye and save their copies of the game
/// (an adjourned table resumes from the move every seat has).
#[derive(Default)]
pub(super) struct Helpers(Vec<std::thread::JoinHandle<()>>);

impl Helpers {
    /// How long a stopping peer waits for its helpers (the app closes its window after two
    /// seconds in any case).
    const PATIENCE: std::time::Duration = std::time::Duration::from_millis(1500);

    /// Keeps a new helper's thread, forgetting those that have ended (so the list is as
    /// long as the helpers still running).
    fn keep(&mut self, thread: std::thread::JoinHandle<()>) {
        self.0.retain(|t| !t.is_finished());
        self.0.push(thread);
    }

    /// Waits, up to [`Helpers::PATIENCE`], until every helper has ended; whether they all did.
    pub(super) async fn ended(&self) -> bool {
        let deadline = tokio::time::Instant::now() + Self::PATIENCE;
        while self.0.iter().any(|t| !t.is_finished()) {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        true
    }
}

/// Runs a peer on its own thread and runtime, listening on loopback with discovery off;
/// returns its address. The thread joins `helpers`.
fn spawn_on_loopback(
    thread: &str,
    identity: crate::store::Identity,
    options: super::PeerOptions,
    controller: Option<Controller>,
    helpers: &mut Helpers,
) -> Result<SocketAddr, String> {
    let socket = std::net::UdpSocket::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    socket.set_nonblocking(true).map_err(|e| e.to_string())?;
    let addr = socket.local_addr().map_err(|e| e.to_string())?;
    let thread = std::thread::Builder::new()
        .name(thread.into())
        .spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async {
                let Ok(socket) = tokio::net::UdpSocket::from_std(socket) else {
                    return;
                };
                let options = super::PeerOptions {
                    mdns: crate::net::discovery::MdnsMode::Off,
                    signals: false,
                    ..options
                };
                // LANQI_DEBUG_LOOPBACK=1: its JSON events on stderr (the app's own
                // peers on loopback have no other log).
                let debug = std::env::var_os("LANQI_DEBUG_LOOPBACK").is_some();
                let sink = |e: &serde_json::Value| {
                    if debug {
                        eprintln!("loopback: {e}");
                    }
                };
                let ran = super::run_with(&socket, identity, options, None, sink, controller).await;
                if let (true, Err(e)) = (debug, ran) {
                    eprintln!("loopback: stopped: {e}");
                }
            });
        })
        .map_err(|e| e.to_string())?;
    helpers.keep(thread);
    Ok(addr)
}
