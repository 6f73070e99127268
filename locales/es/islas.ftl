## Islas — español

game-islas = Islas
islas-seat-0 = naranja
islas-seat-1 = azul
islas-seat-2 = verde
islas-seat-3 = rojo
islas-seat-4 = morado
islas-kind-none = sin seguidor
islas-kind-island = isla
islas-kind-bridge = puente
islas-kind-water = agua
islas-kind-lighthouse = faro

## Un turno en palabras
islas-placed = **{ $player }** colocó una ficha en { $x },{ $y }.
islas-placed-follower = **{ $player }** colocó una ficha en { $x },{ $y } y un seguidor { $kind ->
    [island] en la isla
    [bridge] en el puente
    [lighthouse] en el faro
   *[water] en el agua
}.
islas-scored = Completado ({ $kind }): { $players } +{ $points }.
islas-scored-final = Recuento final ({ $kind }): { $players } +{ $points }.
islas-skipped = ⏭️ Se saltó el turno de { $player }: se le acabó el tiempo y la mesa votó.
islas-put-out = La siguiente ficha no cabía en ningún sitio y queda fuera del juego.
islas-result-win = 🏆 Gana { $winners }. Puntos: { $scores }.
islas-result-shared = 🏆 { $winners } comparten la victoria. Puntos: { $scores }.
islas-alt = Islas: { $placed } fichas colocadas, quedan { $left }. Puntos: { $scores }. { $finished ->
    [yes] La partida ha terminado.
   *[no] Le toca colocar a { $next }.
}

## El selector
islas-prompt-spot = ¿Dónde colocas la ficha { $tile }? Elige un sitio (las letras del mapa).
islas-prompt-rotation = Sitio { $spot }: ¿en qué giro? La imagen muestra cada giro que encaja.
islas-prompt-follower = Sitio { $spot }, { $rotation }°: ¿pones un seguidor en esta ficha?
islas-prompt-confirm = Sitio { $spot }, { $rotation }°, { $follower }. ¿Confirmas?
islas-pick-confirm = ✅ Confirmar

## Palabras en las imágenes
islas-label-player = { "Jugador {n}" }
islas-label-to-move = juega
islas-label-winner = gana
islas-label-tile = Ficha a colocar
islas-label-tiles-left = fichas restantes
islas-label-game-over = Fin de la partida
islas-label-put-out = Fuera
islas-label-spot = Sitio

## Errores de las reglas
islas-bad-where = «{ $kind } { $where }» no nombra ningún segmento: islas y puentes llevan un lado (N, E, S, O), el agua una mitad (NNO … ONO), el faro nada.
islas-bad-rotation = Un giro es 0, 90, 180 o 270, no { $rotation }.
islas-occupied = Ya hay una ficha en { $x },{ $y }.
islas-not-adjacent = { $x },{ $y } no toca ninguna ficha del mapa.
islas-edges-mismatch = En { $x },{ $y } con giro { $rotation }° los bordes de la ficha no encajan con sus vecinas.
islas-no-followers-left = No te quedan seguidores.
islas-no-such-segment = Esta ficha no tiene { $kind } en { $where }.
islas-feature-taken = Ese elemento ({ $kind }) ya tiene un seguidor (en esta ficha o en otra unida a ella).

rules-islas =
    • **Objetivo:** tener más puntos cuando se coloca la última ficha.
    • **Turno:** coloca la ficha mostrada (sus bordes deben encajar con todas sus vecinas: isla con isla, puente con puente, agua con agua) y, si quieres, pon uno de tus 7 seguidores en un segmento de esa ficha —isla, puente, agua o faro— si nadie ocupa aún ese elemento entero. `/mover B 90 isla S` usa el sitio B del mapa, o da coordenadas: `/mover 1,0 90 isla S`.
    • **Puntuación:** un puente completo da 1 por ficha, una isla cerrada 2 por ficha y 2 por ancla, un faro con sus 8 vecinas 9. Puntúa quien tenga más seguidores en el elemento (los empates puntúan todos); los seguidores vuelven.
    • **Final:** lo incompleto da 1 por ficha (+1 por ancla; un faro 1 + sus vecinas); cada zona de agua da a su mayoría 3 por cada isla completa que toque.
