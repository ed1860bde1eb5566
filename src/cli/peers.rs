//! `lanqi peers`: who is on the LAN, found with mDNS.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use serde_json::json;

use super::UserError;
use super::peer::DiscoveryArgs;
use std::collections::HashMap;
use std::net::UdpSocket;
use std::time::Instant;

use crate::net::discovery::{Discovery, FoundPeer};
use crate::net::{Endpoint, EndpointConfig, NetEvent};
use crate::store::{Identity, Profile, fingerprint};

/// `lanqi peers` arguments.
#[derive(Debug, Args)]
pub struct PeersArgs {
    /// Seconds to listen before printing the list.
    #[arg(long, default_value_t = 3.0)]
    pub timeout: f64,
    /// Print a JSON array instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Also list peers whose record is there but that do not answer (status `silent`).
    #[arg(long)]
    pub all: bool,
    #[command(flatten)]
    pub discovery: DiscoveryArgs,
    /// Profile directory (so that this copy's own advertisement is left out).
    #[arg(long)]
    pub profile: Option<PathBuf>,
}

/// How long the found peers have to answer a presence ping.
const PING_WAIT: Duration = Duration::from_millis(1500);
/// Pings go out again this often to those that have not answered (a datagram may be lost).
const PING_AGAIN: Duration = Duration::from_millis(500);

/// Pings every address of the found peers (a crashed peer's record can linger for minutes;
/// it does not answer) and returns each peer with the status it answered, or `silent`.
fn presence(
    found: Vec<FoundPeer>,
    identity: Identity,
) -> std::io::Result<Vec<(FoundPeer, String)>> {
    let v4 = UdpSocket::bind("0.0.0.0:0")?;
    let v6 = UdpSocket::bind("[::]:0").ok();
    for socket in std::iter::once(&v4).chain(&v6) {
        socket.set_read_timeout(Some(Duration::from_millis(20)))?;
    }
    let mut endpoint = Endpoint::new(
        identity.signing_key().clone(),
        EndpointConfig::default(),
        Box::new(rand::random::<[u8; 16]>),
    );
    let start = Instant::now();
    let now = || start.elapsed().as_millis() as u64;
    let mut answered: HashMap<[u8; 32], String> = HashMap::new();
    let mut next_ping = start;
    let mut buf = [0u8; 2048];
    while start.elapsed() < PING_WAIT && answered.len() < found.len() {
        if Instant::now() >= next_ping {
            next_ping += PING_AGAIN;
            for p in found.iter().filter(|p| !answered.contains_key(&p.key)) {
                for addr in &p.addrs {
                    endpoint.ping(*addr);
                }
            }
        }
        while let Some((to, datagram)) = endpoint.poll_transmit(now()) {
            let socket = if to.is_ipv6() { v6.as_ref() } else { Some(&v4) };
            if let Some(socket) = socket {
                let _ = socket.send_to(&datagram, to);
            }
        }
        for socket in std::iter::once(&v4).chain(&v6) {
            if let Ok((n, from)) = socket.recv_from(&mut buf) {
                endpoint.handle_datagram(from, &buf[..n], now());
            }
        }
        while let Some(event) = endpoint.poll_event() {
            if let NetEvent::Pong { key, status, .. } = event {
                answered.insert(key, status);
            }
        }
    }
    Ok(found
        .into_iter()
        .map(|p| {
            let status = answered
                .get(&p.key)
                .cloned()
                .unwrap_or_else(|| "silent".into());
            (p, status)
        })
        .collect())
}

/// An address as people type it: an IPv6 link-local one with its interface index.
fn scoped_ip(addr: &std::net::SocketAddr) -> String {
    match addr {
        std::net::SocketAddr::V6(v6) if v6.scope_id() != 0 => {
            format!("{}%{}", v6.ip(), v6.scope_id())
        }
        other => other.ip().to_string(),
    }
}

/// Listens for `timeout` seconds and lists the peers found that answer.
pub fn run(args: PeersArgs) -> Result<String, UserError> {
    if !(0.0..=3600.0).contains(&args.timeout) {
        return Err(UserError(
            "--timeout must be between 0 and 3600 seconds".into(),
        ));
    }
    let profile = Profile::open(args.profile.as_deref()).map_err(UserError::from_display)?;
    let identity = profile.identity().map_err(UserError::from_display)?;
    let key = identity.public_key();
    let Some(discovery) = Discovery::start(
        args.discovery.mdns,
        args.discovery.include_virtual,
        key,
        None,
    )
    .map_err(UserError)?
    else {
        return Err(UserError(
            "discovery is off (--mdns off): nothing to list".into(),
        ));
    };
    std::thread::sleep(Duration::from_secs_f64(args.timeout));
    let found = discovery.peers();
    discovery.shutdown();
    let peers: Vec<(FoundPeer, String)> = presence(found, identity)
        .map_err(|e| UserError(format!("presence check: {e}")))?
        .into_iter()
        .filter(|(_, status)| args.all || status != "silent")
        .collect();
    if args.json {
        let list: Vec<_> = peers
            .iter()
            .map(|(p, status)| {
                json!({"name": p.name, "fingerprint": fingerprint(&p.key),
                    "addresses": p.addrs.iter().map(scoped_ip).collect::<Vec<_>>(),
                    "port": p.addrs.first().map(|a| a.port()),
                    "games": p.games, "status": status})
            })
            .collect();
        return Ok(format!("{}\n", serde_json::Value::Array(list)));
    }
    let mut out = String::new();
    for (p, status) in &peers {
        let addrs: Vec<String> = p.addrs.iter().map(|a| a.to_string()).collect();
        out += &format!(
            "{:<20} {}  {:<8} {:<10} {}\n",
            p.name,
            fingerprint(&p.key),
            status,
            p.games.join(","),
            addrs.join(" ")
        );
    }
    if peers.is_empty() {
        out += "no peers found\n";
    }
    Ok(out)
}
