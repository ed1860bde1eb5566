//! Seeded random mutations of valid text, for the parser never-panic tests: one to four
//! replacements, insertions (from `alphabet`) or deletions, or a stray UTF-8 lead byte.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// `text` mutated by the seed's choices, with bytes drawn from `alphabet`.
pub fn mutate(seed: u64, text: &str, alphabet: &[u8]) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..1 + rng.next_u32() % 4 {
        let at = (rng.next_u32() as usize) % (bytes.len() + 1);
        let byte = alphabet[(rng.next_u32() as usize) % alphabet.len()];
        match rng.next_u32() % 4 {
            0 if at < bytes.len() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.insert(at, 0xe5), // a stray UTF-8 lead byte
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}
