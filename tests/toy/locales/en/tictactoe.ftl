## Tic-tac-toe (a game of the tests): its messages in English; ../es has the same keys.
ttt-title = Tic-tac-toe
cmd-play-tictactoe = tictactoe
cmd-play-tictactoe-desc = Challenge someone to tic-tac-toe (2 players)
ttt-option-goal = goal
ttt-option-goal-desc = What three in a row does
ttt-goal-win = Three in a row wins
ttt-goal-lose = Three in a row loses
rules-tictactoe = Take turns marking a square of the 3×3 grid: `/move 5` marks the middle. Three in a row wins.
ttt-marked = { $player } marked square { $value }.
ttt-won = **{ $winner }** wins.
ttt-draw = A draw: the grid is full.
ttt-prompt = Which square?
ttt-square-taken = Square { $value } is taken.
ttt-alt = Tic-tac-toe, { $placed ->
    [one] 1 mark
   *[other] { $placed } marks
}. { $finished ->
    [yes] The game is over.
   *[no] { $next } to move.
}
