//! The transcript: a game's canonical record, hash-chained line by line and signed by the
//! peer that wrote it, with the peer's signed datagrams for its moves as evidence. It is
//! the save file, the replay, and what a restarted peer resumes from. Text, no I/O.
//!
//! ```text
//! lanqi transcript 1
//! game junqi
//! game-id 00000000000000ab
//! first 0
//! clock 0+0
//! seat 0 <public key hex> <name, %-escaped>
//! seat 1 <public key hex> <name>
//! me 1
//! peer-addr 127.0.0.1:40000
//! binding <the game's fair-play binding, hex>
//! secret <this peer's secret random bytes, hex: its salts and battle randomness>
//! private <this peer's own layout>
//! record <chain hex> setup 0 <commitments hex>
//! record <chain hex> move 1 0 a6-a7 598000
//! record <chain hex> report 1 win
//! record <chain hex> reveal 1 b1
//! record <chain hex> over south flag%20lost
//! record <chain hex> open 0 <25 kind letters> <salts hex>
//! record <chain hex> audit ok -
//! evidence 2 <signed datagram hex>
//! signature <ed25519 signature by seat `me` over every byte of the file before this line>
//! ```
//!
//! The chain starts from SHA-256 over the game, game id, first seat, clock and both keys,
//! and each record line's chain value is SHA-256(previous chain value || record text).
//! Both peers of a game write the same records and chain (the audit line says what each
//! found); `me`, `peer-addr`, `secret`, `private`, the evidence and the signature are each
//! peer's own. Until the `open` lines, only the writer's own layout is in its file. The signature covers the whole file, so neither the
//! records nor the names, addresses or evidence can be changed without the writer's key.

use sha2::{Digest, Sha256};

use super::any::{AnyMove, AnyTable, GameKind};
use super::game::TableGame;
use super::game::{Seat, Secrets};
use super::state::Record;
use crate::protocol::Clock;
use crate::protocol::fair::Binding;
use crate::protocol::message::{escape, hex, unescape};
use crate::rules::junqi::Report;
use crate::store::{Identity, verify};

/// A game's transcript.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// The game's name, e.g. `junqi`.
    pub game: GameKind,
    /// The game id.
    pub game_id: u64,
    /// The seat that moved first.
    pub first: Seat,
    /// The clock settings.
    pub clock: Clock,
    /// Every seat's public key (2 to 4 seats).
    pub keys: Vec<[u8; 32]>,
    /// Every seat's nickname.
    pub names: Vec<String>,
    /// The writer's seat.
    pub me: Seat,
    /// Where the peer was last heard from (to resume).
    pub peer_addr: String,
    /// The canonical record.
    pub records: Vec<Record>,
    /// The peer's signed datagrams for its moves, battles and openings, by ply (0 for
    /// its commitments and its opening).
    pub evidence: Vec<(u32, Vec<u8>)>,
    /// The game's secrets on this peer (binding and secret bytes).
    pub secrets: Secrets,
    /// This peer's own setup (Junqi: its layout), once deployed.
    pub private: Option<String>,
}

/// Why a transcript file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TranscriptError {
    /// A line that does not parse.
    #[error("transcript line {line}: {problem}")]
    Line {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// The chain or the signature does not match: the file was altered.
    #[error("transcript {0}: the file was altered or damaged")]
    Tampered(&'static str),
}

/// How a record names a winner: the seat's name in `game` when `first` moved first, or
/// `draw`.
fn winner_word(game: GameKind, first: Seat, winner: Option<Seat>) -> &'static str {
    winner.map_or("draw", |s| AnyTable::seat_name(&game, s, first))
}

fn record_text(r: &Record, game: GameKind, first: Seat) -> String {
    match r {
        Record::Setup { seat, text } => format!("setup {seat} {}", escape(text)),
        Record::Move {
            ply,
            seat,
            mv,
            clock_ms,
        } => format!("move {ply} {seat} {} {clock_ms}", escape(&mv.to_string())),
        Record::Undo { ply } => format!("undo {ply}"),
        Record::Report { ply, outcome } => format!("report {ply} {}", outcome.word()),
        Record::Reveal { seat, cell } => format!("reveal {seat} {}", escape(cell)),
        Record::Open { seat, kinds, salts } => {
            format!("open {seat} {} {}", escape(kinds), escape(salts))
        }
        Record::Audit { ok, detail } => format!(
            "audit {} {}",
            if *ok { "ok" } else { "failed" },
            if detail.is_empty() {
                "-".to_string()
            } else {
                escape(detail).replace(' ', "%20")
            }
        ),
        Record::Left { seat, reason } => format!(
            "left {seat} {}",
            escape(&reason.to_string()).replace(' ', "%20")
        ),
        Record::Over { winner, reason } => format!(
            "over {} {}",
            winner_word(game, first, *winner),
            escape(&reason.to_string()).replace(' ', "%20")
        ),
    }
}

fn parse_record(text: &str, game: GameKind, first: Seat) -> Option<Record> {
    let parts: Vec<&str> = text.split(' ').collect();
    let seat = |s: &str| s.parse::<Seat>().ok().filter(|s| *s < 4);
    Some(match parts.as_slice() {
        ["setup", s, t] => Record::Setup {
            seat: seat(s)?,
            text: unescape(t)?,
        },
        ["move", p, s, m, c] => Record::Move {
            ply: p.parse().ok()?,
            seat: seat(s)?,
            mv: AnyMove::parse(game, &unescape(m)?).ok()?,
            clock_ms: c.parse().ok()?,
        },
        ["undo", p] => Record::Undo {
            ply: p.parse().ok()?,
        },
        ["report", p, o] => Record::Report {
            ply: p.parse().ok()?,
            outcome: Report::from_word(o)?,
        },
        ["reveal", s, c] => Record::Reveal {
            seat: seat(s)?,
            cell: unescape(c)?,
        },
        ["open", s, k, salts] => Record::Open {
            seat: seat(s)?,
            kinds: unescape(k)?,
            salts: unescape(salts)?,
        },
        ["audit", ok, d] => Record::Audit {
            ok: match *ok {
                "ok" => true,
                "failed" => false,
                _ => return None,
            },
            detail: match *d {
                "-" => String::new(),
                d => unescape(&d.replace("%20", " "))?,
            },
        },
        ["left", s, r] => Record::Left {
            seat: seat(s)?,
            reason: unescape(&r.replace("%20", " "))?.parse().ok()?,
        },
        ["over", w, r] => Record::Over {
            winner: match *w {
                "draw" => None,
                w => Some((0..4).find(|&s| winner_word(game, first, Some(s)) == w)?),
            },
            reason: unescape(&r.replace("%20", " "))?.parse().ok()?,
        },
        _ => return None,
    })
}

fn unhex<const N: usize>(s: &str) -> Option<[u8; N]> {
    let bytes = unhex_vec(s)?;
    bytes.try_into().ok()
}

fn unhex_vec(s: &str) -> Option<Vec<u8>> {
    if !s.len().is_multiple_of(2) {
        return None;
    }
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok())
        .collect()
}

impl Transcript {
    /// The game replayed into a session from `records` (its own, or the first of them),
    /// with `secrets` (its own, or with a cheat set for tests), at time `now`.
    pub fn replay(
        &self,
        records: &[Record],
        secrets: Secrets,
        now: crate::session::Millis,
    ) -> Result<super::state::Session<AnyTable>, String> {
        super::state::Session::restore(
            self.game,
            self.me,
            self.game_id,
            self.first,
            self.clock,
            secrets,
            self.private.clone(),
            records,
            now,
        )
    }

    /// Every seat's key and nickname, in seat order.
    pub fn players(&self) -> Vec<([u8; 32], String)> {
        self.keys
            .iter()
            .copied()
            .zip(self.names.iter().cloned())
            .collect()
    }

    fn genesis(&self) -> [u8; 32] {
        let mut h = Sha256::new();
        h.update(b"lanqi transcript v1");
        h.update(self.game.name().as_bytes());
        h.update(self.game_id.to_le_bytes());
        h.update([self.first]);
        h.update(self.clock.to_string().as_bytes());
        for key in &self.keys {
            h.update(key);
        }
        h.finalize().into()
    }

    /// The chain value after each record, in order.
    fn chain_values(&self) -> Vec<[u8; 32]> {
        let mut value = self.genesis();
        self.records
            .iter()
            .map(|r| {
                let mut h = Sha256::new();
                h.update(value);
                h.update(record_text(r, self.game, self.first).as_bytes());
                value = h.finalize().into();
                value
            })
            .collect()
    }

    /// The chain's head: equal on both peers exactly when their records are.
    pub fn head(&self) -> [u8; 32] {
        self.chain_values()
            .last()
            .copied()
            .unwrap_or_else(|| self.genesis())
    }

    /// Whether the game has ended.
    pub fn is_finished(&self) -> bool {
        self.records
            .iter()
            .any(|r| matches!(r, Record::Over { .. }))
    }

    /// The text form, signed by `identity` (which must be seat `me`).
    pub fn render(&self, identity: &Identity) -> String {
        let mut out = String::from("lanqi transcript 1\n");
        out += &format!(
            "game {}\ngame-id {:016x}\nfirst {}\nclock {}\n",
            self.game, self.game_id, self.first, self.clock
        );
        for seat in 0..self.keys.len() {
            out += &format!(
                "seat {seat} {} {}\n",
                hex(&self.keys[seat]),
                escape(&self.names[seat]).replace(' ', "%20")
            );
        }
        out += &format!("me {}\npeer-addr {}\n", self.me, self.peer_addr);
        out += &format!(
            "binding {}\nsecret {}\n",
            hex(&self.secrets.binding.0),
            hex(&self.secrets.secret)
        );
        if let Some(private) = &self.private {
            out += &format!("private {}\n", escape(private));
        }
        for (record, chain) in self.records.iter().zip(self.chain_values()) {
            out += &format!(
                "record {} {}\n",
                hex(&chain),
                record_text(record, self.game, self.first)
            );
        }
        for (ply, datagram) in &self.evidence {
            out += &format!("evidence {ply} {}\n", hex(datagram));
        }
        let signature = identity.sign(out.as_bytes());
        out += &format!("signature {}\n", hex(&signature));
        out
    }

    /// Reads a transcript, checking its chain and its writer's signature.
    pub fn parse(text: &str) -> Result<Transcript, TranscriptError> {
        let mut t = Transcript {
            game: GameKind::default(),
            game_id: 0,
            first: 0,
            clock: Clock::default(),
            keys: Vec::new(),
            names: Vec::new(),
            me: 0,
            peer_addr: String::new(),
            records: Vec::new(),
            evidence: Vec::new(),
            secrets: Secrets::fixed(0),
            private: None,
        };
        let mut chains = Vec::new();
        let mut signature = None;
        for (i, line) in text.lines().enumerate() {
            let bad = |problem: &str| TranscriptError::Line {
                line: i + 1,
                problem: problem.to_string(),
            };
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            if signature.is_some() {
                return Err(bad("nothing may follow the signature"));
            }
            match key {
                "lanqi" if i == 0 && rest == "transcript 1" => {}
                _ if i == 0 => return Err(bad("not a lanqi transcript (version 1)")),
                "game" => t.game = rest.parse().map_err(|e: String| bad(&e))?,
                "game-id" => {
                    t.game_id = u64::from_str_radix(rest, 16).map_err(|_| bad("bad game id"))?
                }
                "first" => {
                    t.first = rest
                        .parse()
                        .ok()
                        .filter(|s| *s < 4)
                        .ok_or_else(|| bad("bad first seat"))?
                }
                "clock" => t.clock = rest.parse().map_err(|_| bad("bad clock"))?,
                "seat" => {
                    let parts: Vec<&str> = rest.splitn(3, ' ').collect();
                    let [seat, key, name] = parts.as_slice() else {
                        return Err(bad("bad seat line"));
                    };
                    // Seats come in order, at most four.
                    if seat.parse() != Ok(t.keys.len()) || t.keys.len() >= 4 {
                        return Err(bad("bad seat"));
                    }
                    t.keys.push(unhex(key).ok_or_else(|| bad("bad key"))?);
                    t.names
                        .push(unescape(&name.replace("%20", " ")).ok_or_else(|| bad("bad name"))?);
                }
                "me" => {
                    t.me = rest
                        .parse()
                        .ok()
                        .filter(|s| (*s as usize) < t.keys.len().max(2))
                        .ok_or_else(|| bad("bad seat"))?
                }
                "peer-addr" => t.peer_addr = rest.to_string(),
                "binding" => {
                    t.secrets.binding = Binding(unhex(rest).ok_or_else(|| bad("bad binding"))?)
                }
                "secret" => t.secrets.secret = unhex(rest).ok_or_else(|| bad("bad secret"))?,
                "private" => t.private = Some(unescape(rest).ok_or_else(|| bad("bad private"))?),
                "record" => {
                    let (chain, record) = rest.split_once(' ').ok_or_else(|| bad("bad record"))?;
                    chains.push(unhex::<32>(chain).ok_or_else(|| bad("bad chain value"))?);
                    t.records.push(
                        parse_record(record, t.game, t.first).ok_or_else(|| bad("bad record"))?,
                    );
                }
                "evidence" => {
                    let (ply, datagram) =
                        rest.split_once(' ').ok_or_else(|| bad("bad evidence"))?;
                    let ply = ply.parse().map_err(|_| bad("bad ply"))?;
                    t.evidence
                        .push((ply, unhex_vec(datagram).ok_or_else(|| bad("bad evidence"))?));
                }
                "signature" => {
                    signature = Some(unhex::<64>(rest).ok_or_else(|| bad("bad signature"))?)
                }
                _ => return Err(bad("unknown line")),
            }
        }
        if t.keys.len() < 2 || usize::from(t.me) >= t.keys.len() {
            return Err(TranscriptError::Line {
                line: 0,
                problem: "fewer than two seats, or `me` is not one of them".into(),
            });
        }
        if chains != t.chain_values() {
            return Err(TranscriptError::Tampered("chain"));
        }
        let signature = signature.ok_or(TranscriptError::Tampered("signature"))?;
        let signed = text.rfind("\nsignature ").map_or("", |i| &text[..=i]);
        if !verify(&t.keys[t.me as usize], signed.as_bytes(), &signature) {
            return Err(TranscriptError::Tampered("signature"));
        }
        Ok(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Reason;

    fn sample(me: &Identity, other: &Identity) -> Transcript {
        Transcript {
            game: GameKind::Junqi,
            game_id: 0xab,
            first: 1,
            clock: Clock {
                game_secs: 600,
                move_secs: 30,
            },
            keys: vec![me.public_key(), other.public_key()],
            names: vec!["Wang Wei".into(), "李 | 100%".into()],
            me: 0,
            peer_addr: "[::1]:4000".into(),
            records: vec![
                Record::Setup {
                    seat: 0,
                    text: "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf".into(),
                },
                Record::Setup {
                    seat: 1,
                    text: "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf".into(),
                },
                Record::Move {
                    ply: 1,
                    seat: 1,
                    mv: AnyMove::Junqi("a6-a7".parse().unwrap()),
                    clock_ms: 59_000,
                },
                Record::Undo { ply: 1 },
                Record::Move {
                    ply: 1,
                    seat: 1,
                    mv: AnyMove::Junqi("e6-e7".parse().unwrap()),
                    clock_ms: 58_000,
                },
                Record::Report {
                    ply: 1,
                    outcome: Report::from_word("lose").unwrap(),
                },
                Record::Reveal {
                    seat: 1,
                    cell: "b1".into(),
                },
                Record::Over {
                    winner: None,
                    reason: Reason::DrawAgreed,
                },
                Record::Open {
                    seat: 0,
                    kinds: "abc".into(),
                    salts: "00ff".into(),
                },
                Record::Audit {
                    ok: false,
                    detail: "north lied | twice".into(),
                },
                Record::Audit {
                    ok: true,
                    detail: String::new(),
                },
            ],
            evidence: vec![(1, vec![1, 2, 3]), (1, vec![4, 5])],
            secrets: Secrets {
                binding: Binding([3; 32]),
                secret: [4; 32],
                cheat: crate::session::Cheat::None,
            },
            private: Some("hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf".into()),
        }
    }

    #[test]
    fn a_transcript_round_trips_with_its_chain_and_signature() {
        let (me, other) = (
            Identity::from_secret([1; 32]),
            Identity::from_secret([2; 32]),
        );
        let t = sample(&me, &other);
        let text = t.render(&me);
        assert_eq!(Transcript::parse(&text).unwrap(), t);
        assert!(t.is_finished());
    }

    #[test]
    fn any_change_to_a_record_is_detected() {
        let (me, other) = (
            Identity::from_secret([1; 32]),
            Identity::from_secret([2; 32]),
        );
        let text = sample(&me, &other).render(&me);
        let altered = text.replace("move 1 1 e6-e7 58000", "move 1 1 e6-e8 58000");
        assert_eq!(
            Transcript::parse(&altered),
            Err(TranscriptError::Tampered("chain"))
        );
        // Recomputing the chain does not help without the writer's key.
        let mut forged = sample(&me, &other);
        forged.records[4] = Record::Move {
            ply: 1,
            seat: 1,
            mv: AnyMove::Junqi("e6-e8".parse().unwrap()),
            clock_ms: 58_000,
        };
        let forged_text = forged.render(&other);
        // Names, addresses and evidence are signed too.
        let renamed = text.replace("Wang%20Wei", "Wang%20Wu");
        assert_eq!(
            Transcript::parse(&renamed),
            Err(TranscriptError::Tampered("signature"))
        );
        let evidence = text.replace("evidence 1 0405", "evidence 1 0406");
        assert_ne!(evidence, text);
        assert_eq!(
            Transcript::parse(&evidence),
            Err(TranscriptError::Tampered("signature"))
        );
        let appended = format!("{text}evidence 1 00\n");
        assert!(
            Transcript::parse(&appended).is_err(),
            "lines after the signature"
        );
        assert_eq!(
            Transcript::parse(&forged_text),
            Err(TranscriptError::Tampered("signature"))
        );
        let err = Transcript::parse("lanqi transcript 1\nbogus line\n").unwrap_err();
        assert_eq!(err.to_string(), "transcript line 2: unknown line");
    }

    #[test]
    fn both_peers_chain_to_the_same_head() {
        let (a, b) = (
            Identity::from_secret([1; 32]),
            Identity::from_secret([2; 32]),
        );
        let mine = sample(&a, &b);
        let theirs = Transcript {
            me: 1,
            peer_addr: "10.0.0.1:1".into(),
            evidence: vec![],
            ..mine.clone()
        };
        assert_eq!(mine.head(), theirs.head());
    }
}
