"""The statistics screen (pygame): the results, the ratings and the puzzle record."""
