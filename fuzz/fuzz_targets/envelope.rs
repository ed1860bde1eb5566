//! Fuzzes what a peer receives: the envelope decoder, the payload parser and a whole
//! endpoint taking in arbitrary datagrams. Nothing may panic, and a parsed message prints
//! back to text that parses to the same message.
#![no_main]

use ed25519_dalek::SigningKey;
use lanqi::net::{Endpoint, EndpointConfig};
use lanqi::protocol::{Message, envelope};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(unverified) = envelope::open(data) {
        let _ = unverified.verify();
    }
    if let Ok(message) = Message::parse(data) {
        let text = message.to_string();
        assert_eq!(Message::parse(text.as_bytes()).unwrap(), message);
    }
    let key = SigningKey::from_bytes(&[9; 32]);
    let mut endpoint = Endpoint::new(key, EndpointConfig::default(), Box::new(|| [1; 16]));
    let from = "127.0.0.1:9".parse().unwrap();
    endpoint.handle_datagram(from, data, 0);
    while endpoint.poll_transmit(0).is_some() {}
    while endpoint.poll_event().is_some() {}
});
