//! The game at this peer's table and what its transcript needs: the session, the peer
//! playing it, the signed datagrams kept as evidence, the chat; where transcripts are kept
//! and how an unfinished one is found again.

use std::path::{Path, PathBuf};

use super::event::{AuditEvent, FindingEvent};
use crate::net::PeerInfo;
use crate::protocol::fair::Binding;
use crate::protocol::message::hex;
use crate::session::transcript::Transcript;
use crate::session::{AnyTable, Audit, Cheat, Seat, Secrets, Session, TableGame};
use crate::store::{Identity, read_bounded};

/// How many chat lines a game keeps for the user interface.
const CHAT_KEPT: usize = 200;

/// The game in progress and what its transcript needs.
pub(super) struct Table {
    pub(super) session: Session<AnyTable>,
    pub(super) peer: PeerInfo,
    /// The peer's signed datagrams for its moves, battles and openings, by ply.
    pub(super) evidence: Vec<(u32, Vec<u8>)>,
    /// The same, grouped by message with its command word, to show with audit findings.
    pub(super) signed: Vec<(u32, String, Vec<Vec<u8>>)>,
    /// When the game ended, until its audit is in.
    pub(super) awaiting_audit: Option<u64>,
    /// The game's chat lines, oldest first (the latest [`CHAT_KEPT`]).
    pub(super) chat: Vec<(Seat, String)>,
    /// A hot-seat game with this screen's guest: neither saved nor resumable.
    pub(super) hot_seat: bool,
    /// A table of more than two seats: everyone at it and their signatures.
    pub(super) star: Option<super::star::Star>,
}

impl Table {
    pub(super) fn new(session: Session<AnyTable>, peer: PeerInfo) -> Table {
        Table {
            session,
            peer,
            evidence: Vec::new(),
            signed: Vec::new(),
            awaiting_audit: None,
            chat: Vec::new(),
            hot_seat: false,
            star: None,
        }
    }

    /// Whether a game has started (`start` sent or received). Until then the session is a
    /// placeholder with game id 0 that only remembers the peer; it is never played.
    pub(super) fn started(&self) -> bool {
        self.session.game_id() != 0
    }

    /// A new game replaces the finished one: the evidence starts again.
    pub(super) fn begin(&mut self, session: Session<AnyTable>) {
        self.session = session;
        self.evidence.clear();
        self.signed.clear();
        self.awaiting_audit = None;
    }

    /// Keeps a chat line (the latest [`CHAT_KEPT`]).
    pub(super) fn keep_chat(&mut self, seat: Seat, text: &str) {
        if self.chat.len() >= CHAT_KEPT {
            self.chat.remove(0);
        }
        self.chat.push((seat, text.to_string()));
    }

    /// Keeps the peer's signed datagrams that carried a message of the game (`word` is its
    /// command word) about `ply`.
    pub(super) fn keep_evidence(&mut self, ply: u32, word: &str, datagrams: &[Vec<u8>]) {
        self.evidence
            .extend(datagrams.iter().map(|d| (ply, d.clone())));
        self.signed
            .push((ply, word.to_string(), datagrams.to_vec()));
    }

    /// Every seat's key and nickname, in seat order, with me (`identity`, named `name`) in
    /// my seat.
    fn players(&self, identity: &Identity, name: &str) -> (Vec<[u8; 32]>, Vec<String>) {
        let me = self.session.me() as usize;
        match &self.star {
            Some(star) => star.players.iter().cloned().unzip(),
            None => {
                let mut keys = vec![self.peer.key; 2];
                keys[me] = identity.public_key();
                let mut names = vec![self.peer.name.clone(); 2];
                names[me] = name.to_string();
                (keys, names)
            }
        }
    }

    /// Every seat's nickname, in seat order (mine is `name`).
    pub(super) fn names(&self, identity: &Identity, name: &str) -> Vec<String> {
        self.players(identity, name).1
    }

    /// The game's transcript, with me (`identity`, named `name`) in my seat.
    pub(super) fn transcript(&self, identity: &Identity, name: &str) -> Transcript {
        let (keys, names) = self.players(identity, name);
        Transcript {
            game: *self.session.rules(),
            game_id: self.session.game_id(),
            first: self.session.first(),
            clock: self.session.clock(),
            keys,
            names,
            me: self.session.me(),
            peer_addr: self.peer.addr.to_string(),
            records: self.session.record().to_vec(),
            evidence: self.evidence.clone(),
            secrets: *self.session.secrets(),
            private: self.session.private().map(str::to_string),
        }
    }

    /// Where a resumed game stands: the moves made (a battle still being decided counts)
    /// and the public position hash, or `-` while a battle is undecided (the two sides may
    /// stand on either side of its outcome).
    pub(super) fn sync_point(&self) -> (u32, String) {
        let moves = self.session.moves().len() as u32;
        let hash = match self.session.table() {
            Some(t) if !t.busy() => t.hash(),
            _ => "-".to_string(),
        };
        (moves, hash)
    }

    /// The `audit` event: the verdict, and each finding with the peer's signed datagrams
    /// of the message it contradicts, so the evidence can be checked by anyone; and the
    /// game's result after the audit (a caught liar loses).
    pub(super) fn audit_event(&self, audit: &Audit) -> AuditEvent {
        let session = &self.session;
        let findings = audit
            .findings
            .iter()
            .map(|f| FindingEvent {
                ply: f.ply,
                side: session.seat_name(f.seat),
                what: f.what.clone(),
                evidence: f
                    .evidence
                    .iter()
                    .map(|(ply, message)| {
                        let datagrams = self
                            .signed
                            .iter()
                            .filter(|(p, word, _)| p == ply && word == message)
                            .flat_map(|(_, _, datagrams)| datagrams.iter().cloned())
                            .collect();
                        (*ply, *message, datagrams)
                    })
                    .collect(),
            })
            .collect();
        AuditEvent {
            ok: audit.ok,
            cheater: audit.cheater.map(|s| session.seat_name(s)),
            findings,
            start: audit.start.clone(),
            result: session
                .ending()
                .map(|e| (session.winner_word(e.winner), e.reason.clone())),
        }
    }
}

/// A game's fresh secrets: bound to the session (its id and every seat's key, seat 0
/// first) and the game id; the secret bytes come from the operating system's randomness.
pub(super) fn fresh_secrets(
    session: u64,
    keys: &[[u8; 32]],
    game_id: u64,
    cheat: Cheat,
) -> Secrets {
    let mut context = session.to_be_bytes().to_vec();
    for key in keys {
        context.extend_from_slice(key);
    }
    Secrets {
        binding: Binding::new(&context, game_id),
        secret: rand::random(),
        cheat,
    }
}

/// Where a game's transcript lives: named by the game id and the peer's key, so that a
/// peer cannot overwrite another peer's games by reusing an id.
pub(super) fn transcript_path(dir: &Path, game_id: u64, peer: &[u8; 32]) -> PathBuf {
    dir.join(format!("{game_id:016x}-{}.lanqi", &hex(peer)[..16]))
}

/// The largest transcript read: a game of thousands of moves is a few hundred KB.
const MAX_TRANSCRIPT: u64 = 16 << 20;

/// The newest unfinished transcript this identity wrote (of game `wanted`, if named), if
/// any, and a line for each file of
/// the folder that was skipped. Only regular files of a sane size are read (see
/// [`read_bounded`]): a FIFO or a huge file left in the folder is passed over, never waited on
/// or read whole; a file that is not a transcript of ours is named with its problem.
pub(super) fn find_unfinished(
    dir: &Path,
    identity: &Identity,
    wanted: Option<u64>,
) -> (Option<Transcript>, Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return (None, Vec::new());
    };
    let mut skipped = Vec::new();
    let mut found: Vec<(std::time::SystemTime, Transcript)> = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.extension().is_none_or(|x| x != "lanqi") {
            continue;
        }
        let read = read_bounded(&path, MAX_TRANSCRIPT)
            .map_err(|e| e.to_string())
            .and_then(|b| String::from_utf8(b).map_err(|_| "not UTF-8 text".to_string()))
            .and_then(|text| Transcript::parse(&text).map_err(|e| e.to_string()));
        let t = match read {
            Ok(t) => t,
            Err(problem) => {
                skipped.push(format!("skipped {}: {problem}", path.display()));
                continue;
            }
        };
        let mtime = entry
            .metadata()
            .and_then(|m| m.modified())
            .unwrap_or(std::time::UNIX_EPOCH);
        // A game this seat left (a table of three or four goes on without it) is not its
        // to resume.
        let left = t
            .records
            .iter()
            .any(|r| matches!(r, crate::session::Record::Left { seat, .. } if *seat == t.me));
        if !t.is_finished()
            && !left
            && t.keys.get(usize::from(t.me)) == Some(&identity.public_key())
            && wanted.is_none_or(|id| id == t.game_id)
        {
            found.push((mtime, t));
        }
    }
    found.sort_by_key(|(m, _)| *m);
    (found.pop().map(|(_, t)| t), skipped)
}

/// Regroups a transcript's evidence (datagram by datagram) into messages with their
/// command words, as the running peer keeps them: a message's first fragment starts with
/// its word, its other fragments follow it.
pub(super) fn group_evidence(evidence: &[(u32, Vec<u8>)]) -> Vec<(u32, String, Vec<Vec<u8>>)> {
    let mut out: Vec<(u32, String, Vec<Vec<u8>>)> = Vec::new();
    for (ply, datagram) in evidence {
        let Ok(open) = crate::protocol::envelope::open(datagram) else {
            continue;
        };
        let header = open.header();
        match out.last_mut() {
            Some(last) if header.frag_index > 0 => last.2.push(datagram.clone()),
            _ => {
                let word = header.payload.split(|b| *b == b'|').next().unwrap_or(b"");
                let word = String::from_utf8_lossy(word).into_owned();
                out.push((*ply, word, vec![datagram.clone()]));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fifo_or_a_huge_file_among_the_games_is_passed_over_not_waited_on() {
        let dir = std::env::temp_dir().join(format!("lanqi-unfinished-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let fifo = dir.join("0000000000000001-aaaaaaaaaaaaaaaa.lanqi");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        let huge = dir.join("0000000000000002-bbbbbbbbbbbbbbbb.lanqi");
        std::fs::File::create(huge)
            .unwrap()
            .set_len(MAX_TRANSCRIPT + 1)
            .unwrap();
        let (tx, rx) = std::sync::mpsc::channel();
        let looked_in = dir.clone();
        std::thread::spawn(move || {
            let identity = Identity::from_secret([5; 32]);
            let _ = tx.send(find_unfinished(&looked_in, &identity, None));
        });
        let (found, skipped) = rx
            .recv_timeout(std::time::Duration::from_secs(30))
            .expect("looking for an unfinished game returns, even with a FIFO there");
        assert!(found.is_none());
        // Each skipped file is named in one line that says why.
        assert_eq!(skipped.len(), 2, "{skipped:?}");
        assert!(
            skipped
                .iter()
                .any(|l| l.contains("0000000000000001") && l.contains("not a regular file")),
            "{skipped:?}"
        );
        assert!(
            skipped
                .iter()
                .any(|l| l.contains("0000000000000002") && l.contains("bytes, more than")),
            "{skipped:?}"
        );
        let _ = std::fs::remove_dir_all(&dir);
    }
}
