//! Headless peers on the in-memory lossy link, each on a local task (a peer is not `Send`,
//! no more than a person's app thread), played out within [`crate::deadline::PLAY`]: each
//! one's report and everything it printed, in the order given.

use std::cell::RefCell;
use std::net::SocketAddr;
use std::rc::Rc;

use lanqi::net::LossyNet;
use lanqi::peer::{self, PeerOptions, PeerReport};
use lanqi::store::Identity;
use serde_json::Value;

/// The report of the peer [`play_all_but`] crashed (if it had not stopped by then).
pub const CRASHED: &str = "crashed by the test";

/// A peer's report and the events it printed.
pub type Run = (Result<PeerReport, String>, Vec<Value>);

/// Runs each peer (its address, its identity's secret, its options) until all stop. If
/// they do not within the deadline, fails naming `what` and each one's last events.
pub async fn play_all(
    net: &LossyNet,
    peers: Vec<(SocketAddr, [u8; 32], PeerOptions)>,
    what: &str,
) -> Vec<Run> {
    play_all_but(net, peers, None, what).await
}

/// [`play_all`], with the peer `crash.0` crashing after `crash.1` (its task stopped, its
/// link cut: it says nothing more); its report is [`CRASHED`].
pub async fn play_all_but(
    net: &LossyNet,
    peers: Vec<(SocketAddr, [u8; 32], PeerOptions)>,
    crash: Option<(usize, std::time::Duration)>,
    what: &str,
) -> Vec<Run> {
    let addrs: Vec<SocketAddr> = peers.iter().map(|p| p.0).collect();
    // What each prints is kept here, to be shown if they never finish.
    let seen: Vec<Rc<RefCell<Vec<Value>>>> = peers.iter().map(|_| Rc::default()).collect();
    let local = tokio::task::LocalSet::new();
    let played = crate::deadline::within(
        crate::deadline::PLAY,
        local.run_until(async {
            let mut tasks = tokio::task::JoinSet::new();
            let mut handles = Vec::new();
            for (i, (addr, secret, options)) in peers.into_iter().enumerate() {
                let link = net.attach(addr);
                let events = seen[i].clone();
                handles.push(tasks.spawn_local(async move {
                    let identity = Identity::from_secret(secret);
                    let report = peer::run(&link, identity, options, None, |v| {
                        events.borrow_mut().push(v.clone())
                    })
                    .await
                    .map_err(|e| e.to_string());
                    (i, report)
                }));
            }
            if let Some((k, after)) = crash {
                tokio::time::sleep(after).await;
                handles[k].abort();
                net.detach(addrs[k]);
            }
            let mut runs = Vec::new();
            while let Some(run) = tasks.join_next().await {
                // The crashed one's task was cancelled: it has no report of its own.
                if let Ok(run) = run {
                    runs.push(run);
                }
            }
            if let Some((k, _)) = crash.filter(|(k, _)| runs.iter().all(|(i, _)| i != k)) {
                runs.push((k, Err(CRASHED.to_string())));
            }
            runs
        }),
    )
    .await;
    let seen: Vec<Vec<Value>> = seen.iter().map(|s| s.take()).collect();
    let Some(mut reports) = played else {
        let each: Vec<String> = seen.iter().map(|s| crate::deadline::last(s, 10)).collect();
        panic!(
            "{what} did not end within {:?}; each peer saw {each:#?}",
            crate::deadline::PLAY
        );
    };
    reports.sort_by_key(|(i, _)| *i);
    reports
        .into_iter()
        .zip(seen)
        .map(|((_, report), events)| (report, events))
        .collect()
}
