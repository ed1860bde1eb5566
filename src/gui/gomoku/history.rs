//! Where Gomoku comes from: a short history page, in English and Chinese, laid out by
//! [`crate::gui::page`] (reached through [`super::rules::Pages`]).

use super::rules::Diagram;
use crate::gui::page::{Page, Section};

/// The history in English.
pub const EN: Page<Diagram> = Page {
    title: "Where Gomoku comes from",
    sections: &[
        Section {
            heading: "Stones on a go board",
            paragraphs: &[
                "Gomoku (五子棋, \"five stones\") is played with go stones on a go board, and making a row of stones is an old pastime in China, Japan and Korea. Where the game began is not known for certain. Its written history is mostly Japanese: there it is called gomoku narabe (五目並べ), \"five in a line\", and it was a popular game by the end of the nineteenth century.",
            ],
            figure: None,
        },
        Section {
            heading: "Renju",
            paragraphs: &[
                "In 1899 the journalist Kuroiwa Ruikō gave the game the name renju (連珠, \"linked pearls\"). Players had found that Black, who moves first, has a great advantage, and in the decades that followed Black's double threes, double fours and overlines were forbidden, while the board shrank from the go board's 19 x 19 to 15 x 15. The Renju International Federation was founded in 1988.",
            ],
            figure: None,
        },
        Section {
            heading: "Solved by computers",
            paragraphs: &[
                "Gomoku was one of the first well-known games solved by computer: in the early 1990s L. Victor Allis showed that on 15 x 15 Black wins freestyle and standard gomoku with perfect play, and in 2001 János Wágner and István Virág showed that Black wins renju too. Tournaments between people therefore use opening rules in which the players may swap colours, such as swap2; programs meet every year at Gomocup, held since 2000.",
            ],
            figure: None,
        },
        Section {
            heading: "Many rule sets",
            paragraphs: &[
                "Each place plays its own rules. In Vietnam, caro is played on squared paper, and a five blocked at both ends does not win. lanqi plays freestyle, standard, renju and caro, on boards from 5 x 5 to 26 x 26 and with up to four players, as the Gomoku program it grew from did, and its computer player also speaks Gomocup's protocol.",
            ],
            figure: None,
        },
    ],
};

/// The history in Chinese.
pub const ZH: Page<Diagram> = Page {
    title: "五子棋的由来",
    sections: &[
        Section {
            heading: "围棋盘上的游戏",
            paragraphs: &[
                "五子棋用围棋的棋子和棋盘来下，在中国、日本和朝鲜半岛，把棋子连成一行都是由来已久的游戏。五子棋究竟起源于哪里，没有定论。有文字记载的历史大多在日本：那里叫它“五目並べ”（五子排成一行），到十九世纪末已十分流行。",
            ],
            figure: None,
        },
        Section {
            heading: "连珠",
            paragraphs: &[
                "1899 年，日本记者黑岩泪香给这种棋起名“连珠”。人们发现先走的黑棋优势很大，于是在此后几十年里，黑棋的三三、四四和长连陆续被定为禁手，棋盘也从围棋的 19×19 缩小到 15×15。国际连珠联盟成立于 1988 年。",
            ],
            figure: None,
        },
        Section {
            heading: "被电脑破解",
            paragraphs: &[
                "五子棋是最早被电脑破解的著名棋类之一：二十世纪九十年代初，L. Victor Allis 证明在 15×15 棋盘上，无禁手和标准规则下黑棋走对就必胜；2001 年，János Wágner 和 István Virág 证明连珠也是黑棋必胜。所以人与人的比赛采用可以交换黑白的开局规则，例如 swap2；电脑程序则每年在 2000 年开始举办的 Gomocup 上比赛。",
            ],
            figure: None,
        },
        Section {
            heading: "各地的规则",
            paragraphs: &[
                "各地有各地的规则。在越南，人们在方格纸上下卡罗（caro），两端都被堵住的五子不算赢。lanqi 和它所借鉴的五子棋程序一样，支持无禁手、标准、连珠和卡罗四种规则，棋盘从 5×5 到 26×26，最多四人同下；它的电脑棋手也支持 Gomocup 的协议。",
            ],
            figure: None,
        },
    ],
};

/// The page in traditional Chinese.
pub const ZH_HANT: Page<Diagram> = Page {
    title: "五子棋的由來",
    sections: &[
        Section {
            heading: "圍棋盤上的遊戲",
            paragraphs: &[
                "五子棋用圍棋的棋子和棋盤來下，在中國、日本和朝鮮半島，把棋子連成一行都是由來已久的遊戲。五子棋究竟起源於哪裡，沒有定論。有文字記載的歷史大多在日本：那裡叫它「五目並べ」（五子排成一行），到十九世紀末已十分流行。",
            ],
            figure: None,
        },
        Section {
            heading: "連珠",
            paragraphs: &[
                "1899 年，日本記者黑巖淚香給這種棋起名「連珠」。人們發現先走的黑棋優勢很大，於是在此後幾十年裡，黑棋的三三、四四和長連陸續被定為禁手，棋盤也從圍棋的 19×19 縮小到 15×15。國際連珠聯盟成立於 1988 年。",
            ],
            figure: None,
        },
        Section {
            heading: "被電腦破解",
            paragraphs: &[
                "五子棋是最早被電腦破解的著名棋類之一：二十世紀九十年代初，L. Victor Allis 證明在 15×15 棋盤上，無禁手和標準規則下黑棋走對就必勝；2001 年，János Wágner 和 István Virág 證明連珠也是黑棋必勝。所以人與人的比賽採用可以交換黑白的開局規則，例如 swap2；電腦程式則每年在 2000 年開始舉辦的 Gomocup 上比賽。",
            ],
            figure: None,
        },
        Section {
            heading: "各地的規則",
            paragraphs: &[
                "各地有各地的規則。在越南，人們在方格紙上下卡羅（caro），兩端都被堵住的五子不算贏。lanqi 和它所借鑑的五子棋程式一樣，支援無禁手、標準、連珠和卡羅四種規則，棋盤從 5×5 到 26×26，最多四人同下；它的電腦棋手也支援 Gomocup 的協議。",
            ],
            figure: None,
        },
    ],
};
