//! Spectators (观战) over loopback UDP: a third `lanqi peer --watch` joins a Junqi and a
//! Xiangqi game in progress, is told the game so far, follows it live, and agrees with both
//! players on every move and the result; in Junqi it learns the pieces only from the audit.
//! A player who takes no spectators declines them.

use serde_json::Value;

#[path = "support/peer_process.rs"]
mod peer_process;
use peer_process::{Peer, profile};

/// Each move event as a line: ply, side, move and battle outcome.
fn moves(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| format!("{} {} {} {}", e["ply"], e["side"], e["move"], e["outcome"]))
        .collect()
}

fn event<'a>(events: &'a [Value], name: &str) -> &'a Value {
    events
        .iter()
        .find(|e| e["event"] == name)
        .unwrap_or_else(|| panic!("no {name} event in {events:#?}"))
}

/// Alice and Bob play `game` (bots that wait `delay` ms a move); once Alice has made
/// `after` moves, Carol watches Alice. Every process exits 0; the events of Alice, Bob and
/// Carol.
fn watched_game(game: &str, delay: &str, after: u64) -> [Vec<Value>; 3] {
    let dirs = [
        profile(&format!("wa-{game}")),
        profile(&format!("wb-{game}")),
        profile(&format!("wc-{game}")),
    ];
    let mut alice = Peer::start(
        &dirs[0],
        &["--name", "Alice", "--seed", "5", "--delay", delay],
    );
    let address = format!("127.0.0.1:{}", alice.port());
    let bob = Peer::start(
        &dirs[1],
        &[
            "--name",
            "Bob",
            "--seed",
            "6",
            "--delay",
            delay,
            "--game",
            game,
            "--connect",
            &address,
        ],
    );
    alice.wait_for(|v| v["event"] == "move" && v["ply"].as_u64() >= Some(after));
    let carol = Peer::start(&dirs[2], &["--name", "Carol", "--watch", &address]);
    let (ok_c, ec) = carol.finish();
    let (ok_a, ea) = alice.finish();
    let (ok_b, eb) = bob.finish();
    assert!(ok_a && ok_b, "the players exit 0");
    assert!(ok_c, "the spectator exits 0: {ec:#?}");
    [ea, eb, ec]
}

/// What every spectator test checks: Carol saw the game start, joined mid-game, and agrees
/// with both players on every move and on the result.
fn agrees(game: &str, [ea, eb, ec]: &[Vec<Value>; 3]) {
    let started = event(ec, "started");
    assert_eq!(started["game"], game);
    assert_eq!(started["side"], "spectator");
    assert_eq!(started["game_id"], event(ea, "started")["game_id"]);
    assert_eq!(started["first"], event(ea, "started")["first"]);
    let watching = event(ec, "watching");
    assert_eq!(watching["peer"], "Alice");
    // The moves before Carol came, then the live ones: exactly as Alice printed them.
    assert!(moves(ec).len() > 3, "{:?}", moves(ec));
    assert_eq!(
        moves(ec),
        moves(ea),
        "the spectator's moves are the player's"
    );
    let plies = |events: &[Value]| -> Vec<String> {
        let all = events.iter().filter(|e| e["event"] == "move");
        all.map(|e| format!("{} {}", e["ply"], e["move"])).collect()
    };
    assert_eq!(plies(ec), plies(eb), "and the other player's");
    let over = event(ec, "over");
    for player in [ea, eb] {
        let theirs = event(player, "over");
        assert_eq!(over["winner"], theirs["winner"]);
        assert_eq!(over["reason"], theirs["reason"]);
        assert_eq!(over["game_id"], theirs["game_id"]);
    }
    assert_eq!(over["transcript"], event(ea, "over")["transcript"]);
    // Alice said Carol came.
    assert!(
        ea.iter()
            .any(|e| e["event"] == "spectator" && e["peer"] == "Carol" && e["status"] == "joined"),
        "{ea:#?}"
    );
}

#[test]
fn a_spectator_joins_a_junqi_game_mid_way_and_sees_the_pieces_only_at_the_audit() {
    let events = watched_game("junqi", "15", 6);
    agrees("junqi", &events);
    let [ea, _, ec] = &events;
    let audit = event(ec, "audit");
    assert_eq!(audit["ok"], true, "{audit}");
    // Every piece, once the game is done: the same armies the players' audit showed.
    assert_eq!(audit["start"], event(ea, "audit")["start"]);
    assert!(
        audit["start"].as_str().is_some_and(|s| s.len() > 20),
        "{audit}"
    );
    let audit_at = ec.iter().position(|e| e["event"] == "audit").unwrap();
    let over_at = ec.iter().position(|e| e["event"] == "over").unwrap();
    assert!(
        over_at < audit_at,
        "the pieces are shown only after the end"
    );
}

#[test]
fn a_spectator_follows_a_xiangqi_game_and_agrees_on_every_move_and_the_result() {
    let events = watched_game("xiangqi", "10", 4);
    agrees("xiangqi", &events);
    assert!(
        !events[2].iter().any(|e| e["event"] == "audit"),
        "Xiangqi hides nothing: no audit"
    );
}

#[test]
fn a_player_who_takes_no_spectators_declines_them_and_one_not_playing_has_nothing_to_show() {
    let (pa, pb, pc) = (profile("na"), profile("nb"), profile("nc"));
    let mut alice = Peer::start(
        &pa,
        &["--name", "Alice", "--no-spectators", "--delay", "30"],
    );
    let address = format!("127.0.0.1:{}", alice.port());
    // Nothing to watch yet: Alice is not playing.
    let early = Peer::start(&pc, &["--name", "Early", "--watch", &address]);
    let (ok, events) = early.finish();
    assert!(!ok, "watching an idle peer fails");
    let error = event(&events, "error");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("no game to watch")),
        "{error}"
    );
    let bob = Peer::start(
        &pb,
        &["--name", "Bob", "--delay", "30", "--connect", &address],
    );
    alice.wait_for(|v| v["event"] == "move");
    let carol = Peer::start(&pc, &["--name", "Carol", "--watch", &address]);
    let (ok, events) = carol.finish();
    assert!(!ok, "a declined spectator exits 1");
    let error = event(&events, "error");
    assert!(
        error["message"]
            .as_str()
            .is_some_and(|m| m.contains("do not take spectators")),
        "{error}"
    );
    assert!(alice.finish().0 && bob.finish().0, "the game went on");
}
