//! Where Tibetan seven-square chess comes from: a short history page, in English and
//! Chinese, laid out by [`crate::gui::page`] (reached through [`super::rules::Pages`]).
//! What it says comes from the source write-up (`shared/seeds/000_…`, section 1).

use super::rules::Diagram;
use crate::gui::page::{Page, Section};

/// The history in English.
pub const EN: Page<Diagram> = Page {
    title: "Where Tibetan seven-square chess comes from",
    sections: &[
        Section {
            heading: "Square chess in western China",
            paragraphs: &[
                "Square chess (方棋, fangqi) is a family of board games played for several hundred years across the western provinces of China, in Qinghai, Ningxia and Xinjiang among others. Boards and rules differ from place to place; 14 x 14, 7 x 8 and 7 x 7 lines are the usual boards. All share the heart of the game: fill the board with stones, make squares to take the enemy's stones, then fight it out by stepping and jumping.",
                "The rules are simple, but the balance between attack and defence keeps changing, so experience counts: easy to learn, hard to master.",
            ],
            figure: None,
        },
        Section {
            heading: "The Tibetan game",
            paragraphs: &[
                "Seven-square chess (七方棋) is the square chess of the Tibetan areas, played on 7 x 7 lines in three phases: placement, the opening removals and the battle. Tibetan players improved on the square chess of the north-west: they kept the core of its rules and brought in features of other Tibetan board games and their own customs. It is part of Tibetan culture, and passing it on is part of keeping that culture alive.",
            ],
            figure: None,
        },
        Section {
            heading: "In lanqi",
            paragraphs: &[
                "lanqi plays the game as described in a 2018 article by 公保杰 and 安见才让 in the journal Computer Era (计算机时代), written with a program to play it over a network; where the article is silent, lanqi follows the most common square-chess practice. The lobby's settings cover the points where players' customs differ: whether stones in formations are protected, and when a side may fly.",
            ],
            figure: None,
        },
    ],
};

/// The history in Chinese.
pub const ZH: Page<Diagram> = Page {
    title: "藏族七方棋的由来",
    sections: &[
        Section {
            heading: "西部的方棋",
            paragraphs: &[
                "方棋在我国已有几百年的历史，几乎遍布西部各省，青海、宁夏、新疆等地都有人下。各地的棋盘和规则大有不同，常见的棋盘是 14×14、7×8 和 7×7。它们的核心相同：先布满棋子，成方提掉对方的棋子，再移子、跳吃，一决胜负。",
                "方棋规则简单，但形势变化很快，攻守双方的实力总在变化之中，经验多的人容易获胜：易学难精。",
            ],
            figure: None,
        },
        Section {
            heading: "藏族的七方棋",
            paragraphs: &[
                "七方棋是流传于藏区的方棋，棋盘纵横各 7 条线，对局分布局、开局、战斗三个阶段。它是藏族先辈对西北地区方棋的改良：继承了方棋行棋规则的核心，又融入了藏族其他棋种的特点和本民族的文化习俗。它是藏族文化的一部分，把它传承下去，也是在保护这份文化。",
            ],
            figure: None,
        },
        Section {
            heading: "lanqi 里的七方棋",
            paragraphs: &[
                "lanqi 的下法依据公保杰、安见才让 2018 年在《计算机时代》上发表的文章，文章同时介绍了一个网络对弈软件；文章没有说明的地方，按最常见的方棋下法补足。大厅里的设置涵盖各地下法不同的几处：成形的棋子是否受保护，剩几子时可以飞子。",
            ],
            figure: None,
        },
    ],
};

/// The page in traditional Chinese.
pub const ZH_HANT: Page<Diagram> = Page {
    title: "藏族七方棋的由來",
    sections: &[
        Section {
            heading: "西部的方棋",
            paragraphs: &[
                "方棋在我國已有幾百年的歷史，幾乎遍佈西部各省，青海、寧夏、新疆等地都有人下。各地的棋盤和規則大有不同，常見的棋盤是 14×14、7×8 和 7×7。它們的核心相同：先佈滿棋子，成方提掉對方的棋子，再移子、跳吃，一決勝負。",
                "方棋規則簡單，但形勢變化很快，攻守雙方的實力總在變化之中，經驗多的人容易獲勝：易學難精。",
            ],
            figure: None,
        },
        Section {
            heading: "藏族的七方棋",
            paragraphs: &[
                "七方棋是流傳於藏區的方棋，棋盤縱橫各 7 條線，對局分佈局、開局、戰鬥三個階段。它是藏族先輩對西北地區方棋的改良：繼承了方棋行棋規則的核心，又融入了藏族其他棋種的特點和本民族的文化習俗。它是藏族文化的一部分，把它傳承下去，也是在保護這份文化。",
            ],
            figure: None,
        },
        Section {
            heading: "lanqi 裡的七方棋",
            paragraphs: &[
                "lanqi 的下法依據公保傑、安見才讓 2018 年在《計算機時代》上發表的文章，文章同時介紹了一個網路對弈軟體；文章沒有說明的地方，按最常見的方棋下法補足。大廳裡的設定涵蓋各地下法不同的幾處：成形的棋子是否受保護，剩几子時可以飛子。",
            ],
            figure: None,
        },
    ],
};
