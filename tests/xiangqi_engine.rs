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
#[path = "support/temp_dir.rs"]
mod temp_dir;

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

#[test]
fn the_opening_book_answers_at_once_unless_switched_off() {
    let mut engine = Engine::start();
    engine.send("uci");
    let hello = engine.until("uciok");
    assert!(
        hello
            .iter()
            .any(|l| l == "option name OwnBook type check default true"),
        "{hello:?}"
    );
    // From the start, a book move, said to be one, with no search.
    engine.send("position startpos");
    engine.send("go depth 20");
    let lines = engine.until("bestmove");
    assert_eq!(lines[0], "info string book move", "{lines:?}");
    let book: Move = lines[1].split_whitespace().nth(1).unwrap().parse().unwrap();
    let start = Position::start();
    assert!(
        lanqi::engine::xiangqi::book::Book::standard()
            .moves(&start)
            .iter()
            .any(|(m, _)| *m == book),
        "{book} is not a book move"
    );
    // Each new game draws its book moves again: over 30 games, more than one first move.
    let mut firsts = std::collections::HashSet::new();
    for _ in 0..30 {
        engine.send("ucinewgame");
        engine.send("position startpos");
        engine.send("go movetime 1000");
        firsts.insert(engine.best_move());
    }
    assert!(firsts.len() > 1, "always {firsts:?}");
    // Switched off: it searches.
    engine.send("setoption name OwnBook value false");
    engine.send("position startpos");
    engine.send("go depth 2");
    let lines = engine.until("bestmove");
    assert!(lines[0].starts_with("info depth 1 "), "{lines:?}");
    engine.quit();
}

#[test]
fn programs_that_are_not_engines_are_refused_with_the_reason() {
    use lanqi::engine::xiangqi::external::{ProbeError, probe};
    use std::os::unix::fs::PermissionsExt;
    let temp = temp_dir::TempDir::new("probe");
    let dir = &temp.0;
    assert_eq!(probe(&dir.join("nothing")), Err(ProbeError::NotFound));
    assert_eq!(probe(dir), Err(ProbeError::Folder));
    let text = dir.join("notes.txt");
    std::fs::write(&text, "hello").unwrap();
    assert_eq!(probe(&text), Err(ProbeError::NotExecutable));
    // A program that runs, but is no engine: it exits at once.
    let quits = dir.join("quits");
    std::fs::write(&quits, "#!/bin/sh\nexit 0\n").unwrap();
    std::fs::set_permissions(&quits, std::fs::Permissions::from_mode(0o755)).unwrap();
    let e = probe(&quits).unwrap_err();
    assert_eq!(e, ProbeError::NoAnswer("the engine exited".into()));
    assert_eq!(
        e.to_string(),
        "it did not answer uci or ucci within 3 s (the engine exited)"
    );
}

#[test]
fn fairy_stockfish_is_found_installed_and_speaks_uci() {
    use lanqi::engine::xiangqi::external::{Protocol, installed, probe};
    let path = std::path::Path::new("/usr/games/fairy-stockfish");
    if !path.exists() {
        eprintln!(
            "skipped: {} is not installed (apt-get install fairy-stockfish)",
            path.display()
        );
        return;
    }
    let found = installed();
    assert!(
        found.iter().any(|p| p.ends_with("fairy-stockfish")),
        "{found:?}"
    );
    let engine = probe(path).unwrap();
    assert_eq!(engine.protocol, Protocol::Uci);
    assert!(
        engine.name.starts_with("Fairy-Stockfish"),
        "{}",
        engine.name
    );
}
