//! A Gomoku player in the source write-up's style (seeds/002, 3.2): every empty point gets,
//! for each seat, the largest shape a stone there makes in any of the four lines, weighted
//! `stones * 10 + (2 live, 1 rush, 0 dead)` (five 50 > live four 42 > rush four 41 > live
//! three 32 > rush three 31 > …), one gap allowed inside a shape. It plays the point with
//! the largest shape, its own before another seat's at the same shape, then the larger sum
//! of shapes; ties are broken by a seeded generator, so games vary with the seed.
#![allow(dead_code)] // each test file uses what it needs

use lanqi::rules::gomoku::{Game, Point, Seat};

const DIRS: [(i32, i32); 4] = [(1, 0), (0, 1), (1, 1), (1, -1)];

/// The source-style player: a seed for its tie-breaks.
pub struct PatternPlayer {
    state: u64,
}

impl PatternPlayer {
    /// A player whose tie-breaks follow from `seed`.
    pub fn new(seed: u64) -> PatternPlayer {
        PatternPlayer {
            state: seed ^ 0x9e37_79b9_7f4a_7c15,
        }
    }

    fn next(&mut self) -> u64 {
        self.state ^= self.state << 13;
        self.state ^= self.state >> 7;
        self.state ^= self.state << 17;
        self.state
    }

    /// The point it plays for the seat to move (`None` when the game is over).
    pub fn pick(&mut self, game: &Game) -> Option<Point> {
        if game.ending().is_some() {
            return None;
        }
        let size = game.settings().size;
        let (w, h) = (size.width() as i32, size.height() as i32);
        if game.moves().is_empty() {
            return Point::new((w / 2) as u8, (h / 2) as u8);
        }
        let me = game.to_move();
        let seats = game.settings().seats;
        let mut best: Option<((i32, i32, u64), Point)> = None;
        for p in game.board().empty_points() {
            if !near(game, p, w, h) {
                continue;
            }
            let (mine, mine_sum) = shape(game, p, me, w, h);
            let (mut theirs, mut theirs_sum) = (0, 0);
            for s in (0..seats)
                .map(Seat)
                .filter(|&s| s != me && game.is_seated(s))
            {
                let (m, sum) = shape(game, p, s, w, h);
                theirs = theirs.max(m);
                theirs_sum += sum;
            }
            let key = (
                (mine * 2 + 1).max(theirs * 2),
                mine_sum + theirs_sum,
                self.next() >> 1,
            );
            if best.is_none_or(|(k, _)| key > k) && game.check(p).is_ok() {
                best = Some((key, p));
            }
        }
        best.map(|(_, p)| p)
            .or_else(|| game.legal_moves().first().copied())
    }
}

fn near(game: &Game, p: Point, w: i32, h: i32) -> bool {
    let (x, y) = (p.file() as i32, p.rank() as i32);
    (-2..=2).any(|dy| {
        (-2..=2).any(|dx| {
            let (a, b) = (x + dx, y + dy);
            a >= 0
                && b >= 0
                && a < w
                && b < h
                && game
                    .board()
                    .get(Point::new(a as u8, b as u8).unwrap())
                    .is_some()
        })
    })
}

/// The largest shape weight a stone of `seat` on `p` makes, and the sum over the lines.
fn shape(game: &Game, p: Point, seat: Seat, w: i32, h: i32) -> (i32, i32) {
    let at = |x: i32, y: i32| -> Option<Option<Seat>> {
        (x >= 0 && y >= 0 && x < w && y < h)
            .then(|| game.board().get(Point::new(x as u8, y as u8).unwrap()))
    };
    let (x, y) = (p.file() as i32, p.rank() as i32);
    let mut max = 0;
    let mut sum = 0;
    for (dx, dy) in DIRS {
        // Per side: own stones next to p, what lies beyond them, and own stones after one gap.
        let side = |sign: i32| {
            let mut k = 1;
            while at(x + sign * k * dx, y + sign * k * dy) == Some(Some(seat)) {
                k += 1;
            }
            let run = k - 1;
            let end_empty = at(x + sign * k * dx, y + sign * k * dy) == Some(None);
            let mut after = 0;
            if end_empty {
                let mut j = k + 1;
                while at(x + sign * j * dx, y + sign * j * dy) == Some(Some(seat)) {
                    j += 1;
                    after += 1;
                }
                let beyond_empty = at(x + sign * j * dx, y + sign * j * dy) == Some(None);
                (run, end_empty, after, beyond_empty)
            } else {
                (run, end_empty, 0, false)
            }
        };
        let (a, a_open, a_gap, a_beyond) = side(-1);
        let (b, b_open, b_gap, b_beyond) = side(1);
        let n = a + b + 1;
        let weight = |n: i32, open: i32| -> i32 {
            if n >= 5 {
                50
            } else if open == 0 {
                0
            } else {
                n * 10 + open
            }
        };
        let mut best = weight(n, a_open as i32 + b_open as i32);
        if a_gap > 0 {
            let n = (n + a_gap).min(4);
            let open = if n == 4 {
                1
            } else {
                a_beyond as i32 + b_open as i32
            };
            best = best.max(weight(n, open.min(2)));
        }
        if b_gap > 0 {
            let n = (n + b_gap).min(4);
            let open = if n == 4 {
                1
            } else {
                b_beyond as i32 + a_open as i32
            };
            best = best.max(weight(n, open.min(2)));
        }
        max = max.max(best);
        sum += best;
    }
    (max, sum)
}
