## Kahuna — español

game-kahuna = Kahuna
kahuna-button-hand = Ver mi mano
kahuna-board-private = El tablero tal como lo ves tú, con tu mano:
kahuna-drew-from-pile = Del mazo robaste **{ $card }**. Tu mano ahora:
kahuna-seat-0 = naranja
kahuna-seat-1 = azul
kahuna-option-first-edition = primera edición: sin puentes hacia una isla que controla el rival
kahuna-option-no-bridges-off = quedarse sin puentes no hace perder

## Un turno en palabras: "**Ana** construyó Bari–Elai, tomó Elai y quitó 2 puentes de Luis; robó del mazo."
kahuna-turn = **{ $player }** { $actions }.
kahuna-act-placed = construyó { $line }
kahuna-act-took = , tomó { $island }
kahuna-act-cleared = { $count ->
    [one] { " " }y quitó un puente de { $owner }
   *[other] { " " }y quitó { $count } puentes de { $owner }
}
kahuna-act-removed = quitó el puente { $line } de { $owner }
kahuna-act-discarded = { $count ->
    [one] descartó una carta boca abajo
   *[other] descartó { $count } cartas boca abajo
}
kahuna-act-drew-display = robó { $card } de las cartas visibles
kahuna-act-drew-pile = robó del mazo
kahuna-lost = { $player } perdió el control de { $island }.
kahuna-round-won = Fin de la ronda { $round }: **{ $player }** tiene más islas ({ $mine } a { $theirs }) y suma { $points ->
    [one] 1 punto
   *[other] { $points } puntos
}.
kahuna-round-tie = Fin de la ronda { $round }: { $count ->
    [one] 1 isla
   *[other] { $count } islas
} cada uno, nadie puntúa.
kahuna-round-started = Empieza la ronda { $round }: los descartes se barajan en un mazo nuevo.
kahuna-result-win = 🏆 **{ $winner }** gana, { $mine ->
    [one] 1 punto
   *[other] { $mine } puntos
} a { $theirs }.
kahuna-result-draw = 🤝 Empate: { $points ->
    [one] 1 punto
   *[other] { $points } puntos
} cada uno.
kahuna-result-no-bridges = 🏆 { $loser } no tiene ningún puente en el tablero: gana **{ $winner }**.
kahuna-result-no-bridges-draw = 🤝 Ninguno de los dos tiene puentes en el tablero: empate.
kahuna-alt = Kahuna, ronda { $round }. { $p0 } (naranja) { $islands0 ->
    [one] 1 isla
   *[other] { $islands0 } islas
}, { $score0 ->
    [one] 1 punto
   *[other] { $score0 } puntos
}; { $p1 } (azul) { $islands1 ->
    [one] 1 isla
   *[other] { $islands1 } islas
}, { $score1 ->
    [one] 1 punto
   *[other] { $score1 } puntos
}. { $finished ->
    [yes] La partida ha terminado.
   *[no] Le toca a { $next }.
}
kahuna-hand-alt = { $count ->
    [0] Tu mano de Kahuna está vacía.
    [one] Tu mano de Kahuna, 1 carta: { $cards }.
   *[other] Tu mano de Kahuna, { $count } cartas: { $cards }.
}
kahuna-hand-alt-card = { $count ->
    [0] { $card } (ninguna línea libre donde construir)
   *[other] { $card } (puede construir hacia { $ends })
}

## El selector
kahuna-pick-place = Construir un puente (1 carta)
kahuna-pick-remove = Quitar un puente (2 cartas)
kahuna-pick-discard = Descartar boca abajo
kahuna-pick-draw = Robar (termina tu turno)
kahuna-pick-pile = El mazo (boca abajo)
kahuna-prompt-action = ¿Qué haces? Las acciones que quieras y después robar.
kahuna-prompt-place = ¿Qué carta juegas?
kahuna-prompt-place-line = ¿Dónde construyes con { $card }?
kahuna-prompt-remove = ¿Qué puente de tu rival quitas?
kahuna-prompt-remove-cards = ¿Qué dos cartas juegas para quitar { $line }?
kahuna-prompt-discard = ¿Qué cartas descartas boca abajo?
kahuna-prompt-draw = ¿Qué carta tomas? Con esto termina tu turno.
kahuna-choice-place = construir { $line } con { $card }
kahuna-choice-remove = quitar el puente { $line } con { $cards }
kahuna-choice-draw-pile = robar del mazo (termina tu turno)
kahuna-choice-draw-display = robar la carta visible { $card } (termina tu turno)
## Cómo se escribe una jugada; también se leen poner, retirar, «y», «robar del mazo»…
kahuna-notation-place = colocar
kahuna-notation-remove = quitar
kahuna-notation-discard = descartar
kahuna-notation-draw = robar
kahuna-notation-with = con
kahuna-notation-deck = mazo
kahuna-choice-discard = { $count ->
    [one] descartar una carta boca abajo
   *[other] descartar { $count } cartas boca abajo
}

## Palabras en las imágenes
kahuna-label-orange = Naranja
kahuna-label-blue = Azul
kahuna-label-to-move = juega
kahuna-label-winner = gana
kahuna-label-draw = empate
kahuna-label-no-bridges = sin puentes
kahuna-label-islands = islas
kahuna-label-bridges = puentes
kahuna-label-score = puntos
kahuna-label-round = Ronda
kahuna-label-pile = Mazo
kahuna-label-discards = Descartes
kahuna-label-hand = Tu mano

## Errores de las reglas
kahuna-no-such-island = No hay ninguna isla llamada «{ $name }».
kahuna-no-such-line = No existe la línea de puente { $line }.
kahuna-card-not-on-line = Una carta de { $card } no puede construir en { $line }: la línea debe tocar { $card }.
kahuna-card-not-in-hand = No tienes ninguna carta de { $card } en la mano.
kahuna-line-taken = Ya hay un puente en { $line }.
kahuna-no-bridges-left = No te quedan puentes.
kahuna-build-on-controlled = Tu rival controla { $island }: en esta partida no puedes construir hacia ella.
kahuna-no-opponent-bridge = No hay ningún puente de tu rival en { $line }.
kahuna-hand-full = Tienes 5 cartas: descarta al menos una antes de robar.
kahuna-pile-empty = El mazo está vacío: toma una carta visible.
kahuna-not-in-display = No hay ninguna carta visible de { $card } que tomar.

rules-kahuna =
    • **Objetivo:** controlar más islas que tu rival al final de cada una de las tres rondas.
    • **Turno:** las acciones que quieras y después robar una carta (una visible o la primera del mazo), con lo que termina tu turno. Nunca más de 5 cartas en la mano: con 5, descarta antes de robar.
    • **Acciones:** juega una carta de la isla X para construir un puente en una línea vacía que toque X (`/mover colocar Elai-Huna con Huna`); juega dos cartas con los extremos de un puente rival para quitarlo (`quitar Elai-Huna con Elai+Huna`); o descarta cartas boca abajo (`descartar Bari Coco`). `robar mazo` o `robar Coco` termina el turno. También valen `poner`, `retirar`, `Elai y Huna` y `robar del mazo`.
    • **Control:** tus puentes ocupan más de la mitad de las líneas de una isla (el número de su insignia). Al tomar una isla se quitan todos los puentes rivales de ella, lo que puede costarle islas vecinas.
    • **Rondas:** una ronda termina cuando se toma la última carta. La ronda 1 da 1 punto a quien tenga más islas, la 2 da 2; tras la 3, quien va delante suma la diferencia. Gana el total más alto.
    • **Secretos:** tu mano es solo tuya: mírala con /mano o con el botón «Ver mi mano».
