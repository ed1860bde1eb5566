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
use peer_process::{Peer, ProfileDir, profile};

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

/// What a peer sent a move, each way, for docs/MEASUREMENTS.md (printed, not asserted).
fn cost(who: &str, events: &[Value]) -> String {
    let c = events
        .iter()
        .find(|e| e["event"] == "carried")
        .cloned()
        .unwrap_or_default();
    let n = moves(events).max(1) as f64;
    let per = |k: &str| c[k].as_u64().unwrap_or(0) as f64 / n;
    format!(
        "{who}: {} moves; a move: LAN {:.1} datagrams {:.0} B; iroh {:.1} lanqi datagrams {:.0} B, {:.1} UDP datagrams {:.0} B",
        moves(events),
        per("lan_datagrams"),
        per("lan_bytes"),
        per("datagrams"),
        per("bytes"),
        per("udp_datagrams"),
        per("udp_bytes"),
    )
}

/// The invitation code `peer` says.
fn code_of(peer: &mut Peer) -> String {
    peer.wait_for(|v| v["event"] == "invite")["code"]
        .as_str()
        .expect("a code")
        .to_string()
}

/// Alice, at home 1, inviting through the test's relay, and her code.
fn alice_invites(
    net: &Internet,
    (url, root): (&str, &str),
    alice: &std::path::PathBuf,
    rest: &[&str],
) -> (Peer, String) {
    let args = [&["--name", "alice", "--invite"][..], rest].concat();
    let mut peer = Peer::start_in(&net.ns("home11"), alice, &relay_args(url, root, &args));
    let code = code_of(&mut peer);
    (peer, code)
}

/// The arguments of a peer at home that uses the test's relay.
fn relay_args<'a>(url: &'a str, root: &'a str, rest: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec!["--bind", "0.0.0.0", "--relay", url, "--relay-root", root];
    args.extend_from_slice(rest);
    args
}

/// Alice invites from home 1, Bob joins with her code from home 2: a whole Junqi game with
/// hidden pieces, audited clean on both sides. Returns both peers' events and profiles (kept
/// while they live, for a game after this one).
fn invite_and_play(
    net: &mut Internet,
    delay: &str,
    during: impl FnOnce(&mut Internet, &mut Peer),
) -> (Vec<Value>, Vec<Value>, [ProfileDir; 2]) {
    let url = net.start_relay();
    let root = net.relay_root().to_string_lossy().into_owned();
    let tag = net.ns("");
    let (pa, pb) = (
        profile(&format!("{tag}alice")),
        profile(&format!("{tag}bob")),
    );
    let (alice, code) = alice_invites(
        net,
        (&url, &root),
        &pa,
        &["--delay", delay, "--game", "junqi"],
    );
    let mut bob = Peer::start_in(
        &net.ns("home21"),
        &pb,
        &relay_args(
            &url,
            &root,
            &["--name", "bob", "--join", &code, "--delay", delay],
        ),
    );
    let joined = std::time::Instant::now();
    bob.wait_for(|v| v["event"] == "move");
    eprintln!("join to the first move: {:?}", joined.elapsed());
    during(net, &mut bob);
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "both exit 0:\nalice {ea:#?}\nbob {eb:#?}");
    eprintln!("{}\n{}", cost("alice", &ea), cost("bob", &eb));
    assert_eq!(over(&ea)["transcript"], over(&eb)["transcript"], "one game");
    assert!(audit_ok(&ea) && audit_ok(&eb), "audited clean");
    assert_eq!(moves(&ea), moves(&eb), "every move on both sides");
    (ea, eb, [pa, pb])
}

/// (a) and (b): behind NATs that let holes be punched, a friend joins by the code alone,
/// the game starts through the relay and goes direct.
#[test]
fn two_homes_play_hidden_junqi_by_code_and_the_path_goes_direct() {
    let Some(mut net) = internet(&[(Nat::Easy, 1), (Nat::Easy, 1)]) else {
        return;
    };
    let (ea, eb, [pa, pb]) = invite_and_play(&mut net, "20", |_, _| {});
    for (who, events) in [("alice", &ea), ("bob", &eb)] {
        let paths = paths(events);
        assert_eq!(
            paths.last().map(String::as_str),
            Some("direct"),
            "{who}'s path ends direct: {paths:?}"
        );
    }
    eprintln!("paths: alice {:?}, bob {:?}", paths(&ea), paths(&eb));

    // Friends come back: Alice starts again (a new iroh port, no code said), and Bob
    // challenges her by name from his friends list.
    let url = format!("https://{}:3443", netns::RELAY_IP);
    let root = net.relay_root().to_string_lossy().into_owned();
    let friends = std::fs::read_to_string(pb.join("friends.txt")).expect("bob has friends");
    assert!(friends.contains("\talice"), "{friends}");
    let alice = Peer::start_in(
        &net.ns("home11"),
        &pa,
        &relay_args(&url, &root, &["--name", "alice", "--game", "junqi"]),
    );
    let bob = Peer::start_in(
        &net.ns("home21"),
        &pb,
        &relay_args(&url, &root, &["--name", "bob", "--friend", "alice"]),
    );
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "alice {ea:#?}\nbob {eb:#?}");
    assert_eq!(
        over(&ea)["transcript"],
        over(&eb)["transcript"],
        "a second game"
    );
}

/// (b): behind NATs that give a new port for every destination, holes cannot be punched:
/// the relay carries the whole game.
#[test]
fn behind_strict_nats_the_relay_carries_the_whole_game() {
    let Some(mut net) = internet(&[(Nat::Strict, 1), (Nat::Strict, 1)]) else {
        return;
    };
    let (ea, eb, _) = invite_and_play(&mut net, "0", |_, _| {});
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

/// (d): a table of three with one player across the internet: the opener and a friend on
/// its LAN (plain UDP), and a friend behind another NAT who joins by the opener's code
/// (iroh). The opener relays between them; all three end with the same game.
#[test]
fn a_table_of_three_with_one_player_across_the_internet() {
    let Some(mut net) = internet(&[(Nat::Easy, 1), (Nat::Easy, 2)]) else {
        return;
    };
    let url = net.start_relay();
    let root = net.relay_root().to_string_lossy().into_owned();
    let tag = net.ns("");
    let profiles = [
        profile(&format!("{tag}opener")),
        profile(&format!("{tag}lan")),
        profile(&format!("{tag}far")),
    ];
    let gomoku = ["--game", "gomoku"];
    let mut opener = Peer::start_in(
        &net.ns("home21"),
        &profiles[0],
        &relay_args(
            &url,
            &root,
            &[
                &gomoku[..],
                &[
                    "--seats", "3", "--size", "9x9", "--win", "4", "--invite", "--name", "opener",
                ],
            ]
            .concat(),
        ),
    );
    let code = code_of(&mut opener);
    let lan = format!("10.2.0.2:{}", opener.port());
    let neighbour = Peer::start_in(
        &net.ns("home22"),
        &profiles[1],
        &[
            &gomoku[..],
            &[
                "--bind",
                "0.0.0.0",
                "--connect",
                &lan,
                "--name",
                "neighbour",
            ],
        ]
        .concat(),
    );
    let far = Peer::start_in(
        &net.ns("home11"),
        &profiles[2],
        &relay_args(
            &url,
            &root,
            &[&gomoku[..], &["--join", &code, "--name", "far"]].concat(),
        ),
    );
    let runs = [far.finish(), neighbour.finish(), opener.finish()];
    for (ok, events) in &runs {
        assert!(ok, "every peer exits 0: {events:#?}");
    }
    let overs: Vec<Value> = runs.iter().map(|(_, e)| over(e)).collect();
    for o in &overs[1..] {
        assert_eq!(o["transcript"], overs[0]["transcript"], "{overs:?}");
    }
    assert!(
        !paths(&runs[0].1).is_empty(),
        "the far player played over iroh: {:#?}",
        runs[0].1
    );
    assert!(paths(&runs[1].1).is_empty(), "the neighbour over plain UDP");
}

/// (e): no internet at all (a LAN with no way out) and the default public relays: a peer
/// starts and says its code at once, a friend on the LAN joins by it and plays, and a game
/// by address is as before. The start-up times are printed (for docs/MEASUREMENTS.md), not
/// asserted.
#[test]
fn with_no_internet_lan_play_is_unaffected() {
    let Some(net) = internet(&[(Nat::Easy, 2)]) else {
        return;
    };
    let tag = net.ns("");
    for home in ["home11", "home12"] {
        let ns = net.ns(home);
        let out = std::process::Command::new("ip")
            .args(["-n", &ns, "route", "del", "default"])
            .output()
            .expect("ip");
        assert!(out.status.success(), "{out:?}");
    }
    let started = std::time::Instant::now();
    let (pa, pb) = (
        profile(&format!("{tag}alice")),
        profile(&format!("{tag}bob")),
    );
    let public = ["--bind", "0.0.0.0", "--relay", "default", "--game", "junqi"];
    let mut alice = Peer::start_in(
        &net.ns("home11"),
        &pa,
        &[&public[..], &["--invite"]].concat(),
    );
    alice.port();
    let listening = started.elapsed();
    let code = code_of(&mut alice);
    let coded = started.elapsed();
    let invitation = lanqi::net::invite::Invitation::parse(&code).expect("a good code");
    assert!(invitation.relay.is_none(), "no relay was reachable");
    assert!(
        !invitation.quic.is_empty(),
        "so the code says where iroh listens"
    );
    let bob = Peer::start_in(
        &net.ns("home12"),
        &pb,
        &[&public[..], &["--join", &code]].concat(),
    );
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "alice {ea:#?}\nbob {eb:#?}");
    assert_eq!(over(&ea)["transcript"], over(&eb)["transcript"]);

    // By address, with the internet side off, as on any LAN: the time to listen compared.
    let started = std::time::Instant::now();
    let (pc, pd) = (
        profile(&format!("{tag}carol")),
        profile(&format!("{tag}dawa")),
    );
    let mut carol = Peer::start_in(&net.ns("home11"), &pc, &["--bind", "0.0.0.0"]);
    let port = carol.port();
    let plain = started.elapsed();
    let dawa = Peer::start_in(
        &net.ns("home12"),
        &pd,
        &[
            "--bind",
            "0.0.0.0",
            "--connect",
            &format!("10.1.0.2:{port}"),
        ],
    );
    let (ok_d, ed) = dawa.finish();
    let (ok_c, ec) = carol.finish();
    assert!(ok_c && ok_d, "carol {ec:#?}\ndawa {ed:#?}");
    eprintln!("{}\n{}", cost("carol (UDP)", &ec), cost("dawa (UDP)", &ed));
    eprintln!(
        "{}\n{}",
        cost("alice (iroh, LAN)", &ea),
        cost("bob (iroh, LAN)", &eb)
    );
    eprintln!(
        "no internet: listening after {listening:?} with iroh (code after {coded:?}), {plain:?} without"
    );
}

/// Adjourn and resume across the internet: Bob's lanqi is killed mid-game; started again
/// with his profile, it finds the unfinished game, reaches Alice by her key (kept in his
/// friends list) and both finish the same game.
#[test]
fn a_player_killed_mid_game_resumes_across_the_internet() {
    let Some(mut net) = internet(&[(Nat::Easy, 1), (Nat::Easy, 1)]) else {
        return;
    };
    let url = net.start_relay();
    let root = net.relay_root().to_string_lossy().into_owned();
    let tag = net.ns("");
    let (pa, pb) = (
        profile(&format!("{tag}alice")),
        profile(&format!("{tag}bob")),
    );
    let (alice, code) = alice_invites(&net, (&url, &root), &pa, &["--delay", "50"]);
    let bob_args = ["--name", "bob", "--delay", "50"];
    let mut bob = Peer::start_in(
        &net.ns("home21"),
        &pb,
        &relay_args(&url, &root, &[&bob_args[..], &["--join", &code]].concat()),
    );
    bob.wait_for(|v| v["event"] == "move" && v["ply"] == 20);
    drop(bob); // killed, mid-game
    let bob = Peer::start_in(&net.ns("home21"), &pb, &relay_args(&url, &root, &bob_args));
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "alice {ea:#?}\nbob {eb:#?}");
    assert!(
        eb.iter().any(|e| e["event"] == "resumed"),
        "bob resumed: {eb:#?}"
    );
    assert_eq!(over(&ea)["transcript"], over(&eb)["transcript"], "one game");
    assert!(audit_ok(&ea) && audit_ok(&eb), "audited clean");
}

/// A spectator across the internet: Carol, behind a third NAT, watches Alice (a friend
/// of hers, by key) play Bob, and sees every move Alice played.
#[test]
fn a_friend_watches_across_the_internet() {
    let Some(mut net) = internet(&[(Nat::Easy, 1), (Nat::Easy, 1), (Nat::Strict, 1)]) else {
        return;
    };
    let url = net.start_relay();
    let root = net.relay_root().to_string_lossy().into_owned();
    let tag = net.ns("");
    let (pa, pb, pc) = (
        profile(&format!("{tag}alice")),
        profile(&format!("{tag}bob")),
        profile(&format!("{tag}carol")),
    );
    let (mut alice, code) = alice_invites(&net, (&url, &root), &pa, &["--delay", "100"]);
    // Carol met Alice before: Alice is in her friends list, with her relay.
    let key = lanqi::store::Profile::open(Some(&pa))
        .and_then(|p| p.identity())
        .expect("alice's identity")
        .public_key();
    std::fs::create_dir_all(&pc).unwrap();
    let hex: String = key.iter().map(|b| format!("{b:02x}")).collect();
    std::fs::write(
        pc.join("friends.txt"),
        format!("{hex}\t1\t{url}/\t-\talice\n"),
    )
    .unwrap();
    let bob = Peer::start_in(
        &net.ns("home21"),
        &pb,
        &relay_args(
            &url,
            &root,
            &["--name", "bob", "--join", &code, "--delay", "100"],
        ),
    );
    alice.wait_for(|v| v["event"] == "move" && v["ply"] == 10);
    let at = lanqi::net::internet::synthetic(&key).to_string();
    let carol = Peer::start_in(
        &net.ns("home31"),
        &pc,
        &relay_args(&url, &root, &["--name", "carol", "--watch", &at]),
    );
    let (ok_c, ec) = carol.finish();
    let (ok_b, _) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b && ok_c, "carol {ec:#?}");
    let played: Vec<String> = ea
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| e["move"].to_string())
        .collect();
    let watched: Vec<String> = ec
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| e["move"].to_string())
        .collect();
    assert_eq!(watched, played, "the spectator saw every move");
}
