//! A peer driven by hand, as the desktop app drives one, for tests that play through
//! snapshots and commands.

use std::future::Future;

use lanqi::net::Transport;
use lanqi::peer::{self, Command, Controller, PeerError, PeerOptions, PeerReport, Snapshot};
use lanqi::store::Identity;
use tokio::sync::{mpsc, watch};

/// How long [`until`] waits for a snapshot before it gives up and says what it last saw.
const PATIENCE: std::time::Duration = std::time::Duration::from_secs(300);

/// A peer driven by hand on `transport`, as the desktop app drives one: where its commands
/// go, its snapshots, and its run (to be awaited).
#[allow(dead_code)] // not every test that includes this file uses it
pub fn person<'a, T: Transport>(
    transport: &'a T,
    secret: u8,
    name: &str,
) -> (
    mpsc::UnboundedSender<Command>,
    watch::Receiver<Snapshot>,
    impl Future<Output = Result<PeerReport, PeerError>> + 'a,
) {
    let options = PeerOptions {
        name: name.into(),
        ..PeerOptions::default()
    };
    person_with(transport, secret, options)
}

/// [`person`] with these options.
#[allow(dead_code)] // not every test that includes this file uses it
pub fn person_with<'a, T: Transport>(
    transport: &'a T,
    secret: u8,
    options: PeerOptions,
) -> (
    mpsc::UnboundedSender<Command>,
    watch::Receiver<Snapshot>,
    impl Future<Output = Result<PeerReport, PeerError>> + 'a,
) {
    let (commands, command_rx) = mpsc::unbounded_channel();
    let (snapshots, snapshot_rx) = watch::channel(Snapshot::default());
    let debug = std::env::var_os("LANQI_DEBUG_LOOPBACK").is_some();
    let run = peer::run_controlled(
        transport,
        Identity::from_secret([secret; 32]),
        options,
        None,
        // LANQI_DEBUG_LOOPBACK=1 prints its events, as the app's loopback peers do.
        move |e| {
            if debug {
                eprintln!("person: {e}")
            }
        },
        Controller {
            commands: command_rx,
            snapshots,
        },
    );
    (commands, snapshot_rx, run)
}

/// Waits until the snapshot satisfies `pred`, and returns it; after [`PATIENCE`], fails
/// saying what it last saw.
#[allow(dead_code)] // not every test that includes this file uses it
pub async fn until(
    rx: &mut watch::Receiver<Snapshot>,
    pred: impl Fn(&Snapshot) -> bool,
) -> Snapshot {
    let wait = async {
        loop {
            if pred(&rx.borrow()) {
                return rx.borrow().clone();
            }
            rx.changed().await.expect("the peer is running");
        }
    };
    match tokio::time::timeout(PATIENCE, wait).await {
        Ok(s) => s,
        Err(_) => panic!(
            "waited {} s for a snapshot that never came; the last was {:#?}",
            PATIENCE.as_secs(),
            rx.borrow()
        ),
    }
}
