//! Tables of more than two seats: three and four headless peers play Gomoku through the
//! in-memory lossy link (20% loss, duplicates, reordering), a star around the peer that
//! opened the table. Every peer sees the same moves in the same order and the same result,
//! with the same transcript; an opener that alters a move it relays is caught by the
//! author's signature.

#[path = "support/deadline.rs"]
mod deadline;
#[path = "support/lossy_table.rs"]
mod lossy_table;

use std::net::SocketAddr;

use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::{BotKind, PeerOptions, PeerReport};
use lanqi::rules::gomoku::{Rule, Settings, Size};
use lanqi::session::{Cheat, GameKind};
use serde_json::Value;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 1], port))
}

fn gomoku(seats: u8) -> GameKind {
    GameKind::Gomoku(Settings {
        rule: Rule::Freestyle,
        size: Size::new(7, 7).expect("a size"),
        seats,
        win: 4,
        opening: Default::default(),
    })
}

use lossy_table::Run;

/// One game at a table of `seats`, opened by the peer at port 1; the others join it.
async fn table(seats: u8, seed: u64, quality: LinkQuality, opener_cheat: Cheat) -> Vec<Run> {
    let net = LossyNet::new(quality, seed);
    let options = |i: u16| PeerOptions {
        name: format!("p{i}"),
        connect: (i > 1).then(|| addr(1)),
        game: gomoku(seats),
        bot: BotKind::Random,
        seed: seed * 10 + u64::from(i),
        cheat: if i == 1 { opener_cheat } else { Cheat::None },
        ..PeerOptions::default()
    };
    lossy_table::play_all(
        &net,
        (1..=u16::from(seats))
            .map(|i| (addr(i), [i as u8; 32], options(i)))
            .collect(),
        &format!("seed {seed}: the table of {seats}"),
    )
    .await
}

fn moves(events: &[Value]) -> Vec<(u64, String, String)> {
    events
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| {
            (
                e["ply"].as_u64().unwrap(),
                e["side"].as_str().unwrap().to_string(),
                e["move"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn side_of_started(events: &[Value]) -> Option<String> {
    let started = events.iter().find(|e| e["event"] == "started")?;
    Some(started["side"].as_str()?.to_string())
}

#[tokio::test(start_paused = true)]
async fn three_peers_finish_a_game_over_a_bad_wifi_and_agree() {
    for seed in 0..8 {
        let runs = table(3, seed, LinkQuality::BAD_WIFI, Cheat::None).await;
        let reports: Vec<&PeerReport> = runs
            .iter()
            .map(|(r, events)| {
                r.as_ref()
                    .unwrap_or_else(|e| panic!("seed {seed}: {e}; events: {events:?}"))
            })
            .collect();
        assert_eq!(reports[0].games.len(), 1, "seed {seed}");
        for r in &reports[1..] {
            assert_eq!(
                r.games, reports[0].games,
                "seed {seed}: the same winner, reason and transcript head at every seat"
            );
        }
        let mut sides: Vec<String> = runs
            .iter()
            .filter_map(|(_, e)| side_of_started(e))
            .collect();
        assert_eq!(sides[0], "1", "seed {seed}: the opener is seat 1");
        sides.sort();
        assert_eq!(
            sides,
            ["1", "2", "3"],
            "seed {seed}: the others take seats 2 and 3, in the order they came"
        );
        let first = moves(&runs[0].1);
        assert!(first.len() >= 7, "seed {seed}: a real game, {first:?}");
        for (_, events) in &runs[1..] {
            assert_eq!(moves(events), first, "seed {seed}: the same moves in order");
        }
        // Turns go round the table: 1, 2, 3, 1, …
        for (i, (ply, side, _)) in first.iter().enumerate() {
            assert_eq!(*ply, i as u64 + 1);
            assert_eq!(side, &((i % 3) + 1).to_string(), "seed {seed}: ply {ply}");
        }
        for (_, events) in &runs {
            assert!(
                !events
                    .iter()
                    .any(|e| e["event"] == "desync" || e["event"] == "refused"),
                "seed {seed}: {events:?}"
            );
        }
    }
}

#[tokio::test(start_paused = true)]
async fn four_peers_play_a_table_of_four() {
    let runs = table(4, 99, LinkQuality::BAD_WIFI, Cheat::None).await;
    let heads: Vec<_> = runs
        .iter()
        .map(|(r, e)| {
            r.as_ref()
                .unwrap_or_else(|err| panic!("{err}; {e:?}"))
                .games
                .clone()
        })
        .collect();
    assert!(
        heads.iter().all(|h| *h == heads[0] && h.len() == 1),
        "{heads:?}"
    );
    let winner = &heads[0][0].0;
    assert!(
        ["1", "2", "3", "4", "draw"].contains(&winner.as_str()),
        "the winner is named by its seat number: {winner}"
    );
}

#[tokio::test(start_paused = true)]
async fn an_opener_that_alters_a_relayed_move_is_caught_by_the_authors_signature() {
    let runs = table(3, 5, LinkQuality::PERFECT, Cheat::AlterRelayed).await;
    let truth = moves(&runs[0].1);
    let mut caught = 0;
    for (i, (report, events)) in runs.iter().enumerate().skip(1) {
        // Every move a player took is one its author signed: what the opener played.
        let seen = moves(events);
        assert_eq!(seen, truth[..seen.len()], "seat {}", i + 1);
        if let Some(refused) = events.iter().find(|e| e["event"] == "refused") {
            let reason = refused["reason"].as_str().unwrap();
            assert!(
                reason.contains("does not carry its signature: altered on the way"),
                "seat {}: {reason}",
                i + 1
            );
            assert_eq!(refused["seat"], "1", "the opener is held to account");
            assert!(!refused["evidence"].as_array().unwrap().is_empty());
            // The table stops with the verdict naming the opener, not with a resignation
            // of the seat that caught it.
            let report = report
                .as_ref()
                .unwrap_or_else(|e| panic!("seat {}: {e}", i + 1));
            assert_eq!(
                (report.games[0].0.as_str(), report.games[0].1.as_str()),
                ("draw", "opponent cheated"),
                "seat {}",
                i + 1
            );
            let left = events
                .iter()
                .find(|e| e["event"] == "seat-left")
                .unwrap_or_else(|| panic!("seat {}: {events:?}", i + 1));
            assert_eq!(left["side"], "1", "the opener left the table");
            caught += 1;
        }
    }
    assert!(caught >= 1, "the first altered move is caught: {runs:?}");
}

/// A player whose peer vanishes mid-game (its link is cut: a crash) leaves the table once
/// the opener has heard nothing from it for the resume wait; the other two play on to the
/// end and agree, and the game's record says who left.
#[tokio::test(start_paused = true)]
async fn a_player_that_vanishes_leaves_and_the_other_two_play_on() {
    let net = LossyNet::new(LinkQuality::PERFECT, 11);
    let options = |i: u16| PeerOptions {
        name: format!("p{i}"),
        connect: (i > 1).then(|| addr(1)),
        game: gomoku(3),
        bot: BotKind::Random,
        delay_ms: 200,
        seed: 70 + u64::from(i),
        silence_timeout_ms: 2_000,
        resume_wait_ms: 3_000,
        ..PeerOptions::default()
    };
    // Seat 3's peer crashes two seconds in (a few moves each): it says nothing more.
    let runs = lossy_table::play_all_but(
        &net,
        (1..=3u16)
            .map(|i| (addr(i), [i as u8; 32], options(i)))
            .collect(),
        Some((2, std::time::Duration::from_secs(2))),
        "the table whose third seat vanished",
    )
    .await;
    let run = |i: u16| &runs[usize::from(i) - 1];
    let (opener, stayer) = (run(1), run(2));
    let opener_report = opener
        .0
        .as_ref()
        .unwrap_or_else(|e| panic!("{e}: {:?}", opener.1));
    let stayer_report = stayer
        .0
        .as_ref()
        .unwrap_or_else(|e| panic!("{e}: {:?}", stayer.1));
    assert_eq!(opener_report.games.len(), 1);
    assert_eq!(
        opener_report.games, stayer_report.games,
        "the two who stayed agree"
    );
    for events in [&opener.1, &stayer.1] {
        let left: Vec<&Value> = events
            .iter()
            .filter(|e| e["event"] == "seat-left")
            .collect();
        assert_eq!(left.len(), 1, "{events:?}");
        assert_eq!(left[0]["reason"], "left the table");
        assert_eq!(moves(events), moves(&opener.1), "the same moves");
    }
    assert_eq!(
        run(3).0.as_ref().err().map(String::as_str),
        Some(lossy_table::CRASHED),
        "seat 3's peer was stopped, not finished"
    );
    let left_side = opener.1.iter().find(|e| e["event"] == "seat-left").unwrap()["side"].clone();
    let stayer_side = side_of_started(&stayer.1).unwrap();
    assert_ne!(left_side, "1", "the opener stayed");
    assert_ne!(
        left_side,
        stayer_side.as_str(),
        "the seat that left is the crashed one"
    );
}
