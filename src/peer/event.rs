//! What a peer reports as it runs: one typed enum, written as JSON in one place
//! ([`Event::to_json`]): `lanqi peer` prints one object per line, and other tools read them
//! (their fields are documented in PROTOCOL.md, "The headless peer's events").

use std::net::SocketAddr;

use serde_json::{Value, json};

use crate::net::DropCounters;
use crate::protocol::message::hex;
use crate::rules::junqi::Report;
use crate::session::{AnyMove, Reason};

/// Something that happened to a peer, in the words both players' peers print (sides are
/// the game's seat names: `south`/`north`, `red`/`black`; a winner is a side or `draw`).
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// An invitation code for this peer (`--invite`): a friend joins with it.
    Invite {
        /// The code.
        code: String,
    },
    /// The path to a player reached over iroh: new, or changed (direct after holes were
    /// punched, or back through the relay).
    Path {
        /// The player's nickname.
        peer: String,
        /// Direct or through a relay.
        kind: crate::net::internet::PathKind,
        /// Round-trip time on it, in milliseconds.
        rtt_ms: u64,
        /// Whether it replaces another path (rather than being the first).
        changed: bool,
    },
    /// What went over iroh, said when the peer stops (with the drops).
    Carried(crate::net::internet::Carried),
    /// The socket is bound.
    Listening {
        /// Where.
        addr: SocketAddr,
        /// My nickname.
        name: String,
        /// My key's fingerprint.
        fingerprint: String,
        /// Addresses others can type to reach me.
        addresses: Vec<String>,
    },
    /// mDNS advertising is on.
    Advertising {
        /// The service type.
        service: &'static str,
    },
    /// The first peer was found on the LAN.
    Found {
        /// Its nickname.
        peer: String,
        /// Its key's fingerprint.
        fingerprint: String,
        /// How long after the start.
        after_ms: u64,
    },
    /// Challenging a saved game's peer to resume it.
    Resuming {
        /// The game.
        game_id: u64,
        /// Where the peer is.
        to: SocketAddr,
    },
    /// Someone challenged me.
    Challenged {
        /// Its nickname.
        peer: String,
        /// Where it is.
        addr: SocketAddr,
        /// Its key's fingerprint.
        fingerprint: String,
        /// Whether the challenge can be accepted now.
        accepted: bool,
    },
    /// A new peer, or one whose key changed.
    Trust {
        /// Its nickname.
        peer: String,
        /// For a changed key: the fingerprints before and now.
        changed: Option<(String, String)>,
    },
    /// A session with a peer is up.
    Connected {
        /// Its nickname.
        peer: String,
        /// Its key's fingerprint.
        fingerprint: String,
        /// Where it is.
        addr: SocketAddr,
        /// My seat.
        seat: u8,
        /// The game's wire name.
        game: &'static str,
    },
    /// We watch a player's game.
    Watching {
        /// The player's nickname.
        peer: String,
        /// Its key's fingerprint.
        fingerprint: String,
        /// Where it is.
        addr: SocketAddr,
    },
    /// A spectator joined or left our game.
    Spectator {
        /// Its nickname.
        peer: String,
        /// Joined (or left).
        joined: bool,
    },
    /// `--auto` passes over a peer that did not play.
    PassedOver {
        /// Why, in words.
        why: String,
    },
    /// The peer is busy in another game.
    Busy,
    /// The peer has been silent.
    Gone {
        /// For how long.
        silent_ms: u64,
    },
    /// The peer is heard again.
    Back,
    /// The peer said goodbye.
    Left,
    /// A game started.
    Started {
        /// The game's wire name.
        game: &'static str,
        /// Its id.
        game_id: u64,
        /// My side.
        side: &'static str,
        /// The side that moves first.
        first: &'static str,
    },
    /// A seat's setup arrived.
    Ready {
        /// Whose.
        side: &'static str,
    },
    /// Play begins.
    Play {
        /// The side that moves first.
        first: &'static str,
    },
    /// A move was played.
    Move {
        /// Its ply.
        ply: u32,
        /// Who moved.
        side: &'static str,
        /// The move, in the absolute frame.
        absolute: AnyMove,
        /// The battle's outcome from the mover's side, if it was one.
        outcome: Option<Report>,
    },
    /// A chat line.
    Chat {
        /// Who wrote it.
        side: &'static str,
        /// What.
        text: String,
    },
    /// An undo request.
    UndoAsked {
        /// Who asks.
        side: &'static str,
        /// The ply to take back.
        ply: u32,
    },
    /// A move was taken back.
    Undone {
        /// Its ply.
        ply: u32,
    },
    /// An undo request was refused.
    UndoRefused,
    /// A draw offer.
    DrawOffered {
        /// Who offers.
        side: &'static str,
    },
    /// A draw offer was refused.
    DrawRefused,
    /// A flag was opened (its field marshal died).
    Flag {
        /// Whose.
        side: &'static str,
        /// Where, in the absolute frame.
        square: String,
    },
    /// A seat left a game of more than two, which goes on without it.
    SeatLeft {
        /// Whose seat.
        side: &'static str,
        /// Why.
        reason: Reason,
    },
    /// The game ended.
    Over {
        /// The winning side, or `draw`.
        winner: &'static str,
        /// Why.
        reason: Reason,
        /// The game's id.
        game_id: u64,
        /// The transcript's chain head.
        transcript: [u8; 32],
    },
    /// The post-game audit's verdict.
    Audit(AuditEvent),
    /// A peer's message was refused (it broke the rules).
    Refused {
        /// The seat held to account, by its name (`south`, `red`, `2`, …): at a table of
        /// more than two it leaves the table.
        seat: &'static str,
        /// What was wrong.
        reason: String,
        /// The peer's signed datagrams that carried it.
        evidence: Vec<Vec<u8>>,
    },
    /// The peers disagree about the game.
    Desync {
        /// What differs.
        detail: String,
    },
    /// Seat 0 restarts after a finished game.
    Restart,
    /// A saved game was resumed.
    Resumed {
        /// The game.
        game_id: u64,
        /// The plies I have.
        ply: u32,
        /// The plies the peer has.
        peer_ply: u32,
    },
    /// Something worth knowing that is not an error.
    Note {
        /// What.
        message: String,
    },
    /// Something went wrong (the peer goes on, or stops with it).
    Error {
        /// What.
        message: String,
    },
    /// Asked to stop (Ctrl-C, SIGTERM).
    Stopping,
    /// The run is over: what the endpoint dropped.
    Drops(DropCounters),
}

/// The `audit` event: the verdict, each finding with its evidence, and the game's result
/// after it.
#[derive(Clone, Debug, PartialEq)]
pub struct AuditEvent {
    /// Nothing was wrong.
    pub ok: bool,
    /// The side caught lying.
    pub cheater: Option<&'static str>,
    /// What was wrong.
    pub findings: Vec<FindingEvent>,
    /// Both deployments as the audit saw them (absolute JNF).
    pub start: String,
    /// The result after the audit: winner (a side or `draw`) and reason.
    pub result: Option<(&'static str, Reason)>,
}

/// One finding of the audit, with the signed datagrams that show it.
#[derive(Clone, Debug, PartialEq)]
pub struct FindingEvent {
    /// The ply it concerns.
    pub ply: u32,
    /// Who is to blame.
    pub side: &'static str,
    /// What was wrong.
    pub what: String,
    /// Each message it cites: its ply, command word, and signed datagrams.
    pub evidence: Vec<(u32, &'static str, Vec<Vec<u8>>)>,
}

/// A game id as events print it: 16 hex digits.
fn id(game_id: u64) -> String {
    format!("{game_id:016x}")
}

fn hexes(datagrams: &[Vec<u8>]) -> Vec<String> {
    datagrams.iter().map(|d| hex(d)).collect()
}

impl Event {
    /// The event as the JSON object `lanqi peer` prints.
    pub fn to_json(&self) -> Value {
        match self {
            Event::Invite { code } => json!({"event": "invite", "code": code}),
            Event::Carried(c) => json!({"event": "carried", "lan_datagrams": c.lan_datagrams,
                "lan_bytes": c.lan_bytes, "datagrams": c.datagrams,
                "bytes": c.bytes, "udp_datagrams": c.udp_datagrams, "udp_bytes": c.udp_bytes,
                "dropped": c.dropped}),
            Event::Path {
                peer,
                kind,
                rtt_ms,
                changed,
            } => json!({"event": "path", "peer": peer, "path": kind.word(), "rtt_ms": rtt_ms,
                "changed": changed}),
            Event::Listening {
                addr,
                name,
                fingerprint,
                addresses,
            } => json!({"event": "listening", "addr": addr.ip().to_string(), "port": addr.port(),
                "name": name, "fingerprint": fingerprint, "addresses": addresses}),
            Event::Advertising { service } => json!({"event": "advertising", "service": service}),
            Event::Found {
                peer,
                fingerprint,
                after_ms,
            } => json!({"event": "found", "peer": peer, "fingerprint": fingerprint,
                "after_ms": after_ms}),
            Event::Resuming { game_id, to } => {
                json!({"event": "resuming", "game_id": id(*game_id), "to": to.to_string()})
            }
            Event::Challenged {
                peer,
                addr,
                fingerprint,
                accepted,
            } => json!({"event": "challenged", "peer": peer, "addr": addr.to_string(),
                "fingerprint": fingerprint, "accepted": accepted}),
            Event::Trust {
                peer,
                changed: None,
            } => json!({"event": "trust", "peer": peer, "status": "new"}),
            Event::Trust {
                peer,
                changed: Some((previous, now)),
            } => json!({"event": "trust", "peer": peer, "status": "key-changed",
                "previous": previous, "now": now}),
            Event::Connected {
                peer,
                fingerprint,
                addr,
                seat,
                game,
            } => json!({"event": "connected", "peer": peer, "fingerprint": fingerprint,
                "addr": addr.to_string(), "seat": seat, "game": game}),
            Event::Watching {
                peer,
                fingerprint,
                addr,
            } => json!({"event": "watching", "peer": peer, "fingerprint": fingerprint,
                "addr": addr.to_string()}),
            Event::Spectator { peer, joined } => json!({"event": "spectator", "peer": peer,
                "status": if *joined { "joined" } else { "left" }}),
            Event::PassedOver { why } => json!({"event": "passed-over", "why": why}),
            Event::Busy => json!({"event": "busy"}),
            Event::Gone { silent_ms } => json!({"event": "gone", "silent_ms": silent_ms}),
            Event::Back => json!({"event": "back"}),
            Event::Left => json!({"event": "left"}),
            Event::Started {
                game,
                game_id,
                side,
                first,
            } => json!({"event": "started", "game": game, "game_id": id(*game_id),
                "side": side, "first": first}),
            Event::Ready { side } => json!({"event": "ready", "side": side}),
            Event::Play { first } => json!({"event": "play", "first": first}),
            Event::Move {
                ply,
                side,
                absolute,
                outcome,
            } => {
                let mut v = json!({"event": "move", "ply": ply, "side": side, "move": absolute.to_string()});
                if let Some(o) = outcome {
                    v["outcome"] = json!(o.word());
                }
                v
            }
            Event::Chat { side, text } => json!({"event": "chat", "side": side, "text": text}),
            Event::UndoAsked { side, ply } => {
                json!({"event": "undo-asked", "side": side, "ply": ply})
            }
            Event::Undone { ply } => json!({"event": "undone", "ply": ply}),
            Event::UndoRefused => json!({"event": "undo-refused"}),
            Event::DrawOffered { side } => json!({"event": "draw-offered", "side": side}),
            Event::DrawRefused => json!({"event": "draw-refused"}),
            Event::SeatLeft { side, reason } => {
                json!({"event": "seat-left", "side": side, "reason": reason.to_string()})
            }
            Event::Flag { side, square } => {
                json!({"event": "flag", "side": side, "square": square})
            }
            Event::Over {
                winner,
                reason,
                game_id,
                transcript,
            } => json!({"event": "over", "winner": winner, "reason": reason.to_string(),
                "game_id": id(*game_id), "transcript": hex(transcript)}),
            Event::Audit(audit) => audit.to_json(),
            Event::Refused {
                seat,
                reason,
                evidence,
            } => json!({"event": "refused", "seat": seat, "reason": reason,
                "evidence": hexes(evidence)}),
            Event::Desync { detail } => json!({"event": "desync", "detail": detail}),
            Event::Restart => json!({"event": "restart"}),
            Event::Resumed {
                game_id,
                ply,
                peer_ply,
            } => json!({"event": "resumed", "game_id": id(*game_id), "ply": ply,
                "peer_ply": peer_ply}),
            Event::Note { message } => json!({"event": "note", "message": message}),
            Event::Error { message } => json!({"event": "error", "message": message}),
            Event::Stopping => json!({"event": "stopping"}),
            Event::Drops(drops) => {
                json!({"event": "drops", "total": drops.total(), "counters": drops})
            }
        }
    }
}

impl AuditEvent {
    fn to_json(&self) -> Value {
        let findings: Vec<Value> = self
            .findings
            .iter()
            .map(|f| {
                let evidence: Vec<Value> = f
                    .evidence
                    .iter()
                    .map(|(ply, message, datagrams)| {
                        json!({"ply": ply, "message": message, "datagrams": hexes(datagrams)})
                    })
                    .collect();
                json!({"ply": f.ply, "side": f.side, "what": f.what, "evidence": evidence})
            })
            .collect();
        let mut v = json!({"event": "audit", "ok": self.ok, "cheater": self.cheater,
            "findings": findings, "start": self.start});
        if let Some((winner, reason)) = &self.result {
            v["winner"] = json!(winner);
            v["reason"] = json!(reason.to_string());
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_battle_move_prints_its_outcome_word_and_a_quiet_one_none() {
        let battle = Event::Move {
            ply: 7,
            side: "north",
            absolute: AnyMove::Junqi("e7-e6".parse().unwrap()),
            outcome: Report::from_word("flag-both"),
        };
        assert_eq!(
            battle.to_json(),
            json!({"event": "move", "ply": 7, "side": "north", "move": "e7-e6",
                "outcome": "flag-both"})
        );
        let quiet = Event::Move {
            ply: 1,
            side: "red",
            absolute: AnyMove::Xiangqi("h2e2".parse().unwrap()),
            outcome: None,
        };
        assert!(quiet.to_json().get("outcome").is_none());
    }

    #[test]
    fn over_prints_the_reason_word_the_id_and_the_head_in_hex() {
        let over = Event::Over {
            winner: "draw",
            reason: Reason::NoBattle(31),
            game_id: 0xab,
            transcript: [0x11; 32],
        };
        let v = over.to_json();
        assert_eq!(v["reason"], "no battle in 31 plies");
        assert_eq!(v["game_id"], "00000000000000ab");
        assert_eq!(v["transcript"], "11".repeat(32));
    }

    #[test]
    fn a_key_change_names_both_fingerprints() {
        let v = Event::Trust {
            peer: "bob".into(),
            changed: Some(("aa".into(), "bb".into())),
        }
        .to_json();
        assert_eq!(
            v,
            json!({"event": "trust", "peer": "bob", "status": "key-changed",
                "previous": "aa", "now": "bb"})
        );
    }
}
