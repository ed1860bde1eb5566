//! A referee for games between [`Player`]s: it holds the full-information game and tells
//! each player only what that player may learn (every move's from/to, the battle result,
//! a flag revealed when its marshal dies), never the other layout. Matches alternate sides
//! and report a score with a confidence interval and the time each player took per move.

use std::fmt;
use std::time::{Duration, Instant};

use crate::rules::junqi::board::headquarters_of;
use crate::rules::junqi::{Game, Kind, Position, RuleSet, Side};

use super::{Player, PlayerSpec};

/// Games stop as drawn after this many plies (only reachable with no no-battle rule).
pub const MAX_PLIES: u32 = 5000;

/// A match: who plays, how many games, the seed, the rules.
#[derive(Clone, Copy, Debug)]
pub struct MatchConfig {
    /// Player A, whose score is reported.
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// Number of games; A is South (and moves first) in the even-numbered ones.
    pub games: u32,
    /// The number of the first game: a long match can be split between processes
    /// (`first_game` 0 and 100 with 100 games each play the games of one 200-game match).
    pub first_game: u32,
    /// Everything random in the match (layouts, players' choices) follows from it.
    pub seed: u64,
    /// The rules of every game.
    pub rules: RuleSet,
    /// Whether engines also stop at their level's time limit (otherwise only their node
    /// budget counts, and the match is reproducible).
    pub timed: bool,
    /// A node budget for engines instead of their level's.
    pub nodes: Option<u64>,
    /// A node budget for player A alone (before `nodes`), to match one level against
    /// itself with more or less to think with.
    pub a_nodes: Option<u64>,
    /// The same for player B.
    pub b_nodes: Option<u64>,
    /// A time limit a move for player A's engine alone, instead of its level's (with
    /// `timed`), to match a level against itself with more or less time.
    pub a_time: Option<Duration>,
    /// The same for player B.
    pub b_time: Option<Duration>,
}

/// How one game of a match ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The side player A played (South moves first).
    pub a_side: Side,
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why, in words.
    pub reason: String,
    /// Plies played.
    pub plies: u32,
}

impl GameRecord {
    /// A's score: 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn a_score(&self) -> f64 {
        match self.winner {
            Some(w) if w == self.a_side => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }
    }
}

/// Thinking time per move of one player: wall-clock, and the CPU time of the thread
/// (which a busy machine does not inflate; Linux only, else zero).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTimes {
    /// Moves chosen.
    pub moves: u64,
    /// Their total wall-clock time.
    pub total: Duration,
    /// The longest wall-clock time.
    pub worst: Duration,
    /// Their total CPU time.
    pub cpu_total: Duration,
    /// The longest CPU time.
    pub cpu_worst: Duration,
}

impl MoveTimes {
    fn add(&mut self, t: Duration, cpu: Duration) {
        self.moves += 1;
        self.total += t;
        self.worst = self.worst.max(t);
        self.cpu_total += cpu;
        self.cpu_worst = self.cpu_worst.max(cpu);
    }

    /// The mean wall-clock time per move.
    pub fn mean(&self) -> Duration {
        self.total
            .checked_div(self.moves.max(1) as u32)
            .unwrap_or_default()
    }

    /// The mean CPU time per move.
    pub fn cpu_mean(&self) -> Duration {
        self.cpu_total
            .checked_div(self.moves.max(1) as u32)
            .unwrap_or_default()
    }
}

/// The CPU time this thread has used, from `/proc/thread-self/schedstat` (nanoseconds on
/// the CPU); zero where that does not exist.
fn thread_cpu() -> Duration {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<u64>().ok())
        .map(Duration::from_nanos)
        .unwrap_or_default()
}

/// The result of a match, from player A's side.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// The match played.
    pub config: MatchConfig,
    /// Every game, in order.
    pub games: Vec<GameRecord>,
    /// A's and B's thinking times.
    pub times: [MoveTimes; 2],
}

impl MatchReport {
    /// Wins, draws and losses of A.
    pub fn wdl(&self) -> (u32, u32, u32) {
        let mut wdl = (0, 0, 0);
        for g in &self.games {
            match g.a_score() {
                1.0 => wdl.0 += 1,
                0.0 => wdl.2 += 1,
                _ => wdl.1 += 1,
            }
        }
        wdl
    }

    /// A's score (a draw counts half) and its 95% Wilson interval.
    pub fn score(&self) -> (f64, f64, f64) {
        let n = self.games.len() as f64;
        if n == 0.0 {
            return (0.0, 0.0, 1.0);
        }
        let p = self.games.iter().map(GameRecord::a_score).sum::<f64>() / n;
        let z = 1.96f64;
        let denominator = 1.0 + z * z / n;
        let centre = (p + z * z / (2.0 * n)) / denominator;
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denominator;
        (p, (centre - half).max(0.0), (centre + half).min(1.0))
    }
}

impl fmt::Display for MatchReport {
    /// `wins N draws N losses N`, then `score S (95% CI L to H)`, then each player's times.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, d, l) = self.wdl();
        writeln!(f, "wins {w} draws {d} losses {l}")?;
        let (p, lo, hi) = self.score();
        writeln!(f, "score {p:.4} (95% CI {lo:.4} to {hi:.4})")?;
        for (name, spec, t) in [
            ("a", self.config.a, self.times[0]),
            ("b", self.config.b, self.times[1]),
        ] {
            writeln!(
                f,
                "{name} {spec}: {} moves; wall mean {:.4} s, worst {:.4} s; cpu mean {:.4} s, worst {:.4} s per move",
                t.moves,
                t.mean().as_secs_f64(),
                t.worst.as_secs_f64(),
                t.cpu_mean().as_secs_f64(),
                t.cpu_worst.as_secs_f64()
            )?;
        }
        Ok(())
    }
}

/// A seed for a part of a game, mixed from the match seed (SplitMix64).
pub fn mix(seed: u64, a: u64, b: u64) -> u64 {
    let mut z = seed
        .wrapping_add(a.wrapping_mul(0x9e37_79b9_7f4a_7c15))
        .wrapping_add(b.wrapping_mul(0xbf58_476d_1ce4_e5b9));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays game number `index` of a match; adds each player's thinking times to `times`
/// (A first).
pub fn play_game(config: &MatchConfig, index: u32, times: &mut [MoveTimes; 2]) -> GameRecord {
    let a_side = if index.is_multiple_of(2) {
        Side::South
    } else {
        Side::North
    };
    let first = Side::South;
    let trace = std::env::var_os("LANQI_JUNQI_TRACE").is_some();
    let seed = |part: u64| mix(config.seed, index as u64, part);
    // Players by side: [South, North], and which of A (0) and B (1) each is.
    let who = match a_side {
        Side::South => [0usize, 1],
        Side::North => [1, 0],
    };
    let specs = [config.a, config.b];
    let layouts = who.map(|p| specs[p].layout(seed(p as u64 + 1)));
    let mut players: Vec<Box<dyn Player>> = Side::BOTH
        .iter()
        .map(|&side| {
            let p = who[side.index()];
            specs[p].create(
                side,
                &layouts[side.index()],
                first,
                config.rules,
                seed(p as u64 + 11),
            )
        })
        .collect();
    let budgets = who.map(|p| {
        let mut budget = specs[p].budget(config.timed);
        let own = [config.a_nodes, config.b_nodes][p];
        if let (PlayerSpec::Engine(_) | PlayerSpec::Previous(_), Some(n)) =
            (specs[p], own.or(config.nodes))
        {
            budget.nodes = n;
        }
        if let (PlayerSpec::Engine(_) | PlayerSpec::Previous(_), true, Some(t)) =
            (specs[p], config.timed, [config.a_time, config.b_time][p])
        {
            budget.time = Some(t);
        }
        budget
    });
    let mut game = Game::new(
        Position::from_layouts(&layouts[0], &layouts[1], first),
        config.rules,
    );
    let finish = |winner: Option<Side>, reason: String, game: &Game| GameRecord {
        a_side,
        winner,
        reason,
        plies: game.position().ply(),
    };
    loop {
        if let Some(outcome) = game.outcome() {
            return finish(outcome.winner(), outcome.reason(), &game);
        }
        if game.position().ply() >= MAX_PLIES {
            return finish(None, format!("stopped after {MAX_PLIES} plies"), &game);
        }
        let side = game.position().side_to_move();
        let (start, cpu) = (Instant::now(), thread_cpu());
        let choice = players[side.index()].choose(budgets[side.index()]);
        times[who[side.index()]].add(start.elapsed(), thread_cpu().saturating_sub(cpu));
        let Some(mv) = choice else {
            return finish(
                Some(side.opponent()),
                format!("{side} found no move"),
                &game,
            );
        };
        let revealed_before = Side::BOTH.map(|s| game.position().flag_revealed(s));
        let kinds = (
            game.position().piece_at(mv.from).map(|p| p.kind),
            game.position().piece_at(mv.to).map(|p| p.kind),
        );
        let battle = match game.play(mv) {
            Ok(b) => b,
            Err(e) => {
                return finish(
                    Some(side.opponent()),
                    format!("{side} played an illegal move: {e}"),
                    &game,
                );
            }
        };
        let result = battle.map(|b| b.result);
        if trace {
            // A diagnostic, for whoever studies how games are lost: every move with both
            // kinds, as only the referee knows them.
            eprintln!(
                "trace game {index} ply {} {} {mv} {:?} x {:?} {:?}",
                game.position().ply(),
                if who[side.index()] == 0 { "A" } else { "B" },
                kinds.0,
                kinds.1,
                result
            );
        }
        for p in &mut players {
            p.observe(mv, result)
                .expect("a player accepts every true observation");
        }
        for s in Side::BOTH {
            if !revealed_before[s.index()] && game.position().flag_revealed(s) {
                let flag = headquarters_of(s).into_iter().find(|&hq| {
                    game.position()
                        .piece_at(hq)
                        .is_some_and(|p| p.side == s && p.kind == Kind::Flag)
                });
                if let Some(at) = flag {
                    for p in &mut players {
                        p.observe_flag(s, at)
                            .expect("a player accepts every true observation");
                    }
                }
            }
        }
    }
}

/// Plays a whole match, calling `each` after every game with its number and record.
pub fn run_match(config: MatchConfig, mut each: impl FnMut(u32, &GameRecord)) -> MatchReport {
    let mut times = [MoveTimes::default(); 2];
    let mut games = Vec::with_capacity(config.games as usize);
    for i in config.first_game..config.first_game.saturating_add(config.games) {
        let record = play_game(&config, i, &mut times);
        each(i, &record);
        games.push(record);
    }
    MatchReport {
        config,
        games,
        times,
    }
}
