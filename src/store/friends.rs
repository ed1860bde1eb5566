//! Friends: the players met beyond the LAN, to challenge again without a new code. Each is
//! kept with their name, key, and how they were last reached (their relay, and where
//! their iroh side listened), most recently seen first.
//!
//! File format (`friends.txt` in the profile), UTF-8, one friend per line, fields
//! separated by tabs:
//!
//! ```text
//! # comment
//! <64 hex digit public key> <last seen, unix seconds> <relay URL or -> <addr,addr… or -> <name>
//! ```
//!
//! The name is the rest of the line. Like `known_peers.txt`, a damaged line is reported
//! (naming the file and the line), kept as it is, and written back; the others still
//! load. At most [`MAX_FRIENDS`] are kept (the one seen longest ago goes first). Saving is
//! atomic.

use std::io;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use super::{StoreError, decode_hex32, encode_hex};

const HEADER: &str =
    "# lanqi friends: <key> <last seen> <relay or -> <addr,addr or -> <name>, tab-separated\n";
/// The most friends kept.
pub const MAX_FRIENDS: usize = 256;
/// The largest friends file read.
const MAX_FILE: u64 = 1 << 20;
/// The most addresses kept for a friend.
const MAX_ADDRS: usize = 4;

/// A player met beyond the LAN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Friend {
    /// Their public key (their identity; their iroh endpoint id).
    pub key: [u8; 32],
    /// Their nickname, as last heard.
    pub name: String,
    /// When last seen, in seconds since 1970.
    pub last_seen: u64,
    /// The relay they were last reached through.
    pub relay: Option<String>,
    /// Where their iroh side listened directly.
    pub addrs: Vec<SocketAddr>,
}

/// The friends list and its file.
#[derive(Clone, Debug)]
pub struct Friends {
    path: PathBuf,
    list: Vec<Friend>,
    unread: Vec<Vec<u8>>,
}

impl Friends {
    /// Loads the list despite bad lines (each reported, kept as it is). A missing file is
    /// an empty list; only a file that cannot be read is an error.
    pub fn load_despite(path: &Path) -> Result<(Friends, Vec<StoreError>), StoreError> {
        let bytes = match super::read_bounded(path, MAX_FILE) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::NotFound => Vec::new(),
            Err(e) => return Err(StoreError::io("read", path, e)),
        };
        let mut list: Vec<Friend> = Vec::new();
        let mut unread = Vec::new();
        let mut problems = Vec::new();
        for (index, raw) in bytes.split(|&b| b == b'\n').enumerate() {
            let raw = raw.strip_suffix(b"\r").unwrap_or(raw);
            match parse_line(raw) {
                Ok(Some(friend)) if !list.iter().any(|f| f.key == friend.key) => list.push(friend),
                Ok(Some(_)) => problems.push(StoreError::corrupt(
                    path,
                    Some(index + 1),
                    "this key is listed on an earlier line",
                )),
                Ok(None) => {}
                Err(problem) => {
                    problems.push(StoreError::corrupt(path, Some(index + 1), problem));
                    unread.push(raw.to_vec());
                }
            }
        }
        list.sort_by_key(|f| std::cmp::Reverse(f.last_seen));
        list.truncate(MAX_FRIENDS);
        Ok((
            Friends {
                path: path.to_path_buf(),
                list,
                unread,
            },
            problems,
        ))
    }

    /// The friends, most recently seen first.
    pub fn list(&self) -> &[Friend] {
        &self.list
    }

    /// Records meeting `friend` (new, or seen again: name and ways updated) and saves.
    pub fn met(&mut self, mut friend: Friend) -> Result<(), StoreError> {
        friend.name = friend.name.replace(['\n', '\r', '\t'], " ");
        friend.addrs.truncate(MAX_ADDRS);
        if let Some(relay) = &friend.relay
            && (relay.contains(char::is_whitespace) || relay.is_empty() || relay == "-")
        {
            friend.relay = None;
        }
        if let Some(old) = self.list.iter().find(|f| f.key == friend.key) {
            // A way not learnt this time is the old one still.
            if friend.relay.is_none() {
                friend.relay = old.relay.clone();
            }
            if friend.addrs.is_empty() {
                friend.addrs = old.addrs.clone();
            }
        }
        self.list.retain(|f| f.key != friend.key);
        self.list.insert(0, friend);
        self.list.truncate(MAX_FRIENDS);
        self.save()
    }

    fn save(&self) -> Result<(), StoreError> {
        let mut text = String::from(HEADER);
        for f in &self.list {
            let addrs: Vec<String> = f.addrs.iter().map(SocketAddr::to_string).collect();
            text.push_str(&format!(
                "{}\t{}\t{}\t{}\t{}\n",
                encode_hex(&f.key),
                f.last_seen,
                f.relay.as_deref().unwrap_or("-"),
                if addrs.is_empty() {
                    "-".to_string()
                } else {
                    addrs.join(",")
                },
                f.name
            ));
        }
        super::save_lines(&self.path, text, &self.unread)
    }
}

/// One line: a friend, nothing (blank or a comment), or what is wrong with it.
fn parse_line(raw: &[u8]) -> Result<Option<Friend>, String> {
    let line = std::str::from_utf8(raw).map_err(|_| "the line is not valid UTF-8".to_string())?;
    let trimmed = line.trim_start();
    if trimmed.is_empty() || trimmed.starts_with('#') {
        return Ok(None);
    }
    let fields: Vec<&str> = line.splitn(5, '\t').collect();
    let [key, seen, relay, addrs, name] = fields[..] else {
        return Err(
            "expected five tab-separated fields: key, last seen, relay, addresses, name".into(),
        );
    };
    let key = decode_hex32(key).ok_or("the public key is not 64 hex digits")?;
    let last_seen = seen
        .parse()
        .map_err(|_| format!("the time last seen, {seen:?}, is not a number"))?;
    let relay = (relay != "-").then(|| relay.to_string());
    let addrs = if addrs == "-" {
        Vec::new()
    } else {
        addrs
            .split(',')
            .map(|a| a.parse().map_err(|_| format!("{a:?} is not an address")))
            .collect::<Result<Vec<SocketAddr>, String>>()?
    };
    if addrs.len() > MAX_ADDRS {
        return Err(format!("more than {MAX_ADDRS} addresses"));
    }
    if name.is_empty() {
        return Err("the name is missing".into());
    }
    Ok(Some(Friend {
        key,
        name: name.to_string(),
        last_seen,
        relay,
        addrs,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::test_util::TempDir;

    fn friend(n: u8, seen: u64) -> Friend {
        Friend {
            key: [n; 32],
            name: format!("friend {n}"),
            last_seen: seen,
            relay: Some("https://relay.example./".into()),
            addrs: vec!["203.0.113.5:4000".parse().unwrap()],
        }
    }

    #[test]
    fn friends_are_kept_newest_first_and_read_back() {
        let dir = TempDir::new("friends");
        let path = dir.path().join("friends.txt");
        let (mut friends, problems) = Friends::load_despite(&path).unwrap();
        assert!(problems.is_empty() && friends.list().is_empty());
        friends.met(friend(1, 100)).unwrap();
        friends.met(friend(2, 200)).unwrap();
        // Seen again, with no relay this time: the one known is kept.
        friends
            .met(Friend {
                relay: None,
                name: "renamed".into(),
                ..friend(1, 300)
            })
            .unwrap();
        let (back, problems) = Friends::load_despite(&path).unwrap();
        assert!(problems.is_empty(), "{problems:?}");
        let names: Vec<&str> = back.list().iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["renamed", "friend 2"]);
        assert_eq!(
            back.list()[0].relay.as_deref(),
            Some("https://relay.example./")
        );
    }

    #[test]
    fn a_damaged_line_is_named_and_kept_and_the_rest_still_loads() {
        let dir = TempDir::new("friends-damaged");
        let path = dir.path().join("friends.txt");
        let good = format!("{}\t5\t-\t-\tDawa", encode_hex(&[3; 32]));
        std::fs::write(&path, format!("{good}\nnot a friend\n")).unwrap();
        let (mut friends, problems) = Friends::load_despite(&path).unwrap();
        assert_eq!(friends.list().len(), 1);
        assert_eq!(problems.len(), 1);
        assert!(
            problems[0].to_string().contains("line 2"),
            "{}",
            problems[0]
        );
        friends.met(friend(4, 9)).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.contains("not a friend"),
            "the damaged line is kept: {text}"
        );
    }

    #[test]
    fn the_list_never_grows_past_its_limit() {
        let dir = TempDir::new("friends-limit");
        let path = dir.path().join("friends.txt");
        let (mut friends, _) = Friends::load_despite(&path).unwrap();
        for n in 0..(MAX_FRIENDS as u64 + 10) {
            let mut f = friend(0, n);
            f.key[..8].copy_from_slice(&n.to_be_bytes());
            friends.met(f).unwrap();
        }
        assert_eq!(friends.list().len(), MAX_FRIENDS);
        let (back, _) = Friends::load_despite(&path).unwrap();
        assert_eq!(back.list().len(), MAX_FRIENDS);
        assert_eq!(
            back.list()[0].last_seen,
            MAX_FRIENDS as u64 + 9,
            "the newest kept"
        );
    }
}
