//! Fair play for hidden pieces without a referee (DESIGN.md, "Hidden pieces without a
//! referee"; docs/PROTOCOL.md, "Fair play"): salted commitments to every piece, battles
//! decided by a 1-out-of-12 oblivious transfer so each side learns only the outcome, and
//! the openings the post-game audit checks. Pure functions over bytes: no I/O, no clock;
//! randomness comes from a caller's CSPRNG.

pub mod commit;
pub mod duel;
pub mod ot;

pub use commit::{Binding, Commitment, Commitments, SealedLayout};
pub use duel::{Attack, Defence, Report, TABLE_ENTRY};
pub use ot::{OtError, Receiver, Sender};

/// A hash of labelled parts: SHA-256 over each part's length (4 bytes, big-endian) and
/// bytes, after a domain label, so no two different part lists hash the same input.
pub(crate) fn tagged_hash(label: &str, parts: &[&[u8]]) -> [u8; 32] {
    use sha2::{Digest, Sha256};
    let mut h = Sha256::new();
    h.update((label.len() as u32).to_be_bytes());
    h.update(label.as_bytes());
    for part in parts {
        h.update((part.len() as u32).to_be_bytes());
        h.update(part);
    }
    h.finalize().into()
}
