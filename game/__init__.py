"""The rules of the games: boards, moves, wins and draws. Imports nothing of ours and nothing of pygame."""

from game.connect4 import ConnectFour
from game.protocol import Game, IllegalMove, Outcome
from game.tictactoe import TicTacToe

__all__ = ["ConnectFour", "Game", "IllegalMove", "Outcome", "TicTacToe"]
