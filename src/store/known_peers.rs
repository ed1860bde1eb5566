//! Peers seen before, trusted on first use (like ssh's `known_hosts`): the first key a
//! nickname arrives with is recorded, and a later different key is flagged, never silently
//! accepted.
//!
//! File format (`known_peers.txt` in the profile), UTF-8, one peer per line:
//!
//! ```text
//! # comment
//! <64 hex digit public key> <name>
//! ```
//!
//! The name is the rest of the line after the single space (it may contain spaces, never a
//! line break). Blank lines and lines starting with `#` (after optional spaces) are
//! ignored. Saving rewrites the file in name order with a fixed header, so comments the
//! user added are not kept.
//!
//! A malformed line makes [`KnownPeers::load`] fail with [`StoreError::Corrupt`] naming the
//! file and the line, the file left untouched. A peer loads with
//! [`KnownPeers::load_despite`] instead: each bad line is reported the same way and kept as
//! it is in the file, and every other peer is still checked, so that one damaged line never
//! switches trust on first use off. One lanqi process should use a profile at a time: each
//! save writes the whole list as this process knows it.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use super::identity::fingerprint;
use super::{StoreError, decode_hex32, encode_hex};

const HEADER: &str = "# lanqi known peers: <64 hex digit public key> <name>, one per line\n";

/// How many peers the list keeps at most: beyond it a new name is reported as new but not
/// recorded (the peers already known stay known; nothing a stranger sends grows the file
/// without bound).
pub const MAX_KNOWN: usize = 4096;

/// The largest known-peers file read (its [`MAX_KNOWN`] lines are a few hundred KB).
const MAX_FILE: u64 = 8 << 20;

/// Peers seen before, trusted on first use: each nickname with the public key it first came with.
#[derive(Clone, Debug)]
pub struct KnownPeers {
    path: PathBuf,
    peers: BTreeMap<String, [u8; 32]>,
    /// Lines that could not be read ([`KnownPeers::load_despite`]), kept as they were and
    /// written back after the good ones, so that saving loses nothing of the file.
    unread: Vec<Vec<u8>>,
}

/// What [`KnownPeers::check`] found for a (name, key) pair.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trust {
    /// The name was never seen before; it is now recorded with this key.
    New,
    /// The name was seen before with this same key.
    Known,
    /// The name was seen before with another key (whose fingerprint is `previous`): someone
    /// else using the name, or the same person with a new profile. The stored key is unchanged.
    KeyChanged {
        /// Fingerprint of the key recorded earlier.
        previous: String,
    },
}

impl KnownPeers {
    /// Loads the list from `path`; a missing file is an empty list (created on first save).
    /// A malformed line is [`StoreError::Corrupt`] with its line number, and the file is
    /// left untouched.
    pub fn load(path: &Path) -> Result<KnownPeers, StoreError> {
        let bytes = match super::read_bounded(path, MAX_FILE) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(StoreError::io("read", path, e)),
        };
        let (peers, bad) = parse(&bytes);
        if let Some((line, _, problem)) = bad.into_iter().next() {
            return Err(StoreError::corrupt(path, Some(line), problem));
        }
        Ok(KnownPeers {
            path: path.to_path_buf(),
            peers,
            unread: Vec::new(),
        })
    }

    /// Loads the list from `path` despite bad lines: each is reported (as
    /// [`StoreError::Corrupt`], naming the file and the line), kept as it is in the file,
    /// and the good ones are checked as usual, so that one bad line never turns trust on
    /// first use off. Only a file that cannot be read is an error.
    pub fn load_despite(path: &Path) -> Result<(KnownPeers, Vec<StoreError>), StoreError> {
        let bytes = match super::read_bounded(path, MAX_FILE) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(StoreError::io("read", path, e)),
        };
        let (peers, bad) = parse(&bytes);
        let problems = bad
            .iter()
            .map(|(line, _, problem)| StoreError::corrupt(path, Some(*line), problem.clone()))
            .collect();
        let peers = KnownPeers {
            path: path.to_path_buf(),
            peers,
            unread: bad.into_iter().map(|(_, raw, _)| raw).collect(),
        };
        Ok((peers, problems))
    }

    /// Checks a (name, key) pair; a [`Trust::New`] one is recorded and saved at once
    /// (atomically), while fewer than [`MAX_KNOWN`] are. A [`Trust::KeyChanged`] one is NOT overwritten (the user decides): see
    /// [`KnownPeers::accept_new_key`].
    pub fn check(&mut self, name: &str, key: &[u8; 32]) -> Result<Trust, StoreError> {
        validate_name(name)?;
        match self.peers.get(name) {
            Some(known) if known == key => Ok(Trust::Known),
            Some(known) => Ok(Trust::KeyChanged {
                previous: fingerprint(known),
            }),
            None if self.peers.len() >= MAX_KNOWN => Ok(Trust::New),
            None => {
                self.set(name, *key)?;
                Ok(Trust::New)
            }
        }
    }

    /// Records `key` as `name`'s key, replacing any earlier one (after the user accepted a
    /// [`Trust::KeyChanged`]), and saves.
    pub fn accept_new_key(&mut self, name: &str, key: &[u8; 32]) -> Result<(), StoreError> {
        validate_name(name)?;
        self.set(name, *key)
    }

    /// Forgets `name` and saves; returns the key it had, if any.
    pub fn remove(&mut self, name: &str) -> Result<Option<[u8; 32]>, StoreError> {
        let Some(old) = self.peers.remove(name) else {
            return Ok(None);
        };
        if let Err(e) = self.save() {
            self.peers.insert(name.to_string(), old);
            return Err(e);
        }
        Ok(Some(old))
    }

    /// The key recorded for `name`, if any.
    pub fn get(&self, name: &str) -> Option<[u8; 32]> {
        self.peers.get(name).copied()
    }

    /// All recorded peers, in name order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &[u8; 32])> {
        self.peers.iter().map(|(name, key)| (name.as_str(), key))
    }

    /// How many peers are recorded.
    pub fn len(&self) -> usize {
        self.peers.len()
    }

    /// Whether no peer is recorded.
    pub fn is_empty(&self) -> bool {
        self.peers.is_empty()
    }

    /// The file this list is saved to.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Sets `name`'s key and saves; on a failed save memory is rolled back to match the disk.
    fn set(&mut self, name: &str, key: [u8; 32]) -> Result<(), StoreError> {
        let previous = self.peers.insert(name.to_string(), key);
        if let Err(e) = self.save() {
            match previous {
                Some(old) => self.peers.insert(name.to_string(), old),
                None => self.peers.remove(name),
            };
            return Err(e);
        }
        Ok(())
    }

    /// Writes the whole list to its file, atomically (the lines that could not be read
    /// after the others, as they were).
    fn save(&self) -> Result<(), StoreError> {
        let mut text = String::from(HEADER);
        for (name, key) in &self.peers {
            text.push_str(&encode_hex(key));
            text.push(' ');
            text.push_str(name);
            text.push('\n');
        }
        super::save_lines(&self.path, text, &self.unread)
    }
}

/// A name can be stored if it is non-empty and a single line.
fn validate_name(name: &str) -> Result<(), StoreError> {
    let problem = if name.is_empty() {
        "the name is empty"
    } else if name.contains(['\n', '\r']) {
        "the name contains a line break"
    } else {
        return Ok(());
    };
    Err(StoreError::InvalidName {
        name: name.to_string(),
        problem,
    })
}

/// A line that could not be read: its 1-based number, its bytes, and what is wrong.
type BadLine = (usize, Vec<u8>, String);

/// Parses the file: the peers of the good lines, and the bad lines.
fn parse(bytes: &[u8]) -> (BTreeMap<String, [u8; 32]>, Vec<BadLine>) {
    let mut peers = BTreeMap::new();
    let mut first_line = BTreeMap::new();
    let mut bad = Vec::new();
    for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
        let number = index + 1;
        let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
        match parse_line(raw, number, &mut first_line) {
            Ok(Some((name, key))) => {
                peers.insert(name, key);
            }
            Ok(None) => {}
            Err(problem) => bad.push((number, raw.to_vec(), problem)),
        }
    }
    (peers, bad)
}

/// One line: a peer, nothing (blank or a comment), or what is wrong with it.
fn parse_line(
    raw: &[u8],
    number: usize,
    first_line: &mut BTreeMap<String, usize>,
) -> Result<Option<(String, [u8; 32])>, String> {
    let line = std::str::from_utf8(raw).map_err(|_| "the line is not valid UTF-8".to_string())?;
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let Some((key, name)) = line.split_once(' ') else {
        return Err("expected `<64 hex digit public key> <name>`".to_string());
    };
    let key = decode_hex32(key).ok_or("the public key is not 64 hex digits")?;
    if name.is_empty() {
        return Err("the name is missing after the key".to_string());
    }
    if let Some(earlier) = first_line.get(name) {
        return Err(format!(
            "the name {name:?} is already listed on line {earlier}"
        ));
    }
    first_line.insert(name.to_string(), number);
    Ok(Some((name.to_string(), key)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_known_peers_path_that_is_a_fifo_is_refused_not_waited_on() {
        let dir = std::env::temp_dir().join(format!("lanqi-known-fifo-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("known_peers.txt");
        let made = std::process::Command::new("mkfifo").arg(&path).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        let (tx, rx) = std::sync::mpsc::channel();
        let read = path.clone();
        std::thread::spawn(move || {
            let _ = tx.send(
                KnownPeers::load_despite(&read)
                    .map(|_| ())
                    .map_err(|e| e.to_string()),
            );
        });
        let result = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("loading returns, even with a FIFO there");
        let error = result.expect_err("a FIFO is not a list of peers");
        assert!(error.contains("not a regular file"), "{error}");
        let _ = std::fs::remove_dir_all(&dir);
    }
    use crate::store::test_util::TempDir;

    fn key(n: u8) -> [u8; 32] {
        [n; 32]
    }

    #[test]
    fn a_full_list_reports_new_names_but_keeps_them_out() {
        let tmp = TempDir::new("peers-full");
        let path = tmp.path().join("known_peers.txt");
        let mut text = String::from(HEADER);
        for i in 0..MAX_KNOWN {
            text.push_str(&format!("{} peer{i}\n", encode_hex(&[(i % 251) as u8; 32])));
        }
        std::fs::write(&path, &text).unwrap();
        let mut peers = KnownPeers::load(&path).unwrap();
        assert_eq!(peers.len(), MAX_KNOWN);
        assert_eq!(peers.check("stranger", &key(9)).unwrap(), Trust::New);
        assert_eq!(peers.len(), MAX_KNOWN, "not recorded");
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            text,
            "the file is untouched"
        );
        // The peers already known are still checked.
        let changed = peers.check("peer3", &key(200)).unwrap();
        assert!(matches!(changed, Trust::KeyChanged { .. }), "{changed:?}");
    }

    #[test]
    fn one_bad_line_is_reported_and_kept_and_trust_goes_on_for_the_rest() {
        let tmp = TempDir::new("peers-despite");
        let path = tmp.path().join("known_peers.txt");
        let good = format!("{} alice\n", encode_hex(&key(1)));
        let text = format!("{HEADER}{good}not a peer line\n");
        std::fs::write(&path, &text).unwrap();
        let (mut peers, problems) = KnownPeers::load_despite(&path).unwrap();
        assert_eq!(problems.len(), 1);
        let said = problems[0].to_string();
        assert!(
            said.contains("line 3") && said.contains("known_peers.txt"),
            "{said}"
        );
        // alice arriving with another key is still caught.
        let changed = peers.check("alice", &key(2)).unwrap();
        assert!(matches!(changed, Trust::KeyChanged { .. }), "{changed:?}");
        // A new peer is recorded, and the bad line is still in the file.
        assert_eq!(peers.check("bob", &key(3)).unwrap(), Trust::New);
        let now = std::fs::read_to_string(&path).unwrap();
        assert!(
            now.contains("not a peer line") && now.contains(" bob\n"),
            "{now}"
        );
        let (again, problems) = KnownPeers::load_despite(&path).unwrap();
        assert_eq!((again.len(), problems.len()), (2, 1));
    }

    #[test]
    fn new_then_known() {
        let tmp = TempDir::new("peers-new");
        let path = tmp.path().join("known_peers.txt");
        let mut peers = KnownPeers::load(&path).unwrap();
        assert!(peers.is_empty());
        assert!(!path.exists());
        assert_eq!(peers.check("alice", &key(1)).unwrap(), Trust::New);
        // Saved at once.
        assert!(path.exists());
        assert_eq!(peers.check("alice", &key(1)).unwrap(), Trust::Known);
        assert_eq!(peers.get("alice"), Some(key(1)));
        assert_eq!(peers.get("bob"), None);
        assert_eq!(KnownPeers::load(&path).unwrap().get("alice"), Some(key(1)));
    }

    #[test]
    fn key_changed_keeps_old_key_until_accepted() {
        let tmp = TempDir::new("peers-changed");
        let path = tmp.path().join("known_peers.txt");
        let mut peers = KnownPeers::load(&path).unwrap();
        peers.check("alice", &key(1)).unwrap();
        let trust = peers.check("alice", &key(2)).unwrap();
        assert_eq!(
            trust,
            Trust::KeyChanged {
                previous: fingerprint(&key(1))
            }
        );
        assert_eq!(peers.get("alice"), Some(key(1)));
        assert_eq!(KnownPeers::load(&path).unwrap().get("alice"), Some(key(1)));
        // Asking again still says changed.
        assert!(matches!(
            peers.check("alice", &key(2)).unwrap(),
            Trust::KeyChanged { .. }
        ));

        peers.accept_new_key("alice", &key(2)).unwrap();
        assert_eq!(peers.get("alice"), Some(key(2)));
        assert_eq!(peers.check("alice", &key(2)).unwrap(), Trust::Known);
        let mut reloaded = KnownPeers::load(&path).unwrap();
        assert_eq!(reloaded.get("alice"), Some(key(2)));
        assert_eq!(
            reloaded.check("alice", &key(1)).unwrap(),
            Trust::KeyChanged {
                previous: fingerprint(&key(2))
            }
        );
    }

    #[test]
    fn reload_keeps_all_entries() {
        let tmp = TempDir::new("peers-reload");
        let path = tmp.path().join("known_peers.txt");
        let mut peers = KnownPeers::load(&path).unwrap();
        let names = ["alice", "bob the builder", "  spaced  ", "张三", "#hash"];
        for (i, name) in names.iter().enumerate() {
            assert_eq!(peers.check(name, &key(i as u8)).unwrap(), Trust::New);
        }
        let reloaded = KnownPeers::load(&path).unwrap();
        assert_eq!(reloaded.len(), names.len());
        for (i, name) in names.iter().enumerate() {
            assert_eq!(reloaded.get(name), Some(key(i as u8)), "{name:?}");
        }
        let listed: Vec<&str> = reloaded.iter().map(|(n, _)| n).collect();
        let mut sorted = names.to_vec();
        sorted.sort();
        assert_eq!(listed, sorted);
        assert_eq!(tmp.entries(), vec!["known_peers.txt".to_string()]);

        let mut peers = reloaded;
        assert_eq!(peers.remove("bob the builder").unwrap(), Some(key(1)));
        assert_eq!(peers.remove("nobody").unwrap(), None);
        assert_eq!(KnownPeers::load(&path).unwrap().len(), names.len() - 1);
    }

    #[test]
    fn reads_hand_written_file() {
        let tmp = TempDir::new("peers-hand");
        let path = tmp.path().join("known_peers.txt");
        let text = format!(
            "# my peers\r\n\r\n   \n{} Alice Smith\r\n  # indented comment\n{} bob",
            encode_hex(&key(1)).to_uppercase(),
            encode_hex(&key(2)),
        );
        std::fs::write(&path, &text).unwrap();
        let peers = KnownPeers::load(&path).unwrap();
        assert_eq!(peers.len(), 2);
        assert_eq!(peers.get("Alice Smith"), Some(key(1)));
        assert_eq!(peers.get("bob"), Some(key(2)));
    }

    #[test]
    fn corrupt_line_is_an_error_with_its_number_and_file_is_untouched() {
        let tmp = TempDir::new("peers-corrupt");
        let path = tmp.path().join("known_peers.txt");
        let good = encode_hex(&key(1));
        let cases: Vec<(String, usize)> = vec![
            (format!("# header\n{good} alice\nnot-a-key bob\n"), 3),
            (format!("{good} alice\n\n{good}\n"), 3),
            (format!("{good} alice\n{good} \n"), 2),
            (format!("{} alice\n", &good[..60]), 1),
            (format!("{good} alice\n{good} alice\n"), 2),
            (format!("\n\n\n{good}  alice\n {good} bob\n"), 5),
        ];
        for (text, line) in cases {
            std::fs::write(&path, &text).unwrap();
            let err = KnownPeers::load(&path).unwrap_err();
            match &err {
                StoreError::Corrupt {
                    path: p, line: l, ..
                } => {
                    assert_eq!(p, &path);
                    assert_eq!(*l, Some(line), "{text:?}: {err}");
                }
                other => panic!("{other:?}"),
            }
            let message = err.to_string();
            assert!(message.contains(&format!("line {line}")), "{message}");
            assert!(message.contains("known_peers.txt"), "{message}");
            assert_eq!(std::fs::read_to_string(&path).unwrap(), text);
        }
        // Invalid UTF-8 is reported on its line too.
        let mut bytes = format!("{good} alice\n{good} ").into_bytes();
        bytes.extend_from_slice(b"\xff\xfe\n");
        std::fs::write(&path, &bytes).unwrap();
        let err = KnownPeers::load(&path).unwrap_err();
        assert!(
            matches!(err, StoreError::Corrupt { line: Some(2), .. }),
            "{err}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), bytes);
    }

    #[test]
    fn unstorable_names_are_rejected() {
        let tmp = TempDir::new("peers-names");
        let path = tmp.path().join("known_peers.txt");
        let mut peers = KnownPeers::load(&path).unwrap();
        for name in ["", "two\nlines", "cr\r", "\n"] {
            let err = peers.check(name, &key(1)).unwrap_err();
            assert!(matches!(err, StoreError::InvalidName { .. }), "{err:?}");
            assert!(peers.accept_new_key(name, &key(1)).is_err());
        }
        assert!(peers.is_empty());
        assert!(!path.exists());
    }

    #[test]
    fn failed_save_is_reported_and_rolled_back() {
        let tmp = TempDir::new("peers-fail");
        // The file's "directory" does not exist, so every save fails.
        let path = tmp.path().join("missing").join("known_peers.txt");
        let mut peers = KnownPeers::load(&path).unwrap();
        let err = peers.check("alice", &key(1)).unwrap_err();
        assert!(matches!(err, StoreError::Io { op: "write", .. }), "{err:?}");
        assert_eq!(peers.get("alice"), None);
    }
}
