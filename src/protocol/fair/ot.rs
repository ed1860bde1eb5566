//! 1-out-of-n oblivious transfer after Chou and Orlandi ("The Simplest Protocol for
//! Oblivious Transfer", 2015), on the Ristretto group (curve25519-dalek).
//!
//! The sender holds n messages; the receiver learns the one it chooses and nothing of the
//! others; the sender learns nothing of the choice.
//!
//! 1. Sender: random scalar `y`, sends `S = y·G`.
//! 2. Receiver with choice `c`: random scalar `x`, sends `R = c·S + x·G`.
//! 3. Sender: for each index `i`, key `k_i = H(ctx, i, S, R, y·R − i·y·S)`; sends each
//!    message encrypted under its key. Receiver: `k_c = H(ctx, c, S, R, x·S)`, which is
//!    the same point because `y·R − c·y·S = x·y·G`.
//!
//! `R` is uniformly distributed whatever `c` is, so the choice stays hidden; a key other
//! than `k_c` needs `x·y·G + (c − i)·y²·G`, i.e. solving computational Diffie–Hellman.
//! `ctx` (the game's binding and the battle's ply) is hashed into every key so keys are
//! fresh per battle and useless in any other.

use curve25519_dalek::constants::RISTRETTO_BASEPOINT_TABLE;
use curve25519_dalek::ristretto::{CompressedRistretto, RistrettoPoint};
use curve25519_dalek::scalar::Scalar;
use curve25519_dalek::traits::Identity;

use super::tagged_hash;

/// Why an oblivious-transfer message cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OtError {
    /// The bytes are not a valid, non-identity Ristretto point.
    #[error("{0} is not a valid group element")]
    BadPoint(&'static str),
    /// The choice is not below the number of messages.
    #[error("choice {choice} out of range (n = {n})")]
    Choice {
        /// The choice.
        choice: usize,
        /// The number of messages.
        n: usize,
    },
}

fn point(bytes: &[u8; 32], what: &'static str) -> Result<RistrettoPoint, OtError> {
    CompressedRistretto(*bytes)
        .decompress()
        .filter(|p| *p != RistrettoPoint::identity())
        .ok_or(OtError::BadPoint(what))
}

/// A uniformly random non-zero scalar from 64 random bytes.
fn scalar(wide: &[u8; 64]) -> Scalar {
    let s = Scalar::from_bytes_mod_order_wide(wide);
    if s == Scalar::ZERO { Scalar::ONE } else { s }
}

fn key(ctx: &[u8], index: usize, s: &[u8; 32], r: &[u8; 32], shared: &RistrettoPoint) -> [u8; 32] {
    tagged_hash(
        "lanqi/fair/ot-key",
        &[
            ctx,
            &(index as u32).to_be_bytes(),
            s,
            r,
            shared.compress().as_bytes(),
        ],
    )
}

/// Encrypts (or decrypts) `data` with a key: XOR with SHA-256 counter-mode keystream.
pub fn xor_with(key: &[u8; 32], data: &mut [u8]) {
    for (block, chunk) in data.chunks_mut(32).enumerate() {
        let pad = tagged_hash("lanqi/fair/ot-pad", &[key, &(block as u32).to_be_bytes()]);
        for (b, p) in chunk.iter_mut().zip(pad) {
            *b ^= p;
        }
    }
}

/// The sender's side of one transfer.
#[derive(Clone, Debug)]
pub struct Sender {
    y: Scalar,
    s: [u8; 32],
}

impl Sender {
    /// A fresh sender from 64 random bytes; [`Sender::first`] is what it sends.
    pub fn new(random: &[u8; 64]) -> Sender {
        let y = scalar(random);
        let s = (&y * RISTRETTO_BASEPOINT_TABLE).compress().to_bytes();
        Sender { y, s }
    }

    /// `S`, the sender's first message.
    pub fn first(&self) -> [u8; 32] {
        self.s
    }

    /// The n keys for the receiver's answer `R`: only the chosen one is known to it.
    pub fn keys(&self, ctx: &[u8], n: usize, r: &[u8; 32]) -> Result<Vec<[u8; 32]>, OtError> {
        let r_point = point(r, "R")?;
        let s_point = point(&self.s, "S")?;
        let t = self.y * s_point;
        let mut shared = self.y * r_point;
        let mut out = Vec::with_capacity(n);
        for i in 0..n {
            out.push(key(ctx, i, &self.s, r, &shared));
            shared -= t;
        }
        Ok(out)
    }

    /// Encrypts `messages` (one per index) for the receiver's answer `R`.
    pub fn encrypt(
        &self,
        ctx: &[u8],
        r: &[u8; 32],
        messages: &[Vec<u8>],
    ) -> Result<Vec<Vec<u8>>, OtError> {
        let keys = self.keys(ctx, messages.len(), r)?;
        Ok(messages
            .iter()
            .zip(keys)
            .map(|(m, k)| {
                let mut c = m.clone();
                xor_with(&k, &mut c);
                c
            })
            .collect())
    }
}

/// The receiver's side of one transfer.
#[derive(Clone, Debug)]
pub struct Receiver {
    x: Scalar,
    choice: usize,
    key: [u8; 32],
    r: [u8; 32],
}

impl Receiver {
    /// Answers the sender's `S` with choice `choice` of `n`, from 64 random bytes;
    /// [`Receiver::answer`] is what it sends.
    pub fn new(
        ctx: &[u8],
        s: &[u8; 32],
        choice: usize,
        n: usize,
        random: &[u8; 64],
    ) -> Result<Receiver, OtError> {
        if choice >= n {
            return Err(OtError::Choice { choice, n });
        }
        let s_point = point(s, "S")?;
        let x = scalar(random);
        let r_point = Scalar::from(choice as u64) * s_point + &x * RISTRETTO_BASEPOINT_TABLE;
        let r = r_point.compress().to_bytes();
        let key = key(ctx, choice, s, &r, &(x * s_point));
        Ok(Receiver { x, choice, key, r })
    }

    /// `R`, the receiver's answer.
    pub fn answer(&self) -> [u8; 32] {
        self.r
    }

    /// The chosen index.
    pub fn choice(&self) -> usize {
        self.choice
    }

    /// The receiver's secret scalar, for evidence after the game (it lets anyone recompute
    /// the chosen key).
    pub fn secret(&self) -> [u8; 32] {
        self.x.to_bytes()
    }

    /// Decrypts the chosen message out of the sender's `n` ciphertexts.
    pub fn decrypt(&self, ciphertexts: &[Vec<u8>]) -> Option<Vec<u8>> {
        let mut m = ciphertexts.get(self.choice)?.clone();
        xor_with(&self.key, &mut m);
        Some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn messages() -> Vec<Vec<u8>> {
        (0..12u8).map(|i| vec![i; 17]).collect()
    }

    #[test]
    fn the_receiver_gets_exactly_the_chosen_message() {
        for choice in 0..12 {
            let sender = Sender::new(&[choice as u8 + 1; 64]);
            let receiver = Receiver::new(b"ctx", &sender.first(), choice, 12, &[7; 64]).unwrap();
            let cts = sender
                .encrypt(b"ctx", &receiver.answer(), &messages())
                .unwrap();
            assert_eq!(receiver.decrypt(&cts).unwrap(), vec![choice as u8; 17]);
            for (i, ct) in cts.iter().enumerate().filter(|(i, _)| *i != choice) {
                let mut m = ct.clone();
                xor_with(&receiver.key, &mut m);
                assert_ne!(m, vec![i as u8; 17], "index {i} must stay sealed");
            }
        }
    }

    #[test]
    fn keys_depend_on_the_context() {
        let sender = Sender::new(&[1; 64]);
        let receiver = Receiver::new(b"ply 1", &sender.first(), 3, 12, &[2; 64]).unwrap();
        let cts = sender
            .encrypt(b"ply 2", &receiver.answer(), &messages())
            .unwrap();
        assert_ne!(receiver.decrypt(&cts).unwrap(), vec![3; 17]);
    }

    #[test]
    fn bad_points_and_choices_are_refused() {
        let sender = Sender::new(&[1; 64]);
        assert!(Receiver::new(b"c", &[0; 32], 0, 12, &[2; 64]).is_err());
        assert!(Receiver::new(b"c", &[0xff; 32], 0, 12, &[2; 64]).is_err());
        assert!(Receiver::new(b"c", &sender.first(), 12, 12, &[2; 64]).is_err());
        assert!(sender.keys(b"c", 12, &[0; 32]).is_err());
    }

    #[test]
    fn the_answer_is_a_fresh_random_point_whatever_the_choice() {
        let sender = Sender::new(&[1; 64]);
        let a = Receiver::new(b"c", &sender.first(), 0, 12, &[5; 64]).unwrap();
        let b = Receiver::new(b"c", &sender.first(), 0, 12, &[6; 64]).unwrap();
        assert_ne!(a.answer(), b.answer());
    }
}
