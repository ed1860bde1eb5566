//! Computer players, one per game. Unlike the rules cores they may read a clock and use
//! threads: a search runs against a deadline.

pub mod uci_client;
pub mod xiangqi;
