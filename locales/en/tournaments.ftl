## /mod end result: a moderator scores the game they end

cmd-mod-result = result
cmd-mod-result-desc = Score the game as a draw or as one player's loss (default: no result, not rated)
cmd-mod-player = player
cmd-mod-player-desc = The player who loses (with result: loss)
choice-mod-result-none = No result (not rated)
choice-mod-result-draw = Draw
choice-mod-result-loss = Loss of the player named
result-forfeit = 🛡️ A moderator scored the game as lost by **{ $loser }**: { $reason }. **{ $winner }** wins.
result-moderator-draw = 🛡️ A moderator scored the game as a draw: { $reason }.
error-mod-loss-player = Name the player who loses in `player:` (a loss is someone's).
error-mod-not-playing = That player does not play game #{ $number }.

## /tournament: events of several rounds (Swiss, round robin, tables of 3 or 4)

cmd-tournament = tournament
cmd-tournament-desc = Tournaments on this server: announce, join, standings, pairings
cmd-tournament-create = create
cmd-tournament-create-desc = Announce a tournament that players join with a button (moderators)
cmd-tournament-format = format
cmd-tournament-format-desc = Swiss, round robin (two-player games), or tables of 3 or 4 (Islas)
choice-format-swiss = Swiss
choice-format-round-robin = Round robin
choice-format-tables = Tables of 3 or 4
cmd-tournament-rounds = rounds
cmd-tournament-rounds-desc = Rounds to play (Swiss and tables; a round robin plays everyone once)
cmd-tournament-days = days
cmd-tournament-days-desc = Days each player has for a move (default: 3)
cmd-tournament-signup = signup-hours
cmd-tournament-signup-desc = Hours until round 1 starts by itself (default: when a moderator runs /tournament start)
cmd-tournament-min = min
cmd-tournament-min-desc = Fewest players to start with (fewer: the tournament is cancelled)
cmd-tournament-max = max
cmd-tournament-max-desc = Most players who may join
cmd-tournament-rated = rated
cmd-tournament-rated-desc = Whether its games change ratings (default: yes)
cmd-tournament-undo = undo
cmd-tournament-undo-desc = Whether /undo by consent is allowed in its games (default: no)
cmd-tournament-name = name
cmd-tournament-name-desc = The tournament's name (its threads are named after it)
cmd-tournament-start = start
cmd-tournament-start-desc = Close the sign-up and pair round 1 (moderators)
cmd-tournament-standings = standings
cmd-tournament-standings-desc = A tournament's standings now
cmd-tournament-pairings = pairings
cmd-tournament-pairings-desc = Who plays whom in a round
cmd-tournament-leave = leave
cmd-tournament-leave-desc = Leave a tournament (once it runs you withdraw: your games in progress are resigned)
cmd-tournament-cancel = cancel
cmd-tournament-cancel-desc = Call a tournament off (moderators)
cmd-tournament-event = event
cmd-tournament-event-desc = The tournament (default: the only one running on this server)
cmd-tournament-round = round
cmd-tournament-round-desc = The round (default: the one being played)
button-event-join = Join
button-event-leave = Leave
event-format-swiss = Swiss
event-format-round-robin = Round robin
event-format-tables = Tables of 3 or 4
event-rounds = { $count ->
    [one] one round
   *[other] { $count } rounds
}
event-rounds-all = everyone meets everyone once
event-rated = { $rated ->
    [yes] rated
   *[no] not rated
}
event-undo = /undo by consent allowed
event-players = Players: { $min } to { $max }
event-signup-ends = Sign-up closes { $when } (or when a moderator runs /tournament start).
event-signup-open = Sign-up is open until a moderator runs /tournament start.
event-status-running = Round { $round } of { $rounds } is being played.
event-status-finished = The tournament is over.
event-status-cancelled = The tournament was cancelled.
event-entrants = **Entrants ({ $count }):**
event-no-entrants = Nobody has joined yet: press **Join**.
event-entrant-withdrawn = { $name } (withdrew in round { $round })
event-footer = Tournament #{ $number }
event-created = 🏆 Tournament #{ $number } is announced: { $link }
event-joined = ✅ You are in **{ $name }**.
event-left = You left **{ $name }**.
event-withdrew = You withdrew from **{ $name }**: your games in progress are resigned, and your results so far still count for your opponents.
event-started = Round 1 of **{ $name }** is paired.
event-cancel-done = **{ $name }** is cancelled.
event-began = 🏁 **{ $name }** has begun with { $count ->
    [one] one player
   *[other] { $count } players
}: { $rounds }.
event-round-over = 📊 **{ $name }**: round { $round } of { $rounds } is over.
event-next-round = **Round { $round }:**
event-board = **{ $board }.** { $players }
event-bye = Bye: { $player } (one point)
event-sits-out = { $player } sits this round out.
event-over = 🏆 **{ $name }** is over after { $rounds }.
event-winners = { $count ->
    [one] 🥇 Winner: { $players }
   *[other] 🥇 Winners, sharing first place: { $players }
}
event-podium = 🥈 { $second }   🥉 { $third }
event-replays = Watch any game again with `/replay`: { $games }
event-no-games = No game was played.
event-standings-title = Standings after round { $round }
event-standings-final = Final standings
event-standings-none = No round has been played yet.
event-standings-alt = { $title } of { $name }: the list is in the message.
event-row-pairs = { $rank }. { $name }: { $points } · Buchholz { $buchholz } · SB { $sb } · { $played ->
    [one] one game
   *[other] { $played } games
}
event-row-tables = { $rank }. { $name }: { $points } · game points { $score } · { $played ->
    [one] one game
   *[other] { $played } games
}
event-col-rank = #
event-col-name = Player
event-col-points = Points
event-col-buchholz = Buchholz
event-col-sb = SB
event-col-score = Game points
event-col-played = Games
event-pairings-title = **{ $name }**, round { $round } of { $rounds }:
event-pairings-none = No round has been paired yet.
event-more = … and { $count } more
event-cancelled = ❌ **{ $name }** is cancelled: { $reason }
event-cancelled-too-few = fewer than { $min ->
    [one] one player
   *[other] { $min } players
} joined before it started.
event-cancelled-moderator = a moderator called it off.
error-event-closed = This tournament takes no more entries (nor withdrawals) now.
error-event-joined = You are in this tournament already.
error-event-full = This tournament is full.
error-event-not-entered = You are not in this tournament.
error-event-unknown = There is no such tournament on this server.
error-event-none-here = No tournament is on here: name one in `event:`.
error-event-which = Several tournaments are on here: choose one in `event:`.
error-event-running = This tournament has started already.
error-event-over = This tournament is over.
error-event-format = { $game } cannot be played in that format: Swiss and round robin are for two-player games, tables for games of 3 or 4 players.
error-event-players = The number of players does not fit: min must be at least { $least } and no more than max, and max at most { $most }.
error-event-rounds = Choose how many rounds (from 1 to { $most }).
error-event-no-rounds = A round robin sets its own rounds: leave `rounds:` out.
error-event-name = Give the tournament a name.
