## Tablero — español. Cada mensaje de aquí debe existir también en ../en/main.ftl (un test lo comprueba).

## Comandos, sus opciones y elecciones (los muestra Discord)
cmd-play = jugar
cmd-play-desc = Reta a alguien a un juego de mesa
cmd-play-stonehenge = stonehenge
cmd-play-stonehenge-desc = Reta a alguien a Stonehenge (2 jugadores)
cmd-play-kahuna = kahuna
cmd-play-kahuna-desc = Reta a alguien a Kahuna (2 jugadores)
cmd-play-islas = islas
cmd-play-islas-desc = Reta hasta a cuatro personas a Islas (de 2 a 5 jugadores)
cmd-play-opponent = rival
cmd-play-opponent-desc = A quién retas: una persona, o yo para jugar contra el bot (vacío: reto abierto)
cmd-play-hidden = ocultos
cmd-play-hidden-desc = Druidas colocados boca abajo
cmd-play-first-edition = primera_edicion
cmd-play-first-edition-desc = Sin puentes hacia una isla que controla el rival (1.ª edición)
cmd-play-no-bridges-loses = sin_puentes_pierde
cmd-play-no-bridges-loses-desc = Desde la ronda 2, quien no tenga puentes en el tablero pierde (por defecto: sí)
cmd-play-series = serie
cmd-play-series-desc = Jugar una serie de partidas
cmd-play-first = empieza
cmd-play-first-desc = Quién empieza
choice-series-1 = Una sola partida
choice-series-3 = Una serie de 3 partidas
choice-series-5 = Una serie de 5 partidas
choice-first-random = Al azar
choice-first-me = Yo
choice-first-opponent = Mi rival
cmd-move = mover
cmd-move-desc = Haz tu jugada en esta partida
cmd-move-notation = jugada
cmd-move-notation-desc = Tu jugada, por ejemplo 6L (empieza a escribir para ver las legales)
cmd-board = tablero
cmd-board-desc = Muestra el tablero actual (solo a ti)
cmd-hand = mano
cmd-hand-desc = Muestra lo que solo tú ves: tu mano de Kahuna, tus druidas boca abajo de Stonehenge
cmd-resign = rendirse
cmd-resign-desc = Abandona la partida que se juega aquí
cmd-games = partidas
cmd-games-desc = Tus partidas en curso y a quién le toca
cmd-export = exportar
cmd-export-desc = Recibe el registro de una partida terminada en un archivo JSON (solo lo ves tú)
cmd-replay = repeticion
cmd-replay-desc = Publica una animación de toda una partida terminada, turno a turno
cmd-records-game = partida
cmd-records-game-desc = El número de la partida (por defecto, la de este hilo)
cmd-rules = reglas
cmd-rules-desc = Cómo se juega un juego
cmd-rules-game = juego
cmd-rules-game-desc = El juego cuyas reglas quieres ver

game-stonehenge = Stonehenge

## Palabras sueltas
list-and = { $head } y { $last }
option-days = { $count ->
    [one] 1 día por jugada
   *[other] { $count } días por jugada
}
option-bank = { $bank ->
    [one] 1 día
   *[other] { $bank } días
} + { $increment } por jugada (como mucho { $cap })
option-bank-only = { $bank ->
    [one] 1 día
   *[other] { $bank } días
} para todas las jugadas
option-weekends = sin fines de semana
option-series = { $count ->
    [one] una sola partida
   *[other] serie de { $count } partidas
}

## Botones
button-play = Jugar
button-mine = Solo para mí
sh-button-mine = Mis druidas
sh-board-private = El tablero tal como lo ves tú, con el valor de tus druidas boca abajo:
button-back = Atrás
button-resign = Sí, me rindo
button-accept = Aceptar
button-decline = Rechazar

## Retos
cmd-play-opponent2 = rival2
cmd-play-opponent3 = rival3
cmd-play-opponent4 = rival4
cmd-play-more-desc = Otro jugador al que invitas
error-challenge-full-or-joined = Ya tienes sitio, o la mesa está completa.
error-challenge-answered = Ya habías aceptado.
error-only-challenger-starts = Solo quien lanzó el reto puede empezar la partida.
error-not-enough-players = Aún no se han unido suficientes jugadores.
challenge-open-table = **{ $challenger }** abre una mesa de **{ $game }**{ $details } para { $least } a { $most ->
    [one] 1 jugador
   *[other] { $most } jugadores
}. Sentados: { $seated }. Únete con el botón; { $challenger } empieza la partida cuando quiera. La mesa se cierra { $expires }.
challenge-number = -# Reto #{ $number }
challenge-waiting = Aún falta que acepte { $waiting }.
button-open-accept = Unirme
button-open-decline = Salir
button-open-start = Empezar
challenge-named = { $opponent }, **{ $challenger }** te reta a **{ $game }**{ $details }. El reto caduca { $expires }.
challenge-open = **{ $challenger }** busca rival para **{ $game }**{ $details }. Cualquiera puede aceptar; el reto caduca { $expires }.
challenge-accepted = ✅ **{ $name }** aceptó. La partida de { $game } se juega en { $place }.
challenge-opened = ✅ La partida de { $game } se juega en { $place }.
challenge-started = ✅ **{ $name }** empezó la partida. { $game } se juega en { $place }.
challenge-table-full = ✅ **{ $name }** ocupó el último asiento: la mesa está completa y la partida ha empezado. { $game } se juega en { $place }.
challenge-bot-started = ✅ **{ $name }** juega a { $game } contra el bot en { $place }.
challenge-with-bots = 🤖 El bot ocupa { $count ->
    [one] un asiento
   *[other] { $count } asientos
} ({ $level }).
challenge-host-left = ↪️ **{ $name }** dejó la mesa: ahora la organiza **{ $host }**.
challenge-declined = ❌ **{ $name }** rechazó el reto.
challenge-cancelled = ❌ **{ $name }** retiró el reto.
challenge-expired = ⌛ Este reto a { $game } caducó.
challenge-cancelled-mod = 🛡️ Un moderador canceló este reto a { $game }.
error-rematch-offered = { $challenger } ya ha propuesto la revancha de esta partida: { $link }
error-rematch-yours = Ya has propuesto la revancha de esta partida: { $link }
error-rematch-forgotten = Un jugador de esta partida pidió ser olvidado: reta a los demás con /jugar.

## Turnos
game-intro = **{ $game }**: { $players }.
game-intro-series = **{ $game }**, partida { $index } de { $length }: { $players }.
turn-next-seat = { $mention }, te toca ({ $seat }).
turn-next = { $mention }, te toca.
turn-away = 🏖️ Ausente hasta { $until }: su reloj está parado.
place-moved = 📦 El hilo de esta partida se borró o se cerró: sigue aquí, { $players }. El tablero tal como está:
turn-next-bot = 🤖 Ahora juega { $name }.
turn-next-held = 🤖 Ahora juega el bot, en el asiento de { $name }.
turn-goes-on = Tu turno sigue: haz otra acción o roba para terminarlo.
move-done = ✅ Jugaste { $move }.
move-done-in = (en tu partida de { $game } contra { $opponents }, { $place })
game-not-posted = ⚠️ La partida está en marcha, pero Discord rechazó su tablero en { $place }{ $missing ->
    [none] .
   *[other] : me falta el permiso { $missing } allí. Pide a un moderador que lo conceda.
} Lo publicaré en cuanto pueda; /tablero lo muestra mientras tanto.
move-not-posted = ⚠️ Tu jugada cuenta, pero Discord rechazó el tablero en { $place }{ $missing ->
    [none] .
   *[other] : me falta el permiso { $missing } allí. Pide a un moderador que lo conceda.
} Lo publicaré en cuanto pueda; /tablero lo muestra mientras tanto.
perm-view-channel = Ver canal
perm-send-messages = Enviar mensajes
perm-send-messages-in-threads = Enviar mensajes en hilos
perm-attach-files = Adjuntar archivos
perm-read-message-history = Leer el historial de mensajes
move-no-match = Ninguna jugada legal coincide con «{ $text }».
move-hint = Empieza a escribir tu jugada y elige una de las jugadas legales que se ofrecen; /tablero muestra la posición.
private-view = Solo tú ves esto:
board-public = El tablero actual:
board-private = El tablero tal como lo ves tú, con lo que solo tú puedes ver:
resign-confirm = ¿Seguro que quieres rendirte en esta partida de { $game }?
resign-done = Te has rendido.
result-resign = 🏳️ **{ $loser }** se rindió: gana **{ $winner }**.
result-abort = ✖️ **{ $loser }** anuló la partida en sus primeros turnos: sin resultado, no puntúa.
result-draw = 🤝 Los jugadores acordaron tablas.
result-agreed = 🤝 La mesa acordó terminar aquí: valen los puntos, y gana **{ $winner }**.
result-moderator = 🛡️ Un moderador terminó la partida: { $reason }. Sin resultado, no puntúa.
series-won = 🏆 **{ $winner }** gana la serie.
series-tied = 🤝 La serie termina en empate.

## /exportar y /repeticion
export-done = El registro público de { $game } #{ $number } ({ $count ->
    [one] { $count } jugada
   *[other] { $count } jugadas
}), tal como lo viste: lo que nunca se reveló aparece como `?`. `python -m rules replay` y `python -m render --animate` lo leen.
replay-posted = 🎞️ Repetición de { $game } #{ $number }: { $players }.
replay-turn = Turno { $number }/{ $count }
replay-result = Resultado
replay-ended = La partida ha terminado.
replay-alt = Repetición animada de { $game }: { $players }, { $count ->
    [one] { $count } turno
   *[other] { $count } turnos
}, una imagen por turno. { $result }
records-no-such-game = No hay ninguna partida con el número #{ $number } que puedas ver.
records-no-game-here = Aquí no se ha jugado ninguna partida. Usa este comando en el hilo de una partida o indica su número.
records-unfinished = La partida #{ $number } sigue en juego: su registro revelaría lo que los jugadores aún no pueden ver (manos, el mazo, druidas ocultos). Vuelve a pedirlo cuando termine.
records-not-public = La partida #{ $number } no tiene registro público que dar: su juego no indica qué tenía oculto.
replay-too-big = La repetición de la partida #{ $number } es demasiado grande para publicarla aquí.

## /partidas
games-title = Tus partidas
games-none = No tienes partidas en curso. ¡Reta a alguien con /jugar!
games-row = **{ $game }** contra { $opponents } — { $link } — { $turn }
games-your-turn = **te toca**
games-their-turn = le toca a { $player }

## Errores
error-unexpected = Algo falló por nuestra parte. Tu partida está a salvo; vuelve a intentarlo.
error-reply-refused = Discord rechazó mi respuesta (superaba uno de sus límites). /tablero muestra cómo va la partida.
error-storage-busy = El almacén de partidas está ocupado; no se ha cambiado nada. Vuelve a intentarlo en un momento.
error-game-busy = Ahora mismo se está jugando otra jugada de esta partida; no se ha cambiado nada. Vuelve a intentarlo en un momento.
error-storage-full = El almacén de partidas está lleno; no se ha cambiado nada. Vuelve a intentarlo cuando quien gestiona el bot haya liberado espacio.
error-restarting = Tablero se está reiniciando; no se ha cambiado nada. Vuelve a intentarlo en un minuto.
error-no-game = Esa partida ya no existe.
error-no-game-here = Aquí no hay ninguna partida en curso. Empieza una con /jugar.
error-which-game = Tienes varias partidas en curso: usa este comando donde se juega (/partidas enlaza cada una).
error-several-games-here = Aquí tienes varias partidas ({ $games }): empieza con su número, como `#12 6L`.
error-several-games-spectator = Aquí se juegan varias partidas y no juegas ninguna.
error-no-such-game = Aquí no juegas ninguna partida con el número #{ $number }.
error-game-opening = La partida aún se está preparando: su tablero está en camino. Vuelve a intentarlo en un momento.
error-not-a-player = No juegas en esta partida.
error-game-over = Esta partida ha terminado.
error-not-your-turn = No es tu turno: le toca a { $player }.
error-position-changed = La posición cambió mientras tanto (otra jugada llegó antes). Mira el nuevo tablero y vuelve a intentarlo.
error-option-value = “{ $value }” no es uno de los valores de { $option }: elige uno de los que ofrece Discord.
error-challenge-self = No puedes retarte a ti mismo.
error-challenge-twice = Has nombrado a { $name } dos veces: nombra a cada rival una sola vez.
error-challenge-bot = Los demás bots no pueden jugar. Para jugar contra la máquina, elígeme como rival.
error-challenge-closed = Este reto ya no está abierto.
error-challenge-own = No puedes aceptar tu propio reto; espera a un rival.
error-not-your-challenge = Este reto no va dirigido a ti.
error-not-seated = No tienes asiento en esta mesa: no hay nada que dejar.

## Errores de las reglas (claves de rules/)
move-unreadable = No entiendo «{ $text }» como jugada.
game-over = Esta partida ha terminado.
stonehenge-no-such-druid = No te queda ningún druida de valor { $value }.
stonehenge-no-such-point = No hay ningún punto { $point } en el tablero (los puntos van de la A a la R).
stonehenge-point-taken = El punto { $point } ya está ocupado.
record-bad-field = El campo { $field } del registro no es válido.
record-bad-json = El registro no es JSON válido.
record-bad-option = La opción { $option } tiene un valor no permitido.
record-bad-players = { $game } no se puede jugar con { $players ->
    [one] 1 jugador
   *[other] { $players } jugadores
}.
record-missing-field = Al registro le falta el campo { $field }.
record-not-object = El registro debe ser un objeto JSON.
record-public = El registro ya es público: no tiene semilla de la que escribir un registro público.
record-public-unknown = Un registro público de una partida boca arriba no puede dejar desconocido el druida de { $point }.
record-public-unrevealed = La línea L{ $line } se llenó y se puso boca arriba: sus druidas no pueden ser desconocidos (`?`) en un registro público.
record-public-unsupported = { $game } no tiene registro público: su juego no indica qué tenía oculto.
record-unknown-field = El registro tiene un campo desconocido: { $field }.
record-unknown-game = No existe ningún juego llamado { $game }.
record-unknown-option = Opción desconocida: { $option }.
record-unreadable = No se puede leer el registro.

## Stonehenge
sh-seat-0 = claras
sh-seat-1 = oscuras
sh-option-hidden = druidas ocultos
sh-placed = **{ $player }** jugó un { $value } en { $point }
sh-placed-hidden = **{ $player }** colocó un druida boca abajo en { $point }
sh-and-won = { $count ->
    [one] { " " }y ganó la línea { $lines }
   *[other] { " " }y ganó las líneas { $lines }
}
sh-other-won = { $count ->
    [one] **{ $player }** ganó la línea { $lines }.
   *[other] **{ $player }** ganó las líneas { $lines }.
}
sh-revealed = La línea { $line } está llena y se revela: { $druids } (claras { $light }, oscuras { $dark }).
sh-result = 🏆 **{ $winner }** coloca su octavo megalito y gana, { $mine } a { $theirs }.
sh-alt = Stonehenge, jugada { $ply }. { $light } (claras) { $light_megaliths ->
    [one] 1 megalito
   *[other] { $light_megaliths } megalitos
}, { $dark } (oscuras) { $dark_megaliths ->
    [one] 1 megalito
   *[other] { $dark_megaliths } megalitos
}. { $finished ->
    [yes] La partida ha terminado.
   *[no] Le toca a { $next }.
}
sh-prompt-value = Elige el druida que vas a colocar:
sh-prompt-point = ¿Dónde colocas tu { $value }? (cada punto indica sus líneas)
sh-choice = { $move } — druida { $value } en { $point } (líneas { $lines })
sh-series = Serie, tras la partida { $played } de { $length }: megalitos sin colocar — { $light } { $light_left }, { $dark } { $dark_left } (gana quien tenga menos).
sh-label-light = Claras
sh-label-dark = Oscuras
sh-label-to-move = juega
sh-label-winner = gana
sh-label-megaliths = megalitos
sh-label-druids = druidas
sh-label-move = Jugada
sh-label-last = Última
rules-stonehenge =
    • **Objetivo:** ser el primero en colocar tus 8 megalitos. Colocas uno cada vez que ganas una línea ley.
    • **Tablero:** 18 puntos (A–R) en 15 líneas ley (L0–L14) de 2 a 5 puntos. Cada jugador tiene 9 druidas: 1, 1, 2, 2, 3, 3, 4, 5, 6.
    • **Turno:** coloca uno de tus druidas en un punto vacío; por ejemplo `/mover 6L` pone tu 6 en L. No se puede pasar.
    • **Ganar una línea:** cuando una línea está llena, gana el total más alto; si hay empate, la pierde quien la llenó. Una línea también se gana antes cuando el rival ya no puede superar tu total ni poniendo sus mejores druidas en los puntos vacíos (empatar no le basta). Un druida puede decidir varias líneas, a veces a favor del rival.
    • **Druidas ocultos (opción):** los druidas se colocan boca abajo; solo su dueño los conoce. Una línea llena se revela y se decide; no hay victorias anticipadas.
    • **Serie:** tras cada partida el perdedor cuenta los megalitos que no colocó; al final de la serie gana quien sume menos.

## Deshacer y revancha
cmd-undo = deshacer
cmd-undo-desc = Pide deshacer tu última jugada
undo-done-unseen = ↩️ Tu última acción está deshecha; tu turno sigue.
undo-asked =
    ↩️ **{ $player }** pide deshacer su última jugada:
    > { $move }
    { $mention }, ¿estás de acuerdo?
undo-sent = Tu petición está en la partida; decide tu rival.
button-undo-yes = Sí, deshacer
button-undo-no = No
undo-declined = ↩️ **{ $player }** dijo que no: la jugada de { $requester } se queda.
undo-accepted = ↩️ **{ $player }** aceptó: la última jugada de { $requester } queda deshecha.
undo-restored = ↩️ Se deshizo la última jugada de { $requester }. La posición de antes:
undo-restored-bot = ↩️ Se deshicieron la última jugada de { $requester } y la respuesta del bot. La posición de antes:
undo-done-bot = ↩️ Deshecho: te vuelve a tocar, y el tablero está publicado en la partida.
cmd-abort = anular
cmd-abort-desc = Anula la partida en sus primeros turnos (sin resultado, no puntúa)
abort-done = ✖️ La partida queda anulada; el hilo lo dice.
error-abort-late = Ya es tarde para anularla: solo se puede en los primeros { $count } turnos de cada jugador. Puedes ofrecer tablas (/tablas) o rendirte.
cmd-draw = tablas
cmd-draw-desc = Ofrece terminar la partida de común acuerdo (tablas; en una mesa mayor, valen los puntos)
draw-offer = 🤝 **{ $player }** ofrece tablas, { $mention }. La oferta caduca cuando { $player } vuelva a jugar.
draw-offer-table = 🤝 **{ $player }** ofrece terminar aquí, con los puntos como están: { $mention }, todos deben estar de acuerdo. La oferta caduca cuando { $player } vuelva a jugar.
draw-agreed-so-far = De acuerdo por ahora: { $players }.
button-draw-yes = 🤝 De acuerdo
button-draw-no = Seguir jugando
draw-sent = Tu oferta está publicada en la partida; los demás la responden allí.
draw-declined = 🤝 **{ $player }** quiere seguir jugando.
draw-agreed = 🤝 De acuerdo: la partida termina aquí.
error-draw-bot = El bot juega todas las partidas hasta el final: no acepta tablas (puedes rendirte, o anular en los primeros turnos).
error-draw-pending = **{ $player }** ya ha ofrecido terminar la partida: responde con los botones de la oferta.
error-draw-offered = Tu oferta ya está abierta: los demás la responden con sus botones.
error-draw-declined = Rechazaron tu oferta; puedes volver a ofrecer después de tu próxima jugada.
error-draw-own = Es tu propia oferta: la responden los demás.
error-draw-closed = Esta oferta ya no está abierta.
error-draw-lapsed = Esta oferta caducó: { $player } ha jugado desde entonces.
cmd-mod = moderar
cmd-mod-desc = Modera las partidas de este servidor
cmd-mod-end = terminar
cmd-mod-end-desc = Termina una partida del servidor: sin resultado salvo que indiques uno (el motivo se ve en su hilo)
cmd-mod-reason = motivo
cmd-mod-reason-desc = Por qué termina la partida (todos lo ven en su hilo)
cmd-mod-game = partida
cmd-mod-game-desc = El número de la partida (por defecto: la de este hilo)
cmd-mod-cancel = cancelar
cmd-mod-cancel-desc = Cancela un reto abierto de este servidor
cmd-mod-challenge = reto
cmd-mod-challenge-desc = El número del reto
mod-ended = 🛡️ La partida #{ $number } ha terminado; { $place } dice por qué.
mod-cancelled = 🛡️ El reto #{ $number } queda cancelado.
error-not-moderator = Solo los moderadores pueden hacerlo: quienes gestionan el servidor o tienen el rol indicado en /ajustes servidor.
error-mod-no-game = Aquí no se juega ninguna partida: indica su número.
error-mod-which-game = Aquí se juegan varias partidas ({ $games }): indica su número.
error-limit-games = Ya juegas { $count ->
    [one] una partida
   *[other] { $count } partidas
} en este servidor, su límite: termina alguna primero.
error-limit-challenges = Ya tienes { $count ->
    [one] un reto abierto
   *[other] { $count } retos abiertos
} en este servidor, su límite: espera una respuesta o retira alguno con el botón Rechazar de su mensaje (Salir, en una mesa abierta).
error-limit-games-player = { $name } ya juega { $count ->
    [one] una partida
   *[other] { $count } partidas
} en este servidor, su límite: esta partida podrá empezar cuando termine alguna (responde de nuevo entonces).
ratings-changed = 📈 Puntuación de clasificación aquí: { $changes } (? mientras es provisional)
ratings-bot-note = 🤖 Los resultados contra el bot no cambian la puntuación de clasificación de las personas: solo se mueve la del nivel del bot.
game-over-hint = 🎞️ `/repeticion partida:{ $number }` muestra toda la partida; `/exportar partida:{ $number }` te da su registro público.
error-undo-nothing = No hay ninguna jugada que deshacer.
error-undo-not-yours = La última jugada no es tuya: solo quien la hizo puede pedir deshacerla.
error-undo-revealed = Esa jugada reveló algo (una carta, una ficha o un druida oculto): no se puede deshacer.
error-undo-event = Es una partida de torneo: una jugada no se puede deshacer una vez que la han visto los demás.
error-undo-not-asked = Solo { $player } decide sobre esta petición.
error-game-not-over = Esta partida aún se está jugando.
button-rematch = Revancha

## Tiempo: plazos, recordatorios, avisos, ajustes
cmd-play-days = dias
cmd-play-days-desc = Días que tiene cada jugador por jugada (3 por defecto)
choice-days-1 = 1 día por jugada
choice-days-2 = 2 días por jugada
choice-days-3 = 3 días por jugada
choice-days-5 = 5 días por jugada
choice-days-7 = 7 días por jugada
choice-days-14 = 14 días por jugada
cmd-play-bank = banco
cmd-play-bank-desc = Un banco de días en vez de días por jugada: con cuántos empieza cada jugador
choice-bank-1 = 1 día para empezar
choice-bank-2 = 2 días para empezar
choice-bank-3 = 3 días para empezar
choice-bank-5 = 5 días para empezar
choice-bank-7 = 7 días para empezar
choice-bank-14 = 14 días para empezar
choice-bank-21 = 21 días para empezar
choice-bank-30 = 30 días para empezar
cmd-play-increment = incremento
cmd-play-increment-desc = Días que se suman al banco de un jugador tras cada jugada suya (con banco)
choice-increment-1 = +1 día por jugada
choice-increment-2 = +2 días por jugada
choice-increment-3 = +3 días por jugada
choice-increment-5 = +5 días por jugada
choice-increment-7 = +7 días por jugada
cmd-play-cap = tope
cmd-play-cap-desc = Los días que un banco puede tener como mucho (con banco; por defecto, los del inicio)
choice-cap-3 = como mucho 3 días
choice-cap-5 = como mucho 5 días
choice-cap-7 = como mucho 7 días
choice-cap-10 = como mucho 10 días
choice-cap-14 = como mucho 14 días
choice-cap-21 = como mucho 21 días
choice-cap-30 = como mucho 30 días
choice-cap-60 = como mucho 60 días
cmd-play-weekends = findes
cmd-play-weekends-desc = True: ningún reloj corre sábados ni domingos en la zona horaria del jugador
error-bank-needed = Un incremento o un tope van con un banco: elige también banco.
error-cap-below-bank = El tope de un banco no puede ser menor que el propio banco: elige un tope mayor, o ninguno.
turn-time-left = ⏱️ Tiempo restante: { $clocks }.
turn-weekends-off = Sin reloj los fines de semana.
clock-left = { $days } d { $hours } h
clock-of = { $name } { $left }
cmd-play-level = nivel
cmd-play-level-desc = Cuánto sabe el bot (por defecto: normal)
choice-level-easy = Fácil: un principiante le puede ganar
choice-level-normal = Normal: juega la mejor jugada que ve
choice-level-hard = Difícil: piensa por adelantado (hasta 2 segundos por jugada)
cmd-play-bots = bots
cmd-play-bots-desc = Asientos para el bot, además del que ocupa si lo nombras como rival
choice-bots-1 = 1 asiento más para el bot
choice-bots-2 = 2 asientos más para el bot
choice-bots-3 = 3 asientos más para el bot
choice-bots-4 = 4 asientos más para el bot
level-easy = fácil
level-normal = normal
level-hard = difícil
bot-name = { $name } · { $level }
bot-game-opening = 🤖 Preparando { $game } contra el bot…
bot-table-opening = 🤖 El bot juega a { $game } contra sí mismo: míralo en el hilo.
error-bot-cannot-play = El bot no juega a este juego.
error-level-without-bot = El nivel es del bot: elígeme como rival (o indica bots) para jugar contra la máquina.
turn-deadline = ⏳ Plazo { $deadline }.
reminder = ⏰ { $mention }, un recordatorio: tu turno en esta partida de { $game } está esperando.
dm-your-turn = 🎲 Te toca en { $game } contra { $opponents }: { $link }
dm-reminder = ⏰ Tu turno en { $game } contra { $opponents } sigue esperando: { $place }
# Reminders a player chose before their deadline (/notify before:), the heads-up (/notify next:)
reminder-before = ⏰ { $mention }, tu turno en esta partida de { $game } está esperando: tu tiempo se acaba { $deadline }.
dm-reminder-before = ⏰ Tu turno en { $game } contra { $opponents } está esperando: tu tiempo se acaba { $deadline }. { $place }
dm-heads-up = ⏭️ Te toca después en { $game } contra { $opponents }: ahora juega { $player }. { $place }
dm-game-stranded = ⏸️ Tu partida de { $game } contra { $opponents } está en espera: su sitio en el servidor ya no existe y Tablero no puede publicar en ningún otro canal de allí. Seguirá donde se quedó en cuanto Tablero pueda volver a publicar en un canal de ese servidor.
digest-title = 📰 Tu resumen diario: { $count ->
    [one] una partida espera tu jugada.
   *[other] { $count } partidas esperan tu jugada.
}
digest-row = • **{ $game }** contra { $opponents }: { $link }
digest-row-deadline = • **{ $game }** contra { $opponents }: { $link } ⏳ { $deadline }
digest-more = { $count ->
    [one] … y una más (todas: /partidas).
   *[other] … y { $count } más (todas: /partidas).
}
deadline-passed = ⌛ A **{ $player }** se le acabó el tiempo para esta jugada. { $others } puede reclamar la victoria con /reclamar, o seguir esperando.
deadline-passed-skip = ⌛ A **{ $player }** se le acabó el tiempo para esta jugada. { $others } pueden votar saltar el turno con /saltar, o seguir esperando.
deadline-passed-hold = ⌛ A **{ $player }** se le acabó el tiempo para esta jugada. { $others } pueden votar saltar el turno con /saltar, hacer que el bot ocupe el asiento hasta que { $player } vuelva (el botón de abajo, o /ocupar-asiento para elegir su nivel), o seguir esperando.
hold-seat-button = 🤖 El bot ocupa el asiento
seat-held = 🤖 El bot ocupa ahora el asiento de **{ $player }**, con nivel { $level }, hasta que { $player } vuelva (con una jugada propia en su turno, o con /recuperar-asiento). El resultado de este asiento no contará para el ranking.
seat-taken-back = 🙋 **{ $player }** recupera su asiento: el bot ya no juega por { $player }.
dm-seat-held = 🤖 Se te acabó el tiempo en { $game } contra { $opponents }: el bot ocupa ahora tu asiento (nivel { $level }) para que la partida siga. Recupéralo con /recuperar-asiento o con una jugada en tu turno: { $place }
hold-seat-done = 🤖 El bot ocupa ahora el asiento de { $player }, con nivel { $level }. Se avisa a todos en el hilo de la partida.
takeback-seat-done = 🙋 Tu asiento vuelve a ser tuyo: su próximo turno lo juegas tú.
error-hold-level = El bot juega en fácil, normal o difícil.
error-hold-not-here = El bot solo ocupa asientos en mesas de Islas de tres o más, cuando a un jugador se le acabó el tiempo.
error-hold-already = El bot ya ocupa el asiento de { $player }.
error-takeback-not-held = El bot no ocupa tu asiento: no hay nada que recuperar.
result-timeout = ⌛ A **{ $loser }** se le acabó el tiempo: gana **{ $winner }**.
cmd-claim = reclamar
cmd-claim-desc = Reclama la victoria cuando a tu rival se le acabó el tiempo para jugar
error-claim-own-turn = Es tu propio turno: no hay nada que reclamar.
error-claim-no-deadline = Esta partida no tiene límite de tiempo.
error-claim-bot = Le toca al bot: el bot no tiene reloj, está eligiendo su jugada.
error-claim-too-early = Tu rival aún tiene tiempo: el plazo termina { $deadline }.
claim-done = ⌛ Ganas por tiempo: { $loser } no jugó antes del plazo. El resultado está publicado en { $place }.
error-claim-multiplayer = En esta mesa no se puede reclamar la victoria por tiempo: vota saltar el turno con /saltar.
cmd-notify = avisos
cmd-notify-desc = Cómo se te avisa de tus partidas: mensajes directos, recordatorios, un resumen diario
cmd-notify-on = activar
cmd-notify-on-desc = True para recibir mensajes directos, False para dejar de recibirlos
notify-on = 🔔 Recibirás un mensaje directo cuando te toque.
notify-off = 🔕 No recibirás mensajes directos sobre tus turnos.
cmd-notify-before = antes
cmd-notify-before-desc = Recordatorios antes de un plazo, p. ej. 24h 4h 1h, 24,4,1 o 90m (como mucho 5), u off
cmd-notify-digest = resumen
cmd-notify-digest-desc = Un mensaje directo diario con tus partidas, a esta hora de tu zona horaria
cmd-notify-next = siguiente
cmd-notify-next-desc = True: que se te avise cuando tu turno sea el siguiente, en mesas de tres o más
choice-digest-off = Off: sin resumen
choice-digest-0 = 00:00
choice-digest-1 = 01:00
choice-digest-2 = 02:00
choice-digest-3 = 03:00
choice-digest-4 = 04:00
choice-digest-5 = 05:00
choice-digest-6 = 06:00
choice-digest-7 = 07:00
choice-digest-8 = 08:00
choice-digest-9 = 09:00
choice-digest-10 = 10:00
choice-digest-11 = 11:00
choice-digest-12 = 12:00
choice-digest-13 = 13:00
choice-digest-14 = 14:00
choice-digest-15 = 15:00
choice-digest-16 = 16:00
choice-digest-17 = 17:00
choice-digest-18 = 18:00
choice-digest-19 = 19:00
choice-digest-20 = 20:00
choice-digest-21 = 21:00
choice-digest-22 = 22:00
choice-digest-23 = 23:00
person-zone = 🌍 Tu zona horaria: { $zone } (allí ahora: { $time }).
person-zone-unset = 🌍 Tu zona horaria: { $zone } (allí ahora: { $time }); elige la tuya con /ajustes personales.
person-quiet = 🌙 Horas de silencio: { $start }–{ $end } ({ $zone }).
person-quiet-off = 🌙 Sin horas de silencio.
person-before = ⏰ Recordatorios antes de un plazo: { $spans } antes.
person-before-off = ⏰ Sin recordatorios antes de un plazo.
person-digest = 📰 Un resumen diario de tus partidas a las { $time } ({ $zone }).
person-digest-off = 📰 Sin resumen diario.
person-next-on = ⏭️ En mesas de tres o más, se te avisa cuando tu turno es el siguiente.
person-next-off = ⏭️ Sin aviso cuando tu turno es el siguiente.
error-before-format = “{ $text }” no es una lista de tiempos antes de un plazo: escribe horas o minutos como 24h 4h 1h, 24,4,1 o 90m, u off.
error-before-range = “{ $text }” no está entre 15 minutos y 14 días: un recordatorio llega ese tiempo antes de un plazo.
error-before-count = Como mucho { $count } recordatorios antes de un plazo.
cmd-away = ausencia
cmd-away-desc = Para los relojes de todas tus partidas unos días (0: ya has vuelto)
cmd-away-days = dias
cmd-away-days-desc = Días de ausencia, hasta 14 seguidos y 30 al año (0 la termina)
away-started = 🏖️ Estás ausente hasta { $until }: sin avisos, y ningún plazo corre para ti mientras tanto. Jugar en cualquier partida, o /ausencia dias:0, la termina antes.
away-back = 👋 Bienvenido de vuelta: tus relojes vuelven a correr.
away-not-away = No estabas ausente.
error-away-too-long = Es más de lo que puedes ausentarte: como mucho 14 días seguidos y 30 en un año; te { $count ->
    [one] queda un día
   *[other] quedan { $count } días
}.
cmd-privacy = privacidad
cmd-privacy-desc = Muestra tu clasificación y tus partidas en todos los servidores, o solo donde juegas
cmd-privacy-public = publico
cmd-privacy-public-desc = True: clasificación global y perfil en todos los servidores; False: cada servidor ve lo suyo
privacy-public = 🌍 Ahora apareces en las clasificaciones globales, y todos los servidores pueden ver tu perfil y tus partidas.
privacy-private = 🔒 Ahora cada servidor ve solo las partidas jugadas en él, y sales de las clasificaciones globales.
cmd-forget-me = olvidame
cmd-forget-me-desc = Borra tu clasificación y tus ajustes, y tu nombre de las partidas guardadas
forget-confirm = ⚠️ Esto borra tus puntuaciones de clasificación, su historial y tus ajustes, y cambia tu nombre por «exjugador» en todas las partidas guardadas (las partidas y los resultados de los demás se quedan). Los hilos de las partidas que llevan tu nombre se renombran; los mensajes ya publicados en ellos no cambian. No se puede deshacer.
button-forget-me = Olvídame
forget-done = Hecho: te hemos olvidado. { $count ->
    [one] Una partida guardada dice ahora «exjugador» en tu asiento.
   *[other] { $count } partidas guardadas dicen ahora «exjugador» en tu asiento.
}
forget-threads-left = { $count ->
    [one] Un hilo sigue mostrando tu nombre: Discord no dejó que el bot lo renombrara ({ $places }). Pide a la moderación del servidor que lo renombre o lo borre.
   *[other] { $count } hilos siguen mostrando tu nombre: Discord no dejó que el bot los renombrara ({ $places }). Pide a la moderación de los servidores que los renombre o los borre.
}
former-player = exjugador
error-forget-not-yours = Solo quien pidió ser olvidado puede confirmarlo.
error-forget-playing = Todavía juegas { $count ->
    [one] una partida: { $places }. Termínala o ríndete antes.
   *[other] { $count } partidas: { $places }. Termínalas o ríndete antes.
}
error-forget-challenges = Tienes { $count ->
    [one] un reto abierto: cancélalo o recházalo, o deja que caduque antes.
   *[other] { $count } retos abiertos: cancélalos o recházalos, o deja que caduquen antes.
}
cmd-leaderboard = clasificacion
cmd-leaderboard-desc = La clasificación de un juego en este servidor (o en todos)
cmd-leaderboard-game = juego
cmd-leaderboard-game-desc = El juego cuya clasificación quieres ver
cmd-leaderboard-scope = ambito
cmd-leaderboard-scope-desc = Este servidor (por defecto) o todos los servidores
cmd-leaderboard-season = temporada
cmd-leaderboard-season-desc = La clasificación de una temporada: su número en este servidor (ver /temporada ver)
choice-scope-server = Este servidor
choice-scope-global = Todos los servidores (quienes eligieron aparecer)
choice-season = Temporada { $number } · { $running ->
    [yes] en curso
   *[no] terminada
}
leaderboard-title = 🏆 { $game } — { $scope ->
    [global] todos los servidores
    [season] temporada { $number }
   *[server] este servidor
}
leaderboard-row = { $me ->
    [yes] **#{ $place } { $player } — { $rating }** · { $count ->
        [one] 1 partida
       *[other] { $count } partidas
    } ⬅️
   *[no] **#{ $place }** { $player } — { $rating } · { $count ->
        [one] 1 partida
       *[other] { $count } partidas
    }
}
rating-value = { $value }{ $provisional ->
    [yes] ?
   *[no] {""}
}
leaderboard-empty = Aquí nadie tiene puntuación de clasificación en este juego todavía: una partida cuenta cuando dos personas la terminan.
leaderboard-empty-global = Nadie tiene aún puntuación de clasificación en este juego: una partida cuenta cuando dos personas la terminan.
leaderboard-empty-season = Aún no hay nadie en la clasificación de esta temporada en este juego: una partida puntuada cuenta cuando dos personas la terminan durante la temporada.
leaderboard-empty-hidden = Hay jugadores con puntuación de clasificación en este juego, pero ninguno la ha hecho pública aún: esta lista solo muestra a quienes activan `/privacidad publico:True`.
leaderboard-you-hidden = No estás en la clasificación global: /privacidad te pone en ella.
leaderboard-you-unrated = Todavía no tienes puntuación de clasificación en este juego aquí.
leaderboard-footer = Página { $page } de { $pages } · ? = provisional (primeras 10 partidas)
button-page-previous = ◀ Anterior
button-page-next = Siguiente ▶
error-page-gone = Esta lista ya no sirve: vuelve a pedirla.
cmd-profile = perfil
cmd-profile-desc = Clasificación, resultados y últimas partidas de un jugador
cmd-profile-user = usuario
cmd-profile-user-desc = De quién es el perfil (por defecto: el tuyo)
cmd-profile-vs = contra
cmd-profile-vs-desc = Añade los resultados contra este jugador
profile-title = { $player } — perfil
profile-scope = { $where ->
    [everywhere] 🌍 Partidas de todos los servidores; puntuaciones de clasificación globales.
   *[server] 🏠 Partidas y puntuaciones de clasificación de este servidor.
}
profile-last-games = **Últimas partidas**
profile-no-games = Todavía no hay partidas terminadas.
profile-unrated = Sin puntuación de clasificación todavía (una partida puntúa cuando juegan dos personas)
profile-rating = Puntuación de clasificación **{ $rating }**
profile-trend = ({ $change } en { $count ->
    [one] la última partida
   *[other] las últimas { $count } partidas
})
profile-record = { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}: { $wins ->
    [one] 1 ganada
   *[other] { $wins } ganadas
}, { $draws ->
    [one] 1 empatada
   *[other] { $draws } empatadas
}, { $losses ->
    [one] 1 perdida
   *[other] { $losses } perdidas
} ({ $rate } % ganadas)
profile-streak = Racha de victorias: { $streak } (mejor: { $best })
profile-vs-title = Contra { $player }
profile-vs-row = { $game }: { $wins ->
    [one] 1 ganada
   *[other] { $wins } ganadas
}, { $draws ->
    [one] 1 empatada
   *[other] { $draws } empatadas
}, { $losses ->
    [one] 1 perdida
   *[other] { $losses } perdidas
}
profile-vs-none = Aquí no hay partidas terminadas entre los dos.
profile-chart-line = { $game } de { $start } a { $now } en { $count ->
    [one] 1 partida
   *[other] { $count } partidas
}
profile-chart-alt = Gráfico de la puntuación de clasificación de { $player } a lo largo del tiempo: { $series }.
error-profile-bot = El bot no tiene perfil: sus niveles tienen puntuación de clasificación en /clasificacion.
error-profile-vs-self = Elige a otra persona para comparar.
error-profile-private = Las partidas de este jugador solo se muestran en los servidores donde juega.
cmd-history = historial
cmd-history-desc = Partidas terminadas de un jugador, de la más reciente a la más antigua (solo tú lo ves)
cmd-history-user = usuario
cmd-history-user-desc = De quién son las partidas (por defecto: tuyas)
cmd-history-game = juego
cmd-history-game-desc = Solo este juego
history-title = { $player }: { $game ->
    [all] partidas terminadas
   *[other] partidas de { $game }
}
history-row = { $result ->
    [win] ✅ Ganada
    [draw] 🤝 Empate
    [resigned] 🏳️ Abandonada
    [timeout] ⌛ Perdida por tiempo
   *[loss] ❌ Perdida
} · **{ $game }** contra { $opponents } · { $date } · { $link }
history-none = Todavía no hay partidas terminadas.
history-footer = Página { $page } de { $pages } · { $count ->
    [one] 1 partida
   *[other] { $count } partidas
} · { $where ->
    [everywhere] todos los servidores
   *[server] este servidor
}
cmd-stats = estadisticas
cmd-stats-desc = Cómo se juega un juego en este servidor
cmd-stats-game = juego
cmd-stats-game-desc = El juego cuyas estadísticas quieres ver
stats-title = 📊 { $game } en este servidor
stats-no-games = Aquí todavía no hay partidas terminadas ({ $active } en curso).
stats-games = **Partidas:** { $count ->
    [one] 1 terminada
   *[other] { $count } terminadas
}, { $active } en curso
stats-first-seat = **Quien empieza:** gana el { $rate } % ({ $wins } de { $count }), { $draws ->
    [one] 1 empate
   *[other] { $draws } empates
}
stats-length = **Duración media:** { $moves ->
    [one] 1 jugada
   *[other] { $moves } jugadas
}, { $unit ->
    [hours] { $length ->
        [one] { $length } hora
       *[other] { $length } horas
    }
   *[days] { $length ->
        [one] { $length } día
       *[other] { $length } días
    }
}
stats-player = { $player } ({ $count })
stats-most-active = **Más activos:** { $players }
cmd-settings = ajustes
cmd-settings-desc = Tus propios ajustes, y cómo se juega en este servidor
cmd-settings-server = servidor
cmd-settings-server-desc = Cómo se juega en este servidor (lo cambian sus administradores)
error-settings-server-only = Son ajustes de un servidor: usa este comando en ese servidor.
cmd-settings-me = personales
cmd-settings-me-desc = Tu zona horaria y tus horas de silencio (sin opciones: las muestra)
cmd-settings-timezone = zona_horaria
cmd-settings-timezone-desc = Tu zona horaria: escribe una ciudad o región y elígela en la lista
cmd-settings-quiet-from = silencio-desde
cmd-settings-quiet-from-desc = Empiezan tus horas de silencio, en tu hora, como HH:MM (24 horas), u off
cmd-settings-quiet-to = silencio-hasta
cmd-settings-quiet-to-desc = Terminan tus horas de silencio, en tu hora, como HH:MM (24 horas), u off
error-unknown-timezone = Tablero no conoce la zona horaria “{ $zone }”: escribe una ciudad o región y elige una de la lista (como Europe/Madrid).
error-quiet-time = “{ $text }” no es una hora del día: escríbela como HH:MM, en 24 horas (como 22:30), u off.
error-quiet-both = Indica los dos extremos de tus horas de silencio (silencio-desde y silencio-hasta), u off para quitarlas.
error-quiet-same = Las horas de silencio empiezan y terminan a horas distintas.
cmd-settings-reminder = horas_aviso
cmd-settings-reminder-desc = Horas sin jugar antes de un recordatorio (24 por defecto)
cmd-settings-channel = canal
cmd-settings-channel-desc = El canal donde las partidas abren sus hilos
cmd-settings-threads = hilos
cmd-settings-threads-desc = Un hilo por partida (True) o jugar en el canal (False)
cmd-settings-mod-role = rol_moderador
cmd-settings-mod-role-desc = Un rol cuyos miembros también moderan las partidas (además de quienes gestionan el servidor)
cmd-settings-max-challenges = max_retos
cmd-settings-max-challenges-desc = Retos abiertos que un miembro puede tener a la vez (3 por defecto)
cmd-settings-max-games = max_partidas
cmd-settings-max-games-desc = Partidas que un miembro puede jugar a la vez en este servidor (20 por defecto)
settings-same-channel = el canal del reto
error-settings-manager = Solo quien tiene el permiso Gestionar servidor puede cambiar estos ajustes.
settings-moderation = Moderan quienes gestionan el servidor y el rol { $role }. Cada miembro puede tener { $challenges ->
    [one] un reto abierto
   *[other] { $challenges } retos abiertos
} y jugar { $games ->
    [one] una partida
   *[other] { $games } partidas
} a la vez.
settings-now = Ajustes de este servidor: recordatorio tras { $hours } h sin jugar; las partidas se juegan en { $place }; { $threads ->
    [yes] un hilo por partida.
   *[no] sin hilos.
}
games-more = { $count ->
    [one] … y una más
   *[other] … y { $count } más
}
games-deadline = ⏳ { $deadline }
games-time-left = ⏱️ { $clocks }
cmd-skip = saltar
cmd-skip-desc = Vota saltar el turno de un jugador sin tiempo (3 o más jugadores)
cmd-hold-seat = ocupar-asiento
cmd-hold-seat-desc = Que el bot ocupe el asiento de un jugador sin tiempo (Islas, 3 o más jugadores)
cmd-hold-seat-level-desc = Cuánto sabe el bot al jugar el asiento (por defecto: normal)
cmd-takeback-seat = recuperar-asiento
cmd-takeback-seat-desc = Recupera tu asiento del bot que lo ocupa
skip-done = ⏭️ Tu voto lo decidió: se salta el turno de { $player }. El siguiente turno se publica en { $place }.
skip-counted = Tu voto cuenta: { $votes } de los { $needed } necesarios para saltar este turno.
error-skip-two-players = En esta mesa no hay votación: reclama la victoria con /reclamar.
error-table-move = Un turno solo se salta por votación de los demás jugadores (/saltar), cuando se acabó su tiempo.

## /revision: el análisis de una partida terminada (issue 24)
cmd-review = revision
cmd-review-desc = El análisis del bot de una partida terminada: la probabilidad de cada jugador y sus momentos clave
cmd-review-mine = mia
cmd-review-mine-desc = Tu propio análisis, con lo que sabía tu asiento (tus cartas, tus druidas), solo para ti
review-posted = 🔎 Análisis de { $game } #{ $number }: { $players }. La probabilidad de ganar de cada jugador tras cada turno, tal como la juzgaría cualquiera que mirase, y los turnos que más les costaron.
review-mine-posted = 🔎 Tu análisis de { $game } #{ $number } ({ $players }), con lo que sabía tu asiento: solo lo ves tú.
review-unavailable = Los análisis no están disponibles en este bot.
review-not-a-player = No jugaste la partida #{ $number }: no hay un análisis tuyo que dar. Pide el de todos sin mia.
review-axis = turno
review-chart-alt = La probabilidad de ganar de cada jugador tras cada turno. { $story }
review-story-lead = { $name } iba en cabeza desde el turno { $turn }.
review-story-change = { $name } tomó la delantera en el turno { $turn }.
review-story-drop = La jugada más cara: { $move } de { $name } en el turno { $turn }, del { $before } % al { $after } %.
review-standing = { $name } { $chance } %
review-story-end = Al final: { $standing }.
review-played = Jugada: { $move } ({ $chance } %)
review-preferred = Bot: { $move } ({ $chance } %)
review-moment-title = Turno { $turn } · { $name }: { $before } % → { $after } %
review-moment = Turno { $turn }: { $name } jugó { $move }; su probabilidad cayó del { $before } % al { $after } % hasta su siguiente turno.
review-moment-better = El bot habría jugado { $move }: { $chance } % justo después, frente al { $played } % tras la jugada hecha.
review-moment-no-better = El bot no ve aquí una jugada mejor.
replay-key-moment = momento clave
cmd-settings-reviews = analisis
cmd-settings-reviews-desc = Publicar el análisis del bot de cada partida terminada en este servidor en su hilo (por defecto: no)
settings-reviews = Análisis de partidas terminadas: { $on ->
    [yes] se publican en el hilo de cada partida.
   *[no] solo cuando se piden (/revision).
}
