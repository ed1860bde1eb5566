//! Fair play with hidden pieces, end to end between two headless peers on the in-memory
//! link: every way the cheating peer (`PeerOptions::cheat`) can lie is caught, live or by
//! the post-game audit, and shown with the liar's own signed datagrams; and an honest
//! game's traffic, recorded whole, gives away no rank before the audit opens the layouts.

#[path = "support/deadline.rs"]
mod deadline;

use std::collections::BTreeMap;
use std::net::SocketAddr;

use lanqi::net::{LinkQuality, LossyNet};
use lanqi::peer::{self, BotKind, PeerOptions};
use lanqi::protocol::envelope;
use lanqi::protocol::fair::{Binding, Commitment, Commitments};
use lanqi::rules::junqi::{Kind, Layout, Side};
use lanqi::session::Cheat;
use lanqi::store::Identity;
use serde_json::Value;

fn addr(port: u16) -> SocketAddr {
    SocketAddr::from(([10, 0, 0, 7], port))
}

/// Alice listens and plays fair; Bob challenges (seat 0, South) and lies as `cheat`.
/// Returns Alice's events and the traffic.
async fn game(seed: u64, cheat: Cheat) -> (Vec<Value>, Vec<(Vec<u8>, SocketAddr)>) {
    let net = LossyNet::new(LinkQuality::PERFECT, seed);
    let mut tap = net.tap();
    let (a, b) = (net.attach(addr(1)), net.attach(addr(2)));
    let options = |name: &str, connect, cheat| PeerOptions {
        name: name.into(),
        connect,
        bot: BotKind::Random,
        seed: seed * 7 + name.len() as u64,
        cheat,
        ..PeerOptions::default()
    };
    let (mut ea, mut eb) = (Vec::new(), Vec::new());
    let alice = async {
        let r = peer::run(
            &a,
            Identity::from_secret([1; 32]),
            options("alice", None, Cheat::None),
            None,
            |v| ea.push(v.clone()),
        )
        .await;
        net.detach(addr(1));
        r
    };
    let bob = async {
        let r = peer::run(
            &b,
            Identity::from_secret([2; 32]),
            options("bob", Some(addr(1)), cheat),
            None,
            |v| eb.push(v.clone()),
        )
        .await;
        net.detach(addr(2));
        r
    };
    let played = deadline::within(deadline::PLAY, async { tokio::join!(alice, bob) }).await;
    if played.is_none() {
        panic!(
            "seed {seed}, {cheat:?}: the game did not end within {:?}; alice saw {}; bob saw {}",
            deadline::PLAY,
            deadline::last(&ea, 20),
            deadline::last(&eb, 20)
        );
    }
    let mut traffic = Vec::new();
    while let Ok((datagram, from, _)) = tap.try_recv() {
        traffic.push((datagram, from));
    }
    (ea, traffic)
}

fn bob_key() -> [u8; 32] {
    Identity::from_secret([2; 32]).public_key()
}

/// Checks that a hex datagram is Bob's, validly signed, and returns its payload.
fn signed_by_bob(datagram_hex: &str) -> Vec<u8> {
    let bytes: Vec<u8> = (0..datagram_hex.len() / 2)
        .map(|i| u8::from_str_radix(&datagram_hex[2 * i..2 * i + 2], 16).unwrap())
        .collect();
    let header = envelope::open(&bytes)
        .unwrap()
        .verify()
        .expect("a valid signature");
    assert_eq!(header.sender, bob_key(), "the evidence is the liar's own");
    header.payload.to_vec()
}

/// What Alice concluded: a refusal (caught live) or a failed audit, with its evidence.
fn caught(events: &[Value]) -> Option<(String, Vec<String>)> {
    if let Some(r) = events.iter().find(|e| e["event"] == "refused") {
        let evidence = r["evidence"].as_array().unwrap();
        let ev = evidence
            .iter()
            .map(|e| e.as_str().unwrap().to_string())
            .collect();
        return Some((r["reason"].as_str().unwrap().to_string(), ev));
    }
    let audit = events.iter().find(|e| e["event"] == "audit")?;
    if audit["ok"] == true {
        return None;
    }
    assert_eq!(audit["cheater"], "south", "{audit}");
    let finding = &audit["findings"][0];
    // The lying message's datagrams first, then those of what it contradicts.
    let ev = finding["evidence"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e["datagrams"].as_array().unwrap().clone())
        .map(|d| d.as_str().unwrap().to_string())
        .collect();
    Some((finding["what"].as_str().unwrap().to_string(), ev))
}

#[tokio::test(start_paused = true)]
async fn every_kind_of_lie_is_caught_with_the_liars_signed_evidence() {
    let cases = [
        (
            Cheat::FalseOutcome,
            "without that outcome's token",
            "outcome|",
        ),
        (Cheat::FalseTable, "battle table was false", "table|"),
        (Cheat::WrongRanks, "do not match its commitments", "open|"),
        (Cheat::IllegalLayout, "illegal deployment", "commit|"),
        (Cheat::RefuseOpen, "never opened its deployment", ""),
        (Cheat::HideFlag, "never opened its flag", ""),
        (Cheat::IllegalMoves, "illegal move", "move|"),
    ];
    for (cheat, what, evidence_of) in cases {
        let mut found = None;
        // Some lies only matter when the game gives them a chance (a battle against the
        // false table, a dead field marshal): play until one does.
        for seed in 0..12 {
            let (events, _) = game(seed, cheat).await;
            if let Some(c) = caught(&events) {
                found = Some((seed, c, events));
                break;
            }
        }
        let (seed, (reason, evidence), events) =
            found.unwrap_or_else(|| panic!("{cheat:?} was never caught"));
        assert!(reason.contains(what), "{cheat:?}, seed {seed}: {reason}");
        if !evidence_of.is_empty() {
            assert!(!evidence.is_empty(), "{cheat:?}: evidence");
            let first = signed_by_bob(&evidence[0]);
            assert!(
                first.starts_with(evidence_of.as_bytes()),
                "{cheat:?}: {}",
                String::from_utf8_lossy(&first)
            );
            // Every datagram shown is the liar's own; an audit finding also shows the
            // commitments it contradicts.
            let payloads: Vec<Vec<u8>> = evidence.iter().map(|d| signed_by_bob(d)).collect();
            if cheat != Cheat::FalseOutcome {
                assert!(
                    payloads.iter().any(|p| p.starts_with(b"commit|")),
                    "{cheat:?}"
                );
            }
        }
        // The liar loses: refused at once, or judged by the audit.
        let result = events
            .iter()
            .rev()
            .find(|e| e["event"] == "audit" || e["event"] == "over")
            .unwrap();
        assert_eq!(result["winner"], "north", "{cheat:?}: {result}");
    }
}

#[tokio::test(start_paused = true)]
async fn honest_games_always_pass_the_audit() {
    for seed in 0..6 {
        let (events, _) = game(seed, Cheat::None).await;
        assert_eq!(caught(&events), None, "seed {seed}");
        let audit = events
            .iter()
            .find(|e| e["event"] == "audit")
            .expect("audit");
        assert_eq!(audit["ok"], true);
        assert!(
            audit["start"].as_str().unwrap().len() > 20,
            "every piece shown"
        );
    }
}

/// One reliable fragment seen on the wire: index, count, bytes, and when it was first seen.
type Fragment = (u8, u8, Vec<u8>, usize);

/// Reassembles the reliable messages each sender sent, in order, as text.
fn messages(traffic: &[(Vec<u8>, SocketAddr)]) -> Vec<(SocketAddr, String)> {
    let mut fragments: BTreeMap<(SocketAddr, u32), Fragment> = BTreeMap::new();
    for (i, (datagram, from)) in traffic.iter().enumerate() {
        let Ok(open) = envelope::open(datagram) else {
            continue;
        };
        let h = open.header();
        if h.seq != 0 {
            fragments.entry((*from, h.seq)).or_insert((
                h.frag_index,
                h.frag_count,
                h.payload.to_vec(),
                i,
            ));
        }
    }
    let mut out: Vec<(usize, SocketAddr, String)> = Vec::new();
    for (&(from, seq), (index, count, payload, order)) in &fragments {
        if *index != 0 {
            continue;
        }
        let mut bytes = payload.clone();
        for k in 1..*count as u32 {
            bytes.extend_from_slice(&fragments[&(from, seq + k)].2);
        }
        out.push((*order, from, String::from_utf8(bytes).unwrap()));
    }
    out.sort();
    out.into_iter()
        .map(|(_, from, text)| (from, text))
        .collect()
}

#[tokio::test(start_paused = true)]
async fn an_honest_games_traffic_gives_away_no_rank_before_the_audit() {
    let (_, traffic) = game(2, Cheat::None).await;
    let all = messages(&traffic);
    let first_open = all
        .iter()
        .position(|(_, m)| m.starts_with("open|"))
        .expect("the layouts are opened after the game");
    let (before, after) = all.split_at(first_open);
    assert!(
        before.iter().any(|(_, m)| m.starts_with("over|")),
        "openings come only once the game is over"
    );
    let commands: Vec<&str> = before
        .iter()
        .map(|(_, m)| m.split('|').next().unwrap())
        .collect();
    assert!(
        commands.contains(&"table") && commands.contains(&"outcome"),
        "battles were fought"
    );
    for (_, m) in before {
        let cmd = m.split('|').next().unwrap();
        assert!(
            !["layout", "open"].contains(&cmd),
            "no layout before the audit: {m}"
        );
        // No 25-piece layout, in any form, rides in any argument.
        for arg in m.split('|').skip(1) {
            let letters = arg
                .chars()
                .filter(|c| Kind::from_letter(*c).is_some())
                .count();
            assert!(
                arg.len() > 60 || letters < 25 || arg.contains("..."),
                "{cmd}: {arg}"
            );
        }
    }
    // The commitments cannot be tested against the 12 kinds: not with any 16 bytes seen
    // on the wire before the audit as the salt, nor with none.
    let commits: Vec<&String> = before
        .iter()
        .filter(|(_, m)| m.starts_with("commit|"))
        .map(|(_, m)| m)
        .collect();
    assert_eq!(commits.len(), 2);
    let mut salts: Vec<[u8; 16]> = vec![[0; 16]];
    for (_, m) in before {
        for arg in m.split('|').skip(1) {
            if let Some(bytes) = lanqi::protocol::fair::commit::unhex(arg) {
                salts.extend(
                    bytes
                        .chunks_exact(16)
                        .map(|c| <[u8; 16]>::try_from(c).unwrap()),
                );
            }
        }
    }
    salts.sort();
    salts.dedup();
    let guesses = |commitments: &Commitments, binding: &Binding, side, salts: &[[u8; 16]]| {
        let mut hits = Vec::new();
        for cell in Layout::cells() {
            let target = commitments.at(cell).unwrap();
            for kind in Kind::ALL {
                for salt in salts {
                    if Commitment::to(binding, side, cell, kind, salt) == target {
                        hits.push(kind);
                    }
                }
            }
        }
        hits
    };
    let flags_opened = before
        .iter()
        .filter(|(_, m)| {
            m.starts_with("flag|") || m.starts_with("outcome|") && m.split('|').count() == 6
        })
        .count();
    // The binding is public (session id and keys); take it from a transcript of the game
    // as any eavesdropper could compute it: here, by trying the openings' salts below.
    let openings: Vec<&String> = after
        .iter()
        .filter(|(_, m)| m.starts_with("open|"))
        .map(|(_, m)| m)
        .collect();
    assert_eq!(openings.len(), 2);
    let session_binding = binding_of(&traffic);
    for (commit, side) in commits.iter().zip([Side::South, Side::North]) {
        let c = Commitments::from_hex(commit.strip_prefix("commit|").unwrap()).unwrap();
        // Only a flag opened when its field marshal died (as the rules show it to all).
        let hits = guesses(&c, &session_binding, side, &salts);
        assert!(
            hits.iter().all(|k| *k == Kind::Flag) && hits.len() <= flags_opened,
            "nothing but an opened flag shows before the audit: {hits:?}"
        );
    }
    // Positive control: with the opened salts, every commitment opens to its kind.
    for (commit, side) in commits.iter().zip([Side::South, Side::North]) {
        let c = Commitments::from_hex(commit.strip_prefix("commit|").unwrap()).unwrap();
        let opening = openings
            .iter()
            .map(|m| {
                let mut parts = m.split('|').skip(1);
                lanqi::protocol::fair::SealedLayout::from_opening(
                    parts.next().unwrap(),
                    parts.next().unwrap(),
                )
                .unwrap()
            })
            .find(|o| o.mismatches(&c, &session_binding, side).is_empty())
            .expect("one opening matches these commitments");
        assert_eq!(
            guesses(&c, &session_binding, side, &opening.salts).len(),
            25
        );
    }
}

/// The game's binding as anyone who saw the handshake can compute it: session id and both
/// keys (seat 0 first: the challenger, Bob) and the game id from `start`.
fn binding_of(traffic: &[(Vec<u8>, SocketAddr)]) -> Binding {
    let all = messages(traffic);
    let start = all
        .iter()
        .find(|(_, m)| m.starts_with("start|"))
        .expect("a start");
    let game_id = u64::from_str_radix(start.1.split('|').nth(1).unwrap(), 16).unwrap();
    let session = traffic
        .iter()
        .filter_map(|(d, _)| envelope::open(d).ok().map(|o| o.header().session))
        .find(|s| *s != 0)
        .unwrap();
    let mut context = session.to_be_bytes().to_vec();
    context.extend_from_slice(&bob_key());
    context.extend_from_slice(&Identity::from_secret([1; 32]).public_key());
    Binding::new(&context, game_id)
}

/// A spectator of an honest game (观战) is told no rank before the audit: the traffic
/// to it, recorded whole, holds moves, battle outcomes and boards on which every piece is
/// a back (a flag opened when its field marshal died aside), and the armies only in the
/// `audited` message after the end.
#[tokio::test(start_paused = true)]
async fn a_spectators_traffic_gives_away_no_rank_before_the_audit() {
    let net = LossyNet::new(LinkQuality::PERFECT, 5);
    let mut tap = net.tap();
    let (a, b, c) = (
        net.attach(addr(1)),
        net.attach(addr(2)),
        net.attach(addr(3)),
    );
    let options = |name: &str, connect, watch| PeerOptions {
        name: name.into(),
        connect,
        watch,
        bot: BotKind::Random,
        delay_ms: 20,
        seed: 9 + name.len() as u64,
        ..PeerOptions::default()
    };
    let started = std::cell::Cell::new(false);
    let alice = async {
        let r = peer::run(
            &a,
            Identity::from_secret([1; 32]),
            options("alice", None, None),
            None,
            |v| started.set(started.get() || v["event"] == "started"),
        )
        .await;
        net.detach(addr(1));
        r
    };
    let bob = async {
        let r = peer::run(
            &b,
            Identity::from_secret([2; 32]),
            options("bob", Some(addr(1)), None),
            None,
            |_| {},
        )
        .await;
        net.detach(addr(2));
        r
    };
    let mut watched = Vec::new();
    let carol = async {
        while !started.get() {
            tokio::time::sleep(std::time::Duration::from_millis(5)).await;
        }
        peer::run(
            &c,
            Identity::from_secret([3; 32]),
            options("carol", None, Some(addr(1))),
            None,
            |v| watched.push(v.clone()),
        )
        .await
    };
    let played = deadline::within(deadline::PLAY, async { tokio::join!(alice, bob, carol) }).await;
    let Some((ra, rb, rc)) = played else {
        panic!(
            "the game and its spectator did not end within {:?}; started: {}; carol saw {}",
            deadline::PLAY,
            started.get(),
            deadline::last(&watched, 20)
        );
    };
    ra.unwrap();
    rb.unwrap();
    rc.unwrap_or_else(|e| panic!("the spectator: {e}"));
    let mut to_carol = Vec::new();
    while let Ok((datagram, from, to)) = tap.try_recv() {
        if to == addr(3) {
            to_carol.push((datagram, from));
        }
    }
    let told = messages(&to_carol);
    let commands: Vec<&str> = told
        .iter()
        .map(|(_, m)| m.split('|').next().unwrap())
        .collect();
    let audited = commands
        .iter()
        .position(|c| *c == "audited")
        .expect("the audit reached the spectator");
    let ended = commands
        .iter()
        .position(|c| *c == "ended")
        .expect("the end reached the spectator");
    assert!(ended < audited, "{commands:?}");
    assert!(
        commands.contains(&"played") && commands.contains(&"board"),
        "{commands:?}"
    );
    let flag = Kind::Flag.letter();
    for (_, m) in &told[..audited] {
        let mut parts = m.split('|');
        match parts.next().unwrap() {
            "board" => {
                let board = parts.next().unwrap();
                let field = board.split(' ').next().unwrap();
                assert!(
                    field.chars().all(|c| !c.is_ascii_alphabetic()
                        || "xX".contains(c)
                        || c.eq_ignore_ascii_case(&flag)),
                    "a rank on a spectator's board: {board}"
                );
            }
            "game" | "played" | "said" | "undone" | "ended" | "bye" => {}
            other => panic!("a spectator was sent '{other}' before the audit: {m}"),
        }
    }
    // Positive control: the audit shows every piece, and the spectator printed it.
    let audit = watched
        .iter()
        .find(|e| e["event"] == "audit")
        .expect("an audit event");
    let letters = audit["start"]
        .as_str()
        .unwrap()
        .chars()
        .filter(|c| Kind::from_letter(*c).is_some())
        .count();
    assert_eq!(letters, 50, "{audit}");
}
