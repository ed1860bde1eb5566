//! How Xiangqi is played: a page for newcomers, in English and Chinese, following the rules
//! lanqi plays (the standard ones; repetition judged as `rules::xiangqi::game` says), with
//! small board diagrams drawn by the game's own board ([`super::board`]): the start, a
//! horse's moves with a blocked leg, a cannon's moves and capture, a checkmate. The moves
//! marked in the diagrams are the rules core's own. Its history page is
//! [`super::history`]; both are laid out by [`crate::gui::page`].

use iced::Element;

use super::board::XiangqiModel;
use crate::gui::i18n::Lang;
use crate::gui::page::{self, Figure, GamePages, Page, Section, Which};
use crate::rules::xiangqi::{Position, Side, Square};

/// Xiangqi's pages, for the games' list ([`crate::gui::games`]).
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

/// The rules in English.
pub const EN: Page<Diagram> = Page {
    title: "How to play Xiangqi",
    sections: &[
        Section {
            heading: "Board and pieces",
            paragraphs: &[
                "Xiangqi (象棋, Chinese chess) is a game for two, Red and Black. The board has 9 files and 10 ranks of lines, and the pieces stand on the 90 points where they cross. Red moves first; then you take turns, one move each.",
                "The river (楚河 汉界) runs across the middle. Each side has a palace (九宫): the nine points marked with a cross in the middle of its first three ranks.",
                "Each side has 16 pieces: a general, 2 advisors, 2 elephants, 2 horses, 2 chariots, 2 cannons and 5 soldiers. Some are written differently for each side: 帅/将 general, 仕/士 advisor, 相/象 elephant, 兵/卒 soldier.",
                "Files are counted by each player from their own right: Red's 一 to 九 along the bottom, Black's 1 to 9 along the top. A move is written as the piece, its file, the direction (进 forward, 退 back, 平 across) and a file or a distance: 炮二平五 is Red's cannon on file 二 moving across to file 五.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Start,
                "The start. Red, at the bottom, moves first.",
            )),
        },
        Section {
            heading: "How the pieces move",
            paragraphs: &[
                "General (帅, 将): one point along a line, and never out of its palace. The two generals may never face each other on one file with nothing between them.",
                "Advisor (仕, 士): one point diagonally, inside its palace.",
                "Elephant (相, 象): exactly two points diagonally, never across the river, and not when the point in between is taken (塞象眼).",
                "Horse (马): one point along a line, then one diagonally outwards. It cannot jump: when the point next to it along the line is taken, that way is blocked (蹩马腿).",
                "Chariot (车): any distance along a line, over empty points, like a rook in chess.",
                "Soldier (兵, 卒): one point forward. Once across the river it may also go one point sideways. It never goes back.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Horse,
                "Red's horse on file 六 may go to the dots. The cannon right in front of it blocks its leg, so it cannot go to the two points ahead, on files 七 and 五.",
            )),
        },
        Section {
            heading: "The cannon",
            paragraphs: &[
                "Cannon (炮): moves like a chariot, any distance along a line over empty points. It captures only by jumping over exactly one piece of either side, the screen (炮架), onto the first enemy piece beyond it.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Cannon,
                "Red's cannon on file 五 moves to the dots, and captures the horse further up file 五 by jumping over the soldier (卒) between them.",
            )),
        },
        Section {
            heading: "Check, and winning",
            paragraphs: &[
                "A piece captures by moving onto an enemy piece, which leaves the board. A general that could be captured is in check (将军). You may never make a move that leaves your own general in check, or that makes the generals face each other.",
                "You win by checkmate: the enemy general is in check and no move saves it. A side with no legal move at all loses too, even when it is not in check (困毙): in Xiangqi that is a loss, not a draw. A player may also resign.",
                "When a position comes back for the third time, a side that gave check with every move of the repetition loses (长将), and so does one that kept chasing the same unprotected piece (长捉); otherwise it is a draw. 120 moves in a row (counting both sides) without a capture is a draw, and you may agree to a draw.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Mate,
                "Checkmate: the chariot came up the edge to the line of Black's general (the move is marked). The general, on Black's file 4, cannot step forward (the other chariot holds that line) or across to file 5 (it would face Red's general).",
            )),
        },
    ],
};

/// The rules in Chinese.
pub const ZH: Page<Diagram> = Page {
    title: "象棋怎么下",
    sections: &[
        Section {
            heading: "棋盘与棋子",
            paragraphs: &[
                "象棋是两人对弈的棋，一方执红，一方执黑。棋盘由 9 条竖线和 10 条横线组成，棋子放在 90 个交叉点上。红方先走，然后双方轮流，每次走一步。",
                "棋盘中间是河界（楚河 汉界）。每方有一个九宫：己方前三行中间画有斜线交叉的九个点。",
                "每方 16 枚棋子：将（帅）一、士（仕）二、象（相）二、马二、车二、炮二、卒（兵）五。红黑双方有几种棋子写法不同：帅/将、仕/士、相/象、兵/卒。",
                "纵线由各方从自己的右手边数起：红方在下边用一到九，黑方在上边用 1 到 9。记谱时写出棋子、所在纵线、走法（进、退、平）和纵线或步数：炮二平五就是红方二路的炮横走到五路。",
            ],
            figure: Some(Figure::Diagram(Diagram::Start, "开局。红方在下方，先走。")),
        },
        Section {
            heading: "棋子的走法",
            paragraphs: &[
                "帅（将）：沿线走一步，不能走出九宫。双方的将帅不能在同一条纵线上直接对面，中间必须隔有棋子。",
                "仕（士）：斜走一步，不能走出九宫。",
                "相（象）：斜走两步（走田字），不能过河；田字中心有棋子时不能走（塞象眼）。",
                "马：先沿线走一步，再向外斜走一步（走日字）。马不能跳过棋子：沿线那一步的点上有棋子时，这个方向就走不了（蹩马腿）。",
                "车：沿线走任意步，途中不能有棋子，和国际象棋的车一样。",
                "兵（卒）：向前走一步，过河以后也可以横走一步，永远不能后退。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Horse,
                "红方六路的马可以走到圆点处；它正前方的炮蹩了马腿，所以不能走到前面七路和五路上的那两个点。",
            )),
        },
        Section {
            heading: "炮",
            paragraphs: &[
                "炮：不吃子时和车一样，沿线走任意步，途中不能有棋子。吃子时必须隔着一枚棋子（炮架，哪一方的都可以）跳过去，吃掉它后面的第一枚敌子。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Cannon,
                "红方五路的炮可以走到圆点处，也可以隔着中间的卒（炮架）跳过去，吃掉同一路上的马。",
            )),
        },
        Section {
            heading: "将军与胜负",
            paragraphs: &[
                "走到敌子所在的点上就吃掉它，被吃的棋子离开棋盘。将帅可能被吃时就是被将军。不能走让自己的将帅被将军的棋，也不能走让将帅对面的棋。",
                "将死对方即获胜：对方的将帅被将军，而且怎么走都解不了。一方无棋可走时，即使没有被将军也判负（困毙）：象棋里这是输棋，不是和棋。也可以认输。",
                "同一局面第三次出现时：在重复中每步都将军的一方判负（长将），一直追捉同一枚没有保护的棋子的一方也判负（长捉）；否则判和。连续 120 步（双方合计）没有吃子判和，双方也可以同意和棋。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Mate,
                "将死：红车沿边线走到黑将所在的横线（已标出这一步）。黑将在黑方 4 路，不能进一步（另一只车控制那条横线），也不能平到 5 路（会与红帅对面）。",
            )),
        },
    ],
};

/// The page in traditional Chinese.
pub const ZH_HANT: Page<Diagram> = Page {
    title: "象棋怎麼下",
    sections: &[
        Section {
            heading: "棋盤與棋子",
            paragraphs: &[
                "象棋是兩人對弈的棋，一方執紅，一方執黑。棋盤由 9 條豎線和 10 條橫線組成，棋子放在 90 個交叉點上。紅方先走，然後雙方輪流，每次走一步。",
                "棋盤中間是河界（楚河 漢界）。每方有一個九宮：己方前三行中間畫有斜線交叉的九個點。",
                "每方 16 枚棋子：將（帥）一、士（仕）二、象（相）二、馬二、車二、炮二、卒（兵）五。紅黑雙方有幾種棋子寫法不同：帥/將、仕/士、相/象、兵/卒。",
                "縱線由各方從自己的右手邊數起：紅方在下邊用一到九，黑方在上邊用 1 到 9。記譜時寫出棋子、所在縱線、走法（進、退、平）和縱線或步數：炮二平五就是紅方二路的炮橫走到五路。",
            ],
            figure: Some(Figure::Diagram(Diagram::Start, "開局。紅方在下方，先走。")),
        },
        Section {
            heading: "棋子的走法",
            paragraphs: &[
                "帥（將）：沿線走一步，不能走出九宮。雙方的將帥不能在同一條縱線上直接對面，中間必須隔有棋子。",
                "仕（士）：斜走一步，不能走出九宮。",
                "相（象）：斜走兩步（走田字），不能過河；田字中心有棋子時不能走（塞象眼）。",
                "馬：先沿線走一步，再向外斜走一步（走日字）。馬不能跳過棋子：沿線那一步的點上有棋子時，這個方向就走不了（蹩馬腿）。",
                "車：沿線走任意步，途中不能有棋子，和國際象棋的車一樣。",
                "兵（卒）：向前走一步，過河以後也可以橫走一步，永遠不能後退。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Horse,
                "紅方六路的馬可以走到圓點處；它正前方的炮蹩了馬腿，所以不能走到前面七路和五路上的那兩個點。",
            )),
        },
        Section {
            heading: "炮",
            paragraphs: &[
                "炮：不吃子時和車一樣，沿線走任意步，途中不能有棋子。吃子時必須隔著一枚棋子（炮架，哪一方的都可以）跳過去，吃掉它後面的第一枚敵子。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Cannon,
                "紅方五路的炮可以走到圓點處，也可以隔著中間的卒（炮架）跳過去，吃掉同一路上的馬。",
            )),
        },
        Section {
            heading: "將軍與勝負",
            paragraphs: &[
                "走到敵子所在的點上就吃掉它，被吃的棋子離開棋盤。將帥可能被吃時就是被將軍。不能走讓自己的將帥被將軍的棋，也不能走讓將帥對面的棋。",
                "將死對方即獲勝：對方的將帥被將軍，而且怎麼走都解不了。一方無棋可走時，即使沒有被將軍也判負（困斃）：象棋裡這是輸棋，不是和棋。也可以認輸。",
                "同一局面第三次出現時：在重複中每步都將軍的一方判負（長將），一直追捉同一枚沒有保護的棋子的一方也判負（長捉）；否則判和。連續 120 步（雙方合計）沒有吃子判和，雙方也可以同意和棋。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Mate,
                "將死：紅車沿邊線走到黑將所在的橫線（已標出這一步）。黑將在黑方 4 路，不能進一步（另一隻車控制那條橫線），也不能平到 5 路（會與紅帥對面）。",
            )),
        },
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
        for page in [&EN, &ZH] {
            for section in page.sections {
                let Some(Figure::Diagram(_, caption)) = &section.figure else {
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
        let en = Words::of(&EN).all().to_lowercase();
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
        let zh = Words::of(&ZH).all();
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
