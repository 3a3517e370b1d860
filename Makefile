# The two commands of the README: `make play` and `make test`; `make bundle` for the standalone folder.
# Both create .venv on first use (or when the build files or the compiled core's source changed) and install the
# project into it; the install compiles the optional solver core where a C compiler is found.

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
ARGS   ?=
# The standalone bundle: built in a venv of its own, so that .venv (and `make test`) never carry PyInstaller.
BUNDLE_VENV  := .venv-bundle
BUNDLE_STAMP := $(BUNDLE_VENV)/.installed
BUNDLE_OUT   ?= dist

.PHONY: play test bundle sanitize bench screenshots translations clean

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

$(BUNDLE_STAMP): pyproject.toml
	$(PYTHON) -m venv $(BUNDLE_VENV)
	$(BUNDLE_VENV)/bin/python -m pip install --quiet --disable-pip-version-check '.[bundle]'
	@touch $(BUNDLE_STAMP)

# $(BUNDLE_OUT)/ponder/: the game, Python and its libraries in one folder that runs without Python
# (tools/bundle/ponder.spec). The game is installed afresh each time, from a fresh build folder (setuptools'
# build/ would keep a module deleted since), so the bundle holds the checkout as it is, as its wheel would.
bundle: $(BUNDLE_STAMP)
	rm -rf build
	$(BUNDLE_VENV)/bin/python -m pip install --quiet --disable-pip-version-check --no-deps --force-reinstall .
	$(BUNDLE_VENV)/bin/pyinstaller --noconfirm --log-level WARN --distpath $(BUNDLE_OUT) \
		--workpath build/pyinstaller tools/bundle/ponder.spec

# The compiled core under AddressSanitizer and UndefinedBehaviorSanitizer (CI runs it; needs gcc).
sanitize: $(STAMP)
	bash tools/sanitize.sh $(PY)

# The translations: the template assets/locale/ponder.pot extracted from the code, each language's .po brought
# up to it, and the .mo files the game reads compiled from them (tools/translations.py; Babel, of the test extra).
translations: $(STAMP)
	$(PY) tools/translations.py

# The README's and docs/screenshots.md's pictures, then three screens in each translated language.
screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/screenshots.py
	for code in $$($(PY) -c "from game.language import LANGUAGES, SOURCE_LANGUAGE; print(*(c for c in LANGUAGES if c != SOURCE_LANGUAGE))"); do SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/screenshots.py --language $$code; done

clean:
	rm -rf $(VENV) $(BUNDLE_VENV) build dist *.egg-info .pytest_cache ai/exact/*.so
