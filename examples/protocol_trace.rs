//! Prints a deterministic protocol trace for `docs/PROTOCOL.md` (§13): the handshake, the
//! commitments (two fragments each), a quiet move and a battle decided by oblivious
//! transfer (`offer`, `choose`, `table`, `outcome`) between two endpoints with fixed keys,
//! nonces, game id and secrets, each datagram as a hex dump with its decoded envelope
//! fields.
//!
//! Run with `cargo run --example protocol_trace`.

use std::net::SocketAddr;

use ed25519_dalek::SigningKey;
use lanqi::net::endpoint::session_id;
use lanqi::net::{Endpoint, EndpointConfig, NetEvent};
use lanqi::protocol::fair::duel::{DEFENCE_RANDOM, context};
use lanqi::protocol::fair::{Attack, Binding, Commitment, Defence, SealedLayout};
use lanqi::protocol::message::hex;
use lanqi::protocol::{Message, envelope};
use lanqi::rules::junqi::{Kind, Layout, Move, Side, Square};
use lanqi::session::{Cheat, Effect, JunqiTable, Local, Notice, Secrets, Session, TableGame};
use sha2::{Digest, Sha256};

const LAYOUT: &str = "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf";
const GAME_ID: u64 = 0x0123_4567_89ab_cdef;

/// A `hexdump -C` style dump; runs of identical 16-byte lines are shown as `*`. A dump of
/// more than 24 lines keeps its first and last 8 and says how many it leaves out.
fn dump(bytes: &[u8]) {
    let mut lines = Vec::new();
    let mut previous: Option<&[u8]> = None;
    let mut starred = false;
    for (i, line) in bytes.chunks(16).enumerate() {
        if previous == Some(line) && line.len() == 16 {
            if !starred {
                lines.push("*".to_string());
                starred = true;
            }
            continue;
        }
        previous = Some(line);
        starred = false;
        let hexes: Vec<String> = line.iter().map(|b| format!("{b:02x}")).collect();
        let text: String = line
            .iter()
            .map(|&b| if b.is_ascii_graphic() { b as char } else { '.' })
            .collect();
        lines.push(format!("{:04x}  {:<47}  |{text}|", i * 16, hexes.join(" ")));
    }
    if lines.len() > 24 {
        let left_out = lines.len() - 16;
        lines.splice(
            8..lines.len() - 8,
            [format!("… ({left_out} lines not shown)")],
        );
    }
    for line in lines {
        println!("{line}");
    }
    println!("{:04x}", bytes.len());
}

/// Prints one datagram: a title, its decoded (and verified) fields, its hex dump.
fn show(step: &str, datagram: &[u8]) {
    let h = envelope::open(datagram)
        .and_then(envelope::Unverified::verify)
        .expect("our own datagrams verify");
    let mut payload = String::from_utf8_lossy(h.payload).into_owned();
    if let Some(pad) = payload.rfind('|').filter(|_| payload.ends_with("...")) {
        let dots = payload.len() - pad - 1;
        payload = format!("{}<{dots} x '.'>", &payload[..=pad]);
    } else if payload.len() > 480 {
        // A commitment fragment: its start and end (all of it is in the hex dump's source).
        let n = payload.len();
        payload = format!(
            "{}<{} characters>{}",
            &payload[..71],
            n - 71 - 32,
            &payload[n - 32..]
        );
    }
    println!("\n== {step} ({} bytes)", datagram.len());
    println!(
        "version={} session={:#018x} sender={}\npacket={} seq={} ack={} ack_bits={:#b} frag={}/{}",
        h.version,
        h.session,
        hex(&h.sender),
        h.packet,
        h.seq,
        h.ack,
        h.ack_bits,
        h.frag_index,
        h.frag_count
    );
    println!("payload ({} bytes): {payload}", h.payload.len());
    println!("signature: {}", hex(&datagram[datagram.len() - 64..]));
    dump(datagram);
}

/// One side of the trace: its endpoint, its game session and its address.
struct Player {
    name: &'static str,
    endpoint: Endpoint,
    session: Session<JunqiTable>,
    addr: SocketAddr,
    /// Every game message this side sent, in order.
    sent: Vec<Message>,
}

/// Sends everything `from` has queued to `to`, printing each datagram under the next
/// number (`count`); a message in several fragments gives several datagrams, each shown.
fn pump(count: &mut u32, what: &str, from: &mut Player, to: &mut Player, now: u64) {
    while let Some((_, datagram)) = from.endpoint.poll_transmit(now) {
        *count += 1;
        show(
            &format!("{count}. {what}, {} -> {}", from.name, to.name),
            &datagram,
        );
        to.endpoint.handle_datagram(from.addr, &datagram, now);
    }
}

/// Queues the messages a session asked to send and prints what happened on the board.
fn carry_out(player: &mut Player, effects: Vec<Effect<Move>>) {
    for effect in effects {
        match effect {
            Effect::Send(m) => {
                player.endpoint.send(&m);
                player.sent.push(m);
            }
            Effect::Notice(Notice::Moved {
                ply,
                absolute,
                outcome,
                ..
            }) => {
                let outcome = outcome.map_or(String::new(), |o| format!(", outcome {o}"));
                println!(
                    "\n({} sees ply {ply} played; absolute frame: {absolute}{outcome})",
                    player.name
                );
            }
            Effect::Notice(Notice::Refused { reason, .. }) => panic!("refused: {reason}"),
            _ => {}
        }
    }
}

/// Applies a local action to the player's session and queues the messages it sends.
fn act(player: &mut Player, action: Local<Move>, now: u64) {
    let effects = player.session.local(action, now).expect("a valid action");
    carry_out(player, effects);
}

/// Hands the endpoint's delivered messages to the session (`start` is the peer's business,
/// as in `lanqi::peer`: here seat 1's session already exists) and queues its answers.
fn deliver(player: &mut Player, now: u64) {
    while let Some(event) = player.endpoint.poll_event() {
        if let NetEvent::Message { message, .. } = event
            && !matches!(message, Message::Start { .. })
        {
            let effects = player.session.remote(player.session.them(), message, now);
            carry_out(player, effects);
        }
    }
}

/// The player's first legal move in text order, in its own view.
fn first_move(player: &Player) -> Move {
    let table = player.session.table().expect("both layouts are in");
    // The first in notation order.
    table
        .legal_moves()
        .into_iter()
        .min_by_key(|m| m.to_string())
        .expect("a legal move")
}

/// `H(label, parts…)` of docs/PROTOCOL.md §9.1: SHA-256 over the label's length (4 bytes,
/// big-endian) and bytes, then each part's length and bytes. Written out here, from the
/// document, to check that the document describes what the peers did.
fn tagged_hash(label: &str, parts: &[&[u8]]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update((label.len() as u32).to_be_bytes());
    h.update(label.as_bytes());
    for part in parts {
        h.update((part.len() as u32).to_be_bytes());
        h.update(part);
    }
    h.finalize().into()
}

/// Recomputes, from the document's derivations, the first commitment and the battle's
/// messages, checks them against what was sent, and prints them as test vectors.
fn check(binding: &Binding, alice: &Player, bob: &Player) {
    let layout: Layout = LAYOUT.parse().expect("the spec's layout");
    // Commitments: salt_i = H("lanqi/fair/salt", secret, binding, i)[..16].
    let salt0: [u8; 16] = tagged_hash(
        "lanqi/fair/salt",
        &[&[0xa1; 32], &binding.0, &0u32.to_be_bytes()],
    )[..16]
        .try_into()
        .expect("16 bytes");
    let a6: Square = "a6".parse().expect("a square");
    let c0 = tagged_hash("lanqi/fair/piece", &[&binding.0, b"s", b"a6", b"h", &salt0]);
    assert_eq!(
        c0,
        Commitment::to(binding, Side::South, a6, Kind::Lieutenant, &salt0).0
    );
    let sealed = SealedLayout::new(&layout, &[0xa1; 32], binding);
    assert_eq!(sealed.salts[0], salt0);
    let Some(Message::Commit { commitments }) = alice.sent.first() else {
        panic!("alice's first message is her commit");
    };
    assert_eq!(&commitments[..64], hex(&c0));
    println!(
        "\ncheck: alice's salt for a6 = {}, commitment = {}",
        hex(&salt0),
        hex(&c0)
    );
    // The battle of ply 2 (lanqi's own way of drawing its randomness; any fresh secret
    // randomness would do): each side draws its bytes in 32-byte blocks
    // H(label, secret, binding, battles begun, block) — the defender (alice, the 排长 `h`
    // on e6) 144 bytes labelled "lanqi/fair/defence", the attacker (bob, also an `h`) 64
    // bytes labelled "lanqi/fair/attack".
    let draw = |label: &str, secret: u8, out: &mut [u8]| {
        for (i, chunk) in out.chunks_mut(32).enumerate() {
            let h = tagged_hash(
                label,
                &[
                    &[secret; 32],
                    &binding.0,
                    &1u32.to_be_bytes(),
                    &(i as u32).to_be_bytes(),
                ],
            );
            chunk.copy_from_slice(&h[..chunk.len()]);
        }
    };
    let mut random = [0u8; DEFENCE_RANDOM];
    draw("lanqi/fair/defence", 0xa1, &mut random);
    let defence = Defence::new(Kind::Lieutenant, &random);
    let mut random = [0u8; 64];
    draw("lanqi/fair/attack", 0xb2, &mut random);
    let ctx = context(binding, 2);
    let attack = Attack::new(&ctx, &defence.first(), Kind::Lieutenant, &random).expect("S");
    let table = defence.table(&ctx, &attack.answer()).expect("R");
    let (report, token) = attack.open(&table).expect("a table");
    let sent = |p: &Player, word: &str| {
        p.sent
            .iter()
            .find(|m| m.to_string().starts_with(word))
            .map(ToString::to_string)
            .expect("sent")
    };
    assert_eq!(
        sent(alice, "offer|"),
        format!("offer|2|{}", hex(&defence.first()))
    );
    assert_eq!(
        sent(bob, "choose|"),
        format!("choose|2|{}", hex(&attack.answer()))
    );
    assert_eq!(
        sent(alice, "table|"),
        format!("table|2|{}", hex(&table.concat()))
    );
    assert_eq!(
        sent(bob, "outcome|"),
        format!("outcome|2|{}|{}", report.word(), hex(&token))
    );
    println!(
        "check: ctx = {}; bob's entry {} decrypts to code {} ({}) and token {}",
        hex(&ctx),
        Kind::Lieutenant.index(),
        report.code(),
        report.word(),
        hex(&token)
    );
}

fn main() {
    let player = |name, seed, nonce, addr: &str| Player {
        name,
        endpoint: Endpoint::new(
            SigningKey::from_bytes(&[seed; 32]),
            EndpointConfig {
                name: name.into(),
                ..EndpointConfig::default()
            },
            Box::new(move || [nonce; 16]),
        ),
        session: Session::new((), 0, 0, 0, Default::default(), Secrets::fixed(0), 0),
        addr: addr.parse().expect("an address"),
        sent: Vec::new(),
    };
    let mut alice = player("alice", 1, 0xa1, "10.0.0.1:4000");
    let mut bob = player("bob", 2, 0xb2, "10.0.0.2:4000");
    for (p, role) in [
        (&alice, "challenger, seat 0, South"),
        (&bob, "accepter, seat 1, North"),
    ] {
        println!(
            "{} ({role}): public key {}",
            p.name,
            hex(&p.endpoint.public_key())
        );
    }

    // Handshake: nonces a1a1.. (alice) and b2b2.. (bob).
    let n = &mut 0;
    alice.endpoint.challenge(bob.addr, "junqi", None, 0);
    pump(n, "challenge", &mut alice, &mut bob, 0);
    let event = bob.endpoint.poll_event();
    assert!(matches!(event, Some(NetEvent::Challenged { .. })));
    bob.endpoint.accept(10);
    pump(n, "accept", &mut bob, &mut alice, 10);
    let session = alice.endpoint.peer().expect("connected").session;
    let (a, b) = (alice.endpoint.public_key(), bob.endpoint.public_key());
    assert_eq!(session, session_id(&[0xa1; 16], &[0xb2; 16], &a, &b));
    assert_eq!(Some(session), bob.endpoint.peer().map(|p| p.session));
    let first = ((session >> 7) & 1) as u8;
    println!("\nsession id = {session:#018x}; first game's coin: bit 7 = {first}");
    while alice.endpoint.poll_event().is_some() {}
    while bob.endpoint.poll_event().is_some() {}

    // Seat 0 starts the game (fixed id here; lanqi::peer draws a random odd one); both deploy.
    // Each side's secret bytes (fixed here; lanqi::peer draws them from the OS) and the
    // game's binding: the session id, both keys (seat 0 first) and the game id.
    let mut context = session.to_be_bytes().to_vec();
    context.extend_from_slice(&a);
    context.extend_from_slice(&b);
    let binding = Binding::new(&context, GAME_ID);
    println!("binding = {}", hex(&binding.0));
    let secrets = |tag| Secrets {
        binding,
        secret: [tag; 32],
        cheat: Cheat::None,
    };
    alice.session = Session::new((), 0, GAME_ID, first, Default::default(), secrets(0xa1), 20);
    bob.session = Session::new((), 1, GAME_ID, first, Default::default(), secrets(0xb2), 20);
    let start = Message::Start {
        game_id: GAME_ID,
        first,
    };
    alice.endpoint.send(&start);
    pump(n, "start", &mut alice, &mut bob, 20);
    // The commitments: 1607 bytes, two fragments (two datagrams).
    act(&mut alice, Local::Setup(LAYOUT.into()), 20);
    pump(n, "commit", &mut alice, &mut bob, 20);
    deliver(&mut bob, 30);
    pump(n, "pure ack", &mut bob, &mut alice, 30);
    act(&mut bob, Local::Setup(LAYOUT.into()), 40);
    pump(n, "commit", &mut bob, &mut alice, 40);
    deliver(&mut alice, 50);
    pump(n, "pure ack", &mut alice, &mut bob, 50);

    // The first mover plays its first legal move in text order (a quiet one); the other
    // answers by attacking with the piece on its front row's file a (own view `a6-a7`).
    let (mover, other) = if first == 0 {
        (&mut alice, &mut bob)
    } else {
        (&mut bob, &mut alice)
    };
    act(mover, Local::Move(first_move(mover)), 1_000);
    pump(n, "move (ply 1)", mover, other, 1_000);
    deliver(other, 1_010);
    pump(n, "pure ack", other, mover, 1_010);
    let attack: Move = "a6-a7".parse().expect("a move");
    assert!(
        other
            .session
            .table()
            .is_some_and(|t| t.legal_moves().contains(&attack)),
        "the attack is legal"
    );
    act(other, Local::Move(attack), 2_000);
    pump(n, "move (ply 2, a battle)", other, mover, 2_000);
    // The battle: the defender offers, the attacker chooses, the defender sends the sealed
    // table, the attacker announces the outcome with its token.
    deliver(mover, 2_010);
    pump(n, "offer (defender)", mover, other, 2_010);
    deliver(other, 2_020);
    pump(n, "choose (attacker)", other, mover, 2_020);
    deliver(mover, 2_030);
    pump(n, "table (defender)", mover, other, 2_030);
    deliver(other, 2_040);
    pump(n, "outcome (attacker)", other, mover, 2_040);
    deliver(mover, 2_050);
    pump(n, "pure ack", mover, other, 2_050);
    let hash = |p: &Player| p.session.table().map(|t| t.hash());
    assert_eq!(hash(mover), hash(other), "both sides agree on the position");
    assert_eq!(
        mover.session.record(),
        other.session.record(),
        "and on the record"
    );
    check(&binding, &alice, &bob);
    let table = alice.session.table().expect("the game runs");
    println!(
        "\nboth sides now: ply {}, public position hash {}",
        table.ply(),
        table.hash()
    );
}
