//! Two `lanqi peer` processes on loopback UDP: a whole game with identical transcripts; a
//! peer killed mid-game and restarted resumes the same game; a third peer is told "busy".

use std::path::PathBuf;

use serde_json::Value;

#[path = "support/peer_process.rs"]
mod peer_process;
use peer_process::{Peer, profile};

/// The `over` event of a peer's run.
fn over(events: &[Value]) -> Value {
    events
        .iter()
        .find(|e| e["event"] == "over")
        .cloned()
        .expect("an over event")
}

fn moves(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| format!("{} {}", e["ply"], e["move"]))
        .collect()
}

/// Alice listens with `alice` arguments, Bob challenges her on loopback with `bob`; both
/// play the game out and exit 0, and agree on its moves, result and transcript. Their
/// events, Alice's first.
fn game_between(pa: &PathBuf, alice: &[&str], pb: &PathBuf, bob: &[&str]) -> [Vec<Value>; 2] {
    let mut alice = Peer::start(pa, alice);
    let connect = format!("127.0.0.1:{}", alice.port());
    let bob = Peer::start(pb, &[bob, &["--connect", connect.as_str()]].concat());
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "both exit 0");
    let (oa, ob) = (over(&ea), over(&eb));
    assert_eq!(oa["winner"], ob["winner"]);
    assert_eq!(oa["reason"], ob["reason"]);
    assert_eq!(oa["transcript"], ob["transcript"], "identical transcripts");
    assert_eq!(moves(&ea), moves(&eb));
    [ea, eb]
}

#[test]
fn two_processes_play_a_whole_game_over_loopback_udp() {
    let (pa, pb) = (profile("a"), profile("b"));
    let bob = ["--name", "Bob", "--seed", "2", "--chat", "好棋 | good luck"];
    let [ea, eb] = game_between(&pa, &["--name", "Alice", "--seed", "1"], &pb, &bob);
    // The saved transcripts verify and hold the same records.
    let file = |dir: &PathBuf| {
        let games = dir.join("games");
        let entry = std::fs::read_dir(&games)
            .unwrap()
            .flatten()
            .next()
            .expect("a saved game");
        // It holds the game's secret and the private layout: the owner's only.
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = entry.metadata().unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600, "{}", entry.path().display());
        }
        lanqi::session::transcript::Transcript::parse(
            &std::fs::read_to_string(entry.path()).unwrap(),
        )
        .unwrap()
    };
    let (ta, tb) = (file(&pa), file(&pb));
    assert_eq!(ta.records, tb.records);
    assert!(ta.is_finished());
    // After the audit, the saved game is the replay with every piece shown.
    use lanqi::session::Record;
    let opened = ta
        .records
        .iter()
        .filter(|r| matches!(r, Record::Open { .. }))
        .count();
    assert_eq!(opened, 2, "both deployments opened in the saved game");
    assert!(ta.records.contains(&Record::Audit {
        ok: true,
        detail: String::new()
    }));
    for events in [&ea, &eb] {
        let audit = events
            .iter()
            .find(|e| e["event"] == "audit")
            .expect("an audit");
        assert_eq!(audit["ok"], true, "{audit}");
    }
    // Each side's file holds its own layout, never the other's in private.
    assert!(ta.private.is_some() && ta.private != tb.private);
    assert!(
        ea.iter()
            .any(|e| e["event"] == "trust" && e["status"] == "new")
    );
    let chat = ea
        .iter()
        .find(|e| e["event"] == "chat")
        .expect("bob's greeting reached alice");
    assert_eq!(
        (chat["text"].as_str(), chat["side"].as_str()),
        (Some("好棋 | good luck"), Some("south"))
    );
}

#[test]
fn a_peer_killed_mid_game_resumes_the_same_game() {
    let (pa, pb) = (profile("ra"), profile("rb"));
    let mut alice = Peer::start(
        &pa,
        &[
            "--name",
            "Alice",
            "--seed",
            "3",
            "--delay",
            "20",
            "--timeout",
            "3",
        ],
    );
    let port = alice.port().to_string();
    let connect = format!("127.0.0.1:{port}");
    let bob_args = [
        "--name",
        "Bob",
        "--seed",
        "4",
        "--delay",
        "20",
        "--connect",
        connect.as_str(),
    ];
    let mut bob = Peer::start(&pb, &bob_args);
    bob.wait_for(|v| v["event"] == "move" && v["ply"].as_u64() >= Some(12));
    bob.child.kill().unwrap();
    let (_, before) = bob.finish();
    let last_ply = before.iter().filter(|e| e["event"] == "move").count();
    // Restarted with the same profile, Bob finds the unfinished game and resumes it.
    let mut bob = Peer::start(&pb, &bob_args);
    let resumed = bob.wait_for(|v| v["event"] == "resumed");
    // The saved game reaches at least the move before the last one printed (a move is saved
    // before it is sent, so nothing the peer saw is missing).
    assert!(
        resumed["ply"].as_u64().unwrap() as usize + 1 >= last_ply,
        "{resumed} after {last_ply}"
    );
    let (ok_b, after) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "both finish the resumed game");
    let (oa, ob) = (over(&ea), over(&after));
    assert_eq!(
        oa["transcript"], ob["transcript"],
        "the same game, the same record"
    );
    assert_eq!(oa["game_id"], ob["game_id"]);
    // Alice saw every ply exactly once.
    let plies: Vec<u64> = ea
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| e["ply"].as_u64().unwrap())
        .collect();
    assert_eq!(plies, (1..=plies.len() as u64).collect::<Vec<_>>());
}

#[test]
fn the_listening_side_can_restart_too() {
    let (pa, pb) = (profile("la"), profile("lb"));
    let alice_args = [
        "--name",
        "Alice",
        "--seed",
        "5",
        "--delay",
        "20",
        "--timeout",
        "5",
    ];
    let mut alice = Peer::start(&pa, &alice_args);
    let connect = format!("127.0.0.1:{}", alice.port());
    let bob_args = [
        "--name",
        "Bob",
        "--seed",
        "6",
        "--delay",
        "20",
        "--timeout",
        "5",
        "--connect",
        connect.as_str(),
    ];
    let bob = Peer::start(&pb, &bob_args);
    alice.wait_for(|v| v["event"] == "move" && v["ply"].as_u64() >= Some(10));
    alice.child.kill().unwrap();
    let _ = alice.finish();
    // Alice comes back on a new port: she challenges Bob's saved address to resume.
    let mut alice = Peer::start(&pa, &alice_args);
    alice.wait_for(|v| v["event"] == "resumed");
    let (ok_a, ea) = alice.finish();
    let (ok_b, eb) = bob.finish();
    assert!(ok_a && ok_b, "both finish the resumed game");
    assert_eq!(over(&ea)["transcript"], over(&eb)["transcript"]);
}

#[test]
fn a_direct_ipv6_game() {
    let (pa, pb) = (profile("6a"), profile("6b"));
    let mut alice = Peer::start(&pa, &["--name", "Alice", "--bind", "::1"]);
    let connect = format!("[::1]:{}", alice.port());
    let bob = Peer::start(
        &pb,
        &["--name", "Bob", "--bind", "::1", "--connect", &connect],
    );
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b);
    assert_eq!(over(&ea)["transcript"], over(&eb)["transcript"]);
    let listening = ea.iter().find(|e| e["event"] == "listening").unwrap();
    assert_eq!(
        listening["addresses"][0],
        format!("[::1]:{}", listening["port"])
    );
}

#[test]
fn a_third_peer_is_told_busy() {
    let (pa, pb, pc) = (profile("ba"), profile("bb"), profile("bc"));
    let mut alice = Peer::start(&pa, &["--name", "Alice", "--delay", "30"]);
    let connect = format!("127.0.0.1:{}", alice.port());
    let mut bob = Peer::start(
        &pb,
        &["--name", "Bob", "--delay", "30", "--connect", &connect],
    );
    bob.wait_for(|v| v["event"] == "move");
    let carol = Peer::start(&pc, &["--name", "Carol", "--connect", &connect]);
    let (ok_c, ec) = carol.finish();
    assert!(!ok_c, "carol could not play");
    assert!(ec.iter().any(|e| e["event"] == "busy"), "{ec:?}");
    bob.child.kill().unwrap();
    alice.child.kill().unwrap();
}

#[test]
fn a_cheating_process_is_caught_by_the_audit_of_a_real_game() {
    let (pa, pb) = (profile("honest"), profile("cheat"));
    let mut alice = Peer::start(&pa, &["--name", "Alice", "--seed", "3"]);
    let port = alice.port().to_string();
    let bob = Peer::start(
        &pb,
        &[
            "--name",
            "Bob",
            "--seed",
            "4",
            // Only the test build has this option (the `cheat` feature).
            "--cheat",
            "wrong-ranks",
            "--connect",
            &format!("127.0.0.1:{port}"),
        ],
    );
    let (_, eb) = bob.finish();
    // Should the challenge never have reached alice, say why at once (Bob's side).
    assert!(
        eb.iter().any(|e| e["event"] == "connected"),
        "bob never connected: {eb:#?}"
    );
    let (_, ea) = alice.finish();
    let audit = ea
        .iter()
        .find(|e| e["event"] == "audit")
        .expect("alice audited the game");
    assert_eq!(audit["ok"], false, "{audit}");
    assert_eq!(audit["cheater"], "south");
    let finding = &audit["findings"][0];
    assert!(
        finding["what"]
            .as_str()
            .unwrap()
            .contains("do not match its commitments"),
        "{finding}"
    );
    assert!(!finding["evidence"].as_array().unwrap().is_empty());
    assert_eq!(audit["winner"], "north", "the game is alice's");
    assert_eq!(audit["reason"], "opponent cheated");
}

#[test]
fn two_processes_play_xiangqi_to_the_end_with_the_engine_on_one_side() {
    let (pa, pb) = (profile("xa"), profile("xb"));
    let alice = ["--name", "Alice", "--seed", "3", "--bot", "engine:easy"];
    let bob = ["--name", "Bob", "--seed", "4", "--game", "xiangqi"];
    let [ea, _] = game_between(&pa, &alice, &pb, &bob);
    let started = ea.iter().find(|e| e["event"] == "started").unwrap();
    assert_eq!(started["game"], "xiangqi");
    let oa = over(&ea);
    // Nothing is hidden: no commitments, no battles, no audit.
    assert!(ea.iter().all(|e| e["event"] != "audit"));
    // The engine beats random moves (by checkmate, stalemate or a perpetual), never a draw.
    let alice_side = started["side"].as_str().unwrap();
    assert_eq!(oa["winner"], alice_side, "{oa}");
    let games = std::fs::read_dir(pa.join("games")).unwrap().flatten();
    let saved = std::fs::read_to_string(games.into_iter().next().unwrap().path()).unwrap();
    let t = lanqi::session::transcript::Transcript::parse(&saved).unwrap();
    assert_eq!(t.game, lanqi::session::GameKind::Xiangqi);
    assert!(t.is_finished());
}

#[test]
fn three_processes_finish_a_gomoku_table_of_three_over_loopback_udp() {
    let profiles = [profile("t0"), profile("t1"), profile("t2")];
    let table = [
        "--game", "gomoku", "--seats", "3", "--size", "9x9", "--win", "4",
    ];
    let mut opener = Peer::start(&profiles[0], &[&table[..], &["--seed", "1"]].concat());
    let connect = format!("127.0.0.1:{}", opener.port());
    let join = |i: usize, seed: &str| {
        let args = [
            "--game",
            "gomoku",
            "--connect",
            connect.as_str(),
            "--seed",
            seed,
        ];
        Peer::start(&profiles[i], &args)
    };
    let (one, two) = (join(1, "2"), join(2, "3"));
    let runs = [one.finish(), two.finish(), opener.finish()];
    for (ok, events) in &runs {
        assert!(ok, "every peer exits 0: {events:?}");
    }
    let overs: Vec<Value> = runs.iter().map(|(_, e)| over(e)).collect();
    for o in &overs[1..] {
        assert_eq!(o["winner"], overs[0]["winner"], "{overs:?}");
        assert_eq!(o["transcript"], overs[0]["transcript"], "{overs:?}");
    }
    assert!(["1", "2", "3", "draw"].contains(&overs[0]["winner"].as_str().unwrap()));
    let all: Vec<Vec<String>> = runs.iter().map(|(_, e)| moves(e)).collect();
    assert!(
        all.iter().all(|m| *m == all[0]),
        "the same moves at every seat"
    );
    // Each saved transcript names all three players.
    let saved = std::fs::read_dir(profiles[1].join("games"))
        .unwrap()
        .flatten()
        .next()
        .expect("a saved game");
    let text = std::fs::read_to_string(saved.path()).unwrap();
    assert_eq!(
        text.lines().filter(|l| l.starts_with("seat ")).count(),
        3,
        "{text}"
    );
}

/// A friend joins by the invitation code alone: Alice's `--invite` prints a code, Bob's
/// `--join CODE` reaches her by it and they play a whole game; a code that names another
/// key (Carol's) reaches Alice's address but plays nothing: Bob is told the peer there is
/// not the one who invited, with its fingerprint.
#[test]
fn a_friend_joins_by_invitation_code_and_only_the_inviter_counts() {
    let (pa, pb) = (profile("invite-alice"), profile("invite-bob"));
    let mut alice = Peer::start(&pa, &["--name", "alice", "--invite", "--delay", "0"]);
    let code = alice.wait_for(|v| v["event"] == "invite")["code"]
        .as_str()
        .expect("a code")
        .to_string();
    assert!(code.starts_with("lanqi1"), "{code}");
    let bob = Peer::start(&pb, &["--name", "bob", "--join", &code, "--delay", "0"]);
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "both exit 0");
    assert_eq!(over(&ea)["transcript"], over(&eb)["transcript"]);
    assert_eq!(moves(&ea), moves(&eb));
    let fingerprint = ea
        .iter()
        .find(|e| e["event"] == "listening")
        .map(|e| e["fingerprint"].clone())
        .expect("alice's fingerprint");
    let connected = eb
        .iter()
        .find(|e| e["event"] == "connected")
        .expect("bob connected");
    assert_eq!(
        connected["fingerprint"], fingerprint,
        "bob played the one who invited"
    );

    // The same address under another key: a code made by Carol, pointing at Alice.
    let carol = lanqi::net::invite::Invitation {
        key: lanqi::store::Identity::from_secret([9; 32]).public_key(),
        ..lanqi::net::invite::Invitation::parse(&code).expect("alice's code")
    };
    let mut alice = Peer::start(&pa, &["--name", "alice", "--delay", "0"]);
    let port = alice.port().to_string();
    let addr: std::net::SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
    let forged = lanqi::net::invite::Invitation {
        addrs: vec![addr],
        quic: Vec::new(),
        ..carol
    }
    .code();
    let bob = Peer::start(&pb, &["--name", "bob", "--join", &forged]);
    let (ok_b, eb) = bob.finish();
    assert!(!ok_b, "bob stops: {eb:#?}");
    assert!(
        !eb.iter().any(|e| e["event"] == "move"),
        "nothing was played"
    );
    drop(alice);
}
