//! Moving signed envelopes between peers: the reliable channel, the endpoint (handshake,
//! sessions, replay protection, drop counters), transports (real UDP, an in-memory lossy
//! link for tests) and the async driver.

pub mod endpoint;
pub mod reliable;
