"""Why a position is worth what it is: reasons a player can follow, each proven before anyone sees it.

- :mod:`.plan`: Allis's rules (Claimeven, Baseinverse, Vertical, Aftereven, Lowinverse, Highinverse,
  Baseclaim, Before, Specialbefore) combined into a plan, a strategy a person can follow, for the side that
  holds at least a draw, or a winning odd threat and a cover of the rest.

Everything here returns typed claims, never prose: the window's words turn them into text in every language.
Never imports pygame.
"""
