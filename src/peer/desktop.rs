//! The peer the desktop app drives: on a thread of its own with its own tokio runtime (the
//! window's event loop never waits on the network), its UDP socket bound on the app's port
//! (retried for a moment while a peer before it still holds the port), the profile's
//! identity and games folder. The app sends it [`Command`]s and takes its [`Snapshot`]s.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use tokio::sync::{mpsc, oneshot, watch};

use super::{Command, Controller, PeerOptions, Snapshot};
use crate::net::carriers::Carriers;
use crate::net::discovery::MdnsMode;
use crate::net::internet::{Internet, InternetSettings};
use crate::protocol::Clock;
use crate::store::Profile;

/// What the app's peer is started with.
#[derive(Clone, Debug)]
pub struct DesktopPeer {
    /// The profile directory; the platform's when `None`.
    pub profile: Option<PathBuf>,
    /// The player's name.
    pub name: String,
    /// The UDP port to listen on (0: any).
    pub port: u16,
    /// Where discovery runs.
    pub mdns: MdnsMode,
    /// The clock this peer's challenges propose.
    pub clock: Clock,
    /// Play beyond the LAN (iroh) with these settings; `None`: the LAN only.
    pub internet: Option<InternetSettings>,
}

/// A started peer's ends: where commands go, its snapshots, and how it stopped (why, if it
/// failed).
pub struct Running {
    /// Commands for the peer.
    pub commands: mpsc::UnboundedSender<Command>,
    /// The peer's state, after every change.
    pub snapshots: watch::Receiver<Snapshot>,
    /// Once the peer has stopped: `Err` with why, if it failed.
    pub done: oneshot::Receiver<Result<(), String>>,
}

/// How many times a port still in use is tried again, 100 ms apart.
const BIND_TRIES: u32 = 30;

/// Starts the app's peer on a thread of its own; the thread could not be started is the
/// only error here (anything later comes through [`Running::done`]).
pub fn start(config: DesktopPeer) -> Result<Running, String> {
    let (commands, command_rx) = mpsc::unbounded_channel();
    let (snapshot_tx, snapshots) = watch::channel(Snapshot::default());
    let (done_tx, done) = oneshot::channel();
    std::thread::Builder::new()
        .name("lanqi-network".into())
        .spawn(move || {
            let controller = Controller {
                commands: command_rx,
                snapshots: snapshot_tx,
            };
            let _ = done_tx.send(run(&config, controller));
        })
        .map_err(|e| format!("cannot start a thread: {e}"))?;
    Ok(Running {
        commands,
        snapshots,
        done,
    })
}

/// Runs the peer on this thread until it stops; why it failed, if it did.
fn run(config: &DesktopPeer, controller: Controller) -> Result<(), String> {
    let profile = Profile::open(config.profile.as_deref()).map_err(|e| e.to_string())?;
    let identity = profile.identity().map_err(|e| e.to_string())?;
    let games_dir = profile.games_dir().map_err(|e| e.to_string())?;
    let options = PeerOptions {
        name: config.name.clone(),
        clock: config.clock,
        seed: rand::random(),
        games_dir: Some(games_dir),
        mdns: config.mdns,
        ..PeerOptions::default()
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("starting the runtime: {e}"))?;
    let bind = SocketAddr::from(([0, 0, 0, 0], config.port));
    let debug = std::env::var_os("LANQI_DEBUG").is_some();
    runtime.block_on(async {
        let socket = bind_retrying(bind).await?;
        // The internet side never holds up the LAN: if it cannot start, the app plays on
        // the LAN as before (and the lobby says play beyond the LAN is off).
        let socket = match &config.internet {
            Some(settings) => match Internet::start(identity.signing_key(), settings).await {
                Ok(net) => Carriers::with_internet(socket, net),
                Err(e) => {
                    eprintln!("lanqi: {e}; playing on the LAN only");
                    Carriers::udp(socket)
                }
            },
            None => Carriers::udp(socket),
        };
        let emit = |v: &serde_json::Value| {
            if debug {
                eprintln!("{v}");
            }
        };
        let result =
            super::run_controlled(&socket, identity, options, Some(&profile), emit, controller)
                .await
                .map(|_| ())
                .map_err(|e| e.to_string());
        if let Some(net) = crate::net::Transport::internet(&socket) {
            net.close(Duration::from_secs(2)).await;
        }
        result
    })
}

/// Binds a UDP socket on `addr`. A restarted peer may find its fixed port still held by
/// the one before it for a moment: a port in use is tried again, [`BIND_TRIES`] times.
pub async fn bind_retrying(addr: SocketAddr) -> Result<tokio::net::UdpSocket, String> {
    let mut tries = 0;
    loop {
        match tokio::net::UdpSocket::bind(addr).await {
            Ok(socket) => return Ok(socket),
            Err(e) if tries < BIND_TRIES && e.kind() == std::io::ErrorKind::AddrInUse => {
                tries += 1;
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(e) => return Err(format!("cannot listen on {addr}: {e}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A port held by someone else is waited for while it stays held, and then named.
    #[tokio::test(start_paused = true)]
    async fn a_port_held_by_another_socket_is_tried_again_and_then_named() {
        let holder = std::net::UdpSocket::bind("127.0.0.1:0").expect("a loopback port");
        let addr = holder.local_addr().unwrap();
        let e = bind_retrying(addr).await.expect_err("the port stays held");
        assert!(e.contains(&addr.to_string()), "{e}");
        drop(holder);
        let socket = bind_retrying(addr).await.expect("the port is free again");
        assert_eq!(socket.local_addr().unwrap(), addr);
    }

    /// The app's peer starts on its own thread with a fresh profile, on loopback with
    /// discovery off, says who it is in its snapshots, and stops when told to quit.
    #[test]
    fn the_app_s_peer_starts_publishes_its_state_and_quits() {
        let dir = std::env::temp_dir().join(format!("lanqi-desktop-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut running = start(DesktopPeer {
            profile: Some(dir.clone()),
            name: "Pema".into(),
            port: 0,
            mdns: MdnsMode::Off,
            clock: Clock::default(),
            internet: None,
        })
        .expect("a thread");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let seen = runtime.block_on(async {
            tokio::time::timeout(Duration::from_secs(60), async {
                loop {
                    running.snapshots.changed().await.expect("the peer runs");
                    let s = running.snapshots.borrow_and_update().clone();
                    if !s.fingerprint.is_empty() {
                        return s;
                    }
                }
            })
            .await
        });
        let seen = seen.expect("a snapshot with the peer's identity within 60 s");
        assert_eq!(seen.name, "Pema");
        running
            .commands
            .send(Command::Quit)
            .expect("the peer listens");
        let done = runtime
            .block_on(async { tokio::time::timeout(Duration::from_secs(60), running.done).await });
        assert_eq!(
            done.expect("stopped within 60 s").expect("an answer"),
            Ok(())
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
