//! Checking a saved transcript, as anyone can (`lanqi verify`): its writer's signature
//! (checked when it is read), its record replayed by the rules core, and every signed
//! datagram it keeps as evidence — each must carry a seat's signature and, for a move,
//! say what the record says that seat played. At a table of three or four each relayed
//! move also carries its author's signature (`from`), which is checked against the
//! author's key whoever relayed it. No I/O.

use super::any::GameKind;
use super::game::Seat;
use super::state::Record;
use super::transcript::Transcript;
use crate::protocol::Message;
use crate::protocol::envelope;
use crate::protocol::relay::author_signed;

/// Something in a transcript that does not hold, held against one seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A kept datagram with this seat's key whose signature does not check (`index` counts
    /// the evidence lines from 0).
    BadDatagram {
        /// Which evidence line.
        index: usize,
    },
    /// A message this seat is said to have signed (`from`) whose signature does not check.
    BadAuthorSignature {
        /// Its count.
        n: u32,
    },
    /// A move this seat signed that the record has otherwise (or not at all).
    MoveDiffers {
        /// Its ply.
        ply: u32,
        /// The move as signed.
        signed: String,
        /// The record's move of this seat at that ply, if any.
        recorded: Option<String>,
    },
    /// The record's move of this seat that the rules refuse: the game cannot be replayed
    /// past it.
    Refused {
        /// Why the rules refuse it.
        why: String,
    },
}

/// What was found of one seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatCheck {
    /// The seat's moves in the record.
    pub moves: usize,
    /// Of them, those backed by a datagram it signed (or, relayed, a `from` it signed).
    pub signed: usize,
    /// What does not hold.
    pub faults: Vec<Fault>,
}

/// What checking a transcript found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// The game and its settings.
    pub game: GameKind,
    /// The game's id.
    pub game_id: u64,
    /// Each seat's name, in seat order.
    pub names: Vec<String>,
    /// The seat whose copy this is (its own moves are covered by its signature on the
    /// file).
    pub writer: Seat,
    /// Each seat's findings, in seat order.
    pub seats: Vec<SeatCheck>,
    /// Kept datagrams signed by no seat of the game.
    pub strangers: usize,
    /// Whether the record has an ending.
    pub finished: bool,
}

impl Verdict {
    /// Whether everything holds.
    pub fn holds(&self) -> bool {
        self.strangers == 0 && self.seats.iter().all(|s| s.faults.is_empty())
    }
}

/// Checks `t` (already read, so its chain and its writer's signature hold).
pub fn verify(t: &Transcript) -> Verdict {
    let seats = t.keys.len();
    let mut verdict = Verdict {
        game: t.game,
        game_id: t.game_id,
        names: t.names.clone(),
        writer: t.me,
        seats: vec![SeatCheck::default(); seats],
        strangers: 0,
        finished: t.records.iter().any(|r| matches!(r, Record::Over { .. })),
    };
    let moves: Vec<(u32, Seat, String)> = t
        .records
        .iter()
        .filter_map(|r| match r {
            Record::Move { ply, seat, mv, .. } => Some((*ply, *seat, mv.to_string())),
            _ => None,
        })
        .collect();
    for (_, seat, _) in &moves {
        if let Some(s) = verdict.seats.get_mut(usize::from(*seat)) {
            s.moves += 1;
        }
    }
    if let Some((seat, why)) = first_refused(t) {
        verdict.seats[usize::from(seat)]
            .faults
            .push(Fault::Refused { why });
    }
    // The evidence, message by message: each datagram's sender and signature, then what
    // it carries.
    let mut backed: Vec<(u32, Seat)> = Vec::new();
    for (index, message, sender) in messages(t, &mut verdict) {
        let (author, inner) = match message {
            Message::From {
                seat,
                n,
                signature,
                payload,
            } => {
                let Some(key) = t.keys.get(usize::from(seat)) else {
                    verdict.seats[usize::from(sender)]
                        .faults
                        .push(Fault::BadDatagram { index });
                    continue;
                };
                if !author_signed(t.game_id, key, seat, n, &signature, &payload) {
                    verdict.seats[usize::from(seat)]
                        .faults
                        .push(Fault::BadAuthorSignature { n });
                    continue;
                }
                match Message::parse(payload.as_bytes()) {
                    Ok(inner) => (seat, inner),
                    Err(_) => continue,
                }
            }
            other => (sender, other),
        };
        let Message::Move { ply, mv, .. } = inner else {
            continue;
        };
        let recorded: Vec<&String> = moves
            .iter()
            .filter(|(p, s, _)| *p == ply && *s == author)
            .map(|(_, _, m)| m)
            .collect();
        if recorded.iter().any(|m| **m == mv) {
            if !backed.contains(&(ply, author)) {
                backed.push((ply, author));
                verdict.seats[usize::from(author)].signed += 1;
            }
        } else {
            verdict.seats[usize::from(author)]
                .faults
                .push(Fault::MoveDiffers {
                    ply,
                    signed: mv,
                    recorded: recorded.first().map(|m| m.to_string()),
                });
        }
    }
    verdict
}

/// The transcript's evidence as messages: each with the index of its first datagram and
/// the seat whose key signed it (datagrams that do not check, or that no seat signed, are
/// counted in `verdict` and left out).
fn messages(t: &Transcript, verdict: &mut Verdict) -> Vec<(usize, Message, Seat)> {
    let mut out = Vec::new();
    let mut partial: Option<(usize, Seat, u8, Vec<u8>)> = None;
    for (index, (_, datagram)) in t.evidence.iter().enumerate() {
        let Ok(open) = envelope::open(datagram) else {
            verdict.strangers += 1;
            continue;
        };
        let Some(seat) = t.keys.iter().position(|k| *k == open.header().sender) else {
            verdict.strangers += 1;
            continue;
        };
        let seat = seat as Seat;
        let Ok(header) = open.verify() else {
            verdict.seats[usize::from(seat)]
                .faults
                .push(Fault::BadDatagram { index });
            continue;
        };
        let (frag, count) = (header.frag_index, header.frag_count.max(1));
        let piece = header.payload.to_vec();
        let whole = match partial.take() {
            Some((first, s, next, mut bytes)) if frag == next && s == seat && frag > 0 => {
                bytes.extend_from_slice(&piece);
                if frag + 1 == count {
                    Some((first, bytes))
                } else {
                    partial = Some((first, s, frag + 1, bytes));
                    None
                }
            }
            _ if frag == 0 && count > 1 => {
                partial = Some((index, seat, 1, piece));
                None
            }
            _ => Some((index, piece)),
        };
        if let Some((first, bytes)) = whole
            && let Ok(message) = Message::parse(&bytes)
        {
            out.push((first, message, seat));
        }
    }
    out
}

/// The first record the rules refuse on replay, and whose it is: the seat of that move (or
/// of the last move before the record that cannot be replayed).
fn first_refused(t: &Transcript) -> Option<(Seat, String)> {
    let replay = |n: usize| t.replay(&t.records[..n], t.secrets, 0);
    let why = replay(t.records.len()).err()?;
    let failing = (1..=t.records.len())
        .find(|n| replay(*n).is_err())
        .unwrap_or(t.records.len());
    let seat = t.records[..failing]
        .iter()
        .rev()
        .find_map(|r| match r {
            Record::Move { seat, .. } => Some(*seat),
            _ => None,
        })
        .unwrap_or(t.me);
    Some((seat, why))
}
