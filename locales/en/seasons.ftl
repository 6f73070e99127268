# Seasons: a server's few weeks in which every rated game also counts on a ladder of its own.
cmd-season = season
cmd-season-desc = Seasons: weeks in which every rated game here counts on a fresh ladder too
cmd-season-start = start
cmd-season-start-desc = Start a season on this server (moderators)
cmd-season-length = length
cmd-season-length-desc = How many weeks it lasts (1 to 52)
cmd-season-end = end
cmd-season-end-desc = End this server's season now (moderators): its results are posted
cmd-season-show = show
cmd-season-show-desc = The season running on this server, and when it ends
season-started = 🏁 **Season { $number } has begun!** For { $count ->
    [one] a week
   *[other] { $count } weeks
}, until { $until }, every rated game finished on this server also counts on the season's own ladder, where everyone starts afresh. See it with `/leaderboard season:{ $number }`.
season-shown = 🏁 Season { $number } is running: it ends { $until } ({ $deadline }). Its ladder: `/leaderboard season:{ $number }`.
season-ended-early = 🏁 Season { $number } is over: its champions and final ladder are being posted in { $place }.
season-over = 🏁 **Season { $number } is over!** Its champions:
season-over-none = 🏁 **Season { $number } is over!** No rated game was finished during it, so it has no champion.
season-champion = 🏆 { $game }: { $player }
season-ladder-title = Season { $number }: the final ladders
season-ladder-more = { $count ->
    [one] … and one more player
   *[other] … and { $count } more players
}
season-ladder-footer = ? = provisional (first 10 games)
error-season-length = A season lasts from { $least } to { $most } weeks.
error-season-running = Season { $number } is running already, until { $until }: one season at a time (a moderator may end it early with /season end).
error-season-none = No season is running on this server: a moderator starts one with /season start.
error-season-unknown = This server has no season { $number }.
