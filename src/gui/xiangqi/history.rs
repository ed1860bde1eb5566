//! Where Xiangqi comes from: a short history page, in English and Chinese, laid out by
//! [`crate::gui::page`] (reached through [`super::rules::Pages`]). The Android program
//! lanqi's Xiangqi grew from had one too (象棋历史, `shared/seeds/001_…`).

use super::rules::Diagram;
use crate::gui::page::{Page, Section};

/// The history in English.
pub const EN: Page<Diagram> = Page {
    title: "Where Xiangqi comes from",
    sections: &[
        Section {
            heading: "Old roots",
            paragraphs: &[
                "Xiangqi (象棋, Chinese chess) is one of the most played board games in the world. Games of war on a board are old in China: liubo (六博) was played more than two thousand years ago. Where xiangqi itself began is still argued over, and so is whether it shares an ancestor with the Indian game chaturanga, and so with chess.",
            ],
            figure: None,
        },
        Section {
            heading: "From the Tang to the Song",
            paragraphs: &[
                "A Tang-dynasty tale by Niu Sengru (牛僧孺) tells of a game of the Baoying years (宝应, 762–763) with a general, chariots, horses and foot soldiers, the pieces of xiangqi. The game took the form played today in the Song dynasty (960–1279): 32 pieces on the points of a board of 9 by 10 lines, the river between the armies, and the cannon. The cannon's old character 砲, with the stone radical, recalls the stone-throwing engines of war. The statesman and historian Sima Guang (司马光) even made a version for seven players, 七国象戏.",
            ],
            figure: None,
        },
        Section {
            heading: "The river",
            paragraphs: &[
                "The river across the board is often written 楚河 汉界, the river of Chu and the border of Han. It recalls the war between Chu and Han (206–202 BC) after the fall of the Qin dynasty, when Xiang Yu (项羽) and Liu Bang (刘邦) faced each other across the Hong Canal (鸿沟). Liu Bang won and founded the Han dynasty.",
            ],
            figure: None,
        },
        Section {
            heading: "Books and tournaments",
            paragraphs: &[
                "Famous collections of games and problems survive from the Ming and Qing dynasties, such as 适情雅趣 (1570), 橘中秘 (1632) and 梅花谱. China held its first national championship in 1956; the Asian Xiangqi Federation was founded in 1978 and the World Xiangqi Federation in 1993. Tournament rules settle what older books left open, such as which repetitions lose (长将, 长捉); lanqi follows them, judging repetitions as the Pikafish engine does.",
            ],
            figure: None,
        },
    ],
};

/// The history in Chinese.
pub const ZH: Page<Diagram> = Page {
    title: "象棋的由来",
    sections: &[
        Section {
            heading: "源远流长",
            paragraphs: &[
                "象棋是世界上下的人最多的棋类之一。在中国，棋盘上的战争游戏由来已久：两千多年前就有六博。象棋本身起源于何时，至今仍有争论；它和印度的恰图兰卡（也就是国际象棋的祖先）是否同源，也是如此。",
            ],
            figure: None,
        },
        Section {
            heading: "从唐到宋",
            paragraphs: &[
                "唐代牛僧孺的小说里记载了宝应年间（762–763）的一种棋，有将、车、马、卒，正是象棋的棋子。象棋在宋代（960–1279）定型为今天的样子：32 枚棋子下在 9 条竖线、10 条横线的交叉点上，两军之间隔着河界，并且有了炮。炮的旧写法“砲”是石字旁，让人想起古代抛石头的战具。北宋的司马光还设计过七人下的“七国象戏”。",
            ],
            figure: None,
        },
        Section {
            heading: "楚河 汉界",
            paragraphs: &[
                "棋盘中间的河界常写作“楚河 汉界”，说的是秦朝灭亡以后的楚汉相争（公元前 206–前 202 年）：项羽和刘邦以鸿沟为界对峙。最后刘邦获胜，建立了汉朝。",
            ],
            figure: None,
        },
        Section {
            heading: "棋谱与比赛",
            paragraphs: &[
                "明清两代留下了许多著名的棋谱，如《适情雅趣》（1570 年）、《橘中秘》（1632 年）和《梅花谱》。1956 年中国举行了第一届全国象棋比赛；亚洲象棋联合会成立于 1978 年，世界象棋联合会成立于 1993 年。比赛规则补全了古谱没有说明的地方，例如哪些重复判负（长将、长捉）；lanqi 遵循这些规则，重复局面的判定与 Pikafish 引擎相同。",
            ],
            figure: None,
        },
    ],
};

/// The page in traditional Chinese.
pub const ZH_HANT: Page<Diagram> = Page {
    title: "象棋的由來",
    sections: &[
        Section {
            heading: "源遠流長",
            paragraphs: &[
                "象棋是世界上下的人最多的棋類之一。在中國，棋盤上的戰爭遊戲由來已久：兩千多年前就有六博。象棋本身起源於何時，至今仍有爭論；它和印度的恰圖蘭卡（也就是國際象棋的祖先）是否同源，也是如此。",
            ],
            figure: None,
        },
        Section {
            heading: "從唐到宋",
            paragraphs: &[
                "唐代牛僧孺的小說裡記載了寶應年間（762–763）的一種棋，有將、車、馬、卒，正是象棋的棋子。象棋在宋代（960–1279）定型為今天的樣子：32 枚棋子下在 9 條豎線、10 條橫線的交叉點上，兩軍之間隔著河界，並且有了炮。炮的舊寫法「砲」是石字旁，讓人想起古代拋石頭的戰具。北宋的司馬光還設計過七人下的「七國象戲」。",
            ],
            figure: None,
        },
        Section {
            heading: "楚河 漢界",
            paragraphs: &[
                "棋盤中間的河界常寫作「楚河 漢界」，說的是秦朝滅亡以後的楚漢相爭（西元前 206–前 202 年）：項羽和劉邦以鴻溝為界對峙。最後劉邦獲勝，建立了漢朝。",
            ],
            figure: None,
        },
        Section {
            heading: "棋譜與比賽",
            paragraphs: &[
                "明清兩代留下了許多著名的棋譜，如《適情雅趣》（1570 年）、《橘中秘》（1632 年）和《梅花譜》。1956 年中國舉行了第一屆全國象棋比賽；亞洲象棋聯合會成立於 1978 年，世界象棋聯合會成立於 1993 年。比賽規則補全了古譜沒有說明的地方，例如哪些重複判負（長將、長捉）；lanqi 遵循這些規則，重複局面的判定與 Pikafish 引擎相同。",
            ],
            figure: None,
        },
    ],
};
