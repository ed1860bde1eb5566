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
