# Temporadas: unas semanas de un servidor en las que cada partida puntuada cuenta también en una clasificación propia.
cmd-season = temporada
cmd-season-desc = Temporadas: semanas en que cada partida puntuada de aquí cuenta también en otra clasificación
cmd-season-start = empezar
cmd-season-start-desc = Empieza una temporada en este servidor (moderadores)
cmd-season-length = duracion
cmd-season-length-desc = Cuántas semanas dura (de 1 a 52)
cmd-season-end = terminar
cmd-season-end-desc = Termina ya la temporada de este servidor (moderadores): se publican sus resultados
cmd-season-show = ver
cmd-season-show-desc = La temporada en curso en este servidor, y cuándo termina
season-started = 🏁 **¡Empieza la temporada { $number }!** Durante { $count ->
    [one] una semana
   *[other] { $count } semanas
}, hasta el { $until }, cada partida puntuada que termine en este servidor cuenta también en la clasificación de la temporada, donde todos empiezan de cero. Consúltala con `/clasificacion temporada:{ $number }`.
season-shown = 🏁 La temporada { $number } está en curso: termina el { $until } ({ $deadline }). Su clasificación: `/clasificacion temporada:{ $number }`.
season-ended-early = 🏁 La temporada { $number } ha terminado: sus campeones y su clasificación final se publican en { $place }.
season-over = 🏁 **¡Termina la temporada { $number }!** Sus campeones:
season-over-none = 🏁 **¡Termina la temporada { $number }!** No terminó ninguna partida puntuada durante ella, así que no tiene campeón.
season-champion = 🏆 { $game }: { $player }
season-ladder-title = Temporada { $number }: las clasificaciones finales
season-ladder-more = { $count ->
    [one] … y un jugador más
   *[other] … y { $count } jugadores más
}
season-ladder-footer = ? = provisional (primeras 10 partidas)
error-season-length = Una temporada dura de { $least } a { $most } semanas.
error-season-running = La temporada { $number } ya está en curso, hasta el { $until }: una temporada cada vez (un moderador puede terminarla antes con /temporada terminar).
error-season-none = No hay ninguna temporada en curso en este servidor: un moderador empieza una con /temporada empezar.
error-season-unknown = Este servidor no tiene temporada { $number }.
