//! How Tibetan seven-square chess (藏族七方棋) is played: a page for newcomers, in English
//! and Chinese, following the rules lanqi plays (`shared/spec/tibetan.md`, with its default
//! settings), with small board diagrams drawn by the game's own board
//! ([`super::board`]): formations in placement, the opening removals, a jump chain. Its
//! history page is [`super::history`]; both are laid out by [`crate::gui::page`].

use iced::Element;

use super::board::{TibetanModel, formations_of};
use crate::gui::i18n::Lang;
use crate::gui::page::{self, Figure, GamePages, Page, Section, Which};
use crate::rules::tibetan::{Point, Side};

/// Tibetan chess's pages, for the games' list ([`crate::gui::games`]).
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

/// The rules in English.
pub const EN: Page<Diagram> = Page {
    title: "How to play Tibetan seven-square chess",
    sections: &[
        Section {
            heading: "Board and stones",
            paragraphs: &[
                "The board has 7 x 7 lines: stones stand on the 49 points and move along the lines, never diagonally. Black has 25 stones, White 24. Points are named a1 to g7, files a to g from the left and ranks 1 to 7 from the bottom, as Black sees the board.",
                "A square (方) is four stones of one side on the corners of one cell. A line (枪) is seven stones of one side filling a whole row or column. A stone that makes a new square earns one removal (at most two squares a turn); a new line earns two. A removal takes any enemy stone off the board.",
            ],
            figure: None,
        },
        Section {
            heading: "1. Placement (布局)",
            paragraphs: &[
                "Black places first, then the players take turns putting one stone on any empty point, until all 49 points are full. Formations made now are counted for each side, in order, but nothing is removed yet. The board shades each side's formations and counts the removals earned.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Formations,
                "Black's square a1 b1 a2 b2 earns 1 removal; White's line on rank 7 earns 2.",
            )),
        },
        Section {
            heading: "2. Opening removals (开局)",
            paragraphs: &[
                "With the board full: if both sides formed something, the side that formed first removes what it earned, then the other. If only one did, it removes what it earned, then the other side removes one. If neither did, White removes one Black stone, then Black removes one White stone.",
                "Click the enemy stones to remove (they are ringed); click one again to change your mind. The turn is sent when you have picked as many as are due.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Removals,
                "Black removes 2: the White stones are ringed, two are picked.",
            )),
        },
        Section {
            heading: "3. Battle (战斗)",
            paragraphs: &[
                "White moves first. On a turn, click one of your stones and then where it goes: a step to a neighbouring empty point, or a jump straight over an enemy stone next to it onto the empty point beyond, capturing it. After a jump you may jump on with the same stone, in any direction; click the last landing point again, or Stop here, to end the chain. Jumping is never compulsory.",
                "A side with 7 stones or fewer may fly: move any stone to any empty point. Squares and lines a moved stone makes earn removals at once: pick the enemy stones, and the whole turn is sent.",
                "A side left with 3 stones or fewer loses, and so does a side that cannot move. 50 turns without a stone leaving the board, or the same position a third time, is a draw.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Jump,
                "White's chain c3xc5xe5 captures c4 and d5.",
            )),
        },
    ],
};

/// The rules in Chinese.
pub const ZH: Page<Diagram> = Page {
    title: "藏族七方棋怎么下",
    sections: &[
        Section {
            heading: "棋盘与棋子",
            paragraphs: &[
                "棋盘为纵横各 7 条线，棋子下在 49 个交叉点上，沿线移动，不走斜线。黑方 25 子，白方 24 子。点位记为 a1 到 g7：从黑方看，列 a 到 g 自左向右，行 1 到 7 自下而上。",
                "方：同一方四子占满一个小格的四角。枪：同一方七子占满一整行或一整列。走成新方，每个方可提对方一子（每步最多计两个方）；走成新枪，每条枪可提两子。提子可提对方任意一子。",
            ],
            figure: None,
        },
        Section {
            heading: "一、布局",
            paragraphs: &[
                "黑方先下，双方轮流在任意空点放一子，直到 49 个点全部下满。布局时成的方和枪按先后记入各方，但暂不提子。棋盘上用颜色标出各方的方和枪，并显示各方已得的提子数。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Formations,
                "黑方 a1 b1 a2 b2 成方，得提一子；白方第 7 行成枪，得提两子。",
            )),
        },
        Section {
            heading: "二、开局",
            paragraphs: &[
                "棋盘下满后：双方都成过形，则先成形的一方先提足所得之数，另一方再提；只有一方成过形，则该方提足所得之数，另一方提一子；双方都没有成形，则白方先提黑方一子，黑方再提白方一子。",
                "点击要提的敌子（可提的子带红圈），再点一次可取消。选够应提之数后自动提交。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Removals,
                "黑方应提两子：白子带红圈，已选两子。",
            )),
        },
        Section {
            heading: "三、战斗",
            paragraphs: &[
                "白方先走。轮到你时，先点己方一子，再点目标点：移到相邻空点，或跳过相邻的敌子落到其后的空点并吃掉它。跳后可用同一子继续连跳，方向不限；再点最后落点或按“停在这里”结束。跳子不是必须的。",
                "剩 7 子或更少的一方可以飞子：任一子可飞到任意空点。走动的棋子成方或成枪，立即提子：点选要提的敌子后，整步一起提交。",
                "剩 3 子或更少的一方判负，无子可走的一方也判负。连续 50 步没有棋子离开棋盘，或同一局面第三次出现，判和。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Jump,
                "白方连跳 c3xc5xe5，吃掉 c4 和 d5。",
            )),
        },
    ],
};

/// The page in traditional Chinese.
pub const ZH_HANT: Page<Diagram> = Page {
    title: "藏族七方棋怎麼下",
    sections: &[
        Section {
            heading: "棋盤與棋子",
            paragraphs: &[
                "棋盤為縱橫各 7 條線，棋子下在 49 個交叉點上，沿線移動，不走斜線。黑方 25 子，白方 24 子。點位記為 a1 到 g7：從黑方看，列 a 到 g 自左向右，行 1 到 7 自下而上。",
                "方：同一方四子佔滿一個小格的四角。槍：同一方七子佔滿一整行或一整列。走成新方，每個方可提對方一子（每步最多計兩個方）；走成新槍，每條槍可提兩子。提子可提對方任意一子。",
            ],
            figure: None,
        },
        Section {
            heading: "一、佈局",
            paragraphs: &[
                "黑方先下，雙方輪流在任意空點放一子，直到 49 個點全部下滿。佈局時成的方和槍按先後記入各方，但暫不提子。棋盤上用顏色標出各方的方和槍，並顯示各方已得的提子數。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Formations,
                "黑方 a1 b1 a2 b2 成方，得提一子；白方第 7 行成槍，得提兩子。",
            )),
        },
        Section {
            heading: "二、開局",
            paragraphs: &[
                "棋盤下滿後：雙方都成過形，則先成形的一方先提足所得之數，另一方再提；只有一方成過形，則該方提足所得之數，另一方提一子；雙方都沒有成形，則白方先提黑方一子，黑方再提白方一子。",
                "點選要提的敵子（可提的子帶紅圈），再點一次可取消。選夠應提之數後自動提交。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Removals,
                "黑方應提兩子：白子帶紅圈，已選兩子。",
            )),
        },
        Section {
            heading: "三、戰鬥",
            paragraphs: &[
                "白方先走。輪到你時，先點己方一子，再點目標點：移到相鄰空點，或跳過相鄰的敵子落到其後的空點並吃掉它。跳後可用同一子繼續連跳，方向不限；再點最後落點或按「停在這裡」結束。跳子不是必須的。",
                "剩 7 子或更少的一方可以飛子：任一子可飛到任意空點。走動的棋子成方或成槍，立即提子：點選要提的敵子後，整步一起提交。",
                "剩 3 子或更少的一方判負，無子可走的一方也判負。連續 50 步沒有棋子離開棋盤，或同一局面第三次出現，判和。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Jump,
                "白方連跳 c3xc5xe5，吃掉 c4 和 d5。",
            )),
        },
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
