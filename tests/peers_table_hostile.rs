//! A table of three with one dishonest participant (`--cheat` modes and raw challenges on
//! the in-memory link): a seat that speaks outside its signed `from`, signs a move out of
//! turn, sends a signature that does not check or skips a count; strangers whose
//! challenges are never followed up. Each time the attacker gains nothing (it is never
//! the winner and never speaks for another seat), it alone leaves, the evidence is kept,
//! and the honest seats finish the game and record the same result.

#[path = "support/challenge.rs"]
mod challenge;
#[path = "support/deadline.rs"]
mod deadline;
#[path = "support/lossy_table.rs"]
mod lossy_table;

use std::net::SocketAddr;
use std::time::Duration;

use ed25519_dalek::SigningKey;
use lanqi::net::{Endpoint, EndpointConfig, LinkQuality, LossyNet, Transport};
use lanqi::peer::{self, BotKind, PeerOptions};
use lanqi::rules::gomoku::{Rule, Settings, Size};
use lanqi::session::{Cheat, GameKind};
use lanqi::store::Identity;
use serde_json::Value;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 7], port))
}

/// Freestyle on 9x9, five in a row: long enough for every seat to move several times.
fn gomoku3() -> GameKind {
    GameKind::Gomoku(Settings {
        rule: Rule::Freestyle,
        size: Size::new(9, 9).expect("a size"),
        seats: 3,
        win: 5,
        opening: Default::default(),
    })
}

fn options(i: u16, cheat: Cheat) -> PeerOptions {
    PeerOptions {
        name: format!("p{i}"),
        connect: (i > 1).then(|| addr(1)),
        game: gomoku3(),
        bot: BotKind::Random,
        seed: 300 + u64::from(i),
        cheat,
        ..PeerOptions::default()
    }
}

fn of<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["event"] == kind).collect()
}

/// The opener (seat 1) and seat 2 play fair; seat 3 cheats. Checks what every such attack
/// must end in, and returns the honest seats' events.
async fn seat_three_cheats(cheat: Cheat, why: &[&str]) -> [Vec<Value>; 2] {
    let net = LossyNet::new(LinkQuality::PERFECT, 21);
    let peers = (1..=3u16)
        .map(|i| {
            let cheat = if i == 3 { cheat } else { Cheat::None };
            (addr(i), [i as u8 + 40; 32], options(i, cheat))
        })
        .collect();
    let mut runs = lossy_table::play_all(&net, peers, &format!("the table with {cheat:?}")).await;
    let (cheater, _) = runs.pop().expect("three runs");
    let honest: Vec<_> = runs
        .into_iter()
        .enumerate()
        .map(|(i, (report, events))| {
            let report = report.unwrap_or_else(|e| {
                panic!(
                    "seat {} stopped: {e}; {}",
                    i + 1,
                    deadline::last(&events, 12)
                )
            });
            (report, events)
        })
        .collect();
    let (opener, seat2) = (&honest[0], &honest[1]);
    // The same recorded result, to the transcript's head, at both honest seats.
    assert_eq!(opener.0.games.len(), 1, "{:?}", opener.0);
    assert_eq!(opener.0.games, seat2.0.games, "the honest seats agree");
    assert_ne!(opener.0.games[0].0, "3", "the cheat is never the winner");
    for (i, (_, events)) in honest.iter().enumerate() {
        let left = of(events, "seat-left");
        assert_eq!(
            left.len(),
            1,
            "seat {}: only the cheat left: {left:?}",
            i + 1
        );
        assert_eq!(left[0]["side"], "3");
        assert_eq!(left[0]["reason"], "opponent broke the rules");
        // The game went on without it: moves after it left.
        let at = events
            .iter()
            .position(|e| e["event"] == "seat-left")
            .unwrap();
        assert!(
            events[at..].iter().any(|e| e["event"] == "move"),
            "seat {}: the others played on",
            i + 1
        );
    }
    // Whoever saw the offending datagrams refused them, naming seat 3, and kept them.
    let refused = of(&opener.1, "refused");
    assert_eq!(refused.len(), 1, "the opener refused once: {refused:?}");
    assert_eq!(refused[0]["seat"], "3");
    let reason = refused[0]["reason"].as_str().unwrap();
    assert!(why.iter().any(|w| reason.contains(w)), "{reason}");
    assert!(!refused[0]["evidence"].as_array().unwrap().is_empty());
    // The cheat's own run never records itself the winner.
    if let Ok(report) = &cheater {
        assert!(report.games.iter().all(|g| g.0 != "3"), "{report:?}");
    }
    let [a, b]: [Vec<Value>; 2] = honest
        .into_iter()
        .map(|(_, e)| e)
        .collect::<Vec<_>>()
        .try_into()
        .unwrap();
    [a, b]
}

#[tokio::test(start_paused = true)]
async fn a_seat_that_speaks_outside_its_from_leaves_and_speaks_for_nobody() {
    let [_, seat2] = seat_three_cheats(Cheat::Unwrapped, &["outside its signed `from`"]).await;
    // Seat 2 saw no refusal of its own: nothing was taken as its word.
    assert!(
        of(&seat2, "refused").is_empty(),
        "{:?}",
        of(&seat2, "refused")
    );
}

#[tokio::test(start_paused = true)]
async fn a_seat_that_moves_out_of_turn_leaves_and_the_others_play_on() {
    // Signed while another seat was to move: out of turn, or (once the turn came round
    // before it arrived) at a ply that is not the game's.
    let why = ["out of turn", "claims ply"];
    let [_, seat2] = seat_three_cheats(Cheat::OutOfTurn, &why).await;
    // The signed move was relayed unchanged: seat 2 refused it too, with the same reason.
    let refused = of(&seat2, "refused");
    assert_eq!(refused.len(), 1, "{refused:?}");
    assert_eq!(refused[0]["seat"], "3");
    assert!(!refused[0]["evidence"].as_array().unwrap().is_empty());
}

#[tokio::test(start_paused = true)]
async fn a_seat_whose_signature_does_not_check_leaves() {
    let [_, seat2] =
        seat_three_cheats(Cheat::BadSignature, &["does not carry its signature"]).await;
    // Nothing that does not check was relayed: seat 2 learned of it from the opener.
    assert!(of(&seat2, "refused").is_empty());
}

#[tokio::test(start_paused = true)]
async fn a_seat_that_skips_a_count_leaves() {
    let [_, seat2] = seat_three_cheats(Cheat::SkipCount, &["arrived where"]).await;
    assert!(of(&seat2, "refused").is_empty());
}

/// A signed challenge to the table, captured or made by a stranger who never speaks in the
/// session it would open.
fn ghost_challenge(secret: u8, game: &str) -> Vec<u8> {
    let config = EndpointConfig {
        name: format!("ghost{secret}"),
        ..EndpointConfig::default()
    };
    let mut ep = Endpoint::new(
        SigningKey::from_bytes(&[secret; 32]),
        config,
        Box::new(move || [secret; 16]),
    );
    ep.challenge(addr(1), game, None, 0);
    ep.poll_transmit(0).expect("a challenge").1
}

/// Two challenges never followed up reach the opener of a table of three before the real
/// players: neither takes a seat, the real players are not told busy, and the game is
/// played to the end by the three who speak.
#[tokio::test(start_paused = true)]
async fn challenges_never_followed_up_take_no_seat() {
    let net = LossyNet::new(LinkQuality::PERFECT, 23);
    let ghosts = net.attach(addr(9));
    let game = gomoku3().to_string();
    let (g1, g2) = (ghost_challenge(77, &game), ghost_challenge(78, &game));
    let links: Vec<_> = (1..=3u16).map(|i| net.attach(addr(i))).collect();
    let mut seen: Vec<Vec<Value>> = vec![Vec::new(), Vec::new(), Vec::new()];
    let [s1, s2, s3] = &mut seen[..] else {
        unreachable!()
    };
    let opener = peer::run(
        &links[0],
        Identity::from_secret([51; 32]),
        options(1, Cheat::None),
        None,
        |v| s1.push(v.clone()),
    );
    let players = async {
        ghosts.send_to(&g1, addr(1)).await.unwrap();
        ghosts.send_to(&g2, addr(1)).await.unwrap();
        tokio::time::sleep(Duration::from_millis(500)).await;
        let p2 = peer::run(
            &links[1],
            Identity::from_secret([52; 32]),
            options(2, Cheat::None),
            None,
            |v| s2.push(v.clone()),
        );
        let p3 = async {
            tokio::time::sleep(Duration::from_millis(300)).await;
            peer::run(
                &links[2],
                Identity::from_secret([53; 32]),
                options(3, Cheat::None),
                None,
                |v| s3.push(v.clone()),
            )
            .await
        };
        tokio::join!(p2, p3)
    };
    let played = deadline::within(deadline::PLAY, async { tokio::join!(opener, players) }).await;
    let Some((r1, (r2, r3))) = played else {
        panic!(
            "the table with two ghosts did not finish; the opener saw {}",
            deadline::last(&seen[0], 20)
        );
    };
    let reports: Vec<_> = [r1, r2, r3]
        .into_iter()
        .enumerate()
        .map(|(i, r)| {
            r.unwrap_or_else(|e| panic!("p{}: {e}; {}", i + 1, deadline::last(&seen[i], 12)))
        })
        .collect();
    assert_eq!(reports[0].games.len(), 1);
    assert!(
        reports.iter().all(|r| r.games == reports[0].games),
        "{reports:?}"
    );
    let seated: Vec<&str> = of(&seen[0], "connected")
        .iter()
        .map(|e| e["peer"].as_str().unwrap())
        .collect();
    assert_eq!(seated, ["p2", "p3"], "only those who spoke took seats");
    for events in &seen[1..] {
        assert!(of(events, "busy").is_empty(), "a real player was told busy");
    }
}

/// An opener that signs two different moves under one count, one for seat 3 and one for
/// seat 2, is caught by both: each player's echo shows the other what it received, with
/// the opener's signatures on both moves. Both stop with the same verdict naming the
/// opener (seat 1), keep the proof, and never play on on different boards.
#[tokio::test(start_paused = true)]
async fn an_opener_that_signs_two_moves_under_one_count_is_caught_by_both_players() {
    let net = LossyNet::new(LinkQuality::PERFECT, 25);
    let peers = (1..=3u16)
        .map(|i| {
            let cheat = if i == 1 {
                Cheat::Equivocate
            } else {
                Cheat::None
            };
            (addr(i), [i as u8 + 60; 32], options(i, cheat))
        })
        .collect();
    let runs = lossy_table::play_all(&net, peers, "the table of an equivocating opener").await;
    let mut verdicts = Vec::new();
    for (i, (report, events)) in runs.iter().enumerate().skip(1) {
        let report = report
            .as_ref()
            .unwrap_or_else(|e| panic!("seat {}: {e}; {}", i + 1, deadline::last(events, 12)));
        let refused = of(events, "refused");
        assert_eq!(
            refused.len(),
            1,
            "seat {}: {}",
            i + 1,
            deadline::last(events, 30)
        );
        assert_eq!(refused[0]["seat"], "1", "the opener is named");
        let reason = refused[0]["reason"].as_str().unwrap();
        assert!(
            reason.contains("signed two messages as its message 1"),
            "{reason}"
        );
        assert!(!refused[0]["evidence"].as_array().unwrap().is_empty());
        // Nobody moved after the lie was found: at most the opener's move and one answer.
        assert!(
            of(events, "move").len() <= 2,
            "seat {}: {:?}",
            i + 1,
            of(events, "move")
        );
        verdicts.push(report.games[0].clone());
    }
    assert_eq!(verdicts[0].0, "draw");
    assert_eq!(verdicts[0].1, "opponent cheated");
    // The same ending; their records differ in the move the opener told each (the proof
    // each keeps), so their transcripts' heads do too.
    assert_eq!(
        (&verdicts[0].0, &verdicts[0].1),
        (&verdicts[1].0, &verdicts[1].1),
        "both honest seats record the same ending"
    );
}

/// A challenge to a table's opener that names the table's game with other settings (here
/// 15x15 instead of 9x9) is declined with the table's whole game word: a player knows what
/// it would sit down to. (Before, the opener took any Gomoku word and ignored its settings.)
#[tokio::test(start_paused = true)]
async fn a_challenge_with_other_settings_is_declined_with_the_table_s_game() {
    use lanqi::net::NetEvent;
    let net = LossyNet::new(LinkQuality::PERFECT, 27);
    let (a, m) = (net.attach(addr(1)), net.attach(addr(8)));
    let opener = peer::run(
        &a,
        Identity::from_secret([61; 32]),
        options(1, Cheat::None),
        None,
        |_| {},
    );
    let asker = challenge::answer_to(&m, 79, addr(1), "gomoku:freestyle:15x15:3:5");
    let event = tokio::select! {
        e = asker => e,
        _ = opener => panic!("the opener stopped"),
    };
    match event {
        NetEvent::Declined { reason } => {
            assert_eq!(reason, format!("this table plays {}", gomoku3()));
        }
        other => panic!("expected a decline, got {other:?}"),
    }
}
