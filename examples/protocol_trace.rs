//! Prints a deterministic protocol trace for `docs/PROTOCOL.md`: the handshake and the
//! first session datagrams between two endpoints with fixed keys, nonces and game id,
//! each as a hex dump with its decoded envelope fields.
//!
//! Run with `cargo run --example protocol_trace`.

use std::net::SocketAddr;

use ed25519_dalek::SigningKey;
use lanqi::net::endpoint::session_id;
use lanqi::net::{Endpoint, EndpointConfig, NetEvent};
use lanqi::protocol::fair::Binding;
use lanqi::protocol::message::hex;
use lanqi::protocol::{Message, envelope};
use lanqi::session::{Cheat, Effect, JunqiTable, Local, Notice, Secrets, Session, TableGame};

const LAYOUT: &str = "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf";
const GAME_ID: u64 = 0x0123_4567_89ab_cdef;

/// A `hexdump -C` style dump; runs of identical 16-byte lines are shown as `*`.
fn dump(bytes: &[u8]) {
    let mut previous: Option<&[u8]> = None;
    let mut starred = false;
    for (i, line) in bytes.chunks(16).enumerate() {
        if previous == Some(line) && line.len() == 16 {
            if !starred {
                println!("*");
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
        println!("{:04x}  {:<47}  |{text}|", i * 16, hexes.join(" "));
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
}

/// Sends everything `from` has queued to `to`, printing each datagram.
fn pump(step: &str, from: &mut Player, to: &mut Player, now: u64) {
    while let Some((_, datagram)) = from.endpoint.poll_transmit(now) {
        show(&format!("{step}, {} -> {}", from.name, to.name), &datagram);
        to.endpoint.handle_datagram(from.addr, &datagram, now);
    }
}

/// Applies a local action to the player's session and queues the messages it sends.
fn act(player: &mut Player, action: Local, now: u64) {
    for effect in player.session.local(action, now).expect("a valid action") {
        match effect {
            Effect::Send(m) => player.endpoint.send(&m),
            Effect::Notice(Notice::Moved { absolute, .. }) => {
                println!("\n({} moves; absolute frame: {absolute})", player.name);
            }
            _ => {}
        }
    }
}

/// Hands the endpoint's delivered messages to the session (`start` is the peer's business,
/// as in `lanqi::peer`: here seat 1's session already exists).
fn deliver(player: &mut Player, now: u64) {
    while let Some(event) = player.endpoint.poll_event() {
        if let NetEvent::Message { message, .. } = event
            && !matches!(message, Message::Start { .. })
        {
            let _ = player.session.remote(message, now);
        }
    }
}

/// The player's first legal move in text order, in its own view.
fn first_move(player: &Player) -> String {
    let table = player.session.table().expect("both layouts are in");
    table.legal_moves().into_iter().min().expect("a legal move")
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
        session: Session::new(0, 0, 0, Default::default(), Secrets::fixed(0), 0),
        addr: addr.parse().expect("an address"),
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
    alice.endpoint.challenge(bob.addr, None, 0);
    pump("1. challenge", &mut alice, &mut bob, 0);
    let event = bob.endpoint.poll_event();
    assert!(matches!(event, Some(NetEvent::Challenged { .. })));
    bob.endpoint.accept(10);
    pump("2. accept", &mut bob, &mut alice, 10);
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
    let secrets = |tag| Secrets {
        binding,
        secret: [tag; 32],
        cheat: Cheat::None,
    };
    alice.session = Session::new(0, GAME_ID, first, Default::default(), secrets(0xa1), 20);
    bob.session = Session::new(1, GAME_ID, first, Default::default(), secrets(0xb2), 20);
    let start = Message::Start {
        game_id: GAME_ID,
        first,
    };
    alice.endpoint.send(&start);
    pump("3. start", &mut alice, &mut bob, 20);
    act(&mut alice, Local::Setup(LAYOUT.into()), 20);
    pump("4. layout", &mut alice, &mut bob, 20);
    deliver(&mut bob, 30);
    pump("5. pure ack", &mut bob, &mut alice, 30);
    act(&mut bob, Local::Setup(LAYOUT.into()), 40);
    pump("6. layout", &mut bob, &mut alice, 40);
    deliver(&mut alice, 50);
    pump("7. pure ack", &mut alice, &mut bob, 50);

    // Each side plays its first legal move in text order, written in its own view.
    let (mover, other) = if first == 0 {
        (&mut alice, &mut bob)
    } else {
        (&mut bob, &mut alice)
    };
    act(mover, Local::Move(first_move(mover)), 1_000);
    pump("8. move (ply 1)", mover, other, 1_000);
    deliver(other, 1_010);
    pump("9. pure ack", other, mover, 1_010);
    act(other, Local::Move(first_move(other)), 2_000);
    pump("10. move (ply 2)", other, mover, 2_000);
    deliver(mover, 2_010);
    pump("11. pure ack", mover, other, 2_010);
    let hash = |p: &Player| p.session.table().map(|t| t.hash());
    assert_eq!(hash(mover), hash(other), "both sides agree on the position");
}
