//! Computer players, one module per game. They see only what a player may see.

pub mod junqi;
