//! "The internet" in network namespaces, for the tests of play beyond the LAN: one
//! namespace is the internet (198.18.0.0/24, where the relay runs on 198.18.0.1), and each
//! home sits behind a NAT namespace of its own. Everything stays inside namespaces this
//! test creates and deletes (a `Drop` guard), so nothing leaves the machine. Needs root and
//! `ip` and `nft`; [`Internet::up`] says why not otherwise, and the test is skipped.
//!
//! ```text
//!  lqN-inet  br0 198.18.0.1 ── lqN-natI wan 198.18.0.1I ── lan 10.I.0.1 ── lqN-homeIJ 10.I.0.(J+1)
//! ```
#![allow(dead_code)] // each test file uses what it needs

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

/// How a home router treats traffic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Nat {
    /// Masquerade keeping ports (endpoint-independent mapping) and only answers let in:
    /// holes can be punched.
    Easy,
    /// Masquerade with random ports (a new mapping for every destination): holes cannot
    /// be punched, the relay carries the game.
    Strict,
}

/// The relay's address in the internet namespace.
pub const RELAY_IP: &str = "198.18.0.1";

static NEXT: AtomicU32 = AtomicU32::new(0);

/// A small internet with its homes; deleted when dropped.
pub struct Internet {
    prefix: String,
    namespaces: Vec<String>,
    pub dir: PathBuf,
    relay: Option<Child>,
}

fn run(args: &[&str]) -> Result<(), String> {
    let out = Command::new(args[0])
        .args(&args[1..])
        .output()
        .map_err(|e| format!("{}: {e}", args.join(" ")))?;
    if out.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{}: {}",
            args.join(" "),
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// A cable: a veth pair with one end (`outer`) plugged into `bridge` in namespace `at`, the
/// other (`inner`) in namespace `into`.
fn cable(
    (outer, at, bridge): (&str, &str, &str),
    (inner, into): (&str, &str),
) -> Result<(), String> {
    run(&[
        "ip", "link", "add", outer, "type", "veth", "peer", "name", inner, "netns", into,
    ])?;
    run(&["ip", "link", "set", outer, "netns", at])?;
    run(&["ip", "-n", at, "link", "set", outer, "master", bridge, "up"])
}

fn nft_rules(nat: Nat) -> String {
    let masquerade = match nat {
        Nat::Easy => "masquerade",
        Nat::Strict => "masquerade random",
    };
    format!(
        r#"table ip nat {{
    chain postrouting {{
        type nat hook postrouting priority srcnat; policy accept;
        oif "wan" {masquerade}
    }}
}}
table ip filter {{
    chain forward {{
        type filter hook forward priority filter; policy accept;
        iif "wan" ct state established,related accept
        iif "wan" drop
    }}
    chain input {{
        type filter hook input priority filter; policy accept;
        iif "wan" ct state established,related accept
        iif "wan" drop
    }}
}}
"#
    )
}

impl Internet {
    /// Builds the internet with one router per entry of `homes`: its NAT kind and how many
    /// homes sit behind it. `Err` says why this machine cannot (the test is then skipped).
    pub fn up(homes: &[(Nat, usize)]) -> Result<Internet, String> {
        if !cfg!(target_os = "linux") {
            return Err("network namespaces are Linux's".into());
        }
        run(&["nft", "--version"]).map_err(|e| format!("no nft: {e}"))?;
        let n = NEXT.fetch_add(1, Ordering::SeqCst);
        let prefix = format!("lq{}{}", std::process::id() % 100_000, n);
        let dir = std::env::temp_dir().join(format!("lanqi-{prefix}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        let mut net = Internet {
            prefix: prefix.clone(),
            namespaces: Vec::new(),
            dir,
            relay: None,
        };
        net.add_ns("inet")?;
        let inet = net.ns("inet");
        run(&["ip", "-n", &inet, "link", "add", "br0", "type", "bridge"])?;
        run(&[
            "ip",
            "-n",
            &inet,
            "addr",
            "add",
            "198.18.0.1/24",
            "dev",
            "br0",
        ])?;
        run(&["ip", "-n", &inet, "link", "set", "br0", "up"])?;
        for (i, (kind, count)) in homes.iter().enumerate() {
            let i = i + 1;
            net.add_ns(&format!("nat{i}"))?;
            let nat = net.ns(&format!("nat{i}"));
            cable((&format!("{prefix}w{i}"), &inet, "br0"), ("wan", &nat))?;
            run(&[
                "ip",
                "-n",
                &nat,
                "addr",
                "add",
                &format!("198.18.0.1{i}/24"),
                "dev",
                "wan",
            ])?;
            run(&["ip", "-n", &nat, "link", "set", "wan", "up"])?;
            run(&[
                "ip",
                "-n",
                &nat,
                "route",
                "add",
                "default",
                "via",
                "198.18.0.1",
            ])?;
            run(&["ip", "-n", &nat, "link", "add", "lan", "type", "bridge"])?;
            run(&[
                "ip",
                "-n",
                &nat,
                "addr",
                "add",
                &format!("10.{i}.0.1/24"),
                "dev",
                "lan",
            ])?;
            run(&["ip", "-n", &nat, "link", "set", "lan", "up"])?;
            for j in 1..=*count {
                let home = format!("home{i}{j}");
                net.add_ns(&home)?;
                let home = net.ns(&home);
                cable((&format!("{prefix}l{i}{j}"), &nat, "lan"), ("eth0", &home))?;
                let ip = format!("10.{i}.0.{}/24", j + 1);
                run(&["ip", "-n", &home, "addr", "add", &ip, "dev", "eth0"])?;
                run(&[
                    "ip",
                    "-n",
                    &home,
                    "link",
                    "set",
                    "eth0",
                    "up",
                    "multicast",
                    "on",
                ])?;
                run(&[
                    "ip",
                    "-n",
                    &home,
                    "route",
                    "add",
                    "default",
                    "via",
                    &format!("10.{i}.0.1"),
                ])?;
            }
            run(&[
                "ip",
                "netns",
                "exec",
                &nat,
                "sysctl",
                "-qw",
                "net.ipv4.ip_forward=1",
            ])?;
            let rules = net.dir.join(format!("nat{i}.nft"));
            std::fs::write(&rules, nft_rules(*kind)).map_err(|e| e.to_string())?;
            run(&[
                "ip",
                "netns",
                "exec",
                &nat,
                "nft",
                "-f",
                &rules.to_string_lossy(),
            ])?;
        }
        Ok(net)
    }

    fn add_ns(&mut self, name: &str) -> Result<(), String> {
        let ns = self.ns(name);
        run(&["ip", "netns", "add", &ns])?;
        self.namespaces.push(ns.clone());
        run(&["ip", "-n", &ns, "link", "set", "lo", "up"])
    }

    /// The full name of namespace `name` (`inet`, `nat1`, `home11`, …).
    pub fn ns(&self, name: &str) -> String {
        format!("{}-{name}", self.prefix)
    }

    /// Starts the relay in the internet namespace (again, after [`Internet::stop_relay`],
    /// with the same certificate); its URL.
    pub fn start_relay(&mut self) -> String {
        let exe = Path::new(env!("CARGO_BIN_EXE_lanqi"))
            .parent()
            .expect("target dir")
            .join("examples/test_relay");
        assert!(
            exe.exists(),
            "{} is built by `cargo test` (examples/test_relay.rs)",
            exe.display()
        );
        let mut child = Command::new("ip")
            .args(["netns", "exec", &self.ns("inet")])
            .arg(&exe)
            .arg(RELAY_IP)
            .arg(self.dir.join("relay"))
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("start the relay");
        let stdout = child.stdout.take().expect("stdout");
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                let _ = tx.send(line);
            }
        });
        let line = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("the relay says it is ready within 120 s");
        let url = line
            .strip_prefix("ready ")
            .unwrap_or_else(|| panic!("the relay said {line:?}"))
            .to_string();
        self.relay = Some(child);
        url
    }

    /// Stops the relay (as if it crashed).
    pub fn stop_relay(&mut self) {
        if let Some(mut relay) = self.relay.take() {
            let _ = relay.kill();
            let _ = relay.wait();
        }
    }

    /// The relay's certificate, for `--relay-root`.
    pub fn relay_root(&self) -> PathBuf {
        self.dir.join("relay/relay.der")
    }
}

impl Drop for Internet {
    fn drop(&mut self) {
        self.stop_relay();
        for ns in self.namespaces.iter().rev() {
            if let Ok(out) = Command::new("ip").args(["netns", "pids", ns]).output() {
                for pid in String::from_utf8_lossy(&out.stdout).split_whitespace() {
                    let _ = Command::new("kill").arg(pid).status();
                }
            }
            let _ = Command::new("ip").args(["netns", "del", ns]).status();
        }
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
