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

## Tiles in words: what each tile type shows, whichever way it is turned
islas-tile-A = a lighthouse at the end of a bridge
islas-tile-B = a lighthouse
islas-tile-C = an island filling the tile, with an anchor
islas-tile-D = an island edge and a straight bridge
islas-tile-E = an island edge
islas-tile-F = an island across the tile, with an anchor
islas-tile-G = an island across the tile
islas-tile-H = two island edges facing each other
islas-tile-I = two island edges at a corner
islas-tile-J = an island edge and a bridge bending right
islas-tile-K = an island edge and a bridge bending left
islas-tile-L = an island edge and a three-way bridge junction
islas-tile-M = an island corner with an anchor
islas-tile-N = an island corner
islas-tile-O = an island corner with an anchor, and a curved bridge
islas-tile-P = an island corner and a curved bridge
islas-tile-Q = an island on three edges, with an anchor
islas-tile-R = an island on three edges
islas-tile-S = an island on three edges, with an anchor, and a bridge
islas-tile-T = an island on three edges and a bridge
islas-tile-U = a straight bridge
islas-tile-V = a curved bridge
islas-tile-W = a three-way bridge junction
islas-tile-X = a four-way bridge junction
# A side or half-edge of the notation as players of this language write it.
islas-where = { $where }
islas-points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}

## A turn in words
islas-placed = **{ $player }** placed { $tile } on spot { $spot } ({ $x },{ $y }), turned { $rotation }°{ $kind ->
    [island] , with a follower on the island ({ $where })
    [bridge] , with a follower on the bridge ({ $where })
    [water] , with a follower in the water ({ $where })
    [lighthouse] , with a follower on the lighthouse
   *[none] {""}
}.
islas-scored = { $kind ->
    [island] Island completed ({ $tiles ->
        [one] { $tiles } tile
       *[other] { $tiles } tiles
    }{ $anchors ->
        [0] {""}
        [one] , { $anchors } anchor
       *[other] , { $anchors } anchors
    })
    [bridge] Bridge completed ({ $tiles ->
        [one] { $tiles } tile
       *[other] { $tiles } tiles
    })
   *[lighthouse] Lighthouse surrounded
}: { $players } +{ $points }.
islas-final-count = **Final count** of what is unfinished:
islas-follower-returned = { $count ->
    [one] { $player } gets a follower back.
   *[other] { $player } gets { $count } followers back.
}
islas-scored-final = • { $kind ->
    [island] Island ({ $tiles ->
        [one] { $tiles } tile
       *[other] { $tiles } tiles
    }{ $anchors ->
        [0] {""}
        [one] , { $anchors } anchor
       *[other] , { $anchors } anchors
    })
    [bridge] Bridge ({ $tiles ->
        [one] { $tiles } tile
       *[other] { $tiles } tiles
    })
    [lighthouse] Lighthouse ({ $neighbours ->
        [one] { $neighbours } neighbour
       *[other] { $neighbours } neighbours
    })
   *[water] Water ({ $islands ->
        [one] { $islands } closed island
       *[other] { $islands } closed islands
    })
}: { $players } +{ $points }
islas-scored-more = • …and { $count ->
    [one] { $count } more feature
   *[other] { $count } more features
}
islas-skipped = ⏭️ { $player }'s turn was skipped: their time ran out and the table voted.
islas-put-out = The next tile, { $tile }, fitted nowhere and is out of the game.
islas-drew = Next tile: { $tile }.
islas-drew-same = The same tile passes on: { $tile }.
islas-result-win = 🏆 { $winners } wins.
islas-result-shared = 🏆 { $winners } share the win.
islas-result-total = • { $player }: { $points }
islas-alt = Islas map: { $placed ->
    [one] { $placed } tile placed
   *[other] { $placed } tiles placed
}, { $left } left. { $scores }. { $finished ->
    [yes] The game is over.
   *[no] { $next } to place { $tile }: { $spots ->
        [one] { $spots } spot fits, labelled A
       *[other] { $spots } spots fit, labelled A to { $last }
    } on the map.
}
islas-alt-player = { $player } { $points ->
    [one] { $points } point
   *[other] { $points } points
}, { $followers ->
    [one] { $followers } follower left
   *[other] { $followers } followers left
}

## The picker
islas-prompt-spot = Where do you place { $tile }? Pick a spot (the letters on the map).
islas-prompt-rotation = Spot { $spot }: which way round? The image shows each way it fits.
islas-prompt-follower = Spot { $spot }, { $rotation }°: put a follower on this tile?
islas-prompt-follower-one-way = Spot { $spot }: the tile fits only one way, { $rotation }° (shown). Put a follower on it?
islas-prompt-confirm = Spot { $spot }, { $rotation }°, { $follower }. Confirm?
islas-picked = Spot { $spot }, { $rotation }°, { $follower }
islas-pick-confirm = ✅ Confirm
islas-choices-alt = Spot { $spot } ({ $x },{ $y }) with { $tile } turned { $count ->
    [one] the only way it fits
   *[other] each of the { $count } ways it fits
}: { $ways }.
islas-choices-way = { $rotation }°: north { $n }, east { $e }, south { $s }, west { $w }
islas-edge-i = island
islas-edge-b = bridge
islas-edge-w = water

## Words on the images
islas-label-player = { "Player {n}" }
islas-label-to-move = to move
islas-label-winner = winner
islas-label-tile = Tile to place
islas-label-tiles-left = tiles left
islas-label-tile-left = tile left
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
