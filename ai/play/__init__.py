"""Playing: the levels (:mod:`.levels`), the thinker that spends a move's time between the heuristic search
and the exact solver (:mod:`.thinker`), and the review of a game (:mod:`.review`)."""
