//! The twelve kinds of piece, their ranks and counts, and how a battle between two is decided.

use std::fmt;

use super::square::Side;

/// A kind of piece. The order is the championship protocol's letters `a..l`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// 司令, rank 40. When it dies its side's flag is shown.
    FieldMarshal,
    /// 军长, rank 39.
    General,
    /// 师长, rank 38.
    MajorGeneral,
    /// 旅长, rank 37.
    Brigadier,
    /// 团长, rank 36.
    Colonel,
    /// 营长, rank 35.
    Major,
    /// 连长, rank 34.
    Captain,
    /// 排长, rank 33.
    Lieutenant,
    /// 工兵, rank 32. Turns corners on the railway and clears landmines.
    Engineer,
    /// 地雷: never moves; kills any attacker but an engineer or a bomb.
    Landmine,
    /// 炸弹: removes itself and whatever it meets.
    Bomb,
    /// 军旗: never moves; losing it loses the game.
    Flag,
}

/// Number of kinds.
pub const KINDS: usize = 12;

impl Kind {
    /// Every kind, in letter order.
    pub const ALL: [Kind; KINDS] = [
        Kind::FieldMarshal,
        Kind::General,
        Kind::MajorGeneral,
        Kind::Brigadier,
        Kind::Colonel,
        Kind::Major,
        Kind::Captain,
        Kind::Lieutenant,
        Kind::Engineer,
        Kind::Landmine,
        Kind::Bomb,
        Kind::Flag,
    ];

    /// Position in [`Kind::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The military rank of an officer or engineer (40 down to 32); none for mines, bombs and the flag.
    pub fn rank(self) -> Option<u8> {
        match self {
            Kind::Landmine | Kind::Bomb | Kind::Flag => None,
            k => Some(40 - k as u8),
        }
    }

    /// How many of this kind each side starts with.
    pub fn count(self) -> u8 {
        match self {
            Kind::FieldMarshal | Kind::General | Kind::Flag => 1,
            Kind::Captain | Kind::Lieutenant | Kind::Engineer | Kind::Landmine => 3,
            _ => 2,
        }
    }

    /// Whether pieces of this kind ever move (landmines and the flag never do).
    pub fn can_move(self) -> bool {
        !matches!(self, Kind::Landmine | Kind::Flag)
    }

    /// The lower-case protocol letter `a..l`.
    pub fn letter(self) -> char {
        (b'a' + self as u8) as char
    }

    /// The kind for a protocol letter, either case.
    pub fn from_letter(c: char) -> Option<Kind> {
        let lower = c.to_ascii_lowercase();
        ('a'..='l')
            .contains(&lower)
            .then(|| Kind::ALL[(lower as u8 - b'a') as usize])
    }

    /// The Chinese name shown on the piece.
    pub fn chinese(self) -> &'static str {
        [
            "司令", "军长", "师长", "旅长", "团长", "营长", "连长", "排长", "工兵", "地雷", "炸弹",
            "军旗",
        ][self.index()]
    }

    /// The English name used in messages.
    pub fn name(self) -> &'static str {
        [
            "field marshal",
            "general",
            "major general",
            "brigadier",
            "colonel",
            "major",
            "captain",
            "lieutenant",
            "engineer",
            "landmine",
            "bomb",
            "flag",
        ][self.index()]
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece on the board: a kind and the side it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub side: Side,
    /// What it is.
    pub kind: Kind,
}

impl Piece {
    /// The JNF letter: upper case for South, lower case for North.
    pub fn letter(self) -> char {
        match self.side {
            Side::South => self.kind.letter().to_ascii_uppercase(),
            Side::North => self.kind.letter(),
        }
    }
}

/// How a battle ended, from the attacker's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BattleResult {
    /// The defender is removed and the attacker takes the cell.
    AttackerWins,
    /// The attacker is removed; the defender stays.
    DefenderWins,
    /// Both are removed.
    BothRemoved,
}

impl BattleResult {
    /// `win`, `lose` or `both`: the result as the mover reports it.
    pub fn word(self) -> &'static str {
        match self {
            BattleResult::AttackerWins => "win",
            BattleResult::DefenderWins => "lose",
            BattleResult::BothRemoved => "both",
        }
    }

    /// The result for a `win`/`lose`/`both` word.
    pub fn from_word(word: &str) -> Option<BattleResult> {
        match word {
            "win" => Some(BattleResult::AttackerWins),
            "lose" => Some(BattleResult::DefenderWins),
            "both" => Some(BattleResult::BothRemoved),
            _ => None,
        }
    }
}

/// Decides a battle: the first rule of the spec's list that applies.
pub fn battle(attacker: Kind, defender: Kind) -> BattleResult {
    use BattleResult::*;
    if attacker == Kind::Bomb || defender == Kind::Bomb {
        return BothRemoved;
    }
    match defender {
        Kind::Flag => AttackerWins,
        Kind::Landmine if attacker == Kind::Engineer => AttackerWins,
        Kind::Landmine => DefenderWins,
        _ => match (attacker.rank(), defender.rank()) {
            (Some(a), Some(d)) if a == d => BothRemoved,
            (Some(a), Some(d)) if a > d => AttackerWins,
            (Some(_), Some(_)) => DefenderWins,
            // Only landmines and flags have no rank besides bombs, and they never attack.
            _ => BothRemoved,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::BattleResult::*;
    use super::*;

    #[test]
    fn twenty_five_pieces_of_the_listed_counts() {
        let total: u32 = Kind::ALL.iter().map(|k| k.count() as u32).sum();
        assert_eq!(total, 25);
        assert_eq!(Kind::FieldMarshal.rank(), Some(40));
        assert_eq!(Kind::Engineer.rank(), Some(32));
        for k in Kind::ALL {
            assert_eq!(Kind::from_letter(k.letter()), Some(k));
            assert_eq!(Kind::from_letter(k.letter().to_ascii_uppercase()), Some(k));
        }
        assert_eq!(Kind::from_letter('m'), None);
        assert_eq!(Kind::from_letter('x'), None);
    }

    #[test]
    fn a_bomb_removes_both_whatever_it_meets() {
        for k in Kind::ALL {
            if k.can_move() {
                assert_eq!(battle(k, Kind::Bomb), BothRemoved, "{k} attacks a bomb");
            }
            assert_eq!(battle(Kind::Bomb, k), BothRemoved, "bomb attacks {k}");
        }
    }

    #[test]
    fn the_flag_is_captured_by_any_attacker_but_a_bomb() {
        for k in Kind::ALL
            .into_iter()
            .filter(|k| k.can_move() && *k != Kind::Bomb)
        {
            assert_eq!(battle(k, Kind::Flag), AttackerWins, "{k} attacks the flag");
        }
    }

    #[test]
    fn only_an_engineer_clears_a_landmine() {
        for k in Kind::ALL
            .into_iter()
            .filter(|k| k.can_move() && *k != Kind::Bomb)
        {
            let expected = if k == Kind::Engineer {
                AttackerWins
            } else {
                DefenderWins
            };
            assert_eq!(
                battle(k, Kind::Landmine),
                expected,
                "{k} attacks a landmine"
            );
        }
    }

    #[test]
    fn officers_by_rank_and_equals_both_go() {
        let ranked: Vec<Kind> = Kind::ALL
            .into_iter()
            .filter(|k| k.rank().is_some())
            .collect();
        for &a in &ranked {
            for &d in &ranked {
                let expected = match a.rank().cmp(&d.rank()) {
                    std::cmp::Ordering::Equal => BothRemoved,
                    std::cmp::Ordering::Greater => AttackerWins,
                    std::cmp::Ordering::Less => DefenderWins,
                };
                assert_eq!(battle(a, d), expected, "{a} attacks {d}");
            }
        }
        assert_eq!(battle(Kind::Engineer, Kind::FieldMarshal), DefenderWins);
        assert_eq!(battle(Kind::FieldMarshal, Kind::General), AttackerWins);
    }
}
