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
app-internet-heading = 與遠方的朋友對弈
app-invite = 邀請朋友
app-invite-hide = 隱藏邀請碼
app-invite-note = 把這串邀請碼傳給朋友（聊天或郵件皆可），對方在自己的 lanqi 裡貼到下面的框中，再按「加入」。邀請碼不含任何祕密。
app-join-placeholder = 貼上朋友的邀請碼
app-copy = 複製
app-over-internet = 經網際網路
app-friend-online = 線上
app-friend-away = 最近未見
app-join = 加入
app-internet-off = 區域網路外對弈已關閉（中繼設定為「none」）。
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
app-export-as = 另存為…
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
code-not-a-code = 這不是邀請碼：邀請碼以 lanqi1 開頭。
code-bad-character = 邀請碼第 { $at } 個字元「{ $char }」不屬於邀請碼。
code-too-long = 太長了，不是邀請碼。
code-damaged = 邀請碼不完整或有誤：請重新完整複製。
code-newer = 此邀請碼由更新版本的 lanqi 產生：請先更新 lanqi。
code-unreachable = 此邀請碼沒有任何聯絡對方的方式。
code-lan-only = 尚未連上中繼：此邀請碼暫時只在你自己的網路內有效。
route-direct = { $name }：直連，{ $ms } 毫秒
route-relay = { $name }：經中繼，{ $ms } 毫秒
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
action-game-over = 對局已經結束。
action-setup-already-sent = 佈陣已經發出。
action-not-started = 對局還沒有開始。
action-not-your-turn = 還沒輪到你。
action-battle-undecided = 還有一場交戰沒有判定。
action-awaiting-undo-answer = 請等待對方回應你的悔棋請求。
action-nothing-to-take-back = 沒有可以悔的棋。
action-no-undo-to-answer = 沒有要回應的悔棋請求。
action-cannot-offer-draw = 現在不能提和。
action-no-draw-to-answer = 沒有要回應的和棋提議。
action-left-the-game = 你已經離開這局棋。
action-not-the-opener = 只有開桌的人才能宣布誰離開了。
action-chat-too-long = 這句話太長了。
action-rules = 不允許：{ $detail }
problem-no-address = 找不到 { $name } 的位址：請對方向你挑戰，或先在網路上找到對方。
problem-not-saved = 無法把對局儲存到 { $path }：{ $detail }
problem-not-started = 無法啟動本機上的一方：{ $detail }
problem-broke-rules = 對方違反了規則：{ $detail }
stop-declined = 對方拒絕了挑戰：{ $reason }
stop-busy = 對方正在另一局中。
stop-unknown-game = 無法在這裡進行這局棋：{ $why }
stop-no-answer = 無人回應挑戰。
stop-peer-left = 對方已離開。
stop-not-invited = 邀請碼位址上的玩家不是邀請你的人（金鑰 { $fingerprint }），沒有開始對局。
stop-peer-gone = 對方失去聯絡，沒有回來。
stop-cut-off = 對方一直沒有確認，{ $queued } 則訊息待發：已斷開。
stop-interrupted = 已停止。
stop-no-such-game = 對方要求繼續一局你沒有的棋。
stop-other-game = 對方繼續的是另一局棋。
stop-cannot-resume = 無法繼續儲存的對局：{ $why }
stop-no-saved-table = 沒有找到這一桌的存檔。
stop-saved-table-gone = 這一桌的存檔不見了。
stop-not-the-saved-players = 回來的玩家不是存檔中的那幾位。
stop-table-given-up = 這一桌已放棄：{ $why }
stop-table-not-now = 現在無法繼續這一桌：{ $why }。對局仍然保存著。
absent-declined = 有玩家拒絕：{ $reason }
absent-busy = 有玩家正在另一局中
absent-no-answer = 有玩家沒有回應
absent-left = 有玩家在開局前離開

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

## 規則和歷史頁面：標題，然後是每一節的標題、段落（從 1 起編號）和圖說。

page-gomoku-history-title = 五子棋的由來
page-gomoku-history-1-heading = 圍棋盤上的遊戲
page-gomoku-history-1-1 = 五子棋用圍棋的棋子和棋盤來下，在中國、日本和朝鮮半島，把棋子連成一行都是由來已久的遊戲。五子棋究竟起源於哪裡，沒有定論。有文字記載的歷史大多在日本：那裡叫它「五目並べ」（五子排成一行），到十九世紀末已十分流行。
page-gomoku-history-2-heading = 連珠
page-gomoku-history-2-1 = 1899 年，日本記者黑岩淚香給這種棋起名「連珠」。人們發現先走的黑棋優勢很大，於是在此後幾十年裡，黑棋的三三、四四和長連陸續被定為禁手，棋盤也從圍棋的 19×19 縮小到 15×15。國際連珠聯盟成立於 1988 年。
page-gomoku-history-3-heading = 被電腦破解
page-gomoku-history-3-1 = 五子棋是最早被電腦破解的著名棋類之一：二十世紀九十年代初，L. Victor Allis 證明在 15×15 棋盤上，無禁手和標準規則下黑棋走對就必勝；2001 年，János Wágner 和 István Virág 證明連珠也是黑棋必勝。所以人與人的比賽採用可以交換黑白的開局規則，例如 swap2；電腦程式則每年在 2000 年開始舉辦的 Gomocup 上比賽。
page-gomoku-history-4-heading = 各地的規則
page-gomoku-history-4-1 = 各地有各地的規則。在越南，人們在方格紙上下卡羅（caro），兩端都被堵住的五子不算贏。lanqi 和它所借鑑的五子棋程式一樣，支援無禁手、標準、連珠和卡羅四種規則，棋盤從 5×5 到 26×26，最多四人同下；它的電腦棋手也支援 Gomocup 的協議。

page-gomoku-rules-title = 五子棋怎麼下
page-gomoku-rules-1-heading = 五子連珠
page-gomoku-rules-1-1 = 五子棋下在棋盤線的交叉點上：預設 15×15，也可以選擇 5×5 到 26×26 之間的其他大小。黑棋先下，然後雙方輪流，每次在任意空點放一枚己方棋子。棋子下定後不再移動，也不會被吃掉。
page-gomoku-rules-1-2 = 先在橫、豎或斜線上連成五子的一方獲勝。棋盤下滿仍無人獲勝，判為和棋。
page-gomoku-rules-1-3 = 也可以三人或四人下，每人一種顏色（黑、白、紅、藍），按這個順序輪流；棋盤較小時可以選擇連成較少的子（例如四子）獲勝。
page-gomoku-rules-1-caption = 黑棋從 c3 到 g7 連成五子，獲勝。
page-gomoku-rules-2-heading = 幾種規則
page-gomoku-rules-2-1 = 無禁手：連成五子或更多即獲勝，對所有人都一樣。
page-gomoku-rules-2-2 = 標準（恰好五子）：只有恰好五子才獲勝，六子或更多不算。
page-gomoku-rules-2-3 = 連珠：兩人對弈，五子獲勝。黑棋先走佔優勢，不能下禁手（見下）。白棋沒有限制，連成五子或更多即獲勝。
page-gomoku-rules-2-4 = 卡羅：恰好五子，並且兩端沒有都被堵住才獲勝：兩端緊挨著都是對方棋子的五子不算。棋盤邊緣不算堵住。
page-gomoku-rules-2-caption = 卡羅：黑棋 c5 到 g5 的五子兩端（b5、h5）都被堵住，對局繼續。無禁手規則下這就贏了。
page-gomoku-rules-3-heading = 連珠：黑棋的禁手
page-gomoku-rules-3-1 = 再下一子就成五的叫四；再下一子就成活四（兩端都空的四）的叫三。黑棋不能下同時形成兩個三的棋（三三禁手）、同時形成兩個四的棋（四四禁手），也不能連成六子或更多（長連禁手）。恰好連成五子的一手即使同時形成禁手，也算獲勝。
page-gomoku-rules-3-2 = 只有能通過一手非禁手變成活四的三才算三。輪到黑棋時，lanqi 在禁手點上標出紅色小叉，點選禁手點會說明原因。
page-gomoku-rules-3-caption = 連珠，輪到黑棋：f5 是禁手，會同時形成兩個三。

page-junqi-history-title = 軍棋的由來
page-junqi-history-1-heading = 二十世紀的棋
page-junqi-history-1-1 = 和其他中國棋類相比，軍棋是一種年輕的棋：它在二十世紀流行於中國。它的基本想法——兩軍棋子互相隱藏，交戰時由級別決定勝負，奪取對方軍旗即獲勝——與歐洲的 L'Attaque（法國，二十世紀初）和 Stratego相同，一般認為軍棋就是從這類棋演變而來的。
page-junqi-history-1-2 = 不過它有自己的棋盤：可以遠行的鐵路、安全的行營、放軍旗的大本營，還有隔斷前線的山界。棋子是軍隊的各級軍銜，從司令到工兵，另有地雷和炸彈。
page-junqi-history-2-heading = 明棋、暗棋、翻棋與四國軍棋
page-junqi-history-2-1 = 軍棋有幾種下法。明棋的棋子全部正面朝上。暗棋的棋子只讓自己看到，由第三個人當裁判：每次交戰，裁判看雙方的棋子，只說出誰勝誰負。翻棋的棋子全部背面朝上，在原地翻開。
page-junqi-history-2-2 = 四國軍棋是四人分兩隊在十字形棋盤上對戰，從二十世紀九十年代末起在中國的遊戲網站上流行開來。兩人對弈的兩國軍棋，就是 lanqi 所下的軍棋。
page-junqi-history-3-heading = lanqi 不需要裁判
page-junqi-history-3-1 = lanqi 採用中國計算機博弈錦標賽（2012 年）的兩國軍棋規則，電腦程式也按這套規則對弈，結局判定採用網上通行的做法。lanqi 所借鑑的原有程式會把己方佈陣發給對方電腦，由雙方各自判定交戰，誰都能偷看。lanqi 不需要裁判，也不傳送棋子：每次交戰都由只告訴雙方結果的密碼學協議判定，終局時再核驗整盤棋。

page-junqi-rules-title = 軍棋怎麼下
page-junqi-rules-1-heading = 玩法概要
page-junqi-rules-1-1 = 兩國軍棋是兩人對弈的遊戲。每人指揮一支 25 枚棋子的軍隊，棋子背面朝向對方：你只能看到自己的棋子，看不到對方的。對方是什麼棋子，只有交戰才能知道。奪取對方的軍旗即獲勝。
page-junqi-rules-2-heading = 棋盤
page-junqi-rules-2-1 = 每方佔半個棋盤，5 列 6 行，你的半場在下方。棋子放在線的交點上。
page-junqi-rules-2-2 = 公路（細線）連接相鄰的點：沿公路每次走一步。鐵路（深色軌道）位於每方半場的最前一行和倒數第二行、左右兩側的縱線上，中間一列也有鐵路跨過前線：沿鐵路可以走很遠。
page-junqi-rules-2-3 = 行營（圓圈，每方五個）是安全區：行營中的棋子不能被攻擊。行營開局時空著，並且與四個斜角相鄰的點也有公路相連。
page-junqi-rules-2-4 = 大本營（底行中間的兩個點）：軍旗必須放在其中一個。任何棋子進入大本營後就不能再動。
page-junqi-rules-2-5 = 前線：兩個半場只在左、中、右三列相通，第二列和第四列被山界隔斷。
page-junqi-rules-2-caption = 南方看到的開局：下方是己方棋子，正面朝上；上方是對方棋子的背面。標記的點是所選棋子可以走到的地方。
page-junqi-rules-3-heading = 佈陣
page-junqi-rules-3-1 = 開局前，雙方在己方半場佈置 25 枚棋子，除行營外每個點放一枚。軍旗放在大本營，地雷只能放在最後兩行，炸彈不能放在最前一行，其餘隨意。
page-junqi-rules-4-heading = 棋子（每方 25 枚）：級別與數量，從大到小
page-junqi-rules-4-1 = 交戰時級別高的獲勝。有些棋子另有特殊本領：
page-junqi-rules-5-heading = 走子
page-junqi-rules-5-1 = 雙方輪流走子，每次走一步棋。軍旗和地雷不能移動，進入大本營的棋子也不能再動。
page-junqi-rules-5-2 = 沿公路每次走一步。沿鐵路可以直線走任意距離，但途中每個點都必須是空的；最後停在空點上，或攻擊路上遇到的第一個敵方棋子。
page-junqi-rules-5-3 = 工兵還可以在鐵路上拐彎，只要途經的點都是空的，鐵路通到哪裡就能走到哪裡。
page-junqi-rules-5-4 = 不能走到己方棋子上，也不能進入已有棋子的行營。
page-junqi-rules-6-heading = 交戰
page-junqi-rules-6-1 = 走到敵方棋子上就是攻擊。按下列規則依次判斷，第一條適用的規則決定結果：
page-junqi-rules-6-2 = 1. 任一方是炸彈：雙方同歸於盡。
page-junqi-rules-6-3 = 2. 被攻擊的是軍旗：軍旗被奪，棋局結束。
page-junqi-rules-6-4 = 3. 被攻擊的是地雷：工兵排除地雷並佔據該點；其他棋子撞雷陣亡，地雷留下。
page-junqi-rules-6-5 = 4. 級別相同：雙方同歸於盡。
page-junqi-rules-6-6 = 5. 否則級別高的獲勝：輸的一方被移除，贏的一方佔據該點。
page-junqi-rules-6-7 = 你只能知道交戰的結果（勝、負或同歸於盡），不會知道對方棋子的級別。只有一個例外：一方的司令陣亡後，這一方的軍旗位置亮出。
page-junqi-rules-7-heading = 勝負與和棋
page-junqi-rules-7-1 = 奪取（或炸掉）對方軍旗即獲勝。輪到你走時若無棋可走，判負。也可以認輸，或雙方同意和棋。
page-junqi-rules-7-2 = 預設情況下，連續 100 步（雙方的步數合計）沒有交戰，判為和棋；按比賽規則則是 31 步，且由輪到走棋的一方判負。同一局面第三次出現且輪到同一方走棋時，判為和棋。
page-junqi-rules-8-heading = lanqi 的公平對局
page-junqi-rules-8-1 = 你的棋子是真正隱藏的，不只是在螢幕上看不到：lanqi 從不把你的佈陣發給對方的電腦，所以誰也無法偷看，抓包也不行。開局前，雙方用密碼學承諾封存各自的佈陣；每次交戰都由一個只告訴雙方結果的協議來判定。棋局結束後，雙方公開佈陣，整局棋重放一遍：任何關於棋子或交戰的謊言都會被發現並顯示出來，附有簽名證據。

page-tibetan-history-title = 藏族七方棋的由來
page-tibetan-history-1-heading = 西部的方棋
page-tibetan-history-1-1 = 方棋在我國已有幾百年的歷史，幾乎遍佈西部各省，青海、寧夏、新疆等地都有人下。各地的棋盤和規則大有不同，常見的棋盤是 14×14、7×8 和 7×7。它們的核心相同：先佈滿棋子，成方提掉對方的棋子，再移子、跳吃，一決勝負。
page-tibetan-history-1-2 = 方棋規則簡單，但形勢變化很快，攻守雙方的實力總在變化之中，經驗多的人容易獲勝：易學難精。
page-tibetan-history-2-heading = 藏族的七方棋
page-tibetan-history-2-1 = 七方棋是流傳於藏區的方棋，棋盤縱橫各 7 條線，對局分佈局、開局、戰鬥三個階段。它是藏族先輩對西北地區方棋的改良：繼承了方棋行棋規則的核心，又融入了藏族其他棋種的特點和本民族的文化習俗。它是藏族文化的一部分，把它傳承下去，也是在保護這份文化。
page-tibetan-history-3-heading = lanqi 裡的七方棋
page-tibetan-history-3-1 = lanqi 的下法依據公保傑、安見才讓 2018 年在《計算機時代》上發表的文章，文章同時介紹了一個網路對弈軟體；文章沒有說明的地方，按最常見的方棋下法補足。大廳裡的設定涵蓋各地下法不同的幾處：成形的棋子是否受保護，剩幾子時可以飛子。

page-tibetan-rules-title = 藏族七方棋怎麼下
page-tibetan-rules-1-heading = 棋盤與棋子
page-tibetan-rules-1-1 = 棋盤為縱橫各 7 條線，棋子下在 49 個交叉點上，沿線移動，不走斜線。黑方 25 子，白方 24 子。點位記為 a1 到 g7：從黑方看，列 a 到 g 自左向右，行 1 到 7 自下而上。
page-tibetan-rules-1-2 = 方：同一方四子佔滿一個小格的四角。槍：同一方七子佔滿一整行或一整列。走成新方，每個方可提對方一子（每步最多計兩個方）；走成新槍，每條槍可提兩子。提子可提對方任意一子。
page-tibetan-rules-2-heading = 一、佈局
page-tibetan-rules-2-1 = 黑方先下，雙方輪流在任意空點放一子，直到 49 個點全部下滿。佈局時成的方和槍按先後記入各方，但暫不提子。棋盤上用顏色標出各方的方和槍，並顯示各方已得的提子數。
page-tibetan-rules-2-caption = 黑方 a1 b1 a2 b2 成方，得提一子；白方第 7 行成槍，得提兩子。
page-tibetan-rules-3-heading = 二、開局
page-tibetan-rules-3-1 = 棋盤下滿後：雙方都成過形，則先成形的一方先提足所得之數，另一方再提；只有一方成過形，則該方提足所得之數，另一方提一子；雙方都沒有成形，則白方先提黑方一子，黑方再提白方一子。
page-tibetan-rules-3-2 = 點選要提的敵子（可提的子帶紅圈），再點一次可取消。選夠應提之數後自動提交。
page-tibetan-rules-3-caption = 黑方應提兩子：白子帶紅圈，已選兩子。
page-tibetan-rules-4-heading = 三、戰鬥
page-tibetan-rules-4-1 = 白方先走。輪到你時，先點己方一子，再點目標點：移到相鄰空點，或跳過相鄰的敵子落到其後的空點並吃掉它。跳後可用同一子繼續連跳，方向不限；再點最後落點或按「停在這裡」結束。跳子不是必須的。
page-tibetan-rules-4-2 = 剩 7 子或更少的一方可以飛子：任一子可飛到任意空點。走動的棋子成方或成槍，立即提子：點選要提的敵子後，整步一起提交。
page-tibetan-rules-4-3 = 剩 3 子或更少的一方判負，無子可走的一方也判負。連續 50 步沒有棋子離開棋盤，或同一局面第三次出現，判和。
page-tibetan-rules-4-caption = 白方連跳 c3xc5xe5，吃掉 c4 和 d5。

page-xiangqi-history-title = 象棋的由來
page-xiangqi-history-1-heading = 源遠流長
page-xiangqi-history-1-1 = 象棋是世界上下的人最多的棋類之一。在中國，棋盤上的戰爭遊戲由來已久：兩千多年前就有六博。象棋本身起源於何時，至今仍有爭論；它和印度的恰圖蘭卡（也就是國際象棋的祖先）是否同源，也是如此。
page-xiangqi-history-2-heading = 從唐到宋
page-xiangqi-history-2-1 = 唐代牛僧孺的小說裡記載了寶應年間（762–763）的一種棋，有將、車、馬、卒，正是象棋的棋子。象棋在宋代（960–1279）定型為今天的樣子：32 枚棋子下在 9 條豎線、10 條橫線的交叉點上，兩軍之間隔著河界，並且有了炮。炮的舊寫法「砲」是石字旁，讓人想起古代拋石頭的戰具。北宋的司馬光還設計過七人下的「七國象戲」。
page-xiangqi-history-3-heading = 楚河 漢界
page-xiangqi-history-3-1 = 棋盤中間的河界常寫作「楚河 漢界」，說的是秦朝滅亡以後的楚漢相爭（西元前 206–前 202 年）：項羽和劉邦以鴻溝為界對峙。最後劉邦獲勝，建立了漢朝。
page-xiangqi-history-4-heading = 棋譜與比賽
page-xiangqi-history-4-1 = 明清兩代留下了許多著名的棋譜，如《適情雅趣》（1570 年）、《橘中秘》（1632 年）和《梅花譜》。1956 年中國舉行了第一屆全國象棋比賽；亞洲象棋聯合會成立於 1978 年，世界象棋聯合會成立於 1993 年。比賽規則補全了古譜沒有說明的地方，例如哪些重複判負（長將、長捉）；lanqi 遵循這些規則，重複局面的判定與 Pikafish 引擎相同。

page-xiangqi-rules-title = 象棋怎麼下
page-xiangqi-rules-1-heading = 棋盤與棋子
page-xiangqi-rules-1-1 = 象棋是兩人對弈的棋，一方執紅，一方執黑。棋盤由 9 條豎線和 10 條橫線組成，棋子放在 90 個交叉點上。紅方先走，然後雙方輪流，每次走一步。
page-xiangqi-rules-1-2 = 棋盤中間是河界（楚河 漢界）。每方有一個九宮：己方前三行中間畫有斜線交叉的九個點。
page-xiangqi-rules-1-3 = 每方 16 枚棋子：將（帥）一、士（仕）二、象（相）二、馬二、車二、炮二、卒（兵）五。紅黑雙方有幾種棋子寫法不同：帥/將、仕/士、相/象、兵/卒。
page-xiangqi-rules-1-4 = 縱線由各方從自己的右手邊數起：紅方在下邊用一到九，黑方在上邊用 1 到 9。記譜時寫出棋子、所在縱線、走法（進、退、平）和縱線或步數：炮二平五就是紅方二路的炮橫走到五路。
page-xiangqi-rules-1-caption = 開局。紅方在下方，先走。
page-xiangqi-rules-2-heading = 棋子的走法
page-xiangqi-rules-2-1 = 帥（將）：沿線走一步，不能走出九宮。雙方的將帥不能在同一條縱線上直接對面，中間必須隔有棋子。
page-xiangqi-rules-2-2 = 仕（士）：斜走一步，不能走出九宮。
page-xiangqi-rules-2-3 = 相（象）：斜走兩步（走田字），不能過河；田字中心有棋子時不能走（塞象眼）。
page-xiangqi-rules-2-4 = 馬：先沿線走一步，再向外斜走一步（走日字）。馬不能跳過棋子：沿線那一步的點上有棋子時，這個方向就走不了（蹩馬腿）。
page-xiangqi-rules-2-5 = 車：沿線走任意步，途中不能有棋子，和國際象棋的車一樣。
page-xiangqi-rules-2-6 = 兵（卒）：向前走一步，過河以後也可以橫走一步，永遠不能後退。
page-xiangqi-rules-2-caption = 紅方六路的馬可以走到圓點處；它正前方的炮蹩了馬腿，所以不能走到前面七路和五路上的那兩個點。
page-xiangqi-rules-3-heading = 炮
page-xiangqi-rules-3-1 = 炮：不吃子時和車一樣，沿線走任意步，途中不能有棋子。吃子時必須隔著一枚棋子（炮架，哪一方的都可以）跳過去，吃掉它後面的第一枚敵子。
page-xiangqi-rules-3-caption = 紅方五路的炮可以走到圓點處，也可以隔著中間的卒（炮架）跳過去，吃掉同一路上的馬。
page-xiangqi-rules-4-heading = 將軍與勝負
page-xiangqi-rules-4-1 = 走到敵子所在的點上就吃掉它，被吃的棋子離開棋盤。將帥可能被吃時就是被將軍。不能走讓自己的將帥被將軍的棋，也不能走讓將帥對面的棋。
page-xiangqi-rules-4-2 = 將死對方即獲勝：對方的將帥被將軍，而且怎麼走都解不了。一方無棋可走時，即使沒有被將軍也判負（困斃）：象棋裡這是輸棋，不是和棋。也可以認輸。
page-xiangqi-rules-4-3 = 同一局面第三次出現時：在重複中每步都將軍的一方判負（長將），一直追捉同一枚沒有保護的棋子的一方也判負（長捉）；否則判和。連續 120 步（雙方合計）沒有吃子判和，雙方也可以同意和棋。
page-xiangqi-rules-4-caption = 將死：紅車沿邊線走到黑將所在的橫線（已標出這一步）。黑將在黑方 4 路，不能進一步（另一隻車控制那條橫線），也不能平到 5 路（會與紅帥對面）。
