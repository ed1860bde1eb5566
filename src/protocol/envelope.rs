//! The signed binary envelope around every datagram: postcard-encoded fields with the
//! protocol version first, then an ed25519 signature over the exact bytes before it.
//!
//! Opening a datagram is split in two so the cheap checks come first: [`open`] checks the
//! size and version and decodes the fields (no crypto); [`Unverified::verify`] checks the
//! signature with `verify_strict`. Nothing in the payload is read before that.

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use serde::{Deserialize, Serialize};

/// The protocol version this build speaks; the first byte of every datagram.
pub const VERSION: u8 = 1;
/// The largest datagram sent or accepted, in bytes (fits any real path MTU).
pub const MAX_DATAGRAM: usize = 1200;
/// Bytes of the trailing ed25519 signature.
pub const SIGNATURE_LEN: usize = 64;
/// The largest payload one datagram carries; longer messages are split into fragments.
pub const MAX_PAYLOAD: usize = 1000;

/// The envelope's fields, in wire order (postcard: integers as LEB128 varints, `u8` and
/// byte arrays raw, the payload as a varint length then its bytes).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header<'a> {
    /// Protocol version, [`VERSION`].
    pub version: u8,
    /// Session id from the handshake; 0 for handshake messages.
    pub session: u64,
    /// The sender's ed25519 public key.
    pub sender: [u8; 32],
    /// Packet number: strictly increasing per sender and session, for replay protection.
    pub packet: u64,
    /// Reliable sequence number of this fragment (0: carries no reliable data).
    pub seq: u32,
    /// Cumulative ack of the other direction's sequence numbers.
    pub ack: u32,
    /// Selective acks: bit i set means seq `ack + 2 + i` was received.
    pub ack_bits: u32,
    /// Fragment index within its message.
    pub frag_index: u8,
    /// Fragment count of its message (0 when `seq` is 0).
    pub frag_count: u8,
    /// The `cmd|args` text (or a fragment of it), UTF-8 once reassembled.
    #[serde(borrow)]
    pub payload: &'a [u8],
}

/// Why a datagram was dropped. Each reason has its own counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum DropReason {
    /// Larger than [`MAX_DATAGRAM`].
    #[error("datagram too large")]
    TooLarge,
    /// Too short to hold a header and a signature.
    #[error("datagram truncated")]
    Truncated,
    /// A version this build does not speak.
    #[error("unknown protocol version")]
    BadVersion,
    /// The fields do not decode, or bytes are left over, or a field is out of bounds.
    #[error("malformed envelope")]
    Malformed,
    /// Not the session in progress, nor a handshake.
    #[error("unknown or stale session")]
    UnknownSession,
    /// Signed by a key other than the session's peer.
    #[error("sender is not the session's peer")]
    WrongSender,
    /// The signature does not verify.
    #[error("bad signature")]
    BadSignature,
    /// A packet number already seen, or too old to tell.
    #[error("replayed packet")]
    Replayed,
    /// Reliable data received before (a retransmission); acked again, not delivered again.
    #[error("duplicate data")]
    Duplicate,
    /// The payload is not a message this build understands.
    #[error("bad payload")]
    BadPayload,
    /// A well-formed message the game refused (an illegal move, out of turn…).
    #[error("refused by the game")]
    Refused,
}

/// A datagram whose fields decoded but whose signature is not checked yet.
#[derive(Debug)]
pub struct Unverified<'a> {
    header: Header<'a>,
    signed: &'a [u8],
    signature: [u8; SIGNATURE_LEN],
}

impl<'a> Unverified<'a> {
    /// The unchecked fields, for cheap rejection (session, sender, packet number) before
    /// any signature check.
    pub fn header(&self) -> &Header<'a> {
        &self.header
    }

    /// Checks the signature over the exact bytes received; only then are the fields trusted.
    pub fn verify(self) -> Result<Header<'a>, DropReason> {
        let key =
            VerifyingKey::from_bytes(&self.header.sender).map_err(|_| DropReason::BadSignature)?;
        let signature = Signature::from_bytes(&self.signature);
        key.verify_strict(self.signed, &signature)
            .map_err(|_| DropReason::BadSignature)?;
        Ok(self.header)
    }
}

/// Cheap checks and decoding of a received datagram: size, version, field bounds.
pub fn open(datagram: &[u8]) -> Result<Unverified<'_>, DropReason> {
    if datagram.len() > MAX_DATAGRAM {
        return Err(DropReason::TooLarge);
    }
    // version + session + 32-byte key + 5 varints/bytes + empty payload, at the least.
    if datagram.len() < 1 + 1 + 32 + 7 + SIGNATURE_LEN {
        return Err(DropReason::Truncated);
    }
    if datagram[0] != VERSION {
        return Err(DropReason::BadVersion);
    }
    let (signed, signature) = datagram.split_at(datagram.len() - SIGNATURE_LEN);
    let (header, rest): (Header<'_>, &[u8]) =
        postcard::take_from_bytes(signed).map_err(|_| DropReason::Malformed)?;
    if !rest.is_empty() || header.payload.len() > MAX_PAYLOAD {
        return Err(DropReason::Malformed);
    }
    let signature: [u8; SIGNATURE_LEN] = signature.try_into().map_err(|_| DropReason::Truncated)?;
    Ok(Unverified {
        header,
        signed,
        signature,
    })
}

/// Encodes and signs a header into a datagram.
pub fn seal(header: &Header<'_>, key: &SigningKey) -> Vec<u8> {
    let mut bytes = postcard::to_stdvec(header).expect("a header always encodes");
    let signature = key.sign(&bytes);
    bytes.extend_from_slice(&signature.to_bytes());
    debug_assert!(bytes.len() <= MAX_DATAGRAM || header.payload.len() > MAX_PAYLOAD);
    bytes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(seed: u8) -> SigningKey {
        SigningKey::from_bytes(&[seed; 32])
    }

    fn header(key: &SigningKey, payload: &[u8]) -> Header<'static> {
        Header {
            version: VERSION,
            session: 0x1234_5678_9abc_def0,
            sender: key.verifying_key().to_bytes(),
            packet: 300,
            seq: 7,
            ack: 5,
            ack_bits: 0b101,
            frag_index: 0,
            frag_count: 1,
            payload: payload.to_vec().leak(),
        }
    }

    #[test]
    fn a_sealed_datagram_opens_to_the_same_fields() {
        let k = key(1);
        let h = header(&k, b"move|1|a5-a6|00|0");
        let bytes = seal(&h, &k);
        assert_eq!(bytes[0], VERSION, "the version byte comes first");
        assert_eq!(open(&bytes).unwrap().verify().unwrap(), h);
    }

    #[test]
    fn any_flipped_bit_fails() {
        let k = key(2);
        let bytes = seal(&header(&k, b"chat|hello"), &k);
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut bad = bytes.clone();
                bad[i] ^= 1 << bit;
                let verdict = open(&bad).and_then(Unverified::verify);
                assert!(
                    verdict.is_err(),
                    "flipping bit {bit} of byte {i} went unnoticed"
                );
            }
        }
    }

    #[test]
    fn a_signature_from_another_key_fails() {
        let (k, mallory) = (key(3), key(4));
        // Mallory signs a datagram that claims to come from k.
        let bytes = seal(&header(&k, b"resign"), &mallory);
        assert_eq!(
            open(&bytes).unwrap().verify(),
            Err(DropReason::BadSignature)
        );
    }

    #[test]
    fn size_version_and_shape_are_checked_before_any_crypto() {
        let k = key(5);
        let bytes = seal(&header(&k, b"x"), &k);
        assert_eq!(open(&bytes[..40]).unwrap_err(), DropReason::Truncated);
        assert_eq!(
            open(&vec![VERSION; MAX_DATAGRAM + 1]).unwrap_err(),
            DropReason::TooLarge
        );
        let mut v2 = bytes.clone();
        v2[0] = 2;
        assert_eq!(open(&v2).unwrap_err(), DropReason::BadVersion);
        // Extra bytes before the signature, or a payload over the limit.
        let mut longer = bytes[..bytes.len() - SIGNATURE_LEN].to_vec();
        longer.push(0);
        longer.extend_from_slice(&bytes[bytes.len() - SIGNATURE_LEN..]);
        assert_eq!(open(&longer).unwrap_err(), DropReason::Malformed);
        let big = seal(&header(&k, &[b'a'; MAX_PAYLOAD + 1]), &k);
        assert_eq!(open(&big).unwrap_err(), DropReason::Malformed);
        let fits = seal(&header(&k, &[b'a'; MAX_PAYLOAD]), &k);
        assert!(
            fits.len() <= MAX_DATAGRAM,
            "a full payload fits in a datagram: {}",
            fits.len()
        );
        assert!(open(&fits).unwrap().verify().is_ok());
    }
}
