//! Swap openings between headless peers: two `--bot engine:easy` peers play Gomoku with
//! the swap2 opening (and with swap) through the in-memory lossy link. The opening's
//! decisions travel as ordinary moves; both peers see the same moves, the same result
//! naming the winner by seat number, and the same transcript.

#[path = "support/deadline.rs"]
mod deadline;
#[path = "support/lossy_table.rs"]
mod lossy_table;

use std::net::SocketAddr;

use lanqi::engine::Level;
use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::{BotKind, PeerOptions, PeerReport};
use lanqi::rules::gomoku::{Opening, Settings};
use lanqi::session::GameKind;
use serde_json::Value;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 2], port))
}

use lossy_table::Run;

/// One game of Gomoku with `opening` between two engine peers; peer 2 challenges peer 1.
async fn game(opening: Opening, seed: u64) -> Vec<Run> {
    let net = LossyNet::new(LinkQuality::BAD_WIFI, seed);
    let kind = GameKind::Gomoku(Settings {
        opening,
        ..Settings::default()
    });
    let options = |i: u16| PeerOptions {
        name: format!("p{i}"),
        connect: (i > 1).then(|| addr(1)),
        game: kind,
        bot: BotKind::Engine(Level::Easy),
        seed: seed * 10 + u64::from(i),
        ..PeerOptions::default()
    };
    lossy_table::play_all(
        &net,
        (1..=2u16)
            .map(|i| (addr(i), [i as u8 + 40; 32], options(i)))
            .collect(),
        &format!("{opening} {seed}: the game"),
    )
    .await
}

fn moves(events: &[Value]) -> Vec<(String, String)> {
    events
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| {
            (
                e["side"].as_str().unwrap().to_string(),
                e["move"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

fn check(opening: Opening, seed: u64) -> impl Fn(Vec<Run>) -> Vec<(String, String)> {
    move |runs| {
        let reports: Vec<&PeerReport> = runs
            .iter()
            .map(|(r, events)| {
                r.as_ref()
                    .unwrap_or_else(|e| panic!("{opening} {seed}: {e}; {events:?}"))
            })
            .collect();
        assert_eq!(reports[0].games.len(), 1, "{opening} {seed}");
        assert_eq!(
            reports[0].games, reports[1].games,
            "{opening} {seed}: the same winner, reason and transcript head"
        );
        let winner = &reports[0].games[0].0;
        assert!(
            ["1", "2", "draw"].contains(&winner.as_str()),
            "{opening} {seed}: the winner by seat number: {winner}"
        );
        let first = moves(&runs[0].1);
        assert_eq!(moves(&runs[1].1), first, "{opening} {seed}: the same moves");
        for (_, events) in &runs {
            assert!(
                !events
                    .iter()
                    .any(|e| e["event"] == "desync" || e["event"] == "refused"),
                "{opening} {seed}: {events:?}"
            );
        }
        first
    }
}

#[tokio::test(start_paused = true)]
async fn two_engine_peers_play_swap2_and_agree() {
    for seed in 0..3 {
        let first = check(Opening::Swap2, seed)(game(Opening::Swap2, seed).await);
        // Seat 1 places the first three stones; then seat 2 decides.
        let sides: Vec<&str> = first.iter().take(4).map(|(s, _)| s.as_str()).collect();
        assert_eq!(sides, ["1", "1", "1", "2"], "seed {seed}: {first:?}");
        assert!(
            ["black", "white", "place2"].contains(&first[3].1.as_str()),
            "seed {seed}: the fourth move is a decision: {first:?}"
        );
        if first[3].1 == "place2" {
            assert_eq!(first[4].0, "2");
            assert_eq!(first[5].0, "2");
            assert!(
                ["black", "white"].contains(&first[6].1.as_str()),
                "{first:?}"
            );
            assert_eq!(
                first[6].0, "1",
                "seed {seed}: the opener chooses after place2"
            );
        }
    }
}

#[tokio::test(start_paused = true)]
async fn two_engine_peers_play_swap_and_agree() {
    let first = check(Opening::Swap, 7)(game(Opening::Swap, 7).await);
    assert!(
        ["black", "white"].contains(&first[3].1.as_str()),
        "{first:?}"
    );
}
