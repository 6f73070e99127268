## Tablero — English. Every message here must also exist in ../es/main.ftl (a test checks).

## Commands, their options and choices (shown by Discord)
cmd-play = play
cmd-play-desc = Challenge someone to a board game
cmd-play-stonehenge = stonehenge
cmd-play-stonehenge-desc = Challenge someone to Stonehenge (2 players)
cmd-play-kahuna = kahuna
cmd-play-kahuna-desc = Challenge someone to Kahuna (2 players)
cmd-play-islas = islas
cmd-play-islas-desc = Challenge up to four people to Islas (2 to 5 players)
cmd-play-opponent = opponent
cmd-play-opponent-desc = Who you challenge: a person, or me to play the bot (empty: an open challenge)
cmd-play-hidden = hidden
cmd-play-hidden-desc = Druids placed face down
cmd-play-first-edition = first_edition
cmd-play-first-edition-desc = No bridge towards an island the opponent controls (1st edition)
cmd-play-no-bridges-loses = no_bridges_loses
cmd-play-no-bridges-loses-desc = From round 2, a player with no bridge on the board loses (default: yes)
cmd-play-series = series
cmd-play-series-desc = Play a series of games
cmd-play-first = first
cmd-play-first-desc = Who moves first
choice-series-1 = A single game
choice-series-3 = A series of 3 games
choice-series-5 = A series of 5 games
choice-first-random = At random
choice-first-me = Me
choice-first-opponent = My opponent
cmd-move = move
cmd-move-desc = Play your move in this game
cmd-move-notation = move
cmd-move-notation-desc = Your move, for example 6L (start typing to see the legal ones)
cmd-board = board
cmd-board-desc = Show the current board (only to you)
cmd-hand = hand
cmd-hand-desc = Show what only you may see: your Kahuna hand, your face-down Stonehenge druids
cmd-resign = resign
cmd-resign-desc = Give up the game played here
cmd-games = games
cmd-games-desc = Your active games and whose turn it is
cmd-export = export
cmd-export-desc = Get a finished game's record as a JSON file (only you see it)
cmd-replay = replay
cmd-replay-desc = Post an animation of a whole finished game, turn by turn
cmd-records-game = game
cmd-records-game-desc = The game's number (default: the game of this thread)
cmd-rules = rules
cmd-rules-desc = How a game is played
cmd-rules-game = game
cmd-rules-game-desc = The game whose rules you want

game-stonehenge = Stonehenge

## Small words
list-and = { $head } and { $last }
option-days = { $count ->
    [one] 1 day per move
   *[other] { $count } days per move
}
option-bank = { $bank ->
    [one] 1 day
   *[other] { $bank } days
} + { $increment } a move (at most { $cap })
option-bank-only = { $bank ->
    [one] 1 day
   *[other] { $bank } days
} for all moves
option-weekends = weekends off
option-series = { $count ->
    [one] a single game
   *[other] series of { $count } games
}

## Buttons
button-play = Play
button-mine = Only for me
sh-button-mine = My druids
sh-board-private = The board as you see it, your face-down druids showing their values:
button-back = Back
button-resign = Yes, resign
button-accept = Accept
button-decline = Decline

## Challenges
cmd-play-opponent2 = opponent2
cmd-play-opponent3 = opponent3
cmd-play-opponent4 = opponent4
cmd-play-more-desc = One more player you invite
error-challenge-full-or-joined = You already have a seat, or the table is full.
error-challenge-answered = You have already accepted.
error-only-challenger-starts = Only the challenger can start the game.
error-not-enough-players = Not enough players have joined yet.
challenge-open-table = **{ $challenger }** opens a table of **{ $game }**{ $details } for { $least } to { $most ->
    [one] 1 player
   *[other] { $most } players
}. Seated: { $seated }. Join with the button; { $challenger } starts the game when ready. The table closes { $expires }.
challenge-number = -# Challenge #{ $number }
challenge-waiting = Still waiting for { $waiting }.
button-open-accept = Join
button-open-decline = Leave
button-open-start = Start
challenge-named = { $opponent }, **{ $challenger }** challenges you to **{ $game }**{ $details }. The challenge expires { $expires }.
challenge-open = **{ $challenger }** is looking for an opponent for **{ $game }**{ $details }. Anyone may accept; the challenge expires { $expires }.
challenge-accepted = ✅ **{ $name }** accepted. The game of { $game } is played in { $place }.
challenge-opened = ✅ The game of { $game } is played in { $place }.
challenge-started = ✅ **{ $name }** started the game. { $game } is played in { $place }.
challenge-table-full = ✅ **{ $name }** took the last seat: the table is full and the game has started. { $game } is played in { $place }.
challenge-bot-started = ✅ **{ $name }** plays { $game } against the bot in { $place }.
challenge-with-bots = 🤖 The bot takes { $count ->
    [one] one seat
   *[other] { $count } seats
} ({ $level }).
challenge-host-left = ↪️ **{ $name }** left the table: **{ $host }** hosts it now.
challenge-declined = ❌ **{ $name }** declined the challenge.
challenge-cancelled = ❌ **{ $name }** withdrew the challenge.
challenge-expired = ⌛ This challenge to { $game } expired.
challenge-cancelled-mod = 🛡️ A moderator cancelled this challenge to { $game }.
error-rematch-offered = { $challenger } has already offered a rematch of this game: { $link }
error-rematch-yours = You have already offered a rematch of this game: { $link }
error-rematch-forgotten = A player of this game asked to be forgotten: challenge the others with /play instead.

## Turns
game-intro = **{ $game }**: { $players }.
game-intro-series = **{ $game }**, game { $index } of { $length }: { $players }.
turn-next-seat = { $mention }, it's your turn ({ $seat }).
turn-next = { $mention }, it's your turn.
turn-away = 🏖️ Away until { $until }: their clock stands still.
place-moved = 📦 This game's thread was deleted or locked: it goes on here, { $players }. The board as it stands:
turn-next-bot = 🤖 { $name } plays next.
turn-next-held = 🤖 The bot plays next for { $name }, holding the seat.
turn-goes-on = Your turn goes on: act again, or draw to end it.
move-done = ✅ You played { $move }.
move-done-in = (in your game of { $game } against { $opponents }, { $place })
game-not-posted = ⚠️ The game is on, but Discord refused its board in { $place }{ $missing ->
    [none] .
   *[other] : I lack the permission { $missing } there. Ask a moderator to grant it.
} I will post it as soon as I can; /board shows it meanwhile.
move-not-posted = ⚠️ Your move counts, but Discord refused the board in { $place }{ $missing ->
    [none] .
   *[other] : I lack the permission { $missing } there. Ask a moderator to grant it.
} I will post it as soon as I can; /board shows it meanwhile.
perm-view-channel = View Channel
perm-send-messages = Send Messages
perm-send-messages-in-threads = Send Messages in Threads
perm-attach-files = Attach Files
perm-read-message-history = Read Message History
move-no-match = No legal move matches “{ $text }”.
move-hint = Start typing your move and choose one of the legal moves offered; /board shows the position.
private-view = Only you see this:
board-public = The current board:
board-private = The board as you see it, with what only you may see:
resign-confirm = Do you really want to resign this game of { $game }?
resign-done = You resigned.
result-resign = 🏳️ **{ $loser }** resigned: **{ $winner }** wins.
result-abort = ✖️ **{ $loser }** called the game off in its first turns: no result, not rated.
result-draw = 🤝 The players agreed on a draw.
result-agreed = 🤝 The table agreed to end the game here: the scores stand, and **{ $winner }** wins.
result-moderator = 🛡️ A moderator ended the game: { $reason }. No result, not rated.
series-won = 🏆 **{ $winner }** wins the series.
series-tied = 🤝 The series is tied.

## /export and /replay
export-done = The public record of { $game } #{ $number } ({ $count ->
    [one] { $count } move
   *[other] { $count } moves
}), as you saw it: whatever was never revealed is written `?`. `python -m rules replay` and `python -m render --animate` read it.
replay-posted = 🎞️ Replay of { $game } #{ $number }: { $players }.
replay-turn = Turn { $number }/{ $count }
replay-result = Result
replay-ended = The game is over.
replay-alt = Animated replay of { $game }: { $players }, { $count ->
    [one] { $count } turn
   *[other] { $count } turns
}, one picture a turn. { $result }
records-no-such-game = There is no game numbered #{ $number } that you can see.
records-no-game-here = No game was played here. Use this command in a game's thread, or give the game's number.
records-unfinished = Game #{ $number } is still being played: its record would give away what players may not see yet (hands, the pile, hidden druids). Ask again once it is over.
records-not-public = Game #{ $number } has no public record to give: its game does not say what in it was hidden.
replay-too-big = The replay of game #{ $number } is too large to post here.

## /games
games-title = Your games
games-none = You have no game in progress. Challenge someone with /play!
games-row = **{ $game }** against { $opponents } — { $link } — { $turn }
games-your-turn = **your turn**
games-their-turn = { $player }'s turn

## Errors
error-unexpected = Something went wrong on our side. Your game is safe; please try again.
error-reply-refused = Discord refused my answer (it broke one of Discord’s limits). /board shows where the game stands.
error-storage-busy = The game's storage is busy; nothing was changed. Try again in a moment.
error-game-busy = Another move of this game is being played right now; nothing was changed. Try again in a moment.
error-storage-full = The game's storage is full; nothing was changed. Try again once whoever runs the bot has freed some space.
error-restarting = Tablero is restarting; nothing was changed. Try again in a minute.
error-no-game = That game no longer exists.
error-no-game-here = There is no game in progress here. Start one with /play.
error-which-game = You have several games in progress: use this command where the game is played (/games links them).
error-several-games-here = Several of your games are here ({ $games }): begin with a number, like `#12 6L`.
error-several-games-spectator = Several games are played here and you play none of them.
error-no-such-game = You are not playing a game numbered #{ $number } here.
error-game-opening = The game is still being set up: its board is on its way. Try again in a moment.
error-not-a-player = You are not playing in this game.
error-game-over = This game is over.
error-not-your-turn = It's not your turn: { $player } is to move.
error-position-changed = The position changed meanwhile (another move arrived first). Look at the new board and try again.
error-option-value = “{ $value }” is not one of the values of { $option }: pick one that Discord offers.
error-challenge-self = You cannot challenge yourself.
error-challenge-twice = You named { $name } twice: name each opponent once.
error-challenge-bot = Other bots cannot play. To play the computer, choose me as the opponent.
error-challenge-closed = This challenge is no longer open.
error-challenge-own = You cannot accept your own challenge; wait for an opponent.
error-not-your-challenge = This challenge is not addressed to you.
error-not-seated = You are not seated at this table: there is nothing to leave.

## Errors from the rules (keys of rules/)
move-unreadable = I can’t read “{ $text }” as a move.
game-over = This game is over.
stonehenge-no-such-druid = You have no druid of value { $value } left.
stonehenge-no-such-point = There is no point { $point } on the board (points are A to R).
stonehenge-point-taken = Point { $point } is already taken.
record-bad-field = The record's field { $field } is not valid.
record-bad-json = The record is not valid JSON.
record-bad-option = The option { $option } has a value that is not allowed.
record-bad-players = { $game } cannot be played by { $players ->
    [one] 1 player
   *[other] { $players } players
}.
record-missing-field = The record lacks the field { $field }.
record-not-object = The record must be a JSON object.
record-public = The record is already public: it has no seed to write a public record from.
record-public-unknown = A public record of a game played face up cannot leave the druid on { $point } unknown.
record-public-unrevealed = Line L{ $line } filled up and was turned face up: its druids cannot be unknown (`?`) in a public record.
record-public-unsupported = { $game } has no public record: its game does not say what in it was hidden.
record-unknown-field = The record has an unknown field { $field }.
record-unknown-game = There is no game called { $game }.
record-unknown-option = Unknown option { $option }.
record-unreadable = The record cannot be read.

## Stonehenge
sh-seat-0 = light
sh-seat-1 = dark
sh-option-hidden = hidden druids
sh-placed = **{ $player }** played { $value } on { $point }
sh-placed-hidden = **{ $player }** placed a druid face down on { $point }
sh-and-won = { $count ->
    [one] { " " }and won line { $lines }
   *[other] { " " }and won lines { $lines }
}
sh-other-won = { $count ->
    [one] **{ $player }** won line { $lines }.
   *[other] **{ $player }** won lines { $lines }.
}
sh-revealed = Line { $line } is full and revealed: { $druids } (light { $light }, dark { $dark }).
sh-result = 🏆 **{ $winner }** places an 8th megalith and wins, { $mine } to { $theirs }.
sh-alt = Stonehenge, move { $ply }. { $light } (light) { $light_megaliths ->
    [one] 1 megalith
   *[other] { $light_megaliths } megaliths
}, { $dark } (dark) { $dark_megaliths ->
    [one] 1 megalith
   *[other] { $dark_megaliths } megaliths
}. { $finished ->
    [yes] The game is over.
   *[no] { $next } to move.
}
sh-prompt-value = Choose the druid to place:
sh-prompt-point = Where do you place your { $value }? (each point shows its lines)
sh-choice = { $move } — druid { $value } on { $point } (lines { $lines })
sh-series = Series, after game { $played } of { $length }: megaliths left unplaced — { $light } { $light_left }, { $dark } { $dark_left } (fewest wins).
sh-label-light = Light
sh-label-dark = Dark
sh-label-to-move = to move
sh-label-winner = winner
sh-label-megaliths = megaliths
sh-label-druids = druids
sh-label-move = Move
sh-label-last = Last
rules-stonehenge =
    • **Goal:** be the first to place all 8 of your megaliths. You place one each time you win a ley line.
    • **Board:** 18 points (A–R) on 15 ley lines (L0–L14) of 2 to 5 points. Each player has 9 druids: 1, 1, 2, 2, 3, 3, 4, 5, 6.
    • **Turn:** place one of your druids on an empty point, for example `/move 6L` puts your 6 on L. No passing.
    • **Winning a line:** when a line is full, the higher total wins it; on equal totals the player who filled it loses it. A line is also won early when the opponent can no longer beat your total, even with their best remaining druids on its empty points (a tie is not enough for them). One druid can decide several lines — sometimes in the opponent's favour.
    • **Hidden druids (option):** druids are placed face down; only their owner knows them. A full line is revealed and decided; there is no early win.
    • **Series:** after each game the loser counts the megaliths they did not place; over the series the lowest total wins.

## Undo and rematch
cmd-undo = undo
cmd-undo-desc = Ask to take back your last move
undo-done-unseen = ↩️ Your last action is taken back; your turn goes on.
undo-asked =
    ↩️ **{ $player }** asks to take back their last move:
    > { $move }
    { $mention }, do you agree?
undo-sent = Your request is posted in the game; your opponent decides.
button-undo-yes = Yes, take it back
button-undo-no = No
undo-declined = ↩️ **{ $player }** said no: { $requester }'s move stands.
undo-accepted = ↩️ **{ $player }** agreed: { $requester }'s last move is taken back.
undo-restored = ↩️ { $requester }'s last move was taken back. The position before it:
undo-restored-bot = ↩️ { $requester }'s last move and the bot's reply were taken back. The position before them:
undo-done-bot = ↩️ Taken back: it is your turn again, and the board is posted in the game.
cmd-abort = abort
cmd-abort-desc = Call the game off in its first turns (no result, not rated)
abort-done = ✖️ The game is called off; the thread says so.
error-abort-late = Too late to call it off: that is only for each player's first { $count } turns. You can offer a draw (/draw) or resign.
cmd-draw = draw
cmd-draw-desc = Offer to end the game by agreement (a draw; at a larger table, the scores stand)
draw-offer = 🤝 **{ $player }** offers a draw, { $mention }. It lapses when { $player } moves again.
draw-offer-table = 🤝 **{ $player }** offers to end the game here, with the scores as they stand: { $mention }, everyone must agree. It lapses when { $player } moves again.
draw-agreed-so-far = Agreed so far: { $players }.
button-draw-yes = 🤝 Agree
button-draw-no = Play on
draw-sent = Your offer is posted in the game; the others answer it there.
draw-declined = 🤝 **{ $player }** wants to play on.
draw-agreed = 🤝 Agreed: the game ends here.
error-draw-bot = The bot plays every game out: no draws against it (you can resign, or abort in the first turns).
error-draw-pending = **{ $player }** has offered to end the game already: answer with the buttons under the offer.
error-draw-offered = Your offer is open already: the others answer it with its buttons.
error-draw-declined = Your offer was turned down; you may offer again after your next move.
error-draw-own = It is your own offer: the others answer it.
error-draw-closed = This offer is no longer open.
error-draw-lapsed = This offer lapsed: { $player } has moved since.
cmd-mod = mod
cmd-mod-desc = Moderate this server's games
cmd-mod-end = end
cmd-mod-end-desc = End a game of this server: no result unless you give one (the reason is shown in its thread)
cmd-mod-reason = reason
cmd-mod-reason-desc = Why the game ends (shown to everyone in its thread)
cmd-mod-game = game
cmd-mod-game-desc = The game's number (default: the game of this thread)
cmd-mod-cancel = cancel
cmd-mod-cancel-desc = Cancel an open challenge of this server
cmd-mod-challenge = challenge
cmd-mod-challenge-desc = The challenge's number
mod-ended = 🛡️ Game #{ $number } is over; { $place } says why.
mod-cancelled = 🛡️ Challenge #{ $number } is cancelled.
error-not-moderator = Only moderators may do that: members who manage the server, or have the role set in /settings server.
error-mod-no-game = No game is being played here: give the game's number.
error-mod-which-game = Several games are played here ({ $games }): give the game's number.
error-limit-games = You are playing { $count ->
    [one] one game
   *[other] { $count } games
} on this server already, its limit: finish one first.
error-limit-challenges = You have { $count ->
    [one] one open challenge
   *[other] { $count } open challenges
} on this server already, its limit: wait for an answer, or withdraw one with the Decline button on its post (Leave, at an open table).
error-limit-games-player = { $name } already plays { $count ->
    [one] one game
   *[other] { $count } games
} on this server, its limit: this game can start once one of them is over (answer again then).
ratings-changed = 📈 Ratings here: { $changes } (? while provisional)
ratings-bot-note = 🤖 Results against the bot do not change people's ratings: only the bot level's own rating moves.
game-over-hint = 🎞️ `/replay game:{ $number }` shows the whole game again; `/export game:{ $number }` gives you its public record.
error-undo-nothing = There is no move to take back.
error-undo-not-yours = The last move is not yours: only its player may ask to take it back.
error-undo-revealed = That move revealed something (a card, a tile or a hidden druid): it cannot be taken back.
error-undo-event = This is a tournament game: a move cannot be taken back once the others have seen it.
error-undo-not-asked = Only { $player } decides on this request.
error-game-not-over = This game is still being played.
button-rematch = Rematch

## Time: deadlines, reminders, notifications, settings
cmd-play-days = days
cmd-play-days-desc = Days each player has per move (default 3)
choice-days-1 = 1 day per move
choice-days-2 = 2 days per move
choice-days-3 = 3 days per move
choice-days-5 = 5 days per move
choice-days-7 = 7 days per move
choice-days-14 = 14 days per move
cmd-play-bank = bank
cmd-play-bank-desc = A bank of days instead of days per move: what each player starts with
choice-bank-1 = 1 day to start
choice-bank-2 = 2 days to start
choice-bank-3 = 3 days to start
choice-bank-5 = 5 days to start
choice-bank-7 = 7 days to start
choice-bank-14 = 14 days to start
choice-bank-21 = 21 days to start
choice-bank-30 = 30 days to start
cmd-play-increment = increment
cmd-play-increment-desc = Days added to a player's bank after each of their moves (with bank)
choice-increment-1 = +1 day a move
choice-increment-2 = +2 days a move
choice-increment-3 = +3 days a move
choice-increment-5 = +5 days a move
choice-increment-7 = +7 days a move
cmd-play-cap = cap
cmd-play-cap-desc = The most days a bank can hold (with bank; default: the bank's start)
choice-cap-3 = at most 3 days
choice-cap-5 = at most 5 days
choice-cap-7 = at most 7 days
choice-cap-10 = at most 10 days
choice-cap-14 = at most 14 days
choice-cap-21 = at most 21 days
choice-cap-30 = at most 30 days
choice-cap-60 = at most 60 days
cmd-play-weekends = weekends
cmd-play-weekends-desc = True: no clock runs on Saturdays and Sundays in the player's own time zone
error-bank-needed = An increment or a cap goes with a bank: choose bank too.
error-cap-below-bank = A bank's cap cannot be smaller than the bank itself: choose a bigger cap, or none.
turn-time-left = ⏱️ Time left: { $clocks }.
turn-weekends-off = No clock on weekends.
clock-left = { $days }d { $hours }h
clock-of = { $name } { $left }
cmd-play-level = level
cmd-play-level-desc = How strong the bot plays (default: normal)
choice-level-easy = Easy: a beginner can beat it
choice-level-normal = Normal: plays the best move it sees
choice-level-hard = Hard: thinks ahead (up to 2 seconds a move)
cmd-play-bots = bots
cmd-play-bots-desc = Seats for the bot, on top of the one it takes when named as the opponent
choice-bots-1 = 1 more bot seat
choice-bots-2 = 2 more bot seats
choice-bots-3 = 3 more bot seats
choice-bots-4 = 4 more bot seats
level-easy = easy
level-normal = normal
level-hard = hard
bot-name = { $name } · { $level }
bot-game-opening = 🤖 Setting up { $game } against the bot…
bot-table-opening = 🤖 The bot plays { $game } against itself: watch in the thread.
error-bot-cannot-play = The bot does not play this game.
error-level-without-bot = The level is the bot's: choose me as the opponent (or set bots) to play the computer.
turn-deadline = ⏳ Deadline { $deadline }.
reminder = ⏰ { $mention }, a reminder: your turn in this game of { $game } is waiting.
dm-your-turn = 🎲 Your turn in { $game } against { $opponents }: { $link }
dm-reminder = ⏰ Your turn in { $game } against { $opponents } is still waiting: { $place }
# Reminders a player chose before their deadline (/notify before:), the heads-up (/notify next:)
reminder-before = ⏰ { $mention }, your turn in this game of { $game } is waiting: your time runs out { $deadline }.
dm-reminder-before = ⏰ Your turn in { $game } against { $opponents } is waiting: your time runs out { $deadline }. { $place }
dm-heads-up = ⏭️ You're next in { $game } against { $opponents }: { $player } is to move now. { $place }
dm-game-stranded = ⏸️ Your game of { $game } against { $opponents } is waiting: its place on the server is gone, and Tablero may not post in any other channel there. It goes on where it stood as soon as Tablero may post in a channel of that server again.
digest-title = 📰 Your daily digest: { $count ->
    [one] one game waits for your move.
   *[other] { $count } games wait for your move.
}
digest-row = • **{ $game }** against { $opponents }: { $link }
digest-row-deadline = • **{ $game }** against { $opponents }: { $link } ⏳ { $deadline }
digest-more = { $count ->
    [one] … and one more (all of them: /games).
   *[other] … and { $count } more (all of them: /games).
}
deadline-passed = ⌛ **{ $player }** has run out of time for this move. { $others } may claim the win with /claim, or keep waiting.
deadline-passed-skip = ⌛ **{ $player }** has run out of time for this move. { $others } may vote to skip the turn with /skip, or keep waiting.
deadline-passed-hold = ⌛ **{ $player }** has run out of time for this move. { $others } may vote to skip the turn with /skip, have the bot hold the seat until { $player } is back (the button below, or /hold-seat to choose its level), or keep waiting.
hold-seat-button = 🤖 The bot holds the seat
seat-held = 🤖 The bot holds **{ $player }**'s seat now, playing at level { $level }, until { $player } is back (a move of their own on their turn, or /takeback-seat). This seat's result will not be rated.
seat-taken-back = 🙋 **{ $player }** takes back their seat: the bot no longer plays it.
dm-seat-held = 🤖 Your time ran out in { $game } against { $opponents }: the bot holds your seat now (level { $level }) so that the game goes on. Take it back with /takeback-seat or with a move on your turn: { $place }
hold-seat-done = 🤖 The bot holds { $player }'s seat now, at level { $level }. Everyone is told in the game's thread.
takeback-seat-done = 🙋 Your seat is yours again: its next turn is yours to play.
error-hold-level = The bot plays at easy, normal or hard.
error-hold-not-here = The bot holds seats only at Islas tables of three or more, once a player's time has run out.
error-hold-already = The bot already holds { $player }'s seat.
error-takeback-not-held = The bot does not hold your seat: there is nothing to take back.
result-timeout = ⌛ **{ $loser }** ran out of time: **{ $winner }** wins.
cmd-claim = claim
cmd-claim-desc = Claim the win when your opponent's time to move has run out
error-claim-own-turn = It's your own turn: there is nothing to claim.
error-claim-no-deadline = This game has no time limit.
error-claim-bot = It is the bot's turn: the bot has no clock, it is choosing its move.
error-claim-too-early = Your opponent still has time: the deadline is { $deadline }.
claim-done = ⌛ You win on time: { $loser } did not move before the deadline. The result is posted in { $place }.
error-claim-multiplayer = At this table a win on time cannot be claimed: vote to skip the turn with /skip.
cmd-notify = notify
cmd-notify-desc = How you are told of your games: direct messages, reminders, a daily digest
cmd-notify-on = on
cmd-notify-on-desc = True to receive direct messages, False to stop
notify-on = 🔔 You will get a direct message when it's your turn.
notify-off = 🔕 No direct messages about your turns.
cmd-notify-before = before
cmd-notify-before-desc = Reminders before a deadline, e.g. 24h 4h 1h, 24,4,1 or 90m (at most 5), or off
cmd-notify-digest = digest
cmd-notify-digest-desc = A daily direct message with your games, at this hour of your time zone
cmd-notify-next = next
cmd-notify-next-desc = True: be told when your turn is next, at tables of three or more
choice-digest-off = Off: no digest
choice-digest-0 = 00:00
choice-digest-1 = 01:00
choice-digest-2 = 02:00
choice-digest-3 = 03:00
choice-digest-4 = 04:00
choice-digest-5 = 05:00
choice-digest-6 = 06:00
choice-digest-7 = 07:00
choice-digest-8 = 08:00
choice-digest-9 = 09:00
choice-digest-10 = 10:00
choice-digest-11 = 11:00
choice-digest-12 = 12:00
choice-digest-13 = 13:00
choice-digest-14 = 14:00
choice-digest-15 = 15:00
choice-digest-16 = 16:00
choice-digest-17 = 17:00
choice-digest-18 = 18:00
choice-digest-19 = 19:00
choice-digest-20 = 20:00
choice-digest-21 = 21:00
choice-digest-22 = 22:00
choice-digest-23 = 23:00
person-zone = 🌍 Your time zone: { $zone } (it is { $time } there now).
person-zone-unset = 🌍 Your time zone: { $zone } (it is { $time } there now); set yours with /settings me.
person-quiet = 🌙 Quiet hours: { $start }–{ $end } ({ $zone }).
person-quiet-off = 🌙 No quiet hours.
person-before = ⏰ Reminders before a deadline: { $spans } before.
person-before-off = ⏰ No reminders before a deadline.
person-digest = 📰 A daily digest of your games at { $time } ({ $zone }).
person-digest-off = 📰 No daily digest.
person-next-on = ⏭️ At tables of three or more, you are told when your turn is next.
person-next-off = ⏭️ Not told when your turn is next.
error-before-format = “{ $text }” is not a list of times before a deadline: write hours or minutes such as 24h 4h 1h, 24,4,1 or 90m, or off.
error-before-range = “{ $text }” is not between 15 minutes and 14 days: a reminder comes that long before a deadline.
error-before-count = At most { $count } reminders before a deadline.
cmd-away = away
cmd-away-desc = Stop the clocks of all your games for a few days (0: you are back)
cmd-away-days = days
cmd-away-days-desc = Days away, up to 14 at once and 30 in a year (0 ends your time away)
away-started = 🏖️ You are away until { $until }: no reminders, and no deadline runs for you meanwhile. Moving in any game, or /away days:0, ends it early.
away-back = 👋 Welcome back: your clocks run again.
away-not-away = You were not away.
error-away-too-long = That is longer than you may be away: at most 14 days at once and 30 in any year; you have { $count ->
    [one] one day
   *[other] { $count } days
} left.
cmd-privacy = privacy
cmd-privacy-desc = Show your ratings and games on every server, or only where you play
cmd-privacy-public = public
cmd-privacy-public-desc = True: global leaderboard and profile on every server; False: each server sees its own games
privacy-public = 🌍 You now appear on the global leaderboards, and every server can see your profile and games.
privacy-private = 🔒 Each server now sees only the games played there, and you are off the global leaderboards.
cmd-forget-me = forget-me
cmd-forget-me-desc = Delete your ratings and settings, and your name from stored games
forget-confirm = ⚠️ This deletes your ratings, their history and your settings, and replaces your name by "former player" in every stored game (the games and the other players' results stay). The games' threads that carry your name are renamed; messages already posted in them do not change. It cannot be undone.
button-forget-me = Forget me
forget-done = Done: you are forgotten. { $count ->
    [one] One stored game now says "former player" in your seat.
   *[other] { $count } stored games now say "former player" in your seat.
}
forget-threads-left = { $count ->
    [one] One thread still shows your name: Discord did not let the bot rename it ({ $places }). Ask the server's moderators to rename or delete it.
   *[other] { $count } threads still show your name: Discord did not let the bot rename them ({ $places }). Ask the servers' moderators to rename or delete them.
}
former-player = former player
error-forget-not-yours = Only the person who asked to be forgotten can confirm it.
error-forget-playing = You are still playing { $count ->
    [one] a game: { $places }. Finish it or resign first.
   *[other] { $count } games: { $places }. Finish them or resign first.
}
error-forget-challenges = You have { $count ->
    [one] an open challenge: cancel or decline it, or let it expire first.
   *[other] { $count } open challenges: cancel or decline them, or let them expire first.
}
cmd-leaderboard = leaderboard
cmd-leaderboard-desc = The ranking of a game on this server (or across servers)
cmd-leaderboard-game = game
cmd-leaderboard-game-desc = The game whose ranking you want
cmd-leaderboard-scope = scope
cmd-leaderboard-scope-desc = This server (default) or all servers
cmd-leaderboard-season = season
cmd-leaderboard-season-desc = A season's ladder instead: its number on this server (see /season show)
choice-scope-server = This server
choice-scope-global = All servers (players who chose to appear)
choice-season = Season { $number } · { $running ->
    [yes] running
   *[no] over
}
leaderboard-title = 🏆 { $game } — { $scope ->
    [global] all servers
    [season] season { $number }
   *[server] this server
}
leaderboard-row = { $me ->
    [yes] **#{ $place } { $player } — { $rating }** · { $count ->
        [one] 1 game
       *[other] { $count } games
    } ⬅️
   *[no] **#{ $place }** { $player } — { $rating } · { $count ->
        [one] 1 game
       *[other] { $count } games
    }
}
rating-value = { $value }{ $provisional ->
    [yes] ?
   *[no] {""}
}
leaderboard-empty = Nobody is rated at this game here yet: a game counts once two people have finished it.
leaderboard-empty-global = Nobody is rated at this game yet: a game counts once two people have finished it.
leaderboard-empty-season = Nobody is on this season's ladder at this game yet: a rated game counts once two people have finished it during the season.
leaderboard-empty-hidden = Players are rated at this game, but none has made their rating public yet: this list shows only those who turn on `/privacy public:True`.
leaderboard-you-hidden = You are not on the global leaderboard: /privacy puts you on it.
leaderboard-you-unrated = You are not rated at this game here yet.
leaderboard-footer = Page { $page } of { $pages } · ? = provisional (first 10 games)
button-page-previous = ◀ Previous
button-page-next = Next ▶
error-page-gone = This list is out of date: ask for it again.
cmd-profile = profile
cmd-profile-desc = Ratings, results and last games of a player
cmd-profile-user = user
cmd-profile-user-desc = Whose profile (default: yours)
cmd-profile-vs = vs
cmd-profile-vs-desc = Add the results against this player
profile-title = { $player } — profile
profile-scope = { $where ->
    [everywhere] 🌍 Games on every server; ratings across servers.
   *[server] 🏠 Games and ratings on this server.
}
profile-last-games = **Last games**
profile-no-games = No finished games yet.
profile-unrated = Not rated yet (a rated game needs two people)
profile-rating = Rating **{ $rating }**
profile-trend = ({ $change } over the last { $count ->
    [one] game
   *[other] { $count } games
})
profile-record = { $count ->
    [one] 1 game
   *[other] { $count } games
}: { $wins } won, { $draws } drawn, { $losses } lost ({ $rate } % won)
profile-streak = Winning streak: { $streak } (best { $best })
profile-vs-title = Against { $player }
profile-vs-row = { $game }: { $wins } won, { $draws } drawn, { $losses } lost
profile-vs-none = No finished games against each other here.
profile-chart-line = { $game } from { $start } to { $now } in { $count ->
    [one] 1 game
   *[other] { $count } games
}
profile-chart-alt = Chart of { $player }'s rating over time: { $series }.
error-profile-bot = The bot has no profile: its levels are rated on /leaderboard.
error-profile-vs-self = Choose someone else to compare with.
error-profile-private = This player's games are only shown on the servers where they play.
cmd-history = history
cmd-history-desc = Finished games of a player, newest first (only you see it)
cmd-history-user = user
cmd-history-user-desc = Whose games (default: yours)
cmd-history-game = game
cmd-history-game-desc = Only this game
history-title = { $player }: { $game ->
    [all] finished games
   *[other] { $game } games
}
history-row = { $result ->
    [win] ✅ Won
    [draw] 🤝 Draw
    [resigned] 🏳️ Resigned
    [timeout] ⌛ Lost on time
   *[loss] ❌ Lost
} · **{ $game }** against { $opponents } · { $date } · { $link }
history-none = No finished games yet.
history-footer = Page { $page } of { $pages } · { $count ->
    [one] 1 game
   *[other] { $count } games
} · { $where ->
    [everywhere] every server
   *[server] this server
}
cmd-stats = stats
cmd-stats-desc = How a game is played on this server
cmd-stats-game = game
cmd-stats-game-desc = The game whose statistics you want
stats-title = 📊 { $game } on this server
stats-no-games = No finished games here yet ({ $active } in progress).
stats-games = **Games:** { $count } finished, { $active } in progress
stats-first-seat = **First player:** won { $rate } % ({ $wins } of { $count }), { $draws ->
    [one] 1 draw
   *[other] { $draws } draws
}
stats-length = **Average length:** { $moves ->
    [one] 1 move
   *[other] { $moves } moves
}, { $unit ->
    [hours] { $length ->
        [one] { $length } hour
       *[other] { $length } hours
    }
   *[days] { $length ->
        [one] { $length } day
       *[other] { $length } days
    }
}
stats-player = { $player } ({ $count })
stats-most-active = **Most active:** { $players }
cmd-settings = settings
cmd-settings-desc = Your own settings, and how games are played on this server
cmd-settings-server = server
cmd-settings-server-desc = How games are played on this server (managers change them)
error-settings-server-only = These are a server's settings: use this command on that server.
cmd-settings-me = me
cmd-settings-me-desc = Your time zone and quiet hours (no option: shows them)
cmd-settings-timezone = timezone
cmd-settings-timezone-desc = Your time zone: type a city or region and pick it from the list
cmd-settings-quiet-from = quiet-from
cmd-settings-quiet-from-desc = Quiet hours begin, your time, as HH:MM (24-hour), or off
cmd-settings-quiet-to = quiet-to
cmd-settings-quiet-to-desc = Quiet hours end, your time, as HH:MM (24-hour), or off
error-unknown-timezone = “{ $zone }” is not a time zone Tablero knows: type a city or region and pick one from the list (such as Europe/Madrid).
error-quiet-time = “{ $text }” is not a time of day: write it as HH:MM, 24-hour (such as 22:30), or off.
error-quiet-both = Give both ends of your quiet hours (quiet-from and quiet-to), or off to clear them.
error-quiet-same = Quiet hours begin and end at two different times.
cmd-settings-reminder = reminder_hours
cmd-settings-reminder-desc = Hours without a move before a reminder (default 24)
cmd-settings-channel = channel
cmd-settings-channel-desc = The channel where games get their threads
cmd-settings-threads = threads
cmd-settings-threads-desc = One thread per game (True) or play in the channel (False)
cmd-settings-mod-role = mod_role
cmd-settings-mod-role-desc = A role whose members moderate games too (besides those who manage the server)
cmd-settings-max-challenges = max_challenges
cmd-settings-max-challenges-desc = Open challenges one member may have at once (default 3)
cmd-settings-max-games = max_games
cmd-settings-max-games-desc = Games one member may play at once on this server (default 20)
settings-same-channel = the channel of the challenge
error-settings-manager = Only members with the Manage Server permission can change these settings.
settings-moderation = Moderators: those who manage the server, and the role { $role }. Each member may have { $challenges ->
    [one] one open challenge
   *[other] { $challenges } open challenges
} and play { $games ->
    [one] one game
   *[other] { $games } games
} at once.
settings-now = Settings of this server: a reminder after { $hours } h without a move; games are played in { $place }; { $threads ->
    [yes] one thread per game.
   *[no] without threads.
}
games-more = { $count ->
    [one] … and one more
   *[other] … and { $count } more
}
games-deadline = ⏳ { $deadline }
games-time-left = ⏱️ { $clocks }
cmd-skip = skip
cmd-skip-desc = Vote to skip the turn of a player whose time ran out (3+ players)
cmd-hold-seat = hold-seat
cmd-hold-seat-desc = Let the bot hold the seat of a player whose time ran out (Islas, 3+ players)
cmd-hold-seat-level-desc = How strong the bot plays the seat (default: normal)
cmd-takeback-seat = takeback-seat
cmd-takeback-seat-desc = Take your seat back from the bot that holds it
skip-done = ⏭️ Your vote decided it: { $player }'s turn is skipped. The next turn is posted in { $place }.
skip-counted = Your vote is counted: { $votes } of the { $needed } needed to skip this turn.
error-skip-two-players = At this table there is no vote: claim the win with /claim.
error-table-move = A turn is skipped only by the other players' vote (/skip), once its time has run out.

## /review: the bot's review of a finished game (issue 24)
cmd-review = review
cmd-review-desc = The bot's review of a finished game: each player's chance over the game, and their key moments
cmd-review-mine = mine
cmd-review-mine-desc = Your own review, from what your seat knew (your cards, your druids), only for you
review-posted = 🔎 Review of { $game } #{ $number }: { $players }. Each player's chance after every turn, as anyone watching could judge it, and the turns that cost them most.
review-mine-posted = 🔎 Your review of { $game } #{ $number } ({ $players }), from what your seat knew: only you see it.
review-unavailable = Reviews are not available on this bot.
review-not-a-player = You did not play game #{ $number }: there is no review of yours to give. Ask for the review of everyone without mine.
review-axis = turn
review-chart-alt = Each player's chance of winning after every turn. { $story }
review-story-lead = { $name } led from turn { $turn }.
review-story-change = { $name } took the lead at turn { $turn }.
review-story-drop = The costliest move: { $name }'s { $move } at turn { $turn }, from { $before }% to { $after }%.
review-standing = { $name } { $chance }%
review-story-end = At the end: { $standing }.
review-played = Played: { $move } ({ $chance }%)
review-preferred = Bot: { $move } ({ $chance }%)
review-moment-title = Turn { $turn } · { $name }: { $before }% → { $after }%
review-moment = Turn { $turn }: { $name } played { $move }; their chance fell from { $before }% to { $after }% by their next turn.
review-moment-better = The bot would have played { $move }: { $chance }% right after it, against { $played }% after the move played.
review-moment-no-better = The bot names no better move here.
replay-key-moment = key moment
cmd-settings-reviews = reviews
cmd-settings-reviews-desc = Post the bot's review of every game finished on this server in its thread (default: no)
settings-reviews = Reviews of finished games: { $on ->
    [yes] posted in each game's thread.
   *[no] only when asked (/review).
}
