//! Who is on the LAN: this peer's mDNS advert and browser, the presence pings that tell
//! who is really there, and `--auto`'s choice of whom to challenge.

use std::collections::HashMap;
use std::net::SocketAddr;

use super::control::Found;
use super::event::Event;
use crate::net::Endpoint;
use crate::net::discovery::{Advert, Discovery, FoundPeer, MdnsMode, SERVICE_TYPE, Status};
use crate::session::GameKind;
use crate::store::fingerprint;

/// How often the peers found are pinged.
const PRESENCE_PING_MS: u64 = 1000;
/// `--auto`: how long a peer that said no (or nothing) is passed over.
const AUTO_RETRY_MS: u64 = 10_000;
/// A found peer that has not answered a ping for this long is not challenged.
pub(super) const PRESENCE_TIMEOUT_MS: u64 = 3000;

/// The peer's view of the LAN.
pub(super) struct Presence {
    discovery: Option<Discovery>,
    /// The first peer found has been reported.
    found_first: bool,
    /// When each discovered peer last answered a presence ping, and from where.
    alive: HashMap<[u8; 32], (u64, SocketAddr)>,
    /// `--auto`: peers that said no (or nothing) lately, not challenged again until then.
    skip: HashMap<[u8; 32], u64>,
    /// `--auto`: the peer challenged last.
    challenged: Option<[u8; 32]>,
    next_ping: u64,
}

/// How this peer advertises itself.
pub(super) struct Announce<'a> {
    /// Where discovery runs.
    pub mdns: MdnsMode,
    /// Include virtual interfaces.
    pub include_virtual: bool,
    /// My nickname.
    pub name: &'a str,
    /// My key.
    pub key: [u8; 32],
    /// The port I listen on.
    pub port: u16,
    /// Whether I challenge the first idle peer found (`--auto`).
    pub auto: bool,
}

impl Presence {
    /// No discovery (until [`Presence::start`]).
    pub(super) fn off() -> Presence {
        Presence {
            discovery: None,
            found_first: false,
            alive: HashMap::new(),
            skip: HashMap::new(),
            challenged: None,
            next_ping: 0,
        }
    }

    /// Starts advertising and browsing (unless discovery is off); says what happened.
    pub(super) fn start(announce: Announce<'_>, emit: &mut impl FnMut(Event)) -> Presence {
        let advert = Advert {
            name: announce.name.to_string(),
            key: announce.key,
            port: announce.port,
            games: GameKind::ALL.iter().map(|g| g.name().to_string()).collect(),
            status: Status::Idle,
            auto: announce.auto,
        };
        let discovery = match Discovery::start(
            announce.mdns,
            announce.include_virtual,
            announce.key,
            Some(advert),
        ) {
            Ok(Some(d)) => {
                emit(Event::Advertising {
                    service: SERVICE_TYPE,
                });
                Some(d)
            }
            Ok(None) => None,
            Err(e) => {
                emit(Event::Error { message: e });
                None
            }
        };
        Presence {
            discovery,
            ..Presence::off()
        }
    }

    /// Whether discovery runs.
    pub(super) fn is_on(&self) -> bool {
        self.discovery.is_some()
    }

    /// Advertises whether this peer is in a game now.
    pub(super) fn set_status(&mut self, status: Status) -> Result<(), String> {
        match &mut self.discovery {
            Some(d) => d.set_status(status),
            None => Ok(()),
        }
    }

    /// A found peer answered a presence ping.
    pub(super) fn heard(&mut self, key: [u8; 32], addr: SocketAddr, now: u64) {
        self.alive.insert(key, (now, addr));
    }

    /// Whether `key` answered a ping within the last `ms`.
    pub(super) fn heard_within(&self, key: &[u8; 32], now: u64, ms: u64) -> bool {
        self.alive
            .get(key)
            .is_some_and(|(t, _)| now.saturating_sub(*t) <= ms)
    }

    /// `--auto`: the peer challenged last did not play; it is passed over for a while.
    pub(super) fn pass_over(&mut self, now: u64) {
        if let Some(key) = self.challenged.take() {
            self.skip.insert(key, now + AUTO_RETRY_MS);
        }
    }

    /// Where `key` answered a ping lately, if it did.
    fn answered(&self, key: &[u8; 32], now: u64) -> Option<SocketAddr> {
        self.alive
            .get(key)
            .filter(|(t, _)| now.saturating_sub(*t) <= PRESENCE_TIMEOUT_MS)
            .map(|(_, addr)| *addr)
    }

    /// Pings the peers found (a record can outlive its owner by minutes; a ping each second
    /// tells who is really there), reports the first one found, and, when `auto` is
    /// looking for a game of `game`, challenges the first idle live peer offering it. Of
    /// two `--auto` peers that see each other only the one with the smaller key (`me`)
    /// challenges.
    pub(super) fn tick(
        &mut self,
        endpoint: &mut Endpoint,
        now: u64,
        auto: Option<GameKind>,
        me: [u8; 32],
        emit: &mut impl FnMut(Event),
    ) {
        let Some(discovery) = &self.discovery else {
            return;
        };
        let peers = discovery.peers();
        if !self.found_first
            && let Some(p) = peers.first()
        {
            self.found_first = true;
            emit(Event::Found {
                peer: p.name.clone(),
                fingerprint: fingerprint(&p.key),
                after_ms: now,
            });
        }
        if now >= self.next_ping {
            self.next_ping = now + PRESENCE_PING_MS;
            for addr in peers.iter().flat_map(|p| &p.addrs) {
                endpoint.ping(*addr);
            }
        }
        let Some(game) = auto else {
            return;
        };
        let willing = |p: &FoundPeer| {
            p.status == Status::Idle
                && p.games.iter().any(|g| g == game.name())
                && self.skip.get(&p.key).is_none_or(|until| now >= *until)
                && (!p.auto || me < p.key)
        };
        let target = peers
            .iter()
            .filter(|p| willing(p))
            .find_map(|p| Some((p.key, self.answered(&p.key, now)?)));
        if let Some((key, addr)) = target {
            self.challenged = Some(key);
            endpoint.challenge(addr, game.name(), None, now);
        }
    }

    /// The peers found, but me, as the lobby lists them.
    pub(super) fn found(&self, me: [u8; 32], now: u64) -> Vec<Found> {
        let Some(discovery) = &self.discovery else {
            return Vec::new();
        };
        discovery
            .peers()
            .into_iter()
            .filter(|p| p.key != me)
            .map(|p| Found {
                name: p.name.clone(),
                fingerprint: fingerprint(&p.key),
                status: p.status.word().into(),
                games: p.games.clone(),
                answered: self.answered(&p.key, now),
            })
            .collect()
    }

    /// Leaves everyone's list at once rather than after the record's lifetime.
    pub(super) fn shutdown(&mut self) {
        if let Some(discovery) = self.discovery.take() {
            discovery.shutdown();
        }
    }
}

/// The addresses an invitation code carries (at most [`crate::net::invite::MAX_ADDRS`]):
/// the bound one, or, bound to every interface, theirs: private and public ones first, then
/// loopback (for a friend on this machine), never link-local (it needs an interface name).
pub(super) fn reachable_addrs(bound: SocketAddr) -> Vec<SocketAddr> {
    if !bound.ip().is_unspecified() {
        return vec![bound];
    }
    let mut addrs: Vec<(bool, bool, SocketAddr)> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .map(|i| i.ip())
        .filter(|ip| bound.is_ipv6() || ip.is_ipv4())
        .filter(|ip| !matches!(ip, std::net::IpAddr::V6(v6) if v6.is_unicast_link_local()))
        .map(|ip| {
            (
                ip.is_loopback(),
                ip.is_ipv6(),
                SocketAddr::new(ip, bound.port()),
            )
        })
        .collect();
    addrs.sort();
    addrs.dedup();
    addrs
        .into_iter()
        .map(|(.., a)| a)
        .take(crate::net::invite::MAX_ADDRS)
        .collect()
}

/// The addresses others can type to reach this peer: the bound one, or every interface's
/// when bound to all of them.
pub(super) fn own_addresses(bound: SocketAddr) -> Vec<String> {
    if !bound.ip().is_unspecified() {
        return vec![bound.to_string()];
    }
    let mut addrs: Vec<(bool, String)> = if_addrs::get_if_addrs()
        .unwrap_or_default()
        .into_iter()
        .filter(|i| bound.is_ipv6() || i.ip().is_ipv4())
        .map(|i| {
            let ip = i.ip();
            let text = match ip {
                std::net::IpAddr::V6(v6) if v6.is_unicast_link_local() => {
                    format!("[{v6}%{}]:{}", i.name, bound.port())
                }
                ip => SocketAddr::new(ip, bound.port()).to_string(),
            };
            (ip.is_loopback(), text)
        })
        .collect();
    addrs.sort();
    addrs.into_iter().map(|(_, a)| a).collect()
}
