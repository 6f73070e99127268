## Tres en raya (un juego de las pruebas): sus mensajes en español; ../en tiene las mismas claves.
ttt-title = Tres en raya
cmd-play-tictactoe = tresenraya
cmd-play-tictactoe-desc = Reta a alguien al tres en raya (2 jugadores)
ttt-option-goal = objetivo
ttt-option-goal-desc = Qué pasa con tres en raya
ttt-goal-win = Tres en raya gana
ttt-goal-lose = Tres en raya pierde
rules-tictactoe = Por turnos, marca una casilla de la cuadrícula de 3×3: `/mover 5` marca el centro. Tres en raya gana.
ttt-marked = { $player } marcó la casilla { $value }.
ttt-won = **{ $winner }** gana.
ttt-draw = Empate: la cuadrícula está llena.
ttt-prompt = ¿Qué casilla?
ttt-square-taken = La casilla { $value } está ocupada.
ttt-alt = Tres en raya, { $placed ->
    [one] 1 marca
   *[other] { $placed } marcas
}. { $finished ->
    [yes] La partida ha terminado.
   *[no] Le toca a { $next }.
}
