//! Play beyond the LAN: lanqi's signed datagrams carried over iroh (QUIC datagrams, ALPN
//! `lanqi/1`), which dials a peer by its ed25519 key, punches through NATs and falls back
//! to a relay that carries only encrypted traffic.
//!
//! The endpoint above never learns which way a datagram came: every peer reached over
//! iroh gets an address of its own in lanqi's private IPv6 prefix ([`synthetic`]), and the
//! [`super::carriers::Carriers`] transport sends datagrams for such an address here and
//! everything else over the plain UDP socket. The iroh endpoint uses the peer's own
//! identity key, so a friend's fingerprint is the same over the LAN and over the internet.
//!
//! Bounded against strangers: at most [`MAX_LINKS`] peers known at once (the oldest idle
//! one is forgotten), [`MAX_QUEUED`] datagrams waiting for a connection to open, and
//! [`INBOX`] datagrams received but not yet taken (more are dropped and counted). A
//! connection whose datagrams are signed by another key than the one it authenticated
//! with is closed.

use std::collections::{HashMap, VecDeque};
use std::net::{Ipv6Addr, SocketAddr, SocketAddrV6};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bytes::Bytes;
use iroh::endpoint::{Connection, presets};
use iroh::{EndpointAddr, EndpointId, RelayMode, RelayUrl, SecretKey, TransportAddr};
use sha2::{Digest, Sha256};
use tokio::sync::mpsc;

use crate::protocol::envelope;

/// The ALPN lanqi speaks over iroh (PROTOCOL.md §16).
pub const ALPN: &[u8] = b"lanqi/1";
/// The most peers reached over iroh known at once.
pub const MAX_LINKS: usize = 64;
/// Datagrams kept for a peer while its connection opens (the oldest go first).
pub const MAX_QUEUED: usize = 32;
/// Datagrams received over iroh and not yet taken by the endpoint.
pub const INBOX: usize = 256;
/// Connections being opened to us at once; more are refused (a stranger cannot tie the
/// peer up with handshakes).
pub const MAX_OPENING: usize = 16;
/// How long dialling a peer may take before it is given up.
pub const DIAL_TIMEOUT: Duration = Duration::from_secs(20);
/// lanqi's private IPv6 prefix for peers reached over iroh: `fd6c:616e:7169::/48`
/// ("lanqi" in ASCII). No LAN peer has such an address.
const PREFIX: [u8; 6] = [0xfd, 0x6c, 0x61, 0x6e, 0x71, 0x69];

/// Which relays this peer uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Relays {
    /// iroh's public relays (number 0's).
    #[default]
    Default,
    /// These relays only (a club's own `iroh-relay`).
    Custom(Vec<String>),
    /// None: only direct paths (the LAN, or a reachable address).
    Off,
}

impl std::str::FromStr for Relays {
    type Err = String;
    fn from_str(text: &str) -> Result<Relays, String> {
        match text.trim() {
            "default" => Ok(Relays::Default),
            "off" | "none" => Ok(Relays::Off),
            urls => {
                let urls: Vec<String> = urls.split(',').map(|u| u.trim().to_string()).collect();
                for url in &urls {
                    url.parse::<RelayUrl>().map_err(|e| {
                        format!(
                            "'{url}' is not a relay URL (http://HOST:PORT or https://HOST): {e}"
                        )
                    })?;
                    if url.len() > super::invite::MAX_RELAY {
                        return Err(format!("'{url}' is longer than an invitation can carry"));
                    }
                }
                Ok(Relays::Custom(urls))
            }
        }
    }
}

impl std::fmt::Display for Relays {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Relays::Default => write!(f, "default"),
            Relays::Off => write!(f, "off"),
            Relays::Custom(urls) => write!(f, "{}", urls.join(",")),
        }
    }
}

/// How this peer reaches the internet.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InternetSettings {
    /// Which relays.
    pub relays: Relays,
    /// Trust only these root certificates (DER or PEM files) for the relays, instead of
    /// the usual web roots: a club relay with a certificate of its own, and the tests'.
    pub relay_roots: Vec<PathBuf>,
    /// Where iroh listens: an unspecified address with port 0 lets iroh choose (every
    /// IPv4 and IPv6 interface); anything else binds just that.
    pub bind: Option<SocketAddr>,
}

/// What a peer sent: over plain UDP, and over iroh ([`Internet::sent`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Carried {
    /// lanqi datagrams sent over plain UDP.
    pub lan_datagrams: u64,
    /// Their bytes.
    pub lan_bytes: u64,
    /// lanqi datagrams handed to iroh.
    pub datagrams: u64,
    /// Their bytes.
    pub bytes: u64,
    /// UDP datagrams iroh sent (connections still open).
    pub udp_datagrams: u64,
    /// Their bytes.
    pub udp_bytes: u64,
    /// Datagrams dropped on the iroh side: a full inbox or queue, a wrong key.
    pub dropped: u64,
}

/// The path datagrams to a peer take now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PathKind {
    /// Straight between the two peers (holes punched, or on the same network).
    Direct,
    /// Through a relay.
    Relay,
}

impl PathKind {
    /// The word in events and on screen.
    pub fn word(self) -> &'static str {
        match self {
            PathKind::Direct => "direct",
            PathKind::Relay => "relay",
        }
    }
}

/// The way to a peer reached over iroh, as it is now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Route {
    /// Direct or through a relay.
    pub kind: PathKind,
    /// Round-trip time on that path.
    pub rtt: Duration,
}

/// Why the internet side could not start.
#[derive(Debug, thiserror::Error)]
pub enum InternetError {
    /// A relay root certificate file could not be read.
    #[error("relay certificate {path}: {why}")]
    Roots {
        /// The file.
        path: String,
        /// What was wrong.
        why: String,
    },
    /// iroh could not bind its sockets.
    #[error("cannot start iroh: {0}")]
    Bind(String),
}

/// The address the endpoint knows a peer reached over iroh by: lanqi's prefix, then the
/// first 10 bytes of a hash of its key; port 1.
pub fn synthetic(key: &[u8; 32]) -> SocketAddr {
    let digest = Sha256::new()
        .chain_update(b"lanqi-iroh-addr")
        .chain_update(key)
        .finalize();
    let mut octets = [0u8; 16];
    octets[..6].copy_from_slice(&PREFIX);
    octets[6..].copy_from_slice(&digest[..10]);
    SocketAddr::V6(SocketAddrV6::new(Ipv6Addr::from(octets), 1, 0, 0))
}

/// Whether `addr` is one of [`synthetic`]'s (a peer reached over iroh).
pub fn is_synthetic(addr: &SocketAddr) -> bool {
    matches!(addr, SocketAddr::V6(v6) if v6.ip().octets()[..6] == PREFIX)
}

/// One peer reached over iroh.
struct Link {
    /// How to reach it: its relay and addresses, as last learnt.
    hint: EndpointAddr,
    conn: Option<Connection>,
    dialing: bool,
    queue: VecDeque<Bytes>,
    /// Last time a datagram went either way (for forgetting the oldest idle link).
    used: u64,
}

/// What the tasks and the transport share.
#[derive(Default)]
struct Links {
    by_addr: HashMap<SocketAddr, Link>,
    clock: u64,
    /// Datagrams dropped: the inbox full, a queue full, a wrong key, a link forgotten.
    dropped: u64,
    /// lanqi datagrams handed to iroh, and their bytes.
    carried: (u64, u64),
    /// UDP datagrams and bytes sent over connections closed since.
    closed: (u64, u64),
    /// Connections being opened to us now.
    opening: usize,
}

impl Links {
    fn tick(&mut self) -> u64 {
        self.clock += 1;
        self.clock
    }

    /// The link for `key`, made (forgetting the least recently used if full) if new.
    fn link(&mut self, key: EndpointId) -> &mut Link {
        let addr = synthetic(key.as_bytes());
        if !self.by_addr.contains_key(&addr) && self.by_addr.len() >= MAX_LINKS {
            let oldest = self
                .by_addr
                .iter()
                .min_by_key(|(_, l)| l.used)
                .map(|(a, _)| *a);
            if let Some(oldest) = oldest
                && let Some(gone) = self.by_addr.remove(&oldest)
            {
                if let Some(conn) = gone.conn {
                    conn.close(0u32.into(), b"forgotten");
                }
                self.dropped += gone.queue.len() as u64;
            }
        }
        let used = self.tick();
        let link = self.by_addr.entry(addr).or_insert_with(|| Link {
            hint: EndpointAddr::new(key),
            conn: None,
            dialing: false,
            queue: VecDeque::new(),
            used,
        });
        link.used = used;
        link
    }
}

/// The iroh side of a peer: its endpoint and the peers it reaches through it.
pub struct Internet {
    endpoint: iroh::Endpoint,
    links: Arc<Mutex<Links>>,
    inbox: tokio::sync::Mutex<mpsc::Receiver<(Bytes, SocketAddr)>>,
    inbox_tx: mpsc::Sender<(Bytes, SocketAddr)>,
    relays: Relays,
    accept_task: tokio::task::JoinHandle<()>,
}

impl Internet {
    /// Starts iroh with the peer's identity key. It does not wait for the relays (a peer
    /// with no internet starts as fast as without this).
    pub async fn start(
        identity: &ed25519_dalek::SigningKey,
        settings: &InternetSettings,
    ) -> Result<Internet, InternetError> {
        let secret = SecretKey::from_bytes(&identity.to_bytes());
        let mode = match &settings.relays {
            Relays::Default => RelayMode::Default,
            Relays::Off => RelayMode::Disabled,
            Relays::Custom(urls) => RelayMode::custom(
                urls.iter()
                    .filter_map(|u| u.parse::<RelayUrl>().ok())
                    .collect::<Vec<_>>(),
            ),
        };
        // With iroh's public relays, a peer is also found by its key alone: its home relay
        // (never its IP addresses) is published to, and looked up in, number 0's DNS, so a
        // friend whose relay changed is still reached. A club relay, or none: no lookup.
        let builder = match settings.relays {
            Relays::Default => iroh::Endpoint::builder(presets::N0),
            _ => iroh::Endpoint::builder(presets::Minimal),
        };
        let mut builder = builder
            .secret_key(secret)
            .alpns(vec![ALPN.to_vec()])
            .relay_mode(mode);
        if !settings.relay_roots.is_empty() {
            builder = builder.ca_tls_config(iroh::tls::CaTlsConfig::custom_roots(read_roots(
                &settings.relay_roots,
            )?));
        }
        if let Some(bind) = settings.bind {
            builder = builder
                .clear_ip_transports()
                .bind_addr(bind)
                .map_err(|e| InternetError::Bind(e.to_string()))?;
        }
        let endpoint = builder
            .bind()
            .await
            .map_err(|e| InternetError::Bind(e.to_string()))?;
        let links = Arc::new(Mutex::new(Links::default()));
        let (inbox_tx, inbox) = mpsc::channel(INBOX);
        let accept_task = tokio::spawn(accept(endpoint.clone(), links.clone(), inbox_tx.clone()));
        Ok(Internet {
            endpoint,
            links,
            inbox: tokio::sync::Mutex::new(inbox),
            inbox_tx,
            relays: settings.relays.clone(),
            accept_task,
        })
    }

    /// Which relays this peer uses.
    pub fn relays(&self) -> &Relays {
        &self.relays
    }

    /// Learns how to reach `key` (a relay, addresses), and says the address the endpoint
    /// knows it by.
    pub fn reach(&self, key: [u8; 32], relay: Option<&str>, addrs: &[SocketAddr]) -> SocketAddr {
        let addr = synthetic(&key);
        let Ok(id) = EndpointId::from_bytes(&key) else {
            return addr;
        };
        let mut hint = EndpointAddr::new(id);
        if let Some(url) = relay.and_then(|r| r.parse::<RelayUrl>().ok()) {
            hint = hint.with_relay_url(url);
        }
        for a in addrs {
            hint = hint.with_ip_addr(*a);
        }
        let mut links = self.links.lock().expect("links");
        links.link(id).hint = hint;
        addr
    }

    /// The home relay, once iroh has one; waits up to `wait` for it (never longer: with
    /// no internet there is none).
    pub async fn home_relay(&self, wait: Duration) -> Option<String> {
        if self.relays == Relays::Off {
            return None;
        }
        let _ = tokio::time::timeout(wait, self.endpoint.online()).await;
        self.home_relay_now()
    }

    /// The home relay now, if iroh has reached one (never waits).
    pub fn home_relay_now(&self) -> Option<String> {
        self.endpoint
            .addr()
            .relay_urls()
            .next()
            .map(|u| u.to_string())
    }

    /// The addresses iroh listens on directly (for an invitation when relays are off).
    pub fn direct_addrs(&self) -> Vec<SocketAddr> {
        self.endpoint.addr().ip_addrs().copied().collect()
    }

    /// The way to each connected peer now, by the address the endpoint knows it by.
    pub fn routes(&self) -> Vec<(SocketAddr, Route)> {
        let links = self.links.lock().expect("links");
        links
            .by_addr
            .iter()
            .filter_map(|(addr, l)| {
                let conn = l.conn.as_ref()?;
                let paths = conn.paths();
                let path = paths.iter().find(|p| p.is_selected())?;
                let kind = if path.is_relay() {
                    PathKind::Relay
                } else {
                    PathKind::Direct
                };
                Some((
                    *addr,
                    Route {
                        kind,
                        rtt: path.rtt(),
                    },
                ))
            })
            .collect()
    }

    /// How `addr`'s peer was reached: its relay and direct addresses, from the paths of
    /// its connection and what was learnt of it before.
    pub fn way_to(&self, addr: &SocketAddr) -> (Option<String>, Vec<SocketAddr>) {
        let links = self.links.lock().expect("links");
        let Some(link) = links.by_addr.get(addr) else {
            return (None, Vec::new());
        };
        let (mut relay, mut ips) = parts(&link.hint);
        if let Some(conn) = &link.conn {
            for path in conn.paths().iter() {
                match path.remote_addr() {
                    TransportAddr::Relay(url) => relay = Some(url.to_string()),
                    TransportAddr::Ip(ip) if !ips.contains(ip) => ips.insert(0, *ip),
                    _ => {}
                }
            }
        }
        ips.truncate(crate::net::invite::MAX_ADDRS);
        (relay, ips)
    }

    /// What was sent over iroh so far: lanqi datagrams and their bytes, then the UDP
    /// datagrams and bytes iroh sent for them over every connection still open (QUIC's
    /// own acknowledgements, path probes and relay framing included).
    pub fn sent(&self) -> Carried {
        let links = self.links.lock().expect("links");
        let (udp_datagrams, udp_bytes) = links
            .by_addr
            .values()
            .filter_map(|l| l.conn.as_ref())
            .map(|c| {
                let s = c.stats();
                (s.udp_tx.datagrams, s.udp_tx.bytes)
            })
            .fold(links.closed, |(d, b), (d2, b2)| (d + d2, b + b2));
        Carried {
            lan_datagrams: 0,
            lan_bytes: 0,
            datagrams: links.carried.0,
            bytes: links.carried.1,
            udp_datagrams,
            udp_bytes,
            dropped: links.dropped,
        }
    }

    /// Sends a datagram to a peer reached over iroh, dialling it first if need be (the
    /// datagram waits, bounded, meanwhile).
    pub fn send(&self, datagram: &[u8], to: SocketAddr) -> std::io::Result<()> {
        let mut links = self.links.lock().expect("links");
        let tick = links.tick();
        let Some(link) = links.by_addr.get_mut(&to) else {
            return Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                format!("no way known to {to}"),
            ));
        };
        link.used = tick;
        let data = Bytes::copy_from_slice(datagram);
        links.carried.0 += 1;
        links.carried.1 += datagram.len() as u64;
        let link = links.by_addr.get_mut(&to).expect("just found");
        if let Some(conn) = &link.conn {
            match conn.send_datagram(data.clone()) {
                Ok(()) => return Ok(()),
                Err(iroh::endpoint::SendDatagramError::ConnectionLost(_)) => link.conn = None,
                Err(e) => return Err(std::io::Error::other(e.to_string())),
            }
        }
        if link.queue.len() >= MAX_QUEUED {
            link.queue.pop_front();
            links.dropped += 1;
        }
        let link = links.by_addr.get_mut(&to).expect("just found");
        link.queue.push_back(data);
        if !link.dialing {
            link.dialing = true;
            let hint = link.hint.clone();
            tokio::spawn(dial(
                self.endpoint.clone(),
                hint,
                self.links.clone(),
                self.inbox_tx.clone(),
            ));
        }
        Ok(())
    }

    /// Takes the next datagram received over iroh, and the address its peer is known by.
    /// Cancel-safe.
    pub async fn recv(&self) -> (Bytes, SocketAddr) {
        let mut inbox = self.inbox.lock().await;
        match inbox.recv().await {
            Some(got) => got,
            // The sender is held by `self`: never closed while we exist.
            None => std::future::pending().await,
        }
    }

    /// Closes every connection and the endpoint, waiting at most `wait`.
    pub async fn close(&self, wait: Duration) {
        self.accept_task.abort();
        let _ = tokio::time::timeout(wait, self.endpoint.close()).await;
    }
}

impl Drop for Internet {
    fn drop(&mut self) {
        self.accept_task.abort();
    }
}

/// Reads root certificates (DER, or PEM with one or more certificates).
fn read_roots(
    paths: &[PathBuf],
) -> Result<Vec<rustls_pki_types::CertificateDer<'static>>, InternetError> {
    let mut roots = Vec::new();
    for path in paths {
        let bad = |why: String| InternetError::Roots {
            path: path.display().to_string(),
            why,
        };
        let bytes = crate::store::read_bounded(path, 1 << 20).map_err(|e| bad(e.to_string()))?;
        if bytes.starts_with(b"-----BEGIN") {
            use rustls_pki_types::pem::PemObject;
            for cert in rustls_pki_types::CertificateDer::pem_slice_iter(&bytes) {
                roots.push(cert.map_err(|e| bad(e.to_string()))?);
            }
        } else {
            roots.push(rustls_pki_types::CertificateDer::from(bytes));
        }
    }
    Ok(roots)
}

/// Takes the connections other peers open to us.
async fn accept(
    endpoint: iroh::Endpoint,
    links: Arc<Mutex<Links>>,
    inbox: mpsc::Sender<(Bytes, SocketAddr)>,
) {
    while let Some(incoming) = endpoint.accept().await {
        {
            let mut shared = links.lock().expect("links");
            if shared.opening >= MAX_OPENING {
                incoming.refuse();
                continue;
            }
            shared.opening += 1;
        }
        let links = links.clone();
        let inbox = inbox.clone();
        tokio::spawn(async move {
            let opened = tokio::time::timeout(DIAL_TIMEOUT, incoming).await;
            links.lock().expect("links").opening -= 1;
            let Ok(Ok(conn)) = opened else {
                return;
            };
            if conn.alpn() != ALPN {
                conn.close(1u32.into(), b"not lanqi");
                return;
            }
            adopt(conn, &links, inbox).await;
        });
    }
}

/// Dials a peer and, once connected, sends what waited for it.
async fn dial(
    endpoint: iroh::Endpoint,
    hint: EndpointAddr,
    links: Arc<Mutex<Links>>,
    inbox: mpsc::Sender<(Bytes, SocketAddr)>,
) {
    let addr = synthetic(hint.id.as_bytes());
    match tokio::time::timeout(DIAL_TIMEOUT, endpoint.connect(hint, ALPN)).await {
        Ok(Ok(conn)) => adopt(conn, &links, inbox).await,
        _ => {
            let mut links = links.lock().expect("links");
            let mut lost = 0;
            if let Some(link) = links.by_addr.get_mut(&addr) {
                link.dialing = false;
                lost = link.queue.len() as u64;
                link.queue.clear();
            }
            links.dropped += lost;
        }
    }
}

/// Makes `conn` the way to its peer (the newest connection wins), sends what waited, and
/// reads its datagrams until it closes.
async fn adopt(
    conn: Connection,
    links: &Arc<Mutex<Links>>,
    inbox: mpsc::Sender<(Bytes, SocketAddr)>,
) {
    let key = conn.remote_id();
    let addr = synthetic(key.as_bytes());
    {
        let mut links = links.lock().expect("links");
        let link = links.link(key);
        link.dialing = false;
        for d in link.queue.drain(..) {
            let _ = conn.send_datagram(d);
        }
        link.conn = Some(conn.clone());
    }
    while let Ok(datagram) = conn.read_datagram().await {
        let sender = envelope::open(&datagram).map(|u| u.header().sender);
        if sender.is_ok_and(|s| s != *key.as_bytes()) {
            // A connection authenticated as one key may not speak for another.
            conn.close(2u32.into(), b"datagram of another key");
            links.lock().expect("links").dropped += 1;
            break;
        }
        if inbox.try_send((datagram, addr)).is_err() {
            links.lock().expect("links").dropped += 1;
        }
    }
    let mut links = links.lock().expect("links");
    let stats = conn.stats();
    links.closed.0 += stats.udp_tx.datagrams;
    links.closed.1 += stats.udp_tx.bytes;
    if let Some(link) = links.by_addr.get_mut(&addr)
        && link
            .conn
            .as_ref()
            .is_some_and(|c| c.stable_id() == conn.stable_id())
    {
        link.conn = None;
    }
}

/// The relay URL and direct addresses in an iroh address, for an invitation.
pub fn parts(addr: &EndpointAddr) -> (Option<String>, Vec<SocketAddr>) {
    let relay = addr.relay_urls().next().map(|u| u.to_string());
    let ips = addr
        .addrs
        .iter()
        .filter_map(|a| match a {
            TransportAddr::Ip(ip) => Some(*ip),
            _ => None,
        })
        .collect();
    (relay, ips)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn synthetic_addresses_are_stable_distinct_and_never_a_lan_address() {
        let a = synthetic(&[1; 32]);
        let b = synthetic(&[2; 32]);
        assert_eq!(a, synthetic(&[1; 32]));
        assert_ne!(a, b);
        assert!(is_synthetic(&a) && is_synthetic(&b));
        for lan in [
            "127.0.0.1:4000",
            "[::1]:4000",
            "[fe80::1]:4000",
            "[fd00::1]:1",
        ] {
            assert!(!is_synthetic(&lan.parse().unwrap()), "{lan}");
        }
    }

    /// Two real iroh endpoints on loopback (no relay): a datagram goes one way and back;
    /// a datagram signed by a third key, sent over a connection authenticated as the
    /// second, is dropped, counted, and the connection closed.
    #[tokio::test]
    async fn datagrams_cross_by_key_and_one_signed_by_another_key_is_refused() {
        use crate::protocol::envelope::{Header, VERSION, seal};
        let keys: Vec<ed25519_dalek::SigningKey> = (1..=3u8)
            .map(|n| ed25519_dalek::SigningKey::from_bytes(&[n; 32]))
            .collect();
        let settings = InternetSettings {
            relays: Relays::Off,
            relay_roots: Vec::new(),
            bind: Some("127.0.0.1:0".parse().unwrap()),
        };
        let a = Internet::start(&keys[0], &settings)
            .await
            .expect("a starts");
        let b = Internet::start(&keys[1], &settings)
            .await
            .expect("b starts");
        let datagram = |key: &ed25519_dalek::SigningKey, text: &[u8]| {
            let header = Header {
                version: VERSION,
                session: 0,
                sender: key.verifying_key().to_bytes(),
                packet: 1,
                seq: 0,
                ack: 0,
                ack_bits: 0,
                frag_index: 0,
                frag_count: 0,
                payload: text,
            };
            seal(&header, key)
        };
        let a_addr = b.reach(keys[0].verifying_key().to_bytes(), None, &a.direct_addrs());
        let hello = datagram(&keys[1], b"ping|1");
        b.send(&hello, a_addr).expect("queued");
        let within = std::time::Duration::from_secs(60);
        let (got, from) = tokio::time::timeout(within, a.recv())
            .await
            .expect("a hears b within 60 s");
        assert_eq!(&got[..], &hello[..]);
        assert_eq!(from, synthetic(&keys[1].verifying_key().to_bytes()));
        a.send(&datagram(&keys[0], b"pong|1"), from)
            .expect("a answers");
        let (back, _) = tokio::time::timeout(within, b.recv())
            .await
            .expect("b hears a within 60 s");
        assert_eq!(&back[..], &datagram(&keys[0], b"pong|1")[..]);

        // B's connection carries a datagram of C's: refused and counted.
        b.send(&datagram(&keys[2], b"ping|2"), a_addr)
            .expect("sent");
        let refused = tokio::time::timeout(std::time::Duration::from_secs(5), a.recv()).await;
        assert!(refused.is_err(), "nothing of C's came through: {refused:?}");
        assert_eq!(a.sent().dropped, 1);
        a.close(std::time::Duration::from_secs(2)).await;
        b.close(std::time::Duration::from_secs(2)).await;
    }

    #[test]
    fn relay_settings_read_from_text_and_name_what_is_wrong() {
        assert_eq!("default".parse::<Relays>(), Ok(Relays::Default));
        assert_eq!("off".parse::<Relays>(), Ok(Relays::Off));
        assert_eq!(
            "http://198.18.0.1:3340".parse::<Relays>(),
            Ok(Relays::Custom(vec!["http://198.18.0.1:3340".into()]))
        );
        let e = "not a url".parse::<Relays>().unwrap_err();
        assert!(e.contains("not a url"), "{e}");
        for r in [
            Relays::Default,
            Relays::Off,
            Relays::Custom(vec!["https://r.example/".into()]),
        ] {
            assert_eq!(r.to_string().parse::<Relays>(), Ok(r));
        }
    }
}
