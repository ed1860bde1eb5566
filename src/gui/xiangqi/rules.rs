//! How Xiangqi is played: a page for newcomers, in every language (its words in
//! `resources/i18n/*.ftl`), following the rules
//! lanqi plays (the standard ones; repetition judged as `rules::xiangqi::game` says), with
//! small board diagrams drawn by the game's own board ([`super::board`]): the start, a
//! horse's moves with a blocked leg, a cannon's moves and capture, a checkmate. The moves
//! marked in the diagrams are the rules core's own. Its history page is
//! [`super::history`]; both are laid out by [`crate::gui::page`].

use iced::Element;

use super::board::XiangqiModel;
use crate::gui::i18n::Lang;

use crate::gui::page::{self, Drawn, GamePages, Page, Shape, Which};
use crate::rules::xiangqi::{Position, Side, Square};

/// Xiangqi's pages, for the games' list ([`crate::gui::games`]).
#[derive(Debug)]
pub struct Pages;

impl GamePages for Pages {
    type Figure = Diagram;

    fn page(which: Which, lang: Lang) -> &'static Page<Diagram> {
        static PAGES: page::Cache<Diagram> = page::cache();
        page::cached(&PAGES, which, lang, &RULES, &super::history::HISTORY)
    }

    fn figure<'a, M: 'a>(figure: Diagram, lang: Lang) -> Element<'a, M> {
        page::diagram(
            XiangqiModel {
                lang,
                ..diagram(figure)
            },
            282.0,
        )
    }
}

/// The page's diagrams.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagram {
    /// The start position.
    Start,
    /// A horse on d2 (Red's file 六) whose leg d3 is blocked, and where it may go. The
    /// captions name points as the diagrams label them: by each side's file numbers.
    Horse,
    /// A cannon on e2, where it may go, and its capture over a screen.
    Cannon,
    /// A checkmate by two chariots, the last move marked.
    Mate,
}

/// The position a diagram shows (FEN), and the square whose moves it marks.
fn setup(which: Diagram) -> (&'static str, Option<&'static str>) {
    match which {
        Diagram::Start => (
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            None,
        ),
        Diagram::Horse => ("3k5/9/9/9/9/9/3C5/3N5/9/4K4 w - - 0 1", Some("d2")),
        Diagram::Cannon => ("5k3/9/4n4/9/4p4/9/9/4C4/9/3K5 w - - 0 1", Some("e2")),
        Diagram::Mate => ("R2k5/1R7/9/9/9/9/9/9/9/4K4 b - - 0 1", None),
    }
}

/// The model a diagram draws: its position seen by Red, the marked piece selected with its
/// legal moves as targets, the mate's last move.
pub fn diagram(which: Diagram) -> XiangqiModel {
    let (fen, marked) = setup(which);
    let position: Position = fen.parse().expect("a diagram's position");
    let mut model = XiangqiModel::from_position(&position, Side::Red);
    if let Some(from) = marked {
        let from: Square = from.parse().expect("a diagram's square");
        model.selected = Some(from);
        model.targets = position
            .legal_moves()
            .iter()
            .filter(|m| m.from == from)
            .map(|m| m.to)
            .collect();
    }
    if which == Diagram::Mate {
        let sq = |s: &str| s.parse::<Square>().expect("a diagram's square");
        model.last_move = Some((sq("a4"), sq("a9")));
    }
    model
}

/// The rules page's shape: its words are the language files' `page-xiangqi-rules-…`
/// messages.
pub const RULES: Shape<Diagram> = Shape {
    name: "xiangqi-rules",
    sections: &[
        (4, Some(Drawn::Diagram(Diagram::Start))),
        (6, Some(Drawn::Diagram(Diagram::Horse))),
        (1, Some(Drawn::Diagram(Diagram::Cannon))),
        (3, Some(Drawn::Diagram(Diagram::Mate))),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::page::Words;
    use iced_test::simulator::Simulator;

    fn squares(names: &[&str]) -> Vec<Square> {
        let mut v: Vec<Square> = names.iter().map(|n| n.parse().unwrap()).collect();
        v.sort_by_key(|s| s.index());
        v
    }

    fn targets(which: Diagram) -> Vec<Square> {
        let mut v = diagram(which).targets;
        v.sort_by_key(|s| s.index());
        v
    }

    #[test]
    fn the_diagrams_show_what_their_captions_say() {
        // The horse: blocked towards c4 and e4, its own general on e0.
        assert_eq!(
            targets(Diagram::Horse),
            squares(&["b1", "b3", "f1", "f3", "c0"])
        );
        // The cannon: along rank 2 and the e file up to the screen, and the horse beyond.
        let cannon = targets(Diagram::Cannon);
        assert!(cannon.contains(&"e7".parse().unwrap()), "the capture");
        assert!(!cannon.contains(&"e5".parse().unwrap()), "not the screen");
        assert!(
            !cannon.contains(&"e6".parse().unwrap()),
            "nothing beyond the screen"
        );
        for s in ["a2", "i2", "e3", "e4", "e1", "e0"] {
            assert!(cannon.contains(&s.parse().unwrap()), "{s}");
        }
        // The mate: Black is in check with no legal move.
        let (fen, _) = setup(Diagram::Mate);
        let position: Position = fen.parse().unwrap();
        assert!(position.is_check());
        assert_eq!(position.count_legal_moves(), 0);
        assert!(diagram(Diagram::Mate).check.is_some());
        assert_eq!(
            diagram(Diagram::Start),
            XiangqiModel::from_position(&Position::start(), Side::Red)
        );
    }

    /// The diagrams label files with each side's numbers (一..九 for Red, 1..9 for Black),
    /// not with letters and ranks: no caption names a point as `d2`.
    #[test]
    fn the_captions_name_only_what_the_diagrams_label() {
        for page in [Lang::En, Lang::Zh, Lang::ZhHant].map(|l| Pages::page(Which::Rules, l)) {
            for section in page.sections {
                let Some(page::Figure::Diagram(_, caption)) = &section.figure else {
                    continue;
                };
                let chars: Vec<char> = caption.chars().collect();
                for w in chars.windows(2) {
                    let square = ('a'..='i').contains(&w[0]) && w[1].is_ascii_digit();
                    assert!(
                        !square,
                        "{caption:?} names a point the diagram does not label"
                    );
                }
                for n in ["1", "2", "3", "4", "5", "6", "7", "8", "9"] {
                    // A Black file number, said as one (Black's numbers are on the top).
                    if caption.contains(n) {
                        assert!(
                            caption.contains("Black") || caption.contains("黑方"),
                            "{caption:?}: file {n} is Black's"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn both_pages_say_the_same_in_both_languages() {
        page::check_pages("Xiangqi", |which, lang| Words::of(Pages::page(which, lang)));
    }

    #[test]
    fn the_page_renders_in_both_languages() {
        for (lang, heading) in [(Lang::En, "The cannon"), (Lang::Zh, "棋子的走法")] {
            let view = page::view::<Pages, ()>(Which::Rules, lang);
            let mut ui = Simulator::with_settings(crate::gui::settings(), view);
            assert!(ui.find(Pages::page(Which::Rules, lang).title).is_ok());
            assert!(ui.find(heading).is_ok(), "{lang:?}: {heading}");
            ui.snapshot(&iced::Theme::Light).expect("it renders");
        }
    }

    #[test]
    fn the_text_covers_what_a_newcomer_needs() {
        let en = Words::of(Pages::page(Which::Rules, Lang::En))
            .all()
            .to_lowercase();
        for word in [
            "general",
            "advisor",
            "elephant",
            "horse",
            "chariot",
            "cannon",
            "soldier",
            "river",
            "palace",
            "checkmate",
            "face each other",
            "third time",
            "120 moves",
        ] {
            assert!(en.contains(word), "English lacks {word:?}");
        }
        let zh = Words::of(Pages::page(Which::Rules, Lang::Zh)).all();
        for word in [
            "帅",
            "仕",
            "相",
            "马",
            "车",
            "炮",
            "兵",
            "河界",
            "九宫",
            "将死",
            "对面",
            "第三次",
            "120 步",
            "蹩马腿",
            "塞象眼",
            "长将",
            "长捉",
            "困毙",
        ] {
            assert!(zh.contains(word), "Chinese lacks {word:?}");
        }
    }
}
