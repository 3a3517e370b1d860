# The two commands of the README: `make play` and `make test`.
# Both create .venv on first use (or when the build files or the compiled core's source changed) and install the
# project into it; the install compiles the optional solver core where a C compiler is found.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ARGS   ?=

.PHONY: play test sanitize bench screenshots clean

$(STAMP): pyproject.toml setup.py $(wildcard ai/exact/c4core/*.c ai/exact/c4core/*.h)
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10) and "Python 3.10+ is needed, found " + sys.version.split()[0])'
	$(PYTHON) -m venv $(VENV)
	@# pygame-ce installs as `pygame`: a venv made when the game used pygame itself must lose it first.
	@if $(PY) -m pip show --quiet pygame 2>/dev/null; then \
		$(PY) -m pip uninstall --quiet --yes pygame pygame-ce; fi
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

play: $(STAMP)
	$(PY) main.py $(ARGS)

test: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/mypy
	@# One worker a core (pytest-xdist), each taking whole test files, so that a module's expensive fixtures
	@# (the walk of the opening book, the X display) are made once. (Not loadgroup: its xdist_group marks are
	@# lost under pytest 9, which no longer reads the node ids that pytest-xdist 3.8 rewrites.)
	$(PY) -m pytest -n auto --dist loadfile

# The compiled core under AddressSanitizer and UndefinedBehaviorSanitizer (CI runs it; needs gcc).
sanitize: $(STAMP)
	bash tools/sanitize.sh $(PY)

screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/screenshots.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache ai/exact/*.so
