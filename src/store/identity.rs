//! This copy of lanqi's long-term ed25519 key, its file, and the helpers peers use to check
//! each other: [`fingerprint`] and [`verify`].
//!
//! The key file (`identity.key` in the profile) holds the 32-byte secret as 64 hex digits and
//! a newline. On unix it is created with mode 0600, and an existing file that group or others
//! may read is tightened to 0600 when loaded. A file of any other shape is reported as
//! [`StoreError::Corrupt`] and never replaced: the user would lose their identity.

use std::fmt;
use std::io;
use std::path::Path;

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};
use rand::TryRng;
use sha2::{Digest, Sha256};

use super::atomic::create_atomically;
use super::{StoreError, decode_hex32, encode_hex};

/// This copy of lanqi's long-term ed25519 signing key.
#[derive(Clone)]
pub struct Identity {
    key: SigningKey,
}

impl Identity {
    /// A new random identity, from the operating system's random number generator.
    ///
    /// # Panics
    /// If the OS cannot provide randomness (no usable entropy source): there is no safe way
    /// to make a key without it.
    pub fn generate() -> Identity {
        let mut secret = [0u8; 32];
        rand::rngs::SysRng
            .try_fill_bytes(&mut secret)
            .expect("the operating system's random number generator failed");
        let identity = Identity::from_secret(secret);
        secret.fill(0);
        identity
    }

    /// The identity with this 32-byte ed25519 secret key.
    pub fn from_secret(secret: [u8; 32]) -> Identity {
        Identity {
            key: SigningKey::from_bytes(&secret),
        }
    }

    /// The 32-byte ed25519 public key peers know this copy by.
    pub fn public_key(&self) -> [u8; 32] {
        self.key.verifying_key().to_bytes()
    }

    /// The short human form of the public key, see [`fingerprint`].
    pub fn fingerprint(&self) -> String {
        fingerprint(&self.public_key())
    }

    /// The ed25519 signature of `message`.
    pub fn sign(&self, message: &[u8]) -> [u8; 64] {
        self.key.sign(message).to_bytes()
    }

    /// The underlying signing key, for layers that need the full ed25519 API.
    pub fn signing_key(&self) -> &SigningKey {
        &self.key
    }

    /// Loads the identity from `path`. A missing file is an [`StoreError::Io`] with kind
    /// `NotFound`; a file of the wrong shape is [`StoreError::Corrupt`] and left untouched.
    /// On unix a file that group or others may read is tightened to mode 0600.
    /// A symbolic link is refused, never followed: the secret lives in a file of its own.
    pub fn load(path: &Path) -> Result<Identity, StoreError> {
        let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        if link {
            return Err(StoreError::corrupt(
                path,
                None,
                "it is a symbolic link: the secret key must be a file of its own (not followed)",
            ));
        }
        let bytes = super::read_bounded(path, 4096).map_err(|e| StoreError::io("read", path, e))?;
        let identity =
            parse_key_file(&bytes).map_err(|problem| StoreError::corrupt(path, None, problem))?;
        restrict_permissions(path)?;
        Ok(identity)
    }

    /// Loads the identity from `path`, or on first run generates one and writes it there
    /// (mode 0600 on unix). Never replaces an existing file, even a corrupt one.
    pub fn load_or_create(path: &Path) -> Result<Identity, StoreError> {
        match Identity::load(path) {
            Err(StoreError::Io { error, .. }) if error.kind() == io::ErrorKind::NotFound => {}
            other => return other,
        }
        let identity = Identity::generate();
        let mut text = encode_hex(&identity.key.to_bytes());
        text.push('\n');
        let created = create_atomically(path, text.as_bytes(), Some(0o600));
        // Best effort: do not leave a copy of the secret in freed memory.
        let mut bytes = text.into_bytes();
        bytes.fill(0);
        match created {
            Ok(()) => Ok(identity),
            // Another process made one first: use that one, so there is only ever one.
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => Identity::load(path),
            Err(e) => Err(StoreError::io("create", path, e)),
        }
    }
}

impl fmt::Debug for Identity {
    /// Shows the fingerprint only, never the secret.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Identity")
            .field("fingerprint", &self.fingerprint())
            .finish_non_exhaustive()
    }
}

/// Parses the key file's contents: 64 hex digits, then a newline (`\r\n` and a missing final
/// newline are tolerated). The error says what is wrong without echoing the secret.
fn parse_key_file(bytes: &[u8]) -> Result<Identity, String> {
    let text = bytes
        .strip_suffix(b"\n")
        .map_or(bytes, |t| t.strip_suffix(b"\r").unwrap_or(t));
    if text.len() != 64 {
        return Err(format!(
            "expected the secret key as 64 hex digits and a newline, found {} bytes",
            bytes.len()
        ));
    }
    let secret = std::str::from_utf8(text)
        .ok()
        .and_then(decode_hex32)
        .ok_or("the secret key contains characters that are not hex digits")?;
    Ok(Identity::from_secret(secret))
}

/// Tightens a key file that group or others may read to 0600 (unix only).
fn restrict_permissions(path: &Path) -> Result<(), StoreError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let metadata = std::fs::metadata(path).map_err(|e| StoreError::io("inspect", path, e))?;
        if metadata.permissions().mode() & 0o077 != 0 {
            std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
                .map_err(|e| StoreError::io("restrict permissions of", path, e))?;
        }
    }
    #[cfg(not(unix))]
    let _ = path;
    Ok(())
}

/// A short human form of a public key: the first 8 bytes of SHA-256(key) as 4 groups of 4
/// lower-case hex digits joined by '-', e.g. "3f2a-91c0-77de-0b14".
pub fn fingerprint(public_key: &[u8; 32]) -> String {
    let digest = Sha256::digest(public_key);
    digest[..8]
        .chunks_exact(2)
        .map(encode_hex)
        .collect::<Vec<_>>()
        .join("-")
}

/// Verifies an ed25519 signature with `verify_strict` (rejecting weak keys and
/// non-canonical signatures); false on a malformed key or signature.
pub fn verify(public_key: &[u8; 32], message: &[u8], signature: &[u8; 64]) -> bool {
    let Ok(key) = VerifyingKey::from_bytes(public_key) else {
        return false;
    };
    key.verify_strict(message, &Signature::from_bytes(signature))
        .is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;

    #[cfg(unix)]
    #[test]
    fn a_key_file_that_is_a_symbolic_link_is_refused_and_its_target_left_alone() {
        use std::os::unix::fs::PermissionsExt;
        let dir = TempDir::new("identity-link");
        let target = dir.path().join("elsewhere.txt");
        std::fs::write(&target, format!("{}\n", "ab".repeat(32))).unwrap();
        std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o644)).unwrap();
        let path = dir.path().join("identity.key");
        std::os::unix::fs::symlink(&target, &path).unwrap();
        let e = Identity::load(&path).unwrap_err().to_string();
        assert!(
            e.contains("symbolic link") && e.contains("identity.key"),
            "{e}"
        );
        let mode = std::fs::metadata(&target).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o644, "the target's mode is untouched");
    }

    #[test]
    fn created_once_and_reloaded_identical() {
        let tmp = TempDir::new("identity-create");
        let path = tmp.path().join("identity.key");
        let first = Identity::load_or_create(&path).unwrap();
        let on_disk = std::fs::read_to_string(&path).unwrap();
        assert_eq!(on_disk.len(), 65);
        assert!(on_disk.ends_with('\n'));
        let second = Identity::load_or_create(&path).unwrap();
        assert_eq!(first.public_key(), second.public_key());
        assert_eq!(
            first.signing_key().to_bytes(),
            second.signing_key().to_bytes()
        );
        assert_eq!(
            Identity::load(&path).unwrap().public_key(),
            first.public_key()
        );
        // The second call did not rewrite the file.
        assert_eq!(std::fs::read_to_string(&path).unwrap(), on_disk);
        assert_eq!(tmp.entries(), vec!["identity.key".to_string()]);
    }

    #[test]
    fn generated_identities_differ() {
        assert_ne!(
            Identity::generate().public_key(),
            Identity::generate().public_key()
        );
    }

    #[cfg(unix)]
    #[test]
    fn key_file_is_private() {
        use std::os::unix::fs::PermissionsExt;
        let tmp = TempDir::new("identity-mode");
        let path = tmp.path().join("identity.key");
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        Identity::load_or_create(&path).unwrap();
        assert_eq!(mode(&path), 0o600);
        // A file someone made world-readable is tightened on load, content unchanged.
        let before = std::fs::read(&path).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        Identity::load_or_create(&path).unwrap();
        assert_eq!(mode(&path), 0o600);
        assert_eq!(std::fs::read(&path).unwrap(), before);
    }

    #[test]
    fn corrupt_key_file_is_an_error_and_left_alone() {
        let tmp = TempDir::new("identity-corrupt");
        let path = tmp.path().join("identity.key");
        let shapes: [&[u8]; 5] = [
            b"not a key\n",
            b"",
            &[b'a'; 65],
            b"zz00000000000000000000000000000000000000000000000000000000000000\n",
            b"\xff\xfe000000000000000000000000000000000000000000000000000000000000\n",
        ];
        for contents in shapes {
            std::fs::write(&path, contents).unwrap();
            let err = Identity::load_or_create(&path).unwrap_err();
            assert!(
                matches!(&err, StoreError::Corrupt { path: p, .. } if p == &path),
                "{err:?}"
            );
            assert!(
                err.to_string().contains(&path.display().to_string()),
                "{err}"
            );
            assert_eq!(std::fs::read(&path).unwrap(), contents);
            assert_eq!(tmp.entries(), vec!["identity.key".to_string()]);
        }
    }

    #[test]
    fn key_file_tolerates_crlf_and_upper_case() {
        let identity = Identity::from_secret([7; 32]);
        let hex = encode_hex(&[7; 32]);
        for text in [
            format!("{hex}\n"),
            format!("{hex}\r\n"),
            hex.clone(),
            hex.to_uppercase(),
        ] {
            let parsed = parse_key_file(text.as_bytes()).unwrap();
            assert_eq!(parsed.public_key(), identity.public_key());
        }
        assert!(parse_key_file(format!("{hex}\n\n").as_bytes()).is_err());
        assert!(parse_key_file(format!(" {hex}\n").as_bytes()).is_err());
    }

    #[test]
    fn fingerprint_format() {
        let fp = fingerprint(&[0; 32]);
        assert_eq!(fp.len(), 19);
        let groups: Vec<&str> = fp.split('-').collect();
        assert_eq!(groups.len(), 4);
        for g in groups {
            assert_eq!(g.len(), 4);
            assert!(
                g.bytes()
                    .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
            );
        }
        // The first 8 bytes of SHA-256 of 32 zero bytes (66687aadf862bd77…).
        assert_eq!(fp, "6668-7aad-f862-bd77");
        assert_eq!(fingerprint(&[0; 32]), fp);
        let identity = Identity::from_secret([1; 32]);
        assert_eq!(identity.fingerprint(), fingerprint(&identity.public_key()));
    }

    #[test]
    fn different_keys_give_different_fingerprints() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..=255u8 {
            let mut key = [0u8; 32];
            key[31] = i;
            assert!(seen.insert(fingerprint(&key)));
        }
        let a = Identity::from_secret([1; 32]);
        let b = Identity::from_secret([2; 32]);
        assert_ne!(a.fingerprint(), b.fingerprint());
    }

    #[test]
    fn sign_verify_round_trip_and_tamper() {
        let identity = Identity::from_secret([42; 32]);
        let message = b"move|a1|a2";
        let signature = identity.sign(message);
        let key = identity.public_key();
        assert!(verify(&key, message, &signature));

        let mut bad_sig = signature;
        bad_sig[10] ^= 0x01;
        assert!(!verify(&key, message, &bad_sig));

        let mut bad_msg = message.to_vec();
        bad_msg[0] ^= 0x80;
        assert!(!verify(&key, &bad_msg, &signature));

        let other = Identity::from_secret([43; 32]).public_key();
        assert!(!verify(&other, message, &signature));

        // Malformed inputs are a plain false, not a panic.
        assert!(!verify(&[0xff; 32], message, &signature));
        assert!(!verify(&key, message, &[0xff; 64]));
        // The identity point is a weak key that verify_strict rejects.
        let mut identity_point = [0u8; 32];
        identity_point[0] = 1;
        assert!(!verify(&identity_point, message, &signature));
    }

    #[test]
    fn debug_does_not_show_the_secret() {
        let identity = Identity::from_secret([0xab; 32]);
        let shown = format!("{identity:?}");
        assert!(shown.contains(&identity.fingerprint()));
        assert!(!shown.contains("abab"));
    }
}
