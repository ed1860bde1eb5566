//! Junqi at a session's table: seat 0 plays South, seat 1 North; each sends its layout and
//! its moves in its own view, and the receiver mirrors them (spec/junqi.md).

use super::game::{Ending, Played, Seat, TableGame};
use crate::rules::junqi::{Game, Layout, Move, Outcome, Position, RuleSet, Side};

/// A Junqi game in a session, with layouts exchanged in the clear (until fair play lands).
#[derive(Clone, Debug)]
pub struct JunqiTable {
    game: Game,
}

/// The side a seat plays.
pub fn side_of(seat: Seat) -> Side {
    if seat == 0 { Side::South } else { Side::North }
}

fn seat_of(side: Side) -> Seat {
    match side {
        Side::South => 0,
        Side::North => 1,
    }
}

impl JunqiTable {
    /// The game in progress (full information in this version of the protocol).
    pub fn game(&self) -> &Game {
        &self.game
    }
}

impl TableGame for JunqiTable {
    const NAME: &'static str = "junqi";
    const HAS_SETUP: bool = true;

    fn check_setup(text: &str) -> Result<(), String> {
        text.parse::<Layout>()
            .map(|_| ())
            .map_err(|e| format!("layout: {e}"))
    }

    fn start(setups: &[String], first: Seat) -> Result<JunqiTable, String> {
        let [south, north] = setups else {
            return Err(format!("junqi needs 2 layouts, got {}", setups.len()));
        };
        let layout = |t: &String| t.parse::<Layout>().map_err(|e| format!("layout: {e}"));
        let position = Position::from_layouts(&layout(south)?, &layout(north)?, side_of(first));
        Ok(JunqiTable {
            game: Game::new(position, RuleSet::default()),
        })
    }

    fn to_move(&self) -> Seat {
        seat_of(self.game.position().side_to_move())
    }

    fn ply(&self) -> u32 {
        self.game.position().ply()
    }

    fn legal_moves(&self) -> Vec<String> {
        if self.game.outcome().is_some() {
            return Vec::new();
        }
        let side = self.game.position().side_to_move();
        self.game
            .position()
            .legal_moves()
            .iter()
            .map(|m| m.to_view(side).to_string())
            .collect()
    }

    fn play(&mut self, seat: Seat, own_view: &str) -> Result<Played, String> {
        let side = side_of(seat);
        if self.game.position().side_to_move() != side {
            return Err(format!("{side} moved out of turn"));
        }
        let mv: Move = own_view.parse().map_err(|e| format!("{e}"))?;
        let absolute = mv.from_view(side);
        let battle = self.game.play(absolute).map_err(|e| e.to_string())?;
        Ok(Played {
            absolute: absolute.to_string(),
            outcome: battle.map(|b| b.result.word()),
        })
    }

    fn ending(&self) -> Option<Ending> {
        self.game.outcome().map(|o| Ending {
            winner: match o {
                Outcome::Win(side, _) => Some(seat_of(side)),
                Outcome::Draw(_) => None,
            },
            reason: o.reason(),
        })
    }

    fn hash(&self) -> String {
        self.game.position().hash()
    }

    fn seat_name(seat: Seat) -> &'static str {
        match side_of(seat) {
            Side::South => "south",
            Side::North => "north",
        }
    }
}
