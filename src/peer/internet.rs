//! The peer beyond the LAN: the invitation code it says (with its iroh side's relay, or
//! where that listens when relays are off), joining by a code (iroh first, then the LAN
//! addresses), and the path to each player reached over iroh (direct or through a relay,
//! and its round-trip time), reported whenever it changes.

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::Value;

use super::{Event, Peer};
use crate::net::Transport;
use crate::net::internet::Route;
use crate::net::invite::Invitation;

/// How long saying an invitation waits for the relay (with no internet: no longer).
const RELAY_WAIT: Duration = Duration::from_secs(5);
/// How often the lobby asks the friends whether they are there.
const FRIEND_PING_MS: u64 = 20_000;
/// A friend who answered within this long is online.
const FRIEND_ONLINE_MS: u64 = 45_000;
/// How many friends (the most recently seen) are asked.
const FRIENDS_PINGED: usize = 16;

/// A friend, as the lobby shows them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendView {
    /// Their nickname, as last heard.
    pub name: String,
    /// Their key's fingerprint.
    pub fingerprint: String,
    /// Whether they answered lately (the lobby asks the most recent few now and then).
    pub online: bool,
    /// The address to challenge them at (reached over iroh by their key).
    pub addr: SocketAddr,
}

/// Seconds since 1970 (an invitation's issue time).
pub(super) fn unix_now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl<T: Transport, F: FnMut(&Value)> Peer<'_, T, F> {
    /// This peer's invitation code, once its iroh side has had a moment to reach a relay
    /// (at most [`RELAY_WAIT`]).
    pub(super) async fn invitation(&self, bound: SocketAddr) -> Invitation {
        if let Some(net) = self.transport.internet() {
            net.home_relay(RELAY_WAIT).await;
        }
        self.invitation_now(bound)
    }

    /// This peer's invitation code as things are: its key, its LAN addresses, and its iroh
    /// side's relay (or, with no relay, where that listens).
    pub(super) fn invitation_now(&self, bound: SocketAddr) -> Invitation {
        let (relay, quic) = match self.transport.internet() {
            Some(net) => {
                let relay = net.home_relay_now();
                let mut quic = if relay.is_none() {
                    net.direct_addrs()
                } else {
                    Vec::new()
                };
                quic.sort_by_key(|a| (a.ip().is_loopback(), a.is_ipv6()));
                quic.truncate(crate::net::invite::MAX_ADDRS);
                (relay, quic)
            }
            None => (None, Vec::new()),
        };
        Invitation {
            key: self.identity.public_key(),
            issued: unix_now(),
            relay,
            addrs: super::presence::reachable_addrs(bound),
            quic,
        }
    }

    /// Where joining by `invitation` tries, last first: its player over iroh (when this
    /// peer has an iroh side and the code names a way in), then its LAN addresses.
    pub(super) fn join_addresses(&self, invitation: &Invitation) -> Vec<SocketAddr> {
        let mut addrs = invitation.addrs.clone();
        addrs.reverse();
        if let Some(net) = self.transport.internet()
            && (invitation.relay.is_some() || !invitation.quic.is_empty())
        {
            addrs.push(net.reach(
                invitation.key,
                invitation.relay.as_deref(),
                &invitation.quic,
            ));
        }
        addrs
    }

    /// A player reached over iroh spoke in its session: kept (or updated) in the friends
    /// list, with how it was reached, to be challenged again without a new code.
    pub(super) fn befriend(&mut self, name: &str, key: &[u8; 32]) {
        let (Some(net), Some(friends)) = (self.transport.internet(), self.friends.as_mut()) else {
            return;
        };
        let Some(addr) = self
            .endpoint
            .players()
            .find(|p| &p.key == key)
            .map(|p| p.addr)
            .filter(crate::net::internet::is_synthetic)
        else {
            return;
        };
        let (relay, addrs) = net.way_to(&addr);
        let met = crate::store::Friend {
            key: *key,
            name: name.to_string(),
            last_seen: unix_now(),
            relay,
            addrs,
        };
        if let Err(e) = friends.met(met) {
            self.emit(Event::Error {
                message: e.to_string(),
            });
        }
    }

    /// Lets iroh know how to reach every friend (their relay and addresses as last seen),
    /// so that a friend is challenged by their key, wherever they are now.
    pub(super) fn know_friends(&self) {
        let (Some(net), Some(friends)) = (self.transport.internet(), self.friends.as_ref()) else {
            return;
        };
        for f in friends.list() {
            net.reach(f.key, f.relay.as_deref(), &f.addrs);
        }
    }

    /// In the lobby (a person's peer, not playing), asks the most recently seen friends
    /// now and then whether they are there.
    pub(super) fn ping_friends(&mut self, now: u64) {
        let in_lobby = self.hand.is_some() && self.table.is_none() && self.watching.is_none();
        let (Some(_), Some(friends), true) =
            (self.transport.internet(), self.friends.as_ref(), in_lobby)
        else {
            return;
        };
        if self
            .friends_pinged
            .is_some_and(|t| now < t + FRIEND_PING_MS)
        {
            return;
        }
        self.friends_pinged = Some(now);
        let keys: Vec<[u8; 32]> = friends
            .list()
            .iter()
            .take(FRIENDS_PINGED)
            .map(|f| f.key)
            .collect();
        for key in keys {
            self.endpoint.ping(crate::net::internet::synthetic(&key));
        }
    }

    /// When the friends are to be asked next, if they are.
    pub(super) fn friends_due(&self) -> Option<u64> {
        let any = self.friends.as_ref().is_some_and(|f| !f.list().is_empty());
        (any && self.hand.is_some() && self.transport.internet().is_some())
            .then(|| self.friends_pinged.map_or(0, |t| t + FRIEND_PING_MS))
    }

    /// The friends, most recently seen first, as the lobby shows them.
    pub(super) fn friend_views(&self, now: u64) -> Vec<FriendView> {
        let Some(friends) = &self.friends else {
            return Vec::new();
        };
        friends
            .list()
            .iter()
            .map(|f| FriendView {
                name: f.name.clone(),
                fingerprint: crate::store::fingerprint(&f.key),
                online: self.presence.heard_within(&f.key, now, FRIEND_ONLINE_MS),
                addr: crate::net::internet::synthetic(&f.key),
            })
            .collect()
    }

    /// The way to each player reached over iroh, now, by name; reports each new path and
    /// each change of path.
    pub(super) fn watch_routes(&mut self) {
        let Some(net) = self.transport.internet() else {
            return;
        };
        let mut routes: Vec<(String, Route)> = net
            .routes()
            .into_iter()
            .filter_map(|(addr, route)| {
                let player = self.endpoint.players().find(|p| p.addr == addr)?;
                Some((player.name.clone(), route))
            })
            .collect();
        routes.sort_by(|a, b| a.0.cmp(&b.0));
        for (name, route) in &routes {
            let before = self
                .routes
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, r)| r.kind);
            if before != Some(route.kind) {
                self.emit(Event::Path {
                    peer: name.clone(),
                    kind: route.kind,
                    rtt_ms: route.rtt.as_millis() as u64,
                    changed: before.is_some(),
                });
            }
        }
        self.routes = routes;
    }
}
