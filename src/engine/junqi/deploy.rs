//! Deployment (布阵) for the computer: strong, varied layouts. The flag goes in a
//! headquarters guarded by landmines, bombs stand a little behind the front where they can
//! meet an attacker, engineers on rail stations, the strongest officers near the front on
//! the rails, and a decoy in the other headquarters; everything else is shuffled.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

use crate::rules::junqi::board::{CAMPS, RAIL_STATIONS};
use crate::rules::junqi::layout::PIECES;
use crate::rules::junqi::square::FILES;
use crate::rules::junqi::{Kind, Layout, Square};

/// The 25 cells of a layout in layout-text order, in the owner's view (South's frame).
fn cells() -> Vec<Square> {
    (6..12u8)
        .flat_map(|r| (0..FILES).map(move |c| Square::new(c, r).expect("on the board")))
        .filter(|s| CAMPS & s.bit() == 0)
        .collect()
}

/// A strong layout from a seed; the same seed gives the same layout.
pub fn deploy(seed: u64) -> Layout {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x6a75_6e71_6964_6570);
    let cells = cells();
    let mut slots: [Option<Kind>; PIECES] = [None; PIECES];
    let index = |c: u8, r: u8| {
        let s = Square::new(c, r).expect("on the board");
        cells.iter().position(|&x| x == s).expect("a layout cell")
    };
    let flag_file: u8 = if rng.next_u32().is_multiple_of(2) {
        1
    } else {
        3
    };
    let decoy_file = 4 - flag_file;
    slots[index(flag_file, 11)] = Some(Kind::Flag);

    // The decoy headquarters: a lowly piece, or (rarely) a bomb waiting for an attacker.
    let decoy = match rng.next_u32() % 6 {
        0 | 1 => Kind::Lieutenant,
        2 | 3 => Kind::Captain,
        4 => Kind::Engineer,
        _ => Kind::Bomb,
    };
    slots[index(decoy_file, 11)] = Some(decoy);
    // Landmines: round the flag (two or all three of its neighbours), the rest on the
    // last two ranks, often in front of or beside the decoy headquarters.
    let guards = [(flag_file - 1, 11), (flag_file + 1, 11), (flag_file, 10)];
    let mut mines = 3;
    let skip = if rng.next_u32() % 10 < 6 {
        None
    } else {
        Some((rng.next_u32() % 3) as usize)
    };
    for (i, &(c, r)) in guards.iter().enumerate() {
        if Some(i) != skip {
            slots[index(c, r)] = Some(Kind::Landmine);
            mines -= 1;
        }
    }
    let place = |slots: &mut [Option<Kind>; PIECES],
                 kind: Kind,
                 weight: &dyn Fn(Square) -> u32,
                 rng: &mut ChaCha8Rng| {
        let weights: Vec<u32> = cells
            .iter()
            .zip(slots.iter())
            .map(|(&s, k)| if k.is_some() { 0 } else { weight(s) })
            .collect();
        let total: u32 = weights.iter().sum();
        let mut x = rng.next_u32() % total.max(1);
        for (i, w) in weights.iter().enumerate() {
            if x < *w {
                slots[i] = Some(kind);
                return;
            }
            x -= w;
        }
        unreachable!("some cell takes the {kind}");
    };
    let near_decoy = move |s: Square| {
        let r = s.row();
        if r < 10 {
            0
        } else if (s.file() as i32 - decoy_file as i32).abs() <= 1 {
            4
        } else {
            1
        }
    };
    for _ in 0..mines {
        place(&mut slots, Kind::Landmine, &near_decoy, &mut rng);
    }
    let bombs = 2 - usize::from(decoy == Kind::Bomb);
    for _ in 0..bombs {
        place(
            &mut slots,
            Kind::Bomb,
            &|s| match s.row() {
                7 => 3,
                8 | 9 => 5,
                10 => 3,
                11 => 1,
                _ => 0,
            },
            &mut rng,
        );
    }
    let engineers = 3 - usize::from(decoy == Kind::Engineer);
    for i in 0..engineers {
        place(
            &mut slots,
            Kind::Engineer,
            &|s| {
                if RAIL_STATIONS & s.bit() == 0 {
                    // The first one always on the rails.
                    u32::from(i > 0)
                } else if s.row() == 6 {
                    3
                } else {
                    8
                }
            },
            &mut rng,
        );
    }
    let strong = |s: Square| {
        let base = match s.row() {
            6 => 3,
            7 | 8 => 5,
            9 => 3,
            10 => 1,
            _ => 0,
        };
        if RAIL_STATIONS & s.bit() != 0 {
            base * 2
        } else {
            base
        }
    };
    for kind in [
        Kind::FieldMarshal,
        Kind::General,
        Kind::MajorGeneral,
        Kind::MajorGeneral,
    ] {
        place(&mut slots, kind, &strong, &mut rng);
    }
    // The rest, shuffled into the free cells.
    let mut rest: Vec<Kind> = Vec::new();
    for kind in Kind::ALL {
        let used = slots.iter().filter(|k| **k == Some(kind)).count();
        rest.extend(std::iter::repeat_n(kind, kind.count() as usize - used));
    }
    for i in (1..rest.len()).rev() {
        rest.swap(i, (rng.next_u32() as usize) % (i + 1));
    }
    let mut rest = rest.into_iter();
    let kinds: [Kind; PIECES] = slots.map(|k| k.or_else(|| rest.next()).expect("25 pieces in all"));
    Layout::from_kinds(kinds).expect("the generator respects every deployment rule")
}
