//! Invitation codes: what a friend pastes to reach this peer instead of an address. A code
//! names the peer's key (so the friend's peer checks it reaches the one who invited it), the
//! time it was made, the relay its iroh side can be reached through, up to four LAN
//! addresses to try over plain UDP and up to four where its iroh side listens directly
//! (when relays are off). It is
//! text that survives chat apps: `lanqi1` and lower-case base32 (`a`-`z`, `2`-`7`), no
//! spaces or punctuation, with a checksum, so a code cut short or mistyped is named as such.
//! PROTOCOL.md §15 has the format.

use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

use sha2::{Digest, Sha256};

/// What every code starts with (the format's version is inside it too).
pub const PREFIX: &str = "lanqi1";
/// The format version this lanqi writes (it reads 1 too: no iroh addresses).
const VERSION: u8 = 2;
/// The most addresses a code carries.
pub const MAX_ADDRS: usize = 4;
/// The longest relay URL a code carries, in bytes.
pub const MAX_RELAY: usize = 200;
/// The longest code read, in characters (longer text is not a code).
const MAX_CODE: usize = 1024;
/// Bytes of checksum at the end of the body.
const CHECK: usize = 4;

/// What an invitation code says: who invited, when, and how to reach them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invitation {
    /// The inviting peer's public key (its identity).
    pub key: [u8; 32],
    /// When the code was made, in seconds since 1970.
    pub issued: u64,
    /// A relay the peer can be reached through, if any.
    pub relay: Option<String>,
    /// Addresses to try over plain UDP, in order (at most [`MAX_ADDRS`]).
    pub addrs: Vec<SocketAddr>,
    /// Where the peer's iroh side listens directly (at most [`MAX_ADDRS`]; none when it
    /// has a relay, which tells iroh the rest).
    pub quic: Vec<SocketAddr>,
}

/// Why a text is not a usable invitation code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InviteError {
    /// It does not start with `lanqi1`.
    NotACode,
    /// It holds a character no code has (shown), at this position (1-based).
    BadCharacter(char, usize),
    /// It is too long to be a code.
    TooLong,
    /// Part of it is missing, or it was mistyped: the checksum does not match.
    Damaged,
    /// It was made by a newer lanqi (this format version).
    NewerVersion(u8),
    /// It names no address and no relay: there is no way to reach its peer.
    Unreachable,
}

impl fmt::Display for InviteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InviteError::NotACode => write!(f, "not an invitation code (one starts with {PREFIX})"),
            InviteError::BadCharacter(c, at) => {
                write!(f, "the code has {c:?} at character {at}, which no code has")
            }
            InviteError::TooLong => write!(f, "too long to be an invitation code"),
            InviteError::Damaged => {
                write!(f, "the code is cut short or mistyped: copy all of it again")
            }
            InviteError::NewerVersion(v) => write!(
                f,
                "the code was made by a newer lanqi (format {v}): update lanqi to use it"
            ),
            InviteError::Unreachable => write!(f, "the code names no way to reach its player"),
        }
    }
}

impl std::error::Error for InviteError {}

impl Invitation {
    /// The code, e.g. `lanqi1aeaq…`.
    pub fn code(&self) -> String {
        let mut body = vec![VERSION];
        body.extend_from_slice(&self.key);
        push_varint(&mut body, self.issued);
        let relay = self.relay.as_deref().unwrap_or("");
        let relay = &relay.as_bytes()[..relay.len().min(MAX_RELAY)];
        body.push(relay.len() as u8);
        body.extend_from_slice(relay);
        push_addrs(&mut body, &self.addrs);
        push_addrs(&mut body, &self.quic);
        let check = checksum(&body);
        body.extend_from_slice(&check);
        format!("{PREFIX}{}", base32(&body))
    }

    /// Reads a code as a person pasted it: spaces, line breaks and `-` are skipped, and
    /// capitals read as small letters.
    pub fn parse(text: &str) -> Result<Invitation, InviteError> {
        if text.chars().count() > MAX_CODE {
            return Err(InviteError::TooLong);
        }
        let kept: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-')
            .map(|c| c.to_ascii_lowercase())
            .collect();
        let Some(rest) = kept.strip_prefix(PREFIX) else {
            return Err(InviteError::NotACode);
        };
        let bytes = unbase32(rest).map_err(|bad| match bad {
            Some((c, i)) => InviteError::BadCharacter(c, i + 1 + PREFIX.len()),
            None => InviteError::Damaged,
        })?;
        if bytes.len() < 1 + CHECK {
            return Err(InviteError::Damaged);
        }
        let (body, check) = bytes.split_at(bytes.len() - CHECK);
        if checksum(body) != check {
            return Err(InviteError::Damaged);
        }
        if body[0] > VERSION || body[0] == 0 {
            return Err(InviteError::NewerVersion(body[0]));
        }
        let mut r = Reader(&body[1..]);
        let key: [u8; 32] = r.take(32)?.try_into().map_err(|_| InviteError::Damaged)?;
        let issued = r.varint()?;
        let relay_len = usize::from(r.byte()?);
        let relay = std::str::from_utf8(r.take(relay_len)?)
            .map_err(|_| InviteError::Damaged)?
            .to_string();
        let addrs = r.addrs()?;
        let quic = if body[0] >= 2 { r.addrs()? } else { Vec::new() };
        if !r.0.is_empty() {
            return Err(InviteError::Damaged);
        }
        if addrs.is_empty() && quic.is_empty() && relay.is_empty() {
            return Err(InviteError::Unreachable);
        }
        Ok(Invitation {
            key,
            issued,
            relay: (!relay.is_empty()).then_some(relay),
            addrs,
            quic,
        })
    }
}

/// The first bytes of SHA-256 over a domain word and the body.
fn checksum(body: &[u8]) -> [u8; CHECK] {
    let digest = Sha256::new()
        .chain_update(b"lanqi-invite-v1")
        .chain_update(body)
        .finalize();
    let mut out = [0; CHECK];
    out.copy_from_slice(&digest[..CHECK]);
    out
}

/// A varint as postcard writes one (7 bits a byte, low first).
fn push_varint(out: &mut Vec<u8>, mut v: u64) {
    loop {
        let byte = (v & 0x7f) as u8;
        v >>= 7;
        if v == 0 {
            out.push(byte);
            return;
        }
        out.push(byte | 0x80);
    }
}

/// A list of at most [`MAX_ADDRS`] addresses: a count, then each as family (4 or 6), IP
/// and port (big-endian).
fn push_addrs(body: &mut Vec<u8>, addrs: &[SocketAddr]) {
    let addrs = &addrs[..addrs.len().min(MAX_ADDRS)];
    body.push(addrs.len() as u8);
    for addr in addrs {
        match addr.ip() {
            IpAddr::V4(ip) => {
                body.push(4);
                body.extend_from_slice(&ip.octets());
            }
            IpAddr::V6(ip) => {
                body.push(6);
                body.extend_from_slice(&ip.octets());
            }
        }
        body.extend_from_slice(&addr.port().to_be_bytes());
    }
}

/// Reads a code's body; anything short or malformed is [`InviteError::Damaged`].
struct Reader<'a>(&'a [u8]);

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], InviteError> {
        if self.0.len() < n {
            return Err(InviteError::Damaged);
        }
        let (head, rest) = self.0.split_at(n);
        self.0 = rest;
        Ok(head)
    }

    fn byte(&mut self) -> Result<u8, InviteError> {
        Ok(self.take(1)?[0])
    }

    fn addrs(&mut self) -> Result<Vec<SocketAddr>, InviteError> {
        let count = usize::from(self.byte()?);
        if count > MAX_ADDRS {
            return Err(InviteError::Damaged);
        }
        let mut addrs = Vec::with_capacity(count);
        for _ in 0..count {
            let ip = match self.byte()? {
                4 => IpAddr::V4(Ipv4Addr::from(
                    <[u8; 4]>::try_from(self.take(4)?).unwrap_or_default(),
                )),
                6 => IpAddr::V6(Ipv6Addr::from(
                    <[u8; 16]>::try_from(self.take(16)?).unwrap_or_default(),
                )),
                _ => return Err(InviteError::Damaged),
            };
            let port = u16::from_be_bytes(self.take(2)?.try_into().unwrap_or_default());
            addrs.push(SocketAddr::new(ip, port));
        }
        Ok(addrs)
    }

    fn varint(&mut self) -> Result<u64, InviteError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(InviteError::Damaged)
    }
}

/// RFC 4648 base32's alphabet, in small letters.
const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";

/// `bytes` in lower-case base32 without padding.
fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 8 / 5 + 1);
    let (mut acc, mut bits) = (0u32, 0u32);
    for &b in bytes {
        acc = (acc << 8) | u32::from(b);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// The bytes of lower-case base32 text; the first character that is not base32 and its
/// index, if there is one (`None` when the last character has bits set that no byte
/// holds: a mistyped end).
fn unbase32(text: &str) -> Result<Vec<u8>, Option<(char, usize)>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut acc, mut bits) = (0u32, 0u32);
    for (i, c) in text.chars().enumerate() {
        let v = match c {
            'a'..='z' => c as u32 - 'a' as u32,
            '2'..='7' => c as u32 - '2' as u32 + 26,
            _ => return Err(Some((c, i))),
        };
        acc = (acc << 5) | v;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if acc & ((1 << bits) - 1) != 0 {
        return Err(None);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Invitation {
        Invitation {
            key: [7; 32],
            issued: 1_796_000_000,
            relay: None,
            addrs: vec![
                "192.168.1.20:40001".parse().unwrap(),
                "[fd00::1]:40001".parse().unwrap(),
            ],
            quic: vec!["203.0.113.7:51000".parse().unwrap()],
        }
    }

    #[test]
    fn base32_matches_rfc_4648_s_examples() {
        // RFC 4648 §10, in small letters and without padding.
        for (plain, coded) in [
            ("", ""),
            ("f", "my"),
            ("fo", "mzxq"),
            ("foo", "mzxw6"),
            ("foob", "mzxw6yq"),
            ("fooba", "mzxw6ytb"),
            ("foobar", "mzxw6ytboi"),
        ] {
            assert_eq!(base32(plain.as_bytes()), coded);
            assert_eq!(unbase32(coded).unwrap(), plain.as_bytes());
        }
    }

    #[test]
    fn a_code_reads_back_as_it_was_made_and_only_has_safe_characters() {
        let code = sample().code();
        assert!(code.starts_with("lanqi1"));
        assert!(
            code.chars()
                .all(|c| c.is_ascii_lowercase() || ('1'..='7').contains(&c)),
            "{code}"
        );
        assert_eq!(Invitation::parse(&code), Ok(sample()));
        // As a chat app or a person may pass it on: capitals, spaces, a line break, dashes.
        let mangled = format!(
            "  {}-{}\n{} ",
            &code[..20].to_uppercase(),
            &code[20..40],
            &code[40..]
        );
        assert_eq!(Invitation::parse(&mangled), Ok(sample()));
    }

    #[test]
    fn a_code_cut_short_or_mistyped_is_named_as_such() {
        let code = sample().code();
        assert_eq!(
            Invitation::parse(&code[..code.len() - 3]),
            Err(InviteError::Damaged)
        );
        for i in PREFIX.len()..code.len() {
            let mut typo: Vec<char> = code.chars().collect();
            typo[i] = if typo[i] == 'a' { 'b' } else { 'a' };
            let typo: String = typo.into_iter().collect();
            assert_eq!(
                Invitation::parse(&typo),
                Err(InviteError::Damaged),
                "at {i}"
            );
        }
        assert_eq!(
            Invitation::parse("192.168.1.20:40001"),
            Err(InviteError::NotACode)
        );
        assert_eq!(
            Invitation::parse(&format!("{code}!")),
            Err(InviteError::BadCharacter('!', code.len() + 1))
        );
        assert_eq!(
            Invitation::parse(&"lanqi1a".repeat(300)),
            Err(InviteError::TooLong)
        );
    }

    #[test]
    fn a_newer_format_or_a_code_with_no_way_in_says_so() {
        let mut body = vec![3];
        body.extend_from_slice(&[0; 40]);
        let check = checksum(&body);
        body.extend_from_slice(&check);
        let newer = format!("{PREFIX}{}", base32(&body));
        assert_eq!(Invitation::parse(&newer), Err(InviteError::NewerVersion(3)));
        let nowhere = Invitation {
            addrs: Vec::new(),
            quic: Vec::new(),
            ..sample()
        };
        assert_eq!(
            Invitation::parse(&nowhere.code()),
            Err(InviteError::Unreachable)
        );
    }

    /// A code of the first format (LAN addresses only, no iroh addresses) still reads.
    #[test]
    fn a_code_of_the_first_format_still_reads() {
        let mut body = vec![1];
        body.extend_from_slice(&[7; 32]);
        push_varint(&mut body, 1_796_000_000);
        body.push(0);
        push_addrs(&mut body, &["192.168.1.20:40001".parse().unwrap()]);
        let check = checksum(&body);
        body.extend_from_slice(&check);
        let old = Invitation::parse(&format!("{PREFIX}{}", base32(&body))).unwrap();
        assert_eq!(old.addrs, vec!["192.168.1.20:40001".parse().unwrap()]);
        assert!(old.quic.is_empty() && old.relay.is_none());
    }

    /// With a relay of the length iroh's public ones have and no addresses (the code a
    /// person copies when playing over the internet), the code stays short enough for a
    /// chat line.
    #[test]
    fn a_code_with_a_relay_is_a_chat_line() {
        let code = Invitation {
            key: [9; 32],
            issued: 1_796_000_000,
            relay: Some("https://euc1-1.relay.n0.iroh.link./".into()),
            addrs: vec!["192.168.1.20:40001".parse().unwrap()],
            quic: Vec::new(),
        }
        .code();
        assert!(code.len() <= 160, "{} characters: {code}", code.len());
    }

    #[test]
    fn any_text_is_read_without_a_panic() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(26);
        let code = sample().code();
        for _ in 0..5_000 {
            let n = rng.random_range(0..code.len() + 8);
            let text: String = (0..n)
                .map(|i| {
                    if rng.random_bool(0.9) {
                        code.chars().nth(i).unwrap_or('a')
                    } else {
                        char::from(rng.random_range(0x20u8..0x7f))
                    }
                })
                .collect();
            let _ = Invitation::parse(&text);
        }
    }
}
