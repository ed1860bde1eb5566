//! A full-information position: every piece known, as a referee (or the post-game audit)
//! sees it. Built only valid; `play` takes only legal moves.

use std::fmt;
use std::str::FromStr;

use super::board::{HEADQUARTERS, headquarters_of};
use super::game::{DrawReason, Outcome, WinReason};
use super::layout::Layout;
use super::moves::{Move, generate, targets};
use super::piece::{BattleResult, Kind, Piece, battle};
use super::setup::{JnfError, Setup, Token};
use super::square::{CELLS, Side, Square, squares};
use super::view::View;

/// A position with every piece known: cells, side to move, and the two ply counters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    cells: [Option<Piece>; CELLS],
    occupied: [u64; 2],
    side_to_move: Side,
    quiet_plies: u32,
    ply: u32,
}

/// A battle that a move caused: who met whom, and how it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Battle {
    /// The moving piece.
    pub attacker: Piece,
    /// The piece it moved onto.
    pub defender: Piece,
    /// The result, from the attacker's side.
    pub result: BattleResult,
}

impl Battle {
    /// Whether the defender was the flag (captured or bombed): the game is over.
    pub fn flag_taken(&self) -> bool {
        self.defender.kind == Kind::Flag
    }
}

/// Why a move cannot be played in a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The game is already over (a flag is gone, or a rule of the game's has ended it).
    #[error("{0}: the game is over")]
    GameOver(Move),
    /// Nothing of the side to move stands on the from-square.
    #[error("{mv}: {side} has no piece on {}", mv.from)]
    NoPiece {
        /// The move.
        mv: Move,
        /// The side to move.
        side: Side,
    },
    /// A landmine or flag.
    #[error("{mv}: a {kind} never moves")]
    Immobile {
        /// The move.
        mv: Move,
        /// What stands on the from-square.
        kind: Kind,
    },
    /// The piece is in a headquarters, where it stays.
    #[error("{0}: a piece in a headquarters never moves again")]
    InHeadquarters(Move),
    /// A hidden piece moved where no piece could go from its cell (not even an engineer).
    #[error("{mv}: no piece on {} could reach {} (no road step or open rail path, own piece or occupied camp there)", mv.from, mv.to)]
    NoPieceCouldReach {
        /// The move.
        mv: Move,
    },
    /// No road step or rail path of this piece leads there, or the target is taken.
    #[error("{mv}: the {kind} on {} cannot reach {} (no road step or open rail path, own piece or occupied camp there)", mv.from, mv.to)]
    Unreachable {
        /// The move.
        mv: Move,
        /// The moving piece's kind.
        kind: Kind,
    },
}

impl Position {
    /// The starting position of a game: each side's layout on its own half, nothing played.
    pub fn from_layouts(south: &Layout, north: &Layout, first: Side) -> Position {
        let mut cells = [None; CELLS];
        for (side, layout) in [(Side::South, south), (Side::North, north)] {
            for (square, kind) in layout.placements(side) {
                cells[square.index()] = Some(Piece { side, kind });
            }
        }
        Position::from_cells(cells, first, 0, 0)
    }

    fn from_cells(cells: [Option<Piece>; CELLS], side: Side, quiet: u32, ply: u32) -> Position {
        let mut occupied = [0u64; 2];
        for s in Square::all() {
            if let Some(p) = cells[s.index()] {
                occupied[p.side.index()] |= s.bit();
            }
        }
        Position {
            cells,
            occupied,
            side_to_move: side,
            quiet_plies: quiet,
            ply,
        }
    }

    /// The piece on a square.
    pub fn piece_at(&self, s: Square) -> Option<Piece> {
        self.cells[s.index()]
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

    /// The cells held by `side`, as a square set.
    pub fn occupied(&self, side: Side) -> u64 {
        self.occupied[side.index()]
    }

    /// Whether `side` still has its flag. Flags never move, so it is in a headquarters.
    pub fn has_flag(&self, side: Side) -> bool {
        headquarters_of(side).iter().any(|&s| {
            self.cells[s.index()]
                == Some(Piece {
                    side,
                    kind: Kind::Flag,
                })
        })
    }

    /// Whether `side`'s flag is shown to everyone: its field marshal is no longer on the board.
    pub fn flag_revealed(&self, side: Side) -> bool {
        let marshal = Some(Piece {
            side,
            kind: Kind::FieldMarshal,
        });
        !self.cells.contains(&marshal)
    }

    /// The legal moves for the side to move (none once a flag is gone), in square order.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::with_capacity(64);
        self.legal_moves_into(&mut out);
        out
    }

    /// Appends the legal moves to `out` (to reuse one buffer in a search).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        self.moves_of(self.side_to_move, out);
    }

    fn moves_of(&self, side: Side, out: &mut Vec<Move>) {
        if !self.has_flag(Side::South) || !self.has_flag(Side::North) {
            return;
        }
        let own = self.occupied(side);
        let enemy = self.occupied(side.opponent());
        generate(own, enemy, |s| self.kind_at(s), out);
    }

    fn kind_at(&self, s: Square) -> Kind {
        self.cells[s.index()].map_or(Kind::Flag, |p| p.kind)
    }

    /// The cells the piece on `from` may move to this turn (empty unless it belongs to the
    /// side to move), as a square set: what a board highlights after a click.
    pub fn targets_from(&self, from: Square) -> u64 {
        let side = self.side_to_move;
        match self.piece_at(from) {
            Some(p)
                if p.side == side && self.has_flag(Side::South) && self.has_flag(Side::North) =>
            {
                targets(
                    from,
                    p.kind,
                    self.occupied(side),
                    self.occupied(side.opponent()),
                )
            }
            _ => 0,
        }
    }

    /// Checks a move and says why it is illegal, if it is.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if !self.has_flag(Side::South) || !self.has_flag(Side::North) {
            return Err(IllegalMove::GameOver(mv));
        }
        let side = self.side_to_move;
        let piece = match self.piece_at(mv.from) {
            Some(p) if p.side == side => p,
            _ => return Err(IllegalMove::NoPiece { mv, side }),
        };
        if !piece.kind.can_move() {
            return Err(IllegalMove::Immobile {
                mv,
                kind: piece.kind,
            });
        }
        if HEADQUARTERS & mv.from.bit() != 0 {
            return Err(IllegalMove::InHeadquarters(mv));
        }
        if self.targets_from(mv.from) & mv.to.bit() == 0 {
            return Err(IllegalMove::Unreachable {
                mv,
                kind: piece.kind,
            });
        }
        Ok(())
    }

    /// Plays a legal move, returning the new position and the battle it caused, if any.
    pub fn play(&self, mv: Move) -> Result<(Position, Option<Battle>), IllegalMove> {
        self.check(mv)?;
        let mut next = self.clone();
        let battle = next.play_unchecked(mv);
        Ok((next, battle))
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]) in place.
    pub fn play_unchecked(&mut self, mv: Move) -> Option<Battle> {
        let attacker = self.cells[mv.from.index()]
            .take()
            .expect("a legal move has a mover");
        let me = attacker.side.index();
        self.occupied[me] &= !mv.from.bit();
        let outcome = self.cells[mv.to.index()].map(|defender| Battle {
            attacker,
            defender,
            result: battle(attacker.kind, defender.kind),
        });
        let to = mv.to.bit();
        let them = 1 - me;
        match outcome.map(|b| b.result) {
            None | Some(BattleResult::AttackerWins) => {
                self.cells[mv.to.index()] = Some(attacker);
                self.occupied[me] |= to;
                self.occupied[them] &= !to;
            }
            Some(BattleResult::DefenderWins) => {}
            Some(BattleResult::BothRemoved) => {
                self.cells[mv.to.index()] = None;
                self.occupied[them] &= !to;
            }
        }
        self.quiet_plies = if outcome.is_some() {
            0
        } else {
            self.quiet_plies.saturating_add(1)
        };
        self.ply = self.ply.saturating_add(1);
        self.side_to_move = self.side_to_move.opponent();
        outcome
    }

    /// How the game stands decided on the board alone: a lost flag, or no legal move.
    /// (The no-battle and repetition rules need the game's history: see [`super::Game`].)
    pub fn outcome(&self) -> Option<Outcome> {
        match (self.has_flag(Side::South), self.has_flag(Side::North)) {
            (true, true) => {}
            (false, false) => return Some(Outcome::Draw(DrawReason::BothFlagsLost)),
            (south, _) => {
                let winner = if south { Side::South } else { Side::North };
                return Some(Outcome::Win(winner, WinReason::FlagLost));
            }
        }
        let mut moves = Vec::new();
        self.moves_of(self.side_to_move, &mut moves);
        if !moves.is_empty() {
            return None;
        }
        let opponent = self.side_to_move.opponent();
        self.moves_of(opponent, &mut moves);
        Some(if moves.is_empty() {
            Outcome::Draw(DrawReason::NeitherCanMove)
        } else {
            Outcome::Win(opponent, WinReason::NoLegalMove)
        })
    }

    /// The unchecked setup of this position (every kind shown).
    pub fn to_setup(&self) -> Setup {
        Setup {
            cells: self.cells.map(|c| c.map(Token::known)),
            side_to_move: self.side_to_move,
            quiet_plies: self.quiet_plies,
            ply: self.ply,
        }
    }

    /// What `side` may see: its own pieces, and of the enemy only occupancy and a revealed flag.
    pub fn view(&self, side: Side) -> View {
        View::seen_by(&self.to_setup(), Some(side))
    }

    /// The public position both players share: occupancy and revealed flags.
    pub fn public(&self) -> View {
        View::seen_by(&self.to_setup(), None)
    }

    /// The position hash peers compare: see [`View::hash`] of the public position.
    pub fn hash(&self) -> String {
        self.public().hash()
    }

    /// What the repetition rule compares: public occupancy, revealed flags, side to move.
    pub fn public_key(&self) -> PublicKey {
        let mut revealed_flags = 0;
        for side in Side::BOTH {
            if self.flag_revealed(side) {
                for s in squares(self.occupied(side)) {
                    if self.kind_at(s) == Kind::Flag {
                        revealed_flags |= s.bit();
                    }
                }
            }
        }
        PublicKey {
            occupied: self.occupied,
            revealed_flags,
            side_to_move: self.side_to_move,
        }
    }

    /// The repetition key of a board given by its occupancy and revealed flags.
    pub(crate) fn key_of(occupied: [u64; 2], revealed_flags: u64, side_to_move: Side) -> PublicKey {
        PublicKey {
            occupied,
            revealed_flags,
            side_to_move,
        }
    }

    /// The same game turned 180° with the armies' colours swapped: South's pieces become
    /// North's on the mirrored cells, and the other side is to move. Rules are symmetric,
    /// so its legal moves are this position's moves mirrored.
    pub fn rotated(&self) -> Position {
        let mut cells = [None; CELLS];
        for s in Square::all() {
            cells[s.rotated().index()] = self.cells[s.index()].map(|p| Piece {
                side: p.side.opponent(),
                kind: p.kind,
            });
        }
        Position::from_cells(
            cells,
            self.side_to_move.opponent(),
            self.quiet_plies,
            self.ply,
        )
    }
}

/// The public position reduced to what the repetition rule compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PublicKey {
    occupied: [u64; 2],
    revealed_flags: u64,
    side_to_move: Side,
}

impl TryFrom<Setup> for Position {
    type Error = JnfError;

    /// A valid setup in which every piece is known.
    fn try_from(setup: Setup) -> Result<Position, JnfError> {
        setup.validate()?;
        let mut cells = [None; CELLS];
        for s in Square::all() {
            if let Some(token) = setup.at(s) {
                cells[s.index()] = Some(token.piece().ok_or(JnfError::Hidden(s))?);
            }
        }
        Ok(Position::from_cells(
            cells,
            setup.side_to_move,
            setup.quiet_plies,
            setup.ply,
        ))
    }
}

impl FromStr for Position {
    type Err = JnfError;

    fn from_str(text: &str) -> Result<Position, JnfError> {
        Position::try_from(text.parse::<Setup>()?)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(jnf: &str) -> Position {
        jnf.parse().unwrap()
    }

    fn mv(text: &str) -> Move {
        text.parse().unwrap()
    }

    fn sq(name: &str) -> Square {
        name.parse().unwrap()
    }

    #[test]
    fn a_winning_attacker_takes_the_cell() {
        let (next, battle) = pos("1l3/5/5/5/5/5/5/5/5/5/A2g1/1L3 s 0 5")
            .play(mv("a2-d2"))
            .unwrap();
        assert_eq!(battle.unwrap().result, BattleResult::AttackerWins);
        assert_eq!(next.piece_at(sq("d2")).unwrap().kind, Kind::FieldMarshal);
        assert_eq!(next.piece_at(sq("a2")), None);
        assert_eq!(
            (next.quiet_plies(), next.ply(), next.side_to_move()),
            (0, 6, Side::North)
        );
        assert_eq!(next.occupied(Side::North), sq("b12").bit());
    }

    #[test]
    fn a_losing_attacker_is_removed_and_the_defender_stays() {
        let (next, _) = pos("1l3/5/5/5/5/5/5/5/5/5/H2g1/1L3 s 3 5")
            .play(mv("a2-d2"))
            .unwrap();
        assert_eq!(next.piece_at(sq("a2")), None);
        assert_eq!(next.piece_at(sq("d2")).unwrap().side, Side::North);
        assert_eq!(next.occupied(Side::South), sq("b1").bit());
        assert_eq!(next.quiet_plies(), 0);
    }

    #[test]
    fn a_bomb_or_equal_ranks_remove_both() {
        for jnf in [
            "1l3/5/5/5/5/5/5/5/5/5/K2g1/1L3 s 0 0",
            "1l3/5/5/5/5/5/5/5/5/5/G2g1/1L3 s 0 0",
        ] {
            let (next, battle) = pos(jnf).play(mv("a2-d2")).unwrap();
            assert_eq!(battle.unwrap().result, BattleResult::BothRemoved);
            assert_eq!(next.piece_at(sq("d2")), None);
            assert_eq!(next.piece_at(sq("a2")), None);
        }
    }

    #[test]
    fn a_quiet_move_counts_towards_the_no_battle_rule() {
        let (next, battle) = pos("1l3/5/5/5/5/5/5/5/5/5/G4/1L3 s 7 9")
            .play(mv("a2-a3"))
            .unwrap();
        assert!(battle.is_none());
        assert_eq!((next.quiet_plies(), next.ply()), (8, 10));
    }

    #[test]
    fn the_flag_is_revealed_when_the_field_marshal_dies() {
        // South's bomb attacks North's marshal on d2; South's own marshal waits on d1.
        let position = pos("1l3/5/5/5/5/5/5/5/5/5/K2a1/1L1A1 s 0 0");
        assert!(!position.flag_revealed(Side::North));
        assert_eq!(
            position.view(Side::South).at(sq("b12")),
            Some(Token::hidden(Side::North))
        );
        let (next, _) = position.play(mv("a2-d2")).unwrap();
        assert!(next.flag_revealed(Side::North));
        let flag = Token {
            side: Side::North,
            kind: Some(Kind::Flag),
        };
        assert_eq!(next.view(Side::South).at(sq("b12")), Some(flag));
        assert_eq!(next.public().at(sq("b12")), Some(flag));
        assert_eq!(
            next.public().at(sq("b1")),
            Some(Token::hidden(Side::South)),
            "South's marshal lives"
        );
    }

    #[test]
    fn losing_the_flag_loses_even_to_a_bomb() {
        let captured = pos("1l3/1G3/5/5/5/5/5/5/5/5/5/1L3 s 0 0")
            .play(mv("b11-b12"))
            .unwrap()
            .0;
        assert_eq!(
            captured.outcome(),
            Some(Outcome::Win(Side::South, WinReason::FlagLost))
        );
        assert!(captured.legal_moves().is_empty());
        let bombed = pos("1l3/1K3/5/5/5/5/5/5/5/5/5/1L3 s 0 0")
            .play(mv("b11-b12"))
            .unwrap()
            .0;
        assert_eq!(bombed.piece_at(sq("b12")), None);
        assert_eq!(
            bombed.outcome(),
            Some(Outcome::Win(Side::South, WinReason::FlagLost))
        );
    }

    #[test]
    fn no_legal_move_loses_and_neither_side_moving_draws() {
        // South has only its flag and a landmine; North can still move.
        let stuck = pos("1l3/4g/5/5/5/5/5/5/5/5/J4/1L3 s 0 0");
        assert_eq!(
            stuck.outcome(),
            Some(Outcome::Win(Side::North, WinReason::NoLegalMove))
        );
        let both = pos("1l3/4j/5/5/5/5/5/5/5/5/J4/1L3 s 0 0");
        assert_eq!(
            both.outcome(),
            Some(Outcome::Draw(DrawReason::NeitherCanMove))
        );
        let mut game = super::super::Game::new(both, super::super::RuleSet::default());
        assert_eq!(
            game.play(mv("a2-a3")),
            Err(IllegalMove::GameOver(mv("a2-a3")))
        );
    }

    #[test]
    fn illegal_moves_say_why() {
        let position = pos("1l3/5/5/5/5/5/5/5/5/1B3/J4/1L1A1 s 0 0");
        let reason = |m: &str| position.play(mv(m)).unwrap_err().to_string();
        assert!(reason("a1-a2").contains("south has no piece on a1"));
        assert!(reason("b12-b11").contains("south has no piece on b12"));
        assert!(reason("a2-a3").contains("a landmine never moves"));
        assert!(reason("b1-a1").contains("a flag never moves"));
        assert!(reason("d1-d2").contains("headquarters never moves again"));
        assert!(reason("b3-b5").contains("cannot reach b5"));
        assert!(
            reason("b3-a2").contains("cannot reach a2"),
            "own piece there"
        );
    }

    #[test]
    fn the_public_hash_is_stable_and_ignores_hidden_kinds() {
        let a = pos("1l1a1/5/5/5/5/5/5/5/5/5/G4/1L1A1 s 0 0");
        let b = pos("1l1a1/5/5/5/5/5/5/5/5/5/C4/1L1A1 s 0 0");
        assert_eq!(a.hash(), b.hash(), "kinds are not public");
        assert_ne!(a.hash(), a.play(mv("a2-a3")).unwrap().0.hash());
        assert_eq!(
            a.public().to_string(),
            "1x1x1/5/5/5/5/5/5/5/5/5/X4/1X1X1 s 0 0"
        );
        // Without its marshal, a side's flag is public.
        let c = pos("1l3/5/5/5/5/5/5/5/5/5/G4/1L1A1 s 0 0");
        assert_eq!(
            c.public().to_string(),
            "1l3/5/5/5/5/5/5/5/5/5/X4/1X1X1 s 0 0"
        );
        // Computed independently: python3 -c 'import hashlib; print(hashlib.sha256(
        // b"1x1x1/5/5/5/5/5/5/5/5/5/X4/1X1X1 s 0 0").hexdigest()[:32])'
        assert_eq!(a.hash(), "574e17269f3a5dba60fa0f9875548afb");
    }
}
