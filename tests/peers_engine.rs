//! A headless peer with the Junqi computer player (`--bot engine:easy`) against one that
//! plays random moves, over the in-memory link: the engine follows the hidden-piece game
//! from what its side learns (it never loses track), every game passes the audit, and it
//! wins.

#[path = "support/deadline.rs"]
mod deadline;

use std::net::SocketAddr;

use lanqi::engine::junqi::Level;
use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::{self, BotKind, PeerOptions};
use lanqi::store::Identity;
use serde_json::Value;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 6], port))
}

#[tokio::test(start_paused = true)]
async fn the_engine_bot_follows_hidden_games_and_beats_random_moves() {
    let net = LossyNet::new(LinkQuality::PERFECT, 3);
    let (a, b) = (net.attach(addr(1)), net.attach(addr(2)));
    let options = |name: &str, bot, connect| PeerOptions {
        name: name.into(),
        bot,
        connect,
        games: 3,
        seed: 21,
        ..PeerOptions::default()
    };
    let (mut ea, mut eb) = (Vec::<Value>::new(), Vec::<Value>::new());
    let played = deadline::within(deadline::PLAY, async {
        tokio::join!(
            peer::run(
                &a,
                Identity::from_secret([1; 32]),
                options("engine", BotKind::Engine(Level::Easy), None),
                None,
                |v| ea.push(v.clone())
            ),
            peer::run(
                &b,
                Identity::from_secret([2; 32]),
                options("random", BotKind::Random, Some(addr(1))),
                None,
                |v| eb.push(v.clone())
            ),
        )
    })
    .await;
    let Some((ra, rb)) = played else {
        panic!(
            "the games did not end within {:?}; the engine saw {}; the random peer saw {}",
            deadline::PLAY,
            deadline::last(&ea, 20),
            deadline::last(&eb, 20)
        );
    };
    let report = ra.expect("the engine's peer finishes");
    rb.expect("the random peer finishes");
    assert!(
        !ea.iter().any(|e| e["event"] == "note"
            && e["message"]
                .as_str()
                .is_some_and(|m| m.contains("lost track"))),
        "the engine follows every game"
    );
    for events in [&ea, &eb] {
        let audits: Vec<&Value> = events.iter().filter(|e| e["event"] == "audit").collect();
        assert_eq!(audits.len(), 3);
        assert!(audits.iter().all(|a| a["ok"] == true), "{audits:?}");
    }
    // The engine plays North (it listens; the challenger is South).
    let wins = report.games.iter().filter(|(w, _, _)| w == "north").count();
    assert!(
        wins >= 2,
        "engine:easy beat random moves in {wins} of 3: {:?}",
        report.games
    );
}
