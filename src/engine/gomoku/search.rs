//! The search: immediate wins and blocks, then (two seats) a VCF for the seat to move, a
//! check for the opponent's VCF (moves that do not stop it are dropped), a VCT, and an
//! iterative-deepening alpha-beta over the points near stones with a transposition table.
//!
//! Move generation follows the threats: a five is played; another seat's five is blocked
//! (the only moves); when another seat threatens an unstoppable four, only fours and the
//! points of that seat's fours and open-four points are tried; otherwise the best-scored
//! points near stones (attack value plus defence value), a fixed number of them, and when
//! the other seat (of two) can make a four-three, only the points that stop it there and
//! the seat to move's fours (`g43`). Depth is counted in sixteenths of a ply: a forced
//! block uses none, an answer to an open three half a ply, every other move a ply. Past
//! the leaves a position is scored statically (a seat to move that can make an open four
//! wins; on a freestyle board the move into the horizon is only glanced at, not played,
//! see [`State::glance`]). The move the
//! transposition table remembers is tried before the others are generated. Moves after the
//! first get a null window first (principal variation search); two killer moves a ply. Late
//! moves are searched shallower first, by a reduction that grows with the node's depth and
//! the move's number (Rapfi's logarithmic formula, scaled down). Shallow nodes where
//! nothing threatens the seat to move are pruned: a static score far above beta cuts them
//! off, and late quiet moves are skipped. Alpha-beta leaves the last eighth of the nodes (a
//! sixteenth of the time) to check its choice against the other seat's VCT, and plays the
//! next best move that survives the check if any.
//!
//! With three or four seats the search is "paranoid": every other seat plays against the
//! seat at the root, so it blocks whoever threatens to win first. Scores are from the view
//! of the seat to move's team (the root seat, or everyone else).

use std::time::{Duration, Instant};

use super::budget::Budget;
use super::evaluate::{Weights, features};
use super::pattern::{Pat, PatternTable};
use super::policy::Policy;
use super::state::{F_DOUBLE, F_FIVE, F_FOUR, F_THREE, F_WIN, State, Values};
use super::threat::Threats;
use super::tune::{Number, Tune};
use crate::rules::gomoku::{Game, Point, Rule};

/// A won position scores `WIN - plies to the win`.
pub const WIN: i32 = 1_000_000;
const INF: i32 = 2_000_000;
const MAX_PLY: i32 = 64;
/// Alpha-beta counts depth in sixteenths of a ply, so that an extension or a reduction
/// can be part of a ply (as Rapfi's are): a node `depth` deep searches `depth / PLY`
/// plies more.
const PLY: i32 = 16;
/// The transposition table keeps depths in quarter plies (rounded down, so that a stored
/// result is never taken for a deeper one than it was; at most 31¾ plies): every depth
/// alpha-beta searches is a multiple of it (whole plies, answers to threes at half a ply,
/// and `ttmx`'s extension in quarters), so a result is taken again at the depth it was
/// searched to. (Kept in whole plies, a result of a node 7½ plies deep counted as 7 and was
/// never taken at 7½.)
const TT_UNIT: i32 = PLY / 4;
/// The largest a point's history (`history`) grows: each cut-off adds (depth in plies)²
/// · [`HISTORY_BONUS`] to its point's, and takes as much off each move ahead of it in the
/// node's list, both less in proportion as the history is already near this.
const HISTORY_MAX: i32 = 8192;
/// See [`HISTORY_MAX`].
const HISTORY_BONUS: i32 = 32;
/// A point's history over this is added to its score (ten times its value for the seat
/// to move and nine times the other seat's) in move generation, at most 2,048 either way.
/// In self-play at 60,000 and 150,000 nodes a move this won 33-5-22 and 36-1-23 against
/// the search without it (16: 29-1-30; 2: 37-1-22); against Rapfi at 300 ms a move it
/// was level, 47-0-193 over 240 games as without it (docs/MEASUREMENTS.md, #27 eighteenth
/// round).
const HISTORY_DIVISOR: i32 = 4;
/// Answering another seat's open three uses a ply less this much (sixteenths of a ply,
/// `aext`): a three and its answer cost a ply and a half, not two, so that sequences of
/// threes are seen further (a four and its block cost one ply: the block uses none).
const ANSWER_EXTENSION: i32 = 8;
/// The nodes a millisecond a timed search's threat searches count their shares from (the
/// engine's speed when the shares were set; it now searches two to three times as many,
/// and the shares were left in nodes, so alpha-beta got the time saved).
const NODES_A_MS: u64 = 300;
/// How many attacking moves the root's VCT for the seat to move looks ahead (10 cost far
/// more nodes than they found wins at 300 ms a move).
const VCT_DEPTH: u32 = 6;
/// A timed search's VCT gets at most this part of the time.
const VCT_PART: u32 = 6;
/// Late-move reductions: move `i` of a node `depth` deep is searched ln(depth)·ln(i + 1)·
/// 100/`LMR_DIVISOR` plies shallower first (Rapfi's formula is the same with 100).
const LMR_DIVISOR: i32 = 150;
/// The first move (0-based) a late-move reduction applies to.
const LMR_FROM: usize = 2;
/// What a double threat the other seat cannot answer with a four is worth at a leaf.
const DOUBLE_THREAT: i64 = 20_000;
/// The fours a root or `verify` VCT may play that cost it no depth (0: none, every threat
/// costs one).
const FOUR_TAIL: u32 = 0;
/// Reverse futility: a quiet shallow node whose static score beats beta by this much a
/// ply is cut off.
const RFP_MARGIN: i32 = 400;
/// Reverse futility applies at most this deep.
const RFP_DEPTH: i32 = 3;
/// Move-count pruning keeps this many quiet moves at depth 1 (and more deeper, see
/// [`Searcher::keep_quiet`]).
const LMP_BASE: usize = 5;
/// Move-count pruning applies at most this deep.
const LMP_DEPTH: i32 = 3;
/// How much deeper (sixteenths of a ply) the table's move is searched at a
/// principal-variation node (`ttmx`; Rapfi's 0.25 ply). With `triv` it scored 0.225
/// against Rapfi at 300 ms over 120 games, the build without both 0.175 beside it; alone
/// 0.522 over 540 self-play games (docs/MEASUREMENTS.md, #27 twenty-fourth round).
const TT_MOVE_EXTENSION: i32 = 4;
/// Below this depth (sixteenths of a ply) moves that make no more than a two for either
/// seat are not searched once one that does not lose was (`triv`; Rapfi's 4.3 plies): in
/// self-play 0.533 over 540 games, and see [`TT_MOVE_EXTENSION`].
const TRIVIAL_DEPTH: i32 = 69;
/// The root's aspiration window on each side of the last iteration's score (`asp`).
const ASPIRATION: i32 = 300;
/// The shallowest node internal iterative reduction (`iir`) applies at.
const IIR_DEPTH: i32 = 3;
/// Alpha-beta's choice is checked against the other seat's VCT with this part of the
/// nodes (`verify`).
const VERIFY_PART: u32 = 8;
/// A timed search keeps this part of its time for the check (its nodes, an eighth, take far
/// less: at 300 ms a move the check took 1.3 ms at the median, 12 ms at the 90th
/// percentile and 15 ms at most, so an eighth of the time left alpha-beta a tenth short).
const VERIFY_TIME_PART: u32 = 16;
/// How many of alpha-beta's best moves the check may try.
const VERIFY_MOVES: usize = 6;
/// With `pol`: a move the fitted ordering scores this far (thousandths of a logit) below
/// the best move is reduced a ply, and this far ([`FAR_GAP`]) two. Rapfi's move is within
/// 2.84 of the best in 90% of positions, within 4.45 in 98%; 17.5% of the moves are within
/// 3 and 27.5% within 4.
const GAP: i32 = 2_500;
/// See [`GAP`].
const FAR_GAP: i32 = 4_000;

/// The transposition table's default size in megabytes (the table gets half of it, a
/// power of two: 256k entries). A table of 16 MB (the old default of 32) made the search
/// wait on its first read of each node: the table's 4,096 pages do not fit the processor's
/// page cache (its TLB), and alpha-beta's own share of a profile was 22%; with this size it
/// is 15% (with 2 MB, 11%). A 300 ms search (about 200,000 nodes, some 90,000 of them
/// stored) is far from filling it; Hard's longer searches overwrite their oldest entries.
pub const DEFAULT_HASH_MB: usize = 8;

/// What a search may spend.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// At most this many nodes (alpha-beta and threat search together).
    pub nodes: Option<u64>,
    /// At most this long (checked every 1024 nodes).
    pub time: Option<Duration>,
    /// At most this many plies of alpha-beta.
    pub depth: Option<u32>,
    /// Whether to look for a VCT (a VCF is always looked for).
    pub vct: bool,
    /// How many moves each node tries, at most.
    pub width: usize,
}

impl Default for Limits {
    /// A million nodes, no clock, no depth limit, VCT on, 14 moves a node.
    fn default() -> Limits {
        Limits {
            nodes: Some(1_000_000),
            time: None,
            depth: None,
            vct: true,
            width: 14,
        }
    }
}

/// Why the search chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    /// The first stone of the game, in the centre.
    Opening,
    /// It makes a winning row.
    Win,
    /// It blocks another seat's five.
    Block,
    /// The first move of a victory by continuous fours.
    Vcf,
    /// The first move of a victory by continuous threats.
    Vct,
    /// The best move alpha-beta found.
    Search,
}

/// A search's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The point to play (`None` only when the game is over or no point is legal).
    pub best: Option<Point>,
    /// Why.
    pub how: How,
    /// The score for the seat to move (see [`WIN`]); 0 unless alpha-beta ran.
    pub score: i32,
    /// The deepest alpha-beta iteration that finished.
    pub depth: u32,
    /// Nodes searched in all.
    pub nodes: u64,
    /// Time spent.
    pub elapsed: Duration,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: i8,
    /// [`EXACT`], [`LOWER`] or [`UPPER`], with [`ON_PV`] if the node is or was on the
    /// principal variation.
    bound: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
/// The bit of [`Entry::bound`] that says the node is or was on the principal variation.
const ON_PV: u8 = 4;

/// A Gomoku searcher: keeps its pattern tables and transposition table between searches.
pub struct Searcher {
    tables: Vec<PatternTable>,
    tt: Vec<Entry>,
    root: u8,
    width: usize,
    ab_nodes: u64,
    /// Whether moves into the horizon are glanced at ([`Searcher::leaf`]).
    glance: bool,
    /// Whether a node the table knows no move for is searched a ply shallower (`iir`).
    iir: bool,
    /// What answering an open three takes off its ply, in sixteenths (`answer`, `aext`).
    answer: i32,
    /// The root's aspiration window on each side of the last iteration's score; 0 for
    /// none (`aspiration`, `asp`).
    aspiration: i32,
    /// Whether a calm node whose static score fell since two plies up prunes and
    /// reduces more (`improving`).
    improving: bool,
    /// How much deeper (sixteenths) the table's move is searched at a principal-variation
    /// node; 0 for none (`ttmove`, `ttmx`).
    tt_move_extension: i32,
    /// Below this depth (sixteenths) trivial moves are pruned; 0 for none (`trivial`,
    /// `triv`).
    trivial_depth: i32,
    /// Per ply, the last two moves that cut the search off there.
    killers: Vec<[usize; 2]>,
    /// What a point's history is divided by before it is added to its score in move
    /// generation; 0 for none (`history`, `hist`).
    history_divisor: i32,
    /// Per seat and cell (each seat's cells after the last one's), how often and how deep
    /// a move there cut the search off, less how often it stood ahead of the move that
    /// did; halved at the start of each search.
    history: Vec<i32>,
    /// The cells a seat's part of `history` has.
    history_cells: usize,
    /// Per ply, the static score of the node on the line being searched, or `i32::MIN`
    /// if it was not calm (`improving`).
    evals: Vec<i32>,
    /// The cell values its boards count with (the current ones but in tests).
    values: Values,
}

impl Default for Searcher {
    fn default() -> Searcher {
        Searcher::new(DEFAULT_HASH_MB)
    }
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        let entries = (hash_mb.clamp(1, 1024) << 20) / std::mem::size_of::<Entry>();
        let size = entries.next_power_of_two() / 2;
        let tune = Tune::current();
        Searcher {
            tables: Vec::new(),
            tt: vec![Entry::default(); size.max(1024)],
            root: 0,
            width: 14,
            ab_nodes: 0,
            glance: tune.glance,
            iir: tune.iir,
            answer: tune.number_if(tune.answer, Number::Aext, ANSWER_EXTENSION),
            aspiration: tune.number_if(tune.aspiration, Number::Asp, ASPIRATION),
            improving: tune.improving,
            tt_move_extension: tune.number_if(tune.ttmove, Number::Ttmx, TT_MOVE_EXTENSION),
            trivial_depth: tune.number_if(tune.trivial, Number::Triv, TRIVIAL_DEPTH),
            killers: Vec::new(),
            history_divisor: tune.number_if(tune.history, Number::Hist, HISTORY_DIVISOR),
            history: Vec::new(),
            history_cells: 0,
            evals: vec![i32::MIN; MAX_PLY as usize + 2],
            values: Values::Current,
        }
    }

    /// Forgets the transposition table (the pattern tables stay: they depend only on the
    /// rules).
    pub fn clear(&mut self) {
        self.tt.fill(Entry::default());
    }

    /// The best point for the seat to move in `game`, within `limits`.
    pub fn search(&mut self, game: &Game, limits: Limits) -> Report {
        let start = Instant::now();
        let deadline = limits.time.map(|t| start + t);
        let mut budget = Budget::new(limits.nodes.unwrap_or(u64::MAX), deadline);
        let mut st = State::with_values(game, std::mem::take(&mut self.tables), self.values);
        let (best, how, score, depth) = self.think(&mut st, game, limits, &mut budget);
        self.tables = st.into_tables();
        Report {
            best,
            how,
            score,
            depth,
            nodes: budget.nodes,
            elapsed: start.elapsed(),
        }
    }

    /// Every point alpha-beta would try in `game`'s position at a node below the root, in
    /// the order it tries them (for measuring the ordering: the search keeps only the
    /// first few).
    pub fn ordered_moves(&mut self, game: &Game) -> Vec<Point> {
        let mut st = State::with_values(game, std::mem::take(&mut self.tables), self.values);
        let width = std::mem::replace(&mut self.width, st.empties());
        let moves = self.moves(&mut st, 1);
        self.width = width;
        let points = moves.into_iter().map(|c| st.point(c)).collect();
        self.tables = st.into_tables();
        points
    }

    /// The first move of a VCF (victory by continuous fours) for the seat to move of a
    /// two-seat game, searching at most `nodes` nodes; `None` if none was found.
    pub fn vcf(&mut self, game: &Game, nodes: u64) -> Option<Point> {
        self.threat_point(game, nodes, |st, budget| {
            Threats::new(st, false, budget, nodes).find(30)
        })
    }

    /// The first move of a VCT (victory by continuous threats: fours and open threes) for
    /// the seat to move of a two-seat game, within `depth` attacking moves and `nodes`
    /// nodes; `None` if none was found.
    pub fn vct(&mut self, game: &Game, nodes: u64, depth: u32) -> Option<Point> {
        self.vct_with_tail(game, nodes, depth, 0)
    }

    /// [`Searcher::vct`] with `depth` open threes and at most `fours` fours on a line of
    /// play, the fours costing no depth ([`Threats::four_tail`]; with a depth of 0, a VCF
    /// of at most `fours` fours).
    pub fn vct_with_tail(
        &mut self,
        game: &Game,
        nodes: u64,
        depth: u32,
        fours: u32,
    ) -> Option<Point> {
        self.threat_point(game, nodes, |st, budget| {
            Threats::new(st, true, budget, nodes)
                .four_tail(fours)
                .find(depth)
        })
    }

    /// The first move of a VCT for the seat to move of a two-seat game found by the
    /// proof-number search within `nodes` nodes; `None` if none was proven.
    pub fn vct_proof(&mut self, game: &Game, nodes: u64) -> Option<Point> {
        self.threat_point(game, nodes, |st, budget| {
            super::proof::Proof::new(st, true, budget, nodes).find()
        })
    }

    /// The point a threat search `find` finds on the board of `game` (none when the game
    /// is over), with a budget of `nodes`.
    fn threat_point(
        &mut self,
        game: &Game,
        nodes: u64,
        find: impl FnOnce(&mut State, &mut Budget) -> Option<usize>,
    ) -> Option<Point> {
        let mut budget = Budget::new(nodes, None);
        let mut st = State::with_values(game, std::mem::take(&mut self.tables), self.values);
        let found = if game.ending().is_none() {
            find(&mut st, &mut budget)
        } else {
            None
        };
        let point = found.map(|c| st.point(c));
        self.tables = st.into_tables();
        point
    }

    fn think(
        &mut self,
        st: &mut State,
        game: &Game,
        limits: Limits,
        budget: &mut Budget,
    ) -> (Option<Point>, How, i32, u32) {
        if game.ending().is_some() || st.empties() == 0 {
            return (None, How::Search, 0, 0);
        }
        let me = st.mover();
        self.root = me;
        self.width = (Tune::current().number(Number::Width, limits.width as i32) as usize).max(2);
        self.killers.clear();
        self.fit_history(st);
        if st.history.is_empty() {
            let centre = st.cell(st.w / 2, st.h / 2);
            return (Some(st.point(centre)), How::Opening, 0, 0);
        }
        if let Some(&c) = st.cells_with(me, F_FIVE).first() {
            return (Some(st.point(c)), How::Win, WIN, 0);
        }
        // The threat searches get a share of the nodes (of a timed search: of
        // `NODES_A_MS` nodes a millisecond), so that alpha-beta always has most of the
        // budget.
        let max = limits.nodes.unwrap_or(u64::MAX);
        let timed = limits.time.map_or(u64::MAX, |t| {
            (t.as_millis() as u64).saturating_mul(NODES_A_MS)
        });
        let share = |part: u64| (max.min(timed) / part).clamp(1, 2_000_000);
        // A timed search also gives each threat search a share of the time from now, as
        // the machine may be slower than the nodes a millisecond assume.
        let slice = |part: u32| limits.time.map(|t| Instant::now() + t / part);
        let two = st.playing() == 2;
        if two && st.count(st.next_seat(), F_FIVE) == 0 {
            if let Some(c) = Threats::new(st, false, budget, share(8))
                .until(slice(16))
                .find(30)
            {
                return (Some(st.point(c)), How::Vcf, WIN, 0);
            }
            let vct = if !limits.vct {
                None
            } else if Tune::current().number(Number::Pn, 0) > 0 {
                super::proof::Proof::new(st, true, budget, share(4))
                    .until(slice(VCT_PART))
                    .find()
            } else {
                Threats::new(st, true, budget, share(4))
                    .until(slice(VCT_PART))
                    .four_tail(four_tail())
                    .find(Tune::current().number(Number::Vct, VCT_DEPTH as i32) as u32)
            };
            if let Some(c) = vct {
                return (Some(st.point(c)), How::Vct, WIN, 0);
            }
        }
        let mut moves = self.moves(st, 0);
        if moves.is_empty() {
            // Nothing near the stones is legal (renju): any legal point.
            moves = st.board_cells().filter(|&c| st.legal(c)).collect();
        }
        if moves.is_empty() {
            return (None, How::Search, 0, 0);
        }
        let forced = self.fives_against(st);
        if two && forced.is_empty() && moves.len() > 1 {
            let until = slice(10);
            moves = self.refute(st, moves, budget, share(8), until, false, 20);
        }
        if moves.len() == 1 {
            let how = if forced.is_empty() {
                How::Search
            } else {
                How::Block
            };
            return (Some(st.point(moves[0])), how, 0, 0);
        }
        // Alpha-beta leaves a part of the time and nodes to check its choice against the
        // other seat's VCT.
        let verify = two && limits.vct && Tune::current().verify;
        let (full_nodes, full_deadline) = (budget.max_nodes, budget.deadline);
        if verify {
            let left = full_nodes.saturating_sub(budget.nodes);
            budget.max_nodes = budget
                .nodes
                .saturating_add(left - left / VERIFY_PART as u64);
            let reserve = limits.time.unwrap_or_default() / VERIFY_TIME_PART;
            budget.deadline = full_deadline.map(|d| d - reserve);
        }
        let (mut best, score, depth, order) = self.deepen(st, moves, limits, budget);
        if verify && score < WIN - 100 {
            let mut check = Budget::new(full_nodes.saturating_sub(budget.nodes), full_deadline);
            best = self.verify(st, best, &order, &mut check, share(VERIFY_PART as u64));
            budget.nodes += check.nodes;
        }
        budget.max_nodes = full_nodes;
        budget.deadline = full_deadline;
        let how = if st
            .seats_from_mover()
            .skip(1)
            .any(|s| st.flags(s, best) & F_FIVE != 0)
        {
            How::Block
        } else {
            How::Search
        };
        (Some(st.point(best)), how, score, depth)
    }

    /// The moves that stop the next seat's VCF (`vct` false) or VCT, found within `depth`
    /// attacking moves, if it has one: `moves` and the points of its threats and of the
    /// seat to move's fours, less each one proven not to stop it (all of `moves` if none
    /// does). A check cut short by the budget proves nothing. (Refuting the VCT at the
    /// root, with VCTs of 6 attacking moves, lost to the build without it, 14-1-45 at
    /// 100 ms a move: the threat search's VCT claims too much and takes the time.)
    #[allow(clippy::too_many_arguments)]
    fn refute(
        &mut self,
        st: &mut State,
        moves: Vec<usize>,
        budget: &mut Budget,
        limit: u64,
        until: Option<Instant>,
        vct: bool,
        depth: u32,
    ) -> Vec<usize> {
        let spent = budget.nodes;
        // Some(true): it wins; Some(false): it does not; None: not known.
        let threat = |st: &mut State, budget: &mut Budget| {
            let left = (spent + limit).saturating_sub(budget.nodes);
            let mut t = Threats::new(st, vct, budget, left).until(until);
            match t.find(depth) {
                Some(_) => Some(true),
                None if t.aborted() => None,
                None => Some(false),
            }
        };
        st.pass();
        let danger = threat(st, budget);
        st.unpass();
        if danger != Some(true) {
            return moves;
        }
        let me = st.mover();
        let them = st.next_seat();
        let mut candidates = moves.clone();
        let wanted = if vct {
            F_FOUR | F_THREE | F_WIN
        } else {
            F_FOUR | F_WIN
        };
        for c in st.cells_near_stones(st.win()) {
            if st.is_empty(c)
                && (st.flags(them, c) & wanted != 0 || st.flags(me, c) & F_FOUR != 0)
                && !candidates.contains(&c)
                && st.legal(c)
            {
                candidates.push(c);
            }
        }
        let mut kept = Vec::new();
        let mut safe = 0;
        for &m in &candidates {
            if budget.stopped()
                || budget.nodes >= spent + limit
                || until.is_some_and(|t| Instant::now() >= t)
            {
                if moves.contains(&m) {
                    kept.push(m);
                }
                continue;
            }
            st.make(m);
            let after = threat(st, budget);
            st.unmake();
            match after {
                Some(true) => {}
                Some(false) => {
                    safe += 1;
                    kept.push(m);
                }
                None => {
                    if moves.contains(&m) {
                        kept.push(m);
                    }
                }
            }
        }
        if safe == 0 { moves } else { kept }
    }

    fn deepen(
        &mut self,
        st: &mut State,
        mut moves: Vec<usize>,
        limits: Limits,
        budget: &mut Budget,
    ) -> (usize, i32, u32, Vec<usize>) {
        let mut best: (usize, i32, u32) = (moves[0], 0, 0);
        let max_depth = limits.depth.unwrap_or(40).clamp(1, 40);
        let asp = self.aspiration;
        'deepening: for depth in 1..=max_depth {
            // With `asp`, from depth 4 a window around the last score (aspiration): a
            // score outside it widens that side and searches again.
            let mut delta = asp;
            let (mut lo, mut hi) = if asp > 0 && depth >= 4 && best.1.abs() < WIN / 4 {
                (best.1 - delta, best.1 + delta)
            } else {
                (-INF, INF)
            };
            // A move that scored at least `hi` in a window this depth: better than the last
            // iteration's best whatever its exact score.
            let mut above: Option<(i32, usize)> = None;
            let mut scored = loop {
                let mut alpha = lo;
                let mut scored: Vec<(i32, usize)> = Vec::with_capacity(moves.len());
                let mut high = None;
                for (i, &m) in moves.iter().enumerate() {
                    let d = (depth as i32 - 1) * PLY;
                    let mut score = if Tune::current().pvs && i > 0 && alpha > -INF {
                        self.child(st, m, d, alpha, alpha + 1, 1, budget)
                    } else {
                        INF
                    };
                    if score > alpha {
                        score = self.child(st, m, d, alpha, hi, 1, budget);
                    }
                    if budget.stopped() {
                        // A move searched to the end that beats the last iteration's best
                        // counts.
                        let settled = scored.iter().copied().filter(|&(s, _)| s > lo);
                        if let Some((score, m)) = above.or(settled.max_by_key(|&(s, _)| s))
                            && m != best.0
                            && (above.is_some() || scored.first().is_some_and(|&(s, _)| score > s))
                        {
                            best = (m, score, best.2);
                        }
                        break 'deepening;
                    }
                    scored.push((score, m));
                    if score >= hi {
                        high = Some((score, m));
                        break;
                    }
                    alpha = alpha.max(score);
                }
                let top = scored.iter().map(|&(s, _)| s).max().unwrap_or(-INF);
                if let Some((score, m)) = high {
                    // Fail high: that move first, and a wider window above.
                    above = Some((score, m));
                    if let Some(i) = moves.iter().position(|&x| x == m) {
                        moves[..=i].rotate_right(1);
                    }
                    delta *= 2;
                    hi = if delta > 8 * asp {
                        INF
                    } else {
                        (best.1 + delta).max(score + 1)
                    };
                } else if top <= lo {
                    // Fail low: a wider window below.
                    delta *= 2;
                    lo = if delta > 8 * asp {
                        -INF
                    } else {
                        best.1 - delta
                    };
                } else {
                    break scored;
                }
            };
            scored.sort_by_key(|&(score, _)| std::cmp::Reverse(score));
            moves = scored.iter().map(|&(_, m)| m).collect();
            best = (scored[0].1, scored[0].0, depth);
            let settled = if Tune::current().number(Number::Lost, 0) > 0 {
                scored[0].0
            } else {
                scored[0].0.abs()
            };
            if settled >= WIN - 100 || moves.len() == 1 {
                break;
            }
        }
        // The moves best first: the last iteration's order, with the move chosen first.
        if let Some(i) = moves.iter().position(|&m| m == best.0) {
            moves[..=i].rotate_right(1);
        }
        (best.0, best.1, best.2, moves)
    }

    /// `best`, or if the other seat then has a VCT (within [`VCT_DEPTH`] threats), the
    /// first move of `order` after which it has none, among the first [`VERIFY_MOVES`];
    /// `best` if none is found safe or the check runs out of nodes or time.
    fn verify(
        &mut self,
        st: &mut State,
        best: usize,
        order: &[usize],
        budget: &mut Budget,
        limit: u64,
    ) -> usize {
        let spent = budget.nodes;
        let mut candidates = vec![best];
        candidates.extend(order.iter().copied().filter(|&m| m != best));
        let tune = Tune::current();
        let depth = tune.number(Number::Vd, VCT_DEPTH as i32) as u32;
        for &m in candidates
            .iter()
            .take(tune.number(Number::Vm, VERIFY_MOVES as i32) as usize)
        {
            let left = (spent + limit).saturating_sub(budget.nodes);
            if left == 0 {
                break;
            }
            st.make(m);
            let until = budget.deadline;
            let (found, aborted) = if tune.number(Number::Pn, 0) > 0 {
                let mut t = super::proof::Proof::new(st, true, budget, left).until(until);
                (t.find().is_some(), t.aborted())
            } else {
                let mut t = Threats::new(st, true, budget, left)
                    .until(until)
                    .four_tail(four_tail());
                (t.find(depth).is_some(), t.aborted())
            };
            st.unmake();
            if aborted {
                break;
            }
            if !found {
                return m;
            }
        }
        best
    }

    /// Plays `m` and searches the child; the score is from the view of the mover at `m`.
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        st: &mut State,
        m: usize,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: i32,
        budget: &mut Budget,
    ) -> i32 {
        if depth <= 0
            && let Some(score) = self.leaf(st, m, ply, budget)
        {
            return score;
        }
        let mover = st.mover();
        st.make(m);
        let same = (st.mover() == self.root) == (mover == self.root);
        let score = if same {
            self.alpha_beta(st, depth, alpha, beta, ply, budget)
        } else {
            -self.alpha_beta(st, depth, -beta, -alpha, ply, budget)
        };
        st.unmake();
        score
    }

    /// [`Searcher::child`] at the horizon of a two-seat freestyle board, from a glance at
    /// the move instead of playing it: the same score (from the view of the mover at `m`)
    /// and the same node counted, or `None` when the child is not a leaf (the other seat
    /// must then block a five) or the board cannot glance. The checks mirror the top of
    /// [`Searcher::alpha_beta`] at depth 0 (`glancing_at_the_horizon_searches_as_playing_it_does`
    /// holds them to it).
    fn leaf(&mut self, st: &mut State, m: usize, ply: i32, budget: &mut Budget) -> Option<i32> {
        let tune = Tune::current();
        if !self.glance || st.playing() != 2 || tune.number(Number::Fit, 0) > 0 {
            return None;
        }
        let mover = st.mover();
        let g = st.glance(m)?;
        // The child's seat to move is the other seat (`ply` is the child's already).
        let (me, them) = (st.next_seat(), mover);
        let fives = g.count(them, F_FIVE);
        if g.count(me, F_FIVE) == 0 && st.empties() > 1 && fives == 1 {
            return None;
        }
        budget.nodes += 1;
        self.ab_nodes += 1;
        let score = if budget.stop() {
            0
        } else if g.count(me, F_FIVE) > 0 {
            WIN - ply
        } else if st.empties() == 1 {
            0
        } else if fives >= 2 {
            -(WIN - ply - 1)
        } else if g.count(me, F_WIN) > 0 {
            WIN - ply - 2
        } else {
            let threat = g.count(me, F_DOUBLE) > 0 && g.count(them, F_FOUR) == 0;
            static_score(g.total(me), g.total(them), threat)
        };
        Some(-score)
    }

    /// The negamax score of `st` searched `depth` deep in the window `alpha`..`beta`.
    fn alpha_beta(
        &mut self,
        st: &mut State,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: i32,
        budget: &mut Budget,
    ) -> i32 {
        budget.nodes += 1;
        self.ab_nodes += 1;
        if budget.stop() {
            return 0;
        }
        let me = st.mover();
        if st.count(me, F_FIVE) > 0 {
            return WIN - ply;
        }
        if st.empties() == 0 {
            return 0;
        }
        let forced = self.fives_against(st);
        if forced.len() >= 2 || forced.first().is_some_and(|&c| !st.legal(c)) {
            return -(WIN - ply - 1);
        }
        let tune = Tune::current();
        let two = st.playing() == 2;
        // The other seat threatens an open four (an open three, or a four-making double):
        // the seat to move must answer it.
        let mut danger = false;
        if forced.is_empty() {
            if two
                && st
                    .cells_with(me, F_WIN)
                    .into_iter()
                    .any(|c| !st.forbidden(me, c))
            {
                return WIN - ply - 2;
            }
            danger = two && st.count(st.next_seat(), F_WIN) > 0;
            if depth <= 0 || ply >= MAX_PLY {
                return self.evaluate(st);
            }
        }
        let key = st.hash();
        let slot = (key as usize) & (self.tt.len() - 1);
        let entry = self.tt[slot];
        let mut tt_move = None;
        let non_pv = beta - alpha == 1;
        // On the principal variation now or before (the table says).
        let on_pv = !non_pv || (entry.key == key && entry.bound & ON_PV != 0);
        if entry.key == key {
            tt_move = Some(entry.mv as usize);
            if entry.depth as i32 * TT_UNIT >= depth {
                let s = entry.score;
                match entry.bound & !ON_PV {
                    EXACT => return s,
                    LOWER if s >= beta => return s,
                    UPPER if s <= alpha => return s,
                    _ => {}
                }
            }
        }
        let them = st.next_seat();
        // No threat against the seat to move: no five to block, no open three to answer,
        // no four-three or double three for the other seat to make.
        let calm = forced.is_empty() && two && !danger && st.count(them, F_DOUBLE) == 0;
        let impr = self.improving;
        let p = ply as usize;
        let rfp = tune.rfp && non_pv && depth <= RFP_DEPTH * PLY && beta.abs() < WIN / 4;
        let e = (calm && depth > 0 && (impr || rfp)).then(|| self.evaluate(st));
        // Not improving: calm, and its static score below the one two plies up.
        let worse = impr
            && p < self.evals.len()
            && p >= 2
            && e.is_some_and(|e| self.evals[p - 2] != i32::MIN && e < self.evals[p - 2]);
        if impr && p < self.evals.len() {
            self.evals[p] = e.unwrap_or(i32::MIN);
        }
        if rfp
            && let Some(e) = e
            && e - tune.number(Number::Rfpm, RFP_MARGIN) * depth / PLY >= beta
        {
            return e;
        }
        // A node the table knows no move for (none of its moves was searched here before)
        // is searched a ply shallower: its move order is only the cells' values.
        // With `iirp`, at principal-variation nodes only (as Rapfi's).
        let iir_here = self.iir && (tune.number(Number::Iirp, 0) == 0 || !non_pv);
        let depth =
            if iir_here && tt_move.is_none() && forced.is_empty() && depth >= IIR_DEPTH * PLY {
                depth - PLY
            } else {
                depth
            };
        // With `iirt`, a principal-variation node whose table entry is shallower than
        // this search is searched shallower by part of the difference.
        let iirt = tune.number(Number::Iirt, 0);
        let depth = if iirt > 0 && !non_pv && ply > 0 && depth > PLY && tt_move.is_some() {
            let behind = (depth - i32::from(entry.depth) * TT_UNIT).max(0);
            (depth - (behind * iirt / 100).min(36 * PLY / 10)).max(PLY)
        } else {
            depth
        };
        let reducible = tune.lmr && forced.is_empty() && depth >= 2 * PLY && two && !danger;
        let (lmr_divisor, lmr_from) = (
            tune.number(Number::Lmrk, LMR_DIVISOR),
            tune.number(Number::Lmrs, LMR_FROM as i32) as usize,
        );
        // With `ttpv`, late moves of a null-window node that was on the principal
        // variation before are reduced less.
        let pv_less = if on_pv && non_pv {
            tune.number(Number::Ttpv, 0)
        } else {
            0
        };
        let forced_none = forced.is_empty();
        let udef = tune.number(Number::Udef, 0);
        let lmrx = tune.number(Number::Lmrx, 0);
        let ttmx = self.tt_move_extension;
        let oext = tune.number(Number::Oext, 0);
        // With `mcp`, Rapfi's move counts at every depth.
        let mcp = tune.number(Number::Mcp, 0);
        let triv = self.trivial_depth;
        let prunable = tune.lmp
            && calm
            && depth > 0
            && (mcp > 0 || depth <= tune.number(Number::Lmpd, LMP_DEPTH) * PLY);
        let mut keep = if mcp > 0 {
            (3.0 + ((depth / PLY).max(1) as f32).powf(1.32)) as usize
        } else {
            Self::keep_quiet(
                depth / PLY,
                tune.number(Number::Lmpc, LMP_BASE as i32) as usize,
            )
        };
        if worse {
            keep = keep.div_ceil(2);
        }
        let pol = tune.number(Number::Pol, 0);
        let with_gaps = forced_none && two && pol > 0 && tune.number(Number::Order, 0) > 0;
        // The move the table remembers is tried before the others are generated: when it
        // cuts the node off, they never are (an eighth of the generations saved). It was
        // generated in this same position before, so it is one of them.
        let first = tt_move.filter(|&t| {
            forced_none && !with_gaps && st.in_range(t) && st.is_empty(t) && st.legal(t)
        });
        // Answering an open three uses part of a ply less (`answer`).
        let answer = if danger { self.answer } else { 0 };
        let (mut moves, next_depth) = match (first, forced_none) {
            (Some(t), _) => (vec![t], depth - PLY + answer),
            (None, true) => (self.moves(st, ply as usize), depth - PLY + answer),
            (None, false) => (forced, depth),
        };
        if moves.is_empty() {
            // With exact answers (`xdef`), a node in danger with none and no four to make
            // is lost: the other seat makes its open four next and five after the block.
            return if danger && forced_none && tune.number(Number::Xdef, 0) > 0 {
                -(WIN - ply - 3)
            } else {
                0
            };
        }
        if first.is_none() {
            self.order_first(&mut moves, tt_move, ply, forced_none);
        }
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = moves[0];
        // With `pol`: how far below the best one the fitted ordering scores each move.
        let gaps = if with_gaps {
            Policy::current().gaps(st, &moves)
        } else {
            Vec::new()
        };
        let mut next = 0;
        loop {
            if next == moves.len() {
                // The table's move did not cut the node off: now the others.
                match first {
                    Some(t) if next == 1 => {
                        let mut rest = self.moves(st, ply as usize);
                        rest.retain(|&m| m != t);
                        self.order_first(&mut rest, None, ply, forced_none);
                        moves.extend(rest);
                        if next == moves.len() {
                            break;
                        }
                    }
                    _ => break,
                }
            }
            let (i, m) = (next, moves[next]);
            next += 1;
            let plain = st.flags(me, m) & (F_FOUR | F_THREE | F_DOUBLE) == 0
                && st.flags(them, m) & (F_FOUR | F_THREE | F_DOUBLE) == 0;
            // Past a count that grows with depth, quiet moves of a calm shallow node are
            // not searched once a move that does not lose was found.
            if prunable
                && (plain || mcp >= 2 && st.flags(me, m) & F_FOUR == 0)
                && i >= keep
                && best > -(WIN / 2)
            {
                continue;
            }
            // With `triv`, a move that makes no more than a two for either seat is not
            // searched at a shallow node once a move that does not lose was found (Rapfi's
            // pruning of trivial moves).
            if triv > 0
                && forced_none
                && two
                && i > 0
                && depth < triv
                && best > -(WIN / 2)
                && Self::trivial(st.pats(me, m))
                && Self::trivial(st.pats(them, m))
            {
                continue;
            }
            // With `pol`, a move far below the fitted ordering's best is searched one or two
            // plies shallower first (`pol=2`: not at all at a calm shallow node), unless it
            // makes a four.
            let gap = gaps.get(i).copied().unwrap_or(0);
            let own_four = st.flags(me, m) & F_FOUR != 0;
            if pol >= 2 && prunable && !own_four && i > 0 && gap > FAR_GAP && best > -(WIN / 2) {
                continue;
            }
            let by_policy = if gaps.is_empty() || own_four || i == 0 || depth < 2 * PLY || danger {
                0
            } else if gap > FAR_GAP {
                2 * PLY
            } else if gap > GAP {
                PLY
            } else {
                0
            };
            // Late moves are searched shallower first (the later and the deeper, the more),
            // and again at full depth only if they beat alpha.
            let late = if reducible && !own_four {
                // A ply more at a node that is not improving.
                let more = if i < lmr_from {
                    0
                } else {
                    i32::from(worse) * PLY - pv_less
                };
                (Self::late_reduction(depth, i, lmr_divisor, lmr_from, plain, non_pv) + more)
                    .clamp(0, next_depth - PLY)
            } else {
                0
            };
            // With `udef`, a move that does not answer the open three and lies far from
            // the last stones is a delay: searched shallower first.
            let useless =
                if udef > 0 && danger && i > 0 && st.flags(them, m) & (F_WIN | F_FOUR) == 0 {
                    let from = |back: usize| {
                        st.history
                            .len()
                            .checked_sub(back)
                            .is_some_and(|k| st.distance(m, st.history[k]) > 4)
                    };
                    (i32::from(from(1)) * udef + i32::from(from(2)) * udef / 2)
                        .min(next_depth - PLY)
                        .max(0)
                } else {
                    0
                };
            // With `ttmx`, the table's move at a principal-variation node is searched
            // deeper.
            let next_depth = if ttmx > 0 && !non_pv && tt_move == Some(m) {
                next_depth + ttmx
            } else {
                next_depth
            };
            // With `oext`, a move of another seat than the root's that makes an open three
            // or a four is searched deeper: its threat sequences are seen further.
            let next_depth = if oext > 0
                && two
                && forced_none
                && me != self.root
                && st.flags(me, m) & (F_THREE | F_FOUR) != 0
            {
                next_depth + oext
            } else {
                next_depth
            };
            let r = late.max(by_policy).max(useless);
            let quiet = r > 0;
            // After the first move, a null window around alpha (principal variation
            // search); a move that beats it is searched again with the full window.
            let pvs = tune.pvs && i > 0 && beta > alpha + 1;
            let probe = if pvs { alpha + 1 } else { beta };
            let mut score = if quiet {
                self.child(st, m, next_depth - r, alpha, probe, ply + 1, budget)
            } else {
                alpha + 1
            };
            if score > alpha {
                // With `lmrx`, a reduced search that scores well above alpha is searched
                // again a ply deeper.
                let full = if lmrx > 0 && r >= PLY && score > alpha + lmrx + lmrx * r / PLY / 7 {
                    next_depth + PLY
                } else {
                    next_depth
                };
                score = self.child(st, m, full, alpha, probe, ply + 1, budget);
                if pvs && score > alpha && score < beta {
                    score = self.child(st, m, full, alpha, beta, ply + 1, budget);
                }
            }
            if budget.stopped() {
                return 0;
            }
            if score > best {
                best = score;
                best_move = m;
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        if self.history_divisor > 0 && forced_none && two {
                            let bonus = (depth / PLY).clamp(1, 16).pow(2) * HISTORY_BONUS;
                            let base = me as usize * self.history_cells;
                            for &tried in &moves[..i] {
                                Self::age(&mut self.history[base + tried], -bonus);
                            }
                            Self::age(&mut self.history[base + m], bonus);
                        }
                        if tune.killers && forced_none {
                            let p = ply as usize;
                            if self.killers.len() <= p {
                                self.killers.resize(p + 1, [usize::MAX; 2]);
                            }
                            if self.killers[p][0] != m {
                                self.killers[p] = [m, self.killers[p][0]];
                            }
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > alpha0 {
            EXACT
        } else {
            UPPER
        };
        self.tt[slot] = Entry {
            key,
            score: best,
            mv: best_move as u16,
            depth: depth.div_euclid(TT_UNIT).clamp(-1, 127) as i8,
            bound: bound | if on_pv { ON_PV } else { 0 },
        };
        best
    }

    /// Makes `history` fit `st`'s board and seats: zeros for a new layout, else the last
    /// search's halved.
    fn fit_history(&mut self, st: &State) {
        let cells = st.cell(st.w - 1, st.h - 1) + 1;
        if self.history_cells != cells || self.history.len() != st.seats * cells {
            self.history_cells = cells;
            self.history = vec![0; st.seats * cells];
        } else {
            self.history.iter_mut().for_each(|h| *h /= 2);
        }
    }

    /// Moves a history score by `bonus`, less in proportion as it is already far from 0.
    fn age(h: &mut i32, bonus: i32) {
        *h += bonus - *h * bonus.abs() / HISTORY_MAX;
    }

    /// Puts this ply's killers first in `moves` (when the node has no five to block),
    /// then the table's move `tt_move`.
    fn order_first(
        &self,
        moves: &mut [usize],
        tt_move: Option<usize>,
        ply: i32,
        forced_none: bool,
    ) {
        if Tune::current().killers && forced_none {
            let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
            for k in killers.into_iter().rev() {
                if let Some(i) = moves.iter().position(|&m| m == k) {
                    moves[..=i].rotate_right(1);
                }
            }
        }
        if let Some(t) = tt_move
            && let Some(i) = moves.iter().position(|&m| m == t)
        {
            moves[..=i].rotate_right(1);
        }
    }

    /// How much shallower (in sixteenths of a ply) move `i` (0-based) of a node `depth`
    /// deep is searched first: ln(depth in plies)·ln(i + 1)·100/`divisor` plies rounded
    /// down to a whole ply (keeping the fraction did not gain: docs/MEASUREMENTS.md, #27
    /// sixteenth round), a ply less for a move that makes or stops a three and at a
    /// principal-variation node; none before move `from`.
    fn late_reduction(
        depth: i32,
        i: usize,
        divisor: i32,
        from: usize,
        plain: bool,
        non_pv: bool,
    ) -> i32 {
        if i < from {
            return 0;
        }
        let plies =
            (depth as f32 / PLY as f32).ln() * ((i + 1) as f32).ln() * 100.0 / divisor as f32;
        PLY * (plies as i32 - i32::from(!plain) - i32::from(!non_pv))
    }

    /// Whether a cell's four line patterns (`State::pats`) are each at most a two.
    fn trivial(pats: u32) -> bool {
        pats.to_le_bytes().iter().all(|&p| p <= Pat::Two as u8)
    }

    /// How many quiet moves move-count pruning keeps at `depth`, from `base` at depth 1.
    fn keep_quiet(depth: i32, base: usize) -> usize {
        base + (depth.max(1) as usize - 1) * 3
    }

    /// The points where another seat would make five (each once).
    fn fives_against(&self, st: &State) -> Vec<usize> {
        let mut out = Vec::new();
        let me = st.mover();
        if (0..st.seats as u8).all(|s| s == me || st.count(s, F_FIVE) == 0) {
            return out;
        }
        for s in st.seats_from_mover().skip(1) {
            for c in st.cells_with(s, F_FIVE) {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
        out
    }

    /// The moves worth trying for the seat to move, best first.
    fn moves(&self, st: &mut State, ply: usize) -> Vec<usize> {
        let me = st.mover();
        // The other seats, in turn order (at most three), without allocating.
        let mut seats = [0u8; 3];
        let mut n = 0;
        for s in st.seats_from_mover().skip(1) {
            seats[n] = s;
            n += 1;
        }
        let others = &seats[..n];
        let forced = self.fives_against(st);
        if !forced.is_empty() {
            return forced.into_iter().filter(|&c| st.legal(c)).collect();
        }
        let danger = others.iter().any(|&s| st.count(s, F_WIN) > 0);
        // With `xdef`, the exact answers to the other seat's open-four points (at the root
        // only if there are some: it must play something).
        let exact = if danger && others.len() == 1 && Tune::current().number(Number::Xdef, 0) > 0 {
            Self::open_four_defence(st, others[0]).filter(|set| ply > 0 || !set.is_empty())
        } else {
            None
        };
        let guard = if !danger && others.len() == 1 && Tune::current().g43 {
            Self::four_three_defence(st, others[0])
        } else {
            Vec::new()
        };
        let policy = (others.len() == 1 && Tune::current().number(Number::Order, 0) > 0)
            .then(Policy::current);
        let own = Tune::current().number(Number::Mown, 10);
        let hist = self.history_divisor;
        let history = if hist > 0 && ply > 0 && others.len() == 1 {
            let base = me as usize * self.history_cells;
            &self.history[base..base + self.history_cells]
        } else {
            &[][..]
        };
        // Each point as one number, its score times 2^16 plus its cell, negated: the
        // smallest first is the best score first, and the larger cell first among equals.
        let mut keys: Vec<i64> = Vec::with_capacity(st.near_count());
        for c in st.near_empties() {
            let mine = st.value(me, c);
            let (theirs, defends) = match others {
                &[s] => (st.value(s, c), st.flags(s, c) & (F_WIN | F_FOUR) != 0),
                _ => others.iter().fold((0, false), |(v, f), &s| {
                    let defends = st.flags(s, c) & (F_WIN | F_FOUR) != 0;
                    (v.max(st.value(s, c)), f || defends)
                }),
            };
            let answers = match &exact {
                Some(set) => set.contains(&c),
                None => defends,
            };
            if danger && !answers && st.flags(me, c) & F_FOUR == 0 {
                continue;
            }
            if !guard.is_empty() && !guard.contains(&c) && st.flags(me, c) & F_FOUR == 0 {
                continue;
            }
            let score = match policy {
                Some(policy) => policy.score(st.pats(me, c), st.pats(others[0], c)),
                None => mine * own + theirs * 9,
            };
            // A point's history lowers its score at most to 0.
            let score = match history.get(c) {
                Some(h) => (score + h / hist).max(0),
                None => score,
            };
            keys.push(-((score as i64) << 16 | c as i64));
        }
        let width = if ply == 0 {
            self.width + self.width / 2
        } else {
            self.width
        };
        // Best first; without forbidden points (renju) only the first `width` can be kept,
        // so only they are sorted.
        if st.rule != Rule::Renju && keys.len() > width {
            keys.select_nth_unstable(width - 1);
            keys.truncate(width);
        }
        keys.sort_unstable();
        let mut out = Vec::with_capacity(width);
        for key in keys {
            let c = ((-key) & 0xffff) as usize;
            if st.legal(c) {
                out.push(c);
                if out.len() >= width {
                    break;
                }
            }
        }
        out
    }

    /// The points after which `them` has no open-four point (nor double-four point) left,
    /// when the seat to move plays there (`xdef`): every answer lies on a line of the
    /// first such point where it makes a four or better, on a point where `them` too would
    /// make a four in that line, so only those points are glanced at. `None` when the
    /// board cannot glance (renju).
    fn open_four_defence(st: &mut State, them: u8) -> Option<Vec<usize>> {
        let w = *st.cells_with(them, F_WIN).first()?;
        let mut candidates = Vec::new();
        Self::push_line_points(st, them, w, Pat::Four, Pat::Four, &mut candidates);
        let mut out = Vec::with_capacity(candidates.len());
        for q in candidates {
            if !st.legal(q) {
                continue;
            }
            let g = st.glance(q)?;
            if g.count(them, F_WIN) == 0 && g.count(them, F_FIVE) == 0 {
                out.push(q);
            }
        }
        Some(out)
    }

    /// The points that stop `them`'s four-three points (`g43`): each such point, and on
    /// each line where it makes a four or an open three, the empty points within reach
    /// where `them` would make at least a three in that line. Empty if it has none.
    fn four_three_defence(st: &State, them: u8) -> Vec<usize> {
        let mut out = Vec::new();
        if st.count(them, F_DOUBLE) == 0 {
            return out;
        }
        for p in st.cells_with(them, F_DOUBLE) {
            if st.flags(them, p) & F_FOUR != 0 {
                Self::push_line_points(st, them, p, Pat::OpenThree, Pat::Three, &mut out);
            }
        }
        out
    }

    /// Adds to `out`, each once: the threat point `p`, then on each line where `them`
    /// makes at least `through` at `p`, the empty points within reach where `them` would
    /// make at least `near` in that line (the points that can change that line's threat).
    fn push_line_points(
        st: &State,
        them: u8,
        p: usize,
        through: Pat,
        near: Pat,
        out: &mut Vec<usize>,
    ) {
        if !out.contains(&p) {
            out.push(p);
        }
        for d in 0..4 {
            if st.pat(them, p, d) < through {
                continue;
            }
            for q in st.line(p, d, st.win() - 1) {
                if q != p && st.is_empty(q) && st.pat(them, q, d) >= near && !out.contains(&q) {
                    out.push(q);
                }
            }
        }
    }

    /// The static score for the seat to move's team.
    fn evaluate(&self, st: &State) -> i32 {
        if st.playing() == 2 && Tune::current().number(Number::Fit, 0) > 0 {
            let score = Weights::current().score(&features(st));
            return score.clamp(-(WIN / 2) as i64, (WIN / 2) as i64) as i32;
        }
        let me = st.mover();
        let root = self.root;
        let (mine, theirs) = if st.playing() == 2 {
            (st.total(me), st.total(st.next_seat()))
        } else {
            let root_total = st.total(root);
            let others = st
                .seats_from_mover()
                .filter(|&s| s != root)
                .map(|s| st.total(s))
                .max()
                .unwrap_or(0);
            if me == root {
                (root_total, others)
            } else {
                (others, root_total)
            }
        };
        let threat = st.playing() == 2
            && st.count(me, F_DOUBLE) > 0
            && st.count(st.next_seat(), F_FOUR) == 0;
        static_score(mine, theirs, threat)
    }
}

/// How many fours the root's VCT and `verify`'s may play past their depth in open threes
/// ([`Threats::four_tail`]): `vtail`, [`FOUR_TAIL`] unless set.
fn four_tail() -> u32 {
    Tune::current().number(Number::Vtail, FOUR_TAIL as i32) as u32
}

/// The static score for the seat to move from its team's and the other side's sums of
/// cell values; `threat`: the seat to move (of two) can make a four-three or a double
/// three and the other seat has no four to answer with, a win in a few moves, nearly
/// always (with `double`).
fn static_score(mine: i64, theirs: i64, threat: bool) -> i32 {
    let mut score = mine * Tune::current().number(Number::Tempo, 6) as i64 / 5 - theirs;
    if threat && Tune::current().double {
        score += DOUBLE_THREAT;
    }
    score.clamp(-(WIN / 2) as i64, (WIN / 2) as i64) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::gomoku::state::F_FOUR;
    use crate::rules::gomoku::Settings;

    fn game(moves: &str) -> Game {
        let mut g = Game::new(Settings::default()).unwrap();
        for m in moves.split_whitespace() {
            g.play(m.parse().unwrap()).unwrap();
        }
        g
    }

    #[test]
    fn a_four_three_point_is_answered_on_its_lines() {
        // White: d4 e4 f4 (Black c4 closes the left end) and g5 g6; White's g4 would make
        // a four in row 4 and an open three in file g. Black to move.
        let g = game("c4 d4 a15 e4 o15 f4 a1 g5 o1 g6");
        let st = State::new(&g, Vec::new());
        let defence = Searcher::four_three_defence(&st, 1);
        let g4 = st.cell(6, 3);
        assert!(defence.contains(&g4));
        for &c in &defence {
            let p = st.point(c);
            assert!(p.rank() == 3 || p.file() == 6, "{p} is off the lines");
        }
        // Without White's g6 there is no four-three point and nothing is restricted.
        let quiet = game("c4 d4 a15 e4 o15 f4 a1 g5 o1 j12");
        assert!(Searcher::four_three_defence(&State::new(&quiet, Vec::new()), 1).is_empty());
        // The search's move is one of the defences.
        let limits = Limits {
            nodes: Some(20_000),
            ..Limits::default()
        };
        let best = Searcher::new(1).search(&g, limits).best.unwrap();
        let defence: Vec<Point> = defence.iter().map(|&c| st.point(c)).collect();
        assert!(defence.contains(&best), "{best} not in {defence:?}");
    }

    #[test]
    fn an_open_three_is_answered_only_where_it_stops_the_open_four() {
        // The answers every Gomoku primer gives, Black to move against White's three in
        // row 8 (Black's stones on file a are far away).
        let answers = |moves: &str| {
            let g = game(moves);
            let mut st = State::new(&g, Vec::new());
            let mut found: Vec<String> = Searcher::open_four_defence(&mut st, 1)
                .expect("freestyle glances")
                .into_iter()
                .map(|c| st.point(c).to_string())
                .collect();
            found.sort();
            found
        };
        // _ _ X X X _ _: only the two points next to it (d8 or j8 leaves an open four).
        assert_eq!(answers("a1 f8 a3 g8 a5 h8"), ["e8", "i8"]);
        // _ X _ X X _: the gap and both ends.
        assert_eq!(answers("a1 f8 a3 h8 a5 i8"), ["e8", "g8", "j8"]);
        // O _ X X X _ _ (Black on d8): the point next to Black's stone, and both on the
        // open side.
        assert_eq!(answers("d8 f8 a3 g8 a5 h8"), ["e8", "i8", "j8"]);
        // Two open threes, f8 g8 h8 and e10 e11 e12: no point answers both.
        assert_eq!(
            answers("a1 f8 a3 g8 a5 h8 a7 e10 a9 e11 a11 e12"),
            Vec::<String>::new()
        );
    }

    /// `fit` is off by default (it did not gain in matches): run with
    /// `LANQI_GOMOKU_SET=fit=1 cargo test --release --no-default-features --lib fitted --
    /// --ignored`.
    #[test]
    #[ignore = "needs LANQI_GOMOKU_SET=fit=1"]
    fn the_fitted_evaluation_avoids_an_opening_move_rapfi_wins_against() {
        // Opening h8 i9 e6 (one of the match's 30), White i8; Black to move. Rapfi (2M
        // nodes) answers Black's h7 with a forced win for White in 29 plies, and rates
        // Black's i7 level (-59 for White). At 160,000 nodes the hand-set evaluation
        // (the default) plays h7 over the protocol (`lanqi engine gomoku --nodes 160000`)
        // and i11 in this test's searcher (a smaller hash; Rapfi's verdict on i11 was not
        // asked); the fitted one plays i7 in both.
        let g = game("h8 i9 e6 i8");
        let limits = Limits {
            nodes: Some(160_000),
            ..Limits::default()
        };
        let best = Searcher::default().search(&g, limits).best.unwrap();
        assert_eq!(best, "i7".parse().unwrap());
    }

    /// Glancing at the moves into the horizon is only faster: the same moves, scores
    /// (forced wins and losses counted to the same ply), depths and node counts as playing
    /// them.
    #[test]
    fn glancing_at_the_horizon_searches_as_playing_it_does() {
        let positions = [
            "h8 i9 e6 i8",
            "h8 i8 e9 i7 i6 i9",
            "h8 i9 e7 i8 i10 h10 g11 j9 j11",
            // Black (to move) has lost: White's fours and threes win in 17 plies.
            "h8 i8 f11 j7 i9 j10 h10 k7 f10 j8 j9 i7 h7",
            // White has an open four (two points to make five): Black to move has lost.
            "h8 i8 h9 i9 g8 i10 a1 i7",
        ];
        let limits = Limits {
            nodes: Some(60_000),
            ..Limits::default()
        };
        for moves in positions {
            let g = game(moves);
            let reports: Vec<(Option<Point>, How, i32, u32, u64)> = [true, false]
                .into_iter()
                .map(|glance| {
                    let mut s = Searcher::new(1);
                    s.glance = glance;
                    let r = s.search(&g, limits);
                    (r.best, r.how, r.score, r.depth, r.nodes)
                })
                .collect();
            assert_eq!(
                reports[0], reports[1],
                "after {moves}: glancing, then playing"
            );
        }
        let lost = Searcher::new(1).search(&game(positions[3]), limits);
        assert!(lost.score < -(WIN - 100), "{lost:?}");
    }

    /// The depth a searcher set up by `set` reaches in each of `positions` at 100,000
    /// nodes.
    fn depths_reached(positions: &[&str], set: impl Fn(&mut Searcher)) -> Vec<u32> {
        let limits = Limits {
            nodes: Some(100_000),
            ..Limits::default()
        };
        positions
            .iter()
            .map(|moves| {
                let mut s = Searcher::new(1);
                set(&mut s);
                s.search(&game(moves), limits).depth
            })
            .collect()
    }

    /// A node the table knows no move for is searched a ply shallower (`iir`): with the
    /// same nodes the search gets deeper.
    #[test]
    fn nodes_without_a_table_move_are_searched_shallower_so_the_search_gets_deeper() {
        let positions = [
            "h8 i9 e6 i8",
            "h8 i8 e9 i7 i6 i9",
            "h8 i8 d11 i7 j7 g7 i5 g6 h7 g8",
        ];
        let depths = |iir: bool| depths_reached(&positions, |s| s.iir = iir);
        let (with, without) = (depths(true), depths(false));
        assert!(
            with.iter().sum::<u32>() > without.iter().sum::<u32>(),
            "depths reached: {with:?} with the reduction, {without:?} without"
        );
    }

    /// The root searches a window round the last iteration's score (`aspiration`): a
    /// score that falls far outside it, a loss or a win only a deeper iteration sees, is
    /// searched again with the window widened, and found as it is without one.
    #[test]
    fn a_score_outside_the_aspiration_window_is_searched_again() {
        // Black to move has lost (White's fours and threes win in 17 plies); after one more
        // black stone far off, White to move wins, with no VCT search to find it first.
        let lost = "h8 i8 f11 j7 i9 j10 h10 k7 f10 j8 j9 i7 h7";
        let won = format!("{lost} a1");
        let limits = Limits {
            nodes: Some(200_000),
            vct: false,
            ..Limits::default()
        };
        for (moves, sign) in [(lost, -1), (won.as_str(), 1)] {
            for aspiration in [ASPIRATION, 0] {
                let mut s = Searcher::new(1);
                s.aspiration = aspiration;
                let r = s.search(&game(moves), limits);
                assert!(
                    r.score * sign >= WIN - 100,
                    "after {moves}, window {aspiration}: {r:?}"
                );
            }
        }
    }

    /// A calm node whose static score fell since two plies up keeps fewer quiet moves and
    /// reduces late ones more (`improving`): with the same nodes the search gets deeper,
    /// with the hand values it was measured with (with the fitted ones the depths are
    /// 7, 9, 9, 7 with the flag and 8, 8, 10, 8 without: #27 twenty-sixth round).
    #[test]
    fn nodes_that_are_not_improving_are_searched_less_so_the_search_gets_deeper() {
        let positions = [
            "h8 i9 e6 i8",
            "h8 i8 e9 i7 i6 i9",
            "h8 i8 d11 i7 j7 g7 i5 g6 h7 g8",
            "h8 i9 h9 h10 i8 g10 j7 f10",
        ];
        let depths = |improving: bool| {
            depths_reached(&positions, |s| {
                s.improving = improving;
                s.values = Values::Hand;
            })
        };
        let (with, without) = (depths(true), depths(false));
        assert!(
            with.iter().sum::<u32>() > without.iter().sum::<u32>(),
            "depths reached: {with:?} with the flag, {without:?} without"
        );
    }

    /// Below the root, a point whose moves cut the search off before is tried before
    /// points its value alone would put ahead of it, and one just outside the moves a node
    /// keeps gets in (`history`).
    #[test]
    fn a_point_with_a_history_of_cut_offs_is_tried_earlier() {
        let g = game("h8 i9 e6 i8 g7 j10");
        let mut s = Searcher::new(1);
        s.history_divisor = HISTORY_DIVISOR;
        let mut st = State::new(&g, Vec::new());
        s.fit_history(&st);
        let cells = s.history_cells;
        let me = st.mover() as usize;
        // Every point, by value alone, and the ones a node keeps.
        s.width = 100;
        let all = s.moves(&mut st, 1);
        s.width = 14;
        let kept = s.moves(&mut st, 1);
        assert_eq!(kept[..], all[..14]);
        let (last, outside) = (all[13], all[14]);
        s.history[me * cells + last] = HISTORY_MAX;
        s.history[me * cells + outside] = HISTORY_MAX / 2;
        let with = s.moves(&mut st, 1);
        let at = |m: usize| with.iter().position(|&c| c == m);
        assert!(
            at(last).is_some_and(|i| i < 13),
            "the last kept point moves up: {:?}",
            at(last)
        );
        assert!(at(outside).is_some(), "the first point left out gets in");
        s.width = 14;
        assert_eq!(s.moves(&mut st, 0)[..14], all[..14], "not at the root");
    }

    #[test]
    fn a_history_stays_within_its_bounds() {
        let mut h = 0;
        for _ in 0..1000 {
            Searcher::age(&mut h, 16 * 16 * HISTORY_BONUS);
            assert!((0..=HISTORY_MAX).contains(&h), "{h}");
        }
        assert!(
            h > HISTORY_MAX / 2,
            "repeated cut-offs raise it near the top: {h}"
        );
        for _ in 0..1000 {
            Searcher::age(&mut h, -16 * 16 * HISTORY_BONUS);
            assert!((-HISTORY_MAX..=HISTORY_MAX).contains(&h), "{h}");
        }
        assert!(h < -HISTORY_MAX / 2, "and repeated failures lower it: {h}");
    }

    /// Two of the losing moves of docs/MEASUREMENTS.md (#27, sixteenth round): Black's move
    /// in these positions, as lanqi played it against Rapfi, which Rapfi (500,000 nodes)
    /// then proves lost (mates in 25 and 19 plies), while the move played with answers to
    /// threes at half a ply is level by Rapfi's score (+34 and +96 for White). At the
    /// budget of a 300 ms move, whole-ply answers play the losing move and half-ply answers
    /// the level one.
    #[test]
    fn answers_to_threes_at_half_a_ply_avoid_moves_that_lose_to_a_sequence_of_threes() {
        let cases = [
            ("h8 i8 l11 h9 j7 g8 f7 g10 i9 g7 g9 f10 h10 f9", "f11", "f8"),
            ("h8 i8 i12 g7 g12 i7 h12 f12", "h11", "i6"),
        ];
        let limits = Limits {
            nodes: Some(250_000),
            ..Limits::default()
        };
        for (moves, lost, level) in cases {
            let play = |answer: i32| {
                let mut s = Searcher::new(DEFAULT_HASH_MB);
                s.answer = answer;
                // The values it was measured with (the fitted ones play h11 in the
                // second case with half-ply answers too).
                s.values = Values::Hand;
                // The refinements that came after it, off (the new defaults play f11 in
                // the first case: docs/MEASUREMENTS.md, #27 twentieth round).
                s.history_divisor = 0;
                s.aspiration = 0;
                s.improving = false;
                s.tt_move_extension = 0;
                s.trivial_depth = 0;
                s.search(&game(moves), limits).best.unwrap().to_string()
            };
            assert_eq!(play(0), lost, "{moves}: whole-ply answers");
            assert_eq!(play(ANSWER_EXTENSION), level, "{moves}: half-ply answers");
        }
    }

    /// A position of a game the hand-set values lost to Rapfi as Black (game 40 of the
    /// twenty-sixth round's first match, 300 ms a move): Rapfi at 200,000 nodes rates it
    /// −75 for Black and finds a forced win for White after e5, which the hand values play
    /// at 200,000 nodes; the fitted values play d7, after which Rapfi rates White +104
    /// (docs/MEASUREMENTS.md, #27 twenty-sixth round).
    #[test]
    fn the_fitted_cell_values_avoid_a_move_rapfi_proves_lost() {
        let moves = "h8 i8 e11 h7 j9 j7 i7 g9 h9 g6 g5 h6 i6 e7 f8 e8";
        let limits = Limits {
            nodes: Some(200_000),
            ..Limits::default()
        };
        let mut s = Searcher::new(DEFAULT_HASH_MB);
        let best = s.search(&game(moves), limits).best.unwrap().to_string();
        assert_ne!(best, "e5", "{moves}: the move Rapfi proves lost");
    }

    #[test]
    fn the_board_knows_each_seats_threats_and_keeps_them_through_take_backs() {
        // White d4 e4 f4 g4 with Black c4: h4 is White's five and Black's block.
        let g = game("c4 d4 h8 e4 a15 f4 o1 g4");
        let mut st = State::new(&g, Vec::new());
        let h4 = st.cell(7, 3);
        assert_eq!(st.mover(), 0);
        assert_ne!(st.flags(1, h4) & F_FIVE, 0);
        assert_eq!(st.flags(0, h4) & F_FIVE, 0);
        assert_eq!(st.count(1, F_FIVE), 1);
        let (hash, total) = (st.hash(), [st.total(0), st.total(1)]);
        st.make(h4);
        assert_eq!(st.count(1, F_FIVE), 0);
        assert_eq!(st.flags(1, st.cell(2, 3)), 0, "c4 is taken");
        st.unmake();
        assert_eq!((st.hash(), [st.total(0), st.total(1)]), (hash, total));
        assert_eq!(st.count(1, F_FIVE), 1);
        // White on i4 would still need h4: a four (freestyle: six wins too).
        assert_ne!(st.flags(1, st.cell(8, 3)) & F_FOUR, 0);
        let r = Searcher::new(1).search(&g, Limits::default());
        assert_eq!((r.best, r.how), (Some("h4".parse().unwrap()), How::Block));
    }
}
