//! The UI's words in English and Chinese, all in one place: the fixed words of every screen
//! ([`AppText`], through [`Lang::app`]), the phrases made of words and values ([`Lang`]'s
//! methods). Why a game ended is the ending's own words (`session::Reason::words`). The
//! language ([`Lang`], from `crate::lang`) is chosen from the locale environment variables
//! and switchable at run time.
//!
//! Every character of the Chinese strings must be in the bundled font subset (it holds all
//! of GB 2312; `tests/gui_font.rs` checks): after adding a rarer one run
//! `scripts/make-font-subset.sh`.

use crate::rules::junqi::{BattleResult, Kind, LayoutError, Report, Square};
use crate::session::GameKind;

pub use crate::lang::Lang;

impl Lang {
    /// The app's fixed words in this language: every screen's.
    pub fn app(self) -> &'static AppText {
        match self {
            Lang::En => &EN,
            Lang::Zh => &ZH,
        }
    }
}

/// The UI's fixed words in one language: the lobby's, the game screen's, hot-seat play's
/// and the deployment screen's.
#[derive(Debug)]
pub struct AppText {
    /// The app window's title.
    pub title: &'static str,
    /// Under the app's name in the lobby.
    pub tagline: &'static str,
    /// "Your name".
    pub your_name: &'static str,
    /// The button that applies a new name.
    pub rename: &'static str,
    /// "Key fingerprint".
    pub fingerprint: &'static str,
    /// Before the list of own addresses.
    pub reach_me: &'static str,
    /// While the network is starting.
    pub starting: &'static str,
    /// Heading of the list of peers found.
    pub found_heading: &'static str,
    /// When nobody was found yet.
    pub found_none: &'static str,
    /// The challenge button.
    pub challenge: &'static str,
    /// A found peer in a game.
    pub busy: &'static str,
    /// A found peer ready to play.
    pub idle: &'static str,
    /// A found peer that has not answered yet.
    pub not_reachable: &'static str,
    /// The button that asks to watch a game (观战).
    pub watch: &'static str,
    /// The spectator screen's button back to the lobby.
    pub stop_watching: &'static str,
    /// The spectator screen before the player has said which game it plays.
    pub watch_waiting: &'static str,
    /// The spectator screen: the audit passed.
    pub watch_audit_ok: &'static str,
    /// The spectator screen: the audit found a lie.
    pub watch_audit_failed: &'static str,
    /// Junqi's two sides, South (seat 0) and North.
    pub south_north: [&'static str; 2],
    /// Heading of the direct address box.
    pub direct_heading: &'static str,
    /// Placeholder of the direct address box.
    pub direct_placeholder: &'static str,
    /// While my challenge is out.
    pub challenging: &'static str,
    /// Accept a challenge.
    pub accept: &'static str,
    /// Decline a challenge.
    pub decline: &'static str,
    /// The word on the button to a game's rules page (see [`Lang::page_button`]).
    pub rules: &'static str,
    /// The word on the button to a game's history page.
    pub history: &'static str,
    /// Heading of the computer opponents.
    pub computer_heading: &'static str,
    /// What playing the computer means.
    pub computer_note: &'static str,
    /// Heading of hot-seat play (two people at this screen).
    pub hotseat_heading: &'static str,
    /// What hot-seat play means.
    pub hotseat_note: &'static str,
    /// Placeholder of the second player's name box.
    pub hotseat_placeholder: &'static str,
    /// The second player's name when none is typed.
    pub hotseat_default: &'static str,
    /// The button that starts a hot-seat game.
    pub hotseat_start: &'static str,
    /// Why the second player in hot-seat play has no layout library.
    pub hotseat_no_library: &'static str,
    /// Under the curtain: why the board is covered.
    pub curtain_note: &'static str,
    /// The curtain's button: the player at the screen uncovers the board.
    pub curtain_show: &'static str,
    /// Heading of the saved games in the lobby.
    pub saved_heading: &'static str,
    /// The button that opens a saved game.
    pub open: &'static str,
    /// Xiangqi's two sides, Red and Black.
    pub red_black: [&'static str; 2],
    /// Gomoku's stone colours, seat 1 to 4.
    pub stone_colours: [&'static str; 4],
    /// Gomoku: the button that shows the move numbers on the stones, and the one that
    /// hides them.
    pub move_numbers: [&'static str; 2],
    /// Gomoku's rule sets, in the order of `Rule::ALL` (freestyle, standard, renju, caro).
    pub gomoku_rules: [&'static str; 4],
    /// The lobby's Gomoku settings: the rule set's label.
    pub gomoku_rule: &'static str,
    /// The lobby's Gomoku settings: the board's label (columns × rows).
    pub gomoku_board: &'static str,
    /// The lobby's Gomoku settings: the win length's label.
    pub gomoku_win: &'static str,
    /// The lobby's Gomoku settings: the opening rule's label.
    pub gomoku_opening: &'static str,
    /// Gomoku's opening rules, in the order of `Opening::ALL` (none, swap, swap2).
    pub gomoku_openings: [&'static str; 3],
    /// Gomoku: above the opening decision's buttons.
    pub gomoku_choose: &'static str,
    /// Gomoku: the opening decision's buttons, in the order of `Choice::SWAP2` (take Black,
    /// take White, place two more stones).
    pub gomoku_choices: [&'static str; 3],
    /// Before where a game was saved.
    pub saved_to: &'static str,
    /// The Save game button (Xiangqi).
    pub save_game: &'static str,
    /// "Game:" before the game picker.
    pub game_label: &'static str,
    /// Before the time controls in the lobby.
    pub clock_label: &'static str,
    /// The sound switch, when sound is on and when it is off.
    pub sound: [&'static str; 2],
    /// In place of the switch where nothing can play sounds.
    pub sound_unavailable: &'static str,
    /// The lobby's spectators switch, when others may watch my games and when not.
    pub spectators: [&'static str; 2],
    /// The three levels' buttons.
    pub levels: [&'static str; 3],
    /// Back from the rules page.
    pub back: &'static str,
    /// "Language".
    pub language: &'static str,
    /// Deployment: I am ready, the opponent not yet.
    pub waiting_deploy: &'static str,
    /// Deployment: the opponent is ready.
    pub opponent_ready: &'static str,
    /// Deployment: the opponent is still deploying.
    pub opponent_deploying: &'static str,
    /// The turn line: mine.
    pub your_turn: &'static str,
    /// The turn line: the opponent's.
    pub their_turn: &'static str,
    /// The turn line: a battle is being decided.
    pub deciding: &'static str,
    /// The turn line: over.
    pub game_over: &'static str,
    /// "You".
    pub you: &'static str,
    /// No clock.
    pub no_clock: &'static str,
    /// Lost pieces heading.
    pub lost: &'static str,
    /// Nothing lost.
    pub lost_none: &'static str,
    /// Ask to undo.
    pub undo: &'static str,
    /// Offer a draw.
    pub offer_draw: &'static str,
    /// Resign.
    pub resign: &'static str,
    /// Confirm resigning: the question.
    pub resign_question: &'static str,
    /// Confirm resigning: yes.
    pub resign_yes: &'static str,
    /// Leave the game without ending it (it is saved, to resume later).
    pub adjourn: &'static str,
    /// The lobby's heading over an unfinished game.
    pub adjourned_heading: &'static str,
    /// Resume the unfinished game.
    pub resume: &'static str,
    /// Give up the unfinished game.
    pub abandon: &'static str,
    /// The computer as an opponent (with its level after it).
    pub computer_name: &'static str,
    /// Over the Xiangqi engines offered as opponents.
    pub engines_note: &'static str,
    /// The engine path box's placeholder.
    pub engine_path: &'static str,
    /// Check the engine typed and offer it.
    pub engine_add: &'static str,
    /// Play an engine.
    pub engine_play: &'static str,
    /// While the engine typed is being checked.
    pub engine_checking: &'static str,
    /// The time control list's last entry: one's own.
    pub clock_custom: &'static str,
    /// The custom time control's boxes: minutes per side.
    pub clock_minutes: &'static str,
    /// The custom time control's boxes: seconds per move.
    pub clock_seconds: &'static str,
    /// Propose the custom time control.
    pub clock_use: &'static str,
    /// The lobby's heading over the finished games.
    pub finished_heading: &'static str,
    /// Review a finished game.
    pub review: &'static str,
    /// A finished game's result for me: won, lost, drawn.
    pub results: [&'static str; 3],
    /// Confirm giving it up: the question.
    pub abandon_question: &'static str,
    /// Confirm giving it up: no, keep it.
    pub keep: &'static str,
    /// Cancel a dialog.
    pub cancel: &'static str,
    /// Start the next game.
    pub new_game: &'static str,
    /// The challenger starts the next game.
    pub challenger_restarts: &'static str,
    /// Back to the lobby.
    pub to_lobby: &'static str,
    /// Moves heading.
    pub moves_heading: &'static str,
    /// Chat heading.
    pub chat_heading: &'static str,
    /// Chat box placeholder.
    pub chat_placeholder: &'static str,
    /// Send a chat line.
    pub send: &'static str,
    /// Accept an undo or a draw.
    pub agree: &'static str,
    /// Refuse an undo or a draw.
    pub refuse: &'static str,
    /// My undo request is out.
    pub undo_waiting: &'static str,
    /// My draw offer is out.
    pub draw_waiting: &'static str,
    /// The opponent offers a draw.
    pub draw_offered: &'static str,
    /// End dialog: I won.
    pub you_won: &'static str,
    /// End dialog: I lost.
    pub you_lost: &'static str,
    /// End dialog: a draw.
    pub draw: &'static str,
    /// End dialog: look at the board.
    pub see_board: &'static str,
    /// The audit is awaited.
    pub audit_waiting: &'static str,
    /// The audit passed.
    pub audit_ok: &'static str,
    /// The audit found lies.
    pub audit_failed: &'static str,
    /// The replay slider's label.
    pub replay: &'static str,
    /// Shown over the replay: every piece is shown.
    pub replay_hint: &'static str,
    /// The network could not start.
    pub network_failed: &'static str,
    /// A move taken back, in the move list.
    pub taken_back: &'static str,
    // The deployment screen.
    /// The deployment preview window's title.
    pub deploy_title: &'static str,
    /// The deployment screen's heading.
    pub deploy_heading: &'static str,
    /// What to do on the deployment screen.
    pub deploy_hint: &'static str,
    /// How to read the board, a line per feature.
    pub legend: [&'static str; 4],
    /// The heading of the list of pieces.
    pub pieces_heading: &'static str,
    /// The random layout button.
    pub random: &'static str,
    /// The ready button.
    pub ready: &'static str,
    /// Shown after Ready.
    pub ready_done: &'static str,
    /// The layout name box's placeholder.
    pub name_placeholder: &'static str,
    /// The save section's heading.
    pub save_heading: &'static str,
    /// The save button.
    pub save: &'static str,
    /// The saved layouts heading.
    pub library_heading: &'static str,
    /// Shown when nothing is saved.
    pub library_empty: &'static str,
    /// Shown when the profile directory cannot be used.
    pub library_unavailable: &'static str,
    /// The load button.
    pub load: &'static str,
    /// The delete button.
    pub delete: &'static str,
    /// The layout text heading.
    pub text_heading: &'static str,
    /// The layout text box's placeholder.
    pub text_placeholder: &'static str,
    /// The import button.
    pub import: &'static str,
    /// The export button.
    pub export: &'static str,
    /// Shown after Export.
    pub exported: &'static str,
    /// Shown after Import.
    pub imported: &'static str,
    /// Shown after Random.
    pub randomised: &'static str,
}

const EN: AppText = AppText {
    title: "lanqi — Junqi on your LAN",
    tagline: "Junqi, Xiangqi, Gomoku and Tibetan chess with people on your network. No server, no account.",
    your_name: "Your name",
    rename: "Change",
    fingerprint: "Key fingerprint",
    reach_me: "Others can reach you at",
    starting: "Starting the network…",
    found_heading: "Players on your network",
    found_none: "Nobody found yet. Others who open lanqi on this network appear here; or type an address below.",
    challenge: "Challenge",
    busy: "busy",
    idle: "ready",
    not_reachable: "not answering yet",
    watch: "Watch",
    stop_watching: "Stop watching",
    watch_waiting: "Waiting for the game to start…",
    watch_audit_ok: "Audit passed: both sides played fair.",
    watch_audit_failed: "Audit failed: a player lied.",
    south_north: ["South", "North"],
    direct_heading: "Play someone by address",
    direct_placeholder: "IP:PORT, e.g. 192.168.1.20:40000",
    challenging: "Challenge sent: waiting for an answer…",
    accept: "Accept",
    decline: "Decline",
    rules: "Rules",
    history: "History",
    computer_heading: "Play the computer",
    computer_note: "A computer player on this machine (in Junqi it sees no more of your pieces than anyone).",
    saved_heading: "Saved games",
    open: "Open",
    red_black: ["Red", "Black"],
    stone_colours: ["Black", "White", "Red", "Blue"],
    move_numbers: ["Show move numbers", "Hide move numbers"],
    gomoku_rules: ["Freestyle", "Standard (exactly five)", "Renju", "Caro"],
    gomoku_rule: "Rules",
    gomoku_board: "Board (columns × rows)",
    gomoku_win: "In a row to win",
    gomoku_opening: "Opening",
    gomoku_openings: ["No swap", "Swap", "Swap2"],
    gomoku_choose: "Your decision:",
    gomoku_choices: ["Take Black", "Take White", "Place two more stones"],
    hotseat_heading: "Two players, one screen",
    hotseat_note: "Take turns at this computer. In Junqi the board is covered between turns.",
    hotseat_placeholder: "Second player's name",
    hotseat_default: "Player 2",
    hotseat_start: "Play here",
    hotseat_no_library: "The saved layouts here are the first player's; the second player deploys without them.",
    curtain_note: "The board is covered so that nobody sees the other army.",
    curtain_show: "I am at the screen: show my board",
    game_label: "Game:",
    clock_label: "Time:",
    save_game: "Save game",
    saved_to: "Saved to",
    sound: ["Sound: on", "Sound: off"],
    sound_unavailable: "Sound: none here",
    spectators: ["Spectators: allowed", "Spectators: not allowed"],
    levels: ["Easy", "Medium", "Hard"],
    back: "Back",
    language: "Language",
    waiting_deploy: "You are ready. Waiting for your opponent to deploy…",
    opponent_ready: "Your opponent is ready.",
    opponent_deploying: "Your opponent is still deploying.",
    your_turn: "Your turn",
    their_turn: "Their turn",
    deciding: "Deciding the battle…",
    game_over: "Game over",
    you: "You",
    no_clock: "no time limit",
    lost: "Lost",
    lost_none: "nothing",
    undo: "Undo",
    offer_draw: "Offer draw",
    resign: "Resign",
    resign_question: "Resign this game? Your opponent wins.",
    resign_yes: "Yes, resign",
    adjourn: "Adjourn",
    adjourned_heading: "Unfinished game",
    resume: "Resume",
    abandon: "Abandon",
    computer_name: "Computer",
    engines_note: "Xiangqi engines on this machine (1 s a move):",
    engine_path: "Another engine: the path of a UCI or UCCI program",
    engine_add: "Add",
    engine_play: "Play",
    engine_checking: "Checking the engine…",
    finished_heading: "Finished games",
    clock_custom: "Custom…",
    clock_minutes: "minutes a side",
    clock_seconds: "seconds a move",
    clock_use: "Use",
    review: "Review",
    results: ["won", "lost", "drawn"],
    abandon_question: "Abandon this game? It counts as a loss.",
    keep: "Keep it",
    cancel: "Cancel",
    new_game: "New game",
    challenger_restarts: "The challenger starts the next game.",
    to_lobby: "Back to lobby",
    moves_heading: "Moves",
    chat_heading: "Chat",
    chat_placeholder: "Say something…",
    send: "Send",
    agree: "Accept",
    refuse: "Refuse",
    undo_waiting: "You asked to take your move back: waiting for the answer…",
    draw_waiting: "You offered a draw: waiting for the answer…",
    draw_offered: "Your opponent offers a draw.",
    you_won: "You won!",
    you_lost: "You lost",
    draw: "Draw",
    see_board: "See the board",
    audit_waiting: "Checking the game (both sides open their pieces)…",
    audit_ok: "Checked: both sides played fair. Every piece is shown below.",
    audit_failed: "The check found lies:",
    replay: "Replay",
    replay_hint: "Every piece shown. Drag the slider to replay the game.",
    network_failed: "The network could not start",
    taken_back: "taken back",
    deploy_title: "lanqi — Junqi deployment",
    deploy_heading: "Deploy your army",
    deploy_hint: "Your half is at the bottom. Click one of your pieces, then another, to swap them.",
    legend: [
        "Railways (dark tracks): a piece runs any distance along them in a straight line.",
        "Camps (circles): a piece in a camp cannot be attacked. They start empty.",
        "Headquarters (大本营): the flag must stand in one; pieces there never move.",
        "Landmines stay on your last two rows; bombs may not start on the front row.",
    ],
    pieces_heading: "The pieces, strongest first (a bomb takes anything with it; only an engineer clears a landmine)",
    random: "Random",
    ready: "Ready",
    ready_done: "Ready! This layout will be used when the game starts.",
    name_placeholder: "Layout name",
    save_heading: "Keep this layout",
    save: "Save",
    library_heading: "Saved layouts",
    library_empty: "No saved layouts yet.",
    library_unavailable: "The layout library is not available.",
    load: "Load",
    delete: "Delete",
    text_heading: "Layout text (to share or keep)",
    text_placeholder: "e.g. hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf",
    import: "Import",
    export: "Export",
    exported: "The layout text is in the box: copy it to share it.",
    imported: "Imported the layout from the text.",
    randomised: "A new random layout.",
};

const ZH: AppText = AppText {
    title: "lanqi — 局域网军棋",
    tagline: "和同一网络的人下军棋、象棋、五子棋和七方棋。无需服务器，无需账号。",
    your_name: "你的名字",
    rename: "修改",
    fingerprint: "密钥指纹",
    reach_me: "别人可以通过这些地址找到你",
    starting: "正在启动网络…",
    found_heading: "网络上的玩家",
    found_none: "还没有找到玩家。同一网络中打开 lanqi 的人会出现在这里；也可以在下方输入地址。",
    challenge: "挑战",
    busy: "对局中",
    idle: "空闲",
    not_reachable: "暂无应答",
    watch: "观战",
    stop_watching: "停止观战",
    watch_waiting: "等待对局开始…",
    watch_audit_ok: "核验通过：双方都没有作弊。",
    watch_audit_failed: "核验发现有人作弊。",
    south_north: ["南方", "北方"],
    direct_heading: "按地址挑战",
    direct_placeholder: "IP:端口，例如 192.168.1.20:40000",
    challenging: "挑战已发出，等待对方回应…",
    accept: "接受",
    decline: "拒绝",
    rules: "规则",
    history: "历史",
    computer_heading: "与电脑对弈",
    computer_note: "本机上的电脑棋手（军棋里它和真人一样看不到你的棋子）。",
    saved_heading: "保存的对局",
    open: "打开",
    red_black: ["红方", "黑方"],
    stone_colours: ["黑棋", "白棋", "红棋", "蓝棋"],
    move_numbers: ["显示手数", "隐藏手数"],
    gomoku_rules: [
        "无禁手",
        "标准（恰好五子）",
        "连珠（黑棋有禁手）",
        "卡罗（两端不被堵）",
    ],
    gomoku_rule: "规则",
    gomoku_board: "棋盘（列 × 行）",
    gomoku_win: "连成几子获胜",
    gomoku_opening: "开局",
    gomoku_openings: ["不交换", "交换（Swap）", "二次交换（Swap2）"],
    gomoku_choose: "请你决定：",
    gomoku_choices: ["执黑", "执白", "再下两子"],
    hotseat_heading: "两人同屏对弈",
    hotseat_note: "两人在这台电脑上轮流走棋。军棋每步之间会遮住棋盘。",
    hotseat_placeholder: "第二位玩家的名字",
    hotseat_default: "玩家二",
    hotseat_start: "在这里下",
    hotseat_no_library: "这里保存的布阵属于第一位玩家，第二位玩家不使用它们。",
    curtain_note: "棋盘已遮住，谁也看不到对方的棋子。",
    curtain_show: "我已坐好：显示我的棋盘",
    game_label: "棋类：",
    clock_label: "用时：",
    save_game: "保存棋局",
    saved_to: "已保存到",
    sound: ["声音：开", "声音：关"],
    sound_unavailable: "声音：本机无法播放",
    spectators: ["观战：允许", "观战：不允许"],
    levels: ["简单", "中等", "困难"],
    back: "返回",
    language: "语言",
    waiting_deploy: "你已准备好，等待对方布阵…",
    opponent_ready: "对方已准备好。",
    opponent_deploying: "对方还在布阵。",
    your_turn: "轮到你走",
    their_turn: "轮到对方",
    deciding: "正在判定交战…",
    game_over: "对局结束",
    you: "你",
    no_clock: "不限时",
    lost: "损失",
    lost_none: "无",
    undo: "悔棋",
    offer_draw: "提和",
    resign: "认输",
    resign_question: "确定认输吗？对方将获胜。",
    resign_yes: "确定认输",
    adjourn: "封盘",
    adjourned_heading: "未下完的对局",
    resume: "继续对局",
    abandon: "放弃",
    computer_name: "电脑",
    engines_note: "本机的象棋引擎（每步 1 秒）：",
    engine_path: "其他引擎：UCI 或 UCCI 程序的路径",
    engine_add: "添加",
    engine_play: "对弈",
    engine_checking: "正在检查引擎…",
    finished_heading: "下完的对局",
    clock_custom: "自定义…",
    clock_minutes: "每方局时（分钟）",
    clock_seconds: "步时（秒）",
    clock_use: "使用",
    review: "复盘",
    results: ["胜", "负", "和"],
    abandon_question: "确定放弃这局吗？将记为负局。",
    keep: "保留",
    cancel: "取消",
    new_game: "再来一局",
    challenger_restarts: "由挑战方开始下一局。",
    to_lobby: "返回大厅",
    moves_heading: "着法",
    chat_heading: "聊天",
    chat_placeholder: "说点什么…",
    send: "发送",
    agree: "同意",
    refuse: "不同意",
    undo_waiting: "你请求悔棋，等待对方回应…",
    draw_waiting: "你已提和，等待对方回应…",
    draw_offered: "对方提议和棋。",
    you_won: "你赢了！",
    you_lost: "你输了",
    draw: "和棋",
    see_board: "查看棋盘",
    audit_waiting: "正在核验对局（双方亮出全部棋子）…",
    audit_ok: "核验通过：双方都没有作弊。下面显示全部棋子。",
    audit_failed: "核验发现作弊：",
    replay: "回放",
    replay_hint: "全部棋子已亮出。拖动滑块回放对局。",
    network_failed: "网络无法启动",
    taken_back: "已悔",
    deploy_title: "lanqi — 军棋布阵",
    deploy_heading: "布阵",
    deploy_hint: "下方是你的半场。先点一枚己方棋子，再点另一枚，即可交换位置。",
    legend: [
        "铁路（深色轨道）：棋子可沿直线走任意格。",
        "行营（圆圈）：营中棋子不可被攻击，开局时空着。",
        "大本营：军旗必须放在其中，进入的棋子不能再动。",
        "地雷只能放在最后两行，炸弹不能放在最前一行。",
    ],
    pieces_heading: "棋子从大到小（炸弹与对方同归于尽，只有工兵能排地雷）",
    random: "随机布阵",
    ready: "准备好了",
    ready_done: "已准备！开局时将使用此布阵。",
    name_placeholder: "布阵名称",
    save_heading: "保存此布阵",
    save: "保存",
    library_heading: "已存布阵",
    library_empty: "还没有保存的布阵。",
    library_unavailable: "布阵库不可用。",
    load: "载入",
    delete: "删除",
    text_heading: "布阵文本（用于分享或备份）",
    text_placeholder: "例如 hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf",
    import: "导入",
    export: "导出",
    exported: "布阵文本已放入文本框，可复制分享。",
    imported: "已从文本导入布阵。",
    randomised: "已随机生成新布阵。",
};

/// The phrases of the lobby, the game screen and hot-seat play.
impl Lang {
    /// "`name` challenges you to Junqi."
    pub fn challenged_by(self, name: &str, game: GameKind) -> String {
        let game_name = match game {
            GameKind::Gomoku(settings) => {
                format!(
                    "{} ({})",
                    self.game_name(game),
                    self.gomoku_settings(settings)
                )
            }
            GameKind::Tibetan(rules) if rules != crate::rules::tibetan::Rules::default() => {
                format!(
                    "{} ({})",
                    self.game_name(game),
                    self.tibetan_settings(rules)
                )
            }
            _ => self.game_name(game),
        };
        match self {
            Lang::En => format!("{name} challenges you to a game of {game_name}."),
            Lang::Zh => format!("{name} 向你发起{game_name}挑战。"),
        }
    }

    /// The spectator screen's heading: who plays whom (each with their side), and what.
    pub fn watching_title(self, names: &[&str], sides: &[&str], game: GameKind) -> String {
        let game_name = self.game_name(game);
        let players: Vec<String> = names
            .iter()
            .enumerate()
            .map(|(i, name)| {
                let side = sides.get(i).copied().unwrap_or("?");
                match self {
                    Lang::En => format!("{name} ({side})"),
                    Lang::Zh => format!("{name}（{side}）"),
                }
            })
            .collect();
        match self {
            Lang::En => format!("Watching {} · {game_name}", players.join(" vs ")),
            Lang::Zh => format!("正在观战：{}· {game_name}", players.join(" 对 ")),
        }
    }

    /// A Gomoku seat's stone colour (seat 0 is Black).
    pub fn stone_colour(self, seat: u8) -> &'static str {
        self.app().stone_colours[usize::from(seat.min(3))]
    }

    /// Gomoku: beside a seat's name, its colour and how many stones it has on the board.
    pub fn stones(self, seat: u8, n: usize) -> String {
        let colour = self.stone_colour(seat);
        match self {
            Lang::En if n == 1 => format!("{colour} · 1 stone"),
            Lang::En => format!("{colour} · {n} stones"),
            Lang::Zh => format!("{colour} · {n} 子"),
        }
    }

    /// Gomoku, renju: why Black may not play on `point` (`shape` is the first forbidden
    /// shape the move makes).
    pub fn forbidden(self, point: &str, shape: crate::rules::gomoku::Shape) -> String {
        use crate::rules::gomoku::Shape;
        match (self, shape) {
            (Lang::En, Shape::Overline) => {
                format!("Black may not play {point} in renju: an overline (six or more in a row).")
            }
            (Lang::En, Shape::DoubleFour) => {
                format!("Black may not play {point} in renju: a double four (4x4).")
            }
            (Lang::En, Shape::DoubleThree) => {
                format!("Black may not play {point} in renju: a double three (3x3).")
            }
            (Lang::Zh, Shape::Overline) => format!("连珠规则：黑棋不能下 {point}，长连禁手。"),
            (Lang::Zh, Shape::DoubleFour) => format!("连珠规则：黑棋不能下 {point}，四四禁手。"),
            (Lang::Zh, Shape::DoubleThree) => format!("连珠规则：黑棋不能下 {point}，三三禁手。"),
        }
    }

    /// A Gomoku rule set's name.
    pub fn gomoku_rule(self, rule: crate::rules::gomoku::Rule) -> &'static str {
        let i = crate::rules::gomoku::Rule::ALL
            .iter()
            .position(|r| *r == rule)
            .unwrap_or(0);
        self.app().gomoku_rules[i]
    }

    /// Gomoku's settings in words: `Renju · 15×15 · 5 in a row` (and ` · Swap2` with an
    /// opening rule).
    pub fn gomoku_settings(self, settings: crate::rules::gomoku::Settings) -> String {
        let rule = self.gomoku_rule(settings.rule);
        let (w, h, n) = (settings.size.width(), settings.size.height(), settings.win);
        let seats = match (self, settings.seats) {
            (_, 2) => String::new(),
            (Lang::En, s) => format!(" · {s} players"),
            (Lang::Zh, s) => format!(" · {s} 人"),
        };
        let opening = match settings.opening {
            crate::rules::gomoku::Opening::None => String::new(),
            o => format!(" · {}", self.gomoku_opening(o)),
        };
        match self {
            Lang::En => format!("{rule} · {w}×{h} · {n} in a row{seats}{opening}"),
            Lang::Zh => format!("{rule} · {w}×{h} · {n} 子连珠{seats}{opening}"),
        }
    }

    /// A Gomoku opening rule's name.
    pub fn gomoku_opening(self, opening: crate::rules::gomoku::Opening) -> &'static str {
        let i = crate::rules::gomoku::Opening::ALL
            .iter()
            .position(|o| *o == opening)
            .unwrap_or(0);
        self.app().gomoku_openings[i]
    }

    /// A Gomoku opening decision's button.
    pub fn gomoku_choice(self, choice: crate::rules::gomoku::Choice) -> &'static str {
        let i = crate::rules::gomoku::Choice::SWAP2
            .iter()
            .position(|c| *c == choice)
            .unwrap_or(0);
        self.app().gomoku_choices[i]
    }

    /// Gomoku: an opening decision in the move list, `who` having made it.
    pub fn gomoku_chose(self, who: &str, choice: crate::rules::gomoku::Choice) -> String {
        use crate::rules::gomoku::Choice;
        // "You take", "bob takes": the verb agrees with who it is.
        let s = if who == self.app().you { "" } else { "s" };
        match (self, choice) {
            (Lang::En, Choice::Black) => format!("{who} take{s} Black"),
            (Lang::En, Choice::White) => format!("{who} take{s} White"),
            (Lang::En, Choice::Place2) => format!("{who} place{s} two more stones"),
            (Lang::Zh, Choice::Black) => format!("{who} 执黑"),
            (Lang::Zh, Choice::White) => format!("{who} 执白"),
            (Lang::Zh, Choice::Place2) => format!("{who} 再下两子"),
        }
    }

    /// Gomoku: what the opening waits for, under the board while the colours are not
    /// chosen: `who` places a stone of `colour` (seat 0's is Black), or (`colour` `None`)
    /// decides, `place2` saying whether two more stones may be chosen.
    pub fn gomoku_opening_step(self, who: &str, colour: Option<u8>, place2: bool) -> String {
        let s = if who == self.app().you { "" } else { "s" };
        match (self, colour) {
            (Lang::En, Some(c)) => format!(
                "Opening: {who} place{s} a {} stone; the colours are chosen afterwards.",
                self.stone_colour(c).to_lowercase()
            ),
            (Lang::Zh, Some(c)) => format!(
                "开局：{who} 下一枚{}，之后再定谁执黑谁执白。",
                self.stone_colour(c)
            ),
            (Lang::En, None) if place2 => format!(
                "Opening: {who} take{s} Black or White, or place{s} two more stones (White, then Black) and let{s} the other choose."
            ),
            (Lang::En, None) => format!("Opening: {who} take{s} Black or White."),
            (Lang::Zh, None) if place2 => {
                format!("开局：由 {who} 选择执黑或执白，或再下两子（先白后黑）让对方选择。")
            }
            (Lang::Zh, None) => format!("开局：由 {who} 选择执黑或执白。"),
        }
    }

    /// The spectator screen's heading before the game is known: whose game it is.
    pub fn watching_player(self, name: &str) -> String {
        match self {
            Lang::En => format!("Watching {name}'s game"),
            Lang::Zh => format!("正在观战 {name} 的对局"),
        }
    }

    /// The end dialog's title in hot-seat play: who won.
    pub fn wins(self, name: &str) -> String {
        match self {
            Lang::En => format!("{name} wins"),
            Lang::Zh => format!("{name}获胜"),
        }
    }

    /// Hot-seat: the button that covers the board for the next player.
    pub fn pass_to(self, name: &str) -> String {
        match self {
            Lang::En => format!("Pass the screen to {name}"),
            Lang::Zh => format!("把屏幕交给{name}"),
        }
    }

    /// Hot-seat: the curtain's heading.
    pub fn curtain_turn(self, name: &str) -> String {
        match self {
            Lang::En => format!("{name}'s turn"),
            Lang::Zh => format!("轮到{name}"),
        }
    }

    /// A finished game in the lobby: which, with whom, how it ended, how long it was.
    pub fn finished_line(self, game: GameKind, opponent: &str, result: &str, moves: u32) -> String {
        let game = self.game_name(game);
        match self {
            Lang::En if moves == 1 => format!("{game} with {opponent}: {result}, 1 move"),
            Lang::En => format!("{game} with {opponent}: {result}, {moves} moves"),
            Lang::Zh => format!("与 {opponent} 的{game}：{result}，{moves} 步"),
        }
    }

    /// Where a game was exported.
    pub fn exported(self, path: &str) -> String {
        match self {
            Lang::En => format!("Exported to {path}"),
            Lang::Zh => format!("已导出到 {path}"),
        }
    }

    /// An unfinished game in the lobby: which, with whom, how far.
    pub fn adjourned_line(self, game: GameKind, opponent: &str, moves: u32) -> String {
        let game = self.game_name(game);
        match self {
            Lang::En if moves == 1 => format!("{game} with {opponent}, 1 move played"),
            Lang::En => format!("{game} with {opponent}, {moves} moves played"),
            Lang::Zh => format!("与 {opponent} 的{game}，已下 {moves} 步"),
        }
    }

    /// "`name` asks to take back move `ply`."
    pub fn undo_asked(self, name: &str, ply: u32) -> String {
        match self {
            Lang::En => format!("{name} asks to take back move {ply}."),
            Lang::Zh => format!("{name} 请求悔棋（第 {ply} 步）。"),
        }
    }

    /// "`name` offers a draw."
    pub fn draw_offered_by(self, name: &str) -> String {
        match self {
            Lang::En => format!("{name} offers a draw."),
            Lang::Zh => format!("{name} 提议和棋。"),
        }
    }

    /// "`name`'s turn".
    pub fn turn_of(self, name: &str) -> String {
        match self {
            Lang::En => format!("{name}'s turn"),
            Lang::Zh => format!("轮到 {name}"),
        }
    }

    /// A battle's outcome from my side, for the flash under the board. `mine` is my
    /// piece's kind when known; `attacked` says whether I moved.
    pub fn battle(self, attacked: bool, outcome: Report, mine: Option<Kind>, at: &str) -> String {
        use BattleResult::{AttackerWins as Won, BothRemoved as Both, DefenderWins as Held};
        let p = match (self, mine) {
            (Lang::En, Some(k)) => format!("Your {}", k.name()),
            (Lang::En, None) => "Your piece".to_string(),
            (Lang::Zh, Some(k)) => format!("你的{}", k.chinese()),
            (Lang::Zh, None) => "你的棋子".to_string(),
        };
        match (self, attacked, outcome.result, outcome.flag) {
            (Lang::En, true, Won, false) => format!("{p} attacked {at} and won."),
            (Lang::En, true, Held, _) => format!("{p} attacked {at} and was lost."),
            (Lang::En, true, Both, false) => {
                format!("{p} attacked {at}: both pieces were removed.")
            }
            (Lang::En, true, Won, true) => format!("{p} captured the flag on {at}!"),
            (Lang::En, true, Both, true) => format!("{p} took the flag on {at} with it!"),
            (Lang::En, false, Won, false) => format!("{p} on {at} was taken."),
            (Lang::En, false, Held, _) => format!("{p} on {at} held off an attack."),
            (Lang::En, false, Both, false) => format!("{p} on {at} and its attacker were removed."),
            (Lang::En, false, _, true) => format!("Your flag on {at} was taken."),
            (Lang::Zh, true, Won, false) => format!("{p}进攻 {at}，获胜。"),
            (Lang::Zh, true, Held, _) => format!("{p}进攻 {at}，阵亡。"),
            (Lang::Zh, true, Both, false) => format!("{p}进攻 {at}，同归于尽。"),
            (Lang::Zh, true, Won, true) => format!("{p}夺取了 {at} 的军旗！"),
            (Lang::Zh, true, Both, true) => format!("{p}炸掉了 {at} 的军旗！"),
            (Lang::Zh, false, Won, false) => format!("{p}（{at}）被吃掉。"),
            (Lang::Zh, false, Held, _) => format!("{p}（{at}）守住了。"),
            (Lang::Zh, false, Both, false) => format!("{p}（{at}）与来犯者同归于尽。"),
            (Lang::Zh, false, _, true) => format!("你在 {at} 的军旗被夺。"),
        }
    }

    /// "`n` pieces" lost by the opponent, kinds hidden until the end.
    pub fn hidden_losses(self, n: usize) -> String {
        match self {
            Lang::En if n == 1 => "1 piece (hidden until the end)".to_string(),
            Lang::En => format!("{n} pieces (hidden until the end)"),
            Lang::Zh => format!("{n} 枚（终局后揭晓）"),
        }
    }

    /// A battle's outcome (from the attacker's side) for the move list.
    pub fn outcome(self, outcome: Report) -> &'static str {
        use BattleResult::{AttackerWins as Won, BothRemoved as Both, DefenderWins as Held};
        match (self, outcome.result, outcome.flag) {
            (Lang::En, Won, false) => "attacker won",
            (Lang::En, Held, _) => "defender held",
            (Lang::En, Both, false) => "both removed",
            (Lang::En, Won, true) => "flag captured",
            (Lang::En, Both, true) => "flag bombed",
            (Lang::Zh, Won, false) => "进攻方胜",
            (Lang::Zh, Held, _) => "防守方胜",
            (Lang::Zh, Both, false) => "同归于尽",
            (Lang::Zh, Won, true) => "夺旗",
            (Lang::Zh, Both, true) => "炸旗",
        }
    }

    /// A time control in words: `No time limit`, `10 min`, `15 min + 30 s a move`.
    pub fn clock(self, clock: crate::protocol::Clock) -> String {
        let minutes = |secs: u32| {
            if secs.is_multiple_of(60) {
                match self {
                    Lang::En => format!("{} min", secs / 60),
                    Lang::Zh => format!("{} 分钟", secs / 60),
                }
            } else {
                match self {
                    Lang::En => format!("{secs} s"),
                    Lang::Zh => format!("{secs} 秒"),
                }
            }
        };
        match (self, clock.game_secs, clock.move_secs) {
            (Lang::En, 0, 0) => "No time limit".into(),
            (Lang::Zh, 0, 0) => "不限时".into(),
            (Lang::En, 0, m) => format!("{m} s a move"),
            (Lang::Zh, 0, m) => format!("每步 {m} 秒"),
            (_, g, 0) => minutes(g),
            (Lang::En, g, m) => format!("{} + {m} s a move", minutes(g)),
            (Lang::Zh, g, m) => format!("{} + 每步 {m} 秒", minutes(g)),
        }
    }

    /// A game's name.
    pub fn game_name(self, game: GameKind) -> String {
        self.games(&[game.name().to_string()])
    }

    /// A found peer's games, for the lobby.
    pub fn games(self, games: &[String]) -> String {
        let names: Vec<&str> = games
            .iter()
            .map(|g| match (self, g.as_str()) {
                (Lang::Zh, "junqi") => "军棋",
                (Lang::Zh, "xiangqi") => "象棋",
                (Lang::Zh, "gomoku") => "五子棋",
                (Lang::Zh, "tibetan") => "藏族七方棋",
                (Lang::En, "junqi") => "Junqi",
                (Lang::En, "xiangqi") => "Xiangqi",
                (Lang::En, "gomoku") => "Gomoku",
                (Lang::En, "tibetan") => "Tibetan seven-square chess",
                (_, g) => g,
            })
            .collect();
        names.join(", ")
    }

    /// A found peer's games, short, for its line in the lobby: every game lanqi plays
    /// said in a word or two ("all four games", 四种棋都下), or the games by their short
    /// names ("Junqi · Gomoku", 军棋、五子棋), never wrapped.
    pub fn games_short(self, games: &[String]) -> String {
        let all = GameKind::ALL
            .iter()
            .all(|g| games.iter().any(|o| o == g.name()));
        if all {
            return match self {
                Lang::En => "all four games",
                Lang::Zh => "四种棋都下",
            }
            .to_string();
        }
        let names: Vec<&str> = games
            .iter()
            .map(|g| match (self, g.as_str()) {
                (Lang::En, "tibetan") => "Tibetan chess",
                (Lang::Zh, "tibetan") => "七方棋",
                (Lang::Zh, "junqi") => "军棋",
                (Lang::Zh, "xiangqi") => "象棋",
                (Lang::Zh, "gomoku") => "五子棋",
                (Lang::En, "junqi") => "Junqi",
                (Lang::En, "xiangqi") => "Xiangqi",
                (Lang::En, "gomoku") => "Gomoku",
                (_, g) => g,
            })
            .collect();
        names.join(match self {
            Lang::En => " · ",
            Lang::Zh => "、",
        })
    }

    /// The button to a game's rules or history page: `Xiangqi: Rules`, 象棋规则.
    pub fn page_button(self, game: GameKind, which: super::page::Which) -> String {
        let word = match which {
            super::page::Which::Rules => self.app().rules,
            super::page::Which::History => self.app().history,
        };
        let name = self.game_name(game);
        match self {
            Lang::En => format!("{name}: {word}"),
            Lang::Zh => format!("{name}{word}"),
        }
    }

    /// Why the engine typed in the lobby is refused.
    pub fn engine_refused(
        self,
        path: &str,
        why: &crate::engine::xiangqi::external::ProbeError,
    ) -> String {
        use crate::engine::xiangqi::external::ProbeError;
        match self {
            Lang::En => format!("{path} is not taken as an engine: {why}"),
            Lang::Zh => {
                let why = match why {
                    ProbeError::NotFound => "文件不存在".to_string(),
                    ProbeError::Folder => "这是文件夹，不是程序".to_string(),
                    ProbeError::NotExecutable => "没有执行权限".to_string(),
                    ProbeError::Start(e) => format!("无法启动（{e}）"),
                    ProbeError::NoAnswer(e) => format!("3 秒内没有回应 uci 或 ucci（{e}）"),
                };
                format!("{path} 不能用作引擎：{why}")
            }
        }
    }

    /// An address that is not IP:PORT.
    pub fn bad_address(self, text: &str) -> String {
        match self {
            Lang::En => {
                format!("'{text}' is not an address: type IP:PORT, e.g. 192.168.1.20:40000")
            }
            Lang::Zh => format!("“{text}”不是有效地址：请输入 IP:端口，例如 192.168.1.20:40000"),
        }
    }
}

/// The phrases of the deployment screen, and the settings' warning.
impl Lang {
    /// A piece's name: the English name, or the Chinese one.
    pub fn kind(self, kind: Kind) -> &'static str {
        match self {
            Lang::En => kind.name(),
            Lang::Zh => kind.chinese(),
        }
    }

    /// Why a layout is refused, in words (the rules core's message in English).
    pub fn layout_error(self, error: &LayoutError) -> String {
        if self == Lang::En {
            return error.to_string();
        }
        match error {
            LayoutError::Rows(n) => format!("布阵文本应有 6 行，用“/”分隔，实际有 {n} 行"),
            LayoutError::RowWidth { rank, cells } => {
                format!("第 {rank} 行有 {cells} 格，应为 5 格")
            }
            LayoutError::Char { square, ch } => {
                format!("{square}：“{ch}”不是棋子字母（a–l），行营请写“+”")
            }
            LayoutError::OffHalf(s) => format!("{s} 不在己方半场（第 1–6 行）"),
            LayoutError::PieceOnCamp(s) => format!("{s} 是行营，开局必须空着：请写“+”"),
            LayoutError::NotACamp(s) => format!("{s} 不是行营，却写了“+”：这里需要一枚棋子"),
            LayoutError::TooMany { square, kind, max } => {
                format!("{square}：{}多了一个（每方 {max} 个）", kind.chinese())
            }
            LayoutError::FlagNotInHeadquarters(s) => {
                format!("{s}：军旗必须放在大本营（b1 或 d1）")
            }
            LayoutError::LandmineTooFarForward(s) => {
                format!("{s}：地雷只能放在最后两行（第 1、2 行）")
            }
            LayoutError::BombOnFrontRow(s) => format!("{s}：炸弹不能放在最前一行（第 6 行）"),
        }
    }

    /// A piece in the list of pieces: its Chinese name, and in English its English name.
    pub fn piece_entry(self, kind: Kind) -> String {
        match self {
            Lang::En => format!("{} {}", kind.chinese(), kind.name()),
            Lang::Zh => kind.chinese().to_string(),
        }
    }

    /// "`a` selected: click another …".
    pub fn selected(self, square: Square, kind: Kind) -> String {
        match self {
            Lang::En => format!(
                "{square} ({}) selected: click another of your pieces to swap them, or click it again to cancel.",
                kind.name()
            ),
            Lang::Zh => format!(
                "已选中 {square}（{}）：再点己方另一枚棋子即可交换，再点一次取消。",
                kind.chinese()
            ),
        }
    }

    /// "Swapped `a` and `b`."
    pub fn swapped(self, a: Square, b: Square) -> String {
        match self {
            Lang::En => format!("Swapped {a} and {b}."),
            Lang::Zh => format!("已交换 {a} 和 {b}。"),
        }
    }

    /// "Cannot swap: `reason`".
    pub fn refused(self, error: &LayoutError) -> String {
        match self {
            Lang::En => format!("Cannot swap: {}.", self.layout_error(error)),
            Lang::Zh => format!("不能交换：{}。", self.layout_error(error)),
        }
    }

    /// "Saved “`name`”."
    pub fn saved(self, name: &str) -> String {
        match self {
            Lang::En => format!("Saved “{name}”."),
            Lang::Zh => format!("已保存“{name}”。"),
        }
    }

    /// "Loaded “`name`”."
    pub fn loaded(self, name: &str) -> String {
        match self {
            Lang::En => format!("Loaded “{name}”."),
            Lang::Zh => format!("已载入“{name}”。"),
        }
    }

    /// "Deleted “`name`”."
    pub fn deleted(self, name: &str) -> String {
        match self {
            Lang::En => format!("Deleted “{name}”."),
            Lang::Zh => format!("已删除“{name}”。"),
        }
    }

    /// "Cannot import: `reason`".
    pub fn import_failed(self, error: &LayoutError) -> String {
        match self {
            Lang::En => format!("Cannot import: {}.", self.layout_error(error)),
            Lang::Zh => format!("无法导入：{}。", self.layout_error(error)),
        }
    }

    /// A failure of the layout library (the store's message is in English).
    pub fn store_failed(self, detail: &str) -> String {
        match self {
            Lang::En => format!("Layout library: {detail}"),
            Lang::Zh => format!("布阵库出错：{detail}"),
        }
    }

    /// The line under the board showing the layout text.
    pub fn layout_line(self, text: &str) -> String {
        match self {
            Lang::En => format!("Layout: {text}"),
            Lang::Zh => format!("布阵：{text}"),
        }
    }

    /// Shown once when the settings file had problems (`detail` is
    /// [`crate::store::Settings::load`]'s warning, in English).
    pub fn settings_warning(self, detail: &str) -> String {
        match self {
            Lang::En => format!("Some settings could not be read and were reset: {detail}"),
            Lang::Zh => format!("部分设置无法读取，已恢复默认：{detail}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_decides_the_language_in_posix_order() {
        assert_eq!(Lang::from_locale(None, None, None), Lang::En);
        assert_eq!(Lang::from_locale(None, None, Some("zh_CN.UTF-8")), Lang::Zh);
        assert_eq!(Lang::from_locale(None, None, Some("en_GB.UTF-8")), Lang::En);
        assert_eq!(
            Lang::from_locale(None, Some("zh_TW"), Some("en_US")),
            Lang::Zh
        );
        assert_eq!(Lang::from_locale(Some("C"), Some("zh_TW"), None), Lang::En);
        // An empty variable is as good as unset.
        assert_eq!(Lang::from_locale(Some(""), None, Some("zh_CN")), Lang::Zh);
        assert_eq!(Lang::Zh.other(), Lang::En);
    }

    #[test]
    fn layout_errors_read_in_both_languages() {
        let c1: Square = "c1".parse().unwrap();
        let e = LayoutError::FlagNotInHeadquarters(c1);
        assert_eq!(
            Lang::En.refused(&e),
            "Cannot swap: c1: the flag must stand in a headquarters (b1 or d1)."
        );
        assert_eq!(
            Lang::Zh.refused(&e),
            "不能交换：c1：军旗必须放在大本营（b1 或 d1）。"
        );
        let e = LayoutError::TooMany {
            square: c1,
            kind: Kind::Bomb,
            max: 2,
        };
        assert!(Lang::Zh.layout_error(&e).contains("炸弹多了一个"));
    }
}

/// Tibetan seven-square chess (藏族七方棋): its phases, sides, prompts and settings.
impl Lang {
    /// A side's name: `Black`, `White` (黑方, 白方).
    pub fn tibetan_side(self, side: crate::rules::tibetan::Side) -> &'static str {
        use crate::rules::tibetan::Side;
        match (self, side) {
            (Lang::En, Side::Black) => "Black",
            (Lang::En, Side::White) => "White",
            (Lang::Zh, Side::Black) => "黑方",
            (Lang::Zh, Side::White) => "白方",
        }
    }

    /// A phase's name: placement 布局, the opening removals 开局, the battle 战斗.
    pub fn tibetan_phase(self, phase: crate::rules::tibetan::Phase) -> &'static str {
        use crate::rules::tibetan::Phase;
        match (self, phase) {
            (Lang::En, Phase::Place) => "Placement",
            (Lang::En, Phase::Remove) => "Opening removals",
            (Lang::En, Phase::Battle) => "Battle",
            (Lang::Zh, Phase::Place) => "布局",
            (Lang::Zh, Phase::Remove) => "开局",
            (Lang::Zh, Phase::Battle) => "战斗",
        }
    }

    /// The line above the board: the phase, and in placement the removals each side has
    /// earned (and who formed first), in the opening removals those still due, in the
    /// battle each side's stones and who may fly. `counts`, `due` and `fly` are Black's,
    /// then White's.
    pub fn tibetan_caption(
        self,
        phase: crate::rules::tibetan::Phase,
        counts: [u8; 2],
        due: [u8; 2],
        first: Option<crate::rules::tibetan::Side>,
        fly: [bool; 2],
    ) -> String {
        use crate::rules::tibetan::{Phase, Side};
        let name = self.tibetan_phase(phase);
        match (self, phase) {
            (Lang::En, Phase::Place) => {
                let first = first.map_or(String::new(), |s| {
                    format!(" ({} formed first)", self.tibetan_side(s))
                });
                format!(
                    "{name} · removals earned: Black {}, White {}{first}",
                    due[0], due[1]
                )
            }
            (Lang::Zh, Phase::Place) => {
                let first = first.map_or(String::new(), |s| {
                    format!("（{}先成形）", self.tibetan_side(s))
                });
                format!("{name} · 已得提子：黑 {}，白 {}{first}", due[0], due[1])
            }
            (Lang::En, Phase::Remove) => format!(
                "{name} · still to remove: Black {}, White {}",
                due[0], due[1]
            ),
            (Lang::Zh, Phase::Remove) => {
                format!("{name} · 尚需提子：黑 {}，白 {}", due[0], due[1])
            }
            (_, Phase::Battle) => {
                let mut line = match self {
                    Lang::En => format!("{name} · Black {} stones, White {}", counts[0], counts[1]),
                    Lang::Zh => format!("{name} · 黑 {} 子，白 {} 子", counts[0], counts[1]),
                };
                for side in Side::BOTH.into_iter().filter(|s| fly[s.index()]) {
                    match self {
                        Lang::En => {
                            line.push_str(&format!(" · {} may fly", self.tibetan_side(side)))
                        }
                        Lang::Zh => line.push_str(&format!(" · {}可飞子", self.tibetan_side(side))),
                    }
                }
                line
            }
        }
    }

    /// Beside a side's player: its colour and stones, and what it has earned (placement),
    /// still has to remove (opening removals) or whether it may fly (battle).
    pub fn tibetan_beside(
        self,
        side: crate::rules::tibetan::Side,
        phase: crate::rules::tibetan::Phase,
        stones: u8,
        due: u8,
        fly: bool,
    ) -> String {
        use crate::rules::tibetan::Phase;
        let colour = self.tibetan_side(side);
        let mut line = match self {
            Lang::En if stones == 1 => format!("{colour} · 1 stone"),
            Lang::En => format!("{colour} · {stones} stones"),
            Lang::Zh => format!("{colour} · {stones} 子"),
        };
        match (self, phase) {
            (Lang::En, Phase::Place) if due == 1 => line.push_str(" · 1 removal earned"),
            (Lang::En, Phase::Place) if due > 0 => {
                line.push_str(&format!(" · {due} removals earned"))
            }
            (Lang::Zh, Phase::Place) if due > 0 => line.push_str(&format!(" · 已得提子 {due}")),
            (Lang::En, Phase::Remove) if due > 0 => line.push_str(&format!(" · {due} to remove")),
            (Lang::Zh, Phase::Remove) if due > 0 => line.push_str(&format!(" · 尚需提子 {due}")),
            (Lang::En, Phase::Battle) if fly => line.push_str(" · may fly"),
            (Lang::Zh, Phase::Battle) if fly => line.push_str(" · 可飞子"),
            _ => {}
        }
        line
    }

    /// The prompt under the board for the player to act.
    pub fn tibetan_prompt(self, prompt: TibetanPrompt) -> String {
        use TibetanPrompt as P;
        match (self, prompt) {
            (Lang::En, P::Place) => "Click an empty point to place a stone".into(),
            (Lang::Zh, P::Place) => "点击空点落子".into(),
            (Lang::En, P::PickStone) => "Click a stone of yours to move it".into(),
            (Lang::Zh, P::PickStone) => "点击要走的己方棋子".into(),
            (Lang::En, P::PickTarget { fly: false }) => {
                "Click where it goes: a step, or a jump over an enemy stone".into()
            }
            (Lang::En, P::PickTarget { fly: true }) => {
                "Click where it goes: it may fly to any empty point".into()
            }
            (Lang::Zh, P::PickTarget { fly: false }) => "点击目标点：移一步，或跳过敌子".into(),
            (Lang::Zh, P::PickTarget { fly: true }) => "点击目标点：可飞到任意空点".into(),
            (Lang::En, P::Chain) => {
                "Jump on, or click the last landing point again (Stop here) to end the turn".into()
            }
            (Lang::Zh, P::Chain) => "继续连跳，或再点最后落点（停在这里）结束".into(),
            (Lang::En, P::Remove { enemy, total, left }) => {
                let enemy = self.tibetan_side(enemy);
                let stones = if total == 1 { "stone" } else { "stones" };
                format!("Remove {total} {enemy} {stones}: click {left} more")
            }
            (Lang::Zh, P::Remove { enemy, total, left }) => {
                let enemy = self.tibetan_side(enemy);
                format!("提掉{enemy} {total} 子：还需点选 {left} 子")
            }
            (Lang::En, P::Waiting(side)) => format!("{} to play", self.tibetan_side(side)),
            (Lang::Zh, P::Waiting(side)) => format!("轮到{}", self.tibetan_side(side)),
        }
    }

    /// The game screen's buttons during a Tibetan chess turn: end a jump chain here, and
    /// drop what was picked.
    pub fn tibetan_buttons(self) -> [&'static str; 2] {
        match self {
            Lang::En => ["Stop here", "Cancel"],
            Lang::Zh => ["停在这里", "取消"],
        }
    }

    /// The lobby's Tibetan chess settings: the labels of protection and flying, the words
    /// of their choices.
    pub fn tibetan_setting_words(self) -> TibetanSettingWords {
        match self {
            Lang::En => TibetanSettingWords {
                protect: "Stones in formations are protected",
                fly: "Fly at",
                no_fly: "never",
                on_off: ["off", "on"],
            },
            Lang::Zh => TibetanSettingWords {
                protect: "成形棋子受保护",
                fly: "飞子：剩",
                no_fly: "不可飞",
                on_off: ["否", "是"],
            },
        }
    }

    /// The words of a Gomoku table of three or four.
    pub fn table_words(self) -> TableWords {
        match self {
            Lang::En => TableWords {
                seats: "Seats",
                heading: "Who plays",
                note: "Gomoku for three or four: each seat a person at this screen, a player \
                       on the LAN, or the computer. You are seat 1 and move first.",
                kinds: ["A person here", "A player on the LAN", "The computer"],
                name: "Their name",
                pick_player: "Players found",
                address: "or IP:PORT",
                open: "Open the table",
                left_game: "left the game",
                you_left: "You left the game",
            },
            Lang::Zh => TableWords {
                seats: "人数",
                heading: "谁来下",
                note: "三人或四人五子棋：每个座位可以是本机的玩家、局域网上的玩家或电脑。\
                       你坐 1 号座，先行。",
                kinds: ["本机玩家", "局域网玩家", "电脑"],
                name: "名字",
                pick_player: "找到的玩家",
                address: "或 IP:端口",
                open: "开桌",
                left_game: "已离开本局",
                you_left: "你已离开本局",
            },
        }
    }

    /// "Seat `n`" in the lobby's seat setup, with the colour its stones take.
    pub fn seat_label(self, n: u8) -> String {
        let colour = self.stone_colour(n - 1);
        match self {
            Lang::En => format!("Seat {n} ({colour})"),
            Lang::Zh => format!("{n} 号座（{colour}）"),
        }
    }

    /// The table being opened: how many seats are taken, of how many.
    pub fn gathering(self, taken: u8, of: u8) -> String {
        match self {
            Lang::En => format!("Opening the table: {taken} of {of} seats taken…"),
            Lang::Zh => format!("正在开桌：已就座 {taken}/{of}……"),
        }
    }

    /// Tibetan chess's settings in words, where they differ from the spec's defaults.
    pub fn tibetan_settings(self, rules: crate::rules::tibetan::Rules) -> String {
        let d = crate::rules::tibetan::Rules::default();
        let mut parts = Vec::new();
        if rules.protect_formations != d.protect_formations {
            parts.push(match (self, rules.protect_formations) {
                (Lang::En, true) => "formations protected".to_string(),
                (Lang::En, false) => "no protection".to_string(),
                (Lang::Zh, true) => "成形受保护".to_string(),
                (Lang::Zh, false) => "成形不受保护".to_string(),
            });
        }
        if rules.fly_at != d.fly_at {
            parts.push(match (self, rules.fly_at) {
                (Lang::En, Some(n)) => format!("fly at {n} stones"),
                (Lang::En, None) => "no flying".to_string(),
                (Lang::Zh, Some(n)) => format!("剩 {n} 子可飞"),
                (Lang::Zh, None) => "不可飞子".to_string(),
            });
        }
        if parts.is_empty() {
            parts.push(match self {
                Lang::En => "the usual rules".to_string(),
                Lang::Zh => "常规规则".to_string(),
            });
        }
        parts.join(" · ")
    }
}

/// What the player to act in Tibetan chess is asked to do (see [`Lang::tibetan_prompt`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TibetanPrompt {
    /// Place a stone.
    Place,
    /// Pick a stone to move.
    PickStone,
    /// Pick where the stone goes (it may fly, or not).
    PickTarget {
        /// The side may fly.
        fly: bool,
    },
    /// Jump on or stop.
    Chain,
    /// Pick the enemy stones to remove: `total` in all, `left` still to pick.
    Remove {
        /// The enemy.
        enemy: crate::rules::tibetan::Side,
        /// How many the turn removes.
        total: u8,
        /// How many are still to pick.
        left: u8,
    },
    /// The other side is to play.
    Waiting(crate::rules::tibetan::Side),
}

/// The words of a Gomoku table of three or four: the lobby's seat setup, and the game
/// screen's.
#[derive(Clone, Copy, Debug)]
pub struct TableWords {
    /// Before the seat count.
    pub seats: &'static str,
    /// The setup's heading.
    pub heading: &'static str,
    /// What the setup is for.
    pub note: &'static str,
    /// Who may sit in a seat: a person here, a player on the LAN, the computer.
    pub kinds: [&'static str; 3],
    /// The name box of a person here.
    pub name: &'static str,
    /// The pick list of the players found.
    pub pick_player: &'static str,
    /// The address box of a player on the LAN.
    pub address: &'static str,
    /// The button that opens the table.
    pub open: &'static str,
    /// A seat's strip: the player left the game, which goes on.
    pub left_game: &'static str,
    /// The status when I left the game.
    pub you_left: &'static str,
}

/// The words of the lobby's Tibetan chess settings.
#[derive(Clone, Copy, Debug)]
pub struct TibetanSettingWords {
    /// The protection switch's label.
    pub protect: &'static str,
    /// Before the flying limit.
    pub fly: &'static str,
    /// The choice of no flying.
    pub no_fly: &'static str,
    /// A switch's off and on.
    pub on_off: [&'static str; 2],
}

/// Both languages, complete (#17, point 8): a test fails when a UI string or an ending
/// reason lacks its Chinese or its English.
///
/// What the compiler already checks: [`AppText`] is a struct with one constant per
/// language, so a field cannot be missing from either; the phrases match on the language
/// with an arm each. What it cannot check, and these tests do: a text left empty, English
/// left in the Chinese column (or Chinese in the English one), a phrase or a reason whose
/// words fall through to something untranslated (a wildcard arm, `Reason`'s `?`, a game
/// name the table does not know), and the help pages' two languages drifting apart
/// (`gui::games`'s and each page's tests).
#[cfg(test)]
mod complete {
    use super::*;
    use crate::gui::page::{Which, is_cjk, translation_problem};
    use crate::rules::junqi::BattleResult;
    use crate::session::Reason;

    /// A field of [`AppText`]: a string, or an array of them.
    trait Strings {
        /// Its strings, each with its name (`legend[2]`).
        fn named(&self, name: &str) -> Vec<(String, &'static str)>;
    }

    impl Strings for &'static str {
        fn named(&self, name: &str) -> Vec<(String, &'static str)> {
            vec![(name.to_string(), *self)]
        }
    }

    impl<const N: usize> Strings for [&'static str; N] {
        fn named(&self, name: &str) -> Vec<(String, &'static str)> {
            self.iter()
                .enumerate()
                .map(|(i, s)| (format!("{name}[{i}]"), *s))
                .collect()
        }
    }

    /// Every string of `text`, named. The pattern names every field, with no `..`: a field
    /// added to [`AppText`] and not here does not compile, so none is ever left unchecked.
    fn strings(text: &AppText) -> Vec<(String, &'static str)> {
        macro_rules! all {
            ($($field:ident),+ $(,)?) => {{
                let AppText { $($field),+ } = text;
                let mut all = Vec::new();
                $(all.extend(Strings::named($field, stringify!($field)));)+
                all
            }};
        }
        all!(
            title,
            tagline,
            your_name,
            rename,
            fingerprint,
            reach_me,
            starting,
            found_heading,
            found_none,
            challenge,
            busy,
            idle,
            not_reachable,
            watch,
            stop_watching,
            watch_waiting,
            watch_audit_ok,
            watch_audit_failed,
            south_north,
            direct_heading,
            direct_placeholder,
            challenging,
            accept,
            decline,
            rules,
            history,
            computer_heading,
            computer_note,
            hotseat_heading,
            hotseat_note,
            hotseat_placeholder,
            hotseat_default,
            hotseat_start,
            hotseat_no_library,
            curtain_note,
            curtain_show,
            saved_heading,
            open,
            red_black,
            stone_colours,
            move_numbers,
            gomoku_rules,
            gomoku_rule,
            gomoku_board,
            gomoku_win,
            gomoku_opening,
            gomoku_openings,
            gomoku_choose,
            gomoku_choices,
            saved_to,
            save_game,
            game_label,
            clock_label,
            sound,
            sound_unavailable,
            spectators,
            levels,
            back,
            language,
            waiting_deploy,
            opponent_ready,
            opponent_deploying,
            your_turn,
            their_turn,
            deciding,
            game_over,
            you,
            no_clock,
            lost,
            lost_none,
            undo,
            offer_draw,
            resign,
            resign_question,
            resign_yes,
            adjourn,
            adjourned_heading,
            resume,
            abandon,
            computer_name,
            engines_note,
            engine_path,
            engine_add,
            engine_play,
            engine_checking,
            finished_heading,
            clock_custom,
            clock_minutes,
            clock_seconds,
            clock_use,
            review,
            results,
            abandon_question,
            keep,
            cancel,
            new_game,
            challenger_restarts,
            to_lobby,
            moves_heading,
            chat_heading,
            chat_placeholder,
            send,
            agree,
            refuse,
            undo_waiting,
            draw_waiting,
            draw_offered,
            you_won,
            you_lost,
            draw,
            see_board,
            audit_waiting,
            audit_ok,
            audit_failed,
            replay,
            replay_hint,
            network_failed,
            taken_back,
            deploy_title,
            deploy_heading,
            deploy_hint,
            legend,
            pieces_heading,
            random,
            ready,
            ready_done,
            name_placeholder,
            save_heading,
            save,
            library_heading,
            library_empty,
            library_unavailable,
            load,
            delete,
            text_heading,
            text_placeholder,
            import,
            export,
            exported,
            imported,
            randomised
        )
    }

    /// Whether `en` reads as English and `zh` as Chinese: both non-empty, Chinese
    /// characters in the Chinese, more English letters than Chinese characters in the
    /// English (which may quote a Chinese name: `Junqi (两国军棋)`).
    fn check(what: &str, en: &str, zh: &str) {
        if let Some(problem) = translation_problem(en, zh) {
            panic!("{what}: {problem}");
        }
        let letters = en.chars().filter(char::is_ascii_alphabetic).count();
        let hanzi = en.chars().filter(|c| is_cjk(*c)).count();
        assert!(
            letters > hanzi,
            "{what}: Chinese in the English text {en:?}"
        );
        assert_ne!(en, zh, "{what}: the same text in both languages");
    }

    /// Checks a phrase in both languages.
    fn both(what: &str, phrase: impl Fn(Lang) -> String) {
        check(what, &phrase(Lang::En), &phrase(Lang::Zh));
    }

    #[test]
    fn every_fixed_string_is_in_both_languages() {
        let en = strings(Lang::En.app());
        let zh = strings(Lang::Zh.app());
        assert_eq!(en.len(), zh.len());
        assert!(en.len() > 100, "{} strings", en.len());
        for ((name, en), (_, zh)) in en.iter().zip(&zh) {
            check(name, en, zh);
        }
    }

    #[test]
    fn the_check_catches_what_it_is_for() {
        let caught = |en: &'static str, zh: &'static str| {
            std::panic::catch_unwind(|| check("test", en, zh)).is_err()
        };
        assert!(!caught("Rules", "规则"));
        assert!(caught("Rules", ""), "an empty Chinese text");
        assert!(caught("", "规则"), "an empty English text");
        assert!(
            caught("Rules", "Rules"),
            "English left in the Chinese column"
        );
        assert!(caught("规则", "规则"), "Chinese in the English column");
        assert!(
            caught("Junqi 军棋规则大全", "规则"),
            "mostly Chinese in the English column"
        );
    }

    #[test]
    fn every_ending_reason_has_words_in_both_languages() {
        for reason in every_reason() {
            let en = reason.words(Lang::En);
            assert!(!en.contains('?'), "{reason:?} has no English words: {en:?}");
            both(&format!("{reason:?}"), |lang| reason.words(lang));
        }
    }

    /// One of each [`Reason`] (with sample numbers), but [`Reason::Other`], which is a
    /// peer's own words shown as they came. The match names every variant: a reason added
    /// and not here does not compile.
    fn every_reason() -> Vec<Reason> {
        let all = vec![
            Reason::Resignation,
            Reason::Time,
            Reason::DrawAgreed,
            Reason::OpponentCheated,
            Reason::OpponentBrokeRules,
            Reason::FlagLost,
            Reason::NoLegalMove,
            Reason::NoBattle(31),
            Reason::BothFlagsLost,
            Reason::NeitherCanMove,
            Reason::ThreefoldRepetition,
            Reason::Checkmate,
            Reason::Stalemate,
            Reason::PerpetualCheck,
            Reason::PerpetualChase,
            Reason::Repetition,
            Reason::NoCapture(120),
            Reason::InARow(5),
            Reason::FullBoard,
            Reason::LeftTable,
            Reason::FewStones,
            Reason::NoLegalTurn,
            Reason::NoRemoval(50),
        ];
        for reason in &all {
            match reason {
                Reason::Resignation
                | Reason::Time
                | Reason::DrawAgreed
                | Reason::OpponentCheated
                | Reason::OpponentBrokeRules
                | Reason::FlagLost
                | Reason::NoLegalMove
                | Reason::NoBattle(_)
                | Reason::BothFlagsLost
                | Reason::NeitherCanMove
                | Reason::ThreefoldRepetition
                | Reason::Checkmate
                | Reason::Stalemate
                | Reason::PerpetualCheck
                | Reason::PerpetualChase
                | Reason::Repetition
                | Reason::NoCapture(_)
                | Reason::InARow(_)
                | Reason::FullBoard
                | Reason::LeftTable
                | Reason::FewStones
                | Reason::NoLegalTurn
                | Reason::NoRemoval(_)
                | Reason::Other(_) => {}
            }
        }
        all
    }

    #[test]
    fn every_game_and_its_settings_have_words_in_both_languages() {
        use crate::rules::gomoku::{Choice, Opening, Rule, Settings, Shape, Size};
        use crate::rules::tibetan::{Phase, Rules, Side as TSide};
        let gomoku = GameKind::Gomoku(Settings {
            rule: Rule::Caro,
            size: Size::new(9, 7).unwrap(),
            seats: 3,
            win: 4,
            opening: Opening::None,
        });
        let swap2 = GameKind::Gomoku(Settings {
            opening: Opening::Swap2,
            ..Settings::default()
        });
        let tibetan = GameKind::Tibetan(Rules {
            protect_formations: true,
            fly_at: None,
            ..Rules::default()
        });
        let mut games = GameKind::ALL.to_vec();
        games.extend([gomoku, swap2, tibetan]);
        for game in games {
            let at = format!("{game:?}");
            both(&at, |lang| lang.game_name(game));
            both(&at, |lang| lang.challenged_by("dave", game));
            both(&at, |lang| {
                lang.watching_title(&["ann", "bob"], &["1", "2"], game)
            });
            for which in Which::ALL {
                both(&at, |lang| lang.page_button(game, which));
            }
        }
        for rule in Rule::ALL {
            both(&format!("{rule:?}"), |lang| {
                lang.gomoku_rule(rule).to_string()
            });
        }
        for opening in Opening::ALL {
            both(&format!("{opening:?}"), |lang| {
                lang.gomoku_opening(opening).to_string()
            });
        }
        for choice in Choice::SWAP2 {
            both(&format!("{choice:?}"), |lang| {
                lang.gomoku_choice(choice).to_string()
            });
            both(&format!("chose {choice:?}"), |lang| {
                lang.gomoku_chose("ann", choice)
            });
        }
        for (colour, place2) in [
            (Some(0), false),
            (Some(1), false),
            (None, false),
            (None, true),
        ] {
            both("opening step", |lang| {
                lang.gomoku_opening_step("ann", colour, place2)
            });
        }
        for shape in [Shape::Overline, Shape::DoubleFour, Shape::DoubleThree] {
            both(&format!("{shape:?}"), |lang| lang.forbidden("h8", shape));
        }
        for seat in 0..4 {
            both("stone", |lang| lang.stones(seat, 1));
            both("stones", |lang| lang.stones(seat, 7));
        }
        for side in TSide::BOTH {
            both("Tibetan side", |lang| lang.tibetan_side(side).to_string());
            for phase in [Phase::Place, Phase::Remove, Phase::Battle] {
                both("Tibetan phase", |lang| {
                    lang.tibetan_phase(phase).to_string()
                });
                both("Tibetan caption", |lang| {
                    lang.tibetan_caption(phase, [20, 19], [1, 2], Some(side), [true, false])
                });
                both("Tibetan beside", |lang| {
                    lang.tibetan_beside(side, phase, 9, 1, true)
                });
            }
            for prompt in [
                TibetanPrompt::Place,
                TibetanPrompt::PickStone,
                TibetanPrompt::PickTarget { fly: false },
                TibetanPrompt::PickTarget { fly: true },
                TibetanPrompt::Chain,
                TibetanPrompt::Remove {
                    enemy: side,
                    total: 2,
                    left: 1,
                },
                TibetanPrompt::Waiting(side),
            ] {
                both(&format!("{prompt:?}"), |lang| lang.tibetan_prompt(prompt));
            }
        }
        for i in 0..2 {
            both("Tibetan buttons", |lang| {
                lang.tibetan_buttons()[i].to_string()
            });
        }
        let table = |lang: Lang| lang.table_words();
        both("table seats", |lang| table(lang).seats.to_string());
        both("table heading", |lang| table(lang).heading.to_string());
        both("table note", |lang| table(lang).note.to_string());
        for i in 0..3 {
            both("table kinds", |lang| table(lang).kinds[i].to_string());
        }
        both("table name", |lang| table(lang).name.to_string());
        both("table pick", |lang| table(lang).pick_player.to_string());
        both("table address", |lang| table(lang).address.to_string());
        both("table open", |lang| table(lang).open.to_string());
        both("left game", |lang| table(lang).left_game.to_string());
        both("you left", |lang| table(lang).you_left.to_string());
        both("seat label", |lang| lang.seat_label(3));
        both("gathering", |lang| lang.gathering(2, 3));
        let words = |lang: Lang| lang.tibetan_setting_words();
        both("protect", |lang| words(lang).protect.to_string());
        both("fly", |lang| words(lang).fly.to_string());
        both("no fly", |lang| words(lang).no_fly.to_string());
        for i in 0..2 {
            both("on/off", |lang| words(lang).on_off[i].to_string());
        }
        both("usual rules", |lang| {
            lang.tibetan_settings(Rules::default())
        });
    }

    #[test]
    fn every_phrase_has_words_in_both_languages() {
        use crate::protocol::Clock;
        let name = "bob";
        both("watching_player", |lang| lang.watching_player(name));
        both("wins", |lang| lang.wins(name));
        both("pass_to", |lang| lang.pass_to(name));
        both("curtain_turn", |lang| lang.curtain_turn(name));
        both("undo_asked", |lang| lang.undo_asked(name, 3));
        both("finished_line", |lang| {
            lang.finished_line(GameKind::Xiangqi, name, lang.app().results[0], 40)
        });
        both("exported", |lang| lang.exported("/tmp/x.pgn"));
        both("adjourned_line", |lang| {
            lang.adjourned_line(GameKind::Xiangqi, name, 12)
        });
        both("draw_offered_by", |lang| lang.draw_offered_by(name));
        both("turn_of", |lang| lang.turn_of(name));
        both("hidden_losses", |lang| lang.hidden_losses(1));
        both("hidden_losses", |lang| lang.hidden_losses(4));
        both("bad_address", |lang| lang.bad_address("nonsense"));
        both("saved", |lang| lang.saved("x"));
        both("loaded", |lang| lang.loaded("x"));
        both("deleted", |lang| lang.deleted("x"));
        both("store_failed", |lang| lang.store_failed("x"));
        both("layout_line", |lang| lang.layout_line("x"));
        both("settings_warning", |lang| lang.settings_warning("x"));
        for clock in [
            Clock::default(),
            Clock {
                game_secs: 900,
                move_secs: 30,
            },
            Clock {
                game_secs: 0,
                move_secs: 20,
            },
            Clock {
                game_secs: 90,
                move_secs: 0,
            },
        ] {
            both(&format!("{clock:?}"), |lang| lang.clock(clock));
        }
        let square: Square = "c3".parse().unwrap();
        for kind in Kind::ALL {
            both(&format!("{kind:?}"), |lang| lang.kind(kind).to_string());
            both(&format!("{kind:?}"), |lang| lang.selected(square, kind));
            // The English entry names the piece in both languages (工兵 Engineer).
            check(
                &format!("{kind:?}"),
                &Lang::En.piece_entry(kind),
                &Lang::Zh.piece_entry(kind),
            );
        }
        both("swapped", |lang| lang.swapped(square, square));
        for result in [
            BattleResult::AttackerWins,
            BattleResult::DefenderWins,
            BattleResult::BothRemoved,
        ] {
            for flag in [false, true] {
                let report = Report { result, flag };
                both(&format!("{report:?}"), |lang| {
                    lang.outcome(report).to_string()
                });
                for attacked in [false, true] {
                    for mine in [None, Some(Kind::Engineer)] {
                        both(&format!("{report:?}"), |lang| {
                            lang.battle(attacked, report, mine, "c3")
                        });
                    }
                }
            }
        }
        for error in [
            LayoutError::Rows(5),
            LayoutError::RowWidth { rank: 3, cells: 4 },
            LayoutError::Char { square, ch: 'z' },
            LayoutError::OffHalf(square),
            LayoutError::PieceOnCamp(square),
            LayoutError::NotACamp(square),
            LayoutError::TooMany {
                square,
                kind: Kind::Bomb,
                max: 2,
            },
            LayoutError::FlagNotInHeadquarters(square),
            LayoutError::LandmineTooFarForward(square),
            LayoutError::BombOnFrontRow(square),
        ] {
            both(&format!("{error:?}"), |lang| lang.layout_error(&error));
            both(&format!("{error:?}"), |lang| lang.refused(&error));
            both(&format!("{error:?}"), |lang| lang.import_failed(&error));
        }
    }

    #[test]
    fn one_move_is_one_move_not_one_moves() {
        let en = Lang::En;
        assert_eq!(
            en.finished_line(GameKind::Xiangqi, "bob", "lost", 1),
            "Xiangqi with bob: lost, 1 move"
        );
        assert_eq!(
            en.adjourned_line(GameKind::Xiangqi, "bob", 1),
            "Xiangqi with bob, 1 move played"
        );
        assert!(
            en.finished_line(GameKind::Xiangqi, "bob", "lost", 2)
                .ends_with("2 moves")
        );
    }

    /// "You take Black", "bob takes Black": the English verb agrees with who acts.
    #[test]
    fn the_opening_s_words_agree_with_who_acts() {
        use crate::rules::gomoku::Choice;
        let en = Lang::En;
        assert_eq!(en.gomoku_chose("You", Choice::Black), "You take Black");
        assert_eq!(en.gomoku_chose("bob", Choice::Black), "bob takes Black");
        assert_eq!(
            en.gomoku_chose("You", Choice::Place2),
            "You place two more stones"
        );
        assert_eq!(
            en.gomoku_opening_step("You", None, false),
            "Opening: You take Black or White."
        );
        assert!(
            en.gomoku_opening_step("You", Some(0), false)
                .starts_with("Opening: You place a black stone")
        );
        assert!(
            en.gomoku_opening_step("You", None, true)
                .contains("You take Black or White, or place two more stones")
        );
    }
}
