//! `lanqi engine xiangqi` driven as a GUI drives it: the real binary over stdin/stdout, in
//! UCI and UCCI, through a short game whose every move is checked against the rules; and
//! the same binary used as an external opponent through `engine::xiangqi::external` (matches
//! against Fairy-Stockfish are `lanqi xiangqi match`, tested in `tests/xiangqi_match.rs`).

use std::io::Write;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Duration;

#[path = "support/deadline.rs"]
mod deadline;
use deadline::Lines;

use lanqi::engine::xiangqi::external::{External, Go, Protocol};
use lanqi::rules::xiangqi::{Game, Move, Position};

struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: Lines,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_lanqi"))
            .args(["engine", "xiangqi"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("start lanqi engine xiangqi");
        let stdin = child.stdin.take().unwrap();
        let stdout = Lines::new(child.stdout.take().unwrap());
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Lines up to and including the first that starts with `word`.
    fn until(&mut self, word: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let line = self.stdout.next(word);
            let Some(line) = line else {
                panic!("the engine closed its output before {word}: {lines:?}");
            };
            let line = line.trim_end().to_string();
            let done = line.split_whitespace().next() == Some(word);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn best_move(&mut self) -> String {
        let lines = self.until("bestmove");
        lines
            .last()
            .unwrap()
            .split_whitespace()
            .nth(1)
            .unwrap()
            .to_string()
    }

    fn quit(mut self) {
        self.send("quit");
        let seen = self.stdout.seen.join("\n");
        let status = deadline::wait(&mut self.child, "lanqi engine xiangqi", &|| seen.clone());
        assert!(status.success());
    }
}

impl Drop for Engine {
    /// A test that fails midway leaves no engine running behind it.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_short_game_over_uci() {
    let mut engine = Engine::start();
    engine.send("uci");
    let hello = engine.until("uciok");
    assert!(
        hello.iter().any(|l| l.starts_with("id name lanqi")),
        "{hello:?}"
    );
    engine.send("setoption name Hash value 4");
    engine.send("ucinewgame");
    engine.send("isready");
    engine.until("readyok");
    let mut game = Game::new(Position::start());
    let mut played: Vec<String> = Vec::new();
    for ply in 0..12 {
        if game.outcome().is_some() {
            break;
        }
        let moves = if played.is_empty() {
            String::new()
        } else {
            format!(" moves {}", played.join(" "))
        };
        engine.send(&format!("position startpos{moves}"));
        // Depth-limited searches keep the test independent of the machine's speed; searches
        // by time and by clock show those paths work too.
        engine.send(match ply {
            3 => "go movetime 50",
            5 => "go wtime 3000 btime 3000 winc 0 binc 0 movestogo 40",
            _ => "go depth 2",
        });
        let text = engine.best_move();
        let mv: Move = text.parse().unwrap_or_else(|e| panic!("ply {ply}: {e}"));
        game.play(mv)
            .unwrap_or_else(|e| panic!("ply {ply}: {text}: {e}"));
        played.push(text);
    }
    assert!(played.len() >= 6, "{played:?}");
    // A FEN position, an infinite search and a stop.
    engine.send("position fen 4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1");
    engine.send("go infinite");
    engine.send("isready");
    engine.until("readyok");
    engine.send("stop");
    assert_eq!(engine.best_move(), "a0a9");
    // Bad input is reported, not fatal.
    engine.send("position fen nonsense");
    engine.send("isready");
    let lines = engine.until("readyok");
    assert!(lines[0].starts_with("info string bad FEN"), "{lines:?}");
    engine.quit();
}

#[test]
fn ucci_handshake_and_bye() {
    let mut engine = Engine::start();
    engine.send("ucci");
    let hello = engine.until("ucciok");
    assert!(
        hello.iter().any(|l| l.starts_with("option hashsize")),
        "{hello:?}"
    );
    engine.send("setoption level easy");
    engine.send("position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 moves h2e2");
    engine.send("go time 2000 increment 0");
    let reply = engine.best_move();
    let after = Position::start().play("h2e2".parse().unwrap()).unwrap();
    assert!(after.is_legal(reply.parse().unwrap()), "{reply}");
    engine.send("quit");
    assert_eq!(engine.until("bye").last().unwrap(), "bye");
    let seen = engine.stdout.seen.join("\n");
    let status = deadline::wait(&mut engine.child, "lanqi engine xiangqi", &|| seen.clone());
    assert!(status.success());
}

#[test]
fn our_engine_as_an_external_opponent() {
    let mut opponent = External::spawn_with(
        env!("CARGO_BIN_EXE_lanqi"),
        &["engine", "xiangqi"],
        Protocol::Uci,
    )
    .expect("start the engine");
    assert!(
        opponent
            .name
            .as_deref()
            .unwrap()
            .starts_with("lanqi-xiangqi")
    );
    opponent.new_game().unwrap();
    let start = Position::start();
    let mut game = Game::new(start.clone());
    for _ in 0..4 {
        let mv = opponent
            .best_move(
                &start,
                game.moves(),
                Go {
                    movetime: Some(Duration::from_millis(30)),
                    ..Go::default()
                },
            )
            .expect("a legal move");
        game.play(mv).unwrap();
    }
    assert_eq!(game.moves().len(), 4);
}
