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
app-internet-heading = 与远方的朋友对弈
app-invite = 邀请朋友
app-invite-hide = 隐藏邀请码
app-invite-note = 把这串邀请码发给朋友（聊天或邮件均可），对方在自己的 lanqi 里粘贴到下面的框中，再按“加入”。邀请码不含任何秘密。
app-join-placeholder = 粘贴朋友的邀请码
app-copy = 复制
app-over-internet = 经互联网
app-friend-online = 在线
app-friend-away = 最近未见
app-join = 加入
app-internet-off = 局域网外对弈已关闭（中继设置为“none”）。
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
app-export-as = 另存为…
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
code-not-a-code = 这不是邀请码：邀请码以 lanqi1 开头。
code-bad-character = 邀请码第 { $at } 个字符“{ $char }”不属于邀请码。
code-too-long = 太长了，不是邀请码。
code-damaged = 邀请码不完整或有误：请重新完整复制。
code-newer = 此邀请码由更新版本的 lanqi 生成：请先升级 lanqi。
code-unreachable = 此邀请码没有任何联系对方的方式。
code-lan-only = 尚未连上中继：此邀请码暂时只在你自己的网络内有效。
route-direct = { $name }：直连，{ $ms } 毫秒
route-relay = { $name }：经中继，{ $ms } 毫秒
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
action-game-over = 对局已经结束。
action-setup-already-sent = 布阵已经发出。
action-not-started = 对局还没有开始。
action-not-your-turn = 还没轮到你。
action-battle-undecided = 还有一场交战没有判定。
action-awaiting-undo-answer = 请等待对方回应你的悔棋请求。
action-nothing-to-take-back = 没有可以悔的棋。
action-no-undo-to-answer = 没有要回应的悔棋请求。
action-cannot-offer-draw = 现在不能提和。
action-no-draw-to-answer = 没有要回应的和棋提议。
action-left-the-game = 你已经离开这局棋。
action-not-the-opener = 只有开桌的人才能宣布谁离开了。
action-chat-too-long = 这句话太长了。
action-rules = 不允许：{ $detail }
problem-no-address = 找不到 { $name } 的地址：请对方向你挑战，或先在网络上找到对方。
problem-not-saved = 无法把对局保存到 { $path }：{ $detail }
problem-not-started = 无法启动本机上的一方：{ $detail }
problem-broke-rules = 对方违反了规则：{ $detail }
stop-declined = 对方拒绝了挑战：{ $reason }
stop-busy = 对方正在另一局中。
stop-unknown-game = 无法在这里进行这局棋：{ $why }
stop-no-answer = 无人回应挑战。
stop-peer-left = 对方已离开。
stop-not-invited = 邀请码地址上的玩家不是邀请你的人（密钥 { $fingerprint }），没有开始对局。
stop-peer-gone = 对方失去联络，没有回来。
stop-cut-off = 对方一直没有确认，{ $queued } 条消息待发：已断开。
stop-interrupted = 已停止。
stop-no-such-game = 对方要求继续一局你没有的棋。
stop-other-game = 对方继续的是另一局棋。
stop-cannot-resume = 无法继续保存的对局：{ $why }
stop-no-saved-table = 没有找到这一桌的存档。
stop-saved-table-gone = 这一桌的存档不见了。
stop-not-the-saved-players = 回来的玩家不是存档中的那几位。
stop-table-given-up = 这一桌已放弃：{ $why }
stop-table-not-now = 现在无法继续这一桌：{ $why }。对局仍然保存着。
absent-declined = 有玩家拒绝：{ $reason }
absent-busy = 有玩家正在另一局中
absent-no-answer = 有玩家没有回应
absent-left = 有玩家在开局前离开

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

## 规则和历史页面：标题，然后是每一节的标题、段落（从 1 起编号）和图注。

page-gomoku-history-title = 五子棋的由来
page-gomoku-history-1-heading = 围棋盘上的游戏
page-gomoku-history-1-1 = 五子棋用围棋的棋子和棋盘来下，在中国、日本和朝鲜半岛，把棋子连成一行都是由来已久的游戏。五子棋究竟起源于哪里，没有定论。有文字记载的历史大多在日本：那里叫它“五目並べ”（五子排成一行），到十九世纪末已十分流行。
page-gomoku-history-2-heading = 连珠
page-gomoku-history-2-1 = 1899 年，日本记者黑岩泪香给这种棋起名“连珠”。人们发现先走的黑棋优势很大，于是在此后几十年里，黑棋的三三、四四和长连陆续被定为禁手，棋盘也从围棋的 19×19 缩小到 15×15。国际连珠联盟成立于 1988 年。
page-gomoku-history-3-heading = 被电脑破解
page-gomoku-history-3-1 = 五子棋是最早被电脑破解的著名棋类之一：二十世纪九十年代初，L. Victor Allis 证明在 15×15 棋盘上，无禁手和标准规则下黑棋走对就必胜；2001 年，János Wágner 和 István Virág 证明连珠也是黑棋必胜。所以人与人的比赛采用可以交换黑白的开局规则，例如 swap2；电脑程序则每年在 2000 年开始举办的 Gomocup 上比赛。
page-gomoku-history-4-heading = 各地的规则
page-gomoku-history-4-1 = 各地有各地的规则。在越南，人们在方格纸上下卡罗（caro），两端都被堵住的五子不算赢。lanqi 和它所借鉴的五子棋程序一样，支持无禁手、标准、连珠和卡罗四种规则，棋盘从 5×5 到 26×26，最多四人同下；它的电脑棋手也支持 Gomocup 的协议。

page-gomoku-rules-title = 五子棋怎么下
page-gomoku-rules-1-heading = 五子连珠
page-gomoku-rules-1-1 = 五子棋下在棋盘线的交叉点上：默认 15×15，也可以选择 5×5 到 26×26 之间的其他大小。黑棋先下，然后双方轮流，每次在任意空点放一枚己方棋子。棋子下定后不再移动，也不会被吃掉。
page-gomoku-rules-1-2 = 先在横、竖或斜线上连成五子的一方获胜。棋盘下满仍无人获胜，判为和棋。
page-gomoku-rules-1-3 = 也可以三人或四人下，每人一种颜色（黑、白、红、蓝），按这个顺序轮流；棋盘较小时可以选择连成较少的子（例如四子）获胜。
page-gomoku-rules-1-caption = 黑棋从 c3 到 g7 连成五子，获胜。
page-gomoku-rules-2-heading = 几种规则
page-gomoku-rules-2-1 = 无禁手：连成五子或更多即获胜，对所有人都一样。
page-gomoku-rules-2-2 = 标准（恰好五子）：只有恰好五子才获胜，六子或更多不算。
page-gomoku-rules-2-3 = 连珠：两人对弈，五子获胜。黑棋先走占优势，不能下禁手（见下）。白棋没有限制，连成五子或更多即获胜。
page-gomoku-rules-2-4 = 卡罗：恰好五子，并且两端没有都被堵住才获胜：两端紧挨着都是对方棋子的五子不算。棋盘边缘不算堵住。
page-gomoku-rules-2-caption = 卡罗：黑棋 c5 到 g5 的五子两端（b5、h5）都被堵住，对局继续。无禁手规则下这就赢了。
page-gomoku-rules-3-heading = 连珠：黑棋的禁手
page-gomoku-rules-3-1 = 再下一子就成五的叫四；再下一子就成活四（两端都空的四）的叫三。黑棋不能下同时形成两个三的棋（三三禁手）、同时形成两个四的棋（四四禁手），也不能连成六子或更多（长连禁手）。恰好连成五子的一手即使同时形成禁手，也算获胜。
page-gomoku-rules-3-2 = 只有能通过一手非禁手变成活四的三才算三。轮到黑棋时，lanqi 在禁手点上标出红色小叉，点击禁手点会说明原因。
page-gomoku-rules-3-caption = 连珠，轮到黑棋：f5 是禁手，会同时形成两个三。

page-junqi-history-title = 军棋的由来
page-junqi-history-1-heading = 二十世纪的棋
page-junqi-history-1-1 = 和其他中国棋类相比，军棋是一种年轻的棋：它在二十世纪流行于中国。它的基本想法——两军棋子互相隐藏，交战时由级别决定胜负，夺取对方军旗即获胜——与欧洲的 L'Attaque（法国，二十世纪初）和 Stratego相同，一般认为军棋就是从这类棋演变而来的。
page-junqi-history-1-2 = 不过它有自己的棋盘：可以远行的铁路、安全的行营、放军旗的大本营，还有隔断前线的山界。棋子是军队的各级军衔，从司令到工兵，另有地雷和炸弹。
page-junqi-history-2-heading = 明棋、暗棋、翻棋与四国军棋
page-junqi-history-2-1 = 军棋有几种下法。明棋的棋子全部正面朝上。暗棋的棋子只让自己看到，由第三个人当裁判：每次交战，裁判看双方的棋子，只说出谁胜谁负。翻棋的棋子全部背面朝上，在原地翻开。
page-junqi-history-2-2 = 四国军棋是四人分两队在十字形棋盘上对战，从二十世纪九十年代末起在中国的游戏网站上流行开来。两人对弈的两国军棋，就是 lanqi 所下的军棋。
page-junqi-history-3-heading = lanqi 不需要裁判
page-junqi-history-3-1 = lanqi 采用中国计算机博弈锦标赛（2012 年）的两国军棋规则，电脑程序也按这套规则对弈，结局判定采用网上通行的做法。lanqi 所借鉴的原有程序会把己方布阵发给对方电脑，由双方各自判定交战，谁都能偷看。lanqi 不需要裁判，也不发送棋子：每次交战都由只告诉双方结果的密码学协议判定，终局时再核验整盘棋。

page-junqi-rules-title = 军棋怎么下
page-junqi-rules-1-heading = 玩法概要
page-junqi-rules-1-1 = 两国军棋是两人对弈的游戏。每人指挥一支 25 枚棋子的军队，棋子背面朝向对方：你只能看到自己的棋子，看不到对方的。对方是什么棋子，只有交战才能知道。夺取对方的军旗即获胜。
page-junqi-rules-2-heading = 棋盘
page-junqi-rules-2-1 = 每方占半个棋盘，5 列 6 行，你的半场在下方。棋子放在线的交点上。
page-junqi-rules-2-2 = 公路（细线）连接相邻的点：沿公路每次走一步。铁路（深色轨道）位于每方半场的最前一行和倒数第二行、左右两侧的纵线上，中间一列也有铁路跨过前线：沿铁路可以走很远。
page-junqi-rules-2-3 = 行营（圆圈，每方五个）是安全区：行营中的棋子不能被攻击。行营开局时空着，并且与四个斜角相邻的点也有公路相连。
page-junqi-rules-2-4 = 大本营（底行中间的两个点）：军旗必须放在其中一个。任何棋子进入大本营后就不能再动。
page-junqi-rules-2-5 = 前线：两个半场只在左、中、右三列相通，第二列和第四列被山界隔断。
page-junqi-rules-2-caption = 南方看到的开局：下方是己方棋子，正面朝上；上方是对方棋子的背面。标记的点是所选棋子可以走到的地方。
page-junqi-rules-3-heading = 布阵
page-junqi-rules-3-1 = 开局前，双方在己方半场布置 25 枚棋子，除行营外每个点放一枚。军旗放在大本营，地雷只能放在最后两行，炸弹不能放在最前一行，其余随意。
page-junqi-rules-4-heading = 棋子（每方 25 枚）：级别与数量，从大到小
page-junqi-rules-4-1 = 交战时级别高的获胜。有些棋子另有特殊本领：
page-junqi-rules-5-heading = 走子
page-junqi-rules-5-1 = 双方轮流走子，每次走一步棋。军旗和地雷不能移动，进入大本营的棋子也不能再动。
page-junqi-rules-5-2 = 沿公路每次走一步。沿铁路可以直线走任意距离，但途中每个点都必须是空的；最后停在空点上，或攻击路上遇到的第一个敌方棋子。
page-junqi-rules-5-3 = 工兵还可以在铁路上拐弯，只要途经的点都是空的，铁路通到哪里就能走到哪里。
page-junqi-rules-5-4 = 不能走到己方棋子上，也不能进入已有棋子的行营。
page-junqi-rules-6-heading = 交战
page-junqi-rules-6-1 = 走到敌方棋子上就是攻击。按下列规则依次判断，第一条适用的规则决定结果：
page-junqi-rules-6-2 = 1. 任一方是炸弹：双方同归于尽。
page-junqi-rules-6-3 = 2. 被攻击的是军旗：军旗被夺，棋局结束。
page-junqi-rules-6-4 = 3. 被攻击的是地雷：工兵排除地雷并占据该点；其他棋子撞雷阵亡，地雷留下。
page-junqi-rules-6-5 = 4. 级别相同：双方同归于尽。
page-junqi-rules-6-6 = 5. 否则级别高的获胜：输的一方被移除，赢的一方占据该点。
page-junqi-rules-6-7 = 你只能知道交战的结果（胜、负或同归于尽），不会知道对方棋子的级别。只有一个例外：一方的司令阵亡后，这一方的军旗位置亮出。
page-junqi-rules-7-heading = 胜负与和棋
page-junqi-rules-7-1 = 夺取（或炸掉）对方军旗即获胜。轮到你走时若无棋可走，判负。也可以认输，或双方同意和棋。
page-junqi-rules-7-2 = 默认情况下，连续 100 步（双方的步数合计）没有交战，判为和棋；按比赛规则则是 31 步，且由轮到走棋的一方判负。同一局面第三次出现且轮到同一方走棋时，判为和棋。
page-junqi-rules-8-heading = lanqi 的公平对局
page-junqi-rules-8-1 = 你的棋子是真正隐藏的，不只是在屏幕上看不到：lanqi 从不把你的布阵发给对方的电脑，所以谁也无法偷看，抓包也不行。开局前，双方用密码学承诺封存各自的布阵；每次交战都由一个只告诉双方结果的协议来判定。棋局结束后，双方公开布阵，整局棋重放一遍：任何关于棋子或交战的谎言都会被发现并显示出来，附有签名证据。

page-tibetan-history-title = 藏族七方棋的由来
page-tibetan-history-1-heading = 西部的方棋
page-tibetan-history-1-1 = 方棋在我国已有几百年的历史，几乎遍布西部各省，青海、宁夏、新疆等地都有人下。各地的棋盘和规则大有不同，常见的棋盘是 14×14、7×8 和 7×7。它们的核心相同：先布满棋子，成方提掉对方的棋子，再移子、跳吃，一决胜负。
page-tibetan-history-1-2 = 方棋规则简单，但形势变化很快，攻守双方的实力总在变化之中，经验多的人容易获胜：易学难精。
page-tibetan-history-2-heading = 藏族的七方棋
page-tibetan-history-2-1 = 七方棋是流传于藏区的方棋，棋盘纵横各 7 条线，对局分布局、开局、战斗三个阶段。它是藏族先辈对西北地区方棋的改良：继承了方棋行棋规则的核心，又融入了藏族其他棋种的特点和本民族的文化习俗。它是藏族文化的一部分，把它传承下去，也是在保护这份文化。
page-tibetan-history-3-heading = lanqi 里的七方棋
page-tibetan-history-3-1 = lanqi 的下法依据公保杰、安见才让 2018 年在《计算机时代》上发表的文章，文章同时介绍了一个网络对弈软件；文章没有说明的地方，按最常见的方棋下法补足。大厅里的设置涵盖各地下法不同的几处：成形的棋子是否受保护，剩几子时可以飞子。

page-tibetan-rules-title = 藏族七方棋怎么下
page-tibetan-rules-1-heading = 棋盘与棋子
page-tibetan-rules-1-1 = 棋盘为纵横各 7 条线，棋子下在 49 个交叉点上，沿线移动，不走斜线。黑方 25 子，白方 24 子。点位记为 a1 到 g7：从黑方看，列 a 到 g 自左向右，行 1 到 7 自下而上。
page-tibetan-rules-1-2 = 方：同一方四子占满一个小格的四角。枪：同一方七子占满一整行或一整列。走成新方，每个方可提对方一子（每步最多计两个方）；走成新枪，每条枪可提两子。提子可提对方任意一子。
page-tibetan-rules-2-heading = 一、布局
page-tibetan-rules-2-1 = 黑方先下，双方轮流在任意空点放一子，直到 49 个点全部下满。布局时成的方和枪按先后记入各方，但暂不提子。棋盘上用颜色标出各方的方和枪，并显示各方已得的提子数。
page-tibetan-rules-2-caption = 黑方 a1 b1 a2 b2 成方，得提一子；白方第 7 行成枪，得提两子。
page-tibetan-rules-3-heading = 二、开局
page-tibetan-rules-3-1 = 棋盘下满后：双方都成过形，则先成形的一方先提足所得之数，另一方再提；只有一方成过形，则该方提足所得之数，另一方提一子；双方都没有成形，则白方先提黑方一子，黑方再提白方一子。
page-tibetan-rules-3-2 = 点击要提的敌子（可提的子带红圈），再点一次可取消。选够应提之数后自动提交。
page-tibetan-rules-3-caption = 黑方应提两子：白子带红圈，已选两子。
page-tibetan-rules-4-heading = 三、战斗
page-tibetan-rules-4-1 = 白方先走。轮到你时，先点己方一子，再点目标点：移到相邻空点，或跳过相邻的敌子落到其后的空点并吃掉它。跳后可用同一子继续连跳，方向不限；再点最后落点或按“停在这里”结束。跳子不是必须的。
page-tibetan-rules-4-2 = 剩 7 子或更少的一方可以飞子：任一子可飞到任意空点。走动的棋子成方或成枪，立即提子：点选要提的敌子后，整步一起提交。
page-tibetan-rules-4-3 = 剩 3 子或更少的一方判负，无子可走的一方也判负。连续 50 步没有棋子离开棋盘，或同一局面第三次出现，判和。
page-tibetan-rules-4-caption = 白方连跳 c3xc5xe5，吃掉 c4 和 d5。

page-xiangqi-history-title = 象棋的由来
page-xiangqi-history-1-heading = 源远流长
page-xiangqi-history-1-1 = 象棋是世界上下的人最多的棋类之一。在中国，棋盘上的战争游戏由来已久：两千多年前就有六博。象棋本身起源于何时，至今仍有争论；它和印度的恰图兰卡（也就是国际象棋的祖先）是否同源，也是如此。
page-xiangqi-history-2-heading = 从唐到宋
page-xiangqi-history-2-1 = 唐代牛僧孺的小说里记载了宝应年间（762–763）的一种棋，有将、车、马、卒，正是象棋的棋子。象棋在宋代（960–1279）定型为今天的样子：32 枚棋子下在 9 条竖线、10 条横线的交叉点上，两军之间隔着河界，并且有了炮。炮的旧写法“砲”是石字旁，让人想起古代抛石头的战具。北宋的司马光还设计过七人下的“七国象戏”。
page-xiangqi-history-3-heading = 楚河 汉界
page-xiangqi-history-3-1 = 棋盘中间的河界常写作“楚河 汉界”，说的是秦朝灭亡以后的楚汉相争（公元前 206–前 202 年）：项羽和刘邦以鸿沟为界对峙。最后刘邦获胜，建立了汉朝。
page-xiangqi-history-4-heading = 棋谱与比赛
page-xiangqi-history-4-1 = 明清两代留下了许多著名的棋谱，如《适情雅趣》（1570 年）、《橘中秘》（1632 年）和《梅花谱》。1956 年中国举行了第一届全国象棋比赛；亚洲象棋联合会成立于 1978 年，世界象棋联合会成立于 1993 年。比赛规则补全了古谱没有说明的地方，例如哪些重复判负（长将、长捉）；lanqi 遵循这些规则，重复局面的判定与 Pikafish 引擎相同。

page-xiangqi-rules-title = 象棋怎么下
page-xiangqi-rules-1-heading = 棋盘与棋子
page-xiangqi-rules-1-1 = 象棋是两人对弈的棋，一方执红，一方执黑。棋盘由 9 条竖线和 10 条横线组成，棋子放在 90 个交叉点上。红方先走，然后双方轮流，每次走一步。
page-xiangqi-rules-1-2 = 棋盘中间是河界（楚河 汉界）。每方有一个九宫：己方前三行中间画有斜线交叉的九个点。
page-xiangqi-rules-1-3 = 每方 16 枚棋子：将（帅）一、士（仕）二、象（相）二、马二、车二、炮二、卒（兵）五。红黑双方有几种棋子写法不同：帅/将、仕/士、相/象、兵/卒。
page-xiangqi-rules-1-4 = 纵线由各方从自己的右手边数起：红方在下边用一到九，黑方在上边用 1 到 9。记谱时写出棋子、所在纵线、走法（进、退、平）和纵线或步数：炮二平五就是红方二路的炮横走到五路。
page-xiangqi-rules-1-caption = 开局。红方在下方，先走。
page-xiangqi-rules-2-heading = 棋子的走法
page-xiangqi-rules-2-1 = 帅（将）：沿线走一步，不能走出九宫。双方的将帅不能在同一条纵线上直接对面，中间必须隔有棋子。
page-xiangqi-rules-2-2 = 仕（士）：斜走一步，不能走出九宫。
page-xiangqi-rules-2-3 = 相（象）：斜走两步（走田字），不能过河；田字中心有棋子时不能走（塞象眼）。
page-xiangqi-rules-2-4 = 马：先沿线走一步，再向外斜走一步（走日字）。马不能跳过棋子：沿线那一步的点上有棋子时，这个方向就走不了（蹩马腿）。
page-xiangqi-rules-2-5 = 车：沿线走任意步，途中不能有棋子，和国际象棋的车一样。
page-xiangqi-rules-2-6 = 兵（卒）：向前走一步，过河以后也可以横走一步，永远不能后退。
page-xiangqi-rules-2-caption = 红方六路的马可以走到圆点处；它正前方的炮蹩了马腿，所以不能走到前面七路和五路上的那两个点。
page-xiangqi-rules-3-heading = 炮
page-xiangqi-rules-3-1 = 炮：不吃子时和车一样，沿线走任意步，途中不能有棋子。吃子时必须隔着一枚棋子（炮架，哪一方的都可以）跳过去，吃掉它后面的第一枚敌子。
page-xiangqi-rules-3-caption = 红方五路的炮可以走到圆点处，也可以隔着中间的卒（炮架）跳过去，吃掉同一路上的马。
page-xiangqi-rules-4-heading = 将军与胜负
page-xiangqi-rules-4-1 = 走到敌子所在的点上就吃掉它，被吃的棋子离开棋盘。将帅可能被吃时就是被将军。不能走让自己的将帅被将军的棋，也不能走让将帅对面的棋。
page-xiangqi-rules-4-2 = 将死对方即获胜：对方的将帅被将军，而且怎么走都解不了。一方无棋可走时，即使没有被将军也判负（困毙）：象棋里这是输棋，不是和棋。也可以认输。
page-xiangqi-rules-4-3 = 同一局面第三次出现时：在重复中每步都将军的一方判负（长将），一直追捉同一枚没有保护的棋子的一方也判负（长捉）；否则判和。连续 120 步（双方合计）没有吃子判和，双方也可以同意和棋。
page-xiangqi-rules-4-caption = 将死：红车沿边线走到黑将所在的横线（已标出这一步）。黑将在黑方 4 路，不能进一步（另一只车控制那条横线），也不能平到 5 路（会与红帅对面）。
