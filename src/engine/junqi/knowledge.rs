//! What one player may know of a game: its own pieces, the public occupancy, every move's
//! from/to, battle outcomes and revealed flags. Each enemy piece is tracked by identity
//! from the cell it was deployed on, with the set of kinds it may still be, narrowed by
//! every observation and by the army's piece counts. Nothing here ever sees the enemy's
//! layout: the only inputs are [`Knowledge::observe`] and [`Knowledge::observe_flag`].

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::Rng;

use crate::rules::junqi::board::{
    CAMPS, HEADQUARTERS, ROADS, back_ranks_of, front_row_of, half_of, headquarters_of,
};
use crate::rules::junqi::moves::targets;
use crate::rules::junqi::piece::{KINDS, battle};
use crate::rules::junqi::square::{CELLS, squares};
use crate::rules::junqi::{
    BattleResult, Kind, Layout, Move, NoBattleVerdict, Piece, Position, RuleSet, Setup, Side,
    Square, Token,
};

/// A set of kinds, one bit per [`Kind::index`].
pub type KindSet = u16;

/// Every kind.
pub const ALL_KINDS: KindSet = (1 << KINDS) - 1;

/// The one-kind set.
pub const fn kind_bit(kind: Kind) -> KindSet {
    1 << kind as u16
}

/// Kinds that may move (all but landmines and the flag).
pub const MOBILE: KindSet = ALL_KINDS & !kind_bit(Kind::Landmine) & !kind_bit(Kind::Flag);

/// The kinds in a set, in letter order.
pub fn kinds_in(set: KindSet) -> impl Iterator<Item = Kind> {
    Kind::ALL
        .into_iter()
        .filter(move |k| set & kind_bit(*k) != 0)
}

/// The set of kinds an enemy piece deployed on `origin` may be, from the deployment rules.
fn deployable(origin: Square, side: Side) -> KindSet {
    let mut set = ALL_KINDS;
    if !headquarters_of(side).contains(&origin) {
        set &= !kind_bit(Kind::Flag);
    }
    if back_ranks_of(side) & origin.bit() == 0 {
        set &= !kind_bit(Kind::Landmine);
    }
    if front_row_of(side) & origin.bit() != 0 {
        set &= !kind_bit(Kind::Bomb);
    }
    set
}

/// What stands on a cell as the player knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Cell {
    /// Nothing.
    Empty,
    /// One of the player's own pieces.
    Own(Kind),
    /// An enemy piece, by its identity (an index into [`Knowledge::enemy_pieces`]).
    Enemy(u8),
}

/// What is known of one enemy piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EnemyPiece {
    /// The cell it was deployed on (absolute frame).
    pub origin: Square,
    /// Where it stands now; `None` once it has been removed.
    pub at: Option<Square>,
    /// The kinds it may be.
    pub possible: KindSet,
    /// Whether it has ever moved.
    pub moved: bool,
}

impl EnemyPiece {
    /// The kind, when only one is possible.
    pub fn known(&self) -> Option<Kind> {
        (self.possible.count_ones() == 1)
            .then(|| Kind::ALL[self.possible.trailing_zeros() as usize])
    }
}

/// An observation that cannot be true of the game the player is in (a move from a cell
/// without a mover, a battle result impossible for what is known...). The knowledge is left
/// as it was before the call.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ObserveError {
    /// The from-square does not hold a piece of the side to move.
    #[error("{0}: no piece of the side to move on its from-square")]
    NoMover(Move),
    /// The to-square holds a piece of the mover's own side.
    #[error("{0}: the target holds the mover's own piece")]
    OwnTarget(Move),
    /// A battle result where there was no battle, or none where there was.
    #[error("{0}: a battle result is given exactly when the target holds an enemy piece")]
    BattleMismatch(Move),
    /// No piece could have made this move.
    #[error("{0}: no piece can make this move")]
    Unreachable(Move),
    /// The result contradicts what is known of the pieces.
    #[error("{0}: this battle result contradicts what is known")]
    Contradiction(Move),
    /// A revealed flag on a cell that holds no piece of that side.
    #[error("a flag of {0} revealed on {1}, which holds no piece of {0}")]
    FlagSquare(Side, Square),
}

/// One player's knowledge of a game in progress.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Knowledge {
    me: Side,
    rules: RuleSet,
    cells: [Cell; CELLS],
    enemy: Vec<EnemyPiece>,
    side_to_move: Side,
    quiet_plies: u32,
    ply: u32,
    flags: [Option<Square>; 2],
    /// The enemy piece removed by the latest battle, until it is known whether its death
    /// revealed the flag (then it was the field marshal) or not (then it was not).
    pending_death: Option<u8>,
    /// Public positions (occupancy and side to move) since the last battle.
    since_battle: Vec<(u64, u64, Side)>,
}

impl Knowledge {
    /// The knowledge at the start of a game: `me` deployed `own`, `first` moves first.
    pub fn new(me: Side, own: &Layout, first: Side, rules: RuleSet) -> Knowledge {
        let mut cells = [Cell::Empty; CELLS];
        for (s, kind) in own.placements(me) {
            cells[s.index()] = Cell::Own(kind);
        }
        let them = me.opponent();
        let mut enemy = Vec::with_capacity(25);
        for s in squares(half_of(them) & !CAMPS) {
            cells[s.index()] = Cell::Enemy(enemy.len() as u8);
            enemy.push(EnemyPiece {
                origin: s,
                at: Some(s),
                possible: deployable(s, them),
                moved: false,
            });
        }
        let mut k = Knowledge {
            me,
            rules,
            cells,
            enemy,
            side_to_move: first,
            quiet_plies: 0,
            ply: 0,
            flags: [None; 2],
            pending_death: None,
            since_battle: Vec::new(),
        };
        k.since_battle.push(k.public_key());
        k
    }

    /// The player's side.
    pub fn side(&self) -> Side {
        self.me
    }

    /// The rules of the game.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.side_to_move
    }

    /// Plies since the last battle.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet_plies
    }

    /// Plies since the first move.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// What stands on a square.
    pub fn cell(&self, s: Square) -> Cell {
        self.cells[s.index()]
    }

    /// Every enemy piece, alive or removed, by identity.
    pub fn enemy_pieces(&self) -> &[EnemyPiece] {
        &self.enemy
    }

    /// The enemy piece on a square, if any.
    pub fn enemy_at(&self, s: Square) -> Option<&EnemyPiece> {
        match self.cells[s.index()] {
            Cell::Enemy(id) => Some(&self.enemy[id as usize]),
            _ => None,
        }
    }

    /// The revealed flag of a side, if its field marshal has died.
    pub fn revealed_flag(&self, side: Side) -> Option<Square> {
        self.flags[side.index()]
    }

    /// The cells held by a side.
    pub fn occupied(&self, side: Side) -> u64 {
        let mut set = 0;
        for s in Square::all() {
            let mine = match self.cells[s.index()] {
                Cell::Empty => continue,
                Cell::Own(_) => self.me,
                Cell::Enemy(_) => self.me.opponent(),
            };
            if mine == side {
                set |= s.bit();
            }
        }
        set
    }

    fn public_key(&self) -> (u64, u64, Side) {
        (
            self.occupied(Side::South),
            self.occupied(Side::North),
            self.side_to_move,
        )
    }

    /// Whether a quiet move of the player's, now, loses by the no-battle rule: under
    /// [`NoBattleVerdict::MoverLoses`] when it would be the last quiet ply; under
    /// [`NoBattleVerdict::SideToMoveLoses`] when it would leave the opponent to make the last
    /// one (it can always move quietly or battle, so that is assumed to lose).
    pub fn quiet_move_loses(&self) -> bool {
        let Some(n) = self.rules.no_battle_plies else {
            return false;
        };
        match self.rules.no_battle_verdict {
            NoBattleVerdict::Draw => false,
            NoBattleVerdict::MoverLoses => self.quiet_plies + 1 >= n,
            NoBattleVerdict::SideToMoveLoses => self.quiet_plies + 2 == n,
        }
    }

    /// Whether a quiet move of the player's `plies` plies from now (every ply between them
    /// quiet) would lose by the no-battle rule, as [`Knowledge::quiet_move_loses`] judges it.
    pub fn quiet_move_loses_in(&self, plies: u32) -> bool {
        let Some(n) = self.rules.no_battle_plies else {
            return false;
        };
        let q = self.quiet_plies + plies;
        match self.rules.no_battle_verdict {
            NoBattleVerdict::Draw => false,
            NoBattleVerdict::MoverLoses => q + 1 >= n,
            NoBattleVerdict::SideToMoveLoses => q + 2 == n,
        }
    }

    /// Whether, after the player's quiet move `mv` (and the enemy pieces where they are), the
    /// player has a battle to play: one of its pieces can reach an enemy piece.
    pub fn battle_after(&self, mv: Move) -> bool {
        let own = (self.occupied(self.me) & !mv.from.bit()) | mv.to.bit();
        let enemy = self.occupied(self.me.opponent());
        squares(own).any(|s| {
            let kind = if s == mv.to {
                match self.cells[mv.from.index()] {
                    Cell::Own(k) => k,
                    _ => return false,
                }
            } else {
                match self.cells[s.index()] {
                    Cell::Own(k) => k,
                    _ => return false,
                }
            };
            targets(s, kind, own, enemy) & enemy != 0
        })
    }

    /// How often the public position after the quiet move `mv` of the player has already
    /// occurred since the last battle (the repetition rule counts these).
    pub fn repetitions_after(&self, mv: Move) -> usize {
        let mut occ = [self.occupied(Side::South), self.occupied(Side::North)];
        let i = self.me.index();
        occ[i] = (occ[i] & !mv.from.bit()) | mv.to.bit();
        let key = (occ[0], occ[1], self.me.opponent());
        self.since_battle.iter().filter(|k| **k == key).count()
    }

    /// The player's legal moves, whoever is to move: exactly what [`crate::rules::junqi::View::legal_moves`]
    /// gives on the player's own view.
    pub fn legal_moves(&self) -> Vec<Move> {
        let own = self.occupied(self.me);
        let enemy = self.occupied(self.me.opponent());
        let flag_gone = |side: Side| {
            !headquarters_of(side)
                .iter()
                .any(|&hq| match self.cells[hq.index()] {
                    Cell::Own(k) => side == self.me && k == Kind::Flag,
                    Cell::Enemy(id) => {
                        side != self.me
                            && self.enemy[id as usize].possible & kind_bit(Kind::Flag) != 0
                    }
                    Cell::Empty => false,
                })
        };
        let mut out = Vec::new();
        if flag_gone(self.me) || flag_gone(self.me.opponent()) {
            return out;
        }
        for from in squares(own) {
            if let Cell::Own(kind) = self.cells[from.index()] {
                for to in squares(targets(from, kind, own, enemy)) {
                    out.push(Move::new(from, to));
                }
            }
        }
        out
    }

    /// Settles the field-marshal question for the enemy piece that died in the latest
    /// battle: no flag was revealed, so it was not the marshal.
    fn settle(&mut self) {
        if let Some(id) = self.pending_death.take()
            && self.flags[self.me.opponent().index()].is_none()
        {
            let p = &mut self.enemy[id as usize];
            if p.possible != kind_bit(Kind::FieldMarshal) {
                p.possible &= !kind_bit(Kind::FieldMarshal);
            }
            self.propagate();
        }
    }

    /// Records a move of either side (in turn order) and its battle result, if it was one.
    pub fn observe(&mut self, mv: Move, result: Option<BattleResult>) -> Result<(), ObserveError> {
        let saved = self.clone();
        let outcome = self.observe_unchecked(mv, result);
        if outcome.is_err() {
            *self = saved;
        }
        outcome
    }

    fn observe_unchecked(
        &mut self,
        mv: Move,
        result: Option<BattleResult>,
    ) -> Result<(), ObserveError> {
        self.settle();
        let mover = self.side_to_move;
        let target = self.cells[mv.to.index()];
        match (self.cells[mv.from.index()], target) {
            (Cell::Own(_), _) if mover != self.me => return Err(ObserveError::NoMover(mv)),
            (Cell::Enemy(_), _) if mover == self.me => return Err(ObserveError::NoMover(mv)),
            (Cell::Empty, _) => return Err(ObserveError::NoMover(mv)),
            (Cell::Own(_), Cell::Own(_)) | (Cell::Enemy(_), Cell::Enemy(_)) => {
                return Err(ObserveError::OwnTarget(mv));
            }
            _ => {}
        }
        if (target == Cell::Empty) != result.is_none() {
            return Err(ObserveError::BattleMismatch(mv));
        }
        if CAMPS & mv.to.bit() != 0 && target != Cell::Empty {
            return Err(ObserveError::Unreachable(mv));
        }
        let mut died = None;
        match self.cells[mv.from.index()] {
            Cell::Own(kind) => {
                if let (Cell::Enemy(id), Some(r)) = (target, result) {
                    let p = self.enemy[id as usize];
                    let mut possible = narrow_defender(kind, p.possible, r);
                    // Had it been the flag, the game would be over.
                    if r == BattleResult::AttackerWins && possible != kind_bit(Kind::Flag) {
                        possible &= !kind_bit(Kind::Flag);
                    }
                    if possible == 0 {
                        return Err(ObserveError::Contradiction(mv));
                    }
                    self.enemy[id as usize].possible = possible;
                    if r != BattleResult::DefenderWins {
                        self.enemy[id as usize].at = None;
                        died = Some(id);
                    }
                }
            }
            Cell::Enemy(id) => {
                if HEADQUARTERS & mv.from.bit() != 0 {
                    return Err(ObserveError::Unreachable(mv));
                }
                let theirs = self.occupied(mover);
                let mine = self.occupied(self.me);
                let straight = targets(mv.from, Kind::Captain, theirs, mine);
                let turning = targets(mv.from, Kind::Engineer, theirs, mine);
                let p = self.enemy[id as usize];
                let mut possible = p.possible & MOBILE;
                if straight & mv.to.bit() == 0 {
                    if turning & mv.to.bit() == 0 {
                        return Err(ObserveError::Unreachable(mv));
                    }
                    // Only an engineer turns on the rails.
                    possible &= kind_bit(Kind::Engineer);
                }
                if let (Cell::Own(defender), Some(r)) = (target, result) {
                    possible = narrow_attacker(possible, defender, r);
                }
                if possible == 0 {
                    return Err(ObserveError::Contradiction(mv));
                }
                let e = &mut self.enemy[id as usize];
                e.possible = possible;
                e.moved = true;
                if matches!(
                    result,
                    Some(BattleResult::DefenderWins | BattleResult::BothRemoved)
                ) {
                    e.at = None;
                    died = Some(id);
                }
            }
            Cell::Empty => unreachable!("checked above"),
        }
        // Move the pieces.
        let attacker = self.cells[mv.from.index()];
        self.cells[mv.from.index()] = Cell::Empty;
        match result {
            None | Some(BattleResult::AttackerWins) => {
                self.cells[mv.to.index()] = attacker;
                if let Cell::Enemy(id) = attacker {
                    self.enemy[id as usize].at = Some(mv.to);
                }
            }
            Some(BattleResult::DefenderWins) => {}
            Some(BattleResult::BothRemoved) => self.cells[mv.to.index()] = Cell::Empty,
        }
        self.pending_death = died;
        self.ply += 1;
        self.side_to_move = mover.opponent();
        if result.is_some() {
            self.quiet_plies = 0;
            self.since_battle.clear();
        } else {
            self.quiet_plies += 1;
        }
        self.since_battle.push(self.public_key());
        self.propagate();
        Ok(())
    }

    /// Records that `side`'s flag is shown on `at` (its field marshal has died). Call it
    /// right after the [`Knowledge::observe`] of the move whose battle removed the marshal.
    pub fn observe_flag(&mut self, side: Side, at: Square) -> Result<(), ObserveError> {
        if side == self.me {
            if self.cells[at.index()] != Cell::Own(Kind::Flag) {
                return Err(ObserveError::FlagSquare(side, at));
            }
            self.flags[side.index()] = Some(at);
            return Ok(());
        }
        let Cell::Enemy(id) = self.cells[at.index()] else {
            return Err(ObserveError::FlagSquare(side, at));
        };
        if self.enemy[id as usize].possible & kind_bit(Kind::Flag) == 0 {
            return Err(ObserveError::FlagSquare(side, at));
        }
        if self.flags[side.index()].is_none() {
            // The piece the latest battle removed was the field marshal.
            if let Some(dead) = self.pending_death.take() {
                let p = &mut self.enemy[dead as usize];
                if p.possible & kind_bit(Kind::FieldMarshal) != 0 {
                    p.possible = kind_bit(Kind::FieldMarshal);
                }
            }
        }
        self.flags[side.index()] = Some(at);
        self.enemy[id as usize].possible = kind_bit(Kind::Flag);
        self.propagate();
        Ok(())
    }

    /// Applies the army's counts: a kind whose every piece is identified is excluded from
    /// the others, and a kind with exactly as many candidates as pieces is given to them.
    fn propagate(&mut self) {
        loop {
            let mut changed = false;
            for kind in Kind::ALL {
                let bit = kind_bit(kind);
                let sure = self.enemy.iter().filter(|p| p.possible == bit).count();
                let candidates = self.enemy.iter().filter(|p| p.possible & bit != 0).count();
                let count = kind.count() as usize;
                if sure == count && candidates > count {
                    for p in &mut self.enemy {
                        if p.possible != bit && p.possible & bit != 0 {
                            p.possible &= !bit;
                            changed = true;
                        }
                    }
                } else if candidates == count && sure < count {
                    for p in &mut self.enemy {
                        if p.possible & bit != 0 && p.possible != bit {
                            p.possible = bit;
                            changed = true;
                        }
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// A full-information position consistent with everything known: a kind for every
    /// enemy piece (alive or removed) drawn at random within its possible set so that the
    /// army's counts are exact. `None` only if the knowledge is contradictory.
    pub fn sample(&mut self, rng: &mut ChaCha8Rng) -> Option<Position> {
        self.sample_with(rng, false)
    }

    /// A kind for every enemy piece (by identity, alive or removed), drawn as
    /// [`Knowledge::sample_with`] draws them: the army's counts exact, each piece within
    /// what it may be. `None` only if the knowledge is contradictory.
    pub fn sample_enemy_kinds(&mut self, rng: &mut ChaCha8Rng, priors: bool) -> Option<Vec<Kind>> {
        self.settle();
        let prior = self.prior(priors, None);
        sample_kinds(&self.enemy, rng, &prior, false)
    }

    /// The deployment priors of [`Knowledge::sample_with`] (all ones when `on` is false):
    /// an unmoved piece beside either headquarters is a landmine with weight 5. With
    /// `flag_guards` (the neighbours of the headquarters drawn to hold the flag, see
    /// [`Knowledge::sample_guarded`]) only those are, with weight 30.
    fn prior(
        &self,
        on: bool,
        flag_guards: Option<u64>,
    ) -> impl Fn(&EnemyPiece, Kind) -> u32 + use<> {
        let (guards, weight) = match flag_guards {
            Some(guards) => (guards, 30),
            None => (
                headquarters_of(self.me.opponent())
                    .iter()
                    .fold(0u64, |m, h| m | ROADS[h.index()]),
                5,
            ),
        };
        move |p: &EnemyPiece, kind: Kind| -> u32 {
            if !on || p.moved {
                return 1;
            }
            match kind {
                Kind::Landmine if guards & p.origin.bit() != 0 => weight,
                Kind::Landmine => 2,
                Kind::Flag => 3,
                _ => 1,
            }
        }
    }

    /// [`Knowledge::sample`], with `priors`: each kind's chance for a piece also follows
    /// how armies are deployed — an unmoved piece on the back two ranks is likelier a
    /// landmine, the more so beside a headquarters, and a piece in a headquarters likelier
    /// the flag.
    pub fn sample_with(&mut self, rng: &mut ChaCha8Rng, priors: bool) -> Option<Position> {
        self.settle();
        let prior = self.prior(priors, None);
        let kinds = sample_kinds(&self.enemy, rng, &prior, false)?;
        self.position_with(&kinds)
    }

    /// [`Knowledge::sample_with`] priors, with the flag drawn first and its guards drawn
    /// with it: armies put landmines round the flag (「地雷护旗」), so the neighbours of the
    /// headquarters that holds the flag in a sample are very likely landmines, and those of
    /// the other one much less. Which headquarters holds the flag is drawn by how well
    /// each fits that: one whose neighbours are known not to be landmines (one moved, or
    /// lost a battle a landmine would have won) is the likelier decoy. A flag already shown
    /// (its field marshal died) is the one drawn, and its guards are drawn the same way.
    pub fn sample_guarded(&mut self, rng: &mut ChaCha8Rng) -> Option<Position> {
        self.settle();
        let flag = kind_bit(Kind::Flag);
        let mine = kind_bit(Kind::Landmine);
        let candidates: Vec<usize> = (0..self.enemy.len())
            .filter(|&i| self.enemy[i].at.is_some() && self.enemy[i].possible & flag != 0)
            .collect();
        let guards_of = |origin: Square| ROADS[origin.index()];
        let fit = |i: usize| -> u32 {
            let guards = guards_of(self.enemy[i].origin);
            self.enemy
                .iter()
                .filter(|p| guards & p.origin.bit() != 0 && p.possible & mine == 0)
                .fold(1000u32, |w, _| w * 35 / 100)
                .max(1)
        };
        if !candidates.is_empty() {
            let mut pick = candidates[0];
            if candidates.len() >= 2 {
                let fits: Vec<u32> = candidates.iter().map(|&i| fit(i)).collect();
                let mut x = rng.next_u32() % fits.iter().sum::<u32>();
                for (&i, &w) in candidates.iter().zip(&fits) {
                    if x < w {
                        pick = i;
                        break;
                    }
                    x -= w;
                }
            }
            let mut pieces = self.enemy.clone();
            for &i in &candidates {
                if i == pick {
                    pieces[i].possible = flag;
                } else {
                    pieces[i].possible &= !flag;
                }
            }
            let prior = self.prior(true, Some(guards_of(pieces[pick].origin)));
            if let Some(kinds) = sample_kinds(&pieces, rng, &prior, true) {
                return self.position_with(&kinds);
            }
        }
        self.sample_with(rng, true)
    }

    /// The full-information position with `kinds` for the enemy pieces (by identity).
    fn position_with(&self, kinds: &[Kind]) -> Option<Position> {
        let them = self.me.opponent();
        let mut cells = [None; CELLS];
        for s in Square::all() {
            cells[s.index()] = match self.cells[s.index()] {
                Cell::Empty => None,
                Cell::Own(kind) => Some(Token::known(Piece {
                    side: self.me,
                    kind,
                })),
                Cell::Enemy(id) => Some(Token::known(Piece {
                    side: them,
                    kind: kinds[id as usize],
                })),
            };
        }
        let setup = Setup {
            cells,
            side_to_move: self.side_to_move,
            quiet_plies: self.quiet_plies,
            ply: self.ply,
        };
        Position::try_from(setup).ok()
    }
}

/// The defender's kinds left after `attacker` attacked it with `result`.
pub fn narrow_defender(attacker: Kind, possible: KindSet, result: BattleResult) -> KindSet {
    kinds_in(possible)
        .filter(|&d| battle(attacker, d) == result)
        .fold(0, |s, d| s | kind_bit(d))
}

/// The attacker's kinds left after it attacked `defender` with `result`.
pub fn narrow_attacker(possible: KindSet, defender: Kind, result: BattleResult) -> KindSet {
    kinds_in(possible)
        .filter(|&a| battle(a, defender) == result)
        .fold(0, |s, a| s | kind_bit(a))
}

/// Draws a kind for each piece within its set so that each kind is used exactly as often
/// as the army has it: pieces with the fewest options first, kinds weighted by how many are
/// left, and each choice kept only if the rest can still be completed (a matching of the
/// remaining pieces to the remaining kinds exists), so it never dead-ends.
///
/// With `strongest_first`, among pieces with as many options the one with the strongest
/// prior for some kind draws first: the flag's guards draw their landmines before the other
/// back-rank pieces have used them up (drawn in board order, the guard in front of a
/// headquarters came after its two neighbours and the rest of the back rank, and was
/// almost never a landmine).
fn sample_kinds(
    pieces: &[EnemyPiece],
    rng: &mut ChaCha8Rng,
    prior: &dyn Fn(&EnemyPiece, Kind) -> u32,
    strongest_first: bool,
) -> Option<Vec<Kind>> {
    let mut left = [0u8; KINDS];
    for k in Kind::ALL {
        left[k.index()] = k.count();
    }
    let mut order: Vec<usize> = (0..pieces.len()).collect();
    order.sort_by_key(|&i| {
        let strongest = if strongest_first {
            kinds_in(pieces[i].possible)
                .map(|k| prior(&pieces[i], k))
                .max()
                .unwrap_or(0)
        } else {
            0
        };
        (
            pieces[i].possible.count_ones(),
            std::cmp::Reverse(strongest),
        )
    });
    if !completable(pieces, &order, &left) {
        return None;
    }
    let mut assigned: Vec<Option<Kind>> = vec![None; pieces.len()];
    for (n, &i) in order.iter().enumerate() {
        let mut options: Vec<Kind> = kinds_in(pieces[i].possible)
            .filter(|k| left[k.index()] > 0)
            .collect();
        loop {
            if options.is_empty() {
                return None;
            }
            let weight = |k: &Kind| left[k.index()] as u32 * prior(&pieces[i], *k);
            let total: u32 = options.iter().map(weight).sum();
            let mut x = rng.next_u32() % total.max(1);
            let mut pick = 0;
            for (j, k) in options.iter().enumerate() {
                let w = weight(k);
                if x < w {
                    pick = j;
                    break;
                }
                x -= w;
            }
            let kind = options.swap_remove(pick);
            left[kind.index()] -= 1;
            if options.is_empty() || completable(pieces, &order[n + 1..], &left) {
                assigned[i] = Some(kind);
                break;
            }
            left[kind.index()] += 1;
        }
    }
    assigned.into_iter().collect()
}

/// Whether the pieces `rest` can take exactly the kinds `left` (a perfect matching of
/// pieces to kinds with these capacities, by augmenting paths).
fn completable(pieces: &[EnemyPiece], rest: &[usize], left: &[u8; KINDS]) -> bool {
    let mut holders: [Vec<usize>; KINDS] = Default::default();
    for &p in rest {
        let mut seen = [false; KINDS];
        if !augment(pieces, p, left, &mut holders, &mut seen) {
            return false;
        }
    }
    true
}

fn augment(
    pieces: &[EnemyPiece],
    p: usize,
    left: &[u8; KINDS],
    holders: &mut [Vec<usize>; KINDS],
    seen: &mut [bool; KINDS],
) -> bool {
    for k in kinds_in(pieces[p].possible) {
        let k = k.index();
        if seen[k] || left[k] == 0 {
            continue;
        }
        seen[k] = true;
        if holders[k].len() < left[k] as usize {
            holders[k].push(p);
            return true;
        }
        for j in 0..holders[k].len() {
            let q = holders[k][j];
            if augment(pieces, q, left, holders, seen) {
                holders[k][j] = p;
                return true;
            }
        }
    }
    false
}
