"""The heuristic search: iterative-deepening alpha-beta (:mod:`.search`) with its evaluation
(:mod:`.evaluate`) and transposition table (:mod:`.table`), and the textbook algorithms it is checked against
(:mod:`.textbook`). Works on any game of the protocol."""
