"""The engine: everything that decides a move or a value, for any game of the protocol in :mod:`game`.

- :mod:`.heuristic`: iterative-deepening alpha-beta with its evaluation and transposition table, the levels'
  search;
- :mod:`.exact`: the exact Connect Four solver (pure-Python and compiled cores), the opening book, and the
  analyzer every exact question goes to;
- :mod:`.play`: the play levels, the thinker that spends a move's time between search and solver, and the
  review of a game;
- :mod:`.rating`: the levels' ladder, a player's rating and the strength a game shows;
- :mod:`.puzzles`: the shipped Connect Four puzzles;
- :mod:`.capabilities`: what the window may ask without a search (cores, threads, the solver's core, which
  reviews are exact): the window's one door into the engine's parts;
- :mod:`.engine` (with :mod:`.messages`): the engine thread that thinks, ponders and reviews on request, the
  one thread that lives beside the window (the analyzer's helper threads start and end within one call);
- :mod:`.explain`: why a position is worth what it is, as typed claims (:mod:`.claims`, with the plans they
  carry, :mod:`.plans`), which sit below the messages that hand them to the window;
- below them all, :mod:`.contracts` (what the parts exchange), :mod:`.score` (the one score scale),
  :mod:`.stop_flag`, :mod:`.bitlines` (line arithmetic on the bitboards) and :mod:`.move_values` (valuing
  every move of a position).

Never imports pygame.
"""
