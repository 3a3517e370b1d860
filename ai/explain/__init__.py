"""Why a position is worth what it is: reasons a player can follow, each proven before anyone sees it.

The window's door: :func:`ai.explain.explainer.explain_position` and
:func:`~ai.explain.explainer.explain_move` (on the engine's thread: the solver may search) return an
:class:`~ai.explain.explainer.Explanation`, the proven claims of :mod:`ai.claims`; pass
:func:`ai.explain.plan.find_plan` to have plans among them. (The window may import these modules: add them
to tests/test_layers.py's public modules when it does.)

- :mod:`ai.claims` and :mod:`ai.plans` (outside this package, below :mod:`ai.messages`, which carries them to
  the window): the claims, typed (what each asserts, exactly), and what a plan is;
- :mod:`.board`, :mod:`.tactics`, :mod:`.parity`: the finders (threats, tactics, odd/even threats, zugzwang);
- :mod:`.plan`: Allis's rules (Claimeven, Baseinverse, Vertical, Aftereven, Lowinverse, Highinverse,
  Baseclaim, Before, Specialbefore) combined into a plan, a strategy a person can follow, for the side that
  holds at least a draw, or a winning odd threat and a cover of the rest;
- :mod:`.checks`, :mod:`.replay`, :mod:`.values`: the proofs, sharing no code with the finders (the game's
  rules, the exact solver, a plan played against the opponent's replies);
- :mod:`.explainer`: finders and checks together, within a deadline;
- :mod:`.words`, :mod:`.export`: the command line's text and JSON; :mod:`.themes`: puzzle themes.

Everything here returns typed claims, never prose: the window's words turn them into text in every language.
Never imports pygame.
"""
