//! How Junqi is played: a page for newcomers, in English and Chinese, following the rules
//! lanqi plays (`shared/spec/junqi.md`: the 2012 championship rules with the usual online
//! endings), with a diagram of the start drawn by the game's own board ([`super::board`])
//! and the table of pieces. Its history page is [`super::history`]; both are laid out by
//! [`crate::gui::page`].

use iced::widget::{column, row, text};
use iced::{Element, Fill};

use super::board::BoardModel;
use crate::gui::i18n::Lang;
use crate::gui::page::{self, Figure, GamePages, Page, Section, Which};
use crate::lang::key;
use crate::rules::junqi::square::squares;
use crate::rules::junqi::{Kind, Layout, Position, Side, Square};

/// Junqi's pages, for the games' list ([`crate::gui::games`]).
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

/// The rules in English.
pub const EN: Page<Diagram> = Page {
    title: "How to play Junqi",
    sections: &[
        Section {
            heading: "The idea",
            paragraphs: &[
                "Junqi (两国军棋, \"army chess\") is a game for two. Each of you commands an army of 25 pieces, set out face down: you see your own pieces, never your opponent's. You find out what you are up against by fighting. Capture the enemy's flag to win.",
            ],
            figure: None,
        },
        Section {
            heading: "The board",
            paragraphs: &[
                "Each army has a half of 5 columns and 6 rows; yours is at the bottom. Pieces stand on the points where lines meet.",
                "Roads (thin lines) join neighbouring points: a move along a road is one step. Railways (the dark tracks) run along each side's front row and second-to-last row, down both side columns, and across the front in the middle: along them a piece can travel much further.",
                "Camps (行营, the circles, five per side) are safe havens: a piece in a camp cannot be attacked. Camps start empty, and roads also run diagonally from each camp to its four corner neighbours.",
                "Headquarters (大本营, the two points in the middle of your back row): your flag must stand in one of them. Any piece that enters a headquarters stays there for the rest of the game.",
                "The front: the two halves meet only on the left, middle and right columns; the second and fourth columns are cut off by mountains.",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Start,
                "The start as South sees it: your army face up at the bottom, the enemy's backs at the top. The marked points are where the selected piece may go.",
            )),
        },
        Section {
            heading: "Setting up (布阵)",
            paragraphs: &[
                "Before play, each side arranges its 25 pieces on its own half, one on every point that is not a camp. The flag goes in a headquarters, landmines only on your last two rows, and bombs not on your front row. Everything else is up to you.",
            ],
            figure: None,
        },
        Section {
            heading: "The pieces (25 a side): rank and number, strongest first",
            paragraphs: &[
                "In a battle the higher rank wins. Some pieces have a power of their own:",
            ],
            figure: Some(Figure::Below(Diagram::Pieces)),
        },
        Section {
            heading: "Moving",
            paragraphs: &[
                "You take turns, one move each. The flag and landmines never move, nor does a piece in a headquarters.",
                "Along a road a piece moves one step. Along a railway it may run any distance in a straight line, as long as every point on the way is empty; it stops on an empty point, or attacks the first enemy piece in its path.",
                "An engineer (工兵) may also turn corners on the railway network, going wherever the track leads through empty points.",
                "You may never move onto your own piece, and never into a camp someone is already in.",
            ],
            figure: None,
        },
        Section {
            heading: "Battles",
            paragraphs: &[
                "Moving onto an enemy piece is an attack. The first of these rules that applies decides it:",
                "1. A bomb on either side: both pieces are removed.",
                "2. The defender is the flag: it is captured and the game is over.",
                "3. The defender is a landmine: an engineer clears it and takes its place; any other attacker is destroyed and the mine stays.",
                "4. Equal ranks: both pieces are removed.",
                "5. Otherwise the higher rank wins: the loser is removed, and the winner stands on the point.",
                "You learn only the outcome (won, lost or both removed), never the rank of the piece you fought. One exception: once a side's field marshal is gone, that side's flag is shown.",
            ],
            figure: None,
        },
        Section {
            heading: "Winning, and draws",
            paragraphs: &[
                "Capture (or bomb) the enemy flag and you win. If it is your turn and you have no legal move, you lose. A player may also resign, or you may agree to a draw.",
                "By default a game that goes 100 moves in a row (counting both players' moves) without a battle is drawn; with the championship rules it ends after 31 and the player to move loses. The same position for the third time, with the same player to move, is a draw.",
            ],
            figure: None,
        },
        Section {
            heading: "Fair play in lanqi",
            paragraphs: &[
                "Your pieces stay hidden for real, not just on screen: lanqi never sends your layout to the other computer, so nobody can peek, even with a network sniffer. Before play each side seals its layout with a cryptographic commitment; each battle is settled by a protocol that tells both sides only the outcome. When the game ends both layouts are opened and the whole game is replayed: any lie about a piece or a battle is caught and shown, with signed proof.",
            ],
            figure: None,
        },
    ],
};

/// The rules in Chinese.
pub const ZH: Page<Diagram> = Page {
    title: "军棋怎么下",
    sections: &[
        Section {
            heading: "玩法概要",
            paragraphs: &[
                "两国军棋是两人对弈的游戏。每人指挥一支 25 枚棋子的军队，棋子背面朝向对方：你只能看到自己的棋子，看不到对方的。对方是什么棋子，只有交战才能知道。夺取对方的军旗即获胜。",
            ],
            figure: None,
        },
        Section {
            heading: "棋盘",
            paragraphs: &[
                "每方占半个棋盘，5 列 6 行，你的半场在下方。棋子放在线的交点上。",
                "公路（细线）连接相邻的点：沿公路每次走一步。铁路（深色轨道）位于每方半场的最前一行和倒数第二行、左右两侧的纵线上，中间一列也有铁路跨过前线：沿铁路可以走很远。",
                "行营（圆圈，每方五个）是安全区：行营中的棋子不能被攻击。行营开局时空着，并且与四个斜角相邻的点也有公路相连。",
                "大本营（底行中间的两个点）：军旗必须放在其中一个。任何棋子进入大本营后就不能再动。",
                "前线：两个半场只在左、中、右三列相通，第二列和第四列被山界隔断。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Start,
                "南方看到的开局：下方是己方棋子，正面朝上；上方是对方棋子的背面。标记的点是所选棋子可以走到的地方。",
            )),
        },
        Section {
            heading: "布阵",
            paragraphs: &[
                "开局前，双方在己方半场布置 25 枚棋子，除行营外每个点放一枚。军旗放在大本营，地雷只能放在最后两行，炸弹不能放在最前一行，其余随意。",
            ],
            figure: None,
        },
        Section {
            heading: "棋子（每方 25 枚）：级别与数量，从大到小",
            paragraphs: &["交战时级别高的获胜。有些棋子另有特殊本领："],
            figure: Some(Figure::Below(Diagram::Pieces)),
        },
        Section {
            heading: "走子",
            paragraphs: &[
                "双方轮流走子，每次走一步棋。军旗和地雷不能移动，进入大本营的棋子也不能再动。",
                "沿公路每次走一步。沿铁路可以直线走任意距离，但途中每个点都必须是空的；最后停在空点上，或攻击路上遇到的第一个敌方棋子。",
                "工兵还可以在铁路上拐弯，只要途经的点都是空的，铁路通到哪里就能走到哪里。",
                "不能走到己方棋子上，也不能进入已有棋子的行营。",
            ],
            figure: None,
        },
        Section {
            heading: "交战",
            paragraphs: &[
                "走到敌方棋子上就是攻击。按下列规则依次判断，第一条适用的规则决定结果：",
                "1. 任一方是炸弹：双方同归于尽。",
                "2. 被攻击的是军旗：军旗被夺，棋局结束。",
                "3. 被攻击的是地雷：工兵排除地雷并占据该点；其他棋子撞雷阵亡，地雷留下。",
                "4. 级别相同：双方同归于尽。",
                "5. 否则级别高的获胜：输的一方被移除，赢的一方占据该点。",
                "你只能知道交战的结果（胜、负或同归于尽），不会知道对方棋子的级别。只有一个例外：一方的司令阵亡后，这一方的军旗位置亮出。",
            ],
            figure: None,
        },
        Section {
            heading: "胜负与和棋",
            paragraphs: &[
                "夺取（或炸掉）对方军旗即获胜。轮到你走时若无棋可走，判负。也可以认输，或双方同意和棋。",
                "默认情况下，连续 100 步（双方的步数合计）没有交战，判为和棋；按比赛规则则是 31 步，且由轮到走棋的一方判负。同一局面第三次出现且轮到同一方走棋时，判为和棋。",
            ],
            figure: None,
        },
        Section {
            heading: "lanqi 的公平对局",
            paragraphs: &[
                "你的棋子是真正隐藏的，不只是在屏幕上看不到：lanqi 从不把你的布阵发给对方的电脑，所以谁也无法偷看，抓包也不行。开局前，双方用密码学承诺封存各自的布阵；每次交战都由一个只告诉双方结果的协议来判定。棋局结束后，双方公开布阵，整局棋重放一遍：任何关于棋子或交战的谎言都会被发现并显示出来，附有签名证据。",
            ],
            figure: None,
        },
    ],
};

/// The page in traditional Chinese.
pub const ZH_HANT: Page<Diagram> = Page {
    title: "軍棋怎麼下",
    sections: &[
        Section {
            heading: "玩法概要",
            paragraphs: &[
                "兩國軍棋是兩人對弈的遊戲。每人指揮一支 25 枚棋子的軍隊，棋子背面朝向對方：你只能看到自己的棋子，看不到對方的。對方是什麼棋子，只有交戰才能知道。奪取對方的軍旗即獲勝。",
            ],
            figure: None,
        },
        Section {
            heading: "棋盤",
            paragraphs: &[
                "每方佔半個棋盤，5 列 6 行，你的半場在下方。棋子放線上的交點上。",
                "公路（細線）連線相鄰的點：沿公路每次走一步。鐵路（深色軌道）位於每方半場的最前一行和倒數第二行、左右兩側的縱線上，中間一列也有鐵路跨過前線：沿鐵路可以走很遠。",
                "行營（圓圈，每方五個）是安全區：行營中的棋子不能被攻擊。行營開局時空著，並且與四個斜角相鄰的點也有公路相連。",
                "大本營（底行中間的兩個點）：軍旗必須放在其中一個。任何棋子進入大本營後就不能再動。",
                "前線：兩個半場只在左、中、右三列相通，第二列和第四列被山界隔斷。",
            ],
            figure: Some(Figure::Diagram(
                Diagram::Start,
                "南方看到的開局：下方是己方棋子，正面朝上；上方是對方棋子的背面。標記的點是所選棋子可以走到的地方。",
            )),
        },
        Section {
            heading: "佈陣",
            paragraphs: &[
                "開局前，雙方在己方半場佈置 25 枚棋子，除行營外每個點放一枚。軍旗放在大本營，地雷只能放在最後兩行，炸彈不能放在最前一行，其餘隨意。",
            ],
            figure: None,
        },
        Section {
            heading: "棋子（每方 25 枚）：級別與數量，從大到小",
            paragraphs: &["交戰時級別高的獲勝。有些棋子另有特殊本領："],
            figure: Some(Figure::Below(Diagram::Pieces)),
        },
        Section {
            heading: "走子",
            paragraphs: &[
                "雙方輪流走子，每次走一步棋。軍旗和地雷不能移動，進入大本營的棋子也不能再動。",
                "沿公路每次走一步。沿鐵路可以直線走任意距離，但途中每個點都必須是空的；最後停在空點上，或攻擊路上遇到的第一個敵方棋子。",
                "工兵還可以在鐵路上拐彎，只要途經的點都是空的，鐵路通到哪裡就能走到哪裡。",
                "不能走到己方棋子上，也不能進入已有棋子的行營。",
            ],
            figure: None,
        },
        Section {
            heading: "交戰",
            paragraphs: &[
                "走到敵方棋子上就是攻擊。按下列規則依次判斷，第一條適用的規則決定結果：",
                "1. 任一方是炸彈：雙方同歸於盡。",
                "2. 被攻擊的是軍旗：軍旗被奪，棋局結束。",
                "3. 被攻擊的是地雷：工兵排除地雷並佔據該點；其他棋子撞雷陣亡，地雷留下。",
                "4. 級別相同：雙方同歸於盡。",
                "5. 否則級別高的獲勝：輸的一方被移除，贏的一方佔據該點。",
                "你只能知道交戰的結果（勝、負或同歸於盡），不會知道對方棋子的級別。只有一個例外：一方的司令陣亡後，這一方的軍旗位置亮出。",
            ],
            figure: None,
        },
        Section {
            heading: "勝負與和棋",
            paragraphs: &[
                "奪取（或炸掉）對方軍旗即獲勝。輪到你走時若無棋可走，判負。也可以認輸，或雙方同意和棋。",
                "預設情況下，連續 100 步（雙方的步數合計）沒有交戰，判為和棋；按比賽規則則是 31 步，且由輪到走棋的一方判負。同一局面第三次出現且輪到同一方走棋時，判為和棋。",
            ],
            figure: None,
        },
        Section {
            heading: "lanqi 的公平對局",
            paragraphs: &[
                "你的棋子是真正隱藏的，不只是在螢幕上看不到：lanqi 從不把你的佈陣發給對方的電腦，所以誰也無法偷看，抓包也不行。開局前，雙方用密碼學承諾封存各自的佈陣；每次交戰都由一個只告訴雙方結果的協議來判定。棋局結束後，雙方公開佈陣，整局棋重放一遍：任何關於棋子或交戰的謊言都會被發現並顯示出來，附有簽名證據。",
            ],
            figure: None,
        },
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
