//! Opening a table of three or four seats from the app ([`Command::OpenTable`]): the app's
//! peer is the table's opener (the star's hub, [`super::star`]). The computers and the
//! people at this screen it starts on loopback, each with a fresh identity, and they
//! challenge it at once (it accepts their keys without asking); then it challenges the
//! players on the LAN one after the other with the table's game, each accepting in their
//! own app. When every seat is taken the game starts, the seats in the order the user set
//! them up. A player who declines, is busy or does not answer gives the table up: everyone
//! seated so far is told goodbye.
//!
//! [`Command::OpenTable`]: super::Command::OpenTable

use std::collections::VecDeque;
use std::net::{Ipv4Addr, SocketAddr};

use serde_json::Value;

use super::control::{ComputerStart, GuestStart, Sitter, start_computer, start_guest};
use super::{Peer, PeerError};
use crate::net::{PeerInfo, Transport};
use crate::session::GameKind;
use crate::store::Identity;

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
}

impl Gathering {
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
    ) -> Option<String> {
        let seats = usize::from(game.seats());
        if seats < 3 || sitters.len() + 1 != seats {
            return Some(format!(
                "a table of {seats} needs {} other players, not {}",
                seats.saturating_sub(1),
                sitters.len()
            ));
        }
        let port = match self.transport.local_addr() {
            Ok(addr) => addr.port(),
            Err(e) => return Some(e.to_string()),
        };
        let here = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let host = self.identity.public_key();
        let clock = self.endpoint.clock();
        let mut gathering = Gathering {
            before: self.options.game,
            slots: Vec::new(),
            invite: VecDeque::new(),
            inviting: None,
        };
        let mut guests = Vec::new();
        for (place, sitter) in sitters.into_iter().enumerate() {
            // Nobody resumes a game at a larger table: a fresh identity for each seat.
            let identity = Identity::from_secret(rand::random());
            let key = identity.public_key();
            let started = match sitter {
                Sitter::Computer(level) => start_computer(ComputerStart {
                    level,
                    engine: None,
                    identity,
                    games_dir: None,
                    resume_with: None,
                    join: Some((here, game)),
                    clock,
                })
                .map(|_| Some(key)),
                Sitter::Here(name) => start_guest(GuestStart {
                    name: &name,
                    identity,
                    host,
                    games_dir: None,
                    resume_id: None,
                    join: Some((here, game)),
                    clock,
                })
                .map(|(guest, _)| {
                    guests.push(guest);
                    Some(key)
                }),
                Sitter::Lan(addr) => {
                    gathering.invite.push_back((place, addr));
                    Ok(None)
                }
            };
            match started {
                Ok(slot) => gathering.slots.push(slot),
                // The computers and guests started so far stop with `guests` dropped, or
                // when nobody accepts them.
                Err(e) => return Some(e),
            }
        }
        if let Some(hand) = &mut self.hand {
            hand.guests = guests;
        }
        self.options.game = game;
        self.seated.clear();
        self.endpoint.set_players(seats - 1);
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
            self.endpoint.challenge(addr, &game, None, now);
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
    pub(super) fn give_up_table(&mut self, now: u64) -> Option<String> {
        let Some(g) = self.gathering.take() else {
            return Some("no table is being opened".into());
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
    pub(super) fn table_refused(&mut self, why: String, now: u64) -> Result<(), PeerError> {
        self.give_up_table(now);
        Err(PeerError::Peer(format!("the table is given up: {why}")))
    }
}
