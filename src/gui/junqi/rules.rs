//! How Junqi is played: a page for newcomers, in every language (its words in
//! `resources/i18n/*.ftl`), following the rules
//! lanqi plays (`shared/spec/junqi.md`: the 2012 championship rules with the usual online
//! endings), with a diagram of the start drawn by the game's own board ([`super::board`])
//! and the table of pieces. Its history page is [`super::history`]; both are laid out by
//! [`crate::gui::page`].

use iced::widget::{column, row, text};
use iced::{Element, Fill};

use super::board::BoardModel;
use crate::gui::i18n::Lang;

use crate::gui::page::{self, Drawn, GamePages, Page, Shape, Which};
use crate::lang::key;
use crate::rules::junqi::square::squares;
use crate::rules::junqi::{Kind, Layout, Position, Side, Square};

/// Junqi's pages, for the games' list ([`crate::gui::games`]).
#[derive(Debug)]
pub struct Pages;

impl GamePages for Pages {
    type Figure = Diagram;

    fn page(which: Which, lang: Lang) -> &'static Page<Diagram> {
        static PAGES: page::Cache<Diagram> = page::cache();
        page::cached(&PAGES, which, lang, &RULES, &super::history::HISTORY)
    }

    fn figure<'a, M: 'a>(figure: Diagram, lang: Lang) -> Element<'a, M> {
        match figure {
            Diagram::Start => page::diagram(BoardModel { lang, ..start() }, 400.0),
            Diagram::Pieces => pieces_view(lang),
        }
    }
}

/// The page's figures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Diagram {
    /// The start as South sees it, a piece selected and where it may go.
    Start,
    /// The table of pieces.
    Pieces,
}

/// The start as South sees it (two fixed random layouts), with the South piece that has
/// the most moves selected and its moves marked.
pub fn start() -> BoardModel {
    let position = Position::from_layouts(&Layout::random(17), &Layout::random(29), Side::South);
    let mut model = BoardModel::from_view(&position.view(Side::South), Side::South);
    let best = Square::all()
        .map(|s| (squares(position.targets_from(s)).count(), s))
        .max_by_key(|(n, s)| (*n, std::cmp::Reverse(s.index())));
    if let Some((n, from)) = best.filter(|(n, _)| *n > 0) {
        model.selected = Some(from);
        model.targets = squares(position.targets_from(from)).collect();
        debug_assert_eq!(model.targets.len(), n);
    }
    model
}

/// The table of pieces: name, rank, how many a side has, and what is special.
fn pieces_view<'a, M: 'a>(lang: Lang) -> Element<'a, M> {
    let mut col = column![].spacing(4);
    for kind in Kind::ALL {
        let rank = match kind.rank() {
            Some(r) => r.to_string(),
            None => "—".to_string(),
        };
        col = col.push(
            row![
                text(lang.piece_entry(kind))
                    .width(190)
                    .font(crate::gui::BOLD)
                    .size(15),
                text(rank).width(40).size(15),
                text(format!("×{}", kind.count())).width(40).size(15),
                text(piece_note(lang, kind)).size(15).width(Fill),
            ]
            .spacing(8),
        );
    }
    col.into()
}

/// What is special about a piece, in a few words (nothing for the plain ranks).
pub fn piece_note(lang: Lang, kind: Kind) -> &'static str {
    let message = match kind {
        Kind::FieldMarshal => key("junqi-note-field-marshal"),
        Kind::Engineer => key("junqi-note-engineer"),
        Kind::Landmine => key("junqi-note-landmine"),
        Kind::Bomb => key("junqi-note-bomb"),
        Kind::Flag => key("junqi-note-flag"),
        _ => return "",
    };
    lang.text(message)
}

/// The rules page's shape: its words are the language files' `page-junqi-rules-…`
/// messages.
pub const RULES: Shape<Diagram> = Shape {
    name: "junqi-rules",
    sections: &[
        (1, None),
        (5, Some(Drawn::Diagram(Diagram::Start))),
        (1, None),
        (1, Some(Drawn::Below(Diagram::Pieces))),
        (4, None),
        (7, None),
        (2, None),
        (1, None),
    ],
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::page::Words;
    use iced_test::simulator::Simulator;

    fn all_text(lang: Lang) -> String {
        let mut all = Words::of(Pages::page(Which::Rules, lang)).all();
        for kind in Kind::ALL {
            all.push_str(piece_note(lang, kind));
        }
        all
    }

    #[test]
    fn the_page_renders_in_both_languages() {
        for (lang, heading, engineer) in [
            (
                Lang::En,
                "Battles",
                "Weak, but clears landmines and turns on railways.",
            ),
            (Lang::Zh, "交战", "级别最低，但能排雷，能在铁路上拐弯。"),
        ] {
            let view = page::view::<Pages, ()>(Which::Rules, lang);
            let mut ui = Simulator::with_settings(crate::gui::settings(), view);
            assert!(ui.find(Pages::page(Which::Rules, lang).title).is_ok());
            assert!(ui.find(heading).is_ok(), "{lang:?}: {heading}");
            assert!(ui.find(engineer).is_ok(), "{lang:?}: the engineer");
            assert!(ui.find(lang.piece_entry(Kind::Engineer).as_str()).is_ok());
            ui.snapshot(&iced::Theme::Light).expect("it renders");
        }
    }

    #[test]
    fn both_pages_say_the_same_in_both_languages() {
        page::check_pages("Junqi", |which, lang| Words::of(Pages::page(which, lang)));
        for kind in [
            Kind::FieldMarshal,
            Kind::Engineer,
            Kind::Landmine,
            Kind::Bomb,
            Kind::Flag,
        ] {
            let (en, zh) = (piece_note(Lang::En, kind), piece_note(Lang::Zh, kind));
            assert_eq!(page::translation_problem(en, zh), None, "{kind:?}");
        }
    }

    #[test]
    fn the_start_diagram_shows_a_piece_that_can_move_and_the_enemy_hidden() {
        let model = start();
        let from = model.selected.expect("a piece is selected");
        assert!(!model.targets.is_empty());
        assert_eq!(model.at(from).map(|t| t.side), Some(Side::South));
        let north: Vec<_> = Square::all()
            .filter_map(|s| model.at(s))
            .filter(|t| t.side == Side::North)
            .collect();
        assert_eq!(north.len(), 25);
        assert!(
            north.iter().all(|t| t.kind.is_none()),
            "the enemy is hidden"
        );
    }

    #[test]
    fn the_text_covers_what_a_newcomer_needs() {
        let en = all_text(Lang::En).to_lowercase();
        for word in [
            "engineer",
            "landmine",
            "bomb",
            "railway",
            "camp",
            "headquarters",
            "flag",
            "field marshal",
            "equal ranks",
            "no legal move",
            "100 moves",
            "third time",
            "nobody can peek",
        ] {
            assert!(en.contains(word), "English lacks {word:?}");
        }
        let zh = all_text(Lang::Zh);
        for word in [
            "工兵",
            "地雷",
            "炸弹",
            "铁路",
            "行营",
            "大本营",
            "军旗",
            "司令",
            "级别相同",
            "无棋可走",
            "100 步",
            "第三次",
            "偷看",
        ] {
            assert!(zh.contains(word), "Chinese lacks {word:?}");
        }
    }
}
