## The fixed words of every screen (gui::i18n::AppText): one message per field,
## an array field as one message per element, numbered from 0.

app-title = lanqi — Junqi on your LAN
app-tagline = Junqi, Xiangqi, Gomoku and Tibetan chess with people on your network. No server, no account.
app-your-name = Your name
app-rename = Change
app-fingerprint = Key fingerprint
app-reach-me = Others can reach you at
app-starting = Starting the network…
app-found-heading = Players on your network
app-found-none = Nobody found yet. Others who open lanqi on this network appear here; or type an address below.
app-challenge = Challenge
app-busy = busy
app-idle = ready
app-not-reachable = not answering yet
app-watch = Watch
app-stop-watching = Stop watching
app-watch-waiting = Waiting for the game to start…
app-watch-audit-ok = Audit passed: both sides played fair.
app-watch-audit-failed = Audit failed: a player lied.
app-south-north-0 = South
app-south-north-1 = North
app-direct-heading = Play someone by address
app-direct-placeholder = IP:PORT, e.g. 192.168.1.20:40000
app-internet-heading = Play a friend anywhere
app-invite = Invite a friend
app-invite-hide = Hide my code
app-invite-note = Send this code to your friend (by chat or mail); they paste it into the box below in their lanqi and press Join. It holds no secret.
app-join-placeholder = Paste a friend's invitation code
app-copy = Copy
app-over-internet = over the internet
app-friend-online = online
app-friend-away = not seen lately
app-join = Join
app-internet-off = Play beyond the LAN is off (the relay setting is “none”).
app-challenging = Challenge sent: waiting for an answer…
app-accept = Accept
app-decline = Decline
app-rules = Rules
app-history = History
app-computer-heading = Play the computer
app-computer-note = A computer player on this machine (in Junqi it sees no more of your pieces than anyone).
app-saved-heading = Saved games
app-open = Open
app-red-black-0 = Red
app-red-black-1 = Black
app-stone-colours-0 = Black
app-stone-colours-1 = White
app-stone-colours-2 = Red
app-stone-colours-3 = Blue
app-move-numbers-0 = Show move numbers
app-move-numbers-1 = Hide move numbers
app-gomoku-rules-0 = Freestyle
app-gomoku-rules-1 = Standard (exactly five)
app-gomoku-rules-2 = Renju
app-gomoku-rules-3 = Caro
app-gomoku-rule = Rules
app-gomoku-board = Board (columns × rows)
app-gomoku-win = In a row to win
app-gomoku-opening = Opening
app-gomoku-openings-0 = No swap
app-gomoku-openings-1 = Swap
app-gomoku-openings-2 = Swap2
app-gomoku-choose = Your decision:
app-gomoku-choices-0 = Take Black
app-gomoku-choices-1 = Take White
app-gomoku-choices-2 = Place two more stones
app-hotseat-heading = Two players, one screen
app-hotseat-note = Take turns at this computer. In Junqi the board is covered between turns.
app-hotseat-placeholder = Second player's name
app-hotseat-default = Player 2
app-hotseat-start = Play here
app-hotseat-no-library = The saved layouts here are the first player's; the second player deploys without them.
app-curtain-note = The board is covered so that nobody sees the other army.
app-curtain-show = I am at the screen: show my board
app-game-label = Game:
app-clock-label = Time:
app-save-game = Save game
app-saved-to = Saved to
app-sound-0 = Sound: on
app-sound-1 = Sound: off
app-sound-unavailable = Sound: none here
app-spectators-0 = Spectators: allowed
app-spectators-1 = Spectators: not allowed
app-levels-0 = Easy
app-levels-1 = Medium
app-levels-2 = Hard
app-back = Back
app-language = Language
app-waiting-deploy = You are ready. Waiting for your opponent to deploy…
app-opponent-ready = Your opponent is ready.
app-opponent-deploying = Your opponent is still deploying.
app-your-turn = Your turn
app-their-turn = Their turn
app-deciding = Deciding the battle…
app-game-over = Game over
app-you = You
app-no-clock = no time limit
app-lost = Lost
app-lost-none = nothing
app-undo = Undo
app-offer-draw = Offer draw
app-resign = Resign
app-resign-question = Resign this game? Your opponent wins.
app-resign-yes = Yes, resign
app-adjourn = Adjourn
app-adjourned-heading = Unfinished game
app-resume = Resume
app-abandon = Abandon
app-computer-name = Computer
app-engines-note = Xiangqi engines on this machine (1 s a move):
app-engine-path = Another engine: the path of a UCI or UCCI program
app-engine-add = Add
app-engine-play = Play
app-engine-checking = Checking the engine…
app-finished-heading = Finished games
app-clock-custom = Custom…
app-clock-minutes = minutes a side
app-clock-seconds = seconds a move
app-clock-use = Use
app-review = Review
app-results-0 = won
app-results-1 = lost
app-results-2 = drawn
app-abandon-question = Abandon this game? It counts as a loss.
app-keep = Keep it
app-cancel = Cancel
app-new-game = New game
app-challenger-restarts = The challenger starts the next game.
app-to-lobby = Back to lobby
app-moves-heading = Moves
app-chat-heading = Chat
app-chat-placeholder = Say something…
app-send = Send
app-agree = Accept
app-refuse = Refuse
app-undo-waiting = You asked to take your move back: waiting for the answer…
app-draw-waiting = You offered a draw: waiting for the answer…
app-draw-offered = Your opponent offers a draw.
app-you-won = You won!
app-you-lost = You lost
app-draw = Draw
app-see-board = See the board
app-audit-waiting = Checking the game (both sides open their pieces)…
app-audit-ok = Checked: both sides played fair. Every piece is shown below.
app-audit-failed = The check found lies:
app-replay = Replay
app-replay-hint = Every piece shown. Drag the slider to replay the game.
app-network-failed = The network could not start
app-taken-back = taken back
app-deploy-title = lanqi — Junqi deployment
app-deploy-heading = Deploy your army
app-deploy-hint = Your half is at the bottom. Click one of your pieces, then another, to swap them.
app-legend-0 = Railways (dark tracks): a piece runs any distance along them in a straight line.
app-legend-1 = Camps (circles): a piece in a camp cannot be attacked. They start empty.
app-legend-2 = Headquarters (大本营): the flag must stand in one; pieces there never move.
app-legend-3 = Landmines stay on your last two rows; bombs may not start on the front row.
app-pieces-heading = The pieces, strongest first (a bomb takes anything with it; only an engineer clears a landmine)
app-random = Random
app-ready = Ready
app-ready-done = Ready! This layout will be used when the game starts.
app-name-placeholder = Layout name
app-save-heading = Keep this layout
app-save = Save
app-library-heading = Saved layouts
app-library-empty = No saved layouts yet.
app-library-unavailable = The layout library is not available.
app-load = Load
app-delete = Delete
app-text-heading = Layout text (to share or keep)
app-text-placeholder = e.g. hgfih/e+i+e/dc+cd/g+a+b/jkjkh/ilgjf
app-import = Import
app-export = Export
app-export-as = Save as…
app-exported = The layout text is in the box: copy it to share it.
app-randomised = A new random layout.
app-imported = Imported the layout from the text.

## Games and their settings.

game-junqi = Junqi
game-xiangqi = Xiangqi
game-gomoku = Gomoku
game-tibetan = Tibetan seven-square chess
game-short-tibetan = Tibetan chess
# A found peer plays every game lanqi plays.
games-all = all four games
# Between the games in a found peer's short list.
games-short-separator = {" "}·{" "}
# Between the games in a list.
games-separator = ,{" "}
# A game and its settings.
game-with-settings = { $game } ({ $settings })
page-button = { $game }: { $page }
gomoku-settings = { $rule } · { $width }×{ $height } · { $win } in a row
gomoku-players = { $seats } players
forbidden = { $shape ->
    [overline] Black may not play { $point } in renju: an overline (six or more in a row).
    [double-four] Black may not play { $point } in renju: a double four (4x4).
   *[double-three] Black may not play { $point } in renju: a double three (3x3).
}
# $person is "you" when $name is the player at this screen.
gomoku-chose = { $choice ->
    [black] { $person ->
        [you] You take Black
       *[other] { $name } takes Black
    }
    [white] { $person ->
        [you] You take White
       *[other] { $name } takes White
    }
   *[place2] { $person ->
        [you] You place two more stones
       *[other] { $name } places two more stones
    }
}
gomoku-opening-place = { $person ->
    [you] Opening: You place a { $seat ->
        [0] black
        [1] white
        [2] red
       *[3] blue
    } stone; the colours are chosen afterwards.
   *[other] Opening: { $name } places a { $seat ->
        [0] black
        [1] white
        [2] red
       *[3] blue
    } stone; the colours are chosen afterwards.
}
gomoku-opening-choose = { $person ->
    [you] Opening: You take Black or White.
   *[other] Opening: { $name } takes Black or White.
}
gomoku-opening-choose-or-place = { $person ->
    [you] Opening: You take Black or White, or place two more stones (White, then Black) and let the other choose.
   *[other] Opening: { $name } takes Black or White, or places two more stones (White, then Black) and lets the other choose.
}
stones = { $colour } · { $count ->
    [one] 1 stone
   *[other] { $count } stones
}

## The lobby, the game screen and hot-seat play.

# A label and its value: "Key fingerprint: 3f2a-…".
label-value = { $label }: { $value }
# The opponent in the hot-seat bar.
versus-name = vs { $name }
# The computer as an opponent, with its level.
computer-level = { $computer } ({ $level })
# The lobby's heading: the app's name, and its Chinese name in every language.
brand = lanqi  局域网棋
challenged-by = { $name } challenges you to a game of { $game }.
watching-player-side = { $name } ({ $side })
watching-versus = {" "}vs{" "}
watching-title = Watching { $players } · { $game }
watching-player = Watching { $name }'s game
wins = { $name } wins
pass-to = Pass the screen to { $name }
curtain-turn = { $name }'s turn
finished-line = { $moves ->
    [one] { $game } with { $opponent }: { $result }, 1 move
   *[other] { $game } with { $opponent }: { $result }, { $moves } moves
}
exported-to = Exported to { $path }
adjourned-line = { $moves ->
    [one] { $game } with { $opponent }, 1 move played
   *[other] { $game } with { $opponent }, { $moves } moves played
}
undo-asked = { $name } asks to take back move { $ply }.
draw-offered-by = { $name } offers a draw.
turn-of = { $name }'s turn
hidden-losses = { $count ->
    [one] 1 piece (hidden until the end)
   *[other] { $count } pieces (hidden until the end)
}
clock-none = No time limit
clock-minutes = { $minutes } min
clock-seconds = { $seconds } s
clock-per-move = { $seconds } s a move
clock-game-and-move = { $game } + { $seconds } s a move
engine-refused = { $path } is not taken as an engine: { $why }
engine-not-found = no such file
engine-folder = a folder, not a program
engine-not-executable = not executable
engine-start = it could not be started: { $error }
engine-no-answer = it did not answer uci or ucci within 3 s ({ $error })
bad-address = '{ $text }' is not an address: type IP:PORT, e.g. 192.168.1.20:40000
code-not-a-code = That is not an invitation code: one starts with lanqi1.
code-bad-character = The code has “{ $char }” at character { $at }, which no code has.
code-too-long = That is too long to be an invitation code.
code-damaged = The code is cut short or mistyped: copy all of it again.
code-newer = The code was made by a newer lanqi: update lanqi to use it.
code-unreachable = The code names no way to reach its player.
code-lan-only = No relay reached yet: for now this code works on your own network only.
route-direct = { $name }: direct, { $ms } ms
route-relay = { $name }: through a relay, { $ms } ms
player-n = Player { $n }
seat-label = Seat { $n } ({ $colour })
gathering = Opening the table: { $taken } of { $of } seats taken…

## Junqi: its pieces, battles and deployment.

junqi-kind-field-marshal = field marshal
junqi-kind-general = general
junqi-kind-major-general = major general
junqi-kind-brigadier = brigadier
junqi-kind-colonel = colonel
junqi-kind-major = major
junqi-kind-captain = captain
junqi-kind-lieutenant = lieutenant
junqi-kind-engineer = engineer
junqi-kind-landmine = landmine
junqi-kind-bomb = bomb
junqi-kind-flag = flag
# A piece in the list of pieces: the Chinese name, then the English one.
junqi-note-field-marshal = The strongest. Lose it and your flag is shown.
junqi-note-engineer = Weak, but clears landmines and turns on railways.
junqi-note-landmine = Never moves. Only on your last two rows.
junqi-note-bomb = Removes whatever it meets, and itself.
junqi-note-flag = Never moves. Stands in a headquarters.
piece-entry = { $chinese } { $kind }
your-piece = Your { $kind }
your-piece-unknown = Your piece
battle-attack-won = { $piece } attacked { $at } and won.
battle-attack-lost = { $piece } attacked { $at } and was lost.
battle-attack-both = { $piece } attacked { $at }: both pieces were removed.
battle-attack-flag = { $piece } captured the flag on { $at }!
battle-attack-flag-bombed = { $piece } took the flag on { $at } with it!
battle-defend-taken = { $piece } on { $at } was taken.
battle-defend-held = { $piece } on { $at } held off an attack.
battle-defend-both = { $piece } on { $at } and its attacker were removed.
battle-defend-flag = Your flag on { $at } was taken.
outcome-won = attacker won
outcome-held = defender held
outcome-both = both removed
outcome-flag = flag captured
outcome-flag-bombed = flag bombed
layout-rows = a layout has 6 rows separated by '/', found { $rows }
layout-row-width = rank { $rank } has { $cells } cells, expected 5
layout-char = { $square }: '{ $char }' is not a piece letter (a-l) or '+' for a camp
layout-off-half = { $square } is not on your own half (ranks 1-6)
layout-piece-on-camp = { $square } is a camp, which starts empty: write '+' there
layout-not-a-camp = { $square } is not a camp, but has '+': it needs a piece
layout-too-many = { $square }: one { $kind } too many ({ $max } in an army)
layout-flag-headquarters = { $square }: the flag must stand in a headquarters (b1 or d1)
layout-landmine-forward = { $square }: landmines must stand on the last two ranks (1-2)
layout-bomb-front = { $square }: a bomb may not stand on the front row (rank 6)
selected = { $square } ({ $kind }) selected: click another of your pieces to swap them, or click it again to cancel.
swapped = Swapped { $a } and { $b }.
refused = Cannot swap: { $reason }.
layout-saved = Saved “{ $name }”.
layout-loaded = Loaded “{ $name }”.
layout-deleted = Deleted “{ $name }”.
import-failed = Cannot import: { $reason }.
store-failed = Layout library: { $detail }
layout-line = Layout: { $text }
settings-warning = Some settings could not be read and were reset: { $detail }

## Tibetan seven-square chess.

tibetan-black = Black
tibetan-white = White
tibetan-phase-place = Placement
tibetan-phase-remove = Opening removals
tibetan-phase-battle = Battle
tibetan-caption-place = { $phase } · removals earned: Black { $black }, White { $white }
tibetan-formed-first = {" "}({ $side } formed first)
tibetan-caption-remove = { $phase } · still to remove: Black { $black }, White { $white }
tibetan-caption-battle = { $phase } · Black { $black } stones, White { $white }
tibetan-may-fly = { $side } may fly
tibetan-beside = { $colour } · { $stones ->
    [one] 1 stone
   *[other] { $stones } stones
}
tibetan-beside-earned = { $due ->
    [one] 1 removal earned
   *[other] { $due } removals earned
}
tibetan-beside-to-remove = { $due } to remove
tibetan-beside-fly = may fly
tibetan-prompt-place = Click an empty point to place a stone
tibetan-prompt-pick-stone = Click a stone of yours to move it
tibetan-prompt-pick-target = Click where it goes: a step, or a jump over an enemy stone
tibetan-prompt-pick-target-fly = Click where it goes: it may fly to any empty point
tibetan-prompt-chain = Jump on, or click the last landing point again (Stop here) to end the turn
tibetan-prompt-remove = { $total ->
    [one] Remove 1 { $enemy } stone: click { $left } more
   *[other] Remove { $total } { $enemy } stones: click { $left } more
}
tibetan-prompt-waiting = { $side } to play
tibetan-stop-here = Stop here
tibetan-cancel = Cancel
tibetan-protect = Stones in formations are protected
tibetan-fly = Fly at
tibetan-no-fly = never
tibetan-off = off
tibetan-on = on
tibetan-protected = formations protected
tibetan-unprotected = no protection
tibetan-fly-at = fly at { $stones } stones
tibetan-never-fly = no flying
tibetan-usual-rules = the usual rules

## A Gomoku table of three or four.

table-seats = Seats
table-heading = Who plays
table-note = Gomoku for three or four: each seat a person at this screen, a player on the LAN, or the computer. You are seat 1 and move first.
table-kind-here = A person here
table-kind-lan = A player on the LAN
table-kind-computer = The computer
table-name = Their name
table-pick-player = Players found
table-address = or IP:PORT
table-open = Open the table
table-left-game = left the game
table-you-left = You left the game

## What a peer tells the person driving it (peer::Problem).

problem-not-over-yet = The game is not over yet.
problem-challenger-starts-next = The player who challenged starts the next game.
problem-opponent-left = { $name } has left: challenge them again from the lobby.
problem-computer-silent = The computer has not moved for { $secs } s: it may have stopped (resign or adjourn).
problem-draw-declined = Your draw offer was declined.
problem-undo-refused = Your undo was refused.
problem-left-and-saved = { $name } left the game: it is saved, and the lobby offers to resume it.
problem-already-playing = You are already playing.
problem-already-watching = You are already watching a game.
problem-challenge-waiting = A challenge is waiting for your answer.
problem-challenge-out = Your challenge is still out.
problem-table-being-opened = A table is being opened.
problem-no-such-guest = No such player at this screen.
problem-guest-stopped = The second player's seat stopped.
problem-only-opener-adjourns = Only the player who opened the table adjourns it.
problem-nothing-to-adjourn = There is no game to adjourn.
problem-nothing-to-resume = There is no game to resume.
problem-nothing-to-abandon = There is no game to abandon.
problem-no-table-opening = No table is being opened.
action-game-over = The game is over.
action-setup-already-sent = Your deployment was already sent.
action-not-started = The game has not started yet.
action-not-your-turn = It is not your turn.
action-battle-undecided = A battle is still being decided.
action-awaiting-undo-answer = Wait for the answer to your undo request.
action-nothing-to-take-back = There is nothing to take back.
action-no-undo-to-answer = There is no undo request to answer.
action-cannot-offer-draw = A draw cannot be offered now.
action-no-draw-to-answer = There is no draw offer to answer.
action-left-the-game = You have left this game.
action-not-the-opener = Only the table's opener says who left it.
action-chat-too-long = That chat line is too long.
action-rules = Not allowed: { $detail }
problem-no-address = There is no address to reach { $name }: ask them to challenge you, or find them on the network first.
problem-not-saved = The game could not be saved in { $path }: { $detail }
problem-not-started = A player at this screen could not be started: { $detail }
problem-broke-rules = Your opponent broke the rules: { $detail }
stop-declined = Your challenge was declined: { $reason }
stop-busy = The player is busy in another game.
stop-unknown-game = This game cannot be played here: { $why }
stop-no-answer = Nobody answered the challenge.
stop-peer-left = The other player left.
stop-not-invited = The player at that code's address is not the one who invited you (key { $fingerprint }): nothing was played.
stop-peer-gone = The other player went silent and did not come back.
stop-cut-off = The other player acknowledged nothing while { $queued } messages waited: cut off.
stop-interrupted = Stopped.
stop-no-such-game = The other player asked to resume a game you do not have.
stop-other-game = The other player resumed another game.
stop-cannot-resume = The saved game cannot be resumed: { $why }
stop-no-saved-table = No saved copy of the table's game was found.
stop-saved-table-gone = The saved table is gone.
stop-not-the-saved-players = The players who came back are not the saved table's.
stop-table-given-up = The table is given up: { $why }
stop-table-not-now = The table cannot be resumed now: { $why }. The game stays saved.
absent-declined = a player declined: { $reason }
absent-busy = a player is busy in another game
absent-no-answer = a player did not answer
absent-left = a player left before the game

## Why a game ended (session::Reason).

reason-resignation = Resignation
reason-time = Time
reason-draw-agreed = Draw agreed
reason-opponent-cheated = Opponent cheated
reason-opponent-broke-rules = Opponent broke the rules
reason-flag-lost = Flag lost
reason-no-legal-move = No legal move
reason-no-battle = { $plies ->
    [one] No battle in 1 ply
   *[other] No battle in { $plies } plies
}
reason-both-flags-lost = Both flags lost
reason-neither-can-move = Neither side can move
reason-threefold-repetition = Threefold repetition
reason-checkmate = Checkmate
reason-stalemate = Stalemate
reason-perpetual-check = Perpetual check
reason-perpetual-chase = Perpetual chase
reason-repetition = Repetition
reason-no-capture = { $plies ->
    [one] No capture in 1 ply
   *[other] No capture in { $plies } plies
}
reason-in-a-row = { $count } in a row
reason-full-board = Full board
reason-left-table = Left the table
reason-few-stones = 3 stones or fewer
reason-no-legal-turn = No legal turn
reason-no-removal = { $turns ->
    [one] 1 turn without removal
   *[other] { $turns } turns without removal
}

## The rules and history pages: a title, then each section's heading, paragraphs
## (numbered from 1) and its diagram's caption.

page-gomoku-history-title = Where Gomoku comes from
page-gomoku-history-1-heading = Stones on a go board
page-gomoku-history-1-1 = Gomoku (五子棋, "five stones") is played with go stones on a go board, and making a row of stones is an old pastime in China, Japan and Korea. Where the game began is not known for certain. Its written history is mostly Japanese: there it is called gomoku narabe (五目並べ), "five in a line", and it was a popular game by the end of the nineteenth century.
page-gomoku-history-2-heading = Renju
page-gomoku-history-2-1 = In 1899 the journalist Kuroiwa Ruikō gave the game the name renju (連珠, "linked pearls"). Players had found that Black, who moves first, has a great advantage, and in the decades that followed Black's double threes, double fours and overlines were forbidden, while the board shrank from the go board's 19 x 19 to 15 x 15. The Renju International Federation was founded in 1988.
page-gomoku-history-3-heading = Solved by computers
page-gomoku-history-3-1 = Gomoku was one of the first well-known games solved by computer: in the early 1990s L. Victor Allis showed that on 15 x 15 Black wins freestyle and standard gomoku with perfect play, and in 2001 János Wágner and István Virág showed that Black wins renju too. Tournaments between people therefore use opening rules in which the players may swap colours, such as swap2; programs meet every year at Gomocup, held since 2000.
page-gomoku-history-4-heading = Many rule sets
page-gomoku-history-4-1 = Each place plays its own rules. In Vietnam, caro is played on squared paper, and a five blocked at both ends does not win. lanqi plays freestyle, standard, renju and caro, on boards from 5 x 5 to 26 x 26 and with up to four players, as the Gomoku program it grew from did, and its computer player also speaks Gomocup's protocol.

page-gomoku-rules-title = How to play Gomoku
page-gomoku-rules-1-heading = Five in a row
page-gomoku-rules-1-1 = Gomoku (五子棋, "five stones") is played on the points where the lines of a board cross: 15 x 15 unless you choose another size, from 5 x 5 to 26 x 26. Black moves first; then the players take turns, each putting one stone of their colour on any empty point. Stones never move and are never captured.
page-gomoku-rules-1-2 = The first to make an unbroken row of five of their stones, along a line or a diagonal, wins. A full board with no winner is a draw.
page-gomoku-rules-1-3 = Three or four people can play too, each with a colour (black, white, red, blue), taking turns in that order; on a small board a shorter row, such as four, can be chosen to win.
page-gomoku-rules-1-caption = Black's five from c3 to g7 wins.
page-gomoku-rules-2-heading = The rule sets
page-gomoku-rules-2-1 = Freestyle (无禁手): a row of five or more wins, for everyone.
page-gomoku-rules-2-2 = Standard (exactly five): only a row of exactly five wins; six or more in a row does not.
page-gomoku-rules-2-3 = Renju (连珠): two players, five to win. Black, who has the first move's advantage, may not play a forbidden move (below). White may play anywhere, and wins with five or more.
page-gomoku-rules-2-4 = Caro: exactly five wins, and only when it is not blocked at both ends: a five with an enemy stone right beyond each end does not count. The edge of the board does not block.
page-gomoku-rules-2-caption = Caro: Black's five c5 to g5 is blocked at both ends (b5, h5), so the game goes on. In freestyle it would win.
page-gomoku-rules-3-heading = Renju: Black's forbidden moves
page-gomoku-rules-3-1 = A four is a row that one more stone makes five; a three is a row that one more stone makes an open four, a four with both ends free. Black may not play a stone that makes two threes at once (double three, 三三), two fours at once (double four, 四四), or six or more in a row (overline, 长连). A move that makes exactly five wins even if it also makes a forbidden shape.
page-gomoku-rules-3-2 = A three counts only if it can become an open four by a move that is not itself forbidden. When Black is to move, lanqi marks the forbidden points with a small red cross, and clicking one says why.
page-gomoku-rules-3-caption = Renju, Black to move: f5 is forbidden, it would make two threes at once.

page-junqi-history-title = Where Junqi comes from
page-junqi-history-1-heading = A game of the twentieth century
page-junqi-history-1-1 = Junqi (军棋, "army chess") is a young game by the standards of Chinese board games: it spread in China in the twentieth century. Its idea, two armies of pieces hidden from the enemy, whose ranks decide every battle and whose flag must be taken, is that of the European games L'Attaque (France, early 1900s) and Stratego, and Junqi is usually thought to descend from them.
page-junqi-history-1-2 = It has a board of its own, though: railways on which pieces travel far, camps where they are safe, headquarters for the flag, and mountains that cut the front. Its pieces are the ranks of an army, from field marshal (司令) to engineer (工兵), with landmines and bombs.
page-junqi-history-2-heading = Open, hidden, flipped, and four countries
page-junqi-history-2-1 = Junqi is played in several ways. In the open game (明棋) every piece stands face up. In the hidden game (暗棋) the pieces face their owners only, and a third person, the referee (裁判), looks at both pieces of each battle and says only who won. In the flipping game (翻棋) every piece starts face down and is turned over where it stands.
page-junqi-history-2-2 = Four-country army chess (四国军棋), two teams of two on a cross-shaped board, became popular on Chinese game websites from the late 1990s. The two-player game, two-country army chess (两国军棋), is the one lanqi plays.
page-junqi-history-3-heading = No referee in lanqi
page-junqi-history-3-1 = lanqi follows the two-country rules of China's Computer Game Championship (2012), which computer programs also play, with the usual online endings. The program lanqi grew from sent each army to the other computer and let each side judge the battles, so anyone could look. lanqi needs no referee and sends no pieces: each battle is decided by cryptography that tells both sides only the outcome, and the whole game is checked when it ends.

page-junqi-rules-title = How to play Junqi
page-junqi-rules-1-heading = The idea
page-junqi-rules-1-1 = Junqi (两国军棋, "army chess") is a game for two. Each of you commands an army of 25 pieces, set out face down: you see your own pieces, never your opponent's. You find out what you are up against by fighting. Capture the enemy's flag to win.
page-junqi-rules-2-heading = The board
page-junqi-rules-2-1 = Each army has a half of 5 columns and 6 rows; yours is at the bottom. Pieces stand on the points where lines meet.
page-junqi-rules-2-2 = Roads (thin lines) join neighbouring points: a move along a road is one step. Railways (the dark tracks) run along each side's front row and second-to-last row, down both side columns, and across the front in the middle: along them a piece can travel much further.
page-junqi-rules-2-3 = Camps (行营, the circles, five per side) are safe havens: a piece in a camp cannot be attacked. Camps start empty, and roads also run diagonally from each camp to its four corner neighbours.
page-junqi-rules-2-4 = Headquarters (大本营, the two points in the middle of your back row): your flag must stand in one of them. Any piece that enters a headquarters stays there for the rest of the game.
page-junqi-rules-2-5 = The front: the two halves meet only on the left, middle and right columns; the second and fourth columns are cut off by mountains.
page-junqi-rules-2-caption = The start as South sees it: your army face up at the bottom, the enemy's backs at the top. The marked points are where the selected piece may go.
page-junqi-rules-3-heading = Setting up (布阵)
page-junqi-rules-3-1 = Before play, each side arranges its 25 pieces on its own half, one on every point that is not a camp. The flag goes in a headquarters, landmines only on your last two rows, and bombs not on your front row. Everything else is up to you.
page-junqi-rules-4-heading = The pieces (25 a side): rank and number, strongest first
page-junqi-rules-4-1 = In a battle the higher rank wins. Some pieces have a power of their own:
page-junqi-rules-5-heading = Moving
page-junqi-rules-5-1 = You take turns, one move each. The flag and landmines never move, nor does a piece in a headquarters.
page-junqi-rules-5-2 = Along a road a piece moves one step. Along a railway it may run any distance in a straight line, as long as every point on the way is empty; it stops on an empty point, or attacks the first enemy piece in its path.
page-junqi-rules-5-3 = An engineer (工兵) may also turn corners on the railway network, going wherever the track leads through empty points.
page-junqi-rules-5-4 = You may never move onto your own piece, and never into a camp someone is already in.
page-junqi-rules-6-heading = Battles
page-junqi-rules-6-1 = Moving onto an enemy piece is an attack. The first of these rules that applies decides it:
page-junqi-rules-6-2 = 1. A bomb on either side: both pieces are removed.
page-junqi-rules-6-3 = 2. The defender is the flag: it is captured and the game is over.
page-junqi-rules-6-4 = 3. The defender is a landmine: an engineer clears it and takes its place; any other attacker is destroyed and the mine stays.
page-junqi-rules-6-5 = 4. Equal ranks: both pieces are removed.
page-junqi-rules-6-6 = 5. Otherwise the higher rank wins: the loser is removed, and the winner stands on the point.
page-junqi-rules-6-7 = You learn only the outcome (won, lost or both removed), never the rank of the piece you fought. One exception: once a side's field marshal is gone, that side's flag is shown.
page-junqi-rules-7-heading = Winning, and draws
page-junqi-rules-7-1 = Capture (or bomb) the enemy flag and you win. If it is your turn and you have no legal move, you lose. A player may also resign, or you may agree to a draw.
page-junqi-rules-7-2 = By default a game that goes 100 moves in a row (counting both players' moves) without a battle is drawn; with the championship rules it ends after 31 and the player to move loses. The same position for the third time, with the same player to move, is a draw.
page-junqi-rules-8-heading = Fair play in lanqi
page-junqi-rules-8-1 = Your pieces stay hidden for real, not just on screen: lanqi never sends your layout to the other computer, so nobody can peek, even with a network sniffer. Before play each side seals its layout with a cryptographic commitment; each battle is settled by a protocol that tells both sides only the outcome. When the game ends both layouts are opened and the whole game is replayed: any lie about a piece or a battle is caught and shown, with signed proof.

page-tibetan-history-title = Where Tibetan seven-square chess comes from
page-tibetan-history-1-heading = Square chess in western China
page-tibetan-history-1-1 = Square chess (方棋, fangqi) is a family of board games played for several hundred years across the western provinces of China, in Qinghai, Ningxia and Xinjiang among others. Boards and rules differ from place to place; 14 x 14, 7 x 8 and 7 x 7 lines are the usual boards. All share the heart of the game: fill the board with stones, make squares to take the enemy's stones, then fight it out by stepping and jumping.
page-tibetan-history-1-2 = The rules are simple, but the balance between attack and defence keeps changing, so experience counts: easy to learn, hard to master.
page-tibetan-history-2-heading = The Tibetan game
page-tibetan-history-2-1 = Seven-square chess (七方棋) is the square chess of the Tibetan areas, played on 7 x 7 lines in three phases: placement, the opening removals and the battle. Tibetan players improved on the square chess of the north-west: they kept the core of its rules and brought in features of other Tibetan board games and their own customs. It is part of Tibetan culture, and passing it on is part of keeping that culture alive.
page-tibetan-history-3-heading = In lanqi
page-tibetan-history-3-1 = lanqi plays the game as described in a 2018 article by 公保杰 and 安见才让 in the journal Computer Era (计算机时代), written with a program to play it over a network; where the article is silent, lanqi follows the most common square-chess practice. The lobby's settings cover the points where players' customs differ: whether stones in formations are protected, and when a side may fly.

page-tibetan-rules-title = How to play Tibetan seven-square chess
page-tibetan-rules-1-heading = Board and stones
page-tibetan-rules-1-1 = The board has 7 x 7 lines: stones stand on the 49 points and move along the lines, never diagonally. Black has 25 stones, White 24. Points are named a1 to g7, files a to g from the left and ranks 1 to 7 from the bottom, as Black sees the board.
page-tibetan-rules-1-2 = A square (方) is four stones of one side on the corners of one cell. A line (枪) is seven stones of one side filling a whole row or column. A stone that makes a new square earns one removal (at most two squares a turn); a new line earns two. A removal takes any enemy stone off the board.
page-tibetan-rules-2-heading = 1. Placement (布局)
page-tibetan-rules-2-1 = Black places first, then the players take turns putting one stone on any empty point, until all 49 points are full. Formations made now are counted for each side, in order, but nothing is removed yet. The board shades each side's formations and counts the removals earned.
page-tibetan-rules-2-caption = Black's square a1 b1 a2 b2 earns 1 removal; White's line on rank 7 earns 2.
page-tibetan-rules-3-heading = 2. Opening removals (开局)
page-tibetan-rules-3-1 = With the board full: if both sides formed something, the side that formed first removes what it earned, then the other. If only one did, it removes what it earned, then the other side removes one. If neither did, White removes one Black stone, then Black removes one White stone.
page-tibetan-rules-3-2 = Click the enemy stones to remove (they are ringed); click one again to change your mind. The turn is sent when you have picked as many as are due.
page-tibetan-rules-3-caption = Black removes 2: the White stones are ringed, two are picked.
page-tibetan-rules-4-heading = 3. Battle (战斗)
page-tibetan-rules-4-1 = White moves first. On a turn, click one of your stones and then where it goes: a step to a neighbouring empty point, or a jump straight over an enemy stone next to it onto the empty point beyond, capturing it. After a jump you may jump on with the same stone, in any direction; click the last landing point again, or Stop here, to end the chain. Jumping is never compulsory.
page-tibetan-rules-4-2 = A side with 7 stones or fewer may fly: move any stone to any empty point. Squares and lines a moved stone makes earn removals at once: pick the enemy stones, and the whole turn is sent.
page-tibetan-rules-4-3 = A side left with 3 stones or fewer loses, and so does a side that cannot move. 50 turns without a stone leaving the board, or the same position a third time, is a draw.
page-tibetan-rules-4-caption = White's chain c3xc5xe5 captures c4 and d5.

page-xiangqi-history-title = Where Xiangqi comes from
page-xiangqi-history-1-heading = Old roots
page-xiangqi-history-1-1 = Xiangqi (象棋, Chinese chess) is one of the most played board games in the world. Games of war on a board are old in China: liubo (六博) was played more than two thousand years ago. Where xiangqi itself began is still argued over, and so is whether it shares an ancestor with the Indian game chaturanga, and so with chess.
page-xiangqi-history-2-heading = From the Tang to the Song
page-xiangqi-history-2-1 = A Tang-dynasty tale by Niu Sengru (牛僧孺) tells of a game of the Baoying years (宝应, 762–763) with a general, chariots, horses and foot soldiers, the pieces of xiangqi. The game took the form played today in the Song dynasty (960–1279): 32 pieces on the points of a board of 9 by 10 lines, the river between the armies, and the cannon. The cannon's old character 砲, with the stone radical, recalls the stone-throwing engines of war. The statesman and historian Sima Guang (司马光) even made a version for seven players, 七国象戏.
page-xiangqi-history-3-heading = The river
page-xiangqi-history-3-1 = The river across the board is often written 楚河 汉界, the river of Chu and the border of Han. It recalls the war between Chu and Han (206–202 BC) after the fall of the Qin dynasty, when Xiang Yu (项羽) and Liu Bang (刘邦) faced each other across the Hong Canal (鸿沟). Liu Bang won and founded the Han dynasty.
page-xiangqi-history-4-heading = Books and tournaments
page-xiangqi-history-4-1 = Famous collections of games and problems survive from the Ming and Qing dynasties, such as 适情雅趣 (1570), 橘中秘 (1632) and 梅花谱. China held its first national championship in 1956; the Asian Xiangqi Federation was founded in 1978 and the World Xiangqi Federation in 1993. Tournament rules settle what older books left open, such as which repetitions lose (长将, 长捉); lanqi follows them, judging repetitions as the Pikafish engine does.

page-xiangqi-rules-title = How to play Xiangqi
page-xiangqi-rules-1-heading = Board and pieces
page-xiangqi-rules-1-1 = Xiangqi (象棋, Chinese chess) is a game for two, Red and Black. The board has 9 files and 10 ranks of lines, and the pieces stand on the 90 points where they cross. Red moves first; then you take turns, one move each.
page-xiangqi-rules-1-2 = The river (楚河 汉界) runs across the middle. Each side has a palace (九宫): the nine points marked with a cross in the middle of its first three ranks.
page-xiangqi-rules-1-3 = Each side has 16 pieces: a general, 2 advisors, 2 elephants, 2 horses, 2 chariots, 2 cannons and 5 soldiers. Some are written differently for each side: 帅/将 general, 仕/士 advisor, 相/象 elephant, 兵/卒 soldier.
page-xiangqi-rules-1-4 = Files are counted by each player from their own right: Red's 一 to 九 along the bottom, Black's 1 to 9 along the top. A move is written as the piece, its file, the direction (进 forward, 退 back, 平 across) and a file or a distance: 炮二平五 is Red's cannon on file 二 moving across to file 五.
page-xiangqi-rules-1-caption = The start. Red, at the bottom, moves first.
page-xiangqi-rules-2-heading = How the pieces move
page-xiangqi-rules-2-1 = General (帅, 将): one point along a line, and never out of its palace. The two generals may never face each other on one file with nothing between them.
page-xiangqi-rules-2-2 = Advisor (仕, 士): one point diagonally, inside its palace.
page-xiangqi-rules-2-3 = Elephant (相, 象): exactly two points diagonally, never across the river, and not when the point in between is taken (塞象眼).
page-xiangqi-rules-2-4 = Horse (马): one point along a line, then one diagonally outwards. It cannot jump: when the point next to it along the line is taken, that way is blocked (蹩马腿).
page-xiangqi-rules-2-5 = Chariot (车): any distance along a line, over empty points, like a rook in chess.
page-xiangqi-rules-2-6 = Soldier (兵, 卒): one point forward. Once across the river it may also go one point sideways. It never goes back.
page-xiangqi-rules-2-caption = Red's horse on file 六 may go to the dots. The cannon right in front of it blocks its leg, so it cannot go to the two points ahead, on files 七 and 五.
page-xiangqi-rules-3-heading = The cannon
page-xiangqi-rules-3-1 = Cannon (炮): moves like a chariot, any distance along a line over empty points. It captures only by jumping over exactly one piece of either side, the screen (炮架), onto the first enemy piece beyond it.
page-xiangqi-rules-3-caption = Red's cannon on file 五 moves to the dots, and captures the horse further up file 五 by jumping over the soldier (卒) between them.
page-xiangqi-rules-4-heading = Check, and winning
page-xiangqi-rules-4-1 = A piece captures by moving onto an enemy piece, which leaves the board. A general that could be captured is in check (将军). You may never make a move that leaves your own general in check, or that makes the generals face each other.
page-xiangqi-rules-4-2 = You win by checkmate: the enemy general is in check and no move saves it. A side with no legal move at all loses too, even when it is not in check (困毙): in Xiangqi that is a loss, not a draw. A player may also resign.
page-xiangqi-rules-4-3 = When a position comes back for the third time, a side that gave check with every move of the repetition loses (长将), and so does one that kept chasing the same unprotected piece (长捉); otherwise it is a draw. 120 moves in a row (counting both sides) without a capture is a draw, and you may agree to a draw.
page-xiangqi-rules-4-caption = Checkmate: the chariot came up the edge to the line of Black's general (the move is marked). The general, on Black's file 4, cannot step forward (the other chariot holds that line) or across to file 5 (it would face Red's general).
