//! An in-memory network for tests that need control a real socket cannot give: seeded
//! loss, duplication, and per-datagram delay (jitter), which reorders datagrams. It runs on
//! tokio's clock, so with paused time a long game takes no real time.

use std::collections::HashMap;
use std::io;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};
use tokio::sync::mpsc;

use super::transport::Transport;

/// How bad the link is.
#[derive(Clone, Copy, Debug)]
pub struct LinkQuality {
    /// Probability that a datagram is lost.
    pub loss: f64,
    /// Probability that a datagram is delivered twice.
    pub duplication: f64,
    /// Shortest delay, in milliseconds.
    pub min_delay_ms: u64,
    /// Longest delay, in milliseconds (uniform in between: datagrams overtake each other).
    pub max_delay_ms: u64,
}

impl LinkQuality {
    /// A perfect link with a fixed 1 ms delay.
    pub const PERFECT: LinkQuality = LinkQuality {
        loss: 0.0,
        duplication: 0.0,
        min_delay_ms: 1,
        max_delay_ms: 1,
    };
    /// 20% loss, 5% duplication, 1-80 ms jitter.
    pub const BAD_WIFI: LinkQuality = LinkQuality {
        loss: 0.2,
        duplication: 0.05,
        min_delay_ms: 1,
        max_delay_ms: 80,
    };
}

type Inbox = mpsc::UnboundedSender<(Vec<u8>, SocketAddr)>;

struct Shared {
    rng: ChaCha8Rng,
    quality: LinkQuality,
    inboxes: HashMap<SocketAddr, Inbox>,
    sent: u64,
    lost: u64,
    tap: Option<mpsc::UnboundedSender<Tapped>>,
}

/// A datagram seen on the wire by [`LossyNet::tap`]: bytes, sender, receiver.
pub type Tapped = (Vec<u8>, SocketAddr, SocketAddr);

/// The simulated network: endpoints attached to it reach each other by address.
#[derive(Clone)]
pub struct LossyNet {
    shared: Arc<Mutex<Shared>>,
}

/// One attached endpoint: a [`Transport`].
pub struct LossyEndpoint {
    addr: SocketAddr,
    net: LossyNet,
    inbox: tokio::sync::Mutex<mpsc::UnboundedReceiver<(Vec<u8>, SocketAddr)>>,
}

impl LossyNet {
    /// A network of the given quality whose randomness comes from `seed`.
    pub fn new(quality: LinkQuality, seed: u64) -> LossyNet {
        let shared = Shared {
            rng: ChaCha8Rng::seed_from_u64(seed),
            quality,
            inboxes: HashMap::new(),
            sent: 0,
            lost: 0,
            tap: None,
        };
        LossyNet {
            shared: Arc::new(Mutex::new(shared)),
        }
    }

    /// Attaches an endpoint at `addr`.
    pub fn attach(&self, addr: SocketAddr) -> LossyEndpoint {
        let (tx, rx) = mpsc::unbounded_channel();
        self.shared
            .lock()
            .expect("lossy net lock")
            .inboxes
            .insert(addr, tx);
        LossyEndpoint {
            addr,
            net: self.clone(),
            inbox: tokio::sync::Mutex::new(rx),
        }
    }

    /// Detaches `addr` (a crashed peer): datagrams to it vanish.
    pub fn detach(&self, addr: SocketAddr) {
        self.shared
            .lock()
            .expect("lossy net lock")
            .inboxes
            .remove(&addr);
    }

    /// Copies every datagram sent from now on (before any loss), as an eavesdropper
    /// on the LAN would see it.
    pub fn tap(&self) -> mpsc::UnboundedReceiver<Tapped> {
        let (tx, rx) = mpsc::unbounded_channel();
        self.shared.lock().expect("lossy net lock").tap = Some(tx);
        rx
    }

    /// Datagrams sent and datagrams lost so far.
    pub fn counts(&self) -> (u64, u64) {
        let s = self.shared.lock().expect("lossy net lock");
        (s.sent, s.lost)
    }

    fn deliver(&self, datagram: &[u8], from: SocketAddr, to: SocketAddr) {
        let mut s = self.shared.lock().expect("lossy net lock");
        s.sent += 1;
        if let Some(tap) = &s.tap {
            let _ = tap.send((datagram.to_vec(), from, to));
        }
        let q = s.quality;
        let chance = |rng: &mut ChaCha8Rng| (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        if chance(&mut s.rng) < q.loss {
            s.lost += 1;
            return;
        }
        let copies = if chance(&mut s.rng) < q.duplication {
            2
        } else {
            1
        };
        let Some(inbox) = s.inboxes.get(&to).cloned() else {
            return;
        };
        for _ in 0..copies {
            let span = q.max_delay_ms.saturating_sub(q.min_delay_ms) + 1;
            let delay = q.min_delay_ms + s.rng.next_u64() % span;
            let (inbox, datagram) = (inbox.clone(), datagram.to_vec());
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(delay)).await;
                let _ = inbox.send((datagram, from));
            });
        }
    }
}

impl Transport for LossyEndpoint {
    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.addr)
    }

    async fn send_to(&self, datagram: &[u8], to: SocketAddr) -> io::Result<()> {
        self.net.deliver(datagram, self.addr, to);
        Ok(())
    }

    async fn recv_from(&self, buf: &mut [u8]) -> io::Result<(usize, SocketAddr)> {
        let mut inbox = self.inbox.lock().await;
        let (datagram, from) = inbox
            .recv()
            .await
            .ok_or_else(|| io::Error::other("network gone"))?;
        let n = datagram.len().min(buf.len());
        buf[..n].copy_from_slice(&datagram[..n]);
        Ok((n, from))
    }
}
