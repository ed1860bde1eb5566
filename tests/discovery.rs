//! LAN discovery with real mDNS, kept off the machine's real interfaces: every process runs
//! inside a private network namespace (`unshare -n`) where loopback is the only interface,
//! with `--mdns lo`. Needs root (CI has it); elsewhere the tests say `skipped:` and pass,
//! except under CI, where not being able to run them is a failure.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

#[path = "support/deadline.rs"]
mod deadline;
#[path = "support/temp_dir.rs"]
mod temp_dir;
use temp_dir::TempDir;

/// Runs `script` with `sh` inside a fresh network namespace; `$L` is the lanqi binary and
/// `$D` a fresh directory, returned for reading the logs (removed when dropped). None when
/// namespaces are not available here.
fn in_namespace(name: &str, script: &str) -> Option<TempDir> {
    let mut probe = Command::new("unshare");
    probe.args(["-n", "true"]);
    let usable = probe
        .spawn()
        .is_ok_and(|child| deadline::finish(child, "unshare -n true").status.success());
    if !usable {
        assert!(
            std::env::var("CI").is_err(),
            "CI must be able to create network namespaces"
        );
        eprintln!("skipped: no private network namespace (needs root and unshare)");
        return None;
    }
    let temp = TempDir::new(&format!("disc-{name}"));
    let dir = &temp.0;
    let full = format!("set -e\nip link set lo up\nip link set lo multicast on\n{script}\n");
    let mut child = Command::new("unshare")
        .args(["-n", "sh", "-c", &full])
        .env("L", env!("CARGO_BIN_EXE_lanqi"))
        .env("D", dir)
        .spawn()
        .expect("run the namespace script");
    // What the peers logged, should the script never end.
    let logs = || {
        std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| {
                let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                format!("== {}\n{text}", e.path().display())
            })
            .collect::<Vec<_>>()
            .join("\n")
    };
    let status = deadline::wait(&mut child, "the namespace script", &logs);
    assert!(
        status.success(),
        "the script failed; what it logged:\n{}",
        logs()
    );
    Some(temp)
}

fn events(path: &Path) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

fn list(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap();
    serde_json::from_str::<Value>(&text)
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

#[test]
fn two_auto_peers_find_each_other_and_play_without_an_address() {
    let script = r#"
        $L peer --name Alice --auto --mdns lo --profile $D/a --delay 30 --games 2 > $D/a.log 2>&1 & A=$!
        $L peer --name Bob --auto --mdns lo --profile $D/b --delay 30 --games 2 > $D/b.log 2>&1 & B=$!
        sleep 3
        # Browse until both show (a loaded machine may need more than one look).
        for i in 1 2 3 4 5 6; do
            $L peers --mdns lo --json --timeout 1.5 --profile $D/q > $D/during.json
            [ "$(grep -o '"name"' $D/during.json | wc -l)" -ge 2 ] && break || true
        done
        wait $A
        wait $B
    "#;
    let Some(temp) = in_namespace("auto", script) else {
        return;
    };
    let dir = &temp.0;
    let (a, b) = (events(&dir.join("a.log")), events(&dir.join("b.log")));
    let over = |ev: &[Value]| {
        ev.iter()
            .find(|e| e["event"] == "over")
            .cloned()
            .expect("a finished game")
    };
    assert_eq!(
        over(&a)["transcript"],
        over(&b)["transcript"],
        "the same game on both sides"
    );
    let found = a
        .iter()
        .find(|e| e["event"] == "found")
        .expect("alice found someone");
    assert_eq!(found["peer"], "Bob");
    eprintln!(
        "discovery took {} ms (alice), measured by the peer",
        found["after_ms"]
    );
    // While they play, the list shows both as playing.
    let during = list(&dir.join("during.json"));
    assert_eq!(during.len(), 2, "{during:?}");
    assert!(
        during
            .iter()
            .all(|p| p["status"] == "playing" && p["games"][0] == "junqi"),
        "{during:?}"
    );
}

#[test]
fn a_peer_that_quits_or_crashes_leaves_the_list() {
    // Each departure is watched by a `lanqi peers --all` that was already listening, so the
    // records it saw come and go in front of it: a peer that quits withdraws its record (it
    // is not even listed as silent); one that crashes leaves a record behind that no longer
    // answers the presence pings (listed only with --all, as silent).
    let script = r#"
        $L peer --name Idle --mdns lo --profile $D/p1 > $D/idle.log 2>&1 & IDLE=$!
        sleep 1.5
        $L peers --mdns lo --json --timeout 1.5 --profile $D/q > $D/before.json
        $L peers --mdns lo --json --all --timeout 3 --profile $D/q > $D/quit_watch.json & W=$!
        sleep 1
        kill -TERM $IDLE
        wait $IDLE || true
        wait $W
        $L peer --name Crash --mdns lo --profile $D/p2 > $D/crash.log 2>&1 & CRASH=$!
        sleep 1.5
        $L peers --mdns lo --json --all --timeout 4 --profile $D/q > $D/crash_watch.json & W=$!
        sleep 2.5
        kill -KILL $CRASH
        wait $CRASH || true
        wait $W
        $L peers --mdns lo --json --timeout 1 --profile $D/q > $D/after_crash.json
    "#;
    let Some(temp) = in_namespace("presence", script) else {
        return;
    };
    let dir = &temp.0;
    let before = list(&dir.join("before.json"));
    assert_eq!(before.len(), 1, "{before:?}");
    let idle = events(&dir.join("idle.log"));
    let listening = idle.iter().find(|e| e["event"] == "listening").unwrap();
    assert_eq!(before[0]["name"], "Idle");
    assert_eq!(before[0]["status"], "idle");
    assert_eq!(before[0]["fingerprint"], listening["fingerprint"]);
    assert_eq!(before[0]["port"], listening["port"]);
    assert_eq!(before[0]["addresses"][0], "127.0.0.1");
    let quit = list(&dir.join("quit_watch.json"));
    assert!(
        quit.is_empty(),
        "a peer that quit withdrew its record: {quit:?}"
    );
    let crash = list(&dir.join("crash_watch.json"));
    assert_eq!(
        crash.len(),
        1,
        "the crashed peer's record lingers: {crash:?}"
    );
    assert_eq!(
        (crash[0]["name"].as_str(), crash[0]["status"].as_str()),
        (Some("Crash"), Some("silent"))
    );
    assert!(
        list(&dir.join("after_crash.json")).is_empty(),
        "but it is not listed as a peer"
    );
}
