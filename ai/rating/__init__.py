"""Ratings on one Elo scale: the levels' ladder measured from games between them, a player's rating updated
game by game, and the strength a game's moves show (the intrinsic rating). No pygame, no files but the
ladder's."""
