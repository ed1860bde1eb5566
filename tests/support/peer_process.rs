//! `lanqi peer` processes for the tests that play over loopback UDP: each one's JSON events
//! arrive on a channel, and every wait has a deadline that prints what was seen.
#![allow(dead_code)] // each test file uses what it needs

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::Value;

/// A running `lanqi peer` whose JSON events arrive on a channel.
pub struct Peer {
    pub child: Child,
    events: mpsc::Receiver<Value>,
    pub seen: Vec<Value>,
}

impl Peer {
    pub fn start(profile: &PathBuf, args: &[&str]) -> Peer {
        Peer::spawn(Command::new(env!("CARGO_BIN_EXE_lanqi")), profile, args)
    }

    /// Starts a peer inside network namespace `ns` (tests/support/netns.rs).
    pub fn start_in(ns: &str, profile: &PathBuf, args: &[&str]) -> Peer {
        let mut command = Command::new("ip");
        command
            .args(["netns", "exec", ns])
            .arg(env!("CARGO_BIN_EXE_lanqi"));
        Peer::spawn(command, profile, args)
    }

    fn spawn(mut command: Command, profile: &PathBuf, args: &[&str]) -> Peer {
        let mut child = command
            .arg("peer")
            // Discovery off: these tests meet by address, and no multicast may leave the machine.
            .args(["--mdns", "off", "--profile"])
            .arg(profile)
            .args(if args.contains(&"--bind") {
                &[][..]
            } else {
                &["--bind", "127.0.0.1"][..]
            })
            // Invitations turn play beyond the LAN on: with relays off, nothing goes to the
            // public relays.
            .args(
                if args.iter().any(|a| *a == "--invite" || *a == "--join")
                    && !args.contains(&"--relay")
                {
                    &["--relay", "off"][..]
                } else {
                    &[][..]
                },
            )
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start lanqi peer");
        let stdout = child.stdout.take().unwrap();
        let (tx, events) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let value: Value = serde_json::from_str(&line).expect("every line is JSON");
                if tx.send(value).is_err() {
                    break;
                }
            }
        });
        Peer {
            child,
            events,
            seen: Vec::new(),
        }
    }

    /// Waits for the first event matching `pred` (at most 120 s: a bound, not a speed claim).
    pub fn wait_for(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        if let Some(v) = self.seen.iter().find(|v| pred(v)) {
            return v.clone();
        }
        loop {
            let Ok(v) = self.events.recv_timeout(Duration::from_secs(120)) else {
                let _ = self.child.kill();
                panic!("the expected event never came; seen: {:#?}", self.seen);
            };
            self.seen.push(v.clone());
            if pred(&v) {
                return v;
            }
        }
    }

    pub fn port(&mut self) -> u16 {
        self.wait_for(|v| v["event"] == "listening")["port"]
            .as_u64()
            .unwrap() as u16
    }

    /// Waits for the process to exit (at most 180 s: a bound, not a speed claim); whether
    /// it exited 0, and every event it printed.
    pub fn finish(mut self) -> (bool, Vec<Value>) {
        let deadline = std::time::Instant::now() + Duration::from_secs(180);
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("wait") {
                break status;
            }
            self.seen.extend(self.events.try_iter());
            if std::time::Instant::now() > deadline {
                let _ = self.child.kill();
                panic!("the peer never exited; seen: {:#?}", self.seen);
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        self.seen.extend(self.events.iter());
        (status.success(), std::mem::take(&mut self.seen))
    }
}

/// A test peer's profile directory, removed with everything in it when dropped (however
/// the test ends): keep it alive for as long as the profile is used. It derefs to its path.
pub struct ProfileDir(PathBuf);

impl std::ops::Deref for ProfileDir {
    type Target = PathBuf;

    fn deref(&self) -> &PathBuf {
        &self.0
    }
}

impl AsRef<std::path::Path> for ProfileDir {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for ProfileDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A fresh profile directory for a test's peer: not made here (the peer makes it, as on a
/// first run).
pub fn profile(name: &str) -> ProfileDir {
    let dir = std::env::temp_dir().join(format!("lanqi-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    ProfileDir(dir)
}

impl Drop for Peer {
    /// A test that fails midway leaves no `lanqi peer` running behind it.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
