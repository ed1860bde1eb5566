//! An external UCI engine as an opponent: start the process, handshake, ask for moves.
//!
//! Works with any engine that speaks UCI with Xiangqi moves: Pikafish and lanqi's own
//! `lanqi engine xiangqi` write ranks 0..9; Fairy-Stockfish in UCI mode writes ranks 1..10
//! (set [`UciOptions::ranks_from_one`] and `variant` = `xiangqi` for it). Every move the
//! engine answers is checked against the rules before it is returned.

use std::ffi::OsStr;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use crate::rules::xiangqi::{Move, Position};

/// How to talk to the engine.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct UciOptions {
    /// Sent as `setoption name UCI_Variant value …` after the handshake (Fairy-Stockfish).
    pub variant: Option<String>,
    /// The engine numbers ranks 1..10 instead of 0..9.
    pub ranks_from_one: bool,
    /// Other `setoption` pairs, sent after the handshake.
    pub options: Vec<(String, String)>,
}

/// What went wrong with the external engine.
#[derive(Debug, thiserror::Error)]
pub enum UciError {
    /// The process could not be started or written to.
    #[error("engine I/O: {0}")]
    Io(#[from] std::io::Error),
    /// The engine closed its output.
    #[error("the engine exited")]
    Closed,
    /// The engine did not answer in time.
    #[error("the engine did not answer {0} in time")]
    Timeout(&'static str),
    /// The engine answered a move that is not legal (or not a move).
    #[error("the engine answered {0:?}, not a legal move")]
    BadMove(String),
}

/// A running external engine.
pub struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    options: UciOptions,
    /// The engine's `id name`, if it gave one.
    pub name: Option<String>,
}

const HANDSHAKE: Duration = Duration::from_secs(10);

impl UciEngine {
    /// Starts `program` with `args` and completes the UCI handshake.
    pub fn spawn<S: AsRef<OsStr>>(
        program: impl AsRef<OsStr>,
        args: &[S],
        options: UciOptions,
    ) -> Result<UciEngine, UciError> {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take().ok_or(UciError::Closed)?;
        let stdout = child.stdout.take().ok_or(UciError::Closed)?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = UciEngine {
            child,
            stdin,
            lines,
            options,
            name: None,
        };
        engine.send("uci")?;
        let mut name = None;
        engine.wait_for("uciok", HANDSHAKE, |line| {
            if let Some(n) = line.strip_prefix("id name ") {
                name = Some(n.to_string());
            }
        })?;
        engine.name = name;
        if let Some(variant) = engine.options.variant.clone() {
            engine.send(&format!("setoption name UCI_Variant value {variant}"))?;
        }
        for (name, value) in engine.options.options.clone() {
            engine.send(&format!("setoption name {name} value {value}"))?;
        }
        engine.ready()?;
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), UciError> {
        writeln!(self.stdin, "{line}")?;
        self.stdin.flush()?;
        Ok(())
    }

    /// Reads lines until one starts with `word`; returns that line.
    fn wait_for(
        &mut self,
        word: &'static str,
        timeout: Duration,
        mut each: impl FnMut(&str),
    ) -> Result<String, UciError> {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    if line.split_whitespace().next() == Some(word) {
                        return Ok(line);
                    }
                    each(&line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(UciError::Timeout(word)),
                Err(RecvTimeoutError::Disconnected) => return Err(UciError::Closed),
            }
        }
    }

    fn ready(&mut self) -> Result<(), UciError> {
        self.send("isready")?;
        self.wait_for("readyok", HANDSHAKE, |_| {})?;
        Ok(())
    }

    /// Tells the engine a new game starts.
    pub fn new_game(&mut self) -> Result<(), UciError> {
        self.send("ucinewgame")?;
        self.ready()
    }

    fn move_text(&self, mv: Move) -> String {
        if !self.options.ranks_from_one {
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

    fn parse_move(&self, text: &str) -> Option<Move> {
        if !self.options.ranks_from_one {
            return text.parse().ok();
        }
        // Ranks 1..10: a file letter, then one or two digits, twice.
        let bytes = text.as_bytes();
        let split = bytes.iter().skip(1).position(|b| b.is_ascii_alphabetic())? + 1;
        let square = |s: &str| -> Option<crate::rules::xiangqi::Square> {
            let file = s.as_bytes().first()?.checked_sub(b'a')?;
            let rank: u8 = s.get(1..)?.parse().ok()?;
            crate::rules::xiangqi::Square::new(file, rank.checked_sub(1)?)
        };
        Some(Move::new(square(&text[..split])?, square(&text[split..])?))
    }

    /// Asks for a move in the position reached from `start` by `moves`, thinking for
    /// `movetime`; the answer is checked against the rules.
    pub fn best_move(
        &mut self,
        start: &Position,
        moves: &[Move],
        movetime: Duration,
    ) -> Result<Move, UciError> {
        let mut position = start.clone();
        for &mv in moves {
            position = position
                .play(mv)
                .map_err(|e| UciError::BadMove(e.to_string()))?;
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
        self.send(&format!("go movetime {}", movetime.as_millis().max(1)))?;
        let line = self.wait_for("bestmove", movetime + HANDSHAKE, |_| {})?;
        let text = line.split_whitespace().nth(1).unwrap_or("").to_string();
        match self.parse_move(&text) {
            Some(mv) if position.is_legal(mv) => Ok(mv),
            _ => Err(UciError::BadMove(text)),
        }
    }
}

impl Drop for UciEngine {
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
