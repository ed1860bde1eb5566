//! Author signatures for tables of more than two seats.
//!
//! Such a table is a star around the peer that opened it: every other seat has one session,
//! with the opener, which relays what each seat says to all the others. So that a relay can
//! withhold a message but never alter, forge, replay or reorder one, every game message at
//! such a table travels as `from|SEAT|N|SIGNATURE|PAYLOAD`: the author's seat, its count of
//! the messages it signed in this game (from 1, one more each time), and its ed25519
//! signature over
//!
//! ```text
//! "lanqi from v1" ‖ game id (8 bytes, little-endian) ‖ seat (1 byte) ‖ N (4 bytes, LE) ‖ PAYLOAD
//! ```
//!
//! made with the same key that signs its datagrams, the key the `seats` message lists for
//! that seat. Every seat checks every `from` against the author's key, whoever relayed it.

use std::collections::VecDeque;

use ed25519_dalek::{Signature, Signer, SigningKey, VerifyingKey};

use super::message::{MAX_SIGNED, Message, PayloadError};

/// The domain the signatures are made in (no other lanqi signature can be taken for one).
const DOMAIN: &[u8] = b"lanqi from v1";

/// Why a relayed message was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RelayError {
    /// The seat is not at this table.
    #[error("seat {0} is not at this table")]
    UnknownSeat(u8),
    /// The signature is not the author's: the message was altered or forged on the way.
    #[error("seat {seat}'s message {n} does not carry its signature: altered on the way")]
    BadSignature {
        /// The seat it claims to be from.
        seat: u8,
        /// Its count.
        n: u32,
    },
    /// A message skipped, repeated out of place or reordered by the relay.
    #[error("seat {seat}'s message {got} arrived where {expected} was due")]
    OutOfOrder {
        /// The author.
        seat: u8,
        /// The count due next.
        expected: u32,
        /// The count that came.
        got: u32,
    },
    /// The signed payload is not a game message.
    #[error("seat {seat} signed something that is not a game message: {why}")]
    NotAGameMessage {
        /// The author.
        seat: u8,
        /// What was wrong.
        why: String,
    },
    /// Not a `from` message at all.
    #[error("not an author-signed message")]
    Unsigned,
}

/// The bytes an author signs.
fn signed_bytes(game_id: u64, seat: u8, n: u32, payload: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(DOMAIN.len() + 13 + payload.len());
    out.extend_from_slice(DOMAIN);
    out.extend_from_slice(&game_id.to_le_bytes());
    out.push(seat);
    out.extend_from_slice(&n.to_le_bytes());
    out.extend_from_slice(payload.as_bytes());
    out
}

/// Whether `signature` is seat `seat`'s (holding `key`) on its message `n` of game
/// `game_id`, `payload` (a saved transcript's relayed moves are checked so, by anyone).
pub fn author_signed(
    game_id: u64,
    key: &[u8; 32],
    seat: u8,
    n: u32,
    signature: &[u8; 64],
    payload: &str,
) -> bool {
    VerifyingKey::from_bytes(key).is_ok_and(|key| {
        key.verify_strict(
            &signed_bytes(game_id, seat, n, payload),
            &Signature::from_bytes(signature),
        )
        .is_ok()
    })
}

/// Whether a message may travel signed at a table (what a seat says in a game, nothing of
/// the handshake, the session or spectators).
pub fn is_game_message(message: &Message) -> bool {
    matches!(
        message,
        Message::Commit { .. }
            | Message::Move { .. }
            | Message::Undo { .. }
            | Message::Draw { .. }
            | Message::Resign
            | Message::Over { .. }
            | Message::Chat { .. }
            | Message::Out { .. }
            | Message::Gone { .. }
            | Message::Echo { .. }
    )
}

/// How many of each author's latest messages a seat remembers, to hold echoes against (an
/// echo comes within a round trip or two of its message).
const REMEMBERED: usize = 256;

/// What another seat's echo of an author's message shows, held against what this seat
/// took from that author.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EchoCheck {
    /// It reached the echoing seat as it reached this one.
    Same,
    /// It reached the echoing seat as something else the author also signed: two
    /// different messages under one count, relayed one to each seat.
    Differs {
        /// What this seat took under that count.
        ours: String,
    },
    /// It never reached this seat, though it reached the echoing one: withheld here.
    Withheld,
    /// Too old to compare (beyond [`REMEMBERED`]).
    Forgotten,
}

/// The authors at one game of a table: every seat's key, and how far each one's messages
/// have come. Seals this seat's messages and checks everyone else's.
#[derive(Clone, Debug)]
pub struct Authors {
    game_id: u64,
    keys: Vec<[u8; 32]>,
    /// The count due next from each seat.
    next: Vec<u32>,
    /// Each seat's latest messages taken (or, ours, sealed): count and payload.
    taken: Vec<VecDeque<(u32, String)>>,
}

impl Authors {
    /// The authors of game `game_id`, seat `i` holding `keys[i]`.
    pub fn new(game_id: u64, keys: Vec<[u8; 32]>) -> Authors {
        let next = vec![1; keys.len()];
        let taken = vec![VecDeque::new(); keys.len()];
        Authors {
            game_id,
            keys,
            next,
            taken,
        }
    }

    /// The game these authors play.
    pub fn game_id(&self) -> u64 {
        self.game_id
    }

    /// Seat `seat` (holding `key`) signs `message`, its next one.
    pub fn seal(&mut self, key: &SigningKey, seat: u8, message: &Message) -> Message {
        let n = self.next[seat as usize];
        self.next[seat as usize] += 1;
        let payload = message.to_string();
        self.remember(seat, n, &payload);
        let signature = key
            .sign(&signed_bytes(self.game_id, seat, n, &payload))
            .to_bytes();
        Message::From {
            seat,
            n,
            signature,
            payload,
        }
    }

    /// Checks a `from` message: the author's signature, its place in the author's order,
    /// and that it carries a game message. `Ok(None)` is a repeat of one already taken.
    pub fn check(&mut self, message: &Message) -> Result<Option<(u8, Message)>, RelayError> {
        let Message::From {
            seat,
            n,
            signature,
            payload,
        } = message
        else {
            return Err(RelayError::Unsigned);
        };
        let (seat, n) = (*seat, *n);
        self.verify(seat, n, signature, payload)?;
        let expected = self.next[seat as usize];
        if n < expected {
            return Ok(None);
        }
        if n > expected {
            return Err(RelayError::OutOfOrder {
                seat,
                expected,
                got: n,
            });
        }
        let not_game = |why: String| RelayError::NotAGameMessage { seat, why };
        if payload.len() > MAX_SIGNED {
            return Err(not_game("too long".into()));
        }
        let inner = Message::parse(payload.as_bytes())
            .map_err(|e: PayloadError| not_game(e.to_string()))?;
        if !is_game_message(&inner) {
            return Err(not_game(format!(
                "'{}' is not said in a game",
                inner.to_string().chars().take(20).collect::<String>()
            )));
        }
        self.next[seat as usize] += 1;
        self.remember(seat, n, payload);
        Ok(Some((seat, inner)))
    }

    /// Whether `signature` is seat `seat`'s on its message `n`, `payload`.
    fn verify(
        &self,
        seat: u8,
        n: u32,
        signature: &[u8; 64],
        payload: &str,
    ) -> Result<(), RelayError> {
        let key = self
            .keys
            .get(seat as usize)
            .ok_or(RelayError::UnknownSeat(seat))?;
        if author_signed(self.game_id, key, seat, n, signature, payload) {
            Ok(())
        } else {
            Err(RelayError::BadSignature { seat, n })
        }
    }

    /// Keeps `seat`'s message `n` (the latest [`REMEMBERED`]).
    fn remember(&mut self, seat: u8, n: u32, payload: &str) {
        let Some(taken) = self.taken.get_mut(seat as usize) else {
            return;
        };
        if taken.len() >= REMEMBERED {
            taken.pop_front();
        }
        taken.push_back((n, payload.to_string()));
    }

    /// Holds an echo (another seat's word on `seat`'s message `n`, its signature and its
    /// payload as they reached it) against what this seat took: the author's signature
    /// must check; then the same, different, withheld here, or too old to tell.
    pub fn check_echo(
        &self,
        seat: u8,
        n: u32,
        signature: &[u8; 64],
        payload: &str,
    ) -> Result<EchoCheck, RelayError> {
        self.verify(seat, n, signature, payload)?;
        if n >= self.next[seat as usize] {
            return Ok(EchoCheck::Withheld);
        }
        let ours = self.taken[seat as usize].iter().find(|(m, _)| *m == n);
        Ok(match ours {
            None => EchoCheck::Forgotten,
            Some((_, p)) if p == payload => EchoCheck::Same,
            Some((_, p)) => EchoCheck::Differs { ours: p.clone() },
        })
    }

    /// `--cheat equivocate`: seat `seat` signs `message` under the count its last message
    /// took (a second, different message under one count).
    pub fn reseal(&self, key: &SigningKey, seat: u8, message: &Message) -> Message {
        let n = self.next[seat as usize].saturating_sub(1);
        let payload = message.to_string();
        let signature = key
            .sign(&signed_bytes(self.game_id, seat, n, &payload))
            .to_bytes();
        Message::From {
            seat,
            n,
            signature,
            payload,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table() -> (Vec<SigningKey>, Authors) {
        let keys: Vec<SigningKey> = (1..=3).map(|i| SigningKey::from_bytes(&[i; 32])).collect();
        let public = keys.iter().map(|k| k.verifying_key().to_bytes()).collect();
        (keys, Authors::new(0x5eed, public))
    }

    fn mv(ply: u32) -> Message {
        Message::Move {
            ply,
            mv: "h8".into(),
            hash: "00".into(),
            clock_ms: 0,
        }
    }

    #[test]
    fn a_message_checks_against_its_authors_key_wherever_it_was_relayed() {
        let (keys, mut author) = table();
        let (_, mut reader) = table();
        let sealed = author.seal(&keys[1], 1, &mv(1));
        // Through the wire's text and back, as a relay forwards it.
        let relayed = Message::parse(sealed.to_string().as_bytes()).unwrap();
        assert_eq!(reader.check(&relayed), Ok(Some((1, mv(1)))));
        assert_eq!(reader.check(&relayed), Ok(None), "a repeat is taken once");
    }

    #[test]
    fn a_relay_that_alters_a_move_is_caught() {
        let (keys, mut author) = table();
        let (_, mut reader) = table();
        let Message::From {
            seat, n, signature, ..
        } = author.seal(&keys[2], 2, &mv(3))
        else {
            unreachable!()
        };
        let altered = Message::From {
            seat,
            n,
            signature,
            payload: "move|3|a1|00|0".into(),
        };
        assert_eq!(
            reader.check(&altered),
            Err(RelayError::BadSignature { seat: 2, n: 1 })
        );
        // Nor can it pass one seat's message off as another's.
        let Message::From {
            n,
            signature,
            payload,
            ..
        } = author.seal(&keys[2], 2, &mv(5))
        else {
            unreachable!()
        };
        let moved = Message::From {
            seat: 1,
            n,
            signature,
            payload,
        };
        assert!(matches!(
            reader.check(&moved),
            Err(RelayError::BadSignature { seat: 1, .. })
        ));
    }

    #[test]
    fn a_relay_cannot_skip_or_reorder_an_authors_messages() {
        let (keys, mut author) = table();
        let (_, mut reader) = table();
        let first = author.seal(&keys[0], 0, &mv(1));
        let second = author.seal(&keys[0], 0, &Message::Chat { text: "hi".into() });
        assert_eq!(
            reader.check(&second),
            Err(RelayError::OutOfOrder {
                seat: 0,
                expected: 1,
                got: 2
            })
        );
        assert!(reader.check(&first).unwrap().is_some());
        assert!(reader.check(&second).unwrap().is_some());
    }

    #[test]
    fn only_game_messages_travel_signed_and_only_from_seats_at_the_table() {
        let (keys, mut author) = table();
        let (_, mut reader) = table();
        let bye = author.seal(&keys[1], 1, &Message::Bye);
        assert!(matches!(
            reader.check(&bye),
            Err(RelayError::NotAGameMessage { seat: 1, .. })
        ));
        let stranger = SigningKey::from_bytes(&[9; 32]);
        let mut four = Authors::new(0x5eed, vec![[0; 32]; 4]);
        let far = four.seal(&stranger, 3, &mv(1));
        assert_eq!(reader.check(&far), Err(RelayError::UnknownSeat(3)));
    }

    #[test]
    fn a_signature_holds_for_one_game_only() {
        let (keys, mut author) = table();
        let public = keys.iter().map(|k| k.verifying_key().to_bytes()).collect();
        let mut other_game = Authors::new(0x5eee, public);
        let sealed = author.seal(&keys[1], 1, &mv(1));
        assert!(matches!(
            other_game.check(&sealed),
            Err(RelayError::BadSignature { .. })
        ));
    }
}

#[cfg(test)]
mod vector {
    use super::*;

    /// PROTOCOL.md §8.14's test vector: the signed bytes built from the definition alone,
    /// signed with ed25519, are what `Authors::seal` writes, and the document's text.
    #[test]
    fn the_from_test_vector_of_protocol_md() {
        let key = SigningKey::from_bytes(&[1; 32]);
        let payload = "move|1|h8|0000000000000000|0";
        let mut bytes = b"lanqi from v1".to_vec();
        bytes.extend_from_slice(&0x0123_4567_89ab_cdef_u64.to_le_bytes());
        bytes.push(2);
        bytes.extend_from_slice(&1u32.to_le_bytes());
        bytes.extend_from_slice(payload.as_bytes());
        let by_definition = key.sign(&bytes).to_bytes();
        let mut authors = Authors::new(0x0123_4567_89ab_cdef, vec![[0; 32]; 3]);
        let message = Message::parse(payload.as_bytes()).unwrap();
        let sealed = authors.seal(&key, 2, &message);
        let hex = crate::protocol::message::hex(&by_definition);
        let text = format!("from|2|1|{hex}|move%7C1%7Ch8%7C0000000000000000%7C0");
        assert_eq!(sealed.to_string(), text);
        let doc = include_str!("../../docs/PROTOCOL.md");
        assert!(doc.contains(&text), "PROTOCOL.md §8.14 should show {text}");
    }
}
