//! Play beyond the LAN, for real: "the internet" in network namespaces with a real iroh
//! relay in it (examples/test_relay.rs) and homes behind NATs made with nftables
//! (tests/support/netns.rs), real `lanqi peer` processes in the homes, joined only by an
//! invitation code. Skipped (and saying so) where this machine cannot make namespaces.
//!
//! Run alone: `cargo test --test internet -- --nocapture` (as root).

use serde_json::Value;

#[path = "support/netns.rs"]
mod netns;
#[path = "support/peer_process.rs"]
mod peer_process;
use netns::{Internet, Nat};
use peer_process::{Peer, profile};

/// The internet with `homes`, or `None` after saying why the test is skipped.
fn internet(homes: &[(Nat, usize)]) -> Option<Internet> {
    match Internet::up(homes) {
        Ok(net) => Some(net),
        Err(why) => {
            eprintln!("skipped: cannot build an internet in namespaces here ({why})");
            None
        }
    }
}

fn over(events: &[Value]) -> Value {
    events
        .iter()
        .find(|e| e["event"] == "over")
        .cloned()
        .unwrap_or_else(|| panic!("an over event in {events:#?}"))
}

fn audit_ok(events: &[Value]) -> bool {
    events
        .iter()
        .any(|e| e["event"] == "audit" && e["ok"] == true)
}

fn paths(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["event"] == "path")
        .map(|e| e["path"].as_str().unwrap_or("?").to_string())
        .collect()
}

fn moves(events: &[Value]) -> usize {
    events.iter().filter(|e| e["event"] == "move").count()
}

/// The arguments of a peer at home that uses the test's relay.
fn relay_args<'a>(url: &'a str, root: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "--bind",
        "0.0.0.0",
        "--relay",
        url,
        "--relay-root",
        root,
        "--game",
        "junqi",
    ];
    args.extend_from_slice(rest);
    args
}

/// Alice invites from home 1, Bob joins with her code from home 2: a whole Junqi game with
/// hidden pieces, audited clean on both sides. Returns both peers' events.
fn invite_and_play(
    net: &mut Internet,
    delay: &str,
    during: impl FnOnce(&mut Internet, &mut Peer),
) -> (Vec<Value>, Vec<Value>) {
    let url = net.start_relay();
    let root = net.relay_root().to_string_lossy().into_owned();
    let tag = net.ns("");
    let (pa, pb) = (profile(&format!("{tag}alice")), profile(&format!("{tag}bob")));
    let mut alice = Peer::start_in(
        &net.ns("home11"),
        &pa,
        &relay_args(&url, &root, &["--name", "alice", "--invite", "--delay", delay]),
    );
    let code = alice.wait_for(|v| v["event"] == "invite")["code"]
        .as_str()
        .expect("a code")
        .to_string();
    let mut bob = Peer::start_in(
        &net.ns("home21"),
        &pb,
        &relay_args(&url, &root, &["--name", "bob", "--join", &code, "--delay", delay]),
    );
    during(net, &mut bob);
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "both exit 0:\nalice {ea:#?}\nbob {eb:#?}");
    assert_eq!(over(&ea)["transcript"], over(&eb)["transcript"], "one game");
    assert!(audit_ok(&ea) && audit_ok(&eb), "audited clean");
    assert_eq!(moves(&ea), moves(&eb), "every move on both sides");
    (ea, eb)
}

/// (a) and (b): behind NATs that let holes be punched, a friend joins by the code alone,
/// the game starts through the relay and goes direct.
#[test]
fn two_homes_play_hidden_junqi_by_code_and_the_path_goes_direct() {
    let Some(mut net) = internet(&[(Nat::Easy, 1), (Nat::Easy, 1)]) else {
        return;
    };
    let (ea, eb) = invite_and_play(&mut net, "20", |_, _| {});
    for (who, events) in [("alice", &ea), ("bob", &eb)] {
        let paths = paths(events);
        assert_eq!(
            paths.last().map(String::as_str),
            Some("direct"),
            "{who}'s path ends direct: {paths:?}"
        );
    }
    eprintln!("paths: alice {:?}, bob {:?}", paths(&ea), paths(&eb));
}

/// (b): behind NATs that give a new port for every destination, holes cannot be punched:
/// the relay carries the whole game.
#[test]
fn behind_strict_nats_the_relay_carries_the_whole_game() {
    let Some(mut net) = internet(&[(Nat::Strict, 1), (Nat::Strict, 1)]) else {
        return;
    };
    let (ea, eb) = invite_and_play(&mut net, "0", |_, _| {});
    for events in [&ea, &eb] {
        let paths = paths(events);
        assert!(!paths.is_empty(), "a path was reported");
        assert!(paths.iter().all(|p| p == "relay"), "{paths:?}");
    }
}

/// (c): the relay stops mid-game. Where holes were punched the game goes on directly; where
/// the relay was the only way, the game waits for it and goes on when it is back; either
/// way both sides end with the same game.
#[test]
fn the_relay_stopped_mid_game_loses_nothing() {
    let Some(mut net) = internet(&[(Nat::Easy, 1), (Nat::Easy, 1)]) else {
        return;
    };
    invite_and_play(&mut net, "50", |net, bob| {
        bob.wait_for(|v| v["event"] == "path" && v["path"] == "direct");
        net.stop_relay();
    });

    let Some(mut net) = internet(&[(Nat::Strict, 1), (Nat::Strict, 1)]) else {
        return;
    };
    invite_and_play(&mut net, "50", |net, bob| {
        bob.wait_for(|v| v["event"] == "move" && v["ply"] == 20);
        net.stop_relay();
        std::thread::sleep(std::time::Duration::from_secs(6));
        net.start_relay();
    });
}
