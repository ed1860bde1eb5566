//! Matches between Xiangqi players: lanqi's engine at a level, or an external UCI or UCCI
//! engine. Games start from a fixed set of balanced openings, each played twice with the
//! colours swapped, and are judged by the rules core alone (checkmate, stalemate, the
//! repetition rules, 120 plies without a capture); a game still going after
//! [`MAX_PLIES`] plies is a draw. The report gives player A's wins, draws and losses, its
//! score with a 95% interval, and the Elo difference that score means.

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use super::external::{Clock, External, Go, Protocol};
use super::search::{Limits, Searcher, clock_limits};
use crate::engine::Level;
use crate::engine::tally::Tally;
pub use crate::engine::tally::{MoveTimes, elo, wilson};
use crate::rules::xiangqi::{Game, Move, Outcome, Position, Side};

/// A game still going after this many plies is adjudicated a draw.
pub const MAX_PLIES: usize = 400;

/// The openings: short, common, balanced lines (ICCS), each played once with each colour.
pub const OPENINGS: &[(&str, &str)] = &[
    ("central cannon v screen horses", "h2e2 h9g7 h0g2 b9c7"),
    (
        "central cannon v screen horses, rook out",
        "h2e2 h9g7 h0g2 i9h9",
    ),
    ("same-direction cannons", "h2e2 h7e7"),
    ("opposite-direction cannons", "h2e2 b7e7"),
    ("central cannon v pawn", "h2e2 g6g5"),
    ("pawn opening v pawn", "c3c4 g6g5"),
    ("pawn opening v cannon under pawn", "c3c4 b7c7"),
    ("pawn opening v central cannon", "c3c4 h7e7"),
    ("elephant opening v central cannon", "g0e2 h7e7"),
    ("elephant opening v horse", "c0e2 h9g7"),
    ("horse opening v pawn", "b0c2 g6g5"),
    ("horse opening v horse", "h0g2 b9c7"),
    ("palace-corner cannon v horse", "h2f2 b9c7"),
    ("cross-palace cannon v horse", "h2d2 h9g7"),
    ("pawn opening v elephant", "g3g4 c9e7"),
    (
        "central cannon v screen horses, third pawn",
        "h2e2 h9g7 h0g2 g6g5",
    ),
];

/// The position and moves of opening `index` (modulo the number of openings).
pub fn opening(index: usize) -> (&'static str, Vec<Move>) {
    let (name, line) = OPENINGS[index % OPENINGS.len()];
    let moves = line
        .split_whitespace()
        .map(|m| m.parse().expect("the openings are valid ICCS"))
        .collect();
    (name, moves)
}

/// A player in a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayerSpec {
    /// lanqi's engine at a level (whose time a match's limits replace).
    Engine(Level),
    /// An external UCI engine: a program and its arguments.
    Uci(String),
    /// An external UCCI engine: a program and its arguments.
    Ucci(String),
}

/// A player spec that is not `engine:LEVEL`, `uci:PATH` or `ucci:PATH`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown player {0:?}: expected engine:easy|medium|hard, uci:PATH or ucci:PATH")]
pub struct ParsePlayerError(pub String);

impl FromStr for PlayerSpec {
    type Err = ParsePlayerError;

    fn from_str(s: &str) -> Result<PlayerSpec, ParsePlayerError> {
        let bad = || ParsePlayerError(s.chars().take(64).collect());
        let (kind, rest) = s.split_once(':').ok_or_else(bad)?;
        match kind {
            "engine" => rest.parse().map(PlayerSpec::Engine).map_err(|_| bad()),
            "uci" | "ucci" if rest.trim().is_empty() => Err(bad()),
            "uci" => Ok(PlayerSpec::Uci(rest.trim().to_string())),
            "ucci" => Ok(PlayerSpec::Ucci(rest.trim().to_string())),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Engine(level) => write!(f, "engine:{level}"),
            PlayerSpec::Uci(path) => write!(f, "uci:{path}"),
            PlayerSpec::Ucci(path) => write!(f, "ucci:{path}"),
        }
    }
}

/// What a match is.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Player A (whose score is reported) and player B.
    pub players: [PlayerSpec; 2],
    /// Each player's limit per move (A's, then B's); an engine with none uses its level's
    /// time, an external engine with none searches to depth 8.
    pub limits: [Go; 2],
    /// Game clocks instead of a limit per move: each side's time and the increment
    /// (milliseconds); a side whose clock runs out loses.
    pub clock: Option<(u64, u64)>,
    /// Number of games; A plays Red in the even-numbered games.
    pub games: u32,
    /// The number of the first game (games keep their opening and colours by number).
    pub first_game: u32,
    /// lanqi's transposition table size (MB).
    pub hash_mb: usize,
    /// Every game from the start position instead of the fixed openings (engines with an
    /// opening book then vary their games themselves).
    pub from_start: bool,
}

/// One game's result.
#[derive(Clone, Debug, PartialEq)]
pub struct GameRecord {
    /// The game's number.
    pub index: u32,
    /// The opening's name.
    pub opening: &'static str,
    /// A's colour.
    pub a_side: Side,
    /// The winner, if any.
    pub winner: Option<Side>,
    /// Why it ended.
    pub reason: String,
    /// Plies played (the opening's included).
    pub plies: usize,
    /// Every move from the start position (the opening's included).
    pub moves: Vec<Move>,
}

impl GameRecord {
    /// A's score: 1, ½ or 0.
    pub fn a_score(&self) -> f64 {
        match self.winner {
            Some(w) if w == self.a_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// A match's games and times.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The match.
    pub config: MatchConfig,
    /// Every game, in order.
    pub games: Vec<GameRecord>,
    /// A's and B's thinking times.
    pub times: [MoveTimes; 2],
    /// The players' names as the external engines gave them.
    pub names: [Option<String>; 2],
}

impl MatchReport {
    /// A's wins, draws and losses.
    pub fn wdl(&self) -> (u32, u32, u32) {
        let t = self.tally();
        (t.wins, t.draws, t.losses)
    }

    /// A's score (a draw counts half) and its 95% interval.
    pub fn score(&self) -> (f64, f64, f64) {
        self.tally().score()
    }

    /// A's results.
    pub fn tally(&self) -> Tally {
        Tally::of(self.games.iter().map(GameRecord::a_score))
    }
}

impl fmt::Display for MatchReport {
    /// `wins N draws N losses N`, the score and its interval, the Elo and its interval,
    /// then each player's times per move.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.tally())?;
        for (i, name) in ["a", "b"].into_iter().enumerate() {
            let t = self.times[i];
            let called = self.names[i]
                .as_deref()
                .map(|n| format!(" ({n})"))
                .unwrap_or_default();
            writeln!(
                f,
                "{name} {}{called}: {}",
                self.config.players[i],
                t.summary()
            )?;
        }
        Ok(())
    }
}

/// A player while a match runs.
enum Player {
    Engine {
        searcher: Box<Searcher>,
        level: Level,
    },
    External(Box<External>),
}

/// A player that could not be started, or failed during a game.
#[derive(Debug, thiserror::Error)]
#[error("{player}: {error}")]
pub struct MatchError {
    /// Which player.
    pub player: String,
    /// What happened.
    pub error: String,
}

impl Player {
    fn start(spec: &PlayerSpec, hash_mb: usize) -> Result<Player, MatchError> {
        let fail = |e: &dyn fmt::Display| MatchError {
            player: spec.to_string(),
            error: e.to_string(),
        };
        Ok(match spec {
            PlayerSpec::Engine(level) => Player::Engine {
                searcher: Box::new(Searcher::new(hash_mb)),
                level: *level,
            },
            PlayerSpec::Uci(command) => Player::External(Box::new(
                External::spawn(command, Protocol::Uci).map_err(|e| fail(&e))?,
            )),
            PlayerSpec::Ucci(command) => Player::External(Box::new(
                External::spawn(command, Protocol::Ucci).map_err(|e| fail(&e))?,
            )),
        })
    }

    fn name(&self) -> Option<String> {
        match self {
            Player::Engine { .. } => None,
            Player::External(e) => e.name.clone(),
        }
    }

    fn new_game(&mut self) -> Result<(), String> {
        match self {
            Player::Engine { searcher, .. } => {
                searcher.clear();
                Ok(())
            }
            Player::External(e) => e.new_game().map_err(|e| e.to_string()),
        }
    }

    fn choose(&mut self, game: &Game, go: Go) -> Result<Move, String> {
        match self {
            Player::Engine { searcher, level } => {
                let position = game.position();
                let positions = game.positions();
                let keep = (position.halfmove_clock() as usize).min(positions.len() - 1);
                let history = &positions[positions.len() - 1 - keep..positions.len() - 1];
                let limits = if let Some(c) = go.clock {
                    let ours = match position.side_to_move() {
                        Side::Red => c.red,
                        Side::Black => c.black,
                    };
                    clock_limits(ours, c.increment, None)
                } else if go == Go::default() {
                    level.limits()
                } else {
                    Limits {
                        movetime: go.movetime,
                        depth: go.depth,
                        nodes: go.nodes,
                        soft: None,
                    }
                };
                searcher
                    .search(history, position, limits, |_| {})
                    .best
                    .ok_or_else(|| "no move".to_string())
            }
            Player::External(e) => e
                .best_move(&game.positions()[0], game.moves(), go)
                .map_err(|e| e.to_string()),
        }
    }
}

/// Plays the match, calling `each` after every game; fails only when a player cannot be
/// started (a player that fails during a game loses that game).
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
    };
    for index in report.config.first_game..report.config.first_game + report.config.games {
        let record = play_game(
            &mut players,
            &report.config.limits,
            report.config.clock,
            report.config.from_start,
            index,
            &mut report.times,
        );
        each(&record);
        report.games.push(record);
    }
    Ok(report)
}

/// Plays game `index`: opening `index / 2` (or the start position), A Red when `index`
/// is even.
fn play_game(
    players: &mut [Player; 2],
    limits: &[Go; 2],
    clock: Option<(u64, u64)>,
    from_start: bool,
    index: u32,
    times: &mut [MoveTimes; 2],
) -> GameRecord {
    let a_side = if index.is_multiple_of(2) {
        Side::Red
    } else {
        Side::Black
    };
    let (opening, moves) = if from_start {
        ("start position", Vec::new())
    } else {
        opening(index as usize / 2)
    };
    let mut game = Game::new(Position::start());
    for mv in moves {
        game.play(mv).expect("the openings are legal");
    }
    // Which player (A = 0, B = 1) plays each colour.
    let who = |side: Side| usize::from(side != a_side);
    let finish = |winner: Option<Side>, reason: String, game: &Game| GameRecord {
        index,
        opening,
        a_side,
        winner,
        reason,
        plies: game.moves().len(),
        moves: game.moves().to_vec(),
    };
    for side in Side::BOTH {
        if let Err(e) = players[who(side)].new_game() {
            return finish(Some(side.opponent()), format!("{side}: {e}"), &game);
        }
    }
    // Time left by colour (signed: below zero is a loss), with a clock.
    let mut left = clock.map(|(time, _)| [time as i64; 2]);
    loop {
        if let Some(outcome) = game.outcome() {
            return finish(outcome.winner(), reason(outcome), &game);
        }
        if game.moves().len() >= MAX_PLIES {
            return finish(
                None,
                format!("draw (stopped after {MAX_PLIES} plies)"),
                &game,
            );
        }
        let side = game.position().side_to_move();
        let p = who(side);
        let go = match (clock, left) {
            (Some((_, increment)), Some(l)) => Go {
                clock: Some(Clock {
                    red: l[0].max(0) as u64,
                    black: l[1].max(0) as u64,
                    increment,
                }),
                ..Go::default()
            },
            _ => limits[p],
        };
        let start = Instant::now();
        let choice = players[p].choose(&game, go);
        let spent = start.elapsed();
        times[p].add(spent);
        if let (Some((_, increment)), Some(l)) = (clock, left.as_mut()) {
            let t = &mut l[side.index()];
            *t -= spent.as_millis() as i64;
            if *t < 0 {
                return finish(Some(side.opponent()), format!("{side} lost on time"), &game);
            }
            *t += increment as i64;
        }
        match choice {
            Ok(mv) => {
                if let Err(e) = game.play(mv) {
                    return finish(
                        Some(side.opponent()),
                        format!("{side} played an illegal move: {e}"),
                        &game,
                    );
                }
            }
            Err(e) => return finish(Some(side.opponent()), format!("{side}: {e}"), &game),
        }
    }
}

fn reason(outcome: Outcome) -> String {
    outcome.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_opening_is_legal_and_distinct() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..OPENINGS.len() {
            let (_, moves) = opening(i);
            let mut game = Game::new(Position::start());
            for mv in moves {
                game.play(mv).unwrap();
            }
            assert!(game.outcome().is_none());
            assert!(seen.insert(game.position().hash()), "opening {i} repeats");
            assert!(
                seen.insert(game.position().mirrored().hash()),
                "opening {i} mirrors another"
            );
        }
    }

    #[test]
    fn player_specs_parse_and_print_back() {
        for text in [
            "engine:hard",
            "uci:/usr/games/fairy-stockfish",
            "ucci:eleeye",
        ] {
            let spec: PlayerSpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
        }
        assert_eq!(
            "uci:lanqi engine xiangqi".parse::<PlayerSpec>().unwrap(),
            PlayerSpec::Uci("lanqi engine xiangqi".into())
        );
        for bad in ["engine:expert", "uci:", "random", "greedy:x"] {
            assert!(bad.parse::<PlayerSpec>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_short_match_at_fixed_depth_adds_up() {
        let config = MatchConfig {
            players: [
                PlayerSpec::Engine(Level::Easy),
                PlayerSpec::Engine(Level::Easy),
            ],
            limits: [
                Go {
                    depth: Some(2),
                    ..Go::default()
                },
                Go {
                    depth: Some(1),
                    ..Go::default()
                },
            ],
            clock: None,
            games: 2,
            first_game: 0,
            hash_mb: 1,
            from_start: false,
        };
        let mut seen = 0;
        let report = run_match(config, |_| seen += 1).unwrap();
        assert_eq!(seen, 2);
        let (w, d, l) = report.wdl();
        assert_eq!(w + d + l, 2);
        assert_eq!(report.games[0].a_side, Side::Red);
        assert_eq!(report.games[1].a_side, Side::Black);
        assert!(
            report
                .to_string()
                .starts_with(&format!("wins {w} draws {d} losses {l}\n"))
        );
    }
}
