//! The engine's board: a padded array of cells with, for every seat and every empty cell,
//! the [`Pat`] a stone there would make in each of the four lines, the cell's value and
//! its threat flags, all kept up to date move by move (only the four lines through a move
//! change). Also the stones' Zobrist hash, which empty cells have a stone near them (for
//! move generation) and, in renju, a copy of the rules board to judge Black's forbidden
//! points.
//!
//! For speed (the board's update is most of a search's time), each line of the board is
//! also one word of two-bit cells, so a cell's line key is a shift and a mask; in freestyle
//! one table look-up gives both seats' patterns; and a move's changes are saved as whole
//! per-cell records, put back in reverse on [`State::unmake`].

use std::sync::OnceLock;

use super::evaluate::cell_class;
use super::pattern::{EMPTY, OTHER, OWN, Pat, PatternTable, WALL, WinMode};
use crate::rules::gomoku::{Board, Game, Point, Rule, Seat, renju};

const WALL_CELL: u8 = 0xff;

/// The cell makes a winning row.
pub const F_FIVE: u8 = 1;
/// The cell makes an unstoppable four: an open four, or two fours.
pub const F_WIN: u8 = 2;
/// The cell makes a four (or better) in some line.
pub const F_FOUR: u8 = 4;
/// The cell makes an open three in some line.
pub const F_THREE: u8 = 8;
/// The cell makes a four and an open three, or two open threes.
pub const F_DOUBLE: u8 = 16;

/// What a stone on an empty cell is worth to the seat who could put it there: each line
/// pattern's value, and bonuses for the threats the lines make together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellValues {
    /// Each [`Pat`]'s value, by its code.
    pub pat: [i32; 9],
    /// An unstoppable four (an open four, or two fours).
    pub win: i32,
    /// A four and an open three.
    pub four_three: i32,
    /// Two open threes.
    pub three_three: i32,
    /// What two lines of a cell are worth together beyond their own values, for each two
    /// patterns from [`Pat::Two`] to [`Pat::OpenFour`] (the weaker first, row by row:
    /// two and two, two and open two, … open four and open four; [`pair_index`]).
    pub pairs: [i32; PAIRS],
}

/// The weakest pattern [`CellValues::pairs`] counts…
const PAIR_FROM: u8 = Pat::Two as u8;
/// …and the strongest.
const PAIR_TO: u8 = Pat::OpenFour as u8;
/// How many patterns pairs are counted among, and how many pairs of them there are.
const PAIR_SPAN: usize = (PAIR_TO - PAIR_FROM + 1) as usize;
/// See [`CellValues::pairs`].
pub const PAIRS: usize = PAIR_SPAN * (PAIR_SPAN + 1) / 2;

/// The index in [`CellValues::pairs`] of two patterns' codes, if both are counted.
pub fn pair_index(p: u8, q: u8) -> Option<usize> {
    let (a, b) = (p.min(q), p.max(q));
    if a < PAIR_FROM || b > PAIR_TO {
        return None;
    }
    let (a, b) = ((a - PAIR_FROM) as usize, (b - PAIR_FROM) as usize);
    Some(a * PAIR_SPAN - a * (a + 1) / 2 + b)
}

impl CellValues {
    /// The hand-set values (close to the source write-up's ranking of shapes), the default
    /// until #27's twenty-sixth round (`LANQI_GOMOKU_OFF=fitted` plays them).
    pub const HAND: CellValues = CellValues {
        pat: [0, 1, 4, 10, 12, 50, 60, 400, 4000],
        win: 600,
        four_three: 400,
        three_three: 200,
        pairs: [0; PAIRS],
    };

    /// The values fitted to Rapfi's verdicts (forced wins and losses included) on 6,518
    /// quiet positions of lanqi's games against it, by a logistic of the static score
    /// (`scripts/gomoku-fit/fit_values.py`; docs/MEASUREMENTS.md, #27 twenty-sixth round),
    /// in the hand values' units: a three that makes a four is worth twice a hand one, a
    /// four point three times, and a cell where a four crosses an open three, a three or an
    /// open two far more than its lines apart. The five keeps its hand value (a quiet
    /// position has none to fit).
    pub const FITTED: CellValues = CellValues {
        pat: [0, 1, 4, 11, 23, 116, 165, 393, 4000],
        win: 209,
        four_three: 261,
        three_three: 10,
        pairs: [
            -11, 1, 6, -4, 71, 0, // two and two … open four
            7, 29, 46, 188, 0, // open two and open two … open four
            72, 35, 262, 0, // three and three … open four
            9, 653, 0, // open three and open three … open four
            0, 0, // four and four, open four
            0, // open four and open four
        ],
    };

    /// The values this process uses: [`CellValues::FITTED`] (or [`CellValues::HAND`] with
    /// `LANQI_GOMOKU_OFF=fitted`), and for measuring, `LANQI_GOMOKU_VALUES` (the nine
    /// patterns' values, then `win`, `four_three` and `three_three`, comma-separated) in
    /// place of the first twelve if it holds twelve numbers, and `LANQI_GOMOKU_PAIRS` in
    /// place of the pairs if it holds 21.
    pub fn current() -> &'static CellValues {
        static VALUES: OnceLock<CellValues> = OnceLock::new();
        VALUES.get_or_init(|| {
            let var = |name| std::env::var(name).unwrap_or_default();
            let base = if super::tune::Tune::current().fitted {
                CellValues::FITTED
            } else {
                CellValues::HAND
            };
            let mut values = match CellValues::parse(&var("LANQI_GOMOKU_VALUES")) {
                Some(set) => CellValues {
                    pairs: base.pairs,
                    ..set
                },
                None => base,
            };
            if let Some(pairs) = parse_numbers::<PAIRS>(&var("LANQI_GOMOKU_PAIRS"))
                && pairs.iter().all(|n| n.abs() < 100_000)
            {
                values.pairs = pairs;
            }
            values
        })
    }

    /// Twelve comma-separated numbers as values (see [`CellValues::current`]), or `None`.
    pub fn parse(text: &str) -> Option<CellValues> {
        let nums = parse_numbers::<12>(text)?;
        let bounded = nums.iter().all(|&n| n.abs() < 100_000);
        bounded.then(|| CellValues {
            pat: nums[..9].try_into().expect("nine"),
            win: nums[9],
            four_three: nums[10],
            three_three: nums[11],
            pairs: [0; PAIRS],
        })
    }
}

/// Exactly `N` comma-separated numbers, or `None`.
fn parse_numbers<const N: usize>(text: &str) -> Option<[i32; N]> {
    let nums: Vec<i32> = text
        .split(',')
        .map(|w| w.trim().parse().ok())
        .collect::<Option<_>>()?;
    nums.try_into().ok()
}

/// The board as the engine sees it.
pub struct State {
    /// Files.
    pub w: usize,
    /// Ranks.
    pub h: usize,
    stride: usize,
    pad: usize,
    win: usize,
    /// Seats in the game (some may have left).
    pub seats: usize,
    /// The rule set.
    pub rule: Rule,
    cells: Vec<u8>,
    /// Seated seats in turn order.
    order: Vec<u8>,
    mover: usize,
    dirs: [isize; 4],
    /// Per seat, every line of the board (rows, files, diagonals, anti-diagonals) as one
    /// word of two-bit cells (empty, own, other) with `win` wall cells at each end, kept up
    /// to date; a cell's key for [`PatternTable::get`] is a shift and a mask of its line's
    /// word. With two seats only seat 0's lines are kept: seat 1's keys are seat 0's with
    /// own and other swapped ([`swap_sides`]). Empty when a line and its walls do not fit
    /// a word (a win length near the board's side): the keys are then read off the cells.
    lines: Vec<Vec<u128>>,
    /// Per cell and line direction, its line and its place along it.
    line_at: Vec<[(u16, u8); 4]>,
    /// With two seats sharing one pattern table of the four nearest cells each side
    /// (freestyle): both seats' patterns for each such line, in one byte (seat 0's in the
    /// low four bits), learnt as they are met.
    pairs: Vec<u8>,
    /// Per seat and cell (at [`State::slot`]), what a stone there would make.
    info: Vec<Info>,
    /// Per four line patterns (`Info::index`), the cell's value and flags ([`Values`]).
    values: &'static [u32],
    /// Per seat, how many empty cells carry each flag, in twelve bits a flag.
    nflags: [u64; 4],
    /// Per flag (by its bit), the slots ([`State::slot`]) whose cell carries it, one bit
    /// each, [`State::flag_words`] words a flag: [`State::cells_with`] reads the cells off
    /// the set bits instead of scanning the board.
    flag_bits: Vec<u64>,
    flag_words: usize,
    total: [i64; 4],
    /// The empty cells with a stone within two points, one bit each (and a spare word
    /// at the end): the cells move generation considers ([`State::near_empties`]).
    near_bits: Vec<u64>,
    /// The empty cells of the board, one bit each (and a spare word at the end).
    empty_bits: Vec<u64>,
    /// The words of `near_bits` each move changed, as they were before it, to put back
    /// on [`State::unmake`] ([`State::near_words`] says which).
    near_saved: Vec<u64>,
    tables: Vec<PatternTable>,
    table_of: [usize; 4],
    zobrist: Vec<[u64; 4]>,
    hash: u64,
    /// The cells played, in order.
    pub history: Vec<usize>,
    /// The files and ranks the stones span, `(x0, y0, x1, y1)` (`None` on an empty
    /// board), and their spans before each move.
    span: Option<(usize, usize, usize, usize)>,
    spans: Vec<Option<(usize, usize, usize, usize)>>,
    empties: usize,
    rules_board: Option<Board>,
    /// How far a stone changes other cells' patterns: the win length, or one less when
    /// every seat wins with the win length or more (a cell's pattern then never depends on
    /// the cells the win length away).
    reach: usize,
    /// What each move changed, to put back on [`State::unmake`]: per seat and cell, the
    /// old patterns, value and flags…
    saved: Vec<Saved>,
    /// …where each move's records start, and the counts and totals before it.
    marks: Vec<(usize, usize, [u64; 4], [i64; 4])>,
    /// The slots whose flags changed and how (the changed bits), in order: undone in
    /// `flag_bits` on [`State::unmake`] back to the move's mark.
    flag_changes: Vec<(u32, u8)>,
}

/// A two-seat board's totals and flag counts after a move it has not played
/// ([`State::glance`]).
pub struct Glance {
    total: [i64; 2],
    nflags: [u64; 2],
}

impl Glance {
    /// As [`State::count`].
    pub fn count(&self, seat: u8, flag: u8) -> i32 {
        packed_count(self.nflags[seat as usize], flag)
    }

    /// As [`State::total`].
    pub fn total(&self, seat: u8) -> i64 {
        self.total[seat as usize]
    }
}

/// What a stone of a seat on an empty cell would make: the four lines' patterns, one byte
/// each (line `d` in byte `d`), the cell's value and its threat flags.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
struct Info {
    pats: [u8; 4],
    value: i32,
    /// The patterns as one number, `pats`' byte `d` times 9^d: the index of the value
    /// table.
    index: u16,
    flags: u8,
}

impl Info {
    /// The patterns and value-table index with line `d`'s pattern set to `pat`, or `None`
    /// when it is already `pat`.
    #[inline(always)]
    fn with_pat(&self, d: usize, pat: u32) -> Option<([u8; 4], u16)> {
        const POW9: [i32; 4] = [1, 9, 81, 729];
        let was = self.pats[d & 3] as u32;
        if pat == was {
            return None;
        }
        let mut pats = self.pats;
        pats[d & 3] = pat as u8;
        let index = self.index as i32 + (pat as i32 - was as i32) * POW9[d & 3];
        Some((pats, index as u16))
    }
}

/// A seat's [`Info`] at a cell (its index in `State::info`) before a move changed it.
#[derive(Clone, Copy)]
struct Saved {
    at: u32,
    info: Info,
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

impl State {
    /// The position of `game`, with `tables` (reused between searches when they fit).
    pub fn new(game: &Game, tables: Vec<PatternTable>) -> State {
        State::with_values(game, tables, Values::Current)
    }

    /// [`State::new`] with the cell values `values`.
    pub fn with_values(game: &Game, tables: Vec<PatternTable>, values: Values) -> State {
        let settings = game.settings();
        let (w, h) = (
            settings.size.width() as usize,
            settings.size.height() as usize,
        );
        let win = settings.win as usize;
        let pad = win.max(2);
        let stride = w + 2 * pad;
        let rows = h + 2 * pad;
        let mut cells = vec![WALL_CELL; stride * rows];
        for y in 0..h {
            for x in 0..w {
                cells[(y + pad) * stride + x + pad] = EMPTY;
            }
        }
        let seats = settings.seats as usize;
        let modes: Vec<WinMode> = (0..seats)
            .map(|s| match settings.rule {
                Rule::Freestyle => WinMode::AtLeast,
                Rule::Standard => WinMode::Exact,
                Rule::Caro => WinMode::Caro,
                Rule::Renju if s == 0 => WinMode::Exact,
                Rule::Renju => WinMode::AtLeast,
            })
            .collect();
        let mut tables = tables;
        tables.retain(|t| t.win() == win && modes.contains(&t.mode()));
        let mut table_of = [0; 4];
        for (s, mode) in modes.iter().enumerate() {
            let i = match tables.iter().position(|t| t.mode() == *mode) {
                Some(i) => i,
                None => {
                    tables.push(PatternTable::new(win as u8, *mode));
                    tables.len() - 1
                }
            };
            table_of[s] = i;
        }
        let n = cells.len();
        let order: Vec<u8> = (0..seats as u8)
            .filter(|&s| game.is_seated(game.player_of(Seat(s))))
            .collect();
        let mut state = State {
            w,
            h,
            stride,
            pad,
            win,
            seats,
            rule: settings.rule,
            cells,
            order,
            mover: 0,
            dirs: [1, stride as isize, stride as isize + 1, stride as isize - 1],
            lines: Vec::new(),
            line_at: vec![[(0, 0); 4]; n],
            pairs: Vec::new(),
            info: vec![Info::default(); n * seats],
            values: values.table(),
            nflags: [0; 4],
            flag_bits: vec![0; FLAGS * (n * seats).div_ceil(64)],
            flag_words: (n * seats).div_ceil(64),
            total: [0; 4],
            near_bits: vec![0; n.div_ceil(64) + 1],
            empty_bits: vec![0; n.div_ceil(64) + 1],
            near_saved: Vec::new(),
            tables,
            table_of,
            zobrist: (0..n)
                .map(|i| std::array::from_fn(|s| splitmix((i * 4 + s) as u64 ^ 0x676f_6d6f)))
                .collect(),
            hash: 0,
            history: Vec::new(),
            span: None,
            spans: Vec::new(),
            empties: w * h,
            rules_board: (settings.rule == Rule::Renju).then(|| Board::new(settings.size)),
            saved: Vec::new(),
            marks: Vec::new(),
            flag_changes: Vec::new(),
            reach: if modes.iter().all(|&m| m == WinMode::AtLeast) {
                win - 1
            } else {
                win
            },
        };
        state.lay_lines();
        if seats == 2 && table_of[0] == table_of[1] && state.tables[table_of[0]].is_short() {
            state.pairs = vec![UNKNOWN_PAIR; SIDES as usize * SIDES as usize];
        }
        for y in 0..h {
            for x in 0..w {
                let c = state.cell(x, y);
                state.empty_bits[c / 64] |= 1 << (c % 64);
                for d in 0..4 {
                    state.refresh_pat(c, d, false);
                }
            }
        }
        // The empty board's flags are not a move's changes.
        state.flag_changes.clear();
        for m in game.moves() {
            let c = state.cell(m.point.file() as usize, m.point.rank() as usize);
            state.place(c, m.seat.0);
        }
        let to_move = game.to_move().0;
        state.mover = state.order.iter().position(|&s| s == to_move).unwrap_or(0);
        state
    }

    /// Numbers the board's lines, notes each cell's line and place in each direction, and
    /// (when a line and its walls fit a word) gives each key seat the empty lines.
    fn lay_lines(&mut self) {
        let (w, h, l) = (self.w, self.h, self.win);
        // Per direction: the first line's number, and a cell's line and place along it.
        let firsts = [0, h, h + w, h + w + (w + h - 1)];
        let mut lens = vec![0usize; firsts[3] + (w + h - 1)];
        for y in 0..h {
            for x in 0..w {
                let c = self.cell(x, y);
                let places = [
                    (y, x),
                    (x, y),
                    (x + (h - 1) - y, x.min(y)),
                    (x + y, (w - 1 - x).min(y)),
                ];
                for (d, (line, place)) in places.into_iter().enumerate() {
                    let line = firsts[d] + line;
                    self.line_at[c][d] = (line as u16, place as u8);
                    lens[line] = lens[line].max(place + 1);
                }
            }
        }
        if lens.iter().any(|&len| len + 2 * l > 64) {
            return;
        }
        let walls = |len: usize| {
            let end = (1u128 << (2 * l)) - 1;
            end | (end << (2 * (l + len)))
        };
        self.lines = vec![lens.iter().map(|&len| walls(len)).collect(); key_seats(self.seats)];
    }

    /// Where seat `s`'s [`Info`] for cell `c` is: each seat's cells side by side.
    #[inline(always)]
    fn slot(&self, s: usize, c: usize) -> usize {
        s * self.cells.len() + c
    }

    /// Hands the pattern tables back, for the next search.
    pub fn into_tables(self) -> Vec<PatternTable> {
        self.tables
    }

    /// The cell of file `x`, rank `y`.
    pub fn cell(&self, x: usize, y: usize) -> usize {
        (y + self.pad) * self.stride + x + self.pad
    }

    /// The point of a cell on the board.
    pub fn point(&self, c: usize) -> Point {
        let (y, x) = (c / self.stride - self.pad, c % self.stride - self.pad);
        Point::new(x as u8, y as u8).expect("a cell on the board")
    }

    /// How many points apart two cells are, the larger of the files' and the ranks'
    /// differences (Chebyshev).
    pub fn distance(&self, a: usize, b: usize) -> usize {
        let (ay, ax) = (a / self.stride, a % self.stride);
        let (by, bx) = (b / self.stride, b % self.stride);
        ay.abs_diff(by).max(ax.abs_diff(bx))
    }

    /// The win length.
    pub fn win(&self) -> usize {
        self.win
    }

    /// The seat to move.
    pub fn mover(&self) -> u8 {
        self.order[self.mover]
    }

    /// The seat that moves after the seat to move.
    pub fn next_seat(&self) -> u8 {
        self.order[(self.mover + 1) % self.order.len()]
    }

    /// The seats still playing, in turn order from the seat to move.
    pub fn seats_from_mover(&self) -> impl Iterator<Item = u8> + '_ {
        let n = self.order.len();
        (0..n).map(move |k| self.order[(self.mover + k) % n])
    }

    /// How many seats are still playing.
    pub fn playing(&self) -> usize {
        self.order.len()
    }

    /// The Zobrist hash of the stones and the seat to move.
    pub fn hash(&self) -> u64 {
        self.hash ^ splitmix(self.mover() as u64 + 0x51)
    }

    /// The hash [`State::hash`] would give after the seat to move played on `c` (two
    /// seats).
    pub fn hash_after(&self, c: usize) -> u64 {
        let seat = self.mover();
        self.hash ^ self.zobrist[c][seat as usize] ^ splitmix(self.next_seat() as u64 + 0x51)
    }

    /// Whether `c` is a cell of this board's layout (on the board or its walls).
    pub fn in_range(&self, c: usize) -> bool {
        c < self.cells.len()
    }

    /// Whether the cell is on the board and empty.
    pub fn is_empty(&self, c: usize) -> bool {
        self.cells[c] == EMPTY
    }

    /// How many empty points are left.
    pub fn empties(&self) -> usize {
        self.empties
    }

    /// Every cell of the board, row by row.
    pub fn board_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.h).flat_map(move |y| (0..self.w).map(move |x| self.cell(x, y)))
    }

    /// The files and ranks within `margin` of the stones' span, `(x0, y0, x1, y1)`, on
    /// the board (the whole board when it is empty): every cell with a threat flag lies
    /// within the win length of it.
    fn span_near_stones(&self, margin: usize) -> (usize, usize, usize, usize) {
        match self.span {
            Some((x0, y0, x1, y1)) => (
                x0.saturating_sub(margin),
                y0.saturating_sub(margin),
                (x1 + margin).min(self.w - 1),
                (y1 + margin).min(self.h - 1),
            ),
            None => (0, 0, self.w - 1, self.h - 1),
        }
    }

    /// The cells of [`State::span_near_stones`], row by row.
    pub fn cells_near_stones(&self, margin: usize) -> impl Iterator<Item = usize> + '_ {
        let (x0, y0, x1, y1) = self.span_near_stones(margin);
        (y0..=y1).flat_map(move |y| (x0..=x1).map(move |x| self.cell(x, y)))
    }

    /// Whether some stone stands within two points of the cell (read off the board).
    pub fn is_near(&self, c: usize) -> bool {
        let first = c - 2 * self.stride - 2;
        (0..5).any(|row| {
            let start = first + row * self.stride;
            self.cells[start..start + 5]
                .iter()
                .any(|&v| v != EMPTY && v != WALL_CELL)
        })
    }

    /// How many empty cells have some stone within two points.
    pub fn near_count(&self) -> usize {
        self.near_bits.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The empty cells with some stone within two points, in the order of the cells (row
    /// by row).
    pub fn near_empties(&self) -> impl Iterator<Item = usize> + '_ {
        (self.near_bits.iter().enumerate())
            .flat_map(|(w, &word)| set_bits(word).map(move |b| w * 64 + b))
    }

    /// The seat's threat flags at an empty cell.
    pub fn flags(&self, seat: u8, c: usize) -> u8 {
        self.info[self.slot(seat as usize, c)].flags
    }

    /// The seat's value of an empty cell.
    pub fn value(&self, seat: u8, c: usize) -> i32 {
        self.info[self.slot(seat as usize, c)].value
    }

    /// The patterns the seat makes at an empty cell, line `d` in byte `d`.
    pub fn pats(&self, seat: u8, c: usize) -> u32 {
        u32::from_le_bytes(self.info[self.slot(seat as usize, c)].pats)
    }

    /// The kind of an empty cell for the seat ([`cell_class`]).
    pub fn kind(&self, seat: u8, c: usize) -> usize {
        cell_class(self.pats(seat, c).to_le_bytes())
    }

    /// The pattern the seat makes at an empty cell in line `d`.
    pub fn pat(&self, seat: u8, c: usize, d: usize) -> Pat {
        Pat::from_u8((self.pats(seat, c) >> (8 * d)) as u8)
    }

    /// How many empty cells carry the flag for the seat.
    pub fn count(&self, seat: u8, flag: u8) -> i32 {
        packed_count(self.nflags[seat as usize], flag)
    }

    /// How many (empty cell, line) pairs would give the seat the pattern, counted over
    /// the board (for `fit`'s features, which are off by default: kept up to date on every
    /// move, the counts cost the search a tenth of its speed).
    pub fn pat_count(&self, seat: u8, pat: Pat) -> i32 {
        self.board_cells()
            .filter(|&c| self.is_empty(c))
            .map(|c| (0..4).filter(|&d| self.pat(seat, c, d) == pat).count() as i32)
            .sum()
    }

    /// The sum of the seat's values over the empty cells.
    pub fn total(&self, seat: u8) -> i64 {
        self.total[seat as usize]
    }

    /// The cells `k` steps along line `d` from `c`, `-r..=r`, that are on the board.
    pub fn line(&self, c: usize, d: usize, r: usize) -> impl Iterator<Item = usize> + '_ {
        let step = self.dirs[d];
        let r = r.min(self.pad) as isize;
        (-r..=r)
            .map(move |k| (c as isize + k * step) as usize)
            .filter(move |&x| self.cells[x] != WALL_CELL)
    }

    /// The seat to move plays on the empty cell `c`.
    pub fn make(&mut self, c: usize) {
        let seat = self.mover();
        self.place(c, seat);
        self.mover = (self.mover + 1) % self.order.len();
    }

    /// The seat to move passes (only to ask what the next seat threatens).
    pub fn pass(&mut self) {
        self.mover = (self.mover + 1) % self.order.len();
    }

    /// Undoes [`State::pass`].
    pub fn unpass(&mut self) {
        self.mover = (self.mover + self.order.len() - 1) % self.order.len();
    }

    /// Takes back the last move.
    pub fn unmake(&mut self) {
        let Some(c) = self.history.pop() else {
            return;
        };
        let seat = self.cells[c] - 1;
        self.cells[c] = EMPTY;
        self.span = self.spans.pop().expect("a span for each move");
        self.empties += 1;
        self.hash ^= self.zobrist[c][seat as usize];
        let point = self.point(c);
        if let Some(board) = &mut self.rules_board {
            board.lift(point);
        }
        self.empty_bits[c / 64] |= 1 << (c % 64);
        for w in self.near_words(c).rev() {
            self.near_bits[w] = self.near_saved.pop().expect("near words for each move");
        }
        self.update_keys(c, seat, false);
        let (start, flag_start, nflags, total) = self.marks.pop().expect("a mark for each move");
        for r in self.saved.drain(start..).rev() {
            self.info[r.at as usize] = r.info;
        }
        for (at, changed) in self.flag_changes.drain(flag_start..) {
            toggle_flags(&mut self.flag_bits, self.flag_words, at as usize, changed);
        }
        self.nflags = nflags;
        self.total = total;
        self.mover = (self.mover + self.order.len() - 1) % self.order.len();
    }

    fn place(&mut self, c: usize, seat: u8) {
        debug_assert_eq!(self.cells[c], EMPTY);
        self.cells[c] = seat + 1;
        self.empties -= 1;
        self.hash ^= self.zobrist[c][seat as usize];
        self.history.push(c);
        self.spans.push(self.span);
        let (y, x) = (c / self.stride - self.pad, c % self.stride - self.pad);
        self.span = Some(match self.span {
            None => (x, y, x, y),
            Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
        });
        let point = self.point(c);
        if let Some(board) = &mut self.rules_board {
            board.place(point, Seat(seat));
        }
        self.mark_near(c);
        self.update_keys(c, seat, true);
        self.marks.push((
            self.saved.len(),
            self.flag_changes.len(),
            self.nflags,
            self.total,
        ));
        self.refresh_lines(c, true);
    }

    /// Marks the empty cells within two points of the stone just put on `c` as near a
    /// stone (saving the words it changes for [`State::unmake`]).
    fn mark_near(&mut self, c: usize) {
        self.empty_bits[c / 64] &= !(1 << (c % 64));
        for w in self.near_words(c) {
            self.near_saved.push(self.near_bits[w]);
        }
        let first = c - 2 * self.stride - 2;
        for row in 0..5 {
            // Five bits from `start`, in its word and the next (the spare word at the end).
            let start = first + row * self.stride;
            let (w, bits) = (start / 64, 0x1fu128 << (start % 64));
            self.near_bits[w] |= bits as u64 & self.empty_bits[w];
            self.near_bits[w + 1] |= (bits >> 64) as u64 & self.empty_bits[w + 1];
        }
        self.near_bits[c / 64] &= !(1 << (c % 64));
    }

    /// The words of `near_bits` a stone on `c` can change: those of the cells within two
    /// rows and files of it.
    fn near_words(&self, c: usize) -> std::ops::RangeInclusive<usize> {
        let (first, last) = (c - 2 * self.stride - 2, c + 2 * self.stride + 2);
        first / 64..=last / 64
    }

    /// Writes (or clears) `seat`'s stone on `c` into the lines through it.
    fn update_keys(&mut self, c: usize, seat: u8, add: bool) {
        let l = self.win;
        let at = self.line_at[c];
        for s in 0..self.lines.len() {
            let code = if s == seat as usize { OWN } else { OTHER } as u128;
            for (line, place) in at {
                let shift = 2 * (place as usize + l);
                let word = &mut self.lines[s][line as usize];
                if add {
                    *word |= code << shift;
                } else {
                    *word &= !(3u128 << shift);
                }
            }
        }
    }

    /// The key of the line through the empty cell `c` in direction `d` for key seat `s`
    /// (see [`PatternTable::get`]).
    #[inline(always)]
    fn line_key(&self, c: usize, d: usize, s: usize) -> u128 {
        if self.lines.is_empty() {
            return self.key_off_cells(c, d, s as u8);
        }
        let (line, place) = self.line_at[c][d];
        key_in(self.lines[s][line as usize], place as usize, self.win)
    }

    /// Bits 2..18 of [`State::line_key`] for seat 0 (the four nearest cells each side,
    /// all a short pattern table reads), when the win length is five.
    #[inline(always)]
    fn short_key(&self, c: usize, d: usize) -> usize {
        debug_assert!(self.win == 5 && !self.lines.is_empty());
        let (line, place) = self.line_at[c][d];
        short_index((self.lines[0][line as usize] >> (2 * place as usize)) as u32)
    }

    fn refresh_lines(&mut self, c: usize, save: bool) {
        self.clear_cell(c, save);
        let l = self.reach as isize;
        let paired = !self.pairs.is_empty();
        for d in 0..4 {
            let step = self.dirs[d];
            if !paired {
                for k in -l..=l {
                    let x = (c as isize + k * step) as usize;
                    // Occupied cells keep no patterns (the move's own cell is cleared once).
                    if self.cells[x] == EMPTY {
                        self.refresh_pat(x, d, save);
                    }
                }
                continue;
            }
            // With a pair table, the line's word is read once for all its cells.
            let (line, place) = self.line_at[c][d];
            let (near, place) = near_cells(self.lines[0][line as usize], place as isize, l);
            for k in -l..=l {
                let x = (c as isize + k * step) as usize;
                if self.cells[x] == EMPTY {
                    // `x` is on the board, so its place `place + k` is not negative.
                    let window = (near >> (2 * (place + k))) as u32;
                    self.refresh_pair(x, d, short_index(window), save);
                }
            }
        }
    }

    /// Clears every seat's patterns, value and flags at the cell a stone was just put on
    /// (first saving the old ones for [`State::unmake`] when `save`).
    fn clear_cell(&mut self, c: usize, save: bool) {
        for s in 0..self.seats {
            if save {
                self.save(s, c);
            }
            self.revalue(s, c, [0; 4], 0);
        }
    }

    /// Saves a seat's patterns, value and flags at `c` for [`State::unmake`].
    #[inline]
    fn save(&mut self, s: usize, c: usize) {
        let at = self.slot(s, c);
        self.saved.push(Saved {
            at: at as u32,
            info: self.info[at],
        });
    }

    /// Recomputes every seat's pattern at the empty cell `c` in line `d`, and the cell's
    /// values when the pattern changed (first saving the old ones for [`State::unmake`]
    /// when `save`).
    fn refresh_pat(&mut self, c: usize, d: usize, save: bool) {
        if !self.pairs.is_empty() {
            self.refresh_pair(c, d, self.short_key(c, d), save);
            return;
        }
        for s in 0..self.seats {
            let key = if self.seats == 2 && s == 1 {
                swap_sides(self.line_key(c, d, 0))
            } else {
                self.line_key(c, d, s)
            };
            let pat = self.tables[self.table_of[s]].get(key) as u32;
            self.set_pat(s, c, d, pat, save);
        }
    }

    /// [`State::refresh_pat`] with a pair table, given the line's short key `i`.
    #[inline(always)]
    fn refresh_pair(&mut self, c: usize, d: usize, i: usize, save: bool) {
        let mut pair = self.pairs[i];
        if pair == UNKNOWN_PAIR {
            pair = self.learn_pair(i, self.line_key(c, d, 0));
        }
        self.set_pat(0, c, d, (pair & 15) as u32, save);
        self.set_pat(1, c, d, (pair >> 4) as u32, save);
    }

    /// Looks up both seats' patterns of the line with `key` (short index `i`) in the
    /// pattern table, and keeps them in the pair table.
    #[cold]
    fn learn_pair(&mut self, i: usize, key: u128) -> u8 {
        let table = &mut self.tables[self.table_of[0]];
        let pair = table.get(key) as u8 | (table.get(swap_sides(key)) as u8) << 4;
        self.pairs[i] = pair;
        pair
    }

    /// The totals and flag counts the board would have if the seat to move played on the
    /// empty cell `c`, worked out without playing it (no record is changed or saved, so it
    /// costs about half a [`State::make`] and no [`State::unmake`]); `None` unless two seats
    /// share a pair table (freestyle).
    pub fn glance(&mut self, c: usize) -> Option<Glance> {
        if self.pairs.is_empty() {
            return None;
        }
        let code = if self.mover() == 0 { OWN } else { OTHER } as u128;
        let (l, reach) = (self.win, self.reach as isize);
        let mut total = [self.total[0], self.total[1]];
        let mut nflags = [self.nflags[0], self.nflags[1]];
        for s in 0..2 {
            let info = self.info[self.slot(s, c)];
            total[s] -= info.value as i64;
            nflags[s] = nflags[s].wrapping_sub(spread(info.flags));
        }
        for d in 0..4 {
            let step = self.dirs[d];
            let (line, place) = self.line_at[c][d];
            let word = self.lines[0][line as usize] | code << (2 * (place as usize + l));
            let (near, first) = near_cells(word, place as isize, reach);
            for k in (-reach..=reach).filter(|&k| k != 0) {
                let x = (c as isize + k * step) as usize;
                if self.cells[x] != EMPTY {
                    continue;
                }
                // `x` is on the board, so its place `place + k` is not negative.
                let i = short_index((near >> (2 * (first + k))) as u32);
                let mut pair = self.pairs[i];
                if pair == UNKNOWN_PAIR {
                    let at = (place as isize + k) as usize;
                    pair = self.learn_pair(i, key_in(word, at, l));
                }
                for (s, pat) in [(0, pair & 15), (1, pair >> 4)] {
                    let info = self.info[self.slot(s, x)];
                    let Some((_, index)) = info.with_pat(d, pat as u32) else {
                        continue;
                    };
                    let packed = self.values[index as usize];
                    total[s] += ((packed >> 8) as i32 - info.value) as i64;
                    nflags[s] = nflags[s]
                        .wrapping_add(spread(packed as u8))
                        .wrapping_sub(spread(info.flags));
                }
            }
        }
        Some(Glance { total, nflags })
    }

    /// Sets seat `s`'s pattern at the empty cell `c` in line `d`, and its values if it
    /// changed.
    #[inline]
    fn set_pat(&mut self, s: usize, c: usize, d: usize, pat: u32, save: bool) {
        let Some((pats, index)) = self.info[self.slot(s, c)].with_pat(d, pat) else {
            return;
        };
        if save {
            self.save(s, c);
        }
        self.revalue(s, c, pats, index);
    }

    /// [`State::key`], out of the way of the hot path.
    #[cold]
    #[inline(never)]
    fn key_off_cells(&self, c: usize, d: usize, seat: u8) -> u128 {
        self.key(c, d, seat)
    }

    /// The key of the line through `c` in line `d` for `seat`, read from the board.
    fn key(&self, c: usize, d: usize, seat: u8) -> u128 {
        let l = self.win;
        let step = self.dirs[d];
        let own = seat + 1;
        let code = |v: u8| match v {
            EMPTY => EMPTY,
            WALL_CELL => WALL,
            v if v == own => OWN,
            _ => OTHER,
        };
        let at = |k: isize| code(self.cells[(c as isize + k * step) as usize]) as u128;
        let mut key = 0u128;
        for k in 1..=l {
            // Before the point: slot L - k (the nearest cell in slot L - 1); after: L + k - 1.
            key |= at(-(k as isize)) << (2 * (l - k));
            key |= at(k as isize) << (2 * (l + k - 1));
        }
        key
    }

    /// Sets a seat's patterns at `c` (all 0 for an occupied cell; `index` as in
    /// [`Info`]) and with them its value and flags, and the counts and total they go into.
    #[inline]
    fn revalue(&mut self, s: usize, c: usize, pats: [u8; 4], index: u16) {
        let packed = self.values[index as usize];
        let (value, flags) = ((packed >> 8) as i32, packed as u8);
        let at = self.slot(s, c);
        let info = &mut self.info[at];
        if info.flags != flags {
            // Each count is exact and below 4,096, so the packed sum never borrows across
            // counts in the end.
            self.nflags[s] = self.nflags[s]
                .wrapping_add(spread(flags))
                .wrapping_sub(spread(info.flags));
            let changed = info.flags ^ flags;
            toggle_flags(&mut self.flag_bits, self.flag_words, at, changed);
            self.flag_changes.push((at as u32, changed));
        }
        self.total[s] += (value - info.value) as i64;
        *info = Info {
            pats,
            value,
            index,
            flags,
        };
    }

    /// The empty cells where `seat` has `flag` (a single flag), row by row.
    pub fn cells_with(&self, seat: u8, flag: u8) -> Vec<usize> {
        debug_assert!(flag.is_power_of_two(), "one flag at a time");
        // The count is exact, so the reading stops at the last one.
        let count = self.count(seat, flag).max(0) as usize;
        let mut out = Vec::with_capacity(count);
        if count > 0 {
            out.extend(self.cells_with_any(seat, flag).take(count));
        }
        out
    }

    /// The empty cells where `seat` has any of the flags in `mask`, row by row.
    pub fn cells_with_any(&self, seat: u8, mask: u8) -> impl Iterator<Item = usize> + '_ {
        // The seat's slots are first..first + n of each flag's words.
        let n = self.cells.len();
        let first = self.slot(seat as usize, 0);
        let end = first + n;
        (first / 64..end.div_ceil(64)).flat_map(move |w| {
            let mut word = (0..FLAGS)
                .filter(|&f| mask >> f & 1 != 0)
                .fold(0, |word, f| word | self.flag_bits[f * self.flag_words + w]);
            if w == first / 64 {
                word &= u64::MAX << (first % 64);
            }
            if w == end / 64 {
                word &= (1 << (end % 64)) - 1;
            }
            set_bits(word).map(move |b| w * 64 + b - first)
        })
    }

    /// The empty cells on the four lines through `c` where `seat` has `flag`.
    pub fn cells_with_near(&self, seat: u8, flag: u8, c: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for d in 0..4 {
            for x in self.line(c, d, self.win) {
                if self.cells[x] == EMPTY && self.flags(seat, x) & flag != 0 && !out.contains(&x) {
                    out.push(x);
                }
            }
        }
        out
    }

    /// Whether the renju rules forbid Black the empty cell `c` (never under other rules,
    /// never for other seats).
    pub fn forbidden(&self, seat: u8, c: usize) -> bool {
        let Some(board) = &self.rules_board else {
            return false;
        };
        if seat != 0 || self.flags(0, c) & F_FIVE != 0 {
            return false;
        }
        let pats = self.pats(0, c).to_le_bytes();
        let threes = pats.iter().filter(|&&p| p >= Pat::OpenThree as u8).count();
        let maybe = threes >= 2 || pats.contains(&(Pat::OpenFour as u8)) || self.overline(c);
        maybe && renju::forbidden(board, self.point(c)).is_some()
    }

    fn overline(&self, c: usize) -> bool {
        (0..4).any(|d| {
            let step = self.dirs[d];
            let run = |sign: isize| {
                (1..)
                    .take_while(|&k: &isize| {
                        self.cells[(c as isize + sign * k * step) as usize] == 1
                    })
                    .count()
            };
            run(-1) + run(1) + 1 >= 6
        })
    }

    /// Whether the seat to move may play on the empty cell `c`.
    pub fn legal(&self, c: usize) -> bool {
        self.cells[c] == EMPTY && !self.forbidden(self.mover(), c)
    }
}

/// The key for [`PatternTable::get`] of the cell at place `at` of a line whose word (with
/// `l` wall cells before its first cell) is `word`.
#[inline(always)]
fn key_in(word: u128, at: usize, l: usize) -> u128 {
    // The word's cells `at..at + 2l + 1` are those `l` before and after the cell.
    let mask = (1u128 << (2 * l)) - 1;
    let window = word >> (2 * at);
    (window & mask) | (((window >> (2 * l + 2)) & mask) << (2 * l))
}

/// The cells of a pair-table line's `word` that the keys of the cells within `reach` of
/// place `place` read (a win length of five: 2 x 4 + 11 cells), as one 64-bit word, and
/// the place of the cell at `place` in it: the keys' windows are then 64-bit shifts.
#[inline(always)]
fn near_cells(word: u128, place: isize, reach: isize) -> (u64, isize) {
    let lo = (place - reach).max(0);
    ((word >> (2 * lo)) as u64, place - lo)
}

/// The index into the pair table (the four nearest cells each side) of the line whose
/// window (the `2 * 5 + 1` cells centred on the point, low bits first) is given: each
/// side's four cells as one of the [`SIDES`] ways they can be (walls only beyond the
/// board), so the table has 121 x 121 slots (14 KiB, most of it in the first-level cache
/// beside the value table) rather than 4^8.
#[inline(always)]
fn short_index(window: u32) -> usize {
    let (before, after) = (
        SIDE_BEFORE[(window >> 2) as usize & 0xff],
        SIDE_AFTER[(window >> 12) as usize & 0xff],
    );
    debug_assert!(
        before < SIDES && after < SIDES,
        "walls only beyond the board"
    );
    before as usize * SIDES as usize + after as usize
}

/// The ways the four cells on one side of a point can be: each empty, own or other out
/// to the board's side, walls beyond it (3^4 + 3^3 + 3^2 + 3 + 1).
const SIDES: u8 = 121;

/// A side's four cells (two bits each, the cell next to the point first) as their number
/// among the [`SIDES`] ways, or `SIDES` when a wall lies before a cell on the board.
const fn side_numbers(nearest_high: bool) -> [u8; 256] {
    let mut table = [SIDES; 256];
    let mut next = 0;
    let mut code = 0;
    while code < 256 {
        // The cells from the point outwards.
        let mut valid = true;
        let mut wall = false;
        let mut k = 0;
        while k < 4 {
            let shift = if nearest_high { 2 * (3 - k) } else { 2 * k };
            let cell = (code >> shift) & 3;
            if cell == WALL as usize {
                wall = true;
            } else if wall {
                valid = false;
            }
            k += 1;
        }
        if valid {
            table[code] = next;
            next += 1;
        }
        code += 1;
    }
    assert!(next == SIDES);
    table
}

/// [`side_numbers`] of the cells before the point (the nearest in the high bits)…
const SIDE_BEFORE: [u8; 256] = side_numbers(true);
/// …and after it (the nearest in the low bits).
const SIDE_AFTER: [u8; 256] = side_numbers(false);

/// The places of a word's set bits, lowest first.
#[inline]
fn set_bits(word: u64) -> impl Iterator<Item = usize> {
    std::iter::successors((word != 0).then_some(word), |&x| {
        let rest = x & (x - 1);
        (rest != 0).then_some(rest)
    })
    .map(|x| x.trailing_zeros() as usize)
}

/// How many threat flags there are (`F_FIVE` to `F_DOUBLE`, one bit each).
const FLAGS: usize = 5;

/// Flips, in `bits` (`words` words a flag, see `State::flag_bits`), slot `at`'s bit of
/// each flag in `changed`.
#[inline]
fn toggle_flags(bits: &mut [u64], words: usize, at: usize, changed: u8) {
    let mut changed = changed;
    while changed != 0 {
        let f = changed.trailing_zeros() as usize;
        changed &= changed - 1;
        bits[f * words + at / 64] ^= 1 << (at % 64);
    }
}

/// A pair-table slot not learnt yet.
const UNKNOWN_PAIR: u8 = 0xff;

/// A cell's flags as counts to add, one per flag in twelve bits (see `State::nflags`).
#[inline]
fn spread(flags: u8) -> u64 {
    const SPREAD: [u64; 32] = {
        let mut t = [0; 32];
        let mut f = 0;
        while f < 32 {
            let mut bit = 0;
            while bit < 5 {
                t[f] |= ((f >> bit & 1) as u64) << (12 * bit);
                bit += 1;
            }
            f += 1;
        }
        t
    };
    SPREAD[flags as usize & 31]
}

/// How many cells carry `flag` (a single flag) in a seat's packed counts (see
/// `State::nflags`).
#[inline]
fn packed_count(nflags: u64, flag: u8) -> i32 {
    (nflags >> (12 * flag.trailing_zeros()) & 0xfff) as i32
}

/// How many seats keep line keys of their own: one for two seats (see [`swap_sides`]).
fn key_seats(seats: usize) -> usize {
    if seats == 2 { 1 } else { seats }
}

/// A two-seat line key seen from the other seat: own and other stones swapped (the codes
/// 1 and 2), empty cells and walls (0 and 3) kept.
#[inline]
fn swap_sides(key: u128) -> u128 {
    const LOW: u128 = u128::MAX / 3; // 0b0101…
    ((key & LOW) << 1) | ((key >> 1) & LOW)
}

/// Which cell values a board counts with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Values {
    /// [`CellValues::current`]: the search's.
    #[default]
    Current,
    /// [`CellValues::HAND`] (for the tests of search refinements measured with them).
    Hand,
}

impl Values {
    /// Every cell's value and flags by its four line patterns (pattern `d` times 9^d),
    /// packed in four bytes, the value from bit 8 and the flags in the low byte (26 KiB in
    /// all: it stays in the cache).
    fn table(self) -> &'static [u32] {
        static CURRENT: OnceLock<Vec<u32>> = OnceLock::new();
        static HAND: OnceLock<Vec<u32>> = OnceLock::new();
        let build = |values: &CellValues| -> Vec<u32> {
            (0..9 * 9 * 9 * 9)
                .map(|i| {
                    let pats = [i % 9, i / 9 % 9, i / 81 % 9, i / 729].map(|p| p as u8);
                    let (value, flags) = evaluate_cell(pats, values);
                    debug_assert!((0..1 << 23).contains(&value));
                    ((value as u32) << 8) | flags as u32
                })
                .collect()
        };
        match self {
            Values::Current => CURRENT.get_or_init(|| build(CellValues::current())),
            Values::Hand => HAND.get_or_init(|| build(&CellValues::HAND)),
        }
    }
}

/// A cell's value and flags from its four line patterns, in `table` ([`Values::table`]).
#[cfg(test)]
fn cell_value(table: &[u32], pats: u32) -> (i32, u8) {
    let [a, b, c, d] = pats.to_le_bytes().map(|p| p as usize);
    let packed = table[a + 9 * b + 81 * c + 729 * d];
    ((packed >> 8) as i32, packed as u8)
}

/// A cell's value and flags from its four line patterns.
fn evaluate_cell(pats: [u8; 4], values: &CellValues) -> (i32, u8) {
    let pat_value = |p: u8| values.pat[p as usize];
    let mut value = 0;
    let (mut fives, mut open4, mut fours, mut threes) = (0, 0, 0, 0);
    for p in pats {
        value += pat_value(p);
        match Pat::from_u8(p) {
            Pat::Five => fives += 1,
            Pat::OpenFour => open4 += 1,
            Pat::Four => fours += 1,
            Pat::OpenThree => threes += 1,
            _ => {}
        }
    }
    for i in 0..4 {
        for j in i + 1..4 {
            if let Some(k) = pair_index(pats[i], pats[j]) {
                value += values.pairs[k];
            }
        }
    }
    let mut flags = 0;
    if fives > 0 {
        flags |= F_FIVE;
    }
    if open4 > 0 || fours >= 2 {
        flags |= F_WIN;
        value += values.win;
    }
    if open4 + fours > 0 {
        flags |= F_FOUR;
    }
    if threes > 0 {
        flags |= F_THREE;
    }
    if (fours > 0 && threes > 0) || threes >= 2 {
        flags |= F_DOUBLE;
        value += if fours > 0 {
            values.four_three
        } else {
            values.three_three
        };
    }
    (value.max(0), flags)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::gomoku::{Settings, Size};

    /// Per seat and cell the patterns, value and flags; the flag counts; the totals.
    type Snapshot = (Vec<(u32, i32, u8)>, [u64; 4], [i64; 4]);

    /// Every seat's patterns, value and flags on every cell, the flag counts and totals,
    /// as the board keeps them.
    fn snapshot(st: &State) -> Snapshot {
        let cells = (0..st.seats)
            .flat_map(|s| st.board_cells().map(move |c| (s, c)))
            .map(|(s, c)| {
                (
                    st.pats(s as u8, c),
                    st.value(s as u8, c),
                    st.flags(s as u8, c),
                )
            })
            .collect();
        (cells, st.nflags, st.total)
    }

    /// The same, worked out again from the stones alone: each line read off the board
    /// and classified by a fresh pattern table.
    fn recomputed(st: &State) -> Snapshot {
        let (mut nflags, mut total) = ([0; 4], [0; 4]);
        let mut cells = Vec::new();
        for s in 0..st.seats {
            let mode = st.tables[st.table_of[s]].mode();
            let mut table = PatternTable::new(st.win as u8, mode);
            for c in st.board_cells() {
                if !st.is_empty(c) {
                    cells.push((0, 0, 0));
                    continue;
                }
                let pats = (0..4).fold(0u32, |pats, d| {
                    pats | (table.get(st.key(c, d, s as u8)) as u32) << (8 * d)
                });
                let (value, flags) = cell_value(st.values, pats);
                for bit in 0..5 {
                    nflags[s] += ((flags >> bit & 1) as u64) << (12 * bit);
                }
                total[s] += value as i64;
                cells.push((pats, value, flags));
            }
        }
        (cells, nflags, total)
    }

    #[test]
    fn cell_values_are_read_from_twelve_numbers_and_each_pair_of_patterns_has_a_slot() {
        let hand = "0,1,4,10,12,50,60,400,4000,600,400,200";
        assert_eq!(CellValues::parse(hand), Some(CellValues::HAND));
        assert_eq!(CellValues::parse("0,1,4"), None, "too few");
        assert_eq!(CellValues::parse(&format!("{hand},7")), None, "too many");
        assert_eq!(
            CellValues::parse("0,1,4,ten,12,50,60,400,4000,600,400,200"),
            None
        );
        assert_eq!(
            CellValues::parse("0,1,4,10,12,50,60,400,4000,600,400,1000000"),
            None,
            "out of bounds"
        );
        let counted = |p: u8| (Pat::Two as u8..=Pat::OpenFour as u8).contains(&p);
        let mut slots = std::collections::HashSet::new();
        for p in 0..9 {
            for q in 0..9 {
                let k = pair_index(p, q);
                assert_eq!(k, pair_index(q, p), "{p} and {q} in either order");
                assert_eq!(k.is_some(), counted(p) && counted(q), "{p} and {q}");
                if let Some(k) = k {
                    assert!(k < PAIRS);
                    slots.insert(k);
                }
            }
        }
        assert_eq!(slots.len(), PAIRS, "every slot is some pair");
    }

    /// The board kept up to date move by move (two seats sharing line keys, cells out of
    /// a stone's reach and unchanged patterns skipped) must equal what the stones make,
    /// after every move and after taking them all back.
    #[test]
    fn the_incremental_board_equals_what_the_stones_make() {
        let square = Size::STANDARD;
        let cases = [
            (Rule::Freestyle, 5, 2, square),
            (Rule::Standard, 5, 2, square),
            (Rule::Renju, 5, 2, square),
            (Rule::Caro, 5, 2, square),
            (Rule::Freestyle, 6, 2, square),
            (Rule::Freestyle, 4, 3, square),
            // Boards that are not square number their diagonals differently.
            (Rule::Freestyle, 5, 2, Size::new(19, 13).unwrap()),
            (Rule::Standard, 5, 2, Size::new(12, 20).unwrap()),
            // The longest lines that still fit a word with their walls (26 + 2 x 19
            // cells), and one that does not: its keys are read off the cells.
            (Rule::Freestyle, 19, 2, Size::new(26, 26).unwrap()),
            (Rule::Freestyle, 20, 2, Size::new(26, 26).unwrap()),
        ];
        for (rule, win, seats, size) in cases {
            let settings = Settings {
                rule,
                win,
                seats,
                size,
                ..Settings::default()
            };
            // Stones within nine points of the centre, as near the edges as a 15x15
            // board's 3..=11.
            let (w, h) = (size.width(), size.height());
            let ((x0, xs), (y0, ys)) = (
                (w.saturating_sub(9) / 2, w.min(9)),
                (h.saturating_sub(9) / 2, h.min(9)),
            );
            let mut game = Game::new(settings).unwrap();
            let mut st = State::new(&game, Vec::new());
            let empty = snapshot(&st);
            assert!(empty == recomputed(&st), "{rule:?}: the empty board");
            let mut x = 2024u64 + win as u64 * 10 + seats as u64;
            let mut played = 0;
            let mut tries = 0;
            while played < 40 && game.ending().is_none() && tries < 10_000 {
                tries += 1;
                x = x
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let (px, py) = (x0 + (x >> 33) as u8 % xs, y0 + (x >> 45) as u8 % ys);
                let p = Point::new(px, py).unwrap();
                if game.check(p).is_err() {
                    continue;
                }
                game.play(p).unwrap();
                st.make(st.cell(px as usize, py as usize));
                played += 1;
                assert!(
                    snapshot(&st) == recomputed(&st),
                    "{rule:?}, win {win}, {seats} seats, {size}: the boards differ after move {played} ({p})"
                );
                let near: Vec<usize> = st
                    .board_cells()
                    .filter(|&c| st.is_empty(c) && st.is_near(c))
                    .collect();
                assert_eq!(
                    st.near_empties().collect::<Vec<_>>(),
                    near,
                    "{rule:?}: the cells near stones after move {played}"
                );
                // The scan that stops at the flag's count finds every flagged cell.
                for seat in 0..seats {
                    for flag in [F_FIVE, F_WIN, F_FOUR, F_THREE, F_DOUBLE] {
                        let all: Vec<usize> = st
                            .board_cells()
                            .filter(|&c| st.is_empty(c) && st.flags(seat, c) & flag != 0)
                            .collect();
                        assert_eq!(
                            st.cells_with(seat, flag),
                            all,
                            "{rule:?}: seat {seat}, flag {flag}, after move {played}"
                        );
                    }
                }
                // A glance at each empty cell counts what playing there would.
                for c in st
                    .board_cells()
                    .filter(|&c| st.is_empty(c))
                    .collect::<Vec<_>>()
                {
                    let Some(g) = st.glance(c) else { break };
                    st.make(c);
                    for seat in 0..2 {
                        assert_eq!(
                            g.total(seat),
                            st.total(seat),
                            "{rule:?}: move {played}, glance at {c}"
                        );
                        for flag in [F_FIVE, F_WIN, F_FOUR, F_THREE, F_DOUBLE] {
                            assert_eq!(
                                g.count(seat, flag),
                                st.count(seat, flag),
                                "{rule:?}: move {played}, glance at {c}, seat {seat}, flag {flag}"
                            );
                        }
                    }
                    st.unmake();
                }
            }
            assert!(played >= 10, "{rule:?}: only {played} moves");
            for _ in 0..played {
                st.unmake();
            }
            assert!(
                snapshot(&st) == empty,
                "{rule:?}: not empty after the take-backs"
            );
            assert!(
                st.flag_bits.iter().chain(&st.near_bits).all(|&w| w == 0),
                "{rule:?}: flag bits left after the take-backs"
            );
        }
    }
}
