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
