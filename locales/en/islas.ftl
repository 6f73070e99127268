## Islas — English

game-islas = Islas
islas-seat-0 = orange
islas-seat-1 = blue
islas-seat-2 = green
islas-seat-3 = red
islas-seat-4 = purple
islas-kind-none = no follower
islas-kind-island = island
islas-kind-bridge = bridge
islas-kind-water = water
islas-kind-lighthouse = lighthouse

## A turn in words
islas-placed = **{ $player }** placed a tile on { $x },{ $y }.
islas-placed-follower = **{ $player }** placed a tile on { $x },{ $y } and a follower { $kind ->
    [island] on the island
    [bridge] on the bridge
    [lighthouse] on the lighthouse
   *[water] in the water
}.
islas-scored = { $kind } completed: { $players } +{ $points }.
islas-scored-final = Final count, { $kind }: { $players } +{ $points }.
islas-skipped = ⏭️ { $player }'s turn was skipped: their time ran out and the table voted.
islas-put-out = The next tile fitted nowhere and is out of the game.
islas-result-win = 🏆 { $winners } wins. Scores: { $scores }.
islas-result-shared = 🏆 { $winners } share the win. Scores: { $scores }.
islas-alt = Islas: { $placed } tiles placed, { $left } left. Scores: { $scores }. { $finished ->
    [yes] The game is over.
   *[no] { $next } to place the next tile.
}

## The picker
islas-prompt-spot = Where do you place tile { $tile }? Pick a spot (the letters on the map).
islas-prompt-rotation = Spot { $spot }: which way round? The image shows each rotation that fits.
islas-prompt-follower = Spot { $spot }, { $rotation }°: put a follower on this tile?
islas-prompt-confirm = Spot { $spot }, { $rotation }°, { $follower }. Confirm?
islas-pick-confirm = ✅ Confirm

## Words on the images
islas-label-player = { "Player {n}" }
islas-label-to-move = to move
islas-label-winner = winner
islas-label-tile = Tile to place
islas-label-tiles-left = tiles left
islas-label-game-over = Game over
islas-label-put-out = Put out
islas-label-spot = Spot

## Errors from the rules
islas-bad-where = “{ $kind } { $where }” names no segment: islands and bridges take a side (N, E, S, W), water a half (NNW … WNW), a lighthouse nothing.
islas-bad-rotation = A rotation is 0, 90, 180 or 270, not { $rotation }.
islas-occupied = There is already a tile on { $x },{ $y }.
islas-not-adjacent = { $x },{ $y } touches no tile on the map.
islas-edges-mismatch = At { $x },{ $y } turned { $rotation }° the tile's edges do not match its neighbours.
islas-no-followers-left = You have no follower left.
islas-no-such-segment = This tile has no { $kind } at { $where }.
islas-feature-taken = That { $kind } already has a follower on it (on this tile or one it joins).

rules-islas =
    • **Goal:** the most points when the last tile is placed.
    • **Turn:** place the tile shown (its edges must match every neighbour: island to island, bridge to bridge, water to water), then you may put one of your 7 followers on a segment of that tile — an island, a bridge, a water area or a lighthouse — if no follower is on that whole feature yet. `/move B 90 island S` uses the labelled spot B, or give coordinates: `/move 1,0 90 island S`.
    • **Scoring:** a completed bridge scores 1 per tile, a closed island 2 per tile and 2 per anchor, a lighthouse with all 8 neighbours 9. The most followers on a feature score it (ties all score); followers come back.
    • **End:** unfinished features score 1 per tile (+1 per anchor, a lighthouse 1 + its neighbours); each water area gives its majority 3 per completed island it borders.
