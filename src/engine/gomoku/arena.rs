//! Matches between Gomoku players: lanqi's engine at a level, or an outside Gomocup
//! (Piskvork) engine. Two seats, five in a row, any rule set and board. Games start from
//! a fixed list of balanced three-stone openings, each played twice with the colours
//! swapped, and are judged by the rules core alone. A player that crashes, hangs or plays
//! an illegal move loses that game (an outside engine is then started again); a move that
//! takes longer than its time is counted as an overrun and reported. The report gives
//! player A's wins, draws and losses, its score with a 95% interval and the Elo
//! difference it means ([`crate::engine::tally`]).

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use super::external::External;
use super::search::{Limits, Searcher};
use super::{level_limits, level_limits_timed};
use crate::engine::Level;
use crate::engine::tally::{MoveTimes, Tally};
use crate::rules::gomoku::{Ending, Game, Point, Rule, Seat, Settings, Size};

/// The openings (15x15, centred on larger boards): three stones, Black, White, Black, White
/// to move, most balanced first. They are the 30 of the 86 distinct openings with Black on
/// h8, White on i8 or i9 and Black's second stone within four points of h8 that Rapfi
/// (freestyle, 0.7 s each) rated nearest to even: within 43 of its evaluation units, where
/// the close openings (Black's stones side by side) rate 150 and more for Black.
pub const OPENINGS: &[&str] = &[
    "h8 i9 e6",
    "h8 i8 e9",
    "h8 i8 d9",
    "h8 i8 e12",
    "h8 i9 d12",
    "h8 i8 f11",
    "h8 i9 e11",
    "h8 i9 g12",
    "h8 i9 e7",
    "h8 i8 f12",
    "h8 i8 l11",
    "h8 i9 e5",
    "h8 i8 k12",
    "h8 i9 d10",
    "h8 i9 k12",
    "h8 i9 d9",
    "h8 i9 d11",
    "h8 i8 i12",
    "h8 i9 f12",
    "h8 i8 d10",
    "h8 i8 e11",
    "h8 i9 f10",
    "h8 i9 f6",
    "h8 i8 d8",
    "h8 i8 f10",
    "h8 i8 k11",
    "h8 i9 e12",
    "h8 i9 i12",
    "h8 i8 d11",
    "h8 i8 h12",
];

/// The stones of opening `index` (modulo the number of openings) on `size`, moved so
/// that its centre stone is the board's centre; `None` if they do not fit.
pub fn opening(index: usize, size: Size) -> Option<Vec<Point>> {
    let line = OPENINGS[index % OPENINGS.len()];
    let (dx, dy) = (
        i32::from(size.width() / 2) - 7,
        i32::from(size.height() / 2) - 7,
    );
    line.split_whitespace()
        .map(|m| {
            let p: Point = m.parse().ok()?;
            let (x, y) = (i32::from(p.file()) + dx, i32::from(p.rank()) + dy);
            if x < 0 || y < 0 || x >= i32::from(size.width()) || y >= i32::from(size.height()) {
                return None;
            }
            Point::new(x as u8, y as u8)
        })
        .collect()
}

/// Whether every opening fits on `size` (9x9 and larger).
pub fn openings_fit(size: Size) -> bool {
    (0..OPENINGS.len()).all(|i| opening(i, size).is_some())
}

/// A player in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// lanqi's engine at a level (a match's time or nodes replace the level's).
    Engine(Level),
    /// An outside Gomocup engine: a program and its arguments.
    Gomocup(String),
}

/// A player spec that is not `engine:LEVEL` or `gomocup:PATH`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player {0:?}: expected engine:easy|medium|hard or gomocup:PATH")]
pub struct ParsePlayerError(pub String);

impl FromStr for PlayerSpec {
    type Err = ParsePlayerError;

    fn from_str(s: &str) -> Result<PlayerSpec, ParsePlayerError> {
        let bad = || ParsePlayerError(s.chars().take(64).collect());
        let (kind, rest) = s.split_once(':').ok_or_else(bad)?;
        match kind {
            "engine" => rest.parse().map(PlayerSpec::Engine).map_err(|_| bad()),
            "gomocup" if rest.trim().is_empty() => Err(bad()),
            "gomocup" => Ok(PlayerSpec::Gomocup(rest.trim().to_string())),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Engine(level) => write!(f, "engine:{level}"),
            PlayerSpec::Gomocup(path) => write!(f, "gomocup:{path}"),
        }
    }
}

/// One player's limit a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limit {
    /// Milliseconds a move (an outside engine is told it as `timeout_turn`).
    pub time_ms: Option<u64>,
    /// Nodes a move (lanqi's engine: deterministic; an outside engine is told it as
    /// `INFO MAX_NODE`). With a time too, whichever ends first.
    pub nodes: Option<u64>,
}

/// An outside engine without a time is told this many milliseconds a move.
pub const DEFAULT_TURN_MS: u64 = 5_000;

/// What a match is.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A (whose score is reported) and player B.
    pub players: [PlayerSpec; 2],
    /// Each player's limit a move (A's, then B's); lanqi's engine with neither uses its
    /// level's.
    pub limits: [Limit; 2],
    /// The rule set.
    pub rule: Rule,
    /// The board.
    pub size: Size,
    /// Number of games; A plays Black in the even-numbered games.
    pub games: u32,
    /// The number of the first game (games keep their opening and colours by number).
    pub first_game: u32,
    /// lanqi's transposition table size (MB).
    pub hash_mb: usize,
}

/// Something a player did wrong in a game (it lost that game, except for an overrun).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// A move took longer than the player's time (by more than a tenth, and 20 ms).
    Overrun {
        /// Milliseconds taken.
        took_ms: u64,
        /// Milliseconds allowed.
        limit_ms: u64,
    },
    /// The player stopped answering (crashed, quit, hung or refused): what happened.
    Crash(String),
    /// The player answered a move the rules do not allow: what it answered.
    Illegal(String),
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Overrun { took_ms, limit_ms } => {
                write!(f, "overrun: {took_ms} ms for a {limit_ms} ms move")
            }
            Fault::Crash(e) => write!(f, "crash: {e}"),
            Fault::Illegal(e) => write!(f, "illegal move: {e}"),
        }
    }
}

/// A fault, whose it was and when.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Incident {
    /// The game's number.
    pub game: u32,
    /// The ply of the faulty move (0-based, the opening's stones counted).
    pub ply: usize,
    /// 0 for player A, 1 for B.
    pub player: usize,
    /// What happened.
    pub fault: Fault,
}

/// One game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's number.
    pub index: u32,
    /// The opening's stones, as written in [`OPENINGS`].
    pub opening: &'static str,
    /// A's colour: [`Seat::BLACK`] or [`Seat::WHITE`].
    pub a_seat: Seat,
    /// The winner's colour, if any.
    pub winner: Option<Seat>,
    /// Why it ended.
    pub reason: String,
    /// Every point played, the opening's included.
    pub moves: Vec<Point>,
}

impl GameRecord {
    /// A's score: 1, ½ or 0.
    pub fn a_score(&self) -> f64 {
        match self.winner {
            Some(w) if w == self.a_seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }

    /// A's colour's word: `black` or `white`.
    pub fn a_colour(&self) -> &'static str {
        colour(self.a_seat)
    }
}

fn colour(seat: Seat) -> &'static str {
    if seat == Seat::BLACK {
        "black"
    } else {
        "white"
    }
}

/// A match's games, times and faults.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The match.
    pub config: MatchConfig,
    /// Every game, in order.
    pub games: Vec<GameRecord>,
    /// A's and B's thinking times.
    pub times: [MoveTimes; 2],
    /// The players' names as the outside engines gave them.
    pub names: [Option<String>; 2],
    /// Every overrun, crash and illegal move, in order.
    pub incidents: Vec<Incident>,
}

impl MatchReport {
    /// A's results.
    pub fn tally(&self) -> Tally {
        Tally::of(self.games.iter().map(GameRecord::a_score))
    }

    /// Player `p`'s (0 = A) overruns, crashes and illegal moves.
    pub fn faults(&self, p: usize) -> (usize, usize, usize) {
        let mut n = (0, 0, 0);
        for i in self.incidents.iter().filter(|i| i.player == p) {
            match i.fault {
                Fault::Overrun { .. } => n.0 += 1,
                Fault::Crash(_) => n.1 += 1,
                Fault::Illegal(_) => n.2 += 1,
            }
        }
        n
    }
}

impl fmt::Display for MatchReport {
    /// `wins N draws N losses N`, the score and its interval, the Elo and its interval,
    /// each player's times and fault counts, then one line per fault.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.tally())?;
        for (i, name) in ["a", "b"].into_iter().enumerate() {
            let called = self.names[i]
                .as_deref()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            let (overruns, crashes, illegal) = self.faults(i);
            writeln!(
                f,
                "{name} {}{called}: {}; {overruns} overruns, {crashes} crashes, {illegal} illegal moves",
                self.config.players[i],
                self.times[i].summary()
            )?;
        }
        for i in &self.incidents {
            writeln!(
                f,
                "game {} ply {} {}: {}",
                i.game,
                i.ply,
                ["a", "b"][i.player],
                i.fault
            )?;
        }
        Ok(())
    }
}

/// A player that could not be started.
#[derive(Debug, thiserror::Error)]
#[error("{player}: {error}")]
pub struct MatchError {
    /// Which player.
    pub player: String,
    /// What happened.
    pub error: String,
}

/// A player while a match runs.
enum Player {
    Engine {
        searcher: Box<Searcher>,
        level: Level,
    },
    /// An outside engine; `None` after a fault until the next game starts it again.
    Outside {
        command: String,
        engine: Option<Box<External>>,
    },
}

impl Player {
    fn start(spec: &PlayerSpec, hash_mb: usize) -> Result<Player, MatchError> {
        Ok(match spec {
            PlayerSpec::Engine(level) => Player::Engine {
                searcher: Box::new(Searcher::new(hash_mb)),
                level: *level,
            },
            PlayerSpec::Gomocup(command) => Player::Outside {
                command: command.clone(),
                engine: Some(Box::new(External::spawn(command).map_err(|e| {
                    MatchError {
                        player: spec.to_string(),
                        error: e.to_string(),
                    }
                })?)),
            },
        })
    }

    fn name(&self) -> Option<String> {
        match self {
            Player::Engine { .. } => None,
            Player::Outside { engine, .. } => engine.as_ref().and_then(|e| e.name.clone()),
        }
    }

    fn new_game(&mut self, settings: Settings, limit: Limit) -> Result<(), String> {
        match self {
            Player::Engine { searcher, .. } => {
                searcher.clear();
                Ok(())
            }
            Player::Outside { command, engine } => {
                if engine.is_none() {
                    *engine = Some(Box::new(
                        External::spawn(command).map_err(|e| e.to_string())?,
                    ));
                }
                let e = engine.as_mut().expect("started above");
                let turn = limit.time_ms.unwrap_or(DEFAULT_TURN_MS);
                e.new_game(settings, turn, limit.nodes).map_err(|err| {
                    *engine = None;
                    err.to_string()
                })
            }
        }
    }

    /// Waits until an outside engine is ready for a request (not part of its time).
    fn ready(&mut self) -> Result<(), Fault> {
        match self {
            Player::Engine { .. } => Ok(()),
            Player::Outside { engine, .. } => {
                let Some(e) = engine.as_mut() else {
                    return Err(Fault::Crash("not running".into()));
                };
                e.ready().map_err(|err| {
                    *engine = None;
                    Fault::Crash(err.to_string())
                })
            }
        }
    }

    fn choose(&mut self, game: &Game, limit: Limit) -> Result<Point, Fault> {
        match self {
            Player::Engine { searcher, level } => {
                let limits = match (limit.time_ms, limit.nodes) {
                    (None, None) => level_limits_timed(*level),
                    (time, nodes) => Limits {
                        time: time.map(Duration::from_millis),
                        nodes,
                        ..level_limits(*level)
                    },
                };
                let best = searcher.search(game, limits).best;
                match best {
                    None => Err(Fault::Crash("no move".into())),
                    Some(p) if game.check(p).is_err() => Err(Fault::Illegal(p.to_string())),
                    Some(p) => Ok(p),
                }
            }
            Player::Outside { engine, .. } => {
                let Some(e) = engine.as_mut() else {
                    return Err(Fault::Crash("not running".into()));
                };
                let turn = Duration::from_millis(limit.time_ms.unwrap_or(DEFAULT_TURN_MS));
                e.best_move(game, turn).map_err(|err| {
                    *engine = None;
                    match err {
                        super::external::ExternalError::BadMove(m) => Fault::Illegal(m),
                        other => Fault::Crash(other.to_string()),
                    }
                })
            }
        }
    }
}

/// Plays the match, calling `each` after every game; fails only when a player cannot be
/// started at first (a player that fails during a game loses that game).
pub fn run_match(
    config: MatchConfig,
    mut each: impl FnMut(&GameRecord),
) -> Result<MatchReport, MatchError> {
    let mut players = [
        Player::start(&config.players[0], config.hash_mb)?,
        Player::start(&config.players[1], config.hash_mb)?,
    ];
    let mut report = MatchReport {
        names: [players[0].name(), players[1].name()],
        config,
        games: Vec::new(),
        times: [MoveTimes::default(); 2],
        incidents: Vec::new(),
    };
    let first = report.config.first_game;
    for index in first..first.saturating_add(report.config.games) {
        let record = play_game(&mut players, &mut report, index);
        each(&record);
        report.games.push(record);
    }
    Ok(report)
}

/// Plays game `index`: opening `index / 2`, A Black when `index` is even.
fn play_game(players: &mut [Player; 2], report: &mut MatchReport, index: u32) -> GameRecord {
    let config = &report.config;
    let settings = Settings {
        rule: config.rule,
        size: config.size,
        ..Settings::default()
    };
    let a_seat = if index.is_multiple_of(2) {
        Seat::BLACK
    } else {
        Seat::WHITE
    };
    let line = OPENINGS[(index as usize / 2) % OPENINGS.len()];
    let mut game = Game::new(settings).expect("two seats, five in a row, a checked size");
    let mut record = GameRecord {
        index,
        opening: line,
        a_seat,
        winner: None,
        reason: String::new(),
        moves: Vec::new(),
    };
    let stones = opening(index as usize / 2, config.size).unwrap_or_default();
    for p in stones {
        if game.play(p).is_err() {
            break;
        }
    }
    // Which player (A = 0, B = 1) plays each colour.
    let who = |seat: Seat| usize::from(seat != a_seat);
    let other = |seat: Seat| Seat(1 - seat.0);
    let limits = config.limits;
    for seat in [Seat::BLACK, Seat::WHITE] {
        let p = who(seat);
        if let Err(e) = players[p].new_game(settings, limits[p]) {
            report.incidents.push(Incident {
                game: index,
                ply: game.moves().len(),
                player: p,
                fault: Fault::Crash(e.clone()),
            });
            record.winner = Some(other(seat));
            record.reason = format!("{} did not start: {e}", colour(seat));
            record.moves = game.moves().iter().map(|m| m.point).collect();
            return record;
        }
    }
    loop {
        if let Some(ending) = game.ending() {
            record.winner = ending.winner();
            record.reason = match ending {
                Ending::Win { seat, .. } => format!("{} won: {ending}", colour(seat)),
                Ending::Draw(_) => ending.to_string(),
            };
            break;
        }
        let seat = game.mover();
        let p = who(seat);
        let ply = game.moves().len();
        let ready = players[p].ready();
        let start = Instant::now();
        let choice = ready.and_then(|()| players[p].choose(&game, limits[p]));
        let spent = start.elapsed();
        report.times[p].add(spent);
        if let Some(limit_ms) = limits[p].time_ms {
            let took_ms = spent.as_millis() as u64;
            if took_ms > limit_ms + (limit_ms / 10).max(20) {
                report.incidents.push(Incident {
                    game: index,
                    ply,
                    player: p,
                    fault: Fault::Overrun { took_ms, limit_ms },
                });
            }
        }
        let fault = match choice {
            Ok(point) => match game.play(point) {
                Ok(()) => continue,
                Err(e) => Fault::Illegal(format!("{point}: {e}")),
            },
            Err(fault) => fault,
        };
        record.winner = Some(other(seat));
        record.reason = format!("{} lost by {fault}", colour(seat));
        report.incidents.push(Incident {
            game: index,
            ply,
            player: p,
            fault,
        });
        break;
    }
    record.moves = game.moves().iter().map(|m| m.point).collect();
    record
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_legal_distinct_and_leaves_white_to_move() {
        let mut seen = std::collections::HashSet::new();
        for (i, line) in OPENINGS.iter().enumerate() {
            let stones = opening(i, Size::new(15, 15).unwrap()).unwrap();
            assert_eq!(stones.len(), 3);
            let mut game = Game::new(Settings::default()).unwrap();
            for p in &stones {
                game.play(*p).unwrap();
            }
            assert_eq!(game.mover(), Seat::WHITE);
            assert!(seen.insert(line), "opening {i} repeats");
        }
        // On a larger board they are centred; on a tiny one they may not fit.
        let big = opening(0, Size::new(19, 19).unwrap()).unwrap();
        assert_eq!(big[0].to_string(), "j10");
        assert!(openings_fit(Size::new(9, 9).unwrap()));
        assert!(!openings_fit(Size::new(8, 8).unwrap()));
    }

    #[test]
    fn player_specs_parse_and_print_back() {
        for text in ["engine:hard", "gomocup:/tmp/pbrain-rapfi"] {
            let spec: PlayerSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "gomocup:lanqi engine gomoku".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Gomocup("lanqi engine gomoku".into())
        );
        for bad in ["engine:expert", "gomocup:", "random", "uci:x"] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_short_match_by_nodes_adds_up() {
        let config = MatchConfig {
            players: [
                PlayerSpec::Engine(Level::Medium),
                PlayerSpec::Engine(Level::Easy),
            ],
            limits: [
                Limit {
                    time_ms: None,
                    nodes: Some(3_000),
                },
                Limit {
                    time_ms: None,
                    nodes: Some(300),
                },
            ],
            rule: Rule::Freestyle,
            size: Size::new(15, 15).unwrap(),
            games: 2,
            first_game: 0,
            hash_mb: 1,
        };
        let mut seen = 0;
        let report = run_match(config, |_| seen += 1).unwrap();
        assert_eq!(seen, 2);
        assert_eq!(report.tally().games(), 2);
        assert_eq!(report.games[0].a_seat, Seat::BLACK);
        assert_eq!(report.games[1].a_seat, Seat::WHITE);
        assert_eq!(report.games[0].opening, report.games[1].opening);
        assert!(report.incidents.is_empty());
        assert!(report.games.iter().all(|g| g.moves.len() > 3));
    }
}
