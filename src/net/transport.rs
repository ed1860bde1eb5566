//! Where datagrams go: a [`Transport`] is the real UDP socket (with iroh beside it for play
//! beyond the LAN: [`super::carriers`]) or, in tests, an endpoint of the in-memory lossy
//! link ([`super::lossy`]).

use std::future::Future;
use std::io;
use std::net::SocketAddr;

/// Sends and receives whole datagrams.
pub trait Transport: Send + Sync + 'static {
    /// The address peers reach this transport at.
    fn local_addr(&self) -> io::Result<SocketAddr>;
    /// Sends one datagram.
    fn send_to(
        &self,
        datagram: &[u8],
        to: SocketAddr,
    ) -> impl Future<Output = io::Result<()>> + Send;
    /// Receives one datagram into `buf`: its length and sender. Cancel-safe.
    fn recv_from(
        &self,
        buf: &mut [u8],
    ) -> impl Future<Output = io::Result<(usize, SocketAddr)>> + Send;
    /// The iroh side, for a transport that carries datagrams beyond the LAN too.
    fn internet(&self) -> Option<&super::internet::Internet> {
        None
    }
}

impl Transport for tokio::net::UdpSocket {
    fn local_addr(&self) -> io::Result<SocketAddr> {
        tokio::net::UdpSocket::local_addr(self)
    }

    async fn send_to(&self, datagram: &[u8], to: SocketAddr) -> io::Result<()> {
        tokio::net::UdpSocket::send_to(self, datagram, to)
            .await
            .map(|_| ())
    }

    async fn recv_from(&self, buf: &mut [u8]) -> io::Result<(usize, SocketAddr)> {
        tokio::net::UdpSocket::recv_from(self, buf).await
    }
}
