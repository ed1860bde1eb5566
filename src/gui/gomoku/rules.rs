//! How Gomoku is played: a page for newcomers, in every language (its words in
//! `resources/i18n/*.ftl`), covering the rule
//! sets lanqi plays (`shared/spec/gomoku.md`: freestyle, standard, renju with Black's
//! forbidden moves, caro), with small board diagrams drawn by the game's own board
//! ([`super::board`]) from games the rules core plays: a five, a five caro does not count,
//! renju's forbidden points. Its history page is [`super::history`]; both are laid out by
//! [`crate::gui::page`].

use iced::Element;

use super::board::GomokuModel;
use crate::gui::i18n::Lang;

use crate::gui::page::{self, Drawn, GamePages, Page, Shape, Which};
use crate::rules::gomoku::{Ending, Game, Point, Rule, Settings, Size, WinReason};

/// Gomoku's pages, for the games' list ([`crate::gui::games`]).
#[derive(Debug)]
pub struct Pages;

impl GamePages for Pages {
    type Figure = Diagram;

    fn page(which: Which, lang: Lang) -> &'static Page<Diagram> {
        static PAGES: page::Cache<Diagram> = page::cache();
        page::cached(&PAGES, which, lang, &RULES, &super::history::HISTORY)
    }

    fn figure<'a, M: 'a>(figure: Diagram, _lang: Lang) -> Element<'a, M> {
        page::diagram(diagram(figure), 240.0)
    }
}

/// The page's diagrams, each a game on a 9 x 9 board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagram {
    /// Freestyle: Black's diagonal five wins.
    Five,
    /// Caro: Black's five blocked at both ends does not win.
    Caro,
    /// Renju, Black to move: the forbidden points marked (a double three at f5).
    Forbidden,
}

/// The game a diagram shows: its rule set and its moves in order, from Black.
fn setup(which: Diagram) -> (Rule, &'static [&'static str]) {
    match which {
        Diagram::Five => (
            Rule::Freestyle,
            &["c3", "c4", "d4", "d5", "e5", "f5", "f6", "g6", "g7"],
        ),
        Diagram::Caro => (
            Rule::Caro,
            &["c5", "b5", "d5", "h5", "e5", "e7", "f5", "d3", "g5"],
        ),
        Diagram::Forbidden => (
            Rule::Renju,
            &["d5", "b8", "e5", "h8", "f3", "b2", "f4", "h2"],
        ),
    }
}

/// The game a diagram shows, played by the rules core.
pub fn game(which: Diagram) -> Game {
    let (rule, moves) = setup(which);
    let settings = Settings {
        rule,
        size: Size::new(9, 9).expect("a board size"),
        seats: 2,
        win: 5,
        opening: crate::rules::gomoku::Opening::None,
    };
    let mut game = Game::new(settings).expect("a diagram's settings");
    for mv in moves {
        let point: Point = mv.parse().expect("a diagram's point");
        game.play(point).expect("a diagram's move");
    }
    game
}

/// The model a diagram draws: the stones, the winning row, renju's forbidden points.
pub fn diagram(which: Diagram) -> GomokuModel {
    let game = game(which);
    let mut model = GomokuModel::empty(game.settings().size);
    model.moves = game.moves().iter().map(|m| (m.point, m.seat.0)).collect();
    if let Some(Ending::Win {
        reason: WinReason::Row { from, to, .. },
        ..
    }) = game.ending()
    {
        model.win = Some((from, to));
    }
    if game.settings().rule == Rule::Renju && game.ending().is_none() {
        model.forbidden = game
            .forbidden_points()
            .into_iter()
            .map(|(p, _)| p)
            .collect();
    }
    model
}

/// The rules page's shape: its words are the language files' `page-gomoku-rules-…`
/// messages.
pub const RULES: Shape<Diagram> = Shape {
    name: "gomoku-rules",
    sections: &[
        (3, Some(Drawn::Diagram(Diagram::Five))),
        (4, Some(Drawn::Diagram(Diagram::Caro))),
        (2, Some(Drawn::Diagram(Diagram::Forbidden))),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::page::Words;
    use crate::rules::gomoku::{Seat, Shape};
    use iced_test::simulator::Simulator;

    fn p(name: &str) -> Point {
        name.parse().unwrap()
    }

    #[test]
    fn the_diagrams_show_what_their_captions_say() {
        // Freestyle: Black's diagonal wins.
        assert!(matches!(
            game(Diagram::Five).ending(),
            Some(Ending::Win {
                seat: Seat::BLACK,
                ..
            })
        ));
        assert_eq!(diagram(Diagram::Five).win, Some((p("c3"), p("g7"))));
        // Caro: the blocked five goes on; the same stones win in freestyle.
        assert_eq!(game(Diagram::Caro).ending(), None);
        assert_eq!(diagram(Diagram::Caro).win, None);
        let mut free = Game::new(Settings {
            size: Size::new(9, 9).unwrap(),
            ..Settings::default()
        })
        .unwrap();
        for mv in setup(Diagram::Caro).1 {
            free.play(p(mv)).unwrap();
        }
        assert!(free.ending().is_some(), "freestyle counts it");
        // Renju: f5 is a double three, and forbidden.
        let renju = game(Diagram::Forbidden);
        assert_eq!(renju.to_move(), Seat::BLACK);
        assert!(
            renju
                .forbidden_points()
                .contains(&(p("f5"), Shape::DoubleThree))
        );
        assert!(diagram(Diagram::Forbidden).forbidden.contains(&p("f5")));
    }

    #[test]
    fn both_pages_say_the_same_in_both_languages() {
        page::check_pages("Gomoku", |which, lang| Words::of(Pages::page(which, lang)));
    }

    #[test]
    fn every_rule_set_is_explained_in_both_languages() {
        for lang in Lang::ALL {
            let all = Words::of(Pages::page(Which::Rules, lang)).all();
            for rule in Rule::ALL {
                // The rule set's name as the lobby shows it, without its note in brackets.
                let name = lang.gomoku_rule(rule);
                let name = name.split(['（', ' ']).next().unwrap();
                assert!(all.contains(name), "{lang:?} lacks {name:?}");
            }
        }
        let en = Words::of(Pages::page(Which::Rules, Lang::En))
            .all()
            .to_lowercase();
        for word in [
            "double three",
            "double four",
            "overline",
            "blocked at both ends",
        ] {
            assert!(en.contains(word), "English lacks {word:?}");
        }
        let zh = Words::of(Pages::page(Which::Rules, Lang::Zh)).all();
        for word in ["三三", "四四", "长连", "两端", "禁手"] {
            assert!(zh.contains(word), "Chinese lacks {word:?}");
        }
    }

    #[test]
    fn the_page_renders_in_both_languages() {
        for (lang, heading) in [(Lang::En, "The rule sets"), (Lang::Zh, "连珠：黑棋的禁手")]
        {
            let view = page::view::<Pages, ()>(Which::Rules, lang);
            let mut ui = Simulator::with_settings(crate::gui::settings(), view);
            assert!(ui.find(Pages::page(Which::Rules, lang).title).is_ok());
            assert!(ui.find(heading).is_ok(), "{lang:?}: {heading}");
            ui.snapshot(&iced::Theme::Light).expect("it renders");
        }
    }
}
