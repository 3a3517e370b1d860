"""Exact solving: the analyzer every exact question goes to (:mod:`.analysis`), the opening book
(:mod:`.book`), the solver's shared part (:mod:`.base`), its two cores (the pure-Python :mod:`.python_core`
and the compiled :mod:`.compiled_core`, built from ``c4core/``) and which core is used (:mod:`.choice`)."""
