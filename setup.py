"""Build script for the optional compiled core (everything else is declared in pyproject.toml).

``ai.exact._c4core`` is the exact solver's hot loop in C, in ``ai/exact/c4core/`` by concern (see its
``search.h``). It is optional: where no C compiler (or no Python headers) is found, the build skips it, the
install still succeeds, and the game runs on the pure-Python solver.
"""

import sys

from setuptools import Extension, setup

if sys.platform == "win32":
    compile_args = ["/O2"]
else:
    compile_args = ["-O3", "-std=c99", "-Wall", "-Wextra", "-Wno-missing-field-initializers"]

CORE = "ai/exact/c4core"

setup(
    ext_modules=[
        Extension(
            "ai.exact._c4core",
            sources=[f"{CORE}/{name}.c" for name in ("search", "table", "book", "arguments", "module")],
            depends=[
                f"{CORE}/{name}.h"
                for name in ("settings", "platform", "search", "position", "table", "book", "arguments")
            ],
            extra_compile_args=compile_args,
            optional=True,
        ),
    ]
)
