//! How Gomoku is played: a page for newcomers, in English and Chinese, covering the rule
//! sets lanqi plays (`shared/spec/gomoku.md`: freestyle, standard, renju with Black's
//! forbidden moves, caro), with small board diagrams drawn by the game's own board
//! ([`super::board`]) from games the rules core plays: a five, a five caro does not count,
//! renju's forbidden points. Its history page is [`super::history`]; both are laid out by
//! [`crate::gui::page`].

use iced::Element;

use super::board::GomokuModel;
use crate::gui::i18n::Lang;
use crate::gui::page::{self, Figure, GamePages, Page, Section, Which};
use crate::rules::gomoku::{Ending, Game, Point, Rule, Settings, Size, WinReason};

/// Gomoku's pages, for the games' list ([`crate::gui::games`]).
#[derive(Debug)]
pub struct Pages;

impl GamePages for Pages {
    type Figure = Diagram;

    fn page(which: Which, lang: Lang) -> &'static Page<Diagram> {
        match (which, lang) {
            (Which::Rules, Lang::En) => &EN,
            (Which::Rules, Lang::Zh) => &ZH,
            (Which::Rules, Lang::ZhHant) => &ZH_HANT,
            (Which::History, Lang::En) => &super::history::EN,
            (Which::History, Lang::Zh) => &super::history::ZH,
            (Which::History, Lang::ZhHant) => &super::history::ZH_HANT,
        }
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

/// The rules in English.
pub const EN: Page<Diagram> = Page {
    title: "How to play Gomoku",
    sections: &[
        Section {
            heading: "Five in a row",
            paragraphs: &[
                "Gomoku (五子棋, \"five stones\") is played on the points where the lines of a board cross: 15 x 15 unless you choose another size, from 5 x 5 to 26 x 26. Black moves first; then the players take turns, each putting one stone of their colour on any empty point. Stones never move and are never captured.",
                "The first to make an unbroken row of five of their stones, along a line or a diagonal, wins. A full board with no winner is a draw.",
                "Three or four people can play too, each with a colour (black, white, red, blue), taking turns in that order; on a small board a shorter row, such as four, can be chosen to win.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Five,
                "Black's five from c3 to g7 wins.",
            )),
        },
        Section {
            heading: "The rule sets",
            paragraphs: &[
                "Freestyle (无禁手): a row of five or more wins, for everyone.",
                "Standard (exactly five): only a row of exactly five wins; six or more in a row does not.",
                "Renju (连珠): two players, five to win. Black, who has the first move's advantage, may not play a forbidden move (below). White may play anywhere, and wins with five or more.",
                "Caro: exactly five wins, and only when it is not blocked at both ends: a five with an enemy stone right beyond each end does not count. The edge of the board does not block.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Caro,
                "Caro: Black's five c5 to g5 is blocked at both ends (b5, h5), so the game goes on. In freestyle it would win.",
            )),
        },
        Section {
            heading: "Renju: Black's forbidden moves",
            paragraphs: &[
                "A four is a row that one more stone makes five; a three is a row that one more stone makes an open four, a four with both ends free. Black may not play a stone that makes two threes at once (double three, 三三), two fours at once (double four, 四四), or six or more in a row (overline, 长连). A move that makes exactly five wins even if it also makes a forbidden shape.",
                "A three counts only if it can become an open four by a move that is not itself forbidden. When Black is to move, lanqi marks the forbidden points with a small red cross, and clicking one says why.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Forbidden,
                "Renju, Black to move: f5 is forbidden, it would make two threes at once.",
            )),
        },
    ],
};

/// The rules in Chinese.
pub const ZH: Page<Diagram> = Page {
    title: "五子棋怎么下",
    sections: &[
        Section {
            heading: "五子连珠",
            paragraphs: &[
                "五子棋下在棋盘线的交叉点上：默认 15×15，也可以选择 5×5 到 26×26 之间的其他大小。黑棋先下，然后双方轮流，每次在任意空点放一枚己方棋子。棋子下定后不再移动，也不会被吃掉。",
                "先在横、竖或斜线上连成五子的一方获胜。棋盘下满仍无人获胜，判为和棋。",
                "也可以三人或四人下，每人一种颜色（黑、白、红、蓝），按这个顺序轮流；棋盘较小时可以选择连成较少的子（例如四子）获胜。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Five,
                "黑棋从 c3 到 g7 连成五子，获胜。",
            )),
        },
        Section {
            heading: "几种规则",
            paragraphs: &[
                "无禁手：连成五子或更多即获胜，对所有人都一样。",
                "标准（恰好五子）：只有恰好五子才获胜，六子或更多不算。",
                "连珠：两人对弈，五子获胜。黑棋先走占优势，不能下禁手（见下）。白棋没有限制，连成五子或更多即获胜。",
                "卡罗：恰好五子，并且两端没有都被堵住才获胜：两端紧挨着都是对方棋子的五子不算。棋盘边缘不算堵住。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Caro,
                "卡罗：黑棋 c5 到 g5 的五子两端（b5、h5）都被堵住，对局继续。无禁手规则下这就赢了。",
            )),
        },
        Section {
            heading: "连珠：黑棋的禁手",
            paragraphs: &[
                "再下一子就成五的叫四；再下一子就成活四（两端都空的四）的叫三。黑棋不能下同时形成两个三的棋（三三禁手）、同时形成两个四的棋（四四禁手），也不能连成六子或更多（长连禁手）。恰好连成五子的一手即使同时形成禁手，也算获胜。",
                "只有能通过一手非禁手变成活四的三才算三。轮到黑棋时，lanqi 在禁手点上标出红色小叉，点击禁手点会说明原因。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Forbidden,
                "连珠，轮到黑棋：f5 是禁手，会同时形成两个三。",
            )),
        },
    ],
};

/// The page in traditional Chinese.
pub const ZH_HANT: Page<Diagram> = Page {
    title: "五子棋怎麼下",
    sections: &[
        Section {
            heading: "五子連珠",
            paragraphs: &[
                "五子棋下在棋盤線的交叉點上：預設 15×15，也可以選擇 5×5 到 26×26 之間的其他大小。黑棋先下，然後雙方輪流，每次在任意空點放一枚己方棋子。棋子下定後不再移動，也不會被吃掉。",
                "先在橫、豎或斜線上連成五子的一方獲勝。棋盤下滿仍無人獲勝，判為和棋。",
                "也可以三人或四人下，每人一種顏色（黑、白、紅、藍），按這個順序輪流；棋盤較小時可以選擇連成較少的子（例如四子）獲勝。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Five,
                "黑棋從 c3 到 g7 連成五子，獲勝。",
            )),
        },
        Section {
            heading: "幾種規則",
            paragraphs: &[
                "無禁手：連成五子或更多即獲勝，對所有人都一樣。",
                "標準（恰好五子）：只有恰好五子才獲勝，六子或更多不算。",
                "連珠：兩人對弈，五子獲勝。黑棋先走佔優勢，不能下禁手（見下）。白棋沒有限制，連成五子或更多即獲勝。",
                "卡羅：恰好五子，並且兩端沒有都被堵住才獲勝：兩端緊挨著都是對方棋子的五子不算。棋盤邊緣不算堵住。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Caro,
                "卡羅：黑棋 c5 到 g5 的五子兩端（b5、h5）都被堵住，對局繼續。無禁手規則下這就贏了。",
            )),
        },
        Section {
            heading: "連珠：黑棋的禁手",
            paragraphs: &[
                "再下一子就成五的叫四；再下一子就成活四（兩端都空的四）的叫三。黑棋不能下同時形成兩個三的棋（三三禁手）、同時形成兩個四的棋（四四禁手），也不能連成六子或更多（長連禁手）。恰好連成五子的一手即使同時形成禁手，也算獲勝。",
                "只有能通過一手非禁手變成活四的三才算三。輪到黑棋時，lanqi 在禁手點上標出紅色小叉，點選禁手點會說明原因。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Forbidden,
                "連珠，輪到黑棋：f5 是禁手，會同時形成兩個三。",
            )),
        },
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
        let en = Words::of(&EN).all().to_lowercase();
        for word in [
            "double three",
            "double four",
            "overline",
            "blocked at both ends",
        ] {
            assert!(en.contains(word), "English lacks {word:?}");
        }
        let zh = Words::of(&ZH).all();
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
