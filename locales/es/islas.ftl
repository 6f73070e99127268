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

## Las fichas en palabras: lo que muestra cada tipo de ficha, gire como gire
islas-tile-A = un faro al final de un puente
islas-tile-B = un faro
islas-tile-C = una isla que llena la ficha, con ancla
islas-tile-D = un borde de isla y un puente recto
islas-tile-E = un borde de isla
islas-tile-F = una isla que cruza la ficha, con ancla
islas-tile-G = una isla que cruza la ficha
islas-tile-H = dos bordes de isla enfrentados
islas-tile-I = dos bordes de isla en esquina
islas-tile-J = un borde de isla y un puente que gira a la derecha
islas-tile-K = un borde de isla y un puente que gira a la izquierda
islas-tile-L = un borde de isla y un cruce de tres puentes
islas-tile-M = una esquina de isla con ancla
islas-tile-N = una esquina de isla
islas-tile-O = una esquina de isla con ancla y un puente curvo
islas-tile-P = una esquina de isla y un puente curvo
islas-tile-Q = una isla en tres bordes, con ancla
islas-tile-R = una isla en tres bordes
islas-tile-S = una isla en tres bordes, con ancla, y un puente
islas-tile-T = una isla en tres bordes y un puente
islas-tile-U = un puente recto
islas-tile-V = un puente curvo
islas-tile-W = un cruce de tres puentes
islas-tile-X = un cruce de cuatro puentes
# Un lado o medio borde de la notación como lo escribe un hispanohablante (O de oeste).
islas-where = { $where ->
    [W] O
    [NNW] NNO
    [WNW] ONO
    [WSW] OSO
    [SSW] SSO
   *[other] { $where }
}
islas-points = { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}

## Un turno en palabras
islas-placed = **{ $player }** colocó { $tile } en el sitio { $spot } ({ $x },{ $y }), con giro { $rotation }°{ $kind ->
    [island] , y un seguidor en la isla ({ $where })
    [bridge] , y un seguidor en el puente ({ $where })
    [water] , y un seguidor en el agua ({ $where })
    [lighthouse] , y un seguidor en el faro
   *[none] {""}
}.
islas-scored = { $kind ->
    [island] Isla completada ({ $tiles ->
        [one] { $tiles } ficha
       *[other] { $tiles } fichas
    }{ $anchors ->
        [0] {""}
        [one] , { $anchors } ancla
       *[other] , { $anchors } anclas
    })
    [bridge] Puente completado ({ $tiles ->
        [one] { $tiles } ficha
       *[other] { $tiles } fichas
    })
   *[lighthouse] Faro rodeado
}: { $players } +{ $points }.
islas-final-count = **Recuento final** de lo que quedó sin completar:
islas-follower-returned = { $count ->
    [one] { $player } recupera un seguidor.
   *[other] { $player } recupera { $count } seguidores.
}
islas-scored-final = • { $kind ->
    [island] Isla ({ $tiles ->
        [one] { $tiles } ficha
       *[other] { $tiles } fichas
    }{ $anchors ->
        [0] {""}
        [one] , { $anchors } ancla
       *[other] , { $anchors } anclas
    })
    [bridge] Puente ({ $tiles ->
        [one] { $tiles } ficha
       *[other] { $tiles } fichas
    })
    [lighthouse] Faro ({ $neighbours ->
        [one] { $neighbours } vecina
       *[other] { $neighbours } vecinas
    })
   *[water] Agua ({ $islands ->
        [one] { $islands } isla cerrada
       *[other] { $islands } islas cerradas
    })
}: { $players } +{ $points }
islas-scored-more = • …y { $count ->
    [one] { $count } elemento más
   *[other] { $count } elementos más
}
islas-skipped = ⏭️ Se saltó el turno de { $player }: se le acabó el tiempo y la mesa votó.
islas-put-out = La siguiente ficha, { $tile }, no cabía en ningún sitio y queda fuera del juego.
islas-drew = Siguiente ficha: { $tile }.
islas-drew-same = La misma ficha pasa al siguiente jugador: { $tile }.
islas-result-win = 🏆 Gana { $winners }.
islas-result-shared = 🏆 { $winners } comparten la victoria.
islas-result-total = • { $player }: { $points }
islas-alt = Mapa de Islas: { $placed ->
    [one] { $placed } ficha colocada
   *[other] { $placed } fichas colocadas
}, { $left ->
    [one] queda { $left }
   *[other] quedan { $left }
}. { $scores }. { $finished ->
    [yes] La partida ha terminado.
   *[no] A { $next } le toca colocar { $tile }: { $spots ->
        [one] cabe en { $spots } sitio, marcado A
       *[other] cabe en { $spots } sitios, marcados de la A a la { $last }
    } en el mapa.
}
islas-alt-player = { $player } { $points ->
    [one] { $points } punto
   *[other] { $points } puntos
}, { $followers ->
    [one] le queda { $followers } seguidor
   *[other] le quedan { $followers } seguidores
}

## El selector
islas-prompt-spot = ¿Dónde colocas { $tile }? Elige un sitio (las letras del mapa).
islas-prompt-rotation = Sitio { $spot }: ¿en qué giro? La imagen muestra cada giro que encaja.
islas-prompt-follower = Sitio { $spot }, { $rotation }°: ¿pones un seguidor en esta ficha?
islas-prompt-follower-one-way = Sitio { $spot }: la ficha solo encaja de una manera, con giro { $rotation }° (en la imagen). ¿Pones un seguidor en ella?
islas-prompt-confirm = Sitio { $spot }, { $rotation }°, { $follower }. ¿Confirmas?
islas-picked = Sitio { $spot }, { $rotation }°, { $follower }
islas-pick-confirm = ✅ Confirmar
islas-choices-alt = Sitio { $spot } ({ $x },{ $y }) con { $tile } { $count ->
    [one] en el único giro que encaja
   *[other] en cada uno de los { $count } giros que encajan
}: { $ways }.
islas-choices-way = { $rotation }°: al norte { $n }, al este { $e }, al sur { $s }, al oeste { $w }
islas-edge-i = isla
islas-edge-b = puente
islas-edge-w = agua

## Palabras en las imágenes
islas-label-player = { "Jugador {n}" }
islas-label-to-move = juega
islas-label-winner = gana
islas-label-tile = Ficha a colocar
islas-label-tiles-left = fichas restantes
islas-label-tile-left = ficha restante
islas-label-game-over = Fin de la partida
islas-label-put-out = Fuera
islas-label-spot = Sitio

## Errores de las reglas
islas-bad-where = «{ $kind ->
    [island] isla
    [bridge] puente
    [lighthouse] faro
   *[water] agua
} { $where }» no nombra ningún segmento: islas y puentes llevan un lado (N, E, S, O), el agua una mitad (NNO … ONO), el faro nada.
islas-bad-rotation = Un giro es 0, 90, 180 o 270, no { $rotation }.
islas-occupied = Ya hay una ficha en { $x },{ $y }.
islas-not-adjacent = { $x },{ $y } no toca ninguna ficha del mapa.
islas-edges-mismatch = En { $x },{ $y } con giro { $rotation }° los bordes de la ficha no encajan con sus vecinas.
islas-no-followers-left = No te quedan seguidores.
islas-no-such-segment = Esta ficha no tiene { $kind ->
    [island] isla
    [bridge] puente
    [lighthouse] faro
   *[water] agua
} en { $where ->
    [W] O
    [NNW] NNO
    [WNW] ONO
    [WSW] OSO
    [SSW] SSO
   *[other] { $where }
}.
islas-feature-taken = { $kind ->
    [island] Esa isla
    [bridge] Ese puente
    [lighthouse] Ese faro
   *[water] Esa agua
} ya tiene un seguidor (en esta ficha o en otra unida a ella).

rules-islas =
    • **Objetivo:** tener más puntos cuando se coloca la última ficha.
    • **Turno:** coloca la ficha mostrada (sus bordes deben encajar con todas sus vecinas: isla con isla, puente con puente, agua con agua) y, si quieres, pon uno de tus 7 seguidores en un segmento de esa ficha —isla, puente, agua o faro— si nadie ocupa aún ese elemento entero. `/mover B 90 isla S` usa el sitio B del mapa, o da coordenadas: `/mover 1,0 90 isla S`.
    • **Puntuación:** un puente completo da 1 por ficha, una isla cerrada 2 por ficha y 2 por ancla, un faro con sus 8 vecinas 9. Puntúa quien tenga más seguidores en el elemento (los empates puntúan todos); los seguidores vuelven.
    • **Final:** lo incompleto da 1 por ficha (+1 por ancla; un faro 1 + sus vecinas); cada zona de agua da a su mayoría 3 por cada isla completa que toque.
