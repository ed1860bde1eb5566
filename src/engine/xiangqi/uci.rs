//! `lanqi engine xiangqi`: the engine on stdin/stdout, speaking UCI, or UCCI when the first
//! command is `ucci`, so other Xiangqi GUIs can use it.
//!
//! Understood: `uci` / `ucci`, `isready`, `ucinewgame`, `setoption` (UCI: `name Hash value
//! <MB>`, `name Level value easy|medium|hard`, `name OwnBook value true|false`; UCCI:
//! `hashsize <MB>`, `level <name>`, `usebook true|false`),
//! `position startpos|fen <FEN> [moves <ICCS>…]`, `go` with `movetime`, `depth`, `nodes`,
//! `infinite`, `wtime`/`btime`/`winc`/`binc`/`movestogo` (UCI) or `time`/`increment`/
//! `movestogo` (UCCI, milliseconds), `stop` and `quit`. A `go` with no limit thinks for the
//! level's time. A position in the opening book ([`super::book`]) is answered at once with
//! a book move (chosen by weight, differently in each game) unless the book is switched off
//! (`OwnBook`, or `LANQI_XIANGQI_OFF=book` in the environment) or the search is `infinite`.
//! Moves are ICCS with ranks 0..9 in both protocols, as Pikafish writes them.
//! Bad input gets an `info string` line and is otherwise ignored.

use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use super::Level;
use super::search::{Info, Limits, MATE, Searcher, clock_limits};
use crate::rules::xiangqi::{Move, Position, Side};

/// Which protocol the front end speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (the default).
    Uci,
    /// UCCI, after a first `ucci`.
    Ucci,
}

type Output = Arc<Mutex<Box<dyn Write + Send>>>;

fn say(out: &Output, line: &str) {
    let mut w = out.lock().unwrap_or_else(|e| e.into_inner());
    let _ = writeln!(w, "{line}");
    let _ = w.flush();
}

struct Engine {
    out: Output,
    protocol: Protocol,
    level: Level,
    hash_mb: usize,
    searcher: Option<Searcher>,
    running: Option<JoinHandle<Searcher>>,
    /// Whether the running search waits for `stop`.
    infinite: bool,
    stop: Arc<AtomicBool>,
    position: Position,
    history: Vec<Position>,
    /// Whether positions in the opening book are answered from it.
    own_book: bool,
    /// Varies the book moves from game to game (drawn again at each `ucinewgame`).
    book_seed: u64,
}

/// Runs the engine loop until `quit` or the end of `input`, writing to `output`.
pub fn run(input: impl BufRead, output: impl Write + Send + 'static) -> io::Result<()> {
    let searcher = Searcher::new(16);
    let stop = searcher.stop_flag();
    let mut engine = Engine {
        out: Arc::new(Mutex::new(Box::new(output))),
        protocol: Protocol::Uci,
        level: Level::Hard,
        hash_mb: 16,
        searcher: Some(searcher),
        running: None,
        infinite: false,
        stop,
        position: Position::start(),
        history: Vec::new(),
        own_book: !super::search::switched_off("book"),
        book_seed: rand::random(),
    };
    for line in input.lines() {
        let line = line?;
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else {
            continue;
        };
        match command {
            "uci" => engine.hello(Protocol::Uci),
            "ucci" => engine.hello(Protocol::Ucci),
            "isready" => say(&engine.out, "readyok"),
            "ucinewgame" => {
                engine.finish(true);
                // Each game its own book choices.
                engine.book_seed = rand::random();
                if let Some(s) = engine.searcher.as_mut() {
                    s.clear();
                }
            }
            "setoption" => engine.set_option(args),
            "position" => {
                engine.finish(true);
                if let Err(e) = engine.set_position(args) {
                    say(&engine.out, &format!("info string {e}"));
                }
            }
            "go" => engine.go(args),
            "stop" => engine.finish(true),
            "quit" => {
                engine.finish(true);
                if engine.protocol == Protocol::Ucci {
                    say(&engine.out, "bye");
                }
                return Ok(());
            }
            "banmoves" | "ponderhit" | "probe" => {}
            other => say(
                &engine.out,
                &format!("info string unknown command {:?}", clip(other)),
            ),
        }
    }
    // The end of input: let a timed search finish, stop one that would wait forever.
    let infinite = engine.infinite;
    engine.finish(infinite);
    Ok(())
}

fn clip(text: &str) -> String {
    text.chars().take(32).collect()
}

impl Engine {
    fn hello(&mut self, protocol: Protocol) {
        self.protocol = protocol;
        let name = concat!("lanqi-xiangqi ", env!("CARGO_PKG_VERSION"));
        let lines: Vec<String> = match protocol {
            Protocol::Uci => vec![
                format!("id name {name}"),
                "id author the lanqi developers".into(),
                "option name Hash type spin default 16 min 1 max 1024".into(),
                "option name Level type combo default hard var easy var medium var hard".into(),
                format!("option name OwnBook type check default {}", self.own_book),
                "uciok".into(),
            ],
            Protocol::Ucci => vec![
                format!("id name {name}"),
                "id author the lanqi developers".into(),
                "option hashsize type spin min 1 max 1024 default 16".into(),
                "option level type combo var easy var medium var hard default hard".into(),
                format!("option usebook type check default {}", self.own_book),
                "ucciok".into(),
            ],
        };
        for line in lines {
            say(&self.out, &line);
        }
    }

    fn set_option(&mut self, args: &[&str]) {
        // UCI: name <id…> value <x…>; UCCI: <id> <x…>.
        let (name, value) = if args.first() == Some(&"name") {
            let at = args
                .iter()
                .position(|&w| w == "value")
                .unwrap_or(args.len());
            (
                args[1..at].join(" "),
                args.get(at + 1..).unwrap_or(&[]).join(" "),
            )
        } else {
            (
                args.first().copied().unwrap_or("").to_string(),
                args.get(1..).unwrap_or(&[]).join(" "),
            )
        };
        match name.to_ascii_lowercase().as_str() {
            "hash" | "hashsize" => match value.parse::<usize>() {
                Ok(mb) if (1..=1024).contains(&mb) => {
                    self.finish(true);
                    self.hash_mb = mb;
                    let searcher = Searcher::new(mb);
                    self.stop = searcher.stop_flag();
                    self.searcher = Some(searcher);
                }
                _ => say(&self.out, "info string Hash must be 1 to 1024 (MB)"),
            },
            "ownbook" | "usebook" => match value.to_ascii_lowercase().as_str() {
                "true" | "on" => self.own_book = true,
                "false" | "off" => self.own_book = false,
                _ => say(&self.out, "info string OwnBook must be true or false"),
            },
            "level" => match value.parse::<Level>() {
                Ok(level) => self.level = level,
                Err(e) => say(&self.out, &format!("info string {e}")),
            },
            _ => say(
                &self.out,
                &format!("info string unknown option {:?}", clip(&name)),
            ),
        }
    }

    fn set_position(&mut self, args: &[&str]) -> Result<(), String> {
        let moves_at = args
            .iter()
            .position(|&w| w == "moves")
            .unwrap_or(args.len());
        let start: Position = match args.first() {
            Some(&"startpos") if moves_at == 1 => Position::start(),
            Some(&"fen") => args[1..moves_at]
                .join(" ")
                .parse()
                .map_err(|e| format!("bad FEN: {e}"))?,
            _ => return Err("expected position startpos|fen <FEN> [moves …]".into()),
        };
        let mut history = Vec::new();
        let mut position = start;
        for text in args.get(moves_at + 1..).unwrap_or(&[]) {
            let mv: Move = text.parse().map_err(|e| format!("{e}"))?;
            let next = position.play(mv).map_err(|e| format!("{e}"))?;
            history.push(position);
            position = next;
        }
        // Only the positions since the last capture can repeat.
        let keep = (position.halfmove_clock() as usize).min(history.len());
        history.drain(..history.len() - keep);
        self.position = position;
        self.history = history;
        Ok(())
    }

    fn limits(&self, args: &[&str]) -> Limits {
        let mut limits = Limits::default();
        let number = |i: usize| args.get(i + 1).and_then(|v| v.parse::<u64>().ok());
        let (mut ours, mut inc, mut to_go, mut infinite, mut clock) = (None, 0, None, false, false);
        let red = self.position.side_to_move() == Side::Red;
        for (i, &word) in args.iter().enumerate() {
            match word {
                "movetime" => limits.movetime = number(i).map(Duration::from_millis),
                "depth" => limits.depth = number(i).map(|d| d.clamp(1, 64) as u32),
                "nodes" => limits.nodes = number(i),
                "infinite" => infinite = true,
                "wtime" if red => ours = number(i),
                "btime" if !red => ours = number(i),
                "winc" if red => inc = number(i).unwrap_or(0),
                "binc" if !red => inc = number(i).unwrap_or(0),
                "time" => ours = number(i),
                "increment" => inc = number(i).unwrap_or(0),
                "movestogo" => to_go = number(i),
                _ => {}
            }
            clock |= matches!(word, "wtime" | "btime" | "time");
        }
        if let Some(time) = ours {
            let clock = clock_limits(time, inc, to_go);
            limits.movetime = match (limits.movetime, clock.movetime) {
                (Some(t), Some(c)) => Some(t.min(c)),
                (t, c) => t.or(c),
            };
            limits.soft = clock.soft;
        }
        let unlimited =
            limits.movetime.is_none() && limits.depth.is_none() && limits.nodes.is_none();
        if unlimited && !infinite && !clock {
            limits.movetime = Some(self.level.time_limit());
        }
        limits
    }

    fn go(&mut self, args: &[&str]) {
        self.finish(true);
        let limits = self.limits(args);
        self.infinite = limits == Limits::default();
        if self.own_book && !self.infinite {
            let seed = self.book_seed ^ self.history.len() as u64;
            if let Some(mv) = super::book::Book::standard().pick(&self.position, seed) {
                say(&self.out, "info string book move");
                say(&self.out, &format!("bestmove {mv}"));
                return;
            }
        }
        let Some(mut searcher) = self.searcher.take() else {
            return;
        };
        let out = Arc::clone(&self.out);
        let protocol = self.protocol;
        let position = self.position.clone();
        let history = self.history.clone();
        self.stop.store(false, Ordering::Relaxed);
        self.running = Some(std::thread::spawn(move || {
            let report = searcher.search(&history, &position, limits, |info| {
                say(&out, &info_line(info, protocol));
            });
            let line = match (report.best, protocol) {
                (Some(mv), _) => format!("bestmove {mv}"),
                (None, Protocol::Uci) => "bestmove (none)".into(),
                (None, Protocol::Ucci) => "nobestmove".into(),
            };
            say(&out, &line);
            searcher
        }));
    }

    /// Waits for a running search (stopping it first if `stop`) and takes the searcher back.
    fn finish(&mut self, stop: bool) {
        if let Some(handle) = self.running.take() {
            if stop {
                self.stop.store(true, Ordering::Relaxed);
            }
            match handle.join() {
                Ok(searcher) => self.searcher = Some(searcher),
                Err(_) => {
                    let searcher = Searcher::new(self.hash_mb);
                    self.stop = searcher.stop_flag();
                    self.searcher = Some(searcher);
                }
            }
        }
    }
}

fn info_line(info: &Info, protocol: Protocol) -> String {
    let ms = info.elapsed.as_millis().max(1);
    let nps = info.nodes as u128 * 1000 / ms;
    let pv: Vec<String> = info.pv.iter().map(Move::to_string).collect();
    let score = if info.score.abs() > MATE - 200 {
        let plies = MATE - info.score.abs();
        let moves = (plies + 1) / 2;
        if info.score > 0 {
            format!("mate {moves}")
        } else {
            format!("mate -{moves}")
        }
    } else {
        match protocol {
            Protocol::Uci => format!("cp {}", info.score),
            Protocol::Ucci => info.score.to_string(),
        }
    };
    format!(
        "info depth {} score {score} nodes {} nps {nps} time {ms} pv {}",
        info.depth,
        info.nodes,
        pv.join(" ")
    )
}
