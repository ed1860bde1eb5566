## 各畫面的固定用語（gui::i18n::AppText）：每個欄位一則訊息，
## 陣列欄位每個元素一則訊息，從 0 起編號。

app-title = lanqi — 區域網路軍棋
app-tagline = 和同一網路的人下軍棋、象棋、五子棋和七方棋。無需伺服器，無需帳號。
app-your-name = 你的名字
app-rename = 修改
app-fingerprint = 金鑰指紋
app-reach-me = 別人可以透過這些位址找到你
app-starting = 正在啟動網路…
app-found-heading = 網路上的玩家
app-found-none = 還沒有找到玩家。同一網路中開啟 lanqi 的人會出現在這裡；也可以在下方輸入位址。
app-challenge = 挑戰
app-busy = 對局中
app-idle = 空閒
app-not-reachable = 暫無應答
app-watch = 觀戰
app-stop-watching = 停止觀戰
app-watch-waiting = 等待對局開始…
app-watch-audit-ok = 核驗通過：雙方都沒有作弊。
app-watch-audit-failed = 核驗發現有人作弊。
app-south-north-0 = 南方
app-south-north-1 = 北方
app-direct-heading = 按位址挑戰
app-direct-placeholder = IP:連接埠，例如 192.168.1.20:40000
app-challenging = 挑戰已發出，等待對方回應…
app-accept = 接受
app-decline = 拒絕
app-rules = 規則
app-history = 歷史
app-computer-heading = 與電腦對弈
app-computer-note = 本機上的電腦棋手（軍棋裡它和真人一樣看不到你的棋子）。
app-saved-heading = 儲存的對局
app-open = 開啟
app-red-black-0 = 紅方
app-red-black-1 = 黑方
app-stone-colours-0 = 黑棋
app-stone-colours-1 = 白棋
app-stone-colours-2 = 紅棋
app-stone-colours-3 = 藍棋
app-move-numbers-0 = 顯示手數
app-move-numbers-1 = 隱藏手數
app-gomoku-rules-0 = 無禁手
app-gomoku-rules-1 = 標準（恰好五子）
app-gomoku-rules-2 = 連珠（黑棋有禁手）
app-gomoku-rules-3 = 卡羅（兩端不被堵）
app-gomoku-rule = 規則
app-gomoku-board = 棋盤（列 × 行）
app-gomoku-win = 連成幾子獲勝
app-gomoku-opening = 開局
app-gomoku-openings-0 = 不交換
app-gomoku-openings-1 = 交換（Swap）
app-gomoku-openings-2 = 二次交換（Swap2）
app-gomoku-choose = 請你決定：
app-gomoku-choices-0 = 執黑
app-gomoku-choices-1 = 執白
app-gomoku-choices-2 = 再下兩子
app-hotseat-heading = 兩人同屏對弈
app-hotseat-note = 兩人在這臺電腦上輪流走棋。軍棋每步之間會遮住棋盤。
app-hotseat-placeholder = 第二位玩家的名字
app-hotseat-default = 玩家二
app-hotseat-start = 在這裡下
app-hotseat-no-library = 這裡儲存的佈陣屬於第一位玩家，第二位玩家不使用它們。
app-curtain-note = 棋盤已遮住，誰也看不到對方的棋子。
app-curtain-show = 我已坐好：顯示我的棋盤
app-game-label = 棋類：
app-clock-label = 用時：
app-save-game = 儲存棋局
app-saved-to = 已儲存到
app-sound-0 = 聲音：開
app-sound-1 = 聲音：關
app-sound-unavailable = 聲音：本機無法播放
app-spectators-0 = 觀戰：允許
app-spectators-1 = 觀戰：不允許
app-levels-0 = 簡單
app-levels-1 = 中等
app-levels-2 = 困難
app-back = 返回
app-language = 語言
app-waiting-deploy = 你已準備好，等待對方佈陣…
app-opponent-ready = 對方已準備好。
app-opponent-deploying = 對方還在佈陣。
app-your-turn = 輪到你走
app-their-turn = 輪到對方
app-deciding = 正在判定交戰…
app-game-over = 對局結束
app-you = 你
app-no-clock = 不限時
app-lost = 損失
app-lost-none = 無
app-undo = 悔棋
app-offer-draw = 提和
app-resign = 認輸
app-resign-question = 確定認輸嗎？對方將獲勝。
app-resign-yes = 確定認輸
app-adjourn = 封盤
app-adjourned-heading = 未下完的對局
app-resume = 繼續對局
app-abandon = 放棄
app-computer-name = 電腦
app-engines-note = 本機的象棋引擎（每步 1 秒）：
app-engine-path = 其他引擎：UCI 或 UCCI 程式的路徑
app-engine-add = 新增
app-engine-play = 對弈
app-engine-checking = 正在檢查引擎…
app-finished-heading = 下完的對局
app-clock-custom = 自訂…
app-clock-minutes = 每方局時（分鐘）
app-clock-seconds = 步時（秒）
app-clock-use = 使用
app-review = 復盤
app-results-0 = 勝
app-results-1 = 負
app-results-2 = 和
app-abandon-question = 確定放棄這局嗎？將記為負局。
app-keep = 保留
app-cancel = 取消
app-new-game = 再來一局
app-challenger-restarts = 由挑戰方開始下一局。
app-to-lobby = 返回大廳
app-moves-heading = 著法
app-chat-heading = 聊天
app-chat-placeholder = 說點什麼…
app-send = 傳送
app-agree = 同意
app-refuse = 不同意
app-undo-waiting = 你請求悔棋，等待對方回應…
app-draw-waiting = 你已提和，等待對方回應…
app-draw-offered = 對方提議和棋。
app-you-won = 你贏了！
app-you-lost = 你輸了
app-draw = 和棋
app-see-board = 查看棋盤
app-audit-waiting = 正在核驗對局（雙方亮出全部棋子）…
app-audit-ok = 核驗通過：雙方都沒有作弊。下面顯示全部棋子。
app-audit-failed = 核驗發現作弊：
app-replay = 回放
app-replay-hint = 全部棋子已亮出。拖曳滑桿回放對局。
app-network-failed = 網路無法啟動
app-taken-back = 已悔
app-deploy-title = lanqi — 軍棋佈陣
app-deploy-heading = 佈陣
app-deploy-hint = 下方是你的半場。先點一枚己方棋子，再點另一枚，即可交換位置。
app-legend-0 = 鐵路（深色軌道）：棋子可沿直線走任意格。
app-legend-1 = 行營（圓圈）：營中棋子不可被攻擊，開局時空著。
app-legend-2 = 大本營：軍旗必須放在其中，進入的棋子不能再動。
app-legend-3 = 地雷只能放在最後兩行，炸彈不能放在最前一行。
app-pieces-heading = 棋子從大到小（炸彈與對方同歸於盡，只有工兵能排地雷）
app-random = 隨機佈陣
app-ready = 準備好了
app-ready-done = 已準備！開局時將使用此佈陣。
app-name-placeholder = 佈陣名稱
app-save-heading = 儲存此佈陣
app-save = 儲存
app-library-heading = 已存佈陣
app-library-empty = 還沒有儲存的佈陣。
app-library-unavailable = 佈陣庫不可用。
app-load = 載入
app-delete = 刪除
app-text-heading = 佈陣文字（用於分享或備份）
app-text-placeholder = 例如 hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf
app-import = 匯入
app-export = 匯出
app-exported = 佈陣文字已放入文字框，可複製分享。
app-randomised = 已隨機產生新佈陣。
app-imported = 已從文字匯入佈陣。

## 棋類及其設定。

game-junqi = 軍棋
game-xiangqi = 象棋
game-gomoku = 五子棋
game-tibetan = 藏族七方棋
game-short-tibetan = 七方棋
games-all = 四種棋都下
games-short-separator = 、
games-separator = 、
game-with-settings = { $game }（{ $settings }）
page-button = { $game }{ $page }
gomoku-settings = { $rule } · { $width }×{ $height } · { $win } 子連珠
gomoku-players = { $seats } 人
forbidden = { $shape ->
    [overline] 連珠規則：黑棋不能下 { $point }，長連禁手。
    [double-four] 連珠規則：黑棋不能下 { $point }，四四禁手。
   *[double-three] 連珠規則：黑棋不能下 { $point }，三三禁手。
}
gomoku-chose = { $choice ->
    [black] { $person ->
        [you] 你
       *[other] { $name }
    } 執黑
    [white] { $person ->
        [you] 你
       *[other] { $name }
    } 執白
   *[place2] { $person ->
        [you] 你
       *[other] { $name }
    } 再下兩子
}
gomoku-opening-place = 開局：{ $person ->
    [you] 你
   *[other] { $name }
} 下一枚{ $seat ->
    [0] 黑棋
    [1] 白棋
    [2] 紅棋
   *[3] 藍棋
}，之後再定誰執黑誰執白。
gomoku-opening-choose = 開局：由{ $person ->
    [you] 你
   *[other] {" "}{ $name }{" "}
}選擇執黑或執白。
gomoku-opening-choose-or-place = 開局：由{ $person ->
    [you] 你
   *[other] {" "}{ $name }{" "}
}選擇執黑或執白，或再下兩子（先白後黑）讓對方選擇。
stones = { $colour } · { $count } 子

## 大廳、對局畫面和同屏對弈。

label-value = { $label }：{ $value }
versus-name = 對 { $name }
computer-level = { $computer }（{ $level }）
brand = lanqi  局域網棋
challenged-by = { $name } 向你發起{ $game }挑戰。
watching-player-side = { $name }（{ $side }）
watching-versus = {" "}對{" "}
watching-title = 正在觀戰：{ $players } · { $game }
watching-player = 正在觀戰 { $name } 的對局
wins = { $name }獲勝
pass-to = 把螢幕交給{ $name }
curtain-turn = 輪到{ $name }
finished-line = 與 { $opponent } 的{ $game }：{ $result }，{ $moves } 步
exported-to = 已匯出到 { $path }
adjourned-line = 與 { $opponent } 的{ $game }，已下 { $moves } 步
undo-asked = { $name } 請求悔棋（第 { $ply } 步）。
draw-offered-by = { $name } 提議和棋。
turn-of = 輪到 { $name }
hidden-losses = { $count } 枚（終局後揭曉）
clock-none = 不限時
clock-minutes = { $minutes } 分鐘
clock-seconds = { $seconds } 秒
clock-per-move = 每步 { $seconds } 秒
clock-game-and-move = { $game } + 每步 { $seconds } 秒
engine-refused = { $path } 不能用作引擎：{ $why }
engine-not-found = 檔案不存在
engine-folder = 這是資料夾，不是程式
engine-not-executable = 沒有執行權限
engine-start = 無法啟動（{ $error }）
engine-no-answer = 3 秒內沒有回應 uci 或 ucci（{ $error }）
bad-address = 「{ $text }」不是有效位址：請輸入 IP:連接埠，例如 192.168.1.20:40000
player-n = 玩家 { $n }
seat-label = { $n } 號座（{ $colour }）
gathering = 正在開桌：已就座 { $taken }/{ $of }……

## 軍棋：棋子、交戰和佈陣。

junqi-kind-field-marshal = 司令
junqi-kind-general = 軍長
junqi-kind-major-general = 師長
junqi-kind-brigadier = 旅長
junqi-kind-colonel = 團長
junqi-kind-major = 營長
junqi-kind-captain = 連長
junqi-kind-lieutenant = 排長
junqi-kind-engineer = 工兵
junqi-kind-landmine = 地雷
junqi-kind-bomb = 炸彈
junqi-kind-flag = 軍旗
junqi-note-field-marshal = 最大。司令陣亡後，己方軍旗位置亮出。
junqi-note-engineer = 級別最低，但能排雷，能在鐵路上拐彎。
junqi-note-landmine = 不能移動。只能放在最後兩行。
junqi-note-bomb = 與所碰到的棋子同歸於盡。
junqi-note-flag = 不能移動。必須放在大本營。
piece-entry = { $kind }
your-piece = 你的{ $kind }
your-piece-unknown = 你的棋子
battle-attack-won = { $piece }進攻 { $at }，獲勝。
battle-attack-lost = { $piece }進攻 { $at }，陣亡。
battle-attack-both = { $piece }進攻 { $at }，同歸於盡。
battle-attack-flag = { $piece }奪取了 { $at } 的軍旗！
battle-attack-flag-bombed = { $piece }炸掉了 { $at } 的軍旗！
battle-defend-taken = { $piece }（{ $at }）被吃掉。
battle-defend-held = { $piece }（{ $at }）守住了。
battle-defend-both = { $piece }（{ $at }）與來犯者同歸於盡。
battle-defend-flag = 你在 { $at } 的軍旗被奪。
outcome-won = 進攻方勝
outcome-held = 防守方勝
outcome-both = 同歸於盡
outcome-flag = 奪旗
outcome-flag-bombed = 炸旗
layout-rows = 佈陣文字應有 6 行，用「/」分隔，實際有 { $rows } 行
layout-row-width = 第 { $rank } 行有 { $cells } 格，應為 5 格
layout-char = { $square }：「{ $char }」不是棋子字母（a–l），行營請寫「+」
layout-off-half = { $square } 不在己方半場（第 1–6 行）
layout-piece-on-camp = { $square } 是行營，開局必須空著：請寫「+」
layout-not-a-camp = { $square } 不是行營，卻寫了「+」：這裡需要一枚棋子
layout-too-many = { $square }：{ $kind }多了一個（每方 { $max } 個）
layout-flag-headquarters = { $square }：軍旗必須放在大本營（b1 或 d1）
layout-landmine-forward = { $square }：地雷只能放在最後兩行（第 1、2 行）
layout-bomb-front = { $square }：炸彈不能放在最前一行（第 6 行）
selected = 已選中 { $square }（{ $kind }）：再點己方另一枚棋子即可交換，再點一次取消。
swapped = 已交換 { $a } 和 { $b }。
refused = 不能交換：{ $reason }。
layout-saved = 已儲存「{ $name }」。
layout-loaded = 已載入「{ $name }」。
layout-deleted = 已刪除「{ $name }」。
import-failed = 無法匯入：{ $reason }。
store-failed = 佈陣庫出錯：{ $detail }
layout-line = 佈陣：{ $text }
settings-warning = 部分設定無法讀取，已恢復預設：{ $detail }

## 藏族七方棋。

tibetan-black = 黑方
tibetan-white = 白方
tibetan-phase-place = 佈局
tibetan-phase-remove = 開局
tibetan-phase-battle = 戰鬥
tibetan-caption-place = { $phase } · 已得提子：黑 { $black }，白 { $white }
tibetan-formed-first = （{ $side }先成形）
tibetan-caption-remove = { $phase } · 尚需提子：黑 { $black }，白 { $white }
tibetan-caption-battle = { $phase } · 黑 { $black } 子，白 { $white } 子
tibetan-may-fly = { $side }可飛子
tibetan-beside = { $colour } · { $stones } 子
tibetan-beside-earned = 已得提子 { $due }
tibetan-beside-to-remove = 尚需提子 { $due }
tibetan-beside-fly = 可飛子
tibetan-prompt-place = 點選空點落子
tibetan-prompt-pick-stone = 點選要走的己方棋子
tibetan-prompt-pick-target = 點選目標點：移一步，或跳過敵子
tibetan-prompt-pick-target-fly = 點選目標點：可飛到任意空點
tibetan-prompt-chain = 繼續連跳，或再點最後落點（停在這裡）結束
tibetan-prompt-remove = 提掉{ $enemy } { $total } 子：還需點選 { $left } 子
tibetan-prompt-waiting = 輪到{ $side }
tibetan-stop-here = 停在這裡
tibetan-cancel = 取消
tibetan-protect = 成形棋子受保護
tibetan-fly = 飛子：剩
tibetan-no-fly = 不可飛
tibetan-off = 否
tibetan-on = 是
tibetan-protected = 成形受保護
tibetan-unprotected = 成形不受保護
tibetan-fly-at = 剩 { $stones } 子可飛
tibetan-never-fly = 不可飛子
tibetan-usual-rules = 常規規則

## 三人或四人五子棋。

table-seats = 人數
table-heading = 誰來下
table-note = 三人或四人五子棋：每個座位可以是本機的玩家、區域網路上的玩家或電腦。你坐 1 號座，先行。
table-kind-here = 本機玩家
table-kind-lan = 區域網路玩家
table-kind-computer = 電腦
table-name = 名字
table-pick-player = 找到的玩家
table-address = 或 IP:連接埠
table-open = 開桌
table-left-game = 已離開本局
table-you-left = 你已離開本局

## 對局程式要告訴玩家的事（peer::Problem）。

problem-not-over-yet = 這盤棋還沒有結束。
problem-challenger-starts-next = 下一盤由發起挑戰的一方開始。
problem-opponent-left = { $name } 已經離開：請回到大廳重新挑戰。
problem-computer-silent = 電腦已經 { $secs } 秒沒有走棋，可能已經停止（可以認輸或封盤）。
problem-draw-declined = 對方拒絕了和棋。
problem-undo-refused = 對方拒絕了悔棋。
problem-left-and-saved = { $name } 離開了這盤棋：棋局已儲存，可以在大廳繼續。
problem-already-playing = 你正在下棋。
problem-already-watching = 你正在觀戰。
problem-challenge-waiting = 有一個挑戰在等你回答。
problem-challenge-out = 你的挑戰還在等對方回答。
problem-table-being-opened = 正在開桌。
problem-no-such-guest = 這臺電腦前沒有這位棋手。
problem-guest-stopped = 第二位棋手的座位停止了。
problem-only-opener-adjourns = 只有開桌的棋手可以封盤。
problem-nothing-to-adjourn = 沒有可以封盤的棋局。
problem-nothing-to-resume = 沒有可以繼續的棋局。
problem-nothing-to-abandon = 沒有可以放棄的棋局。
problem-no-table-opening = 沒有正在開的桌。

## 對局結束的原因（session::Reason）。

reason-resignation = 認輸
reason-time = 超時
reason-draw-agreed = 雙方同意和棋
reason-opponent-cheated = 對方作弊
reason-opponent-broke-rules = 對方違規
reason-flag-lost = 軍旗被奪
reason-no-legal-move = 無棋可走
reason-no-battle = { $plies } 步無交戰
reason-both-flags-lost = 雙方軍旗同時失去
reason-neither-can-move = 雙方都無棋可走
reason-threefold-repetition = 三次重複局面
reason-checkmate = 將死
reason-stalemate = 困斃
reason-perpetual-check = 長將
reason-perpetual-chase = 長捉
reason-repetition = 重複局面
reason-no-capture = { $plies } 步無吃子
reason-in-a-row = { $count } 子連珠
reason-full-board = 棋盤已滿
reason-left-table = 離席
reason-few-stones = 只剩三子或更少
reason-no-legal-turn = 無子可走
reason-no-removal = { $turns } 回合無提子
