//! Line patterns: what one more stone of a seat on an empty point makes in one line.
//!
//! A line is seen from the point outwards, `L` cells each way (`L` the win length): each
//! cell empty, the seat's own, another seat's, or off the board. Its [`Pat`] is defined
//! recursively, the way the source write-up ranks shapes (five > live four > rush four >
//! live three …) but judged by what the shape can become rather than by counting stones:
//!
//! - **five**: the stone wins (the win rule judges the row: freestyle, exact, caro);
//! - **open four**: two or more empty points would then make five (a straight four, or two
//!   fours in one line): unstoppable in one move;
//! - **four**: exactly one such point;
//! - **open three**: some empty point would then make an open four; **three**: a four;
//! - **open two** / **two**: some point would then make an open three / a three;
//! - **one**: some window of `L` cells through the point is still free of other stones.
//!
//! Cells beyond the first blocker on each side cannot matter, so lines that differ only
//! there are classified once; results are memoised per key (a flat table for `L <= 5`, a
//! hash map above).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// A multiply-xor hasher for the line keys (the keys are not chosen by anyone hostile).
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517c_c1b7_2722_0a95);
    }

    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
}

/// The shape one stone makes in one line, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Pat {
    /// Can never be part of a winning row here.
    Dead = 0,
    /// A free window, nothing more.
    One = 1,
    /// One move from a three.
    Two = 2,
    /// One move from an open three.
    OpenTwo = 3,
    /// One move from a four (a "sleeping" three).
    Three = 4,
    /// One move from an open four.
    OpenThree = 5,
    /// One point left to make five.
    Four = 6,
    /// Two or more points to make five.
    OpenFour = 7,
    /// A winning row.
    Five = 8,
}

impl Pat {
    /// Every pattern, weakest first.
    pub const ALL: [Pat; 9] = [
        Pat::Dead,
        Pat::One,
        Pat::Two,
        Pat::OpenTwo,
        Pat::Three,
        Pat::OpenThree,
        Pat::Four,
        Pat::OpenFour,
        Pat::Five,
    ];

    /// The pattern of code `n` (`n < 9`).
    #[inline]
    pub fn from_u8(n: u8) -> Pat {
        Pat::ALL[n as usize]
    }
}

/// Which rows win for the seat a table serves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinMode {
    /// The win length or more.
    AtLeast,
    /// Exactly the win length (standard; Black in renju).
    Exact,
    /// Exactly the win length, and not blocked at both ends by other stones (caro).
    Caro,
}

/// A cell of a line, from the seat's point of view.
pub const EMPTY: u8 = 0;
/// The seat's own stone.
pub const OWN: u8 = 1;
/// Another seat's stone.
pub const OTHER: u8 = 2;
/// Off the board.
pub const WALL: u8 = 3;

const UNKNOWN: u8 = 0xff;

/// Memoised patterns for one win length and one win mode.
pub struct PatternTable {
    win: usize,
    mode: WinMode,
    /// Five in a row or more wins: the cells `L` away on either side never matter, so the
    /// line is looked up in a table of the `L - 1` nearest cells each side (64 KiB for
    /// `L = 5`, small enough to stay in the cache).
    short: Vec<u8>,
    flat: Vec<u8>,
    map: HashMap<u128, u8, BuildHasherDefault<KeyHasher>>,
}

impl PatternTable {
    /// An empty table for rows of `win` under `mode`.
    pub fn new(win: u8, mode: WinMode) -> PatternTable {
        let win = win as usize;
        let flat = if win <= 5 {
            vec![UNKNOWN; 1 << (4 * win)]
        } else {
            Vec::new()
        };
        let short = if win == 5 && mode == WinMode::AtLeast {
            vec![UNKNOWN; 1 << 16]
        } else {
            Vec::new()
        };
        PatternTable {
            win,
            mode,
            short,
            flat,
            map: HashMap::default(),
        }
    }

    /// The win length.
    pub fn win(&self) -> usize {
        self.win
    }

    /// The rows that win.
    pub fn mode(&self) -> WinMode {
        self.mode
    }

    /// Whether a pattern depends only on the four nearest cells each side (five or more
    /// in a row wins): [`PatternTable::get`] then reads only the key's slots 1 to 8.
    pub fn is_short(&self) -> bool {
        !self.short.is_empty()
    }

    /// The pattern of a line given as its key: slot `i` (`0..L` the cells before the point,
    /// nearest last; `L..2L` the cells after, nearest first) in bits `2i..2i+2`.
    /// Lines that differ only beyond a blocker share one classification.
    #[inline]
    pub fn get(&mut self, key: u128) -> Pat {
        if !self.short.is_empty() {
            // Slots 1..=8: the four nearest cells each side.
            let i = ((key >> 2) & 0xffff) as usize;
            let slot = self.short[i];
            if slot != UNKNOWN {
                return Pat::from_u8(slot);
            }
            let pat = self.learn(key & !(3 | (3 << 18)));
            self.short[i] = pat as u8;
            return pat;
        }
        if !self.flat.is_empty() {
            let slot = self.flat[key as usize];
            if slot != UNKNOWN {
                return Pat::from_u8(slot);
            }
        } else if let Some(&slot) = self.map.get(&key) {
            return Pat::from_u8(slot);
        }
        self.learn(key)
    }

    /// Classifies a line not seen before.
    #[cold]
    #[inline(never)]
    fn learn(&mut self, key: u128) -> Pat {
        let norm = PatternTable::normalise(key, self.win);
        let known = if self.flat.is_empty() {
            self.map.get(&norm).copied()
        } else {
            Some(self.flat[norm as usize]).filter(|&v| v != UNKNOWN)
        };
        let pat = known.map_or_else(|| self.classify(norm), Pat::from_u8);
        if self.flat.is_empty() {
            self.map.insert(norm, pat as u8);
            self.map.insert(key, pat as u8);
        } else {
            self.flat[norm as usize] = pat as u8;
            self.flat[key as usize] = pat as u8;
        }
        pat
    }

    /// Forgets the cells beyond the first blocker on each side.
    fn normalise(key: u128, l: usize) -> u128 {
        let mut cells = unpack(key, l);
        for side in [-1i32, 1] {
            let mut blocked = false;
            for d in 1..=l as i32 {
                let i = index(l, d * side);
                if blocked {
                    cells[i] = WALL;
                } else if cells[i] >= OTHER {
                    blocked = true;
                }
            }
        }
        pack(&cells, l)
    }

    fn classify(&self, key: u128) -> Pat {
        let l = self.win;
        let mut line = [EMPTY; 2 * 26 + 1];
        let cells = unpack(key, l);
        line[..2 * l + 1].copy_from_slice(&cells[..2 * l + 1]);
        let line = &mut line[..2 * l + 1];
        line[l] = OWN;
        if self.wins(line, l) {
            return Pat::Five;
        }
        // The most own stones in a window of L cells through the point free of other stones
        // and the edge: a four needs L - 1, a three L - 2, a two L - 3.
        let Some(most) = (1..=l)
            .filter(|&start| line[start..start + l].iter().all(|&c| c <= OWN))
            .map(|start| line[start..start + l].iter().filter(|&&c| c == OWN).count())
            .max()
        else {
            return Pat::Dead;
        };
        if most + 3 < l {
            return Pat::One;
        }
        match self.completions(line) {
            0 => {}
            1 => return Pat::Four,
            _ => return Pat::OpenFour,
        }
        if most + 3 == l {
            return self.twos(line);
        }
        let empties: Vec<usize> = (0..line.len())
            .filter(|&i| line[i] == EMPTY && i.abs_diff(l) < l)
            .collect();
        // Threes: one more stone makes a four.
        let mut best = Pat::Dead;
        for &q in &empties {
            line[q] = OWN;
            let n = self.completions(line);
            line[q] = EMPTY;
            if n >= 2 {
                return Pat::OpenThree;
            }
            if n == 1 {
                best = Pat::Three;
            }
        }
        if best == Pat::Three {
            return best;
        }
        self.twos(line)
    }

    /// A line with no three: an open two, a two, or one.
    fn twos(&self, line: &mut [u8]) -> Pat {
        let l = self.win;
        let empties: Vec<usize> = (0..line.len())
            .filter(|&i| line[i] == EMPTY && i.abs_diff(l) < l)
            .collect();
        let mut best = Pat::One;
        // Twos: two more stones make a four (long rows stop at threes).
        if l <= 7 {
            for (k, &q) in empties.iter().enumerate() {
                line[q] = OWN;
                for &r in &empties[k + 1..] {
                    line[r] = OWN;
                    let n = self.completions(line);
                    line[r] = EMPTY;
                    if n >= 2 {
                        line[q] = EMPTY;
                        return Pat::OpenTwo;
                    }
                    if n == 1 {
                        best = Pat::Two;
                    }
                }
                line[q] = EMPTY;
            }
            if best == Pat::Two {
                return best;
            }
        }
        best
    }

    /// The empty points that would make a winning row through the centre.
    fn completions(&self, line: &mut [u8]) -> usize {
        let l = self.win;
        let mut n = 0;
        for q in 0..line.len() {
            if line[q] == EMPTY && q.abs_diff(l) < l {
                line[q] = OWN;
                if self.wins(line, l) {
                    n += 1;
                }
                line[q] = EMPTY;
            }
        }
        n
    }

    /// Whether the row of own stones through `at` wins.
    fn wins(&self, line: &[u8], at: usize) -> bool {
        let mut lo = at;
        while lo > 0 && line[lo - 1] == OWN {
            lo -= 1;
        }
        let mut hi = at;
        while hi + 1 < line.len() && line[hi + 1] == OWN {
            hi += 1;
        }
        let len = hi - lo + 1;
        match self.mode {
            WinMode::AtLeast => len >= self.win,
            WinMode::Exact => len == self.win,
            WinMode::Caro => {
                let blocked = |i: Option<usize>| i.is_some_and(|i| line[i] == OTHER);
                let before = lo.checked_sub(1);
                let after = (hi + 1 < line.len()).then_some(hi + 1);
                len == self.win && !(blocked(before) && blocked(after))
            }
        }
    }
}

/// The key's slot of the cell `d` steps from the point (`d != 0`).
fn index(l: usize, d: i32) -> usize {
    (l as i32 + d) as usize
}

/// The line as cells `0..=2L`, the point at `L` (left empty).
fn unpack(key: u128, l: usize) -> [u8; 2 * 26 + 1] {
    let mut cells = [EMPTY; 2 * 26 + 1];
    for (i, cell) in cells[..l].iter_mut().enumerate() {
        *cell = ((key >> (2 * i)) & 3) as u8;
    }
    for (i, cell) in cells[l + 1..2 * l + 1].iter_mut().enumerate() {
        *cell = ((key >> (2 * (l + i))) & 3) as u8;
    }
    cells
}

fn pack(cells: &[u8], l: usize) -> u128 {
    let before = cells[..l].iter().enumerate();
    let after = cells[l + 1..2 * l + 1].iter().enumerate();
    before
        .map(|(i, &c)| (c as u128) << (2 * i))
        .chain(after.map(|(i, &c)| (c as u128) << (2 * (l + i))))
        .fold(0, |key, bits| key | bits)
}

/// The key of a line given as its `2L + 1` cells (the middle one ignored), for
/// [`PatternTable::get`].
pub fn key_of(cells: &[u8]) -> u128 {
    pack(cells, cells.len() / 2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_short_freestyle_table_agrees_with_the_whole_line() {
        let mut t = PatternTable::new(5, WinMode::AtLeast);
        assert!(!t.short.is_empty());
        let mut key: u128 = 0;
        for _ in 0..20_000 {
            key = (key * 6_364_136_223_846_793_005 + 1_442_695_040_888_963_407) % (1 << 20);
            let whole = t.classify(PatternTable::normalise(key, 5));
            assert_eq!(t.get(key), whole, "{key:#x}");
        }
    }

    fn pat(table: &mut PatternTable, text: &str) -> Pat {
        // `text` is 2L+1 chars: . empty, x own, o other, | wall; the middle is the point.
        let cells: Vec<u8> = text
            .chars()
            .map(|c| match c {
                'x' => OWN,
                'o' => OTHER,
                '|' => WALL,
                _ => EMPTY,
            })
            .collect();
        table.get(key_of(&cells))
    }

    #[test]
    fn shapes_of_five() {
        let mut t = PatternTable::new(5, WinMode::AtLeast);
        assert_eq!(pat(&mut t, "...xx.xx..."), Pat::Five);
        assert_eq!(pat(&mut t, "....x.xx..."), Pat::OpenFour);
        assert_eq!(pat(&mut t, "...ox.xx..."), Pat::Four);
        assert_eq!(pat(&mut t, "..x.x.x.x.."), Pat::OpenFour); // two fours in a line
        assert_eq!(pat(&mut t, "......xx..."), Pat::OpenThree);
        assert_eq!(pat(&mut t, "....o.x...."), Pat::Two);
        assert_eq!(pat(&mut t, "....o.xxo.."), Pat::Dead);
        assert_eq!(pat(&mut t, "......x...."), Pat::OpenTwo);
        assert_eq!(pat(&mut t, "..........."), Pat::One);
        assert_eq!(pat(&mut t, "....o.xx..."), Pat::Three);
        assert_eq!(pat(&mut t, "|.....xx..."), Pat::OpenThree);
        // Freestyle never looks at the cells five away.
        assert_eq!(pat(&mut t, "o...x.x...o"), Pat::OpenThree);
        assert_eq!(pat(&mut t, "xxxx.x....."), Pat::Four);
        let mut exact = PatternTable::new(5, WinMode::Exact);
        assert_ne!(pat(&mut exact, "..xxx.xx..."), Pat::Five);
        assert_eq!(pat(&mut exact, "...xx.xx..."), Pat::Five);
        assert_eq!(pat(&mut exact, "....x.xx.x."), Pat::Four); // the far side only
        let mut caro = PatternTable::new(5, WinMode::Caro);
        assert_ne!(pat(&mut caro, "..oxx.xxo.."), Pat::Five);
        assert_eq!(pat(&mut caro, "..|xx.xxo.."), Pat::Five);
    }
}
