//! A bare challenge, as another implementation would send it: the crate's own endpoint,
//! driven by hand over one link, until the peer answers.

use std::net::SocketAddr;
use std::time::Duration;

use ed25519_dalek::SigningKey;
use lanqi::net::{Endpoint, EndpointConfig, NetEvent, Transport};

/// Challenges the peer at `to` to `game` with the key whose secret is `[secret; 32]`, over
/// `link`, and returns its answer (accept, decline or busy); fails after 50 tries of 500 ms.
pub async fn answer_to(link: &impl Transport, secret: u8, to: SocketAddr, game: &str) -> NetEvent {
    let mut challenger = Endpoint::new(
        SigningKey::from_bytes(&[secret; 32]),
        EndpointConfig::default(),
        Box::new(move || [secret; 16]),
    );
    challenger.challenge(to, game, None, 0);
    let mut buf = vec![0u8; 2048];
    for _ in 0..50 {
        while let Some((addr, d)) = challenger.poll_transmit(0) {
            link.send_to(&d, addr).await.unwrap();
        }
        if let Ok(Ok((n, from))) =
            tokio::time::timeout(Duration::from_millis(500), link.recv_from(&mut buf)).await
        {
            challenger.handle_datagram(from, &buf[..n], 0);
        }
        if let Some(event) = challenger.poll_event() {
            return event;
        }
    }
    panic!("no answer to the challenge of {to} to {game}");
}
