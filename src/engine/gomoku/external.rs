//! An outside Gomoku engine as a player: a Gomocup (Piskvork) `pbrain` program spoken to
//! on its standard input and output.
//!
//! A game starts with `START N` (or `RECTSTART W,H`) and the `INFO` lines for the time a
//! move, the rule set and an unlimited match; each move is asked for with `BEGIN` (empty
//! board), `TURN X,Y` (the opponent's last move, when the engine knows the rest) or `BOARD`
//! (the whole game, `1` the engine's stones, `2` the opponent's). Before each request the
//! engine is sent `ABOUT` and its answer awaited (again if none comes): some engines (Rapfi)
//! print their move before they are ready for the next command and drop a command sent in
//! that gap. Coordinates are 0-based, `X` the column from the left and `Y` the row from
//! the top. Every answer is checked against the rules before it is used.

use std::io::Write;
use std::process::{Child, ChildStdin};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::rules::gomoku::{Game, Point, Rule, Settings};

/// What went wrong with an outside engine.
#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    /// The process could not be started, read or written.
    #[error("engine i/o: {0}")]
    Io(#[from] std::io::Error),
    /// The engine closed its output (it crashed or quit).
    #[error("the engine exited")]
    Closed,
    /// The engine did not answer in time.
    #[error("the engine did not answer {0} in time")]
    Timeout(&'static str),
    /// The engine answered `ERROR …` or `UNKNOWN …`.
    #[error("the engine refused: {0:?}")]
    Refused(String),
    /// The engine answered a point that is off the board or not legal.
    #[error("the engine answered {0:?}, not a legal move")]
    BadMove(String),
    /// The command line was empty.
    #[error("no program given")]
    NoProgram,
}

/// How long the engine has to answer `ABOUT` when it starts.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// How long past its time a move may take before the engine is given up as hung.
const GRACE: Duration = Duration::from_secs(30);
/// How long to wait for `ABOUT`'s answer before asking again.
const ABOUT_AGAIN: Duration = Duration::from_millis(250);

/// A running outside engine.
pub struct External {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// The game as the engine knows it (points in order), if it is in one.
    known: Option<Vec<Point>>,
    settings: Settings,
    /// The engine's name from its `ABOUT` answer, if it gave one.
    pub name: Option<String>,
}

impl External {
    /// Starts `command` (a program and its arguments, split at whitespace) and waits for
    /// its answer to `ABOUT`.
    pub fn spawn(command: &str) -> Result<External, ExternalError> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or(ExternalError::NoProgram)?;
        let (child, stdin, lines) = crate::engine::child::spawn_lines(program, words)?;
        let mut engine = External {
            child,
            stdin,
            lines,
            known: None,
            settings: Settings::default(),
            name: None,
        };
        let about = engine.about(HANDSHAKE)?;
        engine.name = name_of(&about);
        Ok(engine)
    }

    fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        let sent = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush());
        match sent {
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(ExternalError::Closed),
            other => Ok(other?),
        }
    }

    /// The next line before `deadline`.
    fn line(&mut self, deadline: Instant, what: &'static str) -> Result<String, ExternalError> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(line.trim().to_string()),
            Err(RecvTimeoutError::Timeout) => Err(ExternalError::Timeout(what)),
            Err(RecvTimeoutError::Disconnected) => Err(ExternalError::Closed),
        }
    }

    /// Sends `ABOUT` (again each [`ABOUT_AGAIN`]) until it is answered, within `wait`:
    /// the answer. Lines before it are passed over.
    fn about(&mut self, wait: Duration) -> Result<String, ExternalError> {
        let deadline = Instant::now() + wait;
        loop {
            self.send("ABOUT")?;
            let again = (Instant::now() + ABOUT_AGAIN).min(deadline);
            loop {
                match self.line(again, "ABOUT") {
                    Ok(line) if line.contains("name=") || line.contains("name =") => {
                        return Ok(line);
                    }
                    Ok(_) => {}
                    Err(ExternalError::Timeout(w)) if Instant::now() >= deadline => {
                        return Err(ExternalError::Timeout(w));
                    }
                    Err(ExternalError::Timeout(_)) => break,
                    Err(e) => return Err(e),
                }
            }
        }
    }

    /// Starts a game with `settings` (two seats, five in a row): `START`, then the time a
    /// move (`turn_ms`), an unlimited match, the rule set and, with `nodes`, a node budget
    /// a move (`INFO MAX_NODE`, the Yixin board's extension: Rapfi and lanqi stop there).
    pub fn new_game(
        &mut self,
        settings: Settings,
        turn_ms: u64,
        nodes: Option<u64>,
    ) -> Result<(), ExternalError> {
        self.about(HANDSHAKE)?;
        let (w, h) = (settings.size.width(), settings.size.height());
        if w == h {
            self.send(&format!("START {w}"))?;
        } else {
            self.send(&format!("RECTSTART {w},{h}"))?;
        }
        let deadline = Instant::now() + HANDSHAKE;
        loop {
            let line = self.line(deadline, "START")?;
            if line.eq_ignore_ascii_case("OK") {
                break;
            }
            if is_refusal(&line) {
                return Err(ExternalError::Refused(line));
            }
        }
        let rule = match settings.rule {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
        };
        for info in [
            format!("INFO timeout_turn {turn_ms}"),
            "INFO timeout_match 1000000000".to_string(),
            "INFO time_left 1000000000".to_string(),
            "INFO max_memory 0".to_string(),
            "INFO game_type 1".to_string(),
            format!("INFO rule {rule}"),
        ] {
            self.send(&info)?;
        }
        if let Some(n) = nodes {
            self.send(&format!("INFO MAX_NODE {n}"))?;
        }
        self.settings = settings;
        self.known = Some(Vec::new());
        Ok(())
    }

    /// Waits until the engine answers `ABOUT`: it is then ready for the next command.
    pub fn ready(&mut self) -> Result<(), ExternalError> {
        self.about(HANDSHAKE).map(|_| ())
    }

    /// The engine's move in `game` (its seat is the one to move), asked for with at most
    /// `turn` to think; waits up to `turn` and a grace period for the answer. The answer
    /// is checked against the rules. Call [`External::ready`] first.
    pub fn best_move(&mut self, game: &Game, turn: Duration) -> Result<Point, ExternalError> {
        let played: Vec<Point> = game.moves().iter().map(|m| m.point).collect();
        let known = self.known.take().unwrap_or_default();
        if played.is_empty() {
            self.send("BEGIN")?;
        } else if played.len() == known.len() + 1 && played.starts_with(&known) {
            let last = self.text(played[played.len() - 1]);
            self.send(&format!("TURN {last}"))?;
        } else {
            self.send("BOARD")?;
            let mover_parity = played.len() % 2;
            for (i, &p) in played.iter().enumerate() {
                let field = if i % 2 == mover_parity { 1 } else { 2 };
                let line = format!("{},{field}", self.text(p));
                self.send(&line)?;
            }
            self.send("DONE")?;
        }
        let deadline = Instant::now() + turn + GRACE;
        loop {
            let line = self.line(deadline, "its move")?;
            if is_refusal(&line) {
                return Err(ExternalError::Refused(line));
            }
            let Some((x, y)) = parse_pair(&line) else {
                continue;
            };
            let point = self
                .point_at(x, y)
                .ok_or_else(|| ExternalError::BadMove(line.clone()))?;
            if game.check(point).is_err() {
                return Err(ExternalError::BadMove(line));
            }
            let mut now = played;
            now.push(point);
            self.known = Some(now);
            return Ok(point);
        }
    }

    fn text(&self, p: Point) -> String {
        format!(
            "{},{}",
            p.file(),
            self.settings.size.height() - 1 - p.rank()
        )
    }

    fn point_at(&self, x: i64, y: i64) -> Option<Point> {
        let size = self.settings.size;
        if !(0..i64::from(size.width())).contains(&x) || !(0..i64::from(size.height())).contains(&y)
        {
            return None;
        }
        Point::new(x as u8, size.height() - 1 - y as u8)
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("END");
        let deadline = Instant::now() + Duration::from_millis(500);
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

fn is_refusal(line: &str) -> bool {
    let first = line.split_whitespace().next().unwrap_or("");
    first.eq_ignore_ascii_case("ERROR") || first.eq_ignore_ascii_case("UNKNOWN")
}

/// `X,Y` as two numbers; `None` for any other line.
fn parse_pair(line: &str) -> Option<(i64, i64)> {
    let (x, y) = line.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

/// The `name="…"` of an `ABOUT` answer.
fn name_of(about: &str) -> Option<String> {
    let rest = &about[about.find("name")? + 4..];
    let rest = rest.trim_start().strip_prefix('=')?.trim_start();
    let rest = rest.strip_prefix('"')?;
    Some(rest[..rest.find('"')?].to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn about_answers_give_the_name() {
        assert_eq!(
            name_of(r#"name="Rapfi", version="0.43", author="x""#).as_deref(),
            Some("Rapfi")
        );
        assert_eq!(name_of("name=unquoted"), None);
        assert_eq!(parse_pair("7, 8"), Some((7, 8)));
        assert_eq!(parse_pair("MESSAGE 7,8"), None);
        assert!(is_refusal("ERROR bad") && is_refusal("UNKNOWN X") && !is_refusal("7,7"));
    }
}
