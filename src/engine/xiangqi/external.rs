//! An external Xiangqi engine as a player: a process spoken to in UCI or UCCI.
//!
//! UCI engines (Pikafish, Fairy-Stockfish, `lanqi engine xiangqi`) and UCCI engines
//! (ElephantEye and its kin) are started with their arguments, handshaken, and asked for
//! one move at a time with the whole game so far (`position fen <start> moves …`). Moves
//! are ICCS with ranks 0..9, except Fairy-Stockfish's UCI mode, which numbers ranks 1..10:
//! an engine whose `id name` says Fairy-Stockfish gets `UCI_Variant xiangqi` and has its
//! ranks shifted both ways. Every answer is checked against the rules before it is used.
//!
//! [`installed`] finds the engines installed on this machine (known names on the `PATH`
//! and in `/usr/games`), and [`probe`] checks a program is one: it exists, is executable,
//! and answers `uci` or `ucci` in time ([`EngineInfo`]).

use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::rules::xiangqi::{Move, Position, Square};

/// The protocol an external engine speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// UCI (`uci` … `uciok`, `go movetime`).
    Uci,
    /// UCCI (`ucci` … `ucciok`, `go time … movestogo 1`).
    Ucci,
}

/// The game clocks at a move, in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Red's time left.
    pub red: u64,
    /// Black's time left.
    pub black: u64,
    /// Added after each move.
    pub increment: u64,
}

/// How long one move may take: game clocks, a time, a depth or a number of nodes (the
/// first given wins, in that order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The clocks (the engine manages its own time).
    pub clock: Option<Clock>,
    /// Think this long.
    pub movetime: Option<Duration>,
    /// Search to this depth.
    pub depth: Option<u32>,
    /// Search about this many nodes.
    pub nodes: Option<u64>,
}

/// What went wrong with an external engine.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    /// The process could not be started, read or written.
    #[error("engine i/o: {0}")]
    Io(#[from] std::io::Error),
    /// The engine closed its output.
    #[error("the engine exited")]
    Closed,
    /// The engine did not answer in time.
    #[error("the engine did not answer {0} in time")]
    Timeout(&'static str),
    /// The engine answered something that is not a legal move.
    #[error("the engine answered {0:?}, not a legal move")]
    BadMove(String),
    /// The command line was empty.
    #[error("no program given")]
    NoProgram,
}

/// An external engine found to answer: where it is, its protocol and its name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct EngineInfo {
    /// The program.
    pub path: PathBuf,
    /// The protocol it answered.
    pub protocol: Protocol,
    /// Its `id name` (the file's name if it gave none).
    pub name: String,
}

impl EngineInfo {
    /// Starts it for a game.
    pub fn start(&self) -> Result<External, ExternalError> {
        External::spawn_with(&self.path, &[] as &[&str], self.protocol)
    }
}

/// Program names of Xiangqi engines looked for on the `PATH` (and in `/usr/games`).
pub const KNOWN_ENGINES: &[&str] = &[
    "pikafish",
    "fairy-stockfish",
    "fairy-stockfish-largeboard",
    "eleeye",
    "elephanteye",
];

/// How long a probed program has to answer `uci` (then `ucci`).
pub const PROBE_WAIT: Duration = Duration::from_secs(3);

/// The known engines installed here: each [`KNOWN_ENGINES`] name found first in a `PATH`
/// directory or `/usr/games`, as an executable file (not yet probed).
pub fn installed() -> Vec<PathBuf> {
    let mut dirs: Vec<PathBuf> = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).collect())
        .unwrap_or_default();
    dirs.push(PathBuf::from("/usr/games"));
    let mut found: Vec<PathBuf> = Vec::new();
    for name in KNOWN_ENGINES {
        let Some(path) = dirs
            .iter()
            .map(|d| d.join(name))
            .find(|p| check_file(p).is_ok())
        else {
            continue;
        };
        let real = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        let seen = found
            .iter()
            .any(|f| std::fs::canonicalize(f).unwrap_or_else(|_| f.clone()) == real);
        if !seen {
            found.push(path);
        }
    }
    found
}

/// Why a program is not taken as a Xiangqi engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProbeError {
    /// Nothing at that path.
    #[error("no such file")]
    NotFound,
    /// A folder.
    #[error("a folder, not a program")]
    Folder,
    /// A file without execute permission.
    #[error("not executable")]
    NotExecutable,
    /// The system could not run it (the reason).
    #[error("it could not be started: {0}")]
    Start(String),
    /// It ran, but never completed the UCI or the UCCI handshake (what happened last).
    #[error("it did not answer uci or ucci within 3 s ({0})")]
    NoAnswer(String),
}

/// Whether `path` is a file this user may run.
pub fn check_file(path: &Path) -> Result<(), ProbeError> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => ProbeError::NotFound,
        _ => ProbeError::Start(e.to_string()),
    })?;
    if meta.is_dir() {
        return Err(ProbeError::Folder);
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return Err(ProbeError::NotExecutable);
        }
    }
    Ok(())
}

/// Checks that `path` is a Xiangqi engine: it exists, is executable, and completes the UCI
/// handshake (or else the UCCI one) within [`PROBE_WAIT`].
pub fn probe(path: &Path) -> Result<EngineInfo, ProbeError> {
    check_file(path)?;
    let mut last = String::new();
    for protocol in [Protocol::Uci, Protocol::Ucci] {
        match External::spawn_waiting(path, &[] as &[&str], protocol, PROBE_WAIT) {
            Ok(engine) => {
                let name = engine.name.clone().unwrap_or_else(|| {
                    path.file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default()
                });
                return Ok(EngineInfo {
                    path: path.to_path_buf(),
                    protocol,
                    name,
                });
            }
            Err(ExternalError::Io(e)) => return Err(ProbeError::Start(e.to_string())),
            Err(e) => last = e.to_string(),
        }
    }
    Err(ProbeError::NoAnswer(last))
}

/// A running external engine.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    protocol: Protocol,
    ranks_from_one: bool,
    /// The engine's `id name`, if it gave one.
    pub name: Option<String>,
}

const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long past its time (or at all, for a depth or node limit) an answer may take.
const GRACE: Duration = Duration::from_secs(60);

impl External {
    /// Starts `command` (a program and its arguments, split at whitespace) and completes
    /// the handshake.
    pub fn spawn(command: &str, protocol: Protocol) -> Result<External, ExternalError> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or(ExternalError::NoProgram)?;
        let args: Vec<&str> = words.collect();
        External::spawn_with(program, &args, protocol)
    }

    /// Starts `program` with `args` and completes the handshake.
    pub fn spawn_with<S: AsRef<OsStr>>(
        program: impl AsRef<OsStr>,
        args: &[S],
        protocol: Protocol,
    ) -> Result<External, ExternalError> {
        External::spawn_waiting(program, args, protocol, HANDSHAKE)
    }

    /// Starts `program` with `args` and completes the handshake, each answer within
    /// `wait`.
    fn spawn_waiting<S: AsRef<OsStr>>(
        program: impl AsRef<OsStr>,
        args: &[S],
        protocol: Protocol,
        wait: Duration,
    ) -> Result<External, ExternalError> {
        let (child, stdin, lines) = crate::engine::child::spawn_lines(program, args)?;
        let mut engine = External {
            child,
            stdin,
            lines,
            protocol,
            ranks_from_one: false,
            name: None,
        };
        let (hello, ok) = match protocol {
            Protocol::Uci => ("uci", "uciok"),
            Protocol::Ucci => ("ucci", "ucciok"),
        };
        engine.send(hello)?;
        let mut name = None;
        engine.wait_for(ok, wait, |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.trim().to_string());
            }
        })?;
        let fairy = name
            .as_deref()
            .is_some_and(|n| n.to_ascii_lowercase().contains("fairy-stockfish"));
        engine.name = name;
        if fairy && protocol == Protocol::Uci {
            engine.ranks_from_one = true;
            engine.send("setoption name UCI_Variant value xiangqi")?;
        }
        engine.ready_within(wait)?;
        Ok(engine)
    }

    /// Whether the engine numbers ranks 1..10 (Fairy-Stockfish in UCI mode).
    pub fn ranks_from_one(&self) -> bool {
        self.ranks_from_one
    }

    fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        let sent = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        match sent {
            // Its end of the pipe is closed: it has exited.
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(ExternalError::Closed),
            other => Ok(other?),
        }
    }

    /// Reads lines until one starts with one of `words`; returns that line.
    fn wait_for_any(
        &mut self,
        words: &[&'static str],
        timeout: Duration,
        mut each: impl FnMut(&str),
    ) -> Result<String, ExternalError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let first = line.split_whitespace().next().unwrap_or("");
                    if words.contains(&first) {
                        return Ok(line);
                    }
                    each(&line);
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(ExternalError::Timeout(words.first().copied().unwrap_or("")));
                }
                Err(RecvTimeoutError::Disconnected) => return Err(ExternalError::Closed),
            }
        }
    }

    fn wait_for(
        &mut self,
        word: &'static str,
        timeout: Duration,
        each: impl FnMut(&str),
    ) -> Result<String, ExternalError> {
        self.wait_for_any(&[word], timeout, each)
    }

    fn ready(&mut self) -> Result<(), ExternalError> {
        self.ready_within(HANDSHAKE)
    }

    fn ready_within(&mut self, wait: Duration) -> Result<(), ExternalError> {
        self.send("isready")?;
        self.wait_for("readyok", wait, |_| {})?;
        Ok(())
    }

    /// Tells the engine a new game starts (UCI's `ucinewgame`; UCCI has none).
    pub fn new_game(&mut self) -> Result<(), ExternalError> {
        if self.protocol == Protocol::Uci {
            self.send("ucinewgame")?;
        }
        self.ready()
    }

    /// A move in the engine's notation.
    pub fn move_text(&self, mv: Move) -> String {
        if !self.ranks_from_one {
            return mv.to_string();
        }
        format!(
            "{}{}{}{}",
            (b'a' + mv.from.file()) as char,
            mv.from.rank() + 1,
            (b'a' + mv.to.file()) as char,
            mv.to.rank() + 1
        )
    }

    /// A move in the engine's notation, read back.
    pub fn parse_move(&self, text: &str) -> Option<Move> {
        if !self.ranks_from_one {
            return text.parse().ok();
        }
        // Ranks 1..10: a file letter, then one or two digits, twice.
        let bytes = text.as_bytes();
        let split = bytes.iter().skip(1).position(|b| b.is_ascii_alphabetic())? + 1;
        let square = |s: &str| -> Option<Square> {
            let file = s.as_bytes().first()?.checked_sub(b'a')?;
            let rank: u8 = s.get(1..)?.parse().ok()?;
            Square::new(file, rank.checked_sub(1)?)
        };
        Some(Move::new(square(&text[..split])?, square(&text[split..])?))
    }

    /// Asks for a move in the position reached from `start` by `moves`, within `go`; the
    /// answer is checked against the rules.
    pub fn best_move(
        &mut self,
        start: &Position,
        moves: &[Move],
        go: Go,
    ) -> Result<Move, ExternalError> {
        let mut position = start.clone();
        for &mv in moves {
            position = position
                .play(mv)
                .map_err(|e| ExternalError::BadMove(e.to_string()))?;
        }
        let mut command = format!("position fen {start}");
        if !moves.is_empty() {
            command += " moves";
            for &mv in moves {
                command += " ";
                command += &self.move_text(mv);
            }
        }
        self.send(&command)?;
        let ours = |c: Clock| match position.side_to_move() {
            crate::rules::xiangqi::Side::Red => c.red,
            crate::rules::xiangqi::Side::Black => c.black,
        };
        let (line, wait) = match (go.movetime, go.depth, go.nodes) {
            _ if go.clock.is_some() => {
                let c = go.clock.unwrap_or_default();
                let line = match self.protocol {
                    Protocol::Uci => format!(
                        "go wtime {} btime {} winc {} binc {}",
                        c.red, c.black, c.increment, c.increment
                    ),
                    Protocol::Ucci => format!("go time {} increment {}", ours(c), c.increment),
                };
                (line, Duration::from_millis(ours(c)) + GRACE)
            }
            (Some(t), _, _) => {
                let ms = t.as_millis().max(1);
                let line = match self.protocol {
                    Protocol::Uci => format!("go movetime {ms}"),
                    Protocol::Ucci => format!("go time {ms} movestogo 1"),
                };
                (line, t + GRACE)
            }
            (None, Some(d), _) => (format!("go depth {d}"), GRACE * 10),
            (None, None, Some(n)) => (format!("go nodes {n}"), GRACE * 10),
            (None, None, None) => (format!("go depth {}", 8), GRACE * 10),
        };
        self.send(&line)?;
        let answer = self.wait_for_any(&["bestmove", "nobestmove"], wait, |_| {})?;
        let text = answer.split_whitespace().nth(1).unwrap_or("").to_string();
        if answer.starts_with("nobestmove") {
            return Err(ExternalError::BadMove("nobestmove".into()));
        }
        match self.parse_move(&text) {
            Some(mv) if position.is_legal(mv) => Ok(mv),
            _ => Err(ExternalError::BadMove(text)),
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(2);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
