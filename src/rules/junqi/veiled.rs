//! A game as one side plays it with hidden pieces: its own pieces known, the enemy's
//! hidden (but a revealed flag), and every move applied together with the battle report
//! both sides learned. The side's own moves are checked exactly; the enemy's as far as
//! public information allows (some piece there could make it). The post-game audit
//! replays everything with full information ([`super::Game`]).

use super::board::headquarters_of;
use super::game::{Outcome, RuleSet, WinReason};
use super::layout::Layout;
use super::moves::{Move, targets};
use super::piece::{BattleResult, Kind, battle};
use super::position::{IllegalMove, Position, PublicKey};
use super::setup::{Setup, Token};
use super::square::{Side, Square};
use super::view::View;

/// A battle's outcome as both sides learn it: the result from the attacker's side, and
/// whether the defender was the flag (the game is over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Report {
    /// Who survived.
    pub result: BattleResult,
    /// The defender was the flag.
    pub flag: bool,
}

impl Report {
    /// The true outcome of `attacker` moving onto `defender`.
    pub fn of(attacker: Kind, defender: Kind) -> Report {
        Report {
            result: battle(attacker, defender),
            flag: defender == Kind::Flag,
        }
    }

    /// 0 win, 1 lose, 2 both, 3 flag taken, 4 flag bombed.
    pub fn code(self) -> u8 {
        match (self.result, self.flag) {
            (BattleResult::AttackerWins, false) => 0,
            (BattleResult::DefenderWins, _) => 1,
            (BattleResult::BothRemoved, false) => 2,
            (BattleResult::AttackerWins, true) => 3,
            (BattleResult::BothRemoved, true) => 4,
        }
    }

    /// The report for a code.
    pub fn from_code(code: u8) -> Option<Report> {
        let (result, flag) = match code {
            0 => (BattleResult::AttackerWins, false),
            1 => (BattleResult::DefenderWins, false),
            2 => (BattleResult::BothRemoved, false),
            3 => (BattleResult::AttackerWins, true),
            4 => (BattleResult::BothRemoved, true),
            _ => return None,
        };
        Some(Report { result, flag })
    }

    /// `win`, `lose`, `both`, `flag` (captured) or `flag-both` (bombed): the wire word.
    pub fn word(self) -> &'static str {
        ["win", "lose", "both", "flag", "flag-both"][self.code() as usize]
    }

    /// The report for a wire word.
    pub fn from_word(word: &str) -> Option<Report> {
        (0..5)
            .filter_map(Report::from_code)
            .find(|r| r.word() == word)
    }
}

impl std::fmt::Display for Report {
    /// The wire word (see [`Report::word`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.word())
    }
}

/// Why a report or a reveal cannot be applied.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VeiledError {
    /// The move itself is illegal (as far as this side can tell).
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// A battle without a report, or a report without a battle.
    #[error("{0}: {1}")]
    Report(Move, &'static str),
    /// A flag revealed where no hidden piece of that side stands in a headquarters.
    #[error("no hidden {0} piece in a headquarters on {1}: a flag cannot be revealed there")]
    Reveal(Side, Square),
}

/// One side's game under hidden pieces.
#[derive(Clone, Debug)]
pub struct VeiledGame {
    owner: Side,
    rules: RuleSet,
    setup: Setup,
    since_battle: Vec<PublicKey>,
    flag_taken: Option<Side>,
    /// Each side's flag has been revealed (opened after its field marshal died).
    revealed: [bool; 2],
    outcome: Option<Outcome>,
}

impl VeiledGame {
    /// `owner`'s game from its own layout, with the enemy's 25 pieces hidden.
    pub fn new(owner: Side, own: &Layout, first: Side, rules: RuleSet) -> VeiledGame {
        let full = Position::from_layouts(own, own, first).to_setup();
        let setup = View::seen_by(&full, Some(owner)).setup().clone();
        let mut game = VeiledGame {
            owner,
            rules,
            setup,
            since_battle: Vec::new(),
            flag_taken: None,
            revealed: [false; 2],
            outcome: None,
        };
        game.since_battle.push(game.key());
        game.outcome = game.judge();
        game
    }

    /// Whose game this is.
    pub fn owner(&self) -> Side {
        self.owner
    }

    /// What the owner sees now.
    pub fn view(&self) -> View {
        View::trusted(self.setup.clone())
    }

    /// The token on a square.
    pub fn at(&self, s: Square) -> Option<Token> {
        self.setup.at(s)
    }

    /// The public position hash (what everyone sees: occupancy, revealed flags), as
    /// [`Position::hash`] gives it for the same game.
    pub fn public_hash(&self) -> String {
        View::seen_by(&self.setup, None).hash()
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.setup.side_to_move
    }

    /// Plies played.
    pub fn ply(&self) -> u32 {
        self.setup.ply
    }

    /// How the game ended as far as the owner can tell, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether `mv` moves onto an enemy piece.
    pub fn is_battle(&self, mv: Move) -> bool {
        match (self.at(mv.from), self.at(mv.to)) {
            (Some(a), Some(d)) => a.side != d.side,
            _ => false,
        }
    }

    /// The owner's legal moves when it is to move (none otherwise, or once it is over).
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome.is_some() || self.side_to_move() != self.owner {
            return Vec::new();
        }
        self.view().legal_moves().unwrap_or_default()
    }

    /// Checks a move of the side to move: exactly for the owner; for the enemy, that some
    /// piece on its from-square could make it.
    pub fn check(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver(mv));
        }
        let side = self.side_to_move();
        let Some(token) = self.at(mv.from).filter(|t| t.side == side) else {
            return Err(IllegalMove::NoPiece { mv, side });
        };
        if side == self.owner {
            if self.legal_moves().contains(&mv) {
                return Ok(());
            }
            let kind = token.kind.expect("own pieces are known");
            if !kind.can_move() {
                return Err(IllegalMove::Immobile { mv, kind });
            }
            return Err(if headquarters_of(side).contains(&mv.from) {
                IllegalMove::InHeadquarters(mv)
            } else {
                IllegalMove::Unreachable { mv, kind }
            });
        }
        self.check_plausible(mv)
    }

    /// Checks a move of the side to move as far as public information allows: a piece of
    /// that side is on the from-square, it is not a revealed flag, not in a headquarters,
    /// and some piece there could make the move. This is all the other side can check.
    pub fn check_plausible(&self, mv: Move) -> Result<(), IllegalMove> {
        if self.outcome.is_some() {
            return Err(IllegalMove::GameOver(mv));
        }
        let side = self.side_to_move();
        let Some(token) = self.at(mv.from).filter(|t| t.side == side) else {
            return Err(IllegalMove::NoPiece { mv, side });
        };
        if let Some(kind) = token.kind.filter(|k| *k == Kind::Flag) {
            return Err(IllegalMove::Immobile { mv, kind });
        }
        if headquarters_of(side).contains(&mv.from) {
            return Err(IllegalMove::InHeadquarters(mv));
        }
        let [own, enemy] = [self.occupied(side), self.occupied(side.opponent())];
        // An engineer reaches every cell any piece could.
        if targets(mv.from, Kind::Engineer, own, enemy) & mv.to.bit() == 0 {
            return Err(IllegalMove::NoPieceCouldReach { mv });
        }
        Ok(())
    }

    /// The moves of the side to move that pass [`VeiledGame::check_plausible`]: what the
    /// other side cannot tell from legal ones before the audit.
    pub fn plausible_moves(&self) -> Vec<Move> {
        let side = self.side_to_move();
        let [own, enemy] = [self.occupied(side), self.occupied(side.opponent())];
        Square::all()
            .filter(|s| own & s.bit() != 0)
            .flat_map(|from| {
                super::square::squares(targets(from, Kind::Engineer, own, enemy))
                    .map(move |to| Move::new(from, to))
            })
            .filter(|mv| self.check_plausible(*mv).is_ok())
            .collect()
    }

    /// Plays a move with the battle report both sides learned (`None` for a quiet move).
    pub fn play(&mut self, mv: Move, report: Option<Report>) -> Result<(), VeiledError> {
        self.check(mv)?;
        self.apply(mv, report)
    }

    /// Plays a move checked only as the other side could check it: what a peer that does
    /// not verify its own moves would do (a cheat the audit catches).
    pub fn play_plausible(&mut self, mv: Move, report: Option<Report>) -> Result<(), VeiledError> {
        self.check_plausible(mv)?;
        self.apply(mv, report)
    }

    fn apply(&mut self, mv: Move, report: Option<Report>) -> Result<(), VeiledError> {
        let battle = self.is_battle(mv);
        let mover = self.setup.cells[mv.from.index()].take();
        match (battle, report) {
            (false, None) => self.setup.cells[mv.to.index()] = mover,
            (true, Some(report)) => {
                let defender = self.at(mv.to).expect("a battle has a defender").side;
                match report.result {
                    BattleResult::AttackerWins => self.setup.cells[mv.to.index()] = mover,
                    BattleResult::DefenderWins => {}
                    BattleResult::BothRemoved => self.setup.cells[mv.to.index()] = None,
                }
                if report.flag {
                    self.flag_taken = Some(defender);
                }
            }
            (false, Some(_)) => {
                self.setup.cells[mv.from.index()] = mover;
                return Err(VeiledError::Report(
                    mv,
                    "a report for a move that is no battle",
                ));
            }
            (true, None) => {
                self.setup.cells[mv.from.index()] = mover;
                return Err(VeiledError::Report(mv, "a battle needs its report"));
            }
        }
        self.setup.quiet_plies = if battle {
            0
        } else {
            self.setup.quiet_plies.saturating_add(1)
        };
        self.setup.ply = self.setup.ply.saturating_add(1);
        self.setup.side_to_move = self.setup.side_to_move.opponent();
        if battle {
            self.since_battle.clear();
        }
        self.since_battle.push(self.key());
        self.outcome = self.judge();
        Ok(())
    }

    /// Shows `side`'s flag on `at` (its field marshal died and the flag was opened). The
    /// owner calls it for its own flag when it sends the opening, so both sides' repetition
    /// keys count the flag as shown from the same ply on.
    pub fn reveal_flag(&mut self, side: Side, at: Square) -> Result<(), VeiledError> {
        let ok = headquarters_of(side).contains(&at)
            && self.at(at).is_some_and(|t| {
                t.side == side && (t.kind.is_none() || t.kind == Some(Kind::Flag))
            });
        if !ok {
            return Err(VeiledError::Reveal(side, at));
        }
        self.setup.cells[at.index()] = Some(Token::known(super::piece::Piece {
            side,
            kind: Kind::Flag,
        }));
        self.revealed[side.index()] = true;
        Ok(())
    }

    fn occupied(&self, side: Side) -> u64 {
        Square::all()
            .filter(|s| self.at(*s).is_some_and(|t| t.side == side))
            .fold(0, |acc, s| acc | s.bit())
    }

    fn key(&self) -> PublicKey {
        let flags = Square::all()
            .filter(|s| {
                self.at(*s)
                    .is_some_and(|t| t.kind == Some(Kind::Flag) && self.revealed[t.side.index()])
            })
            .fold(0, |acc, s| acc | s.bit());
        Position::key_of(
            Side::BOTH.map(|s| self.occupied(s)),
            flags,
            self.side_to_move(),
        )
    }

    fn judge(&self) -> Option<Outcome> {
        if let Some(loser) = self.flag_taken {
            return Some(Outcome::Win(loser.opponent(), WinReason::FlagLost));
        }
        if self.side_to_move() == self.owner && self.legal_moves_unjudged().is_empty() {
            return Some(Outcome::Win(self.owner.opponent(), WinReason::NoLegalMove));
        }
        self.rules.judge_history(
            self.setup.quiet_plies,
            self.side_to_move(),
            &self.since_battle,
        )
    }

    fn legal_moves_unjudged(&self) -> Vec<Move> {
        self.view().legal_moves().unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::junqi::Game;

    /// A referee game and both sides' veiled games, fed only what each may learn.
    fn play_random_game(seed: u64) -> (Game, [VeiledGame; 2]) {
        let (south, north) = (Layout::random(seed), Layout::random(seed ^ 0xabcdef));
        let first = if seed.is_multiple_of(2) {
            Side::South
        } else {
            Side::North
        };
        let rules = RuleSet::default();
        let mut referee = Game::new(Position::from_layouts(&south, &north, first), rules);
        let mut sides = [
            VeiledGame::new(Side::South, &south, first, rules),
            VeiledGame::new(Side::North, &north, first, rules),
        ];
        let mut x = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let mut revealed = [false; 2];
        while referee.outcome().is_none() {
            let to_move = referee.position().side_to_move();
            let moves = referee.position().legal_moves();
            let mover = &sides[to_move.index()];
            assert_eq!(
                mover.legal_moves(),
                moves,
                "seed {seed}: own moves are exact"
            );
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(x >> 33) as usize % moves.len()];
            let battle = referee.play(mv).unwrap();
            let report = battle.map(|b| Report::of(b.attacker.kind, b.defender.kind));
            for side in &mut sides {
                side.play(mv, report).unwrap();
            }
            for owner in Side::BOTH {
                let p = referee.position();
                if p.flag_revealed(owner) && p.has_flag(owner) && !revealed[owner.index()] {
                    let at = headquarters_of(owner)
                        .into_iter()
                        .find(|s| p.piece_at(*s).is_some_and(|q| q.kind == Kind::Flag))
                        .unwrap();
                    for side in &mut sides {
                        side.reveal_flag(owner, at).unwrap();
                    }
                    revealed[owner.index()] = true;
                }
            }
            for side in &sides {
                assert_eq!(
                    side.view().to_string(),
                    referee.position().view(side.owner()).to_string(),
                    "seed {seed}: a veiled game shows what the player may see"
                );
            }
        }
        (referee, sides)
    }

    #[test]
    fn veiled_games_follow_the_referee_through_random_games() {
        for seed in 0..40 {
            let (referee, sides) = play_random_game(seed);
            let outcome = referee.outcome().unwrap();
            for side in &sides {
                // Each side knows the ending, except a loss by no legal move that only the
                // side without moves can see.
                match (outcome, side.outcome()) {
                    (Outcome::Win(w, WinReason::NoLegalMove), mine) if w == side.owner() => {
                        assert_eq!(mine, None)
                    }
                    (o, mine) => assert_eq!(mine, Some(o), "seed {seed}"),
                }
            }
        }
    }

    #[test]
    fn enemy_moves_are_checked_as_far_as_public_information_goes() {
        let mut north = VeiledGame::new(
            Side::North,
            &Layout::random(1),
            Side::South,
            RuleSet::default(),
        );
        // South (hidden to North) attacks with a front piece one step ahead: plausible.
        assert!(north.check("a6-a7".parse().unwrap()).is_ok());
        assert!(north.is_battle("a6-a7".parse().unwrap()));
        // Onto its own piece, from an empty cell, or from a headquarters: refused.
        assert!(matches!(
            north.check("a6-a5".parse().unwrap()),
            Err(IllegalMove::NoPieceCouldReach { .. })
        ));
        assert!(matches!(
            north.check("b8-b9".parse().unwrap()),
            Err(IllegalMove::NoPiece { .. })
        ));
        assert!(matches!(
            north.check("b1-a1".parse().unwrap()),
            Err(IllegalMove::InHeadquarters(_))
        ));
        // A battle needs its report; a quiet move must have none.
        let mv = "a6-a7".parse().unwrap();
        assert!(matches!(north.play(mv, None), Err(VeiledError::Report(..))));
        let before = north.view().to_string();
        assert!(north.view().at(mv.to).is_some());
        north
            .play(mv, Some(Report::of(Kind::Major, Kind::Major)))
            .unwrap();
        assert_eq!(north.ply(), 1);
        assert_eq!(north.at(mv.from), None);
        assert_eq!(north.at(mv.to), None, "both removed");
        assert_ne!(north.view().to_string(), before);
    }

    #[test]
    fn plausible_moves_include_every_legal_move() {
        let south = VeiledGame::new(
            Side::South,
            &Layout::random(4),
            Side::South,
            RuleSet::default(),
        );
        let legal = south.legal_moves();
        let plausible = south.plausible_moves();
        assert!(!legal.is_empty());
        assert!(legal.iter().all(|m| plausible.contains(m)));
        for mv in &plausible {
            assert!(south.check_plausible(*mv).is_ok());
        }
    }

    #[test]
    fn report_words_and_codes_round_trip() {
        for code in 0..5 {
            let r = Report::from_code(code).unwrap();
            assert_eq!(Report::from_word(r.word()), Some(r));
            assert_eq!(r.code(), code);
        }
        assert_eq!(Report::from_code(5), None);
        assert_eq!(Report::from_word("draw"), None);
    }
}
