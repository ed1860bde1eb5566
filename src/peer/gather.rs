//! Opening a table of three or four seats from the app ([`Command::OpenTable`]): the app's
//! peer is the table's opener (the star's hub, [`super::star`]). The computers and the
//! people at this screen it starts on loopback, each with an identity derived for its seat
//! and its copy of the game kept under `games/seats/N/` ([`super::adjourn::seat_identity`]:
//! found again when the table is resumed, [`super::rejoin`]), and they challenge it at once (it accepts their keys without asking); then it challenges the
//! players on the LAN one after the other with the table's game, each accepting in their
//! own app. When every seat is taken the game starts, the seats in the order the user set
//! them up. A player who declines, is busy or does not answer gives the table up: everyone
//! seated so far is told goodbye.
//!
//! [`Command::OpenTable`]: super::Command::OpenTable

use super::problem::{Nothing, Problem};
use std::collections::VecDeque;
use std::net::{Ipv4Addr, SocketAddr};

use serde_json::Value;

use super::adjourn::{seat_games, seat_identity};
use super::control::{ComputerStart, GuestStart, Sitter, start_computer, start_guest};
use super::stop::{Absent, Stop};
use super::{Peer, PeerError};
use crate::net::{PeerInfo, Transport};
use crate::session::GameKind;

/// A table being opened: who is to sit where, who is still to be challenged.
pub(super) struct Gathering {
    /// The game of the lobby before, given back when the table is given up.
    before: GameKind,
    /// Each other seat's player, in seat order, once known (the computers' and guests'
    /// from the start, a LAN player's once it accepts).
    slots: Vec<Option<[u8; 32]>>,
    /// The players on the LAN still to be challenged: their seat's place, their address.
    invite: VecDeque<(usize, SocketAddr)>,
    /// The place of the LAN player being challenged now.
    inviting: Option<usize>,
    /// Resuming this saved game (its id): the players are challenged to it, and it goes on
    /// where it was instead of a new one starting.
    pub(super) resume: Option<u64>,
}

impl Gathering {
    /// A table to gather instead of playing `before`, resuming game `resume` if named.
    pub(super) fn new(before: GameKind, resume: Option<u64>) -> Gathering {
        Gathering {
            before,
            slots: Vec::new(),
            invite: VecDeque::new(),
            inviting: None,
            resume,
        }
    }

    /// Seats the next place: its player's key if it is one started here, `None` for a
    /// player on the LAN to be challenged at `lan`.
    fn add(&mut self, key: Option<[u8; 32]>, lan: Option<SocketAddr>) {
        if let Some(addr) = lan {
            self.invite.push_back((self.slots.len(), addr));
        }
        self.slots.push(key);
    }

    /// Whether `key` is a computer or a guest started for this table (accepted at once).
    pub(super) fn expects(&self, key: &[u8; 32]) -> bool {
        self.slots.iter().flatten().any(|k| k == key)
    }

    /// Puts `seated` in the order the seats were set up.
    fn order(&self, seated: &mut [PeerInfo]) {
        let place = |p: &PeerInfo| {
            self.slots
                .iter()
                .position(|k| *k == Some(p.key))
                .unwrap_or(usize::MAX)
        };
        seated.sort_by_key(place);
    }
}

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    /// Opens a table of `game` with these players in the other seats; what went wrong, if
    /// anything did.
    pub(super) fn open_table(
        &mut self,
        game: GameKind,
        sitters: Vec<Sitter>,
        now: u64,
    ) -> Option<Problem> {
        let seats = usize::from(game.seats());
        if seats < 3 || sitters.len() + 1 != seats {
            return Some(
                format!(
                    "a table of {seats} needs {} other players, not {}",
                    seats.saturating_sub(1),
                    sitters.len()
                )
                .into(),
            );
        }
        self.gather(game, None, sitters, now)
    }

    /// Starts gathering a table of `game` (resuming game `resume`, if named) with these
    /// players in seats 1, 2, …: the computers and people here started on loopback, the
    /// players on the LAN to be challenged in turn.
    pub(super) fn gather(
        &mut self,
        game: GameKind,
        resume: Option<u64>,
        sitters: Vec<Sitter>,
        now: u64,
    ) -> Option<Problem> {
        let port = match self.transport.local_addr() {
            Ok(addr) => addr.port(),
            Err(e) => return Some(e.to_string().into()),
        };
        let here = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let host = self.identity.public_key();
        let clock = self.endpoint.clock();
        let mut gathering = Gathering::new(self.options.game, resume);
        let mut guests = Vec::new();
        for (place, sitter) in sitters.into_iter().enumerate() {
            // Seat `place + 1`: an identity and a games folder of its own, found again on
            // resuming.
            let seat = place as u8 + 1;
            let level = match &sitter {
                Sitter::Computer(level) => Some(*level),
                _ => None,
            };
            let identity = seat_identity(&self.identity, seat, level);
            let key = identity.public_key();
            let games_dir = seat_games(self.options.games_dir.as_ref(), seat);
            let started = match sitter {
                // Resuming, the computer challenges with the game's id, from its copy.
                Sitter::Computer(level) => start_computer(
                    ComputerStart {
                        level,
                        engine: None,
                        identity,
                        games_dir,
                        resume_with: resume.map(|id| (here, id)),
                        join: Some((here, game)),
                        clock,
                    },
                    &mut self.helpers,
                )
                .map(|_| None),
                Sitter::Here(name) => start_guest(
                    GuestStart {
                        name: &name,
                        identity,
                        host,
                        games_dir,
                        resume_id: resume,
                        join: Some((here, game)),
                        clock,
                    },
                    &mut self.helpers,
                )
                .map(Some),
                Sitter::Lan(addr) => {
                    gathering.add(None, Some(addr));
                    continue;
                }
            };
            match started {
                Ok(guest) => {
                    guests.extend(guest.map(|(guest, _)| guest));
                    gathering.add(Some(key), None);
                }
                // The computers and guests started so far stop with `guests` dropped, or
                // when nobody accepts them.
                Err(e) => return Some(Problem::NotStarted(e)),
            }
        }
        if let Some(hand) = &mut self.hand {
            hand.guests = guests;
        }
        self.options.game = game;
        self.seated.clear();
        self.endpoint.set_players(usize::from(game.seats()) - 1);
        self.gathering = Some(gathering);
        self.invite_next(now);
        None
    }

    /// The seats taken at the table being opened (mine included), of how many.
    pub(super) fn gathering(&self) -> Option<(u8, u8)> {
        self.gathering.as_ref()?;
        Some((self.seated.len() as u8 + 1, self.options.game.seats()))
    }

    /// Whether this peer opens the table it plays at (a star's hub): `lanqi peer --seats N`
    /// without `--connect`, or the app opening one.
    pub(super) fn opens_table(&self) -> bool {
        self.options.connect.is_none() && self.options.game.seats() > 2
    }

    /// Challenges the next player on the LAN, once the computers and the people at this
    /// screen are seated and no challenge is out.
    pub(super) fn invite_next(&mut self, now: u64) {
        let Some(g) = &mut self.gathering else { return };
        let local_seated = g
            .slots
            .iter()
            .flatten()
            .all(|k| self.seated.iter().any(|p| p.key == *k));
        if g.inviting.is_some() || self.endpoint.is_challenging() || !local_seated {
            return;
        }
        if let Some((place, addr)) = g.invite.pop_front() {
            g.inviting = Some(place);
            let game = self.options.game.to_string();
            self.endpoint.challenge(addr, &game, g.resume, now);
        }
    }

    /// A player took a seat at the table being opened (it is in `seated`): a LAN player's
    /// place is now known; with every seat taken, the seats are put in the order they were
    /// set up.
    pub(super) fn joined(&mut self, peer: &PeerInfo) {
        let Some(g) = &mut self.gathering else { return };
        if let Some(place) = g.inviting.take() {
            g.slots[place] = Some(peer.key);
        }
        if self.seated.len() + 1 >= usize::from(self.options.game.seats()) {
            g.order(&mut self.seated);
        }
    }

    /// The game at the opened table has started: nothing is being gathered any more.
    pub(super) fn gathered(&mut self) {
        self.gathering = None;
    }

    /// Gives up the table being opened (the user cancels, or a player would not come):
    /// everyone seated is told goodbye, the guests stop, and the lobby is as it was.
    pub(super) fn give_up_table(&mut self, now: u64) -> Option<Problem> {
        let Some(g) = self.gathering.take() else {
            return Some(Problem::NothingTo(Nothing::TableOpening));
        };
        self.endpoint.disconnect(now);
        self.endpoint.set_players(1);
        self.options.game = g.before;
        self.seated.clear();
        self.table = None;
        if let Some(hand) = &mut self.hand {
            hand.guests.clear();
        }
        None
    }

    /// A player on the LAN would not take its seat: the table is given up, and why is
    /// the error.
    pub(super) fn table_refused(&mut self, why: Absent, now: u64) -> Result<(), PeerError> {
        let resuming = self.gathering.as_ref().is_some_and(|g| g.resume.is_some());
        self.give_up_table(now);
        Err(PeerError::Peer(Stop::TableGivenUp { why, resuming }))
    }
}
