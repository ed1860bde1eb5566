## The fixed words of every screen (gui::i18n::AppText): one message per field,
## an array field as one message per element, numbered from 0.

app-title = lanqi — 局域网军棋
app-tagline = 和同一网络的人下军棋、象棋、五子棋和七方棋。无需服务器，无需账号。
app-your-name = 你的名字
app-rename = 修改
app-fingerprint = 密钥指纹
app-reach-me = 别人可以通过这些地址找到你
app-starting = 正在启动网络…
app-found-heading = 网络上的玩家
app-found-none = 还没有找到玩家。同一网络中打开 lanqi 的人会出现在这里；也可以在下方输入地址。
app-challenge = 挑战
app-busy = 对局中
app-idle = 空闲
app-not-reachable = 暂无应答
app-watch = 观战
app-stop-watching = 停止观战
app-watch-waiting = 等待对局开始…
app-watch-audit-ok = 核验通过：双方都没有作弊。
app-watch-audit-failed = 核验发现有人作弊。
app-south-north-0 = 南方
app-south-north-1 = 北方
app-direct-heading = 按地址挑战
app-direct-placeholder = IP:端口，例如 192.168.1.20:40000
app-challenging = 挑战已发出，等待对方回应…
app-accept = 接受
app-decline = 拒绝
app-rules = 规则
app-history = 历史
app-computer-heading = 与电脑对弈
app-computer-note = 本机上的电脑棋手（军棋里它和真人一样看不到你的棋子）。
app-saved-heading = 保存的对局
app-open = 打开
app-red-black-0 = 红方
app-red-black-1 = 黑方
app-stone-colours-0 = 黑棋
app-stone-colours-1 = 白棋
app-stone-colours-2 = 红棋
app-stone-colours-3 = 蓝棋
app-move-numbers-0 = 显示手数
app-move-numbers-1 = 隐藏手数
app-gomoku-rules-0 = 无禁手
app-gomoku-rules-1 = 标准（恰好五子）
app-gomoku-rules-2 = 连珠（黑棋有禁手）
app-gomoku-rules-3 = 卡罗（两端不被堵）
app-gomoku-rule = 规则
app-gomoku-board = 棋盘（列 × 行）
app-gomoku-win = 连成几子获胜
app-gomoku-opening = 开局
app-gomoku-openings-0 = 不交换
app-gomoku-openings-1 = 交换（Swap）
app-gomoku-openings-2 = 二次交换（Swap2）
app-gomoku-choose = 请你决定：
app-gomoku-choices-0 = 执黑
app-gomoku-choices-1 = 执白
app-gomoku-choices-2 = 再下两子
app-hotseat-heading = 两人同屏对弈
app-hotseat-note = 两人在这台电脑上轮流走棋。军棋每步之间会遮住棋盘。
app-hotseat-placeholder = 第二位玩家的名字
app-hotseat-default = 玩家二
app-hotseat-start = 在这里下
app-hotseat-no-library = 这里保存的布阵属于第一位玩家，第二位玩家不使用它们。
app-curtain-note = 棋盘已遮住，谁也看不到对方的棋子。
app-curtain-show = 我已坐好：显示我的棋盘
app-game-label = 棋类：
app-clock-label = 用时：
app-save-game = 保存棋局
app-saved-to = 已保存到
app-sound-0 = 声音：开
app-sound-1 = 声音：关
app-sound-unavailable = 声音：本机无法播放
app-spectators-0 = 观战：允许
app-spectators-1 = 观战：不允许
app-levels-0 = 简单
app-levels-1 = 中等
app-levels-2 = 困难
app-back = 返回
app-language = 语言
app-waiting-deploy = 你已准备好，等待对方布阵…
app-opponent-ready = 对方已准备好。
app-opponent-deploying = 对方还在布阵。
app-your-turn = 轮到你走
app-their-turn = 轮到对方
app-deciding = 正在判定交战…
app-game-over = 对局结束
app-you = 你
app-no-clock = 不限时
app-lost = 损失
app-lost-none = 无
app-undo = 悔棋
app-offer-draw = 提和
app-resign = 认输
app-resign-question = 确定认输吗？对方将获胜。
app-resign-yes = 确定认输
app-adjourn = 封盘
app-adjourned-heading = 未下完的对局
app-resume = 继续对局
app-abandon = 放弃
app-computer-name = 电脑
app-engines-note = 本机的象棋引擎（每步 1 秒）：
app-engine-path = 其他引擎：UCI 或 UCCI 程序的路径
app-engine-add = 添加
app-engine-play = 对弈
app-engine-checking = 正在检查引擎…
app-finished-heading = 下完的对局
app-clock-custom = 自定义…
app-clock-minutes = 每方局时（分钟）
app-clock-seconds = 步时（秒）
app-clock-use = 使用
app-review = 复盘
app-results-0 = 胜
app-results-1 = 负
app-results-2 = 和
app-abandon-question = 确定放弃这局吗？将记为负局。
app-keep = 保留
app-cancel = 取消
app-new-game = 再来一局
app-challenger-restarts = 由挑战方开始下一局。
app-to-lobby = 返回大厅
app-moves-heading = 着法
app-chat-heading = 聊天
app-chat-placeholder = 说点什么…
app-send = 发送
app-agree = 同意
app-refuse = 不同意
app-undo-waiting = 你请求悔棋，等待对方回应…
app-draw-waiting = 你已提和，等待对方回应…
app-draw-offered = 对方提议和棋。
app-you-won = 你赢了！
app-you-lost = 你输了
app-draw = 和棋
app-see-board = 查看棋盘
app-audit-waiting = 正在核验对局（双方亮出全部棋子）…
app-audit-ok = 核验通过：双方都没有作弊。下面显示全部棋子。
app-audit-failed = 核验发现作弊：
app-replay = 回放
app-replay-hint = 全部棋子已亮出。拖动滑块回放对局。
app-network-failed = 网络无法启动
app-taken-back = 已悔
app-deploy-title = lanqi — 军棋布阵
app-deploy-heading = 布阵
app-deploy-hint = 下方是你的半场。先点一枚己方棋子，再点另一枚，即可交换位置。
app-legend-0 = 铁路（深色轨道）：棋子可沿直线走任意格。
app-legend-1 = 行营（圆圈）：营中棋子不可被攻击，开局时空着。
app-legend-2 = 大本营：军旗必须放在其中，进入的棋子不能再动。
app-legend-3 = 地雷只能放在最后两行，炸弹不能放在最前一行。
app-pieces-heading = 棋子从大到小（炸弹与对方同归于尽，只有工兵能排地雷）
app-random = 随机布阵
app-ready = 准备好了
app-ready-done = 已准备！开局时将使用此布阵。
app-name-placeholder = 布阵名称
app-save-heading = 保存此布阵
app-save = 保存
app-library-heading = 已存布阵
app-library-empty = 还没有保存的布阵。
app-library-unavailable = 布阵库不可用。
app-load = 载入
app-delete = 删除
app-text-heading = 布阵文本（用于分享或备份）
app-text-placeholder = 例如 hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf
app-import = 导入
app-export = 导出
app-exported = 布阵文本已放入文本框，可复制分享。
app-randomised = 已随机生成新布阵。
app-imported = 已从文本导入布阵。

## 棋类及其设置。

game-junqi = 军棋
game-xiangqi = 象棋
game-gomoku = 五子棋
game-tibetan = 藏族七方棋
game-short-tibetan = 七方棋
games-all = 四种棋都下
games-short-separator = 、
games-separator = 、
game-with-settings = { $game }（{ $settings }）
page-button = { $game }{ $page }
gomoku-settings = { $rule } · { $width }×{ $height } · { $win } 子连珠
gomoku-players = { $seats } 人
forbidden = { $shape ->
    [overline] 连珠规则：黑棋不能下 { $point }，长连禁手。
    [double-four] 连珠规则：黑棋不能下 { $point }，四四禁手。
   *[double-three] 连珠规则：黑棋不能下 { $point }，三三禁手。
}
gomoku-chose = { $choice ->
    [black] { $person ->
        [you] 你
       *[other] { $name }
    } 执黑
    [white] { $person ->
        [you] 你
       *[other] { $name }
    } 执白
   *[place2] { $person ->
        [you] 你
       *[other] { $name }
    } 再下两子
}
gomoku-opening-place = 开局：{ $person ->
    [you] 你
   *[other] { $name }
} 下一枚{ $seat ->
    [0] 黑棋
    [1] 白棋
    [2] 红棋
   *[3] 蓝棋
}，之后再定谁执黑谁执白。
gomoku-opening-choose = 开局：由{ $person ->
    [you] 你
   *[other] {" "}{ $name }{" "}
}选择执黑或执白。
gomoku-opening-choose-or-place = 开局：由{ $person ->
    [you] 你
   *[other] {" "}{ $name }{" "}
}选择执黑或执白，或再下两子（先白后黑）让对方选择。
stones = { $colour } · { $count } 子

## 大厅、对局画面和同屏对弈。

label-value = { $label }：{ $value }
versus-name = 对 { $name }
computer-level = { $computer }（{ $level }）
brand = lanqi  局域网棋
challenged-by = { $name } 向你发起{ $game }挑战。
watching-player-side = { $name }（{ $side }）
watching-versus = {" "}对{" "}
watching-title = 正在观战：{ $players } · { $game }
watching-player = 正在观战 { $name } 的对局
wins = { $name }获胜
pass-to = 把屏幕交给{ $name }
curtain-turn = 轮到{ $name }
finished-line = 与 { $opponent } 的{ $game }：{ $result }，{ $moves } 步
exported-to = 已导出到 { $path }
adjourned-line = 与 { $opponent } 的{ $game }，已下 { $moves } 步
undo-asked = { $name } 请求悔棋（第 { $ply } 步）。
draw-offered-by = { $name } 提议和棋。
turn-of = 轮到 { $name }
hidden-losses = { $count } 枚（终局后揭晓）
clock-none = 不限时
clock-minutes = { $minutes } 分钟
clock-seconds = { $seconds } 秒
clock-per-move = 每步 { $seconds } 秒
clock-game-and-move = { $game } + 每步 { $seconds } 秒
engine-refused = { $path } 不能用作引擎：{ $why }
engine-not-found = 文件不存在
engine-folder = 这是文件夹，不是程序
engine-not-executable = 没有执行权限
engine-start = 无法启动（{ $error }）
engine-no-answer = 3 秒内没有回应 uci 或 ucci（{ $error }）
bad-address = “{ $text }”不是有效地址：请输入 IP:端口，例如 192.168.1.20:40000
player-n = 玩家 { $n }
seat-label = { $n } 号座（{ $colour }）
gathering = 正在开桌：已就座 { $taken }/{ $of }……

## 军棋：棋子、交战和布阵。

junqi-kind-field-marshal = 司令
junqi-kind-general = 军长
junqi-kind-major-general = 师长
junqi-kind-brigadier = 旅长
junqi-kind-colonel = 团长
junqi-kind-major = 营长
junqi-kind-captain = 连长
junqi-kind-lieutenant = 排长
junqi-kind-engineer = 工兵
junqi-kind-landmine = 地雷
junqi-kind-bomb = 炸弹
junqi-kind-flag = 军旗
junqi-note-field-marshal = 最大。司令阵亡后，己方军旗位置亮出。
junqi-note-engineer = 级别最低，但能排雷，能在铁路上拐弯。
junqi-note-landmine = 不能移动。只能放在最后两行。
junqi-note-bomb = 与所碰到的棋子同归于尽。
junqi-note-flag = 不能移动。必须放在大本营。
piece-entry = { $kind }
your-piece = 你的{ $kind }
your-piece-unknown = 你的棋子
battle-attack-won = { $piece }进攻 { $at }，获胜。
battle-attack-lost = { $piece }进攻 { $at }，阵亡。
battle-attack-both = { $piece }进攻 { $at }，同归于尽。
battle-attack-flag = { $piece }夺取了 { $at } 的军旗！
battle-attack-flag-bombed = { $piece }炸掉了 { $at } 的军旗！
battle-defend-taken = { $piece }（{ $at }）被吃掉。
battle-defend-held = { $piece }（{ $at }）守住了。
battle-defend-both = { $piece }（{ $at }）与来犯者同归于尽。
battle-defend-flag = 你在 { $at } 的军旗被夺。
outcome-won = 进攻方胜
outcome-held = 防守方胜
outcome-both = 同归于尽
outcome-flag = 夺旗
outcome-flag-bombed = 炸旗
layout-rows = 布阵文本应有 6 行，用“/”分隔，实际有 { $rows } 行
layout-row-width = 第 { $rank } 行有 { $cells } 格，应为 5 格
layout-char = { $square }：“{ $char }”不是棋子字母（a–l），行营请写“+”
layout-off-half = { $square } 不在己方半场（第 1–6 行）
layout-piece-on-camp = { $square } 是行营，开局必须空着：请写“+”
layout-not-a-camp = { $square } 不是行营，却写了“+”：这里需要一枚棋子
layout-too-many = { $square }：{ $kind }多了一个（每方 { $max } 个）
layout-flag-headquarters = { $square }：军旗必须放在大本营（b1 或 d1）
layout-landmine-forward = { $square }：地雷只能放在最后两行（第 1、2 行）
layout-bomb-front = { $square }：炸弹不能放在最前一行（第 6 行）
selected = 已选中 { $square }（{ $kind }）：再点己方另一枚棋子即可交换，再点一次取消。
swapped = 已交换 { $a } 和 { $b }。
refused = 不能交换：{ $reason }。
layout-saved = 已保存“{ $name }”。
layout-loaded = 已载入“{ $name }”。
layout-deleted = 已删除“{ $name }”。
import-failed = 无法导入：{ $reason }。
store-failed = 布阵库出错：{ $detail }
layout-line = 布阵：{ $text }
settings-warning = 部分设置无法读取，已恢复默认：{ $detail }

## 藏族七方棋。

tibetan-black = 黑方
tibetan-white = 白方
tibetan-phase-place = 布局
tibetan-phase-remove = 开局
tibetan-phase-battle = 战斗
tibetan-caption-place = { $phase } · 已得提子：黑 { $black }，白 { $white }
tibetan-formed-first = （{ $side }先成形）
tibetan-caption-remove = { $phase } · 尚需提子：黑 { $black }，白 { $white }
tibetan-caption-battle = { $phase } · 黑 { $black } 子，白 { $white } 子
tibetan-may-fly = { $side }可飞子
tibetan-beside = { $colour } · { $stones } 子
tibetan-beside-earned = 已得提子 { $due }
tibetan-beside-to-remove = 尚需提子 { $due }
tibetan-beside-fly = 可飞子
tibetan-prompt-place = 点击空点落子
tibetan-prompt-pick-stone = 点击要走的己方棋子
tibetan-prompt-pick-target = 点击目标点：移一步，或跳过敌子
tibetan-prompt-pick-target-fly = 点击目标点：可飞到任意空点
tibetan-prompt-chain = 继续连跳，或再点最后落点（停在这里）结束
tibetan-prompt-remove = 提掉{ $enemy } { $total } 子：还需点选 { $left } 子
tibetan-prompt-waiting = 轮到{ $side }
tibetan-stop-here = 停在这里
tibetan-cancel = 取消
tibetan-protect = 成形棋子受保护
tibetan-fly = 飞子：剩
tibetan-no-fly = 不可飞
tibetan-off = 否
tibetan-on = 是
tibetan-protected = 成形受保护
tibetan-unprotected = 成形不受保护
tibetan-fly-at = 剩 { $stones } 子可飞
tibetan-never-fly = 不可飞子
tibetan-usual-rules = 常规规则

## 三人或四人五子棋。

table-seats = 人数
table-heading = 谁来下
table-note = 三人或四人五子棋：每个座位可以是本机的玩家、局域网上的玩家或电脑。你坐 1 号座，先行。
table-kind-here = 本机玩家
table-kind-lan = 局域网玩家
table-kind-computer = 电脑
table-name = 名字
table-pick-player = 找到的玩家
table-address = 或 IP:端口
table-open = 开桌
table-left-game = 已离开本局
table-you-left = 你已离开本局

## 对局程序要告诉玩家的事（peer::Problem）。

problem-not-over-yet = 这盘棋还没有结束。
problem-challenger-starts-next = 下一盘由发起挑战的一方开始。
problem-opponent-left = { $name } 已经离开：请回到大厅重新挑战。
problem-computer-silent = 电脑已经 { $secs } 秒没有走棋，可能已经停止（可以认输或封盘）。
problem-draw-declined = 对方拒绝了和棋。
problem-undo-refused = 对方拒绝了悔棋。
problem-left-and-saved = { $name } 离开了这盘棋：棋局已保存，可以在大厅继续。
problem-already-playing = 你正在下棋。
problem-already-watching = 你正在观战。
problem-challenge-waiting = 有一个挑战在等你回答。
problem-challenge-out = 你的挑战还在等对方回答。
problem-table-being-opened = 正在开桌。
problem-no-such-guest = 这台电脑前没有这位棋手。
problem-guest-stopped = 第二位棋手的座位停止了。
problem-only-opener-adjourns = 只有开桌的棋手可以封盘。
problem-nothing-to-adjourn = 没有可以封盘的棋局。
problem-nothing-to-resume = 没有可以继续的棋局。
problem-nothing-to-abandon = 没有可以放弃的棋局。
problem-no-table-opening = 没有正在开的桌。

## 对局结束的原因（session::Reason）。

reason-resignation = 认输
reason-time = 超时
reason-draw-agreed = 双方同意和棋
reason-opponent-cheated = 对方作弊
reason-opponent-broke-rules = 对方违规
reason-flag-lost = 军旗被夺
reason-no-legal-move = 无棋可走
reason-no-battle = { $plies } 步无交战
reason-both-flags-lost = 双方军旗同时失去
reason-neither-can-move = 双方都无棋可走
reason-threefold-repetition = 三次重复局面
reason-checkmate = 将死
reason-stalemate = 困毙
reason-perpetual-check = 长将
reason-perpetual-chase = 长捉
reason-repetition = 重复局面
reason-no-capture = { $plies } 步无吃子
reason-in-a-row = { $count } 子连珠
reason-full-board = 棋盘已满
reason-left-table = 离席
reason-few-stones = 只剩三子或更少
reason-no-legal-turn = 无子可走
reason-no-removal = { $turns } 回合无提子
