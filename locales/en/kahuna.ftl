## Kahuna — English

game-kahuna = Kahuna
kahuna-button-hand = Show my hand
kahuna-board-private = The board as you see it, your hand included:
kahuna-drew-from-pile = From the pile you drew **{ $card }**. Your hand now:
kahuna-seat-0 = orange
kahuna-seat-1 = blue
kahuna-option-first-edition = first edition: no bridge towards an island the opponent controls
kahuna-option-no-bridges-off = no loss for an empty board

## A turn in words: "**Ana** built Bari–Elai, took Elai and removed 2 of Luis's bridges; drew from the pile."
kahuna-turn = **{ $player }** { $actions }.
kahuna-act-placed = built { $line }
kahuna-act-took = , took { $island }
kahuna-act-cleared = { $count ->
    [one] { " " }and removed one of { $owner }'s bridges
   *[other] { " " }and removed { $count } of { $owner }'s bridges
}
kahuna-act-removed = removed { $owner }'s bridge { $line }
kahuna-act-discarded = { $count ->
    [one] discarded a card face down
   *[other] discarded { $count } cards face down
}
kahuna-act-drew-display = drew { $card } from the display
kahuna-act-drew-pile = drew from the pile
kahuna-lost = { $player } lost control of { $island }.
kahuna-round-won = End of round { $round }: **{ $player }** has more islands ({ $mine } to { $theirs }) and scores { $points ->
    [one] 1 point
   *[other] { $points } points
}.
kahuna-round-tie = End of round { $round }: { $count ->
    [one] 1 island
   *[other] { $count } islands
} each, nobody scores.
kahuna-round-started = Round { $round } begins: the discards are shuffled into a new pile.
kahuna-result-win = 🏆 **{ $winner }** wins, { $mine ->
    [one] 1 point
   *[other] { $mine } points
} to { $theirs }.
kahuna-result-draw = 🤝 A draw: { $points ->
    [one] 1 point
   *[other] { $points } points
} each.
kahuna-result-no-bridges = 🏆 { $loser } has no bridge left on the board: **{ $winner }** wins.
kahuna-result-no-bridges-draw = 🤝 Neither player has a bridge left on the board: a draw.
kahuna-alt = Kahuna, round { $round }. { $p0 } (orange) { $islands0 ->
    [one] 1 island
   *[other] { $islands0 } islands
}, { $score0 ->
    [one] 1 point
   *[other] { $score0 } points
}; { $p1 } (blue) { $islands1 ->
    [one] 1 island
   *[other] { $islands1 } islands
}, { $score1 ->
    [one] 1 point
   *[other] { $score1 } points
}. { $finished ->
    [yes] The game is over.
   *[no] { $next } to move.
}
kahuna-hand-alt = { $count ->
    [0] Your Kahuna hand is empty.
    [one] Your Kahuna hand, 1 card: { $cards }.
   *[other] Your Kahuna hand, { $count } cards: { $cards }.
}
kahuna-hand-alt-card = { $count ->
    [0] { $card } (no free line to build on)
   *[other] { $card } (can build towards { $ends })
}

## The picker
kahuna-pick-place = Build a bridge (1 card)
kahuna-pick-remove = Remove a bridge (2 cards)
kahuna-pick-discard = Discard face down
kahuna-pick-draw = Draw (ends your turn)
kahuna-pick-pile = The pile (face down)
kahuna-prompt-action = What do you do? Any number of actions, then a draw.
kahuna-prompt-place = Which card do you play?
kahuna-prompt-place-line = Where do you build with { $card }?
kahuna-prompt-remove = Which bridge of your opponent do you remove?
kahuna-prompt-remove-cards = Which two cards do you play to remove { $line }?
kahuna-prompt-discard = Which cards do you discard face down?
kahuna-prompt-draw = Which card do you take? This ends your turn.
kahuna-choice-place = build { $line } with { $card }
kahuna-choice-remove = remove the bridge { $line } with { $cards }
kahuna-choice-draw-pile = draw from the pile (ends your turn)
kahuna-choice-draw-display = take the face-up { $card } (ends your turn)
## How a move is written; typed Spanish verbs are also read (cogs/games/kahuna.py)
kahuna-notation-place = place
kahuna-notation-remove = remove
kahuna-notation-discard = discard
kahuna-notation-draw = draw
kahuna-notation-with = with
kahuna-notation-deck = deck
kahuna-choice-discard = { $count ->
    [one] discard a card face down
   *[other] discard { $count } cards face down
}

## Words on the images
kahuna-label-orange = Orange
kahuna-label-blue = Blue
kahuna-label-to-move = to move
kahuna-label-winner = winner
kahuna-label-draw = draw
kahuna-label-no-bridges = no bridges
kahuna-label-islands = islands
kahuna-label-bridges = bridges
kahuna-label-score = score
kahuna-label-round = Round
kahuna-label-pile = Pile
kahuna-label-discards = Discards
kahuna-label-hand = Your hand

## Errors from the rules
kahuna-no-such-island = There is no island called “{ $name }”.
kahuna-no-such-line = There is no bridge line { $line }.
kahuna-card-not-on-line = A { $card } card cannot build on { $line }: the line must touch { $card }.
kahuna-card-not-in-hand = You have no { $card } card in your hand.
kahuna-line-taken = There is already a bridge on { $line }.
kahuna-no-bridges-left = You have no bridge left in your supply.
kahuna-build-on-controlled = Your opponent controls { $island }: in this game you cannot build towards it.
kahuna-no-opponent-bridge = There is no bridge of your opponent on { $line }.
kahuna-hand-full = You hold 5 cards: discard at least one before you draw.
kahuna-pile-empty = The draw pile is empty: take a face-up card.
kahuna-not-in-display = There is no face-up { $card } card to take.

rules-kahuna =
    • **Goal:** control more islands than your opponent at the end of each of the three rounds.
    • **Turn:** any number of actions, then draw one card (a face-up card or the top of the pile), which ends your turn. Never more than 5 cards in hand: with 5, discard before drawing.
    • **Actions:** play a card of island X to build a bridge on an empty line touching X (`/move place Elai-Huna with Huna`); play two cards naming the ends of an opponent bridge to remove it (`remove Elai-Huna with Elai+Huna`); or discard cards face down (`discard Bari Coco`). `draw deck` or `draw Coco` ends the turn.
    • **Control:** more than half of an island's lines hold your bridges (the number on its badge). Taking an island removes all opponent bridges there, which may cost them neighbouring islands.
    • **Rounds:** a round ends when the last card is taken. Round 1 gives 1 point to the player with more islands, round 2 gives 2; after round 3 the leader scores the difference. Highest total wins.
    • **Secrets:** your hand is yours alone: see it with /hand or the “Show my hand” button.
