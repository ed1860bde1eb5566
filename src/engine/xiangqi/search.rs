//! The search: iterative deepening over a principal-variation search (PVS) with a
//! transposition table, null-move pruning, late-move reductions, check extensions and a
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

/// What a search may use: at most a time, a depth or a number of nodes (none: until
/// stopped from outside).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this long (a hard limit: a new iteration starts only in its first half).
    pub movetime: Option<Duration>,
    /// Stop after this many iterations.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
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
        }
    }

    /// Forgets everything learnt (for a new game).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
        self.killers = [[0; 2]; MAX_PLY];
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
        self.deadline = limits.movetime.map(|t| start + t);
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
        for depth in 1..=max_depth.max(1) {
            self.root_best = None;
            self.must_finish = depth == 1;
            let score = self.negamax(position, depth as i32, -INF, INF, 0, false);
            self.must_finish = false;
            if let Some(best) = self.root_best {
                report.best = Some(best);
            }
            if self.stopped {
                break;
            }
            let info = Info {
                depth,
                score,
                nodes: self.nodes,
                elapsed: start.elapsed(),
                pv: self.principal_variation(position, depth as usize),
            };
            on_info(&info);
            report.info = Some(info);
            if let Some(t) = limits.movetime
                && start.elapsed() * 2 > t
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
        let depth = if in_check { depth + 1 } else { depth };
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
        // Null move: with something besides pawns and the palace guards to move.
        if !pv_node && !in_check && null_ok && depth >= 3 && has_pieces(pos) {
            let static_eval = evaluate(pos);
            if static_eval >= beta {
                let mut passed = pos.clone();
                passed.pass();
                self.path.push((passed.hash(), false));
                self.window.push(0);
                let r = 2 + depth / 6;
                let score = -self.negamax(&passed, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                self.path.pop();
                self.window.pop();
                if self.stopped {
                    return 0;
                }
                if score >= beta {
                    return beta;
                }
            }
        }
        let mut moves = MoveList::new();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            // Checkmate and stalemate both lose.
            return -MATE + ply as i32;
        }
        let board = pos.codes();
        let mut scores = [0i32; crate::rules::xiangqi::MAX_MOVES];
        let killers = self.killers[ply];
        for (i, &mv) in moves.iter().enumerate() {
            let code = encode(mv);
            let victim = board[mv.to.index()] as usize & 7;
            scores[i] = if code == tt_move {
                4_000_000
            } else if victim != 0 {
                let attacker = board[mv.from.index()] as usize & 7;
                let victim_value = if victim == 1 { 2000 } else { VALUES[victim] };
                3_000_000 + victim_value * 16 - VALUES[attacker] / 16
            } else if code == killers[0] {
                2_000_001
            } else if code == killers[1] {
                2_000_000
            } else {
                self.history[mv.from.index()][mv.to.index()].min(1_999_999)
            };
        }
        let original_alpha = alpha;
        let mut best = -INF;
        let mut best_code = 0;
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
            let mut next = pos.clone();
            next.play_unchecked(mv);
            let gives_check = next.is_check();
            self.path.push((next.hash(), gives_check));
            self.window.push(next.halfmove_clock());
            let score = if i == 0 {
                -self.negamax(&next, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let quiet = !capture && !in_check && !gives_check && scores[i] < 2_000_000;
                let r = if depth >= 3 && i >= 3 && quiet {
                    1 + i32::from(i >= 10 && depth >= 5)
                } else {
                    0
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
                            let k = &mut self.killers[ply];
                            if k[0] != best_code {
                                k[1] = k[0];
                                k[0] = best_code;
                            }
                            let h = &mut self.history[mv.from.index()][mv.to.index()];
                            *h = (*h + depth * depth).min(1_000_000);
                        }
                        break;
                    }
                }
            }
        }
        let bound = if best >= beta {
            LOWER
        } else if best > original_alpha {
            EXACT
        } else {
            UPPER
        };
        self.table[slot] = Entry {
            key,
            score: to_table(best, ply),
            mv: best_code,
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
        best
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
