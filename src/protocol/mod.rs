//! What peers say to each other: the `cmd|args` messages and the signed envelope they
//! travel in. Everything a peer sends is parsed strictly here before anyone acts on it.

pub mod envelope;
pub mod fair;
pub mod message;
pub mod relay;

pub use envelope::{
    DropReason, Header, MAX_DATAGRAM, MAX_PAYLOAD, Unverified, VERSION, open, seal,
};
pub use message::{Clock, Message, Nonce, PayloadError, Verb};
