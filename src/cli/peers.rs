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

use crate::net::discovery::{Discovery, FoundPeer, Status};
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
    #[command(flatten)]
    pub discovery: DiscoveryArgs,
    /// Profile directory (so that this copy's own advertisement is left out).
    #[arg(long)]
    pub profile: Option<PathBuf>,
}

/// How long the found peers have to answer a presence ping.
const PING_WAIT: Duration = Duration::from_millis(1500);

/// The found peers that answer a signed presence ping (a crashed peer's record can linger
/// for minutes; it does not answer), with the status they answered.
fn answering(found: Vec<FoundPeer>, identity: Identity) -> std::io::Result<Vec<FoundPeer>> {
    if found.is_empty() {
        return Ok(found);
    }
    let socket = UdpSocket::bind("0.0.0.0:0").or_else(|_| UdpSocket::bind("[::]:0"))?;
    socket.set_read_timeout(Some(Duration::from_millis(50)))?;
    let mut endpoint = Endpoint::new(
        identity.signing_key().clone(),
        EndpointConfig::default(),
        Box::new(rand::random::<[u8; 16]>),
    );
    let start = Instant::now();
    let now = || start.elapsed().as_millis() as u64;
    for p in &found {
        for addr in &p.addrs {
            endpoint.ping(*addr);
        }
    }
    let mut answered: HashMap<[u8; 32], String> = HashMap::new();
    let mut buf = [0u8; 2048];
    while start.elapsed() < PING_WAIT && answered.len() < found.len() {
        while let Some((to, datagram)) = endpoint.poll_transmit(now()) {
            let _ = socket.send_to(&datagram, to);
        }
        if let Ok((n, from)) = socket.recv_from(&mut buf) {
            endpoint.handle_datagram(from, &buf[..n], now());
        }
        while let Some(event) = endpoint.poll_event() {
            if let NetEvent::Pong { key, status, .. } = event {
                answered.insert(key, status);
            }
        }
    }
    Ok(found
        .into_iter()
        .filter_map(|mut p| {
            let status = answered.get(&p.key)?;
            p.status = if status == "playing" {
                Status::Playing
            } else {
                Status::Idle
            };
            Some(p)
        })
        .collect())
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
    let peers =
        answering(found, identity).map_err(|e| UserError(format!("presence check: {e}")))?;
    if args.json {
        let list: Vec<_> = peers
            .iter()
            .map(|p| {
                json!({"name": p.name, "fingerprint": fingerprint(&p.key),
                    "addresses": p.addrs.iter().map(|a| a.ip().to_string()).collect::<Vec<_>>(),
                    "port": p.addrs.first().map(|a| a.port()),
                    "games": p.games, "status": p.status.word()})
            })
            .collect();
        return Ok(format!("{}\n", serde_json::Value::Array(list)));
    }
    let mut out = String::new();
    for p in &peers {
        let addrs: Vec<String> = p.addrs.iter().map(|a| a.to_string()).collect();
        out += &format!(
            "{:<20} {}  {:<8} {:<10} {}\n",
            p.name,
            fingerprint(&p.key),
            p.status.word(),
            p.games.join(","),
            addrs.join(" ")
        );
    }
    if peers.is_empty() {
        out += "no peers found\n";
    }
    Ok(out)
}
