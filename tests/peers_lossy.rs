//! Two headless peers play whole Junqi games through the in-memory lossy link (20% loss,
//! 5% duplication, 1-80 ms jitter that reorders), across many seeds: every move arrives
//! exactly once, both transcripts are identical, the games end the same on both sides, and
//! each side's post-game audit of the other passes.

#[path = "support/deadline.rs"]
mod deadline;

use std::net::SocketAddr;

use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::{self, BotKind, PeerOptions, PeerReport};
use lanqi::session::GameKind;
use lanqi::store::Identity;
use serde_json::Value;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 1], port))
}

/// Plays `games` games between two peers on a lossy net; returns both reports and events.
async fn play(seed: u64, quality: LinkQuality, games: u32) -> [(PeerReport, Vec<Value>); 2] {
    play_game(GameKind::Junqi, seed, quality, games).await
}

/// [`play`] for any game.
async fn play_game(
    game: GameKind,
    seed: u64,
    quality: LinkQuality,
    games: u32,
) -> [(PeerReport, Vec<Value>); 2] {
    let net = LossyNet::new(quality, seed);
    let (a, b) = (net.attach(addr(1)), net.attach(addr(2)));
    let options = |name: &str, connect, bot_seed| PeerOptions {
        name: name.into(),
        connect,
        bot: BotKind::Random,
        game,
        games,
        seed: bot_seed,
        ..PeerOptions::default()
    };
    let alice = options("alice", None, seed * 2);
    let bob = options("bob", Some(addr(1)), seed * 2 + 1);
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    let played = deadline::within(deadline::PLAY, async {
        tokio::join!(
            peer::run(&a, Identity::from_secret([1; 32]), alice, None, |v| ea
                .push(v.clone())),
            peer::run(&b, Identity::from_secret([2; 32]), bob, None, |v| eb
                .push(v.clone())),
        )
    })
    .await;
    let Some((ra, rb)) = played else {
        panic!(
            "seed {seed}: the games did not end within {:?}; alice saw {}; bob saw {}",
            deadline::PLAY,
            deadline::last(&ea, 20),
            deadline::last(&eb, 20)
        );
    };
    let ra = ra.unwrap_or_else(|e| panic!("seed {seed}: alice: {e}"));
    let rb = rb.unwrap_or_else(|e| panic!("seed {seed}: bob: {e}"));
    [(ra, ea), (rb, eb)]
}

fn moves(events: &[Value]) -> Vec<(u64, String)> {
    events
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| {
            (
                e["ply"].as_u64().unwrap(),
                e["move"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

#[tokio::test(start_paused = true)]
async fn games_over_a_bad_wifi_deliver_every_move_exactly_once() {
    for seed in 0..40 {
        let [(ra, ea), (rb, eb)] = play(seed, LinkQuality::BAD_WIFI, 1).await;
        assert_eq!(ra.games.len(), 1, "seed {seed}");
        assert_eq!(
            ra.games, rb.games,
            "seed {seed}: same result and transcript head on both sides"
        );
        let (ma, mb) = (moves(&ea), moves(&eb));
        assert!(!ma.is_empty());
        assert_eq!(ma, mb, "seed {seed}: the same moves in the same order");
        let plies: Vec<u64> = ma.iter().map(|(p, _)| *p).collect();
        assert_eq!(
            plies,
            (1..=plies.len() as u64).collect::<Vec<_>>(),
            "each ply once, in order"
        );
        for events in [&ea, &eb] {
            assert!(
                !events
                    .iter()
                    .any(|e| e["event"] == "desync" || e["event"] == "refused"),
                "seed {seed}"
            );
            let audits: Vec<&Value> = events.iter().filter(|e| e["event"] == "audit").collect();
            assert_eq!(
                audits.len(),
                1,
                "seed {seed}: each side audits the game once"
            );
            assert_eq!(audits[0]["ok"], true, "seed {seed}: {}", audits[0]);
        }
        // The link really was bad: retransmissions were needed and duplicates suppressed.
        assert!(
            ra.drops.duplicate + rb.drops.duplicate > 0,
            "seed {seed}: no duplicate ever seen?"
        );
        assert_eq!(ra.drops.bad_signature + rb.drops.bad_signature, 0);
        assert_eq!(
            ra.drops.malformed + rb.drops.malformed,
            0,
            "seed {seed}: {:?} {:?}",
            ra.drops,
            rb.drops
        );
    }
}

#[tokio::test(start_paused = true)]
async fn several_games_in_one_session_alternate_who_starts() {
    let [(ra, ea), (rb, eb)] = play(99, LinkQuality::BAD_WIFI, 3).await;
    assert_eq!(ra.games.len(), 3);
    assert_eq!(ra.games, rb.games);
    let firsts: Vec<&str> = ea
        .iter()
        .filter(|e| e["event"] == "play")
        .map(|e| e["first"].as_str().unwrap())
        .collect();
    assert_eq!(firsts.len(), 3);
    assert!(firsts.windows(2).all(|w| w[0] != w[1]), "{firsts:?}");
    let restarts = |events: &[Value]| events.iter().filter(|e| e["event"] == "restart").count();
    assert_eq!(
        restarts(&ea),
        2,
        "alice (seat 1, she was challenged) was told of each restart"
    );
    assert_eq!(restarts(&eb), 0);
}

/// Tibetan seven-square chess over a bad Wi-Fi: placement, the opening removals and the
/// battle's jump chains and removals arrive once and in order, and both peers end the game
/// the same way with the same transcript.
#[tokio::test(start_paused = true)]
async fn tibetan_games_over_a_bad_wifi_end_the_same_on_both_sides() {
    let tibetan: GameKind = "tibetan".parse().unwrap();
    for seed in 0..4 {
        let [(ra, ea), (rb, eb)] = play_game(tibetan, seed, LinkQuality::BAD_WIFI, 1).await;
        assert_eq!(ra.games.len(), 1, "seed {seed}");
        assert_eq!(
            ra.games, rb.games,
            "seed {seed}: same result and transcript head"
        );
        let (ma, mb) = (moves(&ea), moves(&eb));
        assert!(
            ma.len() > 49,
            "seed {seed}: placement and a battle ({} turns)",
            ma.len()
        );
        assert_eq!(ma, mb, "seed {seed}");
        assert!(
            ["black", "white", "draw"].contains(&ra.games[0].0.as_str()),
            "{:?}",
            ra.games
        );
        for events in [&ea, &eb] {
            assert!(
                !events
                    .iter()
                    .any(|e| e["event"] == "desync" || e["event"] == "refused"),
                "seed {seed}"
            );
        }
    }
}
