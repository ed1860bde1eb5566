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
