"""The bundle's program, frozen by PyInstaller (``ponder.spec``): the installed game's ``ponder`` command.

It imports ``main`` from the environment that builds the bundle, where the game is installed as a player's
wheel would be (with its compiled core and its data files), not from the checkout.
"""

from main import run

run()
