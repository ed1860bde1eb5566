//! `lanqi peers`: who is on the LAN, found with mDNS.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use serde_json::json;

use super::UserError;
use super::peer::DiscoveryArgs;
use crate::net::discovery::Discovery;
use crate::store::{Profile, fingerprint};

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

/// Listens for `timeout` seconds and lists the peers found.
pub fn run(args: PeersArgs) -> Result<String, UserError> {
    if !(0.0..=3600.0).contains(&args.timeout) {
        return Err(UserError(
            "--timeout must be between 0 and 3600 seconds".into(),
        ));
    }
    let profile = Profile::open(args.profile.as_deref()).map_err(UserError::from_display)?;
    let key = profile
        .identity()
        .map_err(UserError::from_display)?
        .public_key();
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
    let peers = discovery.peers();
    discovery.shutdown();
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
