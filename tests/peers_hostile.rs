//! Hostile traffic: forged, tampered, replayed, truncated, oversized, wrong-version and
//! wrong-session datagrams are dropped and counted while the game goes on; an illegal move
//! from a peer is refused, never applied, and reported with its signed evidence.

use std::net::SocketAddr;
use std::time::Duration;

use ed25519_dalek::SigningKey;
use lanqi::net::{Endpoint, EndpointConfig, LinkQuality, LossyNet, NetEvent, Transport};
use lanqi::peer::{self, BotKind, PeerError, PeerOptions};
use lanqi::protocol::envelope::{self, Header, VERSION};
use lanqi::protocol::{Message, message::hex};
use lanqi::store::Identity;
use serde_json::Value;

#[path = "support/challenge.rs"]
mod challenge;
#[path = "support/deadline.rs"]
mod deadline;
#[path = "support/peer_process.rs"]
mod peer_process;
#[path = "support/temp_dir.rs"]
mod temp_dir;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 9], port))
}

fn options(name: &str, connect: Option<SocketAddr>) -> PeerOptions {
    PeerOptions {
        name: name.into(),
        connect,
        bot: BotKind::Random,
        delay_ms: 20,
        seed: 5,
        ..PeerOptions::default()
    }
}

#[tokio::test(start_paused = true)]
async fn hostile_datagrams_are_dropped_and_counted_while_the_game_goes_on() {
    let net = LossyNet::new(LinkQuality::PERFECT, 1);
    let mut tap = net.tap();
    let (a, b, m) = (
        net.attach(addr(1)),
        net.attach(addr(2)),
        net.attach(addr(3)),
    );
    let mallory = SigningKey::from_bytes(&[66; 32]);
    let bob_key = Identity::from_secret([2; 32]).public_key();
    let attack = async {
        // Watch the game until bob has sent a few data datagrams to alice.
        let mut captured = Vec::new();
        while captured.len() < 20 {
            let (datagram, from, to) = tap.recv().await.expect("tap");
            let header = envelope::open(&datagram)
                .expect("real traffic opens")
                .header()
                .clone();
            if from == addr(2) && to == addr(1) && header.session != 0 && header.seq != 0 {
                captured.push((datagram.clone(), header.session, header.packet));
            }
        }
        let (real, session, packet) = captured.last().cloned().unwrap();
        let payload = b"move|99|a1-a2|00|0".to_vec();
        let forge = |session: u64, sender: [u8; 32], key: &SigningKey| {
            let h = Header {
                version: VERSION,
                session,
                sender,
                packet: packet + 1000,
                seq: 999,
                ack: 0,
                ack_bits: 0,
                frag_index: 0,
                frag_count: 1,
                payload: &payload,
            };
            envelope::seal(&h, key)
        };
        let mut tampered = real.clone();
        let last_payload_byte = tampered.len() - 65;
        tampered[last_payload_byte] ^= 0x20;
        let mut bad_version = real.clone();
        bad_version[0] = 9;
        let mut garbage = vec![0xff; 200];
        garbage[0] = VERSION;
        let attacks: Vec<Vec<u8>> = vec![
            real.clone(),                                                 // replayed
            tampered, // its packet number was seen: dropped as a replay before any crypto
            forge(session, bob_key, &mallory), // forged as bob: bad signature
            forge(session, mallory.verifying_key().to_bytes(), &mallory), // wrong sender
            forge(session ^ 0x5555, bob_key, &mallory), // unknown session
            real[..40].to_vec(), // truncated
            vec![VERSION; 1300], // too large
            bad_version, // bad version
            garbage,  // malformed
        ];
        for _ in 0..3 {
            for datagram in &attacks {
                m.send_to(datagram, addr(1)).await.unwrap();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    };
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    let played = deadline::within(deadline::PLAY, async {
        tokio::join!(
            peer::run(
                &a,
                Identity::from_secret([1; 32]),
                options("alice", None),
                None,
                |v| ea.push(v.clone())
            ),
            peer::run(
                &b,
                Identity::from_secret([2; 32]),
                options("bob", Some(addr(1))),
                None,
                |v| eb.push(v.clone())
            ),
            attack,
        )
    })
    .await;
    let Some((ra, rb, ())) = played else {
        panic!(
            "the game under attack did not end within {:?}; alice saw {}; bob saw {}",
            deadline::PLAY,
            deadline::last(&ea, 20),
            deadline::last(&eb, 20)
        );
    };
    let (ra, rb) = (ra.expect("alice finishes"), rb.expect("bob finishes"));
    assert_eq!(
        ra.games, rb.games,
        "the game went on and ended the same on both sides"
    );
    let d = ra.drops;
    assert_eq!(d.replayed, 6, "the replay and the tampered copy: {d:?}");
    assert_eq!(d.bad_signature, 3, "{d:?}");
    assert_eq!(d.wrong_sender, 3, "{d:?}");
    assert_eq!(d.unknown_session, 3, "{d:?}");
    assert_eq!(d.truncated, 3, "{d:?}");
    assert_eq!(d.too_large, 3, "{d:?}");
    assert_eq!(d.bad_version, 3, "{d:?}");
    assert_eq!(d.malformed, 3, "{d:?}");
    let drops = ea
        .iter()
        .find(|e| e["event"] == "drops")
        .expect("a drops event at exit");
    assert_eq!(drops["counters"]["bad_signature"], 3);
    assert!(!eb.iter().any(|e| e["event"] == "refused"));
}

/// Pumps a hand-driven endpoint until `step` says stop.
async fn drive(
    ep: &mut Endpoint,
    t: &impl Transport,
    start: tokio::time::Instant,
    mut step: impl FnMut(&mut Endpoint, NetEvent) -> bool,
) {
    let mut buf = vec![0u8; 2048];
    loop {
        let now = start.elapsed().as_millis() as u64;
        while let Some((to, d)) = ep.poll_transmit(now) {
            t.send_to(&d, to).await.unwrap();
        }
        while let Some(event) = ep.poll_event() {
            if step(ep, event) {
                let now = start.elapsed().as_millis() as u64;
                while let Some((to, d)) = ep.poll_transmit(now) {
                    t.send_to(&d, to).await.unwrap();
                }
                return;
            }
        }
        tokio::select! {
            r = t.recv_from(&mut buf) => {
                let (n, from) = r.unwrap();
                ep.handle_datagram(from, &buf[..n], start.elapsed().as_millis() as u64);
            }
            _ = tokio::time::sleep(Duration::from_millis(50)) => ep.handle_timeout(start.elapsed().as_millis() as u64),
        }
    }
}

/// What Alice, an honest Junqi peer with a games folder, ends with when Mallory (a raw
/// endpoint with key `[66; 32]`) challenges her, starts a game and sends `attack`: her run's
/// result, her events and the games she saved.
async fn alice_against(
    attack: Vec<Message>,
) -> (Result<peer::PeerReport, PeerError>, Vec<Value>, Vec<String>) {
    let net = LossyNet::new(LinkQuality::PERFECT, 2);
    let (a, m) = (net.attach(addr(1)), net.attach(addr(3)));
    let key = SigningKey::from_bytes(&[66; 32]);
    let config = EndpointConfig {
        name: "mallory".into(),
        ..EndpointConfig::default()
    };
    let mut ep = Endpoint::new(key, config, Box::new(|| [7; 16]));
    let cheat = async {
        let start = tokio::time::Instant::now();
        ep.challenge(addr(1), "junqi", None, 0);
        drive(&mut ep, &m, start, |ep, event| {
            if let NetEvent::Connected { .. } = event {
                ep.send(&Message::Start {
                    game_id: 5,
                    first: 0,
                });
                ep.send(&Message::Commit {
                    commitments: "ab".repeat(800),
                });
                for message in &attack {
                    ep.send(message);
                }
                return false;
            }
            matches!(event, NetEvent::Left { .. } | NetEvent::Gone { .. })
        })
        .await;
    };
    let mut events = Vec::new();
    let games = temp_dir::TempDir::new("refusal-kept");
    let honest = async {
        let result = peer::run(
            &a,
            Identity::from_secret([1; 32]),
            PeerOptions {
                games_dir: Some(games.0.clone()),
                ..options("alice", None)
            },
            None,
            |v| events.push(v.clone()),
        )
        .await;
        // Let the cheater's loop end.
        net.detach(addr(1));
        result
    };
    let played = deadline::within(deadline::PLAY, async {
        tokio::join!(honest, async {
            tokio::select! {
                () = cheat => {},
                () = tokio::time::sleep(Duration::from_secs(30)) => {},
            }
        })
    })
    .await;
    let Some((result, ())) = played else {
        panic!(
            "alice never stopped within {:?}; she saw {}",
            deadline::PLAY,
            deadline::last(&events, 20)
        );
    };
    let saved: Vec<String> = std::fs::read_dir(&games.0)
        .expect("the games folder")
        .map(|f| std::fs::read_to_string(f.expect("an entry").path()).expect("a transcript"))
        .collect();
    (result, events, saved)
}

/// The evidence of a `refused` event: the offender's signed datagrams, as bytes, checked
/// to be Mallory's.
fn mallory_signed(events: &[Value]) -> Vec<Vec<u8>> {
    let refused: &Value = events
        .iter()
        .find(|e| e["event"] == "refused")
        .expect("a refused event");
    refused["evidence"]
        .as_array()
        .expect("evidence")
        .iter()
        .map(|d| {
            let d = d.as_str().expect("hex");
            let bytes: Vec<u8> = (0..d.len() / 2)
                .map(|i| u8::from_str_radix(&d[2 * i..2 * i + 2], 16).unwrap())
                .collect();
            let header = envelope::open(&bytes)
                .unwrap()
                .verify()
                .expect("a valid signature");
            assert_eq!(
                header.sender,
                SigningKey::from_bytes(&[66; 32]).verifying_key().to_bytes()
            );
            assert_eq!(hex(&bytes), d);
            bytes
        })
        .collect()
}

#[tokio::test(start_paused = true)]
async fn an_illegal_move_is_refused_with_signed_evidence() {
    // b1 is a headquarters: whatever stands there never moves again, and anyone can see
    // that without knowing the piece.
    let (result, events, saved) = alice_against(vec![Message::Move {
        ply: 1,
        mv: "b1-b2".into(),
        hash: "00".into(),
        clock_ms: 0,
    }])
    .await;
    match result {
        Err(PeerError::Refused(reason)) => {
            assert!(reason.contains("headquarters never moves"), "{reason}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    // The evidence is the cheater's own signed datagram: anyone can check it.
    let evidence = mallory_signed(&events);
    assert_eq!(evidence.len(), 1);
    let header = envelope::open(&evidence[0]).unwrap().verify().unwrap();
    assert_eq!(header.payload, b"move|1|b1-b2|00|0");
    assert!(
        !events.iter().any(|e| e["event"] == "move"),
        "the illegal move was never applied"
    );
    assert_eq!(saved.len(), 1, "one game saved");
    assert!(
        saved[0].contains(&hex(&evidence[0])),
        "the transcript keeps the refused move's signed datagram:\n{}",
        saved[0]
    );
}

/// A table of two holds its other seat to the same checks as a larger table holds every
/// seat: a restart in the middle of the game (`reset`) is refused with its signed datagram
/// as evidence, the offender leaves, and the game is recorded as won, for the opponent
/// broke the rules, with the evidence in the saved game. (Before, the peer stopped with
/// the game unfinished and nothing kept: the offender could have it resumed.)
#[tokio::test(start_paused = true)]
async fn a_restart_in_the_middle_of_a_game_ends_it_for_the_offender_with_evidence() {
    let (result, events, saved) = alice_against(vec![Message::Reset]).await;
    match result {
        Err(PeerError::Refused(reason)) => {
            assert!(reason.contains("restart in the middle"), "{reason}")
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    let evidence = mallory_signed(&events);
    assert_eq!(evidence.len(), 1);
    let header = envelope::open(&evidence[0]).unwrap().verify().unwrap();
    assert_eq!(header.payload, b"reset");
    let over: Vec<&Value> = events.iter().filter(|e| e["event"] == "over").collect();
    assert_eq!(over.len(), 1, "{}", deadline::last(&events, 12));
    assert_eq!(over[0]["reason"], "opponent broke the rules");
    assert_eq!(over[0]["winner"], "north", "alice (seat 1, north) wins");
    assert_eq!(saved.len(), 1, "one game saved");
    assert!(saved[0].contains(&hex(&evidence[0])), "{}", saved[0]);
    assert!(
        saved[0].contains("over"),
        "the saved game is over:\n{}",
        saved[0]
    );
}

/// One challenge from a stranger, never followed up, does not take a listener out: it is
/// accepted, given up a few seconds later, and a friend who challenges next plays a whole
/// game with it (before, the listener answered everyone `busy` for a minute and then exited
/// saying its peer was gone).
#[tokio::test(start_paused = true)]
async fn a_challenge_never_followed_up_does_not_take_a_listener_out() {
    let net = LossyNet::new(LinkQuality::PERFECT, 3);
    let (a, b, m) = (
        net.attach(addr(1)),
        net.attach(addr(2)),
        net.attach(addr(3)),
    );
    let mut stranger = Endpoint::new(
        SigningKey::from_bytes(&[77; 32]),
        EndpointConfig::default(),
        Box::new(|| [9; 16]),
    );
    let mut events = Vec::new();
    let alice = async {
        let r = peer::run(
            &a,
            Identity::from_secret([1; 32]),
            options("alice", None),
            None,
            |v| events.push(v.clone()),
        )
        .await;
        net.detach(addr(1));
        r
    };
    let others = async {
        // The stranger's one challenge, and then silence.
        stranger.challenge(addr(1), "junqi", None, 0);
        while let Some((to, d)) = stranger.poll_transmit(0) {
            m.send_to(&d, to).await.unwrap();
        }
        tokio::time::sleep(Duration::from_secs(7)).await;
        let r = peer::run(
            &b,
            Identity::from_secret([2; 32]),
            options("bob", Some(addr(1))),
            None,
            |_| {},
        )
        .await;
        net.detach(addr(2));
        r
    };
    let (ra, rb) = tokio::time::timeout(Duration::from_secs(600), async {
        tokio::join!(alice, others)
    })
    .await
    .expect("the game with the friend ended");
    let ra = ra.unwrap_or_else(|e| panic!("alice stopped: {e}; {events:#?}"));
    rb.expect("bob played");
    assert_eq!(ra.games.len(), 1, "alice played bob's game");
    assert!(
        events.iter().any(|e| e["event"] == "note"
            && e["message"]
                .as_str()
                .is_some_and(|m| m.contains("never spoke"))),
        "{events:#?}"
    );
    // At a table of two as at a larger one, a challenge alone seats nobody: alice was
    // connected to bob only (before, the stranger was seated until given up).
    let connected: Vec<&Value> = events
        .iter()
        .filter(|e| e["event"] == "connected")
        .collect();
    assert_eq!(connected.len(), 1, "{connected:#?}");
    assert_eq!(connected[0]["peer"], "bob");
}

/// Nor does it make anyone wait: a stranger's challenge never followed up, and then a
/// challenge of someone else's replayed from another address (no key needed), are each
/// accepted, and a friend who challenges a second later is heard at once (not told busy)
/// and plays a whole game; neither the stranger nor the one whose challenge was replayed
/// is recorded in known_peers.txt, since neither spoke in its session.
#[tokio::test(start_paused = true)]
async fn a_challenge_never_followed_up_makes_nobody_wait() {
    let dir = temp_dir::TempDir::new("unheard");
    let profile = lanqi::store::Profile::open(Some(&dir.0)).unwrap();
    let net = LossyNet::new(LinkQuality::PERFECT, 7);
    let (a, b, m) = (
        net.attach(addr(1)),
        net.attach(addr(2)),
        net.attach(addr(3)),
    );
    let one_challenge = |secret: u8, name: &str| {
        let config = EndpointConfig {
            name: name.into(),
            ..EndpointConfig::default()
        };
        let mut ep = Endpoint::new(
            SigningKey::from_bytes(&[secret; 32]),
            config,
            Box::new(move || [secret; 16]),
        );
        ep.challenge(addr(1), "junqi", None, 0);
        ep.poll_transmit(0).expect("a challenge").1
    };
    // Carol's real challenge, captured on its way to someone else.
    let (stranger, carols) = (one_challenge(77, "stranger"), one_challenge(78, "carol"));
    let mut events = Vec::new();
    let alice = async {
        let r = peer::run(
            &a,
            Identity::from_secret([1; 32]),
            options("alice", None),
            Some(&profile),
            |v| events.push(v.clone()),
        )
        .await;
        net.detach(addr(1));
        r
    };
    let others = async {
        m.send_to(&stranger, addr(1)).await.unwrap();
        tokio::time::sleep(Duration::from_secs(1)).await;
        m.send_to(&carols, addr(1)).await.unwrap();
        tokio::time::sleep(Duration::from_secs(1)).await;
        let r = peer::run(
            &b,
            Identity::from_secret([2; 32]),
            options("bob", Some(addr(1))),
            None,
            |_| {},
        )
        .await;
        net.detach(addr(2));
        r
    };
    let played = deadline::within(deadline::PLAY, async { tokio::join!(alice, others) }).await;
    let Some((ra, rb)) = played else {
        panic!(
            "the game with the friend did not end; alice saw {}",
            deadline::last(&events, 20)
        );
    };
    let ra = ra.unwrap_or_else(|e| panic!("alice stopped: {e}; {}", deadline::last(&events, 20)));
    rb.unwrap_or_else(|e| panic!("bob: {e}"));
    assert_eq!(ra.games.len(), 1, "alice played bob's game");
    let accepted = events
        .iter()
        .filter(|e| e["event"] == "challenged" && e["accepted"] == true)
        .count();
    assert_eq!(
        accepted, 3,
        "the stranger, carol's replayed challenge and bob"
    );
    let known = std::fs::read_to_string(profile.known_peers_path()).unwrap();
    let names: Vec<&str> = known
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' ').map(|(_, n)| n))
        .collect();
    assert_eq!(names, ["bob"], "{known}");
}

/// A flood of challenges from fresh keys with fresh names (each declined: it asks to resume a
/// game that does not exist) grows nothing on disk: a peer is recorded in known_peers.txt only
/// once a session with it is up (before, each one added a line and rewrote the file: 814 MB
/// in 20 s). A friend who challenges after the flood plays a whole game, and is recorded.
#[tokio::test(start_paused = true)]
async fn a_flood_of_challenges_from_fresh_keys_grows_nothing_on_disk() {
    let dir = temp_dir::TempDir::new("flood");
    let profile = lanqi::store::Profile::open(Some(&dir.0)).unwrap();
    let net = LossyNet::new(LinkQuality::PERFECT, 4);
    let (a, b, m) = (
        net.attach(addr(1)),
        net.attach(addr(2)),
        net.attach(addr(3)),
    );
    let mut events = Vec::new();
    let alice = async {
        let r = peer::run(
            &a,
            Identity::from_secret([1; 32]),
            options("alice", None),
            Some(&profile),
            |v| events.push(v.clone()),
        )
        .await;
        net.detach(addr(1));
        r
    };
    let others = async {
        for i in 0..2000u32 {
            let mut key = [0u8; 32];
            key[..4].copy_from_slice(&i.to_le_bytes());
            key[31] = 0xee;
            let config = EndpointConfig {
                name: format!("stranger {i}"),
                ..EndpointConfig::default()
            };
            let mut stranger = Endpoint::new(
                SigningKey::from_bytes(&key),
                config,
                Box::new(move || [i as u8; 16]),
            );
            stranger.challenge(addr(1), "junqi", Some(u64::from(i) + 1), 0);
            while let Some((to, d)) = stranger.poll_transmit(0) {
                m.send_to(&d, to).await.unwrap();
            }
            if i % 100 == 0 {
                tokio::time::sleep(Duration::from_millis(10)).await;
            }
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
        let known = std::fs::read_to_string(profile.known_peers_path()).unwrap_or_default();
        let r = peer::run(
            &b,
            Identity::from_secret([2; 32]),
            options("bob", Some(addr(1))),
            None,
            |_| {},
        )
        .await;
        net.detach(addr(2));
        (known, r)
    };
    let (ra, (known_after_flood, rb)) = tokio::time::timeout(Duration::from_secs(600), async {
        tokio::join!(alice, others)
    })
    .await
    .expect("the game with the friend ended");
    let ra = ra.unwrap_or_else(|e| panic!("alice stopped: {e}"));
    rb.expect("bob played");
    assert_eq!(ra.games.len(), 1, "alice played bob's game after the flood");
    let entries = |text: &str| text.lines().filter(|l| !l.starts_with('#')).count();
    assert_eq!(entries(&known_after_flood), 0, "no stranger was recorded");
    let known = std::fs::read_to_string(profile.known_peers_path()).unwrap();
    assert_eq!(entries(&known), 1, "only bob: {known}");
    let declined = events
        .iter()
        .filter(|e| e["event"] == "challenged" && e["accepted"] == false)
        .count();
    assert!(
        declined >= 1900,
        "the flood arrived and was declined: {declined}"
    );
}

/// A challenge naming a rule set this peer does not play is declined with the reason, and
/// the challenger is told it (the rule set travels in the challenge's game word).
#[tokio::test(start_paused = true)]
async fn a_challenge_to_an_unknown_rule_set_is_declined_with_the_reason() {
    let net = LossyNet::new(LinkQuality::PERFECT, 5);
    let (a, m) = (net.attach(addr(1)), net.attach(addr(3)));
    let alice = peer::run(
        &a,
        Identity::from_secret([1; 32]),
        options("alice", None),
        None,
        |_| {},
    );
    let asker = challenge::answer_to(&m, 78, addr(1), "junqi:championship");
    let event = tokio::select! {
        e = asker => e,
        _ = alice => panic!("alice stopped"),
    };
    match event {
        NetEvent::Declined { reason } => {
            assert!(reason.contains("standard rules only"), "{reason}");
            assert!(reason.contains("championship"), "{reason}");
        }
        other => panic!("expected a decline, got {other:?}"),
    }
}

/// One line of known_peers.txt that cannot be read does not switch trust on first use off:
/// it is reported (naming the file and the line), and a known name arriving with a new key
/// is still reported (before, one bad line left the whole list unread, and every check
/// off, without a word).
#[tokio::test(start_paused = true)]
async fn one_bad_line_of_known_peers_leaves_the_other_peers_checked() {
    let dir = temp_dir::TempDir::new("known-bad-line");
    let profile = lanqi::store::Profile::open(Some(&dir.0)).unwrap();
    // bob was first seen with another key; line 3 is damaged.
    let earlier = Identity::from_secret([9; 32]).public_key();
    std::fs::write(
        profile.known_peers_path(),
        format!(
            "# known peers\n{} bob\nthis line is damaged\n",
            hex(&earlier)
        ),
    )
    .unwrap();
    let net = LossyNet::new(LinkQuality::PERFECT, 6);
    let (a, b) = (net.attach(addr(1)), net.attach(addr(2)));
    let mut events = Vec::new();
    let alice = async {
        let r = peer::run(
            &a,
            Identity::from_secret([1; 32]),
            options("alice", None),
            Some(&profile),
            |v| events.push(v.clone()),
        )
        .await;
        net.detach(addr(1));
        r
    };
    let bob = async {
        let r = peer::run(
            &b,
            Identity::from_secret([2; 32]),
            options("bob", Some(addr(1))),
            None,
            |_| {},
        )
        .await;
        net.detach(addr(2));
        r
    };
    let played =
        tokio::time::timeout(Duration::from_secs(600), async { tokio::join!(alice, bob) }).await;
    let Ok((ra, rb)) = played else {
        panic!("the game did not end within 600 s; alice saw: {events:#?}");
    };
    ra.unwrap_or_else(|e| panic!("alice stopped: {e}; {events:#?}"));
    rb.expect("bob played");
    let said = |pred: &dyn Fn(&Value) -> bool| events.iter().any(pred);
    assert!(
        said(&|e| e["event"] == "error"
            && e["message"]
                .as_str()
                .is_some_and(|m| m.contains("known_peers.txt") && m.contains("line 3"))),
        "the bad line is reported: {events:#?}"
    );
    assert!(
        said(&|e| e["event"] == "trust" && e["peer"] == "bob" && e["status"] == "key-changed"),
        "bob's new key is still caught: {events:#?}"
    );
    let kept = std::fs::read_to_string(profile.known_peers_path()).unwrap();
    assert!(kept.contains("this line is damaged"), "{kept}");
}

/// Resident memory of a running `lanqi peer` in KB (Linux: `/proc/PID/status`); a peer that
/// exited fails the test with everything it printed.
fn resident_kb(peer: &mut peer_process::Peer) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", peer.child.id()));
    let rss = status.ok().and_then(|status| {
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
    });
    match rss {
        Some(kb) => kb,
        // Its output ends when it exits: waiting for an event that never comes fails at
        // once, printing what it said.
        None => {
            peer.wait_for(|_| false);
            unreachable!("the peer exited")
        }
    }
}

/// Bytes held by the files under `dir`.
fn bytes_under(dir: &std::path::Path) -> u64 {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() => bytes_under(&e.path()),
            Ok(m) => m.len(),
            Err(_) => 0,
        })
        .sum()
}

/// A real `lanqi peer` flooded over loopback UDP for a few seconds keeps its memory and its
/// profile on disk bounded, and plays a whole game with a friend afterwards: 20 000 junk,
/// oversized, truncated and replayed datagrams; 3000 challenges from fresh keys with fresh
/// names (each asks to resume a game that does not exist: declined, and nobody recorded);
/// and a stranger that connects, never acknowledges anything and asks for a draw 4600
/// times before any game (each answered, until the answers waiting reach the queue's limit
/// and the stranger is cut off: the listener waits again). Memory is compared with a
/// generous margin (a bound, not a measurement); every loop is counted and every wait has
/// a deadline.
#[cfg(target_os = "linux")]
#[test]
fn a_flood_over_loopback_leaves_a_real_peer_s_memory_and_disk_bounded() {
    use lanqi::protocol::message::Verb;
    use std::net::UdpSocket;
    use std::time::Instant;

    let (pa, pb) = (
        peer_process::profile("flood-a"),
        peer_process::profile("flood-b"),
    );
    let mut alice = peer_process::Peer::start(&pa, &["--name", "alice", "--seed", "1"]);
    let there = SocketAddr::from(([127, 0, 0, 1], alice.port()));
    std::thread::sleep(Duration::from_millis(500));
    let (rss_before, disk_before) = (resident_kb(&mut alice), bytes_under(&pa));
    let mut rss_most = rss_before;
    let socket = UdpSocket::bind("127.0.0.1:0").unwrap();
    socket
        .set_read_timeout(Some(Duration::from_millis(20)))
        .unwrap();
    let send = |datagram: &[u8]| {
        let _ = socket.send_to(datagram, there);
    };

    // 1. Junk, and one real challenge replayed.
    let challenge = {
        let mut ep = Endpoint::new(
            SigningKey::from_bytes(&[0x31; 32]),
            EndpointConfig::default(),
            Box::new(|| [0x31; 16]),
        );
        ep.challenge(there, "junqi", Some(7), 0);
        ep.poll_transmit(0).expect("a challenge").1
    };
    let mut garbage = vec![0xa5; 1200];
    garbage[0] = VERSION;
    let junk: [Vec<u8>; 4] = [
        garbage,
        vec![VERSION; 1300],
        challenge[..40].to_vec(),
        challenge.clone(),
    ];
    for i in 0..20_000usize {
        send(&junk[i % junk.len()]);
        if i % 50 == 0 {
            std::thread::sleep(Duration::from_millis(2));
            rss_most = rss_most.max(resident_kb(&mut alice));
        }
    }

    // 2. Fresh keys, fresh names, games to resume that do not exist.
    for i in 0..3000u32 {
        let mut key = [0u8; 32];
        key[..4].copy_from_slice(&i.to_le_bytes());
        key[31] = 0xf1;
        let config = EndpointConfig {
            name: format!("stranger {i}"),
            ..EndpointConfig::default()
        };
        let mut nonce = [0xf1u8; 16];
        nonce[..4].copy_from_slice(&i.to_le_bytes());
        let mut ep = Endpoint::new(
            SigningKey::from_bytes(&key),
            config,
            Box::new(move || nonce),
        );
        ep.challenge(there, "junqi", Some(u64::from(i) + 1), 0);
        while let Some((_, d)) = ep.poll_transmit(0) {
            send(&d);
        }
        if i % 50 == 0 {
            std::thread::sleep(Duration::from_millis(2));
            rss_most = rss_most.max(resident_kb(&mut alice));
        }
    }
    std::thread::sleep(Duration::from_millis(500));
    // Alice's declines are not read here.
    let mut buf = vec![0u8; 2048];
    while socket.recv_from(&mut buf).is_ok() {}

    // 3. A stranger that connects, then asks for a draw again and again and acknowledges
    // nothing: whatever alice answers waits for it.
    let mallory = SigningKey::from_bytes(&[0x66; 32]);
    let mut ep = Endpoint::new(
        mallory.clone(),
        EndpointConfig {
            name: "mallory".into(),
            ..EndpointConfig::default()
        },
        Box::new(|| [0x66; 16]),
    );
    let start = Instant::now();
    ep.challenge(there, "junqi", None, 0);
    let mut session = None;
    while session.is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no session with alice within 60 s; alice said: {:#?}",
            alice.seen
        );
        let now = start.elapsed().as_millis() as u64;
        while let Some((to, d)) = ep.poll_transmit(now) {
            socket.send_to(&d, to).unwrap();
        }
        match socket.recv_from(&mut buf) {
            Ok((n, from)) => ep.handle_datagram(from, &buf[..n], now),
            Err(_) => ep.handle_timeout(now),
        }
        while let Some(event) = ep.poll_event() {
            match event {
                NetEvent::Connected { peer, .. } => session = Some(peer.session),
                NetEvent::Busy | NetEvent::Declined { .. } | NetEvent::NoAnswer => {
                    panic!("alice would not play: {event:?}")
                }
                _ => {}
            }
        }
    }
    let session = session.unwrap();
    let payload = Message::Draw { verb: Verb::Ask }.to_string().into_bytes();
    for n in 1..=4600u32 {
        let header = Header {
            version: VERSION,
            session,
            sender: mallory.verifying_key().to_bytes(),
            packet: 1_000_000 + u64::from(n),
            seq: n,
            ack: 0,
            ack_bits: 0,
            frag_index: 0,
            frag_count: 1,
            payload: &payload,
        };
        send(&envelope::seal(&header, &mallory));
        if n % 25 == 0 {
            // Let alice keep up (her answers are never read here).
            std::thread::sleep(Duration::from_millis(2));
            while socket.recv_from(&mut buf).is_ok() {}
            rss_most = rss_most.max(resident_kb(&mut alice));
        }
    }
    alice.wait_for(|e| {
        e["event"] == "note"
            && e["message"]
                .as_str()
                .is_some_and(|m| m.contains("cut off") && m.contains("waiting again"))
    });
    std::thread::sleep(Duration::from_millis(500));
    rss_most = rss_most.max(resident_kb(&mut alice));
    let disk_after = bytes_under(&pa);

    // Alice is still there for a friend, and plays a whole game.
    let connect = there.to_string();
    let bob = peer_process::Peer::start(
        &pb,
        &["--name", "bob", "--seed", "2", "--connect", &connect],
    );
    let (ok_b, eb) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "both exit 0; bob saw {eb:#?}");
    assert!(ea.iter().any(|e| e["event"] == "over"), "a game was played");
    let drops = ea
        .iter()
        .find(|e| e["event"] == "drops")
        .expect("a drops event at exit");
    let counted = |name: &str| drops["counters"][name].as_u64().unwrap_or(0);
    assert!(counted("refused") >= 1, "the cut-off is counted: {drops}");
    assert!(
        counted("replayed") >= 500,
        "the replays were dropped: {drops}"
    );
    assert!(counted("too_large") >= 500, "{drops}");
    assert!(
        counted("truncated") + counted("malformed") >= 500,
        "{drops}"
    );
    // Bounded: at most 64 MB more than at rest (a leak of the whole flood's bytes would
    // pass this only if it was tiny), and on disk nothing but what a game writes.
    assert!(
        rss_most < rss_before + 64 * 1024,
        "resident memory rose from {rss_before} KB to {rss_most} KB"
    );
    assert!(
        disk_after <= disk_before + 4096,
        "the profile grew from {disk_before} to {disk_after} bytes during the flood"
    );
    // Recorded: the two that had a session (mallory, bob); none of the 3000 strangers.
    let known = std::fs::read_to_string(pa.join("known_peers.txt")).unwrap_or_default();
    let mut names: Vec<&str> = known
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_once(' ').map(|(_, name)| name))
        .collect();
    names.sort();
    assert_eq!(names, ["bob", "mallory"], "{known}");
    println!(
        "resident memory {rss_before} KB at rest, at most {rss_most} KB during the flood; \
         profile {disk_before} -> {disk_after} bytes; drops {drops}"
    );
}

/// A real `lanqi peer` whose `games/` holds a FIFO and a huge file (what a hostile or broken
/// profile may hold) starts at once, says in one line each what it skipped and why, and
/// plays a whole game (before, the FIFO hung start-up for ever with nothing printed, and a
/// huge file was read whole).
#[cfg(unix)]
#[test]
fn a_fifo_and_a_huge_file_among_the_games_are_skipped_with_a_line_each() {
    let (pa, pb) = (
        peer_process::profile("odd-a"),
        peer_process::profile("odd-b"),
    );
    let games = pa.join("games");
    std::fs::create_dir_all(&games).unwrap();
    let fifo = games.join("0000000000000001-aaaaaaaaaaaaaaaa.lanqi");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let huge = games.join("0000000000000002-bbbbbbbbbbbbbbbb.lanqi");
    std::fs::File::create(&huge)
        .unwrap()
        .set_len(300 << 20)
        .unwrap();
    let mut alice = peer_process::Peer::start(&pa, &["--name", "alice", "--seed", "1"]);
    let there = format!("127.0.0.1:{}", alice.port());
    for (file, why) in [
        ("0000000000000001", "not a regular file"),
        ("0000000000000002", "more than"),
    ] {
        alice.wait_for(|e| {
            e["event"] == "note"
                && e["message"]
                    .as_str()
                    .is_some_and(|m| m.contains(file) && m.contains(why) && !m.contains('\n'))
        });
    }
    let bob =
        peer_process::Peer::start(&pb, &["--name", "bob", "--seed", "2", "--connect", &there]);
    let (ok_b, _) = bob.finish();
    let (ok_a, ea) = alice.finish();
    assert!(ok_a && ok_b, "both exit 0: {ea:#?}");
}
