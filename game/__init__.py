"""The rules of the games: the protocol every game speaks (:mod:`.protocol`), the k-in-a-row bitboards
(:mod:`.kinarow`), Connect Four and Tic-tac-toe, the one registry of games and their variants
(:mod:`.catalog`), and how numbers typed by people are read (:mod:`.numerals`). Imports nothing of ours and
nothing of pygame."""

from game.connect4 import ConnectFour
from game.protocol import Game, IllegalMove, Outcome
from game.tictactoe import TicTacToe

__all__ = ["ConnectFour", "Game", "IllegalMove", "Outcome", "TicTacToe"]
