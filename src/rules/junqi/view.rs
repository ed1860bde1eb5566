//! A position as one player may see it (enemy pieces hidden but a revealed flag), or as
//! everyone sees it (the public position). The side to move can compute its legal moves
//! from its own view exactly.

use std::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};

use super::board::headquarters_of;
use super::moves::{Move, generate};
use super::piece::Kind;
use super::setup::{JnfError, Setup, Token};
use super::square::{Side, Square};

/// A valid position in which some pieces may be hidden (`X`/`x`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct View {
    setup: Setup,
}

/// Why a view cannot answer a question.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ViewError {
    /// The side whose pieces are needed is hidden in this view.
    #[error("{0}'s pieces are hidden in this view")]
    Hidden(Side),
}

impl View {
    /// What `viewer` may see of `setup` (or, for `None`, what everyone sees): the viewer's
    /// own pieces as they are; every other piece hidden, except a flag whose field marshal
    /// is not shown on the board (a dead marshal reveals the flag).
    pub fn seen_by(setup: &Setup, viewer: Option<Side>) -> View {
        let flag_shown = Side::BOTH.map(|side| !setup.shows_marshal(side));
        let cells = setup.cells.map(|cell| {
            cell.map(|token| {
                let keep = Some(token.side) == viewer
                    || (token.kind == Some(Kind::Flag) && flag_shown[token.side.index()]);
                if keep {
                    token
                } else {
                    Token::hidden(token.side)
                }
            })
        });
        View {
            setup: Setup {
                cells,
                ..setup.clone()
            },
        }
    }

    /// A view of a setup known to come from valid play (the veiled game's own record),
    /// without re-checking it: a peer that cheats with its own pieces must not make its
    /// own program panic.
    pub(crate) fn trusted(setup: Setup) -> View {
        View { setup }
    }

    /// What `side` may see of this view; an error if `side`'s own pieces are hidden here.
    pub fn for_side(&self, side: Side) -> Result<View, ViewError> {
        if self.setup.hides(side) {
            return Err(ViewError::Hidden(side));
        }
        Ok(View::seen_by(&self.setup, Some(side)))
    }

    /// The token on a square.
    pub fn at(&self, s: Square) -> Option<Token> {
        self.setup.at(s)
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.setup.side_to_move
    }

    /// The underlying setup.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The legal moves of the side to move, which must be able to see its own pieces.
    /// None when its flag is gone, or when the enemy is fully shown and has lost its flag.
    pub fn legal_moves(&self) -> Result<Vec<Move>, ViewError> {
        let side = self.side_to_move();
        if self.setup.hides(side) {
            return Err(ViewError::Hidden(side));
        }
        let mut out = Vec::new();
        let enemy = side.opponent();
        // Flags never move: a side whose headquarters hold neither its flag nor a hidden
        // piece of its own has lost its flag, whatever else is hidden.
        let flag_gone = |s: Side| {
            !headquarters_of(s).iter().any(|&hq| {
                self.at(hq)
                    .is_some_and(|t| t.side == s && t.kind.is_none_or(|k| k == Kind::Flag))
            })
        };
        if flag_gone(side) || flag_gone(enemy) {
            return Ok(out);
        }
        let mut occupied = [0u64; 2];
        for s in Square::all() {
            if let Some(t) = self.at(s) {
                occupied[t.side.index()] |= s.bit();
            }
        }
        let kind_at = |s: Square| self.at(s).and_then(|t| t.kind).unwrap_or(Kind::Flag);
        generate(
            occupied[side.index()],
            occupied[enemy.index()],
            kind_at,
            &mut out,
        );
        Ok(out)
    }

    /// The position hash peers compare, when this is the public position: the first 16
    /// bytes of SHA-256 over the JNF text, in lower-case hex.
    pub fn hash(&self) -> String {
        let digest = Sha256::digest(self.to_string().as_bytes());
        digest[..16].iter().map(|b| format!("{b:02x}")).collect()
    }
}

impl TryFrom<Setup> for View {
    type Error = JnfError;

    fn try_from(setup: Setup) -> Result<View, JnfError> {
        setup.validate()?;
        Ok(View { setup })
    }
}

impl FromStr for View {
    type Err = JnfError;

    fn from_str(text: &str) -> Result<View, JnfError> {
        View::try_from(text.parse::<Setup>()?)
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.setup.fmt(f)
    }
}
