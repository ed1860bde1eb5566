//! Moving signed envelopes between peers: the reliable channel, the endpoint (handshake,
//! sessions, replay protection, drop counters), transports (real UDP, an in-memory lossy
//! link for tests).

pub mod carriers;
pub mod discovery;
pub mod endpoint;
pub mod internet;
pub mod invite;
pub mod lossy;
pub mod reliable;
pub mod transport;

pub use endpoint::{DropCounters, Endpoint, EndpointConfig, MAX_SPECTATORS, NetEvent, PeerInfo};
pub use lossy::{LinkQuality, LossyNet};
pub use transport::Transport;
