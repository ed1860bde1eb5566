//! The search: iterative deepening over a principal-variation search (PVS) with a
//! transposition table, null-move pruning, late-move reductions, check extensions, a
//! mate-threat extension (where the null move shows that passing gets mated) and a
//! quiescence search over captures (and check evasions near its root). Moves are ordered by
//! the transposition-table move, then captures by MVV-LVA, then two killer moves per ply,
//! then the history heuristic.
//!
//! Repetition inside the search: a position that repeats one already on the path (or in
//! the game since the last capture) ends the line. If every move of one side in that cycle
//! gave check and not every move of the other did, the checker loses (a large score short of
//! mate); otherwise it scores as a draw. Perpetual chase is left to the game's own judge.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::eval::{VALUES, evaluate};
use crate::rules::xiangqi::{Move, MoveList, Position, Square};

/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub const MATE: i32 = 30_000;
const INF: i32 = 32_000;
const MAX_PLY: usize = 100;
/// What a perpetual checker gets (from the other side's view): decisive, but not a mate.
const PERPETUAL: i32 = 5_000;
/// History scores stay within ± this.
const HISTORY_MAX: i32 = 1 << 20;

/// Late-move reductions by depth and move number: about ln(depth)·ln(n)/2.
static LMR: std::sync::LazyLock<[[i32; 64]; 64]> = std::sync::LazyLock::new(|| {
    let mut t = [[0; 64]; 64];
    for (d, row) in t.iter_mut().enumerate().skip(1) {
        for (n, r) in row.iter_mut().enumerate().skip(1) {
            *r = (0.5 + (d as f64).ln() * (n as f64).ln() / 2.0) as i32;
        }
    }
    t
});

/// Which of the search's refinements are on: all by default. `LANQI_XIANGQI_OFF` (a
/// comma-separated list of names) turns some off, so that a match can measure what each
/// is worth (`uci:env LANQI_XIANGQI_OFF=rfp lanqi engine xiangqi`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tune {
    /// Reverse futility pruning (static null move).
    pub rfp: bool,
    /// Razoring near the leaves.
    pub razor: bool,
    /// A deeper, eval-dependent null-move reduction.
    pub null_deep: bool,
    /// Internal iterative reduction without a table move.
    pub iir: bool,
    /// Losing captures (a defended piece taken by a dearer one) ordered last, pruned in
    /// the quiescence search.
    pub see: bool,
    /// Late-move and futility pruning near the leaves.
    pub prune: bool,
    /// Logarithmic late-move reductions, adjusted by history.
    pub lmr_log: bool,
    /// History with gravity and a malus for the quiet moves that failed.
    pub malus: bool,
    /// Aspiration windows at the root.
    pub aspiration: bool,
    /// The counter-move heuristic.
    pub counter: bool,
    /// 120 plies without a capture score as a draw in the search.
    pub no_capture: bool,
    /// With a time a move, start new iterations until 60% of it (not 50%).
    pub time60: bool,
    /// Perpetual-check scores (which depend on the path) are not kept in the table.
    pub no_perpetual_in_table: bool,
    /// A node where passing would let the opponent mate is searched a ply deeper (the
    /// null move's answer shows the threat).
    pub mate_threat: bool,
    /// With a time a move and no soft limit, keep starting iterations until the time is
    /// up (an unfinished iteration's best move is kept): a fixed time a move has nothing
    /// to save for.
    pub time_full: bool,
}

impl Default for Tune {
    fn default() -> Tune {
        Tune {
            rfp: true,
            razor: true,
            null_deep: true,
            iir: true,
            see: true,
            prune: true,
            lmr_log: true,
            malus: true,
            aspiration: true,
            counter: true,
            no_capture: true,
            time60: true,
            no_perpetual_in_table: true,
            mate_threat: true,
            time_full: true,
        }
    }
}

impl Tune {
    /// Everything on, except what `LANQI_XIANGQI_OFF` names.
    pub fn from_env() -> Tune {
        let mut tune = Tune::default();
        if let Ok(off) = std::env::var("LANQI_XIANGQI_OFF") {
            for name in off.split(',').map(str::trim) {
                match name {
                    "rfp" => tune.rfp = false,
                    "razor" => tune.razor = false,
                    "null_deep" => tune.null_deep = false,
                    "iir" => tune.iir = false,
                    "see" => tune.see = false,
                    "prune" => tune.prune = false,
                    "lmr_log" => tune.lmr_log = false,
                    "malus" => tune.malus = false,
                    "aspiration" => tune.aspiration = false,
                    "counter" => tune.counter = false,
                    "no_capture" => tune.no_capture = false,
                    "time60" => tune.time60 = false,
                    "no_perpetual_in_table" => tune.no_perpetual_in_table = false,
                    "mate_threat" => tune.mate_threat = false,
                    "time_full" => tune.time_full = false,
                    "all" => {
                        tune = Tune {
                            rfp: false,
                            razor: false,
                            null_deep: false,
                            iir: false,
                            see: false,
                            prune: false,
                            lmr_log: false,
                            malus: false,
                            aspiration: false,
                            counter: false,
                            no_capture: false,
                            time60: false,
                            no_perpetual_in_table: false,
                            mate_threat: false,
                            time_full: false,
                        }
                    }
                    _ => {}
                }
            }
        }
        tune
    }
}

/// Whether `LANQI_XIANGQI_OFF` (a comma-separated list of names, or `all`) switches off
/// the refinement `name` in this process: the search's ([`Tune`]), the evaluation's, and
/// `book`, the opening book of `lanqi engine xiangqi`.
pub fn switched_off(name: &str) -> bool {
    std::env::var("LANQI_XIANGQI_OFF").is_ok_and(|off| {
        off.split(',')
            .any(|w| w.trim() == name || w.trim() == "all")
    })
}

/// What a search may use: at most a time, a depth or a number of nodes (none: until
/// stopped from outside).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this long (a hard limit; without `soft`, the search uses all of it and
    /// keeps the best move of the iteration it cuts short).
    pub movetime: Option<Duration>,
    /// Stop after this many iterations.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Start no new iteration after this long (a soft limit, for clocks; without it new
    /// iterations start until `movetime` is up).
    pub soft: Option<Duration>,
}

/// The limits for one move with `time` milliseconds left on the clock, `inc` added after
/// each move and `to_go` moves to the next time control (if known): a share of what is
/// left (a move's worth when the moves to go are known), searched to a soft limit of 60%
/// of it, with a hard limit of 2.5 shares, never more than a quarter of the clock.
pub fn clock_limits(time: u64, inc: u64, to_go: Option<u64>) -> Limits {
    let to_go = to_go.unwrap_or(25).clamp(1, 50);
    let overhead = 20;
    let usable = time.saturating_sub(overhead);
    let share = usable / to_go + inc * 3 / 4;
    let cap = if to_go == 1 { usable } else { usable / 4 };
    let hard = (share * 5 / 2).min(cap).max(10);
    let soft = (share * 3 / 5).min(hard).max(5);
    Limits {
        movetime: Some(Duration::from_millis(hard)),
        soft: Some(Duration::from_millis(soft)),
        ..Limits::default()
    }
}

/// What one finished iteration found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth.
    pub depth: u32,
    /// The score for the side to move (see [`MATE`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<Move>,
}

/// A search's result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The move to play (`None` only when there is no legal move).
    pub best: Option<Move>,
    /// The last finished iteration, if any.
    pub info: Option<Info>,
    /// Nodes searched in all.
    pub nodes: u64,
    /// Time spent in all.
    pub elapsed: Duration,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    score: i32,
    mv: u16,
    depth: i8,
    bound: u8,
}

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;

fn encode(mv: Move) -> u16 {
    ((mv.from.index() as u16) << 7) | mv.to.index() as u16
}

fn decode(code: u16) -> Option<Move> {
    let from = Square::from_index((code >> 7) as usize)?;
    let to = Square::from_index((code & 127) as usize)?;
    (from != to).then_some(Move::new(from, to))
}

/// A Xiangqi searcher: keeps its transposition table, killers and history between
/// searches (clear them with [`Searcher::clear`] for a new game).
pub struct Searcher {
    table: Vec<Entry>,
    killers: [[u16; 2]; MAX_PLY],
    /// The quiet move that last refuted each move (by the refuted move's code).
    counters: Box<[u16; 1 << 14]>,
    /// The move played at each ply of the current path (0 for a null move).
    played: [u16; MAX_PLY],
    history: Box<[[i32; 90]; 90]>,
    /// Hashes of the game's positions then the search path, with whether the side to move
    /// there was in check.
    path: Vec<(u64, bool)>,
    /// How far back `path` may hold a repetition, per entry (plies since the last capture).
    window: Vec<u32>,
    nodes: u64,
    stop: Arc<AtomicBool>,
    deadline: Option<Instant>,
    node_limit: u64,
    stopped: bool,
    /// Set during the first iteration, which always finishes (it takes microseconds).
    must_finish: bool,
    root_best: Option<Move>,
    /// The static evaluation at each ply of the current path (-INF in check).
    evals: [i32; MAX_PLY],
    /// Which refinements are on.
    tune: Tune,
}

impl Searcher {
    /// A searcher with a transposition table of about `hash_mb` megabytes.
    pub fn new(hash_mb: usize) -> Searcher {
        let entries = (hash_mb.clamp(1, 4096) << 20) / std::mem::size_of::<Entry>();
        let size = if entries.is_power_of_two() {
            entries
        } else {
            entries.next_power_of_two() / 2
        };
        Searcher {
            table: vec![Entry::default(); size.max(1024)],
            killers: [[0; 2]; MAX_PLY],
            counters: Box::new([0; 1 << 14]),
            played: [0; MAX_PLY],
            history: Box::new([[0; 90]; 90]),
            path: Vec::new(),
            window: Vec::new(),
            nodes: 0,
            stop: Arc::new(AtomicBool::new(false)),
            deadline: None,
            node_limit: u64::MAX,
            stopped: false,
            must_finish: false,
            root_best: None,
            evals: [0; MAX_PLY],
            tune: Tune::from_env(),
        }
    }

    /// Turns refinements on or off (all are on by default).
    pub fn set_tune(&mut self, tune: Tune) {
        self.tune = tune;
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
        self.killers = [[0; 2]; MAX_PLY];
        self.counters.fill(0);
        self.history.iter_mut().for_each(|row| row.fill(0));
    }

    /// A flag that stops the running search when set; a search clears it when it returns.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        Arc::clone(&self.stop)
    }

    /// Searches `position` within `limits`. `history` is the game before it, oldest first
    /// (for repetitions); `on_info` hears about every finished iteration.
    pub fn search(
        &mut self,
        history: &[Position],
        position: &Position,
        limits: Limits,
        mut on_info: impl FnMut(&Info),
    ) -> Report {
        let start = Instant::now();
        self.stopped = false;
        self.nodes = 0;
        // The hard limit less 2% (at most 25 ms): stopping, unwinding and answering take a
        // moment on a loaded machine, and the answer must come within the time.
        self.deadline = limits
            .movetime
            .map(|t| start + t.saturating_sub((t / 50).min(Duration::from_millis(25))));
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.path.clear();
        self.window.clear();
        for p in history.iter().chain(std::iter::once(position)) {
            self.path.push((p.hash(), p.is_check()));
            self.window.push(p.halfmove_clock());
        }
        for k in self.history.iter_mut() {
            for h in k.iter_mut() {
                *h /= 8;
            }
        }
        let moves = position.legal_moves();
        let mut report = Report {
            best: moves.first().copied(),
            info: None,
            nodes: 0,
            elapsed: Duration::ZERO,
        };
        if moves.len() <= 1 && limits != Limits::default() {
            self.stop.store(false, Ordering::Relaxed);
            return report;
        }
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 4)
            .min(MAX_PLY as u32 - 4);
        let mut last = 0;
        for depth in 1..=max_depth.max(1) {
            self.must_finish = depth == 1;
            let mut delta = 40;
            let (mut alpha, mut beta) = if self.tune.aspiration && depth >= 5 {
                (last - delta, last + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                self.root_best = None;
                let score = self.negamax(position, depth as i32, alpha, beta, 0, false);
                if self.stopped {
                    break score;
                }
                if score <= alpha {
                    // Failed low: the move found is not to be trusted; widen and again.
                    alpha = (alpha - delta).max(-INF);
                    delta *= 3;
                } else if score >= beta {
                    if let Some(best) = self.root_best {
                        report.best = Some(best);
                    }
                    beta = (beta + delta).min(INF);
                    delta *= 3;
                } else {
                    break score;
                }
                if delta > 1000 {
                    (alpha, beta) = (-INF, INF);
                }
            };
            self.must_finish = false;
            if let Some(best) = self.root_best {
                report.best = Some(best);
            }
            if self.stopped {
                break;
            }
            last = score;
            let info = Info {
                depth,
                score,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: self.principal_variation(position, depth as usize),
            };
            on_info(&info);
            report.info = Some(info);
            let share = if self.tune.time_full {
                1.0
            } else if self.tune.time60 {
                0.6
            } else {
                0.5
            };
            let soft = limits.soft.or(limits.movetime.map(|t| t.mul_f64(share)));
            if let Some(t) = soft
                && start.elapsed() > t
            {
                break;
            }
            if score.abs() > MATE - MAX_PLY as i32 && depth as i32 > MATE - score.abs() + 2 {
                break;
            }
        }
        // An infinite search (no limit at all) answers only when stopped, as UCI wants.
        let infinite = limits == Limits::default();
        while infinite && !self.stop.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(2));
        }
        // Cleared here, not at the start: a stop sent just before the search began counts.
        self.stop.store(false, Ordering::Relaxed);
        report.nodes = self.nodes;
        report.elapsed = start.elapsed();
        report
    }

    fn principal_variation(&self, position: &Position, max: usize) -> Vec<Move> {
        let mut pv = Vec::new();
        let mut p = position.clone();
        while pv.len() < max {
            let e = self.table[self.slot(p.hash())];
            let Some(mv) = (e.key == p.hash()).then(|| decode(e.mv)).flatten() else {
                break;
            };
            if !p.is_legal(mv) {
                break;
            }
            pv.push(mv);
            p.play_unchecked(mv);
        }
        pv
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    #[inline]
    fn out_of_time(&mut self) -> bool {
        if self.nodes & 1023 == 0
            && !self.must_finish
            && (self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The score of a repetition of the current (last) path entry, if it repeats.
    fn repetition(&self) -> Option<i32> {
        let n = self.path.len() - 1;
        let (key, _) = self.path[n];
        let window = (self.window[n] as usize).min(n);
        let mut back = 4;
        while back <= window {
            if self.path[n - back].0 == key {
                let j = n - back;
                // Entries j+2, j+4, …, n: the side that just moved gave check there.
                let they_check = (j + 2..=n).step_by(2).all(|i| self.path[i].1);
                let we_check = (j + 1..n).step_by(2).all(|i| self.path[i].1);
                return Some(match (they_check, we_check) {
                    (true, false) => PERPETUAL,
                    (false, true) => -PERPETUAL,
                    _ => 0,
                });
            }
            back += 2;
        }
        None
    }

    fn negamax(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        self.nodes += 1;
        let pv_node = beta - alpha > 1;
        if ply > 0 {
            if let Some(score) = self.repetition() {
                return score;
            }
            if self.tune.no_capture && pos.halfmove_clock() >= 120 {
                return 0;
            }
            alpha = alpha.max(-MATE + ply as i32);
            beta = beta.min(MATE - ply as i32 - 1);
            if alpha >= beta {
                return alpha;
            }
        }
        if ply >= MAX_PLY - 2 {
            return evaluate(pos);
        }
        let in_check = self.path.last().is_some_and(|e| e.1);
        let mut depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 {
            return self.quiesce(pos, alpha, beta, ply, 0);
        }
        let key = pos.hash();
        let slot = self.slot(key);
        let entry = self.table[slot];
        let mut tt_move = 0;
        if entry.key == key {
            tt_move = entry.mv;
            if !pv_node && ply > 0 && entry.depth as i32 >= depth {
                let score = from_table(entry.score, ply);
                let cut = match entry.bound {
                    EXACT => true,
                    LOWER => score >= beta,
                    UPPER => score <= alpha,
                    _ => false,
                };
                if cut {
                    return score;
                }
            }
        }
        let static_eval = if in_check { -INF } else { evaluate(pos) };
        self.evals[ply] = static_eval;
        let improving = !in_check && ply >= 2 && static_eval > self.evals[ply - 2];
        let tune = self.tune;
        if !pv_node && !in_check {
            // Reverse futility: far enough above beta that a quiet move will not fall back.
            if tune.rfp
                && depth <= 6
                && beta.abs() < MATE - MAX_PLY as i32
                && static_eval - 85 * (depth - i32::from(improving)) >= beta
            {
                return static_eval;
            }
            // Razoring: far below alpha near the leaves, ask the quiescence search.
            if tune.razor && depth <= 2 && static_eval + 200 + 150 * depth <= alpha {
                let score = self.quiesce(pos, alpha, alpha + 1, ply, 0);
                if self.stopped {
                    return 0;
                }
                if score <= alpha {
                    return score;
                }
            }
            // Null move: with something besides pawns and the palace guards to move.
            if null_ok && depth >= 3 && static_eval >= beta && has_pieces(pos) {
                let mut passed = pos.clone();
                passed.pass();
                self.played[ply] = 0;
                self.path.push((passed.hash(), false));
                self.window.push(0);
                let r = if tune.null_deep {
                    3 + depth / 4 + ((static_eval - beta) / 200).min(2)
                } else {
                    2 + depth / 6
                };
                let score = -self.negamax(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                self.window.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return if score >= MATE - MAX_PLY as i32 {
                        beta
                    } else {
                        score
                    };
                }
                // Passing gets mated: a threat the moves here must answer.
                if tune.mate_threat && score <= -MATE + MAX_PLY as i32 && ply < MAX_PLY / 2 {
                    depth += 1;
                }
            }
        }
        // No move from the table this deep: search a little shallower.
        if tune.iir && tt_move == 0 && depth >= 4 {
            depth -= 1;
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            // Checkmate and stalemate both lose.
            return -MATE + ply as i32;
        }
        let board = pos.codes();
        let them = pos.side_to_move().opponent();
        let mut scores = [0i32; crate::rules::xiangqi::MAX_MOVES];
        let killers = self.killers[ply];
        let counter = if tune.counter && ply > 0 && self.played[ply - 1] != 0 {
            self.counters[self.played[ply - 1] as usize]
        } else {
            0
        };
        for (i, &mv) in moves.iter().enumerate() {
            let code = encode(mv);
            let victim = board[mv.to.index()] as usize & 7;
            scores[i] = if code == tt_move {
                4_000_000
            } else if victim != 0 {
                let attacker = board[mv.from.index()] as usize & 7;
                let victim_value = if victim == 1 { 2000 } else { VALUES[victim] };
                let mvv = victim_value * 16 - VALUES[attacker] / 16;
                if tune.see && VALUES[attacker] > victim_value && pos.is_attacked(mv.to, them) {
                    // Probably losing material: after the quiet moves.
                    -1_000_000 + mvv
                } else {
                    3_000_000 + mvv
                }
            } else if code == killers[0] {
                2_000_001
            } else if code == killers[1] {
                2_000_000
            } else if code == counter {
                1_999_999
            } else {
                self.history[mv.from.index()][mv.to.index()]
            };
        }
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_code = 0;
        let mut quiets_tried = [0u16; 64];
        let mut n_quiets = 0usize;
        let n = moves.len();
        for i in 0..n {
            // Selection sort, one step at a time.
            let mut top = i;
            for j in i + 1..n {
                if scores[j] > scores[top] {
                    top = j;
                }
            }
            moves.as_mut_slice().swap(i, top);
            scores.swap(i, top);
            let mv = moves[i];
            let capture = board[mv.to.index()] != 0;
            let killer = (1_999_999..=2_000_001).contains(&scores[i]);
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let gives_check = next.is_check();
            let quiet = !capture && !gives_check;
            if tune.prune
                && ply > 0
                && !pv_node
                && !in_check
                && best > -MATE + MAX_PLY as i32
                && !gives_check
            {
                if quiet && !killer {
                    // Late moves near the leaves.
                    let late = (3 + depth * depth) / if improving { 1 } else { 2 };
                    if depth <= 4 && n_quiets as i32 >= late {
                        continue;
                    }
                    // Futility: this move will not bring the score up to alpha.
                    if depth <= 4 && static_eval + 100 + 110 * depth <= alpha {
                        continue;
                    }
                }
                // A capture that probably loses material, near the leaves.
                if capture && scores[i] < 0 && depth <= 3 {
                    continue;
                }
            }
            self.path.push((next.hash(), gives_check));
            self.window.push(next.halfmove_clock());
            self.played[ply] = encode(mv);
            let score = if i == 0 {
                -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let r = if tune.lmr_log {
                    if depth >= 3 && i >= 2 && quiet && !in_check {
                        let mut r = LMR[depth.min(63) as usize][i.min(63)];
                        r -= i32::from(pv_node);
                        r -= i32::from(killer);
                        r += i32::from(!improving);
                        let h = self.history[mv.from.index()][mv.to.index()];
                        r -= h / 6000;
                        r.clamp(0, depth - 2)
                    } else {
                        0
                    }
                } else {
                    let quiet = quiet && !in_check && scores[i] < 2_000_000;
                    if depth >= 3 && i >= 3 && quiet {
                        1 + i32::from(i >= 10 && depth >= 5)
                    } else {
                        0
                    }
                };
                let mut s = -self.negamax(&next, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                if s > alpha && r > 0 {
                    s = -self.negamax(&next, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if s > alpha && s < beta {
                    s = -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.path.pop();
            self.window.pop();
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                best_code = encode(mv);
                if ply == 0 {
                    self.root_best = Some(mv);
                }
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if !capture {
                            if ply > 0 && self.played[ply - 1] != 0 {
                                self.counters[self.played[ply - 1] as usize] = best_code;
                            }
                            let k = &mut self.killers[ply];
                            if k[0] != best_code {
                                k[1] = k[0];
                                k[0] = best_code;
                            }
                            let bonus = (depth * depth).min(400);
                            self.reward(mv, bonus);
                            if tune.malus {
                                for &code in &quiets_tried[..n_quiets.min(64)] {
                                    if let Some(m) = decode(code) {
                                        self.reward(m, -bonus);
                                    }
                                }
                            }
                        }
                        break;
                    }
                }
            }
            if !capture && n_quiets < 64 {
                quiets_tried[n_quiets] = encode(mv);
                n_quiets += 1;
            }
        }
        if best == -INF {
            // Every move was pruned (cannot happen at a node with a searched move).
            return alpha;
        }
        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha {
            EXACT
        } else {
            UPPER
        };
        // A perpetual check's score depends on the path that led here: keep only the move.
        let (score, depth, bound) = if self.tune.no_perpetual_in_table && best.abs() == PERPETUAL {
            (0, -1, 0)
        } else {
            (to_table(best, ply), depth.clamp(0, 127) as i8, bound)
        };
        self.table[slot] = Entry {
            key,
            score,
            mv: best_code,
            depth,
            bound,
        };
        best
    }

    /// History with gravity: scores stay within ±`HISTORY_MAX`.
    fn reward(&mut self, mv: Move, bonus: i32) {
        let h = &mut self.history[mv.from.index()][mv.to.index()];
        if self.tune.malus {
            *h += bonus * 32 - *h * bonus.abs() * 32 / HISTORY_MAX;
        } else {
            *h = (*h + bonus).min(1_000_000);
        }
    }

    fn quiesce(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: usize, q: u32) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        self.nodes += 1;
        if ply >= MAX_PLY - 2 {
            return evaluate(pos);
        }
        let in_check = q < 4 && pos.is_check();
        let mut moves = MoveList::new();
        let stand = if in_check {
            pos.legal_moves_into(&mut moves);
            if moves.is_empty() {
                return -MATE + ply as i32;
            }
            -INF
        } else {
            let stand = evaluate(pos);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            pos.legal_captures_into(&mut moves);
            stand
        };
        let board = pos.codes();
        let mut scores = [0i32; crate::rules::xiangqi::MAX_MOVES];
        for (i, &mv) in moves.iter().enumerate() {
            let victim = board[mv.to.index()] as usize & 7;
            let attacker = board[mv.from.index()] as usize & 7;
            scores[i] = if victim == 0 {
                0
            } else {
                1_000 + VALUES[victim] * 16 - VALUES[attacker] / 16
            };
        }
        let mut best = stand;
        let n = moves.len();
        for i in 0..n {
            let mut top = i;
            for j in i + 1..n {
                if scores[j] > scores[top] {
                    top = j;
                }
            }
            moves.as_mut_slice().swap(i, top);
            scores.swap(i, top);
            let mv = moves[i];
            let victim = board[mv.to.index()] as usize & 7;
            if !in_check && stand + VALUES[victim] + 200 < alpha {
                continue;
            }
            let mut next = pos.clone();
            next.play_unchecked(mv);
            if self.tune.see && !in_check {
                // Taking a defended piece worth less than the taker: skip it.
                let attacker = board[mv.from.index()] as usize & 7;
                if VALUES[attacker] > VALUES[victim] && next.is_attacked(mv.to, next.side_to_move())
                {
                    continue;
                }
            }
            let score = -self.quiesce(&next, -beta, -alpha, ply + 1, q + 1);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}

/// Whether the side to move has a rook, horse or cannon (null moves are safe enough then).
fn has_pieces(pos: &Position) -> bool {
    let board = pos.codes();
    let mut bits = pos.occupied(pos.side_to_move());
    while bits != 0 {
        let sq = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        if matches!(board[sq] & 7, 4..=6) {
            return true;
        }
    }
    false
}

fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score + ply as i32
    } else if score < -MATE + MAX_PLY as i32 {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE - MAX_PLY as i32 {
        score - ply as i32
    } else if score < -MATE + MAX_PLY as i32 {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn best(fen: &str, depth: u32) -> (Move, i32) {
        let mut s = Searcher::new(4);
        let limits = Limits {
            depth: Some(depth),
            ..Limits::default()
        };
        let report = s.search(&[], &fen.parse().unwrap(), limits, |_| {});
        (report.best.unwrap(), report.info.unwrap().score)
    }

    #[test]
    fn finds_mate_in_one() {
        let (mv, score) = best("4k4/1R7/9/9/9/9/9/9/9/R2K5 w - - 0 1", 3);
        assert_eq!(mv.to_string(), "a0a9");
        assert_eq!(score, MATE - 1);
    }

    /// Whether the side to move can force a position with no legal move for the other
    /// side (mate or stalemate: both lose) within `k` of its moves.
    fn forces_mate(pos: &Position, k: u32) -> bool {
        pos.legal_moves().iter().any(|&mv| {
            let next = pos.play(mv).unwrap();
            let replies = next.legal_moves();
            replies.is_empty()
                || (k > 1
                    && replies
                        .iter()
                        .all(|&r| forces_mate(&next.play(r).unwrap(), k - 1)))
        })
    }

    #[test]
    fn finds_forced_mates_in_two_and_three() {
        for (fen, moves) in [
            ("4k4/9/9/9/9/9/9/9/R8/R2K5 w - - 0 1", 2),
            ("3k5/9/4b4/9/9/9/9/9/9/RR2K4 w - - 0 1", 2),
            ("3k5/4a4/4ba3/9/9/9/9/9/4R4/1R2K4 w - - 0 1", 3),
        ] {
            let pos: Position = fen.parse().unwrap();
            assert!(forces_mate(&pos, moves), "{fen}: no mate in {moves}");
            assert!(!forces_mate(&pos, moves - 1), "{fen}: a quicker mate");
            let (mv, score) = best(fen, 9);
            assert_eq!(score, MATE - (2 * moves as i32 - 1), "{fen}");
            let next = pos.play(mv).unwrap();
            assert!(
                moves == 1
                    || next
                        .legal_moves()
                        .iter()
                        .all(|&r| forces_mate(&next.play(r).unwrap(), moves - 1)),
                "{fen}: {mv} does not mate in {moves}"
            );
        }
    }

    #[test]
    fn takes_a_free_rook() {
        let (mv, _) = best("3k5/9/9/9/9/9/9/1r5R1/9/4K4 w - - 0 1", 4);
        assert_eq!(mv.to_string(), "h2b2");
    }

    #[test]
    fn a_stop_before_the_start_still_gives_a_searched_move_and_is_then_cleared() {
        let mut s = Searcher::new(1);
        let p: Position = "3k5/9/9/9/9/9/9/1r5R1/9/4K4 w - - 0 1".parse().unwrap();
        s.stop_flag().store(true, Ordering::Relaxed);
        let report = s.search(&[], &p, Limits::default(), |_| {});
        assert_eq!(report.best.unwrap().to_string(), "h2b2");
        assert!(!s.stop_flag().load(Ordering::Relaxed));
    }

    #[test]
    fn a_node_limit_stops_the_search_with_a_legal_move() {
        let mut s = Searcher::new(1);
        let start = Position::start();
        let limits = Limits {
            nodes: Some(5_000),
            ..Limits::default()
        };
        let report = s.search(&[], &start, limits, |_| {});
        assert!(start.is_legal(report.best.unwrap()));
        assert!(report.nodes < 20_000, "{}", report.nodes);
    }
}
