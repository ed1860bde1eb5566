//! Where Junqi comes from: a short history page, in English and Chinese, laid out by
//! [`crate::gui::page`] (reached through [`super::rules::Pages`]).

use super::rules::Diagram;
use crate::gui::page::{Page, Section};

/// The history in English.
pub const EN: Page<Diagram> = Page {
    title: "Where Junqi comes from",
    sections: &[
        Section {
            heading: "A game of the twentieth century",
            paragraphs: &[
                "Junqi (军棋, \"army chess\") is a young game by the standards of Chinese board games: it spread in China in the twentieth century. Its idea, two armies of pieces hidden from the enemy, whose ranks decide every battle and whose flag must be taken, is that of the European games L'Attaque (France, early 1900s) and Stratego, and Junqi is usually thought to descend from them.",
                "It has a board of its own, though: railways on which pieces travel far, camps where they are safe, headquarters for the flag, and mountains that cut the front. Its pieces are the ranks of an army, from field marshal (司令) to engineer (工兵), with landmines and bombs.",
            ],
            figure: None,
        },
        Section {
            heading: "Open, hidden, flipped, and four countries",
            paragraphs: &[
                "Junqi is played in several ways. In the open game (明棋) every piece stands face up. In the hidden game (暗棋) the pieces face their owners only, and a third person, the referee (裁判), looks at both pieces of each battle and says only who won. In the flipping game (翻棋) every piece starts face down and is turned over where it stands.",
                "Four-country army chess (四国军棋), two teams of two on a cross-shaped board, became popular on Chinese game websites from the late 1990s. The two-player game, two-country army chess (两国军棋), is the one lanqi plays.",
            ],
            figure: None,
        },
        Section {
            heading: "No referee in lanqi",
            paragraphs: &[
                "lanqi follows the two-country rules of China's Computer Game Championship (2012), which computer programs also play, with the usual online endings. The program lanqi grew from sent each army to the other computer and let each side judge the battles, so anyone could look. lanqi needs no referee and sends no pieces: each battle is decided by cryptography that tells both sides only the outcome, and the whole game is checked when it ends.",
            ],
            figure: None,
        },
    ],
};

/// The history in Chinese.
pub const ZH: Page<Diagram> = Page {
    title: "军棋的由来",
    sections: &[
        Section {
            heading: "二十世纪的棋",
            paragraphs: &[
                "和其他中国棋类相比，军棋是一种年轻的棋：它在二十世纪流行于中国。它的基本想法——两军棋子互相隐藏，交战时由级别决定胜负，夺取对方军旗即获胜——与欧洲的 L'Attaque（法国，二十世纪初）和 Stratego相同，一般认为军棋就是从这类棋演变而来的。",
                "不过它有自己的棋盘：可以远行的铁路、安全的行营、放军旗的大本营，还有隔断前线的山界。棋子是军队的各级军衔，从司令到工兵，另有地雷和炸弹。",
            ],
            figure: None,
        },
        Section {
            heading: "明棋、暗棋、翻棋与四国军棋",
            paragraphs: &[
                "军棋有几种下法。明棋的棋子全部正面朝上。暗棋的棋子只让自己看到，由第三个人当裁判：每次交战，裁判看双方的棋子，只说出谁胜谁负。翻棋的棋子全部背面朝上，在原地翻开。",
                "四国军棋是四人分两队在十字形棋盘上对战，从二十世纪九十年代末起在中国的游戏网站上流行开来。两人对弈的两国军棋，就是 lanqi 所下的军棋。",
            ],
            figure: None,
        },
        Section {
            heading: "lanqi 不需要裁判",
            paragraphs: &[
                "lanqi 采用中国计算机博弈锦标赛（2012 年）的两国军棋规则，电脑程序也按这套规则对弈，结局判定采用网上通行的做法。lanqi 所借鉴的原有程序会把己方布阵发给对方电脑，由双方各自判定交战，谁都能偷看。lanqi 不需要裁判，也不发送棋子：每次交战都由只告诉双方结果的密码学协议判定，终局时再核验整盘棋。",
            ],
            figure: None,
        },
    ],
};

/// The page in traditional Chinese.
pub const ZH_HANT: Page<Diagram> = Page {
    title: "軍棋的由來",
    sections: &[
        Section {
            heading: "二十世紀的棋",
            paragraphs: &[
                "和其他中國棋類相比，軍棋是一種年輕的棋：它在二十世紀流行於中國。它的基本想法——兩軍棋子互相隱藏，交戰時由級別決定勝負，奪取對方軍旗即獲勝——與歐洲的 L'Attaque（法國，二十世紀初）和 Stratego相同，一般認為軍棋就是從這類棋演變而來的。",
                "不過它有自己的棋盤：可以遠行的鐵路、安全的行營、放軍旗的大本營，還有隔斷前線的山界。棋子是軍隊的各級軍銜，從司令到工兵，另有地雷和炸彈。",
            ],
            figure: None,
        },
        Section {
            heading: "明棋、暗棋、翻棋與四國軍棋",
            paragraphs: &[
                "軍棋有幾種下法。明棋的棋子全部正面朝上。暗棋的棋子只讓自己看到，由第三個人當裁判：每次交戰，裁判看雙方的棋子，只說出誰勝誰負。翻棋的棋子全部背面朝上，在原地翻開。",
                "四國軍棋是四人分兩隊在十字形棋盤上對戰，從二十世紀九十年代末起在中國的遊戲網站上流行開來。兩人對弈的兩國軍棋，就是 lanqi 所下的軍棋。",
            ],
            figure: None,
        },
        Section {
            heading: "lanqi 不需要裁判",
            paragraphs: &[
                "lanqi 採用中國計算機博弈錦標賽（2012 年）的兩國軍棋規則，電腦程式也按這套規則對弈，結局判定採用網上通行的做法。lanqi 所借鑑的原有程式會把己方佈陣發給對方電腦，由雙方各自判定交戰，誰都能偷看。lanqi 不需要裁判，也不傳送棋子：每次交戰都由只告訴雙方結果的密碼學協議判定，終局時再核驗整盤棋。",
            ],
            figure: None,
        },
    ],
};
