"""The start screen (pygame): choosing the game, the mode, the level and the players."""
