//! One deterministic rules core per game. Nothing here does I/O, reads a clock or keeps
//! global state: the same inputs give the same outputs on every peer.

pub mod gomoku;
pub mod junqi;
pub mod tibetan;
pub mod xiangqi;
