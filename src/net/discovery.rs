//! Finding opponents on the LAN with mDNS / DNS-SD: every copy of lanqi advertises a
//! `_lanqi._udp.local.` service whose TXT record says who it is (nickname, public key),
//! which games it offers and whether it is idle, and browses for the others.
//!
//! What mDNS says is only a hint: the signed handshake confirms the key. Peers are keyed by
//! public key, never by address (two copies on one machine share an address).

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, SocketAddrV6};
use std::str::FromStr;
use std::sync::{Arc, Mutex};

use mdns_sd::{IfKind, IfPredicate, ScopedIp, ServiceDaemon, ServiceEvent, ServiceInfo};

use crate::protocol::envelope::VERSION;
use crate::protocol::message::hex;

/// The DNS-SD service type lanqi advertises.
pub const SERVICE_TYPE: &str = "_lanqi._udp.local.";

/// Where discovery runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MdnsMode {
    /// Every real interface (the default for users).
    All,
    /// The loopback interface only (for trying things out on one machine).
    Loopback,
    /// No discovery: peers meet by address.
    Off,
}

impl FromStr for MdnsMode {
    type Err = String;

    fn from_str(s: &str) -> Result<MdnsMode, String> {
        match s {
            "all" => Ok(MdnsMode::All),
            "lo" => Ok(MdnsMode::Loopback),
            "off" => Ok(MdnsMode::Off),
            other => Err(format!("'{other}' is not an mDNS mode (all, lo or off)")),
        }
    }
}

/// Whether a peer can take a challenge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Ready to play.
    Idle,
    /// In a game.
    Playing,
}

impl Status {
    /// The word in the TXT record and in JSON.
    pub fn word(self) -> &'static str {
        match self {
            Status::Idle => "idle",
            Status::Playing => "playing",
        }
    }
}

/// What this copy advertises.
#[derive(Clone, Debug)]
pub struct Advert {
    /// Nickname.
    pub name: String,
    /// Public key.
    pub key: [u8; 32],
    /// The UDP port the endpoint listens on.
    pub port: u16,
    /// Games offered, e.g. `junqi`.
    pub games: Vec<String>,
    /// Idle or playing.
    pub status: Status,
    /// Whether it looks for opponents itself (`--auto`); two such peers decide by key who
    /// challenges whom.
    pub auto: bool,
}

/// A peer found on the LAN (a hint until the handshake confirms its key).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FoundPeer {
    /// Its nickname.
    pub name: String,
    /// Its public key, as advertised.
    pub key: [u8; 32],
    /// Where it can be reached (every advertised address, with the advertised port).
    pub addrs: Vec<SocketAddr>,
    /// The games it offers.
    pub games: Vec<String>,
    /// Idle or playing.
    pub status: Status,
    /// Whether it challenges by itself (`--auto`).
    pub auto: bool,
}

/// Interface names of virtual devices skipped unless asked for.
const VIRTUAL_PREFIXES: [&str; 7] = [
    "docker",
    "veth",
    "virbr",
    "br-",
    "vethernet",
    "vmnet",
    "vboxnet",
];

/// Whether an interface name looks like a virtual device (container bridges, VM networks).
pub fn is_virtual(name: &str) -> bool {
    let lower = name.to_ascii_lowercase();
    VIRTUAL_PREFIXES.iter().any(|p| lower.starts_with(p))
}

/// A running advertiser and browser.
pub struct Discovery {
    daemon: ServiceDaemon,
    own_key: [u8; 32],
    fullname: Option<String>,
    advert: Option<Advert>,
    mode: MdnsMode,
    peers: Arc<Mutex<Found>>,
}

/// The records resolved so far, by DNS-SD full name, each with the order it arrived in (a
/// key advertised under two names, e.g. after a restart with a new nickname, is listed once:
/// its newest record).
type Found = HashMap<String, (u64, FoundPeer)>;

impl Discovery {
    /// Starts discovery in `mode` (None for [`MdnsMode::Off`]), advertising `advert` if given
    /// and browsing for others (never listing `own_key`).
    pub fn start(
        mode: MdnsMode,
        include_virtual: bool,
        own_key: [u8; 32],
        advert: Option<Advert>,
    ) -> Result<Option<Discovery>, String> {
        if mode == MdnsMode::Off {
            return Ok(None);
        }
        let daemon = ServiceDaemon::new().map_err(|e| format!("mDNS: {e}"))?;
        let fail = |e: mdns_sd::Error| format!("mDNS: {e}");
        match mode {
            MdnsMode::Loopback => {
                daemon.disable_interface(IfKind::All).map_err(fail)?;
                daemon.enable_interface(IfKind::LoopbackV4).map_err(fail)?;
            }
            _ => {
                if !include_virtual {
                    let virtual_intf = IfPredicate::new(|intf| is_virtual(&intf.name));
                    daemon
                        .disable_interface(IfKind::Predicate(virtual_intf))
                        .map_err(fail)?;
                }
            }
        }
        let peers = Arc::new(Mutex::new(HashMap::new()));
        let events = daemon.browse(SERVICE_TYPE).map_err(fail)?;
        let found = Arc::clone(&peers);
        std::thread::Builder::new()
            .name("lanqi-discovery".into())
            .spawn(move || drain(events, found, own_key))
            .map_err(|e| format!("mDNS: {e}"))?;
        let mut discovery = Discovery {
            daemon,
            own_key,
            fullname: None,
            advert: None,
            mode,
            peers,
        };
        if let Some(advert) = advert {
            discovery.advertise(advert)?;
        }
        Ok(Some(discovery))
    }

    /// Advertises (or updates) this copy's service record.
    pub fn advertise(&mut self, advert: Advert) -> Result<(), String> {
        let instance = format!("{}-{}", sanitize(&advert.name), &hex(&self.own_key)[..8]);
        let host = format!("lanqi-{}.local.", &hex(&self.own_key)[..12]);
        let properties = [
            ("v", VERSION.to_string()),
            ("name", advert.name.clone()),
            ("key", hex(&advert.key)),
            ("games", advert.games.join(",")),
            ("status", advert.status.word().to_string()),
            ("auto", if advert.auto { "1" } else { "0" }.to_string()),
        ];
        let info = match self.mode {
            MdnsMode::Loopback => ServiceInfo::new(
                SERVICE_TYPE,
                &instance,
                &host,
                "127.0.0.1",
                advert.port,
                &properties[..],
            ),
            _ => ServiceInfo::new(
                SERVICE_TYPE,
                &instance,
                &host,
                "",
                advert.port,
                &properties[..],
            )
            .map(ServiceInfo::enable_addr_auto),
        }
        .map_err(|e| format!("mDNS: {e}"))?;
        self.fullname = Some(info.get_fullname().to_string());
        self.daemon
            .register(info)
            .map_err(|e| format!("mDNS: {e}"))?;
        self.advert = Some(advert);
        Ok(())
    }

    /// Changes the advertised status (idle / playing) so others' lists follow.
    pub fn set_status(&mut self, status: Status) -> Result<(), String> {
        match self.advert.clone() {
            Some(advert) if advert.status != status => self.advertise(Advert { status, ..advert }),
            _ => Ok(()),
        }
    }

    /// The peers found so far, one per key (its newest record), by name then key.
    pub fn peers(&self) -> Vec<FoundPeer> {
        let mut newest: HashMap<[u8; 32], (u64, FoundPeer)> = HashMap::new();
        for (seq, peer) in self.peers.lock().expect("discovery lock").values() {
            if newest.get(&peer.key).is_none_or(|(s, _)| s < seq) {
                newest.insert(peer.key, (*seq, peer.clone()));
            }
        }
        let mut list: Vec<FoundPeer> = newest.into_values().map(|(_, p)| p).collect();
        list.sort_by(|a, b| (&a.name, a.key).cmp(&(&b.name, b.key)));
        list
    }

    /// Withdraws the advertisement at once and stops the daemon.
    pub fn shutdown(self) {
        if let Some(fullname) = &self.fullname
            && let Ok(done) = self.daemon.unregister(fullname)
        {
            let _ = done.recv_timeout(std::time::Duration::from_secs(1));
        }
        let _ = self.daemon.shutdown();
    }
}

fn sanitize(name: &str) -> String {
    let clean: String = name
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-')
        .take(20)
        .collect();
    if clean.is_empty() {
        "lanqi".into()
    } else {
        clean
    }
}

fn unhex32(s: &str) -> Option<[u8; 32]> {
    if s.len() != 64 {
        return None;
    }
    let bytes: Option<Vec<u8>> = (0..32)
        .map(|i| u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok())
        .collect();
    bytes?.try_into().ok()
}

/// The nickname of an mDNS record as it may be shown to people: no control characters
/// (terminal escapes, line breaks), nothing that reorders text (PROTOCOL.md §7.3), at most
/// 32 characters; `?` when the record has none.
fn record_name(raw: Option<&str>) -> String {
    crate::protocol::message::shown(raw.unwrap_or("?"))
        .chars()
        .take(32)
        .collect()
}

fn socket_addr(ip: &ScopedIp, port: u16) -> SocketAddr {
    match ip {
        ScopedIp::V6(v6) if v6.addr().is_unicast_link_local() => {
            SocketAddr::V6(SocketAddrV6::new(*v6.addr(), port, 0, v6.scope_id().index))
        }
        other => SocketAddr::new(other.to_ip_addr(), port),
    }
}

/// Drains the browse events for as long as the daemon runs.
fn drain(events: mdns_sd::Receiver<ServiceEvent>, peers: Arc<Mutex<Found>>, own_key: [u8; 32]) {
    let mut seq = 0u64;
    while let Ok(event) = events.recv() {
        match event {
            ServiceEvent::ServiceResolved(info) => {
                let Some(key) = info.get_property_val_str("key").and_then(unhex32) else {
                    continue;
                };
                if key == own_key || info.get_property_val_str("v") != Some(&VERSION.to_string()) {
                    continue;
                }
                let mut addrs: Vec<SocketAddr> = info
                    .get_addresses()
                    .iter()
                    .map(|ip| socket_addr(ip, info.get_port()))
                    .collect();
                addrs.sort_by_key(|a| {
                    (
                        a.is_ipv6(),
                        matches!(a.ip(), IpAddr::V4(v4) if v4.is_loopback()),
                    )
                });
                let peer = FoundPeer {
                    name: record_name(info.get_property_val_str("name")),
                    key,
                    addrs,
                    games: info
                        .get_property_val_str("games")
                        .unwrap_or("")
                        .split(',')
                        .filter(|g| !g.is_empty())
                        .map(String::from)
                        .collect(),
                    status: if info.get_property_val_str("status") == Some("playing") {
                        Status::Playing
                    } else {
                        Status::Idle
                    },
                    auto: info.get_property_val_str("auto") == Some("1"),
                };
                seq += 1;
                peers
                    .lock()
                    .expect("discovery lock")
                    .insert(info.get_fullname().to_string(), (seq, peer));
            }
            ServiceEvent::ServiceRemoved(_, fullname) => {
                peers.lock().expect("discovery lock").remove(&fullname);
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn virtual_interfaces_are_recognised() {
        for name in [
            "docker0",
            "veth1a2b",
            "virbr0",
            "br-12ab",
            "vEthernet (WSL)",
            "vboxnet0",
        ] {
            assert!(is_virtual(name), "{name}");
        }
        for name in ["eth0", "wlan0", "enp3s0", "lo", "en0"] {
            assert!(!is_virtual(name), "{name}");
        }
    }

    #[test]
    fn a_record_s_name_loses_controls_and_bidi_overrides() {
        assert_eq!(
            record_name(Some("evil\u{202e}txt.exe\nBob\u{1b}[2J")),
            "eviltxt.exe Bob[2J"
        );
        assert_eq!(record_name(None), "?");
        assert_eq!(record_name(Some(&"好".repeat(40))).chars().count(), 32);
    }

    #[test]
    fn modes_parse() {
        assert_eq!("lo".parse(), Ok(MdnsMode::Loopback));
        assert_eq!("all".parse(), Ok(MdnsMode::All));
        assert_eq!("off".parse(), Ok(MdnsMode::Off));
        assert!("eth0".parse::<MdnsMode>().is_err());
    }
}
