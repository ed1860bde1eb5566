//! Spectators against the odds (issue #24): games of any length are watched to the end with
//! nothing dropped — a filled 26x26 Gomoku board, a long Tibetan game —, and strangers that
//! ask to watch and then acknowledge nothing hold no spectator slot while a real watcher,
//! over real loopback UDP, gets one and watches a whole game.

use std::cell::Cell;
use std::net::SocketAddr;
use std::time::Duration;

use ed25519_dalek::SigningKey;
use lanqi::net::endpoint::session_id;
use lanqi::net::{DropCounters, Endpoint, EndpointConfig, LinkQuality, LossyNet};
use lanqi::peer::{self, BotKind, PeerOptions, PeerReport};
use lanqi::protocol::Message;
use lanqi::protocol::envelope::{self, Header, VERSION};
use lanqi::session::GameKind;
use lanqi::store::Identity;
use serde_json::Value;

#[path = "support/deadline.rs"]
mod deadline;

fn options(name: &str, seed: u64) -> PeerOptions {
    PeerOptions {
        name: name.into(),
        bot: BotKind::Random,
        delay_ms: 20,
        seed,
        ..PeerOptions::default()
    }
}

/// Each move event as a line: ply, side, move.
fn moves(events: &[Value]) -> Vec<String> {
    let all = events.iter().filter(|e| e["event"] == "move");
    all.map(|e| format!("{} {} {}", e["ply"], e["side"], e["move"]))
        .collect()
}

/// What a watcher must have seen: the whole game, as the player printed it, and its end;
/// and nothing dropped on either side.
fn watched_whole(game: &str, (ra, ea): (&PeerReport, &[Value]), (rc, ec): (&PeerReport, &[Value])) {
    assert_eq!(
        moves(ec),
        moves(ea),
        "the spectator's moves are the player's"
    );
    assert_eq!(rc.games, ra.games, "the same end");
    let nothing = |d: &DropCounters| d.bad_payload == 0 && d.refused == 0 && d.malformed == 0;
    assert!(nothing(&rc.drops), "the spectator dropped: {:?}", rc.drops);
    assert!(nothing(&ra.drops), "the player dropped: {:?}", ra.drops);
    let started = ec
        .iter()
        .find(|e| e["event"] == "started")
        .expect("started");
    assert_eq!(started["game"], game.split(':').next().unwrap_or(game));
    // The moves so far as a text (what `board` carried before) pass PROTOCOL §7.4's
    // 300-character limit of a `board` many times over: the game is long.
    let text: Vec<String> = ec
        .iter()
        .filter(|e| e["event"] == "move")
        .map(|e| e["move"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(text.join(" ").len() > 600, "{} moves", text.len());
}

/// Alice and Bob play `game` on a perfect in-memory link; once Alice has made `after`
/// moves, Carol watches her. The reports and events of Alice and Carol.
async fn watch_long(game: &str, after: u64) -> [(PeerReport, Vec<Value>); 2] {
    let kind: GameKind = game.parse().expect("a game");
    let net = LossyNet::new(LinkQuality::PERFECT, 7);
    let at = |port| SocketAddr::from(([10, 0, 0, 1], port));
    let (a, b, c) = (net.attach(at(1)), net.attach(at(2)), net.attach(at(3)));
    let played = Cell::new(0u64);
    let (mut ea, mut eb, mut ec) = (Vec::new(), Vec::new(), Vec::new());
    let bob = PeerOptions {
        connect: Some(at(1)),
        game: kind,
        ..options("Bob", 6)
    };
    let carol = PeerOptions {
        watch: Some(at(1)),
        ..options("Carol", 7)
    };
    let run = deadline::within(deadline::PLAY, async {
        tokio::join!(
            peer::run(
                &a,
                Identity::from_secret([1; 32]),
                options("Alice", 5),
                None,
                |v| {
                    if v["event"] == "move" {
                        played.set(played.get() + 1);
                    }
                    ea.push(v.clone())
                }
            ),
            peer::run(&b, Identity::from_secret([2; 32]), bob, None, |v| eb
                .push(v.clone())),
            async {
                while played.get() < after {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                peer::run(&c, Identity::from_secret([3; 32]), carol, None, |v| {
                    ec.push(v.clone())
                })
                .await
            },
        )
    })
    .await;
    let Some((ra, rb, rc)) = run else {
        panic!(
            "the watched {game} game did not end within {:?}; alice saw {}; carol saw {}",
            deadline::PLAY,
            deadline::last(&ea, 10),
            deadline::last(&ec, 10)
        );
    };
    let (ra, rc) = (
        ra.expect("alice finishes"),
        rc.expect("carol watches to the end"),
    );
    rb.expect("bob finishes");
    [(ra, ea), (rc, ec)]
}

/// 26x26, 26 in a row to win: nobody wins, the board fills (676 stones); Carol joins after
/// 100 moves (her `board` would have been 400 characters then) and watches to the end.
#[tokio::test(start_paused = true)]
async fn a_filled_26x26_gomoku_board_is_watched_to_the_end_with_nothing_dropped() {
    let game = "gomoku:freestyle:26x26:2:26";
    let [(ra, ea), (rc, ec)] = watch_long(game, 100).await;
    watched_whole(game, (&ra, &ea), (&rc, &ec));
    assert_eq!(moves(&ec).len(), 26 * 26, "the board filled");
}

/// Tibetan chess by its default rules between random players: a long game (about 200
/// turns; the turns so far pass 300 characters after about 60); Carol joins after 60.
#[tokio::test(start_paused = true)]
async fn a_long_tibetan_game_is_watched_to_the_end_with_nothing_dropped() {
    let game = "tibetan";
    let [(ra, ea), (rc, ec)] = watch_long(game, 60).await;
    eprintln!("{} turns watched", moves(&ec).len());
    watched_whole(game, (&ra, &ea), (&rc, &ec));
}

/// A stranger over real UDP: it asks to watch, then sends heartbeats that acknowledge
/// nothing, and asks again with a fresh nonce every few seconds. It counts what it sent and
/// what it was sent.
struct Mute {
    key: SigningKey,
    socket: tokio::net::UdpSocket,
    session: Option<u64>,
    packet: u64,
    sent: (u64, u64),
    got: (u64, u64),
    accepts: u64,
    /// Answers to its `watch` (accepts and declines).
    answers: u64,
}

impl Mute {
    async fn new(seed: u8) -> Mute {
        Mute {
            key: SigningKey::from_bytes(&[seed; 32]),
            socket: tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap(),
            session: None,
            packet: 0,
            sent: (0, 0),
            got: (0, 0),
            accepts: 0,
            answers: 0,
        }
    }

    async fn send(&mut self, datagram: &[u8], to: SocketAddr) {
        self.sent.0 += 1;
        self.sent.1 += datagram.len() as u64;
        let _ = self.socket.send_to(datagram, to).await;
    }

    /// A padded `watch` as a real watcher sends it, with `nonce`.
    async fn watch(&mut self, to: SocketAddr, name: &str, nonce: [u8; 16]) {
        let config = EndpointConfig {
            name: name.into(),
            ..EndpointConfig::default()
        };
        let mut e = Endpoint::new(self.key.clone(), config, Box::new(move || nonce));
        e.watch(to, 0);
        let (_, datagram) = e.poll_transmit(0).expect("a watch");
        self.send(&datagram, to).await;
    }

    /// A heartbeat of its latest session: ack 0, always.
    async fn heartbeat(&mut self, to: SocketAddr) {
        let Some(session) = self.session else { return };
        self.packet += 1;
        let header = Header {
            version: VERSION,
            session,
            sender: self.key.verifying_key().to_bytes(),
            packet: self.packet,
            seq: 0,
            ack: 0,
            ack_bits: 0,
            frag_index: 0,
            frag_count: 0,
            payload: &[],
        };
        self.send(&envelope::seal(&header, &self.key), to).await;
    }

    /// Takes what arrived, without waiting.
    fn drain(&mut self, player: [u8; 32]) {
        let mut buf = [0u8; 2048];
        while let Ok((n, _)) = self.socket.try_recv_from(&mut buf) {
            self.got.0 += 1;
            self.got.1 += n as u64;
            let Ok(opened) = envelope::open(&buf[..n]) else {
                continue;
            };
            let message = Message::parse(opened.header().payload);
            if let Ok(Message::Decline { .. }) = message {
                self.answers += 1;
            }
            if let Ok(Message::Accept { nonce, reply, .. }) = message {
                self.answers += 1;
                let me = self.key.verifying_key().to_bytes();
                self.session = Some(session_id(&nonce, &reply, &me, &player));
                self.accepts += 1;
            }
        }
    }
}

/// Eight keys that heartbeat but acknowledge nothing and one key asking with a new nonce
/// again and again, all present before and throughout: a real watcher (the peer's run loop
/// over real loopback UDP) is let in, holds a slot and watches the whole game; each stranger
/// is dropped again and again, and is sent less than it sends.
#[tokio::test]
async fn strangers_that_acknowledge_nothing_hold_no_slot_while_a_real_watcher_watches() {
    let bind = || async { tokio::net::UdpSocket::bind("127.0.0.1:0").await.unwrap() };
    let (a, b, c) = (bind().await, bind().await, bind().await);
    let alice_at = a.local_addr().unwrap();
    let alice_key = Identity::from_secret([1; 32]).public_key();
    let mut mutes = Vec::new();
    for k in 0..9u8 {
        mutes.push(Mute::new(100 + k).await);
    }
    let done = Cell::new(false);
    let (mut ea, mut eb, mut ec) = (Vec::new(), Vec::new(), Vec::new());
    // Fifteen in a row to win on 15x15: nobody wins, the board fills (225 moves).
    let alice = PeerOptions {
        delay_ms: 50,
        ..options("Alice", 5)
    };
    let bob = PeerOptions {
        connect: Some(alice_at),
        game: "gomoku:freestyle:15x15:2:15".parse().unwrap(),
        delay_ms: 50,
        ..options("Bob", 6)
    };
    let (started, ready) = (Cell::new(0u64), Cell::new(false));
    let attack = async {
        // The game begins; the strangers ask and heartbeat; Carol comes once they are in.
        while started.get() < 2 {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let mut round = 0u64;
        while !done.get() {
            for (k, m) in mutes.iter_mut().enumerate() {
                m.drain(alice_key);
                // Keys 0-7 ask every 3 s; key 8 asks every 400 ms with a fresh nonce.
                let asks = if k == 8 {
                    round.is_multiple_of(2)
                } else {
                    round.is_multiple_of(15)
                };
                if asks {
                    let nonce = [
                        (round % 250) as u8,
                        k as u8,
                        1,
                        2,
                        3,
                        4,
                        5,
                        6,
                        7,
                        8,
                        9,
                        10,
                        11,
                        12,
                        13,
                        14,
                    ];
                    m.watch(alice_at, &format!("mute{k}"), nonce).await;
                }
                m.heartbeat(alice_at).await;
            }
            round += 1;
            // Every stranger answered (let in, or turned away without the fix) and
            // heartbeating for a second: Carol may come.
            if mutes.iter().all(|m| m.answers > 0) && round >= 5 {
                ready.set(true);
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        for m in mutes.iter_mut() {
            m.drain(alice_key);
        }
    };
    let carol = async {
        while !ready.get() {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let carol = PeerOptions {
            watch: Some(alice_at),
            ..options("Carol", 7)
        };
        peer::run(&c, Identity::from_secret([3; 32]), carol, None, |v| {
            ec.push(v.clone())
        })
        .await
    };
    let run = deadline::within(Duration::from_secs(120), async {
        let players = async {
            tokio::join!(
                peer::run(&a, Identity::from_secret([1; 32]), alice, None, |v| {
                    if v["event"] == "move" {
                        started.set(started.get() + 1);
                    }
                    ea.push(v.clone())
                }),
                peer::run(&b, Identity::from_secret([2; 32]), bob, None, |v| {
                    eb.push(v.clone())
                }),
                carol,
            )
        };
        let (players, ()) = tokio::join!(
            async {
                let r = players.await;
                done.set(true);
                r
            },
            attack
        );
        players
    })
    .await;
    let Some((ra, rb, rc)) = run else {
        panic!(
            "the game did not end within 120 s; alice saw {}; carol saw {}",
            deadline::last(&ea, 15),
            deadline::last(&ec, 15)
        );
    };
    let ra = ra.expect("alice finishes");
    rb.expect("bob finishes");
    let rc =
        rc.unwrap_or_else(|e| panic!("carol watches: {e}; she saw {}", deadline::last(&ec, 15)));
    for (k, m) in mutes.iter().enumerate() {
        eprintln!(
            "mute{k}: sent {} datagrams ({} bytes), got {} ({} bytes), {} accepts",
            m.sent.0, m.sent.1, m.got.0, m.got.1, m.accepts
        );
    }
    // Carol watched the whole game, from the start to the end, dropping nothing.
    assert!(moves(&ec).len() > 3, "{ec:#?}");
    assert_eq!(moves(&ec), moves(&ea));
    assert_eq!(rc.games, ra.games);
    assert_eq!(rc.drops.bad_payload + rc.drops.refused, 0, "{:?}", rc.drops);
    for (k, m) in mutes.iter().enumerate() {
        assert!(m.accepts >= 1, "mute{k} was let in to try");
        assert!(
            m.got.1 < m.sent.1,
            "mute{k} was sent {} bytes for {} it sent",
            m.got.1,
            m.sent.1
        );
    }
    // Each stranger that joined was dropped: Alice said so.
    let said = |status: &str, k: usize| {
        ea.iter()
            .filter(|e| {
                e["event"] == "spectator"
                    && e["peer"] == format!("mute{k}")
                    && e["status"] == status
            })
            .count()
    };
    // Keys 0-7 were each dropped for acknowledging nothing (all but maybe the last time
    // they asked, if the game ended first); key 8 each time it asked again.
    for k in 0..9 {
        let (joined, left) = (said("joined", k), said("left", k));
        assert!(
            joined >= 1 && left + 1 >= joined,
            "mute{k}: joined {joined}, left {left}"
        );
    }
    let left: usize = (0..8).map(|k| said("left", k)).sum();
    assert!(left >= 8, "the eight keys were dropped {left} times");
}
