"""The command line, the program's other way in besides the window: the window's options
(:mod:`.play_arguments`) and the tools ``analyze``, ``move``, ``review``, ``rate`` and ``puzzles``
(:mod:`.tools`), their arguments, input and output. No pygame here: ``--help`` and the tools never open a
window. It sits above :mod:`ai` and :mod:`ui.state` (whose play options it fills in) and beside the screens.
"""
