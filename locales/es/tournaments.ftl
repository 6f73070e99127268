## /moderar terminar resultado: un moderador puntúa la partida que termina

cmd-mod-result = resultado
cmd-mod-result-desc = Puntúa la partida como tablas o como derrota de un jugador (por defecto: sin resultado, no puntúa)
cmd-mod-player = jugador
cmd-mod-player-desc = El jugador que pierde (con resultado: derrota)
choice-mod-result-none = Sin resultado (no puntúa)
choice-mod-result-draw = Tablas
choice-mod-result-loss = Derrota del jugador indicado
result-forfeit = 🛡️ Un moderador dio la partida por perdida a **{ $loser }**: { $reason }. Gana **{ $winner }**.
result-moderator-draw = 🛡️ Un moderador dio la partida por tablas: { $reason }.
error-mod-loss-player = Indica en `jugador:` quién pierde (una derrota es de alguien).
error-mod-not-playing = Ese jugador no juega la partida #{ $number }.

## /torneo: torneos de varias rondas (suizo, liguilla, mesas de 3 o 4)

cmd-tournament = torneo
cmd-tournament-desc = Torneos en este servidor: anunciar, inscribirse, clasificación, emparejamientos
cmd-tournament-create = crear
cmd-tournament-create-desc = Anuncia un torneo al que los jugadores se apuntan con un botón (moderadores)
cmd-tournament-format = formato
cmd-tournament-format-desc = Suizo, liguilla (juegos de dos) o mesas de 3 o 4 (Islas)
choice-format-swiss = Suizo
choice-format-round-robin = Liguilla
choice-format-tables = Mesas de 3 o 4
cmd-tournament-rounds = rondas
cmd-tournament-rounds-desc = Rondas que se juegan (suizo y mesas; en una liguilla todos juegan contra todos)
cmd-tournament-days = dias
cmd-tournament-days-desc = Días que tiene cada jugador para mover (por defecto: 3)
cmd-tournament-signup = horas-inscripcion
cmd-tournament-signup-desc = Horas hasta que empieza la ronda 1 sola (por defecto: cuando un moderador use /torneo empezar)
cmd-tournament-min = minimo
cmd-tournament-min-desc = Jugadores necesarios para empezar (con menos, el torneo se cancela)
cmd-tournament-max = maximo
cmd-tournament-max-desc = Jugadores que pueden apuntarse como mucho
cmd-tournament-rated = puntua
cmd-tournament-rated-desc = Si sus partidas cambian las puntuaciones (por defecto: sí)
cmd-tournament-undo = deshacer
cmd-tournament-undo-desc = Si se permite /deshacer con consentimiento en sus partidas (por defecto: no)
cmd-tournament-name = nombre
cmd-tournament-name-desc = El nombre del torneo (sus hilos lo llevan)
cmd-tournament-start = empezar
cmd-tournament-start-desc = Cierra la inscripción y empareja la ronda 1 (moderadores)
cmd-tournament-standings = clasificacion
cmd-tournament-standings-desc = La clasificación de un torneo ahora
cmd-tournament-pairings = emparejamientos
cmd-tournament-pairings-desc = Quién juega contra quién en una ronda
cmd-tournament-leave = dejar
cmd-tournament-leave-desc = Deja un torneo (si ya ha empezado, te retiras: tus partidas en curso se abandonan)
cmd-tournament-cancel = cancelar
cmd-tournament-cancel-desc = Cancela un torneo (moderadores)
cmd-tournament-event = torneo
cmd-tournament-event-desc = El torneo (por defecto: el único en marcha en este servidor)
cmd-tournament-round = ronda
cmd-tournament-round-desc = La ronda (por defecto: la que se está jugando)
button-event-join = Apuntarme
button-event-leave = Dejarlo
event-format-swiss = Suizo
event-format-round-robin = Liguilla
event-format-tables = Mesas de 3 o 4
event-rounds = { $count ->
    [one] una ronda
   *[other] { $count } rondas
}
event-rounds-all = todos juegan contra todos una vez
event-rated = { $rated ->
    [yes] puntúa
   *[no] no puntúa
}
event-undo = se permite /deshacer con consentimiento
event-players = Jugadores: de { $min } a { $max }
event-signup-ends = La inscripción se cierra { $when } (o cuando un moderador use /torneo empezar).
event-signup-open = La inscripción sigue abierta hasta que un moderador use /torneo empezar.
event-status-running = Se juega la ronda { $round } de { $rounds }.
event-status-finished = El torneo ha terminado.
event-status-cancelled = El torneo se canceló.
event-entrants = **Inscritos ({ $count }):**
event-no-entrants = Aún no se ha apuntado nadie: pulsa **Apuntarme**.
event-entrant-withdrawn = { $name } (se retiró en la ronda { $round })
event-footer = Torneo #{ $number }
event-created = 🏆 El torneo #{ $number } está anunciado: { $link }
event-joined = ✅ Estás en **{ $name }**.
event-left = Has dejado **{ $name }**.
event-withdrew = Te has retirado de **{ $name }**: tus partidas en curso se abandonan, y tus resultados hasta ahora siguen contando para tus rivales.
event-started = La ronda 1 de **{ $name }** está emparejada.
event-cancel-done = **{ $name }** está cancelado.
event-began = 🏁 **{ $name }** ha empezado con { $count ->
    [one] un jugador
   *[other] { $count } jugadores
}: { $rounds }.
event-round-over = 📊 **{ $name }**: ha terminado la ronda { $round } de { $rounds }.
event-next-round = **Ronda { $round }:**
event-board = **{ $board }.** { $players }
event-bye = Descansa: { $player } (un punto)
event-sits-out = { $player } no juega esta ronda.
event-over = 🏆 **{ $name }** ha terminado tras { $rounds }.
event-winners = { $count ->
    [one] 🥇 Gana: { $players }
   *[other] 🥇 Ganan, empatados en el primer puesto: { $players }
}
event-podium = 🥈 { $second }   🥉 { $third }
event-replays = Vuelve a ver cualquier partida con `/repeticion`: { $games }
event-no-games = No se jugó ninguna partida.
event-standings-title = Clasificación tras la ronda { $round }
event-standings-final = Clasificación final
event-standings-none = Aún no se ha jugado ninguna ronda.
event-standings-alt = { $title } de { $name }: la lista está en el mensaje.
event-row-pairs = { $rank }. { $name }: { $points } · Buchholz { $buchholz } · SB { $sb } · { $played ->
    [one] una partida
   *[other] { $played } partidas
}
event-row-tables = { $rank }. { $name }: { $points } · puntos de juego { $score } · { $played ->
    [one] una partida
   *[other] { $played } partidas
}
event-col-rank = #
event-col-name = Jugador
event-col-points = Puntos
event-col-buchholz = Buchholz
event-col-sb = SB
event-col-score = Puntos de juego
event-col-played = Partidas
event-pairings-title = **{ $name }**, ronda { $round } de { $rounds }:
event-pairings-none = Aún no se ha emparejado ninguna ronda.
event-more = … y { $count } más
event-cancelled = ❌ **{ $name }** está cancelado: { $reason }
event-cancelled-too-few = se apuntaron menos de { $min ->
    [one] un jugador
   *[other] { $min } jugadores
} antes de empezar.
event-cancelled-moderator = un moderador lo canceló.
error-event-closed = Este torneo ya no admite inscripciones (ni retiradas).
error-event-joined = Ya estás en este torneo.
error-event-full = Este torneo está completo.
error-event-not-entered = No estás en este torneo.
error-event-unknown = No hay ningún torneo así en este servidor.
error-event-none-here = Aquí no hay ningún torneo en marcha: indica uno en `torneo:`.
error-event-which = Aquí hay varios torneos en marcha: elige uno en `torneo:`.
error-event-running = Este torneo ya ha empezado.
error-event-over = Este torneo ha terminado.
error-event-format = { $game } no se puede jugar en ese formato: el suizo y la liguilla son para juegos de dos, las mesas para juegos de 3 o 4 jugadores.
error-event-players = El número de jugadores no encaja: el mínimo debe ser al menos { $least } y no pasar del máximo, y el máximo como mucho { $most }.
error-event-rounds = Elige cuántas rondas (de 1 a { $most }).
error-event-no-rounds = Una liguilla fija sus propias rondas: deja `rondas:` sin poner.
error-event-name = Ponle un nombre al torneo.
