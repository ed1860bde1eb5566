//! A Junqi computer player that plays under hidden information, fairly.
//!
//! A [`JunqiPlayer`] sees only what a player may see: its own layout, every move's from/to
//! (both sides', in absolute squares), the [`BattleResult`] of each move onto an enemy
//! piece, and a flag revealed when its field marshal dies. From these it keeps a
//! [`Knowledge`] of each enemy piece (one that moved is neither a landmine nor the flag; one
//! that turned a corner on the rails is an engineer; one that beat an attacking 师长 is a
//! 军长, a 司令 or a landmine...), samples enemy layouts consistent with it, searches each
//! sample with alpha-beta, and plays the move with the best average score (determinized
//! search, "perfect-information Monte Carlo").
//!
//! Use it like this, one player per game and side:
//!
//! ```
//! use lanqi::engine::junqi::{JunqiPlayer, Level, Player, deploy};
//! use lanqi::rules::junqi::{Layout, Position, RuleSet, Side};
//!
//! let ours = deploy(7); // the engine's deployment
//! let theirs = Layout::random(8); // never shown to the engine
//! let rules = RuleSet::default();
//! let mut engine = JunqiPlayer::new(Level::Easy, Side::South, &ours, Side::South, rules, 1);
//! // A referee (here a full position; in a network game, the peer protocol) plays the move
//! // and tells the engine what a player learns: the move and its battle result, if any.
//! let referee = Position::from_layouts(&ours, &theirs, Side::South);
//! let mv = engine.choose(Level::Easy.fixed_budget()).expect("a legal move");
//! let (_, battle) = referee.play(mv).expect("the engine plays legal moves");
//! engine.observe(mv, battle.map(|b| b.result)).unwrap();
//! // ...then the opponent's moves the same way, and `observe_flag` when a marshal dies.
//! ```
//!
//! [`Player`] is the common face of the engine and the simple [`RandomPlayer`] and
//! [`GreedyPlayer`]; [`PlayerSpec`] names one (`random`, `greedy`, `engine:hard`...) and
//! builds it with its own deployment. [`referee`] plays matches between them.

pub mod belief;
pub mod ccgc;
mod deploy;
pub mod knowledge;
pub mod referee;
pub mod search;

use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

pub use belief::BeliefPlayer;
pub use deploy::deploy;
pub use knowledge::{Cell, EnemyPiece, Knowledge, ObserveError};

use crate::rules::junqi::{BattleResult, Kind, Layout, Move, RuleSet, Side, Square};
use search::{Aborted, Searcher, Tune};

pub use crate::engine::Level;

impl Level {
    /// Search depth in plies (plus captures).
    fn depth(self) -> u32 {
        match self {
            Level::Easy => 1,
            Level::Medium => 2,
            Level::Hard => 3,
        }
    }

    /// The node budget of a move in matches and tests (no clock): at `hard` about 0.3 s
    /// of CPU a move on the development machine (a 200-game match against `belief` takes
    /// over an hour of one core), and small at `easy`, which is meant to stay beatable by
    /// a beginner.
    fn nodes(self) -> u64 {
        match self {
            Level::Easy => 40_000,
            Level::Medium => 500_000,
            Level::Hard => 1_000_000,
        }
    }

    /// The level's budget for real play: its match node budget, bounded by its time limit
    /// on a slow machine. (Caps that let `medium` and `hard` think for their whole time
    /// limit were tried in #28's third round; `hard` at 2 s lost to itself at 0.2 s, see
    /// docs/MEASUREMENTS.md.)
    pub fn budget(self) -> Budget {
        Budget {
            nodes: self.nodes(),
            time: Some(self.time_limit()),
        }
    }

    /// The level's node budget without a clock: the same moves on every machine, for
    /// reproducible matches and tests (it may take longer than the time limit on a slow
    /// or busy machine).
    pub fn fixed_budget(self) -> Budget {
        Budget {
            nodes: self.nodes(),
            time: None,
        }
    }
}

/// How much the engine may think about one move: a node budget, and optionally a
/// wall-clock limit. With no time limit the choice depends only on the seed and the
/// observations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Budget {
    /// Search nodes (positions visited); the engine stops sampling once it has used them
    /// (it always searches at least one sampled layout to the end).
    pub nodes: u64,
    /// Stop after this long, whatever is left of the nodes.
    pub time: Option<Duration>,
}

/// A player of one side of one game that learns only what that side may learn.
pub trait Player {
    /// Records a move of either side, in turn order, with its battle result if it was a
    /// battle (from the attacker's point of view).
    fn observe(&mut self, mv: Move, result: Option<BattleResult>) -> Result<(), ObserveError>;
    /// Records that `side`'s flag is shown on `at` (its field marshal died); call it right
    /// after the `observe` of the move that killed the marshal.
    fn observe_flag(&mut self, side: Side, at: Square) -> Result<(), ObserveError>;
    /// This player's move (it must be its turn); `None` if it has no legal move.
    fn choose(&mut self, budget: Budget) -> Option<Move>;
}

/// The computer player: determinized alpha-beta search over enemy layouts sampled from
/// what it knows.
#[derive(Clone, Debug)]
pub struct JunqiPlayer {
    level: Level,
    tune: Tune,
    knowledge: Knowledge,
    rng: ChaCha8Rng,
    /// How many positions the last `choose` searched, and on how many samples.
    last: (u64, u32),
}

impl JunqiPlayer {
    /// A player of `side`, which deployed `own`, in a game where `first` moves first under
    /// `rules`; its random choices follow from `seed`.
    pub fn new(
        level: Level,
        side: Side,
        own: &Layout,
        first: Side,
        rules: RuleSet,
        seed: u64,
    ) -> JunqiPlayer {
        JunqiPlayer {
            level,
            tune: Tune::for_level(level),
            knowledge: Knowledge::new(side, own, first, rules),
            rng: ChaCha8Rng::seed_from_u64(seed),
            last: (0, 0),
        }
    }

    /// The same player with some refinements switched off (to measure what they are worth).
    pub fn with_tune(mut self, tune: Tune) -> JunqiPlayer {
        self.tune = tune;
        self
    }

    /// What the player knows.
    pub fn knowledge(&self) -> &Knowledge {
        &self.knowledge
    }

    /// The player's level.
    pub fn level(&self) -> Level {
        self.level
    }

    /// Nodes searched and samples used by the last [`Player::choose`].
    pub fn last_search(&self) -> (u64, u32) {
        self.last
    }

    /// The search: sample, score every legal move on the sample, average.
    fn think(&mut self, moves: &[Move], budget: Budget) -> Move {
        let start = Instant::now();
        let deadline = budget.time.map(|t| start + t);
        let depth = self.level.depth();
        let rules = self.knowledge.rules();
        let mut totals = vec![0i64; moves.len()];
        let mut samples = 0u32;
        let mut nodes = 0u64;
        while (samples == 0 || nodes < budget.nodes) && samples < 4096 {
            let sample = if self.tune.priors && self.tune.guarded {
                self.knowledge.sample_guarded(&mut self.rng)
            } else {
                self.knowledge.sample_with(&mut self.rng, self.tune.priors)
            };
            let Some(position) = sample else {
                break;
            };
            // The first sample always completes: a move needs at least one.
            let mut searcher =
                Searcher::new(rules, self.tune, if samples == 0 { None } else { deadline });
            let mut scores = Vec::with_capacity(moves.len());
            let mut aborted = false;
            for &mv in moves {
                match searcher.score_move(&position, mv, depth) {
                    Ok(s) => scores.push(s),
                    Err(Aborted) => {
                        aborted = true;
                        break;
                    }
                }
            }
            nodes += searcher.nodes;
            if aborted {
                break;
            }
            for (t, s) in totals.iter_mut().zip(scores) {
                let s = if self.tune.squash {
                    search::squash(s)
                } else {
                    s
                };
                *t += i64::from(s);
            }
            samples += 1;
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        self.last = (nodes, samples);
        // Discourage repeating positions: the third occurrence is a draw.
        let n = samples.max(1) as i64;
        if self.tune.reveal {
            for (i, &mv) in moves.iter().enumerate() {
                totals[i] += self.reveal_worth(mv) as i64 * n;
            }
        }
        for (i, &mv) in moves.iter().enumerate() {
            if self.knowledge.enemy_at(mv.to).is_none() {
                let seen = self.knowledge.repetitions_after(mv) as i64;
                totals[i] -= seen * 40 * n;
            }
        }
        // The no-battle rule ahead: if at our next turn a quiet move would lose by it, a
        // quiet move now should leave us a battle to play then.
        if self.tune.flag_danger && self.knowledge.quiet_move_loses_in(2) {
            for (i, &mv) in moves.iter().enumerate() {
                if self.knowledge.enemy_at(mv.to).is_none() && !self.knowledge.battle_after(mv) {
                    totals[i] -= 300 * n;
                }
            }
        }
        // Never a quiet move that loses by the no-battle rule while a battle is possible
        // (the samples may not all see it, and the shallow levels may not look far enough).
        let allowed = no_battle_allowed(&self.knowledge, moves);
        let best = (0..moves.len())
            .filter(|&i| allowed[i])
            .map(|i| totals[i])
            .max()
            .expect("some moves");
        let ties: Vec<usize> = (0..moves.len())
            .filter(|&i| allowed[i] && totals[i] == best)
            .collect();
        moves[ties[(self.rng.next_u32() as usize) % ties.len()]]
    }
}

/// Which of `moves` the no-battle rule leaves open: all of them, unless a quiet move now
/// loses by it and some move is a battle; then only the battles.
pub fn no_battle_allowed(knowledge: &Knowledge, moves: &[Move]) -> Vec<bool> {
    let battle = |mv: &Move| knowledge.enemy_at(mv.to).is_some();
    if knowledge.quiet_move_loses() && moves.iter().any(battle) {
        moves.iter().map(battle).collect()
    } else {
        vec![true; moves.len()]
    }
}

impl JunqiPlayer {
    /// What an attack tells, in evaluation units: a high officer that wins shows the enemy
    /// where its strength is (the field marshal most: the bombs come for it), and a low
    /// piece thrown at an unknown one learns what it is.
    fn reveal_worth(&self, mv: Move) -> i32 {
        let (Cell::Own(mover), Some(target)) =
            (self.knowledge.cell(mv.from), self.knowledge.enemy_at(mv.to))
        else {
            return 0;
        };
        let unknown = target.possible.count_ones() as i32;
        let shown = match mover {
            Kind::FieldMarshal => 60,
            Kind::General => 35,
            Kind::MajorGeneral => 15,
            _ => 0,
        };
        let learnt = match mover {
            Kind::Lieutenant | Kind::Captain => 3 * (unknown - 1).max(0),
            _ => 0,
        };
        learnt - if unknown > 1 { shown } else { 0 }
    }
}

impl Player for JunqiPlayer {
    fn observe(&mut self, mv: Move, result: Option<BattleResult>) -> Result<(), ObserveError> {
        self.knowledge.observe(mv, result)
    }

    fn observe_flag(&mut self, side: Side, at: Square) -> Result<(), ObserveError> {
        self.knowledge.observe_flag(side, at)
    }

    fn choose(&mut self, budget: Budget) -> Option<Move> {
        let moves = self.knowledge.legal_moves();
        match moves.len() {
            0 => None,
            1 => Some(moves[0]),
            _ => Some(self.think(&moves, budget)),
        }
    }
}

/// Plays a uniformly random legal move.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    knowledge: Knowledge,
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player of `side` with layout `own`.
    pub fn new(side: Side, own: &Layout, first: Side, rules: RuleSet, seed: u64) -> RandomPlayer {
        RandomPlayer {
            knowledge: Knowledge::new(side, own, first, rules),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn observe(&mut self, mv: Move, result: Option<BattleResult>) -> Result<(), ObserveError> {
        self.knowledge.observe(mv, result)
    }

    fn observe_flag(&mut self, side: Side, at: Square) -> Result<(), ObserveError> {
        self.knowledge.observe_flag(side, at)
    }

    fn choose(&mut self, _budget: Budget) -> Option<Move> {
        let moves = self.knowledge.legal_moves();
        (!moves.is_empty()).then(|| moves[(self.rng.next_u64() % moves.len() as u64) as usize])
    }
}

/// Makes a battle whenever it can, attacking with its highest-ranked piece that can (a
/// bomb counts below every officer), at random among equals; otherwise moves at random.
#[derive(Clone, Debug)]
pub struct GreedyPlayer {
    knowledge: Knowledge,
    rng: ChaCha8Rng,
}

impl GreedyPlayer {
    /// A greedy player of `side` with layout `own`.
    pub fn new(side: Side, own: &Layout, first: Side, rules: RuleSet, seed: u64) -> GreedyPlayer {
        GreedyPlayer {
            knowledge: Knowledge::new(side, own, first, rules),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for GreedyPlayer {
    fn observe(&mut self, mv: Move, result: Option<BattleResult>) -> Result<(), ObserveError> {
        self.knowledge.observe(mv, result)
    }

    fn observe_flag(&mut self, side: Side, at: Square) -> Result<(), ObserveError> {
        self.knowledge.observe_flag(side, at)
    }

    fn choose(&mut self, _budget: Budget) -> Option<Move> {
        let moves = self.knowledge.legal_moves();
        let kind_of = |mv: &Move| match self.knowledge.cell(mv.from) {
            Cell::Own(kind) => kind,
            _ => unreachable!("a legal move starts on an own piece"),
        };
        let attacks: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|mv| self.knowledge.enemy_at(mv.to).is_some())
            .collect();
        let pool: Vec<Move> = match attacks.iter().map(kind_of).min() {
            // Kinds are in rank order, field marshal first; the bomb comes after them.
            Some(top) => attacks.into_iter().filter(|m| kind_of(m) == top).collect(),
            None => moves,
        };
        (!pool.is_empty()).then(|| pool[(self.rng.next_u64() % pool.len() as u64) as usize])
    }
}

/// A kind of player, by name: `random`, `greedy`, `belief`, `engine:easy`, `engine:medium`,
/// `engine:hard` (`engine` alone is `engine:hard`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PlayerSpec {
    /// [`RandomPlayer`].
    Random,
    /// [`GreedyPlayer`].
    Greedy,
    /// [`BeliefPlayer`]: the belief baseline.
    Belief,
    /// [`BeliefPlayer::old`]: the first, weaker belief baseline.
    BeliefOld,
    /// [`JunqiPlayer`] at a level.
    Engine(Level),
    /// [`JunqiPlayer`] at a level as it played before this round of #28's work
    /// ([`Tune::PREVIOUS`]: the later refinements off), to measure against (`prev:LEVEL`).
    Previous(Level),
}

impl PlayerSpec {
    /// The layout this kind of player deploys for a seed: the engine's [`deploy`], the
    /// others [`Layout::random`].
    pub fn layout(self, seed: u64) -> Layout {
        match self {
            PlayerSpec::Engine(_) | PlayerSpec::Previous(_) => deploy(seed),
            // Its own stream of the same sound generator, not the engine's layouts.
            PlayerSpec::Belief | PlayerSpec::BeliefOld => deploy(seed ^ 0xbe11_ef00),
            _ => Layout::random(seed),
        }
    }

    /// A player of this kind for one side of one game.
    pub fn create(
        self,
        side: Side,
        own: &Layout,
        first: Side,
        rules: RuleSet,
        seed: u64,
    ) -> Box<dyn Player> {
        match self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(side, own, first, rules, seed)),
            PlayerSpec::Greedy => Box::new(GreedyPlayer::new(side, own, first, rules, seed)),
            PlayerSpec::Belief => Box::new(BeliefPlayer::new(side, own, first, rules, seed)),
            PlayerSpec::BeliefOld => Box::new(BeliefPlayer::old(side, own, first, rules, seed)),
            PlayerSpec::Engine(level) => {
                let player = JunqiPlayer::new(level, side, own, first, rules, seed);
                Box::new(match std::env::var("LANQI_JUNQI_OFF") {
                    Ok(off) => player.with_tune(Tune::for_level(level).without(&off)),
                    Err(_) => player,
                })
            }
            PlayerSpec::Previous(level) => Box::new(
                JunqiPlayer::new(level, side, own, first, rules, seed).with_tune(Tune::PREVIOUS),
            ),
        }
    }

    /// The budget this player thinks with: the level's node budget, capped by its time
    /// limit when `timed`.
    pub fn budget(self, timed: bool) -> Budget {
        match self {
            PlayerSpec::Engine(level) | PlayerSpec::Previous(level) if timed => level.budget(),
            PlayerSpec::Engine(level) | PlayerSpec::Previous(level) => level.fixed_budget(),
            _ => Budget {
                nodes: 0,
                time: None,
            },
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Belief => f.write_str("belief"),
            PlayerSpec::BeliefOld => f.write_str("belief:old"),
            PlayerSpec::Engine(level) => write!(f, "engine:{level}"),
            PlayerSpec::Previous(level) => write!(f, "prev:{level}"),
        }
    }
}

impl FromStr for PlayerSpec {
    type Err = String;

    fn from_str(s: &str) -> Result<PlayerSpec, String> {
        match s {
            "random" => Ok(PlayerSpec::Random),
            "greedy" => Ok(PlayerSpec::Greedy),
            "belief" => Ok(PlayerSpec::Belief),
            "belief:old" => Ok(PlayerSpec::BeliefOld),
            "engine" => Ok(PlayerSpec::Engine(Level::Hard)),
            _ if s.starts_with("prev:") => s["prev:".len()..]
                .parse()
                .map(PlayerSpec::Previous)
                .map_err(|e: crate::engine::ParseLevelError| e.to_string()),
            _ => match s.strip_prefix("engine:") {
                Some(level) => level
                    .parse()
                    .map(PlayerSpec::Engine)
                    .map_err(|e: crate::engine::ParseLevelError| e.to_string()),
                None => Err(format!(
                    "unknown player '{s}' (random, greedy, belief, belief:old, engine:easy, engine:medium, engine:hard or prev:LEVEL)"
                )),
            },
        }
    }
}
