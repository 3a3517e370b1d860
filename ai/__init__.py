"""Search, evaluation, transposition table and the engine thread. Never imports pygame."""
