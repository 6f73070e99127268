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
