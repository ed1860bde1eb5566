//! How Tibetan seven-square chess (藏族七方棋) is played: a page for newcomers, in English
//! and Chinese, following the rules lanqi plays (`shared/spec/tibetan.md`, with its default
//! settings), with small board diagrams drawn by the game's own board
//! ([`super::board`]): formations in placement, the opening removals, a jump chain. Its
//! history page is [`super::history`]; both are laid out by [`crate::gui::page`].

use iced::Element;

use super::board::{TibetanModel, formations_of};
use crate::gui::i18n::Lang;

use crate::gui::page::{self, Drawn, GamePages, Page, Shape, Which};
use crate::rules::tibetan::{Point, Side};

/// Tibetan chess's pages, for the games' list ([`crate::gui::games`]).
#[derive(Debug)]
pub struct Pages;

impl GamePages for Pages {
    type Figure = Diagram;

    fn page(which: Which, lang: Lang) -> &'static Page<Diagram> {
        static PAGES: page::Cache<Diagram> = page::cache();
        page::cached(&PAGES, which, lang, &RULES, &super::history::HISTORY)
    }

    fn figure<'a, M: 'a>(figure: Diagram, _lang: Lang) -> Element<'a, M> {
        page::diagram(diagram(figure), 265.0)
    }
}

/// The page's diagrams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagram {
    /// Placement: a Black square and a White line.
    Formations,
    /// The opening removals: the enemy stones ringed, two picked.
    Removals,
    /// The battle: a jump chain c3xc5xe5.
    Jump,
}

/// The rules page's shape: its words are the language files' `page-tibetan-rules-…`
/// messages.
pub const RULES: Shape<Diagram> = Shape {
    name: "tibetan-rules",
    sections: &[
        (2, None),
        (1, Some(Drawn::Diagram(Diagram::Formations))),
        (2, Some(Drawn::Diagram(Diagram::Removals))),
        (3, Some(Drawn::Diagram(Diagram::Jump))),
    ],
};

fn p(name: &str) -> Point {
    name.parse().expect("a point of the diagrams")
}

/// Puts `side`'s stones on the named points.
fn put(model: &mut TibetanModel, side: Side, points: &[&str]) {
    for name in points {
        model.stones[p(name).index()] = Some(side);
    }
}

/// The model a diagram draws.
pub fn diagram(which: Diagram) -> TibetanModel {
    let mut m = TibetanModel::empty();
    match which {
        Diagram::Formations => {
            put(
                &mut m,
                Side::Black,
                &["a1", "b1", "a2", "b2", "d3", "e4", "c5"],
            );
            put(
                &mut m,
                Side::White,
                &["a7", "b7", "c7", "d7", "e7", "f7", "g7", "f2", "g1"],
            );
            m.last_path = vec![p("g7")];
        }
        Diagram::Removals => {
            for point in Point::all() {
                let black = (point.file() + point.rank()) % 2 == 0;
                m.stones[point.index()] = Some(if black { Side::Black } else { Side::White });
            }
            put(&mut m, Side::Black, &["b1", "a2"]);
            put(&mut m, Side::White, &["e6"]);
            m.removable = Point::all()
                .filter(|q| m.at(*q) == Some(Side::White))
                .filter(|q| ![p("d4"), p("f6")].contains(q))
                .collect();
            m.removing = vec![p("d4"), p("f6")];
        }
        Diagram::Jump => {
            put(&mut m, Side::Black, &["d4", "b5", "f5", "e2", "a7"]);
            put(&mut m, Side::White, &["e5", "c2", "g6", "b7"]);
            m.last_path = vec![p("c3"), p("c5"), p("e5")];
            m.last_taken = vec![p("c4"), p("d5")];
        }
    }
    let (squares, lines) = formations_of(&m.stones);
    m.squares = squares;
    m.lines = lines;
    m
}
