//! The `cmd|arg|arg…` payloads peers exchange, as a typed [`Message`] with a strict parser.
//!
//! Arguments are UTF-8 text; `%`, `|` and control characters inside an argument are written
//! `%XX` (upper-case hex of the byte), so chat text can hold anything. Squares in a message
//! are in the sender's own view (spec/junqi.md, "Wire coordinates").

use std::fmt;
use std::str::FromStr;

/// Longest nickname accepted, in characters.
pub const MAX_NAME: usize = 32;
/// Longest chat line accepted, in characters.
pub const MAX_CHAT: usize = 500;
/// Longest move text (a Tibetan jump chain with its removals is the longest).
pub const MAX_MOVE: usize = 96;
/// Longest game message a `from` carries, in bytes.
pub const MAX_SIGNED: usize = 4096;
/// The reason a bare `gone|SEAT` means (the ending reason's word).
const LEFT_TABLE: &str = "left the table";

/// A 16-byte random nonce, written as 32 lower-case hex digits.
pub type Nonce = [u8; 16];

/// Every message of protocol version 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Handshake: asks a peer to play. Padded so that no answer is larger.
    Challenge {
        /// The challenger's fresh nonce.
        nonce: Nonce,
        /// The challenger's nickname.
        name: String,
        /// The game and its agreed settings, e.g. `junqi`.
        game: String,
        /// Game clock and per-move clock in seconds (0 = unlimited).
        clock: Clock,
        /// The game this resumes (its id), if the challenger restarted mid-game.
        resume: Option<u64>,
        /// Bytes of padding (`.`), to make the datagram full size.
        padding: usize,
    },
    /// Handshake: yes; the session id follows from both nonces.
    Accept {
        /// The challenger's nonce, echoed.
        nonce: Nonce,
        /// The accepter's fresh nonce.
        reply: Nonce,
        /// The accepter's nickname.
        name: String,
        /// The seats at the accepter's table when it opened one of more than two (3 or
        /// 4): the challenger waits for `seats` instead of starting the game. Written only
        /// then (version 1 has no such field: two seats).
        seats: u8,
    },
    /// Handshake: no.
    Decline {
        /// The challenger's nonce, echoed.
        nonce: Nonce,
        /// Why, in words.
        reason: String,
    },
    /// Handshake: already playing someone else.
    Busy {
        /// The challenger's nonce, echoed.
        nonce: Nonce,
    },
    /// A new game begins in this session: its id and who moves first.
    Start {
        /// Game id (kept across resumes).
        game_id: u64,
        /// The seat that moves first, 0 or 1 (0 is the challenger).
        first: u8,
    },
    /// My deployment, committed: one salted hash per piece (see `protocol::fair`).
    Commit {
        /// 25 commitments of 32 bytes in layout order, as 1600 lower-case hex digits.
        commitments: String,
    },
    /// A move.
    Move {
        /// The ply this move makes (1 for the first move).
        ply: u32,
        /// The move text in the sender's own view.
        mv: String,
        /// The public position hash before the move (the position the sender moved in;
        /// after a battle it could not know the position yet).
        hash: String,
        /// The sender's remaining game time in milliseconds after the move (0 if unlimited).
        clock_ms: u64,
    },
    /// Battle, defender: the oblivious transfer's first point `S` for the battle of `ply`.
    Offer {
        /// The battle's ply (the attacking move's).
        ply: u32,
        /// `S`, a compressed Ristretto point.
        point: [u8; 32],
    },
    /// Battle, attacker: the answer `R`, which hides the attacker's kind.
    Choose {
        /// The battle's ply.
        ply: u32,
        /// `R`, a compressed Ristretto point.
        point: [u8; 32],
    },
    /// Battle, defender: the 12 sealed outcome entries, one per attacking kind.
    Table {
        /// The battle's ply.
        ply: u32,
        /// 12 entries of 17 bytes.
        entries: Vec<u8>,
    },
    /// Battle, attacker: the outcome it opened and that outcome's token; if its field
    /// marshal died, the opening of its flag.
    Outcome {
        /// The battle's ply.
        ply: u32,
        /// `win`, `lose`, `both`, `flag` or `flag-both`.
        outcome: String,
        /// The outcome's token from the defender's table.
        token: [u8; 16],
        /// The attacker's flag (cell in its own view, salt), when its marshal died.
        flag: Option<(String, [u8; 16])>,
    },
    /// My field marshal died in the battle of `ply`: my flag, opened.
    Flag {
        /// The battle's ply.
        ply: u32,
        /// The flag's cell in the sender's own view.
        cell: String,
        /// The salt of that cell's commitment.
        salt: [u8; 16],
    },
    /// The game is over: my whole deployment opened, for the audit.
    Open {
        /// 25 kind letters in layout order.
        kinds: String,
        /// 25 salts, as 800 lower-case hex digits.
        salts: String,
    },
    /// Undo negotiation about the move that made `ply`.
    Undo {
        /// Ask, accept or refuse.
        verb: Verb,
        /// The ply of the last move, the one taken back.
        ply: u32,
    },
    /// Draw negotiation.
    Draw {
        /// Offer, accept or refuse.
        verb: Verb,
    },
    /// I resign.
    Resign,
    /// The game is over as the sender sees it: `winner` is `south`, `north` or `draw`.
    Over {
        /// The winner's side, or `draw`.
        winner: String,
        /// Why, in the rules core's words.
        reason: String,
    },
    /// Start another game in this session.
    Reset,
    /// A chat line.
    Chat {
        /// The text.
        text: String,
    },
    /// After a resume: how far my transcript goes.
    Sync {
        /// The game id.
        game_id: u64,
        /// Moves I have.
        ply: u32,
        /// My public position hash at that ply.
        hash: String,
    },
    /// I am leaving the session.
    Bye,
    /// Handshake: asks a playing peer to let me watch its game (观战). Padded like a
    /// challenge; answered by `accept` or `decline`.
    Watch {
        /// The spectator's fresh nonce.
        nonce: Nonce,
        /// The spectator's nickname.
        name: String,
        /// Bytes of padding (`.`), to make the datagram full size.
        padding: usize,
    },
    /// To a spectator: the game being played now (sent when it starts, and first to a
    /// spectator who joins mid-game).
    Game {
        /// The game's name, e.g. `junqi`.
        game: String,
        /// Its id.
        game_id: u64,
        /// The seat that moves first.
        first: u8,
        /// The players' nicknames, seat 0 first (two to four).
        names: Vec<String>,
    },
    /// To a spectator: a move as everyone may know it.
    Played {
        /// Its ply.
        ply: u32,
        /// Who moved.
        seat: u8,
        /// The move in the absolute frame.
        mv: String,
        /// The battle outcome from the mover's side (`win`, `lose`, `both`, `flag`,
        /// `flag-both`), if it was one.
        outcome: Option<String>,
    },
    /// To a spectator: the position as everyone may see it, after the latest move (Junqi:
    /// JNF with every piece hidden but a revealed flag; Xiangqi: FEN).
    Board {
        /// The position's text.
        position: String,
    },
    /// To a spectator: the move of `ply` was taken back.
    Undone {
        /// Its ply.
        ply: u32,
    },
    /// To a spectator: a player's chat line.
    Said {
        /// Who wrote it.
        seat: u8,
        /// What.
        text: String,
    },
    /// To a spectator: the game ended.
    Ended {
        /// `south`, `north`, `red`, `black` or `draw`.
        winner: String,
        /// Why.
        reason: String,
        /// The head of the player's transcript chain.
        head: [u8; 32],
    },
    /// To a spectator: the post-game audit is done: its verdict, the side caught lying, if
    /// any, and both deployments (absolute JNF of the start).
    Audited {
        /// Nothing was wrong.
        ok: bool,
        /// The side caught lying.
        cheater: Option<String>,
        /// Every piece of both deployments.
        start: String,
    },
    /// Table of more than two, from the peer that opened it to each other seat when the
    /// table is full: a new game, everyone at it with their keys, and the receiver's seat.
    Seats {
        /// The game and its settings, e.g. `gomoku:freestyle:15x15:3:5`.
        game: String,
        /// Game id.
        game_id: u64,
        /// The seat that moves first.
        first: u8,
        /// The receiver's seat.
        seat: u8,
        /// Every seat's public key and nickname, seat 0 (the opener) first; 3 or 4 seats.
        players: Vec<([u8; 32], String)>,
    },
    /// Table of more than two: a game message signed by the seat that wrote it, so that
    /// every seat can check it whoever relayed it (see [`crate::protocol::relay`]).
    From {
        /// The author's seat.
        seat: u8,
        /// The author's count of the messages it signed in this game, from 1.
        n: u32,
        /// The author's ed25519 signature.
        signature: [u8; 64],
        /// The game message, as the author wrote it (parse it with [`Message::parse`]).
        payload: String,
    },
    /// Table of more than two, from a player (inside its own `from`): its word on a `from`
    /// it took, the author's seat, count, signature and payload as they reached it. The
    /// opener relays it to everyone: a message the opener relayed differently to two
    /// seats, or withheld from one, is caught with the author's signatures as proof.
    Echo {
        /// The author's seat.
        seat: u8,
        /// The author's count.
        n: u32,
        /// The author's signature.
        signature: [u8; 64],
        /// The message as it reached the echoing seat.
        payload: String,
    },
    /// Table of more than two: the sender leaves the game, which goes on without it
    /// (its clock ran out: `time`).
    Out {
        /// Why, as an ending reason's word.
        reason: String,
    },
    /// Table of more than two, from the opener only: the player in `seat` left the table
    /// (said goodbye, or stayed silent too long: `left the table`; sent the opener what
    /// does not check: `opponent broke the rules`); the game goes on without it.
    Gone {
        /// The seat that left.
        seat: u8,
        /// Why, as an ending reason's word (`left the table` when the message has none).
        reason: String,
    },
    /// Presence: are you still there? (Outside sessions; padded so no answer is larger.)
    Ping {
        /// A fresh nonce, echoed by the answer.
        nonce: Nonce,
        /// Bytes of padding (`.`).
        padding: usize,
    },
    /// Presence: yes, and this is what I am doing.
    Pong {
        /// The ping's nonce.
        nonce: Nonce,
        /// `idle` or `playing`.
        status: String,
    },
}

/// The three answers of a negotiation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    /// Ask / offer.
    Ask,
    /// Accept.
    Yes,
    /// Refuse.
    No,
}

/// Game and move time limits, in seconds; 0 means unlimited.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Total time per side (局时).
    pub game_secs: u32,
    /// Time per move (步时).
    pub move_secs: u32,
}

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.game_secs, self.move_secs)
    }
}

impl FromStr for Clock {
    type Err = PayloadError;

    fn from_str(s: &str) -> Result<Clock, PayloadError> {
        let (g, m) = s
            .split_once('+')
            .ok_or_else(|| PayloadError::arg("clock", s))?;
        Ok(Clock {
            game_secs: number("clock", g)?,
            move_secs: number("clock", m)?,
        })
    }
}

/// Why a payload is not a valid message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PayloadError {
    /// Not UTF-8.
    #[error("payload is not UTF-8")]
    Utf8,
    /// An unknown command.
    #[error("unknown command '{0}'")]
    Command(String),
    /// The wrong number of arguments.
    #[error("'{cmd}' takes {expected} arguments, got {got}")]
    Arity {
        /// The command.
        cmd: &'static str,
        /// How many it takes.
        expected: usize,
        /// How many came.
        got: usize,
    },
    /// An argument that does not parse.
    #[error("bad {field}: '{value}'")]
    Arg {
        /// Which argument.
        field: &'static str,
        /// Its text (shortened).
        value: String,
    },
}

impl PayloadError {
    fn arg(field: &'static str, value: &str) -> PayloadError {
        PayloadError::Arg {
            field,
            value: value.chars().take(40).collect(),
        }
    }
}

fn number<T: FromStr>(field: &'static str, s: &str) -> Result<T, PayloadError> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || (s.len() > 1 && s.starts_with('0'))
    {
        return Err(PayloadError::arg(field, s));
    }
    s.parse().map_err(|_| PayloadError::arg(field, s))
}

/// A seat at a table of `count` seats (up to four).
fn big_seat(s: &str, count: usize) -> Result<u8, PayloadError> {
    match s.parse::<u8>() {
        Ok(n) if s.len() == 1 && (n as usize) < count => Ok(n),
        _ => Err(PayloadError::arg("seat", s)),
    }
}

fn hex_id(field: &'static str, s: &str) -> Result<u64, PayloadError> {
    if s.len() != 16 || !s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err(PayloadError::arg(field, s));
    }
    u64::from_str_radix(s, 16).map_err(|_| PayloadError::arg(field, s))
}

fn nonce(s: &str) -> Result<Nonce, PayloadError> {
    let bad = || PayloadError::arg("nonce", s);
    if s.len() != 32 || !s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err(bad());
    }
    let mut out = [0u8; 16];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).map_err(|_| bad())?;
    }
    Ok(out)
}

/// Exactly `len` bytes as lower-case hex, kept as text.
fn hex_text(field: &'static str, s: &str, len: usize) -> Result<String, PayloadError> {
    if s.len() != 2 * len || !s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        return Err(PayloadError::arg(field, s));
    }
    Ok(s.to_string())
}

/// Exactly `N` bytes as lower-case hex.
fn bytes<const N: usize>(field: &'static str, s: &str) -> Result<[u8; N], PayloadError> {
    let text = hex_text(field, s, N)?;
    let mut out = [0u8; N];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&text[2 * i..2 * i + 2], 16).expect("checked hex");
    }
    Ok(out)
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn text(field: &'static str, s: &str, max: usize) -> Result<String, PayloadError> {
    let t = unescape(s).ok_or_else(|| PayloadError::arg(field, s))?;
    if t.chars().count() > max {
        return Err(PayloadError::arg(field, s));
    }
    Ok(shown(&t))
}

/// Whether a character may not reach a screen, a file or a terminal from a peer's words:
/// control characters (C0, C1: terminal escapes, line breaks), the line and paragraph
/// separators, and the marks and overrides that reorder text (so that a name cannot pose
/// as another, or a chat line hide what it says).
pub fn unshowable(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'
                | '\u{2029}'
                | '\u{202A}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// A peer's text as it may be shown: a line break becomes a space, and the other
/// characters of [`unshowable`] are left out.
pub fn shown(text: &str) -> String {
    text.chars()
        .filter_map(|c| match c {
            '\n' | '\r' | '\u{0085}' | '\u{2028}' | '\u{2029}' => Some(' '),
            c if unshowable(c) => None,
            c => Some(c),
        })
        .collect()
}

/// Escapes `%`, `|` and control characters as `%XX`.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c == '%' || c == '|' || c.is_control() {
            let mut buf = [0u8; 4];
            for b in c.encode_utf8(&mut buf).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// Reverses [`escape`]; `None` for a bad escape, or a raw control character.
pub fn unescape(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'%' => {
                let hex = s.get(i + 1..i + 3)?;
                if !hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'A'..=b'F')) {
                    return None;
                }
                out.push(u8::from_str_radix(hex, 16).ok()?);
                i += 3;
            }
            b if b < 0x20 || b == 0x7f => return None,
            b => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Challenge {
                nonce,
                name,
                game,
                clock,
                resume,
                padding,
            } => {
                let resume = resume.map_or("-".to_string(), |id| format!("{id:016x}"));
                write!(
                    f,
                    "challenge|{}|{}|{}|{clock}|{resume}|{}",
                    hex(nonce),
                    escape(name),
                    escape(game),
                    ".".repeat(*padding)
                )
            }
            Message::Accept {
                nonce,
                reply,
                name,
                seats,
            } => {
                write!(f, "accept|{}|{}|{}", hex(nonce), hex(reply), escape(name))?;
                match seats {
                    3 | 4 => write!(f, "|{seats}"),
                    _ => Ok(()),
                }
            }
            Message::Decline { nonce, reason } => {
                write!(f, "decline|{}|{}", hex(nonce), escape(reason))
            }
            Message::Busy { nonce } => write!(f, "busy|{}", hex(nonce)),
            Message::Start { game_id, first } => write!(f, "start|{game_id:016x}|{first}"),
            Message::Commit { commitments } => write!(f, "commit|{commitments}"),
            Message::Offer { ply, point } => write!(f, "offer|{ply}|{}", hex(point)),
            Message::Choose { ply, point } => write!(f, "choose|{ply}|{}", hex(point)),
            Message::Table { ply, entries } => write!(f, "table|{ply}|{}", hex(entries)),
            Message::Outcome {
                ply,
                outcome,
                token,
                flag,
            } => {
                write!(f, "outcome|{ply}|{}|{}", escape(outcome), hex(token))?;
                match flag {
                    Some((cell, salt)) => write!(f, "|{}|{}", escape(cell), hex(salt)),
                    None => Ok(()),
                }
            }
            Message::Flag { ply, cell, salt } => {
                write!(f, "flag|{ply}|{}|{}", escape(cell), hex(salt))
            }
            Message::Open { kinds, salts } => write!(f, "open|{}|{salts}", escape(kinds)),
            Message::Move {
                ply,
                mv,
                hash,
                clock_ms,
            } => {
                write!(f, "move|{ply}|{}|{}|{clock_ms}", escape(mv), escape(hash))
            }
            Message::Undo { verb, ply } => write!(f, "undo|{}|{ply}", verb_word(*verb)),
            Message::Draw { verb } => write!(f, "draw|{}", verb_word(*verb)),
            Message::Resign => f.write_str("resign"),
            Message::Over { winner, reason } => {
                write!(f, "over|{}|{}", escape(winner), escape(reason))
            }
            Message::Reset => f.write_str("reset"),
            Message::Chat { text } => write!(f, "chat|{}", escape(text)),
            Message::Sync { game_id, ply, hash } => {
                write!(f, "sync|{game_id:016x}|{ply}|{}", escape(hash))
            }
            Message::Bye => f.write_str("bye"),
            Message::Watch {
                nonce,
                name,
                padding,
            } => write!(
                f,
                "watch|{}|{}|{}",
                hex(nonce),
                escape(name),
                ".".repeat(*padding)
            ),
            Message::Game {
                game,
                game_id,
                first,
                names,
            } => {
                write!(f, "game|{}|{game_id:016x}|{first}", escape(game))?;
                for name in names {
                    write!(f, "|{}", escape(name))?;
                }
                Ok(())
            }
            Message::Played {
                ply,
                seat,
                mv,
                outcome,
            } => write!(
                f,
                "played|{ply}|{seat}|{}|{}",
                escape(mv),
                outcome.as_deref().map_or("-".to_string(), escape)
            ),
            Message::Undone { ply } => write!(f, "undone|{ply}"),
            Message::Board { position } => write!(f, "board|{}", escape(position)),
            Message::Said { seat, text } => write!(f, "said|{seat}|{}", escape(text)),
            Message::Ended {
                winner,
                reason,
                head,
            } => write!(
                f,
                "ended|{}|{}|{}",
                escape(winner),
                escape(reason),
                hex(head)
            ),
            Message::Audited { ok, cheater, start } => write!(
                f,
                "audited|{}|{}|{}",
                if *ok { "ok" } else { "failed" },
                cheater.as_deref().map_or("-".to_string(), escape),
                escape(start)
            ),
            Message::Ping { nonce, padding } => {
                write!(f, "ping|{}|{}", hex(nonce), ".".repeat(*padding))
            }
            Message::Pong { nonce, status } => write!(f, "pong|{}|{}", hex(nonce), escape(status)),
            Message::Seats {
                game,
                game_id,
                first,
                seat,
                players,
            } => {
                write!(f, "seats|{}|{game_id:016x}|{first}|{seat}", escape(game))?;
                for (key, name) in players {
                    write!(f, "|{}|{}", hex(key), escape(name))?;
                }
                Ok(())
            }
            Message::From {
                seat,
                n,
                signature,
                payload,
            } => write!(f, "from|{seat}|{n}|{}|{}", hex(signature), escape(payload)),
            Message::Echo {
                seat,
                n,
                signature,
                payload,
            } => write!(f, "echo|{seat}|{n}|{}|{}", hex(signature), escape(payload)),
            Message::Out { reason } => write!(f, "out|{}", escape(reason)),
            // The reason is written only when it is not the one a bare `gone` means.
            Message::Gone { seat, reason } if reason == LEFT_TABLE => write!(f, "gone|{seat}"),
            Message::Gone { seat, reason } => write!(f, "gone|{seat}|{}", escape(reason)),
        }
    }
}

fn verb_word(v: Verb) -> &'static str {
    match v {
        Verb::Ask => "ask",
        Verb::Yes => "yes",
        Verb::No => "no",
    }
}

fn verb(s: &str) -> Result<Verb, PayloadError> {
    match s {
        "ask" => Ok(Verb::Ask),
        "yes" => Ok(Verb::Yes),
        "no" => Ok(Verb::No),
        _ => Err(PayloadError::arg("verb", s)),
    }
}

fn word(field: &'static str, s: &str, max: usize) -> Result<String, PayloadError> {
    let ok =
        !s.is_empty() && s.len() <= max && s.bytes().all(|b| b.is_ascii_graphic() && b != b'|');
    if ok {
        Ok(s.to_string())
    } else {
        Err(PayloadError::arg(field, s))
    }
}

impl Message {
    /// Parses a payload strictly: known command, exact arity, every argument checked.
    pub fn parse(payload: &[u8]) -> Result<Message, PayloadError> {
        let payload = std::str::from_utf8(payload).map_err(|_| PayloadError::Utf8)?;
        let mut parts = payload.split('|');
        let cmd = parts.next().unwrap_or("");
        let args: Vec<&str> = parts.collect();
        let arity = |cmd: &'static str, n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(PayloadError::Arity {
                    cmd,
                    expected: n,
                    got: args.len(),
                })
            }
        };
        Ok(match cmd {
            "challenge" => {
                arity("challenge", 6)?;
                let resume = match args[4] {
                    "-" => None,
                    id => Some(hex_id("game id", id)?),
                };
                if !args[5].bytes().all(|b| b == b'.') {
                    return Err(PayloadError::arg("padding", args[5]));
                }
                Message::Challenge {
                    nonce: nonce(args[0])?,
                    name: text("name", args[1], MAX_NAME)?,
                    game: word("game", args[2], 32)?,
                    clock: args[3].parse()?,
                    resume,
                    padding: args[5].len(),
                }
            }
            "accept" => {
                if args.len() != 4 {
                    arity("accept", 3)?;
                }
                let seats = match args.get(3) {
                    None => 2,
                    Some(&"3") => 3,
                    Some(&"4") => 4,
                    Some(other) => return Err(PayloadError::arg("seats", other)),
                };
                Message::Accept {
                    nonce: nonce(args[0])?,
                    reply: nonce(args[1])?,
                    name: text("name", args[2], MAX_NAME)?,
                    seats,
                }
            }
            "decline" => {
                arity("decline", 2)?;
                Message::Decline {
                    nonce: nonce(args[0])?,
                    reason: text("reason", args[1], 200)?,
                }
            }
            "busy" => {
                arity("busy", 1)?;
                Message::Busy {
                    nonce: nonce(args[0])?,
                }
            }
            "start" => {
                arity("start", 2)?;
                let first = number("first seat", args[1])?;
                if first > 1 {
                    return Err(PayloadError::arg("first seat", args[1]));
                }
                Message::Start {
                    game_id: hex_id("game id", args[0])?,
                    first,
                }
            }
            "commit" => {
                arity("commit", 1)?;
                Message::Commit {
                    commitments: hex_text("commitments", args[0], 32 * 25)?,
                }
            }
            "offer" => {
                arity("offer", 2)?;
                Message::Offer {
                    ply: number("ply", args[0])?,
                    point: bytes("point", args[1])?,
                }
            }
            "choose" => {
                arity("choose", 2)?;
                Message::Choose {
                    ply: number("ply", args[0])?,
                    point: bytes("point", args[1])?,
                }
            }
            "table" => {
                arity("table", 2)?;
                let entries = hex_text("table", args[1], 12 * 17)?;
                Message::Table {
                    ply: number("ply", args[0])?,
                    entries: (0..entries.len())
                        .step_by(2)
                        .map(|i| u8::from_str_radix(&entries[i..i + 2], 16).expect("hex"))
                        .collect(),
                }
            }
            "outcome" => {
                if args.len() != 3 && args.len() != 5 {
                    return Err(PayloadError::Arity {
                        cmd: "outcome",
                        expected: 3,
                        got: args.len(),
                    });
                }
                let flag = match args.len() {
                    5 => Some((word("cell", args[3], 3)?, bytes("salt", args[4])?)),
                    _ => None,
                };
                Message::Outcome {
                    ply: number("ply", args[0])?,
                    outcome: word("outcome", args[1], 9)?,
                    token: bytes("token", args[2])?,
                    flag,
                }
            }
            "flag" => {
                arity("flag", 3)?;
                Message::Flag {
                    ply: number("ply", args[0])?,
                    cell: word("cell", args[1], 3)?,
                    salt: bytes("salt", args[2])?,
                }
            }
            "open" => {
                arity("open", 2)?;
                Message::Open {
                    kinds: word("kinds", args[0], 25)?,
                    salts: hex_text("salts", args[1], 16 * 25)?,
                }
            }
            "move" => {
                arity("move", 4)?;
                Message::Move {
                    ply: number("ply", args[0])?,
                    mv: word("move", args[1], MAX_MOVE)?,
                    hash: word("hash", args[2], 64)?,
                    clock_ms: number("clock", args[3])?,
                }
            }
            "undo" => {
                arity("undo", 2)?;
                Message::Undo {
                    verb: verb(args[0])?,
                    ply: number("ply", args[1])?,
                }
            }
            "draw" => {
                arity("draw", 1)?;
                Message::Draw {
                    verb: verb(args[0])?,
                }
            }
            "resign" => {
                arity("resign", 0)?;
                Message::Resign
            }
            "over" => {
                arity("over", 2)?;
                Message::Over {
                    winner: word("winner", args[0], 8)?,
                    reason: text("reason", args[1], 100)?,
                }
            }
            "reset" => {
                arity("reset", 0)?;
                Message::Reset
            }
            "chat" => {
                arity("chat", 1)?;
                Message::Chat {
                    text: text("chat", args[0], MAX_CHAT)?,
                }
            }
            "sync" => {
                arity("sync", 3)?;
                Message::Sync {
                    game_id: hex_id("game id", args[0])?,
                    ply: number("ply", args[1])?,
                    hash: word("hash", args[2], 64)?,
                }
            }
            "bye" => {
                arity("bye", 0)?;
                Message::Bye
            }
            "watch" => {
                arity("watch", 3)?;
                if !args[2].bytes().all(|b| b == b'.') {
                    return Err(PayloadError::arg("padding", args[2]));
                }
                Message::Watch {
                    nonce: nonce(args[0])?,
                    name: text("name", args[1], MAX_NAME)?,
                    padding: args[2].len(),
                }
            }
            "game" => {
                if !(5..=7).contains(&args.len()) {
                    arity("game", 5)?;
                }
                Message::Game {
                    game: word("game", args[0], 32)?,
                    game_id: hex_id("game id", args[1])?,
                    first: big_seat(args[2], args.len() - 3)?,
                    names: args[3..]
                        .iter()
                        .map(|n| text("name", n, MAX_NAME))
                        .collect::<Result<_, _>>()?,
                }
            }
            "played" => {
                arity("played", 4)?;
                Message::Played {
                    ply: number("ply", args[0])?,
                    seat: big_seat(args[1], 4)?,
                    mv: word("move", args[2], MAX_MOVE)?,
                    outcome: match args[3] {
                        "-" => None,
                        o => Some(word("outcome", o, 16)?),
                    },
                }
            }
            "board" => {
                arity("board", 1)?;
                Message::Board {
                    position: text("position", args[0], 300)?,
                }
            }
            "undone" => {
                arity("undone", 1)?;
                Message::Undone {
                    ply: number("ply", args[0])?,
                }
            }
            "said" => {
                arity("said", 2)?;
                Message::Said {
                    seat: big_seat(args[0], 4)?,
                    text: text("chat", args[1], MAX_CHAT)?,
                }
            }
            "ended" => {
                arity("ended", 3)?;
                Message::Ended {
                    winner: word("winner", args[0], 8)?,
                    reason: text("reason", args[1], 100)?,
                    head: bytes("head", args[2])?,
                }
            }
            "audited" => {
                arity("audited", 3)?;
                Message::Audited {
                    ok: match args[0] {
                        "ok" => true,
                        "failed" => false,
                        other => return Err(PayloadError::arg("verdict", other)),
                    },
                    cheater: match args[1] {
                        "-" => None,
                        c => Some(word("side", c, 8)?),
                    },
                    start: text("start", args[2], 300)?,
                }
            }
            "ping" => {
                arity("ping", 2)?;
                if !args[1].bytes().all(|b| b == b'.') {
                    return Err(PayloadError::arg("padding", args[1]));
                }
                Message::Ping {
                    nonce: nonce(args[0])?,
                    padding: args[1].len(),
                }
            }
            "pong" => {
                arity("pong", 2)?;
                Message::Pong {
                    nonce: nonce(args[0])?,
                    status: word("status", args[1], 16)?,
                }
            }
            "seats" => {
                if !matches!(args.len(), 10 | 12) {
                    return Err(PayloadError::Arity {
                        cmd: "seats",
                        expected: 10,
                        got: args.len(),
                    });
                }
                let count = (args.len() - 4) / 2;
                let first = big_seat(args[2], count)?;
                let seat = big_seat(args[3], count)?;
                let players = args[4..]
                    .chunks(2)
                    .map(|p| Ok((bytes("key", p[0])?, text("name", p[1], MAX_NAME)?)))
                    .collect::<Result<Vec<_>, PayloadError>>()?;
                Message::Seats {
                    game: word("game", args[0], 32)?,
                    game_id: hex_id("game id", args[1])?,
                    first,
                    seat,
                    players,
                }
            }
            "from" => {
                arity("from", 4)?;
                let payload = unescape(args[3])
                    .filter(|p| p.len() <= MAX_SIGNED)
                    .ok_or_else(|| PayloadError::arg("payload", args[3]))?;
                Message::From {
                    seat: big_seat(args[0], 4)?,
                    n: number("count", args[1])?,
                    signature: bytes("signature", args[2])?,
                    payload,
                }
            }
            "echo" => {
                arity("echo", 4)?;
                let payload = unescape(args[3])
                    .filter(|p| p.len() <= MAX_SIGNED)
                    .ok_or_else(|| PayloadError::arg("payload", args[3]))?;
                Message::Echo {
                    seat: big_seat(args[0], 4)?,
                    n: number("count", args[1])?,
                    signature: bytes("signature", args[2])?,
                    payload,
                }
            }
            "gone" => {
                if args.len() != 2 {
                    arity("gone", 1)?;
                }
                Message::Gone {
                    seat: big_seat(args[0], 4)?,
                    reason: match args.get(1) {
                        Some(reason) => text("reason", reason, 100)?,
                        None => LEFT_TABLE.to_string(),
                    },
                }
            }
            "out" => {
                arity("out", 1)?;
                Message::Out {
                    reason: text("reason", args[0], 100)?,
                }
            }
            other => return Err(PayloadError::Command(other.chars().take(20).collect())),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<Message> {
        vec![
            Message::Challenge {
                nonce: [7; 16],
                name: "Wang | 王".into(),
                game: "junqi".into(),
                clock: Clock {
                    game_secs: 600,
                    move_secs: 30,
                },
                resume: Some(0xdead_beef),
                padding: 12,
            },
            Message::Challenge {
                nonce: [0; 16],
                name: "a".into(),
                game: "junqi".into(),
                clock: Clock::default(),
                resume: None,
                padding: 0,
            },
            Message::Accept {
                nonce: [1; 16],
                reply: [2; 16],
                name: "Li".into(),
                seats: 2,
            },
            Message::Accept {
                nonce: [1; 16],
                reply: [2; 16],
                name: "Li".into(),
                seats: 4,
            },
            Message::Decline {
                nonce: [1; 16],
                reason: "not now, 100%".into(),
            },
            Message::Busy { nonce: [3; 16] },
            Message::Watch {
                nonce: [4; 16],
                name: "观众 | 1".into(),
                padding: 20,
            },
            Message::Game {
                game: "xiangqi".into(),
                game_id: 0xfeed,
                first: 1,
                names: vec!["Wang".into(), "Li | 李".into()],
            },
            Message::Played {
                ply: 7,
                seat: 1,
                mv: "e7-e6".into(),
                outcome: Some("flag-both".into()),
            },
            Message::Played {
                ply: 1,
                seat: 0,
                mv: "h2e2".into(),
                outcome: None,
            },
            Message::Undone { ply: 7 },
            Message::Board {
                position: "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1"
                    .into(),
            },
            Message::Said {
                seat: 0,
                text: "好棋 | 100%".into(),
            },
            Message::Ended {
                winner: "draw".into(),
                reason: "no battle in 31 plies".into(),
                head: [0xab; 32],
            },
            Message::Audited {
                ok: false,
                cheater: Some("north".into()),
                start: "hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf w".into(),
            },
            Message::Audited {
                ok: true,
                cheater: None,
                start: String::new(),
            },
            Message::Seats {
                game: "gomoku:caro:9x9:3:4".into(),
                game_id: 0xabc,
                first: 0,
                seat: 2,
                players: vec![
                    ([1; 32], "Wang".into()),
                    ([2; 32], "Li | 李".into()),
                    ([3; 32], "Zhao".into()),
                ],
            },
            Message::From {
                seat: 3,
                n: 12,
                signature: [9; 64],
                payload: "chat|50%25 | half".into(),
            },
            Message::Echo {
                seat: 3,
                n: 7,
                signature: [9; 64],
                payload: "chat|50%25 | half".into(),
            },
            Message::Out {
                reason: "time".into(),
            },
            Message::Gone {
                seat: 2,
                reason: LEFT_TABLE.into(),
            },
            Message::Gone {
                seat: 3,
                reason: "opponent broke the rules".into(),
            },
            Message::Start {
                game_id: 42,
                first: 1,
            },
            Message::Commit {
                commitments: "ab".repeat(800),
            },
            Message::Offer {
                ply: 3,
                point: [9; 32],
            },
            Message::Choose {
                ply: 3,
                point: [8; 32],
            },
            Message::Table {
                ply: 3,
                entries: (0..204).map(|i| i as u8).collect(),
            },
            Message::Outcome {
                ply: 3,
                outcome: "flag-both".into(),
                token: [7; 16],
                flag: None,
            },
            Message::Outcome {
                ply: 4,
                outcome: "lose".into(),
                token: [7; 16],
                flag: Some(("b1".into(), [6; 16])),
            },
            Message::Flag {
                ply: 5,
                cell: "d1".into(),
                salt: [5; 16],
            },
            Message::Open {
                kinds: "abcdefghijklabcdefghijkla".into(),
                salts: "0f".repeat(400),
            },
            Message::Move {
                ply: 12,
                mv: "a5-a6".into(),
                hash: "00ff".into(),
                clock_ms: 59_000,
            },
            Message::Undo {
                verb: Verb::Ask,
                ply: 12,
            },
            Message::Draw { verb: Verb::No },
            Message::Resign,
            Message::Over {
                winner: "south".into(),
                reason: "flag lost".into(),
            },
            Message::Reset,
            Message::Chat {
                // Escaped on the wire: `|` and `%` (a line break would be cleaned).
                text: "好棋! line two | 50% off".into(),
            },
            Message::Sync {
                game_id: 1,
                ply: 0,
                hash: "ab".into(),
            },
            Message::Bye,
            Message::Ping {
                nonce: [4; 16],
                padding: 30,
            },
            Message::Pong {
                nonce: [4; 16],
                status: "idle".into(),
            },
        ]
    }

    #[test]
    fn every_message_round_trips_through_its_text() {
        for m in every_kind() {
            let text = m.to_string();
            assert!(!text.contains('\n'), "{text}");
            assert_eq!(Message::parse(text.as_bytes()).unwrap(), m, "{text}");
        }
    }

    #[test]
    fn the_text_is_the_source_designs_cmd_args_form() {
        let m = Message::Move {
            ply: 3,
            mv: "a5-a6".into(),
            hash: "ab12".into(),
            clock_ms: 0,
        };
        assert_eq!(m.to_string(), "move|3|a5-a6|ab12|0");
        assert_eq!(
            Message::Chat {
                text: "a|b%".into()
            }
            .to_string(),
            "chat|a%7Cb%25"
        );
    }

    #[test]
    fn bad_payloads_are_named() {
        let err = |s: &[u8]| Message::parse(s).unwrap_err().to_string();
        assert_eq!(err(b"\xff\xfe"), "payload is not UTF-8");
        assert_eq!(err(b"teleport|a1"), "unknown command 'teleport'");
        assert_eq!(err(b"move|1|a5-a6"), "'move' takes 4 arguments, got 2");
        assert_eq!(err(b"move|01|a5-a6|ab|0"), "bad ply: '01'");
        assert_eq!(err(b"move|-1|a5-a6|ab|0"), "bad ply: '-1'");
        assert_eq!(
            err(b"move|99999999999|a5-a6|ab|0"),
            "bad ply: '99999999999'"
        );
        assert_eq!(err(b"chat|bad%zz"), "bad chat: 'bad%zz'");
        assert_eq!(err(b"chat|raw\nnewline"), "bad chat: 'raw\nnewline'");
        let long = format!("chat|{}", "x".repeat(MAX_CHAT + 1));
        assert!(err(long.as_bytes()).starts_with("bad chat"));
        assert_eq!(err(b"start|0000000000000001|2"), "bad first seat: '2'");
        assert_eq!(err(b"accept|00|11|x"), "bad nonce: '00'");
        assert_eq!(err(b""), "unknown command ''");
        assert_eq!(err(b"commit|abc"), "bad commitments: 'abc'");
        assert_eq!(err(b"offer|1|00"), "bad point: '00'");
        assert_eq!(err(b"table|1|00"), "bad table: '00'");
        assert_eq!(err(b"outcome|1|win"), "'outcome' takes 3 arguments, got 2");
        assert!(err(format!("choose|1|{}", "AB".repeat(32)).as_bytes()).starts_with("bad point"));
        assert_eq!(err(b"resign|now"), "'resign' takes 0 arguments, got 1");
    }

    /// The watching messages' test vectors in PROTOCOL.md §8.13, exactly.
    #[test]
    fn the_watching_test_vectors_of_protocol_md() {
        let vectors = [
            (
                Message::Game {
                    game: "junqi".into(),
                    game_id: 0x1234_5678_9abc_def1,
                    first: 1,
                    names: vec!["Alice".into(), "Bob | 李".into()],
                },
                "game|junqi|123456789abcdef1|1|Alice|Bob %7C 李",
            ),
            (
                Message::Played {
                    ply: 12,
                    seat: 1,
                    mv: "e7-e6".into(),
                    outcome: Some("flag-both".into()),
                },
                "played|12|1|e7-e6|flag-both",
            ),
            (
                Message::Played {
                    ply: 1,
                    seat: 0,
                    mv: "h2e2".into(),
                    outcome: None,
                },
                "played|1|0|h2e2|-",
            ),
            (
                Message::Board {
                    position:
                        "xxxxx/xxxxx/x1x1x/xx1xx/x1x1x/xxxxx/XXXXX/X1X1X/XX1XX/X1X1X/XXXXX/XXXXX s 0 0"
                            .into(),
                },
                "board|xxxxx/xxxxx/x1x1x/xx1xx/x1x1x/xxxxx/XXXXX/X1X1X/XX1XX/X1X1X/XXXXX/XXXXX s 0 0",
            ),
            (Message::Undone { ply: 12 }, "undone|12"),
            (
                Message::Said {
                    seat: 0,
                    text: "好棋".into(),
                },
                "said|0|好棋",
            ),
            (
                Message::Ended {
                    winner: "north".into(),
                    reason: "flag lost".into(),
                    head: [0x0f; 32],
                },
                "ended|north|flag lost|0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f",
            ),
            (
                Message::Audited {
                    ok: true,
                    cheater: None,
                    start: "fjgli/hkjkj/b1a1g/dc1cd/e1i1e/hifgh/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 0 0"
                        .into(),
                },
                "audited|ok|-|fjgli/hkjkj/b1a1g/dc1cd/e1i1e/hifgh/HGFIH/E1I1E/DC1CD/G1A1B/JKJKH/ILGJF s 0 0",
            ),
        ];
        for (message, text) in vectors {
            assert_eq!(message.to_string(), text);
            assert_eq!(Message::parse(text.as_bytes()), Ok(message));
        }
        let watch = Message::Watch {
            nonce: [0xab; 16],
            name: "Carol".into(),
            padding: 3,
        };
        assert_eq!(
            watch.to_string(),
            "watch|abababababababababababababababab|Carol|..."
        );
    }

    /// Names and chat from a peer reach no screen, file or terminal with characters that
    /// break lines, drive a terminal or reorder text (#19: a name posing as another).
    #[test]
    fn a_peers_words_lose_controls_line_breaks_and_bidi_overrides() {
        let chat = Message::parse("chat|evil%E2%80%AEtxt.exe%0Anext%C2%85line".as_bytes());
        assert_eq!(
            chat,
            Ok(Message::Chat {
                text: "eviltxt.exe next line".into()
            })
        );
        let accept = Message::parse(
            format!(
                "accept|{}|{}|Bob%E2%80%A8%E2%81%A6Alice",
                "00".repeat(16),
                "11".repeat(16)
            )
            .as_bytes(),
        );
        assert!(matches!(accept, Ok(Message::Accept { name, .. }) if name == "Bob Alice"));
        // What people write stays as it was: CJK, emoji, spaces, punctuation.
        let kept = "好棋 | 100% 👍 «ok»";
        let back = Message::parse(Message::Chat { text: kept.into() }.to_string().as_bytes());
        assert_eq!(back, Ok(Message::Chat { text: kept.into() }));
    }
}
