//! Envelope and payload properties over many seeded random values: sealing then opening
//! gives back the same fields; any flipped byte fails; messages round-trip through their
//! text; an endpoint fed random or mutated datagrams never panics and counts every drop.

#[path = "support/random_games.rs"]
mod random_games;

use ed25519_dalek::SigningKey;
use lanqi::net::{Endpoint, EndpointConfig};
use lanqi::protocol::envelope::{self, Header, MAX_PAYLOAD, VERSION};
use lanqi::protocol::{Clock, Message, Verb};
use rand_chacha::rand_core::Rng;

fn random_bytes(rng: &mut impl Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next_u32() as u8).collect()
}

#[test]
fn sealed_envelopes_open_to_the_same_fields_and_any_flipped_byte_fails() {
    let mut rng = random_games::rng(11);
    for i in 0..300 {
        let key = SigningKey::from_bytes(&[(i % 250) as u8 + 1; 32]);
        let len = (rng.next_u32() as usize) % (MAX_PAYLOAD + 1);
        let payload = random_bytes(&mut rng, len);
        let header = Header {
            version: VERSION,
            session: rng.next_u64() | 1,
            sender: key.verifying_key().to_bytes(),
            packet: rng.next_u64() >> (rng.next_u32() % 64),
            seq: rng.next_u32(),
            ack: rng.next_u32(),
            ack_bits: rng.next_u32(),
            frag_index: rng.next_u32() as u8,
            frag_count: rng.next_u32() as u8,
            payload: &payload,
        };
        let datagram = envelope::seal(&header, &key);
        assert!(datagram.len() <= envelope::MAX_DATAGRAM);
        assert_eq!(envelope::open(&datagram).unwrap().verify().unwrap(), header);
        let mut bad = datagram.clone();
        let at = (rng.next_u32() as usize) % bad.len();
        bad[at] ^= 1 << (rng.next_u32() % 8);
        assert!(
            envelope::open(&bad).and_then(|u| u.verify()).is_err(),
            "flipped byte {at} of {i}"
        );
    }
}

#[test]
fn messages_round_trip_through_their_text() {
    let mut rng = random_games::rng(12);
    for _ in 0..500 {
        let raw: String = (0..rng.next_u32() % 40)
            .map(|_| char::from_u32(rng.next_u32() % 0x3000).unwrap_or('?'))
            .collect();
        // Any text crosses the wire; what arrives is what may be shown (no control or
        // reordering characters, line breaks as spaces), and that comes back exactly.
        let wire = Message::Chat { text: raw.clone() }.to_string();
        let text = lanqi::protocol::message::shown(&raw);
        assert_eq!(
            Message::parse(wire.as_bytes()).unwrap(),
            Message::Chat { text: text.clone() },
            "{wire}"
        );
        let nonce: [u8; 16] = random_bytes(&mut rng, 16).try_into().unwrap();
        let verb = [Verb::Ask, Verb::Yes, Verb::No][(rng.next_u32() % 3) as usize];
        let messages = [
            Message::Chat { text: text.clone() },
            Message::Decline {
                nonce,
                reason: text.clone(),
            },
            Message::Accept {
                nonce,
                reply: nonce,
                name: text.chars().take(32).collect(),
                seats: 2 + (rng.next_u32() % 3) as u8,
            },
            // A relayed message carries its author's text exactly as written.
            Message::From {
                seat: (rng.next_u32() % 4) as u8,
                n: rng.next_u32(),
                signature: random_bytes(&mut rng, 64).try_into().unwrap(),
                payload: raw.clone(),
            },
            Message::Over {
                winner: "draw".into(),
                reason: text.clone(),
            },
            Message::Undo {
                verb,
                ply: rng.next_u32(),
            },
            Message::Move {
                ply: rng.next_u32(),
                mv: "c6-c7".into(),
                hash: "ab".into(),
                clock_ms: rng.next_u64(),
            },
            Message::Challenge {
                nonce,
                name: text.chars().take(32).collect(),
                game: "junqi".into(),
                clock: Clock {
                    game_secs: rng.next_u32(),
                    move_secs: rng.next_u32(),
                },
                resume: Some(rng.next_u64()).filter(|_| rng.next_u32().is_multiple_of(2)),
                padding: (rng.next_u32() % 100) as usize,
            },
        ];
        for m in messages {
            let wire = m.to_string();
            assert_eq!(Message::parse(wire.as_bytes()).unwrap(), m, "{wire}");
        }
    }
}

#[test]
fn an_endpoint_counts_every_hostile_datagram_and_never_panics() {
    let mut rng = random_games::rng(13);
    let key = SigningKey::from_bytes(&[3; 32]);
    let mut endpoint = Endpoint::new(key.clone(), EndpointConfig::default(), Box::new(|| [5; 16]));
    let from = "127.0.0.1:7".parse().unwrap();
    let real = envelope::seal(
        &Header {
            version: VERSION,
            session: 77,
            sender: key.verifying_key().to_bytes(),
            packet: 1,
            seq: 1,
            ack: 0,
            ack_bits: 0,
            frag_index: 0,
            frag_count: 1,
            payload: b"chat|hi",
        },
        &SigningKey::from_bytes(&[4; 32]),
    );
    for i in 0..3000u64 {
        let datagram = match i % 3 {
            0 => {
                let len = (rng.next_u32() % 1400) as usize;
                random_bytes(&mut rng, len)
            }
            1 => {
                let mut d = real.clone();
                let at = (rng.next_u32() as usize) % d.len();
                d[at] = rng.next_u32() as u8;
                d
            }
            _ => {
                let len = 100 + (rng.next_u32() % 300) as usize;
                let mut d = random_bytes(&mut rng, len);
                d[0] = VERSION;
                d
            }
        };
        endpoint.handle_datagram(from, &datagram, i);
        while endpoint.poll_transmit(i).is_some() {}
        assert!(
            endpoint.poll_event().is_none(),
            "nothing hostile becomes an event"
        );
    }
    assert_eq!(
        endpoint.drops().total(),
        3000,
        "every datagram was dropped and counted"
    );
}
