//! The profile directory: everything one user of lanqi keeps between runs — the identity
//! key, the peers seen before, the friends met beyond the LAN, and (through path helpers) settings, layouts and saved games.
//!
//! Every write goes through [`write_atomically`], so a crash leaves the old file or the new
//! one, never a mix. A file that exists but cannot be understood is reported as
//! [`StoreError::Corrupt`] (naming the file, the line and the problem) and left untouched:
//! nothing here silently replaces data the user would miss.

mod atomic;
mod exports;
mod friends;
mod identity;
mod known_peers;
mod layouts;
mod profile;
mod settings;
mod xiangqi_game;

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

pub use atomic::{create_atomically, read_bounded, write_atomically};
pub use exports::{civil_date, export_game, export_name, export_stem, write_export};
pub use friends::{Friend, Friends, MAX_FRIENDS};
pub use identity::{Identity, fingerprint, verify};
pub use known_peers::{KnownPeers, Trust};
pub use layouts::{LayoutLibrary, Listing, check_name as check_layout_name};
pub use profile::{FOLDERS as PROFILE_FOLDERS, Profile, create_private_dir};
pub use settings::{MAX_NAME_CHARS, MAX_WINDOW, MIN_WINDOW, Settings};
pub use xiangqi_game::{LISTED as SAVED_LISTED, SavedXiangqi, saved_games};

/// Everything that can go wrong reading or writing the profile directory.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// An operating-system call on a file or directory failed; `op` says what was being
    /// done ("read", "create", …) and `path` to what. The I/O error's text is part of the
    /// message (and therefore not repeated as the error's `source`).
    #[error("could not {op} {}: {error}", .path.display())]
    Io {
        /// What was being done, as a verb phrase: "read", "write", "create directory", …
        op: &'static str,
        /// The file or directory concerned.
        path: PathBuf,
        /// The underlying error.
        error: io::Error,
    },
    /// A file exists but does not hold what it should. It has been left exactly as it was.
    #[error("corrupt file {}{}: {problem}", .path.display(), line_suffix(.line))]
    Corrupt {
        /// The file.
        path: PathBuf,
        /// The 1-based line of the problem, for line-oriented files.
        line: Option<usize>,
        /// What is wrong, in words.
        problem: String,
    },
    /// No profile directory was given and the platform reports no home directory to put one in.
    #[error("no profile directory given and the system reports no home directory to put one in")]
    NoDataDir,
    /// A peer name that cannot be stored (empty, or containing a line break).
    #[error("cannot record peer name {name:?}: {problem}")]
    InvalidName {
        /// The rejected name.
        name: String,
        /// Why it was rejected.
        problem: &'static str,
    },
    /// A name under which a layout cannot be saved (see [`check_layout_name`]).
    #[error("cannot save a layout as {name:?}: {problem}")]
    InvalidLayoutName {
        /// The rejected name.
        name: String,
        /// Why it was rejected.
        problem: &'static str,
    },
}

impl StoreError {
    /// An [`StoreError::Io`] for `op` on `path`.
    pub(crate) fn io(op: &'static str, path: &Path, error: io::Error) -> StoreError {
        StoreError::Io {
            op,
            path: path.to_path_buf(),
            error,
        }
    }

    /// A [`StoreError::Corrupt`] for `path`.
    pub(crate) fn corrupt(
        path: &Path,
        line: Option<usize>,
        problem: impl Into<String>,
    ) -> StoreError {
        StoreError::Corrupt {
            path: path.to_path_buf(),
            line,
            problem: problem.into(),
        }
    }
}

fn line_suffix(line: &Option<usize>) -> String {
    match line {
        Some(n) => format!(", line {n}"),
        None => String::new(),
    }
}

/// The regular files in `dir` whose names `fits`, the newest first (by modification time);
/// none when the directory is missing or unreadable.
pub fn files_newest_first(dir: &Path, fits: impl Fn(&str) -> bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| e.file_name().to_str().is_some_and(&fits))
        .map(|e| {
            let modified = e
                .metadata()
                .and_then(|m| m.modified())
                .unwrap_or(std::time::UNIX_EPOCH);
            (modified, e.path())
        })
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    files.into_iter().map(|(_, p)| p).collect()
}

/// Lower-case hex of `bytes`.
pub(crate) fn encode_hex(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// Parses exactly 64 hex digits (either case) into 32 bytes.
pub(crate) fn decode_hex32(text: &str) -> Option<[u8; 32]> {
    let digits = text.as_bytes();
    if digits.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (byte, pair) in out.iter_mut().zip(digits.chunks_exact(2)) {
        *byte = (hex_value(pair[0])? << 4) | hex_value(pair[1])?;
    }
    Some(out)
}

fn hex_value(digit: u8) -> Option<u8> {
    match digit {
        b'0'..=b'9' => Some(digit - b'0'),
        b'a'..=b'f' => Some(digit - b'a' + 10),
        b'A'..=b'F' => Some(digit - b'A' + 10),
        _ => None,
    }
}

/// Writes a list file atomically: `text`, then the lines that could not be read when it was
/// loaded, as they were (so that saving loses nothing of the file).
pub(crate) fn save_lines(path: &Path, text: String, unread: &[Vec<u8>]) -> Result<(), StoreError> {
    let mut bytes = text.into_bytes();
    for raw in unread {
        bytes.extend_from_slice(raw);
        bytes.push(b'\n');
    }
    write_atomically(path, &bytes, None).map_err(|e| StoreError::io("write", path, e))
}

#[cfg(test)]
pub(crate) mod test_util {
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::time::{SystemTime, UNIX_EPOCH};

    /// A fresh directory under the system temp dir, removed (with its contents) on drop.
    pub(crate) struct TempDir(PathBuf);

    impl TempDir {
        pub(crate) fn new(label: &str) -> TempDir {
            static COUNTER: AtomicU64 = AtomicU64::new(0);
            let nanos = SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos());
            let name = format!(
                "lanqi-store-test-{label}-{}-{}-{nanos}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed)
            );
            let dir = std::env::temp_dir().join(name);
            std::fs::create_dir_all(&dir).expect("create temp dir");
            TempDir(dir)
        }

        pub(crate) fn path(&self) -> &Path {
            &self.0
        }

        /// Names of the entries in the directory, sorted.
        pub(crate) fn entries(&self) -> Vec<String> {
            let mut names: Vec<String> = std::fs::read_dir(&self.0)
                .expect("read temp dir")
                .map(|e| {
                    e.expect("dir entry")
                        .file_name()
                        .to_string_lossy()
                        .into_owned()
                })
                .collect();
            names.sort();
            names
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip() {
        let bytes: [u8; 32] = std::array::from_fn(|i| (i * 37 + 5) as u8);
        let text = encode_hex(&bytes);
        assert_eq!(text.len(), 64);
        assert_eq!(text, text.to_lowercase());
        assert_eq!(decode_hex32(&text), Some(bytes));
        assert_eq!(decode_hex32(&text.to_uppercase()), Some(bytes));
        assert_eq!(decode_hex32(&text[..62]), None);
        assert_eq!(decode_hex32(&format!("{}g", &text[..63])), None);
        // A multi-byte character must not be mistaken for digits.
        assert_eq!(decode_hex32(&format!("é{}", &text[..62])), None);
    }

    #[test]
    fn error_messages_name_path_and_line() {
        let e = StoreError::corrupt(Path::new("/p/known_peers.txt"), Some(3), "bad key");
        assert_eq!(
            e.to_string(),
            "corrupt file /p/known_peers.txt, line 3: bad key"
        );
        let e = StoreError::corrupt(Path::new("/p/identity.key"), None, "too short");
        assert_eq!(e.to_string(), "corrupt file /p/identity.key: too short");
        let e = StoreError::io(
            "read",
            Path::new("/p/x"),
            io::Error::new(io::ErrorKind::PermissionDenied, "denied"),
        );
        assert_eq!(e.to_string(), "could not read /p/x: denied");
    }
}
