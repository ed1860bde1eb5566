//! The transport a real peer runs on: its UDP socket for the LAN and typed addresses, and,
//! when the peer plays beyond the LAN, its iroh side ([`Internet`]) for the peers reached
//! by key. A datagram for one of [`super::internet::synthetic`]'s addresses goes over
//! iroh, every other over UDP; what arrives either way comes out of one `recv_from`.

use std::io;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicU64, Ordering};

use super::Transport;
use super::internet::{self, Carried, Internet};

/// A UDP socket, and iroh beside it when the peer plays beyond the LAN.
pub struct Carriers {
    udp: tokio::net::UdpSocket,
    internet: Option<Internet>,
    /// Datagrams and bytes sent over UDP.
    lan: (AtomicU64, AtomicU64),
}

impl Carriers {
    /// The UDP socket alone (no play beyond the LAN).
    pub fn udp(udp: tokio::net::UdpSocket) -> Carriers {
        Carriers {
            udp,
            internet: None,
            lan: Default::default(),
        }
    }

    /// The UDP socket and iroh.
    pub fn with_internet(udp: tokio::net::UdpSocket, internet: Internet) -> Carriers {
        Carriers {
            udp,
            internet: Some(internet),
            lan: Default::default(),
        }
    }

    /// What was sent so far, each way.
    pub fn carried(&self) -> Carried {
        let iroh = self
            .internet
            .as_ref()
            .map(Internet::sent)
            .unwrap_or_default();
        Carried {
            lan_datagrams: self.lan.0.load(Ordering::Relaxed),
            lan_bytes: self.lan.1.load(Ordering::Relaxed),
            ..iroh
        }
    }
}

impl Transport for Carriers {
    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.udp.local_addr()
    }

    async fn send_to(&self, datagram: &[u8], to: SocketAddr) -> io::Result<()> {
        match &self.internet {
            Some(net) if internet::is_synthetic(&to) => net.send(datagram, to),
            _ if internet::is_synthetic(&to) => Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "play beyond the LAN is off",
            )),
            _ => {
                self.udp.send_to(datagram, to).await?;
                self.lan.0.fetch_add(1, Ordering::Relaxed);
                self.lan
                    .1
                    .fetch_add(datagram.len() as u64, Ordering::Relaxed);
                Ok(())
            }
        }
    }

    async fn recv_from(&self, buf: &mut [u8]) -> io::Result<(usize, SocketAddr)> {
        let Some(net) = &self.internet else {
            return self.udp.recv_from(buf).await;
        };
        tokio::select! {
            got = self.udp.recv_from(buf) => got,
            (datagram, from) = net.recv() => {
                // Longer than any lanqi datagram: cut, and the endpoint drops it.
                let n = datagram.len().min(buf.len());
                buf[..n].copy_from_slice(&datagram[..n]);
                Ok((n, from))
            }
        }
    }

    fn internet(&self) -> Option<&Internet> {
        self.internet.as_ref()
    }
}
