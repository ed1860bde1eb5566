//! `lanqi engine gomoku`: the engine on stdin/stdout, speaking the Gomocup (Piskvork)
//! protocol, so it plays in Piskvork and the Gomocup tournament managers.
//!
//! Understood: `START N`, `RECTSTART W,H`, `RESTART`, `BEGIN`, `TURN X,Y`, `BOARD` (lines
//! `X,Y,F`, `F` 1 the engine's stone and 2 the opponent's, in the order played, then
//! `DONE`), `SWAP2BOARD` (the swap2 opening of Gomocup's experimental tournaments: lines
//! `X,Y` of the 0, 3 or 5 opening stones in order, then `DONE`; see [`Engine::swap2`]),
//! `INFO KEY VALUE` (`timeout_turn`, `timeout_match`, `time_left` in
//! milliseconds; `max_node`: nodes a move instead of the clock, 0 for none (the Yixin
//! board's extension, which Rapfi understands too); `rule`: bit 1 exactly five, 4 renju,
//! 8 caro, none freestyle; others are ignored), `TAKEBACK X,Y`, `ABOUT` and `END`.
//! Answers: `OK`, a move `X,Y`, `ERROR <why>`, `UNKNOWN <command>`, and a `MESSAGE` line
//! before each move saying how it was found. Coordinates are 0-based, `X` the column from
//! the left and `Y` the row from the top, as Piskvork draws the board (lanqi's ranks count
//! from the bottom). Whoever moves first is Black (seat 1). Bad input never ends the loop.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::opening;
use super::search::{Limits, Searcher};
use crate::rules::gomoku::{Choice, Game, Opening, Point, Rule, Settings, Size};

/// How `lanqi engine gomoku` thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Search this many nodes a move instead of using the clock (deterministic play).
    pub nodes: Option<u64>,
    /// The transposition table's size in megabytes.
    pub hash_mb: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            nodes: None,
            hash_mb: super::search::DEFAULT_HASH_MB,
        }
    }
}

struct Engine {
    settings: Settings,
    game: Option<Game>,
    timeout_turn: u64,
    time_left: Option<u64>,
    searcher: Searcher,
    nodes: Option<u64>,
}

/// Runs the protocol loop until `END` or the end of `input`.
pub fn run(input: impl BufRead, mut output: impl Write, options: &Options) -> io::Result<()> {
    let mut engine = Engine {
        settings: Settings::default(),
        game: None,
        timeout_turn: 5_000,
        time_left: None,
        searcher: Searcher::new(options.hash_mb),
        nodes: options.nodes,
    };
    let mut lines = input.lines();
    while let Some(line) = lines.next() {
        let line = line?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let (command, rest) = match line.split_once(char::is_whitespace) {
            Some((c, r)) => (c, r.trim()),
            None => (line, ""),
        };
        let command = command.to_ascii_uppercase();
        let reply: Vec<String> = match command.as_str() {
            "END" => break,
            "START" => engine.start(rest.parse::<u32>().ok().map(|n| (n, n))),
            "RECTSTART" => engine.start(parse_pair(rest)),
            "RESTART" => {
                let size = engine.settings.size;
                engine.start(Some((size.width() as u32, size.height() as u32)))
            }
            "BEGIN" => match &engine.game {
                None => vec!["ERROR no game: START first".into()],
                Some(g) if !g.moves().is_empty() => {
                    vec!["ERROR BEGIN after moves: use BOARD".into()]
                }
                Some(_) => engine.think(),
            },
            "TURN" => engine.turn(rest),
            "BOARD" => match read_block(&mut lines, |line| {
                let parts: Vec<&str> = line.split(',').map(str::trim).collect();
                match parts[..] {
                    [x, y, f] => match (x.parse::<u32>(), y.parse::<u32>(), f) {
                        (Ok(x), Ok(y), "1" | "2") => Some(Some((x, y, f == "1"))),
                        (Ok(_), Ok(_), "3") => Some(None),
                        _ => None,
                    },
                    _ => None,
                }
            })? {
                Err(line) => vec![format!("ERROR bad BOARD line {line:?}")],
                Ok(stones) => engine.board(&stones),
            },
            "SWAP2BOARD" => match read_block(&mut lines, |line| parse_pair(line).map(Some))? {
                Ok(stones) => engine.swap2(&stones),
                Err(line) => vec![format!("ERROR bad SWAP2BOARD line {line:?}")],
            },
            "INFO" => {
                engine.info(rest);
                vec![]
            }
            "TAKEBACK" => engine.takeback(rest),
            "ABOUT" => vec![format!(
                "name=\"lanqi\", version=\"{}\", author=\"the lanqi authors\", country=\"-\"",
                env!("CARGO_PKG_VERSION")
            )],
            _ => vec![format!("UNKNOWN {}", truncate(line))],
        };
        for r in reply {
            writeln!(output, "{r}")?;
        }
        output.flush()?;
    }
    Ok(())
}

/// The lines of a block up to `DONE` (or the end of input), each read by `read`: `None`
/// for a bad line (the first one is returned, after the whole block is read), `Some(None)`
/// for a line to pass over.
fn read_block<T>(
    lines: &mut impl Iterator<Item = io::Result<String>>,
    read: impl Fn(&str) -> Option<Option<T>>,
) -> io::Result<Result<Vec<T>, String>> {
    let (mut items, mut bad) = (Vec::new(), None);
    for line in lines {
        let line = line?;
        let line = line.trim();
        if line.eq_ignore_ascii_case("DONE") {
            break;
        }
        match read(line) {
            Some(Some(item)) => items.push(item),
            Some(None) => {}
            None => bad = bad.or_else(|| Some(line.to_string())),
        }
    }
    Ok(bad.map_or(Ok(items), Err))
}

fn truncate(s: &str) -> String {
    s.chars().take(60).collect()
}

fn parse_pair(s: &str) -> Option<(u32, u32)> {
    let (x, y) = s.split_once(',')?;
    Some((x.trim().parse().ok()?, y.trim().parse().ok()?))
}

impl Engine {
    fn start(&mut self, size: Option<(u32, u32)>) -> Vec<String> {
        let Some((w, h)) = size else {
            return vec!["ERROR expected a size: START N or RECTSTART W,H".into()];
        };
        let Ok(size) = Size::new(w, h) else {
            return vec![format!("ERROR unsupported size {w}x{h}: 5 to 26 each way")];
        };
        self.settings.size = size;
        match Game::new(self.settings) {
            Ok(game) => {
                self.game = Some(game);
                self.searcher.clear();
                vec!["OK".into()]
            }
            Err(e) => vec![format!("ERROR {e}")],
        }
    }

    fn point(&self, text: &str) -> Result<Point, String> {
        let (x, y) = parse_pair(text).ok_or_else(|| format!("bad point {:?}", truncate(text)))?;
        self.point_at(x, y)
    }

    fn point_at(&self, x: u32, y: u32) -> Result<Point, String> {
        let size = self.settings.size;
        if x >= size.width() as u32 || y >= size.height() as u32 {
            return Err(format!("{x},{y} is off the {size} board"));
        }
        Ok(Point::new(x as u8, size.height() - 1 - y as u8).expect("on the board"))
    }

    fn text(&self, p: Point) -> String {
        format!(
            "{},{}",
            p.file(),
            self.settings.size.height() - 1 - p.rank()
        )
    }

    fn turn(&mut self, rest: &str) -> Vec<String> {
        let point = match self.point(rest) {
            Ok(p) => p,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        let Some(game) = &mut self.game else {
            return vec!["ERROR no game: START first".into()];
        };
        if let Err(e) = game.play(point) {
            return vec![format!("ERROR {e}")];
        }
        self.think()
    }

    fn board(&mut self, stones: &[(u32, u32, bool)]) -> Vec<String> {
        let Some(_) = &self.game else {
            return vec!["ERROR no game: START first".into()];
        };
        let own: Vec<&(u32, u32, bool)> = stones.iter().filter(|s| s.2).collect();
        let theirs: Vec<&(u32, u32, bool)> = stones.iter().filter(|s| !s.2).collect();
        let (first, second) = if own.len() == theirs.len() {
            (own, theirs)
        } else if theirs.len() == own.len() + 1 {
            (theirs, own)
        } else {
            return vec![format!(
                "ERROR BOARD has {} own stones and {} of the opponent's: not the engine's turn",
                own.len(),
                theirs.len()
            )];
        };
        let mut order = Vec::new();
        for (i, &stone) in first.iter().enumerate() {
            order.push(stone);
            if let Some(s) = second.get(i) {
                order.push(s);
            }
        }
        let mut game = match Game::new(self.settings) {
            Ok(g) => g,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        for &&(x, y, _) in &order {
            let played = self
                .point_at(x, y)
                .and_then(|p| game.play(p).map_err(|e| e.to_string()));
            if let Err(e) = played {
                return vec![format!("ERROR BOARD: {e}")];
            }
        }
        self.game = Some(game);
        self.think()
    }

    /// Swap2's opening decisions, given the opening stones placed so far (in order):
    ///
    /// - none: the engine opens, placing three stones (`X1,Y1 X2,Y2 X3,Y3`);
    /// - three: the engine, second, answers `SWAP` to take Black (the opener then plays
    ///   White's fourth stone), `X,Y` to take White and play the fourth stone, or
    ///   `X4,Y4 X5,Y5` to place two more stones and leave the choice to the opener;
    /// - five: the engine, the opener again, answers `SWAP` to take Black or `X,Y` to take
    ///   White and play the sixth stone.
    ///
    /// Each decision is [`opening::best_action`]'s under the clock as for a move. The
    /// manager sends `BOARD` afterwards, so nothing here changes the game being played.
    fn swap2(&mut self, stones: &[(u32, u32)]) -> Vec<String> {
        if !matches!(stones.len(), 0 | 3 | 5) {
            return vec![format!(
                "ERROR SWAP2BOARD with {} stones: expected 0, 3 or 5",
                stones.len()
            )];
        }
        let settings = Settings {
            opening: Opening::Swap2,
            ..self.settings
        };
        let mut game = match Game::new(settings) {
            Ok(g) => g,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        for &(x, y) in stones {
            let played = self
                .point_at(x, y)
                .and_then(|p| game.play(p).map_err(|e| e.to_string()));
            if let Err(e) = played {
                return vec![format!("ERROR SWAP2BOARD: {e}")];
            }
            // After three stones, place2's two stones follow the second player's choice.
            if game.moves().len() == 3
                && stones.len() == 5
                && let Err(e) = game.choose(Choice::Place2)
            {
                return vec![format!("ERROR SWAP2BOARD: {e}")];
            }
        }
        let limits = self.limits();
        let placed = match stones.len() {
            0 => self.place_stones(&mut game, 3, limits),
            // Three or five (checked above).
            _ => match opening::choose(&mut self.searcher, &game, limits, game.choices()) {
                Choice::Black => return vec!["SWAP".into()],
                Choice::White => {
                    let _ = game.choose(Choice::White);
                    let best = self.searcher.search(&game, limits).best;
                    best.map(|p| vec![p]).ok_or_else(|| "no legal move".into())
                }
                Choice::Place2 => {
                    let _ = game.choose(Choice::Place2);
                    self.place_stones(&mut game, 2, limits)
                }
            },
        };
        let placed = match placed {
            Ok(placed) => placed,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        let answer: Vec<String> = placed.into_iter().map(|p| self.text(p)).collect();
        vec![answer.join(" ")]
    }

    /// Places `n` opening stones in `game`, each balancing the position
    /// ([`opening::place`]): the points, or why not.
    fn place_stones(
        &mut self,
        game: &mut Game,
        n: usize,
        limits: Limits,
    ) -> Result<Vec<Point>, String> {
        let mut placed = Vec::new();
        while placed.len() < n {
            let p = opening::place(&mut self.searcher, game, limits).ok_or("no point to place")?;
            game.play(p).map_err(|e| e.to_string())?;
            placed.push(p);
        }
        Ok(placed)
    }

    fn takeback(&mut self, rest: &str) -> Vec<String> {
        let point = match self.point(rest) {
            Ok(p) => p,
            Err(e) => return vec![format!("ERROR {e}")],
        };
        let Some(game) = &mut self.game else {
            return vec!["ERROR no game: START first".into()];
        };
        let Some(i) = game.moves().iter().rposition(|m| m.point == point) else {
            return vec![format!("ERROR TAKEBACK: no stone on {}", truncate(rest))];
        };
        let moves: Vec<Point> = game.moves().iter().map(|m| m.point).collect();
        if i + 1 == moves.len() {
            game.take_back();
            return vec!["OK".into()];
        }
        // Not the last move: replay the others.
        match replay(
            self.settings,
            moves
                .iter()
                .enumerate()
                .filter(|&(k, _)| k != i)
                .map(|(_, &p)| p),
        ) {
            Some(g) => {
                *game = g;
                vec!["OK".into()]
            }
            None => vec![format!(
                "ERROR TAKEBACK {}: the other moves do not replay",
                truncate(rest)
            )],
        }
    }

    fn info(&mut self, rest: &str) {
        let (key, value) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
        let number = value.trim().parse::<i64>().ok();
        match (key.to_ascii_lowercase().as_str(), number) {
            ("timeout_turn", Some(n)) if n >= 0 => self.timeout_turn = n as u64,
            ("time_left", Some(n)) => self.time_left = Some(n.max(0) as u64),
            ("max_node", Some(n)) => self.nodes = (n > 0).then_some(n as u64),
            ("rule", Some(n)) => {
                let rule = if n & 4 != 0 {
                    Rule::Renju
                } else if n & 8 != 0 {
                    Rule::Caro
                } else if n & 1 != 0 {
                    Rule::Standard
                } else {
                    Rule::Freestyle
                };
                if rule != self.settings.rule {
                    self.settings.rule = rule;
                    if let Some(game) = &self.game {
                        let moves: Vec<Point> = game.moves().iter().map(|m| m.point).collect();
                        self.game = replay(self.settings, moves.into_iter())
                            .or_else(|| Game::new(self.settings).ok());
                        self.searcher.clear();
                    }
                }
            }
            _ => {}
        }
    }

    fn limits(&self) -> Limits {
        if let Some(nodes) = self.nodes {
            return Limits {
                nodes: Some(nodes),
                ..Limits::default()
            };
        }
        let mut ms = if self.timeout_turn == 0 {
            1_000
        } else {
            self.timeout_turn
        };
        if let Some(left) = self.time_left {
            ms = ms.min(left / 8);
        }
        let ms = (ms * 85 / 100).saturating_sub(25).max(10);
        Limits {
            nodes: None,
            time: Some(Duration::from_millis(ms)),
            ..Limits::default()
        }
    }

    fn think(&mut self) -> Vec<String> {
        let limits = self.limits();
        let Some(game) = &self.game else {
            return vec!["ERROR no game: START first".into()];
        };
        if let Some(ending) = game.ending() {
            return vec![format!("ERROR the game is over ({ending})")];
        }
        let report = self.searcher.search(game, limits);
        let best = report
            .best
            .filter(|&p| game.check(p).is_ok())
            .or_else(|| game.legal_moves().first().copied());
        let Some(best) = best else {
            return vec!["ERROR no legal move".into()];
        };
        let mut game = game.clone();
        let _ = game.play(best);
        let message = format!(
            "MESSAGE {:?} depth {} score {} nodes {} time {} ms",
            report.how,
            report.depth,
            report.score,
            report.nodes,
            report.elapsed.as_millis()
        );
        let text = self.text(best);
        self.game = Some(game);
        vec![message, text]
    }
}

fn replay(settings: Settings, moves: impl Iterator<Item = Point>) -> Option<Game> {
    let mut game = Game::new(settings).ok()?;
    for p in moves {
        game.play(p).ok()?;
    }
    Some(game)
}
