"""The rules of the games: the protocol every game speaks (:mod:`.protocol`), the k-in-a-row bitboards
(:mod:`.kinarow`), Connect Four and Tic-tac-toe, the one registry of games and their variants
(:mod:`.catalog`), the two names of a cell, the board's and the grid's (:mod:`.cells`), how numbers typed by
people are read (:mod:`.numerals`), what the rules refuse as kinds with arguments (:mod:`.problems`: the rules
return types, never text), and the language of every text (:mod:`.language`, gettext, for the words package;
the catalogs are handed in by the program's start). Imports nothing of ours besides :mod:`game`, and nothing
of pygame."""

from game.connect4 import ConnectFour
from game.protocol import Game, IllegalMove, Outcome
from game.tictactoe import TicTacToe

__all__ = ["ConnectFour", "Game", "IllegalMove", "Outcome", "TicTacToe"]
